"""The world-system game's screens: the board's bands and badges (T only on a terrorist's
and the moderator's board; the privacy rule: a seat's board, tracker and vote panel read
the same whatever another seat's secrets), the tracker, the vote panel's waiting line,
the speech sheet (typed text delivered, skipped, delivered at the end of the countdown),
the moderator's read-aloud console, and the end report (ending, winners, goals, the
terrorists revealed). Pure drawing is tested on the render functions; the rest through
the app with Textual's Pilot."""

from __future__ import annotations

import io
import re
import tempfile
from typing import Any, cast

import attrs
import pytest
from rich.console import Console
from textual.widgets import Input

from hedgemony_tui.games.world_system.engine.intents import Declare, Join, Proceed, RogueVote, Speak
from hedgemony_tui.games.world_system.engine.moderator import ENDINGS
from hedgemony_tui.games.world_system.engine.state import STAGES, CoupRecord
from hedgemony_tui.games.world_system.engine.world import MODERATOR, Status
from hedgemony_tui.games.world_system.front import FRONT as SHELL_FRONT
from hedgemony_tui.games.world_system.front import render, speech
from hedgemony_tui.games.world_system.front.adapter import WorldFront
from hedgemony_tui.games.world_system.front.speech import SpeechSheet
from hedgemony_tui.games.world_system.front.stages import GROUPS, STAGE_WORDS
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.shell.app import build_app
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.saves import SavedGame
from hedgemony_tui.table.seats import Seats
from tests.tui.tui_helpers import screen_text, settle

SIZES = ((100, 30), (120, 40))
FRONT = cast(WorldFront, SHELL_FRONT)  # with its optional members (phase_name, end_report, ...)


def text_of(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def play_until(seed: int, stop, tries: int = 40):
    """A random game (speeches said as nothing) up to the first state where ``stop(state)``
    holds: from ``seed``, or the next seed whose game gets there."""
    for game in range(seed, seed + tries):
        state, rng = RULES.setup(game, {}), Rng(game + 7)
        while not state.over:
            if stop(state):
                return state
            options = RULES.legal(state)
            pick, rng = rng.next_below(len(options))
            state = RULES.apply(state, options[pick])
        if stop(state):
            return state
    raise AssertionError("no game reached the state wanted")


def kinds(people=(), moderator="automated") -> dict[str, str]:
    found = {s.id: "random" for s in RULES.seats() if not s.control}
    found.update({p: "human" for p in people})
    found[MODERATOR] = moderator
    return found


def app_on(state, people=(), moderator="automated"):
    seats = Seats.of_specs(RULES.seats(), kinds(people, moderator))
    return build_app(SavedGame(RULES, state, state, (), seats), saves_dir=tempfile.mkdtemp(), bot_delay=0)


def marked(state):
    """``state`` with every badge on the board somewhere (the engine's fields set by hand)."""
    ids = [n.id for n in state.nations]
    for seat in ids:  # the dealt terrorist moved to the seventh state, the rest cleared
        state = state.changed(seat, terrorist=False, terrorist_since=-1, status=Status.PERIPHERAL)
    state = attrs.evolve(state, stage="alliance-vote", contenders=(ids[0], ids[1]), goals=("world-empire", ""))
    for seat in ids[:3]:
        state = state.changed(seat, status=Status.CORE)
    state = attrs.evolve(state, hegemon=ids[2])
    state = state.changed(ids[3], status=Status.SEMI, rogue=True)
    state = state.changed(ids[4], strikebreaker=True)
    state = state.changed(ids[5], annexed_in=1, capital=0)
    return state.changed(ids[6], terrorist=True, terrorist_since=0)


# --- the board


def test_the_board_draws_each_band_and_badge_and_t_only_where_the_view_keeps_it():
    state = marked(RULES.setup(5, {}))
    ids = [n.id for n in state.nations]
    whole = text_of(render.board(RULES.view(state, MODERATOR), MODERATOR))
    names = [state.name(i) for i in ids]
    rows = whole.splitlines()
    # Each band's name on its first row: the core states, then the semi-periphery, the periphery.
    assert [r.split()[0] for r in rows if r.strip() and r[:1] != " "] == ["CORE", "SEMI", "PERIPH"]
    assert rows[3].startswith("SEMI") and rows[4].startswith("PERIPH")
    lines = {name: next(r for r in rows if f" {name} " in r) for name in names}
    assert "C·empire" in lines[names[0]] and lines[names[1]].rstrip().endswith(" C")
    assert " H" in lines[names[2]] and " R" in lines[names[3]] and " S" in lines[names[4]]
    assert lines[names[5]].rstrip().endswith(" A") and " 0 " in lines[names[5]]
    assert lines[names[6]].rstrip().endswith(" T")
    # The terrorist sees its own badge; a state that is not one sees no T anywhere.
    assert " T" in text_of(render.board(RULES.view(state, ids[6]), ids[6]))
    other = text_of(render.board(RULES.view(state, ids[7]), ids[7]))
    assert not any(line.rstrip().endswith(" T") for line in other.splitlines())
    # The seat at the keyboard's own row is marked.
    assert any(f"{render.YOU} {names[7]} " in line for line in other.splitlines())
    assert render.YOU not in whole


def test_every_badge_is_in_the_legend_and_the_boards_help():
    help_text = FRONT.help("board")
    for mark, _ in render.LEGEND:
        for part in mark.split(" / "):
            assert f"`{part}`" in help_text, part
    assert FRONT.help("new-game")


def _seat_screens(state, seat: str) -> str:
    seen = RULES.view(state, seat)
    return "\n".join(
        text_of(part) for part in (render.board(seen, seat), render.tracker(seen), render.vote_panel(seen, seat))
    )


def test_what_a_seat_is_shown_does_not_change_with_another_seats_secrets():
    # States with a vote under way, a coup behind them, a terrorist or two.
    states = [
        play_until(2, lambda s: s.stage == "rogue-vote" and s.vote is not None and len(s.vote.voted) >= 3),
        play_until(3, lambda s: s.cycle == 3 and s.stage == "alliance-vote" and s.vote and s.vote.voted),
        play_until(4, lambda s: s.stage == "revolution" and s.vote and s.vote.voted),
    ]
    for state in states:
        for seat in [s.id for s in RULES.seats() if not s.control]:
            for salt in (1, 2):
                varied = RULES.vary_secrets(state, seat, salt)
                assert _seat_screens(state, seat) == _seat_screens(varied, seat), (state.stage, seat, salt)


def test_the_tracker_marks_the_stage_by_a_symbol_and_names_it():
    state = play_until(1, lambda s: s.cycle == 2 and s.stage == "nominations")
    shown = text_of(render.tracker(state))
    assert "Cycle 2 of 4" in shown and "▶NEGOTIATIONS" in shown and "now: negotiations: nominees" in shown
    assert "(negotiations)" in text_of(render.tracker(RULES.setup(1, {})))  # not in cycle 1
    assert FRONT.phase_name(state) == "negotiations: nominees"
    # Every stage of the engine has its words and its step on the tracker.
    assert set(STAGES) <= set(STAGE_WORDS)
    assert set(STAGES) == {stage for _, _, stages in GROUPS for stage in stages}


# --- the vote panel


def test_the_vote_panel_names_who_is_waiting_and_no_sealed_ballot():
    state = play_until(2, lambda s: s.stage == "rogue-vote" and s.vote is not None and len(s.vote.voted) >= 3)
    voters = state.vote.voted
    viewer = next(v for v in state.vote.waiting_on)
    shown = text_of(render.vote_panel(RULES.view(state, viewer), viewer))
    assert "Still waiting on:" in shown and state.name(viewer) in shown.split("Still waiting on:")[1]
    assert "capital" in shown and "→" not in shown  # the ballots cast are not drawn, only who is waiting
    # A voter sees its own sealed ballot only; the moderator sees them all.
    mine = text_of(render.vote_panel(RULES.view(state, voters[0]), voters[0]))
    assert "Your sealed ballot:" in mine and mine.count("→") == 0
    moderator = text_of(render.vote_panel(state, MODERATOR))
    assert moderator.count("→") == len(voters)


def test_the_last_vote_stays_with_its_tally_and_an_alliance_shows_its_capital():
    state = play_until(3, lambda s: s.stage in ("crisis", "coup", "war") and s.contenders and s.past_votes)
    assert state.past_votes[-1].kind == "alliance-vote"
    shown = text_of(render.vote_panel(RULES.view(state, "italy"), "italy"))
    assert "LAST VOTE" in shown and "'s alliance: capital" in shown
    rogue = play_until(2, lambda s: s.stage == "growth" and s.past_votes and s.past_votes[-1].kind == "rogue-vote")
    shown = text_of(render.vote_panel(RULES.view(rogue, "italy"), "italy"))
    assert "LAST VOTE" in shown and ": votes worth " in shown and ": capital " not in shown
    assert f"Result: {rogue.name(rogue.past_votes[-1].result)}" in shown  # the state's name, not its id


# --- the speech sheet


async def _speech_app(pilot_size=(100, 30)):
    state = play_until(3, lambda s: s.stage == "speeches" and s.queue)
    speaker = state.queue[0]
    return state, speaker, app_on(state, people=(speaker,))


def _journal(app) -> list[str]:
    return [e.text for e in app.host.state.log]


@pytest.mark.parametrize("size", SIZES)
async def test_a_typed_speech_goes_into_the_journal(size):
    state, speaker, app = await _speech_app()
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen) and "YOUR SPEECH" in screen_text(app)
        await pilot.press("f6")  # the speaker takes the floor: the countdown starts
        await pilot.pause()
        assert isinstance(app.screen, SpeechSheet)
        assert "Time left: 30 s" in screen_text(app)
        await pilot.press(*"We open our ports", "enter")
        await pilot.pause()
        assert f'{state.name(speaker)}: "We open our ports"' in _journal(app)


async def test_escape_skips_the_speech():
    state, speaker, app = await _speech_app()
    async with app.run_test(size=SIZES[1]) as pilot:
        for _ in range(4):
            await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, SpeechSheet)
        await pilot.press("escape")
        await pilot.pause()
        assert f"{state.name(speaker)} does not speak." in _journal(app)


async def test_a_refused_speech_says_why_and_the_sheet_stays():
    state, speaker, app = await _speech_app()
    async with app.run_test(size=SIZES[1]) as pilot:
        for _ in range(4):
            await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SpeechSheet)
        sheet.query_one("#ws-speech-text", Input).value = "x\tline"  # a tab: not one line of plain text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is sheet and "Not delivered: a speech is one line" in screen_text(app)
        assert app.host.state.log == state.log


@pytest.mark.parametrize("typed, said", [("Peace through trade", '"Peace through trade"'), ("", "does not speak.")])
async def test_the_countdown_delivers_what_is_typed_when_it_runs_out(monkeypatch, typed, said):
    now = [1000.0]
    monkeypatch.setattr(speech, "CLOCK", lambda: now[0])
    state, speaker, app = await _speech_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        for _ in range(4):
            await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SpeechSheet)
        if typed:
            await pilot.press(*typed)
        now[0] += 12.2
        sheet.tick()
        await pilot.pause()
        assert "Time left: 18 s" in screen_text(app) and app.screen is sheet
        now[0] += 18
        sheet.tick()
        await pilot.pause()
        assert any(line.startswith(state.name(speaker)) and line.endswith(said) for line in _journal(app))
        assert not isinstance(app.screen, SpeechSheet)


# --- the moderator's console


@pytest.mark.parametrize("size", SIZES)
async def test_a_person_at_the_moderators_seat_reads_aloud_and_goes_on_with_enter(size):
    state = play_until(4, lambda s: s.cycle == 2 and s.stage == "crisis" and s.terrorists)
    app = app_on(state, moderator="human")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert app.viewer_seat() == MODERATOR
        shown = screen_text(app)
        assert "READ ALOUD" in shown and "the moderator announces the" in shown and "Enter goes on" in shown
        # What the step will tell the room, before the moderator goes on (not the line before).
        assert "The crisis stage: everyone closes their" in shown
        for n in state.terrorists:  # the moderator's board shows the terrorists
            assert re.search(rf"{state.name(n.id)} +{n.capital} [█·]+( \S+)* T\b", shown), n.id
        app.screen.query_one("#decision-filter").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.host.state.stage != "crisis" or app.host.state.cycle != 2


def test_the_decision_labels_name_capital_and_goals():
    state = play_until(2, lambda s: s.stage == "rogue-vote" and s.vote is not None)
    seen = RULES.view(state, state.vote.waiting_on[0])
    from hedgemony_tui.games.world_system.front.parts import label

    vote = next(i for i in RULES.legal(state) if isinstance(i, RogueVote))
    assert label(seen, vote) == f"Vote for {state.name(vote.target)} (capital {state.nation(vote.target).capital})"
    assert "Say nothing" in label(seen, Speak("italy", ""))
    assert "goal: world-empire" in label(
        attrs.evolve(seen, contenders=("spain", "france"), goals=("world-empire", "")), Join("italy", "spain")
    )
    assert label(seen, Declare("spain", "world-empire")) == Declare("spain", "world-empire").describe()
    assert label(seen, Proceed(MODERATOR)) == Proceed(MODERATOR).describe()


# --- the end


def test_the_end_report_names_the_ending_winners_goals_and_terrorists():
    state = play_until(3, lambda s: s.over)

    class _Table:
        def seen_state(self):
            return RULES.view(state, "italy")

    shown = "\n".join(title + "\n" + text_of(body, 120) for title, body in FRONT.end_report(cast(Any, _Table())))
    assert ENDINGS[state.ending] in shown
    winners = ", ".join(state.name(w) for w in state.winners) or "nobody"
    assert f"Winners: {winners}" in shown
    assert "[x]" in shown or "[ ]" in shown
    ever = [n for n in state.nations if n.terrorist_since >= 0]
    assert ever and all(state.name(n.id) + ":" in shown for n in ever)
    assert "The terrorists revealed" in shown and "Secondary goals" in shown
    assert FRONT.tracks(state)["Capital"]["italy"] == state.nation("italy").capital
    # A cycle without a coup: the terrorist stayed covert, or none could act (the moderator's turn).
    coups = (CoupRecord(2, MODERATOR, ""), CoupRecord(3, ever[0].id, ""))
    quiet = text_of(render.terrorists_section(attrs.evolve(state, coups=coups)), 120)
    assert "Cycle 2: no terrorist state could stage a coup." in quiet
    assert f"Cycle 3: {state.name(ever[0].id)} stayed covert (no coup)." in quiet


def test_a_newcomer_plays_the_first_state_against_computers_with_the_moderator_automated():
    kinds_ = FRONT.default_kinds(RULES)
    first = RULES.seats()[0].id
    assert kinds_[first] == "human" and kinds_[MODERATOR] == "automated"
    assert {kinds_[s.id] for s in RULES.seats() if s.id not in (first, MODERATOR)} <= set(RULES.policy_names())
    assert len(kinds_) == 13
    assert FRONT.guide() is not None
    assert FRONT.lesson().seat in kinds_


async def test_the_end_screen_shows_the_report_at_100_columns():
    state = play_until(3, lambda s: s.over)
    app = app_on(state, people=("italy",))
    async with app.run_test(size=SIZES[0]) as pilot:
        for _ in range(6):
            await pilot.pause()
        assert type(app.screen).__name__ == "EndGameScreen"
        shown = screen_text(app)
        assert "The ending" in shown and "Winners:" in shown


def test_the_core_states_open_vote_shows_each_ballot_as_it_comes_in():
    state = play_until(1, lambda s: s.stage == "core-vote" and s.vote is not None and len(s.vote.voted) == 1)
    voter, choice = state.vote.ballots[0]
    for seat in ("italy", MODERATOR, state.vote.waiting_on[0]):
        shown = text_of(render.vote_panel(RULES.view(state, seat), seat))
        assert f"Open ballots: {state.name(voter)} → {state.name(choice)}" in shown
        assert "So far: " in shown and "Still waiting on:" in shown


def test_the_read_aloud_panel_says_when_the_players_are_deciding():
    assert "Enter goes on" in text_of(
        render.read_aloud("Cycle 1: Moderator: announce the cycle 1", ["Cycle 1 begins."])
    )
    waiting = text_of(render.read_aloud("Everyone: vote", [], yours=False))
    assert "Everyone: vote" in waiting and "wait for them" in waiting and "Enter" not in waiting
