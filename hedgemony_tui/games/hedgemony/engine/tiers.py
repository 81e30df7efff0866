"""Tiered readiness (chapter 14): the U.S. sets and buys back readiness FF by FF.

The book lets the U.S. configure readiness FF by FF and prices a buy-back for each
group of FFs raised, wherever they are at the time. So ``SetReadiness``
and ``BuyBack`` name a number of FFs of a stack (0 = all of it); fewer than all split
the stack, and only the part named changes. Buy-backs are allowed whenever the U.S.
may act: in its Blue phase, and while it commits forces to a card, including FFs it
has just committed and forces below the card's minimum readiness (EVT-CON-04/14/35:
buying them back is how they become eligible).

The lists offer the whole stack at every level, and a few sensible parts (1, 2, 3,
half, all but one to three, and what the card still has room for) at the levels a
tiered posture uses: lowering to the 50% floor, buying back to 100% or to the card's
minimum. Any other number of FFs and level is accepted too (:func:`unlisted_problems`),
so a screen may ask for a number without the lists growing to hundreds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from . import contest as forces
from . import names, readiness
from .content import Content
from .intents import BuyBack, Intent, SetReadiness
from .ledger import adjust, log, put_stack, split
from .readiness import LOWEST_READINESS
from .state import CONUS_LOCATION, CardRun, Commit, GameState, Phase, Stack, Stage
from .terms import READINESS_LEVELS

TOP_READINESS = max(READINESS_LEVELS)


@functools.lru_cache(maxsize=256)
def counts(ffs: int, extra: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The parts of a stack of ``ffs`` FFs the lists offer (the whole stack apart)."""
    wanted = {1, 2, 3, ffs // 2, ffs - 1, ffs - 2, ffs - 3, *extra}
    return tuple(sorted(n for n in wanted if 0 < n < ffs))


def buyback_price(content: Content, stack: Stack, level: int, ffs: int = 0) -> int:
    """RPs to raise ``ffs`` FFs of ``stack`` (0 = all) to ``level``: Figure 14.3's table
    for where they stand now (CONUS or overseas)."""
    return readiness.buyback_between(
        content.rules, ffs or stack.ffs, stack.readiness, level, conus=stack.location == CONUS_LOCATION
    ).value


# --- when and on what ------------------------------------------------------------------------


def _blue_turn(state: GameState) -> bool:
    """The U.S. is deciding in its part of the Blue phase, its bill paid, nothing in play."""
    return (
        state.phase is Phase.BLUE
        and bool(state.queue)
        and state.queue[0] == "US"
        and state.readiness_paid
        and state.run is None
        and state.roll_request is None
        and state.proposal is None
        and state.appeal is None
    )


def _us_committing(state: GameState) -> bool:
    """The U.S. is deciding which forces to send to the card in play."""
    run = state.run
    return (
        run is not None
        and run.stage in (Stage.COMMIT, Stage.RESPOND)
        and state.roll_request is None
        and state.appeal is None
        and (run.queue[0] if run.queue else run.actor) == "US"
    )


def committed_stacks(state: GameState, run: CardRun) -> list[Stack]:
    """The U.S. stacks committed to the card in play (their readiness may still be bought)."""
    ids = [c.stack for c in run.red + run.blue]
    return [s for s in state.stacks_of("US") if s.id in ids]


def run_stacks(state: GameState, content: Content) -> list[Stack]:
    """The U.S. stacks whose readiness it may buy back while committing forces: those it
    could send (minimum readiness aside) and those it already sent."""
    run = state.run
    assert run is not None
    taken = forces.committed_ids(run)
    free = [s for s in forces.reachable_stacks(state, content, "US") if s.id not in taken]
    return free + committed_stacks(state, run)


def _card_levels(state: GameState, content: Content) -> tuple[int, int]:
    """The buy-back levels offered for parts of a stack during a card: 100%, and the
    card's minimum readiness (the cheapest way in)."""
    run = state.run
    assert run is not None
    minimum = forces.limit_of(content.card(run.card), "US").min_readiness
    return (TOP_READINESS, minimum) if minimum else (TOP_READINESS, TOP_READINESS)


def _room(state: GameState, content: Content) -> int:
    """FFs the card still takes from the U.S. (0 = no limit)."""
    run = state.run
    assert run is not None
    limit = forces.limit_of(content.card(run.card), "US")
    return max(0, limit.max_ffs - forces.committed_by(state, run, "US")) if limit.max_ffs else 0


# --- the lists --------------------------------------------------------------------------------


def _buybacks(
    content: Content, stacks: Iterable[Stack], rp: int, part_levels: Iterable[int], extra: tuple[int, ...] = ()
) -> list[Intent]:
    # The mats' prices never fall as the FFs or the increase grow (extension rules X1, X2),
    # so each walk stops at its first price above ``rp``: the look-ahead of the bots asks
    # for these lists at every step of a fight, mostly with few RPs to spare.
    options: list[Intent] = []
    part_levels = tuple(sorted(set(part_levels), reverse=True))
    for stack in stacks:
        levels: list[int] = []
        for level in sorted(level for level in READINESS_LEVELS if level > stack.readiness):
            if buyback_price(content, stack, level) > rp:
                break
            levels.append(level)
        options += [BuyBack("US", stack.id, level) for level in reversed(levels)]  # highest level first
        for level in part_levels:
            if level <= stack.readiness:
                continue
            for n in counts(stack.ffs, extra):
                if buyback_price(content, stack, level, n) > rp:
                    break
                options.append(BuyBack("US", stack.id, level, n))
    return options


def blue_buybacks(state: GameState, content: Content) -> list[Intent]:
    """Buy-backs offered in the Blue phase: every stack, whole at every level, parts to 100%."""
    return _buybacks(content, state.stacks_of("US"), state.player("US").rp, (TOP_READINESS,))


def lowerings(state: GameState) -> list[Intent]:
    """Readiness the U.S. may lower (free; the saving shows from next turn's bill): every
    stack, whole to every lower level, parts to the 50% floor."""
    options: list[Intent] = []
    for stack in state.stacks_of("US"):
        options += [SetReadiness("US", stack.id, level) for level in READINESS_LEVELS if level < stack.readiness]
        if stack.readiness > LOWEST_READINESS:
            options += [SetReadiness("US", stack.id, LOWEST_READINESS, n) for n in counts(stack.ffs)]
    return options


def run_buybacks(state: GameState, content: Content) -> list[Intent]:
    """Buy-backs offered while the U.S. commits forces to a card (empty otherwise)."""
    if not _us_committing(state):
        return []
    room = _room(state, content)
    return _buybacks(
        content,
        run_stacks(state, content),
        state.player("US").rp,
        _card_levels(state, content),
        (room,) if room else (),
    )


# --- doing it ---------------------------------------------------------------------------------


def take(state: GameState, stack_id: str, ffs: int) -> tuple[Stack, GameState]:
    """``ffs`` FFs of a stack as a stack of their own (0 or all: the stack itself). A
    stack committed to a card (in play, or going on next turn) keeps its commitment: the
    part split off is committed beside it, from the same place and on the same terms."""
    stack = state.stack(stack_id)
    if not ffs or ffs == stack.ffs:
        return stack, state
    part, state = split(state, stack_id, ffs)

    def share(commits: tuple[Commit, ...]) -> tuple[Commit, ...]:
        # The part takes its FFs' share of the commitment. A stack may hold more or fewer
        # FFs than its commitment records (merged with a twin at a turn's start, or
        # partly reset on a card that goes on): the part is counted committed first.
        out: list[Commit] = []
        for c in commits:
            if c.stack != stack_id:
                out.append(c)
                continue
            moved = min(ffs, c.ffs)
            out += [x for x in (attrs.evolve(c, ffs=c.ffs - moved), attrs.evolve(c, stack=part.id, ffs=moved)) if x.ffs]
        return tuple(out)

    def reshare(run: CardRun) -> CardRun:
        return attrs.evolve(run, red=share(run.red), blue=share(run.blue))

    run = reshare(state.run) if state.run is not None else None
    return part, attrs.evolve(state, run=run, ongoing=tuple(reshare(r) for r in state.ongoing))


def buy_back(state: GameState, content: Content, intent: BuyBack) -> GameState:
    stack = state.stack(intent.stack)
    price = buyback_price(content, stack, intent.to, intent.ffs)
    part, state = take(state, intent.stack, intent.ffs)
    state = adjust(
        state,
        "US",
        f"buy-back of {names.stack(content, part)} from {part.readiness}% to {intent.to}%",
        rp={"US": -price},
    )
    return put_stack(state, attrs.evolve(part, readiness=intent.to, bought_back_turn=state.turn))


def set_readiness(state: GameState, content: Content, intent: SetReadiness) -> GameState:
    part, state = take(state, intent.stack, intent.ffs)
    state = put_stack(state, attrs.evolve(part, readiness=intent.to))
    return log(
        state, "US", "readiness", f"U.S. lowers {names.stack(content, part)} to {intent.to}% (saves from next turn)"
    )


# --- any number, not only the listed ones -------------------------------------------------------


def unlisted_problems(state: GameState, content: Content, intent: Intent) -> list[str] | None:
    """Why a readiness change the lists do not show is refused (empty: it is accepted);
    None for an intent of another kind, or when readiness may not be changed now."""
    if not isinstance(intent, (BuyBack, SetReadiness)) or intent.player != "US":
        return None
    if isinstance(intent, SetReadiness):
        stacks = state.stacks_of("US") if _blue_turn(state) else []
    elif _blue_turn(state):
        stacks = list(state.stacks_of("US"))
    elif _us_committing(state):
        stacks = run_stacks(state, content)
    else:
        stacks = []
    stack = next((s for s in stacks if s.id == intent.stack), None)
    if stack is None:
        return None
    problems = []
    if not 0 <= intent.ffs <= stack.ffs:
        problems.append(f"{stack.id} holds {stack.ffs} FF, not {intent.ffs}")
    if intent.to not in READINESS_LEVELS:
        problems.append(f"readiness must be one of {', '.join(str(r) for r in READINESS_LEVELS)} percent")
    elif isinstance(intent, SetReadiness) and intent.to >= stack.readiness:
        problems.append(f"{stack.id} stands at {stack.readiness}%: lowering must go below it")
    elif isinstance(intent, BuyBack) and intent.to <= stack.readiness:
        problems.append(f"{stack.id} stands at {stack.readiness}%: a buy-back must raise it")
    if not problems and isinstance(intent, BuyBack):
        price = buyback_price(content, stack, intent.to, intent.ffs)
        if price > state.player("US").rp:
            problems.append(f"it costs {price} RP; the U.S. has {state.player('US').rp}")
    return problems
