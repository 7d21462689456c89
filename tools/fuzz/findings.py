"""What a fuzz run finds: failures, each with a reproducer that can be replayed or pasted as Python.

A reproducer is plain data (it is saved as one JSON line per failure, and read back by
``python -m tools.fuzz --replay FILE``):

- ``{"kind": "json", "game": ..., "type": ..., "form": ..., "text": ...}``: one ``from_json`` input;
  ``type`` is one of :data:`KINDS` and ``form`` says how it was read (``"class"``: with the class,
  ``"bare"``: without one, ``"bytes"``: as bytes with the class, given in ``hex`` instead of ``text``).
- ``{"kind": "scale", ..., "texts": [...]}``: a scaling experiment, the same input at three sizes.
- ``{"kind": "call", "code": ..., "prelude": ...}``: one call of a public function, as a Python
  expression, and the imports it needs.
- ``{"kind": "soak", "game": ..., "rules": ..., "seed": ...}``: one random game (rules as JSON).
- ``{"kind": "edge", "family": ..., ...}``: one case of the ``edges`` mode (a file given to
  ``play``, a script on its standard input, a failing bot, a signal), as
  :func:`~tools.fuzz.edges.check_edge_case` takes it.
- ``{"kind": "harness", ...}``: a bug of the harness itself (not replayable: run the seed again).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs

from tools.fuzz.bounds import ErrorInfo

__all__ = ["KINDS", "Failure", "Reproducer", "Target", "load_reproducers", "save_failures"]

KINDS = ("rules", "state", "move", "observation", "result", "record")
"""The kinds of JSON value every game has, as a reproducer names them."""

_SHOWN_CHARS = 1500


@attrs.frozen(kw_only=True)
class Reproducer:
    """The input of a failure, as data (see the module's docstring for the kinds)."""

    data: Mapping[str, object]

    @property
    def kind(self) -> str:
        """``json``, ``scale``, ``call``, ``soak``, ``edge`` or ``harness``."""
        return str(self.data["kind"])

    def python(self) -> str:
        """Python code that shows the failure when run (a traceback, or an ``AssertionError``)."""
        data = self.data
        if self.kind == "call":
            return f"{data.get('prelude', _CALL_PRELUDE)}\n{data['code']}"
        if self.kind == "json":
            text: object = str(data.get("text", ""))
            if data.get("form") == "bytes":
                text = bytes.fromhex(str(data["hex"]))
            cls = f'_type_of({data["game"]!r}, {data["type"]!r})'
            read = (f"cardrules.from_json({text!r})" if data.get("form") == "bare"
                    else f"cardrules.from_json({text!r}, {cls})")
            return (f"import cardrules\nfrom tools.fuzz import check_value, type_of as _type_of\n"
                    f"check_value({read})")
        if self.kind == "harness":
            return (f"# a bug of the fuzz harness: run the same budget again with --seed {data.get('seed')} "
                    f"(target {data.get('target')!r}, input {data.get('input')})")
        if self.kind == "edge":
            return f"from tools.fuzz import check_edge_case\ncheck_edge_case({dict(data)!r})"
        if self.kind == "scale":
            return ("from tools.fuzz import reproduce\n"
                    f"reproduce({dict(data)!r})")
        return ("import cardrules\nfrom tools.fuzz import soak_game, type_of as _type_of\n"
                f'soak_game(cardrules.from_json({data["rules"]!r}, _type_of({data["game"]!r}, "rules")), '
                f'seed={data["seed"]!r})')

    def short(self) -> str:
        """The Python code, cut to a length that fits a summary."""
        code = self.python()
        if len(code) <= _SHOWN_CHARS:
            return code
        return code[:_SHOWN_CHARS] + f"... [{len(code) - _SHOWN_CHARS} more characters: see the saved file]"


_CALL_PRELUDE = "import random, cardrules\nfrom tools.fuzz import sample"


@attrs.frozen(kw_only=True)
class Failure:
    """One failing input.

    ``target`` names what was fuzzed (``json mille-bornes state``); ``check`` what broke (``from_json
    raised``, ``validate_state of an accepted value``, ``time bound``, ...); ``error`` what was raised or
    measured; ``detail`` the mutation or the step that led there.
    """

    target: str
    check: str
    error: ErrorInfo
    reproducer: Reproducer
    detail: str = ""

    @property
    def signature(self) -> tuple[str, str, str]:
        """Failures with the same signature are one bug seen again: what broke, what was raised,
        and the function it was raised in. The line is left out (one function, one bug), and so is
        the call that raised (``from_json``, a replay, a public function): the same error from
        the same function is the same bug, however it was reached."""
        check = "raised" if self.check.endswith(" raised") else self.check
        return (check, self.error.type_name, re.sub(r":\d+ ", " ", self.error.where))

    def to_data(self) -> dict[str, object]:
        """The failure as JSON-able data (a line of the saved file)."""
        return {
            "target": self.target,
            "check": self.check,
            "error": self.error.last_line,
            "where": self.error.where,
            "detail": self.detail,
            "reproducer": dict(self.reproducer.data),
        }


class Target:
    """What the runner drives: one input per :meth:`run_one`, counted in ``tried`` and ``accepted``
    (inputs accepted, or calls and cases that passed)."""

    name = ""
    tried = 0
    accepted = 0

    @property
    def exhausted(self) -> bool:
        """Every input it has was tried: never, but for a target of calls."""
        return False

    def run_one(self) -> list[Failure]:
        """Try one input; return its failures."""
        raise NotImplementedError

    def shrink(self, failure: Failure) -> Failure:
        """A smaller input with the same failure; ``failure`` itself where the input is one small case
        already (a call, a scene, a game from a seed) or is not shrunk."""
        return failure


def save_failures(failures: Iterable[Failure], path: Path) -> None:
    """Write one JSON line per failure to ``path``; ``--replay path`` runs them again."""
    with path.open("w", encoding="utf-8") as out:
        for failure in failures:
            out.write(json.dumps(failure.to_data(), ensure_ascii=True) + "\n")


def load_reproducers(path: Path) -> list[Reproducer]:
    """The reproducers saved in ``path`` (by :func:`save_failures`), in order."""
    found = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            data = json.loads(line)
            if not isinstance(data, dict) or not isinstance(data.get("reproducer"), dict):
                raise ValueError(f"{path}:{number}: not a saved fuzz failure")
            found.append(Reproducer(data=data["reproducer"]))
    return found
