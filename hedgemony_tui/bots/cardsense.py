"""What a card is worth to a player before any die is rolled, read from the card alone.

Used where running the engine for every card would be too slow (choosing which three
cards a Red player signals out of a deck of twenty: 1,140 possible signals) and to name
what a card threatens. The worth is the change of the player's victory margin (see
``judge``), averaged over the card's faces or outcome rows, less its price in RPs.
"""

from __future__ import annotations

from ..engine.cards import Band, Card, CardKind
from ..engine.content import Content
from ..engine.play import cooldown_left
from ..engine.state import GameState
from ..engine.terms import Outcome
from .judge import Margins

# How often each outcome row comes up on a fairly even contest (a rough prior; the
# exact odds come from the engine once the card is in play).
NOMINAL = {
    Outcome.RED_MAJOR: 0.1, Outcome.RED_MINOR: 0.25, Outcome.STATUS_QUO: 0.3,
    Outcome.BLUE_MINOR: 0.25, Outcome.BLUE_MAJOR: 0.1,
}
UNOPPOSED = {Outcome.RED_MAJOR: 0.3, Outcome.RED_MINOR: 0.4, Outcome.STATUS_QUO: 0.3}


def _ip_of(band: Band, card: Card, player: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, value in band.ip.items():
        owner = card.roller() if card.is_event else card.player
        pid = owner if key in ("self", "leader", "senders", "payers", "yes") else key
        out[pid] = out.get(pid, 0) + value
    if band.delay and not band.raise_by:
        out = {pid: v * 0.8 for pid, v in out.items()}  # later IP is a little less sure
    return out


def _margin_gain(content: Content, state: GameState, player: str, delta: dict[str, float]) -> float:
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
            rows.append((0.1, card.band_for(face, bands)))
    elif card.resolution == "contest" and card.contest is not None:
        spec = card.contest
        side_red = content.scenario.player(player).side == "red"
        weights = UNOPPOSED if side_red and spec.responders else NOMINAL
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
        worth += weight * _margin_gain(content, state, player, _ip_of(band, card, player))
        if band.raise_by:
            worth += weight * band.raise_by * 1.5 * later
    if card.resolution == "upgrade":
        worth += 0.6 * 1.2 * later * 1.0
    if card.resolution in ("modernize", "procure"):
        worth += 1.5 * later
    if card.contest is not None and card.contest.unopposed_ip:
        worth += 0.3 * _margin_gain(content, state, player, {
            (player if k == "self" else k): v for k, v in card.contest.unopposed_ip.items()})
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
    return True


def threat(card: Card) -> int:
    """The largest IP swing a card prints: how loud a signal it is."""
    rows = list(card.bands)
    if card.contest is not None:
        rows += list(card.contest.outcomes.values())
    return max((sum(abs(v) for v in band.ip.values()) for band in rows), default=0)


def is_action(card: Card) -> bool:
    return card.kind is CardKind.ACTION
