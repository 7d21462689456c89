"""The options of Mille Bornes: the table, the race, the deck, every rulebook variant, scoring.

Every point where the rulebooks disagree is a field; each rulebook is a preset (a classmethod that
takes every option as a keyword and returns an ordinary ``Rules`` value whose fields can be changed
with ``attrs.evolve``). A rules value is checked when it is built: its table, its options, numbers
within the module's limits, a deck of at most ``MAX_DECK_CARDS`` cards, and, for a match, a
scoring that lets the match end (see :mod:`cardrules.games.mille_bornes.finish`).
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable, Mapping
from itertools import chain, repeat
from typing import Any, Final, Literal, ParamSpec, TypeAlias, TypeVar, get_args, get_origin, get_type_hints

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from cardrules.arguments import MAX_DECK_CARDS, shown
from cardrules.errors import ArgumentError, RulesError, SerializationError
from cardrules.games.mille_bornes.cards import (
    SMALL_TABLE_REMOVED,
    STANDARD_COUNTS,
    WRONG_WAY_COUNTS,
    Card,
)
from cardrules.games.mille_bornes.finish import can_score

__all__ = [
    "BY_TABLE",
    "MAX_MILES",
    "MAX_PLAYERS",
    "MAX_RESHUFFLES",
    "MAX_TARGET_SCORE",
    "OPTION_CHOICES",
    "RULES_VERSION",
    "ByTable",
    "CoupFourreRule",
    "DeckCounts",
    "DiscardRule",
    "HandEnd",
    "HazardStacking",
    "Rules",
    "SafetyCancel",
    "SafetyExtraTurn",
    "Scoring",
    "configure_rules_converter",
]

RULES_VERSION = 1
"""Bumped whenever a rule's implementation changes what a recorded game would do."""

HazardStacking: TypeAlias = Literal["none", "topmost", "accumulate"]
CoupFourreRule: TypeAlias = Literal["attacked_side", "any_player", "off"]
SafetyCancel: TypeAlias = Literal["needs_roll", "restores"]
DiscardRule: TypeAlias = Literal["any", "unplayable_only"]
HandEnd: TypeAlias = Literal["all_hands_empty", "any_hand_empty"]
SafetyExtraTurn: TypeAlias = Literal["always", "while_drawing"]


def _whole(value: object) -> bool:
    return type(value) is int


@attrs.frozen(kw_only=True)
class Scoring:
    """Points scored by each side at the end of a hand; the defaults are Parker's.

    >>> Scoring().trip, Scoring.room().trip, Scoring.room().shutout_per_opponent
    (400, 300, False)
    """

    per_mile: int = 1
    """Points per mile travelled (every side)."""
    safety: int = 100
    """Per safety played (every side)."""
    all_safeties: int = 300
    """Bonus for a side that played all four safeties."""
    all_safeties_needs_trip: bool = False
    """Room rules: the all-safeties bonus only for the side that completed the trip."""
    coup_fourre: int = 300
    """Per coup fourré, on top of the safety's own points."""
    trip: int = 400
    """For the side that completed the trip."""
    delayed_action: int = 300
    """Trip completed after the draw pile ran out."""
    safe_trip: int = 300
    """Trip completed without playing a 200."""
    shutout: int = 500
    """Trip completed while an opponent side played no distance card."""
    shutout_per_opponent: bool = True
    """Parker: one shutout per such opponent side. Room: one, only if *no* other side has distance."""
    extension: int = 200
    """To the side that called an extension and completed it."""
    extension_failure_to_opponents: bool = True
    """Parker: when the caller does not complete the extended trip, each opponent side scores the
    extension bonus instead. Wikipedia: nobody does."""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Scoring):
            value = getattr(self, field.name)
            if field.type in ("int", int) and (not _whole(value) or value < 0):
                raise RulesError(f"Scoring.{field.name} is a whole number of points, not {shown(value)}")
            if field.type in ("bool", bool) and type(value) is not bool:
                raise RulesError(f"Scoring.{field.name} is True or False, not {shown(value)}")

    @functools.cached_property
    def _worth_points(self) -> frozenset[str]:
        # The lines that give points, worked out once per Scoring value (presets share theirs).
        return frozenset(name for name in _LINES if getattr(self, name) > 0)

    @classmethod
    def parker(cls) -> Scoring:
        """Parker Brothers' scoring (also the French and Wikipedia rules')."""
        return cls()

    @classmethod
    def room(cls) -> Scoring:
        """The online game room's scoring (see docs/rules/mille-bornes.md): 300 trip, 300
        "coronación", no safe-trip or extension bonus, one shutout only if no other side has
        distance, all-four-safeties bonus only for the side that completed the trip."""
        return cls(trip=300, safe_trip=0, extension=0, shutout_per_opponent=False,
                   all_safeties_needs_trip=True)


_LINES = tuple(field.name for field in attrs.fields(Scoring) if field.type in ("int", int))


class ByTable(enum.Enum):
    """The value of ``Rules.race`` or ``Rules.extension_to`` that follows the table (its only member
    is :data:`BY_TABLE`)."""

    BY_TABLE = "by_table"

    def __repr__(self) -> str:
        return "BY_TABLE"


BY_TABLE: Final = ByTable.BY_TABLE
"""Asks for the race or the extension Parker gives the table: the default of both fields."""


def _table_race(players: int, team_size: int) -> int:
    # Parker: two partnerships race 1000; individual play and three partnerships race 700.
    return 1000 if team_size > 1 and players // team_size == 2 else 700


DeckCounts: TypeAlias = tuple[tuple[Card, int], ...]
"""A deck given as ``((card, count), ...)``, each card at most once."""

MAX_PLAYERS: Final = 9
"""The most seats at a table (and so the most sides)."""
MAX_MILES: Final = 10_000
"""The longest race or extension: ten times the rulebooks' longest (1000, extended to 1200)."""
MAX_RESHUFFLES: Final = 100
"""The most reshuffles of the discards a hand may allow (the game room's is 3): a hand lasts at
most ``deck × (1 + reshuffle_limit)`` card moves."""
MAX_TARGET_SCORE: Final = 1_000_000
"""The highest target score of a match (the rulebooks' is 5000)."""

_PARKER_SCORING: Final = Scoring.parker()
_WIKIPEDIA_SCORING: Final = Scoring(extension_failure_to_opponents=False)
_ROOM_SCORING: Final = Scoring.room()

P = ParamSpec("P")
R = TypeVar("R")


def _fields_of(arguments: dict[str, object]) -> dict[str, Any]:
    """A preset's arguments (its ``locals()``) as the keyword arguments of ``Rules``: every explicit
    keyword parameter of a preset is a field of ``Rules`` of the same name."""
    return {name: value for name, value in arguments.items() if name != "cls"}


def _keywords_checked(preset: Callable[P, R]) -> Callable[P, R]:
    """``preset``, refusing a call whose arguments do not fit its signature (a misspelt option, a
    positional argument) with an :class:`ArgumentError` that names the options."""
    signature = inspect.signature(preset)
    options = [name for name, parameter in signature.parameters.items()
               if parameter.kind is parameter.KEYWORD_ONLY]

    @functools.wraps(preset)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            unknown = [name for name in kwargs if name not in options]
            problem = (f"has no option {', '.join(map(repr, unknown))}" if unknown
                       else "takes its options by keyword")
            raise ArgumentError(f"Rules.{preset.__name__}() {problem}; its options are "
                                f"{', '.join(options)}") from None
        return preset(*args, **kwargs)

    return checked


@attrs.frozen(kw_only=True)
class Rules:
    """How a game of Mille Bornes is played; the defaults are Parker's rules for two players.

    ``race`` and ``extension_to`` follow the table unless they are given (their default is
    :data:`BY_TABLE`), as Parker has it: two partnerships race 1000 with no extension; any other
    table races 700 and may extend to 1000; a race given as a number other than 700 has no
    extension unless one is given. They follow the table through ``attrs.evolve`` too, while a
    number given stays. ``deck=None`` is the standard deck for the table (one each of STOP,
    ACCIDENT, OUT_OF_GAS, FLAT_TIRE and SPEED_LIMIT out with 2 or 3 players; the wrong-way cards in
    with ``wrong_way``); give ``deck`` as ``((card, count), ...)`` to play with any other
    composition.

    >>> Rules().race, Rules().extension_to, Rules(players=4, team_size=2).race
    (700, 1000, 1000)
    >>> attrs.evolve(Rules(), players=4, team_size=2).extension_to is None
    True
    >>> Rules(race=1000), attrs.evolve(Rules(race=1000), players=3).race
    (Rules(players=2, team_size=1, race=1000, extension_to=BY_TABLE, ...), 1000)
    >>> len(Rules().deck_cards()), len(Rules(players=4, team_size=2).deck_cards())
    (101, 106)
    """

    players: int = 2
    """2 to 9 seats."""
    team_size: int = 1
    """Players per side (1: individual play). Seats are interleaved: seat s plays for side
    ``s % sides``."""
    _race: int | ByTable = attrs.field(default=BY_TABLE, alias="race")
    """The ``race`` asked for: miles, or :data:`BY_TABLE`. Read ``rules.race`` for the miles."""
    _extension_to: int | ByTable | None = attrs.field(default=BY_TABLE, alias="extension_to")
    """The ``extension_to`` asked for: miles, ``None`` or :data:`BY_TABLE`. Read
    ``rules.extension_to`` for the miles."""
    hand_size: int = 6
    """Cards held between turns."""
    max_200s: int = 2
    """200-mile cards a side may play per hand."""
    deck: DeckCounts | None = None
    """The card counts, or ``None`` for the standard deck of the table and variants."""
    small_table_deck: bool = True
    """Parker and French: with 2 or 3 players one each of STOP, ACCIDENT, OUT_OF_GAS, FLAT_TIRE
    and SPEED_LIMIT is taken out of the standard deck (the other rulebooks keep all 106 cards)."""
    safety_extra_turn: SafetyExtraTurn = "always"
    """``"always"`` (Parker); ``"while_drawing"`` (French): no extra turn for a normal safety
    once the draw pile is empty."""
    hazard_stacking: HazardStacking = "none"
    """``"none"`` (Parker), ``"topmost"`` (Wikipedia), ``"accumulate"`` (game room variant)."""
    coup_fourre: CoupFourreRule = "attacked_side"
    """Who may answer a hazard by coup fourré: a member of the attacked side (Parker), any player
    (Wikipedia), or nobody."""
    safety_cancel: SafetyCancel = "needs_roll"
    """After a normal safety cancels a battle hazard: a ROLL is needed (``"needs_roll"``), or the
    side is as before the hazard (``"restores"``)."""
    discard: DiscardRule = "any"
    """``"any"`` card may be discarded, or only cards that could not be played."""
    hand_end: HandEnd = "all_hands_empty"
    """Without a completed trip the hand ends when every hand is empty (and the draw pile), or
    as soon as a player due to play has no cards (game room)."""
    reshuffle_discards: bool = False
    """Game room variant: an empty draw pile is refilled from the shuffled discards."""
    reshuffle_limit: int = 3
    """At most this many reshuffles per hand, so that every hand ends."""
    wrong_way: bool = False
    """Game room variant: WRONG_WAY / END_OF_WRONG_WAY cards."""
    scoring: Scoring = Scoring()
    """The points; see :class:`Scoring`."""
    target_score: int | None = 5000
    """Play hands until a side reaches this total; ``None``: a single hand."""
    sides: int = attrs.field(init=False, repr=False, eq=False)
    """The number of sides (teams, or players in individual play): ``players // team_size``,
    computed once when the value is built (not an argument, and not part of equality or JSON)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "sides", _check_table(self.players, self.team_size))
        _validate(self)

    def __repr__(self) -> str:
        # attrs would name the race fields by their private names; show what the constructor takes.
        fields = ", ".join(f"{field.alias}={getattr(self, field.name)!r}" for field in _ARGUMENTS)
        return f"Rules({fields})"

    @property
    def race(self) -> int:
        """Miles to travel exactly: the number given, or the table's (700, or 1000 for two teams)."""
        race = self._race
        return _table_race(self.players, self.team_size) if race is BY_TABLE else race

    @property
    def extension_to(self) -> int | None:
        """The longer race the side that completes ``race`` may call (``None``: no extension): the
        value given, or by table 1000 after a 700 race and none otherwise."""
        extension = self._extension_to
        if extension is BY_TABLE:
            return 1000 if self.race == 700 else None
        return extension

    def side_of(self, seat: int) -> int:
        """The side that ``seat`` plays for.

        >>> [Rules(players=6, team_size=2).side_of(seat) for seat in range(6)]
        [0, 1, 2, 0, 1, 2]
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ArgumentError(f"seat is a number from 0 to {self.players - 1}, not {shown(seat)}")
        return seat % self.sides

    def composition(self) -> dict[Card, int]:
        """How many of each card the deck holds."""
        if self.deck is not None:
            return {card: count for card, count in self.deck if count}
        counts = dict(STANDARD_COUNTS)
        if self.players <= 3 and self.small_table_deck:
            for card in SMALL_TABLE_REMOVED:
                counts[card] -= 1
        if self.wrong_way:
            counts.update(WRONG_WAY_COUNTS)
        return counts

    def deck_cards(self) -> tuple[Card, ...]:
        """Every card of the deck, sorted (built once per rules value)."""
        return self._deck_cards

    @functools.cached_property
    def _deck_cards(self) -> tuple[Card, ...]:
        counts = self.composition()
        return tuple(chain.from_iterable(repeat(card, counts.get(card, 0)) for card in Card))

    @classmethod
    @_keywords_checked
    def parker(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = True,
        safety_extra_turn: SafetyExtraTurn = "always", hazard_stacking: HazardStacking = "none",
        coup_fourre: CoupFourreRule = "attacked_side", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _PARKER_SCORING, target_score: int | None = 5000,
    ) -> Rules:
        """Parker Brothers' rules (see docs/rules/mille-bornes.md), the default: 700 or 1000 miles by table.

        >>> Rules.parker(players=6, team_size=2).race
        700
        >>> Rules.parker(player=4)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: Rules.parker() has no option 'player'; its options are players, ...
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def french(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = True,
        safety_extra_turn: SafetyExtraTurn = "while_drawing", hazard_stacking: HazardStacking = "none",
        coup_fourre: CoupFourreRule = "attacked_side", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _PARKER_SCORING, target_score: int | None = 5000,
    ) -> Rules:
        """The French rules: as Parker, but no extra turn for a normal safety once the draw pile
        is empty.

        >>> Rules.french(players=3).safety_extra_turn
        'while_drawing'
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def wikipedia(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = False,
        safety_extra_turn: SafetyExtraTurn = "always", hazard_stacking: HazardStacking = "topmost",
        coup_fourre: CoupFourreRule = "any_player", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _WIKIPEDIA_SCORING, target_score: int | None = 5000,
    ) -> Rules:
        """The Spanish Wikipedia article's rules (see docs/rules/mille-bornes.md): hazards stack
        (only the top counts), any player may call a coup fourré, all 106 cards at every table,
        and the extension bonus only for a caller who completes the longer trip; pass
        ``race=1000, extension_to=1200`` for the long race it describes.

        >>> rules = Rules.wikipedia(race=1000, extension_to=1200)
        >>> rules.hazard_stacking, rules.coup_fourre, rules.race, rules.extension_to
        ('topmost', 'any_player', 1000, 1200)
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def room(
        cls, *, players: int = 2, team_size: int = 1, accumulate: bool = False,
        reshuffle: bool = False, wrong_way: bool = False, race: int | ByTable = 1000,
        extension_to: int | ByTable | None = None, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = False,
        safety_extra_turn: SafetyExtraTurn = "always", coup_fourre: CoupFourreRule = "attacked_side",
        safety_cancel: SafetyCancel = "needs_roll", discard: DiscardRule = "unplayable_only",
        hand_end: HandEnd = "any_hand_empty", reshuffle_limit: int = 3,
        scoring: Scoring = _ROOM_SCORING, target_score: int | None = 5000,
    ) -> Rules:
        """The online game room's rules (see docs/rules/mille-bornes.md): race 1000 without
        extension, its scoring, only unplayable cards may be discarded, the hand ends when a
        player due to play has no cards. Its three variants are switches, off unless asked for:
        ``accumulate`` (accumulated attacks: ``hazard_stacking="accumulate"``), ``reshuffle``
        (``reshuffle_discards=True``) and ``wrong_way`` (the wrong-way card).

        >>> rules = Rules.room(players=4, accumulate=True)
        >>> rules.race, rules.hazard_stacking, rules.reshuffle_discards
        (1000, 'accumulate', False)
        >>> Rules.room(accumulate="no")
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: Rules.room(accumulate=...) is True or False, not 'no'
        """
        for name, switch in (("accumulate", accumulate), ("reshuffle", reshuffle), ("wrong_way", wrong_way)):
            if type(switch) is not bool:
                raise RulesError(f"Rules.room({name}=...) is True or False, not {shown(switch)}")
        return cls(
            players=players, team_size=team_size, race=race, extension_to=extension_to,
            hand_size=hand_size, max_200s=max_200s, deck=deck, small_table_deck=small_table_deck,
            safety_extra_turn=safety_extra_turn,
            hazard_stacking="accumulate" if accumulate else "none", coup_fourre=coup_fourre,
            safety_cancel=safety_cancel, discard=discard, hand_end=hand_end,
            reshuffle_discards=reshuffle, reshuffle_limit=reshuffle_limit, wrong_way=wrong_way,
            scoring=scoring, target_score=target_score,
        )


def _check_table(players: object, team_size: object) -> int:
    """The number of sides of the table, if it is one the rules allow."""
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise RulesError(f"Mille Bornes is played by 2 to {MAX_PLAYERS} players, not {shown(players)}")
    if type(team_size) is not int or team_size < 1 or players % team_size:
        raise RulesError(f"{players} players cannot sit in sides of {shown(team_size)}")
    if players // team_size < 2:
        raise RulesError("Mille Bornes needs at least two sides")
    return players // team_size


def _check_whole(name: str, value: object, low: int, high: int | None) -> None:
    if type(value) is not int or value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise RulesError(f"Rules.{name} is a whole number {bounds}, not {shown(value)}")


def _validate(rules: Rules) -> None:
    # Every check is cheap and comes before anything is built from the values: a rules value read
    # from untrusted JSON costs time linear in its own size, whatever numbers it holds.
    race = rules._race
    if race is not BY_TABLE:
        _check_whole("race", race, 25, MAX_MILES)
        if race % 25:
            raise RulesError(f"a race is a multiple of 25 miles, not {race}")
    extension = rules._extension_to
    if extension is not BY_TABLE and extension is not None:
        _check_whole("extension_to", extension, 25, MAX_MILES)
        if extension <= rules.race or extension % 25:
            raise RulesError(f"an extension goes beyond the race by a multiple of 25, not to {extension}")
    _check_whole("hand_size", rules.hand_size, 1, None)
    _check_whole("max_200s", rules.max_200s, 0, None)
    _check_whole("reshuffle_limit", rules.reshuffle_limit, 0, MAX_RESHUFFLES)
    if rules.target_score is not None:
        _check_whole("target_score", rules.target_score, 1, MAX_TARGET_SCORE)
    for name, choices in OPTION_CHOICES.items():
        if getattr(rules, name) not in choices:
            raise RulesError(f"Rules.{name} is one of {', '.join(choices)}, "
                             f"not {shown(getattr(rules, name))}")
    for name in _BOOL_FIELDS:
        if type(getattr(rules, name)) is not bool:
            raise RulesError(f"Rules.{name} is True or False, not {shown(getattr(rules, name))}")
    if type(rules.scoring) is not Scoring:
        raise RulesError("Rules.scoring is a Scoring value")
    if rules.deck is not None:
        _check_deck(rules)
    counts = rules.composition()
    cards = sum(counts.values())
    if rules.players * rules.hand_size > cards:
        raise RulesError(f"a deck of {cards} cards cannot deal {rules.players} hands "
                         f"of {shown(rules.hand_size)}")
    points = rules.scoring
    if rules.target_score is not None and not can_score(
        points._worth_points, counts, players=rules.players, team_size=rules.team_size,
        hand_size=rules.hand_size, race=rules.race, extension_to=rules.extension_to,
        max_200s=rules.max_200s, coups_fourres=rules.coup_fourre != "off",
        accumulate=rules.hazard_stacking == "accumulate",
        all_safeties_needs_trip=points.all_safeties_needs_trip,
        extension_failure_to_opponents=points.extension_failure_to_opponents,
    ):
        raise RulesError(
            f"a match to {rules.target_score} points could never end: no line of this Scoring that "
            "is worth points can be earned under these rules with this deck (play a single hand "
            "with target_score=None, or give points to a line that can be earned)"
        )


_HINTS = get_type_hints(Rules)
OPTION_CHOICES: Mapping[str, tuple[str, ...]] = {
    name: get_args(hint) for name, hint in _HINTS.items() if get_origin(hint) is Literal
}
"""The choices of each option that is one of a few words, read from its ``Literal`` type.

>>> OPTION_CHOICES["hazard_stacking"]
('none', 'topmost', 'accumulate')
"""
_BOOL_FIELDS = tuple(name for name, hint in _HINTS.items() if hint is bool)
_ARGUMENTS = tuple(field for field in attrs.fields(Rules) if field.init)


def _check_deck(rules: Rules) -> None:
    """Refuse a deck given as counts that is not one, in time linear in the length of the counts
    (each card is counted once, so at most one pair per kind of card is read)."""
    deck = rules.deck
    if type(deck) is not tuple:
        raise RulesError("Rules.deck is a tuple of (card, count) pairs")
    seen: set[Card] = set()
    total = 0
    for pair in deck:
        if (type(pair) is not tuple or len(pair) != 2 or type(pair[0]) is not Card
                or type(pair[1]) is not int or pair[1] < 0):
            raise RulesError(f"Rules.deck holds (card, count) pairs, not {shown(pair)}")
        card, count = pair
        if card in seen:
            raise RulesError(f"Rules.deck counts {card.name} twice")
        seen.add(card)
        total += count
        if total > MAX_DECK_CARDS:
            raise RulesError(f"a deck holds at most {MAX_DECK_CARDS} cards")
        if count and card in WRONG_WAY_COUNTS and not rules.wrong_way:
            raise RulesError("WRONG_WAY and END_OF_WRONG_WAY cards need wrong_way=True")


def configure_rules_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` the JSON of :class:`Rules` (the game's registration calls this).

    Every argument is written under its constructor name; a race or an extension that follows the
    table is written ``"by_table"``, so that it still follows the table when read back (a number
    stays a number, ``null`` is no extension). A missing field takes its default.
    """
    converter.register_unstructure_hook(
        Rules, make_dict_unstructure_fn(Rules, converter, _cattrs_use_alias=True)
    )
    converter.register_structure_hook(
        Rules,
        make_dict_structure_fn(
            Rules, converter, _cattrs_use_alias=True,
            _race=override(struct_hook=_structure_race),
            _extension_to=override(struct_hook=_structure_extension),
        ),
    )


def _structure_race(value: object, _: object) -> int | ByTable:
    if value == BY_TABLE.value:
        return BY_TABLE
    if type(value) is not int:
        raise SerializationError(f'expected a whole number of miles or "by_table", got {shown(value)}')
    return value


def _structure_extension(value: object, _: object) -> int | ByTable | None:
    return None if value is None else _structure_race(value, None)
