"""The map's cursor without a screen: a click's offset read back to the hex draw_map drew
there, the arrow keys' neighbour moves, which options a hex stands for, and the hex
inspector (what the viewer knows of a stack, and nothing of another seat's secrets)."""

from __future__ import annotations

from typing import cast

import attrs
import pytest

from hedgemony_tui.games.hex_encounters.engine import flow
from hedgemony_tui.games.hex_encounters.engine.board import board
from hedgemony_tui.games.hex_encounters.engine.data import game_data
from hedgemony_tui.games.hex_encounters.engine.intents import Deploy, Done, MoveTo, Select
from hedgemony_tui.games.hex_encounters.front.inspector import inspect
from hedgemony_tui.games.hex_encounters.front.mapdraw import draw_map, hex_at_offset, size, step
from hedgemony_tui.games.hex_encounters.front.picking import hexes_of, nothing_here, option_hexes, options_at
from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.shell.front import Table

from .helpers import hurt, position


def _where_drawn(label: str, rows: tuple[int, int]) -> tuple[int, int] | None:
    """Where draw_map puts the first character of ``label`` (found by drawing a unique
    overlay mark on it, the third character of the hex's first line)."""
    lines = draw_map(RULES.view(RULES.setup(3, {}), "BLUE"), overlay={label: "@"}, rows=rows).plain.split("\n")
    for y, line in enumerate(lines):
        if "@" in line:
            return line.index("@") - 2, y
    return None


@pytest.mark.parametrize("rows", [(1, 10), (3, 7), (6, 10)])
def test_a_click_anywhere_on_a_hex_reads_back_that_hex(rows):
    first, last = rows
    found = 0
    for label in board().labels:
        at = _where_drawn(label, rows)
        row = int(label[2:])
        if not first <= row <= last:
            # Only the next row's first line peeks in at the bottom (the lower half row).
            assert at is None or (at[1] == 2 * (last - first + 1) + 1 and row == last + 1), (label, at)
            assert at is None or hex_at_offset(at[0], at[1], rows) == label
            continue
        assert at is not None, label
        x, y = at
        found += 1
        for dx in range(3):
            for dy in range(2):
                assert hex_at_offset(x + dx, y + dy, rows) == label, (label, dx, dy, rows)
    assert found == 16 * (last - first + 1)


def test_a_click_off_the_hexes_reads_no_hex():
    lines = draw_map(RULES.view(RULES.setup(3, {}), "BLUE")).plain.split("\n")
    river_x = lines[1].index("║")
    assert all(hex_at_offset(river_x, y) == "" for y in range(1, len(lines)))  # the river column
    assert all(hex_at_offset(x, 0) == "" for x in range(60))  # the column header
    assert all(hex_at_offset(x, 3) == "" for x in range(3))  # the row labels
    assert hex_at_offset(3 + 3, 1) == ""  # above column 02's first hex: half a row of nothing
    assert hex_at_offset(200, 5) == "" and hex_at_offset(5, len(lines) + 3) == ""


def test_up_and_down_keep_the_column_and_stop_at_the_edge():
    cols, rows = size()
    assert step("0505", "up") == "0504" and step("0505", "down") == "0506"
    assert step("0501", "up") == "0501" and step(f"05{rows:02d}", "down") == f"05{rows:02d}"


def test_left_and_right_go_to_the_next_column_at_the_nearest_row():
    cols, rows = size()
    brd = board()
    for label in brd.labels:
        for way in ("left", "right"):
            there = step(label, way)
            col = int(label[:2])
            if (way == "left" and col == 1) or (way == "right" and col == cols):
                assert there == label
                continue
            assert there in brd.neighbours(label), (label, way, there)
            assert int(there[:2]) == col + (1 if way == "right" else -1)
    # Along a row the cursor keeps its row number, zigzagging with the columns.
    here = "0104"
    for _ in range(cols - 1):
        here = step(here, "right")
        assert here.endswith("04")
    assert here == f"{cols:02d}04"
    assert step(f"02{rows:02d}", "left") == f"01{rows:02d}"  # an even column's last hex: the nearest is on the row


def test_a_hex_stands_for_the_options_that_name_it():
    state = position(
        {"B1": ("mech", "1105"), "B3": ("mech", "1105"), "B2": ("recce", "1207")}, phase="blue-move", seat="BLUE"
    )
    view = RULES.view(state, "BLUE")
    options = [(o, str(o)) for o in flow.legal(state)]
    assert {o.unit for o, _ in options_at(view, options, "1105")} == {"B1", "B3"}
    assert [o for o, _ in options_at(view, options, "1207")] == [Select("BLUE", "B2")]
    assert options_at(view, options, "0101") == []
    assert hexes_of(view, Done("BLUE")) == ()
    assert option_hexes(view, options)[0] == "1105"
    why = nothing_here(view, options, "0101", "pick a unit to move")
    assert "0101" in why and "marked *" in why and "list on the right" in why  # End the moves is off the map
    moving = flow.apply(state, Select("BLUE", "B2"))
    dests = [(o, "") for o in flow.legal(moving)]
    assert all(isinstance(o, MoveTo) and hexes_of(RULES.view(moving, "BLUE"), o) in ((o.hex,), ()) for o, _ in dests)
    assert nothing_here(view, [], "0101", "", ("RED134",)).endswith("waiting on RED134.")


def test_every_block_that_may_deploy_names_the_deployment_hex():
    state = RULES.setup(3, {})
    seat = state.seat
    view = RULES.view(state, seat)
    spot = game_data().scenario.deployment[seat][state.slot]
    options = [(o, "") for o in flow.legal(state)]
    defaults = [(o, t) for o, t in options if isinstance(o, Deploy)]
    assert defaults and options_at(view, options, spot) == defaults
    # A block to set up freely is picked in the list, then its hex on the map (L165).
    free = [o for o, _ in options if isinstance(o, Select)]
    assert free and all(hexes_of(view, o) == () for o in free)
    chosen = flow.apply(state, free[0])
    hexes = [(o, "") for o in flow.legal(chosen)]
    assert all(isinstance(o, MoveTo) and hexes_of(RULES.view(chosen, seat), o) == (o.hex,) for o, _ in hexes)


def test_hidden_blocks_alike_read_as_one_entry_and_a_long_stack_is_cut():
    from rich.console import Console

    from hedgemony_tui.games.hex_encounters.front.inspector import fitted

    state = position(
        {"A1": ("red-armor", "0505"), "A2": ("recce", "0505"), "A3": ("red-mech", "0505")}, phase="red-move"
    )
    state = hurt(state, "A3", 1)
    text = inspect(RULES.view(state, "BLUE"), "BLUE", "0505")
    assert "A1, A2 hidden Red blocks, no cohesion lost; A3 hidden Red block, 1 cohesion lost" in text.plain
    cut = fitted(text, Console(width=200), 30, 2)
    assert len(cut.plain.split("\n")) == 2 and cut.plain.endswith("…")
    assert fitted(text, Console(width=200), 200, 2) is text


def test_the_inspector_shows_what_the_viewer_knows_of_a_stack():
    state = position(
        {"A1": ("red-armor", "0505"), "A2": ("recce", "0505"), "B1": ("mech", "0605"), "G1": ("militia", "0605")},
        phase="red-move",
    )
    state = hurt(state, "A1", 2)
    state = attrs.evolve(
        state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "A2" else b for b in state.blocks)
    )
    name = {k: t.name.removesuffix(" battalion") for k, t in game_data().types.items()}
    blue = inspect(RULES.view(state, "BLUE"), "BLUE", "0505").plain
    assert "A1 hidden Red block, 2 cohesion lost" in blue
    assert name["red-armor"] not in blue  # the hidden type is nowhere
    assert f"A2 Red {name['recce']}" in blue  # revealed: its type is known
    mine = inspect(RULES.view(state, "BLUE"), "BLUE", "0605").plain
    assert f"B1 {name['mech']}" in mine and "(yours)" in mine
    assert f"G1 {name['militia']}" in mine and "allied Green" in mine
    red = inspect(RULES.view(state, "RED134"), "RED134", "0505").plain
    assert f"A1 {name['red-armor']}" in red and "2 cohesion lost" in red
    assert "B1 hidden Blue block, no cohesion lost" in inspect(RULES.view(state, "RED134"), "RED134", "0605").plain
    ground = inspect(RULES.view(state, "BLUE"), "BLUE", "1105").plain
    assert "Kovanburg" in ground and "no blocks" in ground


class _Table:
    """Just what decision_hex reads of the shell: the seat's view and its legal options."""

    def __init__(self, state, seat: str) -> None:
        self.state, self.seat = state, seat

    def as_table(self) -> Table:
        # decision_hex takes the shell's whole Table but reads only the two methods here.
        return cast(Table, self)

    def seen_state(self):
        return RULES.view(self.state, self.seat)

    def my_options(self):
        return [(o, str(o)) for o in flow.legal(self.state)]


def test_after_a_decision_the_cursor_goes_to_the_nearest_hex_it_names():
    from hedgemony_tui.games.hex_encounters.front.board import decision_hex

    state = position(
        {"B1": ("mech", "1105"), "B3": ("mech", "0105"), "B2": ("recce", "1207")}, phase="blue-move", seat="BLUE"
    )
    fake = _Table(state, "BLUE")
    table = fake.as_table()
    assert decision_hex(table) == option_hexes(fake.seen_state(), fake.my_options())[0]  # no cursor: the first
    assert decision_hex(table, "1207") == "1207"  # the cursor's hex is named: it stays
    assert decision_hex(table, "1307") == "1207"  # the nearest named hex, not the first offered
    assert decision_hex(table, "0205") == "0105"
    moving = _Table(flow.apply(state, Select("BLUE", "B2")), "BLUE").as_table()
    assert decision_hex(moving, "0105") == "1207"  # a unit moving: its hex, wherever the cursor is


def test_a_red_unit_waiting_off_the_map_is_picked_at_its_entry_hex():
    state = position({}, phase="red-move", seat="RED134")  # every Red block waits off the west edge
    view = RULES.view(state, "RED134")
    options = [(o, str(o)) for o in flow.legal(state)]
    waiting = [o for o, _ in options if isinstance(o, Select)]
    assert waiting and all(hexes_of(view, o) == (board().red_entry,) for o in waiting)
    assert [o for o, _ in options_at(view, options, board().red_entry)] == waiting
    assert option_hexes(view, options) == [board().red_entry]
    # The inspector says so at the entry hex, to Red and to Blue alike (the count is public).
    for seat in ("RED134", "BLUE"):
        text = inspect(RULES.view(state, seat), seat, board().red_entry).plain
        count = sum(b.side == "red" and b.status == "reserve" for b in state.blocks)  # both regiments'
        assert count > len(waiting) and f"{count} Red blocks waiting off the west edge enter here" in text
    assert "waiting" not in inspect(view, "RED134", "0205").plain
