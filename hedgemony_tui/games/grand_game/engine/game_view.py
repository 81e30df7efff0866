"""What one seat may see of the Grand Game, and a state that differs only in what it may not.

The board, the Francs, the GDP, the log's public lines and who has sealed are open to all.
Hidden from a seat: every other seat's allocation draft and order sheet until revealed (L138,
L342: a permission written this season is sealed too), the log lines written for another
seat only, and the seed, which foretells every shuffle and die.
"""

from __future__ import annotations

import attrs

from .game_state import Draft, GrandState, SheetDraft
from .orders import OrderSheet


def view(state: GrandState, seat: str | None) -> GrandState:
    """``seat``'s view (``None``: nobody's secrets are shown, as on the room's screen)."""
    drafts = tuple(d if d.seat == seat else Draft(d.seat, sealed=d.sealed) for d in state.drafts)
    sheets = tuple(s if s.seat == seat else SheetDraft(s.seat, OrderSheet(s.seat), s.sealed) for s in state.sheets)
    log = tuple(line for line in state.log if not line.seat or line.seat == seat)
    return attrs.evolve(state, seed=0, drafts=drafts, sheets=sheets, log=log)


def vary_secrets(state: GrandState, seat: str, salt: int) -> GrandState:
    """The same game but for what ``seat`` may not see: the seed, others' drafts and sheets."""
    drafts = tuple(
        d if d.seat == seat else attrs.evolve(d, politics=(d.politics + 10 * (1 + salt % 3)) % 40) for d in state.drafts
    )
    sheets = tuple(
        s if s.seat == seat else attrs.evolve(s, sheet=attrs.evolve(s.sheet, air_tasks=(), permissions=(), land=()))
        for s in state.sheets
    )
    others = [d.seat for d in state.drafts if d.seat != seat]
    if not others:  # nothing drafted yet: another seat starts one
        other = next((s for s in state.seats if s != seat), None)
        if other is not None and not state.over:
            drafts = drafts + (Draft(other, politics=10 * (1 + salt % 3)),)
    return attrs.evolve(state, seed=(state.seed + 7919 * (salt + 1)) % (2**63), drafts=drafts, sheets=sheets)
