"""``cardrules serve``: its help, a missing extra, a database that cannot be opened, bad options,
and Ctrl-C."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.cli.serve import NEEDS_EXTRA


def test_serve_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    text = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--postgres", "--power-safe", "--bot-delay", "--origin",
                   "--compress"):
        assert option in text
    assert "cardrules.sqlite3" in text


def test_serve_without_the_server_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert main(["serve"]) == 2
    assert capsys.readouterr().err.strip() == NEEDS_EXTRA


def test_serve_on_a_database_it_cannot_open_says_so_and_exits_2(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn", reason="the server extra")
    assert main(["serve", "--db", str(tmp_path / "missing" / "rooms.sqlite3")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardrules serve: cannot open the SQLite file ")
    assert "Traceback" not in error
    assert main(["serve", "--db", str(tmp_path)]) == 2  # a folder


@pytest.mark.parametrize("power_safe", [False, True])
@pytest.mark.parametrize("kind", ["SQLiteStore", "PostgresStore"])
def test_serve_opens_its_store_power_safe_only_when_asked(kind: str, power_safe: bool,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="the server extra")
    import cardrules.server  # the server extra's modules, imported only where it is installed
    from cardrules.server.store import StoreError

    made: list[bool] = []

    class Refused(getattr(cardrules.server, kind)):  # type: ignore[misc]
        async def open(self) -> None:
            made.append(self.power_safe)
            raise StoreError("refused by the test")

    monkeypatch.setattr(cardrules.server, kind, Refused)
    where = (["--db", str(tmp_path / "rooms.sqlite3")] if kind == "SQLiteStore"
             else ["--postgres", "postgresql://nobody@127.0.0.1:1/none"])
    assert main(["serve", *where, *(["--power-safe"] if power_safe else [])]) == 2
    assert made == [power_safe]


@pytest.mark.parametrize("arguments", [["--bot-delay", "-1"], ["--bot-delay", "nan"], ["--port", "70000"],
                                       ["--db", "x", "--postgres", "postgresql://x"],
                                       ["--origin", "cards.example"], ["--origin", "https://cards.example/table"]])
def test_serve_refuses_bad_options_as_usage_errors(arguments: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *arguments]) == 2
    assert "usage: cardrules serve" in capsys.readouterr().err


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="the server extra")
    process = subprocess.Popen([sys.executable, "-m", "cardrules", "serve", "--port", "0", "--db",
                                str(tmp_path / "rooms.sqlite3")], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    lines: list[str] = []
    while not any("Uvicorn running" in line for line in lines):
        assert time.monotonic() < deadline, "".join(lines)
        assert process.poll() is None, "".join(lines)
        lines.append(process.stdout.readline())
    process.send_signal(signal.SIGINT)
    rest = process.communicate(timeout=30)[0]
    assert "Application shutdown complete." in rest
    assert "Traceback" not in rest
    assert process.returncode == 130
    assert rest.rstrip().endswith("cardrules: interrupted")


def _started(arguments: list[str]) -> tuple[subprocess.Popen[str], int]:
    """``cardrules serve`` with ``arguments`` on a free port, once it listens, and that port."""
    process = subprocess.Popen([sys.executable, "-m", "cardrules", "serve", "--port", "0", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    lines: list[str] = []
    while not (found := re.search(r"Uvicorn running on http://127\.0\.0\.1:(\d+)", "".join(lines))):
        assert time.monotonic() < deadline, "".join(lines)
        assert process.poll() is None, "".join(lines)
        lines.append(process.stdout.readline())
    return process, int(found.group(1))


@pytest.mark.parametrize(("arguments", "compressed"), [([], False), (["--compress"], True)])
def test_sockets_compress_only_when_asked(tmp_path: Path, arguments: list[str], compressed: bool) -> None:
    # Compression costs each socket some 90 KiB and the server 13% more CPU
    # (docs/server-deploy.md): off unless asked, even when the client offers it.
    pytest.importorskip("uvicorn", reason="the server extra")
    from websockets.sync.client import connect

    process, port = _started(["--db", str(tmp_path / "rooms.sqlite3"), *arguments])
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/v1/rooms/none", compression="deflate",
                     open_timeout=30) as socket:
            assert socket.response is not None
            extensions = socket.response.headers.get("Sec-WebSocket-Extensions", "")
            assert ("permessage-deflate" in extensions) is compressed
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
