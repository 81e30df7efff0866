"""A place's detail, as the seat at the keyboard may see it: its AOR and neighbours, each
owner's stacks (size, Mod Level, readiness, pinned or reset, home), the U.S. bases there
and the proxy partners based there. Places and AORs by name, never by id."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...engine.names import CONUS_NAME
from .palette import player_colour


def _name(scenario: Any, player: str) -> str:
    return scenario.player(player).name if player in scenario.player_ids else player


def _place(board: Any, place_id: str) -> str:
    """A place or an AOR by its name (CONUS as players say it; an unknown id as it is)."""
    if place_id == "conus":
        return CONUS_NAME
    for found in (*board.locations, *board.aors):
        if found.id == place_id:
            return str(found.name)
    return place_id


def place_detail(scenario: Any, seen: Any, place: str) -> Text:
    """The detail of ``place`` drawn from ``seen`` (a seat's view of the state)."""
    board = scenario.board
    loc = board.location(place)
    aor = board.aor(loc.aor)
    order = scenario.player_ids
    text = Text(loc.name, "bold")
    neighbours = ", ".join(_place(board, a) for a in aor.adjacent) or "none"
    text.append(f"\nin {aor.name}; neighbouring AORs: {neighbours}\n", "dim")
    if loc.note:
        text.append(f"{loc.note}\n", "italic")
    turn = seen.turn
    here = [s for s in seen.stacks if s.location == place]
    text.append("\nForces\n", "bold underline")
    if not here:
        text.append("  none\n", "dim")
    owners = sorted({s.owner for s in here}, key=lambda o: (order.index(o) if o in order else 99, o))
    for owner in owners:
        mine = sorted((s for s in here if s.owner == owner), key=lambda s: (s.mod, s.id))
        text.append(
            f"  {_name(scenario, owner)} ({owner}): {sum(s.ffs for s in mine)} FFs\n",
            f"bold {player_colour(owner, order)}",
        )
        for stack in mine:
            facts = [f"{stack.ffs} FF at Mod Level {stack.mod}"]
            if owner == "US":
                facts.append(f"readiness {stack.readiness}%")
            if stack.pinned(turn):
                facts.append(f"pinned through turn {stack.pinned_through}")
            if stack.reset(turn):
                facts.append(f"reset through turn {stack.reset_through}")
            if stack.ready_turn > turn:
                facts.append(f"new: may act from turn {stack.ready_turn}")
            facts.append(f"home {_place(board, stack.home)}")
            text.append("    " + ", ".join(facts) + "\n")
    bases = [b for b in getattr(seen, "bases", ()) if b.location == place]
    text.append("\nU.S. bases\n", "bold underline")
    if not bases:
        text.append("  none\n", "dim")
    for base in bases:
        text.append(
            f"  built turn {base.turn}: {base.percent}% off the readiness upkeep of U.S. forces "
            f"outside CONUS in {_place(board, base.aor)}, from the next bill\n"
        )
    proxies = [p for p in getattr(seen, "proxy_partners", ()) if p.location == place]
    text.append("\nProxy partners\n", "bold underline")
    if not proxies:
        text.append("  none\n", "dim")
    for proxy in proxies:
        forces = (
            ", ".join(
                f"{f.ffs} FF M{f.mod}" + (f" (from turn {f.ready_turn})" if f.ready_turn > turn else "")
                for f in proxy.forces
            )
            or "no forces yet"
        )
        text.append(
            f"  {proxy.name}, supporting {_name(scenario, proxy.sponsor)}: {forces}\n",
            f"{player_colour(proxy.sponsor, order)}",
        )
    return text
