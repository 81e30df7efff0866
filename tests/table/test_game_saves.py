"""Game saves on the table: the kind names the game, the journal and the seats are in
the one file, undo survives a save and a load, and a save from before the core loads."""

from pathlib import Path

import pytest

from hedgemony_tui.table import match
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.saves import SavedGame, read_game, save_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session

FIXTURE = Path(__file__).parent.parent / "hedgemony" / "saves" / "hedgemony-v2-seed7-turn2.toml"
RULES = get_rules("hedgemony")


def played(seed: int, decisions: int) -> Session:
    """A session of computer play, every decision journaled with its policy and reason."""
    session = Session(RULES, RULES.setup(seed, {"turns": 2}))
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    bot = RULES.control_bot("random-events")
    for _ in range(decisions):
        step = match.next_choice(RULES, session.state, policies, bot)
        assert step is not None
        seat, choice = step
        session.apply(choice.intent, by="basic", reason=choice.reason)
    return session


def test_a_save_written_before_the_table_core_loads_and_plays_on():
    saved = read_game(FIXTURE)
    assert saved.rules is RULES and saved.journal == () and saved.seats is None
    # Written before saves recorded their seed and options: it loads, marked unverified.
    assert saved.proof == "unverified" and saved.warning.startswith("UNVERIFIED save:")
    assert saved.state.turn == 3 and saved.state.seed == 7
    session = Session.resume(saved)
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "random"))
    end = match.play(RULES, session.state, policies, RULES.control_bot("random"))
    assert RULES.pending(end).over and RULES.outcome(end) is not None


def test_the_journal_and_the_seats_travel_in_the_one_file(tmp_path):
    session = played(3, 40)
    session.seats = Seats.of_specs(RULES.seats(), {"RU": "basic", "WHITE": "directed"}, {"US": "Ann"})
    path = tmp_path / "game.toml"
    session.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]  # no sidecar
    saved = read_game(path)
    assert saved.state == session.state and saved.start == session.start
    assert [e.intent for e in saved.journal] == [e.intent for e in session.journal]
    assert [e.reason for e in saved.journal] == [e.reason for e in session.journal]
    assert all(e.by == "basic" for e in saved.journal) and any(e.reason for e in saved.journal)
    assert saved.seats is not None
    assert saved.seats.of("RU").kind == "basic" and saved.seats.of("WHITE").kind == "directed"
    assert saved.seats.name("US") == "Ann (US)" and saved.seats.human("NATO")


def test_undo_survives_a_save_and_a_load(tmp_path):
    session = Session(RULES, RULES.setup(5, {}))
    first = session.legal()[0]
    session.apply(first)
    assert session.can_undo  # a signal reveals nothing
    path = tmp_path / "game.toml"
    session.save(path)
    resumed = Session.resume(read_game(path))
    assert resumed.can_undo and resumed.state == session.state
    taken = resumed.undo()
    assert taken.intent == first and resumed.state == session.start and resumed.journal == []


def test_a_journal_that_does_not_lead_to_the_state_is_refused(tmp_path):
    session = played(4, 12)
    path = tmp_path / "game.toml"
    session.save(path)
    text = path.read_text()
    start = text.index("[start]")
    forged = text[:start].replace("decisions = 12", "decisions = 11", 1) + text[start:]
    assert forged != text
    path.write_text(forged)
    # Changed after it was saved: the checksum says so first ...
    with pytest.raises(SaveError, match="changed after it was saved"):
        read_game(path)
    # ... and with the flag, read_game replays the journal itself (show and simulate too).
    with pytest.raises(SaveError, match="journal does not lead to the saved state"):
        read_game(path, allow_edited=True)
    # Only the room's reloads skip the replay, and what they read is never "verified".
    assert read_game(path, allow_edited=True, verify_journal=False).proof != "verified"
    # Session.resume checks it too, for a game built in memory.
    good = played(4, 12)
    saved = SavedGame(RULES, played(4, 11).state, good.start, tuple(good.journal))
    with pytest.raises(SaveError, match="journal does not lead to the saved state"):
        Session.resume(saved)


def test_a_journal_entry_of_the_wrong_seat_is_refused(tmp_path):
    session = played(4, 6)
    path = tmp_path / "game.toml"
    session.save(path)
    text = path.read_text()
    entry = text.index("[[journal]]")
    seat = session.journal[0].seat
    other = "US" if seat != "US" else "RU"
    forged = text[:entry] + text[entry:].replace(f'seat = "{seat}"', f'seat = "{other}"', 1)
    path.write_text(forged)
    with pytest.raises(SaveError, match=f"decision 1 of the journal names seat '{other}'"):
        read_game(path, allow_edited=True)


def test_a_save_of_no_game_here_names_the_kinds_there_are(tmp_path):
    path = tmp_path / "other.toml"
    save_game(path, RULES, RULES.setup(1, {}))
    path.write_text(path.read_text().replace('kind = "hedgemony-save"', 'kind = "chess-save"'))
    with pytest.raises(SaveError, match="not a save of any game here.*hedgemony-save"):
        read_game(path)


def test_old_seat_sidecars_are_still_read(tmp_path):
    path = tmp_path / "old.toml"
    path.write_bytes(FIXTURE.read_bytes())
    (tmp_path / "old.seats.toml").write_text(
        '[seats.US]\nkind = "human"\nname = "Bo"\n[seats.RU]\nkind = "expert"\n[seats.PRC]\nkind = "no-such-policy"\n'
    )
    seats = read_game(path).seats
    assert seats is not None
    assert seats.name("US") == "Bo (US)" and seats.of("RU").kind == "expert"
    assert seats.human("PRC")  # an unknown policy is a person, never a silent substitute
