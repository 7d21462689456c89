"""The examples of ``README.md`` and ``docs/``, collected by Sybil so that ``python -m pytest`` runs them.

- A fenced ``python`` block is run as code. A block that starts with ``>>>`` is a doctest, checked
  with ELLIPSIS and NORMALIZE_WHITESPACE. The blocks of one page share a namespace, in page order,
  so a later block sees the names an earlier one defined.
- A fenced ``console`` (or ``bash``, ``shell``) block runs its ``cardrules`` commands through
  :func:`cardrules.cli.main`, in this process, with a small budget so that a doc showing
  ``--games 1000`` costs two games (see :data:`BUDGET`), and its ``python -c "..."`` commands
  through ``exec``. The exit status must be 0; the output is not compared. Everything else in such a
  block (``pip``, ``venv``, ``pytest``, a script) is shown to the reader and never run.
- ``<!-- skip: next "why" -->`` before a block skips it (Sybil's directive; the reason is a Python
  string, shown in the report). Keep it rare and say why.

The root ``conftest.py`` wires :data:`DOCS` into pytest, and ``testpaths`` in ``pyproject.toml``
names the files.
"""

from __future__ import annotations

import io
import os
import shlex
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser

import cardrules.cli

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root: the patterns below are relative to it."""

PATTERNS = ("README.md", "docs/*.md", "docs/rules/*.md", "docs/reference/*.md")
"""The pages whose examples run (``Path.match`` patterns, relative to :data:`ROOT`)."""

PAGES = tuple(sorted(page for pattern in PATTERNS for page in ROOT.glob(pattern)))
"""The pages of :data:`PATTERNS` in this checkout."""

SHELL_LANGUAGES = ("console", "bash", "shell", "sh")
"""Fenced-block languages read as shell commands."""

BUDGET: dict[str, tuple[str, ...]] = {
    "simulate": ("--games", "2", "--no-progress"),
    "bench": ("--seconds", "0.01"),
    "arena": ("--games", "2", "--quiet"),
}
"""Options appended to a documented command, by subcommand; argparse keeps the last value given, so
these override the page's own ``--games`` or ``--seconds`` and a docs run stays short."""


def cardrules_arguments(command: str) -> list[str] | None:
    """The arguments of ``command`` after ``python -m cardrules`` (or ``cardrules``), else ``None``.

    >>> cardrules_arguments(".venv/bin/python -m cardrules bench --seconds 3  # about 3 s")
    ['bench', '--seconds', '3']
    >>> cardrules_arguments("cardrules games"), cardrules_arguments(".venv/bin/pip install -e .")
    (['games'], None)
    """
    words = shlex.split(command, comments=True)
    if words[:1] == ["cardrules"]:
        return words[1:]
    if len(words) >= 3 and _is_python(words[0]) and words[1:3] == ["-m", "cardrules"]:
        return words[3:]
    return None


def python_code(command: str) -> str | None:
    """The code of a ``python -c CODE`` command, else ``None``.

    >>> python_code('python3 -c "print(1 + 1)"')
    'print(1 + 1)'
    """
    words = shlex.split(command, comments=True)
    if len(words) == 3 and _is_python(words[0]) and words[1] == "-c":
        return words[2]
    return None


def _is_python(word: str) -> bool:
    name = os.path.basename(word)
    return name == "python" or name.startswith("python3")


def shell_commands(block: str) -> list[str]:
    """The commands of a console block: one per line, without the ``$`` prompt, split at ``&&``.

    >>> shell_commands("$ python3 -m venv .venv && .venv/bin/python -m cardrules games\\n\\n# a note\\n")
    ['python3 -m venv .venv', '.venv/bin/python -m cardrules games']
    """
    commands: list[str] = []
    for line in block.splitlines():
        line = line.strip().removeprefix("$").strip()
        if line and not line.startswith("#"):
            commands.extend(part.strip() for part in line.split("&&"))
    return commands


def run_cardrules(arguments: Sequence[str]) -> str | None:
    """Run the command line with ``arguments`` and the :data:`BUDGET`; ``None``, or why it failed."""
    budgeted = [*arguments, *BUDGET.get(arguments[0] if arguments else "", ())]
    output = io.StringIO()
    with redirect_stdout(output), redirect_stderr(output):
        status = cardrules.cli.main(budgeted)
    if status != 0:
        return f"`cardrules {shlex.join(arguments)}` exited with {status}:\n{output.getvalue()}"
    return None


def run_shell_block(example: Example) -> str | None:
    """Sybil's evaluator of a console block: run what it can, return the first failure or ``None``."""
    for command in shell_commands(str(example.parsed)):
        arguments = cardrules_arguments(command)
        if arguments is not None:
            failure = run_cardrules(arguments)
            if failure is not None:
                return failure
            continue
        code = python_code(command)
        if code is not None:
            with redirect_stdout(io.StringIO()):
                exec(code, {"__name__": "__main__"})
    return None


DOCS = Sybil(
    parsers=[
        SkipParser(),
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        *(CodeBlockParser(language, run_shell_block) for language in SHELL_LANGUAGES),
    ],
    patterns=list(PATTERNS),
    path=str(ROOT),
    name="docs",
)
"""The Sybil that collects the examples of :data:`PATTERNS`."""
