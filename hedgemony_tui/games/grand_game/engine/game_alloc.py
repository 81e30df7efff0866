"""The allocation phase in intents: what a seat may add to or take off its sealed allocation.

Every price, every limit and every problem is :mod:`.allocation`'s (``options`` and
``check``); this module turns them into intents and back. A seat may seal only an allocation
the checker accepts: every point spent while something still fits (L129).
"""

from __future__ import annotations

import attrs

from .allocation import DEVELOP, POLITICS, Allocation, AllocationCheck, Line, SeatBook, check, options, seat_book
from .game_intents import Buy, Intent, SealAllocation, SetPolitics, Unbuy
from .game_setup import zone_lands
from .game_state import Draft, GrandState
from .map_data import GameMap


def book_of(m: GameMap, state: GrandState, seat: str) -> SeatBook:
    """The seat's book for this year: the GDP it was given at the last reconciliation (L150),
    and the territories it held when the allocation was written (it is settled against them)."""
    cities = [t.id for t in m.lands.values() if t.city]
    ports = [t.id for t in m.lands.values() if t.city == "port"]
    owners: dict[str, str | None] = {land: (who or None) for land, who in state.year_owners.items()}
    names = {**{t.id: t.name for t in m.lands.values()}, **{z.id: z.name for z in m.zones.values()}}
    book = seat_book(seat, zone_lands(m), state.economy(), owners, cities, ports, names, state.set_aside.get(seat, 0))
    developed = {z: state.values[z] - m.zones[z].value for z in book.zones if state.values.get(z, 0) > m.zones[z].value}
    bases = {z: m.zones[z].value for z in book.zones}
    return attrs.evolve(book, gdp=state.gdp.get(seat, 0), developed=developed, bases=bases)


def allocation_of(draft: Draft) -> Allocation:
    return Allocation(draft.seat, draft.politics, draft.lines)


def checked(m: GameMap, state: GrandState, seat: str) -> AllocationCheck:
    return check(allocation_of(state.draft_of(seat)), book_of(m, state, seat))


def allocation_options(m: GameMap, state: GrandState, seat: str) -> list[Intent]:
    draft = state.draft_of(seat)
    if draft.sealed:
        return []
    book = book_of(m, state, seat)
    allocation = allocation_of(draft)
    out: list[Intent] = []
    for option in options(allocation, book):
        if option.item == POLITICS and option.level is not None:
            out.append(SetPolitics(seat, option.level))
        elif option.place is not None:
            out.append(Buy(seat, option.item, option.place))
    out += [Unbuy(seat, line.item, line.place) for line in draft.lines]
    if check(allocation, book).ok:
        out.append(SealAllocation(seat))
    return out


def development_prices(m: GameMap, state: GrandState, seat: str) -> dict[str, int]:
    """The price of one more point of development in each zone where one still fits."""
    options_now = options(allocation_of(state.draft_of(seat)), book_of(m, state, seat))
    return {o.place: o.cost for o in options_now if o.item == DEVELOP and o.place is not None}


def write(draft: Draft, intent: Intent) -> Draft:
    draft = attrs.evolve(draft, edits=draft.edits + 1)
    if isinstance(intent, SetPolitics):
        return attrs.evolve(draft, politics=intent.level)
    if isinstance(intent, SealAllocation):
        return attrs.evolve(draft, sealed=True)
    if isinstance(intent, Buy | Unbuy):
        step = 1 if isinstance(intent, Buy) else -1
        lines = list(draft.lines)
        at = next((i for i, ln in enumerate(lines) if (ln.item, ln.place) == (intent.item, intent.place)), None)
        if at is None:
            lines.append(Line(intent.item, intent.place, 1))
        else:
            lines[at] = attrs.evolve(lines[at], count=lines[at].count + step)
        return attrs.evolve(draft, lines=tuple(ln for ln in lines if ln.count > 0))
    raise TypeError(f"not an allocation intent: {intent!r}")
