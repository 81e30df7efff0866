"""A Hedgemony save of format 8 (before the third rules audit, issue 30) still opens.

Version 9 changed rules a version-8 journal was played under (escalation rounds, the
out-of-area costs, event timings, free play by kind), so such a journal would not replay
to its state: the upgrade restarts the journal at the saved state, and the game loads
marked unverified, saying why (rules/hedgemony/rules.py ``_third_audit``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from hedgemony_tui.games.hedgemony.engine.escalation import is_escalation
from hedgemony_tui.games.hedgemony.engine.intents import DoneCommitting
from hedgemony_tui.table import match
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.saves import UNVERIFIED, VERIFIED, JournalEntry, Origin, game_text, read_game
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


def _as_version_8(text: str) -> str:
    # What a version-8 file held: no [origin] (recorded from version 9 on), its own
    # version number, and a checksum made by the program that wrote it.
    document = tomllib.loads(text)
    document["schema_version"] = 8
    document.pop("origin", None)
    return resign(tomli_w.dumps(document))


def _text(session: Session, journal: tuple[JournalEntry, ...] | None = None) -> str:
    return game_text(
        RULES,
        session.state,
        start=session.start,
        journal=tuple(session.journal) if journal is None else journal,
        seats=session.seats,
        origin=session.origin,
    )


def test_a_version_8_journal_that_still_replays_is_kept(tmp_path: Path) -> None:
    session = _played(40)
    fresh = tmp_path / "fresh.toml"
    fresh.write_text(_text(session))
    assert read_game(fresh).proof == VERIFIED
    old = tmp_path / "v8.toml"
    old.write_text(_as_version_8(_text(session)))
    saved = read_game(old)
    assert saved.state == session.state and saved.journal == tuple(session.journal)
    assert saved.proof == UNVERIFIED and "UNVERIFIED" in saved.warning  # no [origin] before version 9


def _escalation_stops(session: Session) -> list[int]:
    """The journal entries that are an initiator's answer to escalate (ch. 8 rounds): a
    version-8 journal never held them, its roll following the responders at once."""
    found, state = [], session.start
    for number, entry in enumerate(session.journal):
        if is_escalation(state) and isinstance(entry.intent, DoneCommitting):
            found.append(number)
        state = RULES.apply(state, entry.intent)
    return found


def test_a_version_8_journal_from_before_escalation_restarts_at_the_saved_state(tmp_path: Path) -> None:
    session = _played(40)
    while not _escalation_stops(session):
        session = _played(len(session.journal) + 40)
    stops = set(_escalation_stops(session))
    old_style = tuple(e for number, e in enumerate(session.journal) if number not in stops)
    old = tmp_path / "v8.toml"
    old.write_text(_as_version_8(_text(session, old_style)))
    saved = read_game(old)
    assert saved.state == session.state  # the game goes on from where it was
    assert saved.journal == () and saved.start == session.state  # its journal restarts there
    assert saved.proof == UNVERIFIED and "UNVERIFIED" in saved.warning
    # And it plays on: the next decision is accepted from the loaded state.
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    step = match.next_choice(RULES, saved.state, policies, RULES.control_bot("random-events"))
    assert step is not None
    RULES.apply(saved.state, step[1].intent)


def test_a_version_8_save_without_a_journal_is_unchanged_by_the_upgrade(tmp_path: Path) -> None:
    session = _played(5)
    text = game_text(RULES, session.state, seats=session.seats)
    old = tmp_path / "v8.toml"
    old.write_text(_as_version_8(text))
    saved = read_game(old)
    assert saved.state == session.state and saved.proof == UNVERIFIED
