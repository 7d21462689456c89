"""Smoke test of an installed wheel, run by ``.ci/run`` in a fresh virtual environment that has the
wheel and nothing else (no ``-e``, no extras), from a directory outside the source tree.

It checks what a user of the published package meets first: the package imports from
site-packages (not from a checkout), both games play to the end with the reference bots, the
version agrees with the distribution's metadata, the command line works as ``cardrules`` and as
``python -m cardrules``, ``py.typed`` and the licence are installed, and importing cardrules pulls
in none of the optional dependencies. Exit status 0 when all hold; the first failure raises.
"""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import cardrules
from cardrules.bots import play_game
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.the_game.bots import GreedyBot

OPTIONAL = ("numpy", "hypothesis", "pytest", "rich", "matplotlib", "ray", "pyspiel", "pettingzoo",
            "gymnasium", "starlette", "uvicorn", "asyncpg", "websockets")
"""Modules of the extras: importing cardrules and playing must need none of them."""


def check(condition: bool, what: str) -> None:
    """Fail with ``what`` unless ``condition``; print it when it holds."""
    if not condition:
        raise SystemExit(f"smoke test failed: {what}")
    print(f"ok  {what}")


def run(*arguments: str) -> str:
    """The standard output of a command, which must exit with 0."""
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"smoke test failed: {' '.join(arguments)} exited with {done.returncode}:\n"
                         f"{done.stderr}")
    return done.stdout


def main() -> None:
    package = Path(cardrules.__file__).resolve().parent
    check("site-packages" in package.parts, f"cardrules is imported from the installed wheel ({package})")
    check(cardrules.__version__ == metadata.version("cardrules"), f"__version__ is {cardrules.__version__}")
    check((package / "py.typed").is_file(), "py.typed is installed")
    licences = [f for f in metadata.files("cardrules") or () if f.name == "LICENSE"]
    check(len(licences) == 1 and "MIT License" in licences[0].read_text(), "the MIT licence is installed")
    check(not any(name in sys.modules for name in OPTIONAL), "import cardrules needs no extra")

    final = play_game(the_game.Rules(players=3), GreedyBot(), seed=1)
    outcome = cardrules.result(final)
    check(isinstance(outcome, the_game.Result), f"The Game plays to the end: {outcome}")

    rules = mille_bornes.Rules(players=4, team_size=2, target_score=None)
    final = play_game(rules, HeuristicBot(), seed=1)
    result = cardrules.result(final)
    check(isinstance(result, mille_bornes.Result) and bool(result.winners),
          f"Mille Bornes plays to the end: winners {getattr(result, 'winners', None)}")
    check(cardrules.from_json(cardrules.to_json(final)) == final, "a state round-trips through JSON")
    check(not any(name in sys.modules for name in OPTIONAL), "playing both games needs no extra")

    command = Path(sys.executable).parent / "cardrules"
    version = f"cardrules {metadata.version('cardrules')}\n"
    check(run(str(command), "--version") == version, f"cardrules --version prints {version.strip()!r}")
    check(run(sys.executable, "-m", "cardrules", "--version") == version, "python -m cardrules --version too")
    names = [line.split()[0] for line in run(str(command), "games").splitlines()]
    check(names == ["mille-bornes", "the-game"], "cardrules games lists both games")
    for game in ("the-game", "mille-bornes"):
        summary = run(str(command), "simulate", game, "--games", "20", "--seed", "1", "--no-progress")
        check("games             20" in summary.splitlines(), f"cardrules simulate {game} --games 20")

    # The browser table's files are package data: every one of the checkout's is in the wheel.
    static = Path(__file__).resolve().parents[1] / "src" / "cardrules" / "server" / "static"
    wanted = sorted(str(path.relative_to(static)) for path in static.rglob("*") if path.is_file())
    installed = package / "server" / "static"
    check(all((installed / name).is_file() for name in wanted),
          f"the server's {len(wanted)} static files are installed")
    serve = subprocess.run([str(command), "serve"], capture_output=True, text=True, check=False, timeout=300)
    check(serve.returncode == 2 and "pip install \"cardrules[server]\"" in serve.stderr,
          "cardrules serve without the server extra says how to install it")


if __name__ == "__main__":
    main()
