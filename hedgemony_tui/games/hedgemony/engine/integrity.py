"""Checks that a state obeys the rules' standing invariants.

Used when a save is loaded (a hand-edited file that breaks the rules is refused with
the reason) and after every step of the state-machine tests.
"""

from __future__ import annotations

from .content import Content
from .rulings import TABLES, band_problems
from .state import GameState
from .terms import MOD_LEVELS, READINESS_LEVELS, Outcome


def problems(state: GameState, content: Content) -> list[str]:
    """Every broken invariant, in words; empty when the state is sound."""
    found: list[str] = []
    scenario = content.scenario
    ids = set(scenario.player_ids)
    if {p.id for p in state.players} != ids or len(state.players) != len(ids):
        found.append(f"the players must be exactly {', '.join(scenario.player_ids)}")
        return found
    places = {loc.id for loc in scenario.board.locations}
    if not 1 <= state.turn <= max(state.settings.turns, 1):
        found.append(f"turn {state.turn} is outside 1-{state.settings.turns}")
    for player in state.players:
        if player.rp < 0:
            found.append(f"{player.id} has {player.rp} RP (never below 0)")
        if not 1 <= player.tech_level <= 7:
            found.append(f"{player.id} National Tech Level {player.tech_level} is outside 1-7")
        for name, level in player.capabilities.items():
            if not 0 <= level <= player.tech_level:
                found.append(f"{player.id} {name} level {level} is outside 0-{player.tech_level} (its Tech Level)")
    seen: set[str] = set()
    for stack in state.stacks:
        if stack.id in seen:
            found.append(f"stack id {stack.id} is used twice")
        seen.add(stack.id)
        if stack.owner not in ids:
            found.append(f"stack {stack.id} belongs to an unknown player {stack.owner!r}")
            continue
        if stack.ffs < 1:
            found.append(f"stack {stack.id} holds {stack.ffs} FF")
        if stack.mod not in MOD_LEVELS or stack.mod > state.player(stack.owner).tech_level:
            found.append(f"stack {stack.id} is M{stack.mod}, above {stack.owner}'s Tech Level or outside 1-7")
        if stack.location not in places or stack.home not in places:
            found.append(f"stack {stack.id} is at an unknown place ({stack.location!r}, home {stack.home!r})")
        if stack.readiness not in READINESS_LEVELS:
            found.append(f"stack {stack.id} readiness {stack.readiness}% is not a printed level")
    found += _ruling_problems(state, content)
    ruled = {r.card for r in state.rulings}
    for card_id in [c for cards in state.signals.values() for c in cards] + [c for cards in state.played.values() for c in cards]:
        if card_id not in content.cards and card_id not in ruled:
            found.append(f"unknown card {card_id!r}")
    return found


def _ruling_problems(state: GameState, content: Content) -> list[str]:
    """Ruled free-play actions must still make a playable card (a hand edit may break one)."""
    found = []
    places = {loc.id for loc in content.scenario.board.locations}
    for r in state.rulings:
        where = f"ruling {r.card}"
        if r.player not in content.scenario.blue or r.location not in places or r.table not in TABLES:
            found.append(f"{where} names an unknown Blue player, place or table")
        elif r.table == "d10":
            found += [f"{where}: {p}" for p in band_problems(r.rows)]
        elif sorted(row.key for row in r.rows) != sorted(o.value for o in Outcome) or r.opponent not in content.scenario.red:
            found.append(f"{where} needs one row per outcome and a Red opponent")
    return found
