"""Contests: a card that brings forces together and resolves on CRT A or RT B.

The flow (chapters 8, 10-12): the initiator pays, names the place (the AOI), commits
FFs from the AOR or an adjacent one; each responder the card names commits FFs in
turn (the U.S. may also fly forces in from CONUS at the reactive price) or declines;
then the initiator rolls. Unopposed, the card's penalty applies and the card's
unopposed column is read. Otherwise CFs (CRT A) or FFs (RT B) choose the column,
Critical Capabilities and effects modify the roll, the card's outcome row gives the
IPs, and "reset rules" send half the committed FFs home (ch. 11).
"""

from __future__ import annotations

import attrs

from . import costs
from .cards import Card
from .combat_factors import ForceGroup, combat_factors
from .content import Content
from .dice import RollRecord, Term
from .ledger import adjust, effect_total, log, put_stack, split
from .play import pay_for, reveal_secrets
from .readiness import readiness_after_reset
from .resolution import counted_ffs, critical_capability_modifier, crt_a_column, reset_ffs, rt_b_column
from .state import CONUS_LOCATION, Commit, Contest, GameState, RollRequest, Stack
from .terms import Outcome, Source


def aoi_aor(state: GameState, content: Content) -> str:
    assert state.contest is not None
    return content.scenario.board.aor_of(state.contest.location)


def locations(content: Content, card: Card) -> tuple[str, ...]:
    assert card.contest is not None
    if card.contest.locations:
        return card.contest.locations
    return tuple(loc.id for loc in content.scenario.board.locations_in(card.aor))


def source_of(content: Content, stack: Stack, aor: str) -> str | None:
    """Where a stack would fight from for a contest in ``aor``, or None if it cannot."""
    board = content.scenario.board
    if stack.location == CONUS_LOCATION:
        return Source.CONUS.value if stack.owner == "US" else None
    here = board.aor_of(stack.location)
    if here == aor:
        return Source.THEATER.value
    if board.adjacent(here, aor):
        return Source.ADJACENT.value
    return None


def _eligible(state: GameState, content: Content, player: str, aor: str, location: str | None) -> list[Stack]:
    stacks = []
    for stack in state.stacks_of(player):
        if not stack.available(state.turn):
            continue
        if stack.pinned(state.turn) and stack.location != location:
            continue  # pinned forces act only where they are pinned
        if source_of(content, stack, aor) is None:
            continue
        stacks.append(stack)
    return stacks


def eligible_stacks(state: GameState, content: Content, player: str) -> list[Stack]:
    """Stacks of ``player`` that could join the contest under way."""
    assert state.contest is not None
    return _eligible(state, content, player, aoi_aor(state, content), state.contest.location)


def eligible_initiator_stacks(state: GameState, content: Content, player: str, card: Card) -> list[Stack]:
    return _eligible(state, content, player, card.aor, None)


def start(state: GameState, content: Content, player: str, card: Card) -> GameState:
    state = pay_for(state, content, player, card)
    return attrs.evolve(state, contest=Contest(card=card.id, actor=player, stage="locate"))


def choose_location(state: GameState, location: str) -> GameState:
    assert state.contest is not None
    contest = attrs.evolve(state.contest, location=location, stage="commit")
    state = attrs.evolve(state, contest=contest)
    return log(state, contest.actor, "contest", f"{contest.actor} acts at {location} ({contest.card})")


def deciding_player(state: GameState) -> str:
    contest = state.contest
    assert contest is not None
    return contest.actor if contest.stage in ("locate", "commit") else contest.responders[0]


def committed_ids(contest: Contest) -> set[str]:
    return {c.stack for c in contest.red + contest.blue}


def commit_group(state: GameState, player: str, stack: Stack) -> str:
    """Reactive moves group by the card answered: from CONUS all together, else by origin."""
    assert state.contest is not None
    origin = "conus" if stack.location == CONUS_LOCATION else stack.location
    return f"{state.contest.card}:{player}:{origin}"


def commit_cost(state: GameState, content: Content, player: str, stack: Stack, ffs: int) -> int:
    """RPs the move into the AOI costs now (ch. 9), given what this player already moved."""
    assert state.contest is not None
    board = content.scenario.board
    return costs.added_deployment_cost(
        content.rules,
        from_conus=stack.location == CONUS_LOCATION,
        origin_aor=board.aor_of(stack.location),
        destination_aor=board.aor_of(state.contest.location),
        home_aor=board.aor_of(stack.home),
        ffs=ffs,
        reactive=True,
        already_sent=state.moves.get(commit_group(state, player, stack), 0),
    )


def commit_options(state: GameState, content: Content, player: str) -> list[tuple[str, int]]:
    contest = state.contest
    assert contest is not None
    aor = aoi_aor(state, content)
    taken = committed_ids(contest)
    rp = state.player(player).rp
    options = []
    for stack in _eligible(state, content, player, aor, contest.location):
        if stack.id in taken:
            continue
        for ffs in range(1, stack.ffs + 1):
            if commit_cost(state, content, player, stack, ffs) <= rp:
                options.append((stack.id, ffs))
    return options


def commit(state: GameState, content: Content, player: str, stack_id: str, ffs: int) -> GameState:
    contest = state.contest
    assert contest is not None
    stack = state.stack(stack_id)
    aor = aoi_aor(state, content)
    source = source_of(content, stack, aor)
    assert source is not None
    price = commit_cost(state, content, player, stack, ffs)
    key = commit_group(state, player, stack)
    state = attrs.evolve(state, moves={**state.moves, key: state.moves.get(key, 0) + ffs})
    if price:
        state = adjust(state, player, f"moving forces to {contest.location}", rp={player: -price})
    part, state = split(state, stack_id, ffs)
    arriving = source != Source.THEATER.value or part.arrived_turn == state.turn
    moved = attrs.evolve(part, location=contest.location,
                         arrived_turn=state.turn if source != Source.THEATER.value else part.arrived_turn)
    state = put_stack(state, moved)
    entry = Commit(part.id, ffs, source, arriving)
    if content.scenario.player(player).side == "red":
        contest = attrs.evolve(contest, red=contest.red + (entry,))
    else:
        contest = attrs.evolve(contest, blue=contest.blue + (entry,))
    state = attrs.evolve(state, contest=contest)
    return log(state, player, "commit", f"{player} commits {ffs}xM{part.mod} from {stack.location} ({source})")


def done(state: GameState, content: Content, player: str) -> GameState:
    contest = state.contest
    assert contest is not None
    card = content.card(contest.card)
    assert card.contest is not None
    if contest.stage == "commit":
        responders = tuple(r for r in card.contest.responders if r != contest.actor)
        contest = attrs.evolve(contest, stage="respond" if responders else "roll", responders=responders)
    else:
        if not any(state.stack(c.stack).owner == player for c in contest.blue):
            state = log(state, player, "contest", f"{player} declines to respond to {contest.card}")
        rest = contest.responders[1:]
        contest = attrs.evolve(contest, responders=rest, stage="respond" if rest else "roll")
    state = attrs.evolve(state, contest=contest)
    if contest.stage == "roll":
        state = attrs.evolve(state, roll_request=RollRequest(contest.actor, f"{card.id}: {card.title}", "contest", card.id))
    return state


def _best(state: GameState, players: list[str], wanted: tuple[str, ...]) -> dict[str, int]:
    best: dict[str, int] = {}
    for pid in players:
        for cap in wanted:
            level = state.player(pid).capabilities.get(cap)
            if level is not None and level >= best.get(cap, -1):
                best[cap] = level
    return best


def resolve(state: GameState, content: Content, face: int, physical: bool) -> GameState:
    contest = state.contest
    assert contest is not None
    card = content.card(contest.card)
    spec = card.contest
    assert spec is not None
    actor = contest.actor
    terms: list[Term] = []
    effects = effect_total(state, actor, "roll", card.families + (card.id,))
    if effects:
        terms.append(Term("effects in force", effects))
    blue_ffs = sum(c.ffs for c in contest.blue)
    if blue_ffs == 0:
        if spec.unopposed_ip:
            state = adjust(state, actor, f"{card.id} unopposed", ip=spec.unopposed_ip)
        table_name, column, why = spec.unopposed_table, spec.unopposed_column, "unopposed"
    else:
        table_name = spec.table
        if table_name == "crt-a":
            red_cf = combat_factors(content.rules, _groups(state, contest.red), us=False).total
            us_groups = _groups(state, [c for c in contest.blue if state.stack(c.stack).owner == "US"])
            other_groups = _groups(state, [c for c in contest.blue if state.stack(c.stack).owner != "US"])
            blue_cf = (combat_factors(content.rules, us_groups, us=True).total if us_groups else 0) + (
                combat_factors(content.rules, other_groups, us=False).total if other_groups else 0
            )
            choice = crt_a_column(blue_cf, red_cf)
            why = f"Blue {blue_cf} CFs vs Red {red_cf} CFs: {choice.reason}"
            blue_players = sorted({state.stack(c.stack).owner for c in contest.blue})
            cc = critical_capability_modifier(
                _best(state, blue_players, spec.blue_capabilities), _best(state, [actor], spec.red_capabilities)
            )
            if spec.blue_capabilities or spec.red_capabilities:
                terms.append(Term(cc.label, cc.value))
                used = spec.blue_capabilities + spec.red_capabilities
                state = reveal_secrets(state, lambda s: s.player in blue_players + [actor] and s.capability in used,
                                       f"used in {card.id}")
        else:
            red = counted_ffs((c.ffs, c.arriving) for c in contest.red)
            blue = counted_ffs((c.ffs, c.arriving) for c in contest.blue)
            choice = rt_b_column(blue, red)
            why = f"Blue {blue} FFs vs Red {red} FFs: {choice.reason}"
        column = choice.label
    table = content.rules.resolution_table(table_name)
    total = face + sum(t.value for t in terms)
    reading = table.read(column, total)
    record = RollRecord(state.turn, actor, f"{card.id}: {card.title} ({why})", face, tuple(terms), table_name, column,
                        reading.row_label, reading.outcome.value, physical)
    state = log(state, actor, "roll", f"{card.id}: rolled {face}, total {total} on {table_name} {column}: {reading.outcome.title}",
                roll=record)
    row = spec.outcomes.get(reading.outcome)
    ip = row.ip if row else {}
    state = adjust(state, actor, f"{card.id} {reading.outcome.title}", ip={(actor if k == "self" else k): v for k, v in ip.items()})
    if spec.pin_turns:
        state = _pin(state, contest, spec.pin_turns)
    if spec.reset and blue_ffs:
        state = _reset(state, content, contest, reading.outcome)
    return attrs.evolve(state, contest=None, roll_request=None)


def _groups(state: GameState, commits) -> list[ForceGroup]:
    groups = []
    for c in commits:
        stack = state.stack(c.stack)
        source = Source(c.source)
        if stack.owner == "US" and stack.bought_back_turn == state.turn:
            source = Source.CONUS  # the mat's note: bought-back forces use the reactive table
        groups.append(ForceGroup(c.ffs, stack.mod, stack.readiness if stack.owner == "US" else 100, source))
    return groups


def _pin(state: GameState, contest: Contest, turns: int) -> GameState:
    for c in contest.red + contest.blue:
        stack = state.stack(c.stack)
        state = put_stack(state, attrs.evolve(stack, pinned_through=max(stack.pinned_through, state.turn + turns - 1)))
    return state


def _reset(state: GameState, content: Content, contest: Contest, outcome: Outcome) -> GameState:
    """Half of each side's committed FFs (rounded up) go home for a turn (ch. 11)."""
    for side in (contest.red, contest.blue):
        owners = {state.stack(c.stack).owner for c in side}
        for owner in sorted(owners):
            mine = [c for c in side if state.stack(c.stack).owner == owner]
            due = reset_ffs(sum(c.ffs for c in mine))
            sent = 0
            for c in mine:
                if owner == "US":
                    stack = state.stack(c.stack)
                    state = put_stack(state, attrs.evolve(stack, readiness=readiness_after_reset(stack.readiness, outcome)))
                take = min(due - sent, c.ffs)
                if take <= 0:
                    continue
                part, state = split(state, c.stack, take)
                if part.pinned(state.turn):
                    # Pinned forces stay put; they go home when the pin is lifted (ch. 11).
                    part = attrs.evolve(part, reset_through=part.pinned_through + 1)
                else:
                    part = attrs.evolve(part, location=part.home, reset_through=state.turn + 1, arrived_turn=state.turn)
                state = put_stack(state, part)
                sent += take
            state = log(state, owner, "reset", f"{owner}: {sent} FF reset to home bases until the end of turn {state.turn + 1}")
            if content.scenario.player(owner).side == "red" and sent:
                pay = min(sent, state.player(owner).rp)
                state = adjust(state, owner, "restoring reset forces", rp={owner: -pay})
                if pay < sent:
                    state = _extend_reset(state, owner, sent - pay)
    return state


def _extend_reset(state: GameState, owner: str, unpaid: int) -> GameState:
    """FFs a Red player could not pay to restore stay reset one turn longer."""
    for stack in state.stacks_of(owner):
        if unpaid <= 0:
            break
        if stack.reset_through == state.turn + 1:
            take = min(unpaid, stack.ffs)
            part, state = split(state, stack.id, take)
            state = put_stack(state, attrs.evolve(part, reset_through=state.turn + 2))
            unpaid -= take
    return log(state, owner, "reset", f"{owner} could not pay for every reset FF: the rest stay reset a turn longer")
