"""JSON input stays cheap: short messages for many stray keys, and sizes refused at their documented
limits before the work they would cost (issue 17, item 14)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardrules import ArgumentError, GameRecord, SerializationError, from_json, to_json
from cardrules.arguments import MAX_JSON_CHARS, MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_RECORD_MOVES
from cardrules.games import mille_bornes, the_game

STRAY = 20_000


def data_of(value: object) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(value))
    return data


@pytest.mark.parametrize(
    "value",
    [
        the_game.new_game(the_game.Rules(), seed=1),
        the_game.Rules(),
        the_game.Play(35, 0),
        GameRecord.start(the_game.Rules(), seed=1),
        mille_bornes.Rules(),
        mille_bornes.new_game(mille_bornes.Rules(), seed=1),
    ],
    ids=["state", "rules", "move", "record", "mille-bornes-rules", "mille-bornes-state"],
)
def test_many_unknown_fields_get_a_short_message_that_names_a_few_and_counts_the_rest(value: object) -> None:
    data = data_of(value)
    data.update({f"stray{number:05}": 0 for number in range(STRAY)})
    with pytest.raises(SerializationError) as caught:
        from_json(json.dumps(data))
    message = str(caught.value)
    assert len(message) < 300, message[:300]
    assert "unknown fields stray00000, stray00001, stray00002, stray00003, stray00004" in message
    assert f"and {STRAY - 5:,} more" in message
    assert "stray00005" not in message


def test_one_unknown_field_is_named_alone() -> None:
    data = data_of(the_game.new_game(the_game.Rules(), seed=1))
    data["cheat"] = True
    with pytest.raises(SerializationError, match=r"unknown field cheat$"):
        from_json(json.dumps(data))


def test_an_unknown_field_that_is_not_a_plain_name_is_quoted() -> None:
    data = data_of(the_game.EndTurn())
    data["two words, and a comma"] = 1
    with pytest.raises(SerializationError, match=re.escape('unknown field "two words, and a comma"')):
        from_json(json.dumps(data))


def the_game_state_with_draw_pile(cards: list[object]) -> str:
    data = data_of(the_game.new_game(the_game.Rules(), seed=1))
    data["draw_pile"] = cards
    return json.dumps(data)


def test_a_list_longer_than_the_limit_is_refused_before_its_items_are_read() -> None:
    with pytest.raises(SerializationError, match=f"draw_pile: a list holds at most {MAX_JSON_ITEMS:,} items, "
                                                 f"not {MAX_JSON_ITEMS + 1:,}"):
        from_json(the_game_state_with_draw_pile(["not a card"] * (MAX_JSON_ITEMS + 1)))


def test_a_long_list_of_bad_items_names_the_first_three_and_stops() -> None:
    # Reading on would keep an exception per bad item: a million of them cost seconds and gigabytes.
    with pytest.raises(SerializationError) as caught:
        from_json(the_game_state_with_draw_pile([[]] * MAX_JSON_ITEMS))
    message = str(caught.value)
    assert "draw_pile[0]: expected an integer, got []" in message
    assert "draw_pile[2]" in message
    assert "draw_pile[3]" not in message
    assert len(message) < 300
    assert leaves(caught.value.__cause__) == 3  # what a program can inspect: three problems kept, not 10,000


def leaves(error: BaseException | None) -> int:
    if isinstance(error, BaseExceptionGroup):
        return sum(leaves(inner) for inner in error.exceptions)
    return 1


def test_a_list_of_the_wrong_length_for_a_fixed_tuple_is_refused_with_its_length() -> None:
    data = data_of(the_game.new_game(the_game.Rules(), seed=1))
    data["table"]["piles"] = [[1]] * 100_000
    words = "table.piles: expected a list of 4 items, got 100,000"
    with pytest.raises(SerializationError, match=re.escape(words)):
        from_json(json.dumps(data))


def test_a_text_over_the_limit_is_refused_with_the_limit_in_the_message() -> None:
    text = "[" + " " * MAX_JSON_CHARS + "]"
    with pytest.raises(SerializationError, match=f"over the limit of {MAX_JSON_CHARS:,}"):
        from_json(text)
    with pytest.raises(SerializationError, match=f"over the limit of {MAX_JSON_CHARS:,} characters"):
        from_json(b" " * (4 * MAX_JSON_CHARS + 1))


def test_nesting_is_measured_on_the_text_against_its_limit() -> None:
    def nested(depth: int) -> str:
        # The envelope's object is the first level.
        inner = "[" * (depth - 1) + "]" * (depth - 1)
        return f'{{"game": "the-game", "format": 1, "type": "rules", "players": {inner}}}'

    for padding in ("", " " * 100_000):  # a short text is measured when it fails, a long one first
        with pytest.raises(SerializationError, match=f"JSON nested deeper than {MAX_JSON_DEPTH} levels"):
            from_json(nested(MAX_JSON_DEPTH + 1) + padding)
    with pytest.raises(SerializationError) as caught:
        from_json(nested(MAX_JSON_DEPTH))
    assert "players: expected an integer" in str(caught.value)
    # Brackets inside strings are text, not nesting.
    with pytest.raises(SerializationError, match="not available"):
        from_json('{"game": "' + "[" * 100 + '", "format": 1, "type": "rules"}')


def test_a_record_over_the_move_limit_is_refused_with_the_limit_in_the_message() -> None:
    record = GameRecord.start(the_game.Rules(), seed=1)
    data = data_of(record)
    data["moves"] = [{"move": "end_turn"}] * (MAX_RECORD_MOVES + 1)
    with pytest.raises(SerializationError, match=f"at most {MAX_RECORD_MOVES:,} moves"):
        from_json(json.dumps(data))
    with pytest.raises(ArgumentError, match=f"at most {MAX_RECORD_MOVES:,} moves"):
        record.extended(*[the_game.EndTurn()] * (MAX_RECORD_MOVES + 1))


def test_a_record_of_the_most_moves_fits_in_the_longest_text() -> None:
    cards = list(mille_bornes.Card)
    moves = [*(mille_bornes.Play(card, 8) for card in cards), *(mille_bornes.Discard(card) for card in cards)]
    longest = max(moves, key=lambda move: len(to_json(move)))
    rules = mille_bornes.Rules(players=9)
    record = GameRecord(game="mille-bornes", rules_version=mille_bornes.RULES_VERSION, rules=rules,
                        seed=10**18, moves=(longest,) * MAX_RECORD_MOVES)
    assert len(to_json(record)) <= MAX_JSON_CHARS
