"""``cardrules play`` in line mode: scripted standard input plays whole games, in three languages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
import cardrules.cli
from cardrules.cli import main
from cardrules.cli.parser import build_parser
from cardrules.cli.play import start_session
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game

# The last line the person sees of a game played to its end, and the outcome, in each language.
OVER = {"en": "The game is over.", "es": "La partida ha terminado.", "fr": "La partie est finie."}
PROMPT_OVER = {"en": "The game is over: undo", "es": "La partida ha terminado: deshacer",
               "fr": "La partie est finie : annuler"}
BYE = {"en": "Goodbye.", "es": "Hasta luego.", "fr": "Au revoir."}


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str,
         *argv: str) -> tuple[int, str, str]:
    """Run ``cardrules play ARGV`` with ``script`` as standard input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = main(["play", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def saved_state(path: Path) -> cardrules.contract.AnyState:
    record = cardrules.from_json(path.read_text(), cardrules.GameRecord)
    return cardrules.replay(record)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_whole_game_of_the_game_is_played_from_standard_input(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "end.json"
    status, out, err = play(monkeypatch, capsys, "1\n" * 300 + f"save {saved}\n",
                            "the-game", "--players", "2", "--seed", "4", "--lang", lang)
    assert (status, err) == (0, "")
    final = saved_state(saved)
    assert isinstance(final, the_game.State)
    result = the_game.result(final)
    assert result is not None
    lines = out.splitlines()
    assert OVER[lang] in lines
    outcome = lines[lines.index(OVER[lang]) + 1]
    cards_left = result.cards_left
    assert str(cards_left) in outcome
    assert lines[-1] == BYE[lang]
    # The extra answers after the end are refused one by one; nothing more is played.
    assert sum(line.startswith(PROMPT_OVER[lang]) for line in lines) > 1


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_whole_hand_of_mille_bornes_is_played_from_standard_input(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "end.json"
    status, out, err = play(monkeypatch, capsys, "1\n" * 200 + f"save {saved}\n",
                            "mille-bornes", "--single-hand", "--seed", "7", "--lang", lang)
    assert (status, err) == (0, "")
    final = saved_state(saved)
    assert isinstance(final, mb.State)
    result = mb.result(final)
    assert result is not None
    totals = result.totals
    lines = out.splitlines()
    outcome = lines[lines.index(OVER[lang]) + 1]
    assert str(totals[0]) in outcome
    assert str(totals[1]) in outcome


def test_a_whole_match_of_mille_bornes_announces_each_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "end.json"
    status, out, _ = play(monkeypatch, capsys, "1\n" * 1500 + f"save {saved}\n",
                          "mille-bornes", "--seed", "3")
    assert status == 0
    final = saved_state(saved)
    assert isinstance(final, mb.State)
    assert mb.is_terminal(final)
    hands = len(final.table.match.history)
    assert hands > 1
    assert sum(line.startswith("Hand ") and " is over: " in line for line in out.splitlines()) == hands
    assert sum(line.startswith("Hand ") and " is dealt. Your cards: " in line
               for line in out.splitlines()) == hands - 1


def test_each_bot_move_and_each_card_drawn_is_announced(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "1\n1\nend turn\n", "the-game", "--players", "2", "--seed", "1")
    lines = out.splitlines()
    assert f"Seat 0 (you) {the_game.describe_move(the_game.Play(6, 0))}." in lines
    assert "Seat 0 (you) ends the turn and draws." in lines
    drew = next(line for line in lines if line.startswith("You drew "))
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    low, high = sorted(state.draw_pile[:2])  # in the order of the hand
    assert drew == f"You drew {low} and {high}."
    after = lines.index(drew)
    assert lines[after + 1].startswith("Seat 1 plays ")
    assert "Seat 1 ends the turn and draws." in lines[after:]


def test_a_move_can_be_typed_in_the_games_notation(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "22 down2\n", "the-game", "--players", "2", "--seed", "1")
    assert f"Seat 0 (you) {the_game.describe_move(the_game.Play(22, 3))}." in out.splitlines()


def test_bad_input_gets_a_message_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = "\n".join(["0", "29", "99 up1", "45 up1", "end turn", "dance", "save", "", "1"]) + "\n"
    status, out, _ = play(monkeypatch, capsys, script, "the-game", "--players", "2", "--seed", "1")
    assert status == 0
    lines = out.splitlines()
    for message in ("There is no move 0: choose a number from 1 to 28.",
                    "There is no move 29: choose a number from 1 to 28.",
                    "Not allowed: 99 is not in seat 0's hand.",
                    "Not allowed: 45 is not in seat 0's hand.",
                    "Not allowed: lay at least 2 cards this turn first (0 laid so far).",
                    "Name the file: save FILE."):
        assert any(line.startswith(message) for line in lines), message
    assert ("There is no move 29: choose a number from 1 to 28. A number alone chooses from the list; "
            "as a move, 29 is not allowed: 29 is not in seat 0's hand.") in lines
    assert any(line.startswith('"dance" is neither a move nor a command') for line in lines)
    # After all that, the first move is still the one played, from the untouched deal.
    assert f"Seat 0 (you) {the_game.describe_move(the_game.Play(6, 0))}." in lines


def test_the_messages_of_the_command_line_are_in_the_language_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = "0\nayuda\npista\ndeshacer\ncargar no-existe.json\nguardar\n²\n"
    _, out, _ = play(monkeypatch, capsys, script, "the-game", "--players", "2", "--seed", "1", "--lang", "es")
    lines = out.splitlines()
    assert lines[0] == "The Game. Eres el jugador 0."
    assert "Tus jugadas:" in lines
    assert "No hay jugada 0: elige un número de 1 a 28." in lines
    assert "Comandos:" in lines
    assert any(line.startswith("Pista: ") for line in lines)
    assert "No hay nada que deshacer: todavía no has decidido nada." in lines
    assert "No se puede cargar no-existe.json: el archivo no existe." in lines
    assert "La partida sigue sin cambios." in lines
    assert "Indica el archivo: guardar ARCHIVO." in lines
    assert any(line.startswith("«²» no es ni una jugada ni un comando") for line in lines)
    assert lines[-1] == "Hasta luego."


def boards(out: str) -> list[str]:
    """Every table and list of moves printed, from the table's first line to the prompt."""
    found = []
    for block in out.split("\n\n")[1:]:
        lines = block.splitlines()
        end = next(i for i, line in enumerate(lines) if line.startswith(("Your move (", "The game is over:")))
        found.append("\n".join(lines[:end + 1]))
    return found


def test_undo_goes_back_to_the_previous_decision_with_the_same_table(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "1\n1\n21\nundo\n", "the-game", "--players", "2", "--seed", "1")
    # Undone: the end of the turn, and the three moves seat 1 made after it.
    assert "Taken back: you are at your previous decision again (4 moves undone)." in out.splitlines()
    shown = boards(out)
    assert len(shown) == 5
    assert shown[4] == shown[2]
    assert shown[3] != shown[2]


def test_save_then_load_goes_on_with_the_same_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    play(monkeypatch, capsys, f"1\n1\n21\nsave {path}\n", "the-game", "--players", "2", "--seed", "1")
    _, straight, _ = play(monkeypatch, capsys, "1\n1\n21\n2\n2\n",
                          "the-game", "--players", "2", "--seed", "1")
    # Another deal, then the saved game: it goes on exactly as the game that was never saved.
    _, resumed, _ = play(monkeypatch, capsys, f"load {path}\n2\n2\n",
                         "the-game", "--players", "2", "--seed", "99")
    assert f"Loaded {path} (6 moves); the game goes on from there." in resumed
    assert resumed.split("the game goes on from there.\n")[1] in straight


def test_a_corrupt_save_file_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "the-game", "format": 1, "type": "rec')
    other = tmp_path / "other.json"
    other.write_text(cardrules.to_json(cardrules.GameRecord.start(mb.Rules(), seed=1)))
    cheat = tmp_path / "cheat.json"
    record = json.loads(cardrules.to_json(cardrules.GameRecord.start(the_game.Rules(players=3), seed=1)))
    record["moves"] = [{"move": "end_turn"}]
    cheat.write_text(json.dumps(record))
    narrow = tmp_path / "narrow.json"
    narrow.write_text(cardrules.to_json(cardrules.GameRecord.start(the_game.Rules(players=2), seed=1)))
    script = "".join(f"load {path}\n" for path in (broken, other, cheat, narrow, tmp_path)) + "1\n"
    status, out, _ = play(monkeypatch, capsys, script, "the-game", "--players", "3", "--seed", "1",
                          "--bots", "greedy,random")
    assert status == 0
    lines = out.splitlines()
    assert any(line.startswith(f"Cannot load {broken}: it is not a saved game (") for line in lines)
    assert f"Cannot load {other}: it holds a game of Mille Bornes, not of The Game." in lines
    assert (f"Cannot load {cheat}: move 1 of the record: lay at least 2 cards this turn first "
            "(0 laid so far).") in lines
    assert any(line.startswith(f"Cannot load {narrow}: its table does not fit your seat and bots (")
               for line in lines)
    assert any(line.startswith(f"Cannot use {tmp_path}: ") for line in lines)
    assert lines.count("The game goes on unchanged.") == 5
    dealt = the_game.new_game(the_game.Rules(players=3), seed=1)
    assert f"Seat 0 (you) {the_game.describe_move(the_game.legal_moves(dealt)[0])}." in lines


def test_hint_names_a_legal_move_by_its_number(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "hint\n", "mille-bornes", "--seed", "1")
    hint = next(line for line in out.splitlines() if line.startswith("Hint: "))
    number = int(hint.split("(move ")[1].split(":")[0])
    listed = next(line for line in out.splitlines() if line.startswith(f"{number:>3}. "))
    assert listed.split(". ", 1)[1].split("  [")[0] in hint


def test_a_team_game_with_a_bot_partner(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "end.json"
    status, out, _ = play(monkeypatch, capsys, "1\n" * 200 + f"save {saved}\n", "mille-bornes",
                          "--players", "4", "--team-size", "2", "--single-hand", "--seed", "5",
                          "--bots", "random,heuristic,random")
    assert status == 0
    lines = out.splitlines()
    assert "The bots: seat 1 random, seat 2 heuristic (your partner) and seat 3 random." in lines
    assert any(line.startswith("Seat 2 (your partner) ") for line in lines)
    final = saved_state(saved)
    assert isinstance(final, mb.State)
    result = mb.result(final)
    assert result is not None
    outcome = lines[lines.index("The game is over.") + 1]
    verdict = "Your side wins" if result.winners == (0,) else "Your side loses"
    assert outcome.startswith(verdict)


def test_the_person_is_asked_for_a_coup_fourre_out_of_turn(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Seed 24, answering 1 five times: the bot then attacks with a hazard whose safety seat 0 holds.
    saved = tmp_path / "window.json"
    _, out, _ = play(monkeypatch, capsys, "1\n" * 5 + f"save {saved}\ncoup fourre\n",
                     "mille-bornes", "--single-hand", "--seed", "24")
    window = saved_state(saved)
    assert isinstance(window, mb.State)
    assert window.table.phase == "coup_fourre"
    assert mb.legal_moves(window) == (mb.CoupFourre(), mb.Decline())
    lines = out.splitlines()
    call, decline = mb.describe_move(mb.CoupFourre()), mb.describe_move(mb.Decline())
    assert f"  1. {call}  [coup fourre]" in lines
    assert f"  2. {decline}  [decline]" in lines
    assert f"Seat 0 (you) {call}." in lines
    called = lines.index(f"Seat 0 (you) {call}.")
    assert any(line.startswith("You drew ") for line in lines[called:])


def test_a_bot_of_your_own_that_breaks_the_rules_ends_the_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play(monkeypatch, capsys, "1\n1\nend turn\n1\n", "the-game", "--players", "2",
                          "--seed", "1", "--bots", "tests.cli.test_play_session:Cheater")
    assert status == 1
    lines = out.splitlines()
    assert lines[-1] == ("A bot failed, so the game ends here: bot tests.cli.test_play_session:Cheater at "
                         "seat 1 failed on move 4: chose end turn, not a legal move.")
    assert "Seat 0 (you) ends the turn and draws." not in lines
    assert "Goodbye." not in lines


def test_the_bots_play_first_when_another_seat_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "", "the-game", "--players", "3", "--first-player", "1",
                     "--seed", "2")
    lines = out.splitlines()
    first_board = next(i for i, line in enumerate(lines) if line.startswith("The Game: "))
    movers = [line.split()[1] for line in lines[:first_board] if line.startswith("Seat ")]
    assert movers[0] == "1"
    assert set(movers) == {"1", "2"}


def test_the_seed_is_chosen_and_printed_when_not_given(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(monkeypatch, capsys, "", "the-game")
    seed_line = next(line for line in out.splitlines() if line.startswith("Seed "))
    seed = int(seed_line.split()[1].rstrip(":"))
    assert f"--seed {seed}." in seed_line
    shown = the_game.render(the_game.observe(the_game.new_game(the_game.Rules(), seed=seed), 0))
    assert shown in out


@pytest.mark.parametrize(("argv", "message"), [
    (["the-game", "--players", "2", "--seat", "2"], "the seat is a number from 0 to 1, not 2"),
    (["the-game", "--players", "4", "--bots", "greedy,random"], "this table has 3 other seats"),
    (["the-game", "--bots", "clever"], "unknown bot 'clever'"),
    (["the-game", "--first-player", "strongest"], "--first-player strongest is for simulate"),
    (["the-game", "--players", "2", "--first-player", "2"], "first_player is a seat from 0 to 1, not 2"),
    (["mille-bornes", "--lang", "de"], "invalid choice: 'de'"),
])
def test_bad_options_are_usage_errors(argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, "", *argv)
    assert status == 2
    assert out == ""
    assert message in err


def test_tui_without_textual_names_the_extra(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for name in [name for name in sys.modules if name == "textual" or name.startswith("textual.")]:
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: the import fails
    monkeypatch.setitem(sys.modules, "textual", None)
    monkeypatch.delitem(sys.modules, "cardrules.cli.play_tui", raising=False)
    monkeypatch.delattr(cardrules.cli, "play_tui", raising=False)
    status, _, err = play(monkeypatch, capsys, "", "the-game", "--tui")
    assert status == 2
    assert err == "cardrules play --tui needs Textual: pip install 'cardrules[tui]'\n"
    status, _, err = play(monkeypatch, capsys, "", "the-game", "--tui", "--lang", "fr")
    assert status == 2
    assert err == "cardrules play --tui a besoin de Textual : pip install 'cardrules[tui]'\n"


def test_end_of_input_quits_cleanly_through_a_pipe() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "play", "mille-bornes", "--seed", "2"],
                          input="1\n2\n", capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0
    assert done.stderr == ""
    assert "\x1b" not in done.stdout
    assert done.stdout.splitlines()[-1] == "Goodbye."


@pytest.mark.parametrize(("argv", "strongest"), [
    (["the-game", "--players", "3"], "ismcts:iterations=60,flat=true"),
    (["mille-bornes"], "expert"),
])
def test_play_seats_and_asks_hints_of_the_strongest_bot_measured(argv: list[str], strongest: str) -> None:
    # docs/bots.md: in The Game the flat search leaves fewer cards than GreedyBot at every table
    # size; in Mille Bornes it beats ExpertBot by three points only at about 1 s a decision, which
    # a person's table does not get. simulate keeps its quick default.
    args = build_parser().parse_args(["play", *argv, "--seed", "5"])
    step = start_session(args.simulator, args)
    labels = {spec.label for spec in step.session.bots if spec is not None}
    assert labels == {strongest}
    assert step.session.adviser.label == strongest
    simulate = build_parser().parse_args(["simulate", argv[0]])
    assert simulate.bot == args.simulator.default_bot != "ismcts:iterations=60,flat=true"
