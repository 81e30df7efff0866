"""The replay and the room view (issue 22), driven by keys in Textual's Pilot.

- The replay moves by decision, phase and turn, switches viewpoints, writes bookmarks
  into the save and branches into a new save that records where it left.
- The room view of a state is the same when every seat's secrets change, and it follows
  the save file as the game goes on.
- Served by textual-serve, the room view loads in headless Chromium (localhost only).
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.shell.replay import ReplayApp
from hedgemony_tui.shell.viewing import RoomApp, ViewingApp
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import get_front, get_rules
from hedgemony_tui.table.saves import read_game
from tests.tui.tui_helpers import SIZE


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game.toml"
    assert main(["simulate", "--seed", "4", "--turns", "2", "--save", str(path)]) == 0
    return path


@pytest.mark.slow
async def test_the_replay_moves_by_decision_phase_and_turn(save: Path, tmp_path: Path):
    copy = tmp_path / "game.toml"
    shutil.copy(save, copy)
    app = ReplayApp(copy)
    async with app.run_test(size=SIZE) as pilot:
        assert app.index == 0
        await pilot.press("full_stop", "full_stop")
        assert app.index == 2
        await pilot.press("comma")
        assert app.index == 1
        await pilot.press("pagedown")
        assert app.timeline.when(app.index) != app.timeline.when(0)
        await pilot.press("end")
        assert app.timeline.when(app.index)[0] == 2
        await pilot.press("home")
        assert app.timeline.when(app.index)[0] == 1
        seen = app.viewpoint
        await pilot.press("v")
        assert app.viewpoint != seen and app.viewpoint in app.timeline.viewpoints()
        status = str(app.query_one("#replay-status").render())
        assert f"Decision {app.index} of {app.timeline.last}" in status


@pytest.mark.slow
async def test_a_bookmark_is_written_into_the_save(save: Path, tmp_path: Path):
    copy = tmp_path / "game.toml"
    shutil.copy(save, copy)
    app = ReplayApp(copy)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("pagedown", "b")
        await pilot.pause()
        for key in "China moves":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await pilot.pause()
        at = app.index
    marks = read_game(copy).notes.bookmarks
    assert [(m.at, m.note) for m in marks] == [(at, "China moves")]
    assert read_game(copy).state == read_game(save).state  # the game itself unchanged


@pytest.mark.slow
async def test_branch_here_writes_a_new_game_that_records_its_parent(save: Path, tmp_path: Path):
    copy = tmp_path / "game.toml"
    shutil.copy(save, copy)
    app = ReplayApp(copy)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await pilot.press("full_stop")
        at = app.index
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    branch = tmp_path / f"game-branch-{at}.toml"
    saved = read_game(branch)
    assert saved.notes.branch is not None and saved.notes.branch.parent == "game.toml" and saved.notes.branch.at == at
    parent = read_game(copy)
    assert [e.intent for e in saved.journal[:at]] == [e.intent for e in parent.journal[:at]]
    assert saved.journal[at].intent != parent.journal[at].intent


def _mid_game_state():
    rules = get_rules("hedgemony")
    saved = read_game(Path(__file__).parents[1] / "hedgemony" / "saves" / "hedgemony-v2-seed7-turn2.toml")
    return rules, saved.state


async def _screen_of(rules, state) -> str:
    shown = RoomShot(rules, state)
    async with shown.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return shown.export_screenshot()


class RoomShot(ViewingApp):
    """The room's board and events for one state (no file), for the privacy check."""

    def __init__(self, rules, state) -> None:
        super().__init__(rules, get_front(rules.info.id), state, viewpoint=PUBLIC)

    def compose(self):
        yield from self.compose_board()

    def on_mount(self) -> None:
        self.redraw()


@pytest.mark.slow
async def test_the_room_view_is_the_same_when_any_seats_secrets_change():
    rules, state = _mid_game_state()
    reference = await _screen_of(rules, state)
    for salt in (1, 2, 3):
        varied = rules.vary_secrets(state, PUBLIC, salt)
        assert varied != state
        assert await _screen_of(rules, varied) == reference


@pytest.mark.slow
async def test_the_room_follows_the_save_as_the_game_goes_on(save: Path, tmp_path: Path):
    rules = get_rules("hedgemony")
    live = tmp_path / "live.toml"
    early = tmp_path / "early.toml"
    assert main(["simulate", "--seed", "4", "--turns", "1", "--save", str(early)]) == 0
    shutil.copy(early, live)
    app = RoomApp(live, interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert rules.turn_of(app._state)[0] == rules.turn_of(read_game(early).state)[0]
        shutil.copy(save, live)  # the table writes its next save
        await pilot.pause(0.5)
        assert app._state == read_game(save).state
        live.write_text("not a save", encoding="utf-8")  # caught mid-write: the last good state stays
        await pilot.pause(0.5)
        assert app._state == read_game(save).state and app.problem


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port}")


async def _chromium_screenshot(url: str, debug_port: int) -> tuple[bool, bytes]:
    """Open ``url`` in headless Chromium over the DevTools protocol (aiohttp's websocket
    client): wait for the first bytes of the app to arrive, then take a screenshot."""
    import aiohttp

    async with aiohttp.ClientSession() as http:
        for _ in range(100):
            try:
                async with http.get(f"http://127.0.0.1:{debug_port}/json") as response:
                    pages = [p for p in await response.json() if p.get("type") == "page"]
                if pages:
                    break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            counter = 0

            async def call(method: str, **params):
                nonlocal counter
                counter += 1
                await ws.send_str(json.dumps({"id": counter, "method": method, "params": params}))
                while True:
                    message = json.loads((await ws.receive()).data)
                    if message.get("id") == counter:
                        return message.get("result", {})

            await call("Page.navigate", url=url)
            loaded = False
            for _ in range(150):
                result = await call(
                    "Runtime.evaluate", expression="document.body && document.body.classList.contains('-first-byte')"
                )
                if result.get("result", {}).get("value"):
                    loaded = True
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(2.0)  # the board's first full paint
            shot = await call("Page.captureScreenshot", format="png")
            return loaded, base64.b64decode(shot["data"])


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make test installs it where it can)")
async def test_the_served_room_view_loads_in_headless_chromium(save: Path, tmp_path: Path):
    pytest.importorskip("textual_serve")
    port, debug = _free_port(), _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "hedgemony_tui", "serve-room", str(save), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert CHROMIUM is not None  # the test is skipped without it
    browser = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1280,800",
            f"--remote-debugging-port={debug}",
            f"--user-data-dir={tmp_path / 'profile'}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(port, 30)
        loaded, png = await _chromium_screenshot(f"http://localhost:{port}/?fontsize=12", debug)
    finally:
        browser.terminate()
        server.terminate()
        browser.wait(10)
        server.wait(10)
    artifacts = Path(__file__).resolve().parents[2] / ".artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "room-view.png").write_bytes(png)
    assert loaded, "the room view's app sent nothing to the browser"
    from tests.hedgemony.cli.test_aar import _png_pixels

    width, height, bpp, pixels = _png_pixels(png)
    colours = {pixels[i : i + 3] for i in range(0, len(pixels), bpp * 97)}
    assert len(colours) > 8, "the page is blank"
