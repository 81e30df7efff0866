"""A table across screens under load (issue 34): one host, twelve seat screens, the
console and the room, each its own process, all on this machine.

    .venv/bin/python benchmarks/bench_table.py [--game world-system] [--seconds 60] [--seed 1]

It starts ``hedgemony host`` on a new game (world-system by default: its twelve states
are the people; the moderator is a computer), reads the join codes the host prints, and
starts one client process per code plus one for the room. A client is a screen without
the drawing: it keeps its own store connection, checks ``PRAGMA data_version`` every
30 ms as ``shell/remote_app.Watcher`` does, and when its seat's version moved it loads and
unpickles its packet through ``shell/remote.RemoteHost`` (what a screen redraws from).
A seat that owes the decision answers it at once (the option the game's ``basic`` player
would take, or a seeded random one when that is a free-text move no screen offers; sent
through ``RemoteHost.submit``, the submission a screen sends) and marks its results seen.
The console only watches (its moderator is a computer here).

Every client logs when it submitted and when it loaded each packet (wall clock, one
machine). A submission's latency on another screen is the time from its submit to the
first packet that screen loaded after it; the figures are over every other screen whose
packet moved within two seconds. It also samples the host's resident memory and the
number of processes in the run (the host, the clients, this script) every 100 ms.

A script, never a timed test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POLL = 0.03
"""As the screens' watcher: the cheap pragma every 30 ms."""
HEARTBEAT = 2.0
"""As the screens' watcher: the store is told the screen is alive every 2 s."""
WINDOW = 2.0
"""A packet loaded later than this after a submit is not counted as that submit's redraw."""
CODE_LINE = re.compile(r"^\s+(?P<name>.+) \((?P<seat>[^()]+)\): (?P<code>\S+)$")


# --- a client: one screen without the drawing ----------------------------------------------------


def run_client(store_path: str, code: str, seconds: float, seed: int, policy_name: str) -> None:
    """One seat's (or the console's, or with code "room" the room's) screen; JSON lines out."""
    from hedgemony_tui.shell.remote import RemoteHost
    from hedgemony_tui.table.errors import IllegalIntent
    from hedgemony_tui.table.feed import PUBLIC, PersonTurn, ShowResults
    from hedgemony_tui.table.registry import get_rules
    from hedgemony_tui.table.remote_feed import load
    from hedgemony_tui.table.store import CONSOLE_ROLE, TableStore

    store = TableStore.open(store_path)
    rules = get_rules(store.meta("game"))
    out = sys.stdout

    def log(**fields: Any) -> None:
        out.write(json.dumps(fields) + "\n")
        out.flush()

    if code == "room":
        # The room's screen reads the PUBLIC packet and nothing else (shell/remote_room.py).
        seat, data, version = PUBLIC, -1, 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            now_data = store.data_version()
            if now_data != data:
                data = now_data
                moved = store.version(seat)
                if moved != version:
                    row = store.packet(seat)
                    if row is not None:
                        version = row[0]
                        load(row[1])
                        log(seat=seat, event="load", version=version, t=time.time())
            time.sleep(POLL)
        return
    opened = store.code_seat(code)
    if opened is None:
        log(event="error", message="code refused")
        return
    seat, role = opened
    remote = RemoteHost(store, seat, store.attach(seat), rules)
    # The console watches: its control seat is a computer here, so it never chooses.
    watch_only = role == CONSOLE_ROLE
    policy = rules.policy(policy_name) if policy_name in rules.policy_names() else None
    log(seat=seat, event="load", version=remote.version, t=time.time())
    end, beat = time.monotonic() + seconds, 0.0
    while time.monotonic() < end:
        if time.monotonic() - beat >= HEARTBEAT:  # the screen's "still here", as the watcher sends it
            beat = time.monotonic()
            store.seen(remote.client_id)
        if remote.refresh():
            log(seat=seat, event="load", version=remote.version, t=time.time())
        if remote.packet is None:
            time.sleep(POLL)
            continue
        step = remote.next_step()
        if isinstance(step, ShowResults):
            for result in remote.results(remote.me):
                remote.result_seen(remote.me, result)
            continue
        if isinstance(step, PersonTurn) and not watch_only:
            options = remote.my_options(remote.me)
            intent = options[random.Random(f"{seed}:{seat}:{remote.version}").randrange(len(options))]
            if policy is not None:  # a person who thinks like the game's own computer player
                wanted = policy.decide(remote.view(remote.me), options).intent
                # a screen sends one of its options (a bot's free-text speech is not one): else the random one
                intent = wanted if wanted in options else intent
            t = time.time()
            try:
                remote.submit(remote.me, intent)
            except IllegalIntent as refusal:
                log(seat=seat, event="refused", message=str(refusal), t=t)
                time.sleep(POLL)
                continue
            log(seat=seat, event="submit", t=t, done=time.time())
            # As the protocol says: after "applied", wait for the seat's new packet before deciding again.
            before, until = remote.version, time.monotonic() + WINDOW
            while remote.version == before and time.monotonic() < until and not remote.refresh():
                time.sleep(POLL)
            log(seat=seat, event="load", version=remote.version, t=time.time())
            continue
        time.sleep(POLL)


# --- the run ----------------------------------------------------------------------------------------


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        here = todo.pop()
        for task in Path(f"/proc/{here}/task").glob("*"):
            try:
                kids = [int(x) for x in (task / "children").read_text().split()]
            except OSError:
                continue
            for kid in kids:
                if kid not in found:
                    found.add(kid)
                    todo.append(kid)
    return found


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def bench(game: str, seconds: float, seed: int, people: list[str], policy: str) -> int:
    from hedgemony_tui.table.registry import get_rules

    rules = get_rules(game)
    control = rules.info.control_seat
    seats = people or [s.id for s in rules.seats() if s.id != control][:12]
    work = Path(tempfile.mkdtemp(prefix="bench-table-"))
    store = work / "table.sqlite"
    python = sys.executable
    command = [python, "-m", "hedgemony_tui", "host", "--game", game, "--seed", str(seed), "--bot-delay", "0"]
    command += ["--store", str(store), "--saves-dir", str(work / "saves")]
    for seat in seats:
        command += ["--person", seat]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    codes: list[tuple[str, str]] = []
    assert host.stdout is not None
    for line in host.stdout:
        matched = CODE_LINE.match(line.rstrip("\n"))
        if matched:
            codes.append((matched["seat"], matched["code"]))
        if line.startswith("Ctrl+C stops"):
            break
    if len(codes) != len(seats) + 1:
        host.kill()
        print(
            f"the host printed {len(codes)} codes, expected {len(seats) + 1}:",
            host.stderr.read() if host.stderr else "",
        )
        return 2
    print(f"host pid {host.pid}: {game}, {len(seats)} people, console, room; running {seconds:.0f} s ...", flush=True)
    clients = [
        subprocess.Popen(
            # --code=CODE: a code may start with "-", which argparse would read as an option
            [
                python,
                __file__,
                f"--client={store}",
                f"--code={code}",
                f"--seconds={seconds}",
                f"--seed={seed}",
                f"--policy={policy}",
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _, code in [*codes, ("room", "room")]
    ]
    peak_procs, peak_rss, samples = 0, 0, []
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak_procs, peak_rss
        while not stop.wait(0.1):
            peak_procs = max(peak_procs, 1 + len(_descendants(os.getpid())))
            rss = _rss_kb(host.pid)
            peak_rss = max(peak_rss, rss)
            samples.append(rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    outputs = [client.communicate(timeout=seconds + 60)[0] for client in clients]
    stop.set()
    sampler.join()
    final_rss = _rss_kb(host.pid)
    host.send_signal(signal.SIGTERM)
    host.communicate(timeout=30)

    events = [json.loads(line) for text in outputs for line in text.splitlines() if line.startswith("{")]
    loads: dict[str, list[float]] = {}
    for event in events:
        if event.get("event") == "load":
            loads.setdefault(event["seat"], []).append(event["t"])
    submits = [e for e in events if e.get("event") == "submit"]
    latencies: list[float] = []
    worst: list[float] = []
    for sub in submits:
        per_screen = []
        for seat, times in loads.items():
            if seat == sub["seat"]:
                continue
            after = [t for t in times if sub["t"] < t <= sub["t"] + WINDOW]
            if after:
                per_screen.append(after[0] - sub["t"])
        latencies += per_screen
        if per_screen:
            worst.append(max(per_screen))
    refusals = Counter(e.get("message", "") for e in events if e.get("event") == "refused")
    print(
        f"submissions applied: {len(submits)} (refused: {sum(refusals.values())}); redraws measured: {len(latencies)}"
    )
    for message, count in refusals.most_common(3):
        print(f"  refused {count}x: {message}")
    if latencies:
        ms = [x * 1000 for x in latencies]
        print(
            f"submit-to-redraw on the other screens: median {statistics.median(ms):.0f} ms, "
            f"p95 {_percentile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms (goal: p95 < 300 ms)"
        )
        wms = [x * 1000 for x in worst]
        print(
            f"per submission, the last screen to redraw: median {statistics.median(wms):.0f} ms, "
            f"p95 {_percentile(wms, 0.95):.0f} ms"
        )
    print(f"host memory (RSS): peak {peak_rss / 1024:.0f} MB, at the end {final_rss / 1024:.0f} MB")
    print(f"peak processes: {peak_procs} (this script, the host, {len(clients)} screens)")
    with sqlite3.connect(store) as db:
        decisions = db.execute("SELECT decisions FROM save WHERE id = 1").fetchone()
    print(f"store: {store} ({store.stat().st_size // 1024} KB), {decisions[0] if decisions else 0} decisions played")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", default="world-system", help="world-system (12 states) or hedgemony")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="basic", help="how the people's clients choose: basic (default) or random")
    parser.add_argument("--person", action="append", default=[], help="seats people play (default: up to 12)")
    parser.add_argument("--client", metavar="STORE", help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        run_client(args.client, args.code or "", args.seconds, args.seed, args.policy)
        return 0
    return bench(args.game, args.seconds, args.seed, args.person, args.policy)


if __name__ == "__main__":
    raise SystemExit(main())
