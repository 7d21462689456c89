"""The fuzz harness itself: it tells failures from refusals, bounds time, repeats itself for a seed,
and prints reproducers that run."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from cardrules import from_json
from cardrules.registry import available
from tools.fuzz import Bounds, Failure, Reproducer, check_call, check_json_input, type_of
from tools.fuzz.__main__ import main
from tools.fuzz.bounds import guarded
from tools.fuzz.corpus import Corpus, build_corpus
from tools.fuzz.findings import KINDS, save_failures
from tools.fuzz.mutations import Mutator, Raw, dump
from tools.fuzz.replay import format_report
from tools.fuzz.runner import Report


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return build_corpus(0, games_per_game=2)


def test_a_call_that_raises_a_bare_python_error_is_a_failure() -> None:
    failure = check_call("random.Random(0).choice(5)")
    assert failure is not None
    assert failure.error.type_name == "TypeError"
    assert "random.py" in failure.error.where


def test_a_call_refused_with_a_cardrules_error_is_not_a_failure() -> None:
    assert check_call("cardrules.games.the_game.Rules(players=9)") is None


def test_a_call_python_refuses_to_bind_is_on_the_allowlist() -> None:
    assert check_call("cardrules.games.the_game.Rules(1)") is None


def test_a_printed_call_reproducer_raises_the_same_error() -> None:
    failure = check_call("int('x')")
    assert failure is not None
    with pytest.raises(ValueError, match="invalid literal"):
        exec(failure.reproducer.python(), {})


def test_an_endless_call_is_interrupted_at_the_hard_bound() -> None:
    def spin() -> None:
        while True:
            pass

    start = time.perf_counter()
    outcome = guarded(spin, Bounds(hard_seconds=0.2))
    assert outcome.interrupted
    assert time.perf_counter() - start < 5


def test_every_kind_of_value_of_every_game_is_in_the_corpus(corpus: Corpus) -> None:
    for game in available():
        for kind in KINDS:
            samples = corpus.samples[(game, kind)]
            assert samples, f"no {kind} of {game}"
            assert from_json(samples[0].text, type_of(game, kind)) == samples[0].value


def test_real_values_are_accepted_without_failures(corpus: Corpus) -> None:
    for (game, kind), samples in corpus.samples.items():
        verdict = check_json_input(game, kind, samples[-1].text)
        assert verdict.accepted, (game, kind)
        assert not verdict.failures, [failure.error.last_line for failure in verdict.failures]


def test_the_same_seed_makes_the_same_mutants(corpus: Corpus) -> None:
    sample = corpus.samples[("mille-bornes", "state")][0]
    first = Mutator(corpus, "mille-bornes", random.Random(5))
    second = Mutator(corpus, "mille-bornes", random.Random(5))
    mutants = [first.mutate(sample) for _ in range(40)]
    assert mutants == [second.mutate(sample) for _ in range(40)]
    assert sum(mutant.text != sample.text for mutant in mutants) >= 35


def test_numbers_json_can_spell_but_python_cannot_write_go_into_the_text_verbatim() -> None:
    text = dump({"a": Raw("9" * 5000), "b": [Raw("NaN"), Raw("[" * 3 + "1" + "]" * 3)]})
    assert text == '{"a": ' + "9" * 5000 + ', "b": [NaN, [[[1]]]]}'


def test_a_printed_json_reproducer_is_runnable_python(corpus: Corpus) -> None:
    sample = corpus.samples[("the-game", "state")][0]
    code = Reproducer(data={"kind": "json", "game": "the-game", "type": "state", "form": "class",
                            "text": sample.text}).python()
    exec(code, {})


def test_a_saved_failure_replays_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failing = check_call("int('x')")
    assert failing is not None
    fixed = Failure(target="call", check="call raised", error=failing.error,
                    reproducer=Reproducer(data={"kind": "call", "code": "cardrules.games.the_game.Rules()"}))
    saved = tmp_path / "failures.jsonl"
    save_failures([failing, fixed], saved)
    assert main(["--replay", str(saved), "--memory-mb", "0"]) == 1
    assert main(["--replay", str(saved), "--index", "2", "--memory-mb", "0"]) == 0
    out = capsys.readouterr().out
    assert "1. still fails: call raised: ValueError" in out
    assert "2. passes now" in out
    assert json.loads(saved.read_text().splitlines()[0])["reproducer"]["code"] == "int('x')"


def test_the_summary_names_each_failure_with_its_reproducer() -> None:
    failure = check_call("int('x')", target="call int")
    assert failure is not None
    report = Report(seed=3, seconds=1.0, targets=(), failures=(failure,), seen={failure.signature: 4},
                    seen_in={failure.signature: ("call int",)}, uncovered=())
    text = format_report(report, saved="out.jsonl")
    assert "1 distinct failure(s)" in text
    assert "1. [call int] call raised: ValueError: invalid literal" in text
    assert "seen 4 time(s)" in text
    assert "int('x')" in text
    assert "--replay out.jsonl --index 1" in text
