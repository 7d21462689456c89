"""The rules of a Mille Bornes game: :class:`Rules`, its options, and the game's names.

Every point where the rulebooks disagree is a field (the values each takes are in
:mod:`~cardrules.games.mille_bornes.options`); each rulebook is a preset, a classmethod
(:mod:`~cardrules.games.mille_bornes.presets`) that takes every option as a keyword and returns an
ordinary ``Rules`` value whose fields can be changed with ``attrs.evolve``. A rules value is checked
when it is built: its table, its options, numbers within the limits, and a deck of at most
``MAX_DECK_CARDS`` cards that deals every hand and, for a match, under which the match ends (see
:mod:`~cardrules.games.mille_bornes.termination`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from itertools import chain, repeat
from typing import Final, Literal, get_args, get_origin, get_type_hints

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from cardrules.arguments import check_instance, shown
from cardrules.errors import ArgumentError, RulesError, SerializationError
from cardrules.games.mille_bornes.cards import (
    SMALL_TABLE_REMOVED,
    STANDARD_COUNTS,
    WRONG_WAY_COUNTS,
    Card,
)
from cardrules.games.mille_bornes.options import (
    BY_TABLE,
    MAX_MILES,
    MAX_PLAYERS,
    MAX_RESHUFFLES,
    MAX_TARGET_SCORE,
    ByTable,
    CoupFourreRule,
    DeckCounts,
    DiscardRule,
    HandEnd,
    HazardStacking,
    SafetyCancel,
    SafetyExtraTurn,
    Scoring,
)
from cardrules.games.mille_bornes.presets import Presets
from cardrules.games.mille_bornes.termination import check_deck, check_match_ends

__all__ = [
    "BY_TABLE",
    "MAX_MILES",
    "MAX_PLAYERS",
    "MAX_RESHUFFLES",
    "MAX_TARGET_SCORE",
    "NAME",
    "OPTION_CHOICES",
    "RULES_VERSION",
    "TITLE",
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
    "deck",
]

NAME = "mille-bornes"
"""The game's name in the registry and on the command line."""

TITLE = "Mille Bornes"
"""The game's name for people."""

RULES_VERSION = 1
"""Bumped whenever a rule's implementation changes what a recorded game would do."""


_PARKER_SCORING: Final = Scoring()


def _table_race(players: int, team_size: int) -> int:
    # Parker: two partnerships race 1000; individual play and three partnerships race 700.
    return 1000 if team_size > 1 and players // team_size == 2 else 700


@attrs.frozen(kw_only=True)
class Rules(Presets):
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
    ``s % sides`` (see :meth:`side_of`)."""
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
    scoring: Scoring = _PARKER_SCORING
    """The points; see :class:`Scoring`."""
    target_score: int | None = 5000
    """Play hands until a side reaches this total; ``None``: a single hand."""
    sides: int = attrs.field(init=False, repr=False, eq=False)
    """The number of sides (teams, or players in individual play): ``players // team_size``,
    computed once when the value is built (not an argument, and not part of equality or JSON)."""
    side_of_seat: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """The side of each seat (``side_of_seat[seat]`` is ``side_of(seat)``, unchecked: the engine's
    hot path indexes it), computed once when the value is built, as ``sides``."""

    def __attrs_post_init__(self) -> None:
        sides = _check_table(self.players, self.team_size)
        object.__setattr__(self, "sides", sides)
        # Seats are interleaved around the table: the one place that says so.
        object.__setattr__(self, "side_of_seat", tuple(seat % sides for seat in range(self.players)))
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
        return self.side_of_seat[seat]

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
        return tuple(chain.from_iterable(repeat(card, count) for card, count in self._deck_counts))

    @functools.cached_property
    def _deck_counts(self) -> tuple[tuple[Card, int], ...]:
        """``(card, count)`` for each card the deck holds, in card order (built once per rules
        value: ``determinize`` reads it at every call)."""
        counts = self.composition()
        return tuple((card, counts[card]) for card in Card if counts.get(card, 0))


def deck(rules: Rules) -> tuple[Card, ...]:
    """Every card of the deck under ``rules``, sorted.

    >>> len(deck(Rules())), len(deck(Rules(players=4, team_size=2)))
    (101, 106)
    """
    return check_instance(rules, Rules, "Mille Bornes' Rules").deck_cards()


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
        check_deck(rules.deck, rules.wrong_way)
    check_match_ends(rules.composition(), rules.scoring, players=rules.players, team_size=rules.team_size,
                     hand_size=rules.hand_size, race=rules.race, extension_to=rules.extension_to,
                     max_200s=rules.max_200s, coup_fourre=rules.coup_fourre,
                     hazard_stacking=rules.hazard_stacking, target_score=rules.target_score)


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
