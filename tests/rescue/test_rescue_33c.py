"""Gaming to the Rescue! after a newcomer's play (issue 33):

* each Media Meeple row says whose GP would move, by how much, for which crisis and why,
  and what happens to an actor already at 0 GP;
* the debrief pack says which GP changes were a roll's luck and which were delayed
  effects (the cycle's end), and the figures add up: start + changes = end = luck + rest;
* at 100x30 the board shows every crisis's cost for each actor, not below the fold;
* a result screen's line saying which key goes on stays in sight at 100x30.
"""

from __future__ import annotations

import io
import re

import attrs
from rich.console import Console

from hedgemony_tui.games.rescue.cli.debrief import HEADING
from hedgemony_tui.games.rescue.engine.intents import DrawEvent, EndTurn, Roll
from hedgemony_tui.games.rescue.front.results import RollResult
from hedgemony_tui.games.rescue.render.rolls import result_body
from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.debrief_pack import write_pack
from hedgemony_tui.table.replay import Timeline
from hedgemony_tui.table.saves import JournalEntry
from tests.rescue.test_learning_screens import _app
from tests.tui.tui_helpers import screen_text

# Only Crisis 3 (green 5, the Host Nation's colour) is above 3.
HOT = (("red", 2), ("blue", 1), ("green", 5), ("blue", 2), ("green", 1), ("red", 3))


def _scripted(media: int) -> tuple[object, list[JournalEntry]]:
    """The start and a journal: initiative USM 6, HN 4, HC 2, the HOT dice, event E03,
    the media die showing ``media``, then the three turns ended (cycle 1's end)."""
    start = RULES.setup(1, {"physical_dice": True})
    state, journal = start, []

    def take(intent) -> None:
        nonlocal state
        journal.append(JournalEntry(RULES.seat_of(intent), intent))
        state = RULES.apply(state, intent)

    for seat, face in zip(("USM", "HN", "HC"), (6, 4, 2)):
        take(Roll(seat, face))
    for colour, face in HOT:
        take(Roll(RULES.pending(state).seat, face, colour))
    take(DrawEvent(state.drawer))
    take(Roll(state.drawer, media))
    for _ in range(3):
        take(next(i for i in RULES.legal(state) if isinstance(i, EndTurn)))
    return start, journal


def _text(body) -> str:
    console = Console(width=400, file=io.StringIO(), record=True)  # a row on one line
    console.print(body)
    return console.export_text()


def test_each_media_row_says_whose_gp_moves_why_and_what_the_floor_does():
    start, journal = _scripted(media=3)
    before = Timeline(RULES, start, journal[:-4]).states[-1]  # the media die still to roll
    assert before.stage == "media"
    # The Host Nation already at 0 GP: its loss cannot be taken, and the row says so.
    before = attrs.evolve(before, actors=tuple(attrs.evolve(a, gp=0) if a.id == "HN" else a for a in before.actors))
    intent = Roll(before.drawer, 1)
    text = _text(result_body(intent, RULES.view(before, "HC"), RULES.view(RULES.apply(before, intent), "HC"), "HC"))
    rows = {m.group(1): m.group(2).rstrip() for m in re.finditer(r"^[> ]+(\d) +1 in 6 \(17%\) +(.*)$", text, re.M)}
    assert "watches C1 B-2, red 2 (no GP: die 3 or less)" in rows["1"]
    floor = "HN -1 GP for C3 (green 5, open), but HN is at 0 GP: GP never goes below 0, so no change"
    assert rows["1"].endswith(f"Cycle's end if nothing changes: {floor}")
    # Under the meeple Crisis 3 counts twice, and the row says that is why.
    assert rows["3"].startswith("watches C3 D-4, green 5. Cycle's end if nothing changes: HN -2 GP for C3")
    assert "(green 5, open; x2, watched), but HN is at 0 GP" in rows["3"]


def test_the_debrief_says_which_gp_change_was_luck_and_which_a_delayed_effect(tmp_path):
    start, journal = _scripted(media=3)
    timeline = Timeline(RULES, start, journal)
    assert [a.gp for a in timeline.states[-1].actors] == [3, 1, 3]
    write_pack(timeline, tmp_path / "pack", title="test")
    report = (tmp_path / "pack" / "report.md").read_text()
    assert f"## {HEADING}" in report
    assert report.index("## Luck and choice") < report.index(f"## {HEADING}")
    assert (
        "| 1 | HN | -2 | delayed: the cycle's end (Media Meeple) | HN -2 GP for C3 (green 5, open; x2, watched) |"
        in report
    )
    # start + the changes = end, split as the luck table splits it: luck + the rest.
    assert "| HN | 3 | -2 | 1 | +0.00 | -2.00 |" in report
    assert "| USM | 3 | +0 | 3 | +0.00 | +0.00 |" in report
    html = (tmp_path / "pack" / "report.html").read_text()
    assert "delayed effects" in html and "<table" in html


async def _first_hc_turn(pilot, on_result) -> None:
    app = pilot.app
    for _ in range(150):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, RollResult):
            on_result(screen_text(app))
            await pilot.press("n")
        elif isinstance(screen, HandOverScreen):
            await pilot.press("enter")
        elif not isinstance(screen, GameScreen):
            await pilot.press("escape")
        elif app.my_options():
            if RULES.pending(app.host.state).kind == "turn":
                return
            app.screen.query_one("#decision-filter").focus()
            await pilot.press("enter")
    raise AssertionError("the HC's turn never came")


async def test_at_100x30_the_costs_and_the_result_screens_key_line_are_in_sight(tmp_path):
    app = _app(tmp_path)
    seen: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await _first_hc_turn(pilot, seen.append)
        board = screen_text(app)
    # Every result screen names its key on screen (the event card's body is long).
    assert seen and all("n or Enter for the next" in text for text in seen)
    # The costs under the map: a column a crisis, a row an actor, every row in sight.
    lines = board.splitlines()
    assert any(line.startswith("Needs C1 ") and " C6 " in line for line in lines), board
    for seat in ("USM", "HN", "HC"):
        assert any(re.match(rf"{seat} +(\d+(se|me|su)|ok|\?)( +(\d+(se|me|su)|ok|\?)){{5}} ", line) for line in lines)


async def test_f9_puts_the_focus_on_the_map_and_esc_or_f9_gives_it_back(tmp_path):
    """The map's keys leave it too, and the footer names the way back while it has the focus."""
    from hedgemony_tui.games.rescue.front.widgets import MapBoard

    app = _app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _first_hc_turn(pilot, lambda _: None)
        screen = app.screen
        board = screen.query_one(MapBoard)
        search = screen.query_one("#decision-filter")
        for leave in ("escape", "f9"):
            await pilot.press("f9")
            await pilot.pause()
            assert board.has_focus
            assert "esc Back to the list" in screen_text(app).splitlines()[-1]
            await pilot.press(leave)
            await pilot.pause()
            assert search.has_focus and app.screen is screen


def test_the_end_screen_says_where_the_gp_went_and_why_a_loss_at_the_floor_is_smaller():
    from hedgemony_tui.games.rescue.bots import get_policy
    from hedgemony_tui.games.rescue.front.extras import end_report

    state, policy = RULES.setup(3, {}), get_policy("random")
    while not state.over:  # seed 3, random players: Gameland fails with every actor at 0 GP
        seat = RULES.pending(state).seats[0]
        state = RULES.apply(state, policy.decide(RULES.view(state, seat), RULES.legal(state)).intent)
    assert [a.gp for a in state.actors] == [0, 0, 0]
    text = _text(dict(end_report(RULES.view(state, "HC")))["Where the GP went"])
    assert "No die moves GP when it is rolled" in text and "delayed effect" in text and "started with 3" in text
    assert "HC -2 GP (its red die shows 5); now 0. (it had 1: GP never goes below 0, so only -1)" in text
    assert "USM -1 GP (its blue die shows 6); now 0. (it had 0: GP never goes below 0, so no change)" in text
