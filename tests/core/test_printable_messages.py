"""Messages that show a caller's text print on any terminal: no lone surrogate, no control character,
no terminal escape sequence ever reaches the message raw (issue 17, item 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CardrulesError, from_json, to_json
from cardrules.arguments import printable, shown
from cardrules.bots import RandomBot
from cardrules.errors import IllegalMoveError
from cardrules.games import mille_bornes, the_game
from cardrules.i18n import check_lang
from cardrules.records import GameRecord
from cardrules.registry import get
from cardrules.run.botspec import parse_bot, parse_bots

NASTY = ["\x1b[31m", "\x1b]0;pwned\x07", "\ud800", "\udfff", "\x9b2J", "\u202e", "\x00", "\x7f", "\n", "\r",
         "\u2028", "\ufeff"]

# Any character at all (surrogates included), with the nastiest ones made frequent.
texts = st.lists(
    st.one_of(st.sampled_from(NASTY), st.characters(exclude_categories=()), st.sampled_from("abc é-:=,")),
    min_size=1, max_size=12,
).map("".join)


def assert_printable(message: str) -> None:
    """What a user would notice: the message prints on any terminal and cannot drive it."""
    assert message.isprintable(), ascii(message)
    assert not any(unicodedata.category(char).startswith("C") for char in message), ascii(message)
    message.encode("utf-8")  # no lone surrogate: UTF-8 refuses them


def message_of(call: Callable[[], object]) -> str:
    with pytest.raises(CardrulesError) as caught:
        call()
    return str(caught.value)


def the_game_data(value: object) -> dict[str, object]:
    data: dict[str, object] = json.loads(to_json(value))
    return data


THE_GAME_STATE = the_game.new_game(the_game.Rules(), seed=1)
MILLE_BORNES_STATE = mille_bornes.new_game(mille_bornes.Rules(), seed=1)


@given(texts)
def test_from_json_of_an_unknown_game_name_shows_it_printably(name: str) -> None:
    data = the_game_data(THE_GAME_STATE)
    data["game"] = "the-game" + name
    assert_printable(message_of(lambda: from_json(json.dumps(data))))


@given(texts)
def test_from_json_of_an_unknown_field_shows_it_printably(name: str) -> None:
    for value in (THE_GAME_STATE, the_game.Play(35, 0), GameRecord.start(the_game.Rules(), seed=1)):
        data = the_game_data(value)
        data["x" + name] = 1
        message = message_of(lambda data=data: from_json(json.dumps(data)))  # type: ignore[misc]
        assert_printable(message)
        assert "unknown field" in message


@given(texts)
def test_from_json_of_an_unknown_card_shows_it_printably(name: str) -> None:
    data = {"game": "mille-bornes", "format": 1, "type": "move", "move": "discard", "card": name}
    assert_printable(message_of(lambda: from_json(json.dumps(data))))


@given(texts)
def test_from_json_of_a_bad_envelope_shows_it_printably(name: str) -> None:
    for key in ("type", "format"):
        data = the_game_data(the_game.EndTurn())
        data[key] = name
        assert_printable(message_of(lambda data=data: from_json(json.dumps(data))))  # type: ignore[misc]


@given(texts)
def test_parse_move_of_either_game_shows_the_text_printably(text: str) -> None:
    assert_printable(message_of(lambda: the_game.parse_move(THE_GAME_STATE, text)))
    assert_printable(message_of(lambda: the_game.parse_move(THE_GAME_STATE, "35 on " + text)))
    assert_printable(message_of(lambda: mille_bornes.parse_move(MILLE_BORNES_STATE, "x" + text)))
    assert_printable(message_of(lambda: mille_bornes.parse_move(MILLE_BORNES_STATE, "discard x" + text)))


@given(texts)
def test_a_string_given_as_a_move_is_shown_printably(text: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        the_game.apply(THE_GAME_STATE, text)  # type: ignore[arg-type]
    assert_printable(str(caught.value))


@given(texts)
def test_registry_get_lang_and_bot_specs_show_the_text_printably(text: str) -> None:
    assert_printable(message_of(lambda: get("x" + text)))
    assert_printable(message_of(lambda: check_lang(text)))
    builtin = {"random": RandomBot}
    for spec in ("x" + text, "random:" + text + "=1", "random:seed=x" + text, "random," + text + "=1,"):
        assert_printable(message_of(lambda spec=spec: parse_bots(spec, builtin)))  # type: ignore[misc]
    assert_printable(message_of(lambda: parse_bot("no_such_module_" + str(len(text)) + ":Bot:x=" + text,
                                                  builtin)))


@given(texts)
def test_shown_and_printable_never_let_a_control_character_through(text: str) -> None:
    assert_printable(shown(text))
    assert_printable(printable(text))
    assert_printable(printable(text, 5))


def test_printable_keeps_letters_of_any_script() -> None:
    assert printable("Semáforo verde, coup fourré") == "Semáforo verde, coup fourré"
    assert printable("a\x1b[2Jb") == "a\\x1b[2Jb"


def test_an_object_whose_repr_holds_an_escape_is_shown_escaped() -> None:
    class Sneaky:
        def __repr__(self) -> str:
            return "\x1b[2J\ud800"

    assert shown(Sneaky()) == "\\x1b[2J\\ud800"


@pytest.mark.parametrize("name", ["the-game\ud800", "the-game\x1b[31mRED\x1b[0m"])
@pytest.mark.parametrize("encoding", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"}])
def test_play_loading_a_save_file_with_a_bad_game_name_says_so_in_one_clear_line(
        tmp_path: Path, name: str, encoding: dict[str, str]) -> None:
    data = the_game_data(GameRecord.start(the_game.Rules(), seed=1))
    data["game"] = name
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="ascii")
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANG", "LC_ALL", "PYTHONIOENCODING")}
    run = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "the-game", "--seed", "1"],
        input=b"load bad.json\nquit\n", capture_output=True, cwd=tmp_path, timeout=60,
        env={**env, **encoding},
    )
    assert b"Traceback" not in run.stderr, run.stderr.decode("utf-8", "replace")
    assert run.returncode == 0
    out = run.stdout.decode("ascii")  # every byte ASCII: nothing the terminal cannot spell
    assert "\x1b" not in out
    lines = [line for line in out.splitlines() if "bad.json" in line]
    assert len(lines) == 1
    assert "the-game\\ud800" in lines[0] or "the-game\\u001b[31mRED" in lines[0]


def test_play_names_a_missing_save_file_with_its_escape_sequence_escaped(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "the-game", "--seed", "1"],
        input=b"load \x1b[2Jnope.json\nquit\n", capture_output=True, cwd=tmp_path, timeout=60,
    )
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")
    assert b"\x1b" not in run.stdout
    assert b"\\x1b[2Jnope.json" in run.stdout


class EscapingBot:
    """Answers with a string that would clear the terminal, which is no move at all."""

    def choose(self, observation: object, legal: tuple[object, ...]) -> object:
        return "\x1b[2J\ud800"


def test_a_bot_spec_and_a_bad_move_of_a_bot_are_named_printably_in_play() -> None:
    from cardrules.cli.play_session import BotError, Session
    from cardrules.run.botspec import BotSpec

    spec = BotSpec("mine:\x1b[31m", EscapingBot, {})
    with pytest.raises(BotError) as caught:
        Session.start(the_game.Rules(players=2), seat=1, bots=[spec], seed=1, adviser=spec)
    assert_printable(str(caught.value))
    assert "mine:\\x1b[31m" in str(caught.value)
