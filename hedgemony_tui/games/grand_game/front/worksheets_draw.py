"""The two worksheets of the Grand Game as rich renderables, drawn from one seat's view.

- :func:`allocation_sheet`: the seat's GDP, its allocation as written with every line
  priced, what is left and what is lost, the checker's problems, what the GDP left still
  buys (the price of one more and how many fit) and development's rising price.
- :func:`order_sheet`: the seat's whole sheet for the season, place by place (land, fleets,
  aircraft, air tasks, permissions), the checker's problems and rail warnings, and the
  chance of each result of every fight the sheet leads into (:mod:`.worksheets_odds`).

Every figure is the engine's (``game_alloc.checked``, ``allocation.options``,
``economy.development_cost``, ``orders_check``, the odds modules): nothing is priced or
judged here. The view given is the seat's own (``rules.view``), so nothing another seat
has sealed can show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ..engine.allocation import (
    DEVELOP,
    POLITICS,
    Allocation,
    AllocationCheck,
    Option,
    SeatBook,
    development_ladder,
    options,
)
from ..engine.counts import counted
from ..engine.economy import RULES, EconomyRules
from ..engine.game import the_map
from ..engine.game_alloc import allocation_of, book_of, checked
from ..engine.game_orders import stayers
from ..engine.game_state import WINTER, GrandState
from ..engine.map_data import GameMap
from ..engine.orders import Cargo, FleetOrder, LandMove, OrderSheet
from ..engine.orders_check import check_orders, rail_notes
from ..engine.orders_warnings import empty_border_notes
from ..engine.orders_words import name
from .worksheets_odds import ASSUMED_AIR, ASSUMED_LAND, ASSUMED_SEA, LandAttack, Results, sheet_odds

DEVELOPMENT_PRICES_SHOWN = 5
"""How many of the next development points' prices the allocation sheet lists."""


def _country(m: GameMap, seat: str | None) -> str:
    if not seat:
        return "nobody"
    return m.countries[seat].name if seat in m.countries else seat


def _item(item: str) -> str:
    """An allocation item in words (ids are written with hyphens)."""
    return {DEVELOP: "development", "supply": "supplies"}.get(item, item.replace("-", " "))


def _heading(text: str) -> Text:
    return Text(text, style="bold underline")


def _problems(problems: Sequence[str], clean: str) -> RenderableType:
    if not problems:
        return Text(clean, style="green")
    return Group(*(Text(f"- {p}", style="red") for p in problems))


def _chance(p: Fraction) -> str:
    if 0 < p < Fraction(1, 2000):
        return "under 0.1%"  # possible, however unlikely: never printed as 0
    return f"{float(p):.1%}"


# -- allocation -------------------------------------------------------------------------


def allocation_sheet(view: GrandState, seat: str) -> RenderableType:
    """The allocation worksheet of ``seat`` in its own ``view``."""
    m = the_map()
    check = checked(m, view, seat)
    book = book_of(m, view, seat)
    draft = view.draft_of(seat)
    state = "sealed: it is revealed when every country has sealed" if draft.sealed else "being written"
    out: list[RenderableType] = [
        Text(f"Year {view.turn}: the allocation of {_country(m, seat)} ({state})", style="bold"),
        Text(f"GDP to spend this year: {check.gdp}. None of it carries over to next year (L129)."),
        Text(""),
        _heading("As written"),
    ]
    lines = RichTable(box=None, pad_edge=False, show_edge=False, expand=False)
    lines.add_column("#", justify="right")
    lines.add_column("buys")
    lines.add_column("at")
    lines.add_column("count", justify="right")
    lines.add_column("GDP", justify="right")
    lines.add_column("", style="red")
    lines.add_row("", f"politics at {check.politics}% of GDP (L131)", "", "", str(check.politics_cost), "")
    for p in check.priced:
        refused = "refused: see below" if p.problem else ""
        lines.add_row(
            str(p.number), _item(p.line.item), book.name(p.line.place), str(p.line.count), str(p.cost), refused
        )
    out.append(lines)
    out.append(Text(f"Spent {check.spent} of {check.gdp}; left {check.left}."))
    if check.lost:
        out.append(Text(f"{check.lost} GDP can buy nothing you may buy: it is lost at the end of the year (L129)."))
    out += [Text(""), _heading("Problems")]
    out.append(_problems(check.problems, "None: this allocation may be sealed."))
    out += [Text(""), _heading(f"What the {max(0, check.left)} GDP left still buys")]
    out.append(_options_table(options(allocation_of(draft), book), book.name))
    out += [Text(""), _heading("Development's rising price (L132)")]
    out.append(_development_prices(allocation_of(draft), book, check))
    return Group(*out)


def _development_prices(allocation: Allocation, book: SeatBook, check: AllocationCheck) -> RenderableType:
    """Each zone's next few development prices, as the checker will charge them."""
    done = sum(p.line.count for p in check.priced if p.line.item == DEVELOP and not p.problem)
    if not book.zones:
        return Text("You control no economic zone, so you cannot develop one.")
    out = [Text(f"{counted(done, 'point')} bought this year. {_price_rule(RULES)} The next points, zone by zone:")]
    for zone in book.zones:
        had = book.developed.get(zone, 0)
        prices = development_ladder(allocation, book, zone, DEVELOPMENT_PRICES_SHOWN)
        grown = f" (developed {had} in earlier years)" if had else ""
        out.append(Text(f"  {book.name(zone)}{grown}: " + ", ".join(str(n) for n in prices) + " GDP"))
    return Group(*out)


def _price_rule(rules: EconomyRules) -> str:
    """How the price rises, in words, from the economy's numbers (L132, G-X5)."""
    parts = []
    if rules.develop_step:
        parts.append(f"each point bought this year, in any zone, adds {rules.develop_step} to the next")
    if rules.develop_wear:
        parts.append(f"each point a zone has had adds {rules.develop_wear} to its price")
    if rules.develop_growth:
        parts.append(f"each 1/{rules.develop_growth} of its map value a zone has gained adds 1 to its price")
    if not parts:
        return f"Every point costs {rules.develop_base}."
    return f"A point costs {rules.develop_base}; " + "; ".join(parts) + "."


def _options_table(found: Sequence[Option], place_name: Callable[[str], str]) -> RenderableType:
    """What still fits, compactly: the politics levels on one line, then one row per place
    with a column per item, each cell the price of one more and (in brackets) how many fit."""
    if not found:
        return Text("Nothing more fits.")
    out: list[RenderableType] = []
    levels = [o for o in found if o.item == POLITICS]
    if levels:
        out.append(Text("Politics: " + ", ".join(f"{o.level}% ({o.cost:+d} GDP)" for o in levels)))
    items = list(dict.fromkeys(o.item for o in found if o.item != POLITICS))
    places = list(dict.fromkeys(o.place or "" for o in found if o.item != POLITICS))
    if items:
        out.append(Text("Each cell: GDP for one more (how many the GDP left fits); blank: not bought there."))
        table = RichTable(box=None, pad_edge=False, show_edge=False)
        table.add_column("where")
        for item in items:
            table.add_column(_item(item), justify="right")
        cell = {(o.place or "", o.item): f"{o.cost} ({o.most})" for o in found if o.item != POLITICS}
        for place in places:
            table.add_row(place_name(place), *(cell.get((place, item), "") for item in items))
        out.append(table)
    return Group(*out)


# -- orders -----------------------------------------------------------------------------


def _goods(infantry: int = 0, armor: int = 0, supplies: int = 0, aircraft: int = 0) -> str:
    parts = [f"{n} {what}" for n, what in ((infantry, "infantry"), (armor, "armor")) if n]
    parts += [f"{aircraft} crated aircraft"] if aircraft else []
    parts += [f"{supplies} suppl{'ies' if supplies != 1 else 'y'}"] if supplies else []
    return ", ".join(parts) or "nothing"


def _cargo(c: Cargo) -> str:
    return _goods(c.infantry, c.armor, c.supplies)


def _move(m: GameMap, move: LandMove) -> str:
    what = _goods(move.infantry, move.armor, move.supplies, move.aircraft)
    if move.by_rail:
        via = [name(m, t) for t in move.rail[:-1]]
        how = f"by rail{' through ' + ', '.join(via) if via else ''}"
    else:
        how = "one step"
    text = f"{what} to {name(m, move.to)} {how}, {move.order}"
    if move.retreat:
        text += f", retreating to {name(m, move.retreat)}"
    return text


def _land_lines(m: GameMap, view: GrandState, seat: str, sheet: OrderSheet) -> list[RenderableType]:
    board = view.board()
    places = [p for p in board.places_of(seat) if p in m.lands]
    places += [o.territory for o in sheet.land if o.territory not in places]
    out: list[RenderableType] = []
    for land in places:
        stack = board.at(land, seat)
        entry = sheet.land_at(land)
        held = "yours" if board.owner(land) == seat else f"held by {_country(m, board.owner(land))}"
        mark = " (being written)" if view.sheet_of(seat).focus == land else ""
        head = Text(f"{name(m, land)} ({held}){mark}: ", style="bold")
        left = stayers(m, board, sheet, land)
        stance = ""
        if left.units:
            stance = f"on {entry.stance}, " + (
                f"falling back to {name(m, entry.retreat)}" if entry.retreat else "no fallback named"
            )
        boarding = [f for f in sheet.fleets if f.load_from == land and not f.load.empty]
        if not entry.moves and not boarding:
            # Nothing leaves: one line, so a long front still fits a short screen.
            head.append(_goods(stack.infantry, stack.armor, stack.supplies) + (f", {stance}" if stance else ""))
            out.append(head)
            continue
        head.append(_goods(stack.infantry, stack.armor, stack.supplies) + " here")
        out.append(head)
        if left.units or left.supplies:
            verb = "stays" if left.units + left.supplies == 1 else "stay"
            out.append(Text(f"  {_cargo(left)} {verb}" + (f", {stance}" if stance else "")))
        for move in entry.moves:
            out.append(Text(f"  -> {_move(m, move)}"))
        for f in boarding:  # loaded units leave the shore with the fleet, not with a march
            out.append(Text(f"  -> {_cargo(f.load)} board the fleets at {name(m, f.place)}"))
    return out or [Text("No land units or supplies.")]


def _fleet_line(m: GameMap, f: FleetOrder) -> Text:
    size = ", ".join(f"{n} {kind}" for n, kind in ((f.light, "light"), (f.heavy, "heavy")) if n)
    text = f"{name(m, f.place)}: {size} on {f.order}, "
    text += f"sails to {name(m, f.to)}" if f.to else "stays"
    if f.attack_port:
        text += f"; attacks the port of {name(m, f.attack_port)}"
    if f.shipping:
        text += f"; attacks the shipping of {name(m, f.shipping)}"
    if not f.carry.empty:
        text += f"; aboard: {_cargo(f.carry)}"
    if not f.load.empty and f.load_from:
        text += f"; takes on {_cargo(f.load)} from {name(m, f.load_from)}"
    if not f.unload.empty and f.unload_to:
        text += f"; puts {_cargo(f.unload)} ashore at {name(m, f.unload_to)}, landing on {f.landing}"
        text += f", retreating to {name(m, f.landing_retreat)}" if f.landing_retreat else ""
    return Text(text)


def _landings(m: GameMap, landings: tuple[str, ...]) -> str:
    """One landing place per aircraft, in priority order, with repeats counted: "2 at Arvel",
    not "Arvel, Arvel" (a newcomer read the repeat as a mistake)."""
    runs: list[tuple[str, int]] = []
    for place in landings:
        if runs and runs[-1][0] == place:
            runs[-1] = (place, runs[-1][1] + 1)
        else:
            runs.append((place, 1))
    return ", then ".join(f"{count} at {name(m, place)}" for place, count in runs)


def _air_lines(m: GameMap, sheet: OrderSheet) -> list[RenderableType]:
    out: list[RenderableType] = []
    for a in sheet.air:
        if a.zone:
            text = f"{name(m, a.place)}: {a.count} aircraft fly over {name(m, a.zone)}"
            if a.landings:
                text += "; landing: " + _landings(m, a.landings)
        else:
            text = f"{name(m, a.place)}: {a.count} aircraft stay on the ground"
        out.append(Text(text))
    for task in sheet.air_tasks:
        text = f"Superiority won over {name(m, task.zone)}: "
        if task.bombing:
            text += "bombs " + ", ".join(name(m, z) for z in task.bombing) + ", one point each, then "
        text += "tactical air"
        text += f", also against the ships in {name(m, task.sea_target)}" if task.sea_target else ""
        out.append(Text(text))
    return out or [Text("No aircraft.")]


def _permission_lines(m: GameMap, sheet: OrderSheet) -> list[RenderableType]:
    what = {"rail": "may use your railways", "presence": "may stand in your territory", "canal": "may pass your canal"}
    out: list[RenderableType] = []
    for p in sheet.permissions:
        text = f"{_country(m, p.grantee)} {what.get(p.kind, p.kind)}"
        text += " in " + ", ".join(name(m, t) for t in p.territories) if p.territories else ""
        text += f", up to {p.units} units" if p.units is not None else ""
        out.append(Text(text))
    return out or [Text("None written (they are sealed like the rest of the sheet).")]


def _results_table(results: Results) -> RichTable:
    table = RichTable(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column("result")
    table.add_column("chance", justify="right")
    for words, p in results:
        table.add_row(f"  {words}", _chance(p))
    return table


def _named(m: GameMap, line: str, side: str) -> str:
    """An engine line that opens with a seat's id, opening with its country's name instead."""
    return _country(m, side) + line[len(side) :] if line.startswith(side) else line


def _land_odds(m: GameMap, seat: str, attack: LandAttack) -> list[RenderableType]:
    out: list[RenderableType] = [Text(f"Into {name(m, attack.territory)}", style="bold")]
    if attack.odds is not None:
        for plan in (attack.odds.attacker, attack.odds.defender):
            if plan is not None:
                out += [Text(f"  {_named(m, line, plan.side)}") for line in plan.lines()]
        lost = attack.odds.expected_losses
        out.append(Text(f"  units lost, on average: yours {float(lost[0]):.2f}, theirs {float(lost[1]):.2f}"))
    elif attack.multi is not None:
        for line in attack.multi.lines():
            for side in attack.multi.sides:
                line = _named(m, line, side.side)
            out.append(Text(f"  {line.replace(f' in {attack.territory} ', f' in {name(m, attack.territory)} ')}"))
    elif attack.unresolved:
        out.append(Text(f"  no odds until the order is complete: {attack.unresolved}", style="yellow"))
    else:
        out.append(Text("  no defending unit in sight"))
    out.append(_results_table(attack.results(m, seat)))
    return out


def _odds_lines(m: GameMap, view: GrandState, seat: str, sheet: OrderSheet) -> list[RenderableType]:
    odds = sheet_odds(m, view.board(), seat, sheet, view.phase == WINTER)
    out: list[RenderableType] = []
    if odds.land:
        out.append(Text(ASSUMED_LAND, style="italic"))
        for attack in odds.land:
            out += _land_odds(m, seat, attack)
    for fight in odds.sea:
        if fight is odds.sea[0]:
            out.append(Text(ASSUMED_SEA, style="italic"))
        where = f"the port of {name(m, fight.sea)}" if fight.port else name(m, fight.sea)
        out.append(Text(f"Fleets from {name(m, fight.place)} against {_country(m, fight.enemy)} in {where}", "bold"))
        out += [Text(f"  {line}") for line in fight.odds.lines()]
        out.append(_results_table(fight.results()))
    for air in odds.air:
        if air is odds.air[0]:
            out.append(Text(ASSUMED_AIR, style="italic"))
        out.append(Text(f"Over {name(m, air.zone)}: your {air.mine} aircraft against up to {air.enemy}", "bold"))
        out.append(_results_table(air.results()))
    return out or [Text("Your orders lead into no fight with an enemy in sight.")]


def order_sheet(view: GrandState, seat: str) -> RenderableType:
    """The order sheet worksheet of ``seat`` for the season, in its own ``view``."""
    m = the_map()
    board = view.board()
    draft = view.sheet_of(seat)
    sheet = draft.sheet
    state = "handed in: sealed until every country is done" if draft.sealed else "being written"
    out: list[RenderableType] = [
        Text(f"Year {view.turn}, {view.phase}: the orders of {_country(m, seat)} ({state})", style="bold")
    ]
    if view.minutes:
        out.append(Text(f"Time limit: {view.minutes} minutes for this sheet (L144)."))
    # What a person weighs first (is it clean, what will the fights give) comes first; the
    # sheet as written follows, place by place.
    out += [Text(""), _heading("Problems")]
    out.append(_problems(check_orders(m, board, seat, sheet), "None: this sheet may be handed in."))
    notes = rail_notes(m, board, seat, sheet)
    if notes:
        out += [Text(""), _heading("Rail warnings (a permission you cannot see yet may cover these, L342)")]
        out += [Text(f"- {n}", style="yellow") for n in notes]
    empty = empty_border_notes(m, board, seat, sheet)
    if empty:
        out += [Text(""), _heading("Borders left empty (the sheet may still be handed in)")]
        out += [Text(f"- {n}", style="yellow") for n in empty]
    out += [Text(""), _heading("The odds before anything is resolved"), *_odds_lines(m, view, seat, sheet)]
    out += [Text(""), _heading("Land"), *_land_lines(m, view, seat, sheet)]
    out += [Text(""), _heading("Fleets"), *([_fleet_line(m, f) for f in sheet.fleets] or [Text("No fleets.")])]
    out += [Text(""), _heading("Aircraft"), *_air_lines(m, sheet)]
    out += [Text(""), _heading("Permissions given"), *_permission_lines(m, sheet)]
    return Group(*out)
