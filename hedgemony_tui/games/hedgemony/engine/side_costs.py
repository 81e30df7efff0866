"""What a decision costs besides Influence: the numbers the commitment and posture
worksheets show next to the odds.

A commitment's IP shows in the odds (``odds.py``); what else it costs is easy to miss:
the RPs the move into the area of interest costs now (ch. 9), the FFs a card's reset
rules send home (half of those committed, rounded up, ch. 11), the readiness U.S.
forces lose on a reset (rule X4) and the change those make to next turn's readiness
bill (ch. 14). A posture move changes the bill too: forces overseas cost more to keep
ready than forces in CONUS.

Like the odds, these are read by running the engine's own steps on a copy of the state
(states are immutable): the decisions taken, every other player still to decide adding
nothing, then each of the ten faces of the die. Nothing here is a second copy of a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from . import contest as forces
from .content import Content
from .game import apply_roll, content_of, reduce
from .intents import EnterRoll, Intent
from .odds import FACES, _adds_nothing
from .phases.blue import readiness_due
from .state import GameState, Stack
from .terms import Source

SOURCE_ORDER = (Source.THEATER.value, Source.ADJACENT.value, Source.CONUS.value)
"""Where forces for a card come from, nearest first (ch. 10)."""


@attrs.frozen
class Span:
    """The least and the most a number comes to over the ten faces of the die."""

    low: int
    high: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Span:
        return cls(min(values), max(values)) if values else cls(0, 0)


@attrs.frozen
class SideCosts:
    """A commitment's costs besides IP, for ``player``."""

    rp_now: int  # RPs paid at once for the decisions (moves into the AOI, buy-backs)
    reset_ffs: Span  # the player's FFs a reset sends home, over the ten faces
    readiness_drop: Span  # percentage points U.S. forces of the player lose on a reset
    bill_change: Span  # next turn's U.S. readiness bill, against the bill before the decisions
    rolled: bool  # a roll follows (else the spans are what the card's end leaves)


def source_rank(state: GameState, content: Content, player: str, stack: Stack) -> tuple[int, int]:
    """A sort key for the stacks ``player`` may send to the card in play: in theater,
    then adjacent, then CONUS; within each, the cheaper first (1 FF's move price)."""
    content = content_of(state, content)
    place = forces.target_of(state, content, player)
    source = forces.source_of(content, stack, content.scenario.board.aor_of(place))
    rank = SOURCE_ORDER.index(source) if source in SOURCE_ORDER else len(SOURCE_ORDER)
    return rank, forces.commit_cost(state, content, player, stack, 1)


def _out(state: GameState, player: str) -> int:
    """FFs of ``player`` held out of play by a reset this turn or later."""
    return sum(s.ffs for s in state.stacks_of(player) if s.reset(state.turn))


def _readiness(state: GameState) -> dict[str, int]:
    return {s.id: s.readiness for s in state.stacks_of("US")}


def _bill(state: GameState, content: Content) -> int:
    return readiness_due(state, content)


def side_costs(
    state: GameState, intents: Sequence[Intent], player: str, content: Content | None = None
) -> SideCosts | None:
    """What taking ``intents`` now costs ``player`` besides IP (None if one is not allowed)."""
    content = content_of(state, content)
    rp_before = state.player(player).rp
    bill_before = _bill(state, content)
    try:
        for intent in intents:
            state = reduce(state, intent, content)
    except IllegalIntent:
        return None
    rp_now = rp_before - state.player(player).rp
    for _ in range(64):  # a card has few decisions; the bound only guards against a loop
        if state.roll_request is not None or state.run is None:
            break
        quiet = _adds_nothing(state, content)
        if quiet is None:
            break
        state = reduce(state, quiet, content)
    if state.roll_request is None:
        ends = [state]
    else:
        ends = [apply_roll(state, content, EnterRoll(face)) for face in FACES]
    out, ready = _out(state, player), _readiness(state)
    drops = []
    for end in ends:
        after = _readiness(end)
        drops.append(max((ready[sid] - after[sid] for sid in ready if sid in after), default=0))
    return SideCosts(
        rp_now=rp_now,
        reset_ffs=Span.of([_out(end, player) - out for end in ends]),
        readiness_drop=Span.of(drops if player == "US" else []),
        bill_change=Span.of([_bill(end, content) - bill_before for end in ends]),
        rolled=state.roll_request is not None,
    )


def bill_change(state: GameState, intent: Intent, content: Content | None = None) -> int | None:
    """How much ``intent`` changes next turn's U.S. readiness bill (a posture move to or
    from CONUS, a buy-back, a lowering, a retirement); None if it is not allowed now."""
    content = content_of(state, content)
    try:
        after = reduce(state, intent, content)
    except IllegalIntent:
        return None
    return _bill(after, content) - _bill(state, content)
