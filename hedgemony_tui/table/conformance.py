"""Conformance checks that every game on the table must pass: headless, seeded, reusable.

In the spirit of Rally the Troops' fuzzer and OpenSpiel's ``api_test`` and
``random_sim_test``: seeded random playouts record every decision, and checks over
them and over states sampled along them look for what breaks a table: games that
never end or dead-end, legal intents refused, illegal ones accepted or changing the
state, saves that do not round-trip, games that a seed and decisions do not fix,
views (and computer players) that see other seats' secrets, undo that crosses a roll
or a reveal, and metadata that does not match the seats and options.

Every check returns a list of problems in words (empty: fine) naming the game, seed,
options and decision number: a test asserts ``== []`` and its failure is the
reproduction. Only the contract and the core are used; nothing here names a game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from . import match
from .contract import AnyRules, Decision, Policy, player_seats
from .errors import IllegalIntent
from .saves import game_text, read_game, save_game
from .session import Session

LENGTH_OPTIONS = ("turns", "rounds")  # options that set a game's length: playouts use SHORT_LENGTH
SHORT_LENGTH = 2  # two turns: a playout crosses the end of a turn as well as the end of the game
DECISIONS_PER_TURN = 1000
"""The bound on a playout, per turn: random Hedgemony takes 90-300 decisions a turn (seeds
1-4, 1, 2 and 8 turns), so a game past this is looping, not unlucky."""
DECISIONS_WITHOUT_LENGTH = 20_000  # the bound for a game with no length option
CONTROL_SHARE = 0.1
"""How often the random picker lets the control seat act out of turn (an injection) when
it may: often enough to fuzz it, rarely enough that the players' game still advances."""
UNKNOWN_ID = "zz-no-such-id"  # no game's card, location, stack or option
OUT_OF_RANGE = 1000  # added to and taken from number fields: outside any game's counts


@attrs.frozen
class Step:
    """One decision of a playout: the state before it, what was pending, the seat and
    intent taken (``by`` a picker or policy), and the state after it."""

    number: int
    before: Any
    decision: Decision
    seat: str
    intent: Any
    by: str
    after: Any


@attrs.frozen
class Playout:
    """A recorded game: ``label`` says how to reproduce it; ``problems`` holds what
    went wrong while playing (dead ends, crashes, no end within ``bound``)."""

    label: str
    seed: int
    options: Mapping[str, object]
    start: Any
    steps: tuple[Step, ...]
    final: Any
    problems: tuple[str, ...]
    bound: int

    @property
    def intents(self) -> tuple[Any, ...]:
        return tuple(step.intent for step in self.steps)

    def where(self, step: Step) -> str:
        return f"{self.label}, before decision {step.number} ({step.decision.kind}: {step.decision.prompt})"


# --- playouts -------------------------------------------------------------------------------


def short_options(rules: AnyRules, *, flip_switches: bool = False) -> dict[str, object]:
    """Options for a short game (``SHORT_LENGTH`` turns, within the option's bounds);
    ``flip_switches`` also turns every on/off option the other way from its default,
    so that a second playout covers the optional rules (physical dice, events...)."""
    chosen: dict[str, object] = {}
    for spec in rules.options():
        if spec.id in LENGTH_OPTIONS and spec.kind == "int":
            low = spec.minimum if spec.minimum is not None else 1
            high = spec.maximum if spec.maximum is not None else SHORT_LENGTH
            chosen[spec.id] = max(low, min(SHORT_LENGTH, high))
        elif flip_switches and spec.kind == "bool":
            chosen[spec.id] = not spec.default
    return chosen


def decision_bound(rules: AnyRules, options: Mapping[str, object]) -> int:
    """How many decisions a game may take before a playout calls it endless:
    ``DECISIONS_PER_TURN`` times its length, far above what random play needs."""
    for spec in rules.options():
        if spec.id in LENGTH_OPTIONS and spec.kind == "int":
            turns = options.get(spec.id, spec.default)
            assert isinstance(turns, int)
            return DECISIONS_PER_TURN * max(turns, 1)
    return DECISIONS_WITHOUT_LENGTH


def step_problems(rules: AnyRules, state: Any, where: str) -> list[str]:
    """Dead ends and stray seats at ``state``.

    Not over: ``legal`` is not empty, every seat in ``pending().seats`` has a legal
    intent of its own, and every legal intent belongs to a pending seat or to the
    control seat. The control seat (Hedgemony's White Cell) may act out of turn, as
    the contract's ``ControlBot`` says (it "may act before a player's": an injected
    event); no other seat may. Over: ``legal`` is empty.
    """
    decision = rules.pending(state)
    options = rules.legal(state)
    if decision.over:
        return [f"{where}: the game is over but legal() still offers {len(options)} intents"] if options else []
    if not decision.seats:
        return [f"{where}: the pending decision {decision.kind!r} names no seat"]
    if not options:
        return [f"{where}: dead end, nothing is legal while {decision.prompt!r} is pending"]
    owners = {rules.seat_of(o) for o in options}
    found = [
        f"{where}: {seat} owes the decision but has no legal intent" for seat in decision.seats if seat not in owners
    ]
    allowed = set(decision.seats) | {rules.info.control_seat}
    stray = sorted(s for s in owners if s not in allowed)
    if stray:
        found.append(
            f"{where}: legal() offers intents of {', '.join(stray)}, who owe nothing now "
            f"(pending: {', '.join(decision.seats)})"
        )
    return found


def pick(rules: AnyRules, decision: Decision, options: Sequence[Any], rng: random.Random) -> Any:
    """A uniformly random decision: first a seat among those owing it (sealed choices
    have several), then one of its intents; the control seat's out-of-turn intents
    are taken with chance ``CONTROL_SHARE`` (or when nothing else is on offer)."""
    owed = [o for o in options if rules.seat_of(o) in decision.seats]
    extra = [o for o in options if rules.seat_of(o) not in decision.seats]
    if extra and (not owed or rng.random() < CONTROL_SHARE):
        return rng.choice(extra)
    seats = sorted({rules.seat_of(o) for o in owed})  # sorted: set order varies by process
    seat = rng.choice(seats)
    return rng.choice([o for o in owed if rules.seat_of(o) == seat])


def random_playout(rules: AnyRules, seed: int, options: Mapping[str, object], *, bound: int | None = None) -> Playout:
    """A game of uniformly random decisions (``pick``, seeded by ``seed``), checked for
    dead ends at every step; it stops at the end, at a problem, or at ``bound``."""
    bound = decision_bound(rules, options) if bound is None else bound
    label = f"{rules.info.id} seed {seed} options {dict(options)} random picker"
    rng = random.Random(f"conformance/{seed}")  # a str seed hashes the same in every process
    start = state = rules.setup(seed, options)
    steps: list[Step] = []
    problems: list[str] = []
    while not problems:
        decision = rules.pending(state)
        where = f"{label}, before decision {len(steps) + 1} ({decision.kind}: {decision.prompt})"
        problems += step_problems(rules, state, where)
        if decision.over or problems:
            break
        if len(steps) >= bound:
            problems.append(f"{label}: not over after {bound} decisions (pending: {decision.prompt})")
            break
        intent = pick(rules, decision, rules.legal(state), rng)
        try:
            after = rules.apply(state, intent)
        except Exception as exc:
            problems.append(f"{where}: apply({intent!r}) of a legal intent raised {type(exc).__name__}: {exc}")
            break
        steps.append(Step(len(steps) + 1, state, decision, rules.seat_of(intent), intent, "random", after))
        state = after
    return Playout(label, seed, dict(options), start, tuple(steps), state, tuple(problems), bound)


def policy_playout(
    rules: AnyRules, seed: int, options: Mapping[str, object], policy: str, control_mode: str | None = None
) -> Playout:
    """A game of computer players (``policy`` at every player seat, the control seat's
    bot in ``control_mode``, default its first) through the table's one match loop."""
    bound = decision_bound(rules, options)
    modes = rules.control_modes() if rules.info.control_seat else ()
    mode = control_mode if control_mode is not None else (modes[0] if modes else None)
    control = rules.control_bot(mode) if mode is not None else None
    label = f"{rules.info.id} seed {seed} options {dict(options)} policy {policy}, control {mode}"
    policies = match.policies_for(rules, match.seat_policy_names(rules, policy))
    start = rules.setup(seed, options)
    steps: list[Step] = []
    problems: list[str] = []

    def take(state: Any, seat: str, choice: Any) -> Any:
        decision = rules.pending(state)
        problems.extend(step_problems(rules, state, f"{label}, before decision {len(steps) + 1}"))
        after = rules.apply(state, choice.intent)
        by = "control" if seat == rules.info.control_seat else policy
        steps.append(Step(len(steps) + 1, state, decision, seat, choice.intent, by, after))
        return after

    try:
        final = match.play(rules, start, policies, control, max_decisions=bound, apply=take)
    except Exception as exc:
        problems.append(f"{label}, decision {len(steps) + 1}: {type(exc).__name__}: {exc}")
        final = steps[-1].after if steps else start
    problems += step_problems(rules, final, f"{label}, at the end")
    return Playout(label, seed, dict(options), start, tuple(steps), final, tuple(problems), bound)


def replay(rules: AnyRules, seed: int, options: Mapping[str, object], intents: Sequence[Any]) -> list[Any]:
    """The states of a game replayed from ``setup(seed, options)`` (the start first)."""
    states = [rules.setup(seed, options)]
    for intent in intents:
        states.append(rules.apply(states[-1], intent))
    return states


def sample_steps(playout: Playout, *, per_kind: int = 2, every: int = 0) -> list[Step]:
    """Steps spread over the game: ``per_kind`` of every kind of decision (so a rare
    stage such as a vote is never missed), plus every ``every``-th step."""
    chosen: dict[int, Step] = {}
    kinds: dict[str, list[Step]] = {}
    for step in playout.steps:
        kinds.setdefault(step.decision.kind, []).append(step)
        if every and step.number % every == 0:
            chosen[step.number] = step
    for same in kinds.values():
        for i in range(min(per_kind, len(same))):
            step = same[(i * len(same)) // per_kind + len(same) // (2 * per_kind)]
            chosen[step.number] = step
    return [chosen[n] for n in sorted(chosen)]


def difference(a: Any, b: Any, path: str = "state", depth: int = 6) -> str:
    """Where two values first differ, as a dotted path with both values (for reports)."""
    if a == b:
        return ""
    children: list[tuple[str, Any, Any]] = []
    if attrs.has(type(a)) and type(a) is type(b):
        children = [(f".{f.name}", getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a))]
    elif isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b):
        children = [(f"[{i}]", x, y) for i, (x, y) in enumerate(zip(a, b))]
    elif isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        children = [(f"[{key!r}]", a[key], b[key]) for key in a]
    for suffix, x, y in children if depth else []:
        if x != y:
            return difference(x, y, path + suffix, depth - 1)
    return f"{path}: {repr(a)[:160]} != {repr(b)[:160]}"


# --- the checks on states ---------------------------------------------------------------------


def accept_problems(rules: AnyRules, state: Any, where: str, rng: random.Random, limit: int = 30) -> list[str]:
    """Every legal intent (at most ``limit``, sampled) is accepted, describes itself,
    leads to a state that passes ``check``, and leaves the state it was given as it was."""
    options = rules.legal(state)
    frozen = copy.deepcopy(state)  # a deep copy: an apply that mutates a dict inside shows
    found: list[str] = []
    for intent in options if len(options) <= limit else rng.sample(options, limit):
        text = intent.describe()
        if not isinstance(text, str) or not text.strip():
            found.append(f"{where}: {intent!r}.describe() gives no text")
        try:
            after = rules.apply(state, intent)
        except Exception as exc:
            found.append(f"{where}: legal intent {intent!r} raised {type(exc).__name__}: {exc}")
            continue
        found += [f"{where}: after {intent!r}: check() finds {p}" for p in rules.check(after)]
        if state != frozen:
            found.append(f"{where}: apply({intent!r}) changed the state it was given: {difference(frozen, state)}")
            break
    return found


@attrs.frozen
class Mutant:
    """An intent to try where it is not legal, what was changed, and whether no game
    may accept it (``strict``: an unknown id, a number far out of range)."""

    intent: Any
    change: str
    strict: bool = False


def mutants(rules: AnyRules, intent: Any) -> list[Mutant]:
    """Intents made from ``intent`` by changing one field: a seat id to every other
    seat, a number by +/- ``OUT_OF_RANGE`` (strict), an id (a word with no spaces) or a
    tuple's last id to ``UNKNOWN_ID`` (strict). Prose (text with spaces, or empty) is
    left alone: a game may accept any wording (Hedgemony's free-play titles)."""
    seats = [s.id for s in rules.seats()]
    made: list[Mutant] = []
    for f in attrs.fields(type(intent)) if attrs.has(type(intent)) else ():
        value = getattr(intent, f.name)
        news: list[Any] = []
        if isinstance(value, int) and not isinstance(value, bool):
            news = [value + OUT_OF_RANGE, value - OUT_OF_RANGE]
        elif isinstance(value, str) and value in seats:
            news = [other for other in seats if other != value]
        elif isinstance(value, str) and value and not any(c.isspace() for c in value):
            news = [UNKNOWN_ID]
        elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            news = [value[:-1] + (UNKNOWN_ID,)]
        made += [
            Mutant(attrs.evolve(intent, **{f.alias: new}), f"{f.name} {value!r} -> {new!r}", value not in seats)
            for new in news
        ]
    return made


def illegal_problems(rules: AnyRules, state: Any, where: str, candidates: Sequence[Mutant]) -> tuple[list[str], int]:
    """Intents not in ``legal(state)`` are refused with IllegalIntent and a message, the
    state untouched (equal to a deep copy, and the same save text); returns the
    problems and how many were refused (a test needs some, or it proved nothing).

    A game may accept more than ``legal()`` lists, of its ``open_intent_types`` only
    (free-play proposals and rulings that name any opponent): a non-strict candidate of
    such a type that is accepted is a problem only if its seat may not act now or the
    state it leads to fails ``check``. Any other accepted candidate is a problem, and a
    strict one must always be refused. Candidates in ``legal(state)`` are skipped.
    """
    legal = rules.legal(state)
    allowed = set(rules.pending(state).seats) | {rules.info.control_seat}
    frozen, text = copy.deepcopy(state), game_text(rules, state)
    found: list[str] = []
    refused = 0
    for mutant in candidates:
        intent, why = mutant.intent, f"{mutant.intent!r} ({mutant.change})"
        if intent in legal:
            continue
        try:
            after = rules.apply(state, intent)
        except IllegalIntent as exc:
            refused += 1
            if not str(exc).strip():
                found.append(f"{where}: {why} refused without a message")
        except Exception as exc:
            found.append(f"{where}: {why} crashed instead of being refused: {type(exc).__name__}: {exc}")
        else:
            seat = rules.seat_of(intent)
            if mutant.strict:
                found.append(f"{where}: {why} accepted")
            elif not isinstance(intent, rules.open_intent_types):
                found.append(f"{where}: {why} accepted though legal() does not list it")
            elif seat not in allowed:
                found.append(f"{where}: {why} accepted from {seat}, who owes nothing now")
            found += [f"{where}: accepted {why}, then check() finds {p}" for p in rules.check(after)]
        if state != frozen:
            found.append(f"{where}: {intent!r} changed the state: {difference(frozen, state)}")
            break
    if game_text(rules, state) != text:
        found.append(f"{where}: the save text changed while illegal intents were tried")
    return found, refused


def save_problems(rules: AnyRules, state: Any, where: str, folder: Path) -> list[str]:
    """Save -> load is the identity: the state read back is equal and writes the same text."""
    path = folder / f"{rules.info.id}-state.toml"
    text = game_text(rules, state)
    save_game(path, rules, state)
    saved = read_game(path)
    found = []
    if saved.state != state:
        found.append(f"{where}: the state read back differs: {difference(state, saved.state)}")
    elif game_text(rules, saved.state) != text:
        found.append(f"{where}: the state read back writes a different save text")
    return found


def session_save_problems(rules: AnyRules, playout: Playout, upto: int, folder: Path) -> list[str]:
    """A session played ``upto`` decisions, saved and resumed, has the same state, the
    same journal (entry for entry) and the same undo: undoing both gives equal states."""
    session = Session(rules, playout.start)
    for step in playout.steps[:upto]:
        session.apply(step.intent, by=step.by, reason=f"step {step.number}")
    path = folder / f"{rules.info.id}-session.toml"
    session.save(path)
    resumed = Session.resume(read_game(path))
    where = f"{playout.label}, session saved after {upto} decisions"
    found = []
    if resumed.state != session.state:
        found.append(f"{where}: resumed state differs: {difference(session.state, resumed.state)}")
    if resumed.journal != session.journal:
        found.append(f"{where}: the resumed journal differs: {difference(session.journal, resumed.journal, 'journal')}")
    if resumed.can_undo != session.can_undo:
        found.append(f"{where}: can_undo {session.can_undo} before saving, {resumed.can_undo} after resuming")
    elif session.can_undo:
        session.undo()
        resumed.undo()
        if resumed.state != session.state:
            found.append(
                f"{where}: undo after resuming gives another state: {difference(session.state, resumed.state)}"
            )
    return found


def undo_problems(
    rules: AnyRules, playout: Playout, *, deep_every: int = 25, probe_seats: Sequence[str] = ()
) -> list[str]:
    """Undo never crosses a roll or a reveal, along a session replaying ``playout``.

    After a step that ``reveals``, ``can_undo`` is false, ``undo`` raises IndexError and
    the journal marks the barrier; after any other step ``undo`` gives back the exact
    state before it (and redoing gives the same state after). Every ``deep_every`` steps
    undo runs as far as it goes and must stop exactly after the last barrier.

    ``reveals`` itself is probed at every step for each of ``probe_seats``: if a seat's
    views of the state and of ``vary_secrets(state)`` agree before the step and differ
    after it, the step showed that seat a secret (or a die), so it must be a barrier.
    """
    session = Session(rules, playout.start)
    trajectory = [playout.start]
    floor = 0  # the index in ``trajectory`` that undo may go back to, no further
    found: list[str] = []
    for step in playout.steps:
        where = playout.where(step)
        after = session.apply(step.intent, by=step.by)
        trajectory.append(after)
        barrier = rules.reveals(step.before, after)
        if getattr(session.last_entry(), "barrier", None) != barrier:
            found.append(f"{where}: the journal's barrier mark disagrees with reveals() = {barrier}")
        found += [] if barrier else _reveal_probe(rules, step, where, probe_seats)
        if barrier:
            floor = step.number
            try:
                session.undo()
            except IndexError:
                continue
            return found + [f"{where}: {step.intent!r} revealed something, yet it could be undone"]
        # Each failure returns at once: the rest of the session would cascade from it.
        if not session.can_undo:
            return found + [f"{where}: {step.intent!r} revealed nothing, yet it cannot be undone"]
        taken = session.undo()
        if session.state != step.before or taken.intent != step.intent:
            return found + [
                f"{where}: undo of {step.intent!r} does not give back the state before it: "
                f"{difference(step.before, session.state)}"
            ]
        session.apply(taken.intent, by=taken.by, reason=taken.reason)
        if session.state != after:
            return found + [f"{where}: redoing {step.intent!r} gives another state: {difference(after, session.state)}"]
        if step.number % deep_every == 0:
            undone = []
            while session.can_undo:
                undone.append(session.undo())
            if len(undone) != step.number - floor or session.state != trajectory[floor]:
                return found + [
                    f"{where}: undoing all the way took back {len(undone)} decisions, "
                    f"but the last roll or reveal was {step.number - floor} decisions ago"
                ]
            for entry in reversed(undone):
                session.apply(entry.intent, by=entry.by, reason=entry.reason)
    return found


def _reveal_probe(rules: AnyRules, step: Step, where: str, seats: Sequence[str]) -> list[str]:
    for seat in seats:
        varied = rules.vary_secrets(step.before, seat, 1)
        if rules.view(varied, seat) != rules.view(step.before, seat):
            continue  # the seat already sees a difference: the privacy check reports it
        try:
            varied_after = rules.apply(varied, step.intent)
        except IllegalIntent:
            continue  # the intent depended on the varied secrets: nothing to compare
        if rules.view(varied_after, seat) != rules.view(step.after, seat):
            return [
                f"{where}: {step.intent!r} shows {seat} something hidden before "
                f"({difference(rules.view(step.after, seat), rules.view(varied_after, seat))}), "
                "but reveals() is false, so undo could take it back"
            ]
    return []


def privacy_problems(
    rules: AnyRules, state: Any, where: str, salts: Sequence[int], policies: Mapping[str, Policy]
) -> tuple[list[str], set[str]]:
    """A player seat's view, its own options and each computer player's choice are the
    same on ``state`` and on ``vary_secrets(state, seat, salt)``. Returns the problems
    and the seats whose secrets the variation really changed (a test needs some)."""
    decision = rules.pending(state)
    legal = rules.legal(state)
    found: list[str] = []
    changed: set[str] = set()
    for seat in player_seats(rules):
        seen = rules.view(state, seat)
        own = [o for o in legal if rules.seat_of(o) == seat]
        for salt in salts:
            varied = rules.vary_secrets(state, seat, salt)
            if varied != state:
                changed.add(seat)
            other = rules.view(varied, seat)
            if other != seen:
                found.append(
                    f"{where}: {seat}'s view changes with others' secrets (vary_secrets salt {salt}): "
                    f"{difference(seen, other)}"
                )
            if seat not in decision.seats:
                continue
            other_own = [o for o in rules.legal(varied) if rules.seat_of(o) == seat]
            if other_own != own:
                found.append(f"{where}: {seat}'s options change with others' secrets (salt {salt})")
                continue
            for name, policy in policies.items() if own else ():
                mine, theirs = policy.decide(seen, own), policy.decide(other, other_own)
                if mine.intent != theirs.intent:
                    found.append(
                        f"{where}: {seat}'s {name} player picks {mine.intent!r}, but "
                        f"{theirs.intent!r} when others' secrets differ (salt {salt})"
                    )
    return found, changed
