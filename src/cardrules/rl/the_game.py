"""The Game's observation encoding and returns.

Everything is seen from the observer's seat: seat-relative entries list the observer first, then
the seats after it in turn order, so one policy serves every seat. Every entry lies in [0, 1].
"""

from __future__ import annotations

import numpy as np

from cardrules.games.the_game import CARDS, TRICK, Observation, Rules, State, result
from cardrules.rl.encoders import Segment, Vector, check_observation, layout_of

__all__ = ["TheGameEncoder", "returns"]

_N = len(CARDS)  # 98 cards, 2..99: card c at offset c - 2 of each card segment
_STATUSES = ("playing", "won", "stuck", "burned")


def _fits_table() -> np.ndarray:
    """Row ``t`` (ascending piles) and ``100 + t`` (descending): which cards fit on top card ``t``."""
    table = np.zeros((201, _N), dtype=np.float32)
    cards = np.arange(2, 100)
    for top in range(1, 101):
        table[top] = (cards > top) | (cards == top - TRICK)
        table[100 + top] = (cards < top) | (cards == top + TRICK)
    return table


_FITS = _fits_table()


class TheGameEncoder:
    """The encoder of The Game under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`).

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> encoder = rl.observation_encoder(the_game.Rules(players=3))
    >>> encoder.shape, [segment.name for segment in encoder.layout][:4]
    ((720,), ['hand', 'laid', 'unseen', 'fits'])
    """

    def __init__(self, rules: Rules) -> None:
        if type(rules) is not Rules:
            raise TypeError("TheGameEncoder takes The Game's Rules")
        self.rules = rules
        players = rules.players
        self.layout: tuple[Segment, ...] = layout_of([
            ("hand", _N, "1 for each card 2..99 in the observer's hand (card c at offset c - 2)"),
            ("laid", _N, "1 for each card 2..99 laid on a pile (the piles keep every card laid)"),
            ("unseen", _N, "1 for each card 2..99 neither in the observer's hand nor laid: in another "
                           "hand or the draw pile"),
            ("fits", 4 * _N, "per pile (up1, up2, down1, down2), 1 for each card 2..99 that may be laid "
                             "on it now, the backwards trick included"),
            ("progress", 4, "per pile, how far it has gone: (top - 1) / 98 ascending, (100 - top) / 98 "
                            "descending"),
            ("trick_in_hand", 4, "per pile, 1 if the observer holds the card exactly 10 against its "
                                 "direction (top - 10 ascending, top + 10 descending)"),
            ("trick_unseen", 4, "per pile, 1 if that trick card is unseen (someone may still play it)"),
            ("hand_sizes", players, "cards in each hand over the full hand size, the observer's seat "
                                    "first, then the seats after it in turn order"),
            ("draw_pile", 1, "cards in the draw pile over the cards it held after the deal"),
            ("current", players, "1 at the seat on turn (seat-relative, as hand_sizes)"),
            ("laid_this_turn", 1, "cards laid this turn over the full hand size"),
            ("owed", 1, "cards still to lay this turn before it may end, over the rules' minimum"),
            ("turn", 1, "turns completed over 98 (every turn lays a card)"),
            ("fire_now", 4, "On Fire: per pile, 1 if its fire card must be covered by the end of this turn"),
            ("fire_next", 4, "On Fire: per pile, 1 if its fire card must be covered by the end of the "
                             "next turn"),
            ("status", 4, "one-hot: playing, won, stuck, burned"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)
        at = {segment.name: segment.start for segment in self.layout}
        self._hand = at["hand"] - 2
        self._laid = at["laid"] - 2
        self._unseen = at["unseen"]
        self._fits = at["fits"]
        self._tail = at["progress"]
        self._draw_full = max(1, _N - players * rules.hand_size)

    def __repr__(self) -> str:
        return f"<TheGameEncoder for {self.rules!r}: {self.shape[0]} entries>"

    def encode(self, observation: Observation) -> Vector:
        """The vector of ``observation`` (see :attr:`layout`).

        >>> from cardrules import rl
        >>> from cardrules.games import the_game
        >>> obs = the_game.observe(the_game.new_game(the_game.Rules(), seed=1), 0)
        >>> vector = rl.observation_encoder(obs.rules).encode(obs)
        >>> int(vector[:98].sum()), int(vector[98:196].sum()), int(vector[196:294].sum())
        (8, 0, 90)
        """
        rules = self.rules
        if observation.__class__ is not Observation or observation.rules is not rules:
            check_observation(observation, Observation, rules, "The Game")
        table = observation.table
        hand = observation.hand
        vector = np.zeros(self.shape, dtype=np.float32)
        vector[[self._hand + card for card in hand]] = 1.0
        laid_at = self._laid
        piles = table.piles
        laid = [laid_at + card for pile in piles for card in pile[1:]]
        vector[laid] = 1.0
        unseen = self._unseen
        n = _N
        np.subtract(1.0, vector[unseen - 2 * n:unseen - n], out=vector[unseen:unseen + n])
        vector[unseen:unseen + n] -= vector[unseen - n:unseen]
        a, b, c, d = piles[0][-1], piles[1][-1], piles[2][-1], piles[3][-1]
        fits = self._fits
        vector[fits:fits + 4 * n] = _FITS[[a, b, 100 + c, 100 + d]].ravel()
        held = set(hand)
        seen = held.union(laid_pile_cards(piles))
        tricks = (a - TRICK, b - TRICK, c + TRICK, d + TRICK)
        players = rules.players
        seat = observation.seat
        order = [(seat + k) % players for k in range(players)]
        size = rules.hand_size
        sizes = table.hand_sizes
        turn = table.turn
        fire = table.fire_due
        status = table.status
        draw = table.draw_pile_size
        minimum = rules.minimum if draw else 1
        tail = [
            (a - 1) / 98, (b - 1) / 98, (100 - c) / 98, (100 - d) / 98,
            *(1.0 if t in held else 0.0 for t in tricks),
            *(1.0 if 2 <= t <= 99 and t not in seen else 0.0 for t in tricks),
            *(sizes[other] / size for other in order),
            draw / self._draw_full,
            *(1.0 if other == table.current else 0.0 for other in order),
            min(table.laid / size, 1.0),
            max(minimum - table.laid, 0) / rules.minimum,
            turn / 98,
            *(1.0 if due == turn else 0.0 for due in fire),
            *(1.0 if due == turn + 1 else 0.0 for due in fire),
            *(1.0 if status == name else 0.0 for name in _STATUSES),
        ]
        vector[self._tail:] = tail
        return vector


def laid_pile_cards(piles: tuple[tuple[int, ...], ...]) -> list[int]:
    """Every card laid on ``piles`` (their row cards left out)."""
    return [card for pile in piles for card in pile[1:]]


def returns(state: State) -> tuple[float, ...]:
    """Every seat's return: ``(98 - cards_left) / 98`` once the game is over (1.0 iff won), zeros
    while it goes on. The game is cooperative: every seat gets the same."""
    outcome = result(state)
    players = state.rules.players
    if outcome is None:
        return (0.0,) * players
    return ((_N - outcome.cards_left) / _N,) * players

