"""The Grand Game behind the table's contract (:class:`GameRules`): a thin adapter over the
engine (``engine/game*.py``). Six seats, one per country of the Continent; secrets (each
seat's allocation and order sheets until revealed); sealed choices (allocation and the
three seasons' orders, owed by every seat at once); every shuffle and die drawn inside the
step that reveals the sheets, from the game's seed, so no die waits on a person."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hedgemony_tui.table.contract import (
    OVER,
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.rules_base import RulesBase

from . import GAME_ID, TITLE
from .bots import POLICIES
from .engine.counts import counted
from .engine.game import apply as apply_intent
from .engine.game import legal, pending_seats, the_map
from .engine.game_intents import INTENT_TYPES, Intent
from .engine.game_setup import new_game
from .engine.game_state import ALLOCATE, PHASES, SEASONS, TRADE, GrandState
from .engine.game_view import vary_secrets, view
from .engine.game_year import payouts_now, ranking, score

KIND = {ALLOCATE: "allocate", TRADE: "trade", **{season: "orders" for season in SEASONS}}


class GrandGameRules(RulesBase[GrandState, Intent]):
    info = GameInfo(
        id=GAME_ID,
        title=TITLE,
        # One line at 100 columns: the new-game form cut the longer one.
        summary="Six countries spend a year's GDP in secret, then write sealed orders for three seasons",
        min_players=6,
        max_players=6,
        outcome=OutcomeKind.INDIVIDUAL,
        hidden_information=True,
        sealed_choices=True,
        dice=False,
    )
    state_type = GrandState
    intent_types = INTENT_TYPES
    intent_union = Intent
    policies = POLICIES

    def seats(self) -> tuple[SeatSpec, ...]:
        m = the_map()
        return tuple(SeatSpec(c.id, c.name) for c in m.countries.values())

    def options(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec(
                "turns",
                "Years",
                0,
                "how many years the game lasts; 0 for the seed's random end (a die from year 10)",
                0,
                30,
            ),
            OptionSpec(
                "minutes",
                "Time limit",
                0,
                "minutes a seat has to write its allocation or a season's orders (L138, L144); 0 for none",
                0,
                30,
            ),
        )

    def new_game(self, seed: int, options: Mapping[str, object]) -> GrandState:
        turns, minutes = options["turns"], options["minutes"]
        assert isinstance(turns, int) and isinstance(minutes, int)
        return new_game(seed, turns, minutes=minutes)

    def pending(self, state: GrandState) -> Decision:
        if state.over:
            return Decision((), OVER, "The game is over: " + _verdict(state))
        seats = pending_seats(state)
        m = the_map()
        # Short enough for the top of a 100-column screen: names only when few are left.
        names = ", ".join(m.countries[s].name for s in seats) if len(seats) <= 2 else f"{len(seats)} countries"
        if state.phase == ALLOCATE:
            prompt = f"Year {state.turn}: allocate this year's GDP, sealed (waiting on {names})"
        elif state.phase == TRADE:
            prompt = f"Year {state.turn}: pay Francs to another country, or be done (waiting on {names})"
        else:
            prompt = f"Year {state.turn}, {state.phase}: write your orders, sealed (waiting on {names})"
        return Decision(seats, KIND[state.phase], prompt)

    def legal(self, state: GrandState) -> list[Any]:
        return list(legal(state))

    def apply(self, state: GrandState, intent: Any) -> GrandState:
        return apply_intent(state, intent)

    def view(self, state: GrandState, seat: str) -> GrandState:
        return view(state, seat)

    def vary_secrets(self, state: GrandState, seat: str, salt: int) -> GrandState:
        return vary_secrets(state, seat, salt)

    def concerns(self, before: GrandState, after: GrandState, intent: Any) -> tuple[str, ...]:
        # A phase that ends (a season's orders carried out, a reconciliation, a year's
        # trade) moves every country's counters and territories: each seat is owed its result.
        if before.phase != after.phase:
            return tuple(after.seats)
        return (self.seat_of(intent),)

    def reveals(self, before: GrandState, after: GrandState) -> bool:
        return after.revealed != before.revealed or (after.over and not before.over)

    def outcome(self, state: GrandState) -> Outcome | None:
        if not state.over:
            return None
        order = ranking(state)
        best = score(state, order[0])
        results = []
        paid = {p.seat: p for p in payouts_now(the_map(), state)}
        for seat in state.seats:
            mine = score(state, seat)
            verdict = "win" if mine == best else "lose"
            p = paid[seat]
            # How the Francs were made (a tester could not tell where 158 came from).
            why = (
                f"{counted(state.francs[seat], 'Franc')} ({state.francs[seat] - p.amount} earned in play"
                f" + {p.amount} final payout: GDP {p.gdp} x {p.per_gdp} + {counted(p.cities, 'city', 'cities')}"
                f" x {p.per_city})"
                f" on a starting GDP of {state.start_gdp[seat]}: {float(mine):.2f}"
            )
            results.append(SeatResult(seat, verdict, float(mine), why))
        return Outcome(tuple(results), summary=_verdict(state))

    def turn_of(self, state: GrandState) -> tuple[int, str]:
        return state.turn, state.phase

    def summary(self, state: GrandState) -> dict[str, Any]:
        players = {
            seat: {
                "francs": state.francs.get(seat, 0),
                "gdp": state.gdp.get(seat, 0),
                "score": round(float(score(state, seat)), 3),
                "territories": sum(1 for w in state.owners.values() if w == seat),
            }
            for seat in state.seats
        }
        return {**super().summary(state), "players": players}

    def check(self, state: GrandState) -> list[str]:
        m = the_map()
        found = []
        if state.seats != tuple(m.countries):
            found.append(f"the seats must be {', '.join(m.countries)} in that order")
        if state.phase not in PHASES:
            found.append(f"unknown phase {state.phase!r} (the phases are {', '.join(PHASES)})")
        if set(state.owners) != set(m.lands):
            found.append("the owners must name every land territory of the map once")
        for land, who in state.owners.items():
            if who and who not in state.seats:
                found.append(f"{land} is held by {who!r}, who is not a seat")
        for p in state.stacks:
            if p.place not in m.lands and p.place not in m.seas:
                found.append(f"a stack stands in {p.place!r}, which is not a territory of the map")
            if p.seat not in state.seats:
                found.append(f"a stack belongs to {p.seat!r}, who is not a seat")
            counts = (p.infantry, p.armor, p.aircraft, p.light, p.heavy, p.supplies)
            if min(counts) < 0:
                found.append(f"{p.seat}'s stack in {p.place} has a negative count")
        if state.turn < 1:
            found.append(f"the year is {state.turn}; it starts at 1")
        return found


def _verdict(state: GrandState) -> str:
    order = ranking(state)
    best = score(state, order[0])
    top = [s for s in order if score(state, s) == best]
    m = the_map()
    names = " and ".join(m.countries[s].name for s in top)
    won = f"{names} {'win' if len(top) > 1 else 'wins'} with {float(best):.2f} Francs per point of starting GDP"
    last = state.end_rolls[-1] if state.end_rolls else None
    if last is not None and last.ends:
        # What ended it: a tester's end screen never said the die had. Said here only: the end
        # screen's title shows this summary, and its report's heading no longer repeats it.
        needs = " or ".join(str(f) for f in last.faces)
        return f"{won}. The end die ended the game after year {last.turn}: it showed {last.face} (it ends on {needs})"
    if state.turns:
        return f"{won}. The game ended after year {state.turn}, the last year set for it"
    return won


RULES: GameRules[GrandState, Intent] = GrandGameRules()
