"""The completed votes of the public record, as a computer player reads them: the last
vote of a kind, its ballots, the alliances of the last world war. Every seat may see these
(a sealed ballot is shown once the vote is over), so a reason built on them may be public.
"""

from __future__ import annotations

from hedgemony_tui.table.votes import SEALED

from ..engine.state import PastVote, WorldState


def last_vote(view: WorldState, kind: str) -> PastVote | None:
    """The most recent completed vote of ``kind`` ("alliance-vote", "revolution", ...)."""
    found = [p for p in view.past_votes if p.kind == kind]
    return found[-1] if found else None


def ballots(past: PastVote | None) -> dict[str, str]:
    """The public ballots of a completed vote (none hidden once all are in)."""
    if past is None:
        return {}
    return {seat: choice for seat, choice in past.vote.ballots if choice != SEALED}


def allies_of(view: WorldState, contender: str) -> set[str]:
    """The states that joined ``contender``'s alliance in the last world war."""
    return {seat for seat, choice in ballots(last_vote(view, "alliance-vote")).items() if choice == contender}
