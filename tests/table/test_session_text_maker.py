"""The autosave's text is made on the writer's thread from what the session held when the
decision was taken (``Session.text_maker``): decisions taken after it do not reach it, and
the writer keeps only the newest game pending (the ones in between are never made)."""

from __future__ import annotations

import threading
from pathlib import Path

from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.shell.saving import AutosaveWriter
from hedgemony_tui.table.session import Session


def test_a_text_maker_keeps_the_game_as_it_was_when_asked() -> None:
    session = Session(RULES, RULES.setup(2, {"turns": 1}))
    before = session.text()
    maker = session.text_maker()
    session.apply(session.legal()[0])
    assert maker() == before
    assert session.text() != before


def test_the_writer_makes_only_the_newest_pending_text(tmp_path: Path) -> None:
    gate, started = threading.Event(), threading.Event()
    written: list[str] = []

    def write(path: Path, text: str) -> None:
        started.set()
        gate.wait(5)  # the first write is under way while the next games come in
        written.append(text)

    made: list[int] = []

    def maker(n: int):
        def make() -> str:
            made.append(n)
            return f"game {n}"

        return make

    done = threading.Event()
    writer = AutosaveWriter(write, lambda generation, problem: done.set() if generation == 4 else None)
    writer.submit(tmp_path / "a.toml", maker(1), 1)
    assert started.wait(5)
    for n in range(2, 5):
        writer.submit(tmp_path / "a.toml", maker(n), n)
    gate.set()
    assert done.wait(5)
    writer.flush()
    assert written == ["game 1", "game 4"]
    assert made == [1, 4]
