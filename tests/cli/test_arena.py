"""``cardrules arena``: bots on the same deals, their win rates, score differences and ratings."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, cast

import pytest

from cardrules.cli import main
from cardrules.errors import ArgumentError
from cardrules.games import mille_bornes as mb
from cardrules.games.the_game.bots import GreedyBot
from cardrules.records import GameRecord, replay
from cardrules.run.botspec import parse_bot, split_bots
from cardrules.run.statistics import bradley_terry, elo_ratings, mean_interval, wilson
from cardrules.run.workers import run_chunks
from cardrules.serialization import from_json


class FirstMoveBot:
    """A user bot for the tests: always the ``pick``-th legal move (or the last)."""

    def __init__(self, *, pick: int = 0, careful: bool = False, note: str | None = None) -> None:
        self.pick = pick

    def choose(self, observation: object, legal: tuple[Any, ...]) -> Any:
        return legal[min(self.pick, len(legal) - 1)]


USER_BOT = f"{__name__}:FirstMoveBot"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def arena_json(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> dict[str, Any]:
    status, _, err = run(capsys, "arena", *argv, "--json", str(path))
    assert status == 0, err
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_game_arena_seats_each_bot_alone_on_the_same_deals(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = arena_json(capsys, tmp_path / "run.json", "the-game", "--players", "2",
                      "--bots", "greedy,random", "--games", "6", "--seed", "3")
    summary, games = data["summary"], data["games"]
    assert summary["mode"] == "cooperative"
    assert summary["score_name"] == "cards left"
    assert [line["bot"] for line in summary["bots"]] == ["greedy", "random"]
    assert [(game["deal"], game["bots"]) for game in games] == [
        (deal, [bot]) for deal in range(3, 9) for bot in ("greedy", "random")]
    for greedy, random in zip(games[::2], games[1::2], strict=True):
        assert greedy["record"]["seed"] == random["record"]["seed"]
        assert greedy["record"]["first_player"] == random["record"]["first_player"]
    (pair,) = summary["pairs"]
    assert (pair["first"], pair["second"], pair["deals"], pair["games"]) == ("greedy", "random", 6, 6)
    differences = [a["scores"][0] - b["scores"][0] for a, b in zip(games[::2], games[1::2], strict=True)]
    assert pair["score_difference"]["estimate"] == pytest.approx(sum(differences) / 6)
    assert pair["win_rate"]["estimate"] == 1.0  # greedy leaves fewer cards than random on every deal
    greedy_line, random_line = summary["bots"]
    assert greedy_line["rating"]["estimate"] > 0 > random_line["rating"]["estimate"]
    assert greedy_line["rating"]["low"] < greedy_line["rating"]["estimate"] < greedy_line["rating"]["high"]
    assert greedy_line["mean_score"]["estimate"] == pytest.approx(
        sum(game["scores"][0] for game in games[::2]) / 6)


def test_mille_bornes_pairs_each_deal_with_the_sides_swapped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = arena_json(capsys, tmp_path / "run.json", "mille-bornes", "--single-hand",
                      "--bots", "heuristic,random", "--games", "3", "--seed", "10")
    summary, games = data["summary"], data["games"]
    assert summary["mode"] == "competitive"
    assert len(games) == 6
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first["deal"] == second["deal"]
        assert first["bots"] == ["heuristic", "random"]
        assert second["bots"] == ["random", "heuristic"]
        one, two = (from_json(json.dumps(game["record"]), GameRecord) for game in (first, second))
        assert one.initial_state() == two.initial_state()  # the very same deal
        assert one.moves != two.moves
    (pair,) = summary["pairs"]
    assert pair["games"] == 6
    heuristic_wins = sum(game["wins"][game["bots"].index("heuristic")] for game in games)
    assert pair["win_rate"]["estimate"] == pytest.approx(heuristic_wins / 6)


def test_three_sides_give_each_bot_each_side_once_per_deal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = arena_json(capsys, tmp_path / "run.json", "mille-bornes", "--single-hand", "--players", "3",
                      "--bots", f"random,{USER_BOT}", "--games", "1")
    first, second = (game["bots"] for game in data["games"])
    assert first == ["random", USER_BOT, "random"]
    assert second == [USER_BOT, "random", USER_BOT]


def test_the_json_records_read_back_and_replay_to_the_scores(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = arena_json(capsys, tmp_path / "run.json", "mille-bornes", "--single-hand",
                      "--bots", "heuristic,random", "--games", "2", "--seed", "4")
    for entry in data["games"]:
        record = from_json(json.dumps(entry["record"]), GameRecord)
        result = mb.result(cast(mb.State, replay(record)))
        assert result is not None
        assert list(map(float, result.totals)) == entry["scores"]


def test_the_same_seed_gives_the_same_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ("the-game", "--players", "3", "--bots", "greedy,random:seed=9,greedy:depth=1",
            "--games", "4", "--seed", "7")
    one = arena_json(capsys, tmp_path / "one.json", *argv)
    two = arena_json(capsys, tmp_path / "two.json", *argv)
    assert one == two
    other = arena_json(capsys, tmp_path / "other.json", *argv[:-1], "8")
    assert other["games"] != one["games"]


def test_the_table_shows_every_bot_and_pairing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "arena", "the-game", "--bots", "greedy,random,greedy:depth=1",
                           "--games", "3", "--quiet")
    assert (status, err) == (0, "")
    assert "each bot alone at the table" in out
    for words in ("games won", "mean cards left", "Elo (BT)", "does better", "cards left difference",
                  "greedy:depth=1", "Fisher information"):
        assert words in out


def test_the_plot_is_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "arena.png"
    status, _, err = run(capsys, "arena", "mille-bornes", "--single-hand", "--bots", "heuristic,random",
                         "--games", "2", "--plot", str(path))
    assert status == 0, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["the-game", "--bots", "greedy,genius"], "unknown bot 'genius'"),
        (["the-game", "--bots", "greedy,random", "--first-player", "strongest"],
         "--first-player is for simulate"),
        (["the-game", "--bots", "greedy:depth=deep"], "option depth='deep' is not a whole number"),
        (["the-game", "--bots", "greedy:speed=2"],
         "no option 'speed' (options: reach, endgame_reach, depth)"),
        (["the-game", "--bots", "greedy:depth"], "'depth' is not key=value"),
        (["the-game", "--bots", "greedy,greedy"], "a bot is named twice"),
        (["the-game", "--bots", "no_such_module:Bot"], "cannot import no_such_module"),
        (["the-game", "--bots", f"{__name__}:Missing"], "has no class Missing"),
        (["the-game", "--bots", "greedy", "--games", "0"],
         "--games: a whole number from 1 to 1000000, not 0"),
        (["mille-bornes", "--bots", "heuristic"], "name at least 2 bots"),
        (["mille-bornes", "--bots", "heuristic,random", "--players", "1"], "usage: cardrules arena"),
        (["chess", "--bots", "random"], "invalid choice: 'chess'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                         message: str) -> None:
    status, out, err = run(capsys, "arena", *argv)
    assert status == 2
    assert message in err
    assert "Traceback" not in out + err


def test_a_bad_json_path_is_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    status, _, err = run(capsys, "arena", "the-game", "--bots", "random", "--games", "1",
                         "--json", str(tmp_path / "missing" / "run.json"))
    assert status == 2
    assert err.startswith("cardrules: error: --json")


@pytest.mark.parametrize("option", ["--json", "--plot"])
@pytest.mark.parametrize("kind", ["fifo", "link", "folder"])
def test_a_json_or_plot_target_that_is_no_regular_file_is_refused_and_left_as_it_was(
        option: str, kind: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target, victim = tmp_path / "out", tmp_path / "victim.txt"
    victim.write_text("not to be touched")
    if kind == "fifo":
        os.mkfifo(target)  # written as before, this waited forever for a reader
    elif kind == "link":
        target.symlink_to(victim)
    else:
        target.mkdir()
    status, _, err = run(capsys, "arena", "the-game", "--bots", "random", "--games", "1", option, str(target))
    assert status == 2
    assert err.startswith(f"cardrules: error: {option} {target}: ")
    assert victim.read_text() == "not to be touched"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out", "victim.txt"]


def test_the_json_is_written_whole_over_an_older_one(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text("an older run, much longer than this one " * 10_000)
    data = arena_json(capsys, path, "the-game", "--bots", "random", "--games", "1")
    assert data["complete"] is True
    assert [entry.name for entry in tmp_path.iterdir()] == ["run.json"]


def test_simulate_loads_bots_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "mille-bornes", "--single-hand", "--games", "2",
                           "--bot", f"{USER_BOT}:pick=1", "--versus", "random")
    assert (status, err) == (0, "")
    assert f"{USER_BOT}:pick=1 bot on side 0" in out.splitlines()[0]
    status, _, err = run(capsys, "simulate", "the-game", "--bot", "greedy:depth=x", "--games", "1")
    assert status == 2
    assert "not a whole number" in err


def test_bot_options_are_converted_to_the_declared_types() -> None:
    spec = parse_bot(f"{USER_BOT}:pick=2,careful=yes,note=none", {})
    assert spec.options == {"pick": 2, "careful": True, "note": None}
    greedy = {"greedy": GreedyBot}
    assert parse_bot("greedy:reach=none,depth=3", greedy).options == {"reach": None, "depth": 3}
    assert isinstance(parse_bot("greedy:reach=2", {"greedy": GreedyBot}).build(rules=None, seed=1), GreedyBot)
    with pytest.raises(ArgumentError, match="careful='maybe' is not true or false"):
        parse_bot(f"{USER_BOT}:careful=maybe", {})


def test_options_stay_with_their_bot_in_a_list() -> None:
    assert split_bots(f"greedy:depth=2,reach=3,random,{USER_BOT}:pick=1,careful=no") == [
        "greedy:depth=2,reach=3", "random", f"{USER_BOT}:pick=1,careful=no"]
    with pytest.raises(ArgumentError):
        split_bots("depth=2,greedy")


def test_wilson_interval_matches_the_textbook_value() -> None:
    interval = wilson(8, 10)  # the usual worked example: 8 of 10 gives [0.4902, 0.9433]
    assert (interval.low, interval.high) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(5.5, 11).estimate == 0.5  # ties count half
    assert wilson(0, 10).low == 0.0
    assert wilson(10, 10).high == 1.0


def test_mean_interval_has_no_width_for_one_sample() -> None:
    assert mean_interval([4.0]).low is None
    assert mean_interval([1.0, 3.0]).estimate == 2.0


def test_bradley_terry_matches_the_closed_form_for_two_bots_and_is_transitive() -> None:
    strength = bradley_terry({(0, 1): 30.0}, {(0, 1): 40.0}, 2)
    assert strength[0] / strength[1] == pytest.approx(30.5 / 10.5)
    three = bradley_terry({(0, 1): 30.0, (0, 2): 35.0, (1, 2): 25.0},
                          {(0, 1): 40.0, (0, 2): 40.0, (1, 2): 40.0}, 3)
    assert three[0] > three[1] > three[2]
    ratings = elo_ratings({(0, 1): 30.0, (0, 2): 35.0, (1, 2): 25.0},
                          {(0, 1): 40.0, (0, 2): 40.0, (1, 2): 40.0}, 3)
    assert sum(rating.estimate for rating in ratings) == pytest.approx(0.0, abs=1e-9)
    wide = elo_ratings({(0, 1): 3.0}, {(0, 1): 4.0}, 2)
    narrow = elo_ratings({(0, 1): 300.0}, {(0, 1): 400.0}, 2)
    assert (wide[0].high or 0) - (wide[0].low or 0) > 3 * ((narrow[0].high or 0) - (narrow[0].low or 0))


def test_two_workers_play_the_same_games_as_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ("mille-bornes", "--single-hand", "--bots", f"heuristic,random,{USER_BOT}:pick=1",
            "--games", "3", "--seed", "5")
    alone = arena_json(capsys, tmp_path / "one.json", *argv)
    shared = arena_json(capsys, tmp_path / "two.json", *argv, "--workers", "2")
    assert shared == alone


def test_simulate_gives_the_same_summary_on_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "the-game", "--players", "2", "--bot", "random", "--games", "12", "--seed", "2")
    outputs = []
    for workers in ("1", "2"):
        status, out, err = run(capsys, *argv, "--workers", workers)
        assert (status, err) == (0, "")
        outputs.append([line for line in out.splitlines() if not line.startswith("speed")])
    assert outputs[0] == outputs[1]


def test_workers_must_be_at_least_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "the-game", "--bots", "random", "--workers", "0")
    assert status == 2
    assert "--workers: a whole number from 1 to " in err
    with pytest.raises(ArgumentError, match="workers is a whole number from 1 to "):
        run_chunks(sorted, [1], workers=0)


@pytest.mark.parametrize("game", ["the-game", "mille-bornes"])
def test_the_search_bot_takes_its_budget_from_the_bot_list(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           game: str) -> None:
    extra = ("--single-hand",) if game == "mille-bornes" else ()
    other = "random" if game == "the-game" else "heuristic"
    argv = (game, *extra, "--bots", f"{other},ismcts:iterations=8", "--games", "1", "--seed", "3")
    one = arena_json(capsys, tmp_path / "one.json", *argv)
    two = arena_json(capsys, tmp_path / "two.json", *argv)
    assert one == two  # an iteration budget and the arena's seeds make the search repeatable
    assert {bot["bot"] for bot in one["summary"]["bots"]} == {other, "ismcts:iterations=8"}


@pytest.mark.parametrize("option", ["--json", "--plot"])
def test_a_json_or_plot_target_that_cannot_be_written_is_refused_before_any_game_is_played(
        option: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Found only once the games were over, it threw a long run away; the bot here would fail at once.
    target = tmp_path / "missing" / "out"
    status, out, err = run(capsys, "arena", "the-game", "--bots", "tests.cli.failing_bots:Raises,greedy",
                           "--games", "1", option, str(target))
    assert status == 2
    assert out == ""
    assert err == f"cardrules: error: {option} {target}: there is no folder {target.parent}\n"
