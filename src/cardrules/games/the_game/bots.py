"""Reference bots for The Game, written only against the :class:`Observation` of the seat on turn.

``GreedyBot`` is the whole-turn planning heuristic of the rules' "Known results"
(docs/rules/the-game.md): a
baseline that any smarter bot should beat.
"""

from __future__ import annotations

from cardrules.arguments import check_instance, shown
from cardrules.errors import ArgumentError
from cardrules.games.the_game.cards import TRICK
from cardrules.games.the_game.moves import END_TURN, Move, Play
from cardrules.games.the_game.state import Observation

__all__ = ["ENDGAME_REACH", "REACH", "GreedyBot", "change"]

_NO_CARD = -1

REACH = 3
"""GreedyBot's default reach with two to five players while cards are left to draw (1 solo)."""

ENDGAME_REACH = 5
"""GreedyBot's default reach with two to five players once the draw pile is empty (1 solo)."""


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
    """Whole-turn planning: lay the minimum with the smallest total pile change, plus cheap extras.

    Every card laid is charged its :func:`change` minus ``reach``: a plan's score is its total
    change minus ``reach`` per card. At each decision the bot searches every plan of up to
    ``depth`` cards (at least the cards it still owes this turn) and lays the first card of the
    best one, so an extra card is laid when it moves its pile by at most ``reach`` — or when a few
    cards together do, like 45 then 35 by the backwards trick. It ends the turn once the minimum
    is laid and no plan scores ≤ 0. ``reach`` applies while cards are left to draw and
    ``endgame_reach`` once the draw pile is empty (:meth:`reach_for`): by default 1 and 1 solo,
    :data:`REACH` and :data:`ENDGAME_REACH` (3 and 5) with two to five players, as the published
    analysis plays. Ties go to the plan with more cards, then to the one that leaves the least
    advanced ascending and descending piles untouched. :meth:`opening_strength` rates a dealt hand,
    so that the strongest one can start (``play_game(..., first_player="strongest")``).

    If the minimum cannot be laid, the bot lays as many cards as it can (each one is a card fewer
    left). With the On Fire expansion it covers, before ending its turn, a fire card that would
    burn at the end of this turn; otherwise it ignores fire cards. The bot is stateless and sees
    only its observation: its own hand and the piles.

    >>> from cardrules.games.the_game import Rules, new_game, observe, legal_moves
    >>> state = new_game(Rules(players=1), deck=range(2, 100))
    >>> str(GreedyBot().choose(observe(state, 0), legal_moves(state)))
    '2 on up1'
    """

    def __init__(self, reach: int | None = None, *, endgame_reach: int | None = None,
                 depth: int = 4) -> None:
        for name, value in (("reach", reach), ("endgame_reach", endgame_reach)):
            if value is not None and (type(value) is not int or value < 0):
                raise ArgumentError(f"{name} is a whole number from 0 up, or None, not {shown(value)}")
        if type(depth) is not int or depth < 1:
            raise ArgumentError(f"depth is a whole number from 1 up, not {shown(depth)}")
        self.reach = reach
        self.endgame_reach = endgame_reach
        self.depth = depth

    def __repr__(self) -> str:
        return (f"GreedyBot(reach={self.reach!r}, endgame_reach={self.endgame_reach!r}, "
                f"depth={self.depth!r})")

    def reach_for(self, observation: Observation) -> int:
        """The reach this bot plays with in ``observation``: ``endgame_reach`` once the draw pile is
        empty, ``reach`` before; each defaults by the number of players (see the class).

        >>> from cardrules.games.the_game import Rules, new_game, observe
        >>> GreedyBot().reach_for(observe(new_game(Rules(players=3), seed=1), 0))
        3
        """
        check_instance(observation, Observation, "an observation of The Game")
        solo = observation.rules.players == 1
        if observation.table.draw_pile_size == 0:
            if self.endgame_reach is not None:
                return self.endgame_reach
            return 1 if solo else ENDGAME_REACH
        if self.reach is not None:
            return self.reach
        return 1 if solo else REACH

    def opening_strength(self, observation: Observation) -> int:
        """How well this seat could open the game, higher is stronger: minus the score of the best
        turn it could play first (see the class), which a player may tell the table without
        naming a card ("I can start with jumps of about 4 in all").

        Only the seat's own hand and the piles are used. :func:`cardrules.bots.play_game` with
        ``first_player="strongest"`` asks every seat and lets the strongest start.

        >>> from cardrules.games.the_game import Rules, new_game, observe
        >>> state = new_game(Rules(players=2), deck=range(2, 100))
        >>> GreedyBot().opening_strength(observe(state, 0)) > GreedyBot().opening_strength(observe(state, 1))
        True
        """
        reach = self.reach_for(observation)
        minimum = observation.minimum
        _, _, score = _plan(observation.hand, list(observation.table.tops), minimum,
                            max(minimum, self.depth), reach)
        return -score

    def choose(self, observation: Observation, legal: tuple[Move, ...]) -> Move:
        """The first card of the best plan for the rest of this turn, or the end of the turn.

        ``legal`` must be the legal moves of the state ``observation`` was made from; moves that do
        not fit the observation raise :class:`~cardrules.errors.ArgumentError`.
        """
        check_instance(observation, Observation, "an observation of The Game")
        if not legal:
            raise ArgumentError("GreedyBot was given no legal move: the game is over")
        reach = self.reach_for(observation)
        table = observation.table
        owed = observation.minimum - table.laid
        if owed < 0:
            owed = 0
        tops = list(table.tops)
        card, pile, score = _plan(observation.hand, tops, owed, max(owed, self.depth), reach)
        if owed == 0 and (card == _NO_CARD or score > 0):
            card, pile = _put_out_fire(observation, tops)
            if card == _NO_CARD:
                return END_TURN
        if card == _NO_CARD:  # cannot happen: a player who owes cards and can lay one has a plan
            return legal[0]
        return _find(legal, card, pile)


def _plan(hand: tuple[int, ...], tops: list[int], owed: int, depth: int, reach: int) -> tuple[int, int, int]:
    """The first (card, pile) of the best plan of at most ``depth`` cards, and the plan's score.

    Plans that lay the ``owed`` cards beat those that do not (then: more cards first); among full
    plans the lowest score wins. ``(-1, 0, 0)`` if no card can be laid. A depth-first search with
    two prunings that keep it exact:

    - Cards on different piles commute (a pile's legality depends only on its own top), so only
      plans whose piles come in non-decreasing order are searched: every plan has such a twin
      with the same final piles and the same score.
    - A branch is cut when even its best imaginable rest cannot beat the best full plan found so
      far: a card changes a pile by at least 1, or by -10 if it can be a backwards trick (a card
      10 away, on the right side, from another card of the hand or a top).
    """
    count = len(hand)
    used = [False] * count
    in_play = set(hand)
    in_play.update(tops)
    trick = [card + TRICK in in_play or card - TRICK in in_play for card in hand]
    plain_gain = min(0, 1 - reach)  # the best a card that is not a trick can add to a score
    trick_gain = -TRICK - reach
    # The best plan so far: cards laid, score, first card, first pile, how advanced the least
    # advanced piles are at its end (a tie-break: lower keeps more room).
    best = [0, 0, _NO_CARD, 0, 0]

    def search(left: int, score: int, laid: int, first_card: int, first_pile: int, low_pile: int,
               tricks: int) -> None:
        if laid:
            up, down = tops[0], tops[2]
            room = (up if up < tops[1] else tops[1]) - (down if down > tops[3] else tops[3])
            best_laid = best[0]
            if best_laid < owed:
                better = laid > best_laid or (laid == best_laid and (
                    score < best[1] or (score == best[1] and room < best[4])))
            else:
                better = laid >= owed and (score < best[1] or (score == best[1] and (
                    laid > best_laid or (laid == best_laid and room < best[4]))))
            if better:
                best[0], best[1], best[2], best[3], best[4] = laid, score, first_card, first_pile, room
        if not left:
            return
        # The hot loop of the bot: change() inlined, as it runs for every node of every search.
        options = []
        for pile in range(low_pile, 4):
            top = tops[pile]
            if pile < 2:
                for i in range(count):
                    if not used[i]:
                        card = hand[i]
                        if card > top:
                            options.append((card - top, pile, i))
                        elif card == top - TRICK:
                            options.append((-TRICK, pile, i))
            else:
                for i in range(count):
                    if not used[i]:
                        card = hand[i]
                        if card < top:
                            options.append((top - card, pile, i))
                        elif card == top + TRICK:
                            options.append((-TRICK, pile, i))
        options.sort()
        rest = left - 1
        # The most the rest of a plan could still lower its score (counting the card about to be
        # laid as a possible trick keeps the bound the same for every option, so that options,
        # sorted by change, can stop at the first that cannot win).
        k = tricks if tricks < rest else rest
        hope = k * trick_gain + (rest - k) * plain_gain
        for step, pile, i in options:
            new_score = score + step - reach
            if best[0] >= owed and new_score + hope > best[1]:
                break
            card = hand[i]
            top = tops[pile]
            used[i] = True
            tops[pile] = card
            tricks_left = tricks - trick[i]
            if laid:
                search(rest, new_score, laid + 1, first_card, first_pile, pile, tricks_left)
            else:
                search(rest, new_score, 1, card, pile, pile, tricks_left)
            tops[pile] = top
            used[i] = False

    search(depth, 0, 0, _NO_CARD, 0, 0, sum(trick))
    return best[2], best[3], best[1]


def _put_out_fire(observation: Observation, tops: list[int]) -> tuple[int, int]:
    """On Fire: the cheapest (card, pile) covering a fire card that burns at the end of this turn."""
    table = observation.table
    if not observation.rules.on_fire or table.turn not in table.fire_due:
        return _NO_CARD, 0
    pile = table.fire_due.index(table.turn)
    covers = [(step, card) for card in observation.hand
              if (step := change(card, pile, tops[pile])) is not None]
    return (min(covers)[1], pile) if covers else (_NO_CARD, 0)


def _find(legal: tuple[Move, ...], card: int, pile: int) -> Move:
    """The shared move object of ``legal`` that lays ``card`` on ``pile``."""
    for move in legal:
        if type(move) is Play and move.card == card and move.pile == pile:
            return move
    raise ArgumentError(f"GreedyBot planned {card} on pile {pile}, which the legal moves it was given "
                        "do not hold: they are not the moves of its observation")
