"""``hedgemony calc --game grand-game combat land`` and ``combat multi``: a land combat's
base values and cards for each side, every modifier with its line, and the chance of each
result (who holds the territory, how many units each side loses), with ``--seed`` one
keyed draw of the cards and its resolution.

Nothing is decided here: the forces are checked by ``land_forces``/``land_combat``, the
plans come from ``land_plan``, the two-sided odds from ``land_odds`` and the result
chances for any number of sides from ``multi_odds``; this module reads the command line
and lays the answers out.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import RuleInputError

from ..engine.land_combat import multiway_land_combat
from ..engine.land_forces import BLITZKRIEG, DEFENSIVE, OBSTACLE_RATE, OFFENSIVE, Crossing, LandForce, Terrain
from ..engine.land_odds import land_odds
from ..engine.land_plan import SidePlan
from ..engine.multi_odds import EXACT, MultiOdds, multi_land_odds
from . import notation

Result = tuple[dict[str, Any], RenderableType]


def chance(p: Fraction) -> dict[str, Any]:
    return {"chance": float(p), "fraction": str(p)}


def shown_chance(p: Fraction, exact: bool = True) -> str:
    """A chance as a percentage, and the exact fraction when it is exact and short enough to read."""
    if not exact or p in (0, 1) or len(str(p)) > 13:
        return f"{float(p):.1%}"
    return f"{float(p):.1%} ({p})"


def full_supply(order: str, count: int) -> int:
    """Supplies enough for every unit under ``order`` (L366; Blitzkrieg two a unit, L367):
    the calculator's default, so a force is supplied unless told otherwise."""
    return count * (2 if order == BLITZKRIEG else 1)


def make_force(
    side: str,
    order: str,
    overland: dict[str, int],
    crossing: Sequence[tuple[str, dict[str, int]]] = (),
    supplies: int | None = None,
    air: int = 0,
    tactical: int | None = None,
    retreat: str | None = None,
) -> LandForce:
    parts = tuple(Crossing(obstacle, part["infantry"], part["armor"]) for obstacle, part in crossing)
    count = overland["infantry"] + overland["armor"] + sum(p.infantry + p.armor for p in parts)
    return LandForce(
        side,
        order,
        overland["infantry"],
        overland["armor"],
        full_supply(order, count) if supplies is None else supplies,
        parts,
        air,
        air if tactical is None else tactical,
        retreat,
    )


def _one_superior(forces: Sequence[LandForce]) -> None:
    holding = [force.side for force in forces if force.superiority > 0]
    if len(holding) > 1:
        raise RuleInputError(
            f"{' and '.join(holding)} both claim air superiority: only the side left with more aircraft "
            "holds it in an air zone (L248); give --air to one side only"
        )


def plan_payload(plan: SidePlan) -> dict[str, Any]:
    return {
        "side": plan.side,
        "order": plan.order,
        "defending": plan.defender,
        "base": plan.base,
        "terms": [{"what": t.what, "points": t.points, "source": t.source} for t in plan.terms],
        "cards": plan.cards,
        "card_terms": [{"what": t.what, "cards": t.cards, "source": t.source} for t in plan.card_terms],
        "supplies": plan.supplies,
        "taken_by_air": plan.removed,
    }


def odds_payload(odds: MultiOdds) -> dict[str, Any]:
    out: dict[str, Any] = {"method": odds.method}
    if odds.method != EXACT:
        out.update(samples=odds.samples, sample_seed=odds.seed)
    out["occupant"] = [{"side": side.side, **chance(side.occupies)} for side in odds.sides]
    if odds.stays:
        out["occupant"].append({"side": None, **chance(odds.stays)})
    out["losses"] = {
        side.side: {
            "units": side.units,
            "expected": float(side.expected_losses),
            "chances": [{"lost": n, **chance(p)} for n, p in side.losses],
        }
        for side in odds.sides
    }
    return out


def results_table(odds: MultiOdds, territory: str) -> Table:
    table = Table(title=f"Who holds {territory} afterwards")
    table.add_column("result")
    table.add_column("chance", justify="right")
    for side in odds.sides:
        verb = "keeps" if side.side == odds.defender else "takes"
        table.add_row(f"{side.side} {verb} it", shown_chance(side.occupies, odds.method == EXACT))
    if odds.stays:
        table.add_row("nobody: it stays with its absent holder", shown_chance(odds.stays, odds.method == EXACT))
    return table


def losses_table(odds: MultiOdds) -> Table:
    most = max((n for side in odds.sides for n, _ in side.losses), default=0)
    table = Table(title="Units lost (to cards, and a beaten holder's survivors under Hold or with no retreat)")
    table.add_column("side")
    for n in range(most + 1):
        table.add_column(str(n), justify="right")
    table.add_column("expected", justify="right")
    for side in odds.sides:
        by = dict(side.losses)
        cells = [f"{float(by[n]):.1%}" if n in by else "-" for n in range(most + 1)]
        table.add_row(side.side, *cells, f"{float(side.expected_losses):.2f}")
    return table


def plan_text(plans: Sequence[SidePlan]) -> Text:
    return Text("\n".join(line for plan in plans for line in plan.lines()))


def method_note(odds: MultiOdds) -> Text:
    if odds.method == EXACT:
        return Text("Exact: every hand each side may draw is counted (no simulation).")
    return Text(
        f"Estimated: too many hands to count, so {odds.samples} combats were sampled "
        f"(keyed by seed {odds.seed}; each chance within about 1 point, 95% of the time)."
    )


def draw_section(
    territory: str, forces: Sequence[LandForce], defender: str | None, terrain: Terrain, seed: int, turn: int
) -> tuple[dict[str, Any], Text]:
    """One keyed resolution, exactly as the game would draw it with this seed and turn."""
    combat, _ = multiway_land_combat(territory, forces, defender, terrain, Rng(seed), turn)
    payload = {
        "seed": seed,
        "turn": turn,
        "cards": {
            f"{fight.sides[0]}-{fight.sides[1]}": {
                side: [card.number for card in cards] for side, cards in zip(fight.sides, fight.cards, strict=True)
            }
            for fight in combat.fights
        },
        "totals": dict(combat.totals),
        "occupant": combat.occupant,
        "lines": list(combat.lines()),
    }
    return payload, Text(f"One draw with seed {seed}, turn {turn}:\n" + "\n".join(combat.lines()))


def terrain_of(args: argparse.Namespace) -> Terrain:
    marks = {mark for group in args.terrain for mark in group}
    return Terrain(city="city" in marks, port="port" in marks, mountain="mountain" in marks, winter=args.winter)


def _crossings(args: argparse.Namespace) -> tuple[dict[str, int], list[tuple[str, dict[str, int]]]]:
    """The attack's overland part and its parts across each obstacle. An obstacle written
    with no force takes the whole ``--attack`` across it."""
    overland = args.attack
    parts: list[tuple[str, dict[str, int]]] = []
    whole = [obstacle for obstacle in OBSTACLE_RATE if getattr(args, obstacle) == "all"]
    if len(whole) > 1:
        raise RuleInputError(
            f"the whole attack cannot cross both the {whole[0]} and the {whole[1]}: "
            f"give one of them its part of the force, e.g. --{whole[1]} 1armor"
        )
    for obstacle in OBSTACLE_RATE:
        given = getattr(args, obstacle)
        if given == "all":
            parts.append((obstacle, overland))
            overland = dict.fromkeys(overland, 0)
        elif given is not None:
            parts.append((obstacle, given))
    return overland, parts


def crossing_force(text: str) -> dict[str, int] | str:
    return "all" if text == "all" else notation.land_force(text)


def cmd_land(args: argparse.Namespace) -> Result:
    overland, parts = _crossings(args)
    attacker = make_force(
        args.attacker, args.order, overland, parts, args.supplies, args.air, args.tactical, args.retreat
    )
    defender = make_force(
        args.defender,
        args.defend_order,
        args.defend,
        (),
        args.defend_supplies,
        args.defend_air,
        args.defend_tactical,
        args.defend_retreat,
    )
    if attacker.side == defender.side:
        raise RuleInputError(f"the attacker and the defender need different names, not both {attacker.side!r}")
    _one_superior((attacker, defender))
    terrain = terrain_of(args)
    two = land_odds(args.territory, attacker, defender, terrain)
    odds = multi_land_odds(args.territory, (attacker, defender), defender.side, terrain)
    plans = [plan for plan in (two.attacker, two.defender) if plan is not None]
    payload: dict[str, Any] = {
        "combat": "land",
        "territory": args.territory,
        "terrain": {"city": terrain.city, "port": terrain.port, "mountain": terrain.mountain, "winter": terrain.winter},
        "sides": [plan_payload(plan) for plan in plans],
        "attacker_total_beats_defender": chance(two.beats_on_totals),
        "attacker_takes": chance(two.takes),
        "expected_flak": {attacker.side: float(two.expected_flak[0]), defender.side: float(two.expected_flak[1])},
        **odds_payload(odds),
    }
    shown: list[RenderableType] = []
    if plans:
        shown.append(plan_text(plans))
    else:
        shown.append(Text(f"{defender.side} has no land unit there: no combat, no card (L370)."))
    shown += [results_table(odds, args.territory), losses_table(odds)]
    shown.append(
        Text(
            f"{attacker.side}'s total beats {defender.side}'s: {shown_chance(two.beats_on_totals)}; "
            f"expected flak hits on enemy aircraft: {attacker.side} {float(two.expected_flak[0]):.2f}, "
            f"{defender.side} {float(two.expected_flak[1]):.2f} (tallied, L278)"
        )
    )
    shown.append(method_note(odds))
    if args.seed is not None:
        payload["draw"], text = draw_section(
            args.territory, (attacker, defender), defender.side, terrain, args.seed, args.turn
        )
        shown.append(text)
    return payload, Group(*shown)


def side_spec(text: str) -> LandForce:
    """``NAME=ORDER:FORCE[:key=value...]`` for ``combat multi``; keys: supplies, air,
    tactical, retreat, and river/canal/shore with the part of the force crossing there."""
    form = "NAME=ORDER:FORCE[:supplies=N][:air=N][:tactical=N][:retreat=PLACE][:river=FORCE]"
    name, sep, rest = text.partition("=")
    fields = rest.split(":")
    if not sep or not name.strip() or len(fields) < 2:
        raise argparse.ArgumentTypeError(f"write {form}, e.g. red=advance:3armor,1inf (got {text!r})")
    order = fields[0].strip().lower()
    if order not in DEFENSIVE + OFFENSIVE:
        raise argparse.ArgumentTypeError(
            f"{order!r} is not a land order (the holder: {', '.join(DEFENSIVE)}; others: {', '.join(OFFENSIVE)})"
        )
    options: dict[str, str] = {}
    for extra in fields[2:]:
        key, eq, value = extra.partition("=")
        key = key.strip().lower()
        allowed = ("supplies", "air", "tactical", "retreat", *OBSTACLE_RATE)
        if not eq or key not in allowed or key in options:
            raise argparse.ArgumentTypeError(
                f"cannot read {extra!r} in {text!r}: each extra is KEY=VALUE, once each, keys {', '.join(allowed)}"
            )
        options[key] = value.strip()
    parts = [(obstacle, notation.land_force(options[obstacle])) for obstacle in OBSTACLE_RATE if obstacle in options]
    return make_force(
        notation.name(name),
        order,
        notation.land_force(fields[1]),
        parts,
        notation.supplies(options["supplies"]) if "supplies" in options else None,
        notation.units(options["air"]) if "air" in options else 0,
        notation.units(options["tactical"]) if "tactical" in options else None,
        notation.name(options["retreat"]) if "retreat" in options else None,
    )


def cmd_multi(args: argparse.Namespace) -> Result:
    forces: list[LandForce] = args.side
    if len(forces) < 2:
        raise RuleInputError(f"a combat needs at least two sides; give --side once for each ({len(forces)} given)")
    if len(forces) > 6:
        raise RuleInputError(f"at most 6 sides, one for each country of the map ({len(forces)} given)")
    _one_superior(forces)
    holders = [force.side for force in forces if force.defending]
    if len(holders) > 1:
        raise RuleInputError(
            f"{' and '.join(holders)} both wrote a defensive order: only the territory's holder may (L351)"
        )
    defender = holders[0] if holders else None
    terrain = terrain_of(args)
    odds = multi_land_odds(args.territory, forces, defender, terrain, samples=args.samples, seed=args.sample_seed)
    payload: dict[str, Any] = {
        "combat": "land-multi",
        "territory": args.territory,
        "defender": defender,
        "terrain": {"city": terrain.city, "port": terrain.port, "mountain": terrain.mountain, "winter": terrain.winter},
        "plans": {
            side.side: [
                {"against": opponent, **plan_payload(plan)}
                for opponent, plan in zip(side.opponents, side.plans, strict=True)
            ]
            for side in odds.sides
        },
        **odds_payload(odds),
    }
    shown: list[RenderableType] = []
    for side in odds.sides:
        # A side's plan is usually the same against every opponent: shown once with all their names.
        groups: dict[tuple[str, ...], list[str]] = {}
        for opponent, plan in zip(side.opponents, side.plans, strict=True):
            groups.setdefault(plan.lines(), []).append(opponent)
        for lines, opponents in groups.items():
            same = " (the same plan against each)" if len(opponents) > 1 else ""
            shown.append(Text(f"{side.side} against {', '.join(opponents)}{same}:\n" + "\n".join(lines)))
    shown += [results_table(odds, args.territory), losses_table(odds), method_note(odds)]
    if defender is None:
        shown.append(Text("No side holds it here (no Screen, Defend or Hold): none gets the defender's bonuses."))
    if args.seed is not None:
        payload["draw"], text = draw_section(args.territory, forces, defender, terrain, args.seed, args.turn)
        shown.append(text)
    return payload, Group(*shown)
