"""Escalation: a contest runs in rounds until one side stops adding forces (ch. 8).

Chapter 8's RT B example has Red commit two FFs, the U.S. answer with four, Red then
commit a third and the U.S. two more; its CRT A example counts how many more FFs each
side would need to reach 2:1. So a contest is not settled by one exchange: after the
responders' round, the initiator may add FFs (the same commitments, from the stacks the
card allows, up to its limits), and if it does the responders get another round, and so
on; when a side ends its round without adding any FF, the die is rolled.

The rulebook sets no cap on the rounds. Each round that goes on adds at least one FF,
and a side's eligible FFs (and RPs for the moves) run out, so the FFs on hand bound it
(the reading is in ``rules/hedgemony/README.md``, section (e), "Escalation").

Each commitment records its round (``Commit.round``) and the run its current round
(``CardRun.round``). ``runs.py`` calls :func:`after_responders` when a responders'
round ends and :func:`initiator_done` when the initiator ends its own; both only read
and set the run, the stages themselves stay in ``runs.py``.
"""

from __future__ import annotations

import attrs

from . import contest as forces
from . import names
from .content import Content
from .ledger import log
from .state import WHITE, CardRun, Commit, GameState, Stage


@attrs.frozen
class RoundStep:
    """What one side added in one round: FFs per player (in the order they committed)."""

    round: int
    initiator: bool  # the initiator's half of the round, else the responders'
    ffs: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.ffs)


def escalates(state: GameState, content: Content) -> bool:
    """Whether the card in play is a contest whose initiator commits forces, the only kind
    that can escalate (an injected event or a card whose initiator sends none has no
    initiator to raise the stakes)."""
    run = state.run
    if run is None or run.actor == WHITE:
        return False
    spec = content.card(run.card).contest
    return spec is not None and spec.initiator_forces


def added(state: GameState, run: CardRun, round_no: int, initiator: bool) -> int:
    """FFs the initiator (or the responders) committed in round ``round_no``."""
    return sum(c.ffs for c in _side(state, run, initiator) if c.round == round_no)


def _side(state: GameState, run: CardRun, initiator: bool) -> list[Commit]:
    return [c for c in run.red + run.blue if (forces.commit_owner(state, c) == run.actor) == initiator]


def steps(state: GameState) -> list[RoundStep]:
    """The contest so far, half-round by half-round: the initiator's commitment, then the
    responders', for each round that has begun."""
    run = state.run
    if run is None:
        return []
    out: list[RoundStep] = []
    for round_no in range(1, run.round + 1):
        for initiator in (True, False):
            per: dict[str, int] = {}
            for c in _side(state, run, initiator):
                if c.round == round_no:
                    owner = forces.commit_owner(state, c)
                    per[owner] = per.get(owner, 0) + c.ffs
            out.append(RoundStep(round_no, initiator, tuple(per.items())))
    return out


def is_escalation(state: GameState) -> bool:
    """The initiator is deciding whether to add forces after the responders' round."""
    run = state.run
    return run is not None and run.stage is Stage.COMMIT and run.round > 1


def after_responders(state: GameState, content: Content) -> tuple[GameState, bool]:
    """The responders' round is over: the state asking the initiator whether to escalate
    and True, or the state (with the reason logged) and False when the contest goes on to
    the roll: no escalation possible, the responders added nothing, or the initiator has
    nothing it could add."""
    run = forces.run_of(state)
    if not escalates(state, content) or not forces.committed_by(state, run, run.actor):
        return state, False
    title = names.card(content, run.card)
    if not added(state, run, run.round, initiator=False):
        if run.round > 1:
            state = log(
                state, WHITE, "contest", f"Round {run.round} of {title}: the responders add no forces; the die decides"
            )
        return state, False  # in round 1: no one answered with forces, the unopposed reading
    if not forces.commit_options(state, content, run.actor):
        return log(
            state, run.actor, "contest", f"{run.actor} has no more forces it could add to {title}; the die decides"
        ), False
    run = attrs.evolve(run, stage=Stage.COMMIT, queue=(run.actor,), round=run.round + 1)
    state = attrs.evolve(state, run=run)
    return log(
        state,
        run.actor,
        "contest",
        f"Round {run.round} of {title}: {run.actor} may escalate (commit more forces) or stop",
    ), True


def initiator_done(state: GameState, content: Content) -> GameState:
    """The initiator ended its round. In an escalation round with nothing added, it
    stopped: the run is put past the responders' stage so that ``runs.advance`` goes on
    to the roll; otherwise the responders answer next as usual."""
    run = forces.run_of(state)
    if run.round <= 1 or added(state, run, run.round, initiator=True):
        return state
    state = log(state, run.actor, "contest", f"{run.actor} stops: no escalation on {names.card(content, run.card)}")
    # The round that never happened is not kept: the contest had ``round - 1`` rounds.
    return attrs.evolve(state, run=attrs.evolve(run, stage=Stage.RESPOND, queue=(), round=run.round - 1))


_PROMPTS = {
    Stage.COMMIT: "{who}: round {round} of {title} ({card}) at {where}: escalate with more forces, or stop",
    Stage.RESPOND: "{who}: round {round} of {title} ({card}) at {where}: answer the escalation with more forces, "
    "or stop",
}


def prompt_template(run: CardRun) -> str | None:
    """The pending decision's wording in a round after the first (None in the first:
    the usual commit and respond prompts). Fields: who, round, title, card, where."""
    return _PROMPTS.get(run.stage) if run.round > 1 else None
