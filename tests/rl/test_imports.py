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
