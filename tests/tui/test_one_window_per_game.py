"""A game file is played in one window at a time (play-test finding 1): the window
playing it holds a claim (``save_slots.claim``); another window asking for it —
Continue, Load, ``play FILE``, Ctrl+S "save as" — is refused with one clear message,
the Continue list marks it, and a replay or the room view still reads it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from hedgemony_tui.games.template import rules as template
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.dialogs import PickScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.table.save_slots import OpenElsewhere, claim, claim_file, open_elsewhere
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.tui.tui_helpers import SIZE

RULES = template.RULES
pytest.importorskip("fcntl")


pytestmark = pytest.mark.usefixtures("toy_registered")


def saved_toy(path, seed: int) -> None:
    Session(
        RULES, RULES.setup(seed, {"target": 20}), seats=Seats.of_specs(RULES.seats(), {"A": "human", "B": "human"})
    ).save(path)


async def pauses(pilot, n: int = 6) -> None:
    for _ in range(n):
        await pilot.pause()


def told(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def test_two_claims_in_one_process_conflict_and_a_release_frees_the_file(tmp_path):
    save = tmp_path / "game.autosave.toml"
    first = claim(save)
    assert first.held and claim_file(save).exists() and open_elsewhere(save)
    with pytest.raises(OpenElsewhere) as refused:
        claim(save)
    said = str(refused.value)
    assert "open in another window" in said and "Close it there first" in said
    assert "`hedgemony room` or `hedgemony replay`" in said and said.endswith(f"the file: {save}")
    first.release()
    assert not open_elsewhere(save)
    again = claim(save)
    assert again.held
    again.release()


def test_a_claim_in_another_process_refuses_this_one_until_that_process_ends(tmp_path):
    save = tmp_path / "game.autosave.toml"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
        import sys, time
        from hedgemony_tui.table.save_slots import claim
        held = claim({str(save)!r})
        print("held", flush=True)
        sys.stdin.readline()
    """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert open_elsewhere(save)
        with pytest.raises(OpenElsewhere):
            claim(save)
    finally:
        holder.kill()  # not a clean exit: the OS lets go of the claim all the same
        holder.wait()
    assert not open_elsewhere(save)
    claim(save).release()


async def test_continue_marks_and_refuses_a_game_open_in_another_window(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    game = saves / "template-20260101-100000-aaaaaa.autosave.toml"
    saved_toy(game, 1)
    other = claim(game)  # another window plays it
    try:
        app = build_app(saves_dir=saves, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pauses(pilot, 2)
            await pilot.press("c")
            await pauses(pilot, 2)
            assert isinstance(app.screen, PickScreen)
            assert app.screen.labels[0].endswith("(open in another window)")
            await pilot.press("enter")
            await pauses(pilot)
            assert not isinstance(app.screen, GameScreen) and app.host is None
            said = told(app)
            assert "open in another window" in said and "hedgemony room" in said
            assert said.count("open in another window") == 1  # one message, not a pile
            # Load by name is refused the same way.
            assert not app.load_from(str(game))
    finally:
        other.release()
    assert read_game(game).journal == ()  # nothing was written to it


@pytest.mark.slow
async def test_the_window_playing_a_game_holds_it_and_lets_go_when_it_closes(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    first, second = saves / "first.toml", saves / "second.toml"
    saved_toy(first, 1)
    saved_toy(second, 2)
    app = build_app(read_game(first), saves_dir=saves, save_path=str(first), bot_delay=0)  # `play first.toml`
    async with app.run_test(size=SIZE) as pilot:
        await pauses(pilot)
        assert isinstance(app.screen, GameScreen)
        assert open_elsewhere(first)  # held for this window
        # `play first.toml` in a second window is refused and shows the title.
        twin = build_app(read_game(first), saves_dir=saves, save_path=str(first), bot_delay=0)
        async with twin.run_test(size=SIZE) as twin_pilot:
            await pauses(twin_pilot)
            assert twin.host is None and "open in another window" in told(twin)
        # Opening its own game again in the same window is no conflict either.
        assert app.load_from(str(first))
        await pauses(pilot)
        assert app.claimed_here() == first.resolve()
        # Ctrl+S "save as" the same window's own file is no conflict; onto a file another holds, refused.
        assert app.save_to(str(first))
        held = claim(second)
        try:
            assert not app.save_to(str(second), confirmed=True)
            await pauses(pilot, 2)
            assert "open in another window" in told(app)
        finally:
            held.release()
        # Opening another game lets go of the first.
        assert app.load_from(str(second))
        await pauses(pilot)
        assert not open_elsewhere(first) and open_elsewhere(second)
    assert not open_elsewhere(second)  # the app closed


def test_a_replay_reads_a_game_open_in_a_window(tmp_path):
    from hedgemony_tui.table.save_files import update_notes

    save = tmp_path / "game.toml"
    saved_toy(save, 4)
    held = claim(save)
    try:
        assert read_game(save).state.seed == 4
        update_notes(save, (), lambda notes: notes)  # a bookmark still writes under the short lock
    finally:
        held.release()


def test_the_continue_line_names_the_phase_the_turn_and_who_plays(tmp_path):
    """Play-test finding 8: no internal ids on the Continue list; two games of one kind
    differ by who plays them, never by the seed (it predicts the dice)."""
    from hedgemony_tui.games.hedgemony.rules import RULES as HEDGEMONY
    from hedgemony_tui.games.rescue.rules import RULES as RESCUE
    from hedgemony_tui.table.save_files import describe_autosave

    hedgemony = tmp_path / "hedgemony-20260101-100000-aaaaaa.autosave.toml"
    kinds = {"NATO": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "none"}
    Session(
        HEDGEMONY, HEDGEMONY.setup(1, {"turns": 2}), seats=Seats.of_specs(HEDGEMONY.seats(), kinds, {"US": "Ann"})
    ).save(hedgemony)
    line = describe_autosave(hedgemony)
    # Each seat by its name in the game, not its id (a newcomer read "arvenne, kesterland").
    assert line.startswith("Hedgemony · turn 1, red signaling · people: Ann (United States), Russia · saved ")
    assert line.endswith(" · #aaaaaa") and "red-signaling" not in line
    rescue = tmp_path / "rescue-20260101-100000-bbbbbb.autosave.toml"
    Session(RESCUE, RESCUE.setup(5, {}), seats=Seats.of_specs(RESCUE.seats(), {})).save(rescue)
    line = describe_autosave(rescue)
    assert " · cycle 1, initiative · " in line and "turn" not in line
    assert "seed" not in line and " 5 " not in line


def test_without_flock_there_are_no_claims_and_nothing_is_said(tmp_path, monkeypatch):
    save = tmp_path / "game.toml"
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` fails, as on Windows
    first, second = claim(save), claim(save)
    assert not first.held and not second.held and not open_elsewhere(save)
    assert not claim_file(save).exists()
