"""How an arena run is shown: a table on the terminal, the games and the summary as JSON, a plot.

The table uses ``rich`` when it is installed; the JSON holds every game and the summary; the plot shows
the ratings and scores.
"""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Sequence
from pathlib import Path

import attrs

from cardrules.arguments import printable
from cardrules.cli.arena_games import ArenaGame, ArenaSummary
from cardrules.cli.files import RefusedFileError, check_writable, write_whole
from cardrules.errors import ArgumentError
from cardrules.run.statistics import Interval
from cardrules.serialization import to_json

__all__ = ["arena_lines", "check_outputs", "print_arena", "write_json", "write_plot"]


def _percent(interval: Interval) -> str:
    if interval.low is None or interval.high is None:
        return f"{100 * interval.estimate:.1f}%"
    return f"{100 * interval.estimate:.1f}% [{100 * interval.low:.1f}, {100 * interval.high:.1f}]"


def _number(interval: Interval | None, digits: int) -> str:
    if interval is None:
        return "-"
    if interval.low is None or interval.high is None:
        return f"{interval.estimate:.{digits}f}"
    return f"{interval.estimate:.{digits}f} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def _tables(summary: ArenaSummary) -> list[tuple[str, list[str], list[list[str]]]]:
    """The summary as (title, header, rows) tables."""
    won = "games won" if summary.mode == "cooperative" else "win rate"
    bots = ("bots", ["bot", "games", won, f"mean {summary.score_name}", "Elo (BT)"],
            [[line.bot, str(line.games), _percent(line.win_rate), _number(line.mean_score, 2),
              _number(line.rating, 0)] for line in summary.bots])
    beats = "does better" if summary.mode == "cooperative" else "wins"
    pairs = ("pairings, on the same deals",
             ["bot", "against", "deals", "games", beats, f"{summary.score_name} difference"],
             [[pair.first, pair.second, str(pair.deals), str(pair.games), _percent(pair.win_rate),
               _number(pair.score_difference, 2)] for pair in summary.pairs])
    return [bots, pairs] if summary.pairs else [bots]


def _title(summary: ArenaSummary) -> str:
    seating = ("each bot alone at the table" if summary.mode == "cooperative"
               else "every pairing, each deal played twice with sides swapped")
    return (f"{summary.game}: {summary.rules}; {seating}; {summary.deals} deals from seed "
            f"{summary.seed}")


def _notes(summary: ArenaSummary) -> list[str]:
    direction = "higher" if summary.higher_is_better else "lower"
    return [f"95% intervals in brackets: Wilson for rates, normal for means over deals; {direction} "
            f"{summary.score_name} is better; the difference is bot minus against.",
            f"Ratings: {summary.rating_method}."]


def arena_lines(summary: ArenaSummary) -> list[str]:
    """The summary as plain text lines.

    >>> from cardrules.run.statistics import Interval
    >>> from cardrules.cli.arena_games import BotLine
    >>> line = BotLine(bot="greedy", games=4, win_rate=Interval(0.5, 0.15, 0.85),
    ...                mean_score=Interval(3.0, None, None), rating=None)
    >>> summary = ArenaSummary(game="the-game", rules="1 player", mode="cooperative",
    ...     score_name="cards left", higher_is_better=False, seed=1, deals=4, bots=(line,), pairs=(),
    ...     rating_method="none")
    >>> print(arena_lines(summary)[3])
    greedy  4      50.0% [15.0, 85.0]  3.00             -
    """
    lines = [_title(summary)]
    for title, header, rows in _tables(summary):
        widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
        lines.append(f"{title}:")
        for row in [header, *rows]:
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            lines.append("  ".join(cells).rstrip())
    return [*lines, *_notes(summary)]


def print_arena(summary: ArenaSummary) -> None:
    """Print the summary: rich tables when ``rich`` (the ``cli`` extra) is installed, else text."""
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print("\n".join(arena_lines(summary)))
        return
    class _Console(Console):
        def on_broken_pipe(self) -> None:
            # Rich's own answer is SystemExit(1); the command line ends quietly, as its other commands do.
            raise BrokenPipeError

    console = _Console()
    if not console.is_terminal:  # a file or a pipe: no wrapping at an assumed 80 columns
        console = _Console(width=200)
    console.print(_title(summary), markup=False, highlight=False)
    for title, header, rows in _tables(summary):
        table = Table(title=title)
        for index, name in enumerate(header):
            table.add_column(name, justify="left" if index < 2 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for note in _notes(summary):
        console.print(note, markup=False, highlight=False)


def check_outputs(json_path: Path | None, plot_path: Path | None) -> None:
    """Refuse, before any game is played, a ``--json`` or ``--plot`` file that could not be written
    after the run (and ``--plot`` without matplotlib), as :func:`write_json` and :func:`write_plot`
    would refuse it then."""
    if plot_path is not None and importlib.util.find_spec("matplotlib") is None:
        raise ArgumentError('--plot needs matplotlib: pip install "cardrules[plot]"')
    for option, path in (("--json", json_path), ("--plot", plot_path)):
        if path is not None:
            try:
                check_writable(str(path))
            except RefusedFileError as exc:
                raise ArgumentError(f"{option} {printable(str(path), 80)}: {exc.detail}") from None


def write_json(path: Path, summary: ArenaSummary, played: Sequence[ArenaGame], *,
               reason: str | None = None) -> None:
    """Write ``{"summary": ..., "games": [...], "complete": ..., "reason": ...}``: each game's deal,
    bots, scores, wins and its :class:`~cardrules.records.GameRecord` as ``to_json`` writes it (read
    it back with ``from_json(json.dumps(game["record"]))``). ``reason`` says why the run stopped
    before its last game (then ``"complete"`` is false and the games are those that finished)."""
    games = [{"deal": game.deal, "bots": list(game.bots), "scores": list(game.scores),
              "wins": list(game.wins), "record": json.loads(to_json(game.record))} for game in played]
    document = {"summary": attrs.asdict(summary), "games": games, "complete": reason is None,
                "reason": reason}
    try:
        write_whole(str(path), (json.dumps(document) + "\n").encode("utf-8"))
    except RefusedFileError as exc:
        raise ArgumentError(f"--json {printable(str(path), 80)}: {exc.detail}") from None


def write_plot(path: Path, summary: ArenaSummary, played: Sequence[ArenaGame]) -> None:
    """Draw the ratings with their intervals and each bot's score distribution to ``path`` (PNG);
    needs matplotlib (the ``plot`` extra)."""
    try:
        from cardrules.cli.arena_plot import plot_arena
    except ImportError:
        raise ArgumentError('--plot needs matplotlib: pip install "cardrules[plot]"') from None
    picture = io.BytesIO()
    plot_arena(picture, summary, played)
    try:
        write_whole(str(path), picture.getvalue())
    except RefusedFileError as exc:
        raise ArgumentError(f"--plot {printable(str(path), 80)}: {exc.detail}") from None
