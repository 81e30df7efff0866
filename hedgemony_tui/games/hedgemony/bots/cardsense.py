"""What a card is worth to a player before any die is rolled, read from the card alone.

Used where running the engine for every card would be too slow (choosing which three
cards a Red player signals out of a deck of twenty: 1,140 possible signals) and to name
what a card threatens. The worth is the change of the player's victory margin (see
``judge``), averaged over the card's faces or outcome rows, less its price in RPs.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.cards import Band, Card, CardKind, ContestSpec
from ..engine.content import Content
from ..engine.play import cooldown_left
from ..engine.state import GameState
from ..engine.terms import Outcome
from .judge import Margins

# How often each outcome row comes up on a fairly even contest (a rough prior; the
# exact odds come from the engine once the card is in play).
NOMINAL = {
    Outcome.RED_MAJOR: 0.1,
    Outcome.RED_MINOR: 0.25,
    Outcome.STATUS_QUO: 0.3,
    Outcome.BLUE_MINOR: 0.25,
    Outcome.BLUE_MAJOR: 0.1,
}
UNOPPOSED = {Outcome.RED_MAJOR: 0.3, Outcome.RED_MINOR: 0.4, Outcome.STATUS_QUO: 0.3}
OPPOSED = {
    Outcome.RED_MAJOR: 0.05,
    Outcome.RED_MINOR: 0.2,
    Outcome.STATUS_QUO: 0.3,
    Outcome.BLUE_MINOR: 0.3,
    Outcome.BLUE_MAJOR: 0.15,
}
"""Red's contest against a Blue player with several FFs already in the AOR."""


OWN_SHARE = 0.15
"""Weight of the seat's own IP beside its margin, in margin units (``judge.OWN_IP``
against the slope of ``judge.utility`` near an even game)."""


def _weights(content: Content, state: GameState, player: str, card: Card, spec: ContestSpec) -> dict[Outcome, float]:
    """The prior for a contest card (``spec``: its contest), by the responders' forces
    already in its AOR (public)."""
    if content.scenario.player(player).side != "red" or not spec.responders:
        return NOMINAL
    board = content.scenario.board
    there = sum(
        s.ffs
        for s in state.stacks
        if s.owner in spec.responders
        and s.owner != player
        and s.ffs
        and card.aor
        and board.aor_of(s.location) == card.aor
    )
    return UNOPPOSED if there == 0 else NOMINAL if there <= 2 else OPPOSED


def band_ip(band: Band, card: Card, player: str) -> dict[str, float]:
    """The IP a band gives each player (its "self"-like keys read as the card's owner;
    a delayed gain counted a little less sure)."""
    out: dict[str, float] = {}
    for key, value in band.ip.items():
        owner = card.roller() if card.is_event else card.player
        pid = owner if key in ("self", "leader", "senders", "payers", "yes") else key
        out[pid] = out.get(pid, 0) + value
    if band.delay and not band.raise_by:
        out = {pid: v * 0.8 for pid, v in out.items()}  # later IP is a little less sure
    return out


def margin_gain(content: Content, state: GameState, player: str, delta: Mapping[str, float]) -> float:
    """How much ``delta`` (IP by player) would move ``player``'s victory margin."""
    base = Margins(content, state)
    moved = Margins(content, state)
    moved.ip = {pid: ip + delta.get(pid, 0) for pid, ip in base.ip.items()}
    return moved.win(player) - base.win(player)


def card_worth(content: Content, state: GameState, player: str, card: Card) -> float:
    """Expected gain of victory margin from playing ``card`` now, RPs counted at 0.3 IP each."""
    later = min(1.0, max(0, state.settings.turns - state.turn + 1) / max(1, state.settings.turns))
    rows: list[tuple[float, Band]] = []
    if card.resolution in ("d10", "tech"):
        bands = card.bands or card.follow_bands
        for face in range(10):
            try:
                rows.append((0.1, card.band_for(face, bands)))
            except AssertionError:  # a card whose bands need a modified roll: that face adds nothing
                continue
    elif card.resolution == "contest" and card.contest is not None:
        weights = _weights(content, state, player, card, card.contest)
        for outcome, weight in weights.items():
            band = card.outcome_band(outcome)
            if band is not None:
                rows.append((weight, band))
        if not rows and card.bands:
            rows = [(0.1, card.band_for(face)) for face in range(10)]
    elif card.resolution == "none" and card.result is not None:
        rows.append((1.0, card.result))
    worth = 0.0
    for weight, band in rows:
        delta = band_ip(band, card, player)
        worth += weight * (margin_gain(content, state, player, delta) + OWN_SHARE * delta.get(player, 0))
        if band.raise_by:
            worth += weight * band.raise_by * 1.5 * later
    if card.resolution == "upgrade":
        worth += 0.6 * 1.2 * later * 1.0
    if card.resolution in ("modernize", "procure"):
        worth += 1.5 * later
    if card.contest is not None and card.contest.unopposed_ip:
        worth += 0.3 * margin_gain(
            content, state, player, {(player if k == "self" else k): v for k, v in card.contest.unopposed_ip.items()}
        )
    return worth - 0.3 * card.cost


def may_come_up(state: GameState, player: str, card: Card) -> bool:
    """Whether the card could be played this turn at all (cooldown, once a game)."""
    if cooldown_left(state, player, card):
        return False
    if card.once == "game" and f"{player}:{card.id}" in state.last_played:
        return False
    p = state.player(player)
    if card.resolution == "upgrade" and p.capabilities.get(card.capability, 99) >= p.tech_level:
        return False
    if card.resolution == "tech" and p.tech_level >= 7:
        return False
    if card.resolution == "modernize" and not any(
        s.ffs and s.mod < min(p.tech_level, 7) for s in state.stacks_of(player)
    ):
        return False  # every stack is already at the National Tech Level
    return True


def threat(card: Card) -> int:
    """The largest IP swing a card prints: how loud a signal it is."""
    rows = list(card.bands)
    if card.contest is not None:
        rows += list(card.contest.outcomes.values())
    return max((sum(abs(v) for v in band.ip.values()) for band in rows), default=0)


def is_action(card: Card) -> bool:
    return card.kind is CardKind.ACTION
