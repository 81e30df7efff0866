"""A commitment's costs besides IP (engine/side_costs.py): read off the engine's own steps."""

import attrs

from hedgemony_tui.games.hedgemony.engine import contest as forces
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending
from hedgemony_tui.games.hedgemony.engine.intents import CommitForces, Deploy, DoneCommitting, EndPhase, PlayCard
from hedgemony_tui.games.hedgemony.engine.phases.blue import readiness_due
from hedgemony_tui.games.hedgemony.engine.side_costs import bill_change, side_costs, source_rank
from hedgemony_tui.games.hedgemony.engine.state import CONUS_LOCATION
from tests.hedgemony.engine.test_odds import ir_09_awaiting_us
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, legal, to_blue_actions, to_red_phase


def test_commit_costs_rp_now_and_nothing_when_declining():
    state = ir_09_awaiting_us()
    declined = side_costs(state, [DoneCommitting("US")], "US", CONTENT)
    assert declined is not None and declined.rp_now == 0 and declined.reset_ffs.high == 0
    for option in legal(state):
        if isinstance(option, CommitForces):
            costs = side_costs(state, [option], "US", CONTENT)
            assert costs is not None
            stack = state.stack(option.stack)
            assert costs.rp_now == forces.commit_cost(state, CONTENT, "US", stack, option.ffs)
    assert side_costs(state, [CommitForces("US", "no-such-stack", 1)], "US", CONTENT) is None


def ru_05_awaiting_us():
    """RU-05 (reset rules apply) played, Russia done committing: the U.S. is to respond."""
    state = to_red_phase(fresh())
    while state.queue[0] != "RU":
        state = act(state, EndPhase(state.queue[0]))
    state = act(state, PlayCard("RU", "RU-05"))
    while pending(state, CONTENT).seat == "RU":
        state = act(state, legal(state)[-1])
    return state


def test_reset_rules_send_half_home_and_cost_us_readiness():
    assert not CONTENT.card("IR-09").contest.reset
    state = ir_09_awaiting_us()
    option = max((i for i in legal(state) if isinstance(i, CommitForces)), key=lambda i: i.ffs)
    assert side_costs(state, [option], "US", CONTENT).reset_ffs.high == 0
    state = ru_05_awaiting_us()
    assert CONTENT.card(state.run.card).contest.reset and pending(state, CONTENT).seat == "US"
    option = max((i for i in legal(state) if isinstance(i, CommitForces)), key=lambda i: i.ffs)
    costs = side_costs(state, [option], "US", CONTENT)
    assert costs is not None and costs.rolled
    # Ch. 11: half the committed FFs, rounded up, go home; X4: 10-30 points of readiness.
    assert costs.reset_ffs.high == -(-option.ffs // 2)
    assert 10 <= costs.readiness_drop.low <= costs.readiness_drop.high <= 30


def test_sources_nearest_and_cheapest_first():
    state = ir_09_awaiting_us()
    stacks = [state.stack(i.stack) for i in legal(state) if isinstance(i, CommitForces)]
    ranks = [source_rank(state, CONTENT, "US", s) for s in stacks]
    conus = [r for s, r in zip(stacks, ranks) if s.location == CONUS_LOCATION]
    assert all(r[0] == 2 for r in conus)
    assert all(r[0] < 2 for s, r in zip(stacks, ranks) if s.location != CONUS_LOCATION)


def test_a_posture_move_out_of_conus_raises_next_turns_bill():
    state = to_blue_actions(fresh())
    moves = [
        i
        for i in legal_intents(state, CONTENT)
        if isinstance(i, Deploy) and i.player == "US" and state.stack(i.stack).location == CONUS_LOCATION
    ]
    assert moves
    move = moves[0]
    change = bill_change(state, move, CONTENT)
    assert change is not None and change > 0
    assert change == readiness_due(act(state, move), CONTENT) - readiness_due(state, CONTENT)
    assert bill_change(state, attrs.evolve(move, ffs=999), CONTENT) is None
