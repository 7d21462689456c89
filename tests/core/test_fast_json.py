"""The fast path of ``to_json``/``from_json`` answers exactly as the detailed path does.

``to_json`` and ``from_json`` first try code compiled per class (``cardrules.fast_json``); any value
or text it cannot vouch for goes through cattrs' detailed path. These tests hold the two to the
same answers — the same text for every value, the same value or the same error, word for word, for
every text — over reachable values of every game and over texts mutated by the fuzzer, and check
that the fast path does serve the values the library writes.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, Literal

import attrs
import cattrs
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CardrulesError, SerializationError, fast_json, from_json, serialization, to_json
from cardrules.games import mille_bornes, the_game
from cardrules.registry import available, game_of, get, registered
from cardrules.serialization import detailed_from_json, detailed_to_json
from cardrules.testing import reachable_states
from cardrules.trust import vouched
from tools.fuzz.corpus import build_corpus, rules_grids, type_of
from tools.fuzz.mutations import Mutator

KINDS = ("state", "observation", "result")

PARSERS: dict[str, Callable[[str], Any]] = {"json": json.loads, "orjson": orjson.loads}
"""The fast path's parser (``fast_json.read_json``) without the extra cardrules[fast] (the standard
library's), and with it."""


@contextmanager
def parsing_with(name: str) -> Iterator[None]:
    """The fast path parses with ``PARSERS[name]`` inside the block."""
    kept = serialization._loads
    serialization._loads = PARSERS[name]
    try:
        yield
    finally:
        serialization._loads = kept


def every_rules() -> list[Any]:
    return [rules for name in available() for grid in rules_grids(get(name)).values() for rules in grid]


def values_of(state: Any) -> Iterator[Any]:
    """The state, every seat's observation of it and, once it is over, its result."""
    game = game_of(state)
    yield state
    for seat in range(game.players(game.rules_of(state))):
        yield game.observe(state, seat)
    if game.is_terminal(state):
        yield game.result(state)


def outcome(read: Callable[..., object], text: str | bytes, *cls: object) -> tuple[object, ...]:
    """What reading ``text`` gives: the value, or the error's class and message (and its cause's)."""
    try:
        value = read(text, *cls)
    except CardrulesError as exc:
        cause = exc.__cause__
        return ("refused", type(exc), str(exc), type(cause), str(cause) if cause is not None else None)
    return ("read", type(value), value)


# --- reachable values: the fast path serves them, and agrees ---------------------------------------


@given(reachable_states(st.sampled_from(every_rules())))
def test_the_fast_path_writes_and_reads_every_reachable_value(state: Any) -> None:
    for parser in PARSERS:
        with parsing_with(parser):
            for value in values_of(state):
                text = detailed_to_json(value)
                assert serialization._fast_text(value) == text == to_json(value)
                assert serialization._fast_value(text, type(value)) == value
                assert serialization._fast_value(text, None) == value
                assert from_json(text, type(value)) == detailed_from_json(text, type(value)) == value


@given(reachable_states(st.sampled_from(every_rules())))
def test_a_value_the_library_vouches_for_is_written_unchecked_to_the_same_text(state: Any) -> None:
    for value in values_of(state):
        if not hasattr(type(value), "_trusted"):
            continue  # a result: never vouched for, always written with checks
        assert vouched(value)  # made by new_game, apply and observe
        cls = type(value)
        write_trusted = serialization._compiler.trusted_writer(cls)
        write_checked = serialization._compiler.writer(cls)
        assert write_trusted is not None
        assert write_checked is not None
        assert write_trusted(value) == write_checked(value)
        assert to_json(value) == detailed_to_json(value)


def test_a_value_built_by_hand_is_written_with_its_types_checked() -> None:
    # The same state, once vouched for and once rebuilt by hand holding a bool for a number: the
    # hand-built one is not vouched for, so a wrong type cannot slip into the text unchecked.
    state = the_game.new_game(the_game.Rules(players=2), seed=4)
    odd = attrs.evolve(state, table=attrs.evolve(state.table, turn=True))
    assert vouched(state)
    assert not vouched(odd)
    assert to_json(odd) == detailed_to_json(odd)
    assert '"turn": true' in to_json(odd)


@given(reachable_states(st.sampled_from(every_rules())))
def test_a_state_read_with_remembered_rules_equals_one_read_afresh(state: Any) -> None:
    text = to_json(state)
    from_json(text)  # the rules' text is now known
    assert serialization._fast_value(text, None) == state
    serialization._RULES_TEXTS.clear()
    assert serialization._fast_value(text, None) == state


# --- odd values and texts: both paths give the same answer ---------------------------------------


def odd_values() -> Iterator[Any]:
    """Values of the right classes holding what the classes do not expect."""
    # Deliberately ill-typed values: what a careless caller could build.
    evolve: Any = attrs.evolve
    tg = the_game.new_game(the_game.Rules(players=2), seed=4)
    table = tg.table
    yield evolve(tg, draw_pile=list(tg.draw_pile))
    yield evolve(tg, draw_pile=(True, *tg.draw_pile[1:]))
    yield evolve(tg, draw_pile=(2.0, *tg.draw_pile[1:]))
    yield evolve(tg, table=evolve(table, turn=True))
    yield evolve(tg, table=evolve(table, turn=10**30))
    yield evolve(tg, table=evolve(table, status="lost"))
    yield evolve(tg, table=evolve(table, piles=table.piles[:3]))
    yield evolve(tg, table=evolve(table, hand_sizes=(10**9, -5)))
    yield evolve(tg, hands=(tg.hands[0], [*tg.hands[1]]))
    yield evolve(tg, rules=mille_bornes.Rules())
    mb = mille_bornes.new_game(mille_bornes.Rules(), seed=4)
    yield evolve(mb, draw_pile=(3, *mb.draw_pile[1:]))
    yield evolve(mb, seed=10**40)
    yield evolve(mb, seed=False)
    yield evolve(mb, table=evolve(mb.table, phase="lunch"))
    yield evolve(mb, table=evolve(mb.table, window="open"))
    yield evolve(mb, table=evolve(mb.table, discard_pile=frozenset()))
    tableau = evolve(mb.table.tableaux[0], problems=frozenset({3}))
    yield evolve(mb, table=evolve(mb.table, tableaux=(tableau, *mb.table.tableaux[1:])))


@pytest.mark.parametrize("value", list(odd_values()), ids=lambda value: type(value).__module__)
def test_an_odd_value_is_written_as_the_detailed_path_writes_it(value: Any) -> None:
    try:
        expected: object = detailed_to_json(value)
    except CardrulesError as exc:
        expected = (type(exc), str(exc))
    try:
        found: object = to_json(value)
    except CardrulesError as exc:
        found = (type(exc), str(exc))
    assert found == expected


def test_a_value_holding_what_json_cannot_spell_is_refused_with_a_serialization_error() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    odd = attrs.evolve(state, table=attrs.evolve(state.table, turn=Decimal(3)))  # type: ignore[arg-type]
    with pytest.raises(SerializationError, match="cannot write State as JSON: Object of type Decimal"):
        to_json(odd)


@pytest.fixture(scope="module")
def corpus() -> Any:
    return build_corpus(7, games_per_game=6)


@pytest.mark.parametrize("parser", list(PARSERS))
@pytest.mark.parametrize("game", ["the-game", "mille-bornes"])
@pytest.mark.parametrize("kind", KINDS)
def test_mutated_texts_get_the_same_answer_on_both_paths(
    corpus: Any, game: str, kind: str, parser: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serialization, "_loads", PARSERS[parser])
    mutator = Mutator(corpus, game, random.Random(f"{game} {kind}"))
    samples = corpus.samples[(game, kind)]
    cls = type_of(game, kind)
    rng = random.Random(kind)
    for number in range(400):
        sample = samples[number % len(samples)]
        if number % 7 == 0:
            serialization._RULES_TEXTS.clear()  # sometimes read with no rules remembered
        text = sample.text if number % 10 == 0 else mutator.mutate(sample).text
        if isinstance(text, bytes):
            continue  # bytes take the detailed path
        for args in ((cls,), ()) if rng.random() < 0.5 else ((cls,),):
            assert outcome(from_json, text, *args) == outcome(detailed_from_json, text, *args), text


def texts_to_trip_on() -> Iterator[tuple[str, str]]:
    """Texts that are nearly what to_json writes, each with what it tries."""
    state = the_game.new_game(the_game.Rules(players=3), seed=8)
    text = to_json(state)
    data = json.loads(text)
    other = to_json(the_game.Rules(players=2))[len('{"game": "the-game", "format": 1, "type": "rules", '):]
    yield "a second rules member", text[:-1] + ', "rules": {' + other + "}"
    yield "a second table member", text[:-1] + ', "table": ' + json.dumps(data["table"]) + "}"
    yield "a second game member", text[:-1] + ', "game": "mille-bornes"}'
    yield "a second type member", text[:-1] + ', "type": "observation"}'
    yield "the fields in another order", json.dumps({**{k: data[k] for k in ("game", "format", "type")},
                                                     "table": data["table"], "rules": data["rules"],
                                                     "hands": data["hands"], "draw_pile": data["draw_pile"]})
    yield "spaces after the rules", text.replace('"on_fire": false}', '"on_fire": false}   ')
    yield "an envelope with more spaces", text.replace('"format": 1', '"format":  1')
    yield "a number spelled as a float", text.replace('"turn": 0', '"turn": 0.0')
    yield "a huge number", text.replace('"turn": 0', '"turn": ' + "9" * 5000)
    yield "a number beyond 64 bits", text.replace('"turn": 0', '"turn": ' + str(2**64))
    yield "a negative number beyond 64 bits", text.replace('"turn": 0', '"turn": ' + str(-2**63 - 1))
    yield "a number too large for a float", text.replace('"turn": 0', '"turn": 1e400')
    yield "NaN", text.replace('"turn": 0', '"turn": NaN')
    yield "a lone surrogate", text.replace('"playing"', '"\\ud800"')
    yield "a lone surrogate character", text.replace('"playing"', '"\ud800"')
    yield "a cut text", text[:-3]
    yield "another format", text.replace('"format": 1', '"format": 2')
    yield "a game that does not exist", text.replace('"the-game"', '"no-game"')
    # orjson, which the fast path parses with, reads a number beyond 64 bits as a float: wherever
    # such a number stands, the fast path must step aside (json reads it as the int it is).
    first, big = data["draw_pile"][0], 2**64 + data["draw_pile"][0]
    yield "a card beyond 64 bits", text.replace(f'"draw_pile": [{first}', f'"draw_pile": [{big}')
    yield "a number of players beyond 64 bits", text.replace('"players": 3', f'"players": {2**64 + 3}')
    mille = to_json(mille_bornes.new_game(mille_bornes.Rules(players=4, team_size=2), seed=8))
    yield "a seed beyond 64 bits", mille.replace('"seed": 8', f'"seed": {2**64 + 8}')
    yield "a target score beyond 64 bits", mille.replace('"target_score": 5000', f'"target_score": {2**64}')
    yield "a race beyond 64 bits", mille.replace('"target": 1000', f'"target": {2**64 + 1000}')


TRIPS = list(texts_to_trip_on())


@pytest.mark.parametrize("parser", list(PARSERS))
@pytest.mark.parametrize(("what", "text"), TRIPS, ids=[what for what, _ in TRIPS])
def test_a_text_that_differs_from_what_to_json_writes_gets_the_detailed_answer(
    what: str, text: str, parser: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serialization, "_loads", PARSERS[parser])
    from_json(to_json(the_game.new_game(the_game.Rules(players=3), seed=1)))  # rules remembered
    for cls in (the_game.State, None):
        args = () if cls is None else (cls,)
        assert outcome(from_json, text, *args) == outcome(detailed_from_json, text, *args)


def test_rules_read_from_a_text_with_two_rules_members_are_not_remembered_for_the_first() -> None:
    serialization._RULES_TEXTS.clear()
    state = the_game.new_game(the_game.Rules(players=3), seed=8)
    text = to_json(state)
    other = to_json(the_game.Rules(players=2))[len('{"game": "the-game", "format": 1, "type": "rules", '):]
    twice = text[:-1] + ', "rules": {' + other + "}"
    assert outcome(from_json, twice) == outcome(detailed_from_json, twice)
    # The three-player rules text, read again, still means three players.
    assert from_json(text) == state


def test_every_registered_game_is_written_through_the_fast_path_or_the_detailed_one() -> None:
    # A game need not do anything for the fast path: the toy game of the tests gets it for free.
    for game in registered():
        state = game.new_game(game.option_grid()[0], seed=1)
        assert from_json(to_json(state), type(state)) == state


# --- the parsers: orjson (the extra cardrules[fast]) reads what json reads, or no reader takes it ---


def beyond_64_bits(number: object) -> bool:
    """Whether ``number`` is a whole number orjson reads as a float (outside [-2**63, 2**64))."""
    return type(number) is int and not -2**63 <= number < 2**64


def same_data(a: object, b: object) -> bool:
    """``a == b`` with the same types throughout (``1 == 1.0 == True`` is not enough) and keys in
    the same order; NaN is the same as NaN; but where ``b`` holds a whole number beyond 64 bits,
    ``a`` may hold it as a float (what orjson reads, and no compiled reader takes). Walked with a
    stack, not recursion: a text nested 3000 deep parses on Python 3.13, and its data must compare
    there too."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if type(x) is float and beyond_64_bits(y):
            assert isinstance(y, int)
            if x != float(y):
                return False
            continue
        if type(x) is not type(y):
            return False
        if isinstance(x, dict):
            assert isinstance(y, dict)
            if list(x) != list(y):
                return False
            pending.extend((x[key], y[key]) for key in x)
        elif isinstance(x, list):
            assert isinstance(y, list)
            if len(x) != len(y):
                return False
            pending.extend(zip(x, y, strict=True))
        elif isinstance(x, float) and x != x:
            if y == y:
                return False
        elif x != y:
            return False
    return True


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-2**70, 2**70) | st.floats()
    | st.text() | st.sampled_from(["D25", "playing", "\ud800", "\x00"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12,
)


@given(json_values)
def test_the_fast_parser_reads_every_json_text_as_json_does_but_for_numbers_no_reader_takes(
    value: object,
) -> None:
    text = json.dumps(value, ensure_ascii=False)
    expected = json.loads(text)
    for name, parse in PARSERS.items():
        try:
            found = parse(text)
        except (ValueError, RecursionError):
            continue  # the caller takes the detailed path, which reads the text with json
        assert same_data(found, expected), (name, text)


@pytest.mark.parametrize("text", [
    str(2**64), str(-2**63 - 1), f"[{2**64 - 1}, {-2**63}]", f'{{"seed": {2**63 - 1}}}', "1e400", "-0",
    "NaN", "[Infinity]", '"\\ud800"', '{"a": 1, "a": 2}', "[" * 3000 + "]" * 3000,
])
def test_the_fast_parser_differs_from_json_only_where_no_reader_takes_what_it_reads(text: str) -> None:
    try:
        expected: object = json.loads(text)
    except (ValueError, RecursionError):
        expected = None
    for name, parse in PARSERS.items():
        try:
            found = parse(text)
        except (ValueError, RecursionError):
            continue
        assert same_data(found, expected), name


def test_the_fast_path_parses_with_orjson_when_the_extra_is_installed() -> None:
    assert fast_json.PARSER == "orjson"
    state = the_game.new_game(the_game.Rules(players=3), seed=2)
    assert serialization._loads is fast_json.read_json is orjson.loads
    assert from_json(to_json(state), the_game.State) == state


def test_without_orjson_the_fast_path_parses_with_json_and_reads_the_same_values() -> None:
    code = ("import sys; sys.modules['orjson'] = None\n"
            "import cardrules\n"
            "from cardrules import fast_json, serialization\n"
            "from cardrules.games import mille_bornes\n"
            "assert fast_json.PARSER == 'json' and serialization._loads is __import__('json').loads\n"
            "state = mille_bornes.new_game(mille_bornes.Rules(players=3), seed=5)\n"
            "print(cardrules.to_json(state))\n"
            "assert cardrules.from_json(cardrules.to_json(state), mille_bornes.State) == state\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    state = mille_bornes.new_game(mille_bornes.Rules(players=3), seed=5)
    assert done.stdout.strip() == to_json(state)


@attrs.frozen
class _Plain:
    """A record of numbers and known strings, which the trusted writer writes through orjson."""

    count: int
    levels: tuple[int, ...]
    pair: tuple[int, int]
    flag: bool
    where: Literal["up", "down"]
    extra: int | None


def test_the_trusted_writer_writes_through_orjson_what_json_dumps_writes() -> None:
    converter = cattrs.Converter()
    compiler = fast_json.Compiler(converter, lambda hint: False)
    assert compiler._compile_dumped_writer(_Plain) is not None  # orjson is installed in the tests
    write = compiler.trusted_writer(_Plain)
    assert write is not None
    for value in (_Plain(3, (1, 2), (5, -6), True, "up", None), _Plain(0, (), (0, 0), False, "down", 7),
                  _Plain(2**70, (2**64,), (1, 2), True, "up", -2**70)):  # orjson refuses these
        assert write(value) == json.dumps(converter.unstructure(value), ensure_ascii=False)


def test_a_record_with_free_text_is_not_written_through_orjson() -> None:
    # A string that could hold a comma or a colon would be spaced out: such a class keeps the joined
    # writer, which writes every string with json's own encoder.
    @attrs.frozen
    class Named:
        name: str

    compiler = fast_json.Compiler(cattrs.Converter(), lambda hint: False)
    assert compiler._compile_dumped_writer(Named) is None
    write = compiler.trusted_writer(Named)
    assert write is not None
    assert write(Named("a, b: c")) == '{"name": "a, b: c"}'
