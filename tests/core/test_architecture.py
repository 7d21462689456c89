"""The layout rule of ``docs/architecture.md``: no import cycle among the modules of ``src/``.

Every import statement counts, wherever it is written: at the top of a module, inside a function
(a "late" import that dodges a cycle at run time still ties the two modules together) and under
``if TYPE_CHECKING:`` (the type checker, and a reader, still need both modules to understand either).
An import of a package counts as an import of its ``__init__``; an import of ``a.b.c`` counts as an
import of ``a.b.c`` only (Python runs the parents' ``__init__`` first, but that is not a choice the
importing module made).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src"

Graph = Mapping[str, frozenset[str]]


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module in ``path`` under the import root ``root``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, root: Path, known: Iterable[str]) -> frozenset[str]:
    """The modules of ``known`` that the module in ``path`` imports, anywhere in its code."""
    name = module_name(path, root)
    modules = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(_nearest(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            found.add(_nearest(base, modules))
            # ``from package import module`` imports that module too.
            found.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules)
    found.discard(name)
    found.discard("")
    return frozenset(found)


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = parts[:len(parts) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _nearest(target: str, modules: set[str]) -> str:
    """``target`` if it is one of ``modules``, else its nearest package that is ("" for neither)."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target


def import_graph(root: Path, under: str = "") -> dict[str, frozenset[str]]:
    """Every module below ``root`` (those in the folder ``under`` of it, if given), with the modules
    of that set it imports."""
    paths = {module_name(path, root): path for path in sorted((root / under).rglob("*.py"))}
    return {name: imported_modules(path, root, paths) for name, path in paths.items()}


def import_cycles(graph: Graph) -> list[tuple[str, ...]]:
    """The import cycles of ``graph``: each group of modules that import one another, directly or not
    (a strongly connected component of more than one module), sorted."""
    reach = {name: _reachable(graph, name) for name in graph}
    cycles: set[tuple[str, ...]] = set()
    for name in graph:
        group = tuple(sorted(other for other in reach[name] if name in reach[other]))
        if len(group) > 1:
            cycles.add(group)
    return sorted(cycles)


def _reachable(graph: Graph, start: str) -> set[str]:
    seen = {start}
    pending = [start]
    while pending:
        for target in graph[pending.pop()]:
            if target not in seen:
                seen.add(target)
                pending.append(target)
    return seen


def describe(cycles: list[tuple[str, ...]], graph: Graph) -> str:
    """Each cycle with the imports that close it, for a failure message."""
    lines = []
    for group in cycles:
        lines.append("cycle: " + ", ".join(group))
        members = set(group)
        lines.extend(f"    {name} -> {target}" for name in group for target in sorted(graph[name] & members))
    return "\n".join(lines)


# --- the rule, applied to src/ --------------------------------------------------------------------

SRC_GRAPH = import_graph(SRC)
GAMES = sorted({name.split(".")[2] for name in SRC_GRAPH if name.startswith("cardrules.games.")})


def area(module: str) -> str:
    """The part of the code base a module belongs to: ``core`` or the game package's name."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else "core"


@pytest.mark.parametrize(
    "where",
    [
        "core",
        *GAMES,
    ],
)
def test_no_import_cycle_in_src(where: str) -> None:
    cycles = [group for group in import_cycles(SRC_GRAPH) if any(area(name) == where for name in group)]
    assert not cycles, "\n" + describe(cycles, SRC_GRAPH)


def test_no_layer_imports_a_game() -> None:
    # Every layer outside games/ (the core, svg, rl, bots, run, testing, the command line and the
    # adapters) reaches every game through the registry and its descriptor's facets, never by
    # importing it; the registry's list of built-in games names their modules only as strings.
    layers = [name for name in SRC_GRAPH if area(name) == "core"]
    named = {name: sorted(target for target in SRC_GRAPH[name] if area(target) != "core") for name in layers}
    assert {name: targets for name, targets in named.items() if targets} == {}


FACETS = ("picture", "encoder", "returns", "command_line", "openspiel", "bots", "expert_bot")
"""The facet modules of the built-in games: each is loaded only through the game's descriptor."""


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_modules_import_none_of_its_facets(game: str) -> None:
    package = f"cardrules.games.{game}"
    facets = {f"{package}.{facet}" for facet in FACETS}
    rules_modules = [name for name in SRC_GRAPH if name.startswith(package) and name not in facets]
    assert rules_modules
    reached = {name: sorted(SRC_GRAPH[name] & facets) for name in rules_modules}
    assert {name: targets for name, targets in reached.items() if targets} == {}


def test_importing_a_game_imports_no_numpy_and_no_svg_code() -> None:
    code = ("import sys; import cardrules.games.the_game, cardrules.games.mille_bornes; "
            "print(sorted(m for m in sys.modules if m == 'numpy' or m.startswith('cardrules.svg.') "
            "or m.startswith('cardrules.') and m.endswith(('.picture', '.encoder', '.command_line', "
            "'.openspiel', '.returns'))))")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert ran.stdout.strip() == "[]"


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda path: str(path.relative_to(SRC)))
def test_every_module_says_in_one_line_what_it_holds(path: Path) -> None:
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert docstring, f"{path.relative_to(SRC)} has no docstring"
    first, _, rest = docstring.partition("\n")
    assert first.endswith("."), f"{path.relative_to(SRC)}: the first line is not a sentence: {first!r}"
    assert not rest or rest.startswith("\n"), f"{path.relative_to(SRC)}: the summary runs past one line"


def test_a_game_package_imports_no_other_game() -> None:
    games = {name: targets for name, targets in SRC_GRAPH.items() if area(name) != "core"}
    assert games
    for name, targets in games.items():
        assert {area(target) for target in targets} <= {"core", area(name)}, name


def test_the_toy_game_in_the_tests_has_no_import_cycle() -> None:
    graph = import_graph(REPO, "tests/toy_game")
    assert set(graph) == {"tests.toy_game", "tests.toy_game.command_line", "tests.toy_game.engine",
                          "tests.toy_game.values", "tests.toy_game.picture", "tests.toy_game.encoder",
                          "tests.toy_game.redeclared", "tests.toy_game.openspiel"}
    assert import_cycles(graph) == []


# --- the check itself -----------------------------------------------------------------------------


def write_package(root: Path, files: Mapping[str, str]) -> Path:
    """Write ``files`` (path -> source) under ``root`` and return it."""
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def cycles_in(root: Path) -> list[tuple[str, ...]]:
    return import_cycles(import_graph(root))


def test_a_cycle_dodged_by_an_import_inside_a_function_is_still_a_cycle(tmp_path: Path) -> None:
    root = write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/state.py": "from pkg.scoring import score\n",
        "pkg/scoring.py": "def score():\n    from pkg.state import State\n",
    })
    assert cycles_in(root) == [("pkg.scoring", "pkg.state")]


def test_a_cycle_through_a_type_checking_import_is_still_a_cycle(tmp_path: Path) -> None:
    root = write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
        "pkg/b.py": "import pkg.c\n",
        "pkg/c.py": "from pkg import a\n",
    })
    assert cycles_in(root) == [("pkg.a", "pkg.b", "pkg.c")]


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    root = write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "from . import low\n",
        "pkg/sub/low.py": "from ..top import thing\n",
        "pkg/top.py": "from .sub.low import other\n",
    })
    assert cycles_in(root) == [("pkg.sub.low", "pkg.top")]


def test_importing_a_package_counts_as_importing_its_init(tmp_path: Path) -> None:
    root = write_package(tmp_path, {
        "pkg/__init__.py": "from pkg.engine import apply\n",
        "pkg/engine.py": "from pkg import rules\n",  # the package's __init__, then pkg.rules
        "pkg/rules.py": "",
    })
    assert cycles_in(root) == [("pkg", "pkg.engine")]


def test_a_layered_package_has_no_cycle(tmp_path: Path) -> None:
    root = write_package(tmp_path, {
        "pkg/__init__.py": "from pkg.engine import apply\nfrom pkg.cards import CARDS\n",
        "pkg/cards.py": "import random\n",
        "pkg/rules.py": "from pkg.cards import CARDS\n",
        "pkg/engine.py": "from pkg.rules import Rules\nfrom pkg.cards import CARDS\nimport pkg.rules\n",
    })
    graph = import_graph(root)
    assert graph["pkg.engine"] == {"pkg.rules", "pkg.cards"}
    assert import_cycles(graph) == []
