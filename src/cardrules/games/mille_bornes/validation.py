"""Checks that a Mille Bornes state, observation or score sheet read from outside could arise in play.

One validator, :func:`check_table`, checks the public :class:`~cardrules.games.mille_bornes.state.Table`
(every tableau, the decision under way, the match and its score sheets); :func:`validate_state` adds
the hidden cards and :func:`validate_observation` the observer's hand. Anything these accept can be
played on: no verb fails on it, and ``result`` of it is well defined. Every refusal is an
:class:`~cardrules.errors.InvalidStateError`, whatever the input holds (a number where a card
belongs, a side that does not exist, ...).

The checks of a table, and of the match record inside it, are remembered for the last ones checked,
by identity: tables, tableaux, matches and score sheets are frozen records made of tuples of cards
and numbers (which the checks make sure of), so one found valid under some rules stays valid under
them. Every state of a hand shares its match record, and every observation of a state its table, so
``determinize``, asked again and again by a search, checks a table once and a match once per hand;
the engine never fills this memory, so ``apply`` costs what it did.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import chain
from operator import add, attrgetter, itemgetter, le
from typing import NamedTuple, TypeVar

from cardrules.arguments import check_instance
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    KIND,
    MILES,
    SAFETIES,
    SAFETY_OF,
    Card,
    CardKind,
)
from cardrules.games.mille_bornes.flow import can_reshuffle
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import LINES, HandScore, SideScore
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import PHASES, Match, Observation, State, Table, Window
from cardrules.games.mille_bornes.tableau import Tableau, read_battle

__all__ = [
    "check_sheet",
    "check_table",
    "unknown_cards",
    "unknown_cards_unchecked",
    "unknown_numbers",
    "validate_observation",
    "validate_state",
]

_BATTLE = frozenset((*BATTLE_HAZARDS, Card.REPAIRS, Card.GASOLINE, Card.SPARE_TIRE, Card.ROLL))
_SPEED = frozenset((Card.SPEED_LIMIT, Card.END_OF_LIMIT))
_DIRECTION = frozenset((Card.WRONG_WAY, Card.END_OF_WRONG_WAY))
_SAFETY_SET = frozenset(SAFETIES)
_BATTLE_NUMBERS, _SPEED_NUMBERS, _DIRECTION_NUMBERS, _SAFETY_NUMBERS = (
    bytes(sorted(cards)) for cards in (_BATTLE, _SPEED, _DIRECTION, _SAFETY_SET))
_DISTANCES = frozenset(MILES.values())
_SIGNED_DISTANCES = _DISTANCES | {-miles for miles in _DISTANCES}
_CARD_OF_MILES = {miles: card for card, miles in MILES.items()}
_CARDS = tuple(Card)
"""Every card, by its number."""
_NUMBERS = range(len(_CARDS))
_ONLY_CARDS = frozenset((Card,))
_ONLY_INTS = frozenset((int,))
_ONLY_TUPLES = frozenset((tuple,))
_ONLY_BOOLS = frozenset((bool,))
_ONLY_FROZENSETS = frozenset((frozenset,))
_ONLY_TABLEAUX = frozenset((Tableau,))
_ONLY_SIDE_SCORES = frozenset((SideScore,))
_TABLEAU_FIELDS = attrgetter("battle", "speed", "direction", "safeties", "coups_fourres", "distance",
                             "problems", "rolling")
_TABLEAU_TYPES = (tuple, tuple, tuple, tuple, tuple, tuple, frozenset, bool)
"""The type of each of the fields :data:`_TABLEAU_FIELDS` reads."""
_LINES_OF = attrgetter(*(name for name, _ in LINES))
"""A score sheet column's lines, as ``SideScore.points`` gives them."""
_SIDE_OF = attrgetter("side")
_ROW_OF = attrgetter("side", *(name for name, _ in LINES))
"""A score sheet column's side, then its lines."""
_FIRST = itemgetter(0)
_SHEET_FIELDS = attrgetter("hand", "completed_by", "extended_by", "delayed", "miles", "sides")
_ONLY_HAND_SCORES = frozenset((HandScore,))
_INT_OR_NONE = frozenset((int, type(None)))


def validate_state(state: State) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``state`` could arise in play.

    Checked: the table (see :func:`check_table`); every card of the rules' deck exactly once;
    hands sorted, of the sizes the table shows, holding the cards the table knows they hold; the
    draw pile as long as the table shows.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> validate_state(new_game(Rules(), seed=1))
    """
    check_instance(state, State, "a state of Mille Bornes")
    rules = _rules(state.rules)
    table = state.table
    seen, fresh = _table_seen(rules, table)
    hands = state.hands
    if type(hands) is not tuple or len(hands) != rules.players:
        raise InvalidStateError(f"a {rules.players}-player game needs one hand per seat")
    draw_pile = state.draw_pile
    # One pass over every hidden card at C level; only a state that fails it is walked seat by
    # seat, which finds what is wrong (and says it as it always has).
    if not (_ONLY_TUPLES.issuperset(map(type, hands)) and type(draw_pile) is tuple
            and _ONLY_CARDS.issuperset(map(type, chain(draw_pile, *hands)))
            and tuple(map(len, hands)) == table.hand_sizes):
        _explain_hands(table, hands, draw_pile)
    # Each hand as the numbers of its cards (sorted as numbers, not as enum members: faster).
    in_hand = tuple(map(bytes, hands))
    if tuple(map(bytes, map(sorted, in_hand))) != in_hand:
        _explain_hands(table, hands, draw_pile)
    revealed = table.revealed
    if any(revealed):
        for seat, hand in enumerate(hands):
            if revealed[seat] and not _within(revealed[seat], hand):
                raise InvalidStateError(f"seat {seat} is known to hold a card it does not have")
    if len(draw_pile) != table.draw_pile_size:
        raise InvalidStateError(f"the draw pile holds {len(draw_pile)} cards, not the "
                                f"{table.draw_pile_size} the table shows")
    if type(state.seed) is not int:
        raise InvalidStateError(f"the match seed is a whole number, not {_short(state.seed)}")
    # Every card, as its number, in one bytes (all are cards, so all are numbers below 256): then
    # one C-level count per kind of the deck. As many cards as the deck, and as many of each kind
    # it holds, leave no room for a card it does not hold.
    every = b"".join((seen, bytes(draw_pile), *in_hand))
    facts = _facts(rules)
    if len(every) != facts.size or tuple(map(every.count, facts.numbers)) != facts.counts:
        if fresh:
            _check_seen(rules, seen)
        held = Counter(map(_CARDS.__getitem__, every))
        expected = facts.deck
        extra = sorted(card for card, count in held.items() if count > expected.get(card, 0))
        missing = sorted(card for card, count in expected.items() if count > held[card])
        raise InvalidStateError(
            "the state must hold the rules' deck exactly"
            + (f"; extra {[c.name for c in extra[:5]]}" if extra else "")
            + (f"; missing {[c.name for c in missing[:5]]}" if missing else "")
        )
    if fresh:
        # The deck holds every card of the state, so every card face up: the table is valid.
        _remember(_KNOWN_TABLES, table, (table, rules, seen))


def _explain_hands(table: Table, hands: tuple[object, ...], draw_pile: object) -> None:
    """Raise the error :func:`validate_state` gives for the first hand (or the draw pile) that is
    not a sorted tuple of cards of the size the table shows."""
    for seat, hand in enumerate(hands):
        hand = _check_hand(hand, f"seat {seat}'s hand")
        if len(hand) != table.hand_sizes[seat]:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards, not the "
                                    f"{table.hand_sizes[seat]} the table shows")
        if table.revealed[seat] and not _within(table.revealed[seat], hand):
            raise InvalidStateError(f"seat {seat} is known to hold a card it does not have")
    _check_cards(draw_pile, "the draw pile")


def validate_observation(observation: Observation) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``observation`` could be seen in play.

    Checked: the table (see :func:`check_table`); the observer's seat and its hand (sorted, of the
    size the table shows, holding what the table knows it holds); the cards seen and the cards
    known to be in other hands, which must all fit in the rules' deck. Any observation this accepts
    has a state behind it, which ``determinize`` deals.

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe
    >>> validate_observation(observe(new_game(Rules(), seed=1), 1))
    """
    check_instance(observation, Observation, "an observation of Mille Bornes")
    unknown_numbers(observation)


def unknown_cards(observation: Observation) -> list[Card]:
    """The cards whose place ``observation``'s seat does not know, sorted: the cards of the other
    hands and of the draw pile, less those the table knows a seat holds (``Table.revealed``).

    Raises :class:`~cardrules.errors.InvalidStateError` unless the observation could be seen (see
    :func:`validate_observation`, which is this check). ``determinize`` deals these cards.
    """
    return list(map(_CARDS.__getitem__, unknown_numbers(observation)))


def unknown_numbers(observation: Observation) -> bytes:
    """The numbers of the cards :func:`unknown_cards` returns, checked as it checks them."""
    rules = _rules(observation.rules)
    table = observation.table
    visible, fresh = _table_seen(rules, table)
    seat = observation.seat
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise InvalidStateError(f"the observer is a seat from 0 to {rules.players - 1}, "
                                f"not {_short(seat)}")
    hand = _check_hand(observation.hand, "the observer's hand")
    if len(hand) != table.hand_sizes[seat]:
        raise InvalidStateError("the observer's hand size does not match its hand")
    revealed = table.revealed
    seen = visible + bytes(hand)
    if any(revealed):
        if revealed[seat] and not _within(revealed[seat], hand):
            raise InvalidStateError("the observer is known to hold a card it does not have")
        seen += bytes(chain.from_iterable(cards for other, cards in enumerate(revealed) if other != seat))
    # As validate_state counts: every card seen, as its number, in one bytes (a superset of the
    # cards face up, which it checks at the same time).
    facts = _facts(rules)
    count = seen.count
    if not all(map(le, map(count, _NUMBERS), facts.limits)):
        if fresh:
            _check_seen(rules, visible)
        card = min(card for card, most in zip(_CARDS, facts.limits, strict=True) if count(card) > most)
        raise InvalidStateError(f"more {card.name} are seen or known to be held than the deck has")
    if fresh:
        # The deck holds every card seen, so every card face up: the table is valid.
        _remember(_KNOWN_TABLES, table, (table, rules, visible))
    return b"".join([_RUNS[card][:held - count(card)] for card, held in _deck_numbers(rules)])


def unknown_cards_unchecked(observation: Observation) -> bytes:
    """The numbers of the cards :func:`unknown_cards` returns, for an observation known to be valid
    (one the library vouches for, see :mod:`cardrules.trust`), without checking it: the deck less
    the cards face up, the observer's hand and the cards the table knows the other seats hold."""
    table = observation.table
    seat = observation.seat
    # Every card seen, as its number, in one bytes: then one C-level count per kind of the deck
    # (a Counter of the cards hashes and compares enum members, several times slower).
    seen = _visible_numbers(table.tableaux, table.discard_pile) + bytes(observation.hand)
    for other, cards in enumerate(table.revealed):
        if cards and other != seat:
            seen += bytes(cards)
    count = seen.count
    return b"".join([_RUNS[card][:held - count(card)] for card, held in _deck_numbers(observation.rules)])


def _deck_numbers(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Each card of the deck of ``rules`` (as its number) and how many the deck holds, in card
    order; remembered by the identity of the rules' deck (a tuple the rules value builds once and
    keeps, which copies of the rules share), so that rules never seen before cost no hashing."""
    deck = rules.deck_cards()
    known = _DECK_NUMBERS.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    numbers = tuple((int(card), count) for card, count in sorted(Counter(deck).items()))
    _remember(_DECK_NUMBERS, deck, (deck, numbers))
    return numbers


_RUNS = tuple(bytes((card,)) * 256 for card in range(max(Card) + 1))
"""Per card number, that number 256 times (more than any deck holds of a card)."""


def check_table(rules: Rules, table: Table) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``table`` could be seen in a game
    under ``rules``: the tableaux and piles, the card counts, the decision under way, the race,
    and the match with its score sheets."""
    _check_table(rules, table)


_KNOWN_TABLES: dict[int, tuple[Table, Rules, bytes]] = {}
"""Tables found valid, by ``id``, each with its rules and the numbers of its cards face up. An
entry holds its table, so that no other object can take the table's ``id`` while the entry is kept."""
_KNOWN_MATCHES: dict[int, tuple[Match, Rules]] = {}
"""Match records found valid (for a hand under way), by ``id``, with their rules; as above."""
_KNOWN_SHEETS: dict[int, tuple[HandScore, Rules, int, tuple[int, ...]]] = {}
"""Score sheets found valid, by ``id``, with their rules, hand number and totals; as above."""
_DECK_NUMBERS: dict[int, tuple[tuple[Card, ...], tuple[tuple[int, int], ...]]] = {}
"""The result of :func:`_deck_numbers` by the ``id`` of the deck; as above."""
_KEPT = 256
E = TypeVar("E")


def _remember(memory: dict[int, E], value: object, entry: E) -> None:
    """Keep ``entry`` for ``value`` (by ``id``; the entry holds the value), forgetting everything
    kept so far once the memory is full."""
    if len(memory) >= _KEPT:
        memory.clear()
    memory[id(value)] = entry


def _check_table(rules: Rules, table: Table) -> bytes:
    """:func:`check_table`, which also gives the numbers of the cards face up (on the tableaux and
    the discard pile, see :func:`_visible_numbers`)."""
    seen, fresh = _table_seen(rules, table)
    if fresh:
        _check_seen(rules, seen)
        _remember(_KNOWN_TABLES, table, (table, rules, seen))
    return seen


def _table_seen(rules: Rules, table: Table) -> tuple[bytes, bool]:
    """:func:`check_table` but for one check, and the numbers of the cards face up; then whether
    the table is new. A new table is not checked for more copies of a card face up than the deck
    holds: the caller makes that check (:func:`_check_seen`), or one that implies it, and
    remembers the table then. (Both validators count every card they know of, the cards face up
    among them: they save counting these twice.)"""
    known = _KNOWN_TABLES.get(id(table))
    if known is not None and known[0] is table and known[1] is rules:
        return known[2], False
    return _check_new_table(rules, table), True


def _check_seen(rules: Rules, seen: bytes) -> None:
    """Raise unless the deck of ``rules`` holds every card face up (``seen``, their numbers)."""
    facts = _facts(rules)
    if not all(map(le, map(seen.count, _NUMBERS), facts.limits)):
        deck = facts.deck
        counts = Counter(map(_CARDS.__getitem__, seen))
        extra = sorted(card for card, count in counts.items() if count > deck.get(card, 0))
        raise InvalidStateError(f"more {[c.name for c in extra[:5]]} are on the table "
                                "than the deck has")


def _check_new_table(rules: Rules, table: Table) -> bytes:
    """:func:`_table_seen` of a table not remembered."""
    if type(table) is not Table:
        raise InvalidStateError(f"a table of Mille Bornes is a Table, not {_short(table)}")
    players = rules.players
    _check_scalars(table, players)
    target = table.target
    tableaux = table.tableaux
    if type(tableaux) is not tuple or len(tableaux) != rules.sides:
        raise InvalidStateError(f"{rules.sides} sides need {rules.sides} tableaux")
    miles, visible = _check_tableaux(rules, tableaux, target, table.discard_pile)
    sizes = table.hand_sizes
    if type(sizes) is not tuple or len(sizes) != players or not _ONLY_INTS.issuperset(map(type, sizes)):
        raise InvalidStateError(f"hand_sizes lists a whole number for each of the {players} seats")
    if min(sizes) < 0 or max(sizes) > rules.hand_size:
        # Between turns a hand holds at most hand_size cards; only the seat on turn has drawn one more.
        drawn = table.current if table.phase == "play" else -1
        for seat, size in enumerate(sizes):
            most = rules.hand_size + (seat == drawn)
            if not 0 <= size <= most:
                raise InvalidStateError(f"seat {seat} holds {size} cards, not 0 to {most}")
    revealed = table.revealed
    if type(revealed) is not tuple or len(revealed) != players:
        raise InvalidStateError("revealed cards are listed per seat")
    # Nothing is known of any hand but while a coup fourré window is open: a quick look, then seat
    # by seat only if some seat has cards known (or something else than a tuple).
    if not _ONLY_TUPLES.issuperset(map(type, revealed)) or any(revealed):
        for seat, known in enumerate(revealed):
            _check_cards(known, "the cards known to be in the hand of seat", seat)
            if any(KIND[card] is not CardKind.SAFETY for card in known) or list(known) != sorted(known):
                raise InvalidStateError("only safeties are revealed, listed in card order")
            if len(known) > sizes[seat]:
                raise InvalidStateError(f"seat {seat} is known to hold more cards than it has")
    if len(visible) + sum(sizes) + table.draw_pile_size != _facts(rules).size:
        _check_seen(rules, visible)  # a card too many face up, if that is what is wrong, says which
        raise InvalidStateError("the cards on the table, in hand and in the draw pile do not add up "
                                "to the deck")
    if not 0 <= table.reshuffles <= (rules.reshuffle_limit if rules.reshuffle_discards else 0):
        raise InvalidStateError("more reshuffles than the rules allow")
    _check_race(rules, table, miles)
    _check_decision(rules, table)
    _check_match(rules, table)
    return visible


def check_sheet(sheet: HandScore, number: int, sides: int) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``sheet`` is a well-formed score
    sheet of hand ``number`` at a table of ``sides`` sides, whatever the rules: one column per side
    in side order, points and miles never negative, trip bonuses only for the side that completed
    the trip (which travelled furthest), extension points only after an extension."""
    _sheet_lines(sheet, number, sides)


def _sheet_lines(sheet: HandScore, number: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """:func:`check_sheet`, which also gives the lines of each column (``SideScore.points()``)."""
    if type(sheet) is not HandScore:
        raise InvalidStateError(f"a score sheet is a HandScore, not {_short(sheet)}")
    if type(sheet.hand) is not int or sheet.hand != number:
        raise InvalidStateError(f"{_where(number)} is numbered {_short(sheet.hand)}")
    completed, extended_by, delayed = sheet.completed_by, sheet.extended_by, sheet.delayed
    for who in (completed, extended_by):
        if who is not None and (type(who) is not int or not 0 <= who < sides):
            raise InvalidStateError(f"{_where(number)} names a side that does not exist: {_short(who)}")
    if type(delayed) is not bool:
        raise InvalidStateError(f"{_where(number)}: delayed is True or False")
    miles = sheet.miles
    if type(miles) is not tuple or len(miles) != sides or not _ints(miles) or min(miles) < 0:
        raise InvalidStateError(f"{_where(number)} needs a distance of 0 or more miles for each of "
                                f"{sides} sides")
    columns = sheet.sides
    if type(columns) is not tuple or len(columns) != sides:
        raise InvalidStateError(f"{_where(number)} does not fit the table: it needs one column per side")
    lines = _column_lines(columns)
    if lines is None:
        # Something is wrong: the columns one by one say what.
        for side, column in enumerate(columns):
            if type(column) is not SideScore:
                raise InvalidStateError(f"{_where(number)} has a column that is not a SideScore")
            if column.side != side or type(column.side) is not int:
                raise InvalidStateError(f"{_where(number)} has its sides out of order")
            points = column.points()
            if not _ints(points) or min(points) < 0:
                raise InvalidStateError(f"{_where(number)}: side {side} has a line that is not 0 or more "
                                        "points")
        lines = tuple(map(_LINES_OF, columns))
    if delayed and completed is None:
        raise InvalidStateError(f"{_where(number)}: a delayed action needs a completed trip")
    for side, (_, _, _, _, trip, delayed_action, safe_trip, shutout, extension) in enumerate(lines):
        if side != completed and (trip or delayed_action or safe_trip or shutout):
            raise InvalidStateError(f"{_where(number)}: side {side} has trip bonuses without completing "
                                    "the trip")
        if delayed_action and not delayed:
            raise InvalidStateError(f"{_where(number)}: a delayed-action bonus without a delayed action")
        if extension and extended_by is None:
            raise InvalidStateError(f"{_where(number)}: extension points without an extension")
    # The side that completed the trip travelled strictly furthest: no other side as far.
    if completed is not None and (max(miles) > miles[completed] or miles.count(miles[completed]) > 1):
        raise InvalidStateError(f"{_where(number)}: the side that completed the trip did not travel "
                                "furthest")
    return lines


def _column_lines(columns: tuple[SideScore, ...]) -> tuple[tuple[int, ...], ...] | None:
    """The lines of each column if the columns are SideScores in side order whose every line is a
    whole number of 0 or more points, else ``None`` (each check made once over all columns)."""
    if not _ONLY_SIDE_SCORES.issuperset(map(type, columns)):
        return None
    numbers = tuple(map(_SIDE_OF, columns))
    if not _ints(numbers) or numbers != tuple(range(len(columns))):
        return None
    lines = tuple(map(_LINES_OF, columns))
    if not _ints(chain.from_iterable(lines)) or min(chain.from_iterable(lines)) < 0:
        return None
    return lines


def _where(number: object) -> str:
    """How an error names the score sheet of hand ``number`` (built only for an error)."""
    return f"hand {number}'s score sheet"


def _check_scalars(table: Table, players: int) -> None:
    if not _ONLY_INTS.issuperset(map(type, (table.draw_pile_size, table.current, table.target,
                                            table.reshuffles))):
        for name in ("draw_pile_size", "current", "target", "reshuffles"):
            if type(getattr(table, name)) is not int:
                raise InvalidStateError(f"the table's {name} is a whole number, not "
                                        f"{_short(getattr(table, name))}")
    if table.draw_pile_size < 0:
        raise InvalidStateError("the draw pile cannot hold fewer than 0 cards")
    if not 0 <= table.current < players:
        raise InvalidStateError(f"the seat on turn is a seat from 0 to {players - 1}")
    if table.phase not in PHASES or type(table.phase) is not str:
        raise InvalidStateError(f"the phase is one of {', '.join(PHASES)}, not {_short(table.phase)}")
    if table.extended_by is not None and type(table.extended_by) is not int:
        raise InvalidStateError("extended_by is a side or None")
    if table.window is not None and type(table.window) is not Window:
        raise InvalidStateError("a coup fourré window is a Window")
    if type(table.match) is not Match:
        raise InvalidStateError("the match record is a Match")


def _check_tableaux(rules: Rules, tableaux: tuple[Tableau, ...], target: int,
                    discard_pile: object) -> tuple[tuple[int, ...], bytes]:
    """Check every tableau (see :func:`_check_tableau`) and the discard pile; the miles each side
    has travelled, and the numbers of the cards face up (see :func:`_visible_numbers`)."""
    seen = _tableaux_seen(rules, tableaux, target, discard_pile)
    if seen is None:
        # Something is wrong: the tableaux one by one, then the discard pile, say what (and where).
        for side, tableau in enumerate(tableaux):
            _check_tableau(rules, side, tableau, target)
        discard_pile = _check_cards(discard_pile, "the discard pile")
        return tuple(tableau.miles for tableau in tableaux), _visible_numbers(tableaux, discard_pile)
    stacking, cancel = rules.hazard_stacking, rules.safety_cancel
    for side, tableau in enumerate(tableaux):
        if (tableau.problems, tableau.rolling) != read_battle(tableau.battle, tableau.safeties, stacking,
                                                              cancel):
            raise InvalidStateError(f"side {side}'s battle status does not match its battle pile")
    return seen


def _tableaux_seen(rules: Rules, tableaux: tuple[Tableau, ...], target: int,
                   discard_pile: object) -> tuple[tuple[int, ...], bytes] | None:
    """What :func:`_check_tableaux` returns if every tableau passes :func:`_check_tableau` but for
    its battle status, and the discard pile is a tuple of cards; else ``None``. The same checks,
    each made once over the piles of all sides, at C level, building no message."""
    if not _ONLY_TABLEAUX.issuperset(map(type, tableaux)):
        return None
    fields = tuple(map(_TABLEAU_FIELDS, tableaux))
    types = tuple(map(type, chain.from_iterable(fields)))
    if type(discard_pile) is not tuple or types != _TABLEAU_TYPES * len(tableaux):
        return None
    battles, speeds, directions, safeties, coups, distances, problems, _ = zip(*fields, strict=True)
    if not _ONLY_CARDS.issuperset(map(type, chain(discard_pile, *battles, *speeds, *directions, *safeties,
                                                  *coups, *problems))):
        return None
    # Each kind of pile as the numbers of its cards: a pile holds only cards it may hold if
    # stripping those leaves nothing (C level, where a set of the cards would hash enum members).
    faces = (bytes(discard_pile), bytes(chain(*battles)), bytes(chain(*speeds)), bytes(chain(*directions)),
             bytes(chain(*safeties)))
    if (faces[1].strip(_BATTLE_NUMBERS) or faces[2].strip(_SPEED_NUMBERS)
            or faces[3].strip(_DIRECTION_NUMBERS) or faces[4].strip(_SAFETY_NUMBERS)
            or (any(coups) and not all(map(_within, coups, safeties)))):
        return None
    played = tuple(chain(*distances))
    if not _ONLY_INTS.issuperset(map(type, played)) or not (
            _SIGNED_DISTANCES if rules.wrong_way else _DISTANCES).issuperset(played):
        return None
    miles = tuple(map(sum, distances))
    most = rules.max_200s
    if min(miles) < 0 or max(miles) > target or (played.count(200) + played.count(-200) > most
                                                 and max(map(_twos, distances)) > most):
        return None
    return miles, b"".join((*faces, bytes(map(_NUMBER_OF_DISTANCE.__getitem__, played))))


def _twos(distance: tuple[int, ...]) -> int:
    """200-mile cards played (either way), as ``Tableau.twos``."""
    return distance.count(200) + distance.count(-200)


def _check_tableau(rules: Rules, side: int, t: Tableau, target: int) -> None:
    where = f"side {side}"
    if type(t) is not Tableau:
        raise InvalidStateError(f"{where}'s tableau is a Tableau, not {_short(t)}")
    piles = (t.battle, t.speed, t.direction, t.safeties, t.coups_fourres)
    if not _ONLY_TUPLES.issuperset(map(type, piles)) or not _ONLY_CARDS.issuperset(map(type, chain(*piles))):
        for pile in piles:
            _check_cards(pile, "a pile of the tableau of side", side)
    if type(t.problems) is not frozenset or not _only(t.problems, _ONLY_CARDS) or type(t.rolling) is not bool:
        raise InvalidStateError(f"{where}'s battle status is a set of cards and True or False")
    if (not _BATTLE.issuperset(t.battle) or not _SPEED.issuperset(t.speed)
            or not _DIRECTION.issuperset(t.direction)):
        raise InvalidStateError(f"{where} has a card on the wrong pile")
    if not _SAFETY_SET.issuperset(t.safeties):
        raise InvalidStateError(f"{where}'s safety area holds a non-safety")
    if t.coups_fourres and not _within(t.coups_fourres, t.safeties):
        raise InvalidStateError(f"{where}'s coups fourrés must be among its safeties")
    distance = t.distance
    if type(distance) is not tuple or not _ints(distance):
        raise InvalidStateError(f"{where}'s distance is a tuple of whole numbers of miles")
    if not _DISTANCES.issuperset(map(abs, distance)) or (distance and min(distance) < 0
                                                         and not rules.wrong_way):
        for miles in distance:
            if abs(miles) not in _DISTANCES or (miles < 0 and not rules.wrong_way):
                raise InvalidStateError(f"{where} has a distance card of {miles} miles")
    if not 0 <= t.miles <= target or t.twos > rules.max_200s:
        raise InvalidStateError(f"{where} has travelled an impossible distance")
    if (t.problems, t.rolling) != read_battle(t.battle, t.safeties, rules.hazard_stacking,
                                               rules.safety_cancel):
        raise InvalidStateError(f"{where}'s battle status does not match its battle pile")


def _check_race(rules: Rules, table: Table, miles: tuple[int, ...]) -> None:
    """The race's length, and the hand under way unless a side has completed it (each side has
    travelled ``miles``)."""
    target, extended_by = table.target, table.extended_by
    if extended_by is None:
        if target != rules.race:
            raise InvalidStateError(f"the race is {rules.race} miles until it is extended, not {target}")
    elif target != rules.extension_to or not 0 <= extended_by < rules.sides:
        raise InvalidStateError("the race length and the extension disagree")
    if target in miles:
        phase = table.phase
        for side, travelled in enumerate(miles):
            if travelled == target and phase != "over" and not (
                phase == "extension" and side == rules.side_of(table.current)
            ):
                raise InvalidStateError(f"side {side} has completed the race, yet the hand goes on")


def _check_decision(rules: Rules, table: Table) -> None:
    phase = table.phase
    window = table.window
    if (phase == "coup_fourre") != (window is not None):
        raise InvalidStateError("a coup fourré window is open exactly in the coup fourré phase")
    if window is not None:
        _check_window(rules, table, window)
    elif phase == "play":
        if not table.hand_sizes[table.current]:
            raise InvalidStateError("the seat on turn has no card to play")
    elif phase == "extension":
        own = table.tableaux[rules.side_of(table.current)]
        if rules.extension_to is None or table.target != rules.race or own.miles != table.target \
                or own.wrong_way:
            raise InvalidStateError("only a side that just completed the race decides an extension")
    elif any(table.revealed):
        raise InvalidStateError("no card is known to be held once the game is over")


def _check_window(rules: Rules, table: Table, window: Window) -> None:
    players = rules.players
    attacker, hazard, side, waiting = window.attacker, window.hazard, window.side, window.waiting
    if (type(attacker) is not int or type(side) is not int or type(hazard) is not Card
            or type(waiting) is not tuple or not _ints(waiting)):
        raise InvalidStateError("a coup fourré window names seats, a hazard and a side")
    if rules.coup_fourre == "off":
        raise InvalidStateError("a coup fourré window is open, but the rules have no coup fourré")
    if not 0 <= attacker < players or not 0 <= side < rules.sides or rules.side_of(attacker) == side:
        raise InvalidStateError("a hazard is played by an opponent of the attacked side")
    if KIND[hazard] is not CardKind.HAZARD:
        raise InvalidStateError("the coup fourré window's hazard is not a hazard")
    attacked = table.tableaux[side]
    pile = (attacked.speed if hazard is Card.SPEED_LIMIT
            else attacked.direction if hazard is Card.WRONG_WAY else attacked.battle)
    safety = SAFETY_OF[hazard]
    if not pile or pile[-1] is not hazard or safety in attacked.safeties:
        raise InvalidStateError("the coup fourré window's hazard is not on top of its pile")
    asked = (table.current, *waiting)
    order = [(seat - attacker) % players for seat in asked]
    if any(not 0 <= seat < players for seat in asked) or 0 in order or order != sorted(set(order)):
        raise InvalidStateError("the seats asked for a coup fourré follow the attacker in turn order, "
                                "each once")
    for seat in asked:
        if safety not in table.revealed[seat]:
            raise InvalidStateError(f"seat {seat} is asked for a coup fourré but not known to hold "
                                    "the safety")
        if rules.coup_fourre == "attacked_side" and rules.side_of(seat) != side:
            raise InvalidStateError(f"seat {seat} is asked for a coup fourré but is not attacked")


def _check_match(rules: Rules, table: Table) -> None:
    match = table.match
    over = table.phase == "over"
    if not over:
        # A hand under way: the check depends on the match record and the rules alone.
        known = _KNOWN_MATCHES.get(id(match))
        if known is not None and known[0] is match and known[1] is rules:
            return
    _check_new_match(rules, table, match, over)
    if not over:
        _remember(_KNOWN_MATCHES, match, (match, rules))


def _check_new_match(rules: Rules, table: Table, match: Match, over: bool) -> None:
    sides = rules.sides
    number, dealer, totals, history = match.hand_number, match.dealer, match.totals, match.history
    if type(number) is not int or type(dealer) is not int or not 0 <= dealer < rules.players:
        raise InvalidStateError("the match record needs a hand number and a dealer at the table")
    if type(totals) is not tuple or len(totals) != sides or not _ints(totals):
        raise InvalidStateError("the match record needs a total for each side")
    if type(history) is not tuple:
        raise InvalidStateError("the match history is a tuple of score sheets")
    if number != len(history) - over:
        raise InvalidStateError("the hand number does not match the finished hands")
    if number < 0:
        # (Only a game over could claim hand -1: it would have no score sheet to end on.)
        raise InvalidStateError("the hand number does not match the finished hands")
    summed = (0,) * sides
    facts = _facts(rules)
    target_score = rules.target_score
    last = len(history) - 1
    # Every sheet at once, in bulk (as a match read from JSON comes); only a history that fails
    # that is checked sheet by sheet, which finds what is wrong.
    scores = _history_scores(rules, history, sides, facts) if history else None
    for at, sheet in enumerate(history):
        # A sheet is checked against its number and the rules alone (each later state of the
        # match holds the same sheet objects): remembered like tables, with its totals.
        known = _KNOWN_SHEETS.get(id(sheet)) if scores is None else (sheet, rules, at, scores[at])
        if known is None or known[0] is not sheet or known[1] is not rules or known[2] != at:
            lines = _sheet_lines(sheet, at, sides)
            _check_sheet_rules(rules, sheet, facts, lines)
            scored = tuple(map(sum, lines))
            _remember(_KNOWN_SHEETS, sheet, (sheet, rules, at, scored))
        else:
            scored = known[3]
        summed = tuple(map(add, summed, scored))
        final = over and at == last
        if not final and (target_score is None or max(summed) >= target_score):
            raise InvalidStateError(f"the match went on after hand {at}, which ended it")
    if summed != totals:
        raise InvalidStateError("the totals are not the sum of the hands' scores")
    if over:
        if target_score is not None and max(totals) < target_score:
            raise InvalidStateError("the match is over before any side reached the target score")
        _check_last_sheet(rules, table, history[-1])


def _history_scores(rules: Rules, history: tuple[object, ...], sides: int,
                    facts: _Facts) -> tuple[tuple[int, ...], ...] | None:
    """Each side's points in each sheet of ``history`` if every sheet passes :func:`check_sheet`
    and :func:`_check_sheet_rules`, else ``None``. The same checks, those of form made once over
    all sheets and columns at C level, those of the rules read from tables worked out per rules
    (:attr:`_Facts.safety_sets`), building no message."""
    if not _ONLY_HAND_SCORES.issuperset(map(type, history)):
        return None
    hands, completeds, extendeds, delayeds, miless, columnss = zip(*map(_SHEET_FIELDS, history),
                                                                   strict=True)
    sheets = len(history)
    if not (_ONLY_INTS.issuperset(map(type, hands)) and hands == tuple(range(sheets))
            and _INT_OR_NONE.issuperset(map(type, chain(completeds, extendeds)))
            and {None, *range(sides)}.issuperset(chain(completeds, extendeds))
            and _ONLY_BOOLS.issuperset(map(type, delayeds))
            and _ONLY_TUPLES.issuperset(map(type, chain(miless, columnss)))
            and set(map(len, chain(miless, columnss))) == {sides}):
        return None
    columns = tuple(chain(*columnss))
    if not _ONLY_SIDE_SCORES.issuperset(map(type, columns)):
        return None
    rows = tuple(map(_ROW_OF, columns))
    if not (_ONLY_INTS.issuperset(map(type, chain(*rows, *miless))) and min(chain(*rows, *miless)) >= 0
            and tuple(map(_FIRST, rows)) == tuple(range(sides)) * sheets):
        return None
    points = rules.scoring
    race, extension_to = facts.race, facts.extension_to
    safety_lines, safety_sets = facts.safety_lines, facts.safety_sets
    per_mile, trip_bonus, safe_trip_bonus = points.per_mile, points.trip, points.safe_trip
    extension_bonus, to_opponents = points.extension, points.extension_failure_to_opponents
    most_safeties = facts.safeties[0] if points.safety else None
    at = 0
    scores = []
    for completed, extended_by, delayed, miles in zip(completeds, extendeds, delayeds, miless, strict=True):
        if (delayed and completed is None) or (extended_by is not None and extension_to is None):
            return None
        if completed is not None and (max(miles) > miles[completed] or miles.count(miles[completed]) > 1):
            return None
        target = race if extended_by is None else extension_to or 0
        delayed_bonus = points.delayed_action if delayed else 0
        played_safeties = 0
        scored = []
        for side, (_, miles_line, safeties, all_safeties, coups_fourres, trip, delayed_action, safe_trip,
                   shutout, extension) in enumerate(rows[at:at + sides]):
            travelled = miles[side]
            won = side == completed
            earned = extended_by is not None and (
                extended_by == completed == side
                or (to_opponents and extended_by != completed and side != extended_by))
            if (travelled % 25 or travelled > target or (travelled == target) != won
                    or (safeties, all_safeties, coups_fourres) not in safety_sets[won]
                    or miles_line != per_mile * travelled
                    or extension != (extension_bonus if earned else 0)):
                return None
            if won:
                shut_out = [other for other, zero in enumerate(miles) if zero == 0 and other != side]
                if (trip != trip_bonus or delayed_action != delayed_bonus
                        or safe_trip not in (0, safe_trip_bonus)
                        or not _shutout_fits(rules, shutout, shut_out)):
                    return None
            elif trip or delayed_action or safe_trip or shutout:
                return None
            played_safeties += safety_lines[safeties]
            scored.append(miles_line + safeties + all_safeties + coups_fourres + trip + delayed_action
                          + safe_trip + shutout + extension)
        if most_safeties is not None and played_safeties > most_safeties:
            return None
        at += sides
        scores.append(tuple(scored))
    return tuple(scores)


def _check_sheet_rules(rules: Rules, sheet: HandScore, facts: _Facts,
                       lines: tuple[tuple[int, ...], ...]) -> None:
    """The ``lines`` of ``sheet`` (checked by :func:`check_sheet`) are ones ``score_hand`` could
    write under ``rules`` (whose ``facts`` are given: its deck's safeties, its race and extension)."""
    points = rules.scoring
    completed, extended_by = sheet.completed_by, sheet.extended_by
    if extended_by is not None and facts.extension_to is None:
        raise InvalidStateError(f"{_where(sheet.hand)} has an extension the rules do not allow")
    target = facts.race if extended_by is None else facts.extension_to or 0
    safeties_in_deck, all_four_exist = facts.safeties
    safety_lines, coup_lines = facts.safety_lines, facts.coup_lines
    played_safeties = 0
    all_miles = sheet.miles
    for side, (line, miles) in enumerate(zip(lines, all_miles, strict=True)):
        (miles_line, safeties, all_safeties, coups_fourres, trip, delayed_action, safe_trip, shutout,
         extension) = line
        won = side == completed
        if miles % 25 or miles > target or (miles == target) != won:
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s {miles} miles do not fit a race "
                                    f"of {target}")
        count = safety_lines.get(safeties)
        coups = coup_lines.get(coups_fourres)
        if count is None or coups is None or (points.safety and coups > count):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s safety lines do not fit the "
                                    "deck's safeties")
        played_safeties += count
        if all_safeties and (all_safeties != points.all_safeties or not all_four_exist
                             or (points.all_safeties_needs_trip and not won)
                             or (points.safety and count < len(SAFETIES))):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side} cannot have the all-safeties bonus")
        if miles_line != points.per_mile * miles:
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s miles line is not its miles")
        if won and (trip != points.trip
                    or delayed_action != (points.delayed_action if sheet.delayed else 0)
                    or safe_trip not in (0, points.safe_trip)
                    or not _shutout_fits(rules, shutout, [other for other, travelled in enumerate(all_miles)
                                                          if travelled == 0 and other != side])):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s trip bonuses are not the rules'")
        earned = extended_by is not None and (
            extended_by == completed == side
            or (points.extension_failure_to_opponents and extended_by != completed
                and side != extended_by))
        if extension != (points.extension if earned else 0):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s extension line is not the rules'")
    if points.safety and played_safeties > safeties_in_deck:
        raise InvalidStateError(f"{_where(sheet.hand)} counts more safeties than the deck has")


def _shutout_fits(rules: Rules, line: int, shut_out: list[int]) -> bool:
    """Whether ``line`` is the shutout bonus against opponent sides of which ``shut_out`` are at 0
    miles (played no distance card, or, going the wrong way, drove back to 0)."""
    points = rules.scoring
    others = rules.sides - 1
    if not points.shutout:
        return line == 0
    if points.shutout_per_opponent:
        if line % points.shutout:
            return False
        count = line // points.shutout
        return count == len(shut_out) or (rules.wrong_way and count < len(shut_out))
    if len(shut_out) < others:
        return line == 0
    return line == points.shutout or (rules.wrong_way and line == 0)


def _check_last_sheet(rules: Rules, table: Table, sheet: HandScore) -> None:
    """The score sheet of the hand that ended the game is the one its table scores."""
    target = table.target
    completed = next((side for side, t in enumerate(table.tableaux) if t.miles == target), None)
    delayed = not table.draw_pile_size and not can_reshuffle(rules, table.discard_pile, table.reshuffles)
    if sheet != score_hand(rules, sheet.hand, table.tableaux, completed, table.extended_by, delayed):
        raise InvalidStateError("the last hand's score sheet is not the score of the table")


def _check_cards(cards: object, what: str, number: int | None = None) -> tuple[Card, ...]:
    if type(cards) is not tuple or not _only(cards, _ONLY_CARDS):
        whose = what if number is None else f"{what} {number}"
        raise InvalidStateError(f"{whose} is a tuple of cards, not {_short(cards)}")
    return cards


def _check_hand(hand: object, what: str) -> tuple[Card, ...]:
    cards = _check_cards(hand, what)
    if list(cards) != sorted(cards):
        raise InvalidStateError(f"{what} is not sorted")
    return cards


class _Facts(NamedTuple):
    """What the checks read of a rules value again and again, worked out once."""

    deck: Mapping[Card, int]
    safeties: tuple[int, bool]
    race: int
    extension_to: int | None
    size: int
    """How many cards the deck holds."""
    numbers: tuple[int, ...]
    """The number of each card the deck holds, in card order..."""
    counts: tuple[int, ...]
    """... and how many of it the deck holds."""
    limits: tuple[int, ...]
    """Per card number (of every card), how many the deck holds (0 for a card it does not hold)."""
    safety_lines: Mapping[int, int]
    """Per safeties line a score sheet may show, how many safeties make it (see :func:`_lines`)."""
    coup_lines: Mapping[int, int]
    """Per coups fourrés line a score sheet may show, how many coups fourrés make it."""
    safety_sets: tuple[frozenset[tuple[int, int, int]], frozenset[tuple[int, int, int]]]
    """The safeties, all-safeties and coups fourrés lines a column may show together, for a side
    that did not complete the trip, then for the side that did (see :func:`_check_sheet_rules`)."""


def _facts(rules: Rules) -> _Facts:
    # By identity first (hashing a rules value means hashing its two dozen fields), then by value:
    # the same rules come back again and again, and Rules.deck_cards sorts a hundred cards.
    known = _FACTS_BY_ID.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    facts = _facts_of(rules)
    _remember(_FACTS_BY_ID, rules, (rules, facts))
    return facts


_FACTS_BY_ID: dict[int, tuple[Rules, _Facts]] = {}


@lru_cache(maxsize=64)
def _facts_of(rules: Rules) -> _Facts:
    deck = Counter(rules.deck_cards())
    safeties = (sum(deck.get(card, 0) for card in SAFETIES), all(deck.get(card, 0) for card in SAFETIES))
    numbers, counts = zip(*((int(card), count) for card, count in sorted(deck.items())), strict=True)
    points = rules.scoring
    safety_lines, coup_lines = _lines(points.safety, safeties[0]), _lines(points.coup_fourre, safeties[0])
    return _Facts(deck, safeties, rules.race, rules.extension_to, deck.total(), numbers, counts,
                  tuple(deck.get(card, 0) for card in _CARDS), safety_lines, coup_lines,
                  (_safety_set(rules, safety_lines, coup_lines, safeties[1], False),
                   _safety_set(rules, safety_lines, coup_lines, safeties[1], True)))


def _safety_set(rules: Rules, safety_lines: Mapping[int, int], coup_lines: Mapping[int, int],
                all_four_exist: bool, won: bool) -> frozenset[tuple[int, int, int]]:
    """Every ``(safeties, all_safeties, coups_fourres)`` lines :func:`_check_sheet_rules` accepts
    in a column of a side that did (``won``) or did not complete the trip."""
    points = rules.scoring
    return frozenset(
        (line, all_safeties, coups_line)
        for line, count in safety_lines.items()
        for coups_line, coups in coup_lines.items()
        if not (points.safety and coups > count)
        for all_safeties in {0, points.all_safeties}
        if not (all_safeties and (not all_four_exist or (points.all_safeties_needs_trip and not won)
                                  or (points.safety and count < len(SAFETIES)))))


def _lines(each: int, most: int) -> dict[int, int]:
    """How many things worth ``each`` points (at most ``most``) make each line of points they can
    make. Worth nothing, they make a line of 0 and say nothing of their count (0, then)."""
    if not each:
        return {0: 0}
    return {count * each: count for count in range(most + 1)}


def _within(some: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether every card of ``some`` is among ``cards``, copies counted."""
    # As numbers in bytes, counted at C level (Counters of cards hash and compare enum members).
    wanted, held = bytes(some), bytes(cards)
    return all(held.count(card) >= wanted.count(card) for card in set(wanted))


def _visible_numbers(tableaux: tuple[Tableau, ...], discard_pile: tuple[Card, ...]) -> bytes:
    """The numbers of the cards face up, on ``tableaux`` (checked) and ``discard_pile``, in no
    particular order."""
    faces = bytes(chain(discard_pile, *(chain(t.battle, t.speed, t.direction, t.safeties)
                                        for t in tableaux)))
    # Distance cards are kept as miles (negative going the wrong way): their numbers by table.
    miles = bytes(map(abs, chain.from_iterable(t.distance for t in tableaux)))
    return faces + miles.translate(_NUMBER_OF_MILES)


_NUMBER_OF_MILES = bytes(_CARD_OF_MILES.get(miles, 0) for miles in range(256))
"""Per distance in miles (below 256), the number of its card."""
_NUMBER_OF_DISTANCE = {sign * miles: int(card) for card, miles in MILES.items() for sign in (1, -1)}
"""Per distance in miles (negative going the wrong way), the number of its card."""


def _rules(rules: object) -> Rules:
    if type(rules) is not Rules:
        raise InvalidStateError(f"not a value of Mille Bornes: its rules are {_short(rules)}")
    return rules


def _ints(values: Iterable[object]) -> bool:
    return _only(values, _ONLY_INTS)


def _only(values: Iterable[object], types: frozenset[type]) -> bool:
    return types.issuperset(map(type, values))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
