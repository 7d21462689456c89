"""``cardrules play`` reads standard input as bytes: a line that is not text is answered like any
other bad line, and the game goes on."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.games import the_game

NOT_TEXT = "That line is not utf-8 text: type it again."
FIRST = f"Seat 0 (you) {the_game.describe_move(the_game.Play(6, 0))}."  # move 1 of seed 1's deal


def test_a_line_that_is_not_utf8_is_answered_and_the_game_goes_on_through_a_pipe() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "play", "the-game", "--players", "2",
                           "--seed", "1"],
                          input=b"\xff\xfe not text\n\xc3(\n1\n", capture_output=True, check=False,
                          timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out = done.stdout.decode("utf-8")
    assert (done.returncode, done.stderr) == (0, b"")
    lines = out.splitlines()
    assert lines.count(NOT_TEXT) == 2
    assert FIRST in lines  # the line after the bad ones is still read and played
    assert lines[-1] == "Goodbye."


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_line_that_is_not_utf8_is_answered_in_process(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xe9t\xe9\n1\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    status = main(["play", "the-game", "--players", "2", "--seed", "1", "--lang", lang])
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    message = {"en": NOT_TEXT, "es": "Esa línea no es texto utf-8: escríbela de nuevo.",
               "fr": "Cette ligne n'est pas du texte utf-8 : tapez-la de nouveau."}[lang]
    assert message in lines
    assert lines[lines.index(message) + 1].startswith(("Your move", "Tu jugada", "Votre coup"))
    assert any(line.startswith(("Seat 0 (you)", "Jugador 0 (tú)", "Joueur 0 (vous)")) for line in lines)
    assert not stdin.closed  # the standard input is the caller's: it is left open


def test_a_line_with_undecodable_bytes_already_decoded_is_refused_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A caller's text stream that kept the bytes as surrogates (errors="surrogateescape").
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("save \udcff.json\n1\n"))
    assert main(["play", "the-game", "--players", "2", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert NOT_TEXT in lines
    assert FIRST in lines
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", ["the-game", "mille-bornes"])
def test_a_line_of_control_characters_is_answered_without_echoing_them_raw(
        game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A bell, a backspace and a screen-clearing escape typed as a move: named, not sent to the terminal.
    monkeypatch.setattr("sys.stdin", io.StringIO("\x07\x08\x1b[2J\nquit\n"))
    assert main(["play", game, "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert not [char for char in out if char not in "\n" and not char.isprintable()]
    assert any("\\x07\\x08\\x1b[2J" in line for line in out.splitlines())


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")
def test_a_key_that_is_not_utf8_does_not_end_the_full_screen_app() -> None:
    pytest.importorskip("textual")

    leader, follower = os.openpty()
    app = subprocess.Popen([sys.executable, "-m", "cardrules", "play", "the-game", "--players", "2",
                            "--seed", "1", "--tui"], stdin=follower, stdout=follower, stderr=follower,
                           env={**os.environ, "TERM": "xterm-256color"}, start_new_session=True)
    os.close(follower)
    try:
        screen = _read_until(leader, b"The Game")  # the app is up and reading keys
        os.write(leader, b"\xe9\xff")  # a Latin-1 terminal's "é", and a byte no text has
        os.write(leader, b"q")
        screen += _read_until(leader, None)
        app.wait(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        os.close(leader)
    assert b"Traceback" not in screen
    assert b"UnicodeDecodeError" not in screen
    assert app.returncode == 0


def _read_until(leader: int, marker: bytes | None) -> bytes:
    """What the app writes until ``marker`` appears (or, for ``None``, until it has ended)."""
    seen = b""
    deadline = time.monotonic() + 60  # generous: only a hang gets this far
    while time.monotonic() < deadline and (marker is None or marker not in seen):
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the app has ended and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    if marker is not None:
        assert marker in seen, "the app did not start"
    return seen
