"""numpy is the rl extra's: importing cardrules alone never imports it."""

from __future__ import annotations

import subprocess
import sys


def test_importing_cardrules_does_not_import_numpy() -> None:
    code = ("import sys, cardrules, cardrules.games.the_game, cardrules.games.mille_bornes; "
            "assert 'numpy' not in sys.modules, 'numpy was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_cardrules_rl_imports_numpy() -> None:
    code = "import sys; from cardrules import rl; assert 'numpy' in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_a_game_imports_neither_its_picture_nor_its_encoder() -> None:
    # The facets are loaded when a layer asks: a game's import stays light (no numpy, no drawing).
    code = ("import sys, cardrules.games.the_game, cardrules.games.mille_bornes; "
            "loaded = [m for m in sys.modules if m.startswith('cardrules.games') "
            "and m.endswith(('.picture', '.encoder'))]; "
            "assert not loaded, loaded")
    subprocess.run([sys.executable, "-c", code], check=True)
