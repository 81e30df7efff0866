"""The ``expert`` North Korea: its IP path (delayed gains counted, RPs spent above the
reserve) and signals that never pick a fight on the Korean Peninsula."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.hedgemony.bots.basic import BasicPolicy
from hedgemony_tui.games.hedgemony.bots.expert import ExpertPolicy
from hedgemony_tui.games.hedgemony.bots.judge import booked, utility
from hedgemony_tui.games.hedgemony.engine.contest import locations
from hedgemony_tui.games.hedgemony.engine.game import legal_intents
from hedgemony_tui.games.hedgemony.engine.intents import PlayCard, SignalCards
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import Scheduled
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.sim import play
from tests.hedgemony.turn_helpers import CONTENT, red_turn

KOREA = "korean-peninsula"


def with_scheduled(state, *entries):
    return attrs.evolve(state, scheduled=state.scheduled + tuple(entries))


def test_booked_counts_the_seats_delayed_ip_that_lands_before_the_end():
    state = red_turn("DPRK", ("DPRK-E08", "DPRK-E11", "DPRK-E05"))
    last = state.settings.turns
    state = with_scheduled(
        state,
        Scheduled(last, "DPRK", "ip", 2, "DPRK-E11"),  # lands on the last turn: counts
        Scheduled(last + 1, "DPRK", "ip", 5, "DPRK-E11"),  # after the end: never lands
        Scheduled(last, "DPRK", "rp", 3, "DPRK-E05"),  # RPs are not IP
        Scheduled(last, "US", "ip", 4, "US-E01"),
    )  # another seat's
    ahead = booked(state, "DPRK")
    assert ahead.player("DPRK").ip == state.player("DPRK").ip + 2
    assert ahead.player("US").ip == state.player("US").ip
    assert booked(state, "IR") is state  # nothing scheduled for Iran: the very same state


def test_the_expert_north_korea_values_a_delayed_gain_and_basic_does_not():
    state = red_turn("DPRK", ("DPRK-E08", "DPRK-E11", "DPRK-E05"))
    gain = with_scheduled(state, Scheduled(state.turn + 2, "DPRK", "ip", 1, "DPRK-E11"))
    expert = ExpertPolicy()
    assert expert.utility(CONTENT, gain, "DPRK") > expert.utility(CONTENT, state, "DPRK")
    assert utility(CONTENT, gain, "DPRK") == utility(CONTENT, state, "DPRK")  # basic's judge does not see it


def test_the_expert_north_korea_plays_hardened_bases_where_basic_holds():
    state = red_turn("DPRK", ("DPRK-E11", "DPRK-E08", "DPRK-E05"), rp=20)
    options = legal_intents(state, CONTENT)
    assert PlayCard("DPRK", "DPRK-E11") in options
    seen = view(state, "DPRK")
    choice = ExpertPolicy().decide(seen, options)
    assert choice.intent == PlayCard("DPRK", "DPRK-E11")
    assert "chance of an IP gain 70%" in choice.reason  # rolls 3-9: +1 IP in one or two turns
    # basic plays the drill or the aid first, never the bases: their IP is not IP yet
    assert BasicPolicy().decide(seen, options).intent != PlayCard("DPRK", "DPRK-E11")


@pytest.mark.slow
def test_the_expert_north_korea_never_plans_a_fight_in_korea_and_spends_its_rps():
    signaled: dict[str, list[tuple[str, ...]]] = {}
    played: dict[str, list[str]] = {}
    rp: dict[str, int] = {}
    for policy in ("basic", "expert"):
        planned: list[tuple[str, ...]] = []
        cards: list[str] = []

        def note(state, seat, choice, planned=planned, cards=cards):
            if seat != "DPRK":
                return
            if isinstance(choice.intent, SignalCards):
                planned.append(choice.intent.cards)
            elif isinstance(choice.intent, PlayCard):
                cards.append(choice.intent.card)

        end = play(
            new_game(CONTENT, 5, settings_for(CONTENT, turns=8)),
            None,
            "basic",
            {"DPRK": policy},
            white="none",
            on_choice=note,
        )
        signaled[policy], played[policy], rp[policy] = planned, cards, end.player("DPRK").rp
    fights = {c.id for c in CONTENT.deck("DPRK") if c.contest is not None and KOREA in locations(CONTENT, c)}
    assert fights  # North Korea does have cards that would fight there
    assert not fights & set(played["expert"])
    for hand in signaled["expert"]:
        assert len(fights & set(hand)) <= 1  # at most the bluff
    assert "DPRK-E11" in played["expert"] and "DPRK-E11" not in played["basic"]
    assert rp["expert"] < rp["basic"]
