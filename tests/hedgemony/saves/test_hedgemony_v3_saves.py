"""A version-3 Hedgemony save (before issue 19's U.S. rules: RT B counters by origin,
proactive CONUS prices, EVT-US-01's rounding, tiered readiness) still loads: its state
reads as it was, and its journal, played under the older rules, is set aside so that
the game goes on from the saved state."""

import attrs
import pytest

from hedgemony_tui.table import match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.session import Session

RULES = get_rules("hedgemony")


def without_origins(state):
    """The state as a version-3 file holds it: commitments without their origin."""

    def bare(run):
        return attrs.evolve(
            run,
            red=tuple(attrs.evolve(c, origin="", proactive=False) for c in run.red),
            blue=tuple(attrs.evolve(c, origin="", proactive=False) for c in run.blue),
        )

    return attrs.evolve(
        state, run=bare(state.run) if state.run else None, ongoing=tuple(bare(r) for r in state.ongoing)
    )


@pytest.mark.slow
def test_a_version_3_save_with_a_journal_loads_and_plays_on(tmp_path):
    session = Session(RULES, RULES.setup(6, {"turns": 2}))
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    for _ in range(30):
        step = match.next_choice(RULES, session.state, policies, RULES.control_bot("none"))
        assert step is not None
        session.apply(step[1].intent, by="basic", reason=step[1].reason)
    path = tmp_path / "old.toml"
    session.save(path)
    text = path.read_text()
    assert text.startswith(f"schema_version = {RULES.schema_version}\n") and "[[journal]]" in text
    old = text.replace(f"schema_version = {RULES.schema_version}\n", "schema_version = 3\n", 1)
    # Fields added since version 3 are written with their defaults; an old file lacks them.
    old = "\n".join(
        line
        for line in old.splitlines()
        if not line.startswith(("origin = ", "proactive = ", "appealed = ", "appeal = ", "sha256 = "))
    )
    path.write_text(old + "\n")
    saved = read_game(path)
    assert saved.state == without_origins(session.state) and saved.journal == () and saved.start == saved.state
    resumed = Session.resume(saved)
    end = match.play(RULES, resumed.state, policies, RULES.control_bot("none"))
    assert RULES.pending(end).over
