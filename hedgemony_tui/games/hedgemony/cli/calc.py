"""``hedgemony calc``: the facilitator's calculator over the printed mats.

Each subcommand calls one engine function and shows the lookup (which mat, row,
column, each subtotal) as a small rich table, or prints one JSON object whose
``value`` is the answer. Usage: ``hedgemony calc --help``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from hedgemony_tui.cli.parsing import OneLineParser
from hedgemony_tui.table.errors import RuleInputError

from ..engine import chance, combat_factors, costs, readiness, resolution
from ..engine.resources import default_rules
from ..engine.tables import CountTable, Lookup, RuleTables, load_rules
from ..engine.terms import Reliability
from ..render import mats
from .notation import GROUP_FORM, int_argument, parse_count, parse_ffs_at, parse_group, parse_plus, parse_procure

Result = tuple[dict[str, Any], RenderableType]

TABLE_CHOICES = ("crt-a", "rt-b")
LABELS_HELP = "labels: red-4:1 red-3:1 red-2:1 1:1 blue-2:1 blue-3:1 blue-4:1 | red-advantage parity blue-advantage"


def _lookup_json(lookup: Lookup) -> dict[str, Any]:
    return {
        "table": lookup.table,
        "figure": lookup.figure,
        "row": lookup.row,
        "column": lookup.column,
        "value": lookup.value,
        "method": lookup.method,
        "steps": list(lookup.steps),
    }


def _cost_result(lookup: Lookup, table: CountTable, what: str) -> Result:
    payload = {"value": lookup.value, "what": what, "lookup": _lookup_json(lookup)}
    shown = mats.lines(mats.count_table(table, lookup), mats.lookup_note(lookup))
    return payload, shown


# --- subcommands ------------------------------------------------------------------------


def cmd_cf(tables: RuleTables, args: argparse.Namespace) -> Result:
    groups = [parse_group(text, us=args.us) for text in args.groups]
    sheet = combat_factors.combat_factors(tables, groups, us=args.us)
    payload = {
        "value": sheet.total,
        "procedure": "us" if args.us else "non-us",
        "lines": [
            {
                "source": line.source.value,
                "ffs": line.ffs,
                "mod": line.mod,
                "readiness": line.readiness,
                "table": line.base.table,
                "table_cfs": line.base.value,
                "table_method": line.base.method,
                "after_adjacent_halving": line.halved,
                "after_readiness": None if line.reduced is None else line.reduced.value,
                "cfs": line.cfs,
                "steps": list(line.base.steps) + ([] if line.reduced is None else list(line.reduced.steps)),
            }
            for line in sheet.lines
        ],
    }
    notes = [mats.lookup_note(line.base) for line in sheet.lines if line.base.method != "printed"]
    notes += [
        mats.lookup_note(line.reduced) for line in sheet.lines if line.reduced and line.reduced.method != "printed"
    ]
    return payload, mats.lines(mats.cf_worksheet(sheet), *notes)


def cmd_column(tables: RuleTables, args: argparse.Namespace) -> Result:
    blue = resolution.counted_ffs([(args.blue, False), (args.blue_arriving, True)])
    red = resolution.counted_ffs([(args.red, False), (args.red_arriving, True)])
    if args.table == "crt-a":
        if args.blue_arriving or args.red_arriving:
            raise RuleInputError("--blue-arriving/--red-arriving count FFs for rt-b; CRT A takes CFs (see calc cf)")
        choice = resolution.crt_a_column(blue, red)
    else:
        choice = resolution.rt_b_column(blue, red)
    table = tables.resolution_table(args.table)
    payload = {
        "value": choice.label,
        "table": args.table,
        "blue": choice.blue,
        "red": choice.red,
        "ratio": choice.ratio,
        "favoured": choice.favoured,
        "reason": choice.reason,
    }
    return payload, mats.column_choice(choice, table)


def cmd_resolve(tables: RuleTables, args: argparse.Namespace) -> Result:
    table = tables.resolution_table(args.table)
    reading = resolution.resolve(table, args.column, args.roll, args.modifier)
    payload = {
        "value": reading.outcome.value,
        "table": args.table,
        "column": args.column,
        "roll": args.roll,
        "modifier": args.modifier,
        "modified_roll": reading.modified_roll,
        "row": reading.row_label,
    }
    summary = Text(
        f"Roll {args.roll} {args.modifier:+d} = {reading.modified_roll}: row {reading.row_label}, "
        f"column {args.column} -> {reading.outcome.title}",
        style="bold",
    )
    return payload, mats.lines(mats.resolution_table(table, args.column, reading), summary)


def cmd_odds(tables: RuleTables, args: argparse.Namespace) -> Result:
    table = tables.resolution_table(args.table)
    chances = resolution.odds(table, args.column, args.modifier)
    payload = {
        "value": {outcome.value: float(chance) for outcome, chance in chances.items()},
        "exact": {outcome.value: str(chance) for outcome, chance in chances.items()},
        "table": args.table,
        "column": args.column,
        "modifier": args.modifier,
    }
    return payload, mats.lines(
        mats.resolution_table(table, args.column, None, chances, args.modifier), mats.odds_table(chances)
    )


def cmd_cost(tables: RuleTables, args: argparse.Namespace) -> Result:
    kind = args.kind
    rest = args.items
    if kind == "procure":
        _expect(rest, 1, "cost procure <FFs>xM<mod>, e.g. 4xM3")
        ffs, mod = parse_procure(rest[0])
        lookup = costs.procurement_cost(tables, ffs, mod, tech_level=args.tech_level)
        return _cost_result(lookup, tables.procurement, f"procure {ffs} FFs at M{mod}")
    if kind == "modernize":
        _expect(rest, 2, "cost modernize <FFs> +<levels>, e.g. 3 +2")
        ffs, levels = parse_count(rest[0]), parse_plus(rest[1], "the change in Mod Level")
        lookup = costs.modernization_cost(tables, ffs, levels, from_mod=args.from_mod, tech_level=args.tech_level)
        return _cost_result(lookup, tables.modernization, f"modernize {ffs} FFs by +{levels}")
    if kind == "deploy":
        _expect(rest, 1, "cost deploy <FFs> --proactive|--reactive")
        if args.proactive == args.reactive:
            raise RuleInputError("say --proactive (in the U.S. Investments and Actions Phase) or --reactive")
        ffs = parse_count(rest[0])
        lookup = costs.conus_deployment_cost(tables, ffs, reactive=args.reactive)
        table = tables.deploy_reactive if args.reactive else tables.deploy_proactive
        return _cost_result(lookup, table, f"deploy {ffs} FFs from CONUS")
    if kind == "sustain":
        if not rest:
            raise RuleInputError("cost sustain needs at least one <FFs>@<readiness%>, e.g. 14@90")
        where = _where(args)
        groups = [readiness.ReadinessGroup(*parse_ffs_at(text), conus=where) for text in rest]
        bill = readiness.sustainment_cost(tables, groups)
        payload = {
            "value": bill.total,
            "conus": bill.conus_total,
            "oconus": bill.oconus_total,
            "lines": [
                {"conus": line.conus, "readiness": line.readiness, "ffs": line.ffs, "lookup": _lookup_json(line.lookup)}
                for line in bill.lines
            ],
        }
        table = tables.conus_sustainment if where else tables.oconus_sustainment
        shown = [mats.readiness_bill(bill)]
        if len(bill.lines) == 1:
            shown.insert(0, mats.count_table(table, bill.lines[0].lookup))
        return payload, mats.lines(*shown)
    if kind == "buyback":
        _expect(rest, 2, "cost buyback <FFs> +<percent>, e.g. 5 +20")
        where = _where(args)
        ffs, increase = parse_count(rest[0]), parse_plus(rest[1], "the readiness increase")
        lookup = readiness.buyback_cost(tables, ffs, increase, conus=where)
        table = tables.conus_buyback if where else tables.oconus_buyback
        return _cost_result(lookup, table, f"buy back {ffs} FFs by +{increase}%")
    raise RuleInputError(f"unknown cost {kind!r}")  # argparse choices make this unreachable


def _expect(items: list[str], count: int, form: str) -> None:
    if len(items) != count:
        raise RuleInputError(f"expected {form}")


def _where(args: argparse.Namespace) -> bool:
    if args.conus == args.oconus:
        raise RuleInputError("say where the forces are: --conus or --oconus")
    return bool(args.conus)


def cmd_proxy(tables: RuleTables, args: argparse.Namespace) -> Result:
    check = chance.proxy_check(tables, args.grade, args.roll)
    payload = {
        "value": "success" if check.success else "failure",
        "grade": check.grade.value,
        "roll": check.roll,
        "percent": check.percent,
        "fails_on": check.fails_on,
    }
    verdict = Text(
        f"{check.grade.value} ({check.percent}%), roll {check.roll}: {'success' if check.success else 'failure'}",
        style="bold",
    )
    return payload, mats.lines(mats.proxy_table(tables.proxy, check), verdict)


def cmd_budget(tables: RuleTables, args: argparse.Namespace) -> Result:
    result = chance.budget_variation(tables, args.roll)
    payload = {"value": result.change, "roll": result.roll, "band": result.band.label}
    verdict = Text(
        f"Roll {result.roll}: band {result.band.label}, {result.change:+d} RP to the U.S. allocation", style="bold"
    )
    return payload, mats.lines(mats.budget_table(tables.budget, result), verdict)


# --- the parser -------------------------------------------------------------------------


def add_calc_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    calc = subparsers.add_parser(
        "calc",
        help="look up and compute on the printed mats",
        description="The facilitator's calculator: every lookup shows the mat, row and column it reads.",
    )
    calc.add_argument("--rules", metavar="DIR", help="read the mats from DIR instead of the shipped rules/")
    commands = calc.add_subparsers(dest="calc_command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True

    def leaf(
        name: str, handler: Callable[[RuleTables, argparse.Namespace], Result], **kw: Any
    ) -> argparse.ArgumentParser:
        parser = commands.add_parser(name, **kw)
        parser.add_argument("--json", action="store_true", help="print one JSON object; its 'value' is the answer")
        parser.set_defaults(handler=handler)
        return parser

    cf = leaf(
        "cf",
        cmd_cf,
        help="Combat Factors of a force (chapter 10)",
        epilog=f"GROUP = {GROUP_FORM}; e.g. 3xM2 2xM4@80 4xM3@90:conus. Readiness and :conus need --us; defaults: theater, 100%.",
    )
    cf.add_argument("groups", nargs="+", metavar="GROUP")
    cf.add_argument(
        "--us", action="store_true", help="use the U.S. procedure (readiness, CONUS-sourced reactive forces)"
    )

    column = leaf(
        "column",
        cmd_column,
        help="the CRT A or RT B column from a ratio",
        epilog="crt-a takes CFs, rt-b takes FFs. " + LABELS_HELP,
    )
    column.add_argument("table", choices=TABLE_CHOICES)
    column.add_argument("--blue", type=int_argument, required=True, help="Blue CFs (crt-a) or FFs (rt-b)")
    column.add_argument("--red", type=int_argument, required=True, help="Red CFs (crt-a) or FFs (rt-b)")
    column.add_argument(
        "--blue-arriving",
        type=int_argument,
        default=0,
        metavar="N",
        help="rt-b: Blue FFs arriving from out of area this turn (count half, rounded up)",
    )
    column.add_argument(
        "--red-arriving",
        type=int_argument,
        default=0,
        metavar="N",
        help="rt-b: Red FFs arriving from out of area this turn",
    )

    resolve = leaf(
        "resolve",
        cmd_resolve,
        help="the outcome of a roll",
        epilog="outcomes: red-major red-minor status-quo blue-minor blue-major. " + LABELS_HELP,
    )
    resolve.add_argument("table", choices=TABLE_CHOICES)
    resolve.add_argument("--column", required=True, metavar="LABEL")
    resolve.add_argument("--roll", type=int_argument, required=True, help="the D10 face, 0-9")
    resolve.add_argument(
        "--modifier", type=int_argument, default=0, metavar="M", help="total die-roll modifier (may be negative)"
    )

    odds = leaf("odds", cmd_odds, help="exact chance of each outcome before the roll", epilog=LABELS_HELP)
    odds.add_argument("table", choices=TABLE_CHOICES)
    odds.add_argument("--column", required=True, metavar="LABEL")
    odds.add_argument("--modifier", type=int_argument, default=0, metavar="M")

    cost = leaf(
        "cost",
        cmd_cost,
        help="procurement, modernization, deployment and readiness costs",
        epilog="procure <FFs>xM<mod> | modernize <FFs> +<levels> | deploy <FFs> --proactive|--reactive | "
        "sustain <FFs>@<readiness%%>... --conus|--oconus | buyback <FFs> +<percent> --conus|--oconus",
    )
    cost.add_argument("kind", choices=("procure", "modernize", "deploy", "sustain", "buyback"))
    cost.add_argument("items", nargs="*", metavar="ARG")
    cost.add_argument("--proactive", action="store_true", help="deploy: in the U.S. Investments and Actions Phase")
    cost.add_argument("--reactive", action="store_true", help="deploy: in reaction to an action or event")
    cost.add_argument("--conus", action="store_true", help="sustain/buyback: forces in CONUS")
    cost.add_argument("--oconus", action="store_true", help="sustain/buyback: forces overseas")
    cost.add_argument(
        "--tech-level",
        type=int_argument,
        metavar="N",
        help="procure/modernize: refuse Mod Levels above National Tech Level N",
    )
    cost.add_argument(
        "--from", dest="from_mod", type=int_argument, metavar="M", help="modernize: the forces' current Mod Level"
    )

    proxy = leaf("proxy", cmd_proxy, help="does a proxy come through? (chapter 15)")
    proxy.add_argument("grade", choices=[g.value for g in Reliability])
    proxy.add_argument("--roll", type=int_argument, required=True, help="the D10 face, 0-9")

    budget = leaf("budget", cmd_budget, help="DoD budget variation for a roll (Table 3.1)")
    budget.add_argument("--roll", type=int_argument, required=True, help="the D10 face, 0-9")


def run_calc(args: argparse.Namespace) -> Result:
    """Load the tables and run the chosen calc subcommand."""
    tables = load_rules(Path(args.rules), shown_as=args.rules) if args.rules else default_rules()
    result: Result = args.handler(tables, args)  # set by leaf() in add_calc_parser, typed there
    return result
