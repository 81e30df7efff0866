"""The Grand Game's own sections of the debrief pack (``hedgemony aar``): the **economy**
(each country's GDP, Francs, politics, cities and forces at the start and after each
reconciliation) and the **seasons** (per season: the combats fought, the territories that
changed hands, the damage done by bombing and by attacks on shipping).

Everything is read from states the rules made, as ``viewpoint`` saw them (``None``: the whole
game laid open). The figures and the board are public; the log's lines written for one seat
only are shown to that seat (and in the whole game's debrief, with the seat named). Nothing
here decides anything.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import Any

from hedgemony_tui.table.replay import Timeline

from ..engine.counts import counted
from ..engine.game import the_map
from ..engine.game_state import SEASONS, GrandState, LogLine, YearFigures
from ..engine.game_year import score

Section = tuple[str, list[str]]

SHIPPING = re.compile(r"follows up its token: (\S+) takes (\d+) damage \(L318\)")
"""A follow-up attack on shipping in the log (``interdiction.attack_shipping``'s words)."""
BLOCKS = {"Air combat:": "air", "Sea combat:": "sea", "Ground combat:": "land"}


def aar_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    """The debrief's sections of this game, as ``viewpoint`` saw it (None: the whole game)."""
    first = _seen(timeline, 0, viewpoint)
    final = _seen(timeline, timeline.last, viewpoint)
    seasons = _seasons(timeline, viewpoint)
    return [economy_section(first, final), seasons_section(seasons, viewpoint), decisive_section(seasons)]


def _seen(timeline: Timeline, index: int, viewpoint: str | None) -> GrandState:
    state: GrandState = timeline.state_at(index) if viewpoint is None else timeline.view_at(index, viewpoint)
    return state


def _name(seat: str) -> str:
    country = the_map().countries.get(seat)
    return country.name if country is not None else seat


# --- the economy ----------------------------------------------------------------------------


def start_figures(state: GrandState) -> list[YearFigures]:
    """Each seat's figures before the first allocation (year 0 of the table)."""
    m = the_map()
    out = []
    for seat in state.seats:
        mine = [p for p in state.stacks if p.seat == seat]
        cities = sum(1 for t in m.lands.values() if t.city and state.owners.get(t.id) == seat)
        out.append(
            YearFigures(
                0,
                seat,
                state.start_gdp.get(seat, 0),
                state.francs.get(seat, 0),
                0,
                cities,
                sum(p.infantry + p.armor for p in mine),
                sum(p.aircraft for p in mine),
                sum(p.light + p.heavy for p in mine),
            )
        )
    return out


def economy_section(first: GrandState, final: GrandState) -> Section:
    lines = [
        "Each country at the start and after each year's reconciliation: the GDP it has to spend "
        "next year, its Francs, the share of GDP it put into politics that year, the cities it "
        "holds, and its forces (infantry and armor, aircraft, fleets).",
        "",
        "| Country | Year | GDP | Francs | Politics | Cities | Land units | Aircraft | Fleets |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    rows = start_figures(first) + list(final.figures)
    for seat in first.seats:
        for f in (r for r in rows if r.seat == seat):
            year = "start" if f.turn == 0 else str(f.turn)
            politics = "—" if f.turn == 0 else f"{f.politics}%"
            lines.append(
                f"| {_name(seat)} | {year} | {f.gdp} | {f.francs} | {politics} | {f.cities} | "
                f"{f.land_units} | {f.aircraft} | {f.fleets} |"
            )
    if final.over:
        lines += ["", "The final payout and the score (Francs per point of starting GDP):", ""]
        for seat in sorted(final.seats, key=lambda s: (-score(final, s), final.seats.index(s))):
            lines.append(
                f"- {_name(seat)}: {counted(final.francs.get(seat, 0), 'Franc')} on a starting GDP of "
                f"{final.start_gdp.get(seat, 0)}: {float(score(final, seat)):.2f}"
            )
    return "Economy by year", lines


# --- the seasons ----------------------------------------------------------------------------


class Season:
    """One resolved season: the states before and after it (as seen) and its new log lines."""

    def __init__(self, before: GrandState, after: GrandState) -> None:
        self.before = before
        self.after = after
        self.turn = before.turn
        self.name = before.phase
        self.log: Sequence[LogLine] = after.log[len(before.log) :]


def _seasons(timeline: Timeline, viewpoint: str | None) -> list[Season]:
    """Every season resolved in the timeline: the decision whose state leaves a season's phase."""
    found = []
    for index in range(1, timeline.last + 1):
        before, after = timeline.state_at(index - 1), timeline.state_at(index)
        if before.phase in SEASONS and (after.phase, after.turn) != (before.phase, before.turn):
            found.append(Season(_seen(timeline, index - 1, viewpoint), _seen(timeline, index, viewpoint)))
    return found


AIR_ZONE = re.compile(r"^\w+, air zone (\S+):$")
AIRCRAFT = re.compile(r"^(\S+): \d+ aircraft, \d+ shot down")
SEA_COMBAT = re.compile(r"^\w+, sea combat in (\S+):$")
PORT_ATTACK = re.compile(r"^\w+, attack on the port of (\S+):$")
"""The headings ``season_air`` and ``season_sea`` give each battle in the log."""


def season_facts(season: Season) -> dict[str, Any]:
    """What one season did: its combats by kind (land territories; air zones where two or more
    seats fought, and those flown over unopposed; sea combats and port attacks), the
    territories that changed hands, and the damage done to each economic zone by bombing
    and by attacks on shipping."""
    block, zone = "", ""
    land: list[str] = []
    flyers: dict[str, set[str]] = {}
    sea: list[str] = []
    shipping: dict[str, int] = {}
    for line in season.log:
        text = line.text
        if text in BLOCKS:
            block = BLOCKS[text]
            continue
        if block == "land" and text.startswith("Land combat in "):
            land.append(text.removeprefix("Land combat in ").split(",")[0])
        elif block == "air":
            heading = AIR_ZONE.match(text)
            if heading:
                zone = heading.group(1)
                flyers.setdefault(zone, set())
            side = AIRCRAFT.match(text)
            if side and zone:
                flyers[zone].add(side.group(1))
        elif block == "sea":
            fight = SEA_COMBAT.match(text) or PORT_ATTACK.match(text)
            if fight:
                sea.append(("port of " if text.split(", ", 1)[1].startswith("attack") else "") + fight.group(1))
            hit = SHIPPING.search(text)
            if hit:
                shipping[hit.group(1)] = shipping.get(hit.group(1), 0) + int(hit.group(2))
    air = sorted(z for z, seats in flyers.items() if len(seats) > 1)
    unopposed = sorted(z for z, seats in flyers.items() if len(seats) == 1)
    changed = [
        (t, season.before.owners.get(t, ""), who)
        for t, who in sorted(season.after.owners.items())
        if who != season.before.owners.get(t, "")
    ]
    damage: dict[str, tuple[int, int]] = {}
    for zone in sorted(set(season.after.damage) | set(season.before.damage)):
        grew = season.after.damage.get(zone, 0) - season.before.damage.get(zone, 0)
        if grew > 0:
            by_ships = min(grew, shipping.get(zone, 0))
            damage[zone] = (grew - by_ships, by_ships)  # what attacks on shipping did not do, bombing did
    return {"land": land, "air": air, "unopposed": unopposed, "sea": sea, "changed": changed, "damage": damage}


def _listed(places: Sequence[str]) -> str:
    return f" ({', '.join(_place(p) for p in places)})" if places else ""


def _place(place: str) -> str:
    m = the_map()
    if place.startswith("port of "):
        return "the port of " + _place(place.removeprefix("port of "))
    for table in (m.lands, m.seas, m.air_zones, m.zones):
        if place in table:
            return str(getattr(table[place], "name", place))
    return place


def seasons_section(seasons: Sequence[Season], viewpoint: str | None) -> Section:
    lines = [
        "Each season once its orders were carried out: the land combats fought (one per "
        "territory), the air battles (zones where two or more countries' aircraft fought) and the zones "
        "flown over unopposed, the sea combats and attacks on ports, "
        "the territories that changed hands, and the damage done to economic zones by strategic "
        "bombing and by attacks on shipping.",
        "",
    ]
    for season in seasons:
        facts = season_facts(season)
        lines.append(f"**Year {season.turn}, {season.name}**")
        lines.append(f"- Land combats: {len(facts['land'])}" + _listed(facts["land"]))
        lines.append(f"- Air battles: {len(facts['air'])}" + _listed(facts["air"]))
        if facts["unopposed"]:
            lines.append(f"- Flown over unopposed: {', '.join(_place(z) for z in facts['unopposed'])}")
        lines.append(f"- Sea combats and port attacks: {len(facts['sea'])}" + _listed(facts["sea"]))
        changed = facts["changed"]
        if changed:
            moved = [
                f"{_place(t)} ({_name(old) if old else 'nobody'} → {_name(new) if new else 'nobody'})"
                for t, old, new in changed
            ]
            lines.append(f"- Changed hands: {', '.join(moved)}")
        else:
            lines.append("- No territory changed hands")
        for zone, (bombed, shipped) in facts["damage"].items():
            lines.append(f"- Damage to {_place(zone)}: {bombed} by bombing, {shipped} by attacks on shipping")
        private = [ln for ln in season.log if ln.seat]
        if private:
            lines.append("- Private lines:" if viewpoint is None else f"- For {_name(viewpoint)} alone:")
            lines += [f"  - {_name(ln.seat)}: {ln.text}" if viewpoint is None else f"  - {ln.text}" for ln in private]
        lines.append("")
    while lines and not lines[-1]:
        lines.pop()
    if not seasons:
        lines = ["No season has been carried out yet."]
    return "Seasons", lines


# --- the draws: every card and die of the seasons, and the decisive ones ------------------

DRAW = re.compile(r"\b(land|sea|air) card \d+|\brolled \d")
"""A card drawn (``... card N: ...``) or a die rolled (search, bombing) in a season's log."""


def season_draws(season: Season) -> list[tuple[str, str, str, str]]:
    """The season's draws in order: (the land territory fought over, or "" outside a land
    combat; what it was for; card or die; the log's line). "What it was for" is the heading
    the line stands under (a land combat and its pair of sides, an air zone, a sea area)."""
    out: list[tuple[str, str, str, str]] = []
    heading, combat, place = "", "", ""
    for line in season.log:
        text = line.text
        if text in BLOCKS:
            heading, combat, place = "", "", ""
        elif text.startswith("Land combat in "):
            combat = heading = text
            place = text.removeprefix("Land combat in ").split(",")[0]
        elif text.endswith(":") and not text.startswith(" "):
            heading = f"{combat}: {text.removesuffix(':')}" if combat else text.removesuffix(":")
        found = DRAW.search(text)
        if found:
            kind = f"{found.group(1)} card" if found.group(1) else "die"
            out.append((place, heading, kind, text.strip()))
    return out


def aar_rolls_csv(timeline: Timeline, viewpoint: str | None) -> str:
    """``rolls.csv`` for this game: its cards and dice are drawn inside a season's resolution
    (no roll of its own offers odds), so each is a row read from the season's record."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["turn", "season", "for", "kind", "draw"])
    ends = {roll.turn: roll for roll in timeline.states[-1].end_rolls}  # public: every seat saw the die
    for season in _seasons(timeline, viewpoint):
        for _place_fought, heading, kind, text in season_draws(season):
            writer.writerow([season.turn, season.name, heading, kind, text])
        roll = ends.pop(season.turn, None) if season.name == "winter" else None
        if roll is not None:
            writer.writerow([roll.turn, "end of the year", "the random end", "d6", roll.describe()])
    for roll in ends.values():  # a year whose winter drew nothing
        writer.writerow([roll.turn, "end of the year", "the random end", "d6", roll.describe()])
    return buffer.getvalue()


def decisive_section(seasons: Sequence[Season]) -> Section:
    """The land combats that changed a territory's holder, with the cards each side drew
    there: the draws that moved the map."""
    lines = [
        "The land combats after which the territory changed hands, with every card drawn in "
        "them (all draws of the game, cards and dice, are in rolls.csv).",
        "",
    ]
    current = ""
    for season in seasons:
        changed = {t for t, _, _ in season_facts(season)["changed"]}
        for place, _heading, _kind, text in season_draws(season):
            if place and place in changed:
                title = f"- Year {season.turn}, {season.name}, {_place(place)}:"
                if title != current:
                    lines.append(title)
                    current = title
                lines.append(f"  - {text}")
    if not current:
        lines = ["No land combat changed a territory's holder."]
    return "Decisive draws", lines
