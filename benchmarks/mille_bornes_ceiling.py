"""What knowing more is worth in 2-player Mille Bornes: the flat search at one seat, ExpertBot at the other.

    python benchmarks/mille_bornes_ceiling.py --mode honest --deals 150 --seed 1300 --iterations 200
    python benchmarks/mille_bornes_ceiling.py --mode hand --deals 150 --seed 1300 --iterations 200
    python benchmarks/mille_bornes_ceiling.py --mode clairvoyant --deals 300 --seed 1300
    python benchmarks/mille_bornes_ceiling.py --mode honest --deals 150 --iterations 200 --value points

The searching seat plays the library's flat Monte Carlo (:func:`cardrules.bots.flat.flat_choice`,
ExpertBot rollouts, the guard of 2 standard errors, the win as the value: what ``ismcts:flat=true``
plays in the arena; ``--value points`` adds the lead in points / 2000); only the deals it rolls out
differ by ``--mode``:

- ``honest``: ``determinize`` of the seat's observation, as any bot may;
- ``hand``: the true hands, the draw pile shuffled: a bot that reads the opponent's hand perfectly
  (the most any inference from its plays, its discards or the coup fourré windows could give);
- ``clairvoyant``: the true state itself, the order of the draw pile included. A rollout is then
  exactly what would follow (ExpertBot is deterministic), so each move is rolled out once and the
  best is played, ExpertBot's own move on equal outcomes (``--iterations`` is not used).

Every deal (one hand, ``target_score=None``) is played twice, the search at seat 0 and then at
seat 1. Prints the search's share of wins (a tie counts half) with a normal 95% interval over the
deals, and the wall-clock time. ``hand`` and ``clairvoyant`` look at the hidden cards: they are
probes of how much the hidden information decides, not bots.
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial
from multiprocessing import Pool
from typing import cast

import attrs

import cardrules
from cardrules._trust import vouch
from cardrules.bots.flat import flat_choice, roll_out
from cardrules.bots.search import outcome_returns
from cardrules.games import mille_bornes
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.run.statistics import mean_interval

_RULES = mille_bornes.Rules(target_score=None)
_EXPERT = ExpertBot()
_GAME = cardrules.games.get("mille-bornes")


def _hand_known(state: mille_bornes.State, observation: object, rng: random.Random | int
                ) -> mille_bornes.State:
    """A deal of ``state`` that keeps its hands and shuffles its draw pile (what ``hand`` rolls out)."""
    pile = list(state.draw_pile)
    (rng if isinstance(rng, random.Random) else random.Random(rng)).shuffle(pile)
    dealt = attrs.evolve(state, draw_pile=tuple(pile))
    # The same cards in another order: as valid as the state, so the bots need not check it again.
    vouch(dealt)
    return dealt


def _foreseen(state: mille_bornes.State, observation: mille_bornes.Observation,
              legal: tuple[mille_bornes.Move, ...], seat: int) -> mille_bornes.Move:
    """The move whose exact future (ExpertBot at both seats from there) is best for ``seat``."""
    def future(move: mille_bornes.Move) -> float:
        # random.Random() is never drawn from: the rollout policy is ExpertBot, which draws nothing.
        final = roll_out(_GAME, mille_bornes.apply(state, move), _EXPERT, random.Random())
        return outcome_returns(final)[seat]

    own = _EXPERT.choose(observation, legal)
    best, best_value = own, future(own)
    for move in legal:
        if move != own:
            value = future(move)
            if value > best_value:
                best, best_value = move, value
    return best


def _win_and_points(state: object) -> tuple[float, ...]:
    """Each seat's share of the win (``outcome_returns``), plus its side's lead in points over the
    other side / 2000: a win still outweighs any lead, and the points tell apart moves that win
    (or lose) by more or less, which the win alone does not."""
    final = cast(mille_bornes.State, state)
    result = mille_bornes.result(final)
    assert result is not None
    lead = result.totals[0] - result.totals[1]
    return tuple(win + (lead if side == 0 else -lead) / 2000
                 for win, side in zip(outcome_returns(final), final.rules.side_of_seat, strict=True))


_VALUES = {"win": outcome_returns, "points": _win_and_points}
"""What a rollout's end is worth to the searching seat (``--value``)."""


def _play(job: tuple[int, int, str, int, str]) -> tuple[int, float]:
    """One hand of deal ``seed`` with the search at ``searcher``: the deal and the search's share."""
    seed, searcher, mode, iterations, value = job
    rng = random.Random(seed * 7 + searcher)
    state = mille_bornes.new_game(_RULES, seed=seed)
    legal = mille_bornes.legal_moves(state)
    while legal:
        seat = mille_bornes.current_player(state)
        assert seat is not None
        observation = mille_bornes.observe(state, seat)
        if seat == searcher and len(legal) > 1 and mode == "clairvoyant":
            move = _foreseen(state, observation, legal, searcher)
        elif seat == searcher and len(legal) > 1:
            game = _GAME if mode == "honest" else attrs.evolve(_GAME, determinize=partial(_hand_known, state))
            move = flat_choice(game, observation, legal, policy=_EXPERT,
                               value=_VALUES[value], iterations=iterations, seconds=None, guard=2.0,
                               rng=rng)
        else:
            move = _EXPERT.choose(observation, legal)
        state = mille_bornes.apply(state, move)
        legal = mille_bornes.legal_moves(state)
    result = mille_bornes.result(state)
    assert result is not None
    return seed, 1.0 if result.winners == (searcher,) else 0.5 if searcher in result.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("honest", "hand", "clairvoyant"), required=True)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1300, help="the first deal's seed")
    parser.add_argument("--iterations", type=int, default=200, help="rollouts a decision")
    parser.add_argument("--value", choices=tuple(_VALUES), default="win",
                        help="what a rollout is worth: the win, or the win and the lead in points / 2000")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(seed, searcher, args.mode, args.iterations, args.value)
            for seed in range(args.seed, args.seed + args.deals) for searcher in (0, 1)]
    start = time.perf_counter()
    by_deal: dict[int, float] = {}
    with Pool(args.workers) as pool:
        for seed, share in pool.imap_unordered(_play, jobs):
            by_deal[seed] = by_deal.get(seed, 0.0) + share / 2
    wins = mean_interval([100 * share for share in by_deal.values()])
    budget = "one rollout a move" if args.mode == "clairvoyant" else \
        f"{args.iterations} rollouts a decision, value {args.value}"
    print(f"{args.mode}, {budget}, {len(by_deal)} deals from seed {args.seed}: "
          f"the search wins {wins.plus_minus(1)} % against ExpertBot ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
