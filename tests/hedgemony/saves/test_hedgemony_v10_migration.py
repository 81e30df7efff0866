"""A Hedgemony save of format 9 (before issue 33 named each rule in the journal) still opens.

Version 10 words some journal lines differently (halving, unopposed penalties, resets,
the forces' stay after a contest): a version-9 journal whose lines read the old way no
longer replays to its saved state, so the upgrade restarts the journal at the saved
state; one whose lines are unchanged keeps its journal (``migrations._said_rules``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from hedgemony_tui.table import match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.saves import UNVERIFIED, Origin, game_text, read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.saves.forged_corpus import resign

RULES = get_rules("hedgemony")


def _played(decisions: int) -> Session:
    session = Session(
        RULES, RULES.setup(3, {"turns": 2}), seats=Seats.of_specs(RULES.seats()), origin=Origin(3, {"turns": 2})
    )
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    bot = RULES.control_bot("random-events")
    for _ in range(decisions):
        step = match.next_choice(RULES, session.state, policies, bot)
        assert step is not None
        session.apply(step[1].intent, by="basic", reason=step[1].reason)
    return session


def _text(session: Session) -> str:
    return game_text(
        RULES,
        session.state,
        start=session.start,
        journal=tuple(session.journal),
        seats=session.seats,
        origin=session.origin,
    )


def _as_version_9(text: str, old_wording: bool) -> str:
    """The file as version 9 wrote it; with ``old_wording``, a stay line's place in the
    journal holds the old program's words instead (it wrote none such)."""
    document = tomllib.loads(text)
    document["schema_version"] = 9
    if old_wording:
        entry = next(e for e in document["data"]["log"] if e.get("kind") == "forces" and "stay in" in e["text"])
        entry["text"] = "an older line"
    return resign(tomli_w.dumps(document))


def _contested() -> Session:
    session = _played(60)
    while not any(e.kind == "forces" and "stay in" in e.text for e in session.state.log):
        session = _played(len(session.journal) + 40)
    return session


def test_a_version_9_journal_with_the_old_wording_restarts_at_the_saved_state(tmp_path: Path) -> None:
    session = _contested()
    old = tmp_path / "v9.toml"
    old.write_text(_as_version_9(_text(session), old_wording=True))
    saved = read_game(old)
    assert saved.journal == () and saved.start == saved.state  # the journal restarts at the saved state
    assert saved.proof == UNVERIFIED  # it no longer shows it began from its seed
    assert [e.text for e in saved.state.log if e.text == "an older line"]  # the state is read as saved
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    step = match.next_choice(RULES, saved.state, policies, RULES.control_bot("random-events"))
    assert step is not None
    RULES.apply(saved.state, step[1].intent)  # and the game goes on


def test_a_version_9_journal_that_still_replays_is_kept(tmp_path: Path) -> None:
    session = _contested()
    old = tmp_path / "v9.toml"
    old.write_text(_as_version_9(_text(session), old_wording=False))
    saved = read_game(old)
    assert saved.state == session.state and saved.journal == tuple(session.journal)
