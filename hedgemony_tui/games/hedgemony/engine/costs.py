"""What forces cost to move, buy and upgrade: chapters 9 and 13.

* Deployment (ch. 9): moving within an AOR is free; going back to the home AOR is
  free; every other OCONUS move costs 1 RP per group of forces that share an origin
  location, a destination AOR and the action they respond to; U.S. moves out of
  CONUS are priced on the proactive or reactive table, one group per destination AOR
  (proactive) or per action or event answered (reactive).
* Procurement and modernization (ch. 13) read their tables, capped by the National
  Tech Level and the 7 Mod Levels the mats print.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hedgemony_tui.table.errors import RuleInputError

from .names import plural
from .tables import Lookup, RuleTables
from .terms import MOD_LEVELS

CONUS = "CONUS"


def _positive(ffs: int, what: str = "FFs") -> None:
    if ffs < 1:
        raise RuleInputError(f"need at least 1 {what} (got {ffs})")


# --- procurement and modernization ----------------------------------------------------


def procurement_cost(tables: RuleTables, ffs: int, mod: int, *, tech_level: int | None = None) -> Lookup:
    """RPs to buy ``ffs`` new FFs at Mod Level ``mod`` (Table 13.1)."""
    _positive(ffs)
    if mod not in MOD_LEVELS:
        raise RuleInputError(f"Mod Level must be 1-7 (got {mod})")
    if tech_level is not None and mod > tech_level:
        raise RuleInputError(f"Mod Level {mod} is above the National Tech Level {tech_level}")
    return tables.procurement.lookup(ffs, mod)


def modernization_cost(
    tables: RuleTables,
    ffs: int,
    levels: int,
    *,
    from_mod: int | None = None,
    tech_level: int | None = None,
) -> Lookup:
    """RPs to raise ``ffs`` existing FFs by ``levels`` Mod Levels (Table 13.2)."""
    _positive(ffs)
    if levels not in range(1, 7):
        raise RuleInputError(f"a modernization raises Mod Level by +1 to +6 (got +{levels})")
    if from_mod is not None:
        if from_mod not in MOD_LEVELS:
            raise RuleInputError(f"Mod Level must be 1-7 (got {from_mod})")
        target = from_mod + levels
        if target > max(MOD_LEVELS):
            raise RuleInputError(f"M{from_mod} +{levels} would be M{target}; the highest Mod Level is 7")
        if tech_level is not None and target > tech_level:
            raise RuleInputError(f"M{target} is above the National Tech Level {tech_level}")
    return tables.modernization.lookup(ffs, levels)


def modernization_cap(total_ffs: int, percent: int = 20) -> int:
    """How many FFs one Modernize Forces card may upgrade: ``percent`` of all, rounded down.

    Chapter 13 and its mat say rounded down; chapter 8 says rounded up (erratum E3).
    """
    if total_ffs < 0 or not 0 < percent <= 100:
        raise RuleInputError("need a force size of 0 or more and a percentage of 1-100")
    return total_ffs * percent // 100


# --- deployment -----------------------------------------------------------------------


def conus_deployment_cost(tables: RuleTables, ffs: int, *, reactive: bool) -> Lookup:
    """RPs for one U.S. deployment of ``ffs`` FFs out of CONUS (Figure 9.2)."""
    _positive(ffs)
    table = tables.deploy_reactive if reactive else tables.deploy_proactive
    return table.lookup(ffs, "RP")


def added_deployment_cost(
    tables: RuleTables,
    *,
    from_conus: bool,
    origin_aor: str,
    destination_aor: str,
    home_aor: str,
    ffs: int,
    reactive: bool,
    already_sent: int,
) -> int:
    """RPs for adding ``ffs`` FFs to a deployment group that already carries ``already_sent``.

    The same chapter 9 rules as :func:`deployment_cost`, priced one step at a time, as
    the engine moves forces: free inside an AOR or back home; from CONUS the table's
    price for the group's new size less its old one; otherwise 1 RP for the group's
    first move and nothing for the rest.
    """
    if destination_aor == origin_aor or destination_aor == home_aor:
        return 0
    if from_conus:
        before = conus_deployment_cost(tables, already_sent, reactive=reactive).value if already_sent else 0
        return conus_deployment_cost(tables, already_sent + ffs, reactive=reactive).value - before
    return 0 if already_sent else 1


@attrs.frozen
class Move:
    """FFs moving from one place to another AOR.

    ``origin`` is the location the stack leaves (``"CONUS"`` for the U.S. home);
    ``home_aor`` is where those forces are based; ``responding_to`` names the action or
    event a reactive move answers.
    """

    ffs: int
    origin: str
    origin_aor: str
    destination_aor: str
    home_aor: str
    responding_to: str | None = None


@attrs.frozen
class DeploymentCharge:
    """One charged movement and the moves it covers."""

    kind: str  # "conus-proactive", "conus-reactive", "oconus" or "free"
    group: str
    ffs: int
    cost: int
    reason: str
    lookup: Lookup | None = None


@attrs.frozen
class DeploymentBill:
    charges: tuple[DeploymentCharge, ...]
    total: int


def deployment_cost(tables: RuleTables, moves: Iterable[Move], *, reactive: bool) -> DeploymentBill:
    """Price a set of moves made together, proactively or in reaction (chapter 9)."""
    charges: list[DeploymentCharge] = []
    conus_groups: dict[str, int] = {}
    oconus_groups: dict[tuple[str, str, str | None], int] = {}
    for move in moves:
        _positive(move.ffs)
        if reactive and move.responding_to is None:
            raise RuleInputError("a reactive move must name the action or event it answers")
        if move.destination_aor == move.origin_aor:
            charges.append(DeploymentCharge("free", move.destination_aor, move.ffs, 0, "within one AOR"))
        elif move.destination_aor == move.home_aor:
            charges.append(DeploymentCharge("free", move.destination_aor, move.ffs, 0, "return to the home AOR"))
        elif move.origin == CONUS:
            key = move.responding_to if reactive else move.destination_aor
            assert key is not None
            conus_groups[key] = conus_groups.get(key, 0) + move.ffs
        else:
            key3 = (move.origin, move.destination_aor, move.responding_to)
            oconus_groups[key3] = oconus_groups.get(key3, 0) + move.ffs
    for key, ffs in conus_groups.items():
        lookup = conus_deployment_cost(tables, ffs, reactive=reactive)
        kind = "conus-reactive" if reactive else "conus-proactive"
        what = f"answering {key}" if reactive else f"to {key}"
        charges.append(DeploymentCharge(kind, key, ffs, lookup.value, f"{plural(ffs, 'FF')} from CONUS {what}", lookup))
    for (origin, destination, answering), ffs in oconus_groups.items():
        why = f"{plural(ffs, 'FF')} from {origin} to {destination}" + (f" answering {answering}" if answering else "")
        charges.append(DeploymentCharge("oconus", f"{origin}->{destination}", ffs, 1, why))
    return DeploymentBill(tuple(charges), sum(c.cost for c in charges))
