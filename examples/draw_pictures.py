"""Draw the pictures of docs/svg.md into docs/images/: positions of both games, reached by random play.

    python examples/draw_pictures.py

Each picture is a deal (rules and seed) played on by random moves from a generator seeded alike, so
the positions, and so the files, are the same on every run; a test checks that the committed files
are what the code draws now.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardrules import svg
from cardrules.games import mille_bornes, the_game

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def position(verbs: Any, rules: Any, seed: int, moves: int) -> Any:
    """The state after ``moves`` random moves of the game dealt from ``seed``."""
    state = verbs.new_game(rules, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state = verbs.apply(state, chooser.choice(verbs.legal_moves(state)))
    return state


def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG."""
    on_fire = position(the_game, the_game.Rules(players=3, on_fire=True), 113, 27)
    teams = position(mille_bornes, mille_bornes.Rules(players=4, team_size=2), 0, 295)
    duel = position(mille_bornes, mille_bornes.Rules(), 0, 819)
    return {
        "the-game-observation.svg": svg.draw(the_game.observe(on_fire, 0)),
        "the-game-state.svg": svg.draw(position(the_game, the_game.Rules(players=2), 4, 9), lang="fr"),
        "mille-bornes-observation.svg": svg.draw(mille_bornes.observe(teams, 0)),
        "mille-bornes-state.svg": svg.draw(duel, lang="es"),
    }


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    for name, picture in pictures().items():
        (IMAGES / name).write_text(picture, encoding="utf-8")
        print(f"wrote docs/images/{name}")


if __name__ == "__main__":
    main()
