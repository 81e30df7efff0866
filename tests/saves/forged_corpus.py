"""Corpora of damaged and forged Hedgemony saves, built from a real game (issue 18).

* :func:`digit_flips`: one number in ``[data]`` changed (+1, ×1000, negated), the file
  otherwise as written, its checksum left as it was: silent damage, or an edit made
  without saying so. The checksum must refuse every one.
* :func:`forgeries`: states no game could reach (1,000 FFs, 10⁶ RP, a card signalled by
  two players, a ruling costing -100...), written as the program writes a save, so
  their checksums match: the rules checks must refuse every one.

Written to work with older code too (no ``codec.checksum``) so that the figures before
a change can be measured with the same corpus.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import tomli_w

from hedgemony_tui.table import codec, match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.session import Session

RULES = get_rules("hedgemony")


def rich_state(seed: int = 3) -> Any:
    """A state of a real game with signals, activation markers, cards played and a card
    in play: computer play until all of them are there."""
    session = Session(RULES, RULES.setup(seed, {"turns": 3, "activation_markers": True}))
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    bot = RULES.control_bot("random-events")
    for _ in range(2_000):
        state = session.state
        if state.signals and state.activations and state.played and state.run is not None and state.turn >= 2:
            return state
        step = match.next_choice(RULES, state, policies, bot)
        assert step is not None, "the game ended before it had everything the corpus needs"
        session.apply(step[1].intent, by="basic")
    raise AssertionError("no state with signals, markers, cards played and a card in play")


def resign(text: str) -> str:
    """``text`` with its ``[end]`` checksum made to match its data again, as a forger who
    knows the format would do (unchanged on code without checksums)."""
    checksum = getattr(codec, "checksum", None)
    document = tomllib.loads(text)
    if checksum is None or "sha256" not in document.get("end", {}):
        return text
    document["end"]["sha256"] = checksum(document)
    return tomli_w.dumps(document)


def _int_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _int_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _int_paths(item, (*path, index))


def _changed(document: dict[str, Any], path: tuple[Any, ...], change: Callable[[int], int]) -> dict[str, Any] | None:
    copy = tomllib.loads(tomli_w.dumps(document))
    holder = copy
    for key in path[:-1]:
        holder = holder[key]
    old = holder[path[-1]]
    new = change(old)
    if new == old or not -(2**63) <= new < 2**63:
        return None
    holder[path[-1]] = new
    return copy


CHANGES: dict[str, Callable[[int], int]] = {"+1": lambda n: n + 1, "x1000": lambda n: n * 1000, "negated": lambda n: -n}


def digit_flips(text: str, sample: int = 40, seed: int = 18) -> list[tuple[str, str]]:
    """Saves with one number of ``[data]`` changed (for ``sample`` numbers chosen at
    random, each changed in every way of :data:`CHANGES` that changes it); names say which."""
    document = tomllib.loads(text)
    paths = sorted(_int_paths(document["data"], ("data",)), key=repr)
    chosen = random.Random(seed).sample(paths, min(sample, len(paths)))
    corpus = []
    for path in chosen:
        for name, change in CHANGES.items():
            forged = _changed(document, path, change)
            if forged is not None:
                corpus.append((f"{'.'.join(map(str, path[1:]))} {name}", tomli_w.dumps(forged)))
    return corpus


def _player(state: Any, pid: str, **changes: Any) -> Any:
    return attrs.evolve(state, players=tuple(attrs.evolve(p, **changes) if p.id == pid else p for p in state.players))


def _stack(state: Any, index: int, **changes: Any) -> Any:
    stacks = list(state.stacks)
    stacks[index] = attrs.evolve(stacks[index], **changes)
    return attrs.evolve(state, stacks=tuple(stacks))


def _forged_states(state: Any) -> Iterator[tuple[str, Any]]:
    """Hand-forged states: the issue's list, and one for each part of the load check."""
    from hedgemony_tui.games.hedgemony.engine.intents import RulingRow
    from hedgemony_tui.games.hedgemony.engine.state import LogEntry, Phase, Procurement, Ruling, Stage
    from hedgemony_tui.games.hedgemony.rules import RULES as HEDGEMONY  # RULES, typed as Hedgemony's own

    content = HEDGEMONY.content
    ru_stack = next(i for i, s in enumerate(state.stacks) if s.owner == "RU")
    prc_card = next(c.id for c in content.deck("PRC"))
    ru_card = next(c.id for c in content.deck("RU"))
    yield "1,000 FFs on a stack", _stack(state, ru_stack, ffs=1000)
    yield "10^6 RP", _player(state, "US", rp=1_000_000)
    yield "negative RP", _player(state, "RU", rp=-5)
    yield "10^6 IP", _player(state, "PRC", ip=1_000_000)
    yield "10^6 RP a turn", _player(state, "IR", per_turn_rp=1_000_000)
    yield "Tech Level 9", _player(state, "DPRK", tech_level=9)
    yield "capability above Tech", _player(state, "US", capabilities={"LRF": 7})
    yield "unknown capability", _player(state, "US", capabilities={"LASERS": 1})
    yield "wrong side", _player(state, "RU", side="blue")
    yield "a player missing", attrs.evolve(state, players=state.players[1:])
    yield "a stack at no place", _stack(state, ru_stack, location="atlantis")
    yield "readiness 85%", _stack(state, ru_stack, readiness=85)
    yield "Mod 9", _stack(state, ru_stack, mod=9)
    yield "a stack of an unknown player", _stack(state, ru_stack, owner="ZZ")
    yield "a stack id twice", attrs.evolve(state, stacks=(*state.stacks, state.stacks[0]))
    yield (
        "Russia and China both signal a PRC card",
        attrs.evolve(state, signals={**state.signals, "RU": (prc_card, *state.signals.get("RU", ())[1:])}),
    )
    yield (
        "a signal of an unknown card",
        attrs.evolve(state, signals={**state.signals, "RU": ("RU-99", "RU-98", "RU-97")}),
    )
    yield "four signals", attrs.evolve(state, signals={**state.signals, "RU": (*state.signals["RU"], ru_card)})
    yield "Blue signals", attrs.evolve(state, signals={**state.signals, "US": state.signals["RU"]})
    yield "a marker on a card not signalled", attrs.evolve(state, activations={"RU": (prc_card,)})
    yield "a card played by another player", attrs.evolve(state, played={**state.played, "US": (prc_card,)})
    yield "an unknown card played", attrs.evolve(state, played={**state.played, "US": ("US-99",)})
    yield "a 1,000-FF procurement", attrs.evolve(state, procurements=(Procurement("RU", 1000, 1, "conus"),))
    yield "a procurement above Tech", attrs.evolve(state, procurements=(Procurement("RU", 2, 7, "conus"),))
    ruling = Ruling(
        "FP-900",
        1,
        "US",
        "conus",
        "forged",
        "rt-b",
        "RU",
        -100,
        rows=tuple(RulingRow(o, 1, -1) for o in ("red-major", "red-minor", "status-quo", "blue-minor", "blue-major")),
    )
    yield "a ruling costing -100", attrs.evolve(state, rulings=(ruling,))
    yield "a ruling costing 500", attrs.evolve(state, rulings=(attrs.evolve(ruling, cost=500),))
    yield "a ruling on an unknown table", attrs.evolve(state, rulings=(attrs.evolve(ruling, cost=1, table="tarot"),))
    yield (
        "a ruling paying 50 IP",
        attrs.evolve(
            state, rulings=(attrs.evolve(ruling, cost=1, rows=tuple(attrs.evolve(r, blue_ip=50) for r in ruling.rows)),)
        ),
    )
    yield "500 turns", attrs.evolve(state, settings=attrs.evolve(state.settings, turns=500))
    yield "an extra card costs -5", attrs.evolve(state, settings=attrs.evolve(state.settings, red_extra_card_cost=-5))
    yield "event chance 11", attrs.evolve(state, settings=attrs.evolve(state.settings, random_event_chance=11))
    yield (
        "a Red order without Iran",
        attrs.evolve(state, settings=attrs.evolve(state.settings, red_order=("RU", "PRC", "DPRK"))),
    )
    yield "turn 0", attrs.evolve(state, turn=0)
    yield "a turn past the end", attrs.evolve(state, turn=state.settings.turns + 1)
    run = state.run
    no_vote = next(c for c in content.cards.values() if c.vote is None and c.player == run.actor)
    yield "a vote on a card without one", attrs.evolve(state, run=attrs.evolve(run, card=no_vote.id, stage=Stage.VOTE))
    yield (
        "a card in play of another player",
        attrs.evolve(state, run=attrs.evolve(run, actor="NATO" if run.actor != "NATO" else "US")),
    )
    yield "a card in play at no place", attrs.evolve(state, run=attrs.evolve(run, location="atlantis"))
    yield "an unknown card in play", attrs.evolve(state, run=attrs.evolve(run, card="ZZ-01"))
    yield (
        "a log line of an unknown seat",
        attrs.evolve(
            state, log=(*state.log, LogEntry(state.log[-1].seq + 1, state.turn, Phase.BLUE, "ZZ", "note", "forged"))
        ),
    )
    yield "a log line out of order", attrs.evolve(state, log=(*state.log, attrs.evolve(state.log[0])))
    yield (
        "a log line from a turn to come",
        attrs.evolve(
            state, log=(*state.log, LogEntry(state.log[-1].seq + 1, state.turn + 5, Phase.BLUE, "US", "note", "forged"))
        ),
    )
    yield "a winner who is no player", attrs.evolve(state, winners=("ZZ",))


def forgeries(state: Any) -> list[tuple[str, str]]:
    """Each forged state as the program would save it (so its checksum matches)."""
    from hedgemony_tui.table.saves import game_text

    return [(name, game_text(RULES, forged)) for name, forged in _forged_states(state)]


def text_forgeries(text: str) -> list[tuple[str, str]]:
    """Forgeries made in the text (×1000 or negated numbers where no game goes), re-signed."""
    document = tomllib.loads(text)
    data = document["data"]
    targets: list[tuple[str | int, ...]] = [
        ("data", "players", i, key)
        for i in range(len(data["players"]))
        for key in ("rp", "ip", "per_turn_rp", "tech_level")
    ]
    targets += [
        ("data", "stacks", i, key) for i in range(0, len(data["stacks"]), 3) for key in ("ffs", "mod", "readiness")
    ]
    targets += [
        ("data", "turn"),
        ("data", "settings", "turns"),
        ("data", "settings", "random_event_chance"),
        ("data", "settings", "red_extra_after"),
    ]
    corpus = []
    for path in targets:
        for name, change in (("x1000", CHANGES["x1000"]), ("negated", CHANGES["negated"])):
            if name == "negated" and path[-1] == "ip":
                continue  # a player's IP may fall below 0 in play
            forged = _changed(document, path, change)
            if forged is not None:
                corpus.append((f"{'.'.join(map(str, path[1:]))} {name}", resign(tomli_w.dumps(forged))))
    return corpus
