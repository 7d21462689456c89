"""``cardrules play --tui`` takes a move typed in the game's notation, as its help says, and says why
a typed move is refused in the person's language."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from cardrules.cli.play_tui import FileScreen, PlayApp
from cardrules.games import the_game
from tests.cli.test_play_tui import drive, log, mille_bornes_app, the_game_app


def test_m_asks_for_a_move_in_notation_and_plays_it() -> None:
    app = the_game_app()

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        move = app.session.legal_moves()[5]
        assert isinstance(move, the_game.Play)
        await pilot.press("m")
        assert isinstance(app.screen, FileScreen)
        app.screen.query_one(Input).value = str(move)
        await pilot.press("enter")
        assert app.session.record.moves == (move,)
        assert f"Seat 0 (you) {the_game.describe_move(move)}." in log(app)
        await pilot.press("q")

    drive(app, script)


def test_a_typed_move_that_is_not_allowed_is_refused_in_the_persons_language() -> None:
    app = mille_bornes_app(lang="fr")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        before = app.session
        await pilot.press("m")
        app.screen.query_one(Input).value = "coup fourre"
        await pilot.press("enter")
        assert app.session == before
        assert "Interdit : aucune attaque n'attend de coup fourré." in log(app)
        await pilot.press("m", "escape")
        assert not isinstance(app.screen, FileScreen)
        assert app.session == before

    drive(app, script)


def test_the_help_tells_how_to_type_a_move() -> None:
    app = the_game_app(lang="es")

    async def script(app: PlayApp, pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        example = str(app.session.legal_moves()[0])
        assert f"m escribe una jugada en la notación del juego (por ejemplo «{example}»)." in log(app)

    drive(app, script)
