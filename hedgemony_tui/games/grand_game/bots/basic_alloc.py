"""The basic player's allocation: the lines it writes, in order, each one legal when written.

Spending order (issue 35's plan): the politics level of its style (Francs are the score),
repairs, then development and infantry for threatened borders, development first as shipped
(a "defence first" style turns the two round). Development: where a point is cheapest (a
fully held zone, then the richest, among equals) while a point costs no more than its style
allows and its share of GDP is not spent. Infantry: a share of what is left after politics,
at the city nearest the need; a border is threatened when an enemy stands next to it, or, if
the style says so, when a neighbour's visible force could take it at the style's odds. Then
supplies to feed its land units, and the rest in infantry (or armor, for a military style)
while a border is threatened, if the style says so. Whatever is left that something still
fits goes to the cheapest thing on offer, so the allocation can always be sealed (L129).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..engine.allocation import DEVELOP, POLITICS_LEVELS, REPAIR, politics_cost
from ..engine.game_alloc import allocation_options, book_of, checked, development_prices, write
from ..engine.game_intents import Buy, Intent, SealAllocation, SetPolitics
from ..engine.game_state import Draft, GrandState
from ..engine.map_data import GameMap
from ..engine.units import ARMOR, INFANTRY, SUPPLY, UNITS
from .basic_read import Style, credible, dangers, distances

Plan = tuple[tuple[Intent, ...], tuple[Draft, ...]]
"""The lines to write and the draft as it stands before each of them."""


def allocation_plan(m: GameMap, view: GrandState, seat: str, style: Style) -> Plan:
    state = view.with_draft(Draft(seat))
    board = view.board()
    book = book_of(m, state, seat)
    lines: list[Intent] = []
    drafts: list[Draft] = []

    def left() -> int:
        return checked(m, state, seat).left

    def add(intent: Intent) -> bool:
        nonlocal state
        if intent not in allocation_options(m, state, seat):
            return False
        drafts.append(state.draft_of(seat))
        lines.append(intent)
        state = state.with_draft(write(state.draft_of(seat), intent))
        return True

    def repeat(make: Callable[[], Intent], times: int) -> None:
        for _ in range(max(0, times)):
            if not add(make()):
                return

    if style.politics in POLITICS_LEVELS and style.politics:
        add(SetPolitics(seat, style.politics))
    for zone, damage in sorted(book.damage.items()):
        for _ in range(damage):
            if not add(Buy(seat, REPAIR, zone)):
                break
    cities = sorted(book.cities & book.owned)
    threat = {t: d for t, d in dangers(m, board, seat).items() if d and credible(m, board, seat, t, style.threat_odds)}
    need = sum(max(0, d - board.at(t, seat).land_units) for t, d in threat.items())
    home = _nearest_city(m, cities, threat, board.held_by(seat))
    after_politics = book.gdp - politics_cost(book.gdp, style.politics if style.politics in POLITICS_LEVELS else 0)

    def defend() -> None:
        if not home:
            return
        unit = ARMOR if style.all_military else INFANTRY
        cost = UNITS[unit].cost
        # The share rounds up to a whole unit: a small country under threat buys one if it fits.
        share = math.ceil(after_politics * style.defence_share / cost) if style.defence_share else 0
        want = share if style.all_military else min(need, share)
        repeat(lambda: Buy(seat, unit, home), want)

    def develop() -> None:
        if not style.develop_price:
            return
        spent = 0
        while True:
            prices = development_prices(m, state, seat)
            if not prices:
                break
            # The cheapest point first; among equals a fully held zone, then the richest.
            zone = min(
                prices,
                key=lambda z: (prices[z], book.zones[z] != "full", -(state.values[z] - book.damage.get(z, 0)), z),
            )
            price = prices[zone]
            if price > style.develop_price or spent + price > book.gdp * style.develop_share:
                break
            if not add(Buy(seat, DEVELOP, zone)):
                break
            spent += price

    for step in (develop, defend) if style.develop_first else (defend, develop):
        step()
    if home:
        units = sum(p.infantry + p.armor for p in state.stacks if p.seat == seat)
        units += sum(ln.count for ln in state.draft_of(seat).lines if ln.item in (INFANTRY, ARMOR))
        supplies = sum(p.supplies for p in state.stacks if p.seat == seat)
        repeat(lambda: Buy(seat, SUPPLY, home), min(units - supplies, left()))
        if (threat and style.rest_in_infantry) or style.all_military:
            repeat(lambda: Buy(seat, INFANTRY, home), left() // UNITS[INFANTRY].cost)
    # The rest: the cheapest thing on offer until the allocation may be sealed.
    for _ in range(60):
        options = allocation_options(m, state, seat)
        if SealAllocation(seat) in options:
            break
        buys = [o for o in options if isinstance(o, Buy)]
        if not buys:
            break
        add(min(buys, key=lambda o: (_price(o), o.item != SUPPLY, o.place != home, o.item, o.place)))
    drafts.append(state.draft_of(seat))
    lines.append(SealAllocation(seat))
    return tuple(lines), tuple(drafts)


def _price(buy: Buy) -> int:
    return UNITS[buy.item].cost if buy.item in UNITS else 2


def _nearest_city(m: GameMap, cities: list[str], threat: dict[str, int], held: frozenset[str]) -> str:
    """The city to build at: the one nearest the most threatened border, else the first."""
    if not cities:
        return ""
    if not threat:
        return cities[0]
    worst = max(sorted(threat), key=lambda t: threat[t])
    far = distances(m, [worst], held)
    return min(cities, key=lambda c: (far.get(c, 99), c))
