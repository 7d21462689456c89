"""Mille Bornes' observation encoding and returns.

Everything is seen from the observer's seat: seats are listed from the observer on in turn order,
and sides from the observer's side on, so one policy serves every seat. Every entry lies in [0, 1].
"""

from __future__ import annotations

from typing import get_args

import numpy as np

from cardrules.games.mille_bornes import (
    BATTLE_HAZARDS,
    HAZARDS,
    MILES,
    REMEDIES,
    SAFETIES,
    Card,
    Observation,
    Phase,
    Rules,
    State,
    Tableau,
    result,
)
from cardrules.rl.encoders import Segment, Vector, check_observation, layout_of

__all__ = ["MilleBornesEncoder", "returns"]

_K = len(Card)
_PHASES: tuple[str, ...] = get_args(Phase)  # play, coup_fourre, extension, over
_BATTLE_CARDS: tuple[Card, ...] = (*BATTLE_HAZARDS, *(r for r in REMEDIES if r in (
    Card.REPAIRS, Card.GASOLINE, Card.SPARE_TIRE, Card.ROLL)))
_BATTLE_INDEX = {card: i + 1 for i, card in enumerate(_BATTLE_CARDS)}  # 0: an empty battle pile
_CARD_OF_MILES = {miles: card for card, miles in MILES.items()}
_SAFETY_INDEX = {card: i for i, card in enumerate(SAFETIES)}
_PROBLEM_INDEX = {card: i for i, card in enumerate(BATTLE_HAZARDS)}
_HAZARD_INDEX = {card: i for i, card in enumerate(HAZARDS)}


def _card_names() -> str:
    return ", ".join(card.name for card in Card)


class MilleBornesEncoder:
    """The encoder of Mille Bornes under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`).

    >>> from cardrules import rl
    >>> from cardrules.games import mille_bornes
    >>> encoder = rl.observation_encoder(mille_bornes.Rules())
    >>> encoder.shape, [segment.name for segment in encoder.layout][:3]
    ((152,), ['hand', 'unseen', 'discard_pile'])
    """

    def __init__(self, rules: Rules) -> None:
        if type(rules) is not Rules:
            raise TypeError("MilleBornesEncoder takes Mille Bornes' Rules")
        self.rules = rules
        players, sides = rules.players, rules.sides
        kinds = f"{_K} card kinds in Card order ({_card_names()})"
        self.layout: tuple[Segment, ...] = layout_of([
            ("hand", _K, f"the observer's hand: copies of each of the {kinds}, over the hand size + 1"),
            ("unseen", _K, "per card kind, copies whose place the observer does not know (other hands and "
                           "the draw pile, revealed cards excepted), over the copies in the deck"),
            ("discard_pile", _K, "per card kind, copies on the discard pile, over the copies in the deck"),
            ("battle", 9 * sides, "per side (the observer's first, then in turn order), the battle pile's "
                                  "top card one-hot: empty, ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP, "
                                  "REPAIRS, GASOLINE, SPARE_TIRE, ROLL"),
            ("problems", 4 * sides, "per side, 1 for each battle hazard in effect (ACCIDENT, OUT_OF_GAS, "
                                    "FLAT_TIRE, STOP)"),
            ("moving", sides, "per side, 1 if it may play distance (no problem; rolling or Right of Way)"),
            ("rolling", sides, "per side, 1 if a ROLL is in effect"),
            ("limited", sides, "per side, 1 if a speed limit is in effect"),
            ("wrong_way", sides, "per side, 1 if it goes the wrong way (wrong-way variant)"),
            ("miles", sides, "per side, miles travelled this hand over the longest race (extension "
                             "included)"),
            ("to_go", sides, "per side, miles left to the race's current target, over the longest race"),
            ("twos", sides, "per side, 200-mile cards played over the rules' maximum"),
            ("safeties", 4 * sides, "per side, 1 for each safety played (DRIVING_ACE, EXTRA_TANK, "
                                    "PUNCTURE_PROOF, RIGHT_OF_WAY)"),
            ("coups_fourres", 4 * sides, "per side, 1 for each safety played as a coup fourré"),
            ("revealed", 4 * players, "per seat (the observer first, then in turn order), 1 for each "
                                      "safety the table knows it holds"),
            ("hand_sizes", players, "per seat, cards in hand over the hand size + 1"),
            ("draw_pile", 1, "cards in the draw pile over the cards in the deck"),
            ("current", players, "1 at the seat that decides now (seat-relative)"),
            ("phase", 4, "one-hot: play, coup_fourre, extension, over"),
            ("window_hazard", 6, "in a coup fourré window, the hazard one-hot (ACCIDENT, OUT_OF_GAS, "
                                 "FLAT_TIRE, STOP, SPEED_LIMIT, WRONG_WAY)"),
            ("window_side", sides, "in a coup fourré window, 1 at the attacked side (side-relative)"),
            ("window_attacker", players, "in a coup fourré window, 1 at the attacker (seat-relative)"),
            ("target", 1, "the race's current target over the longest race"),
            ("extended_by", sides, "1 at the side that extended the race (side-relative)"),
            ("reshuffles", 1, "discard-pile reshuffles this hand over the rules' limit (reshuffle variant)"),
            ("totals", sides, "per side, match points from finished hands over the target score (at most "
                              "1; 0 for a single hand)"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)
        self._at = {segment.name: segment.start for segment in self.layout}
        counts = rules.composition()
        self._deck = np.array([counts.get(card, 0) for card in Card], dtype=np.float32)
        self._deck_scale = np.array([1 / n if n else 0.0 for n in self._deck], dtype=np.float32)
        self._deck_size = max(1, len(rules.deck_cards()))
        extension = rules.extension_to
        self._longest = max(rules.race, extension or 0)

    def __repr__(self) -> str:
        return f"<MilleBornesEncoder for {self.rules!r}: {self.shape[0]} entries>"

    def encode(self, observation: Observation) -> Vector:
        """The vector of ``observation`` (see :attr:`layout`).

        >>> from cardrules import rl
        >>> from cardrules.games import mille_bornes
        >>> obs = mille_bornes.observe(mille_bornes.new_game(mille_bornes.Rules(), seed=1), 0)
        >>> vector = rl.observation_encoder(obs.rules).encode(obs)
        >>> round(float(vector[Card.ROLL]) * 7) == obs.hand.count(Card.ROLL)  # hand counts over 6 + 1
        True
        """
        rules = self.rules
        if observation.__class__ is not Observation or observation.rules is not rules:
            check_observation(observation, Observation, rules, "Mille Bornes")
        at = self._at
        table = observation.table
        players, sides = rules.players, rules.sides
        seat = observation.seat
        own = seat % sides
        seats = [(seat + k) % players for k in range(players)]
        side_order = [(own + k) % sides for k in range(sides)]
        vector = np.zeros(self.shape, dtype=np.float32)
        hand = [0] * _K
        for card in observation.hand:
            hand[card] += 1
        capacity = rules.hand_size + 1
        vector[:_K] = hand
        vector[:_K] /= capacity
        seen = list(hand)
        discard = [0] * _K
        for card in table.discard_pile:
            discard[card] += 1
            seen[card] += 1
        for other, known in enumerate(table.revealed):
            if other != seat:
                for card in known:
                    seen[card] += 1
        longest = self._longest
        target = table.target
        tableaux = table.tableaux
        for j, side in enumerate(side_order):
            t: Tableau = tableaux[side]
            for card in (*t.battle, *t.speed, *t.direction, *t.safeties):
                seen[card] += 1
            for miles in t.distance:
                seen[_CARD_OF_MILES[abs(miles)]] += 1
            vector[at["battle"] + 9 * j + (_BATTLE_INDEX[t.battle[-1]] if t.battle else 0)] = 1.0
            for card in t.problems:
                vector[at["problems"] + 4 * j + _PROBLEM_INDEX[card]] = 1.0
            vector[at["moving"] + j] = t.moving
            vector[at["rolling"] + j] = t.rolling
            vector[at["limited"] + j] = t.limited
            vector[at["wrong_way"] + j] = t.wrong_way
            miles = t.miles
            vector[at["miles"] + j] = min(miles / longest, 1.0)
            vector[at["to_go"] + j] = min(max(target - miles, 0) / longest, 1.0)
            vector[at["twos"] + j] = min(t.twos / rules.max_200s, 1.0) if rules.max_200s else 0.0
            for card in t.safeties:
                vector[at["safeties"] + 4 * j + _SAFETY_INDEX[card]] = 1.0
            for card in t.coups_fourres:
                vector[at["coups_fourres"] + 4 * j + _SAFETY_INDEX[card]] = 1.0
        start = at["unseen"]
        vector[start:start + _K] = np.maximum(self._deck - np.array(seen, dtype=np.float32), 0.0) \
            * self._deck_scale
        start = at["discard_pile"]
        vector[start:start + _K] = np.array(discard, dtype=np.float32) * self._deck_scale
        for i, other in enumerate(seats):
            for card in table.revealed[other]:
                vector[at["revealed"] + 4 * i + _SAFETY_INDEX[card]] = 1.0
            vector[at["hand_sizes"] + i] = min(table.hand_sizes[other] / capacity, 1.0)
            if other == table.current:
                vector[at["current"] + i] = 1.0
        vector[at["draw_pile"]] = table.draw_pile_size / self._deck_size
        vector[at["phase"] + _PHASES.index(table.phase)] = 1.0
        window = table.window
        if window is not None:
            vector[at["window_hazard"] + _HAZARD_INDEX[window.hazard]] = 1.0
            vector[at["window_side"] + (window.side - own) % sides] = 1.0
            vector[at["window_attacker"] + (window.attacker - seat) % players] = 1.0
        vector[at["target"]] = min(target / longest, 1.0)
        if table.extended_by is not None:
            vector[at["extended_by"] + (table.extended_by - own) % sides] = 1.0
        if rules.reshuffle_limit:
            vector[at["reshuffles"]] = min(table.reshuffles / rules.reshuffle_limit, 1.0)
        goal = rules.target_score
        if goal is not None:
            totals = table.match.totals
            for j, side in enumerate(side_order):
                vector[at["totals"] + j] = min(max(totals[side], 0) / goal, 1.0)
        return vector


def returns(state: State) -> tuple[float, ...]:
    """Every seat's return once the game is over, zeros while it goes on: with ``n`` sides and a
    side's share ``s`` of the win (1 alone, ``1/k`` when ``k`` sides tie, 0 when beaten), each of
    its seats gets ``(n * s - 1) / (n - 1)`` (+1 for a win, -1 for a loss at two sides)."""
    rules = state.rules
    outcome = result(state)
    if outcome is None:
        return (0.0,) * rules.players
    sides = rules.sides
    winners = outcome.winners
    share = 1 / len(winners)
    per_side = [((sides * share if side in winners else 0.0) - 1) / (sides - 1) for side in range(sides)]
    return tuple(per_side[seat % sides] for seat in range(rules.players))
