"""The table host (:mod:`hedgemony_tui.table.host`), headless: no Textual, no shell.

Every test plays the tiny game of ``host_game.py`` (three players N, E, S and an umpire
UMP; hidden secrets, dice, a sealed vote and an eyes-closed decision), or the shell's open
toy game for the "next player" notice, through a :class:`TableHost` built on
``rules.setup``, a :class:`Session` and :meth:`Seats.of_specs`.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hedgemony_tui.table.contract import GameRules
from hedgemony_tui.table.errors import IllegalIntent, NothingToUndo
from hedgemony_tui.table.feed import (
    EVERY,
    HANDOVER,
    KEEP,
    MINE,
    NEVER,
    NOTICE,
    Applied,
    ComputerTurn,
    Ended,
    GameOver,
    PersonTurn,
    ShowResults,
)
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.table.host_game import CONTROL, NEUTRAL, PLAYERS, RULES, Gamble, Move, Roll, Vote
from tests.table.host_helpers import computer_east_rolls, drive, make, person_takes, words


def test_the_game_is_a_game() -> None:
    assert isinstance(RULES, GameRules)  # a runtime check takes the bare Protocol, not GameRules[Any, Any]
    assert RULES.info.control_seat == CONTROL and RULES.info.eyes_closed_kinds == ("eyes",)


# --- next_step, play_computer, submit ------------------------------------------------------------


def test_computers_play_until_the_person_decides_and_the_journal_says_who() -> None:
    host = make({"N": "first", "S": "first"})  # E is the one person
    assert host.next_step() == ComputerTurn(("N",))
    events = host.play_computer()
    assert events == [Applied(0, "N", "first", Move("N", 1), False, ())]
    assert host.session.journal[-1].by == "first" and host.session.journal[-1].seat == "N"
    assert host.next_step() == PersonTurn("E", KEEP)
    assert host.play_computer() == []  # no computer owes the decision
    events = host.submit("E", Move("E", 2))
    assert isinstance(events[0], Applied) and events[0].by == "person" and events[0].seat == "E"
    assert host.session.journal[-1].by == "person"
    assert host.next_step() == ComputerTurn(("S",))


def test_illegal_submissions_leave_everything_as_it_was() -> None:
    host = make({"N": "first", "S": "first"})
    host.play_computer()
    state, length, notes = host.session.state, len(host.session.journal), list(host.notes)
    with pytest.raises(IllegalIntent):
        host.submit("E", Move("N", 1))  # another seat's intent
    with pytest.raises(IllegalIntent):
        host.submit("S", Move("S", 1))  # a computer's seat
    with pytest.raises(IllegalIntent):
        host.submit("E", Move("E", 3))  # not allowed by the rules
    with pytest.raises(IllegalIntent):
        host.submit("E", Roll("E"))  # allowed later, not now
    assert host.session.state is state
    assert len(host.session.journal) == length and host.notes == notes
    assert host.next_step() == PersonTurn("E", KEEP)


# --- hand-over regimes ------------------------------------------------------------------------------


def test_two_people_keeping_secrets_hand_over_and_then_keep() -> None:
    host = make({"S": "first"})
    assert host.next_step() == PersonTurn("N", HANDOVER, len(host.results("N")))
    host.take_keyboard("N")
    assert host.next_step() == PersonTurn("N", KEEP)
    host.submit("N", Gamble("N"))
    assert host.next_step() == PersonTurn("N", KEEP)  # the same person again: nothing to hand over
    host.submit("N", Roll("N"))
    assert host.next_step() == ShowResults("N")
    host.result_seen("N")
    assert host.next_step() == PersonTurn("E", HANDOVER, waiting=1)  # N's roll, from while E was away
    host.take_keyboard("E")
    assert host.next_step() == ShowResults("E")
    host.result_seen("E")
    assert host.next_step() == PersonTurn("E", KEEP)


def _toy_rules() -> Any:
    # The shell's tests import it by this name: one module, one codec registration.
    from hedgemony_tui.games.template.rules import RULES

    return RULES


def test_an_open_game_passes_the_keyboard_with_a_notice() -> None:
    rules = _toy_rules()
    assert not rules.info.hidden_information
    host = make({}, rules=rules)
    assert host.next_step() == PersonTurn("A", NOTICE)
    host.take_keyboard("A")
    assert host.next_step() == PersonTurn("A", KEEP)
    host.submit("A", rules.legal(host.state)[0])
    assert host.next_step() == PersonTurn("B", NOTICE)


# --- results to those they concern ------------------------------------------------------------------


def test_a_persons_own_roll_is_owed_to_it_before_anything_else() -> None:
    host = make({"E": "first", "S": "first"})
    host.submit("N", Gamble("N"))
    assert host.results("N") == ()
    before = host.state
    events = host.submit("N", Roll("N"))
    assert isinstance(events[0], Applied) and events[0].reveals and events[0].owed_to == ("N",)
    (result,) = host.results("N")
    assert (result.decider, result.by, result.intent, result.away, result.concerns) == (
        "N",
        "person",
        Roll("N"),
        False,
        True,
    )
    assert result.before == RULES.view(before, "N") and result.after == RULES.view(host.state, "N")
    assert host.next_step() == ShowResults("N")
    host.result_seen("N")
    assert host.results("N") == ()
    assert host.next_step() == ComputerTurn(("E",))


def test_a_computers_roll_is_owed_to_the_keyboard_holder_and_to_the_other_person_away() -> None:
    host = make({"E": "gambler"})
    assert host.pace == {"N": EVERY, "E": EVERY, "S": EVERY, CONTROL: EVERY}
    before, after = computer_east_rolls(host)
    (n,) = host.results("N")
    (s,) = host.results("S")
    assert (n.decider, n.by, n.away) == ("E", "gambler", False)
    assert (s.decider, s.by, s.away) == ("E", "gambler", True)
    assert not n.concerns and not s.concerns  # only E's score moved
    # The results are the seats' own views, never the whole state.
    for seat, result in (("N", n), ("S", s)):
        assert result.before == RULES.view(before, seat) and result.after == RULES.view(after, seat)
        assert result.before != before and result.after != after
        assert [v is None for v in result.after.secrets] == [p != seat for p in PLAYERS]
    # The keyboard holder sees it at once; S after its hand-over, before its decision.
    assert host.next_step() == ShowResults("N")
    host.result_seen("N")
    assert host.results("N") == ()
    assert host.next_step() == PersonTurn("S", HANDOVER, waiting=1)
    host.take_keyboard("S")
    assert host.next_step() == ShowResults("S")
    host.result_seen("S", host.results("S")[0])
    assert host.next_step() == PersonTurn("S", KEEP)


def test_pace_mine_skips_the_rolls_that_do_not_concern_the_seat() -> None:
    host = make({"E": "gambler"})
    host.set_pace("S", MINE)
    computer_east_rolls(host)
    assert len(host.results("N")) == 1 and host.results("S") == ()
    host.result_seen("N")
    person_takes(host, "S", Gamble("S"))
    host.submit("S", Roll("S"))
    assert [r.decider for r in host.results("S")] == ["S"]  # its own roll always shows
    assert [r.decider for r in host.results("N")] == ["S"]


def test_pace_mine_shows_a_result_that_moves_the_seats_points() -> None:
    host = make({"E": "first", "S": "first"}, pace={"N": MINE})
    drive(host, until=lambda h: h.decision().kind == "vote")
    for seat in ("N", "E", "S"):  # N votes yes; the computers vote yes: N is in the majority
        if seat == "N":
            host.submit("N", Vote("N", "yes"))
        else:
            host.play_computer()
    (result,) = host.results("N")
    assert result.decider == "S" and result.concerns and result.away is False


def test_pace_never_shows_only_the_seats_own_rolls() -> None:
    host = make({"E": "gambler"}, pace={"S": NEVER})
    computer_east_rolls(host)
    assert host.results("S") == ()
    host.result_seen("N")
    person_takes(host, "S", Gamble("S"))
    host.submit("S", Roll("S"))
    assert [r.decider for r in host.results("S")] == ["S"]


def test_set_pace_refuses_an_unknown_pace() -> None:
    host = make({"E": "first", "S": "first"})
    with pytest.raises(ValueError, match="no pace"):
        host.set_pace("N", "sometimes")
    assert host.pace["N"] == EVERY
    host.set_pace("N", NEVER)
    assert host.pace["N"] == NEVER


def test_a_seats_pace_does_not_change_when_another_person_joins() -> None:
    alone = make({"E": "first", "S": "first"})
    two = make({"S": "first"})
    assert alone.pace["N"] == EVERY and two.pace["N"] == EVERY and two.pace["E"] == EVERY
    kept = make({"S": "first"}, pace={"N": MINE})
    assert kept.pace["N"] == MINE and kept.pace["E"] == EVERY


# --- what each seat may see ---------------------------------------------------------------------------


def _fork(host: TableHost, state: Any) -> TableHost:
    """Another host on ``state`` at the same table moment as ``host``: the same seats,
    notes, keyboard and eyes-closed round (the round is the host's own bookkeeping)."""
    other = TableHost(host.rules, Session(host.rules, state), host.seats)
    other.notes = list(host.notes)
    other.keyboard = host.keyboard
    other._round = None if host._round is None else attrs.evolve(host._round, seats=list(host._round.seats))
    return other


@pytest.mark.parametrize("seat", PLAYERS)
def test_a_seats_feed_does_not_change_with_the_others_secrets(seat: str) -> None:
    """Two games that differ only in the others' secret numbers play the same way, and
    everything ``seat`` reads is the same in both, at every step; and at every step the
    feed of a game whose others' secrets (votes not yet revealed, who the spy is) differ
    now reads the same."""
    kinds = {"E": "first"}  # E's reasons quote its secret: they must stay E's (and the umpire's)
    for salt in (2, 6):
        a = make(kinds, seed=11, options={"turns": 3})
        varied = RULES.vary_secrets(a.state, seat, salt)
        assert varied != a.state
        b = make(kinds, state=varied)
        counter = 0
        while True:
            step_a, step_b = a.next_step(), b.next_step()
            assert step_a == step_b, counter
            assert words(a.feed(seat)) == words(b.feed(seat)), counter
            assert a.feed(seat).view == b.feed(seat).view
            assert [(r.before, r.after) for r in a.results(seat)] == [(r.before, r.after) for r in b.results(seat)]
            for fork_salt in (0, 1, 3):
                fork = _fork(a, RULES.vary_secrets(a.state, seat, fork_salt))
                assert words(fork.feed(seat)) == words(a.feed(seat)), (counter, fork_salt)
            if isinstance(step_a, GameOver):
                break
            counter += 1
            for host in (a, b):
                if isinstance(step_a, ShowResults):
                    host.result_seen(step_a.seat)
                elif isinstance(step_a, ComputerTurn):
                    host.play_computer()
                else:
                    assert isinstance(step_a, PersonTurn)
                    if step_a.how != KEEP:
                        host.take_keyboard(step_a.seat)
                    else:
                        options = host.my_options(step_a.seat)
                        host.submit(step_a.seat, options[counter % len(options)])
        assert counter > 30
        assert any(isinstance(r.intent, Roll) for r in a.session.journal)  # dice were rolled


def test_the_eyes_closed_decision_reads_the_same_for_every_player() -> None:
    host = make({}, options={"spy": "E"})
    drive(host, until=lambda h: h.decision().kind == "eyes")
    for seat in PLAYERS:
        feed = host.feed(seat)
        assert (feed.decision.prompt, feed.decision.seats) == (NEUTRAL, PLAYERS)
    assert host.feed(CONTROL).decision == host.decision() and "E" in host.feed(CONTROL).decision.prompt


# --- notes ---------------------------------------------------------------------------------------------


def test_a_computers_reason_is_its_own_and_the_umpires_unless_public() -> None:
    host = make({"E": "first", "S": "public"})
    person_takes(host, "N", Move("N", 1))
    host.play_computer()  # E: "the first option (my secret is ...)"
    host.play_computer()  # S: a public reason
    secret_e = host.state.secrets[1]
    reason = f"my secret is {secret_e}"

    def texts(seat: str) -> list[str]:
        return [n.text for n in host.feed(seat).notes]

    assert any(reason in t for t in texts("E")) and any(reason in t for t in texts(CONTROL))
    assert not any("my secret" in t for t in texts("N")) and not any("my secret" in t for t in texts("S"))
    assert any("for all to read" in t for t in texts("N"))
    # Each decision's own line stays its seat's (and the umpire's).
    e_line = next(n for n in host.notes if n.actor == "E" and n.kind == "decision")
    assert e_line.visible_to == ("E", CONTROL)


def test_the_seed_is_told_once_at_the_end() -> None:
    host = make({p: "first" for p in PLAYERS})
    seen_before_end: list[int] = []
    drive(host, until=lambda h: h.decision().kind == "eyes" and h.state.turn == 2)
    seen_before_end.append(sum(n.kind == "seed" for n in host.notes))
    events = host.play_computer()
    assert Ended() in events
    assert seen_before_end == [0] and host.seed_line()
    seeds = [n for n in host.notes if n.kind == "seed"]
    assert len(seeds) == 1 and seeds[0].visible_to == () and "1" in seeds[0].text
    assert host.next_step() == GameOver()
    assert host.play_computer() == []
    assert sum(n.kind == "seed" for n in host.feed("N").notes) == 1


def test_undo_takes_back_the_persons_decision_and_the_computers_after_it() -> None:
    host = make({"E": "first", "S": "first"})
    start = host.state
    person_takes(host, "N", Move("N", 2))
    host.play_computer()
    host.play_computer()
    assert len(host.session.journal) == 3 and len(host.notes) == 3
    taken, computers = host.undo("N")
    assert taken == Move("N", 2) and computers == ["E (first)", "S (first)"]
    assert host.state == start and host.session.journal == [] and host.notes == []
    assert host.next_step() == PersonTurn("N", KEEP)


def test_undo_refuses_another_persons_decision() -> None:
    host = make({"S": "first"})
    person_takes(host, "N", Move("N", 1))
    person_takes(host, "E", Move("E", 1))
    with pytest.raises(NothingToUndo, match="nothing of yours"):
        host.undo("N")
    taken, computers = host.undo("E")
    assert taken == Move("E", 1) and computers == []
    assert [n.journal for n in host.notes] == [0]


def test_undo_never_goes_back_past_a_roll() -> None:
    host = make({"E": "gambler", "S": "first"})
    computer_east_rolls(host)
    with pytest.raises(NothingToUndo, match="rolled"):
        host.undo("N")
    mine = make({"E": "first", "S": "first"})
    mine.submit("N", Gamble("N"))
    mine.submit("N", Roll("N"))
    length = len(mine.session.journal)
    with pytest.raises(NothingToUndo):
        mine.undo("N")
    assert len(mine.session.journal) == length


def test_a_whole_game_of_people_ends_with_an_outcome() -> None:
    host = make({})
    steps = drive(host)
    assert steps[-1] == GameOver()
    feed = host.feed("N")
    assert feed.over and feed.outcome is not None and feed.outcome == RULES.outcome(host.state)
    assert host.state.phase == "over"


def test_a_persons_pace_is_kept_with_the_seats_and_comes_back_with_them() -> None:
    """Each person's pace is theirs, saved with the seats (a continued game keeps it),
    and an unreadable pace in a file is the default, never an error."""
    host = make({"S": "first"})
    host.set_pace("N", MINE)
    assert host.seats.of("N").pace == MINE and host.session.seats == host.seats
    raw = host.seats.to_dict()
    assert raw["N"]["pace"] == MINE and "pace" not in raw["E"]
    back = Seats.from_dict(RULES.seats(), raw, RULES.policy_names(), RULES.control_modes())
    again = TableHost(RULES, Session(RULES, host.state), back)
    assert again.pace["N"] == MINE and again.pace["E"] == EVERY
    raw["E"]["pace"] = "sometimes"
    odd = Seats.from_dict(RULES.seats(), raw, RULES.policy_names(), RULES.control_modes())
    assert TableHost(RULES, Session(RULES, host.state), odd).pace["E"] == EVERY
