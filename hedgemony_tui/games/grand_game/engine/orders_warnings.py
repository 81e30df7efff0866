"""Warnings on a season's order sheet that are not problems: the sheet may be handed in as
it is, but a newcomer would want to know. Today one kind: a territory the seat holds that
its orders leave with no land unit while another country's land units stand next to it
(a tester emptied a border and lost it to the first unit that walked in, with no word of
the risk on the screen). Control passes to whoever enters an empty territory (L99's
holding), so this is the engine's reading of the board the seat can see, not a rule.
"""

from __future__ import annotations

from . import map as M
from .board import Board
from .game_orders import stayers
from .map_data import GameMap
from .orders import OrderSheet
from .orders_words import name


def empty_borders(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[tuple[str, tuple[str, ...]]]:
    """Each territory the sheet empties of land units, with the countries whose land units
    stand next to it (in the board the seat sees)."""
    arriving = {mv.to for entry in sheet.land for mv in entry.moves if mv.infantry or mv.armor}
    arriving |= {f.unload_to for f in sheet.fleets if f.unload_to and f.unload.units}
    out = []
    for land in sorted(board.held_by(seat)):
        if land not in m.lands or not board.at(land, seat).land_units or land in arriving:
            continue
        if stayers(m, board, sheet, land).units:
            continue
        beside = {
            other
            for t in M.land_neighbours(m, land)
            for other in board.seats_at(t)
            if other != seat and board.at(t, other).land_units
        }
        if beside:
            out.append((land, tuple(sorted(beside))))
    return out


def empty_border_notes(m: GameMap, board: Board, seat: str, sheet: OrderSheet) -> list[str]:
    """One line for each territory the sheet empties of land units beside an enemy's."""
    out = []
    for land, beside in empty_borders(m, board, seat, sheet):
        who = ", ".join(m.countries[s].name if s in m.countries else s for s in beside)
        out.append(f"{name(m, land)} is left empty beside {who}'s land units: any unit that walks in takes it")
    return out
