"""A White Cell ruling on a Blue free-play action, in words, for the proposer to read
before anything is paid (README X9): the table, who may answer, the forces that count,
the cost, the Critical Capabilities and each outcome row. Used by the decision prompt
and the log; pure (content and the public board only)."""

from __future__ import annotations

from . import names
from .content import Content
from .intents import RulingRow
from .op_kinds import a_kind, kind_words
from .state import GameState, Ruling
from .terms import Outcome

TABLE_WORDS = {
    "rt-b": "RT B (noncombat: the ratio of the FFs each side commits)",
    "crt-a": "CRT A (combat: the ratio of the CFs each side commits; Mod Levels count)",
    "d10": "a plain D10 on the ruling's own bands",
}


def _row(ruling: Ruling, row: RulingRow) -> str:
    label = Outcome(row.key).title if ruling.table != "d10" else f"faces {row.key}"
    parts = [f"{ruling.player} {row.blue_ip:+d}"] if row.blue_ip else []
    if ruling.opponent and row.opponent_ip:
        parts.append(f"{ruling.opponent} {row.opponent_ip:+d}")
    return f"{label}: {', '.join(parts) + ' IP' if parts else 'no change'}"


def _present(state: GameState, content: Content, ruling: Ruling) -> str:
    """The FFs each side has in the AOR of the place now."""
    board = content.scenario.board
    aor = board.aor_of(ruling.location)
    sides = [ruling.player] + ([ruling.opponent] if ruling.opponent else [])
    counts = []
    for player in sides:
        ffs = sum(s.ffs for s in state.stacks_of(player) if s.ffs and board.aor_of(s.location) == aor)
        counts.append(f"{player} {ffs} FF")
    return f"now in {names.aor(content, aor)}: {', '.join(counts)}"


def lines(state: GameState, content: Content, ruling: Ruling) -> list[str]:
    """The ruling, one fact a line."""
    place = names.place(content, ruling.location)
    table = TABLE_WORDS.get(ruling.table, ruling.table)
    if ruling.kind:  # the kind once: "US proposed an aid mission at Syria, ruled on RT B (...)"
        out = [f"{ruling.player} proposed {a_kind(ruling.kind)} at {place}, ruled on {table}"]
        if ruling.name and not ruling.name.startswith(kind_words(ruling.kind)):
            out[0] += f" — the White Cell's ruling: {ruling.name}"  # a ruling the White Cell named itself
    else:
        out = [f"{ruling.name or 'ruling'} at {place}: {table}"]
    if ruling.table == "d10":
        out.append("who may answer: no one (the die alone decides)")
    elif ruling.opponent:
        out.append(f"who may answer: {ruling.opponent}, committing forces to {place} as to a card's contest")
    else:
        out.append("who may answer: no one; read on RT B's Blue Advantage column")
    if ruling.table == "crt-a":
        # Ch. 8 and 10: on CRT A the FFs count as CFs (Mod Level, U.S. readiness, where they come from).
        out.append(
            f"forces that count: the CFs of the FFs each side commits to {place}, by Mod Level, U.S. "
            f"readiness and where they come from ({_present(state, content, ruling)})"
        )
    elif ruling.table == "rt-b":
        out.append(
            f"forces that count: the number of FFs each side commits to {place}; Mod Levels do not "
            f"count ({_present(state, content, ruling)})"
        )
    if ruling.table == "crt-a":
        blue = ", ".join(ruling.blue_capabilities) or "none"
        red = ", ".join(ruling.red_capabilities) or "none"
        out.append(f"Critical Capabilities: {ruling.player} {blue}; {ruling.opponent} {red}")
    out.append(f"cost: {ruling.cost} RP, paid only if {ruling.player} accepts")
    out.append("outcomes: " + "; ".join(_row(ruling, r) for r in ruling.rows))
    if ruling.opponent and ruling.table != "d10":
        stays_out = f"{ruling.opponent} {ruling.unopposed_ip:+d} IP, " if ruling.unopposed_ip else ""
        out.append(f"if {ruling.opponent} sends nothing: {stays_out}read on RT B's Blue Advantage column")
    return out


def summary(state: GameState, content: Content, ruling: Ruling) -> str:
    """The ruling on one line."""
    return "; ".join(lines(state, content, ruling))
