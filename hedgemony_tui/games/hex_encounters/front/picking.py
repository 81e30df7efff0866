"""Which of the legal options a hex of the map stands for, so that a player may choose on
the map itself: an option names the hex it moves to, retreats to or attacks, the hex of
the unit it picks (to move, to add to an attack, to take a loss, to mend; a Red unit
waiting off the map is picked at the road hex where it enters), the hex of
the block a recce looks at, and a deployment names the hex the block goes to.

No rule here: these functions only sort the options the engine offers (the shell's
``table.my_options()``) by the hexes they name; the choice goes back through
``table.choose`` like one made in the decision list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.board import board
from ..engine.deploy import next_default
from ..engine.intents import Deploy, Detect, Select
from ..engine.state import DEPLOY, OVER, RESERVE, GameState

Option = tuple[Any, str]  # an intent and its label, as ``table.my_options()`` gives them


def hexes_of(view: GameState, intent: Any) -> tuple[str, ...]:
    """The hexes of the map ``intent`` names (none for a decision not made on a hex, such
    as committing an attack, rolling, or ending a phase)."""
    found: list[str] = []
    if isinstance(intent, Deploy):  # the default set's next hex (a free set-up is a MoveTo)
        spot = next_default(view) if view.phase == DEPLOY else ""
        if spot:
            found.append(spot)
    elif isinstance(intent, Detect):
        if view.has_block(intent.target) and view.block(intent.target).on_map:
            found.append(view.block(intent.target).hex)
    elif getattr(intent, "hex", "") or getattr(intent, "target", ""):
        found.append(getattr(intent, "hex", "") or getattr(intent, "target", ""))  # a move, retreat, attack
    elif getattr(intent, "unit", ""):
        unit = intent.unit
        if view.has_block(unit) and view.block(unit).on_map:
            found.append(view.block(unit).hex)  # a unit picked where it stands
        elif isinstance(intent, Select) and view.has_block(unit) and view.block(unit).status == RESERVE:
            found.append(board().red_entry)  # a unit waiting off the map, picked where it enters
    brd = board()
    return tuple(h for h in found if brd.on_map(h))


def options_at(view: GameState, options: Sequence[Option], label: str) -> list[Option]:
    """The options that name the hex ``label``, in the order they are offered."""
    return [(intent, text) for intent, text in options if label in hexes_of(view, intent)]


def option_hexes(view: GameState, options: Sequence[Option]) -> list[str]:
    """Every hex the options name, each once, in the order they are first offered."""
    seen: dict[str, None] = {}
    for intent, _ in options:
        for h in hexes_of(view, intent):
            seen.setdefault(h, None)
    return list(seen)


def nothing_here(
    view: GameState, options: Sequence[Option], label: str, prompt: str, waiting: Sequence[str] = ()
) -> str:
    """One line saying why nothing can be chosen at ``label`` and what the decision wants
    (``waiting``: the seats the game waits on when the viewer has nothing to decide)."""
    where = f"Nothing to choose at {label}"
    if not options:
        if view.phase == OVER:
            return f"{where}: the game is over."
        return (
            f"{where}: the game is waiting on {', '.join(waiting)}."
            if waiting
            else f"{where}: nothing is yours to decide now."
        )
    wanted = prompt.strip().rstrip(".")
    on_map = option_hexes(view, options)
    off_map = [text for intent, text in options if not hexes_of(view, intent)]
    if not on_map:
        return f"{where}: this decision is not made on the map ({wanted}); use the list on the right."
    rest = " or the list on the right" if off_map else ""
    return f"{where}: pick one of the hexes marked *{rest} ({wanted})."
