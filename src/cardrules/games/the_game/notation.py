"""Moves as text: ``"35 on up1"``, ``"end turn"``, and the shorter forms a player would type."""

from __future__ import annotations

import re

from cardrules.arguments import check_instance, check_text
from cardrules.errors import IllegalMoveError, NotationError
from cardrules.games.the_game.cards import PILE_NAMES
from cardrules.games.the_game.legality import illegal_reason, legal_moves, refusal
from cardrules.games.the_game.moves import END_TURN, Move, Play
from cardrules.games.the_game.reasons import reason
from cardrules.games.the_game.state import State
from cardrules.i18n import Wording

__all__ = ["parse_move"]

_PILES = {name: number for number, name in enumerate(PILE_NAMES)}
_PILES.update({str(number): number for number in range(4)})
_PILES.update({"u1": 0, "u2": 1, "d1": 2, "d2": 3, "asc1": 0, "asc2": 1, "desc1": 2, "desc2": 3})
_END = {"end", "end turn", "endturn", "end_turn", "done", "e"}
_PLAY = re.compile(r"^(?:play\s+)?(\d{1,2})(?:\s*(?:on|->|@|to)?\s*([a-z]+\d|\d))?$")


def parse_move(state: State, text: str) -> Move:
    """The legal move written as ``text``: ``"35 on up1"`` (as ``str(move)`` prints it), ``"35 up1"``,
    ``"35 0"``, or just ``"35"`` when only one pile takes 35; ``"end turn"`` or ``"end"``.

    Unreadable text raises :class:`~cardrules.errors.NotationError`; a readable move that is not
    legal here raises :class:`~cardrules.errors.IllegalMoveError` with the reason (for a card written
    without its pile and held, each pile's reason); both carry the reason as a
    :class:`~cardrules.i18n.Wording` too. Anything but a
    ``str`` of at most :data:`~cardrules.arguments.MAX_TEXT_CHARS` characters raises
    :class:`~cardrules.errors.ArgumentError`.

    >>> from cardrules.games.the_game import new_game, Rules
    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> parse_move(state, "5 on down2")
    Play(card=5, pile=3)
    >>> parse_move(state, "end")
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMoveError: illegal move end turn: lay at least 2 cards this turn first ...
    """
    check_instance(state, State, "a state of The Game")
    words = " ".join(check_text(text).lower().split())
    if words in _END:
        return _legal(state, END_TURN)
    match = _PLAY.match(words)
    if match is None:
        raise _unreadable(text, reason("write_a_move"))
    card = int(match.group(1))
    if not 2 <= card <= 99:
        raise _unreadable(text, reason("card_numbers"))
    if match.group(2) is None:
        return _some_pile(state, text, card)
    pile = _PILES.get(match.group(2))
    if pile is None:
        names = ", ".join(PILE_NAMES)
        raise _unreadable(text, reason("unknown_pile", word=repr(match.group(2)), piles=names))
    return _legal(state, Play(card, pile))


def _some_pile(state: State, text: str, card: int) -> Move:
    """The one pile a card written without its pile goes on; otherwise why none, or which ones."""
    piles = [move for move in legal_moves(state) if isinstance(move, Play) and move.card == card]
    if len(piles) == 1:
        return piles[0]
    if piles:
        names = ", ".join(PILE_NAMES[move.pile] for move in piles)
        raise _unreadable(text, reason("fits_several", card=card, piles=names))
    tries = [Play(card, pile) for pile in range(4)]
    whys = [illegal_reason(state, move) for move in tries]
    if any(why is None or why.code not in ("higher", "lower", "not_on_pile") for why in whys):
        # Not a question of piles (the card is not in hand, the game is over): that reason.
        raise refusal(state, tries[0])
    why = Wording.listed("each_pile", [why for why in whys if why is not None])
    wording = reason("fits_no_pile", card=card, why=why)
    raise IllegalMoveError(tries[0], str(wording), wording=wording)


def _unreadable(text: str, wording: Wording) -> NotationError:
    return NotationError(text, str(wording), wording=wording)


def _legal(state: State, move: Move) -> Move:
    if illegal_reason(state, move) is not None:
        raise refusal(state, move)
    return move
