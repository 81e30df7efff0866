"""The odds of a land combat before any card is drawn, exactly (seed L159, L196, L370).

The plans (base values and card counts) are those the resolver uses (``land_plan``), so
only the cards are unknown. Each side draws the top of its own shuffled copy of the deck
(a fresh copy once one runs out), so a side's hand is a uniformly chosen set of cards: the
chance of each pair (sum of values, casualty rows) is a count over the deck's cards by
kind of card, not a simulation. Every row destroys one enemy land unit while any is left
(each row names both kinds, L190), so a side's losses are the smaller of the rows drawn
against it and its units; control then follows L370 exactly as the resolver applies it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

import attrs

from hedgemony_tui.games.grand_game.engine.land_combat import check_forces
from hedgemony_tui.games.grand_game.engine.land_deck import LAND_DECK, LandCard
from hedgemony_tui.games.grand_game.engine.land_forces import HOLD, LandForce, Terrain
from hedgemony_tui.games.grand_game.engine.land_plan import SidePlan, air_removals, plan_pair

Hand = dict[tuple[int, int], Fraction]
"""The chance of each (sum of card values, casualty rows) a hand may hold."""


def hand_odds(deck: Sequence[LandCard], count: int, cap: int) -> Hand:
    """The exact chance of each (value sum, rows) of ``count`` cards drawn as the resolver
    draws them, rows counted up to ``cap`` (the enemy's units: more rows kill no more)."""
    ways, total = _hand_ways(tuple(deck), count, cap)
    return {hand: Fraction(w, total) for hand, w in ways.items()}


@lru_cache(maxsize=1024)
def _hand_ways(deck: tuple[LandCard, ...], count: int, cap: int) -> tuple[dict[tuple[int, int], int], int]:
    """How many of the equally likely hands give each (value sum, rows), and how many
    hands there are: whole numbers, so the odds are summed exactly without fractions."""
    whole, rest = divmod(max(0, count), len(deck))
    base = (whole * sum(card.value for card in deck), whole * sum(len(card.rows) for card in deck))
    kinds = Counter((card.value, len(card.rows)) for card in deck)
    # ways[(taken, value, rows)]: how many sets of ``taken`` cards give that value and rows.
    ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for (value, rows), n in kinds.items():
        grown: dict[tuple[int, int, int], int] = {}
        for (taken, v, r), w in ways.items():
            for k in range(min(n, rest - taken) + 1):
                key = (taken + k, v + k * value, r + k * rows)
                grown[key] = grown.get(key, 0) + w * comb(n, k)
        ways = grown
    out: dict[tuple[int, int], int] = {}
    for (taken, v, r), w in ways.items():
        if taken == rest:
            hand = (base[0] + v, min(cap, base[1] + r))
            out[hand] = out.get(hand, 0) + w
    return out, comb(len(deck), rest)


@attrs.frozen
class LandOdds:
    """What to expect of a land combat before its cards: both plans, the chance the
    attacker's total beats the defender's, the chance it takes the territory (totals and
    survivors, L370) and the units each side can expect to lose."""

    territory: str
    attacker: SidePlan | None
    defender: SidePlan | None
    beats_on_totals: Fraction
    takes: Fraction
    expected_losses: tuple[Fraction, Fraction]
    expected_flak: tuple[Fraction, Fraction]

    def lines(self) -> tuple[str, ...]:
        out: list[str] = []
        for plan in (self.attacker, self.defender):
            if plan is not None:
                out += plan.lines()
        out.append(f"attacker's total beats the defender's: {float(self.beats_on_totals):.1%}")
        out.append(f"attacker takes {self.territory}: {float(self.takes):.1%}")
        out.append(
            f"expected units lost: attacker {float(self.expected_losses[0]):.2f}, "
            f"defender {float(self.expected_losses[1]):.2f}"
        )
        out.append(
            f"expected flak hits: by the attacker {float(self.expected_flak[0]):.2f}, "
            f"by the defender {float(self.expected_flak[1]):.2f}"
        )
        return tuple(out)


def land_odds(
    territory: str, attacker: LandForce, defender: LandForce, terrain: Terrain, deck: Sequence[LandCard] = LAND_DECK
) -> LandOdds:
    """The exact odds of :func:`land_combat.land_combat` with the same forces."""
    check_forces((attacker, defender), defender.side)
    zero = Fraction(0)
    if defender.units == 0:
        # Nothing defends: the attacker walks in without a card (L370).
        return LandOdds(territory, None, None, Fraction(1), Fraction(1), (zero, zero), (zero, zero))
    a_plan, d_plan = plan_pair(attacker, defender, terrain, defender.side, air_removals((attacker, defender)))
    ua, ud = attacker.units, defender.units
    a_hands, a_total = _hand_ways(tuple(deck), a_plan.cards, ud)
    d_hands, d_total = _hand_ways(tuple(deck), d_plan.cards, ua)
    # A defender that loses the territory loses its survivors too under Hold or with no retreat named.
    loses_all = defender.order == HOLD or defender.retreat is None
    # Sums of whole-number weights over a_total x d_total equally likely pairs of hands,
    # divided once at the end: the same exact fractions, without a fraction per pair.
    beats = takes = lost_a = lost_d = 0
    a_base, d_base = a_plan.base, d_plan.base
    for (va, ra), p in a_hands.items():
        for (vd, rd), q in d_hands.items():
            pq = p * q
            higher = a_base + va > d_base + vd
            taken = rd < ua and (ra >= ud or higher)
            if higher:
                beats += pq
            if taken:
                takes += pq
            lost_a += pq * rd
            lost_d += pq * (ud if taken and loses_all else ra)
    pairs = a_total * d_total
    flak_mean = Fraction(sum(card.flak for card in deck), len(deck))
    flak = (a_plan.cards * flak_mean, d_plan.cards * flak_mean)
    return LandOdds(
        territory,
        a_plan,
        d_plan,
        Fraction(beats, pairs),
        Fraction(takes, pairs),
        (Fraction(lost_a, pairs), Fraction(lost_d, pairs)),
        flak,
    )
