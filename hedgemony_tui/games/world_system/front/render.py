"""What the world-system board draws, as rich text from one seat's view: the bands of
states with their badges, the cycle and stage tracker, the vote panel, the moderator's
read-aloud panel and the end report's sections.

Pure functions of the view they are given (``table.seen_state()``): a terrorist badge is
drawn only where the view keeps it (a terrorist's own view, the moderator's, a finished
game's); a sealed ballot only where the view holds it. No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.votes import SEALED, Visibility

from ..engine.ending import secondary_goals
from ..engine.moderator import ENDINGS, alliances
from ..engine.state import Nation, WorldState
from ..engine.world import MODERATOR, Status, world
from .stages import FROM_CYCLE_2, GROUPS, RISE, stage_words, step_of

BANDS = ((Status.CORE, "CORE"), (Status.SEMI, "SEMI"), (Status.PERIPHERAL, "PERIPH"))
"""The bands, richest first, by the short names their first rows carry."""
GOAL_WORDS = {"world-empire": "empire", "world-economy": "economy"}
YOU = "▶"
NOW = "▶"

LEGEND = (
    ("H", "the hegemon"),
    ("C·empire / C·economy", "a hegemony contender and its declared goal (C: not declared yet)"),
    ("R", "the rogue state of this cycle"),
    ("S", "a strikebreaker (did not back the last revolution)"),
    ("A", "annexed by the hegemon (out of the game; the row is dimmed)"),
    ("T", "a terrorist state: shown only to the terrorists and the moderator"),
    (YOU, "your own state (the seat at the keyboard)"),
)
"""Every badge and mark of the board, for the help and the tests."""


def badges(seen: WorldState, n: Nation) -> list[str]:
    """The row's badges, letters first so they read without colour."""
    found = []
    if n.id == seen.hegemon:
        found.append("H")
    if n.id in seen.contenders:
        goal = GOAL_WORDS.get(seen.goal_of(n.id), "")
        found.append(f"C·{goal}" if goal else "C")
    if n.rogue:
        found.append("R")
    if n.strikebreaker:
        found.append("S")
    if not n.in_game:
        found.append("A")
    if n.terrorist:
        found.append("T")
    return found


_BADGE_STYLE = {"H": "bold yellow", "C": "bold cyan", "R": "bold magenta", "S": "bold", "A": "dim", "T": "bold red"}


def board(seen: WorldState, viewer: str, width: int = 56) -> Text:
    """The three bands, one row per state: the band's name on its first row, then the
    state, its capital as a number and a bar, its badges."""
    bar_room = max(6, min(30, width - 42))
    top = max([n.capital for n in seen.nations] + [1])
    out = Text()
    for status, title in BANDS:
        rows = [n for n in seen.nations if n.status is status]
        for i, n in enumerate(rows):
            out.append(f"{title if i == 0 else '':<7}", style="bold")
            mine = n.id == viewer
            style = "dim" if not n.in_game else ("bold" if mine else "")
            out.append(f"{YOU if mine else ' '} ", style="bold reverse" if mine else "")
            out.append(f"{seen.name(n.id):<12}", style=style)
            out.append(f"{n.capital:>4} ", style=style)
            filled = round(bar_room * n.capital / top) if n.capital else 0
            out.append("█" * filled + "·" * (bar_room - filled), style="dim" if not n.in_game else "green")
            for badge in badges(seen, n):
                out.append(" ")
                out.append(badge, style=_BADGE_STYLE.get(badge[0], ""))
            out.append("\n")
        if not rows:
            out.append(f"{title:<7}", style="bold")
            out.append("  (no state)\n", style="dim")
    return out


def tracker(seen: WorldState) -> Text:
    """Cycle 1-4 and the steps of the rise and the decline, the current one marked ▶ (a
    symbol, and reverse video)."""
    last = world().last_cycle
    out = Text()
    if seen.over:
        ending = ENDINGS.get(seen.ending, seen.ending).split(":")[0]
        out.append(f"Cycle {min(seen.cycle, last)} of {last} │ the game is over: {ending}", style="bold")
        return out
    now = step_of(seen.stage)
    out.append(f"Cycle {seen.cycle} of {last} ", style="bold")
    out.append("".join("●" if c <= seen.cycle else "○" for c in range(1, last + 1)))
    out.append(f"   now: {stage_words(seen.stage)}", style="italic")
    for phase in (RISE, "decline"):
        out.append(f"\n{phase.upper():>8}: ", style="bold")
        steps = [word for p, word, _ in GROUPS if p == phase]
        for i, word in enumerate(steps):
            if i:
                out.append(" › ", style="dim")
            if word == now:
                out.append(f"{NOW}{word.upper()}", style="bold reverse")
            elif word in FROM_CYCLE_2 and seen.cycle < 2:
                out.append(f"({word})", style="dim")
            else:
                out.append(word)
    return out


def _name(seen: WorldState, seat: str) -> str:
    return seen.name(seat)


def _option(seen: WorldState, kind: str, option: str) -> str:
    if kind == "revolution":
        return {"support": "support the revolution", "strikebreak": "strikebreak"}.get(option, option)
    return seen.name(option)


def vote_panel(seen: WorldState, viewer: str) -> RenderableType:
    """The vote under way (question, options, who is still to vote, the ballots this seat
    may see) or else the last completed one with its tally; "" before any vote."""
    vote, kind = seen.vote, seen.vote_kind
    if vote is not None and kind and not vote.complete:
        out = Text()
        out.append(f"VOTE · {stage_words(kind)}\n", style="bold")
        out.append(vote.question + "\n")
        out.append("Options: " + ", ".join(_option(seen, kind, o) for o in vote.options) + "\n")
        if vote.weights:
            out.append("Each ballot counts its state's capital.\n", style="dim")
        out.append(vote.waiting_line(seen.name) + "\n", style="italic")
        shown = [(s, o) for s, o in vote.ballots if o != SEALED]
        if vote.visibility is Visibility.OPEN and shown:
            out.append("Open ballots: " + "; ".join(f"{_name(seen, s)} → {_option(seen, kind, o)}" for s, o in shown))
            out.append("\nSo far: " + ", ".join(f"{_option(seen, kind, o)} {t}" for o, t in vote.tally().items()))
        elif shown and viewer == MODERATOR:
            out.append("Sealed ballots (only the moderator sees them): ", style="bold")
            out.append("; ".join(f"{_name(seen, s)} → {_option(seen, kind, o)}" for s, o in shown))
        elif shown:
            out.append(f"Your sealed ballot: {_option(seen, kind, shown[0][1])}")
        war = war_panel(seen)  # the revolution vote follows the war at once: its result stays in sight
        return Group(out, war) if war else out
    war = war_panel(seen)
    if not seen.past_votes:
        return war or Text("No vote yet this game.", style="dim")
    past = _past_vote(seen, seen.past_votes[-1])
    return Group(war, Text(), past) if war else past


def war_lines(seen: WorldState) -> list[str]:
    """The world war's result in words: each alliance and its capital, the winner and its
    goal ([] before the war is fought; the next cycle's opening clears it)."""
    if not seen.war_winner:
        return []
    totals = dict(zip(seen.contenders, seen.war_totals))
    lines = []
    # the alliances are those of the war's cycle: the opening that clears them comes after the cycle's count moves on
    for contender, members in alliances(attrs.evolve(seen, cycle=war_cycle(seen))).items():
        lines.append(
            f"{seen.name(contender)}'s alliance: capital {totals.get(contender, 0)} "
            f"({', '.join(map(seen.name, members))})"
        )
    winner = seen.name(seen.war_winner)
    goal = {"world-empire": "world-empire domination", "world-economy": "world-economy leadership"}.get(
        seen.goal_of(seen.war_winner), "no goal declared"
    )
    lines.append(f"{winner} wins the world war (its goal: {goal}).")
    return lines


def war_cycle(seen: WorldState) -> int:
    """The cycle whose world war ``seen`` still shows (the next one's opening is pending)."""
    return seen.cycle - 1 if seen.stage == "opening" else seen.cycle


def war_panel(seen: WorldState) -> Text | None:
    """The war's result, kept on the board until the next cycle's opening."""
    lines = war_lines(seen)
    if not lines:
        return None
    out = Text()
    out.append(f"THE WORLD WAR · cycle {war_cycle(seen)}\n", style="bold")
    out.append("\n".join(lines[:-1]) + "\n")
    out.append(lines[-1], style="bold")
    return out


def _past_vote(seen: WorldState, past: Any) -> Text:
    vote, kind = past.vote, past.kind
    out = Text()
    out.append(f"LAST VOTE · cycle {past.cycle} · {stage_words(kind)}\n", style="bold")
    by_option: dict[str, list[str]] = {o: [] for o in vote.options}
    for seat, option in vote.ballots:
        if option in by_option:
            by_option[option].append(seen.name(seat))
    if kind == "alliance-vote" and past.cycle == seen.cycle and seen.contenders:
        for contender, members in alliances(seen).items():
            total = sum(seen.nation(m).capital for m in members)
            out.append(f"{seen.name(contender)}'s alliance: capital {total} ({', '.join(map(seen.name, members))})\n")
    else:
        totals = dict(vote.totals)
        for option, names in by_option.items():
            # a weighted ballot counts its state's capital: say so, or it reads as the option's own capital
            count = totals.get(option, 0)
            worth = f"votes worth {count} capital" if vote.weights else f"{count} vote{'s' if count != 1 else ''}"
            out.append(f"{_option(seen, kind, option)}: {worth}")
            out.append(f" ({', '.join(names)})\n" if names else "\n")
    if past.result:
        out.append(f"Result: {_result_words(seen, kind, past.result)}", style="bold")
    return out


def _result_words(seen: WorldState, kind: str, result: str) -> str:
    """A vote's result with the states named as the board names them ("France", not "france")."""
    ids = {n.id for n in seen.nations}
    if result in ids:
        return seen.name(result)
    words = {"revolution": "the revolution happens", "strikebreakers": "the revolution fails (strikebreakers)"}
    return words.get(result, result)


def read_aloud(prompt: str, recent: Sequence[str], yours: bool = True) -> Text:
    """The moderator's console: the pending step in large plain words, and the latest
    public line of the journal to read out to the room; Enter goes on when the step is
    the moderator's (else the players are deciding)."""
    out = Text()
    out.append("READ ALOUD\n", style="bold reverse")
    # the key line first: a long text below it is cut at the panel's foot, never the key
    if yours:
        out.append("Read it out, then Enter goes on.\n", style="dim")
    else:
        out.append("The players are deciding: wait for them.\n", style="dim")
    out.append(prompt + "\n", style="bold")
    for line in recent:
        out.append(f"\n{line}\n")
    out.rstrip()
    return out


def public_lines(seen: WorldState, count: int = 2) -> list[str]:
    """The last ``count`` public journal lines (what the room may hear)."""
    return [e.text for e in seen.log if not e.to][-count:]


# --- the end of the game (a finished game's view: every secret shown)


def ending_section(seen: WorldState) -> RenderableType:
    winners = ", ".join(seen.name(w) for w in seen.winners) or "nobody"
    out = Text()
    out.append(ENDINGS.get(seen.ending, seen.ending) + "\n", style="bold")
    out.append(f"Winners: {winners}")
    return out


def goals_section(seen: WorldState) -> RenderableType:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("State")
    table.add_column(Text("Secondary goals ([x] met, [ ] not met)"))
    for seat, goals in secondary_goals(seen).items():
        # Text, not markup: "[x]" would read as a style tag.
        table.add_row(seen.name(seat), Text("\n".join(f"{'[x]' if met else '[ ]'} {goal}" for goal, met in goals)))
    return table


def terrorists_section(seen: WorldState) -> RenderableType:
    out = Text()
    ever = [n for n in seen.nations if n.terrorist_since >= 0]
    if not ever:
        return Text("No state was a terrorist state.")
    for n in ever:
        how = "dealt the card at the start" if n.terrorist_since == 0 else f"since cycle {n.terrorist_since}"
        if n.recruited_by:
            how += f", recruited by {seen.name(n.recruited_by)}'s coup"
        if not n.in_game:
            how += f"; annexed in cycle {n.annexed_in}, which ended its status"
        out.append(f"{seen.name(n.id)}: {how}\n")
    for coup in seen.coups:
        if coup.target:
            continue  # told above, on the puppet state's line
        if coup.by == MODERATOR:
            out.append(f"Cycle {coup.cycle}: no terrorist state could stage a coup.\n", style="dim")
        else:
            out.append(f"Cycle {coup.cycle}: {seen.name(coup.by)} stayed covert (no coup).\n", style="dim")
    return out


def end_sections(seen: WorldState) -> list[tuple[str, RenderableType]]:
    return [
        ("The ending", ending_section(seen)),
        ("The terrorists revealed", terrorists_section(seen)),
        ("Secondary goals", goals_section(seen)),
    ]
