"""Who holds a land territory after its combat, and what becomes of each side's survivors
and supplies (seed L159, L357-L370, L376; readings in ``rules/grand-game/land.md``).

Control (L370, L376): only a side with a surviving infantry or armor can occupy; among
those, the highest total wins and a tie goes to the defender (L159); if no side has a
survivor the defender keeps the territory. Supplies: Screen and Scout spend one for each
enemy unit their cards destroyed (L357, L365); every other order spends one for each unit
that fought supplied (L366), Blitzkrieg two (L367). Retreats follow the order: Screen takes
units and leftover supplies to its retreat, Defend its units only, Hold nothing (all is lost
with the territory, L359); Scout brings leftover supplies back with its units, Advance and
Blitzkrieg lose what they did not use (L366).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hedgemony_tui.games.grand_game.engine.counts import counted
from hedgemony_tui.games.grand_game.engine.land_forces import (
    BLITZKRIEG,
    HOLD,
    SCOUT,
    SCREEN,
    LandForce,
)
from hedgemony_tui.games.grand_game.engine.land_plan import SidePlan

SUPPLY_PER_KILL = (SCREEN, SCOUT)
"""Orders that pay supplies only for enemy units destroyed (L357, L365)."""

SUPPLIES_RETREAT = (SCREEN, SCOUT)
"""Orders whose leftover supplies go back with the units after a loss (L357, L365)."""


def control(
    territory: str, totals: Mapping[str, int], survivors: Mapping[str, int], defender: str | None, fought: bool
) -> tuple[str | None, str]:
    """The side occupying ``territory`` and why (L159, L370, L376)."""
    if not fought:
        standing = [side for side, left in survivors.items() if left > 0 and side != defender]
        if (defender is not None and survivors.get(defender, 0) > 0) or not standing:
            return defender, f"{territory}: no combat; it stays with {defender or 'its holder'}"
        return standing[0], f"{territory}: no defending land unit, so {standing[0]} takes it unopposed (L370)"
    alive = {side: totals[side] for side, left in survivors.items() if left > 0}
    if not alive:
        return defender, f"{territory}: no land unit survives on any side, so the defender keeps it (L370)"
    best = max(alive.values())
    leaders = sorted(side for side, total in alive.items() if total == best)
    if defender in leaders:
        if len(alive) == 1:
            return defender, f"{territory}: {defender} alone has land units left and keeps it (L370)"
        return defender, f"{territory}: {defender} has the highest total, {best}, ties going to the defender (L159)"
    if len(leaders) > 1:
        return defender, (
            f"{territory}: {' and '.join(leaders)} tie at {best}; neither takes it, so it stays with "
            f"{defender or 'its holder'}"
        )
    winner = leaders[0]
    if len(alive) == 1:
        return winner, f"{territory}: {winner} alone has land units left and takes it (L370)"
    return winner, f"{territory}: {winner} has the highest total, {best}, among sides with survivors (L370, L376)"


@attrs.frozen
class SideOutcome:
    """What one side has after the combat: its losses, the flak its cards dealt, its
    supplies (spent, kept where it stands, taken along on a retreat, lost) and where its
    surviving units go."""

    side: str
    order: str
    total: int
    lost_infantry: int
    lost_armor: int
    lost_with_territory: int
    survivors: int
    destroyed: int
    flak: int
    supplies: int
    removed: int
    spent: int
    supplies_kept: int
    supplies_retreating: int
    supplies_lost: int
    fate: str
    retreat_to: str | None

    def lines(self) -> tuple[str, ...]:
        out = [
            f"{self.side}: lost {self.lost_infantry} infantry and {self.lost_armor} armor to cards; "
            f"{counted(self.survivors, 'unit')} left; {self.fate}"
        ]
        if self.lost_with_territory:
            why = "Hold allows no retreat, L359" if self.order == HOLD else "no retreat was named"
            out.append(
                f"{self.side}: {counted(self.lost_with_territory, 'surviving unit')} lost with the territory ({why})"
            )
        out.append(
            f"{self.side}: supplies {self.supplies}, taken by air {self.removed}, spent {self.spent}, "
            f"kept {self.supplies_kept}, retreating {self.supplies_retreating}, lost {self.supplies_lost}"
        )
        if self.flak:
            out.append(f"{self.side}: its cards hit {self.flak} enemy aircraft with flak (tallied, L278)")
        return tuple(out)


def _spent(force: LandForce, plan: SidePlan | None, destroyed: int) -> int:
    if plan is None:
        return 0
    if force.order in SUPPLY_PER_KILL:
        return min(plan.available, destroyed)
    return plan.supplied_units * plan.supply_per_unit


def side_outcome(
    force: LandForce,
    plan: SidePlan | None,
    lost_infantry: int,
    lost_armor: int,
    destroyed: int,
    flak: int,
    occupant: str | None,
    total: int,
    territory: str,
) -> SideOutcome:
    """``force``'s survivors and supplies after the combat; ``plan`` is None when it did
    not fight (a holder with no land unit there)."""
    removed = plan.removed if plan else 0
    spent = _spent(force, plan, destroyed)
    left = force.supplies - removed - spent
    survivors = force.units - lost_infantry - lost_armor
    won = occupant == force.side
    kept = retreating = lost = 0
    lost_with = 0
    retreat_to: str | None = None
    if won:
        kept = left
        fate = f"holds {territory}" if force.defending else f"takes {territory}"
    elif force.order == HOLD:
        lost, lost_with = left, survivors
        fate = f"loses {territory} and everything in it (Hold, L359)"
        survivors = 0
    elif force.defending:
        retreat_to = force.retreat if survivors else None
        if force.order in SUPPLIES_RETREAT and retreat_to:
            retreating = left
        else:
            lost = left
        if survivors and retreat_to:
            fate = f"loses {territory}; survivors retreat to {retreat_to}"
        elif survivors:
            lost_with, survivors = survivors, 0
            fate = f"loses {territory}; with no retreat named its survivors are lost"
        else:
            fate = f"loses {territory}"
    else:
        retreat_to = force.retreat if survivors else None
        if force.order in SUPPLIES_RETREAT and survivors:
            retreating = left
        else:
            lost = left
        if not survivors:
            fate = f"fails to take {territory}; no unit survives"
        elif retreat_to:
            fate = f"fails to take {territory}; survivors retreat to {retreat_to}"
        else:
            fate = f"fails to take {territory}; survivors fall back to where they attacked from"
    if force.order == BLITZKRIEG and plan is not None and plan.supplied_units < force.units:
        unfed = force.units - plan.supplied_units
        fate += f" ({counted(unfed, 'unit')} fought unsupplied: Blitzkrieg needs 2 supplies each)"
    return SideOutcome(
        force.side,
        force.order,
        total,
        lost_infantry,
        lost_armor,
        lost_with,
        survivors,
        destroyed,
        flak,
        force.supplies,
        removed,
        spent,
        kept,
        retreating,
        lost,
        fate,
        retreat_to,
    )
