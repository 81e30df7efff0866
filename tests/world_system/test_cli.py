"""The world-system game on the table's commands (issue 32), through the ``hedgemony``
entry: ``simulate`` and ``show`` draw its placemats (the terrorists hidden until the
end), ``balance`` plays it, ``aar`` writes its debrief sections (capitals by cycle,
every vote, the terrorists only once the game is over or to the moderator, and who
could have known what when), ``replay`` and ``room`` open its saves, bad arguments are
one line, and a typo in its data file is exit status 3 with one message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.games.world_system.engine import world as world_module
from hedgemony_tui.games.world_system.engine.state import WorldState
from hedgemony_tui.games.world_system.engine.world import world
from hedgemony_tui.table import resources
from hedgemony_tui.table.debrief_pack import write_pack
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.replay import Timeline
from hedgemony_tui.table.saves import read_game
from tests.cli.cli_helpers import run

GAME = ("--game", "world-system")
TERRORISTS = "Terrorists, and when each state could have known"


def _state(path: Path) -> WorldState:
    state = read_game(path).state
    assert isinstance(state, WorldState)
    return state


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A whole game with at least one coup staged (the debrief has secrets to reveal)."""
    folder = tmp_path_factory.mktemp("ws-finished")
    for seed in range(1, 30):
        path = folder / f"game-{seed}.toml"
        assert main(["simulate", *GAME, "--seed", str(seed), "--save", str(path)]) == 0
        if any(c.target for c in _state(path).coups):
            return path
    raise AssertionError("no seed from 1 to 29 reached a coup")


@pytest.fixture(scope="module")
def midgame(tmp_path_factory) -> Path:
    """A game stopped after two whole cycles, still going, a terrorist in it and the
    cycle-2 coup decision taken (the secrets a room's debrief must keep)."""
    folder = tmp_path_factory.mktemp("ws-midgame")
    for seed in range(1, 30):
        path = folder / f"game-{seed}.toml"
        assert main(["simulate", *GAME, "--seed", str(seed), "--turns", "2", "--save", str(path)]) == 0
        state = _state(path)
        if not state.over and state.terrorists and any(c.by != "moderator" for c in state.coups):
            return path
    raise AssertionError("no seed from 1 to 29 left a game going after cycle 2 with a terrorist's coup decision")


def _row(out: str, name: str) -> list[str]:
    """The placemats' row of the state ``name``, as words (its capital follows its name)."""
    for line in out.splitlines():
        words = line.split()
        if name in words and words.index(name) + 1 < len(words):
            after = words[words.index(name) + 1]
            if after.isdigit() or after == "—":
                return words
    raise AssertionError(f"no row for {name} in:\n{out}")


# --- simulate and show -----------------------------------------------------------------------


def test_simulate_draws_the_bands_the_ending_and_the_terrorists_at_the_end(capsys, finished):
    state = _state(finished)
    code, out, err = run(capsys, "show", str(finished))
    assert code == 0 and err == ""
    for band in ("Core", "Semi-periphery", "Periphery"):
        assert band in out
    assert f"Game over in cycle {min(state.cycle, world().last_cycle)}: {state.ending}" in out
    winners = ", ".join(state.name(w) for w in state.winners) or "nobody"
    assert f"Winners: {winners}." in " ".join(out.split())
    for n in state.nations:
        if n.terrorist_since >= 0:
            assert "T" in _row(out, state.name(n.id)), n.id
            assert state.name(n.id) in out.split("Terrorist states:")[1]


def test_the_placemats_of_a_game_going_on_keep_the_terrorists_hidden(capsys, midgame):
    state = _state(midgame)
    code, out, err = run(capsys, "show", str(midgame))
    assert code == 0 and err == ""
    assert "Terrorist states:" not in out and "Next: Cycle" in out
    for n in state.terrorists:
        assert "T" not in _row(out, state.name(n.id)), n.id
    hegemon = _row(out, state.name(state.hegemon)) if state.hegemon else ["H"]
    assert "H" in hegemon


def test_simulate_json_and_show_agree(capsys, tmp_path):
    save = tmp_path / "game.toml"
    code, out, _ = run(capsys, "simulate", *GAME, "--seed", "4", "--turns", "1", "--save", str(save), "--json")
    simulated = json.loads(out)
    assert code == 0 and simulated["game"] == "world-system" and set(simulated["players"]) == set(world().ids)
    code, out, _ = run(capsys, "show", str(save), "--json")
    shown = json.loads(out)
    assert code == 0 and shown.pop("proof") == "verified" and shown.pop("warning") == "" and shown == simulated


def test_seats_are_named_in_the_game_s_own_case(capsys):
    """World-system seats are lower-case ids: ``--seat italy=basic`` (or ITALY) is that seat."""
    code, out, err = run(capsys, "simulate", *GAME, "--turns", "1", "--seat", "italy=basic", "--seat", "SPAIN=basic")
    assert code == 0, err
    code, out, err = run(capsys, "balance", *GAME, "--games", "1", "--seat", "Italy=random", "--json")
    assert code == 0, err  # (before issue 32 every seat was read upper case: "no seat 'ITALY'")
    assert "italy" in json.loads(out)["players"]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["simulate", "--seat", "atlantis=basic"], "no seat 'atlantis': the seats are italy, spain"),
        (["simulate", "--seat", "moderator=basic"], "no seat 'moderator'"),
        (["simulate", "--seat", "italy=genius"], "choose one of random, basic"),
        (["simulate", "--policy", "genius"], "choose one of random, basic"),
        (["simulate", "--white-cell", "random"], "choose one of automated"),
        (["simulate", "--length", "3"], "no length to set"),
        (["simulate", "--scenario", "."], "plays no scenario folders"),
        (["simulate", "--option", "speeches=maybe"], "speeches is on or off"),
        (["simulate", "--option", "revolution_winners=kings"], "revolution_winners"),
        (["simulate", "--option", "colonies=3"], "the options are speeches, speech_seconds, revolution_winners"),
        (["balance", "--games", "0"], "--games must be"),
        (["balance", "--games", "1", "--turns", "2"], "no length to set"),
    ],
)
def test_bad_arguments_are_one_line(capsys, argv, words):
    code, out, err = run(capsys, argv[0], *GAME, *argv[1:])
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


# --- balance ---------------------------------------------------------------------------------


def test_balance_plays_the_game_for_every_state(capsys):
    code, out, err = run(capsys, "balance", *GAME, "--games", "2", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["game"] == "world-system" and report["games"] == 2
    assert set(report["players"]) == set(world().ids)  # the moderator is the control seat, not a player
    assert all(0 <= p["win_rate"] <= 1 for p in report["players"].values())


# --- the debrief ------------------------------------------------------------------------------


def _pack(capsys, save: Path, out: Path, *extra: str) -> str:
    code, _, err = run(capsys, "aar", str(save), "--out", str(out), *extra)
    assert code == 0, err
    return (out / "report.md").read_text(encoding="utf-8")


def _section(report: str, heading: str) -> str:
    return report.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_debrief_tables_each_cycle_s_capitals(capsys, finished, tmp_path):
    state = _state(finished)
    table = _section(_pack(capsys, finished, tmp_path / "aar"), "Capital by cycle")
    header = "| State | " + " | ".join(f"Cycle {r.cycle}" for r in state.records) + " |"
    assert header in table
    for i, n in enumerate(state.nations):
        row = next(line for line in table.splitlines() if line.startswith(f"| {state.name(n.id)} |"))
        cells = [c.strip() for c in row.strip("|").split("|")][1:]
        assert len(cells) == len(state.records)
        for record, cell in zip(state.records, cells):
            if record.statuses[i] == "annexed":
                assert cell == "— A"
            else:
                assert cell.split()[0] == str(record.capitals[i])
                if state.hegemons[record.cycle - 1] == n.id:
                    assert cell.split()[1] == "H"


def test_the_debrief_lists_every_vote_with_ballots_totals_and_result(capsys, finished, tmp_path):
    state = _state(finished)
    report = _pack(capsys, finished, tmp_path / "aar")
    votes = _section(report, "Votes")
    assert votes.count("- Ballots: ") == len(state.past_votes) >= 1
    for past in state.past_votes:
        assert f"**Cycle {past.cycle}, " in votes and past.vote.question in votes
        seat, choice = past.vote.ballots[0]
        assert f"{state.name(seat)}" in votes
    rogue = [p for p in state.past_votes if p.kind == "rogue-vote"]
    for past in rogue:
        assert f"Result: {state.name(past.result)} becomes the rogue state" in votes
    hegemons = _section(report, "Hegemons by cycle")
    assert all(state.name(h) in hegemons for h in state.hegemons if h)
    assert "## Luck and choice" not in report  # no dice in this game, so no luck to report


def test_a_finished_game_s_debrief_reveals_the_terrorists_and_who_knew(capsys, finished, tmp_path):
    state = _state(finished)
    for extra in ((), ("--public",)):  # the end reveals everything, to the room too
        section = _section(_pack(capsys, finished, tmp_path / f"aar{len(extra)}", *extra), TERRORISTS)
        assert "could have known" in section and "L87-L88" in section  # the definition is written in
        for n in state.nations:
            if n.terrorist_since < 0:
                assert f"- {state.name(n.id)}: never told" in section
                continue
            since = "the deal" if n.terrorist_since <= 0 else f"cycle {n.terrorist_since}"
            recruiter = state.name(n.recruited_by) if n.recruited_by else "—"
            assert f"| {state.name(n.id)} | {since} | {recruiter} |" in section
            assert f"- {state.name(n.id)}: of itself from {since}" in section
        for coup in state.coups:
            if coup.target:
                assert f"Cycle {coup.cycle}: {state.name(coup.by)} made {state.name(coup.target)} a puppet" in section
    goals = _section(_pack(capsys, finished, tmp_path / "goals"), "Goals beyond victory")
    assert all(f"- {state.name(s)}: " in goals for s in world().ids)


def test_the_room_s_debrief_of_a_game_going_on_names_no_terrorist(capsys, midgame, tmp_path):
    state = _state(midgame)
    public = _pack(capsys, midgame, tmp_path / "public", "--public")
    section = _section(public, TERRORISTS)
    assert "stays secret until the game ends" in section
    assert "Coups" not in section and all(state.name(n.id) not in section for n in state.nations)
    # Whose turn it was in the eyes-closed coup is the secret: the room's count of each
    # seat's decisions puts it apart; the moderator's full pack does not.
    assert "- (eyes closed): " in _section(public, "Decisions by seat")
    whole = _pack(capsys, midgame, tmp_path / "whole")
    assert "(eyes closed)" not in whole
    assert all(f"| {state.name(n.id)} |" in _section(whole, TERRORISTS) for n in state.terrorists)


def test_each_seat_s_debrief_shows_only_the_terrorists_it_knows(midgame, tmp_path):
    """The debrief for a seat (the shell writes one per viewpoint): a terrorist knows the
    others; any other state is told nothing; the moderator knows everything."""
    saved = read_game(midgame)
    timeline = Timeline.of(saved, midgame.name)
    state = _state(midgame)
    terrorist = state.terrorists[0]
    bystander = next(n for n in state.playing if not n.terrorist)
    for seat, sees in ((terrorist.id, True), (bystander.id, False), ("moderator", True), (PUBLIC, False)):
        out = tmp_path / seat
        write_pack(timeline, out, title=midgame.name, viewpoint=seat)
        section = _section((out / "report.md").read_text(encoding="utf-8"), TERRORISTS)
        assert (f"| {state.name(terrorist.id)} |" in section) is sees, seat
        for other in state.terrorists:
            assert (f"| {state.name(other.id)} |" in section) is sees, (seat, other.id)


# --- replay and room --------------------------------------------------------------------------


@pytest.mark.slow
async def test_replay_and_room_open_a_world_system_save(finished):
    from hedgemony_tui.shell.replay import ReplayApp
    from hedgemony_tui.shell.viewing import RoomApp
    from tests.tui.tui_helpers import SIZE

    replay = ReplayApp(finished)
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert replay.timeline.rules.info.id == "world-system"
        assert replay.timeline.when(replay.index)[0] >= 2
        await pilot.press("v")
        assert replay.viewpoint in replay.timeline.viewpoints()
    room = RoomApp(finished, follow=False)
    async with room.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert room.is_running


# --- the game's data --------------------------------------------------------------------------


@pytest.fixture
def broken_world(tmp_path, monkeypatch):
    """``world.toml`` with a misspelt key, read afresh by ``world()``; the shipped file
    is read again afterwards."""
    folder = tmp_path / "world-system"
    folder.mkdir()
    text = (resources.data_dir("world-system") / "world.toml").read_text(encoding="utf-8")
    assert "semiperipheral_capital" in text
    typo = text.replace("semiperipheral_capital", "semiperiferal_capital", 1)
    (folder / "world.toml").write_text(typo, encoding="utf-8")
    monkeypatch.setattr(world_module, "data_dir", lambda game: tmp_path / game)
    world.cache_clear()
    yield
    world.cache_clear()


def test_a_typo_in_the_world_file_is_one_message_and_exit_3(capsys, broken_world):
    code, out, err = run(capsys, "simulate", *GAME, "--seed", "2")
    assert code == 3 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "world.toml" in err and "'semiperiferal_capital'" in err and "semiperipheral_capital" in err
