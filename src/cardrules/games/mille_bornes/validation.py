"""Checks that a Mille Bornes table, state or observation read from outside could arise in play.

One check of the public :class:`~cardrules.games.mille_bornes.state.Table`, :func:`validate_table`,
serves every record: every tableau, the cards' count, the decision under way, the race, and the
match with its score sheets (:mod:`.match_validation`); :func:`validate_state` adds the hidden cards
and :func:`validate_observation` the observer's hand. Anything these accept can be played on: no
verb fails on it, and ``result`` of it is well defined. Every refusal is an
:class:`~cardrules.errors.InvalidStateError`, whatever the input holds (a number where a card
belongs, a side that does not exist, ...): each check looks at a value's type before it computes
with it, and at a number's size before it adds it up.

Nothing is remembered between calls. A value the library made itself is vouched for
(:mod:`cardrules._trust`) and never checked again: ``determinize`` of an observation from
``observe`` skips these checks altogether.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain

from cardrules._trust import check_vouched_or_valid
from cardrules.arguments import check_instance, shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    DISTANCES,
    KIND,
    REMEDY_OF,
    SAFETIES,
    SAFETY_OF,
    Card,
    CardKind,
)
from cardrules.games.mille_bornes.match_validation import check_match, check_sheet
from cardrules.games.mille_bornes.rules import MAX_PLAYERS, Rules
from cardrules.games.mille_bornes.state import PHASES, Match, Observation, State, Table, Window
from cardrules.games.mille_bornes.tableau import Distance, Tableau, read_battle

__all__ = ["check_observation", "check_sheet", "validate_observation", "validate_state", "validate_table"]

_BATTLE_PILE = frozenset((*BATTLE_HAZARDS, *(REMEDY_OF[hazard] for hazard in BATTLE_HAZARDS)))
_SPEED_PILE = frozenset((Card.SPEED_LIMIT, Card.END_OF_LIMIT))
_DIRECTION_PILE = frozenset((Card.WRONG_WAY, Card.END_OF_WRONG_WAY))
_SAFETY_AREA = frozenset(SAFETIES)
_DISTANCE_PILE = frozenset(DISTANCES)
_PILE_TYPES = {tuple, Distance}
_NOTHING_KNOWN = tuple(((),) * players for players in range(MAX_PLAYERS + 1))
"""Per number of players, ``Table.revealed`` when no card is known to be held."""


def validate_state(state: State) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``state`` could arise in play.

    Checked: the table (see :func:`validate_table`); every card of the rules' deck exactly once;
    hands sorted, of the sizes the table shows, holding the cards the table knows they hold; the
    draw pile as long as the table shows.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> validate_state(new_game(Rules(), seed=1))
    """
    check_instance(state, State, "a state of Mille Bornes")
    rules = _rules(state.rules)
    table = state.table
    face_up, deck = _check_table(rules, table)
    hands = state.hands
    if type(hands) is not tuple or len(hands) != rules.players:
        raise InvalidStateError(f"a {rules.players}-player game needs one hand per seat")
    for seat, hand in enumerate(hands):
        hand = _check_hand(hand, f"seat {seat}'s hand")
        if len(hand) != table.hand_sizes[seat]:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards, not the "
                                    f"{shown(table.hand_sizes[seat])} the table shows")
        if not _within(table.revealed[seat], hand):
            raise InvalidStateError(f"seat {seat} is known to hold a card it does not have")
    draw_pile = _check_cards(state.draw_pile, "the draw pile")
    if len(draw_pile) != table.draw_pile_size:
        raise InvalidStateError(f"the draw pile holds {len(draw_pile)} cards, not the "
                                f"{shown(table.draw_pile_size)} the table shows")
    if type(state.seed) is not int:
        raise InvalidStateError(f"the match seed is a whole number, not {shown(state.seed)}")
    held = face_up + Counter(chain(draw_pile, *hands))
    if held != deck:
        extra = sorted(held - deck)
        missing = sorted(deck - held)
        raise InvalidStateError(
            "the state must hold the rules' deck exactly"
            + (f"; extra {[c.name for c in extra[:5]]}" if extra else "")
            + (f"; missing {[c.name for c in missing[:5]]}" if missing else "")
        )


def check_observation(observation: Observation) -> None:
    """Check ``observation`` as a verb or a bot that plays from it must: an :class:`Observation`,
    checked in full by :func:`validate_observation` unless the library vouches for it
    (:func:`cardrules._trust.check_vouched_or_valid`)."""
    check_vouched_or_valid(observation, Observation, "an observation of Mille Bornes", validate_observation)


def validate_observation(observation: Observation) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``observation`` could be seen in play.

    Checked: the table (see :func:`validate_table`); the observer's seat and its hand (sorted, of the
    size the table shows, holding what the table knows it holds); the cards seen and the cards
    known to be in other hands, which must all fit in the rules' deck. Any observation this accepts
    has a state behind it, which ``determinize`` deals.

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe
    >>> validate_observation(observe(new_game(Rules(), seed=1), 1))
    """
    check_instance(observation, Observation, "an observation of Mille Bornes")
    rules = _rules(observation.rules)
    table = observation.table
    seen, deck = _check_table(rules, table)
    seat = observation.seat
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise InvalidStateError(f"the observer is a seat from 0 to {rules.players - 1}, "
                                f"not {shown(seat)}")
    hand = _check_hand(observation.hand, "the observer's hand")
    if len(hand) != table.hand_sizes[seat]:
        raise InvalidStateError("the observer's hand size does not match its hand")
    if not _within(table.revealed[seat], hand):
        raise InvalidStateError("the observer is known to hold a card it does not have")
    seen.update(chain(hand, *(known for other, known in enumerate(table.revealed) if other != seat)))
    too_many = seen - deck
    if too_many:
        raise InvalidStateError(f"more {min(too_many).name} are seen or known to be held than the deck has")


def validate_table(rules: Rules, table: Table) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``table`` could be seen in a game
    played under ``rules``.

    Checked: every tableau (each card on its own pile, a battle status that is what its battle pile
    means, a distance within the race and the 200s allowed); the discard pile; the hand sizes and
    the cards known to be held; the cards on the table, in hand and in the draw pile adding up to
    the deck, with no card face up more often than the deck holds it; the reshuffles; the race and
    the hand under way; the decision under way (a coup fourré window, an extension); the match and
    its score sheets.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> validate_table(Rules(), new_game(Rules(), seed=1).table)
    >>> validate_table(Rules(players=3), new_game(Rules(), seed=1).table)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: 3 sides need 3 tableaux
    """
    check_instance(rules, Rules, "Mille Bornes' Rules")
    _check_table(rules, table)


def _check_table(rules: Rules, table: Table) -> tuple[Counter[Card], Counter[Card]]:
    """:func:`validate_table`; the cards face up (on the tableaux and the discard pile), and the
    cards of the deck."""
    if type(table) is not Table:
        raise InvalidStateError(f"a table of Mille Bornes is a Table, not {shown(table)}")
    players = rules.players
    _check_numbers(table, players)
    tableaux = table.tableaux
    if type(tableaux) is not tuple or len(tableaux) != rules.sides:
        raise InvalidStateError(f"{rules.sides} sides need {rules.sides} tableaux")
    for side, tableau in enumerate(tableaux):
        _check_tableau(rules, side, tableau, table.target)
    face_up = Counter(chain(_check_cards(table.discard_pile, "the discard pile"),
                            *(tableau.cards() for tableau in tableaux)))
    sizes = table.hand_sizes
    if type(sizes) is not tuple or len(sizes) != players or not _only(int, sizes):
        raise InvalidStateError(f"hand_sizes lists a whole number for each of the {players} seats")
    # Between turns a hand holds at most hand_size cards; only the seat on turn has drawn one more.
    drawn = table.current if table.phase == "play" else -1
    for seat, size in enumerate(sizes):
        most = rules.hand_size + (seat == drawn)
        if not 0 <= size <= most:
            raise InvalidStateError(f"seat {seat} holds {shown(size)} cards, not 0 to {most}")
    revealed = table.revealed
    if type(revealed) is not tuple or len(revealed) != players:
        raise InvalidStateError("revealed cards are listed per seat")
    # Nothing is known of any hand but while a coup fourré window is open.
    for seat, known in enumerate(() if revealed == _NOTHING_KNOWN[players] else revealed):
        _check_cards(known, "the cards known to be in the hand of seat", seat)
        if any(KIND[card] is not CardKind.SAFETY for card in known) or list(known) != sorted(known):
            raise InvalidStateError("only safeties are revealed, listed in card order")
        if len(known) > sizes[seat]:
            raise InvalidStateError(f"seat {seat} is known to hold more cards than it has")
    deck = Counter(rules.composition())
    too_many = face_up - deck
    if too_many:
        raise InvalidStateError(f"more {[card.name for card in sorted(too_many)[:5]]} are on the table "
                                "than the deck has")
    if face_up.total() + sum(sizes) + table.draw_pile_size != deck.total():
        raise InvalidStateError("the cards on the table, in hand and in the draw pile do not add up "
                                "to the deck")
    if not 0 <= table.reshuffles <= (rules.reshuffle_limit if rules.reshuffle_discards else 0):
        raise InvalidStateError("more reshuffles than the rules allow")
    _check_race(rules, table)
    _check_decision(rules, table)
    check_match(rules, table)
    return face_up, deck


def _check_numbers(table: Table, players: int) -> None:
    """The table's numbers and words are of their types and within their bounds."""
    for name in ("draw_pile_size", "current", "target", "reshuffles"):
        if type(getattr(table, name)) is not int:
            raise InvalidStateError(f"the table's {name} is a whole number, not "
                                    f"{shown(getattr(table, name))}")
    if table.draw_pile_size < 0:
        raise InvalidStateError("the draw pile cannot hold fewer than 0 cards")
    if not 0 <= table.current < players:
        raise InvalidStateError(f"the seat on turn is a seat from 0 to {players - 1}")
    if type(table.phase) is not str or table.phase not in PHASES:
        raise InvalidStateError(f"the phase is one of {', '.join(PHASES)}, not {shown(table.phase)}")
    if table.extended_by is not None and type(table.extended_by) is not int:
        raise InvalidStateError("extended_by is a side or None")
    if table.window is not None and type(table.window) is not Window:
        raise InvalidStateError("a coup fourré window is a Window")
    if type(table.match) is not Match:
        raise InvalidStateError("the match record is a Match")


def _check_tableau(rules: Rules, side: int, t: Tableau, target: int) -> None:
    """Side ``side``'s tableau: every card on a pile that takes it, a battle status that is what
    the battle pile means, and a distance the side could have travelled in a race to ``target``."""
    where = f"side {side}"
    if type(t) is not Tableau:
        raise InvalidStateError(f"{where}'s tableau is a Tableau, not {shown(t)}")
    piles = (t.battle, t.speed, t.direction, t.safeties, t.coups_fourres, t.distance, t.backwards)
    # One look at every pile; only a tableau that fails it is looked at pile by pile, to say which.
    if not set(map(type, piles)) <= _PILE_TYPES or not _only(Card, chain(*piles)):
        for pile in piles:
            _check_cards(pile, "a pile of the tableau of side", side)
    if type(t.problems) is not frozenset or not _only(Card, t.problems) or type(t.rolling) is not bool:
        raise InvalidStateError(f"{where}'s battle status is a set of cards and True or False")
    if (not _BATTLE_PILE.issuperset(t.battle) or not _SPEED_PILE.issuperset(t.speed)
            or not _DIRECTION_PILE.issuperset(t.direction) or not _DISTANCE_PILE.issuperset(t.distance)):
        raise InvalidStateError(f"{where} has a card on the wrong pile")
    if not _SAFETY_AREA.issuperset(t.safeties):
        raise InvalidStateError(f"{where}'s safety area holds a non-safety")
    if not _within(t.coups_fourres, t.safeties):
        raise InvalidStateError(f"{where}'s coups fourrés must be among its safeties")
    if not _within(t.backwards, t.distance):
        raise InvalidStateError(f"{where}'s cards driven the wrong way must be among its distance cards")
    if t.backwards and not rules.wrong_way:
        raise InvalidStateError(f"{where} has driven the wrong way, which these rules do not have")
    if not 0 <= t.miles <= target or t.twos > rules.max_200s:
        raise InvalidStateError(f"{where} has travelled an impossible distance")
    if (t.problems, t.rolling) != read_battle(t.battle, t.safeties, rules.hazard_stacking,
                                              rules.safety_cancel):
        raise InvalidStateError(f"{where}'s battle status does not match its battle pile")


def _check_race(rules: Rules, table: Table) -> None:
    """The race's length, and the hand under way unless a side has completed it."""
    target, extended_by = table.target, table.extended_by
    if extended_by is None:
        if target != rules.race:
            raise InvalidStateError(f"the race is {rules.race} miles until it is extended, "
                                    f"not {shown(target)}")
    elif target != rules.extension_to or not 0 <= extended_by < rules.sides:
        raise InvalidStateError("the race length and the extension disagree")
    phase = table.phase
    for side, tableau in enumerate(table.tableaux):
        if tableau.miles == target and phase != "over" and not (
            phase == "extension" and side == rules.side_of(table.current)
        ):
            raise InvalidStateError(f"side {side} has completed the race, yet the hand goes on")


def _check_decision(rules: Rules, table: Table) -> None:
    """What the seat on turn decides: a coup fourré, an extension, a card to play, or nothing."""
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
    """An open coup fourré window: a hazard an opponent just played, on top of its pile, and the
    holders of its safety who may answer it, asked in turn order after the attacker."""
    players = rules.players
    attacker, hazard, side, waiting = window.attacker, window.hazard, window.side, window.waiting
    if (type(attacker) is not int or type(side) is not int or type(hazard) is not Card
            or type(waiting) is not tuple or not _only(int, waiting)):
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


def _check_cards(cards: object, what: str, number: int | None = None) -> tuple[Card, ...]:
    """``cards``, if it is a tuple of cards (``what``, numbered ``number``, names it otherwise)."""
    # Any tuple: a tableau's distance is a Distance, a tuple that refuses searches for miles.
    if not isinstance(cards, tuple) or not _only(Card, cards):
        whose = what if number is None else f"{what} {number}"
        raise InvalidStateError(f"{whose} is a tuple of cards, not {shown(cards)}")
    return cards


def _check_hand(hand: object, what: str) -> tuple[Card, ...]:
    cards = _check_cards(hand, what)
    if list(cards) != sorted(cards):
        raise InvalidStateError(f"{what} is not sorted")
    return cards


def _only(kind: type, values: Iterable[object]) -> bool:
    """Whether every one of ``values`` is of the class ``kind`` itself (a bool is not an int here,
    nor an int a card)."""
    return set(map(type, values)) <= {kind}


def _within(some: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether every card of ``some`` is among ``cards``, copies counted."""
    return not some or not Counter(some) - Counter(cards)


def _rules(rules: object) -> Rules:
    if type(rules) is not Rules:
        raise InvalidStateError(f"not a value of Mille Bornes: its rules are {shown(rules)}")
    return rules
