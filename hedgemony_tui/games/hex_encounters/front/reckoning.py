"""The odds of an attack while it is formed, from the attacking seat's view: the engine's
own reckoning (``engine.fight.reckon``, the computation the commit and the result screen
use) run on the attack as it stands, or with one more unit added. An enemy block the
view has not seen is counted as the type it most likely is, from the enemy formation's
public counter mix less the blocks already seen and limited by its cohesion cubes
(``bots.estimate.possible_kinds``); the text then says the odds are a reckoning and
which blocks it guessed. No rule here: every number comes from the engine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs

from ..bots.estimate import possible_kinds
from ..engine.combat import COLUMNS, clamp, column_chances, result_of, total
from ..engine.data import game_data
from ..engine.fight import eligible, reckon
from ..engine.state import FORMING, Block, Combat, GameState, side_of


def likeliest(view: GameState) -> Callable[[Block], str]:
    """For a block hidden in ``view``: the type it most likely is (on a tie, the one with
    more combat power: the cautious guess for an attacker)."""
    types = game_data().types

    def pick(block: Block) -> str:
        counts = Counter(possible_kinds(view, block))
        return max(sorted(counts), key=lambda k: (counts[k], types[k].cp))

    return pick


def can_reckon(view: GameState) -> bool:
    """The attack being formed is the viewer's side's: it knows its attackers' types."""
    combat = view.combat
    return (
        combat is not None
        and combat.stage == FORMING
        and bool(combat.attackers)
        and all(view.has_block(i) and view.block(i).kind for i in combat.attackers)
    )


def preview(view: GameState, extra: str = "") -> Combat | None:
    """The attack being formed as committing it now would set it (with unit ``extra``
    added), or None when the viewer cannot know (an enemy's attack) or no unit is in it."""
    combat = view.combat
    if combat is None or combat.stage != FORMING:
        return None
    if extra:
        combat = attrs.evolve(combat, attackers=(*combat.attackers, extra))
    probe = attrs.evolve(view, combat=combat)
    if not can_reckon(probe):
        return None
    return reckon(view, combat, likeliest(view))


def with_all(view: GameState, seat: str, target: str) -> Combat | None:
    """An attack on ``target`` not yet declared, with every unit of ``seat``'s side that may
    join it (the engine's ``eligible``), as committing it would set it; None when the view
    does not hold that side's types (another side's decision, read in the journal)."""
    side = side_of(seat)
    if view.combat is not None or any(b.side == side and b.on_map and not b.kind for b in view.blocks):
        return None
    units = tuple(b.id for b in eligible(view, seat, target))
    if not units:
        return None
    return reckon(view, Combat(seat, target, "", attackers=units), likeliest(view))


def guessed(view: GameState, combat: Combat) -> list[str]:
    """The defenders whose type the view does not hold, each with the type counted for it."""
    pick, types = likeliest(view), game_data().types

    def a(name: str) -> str:
        return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"

    return [
        f"{b.id} counted as {a(types[pick(b)].name.lower())}"
        for b in (view.block(i) for i in combat.defenders)
        if not b.kind
    ]


def loss_chances(combat: Combat) -> tuple[int, int]:
    """Out of the 16 pairs of d4 faces: how many make the defender lose cohesion, and how
    many the attacker (a "both lose" result counts for each)."""
    tables = game_data().tables
    defender = attacker = 0
    for column, chance in column_chances(combat.base + total(combat.shifts)):
        loser, _ = result_of(tables, column)
        n = chance.numerator * 16 // chance.denominator
        defender += n if loser in ("defender", "both") else 0
        attacker += n if loser in ("attacker", "both") else 0
    return defender, attacker


def odds_words(combat: Combat) -> str:
    """One line for a menu label: the column after the shifts and who loses how often
    ("6 CP against 2, 3:1 after shifts: defender loses 13/16, attacker 3/16")."""
    defender, attacker = loss_chances(combat)
    column = COLUMNS[clamp(combat.base + total(combat.shifts))]
    return (
        f"{combat.attack_cp} CP against {combat.defend_cp}, {column} after shifts: "
        f"defender loses {defender}/16, attacker {attacker}/16"
    )
