"""Hedgemony's map: its data file and the check that names every problem, place names and
forces on the map at the smallest and a large terminal beside the prompt and the decision
panel, a cursor that reaches every place by keys, the place detail, AOR colours that stay
distinct in 256 colours with a letter each, the same map for a seat whatever the other
seats' secrets, and snapshots in colour and with NO_COLOR."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from hedgemony_tui.games.hedgemony.engine.resources import default_scenario
from hedgemony_tui.games.hedgemony.front.context import content
from hedgemony_tui.games.hedgemony.front.render.board import draw_map
from hedgemony_tui.games.hedgemony.front.render.map_data import MapDataError, eight_bit, map_for, read_map
from hedgemony_tui.games.hedgemony.front.render.map_layout import fit_problems
from hedgemony_tui.games.hedgemony.front.widgets.board import BoardMap
from hedgemony_tui.games.hedgemony.front.widgets.place_detail import PlaceDetailScreen
from hedgemony_tui.shell.screens.too_small import too_small_text
from tests.hedgemony.app_helpers import human_app
from tests.tui.tui_helpers import settle

SMALLEST, LARGE = (100, 30), (160, 50)


def _spec():
    return map_for("default", default_scenario().board)


def _good_raw() -> dict[str, Any]:
    spec = _spec()
    return {
        "forces_width": 4,
        "aors": {a: {"letter": s.letter, "colour": s.colour, "places": list(s.places)} for a, s in spec.aors.items()},
        "labels": dict(spec.labels),
        "layouts": [{"columns": [list(c) for c in lay.columns]} for lay in spec.layouts],
    }


def test_the_shipped_map_lists_every_place_once_with_a_letter_and_colour_per_aor():
    board = default_scenario().board
    spec = read_map(_good_raw(), board)  # the same data read back: no problem
    listed = [p for style in spec.aors.values() for p in style.places]
    assert sorted(listed) == sorted(loc.id for loc in board.locations)
    letters = [s.letter for s in spec.aors.values()]
    assert len(set(letters)) == len(letters) == len(board.aors)
    # After reduction to the 256-colour palette the AOR colours are still pairwise different,
    # and none is a grey (the panel's background is one).
    numbers = [eight_bit(s.colour) for s in spec.aors.values()]
    assert len(set(numbers)) == len(numbers)
    assert all(16 <= n <= 231 for n in numbers), numbers


def test_a_broken_map_file_names_every_problem():
    board = default_scenario().board
    raw = _good_raw()
    # An unknown place, one of another AOR, and Europe (the first) left out:
    raw["aors"]["EUCOM"]["places"] = ["atlantis", *raw["aors"]["EUCOM"]["places"][1:], "japan"]
    raw["aors"]["AFRICOM"]["letter"] = raw["aors"]["CENTCOM"]["letter"]
    raw["aors"]["SOUTHCOM"]["colour"] = raw["aors"]["NORTHCOM"]["colour"].lower()
    raw["labels"]["nowhere"] = "Nowhere"
    raw["layouts"].append({"columns": [["NORTHCOM"], ["MARS"]]})
    with pytest.raises(MapDataError) as caught:
        read_map(raw, board)
    problems = "\n".join(caught.value.problems)
    for words in (
        "unknown location 'atlantis'",
        "'japan' is in INDOPACOM on the board, not in EUCOM",
        "location 'europe' is on no frame",
        "aors.CENTCOM has the same letter as aors.AFRICOM",
        "same colour in 256 colours",
        "labels.nowhere: unknown location",
        "unknown AOR 'MARS'",
        "EUCOM must be in exactly one column",
    ):
        assert words in problems, (words, problems)


def test_a_folder_without_a_map_file_gets_one_derived_and_a_broken_one_is_refused(tmp_path):
    from hedgemony_tui.games.hedgemony.front.render.map_data import derived_map

    board = default_scenario().board
    derived = map_for(f"folder:{tmp_path}#0", board)
    assert derived == derived_map(board)
    assert fit_problems(derived, board, 55, 21) == []  # the smallest board's map, event pane shown
    (tmp_path / "map.toml").write_text('forces_width = 0\n[aors.EUCOM]\nletter = "EE"\n', encoding="utf-8")
    with pytest.raises(MapDataError) as caught:
        map_for(f"folder:{tmp_path}#1", board)
    message = str(caught.value)
    assert str(tmp_path / "map.toml") in message and "forces_width" in message and "letter" in message
    assert "aors.NORTHCOM is missing" in message


def test_a_map_too_big_for_its_canvas_says_so():
    board = default_scenario().board
    assert fit_problems(_spec(), board, 30, 10)
    assert "needs" in fit_problems(_spec(), board, 30, 10)[0]


def _lines(app) -> list[str]:
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False).splitlines()


def _inside(region, screen) -> bool:
    return region.width > 0 and region.height > 0 and screen.contains_region(region)


async def _board(pilot) -> None:
    await pilot.pause()
    await pilot.press("enter")  # the hand-over to Russia
    await settle(pilot)


@pytest.mark.parametrize("size", [SMALLEST, LARGE])
async def test_every_place_name_the_prompt_and_the_decisions_show(size, tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await _board(pilot)
        screen = app.screen
        board = screen.query_one(BoardMap)
        scenario = content(app).scenario
        spec = map_for(app.host.state.scenario, scenario.board)
        assert fit_problems(spec, scenario.board, board.size.width, board.size.height) == []
        assert not board.layout_now.hidden
        lines = _lines(app)
        region = board.region
        shown = "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])
        # The names the map writes: the menus' where it has room, else the file's short ones.
        from hedgemony_tui.games.hedgemony.front.render.board import menu_named

        written = menu_named(spec, scenario.board, board.size.width, board.size.height)
        for loc in scenario.board.locations:
            assert written.label(scenario.board, loc.id) in shown, loc.id
        for aor, style in spec.aors.items():
            assert f" {style.letter} {aor} " in shown  # each frame names its AOR and letter
        assert "US 14×M3" in shown or "US14" in shown  # the U.S. forces at home, on CONUS's line
        whole = screen.region
        trackers = screen.query_one("#trackers")
        assert _inside(trackers.region, whole) and trackers.region.height == 2
        prompt = app.rules.pending(app.host.state).prompt
        assert prompt[:30] in lines[trackers.region.y + 1]  # the pending decision's line, whole or cut at the end
        for part in ("#decision-prompt", "#decision-filter", "#decision-options"):
            assert _inside(screen.query_one(part).region, whole), part
        assert not board.region.overlaps(screen.query_one("#decision").region)


async def _walk(pilot, board, key: str) -> set[str]:
    """Press ``key`` until the cursor stops moving; the places it passed."""
    seen = {board.selected}
    while True:
        before = board.selected
        await pilot.press(key)
        if board.selected == before:
            return seen
        seen.add(board.selected)


@pytest.mark.slow
async def test_the_arrows_reach_every_place_and_enter_shows_its_detail(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SMALLEST) as pilot:
        await _board(pilot)
        await pilot.press("f9")
        await pilot.pause()
        board = app.screen.query_one(BoardMap)
        assert board.has_focus and board.selected == "conus"  # the first place of the first column
        reached = await _walk(pilot, board, "down")
        await pilot.press("right")
        reached |= await _walk(pilot, board, "up") | await _walk(pilot, board, "down")
        assert reached == {loc.id for loc in content(app).scenario.board.locations}
        await _walk(pilot, board, "left")
        await _walk(pilot, board, "up")
        assert board.selected == "conus"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlaceDetailScreen)
        detail = "\n".join(_lines(app))
        assert "Continental United States" in detail and "United States (US): 14 FFs" in detail
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one(BoardMap) is board
        await pilot.press("escape")  # the keys go back to the decisions
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "decision-filter"


async def test_the_cursor_reaches_every_place_on_a_large_map(tmp_path):
    """At 160 x 50 the frames stand in three columns: Up/Down and Left/Right still reach all."""
    app = human_app(tmp_path)
    async with app.run_test(size=LARGE) as pilot:
        await _board(pilot)
        board = app.screen.query_one(BoardMap)
        assert len(board.layout_now.columns) == 3
        board.action_move(0, 0)
        reached = {board.selected}
        for step in (
            [(0, 1)] * 10 + [(1, 0)] + [(0, -1)] * 20 + [(0, 1)] * 20 + [(1, 0)] + [(0, -1)] * 20 + [(0, 1)] * 20
        ):
            board.action_move(*step)
            reached.add(board.selected)
        assert reached == {loc.id for loc in content(app).scenario.board.locations}


def _states():
    from hedgemony_tui.table import conformance as cf
    from hedgemony_tui.table.registry import get_rules

    rules = get_rules("hedgemony")
    playout = cf.random_playout(rules, 2, cf.short_options(rules), bound=240)
    return rules, [playout.start] + [step.before for step in playout.steps[60::60]]


def test_a_seats_map_is_the_same_whatever_the_other_seats_secrets():
    rules, states = _states()
    scenario = default_scenario()
    compared = 0
    for state in states:
        for seat in ("US", "RU", "PRC"):
            drawn = []
            for salt in (None, 1, 2):
                shown = rules.view(state if salt is None else rules.vary_secrets(state, seat, salt), seat)
                for width, height in ((55, 21), (113, 44)):
                    text = draw_map(
                        scenario,
                        shown.stacks,
                        shown.turn,
                        width,
                        height,
                        "korean-peninsula",
                        bases=shown.bases,
                        proxies=shown.proxy_partners,
                    )[0]
                    drawn.append((width, text.plain, [(s.start, s.end, str(s.style)) for s in text.spans]))
            assert all(d == drawn[i % 2] for i, d in enumerate(drawn)), (seat, state.turn, state.phase)
            compared += 1
    assert compared == 3 * len(states)


def test_the_map_names_places_and_forces_without_colour():
    """The AORs read by letter and name, forces by owner: nothing is told by colour alone."""
    scenario = default_scenario()
    rules, states = _states()
    seen = rules.view(states[0], "US")
    text = draw_map(scenario, seen.stacks, 1, 55, 21)[0].plain
    assert "◆ Europe" in text and "US1 NATO5" in text  # several owners, each named
    assert "╭ N NORTHCOM" in text and "├ E EUCOM" in text


@pytest.mark.parametrize("size", [(55, 21), (55, 26), (75, 34), (113, 44)])
def test_forces_are_written_on_their_places_line(size):
    """A stack's label starts on its place's own line, in the forces column: it never drifts."""
    scenario = default_scenario()
    rules, states = _states()
    for state in states:
        seen = rules.view(state, "US")
        text, layout = draw_map(scenario, seen.stacks, seen.turn, *size)
        lines = text.plain.splitlines()
        for place in {s.location for s in seen.stacks}:
            row = layout.rows[place]
            first = min(
                (s.owner for s in seen.stacks if s.location == place), key=lambda o: scenario.player_ids.index(o)
            )
            assert lines[row.y][row.forces_x :].startswith(first), (size, place, lines[row.y])
            assert lines[row.y][row.x + 2 : row.forces_x].strip() == layout.names[place]  # the menus' or the short one


def test_bases_and_proxies_show_on_their_place_and_in_its_detail():
    import attrs

    from hedgemony_tui.games.hedgemony.engine.state import Base, Proxy, ProxyForce
    from hedgemony_tui.games.hedgemony.front.render.map_detail import place_detail

    rules, states = _states()
    state = attrs.evolve(
        states[0],
        bases=(Base("japan", "INDOPACOM", 10, 1),),
        proxy_partners=(Proxy("Coastal militia", "RU", "syria", (ProxyForce(2, 1, 3),)),),
    )
    seen = rules.view(state, "US")
    scenario = default_scenario()
    wide, layout = draw_map(scenario, seen.stacks, 1, 113, 44, bases=seen.bases, proxies=seen.proxy_partners)

    def lines_of(place: str) -> str:  # the place's line and any lines the map gave it under it
        row = layout.rows[place]
        return " ".join(wide.plain.splitlines()[row.y : row.y + 1 + row.extra])

    assert "▲base 10%" in lines_of("japan") and "US 1×M3" in lines_of("japan")
    assert "◇RU proxy 2×M1" in lines_of("syria")
    narrow = draw_map(scenario, seen.stacks, 1, 55, 21, bases=seen.bases, proxies=seen.proxy_partners)[0].plain
    assert "▲" in next(row for row in narrow.splitlines() if "Japan" in row)
    assert "◇2" in next(row for row in narrow.splitlines() if "Syria" in row)
    detail = place_detail(scenario, seen, "syria").plain
    assert "Coastal militia, supporting Russia: 2 FF M1 (from turn 3)" in detail
    assert "10% off the readiness upkeep" in place_detail(scenario, seen, "japan").plain


def test_the_too_small_message_fits_80_by_24():
    text = too_small_text(80, 24, 100, 30)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 60 and len(lines) <= 12
    assert "100 × 30" in text and "80 × 24" in text


async def test_the_too_small_screen_shows_whole_at_80_by_24(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=SMALLEST) as pilot:
        await _board(pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        shown = "\n".join(_lines(app))
        assert "Needed: 100 × 30" in shown and "Now:    80 × 24" in shown and "where it was." in shown


async def _map_selected(pilot) -> None:
    await _board(pilot)
    await pilot.press("f9", "right", "down", "down", "down")  # Iran: the cursor on the map
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("size", [SMALLEST, LARGE], ids=["100x30", "160x50"])
def test_map_snapshot(size, snap_compare, tmp_path):
    assert snap_compare(human_app(tmp_path), terminal_size=size, run_before=_map_selected)


@pytest.mark.slow
@pytest.mark.parametrize("size", [SMALLEST, LARGE], ids=["100x30", "160x50"])
def test_map_snapshot_no_color(size, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) when the app is built
    assert snap_compare(human_app(tmp_path), terminal_size=size, run_before=_map_selected)
