"""Hex Encounters in the shell: the compact map keeps the hexes the pending decision
names inside the map's region at 100x30 and 120x40, a person's combat roll is followed
by its result screen, and the overlays and the hex inspector come from the seat's view
and leak no hidden type."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.intents import Attack, Fight, Join, MoveTo, Roll
from hedgemony_tui.games.hex_encounters.engine.state import GameState
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


def _fighting() -> GameState:
    """Red's roll pending on a Blue mech in the open (a fight every test can roll)."""
    state = position({"A1": ("red-armor", "0504"), "A2": ("red-mech", "0604"), "B1": ("mech", "0505")})
    state = RULES.apply(state, Attack("RED134", "0505"))
    state = RULES.apply(state, Join("RED134", "A1"))
    state = RULES.apply(state, Join("RED134", "A2"))
    return RULES.apply(state, Fight("RED134"))


@pytest.mark.slow
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
        assert "After the roll, losses:" in text and "column" in text


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
    state = position(
        {"A1": ("red-armor", "0504"), "A2": ("recce", "0707"), "B1": ("mech", "0505"), "B2": ("artillery", "1205")},
        phase="red-move",
    )
    seen = RULES.view(state, "RED134")
    assert "0505" in zoc(seen, "RED134") and "0506" in zoc(seen, "RED134")  # an unseen block counts as having a zone
    assert supply(seen, "RED134").get("0504") in ("s", "x")
    # What the enemy knows of Red's blocks: nothing revealed yet, so '?' everywhere.
    assert set(known(state, "RED134").values()) == {"?"}
    shown = attrs.evolve(
        state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "A1" else b for b in state.blocks)
    )
    assert known(shown, "RED134")["0504"] == "!"
    for salt in range(1, 6):
        varied = RULES.vary_secrets(state, "RED134", salt)
        assert known(varied, "RED134") == known(state, "RED134")
        seen_varied = RULES.view(varied, "RED134")
        assert zoc(seen_varied, "RED134") == zoc(seen, "RED134")
        assert supply(seen_varied, "RED134") == supply(seen, "RED134")


def test_the_hex_inspector_keeps_secrets():
    from hedgemony_tui.games.hex_encounters.engine.board import board
    from hedgemony_tui.games.hex_encounters.front.inspector import inspect

    state = position(
        {
            "A1": ("red-armor", "0504"),
            "A2": ("recce", "0707"),
            "A3": ("red-mech", "0707"),
            "B1": ("mech", "0505"),
            "B2": ("artillery", "1205"),
            "G1": ("militia", "0505"),
        },
        phase="red-move",
    )
    for seat in ("RED134", "BLUE"):
        seen = RULES.view(state, seat)
        texts = {h: inspect(seen, seat, h).plain for h in board().labels}
        enemy = "Blue" if seat == "RED134" else "Red"
        assert any(f"hidden {enemy} block" in t for t in texts.values())  # hidden blocks show as hidden
        leaks = 0
        for salt in range(1, 6):
            varied = RULES.vary_secrets(state, seat, salt)
            assert {h: inspect(RULES.view(varied, seat), seat, h).plain for h in board().labels} == texts
            # Drawn from the whole state it would differ: the check can catch a leak.
            leaks += {h: inspect(varied, seat, h).plain for h in board().labels} != texts
        assert leaks


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
        dests = {o.hex for o in flow.legal(app.host.state) if isinstance(o, MoveTo) and o.hex != "exit"}
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


def test_the_status_line_fits_100_columns_and_shows_the_exit_target():
    from hedgemony_tui.games.hex_encounters.engine.data import game_data
    from hedgemony_tui.games.hex_encounters.front.panels import status_line

    target = game_data().scenario.exit_cp
    long = attrs.evolve(position({}, phase="reinforce", seat="RED134"), turn=10, turns=12)
    for state, seat in ((RULES.setup(3, {}), "BLUE"), (long, "RED134")):
        view = RULES.view(state, seat)
        assert status_line(view, seat).startswith("Hex Encounters")  # no width: the whole line
        for width in (100, 120):
            line = status_line(view, seat, width)
            assert len(line) <= width and f"/{target} CP" in line and seat in line, (width, line)
    assert status_line(RULES.view(RULES.setup(3, {}), "BLUE"), "BLUE", 120).startswith("Hex Encounters")


def test_results_read_as_words_and_dice_from_the_table_say_so():
    from hedgemony_tui.games.hex_encounters.engine.intents import EnterDice
    from hedgemony_tui.games.hex_encounters.front.panels import worksheet

    state = _fighting()
    after = RULES.apply(state, Roll("RED134"))
    body = roll_text(RULES.view(state, "BLUE"), RULES.view(after, "BLUE")).plain
    sheet = worksheet(RULES.view(after, "BLUE")).plain
    for text in (body, sheet):
        assert "-loses" not in text and "-lose" not in text  # no result ids, words
        assert "defender loses" in text and "at the table" not in text
    table = attrs.evolve(state, physical_dice=True)
    entered = RULES.apply(table, EnterDice("RED134", 4, 1))  # 3:1 and +3: 6:1, the defender retreats
    views = RULES.view(table, "BLUE"), RULES.view(entered, "BLUE")
    typed = roll_text(*views, ("RED134",)).plain
    assert "rolled at the table and typed in by RED134" in typed
    assert "The defenders in the hex retreat 1 hex," in typed
    assert "computer player" in roll_text(*views, ("BLUE",)).plain
    assert "dice rolled at the table: attacker 4, defender 1" in worksheet(views[1]).plain


def test_an_attack_being_formed_shows_its_combat_power_to_its_side_only():
    from hedgemony_tui.games.hex_encounters.front.panels import worksheet

    state = position({"A1": ("red-armor", "0504"), "A2": ("red-mech", "0604"), "B1": ("mech", "0505")})
    state = RULES.apply(state, Attack("RED134", "0505"))
    state = RULES.apply(state, Join("RED134", "A1"))
    state = RULES.apply(state, Join("RED134", "A2"))
    assert "4 CP so far" in worksheet(RULES.view(state, "RED134")).plain
    blue = worksheet(RULES.view(state, "BLUE")).plain
    assert "CP so far" not in blue and "odds are set when the attack is committed" in blue


@pytest.mark.slow
async def test_f6_opens_the_combat_worksheet_and_its_grid_takes_the_faces(tmp_path):
    from hedgemony_tui.games.hex_encounters.engine.intents import EnterDice
    from hedgemony_tui.games.hex_encounters.front.dicesheet import CombatSheet, faces_grid

    state = attrs.evolve(_fighting(), physical_dice=True)
    app = _app(state, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _board(pilot)
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, CombatSheet)
        sheet = app.screen
        assert sheet.query("#hex-sheet-grid") and len(sheet.pairs) == 16
        grid = _rendered(faces_grid(sheet.view, sheet.pairs))
        assert "8+:1 defender loses, retreats 2 hexes" not in grid  # 3:1: +3 at most reaches 6:1
        assert "6:1 defender loses, retreats 1 hex" in grid and "1:1 attacker loses" in grid
        await pilot.press("escape")  # back: nothing chosen
        await pilot.pause()
        assert app.host.state == state and isinstance(app.screen, GameScreen)
        await pilot.press("f6")
        await pilot.pause()
        await pilot.press("2", "3", "backspace", "4", "1")  # picked again: 4 then 1
        assert app.screen.picked == (4, 1) and "Attacker 4, defender 1: Enter takes" in app.screen.prompt()
        await pilot.press("enter")
        await pilot.pause()
        assert app.host.state == RULES.apply(state, EnterDice("RED134", 4, 1))


async def test_f6_rolls_when_the_program_rolls(tmp_path):
    from hedgemony_tui.games.hex_encounters.front.dicesheet import CombatSheet

    state = _fighting()
    app = _app(state, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _board(pilot)
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, CombatSheet) and not app.screen.query("#hex-sheet-grid")
        await pilot.press("r")
        await pilot.pause()
        assert app.host.state == RULES.apply(state, Roll("RED134"))
        assert isinstance(app.screen, CombatResult)


def _rendered(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=160, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
