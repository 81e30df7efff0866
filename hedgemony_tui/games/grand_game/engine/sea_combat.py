"""Sea combat in one sea territory or port (seed L266-L315; readings in
``rules/grand-game/air-sea.md``).

- L272: each side's force rolls one d6 to search: 4 or less finds, 3 or less in winter,
  one more with air superiority of any size in the covering zone; if either side finds
  the other they fight, if neither does nothing happens.
- L275-L278: sea cards have no value, only casualty rows and flak; a side draws a card
  per 5 points of base value, at least one; a fleet without supply fights at 1, and each
  fleet that fights spends one supply. Air superiority may search and fight alone (L260).
- L301-L306: Hide (no search; cargo-carrying light fleets are lost last; supply spent at
  most one per enemy fleet sunk; a card per 7 points), Patrol (as above), Engage (if a
  search succeeds, every heavy fleet of both sides draws one card more).
- L315: a port is attacked, never taken: both sides Engage, each defending light fleet
  draws one card more, the port draws a card of its own, and the attackers go back to
  the sea next to it.
- L376: three or more sides fight pair by pair at full strength; a side's losses from
  every pair are added up.

Pure functions of plain inputs; the cards and dice are keyed draws on the ``Rng`` passed
in, and the result lists every roll, card, casualty and substitution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

import attrs

from hedgemony_tui.games.grand_game.engine.air_sea_cards import draw_indices
from hedgemony_tui.games.grand_game.engine.counts import counted, is_are
from hedgemony_tui.games.grand_game.engine.draws import cards_drawn
from hedgemony_tui.games.grand_game.engine.sea_deck import (
    HEAVY,
    KIND_NAMES,
    LIGHT,
    LOADED,
    SEA_DECK,
    SeaCard,
)
from hedgemony_tui.games.grand_game.engine.units import HEAVY_FLEET, LIGHT_FLEET, UNITS
from hedgemony_tui.table.dice import Rng

HIDE = "hide"
PATROL = "patrol"
ENGAGE = "engage"
SEA_ORDERS = (HIDE, PATROL, ENGAGE)
HIDE_RATE = 7
"""Base points per card for a hiding force (L304)."""

SEARCH_NEED = 4
WINTER_SEARCH_NEED = 3
UNSUPPLIED_VALUE = 1
"""What a fleet without supply fights at (L275)."""

LIGHT_CARGO_UNITS = 2
LIGHT_CARGO_SUPPLIES = 6
HEAVY_AIRCRAFT = 1
HEAVY_SUPPLIES = 6
"""What fleets carry (L275): a light fleet two land units and six supplies; a heavy fleet
one aircraft and six supplies."""


class SeaOrderError(ValueError):
    """A sea force or order that cannot be carried out; the message says what is allowed."""


@attrs.frozen
class SeaForce:
    """One side's force in one sea territory (or port) this season.

    ``supplies`` are what it may spend here; ``superiority`` is its side's air superiority
    in the covering air zone (any of it helps the search, L272); ``tactical`` the points of
    tactical air it sends into this combat (added to the base value, L269; the force may
    be air alone, L260)."""

    side: str
    light: int = 0
    loaded: int = 0
    heavy: int = 0
    supplies: int = 0
    order: str = PATROL
    superiority: int = 0
    tactical: int = 0

    @property
    def fleets(self) -> int:
        return self.light + self.loaded + self.heavy

    def count(self, kind: str) -> int:
        return {LIGHT: self.light, LOADED: self.loaded, HEAVY: self.heavy}[kind]

    def problems(self) -> list[str]:
        out = []
        for name in ("light", "loaded", "heavy", "supplies", "superiority", "tactical"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                out.append(f"{self.side}: {name} must be a whole number 0 or more, not {value!r}")
        if self.order not in SEA_ORDERS:
            out.append(f"{self.side}: the sea order {self.order!r} is not one of {', '.join(SEA_ORDERS)}")
        if not out and self.tactical > self.superiority:
            out.append(f"{self.side}: tactical air {self.tactical} is more than its superiority {self.superiority}")
        if not out and self.fleets == 0 and self.tactical == 0:
            out.append(f"{self.side}: a force at sea needs a fleet or tactical air")
        return out


def capacity_problems(light_loaded: int, heavy: int, land_units: int, supplies: int, aircraft: int) -> list[str]:
    """What a side's fleets in one place carry beyond their room (L275): two land units per
    loaded light fleet, one aircraft per heavy fleet, six supplies per fleet."""
    out = []
    if land_units > LIGHT_CARGO_UNITS * light_loaded:
        out.append(
            f"{counted(land_units, 'land unit')} need {counted(-(-land_units // 2), 'loaded light fleet')} (2 each)"
        )
    if aircraft > HEAVY_AIRCRAFT * heavy:
        out.append(f"{aircraft} aircraft need {counted(aircraft, 'heavy fleet')} (1 each)")
    room = LIGHT_CARGO_SUPPLIES * light_loaded + HEAVY_SUPPLIES * heavy
    if supplies > room:
        aboard = counted(supplies, "supply", "supplies")
        out.append(f"{aboard} {is_are(supplies)} more than the {room} these fleets carry (6 a fleet)")
    return out


def search_need(force: SeaForce, winter: bool) -> int | None:
    """The highest face that finds the enemy (L272), or None for a force that hides."""
    if force.order == HIDE:
        return None
    return (WINTER_SEARCH_NEED if winter else SEARCH_NEED) + (1 if force.superiority > 0 else 0)


def base_value(force: SeaForce, defending_port: bool = False) -> tuple[int, int, tuple[str, ...]]:
    """A force's base value, the fleets that have supply, and each term with its source.
    Supply goes to heavy fleets first (they lose most without it), then to light ones."""
    which = "defence" if defending_port else "attack"
    supplied_left = force.supplies
    total = 0
    terms: list[str] = []
    for kind, unit in ((HEAVY, HEAVY_FLEET), (LOADED, LIGHT_FLEET), (LIGHT, LIGHT_FLEET)):
        n = force.count(kind)
        fed = min(n, supplied_left)
        supplied_left -= fed
        value = getattr(UNITS[unit], which)
        if fed:
            terms.append(f"{fed} {KIND_NAMES[kind]} supplied x {value}")
        if n - fed:
            terms.append(f"{n - fed} {KIND_NAMES[kind]} without supply x {UNSUPPLIED_VALUE} (L275)")
        total += fed * value + (n - fed) * UNSUPPLIED_VALUE
    if force.tactical:
        terms.append(f"tactical air +{force.tactical} (L260)")
        total += force.tactical
    return total, force.supplies - supplied_left, tuple(terms)


@attrs.frozen
class Search:
    """One side's search roll in a pair: the face, the highest face that finds, the result."""

    side: str
    face: int | None
    need: int | None
    found: bool

    def describe(self) -> str:
        if self.need is None:
            return f"{self.side} hides: no search (L304)"
        return f"{self.side} searches: rolled {self.face}, needs {self.need} or less: {'found' if self.found else 'missed'}"


@attrs.frozen
class CardCount:
    """How many cards a side draws in a pair, and why."""

    side: str
    base: int
    rate: int
    cards: int
    extras: tuple[str, ...]

    def describe(self) -> str:
        extra = "; " + "; ".join(self.extras) if self.extras else ""
        return f"{self.side}: base {self.base}, one card per {self.rate} (at least one){extra}: {self.cards} card{'s' if self.cards != 1 else ''}"


@attrs.frozen
class SeaDuel:
    """One pair of sides in the combat: searches, whether they fought, and the cards."""

    sides: tuple[str, str]
    searches: tuple[Search, ...]
    fought: bool
    counts: tuple[CardCount, ...]
    cards: tuple[tuple[SeaCard, ...], tuple[SeaCard, ...]]
    port_cards: tuple[SeaCard, ...] = ()

    def _enemy_cards(self, side: str) -> tuple[tuple[str, SeaCard], ...]:
        """The cards drawn against ``side`` in this pair, each with who drew it; the port's
        own card fights for the defender, the second of a port attack's pair."""
        if side not in self.sides:
            return ()
        other = self.sides[1] if self.sides[0] == side else self.sides[0]
        cards = tuple((other, card) for card in self.cards[1 if self.sides[0] == side else 0])
        if side == self.sides[0]:
            cards += tuple((f"{other}'s port", card) for card in self.port_cards)
        return cards

    def rows_against(self, side: str) -> tuple[tuple[str, SeaCard, tuple[str, ...]], ...]:
        """Every casualty row aimed at ``side`` in this pair: who drew it, the card, the row."""
        return tuple((by, card, row) for by, card in self._enemy_cards(side) for row in card.rows)

    def flak_against(self, side: str) -> int:
        """Flak hits the enemy's cards in this pair tally against ``side``'s aircraft."""
        return sum(card.flak for _, card in self._enemy_cards(side))


@attrs.frozen
class Casualty:
    """One fleet lost: the card and row that took it, what the row named first, what went."""

    side: str
    by: str
    card: int
    wanted: str
    taken: str

    def describe(self) -> str:
        swap = "" if self.wanted == self.taken else f" (no {KIND_NAMES[self.wanted]} left: next on the row)"
        return f"{self.side} loses a {KIND_NAMES[self.taken]} to sea card {self.card} of {self.by}{swap}"


@attrs.frozen
class SeaCombat:
    """A sea combat in one place for one season, explained."""

    place: str
    turn: int
    winter: bool
    forces: tuple[SeaForce, ...]
    duels: tuple[SeaDuel, ...]
    casualties: tuple[Casualty, ...]
    remaining: Mapping[str, Mapping[str, int]]
    supplies_used: Mapping[str, int]
    flak_on: Mapping[str, int]
    port: str | None = None
    attackers_return_to: str | None = None

    def lines(self) -> tuple[str, ...]:
        out: list[str] = []
        for duel in self.duels:
            out.append(f"{duel.sides[0]} against {duel.sides[1]}:")
            out += [f"  {s.describe()}" for s in duel.searches]
            if not duel.fought:
                out.append("  neither found the other: no combat (L272)")
                continue
            out += [f"  {c.describe()}" for c in duel.counts]
            for side, cards in zip(duel.sides, duel.cards, strict=True):
                out += [f"  {side} draws {card.describe()}" for card in cards]
            out += [f"  the port {self.port} draws {card.describe()}" for card in duel.port_cards]
        out += [c.describe() for c in self.casualties]
        out += [f"{side} spends {counted(n, 'supply', 'supplies')}" for side, n in self.supplies_used.items() if n]
        out += [f"flak tallied against {side}'s aircraft: {n}" for side, n in self.flak_on.items() if n]
        if self.attackers_return_to:
            out.append(f"the attackers return to {self.attackers_return_to} (a port cannot be taken, L315)")
        return tuple(out)


def card_count(force: SeaForce, enemy: SeaForce, engage_extra: bool, port_defender: bool) -> CardCount:
    """The cards ``force`` draws against ``enemy`` once combat is joined."""
    base, _, _ = base_value(force, port_defender)
    rate = HIDE_RATE if force.order == HIDE else 5
    cards = cards_drawn(base, rate)
    extras = []
    if engage_extra and force.heavy:
        extras.append(f"+{force.heavy} for its heavy fleets under Engage (L306)")
        cards += force.heavy
    if port_defender and force.light + force.loaded:
        extras.append(f"+{force.light + force.loaded} for its light fleets defending the port (L315)")
        cards += force.light + force.loaded
    return CardCount(force.side, base, rate, cards, tuple(extras))


def _duel(
    place: str, a: SeaForce, b: SeaForce, winter: bool, port: bool, rng: Rng, turn: int, deck: Sequence[SeaCard]
) -> tuple[SeaDuel, Rng]:
    key = f"sea/{place}/{a.side}-{b.side}"
    searches: list[Search] = []
    if port:
        fought = True  # a port is a known place: the attack needs no search (reading, air-sea.md)
    else:
        for force in (a, b):
            need = search_need(force, winter)
            if need is None:
                searches.append(Search(force.side, None, None, False))
                continue
            roll, rng = rng.keyed_below(6, turn, f"{key}/search/{force.side}")
            searches.append(Search(force.side, roll + 1, need, roll + 1 <= need))
        fought = any(s.found for s in searches)
    if not fought:
        return SeaDuel((a.side, b.side), tuple(searches), False, (), ((), ())), rng
    engage = port or ENGAGE in (a.order, b.order)
    counts = (card_count(a, b, engage, False), card_count(b, a, engage, port))
    drawn: list[tuple[SeaCard, ...]] = []
    for force, count in zip((a, b), counts, strict=True):
        picks, rng = draw_indices(len(deck), count.cards, rng, turn, f"{key}/cards/{force.side}")
        drawn.append(tuple(deck[i] for i in picks))
    port_cards: tuple[SeaCard, ...] = ()
    if port:
        picks, rng = draw_indices(len(deck), 1, rng, turn, f"{key}/cards/port")
        port_cards = tuple(deck[i] for i in picks)
    return SeaDuel((a.side, b.side), tuple(searches), True, counts, (drawn[0], drawn[1]), port_cards), rng


def take_casualties(
    force: SeaForce, rows: Sequence[tuple[str, SeaCard, tuple[str, ...]]]
) -> tuple[list[Casualty], dict[str, int]]:
    """Apply casualty rows to ``force`` in order: each takes the first kind on its row the
    force still has (L190's substitution, which L275 carries to sea); a hiding force loses cargo ships last (L304)."""
    left = {kind: force.count(kind) for kind in (LIGHT, LOADED, HEAVY)}
    out = []
    for by, card, row in rows:
        order = [k for k in row if k != LOADED] + [LOADED] if force.order == HIDE else list(row)
        taken = next((kind for kind in order if left[kind] > 0), None)
        if taken is None:
            break
        left[taken] -= 1
        out.append(Casualty(force.side, by, card.number, row[0], taken))
    return out, left


def _resolve(
    place: str,
    pairs: Sequence[tuple[SeaForce, SeaForce]],
    forces: Sequence[SeaForce],
    winter: bool,
    port: bool,
    rng: Rng,
    turn: int,
    deck: Sequence[SeaCard],
) -> tuple[tuple[SeaDuel, ...], list[Casualty], dict[str, Mapping[str, int]], dict[str, int], dict[str, int], Rng]:
    duels = []
    for a, b in pairs:
        duel, rng = _duel(place, a, b, winter, port, rng, turn, deck)
        duels.append(duel)
    casualties: list[Casualty] = []
    remaining: dict[str, Mapping[str, int]] = {}
    flak: dict[str, int] = {}
    for force in forces:
        rows = [row for duel in duels for row in duel.rows_against(force.side)]
        lost, left = take_casualties(force, rows)
        casualties += lost
        remaining[force.side] = left
        flak[force.side] = sum(duel.flak_against(force.side) for duel in duels)
    supplies: dict[str, int] = {}
    for force in forces:
        engaged = any(duel.fought and force.side in duel.sides for duel in duels)
        _, supplied, _ = base_value(force)
        sunk = sum(1 for c in casualties if c.by == force.side)
        # Hide spends one supply per enemy fleet it sank, at most one per supplied fleet (L304).
        supplies[force.side] = 0 if not engaged else (min(supplied, sunk) if force.order == HIDE else supplied)
    return tuple(duels), casualties, remaining, supplies, flak, rng


def _check(forces: Sequence[SeaForce]) -> None:
    problems = [p for force in forces for p in force.problems()]
    sides = [force.side for force in forces]
    if len(set(sides)) != len(sides):
        problems.append("each side may have only one force in a sea combat")
    if problems:
        raise SeaOrderError("; ".join(problems))


def sea_combat(
    sea: str, forces: Sequence[SeaForce], rng: Rng, turn: int, winter: bool = False, deck: Sequence[SeaCard] = SEA_DECK
) -> tuple[SeaCombat, Rng]:
    """Every side's force in the sea territory ``sea``; with three or more, pair by pair (L376)."""
    _check(forces)
    ordered = sorted(forces, key=lambda f: f.side)
    pairs = list(combinations(ordered, 2))
    duels, casualties, remaining, supplies, flak, rng = _resolve(sea, pairs, ordered, winter, False, rng, turn, deck)
    return SeaCombat(sea, turn, winter, tuple(ordered), duels, tuple(casualties), remaining, supplies, flak), rng


def port_attack(
    port: str,
    adjacent_sea: str,
    attacker: SeaForce,
    defender: SeaForce,
    rng: Rng,
    turn: int,
    winter: bool = False,
    deck: Sequence[SeaCard] = SEA_DECK,
) -> tuple[SeaCombat, Rng]:
    """``attacker`` strikes the fleets in ``port`` (L315): both sides Engage whatever they
    wrote, the defender's light fleets and the port draw extra cards, nothing is taken,
    and the attackers go back to ``adjacent_sea``."""
    _check((attacker, defender))
    if attacker.side == defender.side:
        raise SeaOrderError(f"{port}: a side cannot attack its own port")
    a = attrs.evolve(attacker, order=ENGAGE)
    d = attrs.evolve(defender, order=ENGAGE)
    duels, casualties, remaining, supplies, flak, rng = _resolve(port, [(a, d)], (a, d), winter, True, rng, turn, deck)
    combat = SeaCombat(
        port, turn, winter, (a, d), duels, tuple(casualties), remaining, supplies, flak, port, adjacent_sea
    )
    return combat, rng
