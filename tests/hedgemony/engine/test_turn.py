"""The turn of chapter 3, rule by rule, through legal_intents and reduce."""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import (
    BuyBack,
    Continue,
    Deploy,
    EndPhase,
    GrantEmergencyFunding,
    Intent,
    Modernize,
    PayReadiness,
    PlayCard,
    Procure,
    Retire,
    RollDie,
    SetReadiness,
    SignalCards,
)
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, SIGNALS, act, fresh, legal, roll, signal_all, to_red_phase


def test_new_game_follows_table_a1():
    state = fresh()
    assert state.turn == 1 and state.phase is Phase.SIGNALING
    assert {p.id: (p.rp, p.ip, p.tech_level) for p in state.players} == {
        "US": (40, 50, 4),
        "NATO": (10, 50, 4),
        "RU": (15, 30, 4),
        "PRC": (15, 40, 4),
        "DPRK": (5, 5, 1),
        "IR": (8, 5, 2),
    }
    assert {p: state.ffs_of(p) for p in CONTENT.scenario.player_ids} == {
        "US": 20,
        "NATO": 5,
        "RU": 9,
        "PRC": 15,
        "DPRK": 10,
        "IR": 5,
    }
    assert state.queue == ("RU", "PRC", "DPRK", "IR")


def test_signals_need_an_action_and_an_investment():
    state = fresh()
    options = legal(state)
    # A sealed choice (ch. 3): every Red player owes its signal at once.
    assert options and all(isinstance(o, SignalCards) for o in options)
    assert {o.player for o in options} == {"RU", "PRC", "DPRK", "IR"}
    for option in options:
        kinds = {CONTENT.card(c).kind.value for c in option.cards}
        assert kinds >= {"action", "investment"}
    with pytest.raises(IllegalIntent):
        act(state, SignalCards("RU", ("RU-RD", "RU-MOD", "RU-PROC")))
    with pytest.raises(IllegalIntent, match="not US's decision"):
        act(state, SignalCards("US", ("US-E01", "US-RD", "US-MOD")))
    state = act(state, SignalCards("PRC", ("PRC-03", "PRC-17", "PRC-28")))
    with pytest.raises(IllegalIntent, match="not PRC's decision"):
        act(state, SignalCards("PRC", ("PRC-03", "PRC-17", "PRC-28")))  # a signal, once in, is sealed


def test_illegal_intent_leaves_the_state_untouched():
    state = fresh()
    before = state
    with pytest.raises(IllegalIntent):
        act(state, PayReadiness("US"))
    assert state == before


def test_us_pays_the_readiness_bill_before_anything_else():
    state = signal_all(fresh())
    assert state.phase is Phase.BLUE
    assert legal(state) == [PayReadiness("US")]
    assert pending(state, CONTENT).kind == "readiness"
    state = act(state, PayReadiness("US"))
    # 14 FFs in CONUS at 100% (14) + 6 overseas at 100% (2 x 6 = 12)
    assert state.player("US").rp == 40 - 26


def test_unaffordable_bill_goes_to_the_white_cell():
    state = signal_all(fresh())
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=20) if p.id == "US" else p for p in state.players))
    assert pending(state, CONTENT).seat == "WHITE"
    assert legal(state) == [GrantEmergencyFunding("US", 6)]
    state = act(state, GrantEmergencyFunding("US", 6))
    assert legal(state) == [PayReadiness("US")]


def test_lowering_readiness_saves_only_on_next_turns_bill():
    from hedgemony_tui.games.hedgemony.engine.phases.blue import readiness_bill

    state = act(signal_all(fresh()), PayReadiness("US"))
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, SetReadiness("US", conus.id, 50))
    assert state.player("US").rp == 14  # nothing comes back this turn
    assert readiness_bill(state, CONTENT).total == 7 + 12  # next bill: 14 FFs at 50% (rule X1) + OCONUS


def test_buyback_price_and_readiness():
    state = act(signal_all(fresh()), PayReadiness("US"))
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, SetReadiness("US", conus.id, 80))
    state = act(state, BuyBack("US", conus.id, 90))
    # CONUS buy-back, 14 FFs +10%: between rows 10 (10) and 15 (15) -> 14
    assert state.player("US").rp == 14 - 14
    assert state.stack(conus.id).readiness == 90


def test_retirement_only_from_conus():
    state = act(signal_all(fresh()), PayReadiness("US"))
    retire = [o for o in legal(state) if isinstance(o, Retire)]
    assert retire and all(state.stack(o.stack).location == "conus" for o in retire)
    conus = retire[0].stack
    state = act(state, Retire("US", conus, 4))
    assert state.ffs_of("US") == 16


def test_proactive_deployment_from_conus_groups_by_destination_aor():
    state = act(signal_all(fresh()), PayReadiness("US"))
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, Deploy("US", conus.id, 3, "baltics"))
    assert state.player("US").rp == 14 - 2  # 3 FFs on the proactive table
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, Deploy("US", conus.id, 2, "ukraine"))
    assert state.player("US").rp == 12 - 1  # 5 FFs to EUCOM cost 3 in all: 1 more
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, Deploy("US", conus.id, 1, "japan"))
    assert state.player("US").rp == 11 - 1  # a new destination AOR is a new deployment


def test_oconus_moves_cost_one_per_group_and_going_home_is_free():
    state = act(signal_all(fresh()), PayReadiness("US"))
    iraq = next(s for s in state.stacks_of("US") if s.location == "iraq")
    state = act(state, Deploy("US", iraq.id, 1, "baltics"))
    assert state.player("US").rp == 13
    nato = state.stacks_of("NATO")[0]
    state = act(state, EndPhase("US"))
    state = act(state, Deploy("NATO", nato.id, 2, "syria"))
    assert state.player("NATO").rp == 9
    moved = next(s for s in state.stacks_of("NATO") if s.location == "syria")
    with pytest.raises(IllegalIntent):  # a stack moves once per turn (rule X8)
        act(state, Deploy("NATO", moved.id, 2, "europe"))


def test_blue_procurement_serves_at_once_and_red_procurement_next_turn():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, Procure("US", "US-PROC", 2, 4))
    assert state.player("US").rp == 14 - 10
    new = [s for s in state.stacks_of("US") if s.procured_turn == 1]
    assert new and new[0].available(1) and new[0].location == "conus"
    state = act(act(state, EndPhase("US")), EndPhase("NATO"))
    assert state.phase is Phase.RED and state.queue[0] == "RU"
    state = act(state, EndPhase("RU"))
    state = act(state, Procure("PRC", "PRC-28", 2, 3))
    assert state.player("PRC").rp == 15 - 8  # free to play: only the mat cost
    assert not [s for s in state.stacks_of("PRC") if s.procured_turn == 1]
    state = act(state, PlayCard("PRC", "PRC-17"))  # procure does not count as a first card
    assert state.player("PRC").rp == 7 - 3
    state = roll(state, 0)
    for player in ("PRC", "DPRK", "IR"):
        state = act(state, EndPhase(player))
    arrived = [s for s in state.stacks_of("PRC") if s.procured_turn == 1]
    assert arrived and arrived[0].ready_turn == 2 and not arrived[0].available(1)


def test_red_plays_only_signaled_cards_and_pays_for_extra_cards():
    state = to_red_phase(fresh())
    assert PlayCard("RU", "RU-17") in legal(state)
    with pytest.raises(IllegalIntent, match="not signaled"):
        act(state, PlayCard("RU", "RU-UP-LRF"))
    state = act(state, PlayCard("RU", "RU-17"))
    assert state.player("RU").rp == 14
    state = roll(state, 5)
    state = act(state, PlayCard("RU", "RU-RD"))
    assert state.player("RU").rp == 14 - 4 - 1  # second card: +1 RP


def test_card_cooldown_every_two_turns():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-UP-C4ISR"))
    state = roll(state, 9)  # privacy roll: public
    state = roll(state, 5)  # +1 C4ISR
    assert state.player("US").capabilities["C4ISR"] == 4
    assert state.last_played["US:US-UP-C4ISR"] == 1
    state = act(state, EndPhase("US"))
    assert all(getattr(o, "card", None) != "US-UP-C4ISR" for o in legal(state))


def test_capability_upgrades_stop_at_the_tech_level():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-UP-IAMD"))
    state = roll(roll(state, 9), 9)  # public, +2: 3 -> 5, capped at Tech Level 4
    assert state.player("US").capabilities["IAMD"] == 4


def test_private_upgrade_is_hidden_from_others_until_revealed():
    from hedgemony_tui.games.hedgemony.engine.view import view

    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-UP-SOF"))
    state = roll(state, 0)  # privacy roll 0-2: private
    state = roll(state, 5)
    assert state.player("US").capabilities["SOF"] == 4
    assert view(state, "US").player("US").capabilities["SOF"] == 4
    assert view(state, "PRC").player("US").capabilities["SOF"] == 3
    assert view(state, "WHITE").player("US").capabilities["SOF"] == 4
    assert not any("SOF 3 -> 4" in e.text for e in view(state, "PRC").log)


def test_modernize_is_capped_at_a_fifth_rounded_down():
    state = act(signal_all(fresh()), PayReadiness("US"))
    options = [o for o in legal(state) if isinstance(o, Modernize)]
    assert options and max(o.ffs for o in options) == 4  # 20 FFs -> 4
    conus = next(s for s in state.stacks_of("US") if s.location == "conus")
    state = act(state, Modernize("US", "US-MOD", conus.id, 4))
    assert state.player("US").rp == 14 - 4
    assert sorted((s.ffs, s.mod) for s in state.stacks_of("US") if s.location == "conus") == [(4, 4), (10, 3)]


def test_tech_rnd_lands_on_a_later_turn():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-RD"))
    state = roll(state, 9)  # leading: 9 = +1 next turn
    assert state.player("US").tech_level == 4
    assert state.scheduled[0].turn == 2
    state = finish_turn(state)
    assert state.turn == 2 and state.player("US").tech_level == 5


def finish_turn(state):
    while state.phase is not Phase.SIGNALING or state.turn == 1:
        options = legal(state)
        pick: Intent | None = next(
            (o for o in options if isinstance(o, (EndPhase, Continue, PayReadiness, RollDie))), None
        )
        if pick is None:
            pick = next(o for o in options if isinstance(o, SignalCards))
        state = act(state, pick)
        if state.phase is Phase.SIGNALING and state.turn > 1:
            break
    return state


def test_allocation_adds_per_turn_rp_and_budget_variation():
    state = to_red_phase(fresh())
    for player in ("RU", "PRC", "DPRK", "IR"):
        state = act(state, EndPhase(player))
    assert state.phase is Phase.ALLOCATION and pending(state, CONTENT).kind == "roll"
    before = {p.id: p.rp for p in state.players}
    state = roll(state, 0)  # -2 RP
    after = {p.id: p.rp for p in state.players}
    assert after["US"] - before["US"] == 28
    assert after["PRC"] - before["PRC"] == 4 and after["DPRK"] - before["DPRK"] == 3
    assert state.phase is Phase.SUMMARY and legal(state) == [Continue()]
    assert "Turn 1 in summary" in state.log[-1].text


def test_game_ends_with_table_a2_judged():
    state = attrs.evolve(fresh(), settings=attrs.evolve(fresh().settings, turns=1))
    state = to_red_phase(state)
    for player in ("RU", "PRC", "DPRK", "IR"):
        state = act(state, EndPhase(player))
    state = act(roll(state, 6), Continue())
    assert state.phase is Phase.OVER and legal(state) == []
    # 50/50 tie at the top: the U.S. does not win; NATO beats Russia; Russia is within 5? no
    assert "NATO" in state.winners and "US" not in state.winners and "RU" not in state.winners


def test_random_events_roll_at_the_start_of_the_first_three_phases():
    from hedgemony_tui.games.hedgemony.engine.intents import EnterRoll
    from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for

    state = new_game(CONTENT, 1, settings_for(CONTENT, random_events=True, physical_dice=True))
    assert state.roll_request is not None and state.roll_request.purpose == "random-event"
    quiet = act(state, EnterRoll(3))  # 3 is not below the chance of 3: no event
    assert quiet.run is None and "no event" in quiet.log[-1].text
    drawn = act(state, EnterRoll(2))
    draw = next(e for e in drawn.log if "Drawn at random" in e.text)
    card = CONTENT.card(draw.roll.result)
    assert card.is_event and drawn.last_played[f"WHITE:{card.id}"] == 1  # injected (and perhaps done already)
    # Signaling done: the Blue phase opens with its own check.
    state = signal_all(quiet)
    assert state.phase is Phase.BLUE and state.roll_request.purpose == "random-event"


def test_random_red_order_rolls_off_and_logs_it():
    from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for

    state = new_game(CONTENT, 5, settings_for(CONTENT, random_red_order=True))
    assert sorted(state.queue) == sorted(CONTENT.scenario.red)
    assert state.rng.draws == 4 and "roll-off" in state.log[-1].text


def test_activation_markers_hold_red_to_its_intentions():
    from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
    from hedgemony_tui.games.hedgemony.engine.view import view

    state = new_game(CONTENT, 3, settings_for(CONTENT, activation_markers=True))
    options = legal(state)
    assert SignalCards("RU", ("RU-05", "RU-17", "RU-RD"), ("RU-17",)) in options
    assert len(options) == 8 * len([o for o in options if o.activate == ()])  # every marker pattern
    state = act(state, SignalCards("RU", ("RU-05", "RU-17", "RU-RD"), ("RU-17",)))
    assert view(state, "PRC").activations == {} and view(state, "RU").activations == {"RU": ("RU-17",)}
    assert not any("marks" in e.text for e in view(state, "US").log)
    for player in ("PRC", "DPRK", "IR"):
        state = act(state, SignalCards(player, SIGNALS[player], ()))
    state = act(act(act(state, PayReadiness("US")), EndPhase("US")), EndPhase("NATO"))
    # Moves in its own AOR stay free; Procure is outside the card limits (ch. 13), never compelled.
    cards_only = [o for o in legal(state) if not isinstance(o, (Deploy, Procure))]
    assert cards_only == [PlayCard("RU", "RU-17")]  # must play the Yes card; No cards are closed
    with pytest.raises(IllegalIntent, match="No activation marker"):
        act(state, PlayCard("RU", "RU-RD"))
    state = roll(act(state, PlayCard("RU", "RU-17")), 5)
    assert [o for o in legal(state) if not isinstance(o, (Deploy, Procure))] == [EndPhase("RU")]
