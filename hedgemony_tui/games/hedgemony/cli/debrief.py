"""Hedgemony's own sections of the debrief pack (``hedgemony aar``): each Red player's
signals against its plays, turn by turn; every decision of the White Cell with its
reason; and the free-play actions the White Cell ruled.

Read from the timeline's states (``table.replay``), as a viewpoint saw them when one is
given (``--public``), else whole: a debrief lays the game open.
"""

from __future__ import annotations

from typing import Any

from ....table.debrief import reason_seen
from ....table.replay import Timeline
from ..engine.game import content_of
from ..engine.state import WHITE, GameState

Section = tuple[str, list[str]]


def aar_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    return [_signals_and_plays(timeline, viewpoint), _white_cell(timeline, viewpoint), _rulings(timeline, viewpoint)]


def _seen(timeline: Timeline, index: int, viewpoint: str | None) -> GameState:
    state: GameState = timeline.state_at(index) if viewpoint is None else timeline.view_at(index, viewpoint)
    return state


def _title(state: GameState, card_id: str) -> str:
    try:
        return f"{content_of(state).card(card_id).title} ({card_id})"
    except KeyError:
        return card_id


def _signals_and_plays(timeline: Timeline, viewpoint: str | None) -> Section:
    """What each Red player laid down as its signal, against what it then played: the
    last state of each turn still holds both (the next turn clears them)."""
    lines = [
        "| Turn | Player | Signalled | Played | Signalled but not played | Played without a signal |",
        "|---|---|---|---|---|---|",
    ]
    for turn, index in timeline.turn_ends():
        state = _seen(timeline, index, viewpoint)
        red = [p.id for p in state.players if p.side == "red"]
        for player in red:
            signalled = state.signals.get(player, ())
            played = state.played.get(player, ())
            if not signalled and not played:
                continue
            kept = [c for c in signalled if c not in played]
            extra = [c for c in played if c not in signalled]
            lines.append(
                f"| {turn} | {player} | {_cards(state, signalled)} | {_cards(state, played)} | "
                f"{_cards(state, kept)} | {_cards(state, extra)} |"
            )
    if len(lines) == 2:
        lines = ["No Red player signalled or played a card."]
    return "Red signals against Red plays", lines


def _cards(state: GameState, cards: Any) -> str:
    return "; ".join(_title(state, c) for c in cards) or "—"


def _white_cell(timeline: Timeline, viewpoint: str | None) -> Section:
    """Every decision the White Cell took, with who took it and the reason given. With a
    viewpoint, only those that showed it something (its view's log grew)."""
    lines = []
    for step in timeline.steps():
        if step.seat != WHITE:
            continue
        if viewpoint is not None:
            before, after = _seen(timeline, step.index - 1, viewpoint), _seen(timeline, step.index, viewpoint)
            if len(after.log) == len(before.log):
                continue
        # --public: the White Cell's reasons stay its own, as on the screens.
        said = reason_seen(step.reason, step.seat, viewpoint, WHITE)
        reason = f" — {said}" if said else ""
        lines.append(f"- Turn {step.turn}, {step.phase}, decision {step.index} ({step.by}): {step.text}{reason}")
    return "The White Cell's decisions", lines or ["The White Cell took no decision."]


def _rulings(timeline: Timeline, viewpoint: str | None) -> Section:
    state = _seen(timeline, timeline.last, viewpoint)
    lines = []
    for ruling in state.rulings:
        against = f" against {ruling.opponent}" if ruling.opponent else ""
        lines.append(
            f'- Turn {ruling.turn}: {ruling.player}\'s "{ruling.title}" at {ruling.location}{against}, '
            f"on {ruling.table or 'no table'}, cost {ruling.cost} RP"
        )
    return "Free-play rulings", lines or ["No free-play action was ruled."]
