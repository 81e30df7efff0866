"""``hedgemony calc --game grand-game combat sea``, ``combat air`` and ``combat bombing``:
the chance of each result of a sea combat (search, cards, fleets lost), of an air battle
(the superiority it leaves, and what bombing with it may do), and of bombing dice, with
``--seed`` one keyed resolution as the game would draw it.

The engine decides everything: ``sea_combat`` checks forces, counts base values and
cards and gives the search need, ``sea_odds`` the search and loss figures,
``air_combat.superiority_odds`` and ``bombing.bombing_odds`` the exact air and bombing
chances; here they are read from the command line and laid out.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import RuleInputError

from ..engine.air_combat import air_battle, superiority_odds
from ..engine.air_sea_cards import convolve, sum_odds
from ..engine.bombing import DAMAGE_BY_FACE, bombing_odds, strategic_bombing
from ..engine.counts import counted
from ..engine.sea_combat import ENGAGE, SeaForce, base_value, card_count, port_attack, sea_combat, search_need
from ..engine.sea_deck import SEA_DECK
from ..engine.sea_odds import sea_odds
from .calc_land import chance, shown_chance

Result = tuple[dict[str, Any], RenderableType]


def _sea_force(
    side: str, fleets: dict[str, int], order: str, supplies: int | None, air: int, tactical: int | None
) -> SeaForce:
    total = fleets["light"] + fleets["loaded"] + fleets["heavy"]
    return SeaForce(
        side,
        fleets["light"],
        fleets["loaded"],
        fleets["heavy"],
        total if supplies is None else supplies,  # full supply unless told otherwise
        order,
        air,
        air if tactical is None else tactical,
    )


def _loss_chances(rows: dict[int, Fraction], fleets: int, fight: Fraction) -> dict[int, Fraction]:
    """Fleets lost: none if they do not fight, else the rows drawn against the side, at most its fleets."""
    out: dict[int, Fraction] = {0: 1 - fight}
    for n, p in rows.items():
        lost = min(n, fleets)
        out[lost] = out.get(lost, Fraction(0)) + fight * p
    return {n: p for n, p in sorted(out.items()) if p}


def cmd_sea(args: argparse.Namespace) -> Result:
    first = _sea_force(args.attacker, args.attack, args.order, args.supplies, args.air, args.tactical)
    second = _sea_force(
        args.defender, args.defend, args.defend_order, args.defend_supplies, args.defend_air, args.defend_tactical
    )
    problems = first.problems() + second.problems()
    if first.side == second.side:
        problems.append(f"the two sides need different names, not both {first.side!r}")
    if first.superiority and second.superiority:
        problems.append("only one side holds air superiority in an air zone (L248): give --air to one side only")
    if args.port and second.fleets == 0:
        problems.append("a port attack needs defending fleets in the port (--defend)")
    if problems:
        raise RuleInputError("; ".join(problems))
    odds = sea_odds(first, second, args.winter, args.port)
    engage = args.port or ENGAGE in (first.order, second.order)
    counts = (card_count(first, second, engage, False), card_count(second, first, engage, args.port))
    rows = [len(card.rows) for card in SEA_DECK]
    on_second = sum_odds(rows, counts[0].cards)
    on_first = sum_odds(rows, counts[1].cards)
    if args.port:
        on_first = convolve(on_first, sum_odds(rows, 1))  # the port's own card fights for the defender (L315)
    losses = (_loss_chances(on_first, first.fleets, odds.fight), _loss_chances(on_second, second.fleets, odds.fight))
    lines: list[str] = []
    for force, defending in ((first, False), (second, args.port)):
        base, fed, terms = base_value(force, defending)
        need = search_need(force, args.winter)
        supplies = counted(force.supplies, "supply", "supplies")
        lines.append(f"{force.side} ({force.order}): base {base}, {fed} of {supplies} used")
        lines += [f"  {term}" for term in terms]
        if args.port:
            lines.append("  a port is a known place: no search (L315)")
        elif need is None:
            lines.append("  hides: does not search (L304)")
        else:
            why = ["in winter"] if args.winter else []
            why += ["+1 for air superiority"] if force.superiority else []
            lines.append(f"  searches on a d6: finds on {need} or less ({', '.join(why + ['L272'])})")
    lines += [count.describe() for count in counts]
    if args.port:
        lines.append(f"{second.side}'s port draws 1 card of its own (L315)")
    table = Table(title="Fleets lost")
    table.add_column("side")
    most = max(n for dist in losses for n in dist)
    for n in range(most + 1):
        table.add_column(str(n), justify="right")
    table.add_column("expected", justify="right")
    for force, dist, expected in zip((first, second), losses, odds.expected_losses, strict=True):
        table.add_row(
            force.side,
            *(f"{float(dist[n]):.1%}" if n in dist else "-" for n in range(most + 1)),
            f"{float(expected):.2f}",
        )
    search = "; ".join(
        f"{side} finds the other {shown_chance(p)}" for side, p in zip(odds.sides, odds.finds, strict=True)
    )
    summary = Text(f"{search}; they fight {shown_chance(odds.fight)}. Exact, no simulation.")
    payload: dict[str, Any] = {
        "combat": "port" if args.port else "sea",
        "winter": args.winter,
        "sides": [
            {
                "side": force.side,
                "order": "engage" if args.port else force.order,
                "fleets": force.fleets,
                "finds": chance(p),
                "cards": n,
                "expected_losses": float(e),
                "losses": [{"lost": k, **chance(q)} for k, q in dist.items()],
            }
            for force, p, n, e, dist in zip(
                (first, second), odds.finds, odds.cards, odds.expected_losses, losses, strict=True
            )
        ],
        "fight": chance(odds.fight),
    }
    shown: list[RenderableType] = [Text("\n".join(lines)), table, summary]
    if args.seed is not None:
        if args.port:
            place = "the port" if args.place == "the sea" else args.place
            combat, _ = port_attack(place, "the sea next to it", first, second, Rng(args.seed), args.turn, args.winter)
        else:
            combat, _ = sea_combat(args.place, (first, second), Rng(args.seed), args.turn, args.winter)
        payload["draw"] = {"seed": args.seed, "turn": args.turn, "lines": list(combat.lines())}
        shown.append(Text(f"One draw with seed {args.seed}, turn {args.turn}:\n" + "\n".join(combat.lines())))
    return payload, Group(*shown)


def _damage_given(margins: dict[int, Fraction], points: int) -> dict[int, Fraction]:
    """Economic damage by the first side bombing with ``points`` of whatever superiority it wins:
    as many dice as the smaller of the two (L251, L254); none without superiority."""
    out: dict[int, Fraction] = {}
    for margin, p in margins.items():
        dist = bombing_odds(min(points, margin)) if margin > 0 else {0: Fraction(1)}
        for damage, q in dist.items():
            out[damage] = out.get(damage, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def _damage_table(title: str, dist: dict[int, Fraction]) -> Table:
    table = Table(title=title)
    table.add_column("economic damage", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("or more", justify="right")
    left = Fraction(1)
    for damage, p in dist.items():
        table.add_row(str(damage), shown_chance(p), f"{float(left):.1%}")
        left -= p
    return table


def cmd_air(args: argparse.Namespace) -> Result:
    if args.attacker == args.defender:
        raise RuleInputError(f"the two sides need different names, not both {args.attacker!r}")
    margins = superiority_odds(args.attack, args.defend)
    table = Table(title=f"Air superiority in the zone: {args.attack} aircraft against {args.defend}")
    table.add_column("result")
    table.add_column("chance", justify="right")
    for margin, p in sorted(margins.items(), reverse=True):
        if margin > 0:
            table.add_row(f"{args.attacker} holds +{margin}", shown_chance(p))
        elif margin < 0:
            table.add_row(f"{args.defender} holds +{-margin}", shown_chance(p))
        else:
            table.add_row("nobody (level)", shown_chance(p))
    note = Text(
        "Every aircraft draws one air card against the enemy (each downs 0, 1 or 2); the side with "
        "more left holds superiority equal to the difference for the season (L248). Exact, no simulation."
    )
    payload: dict[str, Any] = {
        "combat": "air",
        "aircraft": {args.attacker: args.attack, args.defender: args.defend},
        "superiority": [
            {"side": args.attacker if m > 0 else args.defender if m < 0 else None, "points": abs(m), **chance(p)}
            for m, p in margins.items()
        ],
    }
    shown: list[RenderableType] = [table, note]
    if args.bomb:
        damage = _damage_given(margins, args.bomb)
        payload["bombing"] = {"points": args.bomb, "damage": [{"damage": d, **chance(p)} for d, p in damage.items()]}
        shown.append(_damage_table(f"{args.attacker} bombing with up to {args.bomb} points of its superiority", damage))
    if args.seed is not None:
        battle, rng = air_battle(
            args.zone, {args.attacker: args.attack, args.defender: args.defend}, Rng(args.seed), args.turn
        )
        lines = list(battle.lines())
        if args.bomb and battle.superior == args.attacker:
            points = min(args.bomb, battle.superiority)
            raid, _ = strategic_bombing(
                args.attacker, args.zone, battle.superiority, ((args.target, points),), rng, args.turn
            )
            lines += list(raid.lines())
        elif args.bomb:
            lines.append(f"{args.attacker} has no air superiority: no strategic bombing (L254)")
        payload["draw"] = {"seed": args.seed, "turn": args.turn, "lines": lines}
        shown.append(Text(f"One draw with seed {args.seed}, turn {args.turn}:\n" + "\n".join(lines)))
    return payload, Group(*shown)


def cmd_bombing(args: argparse.Namespace) -> Result:
    dist = bombing_odds(args.dice)
    faces = ", ".join(f"{face} -> {damage}" for face, damage in DAMAGE_BY_FACE.items() if damage)
    payload: dict[str, Any] = {
        "combat": "bombing",
        "dice": args.dice,
        "damage": [{"damage": d, **chance(p)} for d, p in dist.items()],
        "expected": float(sum((d * p for d, p in dist.items()), Fraction(0))),
    }
    shown: list[RenderableType] = [
        _damage_table(f"{args.dice} bombing dice (one per point of superiority given to bombing)", dist),
        Text(f"Each d6: {faces}, lower faces nothing (L254); expected damage {payload['expected']:.2f}. Exact."),
    ]
    if args.seed is not None:
        raid, _ = strategic_bombing(
            "bomber", args.zone, args.dice, ((args.target, args.dice),), Rng(args.seed), args.turn
        )
        payload["draw"] = {
            "seed": args.seed,
            "turn": args.turn,
            "faces": [die.face for die in raid.dice],
            "lines": list(raid.lines()),
        }
        total = sum(die.damage for die in raid.dice)
        shown.append(
            Text(f"One roll with seed {args.seed}, turn {args.turn}:\n" + "\n".join(raid.lines()) + f"\ntotal {total}")
        )
    return payload, Group(*shown)
