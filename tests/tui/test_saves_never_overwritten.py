"""No game's progress is overwritten by another's (issue 29): a game opened from a file
saves back to that file, a new game to an autosave of its own; "Continue" lists the
recent autosaves; a new game's save is verified on load; an unverified save says so on
the screen and in the game's event log."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.template import rules as template
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import PickScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.table.saves import UNVERIFIED, VERIFIED, Origin, read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.tui.tui_helpers import SIZE

RULES = template.RULES


pytestmark = pytest.mark.usefixtures("toy_registered")


def saved_toy(path, seed: int, *, origin: bool = True) -> None:
    """A toy game of two people, no decision yet, saved at ``path``."""
    options: dict[str, object] = {"target": 20}
    Session(
        RULES,
        RULES.setup(seed, options),
        seats=Seats.of_specs(RULES.seats(), {"A": "human", "B": "human"}),
        origin=Origin(seed, options) if origin else None,
    ).save(path)


async def pauses(pilot, n: int = 6) -> None:
    for _ in range(n):
        await pilot.pause()


async def add(pilot, number: str) -> None:
    pilot.app.screen.query_one("#decision-filter").focus()
    await pilot.press(number, "enter")
    await pauses(pilot)
    if getattr(pilot.app.screen.query_one("#decision"), "asking", None) is not None:
        await pilot.press("enter")  # a move that ends the turn asks once more
        await pauses(pilot)


def files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


@pytest.mark.slow
async def test_two_games_in_one_folder_keep_their_own_progress(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    first, second = saves / "first.toml", saves / "second.toml"
    saved_toy(first, 1)
    saved_toy(second, 2)
    app = build_app(read_game(first), saves_dir=saves, save_path=str(first), bot_delay=0)  # `play first.toml`
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        await add(pilot, "2")
        app.flush_saves()
        assert app.autosave_path == first.resolve()
        # Another saved game opened from the same folder, and played a little.
        assert app.load_from(str(second))
        await pauses(pilot)
        await add(pilot, "1")
        await add(pilot, "1")
        app.flush_saves()
    kept = read_game(first)
    assert kept.state.total == 2 and len(kept.journal) == 1  # the first game's decision is still there
    assert read_game(second).state.total == 2 and len(read_game(second).journal) == 2
    # Each file's .bak is its own previous version, never the other game's.
    assert read_game(saves / "first.toml.bak").state.seed == 1
    assert read_game(saves / "second.toml.bak").state.seed == 2
    assert files(saves) == ["first.toml", "first.toml.bak", "second.toml", "second.toml.bak"]


async def test_new_games_get_autosaves_of_their_own_and_are_verified(tmp_path):
    saves = tmp_path / "saves"
    app = build_app(saves_dir=saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot, 2)
        assert app.new_game("template", 11, {"target": 20}, {"A": "human", "B": "human"}, {})
        await pauses(pilot)
        await add(pilot, "2")
        app.flush_saves()
        one = app.autosave_path
        assert app.new_game("template", 12, {"target": 20}, {"A": "human", "B": "human"}, {})
        await pauses(pilot)
        app.flush_saves()
        two = app.autosave_path
    assert one is not None and two is not None
    assert one != two and one.name.startswith("template-") and two.name.startswith("template-")
    first = read_game(one)
    assert first.state.total == 2 and first.proof == VERIFIED and first.origin == Origin(11, {"target": 20})
    assert read_game(two).state.total == 0 and read_game(two).proof == VERIFIED


async def test_continue_lists_the_recent_autosaves_newest_first(tmp_path):
    import os

    saves = tmp_path / "saves"
    saves.mkdir()
    older, newer = (
        saves / "template-20260101-100000-aaaaaa.autosave.toml",
        saves / "template-20260102-100000-bbbbbb.autosave.toml",
    )
    saved_toy(older, 1)
    saved_toy(newer, 2)
    os.utime(older, (1_700_000_000, 1_700_000_000))
    title = build_app(saves_dir=saves, bot_delay=0)
    async with title.run_test(size=SIZE) as pilot:
        await pauses(pilot, 2)
        await pilot.press("c")
        await pauses(pilot, 2)
        assert isinstance(title.screen, PickScreen)
        labels = title.screen.labels
        # The game, its turn and when it was saved; one of ours is told by its short id.
        assert len(labels) == 2 and labels[0].endswith("#bbbbbb") and labels[1].endswith("#aaaaaa")
        assert labels[1].startswith(f"{RULES.info.title} · turn 1, ")
        await pilot.press("down", "enter")
        await pauses(pilot)
        assert isinstance(title.screen, GameScreen) and title.host.state.seed == 1
        assert title.autosave_path == older.resolve()  # it goes on in its own file


async def test_an_unverified_save_says_so_on_the_screen_and_in_the_log(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    old = saves / "old.toml"
    saved_toy(old, 3, origin=False)
    saved = read_game(old)
    assert saved.proof == UNVERIFIED
    app = build_app(saved, saves_dir=saves, save_path=str(old), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        said = "\n".join(n.message for n in app._notifications)
        assert "UNVERIFIED save" in said
        # Kept in the game's log too, where every seat reads it after the notice is gone.
        assert any("UNVERIFIED save" in note.text for note in app.host.feed("A").notes)
