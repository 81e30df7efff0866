"""Hex Encounters' journal numbers its rows in the whole log (``LogLine.seq``), even for
a seat whose view drops the lines meant for the other side: the table places its own
notes (saves, computer players' reasons) between rows by that count. A version-2 save,
whose lines had no number, is numbered by position on load and keeps its journal."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from hedgemony_tui.games.hex_encounters.rules import RULES
from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table import match, registry
from hedgemony_tui.table.saves import Origin, read_game
from hedgemony_tui.table.session import Session
from tests.saves.forged_corpus import resign


def _played() -> Session:
    session = Session(RULES, RULES.setup(5, {"turns": 2}), origin=Origin(5, {"turns": 2}))
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    for _ in range(400):
        if RULES.pending(session.state).over:
            break
        found = match.next_choice(RULES, session.state, policies)
        assert found is not None
        session.apply(found[1].intent, by="basic")
    return session


def test_a_seat_s_rows_count_over_the_whole_log_though_its_view_drops_lines() -> None:
    state = cf.random_playout(RULES, 5, cf.short_options(RULES)).final
    front = registry.get_front(RULES.info.id)
    dropped = 0
    for seat in ("RED134", "BLUE"):
        seen = RULES.view(state, seat)
        dropped += len(state.log) - len(seen.log)
        for number, row in front.log_rows(seen):
            assert state.log[number - 1].text == row.text, f"{seat}'s row {number} is not line {number} of the log"
    assert dropped > 0, "no seat's view dropped a line: the check proved nothing"


def test_a_version_2_save_is_numbered_on_load_and_keeps_its_journal(tmp_path: Path) -> None:
    session = _played()
    path = tmp_path / "game.toml"
    session.save(path)
    document = tomllib.loads(path.read_text())
    for table in ("data", "start"):  # as version 2 wrote them: no numbers on the lines
        document[table]["log"] = [{k: v for k, v in line.items() if k != "seq"} for line in document[table]["log"]]
    document["schema_version"] = 2
    old = tmp_path / "v2.toml"
    old.write_text(resign(tomli_w.dumps(document)))
    saved = read_game(old)
    assert list(saved.journal) == session.journal and saved.state == session.state
    assert [line.seq for line in saved.state.log] == list(range(1, len(saved.state.log) + 1))
