"""Red's card mix, Procure outside the limits, sealed signals, the Blue order and Red
reset (issue 19, items 3, 4, 11, 12, 14), each through legal_intents and reduce. The
rule each test enforces is given in our words, with its chapter."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    Choose,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    HandOver,
    PayReadiness,
    PlayCard,
    Procure,
    ProposeAction,
    SignalCards,
)
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, SIGNALS, act, fresh, legal, red_turn, roll, signal_all, to_red_phase


def rp_of(state, player):
    return state.player(player).rp


# --- item 3: Red's mix (ch. 3) ------------------------------------------------------------------


def test_a_red_player_playing_two_cards_plays_an_action_and_an_investment():
    """Ch. 3: when a Red player plays more than one card, one at least is an action and one
    an investment; and it may stop after any card. So after one action the next card must
    be an investment (RU-17 then RU-05, two actions, is refused), and the third may be
    either once both kinds are in."""
    state = red_turn("RU", ("RU-05", "RU-17", "RU-RD"), rp=30)
    state = roll(act(state, PlayCard("RU", "RU-17")), 5)
    assert PlayCard("RU", "RU-05") not in legal(state)
    with pytest.raises(IllegalIntent, match=r"more than one card .* at least one action and one investment"):
        act(state, PlayCard("RU", "RU-05"))
    assert EndPhase("RU") in legal(state)  # stopping after one card is allowed
    state = roll(act(state, PlayCard("RU", "RU-RD")), 5)  # the other kind
    assert PlayCard("RU", "RU-05") in legal(state)  # both kinds are in: any signaled card


def test_the_mix_holds_the_other_way_round_too():
    """Ch. 3 (as above): an investment first, then the next card must be an action."""
    state = red_turn("RU", ("RU-E06", "RU-17", "RU-RD"), rp=30)
    state = roll(act(state, PlayCard("RU", "RU-RD")), 5)
    assert PlayCard("RU", "RU-E06") not in legal(state) and PlayCard("RU", "RU-17") in legal(state)


# --- item 4: Procure is outside the limits (ch. 13) --------------------------------------------


def test_red_procures_without_a_signal_slot_and_outside_the_extra_card_cost():
    """Ch. 13: the Procure New Forces card does not count against Red's per-turn card
    costs or limits. DPRK signals no Procure, yet may procure; it does not make the next
    card dearer nor count in the action-and-investment mix."""
    state = red_turn("DPRK", ("DPRK-E01", "DPRK-RD", "DPRK-06"), rp=30)
    assert "DPRK-PROC" not in state.signals["DPRK"]
    buy = Procure("DPRK", "DPRK-PROC", 1, 1)
    assert buy in legal(state)
    before = rp_of(state, "DPRK")
    state = act(state, buy)
    assert rp_of(state, "DPRK") == before - 2  # 1 FF at M1 on Table 13.1: the card itself is free
    before = rp_of(state, "DPRK")
    state = act(state, PlayCard("DPRK", "DPRK-E01"))
    assert rp_of(state, "DPRK") == before - 2  # its printed price: the Procure did not count as a first card
    assert [e for e in state.procurements if e.player == "DPRK"]


def test_procure_is_never_compelled_by_activation_markers():
    """Ch. 3's optional markers hold Red to the cards it marked; Procure, outside the card
    limits (ch. 13), may still be bought but never stops a player from ending its phase."""
    state = fresh(activation_markers=True)
    for player in ("RU", "PRC", "DPRK", "IR"):
        state = act(state, SignalCards(player, SIGNALS[player], ()))  # no Yes markers
    state = act(act(act(state, PayReadiness("US")), EndPhase("US")), EndPhase("NATO"))
    options = legal(state)
    assert EndPhase("RU") in options and any(isinstance(o, Procure) for o in options)


# --- item 14: sealed signals (ch. 3) ------------------------------------------------------------


def test_every_red_player_chooses_its_signals_before_any_is_laid_down():
    """Ch. 3: each Red player picks its three cards; when all have, they lay them down
    face up together. So all four owe the choice at once, and no one sees another's
    cards (in its view or in the journal) until the last has chosen."""
    state = fresh()
    assert RULES.pending(state).seats == ("RU", "PRC", "DPRK", "IR")
    state = act(state, SignalCards("RU", SIGNALS["RU"]))
    assert RULES.pending(state).seats == ("PRC", "DPRK", "IR")
    for seat in ("PRC", "DPRK", "IR", "US"):
        seen = view(state, seat)
        assert "RU" not in seen.signals
        assert not any("RU-17" in e.text for e in seen.log), seat
    assert {p: set(c) for p, c in view(state, "RU").signals.items()} == {"RU": set(SIGNALS["RU"])}
    before = state
    for player in ("IR", "PRC", "DPRK"):  # in any order
        before, state = state, act(state, SignalCards(player, SIGNALS[player]))
    assert state.phase is Phase.BLUE
    assert {p: set(c) for p, c in view(state, "PRC").signals.items()} == {p: set(SIGNALS[p]) for p in SIGNALS}
    assert RULES.reveals(before, state)  # laying the cards down shows them all: undo stops here
    laid = [e.text for e in state.log if e.kind == "reveal" and "signals:" in e.text]
    assert [t.split()[0] for t in laid] == ["RU", "PRC", "DPRK", "IR"]  # briefed in the turn's Red order


def test_a_later_signaler_decides_the_same_whatever_the_others_chose():
    """The privacy probe of the conformance suite, on signals: varying what the others
    chose (not yet laid down) changes nothing PRC sees or may do."""
    state = act(fresh(), SignalCards("RU", SIGNALS["RU"]))
    varied = RULES.vary_secrets(state, "PRC", 1)
    assert varied.signals["RU"] != state.signals["RU"]
    assert RULES.view(varied, "PRC") == RULES.view(state, "PRC")


# --- item 12: the Blue order (ch. 3) ---------------------------------------------------------


def blue_investments():
    return act(signal_all(fresh()), PayReadiness("US"))


def test_all_blue_investments_come_before_any_blue_action():
    """Ch. 3: the U.S. and NATO/EU play their investments, and once those are completed,
    their actions. No Blue action while a Blue player may still invest; no Blue investment
    once the actions have begun (NATO may not invest after a U.S. action)."""
    state = blue_investments()
    us = legal(state)
    assert PlayCard("US", "US-RD") in us
    assert PlayCard("US", "US-E02") not in us and not any(isinstance(o, ProposeAction) for o in us)
    with pytest.raises(IllegalIntent, match="every Blue investment comes before any Blue action"):
        act(state, PlayCard("US", "US-E02"))
    state = act(act(state, EndInvestments("US")), EndInvestments("NATO"))
    assert pending(state, CONTENT).seat == "US" and not state.blue_to_act
    state = act(state, PlayCard("US", "US-E04"))  # a U.S. action (it names its target first)
    state = roll(act(state, next(o for o in legal(state) if isinstance(o, Choose))), 5)
    state = act(state, HandOver("US", "NATO"))
    assert pending(state, CONTENT).seat == "NATO"
    assert PlayCard("NATO", "NATO-RD") not in legal(state)
    with pytest.raises(IllegalIntent, match="Blue investments are over"):
        act(state, PlayCard("NATO", "NATO-RD"))


def test_the_us_and_nato_invest_in_whatever_order_they_choose():
    """Ch. 3: the U.S. and NATO/EU invest in whatever order they choose: NATO may go first,
    and they may take turns (U.S., NATO, U.S. again)."""
    state = act(blue_investments(), HandOver("US", "NATO"))
    assert pending(state, CONTENT).seat == "NATO"
    assert HandOver("NATO", "US") not in legal(state)  # it must do something before passing back
    state = roll(act(state, PlayCard("NATO", "NATO-RD")), 5)
    state = act(state, HandOver("NATO", "US"))
    state = roll(act(state, PlayCard("US", "US-RD")), 5)
    state = act(state, HandOver("US", "NATO"))
    state = roll(act(state, PlayCard("NATO", "NATO-UP-IAMD")), 5)
    played = [e.text.rsplit("(", 1)[1].rstrip(")") for e in state.log if e.kind == "card"]  # "plays Title (ID)"
    assert played[-3:] == ["NATO-RD", "US-RD", "NATO-UP-IAMD"]


def test_ending_the_phase_during_the_investments_skips_that_players_actions():
    state = act(blue_investments(), EndPhase("US"))
    assert pending(state, CONTENT).seat == "NATO"
    state = act(state, EndInvestments("NATO"))
    assert pending(state, CONTENT).seat == "NATO" and not state.blue_to_act and state.queue == ("NATO",)
    assert act(state, EndPhase("NATO")).phase is Phase.RED


# --- item 11: Red reset (ch. 11) -------------------------------------------------------------


def fought_incursion(prc_rp=None):
    """PRC-03 (reset rules) at Taiwan: PRC 3xM3 against the U.S. 2 FF from Korea."""
    state = to_red_phase(fresh())
    state = act(state, EndPhase("RU"))
    if prc_rp is not None:
        state = attrs.evolve(
            state, players=tuple(attrs.evolve(p, rp=prc_rp) if p.id == "PRC" else p for p in state.players)
        )
    state = act(act(state, PlayCard("PRC", "PRC-03")), ChooseLocation("PRC", "taiwan"))
    m3 = next(s for s in state.stacks_of("PRC") if s.mod == 3)
    state = act(act(state, CommitForces("PRC", m3.id, 3)), DoneCommitting("PRC"))
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    state = act(act(state, CommitForces("US", korea.id, 2)), DoneCommitting("US"))
    return roll(state, 6)


def test_restored_red_forces_are_ready_on_the_following_turn():
    """Ch. 11: a Red player pays 1 RP for each reset FF to restore it, and restored forces
    are ready for play on the following turn (not the turn after that); the U.S. forces
    stay out for the additional turn."""
    state = fought_incursion()
    reset_prc = [s for s in state.stacks_of("PRC") if s.reset(1)]
    assert sum(s.ffs for s in reset_prc) == 2 and all(s.location == s.home for s in reset_prc)
    assert all(s.available(2) for s in reset_prc)  # ready on turn 2
    reset_us = [s for s in state.stacks_of("US") if s.reset(1)]
    assert reset_us and all(not s.available(2) and s.available(3) for s in reset_us)


def test_reset_forces_red_cannot_pay_for_keep_the_additional_turn():
    """Ch. 11 (as above): a reset FF is out "for an additional turn" unless restored;
    PRC can pay for 1 of its 2 reset FFs."""
    state = fought_incursion(prc_rp=5)  # 4 for PRC-03, 1 left for the reset
    reset_prc = [s for s in state.stacks_of("PRC") if s.reset(1)]
    assert sorted((s.ffs, s.available(2), s.available(3)) for s in reset_prc) == [(1, False, True), (1, True, True)]


def test_a_save_from_the_old_blue_phase_resumes_in_its_investments():
    """Saves of version 5 were played under the old sequence: the migration drops their
    journal (it may not replay under the new rules) and a Blue phase under way resumes in
    its investments, with the Blue players still to act."""
    old = {
        "schema_version": 5,
        "kind": "hedgemony-save",
        "game": "hedgemony",
        "start": {},
        "journal": [],
        "data": {"phase": "blue-actions", "queue": ["NATO"]},
    }
    new = RULES.migrations[5](old)
    assert "journal" not in new and "start" not in new
    assert new["data"]["blue_to_act"] == ["NATO"]
    later = RULES.migrations[5]({**old, "data": {"phase": "red-actions", "queue": ["RU"]}})
    assert "blue_to_act" not in later["data"]
    acted = {"phase": "blue-actions", "queue": ["NATO"], "played": {"NATO": ["NATO-MOD", "NATO-E04"]}}
    assert "blue_to_act" not in RULES.migrations[5]({**old, "data": acted})["data"]  # actions under way
