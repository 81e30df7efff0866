"""What happens to the forces once a contest card is done, in words for the journal: the
pins a card puts on them, and that they stay where they fought (ch. 8-11).

The engine moves and pins the stacks (``contest.pin``); this only says it, so that the
line that applies a rule also names it.
"""

from __future__ import annotations

from . import names
from .cards import UNTIL_USED
from .content import Content
from .state import CardRun, GameState


def pin_words(turns: int, turn: int) -> str:
    """A card's pin in words, for the line that applies it."""
    if turns >= UNTIL_USED:
        return "the committed forces are pinned where they fought until the card releases them"
    last = turn + turns - 1
    return (
        f"the committed forces are pinned where they fought through turn {last} (the card pins them for "
        f"{names.plural(turns, 'turn')}: they may act only there)"
    )


def stay_words(state: GameState, content: Content, run: CardRun) -> str:
    """Where the committed forces are after the card: they moved to fight and stay there."""
    places = sorted({state.stack(c.stack).location for c in run.red + run.blue if c.stack in _ids(state)})
    where = ", ".join(names.place(content, p) for p in places) or "the place"
    return (
        f"the forces committed stay in {where} after the card (they moved there to fight; "
        "bringing them back is a posture move, reset forces excepted)"
    )


def _ids(state: GameState) -> set[str]:
    return {s.id for s in state.stacks}
