"""One land territory's combat, resolved (seed L159-L196, L257, L327, L351-L376; readings
in ``rules/grand-game/land.md``).

Base values and card counts come from ``land_plan`` (shared with the odds); each side
then draws its cards from its own keyed shuffle of the deck, adds their values to its base
for its total (L196), and inflicts every casualty row of its cards on its enemy, the kind
named first or its stand-in (L190; a side under Screen always loses infantry first, L357).
Control follows L370 and, with more than two sides, L376: every pair fights at full
strength, losses add up, and the side with survivors and the highest total occupies; ties
go to the defender (L159). What happens to each side's survivors and supplies afterwards
follows its order (L357-L367) and is worked out in ``land_outcome``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

import attrs

from hedgemony_tui.games.grand_game.engine.land_deck import LAND_DECK, LandCard, draw_land_cards
from hedgemony_tui.games.grand_game.engine.land_forces import SCREEN, LandForce, LandOrderError, Terrain
from hedgemony_tui.games.grand_game.engine.land_outcome import SideOutcome, control, side_outcome
from hedgemony_tui.games.grand_game.engine.land_plan import SidePlan, air_removals, plan_pair
from hedgemony_tui.games.grand_game.engine.units import ARMOR, INFANTRY
from hedgemony_tui.table.dice import Rng


@attrs.frozen
class LandCasualty:
    """One land unit lost: whose, to whose card (and which row), and what was taken."""

    side: str
    by: str
    card: int
    wanted: str
    taken: str

    def line(self) -> str:
        stand_in = "" if self.wanted == self.taken else f" (no {self.wanted} left, L190)"
        return f"{self.side} loses 1 {self.taken} to {self.by}'s card {self.card}{stand_in}"


@attrs.frozen
class PairFight:
    """Two sides fighting at full strength: their plans, the cards each drew and their totals."""

    sides: tuple[str, str]
    plans: tuple[SidePlan, SidePlan]
    cards: tuple[tuple[LandCard, ...], tuple[LandCard, ...]]

    def total(self, index: int) -> int:
        return self.plans[index].base + sum(card.value for card in self.cards[index])

    def rows_against(self, side: str) -> list[tuple[str, LandCard, tuple[str, str]]]:
        """Every casualty row aimed at ``side`` in this pair, in the order drawn."""
        if side not in self.sides:
            return []
        other = 1 if self.sides[0] == side else 0
        return [(self.sides[other], card, row) for card in self.cards[other] for row in card.rows]

    def flak_by(self, side: str) -> int:
        """Flak hits ``side``'s cards in this pair deal to its enemy's aircraft (L162)."""
        if side not in self.sides:
            return 0
        return sum(card.flak for card in self.cards[self.sides.index(side)])

    def total_words(self, index: int) -> str:
        """What the side's total adds up (a newcomer saw "total 9" and could not tell what
        of): "base 8 + cards 1 + 0 = total 9", each card's value as drawn (L196)."""
        values = [str(card.value) for card in self.cards[index]]
        drawn = f" + {'card' if len(values) == 1 else 'cards'} {' + '.join(values)}" if values else ""
        return f"base {self.plans[index].base}{drawn} = total {self.total(index)}"

    def lines(self) -> tuple[str, ...]:
        out: list[str] = []
        for i in (0, 1):
            out += self.plans[i].lines()
            out += [f"  drew {card.describe()}" for card in self.cards[i]]
            out.append(f"  {self.total_words(i)}")
        return tuple(out)


@attrs.frozen
class LandCombat:
    """A land territory's combat, start to end: every pair's plans and cards, every
    casualty, who occupies and why, and each side's survivors and supplies afterwards."""

    territory: str
    turn: int
    terrain: Terrain
    defender: str | None
    fights: tuple[PairFight, ...]
    casualties: tuple[LandCasualty, ...]
    totals: Mapping[str, int]
    occupant: str | None
    reason: str
    outcomes: Mapping[str, SideOutcome]

    def flak_on(self, side: str) -> int:
        """Flak hits aimed at ``side``'s aircraft in the covering air zone, to be tallied
        with the season's others and removed at its end (L278, G-R2)."""
        return sum(f.flak_by(other) for f in self.fights if side in f.sides for other in f.sides if other != side)

    def sum_lines(self) -> list[str]:
        """With three sides or more, each side's total is the sum of its totals against each
        enemy (L376): "arvenne: total 23 = 14 against lusk + 9 against pellia"."""
        if len(self.fights) < 2:
            return []
        out = []
        for side in sorted(self.totals):
            parts = [
                f"{fight.total(fight.sides.index(side))} against {fight.sides[1 - fight.sides.index(side)]}"
                for fight in self.fights
                if side in fight.sides
            ]
            if len(parts) > 1:
                out.append(f"{side}: total {self.totals[side]} = {' + '.join(parts)} (L376)")
        return out

    def lines(self, when: str = "") -> tuple[str, ...]:
        """The combat's report; ``when`` names the season in words (else its serial)."""
        out = [f"Land combat in {self.territory}, {when or f'turn {self.turn}'}"]
        for fight in self.fights:
            out.append(f"{fight.sides[0]} against {fight.sides[1]}:")
            out += fight.lines()
        out += [casualty.line() for casualty in self.casualties]
        out += self.sum_lines()
        out.append(self.reason)
        for outcome in self.outcomes.values():
            out += outcome.lines()
        return tuple(out)


def take_casualties(
    side: str, order: str, infantry: int, armor: int, rows: Sequence[tuple[str, LandCard, tuple[str, str]]]
) -> list[LandCasualty]:
    """Apply the rows to a side's units in order: each takes its first kind, or the stand-in
    when none of the first is left (L190); under Screen infantry always goes first (L357)."""
    left = {INFANTRY: infantry, ARMOR: armor}
    out: list[LandCasualty] = []
    for by, card, row in rows:
        wanted = (INFANTRY, ARMOR) if order == SCREEN else row
        taken = next((kind for kind in wanted if left[kind] > 0), None)
        if taken is None:
            break
        left[taken] -= 1
        out.append(LandCasualty(side, by, card.number, row[0] if order != SCREEN else INFANTRY, taken))
    return out


def check_forces(forces: Sequence[LandForce], defender: str | None) -> None:
    problems = [p for force in forces for p in force.problems()]
    sides = [force.side for force in forces]
    if len(set(sides)) != len(sides):
        problems.append("each side may bring only one force to a land combat")
    for force in forces:
        if force.defending and force.side != defender:
            problems.append(f"{force.side}: only the territory's holder writes Screen, Defend or Hold (L351)")
        if not force.defending and force.side == defender:
            problems.append(f"{force.side} holds the territory: its order must be Screen, Defend or Hold (L354)")
    if defender is not None and defender not in sides:
        problems.append(f"the defender {defender} has no force listed (give it one, even an empty one)")
    if problems:
        raise LandOrderError("; ".join(problems))


def fight_pairs(
    territory: str,
    forces: Sequence[LandForce],
    defender: str | None,
    terrain: Terrain,
    rng: Rng,
    turn: int,
    deck: Sequence[LandCard],
) -> tuple[tuple[PairFight, ...], Rng]:
    """Every pair of sides with land units fights at full strength (L376), each side drawing
    from its own keyed shuffle named for the territory, the pair and the side."""
    removed = air_removals(forces)
    fighting = sorted((force for force in forces if force.units > 0), key=lambda force: force.side)
    fights: list[PairFight] = []
    for first, second in combinations(fighting, 2):
        plans = plan_pair(first, second, terrain, defender, removed)
        drawn: list[tuple[LandCard, ...]] = []
        for plan in plans:
            name = f"land/{territory}/{first.side}-{second.side}/{plan.side}"
            cards, rng = draw_land_cards(deck, plan.cards, rng, turn, name)
            drawn.append(cards)
        fights.append(PairFight((first.side, second.side), plans, (drawn[0], drawn[1])))
    return tuple(fights), rng


def multiway_land_combat(
    territory: str,
    forces: Sequence[LandForce],
    defender: str | None,
    terrain: Terrain,
    rng: Rng,
    turn: int,
    deck: Sequence[LandCard] = LAND_DECK,
) -> tuple[LandCombat, Rng]:
    """The combat of every side in ``territory``; ``defender`` names the side holding it
    (None when its holder is not there). Two sides are the plain combat of L159-L370."""
    check_forces(forces, defender)
    fights, rng = fight_pairs(territory, forces, defender, terrain, rng, turn, deck)
    by_side = {force.side: force for force in forces}
    casualties: list[LandCasualty] = []
    totals: dict[str, int] = dict.fromkeys(by_side, 0)
    for fight in fights:
        for i, side in enumerate(fight.sides):
            totals[side] += fight.total(i)
    for force in sorted(forces, key=lambda f: f.side):
        rows = [row for fight in fights for row in fight.rows_against(force.side)]
        casualties += take_casualties(force.side, force.order, force.all_infantry, force.all_armor, rows)
    survivors = {side: force.units - sum(c.side == side for c in casualties) for side, force in by_side.items()}
    occupant, reason = control(territory, totals, survivors, defender, bool(fights))
    outcomes: dict[str, SideOutcome] = {}
    for side, force in sorted(by_side.items()):
        lost = [c for c in casualties if c.side == side]
        destroyed = sum(1 for c in casualties if c.by == side)
        plans = [plan for fight in fights for plan in fight.plans if plan.side == side]
        flak = sum(fight.flak_by(side) for fight in fights)
        outcomes[side] = side_outcome(
            force,
            plans[0] if plans else None,
            sum(c.taken == INFANTRY for c in lost),
            sum(c.taken == ARMOR for c in lost),
            destroyed,
            flak,
            occupant,
            totals[side],
            territory,
        )
    combat = LandCombat(
        territory, turn, terrain, defender, fights, tuple(casualties), totals, occupant, reason, outcomes
    )
    return combat, rng


def land_combat(
    territory: str,
    attacker: LandForce,
    defender: LandForce,
    terrain: Terrain,
    rng: Rng,
    turn: int,
    deck: Sequence[LandCard] = LAND_DECK,
) -> tuple[LandCombat, Rng]:
    """``attacker`` against ``defender``, the side holding ``territory`` (L159-L370)."""
    return multiway_land_combat(territory, (attacker, defender), defender.side, terrain, rng, turn, deck)
