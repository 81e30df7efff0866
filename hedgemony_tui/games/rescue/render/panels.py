"""The side panel's tables: each player's holdings and GP, each open crisis's cost for
each player (after discount and riot), the cycle's event and the initiative order."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.actors import NAMES, RESOURCES, SEATS, short
from ..engine.cards import event_cards
from ..engine.reckon import requirement
from ..engine.state import RescueState


def players_table(state: RescueState, compact: bool = False) -> Table:
    table = Table(
        box=None if compact else box.SIMPLE,
        title=None if compact else "Players",
        title_style="bold",
        pad_edge=False,
        header_style="bold",
    )
    for header in ("", "hex", *(short(r) for r in RESOURCES), "GP"):
        table.add_column(header, justify="left" if header in ("", "hex") else "right")
    for a in state.actors:
        mark = ">" if state.turn.seat == a.id and state.stage == "turn" else " "
        table.add_row(f"{mark}{a.id}", a.hex, *(str(a.tokens.of(r)) for r in RESOURCES), str(a.gp))
    return table


def crises_table(state: RescueState) -> Table:
    table = Table(box=box.SIMPLE, title="Crises: tokens each needs", title_style="bold", pad_edge=False)
    for header in ("", "hex", "die", *SEATS):
        table.add_column(header, justify="left" if header in ("", "hex", "die") else "right")
    for c in state.crises:
        if not c.placed:
            table.add_row(f"C{c.number}", c.hex, "?", "", "", "")
        elif c.resolved_by:
            table.add_row(f"C{c.number}", c.hex, "ok", f"by {c.resolved_by}", "", "")
        else:
            die = f"{c.colour[0].upper()}{c.face}{' riot' if c.riot else ''}"
            media = " M" if c.number == state.media else ""
            costs = [f"{requirement(c, s).tokens}{short(requirement(c, s).resource)[:2]}" for s in SEATS]
            table.add_row(f"C{c.number}{media}", c.hex, die, *costs)
    return table


def crises_strip(state: RescueState) -> Table:
    """The board's crises costs, turned on their side so they fit under the map at 100x30
    (the map's 20 lines and these 4 fill the board's 24): a column a crisis (its number
    and hex; its die is the badge on the map), a row an actor, each cell what that actor
    pays to resolve it now ("3me": 3 medical; "ok" resolved; "?" no die yet). The full
    table with the dice and the Media Meeple is :func:`crises_table` (F2)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    table.add_column("Needs", no_wrap=True)
    for c in state.crises:
        table.add_column(f"C{c.number} {c.hex}", justify="right", no_wrap=True)
    for seat in SEATS:
        cells = []
        for c in state.crises:
            if not c.placed:
                cells.append("?")
            elif c.resolved_by:
                cells.append("ok")
            else:
                need = requirement(c, seat)
                cells.append(f"{need.tokens}{short(need.resource)[:2]}")
        table.add_row(seat, *cells)
    return table


def status_lines(state: RescueState) -> Text:
    text = Text()
    rolled = ", ".join(f"{seat} {'/'.join(map(str, rolls))}" for seat, rolls in zip(SEATS, state.initiative) if rolls)
    order = " > ".join(state.order) if state.order else f"rolling ({rolled or 'no rolls yet'})"
    text.append(f"Cycle {state.cycle or '-'}   Order: {order}\n")
    if state.event:
        card = event_cards()[state.event]
        text.append(f"Event {card.id}: {card.title}\n", style="bold")
        text.append(f"  {card.text}\n", style="bold red" if state.blackout else "")
    if state.media:
        text.append(f"Media Meeple: Crisis {state.media} ({state.crisis(state.media).hex})\n", style="magenta")
    if state.result:
        text.append(f"Gameland {state.result}.\n", style="bold")
    return text


def side_panel(state: RescueState) -> RenderableType:
    return Group(status_lines(state), players_table(state), crises_table(state))


def holdings_line(state: RescueState) -> str:
    return "; ".join(f"{NAMES[a.id]} {a.tokens.describe()}, {a.gp} GP" for a in state.actors)
