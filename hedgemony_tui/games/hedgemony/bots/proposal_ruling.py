"""The automated White Cell's stated rule for a Blue free-play proposal.

Apart from ``white_cell.py``: the lookahead (``lookahead.after_proposal``) plays the same
ruling on its what-if copies, and the White Cell bot weighs options with the lookahead.
"""

from __future__ import annotations

from ..engine.content import Content
from ..engine.intents import Intent, RefuseAction, RuleAction
from ..engine.state import GameState
from .choice import BotChoice


def rule_proposal(state: GameState, content: Content, options: list[Intent]) -> BotChoice:
    """Rule on a Blue free-play proposal.

    The stated rule: if a Red player has forces in the AOR of the place, the action meets
    them - CRT A against the strongest one there (a combat interaction); else RT B if
    any Red forces are adjacent; else a plain D10 ruling. Among rulings of the chosen
    table, the cheapest. Refuse only when no standard ruling is offered.
    """
    rulings = [o for o in options if isinstance(o, RuleAction)]
    refuse = next((o for o in options if isinstance(o, RefuseAction)), None)
    if not rulings:
        assert refuse is not None, "the White Cell may always refuse a proposal"
        return BotChoice(refuse, "White Cell refuses the proposal: no standard ruling fits it")
    proposal = state.proposal
    place = (proposal.location if proposal is not None else "") or (state.run.location if state.run is not None else "")
    board = content.scenario.board
    red = set(content.scenario.red)
    aor = board.aor_of(place) if place else ""
    here: dict[str, int] = {}
    near = 0
    for s in state.stacks:
        if s.owner in red and s.ffs and aor:
            there = board.aor_of(s.location)
            if there == aor:
                here[s.owner] = here.get(s.owner, 0) + s.ffs
            elif board.adjacent(there, aor):
                near += s.ffs
    if here:
        table, why = "crt-a", f"{strongest(here)} has forces in {aor}"
    elif near:
        table, why = "rt-b", f"Red forces stand next to {aor}"
    else:
        table, why = "d10", f"no Red forces near {aor or 'the place'}"
    fitting = [r for r in rulings if r.table == table] or rulings
    if here:
        fitting = [r for r in fitting if r.opponent == strongest(here)] or fitting
    best = min(fitting, key=lambda r: r.cost)
    return BotChoice(best, f"White Cell rules the proposal on {best.table}: rule: {why}")


def strongest(ffs: dict[str, int]) -> str:
    """The player with the most FFs (the first listed on a tie)."""
    return max(ffs, key=lambda player: ffs[player])
