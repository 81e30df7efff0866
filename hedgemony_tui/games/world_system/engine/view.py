"""What each seat may see (``view``) and the privacy checks' variations (``vary_secrets``).

Secret from a seat: which other states are terrorists (and since when, recruited by
whom, and the coups), unless the seat is a terrorist itself (the terrorists know each
other, L15, L87-L88); other seats' ballots in a sealed vote not yet complete; the journal
lines meant for others; and the seed, which foretells the deal. The moderator sees
everything; once the game is over, everyone does (the end screen reveals the terrorists).
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import Rng

from .state import CoupRecord, Nation, WorldState
from .world import MODERATOR


def knows_terrorists(state: WorldState, seat: str) -> bool:
    try:
        return state.nation(seat).terrorist
    except KeyError:
        return False


def _blank(n: Nation) -> Nation:
    return attrs.evolve(n, terrorist=False, terrorist_since=-1, recruited_by="")


def view(state: WorldState, seat: str) -> WorldState:
    if seat == MODERATOR or state.over:
        return state
    knows = knows_terrorists(state, seat)
    nations = state.nations if knows else tuple(n if n.id == seat else _blank(n) for n in state.nations)
    coups = state.coups if knows else ()
    log = tuple(e for e in state.log if not e.to or seat in e.to)
    vote = state.vote.seen_by(seat, control=(MODERATOR,)) if state.vote is not None else None
    return attrs.evolve(state, seed=0, nations=nations, coups=coups, log=log, vote=vote)


def vary_secrets(state: WorldState, seat: str, salt: int) -> WorldState:
    """``state`` with what ``seat`` may not see changed: the terrorists dealt to other
    states (for a seat that is not one), the others' sealed ballots, the seed."""
    if seat == MODERATOR or state.over:
        return state
    rng = Rng(salt & ((1 << 63) - 1))
    if not knows_terrorists(state, seat):
        state = _move_terrorists(state, seat, rng)
    vote = state.vote
    if vote is not None and not vote.complete and vote.visibility.value != "open":
        for other, _ in vote.ballots:
            if other == seat:
                continue
            pick, rng = rng.keyed_below(len(vote.options), 0, f"ballot/{other}")
            ballots = tuple((s, vote.options[pick] if s == other else c) for s, c in vote.ballots)
            vote = attrs.evolve(vote, ballots=ballots)
        state = attrs.evolve(state, vote=vote)
    return attrs.evolve(state, seed=(state.seed ^ (salt * 0x9E3779B97F4A7C15 + 1)) & ((1 << 63) - 1))


def _move_terrorists(state: WorldState, seat: str, rng: Rng) -> WorldState:
    old = [n for n in state.nations if n.terrorist]
    pool = [n.id for n in state.playing if n.id != seat]
    if not old or not pool:
        return state
    chosen: list[str] = []
    for i in range(min(len(old), len(pool))):
        pick, rng = rng.keyed_below(len(pool), 0, f"terrorist/{i}")
        chosen.append(pool.pop(pick))
    moved = dict(zip((n.id for n in old), chosen))
    nations = []
    for n in state.nations:
        blank = _blank(n)
        src = next((o for o in old if moved.get(o.id) == n.id), None)
        if src is not None:
            blank = attrs.evolve(
                blank,
                terrorist=True,
                terrorist_since=src.terrorist_since,
                recruited_by=moved.get(src.recruited_by, src.recruited_by),
            )
        nations.append(blank)
    coups = tuple(CoupRecord(c.cycle, moved.get(c.by, c.by), moved.get(c.target, c.target)) for c in state.coups)
    return attrs.evolve(state, nations=tuple(nations), coups=coups)
