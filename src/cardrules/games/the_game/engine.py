"""The play of The Game: dealing, and applying a move.

What is legal, and why not, is in :mod:`~cardrules.games.the_game.legality`.

``apply`` is the hot path of every bot, with ``legal_moves``, so it is written for speed: records
are built slot by slot, and nothing is re-validated that the engine itself guarantees. ``apply``
still checks the move it is given, cheaply, and explains a refusal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cardrules._slots import slot_setters
from cardrules.arguments import check_deck, check_first_player, check_instance, check_seed
from cardrules.errors import RulesError
from cardrules.games.the_game.cards import CARDS, FIRE_CARDS, TRICK
from cardrules.games.the_game.legality import refusal
from cardrules.games.the_game.moves import END_TURN, EndTurn, Move, Play
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import State
from cardrules.games.the_game.table import PLAYING, Pile, Status, Table

__all__ = ["apply", "current_player", "is_terminal", "new_game"]

_NO_FIRE = (-1, -1, -1, -1)
_START_PILES: tuple[Pile, Pile, Pile, Pile] = ((1,), (1,), (100,), (100,))


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
    check_first_player(first_player, players)
    if deck is not None:
        if seed is not None:
            raise RulesError("give a seed or a deck, not both")
        order = check_deck(deck, CARDS, int, name="The Game")
    else:
        order = _shuffled_deck(check_seed(seed))
    size = rules.hand_size
    hands = tuple(tuple(sorted(order[seat * size:(seat + 1) * size])) for seat in range(players))
    draw_pile = tuple(order[players * size:])
    table = Table(
        piles=_START_PILES,
        hand_sizes=(size,) * players,
        draw_pile_size=len(draw_pile),
        current=first_player,
        laid=0,
        turn=0,
        fire_due=_NO_FIRE,
        status=PLAYING,
    )
    return _state(rules, table, hands, draw_pile, True)


# The draws of random.shuffle, written out: for each position i from the last down to 1, a
# random j in 0..i by rejection from (i + 1).bit_length() random bits.
_DRAWS = tuple((i, (i + 1).bit_length()) for i in range(len(CARDS) - 1, 0, -1))


def _shuffled_deck(seed: int | None) -> list[int]:
    """The cards shuffled exactly as ``random.Random(seed).shuffle`` shuffles them.

    Written out, it deals the same games at half the cost (``shuffle`` calls a Python function for
    every card), and the deal of a seed no longer hangs on how a later Python writes ``shuffle``.
    """
    order = list(CARDS)
    bits = random.Random(seed).getrandbits
    for i, k in _DRAWS:
        j = bits(k)
        while j > i:
            j = bits(k)
        order[i], order[j] = order[j], order[i]
    return order


def current_player(state: State) -> int | None:
    """The seat on turn, or ``None`` once the game is over.

    >>> current_player(new_game(Rules(players=3), seed=1, first_player=2))
    2
    """
    table = _check_state(state).table
    return table.current if table.status == PLAYING else None


def is_terminal(state: State) -> bool:
    """Whether the game is over (won or lost).

    >>> is_terminal(new_game(Rules(), seed=1))
    False
    """
    return _check_state(state).table.status != PLAYING


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is unchanged.

    Raises :class:`~cardrules.errors.IllegalMoveError` with the reason when ``move`` is not legal.

    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> state.hands[0]
    (2, 3, 4, 5, 6, 7, 8, 9)
    >>> apply(state, Play(2, 0)).table.piles[0]
    (1, 2)
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
    raise refusal(state, move)


# The hot path. ``_play`` and ``_end_turn`` read each field once into a local, and build the new
# records slot by slot: attrs' ``__init__`` sets each field of a frozen class through
# ``object.__setattr__``, and setting the slots through their descriptors makes a record a third
# cheaper to build. Every move builds two records (a Table and a State), and this is what keeps
# the split into table and hidden cards as fast as the flat state it replaced.

_new = object.__new__


(_set_piles, _set_hand_sizes, _set_draw_pile_size, _set_current, _set_laid, _set_turn, _set_fire_due,
 _set_status) = slot_setters(Table, "piles", "hand_sizes", "draw_pile_size", "current", "laid", "turn",
                             "fire_due", "status")
# ``_trusted`` (see cardrules._trust): a state built from a state the library vouches for is vouched
# for, and one built from a hand-made state is not, whatever moves follow.
_set_rules, _set_table, _set_hands, _set_draw_pile, _set_trusted = slot_setters(
    State, "rules", "table", "hands", "draw_pile", "_trusted")


def _table(
    piles: tuple[Pile, Pile, Pile, Pile],
    hand_sizes: tuple[int, ...],
    draw_pile_size: int,
    current: int,
    laid: int,
    turn: int,
    fire_due: tuple[int, int, int, int],
    status: Status,
) -> Table:
    """``Table(piles, ...)``, built slot by slot."""
    table = _new(Table)
    _set_piles(table, piles)
    _set_hand_sizes(table, hand_sizes)
    _set_draw_pile_size(table, draw_pile_size)
    _set_current(table, current)
    _set_laid(table, laid)
    _set_turn(table, turn)
    _set_fire_due(table, fire_due)
    _set_status(table, status)
    return table


def _state(
    rules: Rules, table: Table, hands: tuple[tuple[int, ...], ...], draw_pile: tuple[int, ...],
    trusted: bool,
) -> State:
    """``State(rules, table, hands, draw_pile)``, built slot by slot, vouched for if ``trusted``."""
    state = _new(State)
    _set_rules(state, rules)
    _set_table(state, table)
    _set_hands(state, hands)
    _set_draw_pile(state, draw_pile)
    _set_trusted(state, trusted)
    return state


def _play(state: State, move: Play) -> State:
    card = move.card
    pile = move.pile
    table = state.table
    cur = table.current
    hands = state.hands
    hand = hands[cur]
    piles = table.piles
    top = piles[pile][-1]
    try:
        i = hand.index(card)
    except ValueError:
        i = -1
    if i < 0 or table.status != PLAYING or not (
        (card > top or card == top - TRICK) if pile < 2 else (card < top or card == top + TRICK)
    ):
        raise refusal(state, move)
    remaining = list(hand)
    del remaining[i]
    hand = tuple(remaining)
    new_hands = list(hands)
    new_hands[cur] = hand
    sizes = list(table.hand_sizes)
    sizes[cur] -= 1
    if pile == 0:
        piles = (piles[0] + (card,), piles[1], piles[2], piles[3])
    elif pile == 1:
        piles = (piles[0], piles[1] + (card,), piles[2], piles[3])
    elif pile == 2:
        piles = (piles[0], piles[1], piles[2] + (card,), piles[3])
    else:
        piles = (piles[0], piles[1], piles[2], piles[3] + (card,))
    rules = state.rules
    fire_due = table.fire_due
    if rules.on_fire:
        due = table.turn + 1 if card in FIRE_CARDS else -1
        if fire_due[pile] != due:
            fire = list(fire_due)
            fire[pile] = due
            fire_due = (fire[0], fire[1], fire[2], fire[3])
    laid = table.laid + 1
    draw_pile = state.draw_pile
    status = PLAYING
    if not hand and not draw_pile and not any(sizes):
        status = "won"
    elif laid < (rules.minimum if draw_pile else 1) and not _can_lay(hand, piles):
        status = "stuck"
    # _table and _state written out, as laying a card is most steps of any game.
    after = _new(Table)
    _set_piles(after, piles)
    _set_hand_sizes(after, tuple(sizes))
    _set_draw_pile_size(after, table.draw_pile_size)
    _set_current(after, cur)
    _set_laid(after, laid)
    _set_turn(after, table.turn)
    _set_fire_due(after, fire_due)
    _set_status(after, status)
    new_state = _new(State)
    _set_rules(new_state, rules)
    _set_table(new_state, after)
    _set_hands(new_state, tuple(new_hands))
    _set_draw_pile(new_state, draw_pile)
    _set_trusted(new_state, state._trusted)
    return new_state


def _end_turn(state: State) -> State:
    rules = state.rules
    table = state.table
    draw_pile = state.draw_pile
    if table.status != PLAYING or table.laid < (rules.minimum if draw_pile else 1):
        raise refusal(state, END_TURN)
    turn = table.turn
    cur = table.current
    hands = state.hands
    sizes = table.hand_sizes
    if rules.on_fire and turn in table.fire_due:
        return _state(rules, _table(table.piles, sizes, table.draw_pile_size, cur, table.laid, turn,
                                    table.fire_due, "burned"), hands, draw_pile, state._trusted)
    missing = rules.hand_size - sizes[cur]
    if missing and draw_pile:
        new_hands = list(hands)
        new_hands[cur] = tuple(sorted(hands[cur] + draw_pile[:missing]))
        hands = tuple(new_hands)
        new_sizes = list(sizes)
        new_sizes[cur] = len(new_hands[cur])
        sizes = tuple(new_sizes)
        draw_pile = draw_pile[missing:]
    players = rules.players
    nxt = (cur + 1) % players
    while not sizes[nxt]:
        # A player with an empty hand is skipped; someone still holds cards, or the game was won.
        nxt = (nxt + 1) % players
    piles = table.piles
    status = PLAYING if _can_lay(hands[nxt], piles) else "stuck"
    return _state(rules, _table(piles, sizes, len(draw_pile), nxt, 0, turn + 1, table.fire_due, status),
                  hands, draw_pile, state._trusted)


def _can_lay(hand: tuple[int, ...], piles: tuple[Pile, ...]) -> bool:
    a, b, c, d = piles[0][-1], piles[1][-1], piles[2][-1], piles[3][-1]
    low = a if a < b else b
    high = c if c > d else d
    for card in hand:
        if card > low or card < high or card == a - TRICK or card == b - TRICK \
                or card == c + TRICK or card == d + TRICK:
            return True
    return False


def _check_state(state: object) -> State:
    return check_instance(state, State, "a state of The Game")
