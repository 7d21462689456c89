"""The proof that a match under given rules ends: a dealable deck, and points some side can earn.

A deck that is one, which can deal every hand, and a line of the ``Scoring`` worth points that some
side can earn in some hand.

``Rules`` checks each of its values with :func:`check_deck` and :func:`check_match_ends` when it is
built. A match is played until a side reaches its target score, so rules under which no hand can
ever give a side a point would deal hands for ever. ``Rules`` refuses them: with a ``target_score``, some line
worth points must be one that the options and the deck allow a side to earn, in some deal and some
play, however unlikely. The check errs only towards refusing: a line it cannot show to be earnable
counts as not earnable. What each line needs:

- ``safety``: a safety in the deck (a safety may be laid on any turn).
- ``coup_fourre``: coup fourré not ``"off"``, and a hazard in the deck with its safety, that can be
  played on a side (a SPEED_LIMIT or WRONG_WAY at any time; a battle hazard on a side that moves,
  so with a ROLL in the deck, or RIGHT_OF_WAY against anything but STOP, or accumulated attacks).
- ``per_mile``: a ROLL or RIGHT_OF_WAY to start with, and a distance card no longer than the race.
- ``trip``, ``delayed_action``, ``shutout``: a trip, that is distance cards adding up to the race
  exactly (at most ``max_200s`` 200s) and a card to start with.
- ``safe_trip``: the same without a 200.
- ``all_safeties``: the four safeties (and a trip, when only the side that completed it scores them).
- ``extension``: an extension and a trip; unless the bonus goes to the opponents of a caller who
  fails, the distance cards must also go on from the race to the extension exactly (checked with the
  fewest cards that make the race, then the fewest of the rest that make the extension).

Every line also needs its cards in one side's hands: a side is sure to receive at least its deal and
one draw per seat per round of the draw pile, and it needs a card to start with plus the fewest
distance cards that make its trip (two cards for the miles or a coup fourré, four safeties for their
bonus). Driving backwards (the wrong-way variant) and reshuffled discards are not counted on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from cardrules.arguments import MAX_DECK_CARDS, shown
from cardrules.errors import RulesError
from cardrules.games.mille_bornes.cards import DISTANCES, MILES, SAFETIES, SAFETY_OF, WRONG_WAY_COUNTS, Card
from cardrules.games.mille_bornes.options import CoupFourreRule, HazardStacking, Scoring

__all__ = ["can_score", "check_deck", "check_match_ends"]

_BATTLE_HAZARDS = (Card.ACCIDENT, Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.STOP)
_TRIP_LINES = frozenset({"trip", "delayed_action", "shutout"})


def check_deck(deck: object, wrong_way: bool) -> None:
    """Refuse a deck given as counts (``Rules.deck``) that is not one, in time linear in the length
    of the counts (each card is counted once, so at most one pair per kind of card is read)."""
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
        if count and card in WRONG_WAY_COUNTS and not wrong_way:
            raise RulesError("WRONG_WAY and END_OF_WRONG_WAY cards need wrong_way=True")


def check_match_ends(
    counts: Mapping[Card, int], points: Scoring, *, players: int, team_size: int, hand_size: int,
    race: int, extension_to: int | None, max_200s: int, coup_fourre: CoupFourreRule,
    hazard_stacking: HazardStacking, target_score: int | None,
) -> None:
    """Refuse options under which a hand cannot be dealt from the deck ``counts``, or, with a
    ``target_score``, a match could never end (see :func:`can_score`)."""
    cards = sum(counts.values())
    if players * hand_size > cards:
        raise RulesError(f"a deck of {cards} cards cannot deal {players} hands of {shown(hand_size)}")
    if target_score is not None and not can_score(
        points._worth_points, counts, players=players, team_size=team_size, hand_size=hand_size,
        race=race, extension_to=extension_to, max_200s=max_200s, coups_fourres=coup_fourre != "off",
        accumulate=hazard_stacking == "accumulate", all_safeties_needs_trip=points.all_safeties_needs_trip,
        extension_failure_to_opponents=points.extension_failure_to_opponents,
    ):
        raise RulesError(
            f"a match to {target_score} points could never end: no line of this Scoring that "
            "is worth points can be earned under these rules with this deck (play a single hand "
            "with target_score=None, or give points to a line that can be earned)"
        )


def can_score(
    lines: Collection[str], counts: Mapping[Card, int], *, players: int, team_size: int,
    hand_size: int, race: int, extension_to: int | None, max_200s: int, coups_fourres: bool,
    accumulate: bool, all_safeties_needs_trip: bool, extension_failure_to_opponents: bool,
) -> bool:
    """Whether some hand can give some side points from one of ``lines`` (the names of the
    ``Scoring`` lines worth points), with the deck ``counts`` and the options given by keyword
    (``coups_fourres``: coup fourré is not off; ``accumulate``: accumulated attacks).

    >>> from cardrules.games.mille_bornes.cards import STANDARD_COUNTS
    >>> table = dict(players=2, team_size=1, hand_size=6, race=700, extension_to=1000, max_200s=2,
    ...              coups_fourres=True, accumulate=False, all_safeties_needs_trip=False,
    ...              extension_failure_to_opponents=True)
    >>> can_score({"trip"}, STANDARD_COUNTS, **table)
    True
    >>> can_score({"trip"}, {Card.ROLL: 14, Card.D200: 40}, **table)  # 700 is no sum of 200s
    False
    """
    def has(card: Card) -> bool:
        return counts.get(card, 0) > 0

    total = sum(counts.values())
    capacity = team_size * (hand_size + (total - players * hand_size) // players)
    safeties = sum(has(safety) for safety in SAFETIES)
    if "safety" in lines and safeties:
        return True
    if "coup_fourre" in lines and coups_fourres and capacity >= 2 and any(
        has(hazard) and has(SAFETY_OF[hazard])
        and (hazard not in _BATTLE_HAZARDS or accumulate or has(Card.ROLL)
             or (hazard is not Card.STOP and has(Card.RIGHT_OF_WAY)))
        for hazard in SAFETY_OF
    ):
        return True
    if "all_safeties" in lines and safeties == len(SAFETIES) and capacity >= len(SAFETIES) and (
        not all_safeties_needs_trip
    ):
        return True
    if not (has(Card.ROLL) or has(Card.RIGHT_OF_WAY)):
        return False  # no side can ever move: nothing below can be earned
    distances = {card: min(counts.get(card, 0), max_200s if card is Card.D200 else total)
                 for card in DISTANCES}
    if "per_mile" in lines and capacity >= 2 and any(
        count and MILES[card] <= race for card, count in distances.items()
    ):
        return True
    trip = _fewest_cards(distances, race)
    if trip is None or 1 + trip.total() > capacity:
        return False  # every line left needs a completed trip
    if not _TRIP_LINES.isdisjoint(lines):
        return True
    if "all_safeties" in lines and safeties == len(SAFETIES) and (
        1 + trip.total() + len(SAFETIES) <= capacity
    ):
        return True
    if "safe_trip" in lines:
        safe = _fewest_cards({**distances, Card.D200: 0}, race)
        if safe is not None and 1 + safe.total() <= capacity:
            return True
    if "extension" in lines and extension_to is not None:
        if extension_failure_to_opponents:
            return True
        rest = _fewest_cards(dict(Counter(distances) - trip), extension_to - race)
        return rest is not None and 1 + trip.total() + rest.total() <= capacity
    return False


def _fewest_cards(available: Mapping[Card, int], miles: int) -> Counter[Card] | None:
    """The fewest distance cards of ``available`` adding up to ``miles`` exactly, or ``None``."""
    target = miles // 25
    # Binary splitting: c copies of a card become items of 1, 2, 4, ... copies, so that any number
    # of copies from 0 to c is a sum of distinct items and the search is a 0/1 knapsack over
    # O(log c) items per card, in time O(target × log c).
    items: list[tuple[Card, int, int]] = []
    for card, count in available.items():
        units = MILES[card] // 25
        left, size = min(count, target // units), 1
        while left > 0:
            take = min(size, left)
            items.append((card, take, take * units))
            left -= take
            size *= 2
    unreachable = target + 1  # more cards than any sum of ``target`` units can need
    fewest = [0] + [unreachable] * target
    taken: list[list[bool]] = []  # per item, per sum: whether the item is in the fewest cards
    for _, take, weight in items:
        uses = [False] * (target + 1)
        for reach in range(target, weight - 1, -1):
            if fewest[reach - weight] + take < fewest[reach]:
                fewest[reach] = fewest[reach - weight] + take
                uses[reach] = True
        taken.append(uses)
    if fewest[target] == unreachable:
        return None
    used: Counter[Card] = Counter()
    reach = target
    for (card, take, weight), uses in zip(reversed(items), reversed(taken), strict=True):
        if uses[reach]:
            used[card] += take
            reach -= weight
    return used
