"""The debrief pack of a game, for any game on the table: built and written here, below
both the shell (the end screen's debrief) and the CLI (``hedgemony aar``).

It replays a game's journal (:class:`~hedgemony_tui.table.replay.Timeline`) and
writes, into a new or empty folder:

- ``report.md``: the outcome, figures by turn, decisions by seat, bookmarks, the
  decisive rolls with their odds before the roll and the change each made, its average
  and its luck, each seat's net change split into luck and the rest, and the
  game's own sections (its CLI module's optional ``aar_sections(timeline)``: Hedgemony
  adds each Red player's signals against its plays and every White Cell ruling);
- ``report.html``: the same Markdown rendered as a web page (real headings and tables:
  :mod:`~hedgemony_tui.table.debrief_html`), with a line chart per figure (inline SVG, no
  script, so it opens anywhere, and prints in black and white);
- ``figures.csv`` (turn, seat and each figure, at each turn's end: the last turn's rows
  are the final placemats), ``rolls.csv`` (every roll with its chance and each seat's
  expected and actual change of score) and ``debrief.json`` (all of it).

A debrief lays the game open, so the pack holds everything (the White Cell's private
events and rulings too); ``viewpoint=PUBLIC`` keeps to what every seat saw (``rules.view`` of
nobody's seat), for a pack handed out while a game goes on.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import attrs

from .debrief import Debrief, RollLuck, debrief
from .debrief_html import page
from .errors import RuleInputError
from .files import NewFolder
from .registry import get_cli, turn_word
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
        "rolls.csv": _game_rolls(timeline, viewpoint) if not facts.rolls else rolls_csv(facts),
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
        lines.append(f"- {plain(seats.name(spec.id))}: {plain(by)}")
    return "Who played", lines


def _game_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    maker = getattr(get_cli(timeline.rules.info.id), "aar_sections", None)
    return list(maker(timeline, viewpoint)) if maker is not None else []


def _game_rolls(timeline: Timeline, viewpoint: str | None) -> str:
    """``rolls.csv`` of a game whose draws are made inside a step and offer no odds of their
    own (its CLI module's optional ``aar_rolls_csv``: the Grand Game's cards and dice); the
    shared table of rolls otherwise."""
    maker = getattr(get_cli(timeline.rules.info.id), "aar_rolls_csv", None)
    return str(maker(timeline, viewpoint)) if maker is not None else rolls_csv(debrief(timeline, viewpoint))


# --- the facts as lines --------------------------------------------------------------------


def _outcome_lines(timeline: Timeline) -> list[str]:
    outcome = timeline.rules.outcome(timeline.states[-1])
    if outcome is None:
        turn, phase = timeline.when(timeline.last)
        return [f"The game is not over: it stopped in turn {turn}, {plain(phase)}."]
    # each line a paragraph of its own (a blank line after it), then the seats as a list
    lines = [plain(outcome.summary), ""] if outcome.summary else []
    if outcome.team:
        lines += [f"Team result: {plain(outcome.team)}.", ""]
    for result in outcome.results:
        score = f" ({outcome.score_text(result.score)})" if result.score is not None else ""
        why = f" — {plain(result.why)}" if result.why else ""
        lines.append(f"- {plain(result.seat)}: {plain(result.result)}{score}{why}")
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
    return "\n".join(text for _, text in report_blocks(timeline, facts, sections, title))


_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
_PUNCT = r"!-/:-@\[-`{-~"
_BACKSLASH = re.compile(rf"\\(?=[{_PUNCT}]|$)")
_MARKUP = re.compile(r"([`*_#|~])")


def markdown_safe(text: str) -> str:
    """``text`` with control characters shown as escapes and HTML neutralised: ``<`` and
    ``>`` as entities (a Markdown viewer draws them, no tag is ever made), and ``&``
    only where it would begin an entity, so "R&D" stays readable in the file itself."""
    return _ENTITY.sub("&amp;", inert(text, multiline=True)).replace("<", "&lt;").replace(">", "&gt;")


def plain(text: str) -> str:
    """A string from the game or its players as Markdown text that stays text: one line
    (a note's line breaks become " / ", so no line of it can start a heading or a list);
    a backslash that Markdown would read as an escape doubled; emphasis, code, a table's
    bar and a heading's hash escaped; and ``](`` broken, so no link is made of it. The
    rest is left as typed, so the file reads as the players wrote it ("\\x1b[2J", the
    visible form of an escape sequence, stays so)."""
    one_line = " / ".join(inert(text, multiline=True).splitlines())
    return _MARKUP.sub(r"\\\1", _BACKSLASH.sub(r"\\\\", one_line)).replace("](", "]\\(")


def report_blocks(timeline: Timeline, facts: Debrief, sections: list[Section], title: str) -> list[tuple[str, str]]:
    """The report's parts, keyed, each its Markdown made safe (:func:`markdown_safe`):
    ``report.md`` is their text joined, and ``report.html`` renders them one by one with
    the charts after the ``figures`` heading."""
    blocks = [("title", [f"# Debrief: {plain(timeline.rules.info.title)} — {plain(title)}", ""])]
    branch = timeline.notes.branch
    if branch is not None:
        blocks.append(
            (
                "branch",
                [
                    f"This game branched from {plain(branch.parent)} after its decision {branch.at} "
                    f"(turn {branch.turn}, {plain(branch.phase)}).",
                    "",
                ],
            )
        )
    blocks.append(("outcome", ["## Outcome", "", *_outcome_lines(timeline), ""]))
    word = turn_word(timeline.rules.info.id) or "turn"
    blocks.append(("figures", [f"## Figures by {word} (at the end of each {word})", ""]))
    blocks.append(("figures-table", _figures_table(facts, word)))
    lines = ["## Decisions by seat", ""]
    for seat, by in facts.decisions.items():
        lines.append(f"- {plain(seat)}: " + ", ".join(f"{n} by {plain(who)}" for who, n in sorted(by.items())))
    blocks.append(("decisions", [*lines, ""]))
    if timeline.notes.bookmarks:
        lines = ["## Bookmarks", ""]
        for mark in timeline.notes.bookmarks:
            turn, phase = timeline.when(mark.at)
            lines.append(f"- after decision {mark.at} (turn {turn}, {plain(phase)}): {plain(mark.note)}")
        blocks.append(("bookmarks", [*lines, ""]))
    if facts.score and timeline.rules.info.dice:  # a game without dice has no luck to report
        blocks.append(("luck", _luck_lines(facts)))
        blocks.append(("rolls", _decisive_lines(facts)))
    for number, (heading, body) in enumerate(sections):
        blocks.append((f"section-{number}", [f"## {plain(heading)}", "", *body, ""]))
    return [(key, markdown_safe("\n".join(text))) for key, text in blocks]


def _figures_table(facts: Debrief, word: str = "turn") -> list[str]:
    names = _figure_names(facts)
    lines = [
        f"| {word.capitalize()} | Seat | " + " | ".join(plain(n) for n in names) + " |",
        "|---:|---|" + "---:|" * len(names),
    ]
    for turn, seats in facts.figures:
        for seat, values in seats.items():
            lines.append(f"| {turn} | {plain(seat)} | " + " | ".join(f"{values.get(n, 0):g}" for n in names) + " |")
    return [*lines, ""]


LUCK_WORDS = (
    "Each seat's **net change** of {score} over the game is split in two: **luck**, what the dice gave it "
    "beyond what each roll was worth on average before the die was cast, and **the rest** (its decisions "
    "and the others', what the rolls were worth on average, events and everything else). Net change = "
    "luck + the rest. Luck is not the change the rolls made: a roll that took 2 from a seat where every "
    "face took 0.5 on average is luck −1.50. The changes themselves are in the decisive rolls below and in "
    "rolls.csv."
)


def _luck_lines(facts: Debrief) -> list[str]:
    lines = [
        f"## Luck and choice ({plain(facts.score)})",
        "",
        LUCK_WORDS.format(score=plain(facts.score)),
        "",
        "| Seat | Start | End | Net change | = Luck (dice beyond their average) | + The rest |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for seat in facts.start_scores:
        start, end = facts.start_scores[seat], facts.final_scores.get(seat, 0.0)
        luck = facts.luck_of(seat)
        lines.append(
            f"| {plain(seat)} | {start:g} | {end:g} | {end - start:+g} | {_signed(luck)} | {_signed(end - start - luck)} |"
        )
    return [*lines, ""]


def _decisive_lines(facts: Debrief) -> list[str]:
    lines = [
        "## Decisive rolls",
        "",
        f"The rolls whose luck was largest. For each seat the roll moved: the change of {plain(facts.score)} "
        "it made, what the roll was worth on average before the die was cast (every face, the same "
        "modifiers), and the luck, which is the change minus that average.",
        "",
        "| Decision | Turn | Roller | For | Face | Chance of this outcome | Change it made | Average before "
        "the roll | Luck (change − average) |",
        "|---:|---:|---|---|---:|---:|---|---|---|",
    ]
    if not facts.decisive():  # a table of headings alone would read as a broken page
        return [*lines[:2], f"No roll moved any seat's {plain(facts.score)} away from its average.", ""]
    for roll in facts.decisive():
        moved = [s for s in roll.expected if abs(roll.actual.get(s, 0.0)) >= 0.005 or abs(roll.luck[s]) >= 0.005]

        def each(values: dict[str, float], fmt: str, seats: list[str] = moved) -> str:
            # a no-break space keeps each seat with its figure when a narrow column wraps
            return ", ".join(f"{plain(s)}\u00a0{format(values.get(s, 0.0), fmt)}" for s in seats) or "—"

        lines.append(
            f"| {roll.index} | {roll.turn} | {plain(roll.seat)} | {plain(roll.what)} | {roll.face} | {_chance(roll)} "
            f"| {each(roll.actual, '+g')} | {each(roll.expected, '+.2f')} | {each(roll.luck, '+.2f')} |"
        )
    return [*lines, ""]


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
    """The report's Markdown rendered as a web page (:mod:`.debrief_html`), with one SVG
    line chart per figure under the figures' heading."""
    seats = list(facts.figures[-1][1]) if facts.figures else []
    charts = [
        (
            f"{name} by turn",
            line_chart(
                {seat: [(turn, by.get(seat, {}).get(name, 0.0)) for turn, by in facts.figures] for seat in seats},
                title=f"{name} of each seat by turn",
            ),
        )
        for name in _figure_names(facts)
    ]
    blocks = report_blocks(timeline, facts, sections, title)
    return page(f"Debrief: {timeline.rules.info.title} — {title}", blocks, charts, charts_after="figures")
