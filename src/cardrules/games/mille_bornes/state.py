"""The records of a Mille Bornes game: the public table, the full state, a seat's observation.

The public :class:`Table`, the full :class:`State` (the table plus the hidden cards) and a seat's
:class:`Observation` (the table plus its own hand).

Every seat sees the same :class:`Table`: a state and each of its observations share one table
object, so observing a state copies nothing. The hot path builds tables and states with
:func:`make_table` and :func:`make_state`, which take the fields in the order the docstrings give.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal, TypeAlias

import attrs

from cardrules._slots import slot_setters
from cardrules.arguments import check_instance
from cardrules.contract import GameObservation, GameState
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.moves import Move
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import HandScore, Result
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = [
    "PHASES",
    "Match",
    "Observation",
    "Phase",
    "State",
    "Table",
    "Window",
    "cards",
    "make_state",
    "make_table",
    "rules_of",
    "unseen_counts",
    "vouch_for_state",
]

Phase: TypeAlias = Literal["play", "coup_fourre", "extension", "over"]
"""Which kind of decision is pending (The Game's ``Status`` says instead how a game stands: a Mille
Bornes hand has no such state, it is won on the score sheet). What the seat on turn decides:
``play`` (play or discard a card, having drawn), ``coup_fourre`` (call a coup fourré or decline),
``extension`` (extend the race or decline); ``over``: the game has ended."""

PHASES: tuple[Phase, ...] = ("play", "coup_fourre", "extension", "over")
"""Every :data:`Phase`, in that order."""


@attrs.frozen
class Match:
    """The public record of the match around the hand being played.

    ``hand_number`` counts from 0; ``dealer`` is the seat right of the hand's first player;
    ``totals`` are each side's points from finished hands; ``history`` their score sheets, one
    per finished hand. (The seed that deals later hands is hidden: it is ``State.seed``.)
    """

    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[HandScore, ...]


@attrs.frozen
class Window:
    """An open coup fourré window: ``attacker`` played ``hazard`` on side ``side``; the seat on turn
    holds the matching safety and decides; ``waiting`` are further holders still to be asked (only
    with a deck that has several copies of a safety)."""

    attacker: int
    hazard: Card
    side: int
    waiting: tuple[int, ...]


@attrs.frozen
class Table:
    """What every seat sees. Fields, in constructor order:

    - ``tableaux``: one :class:`~cardrules.games.mille_bornes.tableau.Tableau` per side.
    - ``discard_pile``: face up, the last card on top.
    - ``hand_sizes``: the number of cards in each seat's hand; ``draw_pile_size``: in the draw pile.
    - ``current``: the seat that decides (when the game is over: the seat that moved last).
    - ``phase``: see :data:`Phase`; ``window``: the open coup fourré window, if any.
    - ``target``: the race's length now (``Rules.race``, or ``Rules.extension_to`` once extended).
    - ``extended_by``: the side that called the extension, if any.
    - ``revealed``: per seat, cards the whole table knows it holds (a coup fourré window asks
      only a holder of the safety, which tells everyone).
    - ``reshuffles``: discard-pile reshuffles so far this hand.
    - ``match``: the match so far (see :class:`Match`).
    """

    tableaux: tuple[Tableau, ...]
    discard_pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    current: int
    phase: Phase
    window: Window | None
    target: int
    extended_by: int | None
    revealed: tuple[tuple[Card, ...], ...]
    reshuffles: int
    match: Match


@attrs.frozen
class State(GameState["State", Move, "Observation", Result]):
    """Everything about a Mille Bornes game: the public table and the hidden cards.

    Fields, in constructor order: ``rules``; ``table`` (see :class:`Table`); ``hands``, each
    seat's hand, sorted (the seat on turn has already drawn); ``draw_pile``, face down, the next
    card first; ``seed``, the match seed that deals the later hands and orders the reshuffles.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), seed=1)
    >>> state.table.hand_sizes, state.table.draw_pile_size == len(state.draw_pile)
    ((7, 6), True)
    """

    rules: Rules
    table: Table
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    seed: int
    _trusted: bool = attrs.field(default=False, init=False, eq=False, repr=False)
    """Vouched for by the library (see :mod:`cardrules._trust`): never in JSON, ``==`` or ``repr``."""


@attrs.frozen(kw_only=True)
class Observation(GameObservation[State]):
    """The game as ``seat`` sees it: the ``table`` every seat sees and its own ``hand``.

    That is everything the seat knows: the cards played are on the table (the tableaux and the
    discard pile), and the cards a coup fourré window revealed are in ``table.revealed``.

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe
    >>> observation = observe(new_game(Rules(), seed=1), 1)
    >>> observation.side, len(observation.hand), len(observation.unseen())
    (1, 6, 95)
    """

    rules: Rules
    seat: int
    table: Table
    hand: tuple[Card, ...]
    _trusted: bool = attrs.field(default=False, init=False, eq=False, repr=False)
    """Vouched for by the library (see :mod:`cardrules._trust`): never in JSON, ``==`` or ``repr``."""

    @property
    def side(self) -> int:
        """The observer's side."""
        return self.rules.side_of(self.seat)

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see (the other hands and the draw pile), sorted, each copy
        once: the same kind of value as ``deck(rules)``. Wrap it in ``collections.Counter`` for
        the count of each card."""
        return tuple(sorted(unseen_counts(self).elements()))


def unseen_counts(observation: Observation) -> Counter[Card]:
    """How many of each card ``observation``'s seat cannot see: ``Counter(observation.unseen())``,
    without listing and sorting the cards (``ExpertBot`` asks for it at every decision).

    >>> from cardrules.games.mille_bornes import Card, Rules, new_game, observe
    >>> observation = observe(new_game(Rules(), seed=1), 1)
    >>> unseen_counts(observation) == Counter(observation.unseen())
    True
    """
    counts = observation.rules.composition()
    for card in observation.hand:
        counts[card] -= 1
    table = observation.table
    for card in table.discard_pile:
        counts[card] -= 1
    for tableau in table.tableaux:
        for card in tableau.cards():
            counts[card] -= 1
    return Counter({card: count for card, count in counts.items() if count > 0})


# attrs' __init__ of a frozen class sets each field with object.__setattr__(self, name, value), which
# looks the slot up by name; a step of play builds a Table and a State, and filling their slots
# through the slot descriptors directly makes that about a third cheaper. The results are the same
# values (tests/mille_bornes/test_records.py holds the two constructors to that).
_new = object.__new__
(_tableaux, _discard_pile, _hand_sizes, _draw_pile_size, _current, _phase, _window, _target,
 _extended_by, _revealed, _reshuffles, _match) = slot_setters(
    Table, "tableaux", "discard_pile", "hand_sizes", "draw_pile_size", "current", "phase", "window",
    "target", "extended_by", "revealed", "reshuffles", "match")
_rules, _table, _hands, _draw_pile, _seed, vouch_for_state = slot_setters(
    State, "rules", "table", "hands", "draw_pile", "seed", "_trusted")
"""``vouch_for_state(state, True)`` marks a state the library vouches for (see cardrules._trust)."""


def make_table(
    tableaux: tuple[Tableau, ...],
    discard_pile: tuple[Card, ...],
    hand_sizes: tuple[int, ...],
    draw_pile_size: int,
    current: int,
    phase: Phase,
    window: Window | None,
    target: int,
    extended_by: int | None,
    revealed: tuple[tuple[Card, ...], ...],
    reshuffles: int,
    match: Match,
) -> Table:
    """``Table(...)`` with the same arguments, built faster (for the hot path)."""
    table: Table = _new(Table)
    _tableaux(table, tableaux)
    _discard_pile(table, discard_pile)
    _hand_sizes(table, hand_sizes)
    _draw_pile_size(table, draw_pile_size)
    _current(table, current)
    _phase(table, phase)
    _window(table, window)
    _target(table, target)
    _extended_by(table, extended_by)
    _revealed(table, revealed)
    _reshuffles(table, reshuffles)
    _match(table, match)
    return table


def make_state(
    rules: Rules, table: Table, hands: tuple[tuple[Card, ...], ...], draw_pile: tuple[Card, ...],
    seed: int,
) -> State:
    """``State(...)`` with the same arguments, built faster (for the hot path), but for its
    ``_trusted`` mark (see cardrules._trust), left for the verb that hands the state out to set
    (``apply``, ``new_game``, ``determinize``): one slot less to fill at every move."""
    state: State = _new(State)
    _rules(state, rules)
    _table(state, table)
    _hands(state, hands)
    _draw_pile(state, draw_pile)
    _seed(state, seed)
    return state


def cards(state: State) -> Iterable[Card]:
    """Every card ``state`` holds, anywhere: always ``deck(state.rules)`` rearranged.

    >>> from cardrules.games.mille_bornes import Rules, deck, new_game
    >>> state = new_game(Rules(), seed=1)
    >>> sorted(cards(state)) == list(deck(state.rules))
    True
    """
    table = check_instance(state, State, "a state of Mille Bornes").table
    held = [*state.draw_pile, *table.discard_pile]
    for hand in state.hands:
        held.extend(hand)
    for tableau in table.tableaux:
        held.extend(tableau.cards())
    return held


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> rules_of(new_game(Rules(players=3), seed=1)).players
    3
    """
    return check_instance(state, State, "a state of Mille Bornes").rules
