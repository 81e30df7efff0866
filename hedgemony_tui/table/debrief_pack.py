"""The debrief pack of a game, for any game on the table: built and written here, below
both the shell (the end screen's debrief) and the CLI (``hedgemony aar``).

It replays a game's journal (:class:`~hedgemony_tui.table.replay.Timeline`) and
writes, into a new or empty folder:

- ``report.md``: the outcome, figures by turn, decisions by seat, bookmarks, the
  decisive rolls with their odds before the roll, luck against choice per seat, and the
  game's own sections (its CLI module's optional ``aar_sections(timeline)``: Hedgemony
  adds each Red player's signals against its plays and every White Cell ruling);
- ``report.html``: the same, with a line chart per figure (inline SVG, no script, so it
  opens anywhere and prints);
- ``figures.csv`` (turn, seat and each figure, at each turn's end: the last turn's rows
  are the final placemats), ``rolls.csv`` (every roll with its chance and each seat's
  expected and actual change of score) and ``debrief.json`` (all of it).

A debrief lays the game open, so the pack holds everything (the White Cell's private
events and rulings too); ``viewpoint=PUBLIC`` keeps to what every seat saw (``rules.view`` of
nobody's seat), for a pack handed out while a game goes on.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import attrs

from .debrief import Debrief, RollLuck, debrief
from .errors import RuleInputError
from .files import NewFolder
from .registry import get_cli
from .replay import Timeline
from .seats import Seats
from .svg_chart import line_chart
from .text import inert, shown

Section = tuple[str, list[str]]


def write_pack(
    timeline: Timeline,
    out: Path,
    *,
    title: str,
    viewpoint: str | None = None,
    force: bool = False,
    seats: Seats | None = None,
) -> list[Path]:
    """Write the pack's files into ``out``, a new or empty folder (``force``: any real
    folder, the pack's files replaced); their paths. Everything by default (a debrief
    lays the game open); ``viewpoint`` keeps to what it saw. ``seats``: who played each
    seat, listed first (their names as typed, made inert)."""
    facts = debrief(timeline, viewpoint)
    sections = _game_sections(timeline, viewpoint)
    if seats is not None:
        sections = [_who_played(timeline, seats), *sections]
    files = {
        "report.md": markdown(timeline, facts, sections, title),
        "report.html": html_report(timeline, facts, sections, title),
        "figures.csv": figures_csv(facts),
        "rolls.csv": rolls_csv(facts),
        "debrief.json": json.dumps(as_json(timeline, facts, sections), indent=1),
    }
    folder = NewFolder(out, force=force)
    problem = folder.problem()
    if problem:
        raise RuleInputError(f"{shown(out)}: {problem}")
    try:
        with folder:
            return folder.write_all((name, text.encode("utf-8")) for name, text in files.items())
    except OSError as exc:
        raise RuleInputError(f"cannot write the debrief pack to {shown(out)}: {exc.strerror or exc}") from None


def _who_played(timeline: Timeline, seats: Seats) -> Section:
    lines = []
    for spec in timeline.rules.seats():
        setup = seats.of(spec.id)
        by = "a person" if setup.human else f"the computer ({setup.kind})"
        lines.append(f"- {seats.name(spec.id)}: {by}")
    return "Who played", lines


def _game_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    maker = getattr(get_cli(timeline.rules.info.id), "aar_sections", None)
    return list(maker(timeline, viewpoint)) if maker is not None else []


# --- the facts as lines --------------------------------------------------------------------


def _outcome_lines(timeline: Timeline) -> list[str]:
    outcome = timeline.rules.outcome(timeline.states[-1])
    if outcome is None:
        turn, phase = timeline.when(timeline.last)
        return [f"The game is not over: it stopped in turn {turn}, {phase}."]
    lines = [outcome.summary] if outcome.summary else []
    if outcome.team:
        lines.append(f"Team result: {outcome.team}.")
    for result in outcome.results:
        score = f" ({result.score:g})" if result.score is not None else ""
        lines.append(f"- {result.seat}: {result.result}{score}" + (f" — {result.why}" if result.why else ""))
    return lines


def _figure_names(facts: Debrief) -> list[str]:
    names: list[str] = []
    for _, seats in facts.figures:
        for values in seats.values():
            names += [k for k in values if k not in names]
    return names


def _chance(roll: RollLuck) -> str:
    return f"{roll.chance.numerator}/{roll.chance.denominator} ({float(roll.chance):.0%})"


def _signed(value: float) -> str:
    return f"{value:+.2f}"


def markdown(timeline: Timeline, facts: Debrief, sections: list[Section], title: str) -> str:
    """The report as Markdown: its text made inert and any HTML in it shown, not obeyed
    (a seat's name, a note or a file name is the players' text: :func:`markdown_safe`)."""
    return markdown_safe(_report_text(timeline, facts, sections, title))


_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")


def markdown_safe(text: str) -> str:
    """``text`` with control characters shown as escapes and HTML neutralised: ``<`` and
    ``>`` as entities (a Markdown viewer draws them, no tag is ever made), and ``&``
    only where it would begin an entity, so "R&D" stays readable in the file itself."""
    return _ENTITY.sub("&amp;", inert(text, multiline=True)).replace("<", "&lt;").replace(">", "&gt;")


def _report_text(timeline: Timeline, facts: Debrief, sections: list[Section], title: str) -> str:
    lines = [f"# Debrief: {timeline.rules.info.title} — {title}", ""]
    branch = timeline.notes.branch
    if branch is not None:
        lines += [
            f"This game branched from {branch.parent} after its decision {branch.at} "
            f"(turn {branch.turn}, {branch.phase}).",
            "",
        ]
    lines += ["## Outcome", "", *_outcome_lines(timeline), ""]
    names = _figure_names(facts)
    lines += ["## Figures by turn (at the end of each turn)", ""]
    lines += ["| Turn | Seat | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
    for turn, seats in facts.figures:
        for seat, values in seats.items():
            lines.append(f"| {turn} | {seat} | " + " | ".join(f"{values.get(n, 0):g}" for n in names) + " |")
    lines += ["", "## Decisions by seat", ""]
    for seat, by in facts.decisions.items():
        lines.append(f"- {seat}: " + ", ".join(f"{n} by {who}" for who, n in sorted(by.items())))
    if timeline.notes.bookmarks:
        lines += ["", "## Bookmarks", ""]
        for mark in timeline.notes.bookmarks:
            turn, phase = timeline.when(mark.at)
            lines.append(f"- after decision {mark.at} (turn {turn}, {phase}): {mark.note}")
    if facts.score and timeline.rules.info.dice:  # a game without dice has no luck to report
        lines += [
            "",
            f"## Luck and choice ({facts.score})",
            "",
            f"Luck is what the dice gave a seat in {facts.score} beyond what each roll was worth on average "
            "before it was made; the rest of the change came from the decisions.",
            "",
            "| Seat | Start | End | Change | Luck | Decisions and the rest |",
            "|---|---|---|---|---|---|",
        ]
        for seat in facts.start_scores:
            start, end = facts.start_scores[seat], facts.final_scores.get(seat, 0.0)
            luck = facts.luck_of(seat)
            lines.append(
                f"| {seat} | {start:g} | {end:g} | {end - start:+g} | {_signed(luck)} | {_signed(end - start - luck)} |"
            )
        lines += [
            "",
            "## Decisive rolls",
            "",
            "| Decision | Turn | Roller | For | Face | Chance of this outcome | Luck |",
            "|---|---|---|---|---|---|---|",
        ]
        for roll in facts.decisive():
            swung = ", ".join(f"{s} {_signed(v)}" for s, v in roll.luck.items() if abs(v) >= 0.005)
            lines.append(
                f"| {roll.index} | {roll.turn} | {roll.seat} | {_cell(roll.what)} | {roll.face} | {_chance(roll)} | {swung} |"
            )
    for heading, body in sections:
        lines += ["", f"## {heading}", "", *body]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return inert(text).replace("|", "/")


def figures_csv(facts: Debrief) -> str:
    names = _figure_names(facts)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["turn", "seat", *names])
    for turn, seats in facts.figures:
        for seat, values in seats.items():
            writer.writerow([turn, seat, *(f"{values.get(n, 0):g}" for n in names)])
    return buffer.getvalue()


def rolls_csv(facts: Debrief) -> str:
    seats = list(facts.start_scores)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "decision",
            "turn",
            "phase",
            "roller",
            "for",
            "face",
            "chance",
            *(f"expected_{s}" for s in seats),
            *(f"actual_{s}" for s in seats),
        ]
    )
    for r in facts.rolls:
        writer.writerow(
            [
                r.index,
                r.turn,
                r.phase,
                r.seat,
                inert(r.what),
                r.face,
                f"{float(r.chance):.4f}",
                *(f"{r.expected.get(s, 0.0):.4f}" for s in seats),
                *(f"{r.actual.get(s, 0.0):g}" for s in seats),
            ]
        )
    return buffer.getvalue()


def as_json(timeline: Timeline, facts: Debrief, sections: list[Section]) -> dict[str, Any]:
    return {
        "game": facts.game,
        "score": facts.score,
        "decisions": facts.decisions,
        "figures": [{"turn": t, "seats": seats} for t, seats in facts.figures],
        "rolls": [
            {
                "decision": r.index,
                "turn": r.turn,
                "phase": r.phase,
                "roller": r.seat,
                "for": r.what,
                "face": r.face,
                "chance": float(r.chance),
                "expected": r.expected,
                "actual": r.actual,
            }
            for r in facts.rolls
        ],
        "luck": {seat: facts.luck_of(seat) for seat in facts.start_scores},
        "bookmarks": [{"at": b.at, "note": b.note} for b in timeline.notes.bookmarks],
        "branch": None if timeline.notes.branch is None else attrs.asdict(timeline.notes.branch),
        "sections": [{"heading": h, "lines": body} for h, body in sections],
    }


def html_report(timeline: Timeline, facts: Debrief, sections: list[Section], title: str) -> str:
    """The Markdown report's facts as a page, with one SVG line chart per figure."""
    charts = []
    for name in _figure_names(facts):
        series = {
            seat: [(turn, seats.get(seat, {}).get(name, 0.0)) for turn, seats in facts.figures]
            for seat in (facts.figures[-1][1] if facts.figures else {})
        }
        charts.append(
            f"<figure><figcaption>{html.escape(inert(name))} by turn</figcaption>{line_chart(series)}</figure>"
        )
    body = html.escape(inert(_report_text(timeline, facts, sections, title), multiline=True))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Debrief: {html.escape(inert(title))}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #111; background: #fff; }}
figure {{ display: inline-block; margin: 0 1.5em 1.5em 0; }}
figcaption {{ font-weight: bold; margin-bottom: .3em; }}
pre {{ white-space: pre-wrap; font-size: 0.9em; }}
</style></head><body>
<h1>Debrief: {html.escape(timeline.rules.info.title)} — {html.escape(inert(title))}</h1>
<section id="charts">{"".join(charts)}</section>
<pre>{body}</pre>
</body></html>
"""
