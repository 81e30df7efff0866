"""The fenced browser server (``serve``, ``serve-room``): Origin and Host checks, the cap,
bounded terminals, no orphan processes, and one-line errors. Each test starts the real
command in a subprocess on a free port and talks to it with aiohttp, as a browser would."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hedgemony_tui.cli import main

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _children(pid: int) -> list[int]:
    """The processes the server started (Linux: /proc keeps each task's children)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on port {port}")


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web")
    path = folder / "demo.toml"
    assert main(["simulate", "--turns", "1", "--save", str(path)]) == 0
    return path


def _start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "hedgemony_tui", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture
def served(save: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = _free_port()
    server = _start("serve-room", str(save), "--port", str(port), "--max-connections", "2")
    try:
        _wait_for(port)
        yield server, port
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()


async def _open(port: int, origin: str | None, *, query: str = "", host: str | None = None) -> tuple[int, bytes]:
    """Open the room's socket as a page would: the status of the upgrade, and the first bytes the app sent."""
    headers = {} if origin is None else {"Origin": origin}
    if host is not None:
        headers["Host"] = host
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws{query}", headers=headers) as ws:
                message = await ws.receive(timeout=30)
                return 101, message.data if isinstance(message.data, bytes) else str(message.data).encode()
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status, b""


def _settle(pid: int, want: int, seconds: float = 10) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(_children(pid)) != want:
        time.sleep(0.1)
    return _children(pid)


async def test_a_cross_origin_socket_is_refused_and_starts_no_process(served):
    server, port = served
    assert await _open(port, "http://evil.example") == (403, b"")
    assert await _open(port, f"http://evil.example:{port}") == (403, b"")
    assert await _open(port, None) == (403, b""), "a socket without Origin is refused too"
    # DNS rebinding: a name pointed at us, with the Origin to match, is still refused
    assert (await _open(port, f"http://evil.example:{port}", host=f"evil.example:{port}"))[0] == 403
    assert _children(server.pid) == []


async def test_the_same_origin_socket_runs_the_room_and_a_closed_tab_ends_its_process(served):
    server, port = served
    status, first = await _open(port, f"http://127.0.0.1:{port}", query="?width=5000&height=9000")
    assert status == 101 and first, "the room's app sent nothing"
    # the socket is closed: its process goes with it
    assert _settle(server.pid, 0) == []


async def test_the_terminal_size_a_browser_asks_is_clamped(served):
    server, port = served
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(
            f"http://127.0.0.1:{port}/ws?width=5000&height=9000", headers={"Origin": f"http://127.0.0.1:{port}"}
        ) as ws:
            await ws.receive(timeout=30)
            (child,) = _settle(server.pid, 1)
            env = dict(
                item.split("=", 1) for item in Path(f"/proc/{child}/environ").read_text().split("\0") if "=" in item
            )
            assert (env["COLUMNS"], env["ROWS"]) == ("300", "100")
    assert _settle(server.pid, 0) == []


async def test_the_cap_refuses_the_connection_past_it(served):
    server, port = served
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    async with aiohttp.ClientSession() as session:
        one = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=origin)
        two = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=origin)
        await one.receive(timeout=30)
        await two.receive(timeout=30)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=origin)
        assert refused.value.status == 503
        async with session.get(f"http://127.0.0.1:{port}/room") as page:
            assert page.status == 503 and "full" in await page.text()
        assert len(_children(server.pid)) == 2
        await one.close()
        await two.close()
    assert _settle(server.pid, 0) == []
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/room?fontsize=30") as page:
            text = await page.text()
            assert page.status == 200 and f"ws://127.0.0.1:{port}/room/ws" in text and '"30"' in text


def test_a_busy_port_is_one_line_exit_2(save: Path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = _start("serve-room", str(save), "--port", str(port))
        out, err = done.communicate(timeout=60)
    assert done.returncode == 2 and "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1 and "already in use" in err


@pytest.mark.parametrize(
    "lan, words",
    [("192.0.2.77", "not an address of this machine"), ("example.org", "needs an IP address")],
)
def test_an_address_not_ours_is_one_line_exit_2(save: Path, lan: str, words: str):
    done = _start("serve-room", str(save), "--port", str(_free_port()), "--lan", lan)
    out, err = done.communicate(timeout=60)
    assert done.returncode == 2 and "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1 and words in err


def test_a_file_that_is_not_a_table_store_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    for path in (other, text, tmp_path / "missing.db"):
        assert main(["serve", str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and "table store" in err


def test_ctrl_c_is_one_line_exit_0(save: Path):
    port = _free_port()
    server = _start("serve-room", str(save), "--port", str(port))
    _wait_for(port)
    os.kill(server.pid, signal.SIGINT)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in out + err and err == ""
    assert out.strip().splitlines()[-1] == "Stopped serving."


def test_serve_pages_run_join_and_room_on_the_store(tmp_path: Path):
    """``serve STORE``: / asks a code (join --store), /room is the room; the code is never in the URL."""
    store = tmp_path / "table.db"
    with sqlite3.connect(store) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', '1')")
    from hedgemony_tui.cli.serve_commands import hedgemony_command

    assert hedgemony_command("join", "--store", str(store)).endswith(f"join --store {store}")
    port = _free_port()
    server = _start("serve", str(store), "--port", str(port))
    try:
        _wait_for(port)

        async def pages() -> list[str]:
            async with aiohttp.ClientSession() as session:
                out = []
                for path in ("/", "/room"):
                    async with session.get(f"http://127.0.0.1:{port}{path}") as page:
                        assert page.status == 200
                        out.append(await page.text())
                return out

        seat, room = asyncio.run(pages())
        assert f"ws://127.0.0.1:{port}/ws" in seat and f"ws://127.0.0.1:{port}/room/ws" in room
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in out + err


def test_the_names_the_server_answers_to():
    """Listening on every interface (typed out), a literal IP address is served but a DNS
    name is not (DNS rebinding); listening on one address, only that address."""
    from hedgemony_tui.cli.web_serve import SafeServer

    every = SafeServer({"/": "true"}, host="0.0.0.0", port=8000, title="t")
    assert every.host_allowed("192.168.1.20:8000") and every.host_allowed("localhost:8000")
    assert not every.host_allowed("evil.example:8000") and not every.host_allowed("192.168.1.20:9000")
    one = SafeServer({"/": "true"}, host="192.168.1.20", port=8000, title="t")
    assert one.host_allowed("192.168.1.20:8000") and not one.host_allowed("127.0.0.1:8000")
    local = SafeServer({"/": "true"}, host="127.0.0.1", port=8000, title="t")
    assert local.host_allowed("localhost:8000") and not local.host_allowed("evil.example:8000")
