"""What a socket is shown: a room's summary for the lobby, and the ``table`` frame of one seat.

A seat's table is drawn from that seat's observation alone (its picture, its text, its choices,
its question), with the session's events that seat may see; a spectator's from the session's
public text and public events. The full state is never read here, so no frame can carry another
seat's hand or the draw pile's order.
"""

from __future__ import annotations

import json

from cardrules import registry, render, svg
from cardrules.errors import CardrulesError
from cardrules.i18n import Lang
from cardrules.server.store import StoredRoom
from cardrules.server.protocol import frame
from cardrules.session import Choice, Session

__all__ = ["summary", "table"]


def summary(stored: StoredRoom) -> dict[str, object]:
    """A room as the lobby lists it: its game, its progress, and each seat's name or bot (names as
    given: a client escapes them where it shows them)."""
    try:
        title = registry.get(stored.game).title
    except CardrulesError:
        title = stored.game
    try:
        seeded = bool(json.loads(stored.config).get("seeded", False))
    except (ValueError, AttributeError):
        seeded = False
    return {"id": stored.id, "game": stored.game, "title": title, "created": stored.created,
            "plies": stored.plies, "over": stored.over, "seeded": seeded,
            "seats": [{"seat": seat.seat, "name": seat.name, "bot": seat.bot,
                       "free": seat.name is None and seat.bot is None} for seat in stored.seats]}


def _picture(observation: object, lang: Lang) -> str | None:
    try:
        return svg.draw(observation, lang=lang)
    except CardrulesError:  # a game without a picture
        return None


def table(session: Session, seat: int | None, lang: Lang, since: int) -> str:
    """The ``table`` frame for a socket of ``seat`` (``None``: a spectator) in ``lang``: what it may
    see now, and the events from ply ``since`` on."""
    if seat is None:
        picture, text, question = None, session.public_text(lang), None
        choices: tuple[Choice, ...] = ()
    else:
        observation = session.observation(seat)
        picture = _picture(observation, lang)
        text = render(observation, lang=lang)  # type: ignore[arg-type]  # an observation of the game
        choices = session.choices(seat, lang)
        question = session.question(seat, lang)
    events = session.events(seat, since=since, lang=lang)
    score = session.score_sheet(lang, seat=seat)
    return frame(
        "table", plies=session.plies, to_move=session.to_move,
        your_turn=seat is not None and session.to_move == seat, svg=picture, text=text,
        choices=[{"index": choice.index, "notation": choice.notation, "words": choice.words}
                 for choice in choices],
        question=question,
        events=[{"ply": event.ply, "kind": event.kind, "seat": event.seat, "text": event.text,
                 "notation": event.notation} for event in events],
        over=session.over, score=None if score is None else list(score))
