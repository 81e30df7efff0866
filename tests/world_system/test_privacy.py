"""What each seat may know in the world-system HEGEMON: the terrorists are covert (L9,
L15) but know each other (L87-L88); sealed ballots stay hidden until all are in (R-W11);
the secret journal lines (one at each annexation, rogue choice and coup, to the
terrorists or to the moderator) leave every other state's journal the same whichever
state holds the terrorist card; and during the eyes-closed coup every state reads the
same decision (X-W4). Everything is driven through ``RULES.legal`` / ``RULES.apply`` and
read through ``RULES.view`` / ``RULES.pending_for``."""

from __future__ import annotations

from collections import Counter

import pytest

from hedgemony_tui.games.world_system.engine.intents import Coup, Join
from hedgemony_tui.games.world_system.engine.state import WorldState
from hedgemony_tui.games.world_system.engine.world import MODERATOR, world
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.votes import SEALED

from .ws_helpers import SPAIN_WINS, Plan, edit, fixed, joining, play, reach

# --- who is a terrorist


def _recruiting(state: WorldState, seat: str) -> str | None:
    """A coup rule: the poorest target (so a puppet appears and the game goes on)."""
    targets = [o.target for o in RULES.legal(state) if o.target]
    return min(targets, key=lambda t: state.nation(t).capital) if targets else ""


@pytest.mark.parametrize("seed", range(6))
def test_a_state_that_is_no_terrorist_sees_no_terrorist(seed):
    # L9: the terrorist card is "covert"; L15: "keep its covert status covert"
    state = RULES.setup(seed, {"speeches": False})
    plan = Plan(coup=_recruiting)
    checked = 0
    while not state.over:
        for seat in world().ids:
            if state.nation(seat).terrorist:
                continue
            seen = RULES.view(state, seat)
            assert not any(n.terrorist or n.terrorist_since >= 0 or n.recruited_by for n in seen.nations)
            assert seen.coups == () and seen.seed == 0
            assert all(not e.to or seat in e.to for e in seen.log)
            checked += 1
        state = RULES.apply(state, plan.pick(state, RULES.legal(state)))
    assert checked > 100
    assert RULES.view(state, world().ids[0]) == state  # the end reveals everything


def test_the_terrorists_see_each_other_and_the_moderator_sees_all():
    # L15: covert from all "but other terrorist states"; L87-L88: the puppet
    # "recognizes other terrorist states"
    state = reach(fixed(), "coup", 2, SPAIN_WINS)
    state = RULES.apply(edit(state, china={"capital": 10}), Coup("china", "japan"))
    for seat in ("china", "japan", MODERATOR):
        seen = RULES.view(state, seat)
        assert {n.id for n in seen.nations if n.terrorist} == {"china", "japan"}
        assert [c.target for c in seen.coups] == ["japan"]
    assert RULES.view(state, MODERATOR) == state
    for seat in ("india", "spain"):
        assert not any(n.terrorist for n in RULES.view(state, seat).nations)


def test_the_dealt_terrorist_is_told_in_a_line_only_it_reads():
    state = fixed(terrorists=("germany",))
    (secret,) = [e for e in state.log if e.to]
    assert secret.to == ("germany",)
    assert secret not in RULES.view(state, "france").log and secret in RULES.view(state, "germany").log


# --- sealed ballots


@pytest.mark.parametrize("kind", ["alliance-vote", "rogue-vote", "revolution"])
def test_a_sealed_ballot_is_hidden_from_the_others_until_every_ballot_is_in(kind):
    # L80-L81 "simultaneously openly votes", L99 hands raised (R-W11: sealed, then named)
    state = reach(fixed(), kind, 2, SPAIN_WINS)
    assert state.vote is not None
    first, last = state.vote.voters[0], state.vote.voters[-1]
    state = RULES.apply(state, next(o for o in RULES.legal(state) if o.seat == first))
    mine = state.vote.ballot_of(first)
    assert RULES.view(state, first).vote.ballot_of(first) == mine
    assert RULES.view(state, last).vote.ballot_of(first) == SEALED
    outsider = "usa"  # annexed in cycle 1: it votes no more
    assert RULES.view(state, outsider).vote.ballot_of(first) == SEALED
    assert RULES.view(state, MODERATOR).vote.ballot_of(first) == mine
    state = play(state, lambda s: s.stage != kind)
    (done,) = [p for p in state.past_votes if p.kind == kind and p.cycle == 2]
    assert done.vote.ballot_of(first) == mine
    assert SEALED not in {c for p in RULES.view(state, outsider).past_votes for _, c in p.vote.ballots}


def test_a_core_state_s_investment_ballot_is_public_at_once():
    # L57: the core states choose "by simple majority" (R-W5: conferring openly)
    state = edit(fixed(), usa={"strikebreaker": True}, japan={"strikebreaker": True})
    state = reach(state, "core-vote", 1)
    state = RULES.apply(state, next(o for o in RULES.legal(state) if o.seat == "spain"))
    assert RULES.view(state, "india").vote.ballot_of("spain") == state.vote.ballot_of("spain")


# --- the journal reads the same whichever state is the terrorist

HOLDERS = ("china", "turkey", "germany")


def _plan() -> Plan:
    """One set of decisions for every deal: annex China in cycle 1, make Turkey the rogue
    state in cycle 2 (the only candidate), and no coups."""

    def annex(state: WorldState, seat: str) -> str | None:
        return "china" if state.cycle == 1 else None

    def nominate(state: WorldState, seat: str) -> str:
        if state.cycle == 2:
            return "" if state.nominated else "turkey"
        return "" if state.nominated else "india"

    return Plan(join=joining("spain"), annex=annex, nominate=nominate)


def test_every_other_state_s_view_is_the_same_whichever_state_holds_the_terrorist_card():
    # The secret lines at each annexation, rogue choice and coup are one line either way
    # (to the terrorists, or to the moderator): their numbering tells nothing.
    games = [fixed(terrorists=(holder,)) for holder in HOLDERS]
    observers = [s for s in world().ids if s not in HOLDERS]
    plan = _plan()
    steps = 0
    while not games[0].over:
        for seat in observers:
            views = [RULES.view(g, seat) for g in games]
            assert views[1] == views[0] and views[2] == views[0], (seat, games[0].cycle, games[0].stage)
            decisions = {RULES.pending_for(g, seat) for g in games}
            assert len(decisions) == 1
        games = [RULES.apply(g, plan.pick(g, RULES.legal(g))) for g in games]
        steps += 1
        assert len({g.over for g in games}) == 1
    assert steps > 100
    china, turkey, _ = games
    assert any("Secret: China was a terrorist state" in e.text for e in china.log)
    assert any("Turkey is a terrorist state under economic blockade" in e.text for e in turkey.log)


@pytest.mark.parametrize("holder", HOLDERS)
def test_one_secret_line_at_each_annexation_rogue_choice_and_coup(holder):
    state = fixed(terrorists=(holder,))
    plan = _plan()
    events: Counter[str] = Counter()
    while not state.over:
        before, stage = len(state.log), state.stage
        state = RULES.apply(state, plan.pick(state, RULES.legal(state)))
        new = state.log[before:]
        public = [e.text for e in new if not e.to]
        annexed = sum(t.startswith("Antiterrorist operation:") for t in public)
        rogue = sum("is the rogue state (" in t for t in public)
        coup = int(stage == "coup")
        events.update(annex=annexed, rogue=rogue, coup=coup)
        assert len([e for e in new if e.to]) == annexed + rogue + coup, (state.cycle, stage)
    assert events["annex"] >= 3 and events["rogue"] == 3 and events["coup"] == 3
    assert {e.to for e in state.log if e.to} <= {(holder,), (MODERATOR,)}


def test_a_terrorist_rogue_state_s_blockade_is_told_only_to_the_terrorists():
    # L71-L72: a terrorist rogue "suffers economic blockage" (not announced: R-W6, R-W12 keep it covert)
    state = fixed(terrorists=("turkey", "india"))
    state = reach(state, "growth", 2, _plan())
    line = next(e for e in state.log if "under economic blockade" in e.text)
    assert set(line.to) == {"turkey", "india"}
    public = [e.text for e in state.log if not e.to and e.stage == "nominations" or "rogue state (" in e.text]
    assert not any("terrorist" in t for t in public)


# --- the eyes-closed coup


def test_during_the_coup_every_state_reads_the_same_neutral_decision():
    # L83 "all players close their eyes" (X-W4): the prompt and the seats name nobody
    state = reach(fixed(), "coup", 2, SPAIN_WINS)
    real = RULES.pending_for(state, MODERATOR)
    assert real.seats == ("china",)
    neutral = {RULES.pending_for(state, seat) for seat in world().ids}
    (decision,) = neutral
    assert decision.kind == "coup" and set(decision.seats) == {n.id for n in state.playing} | {MODERATOR}
    # the same when the moderator acts for blockaded terrorists
    blocked = edit(state, china={"rogue": True}, france={"rogue": False})
    assert RULES.pending_for(blocked, MODERATOR).seats == (MODERATOR,)
    assert {RULES.pending_for(blocked, seat) for seat in world().ids if seat != "china"} == neutral
    # ... but the blockaded terrorist's own screen says why it has nothing to do
    own = RULES.pending_for(blocked, "china")
    assert (own.kind, own.seats) == (decision.kind, decision.seats)
    assert own.prompt.startswith(decision.prompt) and "China is under blockade" in own.prompt
    # and no other stage hides its seats
    vote = reach(fixed(), "alliance-vote", 1)
    assert RULES.pending_for(vote, "france") == RULES.pending(vote)
    assert isinstance(RULES.legal(vote)[0], Join)
