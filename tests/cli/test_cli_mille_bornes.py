"""The command line for Mille Bornes: ``python -m cardrules simulate mille-bornes`` and its bench rows."""

from __future__ import annotations

import re

import pytest

from cardrules.bots import Bot, RandomBot
from cardrules.cli import main
from cardrules.games import mille_bornes as mb
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.run import bot_seed, play_counted

SIDE_ROW = re.compile(r"^ +(\d+)  (\S+) +([\d.]+) +([\d.]+)% +([\d.]+)% +([\d.]+)$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``cardrules simulate mille-bornes ARGV...``: the exit status, stdout and stderr."""
    status = main(["simulate", "mille-bornes", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def without_speed(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith("speed")]


def side_rows(output: str) -> list[tuple[int, str, float, float, float, float]]:
    """(side, seats, mean score, win %, trip %, coups fourrés per hand) for each row of the side table."""
    rows = []
    for line in output.splitlines():
        match = SIDE_ROW.match(line)
        if match:
            side, seats, *numbers = match.groups()
            score, wins, trips, coups = map(float, numbers)
            rows.append((int(side), seats, score, wins, trips, coups))
    return rows


def test_simulate_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--players", "4", "--team-size", "2", "--games", "20", "--seed", "1")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == ("Mille Bornes: 4 players in 2 teams of 2, Parker rules, race 1000, match to 5000; "
                        "expert bot; seeds 1..20")
    assert "games             20" in lines
    for start in ("hands per match", "hand length", "trip completed", "coups fourrés", "tied games",
                  "side  seats", "speed"):
        assert any(line.startswith(start) for line in lines), start
    assert [row[:2] for row in side_rows(out)] == [(0, "0,2"), (1, "1,3")]
    assert lines[-1].endswith("s)")
    assert "games/s" in lines[-1]


def test_a_single_hand_has_no_hands_per_match_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--players", "6", "--team-size", "2", "--games", "10", "--single-hand",
                         "--bot", "random")
    assert status == 0
    assert out.splitlines()[0].startswith(
        "Mille Bornes: 6 players in 3 teams of 2, Parker rules, race 700 extendable to 1000, single hand;")
    assert not any(line.startswith("hands per match") for line in out.splitlines())
    assert [row[:2] for row in side_rows(out)] == [(0, "0,3"), (1, "1,4"), (2, "2,5")]


def test_win_rates_share_ties_and_add_up_to_all_games(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--players", "3", "--games", "60", "--single-hand", "--bot", "random",
                    "--seed", "2")
    rows = side_rows(out)
    assert len(rows) == 3
    assert sum(row[3] for row in rows) == pytest.approx(100, abs=0.2)
    total_trips = float(re.search(r"trip completed +([\d.]+)%", out).group(1))  # type: ignore[union-attr]
    assert sum(row[4] for row in rows) == pytest.approx(total_trips, abs=0.2)


def test_the_same_seed_gives_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--players", "2", "--games", "15", "--seed", "7", "--bot", "random", "--versus", "heuristic")
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    assert without_speed(first) == without_speed(again)
    _, other, _ = run(capsys, "--players", "2", "--games", "15", "--seed", "8", "--bot", "random",
                      "--versus", "heuristic")
    assert without_speed(other) != without_speed(first)


def test_room_variants_are_named_in_the_title(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--rules", "room", "--room-variants", "wrong-way,accumulate,reshuffle",
                         "--games", "5", "--single-hand", "--bot", "random")
    assert status == 0
    assert out.splitlines()[0].startswith(
        "Mille Bornes: 2 players, room rules with accumulate, reshuffle, wrong way, race 1000, single hand;")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5", "--team-size", "2"], "5 players cannot sit in sides of 2"),
        (["--players", "10"], "Mille Bornes is played by 2 to 9 players, not 10"),
        (["--players", "1"], "Mille Bornes is played by 2 to 9 players, not 1"),
        (["--players", "4", "--team-size", "4"], "Mille Bornes needs at least two sides"),
        (["--team-size", "0"], "2 players cannot sit in sides of 0"),
        (["--rules", "hoyle"], "invalid choice: 'hoyle'"),
        (["--room-variants", "accumulate"], "--room-variants needs --rules room, not --rules parker"),
        (["--rules", "room", "--room-variants", "turbo"], "not a room variant: 'turbo'"),
        (["--rules", "room", "--room-variants", ","], "not a room variant"),
        (["--versus", "genius"], "unknown bot 'genius'"),
        (["--bot", "greedy"], "unknown bot 'greedy'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert "usage: cardrules simulate mille-bornes" in err
    assert "Traceback" not in err + out


def test_the_game_has_no_versus(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "the-game", "--versus", "random"])
    assert status == 2
    assert "unrecognized arguments: --versus" in capsys.readouterr().err


def test_help_documents_the_options_and_the_heuristic_bot(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for option in ("--players", "--team-size", "--rules", "--room-variants", "--single-hand", "--games",
                   "--seed", "--bot", "--versus"):
        assert option in out
    assert "HeuristicBot" in out
    assert "coup fourré" in out


def test_the_heuristic_bot_beats_random_play(capsys: pytest.CaptureFixture[str]) -> None:
    # Measured: side 0 wins 98.3% of 1000 two-player hands (seeds 0..999); 80% leaves a wide margin.
    _, out, _ = run(capsys, "--players", "2", "--games", "100", "--single-hand", "--bot", "heuristic",
                    "--versus", "random")
    assert "heuristic bot on side 0, random on the others" in out.splitlines()[0]
    (_, _, score0, wins0, _, _), (_, _, score1, _, _, _) = side_rows(out)
    assert wins0 >= 80
    assert score0 > 2 * score1


def test_versus_seats_the_other_bot_on_every_other_side(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--players", "4", "--team-size", "2", "--games", "30", "--single-hand",
                    "--bot", "random", "--versus", "heuristic")
    random_side, heuristic_side = side_rows(out)
    assert random_side[3] < 30 < heuristic_side[3]


def test_coups_fourres_counted_from_the_moves_match_the_score_sheets() -> None:
    rules = mb.Rules.wikipedia(players=4, team_size=2)
    for seed in range(5):
        bots: list[Bot[mb.Observation, mb.Move]] = [HeuristicBot(), RandomBot(bot_seed(seed, 1))] * 2
        played = play_counted(rules, bots, seed=seed)
        assert isinstance(played.result, mb.Result)
        called = sum(chosen[mb.CoupFourre] for chosen in played.choices)
        on_sheets = sum(side.coups_fourres for hand in played.result.hands for side in hand.sides)
        assert called * rules.scoring.coup_fourre == on_sheets


def test_bench_rows_for_mille_bornes(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["bench", "--seconds", "0.01", "--game", "mille-bornes"])
    assert status == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    labels = [" ".join(row.split()[1:-4]) for row in rows]
    assert labels == ["2 players", "4 players, 2×2", "6 players, 3×2", "6 players, individual",
                      "2 players, match", "2×2, wikipedia", "2×2, room", "2×2, room accumulate",
                      "2×2, room reshuffle", "2×2, room wrong way", "2×2, room all three", "3×3, room"]
    for row in rows:
        games, steps = (int(cell) for cell in row.split()[-4:-2])
        assert games >= 1
        assert steps > games
