"""Random agents through PettingZoo: the canonical AEC loop, sampling each action from the mask.

    pip install "cardrules[pettingzoo]"
    python examples/pettingzoo_random_agent.py [SEED]

Plays a three-player game of The Game and a two-team game of Mille Bornes (one hand), prints the
opening position as the ansi render shows it, and each agent's total reward, which is its return
(``cardrules.rl.returns``): the share of the deck laid in The Game, +1 or -1 per side in Mille Bornes.
"""

from __future__ import annotations

import sys
from typing import Any

from cardrules.integrations import pettingzoo as cardrules_pz


def play(env: Any, seed: int) -> dict[str, float]:
    """One game with random legal actions; each agent's total reward."""
    env.reset(seed=seed)
    for agent in env.possible_agents:  # the agents' own randomness, separate from the deal
        env.action_space(agent).seed(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None  # a finished agent steps None, as PettingZoo has it
        else:
            action = env.action_space(agent).sample(observation["action_mask"])  # a legal action
        env.step(action)
    return totals


def main(seed: int) -> None:
    tables: list[tuple[str, dict[str, Any]]] = [
        ("the-game", {"players": 3}),
        ("mille-bornes", {"players": 4, "team_size": 2, "target_score": None}),
    ]
    for game, options in tables:
        env = cardrules_pz.env(game, render_mode="ansi", **options)
        env.reset(seed=seed)
        print(env.render())
        totals = play(env, seed)
        print("total rewards:", ", ".join(f"{agent} {total:+.3f}" for agent, total in totals.items()))
        print()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
