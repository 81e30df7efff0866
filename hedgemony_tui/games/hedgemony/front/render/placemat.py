"""A player's placemat as rich renderables: resources, tracks, readiness, signals, effects,
cooldowns, and the starting and victory conditions with whether each holds now.

Everything here draws a state the caller already filtered with ``view(state, seat)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.play import cooldown_left
from ...engine.victory import (
    AllOf,
    AnyOf,
    Condition,
    IpAboveAllOthers,
    IpAtMost,
    IpCompare,
    IpThreshold,
    PlayerLoses,
    PlayerWins,
    evaluate_victory,
)
from .palette import player_colour

if TYPE_CHECKING:
    from ...engine.content import Content
    from ...engine.state import GameState, Stack

TECH_TOP = 7
UNTIL_USED = 99  # an effect lasting this many turns lasts for the rest of the game (engine/cards.py)


def track(label: str, value: int | None, low: int, high: int, colour: str) -> Text:
    """A printed track: boxes low..high with the marker on ``value``."""
    text = Text(f"{label:<22}")
    for step in range(low, high + 1):
        if value is not None and step == value:
            text.append(f"[{step}]", f"bold black on {colour}")
        else:
            text.append(f" {step} ", "dim")
    if value is None:
        text.append("  (none)", "dim")
    return text


def resources(state: GameState, pid: str) -> Table:
    p = state.player(pid)
    grid = Table(box=box.SIMPLE, show_header=False, pad_edge=False)
    grid.add_column(style="bold")
    grid.add_column(justify="right")
    grid.add_row("Resource Points (RP)", str(p.rp))
    grid.add_row("RP allocated per turn", str(p.per_turn_rp))
    grid.add_row("Influence Points (IP)", str(p.ip))
    grid.add_row("Force Factors (FF)", str(state.ffs_of(pid)))
    return grid


def tracks(state: GameState, pid: str, capabilities: tuple[str, ...]) -> Group:
    p = state.player(pid)
    colour = player_colour(pid)
    rows = [track("National Tech Level", p.tech_level, 1, TECH_TOP, colour)]
    for cap in capabilities:
        rows.append(track(f"{cap} Mod Level", p.capabilities.get(cap), 0, TECH_TOP, colour))
    return Group(*rows)


def place_name(content: Content, location: str) -> str:
    """A board place by its name (an id that is no place, e.g. an AOR, as it is)."""
    try:
        return content.scenario.board.location(location).name
    except Exception:  # not a board place: the id says enough
        return location


def readiness_tiers(state: GameState, content: Content) -> Table:
    """U.S. forces by readiness tier (ch. 14): where each stack stands."""
    grid = Table(title="U.S. readiness", box=box.SIMPLE, title_style="bold", title_justify="left")
    for header in ("Tier", "FFs", "Stacks"):
        grid.add_column(header)
    tiers: dict[int, list[Stack]] = {}
    for stack in state.stacks_of("US"):
        tiers.setdefault(stack.readiness, []).append(stack)
    for tier in sorted(tiers, reverse=True):
        stacks = tiers[tier]
        grid.add_row(
            f"{tier}%",
            str(sum(s.ffs for s in stacks)),
            ", ".join(f"{s.ffs} FF M{s.mod} in {place_name(content, s.location)}" for s in stacks),
        )
    return grid


def signal_slots(state: GameState, content: Content, pid: str) -> Table:
    grid = Table(title="Signaled cards", box=box.ROUNDED, title_style="bold", title_justify="left", show_header=False)
    cards = list(state.signals.get(pid, ()))
    slots = cards + [""] * (3 - len(cards))
    played = set(state.played.get(pid, ()))
    marked = set(state.activations.get(pid, ()))
    for _ in slots:
        grid.add_column(width=26)
    cells = []
    for card_id in slots:
        if not card_id:
            cells.append(Text("(empty)", "dim"))
            continue
        card = content.card(card_id)
        cell = Text(f"{card_id}\n", "bold")
        cell.append(f"{card.title}\n{card.kind.value}")
        if card_id in played:
            cell.append("\nplayed", "green")
        if card_id in marked:
            cell.append("\nactivation: yes", "yellow")
        cells.append(cell)
    grid.add_row(*cells)
    return grid


def effects_table(state: GameState, pid: str, content: Content | None = None) -> Table:
    grid = Table(title="Effects in force", box=box.SIMPLE, title_style="bold", title_justify="left")
    for header in ("Effect", "On", "Value", "Turns left", "From"):
        grid.add_column(header)
    mine = [e for e in state.effects if e.player == pid and e.last_turn >= state.turn]
    for e in mine:
        left = e.last_turn - state.turn + 1
        lasting = e.last_turn - e.first_turn + 1 >= UNTIL_USED and not e.uses  # a lasting term (EVT-CON-29)
        when = ("rest of game" if lasting else f"{left}") if e.active(state.turn) else f"from turn {e.first_turn}"
        if e.uses:
            when += f" ({e.uses} uses)"
        grid.add_row(
            e.kind + (" (private)" if e.private else ""),
            _target_words(e.family, content),
            f"{e.value:+d}",
            when,
            e.source,
        )
    for s in state.scheduled:
        if s.player == pid:
            grid.add_row("scheduled", s.target, f"{s.amount:+d}", f"at turn {s.turn}", s.source)
    if not grid.rows:
        grid.add_row(Text("none", "dim"), "", "", "", "")
    return grid


def _target_words(family: str, content: Content | None = None) -> str:
    """What an effect applies to, readable: ``near:a+b`` (FFs kept there), ``action:p``
    (each action there), with the places' names; other families as the cards name them."""

    def named(place: str) -> str:
        return place_name(content, place) if content is not None else place

    if family.startswith("near:"):
        return "FFs kept near " + " or ".join(named(p) for p in family.removeprefix("near:").split("+"))
    if family.startswith("action:"):
        return "each action at " + named(family.removeprefix("action:"))
    return family


def cooldowns(state: GameState, content: Content, pid: str) -> Text:
    waits = []
    for card in content.deck(pid):
        left = cooldown_left(state, pid, card)
        if left:
            waits.append(f"{card.id} in {left}")
    return Text("Cooldowns: " + (", ".join(waits) if waits else "none"), "" if waits else "dim")


def starting_conditions(content: Content, pid: str) -> Table:
    setup = content.scenario.player(pid)
    grid = Table(
        title="Starting conditions", box=box.SIMPLE, title_style="bold", title_justify="left", show_header=False
    )
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row("Home", f"{place_name(content, setup.home_location)} ({setup.home_aor})")
    grid.add_row("RP / per turn", f"{setup.starting_rp} / {setup.per_turn_rp}")
    grid.add_row("IP", str(setup.starting_ip))
    grid.add_row("Tech Level", str(setup.tech_level))
    grid.add_row("Capabilities", ", ".join(f"{c} M{lvl}" for c, lvl in setup.capabilities) or "none")
    if setup.starting_forces is not None:
        grid.add_row("Forces", f"{setup.starting_forces} FF")
    return grid


def victory_now(state: GameState, content: Content, pid: str) -> Group:
    """The victory and loss conditions, judged on the board as it stands now."""
    scenario = content.scenario

    def forces_at(player: str, location: str) -> int:
        return sum(s.ffs for s in state.stacks if s.owner == player and s.location == location)

    result = evaluate_victory(scenario, {p.id: p.ip for p in state.players}, forces_at)[pid]
    entry = scenario.victory_for(pid)
    head = Text("If the game ended now: ", "bold")
    if result.won:
        head.append(f"{pid} would win", "bold green")
    elif result.lost:
        head.append(f"{pid} would lose", "bold red")
    else:
        head.append(f"{pid} would not win", "yellow")
    parts: list[RenderableType] = [Text("Victory conditions", "bold"), Text("Win: " + condition_words(entry.win))]
    if entry.lose is not None:
        parts.append(Text("Lose: " + condition_words(entry.lose)))
    parts.append(head)
    for reason in result.reasons:
        parts.append(Text(f"  • {reason}"))
    return Group(*parts)


def condition_words(condition: Condition) -> str:
    """A victory condition in words (the scenario's small language read aloud)."""
    not_ = "not " if condition.negate else ""
    if isinstance(condition, (AllOf, AnyOf)):
        joiner = " and " if isinstance(condition, AllOf) else " or "
        inner = joiner.join(condition_words(part) for part in condition.parts)
        return f"{not_}({inner})"
    if isinstance(condition, IpAboveAllOthers):
        return f"{not_}more IP than every other player"
    if isinstance(condition, IpCompare):
        offset = f" {condition.offset:+d}" if condition.offset else ""
        return f"{not_}IP {condition.op} {condition.other}'s IP{offset}"
    if isinstance(condition, IpThreshold):
        return f"{not_}IP {condition.op} {condition.value}"
    if isinstance(condition, IpAtMost):
        return f"{not_}IP <= {condition.value}"
    if isinstance(condition, PlayerWins):
        return f"{condition.player} {'does not win' if condition.negate else 'wins'}"
    if isinstance(condition, PlayerLoses):
        return f"{condition.player} {'does not lose' if condition.negate else 'loses'}"
    # NoForcesAt, the one kind left of the closed union
    return f"{condition.player} {'has' if condition.negate else 'has no'} forces at {condition.location}"


def placemat(state: GameState, content: Content, pid: str) -> Group:
    """The whole placemat of ``pid`` (the state is already the viewer's view)."""
    setup = content.scenario.player(pid)
    caps = tuple(dict.fromkeys((*(c for c, _ in setup.capabilities), *state.player(pid).capabilities)))
    title = Text(f"{setup.name} ({pid}) — {setup.side.title()} — turn {state.turn}", f"bold {player_colour(pid)}")
    top = Table.grid(padding=(0, 3))
    top.add_column()
    top.add_column()
    top.add_row(resources(state, pid), starting_conditions(content, pid))
    parts: list[RenderableType] = [title, top, tracks(state, pid, caps), Text("")]
    if pid == "US":
        parts.append(readiness_tiers(state, content))
    if setup.side == "red":
        parts.append(signal_slots(state, content, pid))
    parts += [
        effects_table(state, pid, content),
        cooldowns(state, content, pid),
        Text(""),
        victory_now(state, content, pid),
    ]
    return Group(*parts)
