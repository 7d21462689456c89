"""How the examples of the docs are run (``tests/docs/examples.py``): what runs, what fails, what is
never run, and that no example of a page is left out because its block has a language nobody runs."""

from __future__ import annotations

import re
import unittest
from pathlib import Path

import pytest
from sybil import Document
from sybil.example import SybilFailure

import cardrules.cli
from tests.docs.examples import DOCS, PAGES, ROOT, SHELL_LANGUAGES

PLAIN_LANGUAGES = ("", "text", "mermaid")  # mermaid: a diagram, not code
"""Fenced blocks that show text (an error tree, an output), never run."""

_FENCE = re.compile(r"^[ \t]*(```|~~~)[ \t]*([^\n]*)\n(.*?)^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)


def run_page(tmp_path: Path, text: str) -> Document:
    """Parse ``text`` as a docs page with the docs' parsers and evaluate its examples in order."""
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    document = Document.parse(str(page), *DOCS.parsers)
    for example in document.examples():
        example.evaluate()
    return document


def test_the_python_blocks_of_a_page_see_the_names_of_the_earlier_ones(tmp_path: Path) -> None:
    document = run_page(tmp_path, "```python\nrules = 'parker'\n```\n\n```python\nup = rules.upper()\n```\n")
    assert document.namespace["up"] == "PARKER"


def test_a_doctest_whose_output_differs_fails(tmp_path: Path) -> None:
    with pytest.raises(SybilFailure, match="Expected:\n    3\nGot:\n    2"):
        run_page(tmp_path, "```python\n>>> 1 + 1\n3\n```\n")


def test_a_doctest_may_elide_output_and_wrap_it(tmp_path: Path) -> None:
    run_page(tmp_path, "```python\n>>> list(range(30))\n[0, 1,\n 2, ..., 29]\n```\n")


def test_a_documented_command_with_an_unknown_option_fails(tmp_path: Path) -> None:
    with pytest.raises(SybilFailure, match="simulate the-game --no-such-option` exited with 2"):
        run_page(tmp_path, "```console\n$ python -m cardrules simulate the-game --no-such-option\n```\n")


def test_a_documented_command_runs_on_a_small_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    def main(argv: list[str]) -> int:
        calls.append(argv)
        return 0

    monkeypatch.setattr(cardrules.cli, "main", main)
    run_page(
        tmp_path,
        "```console\n"
        "python3 -m venv .venv && .venv/bin/python -m cardrules simulate the-game --games 1000  # a while\n"
        "cardrules bench --seconds 3\n"
        "python -m cardrules games\n"
        "```\n",
    )
    assert calls == [
        ["simulate", "the-game", "--games", "1000", "--games", "2", "--no-progress"],
        ["bench", "--seconds", "3", "--seconds", "0.01"],
        ["games"],
    ]


def test_pip_venv_and_other_commands_of_a_console_block_are_never_run(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    run_page(
        tmp_path,
        f"```console\n$ python3 -m venv {venv} && {venv}/bin/pip install -e .\n$ rm -rf {tmp_path}\n```\n",
    )
    assert tmp_path.is_dir()
    assert not venv.exists()


def test_the_code_of_a_python_c_command_is_run(tmp_path: Path) -> None:
    with pytest.raises(ZeroDivisionError):
        run_page(tmp_path, "```console\n$ .venv/bin/python -c \"print(1 / 0)\"\n```\n")


def test_a_skip_directive_skips_the_next_block_with_its_reason(tmp_path: Path) -> None:
    with pytest.raises(unittest.SkipTest, match="a fragment"):
        run_page(tmp_path, '<!-- skip: next "a fragment" -->\n```python\nundefined_name\n```\n')


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_example_of_a_page_is_in_a_block_the_suite_runs(page: Path) -> None:
    runnable = ("python", *SHELL_LANGUAGES)
    for match in _FENCE.finditer(page.read_text("utf-8")):
        language, body = match[2].strip(), match[3]
        assert language in runnable + PLAIN_LANGUAGES, f"```{language} is never run: use one of {runnable}"
        if language != "python":
            assert ">>>" not in body, f"a doctest in ```{language} is never run: make the block ```python"
