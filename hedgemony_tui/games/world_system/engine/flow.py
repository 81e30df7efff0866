"""The order of play: entering each stage of a systemic cycle, who owes what in it, and
every intent allowed now.

A stage with nothing to decide (no semiperipheral state to promote, a single candidate,
cycle 1's talks) is passed at once with a journal line saying why; every other stage
waits for its decision. The moderator's stages (opening, growth, decline, crisis, war)
wait for :class:`~.intents.Proceed`, which runs their automatic step (:mod:`.moderator`).
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.contract import OVER, Decision
from hedgemony_tui.table.votes import TieRule, Visibility, Vote

from .intents import (
    Annex,
    Coup,
    Declare,
    Intent,
    InvestVote,
    Join,
    Nominate,
    Proceed,
    Promote,
    Revolt,
    RogueVote,
    Speak,
)
from .state import STAGES, PastVote, WorldState, halved, promoted
from .world import MODERATOR, Goal, Status, world

MODERATOR_STAGES = ("opening", "growth", "decline", "crisis", "war")
QUEUE_STAGES = ("speeches", "promotion", "nominations", "declarations", "rivalry-speeches")
VOTE_STAGES = {"core-vote": InvestVote, "rogue-vote": RogueVote, "alliance-vote": Join, "revolution": Revolt}
YES, NO = "support", "strikebreak"
TALKS = {2: "Peace of Westphalia", 3: "Congress of Vienna", 4: "UN General Assembly"}
"""The negotiations' names by cycle (L64-L65)."""


# --- moving on


def next_stage(state: WorldState) -> WorldState:
    """Enter the stage after the current one (the next cycle's opening after the revolution vote)."""
    if state.over:
        return state
    i = STAGES.index(state.stage)
    if i + 1 < len(STAGES):
        return enter(state, STAGES[i + 1])
    return attrs.evolve(state, cycle=state.cycle + 1, stage="opening", queue=(), vote=None, vote_kind="")


def _skip(state: WorldState, why: str) -> WorldState:
    return next_stage(state.logged(why) if why else state)


def enter(state: WorldState, stage: str) -> WorldState:
    """``state`` at the start of ``stage``: its queue or vote set up, or passed if empty."""
    state = attrs.evolve(state, stage=stage, queue=(), vote=None, vote_kind="")
    cycle = state.cycle
    if stage in MODERATOR_STAGES:
        return state
    if stage in ("speeches", "rivalry-speeches"):
        if not state.options.speeches:
            return next_stage(state)
        who = [n.id for n in state.playing] if stage == "speeches" else list(state.contenders)
        return attrs.evolve(state, queue=state.from_hegemon(who) if stage == "speeches" else tuple(who))
    if stage == "promotion":
        return _enter_promotion(state)
    if stage == "core-vote":
        return _enter_core_vote(state)
    if stage == "intervention":
        if not state.with_status(Status.PERIPHERAL):
            return _skip(state, "No peripheral state is left: the hegemon has nobody to annex.")
        return state
    if stage == "nominations":
        if cycle < 2:
            return next_stage(state)
        talks = TALKS.get(cycle, "collective-security talks")
        state = state.logged(
            f"The collective-security negotiations of cycle {cycle}: the {talks}. Each state in turn may "
            "nominate a semiperipheral or peripheral state for rogue state."
        )
        return attrs.evolve(state, queue=state.from_hegemon(n.id for n in state.playing))
    if stage == "rogue-vote":
        return _enter_rogue_vote(state) if cycle >= 2 else next_stage(state)
    if stage == "declarations":
        if not state.contenders:
            return _skip(state, "There is no hegemony contender.")
        return attrs.evolve(state, queue=state.contenders)
    if stage == "alliance-vote":
        return _enter_alliance_vote(state)
    if stage == "coup":
        return state if cycle >= 2 else next_stage(state)
    if stage == "revolution":
        voters = tuple(n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL))
        if not voters:
            return _skip(state, "No semiperipheral or peripheral state is left to vote on a revolution.")
        vote = Vote.open("Support the antisystemic revolution?", (YES, NO), voters, Visibility.SEALED_NAMED)
        return attrs.evolve(state, vote=vote, vote_kind=stage)
    raise ValueError(f"unknown stage {stage!r}")


def _enter_promotion(state: WorldState) -> WorldState:
    """R-W3: the hegemon promotes semiperipheral states until there are as many core states
    as the deal made (2 from cycle 2 on; none in cycle 1)."""
    wanted = world().deal["core"] - len(state.with_status(Status.CORE))
    semis = state.with_status(Status.SEMI)
    owed = min(max(0, wanted), len(semis))
    if owed == 0:
        why = (
            f"The hegemon invests in no semiperipheral state: there are already {len(state.with_status(Status.CORE))} "
            "core states, as many as the deal made."
            if wanted <= 0
            else "No semiperipheral state is left for the hegemon to invest in."
        )
        return _skip(state, why)
    return attrs.evolve(state, queue=(state.hegemon,) * owed)


def invest_in_periphery(state: WorldState, target: str, how: str) -> WorldState:
    n = state.nation(target)
    state = state.with_nation(attrs.evolve(promoted(n, Status.SEMI), capital=n.capital * 2))
    return state.logged(
        f"Investment {how}: {state.name(target)} becomes semiperipheral; capital {n.capital} -> {n.capital * 2}."
    )


def _enter_core_vote(state: WorldState) -> WorldState:
    """R-W5: only peripheral strikebreakers may get the investment; one gets it at once;
    several are put to the core states' open vote, the hegemon breaking a tie."""
    candidates = tuple(n.id for n in state.with_status(Status.PERIPHERAL) if n.strikebreaker)
    if not candidates:
        return _skip(state, "No peripheral strikebreaker: no investment in the periphery this cycle.")
    if len(candidates) == 1:
        return next_stage(invest_in_periphery(state, candidates[0], "(the only peripheral strikebreaker)"))
    voters = tuple(n.id for n in state.with_status(Status.CORE))
    vote = Vote.open(
        "Which peripheral strikebreaker gets the core states' investment?",
        candidates,
        voters,
        Visibility.OPEN,
        tie=TieRule.CHAIR,
        chair=state.hegemon if state.hegemon in voters else "",
    )
    return attrs.evolve(state, vote=vote, vote_kind="core-vote")


def rogue_candidates(state: WorldState) -> tuple[str, ...]:
    """Who may be nominated: a peripheral or semiperipheral state still in the game (L66-L67)."""
    return tuple(n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL) if n.id not in state.nominated)


def _enter_rogue_vote(state: WorldState) -> WorldState:
    candidates = state.nominated
    if not candidates:
        return _skip(state, "Nobody was nominated: there is no rogue state this cycle.")
    if len(candidates) == 1:
        return next_stage(make_rogue(state, candidates[0], "the only candidate"))
    order = [n.id for n in state.nations]
    ranked = tuple(sorted(candidates, key=lambda c: (-state.nation(c).capital, order.index(c))))
    voters = tuple(n.id for n in state.playing)
    vote = Vote.open(
        "Which candidate becomes the rogue state?",
        ranked,
        voters,
        Visibility.SEALED_NAMED,
        weights={v: state.nation(v).capital for v in voters},
        tie=TieRule.CHAIR,
        chair=state.hegemon if state.hegemon in voters else "",
    )
    return attrs.evolve(state, vote=vote, vote_kind="rogue-vote")


def make_rogue(state: WorldState, target: str, how: str) -> WorldState:
    """The peacekeeping mission (L69-L72): half the capital, out of this cycle's war, and a
    terrorist under blockade. One secret line is written either way, to the terrorists or
    to the moderator alone, so that the journal's numbering tells nobody which."""
    n = state.nation(target)
    state = state.with_nation(attrs.evolve(n, rogue=True, capital=halved(n.capital)))
    name = state.name(target)
    state = state.logged(
        f"{name} is the rogue state ({how}): the peacekeeping mission halves its capital "
        f"{n.capital} -> {halved(n.capital)}, and it sits out this cycle's world war."
    )
    if n.terrorist:
        return state.logged(
            f"Secret: {name} is a terrorist state under economic blockade: while it is the rogue state it "
            "can neither stage a coup nor start the nuclear war.",
            to=tuple(t.id for t in state.terrorists),
        )
    return state.logged(
        f"Secret: {name} is not a terrorist state; the mission blockades no terrorist.", to=(MODERATOR,)
    )


def _enter_alliance_vote(state: WorldState) -> WorldState:
    """R-W9, R-W10: every state in the game but the contenders and the rogue state joins
    one alliance, the former hegemon too."""
    if len(state.contenders) < 2:
        return _skip(state, "With fewer than two contenders there are no alliances to join.")
    rogue = state.rogue
    voters = tuple(n.id for n in state.playing if n.id not in state.contenders and n.id != rogue)
    if not voters:
        return _skip(state, "Nobody is free to join an alliance.")
    vote = Vote.open("Which contender's alliance do you join?", state.contenders, voters, Visibility.SEALED_NAMED)
    return attrs.evolve(state, vote=vote, vote_kind="alliance-vote")


def record_vote(state: WorldState, result: str = "") -> WorldState:
    assert state.vote is not None
    past = PastVote(state.cycle, state.vote_kind, state.vote, result)
    return attrs.evolve(state, past_votes=state.past_votes + (past,))


# --- who acts


def coup_actor(state: WorldState) -> str:
    """R-W12: the non-blockaded terrorist with the most capital (then seat order) decides
    the coup; the moderator when none can."""
    able = [n for n in state.terrorists if not n.blockaded]
    if not able:
        return MODERATOR
    return max(able, key=lambda n: (n.capital, -state.nations.index(n))).id


def coup_targets(state: WorldState, actor: str) -> tuple[str, ...]:
    """A state with less capital than the actor's, not a terrorist (L85-L86)."""
    if actor == MODERATOR:
        return ()
    capital = state.nation(actor).capital
    return tuple(n.id for n in state.playing if not n.terrorist and n.capital < capital)


def owed_by(state: WorldState) -> tuple[str, ...]:
    if state.over:
        return ()
    stage = state.stage
    if stage in MODERATOR_STAGES:
        return (MODERATOR,)
    if stage in QUEUE_STAGES:
        return state.queue[:1]
    if stage in VOTE_STAGES:
        return state.vote.waiting_on if state.vote is not None else ()
    if stage == "intervention":
        return (state.hegemon,)
    if stage == "coup":
        return (coup_actor(state),)
    return ()


_PROMPTS = {
    "opening": "the moderator opens the cycle{cycle_word}",
    "speeches": "{who} speaks (investments stage)",
    "promotion": "{who} invests in a semiperipheral state (it becomes core)",
    "core-vote": "the core states vote, openly, which peripheral strikebreaker gets investment",
    "intervention": "{who} chooses the peripheral state to annex (antiterrorist operation)",
    "nominations": "{who} nominates a candidate for rogue state, or passes",
    "rogue-vote": "every state votes for the rogue state (weighted by capital, sealed until all are in)",
    "growth": "the moderator announces the growth of capital",
    "decline": "the moderator announces the decline phase (the hegemon loses its status)",
    "declarations": "{who} declares its goal as a hegemony contender",
    "rivalry-speeches": "{who} speaks as a hegemony contender",
    "alliance-vote": "every free state joins one contender's alliance (sealed until all are in)",
    "crisis": "the moderator announces the crisis stage (everyone closes their eyes)",
    "coup": "eyes closed: the terrorists may stage a coup",
    "war": "the moderator counts the alliances' capital (the world war)",
    "revolution": "the semiperipheral and peripheral states support the revolution or strikebreak (sealed)",
}


def pending(state: WorldState) -> Decision:
    if state.over:
        return Decision((), OVER, f"The game is over: {state.ending}")
    seats = owed_by(state)
    who = state.name(seats[0]) if seats else ""
    cycle_word = "" if state.cycle <= world().last_cycle else " (the game's end)"
    prompt = _PROMPTS[state.stage].format(who=who, cycle_word=cycle_word)
    if state.stage == "nominations" and not rogue_candidates(state):
        prompt = f"{who} may only pass: every semiperipheral and peripheral state is already nominated"
    return Decision(seats, state.stage, f"Cycle {min(state.cycle, world().last_cycle)}: {prompt}")


def neutral_coup(state: WorldState) -> Decision:
    """What every seat but the moderator reads during the coup: the same for all (X-W4),
    owed by every state in the game and the moderator (who acts when no terrorist can)."""
    return Decision(tuple(n.id for n in state.playing) + (MODERATOR,), "coup", pending(state).prompt)


def legal(state: WorldState) -> list[Intent]:
    if state.over:
        return []
    stage = state.stage
    seats = owed_by(state)
    if stage in MODERATOR_STAGES:
        return [Proceed(MODERATOR)]
    if stage in ("speeches", "rivalry-speeches"):
        return [Speak(seats[0], "")]
    if stage == "promotion":
        return [Promote(state.hegemon, n.id) for n in state.with_status(Status.SEMI)]
    if stage == "intervention":
        return [Annex(state.hegemon, n.id) for n in state.with_status(Status.PERIPHERAL)]
    if stage == "nominations":
        seat = seats[0]
        nominations: list[Intent] = [Nominate(seat, c) for c in rogue_candidates(state)]
        return nominations + [Nominate(seat, "")]
    if stage == "declarations":
        return [Declare(seats[0], goal.value) for goal in Goal]
    if stage == "coup":
        actor = seats[0]
        coups: list[Intent] = [Coup(actor, t) for t in coup_targets(state, actor)]
        return coups + [Coup(actor, "")]
    if stage in VOTE_STAGES:
        assert state.vote is not None
        if stage == "revolution":
            return [Revolt(v, s) for v in state.vote.waiting_on for s in (True, False)]
        kind = VOTE_STAGES[stage]
        return [kind(v, o) for v in state.vote.waiting_on for o in state.vote.options]
    raise ValueError(f"unknown stage {stage!r}")
