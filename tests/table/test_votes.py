"""The votes kit: opening, casting, weighted totals, tie rules, what each seat sees, and saving."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hedgemony_tui.table.codec import from_toml_text, to_toml_text
from hedgemony_tui.table.errors import SaveError
from hedgemony_tui.table.votes import SEALED, TieRule, Visibility, Vote

SEATS = ("USA", "PRC", "RUS", "EU")
OPTIONS = ("aye", "nay", "abstain")
CAPITAL = {"USA": 32, "PRC": 16, "RUS": 8, "EU": 4}
SEALED_MODES = (Visibility.SEALED_NAMED, Visibility.SEALED_COUNTS)


def fresh(visibility: Visibility = Visibility.SEALED_NAMED, **kwargs: object) -> Vote:
    return Vote.open("Shall we?", OPTIONS, SEATS, visibility, **kwargs)  # type: ignore[arg-type]


def cast_all(vote: Vote, ballots: dict[str, str]) -> Vote:
    for seat, option in ballots.items():
        vote = vote.cast(seat, option)
    return vote


# --- opening and casting ------------------------------------------------------------------


def test_a_fresh_vote_waits_on_every_voter_in_seat_order() -> None:
    vote = fresh()
    assert vote.voters == SEATS and vote.options == OPTIONS
    assert vote.waiting_on == SEATS and vote.voted == ()
    assert not vote.complete and vote.totals == () and not vote.hides_ballots
    assert all(vote.weight(seat) == 1 for seat in SEATS)
    assert vote.ballot_of("USA") is None and vote.ballot_of("nobody") is None
    assert vote.may_cast("USA") and not vote.may_cast("nobody")


def test_lists_are_taken_as_tuples() -> None:
    assert Vote.open("Q", list(OPTIONS), list(SEATS), Visibility.OPEN) == Vote.open(
        "Q", OPTIONS, SEATS, Visibility.OPEN
    )


def test_casting_moves_a_seat_from_waiting_to_voted_and_keeps_the_original() -> None:
    vote = fresh()
    after = vote.cast("RUS", "nay").cast("USA", "aye")
    assert vote.voted == ()  # frozen: the original is untouched
    assert after.voted == ("USA", "RUS")  # seat order, not arrival order
    assert after.waiting_on == ("PRC", "EU")
    assert after.ballots == (("USA", "aye"), ("RUS", "nay"))
    assert after.ballot_of("RUS") == "nay" and after.ballot_of("PRC") is None
    assert not after.may_cast("USA") and after.may_cast("PRC")


def test_the_last_ballot_sets_the_totals_in_option_order() -> None:
    vote = cast_all(fresh(), {"EU": "nay", "USA": "aye", "PRC": "nay"})
    assert vote.totals == ()
    done = vote.cast("RUS", "aye")
    assert done.complete and done.waiting_on == ()
    assert done.totals == (("aye", 2), ("nay", 2), ("abstain", 0))
    assert list(done.tally()) == list(OPTIONS)


def test_totals_are_weighted_by_capital() -> None:
    vote = cast_all(fresh(weights=CAPITAL), {"USA": "nay", "PRC": "aye", "RUS": "aye", "EU": "aye"})
    assert vote.weights == tuple(CAPITAL.items())
    assert vote.weight("USA") == 32 and vote.weight("EU") == 4
    assert vote.tally() == {"aye": 28, "nay": 32, "abstain": 0}
    assert vote.leaders() == ("nay",) and vote.result() == "nay"  # one big seat outweighs three


def test_a_weight_of_zero_votes_but_counts_for_nothing() -> None:
    vote = fresh(weights={**CAPITAL, "EU": 0}).cast("USA", "aye").cast("PRC", "aye").cast("RUS", "aye")
    assert vote.waiting_on == ("EU",)  # still waited for
    done = vote.cast("EU", "nay")
    assert done.tally() == {"aye": 56, "nay": 0, "abstain": 0}


def test_every_total_zero_puts_every_option_on_top() -> None:
    done = cast_all(fresh(weights=dict.fromkeys(SEATS, 0)), dict.fromkeys(SEATS, "nay"))
    assert done.leaders() == OPTIONS and done.result() == "aye"


def test_weights_given_in_another_order_are_kept_in_seat_order() -> None:
    backwards = dict(reversed(list(CAPITAL.items())))
    assert fresh(weights=backwards) == fresh(weights=CAPITAL)
    assert Vote(
        "Q", OPTIONS, SEATS, Visibility.OPEN, weights=(("EU", 4), ("USA", 1), ("RUS", 2), ("PRC", 3))
    ).weights == (
        ("USA", 1),
        ("PRC", 3),
        ("RUS", 2),
        ("EU", 4),
    )


# --- ties ---------------------------------------------------------------------------------


def tied(tie: TieRule, chair_option: str, chair: str = "EU") -> Vote:
    """USA and PRC tie "nay" against "abstain" (2 each, "aye" has none); EU, the chair, votes ``chair_option``."""
    ballots = {"USA": "nay", "PRC": "nay", "RUS": "abstain", "EU": chair_option}
    weights = {"USA": 1, "PRC": 1, "RUS": 2, "EU": 0}
    return cast_all(fresh(weights=weights, tie=tie, chair=chair), ballots)


def test_a_single_leader_wins_whatever_the_tie_rule() -> None:
    for tie in TieRule:
        done = cast_all(fresh(tie=tie, chair="EU"), {"USA": "aye", "PRC": "aye", "RUS": "nay", "EU": "aye"})
        assert done.leaders() == ("aye",) and done.result() == "aye"


def test_chair_breaks_a_tie_when_its_option_is_among_the_tied() -> None:
    done = tied(TieRule.CHAIR, "abstain")
    assert done.leaders() == ("nay", "abstain")
    assert done.result() == "abstain"  # not the first tied option: the chair's


def test_chair_outside_the_tie_falls_back_to_the_first_tied_option() -> None:
    done = tied(TieRule.CHAIR, "aye")
    assert done.leaders() == ("nay", "abstain")
    assert done.result() == "nay"


def test_no_chair_under_the_chair_rule_falls_back_to_the_first_tied_option() -> None:
    done = tied(TieRule.CHAIR, "abstain", chair="")
    assert done.chair == "" and done.result() == "nay"
    assert attrs.evolve(done, visibility=Visibility.SEALED_COUNTS).seen_by("USA").result() == "nay"


def test_first_takes_the_tied_option_listed_first() -> None:
    assert tied(TieRule.FIRST, "abstain").result() == "nay"


def test_none_leaves_a_tie_undecided() -> None:
    done = tied(TieRule.NONE, "abstain")
    assert done.leaders() == ("nay", "abstain") and done.result() is None


# --- tallies while running ------------------------------------------------------------------


def test_an_open_vote_has_a_running_tally() -> None:
    vote = fresh(Visibility.OPEN, weights=CAPITAL).cast("PRC", "nay").cast("EU", "nay")
    assert vote.tally() == {"aye": 0, "nay": 20, "abstain": 0}


@pytest.mark.parametrize("visibility", SEALED_MODES)
def test_a_sealed_vote_has_no_running_tally(visibility: Visibility) -> None:
    vote = fresh(visibility).cast("PRC", "nay")
    with pytest.raises(ValueError, match=r"no running tally.*still waiting on USA, RUS, EU"):
        vote.tally()
    done = cast_all(vote, {"USA": "aye", "RUS": "aye", "EU": "nay"})
    assert done.tally() == {"aye": 2, "nay": 2, "abstain": 0}


@pytest.mark.parametrize("visibility", list(Visibility))
def test_leaders_and_result_wait_for_every_ballot(visibility: Visibility) -> None:
    vote = fresh(visibility).cast("PRC", "nay")
    with pytest.raises(
        ValueError, match=r"^this vote has no leaders until all are in \(still waiting on USA, RUS, EU\)$"
    ):
        vote.leaders()
    with pytest.raises(ValueError, match=r"^this vote has no result until all are in"):
        vote.result()


# --- canonical order ------------------------------------------------------------------------


@settings(deadline=None)  # a slow example on a busy machine is not a failure
@given(st.permutations(SEATS), st.lists(st.sampled_from(OPTIONS), min_size=4, max_size=4))
def test_the_same_ballots_in_any_order_make_equal_votes(order: list[str], picks: list[str]) -> None:
    ballots = dict(zip(SEATS, picks))
    in_seat_order = cast_all(fresh(weights=CAPITAL), ballots)
    shuffled = cast_all(fresh(weights=CAPITAL), {seat: ballots[seat] for seat in order})
    assert shuffled == in_seat_order
    running = {seat: ballots[seat] for seat in order[:2]}
    assert cast_all(fresh(), running) == cast_all(fresh(), dict(reversed(list(running.items()))))


def test_ballots_from_evolve_are_put_back_in_seat_order() -> None:
    vote = attrs.evolve(fresh(), ballots=(("EU", "aye"), ("USA", "nay")))
    assert vote.ballots == (("USA", "nay"), ("EU", "aye"))
    assert vote == fresh().cast("USA", "nay").cast("EU", "aye")


def test_a_complete_vote_from_evolve_gets_its_totals() -> None:
    ballots = tuple((seat, "aye") for seat in reversed(SEATS))
    assert attrs.evolve(fresh(), ballots=ballots) == cast_all(fresh(), dict(ballots))


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "voters", "kwargs", "message"),
    [
        ((), SEATS, {}, r"^a vote needs at least one option; none were given$"),
        (OPTIONS, (), {}, r"^a vote needs at least one voter; none were given$"),
        (("aye", "nay", "aye"), SEATS, {}, r"^options must each be listed once; listed twice: aye$"),
        (OPTIONS, ("USA", "EU", "USA"), {}, r"^voters must each be listed once; listed twice: USA$"),
        (("aye", ""), SEATS, {}, r"^options must be non-empty strings, not ''$"),
        (("aye", SEALED), SEATS, {}, r"^'\?' marks a hidden ballot and cannot be an option \(options: aye, \?\)$"),
        (
            OPTIONS,
            SEATS,
            {"weights": {**CAPITAL, "UN": 2}},
            r"^a weight for 'UN', who is not a voter \(voters: USA, PRC, RUS, EU\)$",
        ),
        (
            OPTIONS,
            SEATS,
            {"weights": {"USA": 2, "EU": 1}},
            r"^no weight for PRC, RUS: give every voter a weight, or none",
        ),
        (OPTIONS, SEATS, {"weights": {}}, r"^no weight for USA, PRC, RUS, EU: give every voter a weight, or None"),
        (
            OPTIONS,
            SEATS,
            {"weights": {**CAPITAL, "RUS": -1}},
            r"^'RUS''s weight must be a whole number of 0 or more, not -1$",
        ),
        (OPTIONS, SEATS, {"weights": {**CAPITAL, "RUS": 1.5}}, r"whole number of 0 or more, not 1\.5$"),
        (OPTIONS, SEATS, {"weights": {**CAPITAL, "RUS": True}}, r"whole number of 0 or more, not True$"),
        (
            OPTIONS,
            SEATS,
            {"tie": TieRule.CHAIR, "chair": "UN"},
            r"^the chair 'UN' is not a voter \(voters: USA, PRC, RUS, EU; or '' for no chair\)$",
        ),
        (OPTIONS, SEATS, {"chair": "UN"}, r"^the chair 'UN' is not a voter"),
        (
            OPTIONS,
            SEATS,
            {"visibility": "open"},
            r"^visibility must be one of open, sealed-named, sealed-counts, not 'open'$",
        ),
        (OPTIONS, SEATS, {"tie": "first"}, r"^the tie rule must be one of chair, first, none, not 'first'$"),
        ("aye", SEATS, {}, r"^expected a list of ids, not the single string 'aye'$"),
    ],
)
def test_bad_votes_are_refused_saying_what_is_allowed(
    options: tuple[str, ...], voters: tuple[str, ...], kwargs: dict[str, object], message: str
) -> None:
    visibility = kwargs.pop("visibility", Visibility.OPEN)
    with pytest.raises(ValueError, match=message):
        Vote.open("Q", options, voters, visibility, **kwargs)  # type: ignore[arg-type]


def test_bad_casts_are_refused_and_leave_the_vote_as_it_was() -> None:
    vote = fresh().cast("USA", "aye")
    with pytest.raises(ValueError, match=r"^'UN' may not vote here \(voters: USA, PRC, RUS, EU\)$"):
        vote.cast("UN", "aye")
    with pytest.raises(ValueError, match=r"^'USA' has already voted \(still waiting on PRC, RUS, EU\)$"):
        vote.cast("USA", "nay")
    with pytest.raises(ValueError, match=r"^'maybe' is not an option here \(options: aye, nay, abstain\)$"):
        vote.cast("PRC", "maybe")
    with pytest.raises(ValueError, match=r"^'\?' is not an option here"):
        vote.cast("PRC", SEALED)
    done = cast_all(vote, {"PRC": "aye", "RUS": "nay", "EU": "nay"})
    with pytest.raises(ValueError, match=r"^this vote is over: everyone has voted \(Shall we\?\)$"):
        done.cast("EU", "aye")
    assert vote == fresh().cast("USA", "aye")
    with pytest.raises(ValueError, match=r"^'UN' is not a voter \(voters: USA, PRC, RUS, EU\)$"):
        vote.weight("UN")


@pytest.mark.parametrize("visibility", SEALED_MODES)
def test_a_viewers_copy_takes_no_ballots(visibility: Visibility) -> None:
    copy = fresh(visibility).cast("USA", "aye").seen_by("PRC")
    assert copy.hides_ballots and not copy.may_cast("PRC")
    with pytest.raises(ValueError, match=r"^a viewer's copy cannot take ballots: cast on the vote itself$"):
        copy.cast("PRC", "nay")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ballots": (("UN", "aye"),)}, r"^a ballot from 'UN', who may not vote \(voters: USA, PRC, RUS, EU\)$"),
        ({"ballots": (("USA", "aye"), ("USA", "nay"))}, r"^two ballots from 'USA'; each voter casts one$"),
        (
            {"ballots": (("USA", "maybe"),)},
            r"^'USA' voted 'maybe', which is not offered \(options: aye, nay, abstain\)$",
        ),
        ({"ballots": (("USA",),)}, r"^ballots must be a tuple of \(name, value\) pairs"),
        ({"weights": (("USA", 1), ("USA", 2))}, r"^two weights for 'USA'; each voter has one$"),
        ({"ballots": (("USA", SEALED),), "visibility": Visibility.OPEN}, r"^an open vote hides no ballot"),
        (
            {"totals": (("aye", 1), ("nay", 0), ("abstain", 0))},
            r"^a vote has totals only once all are in \(still waiting on USA, PRC, RUS, EU\)$",
        ),
        ({"question": 7}, r"^the question must be a line of text, not 7$"),
    ],
)
def test_bad_values_from_evolve_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attrs.evolve(fresh(), **changes)  # type: ignore[arg-type]


def test_a_finished_vote_must_carry_consistent_totals() -> None:
    done = cast_all(
        fresh(Visibility.SEALED_COUNTS, weights=CAPITAL), {"USA": "aye", "PRC": "nay", "RUS": "nay", "EU": "aye"}
    )
    assert done.totals == (("aye", 36), ("nay", 24), ("abstain", 0))
    with pytest.raises(ValueError, match=r"^the totals do not match the ballots \(the ballots give"):
        attrs.evolve(done, totals=(("aye", 24), ("nay", 36), ("abstain", 0)))
    with pytest.raises(ValueError, match=r"^totals must list every option once, in order: aye, nay, abstain$"):
        attrs.evolve(done, totals=(("nay", 24), ("aye", 36), ("abstain", 0)))
    with pytest.raises(ValueError, match=r"^the total for 'abstain' must be a whole number of 0 or more"):
        attrs.evolve(done, totals=(("aye", 36), ("nay", 24), ("abstain", -1)))
    copy = done.seen_by("EU")
    with pytest.raises(ValueError, match=r"^the totals do not add up to the voters' weights$"):
        attrs.evolve(copy, totals=(("aye", 36), ("nay", 25), ("abstain", 0)))
    with pytest.raises(ValueError, match=r"^the totals are less than the ballots shown$"):
        attrs.evolve(copy, totals=(("aye", 0), ("nay", 60), ("abstain", 0)))
    with pytest.raises(ValueError, match=r"^a copy that hides ballots must carry the totals of a finished vote$"):
        attrs.evolve(copy, totals=())
    named = cast_all(fresh(), dict.fromkeys(SEATS, "aye"))
    with pytest.raises(ValueError, match=r"^a sealed-then-named vote hides no ballot once all are in$"):
        attrs.evolve(named, ballots=(*named.ballots[:3], ("EU", SEALED)))


# --- what each seat sees ----------------------------------------------------------------------

RUNNING = {"USA": "aye", "RUS": "nay"}  # PRC and EU still to vote
FINISHED = {"USA": "aye", "PRC": "nay", "RUS": "nay", "EU": "aye"}


def test_an_open_vote_is_the_same_for_everyone() -> None:
    for ballots in (RUNNING, FINISHED):
        vote = cast_all(fresh(Visibility.OPEN), ballots)
        for viewer in (*SEATS, "observer", None):
            assert vote.seen_by(viewer) == vote
        assert vote.seen_by("White", control={"White"}) == vote


@pytest.mark.parametrize("visibility", SEALED_MODES)
def test_a_running_sealed_vote_shows_who_voted_and_only_the_viewers_own_ballot(visibility: Visibility) -> None:
    vote = cast_all(fresh(visibility), RUNNING)
    usa = vote.seen_by("USA")
    assert usa.ballots == (("USA", "aye"), ("RUS", SEALED))
    assert usa.voted == vote.voted and usa.waiting_on == vote.waiting_on
    assert usa.ballot_of("USA") == "aye" and usa.ballot_of("RUS") == SEALED and usa.ballot_of("PRC") is None
    # A voter still to vote, and a seat that does not vote, see every ballot sealed.
    assert vote.seen_by("PRC").ballots == (("USA", SEALED), ("RUS", SEALED))
    assert vote.seen_by("observer").ballots == (("USA", SEALED), ("RUS", SEALED))
    assert vote.seen_by(None) == vote
    assert vote.seen_by("White", control={"White"}) == vote
    assert vote.seen_by("USA", control={"White"}) == usa


def test_a_finished_sealed_named_vote_is_public() -> None:
    done = cast_all(fresh(Visibility.SEALED_NAMED), FINISHED)
    for viewer in (*SEATS, "observer", None):
        assert done.seen_by(viewer) == done
        assert done.seen_by(viewer).ballot_of("PRC") == "nay"


def test_a_finished_sealed_counts_vote_shows_totals_and_own_ballot_only() -> None:
    done = cast_all(fresh(Visibility.SEALED_COUNTS, weights=CAPITAL), FINISHED)
    usa = done.seen_by("USA")
    assert usa.ballots == (("USA", "aye"), ("PRC", SEALED), ("RUS", SEALED), ("EU", SEALED))
    assert usa.totals == done.totals
    assert usa.tally() == done.tally() == {"aye": 36, "nay": 24, "abstain": 0}
    assert usa.leaders() == done.leaders() and usa.result() == done.result() == "aye"
    assert all(option == SEALED for _, option in done.seen_by("observer").ballots)
    assert done.seen_by("observer").result() == "aye"
    assert done.seen_by(None) == done
    assert done.seen_by("White", control={"White"}) == done


def test_a_counts_only_copy_shows_the_chairs_ballot_only_when_it_broke_the_tie() -> None:
    # Chair EU picked "abstain" out of a tie with "nay": the result says so, so the copy shows it.
    broke = attrs.evolve(tied(TieRule.CHAIR, "abstain"), visibility=Visibility.SEALED_COUNTS)
    copy = broke.seen_by("USA")
    assert copy.ballot_of("EU") == "abstain" and copy.ballot_of("RUS") == SEALED
    assert copy.result() == broke.result() == "abstain"
    # The chair outside the tie, or on the first tied option: the result gives nothing away.
    for chair_option in ("aye", "nay"):
        quiet = attrs.evolve(tied(TieRule.CHAIR, chair_option), visibility=Visibility.SEALED_COUNTS)
        assert quiet.seen_by("USA").ballot_of("EU") == SEALED
        assert quiet.seen_by("USA").result() == quiet.result() == "nay"


@pytest.mark.parametrize("visibility", list(Visibility))
@pytest.mark.parametrize("ballots", [{}, RUNNING, FINISHED])
def test_a_copy_of_a_copy_is_the_same_copy(visibility: Visibility, ballots: dict[str, str]) -> None:
    vote = cast_all(fresh(visibility, weights=CAPITAL, tie=TieRule.CHAIR, chair="EU"), ballots)
    for viewer in (*SEATS, "observer", None):
        copy = vote.seen_by(viewer)
        assert copy.seen_by(viewer) == copy
        assert copy.seen_by(None) == copy
        assert copy.question == vote.question and copy.weights == vote.weights and copy.voted == vote.voted


# --- privacy: a copy depends on nothing it may not show -------------------------------------------


@st.composite
def running_votes(draw: st.DrawFn) -> tuple[Vote, str, str, str | None]:
    """A sealed vote not yet finished, a seat that has voted, another option for it, and a viewer."""
    visibility = draw(st.sampled_from(list(Visibility)))
    weights = {seat: draw(st.integers(0, 32)) for seat in SEATS}
    voted = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=len(SEATS) - 1, unique=True))
    vote = fresh(visibility, weights=weights, tie=TieRule.CHAIR, chair="USA")
    vote = cast_all(vote, {seat: draw(st.sampled_from(OPTIONS)) for seat in voted})
    changed = draw(st.sampled_from(voted))
    new = draw(st.sampled_from([option for option in OPTIONS if option != vote.ballot_of(changed)]))
    viewer = draw(st.sampled_from([seat for seat in SEATS if seat != changed] + ["observer"]))
    return vote, changed, new, viewer


@settings(deadline=None)
@given(running_votes())
def test_while_running_a_copy_does_not_depend_on_another_seats_ballot(case: tuple[Vote, str, str, str]) -> None:
    vote, changed, new, viewer = case
    other = attrs.evolve(vote, ballots=tuple((s, new if s == changed else o) for s, o in vote.ballots))
    assert other != vote  # the votes really differ...
    assert other.seen_by(changed) != vote.seen_by(changed)  # ...the voter sees its own ballot...
    assert other.seen_by(None) != vote.seen_by(None)  # ...and so does the control seat
    if vote.visibility is Visibility.OPEN:
        assert other.seen_by(viewer) != vote.seen_by(viewer)  # open: every ballot is public at once
    else:
        assert other.seen_by(viewer) == vote.seen_by(viewer)  # sealed: the viewer cannot tell them apart


@st.composite
def finished_counts_votes(draw: st.DrawFn) -> tuple[Vote, Vote, str]:
    """Two finished sealed-counts votes with the same totals (two seats of equal weight swap
    ballots, neither the viewer), and the viewer."""
    first, second = draw(st.lists(st.sampled_from(SEATS), min_size=2, max_size=2, unique=True))
    weights = {seat: draw(st.sampled_from((1, 2))) for seat in SEATS}
    weights[second] = weights[first]  # equal weights: swapping their ballots keeps the totals
    picks = {seat: draw(st.sampled_from(OPTIONS)) for seat in SEATS}
    picks[second] = draw(st.sampled_from([option for option in OPTIONS if option != picks[first]]))
    tie = draw(st.sampled_from(list(TieRule)))
    vote = cast_all(
        fresh(Visibility.SEALED_COUNTS, weights=weights, tie=tie, chair=draw(st.sampled_from(SEATS))), picks
    )
    swap = {first: picks[second], second: picks[first]}
    other = cast_all(fresh(Visibility.SEALED_COUNTS, weights=weights, tie=tie, chair=vote.chair), picks | swap)
    viewer = draw(st.sampled_from([seat for seat in SEATS if seat not in swap] + ["observer"]))
    return vote, other, viewer


@settings(deadline=None)
@given(finished_counts_votes())
def test_after_a_counts_only_vote_a_copy_shows_only_totals_own_ballot_and_result(case: tuple[Vote, Vote, str]) -> None:
    vote, other, viewer = case
    assert other != vote and other.totals == vote.totals
    # Same totals and own ballot: the copies differ only where the result differs, which
    # happens only when a swapped seat is the chair that broke a tie (its ballot is the result).
    assert (other.seen_by(viewer) == vote.seen_by(viewer)) == (other.result() == vote.result())
    assert other.seen_by(viewer).result() == other.result()


# --- the waiting line ---------------------------------------------------------------------------

NAMES = {"USA": "United States", "PRC": "China", "RUS": "Russia", "EU": "Europe"}


@pytest.mark.parametrize("visibility", list(Visibility))
def test_the_waiting_line_names_who_is_still_to_vote_and_nothing_of_how(visibility: Visibility) -> None:
    vote = fresh(visibility)
    assert vote.waiting_line() == "Still waiting on: USA, PRC, RUS, EU (4 of 4)"
    running = cast_all(vote, {"RUS": "abstain", "USA": "nay"})
    line = running.waiting_line(NAMES.__getitem__)
    assert line == "Still waiting on: China, Europe (2 of 4)"
    assert all(option not in line for option in OPTIONS)
    # The same line however the others voted, and the same in every seat's copy.
    assert cast_all(vote, {"RUS": "aye", "USA": "aye"}).waiting_line(NAMES.__getitem__) == line
    assert running.seen_by("PRC").waiting_line(NAMES.__getitem__) == line
    assert cast_all(running, {"PRC": "aye", "EU": "aye"}).waiting_line() == "Everyone has voted"


# --- saving ---------------------------------------------------------------------------------------


@attrs.frozen
class Holder:
    """A game state that holds votes, as a game's would."""

    rogue: Vote
    earlier: tuple[Vote, ...] = ()


@pytest.mark.parametrize("visibility", list(Visibility))
def test_a_vote_round_trips_through_the_codec_unchanged(visibility: Visibility) -> None:
    vote = fresh(visibility, weights=CAPITAL, tie=TieRule.CHAIR, chair="USA")
    running = cast_all(vote, RUNNING)
    done = cast_all(vote, FINISHED)
    for value in (vote, running, done, running.seen_by("USA"), done.seen_by("PRC")):
        assert from_toml_text(to_toml_text(value, kind="vote-test"), Vote, kind="vote-test") == value
    state = Holder(running, (done, fresh()))
    assert from_toml_text(to_toml_text(state, kind="vote-test"), Holder, kind="vote-test") == state


def test_a_hand_edited_vote_is_refused_on_reading() -> None:
    text = to_toml_text(cast_all(fresh(), RUNNING), kind="vote-test")
    head, _, tail = text.rpartition('"nay"')  # the last "nay" is RUS's ballot (the options come first)
    edited = head + '"maybe"' + tail
    assert edited != text
    with pytest.raises(SaveError, match=r"'RUS' voted 'maybe', which is not offered"):
        from_toml_text(edited, Vote, kind="vote-test", allow_edited=True)
