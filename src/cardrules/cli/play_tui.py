"""``cardrules play GAME --tui``: the full-screen Textual app (the extra ``tui``).

Keyboard only: the person's view of the table on the left, their legal moves numbered on the right
(arrows or digits choose, Enter plays; ``m`` asks for a move in the game's notation), a log of
everything that happened below, and keys for hint, undo, save, load, help and quit. It drives the
same :class:`~cardrules.cli.play_session.Session` as line mode and says the same things
(:mod:`cardrules.cli.play_text`).
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import functools
import importlib
import signal
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import ClassVar, cast

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Label, OptionList, RichLog, Static

import cardrules
from cardrules.arguments import printable
from cardrules.cli.play_session import BOT_FAILED, BotError, SaveFileError, Session, Step
from cardrules.cli.play_text import (
    announce,
    counted,
    error_text,
    move_lines,
    text,
    welcome,
)
from cardrules.errors import ArgumentError, IllegalMoveError, NotationError
from cardrules.i18n import Lang

TERMINATED = 128 + signal.SIGTERM
"""The exit status after SIGTERM, as a shell reports a command it ended: 143."""

__all__ = ["FileScreen", "PlayApp", "make_app", "run_app"]


class FileScreen(ModalScreen[str | None]):
    """Asks for a line of text (a file name, a move); gives it, or ``None`` when the person presses
    Escape or types nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]
    DEFAULT_CSS = """
    FileScreen { align: center middle; }
    FileScreen > Vertical {
        width: 70; height: auto; border: thick $accent; padding: 1 2; background: $panel;
    }
    FileScreen Label { width: 100%; }
    """

    def __init__(self, question: str, keys: str) -> None:
        super().__init__()
        self.question, self.keys = question, keys

    def compose(self) -> ComposeResult:
        """The question, the file name being typed and the keys."""
        with Vertical():
            yield Label(Text(self.question))
            yield Input(id="path")
            yield Label(Text(self.keys))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: give the text."""
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Escape: give nothing."""
        self.dismiss(None)


class PlayApp(App[int]):
    """The game on one screen. Build it with :func:`make_app`, which names the keys in the
    person's language."""

    CSS = """
    #board { height: 3fr; }
    #table { width: 3fr; border: round $primary; padding: 0 1; }
    #side { width: 2fr; }
    #moves { height: 1fr; max-height: 100%; }
    #prompt { width: 100%; padding: 0 1; }
    #log { height: 1fr; min-height: 5; max-height: 12; border: round $secondary; }
    """

    def __init__(self, step: Step, lang: Lang) -> None:
        super().__init__()
        self.session: Session = step.session
        self.lang = lang
        self._opening = step
        self._digits = ""
        self.logged: list[str] = []
        """Every line of the log so far."""

    def compose(self) -> ComposeResult:
        """The table, the moves and the prompt beside it, the log below, the keys at the bottom."""
        yield Header()
        with Horizontal(id="board"):
            with VerticalScroll(id="table"):
                yield Static(id="view", markup=False)
            with Vertical(id="side"):
                yield Label(Text(text("your_moves", self.lang)), id="moves-title")
                yield OptionList(id="moves", markup=False)
                yield Label(id="prompt")
        yield RichLog(id="log", wrap=True, markup=False, highlight=False)
        yield Footer()

    def on_mount(self) -> None:
        """Greet the person, announce what the bots did before their first decision, show the table."""
        self.title = self.session.game.title
        self.sub_title = text("title_seat", self.lang, seat=self.session.seat, seed=self.session.record.seed)
        self.log_lines(*welcome(self.session, self.lang, ask_help=False), text("keys", self.lang))
        # SIGTERM (``kill``) closes the app as q does, so that the terminal is given back in its
        # normal mode; by default it would end the process with the screen still full and raw.
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # Windows; not main thread
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminated)
        self._take(self._opening)

    def _terminated(self) -> None:
        self.exit(TERMINATED, return_code=TERMINATED, message=Text("cardrules: interrupted"))

    # --- what is shown

    def log_lines(self, *lines: str) -> None:
        """Add ``lines`` to the log (and to :attr:`logged`)."""
        log = self.query_one("#log", RichLog)
        for line in lines:
            self.logged.append(line)
            log.write(Text(line))

    def _take(self, step: Step) -> None:
        """Go on with ``step``'s session: announce its events and show the new table and moves."""
        self.session = step.session
        for event in step.events:
            self.log_lines(*announce(self.session, event, self.lang))
        self._digits = ""
        table = cardrules.render(self.session.observation(), lang=self.lang)
        self.query_one("#view", Static).update(Text(table))
        moves = self.query_one("#moves", OptionList)
        # Moves are chosen, not typed, here: their words without the notation.
        moves.set_options(Text(line.strip()) for line in move_lines(self.session, self.lang, notation=False))
        if moves.option_count:
            moves.highlighted = 0
        self.query_one("#prompt", Label).update(Text(self._prompt()))
        moves.focus()

    def _prompt(self) -> str:
        count = len(self.session.legal_moves())
        return text("tui_prompt", self.lang, n=count) if count else text("tui_over", self.lang)

    # --- moves

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a move: play it."""
        legal = self.session.legal_moves()
        if not 0 <= event.option_index < len(legal):
            return
        try:
            step = self.session.play(legal[event.option_index])
        except BotError as exc:
            self._bot_failed(exc)
            return
        self._take(step)

    def action_digit(self, digit: str) -> None:
        """A digit chooses a move by its number: digits typed one after another make one number
        while it stays a move's number."""
        count = self.query_one("#moves", OptionList).option_count
        typed = self._digits + digit
        if not 1 <= int(typed) <= count:
            typed = digit
        if not 1 <= int(typed) <= count:
            self._digits = ""
            self.log_lines(text("no_such_number", self.lang, n=int(typed), count=count))
            return
        self._digits = typed
        self.query_one("#moves", OptionList).highlighted = int(typed) - 1
        self.query_one("#prompt", Label).update(Text(text("selected", self.lang, n=int(typed))))

    def action_type_move(self) -> None:
        """Ask for a move written in the game's notation and play it."""
        if not self.session.your_turn:
            self.log_lines(text("game_is_over", self.lang))
            return
        example = str(self.session.legal_moves()[0])
        question = text("type_move", self.lang, example=example)
        self.push_screen(FileScreen(question, text("file_keys", self.lang)), self._typed_move)

    def _typed_move(self, typed: str | None) -> None:
        if typed is None:
            return
        try:
            step = self.session.play(self.session.parse(typed))
        except (IllegalMoveError, NotationError, ArgumentError, BotError) as exc:
            self.log_lines(error_text(exc, self.session, self.lang))
            return
        self._take(step)

    # --- commands

    def action_hint(self) -> None:
        """Show and choose what the adviser would play."""
        if not self.session.your_turn:
            self.log_lines(text("game_is_over", self.lang))
            return
        move = self.session.hint()
        number = self.session.legal_moves().index(move) + 1
        description = cardrules.describe_move(self.session.state, move, lang=self.lang)
        self.log_lines(text("hint", self.lang, move=description, n=number, notation=move))
        self.query_one("#moves", OptionList).highlighted = number - 1

    def action_undo(self) -> None:
        """Back to the person's previous decision."""
        if not self.session.can_undo:
            self.log_lines(text("nothing_to_undo", self.lang))
            return
        before = len(self.session.record.moves)
        step = self.session.undo()
        self.log_lines(counted("undone", self.lang, before - len(step.session.record.moves)))
        self._take(step)

    def action_save(self) -> None:
        """Ask for a file and save the game to it."""
        self.push_screen(FileScreen(text("save_as", self.lang), text("file_keys", self.lang)), self._save)

    def _save(self, path: str | None) -> None:
        if path is None:
            return
        try:
            self.session.save(path)
        except SaveFileError as exc:
            self.log_lines(error_text(exc, self.session, self.lang), text("game_goes_on", self.lang))
            return
        self.log_lines(counted("saved", self.lang, len(self.session.record.moves), path=printable(path, 80)))

    def action_load(self) -> None:
        """Ask for a file and go on with the game saved in it."""
        self.push_screen(FileScreen(text("load_from", self.lang), text("file_keys", self.lang)), self._load)

    def _load(self, path: str | None) -> None:
        if path is None:
            return
        try:
            step = self.session.load(path)
        except SaveFileError as exc:
            self.log_lines(error_text(exc, self.session, self.lang), text("game_goes_on", self.lang))
            return
        except BotError as exc:
            self._bot_failed(exc)
            return
        self.log_lines(counted("loaded", self.lang, len(step.session.record.moves), path=printable(path, 80)))
        self._take(step)

    def action_help(self) -> None:
        """The keys, and how to type a move in the game's notation, in the log."""
        example = str(self.session.legal_moves()[0]) if self.session.your_turn else "1"
        self.log_lines(text("keys", self.lang), text("tui_notation", self.lang, example=example))

    def _bot_failed(self, error: BotError) -> None:
        """A bot failed: the game ends, with its line in the log and again on the terminal after."""
        line = error_text(error, self.session, self.lang)
        self.log_lines(line)
        self.exit(BOT_FAILED, return_code=BOT_FAILED, message=Text(line))

    async def action_quit(self) -> None:
        """Leave the game."""
        self.exit(0)


def _bindings(lang: Lang) -> list[BindingType]:
    return [
        Binding("h", "hint", text("key_hint", lang)),
        Binding("m", "type_move", text("key_move", lang)),
        Binding("u", "undo", text("key_undo", lang)),
        Binding("s", "save", text("key_save", lang)),
        Binding("l", "load", text("key_load", lang)),
        Binding("question_mark", "help", text("key_help", lang), key_display="?"),
        Binding("q", "quit", text("key_quit", lang)),
        *(Binding(str(digit), f"digit('{digit}')", show=False) for digit in range(10)),
    ]


def make_app(step: Step, lang: Lang) -> PlayApp:
    """The app for ``step``'s session, its keys named in ``lang``."""
    # Textual reads key bindings from the class, so each language gets its own small subclass.
    localized = type(f"PlayApp_{lang}", (PlayApp,), {"BINDINGS": _bindings(lang)})
    return cast(PlayApp, localized(step, lang))


def run_app(step: Step, lang: Lang) -> int:
    """Run the app on the terminal until the person quits; the exit status (1 if the app failed)."""
    app = make_app(step, lang)
    with _bytes_that_are_not_text_replaced():
        status = app.run()
    return app.return_code or (0 if status is None else status)


@contextlib.contextmanager
def _bytes_that_are_not_text_replaced() -> Iterator[None]:
    """While the app runs, Textual's terminal drivers read a byte that is not UTF-8 as the
    replacement character (a key nothing is bound to) instead of dying on it.

    Textual 8 decodes the terminal's input strictly, and one such byte (a Latin-1 terminal's "é")
    kills its input thread and ends the app with a traceback: Textualize/textual#6456. Its drivers
    look their decoder up by name when they start reading, so the name is pointed, for this app's
    run only, at a decoder that replaces. Where the drivers are not there (Windows, a Textual that
    reads otherwise), nothing is changed.
    """
    patched: list[ModuleType] = []
    for name in ("textual.drivers.linux_driver", "textual.drivers.linux_inline_driver"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # termios: not on Windows
            continue
        if getattr(module, "getincrementaldecoder", None) is codecs.getincrementaldecoder:
            module.getincrementaldecoder = _replacing_decoder  # type: ignore[attr-defined]
            patched.append(module)
    try:
        yield
    finally:
        for module in patched:
            module.getincrementaldecoder = codecs.getincrementaldecoder  # type: ignore[attr-defined]


def _replacing_decoder(encoding: str) -> Callable[[], codecs.IncrementalDecoder]:
    """``codecs.getincrementaldecoder(encoding)``, its decoders replacing what is not text."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


