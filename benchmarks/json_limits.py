"""What ``from_json`` costs on the worst inputs at its limits: ``python benchmarks/json_limits.py``.

Each case builds a hostile text as long as the limits allow (``MAX_JSON_CHARS`` characters, or a
record of ``MAX_RECORD_MOVES`` moves, ...), writes it to a file, and reads it with ``from_json`` in a
fresh process, so that the peak memory of one call is measured alone. Printed per case: the length
of the text, the outcome (accepted, or the start of the message), the wall time of the call, and its
peak memory: how far the process's resident peak (``ru_maxrss``) rose during the call, over the
process with the text already read. The ``play`` cases load a record as ``cardrules play`` does
(``from_json``, then every move replayed, every state kept). The limits' budget (issue 17): every
case within 2 s and 200 MB.

``--chars N`` and ``--moves N`` measure with other limits than the library's (the text is built for
them, and the library's own check may refuse it first); ``--only TEXT`` runs the cases whose name
holds TEXT.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardrules import GameRecord, to_json
from cardrules.arguments import MAX_JSON_CHARS, MAX_JSON_DEPTH, MAX_RECORD_MOVES
from cardrules.games import mille_bornes, the_game

Builder = Callable[[int, int], str]


def _data(value: object) -> dict[str, object]:
    data: dict[str, object] = json.loads(to_json(value))
    return data


def _fill(data: dict[str, object], key: str, unit: str, chars: int, *, count: int | None = None) -> str:
    """The JSON of ``data`` with ``key`` holding a list of ``unit`` (a JSON text): ``count`` of them, or
    as many as ``chars`` allows."""
    marker = "__FILL__"
    data = {**data, key: marker}
    head, tail = json.dumps(data).split(json.dumps(marker))
    room = chars - len(head) - len(tail) - 2
    items = max(room // (len(unit) + 2), 0) if count is None else count
    return head + "[" + ", ".join([unit] * items) + "]" + tail


def _state() -> dict[str, object]:
    return _data(the_game.new_game(the_game.Rules(), seed=1))


def _mille_bornes_state() -> dict[str, object]:
    return _data(mille_bornes.new_game(mille_bornes.Rules(), seed=1))


def many_keys(chars: int, _: int) -> str:
    text = json.dumps(_state())[:-1]
    keys = (chars - len(text) - 1) // len(', "k0000000": 0')
    return text + "".join(f', "k{number:07}": 0' for number in range(keys)) + "}"


def many_keys_in_rules(chars: int, _: int) -> str:
    text = json.dumps(_data(mille_bornes.Rules()))[:-1]
    keys = (chars - len(text) - 1) // len(', "k0000000": 0')
    return text + "".join(f', "k{number:07}": 0' for number in range(keys)) + "}"


def long_set_of_cards(chars: int, _: int) -> str:
    data = _mille_bornes_state()
    table = dict(data["table"])  # type: ignore[call-overload]
    tableaux = [dict(tableau) for tableau in table["tableaux"]]
    tableaux[0]["problems"] = "__SET__"
    table["tableaux"] = tableaux
    head, tail = json.dumps({**data, "table": table}).split('"__SET__"')
    items = (chars - len(head) - len(tail) - 2) // len('"STOP", ')
    return head + "[" + ", ".join(['"STOP"'] * items) + "]" + tail


def long_draw_pile(chars: int, _: int) -> str:
    return _fill(_state(), "draw_pile", "2", chars)


def long_draw_pile_of_names(chars: int, _: int) -> str:
    return _fill(_mille_bornes_state(), "draw_pile", '"D25"', chars)


def long_draw_pile_of_bad_names(chars: int, _: int) -> str:
    return _fill(_mille_bornes_state(), "draw_pile", '"X"', chars)


def long_list_of_empty_lists(chars: int, _: int) -> str:
    return _fill(_state(), "draw_pile", "[]", chars)


def long_list_of_objects(chars: int, _: int) -> str:
    return _fill(_state(), "draw_pile", "{}", chars)


def long_list_of_strings(chars: int, _: int) -> str:
    return _fill(_state(), "draw_pile", '"ab"', chars)


def long_list_of_floats(chars: int, _: int) -> str:
    return _fill(_state(), "draw_pile", "1e9", chars)


def deep_nesting(chars: int, _: int) -> str:
    depth = (chars - len(json.dumps(_state()))) // 2
    return _fill(_state(), "draw_pile", "[" * depth + "]" * depth, chars, count=1)


def deep_nesting_under_the_limit(chars: int, _: int) -> str:
    depth = MAX_JSON_DEPTH - 3
    unit = "[" * depth + "]" * depth
    return _fill(_state(), "draw_pile", unit, chars)


def long_string(chars: int, _: int) -> str:
    data = _state()
    data["game"] = "x" * (chars - len(json.dumps(data)) - 10)
    return json.dumps(data)


def long_string_of_escapes(chars: int, _: int) -> str:
    data = _data(mille_bornes.Discard(mille_bornes.Card.D25))
    head = json.dumps({**data, "card": ""})[:-3]
    return head + '"' + "\\ud800" * ((chars - len(head) - 4) // 6) + '"}'


def _record(moves: int, move: object, game: object = the_game) -> str:
    record = GameRecord.start(game.Rules(), seed=1)  # type: ignore[attr-defined]
    unit = "{" + to_json(move).split('"type": "move", ')[1]
    return _fill(_data(record), "moves", unit, 10**12, count=moves)


def long_record(_: int, moves: int) -> str:
    return _record(moves, the_game.Play(35, 0))


def long_record_of_mille_bornes(_: int, moves: int) -> str:
    return _record(moves, mille_bornes.Play(mille_bornes.Card.D100, None), mille_bornes)


def record_over_the_limit(_: int, moves: int) -> str:
    return _record(moves + 1, the_game.EndTurn())


def record_filling_the_text(chars: int, _: int) -> str:
    return _fill(_data(GameRecord.start(the_game.Rules(), seed=1)), "moves", '{"move": "end_turn"}', chars)


def legal_match(_: int, moves: int) -> str:
    """A Mille Bornes match to the highest target score, played at random up to ``moves`` moves: the
    longest legal record there is to load and replay."""
    rules = mille_bornes.Rules(players=4, target_score=mille_bornes.rules.MAX_TARGET_SCORE)
    state = mille_bornes.new_game(rules, seed=1)
    rng = random.Random(1)
    played: list[mille_bornes.Move] = []
    while len(played) < moves and not mille_bornes.is_terminal(state):
        played.append(rng.choice(mille_bornes.legal_moves(state)))
        state = mille_bornes.apply(state, played[-1])
    return to_json(GameRecord.start(rules, seed=1).extended(*played))


CASES: dict[str, tuple[Builder, str]] = {
    "many keys": (many_keys, "read"),
    "many keys in Mille Bornes rules": (many_keys_in_rules, "read"),
    "long set of cards (Mille Bornes)": (long_set_of_cards, "read"),
    "long draw pile (numbers)": (long_draw_pile, "read"),
    "long draw pile (card names)": (long_draw_pile_of_names, "read"),
    "long draw pile (bad names)": (long_draw_pile_of_bad_names, "read"),
    "long list of []": (long_list_of_empty_lists, "read"),
    "long list of {}": (long_list_of_objects, "read"),
    "long list of strings": (long_list_of_strings, "read"),
    "long list of floats": (long_list_of_floats, "read"),
    "deep nesting": (deep_nesting, "read"),
    "nesting just under the depth limit": (deep_nesting_under_the_limit, "read"),
    "long string": (long_string, "read"),
    "long string of surrogates": (long_string_of_escapes, "read"),
    "record of the most moves": (long_record, "read"),
    "record of the most moves (Mille Bornes)": (long_record_of_mille_bornes, "read"),
    "record over the move limit": (record_over_the_limit, "read"),
    "record filling the text": (record_filling_the_text, "read"),
    "play: load the record of the most moves": (long_record, "play"),
    "play: load a legal match of the most moves": (legal_match, "play"),
}


def measure(path: str, how: str) -> dict[str, object]:
    """Read the text in ``path`` with ``from_json`` (``how == "play"``: and replay it); in this process."""
    from cardrules import CardrulesError, from_json

    text = Path(path).read_text(encoding="utf-8")
    # Every game's converter is set up before the measurement, as in a process that has read before.
    from_json(to_json(the_game.new_game(the_game.Rules(), seed=1)))
    from_json(to_json(mille_bornes.new_game(mille_bornes.Rules(), seed=1)))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    try:
        value = from_json(text)
        if how == "play":
            # As cardrules play loads a game: every state of it kept, for undo.
            states = tuple(value.states())  # type: ignore[attr-defined]
            if len(states) - 1 != len(value.moves):  # type: ignore[attr-defined]
                raise AssertionError("a move was left out")
        outcome = "accepted"
    except CardrulesError as exc:
        outcome = f"refused: {str(exc)[:90]}"
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": seconds, "added_mb": (after - before) / 1024, "peak_mb": after / 1024,
            "outcome": outcome}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--chars", type=int, default=MAX_JSON_CHARS)
    parser.add_argument("--moves", type=int, default=MAX_RECORD_MOVES)
    parser.add_argument("--only", default="")
    parser.add_argument("--measure", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(*args.measure)))
        return 0
    print(f"from_json at the limits: MAX_JSON_CHARS {args.chars:,}, MAX_RECORD_MOVES {args.moves:,}, "
          f"MAX_JSON_DEPTH {MAX_JSON_DEPTH}")
    print(f"{'case':<42} {'chars':>11} {'seconds':>8} {'+MB':>7} {'peak MB':>8}  outcome")
    with tempfile.TemporaryDirectory() as folder:
        for name, (build, how) in CASES.items():
            if args.only not in name:
                continue
            path = Path(folder) / "case.json"
            text = build(args.chars, args.moves)
            path.write_text(text, encoding="utf-8")
            run = subprocess.run([sys.executable, __file__, "--measure", str(path), how],
                                 capture_output=True, text=True, check=False)
            if run.returncode != 0:
                print(f"{name:<42} {len(text):>11,} failed: {run.stderr.strip().splitlines()[-1:]}")
                continue
            found = json.loads(run.stdout)
            print(f"{name:<42} {len(text):>11,} {found['seconds']:>8.2f} {found['added_mb']:>7.0f} "
                  f"{found['peak_mb']:>8.0f}  {found['outcome']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
