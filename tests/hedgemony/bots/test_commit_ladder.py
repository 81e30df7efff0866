"""The commitment ladder of ``basic`` (and so of ``expert``): a step is judged by where it
can lead, so a seat whose stacks only together shift the column commits them all.

The position is a saved game (seed 3, turn 2, all seats ``basic``) in which NATO was
about to propose a free-play action at the Baltic States: Russia had moved most of its
forces away. NATO's five FFs there and in Europe win on average against what Russia
can bring; three of them lose."""

from __future__ import annotations

from pathlib import Path

import pytest

from hedgemony_tui.games.hedgemony.bots import get_policy, white_cell
from hedgemony_tui.games.hedgemony.bots.basic import BasicPolicy
from hedgemony_tui.games.hedgemony.bots.lookahead import after, after_proposal, expected_ip, settle
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.contest import committed_by
from hedgemony_tui.games.hedgemony.engine.game import content_of, legal_intents, pending, reduce
from hedgemony_tui.games.hedgemony.engine.intents import CommitForces, ProposeAction
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.table.saves import load_game

POSITION = Path(__file__).parent / "positions" / "nato-free-play-baltics.toml"
PROPOSAL = ProposeAction("NATO", "baltics", "Combat operation at Baltic States", "combat")


def to_the_roll(policy: str):
    """NATO proposes the action; then every seat plays on ``policy`` (the White Cell by
    its stated rule) until the action's die is due. The state, and the choices made."""
    state = load_game(POSITION)
    content = content_for(state.scenario)
    state = reduce(state, PROPOSAL, content)
    bot, cell, seen = get_policy(policy), white_cell("none"), []
    while state.roll_request is None:
        seat = pending(state, content).seat
        options = legal_intents(state, content)
        choice = cell.decide(state, options) if seat == "WHITE" else bot.decide(view(state, seat), options)
        assert choice is not None and choice.intent in options
        seen.append((seat, choice))
        state = reduce(state, choice.intent, content)
    return state, seen


def nato_forces(state) -> int:
    return sum(s.ffs for s in state.stacks_of("NATO"))


@pytest.mark.parametrize("policy", ["basic", "expert"])
def test_nato_commits_every_force_its_proposal_counted_on(policy):
    start = load_game(POSITION)
    content = content_for(start.scenario)
    state, seen = to_the_roll(policy)
    # The ladder sends them all (one stack alone does not shift the column: the old
    # ladder stopped at 3 FF and the action lost 0.6 IP on average).
    assert committed_by(state, state.run, "NATO") == nato_forces(start) == 5
    assert any(isinstance(c.intent, CommitForces) for s, c in seen if s == "RU")  # Russia answers
    states = settle(state, content_of(state, content), "NATO")
    assert expected_ip(states, "NATO") - start.player("NATO").ip == pytest.approx(0.5)


def test_basic_nato_proposes_it_and_gets_what_it_foresaw():
    """What the seat expected of its proposal is what its own commitments then get,
    against Russia's answer as ``basic`` plays it."""
    start = load_game(POSITION)
    content = content_for(start.scenario)
    options = legal_intents(start, content)
    choice = get_policy("basic").decide(view(start, "NATO"), options)
    assert choice.intent == PROPOSAL and "expected IP +0.5" in choice.reason
    foreseen = expected_ip(after_proposal(view(start, "NATO"), content, PROPOSAL, "NATO"), "NATO")
    state, _ = to_the_roll("basic")
    got = expected_ip(settle(state, content_of(state, content), "NATO"), "NATO")
    assert got == pytest.approx(foreseen)


def at_natos_first_commit():
    """The position, proposal made, at NATO's first decision of forces (all ``basic``)."""
    state = load_game(POSITION)
    content = content_for(state.scenario)
    state = reduce(state, PROPOSAL, content)
    bot, cell = get_policy("basic"), white_cell("none")
    while not (state.run is not None and pending(state, content).seat == "NATO"):
        seat = pending(state, content).seat
        options = legal_intents(state, content)
        choice = cell.decide(state, options) if seat == "WHITE" else bot.decide(view(state, seat), options)
        state = reduce(state, choice.intent, content)
    return state, content_of(state, content)


class Tied(BasicPolicy):
    """``basic`` with every step worth the same: only the tie rule picks."""

    def __init__(self, rest: bool) -> None:
        super().__init__()
        self.rest = rest

    def commit_value(self, view, content, seat, intent):
        return 1.0, [(1.0, view)], self.rest and isinstance(intent, CommitForces)


@pytest.mark.parametrize(
    "rest, first", [(True, CommitForces("NATO", "NATO-7", 3)), (False, CommitForces("NATO", "NATO-7", 1))]
)
def test_a_tie_between_steps_that_count_on_the_rest_goes_to_the_biggest(rest, first):
    # NATO has 3 FF in one stack and 1 FF in two more. When every step counts on the rest
    # following, the biggest goes first (the old rule took the earliest candidate, 1 FF:
    # five steps for five FF); when none does, the earliest candidate still goes.
    state, content = at_natos_first_commit()
    card = content.card(state.run.card)
    options = legal_intents(state, content)
    _, choice = Tied(rest).commit_step(view(state, "NATO"), content, "NATO", card, options)
    assert choice.intent == first
    assert ("the rest of its forces on hand to follow" in choice.reason) is rest


def test_a_step_is_worth_the_better_of_its_two_readings():
    """``commit_value`` skips the stop reading when no force of the seat's own followed
    in the other walk (then the two walks are one); the value is still the better of the
    two, read in full here for every step NATO may take on its way to five FF."""
    state, content = at_natos_first_commit()
    bot, kinds = get_policy("basic"), set()
    assert isinstance(bot, BasicPolicy)  # the basic bot's own readings are under test
    while state.roll_request is None:
        seat = pending(state, content).seat
        options = legal_intents(state, content)
        seen = view(state, seat)
        for step in (o for o in options if seat == "NATO" and isinstance(o, CommitForces)):
            stop = bot.value(seen, content, "NATO", step, own_commits=False)[0]
            rest = bot.value(seen, content, "NATO", step, own_commits=True)[0]
            value, _, follows = bot.commit_value(seen, content, "NATO", step)
            assert value == pytest.approx(max(stop, rest), abs=1e-12)
            assert follows == (rest > stop + 1e-9)
            trace: dict[str, bool] = {}
            after(seen, content, step, "NATO", own_commits=True, trace=trace)
            if not trace:
                assert rest == stop
            kinds.add(bool(trace))
        state = reduce(state, bot.decide(seen, options).intent, content)
    assert kinds == {True, False}  # steps with forces to follow and steps without
