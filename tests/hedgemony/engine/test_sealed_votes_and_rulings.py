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


def test_a_voter_sees_its_own_vote_only_until_all_are_in():
    # A vote under way with a vote already cast, from the first random game that has one.
    state = next(
        step.before
        for seed in range(1, 9)
        for step in conformance.random_playout(RULES, seed, {"turns": 2}).steps
        if step.before.run is not None and step.before.run.stage is Stage.VOTE and step.before.run.votes
    )
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
    # A proposal with a standard ruling to try (some places get only a refusal), from
    # the first random game that makes one.
    state = next(
        step.before
        for seed in range(1, 9)
        for step in conformance.random_playout(RULES, seed, {"turns": 2}).steps
        if step.before.proposal is not None and any(isinstance(i, RuleAction) for i in RULES.legal(step.before))
    )
    assert RULES.pending(state).seat == "WHITE"
    with pytest.raises(IllegalIntent, match="only the White Cell rules on a proposal, not PRC"):
        RULES.apply(state, RefuseAction(player="PRC"))
    ruling = next(i for i in RULES.legal(state) if isinstance(i, RuleAction))
    with pytest.raises(IllegalIntent, match="only the White Cell rules on a proposal, not US"):
        RULES.apply(state, attrs.evolve(ruling, player="US"))
    assert RULES.apply(state, RefuseAction(reason="not now")).proposal is None
