"""Bad input thrown at the ``hedgemony`` command in-process (issue 18): mutated saves,
mutated card files and random command lines. Bounded and seeded (the same cases every
run, about 30 s): zero tracebacks (no exception escapes ``main``, no "Traceback" in its
output), zero hangs (``signal.alarm`` per call), exit status 0, 2 or 3 only, and the
input files untouched (hashed before and after each call).

``play`` is left out: a save that survives its mutation would open the screens.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import random
import shutil
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.cli.commands import build_parser
from hedgemony_tui.games.hedgemony.engine.resources import data_dir

SEED = 18
PER_CALL_SECONDS = 20
EXIT_CODES = {0, 2, 3}
SAVE_CASES = 60
CARD_CASES = 40
COMMAND_CASES = 150


class Hang(Exception):
    """A call ran past its alarm."""


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: object) -> None:
        raise Hang(f"no answer in {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def digest(paths: Sequence[Path]) -> dict[str, str]:
    """Every file under ``paths`` (files or folders) by its content's hash."""
    found: dict[str, str] = {}
    for path in paths:
        for file in [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()):
            found[str(file)] = hashlib.sha256(file.read_bytes()).hexdigest()
    return found


class Failures:
    def __init__(self) -> None:
        self.found: list[str] = []
        self.calls = 0

    def call(self, argv: list[str], inputs: Sequence[Path] = ()) -> int | None:
        """Run ``main(argv)``; record anything the issue forbids."""
        self.calls += 1
        before = digest(inputs)
        out, err = io.StringIO(), io.StringIO()
        code: int | None = None
        try:
            with alarm(PER_CALL_SECONDS), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        except Hang:
            self.found.append(f"hang: {argv!r}")
        except SystemExit as exc:  # argparse's --help and --version end this way
            code = exc.code if isinstance(exc.code, int) else 0
        except BaseException as exc:
            self.found.append(f"{type(exc).__name__} escaped main: {argv!r}: {exc}")
        text = out.getvalue() + err.getvalue()
        if "Traceback" in text:
            self.found.append(f"traceback printed: {argv!r}")
        if code is not None and code not in EXIT_CODES:
            self.found.append(f"exit status {code}: {argv!r}: {err.getvalue()[:200]}")
        if digest(inputs) != before:
            self.found.append(f"an input file changed: {argv!r}")
        return code


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One of the issue's kinds of damage to a TOML file."""
    kind = rng.randrange(8)
    if kind == 0 and data:  # byte flips
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return bytes(out)
    if kind == 1:  # a truncation
        return data[: rng.randrange(len(data) + 1)]
    if kind == 2:  # deep nesting
        depth = rng.choice((40, 500, 5000))
        return data + b"\nbomb = " + b"[" * depth + b"]" * depth + b"\n"
    if kind == 3:  # a huge key, plain or dotted
        key = b"k" * rng.choice((300, 100_000)) if rng.random() < 0.5 else b"a." * rng.choice((50, 40_000)) + b"a"
        return key + b" = 1\n" + data
    if kind == 4:  # a line deleted
        lines = data.split(b"\n")
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 5:  # a digit changed
        digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
        if digits:
            out = bytearray(data)
            out[rng.choice(digits)] = rng.choice(b"0123456789")
            return bytes(out)
        return data
    if kind == 6:  # not UTF-8
        at = rng.randrange(len(data) + 1)
        return data[:at] + b"\xff\xfe" + data[at:]
    return data + rng.choice((b"\ncard = 5\n", b"\n[[card]]\nid = 7\n", b'\nkind = "nope"\n', b"\n[end]\n"))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    code = main(["simulate", "--turns", "1", "--seed", "3", "--save", str(root / "base.toml"), "--json"])
    assert code == 0
    shutil.copytree(Path(str(data_dir() / "scenarios" / "default")), root / "scenario")
    (root / "notes.txt").write_text("a facilitator's notes\n")
    return root


@pytest.mark.slow
def test_fuzz_saves_cards_and_command_lines(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workspace)
    rng = random.Random(SEED)
    failures = Failures()
    started = time.monotonic()

    # Mutated saves: shown, and continued for a turn.
    base = (workspace / "base.toml").read_bytes()
    for index in range(SAVE_CASES):
        path = workspace / f"save-{index}.toml"
        path.write_bytes(mutate(base, rng))
        failures.call(["show", str(path)], [path])
        if index % 4 == 0:
            failures.call(["simulate", "--load", str(path), "--turns", "1", "--policy", "random"], [path])

    # Mutated card files, in a copy of the scenario: check-scenario names the problem.
    cards = sorted((workspace / "scenario" / "cards").glob("*.toml"))
    originals = {card: card.read_bytes() for card in cards}
    for _ in range(CARD_CASES):
        card = rng.choice(cards)
        card.write_bytes(mutate(originals[card], rng))
        failures.call(["check-scenario", str(workspace / "scenario")], [workspace / "scenario"])
        card.write_bytes(originals[card])

    # Random command lines, from the parser's own subcommands and flags.
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # argparse keeps them there
    names = [name for name in commands if name != "play"]
    values = [
        "",
        "0",
        "-1",
        "1",
        "3",
        "9" * 30,
        "9" * 5000,
        "[/]",
        "a" * 300,
        "nowhere.toml",
        "base.toml",
        str(workspace / "save-0.toml"),
        "scenario",
        "US=expert",
        "PRC=nobody",
        "turns=3",
        "turns=x",
        "activation_markers=true",
        "expert",
        "random",
        "none",
        "crt-a",
        "rt-b",
        "3xM2",
        "2xM4@80:conus",
        "1:1",
        "14@90",
        "+2",
        "é",
        "--",
        "-",
        "true",
        "US",
        "DPRK-RD",
        "procure",
        "column",
        "/dev/zero",
        "notes.txt",
        "\x1b[2J\x1b]0;pwned\x07",
        "--force",
    ]
    for _ in range(COMMAND_CASES):
        name = rng.choice(names)
        sub = commands[name]
        flags = [o for a in sub._actions for o in a.option_strings if o not in ("-h", "--help")]
        argv = [name]
        for _ in range(rng.randint(0, 5)):
            if flags and rng.random() < 0.6:
                argv.append(rng.choice(flags))
            argv.append(rng.choice(values))
        if name == "simulate":
            argv += ["--turns", "1"]  # bounded: a whole game of expert bots takes too long
        if name == "balance":
            argv += ["--games", "1", "--turns", "1"]
        inputs = [workspace / "base.toml", workspace / "scenario", workspace / "notes.txt"]
        if "--save" in argv or "--journal" in argv:
            # The command may write a save of ours (base.toml) as asked; anything else only with --force.
            inputs = [workspace / "scenario"] + ([] if "--force" in argv else [workspace / "notes.txt"])
        failures.call(argv, inputs)

    elapsed = time.monotonic() - started
    print(f"fuzz: {failures.calls} calls in {elapsed:.1f} s")
    assert failures.found == [], "\n".join(failures.found[:20])
    assert failures.calls >= SAVE_CASES + CARD_CASES + COMMAND_CASES


@pytest.mark.slow
def test_the_repros_of_issue_29(workspace: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each input of issue 29's outputs-and-reads half, through the same harness: no
    hang, no traceback, exit 0/2/3, and nothing that is not ours changed."""
    monkeypatch.chdir(workspace)
    failures = Failures()
    notes = workspace / "notes.txt"
    fifo = tmp_path / "map.fifo"
    os.mkfifo(fifo)
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "report.md").symlink_to(notes)
    other = tmp_path / "seed7.toml"
    assert main(["simulate", "--turns", "1", "--seed", "7", "--save", str(other), "--json"]) == 0
    refused = [
        ["--game", "rescue", "check-map", "/dev/zero"],
        ["--game", "rescue", "check-map", str(fifo)],
        ["simulate", "--turns", "1", "--save", "notes.txt"],
        ["simulate", "--turns", "1", "--journal", "notes.txt"],
        ["simulate", "--turns", "1", "--save", ""],
        ["simulate", "--turns", "1", "--load", ""],
        ["aar", "base.toml", "--out", str(planted)],
        ["aar", "base.toml", "--out", ""],
        ["compare", "base.toml", str(other)],
        ["show", "base.toml", "--game", "rescue"],
        ["show", "\x1b[2J\x1b]0;pwned\x07.toml"],
    ]
    for argv in refused:
        assert failures.call(argv, [notes, workspace / "base.toml"]) == 2, argv
    # --force into the planted folder replaces the link, never writes through it.
    assert failures.call(["aar", "base.toml", "--out", str(planted), "--force"], [notes]) == 0
    assert failures.found == [], "\n".join(failures.found)
