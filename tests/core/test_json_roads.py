"""The road every valid text takes (cattrs' generated functions without detailed validation, the
text parsed by orjson when installed) answers exactly as the detailed converter that words errors.

``from_json`` reads with the road first and, only when that fails, reads the text again with
``json`` and the detailed converter. These tests hold the two to the same answers — the same value,
or the same error word for word — over reachable values of every game and over texts mutated by the
fuzzer, and check that the road alone serves every value the library writes.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import attrs
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CardrulesError, GameRecord, SerializationError, from_json, serialization, to_json
from cardrules._trust import vouched
from cardrules.games import mille_bornes, the_game
from cardrules.registry import available, game_of, get, registered
from cardrules.testing import reachable_states
from tools.fuzz.corpus import build_corpus, rules_grids, type_of
from tools.fuzz.mutations import Mutator

KINDS = ("state", "observation", "result")

PARSERS: dict[str, Callable[[str], Any]] = {"json": json.loads, "orjson": orjson.loads}
"""The road's parser without the extra cardrules[fast] (the standard library's), and with it."""


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


def detailed(text: str | bytes, cls: object = None) -> object:
    """``from_json`` through the detailed converter alone (and json's parser): the answer the road
    must give."""
    text = serialization._text(text)
    return serialization._read(serialization._parse(text, json.loads), text, cls, serialization._detailed)


class _NoRereading:
    """Stands for the detailed converter where a test proves the road alone reads a text."""

    def structure(self, *_: object) -> object:
        raise AssertionError("the text was read again by the detailed converter")


# --- reachable values: the road reads them alone, and agrees ---------------------------------------


@given(reachable_states(st.sampled_from(every_rules())))
def test_the_road_alone_reads_every_reachable_value(state: Any) -> None:
    kept = serialization._detailed
    for parser in PARSERS.values():
        serialization._loads, parsed_with = parser, serialization._loads
        serialization._detailed = _NoRereading()  # type: ignore[assignment]
        try:
            for value in values_of(state):
                text = to_json(value)
                assert from_json(text, type(value)) == value
                assert from_json(text) == value
                read = from_json(text.encode(), type(value))
                assert read == value
                if hasattr(type(value), "_trusted"):
                    assert vouched(read)  # validated in full on the way in
        finally:
            serialization._loads, serialization._detailed = parsed_with, kept
        for value in values_of(state):
            assert detailed(to_json(value), type(value)) == value


def test_a_text_the_road_refuses_is_worded_by_the_detailed_converter() -> None:
    data = json.loads(to_json(the_game.new_game(the_game.Rules(players=2), seed=4)))
    data["table"]["piles"][2] = [100, "2"]
    with pytest.raises(SerializationError, match=r'^cannot read a state of The Game: table\.piles\[2\]\[1\]: '
                                                 r'expected an integer, got "2"$'):
        from_json(json.dumps(data))


def test_a_long_text_is_read_on_the_road_and_a_refused_one_is_parsed_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = GameRecord.start(the_game.Rules(), seed=1).extended(
        *[the_game.Play(35, 0)] * 9_000)  # not legal, but a record's moves are checked when replayed
    text = to_json(record)
    assert len(text) > serialization._ORJSON_CHARS
    parsed: list[object] = []
    parse = serialization._parse

    def counted(text: str, loads: Callable[[str], Any]) -> object:
        parsed.append(loads)
        return parse(text, loads)

    monkeypatch.setattr(serialization, "_parse", counted)
    monkeypatch.setattr(serialization, "_detailed", _NoRereading())
    assert from_json(text, GameRecord) == record
    assert parsed == [json.loads]
    monkeypatch.undo()
    monkeypatch.setattr(serialization, "_parse", counted)
    parsed.clear()
    data = json.loads(text)
    data["moves"][-1]["card"] = "35"
    with pytest.raises(SerializationError, match=r'moves\[8999\]: card: expected an integer, got "35"'):
        from_json(json.dumps(data), GameRecord)
    assert parsed == [json.loads]  # a hostile text of millions of characters is not parsed twice


def test_a_field_with_a_default_must_still_be_listed_outside_rules() -> None:
    # The generated functions would fill in a default: the road counts the fields of a strict record.
    play = json.loads(to_json(mille_bornes.Play(mille_bornes.Card.D25, None)))
    del play["side"]
    with pytest.raises(SerializationError, match=r"^cannot read a move of Mille Bornes: missing field side$"):
        from_json(json.dumps(play))
    state = mille_bornes.new_game(mille_bornes.Rules.parker(players=2), seed=1)
    rng = random.Random(1)
    while not state.table.match.history:
        state = mille_bornes.apply(state, rng.choice(mille_bornes.legal_moves(state)))
    data = json.loads(to_json(state))
    del data["table"]["match"]["history"][0]["sides"][1]["trip"]  # a sheet's field with a default
    with pytest.raises(SerializationError,
                       match=r"table\.match\.history\[0\]\.sides\[1\]: missing field trip"):
        from_json(json.dumps(data))
    rules = json.loads(to_json(mille_bornes.Rules.parker(players=2)))
    del rules["scoring"]["trip"]  # lenient: rules and the records inside them take their defaults
    assert from_json(json.dumps(rules)) == mille_bornes.Rules.parker(players=2)


def test_the_parser_in_use_is_named_by_serialization_parser() -> None:
    assert serialization.PARSER == "orjson"  # installed with the tests' extras
    assert serialization._loads is orjson.loads


# --- odd values and texts: the road and the detailed converter give the same answer ---------------


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
def test_an_odd_value_is_written_or_refused_and_its_text_read_the_same_on_both_roads(value: Any) -> None:
    try:
        text = to_json(value)
    except SerializationError:
        return  # refused cleanly (a number past 4300 digits)
    for cls in (type(value), None):
        args = () if cls is None else (cls,)
        assert outcome(from_json, text, *args) == outcome(detailed, text, *args)


def test_a_value_that_holds_itself_is_refused_with_a_serialization_error() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    loop: list[object] = [1]
    loop.append(loop)
    odd = attrs.evolve(state, draw_pile=loop)  # type: ignore[arg-type]  # deliberately ill-typed
    with pytest.raises(SerializationError, match="cannot write State as JSON"):
        to_json(odd)


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
def test_mutated_texts_get_the_same_answer_on_both_roads(
    corpus: Any, game: str, kind: str, parser: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serialization, "_loads", PARSERS[parser])
    mutator = Mutator(corpus, game, random.Random(f"{game} {kind}"))
    samples = corpus.samples[(game, kind)]
    cls = type_of(game, kind)
    rng = random.Random(kind)
    for number in range(400):
        sample = samples[number % len(samples)]
        text = sample.text if number % 10 == 0 else mutator.mutate(sample).text
        for args in ((cls,), ()) if rng.random() < 0.5 else ((cls,),):
            assert outcome(from_json, text, *args) == outcome(detailed, text, *args), text


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
    # orjson, which the road parses with, reads a number beyond 64 bits as a float: wherever
    # such a number stands, the road must refuse it (json reads it as the int it is).
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
    for cls in (the_game.State, None):
        args = () if cls is None else (cls,)
        assert outcome(from_json, text, *args) == outcome(detailed, text, *args)


def test_every_registered_game_is_read_on_the_road_with_nothing_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A game need not do anything for the road: the toy game of the tests gets it for free.
    monkeypatch.setattr(serialization, "_detailed", _NoRereading())
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
def test_the_roads_parser_reads_every_json_text_as_json_does_but_for_numbers_no_reader_takes(
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
def test_the_roads_parser_differs_from_json_only_where_no_reader_takes_what_it_reads(text: str) -> None:
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


def test_without_orjson_the_road_parses_with_json_and_writes_and_reads_the_same() -> None:
    code = ("import sys; sys.modules['orjson'] = None\n"
            "import json, cardrules\n"
            "from cardrules import serialization\n"
            "from cardrules.games import mille_bornes\n"
            "assert serialization.PARSER == 'json' and serialization._loads is json.loads\n"
            "state = mille_bornes.new_game(mille_bornes.Rules(players=3), seed=5)\n"
            "print(cardrules.to_json(state))\n"
            "assert cardrules.from_json(cardrules.to_json(state), mille_bornes.State) == state\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    state = mille_bornes.new_game(mille_bornes.Rules(players=3), seed=5)
    assert done.stdout.strip() == to_json(state)
