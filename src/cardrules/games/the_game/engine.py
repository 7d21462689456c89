"""The play of The Game: dealing, the legal moves, and applying a move.

``legal_moves`` and ``apply`` are the hot path of every bot, so they are written for speed: moves
are shared instances, states are built positionally, and nothing is re-validated that the engine
itself guarantees. ``apply`` still checks the move it is given, cheaply, and explains a refusal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cardrules.errors import ArgumentError, IllegalMoveError, RulesError
from cardrules.games.the_game.cards import CARDS, FIRE_CARDS, PILE_NAMES, ROW_CARDS, TRICK
from cardrules.games.the_game.moves import _PLAYS, END_TURN, EndTurn, Move, Play
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import PLAYING, State

__all__ = ["apply", "current_player", "is_terminal", "legal_moves", "new_game"]

_NO_FIRE = (-1, -1, -1, -1)
_SORTED_CARDS = list(CARDS)


def new_game(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    deck: Iterable[int] | None = None,
    first_player: int = 0,
) -> State:
    """Deal a new game: shuffled from ``seed``, or in the explicit order ``deck``.

    ``deck`` is a permutation of 2..99: seat 0 takes the first ``hand_size`` cards, seat 1 the next,
    and the draw pile is the rest, drawn from the front. With neither ``seed`` nor ``deck`` the deal
    is random (and cannot be replayed). ``first_player`` is the seat that starts.

    >>> state = new_game(Rules(players=2), seed=7)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.draw_pile)
    (7, 7, 84)
    >>> new_game(Rules(players=2), seed=7) == state
    True
    """
    if rules is None:
        rules = Rules()
    elif type(rules) is not Rules:
        raise RulesError(f"new_game() takes The Game's Rules, not {type(rules).__name__}")
    players = rules.players
    if type(first_player) is not int or not 0 <= first_player < players:
        raise RulesError(f"first_player is a seat from 0 to {players - 1}, not {first_player!r}")
    if deck is not None:
        if seed is not None:
            raise RulesError("give a seed or a deck, not both")
        order = _check_deck(deck)
    else:
        if seed is not None and (type(seed) is not int):
            raise RulesError(f"a seed is a whole number, not {seed!r}")
        order = list(CARDS)
        (random.Random() if seed is None else random.Random(seed)).shuffle(order)
    size = rules.hand_size
    hands = tuple(tuple(sorted(order[i * size:(i + 1) * size])) for i in range(players))
    return State(
        rules,
        ((1,), (1,), (100,), (100,)),
        hands,
        tuple(order[players * size:]),
        first_player,
        0,
        0,
        _NO_FIRE,
        PLAYING,
    )


def _check_deck(deck: Iterable[int]) -> list[int]:
    try:
        order = list(deck)
    except TypeError:
        raise RulesError("a deck is a sequence of the cards 2..99") from None
    if any(type(card) is not int for card in order) or sorted(order) != _SORTED_CARDS:
        missing = sorted(set(CARDS) - {c for c in order if type(c) is int})
        extra = sorted({c for c in order if c not in CARDS or order.count(c) > 1}, key=str)
        raise RulesError(
            "a deck must hold each card from 2 to 99 exactly once"
            + (f"; missing {missing[:5]}" if missing else "")
            + (f"; wrong or repeated {extra[:5]}" if extra else "")
        )
    return order


def current_player(state: State) -> int | None:
    """The seat on turn, or ``None`` once the game is over.

    >>> current_player(new_game(Rules(players=3), seed=1, first_player=2))
    2
    """
    _check_state(state)
    return state.current if state.status == PLAYING else None


def is_terminal(state: State) -> bool:
    """Whether the game is over (won or lost).

    >>> is_terminal(new_game(Rules(), seed=1))
    False
    """
    _check_state(state)
    return state.status != PLAYING


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move: each ``Play`` by card then pile, then ``EndTurn`` once the minimum is laid.

    Moves that lose the game are never pruned. Empty iff the game is over.

    >>> state = new_game(Rules(players=1), seed=1)
    >>> EndTurn() in legal_moves(state)
    False
    >>> len(legal_moves(state))  # 8 cards, each fits both piles of its direction and more
    32
    """
    if state.__class__ is not State:
        _check_state(state)
    if state.status != PLAYING:
        return ()
    piles = state.piles
    a, b, c, d = piles[0][-1], piles[1][-1], piles[2][-1], piles[3][-1]
    a10, b10, c10, d10 = a - TRICK, b - TRICK, c + TRICK, d + TRICK
    moves: list[Move] = []
    append = moves.append
    for card in state.hands[state.current]:
        row = _PLAYS[card]
        if card > a or card == a10:
            append(row[0])
        if card > b or card == b10:
            append(row[1])
        if card < c or card == c10:
            append(row[2])
        if card < d or card == d10:
            append(row[3])
    if state.laid >= (state.rules.minimum if state.draw_pile else 1):
        append(END_TURN)
    return tuple(moves)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is unchanged.

    Raises :class:`~cardrules.errors.IllegalMoveError` with the reason when ``move`` is not legal.

    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> state.hands[0]
    (2, 3, 4, 5, 6, 7, 8, 9)
    >>> str(apply(state, Play(2, 0)).piles[0])
    '(1, 2)'
    >>> apply(state, EndTurn())
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMoveError: illegal move end turn: lay at least 2 cards this turn first ...
    """
    if state.__class__ is not State:
        _check_state(state)
    kind = move.__class__
    if kind is Play:
        return _play(state, move)  # type: ignore[arg-type]
    if kind is EndTurn:
        return _end_turn(state)
    raise IllegalMoveError(move, f"{type(move).__name__} is not a move of The Game")


def _play(state: State, move: Play) -> State:
    card = move.card
    pile = move.pile
    cur = state.current
    hand = state.hands[cur]
    piles = state.piles
    top = piles[pile][-1]
    if state.status != PLAYING or card not in hand or not (
        (card > top or card == top - TRICK) if pile < 2 else (card < top or card == top + TRICK)
    ):
        raise IllegalMoveError(move, why_illegal(state, move) or "not legal here")
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1:]
    hands = state.hands
    hands = (*hands[:cur], hand, *hands[cur + 1:])
    if pile == 0:
        piles = (piles[0] + (card,), piles[1], piles[2], piles[3])
    elif pile == 1:
        piles = (piles[0], piles[1] + (card,), piles[2], piles[3])
    elif pile == 2:
        piles = (piles[0], piles[1], piles[2] + (card,), piles[3])
    else:
        piles = (piles[0], piles[1], piles[2], piles[3] + (card,))
    fire_due = state.fire_due
    if state.rules.on_fire:
        due = state.turn + 1 if card in FIRE_CARDS else -1
        if fire_due[pile] != due:
            fire = list(fire_due)
            fire[pile] = due
            fire_due = (fire[0], fire[1], fire[2], fire[3])
    laid = state.laid + 1
    draw_pile = state.draw_pile
    status = PLAYING
    if not hand and not draw_pile and not any(hands):
        status = "won"
    elif laid < (state.rules.minimum if draw_pile else 1) and not _can_lay(hand, piles):
        status = "stuck"
    return State(state.rules, piles, hands, draw_pile, cur, laid, state.turn, fire_due, status)


def _end_turn(state: State) -> State:
    rules = state.rules
    draw_pile = state.draw_pile
    if state.status != PLAYING or state.laid < (rules.minimum if draw_pile else 1):
        raise IllegalMoveError(END_TURN, why_illegal(state, END_TURN) or "not legal here")
    turn = state.turn
    cur = state.current
    hands = state.hands
    if rules.on_fire and turn in state.fire_due:
        return State(rules, state.piles, hands, draw_pile, cur, state.laid, turn, state.fire_due,
                     "burned")
    missing = rules.hand_size - len(hands[cur])
    if missing and draw_pile:
        hand = tuple(sorted(hands[cur] + draw_pile[:missing]))
        draw_pile = draw_pile[missing:]
        hands = (*hands[:cur], hand, *hands[cur + 1:])
    players = rules.players
    nxt = (cur + 1) % players
    while not hands[nxt]:
        # A player with an empty hand is skipped; someone still holds cards, or the game was won.
        nxt = (nxt + 1) % players
    status = PLAYING if _can_lay(hands[nxt], state.piles) else "stuck"
    return State(rules, state.piles, hands, draw_pile, nxt, 0, turn + 1, state.fire_due, status)


def _can_lay(hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> bool:
    a, b, c, d = piles[0][-1], piles[1][-1], piles[2][-1], piles[3][-1]
    low = a if a < b else b
    high = c if c > d else d
    for card in hand:
        if card > low or card < high or card == a - TRICK or card == b - TRICK \
                or card == c + TRICK or card == d + TRICK:
            return True
    return False


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` may not be made in ``state``, in a player's words; ``None`` if it is legal.

    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> why_illegal(state, Play(50, 0))
    "50 is not in seat 0's hand"
    >>> why_illegal(state, Play(2, 0)) is None
    True
    """
    _check_state(state)
    if state.status != PLAYING:
        return "the game is over"
    minimum = state.minimum
    if isinstance(move, EndTurn):
        if state.laid < minimum:
            return f"lay at least {minimum} cards this turn first ({state.laid} laid so far)"
        return None
    if not isinstance(move, Play):
        return f"{type(move).__name__} is not a move of The Game"
    card, pile = move.card, move.pile
    if card not in state.hands[state.current]:
        return f"{card} is not in seat {state.current}'s hand"
    top = state.piles[pile][-1]
    name = PILE_NAMES[pile]
    if pile < 2 and not (card > top or card == top - TRICK):
        if top == ROW_CARDS[pile]:
            return f"{card} cannot go on {name}"
        return f"{card} cannot go on {name} showing {top}: it must be higher, or exactly {top - TRICK}"
    if pile >= 2 and not (card < top or card == top + TRICK):
        if top == ROW_CARDS[pile]:
            return f"{card} cannot go on {name}"
        return f"{card} cannot go on {name} showing {top}: it must be lower, or exactly {top + TRICK}"
    return None


def _check_state(state: object) -> None:
    if type(state) is not State:
        raise ArgumentError(f"expected a state of The Game, not {type(state).__name__}")
