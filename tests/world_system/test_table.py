"""The world-system game at the table host (:mod:`hedgemony_tui.table.host`), headless:
a hot seat of three people with the moderator automated plays to an ending; during
every coup each person takes the keyboard in turn (the eyes-closed round), the same
steps whoever is a terrorist; one person against eleven computers plays to an ending;
a person at the moderator's seat runs the stages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from hedgemony_tui.games.world_system.engine.intents import Proceed, Speak
from hedgemony_tui.games.world_system.rules import RULES
from hedgemony_tui.table.feed import HANDOVER, KEEP, ComputerTurn, GameOver, PersonTurn, ShowResults
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session

PEOPLE = ("spain", "germany", "japan")


def _host(people: tuple[str, ...], seed: int, moderator: str = "automated") -> TableHost:
    kinds: dict[str, str] = {s.id: "random" for s in RULES.seats() if not s.control}
    kinds.update({p: "human" for p in people})
    kinds["moderator"] = moderator
    start = RULES.setup(seed, {})
    return TableHost(RULES, Session(RULES, start), Seats.of_specs(RULES.seats(), kinds))


def _play(host: TableHost, limit: int = 3000) -> list[tuple[Any, ...]]:
    """Play as the shell would, each person taking its first option (a speech: a line of
    its own); the person turns seen in eyes-closed rounds, in order."""
    rounds: list[tuple[Any, ...]] = []
    for _ in range(limit):
        step = host.next_step()
        if isinstance(step, GameOver):
            return rounds
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            assert host.play_computer(), step
        elif isinstance(step, PersonTurn):
            if step.round:
                rounds.append((host.state.cycle, step.seat, step.how))
            if step.how != KEEP:
                host.take_keyboard(step.seat)
                continue
            options = host.my_options(step.seat)
            pick = options[0]
            if isinstance(pick, Speak):
                pick = Speak(step.seat, f"{step.seat} keeps its word")
            host.submit(step.seat, pick)
        else:
            raise AssertionError(step)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [3, 8])
def test_a_hot_seat_of_three_people_with_the_moderator_automated_reaches_an_ending(seed: int) -> None:
    host = _host(PEOPLE, seed)
    rounds = _play(host)
    assert host.state.over and RULES.outcome(host.state) is not None
    coups = host.state.coups
    assert coups, "the game reached no coup stage: pick another seed"
    # Every coup stage (from cycle 2) gave each person the keyboard once, behind a hand-over;
    # but a coup that ends the game (the terrorist union) ends the round with it: the end
    # reveals everything.
    final = coups[-1].cycle if host.state.ending == "nuclear-war" else 0
    for cycle in sorted({c.cycle for c in coups} - {final}):
        seen = [(seat, how) for c, seat, how in rounds if c == cycle and how != KEEP]
        assert [seat for seat, _ in seen] == list(PEOPLE)
    said = [e.text for e in host.state.log if "keeps its word" in e.text]
    assert said  # the people's speeches are in the journal


def _round_of(seed: int, terrorist: str) -> list[tuple[Any, ...]]:
    """The person turns of cycle 2's coup round when ``terrorist`` holds the card."""
    start = RULES.setup(seed, {})
    moved = tuple(
        attrs.evolve(n, terrorist=n.id == terrorist, terrorist_since=0 if n.id == terrorist else -1)
        for n in start.nations
    )
    state = attrs.evolve(start, nations=moved)
    kinds: Mapping[str, str] = {
        **{s.id: "random" for s in RULES.seats() if not s.control},
        **{p: "human" for p in PEOPLE},
        "moderator": "automated",
    }
    host = TableHost(RULES, Session(RULES, state), Seats.of_specs(RULES.seats(), kinds))
    seen: list[tuple[Any, ...]] = []
    for _ in range(3000):
        step = host.next_step()
        if isinstance(step, GameOver) or host.state.cycle > 2:
            return seen
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            host.play_computer()
        elif isinstance(step, PersonTurn):
            if step.round:
                seen.append((step.seat, step.how, step.waiting))
            if step.how != KEEP:
                host.take_keyboard(step.seat)
            else:
                host.submit(step.seat, host.my_options(step.seat)[0])
    raise AssertionError("cycle 2 did not end")


def test_the_coup_round_reads_the_same_whoever_is_the_terrorist() -> None:
    # A person (Spain), a computer (Italy) or nobody at the table who plays: the people see
    # the same turns, in the same order.
    rounds = [_round_of(3, t) for t in ("spain", "italy", "netherlands")]
    assert len(rounds[0]) == 2 * len(PEOPLE) and all(r == rounds[0] for r in rounds)


def test_a_person_at_the_moderator_s_seat_runs_the_stages() -> None:
    host = _host((), 2, moderator="human")
    step = host.next_step()
    while not isinstance(step, PersonTurn):
        assert isinstance(step, (ComputerTurn, ShowResults)), step
        if isinstance(step, ComputerTurn):
            host.play_computer()
        else:
            host.result_seen(step.seat)
        step = host.next_step()
    assert step.seat == "moderator"
    host.take_keyboard("moderator")
    assert host.my_options("moderator") == (Proceed("moderator"),)
    host.submit("moderator", Proceed("moderator"))
    assert host.state.stage != "opening"
    # The moderator's console is the whole game: it reads the terrorist's card.
    assert any(n.terrorist for n in host.feed("moderator").view.nations)


def test_every_hand_over_between_two_states_is_a_hand_over_screen() -> None:
    # Two states that hold no secret see equal views; skipping the hand-over between them
    # (as between allies) would tell the table that neither is a terrorist.
    host = _host(PEOPLE, 3)
    hows: list[str] = []
    for _ in range(400):
        step = host.next_step()
        if isinstance(step, GameOver) or host.state.cycle > 1:
            break
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            host.play_computer()
        elif isinstance(step, PersonTurn):
            if step.how != KEEP:
                hows.append(step.how)
                host.take_keyboard(step.seat)
            else:
                host.submit(step.seat, host.my_options(step.seat)[0])
    assert hows and set(hows) == {HANDOVER}


def test_a_person_at_the_moderator_s_seat_takes_the_coup_when_no_terrorist_can() -> None:
    # The only terrorist annexed: the moderator owes the coup stage's "no coup". It takes the
    # keyboard in the eyes-closed round like every person, and the game goes on.
    start = RULES.setup(4, {})
    moved = tuple(attrs.evolve(n, terrorist=False, terrorist_since=-1) for n in start.nations)
    state = attrs.evolve(start, nations=moved)
    host = _host(("spain", "germany"), 4, moderator="human")
    host = TableHost(RULES, Session(RULES, state), host.seats)
    seen: list[str] = []
    for _ in range(3000):
        step = host.next_step()
        if isinstance(step, GameOver) or host.state.cycle > 2:
            break
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            host.play_computer()
        elif isinstance(step, PersonTurn):
            if step.round and step.how != KEEP:
                seen.append(step.seat)
            if step.how != KEEP:
                host.take_keyboard(step.seat)
            else:
                host.submit(step.seat, host.my_options(step.seat)[0])
    else:
        raise AssertionError("the table went round without end")
    assert host.state.cycle > 2 or host.state.over
    assert sorted(seen) == sorted(["spain", "germany", "moderator"])


def test_the_moderator_s_announcement_is_what_its_step_will_tell_the_room() -> None:
    from hedgemony_tui.games.world_system.engine.moderator import announcement

    state = RULES.setup(2, {})
    while state.stage != "growth":
        state = RULES.apply(state, RULES.legal(state)[0])
    coming = announcement(state)
    after = RULES.apply(state, Proceed("moderator"))
    assert coming and coming == tuple(e.text for e in after.log[len(state.log) :] if not e.to)
    assert coming[0].startswith("Capital grows")
    while after.stage in ("decline", "growth"):
        after = RULES.apply(after, Proceed("moderator"))
    assert after.stage == "declarations" and announcement(after) == ()  # the players' step: nothing to read


def test_seats_on_their_own_screens_and_the_moderator_s_console_share_one_host() -> None:
    # The nearest thing to the multi-screen table (issue 34) the host offers today: every
    # screen draws one seat's feed and submits that seat's intents, in any order. During
    # the sealed alliance vote each person votes from its own feed; the others' feeds show
    # who voted, never how; the moderator's console (the whole game) shows every ballot and
    # the terrorists; no person's feed shows a terrorist it is not.
    from hedgemony_tui.games.world_system.engine.intents import Join

    people = ("spain", "germany", "japan", "china", "india", "usa")
    host = _host(people, 6, moderator="human")
    for _ in range(2000):
        decision = host.decision()
        if decision.kind == "alliance-vote" and set(decision.seats) & set(people):
            break
        step = host.next_step()
        if isinstance(step, GameOver):
            raise AssertionError("no alliance vote with people in it")
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            host.play_computer()
        elif isinstance(step, PersonTurn):
            pick = host.my_options(step.seat)[0]
            host.submit(step.seat, Speak(step.seat, "") if isinstance(pick, Speak) else pick)
    voters = [s for s in reversed(host.decision().seats) if s in people]  # out of seat order
    assert len(voters) >= 2
    first, second = voters[0], voters[1]
    contender = host.feed(first).options[0].contender
    host.submit(first, Join(first, contender))
    # Another screen sees that the first voted, not how; the console sees the ballot.
    other = host.feed(second).view.vote
    assert first in other.voted and other.ballot_of(first) == "?"
    assert host.feed("moderator").view.vote.ballot_of(first) == contender
    terrorists = {n.id for n in host.state.nations if n.terrorist}
    assert terrorists
    for seat in people:
        seen = {n.id for n in host.feed(seat).view.nations if n.terrorist}
        assert seen == (terrorists if seat in terrorists else set())
    assert {n.id for n in host.feed("moderator").view.nations if n.terrorist} == terrorists
