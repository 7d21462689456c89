"""``cardrules play GAME``: a person plays against the library's bots in the terminal.

Line mode (the default) reads standard input line by line and writes plain lines, so it works with
pipes, scripts and screen readers: every change is announced as a line, and before each decision
the person's view of the table and their legal moves, numbered, are printed. ``--tui`` opens the
full-screen Textual app of :mod:`cardrules.cli.play_tui` (the extra ``tui``) on the same
:class:`~cardrules.cli.play_session.Session`.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import secrets
import sys
from collections.abc import Iterator, Mapping
from typing import BinaryIO, TextIO, cast

import cardrules
from cardrules.arguments import printable
from cardrules.cli.options import SEED
from cardrules.cli.play_session import BOT_FAILED, BotError, SaveFileError, Session, Step
from cardrules.cli.play_text import (
    announce,
    board_lines,
    command,
    counted,
    error_text,
    help_lines,
    no_such_number,
    prompt_line,
    text,
    welcome,
)
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError, NotationError
from cardrules.i18n import LANGUAGES, Lang, check_lang
from cardrules.run.botspec import parse_bot, parse_bots
from cardrules.run.options import whole
from cardrules.run.simulator import Simulator

__all__ = ["BOT_FAILED", "LinePlayer", "add_play_command", "start_session"]

SEED_DIGITS = 6
"""A seed chosen for the person is at most this many digits: short enough to note down."""


def add_play_command(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                     known: Mapping[str, Simulator[RulesLike, object]]) -> None:
    """Add ``play`` and one subcommand per game in ``known`` to the command line."""
    play = commands.add_parser(
        "play", help="play a game against the bots in the terminal",
        description="Play a game against the library's bots: line by line on standard input (works "
                    "with pipes and screen readers), or full screen with --tui. See docs/play.md.")
    by_game = play.add_subparsers(title="games", dest="game", required=True, metavar="GAME")
    for simulator in known.values():
        sub = by_game.add_parser(simulator.game, help=simulator.help, description=simulator.help,
                                 epilog=simulator.epilog or None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        simulator.add_arguments(sub)
        table = sub.add_argument_group("the table")
        table.add_argument("--seat", type=whole(), default=0, metavar="N", help="your seat (default: 0)")
        table.add_argument("--bots", default=simulator.bot_to_play, metavar="BOT[,BOT...]",
                           help=f"the bots of the other seats in seat order, or one for all of them: "
                                f"{simulator.bot_help}; or package.module:ClassName; options as "
                                f"BOT:key=value,... (default: {simulator.bot_to_play})")
        table.add_argument("--seed", type=SEED, default=None,
                           help="the deal's seed (default: a random one, printed so you can replay it)")
        table.add_argument("--lang", choices=LANGUAGES, default="en",
                           help="the language of the table and the messages (default: en)")
        table.add_argument("--tui", action="store_true",
                           help="full screen with Textual (the tui extra: pip install 'cardrules[tui]')")
        sub.set_defaults(handler=_play, parser=sub, simulator=simulator)


def start_session(simulator: Simulator[RulesLike, object], args: argparse.Namespace) -> Step:
    """The session the parsed options describe, dealt and played by the bots up to the person's
    first decision; bad options raise :class:`~cardrules.errors.CardrulesError`."""
    rules = simulator.rules(args)
    first_player = getattr(args, "first_player", None)  # only games whose command line offers it
    if first_player is None:
        first_player = 0
    if not isinstance(first_player, int):
        raise ArgumentError("--first-player strongest is for simulate: name a seat to play")
    seed = args.seed if args.seed is not None else secrets.randbelow(10 ** SEED_DIGITS)
    return Session.start(rules, seat=args.seat, bots=parse_bots(args.bots, simulator.bots), seed=seed,
                         adviser=parse_bot(simulator.bot_to_play, simulator.bots), first_player=first_player)


def _play(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    if args.tui:
        try:
            from cardrules.cli.play_tui import run_app  # the tui extra: imported only when asked for
        except ImportError as exc:
            if not (exc.name or "").startswith("textual"):
                raise
            print(text("needs_textual", lang), file=sys.stderr)
            return 2
        if not all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stdout)):
            # Textual would draw into a pipe and wait for keys that never come.
            print(text("needs_terminal", lang), file=sys.stderr)
            return 2
    try:
        step = start_session(args.simulator, args)
    except BotError as exc:  # a bot failed before the person's first decision: the game ends at once
        print(text("bot_failed", lang, reason=str(exc)), file=sys.stderr)
        return BOT_FAILED
    except CardrulesError as exc:
        args.parser.error(str(exc))
    if args.tui:
        return run_app(step, lang)
    with _lines_of(sys.stdin) as infile:
        return LinePlayer(step, lang, infile, sys.stdout).run()


@contextlib.contextmanager
def _lines_of(stdin: TextIO | None) -> Iterator[TextIO]:
    """Standard input read line by line, with the bytes of a line that is not text in its encoding
    kept as surrogates (for :meth:`LinePlayer.handle` to refuse that line alone): a strict decoder
    would lose the rest of its chunk of input with it. Standard input itself is left open."""
    if stdin is None:  # started with standard input closed (``<&-``): an empty input
        yield io.StringIO()
        return
    buffer = getattr(stdin, "buffer", None)
    if not isinstance(buffer, io.BufferedIOBase):  # a text stream of the caller's: read as it is
        yield stdin
        return
    lines = io.TextIOWrapper(cast(BinaryIO, buffer), encoding=stdin.encoding or "utf-8",
                             errors="surrogateescape")
    try:
        yield lines
    finally:
        with contextlib.suppress(ValueError):  # already closed
            lines.detach()


class LinePlayer:
    """The line-mode front end: reads commands and moves from ``infile``, writes plain lines to
    ``outfile``. The session it holds changes only when an action succeeds.

    >>> import io
    >>> from cardrules.run.botspec import parse_bot
    >>> from cardrules.games import the_game
    >>> from cardrules.games.the_game.bots import GreedyBot
    >>> greedy = parse_bot("greedy", {"greedy": GreedyBot})
    >>> step = Session.start(the_game.Rules(), seat=0, bots=[greedy], seed=3, adviser=greedy)
    >>> out = io.StringIO()
    >>> LinePlayer(step, "en", io.StringIO("1\\nquit\\n"), out).run()
    0
    >>> "Seat 0 (you) plays" in out.getvalue()
    True
    """

    def __init__(self, step: Step, lang: Lang, infile: TextIO, outfile: TextIO) -> None:
        self.session = step.session
        self.lang = lang
        self.infile, self.outfile = infile, outfile
        self._opening = step
        self._encoding = codecs.lookup(getattr(infile, "encoding", None) or "utf-8").name

    def say(self, *lines: str) -> None:
        """Write ``lines``, each on its own line, at once."""
        for line in lines:
            print(line, file=self.outfile)
        self.outfile.flush()

    def run(self) -> int:
        """Play until ``quit`` or the end of the input; the exit status: 0, or :data:`BOT_FAILED`
        when a bot failed (its line is said, and the game ends there)."""
        self.say(*welcome(self.session, self.lang))
        self._show(self._opening)
        while True:
            try:
                line = self.infile.readline()
            except UnicodeDecodeError:  # a strict text stream of the caller's
                self.say(text("not_text", self.lang, encoding=self._encoding), self._prompt())
                continue
            except (OSError, ValueError):  # standard input closed or not readable: as at its end
                break
            try:
                going_on = bool(line) and self.handle(line.strip())
            except BotError as exc:
                # The game cannot go on without that seat's moves: say so once and stop, on a move,
                # a load or anything else that let the bots play.
                self.say(text("bot_failed", self.lang, reason=str(exc)))
                return BOT_FAILED
            if not going_on:
                break
        self.say(text("bye", self.lang))
        return 0

    def handle(self, line: str) -> bool:
        """Act on one line of input; ``False`` to stop."""
        session, lang = self.session, self.lang
        if not line:
            self.say(self._prompt())
            return True
        if not _is_text(line):
            self.say(text("not_text", lang, encoding=self._encoding), self._prompt())
            return True
        called = command(line)
        if called is not None:
            return self._command(*called, word=line.split()[0])
        if session.over:
            self.say(text("game_is_over", lang), text("prompt_over", lang))
            return True
        try:
            move = self._move(line)
            step = session.play(move)
        except (IllegalMoveError, NotationError, ArgumentError) as exc:
            self.say(error_text(exc, session, lang), self._prompt())
            return True
        self._show(step)
        return True

    def _move(self, line: str) -> object:
        legal = self.session.legal_moves()
        if line.isdecimal():  # what int() reads; isdigit() would also let "²" through
            # A number too long to be on any list is refused unread: int() refuses past 4300 digits.
            number = int(line) if len(line) <= 9 else 0
            if not 1 <= number <= len(legal):
                raise ArgumentError(no_such_number(self.session, line, self.lang))
            return legal[number - 1]
        return self.session.parse(line)

    def _command(self, name: str, argument: str, *, word: str) -> bool:
        session, lang = self.session, self.lang
        if name == "quit":
            return False
        if name == "help":
            example = str(session.legal_moves()[0]) if session.your_turn else "1"
            self.say(*help_lines(lang, example=example), self._prompt())
        elif name == "board":
            self.say(*board_lines(session, lang))
        elif name == "hint":
            self._hint()
        elif name == "undo":
            if not session.can_undo:
                self.say(text("nothing_to_undo", lang), self._prompt())
                return True
            step = session.undo()
            self.say(counted("undone", lang, len(session.record.moves) - len(step.session.record.moves)))
            self._show(step)
        elif not argument:
            self.say(text("needs_file", lang, command=word), self._prompt())
        elif name == "save":
            try:
                session.save(argument)
            except SaveFileError as exc:
                self.say(error_text(exc, session, lang), text("game_goes_on", lang), self._prompt())
                return True
            self.say(counted("saved", lang, len(session.record.moves), path=printable(argument, 80)),
                     self._prompt())
        else:
            try:
                step = session.load(argument)
            except SaveFileError as exc:
                self.say(error_text(exc, session, lang), text("game_goes_on", lang), self._prompt())
                return True
            self.say(counted("loaded", lang, len(step.session.record.moves), path=printable(argument, 80)))
            self._show(step)
        return True

    def _hint(self) -> None:
        session, lang = self.session, self.lang
        if not session.your_turn:
            self.say(text("game_is_over", lang), self._prompt())
            return
        move = session.hint()
        number = session.legal_moves().index(move) + 1
        description = cardrules.describe_move(session.state, move, lang=lang)
        self.say(text("hint", lang, move=description, n=number, notation=move), self._prompt())

    def _show(self, step: Step) -> None:
        """Take ``step``'s session, announce its events, then show the board."""
        self.session = step.session
        for event in step.events:
            self.say(*announce(self.session, event, self.lang))
        self.say("", *board_lines(self.session, self.lang))

    def _prompt(self) -> str:
        return prompt_line(self.session, self.lang)


def _is_text(line: str) -> bool:
    """Whether ``line`` holds no surrogate, the mark of bytes that were not text."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
