"""Sealed simultaneous choices: who owes, submitting, revealing, and what each seat sees."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from hedgemony_tui.table.sealed import HIDDEN, Hidden, Sealed

SEATS = ("USA", "PRC", "RUS", "EU")


def fresh() -> Sealed[str]:
    return Sealed[str].of(SEATS)


def test_a_fresh_round_owes_every_seat_in_order() -> None:
    round_ = fresh()
    assert round_.owed == SEATS
    assert round_.chosen == ()
    assert not round_.complete


def test_submitting_moves_a_seat_from_owed_to_chosen() -> None:
    round_ = fresh().submit("RUS", "aye").submit("USA", "nay")
    assert round_.owed == ("PRC", "EU")
    assert round_.chosen == ("USA", "RUS")  # seat order, not arrival order
    assert round_.has_chosen("RUS") and not round_.has_chosen("EU")
    assert not round_.complete
    done = round_.submit("EU", "aye").submit("PRC", "abstain")
    assert done.complete and done.owed == ()
    assert done.revealed() == {"USA": "nay", "PRC": "abstain", "RUS": "aye", "EU": "aye"}
    assert list(done.revealed()) == list(SEATS)


def test_submitting_does_not_change_the_original() -> None:
    round_ = fresh()
    round_.submit("USA", "aye")
    assert round_.owed == SEATS


def test_refusals_name_the_seat_and_who_is_still_owed() -> None:
    round_ = fresh().submit("USA", "aye").submit("PRC", "nay")
    with pytest.raises(ValueError, match=r"^'USA' has already chosen \(still owed: RUS, EU\)$"):
        round_.submit("USA", "nay")
    with pytest.raises(ValueError, match=r"^'White' owes no choice here \(still owed: RUS, EU\)$"):
        round_.submit("White", "aye")
    done = round_.submit("RUS", "x").submit("EU", "y")
    with pytest.raises(ValueError, match=r"still owed: nobody"):
        done.submit("EU", "z")
    with pytest.raises(ValueError, match="marker"):
        fresh().submit("USA", HIDDEN)  # type: ignore[arg-type]  # the hidden marker as a choice, on purpose


def test_choices_stay_sealed_until_all_are_in() -> None:
    with pytest.raises(ValueError, match=r"sealed until all are in \(still owed: PRC, EU\)"):
        fresh().submit("USA", "a").submit("RUS", "b").revealed()


def test_each_seat_sees_who_has_chosen_but_only_its_own_choice() -> None:
    round_ = fresh().submit("USA", "aye").submit("RUS", "nay")
    usa = round_.seen_by("USA")
    assert usa.choices == (("USA", "aye"), ("RUS", HIDDEN))
    assert usa.owed == round_.owed and usa.chosen == round_.chosen
    assert round_.seen_by("RUS").choices == (("USA", HIDDEN), ("RUS", "nay"))
    assert round_.seen_by("PRC").choices == (("USA", HIDDEN), ("RUS", HIDDEN))
    assert round_.seen_by("an observer").choices == (("USA", HIDDEN), ("RUS", HIDDEN))
    # The control seat always sees everything.
    assert round_.seen_by(None) == round_
    assert round_.seen_by("White", control={"White"}) == round_
    # A seat's own view cannot be opened early either.
    with pytest.raises(ValueError):
        usa.revealed()


def test_once_complete_everyone_sees_everything() -> None:
    done = fresh().submit("USA", "a").submit("PRC", "b").submit("RUS", "c").submit("EU", "d")
    for seat in (*SEATS, None, "observer"):
        assert done.seen_by(seat) == done
        assert done.seen_by(seat).revealed() == done.revealed()


def test_bad_constructions_are_refused() -> None:
    with pytest.raises(ValueError, match="listed twice: USA"):
        Sealed(("USA", "PRC", "USA"))
    with pytest.raises(ValueError, match="'XX', which owes none"):
        Sealed(SEATS, (("XX", 1),))
    with pytest.raises(ValueError, match="two choices from 'USA'"):
        Sealed(SEATS, (("USA", 1), ("USA", 2)))


def test_choices_are_kept_in_seat_order() -> None:
    assert Sealed(SEATS, (("EU", 1), ("USA", 2))).choices == (("USA", 2), ("EU", 1))


def test_hidden_is_a_singleton_through_copies_and_pickles() -> None:
    assert copy.deepcopy(HIDDEN) is HIDDEN
    assert pickle.loads(pickle.dumps(HIDDEN)) is HIDDEN
    assert isinstance(HIDDEN, Hidden)
    assert repr(HIDDEN) == "HIDDEN"


def test_an_empty_round_is_complete_at_once() -> None:
    assert Sealed[int].of([]).complete
    assert Sealed[int].of([]).revealed() == {}


# --- properties ------------------------------------------------------------------------

seat_lists = st.lists(st.sampled_from(["A", "B", "C", "D", "E", "F"]), min_size=2, max_size=6, unique=True)
values = st.integers(0, 3)


@st.composite
def partial_rounds(draw: st.DrawFn) -> tuple[Sealed[int], str, str, int]:
    """An incomplete round, another seat that has chosen, its other possible choice, and a viewer."""
    seats = draw(seat_lists)
    chosen = draw(st.lists(st.sampled_from(seats), min_size=1, max_size=len(seats) - 1, unique=True))
    round_: Sealed[int] = Sealed.of(seats)
    for seat in chosen:
        round_ = round_.submit(seat, draw(values))
    changed = draw(st.sampled_from(chosen))
    viewer = draw(st.sampled_from([s for s in seats if s != changed] + ["observer"]))
    old = dict(round_.choices)[changed]
    new = draw(values.filter(lambda v: v != old))
    return round_, changed, viewer, new


@given(partial_rounds())
def test_a_view_does_not_depend_on_another_seats_choice(case: tuple[Sealed[int], str, str, int]) -> None:
    round_, changed, viewer, new = case
    other = Sealed(round_.seats, tuple((s, new if s == changed else v) for s, v in round_.choices))
    assert other != round_  # the rounds really differ...
    assert other.seen_by(viewer) == round_.seen_by(viewer)  # ...yet look the same to the viewer
    assert other.seen_by(changed) != round_.seen_by(changed)  # though not to the chooser
    assert other.seen_by(None) != round_.seen_by(None)  # nor to the control seat


@given(seat_lists, st.data())
def test_submission_order_does_not_change_the_result(seats: list[str], data: st.DataObject) -> None:
    choices = {seat: data.draw(values) for seat in seats}
    order = data.draw(st.permutations(seats))
    assume(list(order) != seats)
    in_order: Sealed[int] = Sealed.of(seats)
    shuffled: Sealed[int] = Sealed.of(seats)
    for seat in seats:
        in_order = in_order.submit(seat, choices[seat])
    for seat in order:
        shuffled = shuffled.submit(seat, choices[seat])
    assert shuffled == in_order
    assert shuffled.revealed() == in_order.revealed() == choices
