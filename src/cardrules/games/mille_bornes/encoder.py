"""Mille Bornes' observation encoding: its ``encoder`` facet, ``MilleBornesEncoder(rules)``.

:func:`cardrules.rl.observation_encoder` loads it; importing it imports numpy.

Everything is seen from the observer's seat: seats are listed from the observer on in turn order,
and sides from the observer's side on, so one policy serves every seat. Every entry lies in [0, 1].
"""

from __future__ import annotations

import struct
from typing import get_args

import numpy as np

from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes import (
    BATTLE_HAZARDS,
    HAZARDS,
    REMEDIES,
    SAFETIES,
    Card,
    Observation,
    Phase,
    Rules,
    Tableau,
)
from cardrules.rl.encoders import Segment, Vector, layout_of
from cardrules.rl.lookup import check_observation

__all__ = ["MilleBornesEncoder"]

_K = len(Card)
# Every entry of the vector is a whole number (a uint16 "code") times a fixed scale for its position:
# a count of cards over the copies in the deck, miles over the longest race, a flag times 1. So the
# encoder builds the codes as bytes, and one numpy multiplication makes the vector.
_CODE = struct.Struct("<H")
_PHASES: tuple[str, ...] = get_args(Phase)  # play, coup_fourre, extension, over
# The cards a battle pile holds: the battle hazards and their remedies (ROLL answers STOP).
_BATTLE_CARDS: tuple[Card, ...] = (*BATTLE_HAZARDS, *REMEDIES[:4])  # REPAIRS, GASOLINE, SPARE_TIRE, ROLL
_BATTLE_INDEX = {card: i + 1 for i, card in enumerate(_BATTLE_CARDS)}  # 0: an empty battle pile
_HAZARD_INDEX = {card: i for i, card in enumerate(HAZARDS)}


def _card_names() -> str:
    return ", ".join(card.name for card in Card)


def _one_hot_codes(keys: tuple[Card, ...]) -> dict[frozenset[Card], bytes]:
    """For every set of ``keys``, one code per key: 1 if it is in the set."""
    table = {}
    for mask in range(1 << len(keys)):
        chosen = frozenset(key for i, key in enumerate(keys) if mask >> i & 1)
        table[chosen] = b"".join(_CODE.pack(key in chosen) for key in keys)
    return table


_PROBLEM_CODES = _one_hot_codes(BATTLE_HAZARDS)
_SAFETY_CODES = _one_hot_codes(SAFETIES)
_BATTLE_CODES = tuple(b"".join(_CODE.pack(i == hot) for i in range(9)) for hot in range(9))
_FLAGS = (_CODE.pack(0), _CODE.pack(1))
_UINT16 = np.dtype("<u2")
_LIMIT, _WRONG, _ROW, _ACE = Card.SPEED_LIMIT, Card.WRONG_WAY, Card.RIGHT_OF_WAY, Card.DRIVING_ACE


# Card counts as one Python int with 16 bits per card kind (kind k in bits 16k..16k+15): adding up
# cards is adding these ints, and int.to_bytes gives the counts as codes. A deck holds at most
# 10,000 cards, so a count never reaches bit 15, the guard bit that the unseen counts keep set.
_LANE = 16
_GUARD = 1 << _LANE - 1
_ONE = tuple(1 << _LANE * card for card in Card)

_SIDE_PARTS: tuple[tuple[str, int, str], ...] = (
    ("battle", 9, "the battle pile's top card one-hot: empty, ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP, "
                  "REPAIRS, GASOLINE, SPARE_TIRE, ROLL"),
    ("problems", 4, "1 for each battle hazard in effect (ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP)"),
    ("moving", 1, "1 if the side may play distance (no problem; rolling or Right of Way)"),
    ("rolling", 1, "1 if a ROLL is in effect"),
    ("limited", 1, "1 if a speed limit is in effect"),
    ("wrong_way", 1, "1 if the side goes the wrong way (wrong-way variant)"),
    ("safeties", 4, "1 for each safety played (DRIVING_ACE, EXTRA_TANK, PUNCTURE_PROOF, RIGHT_OF_WAY)"),
    ("coups_fourres", 4, "1 for each safety played as a coup fourré"),
    ("miles", 1, "miles travelled this hand over the longest race (extension included)"),
    ("twos", 1, "200-mile cards played over the rules' maximum"),
)
"""The entries of one side's tableau, in order (``side0.battle`` .. ``side0.twos``, then side 1...)."""
_SIDE_SIZE = sum(size for _, size, _ in _SIDE_PARTS)


class MilleBornesEncoder:
    """The encoder of Mille Bornes under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`).

    Sides are counted from the observer's (``side0``) in turn order, seats from the observer's.

    >>> from cardrules import rl
    >>> from cardrules.games import mille_bornes
    >>> encoder = rl.observation_encoder(mille_bornes.Rules())
    >>> encoder.shape, [segment.name for segment in encoder.layout][:5]
    ((152,), ['hand', 'unseen', 'discard_pile', 'side0.battle', 'side0.problems'])
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
            *((f"side{j}.{name}", size, f"side {j}: {description}" if j else
               f"the observer's side: {description}")
              for j in range(sides) for name, size, description in _SIDE_PARTS),
            ("revealed", 4 * players, "per seat (the observer first, then in turn order), 1 for each "
                                      "safety the table knows it holds"),
            ("current", players, "1 at the seat that decides now (seat-relative)"),
            ("phase", 4, "one-hot: play, coup_fourre, extension, over"),
            ("window_hazard", 6, "in a coup fourré window, the hazard one-hot (ACCIDENT, OUT_OF_GAS, "
                                 "FLAT_TIRE, STOP, SPEED_LIMIT, WRONG_WAY)"),
            ("window_side", sides, "in a coup fourré window, 1 at the attacked side (side-relative)"),
            ("window_attacker", players, "in a coup fourré window, 1 at the attacker (seat-relative)"),
            ("extended_by", sides, "1 at the side that extended the race (side-relative)"),
            ("to_go", sides, "per side, miles left to the race's current target, over the longest race"),
            ("hand_sizes", players, "per seat, cards in hand over the hand size + 1"),
            ("draw_pile", 1, "cards in the draw pile over the cards in the deck"),
            ("target", 1, "the race's current target over the longest race"),
            ("reshuffles", 1, "discard-pile reshuffles this hand over the rules' limit (reshuffle "
                              "variant)"),
            ("totals", sides, "per side, match points from finished hands over the target score (at most "
                              "1; 0 for a single hand)"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)
        at = {segment.name: segment.start for segment in self.layout}
        flags = at["revealed"]
        self._flag_zeros = bytes(2 * (at["to_go"] - flags))
        # Offsets (in bytes, two per entry) of the 0/1 entries after the sides, from the first.
        (self._revealed, self._current, self._phase, self._window_hazard, self._window_side,
         self._window_attacker, self._extended_by) = (
            2 * (at[name] - flags) for name in (
                "revealed", "current", "phase", "window_hazard", "window_side", "window_attacker",
                "extended_by"))
        composition = rules.composition()
        deck = [composition.get(card, 0) for card in Card]
        self._deck = sum((count | _GUARD) << _LANE * card for card, count in zip(Card, deck, strict=True))
        self._guards = sum(_GUARD << _LANE * card for card in Card)
        per_copy = [1 / count if count else 0.0 for count in deck]
        self._capacity = capacity = rules.hand_size + 1
        self._longest = longest = max(rules.race, rules.extension_to or 0)
        self._max_200s = rules.max_200s
        deck_size = max(1, len(rules.deck_cards()))
        goal = rules.target_score
        # Match totals are clipped to the target score; a target above the largest code is counted
        # in steps of ``_total_step`` points.
        self._goal = goal or 0
        self._total_step = -(-goal // 65535) if goal else 1
        limit = rules.reshuffle_limit
        side_scale = [1.0] * (_SIDE_SIZE - 2) + [1 / longest, 1 / rules.max_200s if rules.max_200s else 0.0]
        self._scale = np.array([
            *[1 / capacity] * _K, *per_copy, *per_copy, *side_scale * sides,
            *[1.0] * (at["to_go"] - flags),
            *[1 / longest] * sides, *[1 / capacity] * players, 1 / deck_size, 1 / longest,
            1 / limit if limit else 0.0, *[self._total_step / goal if goal else 0.0] * sides,
        ], dtype=np.float32)
        self._tail = struct.Struct(f"<{2 * sides + players + 3}H")
        # The last tableau seen on each side and its codes, and the last discard pile and its
        # count: tableaux are shared from state to state and the discard pile only grows, so
        # successive observations of a game mostly start from these (one entry each: bounded).
        self._sides: list[tuple[object, bytes, int, int]] = [(None, b"", 0, 0)] * sides
        self._discards: tuple[tuple[Card, ...], int] = ((), 0)

    def __repr__(self) -> str:
        return f"<MilleBornesEncoder for {self.rules!r}: {self.shape[0]} entries>"

    def _side(self, side: int, t: Tableau) -> tuple[object, bytes, int, int]:
        """The codes of tableau ``t`` (see ``_SIDE_PARTS``), the count of its cards (see ``_ONE``)
        and its miles, remembered as side ``side``'s last tableau."""
        one = _ONE.__getitem__
        battle, speed, direction, safeties = t.battle, t.speed, t.direction, t.safeties
        distance = t.distance
        cards = (sum(map(one, battle)) + sum(map(one, speed)) + sum(map(one, direction))
                 + sum(map(one, safeties)) + sum(map(one, distance)))
        problems = t.problems
        row = _ROW in safeties
        miles = t.miles
        codes = b"".join((
            _BATTLE_CODES[_BATTLE_INDEX[battle[-1]] if battle else 0],
            _PROBLEM_CODES[problems],
            _FLAGS[not problems and (t.rolling or row)],
            _FLAGS[t.rolling],
            _FLAGS[bool(speed) and speed[-1] is _LIMIT and not row],
            _FLAGS[bool(direction) and direction[-1] is _WRONG and _ACE not in safeties],
            _SAFETY_CODES[frozenset(safeties)],
            _SAFETY_CODES[frozenset(t.coups_fourres)],
            _CODE.pack(min(max(miles, 0), self._longest)),
            _CODE.pack(min(t.twos, self._max_200s)),
        ))
        remembered = (t, codes, cards, miles)
        self._sides[side] = remembered
        return remembered

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
        table = observation.table
        players, sides = rules.players, rules.sides
        seat = observation.seat
        own = rules.side_of_seat[seat]
        one = _ONE.__getitem__
        hand = sum(map(one, observation.hand))
        pile = table.discard_pile
        last_pile, discard = self._discards
        if pile is not last_pile:
            # The discard pile only grows during a hand: count what was added since last time.
            seen = len(last_pile)
            if len(pile) >= seen and pile[:seen] == last_pile:
                discard += sum(map(one, pile[seen:]))
            else:
                discard = sum(map(one, pile))
            self._discards = (pile, discard)
        public = discard
        revealed = table.revealed
        for other in range(players):
            if other != seat and revealed[other]:
                public += sum(map(one, revealed[other]))
        tableaux = table.tableaux
        remembered = self._sides
        side_codes = []
        to_go = []
        target = table.target
        longest = self._longest
        for j in range(sides):
            side = (own + j) % sides
            t = tableaux[side]
            known = remembered[side]
            if known[0] is not t:
                known = self._side(side, t)
            side_codes.append(known[1])
            public += known[2]
            to_go.append(min(max(target - known[3], 0), longest))
        flags = bytearray(self._flag_zeros)
        current = table.current
        for k in range(players):
            other = (seat + k) % players
            if revealed[other]:
                at = self._revealed + 8 * k
                flags[at:at + 8] = _SAFETY_CODES[frozenset(revealed[other])]
        flags[self._current + 2 * ((current - seat) % players)] = 1
        flags[self._phase + 2 * _PHASES.index(table.phase)] = 1
        window = table.window
        if window is not None:
            flags[self._window_hazard + 2 * _HAZARD_INDEX[window.hazard]] = 1
            flags[self._window_side + 2 * ((window.side - own) % sides)] = 1
            flags[self._window_attacker + 2 * ((window.attacker - seat) % players)] = 1
        if table.extended_by is not None:
            flags[self._extended_by + 2 * ((table.extended_by - own) % sides)] = 1
        # Each lane of the deck carries a guard bit: it stays set in every lane unless the
        # observation shows more copies of some card than the deck holds.
        unseen = self._deck - hand - public
        guards = self._guards
        if unseen & guards != guards:
            raise ArgumentError("the observation shows more copies of a card than the deck holds")
        sizes = table.hand_sizes
        capacity = self._capacity
        goal = self._goal
        if goal:
            step = self._total_step
            totals = table.match.totals
            points = [min(max(totals[(own + j) % sides], 0), goal) // step for j in range(sides)]
        else:
            points = [0] * sides
        lanes = 2 * _K
        codes = b"".join((
            hand.to_bytes(lanes, "little"), (unseen ^ guards).to_bytes(lanes, "little"),
            discard.to_bytes(lanes, "little"), *side_codes, flags,
            self._tail.pack(
                *to_go, *[min(sizes[(seat + k) % players], capacity) for k in range(players)],
                table.draw_pile_size, min(target, longest), min(table.reshuffles, rules.reshuffle_limit),
                *points),
        ))
        return np.frombuffer(codes, dtype=_UINT16) * self._scale
