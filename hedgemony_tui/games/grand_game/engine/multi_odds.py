"""The chance of every result of a land combat with any number of sides (seed L159, L196,
L370, L376), before any card is drawn.

``land_odds`` counts two sides only. Here every pair of sides with land units fights at
full strength (L376), as ``land_combat.multiway_land_combat`` resolves it: in each pair
each side draws its own hand, whose chance of each (sum of values, casualty rows) is
``land_odds.hand_odds``; a side's total is its base plus its cards over all its pairs,
its losses the rows aimed at it from every pair (at most its units, since every row
names both kinds, L190), and the occupant is what ``land_outcome.control`` says of those
totals and survivors. Nothing about the rules is restated here: the plans come from
``land_plan``, control from ``land_outcome``, and a beaten holder's survivors lost with
the territory (Hold, or no retreat named) from ``land_outcome.side_outcome``.

**Exact or sampled.** The hands are independent, so the chance of each result is a sum
over every combination of hands, added up hand by hand while merging equal states (the
totals and the rows aimed at each side so far): exact fractions. That count grows with
the sides and the cards; when the next step would pass :data:`EXACT_WORK` state-hand
pairs, the answer is instead a seeded Monte Carlo of ``samples`` combats, each hand drawn
from its exact distribution by a keyed draw (so the same seed gives the same figures),
and the result says so and gives its sample size.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, combinations
from math import lcm

import attrs

from hedgemony_tui.games.grand_game.engine.counts import counted
from hedgemony_tui.games.grand_game.engine.land_combat import check_forces
from hedgemony_tui.games.grand_game.engine.land_deck import LAND_DECK, LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import LandForce, Terrain
from hedgemony_tui.games.grand_game.engine.land_odds import hand_odds
from hedgemony_tui.games.grand_game.engine.land_outcome import control, side_outcome
from hedgemony_tui.games.grand_game.engine.land_plan import SidePlan, air_removals, plan_pair
from hedgemony_tui.table.dice import Rng

EXACT_WORK = 1_500_000
"""The most (states x hand outcomes) one step of the exact count may take before the
answer is sampled instead: about two seconds of work, enough for two sides of any size
the map holds and three sides of a few units each."""

DEFAULT_SAMPLES = 10_000
"""Combats sampled when the exact count is too large: a chance then carries a standard
error of at most half a percentage point."""

EXACT, SAMPLED = "exact", "monte-carlo"


@attrs.frozen
class _Hand:
    """One side's hand in one pair, as integer weights over a common denominator: what the
    exact count multiplies and the sampler draws from."""

    side: int
    target: int
    outcomes: tuple[tuple[int, int], ...]
    weights: tuple[int, ...]
    denominator: int


@attrs.frozen
class SideOdds:
    """One side's prospects: its plan against each side it fights (``opponents[i]`` is
    whom ``plans[i]`` faces), the chance it occupies
    the territory afterwards and the chance of each number of its units lost (to cards,
    and a beaten holder's survivors lost with the territory)."""

    side: str
    order: str
    units: int
    opponents: tuple[str, ...]
    plans: tuple[SidePlan, ...]
    occupies: Fraction
    losses: tuple[tuple[int, Fraction], ...]

    @property
    def expected_losses(self) -> Fraction:
        return sum((n * p for n, p in self.losses), Fraction(0))


@attrs.frozen
class MultiOdds:
    """Every side's odds in one land territory, how they were found (``exact`` or
    ``monte-carlo`` with its sample count and seed), and ``stays``: the chance nobody
    holds it afterwards (only when its holder is not among the sides: a tie between
    attackers, or no survivor, leaves it with that absent holder)."""

    territory: str
    defender: str | None
    sides: tuple[SideOdds, ...]
    stays: Fraction
    method: str
    samples: int = 0
    seed: int = 0

    def side(self, name: str) -> SideOdds:
        return next(odds for odds in self.sides if odds.side == name)

    def lines(self) -> tuple[str, ...]:
        how = (
            "exact: every combination of hands counted"
            if self.method == EXACT
            else f"Monte Carlo estimate from {self.samples} sampled combats (seed {self.seed})"
        )
        out = [f"Land combat in {self.territory} among {len(self.sides)} sides ({how})"]
        for odds in self.sides:
            out.append(
                f"{odds.side} ({odds.order}, {counted(odds.units, 'unit')}): occupies {float(odds.occupies):.1%}, "
                f"expected units lost {float(odds.expected_losses):.2f}"
            )
        if self.defender is None:
            out.append(f"nobody takes it: {float(self.stays):.1%}")
        return tuple(out)


def _hand(deck: Sequence[LandCard], plan: SidePlan, side: int, target: int, cap: int) -> _Hand:
    odds = sorted(hand_odds(deck, plan.cards, cap).items())
    denominator = lcm(*(p.denominator for _, p in odds))
    weights = tuple(p.numerator * (denominator // p.denominator) for _, p in odds)
    return _Hand(side, target, tuple(outcome for outcome, _ in odds), weights, denominator)


def _pairs(
    forces: Sequence[LandForce], defender: str | None, terrain: Terrain
) -> tuple[list[LandForce], list[tuple[str, ...]], list[tuple[SidePlan, ...]], list[tuple[int, int, SidePlan]]]:
    """Sides in name order, each side's opponents and its plan against each, and every (side, opponent, plan) of a pair
    that fights, in the resolver's order (``land_combat.fight_pairs``)."""
    removed = air_removals(forces)
    ordered = sorted(forces, key=lambda force: force.side)
    index = {force.side: i for i, force in enumerate(ordered)}
    fighting = [force for force in ordered if force.units > 0]
    plans: list[list[SidePlan]] = [[] for _ in ordered]
    opponents: list[list[str]] = [[] for _ in ordered]
    hands: list[tuple[int, int, SidePlan]] = []
    for first, second in combinations(fighting, 2):
        a, b = index[first.side], index[second.side]
        plan_a, plan_b = plan_pair(first, second, terrain, defender, removed)
        plans[a].append(plan_a)
        plans[b].append(plan_b)
        opponents[a].append(second.side)
        opponents[b].append(first.side)
        hands += [(a, b, plan_a), (b, a, plan_b)]
    return ordered, [tuple(o) for o in opponents], [tuple(p) for p in plans], hands


def _exact(
    hands: Sequence[_Hand], sides: int, caps: Sequence[int]
) -> dict[tuple[tuple[int, ...], tuple[int, ...]], int] | None:
    """Weight of each (card values by side, rows against each side), or None when the
    count would pass :data:`EXACT_WORK` (the caller samples instead). Rows stop at the
    target's units: more kill no more, and merging them keeps the count small."""
    states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {((0,) * sides, (0,) * sides): 1}
    for hand in hands:
        cap = caps[hand.target]
        if len(states) * len(hand.outcomes) > EXACT_WORK:
            return None
        grown: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for (values, rows), weight in states.items():
            for (value, hit), w in zip(hand.outcomes, hand.weights, strict=True):
                v = list(values)
                v[hand.side] += value
                r = list(rows)
                r[hand.target] = min(cap, r[hand.target] + hit)
                key = (tuple(v), tuple(r))
                grown[key] = grown.get(key, 0) + weight * w
        states = grown
    return states


def _sampled(
    hands: Sequence[_Hand], sides: int, caps: Sequence[int], samples: int, seed: int
) -> dict[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """Each state's count over ``samples`` combats, every hand drawn by a keyed draw named
    for the sample and the hand (a fresh generator per draw: each name is used once)."""
    cumulative = [tuple(accumulate(hand.weights)) for hand in hands]
    counts: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for sample in range(samples):
        values, rows = [0] * sides, [0] * sides
        for number, (hand, cuts) in enumerate(zip(hands, cumulative, strict=True)):
            pick, _ = Rng(seed).keyed_below(hand.denominator, 1, f"multi-odds/{sample}/{number}")
            value, hit = hand.outcomes[bisect_right(cuts, pick)]
            values[hand.side] += value
            rows[hand.target] = min(caps[hand.target], rows[hand.target] + hit)
        key = (tuple(values), tuple(rows))
        counts[key] = counts.get(key, 0) + 1
    return counts


def multi_land_odds(
    territory: str,
    forces: Sequence[LandForce],
    defender: str | None,
    terrain: Terrain,
    deck: Sequence[LandCard] = LAND_DECK,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
) -> MultiOdds:
    """The odds of :func:`land_combat.multiway_land_combat` with the same forces: exact
    when the count is small enough, else a Monte Carlo of ``samples`` combats keyed by
    ``seed``. ``defender`` names the side holding the territory (None if it is not there)."""
    check_forces(forces, defender)
    if samples < 1:
        raise ValueError("samples must be 1 or more")
    ordered, opponents, plans, pairs = _pairs(forces, defender, terrain)
    caps = [force.units for force in ordered]
    hands = [_hand(deck, plan, side, target, caps[target]) for side, target, plan in pairs]
    bases = [sum(plan.base for plan in side_plans) for side_plans in plans]
    exact = _exact(hands, len(ordered), caps)
    states = exact if exact is not None else _sampled(hands, len(ordered), caps, samples, seed)
    total_weight = sum(states.values())
    names = [force.side for force in ordered]
    # A beaten side loses its survivors with the territory where land_outcome says so
    # (Hold, or a holder that named no retreat); asked once per side, not per state.
    loses_all = [
        force.units > 0 and side_outcome(force, None, 0, 0, 0, 0, None, 0, territory).lost_with_territory > 0
        for force in ordered
    ]
    fought = bool(pairs)
    occupies = [0] * len(ordered)
    stays = 0
    losses: list[dict[int, int]] = [{} for _ in ordered]
    for (values, rows), weight in states.items():
        totals = {name: bases[i] + values[i] for i, name in enumerate(names)}
        survivors = {name: caps[i] - rows[i] for i, name in enumerate(names)}
        occupant, _ = control(territory, totals, survivors, defender, fought)
        if occupant is None:
            stays += weight
        for i, name in enumerate(names):
            if occupant == name:
                occupies[i] += weight
            beaten = loses_all[i] and occupant != name
            lost = caps[i] if beaten else rows[i]
            losses[i][lost] = losses[i].get(lost, 0) + weight
    sides = tuple(
        SideOdds(
            force.side,
            force.order,
            force.units,
            opponents[i],
            plans[i],
            Fraction(occupies[i], total_weight),
            tuple((n, Fraction(w, total_weight)) for n, w in sorted(losses[i].items())),
        )
        for i, force in enumerate(ordered)
    )
    method = EXACT if exact is not None else SAMPLED
    return MultiOdds(
        territory,
        defender,
        sides,
        Fraction(stays, total_weight),
        method,
        0 if exact is not None else samples,
        0 if exact is not None else seed,
    )


def occupant_chances(odds: MultiOdds) -> Mapping[str | None, Fraction]:
    """The chance of each side holding the territory afterwards (None: nobody)."""
    out: dict[str | None, Fraction] = {side.side: side.occupies for side in odds.sides if side.occupies}
    if odds.stays:
        out[None] = odds.stays
    return out
