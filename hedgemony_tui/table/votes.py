"""Votes: who may vote, with what weight, what each seat may see of the ballots, and who won.

Every game on the table that puts a question to a vote needs the same bookkeeping, so it
lives here, once. A :class:`Vote` is a frozen value made of plain strings (option ids and
seat ids) and whole numbers, so a game's state can hold one and save it through the
core's codec as it is. It is opened with :meth:`Vote.open`, takes ballots with
:meth:`Vote.cast` (each returns a new value), and once every voter is in it has
weighted ``totals``, the options tied on top (:meth:`Vote.leaders`) and a winner by its
tie rule (:meth:`Vote.result`).

What a seat may know while the vote runs and afterwards is the vote's
:class:`Visibility`; :meth:`Vote.seen_by` gives the copy a seat's screen (or a file sent
to that seat) may hold. Which visibility a rulebook's wording asks for:

* hands raised together, or choices made "simultaneously and openly": nobody may see a
  ballot before they are all in, then everyone sees who chose what - ``SEALED_NAMED``;
* a secret ballot whose outcome is announced as numbers: ballots stay hidden for good,
  only each option's total is made public - ``SEALED_COUNTS``;
* a committee conferring around the table, each saying its choice aloud as it makes
  it - ``OPEN``.

Whoever runs the table (the control seat, ``viewer=None``) always sees every ballot, and
a voter always sees its own. While a vote runs, :meth:`Vote.waiting_line` says who is
still to vote, never how anyone voted.

Ballots are kept in seat order whatever order they came in, so the same ballots make
equal votes. Every check runs in ``__attrs_post_init__``, so a vote built by
``attrs.evolve`` or read from a hand-edited save is held to the same rules as one built
by :meth:`Vote.open` and :meth:`Vote.cast`. This module shares the idea of
:mod:`.sealed` (a copy built from nothing but who has chosen and the viewer's own
choice cannot leak anyone else's) and adds weights, totals, ties and open voting.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from enum import StrEnum
from typing import Any, Final

import attrs

SEALED: Final = "?"
"""Stands in for a ballot the viewer may not see; never a valid option."""


class Visibility(StrEnum):
    """What a seat may see of the other seats' ballots (see the module docstring for
    which one a rulebook's wording maps to)."""

    OPEN = "open"
    """Each ballot is public as soon as it is cast."""
    SEALED_NAMED = "sealed-named"
    """Ballots are hidden until all are in; then everyone sees who voted how."""
    SEALED_COUNTS = "sealed-counts"
    """Ballots are hidden until all are in; then only each option's total is public."""


class TieRule(StrEnum):
    """What decides a vote whose top total is shared by several options."""

    CHAIR = "chair"
    """The tied option the chair voted for; if the chair's option is not among them, or
    there is no chair (``chair=""``), as FIRST."""
    FIRST = "first"
    """The tied option that comes first in the vote's ``options``."""
    NONE = "none"
    """A tie decides nothing: :meth:`Vote.result` is None."""


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    # A list or any other iterable is accepted and kept as a tuple, so that two votes
    # built from a list and from a tuple compare equal; a lone string would otherwise
    # become one option per letter.
    if isinstance(values, str):
        raise ValueError(f"expected a list of ids, not the single string {values!r}")
    return tuple(values)


def _listed(values: Iterable[str]) -> str:
    return ", ".join(values) or "nobody"


def _check_names(values: tuple[str, ...], what: str) -> None:
    """Refuse an empty list, a name that is not a non-empty string, and a name listed twice."""
    if not values:
        raise ValueError(f"a vote needs at least one {what[:-1]}; none were given")
    for value in values:
        if not isinstance(value, str) or not value:
            raise ValueError(f"{what} must be non-empty strings, not {value!r}")
    doubled = sorted({value for value in values if values.count(value) > 1})
    if doubled:
        raise ValueError(f"{what} must each be listed once; listed twice: {', '.join(doubled)}")


def _is_count(value: object) -> bool:
    # bool is an int in Python; True as a weight is a mistake, not a 1.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _pairs(value: object, what: str) -> tuple[tuple[Any, Any], ...]:
    """``value`` as a tuple of 2-tuples, or a ValueError saying what shape is expected."""
    if not isinstance(value, tuple) or not all(isinstance(pair, tuple) and len(pair) == 2 for pair in value):
        raise ValueError(f"{what} must be a tuple of (name, value) pairs, not {value!r}")
    return value


@attrs.frozen
class Vote:
    """One vote: plain strings (option ids, seat ids) so that it saves through the core's codec as is.

    ``weights`` pairs each voter with a whole number of 0 or more (0 is allowed: the seat
    votes and is waited for, but its ballot adds nothing to any total; a negative
    weight is refused); empty means one each. ``chair`` is a voter or "" (no chair:
    under ``TieRule.CHAIR`` a tie then falls back to the first tied option).
    ``ballots`` and ``weights`` are kept in seat order. ``totals`` is filled in when the
    last ballot comes in: every option's weighted total, in ``options`` order. A ballot may be :data:`SEALED` only in a copy
    made by :meth:`seen_by`, and such a copy takes no ballots.
    """

    question: str
    options: tuple[str, ...] = attrs.field(converter=_strings)
    voters: tuple[str, ...] = attrs.field(converter=_strings)
    visibility: Visibility
    weights: tuple[tuple[str, int], ...] = ()
    tie: TieRule = TieRule.FIRST
    chair: str = ""
    ballots: tuple[tuple[str, str], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.question, str):
            raise ValueError(f"the question must be a line of text, not {self.question!r}")
        _check_names(self.options, "options")
        if SEALED in self.options:
            raise ValueError(
                f"{SEALED!r} marks a hidden ballot and cannot be an option (options: {', '.join(self.options)})"
            )
        _check_names(self.voters, "voters")
        if not isinstance(self.visibility, Visibility):
            raise ValueError(
                f"visibility must be one of {', '.join(v.value for v in Visibility)}, not {self.visibility!r}"
            )
        if not isinstance(self.tie, TieRule):
            raise ValueError(f"the tie rule must be one of {', '.join(t.value for t in TieRule)}, not {self.tie!r}")
        order = {seat: i for i, seat in enumerate(self.voters)}
        self._check_chair()
        # Canonical order (as in sealed.py): the same weights and ballots make equal
        # values whatever order they were given or cast in.
        weights = self._checked_weights(order)
        object.__setattr__(self, "weights", tuple(sorted(weights, key=lambda pair: order[pair[0]])))
        ballots = self._checked_ballots(order)
        object.__setattr__(self, "ballots", tuple(sorted(ballots, key=lambda pair: order[pair[0]])))
        object.__setattr__(self, "totals", self._checked_totals())

    # --- checks (each says what is wrong and what is allowed) ---------------------------

    def _check_chair(self) -> None:
        if not isinstance(self.chair, str):
            raise ValueError(f"the chair must be a seat id, not {self.chair!r}")
        # No chair ("") is allowed under CHAIR: a game whose chair seat is not voting this
        # time (no hegemon yet, say) keeps the rule and its ties fall back to FIRST.
        if self.chair and self.chair not in self.voters:
            raise ValueError(
                f"the chair {self.chair!r} is not a voter (voters: {', '.join(self.voters)}; or '' for no chair)"
            )

    def _checked_weights(self, order: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
        weights = _pairs(self.weights, "weights")
        seen: set[str] = set()
        for seat, weight in weights:
            if seat not in order:
                raise ValueError(f"a weight for {seat!r}, who is not a voter (voters: {', '.join(self.voters)})")
            if seat in seen:
                raise ValueError(f"two weights for {seat!r}; each voter has one")
            if not _is_count(weight):
                raise ValueError(f"{seat!r}'s weight must be a whole number of 0 or more, not {weight!r}")
            seen.add(seat)
        missing = [seat for seat in self.voters if seat not in seen]
        if weights and missing:
            raise ValueError(f"no weight for {_listed(missing)}: give every voter a weight, or none (1 each)")
        return weights

    def _checked_ballots(self, order: Mapping[str, int]) -> tuple[tuple[str, str], ...]:
        ballots = _pairs(self.ballots, "ballots")
        seen: set[str] = set()
        for seat, option in ballots:
            if seat not in order:
                raise ValueError(f"a ballot from {seat!r}, who may not vote (voters: {', '.join(self.voters)})")
            if seat in seen:
                raise ValueError(f"two ballots from {seat!r}; each voter casts one")
            if option != SEALED and option not in self.options:
                raise ValueError(
                    f"{seat!r} voted {option!r}, which is not offered (options: {', '.join(self.options)})"
                )
            seen.add(seat)
        hidden = any(option == SEALED for _, option in ballots)
        # Only a viewer's copy hides ballots, and only where that viewer could not see them.
        if hidden and self.visibility is Visibility.OPEN:
            raise ValueError("an open vote hides no ballot: every ballot is public as it is cast")
        if hidden and self.visibility is Visibility.SEALED_NAMED and len(ballots) == len(self.voters):
            raise ValueError("a sealed-then-named vote hides no ballot once all are in")
        return ballots

    def _checked_totals(self) -> tuple[tuple[str, int], ...]:
        complete = len(self.ballots) == len(self.voters)
        totals = _pairs(self.totals, "totals")
        if not complete:
            if totals:
                raise ValueError(
                    f"a vote has totals only once all are in (still waiting on {_listed(self.waiting_on)})"
                )
            return ()
        counted = self._count(self.ballots)
        if not totals:
            if self.hides_ballots:
                raise ValueError("a copy that hides ballots must carry the totals of a finished vote")
            return counted
        if tuple(option for option, _ in totals) != self.options:
            raise ValueError(f"totals must list every option once, in order: {', '.join(self.options)}")
        for option, total in totals:
            if not _is_count(total):
                raise ValueError(f"the total for {option!r} must be a whole number of 0 or more, not {total!r}")
        if not self.hides_ballots and totals != counted:
            raise ValueError(f"the totals do not match the ballots (the ballots give {dict(counted)})")
        # A copy with hidden ballots: the totals must still fit the ballots it shows
        # and add up to every voter's weight.
        if sum(total for _, total in totals) != sum(self.weight(seat) for seat in self.voters):
            raise ValueError("the totals do not add up to the voters' weights")
        if any(total < dict(counted)[option] for option, total in totals):
            raise ValueError("the totals are less than the ballots shown")
        return totals

    def _count(self, ballots: Iterable[tuple[str, str]]) -> tuple[tuple[str, int], ...]:
        """Every option's weighted total over ``ballots`` (hidden ones add to none)."""
        sums = dict.fromkeys(self.options, 0)
        for seat, option in ballots:
            if option != SEALED:
                sums[option] += self.weight(seat)
        return tuple(sums.items())

    # --- opening and voting ---------------------------------------------------------------

    @classmethod
    def open(
        cls,
        question: str,
        options: Iterable[str],
        voters: Iterable[str],
        visibility: Visibility,
        *,
        weights: Mapping[str, int] | None = None,
        tie: TieRule = TieRule.FIRST,
        chair: str = "",
    ) -> Vote:
        """A vote nobody has cast a ballot in yet. ``weights`` maps every voter to a whole
        number of 0 or more (None: one each); ``chair`` is needed under ``TieRule.CHAIR``.
        ValueError, saying what is wrong and what is allowed, for anything else."""
        pairs: tuple[tuple[str, int], ...] = () if weights is None else tuple(weights.items())
        vote = cls(question, _strings(options), _strings(voters), visibility, pairs, tie, chair)
        if weights is not None and not pairs:
            # An empty field means one each, but an empty mapping is more likely a mistake.
            raise ValueError(f"no weight for {_listed(vote.voters)}: give every voter a weight, or None (1 each)")
        return vote

    def cast(self, seat: str, option: str) -> Vote:
        """This vote with ``seat``'s ballot for ``option`` added (a ballot, once cast, stays)."""
        if self.complete:
            raise ValueError(f"this vote is over: everyone has voted ({self.question})")
        if self.hides_ballots:
            raise ValueError("a viewer's copy cannot take ballots: cast on the vote itself")
        if seat not in self.voters:
            raise ValueError(f"{seat!r} may not vote here (voters: {', '.join(self.voters)})")
        if seat in self.voted:
            raise ValueError(f"{seat!r} has already voted (still waiting on {_listed(self.waiting_on)})")
        if option not in self.options:
            raise ValueError(f"{option!r} is not an option here (options: {', '.join(self.options)})")
        return attrs.evolve(self, ballots=self.ballots + ((seat, option),))

    def may_cast(self, seat: str) -> bool:
        """Whether ``seat`` may cast a ballot in this value now (a voter still to vote, in
        the vote itself rather than a viewer's copy)."""
        return not self.complete and not self.hides_ballots and seat in self.waiting_on

    # --- who and how ------------------------------------------------------------------------

    def weight(self, seat: str) -> int:
        """How much ``seat``'s ballot counts."""
        if seat not in self.voters:
            raise ValueError(f"{seat!r} is not a voter (voters: {', '.join(self.voters)})")
        for voter, weight in self.weights:
            if voter == seat:
                return weight
        return 1

    @property
    def voted(self) -> tuple[str, ...]:
        """The seats that have voted, in seat order."""
        return tuple(seat for seat, _ in self.ballots)

    @property
    def waiting_on(self) -> tuple[str, ...]:
        """The seats still to vote, in seat order."""
        done = set(self.voted)
        return tuple(seat for seat in self.voters if seat not in done)

    @property
    def complete(self) -> bool:
        """Whether every voter has voted."""
        return len(self.ballots) == len(self.voters)

    @property
    def hides_ballots(self) -> bool:
        """Whether this is a viewer's copy with at least one ballot hidden."""
        return any(option == SEALED for _, option in self.ballots)

    def ballot_of(self, seat: str) -> str | None:
        """``seat``'s option, :data:`SEALED` if this copy hides it, None if it has not
        voted (or is not a voter)."""
        for voter, option in self.ballots:
            if voter == seat:
                return option
        return None

    # --- counting ---------------------------------------------------------------------------

    def tally(self) -> dict[str, int]:
        """Every option's weighted total, in ``options`` order: the final totals once all
        are in; while the vote runs, the running totals of an open vote only."""
        if self.complete:
            return dict(self.totals)
        if self.visibility is not Visibility.OPEN:
            raise ValueError(
                f"a {self.visibility.value} vote has no running tally: its ballots are sealed until all are in"
                f" (still waiting on {_listed(self.waiting_on)})"
            )
        return dict(self._count(self.ballots))

    def leaders(self) -> tuple[str, ...]:
        """The options with the top total, in ``options`` order (more than one: a tie).
        When every total is 0 (all weights 0), every option is on top."""
        self._require_complete("leaders")
        tally = self.tally()
        top = max(tally.values())
        return tuple(option for option, total in tally.items() if total == top)

    def result(self) -> str | None:
        """The winning option: the one leader, or by the tie rule among several (None
        under ``TieRule.NONE``)."""
        self._require_complete("result")
        leaders = self.leaders()
        if len(leaders) == 1:
            return leaders[0]
        if self.tie is TieRule.NONE:
            return None
        if self.tie is TieRule.CHAIR and self.ballot_of(self.chair) in leaders:
            return self.ballot_of(self.chair)
        return leaders[0]

    def _require_complete(self, what: str) -> None:
        if not self.complete:
            raise ValueError(f"this vote has no {what} until all are in (still waiting on {_listed(self.waiting_on)})")

    # --- what a seat may see ------------------------------------------------------------------

    def seen_by(self, viewer: str | None, *, control: Collection[str] = ()) -> Vote:
        """The copy ``viewer`` may hold. ``None`` and the seats in ``control`` see
        everything, and so does everyone in an open vote. Otherwise the copy is built
        from who has voted, the viewer's own ballot and, once all are in, what is public:
        every ballot (sealed then named) or the totals (sealed counts). Under the chair
        tie rule a counts-only copy also shows the chair's ballot when that ballot is what
        broke a tie, since the result says it anyway; nothing else can leak."""
        if viewer is None or viewer in control or self.visibility is Visibility.OPEN:
            return self
        if self.complete and self.visibility is Visibility.SEALED_NAMED:
            return self
        shown = {viewer}
        if self.complete and self._chair_decided():
            shown.add(self.chair)
        ballots = tuple((seat, option if seat in shown else SEALED) for seat, option in self.ballots)
        return attrs.evolve(self, ballots=ballots)

    def _chair_decided(self) -> bool:
        """Whether the chair's ballot picked the winner out of a tie (where the first tied
        option would not have been picked anyway)."""
        leaders = self.leaders()
        return self.tie is TieRule.CHAIR and len(leaders) > 1 and self.ballot_of(self.chair) in leaders[1:]

    def waiting_line(self, name: Callable[[str], str] = str) -> str:
        """A line for a screen saying who is still to vote (by ``name``), never how
        anyone has voted: "Still waiting on: Spain, France (2 of 9)"."""
        waiting = self.waiting_on
        if not waiting:
            return "Everyone has voted"
        return f"Still waiting on: {', '.join(name(seat) for seat in waiting)} ({len(waiting)} of {len(self.voters)})"
