"""Out-of-area operation cards (ch. 9): the move is in the card's price, one move per card.

Chapter 9 prices Red deployments into the cost of the out-of-area operation card itself,
and counts movements by their originating locations. So the Russian or Chinese player who
plays one of these cards (family ``ooa``) pays nothing more to send its forces into the
card's AOR, and may send them from one place only: a second origin would be a second
movement, which would need a second card. Forces already inside the card's AOR make no
deployment and may join from wherever they stand there.

``contest.py`` asks these two questions when it prices and offers a commitment.
"""

from __future__ import annotations

from . import names
from .content import Content
from .intents import CommitForces, Intent
from .state import CardRun, GameState, Stack

FAMILY = "ooa"


def is_out_of_area_move(content: Content, run: CardRun, player: str) -> bool:
    """Whether ``player`` is the Red initiator of an out-of-area card, whose moves into
    the card's AOR the card's own cost already paid for."""
    return player == run.actor and FAMILY in content.card(run.card).families


def origin_allowed(content: Content, run: CardRun, player: str, stack: Stack, target_aor: str) -> bool:
    """Whether ``stack`` may join: on an out-of-area card, the forces brought in from
    outside the AOR all leave from the one place the first of them left (ch. 9)."""
    if not is_out_of_area_move(content, run, player):
        return True
    board = content.scenario.board
    if board.aor_of(stack.location) == target_aor:
        return True  # already in the AOR: a free repositioning, not a deployment
    origins = {c.origin for c in run.red if c.origin and board.aor_of(c.origin) != target_aor}
    return not origins or stack.location in origins


def second_origin_refusal(state: GameState, content: Content, intent: Intent) -> str:
    """Why a commitment is refused when it would bring forces from a second place ("" if
    that is not why): for the message the player sees."""
    run = state.run
    if not isinstance(intent, CommitForces) or run is None or not is_out_of_area_move(content, run, intent.player):
        return ""
    try:
        stack = state.stack(intent.stack)
    except KeyError:
        return ""
    aor = content.scenario.board.aor_of(run.location) if run.location else content.card(run.card).aor
    if stack.owner != intent.player or origin_allowed(content, run, intent.player, stack, aor):
        return ""
    first = next(c.origin for c in run.red if c.origin and content.scenario.board.aor_of(c.origin) != aor)
    return (
        f"{run.card} pays for one move into {aor}, and its forces came from {names.place(content, first)}: forces from "
        f"{names.place(content, stack.location)} would be a second movement, which needs another out-of-area card (ch. 9)"
    )
