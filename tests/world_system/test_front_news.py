"""What a newcomer needs to see on the world-system screens (issue 32's polish): a short
screen when a step changes the person's own state (annexed, made core, the rogue state,
a contender, recruited by a coup — never another state's secret), the world war's result
kept on the board, the coup's reason, the labels (names, not ids; "Cycle", not "Turn";
"votes worth N capital"), the footer at 100 columns, the events pane's newest line in
full, the pace without dice, and the new-game form's warning about the moderator."""

from __future__ import annotations

import re

import pytest
from textual.widgets import DataTable

from hedgemony_tui.games.world_system.engine.flow import coup_actor
from hedgemony_tui.games.world_system.engine.intents import Annex, Coup, Proceed, Promote
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status
from hedgemony_tui.games.world_system.front import render
from hedgemony_tui.games.world_system.front.happened import WhatHappened, happened, result_screen
from hedgemony_tui.games.world_system.front.parts import label
from hedgemony_tui.games.world_system.front.stages import STAGE_WORDS
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.shell.front import phase_label, turn_mark, turn_word
from hedgemony_tui.shell.screens.dialogs import PickScreen
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.widgets.events import EventPane
from hedgemony_tui.table.save_files import _turn_words
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import screen_text
from tests.world_system.test_front import FRONT, app_on, play_until, text_of


def _annex_only(seat: str = "italy"):
    """A game at the intervention stage where ``seat`` is the only peripheral state (so
    the hegemon's one legal step is to annex it), and ``seat`` holds the terrorist card."""
    state = play_until(3, lambda s: s.stage == "intervention" and s.cycle >= 2)
    for n in state.playing:
        if n.status is Status.PERIPHERAL and n.id != seat:
            state = state.changed(n.id, status=Status.SEMI)
    for n in state.nations:
        state = state.changed(n.id, terrorist=n.id == seat, terrorist_since=0 if n.id == seat else -1)
    state = state.changed(seat, status=Status.PERIPHERAL)
    assert state.hegemon != seat and RULES.legal(state) == [Annex(state.hegemon, seat)]
    return state


# --- what happened to me


def test_an_annexed_state_is_told_and_its_secret_card_is_not_named_to_anyone():
    before = _annex_only()
    after = RULES.apply(before, RULES.legal(before)[0])
    mine = happened(RULES.view(before, "italy"), RULES.view(after, "italy"), "italy")
    assert mine and "annexed" in mine[0] and "terrorist" not in " ".join(mine).lower()
    assert "italy" in RULES.concerns(before, after, RULES.legal(before)[0])
    assert RULES.reveals(before, after)
    for seat in (n.id for n in after.nations if n.id != "italy"):  # nothing for the others
        assert result_screen(RULES.view(before, seat), RULES.view(after, seat), seat) is None
    assert result_screen(before, after, MODERATOR) is None


def test_a_promotion_and_the_decline_are_results_owed_to_the_states_they_change():
    state = play_until(4, lambda s: s.stage == "promotion" and any(isinstance(i, Promote) for i in RULES.legal(s)))
    promote = next(i for i in RULES.legal(state) if isinstance(i, Promote))
    after = RULES.apply(state, promote)
    assert RULES.reveals(state, after) and promote.target in RULES.concerns(state, after, promote)
    lines = happened(RULES.view(state, promote.target), RULES.view(after, promote.target), promote.target)
    assert any("core state" in line for line in lines), lines
    decline = play_until(4, lambda s: s.stage == "decline")
    later = RULES.apply(decline, Proceed(MODERATOR))
    contender = later.contenders[0]
    lines = happened(RULES.view(decline, contender), RULES.view(later, contender), contender)
    assert any("contender" in line for line in lines), lines


def test_a_coup_tells_the_recruited_state_only():
    state = play_until(2, lambda s: s.stage == "coup" and any(isinstance(i, Coup) and i.target for i in RULES.legal(s)))
    coup = next(i for i in RULES.legal(state) if isinstance(i, Coup) and i.target)
    after = RULES.apply(state, coup)
    lines = happened(RULES.view(state, coup.target), RULES.view(after, coup.target), coup.target)
    assert any("terrorist" in line for line in lines), lines
    bystander = next(n.id for n in after.playing if not n.terrorist and n.id != coup.target)
    assert happened(RULES.view(state, bystander), RULES.view(after, bystander), bystander) == []


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_person_whose_state_is_annexed_sees_it_on_a_screen(size):
    app = app_on(_annex_only(), people=("italy",))
    async with app.run_test(size=size) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, WhatHappened):
                break
        assert isinstance(app.screen, WhatHappened)
        shown = screen_text(app)
        assert "WHAT HAPPENED TO ITALY" in shown and "was annexed" in shown and "every result" in shown
        assert "terrorist" not in shown.lower()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, WhatHappened)


# --- the world war on the board


def test_the_world_war_stays_on_the_board_until_the_next_cycle_opens():
    state = play_until(3, lambda s: s.stage == "revolution" and s.war_winner)
    shown = text_of(render.vote_panel(RULES.view(state, "italy"), "italy"))
    winner = state.name(state.war_winner)
    assert f"THE WORLD WAR · cycle {state.cycle}" in shown and f"{winner} wins the world war" in shown
    assert "VOTE · crisis: revolution vote" in shown  # the revolution vote under way beside it
    for contender, total in zip(state.contenders, state.war_totals):
        assert f"{state.name(contender)}'s alliance: capital {total} (" in shown
    opening = play_until(3, lambda s: s.stage == "opening" and s.war_winner)
    seen = RULES.view(opening, "italy")
    shown = text_of(render.vote_panel(seen, "italy"))
    assert f"THE WORLD WAR · cycle {opening.cycle - 1}" in shown  # the war's cycle, not the one opening
    alliance_vote = next(p for p in reversed(opening.past_votes) if p.kind == "alliance-vote")
    joined = {seat for seat, choice in alliance_vote.vote.ballots if choice in opening.contenders}
    for seat in joined - {n.id for n in opening.nations if n.rogue}:
        assert re.search(rf"alliance: capital \d+ \([^)]*{opening.name(seat)}", shown), (seat, shown)
    opened = RULES.apply(opening, Proceed(MODERATOR))
    if not opened.over:
        assert "THE WORLD WAR" not in text_of(render.vote_panel(RULES.view(opened, "italy"), "italy"))


# --- labels


def test_a_terrorist_with_nobody_poorer_is_told_why_it_cannot_stage_a_coup():
    state = play_until(2, lambda s: s.stage == "coup" and coup_actor(s) != MODERATOR)
    actor = coup_actor(state)
    poorest = state.changed(actor, capital=min(n.capital for n in state.playing))
    options = RULES.legal(poorest)
    assert options == [Coup(actor, "")]
    assert label(RULES.view(poorest, actor), options[0]) == "No coup: no state poorer than you that is not a terrorist"


def test_states_read_by_name_and_the_game_counts_cycles():
    seats = Seats.of_specs(RULES.seats())
    assert seats.name("italy") == "Italy" and seats.name(MODERATOR) == "Moderator"
    assert turn_word(FRONT) == "Cycle" and turn_mark(FRONT, 3) == "C3" and turn_word(object()) == "Turn"
    state = RULES.setup(5, {})
    assert _turn_words(RULES, state, state.stage)[0] == "cycle"
    assert "sees all of it while playing" in FRONT.help("new-game")


async def test_the_journal_names_a_computer_state_once_and_the_footer_keeps_events_and_quit():
    state = play_until(4, lambda s: s.stage == "speeches")
    state = state.logged("A long line of news " + "that goes on and on " * 8 + "and ends here.")
    app = app_on(state, people=("italy",))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(30):
            await pilot.pause()
        notes = [n.text for n in app.host.notes if n.kind in ("decision", "reason")]
        assert notes and not [t for t in notes if re.match(r"[a-z]+ \(", t) or "random: " in t], notes[:5]
        assert any(re.match(r"[A-Z][A-Za-z ]+ \(computer\): ", t) for t in notes), notes[:5]
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
            await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Events" in footer and "Quit" in footer and "Speech" in footer
        pane = app.screen.query_one(EventPane)
        assert all(mark.startswith("C") for mark, _, _ in pane.fitting(app))
        await pilot.press("f4")
        await pilot.pause()
        assert "Cycle" in screen_text(app)


async def test_the_newest_event_shows_in_full_and_the_pace_speaks_of_results():
    state = play_until(4, lambda s: s.stage == "promotion")
    state = state.logged("A long line of news " + "that goes on and on " * 8 + "and ends here.")
    app = app_on(state, people=tuple(n.id for n in state.nations))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        shown = screen_text(app)
        assert "and ends here." in shown and "Ctrl+T result stops" in shown
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        shown = screen_text(app)
        assert "no dice" in shown and "every result" in shown and "roll" not in shown


async def test_the_journal_names_every_row_s_stage_in_words():
    # A decision's row carries turn_of's stage id ("alliance-vote"); the journal reads it
    # through the front's phase_words, as the log's own rows already are.
    assert phase_label(FRONT, "declarations") == "rivalry: goals" and phase_label(object(), "x-y") == "x-y"
    state = play_until(4, lambda s: s.stage == "crisis")
    app = app_on(state, people=("italy",))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(10):
            await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        phases = {str(table.get_row_at(i)[1]) for i in range(table.row_count)}
        raw = {p for p in phases if p in STAGE_WORDS and STAGE_WORDS[p] != p}
        assert "crisis: world war" in phases and not raw, phases  # the moderator's war was decided here
