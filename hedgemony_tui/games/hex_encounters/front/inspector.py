"""The hex inspector: the line under the map that describes the cursor's hex (terrain,
town, road, bridge) and its stack, one entry a block, with what the viewer knows and no
more: own and allied blocks in full, enemy blocks by type once revealed, the others as
hidden blocks with their cohesion lost. Drawn from a seat's view only."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..engine.board import board
from ..engine.data import game_data
from ..engine.state import RESERVE, Block, GameState, side_of

SIDE_WORDS = {"RED134": "Red", "RED218": "Red", "BLUE": "Blue", "GREEN": "Green"}
SIDE_STYLES = {"Red": "red", "Blue": "blue", "Green": "green"}


def ground(label: str) -> str:
    """The hex's label, terrain, town, road and bridges ("1005 heavy urban, Kovanburg,
    road, bridge to 0905")."""
    brd = board()
    if not brd.on_map(label):
        return label
    parts = [f"{label} {brd.terrain(label).replace('-', ' ')}"]
    if label in brd.towns:
        parts.append(brd.towns[label])
    if any(brd.road(label, n) for n in brd.neighbours(label)):
        parts.append("road")
    parts += [f"bridge to {n}" for n in brd.neighbours(label) if brd.bridge(label, n)]
    if not any(brd.bridge(label, n) for n in brd.neighbours(label)) and any(
        brd.river(label, n) for n in brd.neighbours(label)
    ):
        parts.append("on the river")
    return ", ".join(parts)


def _lost(loss: int) -> str:
    return f"{loss} cohesion lost" if loss else "no cohesion lost"


def block_entry(block: Block, seat: str) -> str:
    """One block as ``seat`` knows it (``block`` comes from that seat's view)."""
    side = SIDE_WORDS.get(block.seat, block.seat)
    lost = _lost(block.loss)
    kind = game_data().types.get(block.kind)
    if kind is None:  # the view blanks the type of an enemy block not revealed
        return f"{block.id} hidden {side} block, {lost}"
    stats = f"{kind.name.removesuffix(' battalion')} {kind.cp}/{kind.mp}/{kind.cohesion}"
    # A known type: the cohesion lost only when some is (the hidden ones always say it).
    flags = [lost] if block.loss else []
    if seat and block.side == side_of(seat):
        whose = "yours" if block.seat == seat else f"allied {side}"
        flags += (["moved"] if block.moved else []) + ([] if block.supplied else ["out of supply"])
        flags += ["seen by the enemy"] if block.revealed else []
        return ", ".join([f"{block.id} {stats} ({whose})", *flags])
    return ", ".join([f"{block.id} {side} {stats}", *flags])


def inspect(view: GameState, seat: str, label: str) -> Text:
    """The inspector's text for the hex ``label`` in ``view`` (``seat``'s view)."""
    out = Text()
    if not label:
        return out
    out.append(ground(label), style="bold")
    waiting = sum(b.side == "red" and b.status == RESERVE for b in view.blocks) if label == board().red_entry else 0
    if waiting:  # public: the forces list shows every block waiting, hidden or not
        out.append(f" · {waiting} Red block{'s' if waiting > 1 else ''} waiting off the west edge enter here")
    stack = view.at(label)
    if not stack:
        out.append(" · no blocks", style="dim")
        return out
    out.append(" · ")
    for n, (entry, style) in enumerate(entries(stack, seat)):
        if n:
            out.append("; ")
        out.append(entry, style=style)
    return out


def entries(stack: tuple[Block, ...], seat: str) -> list[tuple[str, str]]:
    """The stack's entries and their styles: a block each, but the hidden blocks of one
    commander with the same cohesion lost read as one entry ("A3, A6 hidden Red blocks,
    no cohesion lost"), so a big stack stays short."""
    out: list[tuple[str, str]] = []
    hidden: dict[tuple[str, int], list[str]] = {}
    for block in stack:
        if not block.kind:
            hidden.setdefault((block.seat, block.loss), []).append(block.id)
    for block in stack:
        style = SIDE_STYLES.get(SIDE_WORDS.get(block.seat, ""), "")
        if block.kind:
            out.append((block_entry(block, seat), style))
            continue
        ids = hidden.pop((block.seat, block.loss), [])
        if len(ids) > 1:
            out.append(
                (f"{', '.join(ids)} hidden {SIDE_WORDS.get(block.seat, block.seat)} blocks, {_lost(block.loss)}", style)
            )
        elif ids:
            out.append((block_entry(block, seat), style))
    return out


def fitted(text: Text, console: Console, width: int, lines: int) -> Text:
    """``text`` cut to ``lines`` lines of ``width``, ending in '…' when cut."""
    wrapped = text.wrap(console, width)
    if len(wrapped) <= lines:
        return text
    out = Text("\n").join(wrapped[:lines])
    out.right_crop(min(len(out), 2))
    out.append(" …", style="bold")
    return out
