"""Conformance checks on each seat's feed (the table host's view of a game): what a
seat reads of the pending decision (``pending_for``), its journal, and whom a result
concerns (``concerns``).

Like :mod:`.conformance`, every check returns problems in words (empty: fine) naming
where they were found, and only the contract is used: nothing here names a game. A
game's own secrets (names a seat must never read) come from its test, through
:func:`named_secret_problems`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .contract import AnyRules, Decision, player_seats
from .host import TableHost
from .seats import Seats
from .session import Session


def log_texts(view: Any) -> tuple[str, ...]:
    """A view's journal as text, one string per line (``view.log`` of lines with a
    ``text``, or of strings); empty when the view keeps no journal."""
    return tuple(str(getattr(line, "text", line)) for line in getattr(view, "log", ()) or ())


def _shape(decision: Decision) -> tuple[tuple[str, ...], str, str]:
    return decision.seats, decision.kind, decision.prompt


def pending_for_problems(rules: AnyRules, state: Any, where: str) -> list[str]:
    """``pending_for`` keeps the pending decision's seats and kind for every seat (for an
    eyes-closed kind, it may name more seats), and is the pending decision itself for
    the control seat."""
    full = rules.pending(state)
    found: list[str] = []
    control = rules.info.control_seat
    if control and _shape(rules.pending_for(state, control)) != _shape(full):
        found.append(
            f"{where}: the control seat {control} reads {rules.pending_for(state, control).prompt!r}, "
            f"not the pending decision {full.prompt!r}"
        )
    for seat in player_seats(rules):
        mine = rules.pending_for(state, seat)
        if full.kind in rules.info.eyes_closed_kinds and mine.kind == full.kind and set(full.seats) <= set(mine.seats):
            # An eyes-closed decision may read as owed by more seats than owe it (every seat
            # at the table, say): its real seats would name the one acting in secret.
            continue
        if (mine.seats, mine.kind) != (full.seats, full.kind):
            found.append(
                f"{where}: {seat} reads a decision of {mine.seats} ({mine.kind}), but {full.seats} "
                f"owe one ({full.kind})"
            )
    return found


def feed_problems(rules: AnyRules, state: Any, where: str, salts: Sequence[int]) -> tuple[list[str], set[str]]:
    """For every player seat, what it reads of the pending decision (prompt, seats, kind)
    and its journal's lines as text are the same on ``state`` and on
    ``vary_secrets(state, seat, salt)``. Returns the problems and the seats whose secrets
    the variation really changed."""
    found: list[str] = []
    changed: set[str] = set()
    for seat in player_seats(rules):
        mine = _shape(rules.pending_for(state, seat))
        lines = log_texts(rules.view(state, seat))
        for salt in salts:
            varied = rules.vary_secrets(state, seat, salt)
            if varied != state:
                changed.add(seat)
            other = _shape(rules.pending_for(varied, seat))
            if other != mine:
                found.append(
                    f"{where}: what {seat} reads of the pending decision changes with others' secrets "
                    f"(vary_secrets salt {salt}): {mine!r} != {other!r}"
                )
            other_lines = log_texts(rules.view(varied, seat))
            if other_lines != lines:
                first = next(
                    (i for i, (a, b) in enumerate(zip(lines, other_lines)) if a != b), min(len(lines), len(other_lines))
                )
                a = lines[first] if first < len(lines) else "(none)"
                b = other_lines[first] if first < len(other_lines) else "(none)"
                found.append(
                    f"{where}: {seat}'s journal changes with others' secrets (salt {salt}), "
                    f"line {first + 1}: {a!r} != {b!r}"
                )
    return found, changed


def concerns_problems(rules: AnyRules, before: Any, intent: Any, after: Any, where: str) -> list[str]:
    """Whom a result concerns: the seat that decided among them, every one a seat of the
    game, none twice."""
    seats = {s.id for s in rules.seats()}
    concerned = rules.concerns(before, after, intent)
    found: list[str] = []
    if rules.seat_of(intent) not in concerned:
        found.append(
            f"{where}: {intent!r} was decided by {rules.seat_of(intent)}, who is not among "
            f"the seats it concerns {concerned}"
        )
    stray = [s for s in concerned if s not in seats]
    if stray:
        found.append(f"{where}: concerns() names {stray}, who are not seats of the game")
    if len(set(concerned)) != len(concerned):
        found.append(f"{where}: concerns() names a seat twice: {concerned}")
    return found


def named_secret_problems(rules: AnyRules, state: Any, where: str, secrets: Mapping[str, Iterable[str]]) -> list[str]:
    """No player seat's journal (its view's log) or reading of the pending decision
    (``pending_for``) names a secret of another seat. ``secrets`` maps each seat to the
    words that name its secrets in ``state`` (a private event's card id and title)."""
    found: list[str] = []
    for seat in player_seats(rules):
        words = sorted({w for owner, named in secrets.items() if owner != seat for w in named if w})
        if not words:
            continue
        pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in words))
        for line in log_texts(rules.view(state, seat)):
            hit = pattern.search(line)
            if hit:
                found.append(f"{where}: {seat}'s journal names another seat's secret {hit.group(0)!r}: {line!r}")
        prompt = rules.pending_for(state, seat).prompt
        hit = pattern.search(prompt)
        if hit:
            found.append(f"{where}: {seat} reads a prompt naming another seat's secret {hit.group(0)!r}: {prompt!r}")
    return found


def host_feed_texts(rules: AnyRules, state: Any, seat: str) -> tuple[str, ...]:
    """Every string of ``seat``'s feed from a table host on ``state``: the prompt, the
    seats owing and the kind, its options as they describe themselves, its journal."""
    host = TableHost(rules, Session(rules, state), Seats.of_specs(rules.seats()))
    fed = host.feed(seat)
    return (
        fed.decision.prompt,
        " ".join(fed.decision.seats),
        fed.decision.kind,
        *(str(o.describe()) for o in fed.options),
        *log_texts(fed.view),
        *(n.text for n in fed.notes),
    )


def host_feed_problems(rules: AnyRules, state: Any, where: str, salts: Sequence[int]) -> list[str]:
    """For every player seat, every string of its feed from the table host (prompt,
    options, journal) is the same on ``state`` and on ``vary_secrets(state, seat, salt)``."""
    found: list[str] = []
    for seat in player_seats(rules):
        mine = host_feed_texts(rules, state, seat)
        for salt in salts:
            other = host_feed_texts(rules, rules.vary_secrets(state, seat, salt), seat)
            if other != mine:
                first = next((i for i, (a, b) in enumerate(zip(mine, other)) if a != b), min(len(mine), len(other)))
                a = mine[first] if first < len(mine) else "(none)"
                b = other[first] if first < len(other) else "(none)"
                found.append(f"{where}: {seat}'s feed changes with others' secrets (salt {salt}): {a!r} != {b!r}")
    return found
