"""*Gaming to the Rescue!*'s own section of the debrief pack (``hedgemony aar``, the end
screen's D): where each actor's Global Perception went, change by change, and how that
squares with the pack's luck table.

The pack measures a roll's luck by the score it changes *when it is rolled*. No die in
this game moves GP at once: the crisis dice and the Media Meeple's die decide which
crises count at a cycle's end, and GP moves there, turns later. So the luck table reads
+0.00 beside a Media Meeple roll that cost an actor two GP (issue 33: a newcomer read the
two as disagreeing). This section lists every change with its cause and whether it was
luck (a roll's own change) or a delayed effect, and adds them up: start + changes = end.

The causes are the engine's own: a cycle's end is :func:`..engine.cycle.gp_moves` of the
state before it (the reckoning the engine applied), an event card the log lines it wrote.
"""

from __future__ import annotations

from ....table.debrief import Debrief, debrief
from ....table.replay import Timeline
from ..engine.cycle import gp_moves
from ..engine.intents import EndTurn
from ..engine.state import RescueState
from ..render.rolls import gp_move_words

Section = tuple[str, list[str]]

HEADING = "Where each actor's GP went: luck and delayed effects"
WORDS = (
    "The luck table above counts what a roll changed the moment it was rolled. In this game no die moves "
    "GP then: the crisis dice and the Media Meeple's die decide which crises count at the end of the cycle, "
    "and GP moves there, after the turns. Those changes are **delayed effects** of the dice and of the "
    "turns (what was resolved, what was left open), counted under *the rest*. Every change is listed here "
    "with its cause; for each actor, start + the changes = end."
)


def aar_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    return [gp_section(timeline, viewpoint)]


def _seen(timeline: Timeline, index: int, viewpoint: str | None) -> RescueState:
    state: RescueState = timeline.state_at(index) if viewpoint is None else timeline.view_at(index, viewpoint)
    return state


def gp_changes(timeline: Timeline, viewpoint: str | None, facts: Debrief) -> list[tuple[int, str, int, str, str]]:
    """Every change of an actor's GP: (cycle, actor, change, what kind, why), in order.
    The kind says whether it was a roll's luck, a cycle's end or an event card."""
    rows: list[tuple[int, str, int, str, str]] = []
    rolls = {r.index for r in facts.rolls}
    for index in range(1, timeline.last + 1):
        before, after = _seen(timeline, index - 1, viewpoint), _seen(timeline, index, viewpoint)
        moved = {a.id: b.gp - a.gp for a, b in zip(before.actors, after.actors) if b.gp != a.gp}
        if isinstance(timeline.journal[index - 1].intent, EndTurn) and (after.cycle != before.cycle or after.over):
            # The last turn of a cycle ended it: every crisis it judged, a loss at the floor too.
            for move in gp_moves(before):
                kind = "delayed: the cycle's end" + (" (Media Meeple)" if move.watched else "")
                rows.append((before.cycle, move.seat, move.after - move.before, kind, gp_move_words(move)))
                if move.seat in moved:
                    moved[move.seat] -= move.after - move.before
        if index in rolls:
            # Not so with the shipped rules (no die moves GP when rolled): said if it ever is.
            rows += [(after.cycle, s, n, "a roll, when rolled", "the die itself") for s, n in moved.items() if n]
            continue
        # The rest (an event card's GP): the log lines the step wrote, each with its actor's change.
        lines = {e.actor: e.text for e in after.log[len(before.log) :] if e.kind == "gp" and e.actor in moved}
        for seat, change in moved.items():
            if change:
                rows.append((after.cycle, seat, change, "the event card", lines.get(seat, "")))
    return rows


def gp_section(timeline: Timeline, viewpoint: str | None) -> Section:
    facts = debrief(timeline, viewpoint)
    rows = gp_changes(timeline, viewpoint, facts)
    lines = [WORDS, "", "| Cycle | Actor | GP change | Kind | Why |", "|---:|---|---:|---|---|"]
    lines += [
        f"| {cycle} | {seat} | {change:+d} | {kind} | {why} |"
        if change
        else f"| {cycle} | {seat} | 0 | {kind} | {why} |"
        for cycle, seat, change, kind, why in rows
    ]
    if not rows:
        lines = [WORDS, "", "No actor's GP changed in this game."]
    lines += [
        "",
        "| Actor | Start GP | + The changes above | = End GP | Of which luck (the luck table) | "
        "Of which delayed effects and the rest |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    start, end = _seen(timeline, 0, viewpoint), _seen(timeline, timeline.last, viewpoint)
    for first, last in zip(start.actors, end.actors):
        listed = sum(change for _, seat, change, _, _ in rows if seat == first.id)
        luck = facts.luck_of(first.id)
        lines.append(
            f"| {first.id} | {first.gp} | {listed:+d} | {last.gp} | {luck:+.2f} | {last.gp - first.gp - luck:+.2f} |"
        )
    return HEADING, lines
