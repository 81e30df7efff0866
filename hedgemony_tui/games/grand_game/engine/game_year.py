"""Reconciliation, the Franc trade and the end of a year (seed L56, L68, L150; G-X5, G-X7, G-X9).

After winter every allocation is revealed (L138) and carried out in the seed's order (L150):
Francs for political spending (no politics decks in this version, spec 2.7), then production
placed, development and repair, then each seat's GDP for the next year. Then the seats may pay
each other Francs (the only trade here). After the trade, from year 10, the end die (G-X9);
at the end, the final payout from the board (L68, G-X7).

Readings (``rules/grand-game/README.md``, "The year"):
- An allocation was checked and sealed against the board of its year's start; it is carried
  out as sealed, not checked again against the board after the seasons.
- A unit bought at a city the seat no longer holds at reconciliation is not built (nobody
  builds for an enemy); its GDP is gone (L129: GDP cannot be kept).
- Rebuilt aircraft (L263) come off the seat's set-aside pool as they are placed.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from hedgemony_tui.table.dice import Rng

from .allocation import DEVELOP, POLITICS_LEVELS, REBUILD, REPAIR, politics_cost
from .counts import counted, kind_count
from .economy import PARTIAL, GdpReport, gdp
from .game_setup import zone_lands
from .game_state import ALLOCATE, OVER, TRADE, Draft, GrandState, Placed, YearFigures
from .map_data import GameMap
from .payoff import Payout, collect_politics, final_payout, pay_final, random_end, transfer
from .units import AIRCRAFT, ARMOR, HEAVY_FLEET, INFANTRY, LIGHT_FLEET, SUPPLY

FIELD = {INFANTRY: "infantry", ARMOR: "armor", AIRCRAFT: "aircraft", LIGHT_FLEET: "light", HEAVY_FLEET: "heavy"}
FIELD[SUPPLY] = "supplies"
FIELD[REBUILD] = "aircraft"


def reconcile(m: GameMap, state: GrandState) -> GrandState:
    """Winter is over: reveal and carry out every allocation, update GDP, open the trade."""
    state = state.logged(f"Year {state.turn}, reconciliation: the allocations are revealed (L138).", phase=TRADE)
    francs = state.francs_record()
    economy = state.economy()
    rows = {(p.place, p.seat): attrs.asdict(p) for p in state.stacks}
    set_aside = dict(state.set_aside)
    texts: list[str] = []
    for seat in state.seats:
        draft = state.draft_of(seat)
        level = draft.politics if draft.politics in POLITICS_LEVELS else 0
        spend = politics_cost(state.gdp.get(seat, 0), level)
        francs = collect_politics(francs, state.turn, seat, spend)
        texts.append(f"{seat}: politics {level}% = {spend} GDP, {counted(spend, 'Franc')} (G-X7)")
        for line in draft.lines:
            if line.item == DEVELOP:
                economy = economy.developed(line.place, line.count)
                texts.append(f"{seat}: develops {m.zones[line.place].name} by {line.count}")
            elif line.item == REPAIR:
                economy = economy.repaired(line.place, line.count)
                texts.append(f"{seat}: repairs {line.count} damage in {m.zones[line.place].name}")
            elif state.owners.get(line.place) != seat:
                texts.append(
                    f"{seat}: {kind_count(line.count, line.item)} ordered at {m.lands[line.place].name} are not built: "
                    "the city is no longer yours"
                )
            else:
                row = rows.setdefault((line.place, seat), {"place": line.place, "seat": seat})
                key = FIELD[line.item]
                row[key] = row.get(key, 0) + line.count
                if line.item == REBUILD:
                    set_aside[seat] = max(0, set_aside.get(seat, 0) - line.count)
                texts.append(f"{seat}: {kind_count(line.count, line.item)} placed at {m.lands[line.place].name}")
    owners: dict[str, str | None] = {t: (w or None) for t, w in state.owners.items()}
    lands = zone_lands(m)
    reports = {seat: gdp(seat, lands, economy, owners) for seat in state.seats}
    gdps = {seat: report.gdp for seat, report in reports.items()}
    texts += [f"{seat}: GDP for next year {_gdp_words(m, reports[seat])}" for seat in state.seats]
    stacks = tuple(Placed(**row) for _, row in sorted(rows.items()))
    state = attrs.evolve(
        state,
        phase=TRADE,
        stacks=stacks,
        values=dict(economy.values),
        damage=dict(economy.damage),
        gdp=gdps,
        francs=dict(francs.balances),
        franc_entries=francs.entries,
        set_aside=set_aside,
        traded=(),
        sheets=(),
        revealed=state.revealed + 1,
    )
    state = state.logged(*texts)
    return _record_figures(m, state).logged("Francs may now change hands (L150); each seat says when it is done.")


def _gdp_words(m: GameMap, report: GdpReport) -> str:
    """The GDP with how it was reached, zone by zone (a tester found only the total on the
    board): "10 = Arvel Basin 6 + Morlay Coast 4"; a partial zone pays half, damage comes off."""
    parts = []
    for z in report.zones:
        worth = f"{z.value} - {z.damage} damage" if z.damage else f"{z.value}"
        parts.append(f"{m.zones[z.zone].name} {worth}" + (", half" if z.control == PARTIAL else ""))
    if not parts:
        return f"{report.gdp}: no economic zone held fully or at 51% (L99)"
    rounded = "" if report.exact == report.gdp else f" ({float(report.exact):g} rounded, halves up)"
    return f"{report.gdp} = " + " + ".join(parts) + rounded


def _record_figures(m: GameMap, state: GrandState) -> GrandState:
    figures = []
    for seat in state.seats:
        mine = [p for p in state.stacks if p.seat == seat]
        figures.append(
            YearFigures(
                state.turn,
                seat,
                state.gdp.get(seat, 0),
                state.francs.get(seat, 0),
                state.draft_of(seat).politics,
                cities_held(m, state, seat),
                sum(p.infantry + p.armor for p in mine),
                sum(p.aircraft for p in mine),
                sum(p.light + p.heavy for p in mine),
            )
        )
    return attrs.evolve(state, figures=state.figures + tuple(figures))


def cities_held(m: GameMap, state: GrandState, seat: str) -> int:
    return sum(1 for t in m.lands.values() if t.city and state.owners.get(t.id) == seat)


def give(state: GrandState, giver: str, to: str, amount: int) -> GrandState:
    francs = transfer(state.francs_record(), state.turn, giver, to, amount)
    state = attrs.evolve(state, francs=dict(francs.balances), franc_entries=francs.entries)
    return state.logged(f"{giver} pays {counted(amount, 'Franc')} to {to} (L150)")


def end_of_year(m: GameMap, state: GrandState) -> GrandState:
    """Every seat is done trading: the end die (or the fixed length), then the next year or the end."""
    if state.turns:
        ends = state.turn >= state.turns
        if ends:
            state = state.logged(f"Year {state.turn} was the last of the {state.turns} set for this game.")
    else:
        roll, _ = random_end(state.turn, Rng(state.seed))
        ends = roll is not None and roll.ends
        if roll is not None:
            # A die every seat sees: a reveal, so the table stops on it (and undo stops there).
            state = attrs.evolve(state, end_rolls=state.end_rolls + (roll,), revealed=state.revealed + 1).logged(
                roll.describe().capitalize() + " (G-X9)."
            )
    if ends:
        return finish(m, state)
    nxt = attrs.evolve(
        state,
        turn=state.turn + 1,
        phase=ALLOCATE,
        drafts=tuple(Draft(seat, sealed=not alive(state, seat)) for seat in state.seats),
        traded=(),
        year_owners=dict(state.owners),
    )
    return nxt.logged(f"Year {nxt.turn}: every country writes its allocation of GDP, sealed until reconciliation.")


def finish(m: GameMap, state: GrandState) -> GrandState:
    payouts = [final_payout(seat, state.gdp.get(seat, 0), cities_held(m, state, seat)) for seat in state.seats]
    francs = pay_final(state.francs_record(), state.turn, payouts)
    state = attrs.evolve(state, phase=OVER, francs=dict(francs.balances), franc_entries=francs.entries)
    state = state.logged("The game is over: the final payout (L68, G-X7).", *(p.describe() for p in payouts))
    lines = [
        f"{seat}: {counted(state.francs[seat], 'Franc')} / starting GDP {state.start_gdp[seat]} "
        f"= {float(score(state, seat)):.2f}"
        for seat in ranking(state)
    ]
    return state.logged("Scores (Francs per point of starting GDP):", *lines)


def payouts_now(m: GameMap, state: GrandState) -> list[Payout]:
    return [final_payout(seat, state.gdp.get(seat, 0), cities_held(m, state, seat)) for seat in state.seats]


def score(state: GrandState, seat: str) -> Fraction:
    """A seat's score: its Francs per point of its starting GDP (designer's choice, README)."""
    return Fraction(state.francs.get(seat, 0), max(1, state.start_gdp.get(seat, 1)))


def ranking(state: GrandState) -> list[str]:
    return sorted(state.seats, key=lambda s: (-score(state, s), state.seats.index(s)))


def alive(state: GrandState, seat: str) -> bool:
    """A seat still in the game: it holds a territory or has counters on the map."""
    return any(w == seat for w in state.owners.values()) or any(p.seat == seat for p in state.stacks)
