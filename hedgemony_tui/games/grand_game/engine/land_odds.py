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
    total = comb(len(deck), rest)
    out: Hand = {}
    for (taken, v, r), w in ways.items():
        if taken == rest:
            hand = (base[0] + v, min(cap, base[1] + r))
            out[hand] = out.get(hand, Fraction(0)) + Fraction(w, total)
    return out


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
    a_hands = hand_odds(deck, a_plan.cards, ud)
    d_hands = hand_odds(deck, d_plan.cards, ua)
    # A defender that loses the territory loses its survivors too under Hold or with no retreat named.
    loses_all = defender.order == HOLD or defender.retreat is None
    beats = takes = lost_a = lost_d = zero
    for (va, ra), p in a_hands.items():
        for (vd, rd), q in d_hands.items():
            pq = p * q
            higher = a_plan.base + va > d_plan.base + vd
            taken = rd < ua and (ra >= ud or higher)
            beats += pq if higher else zero
            takes += pq if taken else zero
            lost_a += pq * rd
            lost_d += pq * (ud if taken and loses_all else ra)
    flak_mean = Fraction(sum(card.flak for card in deck), len(deck))
    flak = (a_plan.cards * flak_mean, d_plan.cards * flak_mean)
    return LandOdds(territory, a_plan, d_plan, beats, takes, (lost_a, lost_d), flak)
