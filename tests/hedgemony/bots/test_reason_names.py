"""Computer players' reasons name places, stacks and cards as players say them (issue 23:
names, not ids): no board place by its id ("baltics", "conus"), no stack by its id
("FF of US-1"), no forces in the short "3xM2" form. Cards keep their id after the title
("Title (RU-E08)"), for the facilitators who look cards up by number."""

from __future__ import annotations

import re

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table import match

PLAYERS = [s.id for s in RULES.seats() if not s.control]


def _reasons(kinds: dict[str, str], control: str, seed: int, limit: int) -> list[str]:
    policies = match.policies_for(RULES, kinds)
    bot = RULES.control_bot(control)
    state = RULES.setup(seed, {"turns": 1})
    reasons = []
    for _ in range(limit):
        if RULES.pending(state).over or state.phase is Phase.OVER:
            break
        found = match.next_choice(RULES, state, policies, bot)
        assert found is not None, "a computer seat owes this decision"
        _, choice = found
        reasons.append(choice.reason)
        state = RULES.apply(state, choice.intent)
    return reasons


def _ids_in(reason: str, place_ids: list[str]) -> list[str]:
    found = [p for p in place_ids if re.search(rf"(?<![\w/-]){re.escape(p)}(?![\w-])", reason)]
    found += re.findall(r"FF of [A-Z]+-\d+\b", reason) + re.findall(r"\b\d+xM\d\b", reason)
    return found


def test_the_reasons_of_a_turn_say_names_not_ids():
    state = RULES.setup(1, {"turns": 1})
    board = content_for(state.scenario).scenario.board
    place_ids = [loc.id for loc in board.locations if loc.id != loc.id.upper()]  # the lower-case ids
    kinds = {seat: "basic" for seat in PLAYERS} | {"IR": "random"}
    reasons = _reasons(kinds, "directed", seed=5, limit=160)
    assert len(reasons) > 40
    leaks = {reason: ids for reason in reasons if (ids := _ids_in(reason, place_ids))}
    assert not leaks
    # Cards by title, with the id kept after it.
    signals = [r for r in reasons if r.split(" ")[1] == "signals"]
    assert signals and all(re.search(r"\w \([A-Z]+-[A-Z0-9-]+\)", r) for r in signals)
