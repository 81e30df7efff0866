"""One season resolved, once every seat has handed in its sheet: air combat first, sea combat
next, ground combat last, then the late air casualties (seed L144), and the board after it.

Each phase is its own module (:mod:`.season_air`, :mod:`.season_sea`, :mod:`.season_land`);
this one runs them in the seed's order on the sheets as written, passes each what the one
before decided (superiority and tactical air to sea and land, the landings that survived the
sea to the land, the flak of land and sea to the late air step), and composes the new board:
land units and supplies from the land phase, fleets and what is aboard from the sea phase,
aircraft from what stayed on the ground, went by rail, or landed after flying.

Readings (``rules/grand-game/README.md``, "The season"):
- Aircraft that stayed on the ground (L245's non-participants) in a land territory lost this
  season are lost with it; those on a sea territory stay only while a heavy fleet of their
  seat is there to carry them (L275).
- Fleets in a port taken this season are lost with it (the seed gives them no way out).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hedgemony_tui.table.dice import Rng

from .board import Board, Stack
from .counts import counted, is_are
from .game_state import WINTER, GrandState, owners_of, placed_of
from .map_data import GameMap
from .movement import SeasonMoves, season_moves
from .orders import Cargo, OrderSheet
from .season_air import late_air, resolve_air
from .season_land import resolve_land
from .season_sea import resolve_sea


def resolve_season(m: GameMap, state: GrandState, sheets: Mapping[str, OrderSheet]) -> GrandState:
    """The state after the season's sheets are carried out (the log says every step)."""
    board = state.board()
    season = state.phase
    winter = season == WINTER
    serial = state.serial
    rng = Rng(state.seed)
    moves = season_moves(m, board, sheets.values())
    air, rng = resolve_air(m, board, sheets, state.economy(), serial, season, winter, rng)
    sea, rng = resolve_sea(m, board, moves, sheets, air, air.economy, state.interdiction, serial, season, winter, rng)
    # Keyed draws are named by the season's serial; the reports say the season in words.
    said = f"{season} of year {state.turn}"
    land, rng = resolve_land(
        m, board.owners, moves, sea.landings, air.superiority, air.tactical, serial, winter, rng, when=said
    )
    flak: dict[tuple[str, str], int] = dict(land.flak)
    for key, hits in sea.flak.items():
        flak[key] = flak.get(key, 0) + hits
    late = late_air(m, air, sheets, flak, land.owners, fleets=sea.fleets)
    new_board, lost_lines = _compose(
        m, board, moves, air.flying, sea.fleets, sea.cargo, land.land, land.owners, late.landed
    )
    set_aside = dict(state.set_aside)
    for seat, count in late.set_aside.items():
        set_aside[seat] = set_aside.get(seat, 0) + count
    title = f"Year {state.turn}, {season}: the orders are revealed and carried out."
    state = state.logged(title, *moves.notes)
    if air.lines:
        state = state.logged("Air combat:", *air.lines)
    if sea.lines:
        state = state.logged("Sea combat:", *sea.lines)
    if land.lines:
        state = state.logged("Ground combat:", *land.lines)
    taken = sorted(t for t, who in land.owners.items() if who != board.owners.get(t))
    if taken:
        state = state.logged(*(f"{m.lands[t].name} now held by {_country(m, land.owners[t])}" for t in taken))
    if late.lines or lost_lines:
        state = state.logged("Late air casualties and losses:", *late.lines, *lost_lines)
    return attrs.evolve(
        state,
        owners=owners_of(new_board),
        stacks=placed_of(new_board),
        values=dict(sea.economy.values),
        damage=dict(sea.economy.damage),
        interdiction=sea.interdiction,
        superior={zone: seat for zone, (seat, _) in sorted(air.superiority.items())},
        superiority={zone: points for zone, (_, points) in sorted(air.superiority.items())},
        set_aside=set_aside,
        revealed=state.revealed + 1,
    )


def _country(m: GameMap, seat: str | None) -> str:
    return m.countries[seat].name if seat is not None and seat in m.countries else "no one"


def _compose(
    m: GameMap,
    board: Board,
    moves: SeasonMoves,
    flying: Mapping[tuple[str, str], int],
    fleets: Mapping[tuple[str, str], tuple[int, int]],
    cargo: Mapping[tuple[str, str], Cargo],
    land: Mapping[tuple[str, str], Cargo],
    owners: Mapping[str, str | None],
    landed: Mapping[tuple[str, str], int],
) -> tuple[Board, list[str]]:
    counts: dict[tuple[str, str], dict[str, int]] = {}

    def add(place: str, seat: str, **more: int) -> None:
        row = counts.setdefault((place, seat), {})
        for key, value in more.items():
            row[key] = row.get(key, 0) + value

    lines: list[str] = []
    # Aircraft on the ground: the board's less those that flew and those crated away by rail.
    ground: dict[tuple[str, str], int] = {}
    for (place, seat), stack in board.stacks.items():
        if stack.aircraft:
            ground[(place, seat)] = stack.aircraft - flying.get((place, seat), 0)
    for trip in moves.rail:
        if trip.move.aircraft:
            ground[(trip.start, trip.seat)] = ground.get((trip.start, trip.seat), 0) - trip.move.aircraft
            ground[(trip.stop, trip.seat)] = ground.get((trip.stop, trip.seat), 0) + trip.move.aircraft
    for (place, seat), light_heavy in fleets.items():
        light, heavy = light_heavy
        if place in m.lands and owners.get(place) != seat:
            sunk = counted(light + heavy, "fleet")
            lines.append(f"{seat}: {sunk} in the port of {m.lands[place].name} {is_are(light + heavy)} lost with it")
            continue
        add(place, seat, light=light, heavy=heavy)
    for (place, seat), aboard in cargo.items():
        add(place, seat, infantry=aboard.infantry, armor=aboard.armor, supplies=aboard.supplies)
    for (place, seat), here in land.items():
        add(place, seat, infantry=here.infantry, armor=here.armor, supplies=here.supplies)
    for (place, seat), count in sorted(ground.items()):
        if count <= 0:
            continue
        if place in m.lands and owners.get(place) != seat:
            where = m.lands[place].name
            lines.append(f"{seat}: {count} aircraft on the ground at {where} {is_are(count)} lost with it (L245)")
            continue
        if place in m.seas:
            room = counts.get((place, seat), {}).get("heavy", 0) - counts.get((place, seat), {}).get("aircraft", 0)
            if count > room:
                lines.append(
                    f"{seat}: {count - max(0, room)} aircraft at {m.seas[place].name} have no heavy fleet left to carry them (L275)"
                )
                count = max(0, room)
        if count:
            add(place, seat, aircraft=count)
    for (place, seat), count in landed.items():
        if count:
            add(place, seat, aircraft=count)
    stacks = {key: Stack(**row) for key, row in counts.items()}
    return Board(board.seats, owners, stacks), lines
