"""Results go to the seats they concern, whoever held the keyboard (issue 28).

The hot seat of the report: the U.S. and Russia are people, the other players computers.
The U.S. commits forces against a Russian card; Russia, at the keyboard, rolls it. The
U.S. player must see that roll's result too — after the hand-over, "while you were
away" — and the rolls of the computer NATO are shown to the seats they concern (every
roll to a seat whose pace is "every roll", only those that concern it to a seat whose
pace is "my seat's rolls"), each drawn from that seat's own view."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.shell.screens.game import GameScreen
from hedgemony_tui.shell.screens.handover import HandOverScreen
from hedgemony_tui.table.feed import EVERY, MINE
from tests.hedgemony.app_helpers import app_on, new_state
from tests.tui.tui_helpers import SIZE

KINDS = {"NATO": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "none"}
BASIC = RULES.policy("basic")


def _roll_seqs(screen: ResultScreen) -> set[int]:
    return {e.seq for e in screen.entries if e.roll is not None}


async def _play_red_phase(pilot, app, limit: int = 900) -> dict[str, list[tuple[set[int], str]]]:
    """Play both people with the basic player's choices through turn 1's Red phase;
    return, per seat, the rolls of each result screen it saw and the footer's context."""
    seen: dict[str, list[tuple[set[int], str]]] = {"US": [], "RU": []}
    for _ in range(limit):
        await pilot.pause()
        state = app.host.state
        if state.turn > 1 or state.phase is Phase.OVER:
            return seen
        screen = app.screen
        if isinstance(screen, HandOverScreen):
            await pilot.press("enter")
        elif isinstance(screen, ResultScreen):
            assert screen.seat == app.viewer_seat()  # drawn for the seat that holds the keyboard
            seen[screen.seat].append((_roll_seqs(screen), app.result_context()))
            await pilot.press("n")
        elif isinstance(screen, GameScreen):
            options = [intent for intent, _ in app.my_options()]
            if options:
                app.choose(BASIC.decide(app.seen_state(), options).intent)
        else:
            await pilot.press("escape")  # a briefing or a note: back to the board
    raise AssertionError("turn 1 did not end")


@pytest.mark.slow
async def test_the_us_sees_russias_roll_on_a_card_it_fought_and_natos_rolls(tmp_path):
    found = False
    for seed in (11, 3, 5, 8, 13):
        app = app_on(new_state(seed=seed, turns=1), {**KINDS}, saves_dir=tmp_path / str(seed), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.host.pace == {
                "US": EVERY,
                "RU": EVERY,
                **{s: EVERY for s in KINDS},
            }  # nobody's changed by itself
            app.host.set_pace("RU", MINE)  # Russia asks for the rolls that concern it only
            seen = await _play_red_phase(pilot, app)
            journal, host = app.session.journal, app.host
        # Russia's rolls that concerned the U.S. (it committed forces, or its points moved).
        us_saw = set().union(*(rolls for rolls, _ in seen["US"])) if seen["US"] else set()
        ru_saw = set().union(*(rolls for rolls, _ in seen["RU"])) if seen["RU"] else set()
        state = host.state
        concerning_us = []
        nato_rolls = []
        replay = host.session.start
        for entry in journal:
            after = RULES.apply(replay, entry.intent)
            if entry.barrier:
                new = {e.seq for e in after.log[len(replay.log) :] if e.roll is not None}
                concerned = RULES.concerns(replay, after, entry.intent)
                if entry.seat == "RU" and "US" in concerned and new:
                    concerning_us.append((new, concerned))
                if entry.seat == "NATO" and new:
                    nato_rolls.append((new, concerned))
            replay = after
        assert replay == state
        if not concerning_us:
            continue
        found = True
        for rolls, _ in concerning_us:
            visible = rolls & {e.seq for e in RULES.view(state, "US").log}
            assert visible <= us_saw, (
                f"seed {seed}: Russia's roll {sorted(rolls)} concerned the U.S. but it never saw it"
            )
        # The U.S. (pace: every roll) saw NATO's rolls; Russia (its rolls only) those that concern it.
        for rolls, concerned in nato_rolls:
            assert rolls & {e.seq for e in RULES.view(state, "US").log} <= us_saw, f"seed {seed}: NATO's roll unseen"
            if "RU" not in concerned:
                assert not rolls & ru_saw, f"seed {seed}: Russia was stopped for NATO's roll that did not concern it"
        # Some of what the U.S. saw came from while Russia held the keyboard.
        assert any(context.startswith("While you were away") for _, context in seen["US"]), seed
        break
    assert found, "no seed had a Russian roll that concerned the U.S.: add seeds"


# --- a private event named to nobody else -----------------------------------------------------


async def test_no_screen_of_the_us_names_north_koreas_private_event(tmp_path):
    """The report's second leak: while a computer North Korea rolls the die of its private
    event, the U.S. player's board (status line, decision panel, event pane) read "North
    Korea resolves a private event" and nothing of the card; the journal too."""
    import attrs

    from hedgemony_tui.games.hedgemony.engine.intents import EnterRoll, InjectEvent
    from tests.tui.tui_helpers import screen_text

    state = RULES.apply(new_state(seed=3, turns=1), InjectEvent("EVT-DPRK-E11"))
    # The privacy roll keeps it private (a face of 1, entered as with physical dice); then
    # the card's own die is North Korea's to roll, and the whole decision names the card.
    settings = state.settings
    state = RULES.apply(attrs.evolve(state, settings=attrs.evolve(settings, physical_dice=True)), EnterRoll(1))
    state = attrs.evolve(state, settings=settings)
    assert RULES.pending(state).seats == ("DPRK",) and "EVT-DPRK-E11" in RULES.pending(state).prompt
    kinds = {**KINDS, "RU": "basic", "DPRK": "basic"}
    # A long delay: the computer North Korea has not rolled yet while the U.S. looks on.
    app = app_on(state, kinds, saves_dir=tmp_path, bot_delay=600)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.viewer_seat() == "US"
        board = screen_text(app)
        assert "North Korea resolves a private event" in board
        assert "EVT-DPRK-E11" not in board and "Hackers" not in board
        await pilot.press("f4")
        for _ in range(3):
            await pilot.pause()
        journal = screen_text(app)
        assert "EVT-DPRK-E11" not in journal and "Hackers" not in journal
