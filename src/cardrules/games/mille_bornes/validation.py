"""Checks that a Mille Bornes state, observation or score sheet read from outside could arise in play.

One validator, :func:`check_table`, checks the public :class:`~cardrules.games.mille_bornes.state.Table`
(every tableau, the decision under way, the match and its score sheets); :func:`validate_state` adds
the hidden cards and :func:`validate_observation` the observer's hand. Anything these accept can be
played on: no verb fails on it, and ``result`` of it is well defined. Every refusal is an
:class:`~cardrules.errors.InvalidStateError`, whatever the input holds (a number where a card
belongs, a side that does not exist, ...).

This module holds the entry points and the checks of the table as a whole (its counts, the race,
the decision under way); :mod:`.tableau_checks` checks the tableaux, :mod:`.match_checks` the match
record and its score sheets (its :func:`check_sheet` is exported here too), and
:mod:`.check_basics` holds what the three share.

The checks of a table are remembered for the last ones checked, by identity: tables are frozen
records made of tuples of cards and numbers (which the checks make sure of), so one found valid
under some rules stays valid under them. Every observation of a state shares its table, so
``determinize``, asked again and again by a search, checks a table once (and, through
:mod:`.match_checks`, a match once per hand); the engine never fills this memory, so ``apply``
costs what it did.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from operator import le

from cardrules.arguments import check_instance, shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import KIND, SAFETY_OF, Card, CardKind
from cardrules.games.mille_bornes.check_basics import (
    _CARDS,
    _ONLY_CARDS,
    _ONLY_INTS,
    _ONLY_TUPLES,
    _check_cards,
    _facts,
    _ints,
    _remember,
    _within,
)
from cardrules.games.mille_bornes.match_checks import _check_match, check_sheet
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.state import PHASES, Match, Observation, State, Table, Window
from cardrules.games.mille_bornes.tableau_checks import _check_tableaux, _visible_numbers

__all__ = [
    "check_sheet",
    "check_table",
    "unknown_cards",
    "unknown_cards_unchecked",
    "unknown_numbers",
    "validate_observation",
    "validate_state",
]

_NUMBERS = range(len(_CARDS))


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
                                f"{shown(table.draw_pile_size)} the table shows")
    if type(state.seed) is not int:
        raise InvalidStateError(f"the match seed is a whole number, not {shown(state.seed)}")
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
                                    f"{shown(table.hand_sizes[seat])} the table shows")
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
                                f"not {shown(seat)}")
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
_DECK_NUMBERS: dict[int, tuple[tuple[Card, ...], tuple[tuple[int, int], ...]]] = {}
"""The result of :func:`_deck_numbers` by the ``id`` of the deck; as above."""


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
        raise InvalidStateError(f"a table of Mille Bornes is a Table, not {shown(table)}")
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
                raise InvalidStateError(f"seat {seat} holds {shown(size)} cards, not 0 to {most}")
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


def _check_scalars(table: Table, players: int) -> None:
    if not _ONLY_INTS.issuperset(map(type, (table.draw_pile_size, table.current, table.target,
                                            table.reshuffles))):
        for name in ("draw_pile_size", "current", "target", "reshuffles"):
            if type(getattr(table, name)) is not int:
                raise InvalidStateError(f"the table's {name} is a whole number, not "
                                        f"{shown(getattr(table, name))}")
    if table.draw_pile_size < 0:
        raise InvalidStateError("the draw pile cannot hold fewer than 0 cards")
    if not 0 <= table.current < players:
        raise InvalidStateError(f"the seat on turn is a seat from 0 to {players - 1}")
    if table.phase not in PHASES or type(table.phase) is not str:
        raise InvalidStateError(f"the phase is one of {', '.join(PHASES)}, not {shown(table.phase)}")
    if table.extended_by is not None and type(table.extended_by) is not int:
        raise InvalidStateError("extended_by is a side or None")
    if table.window is not None and type(table.window) is not Window:
        raise InvalidStateError("a coup fourré window is a Window")
    if type(table.match) is not Match:
        raise InvalidStateError("the match record is a Match")


def _check_race(rules: Rules, table: Table, miles: tuple[int, ...]) -> None:
    """The race's length, and the hand under way unless a side has completed it (each side has
    travelled ``miles``)."""
    target, extended_by = table.target, table.extended_by
    if extended_by is None:
        if target != rules.race:
            raise InvalidStateError(f"the race is {rules.race} miles until it is extended, "
                                    f"not {shown(target)}")
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


def _check_hand(hand: object, what: str) -> tuple[Card, ...]:
    cards = _check_cards(hand, what)
    if list(cards) != sorted(cards):
        raise InvalidStateError(f"{what} is not sorted")
    return cards


def _rules(rules: object) -> Rules:
    if type(rules) is not Rules:
        raise InvalidStateError(f"not a value of Mille Bornes: its rules are {shown(rules)}")
    return rules
