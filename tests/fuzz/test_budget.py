"""The fuzz harness's CI budget: a short, seeded, deterministic run of every mode.

Each mode runs in its own process (``python -m tools.fuzz`` from the repository root), as a
person would run it, with the address space capped so that a memory bomb fails the run instead of
the machine. A failing run prints every distinct failure with a reproducer: that report is the
assertion message.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Inputs per target: a JSON target gets this many mutants, a scaling or soak target a tenth as many.
BUDGETS = {"json": 50, "arguments": 100, "soak": 30, "edges": 20}


@pytest.mark.parametrize("mode", sorted(BUDGETS))
def test_a_short_fuzz_run_finds_no_failure(mode: str, tmp_path: Path) -> None:
    saved = tmp_path / "failures.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "tools.fuzz", "--only", mode, "--count", str(BUDGETS[mode]),
         "--seed", "0", "--quiet", "--out", str(saved)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, f"the {mode} fuzz budget failed:\n{run.stdout}\n{run.stderr[-3000:]}"
    assert "No failures." in run.stdout
    assert not saved.exists()


def test_the_fuzz_harness_is_a_tool_of_the_repository_not_of_the_installed_package() -> None:
    assert importlib.util.find_spec("cardrules.testing.fuzz") is None
    run = subprocess.run([sys.executable, "-m", "tools.fuzz", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert "python -m tools.fuzz" in run.stdout
