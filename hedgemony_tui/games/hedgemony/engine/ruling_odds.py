"""The odds of every outcome of a White Cell ruling, for the proposer to read before it
accepts and pays (rules/hedgemony/README.md X9; ch. 7: the White Cell helps players see
"the likelihood of various outcomes" before they decide).

Nothing here knows the tables: each case plays the ruling out on a copy of the state
with the engine's own reducers (accept, commit, decline) and counts the faces of the
die the engine would then roll (``odds.preview_after``). The cases are the proposer
sending every FF it has in the place's AOR (moves inside an AOR are free, ch. 9), and
the opponent either staying out or answering with every FF it has in that AOR; any
decision after those (a further round, a lead) adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from . import names
from .content import Content
from .game import content_of, legal_intents, pending, reduce
from .intents import AcceptRuling, ChooseLocation, CommitForces, DoneCommitting, Intent, ProposeAction, RuleAction
from .odds import RollPreview, preview_after
from .state import GameState, Ruling
from .terms import Outcome

STEPS = 64
"""A bound on the decisions one case takes (a card has few); it only guards against a loop."""


@attrs.frozen
class OddsCase:
    """One way the action may be answered, and the chance of each outcome row."""

    label: str
    chances: tuple[tuple[str, Fraction], ...]  # every row key of the ruling, in its order
    column: str  # the table's column the die is read on (e.g. "1:1", "blue-advantage")
    expected_ip: float  # the proposer's, over the faces (the rows' IP for it)
    short: str = ""  # the case in a few words ("DPRK stays out"), for one line of odds


def _in_aor(state: GameState, content: Content, player: str, location: str) -> int:
    board = content.scenario.board
    aor = board.aor_of(location)
    return sum(s.ffs for s in state.stacks_of(player) if s.ffs and board.aor_of(s.location) == aor)


def _commit_until_done(
    state: GameState,
    content: Content,
    player: str,
    location: str,
    pick: Callable[[GameState, list[Intent]], CommitForces | None],
) -> GameState:
    """``player`` answers its commitment decisions: the card's place when asked, then the
    commitments ``pick`` chooses among the options, until it picks none and stops."""
    for _ in range(STEPS):
        decision = pending(state, content)
        if decision.seat != player or state.run is None:
            return state
        options = legal_intents(state, content)
        choose = next((o for o in options if isinstance(o, ChooseLocation) and o.location == location), None)
        if choose is not None:
            state = reduce(state, choose, content)
            continue
        commit = pick(state, options)
        if commit is None:
            done = DoneCommitting(player)
            return reduce(state, done, content) if done in options else state
        state = reduce(state, commit, content)
    return state


def _send_all_in_aor(state: GameState, content: Content, player: str, location: str) -> GameState:
    """``player`` commits, stack by stack, every FF it has in the AOR of ``location``, then stops."""
    board = content.scenario.board
    aor = board.aor_of(location)
    used: set[str] = set()

    def biggest_left(now: GameState, options: list[Intent]) -> CommitForces | None:
        commits = [
            o
            for o in options
            if isinstance(o, CommitForces) and o.stack not in used and board.aor_of(now.stack(o.stack).location) == aor
        ]
        if not commits:
            return None
        best = max(commits, key=lambda o: (o.ffs, o.stack))
        used.add(best.stack)
        return best

    return _commit_until_done(state, content, player, location, biggest_left)


def _send_one(state: GameState, content: Content, player: str, location: str) -> GameState:
    """``player``, with no FF in the AOR, commits the fewest FFs the engine offers from
    anywhere (one stack), then stops: the least it must send to play the action at all."""

    def fewest_until_done_allowed(now: GameState, options: list[Intent]) -> CommitForces | None:
        if DoneCommitting(player) in options:
            return None
        commits = [o for o in options if isinstance(o, CommitForces)]
        return min(commits, key=lambda o: (o.ffs, o.stack)) if commits else None

    return _commit_until_done(state, content, player, location, fewest_until_done_allowed)


def _case(ruling: Ruling, label: str, preview: RollPreview | None, short: str = "") -> OddsCase | None:
    if preview is None:
        return None
    counts = {row.key: 0 for row in ruling.rows}
    gain = {row.key: row.blue_ip for row in ruling.rows}
    for face in preview.faces:
        if face.result in counts:
            counts[face.result] += 1
    total = len(preview.faces)
    expected = sum(gain[key] * n for key, n in counts.items()) / total
    chances = tuple((key, Fraction(n, total)) for key, n in counts.items())
    return OddsCase(label, chances, preview.column, expected, short)


def ruling_odds(state: GameState, content: Content | None = None) -> list[OddsCase]:
    """The odds of the ruling waiting for the proposer's answer, case by case (empty if
    none is waiting or it cannot be accepted now)."""
    proposal = state.proposal
    if proposal is None or proposal.ruling is None:
        return []
    content = content_of(state, content)
    ruling = proposal.ruling
    me, rival = ruling.player, ruling.opponent
    place = names.place(content, ruling.location)
    aor = names.aor(content, content.scenario.board.aor_of(ruling.location))
    try:
        accepted = reduce(state, AcceptRuling(me), content)
    except IllegalIntent:
        return []
    content = content_of(accepted, content)  # with the ruling's card
    if accepted.roll_request is not None:  # a plain D10: the die alone decides
        found = _case(ruling, "the die alone decides", preview_after(accepted, [], content))
        return [found] if found else []
    mine = _in_aor(state, content, me, ruling.location)
    if mine:
        sent = _send_all_in_aor(accepted, content, me, ruling.location)
        yours = f"{me} commits all {mine} of its FF in the {aor} area"
    else:  # nothing in the AOR: the fewest FFs it may bring in from outside (their move is paid)
        sent = _send_one(accepted, content, me, ruling.location)
        yours = f"{me}, with no FF in the {aor} area, brings in the fewest it may (their move costs RP)"
    cases: list[OddsCase | None] = []
    if rival:
        cases.append(
            _case(
                ruling,
                f"{yours}; {rival} stays out ({rival} {ruling.unopposed_ip:+d} IP)",
                preview_after(sent, [], content),
                f"if {rival} stays out",
            )
        )
        theirs = _in_aor(state, content, rival, ruling.location)
        if theirs:
            answered = _send_all_in_aor(sent, content, rival, ruling.location)
            cases.append(
                _case(
                    ruling,
                    f"{yours}; {rival} answers with its {theirs} FF in {aor}",
                    preview_after(answered, [], content),
                    f"if {rival} answers",
                )
            )
    else:
        cases.append(
            _case(ruling, f"{yours} to {place}; no one answers", preview_after(sent, [], content), "no one answers")
        )
    return [c for c in cases if c is not None]


def outcome_title(key: str) -> str:
    """A row key in words: an outcome of CRT A / RT B, or a band of D10 faces."""
    try:
        return Outcome(key).title
    except ValueError:
        return f"faces {key}"


def odds_line(state: GameState, content: Content | None = None) -> str:
    """The odds of the ruling waiting for an answer on one line, case by case, for the
    place the proposer accepts or withdraws ("" if there are none): the chance of a Blue
    gain, the Status Quo and a Red gain, and the IP the proposer expects."""
    parts = []
    for case in ruling_odds(state, content):
        chances = dict(case.chances)
        if all(key in {o.value for o in Outcome} for key in chances):
            blue = sum((c for k, c in chances.items() if k.startswith("blue")), Fraction(0))
            red = sum((c for k, c in chances.items() if k.startswith("red")), Fraction(0))
            quo = chances.get(Outcome.STATUS_QUO.value, Fraction(0))
            odds = f"Blue gain {float(blue):.0%}, Status Quo {float(quo):.0%}, Red gain {float(red):.0%}; "
        else:  # a plain D10 on the ruling's own bands
            odds = ", ".join(f"faces {k} {float(c):.0%}" for k, c in chances.items()) + "; "
        parts.append(f"{case.short + ': ' if case.short else ''}{odds}expect {case.expected_ip:+.1f} IP")
    return " | ".join(parts)


def proposal_odds(state: GameState, intent: ProposeAction, content: Content | None = None) -> str:
    """The odds of a proposal before it is made, on one short line: the proposal as the
    White Cell's first standard ruling would rule it (the kind's table, the opponent with
    a stake, the cost; README X9), then :func:`ruling_odds` case by case. "" if it cannot
    be proposed or ruled now. A White Cell may rule otherwise: the line says so."""
    content = content_of(state, content)
    try:
        proposed = reduce(state, intent, content)
        ruling = next((i for i in legal_intents(proposed, content) if isinstance(i, RuleAction)), None)
        if ruling is None:
            return ""
        ruled = reduce(proposed, ruling, content)
    except IllegalIntent:
        return ""
    table = {"crt-a": "CRT A", "rt-b": "RT B"}.get(ruling.table, ruling.table)
    against = f" against {ruling.opponent}" if ruling.opponent else ""
    cases = []
    for case in ruling_odds(ruled, content):
        chances = dict(case.chances)
        blue = sum((c for k, c in chances.items() if k.startswith("blue")), Fraction(0))
        red = sum((c for k, c in chances.items() if k.startswith("red")), Fraction(0))
        cases.append(
            f"{case.short.removeprefix('if ')}: Blue {float(blue):.0%} Red {float(red):.0%}, {case.expected_ip:+.1f} IP"
        )
    if not cases:
        return ""
    return f"if ruled as usual, {table}{against}, {ruling.cost} RP: " + "; ".join(cases)
