"""The Game's observation encoding: its ``encoder`` facet, ``TheGameEncoder(rules)``.

:func:`cardrules.rl.observation_encoder` loads it; importing it imports numpy.

Everything is seen from the observer's seat: seat-relative entries list the observer first, then
the seats after it in turn order, so one policy serves every seat. Every entry lies in [0, 1].
"""

from __future__ import annotations

import struct

import numpy as np

from cardrules.games.the_game import CARDS, TRICK, Observation, Rules
from cardrules.rl.encoders import Segment, Vector, layout_of
from cardrules.rl.lookup import check_observation

__all__ = ["TheGameEncoder"]

_N = len(CARDS)  # 98 cards, 2..99: card c at offset c - 2 of each card segment
_STATUSES = ("playing", "won", "stuck", "burned")


def _fits(ascending: bool) -> tuple[bytes, ...]:
    """For each top card 0..100 of a pile, one byte per card 2..99: 1 if it may be laid on it."""
    rows = []
    for top in range(101):
        if ascending:
            rows.append(bytes(card > top or card == top - TRICK for card in CARDS))
        else:
            rows.append(bytes(card < top or card == top + TRICK for card in CARDS))
    return tuple(rows)


_FITS_UP = _fits(True)
_FITS_DOWN = _fits(False)
# A card's place as the scratch bytes of ``encode`` mark it, and the 0/1 bytes of each card segment.
_UNSEEN, _HELD, _LAID, _ROW = 0, 1, 2, 3
_HAND_BYTES = bytes.maketrans(bytes(range(4)), bytes((0, 1, 0, 0)))
_LAID_BYTES = bytes.maketrans(bytes(range(4)), bytes((0, 0, 1, 0)))
_UNSEEN_BYTES = bytes.maketrans(bytes(range(4)), bytes((1, 0, 0, 0)))
_STATUS_INDEX = {status: i for i, status in enumerate(_STATUSES)}


class TheGameEncoder:
    """The encoder of The Game under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`).

    The entries that are 0 or 1 come first, the fractions last.

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
            ("trick_in_hand", 4, "per pile, 1 if the observer holds the card exactly 10 against its "
                                 "direction (top - 10 ascending, top + 10 descending)"),
            ("trick_unseen", 4, "per pile, 1 if that trick card is unseen (someone may still play it)"),
            ("current", players, "1 at the seat on turn: the observer first, then the seats after it "
                                 "in turn order"),
            ("fire_now", 4, "On Fire: per pile, 1 if its fire card must be covered by the end of this turn"),
            ("fire_next", 4, "On Fire: per pile, 1 if its fire card must be covered by the end of the "
                             "next turn"),
            ("status", 4, "one-hot: playing, won, stuck, burned"),
            ("progress", 4, "per pile, how far it has gone: (top - 1) / 98 ascending, (100 - top) / 98 "
                            "descending"),
            ("hand_sizes", players, "cards in each hand over the full hand size (seat-relative, as "
                                    "current)"),
            ("draw_pile", 1, "cards in the draw pile over the cards it held after the deal"),
            ("laid_this_turn", 1, "cards laid this turn over the full hand size"),
            ("owed", 1, "cards still to lay before the turn may end, over the rules' minimum"),
            ("turn", 1, "turns completed over 98 (every turn lays a card)"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)
        at = {segment.name: segment.start for segment in self.layout}
        # The 0/1 entries after the card segments (trick_in_hand .. status), relative to their start.
        self._flags = at["trick_in_hand"]
        self._flag_zeros = bytes(at["progress"] - self._flags)
        self._trick_unseen = at["trick_unseen"] - self._flags
        self._current = at["current"] - self._flags
        self._fire_now = at["fire_now"] - self._flags
        self._fire_next = at["fire_next"] - self._flags
        self._status = at["status"] - self._flags
        self._binary = at["progress"]
        self._inverse_size = 1 / rules.hand_size
        self._draw_full = max(1, _N - players * rules.hand_size)
        # The fractions are written straight into the vector's float32 memory.
        self._fractions = struct.Struct(f"={self.shape[0] - self._binary}f")

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
        # Written for speed: the 0/1 entries are built as bytes (a byte costs a fraction of an array
        # entry) and turned into floats by one numpy call. ``where`` marks each card 0..100 with
        # its place; bytes.translate then reads the hand, laid and unseen segments off it at once.
        where = bytearray(101)
        for card in observation.hand:
            where[card] = _HELD
        table = observation.table
        p0, p1, p2, p3 = table.piles
        for laid in (p0, p1, p2, p3):
            for card in laid:
                where[card] = _LAID
        a, b, c, d = p0[-1], p1[-1], p2[-1], p3[-1]
        cards = where[2:100]
        flags = bytearray(self._flag_zeros)
        for pile, trick in enumerate((a - TRICK, b - TRICK, c + TRICK, d + TRICK)):
            if 2 <= trick <= 99:
                place = where[trick]
                if place == _HELD:
                    flags[pile] = 1
                elif place == _UNSEEN:
                    flags[self._trick_unseen + pile] = 1
        players = rules.players
        seat = observation.seat
        flags[self._current + (table.current - seat) % players] = 1
        turn = table.turn
        if rules.on_fire:
            for pile, due in enumerate(table.fire_due):
                if due == turn:
                    flags[self._fire_now + pile] = 1
                elif due == turn + 1:
                    flags[self._fire_next + pile] = 1
        flags[self._status + _STATUS_INDEX[table.status]] = 1
        binary = b"".join((cards.translate(_HAND_BYTES), cards.translate(_LAID_BYTES),
                           cards.translate(_UNSEEN_BYTES), _FITS_UP[a], _FITS_UP[b], _FITS_DOWN[c],
                           _FITS_DOWN[d], flags))
        vector = np.empty(self.shape, dtype=np.float32)
        vector[:self._binary] = np.frombuffer(binary, dtype=np.uint8)
        sizes = table.hand_sizes
        draw = table.draw_pile_size
        this_turn = table.laid
        owed = (rules.minimum if draw else 1) - this_turn
        self._fractions.pack_into(
            vector, 4 * self._binary,  # type: ignore[arg-type]  # an array is a writable buffer
            (a - 1) / 98, (b - 1) / 98, (100 - c) / 98, (100 - d) / 98,
            *map(self._inverse_size.__mul__, sizes[seat:] + sizes[:seat]),
            draw / self._draw_full,
            this_turn * self._inverse_size if this_turn < rules.hand_size else 1.0,
            owed / rules.minimum if owed > 0 else 0.0,
            turn / 98,
        )
        return vector
