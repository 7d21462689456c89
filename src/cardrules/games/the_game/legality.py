"""What is legal in The Game, and why a move is not.

It gives the legal moves of a state or of the observer on turn, and the reason for a refusal, in a
player's words and in every language.

``legal_moves`` is half the hot path of every bot (``apply`` is the other): it hands out the shared
move instances and reads the four top cards once.
"""

from __future__ import annotations

from cardrules.arguments import check_instance
from cardrules.errors import IllegalMoveError
from cardrules.games.the_game.cards import ROW_CARDS, TRICK
from cardrules.games.the_game.moves import _PLAYS, END_TURN, EndTurn, Move, Play
from cardrules.games.the_game.reasons import PILE, reason
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import Observation, State
from cardrules.games.the_game.table import PLAYING, Table
from cardrules.i18n import Wording

__all__ = ["illegal_reason", "legal_moves", "legal_moves_of", "refusal", "why_illegal"]


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move: each ``Play`` by card then pile, then ``EndTurn`` once the minimum is laid.

    Moves that lose the game are never pruned. Empty iff the game is over.

    >>> from cardrules.games.the_game import new_game
    >>> state = new_game(Rules(players=1), seed=1)
    >>> EndTurn() in legal_moves(state)
    False
    >>> len(legal_moves(state))  # 8 cards, each fits both piles of its direction and more
    32
    """
    if state.__class__ is not State:
        _check_state(state)
    table = state.table
    return _legal_moves(state.rules, table, state.hands[table.current])


def legal_moves_of(observation: Observation) -> tuple[Move, ...]:
    """The observer's legal moves when it is on turn (those of ``legal_moves`` of any state it
    observes), else ``()``: what a bot playing from its observation may do.

    >>> from cardrules.games.the_game import new_game, observe
    >>> state = new_game(Rules(players=2), seed=11)
    >>> legal_moves_of(observe(state, 0)) == legal_moves(state), legal_moves_of(observe(state, 1))
    (True, ())
    """
    if observation.__class__ is not Observation:
        check_instance(observation, Observation, "an observation of The Game")
    table = observation.table
    if table.current != observation.seat:
        return ()
    return _legal_moves(observation.rules, table, observation.hand)


def _legal_moves(rules: Rules, table: Table, hand: tuple[int, ...]) -> tuple[Move, ...]:
    """The legal moves of the seat on turn at ``table``, holding ``hand``; read from the table
    alone (it shows the draw pile's size), so a state and its observations share it."""
    if table.status != PLAYING:
        return ()
    piles = table.piles
    a, b, c, d = piles[0][-1], piles[1][-1], piles[2][-1], piles[3][-1]
    a10, b10, c10, d10 = a - TRICK, b - TRICK, c + TRICK, d + TRICK
    moves: list[Move] = []
    append = moves.append
    for card in hand:
        row = _PLAYS[card]
        if card > a or card == a10:
            append(row[0])
        if card > b or card == b10:
            append(row[1])
        if card < c or card == c10:
            append(row[2])
        if card < d or card == d10:
            append(row[3])
    if table.laid >= (rules.minimum if table.draw_pile_size else 1):
        append(END_TURN)
    return tuple(moves)


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` may not be made in ``state``, in a player's words; ``None`` if it is legal.

    >>> from cardrules.games.the_game import new_game
    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> why_illegal(state, Play(50, 0))
    "50 is not in seat 0's hand"
    >>> why_illegal(state, Play(2, 0)) is None
    True
    """
    wording = illegal_reason(state, move)
    return None if wording is None else str(wording)


def illegal_reason(state: State, move: object) -> Wording | None:
    """:func:`why_illegal`'s reason as a :class:`~cardrules.i18n.Wording`, to be written in any of the
    languages; ``None`` if ``move`` is legal.

    >>> from cardrules.games.the_game import new_game
    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> illegal_reason(state, Play(50, 0))("es")
    'el jugador 0 no tiene el 50 en la mano'
    """
    table = _check_state(state).table
    if table.status != PLAYING:
        return reason("game_over")
    minimum = state.minimum
    if isinstance(move, EndTurn):
        if table.laid < minimum:
            return reason("lay_more", minimum=minimum, laid=table.laid)
        return None
    if not isinstance(move, Play):
        return reason("not_a_move", kind=type(move).__name__)
    card, pile = move.card, move.pile
    if card not in state.hands[table.current]:
        return reason("not_in_hand", card=card, seat=table.current)
    top = table.piles[pile][-1]
    if pile < 2 and not (card > top or card == top - TRICK):
        if top == ROW_CARDS[pile]:
            return reason("not_on_pile", card=card, pile=PILE[pile])
        return reason("higher", card=card, pile=PILE[pile], top=top, back=top - TRICK)
    if pile >= 2 and not (card < top or card == top + TRICK):
        if top == ROW_CARDS[pile]:
            return reason("not_on_pile", card=card, pile=PILE[pile])
        return reason("lower", card=card, pile=PILE[pile], top=top, back=top + TRICK)
    return None


def refusal(state: State, move: object) -> IllegalMoveError:
    """The error that refuses ``move`` in ``state``, with its reason in every language."""
    wording = illegal_reason(state, move) or reason("not_legal")
    return IllegalMoveError(move, str(wording), wording=wording)


def _check_state(state: object) -> State:
    return check_instance(state, State, "a state of The Game")
