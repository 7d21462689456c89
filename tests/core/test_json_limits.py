"""JSON input stays cheap: short messages for many stray keys, and sizes refused at their documented
limits before the work they would cost (issue 17, item 14)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardrules import GameRecord, SerializationError, from_json, to_json
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
