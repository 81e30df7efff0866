"""The turn of Hex Encounters as decisions: deployment, then each turn Red attacks, Red
moves, Blue moves, Blue attacks, detected blocks hide again, supply is traced and
reinforcement points spent. ``pending``, ``legal`` and ``apply`` are the engine's door."""

from __future__ import annotations

import attrs

from hedgemony_tui.table.contract import OVER as OVER_KIND
from hedgemony_tui.table.contract import Decision
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import IllegalIntent

from .board import board
from .data import game_data
from .deploy import deploy_prompt, deployed_all, legal_deploy, next_default, place
from .fight import apply_combat, deciding_seat, declare, legal_combat, targets
from .ground import EXIT, destinations, supplied_hexes, unit_type
from .intents import Attack, Deploy, Detect, Done, Heal, MoveTo, Select
from .state import (
    BLUE_ATTACK,
    BLUE_MOVE,
    DEAD,
    DEPLOY,
    EXITED,
    ON_MAP,
    OVER,
    PHASE_SEATS,
    PHASE_TITLES,
    RED_ATTACK,
    RED_MOVE,
    REINFORCE,
    RESERVE,
    SEATS,
    UNDEPLOYED,
    Block,
    GameState,
    enemy_side,
    side_of,
)
from .tools import commander, log, named, record_bridges, reveal, update
from .victory import final_winner, instant_winner

RED_POOL = "RED134"  # the formation whose reinforcement figure is the Red pool


def new_game(seed: int, turns: int, physical_dice: bool = False) -> GameState:
    """The first state: every block's type dealt to an id at random (ids say nothing of
    the type), Red waiting off the west edge, Green and Blue about to deploy."""
    data = game_data()
    rng = Rng(seed)
    blocks: list[Block] = []
    for formation in data.formations:
        kinds = list(formation.blocks)
        for i in range(len(kinds) - 1, 0, -1):  # Fisher-Yates with keyed draws
            j, rng = rng.keyed_below(i + 1, 0, f"deal {formation.seat}")
            kinds[i], kinds[j] = kinds[j], kinds[i]
        prefix = {"RED134": "A", "RED218": "C", "BLUE": "B", "GREEN": "G"}[formation.seat]
        status = RESERVE if formation.side == "red" else UNDEPLOYED
        blocks += [Block(f"{prefix}{n}", formation.seat, kind, status=status) for n, kind in enumerate(kinds, start=1)]
    state = GameState(
        seed=seed,
        turns=turns,
        blocks=tuple(blocks),
        rng=rng,
        physical_dice=physical_dice,
        phase=DEPLOY,
        seat="GREEN",
        bridges=tuple((b, "") for b in board().bridges),
    )
    return log(
        state, f"A new game of {turns} turns: Green and then Blue deploy, hidden; Red enters at {board().red_entry}."
    )


def pending(state: GameState) -> Decision:
    if state.phase == OVER:
        return Decision((), OVER_KIND, f"The game is over: {state.why}")
    if state.combat is not None:
        c = state.combat
        kind = {
            "forming": "attack",
            "roll": "roll",
            "attacker-losses": "losses",
            "defender-losses": "losses",
            "retreat": "retreat",
            "advance": "advance",
        }[c.stage]
        return Decision((deciding_seat(state),), kind, _combat_prompt(state))
    seat = state.seat
    if state.phase == DEPLOY:
        return Decision((seat,), "deploy", deploy_prompt(state))
    if state.selected:
        return Decision(
            (seat,),
            "move-to",
            f"{commander(seat)}: where does {state.selected} go? "
            "To pick another unit, undo (Ctrl+Z) takes this choice back.",
        )
    kinds = {RED_ATTACK: "attack", BLUE_ATTACK: "attack", RED_MOVE: "move", BLUE_MOVE: "move", REINFORCE: "reinforce"}
    prompts = {
        "attack": "pick a hex to attack, or end the attacks",
        "move": "pick a unit to move, or end the moves",
        "reinforce": f"spend reinforcement points ({state.rp} left) on units in supply",
    }
    k = kinds[state.phase]
    return Decision((seat,), k, f"Turn {state.turn}, {PHASE_TITLES[state.phase]}: {commander(seat)}, {prompts[k]}")


def _combat_prompt(state: GameState) -> str:
    c = state.combat
    assert c is not None
    att, dfn, decider = commander(c.seat), commander(c.defender_seat), commander(deciding_seat(state))
    return {
        "forming": f"{att}: add units to the attack on {named(c.target)}, then commit it (or call it off)",
        "roll": (
            f"{att}: roll the two d4 at the table for the attack on {named(c.target)} and enter the faces"
            if state.physical_dice
            else f"{att}: roll the dice for the attack on {named(c.target)}"
        ),
        "attacker-losses": f"{att}: take {c.attacker_due} cohesion loss(es) on the attacking units",
        "defender-losses": f"{dfn}: take {c.defender_due} cohesion loss(es) on the defenders of {named(c.target)}",
        "retreat": f"{decider}: retreat {c.queue[0] if c.queue else ''} {c.retreat_hexes} hex(es), or refuse at 1 cohesion each",
        "advance": f"{att}: advance into {named(c.target)}, or stay",
    }[c.stage]


_LEGAL_MEMO: list[tuple[GameState, list[object]]] = []


def legal(state: GameState) -> list[object]:
    """Every decision allowed now (remembered for the last few states: apply, settle and
    the table all ask again for the same state)."""
    for known, options in _LEGAL_MEMO:
        if known is state:
            return list(options)
    options = _legal(state)
    _LEGAL_MEMO.insert(0, (state, options))
    del _LEGAL_MEMO[8:]
    return list(options)


def _legal(state: GameState) -> list[object]:
    if state.phase == OVER:
        return []
    if state.combat is not None:
        return legal_combat(state)
    seat = state.seat
    own = [b for b in state.blocks if b.seat == seat]
    if state.phase == DEPLOY:
        return legal_deploy(state)
    if state.selected:
        block = state.block(state.selected)
        return [MoveTo(seat, block.id, h) for h in sorted(destinations(state, block))]
    if state.phase in (RED_ATTACK, BLUE_ATTACK):
        return [*(Attack(seat, h) for h in targets(state, seat)), Done(seat)]
    if state.phase in (RED_MOVE, BLUE_MOVE):
        # A recce that has just moved may look (R-H20): its Detect options join the
        # seat's ordinary move decision, so that the enemy, who sees whose decision it
        # is, cannot tell a recce's move from any other.
        looks: list[object] = []
        if state.detecting:
            recce = state.block(state.detecting)
            brd = board()
            looks = [
                Detect(seat, recce.id, b.id)
                for b in state.blocks
                if b.on_map and b.side != recce.side and not b.revealed and brd.distance(b.hex, recce.hex) <= 2
            ]
        movers = [b for b in own if b.status in (RESERVE, ON_MAP) and not b.moved]
        return [*looks, *(Select(seat, b.id) for b in movers if b.on_map or destinations(state, b)), Done(seat)]
    heal = [Heal(seat, b.id) for b in own if b.on_map and b.supplied and b.loss > 0] if state.rp > 0 else []
    return [*heal, Done(seat)]


def apply(state: GameState, intent: object) -> GameState:
    """The state after ``intent``, or IllegalIntent naming what is allowed now."""
    options = legal(state)
    if intent not in options:
        decision = pending(state)
        # ``legal`` is typed list[object]; every option is one of the game's intents, which describe themselves.
        allowed = ", ".join(o.describe() for o in options[:6]) + (" ..." if len(options) > 6 else "")  # type: ignore[attr-defined]
        what = intent.describe() if hasattr(intent, "describe") else repr(intent)
        raise IllegalIntent(f"not allowed now: {what}. {decision.prompt}" + (f" Allowed: {allowed}" if allowed else ""))
    if state.combat is not None:
        state = apply_combat(state, intent)
    else:
        state = _apply_turn(state, intent)
    return settle(state)


def _apply_turn(state: GameState, intent: object) -> GameState:
    if state.phase == DEPLOY and isinstance(intent, (Deploy, MoveTo)):
        block = state.block(intent.unit)
        # A Deploy takes the default set's next hex; a MoveTo names the hex chosen.
        default = isinstance(intent, Deploy)
        state = place(
            state, intent.seat, block, intent.hex if isinstance(intent, MoveTo) else next_default(state), default
        )
        if deployed_all(state, intent.seat):
            return _next_seat(attrs.evolve(state, slot=0))
        return state
    if isinstance(intent, Attack):
        return declare(state, intent)
    if isinstance(intent, Select):  # a unit to move, or (deploying) to set up on a hex of one's choice
        return attrs.evolve(state, selected=intent.unit, detecting="")  # the recce's chance to look is gone
    if isinstance(intent, MoveTo):
        return _move(state, intent)
    if isinstance(intent, Detect):
        state = reveal(state, [intent.unit, intent.target], f"recce {intent.unit} looks")
        return attrs.evolve(state, detecting="")
    if isinstance(intent, Heal):
        block = state.block(intent.unit)
        state = update(state, attrs.evolve(block, loss=block.loss - 1))
        return log(attrs.evolve(state, rp=state.rp - 1), f"{intent.seat} restores 1 cohesion to {block.id}")
    if isinstance(intent, Done):
        return _next_seat(attrs.evolve(state, detecting=""))
    raise IllegalIntent(f"{intent!r} is not a decision of this game")


def _move(state: GameState, intent: MoveTo) -> GameState:
    block = state.block(intent.unit)
    route = destinations(state, block)[intent.hex]
    state = attrs.evolve(state, selected="")
    state = record_bridges(state, route, block.side)
    if intent.hex == EXIT:
        state = update(state, attrs.evolve(block, status=EXITED, hex="", moved=True))
        state = log(state, f"{intent.seat} moves {block.id} off the east edge")
        return reveal(state, [block.id], "left the map")
    where = block.hex if block.on_map else "off the map"
    state = update(state, attrs.evolve(block, hex=intent.hex, status=ON_MAP, moved=True))
    state = log(
        state,
        f"{intent.seat} moves {block.id} from {named(where)} to {named(intent.hex)}"
        if where != intent.hex
        else f"{intent.seat} keeps {block.id} at {named(intent.hex)}",
    )
    brd = board()
    near = [b.id for b in state.blocks if b.on_map and b.side != block.side and brd.distance(b.hex, intent.hex) == 1]
    if near:
        state = reveal(state, [block.id, *near], f"contact at {intent.hex}")
    # L133: a recce may look "after moving"; one kept where it stood has not moved (R-H20).
    if (
        unit_type(block).ability == "recce"
        and where != intent.hex
        and any(
            b.on_map and b.side != block.side and not b.revealed and brd.distance(b.hex, intent.hex) <= 2
            for b in state.blocks
        )
    ):
        state = attrs.evolve(state, detecting=block.id)
    return state


def _next_seat(state: GameState) -> GameState:
    seats = PHASE_SEATS[state.phase]
    index = seats.index(state.seat)
    if index + 1 < len(seats):
        seat = seats[index + 1]
        rp = state.rp if state.phase == REINFORCE and side_of(seat) == "red" else _rp_of(seat)
        return attrs.evolve(state, seat=seat, rp=rp if state.phase == REINFORCE else 0)
    return _next_phase(state)


def _rp_of(seat: str) -> int:
    return game_data().formation(seat).reinforcement


def _start_phase(state: GameState, phase: str) -> GameState:
    seat = PHASE_SEATS[phase][0]
    blocks = state.blocks
    if phase == RED_ATTACK:
        blocks = tuple(attrs.evolve(b, attacked=False, moved=False) for b in blocks)
    state = attrs.evolve(state, phase=phase, seat=seat, blocks=blocks, rp=_rp_of(seat) if phase == REINFORCE else 0)
    return log(state, f"Turn {state.turn}: {PHASE_TITLES[phase]}")


def _next_phase(state: GameState) -> GameState:
    order = (RED_ATTACK, RED_MOVE, BLUE_MOVE, BLUE_ATTACK)
    if state.phase == DEPLOY:
        return _start_phase(state, RED_ATTACK)
    if state.phase in order[:-1]:
        return _start_phase(state, order[order.index(state.phase) + 1])
    if state.phase == BLUE_ATTACK:
        return _start_phase(end_of_turn(state), REINFORCE)
    if state.turn >= state.turns:
        winner, why = final_winner(state)
        return _finish(state, winner, why)
    return _start_phase(attrs.evolve(state, turn=state.turn + 1), RED_ATTACK)


def end_of_turn(state: GameState) -> GameState:
    """Steps 5 and 6a: blocks no longer in contact hide again; supply is traced, and each
    unit out of supply loses a cohesion and moves at half rate next turn."""
    brd = board()
    hexes = {side: {b.hex for b in state.blocks if b.on_map and b.side == side} for side in ("red", "blue")}
    blocks = []
    for b in state.blocks:
        if b.on_map and b.revealed and not any(n in hexes[enemy_side(b.side)] for n in brd.neighbours(b.hex)):
            b = attrs.evolve(b, revealed=False)
        blocks.append(b)
    state = attrs.evolve(state, blocks=tuple(blocks))
    supplied = {side: supplied_hexes(state, side) for side in ("red", "blue")}
    for b in state.blocks:
        if not b.on_map:
            continue
        ok = b.hex in supplied[b.side]
        b = attrs.evolve(b, supplied=ok, halved=not ok)
        state = update(state, b)
        if not ok:
            loss = b.loss + 1
            dead = loss >= unit_type(b).cohesion
            state = update(
                state, attrs.evolve(b, loss=loss, status=DEAD if dead else ON_MAP, revealed=b.revealed or dead)
            )
            state = log(
                state,
                f"{b.id} at {named(b.hex)} is out of supply: loses 1 cohesion" + (" and is destroyed" if dead else ""),
            )
    state = attrs.evolve(state, reveal_seq=state.reveal_seq + 1)
    return log(state, f"Turn {state.turn}: contact lost blocks hide again; supply traced")


def _finish(state: GameState, winner: str, why: str) -> GameState:
    state = attrs.evolve(state, phase=OVER, winner=winner, why=why, selected="", detecting="", combat=None)
    return log(state, f"Game over: {'Red wins' if winner == 'red' else 'Blue and Green win'} ({why})")


def settle(state: GameState) -> GameState:
    """Check the victory conditions, and pass over every seat whose only choice is 'done'."""
    for _ in range(64):
        if state.phase == OVER:
            return state
        if state.combat is None and state.phase != DEPLOY:
            winner, why = instant_winner(state)
            if winner:
                return _finish(state, winner, why)
        options = legal(state)
        # A seat with nothing to decide is passed over, except in a move step once it has
        # moved a unit: then it ends its moves itself, so that whether it is held there
        # (a recce that may look) shows the enemy nothing.
        moving = state.phase in (RED_MOVE, BLUE_MOVE) and any(b.moved for b in state.blocks if b.seat == state.seat)
        if (
            state.combat is None
            and not state.selected
            and not state.detecting
            and state.phase != DEPLOY
            and not moving
            and len(options) == 1
            and isinstance(options[0], Done)
        ):
            state = _next_seat(state)
            continue
        return state
    return state


def seat_owes(state: GameState) -> tuple[str, ...]:
    return pending(state).seats


__all__ = ["SEATS", "new_game", "pending", "legal", "apply", "DEAD"]
