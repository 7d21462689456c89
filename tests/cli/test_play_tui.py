"""``cardrules play --tui``: the Textual app, driven by key presses through Textual's own pilot."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, Static

import cardrules
from cardrules.cli.play_session import Session
from cardrules.cli.play_tui import FileScreen, PlayApp, make_app
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from cardrules.games.mille_bornes.command_line import MILLE_BORNES
from cardrules.games.the_game.command_line import THE_GAME
from cardrules.run.botspec import BotSpec, parse_bot
from tests.cli.test_play_session import Cheater

GREEDY = parse_bot("greedy", THE_GAME.bots)
HEURISTIC = parse_bot("heuristic", MILLE_BORNES.bots)

Script = Callable[[PlayApp, Pilot[int]], Awaitable[None]]


def drive(app: PlayApp, script: Script) -> None:
    """Run ``app`` headless and let ``script`` press its keys."""
    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await script(app, pilot)
    asyncio.run(run())


def the_game_app(lang: str = "en", seed: int = 1) -> PlayApp:
    step = Session.start(the_game.Rules(players=2), seat=0, bots=[GREEDY], seed=seed, adviser=GREEDY)
    return make_app(step, lang)  # type: ignore[arg-type]


def mille_bornes_app(lang: str = "en", seed: int = 7) -> PlayApp:
    rules = mb.Rules.parker(target_score=None)
    step = Session.start(rules, seat=0, bots=[HEURISTIC], seed=seed, adviser=HEURISTIC)
    return make_app(step, lang)  # type: ignore[arg-type]


def log(app: PlayApp) -> list[str]:
    return app.logged


def shown_log(app: PlayApp) -> str:
    """The log's text as drawn on the screen."""
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def table(app: PlayApp) -> str:
    return str(app.query_one("#view", Static).render())


def test_digits_choose_a_move_and_enter_plays_it() -> None:
    app = the_game_app()

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        first_table = table(app)
        moves = app.query_one("#moves", OptionList)
        assert moves.option_count == 28
        await pilot.press("1", "2")
        assert moves.highlighted == 11
        await pilot.press("enter")
        assert f"Seat 0 (you) {the_game.describe_move(the_game.Play(38, 3))}." in log(app)
        assert f"Seat 0 (you) {the_game.describe_move(the_game.Play(38, 3))}." in shown_log(app)
        assert table(app) != first_table
        assert "descending pile 2 (down2): 38" in table(app)
        await pilot.press("down", "enter")
        assert len(app.session.record.moves) == 2
        await pilot.press("q")

    drive(app, script)
    assert app.return_value == 0


def test_hint_chooses_the_advised_move_and_undo_takes_it_back() -> None:
    app = the_game_app(lang="fr")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        start = app.session
        await pilot.press("h")
        hint = app.session.hint()
        assert any(line.startswith("Indice : ") for line in log(app))
        assert app.query_one("#moves", OptionList).highlighted == app.session.legal_moves().index(hint)
        await pilot.press("enter")
        assert app.session.record.moves == (hint,)
        await pilot.press("u")
        assert app.session == start
        assert "Annulé : vous revoilà à votre décision précédente (1 coup annulé)." in log(app)
        await pilot.press("u")
        assert "Rien à annuler : vous n'avez encore rien décidé." in log(app)

    drive(app, script)


def test_save_and_load_go_through_a_file_name_typed_in_a_dialog(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = the_game_app()

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        await pilot.press("1", "enter", "1", "enter")
        saved = app.session
        await pilot.press("s")
        assert isinstance(app.screen, FileScreen)
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        assert f"Saved to {path} (2 moves)." in log(app)
        await pilot.press("2", "1", "enter")
        assert app.session != saved
        await pilot.press("l")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        assert app.session == saved
        assert f"Loaded {path} (2 moves); the game goes on from there." in log(app)
        await pilot.press("s", "escape")  # Escape: nothing saved, nothing asked
        assert not isinstance(app.screen, FileScreen)

    drive(app, script)
    assert cardrules.replay(cardrules.from_json(path.read_text(), cardrules.GameRecord)) == app.session.state


def test_a_corrupt_file_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not a record")
    app = the_game_app(lang="es")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        await pilot.press("1", "enter")
        before = app.session
        await pilot.press("l")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        refused = f"No se puede cargar {path}: no es una partida guardada"
        assert any(line.startswith(refused) for line in log(app))
        assert "La partida sigue sin cambios." in log(app)
        assert app.session == before
        await pilot.press("1", "enter")
        assert len(app.session.record.moves) == 2

    drive(app, script)


def test_a_whole_hand_of_mille_bornes_played_with_keys() -> None:
    app = mille_bornes_app(lang="es")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        decisions = 0
        while not app.session.over:
            await pilot.press("h", "enter")
            decisions += 1
            assert decisions < 200
        result = mb.result(app.session.state)  # type: ignore[arg-type]
        assert result is not None
        lines = log(app)
        assert "La partida ha terminado." in lines
        outcome = lines[lines.index("La partida ha terminado.") + 1]
        assert "Tu lado " in outcome
        assert str(result.totals[0]) in outcome
        assert app.query_one("#moves", OptionList).option_count == 0
        assert table(app) == cardrules.render(app.session.observation(), lang="es")
        await pilot.press("enter", "1")  # nothing left to play
        assert app.session.over

    drive(app, script)


def test_the_keys_are_named_in_the_persons_language() -> None:
    app = the_game_app(lang="fr")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        descriptions = {binding.description for binding in app.BINDINGS if isinstance(binding, Binding)}
        assert {"Indice", "Annuler", "Sauver", "Charger", "Quitter"} <= descriptions
        assert app.sub_title == "joueur 0, graine 1"
        await pilot.press("question_mark")
        assert any(line.startswith("Les flèches ou les chiffres") for line in log(app))

    drive(app, script)


def test_a_bot_that_breaks_the_rules_ends_the_game_with_its_line() -> None:
    step = Session.start(the_game.Rules(players=2), seat=0, bots=[BotSpec("cheater", Cheater, {})], seed=1,
                         adviser=GREEDY)
    app = make_app(step, "en")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        await pilot.press("1", "enter", "1", "enter", "end", "enter")  # End: the last move, end turn
        assert log(app)[-1] == ("A bot failed, so the game ends here: bot cheater at seat 1 failed on "
                                "move 4: chose end turn, not a legal move.")
        assert len(app.session.record.moves) == 2

    drive(app, script)
    assert app.return_code == 1


def test_a_whole_game_of_the_game_played_with_keys() -> None:
    app = the_game_app(seed=8)

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        decisions = 0
        while not app.session.over:
            await pilot.press("h", "enter")
            decisions += 1
            assert decisions < 150
        result = the_game.result(app.session.state)  # type: ignore[arg-type]
        assert result is not None
        lines = log(app)
        outcome = lines[lines.index("The game is over.") + 1]
        cards = "1 card" if result.cards_left == 1 else f"{result.cards_left} cards"
        assert outcome == ("You won: every card is laid!" if result.won else f"You lost, with {cards} left.")
        assert str(app.query_one("#prompt").render()) == "The game is over: u undo, s save, l load, q quit."
        final = app.session
        await pilot.press("u")  # back to the last decision: the same move ends the game the same way
        assert not app.session.over
        await pilot.press("h", "enter")
        assert app.session == final

    drive(app, script)


def test_sigterm_closes_the_app_like_quit_and_exits_143() -> None:
    # Killed by SIGTERM, the app would leave the terminal in its full-screen, raw mode.
    app = the_game_app()
    noted: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: noted.append(signum))

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        await pilot.pause(0.2)

    try:
        drive(app, script)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert noted == []
    assert app.return_code == 143
