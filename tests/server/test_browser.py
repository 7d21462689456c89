"""The browser table in a real browser: Debian's chromium driven by Selenium through chromedriver.

The server runs in a subprocess under uvicorn (SQLite in a temporary folder, bots without delay);
each page is a fresh headless chromium with its own profile, its viewport 1280x800. Nothing is
downloaded: Selenium Manager is kept offline and the driver is Debian's. Without chromium,
chromedriver or selenium the tests skip and say why (and fail with ``CARDRULES_REQUIRE_ALL=1``, as
in CI).

Screenshots of each table go to a temporary folder, or to the folder named by
``CARDRULES_SCREENSHOTS`` (``CARDRULES_SCREENSHOTS=docs/images`` refreshes the docs' pictures).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import service_missing

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
WIDTH, HEIGHT = 1280, 800
# Generous: a hang fails the test, a slow machine does not.
WAIT = 30.0


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import Select
except ImportError:  # said by _a_browser_is_here, test by test
    HAVE_SELENIUM = False
else:
    HAVE_SELENIUM = True


def _why_not_here() -> str | None:
    """What this machine lacks for the browser tests, in words, or ``None``."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not path.exists():
            return f"the browser tests need Debian's {package} ({path} is missing): apt-get install {package}"
    if not HAVE_SELENIUM:
        return "the browser tests need selenium: pip install 'cardrules[test]'"
    for module in ("starlette", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            return f"the browser tests need {module}: pip install 'cardrules[server]'"
    return None


@pytest.fixture(scope="module", autouse=True)
def _a_browser_is_here() -> None:
    reason = _why_not_here()
    if reason is not None:
        service_missing(reason)


# The app as an app builder creates it: a SQLite store, bots that move at once.
_SERVE = """
import sys
import uvicorn
from cardrules.server import ServerSettings, SQLiteStore, create_app

app = create_app(SQLiteStore(sys.argv[1]), settings=ServerSettings(bot_delay=0.0))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.load(response)


def _post_json(url: str, body: object) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a server of our app, in its own process."""
    folder = tmp_path_factory.mktemp("server")
    port = _free_port()
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-c", _SERVE, str(folder / "rooms.sqlite3"), str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + WAIT
    try:
        while True:
            try:
                _get_json(f"{base}/api/v1/games")
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the server did not start:\n{(folder / 'server.log').read_text()}")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go."""
    chosen = os.environ.get("CARDRULES_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Page:
    """One browser window on the app, with the few things a player does and sees."""

    def __init__(self, driver: webdriver.Chrome, base: str) -> None:
        self.driver = driver
        self.base = base

    def open(self, path: str) -> None:
        self.driver.get(self.base + path)

    def js(self, script: str, *args: object) -> Any:
        return self.driver.execute_script(script, *args)

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def wait(self, what: str, check: Callable[[], object], timeout: float = WAIT) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if value:
                return value
            if time.monotonic() > deadline:
                pytest.fail(f"waited {timeout:.0f} s for {what}; the page says: {self.summary()}")
            time.sleep(0.02)

    def state(self) -> dict[str, Any]:
        """What the table shows now: the move count, whose turn, the moves, the error."""
        return dict(
            self.js(
                """
                const table = document.getElementById("table");
                const error = document.getElementById("error");
                return {
                  plies: table.dataset.plies === undefined ? null : Number(table.dataset.plies),
                  yourTurn: table.dataset.yourTurn === "true",
                  over: table.dataset.over === "true",
                  choices: [...document.querySelectorAll("#choices button")].map((b) => b.dataset.notation),
                  error: error.hidden ? null : document.getElementById("error-text").textContent,
                  turn: document.getElementById("turn").textContent,
                };
                """
            )
        )

    def summary(self) -> str:
        try:
            return json.dumps(self.state(), ensure_ascii=False)
        except Exception as error:  # the page itself may be what broke
            return repr(error)

    def choice_buttons(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#choices button")

    def wait_for_turn_or_end(self, timeout: float = WAIT) -> dict[str, Any]:
        return dict(self.wait("my turn or the end", lambda: self._turn_or_end(), timeout))

    def _turn_or_end(self) -> dict[str, Any] | None:
        state = self.state()
        return state if state["over"] or (state["yourTurn"] and state["choices"]) else None

    def play(self, position: int, *, by: str) -> None:
        """Make the move at ``position`` among the buttons, by a click or by its number key."""
        before = self.state()
        assert before["yourTurn"], before
        if by == "click":
            self.choice_buttons()[position].click()
        else:
            assert position < 9, "only the first nine moves have a number key"
            ActionChains(self.driver).send_keys(str(position + 1)).perform()
        self.wait_for_move(before["plies"])

    def wait_for_move(self, plies: int) -> None:
        def moved() -> bool:
            state = self.state()
            assert state["error"] is None, f"the server refused the move: {state['error']}"
            return state["plies"] is not None and state["plies"] > plies

        self.wait(f"a move after {plies}", moved)

    def active(self) -> dict[str, str]:
        return dict(
            self.js(
                "const a = document.activeElement;"
                "return {id: a.id, tag: a.tagName, cls: a.className, seat: a.dataset.seat || '',"
                " room: a.dataset.room || '', notation: a.dataset.notation || ''};"
            )
        )

    def tab_to(self, what: str, matches: Callable[[dict[str, str]], bool], *, back: bool = False) -> None:
        """Press Tab (Shift+Tab with ``back``) until the focus is on what ``matches``."""
        for _ in range(60):
            if matches(self.active()):
                return
            chain = ActionChains(self.driver)
            if back:
                chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
            else:
                chain.send_keys(Keys.TAB)
            chain.perform()
        pytest.fail(f"Tab never reached {what}; the focus is on {self.active()}")

    def type(self, text: str) -> None:
        ActionChains(self.driver).send_keys(text).perform()

    def screenshot(self, path: Path) -> None:
        assert self.driver.save_screenshot(str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    def script_errors(self) -> list[str]:
        """The page's script errors (a socket that failed while reconnecting is not one)."""
        entries: list[dict[str, Any]] = self.driver.get_log("browser")  # type: ignore[no-untyped-call]
        return [
            entry["message"]
            for entry in entries
            if entry["level"] == "SEVERE" and "WebSocket" not in entry["message"]
        ]


@pytest.fixture
def open_page(server: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], Page]]:
    """Open fresh browser windows on the server (each its own profile); all are closed at the end."""
    # Selenium Manager must never fetch a driver or a browser: Debian's are given.
    monkeypatch.setenv("SE_OFFLINE", "true")
    pages: list[Page] = []

    def open_one() -> Page:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for argument in (
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={tempfile.mkdtemp(prefix='cardrules-chromium-')}",
            f"--window-size={WIDTH},{HEIGHT}",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
        # The window's size includes the browser's frame: the page itself gets exactly 1280x800.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        )
        page = Page(driver, server)
        pages.append(page)
        return page

    yield open_one
    for page in pages:
        page.driver.quit()


def _create_room(page: Page, *, name: str, game: str, players: int, seed: int,
                 bots: dict[int, str] | None = None, rules: str | None = None) -> str:
    """Create a room from the lobby's form, sitting at the first free seat; the room's id."""
    page.open("/")
    page.wait("the games", lambda: page.driver.find_elements(By.CSS_SELECTOR, "#create-game option"))
    page.find("#player-name").send_keys(name)
    Select(page.find("#create-game")).select_by_value(game)
    players_box = page.find("#create-players")
    players_box.clear()
    players_box.send_keys(str(players))
    for seat, bot in (bots or {}).items():
        Select(page.find(f"#create-seat-{seat}")).select_by_value(bot)
    page.find("#create .field summary").click()
    if rules is not None:
        page.find("#create-rules").send_keys(rules)
    page.find("#create-seed").send_keys(str(seed))
    page.find("#create-submit").click()
    match = page.wait("the room's table", lambda: re.search(r"/room/([^/]+)$", page.driver.current_url))
    page.wait("the welcome", lambda: page.state()["plies"] is not None)
    return str(match.group(1))


def _join_from_lobby(page: Page, room: str, seat: int, name: str) -> None:
    page.open("/")
    page.find("#player-name").send_keys(name)
    button = page.wait(
        "the room in the lobby",
        lambda: page.driver.find_elements(By.CSS_SELECTOR, f'.join[data-room="{room}"][data-seat="{seat}"]'),
    )[0]
    button.click()
    page.wait("the table", lambda: page.driver.current_url.endswith(f"/room/{room}"))
    page.wait("the welcome", lambda: page.state()["plies"] is not None)


def _worst_play(notations: list[str]) -> int:
    """The Game: the play that closes a pile fastest (high on an ascending pile, low on a
    descending one), and the end of the turn as soon as it is allowed, so that the game ends soon."""
    if "end turn" in notations:
        return notations.index("end turn")

    def harm(notation: str) -> int:
        found = re.match(r"(\d+) on (up|down)", notation)
        if found is None:
            return -1
        card = int(found.group(1))
        return card if found.group(2) == "up" else 100 - card

    return max(range(len(notations)), key=lambda position: harm(notations[position]))


def _play_to_the_end(pages: list[Page], pick: Callable[[list[str]], int], *,
                     shot: Callable[[Page, int], None], limit: float = 120.0) -> int:
    """Each page plays its own seat (the first by clicks, the others by number keys) until the end."""
    deadline = time.monotonic() + limit
    moves = 0
    while True:
        assert time.monotonic() < deadline, f"the game did not end; pages: {[p.summary() for p in pages]}"
        states = [page.state() for page in pages]
        if all(state["over"] for state in states):
            return moves
        for number, (page, state) in enumerate(zip(pages, states, strict=True)):
            if state["yourTurn"] and state["choices"] and not state["over"]:
                shot(page, moves)
                position = pick(state["choices"])
                page.play(position, by="click" if number == 0 or position >= 9 else "key")
                moves += 1
                break
        else:
            time.sleep(0.02)


def _score_lines(page: Page) -> list[str]:
    page.wait("the score sheet", lambda: page.find("#score").is_displayed())
    return [line.text for line in page.driver.find_elements(By.CSS_SELECTOR, "#score-lines li")]


def test_two_pages_play_the_game_to_the_end_and_see_the_score_sheet(open_page: Callable[[], Page],
                                                                     shots: Path) -> None:
    ana, bruno = open_page(), open_page()
    room = _create_room(ana, name="Ana", game="the-game", players=2, seed=7)
    ana.wait("seat 0", lambda: "(you)" in ana.find("#seats").text)
    ana.open("/")
    ana.wait("the room in the lobby", lambda: room in ana.find("#rooms").text)
    ana.screenshot(shots / "server-lobby.png")
    ana.open(f"/room/{room}")
    _join_from_lobby(bruno, room, 1, "Bruno")

    taken = False

    def midgame(page: Page, moves: int) -> None:
        nonlocal taken
        if page is ana and moves >= 3 and not taken:
            page.screenshot(shots / "server-the-game.png")
            taken = True

    moves = _play_to_the_end([ana, bruno], _worst_play, shot=midgame)
    assert moves >= 4
    assert taken
    for page in (ana, bruno):
        assert page.state()["turn"] == "The game is over."
        lines = _score_lines(page)
        assert lines, "the score sheet is empty"
        assert page.script_errors() == []
    assert _score_lines(ana) == _score_lines(bruno)
    ana.screenshot(shots / "server-end.png")
    # A phone's width: one column, nothing wider than the screen, the score sheet first.
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    ana.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    ana.wait("one column", lambda: ana.js("return document.documentElement.scrollWidth <= window.innerWidth"))
    assert ana.js("return document.getElementById('score').getBoundingClientRect().top < window.innerHeight")
    ana.screenshot(shots / "server-narrow.png")
    # The record the score sheet links to is the game that was played.
    record = _get_json(f"{ana.base}/api/v1/rooms/{room}/record")
    assert len(record["moves"]) == ana.state()["plies"]


def test_a_page_plays_mille_bornes_in_two_teams_of_two_beside_a_page_and_two_bots(
    open_page: Callable[[], Page], shots: Path
) -> None:
    ana, bruno = open_page(), open_page()
    bot = "heuristic"
    # One hand of the two-team table (Parker's rules for 2x2: a race to 1000), not a match to 5000.
    rules = json.dumps({"team_size": 2, "target_score": None})
    room = _create_room(ana, name="Ana", game="mille-bornes", players=4, seed=3,
                        bots={2: bot, 3: bot}, rules=rules)
    _join_from_lobby(bruno, room, 1, "Bruno")
    watcher = open_page()
    watcher.open(f"/room/{room}")
    seats = ana.wait("four seats", lambda: len(ana.find("#seats").text.splitlines()) == 4
                     and ana.find("#seats").text)
    assert "Ana" in seats
    assert bot in seats

    taken = False

    def midgame(page: Page, moves: int) -> None:
        nonlocal taken
        if page is ana and moves >= 16 and not taken:
            page.screenshot(shots / "server-mille-bornes.png")
            taken = True

    moves = _play_to_the_end([ana, bruno], lambda notations: 0, shot=midgame)
    assert moves >= 10
    assert taken
    # The tall picture at its own size is taller than the window; fitted, all of it is in view.
    height = "return document.getElementById('picture').getBoundingClientRect().height"
    assert ana.js(height) > HEIGHT
    ana.find("#fit").click()
    assert ana.js(height) <= HEIGHT
    # Each page sees the hand's score sheet, told from its own side.
    sheets = [_score_lines(page) for page in (ana, bruno)]
    assert all(len(sheet) >= 2 for sheet in sheets), sheets
    assert sheets[0][0] == sheets[1][0]
    # Every seat moved: the two bots' moves are in the log as well as the people's.
    log = ana.find("#log").text
    assert "Seat 2" in log, log
    assert "Seat 3" in log, log
    # The spectator followed the game to its end, with the public table only: no picture of a
    # hand, no moves, no seat to take.
    watcher.wait("the end, for the spectator", lambda: watcher.state()["over"])
    assert watcher.state()["plies"] == ana.state()["plies"]
    assert not watcher.find("#picture").is_displayed()
    assert watcher.find("#table-text").text
    assert watcher.state()["choices"] == []
    assert watcher.driver.find_elements(By.CSS_SELECTOR, "#seats button") == []
    for page in (ana, bruno, watcher):
        assert page.script_errors() == []


def test_the_keyboard_alone_joins_and_moves_and_names_stay_text(open_page: Callable[[], Page]) -> None:
    page = open_page()
    room = _post_json(f"{page.base}/api/v1/rooms", {"game": "the-game", "players": 2, "seed": 5})["id"]
    markup = "<img src=x onerror=f()>"
    _post_json(f"{page.base}/api/v1/rooms/{room}/seats/1", {"name": markup})
    me = "<script>bad()</script>"

    page.open("/")
    page.wait("the room in the lobby", lambda: room in page.find("#rooms").text)
    assert markup in page.find("#rooms").text
    assert page.js("return document.querySelectorAll('#rooms img').length") == 0
    page.tab_to("the name box", lambda active: active["id"] == "player-name")
    page.type(me)
    page.tab_to("seat 0's button", lambda active: active["room"] == room and active["seat"] == "0")
    page.type(Keys.ENTER)
    page.wait("the table", lambda: page.driver.current_url.endswith(f"/room/{room}"))
    page.wait_for_turn_or_end()

    # The focus waits on the first move; its number key plays it.
    assert page.active()["cls"] == "choice"
    plies = page.state()["plies"]
    page.play(0, by="key")
    page.wait("my next decision", lambda: page.state()["yourTurn"] and page.state()["plies"] == plies + 1)
    assert page.active()["cls"] == "choice"

    # Any move by its notation: Tab to the box, type, Enter.
    notation = next(n for n in page.state()["choices"] if n != "end turn")
    logged = len(page.find("#log").text.splitlines())
    page.tab_to("the notation box", lambda active: active["id"] == "notation")
    page.type(notation + Keys.ENTER)
    page.wait_for_move(plies + 1)
    assert page.find("#notation").get_attribute("value") == ""
    page.wait("the move in the log", lambda: len(page.find("#log").text.splitlines()) > logged)

    # Back to the moves; Home and End walk them, Enter makes the one with the focus.
    page.tab_to("a move", lambda active: active["cls"] == "choice", back=True)
    page.type(Keys.HOME)
    assert page.active()["notation"] == page.state()["choices"][0]
    page.type(Keys.END)
    assert page.active()["notation"] == "end turn"
    page.type(Keys.ENTER)
    page.wait_for_move(plies + 2)
    assert markup in page.find("#turn").text

    # Names are shown as the text they are, never as markup.
    seats = page.find("#seats").text
    assert me in seats
    assert markup in seats
    assert page.js("return document.querySelectorAll('#seats img, #seats script, #log img').length") == 0
    assert page.js("return document.scripts.length") == 1

    # A reload sits down at the same seat again (the token is kept for this tab).
    page.driver.refresh()
    page.wait("the welcome", lambda: "(you)" in page.find("#seats").text)
    assert f"Seat 0: {me} (you)" in page.find("#seats").text

    # Another language, chosen with the keyboard: the page and the server's texts follow.
    page.tab_to("the language", lambda active: active["id"] == "lang", back=True)
    page.type("f")
    page.wait("French", lambda: page.js("return document.documentElement.lang") == "fr")
    page.wait("French words",
              lambda: "de jouer" in page.state()["turn"] and "Place 1" in page.find("#seats").text)
    page.wait("the log again, in French", lambda: "pose" in page.find("#log").text)

    # A token the server does not know: the page says so and goes on watching.
    page.js("sessionStorage.setItem(arguments[0], JSON.stringify({seat: 0, token: 'not-a-token'}))",
            f"cardrules:seat:{room}")
    page.driver.refresh()
    page.wait("the refusal", lambda: page.state()["error"])
    assert "jeton" in page.state()["error"]
    page.wait("a spectator's table",
              lambda: page.state()["plies"] is not None and "(vous)" not in page.find("#seats").text)
    assert page.state()["choices"] == []
    assert page.js("return sessionStorage.getItem(arguments[0])", f"cardrules:seat:{room}") is None
    assert page.script_errors() == []


def test_a_question_out_of_turn_is_highlighted_and_answered_by_its_number_key(
    open_page: Callable[[], Page], shots: Path
) -> None:
    ana, bruno = open_page(), open_page()
    # Seed 24, two seats that always make their first move: after ten moves Bruno's Speed Limit
    # lets Ana answer with her Right of Way (found by playing the deal through cardrules.Session).
    room = _post_json(f"{ana.base}/api/v1/rooms", {"game": "mille-bornes", "players": 2, "seed": 24})["id"]
    _join_from_lobby(ana, room, 0, "Ana")
    _join_from_lobby(bruno, room, 1, "Bruno")
    question = ana.find("#question")
    for _ in range(40):
        if question.is_displayed():
            break
        mover = next((page for page in (ana, bruno) if page.state()["yourTurn"]), None)
        if mover is None:
            time.sleep(0.02)
            continue
        mover.play(0, by="key")
    asked = ana.find("#question-text").text
    assert asked.startswith("Coup fourré?"), asked
    assert ana.state()["turn"] == "Your turn: answer the question."
    assert ana.state()["choices"] == ["coup fourre", "decline"]
    assert not bruno.find("#question").is_displayed()
    # The focus is on the first answer, which a screen reader reads with the question.
    assert ana.active()["notation"] == "coup fourre"
    assert ana.js("return document.activeElement.getAttribute('aria-describedby')") == "question-text"
    ana.screenshot(shots / "server-question.png")
    ana.play(0, by="key")
    ana.wait("the question gone", lambda: not question.is_displayed())
    assert "Seat 0 calls a coup fourré." in ana.find("#log").text.splitlines()
    for page in (ana, bruno):
        assert page.script_errors() == []
