"""Reference bots for The Game, written only against the :class:`Observation` of the seat on turn.

``GreedyBot`` plays the strategy of the open-source C++ analyser whose figures the rules quote as
"Known results" (docs/rules/the-game.md): the cards owed along the route of least pile movement,
then extra cards, each within a reach of its own pile. It is the baseline any smarter bot should
beat, and the rollout policy of the search bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cardrules.arguments import check_instance, check_legal, shown
from cardrules.errors import ArgumentError
from cardrules.games.the_game.cards import TRICK
from cardrules.games.the_game.moves import END_TURN, Move, Play
from cardrules.games.the_game.state import Observation
from cardrules.games.the_game.validation import check_observation

__all__ = ["ENDGAME_REACH", "REACH", "GreedyBot", "change"]

REACH: Mapping[int, int] = MappingProxyType({1: 1, 2: 2, 3: 3, 4: 3, 5: 3})
"""GreedyBot's default reach by number of players while cards are left to draw."""

ENDGAME_REACH: Mapping[int, int] = MappingProxyType({1: 1, 2: 6, 3: 8, 4: 7, 5: 6})
"""GreedyBot's default reach by number of players once the draw pile is empty."""

_MIRROR = 101  # a descending pile's card c is card 101 - c of an ascending one
_BEYOND = 100  # a cap above every card

# A segment of a pile's route, laid in one go: (cards in the order laid, how far it moves the pile
# on, how far its first card moves the pile, whether its first card is the near card of a ten-pair).
_Segment = tuple[tuple[int, ...], int, int, bool]
_Plan = list[tuple[int, int]]
_END = (0, 0)  # a plan's last step: end the turn


def change(card: int, pile: int, top: int) -> int | None:
    """How far laying ``card`` moves ``pile`` (top card ``top``) on; ``None`` if it may not go there.

    On an ascending pile that is ``card - top``, on a descending one ``top - card``; the backwards
    trick counts ``-10``. Over a turn the changes add up to how far the piles moved.

    >>> change(40, 0, 35), change(25, 0, 35), change(30, 0, 35), change(60, 2, 70)
    (5, -10, None, 10)
    """
    if pile < 2:
        if card > top:
            return card - top
        return -TRICK if card == top - TRICK else None
    if card < top:
        return top - card
    return -TRICK if card == top + TRICK else None


class GreedyBot:
    """The analyser's strategy: the cards owed along the least movement, then extras within reach.

    At the start of a turn the bot plans the whole turn from its hand and the four tops:

    - **Routes.** Each pile has one route: the hand's cards that fit it, in order from its top (on
      a descending pile, downwards). It starts with the backwards trick if the hand holds the card
      10 behind the top (and the chain 10, 20, ... behind it). A *ten-pair* (a card and the card 10
      past it, or a longer chain) is one block: on reaching it the route lays the hand's other
      cards up to the far card, the far card, then the near card by the trick. Of the two piles of a
      direction, the less advanced one's route stops below the other's top (a higher card moves the
      other pile less), and when both show the same card only the second pile has a route.
    - **The cards owed** are laid along the routes' beginnings that together hold at least the
      cards owed and move the piles least in total (the trick counts -10); ties go to the one with
      more cards, then to the one that leaves the least advanced pile of each direction least
      advanced.
    - **Extra cards** follow one at a time, the smallest move first: the next card (or block) of a
      route, if its first card moves its own pile by at most the reach and is not the near card of
      a ten-pair (a pair is kept for a later trick). There is no limit to the cards of a turn.
    - **Reach** by number of players, while cards are left to draw / once the draw pile is empty
      (:data:`REACH`, :data:`ENDGAME_REACH`): 1/1 solo, 2/6 with two players, 3/8 with three, 3/7
      with four, 3/6 with five; ``reach`` and ``endgame_reach`` override them.
    - **Stuck.** When the cards owed cannot all be laid, the analyser lays nothing unless its one
      playable card is within reach. The rules here oblige a player who owes cards to lay any card
      that fits, so the bot lays, one at a time, the card that moves its pile least.
    - **On Fire.** Before ending its turn it covers a fire card that would burn at the end of
      this turn; otherwise it ignores fire cards.

    The bot remembers the plan of the turn in progress, keyed by the observation each card leads
    to, and plans afresh whenever an observation is not one its plan foresaw (a new turn, or a game
    taken up in the middle of a turn), treating it as the start of a turn that owes the cards still
    owed. So its move depends only on the observation, except in the middle of a turn reached by
    other moves than its own plan. ``depth`` (default ``None``: no limit) caps the cards of a turn
    (never below the minimum). :meth:`opening_strength` rates a dealt hand, so that the strongest
    one can start (``play_game(..., first_player="strongest")``).

    >>> from cardrules.games.the_game import Rules, new_game, observe, legal_moves
    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> str(GreedyBot().choose(observe(state, 0), legal_moves(state)))
    '2 on up2'
    """

    def __init__(self, reach: int | None = None, *, endgame_reach: int | None = None,
                 depth: int | None = None) -> None:
        for name, value in (("reach", reach), ("endgame_reach", endgame_reach)):
            if value is not None and (type(value) is not int or value < 0):
                raise ArgumentError(f"{name} is a whole number from 0 up, or None, not {shown(value)}")
        if depth is not None and (type(depth) is not int or depth < 1):
            raise ArgumentError(f"depth is a whole number from 1 up, or None, not {shown(depth)}")
        self.reach = reach
        self.endgame_reach = endgame_reach
        self.depth = depth
        # The turn in progress: the step for each observation the plan leads to.
        self._plan: dict[tuple[object, ...], tuple[int, int]] = {}

    def __repr__(self) -> str:
        return (f"GreedyBot(reach={self.reach!r}, endgame_reach={self.endgame_reach!r}, "
                f"depth={self.depth!r})")

    def __getstate__(self) -> dict[str, object]:
        return {"reach": self.reach, "endgame_reach": self.endgame_reach, "depth": self.depth}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._plan = {}

    def reach_for(self, observation: Observation) -> int:
        """The reach this bot plays with in ``observation``: ``endgame_reach`` once the draw pile is
        empty, ``reach`` before; each defaults by the number of players (:data:`REACH`,
        :data:`ENDGAME_REACH`).

        >>> from cardrules.games.the_game import Rules, new_game, observe
        >>> GreedyBot().reach_for(observe(new_game(Rules(players=2), seed=1), 0))
        2
        """
        check_instance(observation, Observation, "an observation of The Game")
        players = observation.rules.players
        if observation.table.draw_pile_size == 0:
            return ENDGAME_REACH[players] if self.endgame_reach is None else self.endgame_reach
        return REACH[players] if self.reach is None else self.reach

    def opening_strength(self, observation: Observation) -> float:
        """How well this seat could open the game, higher is stronger, from its own hand alone.

        It rates the turn the bot would open with as the analyser compares turns: minus (the
        piles' total movement minus the reach for each card), then more cards, then the least
        advanced piles left least advanced, folded into one number (a player may tell the table
        "I can start with small jumps" without naming a card). :func:`cardrules.bots.play_game`
        with ``first_player="strongest"`` lets the highest rating start, and the lowest seat on a
        tie, as the analyser does.

        >>> from cardrules.games.the_game import Rules, new_game, observe
        >>> state = new_game(Rules(players=2), deck=range(2, 100))
        >>> GreedyBot().opening_strength(observe(state, 0)) > GreedyBot().opening_strength(observe(state, 1))
        True
        """
        reach = self.reach_for(observation)
        tops = observation.table.tops
        plan = _plan_turn(observation.hand, tops, observation.minimum, reach, self.depth)
        if plan is None:
            return float(-10 * _BEYOND)
        moved = 0
        after = list(tops)
        for card, pile in plan:
            step = change(card, pile, after[pile])
            assert step is not None
            moved += step
            after[pile] = card
        score = moved - reach * len(plan)
        room = min(after[0], after[1]) - max(after[2], after[3])
        return -score + len(plan) / 100 - (room + 2 * _BEYOND) / 100_000

    def choose(self, observation: Observation, legal: tuple[Move, ...]) -> Move:
        """The next card of this turn's plan, or the end of the turn.

        ``legal`` must be the legal moves of the state ``observation`` was made from; moves that do
        not fit the observation raise :class:`~cardrules.errors.ArgumentError`. An observation the
        library does not vouch for (built by hand rather than by ``observe``) is checked first
        (:func:`~cardrules.games.the_game.validation.check_observation`): one that no game could
        show raises :class:`~cardrules.errors.InvalidStateError`.
        """
        check_observation(observation)
        if type(legal) is tuple and not legal:
            raise ArgumentError("GreedyBot was given no legal move: the game is over")
        check_legal(legal)
        table = observation.table
        key = (observation.seat, table.turn, table.laid, observation.hand, table.tops, table.draw_pile_size)
        step = self._plan.get(key)
        move = None if step is None else self._move(observation, legal, step)
        if move is None:
            step = self._new_plan(observation, key)
            if step is None:  # stuck: every card laid now is forced on the bot by the rules
                return _forced(observation, legal)
            move = self._move(observation, legal, step)
        if move is None:
            raise ArgumentError(f"GreedyBot planned {step}, which the legal moves it was given do not hold: "
                                "they are not the moves of its observation")
        return move

    @staticmethod
    def _move(observation: Observation, legal: tuple[Move, ...], step: tuple[int, int]) -> Move | None:
        """The move of ``legal`` for a step of the plan (covering a fire card before the turn ends),
        or ``None`` if ``legal`` does not hold it."""
        card, pile = _put_out_fire(observation) if step == _END else step
        if not card:
            return END_TURN if END_TURN in legal else None
        for move in legal:
            if type(move) is Play and move.card == card and move.pile == pile:
                return move
        return None

    def _new_plan(self, observation: Observation, key: tuple[object, ...]) -> tuple[int, int] | None:
        """Plan the rest of the turn from ``observation`` and remember it: its first step, or
        ``None`` if the cards owed cannot all be laid."""
        table = observation.table
        owed = max(0, observation.minimum - table.laid)
        plan = _plan_turn(observation.hand, table.tops, owed, self.reach_for(observation), self.depth)
        self._plan = {}
        if plan is None:
            return None
        seat, turn, laid, draw = observation.seat, table.turn, table.laid, table.draw_pile_size
        now, cards = list(table.tops), list(observation.hand)
        step_key = key
        for card, pile in plan:
            self._plan[step_key] = (card, pile)
            cards.remove(card)
            now[pile] = card
            laid += 1
            step_key = (seat, turn, laid, tuple(cards), tuple(now), draw)
        self._plan[step_key] = _END
        return self._plan[key]


def _routes(hand: tuple[int, ...], tops: tuple[int, int, int, int]) -> list[list[_Segment]]:
    """The route of each pile from ``tops`` through ``hand`` (see :class:`GreedyBot`)."""
    up = list(hand)
    down = [_MIRROR - card for card in reversed(up)]
    routes: list[list[_Segment]] = []
    for first, cards, mirrored in ((0, up, False), (2, down, True)):
        a, b = tops[first], tops[first + 1]
        if mirrored:
            a, b = _MIRROR - a, _MIRROR - b
        # The less advanced pile stops below the other's top; on equal tops the first has no route.
        routes.append([] if a == b else _route(cards, a, b if a < b else _BEYOND, mirrored))
        routes.append(_route(cards, b, a if b < a else _BEYOND, mirrored))
    return routes


def _route(cards: list[int], top: int, cap: int, mirrored: bool) -> list[_Segment]:
    """One pile's route, computed as for an ascending pile (a descending one comes ``mirrored``)."""
    present = set(cards)
    # Chains of ten-pairs (c, c + 10, ...), as (near card, far card), by near card.
    chains = []
    chained: set[int] = set()
    for card in cards:
        if card - TRICK not in present and card + TRICK in present:
            far = card
            while far + TRICK in present:
                far += TRICK
            chains.append((card, far))
            chained.update(range(card, far + 1, TRICK))
    segments: list[tuple[list[int], int, int, bool]] = []
    used: set[int] = set()
    last = top
    if top - TRICK in present:  # the trick first, and the chain behind it
        near = top - TRICK
        while near - TRICK in present:
            near -= TRICK
        lay = list(range(top - TRICK, near - 1, -TRICK))
        segments.append((lay, near - top, -TRICK, False))
        used.update(lay)
        last = near
    index, count = 0, len(cards)
    while index < count:
        card = cards[index]
        index += 1
        if card <= last or card in used:
            continue
        if card >= cap:
            break
        span = next(((near, far) for near, far in chains if near <= card <= far and near not in used), None)
        if span is None:
            segments.append(([card], card - last, card - last, False))
            used.add(card)
            last = card
            continue
        near, far = span
        lay = [other for other in cards if card <= other < far and other not in chained and other not in used]
        lay.extend(range(far, near - 1, -TRICK))
        segments.append((lay, near - last, lay[0] - last, card == near))
        used.update(lay)
        last = near
        index = cards.index(near) + 1
    if mirrored:
        return [(tuple(_MIRROR - card for card in lay), moved, first, near_card)
                for lay, moved, first, near_card in segments]
    return [(tuple(lay), moved, first, near_card) for lay, moved, first, near_card in segments]


def _plan_turn(hand: tuple[int, ...], tops: tuple[int, int, int, int], owed: int, reach: int,
               depth: int | None) -> _Plan | None:
    """The (card, pile) of the turn in the order laid, or ``None`` if the cards owed cannot be laid."""
    routes = _routes(hand, tops)
    now = list(tops)
    used: set[int] = set()
    next_segment = [0, 0, 0, 0]
    picks: list[tuple[int, int]] = []
    best: list[tuple[int, int]] | None = None
    best_key = (0, 0, 0)

    def search(first_pile: int, laid: int, moved: int) -> None:
        # The cards owed: every combination of route beginnings, piles in increasing order (cards
        # on different piles commute), each stopped as soon as it holds the cards owed.
        nonlocal best, best_key
        if laid >= owed:
            key = (moved, -laid, min(now[0], now[1]) - max(now[2], now[3]))
            if best is None or key < best_key:
                best, best_key = list(picks), key
            return
        for pile in range(first_pile, 4):
            route = routes[pile]
            step = next_segment[pile]
            if step == len(route):
                continue
            lay, moves, _, _ = route[step]
            if not used.isdisjoint(lay):
                continue
            top = now[pile]
            next_segment[pile] = step + 1
            used.update(lay)
            picks.append((pile, step))
            now[pile] = lay[-1]
            search(pile, laid + len(lay), moved + moves)  # noqa: F821 (emptied once the search ends)
            now[pile] = top
            picks.pop()
            used.difference_update(lay)
            next_segment[pile] = step

    search(0, 0, 0)
    # The closure refers to itself through its cell: emptied, the plan leaves no cycle for the
    # collector (a server's bot threads plan thousands of turns a minute).
    del search
    if best is None:
        return None
    plan: _Plan = []
    next_segment = [0, 0, 0, 0]
    used.clear()
    for pile, step in best:
        lay = routes[pile][step][0]
        plan.extend((card, pile) for card in lay)
        used.update(lay)
        next_segment[pile] = step + 1
    limit = max(owed, depth) if depth is not None else None
    open_piles = [pile for pile in range(4) if next_segment[pile] < len(routes[pile])]
    while open_piles:
        # The extras, one at a time, the smallest move first: each route's next segment, while its
        # first card moves its own pile by at most the reach and is not a pair's near card.
        chosen, chosen_move = -1, 0
        for pile in list(open_piles):
            lay, moves, first, near_card = routes[pile][next_segment[pile]]
            if (near_card or first > reach or not used.isdisjoint(lay)
                    or (limit is not None and len(plan) + len(lay) > limit)):
                open_piles.remove(pile)
            elif chosen < 0 or moves < chosen_move:
                chosen, chosen_move = pile, moves
        if chosen < 0:
            break
        lay = routes[chosen][next_segment[chosen]][0]
        plan.extend((card, chosen) for card in lay)
        used.update(lay)
        next_segment[chosen] += 1
        if next_segment[chosen] == len(routes[chosen]):
            open_piles.remove(chosen)
    return plan


def _put_out_fire(observation: Observation) -> tuple[int, int]:
    """On Fire: the cheapest (card, pile) covering a fire card that burns at the end of this turn,
    or ``(0, 0)``."""
    table = observation.table
    if not observation.rules.on_fire or table.turn not in table.fire_due:
        return 0, 0
    pile = table.fire_due.index(table.turn)
    top = table.tops[pile]
    covers = [(step, card) for card in observation.hand if (step := change(card, pile, top)) is not None]
    return (min(covers)[1], pile) if covers else (0, 0)


def _forced(observation: Observation, legal: tuple[Move, ...]) -> Move:
    """The legal card that moves its pile least (the rules oblige a player who owes cards to lay)."""
    tops = observation.table.tops
    best: Play | None = None
    best_step = 0
    for move in legal:
        if type(move) is Play:
            step = change(move.card, move.pile, tops[move.pile])
            if step is not None and (best is None or step < best_step):
                best, best_step = move, step
    if best is None:
        raise ArgumentError("GreedyBot owes cards but was given no card to lay: the legal moves are not "
                            "the moves of its observation")
    return best

