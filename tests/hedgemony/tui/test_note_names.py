"""The journal's decision notes say what was decided in the front's words, named as the
deciding seat saw the table just before (issue 23: names, not ids): "US moves 2 FF of
14 FF M3 in CONUS to Baltic States", not "US moves 2 FF of US-1 to baltics"."""

from __future__ import annotations

import re

import pytest

from tests.hedgemony.app_helpers import app_on, decide, new_state
from tests.tui.tui_helpers import SIZE

SOLO = {"NATO": "basic", "RU": "basic", "PRC": "basic", "DPRK": "basic", "IR": "basic", "WHITE": "none"}


@pytest.mark.slow
async def test_decision_notes_name_stacks_and_places(tmp_path):
    app = app_on(new_state(seed=11, turns=1), SOLO, saves_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        app.set_pace("none")
        await decide(pilot, "pay the readiness")
        await decide(pilot, "2 FF of 14 FF M3 in CONUS to Baltic")
        notes = [n.text for n in app.host.notes if n.kind == "decision"]
    mine = [t for t in notes if t.startswith("US (person)")]
    assert any("2 FF of 14 FF M3 in CONUS to Baltic States" in t for t in mine), mine
    assert not [t for t in notes if re.search(r"FF of [A-Z]+-\d+\b| to baltics\b", t)]
