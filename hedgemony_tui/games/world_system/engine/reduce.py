"""``apply``: one decision of the world-system game, checked against ``legal`` (a speech's
free text against its own rules), and its consequences to the next decision.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from .flow import NO, YES, invest_in_periphery, legal, make_rogue, next_stage, owed_by, pending, record_vote
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
from .moderator import end_game, proceed, promote_to_core, record_cycle
from .state import CoupRecord, Nomination, WorldState
from .world import MODERATOR, Status, world

SPEECH_LIMIT = 200


def speech_problem(text: str) -> str | None:
    """What is wrong with a speech's text (None: fine): one line of printable text."""
    if len(text) > SPEECH_LIMIT:
        return f"a speech is at most {SPEECH_LIMIT} characters (this one has {len(text)})"
    if any(not ch.isprintable() for ch in text):
        return "a speech is one line of plain text (no line breaks or control characters)"
    if text != text.strip():
        return "a speech has no spaces at its start or end"
    return None


def _describe(intent: object) -> str:
    describe = getattr(intent, "describe", None)
    return describe() if callable(describe) else repr(intent)


def apply(state: WorldState, intent: Intent) -> WorldState:
    if state.over:
        raise IllegalIntent("the game is over")
    options = legal(state)
    if isinstance(intent, Speak) and intent.text and Speak(intent.seat, "") in options:
        problem = speech_problem(intent.text)
        if problem:
            raise IllegalIntent(problem)
    elif intent not in options:
        owed = ", ".join(state.name(s) for s in owed_by(state)) or "nobody"
        allowed = "; ".join(_describe(o) for o in options[:6]) + ("; ..." if len(options) > 6 else "")
        raise IllegalIntent(
            f"{_describe(intent)} is not allowed now ({pending(state).prompt}; owed by {owed}). Allowed: {allowed}"
        )
    return _reduce(state, intent)


def _done_in_turn(state: WorldState) -> WorldState:
    """The first seat of a one-by-one stage has acted: the next, or the next stage."""
    rest = state.queue[1:]
    if rest:
        return attrs.evolve(state, queue=rest)
    return next_stage(attrs.evolve(state, queue=()))


def _reduce(state: WorldState, intent: Intent) -> WorldState:
    if isinstance(intent, Proceed):
        return proceed(state)
    if isinstance(intent, Speak):
        said = (
            f'{state.name(intent.seat)}: "{intent.text}"'
            if intent.text
            else f"{state.name(intent.seat)} does not speak."
        )
        return _done_in_turn(state.logged(said))
    if isinstance(intent, Promote):
        return _done_in_turn(promote_to_core(state, intent.target))
    if isinstance(intent, Annex):
        return next_stage(_annex(state, intent.target))
    if isinstance(intent, Nominate):
        name = state.name(intent.seat)
        record = Nomination(state.cycle, intent.seat, intent.target)
        state = attrs.evolve(state, nominations=state.nominations + (record,))
        if intent.target:
            state = state.logged(f"{name} nominates {state.name(intent.target)} for rogue state.")
        else:
            state = state.logged(f"{name} nominates nobody.")
        return _done_in_turn(state)
    if isinstance(intent, Declare):
        i = state.contenders.index(intent.seat)
        goals = state.goals[:i] + (intent.goal,) + state.goals[i + 1 :]
        state = attrs.evolve(state, goals=goals, queue=state.queue)
        state = state.logged(f"{state.name(intent.seat)}, hegemony contender, declares its goal: {intent.goal}.")
        return _done_in_turn(state)
    if isinstance(intent, Coup):
        return _coup(state, intent)
    if isinstance(intent, (InvestVote, RogueVote, Join)):
        choice = intent.contender if isinstance(intent, Join) else intent.target
        return _ballot(state, intent.seat, choice)
    if isinstance(intent, Revolt):
        return _ballot(state, intent.seat, YES if intent.support else NO)
    raise IllegalIntent(f"{intent!r} is not a decision of this game")


def _annex(state: WorldState, target: str) -> WorldState:
    """L61-L63, R-W6: the annexed state leaves the game; its capital goes to the hegemon; a
    terrorist loses that status. One secret line is written either way (see make_rogue)."""
    hegemon = state.hegemon
    n = state.nation(target)
    h = state.nation(hegemon)
    was_terrorist = n.terrorist
    told = tuple(t.id for t in state.terrorists)
    state = state.changed(target, annexed_in=state.cycle, capital=0, terrorist=False, rogue=False, strikebreaker=False)
    state = state.changed(hegemon, capital=h.capital + n.capital)
    state = state.logged(
        f"Antiterrorist operation: {state.name(hegemon)} annexes {state.name(target)} (capital {n.capital}); "
        f"{state.name(hegemon)}'s capital {h.capital} -> {h.capital + n.capital}. {state.name(target)} leaves the game."
    )
    if was_terrorist:
        return state.logged(f"Secret: {state.name(target)} was a terrorist state; the operation ended it.", to=told)
    return state.logged(f"Secret: {state.name(target)} was not a terrorist state.", to=(MODERATOR,))


def _ballot(state: WorldState, seat: str, choice: str) -> WorldState:
    assert state.vote is not None
    vote = state.vote.cast(seat, choice)
    state = attrs.evolve(state, vote=vote)
    if state.vote_kind == "core-vote":
        state = state.logged(f"{state.name(seat)} votes to invest in {state.name(choice)}.")
    if not vote.complete:
        return state
    kind = state.vote_kind
    if kind == "core-vote":
        winner = vote.result() or vote.options[0]
        tie = " (no majority: the hegemon's choice)" if len(vote.leaders()) > 1 else ""
        state = record_vote(state, winner)
        return next_stage(invest_in_periphery(state, winner, f"by the core states' vote{tie}"))
    if kind == "rogue-vote":
        winner = vote.result() or vote.options[0]
        totals = ", ".join(f"{state.name(o)} {t}" for o, t in vote.tally().items())
        state = state.logged(f"The rogue-state vote, by capital: {totals}. " + _ballots_line(state))
        tie = ", a tie broken by the hegemon's vote or the larger capital" if len(vote.leaders()) > 1 else ""
        state = record_vote(state, winner)
        return next_stage(make_rogue(state, winner, f"by the vote{tie}"))
    if kind == "alliance-vote":
        state = state.logged("The alliances are chosen. " + _ballots_line(state))
        return next_stage(record_vote(state))
    # the revolution vote
    supporters = [s for s, c in vote.ballots if c == YES]
    breakers = [s for s, c in vote.ballots if c != YES]
    state = record_vote(state, "revolution" if not breakers else "strikebreakers")
    if not breakers:
        state = state.logged("Every semiperipheral and peripheral state supports the revolution: it happens.")
        if state.options.revolution_winners == "all":
            winners = tuple(n.id for n in state.playing)
        else:
            winners = tuple(n.id for n in state.with_status(Status.SEMI, Status.PERIPHERAL))
        return end_game(state, "revolution", winners)
    for n in state.playing:
        state = state.changed(n.id, strikebreaker=n.id in breakers)
    state = state.logged(
        "The revolution fails. Supported by: "
        + (", ".join(state.name(s) for s in supporters) or "nobody")
        + ". Strikebreakers: "
        + ", ".join(state.name(s) for s in breakers)
        + "."
    )
    return next_stage(record_cycle(state))


def _ballots_line(state: WorldState) -> str:
    assert state.vote is not None
    return "Ballots: " + "; ".join(f"{state.name(s)} -> {state.name(c)}" for s, c in state.vote.ballots) + "."


def _coup(state: WorldState, intent: Coup) -> WorldState:
    """L85-L89, R-W12, R-W13: one coup a cycle; a third terrorist state not all under
    blockade is the terrorist union and the global nuclear war. One secret line either way."""
    if intent.seat == MODERATOR:
        state = state.logged("Secret: no terrorist state can act this cycle.", to=(MODERATOR,))
        return next_stage(attrs.evolve(state, coups=state.coups + (CoupRecord(state.cycle, MODERATOR, ""),)))
    actor = state.name(intent.seat)
    state = attrs.evolve(state, coups=state.coups + (CoupRecord(state.cycle, intent.seat, intent.target),))
    if not intent.target:
        told = tuple(t.id for t in state.terrorists)
        state = state.logged(f"Secret: {actor} stages no coup this cycle; the terrorists stay covert.", to=told)
        return next_stage(state)
    state = state.changed(intent.target, terrorist=True, terrorist_since=state.cycle, recruited_by=intent.seat)
    told = tuple(t.id for t in state.terrorists)
    names = ", ".join(state.name(t) for t in told)
    state = state.logged(
        f"Secret: {actor} stages a military coup in {state.name(intent.target)}, now a puppet terrorist state. "
        f"The terrorist states are {names}.",
        to=told,
    )
    terrorists = state.terrorists
    if len(terrorists) >= world().union and any(not t.blockaded for t in terrorists):
        state = state.logged(f"{names} form a terrorist union with a nuclear weapon: global nuclear war.")
        return end_game(state, "nuclear-war", ())
    return next_stage(state)
