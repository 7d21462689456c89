"""A heuristic Mille Bornes bot, written only against observations.

``HeuristicBot`` plays the way a sensible beginner is taught to (the Parker rulebook's playing
hints): always call a coup fourré; fix its own side first (remedy, ROLL, end of limit); then drive
the longest distance that fits; then attack the opponent side that has travelled furthest; keep its
safeties for a coup fourré until they are needed or the hand is nearly over; and discard the card
it can least use. It extends a race when the draw pile still holds enough cards to finish it.
"""

from __future__ import annotations

from cardrules.arguments import check_legal, shown
from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import KIND, MILES, REMEDY_OF, SAFETY_OF, Card, CardKind
from cardrules.games.mille_bornes.moves import COUP_FOURRE, DECLINE, EXTEND, Discard, Move, Play
from cardrules.games.mille_bornes.state import Observation
from cardrules.games.mille_bornes.validation import check_observation

__all__ = ["HeuristicBot"]

_BATTLE_HAZARD_ORDER = (Card.STOP, Card.ACCIDENT, Card.OUT_OF_GAS, Card.FLAT_TIRE)


class HeuristicBot:
    """Rule-of-thumb play from the observation alone (see the module docstring).

    ``extend_min_draw`` is the smallest draw pile with which it calls an extension; ``hold_safeties``
    is the draw-pile size below which it stops holding safeties back for a coup fourré.

    >>> from cardrules.games.mille_bornes import Rules, new_game, observe, legal_moves
    >>> state = new_game(Rules(), seed=1)
    >>> str(HeuristicBot().choose(observe(state, 0), legal_moves(state)))
    'roll'
    """

    def __init__(self, *, extend_min_draw: int = 20, hold_safeties: int = 10) -> None:
        for name, value in (("extend_min_draw", extend_min_draw), ("hold_safeties", hold_safeties)):
            if type(value) is not int or value < 0:
                raise ArgumentError(f"HeuristicBot's {name} is a whole number from 0 up, not {shown(value)}")
        self.extend_min_draw = extend_min_draw
        self.hold_safeties = hold_safeties

    def __repr__(self) -> str:
        return f"HeuristicBot(extend_min_draw={self.extend_min_draw}, hold_safeties={self.hold_safeties})"

    def choose(self, observation: Observation, legal: tuple[Move, ...]) -> Move:
        """The move to make, one of ``legal``.

        An observation the library does not vouch for (built by hand rather than by ``observe``)
        is checked first (:func:`~cardrules.games.mille_bornes.validation.check_observation`):
        one that no game could show raises :class:`~cardrules.errors.InvalidStateError`.
        """
        check_observation(observation)
        check_legal(legal)
        if COUP_FOURRE in legal:
            return COUP_FOURRE
        if EXTEND in legal:
            return EXTEND if observation.table.draw_pile_size >= self.extend_min_draw else DECLINE
        plays = [move for move in legal if isinstance(move, Play)]
        best = max(plays, key=lambda move: self._play_value(observation, move), default=None)
        if best is not None and self._play_value(observation, best) > 0:
            return best
        discards = [move for move in legal if isinstance(move, Discard)]
        if discards:
            return min(discards, key=lambda move: self._keep_value(observation, move.card))
        return best if best is not None else legal[0]

    def _play_value(self, obs: Observation, move: Play) -> float:
        card = move.card
        kind = KIND[card]
        table = obs.table
        mine = table.tableaux[obs.side]
        if kind is CardKind.REMEDY:
            return 90.0
        if kind is CardKind.DISTANCE:
            return 50.0 + MILES[card] / 10
        if move.side is not None:  # a hazard, on that side
            target = table.tableaux[move.side]
            bonus = target.miles / 100 + (2.0 if card in _BATTLE_HAZARD_ORDER else 0.0)
            return 30.0 + bonus
        # A safety: needed now, or no longer worth holding for a coup fourré.
        protects = [hazard for hazard, safety in SAFETY_OF.items() if safety is card]
        in_effect = any(h in mine.problems for h in protects) or (
            card is Card.RIGHT_OF_WAY and (mine.limited or not mine.rolling)
        ) or (card is Card.DRIVING_ACE and mine.wrong_way)
        if in_effect:
            return 95.0
        return 40.0 if table.draw_pile_size < self.hold_safeties else -1.0

    def _keep_value(self, obs: Observation, card: Card) -> float:
        """How much the bot wants to keep ``card`` (the lowest is discarded)."""
        kind = KIND[card]
        table = obs.table
        mine = table.tableaux[obs.side]
        held = obs.hand.count(card)
        if kind is CardKind.SAFETY:
            return 100.0
        if kind is CardKind.DISTANCE:
            miles = MILES[card]
            if mine.miles + miles > table.target or (miles == 200 and mine.twos >= obs.rules.max_200s):
                return 0.0
            return 10.0 + miles / 20 - held
        if kind is CardKind.HAZARD:
            targets = [t for side, t in enumerate(table.tableaux) if side != obs.side
                       and SAFETY_OF[card] not in t.safeties]
            return 0.0 if not targets else 12.0 - held
        hazard = next(h for h, remedy in REMEDY_OF.items() if remedy is card)
        if SAFETY_OF[hazard] in mine.safeties:
            return 0.0
        return (20.0 if card is Card.ROLL else 14.0) - 2 * held
