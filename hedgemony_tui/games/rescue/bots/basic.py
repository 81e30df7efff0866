"""The basic computer player: a team-first greedy planner.

Every seat runs the same plan on the same open view, so the three agree without
talking. A *mission* is an actor going to a crisis, straight or by way of the airport or
the port, where the team's requested tokens pile up (anyone may pick them up, one
more arriving each turn the actor asks while there). Each mission is timed: the walk,
the turns waiting at the hub for what the actor still lacks, and the die's rise of one
a cycle meanwhile (a 6 turning into a riot). Crises are ranked by urgency (cycles before
a riot's second 6, a die above 3 costing GP, the Media Meeple's crisis for GP, and the
slack a remote crisis leaves: the island must be started early); each crisis goes to
the actor whose mission ends soonest, one crisis per actor. On its turn
an actor resolves what it can, hands a teammate in its hex what that teammate's
mission lacks, picks up what its own mission lacks, steps along its mission, and spends
an unused action on a request at the hub it will pass (or the nearer one), for what
its mission or the team lacks most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from hedgemony_tui.table.contract import Choice

from ..engine.actors import RESOURCE_OF, RESOURCES, SEATS
from ..engine.board import Board, default_board
from ..engine.intents import Discard, EndTurn, Give, Move, Request, Resolve, Roll, Take
from ..engine.reckon import cycles_to_failure, requirement, severe, step_distances
from ..engine.state import TURN, Crisis, RescueState
from .standin import own_die, stand_in_roll

FAR = 99
RATE = 2
"""Tokens a hub gains a turn while an actor waits there: its own request and a teammate's."""
MAX_WAIT = 12
SLACK_HORIZON = 6
"""A crisis whose quickest mission leaves it fewer spare cycles than this is pushed up the plan."""
SLACK_WEIGHT = 3.0


@attrs.frozen
class Mission:
    seat: str
    crisis: int
    hub: str  # "" when the actor goes straight to the crisis
    turns: int
    need: int  # tokens due on arrival


class BasicPolicy:
    name = "basic"

    def decide(self, view: RescueState, options: Sequence[Any]) -> Choice:
        if view.stage != TURN:
            return self._other(view, options)
        board = default_board()
        seat = options[0].seat
        for intent in options:
            if isinstance(intent, Resolve):
                return Choice(intent, f"basic: resolve Crisis {intent.crisis} now")
        plan = team_plan(view, board)
        mine = plan.get(seat)
        give = self._give(view, seat, plan, options)
        if give is not None:
            return give
        if mine is None:
            return self._idle(view, board, seat, options, "", plan=plan)
        crisis = view.crisis(mine.crisis)
        resource = RESOURCE_OF[crisis.colour]
        held = view.actor(seat).tokens.of(resource)
        if held < mine.need:
            takes = sorted(
                (i for i in options if isinstance(i, Take) and i.resource == resource), key=lambda i: i.owner != seat
            )
            if takes:
                return Choice(takes[0], f"basic: pick up {resource} for Crisis {mine.crisis} ({held} of {mine.need})")
        here = view.actor(seat).hex
        goal = crisis.hex if held >= mine.need or not mine.hub else mine.hub
        if goal == here and goal == mine.hub:
            request = Request(seat, resource, here)
            if request in options:
                return Choice(request, f"basic: ask for {resource} here for Crisis {mine.crisis}")
            if held + stock(view, here, resource) < mine.need:
                return self._end(options, f"basic: waiting at {here} for {resource} for Crisis {mine.crisis}")
            goal = crisis.hex
        step = step_toward(view, board, seat, goal, options)
        if step is not None:
            return Choice(step, f"basic: on to {goal} for Crisis {mine.crisis}")
        return self._idle(view, board, seat, options, resource if held < mine.need else "", mine.hub, plan)

    def _give(self, view: RescueState, seat: str, plan: dict[str, Mission], options: Sequence[Any]) -> Choice | None:
        mine = plan.get(seat)
        for intent in options:
            if not isinstance(intent, Give) or intent.to not in plan:
                continue
            theirs = plan[intent.to]
            their_crisis = view.crisis(theirs.crisis)
            if RESOURCE_OF[their_crisis.colour] != intent.resource:
                continue
            if view.actor(intent.to).tokens.of(intent.resource) >= theirs.need:
                continue
            keep = 0
            if mine is not None and RESOURCE_OF[view.crisis(mine.crisis).colour] == intent.resource:
                keep = mine.need
            if view.actor(seat).tokens.of(intent.resource) > keep:
                return Choice(intent, f"basic: {intent.to} needs {intent.resource} for Crisis {theirs.crisis}")
        return None

    def _idle(
        self,
        view: RescueState,
        board: Board,
        seat: str,
        options: Sequence[Any],
        resource: str,
        hub: str = "",
        plan: dict[str, Mission] | None = None,
    ) -> Choice:
        for other in sorted((plan or {}).values(), key=lambda m: m.turns):
            # Feed a teammate waiting at a hub: a request there arrives at once.
            if other.seat == seat or not other.hub or resource:
                continue
            theirs = RESOURCE_OF[view.crisis(other.crisis).colour]
            if view.actor(other.seat).tokens.of(theirs) + stock(view, other.hub, theirs) < other.need:
                feed = Request(seat, theirs, other.hub)
                if feed in options:
                    return Choice(feed, f"basic: send {theirs} to {other.hub} for {other.seat}'s Crisis {other.crisis}")
        wanted = resource or team_shortfall(view) or most_urgent_resource(view)
        if wanted:
            request = request_near(view, board, seat, wanted, options, hub)
            if request is not None:
                return Choice(request, f"basic: stock {wanted} at {request.at} for the team")
        return self._end(options, "basic: nothing more to do this turn")

    def _end(self, options: Sequence[Any], why: str) -> Choice:
        return Choice(next(i for i in options if isinstance(i, EndTurn)), why)

    def _other(self, view: RescueState, options: Sequence[Any]) -> Choice:
        intent = options[0]
        if isinstance(intent, Roll) and intent.face:
            # Physical dice: no one rolls for a computer player, so it draws its own die.
            rolled = stand_in_roll(view, options)
            return Choice(rolled, own_die(rolled), public_reason=True)
        if isinstance(intent, Discard):
            # Lose what the team needs least: the kinds with the most tokens in hand.
            spare = {r: sum(a.tokens.of(r) for a in view.actors) for r in RESOURCES}
            intent = max(options, key=lambda o: (sum(spare[p.partition(":")[2]] for p in o.picks), o.picks))
        return Choice(intent, f"basic: {intent.describe()}")


def stock(view: RescueState, hex_label: str, resource: str) -> int:
    return sum(s.count for s in view.stocks_at(hex_label) if s.resource == resource)


def projected(crisis: Crisis, cycles: int) -> Crisis:
    """The crisis as it will stand after ``cycles`` more cycle starts, left alone."""
    face, riot = crisis.face, crisis.riot
    for _ in range(max(0, cycles)):
        if face == 6 and not riot:
            face, riot = 1, True
        else:
            face = min(6, face + 1)
    return Crisis(crisis.number, crisis.hex, crisis.colour, face, riot)


def urgency(view: RescueState, crisis: Crisis) -> float:
    """How much sooner a crisis should be taken on (higher: sooner)."""
    bonus = max(0, 9 - cycles_to_failure(crisis)) * 1.0
    bonus += 1.0 if severe(crisis) else 0.0
    bonus += 1.0 if crisis.number == view.media else 0.0
    return bonus


def missions(view: RescueState, board: Board, seat: str, crisis: Crisis) -> Mission | None:
    """The quickest way for ``seat`` to resolve ``crisis`` (None: it cannot get there).

    Turns count from this one (turn 0): a walk of ``d`` hexes ends in turn ``d - 1``, where
    the actor can still resolve; the die rises once per turn after this one. At a hub the
    actor asks for a token and picks it up every turn it is there (arriving, waiting, and
    before stepping off), and a teammate's request adds one more each waiting turn."""
    reach = step_distances(view, board, seat)
    if crisis.hex not in reach:
        return None
    resource = RESOURCE_OF[crisis.colour]
    held = view.actor(seat).tokens.of(resource)
    here = view.actor(seat).hex
    walk = reach[crisis.hex]
    best: Mission | None = None
    turns = max(0, walk - 1)
    need = requirement(projected(crisis, turns), seat).tokens
    if held + (stock(view, here, resource) if not view.blackout else 0) >= need:
        best = Mission(seat, crisis.number, "", turns, need)
    for hub in (board.airport, board.port):
        back = step_distances(view, board, seat, hub).get(crisis.hex) if hub in reach else None
        if back is None:
            continue
        lying = stock(view, hub, resource) if not view.blackout else 0
        for wait in range(MAX_WAIT + 1):
            turns = max(0, reach[hub] + back - 1) + wait
            visits = wait + (2 if reach[hub] >= 1 else 1)
            need_then = requirement(projected(crisis, turns), seat).tokens
            if held + lying + visits + (RATE - 1) * wait >= need_then:
                if best is None or turns < best.turns:
                    best = Mission(seat, crisis.number, hub, turns, need_then)
                break
    return best  # even a mission that looks too late beats leaving a crisis to rot


def team_plan(view: RescueState, board: Board) -> dict[str, Mission]:
    """Each actor's mission: the greedy pairing of actors and open crises by how soon the
    mission ends, weighed by the crisis's urgency and by its slack (the cycles it has
    left beyond the quickest mission to it: a remote crisis must be started early);
    one crisis per actor."""
    found = {(seat, c.number): missions(view, board, seat, c) for c in view.open_crises() for seat in SEATS}
    scored = []
    for crisis in view.open_crises():
        turns = [m.turns for seat in SEATS if (m := found[(seat, crisis.number)]) is not None]
        slack = cycles_to_failure(crisis) - min(turns, default=FAR)
        weight = urgency(view, crisis) + SLACK_WEIGHT * max(0, SLACK_HORIZON - slack)
        for seat in SEATS:
            mission = found[(seat, crisis.number)]
            if mission is not None:
                scored.append((mission.turns - weight, crisis.number, seat, mission))
    plan: dict[str, Mission] = {}
    taken: set[int] = set()
    for _, number, seat, mission in sorted(scored, key=lambda x: (x[0], x[1], x[2])):
        if seat not in plan and number not in taken:
            plan[seat] = mission
            taken.add(number)
    return plan


def step_toward(view: RescueState, board: Board, seat: str, goal: str, options: Sequence[Any]) -> Move | None:
    here = step_distances(view, board, seat).get(goal, FAR)
    best: tuple[int, str] | None = None
    for intent in options:
        if isinstance(intent, Move):
            d = step_distances(view, board, seat, intent.to).get(goal, FAR)
            if d < here and (best is None or (d, intent.to) < best):
                best = (d, intent.to)
    return None if best is None else Move(seat, best[1])


def request_near(
    view: RescueState, board: Board, seat: str, resource: str, options: Sequence[Any], hub: str = ""
) -> Request | None:
    reach = step_distances(view, board, seat)
    hubs = sorted((h != hub, reach.get(h, FAR), h) for h in (board.airport, board.port))
    for *_, at in hubs:
        request = Request(seat, resource, at)
        if request in options:
            return request
    return None


def most_urgent_resource(view: RescueState) -> str:
    ranked = sorted((-urgency(view, c), c.number) for c in view.open_crises())
    return RESOURCE_OF[view.crisis(ranked[0][1]).colour] if ranked else ""


def team_shortfall(view: RescueState) -> str:
    """The resource the open crises lack most, counting every token in hand or in depots."""
    gap: dict[str, int] = {}
    for c in view.open_crises():
        need = min(requirement(c, s).tokens for s in SEATS)
        gap[RESOURCE_OF[c.colour]] = gap.get(RESOURCE_OF[c.colour], 0) + need
    for r in list(gap):
        gap[r] -= sum(a.tokens.of(r) for a in view.actors) + sum(s.count for s in view.depots if s.resource == r)
    short = [(g, r) for r, g in gap.items() if g > 0]
    return max(short)[1] if short else ""
