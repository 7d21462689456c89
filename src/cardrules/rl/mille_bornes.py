"""Mille Bornes' observation encoding and returns.

Everything is seen from the observer's seat: seats are listed from the observer on in turn order,
and sides from the observer's side on, so one policy serves every seat. Every entry lies in [0, 1].
"""

from __future__ import annotations

import struct
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
    result,
)
from cardrules.rl.encoders import Segment, Vector, check_observation, layout_of

__all__ = ["MilleBornesEncoder", "returns"]

_K = len(Card)
_PHASES: tuple[str, ...] = get_args(Phase)  # play, coup_fourre, extension, over
# The cards a battle pile holds: the battle hazards and their remedies (ROLL answers STOP).
_BATTLE_CARDS: tuple[Card, ...] = (*BATTLE_HAZARDS, *REMEDIES[:4])  # REPAIRS, GASOLINE, SPARE_TIRE, ROLL
_BATTLE_INDEX = {card: i + 1 for i, card in enumerate(_BATTLE_CARDS)}  # 0: an empty battle pile
_HAZARD_INDEX = {card: i for i, card in enumerate(HAZARDS)}


def _card_names() -> str:
    return ", ".join(card.name for card in Card)


def _one_hot_bytes(keys: tuple[Card, ...]) -> dict[frozenset[Card], bytes]:
    """For every set of ``keys``, one byte per key: 1 if the key is in the set."""
    table = {}
    for mask in range(1 << len(keys)):
        chosen = frozenset(key for i, key in enumerate(keys) if mask >> i & 1)
        table[chosen] = bytes(key in chosen for key in keys)
    return table


_PROBLEM_BYTES = _one_hot_bytes(BATTLE_HAZARDS)
_SAFETY_BYTES = _one_hot_bytes(SAFETIES)
_LIMIT, _WRONG, _ROW, _ACE = Card.SPEED_LIMIT, Card.WRONG_WAY, Card.RIGHT_OF_WAY, Card.DRIVING_ACE
# A distance entry of a tableau (negative: driven the wrong way) and the card that made it.
_MILES_CARD = {sign * miles: card for card, miles in MILES.items() for sign in (1, -1)}


class MilleBornesEncoder:
    """The encoder of Mille Bornes under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`).

    The fractions come first, the entries that are 0 or 1 last.

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
            ("miles", sides, "per side (the observer's first, then in turn order), miles travelled this "
                             "hand over the longest race (extension included)"),
            ("to_go", sides, "per side, miles left to the race's current target, over the longest race"),
            ("twos", sides, "per side, 200-mile cards played over the rules' maximum"),
            ("hand_sizes", players, "per seat (the observer first, then in turn order), cards in hand "
                                    "over the hand size + 1"),
            ("draw_pile", 1, "cards in the draw pile over the cards in the deck"),
            ("target", 1, "the race's current target over the longest race"),
            ("reshuffles", 1, "discard-pile reshuffles this hand over the rules' limit (reshuffle "
                              "variant)"),
            ("totals", sides, "per side, match points from finished hands over the target score (at most "
                              "1; 0 for a single hand)"),
            ("battle", 9 * sides, "per side, the battle pile's top card one-hot: empty, ACCIDENT, "
                                  "OUT_OF_GAS, FLAT_TIRE, STOP, REPAIRS, GASOLINE, SPARE_TIRE, ROLL"),
            ("problems", 4 * sides, "per side, 1 for each battle hazard in effect (ACCIDENT, OUT_OF_GAS, "
                                    "FLAT_TIRE, STOP)"),
            ("moving", sides, "per side, 1 if it may play distance (no problem; rolling or Right of Way)"),
            ("rolling", sides, "per side, 1 if a ROLL is in effect"),
            ("limited", sides, "per side, 1 if a speed limit is in effect"),
            ("wrong_way", sides, "per side, 1 if it goes the wrong way (wrong-way variant)"),
            ("safeties", 4 * sides, "per side, 1 for each safety played (DRIVING_ACE, EXTRA_TANK, "
                                    "PUNCTURE_PROOF, RIGHT_OF_WAY)"),
            ("coups_fourres", 4 * sides, "per side, 1 for each safety played as a coup fourré"),
            ("revealed", 4 * players, "per seat, 1 for each safety the table knows it holds"),
            ("current", players, "1 at the seat that decides now (seat-relative)"),
            ("phase", 4, "one-hot: play, coup_fourre, extension, over"),
            ("window_hazard", 6, "in a coup fourré window, the hazard one-hot (ACCIDENT, OUT_OF_GAS, "
                                 "FLAT_TIRE, STOP, SPEED_LIMIT, WRONG_WAY)"),
            ("window_side", sides, "in a coup fourré window, 1 at the attacked side (side-relative)"),
            ("window_attacker", players, "in a coup fourré window, 1 at the attacker (seat-relative)"),
            ("extended_by", sides, "1 at the side that extended the race (side-relative)"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)
        at = {segment.name: segment.start for segment in self.layout}
        self._binary = binary = at["battle"]
        # Offsets of the 0/1 entries, from the start of the first of them.
        self._flag_zeros = bytes(self.shape[0] - binary)
        (self._battle, self._problems, self._moving, self._rolling, self._limited, self._wrong_way,
         self._safeties, self._coups_fourres, self._revealed, self._current, self._phase,
         self._window_hazard, self._window_side, self._window_attacker, self._extended_by) = (
            at[name] - binary for name in (
                "battle", "problems", "moving", "rolling", "limited", "wrong_way", "safeties",
                "coups_fourres", "revealed", "current", "phase", "window_hazard", "window_side",
                "window_attacker", "extended_by"))
        counts = rules.composition()
        self._deck = [counts.get(card, 0) for card in Card]
        self._per_copy = [1 / n if n else 0.0 for n in self._deck]
        self._deck_size = max(1, len(rules.deck_cards()))
        self._longest = max(rules.race, rules.extension_to or 0)
        self._capacity = rules.hand_size + 1
        self._fractions = struct.Struct(f"={binary}f")

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
        # Written for speed: the fractions are gathered in a list and packed into the vector's
        # float32 memory at once, the 0/1 entries set as bytes and turned into floats by one call.
        table = observation.table
        players, sides = rules.players, rules.sides
        seat = observation.seat
        own = seat % sides
        hand = [0] * _K
        for card in observation.hand:
            hand[card] += 1
        seen = hand.copy()
        discard = [0] * _K
        for card in table.discard_pile:
            discard[card] += 1
        revealed = table.revealed
        for other in range(players):
            if other != seat:
                for card in revealed[other]:
                    seen[card] += 1
        flags = bytearray(self._flag_zeros)
        longest = self._longest
        target = table.target
        tableaux = table.tableaux
        max_200s = rules.max_200s
        miles_of, to_go, twos = [], [], []
        for j in range(sides):
            t = tableaux[(own + j) % sides]
            battle, speed, direction, safeties = t.battle, t.speed, t.direction, t.safeties
            for card in battle:
                seen[card] += 1
            for card in speed:
                seen[card] += 1
            for card in direction:
                seen[card] += 1
            for card in safeties:
                seen[card] += 1
            distance = t.distance
            miles = 0
            played_twos = 0
            for driven in distance:
                seen[_MILES_CARD[driven]] += 1
                miles += driven
                if driven == 200 or driven == -200:
                    played_twos += 1
            # Within [0, 1] by the rules (a race ends exactly; no side plays more 200s than allowed);
            # min and max only keep a hand-made observation from leaving the range.
            miles_of.append(min(max(miles / longest, 0.0), 1.0))
            to_go.append(min(max((target - miles) / longest, 0.0), 1.0))
            twos.append(min(played_twos / max_200s, 1.0) if max_200s else 0.0)
            flags[self._battle + 9 * j + (_BATTLE_INDEX[battle[-1]] if battle else 0)] = 1
            problems = t.problems
            if problems:
                at = self._problems + 4 * j
                flags[at:at + 4] = _PROBLEM_BYTES[problems]
            row = _ROW in safeties
            if not problems and (t.rolling or row):
                flags[self._moving + j] = 1
            if t.rolling:
                flags[self._rolling + j] = 1
            if speed and speed[-1] is _LIMIT and not row:
                flags[self._limited + j] = 1
            if direction and direction[-1] is _WRONG and _ACE not in safeties:
                flags[self._wrong_way + j] = 1
            if safeties:
                at = self._safeties + 4 * j
                flags[at:at + 4] = _SAFETY_BYTES[frozenset(safeties)]
                if t.coups_fourres:
                    at = self._coups_fourres + 4 * j
                    flags[at:at + 4] = _SAFETY_BYTES[frozenset(t.coups_fourres)]
        deck, per_copy = self._deck, self._per_copy
        capacity = self._capacity
        sizes = table.hand_sizes
        hand_sizes = []
        current = self._current
        for k in range(players):
            other = (seat + k) % players
            hand_sizes.append(sizes[other] / capacity if sizes[other] < capacity else 1.0)
            known = revealed[other]
            if known:
                at = self._revealed + 4 * k
                flags[at:at + 4] = _SAFETY_BYTES[frozenset(known)]
            if other == table.current:
                flags[current + k] = 1
        flags[self._phase + _PHASES.index(table.phase)] = 1
        window = table.window
        if window is not None:
            flags[self._window_hazard + _HAZARD_INDEX[window.hazard]] = 1
            flags[self._window_side + (window.side - own) % sides] = 1
            flags[self._window_attacker + (window.attacker - seat) % players] = 1
        if table.extended_by is not None:
            flags[self._extended_by + (table.extended_by - own) % sides] = 1
        goal = rules.target_score
        if goal is None:
            totals = [0.0] * sides
        else:
            match_totals = table.match.totals
            totals = [min(max(match_totals[(own + j) % sides], 0) / goal, 1.0) for j in range(sides)]
        limit = rules.reshuffle_limit
        vector = np.empty(self.shape, dtype=np.float32)
        self._fractions.pack_into(
            vector, 0,  # type: ignore[arg-type]  # an array is a writable buffer
            *[count / capacity for count in hand],
            *[(n - m) * scale if n > m else 0.0 for n, m, scale in zip(deck, seen, per_copy, strict=True)],
            *[count * scale for count, scale in zip(discard, per_copy, strict=True)],
            *miles_of, *to_go, *twos, *hand_sizes,
            table.draw_pile_size / self._deck_size,
            target / longest if target < longest else 1.0,
            min(table.reshuffles / limit, 1.0) if limit else 0.0,
            *totals,
        )
        vector[self._binary:] = np.frombuffer(flags, dtype=np.uint8)
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
