"""Air combat in one air zone, what its superiority is spent on, and the aircraft at
the end of the season (seed L220-L263; readings in ``rules/grand-game/air-sea.md``).

- L248: aircraft use no supply and all fight at 1; in each air zone the opposing aircraft
  each draw an air card (0, 1 or 2 enemy aircraft shot down); the side left with more
  aircraft has superiority equal to the difference, a tie gives none. Reading G-R2: that
  superiority holds in the zone for the whole season.
- L251: the orders split superiority, before it is known, between strategic bombing
  (named economic zones) and tactical air power; :func:`split_superiority` applies the
  written split to the superiority actually won. Bombing is in ``bombing``.
- L278 and G-R2: flak hits from land and sea cards are tallied over the season and the
  aircraft are removed at its end (:func:`end_of_season`), together with aircraft whose
  landing place was lost (L245), taken from the bottom of the landing priorities (L224).
- L263: aircraft shot down where their side holds a whole economic zone of the air zone
  are set aside and may be rebuilt at a discount (half price, a designer's choice).

Everything here is pure: inputs are plain ids and counts, randomness comes from keyed
draws on the ``Rng`` passed in, and each result lists every card and every loss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations

import attrs

from hedgemony_tui.games.grand_game.engine.air_deck import AIR_DECK, AirCard
from hedgemony_tui.games.grand_game.engine.air_sea_cards import draw_indices, sum_odds
from hedgemony_tui.games.grand_game.engine.units import AIRCRAFT, UNITS
from hedgemony_tui.table.dice import Rng

REBUILD_SHARE = Fraction(1, 2)
"""Share of an aircraft's price paid to rebuild one set aside over friendly ground (L263;
the seed gives no number: half, since the pilot, the dear part, was saved)."""


class AirOrderError(ValueError):
    """An air order or input that cannot be carried out; the message says what is allowed."""


@attrs.frozen
class AirDuel:
    """One pair of sides fighting in the zone: the cards each side's aircraft drew."""

    sides: tuple[str, str]
    aircraft: tuple[int, int]
    cards: tuple[tuple[AirCard, ...], tuple[AirCard, ...]]

    def hits_on(self, side: str) -> int:
        """Aircraft of ``side`` the other side's cards shoot down in this pair."""
        other = 1 if self.sides[0] == side else 0
        return sum(card.hits for card in self.cards[other])


@attrs.frozen
class AirBattle:
    """The air battle of one zone for one season, and the superiority it leaves (L248)."""

    zone: str
    turn: int
    aircraft: Mapping[str, int]
    duels: tuple[AirDuel, ...]
    casualties: Mapping[str, int]
    survivors: Mapping[str, int]
    superior: str | None
    superiority: int

    def superiority_of(self, side: str) -> int:
        return self.superiority if side == self.superior else 0

    def lines(self) -> tuple[str, ...]:
        """The battle in words: every card, every loss, and who holds the air."""
        out: list[str] = []
        for duel in self.duels:
            for side, cards in zip(duel.sides, duel.cards, strict=True):
                drawn = ", ".join(str(card.hits) for card in cards) or "none"
                out.append(f"{side}: {len(cards)} aircraft drew cards hitting {drawn}")
        for side in self.aircraft:
            out.append(
                f"{side}: {self.aircraft[side]} aircraft, {self.casualties[side]} shot down, "
                f"{self.survivors[side]} left"
            )
        if self.superior is None:
            out.append(f"{self.zone}: no side has more aircraft left, so no air superiority")
        else:
            out.append(f"{self.zone}: {self.superior} holds air superiority +{self.superiority} for the season")
        return tuple(out)


def air_battle(
    zone: str, aircraft: Mapping[str, int], rng: Rng, turn: int, deck: Sequence[AirCard] = AIR_DECK
) -> tuple[AirBattle, Rng]:
    """The air battle in ``zone``: ``aircraft`` gives each side's aircraft assigned to it.

    With two sides each aircraft draws one card against the other (L248). With more,
    each pair fights as at L376 (every aircraft draws one card per opponent) and the
    losses are summed; superiority goes to the side with the most left, by its lead
    over the next (a reading; the seed speaks of two sides)."""
    for side, count in aircraft.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise AirOrderError(f"{zone}: {side} must have a whole number of aircraft, 0 or more, not {count!r}")
    fighting = sorted(side for side, count in aircraft.items() if count > 0)
    duels: list[AirDuel] = []
    casualties = dict.fromkeys(aircraft, 0)
    for first, second in combinations(fighting, 2):
        drawn: list[tuple[AirCard, ...]] = []
        for side in (first, second):
            # Each side draws from its own shuffled deck, keyed by zone, pair and side.
            picks, rng = draw_indices(len(deck), aircraft[side], rng, turn, f"air/{zone}/{first}-{second}/{side}")
            drawn.append(tuple(deck[i] for i in picks))
        duel = AirDuel((first, second), (aircraft[first], aircraft[second]), (drawn[0], drawn[1]))
        duels.append(duel)
        casualties[first] += duel.hits_on(first)
        casualties[second] += duel.hits_on(second)
    casualties = {side: min(aircraft[side], hits) for side, hits in casualties.items()}
    survivors = {side: aircraft[side] - casualties[side] for side in aircraft}
    ranked = sorted(survivors.values(), reverse=True) + [0, 0]
    lead = ranked[0] - ranked[1]
    superior = next((s for s in sorted(survivors) if survivors[s] == ranked[0]), None) if lead > 0 else None
    battle = AirBattle(zone, turn, dict(aircraft), tuple(duels), casualties, survivors, superior, lead)
    return battle, rng


def superiority_odds(first: int, second: int, deck: Sequence[AirCard] = AIR_DECK) -> dict[int, Fraction]:
    """The exact chance of each superiority before the cards of a two-sided air battle:
    positive for the first side, negative for the second, 0 for a tie (L248)."""
    values = [card.hits for card in deck]
    hits_by_first = sum_odds(values, first)
    hits_by_second = sum_odds(values, second)
    out: dict[int, Fraction] = {}
    for on_second, p in hits_by_first.items():
        for on_first, q in hits_by_second.items():
            margin = max(0, first - on_first) - max(0, second - on_second)
            out[margin] = out.get(margin, Fraction(0)) + p * q
    return dict(sorted(out.items()))


@attrs.frozen
class AirTasks:
    """A side's written use of its superiority in one air zone (L251), set before the battle:
    ``tactical_first`` points go to tactical air before any bombing, then each
    ``(economic zone, points)`` of ``bombing`` in the order written; the rest is tactical."""

    bombing: tuple[tuple[str, int], ...] = ()
    tactical_first: int = 0


@attrs.frozen
class SuperioritySplit:
    """What a side's superiority in a zone is spent on this season."""

    side: str
    zone: str
    superiority: int
    bombing: tuple[tuple[str, int], ...]
    tactical: int

    def lines(self, names: Mapping[str, str] | None = None) -> tuple[str, ...]:
        """``names`` prints the economic zones bombed by name (a tester read "bombing 1 on
        Pellia", the zone's id, and took it for the country)."""
        named = names or {}
        bombs = ", ".join(f"{points} on {named.get(target, target)}" for target, points in self.bombing) or "none"
        return (
            f"{self.side} in {self.zone}: superiority +{self.superiority}; bombing {bombs}; "
            f"tactical +{self.tactical} to every combat of the zone",
        )


def split_superiority(
    side: str, zone: str, superiority: int, tasks: AirTasks, targets: frozenset[str]
) -> SuperioritySplit:
    """The written split applied to the superiority won. ``targets`` are the economic zones
    of the air zone that may be bombed; naming another is refused (L251)."""
    for target, points in tasks.bombing:
        if target not in targets:
            allowed = ", ".join(sorted(targets)) or "none"
            raise AirOrderError(f"{zone}: {side} cannot bomb {target}; economic zones in this air zone: {allowed}")
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise AirOrderError(f"{zone}: bombing {target} needs a whole number of points, 1 or more, not {points!r}")
    if tasks.tactical_first < 0:
        raise AirOrderError(f"{zone}: tactical points first must be 0 or more, not {tasks.tactical_first}")
    left = max(0, superiority)
    tactical = min(left, tasks.tactical_first)
    left -= tactical
    bombing: list[tuple[str, int]] = []
    for target, points in tasks.bombing:
        given = min(left, points)
        if given:
            bombing.append((target, given))
        left -= given
    return SuperioritySplit(side, zone, max(0, superiority), tuple(bombing), tactical + left)


def rebuild_cost(aircraft: int) -> int:
    """GDP points to rebuild ``aircraft`` set aside (L263): half price each, rounded up."""
    price = Fraction(UNITS[AIRCRAFT].cost) * REBUILD_SHARE * aircraft
    return -(-price.numerator // price.denominator)


@attrs.frozen
class AirSeasonEnd:
    """A side's aircraft of one zone at the end of the season (L245, L263, G-R2)."""

    side: str
    zone: str
    flak_hits: int
    flak_losses: int
    landed: tuple[str, ...]
    lost_landing: tuple[str, ...]
    set_aside: int
    rebuild_cost: int

    def lines(self) -> tuple[str, ...]:
        out = [f"{self.side} in {self.zone}: flak tallied {self.flak_hits}, aircraft lost to it {self.flak_losses}"]
        out += [f"lands at {place}" for place in self.landed]
        out += [f"destroyed: its landing place {place} is no longer held" for place in self.lost_landing]
        if self.set_aside:
            out.append(
                f"{self.set_aside} shot down over a whole economic zone held: set aside, "
                f"rebuilt for {self.rebuild_cost} GDP"
            )
        return tuple(out)


def end_of_season(
    side: str,
    zone: str,
    battle: AirBattle,
    flak_hits: int,
    landing_priorities: Sequence[str],
    held: frozenset[str],
    holds_whole_economic_zone: bool,
) -> AirSeasonEnd:
    """Remove the flak tallied against ``side`` in ``zone`` and land what is left.

    ``landing_priorities`` has one landing place per aircraft the side sent into the zone,
    the most wanted first (L224): the survivors take the first places. An aircraft whose
    place is not in ``held`` is destroyed (L245). Aircraft shot down (air battle or flak)
    are set aside if ``holds_whole_economic_zone`` (L263); those lost for want of a place
    to land are not: they were not shot down over the zone."""
    sent = battle.aircraft.get(side, 0)
    if len(landing_priorities) != sent:
        raise AirOrderError(
            f"{zone}: {side} sent {sent} aircraft and must list exactly one landing place for each, "
            f"most wanted first, not {len(landing_priorities)}"
        )
    if flak_hits < 0:
        raise AirOrderError(f"{zone}: flak hits must be 0 or more, not {flak_hits}")
    left = battle.survivors.get(side, 0)
    flak_losses = min(left, flak_hits)
    staying = tuple(landing_priorities[: left - flak_losses])
    landed = tuple(place for place in staying if place in held)
    lost = tuple(place for place in staying if place not in held)
    shot_down = battle.casualties.get(side, 0) + flak_losses
    set_aside = shot_down if holds_whole_economic_zone else 0
    return AirSeasonEnd(side, zone, flak_hits, flak_losses, landed, lost, set_aside, rebuild_cost(set_aside))
