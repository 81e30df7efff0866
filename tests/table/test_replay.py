"""Replay, bookmarks and branches (issue 22): a save's journal replayed from its start
reproduces the saved state for every registered game; bookmarks survive save and load
(and undo); a branch keeps every roll whose name did not change."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table.annotations import GameNotes
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import game_ids, get_rules
from hedgemony_tui.table.replay import Timeline, branch, compare, figures_by_turn
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.session import Session


def played(game: str, seed: int = 1, decisions: int = 250) -> Session:
    """A session of random decisions (at most ``decisions``), journalled."""
    rules = get_rules(game)
    playout = cf.random_playout(rules, seed, cf.short_options(rules), bound=decisions)
    session = Session(rules, playout.start)
    for intent in playout.intents:
        session.apply(intent, by="random", reason="test")
    return session


@pytest.mark.parametrize("game", game_ids())
def test_replaying_the_journal_reproduces_the_saved_state(game, tmp_path):
    session = played(game)
    session.notes = session.notes.with_bookmark(3, "an early moment").with_bookmark(len(session.journal), "the end")
    path = tmp_path / "game.toml"
    session.save(path)
    saved = read_game(path)
    timeline = Timeline.of(saved, name=path.name)
    assert timeline.states[-1] == saved.state == session.state
    assert timeline.last == len(session.journal)
    assert [b.note for b in saved.notes.bookmarks] == ["an early moment", "the end"]
    # Every viewpoint can be drawn at every step.
    for index in (0, timeline.last // 2, timeline.last):
        for viewpoint in timeline.viewpoints():
            timeline.view_at(index, viewpoint)


@pytest.mark.parametrize("game", game_ids())
def test_moving_by_phase_and_by_turn_stays_in_order(game):
    timeline = Timeline(get_rules(game), *_start_and_journal(played(game)))
    index, visited = 0, [0]
    while index < timeline.last:
        index = timeline.next_phase(index)
        visited.append(index)
    assert visited == sorted(visited) and visited[-1] == timeline.last
    phases = [timeline.when(i) for i in visited[:-1]]
    assert len(set(phases)) == len(phases)  # each stop is a new phase
    for stop in reversed(visited[1:]):
        assert timeline.previous_phase(stop) < stop
    ends = timeline.turn_ends()
    assert [t for t, _ in ends] == sorted({timeline.when(i)[0] for i in range(timeline.last + 1)})
    for turn, _ in ends:
        assert timeline.when(timeline.turn_start(turn))[0] == turn


def _start_and_journal(session: Session):
    return session.start, session.journal


def test_bookmarks_survive_save_load_and_undo(tmp_path):
    session = played("hedgemony", decisions=60)
    at = len(session.journal)
    session.notes = session.notes.with_bookmark(at, "before the last roll").with_bookmark(2, "[b]markup[/b] stays text")
    path = tmp_path / "game.toml"
    session.save(path)
    resumed = Session.resume(read_game(path))
    assert resumed.notes == session.notes
    while resumed.can_undo:
        resumed.undo()
    assert all(b.at <= len(resumed.journal) for b in resumed.notes.bookmarks)
    resumed.save(path)
    assert read_game(path).notes == resumed.notes


def test_a_bookmark_past_the_journal_is_refused(tmp_path):
    session = played("hedgemony", decisions=20)
    session.notes = GameNotes().with_bookmark(len(session.journal), "fine")
    path = tmp_path / "game.toml"
    session.save(path)
    text = path.read_text(encoding="utf-8").replace(f"at = {len(session.journal)}", "at = 9999")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match="journal's length"):
        read_game(path, allow_edited=True)


# --- branches ---------------------------------------------------------------------------


def keyed_rolls(timeline: Timeline) -> dict[str, int]:
    """Each keyed roll of a Hedgemony timeline by its name (``turn:name#n``): a step that
    drew exactly one named roll and logged exactly one roll record."""
    named: dict[str, int] = {}
    for index in range(1, timeline.last + 1):
        before, after = timeline.state_at(index - 1), timeline.state_at(index)
        new = Counter(after.rng.keys) - Counter(before.rng.keys if before.turn == after.turn else ())
        records = [e.roll for e in after.log[len(before.log) :] if e.roll is not None]
        if sum(new.values()) == 1 and len(records) == 1:
            key = next(iter(new))
            named[f"{key}#{after.rng.keys.count(key) - 1}"] = records[0].raw
    return named


@pytest.mark.slow
def test_a_branch_keeps_every_roll_whose_name_did_not_change():
    """Fork a basic-bot game at an early decision with another legal choice and play the
    branch on with the same computer players: every roll named the same in both shows
    the same face, though the games differ."""
    from hedgemony_tui.table import match

    rules = get_rules("hedgemony")
    policies = match.policies_for(rules, match.seat_policy_names(rules, "basic"))
    control = rules.control_bot(rules.control_modes()[0])
    parent = Session(rules, rules.setup(11, {"turns": 2}))
    match.play(
        rules,
        parent.state,
        policies,
        control,
        max_decisions=4000,
        apply=lambda state, seat, choice: parent.apply(choice.intent, by="basic"),
    )
    timeline = Timeline(rules, parent.start, parent.journal, name="parent.toml")
    # The first decision with another choice that is not a die roll.
    rng = random.Random(5)
    for at in range(timeline.last):
        state = timeline.state_at(at)
        if rules.pending(state).kind == "roll":
            continue
        others = [i for i in rules.legal(state) if i != timeline.journal[at].intent]
        if others and at > 20:
            break
    child = branch(timeline, at, rng.choice(others), parent="parent.toml")
    assert child.notes.branch is not None and child.notes.branch.at == at
    match.play(
        rules,
        child.state,
        policies,
        control,
        max_decisions=4000,
        apply=lambda state, seat, choice: child.apply(choice.intent, by="basic"),
    )
    other = Timeline(rules, child.start, child.journal)
    assert other.states[-1] != timeline.states[-1]
    mine, theirs = keyed_rolls(timeline), keyed_rolls(other)
    shared = set(mine) & set(theirs)
    assert len(shared) >= 10
    assert {k: mine[k] for k in shared} == {k: theirs[k] for k in shared}
    report = compare(timeline, other)
    assert report.turns and set(report.figures) == {"a", "b"}


def test_figures_by_turn_come_from_the_public_view():
    session = played("hedgemony", decisions=300)
    timeline = Timeline(get_rules("hedgemony"), session.start, session.journal)
    figures = figures_by_turn(timeline)
    assert figures and all(set(seats) == {"US", "NATO", "RU", "PRC", "DPRK", "IR"} for _, seats in figures)
    turn, last = figures[-1]
    public = timeline.rules.summary(timeline.view_at(timeline.last, PUBLIC))["players"]
    assert {seat: values["ip"] for seat, values in last.items()} == {s: v["ip"] for s, v in public.items()}
