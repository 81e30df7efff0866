"""Conformance checks of a game's shape: its metadata, seats, options, intents, computer
players and setup agree with each other and with the contract; the seed is checked; an
outcome names every player, and only at the end.

Each check returns problems in words (empty: fine), like :mod:`.conformance`'s.
"""

from __future__ import annotations

import json

import attrs

from .conformance import UNKNOWN_ID, Playout
from .contract import AnyRules, GameRules, OptionSpec, player_seats
from .errors import RuleInputError
from .rules_base import MAX_SEED


def _bad_values(spec: OptionSpec) -> list[object]:
    """Values an option must refuse: the wrong kind, or a number just outside its bounds."""
    wrong: dict[str, list[object]] = {
        "bool": ["maybe", 1],
        "int": ["many", True],
        "choice": [UNKNOWN_ID],
        "text": [12345],
    }
    high = [spec.maximum + 1] if spec.kind == "int" and spec.maximum is not None else []
    low = [spec.minimum - 1] if spec.kind == "int" and spec.minimum is not None else []
    return wrong[spec.kind] + high + low


def contract_problems(rules: AnyRules, game_id: str, seed: int = 1) -> list[str]:
    """The rules object's metadata, seats, options, intents, policies and setup agree
    with each other and with the contract: each message names what disagrees."""
    found: list[str] = []
    info = rules.info
    if not isinstance(rules, GameRules):
        found.append("the rules object does not implement GameRules")
    if info.id != game_id:
        found.append(f"registered as {game_id!r} but info.id is {info.id!r}")
    seats = rules.seats()
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids) or not all(ids):
        found.append(f"seat ids are empty or repeated: {ids}")
    control = [s.id for s in seats if s.control]
    if control != ([info.control_seat] if info.control_seat else []):
        found.append(f"seats marked control {control} but info.control_seat is {info.control_seat!r}")
    if not 1 <= info.min_players <= info.max_players <= len(seats):
        found.append(f"players {info.min_players}-{info.max_players} do not fit {len(seats)} seats")
    specs = rules.options()
    if len({o.id for o in specs}) != len(specs):
        found.append("option ids are repeated")
    for spec in specs:
        if spec.problem(spec.default) is not None:
            found.append(f"option {spec.id}: its default {spec.default!r} fails its own check")
        for value in _bad_values(spec):
            if spec.problem(value) is None:
                continue  # only what the spec itself refuses: setup must agree with the form
            try:
                rules.setup(seed, {spec.id: value})
                found.append(f"setup accepted {spec.id} = {value!r}")
            except RuleInputError as exc:
                if spec.id not in str(exc):
                    found.append(f"setup refused {spec.id} = {value!r} without naming the option: {exc}")
    try:
        rules.setup(seed, {UNKNOWN_ID: 1})
        found.append(f"setup accepted an unknown option {UNKNOWN_ID!r}")
    except RuleInputError:
        pass
    state = rules.setup(seed, {})
    if state != rules.setup(seed, {o.id: o.default for o in specs}):
        found.append("setup with no options differs from setup with every option at its default")
    if not isinstance(state, rules.state_type):
        found.append(f"setup gives a {type(state).__name__}, not the declared {rules.state_type.__name__}")
    found += [f"a new game fails check(): {p}" for p in rules.check(state)]
    if rules.outcome(state) is not None:
        found.append("a new game already has an outcome")
    turn, phase = rules.turn_of(state)
    if not isinstance(turn, int) or not isinstance(phase, str):
        found.append(f"turn_of gives {(turn, phase)!r}, not (int, str)")
    try:
        json.dumps(rules.summary(state))
    except (TypeError, ValueError) as exc:
        found.append(f"summary() is not JSON-ready: {exc}")
    tags = [getattr(t, "TAG", None) for t in rules.intent_types]
    for t, tag in zip(rules.intent_types, tags):
        if not isinstance(tag, str) or not tag or not callable(getattr(t, "describe", None)) or not attrs.has(t):
            found.append(f"intent type {t.__name__} lacks a TAG, a describe() or attrs fields")
    if len(set(tags)) != len(tags):
        found.append(f"intent TAGs repeat: {tags}")
    names = rules.policy_names()
    if not names:
        found.append("no computer player (policy_names() is empty)")
    found += [f"policy({n!r}).name is {rules.policy(n).name!r}" for n in names if rules.policy(n).name != n]
    try:
        rules.policy(UNKNOWN_ID)
        found.append("policy() of an unknown name gave a policy instead of RuleInputError")
    except RuleInputError:
        pass
    if info.control_seat:
        for mode in rules.control_modes():
            rules.control_bot(mode)  # raises if a listed mode cannot be made
    return found


def outcome_problems(rules: AnyRules, playout: Playout) -> list[str]:
    """No outcome before the end; at the end, one result for every player seat and no
    other, each a win, loss or draw."""
    found = [
        f"{playout.where(s)}: an outcome before the game is over"
        for s in playout.steps
        if rules.outcome(s.before) is not None
    ][:3]
    outcome = rules.outcome(playout.final)
    if not rules.pending(playout.final).over:
        return found
    if outcome is None:
        return found + [f"{playout.label}: the game is over but outcome() is None"]
    seats = sorted(r.seat for r in outcome.results)
    if seats != sorted(player_seats(rules)):
        found.append(f"{playout.label}: the outcome names {seats}, not the player seats {sorted(player_seats(rules))}")
    found += [
        f"{playout.label}: {r.seat}'s result is {r.result!r}"
        for r in outcome.results
        if r.result not in ("win", "lose", "draw")
    ]
    return found


def seed_problems(rules: AnyRules) -> list[str]:
    """``setup`` refuses a seed that is not a whole number 0 <= seed < 2**63 (what a
    save and the dice hold) with a RuleInputError that says it is the seed."""
    found: list[str] = []
    for seed in (-1, MAX_SEED, "7", 1.5, True):
        try:
            rules.setup(seed, {})  # type: ignore[arg-type]  # wrong on purpose
        except RuleInputError as exc:
            if "seed" not in str(exc):
                found.append(f"setup refused the seed {seed!r} without saying it is the seed: {exc}")
        except Exception as exc:
            found.append(f"setup({seed!r}) raised {type(exc).__name__}: {exc}, not a RuleInputError")
        else:
            found.append(f"setup accepted the seed {seed!r}")
    for seed in (0, MAX_SEED - 1):
        try:
            rules.setup(seed, {})
        except RuleInputError as exc:
            found.append(f"setup refused the seed {seed}, which is allowed: {exc}")
    return found
