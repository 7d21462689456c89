"""Train an agent on solo The Game (``cardrules/TheGame-v0``) with sb3-contrib's MaskablePPO, in
about a minute on a laptop's CPU, and compare it with a random agent.

Not part of cardrules' extras or its CI. Install the CPU build of torch first (PyTorch's
install page gives the command for your machine; a plain ``pip install torch`` on Linux fetches
gigabytes of CUDA libraries), then the trainer::

    pip install "cardrules[gymnasium]" sb3-contrib
    python examples/train_the_game.py [TIMESTEPS] [SEED]

It prints the mean number of cards laid (of 98) over the same 100 deals, by a random legal agent and
by the policy after each stage of training. The reward is 1/98 per card laid, so the episode's
return is the share of the deck laid; MaskablePPO reads the legal actions from
``env.action_masks()``, and the agent never picks an illegal one.
"""

from __future__ import annotations

import sys
import time

import gymnasium
import numpy as np

# sb3-contrib is this example's own dependency, not cardrules': without it mypy finds no module.
from sb3_contrib import MaskablePPO  # type: ignore[import-not-found, unused-ignore]

import cardrules.integrations.gymnasium  # noqa: F401 -- registers cardrules/TheGame-v0

EVALUATION_DEALS = range(10_000, 10_100)  # the same 100 deals for every agent, none seen in training


def mean_cards_laid(choose: object, env: gymnasium.Env[np.ndarray, np.int64]) -> float:
    """The mean cards laid over the evaluation deals by ``choose(observation, mask) -> action``."""
    laid = []
    for seed in EVALUATION_DEALS:
        observation, info = env.reset(seed=seed)
        total, terminated = 0.0, False
        while not terminated:
            action = choose(observation, info["action_mask"].astype(bool))  # type: ignore[operator]
            observation, reward, terminated, _, info = env.step(action)
            total += float(reward)
        laid.append(round(total * 98))
    return float(np.mean(laid))


def main(timesteps: int, seed: int) -> None:
    env = gymnasium.make("cardrules/TheGame-v0")
    rng = np.random.default_rng(seed)
    random_agent = mean_cards_laid(lambda _, mask: int(rng.choice(np.flatnonzero(mask))), env)
    print(f"random legal agent: {random_agent:.1f} cards laid on average")

    model = MaskablePPO("MlpPolicy", gymnasium.make("cardrules/TheGame-v0"), n_steps=1024, batch_size=256,
                        learning_rate=1e-3, gamma=1.0, seed=seed, device="cpu", verbose=0)

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    start = time.perf_counter()
    stages = 3
    for stage in range(1, stages + 1):
        model.learn(timesteps // stages, reset_num_timesteps=False)
        trained = mean_cards_laid(policy, env)
        print(f"after {stage * (timesteps // stages):>6} steps ({time.perf_counter() - start:4.0f} s): "
              f"{trained:.1f} cards laid on average")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30_000, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
