"""The automated White Cell's stated rule for a Blue free-play proposal (a Blue computer
player's answer to the ruling is ``ruling_answer.py``'s, which looks ahead).

Apart from ``white_cell.py``: the lookahead (``lookahead.after_proposal``) plays the same
ruling on its what-if copies, and the White Cell bot weighs options with the lookahead.
"""

from __future__ import annotations

from ..engine import names
from ..engine.content import Content
from ..engine.intents import Intent, RefuseAction, RuleAction
from ..engine.op_kinds import BASE, TABLE_NAMES, kind_words
from ..engine.state import GameState
from .choice import BotChoice


def rule_proposal(state: GameState, content: Content, options: list[Intent]) -> BotChoice:
    """Rule on a Blue free-play proposal.

    The stated rule: the kind of operation proposed names the table (ch. 8: CRT A for
    combat, RT B short of it; the standard rulings are on it). The opponent is the Red
    player with the most FFs in the AOR of the place (the action meets its forces); else
    a Red player whose home is there (it may send forces to answer); else no one (read
    unanswered). A proposal saved before kinds: CRT A where Red forces are, else RT B.
    Among the fitting rulings, the cheapest. Refuse only when no standard ruling is offered.
    """
    rulings = [o for o in options if isinstance(o, RuleAction)]
    refuse = next((o for o in options if isinstance(o, RefuseAction)), None)
    proposal = state.proposal
    if not rulings:
        assert refuse is not None, "the White Cell may always refuse a proposal"
        if proposal is not None and proposal.kind == BASE:
            return BotChoice(
                refuse,
                "White Cell refuses the base: its terms are the White Cell's own judgement "
                "(ch. 9), which the automated White Cell does not exercise",
            )
        return BotChoice(refuse, "White Cell refuses the proposal: no standard ruling fits it")
    kind = proposal.kind if proposal is not None else ""
    place = (proposal.location if proposal is not None else "") or (state.run.location if state.run is not None else "")
    board = content.scenario.board
    red = set(content.scenario.red)
    aor = board.aor_of(place) if place else ""
    here: dict[str, int] = {}
    for s in state.stacks:
        if s.owner in red and s.ffs and aor and board.aor_of(s.location) == aor:
            here[s.owner] = here.get(s.owner, 0) + s.ffs
    where = names.aor(content, aor) if aor else "the place"
    if here:
        fitting = [r for r in rulings if r.opponent == strongest(here) and (kind or r.table == "crt-a")]
        why = f"{strongest(here)} has {here[strongest(here)]} FF in {where}"
    else:
        fitting = [r for r in rulings if r.opponent and (kind or r.table == "rt-b")]
        why = f"no Red forces in {where}, but a Red player's home is there"
        if not fitting:
            fitting = [r for r in rulings if not r.opponent]
            why = f"no Red player has forces or a home in {where}"
    best = min(fitting or rulings, key=lambda r: r.cost)
    named = f"the {kind_words(kind)}" if kind else "the proposal"
    table = TABLE_NAMES.get(best.table, best.table) + (" (its kind's table)" if kind else "")
    return BotChoice(best, f"White Cell rules {named} on {table}: rule: {why}")


def strongest(ffs: dict[str, int]) -> str:
    """The player with the most FFs (the first listed on a tie)."""
    return max(ffs, key=lambda player: ffs[player])
