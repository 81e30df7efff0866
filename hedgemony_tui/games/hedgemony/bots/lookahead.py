"""Looking ahead with the engine itself, on a copy of what the seat sees.

A bot never rolls the game's dice: its view has no generator worth the name (``view``
replaces it). To see what an option leads to, ``settle`` plays the card in play to its
end on a copy whose dice are "physical", so every die becomes a choice of face, and the
faces are weighed one tenth each (the first roll on every face, later ones on a few), the
exact odds of the D10. Other decisions inside the card follow ``reply``: responders send
the forces they have on hand at no cost (a deterrent presence answers), everyone else
takes the option that spends nothing. That is the "what if the others add nothing more
than what is already there" reading of the odds. In a contest that escalates (ch. 8) the
walk stays in the round under way: in any later round every seat stops.
"""

from __future__ import annotations

import attrs

from ..engine import contest as forces
from ..engine import game
from ..engine.content import Content
from ..engine.game import legal_intents, pending
from ..engine.intents import (
    AcceptRuling,
    AppealForFunding,
    BuyBack,
    Choose,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    EnterRoll,
    Intent,
    Pay,
    SeekLead,
    Vote,
)
from ..engine.state import GameState
from .proposal_ruling import rule_proposal

ALL_FACES = tuple((face, 0.1) for face in range(10))
FEW_FACES = ((1, 0.3), (4, 0.2), (5, 0.2), (8, 0.3))  # later rolls: four faces keep the mean (4.5)
ONE_FACE = ((5, 1.0),)  # roll-offs and privacy: which face matters little to IP


def sandbox(state: GameState) -> GameState:
    """A copy for what-ifs: dice entered by hand, no random events."""
    if state.settings.physical_dice and not state.settings.random_events:
        return state
    return attrs.evolve(state, settings=attrs.evolve(state.settings, physical_dice=True, random_events=False))


def free_commit(state: GameState, content: Content, player: str, options: list[Intent]) -> Intent | None:
    """The biggest commitment of forces that costs no RPs, if any."""
    best, size = None, 0
    for intent in options:
        if isinstance(intent, CommitForces) and intent.ffs > size:
            stack = state.stack(intent.stack)
            if forces.commit_cost(state, content, player, stack, intent.ffs) == 0:
                best, size = intent, intent.ffs
    return best


def strong_commit(state: GameState, content: Content, player: str, options: list[Intent]) -> Intent | None:
    """The biggest commitment of forces the player can pay for, keeping 2 RP."""
    best, size = None, 0
    rp = state.player(player).rp
    for intent in options:
        if isinstance(intent, CommitForces) and intent.ffs > size:
            stack = state.stack(intent.stack)
            if forces.commit_cost(state, content, player, stack, intent.ffs) <= rp - 2:
                best, size = intent, intent.ffs
    return best


def reply(
    state: GameState,
    content: Content,
    seat: str,
    options: list[Intent],
    me: str,
    own_commits: bool,
    answer: str = "free",
) -> Intent:
    """The default decision of ``seat`` inside a card: free forces, no RPs. ``answer``
    says how the other seats answer with forces: "free" (those on hand), "strong" (also
    paying to bring forces from further away) or "none" (no forces at all)."""
    if seat == me and own_commits:
        commit = free_commit(state, content, seat, options)
    elif seat != me and answer != "none":
        commit = (strong_commit if answer == "strong" else free_commit)(state, content, seat, options)
    else:
        commit = None
    if commit is not None:
        return commit
    for kind in (DoneCommitting, Pay, Vote, SeekLead):
        for intent in options:
            if isinstance(intent, kind) and not getattr(intent, "rp", 0) and not getattr(intent, "yes", False):
                return intent
    for intent in options:
        if not isinstance(intent, (BuyBack, Choose, ChooseLocation, AppealForFunding)):
            return intent
    return options[0]


def settle(
    state: GameState,
    content: Content,
    me: str,
    own_commits: bool = True,
    limit: int = 400,
    answer: str = "free",
    trace: dict[str, bool] | None = None,
) -> list[tuple[float, GameState]]:
    """The states (with their chances) where the card in play, and any die, is done.
    ``trace["followed"]`` is set when ``me`` committed forces of its own on the way (when
    it never did, the walk is the one ``own_commits=False`` would take)."""
    out: list[tuple[float, GameState]] = []
    # A contest escalates round by round (ch. 8). The walk reads the odds one exchange
    # deep: forces answer in the round under way, but no one raises the stakes in a
    # later round (each side weighs that when its turn to escalate comes).
    start_round = state.run.round if state.run is not None else 1

    def walk(s: GameState, p: float, rolled: int, steps: int) -> None:
        while True:
            if steps > limit:
                out.append((p, s))
                return
            if s.roll_request is not None:
                purpose = s.roll_request.purpose
                faces = (
                    ONE_FACE
                    if purpose in ("privacy", "run-privacy", "run-lead")
                    else (ALL_FACES if rolled == 0 else FEW_FACES if rolled == 1 else ONE_FACE)
                )
                for face, weight in faces:
                    walk(
                        game.apply_legal(s, EnterRoll(face), content),
                        p * weight,
                        rolled + (faces is not ONE_FACE),
                        steps + 1,
                    )
                return
            if s.run is None:
                out.append((p, s))
                return
            seat = pending(s, content).seat
            options = legal_intents(s, content)
            later = s.run.round > start_round
            intent = reply(s, content, seat, options, me, own_commits and not later, "none" if later else answer)
            if trace is not None and seat == me and isinstance(intent, CommitForces):
                trace["followed"] = True
            s = game.apply_legal(s, intent, content)
            steps += 1

    walk(sandbox(state), 1.0, 0, 0)
    return out


def expected_ip(states: list[tuple[float, GameState]], player: str) -> float:
    return sum(p * s.player(player).ip for p, s in states)


def apply_option(state: GameState, content: Content, intent: Intent) -> GameState:
    """The engine's own step for an option ``legal_intents`` offered the seat.

    ``reduce`` would list every legal intent again to check it (in the Blue phase that
    prices every possible deployment); the option came from that very list, so the bot
    applies it with ``apply_legal``, the same reducer without the second listing.
    """
    return game.apply_legal(state, intent, content)


def after(
    state: GameState,
    content: Content,
    intent: Intent,
    me: str,
    own_commits: bool = True,
    answer: str = "free",
    trace: dict[str, bool] | None = None,
) -> list[tuple[float, GameState]]:
    """Take ``intent`` on a sandbox copy, then settle the card it starts (if any)."""
    return settle(apply_option(sandbox(state), content, intent), content, me, own_commits, answer=answer, trace=trace)


def gain_chance(states: list[tuple[float, GameState]], before: GameState, player: str) -> float:
    """The chance that ``player`` ends the card with more IP than it began with."""
    start = before.player(player).ip
    return sum(p for p, s in states if s.player(player).ip > start)


def after_proposal(state: GameState, content: Content, intent: Intent, me: str) -> list[tuple[float, GameState]]:
    """Propose a free-play action on a sandbox copy, let the White Cell rule on it by
    its stated rule (``proposal_ruling.rule_proposal``, which reads only the public board),
    then settle the action as a card. A refusal leaves the state as proposed."""
    s = apply_option(sandbox(state), content, intent)
    for _ in range(4):  # one ruling; the bound only guards against a loop
        if s.proposal is None or pending(s, content).seat != "WHITE":
            break
        s = apply_option(s, content, rule_proposal(s, game.content_of(s, content), legal_intents(s, content)).intent)
    if s.proposal is not None and s.proposal.ruling is not None:  # the proposer accepts what it reads
        accept = AcceptRuling(s.proposal.player)
        if accept in legal_intents(s, content):
            s = apply_option(s, content, accept)
    return settle(s, game.content_of(s, content), me)
