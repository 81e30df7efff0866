"""Every printed rule of Gaming to the Rescue! and the seed's worked facts (Lnn are the
seed's lines; R/X the readings in rules/rescue/README.md)."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.rescue.engine.actors import BAG
from hedgemony_tui.games.rescue.engine.intents import (
    Discard,
    DrawEvent,
    Drop,
    EndTurn,
    Give,
    Move,
    Request,
    Resolve,
    Roll,
    Take,
)
from hedgemony_tui.games.rescue.engine.reckon import requirement
from hedgemony_tui.games.rescue.engine.state import Crisis
from hedgemony_tui.games.rescue.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent, RuleInputError
from tests.rescue.rescue_helpers import give_tokens, place, started


def end_turns(state, n):
    for _ in range(n):
        state = RULES.apply(state, EndTurn(state.turn.seat))
    return state


# --- the seed's worked facts ------------------------------------------------------------------


def test_a_red_two_under_a_riot_needs_eight_medical_tokens_L33():
    crisis = Crisis(1, "B-2", "red", 2, riot=True)
    assert requirement(crisis, "USM").tokens == 8 and requirement(crisis, "HN").tokens == 8
    assert requirement(crisis, "USM").resource == "medical"
    assert requirement(crisis, "HC").tokens == 6  # the HC's discount still applies


def test_the_humanitarian_community_resolves_a_red_two_with_one_token_L21():
    crisis = Crisis(1, "B-2", "red", 2)
    assert requirement(crisis, "HC").tokens == 1
    assert requirement(crisis, "HC").worksheet() == "face 2 - discount 2 = 0 -> minimum 1: 1 medical"
    assert requirement(Crisis(1, "B-2", "red", 1), "HC").worksheet().endswith("minimum 1: 1 medical")
    # And in play: the HC on Crisis 1 (a red 2) pays one medical token.
    state = place(started(initiative=(2, 4, 6)), HC="B-2")
    assert state.turn.seat == "HC"
    before = state.actor("HC").tokens.medical
    state = RULES.apply(state, Resolve("HC", 1))
    assert state.actor("HC").tokens.medical == before - 1 and state.crisis(1).resolved_by == "HC"


def test_a_media_roll_of_four_puts_the_media_meeple_on_c3_crisis_4_L36():
    state = started(media=4)
    assert state.media == 4 and state.crisis(4).hex == "C-3"
    assert "Crisis 4 at C-3" in state.log[-2].text and state.log[-2].roll.reason == "Media Meeple"


def test_a_red_crisis_above_three_costs_the_humanitarian_community_one_gp_L52():
    crises = (("red", 3), ("blue", 1), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises, media=6, options={"gp_scope": "all"})
    state = end_turns(state, 3)  # cycle 2: every die +1, Crisis 1 (red) shows 4
    assert state.crisis(1).face == 4 and state.cycle == 2
    state = RULES.apply(state, DrawEvent(state.drawer))
    state = RULES.apply(state, Roll(state.drawer, 6))
    gp = {a.id: a.gp for a in state.actors}
    state = end_turns(state, 3)
    assert state.actor("HC").gp == gp["HC"] - 1
    assert state.actor("USM").gp == gp["USM"] and state.actor("HN").gp == gp["HN"]


def test_the_humanitarian_community_cannot_enter_the_ocean_alone_L41():
    state = place(started(initiative=(2, 4, 6)), HC="D-4", USM="A-3", HN="C-3")
    moves = {i.to for i in RULES.legal(state) if isinstance(i, Move)}
    assert "D-5" not in moves and "C-4" in moves
    with pytest.raises(IllegalIntent):
        RULES.apply(state, Move("HC", "D-5"))
    with_ship = place(state, USM="D-5")
    assert Move("HC", "D-5") in RULES.legal(with_ship)
    # Crisis 6 is an island: its neighbours are all ocean.
    from hedgemony_tui.games.rescue.engine.board import default_board

    board = default_board()
    assert all(board.ocean(n) for n in board.neighbours(board.crises[5]))


# --- setup --------------------------------------------------------------------------------------


def test_initiative_ties_are_rolled_again_among_the_tied_only_L13():
    state = RULES.setup(5, {"physical_dice": True})
    for seat, face in (("USM", 4), ("HN", 4), ("HC", 2)):
        state = RULES.apply(state, Roll(seat, face))
    assert RULES.pending(state).seat == "USM" and "again" in RULES.pending(state).prompt
    state = RULES.apply(state, Roll("USM", 1))
    assert RULES.pending(state).seat == "HN"
    state = RULES.apply(state, Roll("HN", 5))
    assert state.order == ("HN", "USM", "HC")


def test_the_six_crisis_dice_come_from_the_bag_onto_crisis_1_to_6_in_initiative_order():
    state = RULES.setup(9, {})
    while state.stage in ("initiative", "placing"):
        state = RULES.apply(state, RULES.legal(state)[0])
    assert sorted(c.colour for c in state.crises) == sorted(BAG)
    assert all(1 <= c.face <= 6 for c in state.crises)
    placers = [e.actor for e in state.log if e.roll is not None and e.roll.reason.startswith("crisis die")]
    assert placers == [state.order[i % 3] for i in range(6)]
    starts = {a.id: (a.hex, a.tokens.security, a.tokens.medical, a.tokens.sustainment, a.gp) for a in state.actors}
    assert starts == {"USM": ("A-3", 3, 3, 3, 3), "HN": ("C-3", 4, 1, 1, 3), "HC": ("D-1", 1, 5, 1, 3)}


def test_every_roll_is_keyed_and_logged_with_its_purpose():
    a, b = RULES.setup(11, {}), RULES.setup(11, {})
    while a.stage != "turn":
        a = RULES.apply(a, RULES.legal(a)[0])
        b = RULES.apply(b, RULES.legal(b)[0])
    assert a == b
    reasons = [e.roll.reason for e in a.log if e.roll is not None]
    assert reasons[:3] == ["initiative"] * 3 and "Media Meeple" in reasons
    assert sum(r.startswith("crisis die") for r in reasons) == 6


# --- the start of a cycle ---------------------------------------------------------------------


def test_dice_rise_a_six_riots_next_cycle_and_resets_to_one_L32_L33():
    crises = (("red", 6), ("blue", 5), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = end_turns(started(crises), 3)
    assert (state.crisis(1).face, state.crisis(1).riot) == (1, True)
    assert (state.crisis(2).face, state.crisis(2).riot) == (6, False)
    assert requirement(state.crisis(1), "USM").tokens == 7


def test_a_riot_reaching_six_again_ends_the_game_at_once_before_the_event():
    crises = (("red", 6), ("blue", 1), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises)
    state = attrs.evolve(state, crises=(attrs.evolve(state.crisis(1), riot=True, face=5), *state.crises[1:]))
    events_before = sum(e.kind == "event" for e in state.log)
    state = end_turns(state, 3)
    assert state.over and state.result == "failed" and RULES.pending(state).over
    assert sum(e.kind == "event" for e in state.log) == events_before
    outcome = RULES.outcome(state)
    assert outcome.team == "Gameland failed"


def test_the_highest_gp_wins_even_a_failed_game_as_printed():
    """L56: "The player with the highest Global Perception score wins", however the game
    ended; the team's result says Gameland failed."""
    state = started()
    state = attrs.evolve(state, crises=(attrs.evolve(state.crisis(1), riot=True, face=5), *state.crises[1:]))
    state = attrs.evolve(state, actors=(attrs.evolve(state.actor("USM"), gp=5), *state.actors[1:]))
    state = end_turns(state, 3)
    outcome = RULES.outcome(state)
    assert outcome.winners == ("USM",) and outcome.team == "Gameland failed"


def test_no_one_wins_a_failed_game_by_option():
    """X8's option: the team goal and the best GP both needed (L56's "not only ... but also")."""
    state = started(options={"no_winner_on_failure": True})
    state = attrs.evolve(state, crises=(attrs.evolve(state.crisis(1), riot=True, face=5), *state.crises[1:]))
    state = attrs.evolve(state, actors=(attrs.evolve(state.actor("USM"), gp=5), *state.actors[1:]))
    state = end_turns(state, 3)
    assert RULES.outcome(state).winners == ()


def test_the_event_drawer_rotates_in_initiative_order():
    state = started()
    assert state.drawer == state.order[0]
    state = end_turns(state, 3)
    assert state.drawer == state.order[1]
    fixed = started(options={"event_drawer": "first-player"})
    assert end_turns(fixed, 3).drawer == fixed.order[0]


# --- events -------------------------------------------------------------------------------------


def test_the_twelve_event_cards_and_a_gain_for_the_host_nation():
    from hedgemony_tui.games.rescue.engine.cards import event_cards

    assert sorted(event_cards()) == [f"E{n:02d}" for n in range(1, 13)]
    state = started(event="E09")
    hn = state.actor("HN").tokens
    assert (hn.sustainment, hn.security) == (2, 5)


def test_a_loss_its_holder_cannot_pay_falls_on_the_next_player_L34():
    state = started(stop_before_media=True)
    state = give_tokens(state, "HC", medical=0)
    state = attrs.evolve(state, deck=("E04", *[c for c in state.deck if c != "E04"]))
    state = RULES.apply(state, Roll(state.drawer, 1))
    state = end_turns(state, 3)
    before = {a.id: a.tokens.medical for a in state.actors}
    state = RULES.apply(state, DrawEvent(state.drawer))
    after = {a.id: a.tokens.medical for a in state.actors}
    assert after["HC"] == 0 and after["USM"] == before["USM"] - 1  # USM is first in initiative


def test_e01_lowers_every_die_never_below_one():
    crises = (("red", 1), ("blue", 4), ("green", 1), ("blue", 1), ("green", 1), ("red", 1))
    state = started(crises, event="E01")
    assert [c.face for c in state.crises] == [1, 3, 1, 1, 1, 1]


def test_the_power_cut_stops_sharing_but_not_moving_own_tokens_E07():
    state = place(started(event="E07"), HN="A-3")
    assert state.blackout and not any(isinstance(i, Give) for i in RULES.legal(state))
    assert any(isinstance(i, Move) for i in RULES.legal(state))


def test_a_lost_cargo_lets_the_drawer_choose_two_airport_tokens_E12():
    state = started()
    state = RULES.apply(state, Request("USM", "medical", "D-1"))
    state = end_turns(state, 1)
    state = RULES.apply(state, Request("HN", "security", "D-1"))
    state = end_turns(state, 1)
    state = RULES.apply(state, Request("HC", "sustainment", "D-1"))
    state = RULES.apply(state, EndTurn("HC"))
    state = attrs.evolve(state, deck=("E12", *[c for c in state.deck if c != "E12"]))
    state = RULES.apply(state, DrawEvent(state.drawer))
    assert RULES.pending(state).kind == "airport"
    options = RULES.legal(state)
    assert all(isinstance(o, Discard) and len(o.picks) == 2 for o in options) and len(options) == 3
    state = RULES.apply(state, options[0])
    assert sum(s.count for s in state.stocks_at("D-1")) == 1 and RULES.pending(state).kind == "roll"


# --- a player's turn ------------------------------------------------------------------------------


def test_one_move_one_action_and_requests_arrive_at_the_port_or_airport_L40_L44():
    state = started()
    assert state.turn.seat == "USM"
    state = RULES.apply(state, Move("USM", "B-3"))
    assert not any(isinstance(i, Move) for i in RULES.legal(state))
    state = RULES.apply(state, Request("USM", "medical", "A-3"))
    assert not any(isinstance(i, (Request, Resolve)) for i in RULES.legal(state))
    assert [(s.hex, s.owner, s.resource, s.count) for s in state.depots] == [("A-3", "USM", "medical", 1)]


def test_sharing_in_the_same_hex_and_the_staging_areas():
    state = place(started(), USM="C-2", HN="C-2")
    state = RULES.apply(state, Give("USM", "HN", "medical"))
    assert state.actor("HN").tokens.medical == 2
    state = RULES.apply(state, Drop("USM", "security"))
    assert state.stocks_at("C-2")[0].count == 1
    assert not any(isinstance(i, Give) and i.to == "HC" for i in RULES.legal(state))


def test_the_transport_limit_caps_pickups_per_turn_R9():
    from hedgemony_tui.games.rescue.engine.state import add_stock

    state = started(options={"transport_limit": 2})
    state = add_stock(state, "A-3", "HN", "medical", 4)
    state = RULES.apply(state, Take("USM", "HN", "medical"))
    state = RULES.apply(state, Take("USM", "HN", "medical"))
    assert not any(isinstance(i, Take) for i in RULES.legal(state))


def test_resolving_needs_the_hex_and_the_tokens_and_pays_them():
    state = place(started(), USM="B-2")  # Crisis 1: red 2, USM pays 2 medical
    assert Resolve("USM", 1) in RULES.legal(state)
    state2 = give_tokens(state, "USM", medical=1)
    assert Resolve("USM", 1) not in RULES.legal(state2)
    state = RULES.apply(state, Resolve("USM", 1))
    assert state.actor("USM").tokens.medical == 1 and state.crisis(1).resolved_by == "USM"


def test_gp_at_the_end_of_a_cycle_the_media_counts_double_by_default():
    crises = (("blue", 5), ("blue", 1), ("green", 1), ("red", 1), ("green", 1), ("red", 1))
    state = place(started(crises, media=1), USM="B-2")
    state = RULES.apply(state, Resolve("USM", 1))
    state = end_turns(state, 3)
    assert state.actor("USM").gp == 3 + 2  # resolved under the Media Meeple


def test_all_crises_resolved_saves_gameland_and_the_highest_gp_wins():
    state = started()
    state = attrs.evolve(
        state,
        crises=tuple(attrs.evolve(c, resolved_by="HN", resolved_cycle=0) for c in state.crises[:5])
        + (state.crises[5],),
    )
    state = place(state, USM="E-6")
    state = give_tokens(state, "USM", medical=9)
    state = RULES.apply(state, Resolve("USM", 6))
    state = RULES.apply(state, EndTurn("USM"))
    assert state.over and state.result == "saved"
    outcome = RULES.outcome(state)
    assert outcome.team == "Gameland saved" and outcome.winners == ("USM",)


def test_wrong_seat_and_bad_options_are_refused_with_a_message():
    state = started()
    with pytest.raises(IllegalIntent, match="not that seat"):
        RULES.apply(state, EndTurn("HC"))
    with pytest.raises(RuleInputError, match="gp_scope"):
        RULES.setup(1, {"gp_scope": "sometimes"})


def test_only_the_deck_order_and_the_seed_are_hidden():
    state = started()
    for seat in ("USM", "HN", "HC"):
        assert RULES.view(state, seat) == RULES.view(RULES.vary_secrets(state, seat, 1), seat)
        assert RULES.view(state, seat).actors == state.actors
    assert RULES.vary_secrets(state, "HC", 1).deck != state.deck
