"""Who may see what, checked on every frame of whole games of both games played through the server.

Every seat and a spectator hold a socket each, in different languages, and play a whole game (a
hand of Mille Bornes 2 players and 2x2, The Game 2 and 3 players). Then every frame each socket
received is compared with the full state of its moment (from the stored record): a seat's frame
is drawn from that seat's observation only, holds no other seat's hand and not the next cards of
the draw pile, tells it only of the cards it drew itself; a spectator's holds no hand at all.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

import cardrules
from cardrules import registry, svg
from cardrules.i18n import Lang
from cardrules.run.simulator import simulator_of
from cardrules.session import Session
from tests.server.helpers import TABLE_KEYS, Frame, hello, next_of, open_room, server, take_seat

LANGS: tuple[Lang, ...] = ("en", "fr", "es", "fr")
"""The language of each seat's socket (the spectator's is English)."""


def _play(body: dict[str, Any], seed: int) -> tuple[list[list[Frame]], list[Frame], Any]:
    """A whole game through the server, each seat choosing at random among its choices: the frames
    each seat's socket received, the spectator's, and the stored record."""
    rng = random.Random(seed)
    with server() as client:
        room = open_room(client, **body, seed=seed)
        players = len(room["seats"])
        tokens = [take_seat(client, room["id"], seat, f"P{seat}") for seat in range(players)]
        url = f"/ws/v1/rooms/{room['id']}"
        with client.websocket_connect(url) as watcher:
            sockets = [client.websocket_connect(url).__enter__() for _ in range(players)]
            try:
                frames: list[list[Frame]] = [[hello(sockets[seat], tokens[seat], LANGS[seat])[1]]
                                             for seat in range(players)]
                watched = [hello(watcher, None)[1]]
                while not watched[-1]["over"]:
                    seat = watched[-1]["to_move"]
                    choices = frames[seat][-1]["choices"]
                    sockets[seat].send_json({"type": "move", "index": rng.randrange(len(choices))})
                    for ws, seen in zip(sockets, frames, strict=True):
                        seen.append(next_of(ws, "table", seen))
                    watched.append(next_of(watcher, "table", watched))
            finally:
                for ws in sockets:
                    ws.__exit__(None, None, None)
        text = client.get(f"/api/v1/rooms/{room['id']}/record").text
    record = cardrules.from_json(text, cardrules.GameRecord)
    return frames, watched, record


def _hand_texts(record: Any, state: Any, lang: Lang, seen_by: int | None) -> list[str]:
    """What the full state's text shows of the hands that ``seen_by`` (``None``: a spectator) may
    not see: each such hand's list of cards, when it has 3 cards or more (shorter lists could
    appear by chance)."""
    full = cardrules.render(state, lang=lang).splitlines()
    shown = set(Session(record, state).public_text(lang).splitlines())
    if seen_by is not None:
        shown |= set(cardrules.render(cardrules.observe(state, seen_by), lang=lang)
                     .replace(" (you)", "").replace(" (vous)", "").replace(" (tú)", "").splitlines())
    texts = []
    for line in full:
        if line in shown or ": " not in line:
            continue
        cards = line.rsplit(": ", 1)[1]
        if len(cards.split(", ")) >= 3 or re.fullmatch(r"\d+( \d+){2,}", cards):
            texts.append(cards)
    return texts


def _shows(text: str, cards: str) -> bool:
    """Whether ``text`` holds the list ``cards`` as a whole (not as a part of a longer list, which
    would be another hand that happens to hold the same cards and more)."""
    whole = r"(?<![\w])(?<!, )(?<!\d )" + re.escape(cards) + r"(?![\w])(?!,)(?! \d)"
    return re.search(whole, text) is not None


def _next_draws(state: Any, lang: Lang) -> list[str]:
    """The next cards of the draw pile (from either end) as a hand lists them."""
    pile = tuple(state.draw_pile)
    if len(pile) < 3:
        return []
    words = simulator_of(registry.get(state.rules.__module__.split(".")[2].replace("_", "-"))).card_words
    name = (lambda card: words(card, lang)) if words is not None else str
    return [separator.join(name(card) for card in cards)
            for cards in (pile[:3], pile[-3:], pile[:3][::-1], pile[-3:][::-1]) for separator in (" ", ", ")]


def _check_seat(frames: list[Frame], seat: int, lang: Lang, states: list[Any], record: Any) -> None:
    game = registry.get(record.game)
    for frame in frames:
        if frame["type"] != "table":
            assert frame["type"] == "room", frame
            continue
        assert set(frame) == TABLE_KEYS
        state = states[frame["plies"]]
        observation = cardrules.observe(state, seat)
        assert frame["text"] == cardrules.render(observation, lang=lang)
        assert frame["svg"] == svg.draw(observation, lang=lang)
        decides = game.current_player(state) == seat
        assert [choice["notation"] for choice in frame["choices"]] == \
            ([str(move) for move in game.legal_moves(state)] if decides else [])
        everything = json.dumps(frame, ensure_ascii=False)
        for secret in _hand_texts(record, state, lang, seat) + _next_draws(state, lang):
            assert not _shows(everything, secret), f"seat {seat} sees {secret!r} at ply {frame['plies']}"
        for event in frame["events"]:
            _check_event(event, seat, states, lang, record)


def _check_event(event: Frame, seat: int | None, states: list[Any], lang: Lang, record: Any) -> None:
    before, after = states[event["ply"]], states[event["ply"] + 1]
    # The cards that were next in the draw pile before a draw are the drawer's after it: only the
    # pile's order after the event is a secret.
    secrets = _hand_texts(record, before, lang, seat) + _hand_texts(record, after, lang, seat)
    for secret in secrets + _next_draws(after, lang):
        assert not _shows(event["text"], secret), f"an event tells {secret!r} to seat {seat}"
    if event["kind"] != "drew":
        return
    assert seat is not None, "a spectator was told of cards drawn"
    drawn = Counter(after.hands[seat]) - Counter(before.hands[seat])
    assert drawn, f"seat {seat} was told of a draw at ply {event['ply']} that was not its own"
    if all(type(card) is int for card in drawn):  # The Game: the cards are their numbers
        assert set(map(int, re.findall(r"\d+", event["text"]))) <= set(after.hands[seat])


@pytest.mark.parametrize(("body", "seed"), [
    ({"game": "the-game", "players": 2}, 1),
    ({"game": "the-game", "players": 3, "rules": {"players": 3, "expert": True}}, 2),
    ({"game": "mille-bornes", "rules": {"players": 2, "target_score": None}}, 3),
    ({"game": "mille-bornes", "rules": {"players": 4, "team_size": 2, "target_score": None}}, 4),
])
def test_no_frame_of_a_whole_game_shows_a_seat_what_it_may_not_see(body: dict[str, Any], seed: int) -> None:
    frames, watched, record = _play(body, seed)
    states = list(record.states())
    assert cardrules.is_terminal(states[-1])
    assert len(states) > 10
    for seat, seen in enumerate(frames):
        _check_seat(seen, seat, LANGS[seat], states, record)
    for frame in watched:
        if frame["type"] != "table":
            continue
        state = states[frame["plies"]]
        assert frame["svg"] is None
        assert frame["choices"] == []
        assert not frame["your_turn"]
        public = Session(record, state).public_text("en")
        assert frame["text"] == public
        everything = json.dumps(frame, ensure_ascii=False)
        for secret in _hand_texts(record, state, "en", None) + _next_draws(state, "en"):
            assert not _shows(everything, secret), f"a spectator sees {secret!r} at ply {frame['plies']}"
        for event in frame["events"]:
            _check_event(event, None, states, "en", record)
