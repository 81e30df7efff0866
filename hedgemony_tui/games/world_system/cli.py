"""The world-system game's part of the ``hedgemony`` command: the placemats ``simulate`` and
``show`` draw (the three bands with capitals and badges, then the ending and winners), the
debrief's own sections (``hedgemony aar``: capitals by cycle, the hegemons, the talks,
every vote, and once revealed the terrorists with who could have known what when), and
the game's data error (``world.toml`` with a typo: exit status 3, one message).

What is drawn is what the viewpoint may see: the placemats keep the terrorists hidden
until the game is over (they are the room's picture of a save), and the debrief reads
each state through ``view`` for its viewpoint (``None``: the whole game, as the moderator
saw it). Nothing here decides anything: it reads states the rules made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...table.public import PUBLIC
from ...table.replay import Timeline
from ...table.votes import SEALED, Visibility, Vote
from .engine.ending import secondary_goals
from .engine.intents import Declare, Nominate
from .engine.moderator import ENDINGS
from .engine.state import Nation, PastVote, WorldState
from .engine.view import view
from .engine.world import MODERATOR, Status, WorldDataError, world
from .rules import RULES

Section = tuple[str, list[str]]

BANDS = ((Status.CORE, "Core"), (Status.SEMI, "Semi-periphery"), (Status.PERIPHERAL, "Periphery"))
LETTER = {"core": "C", "semiperipheral": "S", "peripheral": "P", "annexed": "A"}
BAR_WIDTH = 12


def errors() -> tuple[type[Exception], ...]:
    """A broken ``data/world-system/world.toml`` ends a command with exit status 3."""
    return (WorldDataError,)


def _name(seat: str) -> str:
    return world().name(seat)


# --- placemats ------------------------------------------------------------------------------


def badges(state: WorldState, n: Nation) -> str:
    """The board's badge letters for ``n`` (the front's legend: H, C, R, S, A, T), from a
    state the reader may see: T only where its terrorist fields are not blanked."""
    marks = []
    if n.id == state.hegemon:
        marks.append("H")
    if n.id in state.contenders:
        goal = state.goal_of(n.id)
        marks.append("C·" + goal.removeprefix("world-") if goal else "C")
    if n.rogue:
        marks.append("R")
    if n.strikebreaker:
        marks.append("S")
    if n.terrorist or (not n.in_game and n.terrorist_since >= 0):
        marks.append("T")
    if not n.in_game:
        marks.append(f"A (cycle {n.annexed_in})")
    return " ".join(marks)


def placemats(state: WorldState, payload: dict[str, Any]) -> RenderableType:
    """The world-system board as a table: the states by band with capital, a bar and
    badges; then what is under way (or the ending, the winners and the terrorists)."""
    # A save's picture is the room's: the terrorists stay hidden until the end.
    seen = state if state.over else view(state, PUBLIC)
    if seen.over:
        title = f"Game over in cycle {min(seen.cycle, world().last_cycle)}: {seen.ending}"
    else:
        title = f"Cycle {seen.cycle}, {seen.stage}"
    grid = Table(title=f"{title} (seed {state.seed})", box=box.SIMPLE_HEAVY, title_style="bold")
    for header in ("Band", "State", "Capital", "", "Badges"):
        grid.add_column(header, justify="right" if header == "Capital" else "left")
    top = max((n.capital for n in seen.playing), default=1) or 1
    for status, band in BANDS:
        members = seen.with_status(status)
        for i, n in enumerate(members):
            bar = "█" * max(1, round(n.capital * BAR_WIDTH / top)) if n.capital else ""
            grid.add_row(band if i == 0 else "", _name(n.id), str(n.capital), bar, badges(seen, n))
        if members:
            grid.add_section()
    gone = [n for n in seen.nations if not n.in_game]
    for i, n in enumerate(gone):
        grid.add_row("Annexed" if i == 0 else "", _name(n.id), "—", "", badges(seen, n))
    lines = _placemat_footer(state, seen)
    lines.append(f"state hash {payload.get('state_hash', '')}")
    return Group(grid, Text("\n".join(lines)))


def _placemat_footer(state: WorldState, seen: WorldState) -> list[str]:
    if seen.over:
        winners = ", ".join(_name(w) for w in seen.winners) or "nobody"
        ever = [n for n in seen.nations if n.terrorist_since >= 0]
        told = "; ".join(f"{_name(n.id)} ({_since(n)})" for n in ever) or "none"
        return [ENDINGS[seen.ending], f"Winners: {winners}.", f"Terrorist states: {told}."]
    lines = [f"Next: {RULES.pending_for(state, PUBLIC).prompt}"]
    if seen.vote is not None:
        lines.append(f"{seen.vote.question} {seen.vote.waiting_line(_name)}")
    lines.append("Who is a terrorist stays secret until the game ends (`hedgemony aar` lays the game open).")
    return lines


def _since(n: Nation) -> str:
    if n.terrorist_since <= 0:
        return "dealt the card"
    return f"recruited in cycle {n.terrorist_since} by {_name(n.recruited_by)}"


# --- the debrief's sections -----------------------------------------------------------------


def aar_sections(timeline: Timeline, viewpoint: str | None) -> list[Section]:
    """The debrief's sections of this game, as ``viewpoint`` saw it (None: the whole game)."""
    seen = [_seen(timeline, i, viewpoint) for i in range(timeline.last + 1)]
    final = seen[-1]
    rogues = _rogues(seen)
    sections = [
        _capitals(final, rogues),
        _hegemons(timeline, final),
        _talks(timeline, rogues),
        _votes(final, viewpoint),
        _terrorists(timeline, final, viewpoint, rogues),
    ]
    if final.over:
        sections.append(_goals(final))
    return sections


def _seen(timeline: Timeline, index: int, viewpoint: str | None) -> WorldState:
    state: WorldState = timeline.state_at(index) if viewpoint is None else timeline.view_at(index, viewpoint)
    return state


def _rogues(states: Sequence[WorldState]) -> dict[int, str]:
    """The rogue state of each cycle (public). At the next cycle's opening the last one is
    still marked until the moderator announces the change, so openings are skipped."""
    found: dict[int, str] = {}
    for s in states:
        if s.rogue and s.stage != "opening":
            found[s.cycle] = s.rogue
    return found


def _capitals(final: WorldState, rogues: dict[int, str]) -> Section:
    """Each state's capital and status at the end of each cycle (``records``), and now."""
    cycles = [r.cycle for r in final.records]
    headers = [f"Cycle {c}" for c in cycles]
    current = not final.over
    if current:
        headers.append(f"Now (cycle {final.cycle}, {final.stage})")
    lines = [
        "Capital and status at the end of each cycle's crisis stage. C core, S semiperipheral, P peripheral, "
        "A annexed; H the cycle's hegemon (a core state), R the cycle's rogue state.",
        "",
        "| State | " + " | ".join(headers) + " |",
        "|---|" + "---|" * len(headers),
    ]
    for i, n in enumerate(final.nations):
        cells = []
        for record in final.records:
            status = record.statuses[i]
            if status == "annexed":
                cells.append("— A")
                continue
            marks = [LETTER.get(status, status)]
            if len(final.hegemons) >= record.cycle and final.hegemons[record.cycle - 1] == n.id:
                marks = ["H"]
            if rogues.get(record.cycle) == n.id:
                marks.append("R")
            cells.append(f"{record.capitals[i]} " + " ".join(marks))
        if current:
            now = "— A" if not n.in_game else f"{n.capital} " + ("H" if n.id == final.hegemon else LETTER[n.status])
            cells.append(now + (" R" if n.rogue else ""))
        lines.append(f"| {_name(n.id)} | " + " | ".join(cells) + " |")
    if not headers:
        lines = ["No cycle has ended yet."]
    return "Capital by cycle", lines


def _hegemons(timeline: Timeline, final: WorldState) -> Section:
    """The hegemon of each cycle's rise, and the contenders of its decline with their goals."""
    declared: dict[int, list[str]] = {}
    for index, entry in enumerate(timeline.journal, start=1):
        if isinstance(entry.intent, Declare):
            cycle = timeline.state_at(index - 1).cycle
            declared.setdefault(cycle, []).append(f"{_name(entry.intent.seat)} ({entry.intent.goal})")
    lines = []
    for i, hegemon in enumerate(final.hegemons):
        cycle = i + 1
        if cycle > final.cycle:
            # A world-empire founded by a cycle's war: the winner is hegemon at once.
            lines.append(f"- After cycle {final.cycle}'s world war: {_name(hegemon)}, ruling a world-empire")
            continue
        when = f"Cycle {cycle}" if cycle <= world().last_cycle else f"The beginning of cycle {cycle} (the end)"
        contenders = declared.get(cycle)
        rivalry = f"; contenders in its decline: {', '.join(contenders)}" if contenders else ""
        lines.append(f"- {when}: {_name(hegemon) if hegemon else 'no hegemon'}{rivalry}")
    return "Hegemons by cycle", lines or ["No cycle has begun."]


def _nominations(timeline: Timeline) -> list[tuple[int, str, str]]:
    """Every nomination at the talks (public: each is read out), as (cycle, by, target)."""
    found = []
    for index, entry in enumerate(timeline.journal, start=1):
        if isinstance(entry.intent, Nominate):
            found.append((timeline.state_at(index - 1).cycle, entry.intent.seat, entry.intent.target))
    return found


def _talks(timeline: Timeline, rogues: dict[int, str]) -> Section:
    """Who nominated whom for rogue state at each cycle's talks, and who became it."""
    by_cycle: dict[int, list[str]] = {}
    for cycle, by, target in _nominations(timeline):
        said = f"{_name(by)} → {_name(target)}" if target else f"{_name(by)} passed"
        by_cycle.setdefault(cycle, []).append(said)
    lines = []
    for cycle in sorted(set(by_cycle) | set(rogues)):
        rogue = f" Rogue state: {_name(rogues[cycle])}." if cycle in rogues else " No rogue state."
        lines.append(f"- Cycle {cycle}: " + ("; ".join(by_cycle.get(cycle, [])) or "no nominations") + "." + rogue)
    return "Collective-security talks (nominations and the rogue state)", lines or ["No talks were held."]


KIND = {
    "core-vote": "the core states' investment vote",
    "rogue-vote": "the rogue-state vote",
    "alliance-vote": "the alliance vote",
    "revolution": "the revolution vote",
}
SECRECY = {
    Visibility.OPEN: "open: each ballot was seen as it was cast",
    Visibility.SEALED_NAMED: "sealed until every ballot was in, then named",
    Visibility.SEALED_COUNTS: "secret ballots, only the totals made public",
}


def _votes(final: WorldState, viewpoint: str | None) -> Section:
    """Every vote: its question, the ballots as the viewpoint may see them, the totals and
    the result (for the alliance vote, the world war that followed)."""
    lines: list[str] = []
    for past in final.past_votes:
        lines += _vote_lines(final, past, _as_seen(past.vote, viewpoint))
        lines.append("")
    if final.vote is not None:
        vote = _as_seen(final.vote, viewpoint)
        lines.append(
            f"**Cycle {final.cycle}, {KIND.get(final.vote_kind, final.vote_kind)}, under way**: {vote.question}"
        )
        shown = [f"{_name(s)} → {_option(c)}" for s, c in vote.ballots if c != SEALED]
        lines.append(f"- {vote.waiting_line(_name)}" + (f"; ballots seen: {'; '.join(shown)}" if shown else ""))
    while lines and not lines[-1]:
        lines.pop()
    return "Votes", lines or ["No vote was held."]


def _as_seen(vote: Vote, viewpoint: str | None) -> Vote:
    return vote if viewpoint is None else vote.seen_by(viewpoint, control=(MODERATOR,))


def _option(option: str) -> str:
    """An option as read: a state's name, or the revolution vote's own words."""
    return _name(option)


def _vote_lines(final: WorldState, past: PastVote, vote: Vote) -> list[str]:
    """One finished vote (``vote``: ``past.vote`` as the viewpoint may see it)."""
    cycle, kind = past.cycle, past.kind
    weighted = "; each ballot counts its state's capital" if vote.weights else ""
    lines = [
        f"**Cycle {cycle}, {KIND.get(kind, kind)}**: {vote.question} ({SECRECY[vote.visibility]}{weighted})",
    ]
    ballots = []
    for seat, choice in vote.ballots:
        weight = f" ({vote.weight(seat)})" if vote.weights else ""
        ballots.append(f"{_name(seat)}{weight} → {'sealed' if choice == SEALED else _option(choice)}")
    lines.append("- Ballots: " + ("; ".join(ballots) or "none"))
    lines.append("- Totals: " + ", ".join(f"{_option(o)} {t}" for o, t in vote.tally().items()))
    if kind == "alliance-vote":
        war = [e.text for e in final.log if e.cycle == cycle and e.stage == "war"]
        lines.append("- Result: " + (" ".join(war) or "no world war followed (the game ended first)"))
    elif kind == "revolution":
        lines.append(
            "- Result: the revolution happens"
            if past.result == "revolution"
            else "- Result: the revolution fails; those who did not support it are the strikebreakers"
        )
    elif past.result:
        what = "becomes the rogue state" if kind == "rogue-vote" else "gets the investment"
        lines.append(f"- Result: {_name(past.result)} {what}")
    return lines


# --- the terrorists, and who could have known ------------------------------------------------

KNOWING = (
    "How 'could have known' is read here. The rules tell a state who the terrorists are only "
    "if it is one: the dealt terrorist knows itself from the deal, and each puppet, when it "
    "wakes after its coup, is shown every terrorist state then in the game (seed L87-L88), as "
    "are the terrorists already there. The moderator knows everything from the deal. No other "
    "state is ever told before the end, so for them this section lists the public record "
    "that pointed at each terrorist: who nominated it for rogue state or voted for it, whether "
    "it became the rogue state or was annexed, and what it did itself at the talks. The "
    "'earliest public pointer' is the first cycle in which anyone nominated it or cast a "
    "rogue-state ballot for it: a suspicion on record, never a proof (coups are made with "
    "everyone's eyes closed and leave no public trace)."
)


def _terrorists(timeline: Timeline, final: WorldState, viewpoint: str | None, rogues: dict[int, str]) -> Section:
    heading = "Terrorists, and when each state could have known"
    ever = [n for n in final.nations if n.terrorist_since >= 0]
    whole = final.over or viewpoint is None or viewpoint == MODERATOR
    if not whole and not ever:
        who = "the room" if viewpoint == PUBLIC else _name(viewpoint or "")
        return heading, [
            f"Who is a terrorist stays secret until the game ends, and this debrief is {who}'s while the game "
            "goes on: nothing here names one."
        ]
    lines = [KNOWING, ""]
    if not whole:
        lines += [f"As {_name(viewpoint or '')} knows it while the game goes on (a terrorist knows the others).", ""]
    lines += ["| State | Terrorist since | Recruited by | Its fate |", "|---|---|---|---|"]
    for n in ever:
        since = "the deal" if n.terrorist_since <= 0 else f"cycle {n.terrorist_since}"
        fate = (
            f"annexed in cycle {n.annexed_in}"
            if not n.in_game
            else ("a terrorist at the end" if final.over else "still a terrorist")
        )
        lines.append(f"| {_name(n.id)} | {since} | {_name(n.recruited_by) if n.recruited_by else '—'} | {fate} |")
    if not ever:
        lines.append("| — | no state was a terrorist | — | — |")
    lines += ["", "Coups (taken with eyes closed):"]
    for coup in final.coups:
        if coup.by == MODERATOR:
            lines.append(f"- Cycle {coup.cycle}: no terrorist could act")
        elif coup.target:
            lines.append(f"- Cycle {coup.cycle}: {_name(coup.by)} made {_name(coup.target)} a puppet")
        else:
            lines.append(f"- Cycle {coup.cycle}: {_name(coup.by)} staged no coup, staying covert")
    if not final.coups:
        lines.append("- none")
    lines += ["", "Who knew, and from when:"]
    lines += _who_knew(final, ever)
    lines += ["", "The public record that pointed at each terrorist:"]
    for n in ever:
        lines.append(f"- {_name(n.id)}: " + _signals(timeline, final, n, ever, rogues))
    return heading, lines


def _present(n: Nation, cycle: int) -> bool:
    """Whether ``n`` was still in the game at cycle ``cycle``'s coup (the annexation comes
    earlier in the cycle, in its rise phase)."""
    return n.annexed_in == 0 or n.annexed_in > cycle


def _learned(knower: Nation, other: Nation) -> int | None:
    """The cycle (0: the deal) in which the terrorist ``knower`` learned of the terrorist
    ``other``: when the later of the two became one, if both were in the game then."""
    cycle = max(knower.terrorist_since, other.terrorist_since, 0)
    return cycle if _present(knower, cycle) and _present(other, cycle) else None


def _who_knew(final: WorldState, ever: list[Nation]) -> list[str]:
    lines = ["- The moderator: every terrorist, from the deal"]
    for n in final.nations:
        if n not in ever:
            lines.append(f"- {_name(n.id)}: never told (only the public record below)")
            continue
        own = "the deal" if n.terrorist_since <= 0 else f"cycle {n.terrorist_since}"
        known = []
        for other in ever:
            if other is n:
                continue
            when = _learned(n, other)
            if when is not None:
                known.append(f"{_name(other.id)} from {'the deal' if when == 0 else f'cycle {when}'}")
        rest = "; of " + ", ".join(known) if known else "; never of another"
        lines.append(f"- {_name(n.id)}: of itself from {own}{rest}")
    return lines


def _signals(timeline: Timeline, final: WorldState, n: Nation, ever: list[Nation], rogues: dict[int, str]) -> str:
    nominations = _nominations(timeline)
    against = [f"{_name(by)} nominated it in cycle {c}" for c, by, target in nominations if target == n.id]
    cycles = [c for c, _, target in nominations if target == n.id]
    fellow = {t.id for t in ever if t.id != n.id}
    for past in final.past_votes:
        if past.kind != "rogue-vote" or n.id not in past.vote.options:
            continue
        backers = [s for s, c in past.vote.ballots if c == n.id]
        if backers:
            cycles.append(past.cycle)
            total = sum(past.vote.weight(s) for s in backers)
            against.append(f"cycle {past.cycle} rogue vote: {', '.join(_name(s) for s in backers)} (capital {total})")
    parts = ["; ".join(against) if against else "nobody nominated it or voted it rogue"]
    rogue_in = [c for c, r in sorted(rogues.items()) if r == n.id]
    if rogue_in:
        parts.append("rogue state in cycle " + ", ".join(map(str, rogue_in)) + " (its blockade was not announced)")
    if not n.in_game:
        parts.append(f"annexed in cycle {n.annexed_in} (whether it was a terrorist was not announced)")
    own = [target for _, by, target in nominations if by == n.id and target]
    own_votes = [dict(p.vote.ballots).get(n.id, "") for p in final.past_votes if p.kind == "rogue-vote"]
    pointed = [_name(t) for t in own + own_votes if t]
    if pointed:
        aimed = sorted({_name(t) for t in own + own_votes if t in fellow})
        parts.append(
            f"it pointed at {', '.join(dict.fromkeys(pointed))}"
            + (f", fellow terrorist(s) among them: {', '.join(aimed)}" if aimed else ", never at a fellow terrorist")
        )
    earliest = f"earliest public pointer: cycle {min(cycles)}" if cycles else "no public pointer"
    return "; ".join(parts) + f"; {earliest}."


def _goals(final: WorldState) -> Section:
    """X-W2: each state's goals beyond victory, met or not (the finished game shows all)."""
    lines = []
    for seat, goals in secondary_goals(final).items():
        said = "; ".join(f"{goal}: {'met' if met else 'not met'}" for goal, met in goals)
        lines.append(f"- {_name(seat)}: {said}")
    return "Goals beyond victory", lines
