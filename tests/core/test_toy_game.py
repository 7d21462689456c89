"""A third game, Toy Mau (``tests/toy_game``), served by every layer of the core once registered.

The proof that adding a game is one package plus one registration: nothing in ``src/`` knows Toy Mau,
yet the root verbs, JSON, game records, bots, the conformance check and the command line all play it.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules import GameRecord, RegistrationError, SerializationError, from_json, to_json
from cardrules.bots import RandomBot, play_game, play_out
from cardrules.cli import main
from cardrules.games import the_game
from cardrules.registry import Game, available, game_of, get, register
from cardrules.testing import check_conformance
from tests import toy_game
from tests.toy_game import Draw, Pass, Play, Rules, State

REPO = Path(__file__).resolve().parents[2]

# Checked by mypy (which runs over tests/): the descriptor's verbs fit the game's own types.
game: Game[toy_game.Rules, toy_game.State, toy_game.Move, toy_game.Observation, toy_game.Result,
           int] = toy_game.GAME


def mid_game(rules: Rules | None = None, *, seed: int = 3, moves: int = 6) -> State:
    """A game a few random moves in, dealt from ``seed``."""
    state = toy_game.new_game(rules or Rules(players=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = toy_game.apply(state, rng.choice(toy_game.legal_moves(state)))
    return state


def finished(rules: Rules | None = None, *, seed: int = 3) -> State:
    """A game played to its end by random bots."""
    return play_out(toy_game.new_game(rules or Rules(players=3), seed=seed), RandomBot(seed))


# --- registration ---------------------------------------------------------------------------------


def test_importing_the_package_registers_the_game() -> None:
    assert "toy-mau" in available()
    assert get("toy-mau") is toy_game.GAME
    assert game_of(Draw()) is toy_game.GAME


def test_registering_the_same_descriptor_again_changes_nothing() -> None:
    assert register(toy_game.GAME) is toy_game.GAME
    assert get("toy-mau") is toy_game.GAME


def test_registering_another_descriptor_of_the_same_types_changes_nothing() -> None:
    assert register(attrs.evolve(toy_game.GAME)) is toy_game.GAME
    assert get("toy-mau") is toy_game.GAME


def test_a_different_game_under_a_taken_name_is_refused() -> None:
    impostor = attrs.evolve(toy_game.GAME, state_type=type("OtherState", (), {}))
    with pytest.raises(RegistrationError, match="a different game is already registered as 'toy-mau'"):
        register(impostor)
    assert get("toy-mau") is toy_game.GAME


def test_a_game_reusing_another_games_types_is_refused() -> None:
    with pytest.raises(RegistrationError, match="already belongs to the game 'toy-mau'"):
        register(attrs.evolve(toy_game.GAME, name="toy-mau-again"))
    assert "toy-mau-again" not in available()
    assert game_of(Rules()) is toy_game.GAME


@pytest.mark.parametrize(("field", "value", "message"), [
    ("name", "Toy Mau", "lowercase words joined by hyphens"),
    ("title", float("nan"), "title is a text, not nan"),
    ("rules_version", True, "rules_version is a whole number, not True"),
    ("determinize", None, "determinize is a function"),
    ("state_type", "State", "state_type is a class"),
    ("move_classes", [Play, Draw], "move_classes is a tuple of classes"),
    ("picture", "tests.toy_game.picture", "'package.module:name' text"),
    ("bots", {"random": 3}, "bots map names to 'package.module:Class' texts"),
])
def test_a_descriptor_with_a_wrong_part_is_refused_naming_it(field: str, value: object, message: str) -> None:
    with pytest.raises(RegistrationError, match=message):
        attrs.evolve(toy_game.GAME, **{field: value})  # type: ignore[arg-type]  # wrong on purpose


def test_a_facet_that_cannot_be_loaded_says_which_and_why() -> None:
    broken = attrs.evolve(toy_game.GAME, picture="tests.toy_game.nowhere:draw")
    with pytest.raises(RegistrationError,
                       match=r"toy-mau's picture \(tests.toy_game.nowhere:draw\) cannot be loaded"):
        broken.facet("picture")


@pytest.mark.parametrize("name", ["strongest", [], None])
def test_asking_for_a_bot_the_game_does_not_have_says_which_it_has(name: object) -> None:
    with pytest.raises(cardrules.ArgumentError, match=r"has no bot called .*; it has none"):
        toy_game.GAME.bot(name)  # type: ignore[arg-type]  # wrong on purpose


def test_a_facet_the_game_does_not_declare_is_none() -> None:
    assert attrs.evolve(toy_game.GAME, picture=None).facet("picture") is None


# --- the conformance check ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", toy_game.option_grid(), ids=repr)
def test_toy_mau_passes_the_conformance_check(rules: Rules) -> None:
    report = check_conformance(rules, games=12, seed=1, deep_every=3)
    assert report.games == report.terminal_states == 12
    assert report.illegal_moves_checked > 0


# --- JSON -----------------------------------------------------------------------------------------


def round_trip_values() -> list[object]:
    state = mid_game()
    end = finished()
    outcome = toy_game.result(end)
    assert outcome is not None
    record = GameRecord.start(Rules(players=3), seed=3).extended(*toy_game.legal_moves(
        toy_game.new_game(Rules(players=3), seed=3))[:1])
    return [Rules(players=4, hand_size=3), state, end, Play(8), Draw(), Pass(),
            toy_game.observe(state, 1), outcome, record]


@pytest.mark.parametrize("value", round_trip_values(), ids=lambda value: type(value).__name__)
def test_every_kind_of_value_round_trips_through_json_with_and_without_its_class(value: object) -> None:
    text = to_json(value)
    assert text.startswith('{"game": "toy-mau", "format": 1, "type": ')
    assert from_json(text) == value
    assert from_json(text, type(value)) == value


def test_a_move_round_trips_as_the_games_move_union() -> None:
    assert to_json(Play(8)) == '{"game": "toy-mau", "format": 1, "type": "move", "move": "play", "card": 8}'
    assert from_json(to_json(Pass()), toy_game.Move) == Pass()


def test_rules_json_may_leave_out_defaults_but_a_state_may_not() -> None:
    assert from_json('{"game": "toy-mau", "format": 1, "type": "rules"}', Rules) == Rules()
    text = to_json(mid_game()).replace(', "passes": 0', "")
    with pytest.raises(SerializationError, match="missing field passes"):
        from_json(text, State)


def test_json_of_an_impossible_state_is_refused_by_the_games_validator() -> None:
    state = mid_game()
    tampered = to_json(state).replace('"discard": [', '"discard": [' + str(state.hands[0][0]) + ", ")
    with pytest.raises(SerializationError, match="not a possible state of Toy Mau"):
        from_json(tampered)


def test_loading_toy_mau_json_as_another_games_value_says_which_game_it_holds() -> None:
    with pytest.raises(SerializationError, match="holds a state of Toy Mau, not a state of The Game"):
        from_json(to_json(mid_game()), the_game.State)


# --- the package root, bots and records -----------------------------------------------------------


def test_the_root_verbs_dispatch_to_toy_mau() -> None:
    state = mid_game()
    legal = cardrules.legal_moves(state)
    assert legal == toy_game.legal_moves(state)
    assert cardrules.current_player(state) == state.current
    assert cardrules.is_terminal(state) is False
    assert cardrules.result(state) is None
    assert cardrules.apply(state, legal[-1]) == toy_game.apply(state, legal[-1])
    assert cardrules.parse_move(state, str(legal[0])) == legal[0]
    observation = cardrules.observe(state, 2)
    assert observation == toy_game.observe(state, 2)
    assert cardrules.observe(cardrules.determinize(observation, 5), 2) == observation


def test_an_illegal_move_through_the_root_says_why_in_a_players_words() -> None:
    state = toy_game.new_game(Rules(players=2), seed=1)
    with pytest.raises(cardrules.IllegalMoveError, match="you may pass only once the stock is empty"):
        cardrules.apply(state, Pass())


def test_random_bots_play_toy_mau_to_the_end_and_the_record_replays_it() -> None:
    final = play_game(Rules(players=4), [RandomBot(seat) for seat in range(4)], seed=9)
    assert isinstance(final, State)
    assert cardrules.is_terminal(final)
    outcome = cardrules.result(final)
    assert outcome is not None
    assert outcome.cards_left[outcome.winners[0]] == min(outcome.cards_left)
    state = toy_game.new_game(Rules(players=2), seed=2)
    moves = []
    while not toy_game.is_terminal(state):
        moves.append(toy_game.legal_moves(state)[0])
        state = toy_game.apply(state, moves[-1])
    record = GameRecord.start(Rules(players=2), seed=2).extended(*moves)
    assert cardrules.replay(from_json(to_json(record), GameRecord)) == state


# --- the command line -----------------------------------------------------------------------------


def test_the_cli_simulates_toy_mau_with_the_generic_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--import", "tests.toy_game", "simulate", "toy-mau", "--games", "20", "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("Toy Mau: Rules(players=2, hand_size=5); random bot; seeds 1..20\n")
    assert "games             20\n" in out
    assert "went out" in out


def test_the_cli_lists_toy_mau_among_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--import", "tests.toy_game", "games"]) == 0
    assert "toy-mau        Toy Mau\n" in capsys.readouterr().out


def cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m cardrules ARGUMENTS`` in a fresh interpreter, from the repository's root."""
    return subprocess.run([sys.executable, "-m", "cardrules", *arguments], cwd=REPO, capture_output=True,
                          text=True, timeout=120, check=False)


def test_import_is_what_brings_a_game_outside_cardrules_to_a_fresh_command_line() -> None:
    without = cli("simulate", "toy-mau", "--games", "2")
    assert without.returncode == 2
    assert "invalid choice: 'toy-mau'" in without.stderr
    with_import = cli("--import", "tests.toy_game", "simulate", "toy-mau", "--games", "2",
                      "--rules", '{"players": 3}')
    assert with_import.returncode == 0, with_import.stderr
    assert with_import.stdout.startswith("Toy Mau: Rules(players=3, hand_size=5); random bot; seeds 0..1")
