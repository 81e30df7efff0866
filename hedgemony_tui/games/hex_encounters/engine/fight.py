"""A combat from declaration to advance: forming the attack, committing it (both sides'
blocks revealed, odds set), the dice, losses allocated by their owners, retreats (or
refusals at a cohesion each) and the advance into an emptied hex."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hedgemony_tui.table.errors import IllegalIntent

from .board import board
from .combat import COLUMNS, combat_shifts, dice_read, ratio_column, result_of, total
from .data import UnitType, game_data
from .ground import crossing_ok, retreat_steps, stack_limit, unit_type
from .intents import Advance, Attack, Done, EnterDice, Fight, Join, Lose, Refuse, Retreat, Roll
from .state import (
    ADVANCE,
    ATT_LOSS,
    BLUE_SEATS,
    DEAD,
    DEF_LOSS,
    FORMING,
    RED_SEATS,
    RETREAT,
    ROLL,
    Block,
    Combat,
    GameState,
    enemy_side,
    side_of,
)
from .tools import log, move_block, named, record_bridges, reveal, update


def eligible(state: GameState, seat: str, target: str) -> list[Block]:
    """The units of the seat's side that may join an attack on ``target``."""
    brd, side = board(), side_of(seat)
    out = []
    for b in state.blocks:
        if not b.on_map or b.side != side or b.attacked:
            continue
        gap = brd.distance(b.hex, target)
        if gap == 1 and crossing_ok(state, b.hex, target, side):
            out.append(b)
        elif unit_type(b).ability == "artillery" and gap == 2:
            out.append(b)
    return out


def targets(state: GameState, seat: str) -> list[str]:
    """Hexes holding enemy units that the seat's side can attack with a unit other than artillery."""
    foes = sorted({b.hex for b in state.blocks if b.on_map and b.side == enemy_side(side_of(seat))})
    return [
        h
        for h in foes
        if any(
            unit_type(b).ability != "artillery" and board().distance(b.hex, h) == 1 for b in eligible(state, seat, h)
        )
    ]


def _deciding(state: GameState, combat: Combat) -> str:
    if combat.stage == DEF_LOSS or (combat.stage == RETREAT and combat.retreat_side == "defender"):
        return combat.defender_seat
    return combat.seat


def deciding_seat(state: GameState) -> str:
    assert state.combat is not None
    return _deciding(state, state.combat)


def loss_candidates(state: GameState, combat: Combat, attacker: bool) -> list[Block]:
    ids = combat.attackers if attacker else combat.defenders
    units = [state.block(i) for i in ids]
    return [b for b in units if b.on_map and board().distance(b.hex, combat.target) <= 1]


def advancers(state: GameState, combat: Combat) -> list[Block]:
    if any(b.side != side_of(combat.seat) for b in state.at(combat.target)):
        return []
    if len(state.at(combat.target)) >= stack_limit(combat.target):
        return []
    return [
        b
        for b in loss_candidates(state, combat, True)
        if b.hex != combat.target and crossing_ok(state, b.hex, combat.target, b.side)
    ]


def legal_combat(state: GameState) -> list[object]:
    combat = state.combat
    assert combat is not None
    seat = _deciding(state, combat)
    if combat.stage == FORMING:
        out: list[object] = [
            Join(seat, b.id) for b in eligible(state, seat, combat.target) if b.id not in combat.attackers
        ]
        if any(unit_type(state.block(i)).ability != "artillery" for i in combat.attackers):
            out.append(Fight(seat))
        return [*out, Done(seat)]
    if combat.stage == ROLL:
        # Until the dice are rolled the attacker may still call the attack off (X-H13):
        # its units have used their attack for the turn and the blocks shown stay shown.
        if state.physical_dice:  # every pair of faces the two d4 can show
            return [*(EnterDice(seat, a, d) for a in range(1, 5) for d in range(1, 5)), Done(seat)]
        return [Roll(seat), Done(seat)]
    if combat.stage in (ATT_LOSS, DEF_LOSS):
        return [Lose(seat, b.id) for b in loss_candidates(state, combat, combat.stage == ATT_LOSS)]
    if combat.stage == RETREAT:
        unit = state.block(combat.queue[0])
        if combat.steps_left < 0:
            return [Refuse(seat, unit.id, k) for k in range(combat.retreat_hexes + 1)]
        return [Retreat(seat, unit.id, h) for h in retreat_steps(state, unit, combat.target)]
    return [*(Advance(seat, b.id) for b in advancers(state, combat)), Done(seat)]


def declare(state: GameState, intent: Attack) -> GameState:
    defenders = state.at(intent.target)
    seats = RED_SEATS if defenders[0].side == "red" else BLUE_SEATS
    counts = [sum(1 for b in defenders if b.seat == s) for s in seats]
    defender_seat = seats[counts.index(max(counts))]
    state = attrs.evolve(state, combat=Combat(intent.seat, intent.target, defender_seat))
    return log(state, f"{intent.seat} declares an attack on {named(intent.target)}")


def reckon(state: GameState, combat: Combat, stand_in: Callable[[Block], str] | None = None) -> Combat:
    """The combat as committing it would set it: the defenders (every block in the
    attacked hex), each side's combat power, the ratio's column and every shift with its
    reason. The one computation behind the commit, the odds shown while the attack is
    formed, and the result screen. ``state`` may be a seat's view: a defender whose type
    the view blanks is counted as the type ``stand_in`` names for it (the odds are then a
    reckoning, and say so); without ``stand_in`` every type must be known."""
    brd, data = board(), game_data()
    attackers = [state.block(i) for i in combat.attackers]
    defenders = list(state.at(combat.target))

    def kind(b: Block) -> UnitType:
        if b.kind or stand_in is None:
            return unit_type(b)
        return data.types[stand_in(b)]

    adjacent = [b for b in attackers if brd.distance(b.hex, combat.target) == 1]
    bridge = any(brd.river(b.hex, combat.target) for b in adjacent)
    places = sorted({b.hex for b in adjacent})
    split = any(brd.distance(a, c) >= 2 for a in places for c in places)
    shifts = combat_shifts(
        data.tables,
        brd.terrain(combat.target),
        [kind(b) for b in attackers],
        [kind(b) for b in defenders],
        bridge=bridge,
        attacker_lost=sum(b.loss for b in attackers),
        defender_lost=sum(b.loss for b in defenders),
        split_hexes=split,
    )
    attack_cp = sum(kind(b).cp for b in attackers)
    defend_cp = sum(kind(b).cp for b in defenders)
    return attrs.evolve(
        combat,
        defenders=tuple(b.id for b in defenders),
        attack_cp=attack_cp,
        defend_cp=defend_cp,
        base=ratio_column(attack_cp, defend_cp),
        shifts=tuple(shifts),
        bridge=bridge,
    )


def _commit(state: GameState) -> GameState:
    combat = state.combat
    assert combat is not None
    for b in [state.block(i) for i in combat.attackers]:
        state = update(state, attrs.evolve(b, attacked=True))
    state = reveal(state, [*combat.attackers, *(b.id for b in state.at(combat.target))], "in combat")
    combat = attrs.evolve(reckon(state, combat), stage=ROLL)
    state = attrs.evolve(state, combat=combat)
    text = "; ".join(f"{s.reason} {s.value:+d}" for s in combat.shifts) or "no shifts"
    return log(
        state,
        f"Attack on {named(combat.target)}: {combat.attack_cp} CP against {combat.defend_cp} CP, "
        f"column {COLUMNS[combat.base]}; {text}",
    )


def inflicting(state: GameState, combat: Combat, ids: tuple[str, ...]) -> int:
    """How many cohesion points the units ``ids`` inflict when their enemy loses: one per
    unit, or, read as ``in-contact`` (R-H5), one per unit with combat power that stands
    next to or in the attacked hex."""
    if game_data().tables.losses_from == "every-unit":
        return len(ids)
    brd = board()
    units = [state.block(i) for i in ids]
    return sum(1 for b in units if unit_type(b).cp > 0 and b.hex and brd.distance(b.hex, combat.target) <= 1)


def dice_column(combat: Combat, attacker_die: int, defender_die: int) -> int:
    """The column a committed combat is read on after its dice: the ratio's column, the
    shifts (stopped at the table's ends), each side's d4 its way, kept on the table (X-H6)."""
    return dice_read(combat.base + total(combat.shifts), attacker_die - defender_die)


def resolve_dice(state: GameState, attacker_die: int, defender_die: int, physical: bool = False) -> GameState:
    """The combat after its dice (``physical``: rolled at the table and typed in): the
    final column, the losses due and the retreat."""
    combat = state.combat
    assert combat is not None
    data = game_data()
    final = dice_column(combat, attacker_die, defender_die)
    loser, retreat = result_of(data.tables, final)
    retreat_side = "attacker" if loser == "attacker" else "defender"
    if retreat and retreat_side == "defender" and board().terrain(combat.target) == "heavy-urban":
        retreat -= 1  # a heavy urban hex lets its defenders ignore one retreat hex
    attacker_due = inflicting(state, combat, combat.defenders) if loser in ("attacker", "both") else 0
    if retreat and retreat_side == "attacker" and combat.bridge:
        attacker_due += retreat  # retreating back over the river costs a cohesion per hex
    combat = attrs.evolve(
        combat,
        stage=ATT_LOSS,
        attacker_die=attacker_die,
        defender_die=defender_die,
        final=final,
        physical=physical,
        attacker_due=attacker_due,
        defender_due=inflicting(state, combat, combat.attackers) if loser in ("defender", "both") else 0,
        retreat_side=retreat_side if retreat else "",
        retreat_hexes=retreat,
    )
    state = attrs.evolve(state, combat=combat, last_roll=combat, reveal_seq=state.reveal_seq + 1)
    state = log(
        state,
        f"Dice{' (rolled at the table)' if physical else ''}: attacker {attacker_die}, "
        f"defender {defender_die}: column {COLUMNS[final]}, "
        f"attacker loses {combat.attacker_due}, defender loses {combat.defender_due}"
        + (f", {retreat_side} retreats {retreat}" if retreat else ""),
    )
    return progress(state)


def _roll(state: GameState) -> GameState:
    combat = state.combat
    assert combat is not None
    a, rng = state.rng.keyed_below(4, state.turn, f"combat {combat.target} attacker d4")
    d, rng = rng.keyed_below(4, state.turn, f"combat {combat.target} defender d4")
    return resolve_dice(attrs.evolve(state, rng=rng), a + 1, d + 1)


def progress(state: GameState) -> GameState:
    """Move the combat on past every stage with nothing to decide."""
    while state.combat is not None:
        combat = state.combat
        if combat.stage == ATT_LOSS:
            state = _take_all_when_all_are_lost(state, combat, True)
            if state.combat and state.combat.attacker_due and loss_candidates(state, state.combat, True):
                return state
            combat = attrs.evolve(state.combat or combat, stage=DEF_LOSS, attacker_due=0)
        elif combat.stage == DEF_LOSS:
            state = _take_all_when_all_are_lost(state, combat, False)
            combat = state.combat or combat
            if combat.defender_due and loss_candidates(state, combat, False):
                return state
            ids = combat.attackers if combat.retreat_side == "attacker" else combat.defenders
            queue = tuple(
                i
                for i in ids
                if combat.retreat_hexes
                and state.block(i).on_map
                and board().distance(state.block(i).hex, combat.target) <= 1
            )
            combat = attrs.evolve(combat, stage=RETREAT, defender_due=0, queue=queue, steps_left=-1)
        elif combat.stage == RETREAT:
            if combat.queue and state.block(combat.queue[0]).on_map:
                return state
            if combat.queue:
                combat = attrs.evolve(combat, queue=combat.queue[1:], steps_left=-1)
            else:
                combat = attrs.evolve(combat, stage=ADVANCE)
        elif combat.stage == ADVANCE:
            if advancers(state, combat):
                return state
            return attrs.evolve(state, combat=None)
        else:
            return state
        state = attrs.evolve(state, combat=combat)
    return state


def _take_all_when_all_are_lost(state: GameState, combat: Combat, attacker: bool) -> GameState:
    """When the cohesion due is at least all that the side's units in the fight have left,
    every one of them is destroyed whatever order the owner would pick: the engine takes
    the losses at once instead of asking for each point (the surplus is lost, R-H5)."""
    due = combat.attacker_due if attacker else combat.defender_due
    units = loss_candidates(state, combat, attacker)
    if not due or not units or due < sum(unit_type(b).cohesion - b.loss for b in units):
        return state
    for b in units:
        state = _hurt(state, b, unit_type(b).cohesion - b.loss, "combat: every unit in the fight is lost")
    cleared = attrs.evolve(combat, attacker_due=0) if attacker else attrs.evolve(combat, defender_due=0)
    return attrs.evolve(state, combat=cleared)


def _hurt(state: GameState, block: Block, points: int, why: str) -> GameState:
    loss = block.loss + points
    dead = loss >= unit_type(block).cohesion
    state = update(state, attrs.evolve(block, loss=loss, status=DEAD if dead else block.status, revealed=True))
    return log(state, f"{block.id} loses {points} cohesion ({why})" + (": destroyed" if dead else ""))


def _next_retreat(state: GameState, combat: Combat) -> GameState:
    """After a refusal or a step: done, or stuck (destroyed), or more hexes to go."""
    unit = state.block(combat.queue[0])
    if not unit.on_map or combat.steps_left == 0:
        return attrs.evolve(state, combat=attrs.evolve(combat, queue=combat.queue[1:], steps_left=-1))
    if not retreat_steps(state, unit, combat.target):
        state = update(state, attrs.evolve(unit, status=DEAD, revealed=True))
        state = log(state, f"{unit.id} cannot retreat and is destroyed")
        return attrs.evolve(state, combat=attrs.evolve(combat, queue=combat.queue[1:], steps_left=-1))
    return attrs.evolve(state, combat=combat)


def apply_combat(state: GameState, intent: object) -> GameState:
    combat = state.combat
    assert combat is not None
    if isinstance(intent, Join):
        return attrs.evolve(state, combat=attrs.evolve(combat, attackers=(*combat.attackers, intent.unit)))
    if isinstance(intent, Fight):
        return _commit(state)
    if isinstance(intent, Roll):
        return _roll(state)
    if isinstance(intent, EnterDice):
        return resolve_dice(state, intent.attacker, intent.defender, physical=True)
    if isinstance(intent, Lose):
        state = _hurt(state, state.block(intent.unit), 1, "combat")
        field = "attacker_due" if combat.stage == ATT_LOSS else "defender_due"
        state = attrs.evolve(state, combat=attrs.evolve(combat, **{field: getattr(combat, field) - 1}))
        return progress(state)
    if isinstance(intent, Refuse):
        if intent.hexes:
            state = _hurt(state, state.block(intent.unit), intent.hexes, f"refusing {intent.hexes} retreat hex(es)")
        state = _next_retreat(state, attrs.evolve(combat, steps_left=combat.retreat_hexes - intent.hexes))
        return progress(state)
    if isinstance(intent, Retreat):
        unit = state.block(intent.unit)
        state = record_bridges(state, (unit.hex, intent.hex), unit.side)
        state = move_block(state, unit, intent.hex)
        state = log(state, f"{unit.id} retreats to {named(intent.hex)}")
        state = _next_retreat(state, attrs.evolve(combat, steps_left=combat.steps_left - 1))
        return progress(state)
    if isinstance(intent, Advance):
        unit = state.block(intent.unit)
        state = record_bridges(state, (unit.hex, combat.target), unit.side)
        state = log(move_block(state, unit, combat.target), f"{unit.id} advances into {named(combat.target)}")
        return progress(state)
    if isinstance(intent, Done):
        if combat.stage == FORMING:
            state = log(state, f"{combat.seat} calls off the attack on {combat.target}")
        elif combat.stage == ROLL:
            state = log(
                state,
                f"{combat.seat} calls off the committed attack on {named(combat.target)} before the dice: "
                "its units have used their attack this turn",
            )
        return attrs.evolve(state, combat=None)
    raise IllegalIntent(f"{intent!r} is not a combat decision")
