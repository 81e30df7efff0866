"""The served table in a real browser (headless Chromium over the DevTools protocol):
a page of another site that tries to open the table's WebSocket is refused by the
server before any process starts, while the table's own page runs its app.

Skipped with a reason when Chromium is missing, as the other browser tests are."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hedgemony_tui.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make test installs it where it can)"),
]

EVIL_PAGE = """<!doctype html><html><body><script>
window.verdict = "pending";
const ws = new WebSocket("ws://127.0.0.1:PORT/ws?width=80&height=24");
ws.onopen = () => { window.verdict = "opened"; };
ws.onerror = () => { if (window.verdict === "pending") window.verdict = "refused"; };
ws.onclose = () => { if (window.verdict === "pending") window.verdict = "refused"; };
</script></body></html>"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on port {port}")


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator[int]:
    """A headless Chromium; its DevTools port."""
    assert CHROMIUM is not None
    debug = _free_port()
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
        yield debug
    finally:
        browser.terminate()
        browser.wait(10)


async def _evaluate_after(url: str, debug: int, expression: str, until: Any, seconds: float = 30) -> Any:
    """Open ``url`` in the browser's page, then evaluate ``expression`` until ``until(value)``."""
    import aiohttp

    async with aiohttp.ClientSession() as http:
        pages: list[dict[str, Any]] = []
        for _ in range(150):
            try:
                async with http.get(f"http://127.0.0.1:{debug}/json") as response:
                    pages = [p for p in await response.json() if p.get("type") == "page"]
                if pages:
                    break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            counter = 0

            async def call(method: str, **params: Any) -> dict[str, Any]:
                nonlocal counter
                counter += 1
                await ws.send_str(json.dumps({"id": counter, "method": method, "params": params}))
                while True:
                    message = json.loads((await ws.receive()).data)
                    if message.get("id") == counter:
                        result: dict[str, Any] = message.get("result", {})
                        return result

            await call("Page.navigate", url=url)
            value = None
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                value = (await call("Runtime.evaluate", expression=expression)).get("result", {}).get("value")
                if until(value):
                    break
                await asyncio.sleep(0.2)
            return value


async def test_a_page_of_another_site_cannot_open_the_table(tmp_path: Path, chromium: int):
    pytest.importorskip("textual_serve")
    save = tmp_path / "demo.toml"
    assert main(["simulate", "--turns", "1", "--save", str(save)]) == 0
    port, evil_port = _free_port(), _free_port()
    site = tmp_path / "site"
    site.mkdir()
    (site / "evil.html").write_text(EVIL_PAGE.replace("PORT", str(port)))
    server = subprocess.Popen(
        [sys.executable, "-m", "hedgemony_tui", "serve-room", str(save), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    evil = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(evil_port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(port)
        _wait_for(evil_port)
        verdict = await _evaluate_after(
            f"http://127.0.0.1:{evil_port}/evil.html", chromium, "window.verdict", lambda v: v not in (None, "pending")
        )
        assert verdict == "refused"
        assert _children(server.pid) == [], "a refused socket started a process"
        # the table's own page, same origin: its app runs and draws
        loaded = await _evaluate_after(
            f"http://127.0.0.1:{port}/room?fontsize=12",
            chromium,
            "document.body && document.body.classList.contains('-first-byte')",
            bool,
        )
        assert loaded, "the room's own page did not get its app"
    finally:
        evil.terminate()
        evil.wait(10)
        server.terminate()
        out, err = server.communicate(timeout=30)
    assert "Traceback" not in out + err


# --- a hosted Hedgemony table: two seats and the room in Chromium, one seat in a terminal -------

# Run in every page before its own script: textual-serve's page keeps its xterm.js terminal in
# a closure, so this notes it when the page's object assigns ``this.terminal``; the test then
# reads the terminal's text (its buffer) as a person reads the screen (the drawing is a canvas).
HOOK = """(() => {
  window.__terms = [];
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, "terminal", { value, writable: true, configurable: true, enumerable: true });
      if (value && value.buffer) window.__terms.push(value);
    },
  });
})();"""

SCREEN_TEXT = """(() => {
  const t = (window.__terms || [])[0];
  if (!t) return null;
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) { const l = b.getLine(b.viewportY + i); rows.push(l ? l.translateToString(true) : ""); }
  return rows.join("\\n");
})()"""

PEOPLE = ("US", "NATO", "RU")  # RU owes the first decision a person makes (the signal cards)
CODE_LINE = re.compile(r"^\s+.+ \((?P<seat>[^()]+)\): (?P<code>\S+)$")


class DevTools:
    """One DevTools connection to the browser; a page per tab, each with its own session."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.counter = ws, 0
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            future = self.waiting.pop(data.get("id"), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self.counter += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[self.counter] = future
        message: dict[str, Any] = {"id": self.counter, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        await self.ws.send_str(json.dumps(message))
        answer = await asyncio.wait_for(future, 30)
        assert "error" not in answer, answer
        result: dict[str, Any] = answer.get("result", {})
        return result

    async def page(self, url: str) -> str:
        """A new tab showing ``url``, the terminal hook in place; its session id."""
        target = (await self.call("Target.createTarget", url="about:blank"))["targetId"]
        session = (await self.call("Target.attachToTarget", targetId=target, flatten=True))["sessionId"]
        await self.call("Page.enable", session)
        await self.call("Page.addScriptToEvaluateOnNewDocument", session, source=HOOK)
        await self.call("Page.navigate", session, url=url)
        return str(session)

    async def evaluate(self, session: str, expression: str) -> Any:
        found = await self.call("Runtime.evaluate", session, expression=expression, returnByValue=True)
        return found.get("result", {}).get("value")

    async def text(self, session: str) -> str:
        return str(await self.evaluate(session, SCREEN_TEXT) or "")

    async def wait_text(self, session: str, until: Any, seconds: float = 60) -> str:
        """The page's text once ``until(text)`` holds (AssertionError with the last text if never)."""
        deadline = time.monotonic() + seconds
        text = ""
        while time.monotonic() < deadline:
            text = await self.text(session)
            if until(text):
                return text
            await asyncio.sleep(0.2)
        raise AssertionError(f"the page never showed what was awaited; it shows:\n{text}")

    async def type(self, session: str, keys: str) -> None:
        """Type into the page's terminal as a person would, then Enter."""
        await self.evaluate(session, "document.querySelector('.xterm-helper-textarea').focus()")
        await self.call("Input.insertText", session, text=keys)
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent",
                session,
                type=kind,
                key="Enter",
                code="Enter",
                windowsVirtualKeyCode=13,
                **({"text": "\r"} if kind == "keyDown" else {}),
            )


async def _devtools(debug: int) -> tuple[Any, Any]:
    import aiohttp

    http = aiohttp.ClientSession()
    for _ in range(150):
        try:
            async with http.get(f"http://127.0.0.1:{debug}/json/version") as response:
                url = (await response.json())["webSocketDebuggerUrl"]
                break
        except aiohttp.ClientError:
            await asyncio.sleep(0.1)
    ws = await http.ws_connect(url, max_msg_size=0)
    return http, ws


def _host(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """``hedgemony host ARGS`` started; its codes by seat, read from what it prints once."""
    host = subprocess.Popen(
        [sys.executable, "-m", "hedgemony_tui", "host", *args, "--bot-delay", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    assert host.stdout is not None
    codes: dict[str, str] = {}
    for line in host.stdout:
        if matched := CODE_LINE.match(line.rstrip("\n")):
            codes[matched["seat"]] = matched["code"]
        if line.startswith("Ctrl+C stops"):
            break
    assert codes, f"the host printed no codes: {host.stderr.read() if host.stderr else ''}"
    return host, codes


def _serve(store: Path, port: int) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "hedgemony_tui", "serve", str(store), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(port)
    return server


def _stop(*processes: subprocess.Popen[str]) -> str:
    """Stop each (SIGTERM, as Ctrl+C) and return what they wrote on stderr."""
    errors = ""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            _, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
        errors += err or ""
    return errors


async def _join(tools: DevTools, port: int, code: str, seat: str) -> str:
    """A seat's page at the served URL, its code typed on the code screen; its session."""
    page = await tools.page(f"http://127.0.0.1:{port}/")
    await tools.wait_text(page, lambda t: "type the code" in t)
    await tools.type(page, code)
    # the seat's game screen names its keyboard: "Keyboard: US (US)"
    await tools.wait_text(page, lambda t: f"Keyboard: {seat} ({seat})" in t)
    return page


async def test_a_decision_in_one_seat_redraws_the_other_seats_and_the_room(tmp_path: Path, chromium: int):
    pytest.importorskip("textual_serve")
    from hedgemony_tui.shell.remote_app import remote_app
    from hedgemony_tui.table.store import TableStore
    from tests.tui.tui_helpers import settle

    store, port = tmp_path / "table.sqlite", _free_port()
    people = [word for seat in PEOPLE for word in ("--person", seat)]
    host, codes = _host([*people, "--store", str(store), "--saves-dir", str(tmp_path / "saves")], tmp_path)
    server = _serve(store, port)
    http, ws = await _devtools(chromium)
    tools = DevTools(ws)
    try:
        us = await _join(tools, port, codes["US"], "US")
        nato = await _join(tools, port, codes["NATO"], "NATO")
        room = await tools.page(f"http://127.0.0.1:{port}/room")
        before_room = await tools.wait_text(room, lambda t: t.strip() != "")
        before_us, before_nato = await tools.text(us), await tools.text(nato)
        # RU in a terminal: the screen ``hedgemony join CODE --store STORE`` runs
        app = remote_app(TableStore.open(store), codes["RU"])
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            options = app.host.my_options("RU")
            assert options, "RU does not owe the signal on its terminal"
            app.choose(options[0])
            await settle(pilot)
            assert not app.host.my_options("RU")
        after_us = await tools.wait_text(us, lambda t: t != before_us)
        await tools.wait_text(nato, lambda t: t != before_nato)
        await tools.wait_text(room, lambda t: t != before_room)
        # the next decision is the U.S.'s readiness bill: its page now asks for it
        assert "readiness" in after_us.lower(), after_us
    finally:
        await ws.close()
        await http.close()
        tools.reader.cancel()
        errors = _stop(server, host)
    assert "Traceback" not in errors, errors


def _saves_differing_in_secrets(tmp_path: Path, seat: str) -> tuple[Path, Path]:
    """Two saves of one Hedgemony table where a person (RU) owes the signal: the second
    with every secret ``seat`` may not see varied (``rules.vary_secrets``)."""
    import argparse

    import attrs

    from hedgemony_tui.cli.table_commands import _new_game
    from hedgemony_tui.table.saves import game_text

    host, _ = _new_game(
        argparse.Namespace(
            game="hedgemony",
            option=[],
            length=None,
            scenario=None,
            seed=1,
            person=list(PEOPLE),
            policy=None,
            seat=[],
            control=None,
        )
    )
    host.apart = True  # as the table server runs it: the computers play up to the first person's decision
    while host.computer_owes():
        host.play_computer()
    rules, state = host.rules, host.session.state
    varied = rules.vary_secrets(state, seat, 1)
    # Its probe capability and activation markers are ones no save may hold (the save check
    # refuses them); the rest of what it varies is kept: the other Red players' sealed signals,
    # others' private IP gains, private lines, the dice's future.
    old = {p.id: p.capabilities for p in state.players}
    players = tuple(attrs.evolve(p, capabilities=old[p.id]) for p in varied.players)
    varied = attrs.evolve(varied, players=players, activations=state.activations)
    assert varied.signals != state.signals, "the sealed signals did not vary: the test would prove little"
    assert varied != state, "vary_secrets changed nothing here: the test would prove nothing"
    first, second = tmp_path / "a" / "table.toml", tmp_path / "b" / "table.toml"
    for path, one in ((first, state), (second, varied)):
        path.parent.mkdir()
        path.write_text(game_text(rules, one, seats=host.seats), encoding="utf-8")
    return first, second


async def test_the_pages_are_the_same_whatever_the_secrets_they_may_not_see(tmp_path: Path, chromium: int):
    """Two live tables, the same but for what the U.S. may not see (vary_secrets, through a
    real host and server each): the U.S.'s page reads the same on both, and so does the
    room's, which may see still less. (NATO's page is not compared: the private IP gain
    varied for NATO is one NATO itself sees.)"""
    pytest.importorskip("textual_serve")
    first, second = _saves_differing_in_secrets(tmp_path, "US")
    running: list[subprocess.Popen[str]] = []
    http, ws = await _devtools(chromium)
    tools = DevTools(ws)
    texts = []
    try:
        for save in (first, second):
            store, port = save.with_suffix(".sqlite"), _free_port()
            host, codes = _host([str(save), "--store", str(store)], save.parent)
            running.append(host)
            running.append(_serve(store, port))
            pages = [await _join(tools, port, codes["US"], "US"), await tools.page(f"http://127.0.0.1:{port}/room")]
            await tools.wait_text(pages[-1], lambda t: "Turn" in t)
            texts.append([await _settled(tools, page) for page in pages])
    finally:
        await ws.close()
        await http.close()
        tools.reader.cancel()
        errors = _stop(*running)
    assert "Traceback" not in errors, errors
    assert "Waiting on RU" in texts[0][0], texts[0][0]
    for name, one, other in zip(("the U.S.", "the room"), *texts, strict=True):
        assert one == other, f"{name}'s page differs when the U.S.'s unseen secrets vary"


async def _settled(tools: DevTools, page: str) -> str:
    """The page's text once it stays the same for half a second."""
    text = await tools.text(page)
    while True:
        await asyncio.sleep(0.5)
        again = await tools.text(page)
        if again == text:
            return text
        text = again
