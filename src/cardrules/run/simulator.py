"""What the command line knows about a game, how the arena reads a result, and what a run records.

They are :class:`Simulator` (a game's ``command_line`` facet), :class:`Tally`, and :class:`Played`
(what a run records of a game its bots played).

A game declares its simulator as its ``command_line`` facet (``games/<game>/command_line.py``);
:func:`simulators` finds every registered game's, or gives a game without one the generic
simulator (:func:`generic_simulator`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar, cast

import attrs

from cardrules import registry
from cardrules.bots import RandomBot
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, RegistrationError, SerializationError
from cardrules.i18n import Lang
from cardrules.registry import SomeGame
from cardrules.serialization import FORMAT, from_json

__all__ = ["Played", "Simulator", "Tally", "bot_seed", "generic_simulator", "percent", "reference_bots",
           "simulator_of",
           "simulators"]

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
class Tally(Generic[X]):
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
    """What the command line needs to know about one game beyond its registry descriptor: a game's
    ``command_line`` facet.

    - ``game``: the registry name, which is also the ``simulate`` subcommand.
    - ``help``: one line for the list of games; ``epilog``: more for ``simulate GAME --help``.
    - ``add_arguments(parser)``: adds the game's rules options (``--players``, ...).
    - ``rules(args)``: the rules value for the parsed options; may raise a ``CardrulesError``.
    - ``describe(rules)``: the rules in a few words, for the summary's title.
    - ``bots``: bot name -> the bot's class (or any callable taking keyword arguments), built with
      keyword arguments only: its options, ``seed=`` and ``rules=`` when it takes them;
      ``bot_help`` says what each bot does. Adding a built-in bot is one entry.
    - ``default_bot``: the bot of ``simulate``, ``arena`` and a server's rooms when none is named:
      a good one that is quick, since those play thousands of games or many rooms at once.
    - ``play_bot``: the strongest bot measured (``docs/bots.md``), which ``play`` seats against a
      person and asks for hints, where a decision may take a tenth of a second; ``None``: the
      ``default_bot``.
    - ``sides(rules)``: the side of each seat, for games played side against side; ``None`` for
      games without sides (then there is no ``--versus``: one bot plays every seat).
    - ``summarize(rules, played)``: the summary lines for the games played.
    - ``scoring``: how ``arena`` compares bots (:class:`Tally`); ``None`` leaves the game out of it.
    - ``bench_variants()``: ``(label, rules)`` pairs that ``bench`` measures; ``bench_note`` says
      what the labels mean, in ``bench --help``.

    What ``play`` says beyond the game's ``render`` and ``describe_move`` (each optional):

    - ``card_words(card, lang)``: a card in words (default: ``str(card)``).
    - ``describe_result(rules, result, seat, lang)``: the end of the game as the person at
      ``seat`` sees it, or a spectator when ``seat`` is ``None`` (default: the result as text).
    - ``move_table(legal, lang)``: some of the legal moves grouped on a few lines, and the numbers
      (from 1, in ``legal``) of the moves those lines show; the others are listed one a line.
    - ``hands(state)``: for a game played in hands (a match), the points each side scored in each
      finished hand, in order; ``play`` announces each hand's end and the running totals. ``None``
      for a game of one hand.

    What an app's :class:`~cardrules.Session` says beyond that (each optional):

    - ``question(state, seat, lang)``: the decision asked of ``seat`` out of turn (a coup fourré,
      an extension) as a question; ``None`` when ``seat`` is asked none.
    - ``spectate(state, lang)``: the public table in words (piles or tableaux, how many cards each
      hand and the draw pile hold, the scores), never a card of a hand.
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
    play_bot: str | None = None
    sides: Callable[[R], tuple[int, ...]] | None = None
    summarize: Callable[[R, Sequence[Played[X]]], list[str]]
    bench_variants: Callable[[], tuple[tuple[str, R], ...]]
    bench_note: str = ""
    scoring: Tally[X] | None = None
    card_words: Callable[[object, Lang], str] | None = None
    describe_result: Callable[[R, X, int | None, Lang], str] | None = None
    move_table: Callable[[tuple[object, ...], Lang], tuple[list[str], frozenset[int]]] | None = None
    hands: Callable[[object], tuple[tuple[int, ...], ...]] | None = None
    question: Callable[[object, int, Lang], str | None] | None = None
    spectate: Callable[[object, Lang], str] | None = None

    @property
    def bot_to_play(self) -> str:
        """The bot ``play`` seats against a person and asks for hints: ``play_bot``, else ``default_bot``.

        >>> simulators()["the-game"].bot_to_play, simulators()["mille-bornes"].bot_to_play
        ('ismcts:iterations=60,flat=true', 'expert')
        """
        return self.play_bot or self.default_bot


def percent(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole``, one decimal.

    >>> percent(1, 8)
    '12.5%'
    """
    return f"{100 * part / whole:.1f}%"


def reference_bots(game: SomeGame, *, search: type) -> dict[str, type]:
    """The bots a game's command line offers: the game's own reference bots (its ``bots``), then
    ``random`` (:class:`~cardrules.bots.RandomBot`) and ``ismcts``, the ``search`` class (a
    :class:`~cardrules.bots.search.SearchBot` rolling out with the game's strongest bot).

    >>> from cardrules.bots.search import SearchBot
    >>> list(reference_bots(registry.get("the-game"), search=SearchBot))
    ['greedy', 'random', 'ismcts']
    """
    return {**{name: game.bot(name) for name in game.bots}, "random": RandomBot, "ismcts": search}


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


def simulators() -> dict[str, Simulator[RulesLike, object]]:
    """Every game the command line can simulate and benchmark, by registry name: for each game
    that can be loaded, its ``command_line`` facet, or the generic simulator for a game without one.

    >>> simulators()["the-game"].default_bot
    'greedy'
    """
    found: dict[str, Simulator[RulesLike, object]] = {}
    for name in registry.available():
        try:
            game = registry.get(name)
        except Exception:  # a game that cannot be loaded (any error of its own): ``cardrules games`` says why
            continue
        found[name] = simulator_of(game)
    return found


def simulator_of(game: SomeGame) -> Simulator[RulesLike, object]:
    """``game``'s ``command_line`` facet, or the generic simulator of a game without one.

    >>> simulator_of(registry.get("mille-bornes")).default_bot
    'expert'
    """
    facet = game.facet("command_line")
    if facet is None:
        return generic_simulator(game)
    if not isinstance(facet, Simulator) or facet.game != game.name:
        raise RegistrationError(f"{game.name}'s command_line ({game.command_line}) is not a Simulator "
                                f"of {game.name!r}")
    return cast(Simulator[RulesLike, object], facet)
