"""Moves as text, and card names in English, Spanish or French.

The moves read as ``drive 100``, ``stop -> side 1``, ``roll``, ``discard 75``, ``coup fourre``,
``extend`` and ``decline``.
"""

from __future__ import annotations

import re
import unicodedata

from cardrules.arguments import check_instance, check_text
from cardrules.errors import IllegalMoveError, NotationError
from cardrules.games.mille_bornes.cards import KIND, NAMES, Card, CardKind
from cardrules.games.mille_bornes.legality import illegal_reason, legal_moves, refusal
from cardrules.games.mille_bornes.moves import (
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    Discard,
    Move,
    Play,
    card_word,
)
from cardrules.games.mille_bornes.reasons import reason
from cardrules.games.mille_bornes.state import State
from cardrules.i18n import Phrase, Wording

__all__ = ["parse_move"]


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[_\-'’]", " ", text).split())


_CARD_WORDS: dict[str, Card] = {}
for _each in Card:
    _CARD_WORDS[_plain(card_word(_each))] = _each
    _CARD_WORDS[_plain(_each.name)] = _each
    for _names in NAMES.values():
        _CARD_WORDS.setdefault(_plain(_names[_each]), _each)
_CARD_WORDS.update({"green light": Card.ROLL, "red light": Card.STOP, "go": Card.ROLL})

# The cards as a player may type them: the notation's words, or the names in Spanish or French.
_ALL_CARDS = Phrase(*(", ".join(card_word(c) if lang == "en" else NAMES[lang][c] for c in Card)
                      for lang in ("en", "es", "fr")))

_WORDS: dict[str, Move] = {
    "coup fourre": COUP_FOURRE, "cf": COUP_FOURRE, "extend": EXTEND, "extension": EXTEND,
    "decline": DECLINE, "no": DECLINE, "pass": DECLINE,
}
_TARGET = re.compile(r"^(.*?)\s*(?:->|>|on|at|to)?\s*(?:side|s)\s*(\d+)$")


def parse_move(state: State, text: str) -> Move:
    """The legal move written as ``text`` (as ``str(move)`` prints it, or a looser form).

    Accepted: ``drive 100`` or ``100``; a card's name (``roll``, ``end of limit``, ``Semáforo
    verde``); a hazard with its target, ``stop -> side 1`` (the side may be left out when only one
    can be attacked); ``discard <card>``; ``coup fourre``; ``extend``; ``decline``. Unreadable text
    raises :class:`~cardrules.errors.NotationError`; a move that is not legal now raises
    :class:`~cardrules.errors.IllegalMoveError` with the reason (for a hazard written without its
    side, the reason of each side it cannot go on, or why the seat cannot play it at all); both carry
    the reason as a :class:`~cardrules.i18n.Wording` too. Anything but a text of at most
    ``cardrules.arguments.MAX_TEXT_CHARS`` characters raises :class:`~cardrules.errors.ArgumentError`.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), seed=1)
    >>> parse_move(state, "roll"), parse_move(state, "discard 75")
    (Play(card=<Card.ROLL: 14>, side=None), Discard(card=<Card.D75: 2>))
    """
    check_instance(state, State, "a state of Mille Bornes")
    words = _plain(check_text(text))
    if words in _WORDS:
        return _legal(state, _WORDS[words])
    if words.startswith("discard "):
        return _legal(state, Discard(_card(text, words[len("discard "):])))
    if words.startswith("drive "):
        words = words[len("drive "):]
    side: int | None = None
    target = _TARGET.match(words)
    if target is not None and target.group(1):
        words, side = target.group(1), int(target.group(2))
    card = _card(text, words)
    if KIND[card] is CardKind.HAZARD and side is None:
        return _some_side(state, text, card)
    if side is not None and not 0 <= side < state.rules.sides:
        raise _unreadable(text, reason("no_such_side", side=side))
    return _legal(state, Play(card, side))


# The reasons that belong to one side's tableau: a hazard with no side named may still fit another.
_SIDE_REASONS = frozenset(("protected", "already_limited", "already_wrong_way", "already_suffers",
                           "not_started", "not_moving"))


def _some_side(state: State, text: str, card: Card) -> Move:
    """The one side a hazard written without its side can go on; otherwise why not, or which sides."""
    options = [move for move in legal_moves(state) if isinstance(move, Play) and move.card is card]
    if len(options) == 1:
        return options[0]
    if options:
        raise _unreadable(text, reason("say_which_side", moves=", ".join(str(m) for m in options)))
    rules = state.rules
    own = rules.side_of(state.table.current)
    tries = [Play(card, side) for side in range(rules.sides) if side != own]
    reasons = [illegal_reason(state, move) for move in tries]
    if any(why is None or why.code not in _SIDE_REASONS for why in reasons):
        # Not a question of sides (the card is not in hand, a coup fourré is waiting...): that reason.
        raise refusal(state, tries[0])
    why = Wording.listed("each_side", [why for why in reasons if why is not None])
    named = Phrase(card_word(card), NAMES["es"][card], NAMES["fr"][card])
    wording = reason("no_side_takes", card=named, why=why)
    raise IllegalMoveError(tries[0], str(wording), wording=wording)


def _unreadable(text: str, wording: Wording) -> NotationError:
    return NotationError(text, str(wording), wording=wording)


def _card(text: str, words: str) -> Card:
    card = _CARD_WORDS.get(words.strip())
    if card is None:
        raise _unreadable(text, reason("unknown_card", word=repr(words.strip()), cards=_ALL_CARDS))
    return card


def _legal(state: State, move: Move) -> Move:
    if illegal_reason(state, move) is not None:
        raise refusal(state, move)
    return move
