"""A stronger Mille Bornes bot: :class:`ExpertBot` counts the cards it has not seen and plays by the odds.

It decides from its own seat's observation only.

What it knows is what a careful player at the table knows: the deck of the rules in force, its own
hand, every tableau, the discard pile, the cards a coup fourré window revealed, and how many cards
each hand and the draw pile hold. Everything else is a probability over the unseen cards (the
other hands and the draw pile, which it cannot tell apart). From that it decides:

- **Coups fourrés**: always called (a safety's points, 300 more, the hazard wasted, a free turn).
- **Before the finish**: every safety still in hand is played before the card that completes the
  trip (each gives another turn; held when the hand ends, it would score nothing).
- **Safeties**: held back for a coup fourré while one of their hazards is unseen and likely to be
  played on its side before the hand ends; played when nothing is left to wait for, when the odds
  have fallen (few cards left, a race end near), or when holding one would cost a better card.
  Playing a safety never costs a turn (it gives another), so a safety not worth holding is played
  at once.
- **Card counting**: how many of each hazard and remedy are still unseen sets the worth of a remedy
  (none left to fear: discard it; a REPAIRS, GASOLINE or SPARE_TIRE is kept at half a ROLL's worth:
  one particular hazard seldom comes, and its remedy crowds distance out of the hand), the damage
  of a hazard (how long the target will wait for its remedy) and the risk of a coup fourré against
  it.
- **The race end**: the distance that lands exactly on the target, keeping the small cards that
  can finish it; a 200 only when the tempo is worth the safe-trip bonus it gives up, never beyond
  the limit; the extension by the odds of finishing the longer race first.
- **Whom to attack**: the opponent side most likely to win (miles, safeties, points so far, and
  how near it is to the finish), at any table and with teams.
"""

from __future__ import annotations

import math
import sys
from collections import Counter

from cardrules.arguments import check_legal, shown
from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    KIND,
    MILES,
    PROTECTS,
    REMEDY_OF,
    SAFETY_OF,
    Card,
    CardKind,
)
from cardrules.games.mille_bornes.flow import can_reshuffle
from cardrules.games.mille_bornes.moves import COUP_FOURRE, DECLINE, EXTEND, Discard, Move, Play
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import Observation, unseen_counts
from cardrules.games.mille_bornes.tableau import Tableau
from cardrules.games.mille_bornes.validation import check_observation

__all__ = ["ExpertBot"]

_ROW = Card.RIGHT_OF_WAY
_ACE = Card.DRIVING_ACE
_ROLL = Card.ROLL
_STOP = Card.STOP
_LIMIT = Card.SPEED_LIMIT
_WRONG = Card.WRONG_WAY

_TURN = 70.0
"""Miles a moving side covers in an average turn: the exchange rate of a turn into points."""
_FINISH = 10_000.0
"""The worth of completing the trip: above every other move."""
_HAZARD_OF = {remedy: hazard for hazard, remedy in REMEDY_OF.items()}
"""The hazard each remedy answers."""
_SHORT_REMAINDER = {25: 40.0, 50: 20.0, 75: 10.0}
"""What a drive costs that leaves this small a remainder the hand cannot finish, before
``short_remainder_weight`` (3 measured best): one exact small card is needed, and 25s are the
scarcest finishers (a custom race may leave other remainders: they cost the most)."""


class ExpertBot:
    """Mille Bornes by the odds, from the observation alone (see the module docstring).

    Every option has a default that measured best; they are there to measure variations:

    - ``hold_safeties``: the least worth (in points) of waiting for a coup fourré for which a
      safety is held back; a safety worth less is played at once.
    - ``aggression``: the weight of an attack's damage against the miles of driving.
    - ``safe_trip_weight``: how much of the safe-trip bonus a first 200 is charged.
    - ``caution``: the weight of the risk that an attack is answered by a coup fourré.
    - ``battle_remedy_worth``: what keeping a REPAIRS, GASOLINE or SPARE_TIRE is worth (in tenths
      of a 100's miles, the scale of every keep value) when its hazard is as good as sure to come.
    - ``short_remainder_weight``: the weight of what a drive costs that leaves a remainder the
      hand cannot finish (40 points for 25 miles, 20 for 50, 10 for 75, times this weight).
    - ``safeties_before_finish``: play every safety in hand before the distance that completes the
      trip (when a safety is sure to give another turn).

    The previous bot (before issue 20) is ``ExpertBot(battle_remedy_worth=30,
    short_remainder_weight=1, safeties_before_finish=False)``. A negative or non-finite number, or a
    ``safeties_before_finish`` that is not a bool, raises :class:`~cardrules.errors.ArgumentError`.

    The bot keeps nothing between calls: the same observation and legal moves always give the same
    move, so it can roll out games for a search (``ISMCTSBot(rollout=ExpertBot())``).

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe, legal_moves
    >>> state = new_game(Rules(), seed=1)
    >>> str(ExpertBot().choose(observe(state, 0), legal_moves(state)))
    'roll'
    """

    def __init__(self, *, hold_safeties: float = 60.0, aggression: float = 1.0,
                 safe_trip_weight: float = 0.0, caution: float = 1.0,
                 battle_remedy_worth: float = 15.0, short_remainder_weight: float = 3.0,
                 safeties_before_finish: bool = True) -> None:
        for name, value in (("hold_safeties", hold_safeties), ("aggression", aggression),
                            ("safe_trip_weight", safe_trip_weight), ("caution", caution),
                            ("battle_remedy_worth", battle_remedy_worth),
                            ("short_remainder_weight", short_remainder_weight)):
            # <= max, not isfinite: isfinite cannot convert a whole number past a float's range.
            if type(value) not in (int, float) or not 0 <= value <= sys.float_info.max:
                raise ArgumentError(f"ExpertBot's {name} is a finite number >= 0, not {shown(value)}")
        if type(safeties_before_finish) is not bool:
            raise ArgumentError(f"ExpertBot's safeties_before_finish is True or False, not "
                                f"{shown(safeties_before_finish)}")
        self.hold_safeties = float(hold_safeties)
        self.aggression = float(aggression)
        self.safe_trip_weight = float(safe_trip_weight)
        self.caution = float(caution)
        self.battle_remedy_worth = float(battle_remedy_worth)
        self.short_remainder_weight = float(short_remainder_weight)
        self.safeties_before_finish = safeties_before_finish

    def __repr__(self) -> str:
        return (f"ExpertBot(hold_safeties={self.hold_safeties}, aggression={self.aggression}, "
                f"safe_trip_weight={self.safe_trip_weight}, caution={self.caution}, "
                f"battle_remedy_worth={self.battle_remedy_worth}, "
                f"short_remainder_weight={self.short_remainder_weight}, "
                f"safeties_before_finish={self.safeties_before_finish})")

    def choose(self, observation: Observation, legal: tuple[Move, ...]) -> Move:
        """The move to make, one of ``legal``.

        An observation the library does not vouch for (built by hand rather than by ``observe``)
        is checked first (:func:`~cardrules.games.mille_bornes.validation.check_observation`):
        one that no game could show raises :class:`~cardrules.errors.InvalidStateError`.
        """
        check_observation(observation)
        check_legal(legal)
        if len(legal) == 1:
            return legal[0]
        if COUP_FOURRE in legal:
            return COUP_FOURRE
        if EXTEND in legal:
            return EXTEND if _Odds(observation).extension_pays() else DECLINE
        odds = _Odds(observation)
        if self.safeties_before_finish:
            cashed = self._safety_before_finish(odds, legal)
            if cashed is not None:
                return cashed
        best = legal[0]
        best_value = -math.inf
        for move in legal:
            if isinstance(move, Play):
                value = self._play_value(odds, move)
            elif isinstance(move, Discard):
                value = -self._keep_value(odds, move.card)
            else:
                continue
            if value > best_value:
                best, best_value = move, value
        return best

    def _safety_before_finish(self, odds: _Odds, legal: tuple[Move, ...]) -> Move | None:
        """A safety to play first when the trip can be completed now: the hand may end with the trip,
        and a safety still in hand then scores nothing, while playing it gives another turn in which
        the finishing card is still in hand."""
        left = odds.target - odds.mine.miles
        if odds.mine.wrong_way or not any(
                isinstance(move, Play) and MILES.get(move.card) == left for move in legal):
            return None
        table = odds.table
        extra_turn = odds.rules.safety_extra_turn == "always" or table.draw_pile_size > 0 or can_reshuffle(
            odds.rules, table.discard_pile, table.reshuffles)
        if not extra_turn:
            return None
        return next((move for move in legal if isinstance(move, Play) and KIND[move.card] is CardKind.SAFETY),
                    None)

    # -- playing -------------------------------------------------------------------------------

    def _play_value(self, odds: _Odds, move: Play) -> float:
        card = move.card
        kind = KIND[card]
        if kind is CardKind.DISTANCE:
            return self._drive_value(odds, MILES[card])
        if kind is CardKind.SAFETY:
            return self._safety_value(odds, card)
        if kind is CardKind.REMEDY:
            return self._remedy_value(odds, card)
        assert move.side is not None  # a hazard always names its target
        return self._attack_value(odds, card, move.side)

    def _drive_value(self, odds: _Odds, miles: int) -> float:
        mine = odds.mine
        if mine.wrong_way:
            return -miles - 50.0  # backwards: worse than any discard but a safety's
        left = odds.target - mine.miles
        if miles == left:
            return _FINISH
        after = left - miles
        value = float(miles)
        rest = list(odds.hand_miles)
        rest.remove(miles)
        if after in _sums(rest, odds.twos_left - (miles == 200)):
            value += 20.0
        elif after <= 75:
            value -= _SHORT_REMAINDER.get(after, 40.0) * self.short_remainder_weight
        if miles == 200 and mine.twos == 0:
            value -= odds.rules.scoring.safe_trip * self.safe_trip_weight
        return value

    def _remedy_value(self, odds: _Odds, card: Card) -> float:
        mine = odds.mine
        if card is Card.END_OF_LIMIT:
            left = odds.target - mine.miles
            if left <= 50 or not any(miles > 50 for miles in odds.hand_miles):
                return 30.0
            return 90.0 if mine.problems or not mine.moving else 160.0
        if card is Card.END_OF_WRONG_WAY:
            return 700.0
        if card is _ROLL:
            return 650.0
        return 700.0

    def _safety_value(self, odds: _Odds, card: Card) -> float:
        mine = odds.mine
        relieves = any(hazard in mine.problems for hazard in PROTECTS[card]) or (
            card is _ROW and (mine.limited or (not mine.rolling and _ROLL not in odds.hand))
        ) or (card is _ACE and mine.wrong_way)
        if relieves:
            return 900.0
        if odds.hold_worth(card) < self.hold_safeties:
            return 850.0
        return -math.inf

    def _attack_value(self, odds: _Odds, hazard: Card, side: int) -> float:
        damage = odds.damage(hazard, side) * odds.threat(side)
        risk = odds.p_side_kept(side, SAFETY_OF[hazard]) * odds.coup_fourre_points * self.caution
        return 100.0 + self.aggression * damage - risk

    # -- keeping -------------------------------------------------------------------------------

    def _keep_value(self, odds: _Odds, card: Card) -> float:
        """How much the bot wants to keep ``card`` (the lowest is discarded)."""
        kind = KIND[card]
        held = odds.hand[card]
        if kind is CardKind.SAFETY:
            return 10_000.0  # playing it is always legal and never worse than discarding it
        if kind is CardKind.DISTANCE:
            return self._keep_distance(odds, MILES[card], held)
        if kind is CardKind.HAZARD:
            safety = SAFETY_OF[card]
            best = max((odds.damage(card, side) * odds.threat(side)
                        - odds.p_side_kept(side, safety) * odds.coup_fourre_points
                        for side in odds.opponents if safety not in odds.table.tableaux[side].safeties),
                       default=None)
            if best is None:
                return 0.0
            return max(1.0, 0.15 * best) - 4.0 * (held - 1)
        return self._keep_remedy(odds, card, held)

    def _keep_distance(self, odds: _Odds, miles: int, held: int) -> float:
        mine = odds.mine
        left = odds.target - mine.miles
        if miles == 200 and odds.twos_left <= 0:
            return 0.0
        if miles > left:
            return 0.0 if odds.table.extended_by is not None or odds.rules.extension_to is None else 1.0
        value = miles / 10
        if miles == 200 and mine.twos == 0:
            value -= odds.rules.scoring.safe_trip * self.safe_trip_weight / 40
        if left <= 300 and (miles == left or (left - miles) in _sums(
                [m for m in odds.hand_miles if m != miles] + [miles] * (held - 1), odds.twos_left)):
            value += 15.0
        if miles <= 50:
            value += 3.0  # the finishers
        return value - 2.0 * (held - 1)

    def _keep_remedy(self, odds: _Odds, card: Card, held: int) -> float:
        mine = odds.mine
        hazard = _HAZARD_OF[card]
        if card is _ROLL:
            if odds.protected(_ROW):
                return 0.0
            need = (0.0 if mine.rolling else 1.0) + sum(
                odds.expected_attacks(h) for h in BATTLE_HAZARDS if not odds.protected(SAFETY_OF[h]))
            return 30.0 * min(1.5, need) / held
        if odds.protected(SAFETY_OF[hazard]):
            return 0.0
        in_effect = hazard in mine.problems or (hazard is _LIMIT and mine.limited) or (
            hazard is _WRONG and mine.wrong_way)
        need = (1.0 if in_effect else 0.0) + odds.expected_attacks(hazard)
        worth = 15.0 if hazard is _LIMIT else 30.0 if hazard is _WRONG else self.battle_remedy_worth
        return worth * min(1.0, need) / held


class _Odds:
    """What one decision needs to know, worked out once from the observation: the unseen cards,
    who may hold what, and the worth of each hazard against each side."""

    def __init__(self, observation: Observation) -> None:
        self.obs = observation
        self.rules = rules = observation.rules
        self.table = table = observation.table
        self.side = side = observation.side
        self.mine: Tableau = table.tableaux[side]
        self.target = table.target
        self.hand = Counter(observation.hand)
        self.hand_miles = [MILES[card] for card in observation.hand if card in MILES]
        self.twos_left = rules.max_200s - self.mine.twos
        self.unseen = unseen_counts(observation)
        self.unseen_total = max(1, sum(self.unseen.values()))
        self.opponents = [other for other in range(rules.sides) if other != side]
        seats = range(rules.players)
        self.seats_of = [[seat for seat in seats if rules.side_of_seat[seat] == s]
                         for s in range(rules.sides)]
        self.hidden_of = [sum(table.hand_sizes[seat] - len(table.revealed[seat]) for seat in self.seats_of[s]
                              if seat != observation.seat) for s in range(rules.sides)]
        points = rules.scoring
        self.coup_fourre_points = points.safety + points.coup_fourre + _TURN
        self.rounds_left = table.draw_pile_size / rules.players + rules.hand_size / 2
        # Cards each seat has had this hand (dealt or drawn), as if the draws went round evenly.
        drawn = max(0, len(rules.deck_cards()) - rules.hand_size * rules.players - table.draw_pile_size)
        self.had = [rules.hand_size + drawn / rules.players] * rules.players
        nearest = min(self.target - t.miles for t in table.tableaux)
        self._time_left = max(0.05, min(1.0, nearest / (3 * _TURN), self.rounds_left / 6))
        self._expected: dict[Card, float] = {}

    # -- who holds what ------------------------------------------------------------------------

    def protected(self, safety: Card) -> bool:
        """Whether this side has ``safety``, on its tableau or in this seat's hand."""
        return safety in self.mine.safeties or safety in self.hand

    def revealed_in(self, side: int, card: Card) -> bool:
        return any(card in self.table.revealed[seat] for seat in self.seats_of[side])

    def p_side_holds(self, side: int, card: Card) -> float:
        """The chance that some hand of ``side`` holds ``card`` now (1 when a window showed it)."""
        if self.revealed_in(side, card):
            return 1.0
        copies = self.unseen[card] - sum(revealed.count(card) for revealed in self.table.revealed)
        return _p_any(self.unseen_total, copies, self.hidden_of[side])

    def p_side_kept(self, side: int, safety: Card) -> float:
        """The chance that some hand of ``side`` holds ``safety``, a card players keep once they
        have it: an unseen safety is in the hand of a seat that has had it (every card it was dealt
        or drew) or still in the draw pile, in proportion to those cards."""
        if self.revealed_in(side, safety):
            return 1.0
        copies = self.unseen[safety] - sum(revealed.count(safety) for revealed in self.table.revealed)
        if copies <= 0:
            return 0.0
        theirs = sum(self.had[seat] for seat in self.seats_of[side] if seat != self.obs.seat)
        others = sum(self.had[seat] for seat in range(self.rules.players) if seat != self.obs.seat)
        share = theirs / max(1.0, others + self.table.draw_pile_size)
        return 1.0 - (1.0 - share) ** copies

    def expected_attacks(self, hazard: Card) -> float:
        """How many ``hazard`` cards the opponents may still play on this side: each unseen copy
        ends with them in proportion to the cards they will hold or draw before the hand ends."""
        # Memoized: one decision asks for the same hazard once per card it weighs.
        expected = self._expected.get(hazard)
        if expected is None:
            expected = 0.0
            copies = self.unseen[hazard]
            if copies > 0:
                their_seats = sum(len(self.seats_of[side]) for side in self.opponents)
                theirs = sum(self.hidden_of[side] for side in self.opponents) \
                    + self.table.draw_pile_size * their_seats / self.rules.players
                expected = copies * min(1.0, theirs / self.unseen_total) * self._time_left
            self._expected[hazard] = expected
        return expected

    def time_left(self) -> float:
        """A rough chance that the hand goes on for a while yet: low once some side is near its
        finish (within three turns' miles) or the cards are nearly all drawn (six rounds)."""
        return self._time_left

    def hold_worth(self, safety: Card) -> float:
        """Points expected from holding ``safety`` for a coup fourré rather than playing it now."""
        if self.rules.coup_fourre == "off":
            return 0.0
        chance = 1.0
        for hazard in PROTECTS[safety]:
            chance *= math.exp(-self.expected_attacks(hazard))
        # Held to the end of the hand, it scores nothing: the risk grows as the end nears.
        points = self.rules.scoring
        return (1.0 - chance) * points.coup_fourre - (1.0 - self.time_left()) * points.safety

    # -- attacking -----------------------------------------------------------------------------

    def damage(self, hazard: Card, side: int) -> float:
        """Points ``hazard`` on ``side`` is expected to cost it: the turns it waits for the remedy
        (the unseen remedies are counted), a ROLL after a battle hazard, over what it could drive."""
        t = self.table.tableaux[side]
        left = self.target - t.miles
        if hazard is _LIMIT:
            if left <= 50:
                return 5.0
            wait = self._wait(side, Card.END_OF_LIMIT)
            return min(wait, self.rounds_left) * _TURN * 0.4 * len(self.seats_of[side])
        remedy = REMEDY_OF[hazard]
        wait = self._wait(side, remedy)
        if hazard in BATTLE_HAZARDS and hazard is not _STOP and _ROW not in t.safeties:
            wait += 1.0  # the ROLL after the remedy
        damage = min(wait, self.rounds_left) * _TURN
        if not t.moving and self.rules.hazard_stacking != "none":
            damage *= 0.5  # it was stopped anyway
        return damage

    def _wait(self, side: int, remedy: Card) -> float:
        """Rounds ``side`` is expected to wait before it can play ``remedy``."""
        copies = self.unseen[remedy] - sum(revealed.count(remedy) for revealed in self.table.revealed)
        has = self.p_side_holds(side, remedy)
        if copies <= 0:
            return has + (1.0 - has) * self.rounds_left
        per_round = copies * len(self.seats_of[side]) / self.unseen_total
        return has + (1.0 - has) * (1.0 + 1.0 / per_round)

    def threat(self, side: int) -> float:
        """How much an attack on ``side`` matters: 1 for the opponent most likely to win, less for
        the others, more for one near its finish."""
        def standing(s: int) -> float:
            t = self.table.tableaux[s]
            total = self.table.match.totals[s] if self.rules.target_score is not None else 0
            return total + t.miles + 100 * len(t.safeties) + 300 * len(t.coups_fourres) + 100

        best = max(standing(s) for s in self.opponents)
        weight = 1.0 if len(self.opponents) == 1 else 0.5 + 0.5 * standing(side) / best
        left = self.target - self.table.tableaux[side].miles
        return weight * (1.0 + max(0.0, 300 - left) / 300)

    # -- the extension -------------------------------------------------------------------------

    def extension_pays(self) -> bool:
        """Whether extending the race just completed is worth more than stopping now: in a single
        hand, the chance to win it; in a match, the points expected."""
        rules = self.rules
        longer = rules.extension_to
        assert longer is not None  # the window is only offered with an extension
        table = self.table
        delayed = table.draw_pile_size == 0 and not (
            rules.reshuffle_discards and table.discard_pile and table.reshuffles < rules.reshuffle_limit)
        now = score_hand(rules, table.match.hand_number, table.tableaux, self.side, None, delayed).totals
        totals = [total + points for total, points in zip(table.match.totals, now, strict=True)]
        lead = totals[self.side] - max(totals[s] for s in self.opponents)
        if rules.target_score is not None and max(totals) >= rules.target_score:
            return lead <= 0  # stopping ends the match: stop if that wins it
        odds = self.finish_odds(longer)
        points = rules.scoring
        trip_bonus = now[self.side] - self.mine.miles * points.per_mile \
            - points.safety * len(self.mine.safeties) - points.coup_fourre * len(self.mine.coups_fourres)
        gain = (longer - self.target) * points.per_mile + points.extension
        loss = trip_bonus + (points.extension if points.extension_failure_to_opponents else 0)
        if rules.target_score is None:
            if lead > 0:
                return False  # stopping wins the hand
            return odds > 0.0 and (lead < 0 or odds > 0.5)
        return odds * gain > (1.0 - odds) * loss

    def finish_odds(self, longer: int) -> float:
        """The chance of driving the ``longer - target`` miles more before any opponent side ends
        the race and before the cards run out."""
        need = longer - self.target
        # Each turn draws one card; a distance card that fits comes that often.
        fits = sum(self.unseen[card] for card, miles in MILES.items()
                   if miles <= need and (miles < 200 or self.twos_left > 0))
        in_hand = sorted((m for m in self.hand_miles if m <= need and (m < 200 or self.twos_left > 0)),
                         reverse=True)
        covered, cards = 0, 0
        for miles in in_hand:
            if covered + miles <= need:
                covered, cards = covered + miles, cards + 1
        draws = (need - covered) / 85.0 * self.unseen_total / max(1, fits)
        hazards = sum(self.expected_attacks(h) for h in BATTLE_HAZARDS if not self.protected(SAFETY_OF[h]))
        my_turns = (cards + draws) / len(self.seats_of[self.side]) + 2.0 * hazards
        available = self.rounds_left
        their_turns = min(
            ((longer - self.table.tableaux[s].miles) / _TURN + (0 if self.table.tableaux[s].moving else 2))
            / len(self.seats_of[s]) for s in self.opponents)
        in_time = _logistic((available - my_turns) / 2.0)
        first = _logistic((their_turns - my_turns) / 2.0)
        return in_time * first


def _p_any(total: int, copies: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken from ``total`` include one of ``copies`` given cards."""
    if copies <= 0 or drawn <= 0:
        return 0.0
    if drawn + copies > total:
        return 1.0
    none = 1.0
    for i in range(drawn):
        none *= (total - copies - i) / (total - i)
    return 1.0 - none


def _sums(miles: list[int], twos: int) -> set[int]:
    """Every distance the cards ``miles`` can make, using at most ``twos`` 200s."""
    reach = {(0, 0)}
    for card in miles:
        reach |= {(total + card, used + (card == 200)) for total, used in reach
                  if card != 200 or used < twos}
    return {total for total, _ in reach}


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
