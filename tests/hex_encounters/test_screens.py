"""Hex Encounters in the shell: the compact map keeps the hexes the pending decision
names inside the map's region at 100x30 and 120x40, a person's combat roll is followed
by its result screen, and the overlays come from the engine and leak no hidden type."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import Attack, Fight, Join, Roll
from hedgemony_tui.games.hex_encounters.front.board import HexBoard, named_hexes
from hedgemony_tui.games.hex_encounters.front.overlays import known, supply, zoc
from hedgemony_tui.games.hex_encounters.front.result import CombatResult, roll_text
from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats

from .helpers import position

HUMANS = {"RED134": "human", "RED218": "human", "BLUE": "human", "GREEN": "human"}


def _app(state, tmp_path, kinds=None):
    seats = Seats.of_specs(RULES.seats(), kinds or HUMANS, None)
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tmp_path / "saves", bot_delay=0)


async def _board(pilot, limit: int = 10) -> None:
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, GameScreen):
            return
        await pilot.press("enter" if isinstance(app.screen, HandOverScreen) else "escape")
    raise AssertionError(f"stuck on {type(app.screen).__name__}")


def _map_lines(app) -> tuple[int, int]:
    """The screen rows the map widget occupies that are inside the board's visible region."""
    board = app.screen.query_one("#hex-board", HexBoard)
    drawn = app.screen.query_one("#hex-map")
    top = max(drawn.region.y, board.region.y)
    bottom = min(drawn.region.y + drawn.region.height, board.region.y + board.region.height)
    return top, bottom


def _fighting() -> object:
    """Red's roll pending on a Blue mech in the open (a fight every test can roll)."""
    state = position({"A1": ("red-armor", "0504"), "A2": ("red-mech", "0604"), "B1": ("mech", "0505")})
    state = RULES.apply(state, Attack("RED134", "0505"))
    state = RULES.apply(state, Join("RED134", "A1"))
    state = RULES.apply(state, Join("RED134", "A2"))
    return RULES.apply(state, Fight("RED134"))


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_named_hexes_are_inside_the_maps_region(tmp_path, size):
    for state in (RULES.setup(3, {}), _fighting()):
        app = _app(state, tmp_path)
        async with app.run_test(size=size) as pilot:
            await _board(pilot)
            board = app.screen.query_one("#hex-board", HexBoard)
            board.refresh_view()
            await pilot.pause()
            named = named_hexes(app)
            assert named, "the pending decision names a hex"
            drawn = app.screen.query_one("#hex-map")
            assert drawn.region.x + drawn.region.width <= board.region.x + board.region.width  # not cut on the right
            first, last = board.rows_shown
            top, bottom = _map_lines(app)
            for h in named:
                col, row = int(h[:2]), int(h[2:])
                assert first <= row <= last
                # the hex's two lines on the screen: header line, then two lines a row
                line = drawn.region.y + 1 + (row - first) * 2 + (col % 2 == 0)
                assert top <= line and line + 1 < bottom + 1, (h, size, (top, bottom), line)


async def test_a_persons_combat_roll_shows_its_result(tmp_path):
    app = _app(_fighting(), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _board(pilot)
        app.choose(Roll("RED134"))
        await pilot.pause()
        assert isinstance(app.screen, CombatResult)
        text = str(app.screen.query_one("#hex-result").render())
        assert "Dice: attacker's d4" in text and "net shift" in text and "Final column" in text
        assert "Losses:" in text and "column" in text


def test_the_result_text_has_every_part_and_only_the_views_facts():
    state = _fighting()
    after = RULES.apply(state, Roll("RED134"))
    c = after.last_roll
    body = roll_text(RULES.view(state, "BLUE"), RULES.view(after, "BLUE")).plain
    assert f"attacker's d4 {c.attacker_die}" in body and f"defender's d4 {c.defender_die}" in body
    assert f"net shift {c.attacker_die - c.defender_die:+d}" in body
    for s in c.shifts:
        assert s.reason in body
    assert f"the attackers take {c.attacker_due} cohesion, the defenders {c.defender_due}" in body
    assert roll_text(RULES.view(after, "BLUE"), RULES.view(after, "BLUE")) is None  # nothing rolled between


def test_overlays_come_from_the_engine_and_keep_secrets():
    state = position({"A1": ("red-armor", "0504"), "A2": ("recce", "0707"), "B1": ("mech", "0505"),
                      "B2": ("artillery", "1205")}, phase="red-move")
    seen = RULES.view(state, "RED134")
    assert "0505" in zoc(seen, "RED134") and "0506" in zoc(seen, "RED134")  # an unseen block counts as having a zone
    assert supply(seen, "RED134").get("0504") in ("s", "x")
    # What the enemy knows of Red's blocks: nothing revealed yet, so '?' everywhere.
    assert set(known(state, "RED134").values()) == {"?"}
    shown = attrs.evolve(state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "A1" else b for b in state.blocks))
    assert known(shown, "RED134")["0504"] == "!"
    for salt in range(1, 6):
        varied = RULES.vary_secrets(state, "RED134", salt)
        assert known(varied, "RED134") == known(state, "RED134")
        seen_varied = RULES.view(varied, "RED134")
        assert zoc(seen_varied, "RED134") == zoc(seen, "RED134")
        assert supply(seen_varied, "RED134") == supply(seen, "RED134")


async def test_the_reach_overlay_is_the_legal_destinations(tmp_path):
    state = position({"A1": ("red-armor", "0504")}, phase="red-move")
    state = flow.apply(state, next(o for o in flow.legal(state) if getattr(o, "unit", "") == "A1"))
    app = _app(state, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot)
        await pilot.press("f2")  # reach
        await pilot.pause()
        board = app.screen.query_one("#hex-board", HexBoard)
        assert board.overlay == "reach"
        dests = {o.hex for o in flow.legal(app.state) if o.hex != "exit"}
        from hedgemony_tui.games.hex_encounters.front.overlays import overlay_of

        assert set(overlay_of("reach", app)) == dests


def test_the_window_holds_the_wanted_rows_and_stays_on_the_map():
    from hedgemony_tui.games.hex_encounters.front.mapdraw import window

    assert window(10, 9, {5}) == (1, 9)
    assert window(10, 3, {5}) == (4, 6)
    assert window(10, 3, {9, 10}) == (8, 10)
    assert window(10, 4, {1}) == (1, 4)
    assert window(10, 10, {3, 8}) == (1, 10)
    assert window(10, 3, {5}, offset=20) == (8, 10)


async def test_the_scroll_key_moves_the_window_and_wraps(tmp_path):
    app = _app(RULES.setup(3, {}), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot)
        board = app.screen.query_one("#hex-board", HexBoard)
        seen = [board.rows_shown]
        for _ in range(3):
            await pilot.press("f3")
            await pilot.pause()
            seen.append(board.rows_shown)
        if seen[0] != (1, 10):  # not every row fits: the key shows the others
            assert len(set(seen)) >= 2 and any(first == 1 for first, _ in seen) and any(last == 10 for _, last in seen)
