"""Each seat's feed of Hedgemony (issue 28): what a seat reads of the pending decision
(``pending_for``), who sees a random event's draw, and whom a result concerns
(``concerns``). The rules are in our words, with their chapter."""

from __future__ import annotations

import attrs

from hedgemony_tui.games.hedgemony.engine.concerns import roll_concerns
from hedgemony_tui.games.hedgemony.engine.intents import (
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    HandOver,
    InjectEvent,
    PayReadiness,
    PlayCard,
    RollDie,
)
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import WHITE, Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.rules import RULES
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, ips, legal, red_turn, roll, signal_all

OTHERS_THAN_DPRK = ("US", "NATO", "RU", "PRC", "IR")


# --- pending_for: another player's private event is not named (ch. 3) ----------------------------


def test_a_private_event_s_rolls_read_neutrally_to_everyone_else():
    """Ch. 3: a private event stays between its player and the White Cell. North Korea
    rolls for EVT-DPRK-E11 at the table, first its privacy roll, then (kept private) the
    card's own die: the other players read only that North Korea resolves a private
    event; North Korea and the White Cell read the card."""
    state = act(fresh(), InjectEvent("EVT-DPRK-E11"))
    full = RULES.pending(state)
    assert full.seats == ("DPRK",) and full.kind == "roll"
    for seat in OTHERS_THAN_DPRK:
        mine = RULES.pending_for(state, seat)
        assert (mine.seats, mine.kind, mine.prompt) == (full.seats, full.kind, "North Korea resolves a private event")
    assert RULES.pending_for(state, "DPRK") == full and RULES.pending_for(state, WHITE) == full
    state = roll(state, 1)  # the outcome stays private: the card's own die comes next
    full = RULES.pending(state)
    assert "EVT-DPRK-E11" in full.prompt and "Hackers" in full.prompt  # the pending decision names it
    for seat in OTHERS_THAN_DPRK:
        mine = RULES.pending_for(state, seat)
        assert "EVT-DPRK-E11" not in mine.prompt and "Hackers" not in mine.prompt
        assert mine.prompt == "North Korea resolves a private event" and mine.seats == full.seats
    assert RULES.pending_for(state, "DPRK") == full and RULES.pending_for(state, WHITE) == full


def test_with_physical_dice_the_white_cell_enters_the_face_but_no_one_else_reads_the_card():
    state = act(fresh(physical_dice=True), InjectEvent("EVT-DPRK-E11"))
    state = roll(state, 1)
    full = RULES.pending(state)
    assert full.seats == (WHITE,) and "EVT-DPRK-E11" in full.prompt
    assert RULES.pending_for(state, "US").prompt == "North Korea resolves a private event"
    assert RULES.pending_for(state, "US").seats == (WHITE,)
    assert RULES.pending_for(state, "DPRK") == full


def test_a_public_event_is_read_by_all_alike():
    """A public privacy roll announces the event: from then on everyone reads its prompts."""
    state = roll(act(fresh(), InjectEvent("EVT-DPRK-E11")), 8)
    assert "EVT-DPRK-E11" not in state.secret_events
    decision = RULES.pending(state)
    assert all(RULES.pending_for(state, seat) == decision for seat in OTHERS_THAN_DPRK)


def test_pending_for_is_pending_without_private_events():
    state = signal_all(fresh())
    assert all(RULES.pending_for(state, seat.id) == RULES.pending(state) for seat in RULES.seats())


# --- who sees a random event's draw (README, readings) -------------------------------------------


def _draw_a_private_event():
    """A game with random events whose first check draws a card with a privacy roll."""
    for seed in range(1, 400):
        state = new_game(CONTENT, seed, settings_for(CONTENT, random_events=True))
        drawn = act(state, RollDie(WHITE))
        if drawn.secret_events:
            return drawn
    raise AssertionError("no seed draws a private event at once")


def test_the_draw_of_a_private_event_is_seen_by_its_player_and_the_white_cell_only():
    state = _draw_a_private_event()
    ((card, owner),) = state.secret_events.items()
    title = CONTENT.card(card).title
    draw = next(e for e in state.log if e.roll is not None and e.roll.table == "event deck")
    assert draw.visible_to == (owner,) and card in draw.text
    assert any(card in e.text for e in view(state, owner).log)
    assert any(card in e.text for e in view(state, WHITE).log)
    name = CONTENT.scenario.player(owner).name
    for seat in (p.id for p in state.players if p.id != owner):
        seen = view(state, seat)
        assert not any(card in e.text or title in e.text for e in seen.log), seat
        assert not any(e.roll is not None and card in str(e.roll.result) for e in seen.log), seat
        assert any(e.text == f"The White Cell draws a private event for {owner}" for e in seen.log)
        assert RULES.pending_for(state, seat).prompt == f"{name} resolves a private event"


def test_the_draw_of_a_public_event_stays_public():
    for seed in range(1, 400):
        state = new_game(CONTENT, seed, settings_for(CONTENT, random_events=True))
        drawn = act(state, RollDie(WHITE))
        draw = next((e for e in drawn.log if e.roll is not None and e.roll.table == "event deck"), None)
        if draw is not None and not drawn.secret_events and CONTENT.card(draw.roll.result).private_on is None:
            assert draw.visible_to == () and draw.roll.result in draw.text
            return
    raise AssertionError("no seed draws a public event at once")


# --- concerns: whom a result concerns --------------------------------------------------------------


def _russia_s_incursion_answered_by_the_us():
    """RU-05 (CRT A, answered by the U.S. and NATO/EU): Russia commits forces, the U.S.
    commits some, NATO/EU declines; the die is next."""
    state = act(red_turn("RU", ("RU-05", "RU-17", "RU-RD"), rp=20), PlayCard("RU", "RU-05"))
    if RULES.pending(state).kind == "locate":
        state = act(state, next(o for o in legal(state) if isinstance(o, ChooseLocation)))
    state = act(state, next(o for o in legal(state) if isinstance(o, CommitForces)))
    state = act(state, DoneCommitting("RU"))
    while state.roll_request is None:
        decider = RULES.pending(state).seats[0]
        commits = [o for o in legal(state) if isinstance(o, CommitForces) and o.player == "US"]
        if decider == "US" and commits and not any(c.stack for c in state.run.blue):
            state = act(state, commits[0])
        else:
            state = act(state, DoneCommitting(decider))
    assert {c.stack for c in state.run.blue} and state.roll_request.roller == "RU"
    return state


def test_a_contest_s_result_concerns_the_card_s_player_and_every_committer():
    """Whatever the die shows, Russia's incursion answered by the U.S. concerns Russia (the
    card's player, who rolls) and the U.S. (it committed forces), and every player whose
    IPs changed (NATO/EU on a gain either way), and no one else."""
    before = _russia_s_incursion_answered_by_the_us()
    intent = RollDie("RU")
    for face in range(10):
        after = roll(before, face)
        concerned = RULES.concerns(before, after, intent)
        assert {"RU", "US"} <= set(concerned), (face, concerned)
        changed = {p for p in ips(after) if ips(after)[p] != ips(before)[p]}
        assert set(concerned) == {"RU", "US"} | changed, (face, changed, concerned)
    assert set(RULES.concerns(before, RULES.apply(before, intent), intent)) >= {"RU", "US"}


def test_a_step_without_a_result_concerns_only_its_decider():
    state = act(red_turn("RU", ("RU-05", "RU-17", "RU-RD"), rp=20), PlayCard("RU", "RU-05"))
    intent = next(o for o in legal(state) if isinstance(o, (ChooseLocation, CommitForces)))
    assert RULES.concerns(state, RULES.apply(state, intent), intent) == ("RU",)


def _nato_sanctions():
    """NATO/EU plays NATO-E02 (a d10 card against Russia) in the Blue actions."""
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(act(state, EndInvestments("US")), EndInvestments("NATO"))
    while RULES.pending(state).seats != ("NATO",):
        state = act(state, next(o for o in legal(state) if isinstance(o, (HandOver, EndPhase)) and o.player == "US"))
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=20) if p.id == "NATO" else p for p in state.players))
    state = act(state, PlayCard("NATO", "NATO-E02"))
    assert state.roll_request is not None and state.roll_request.roller == "NATO"
    return state


def test_nato_s_roll_concerns_nato():
    before = _nato_sanctions()
    intent = RollDie("NATO")
    after = RULES.apply(before, intent)
    concerned = RULES.concerns(before, after, intent)
    assert "NATO" in concerned
    changed = {p for p in ips(after) if ips(after)[p] != ips(before)[p]}
    assert changed <= set(concerned)
    assert roll_concerns(view(before, "NATO"), view(after, "NATO"), "NATO")
    assert not roll_concerns(view(before, "PRC"), view(after, "PRC"), "PRC") or "PRC" in changed


def test_a_private_roll_concerns_its_player_not_the_others():
    before = roll(act(fresh(), InjectEvent("EVT-DPRK-E11")), 1)
    intent = RollDie("DPRK")
    after = RULES.apply(before, intent)
    concerned = RULES.concerns(before, after, intent)
    assert "DPRK" in concerned and "US" not in concerned
    # The front's result pause reads the same rule on each seat's views.
    assert roll_concerns(view(before, "DPRK"), view(after, "DPRK"), "DPRK")
    assert not roll_concerns(view(before, "US"), view(after, "US"), "US")
    assert after.phase is Phase.SIGNALING


# --- the turn's public summary keeps private results out -----------------------------------------


def test_the_turn_summary_prints_the_balances_the_table_may_know():
    """Ch. 3: Iran's +2 RP from a private EVT-IR-E15 is between Iran and the White Cell;
    the turn's summary, a public line, prints Iran's RPs as the other seats see them."""
    from tests.hedgemony.turn_helpers import pass_until

    state = roll(roll(act(fresh(), InjectEvent("EVT-IR-E15")), 1), 9)  # private, and +2 RP
    state = pass_until(state, lambda s: s.phase is Phase.SUMMARY)
    digest = next(e for e in reversed(state.log) if e.kind == "summary")
    assert digest.visible_to == ()
    shown = view(state, "US").player("IR").rp
    assert state.player("IR").rp == shown + 2
    assert f"IR +4 RP ({shown})" in digest.text
    assert f"IR +4 RP ({state.player('IR').rp})" not in digest.text


# --- saves: a version-7 journal that drew a private event no longer replays ---------------------


def _version_7(tmp_path, start, intents, old_draw: bool):
    """A save of ``intents`` from ``start``, written as version 7: with ``old_draw`` its
    private draw is made public again, as version 7 logged it."""
    import re

    from hedgemony_tui.table.saves import JournalEntry, save_game

    state, journal = start, []
    for intent in intents:
        journal.append(JournalEntry(RULES.seat_of(intent), intent))
        state = act(state, intent)
    path = tmp_path / "old.toml"
    save_game(path, RULES, state, start=start, journal=tuple(journal))
    text = path.read_text()
    assert text.startswith(f"schema_version = {RULES.schema_version}\n")
    text = text.replace(f"schema_version = {RULES.schema_version}\n", "schema_version = 7\n", 1)
    if old_draw:
        text, count = re.subn(r'(text = "Drawn at random[^"]*"\nvisible_to = )\[\s*"[A-Z]+",?\s*\]', r"\1[]", text)
        assert count == 1
    path.write_text(text)
    return path, state


def test_a_version_7_journal_with_a_private_draw_restarts_at_the_saved_state(tmp_path):
    from hedgemony_tui.table.saves import read_game

    drawn = _draw_a_private_event()
    start = new_game(CONTENT, drawn.seed, settings_for(CONTENT, random_events=True))
    path, state = _version_7(tmp_path, start, [RollDie(WHITE)], old_draw=True)
    game = read_game(path, allow_edited=True)  # the file was edited by hand here
    assert game.journal == () and game.start == game.state
    assert game.state.secret_events == state.secret_events


def test_a_version_7_journal_without_private_results_keeps_its_journal(tmp_path):
    from hedgemony_tui.table.saves import read_game

    start = fresh()
    path, state = _version_7(tmp_path, start, [InjectEvent("EVT-DPRK-06")], old_draw=False)
    game = read_game(path, allow_edited=True)
    assert len(game.journal) == 1 and game.state == state
