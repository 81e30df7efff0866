"""The ``basic`` computer player, for either side, deciding from its seat's view.

Red marches on Kovanburg and the east edge by the cheapest road paths; at a held line it
masses on one enemy hex (``red_plan``): fighting units beside it, guns two hexes away,
engineers on the river bank, and attacks when the cohesion it reckons to win outweighs
what it may lose, asking less as the days run out. Blue and Green hold the bridges, then
Kovanburg and the exit roads, counter-attack only at good odds, and fall back from
fights they cannot win."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.dice import Rng

from ..engine.board import board
from ..engine.data import game_data
from ..engine.deploy import default_hexes
from ..engine.fight import eligible
from ..engine.ground import EXIT, retreat_steps, supplied_hexes, zoc_hexes
from ..engine.intents import (
    Advance,
    Attack,
    Deploy,
    Detect,
    Done,
    EnterDice,
    Fight,
    Heal,
    Join,
    Lose,
    MoveTo,
    Refuse,
    Retreat,
    Roll,
    Select,
)
from ..engine.state import DEPLOY, Block, GameState, side_of
from . import red_plan
from .estimate import may_project_zoc, win_chance
from .random_policy import view_seed

RED_GOALS = ("1105", "1602", "1606")
RED_DETOUR = ("1303", "1507", "1602", "1606")
# Where Blue's and Green's fighting blocks stand, a hex listed once per block it wants:
# the east ends of the two bridges first (Red may cross the river elsewhere only with an
# engineer, and units across it without a bridge of their own are out of supply), then
# Kovanburg and the two exit roads.
BLUE_KEYS = ("1005", "1007", "1005", "1007", "1005", "1007", "1005", "1007", "1005", "1105", "1602", "1606")
DEPLOY_ORDER = {
    "GREEN": ("green-mech", "militia", "recce"),
    "BLUE": ("armor", "mech", "artillery", "recce"),
}


def _kind(view: GameState, bid: str) -> str:
    return view.block(bid).kind


def _ability(view: GameState, bid: str) -> str:
    kind = _kind(view, bid)
    return game_data().types[kind].ability if kind else ""


def _enemies(view: GameState, side: str) -> list[Block]:
    return [b for b in view.blocks if b.on_map and b.side != side]


class BasicPolicy:
    name = "basic"

    def decide(self, view: GameState, options: Sequence[Any]) -> Choice:
        first = options[0]
        seat = first.seat
        side = side_of(seat)
        if view.phase == DEPLOY and view.combat is None:
            return self._deploy(view, options, seat)
        if isinstance(first, Roll):
            return Choice(first, "roll the dice")
        if isinstance(first, EnterDice):
            # Dice at the table with no one to roll them: a draw seeded by the view stands in.
            # (Only the pairs of faces: the attack may also be called off here, which it never does.)
            pairs = [o for o in options if isinstance(o, EnterDice)]
            index, _ = Rng(view_seed(view)).next_below(len(pairs))
            return Choice(pairs[index], "a seeded stand-in for the two d4 rolled at the table")
        if isinstance(first, Lose):
            return self._lose(view, options)
        if isinstance(first, Refuse):
            return self._refuse(view, options, side)
        if isinstance(first, Retreat):
            return Choice(min(options, key=lambda o: self._rearward(o.hex, side)), "fall back toward our own edge")
        if isinstance(first, (Join, Fight)) or (
            isinstance(first, Done) and view.combat and view.combat.stage == "forming"
        ):
            # Fresh units only: every cube a unit has lost shifts the odds against the attack.
            joins = [o for o in options if isinstance(o, Join) and view.block(o.unit).loss == 0]
            if joins:
                return Choice(joins[0], "every fresh unit in reach joins the attack")
            fight = [o for o in options if isinstance(o, Fight)]
            return Choice(fight[0] if fight else options[-1], "commit the attack")
        if any(isinstance(o, Advance) for o in options):
            return self._advance(view, options, side)
        if any(isinstance(o, Attack) for o in options):
            return self._attack(view, options, side)
        if any(isinstance(o, Detect) for o in options):
            return Choice(options[0], "look at the nearest hidden block")
        if any(isinstance(o, Heal) for o in options):
            heals = [o for o in options if isinstance(o, Heal)]
            return Choice(max(heals, key=lambda o: view.block(o.unit).loss), "mend the most worn unit")
        if any(isinstance(o, Select) for o in options):
            return Choice(self._pick_mover(view, options), "move the next unit")
        if any(isinstance(o, MoveTo) for o in options):
            return self._move(view, options, side)
        return Choice(options[-1], "nothing worth doing")

    # --- combat ---------------------------------------------------------------------
    def _deploy(self, view: GameState, options: Sequence[Any], seat: str) -> Choice:
        """The scenario's default hexes, the fighting blocks first; when another block
        has filled the next default hex, the free hex nearest to it."""
        order = DEPLOY_ORDER[seat]

        def rank(o: Any) -> int:
            return next((i for i, k in enumerate(order) if k in _kind(view, o.unit)), 9)

        defaults = [o for o in options if isinstance(o, Deploy)]
        if defaults:
            return Choice(min(defaults, key=rank), "the fighting blocks forward, the scouts and guns behind")
        picks = [o for o in options if isinstance(o, Select)]
        if picks:
            return Choice(min(picks, key=rank), "the default hex is full: set this block up nearby")
        hexes = default_hexes(seat)
        spot = hexes[min(view.slot, len(hexes) - 1)]
        brd = board()
        return Choice(min(options, key=lambda o: (brd.distance(o.hex, spot), o.hex)), f"the free hex nearest {spot}")

    def _lose(self, view: GameState, options: Sequence[Any]) -> Choice:
        types = game_data().types

        def left(o: Any) -> int:
            b = view.block(o.unit)
            return types[b.kind].cohesion - b.loss if b.kind else 1

        return Choice(max(options, key=left), "the loss falls on the unit with most cohesion left")

    def _refuse(self, view: GameState, options: Sequence[Any], side: str) -> Choice:
        unit = view.block(options[0].unit)
        combat = view.combat
        assert combat is not None
        types = game_data().types
        left = types[unit.kind].cohesion - unit.loss if unit.kind else 1
        stuck = not retreat_steps(view, unit, combat.target)
        hold = board().urban(unit.hex) and side == "blue"
        if (stuck or hold) and left > options[-1].hexes:
            return Choice(options[-1], "hold the ground at a cohesion per hex")
        return Choice(options[0], "give ground rather than cohesion")

    def _advance(self, view: GameState, options: Sequence[Any], side: str) -> Choice:
        combat = view.combat
        assert combat is not None
        advances = [o for o in options if isinstance(o, Advance)]
        moved_in = view.at(combat.target)
        if side == "red" and len(moved_in) < 2 and advances:
            return Choice(advances[0], "follow up into the emptied hex")
        if side == "blue" and not moved_in and board().urban(combat.target) and advances:
            return Choice(advances[0], "retake the town")
        return Choice(options[-1], "stay in place")

    def _attack(self, view: GameState, options: Sequence[Any], side: str) -> Choice:
        best, best_score = None, 0.0
        need = red_plan.demanded(view) if side == "red" else 0.2
        for o in options:
            if not isinstance(o, Attack):
                continue
            attackers = [b for b in eligible(view, o.seat, o.target) if b.loss == 0]
            if not any(
                _ability(view, b.id) != "artillery" and board().distance(b.hex, o.target) == 1 for b in attackers
            ):
                continue
            if side == "red":
                # Red reckons in cohesion: one point per enemy unit in the fight, so a
                # mass attack that loses can still cost the defender more than Red.
                won, lost = red_plan.exchange(view, attackers, o.target)
                score = won - lost + (1.0 if o.target in board().road_hexes() else 0.0)
            else:
                lose_d, lose_a, _ = win_chance(view, attackers, o.target)
                score = float(lose_d - lose_a)
            if score > need and (best is None or score > best_score):
                best, best_score = o, score
        if best is not None:
            return Choice(best, f"the odds at {best.target} are worth it (margin {best_score:.2f})")
        return Choice(options[-1], "no attack at good odds")

    # --- movement -------------------------------------------------------------------
    def _pick_mover(self, view: GameState, options: Sequence[Any]) -> Any:
        selects = [o for o in options if isinstance(o, Select)]
        # Fighting units first, so that guns and engineers can follow them.
        order = {"armor": 0, "mech": 0, "militia": 0, "recce": 1, "engineers": 2, "artillery": 3}
        return min(selects, key=lambda o: (order.get(_ability(view, o.unit), 1), o.unit))

    def _rearward(self, label: str, side: str) -> int:
        col = int(label[:2])
        return col if side == "red" else -col

    def _move(self, view: GameState, options: Sequence[Any], side: str) -> Choice:
        brd = board()
        unit = view.block(options[0].unit)
        ability = _ability(view, unit.id)
        foes = _enemies(view, side)
        friends = [b for b in view.blocks if b.on_map and b.side == side and b.id != unit.id]

        def near_foe(h: str) -> int:
            return min((brd.distance(h, f.hex) for f in foes), default=9)

        # Crossing a bridge makes it ours: reckon supply as if we held every bridge.
        ours = attrs.evolve(view, bridges=tuple((b, side) for b, _ in view.bridges))
        region = supplied_hexes(ours, side, lambda b: may_project_zoc(view, b))

        ours_at = {b.hex for b in view.blocks if b.on_map and b.side == side and b.id != unit.id}
        roads = brd.road_hexes()

        def cut(h: str) -> bool:
            # A unit cancels the enemy's zone in its own hex, so it is in supply next to
            # the supplied region; but only next to a part of it that a friend holds or
            # a road runs through will the line still be there after the enemy moves.
            return h not in region and not any(
                n in region and (n in ours_at or n in roads) and (not brd.river(h, n) or brd.bridge(h, n))
                for n in brd.neighbours(h)
            )

        if side == "red":
            exits = [o for o in options if o.hex == EXIT]
            if exits:
                return Choice(exits[0], "off the east edge")

            # Kovanburg's heavy urban is worth going round when it is held in strength.
            held = len(view.at("1105")) >= 3 and view.at("1105")[0].side != side
            goals = RED_DETOUR if held else RED_GOALS

            # A lone unit standing in the enemy's zone on our road keeps the supply line open:
            # it stays (the others' supply runs through its hex).
            zone = zoc_hexes(view, "blue", lambda b: may_project_zoc(view, b))
            bridgeheads = {h for b in brd.bridges for h in b.split("-") if int(h[:2]) > 9}
            lone = unit.on_map and len(view.at(unit.hex)) == 1 and unit.hex in region
            guard = lone and (unit.hex in bridgeheads or (unit.hex in zone and unit.hex in brd.road_hexes()))

            target = red_plan.breach(view, side)

            def score(o: Any) -> float:
                h = o.hex
                if guard and h == unit.hex:
                    return 100.0
                s = -min(brd.distance(h, g) for g in goals) * 2.0
                if target and h != EXIT:
                    s += red_plan.spot_bonus(view, unit, ability, h, target)
                if ability == "artillery":
                    s -= abs(near_foe(h) - 2) * 3
                elif ability == "engineers":
                    s -= abs(int(h[:2]) - 9) * 1.5
                elif ability == "recce":
                    s -= 3 if near_foe(h) <= 1 else 0
                elif near_foe(h) <= 1:
                    s += 6 + len([f for f in friends if f.hex == h])  # close in and stack up where the fight is
                    if any(brd.distance(h, f.hex) == 1 and f.hex in roads for f in foes):
                        s += 6  # above all against a block standing on a road we need
                zoc = sum(1 for f in foes if brd.distance(h, f.hex) == 1 and may_project_zoc(view, f))
                s -= 0.5 * zoc
                if cut(h):
                    s -= 20  # a day cut off costs a cohesion, and a unit cut off may not leave east
                return s
        else:
            # Fighting blocks fill the posts in order of need (the exits first); scouts and
            # guns stay behind the line, in Kovanburg. A block on an exit road holds it.
            fighters = [f for f in friends if _ability(view, f.id) in ("armor", "mech", "militia")]
            wanted = Counter(BLUE_KEYS)
            keys = [k for k in wanted if sum(1 for f in fighters if f.hex == k) < wanted[k]] or list(wanted)
            if ability in ("artillery", "recce"):
                goal = "1105"
            elif unit.hex in keys and list(wanted).index(unit.hex) <= list(wanted).index(keys[0]):
                goal = unit.hex
            else:
                goal = keys[0]
            worn = unit.kind and game_data().types[unit.kind].cohesion - unit.loss <= 1
            holding = unit.hex in brd.blue_exits and ability not in ("artillery", "recce")

            def score(o: Any) -> float:
                h = o.hex
                if holding and h == unit.hex:
                    return 100.0
                s = -brd.distance(h, goal) * 3.0
                s += {"open": 0, "woods": 0.5, "hills": 0.5, "woods-hills": 1, "light-urban": 1, "heavy-urban": 1.5}[
                    brd.terrain(h)
                ]
                if ability in ("artillery", "recce") or worn:
                    s -= 3 if near_foe(h) <= 1 else 0
                elif any(
                    brd.distance(h, f.hex) == 1 and (not f.supplied or f.loss >= 2 or len(view.at(f.hex)) == 1)
                    for f in foes
                ):
                    s += 6  # close on a lone, worn or cut-off enemy to strike it this turn
                if cut(h):
                    s -= 12
                return s

        best = max(options, key=lambda o: (score(o), o.hex))
        return Choice(best, f"toward the objective ({best.hex})")
