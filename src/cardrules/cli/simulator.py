"""What the command line knows about one game (:class:`Simulator`), and what it records of a game
its bots played (:class:`Played`).

Kept apart from the generic machinery in :mod:`cardrules.cli` so that each game's module can build
its simulator without importing the command line it is part of.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

import attrs

from cardrules.bots import RandomBot
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, SerializationError
from cardrules.registry import SomeGame
from cardrules.serialization import FORMAT, from_json

__all__ = ["Played", "Scoring", "Simulator", "bot_seed", "generic_simulator", "percent"]

# Immutable records, so covariant: a Simulator[mb.Rules, mb.Result] is a Simulator[RulesLike, object].
R = TypeVar("R", bound=RulesLike, covariant=True)
X = TypeVar("X", covariant=True)


@attrs.frozen
class Played(Generic[X]):
    """One game the bots played: its ``result`` (the game's ``result(final_state)``), and for each
    seat how many moves of each move class it chose (``choices[seat][Play]``, ...).

    >>> Played(result=None, choices=(Counter({str: 3}), Counter({str: 2, int: 1}))).decisions
    6
    """

    result: X
    choices: tuple[Counter[type], ...]

    @property
    def decisions(self) -> int:
        """How many decisions were made in the game, by every seat together."""
        return sum(sum(chosen.values()) for chosen in self.choices)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the game dealt from ``game_seed``.

    Derived by hashing, so bots' random streams are unrelated to the deal's and to each other, and
    a game's play depends on its own seed only (game ``i`` of a run is the same game in any run).

    >>> bot_seed(1, 0) == bot_seed(1, 0) != bot_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"cardrules bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@attrs.frozen(kw_only=True)
class Scoring(Generic[X]):
    """How the arena reads a game's result: a score and a share of the win per side.

    - ``score_name``: what the score counts, for the tables ("cards left", "points").
    - ``higher_is_better``: whether a higher score is the better one.
    - ``scores(result)``: the score of each side (one entry for a cooperative game, all seats
      being one side).
    - ``wins(result)``: each side's share of the win: 1 alone, ``1/k`` for a tie of ``k`` sides,
      0 beaten (a cooperative game: 1 won, 0 lost).
    """

    score_name: str
    higher_is_better: bool
    scores: Callable[[X], tuple[float, ...]]
    wins: Callable[[X], tuple[float, ...]]


@attrs.frozen(kw_only=True)
class Simulator(Generic[R, X]):
    """What the command line needs to know about one game beyond its registry descriptor.

    - ``game``: the registry name, which is also the ``simulate`` subcommand.
    - ``help``: one line for the list of games; ``epilog``: more for ``simulate GAME --help``.
    - ``add_arguments(parser)``: adds the game's rules options (``--players``, ...).
    - ``rules(args)``: the rules value for the parsed options; may raise a ``CardrulesError``.
    - ``describe(rules)``: the rules in a few words, for the summary's title.
    - ``bots``: bot name -> the bot's class (or any callable taking keyword arguments), built as
      :class:`~cardrules.cli.botspec.BotSpec` says: its options, ``seed=`` and ``rules=`` when it
      takes them; ``bot_help`` says what each bot does. Adding a built-in bot is one entry.
    - ``sides(rules)``: the side of each seat, for games played side against side; ``None`` for
      games without sides (then there is no ``--versus``: one bot plays every seat).
    - ``summarize(rules, played)``: the summary lines for the games played.
    - ``scoring``: how ``arena`` compares bots (:class:`Scoring`); ``None`` leaves the game out of it.
    - ``bench_variants()``: ``(label, rules)`` pairs that ``bench`` measures; ``bench_note`` says
      what the labels mean, in ``bench --help``.
    """

    game: str
    help: str
    epilog: str = ""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    rules: Callable[[argparse.Namespace], R]
    describe: Callable[[R], str]
    bots: Mapping[str, Callable[..., object]]
    bot_help: str
    default_bot: str
    sides: Callable[[R], tuple[int, ...]] | None = None
    summarize: Callable[[R, Sequence[Played[X]]], list[str]]
    bench_variants: Callable[[], tuple[tuple[str, R], ...]]
    bench_note: str = ""
    scoring: Scoring[X] | None = None


def percent(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole``, one decimal.

    >>> percent(1, 8)
    '12.5%'
    """
    return f"{100 * part / whole:.1f}%"


def generic_simulator(game: SomeGame) -> Simulator[RulesLike, object]:
    """The command line of a game that brings none of its own: its rules as JSON (``--rules``, the
    fields that differ from the defaults), random bots, and a tally of its results.

    >>> from cardrules.registry import get
    >>> generic_simulator(get("the-game")).bots.keys()
    dict_keys(['random'])
    """

    def arguments(parser: argparse.ArgumentParser) -> None:
        group = parser.add_argument_group(f"rules of {game.title}")
        group.add_argument("--rules", default="{}", metavar="JSON",
                           help="the rules as a JSON object of the fields that differ from the defaults "
                                "(default: {})")

    def rules(args: argparse.Namespace) -> RulesLike:
        try:
            fields = json.loads(args.rules)
        except ValueError as exc:
            raise ArgumentError(f"--rules is a JSON object: {exc}") from None
        if not isinstance(fields, dict):
            raise ArgumentError("--rules is a JSON object of rules fields")
        text = json.dumps({"game": game.name, "format": FORMAT, "type": "rules", **fields})
        try:
            return from_json(text, game.rules_type)
        except SerializationError as exc:
            raise ArgumentError(f"--rules: {exc}") from None

    def summarize(rules: RulesLike, played: Sequence[Played[object]]) -> list[str]:
        tally = Counter(str(game.result) for game in played)
        decisions = sum(game.decisions for game in played)
        lines = [f"moves per game    {decisions / len(played):.1f}", "results           games    share"]
        for outcome, count in tally.most_common(10):
            lines.append(f"  {outcome[:60]:<60} {count:>6}  {percent(count, len(played)):>7}")
        if len(tally) > 10:
            lines.append(f"  ... and {len(tally) - 10} other results")
        return lines

    return Simulator(
        game=game.name,
        help=f"{game.title} (the generic command line: random bots, rules as JSON)",
        add_arguments=arguments,
        rules=rules,
        describe=lambda rules: repr(rules),
        bots={"random": RandomBot},
        bot_help="random: any legal move",
        default_bot="random",
        summarize=summarize,
        bench_variants=lambda: tuple((repr(rules)[:40], rules) for rules in game.option_grid()[:3]),
    )
