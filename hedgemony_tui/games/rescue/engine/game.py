"""The one door to the engine: who owes what (``pending``), every intent allowed now
(``legal``) and the next state (``reduce``). Every die is a pending decision: the
player rolls (the table's keyed dice) or, with physical dice, types the face."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hedgemony_tui.table.contract import OVER as OVER_KIND
from hedgemony_tui.table.contract import Decision
from hedgemony_tui.table.dice import RollRecord
from hedgemony_tui.table.errors import IllegalIntent

from .actors import BAG, DIE, NAMES, SEATS
from .board import Board, default_board
from .cards import event_cards
from .cycle import airport_choices, draw_event, end_of_cycle, finish_saved, remove_from_airport, start_cycle
from .intents import Discard, DrawEvent, EndTurn, Intent, Roll
from .state import AIRPORT, EVENT, INITIATIVE, MEDIA, OVER, PLACING, TURN, RescueState, logged, with_crisis
from .turns import apply_turn, begin_turn, turn_intents


def initiative_roller(rolls: Sequence[tuple[int, ...]]) -> str | None:
    """Who rolls for initiative next: everyone once, then, while some seats tie, each of
    the tied rolls again (the shortest record first), and no one else (R1)."""
    needing = [
        i
        for i, mine in enumerate(rolls)
        if not mine or any(j != i and other[: len(mine)] == mine for j, other in enumerate(rolls))
    ]
    if not needing:
        return None
    index = min(needing, key=lambda i: (len(rolls[i]), i))
    return SEATS[index]


def initiative_order(rolls: Sequence[tuple[int, ...]]) -> tuple[str, ...]:
    """Highest first; a re-roll orders the seats that tied (R1)."""
    return tuple(SEATS[i] for i in sorted(range(len(SEATS)), key=lambda i: rolls[i], reverse=True))


def bag_left(state: RescueState) -> tuple[str, ...]:
    """The crisis dice still in the bag, sorted."""
    left = list(BAG)
    for crisis in state.crises:
        if crisis.placed:
            left.remove(crisis.colour)
    return tuple(sorted(left))


def roller(state: RescueState) -> str:
    """The seat that owes the pending roll ("" when no roll is pending)."""
    if state.stage == INITIATIVE:
        return initiative_roller(state.initiative) or ""
    if state.stage == PLACING:
        placed = sum(c.placed for c in state.crises)
        return state.order[placed % len(state.order)]
    if state.stage == MEDIA:
        return state.drawer
    return ""


def pending(state: RescueState) -> Decision:
    if state.stage == OVER:
        return Decision((state.order[0] if state.order else SEATS[0],), OVER_KIND, "The game is over.")
    seat = roller(state)
    if state.stage == INITIATIVE:
        again = " again (a tie)" if state.initiative[SEATS.index(seat)] else ""
        return Decision((seat,), "roll", f"{NAMES[seat]}: roll a d6 for initiative{again}")
    if state.stage == PLACING:
        number = sum(c.placed for c in state.crises) + 1
        return Decision(
            (seat,), "roll", f"{NAMES[seat]}: draw a crisis die from the bag and roll it for Crisis {number}"
        )
    if state.stage == MEDIA:
        return Decision((seat,), "roll", f"{NAMES[seat]}: roll the Media Meeple's d6 (it goes to that crisis)")
    if state.stage == EVENT:
        return Decision((state.drawer,), "event", f"{NAMES[state.drawer]}: draw the event card of cycle {state.cycle}")
    if state.stage == AIRPORT:
        return Decision((state.drawer,), "airport", f"{NAMES[state.drawer]}: choose the tokens lost at the airport")
    seat = state.turn.seat
    return Decision((seat,), "turn", f"{NAMES[seat]}'s turn (cycle {state.cycle}): move, share, one action, then end")


def legal(state: RescueState, board: Board | None = None) -> list[Intent]:
    board = board or default_board()
    if state.stage == OVER:
        return []
    seat = roller(state)
    if seat:
        if not state.settings.physical_dice:
            return [Roll(seat)]
        if state.stage == PLACING:
            return [Roll(seat, face, colour) for colour in sorted(set(bag_left(state))) for face in range(1, DIE + 1)]
        return [Roll(seat, face) for face in range(1, DIE + 1)]
    if state.stage == EVENT:
        return [DrawEvent(state.drawer)]
    if state.stage == AIRPORT:
        effect = next(e for e in event_cards()[state.event].effects if e.kind == "airport")
        return [Discard(state.drawer, picks) for picks in airport_choices(state, board, effect.amount)]
    return turn_intents(state, board)


def reduce(state: RescueState, intent: Intent, board: Board | None = None) -> RescueState:
    """The state after ``intent``; IllegalIntent saying what is allowed otherwise."""
    board = board or default_board()
    options = legal(state, board)
    if intent not in options:
        raise IllegalIntent(_refusal(state, intent, options))
    if isinstance(intent, Roll):
        return roll(state, board, intent.face or None, intent.colour or None)
    if isinstance(intent, DrawEvent):
        return draw_event(state, board)
    if isinstance(intent, Discard):
        return remove_from_airport(state, board, intent.picks)
    if isinstance(intent, EndTurn):
        return end_turn(state)
    return apply_turn(state, board, intent)


def _refusal(state: RescueState, intent: object, options: list[Intent]) -> str:
    decision = pending(state)
    what = intent.describe() if hasattr(intent, "describe") else repr(intent)
    if decision.over:
        return f"{what}: the game is over"
    if getattr(intent, "seat", None) not in decision.seats:
        return f"{what}: it is not that seat's decision now ({decision.prompt})"
    allowed = "; ".join(o.describe() for o in options[:8]) + ("; ..." if len(options) > 8 else "")
    return f"{what} is not allowed now ({decision.prompt}). Allowed: {allowed}"


def roll(state: RescueState, board: Board, face: int | None = None, colour: str | None = None) -> RescueState:
    """The pending die rolled (keyed by its purpose) or typed in, and what it decides."""
    seat = roller(state)
    physical = face is not None
    if state.stage == INITIATIVE:
        purpose = f"initiative {seat}"
    elif state.stage == PLACING:
        number = sum(c.placed for c in state.crises) + 1
        purpose = f"crisis {number}"
    else:
        purpose = "media"
    rng = state.rng
    if face is None:
        value, rng = rng.keyed_below(DIE, state.cycle, purpose)
        face = value + 1
    state = attrs.evolve(state, rng=rng, rolls=state.rolls + 1)
    if state.stage == INITIATIVE:
        index = SEATS.index(seat)
        mine = (*state.initiative[index], face)
        rolls = state.initiative[:index] + (mine,) + state.initiative[index + 1 :]
        record = RollRecord(0, seat, "initiative", face, result=f"{seat} rolls {face}", physical=physical)
        state = logged(
            attrs.evolve(state, initiative=rolls), seat, "roll", f"{seat} rolls {face} for initiative.", record
        )
        if initiative_roller(rolls) is None:
            order = initiative_order(rolls)
            state = logged(
                attrs.evolve(state, order=order, stage=PLACING),
                "",
                "order",
                "Initiative order: " + ", ".join(order) + ".",
            )
        return state
    if state.stage == PLACING:
        left = bag_left(state)
        if colour is None:
            pick, rng = state.rng.keyed_below(len(left), 0, f"bag {purpose}")
            colour = left[pick]
            state = attrs.evolve(state, rng=rng)
        crisis = attrs.evolve(state.crisis(number), colour=colour, face=face)
        record = RollRecord(
            0, seat, f"crisis die for Crisis {number}", face, result=f"{colour} {face}", physical=physical
        )
        state = logged(
            with_crisis(state, crisis),
            seat,
            "roll",
            f"{seat} draws a {colour} die and rolls {face}: Crisis {number} at {crisis.hex}.",
            record,
        )
        return start_cycle(state, 1) if number == len(state.crises) else state
    crisis = state.crisis(face)
    record = RollRecord(
        state.cycle, seat, "Media Meeple", face, result=f"Crisis {face} at {crisis.hex}", physical=physical
    )
    state = logged(
        attrs.evolve(state, media=face),
        seat,
        "roll",
        f"{seat} rolls {face}: the Media Meeple goes to Crisis {face} at {crisis.hex}.",
        record,
    )
    return begin_turn(attrs.evolve(state, stage=TURN), 0)


def end_turn(state: RescueState) -> RescueState:
    state = logged(state, state.turn.seat, "end", f"{state.turn.seat} ends the turn.")
    if not state.open_crises():
        return finish_saved(state)
    if state.active + 1 < len(state.order):
        return begin_turn(state, state.active + 1)
    state = end_of_cycle(state)
    return start_cycle(state, state.cycle + 1)
