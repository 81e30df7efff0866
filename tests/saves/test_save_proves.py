"""A save proves its game (issue 29): its start is set up again from the seed and options
it records and its journal replayed to its state, so forged saves are refused in one line
by every command that reads a game; saves without an origin load marked unverified; a
replay's bookmark keeps every decision saved since the replay opened, under a lock."""

from __future__ import annotations

import functools
import multiprocessing
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from hedgemony_tui.cli import main
from hedgemony_tui.shell.replay import ReplayApp
from hedgemony_tui.table import match
from hedgemony_tui.table.annotations import GameNotes
from hedgemony_tui.table.errors import RuleInputError, SaveError
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.save_files import update_notes
from hedgemony_tui.table.saves import EDITED, UNVERIFIED, VERIFIED, Origin, game_text, read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.saves.forged_corpus import resign
from tests.tui.tui_helpers import SIZE

RULES = get_rules("hedgemony")
OPTIONS: dict[str, object] = {"turns": 2}


def played(seed: int, decisions: int, *, origin: bool = True) -> Session:
    """Computer play from a fresh game (its origin recorded unless told not to)."""
    session = Session(
        RULES,
        RULES.setup(seed, OPTIONS),
        seats=Seats.of_specs(RULES.seats()),
        origin=Origin(seed, dict(OPTIONS)) if origin else None,
    )
    policies = match.policies_for(RULES, match.seat_policy_names(RULES, "basic"))
    bot = RULES.control_bot("random-events")
    for _ in range(decisions):
        step = match.next_choice(RULES, session.state, policies, bot)
        assert step is not None
        session.apply(step[1].intent, by="basic", reason=step[1].reason)
    return session


@functools.cache
def good_text() -> str:
    session = played(4, 12)
    return game_text(
        RULES,
        session.state,
        start=session.start,
        journal=tuple(session.journal),
        seats=session.seats,
        origin=session.origin,
    )


def edit(text: str, change) -> str:
    """``text`` changed as a document by ``change``, its checksum recomputed (a forger's work)."""
    document = tomllib.loads(text)
    change(document)
    return resign(tomli_w.dumps(document))


def _us_at_500(document: dict[str, Any]) -> None:
    # The U.S. at 500 IP, the journal that would contradict it dropped.
    next(p for p in document["data"]["players"] if p["id"] == "US")["ip"] = 500
    del document["start"], document["journal"]


def _journal_dropped(document: dict[str, Any]) -> None:
    del document["start"], document["journal"]


def _moved_seat(document: dict[str, Any]) -> None:
    entry = document["journal"][3]
    entry["seat"] = next(s.id for s in RULES.seats() if s.id != entry["seat"])


def _branch(**fields: Any):
    def change(document: dict[str, Any]) -> None:
        turn, phase = RULES.turn_of(RULES.setup(4, OPTIONS))
        document["branch"] = {"parent": "game.toml", "at": 0, "turn": turn, "phase": phase, **fields}

    return change


FORGERIES = {
    "US at 500 IP": (_us_at_500, "the game's start is not what the seed and options"),
    "journal dropped": (_journal_dropped, "the game's start is not what the seed and options"),
    "decision moved to another seat": (_moved_seat, "decision 4 of the journal names seat"),
    "branch parent /etc/passwd": (_branch(parent="/etc/passwd"), "`parent` must be the parent save's file name"),
    "branch at decision 10^12": (_branch(at=10**12), "`at` (the parent's decisions it kept) must be from 0 to 12"),
    "branch in turn -7": (_branch(turn=-7), "`turn` must be from 0"),
    "branch in the wrong turn": (_branch(turn=2), "but the journal puts it in turn 1"),
}


def forged(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "forged.toml"
    path.write_text(edit(good_text(), FORGERIES[name][0]))
    return path


def test_the_unforged_save_is_verified(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(good_text())
    saved = read_game(path)
    assert saved.proof == VERIFIED and saved.warning == "" and saved.origin == Origin(4, dict(OPTIONS))
    # A valid branch record loads: the forgeries below differ from it in one field each.
    path.write_text(edit(good_text(), _branch()))
    assert read_game(path).notes.branch is not None


@pytest.mark.parametrize("name", FORGERIES)
def test_each_forgery_is_refused_with_its_reason(tmp_path, name):
    with pytest.raises(SaveError) as caught:
        read_game(forged(tmp_path, name))
    assert FORGERIES[name][1] in str(caught.value)


COMMANDS = {
    "show": lambda path, out: ["show", str(path)],
    "play": lambda path, out: ["play", str(path), "--saves-dir", str(out)],
    "replay": lambda path, out: ["replay", str(path)],
    "room": lambda path, out: ["room", str(path)],
    "aar": lambda path, out: ["aar", str(path), "--out", str(out / "pack")],
    "compare": lambda path, out: ["compare", str(out / "good.toml"), str(path)],
    "simulate --load": lambda path, out: ["simulate", "--load", str(path), "--turns", "0"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", FORGERIES)
def test_every_command_refuses_a_forged_save_in_one_line(tmp_path, capsys, name, command):
    path = forged(tmp_path, name)
    (tmp_path / "good.toml").write_text(good_text())
    before = path.read_bytes()
    assert main(COMMANDS[command](path, tmp_path)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert FORGERIES[name][1] in err, err
    assert path.read_bytes() == before and not (tmp_path / "pack").exists()


def test_an_old_save_without_an_origin_loads_marked_unverified(tmp_path, capsys):
    session = played(4, 6, origin=False)
    path = tmp_path / "old.toml"
    session.save(path)
    saved = read_game(path)
    assert saved.proof == UNVERIFIED and "does not record the seed and options" in saved.warning
    assert main(["show", str(path)]) == 0
    assert "UNVERIFIED save" in capsys.readouterr().out
    assert main(["aar", str(path), "--out", str(tmp_path / "pack")]) == 0
    assert "UNVERIFIED save" in (tmp_path / "pack" / "report.md").read_text().splitlines()[0]
    # Played on, it stays unverified: its start is still taken on trust.
    resumed = Session.resume(saved)
    assert resumed.origin is None


def test_a_fresh_game_saved_and_loaded_is_verified_and_plays_on_verified(tmp_path, capsys):
    path = tmp_path / "game.toml"
    assert main(["simulate", "--seed", "9", "--turns", "1", "--save", str(path)]) == 0
    saved = read_game(path)
    assert saved.proof == VERIFIED and saved.origin is not None and saved.origin.seed == 9
    assert main(["simulate", "--load", str(path), "--turns", "1", "--save", str(path)]) == 0
    again = read_game(path)
    assert again.proof == VERIFIED and len(again.journal) > len(saved.journal)
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    assert '"proof": "verified"' in capsys.readouterr().out


def test_an_edit_opens_only_with_the_flag_and_says_it_is_edited(tmp_path, capsys):
    session = played(4, 0)
    path = tmp_path / "game.toml"
    session.save(path)
    text = path.read_text()
    rp = next(p.rp for p in session.state.players if p.id == "US")
    edited = text.replace(f'id = "US"\nside = "blue"\nrp = {rp}\n', f'id = "US"\nside = "blue"\nrp = {rp + 1}\n', 1)
    path.write_text(edited)
    assert edited != text
    with pytest.raises(SaveError, match="changed after it was saved"):
        read_game(path)
    saved = read_game(path, allow_edited=True)
    assert saved.proof == EDITED and saved.warning.startswith("EDITED save")
    # Re-signed, the edit is still caught (the start is not what the seed sets up) ...
    path.write_text(resign(edited))
    with pytest.raises(SaveError, match="the game's start is not what"):
        read_game(path)
    # ... and the facilitator's flag opens it, marked edited, in the debrief too.
    assert read_game(path, allow_edited=True).proof == EDITED
    assert main(["aar", str(path), "--allow-edited", "--out", str(tmp_path / "pack")]) == 0
    assert "EDITED save" in (tmp_path / "pack" / "report.md").read_text().splitlines()[0]


def test_a_scenario_folder_game_verifies_from_anywhere_and_a_missing_one_is_said(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "scenario"
    shutil.copytree(Path(__file__).parents[2] / "data" / "hedgemony" / "scenarios" / "default", folder)
    path = tmp_path / "game.toml"
    monkeypatch.chdir(tmp_path)  # the folder named as typed, relative to where the game began
    assert main(["simulate", "--seed", "2", "--turns", "0", "--scenario", "scenario", "--save", str(path)]) == 0
    monkeypatch.chdir(tmp_path.parent)
    saved = read_game(path)
    assert saved.proof == VERIFIED and saved.origin is not None and saved.origin.options["scenario"] == str(folder)
    shutil.rmtree(folder)
    capsys.readouterr()
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(folder) in err, err


# --- the replay's bookmark -----------------------------------------------------------------------


@pytest.mark.slow
async def test_a_bookmark_after_a_newer_save_keeps_every_entry(tmp_path):
    path = tmp_path / "game.toml"
    played(4, 12).save(path)
    app = ReplayApp(path)
    async with app.run_test(size=SIZE) as pilot:
        # Meanwhile the game goes on and is saved (the 541 entries became 304).
        later = played(4, 30)
        later.save(path)
        await pilot.press("full_stop", "full_stop", "b")
        await pilot.pause()
        await pilot.press("o", "k", "enter")
        await pilot.pause()
    saved = read_game(path)
    assert len(saved.journal) == 30 and saved.journal == tuple(later.journal)
    assert [(m.at, m.note) for m in saved.notes.bookmarks] == [(2, "ok")]


async def test_a_bookmark_is_refused_when_the_game_in_the_file_moved_on(tmp_path):
    path = tmp_path / "game.toml"
    played(4, 12).save(path)
    app = ReplayApp(path)
    async with app.run_test(size=SIZE) as pilot:
        played(5, 20).save(path)  # another game now: decision 2 is not the one shown
        before = path.read_bytes()
        await pilot.press("full_stop", "full_stop", "b")
        await pilot.pause()
        await pilot.press("o", "k", "enter")
        await pilot.pause()
        said = "\n".join(n.message for n in app._notifications)
    assert "changed since the replay opened" in said and "\n" not in said.split("could not be saved: ")[1]
    assert path.read_bytes() == before


def _bookmark_many(path: str, seen: int, first: int) -> None:
    journal = read_game(path).journal[:seen]
    for at in range(first, seen, 2):
        update_notes(path, journal, functools.partial(_bookmark, at))


def _bookmark(at: int, notes: GameNotes) -> GameNotes:
    return notes.with_bookmark(at, f"mark {at}")


@pytest.mark.slow
def test_two_processes_bookmarking_one_save_lose_nothing(tmp_path):
    path = tmp_path / "game.toml"
    played(4, 30).save(path)
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_bookmark_many, args=(str(path), 30, first)) for first in (0, 1)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    assert [m.at for m in read_game(path).notes.bookmarks] == list(range(30))


@pytest.mark.parametrize(
    "origin",
    [
        {"seed": "²", "version": 1, "options": {}},
        {"seed": -1, "version": 1, "options": {}},
        {"seed": 4, "version": 0, "options": {}},
        {"seed": 4, "version": 1, "options": {"turns": {"deep": 1}}},
        {"seed": 4, "options": {}},
    ],
)
def test_a_malformed_origin_is_refused_in_one_line(tmp_path, origin):
    path = tmp_path / "game.toml"
    path.write_text(edit(good_text(), lambda document: document.update(origin=origin)))
    with pytest.raises(SaveError, match=r"\[origin\]") as caught:
        read_game(path)
    assert "\n" not in str(caught.value)


def test_the_largest_seed_a_game_takes_saves_and_verifies(tmp_path):
    # Every game takes seeds 0 <= seed < 2**63 (the contract; RulesBase checks it): the
    # largest is TOML's largest integer, so an origin's seed always fits the file.
    hex_rules = get_rules("hex-encounters")
    seed = 2**63 - 1
    session = Session(hex_rules, hex_rules.setup(seed, {}), origin=Origin(seed, {}))
    path = tmp_path / "game.toml"
    session.save(path)
    saved = read_game(path)
    assert saved.proof == VERIFIED and saved.origin == Origin(seed, {})
    with pytest.raises(RuleInputError, match="seed"):
        hex_rules.setup(seed + 1, {})
