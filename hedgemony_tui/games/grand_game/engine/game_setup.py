"""The Grand Game's first state: the six countries of the Continent, each a seat, with its
territories, its starting forces and its GDP (designer's choices, ``rules/grand-game/README.md``
"The start").

The seed gives no starting forces (it has no map). Ours follow the map, so a changed map
changes them with it: every land territory holds one infantry (L92: each country starts with
its own territories, and a territory with nobody in it falls to the first unit that walks in);
the capital adds armor and aircraft, each port a light fleet, each city supplies, and a large
country a heavy fleet at its first port. A large country has about twice a small one's
forces, as it has about twice its territories and GDP.
"""

from __future__ import annotations

import attrs

from . import map as M
from .counts import counted
from .economy import Economy, gdp
from .game_state import Draft, GrandState, Placed
from .map_data import GameMap
from .payoff import Francs


@attrs.frozen
class StartForces:
    """The starting forces of one size of country (``large`` or ``small``, L96)."""

    infantry_per_territory: int
    armor_at_capital: int
    aircraft_at_capital: int
    light_per_port: int
    heavy_at_first_port: int
    supplies_per_city: int


START = {
    "large": StartForces(1, 2, 2, 1, 1, 2),
    "small": StartForces(2, 2, 1, 1, 0, 2),
}


def zone_lands(m: GameMap) -> dict[str, tuple[str, ...]]:
    return {zone.id: zone.lands for zone in m.zones.values()}


def starting_stacks(m: GameMap) -> tuple[Placed, ...]:
    rows: dict[tuple[str, str], dict[str, int]] = {}
    for country in m.countries.values():
        forces = START[country.size]
        lands = sorted(t.id for t in m.lands.values() if t.country == country.id)
        ports = [t for t in lands if m.lands[t].city == "port"]
        for land in lands:
            row = rows.setdefault((land, country.id), {})
            row["infantry"] = forces.infantry_per_territory
            if m.lands[land].city:
                row["supplies"] = forces.supplies_per_city
            if land in ports:
                row["light"] = forces.light_per_port
        capital = rows[(country.capital, country.id)]
        capital["armor"] = forces.armor_at_capital
        capital["aircraft"] = forces.aircraft_at_capital
        if ports and forces.heavy_at_first_port:
            rows[(ports[0], country.id)]["heavy"] = forces.heavy_at_first_port
    return tuple(Placed(place, seat, **counts) for (place, seat), counts in sorted(rows.items()))


def new_game(seed: int, turns: int = 0, m: GameMap | None = None, minutes: int = 0) -> GrandState:
    """The first state: year 1, allocation, every country a seat holding its own land."""
    m = m or M.the_map()
    seats = tuple(m.countries)
    owners = {land: seat for land, seat in sorted(M.starting_owners(m).items())}
    economy = Economy({zone.id: zone.value for zone in m.zones.values()})
    lands = zone_lands(m)
    board_owners: dict[str, str | None] = dict(owners)
    gdps = {seat: gdp(seat, lands, economy, board_owners).gdp for seat in seats}
    francs = Francs.start(seats)
    state = GrandState(
        seed=seed,
        seats=seats,
        owners=owners,
        year_owners=dict(owners),
        stacks=starting_stacks(m),
        values=dict(economy.values),
        gdp=gdps,
        start_gdp=dict(gdps),
        francs=dict(francs.balances),
        turns=turns,
        minutes=minutes,
        drafts=tuple(Draft(seat) for seat in seats),  # every seat's, blank: who began writing is no one's business
    )
    length = counted(turns, "year") if turns else "until the end die stops it (from year 10, G-X9)"
    return state.logged(
        f"The Grand Game begins on {m.name}: {', '.join(m.countries[s].name for s in seats)}; it lasts {length}.",
        "Year 1: every country writes its allocation of GDP, sealed until reconciliation.",
    )
