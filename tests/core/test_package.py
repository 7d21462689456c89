"""The package as published: its version, licence, project metadata and extras, and the extra
``testing`` that gives rule checkers ``cardrules.testing`` without the development tools."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.cli import main

REPO = Path(__file__).resolve().parents[2]
PYPROJECT: dict[str, Any] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]

CI_PYTHONS = {"3.11", "3.13"}
"""The Python versions ``.ci/run`` runs the test suite on; the classifiers must name exactly these."""


def run_python(prelude: str, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``prelude`` then ``code`` in a fresh interpreter of this environment, outside the repository."""
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=REPO.parent, check=False, timeout=300)


def blocking(*modules: str) -> str:
    """Code that makes importing any of ``modules`` (and their submodules) fail, as if not installed."""
    return textwrap.dedent(f"""\
        import importlib.abc, sys
        class Absent(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {modules!r}:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None
        sys.meta_path.insert(0, Absent())
        """)


def test_the_version_is_the_installed_distributions_which_is_pyprojects() -> None:
    assert cardrules.__version__ == metadata.version("cardrules") == PROJECT["version"]


def test_cardrules_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cardrules {metadata.version('cardrules')}\n"


def test_python_m_cardrules_version_prints_it_too() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "--version"], capture_output=True, text=True,
                          check=False, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"cardrules {cardrules.__version__}\n", "")


def test_the_licence_file_is_the_mit_licence_pyproject_declares() -> None:
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert text.startswith("MIT License\n\nCopyright (c) 2026 cardrules developers\n")
    assert "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND" in text


def test_the_classifiers_name_only_the_pythons_ci_runs() -> None:
    classifiers = PROJECT["classifiers"]
    versions = {c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: "
                                                                              r"Python :: 3\.\d+", c)}
    assert versions == CI_PYTHONS
    assert PROJECT["requires-python"] == f">={min(CI_PYTHONS, key=lambda v: tuple(map(int, v.split('.'))))}"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert all(f"python{version}" in ci for version in CI_PYTHONS - {"3.11"})  # 3.11 is the default python3
    assert "Typing :: Typed" in classifiers
    assert (REPO / "src" / "cardrules" / "py.typed").is_file()
    assert not any(c.startswith("License ::") for c in classifiers)  # PEP 639: `license` supersedes them


def test_the_project_urls_name_the_repository_docs_changelog_and_issues() -> None:
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Changelog", "Issues"}
    assert all(url.startswith("https://") for url in urls.values())


def test_the_testing_extra_is_hypothesis_alone_and_the_test_extra_includes_it() -> None:
    extras = PROJECT["optional-dependencies"]
    assert [re.split(r"[<>=!~\[ ]", requirement)[0] for requirement in extras["testing"]] == ["hypothesis"]
    own_extras = re.fullmatch(r"cardrules\[(.*)\]", extras["test"][0])
    assert own_extras is not None
    assert "testing" in own_extras[1].split(",")


def test_cardrules_testing_works_without_pytest_or_any_development_tool() -> None:
    done = run_python(blocking("pytest", "_pytest", "mypy", "ruff", "sybil"), """
        from hypothesis import given, settings
        from cardrules.games import the_game
        from cardrules.testing import check_conformance, reachable_states, rules_values

        @settings(max_examples=5, deadline=None)
        @given(reachable_states(rules_values("the-game")))
        def test_hands_hold_at_most_a_full_hand(state):
            assert all(len(hand) <= state.rules.hand_size for hand in state.hands)

        test_hands_hold_at_most_a_full_hand()
        print(check_conformance(the_game.Rules(players=2), games=1).games)
        """)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")


def test_the_strategies_without_hypothesis_name_the_extra_to_install() -> None:
    done = run_python(blocking("hypothesis"), """
        from cardrules.games import the_game
        from cardrules.testing import check_conformance
        print(check_conformance(the_game.Rules(), games=1).games)
        from cardrules.testing import reachable_states
        """)
    assert done.returncode == 1
    assert done.stdout == "1\n"
    assert done.stderr.rstrip().splitlines()[-1] == (
        "ImportError: cardrules.testing.reachable_states and rules_values need hypothesis: "
        'pip install "cardrules[testing]"')


def test_dir_of_the_package_shows_the_public_api_only() -> None:
    import cardrules

    shown = dir(cardrules)
    assert set(shown) == {*cardrules.__all__, "__version__"}
    assert not {"serialization", "registry", "TypeVar"} & set(shown)
