"""What the Grand Game's board says, as rich text built from one seat's view: the map's
inputs (who holds what, the counters), the top line (the year, the phase, who owes what),
the countries' public figures, the seat's own allocation or order sheet with the checker's
problems, the journal's phases, and the end report.

Every function takes the view the shell hands the board (``seen_state()``): another seat's
allocation and sheet are blank there, so nothing here can show them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine.counts import counted
from ..engine.game import pending_seats, the_map
from ..engine.game_alloc import checked
from ..engine.game_orders import PERMITS
from ..engine.game_state import ALLOCATE, OVER, SEASONS, TRADE, GrandState
from ..engine.game_year import payouts_now, ranking, score
from ..engine.orders_check import check_orders
from ..engine.orders_warnings import empty_borders
from ..engine.orders_words import name
from ..engine.payoff import RULES
from ..engine.units import AIRCRAFT, ARMOR, HEAVY_FLEET, INFANTRY, LIGHT_FLEET
from ..render.map_inputs import MapView
from .labels import ATTACK_WORDS, country, item_words

PHASE_WORDS = {
    ALLOCATE: "allocation",
    "spring": "spring orders",
    "fall": "fall orders",
    "winter": "winter orders",
    TRADE: "reconciliation and trade",
    OVER: "the game is over",
}


def _printed_names() -> dict[str, str]:
    """Seats and land and sea territories by id -> as printed (the ids are made-up words, so
    none is also an ordinary English word the log could use; air and economic zones are left
    alone, their ids are: "west", "centre")."""
    m = the_map()
    names = {t.id: t.name for t in m.lands.values()}
    names.update({t.id: t.name for t in m.seas.values()})
    names.update({c.id: c.name for c in m.countries.values()})
    return names


PRINTED = _printed_names()
IDS = re.compile(r"\b(" + "|".join(re.escape(i) for i in sorted(PRINTED, key=len, reverse=True)) + r")\b")


def phase_words(phase: str) -> str:
    return PHASE_WORDS.get(phase, phase)


def named(text: str) -> str:
    """A log line with the ids of seats and territories ("arvenne", "velia") as printed."""
    return IDS.sub(lambda found: PRINTED[found.group(0)], text)


def map_view(seen: GrandState, overlay: str) -> MapView:
    """The map's inputs from the view: holders, every seat's counters (the board is public),
    supply counters per territory and damage per economic zone."""
    units: dict[str, dict[str, dict[str, int]]] = {}
    supply: dict[str, int] = {}
    for p in seen.stacks:
        counts = {INFANTRY: p.infantry, ARMOR: p.armor, AIRCRAFT: p.aircraft, LIGHT_FLEET: p.light}
        counts[HEAVY_FLEET] = p.heavy
        counts = {k: n for k, n in counts.items() if n}
        if counts:
            units.setdefault(p.place, {})[p.seat] = counts
        if p.supplies:
            supply[p.place] = supply.get(p.place, 0) + p.supplies
    owners = {land: (who or None) for land, who in seen.owners.items()}
    damage = {zone: n for zone, n in seen.damage.items() if n}
    air = {zone: (seat, seen.superiority.get(zone, 0)) for zone, seat in seen.superior.items()}
    return MapView(the_map(), overlay, owners=owners, units=units, damage=damage, supply=supply, superiority=air)


def top_line(seen: GrandState, viewer: str) -> Text:
    """The year, the phase and who owes what now (in the viewer's words when it is one of
    them), short enough for one line at 100 columns."""
    m = the_map()
    out = Text()
    if seen.over:
        order = ranking(seen)
        best = score(seen, order[0])
        top = [country(m, s) for s in order if score(seen, s) == best]
        out.append(f"Year {seen.turn} · the game is over: ", style="bold")
        verb = "win" if len(top) > 1 else "wins"
        out.append(f"{' and '.join(top)} {verb}, {float(best):.2f} Francs per point of starting GDP")
        return out
    owed = pending_seats(seen)
    out.append(f"Year {seen.turn} · {phase_words(seen.phase)}", style="bold")
    if seen.phase == ALLOCATE:
        what = "spend your GDP, then seal"
    elif seen.phase in SEASONS:
        what = "write orders, then hand them in"
    else:
        what = "pay Francs or say you are done"
    out.append(" · ")
    others = [s for s in owed if s != viewer]
    if viewer in owed:
        out.append(f"{country(m, viewer)}, your turn: {what}", style="bold yellow")
        if others:
            # Said as others at work at the same time ("5 others writing" read as a queue to wait on).
            out.append(f" · {len(others)} other{'s' if len(others) > 1 else ''} too")
    else:
        names = ", ".join(country(m, s) for s in owed) or "nobody"
        out.append(f"waiting on {names}")
    if seen.minutes:
        out.append(f" · time limit {seen.minutes} min")
    return out


def countries_table(seen: GrandState, compact: bool = False) -> Table | Group:
    """Each country's public figures: GDP, Francs, score, and whether it has sealed (✓) or
    is still writing (…). ``compact``: two countries a line, by their letters (the map's
    key names them), for a short screen."""
    m = the_map()
    owed = set(pending_seats(seen))
    rows = []
    for seat in seen.seats:
        c = m.countries[seat]
        done = "" if seen.over else ("…" if seat in owed else "✓")
        rows.append(
            (c, str(seen.gdp.get(seat, 0)), str(seen.francs.get(seat, 0)), f"{float(score(seen, seat)):.2f}", done)
        )
    if compact:
        head = "  GDP  Fr score  "
        lines = [Text(f"{head}   {head}", style="dim")]
        for i in range(0, len(rows), 2):
            line = Text()
            for j, (c, gdp, francs, points, done) in enumerate(rows[i : i + 2]):
                line.append("   " if j else "")
                line.append(c.letter, style="bold")
                line.append(f" {gdp:>3} {francs:>3} {points:>5} {done or ' '}")
            lines.append(line)
        return Group(*lines)
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    for header in ("", "GDP", "Fr", "score", "done"):
        table.add_column(header, justify="left" if not header else "right", no_wrap=True)
    for c, gdp, francs, points, done in rows:
        table.add_row(Text(f"{c.letter} {c.name}"), gdp, francs, points, done)
    return table


def seat_lines(seen: GrandState, viewer: str, short: bool = False) -> list[Text]:
    """The viewer's own work in progress: its allocation (GDP left, lines, problems) or its
    order sheet (the place being written, what is written, the checker's problems)."""
    m = the_map()
    if viewer not in seen.seats or seen.over:
        return []

    def problem(text: str) -> Text:
        # On a short screen a problem keeps one line; the worksheet (F6) has it whole. Its
        # first clause is kept whole where it fits ("10 GDP left unspent"), not cut mid-word.
        head = text.split(":")[0]
        if not short or len(text) <= 36:
            cut = text
        elif len(head) <= 28:
            cut = f"{head} (F6 says more)"
        else:
            cut = text[:35] + "…"
        return Text(f" ! {cut}", "yellow")

    out: list[Text] = []
    if seen.phase == ALLOCATE:
        draft = seen.draft_of(viewer)
        check = checked(m, seen, viewer)
        head = "sealed" if draft.sealed else "writing"
        out.append(Text(f"Your allocation ({head}): GDP {check.gdp}, left {check.left}", "bold"))
        bought = [f"politics {check.politics}%: {check.politics_cost}"]
        for priced in check.priced:
            line = priced.line
            bought.append(f"{line.count} {item_words(line.item, line.count)} at {name(m, line.place)}: {priced.cost}")
        if check.lost:
            bought.append(f"{check.lost} GDP lost (nothing fits)")
        out.append(Text(" " + "; ".join(bought)))
        if not draft.sealed:
            out += [problem(p) for p in check.problems[:1]]
        return out
    if seen.phase in SEASONS:
        sheet_draft = seen.sheet_of(viewer)
        board = seen.board()
        head = "handed in" if sheet_draft.sealed else "writing"
        focus = sheet_draft.focus
        where = f", now: {'permissions' if focus == PERMITS else name(m, focus)}" if focus else ""
        out.append(Text(f"Your {seen.phase} orders ({head}{where})", "bold"))
        written = sheet_words(seen, viewer)
        out += [Text(f" {w}") for w in written] or [Text(" every place on its default: Defend, fleets Patrol", "dim")]
        if not sheet_draft.sealed:
            problems = check_orders(m, board, viewer, sheet_draft.sheet)[:2]
            out += [problem(p) for p in problems]
            if not problems:
                # A warning, not a problem: the sheet may be handed in (F6 names them all).
                empty = empty_borders(m, board, viewer, sheet_draft.sheet)
                if empty:
                    more = f" (+{len(empty) - 1})" if len(empty) > 1 else ""
                    out.append(Text(f" ? {name(m, empty[0][0])} left empty beside an enemy{more}: F6", "yellow"))
        return out
    if seen.phase == TRADE:
        out.append(Text(f"You have {counted(seen.francs.get(viewer, 0), 'Franc')}", "bold"))
    return out


def sheet_words(seen: GrandState, seat: str) -> list[str]:
    """The seat's order sheet in words, only what differs from the season's default."""
    m = the_map()
    sheet = seen.sheet_of(seat).sheet
    out: list[str] = []
    for entry in sheet.land:
        bits = []
        if entry.stance != "defend":
            bits.append(entry.stance.capitalize())
        if entry.retreat:
            bits.append(f"falls back to {name(m, entry.retreat)}")
        for mv in entry.moves:
            what = ", ".join(
                f"{n} {item_words(k, n)}"
                for k, n in (("infantry", mv.infantry), ("armor", mv.armor), ("supplies", mv.supplies))
                if n
            )
            if mv.aircraft:
                what += f"{', ' if what else ''}{mv.aircraft} aircraft"
            if mv.by_rail:
                how = "by rail to"
            elif seen.owners.get(mv.to) == seat:
                how = "move to"  # into one's own territory: no attack, whatever order the move carries
            else:
                how = f"{ATTACK_WORDS.get(mv.order, mv.order).split(' ')[0]} into"
            bits.append(f"{what} {how} {name(m, mv.to)}")
        if bits:
            out.append(f"{name(m, entry.territory)}: {'; '.join(bits)}")
    for f in sheet.fleets:
        bits = [f.order.capitalize()] if f.order != "patrol" else []
        if f.to:
            bits.append(f"sail to {name(m, f.to)}")
        if f.attack_port:
            bits.append(f"attack port {name(m, f.attack_port)}")
        if f.shipping:
            bits.append(f"shipping of {name(m, f.shipping)}")
        if not f.load.empty:
            bits.append(f"load {f.load.units + f.load.supplies} from {name(m, f.load_from or f.place)}")
        if f.unload_to:
            bits.append(f"land {f.unload.units + f.unload.supplies} at {name(m, f.unload_to)}")
        if bits:
            out.append(f"fleets at {name(m, f.place)}: {', '.join(bits)}")
    for a in sheet.air:
        if a.zone:
            land = name(m, a.landings[0]) if a.landings else name(m, a.place)
            out.append(f"{a.count} aircraft at {name(m, a.place)} over {name(m, a.zone)}, land at {land}")
    for task in sheet.air_tasks:
        if task.bombing:
            out.append(f"over {name(m, task.zone)}: bomb {', '.join(name(m, z) for z in task.bombing)}")
    for p in sheet.permissions:
        out.append(f"{country(m, p.grantee)} may: {p.kind}")
    return out


GDP_BY_YEAR = ("GDP at the start, then at each year's end (the GDP to spend the next year)", "gdp")
FRANCS_BY_YEAR = ("Francs at each year's end", "francs")


def end_tables(seen: GrandState) -> list[tuple[str, Table]]:
    """The end report: why the game ended, how each final score is made (Francs earned in play
    plus the final payout, over starting GDP), then GDP and Francs by year (state.figures)."""
    m = the_map()
    paid = {p.seat: p for p in payouts_now(m, seen)}
    final = Table(box=None, padding=(0, 1))
    heads = ("", "country", "in play", "+ payout", "= Francs", "/ start GDP", "= score", "final GDP", "cities")
    for header in heads:
        final.add_column(header, justify="left" if header in ("", "country") else "right")
    for rank, seat in enumerate(ranking(seen), start=1):
        payout = paid[seat].amount if seen.phase == OVER else 0
        francs = seen.francs.get(seat, 0)
        final.add_row(
            str(rank),
            country(m, seat),
            str(francs - payout),
            str(payout),
            str(francs),
            str(seen.start_gdp.get(seat, 0)),
            f"{float(score(seen, seat)):.2f}",
            str(paid[seat].gdp),
            str(paid[seat].cities),
        )
    out = [(end_reason(seen), final)]
    years = sorted({f.turn for f in seen.figures})
    # Figures are taken at each year's reconciliation (a tester compared them with samples
    # taken at the start of a year): the titles say when, and GDP starts from the start.
    for title, field in (GDP_BY_YEAR, FRANCS_BY_YEAR):
        table = Table(box=None, padding=(0, 1))
        table.add_column("country")
        if field == "gdp":
            table.add_column("start", justify="right")
        for year in years:
            table.add_column(f"Y{year}", justify="right")
        for seat in seen.seats:
            row = {f.turn: getattr(f, field) for f in seen.figures if f.seat == seat}
            start = [str(seen.start_gdp.get(seat, 0))] if field == "gdp" else []
            table.add_row(country(m, seat), *start, *(str(row.get(y, "")) for y in years))
        out.append((title, table))
    return out


def end_reason(seen: GrandState) -> str:
    """The heading of the end report: how a final score is made. What ended the game (the
    end die, or the last year set) is the outcome's summary, in the end screen's title just
    above: said there once, not twice in two wordings."""
    why = "Final scores." if seen.phase == OVER else "The game is not over yet."
    return (
        f"{why} Score = (Francs earned in play + final payout of {RULES.payout_per_gdp} per point of"
        f" final GDP and {RULES.payout_per_city} per city held) / starting GDP"
    )


def tracks(seen: GrandState) -> Mapping[str, Mapping[str, float]]:
    return {
        "Francs": {seat: float(seen.francs.get(seat, 0)) for seat in seen.seats},
        "GDP": {seat: float(seen.gdp.get(seat, 0)) for seat in seen.seats},
    }
