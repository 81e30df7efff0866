"""Votes stay sealed until all are in; only the White Cell rules on a free-play proposal.

Both were found by the conformance suite (tests/conformance): a later voter saw the
earlier votes in its view, and a player could rule on (or refuse) a proposal.
"""

import attrs
import pytest

from hedgemony_tui.games.hedgemony.engine.intents import RefuseAction, RuleAction, Vote
from hedgemony_tui.games.hedgemony.engine.state import Stage
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table import conformance
from hedgemony_tui.table.errors import IllegalIntent


def first(playout, test):
    return next(step.before for step in playout.steps if test(step.before))


def test_a_voter_sees_its_own_vote_only_until_all_are_in():
    playout = conformance.random_playout(RULES, 1, {"turns": 2})
    state = first(playout, lambda s: s.run is not None and s.run.stage is Stage.VOTE and s.run.votes)
    voted = dict(state.run.votes)
    for seat in ("US", "NATO", "RU", "PRC", "DPRK", "IR"):
        seen = RULES.view(state, seat).run
        assert seen.votes == {p: v for p, v in voted.items() if p == seat}
        assert seen.queue == state.run.queue  # who is still to vote is no secret
    assert RULES.view(state, "WHITE").run.votes == voted
    flipped = attrs.evolve(state, run=attrs.evolve(state.run, votes={p: not v for p, v in voted.items()}))
    voter = state.run.queue[0]
    assert RULES.view(flipped, voter) == RULES.view(state, voter)
    assert isinstance(RULES.legal(state)[0], Vote)


def test_only_the_white_cell_rules_on_a_proposal():
    playout = conformance.random_playout(RULES, 1, {"turns": 2})
    state = first(playout, lambda s: s.proposal is not None)
    assert RULES.pending(state).seat == "WHITE"
    with pytest.raises(IllegalIntent, match="only the White Cell rules on a proposal, not PRC"):
        RULES.apply(state, RefuseAction(player="PRC"))
    ruling = next(i for i in RULES.legal(state) if isinstance(i, RuleAction))
    with pytest.raises(IllegalIntent, match="only the White Cell rules on a proposal, not US"):
        RULES.apply(state, attrs.evolve(ruling, player="US"))
    assert RULES.apply(state, RefuseAction(reason="not now")).proposal is None
