"""Decisions as a player reads them in the menu: units with their type when the seat
knows it, hexes with their terrain and town."""

from __future__ import annotations

from typing import Any

from ..engine.board import board
from ..engine.combat import COLUMNS, clamp, result_of, total
from ..engine.data import Tables, game_data
from ..engine.deploy import default_slot, next_default
from ..engine.fight import dice_column
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
from ..engine.state import DEPLOY, GameState
from .reckoning import guessed, loss_chances, odds_words, preview, with_all


def unit(view: GameState, bid: str) -> str:
    if not view.has_block(bid):
        return bid
    b = view.block(bid)
    t = game_data().types.get(b.kind)
    cubes = f" {'•' * b.loss}" if b.loss else ""
    return f"{bid} {t.name} {t.cp}/{t.mp}/{t.cohesion}{cubes}" if t else f"{bid} (hidden){cubes}"


def place(label: str) -> str:
    brd = board()
    if not brd.on_map(label):
        return "off the east edge" if label == "exit" else label
    town = brd.towns.get(label)
    return f"{label} {brd.terrain(label).replace('-', ' ')}" + (f" ({town})" if town else "")


def hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def result_words(tables: Tables, column: int) -> str:
    """A column's result in words ("defender loses, retreats 2 hexes")."""
    loser, retreat = result_of(tables, column)
    who = "both sides lose" if loser == "both" else f"{loser} loses"
    return who + (f", retreats {hexes(retreat)}" if retreat else "")


def alike(view: GameState, bid: str) -> str:
    """ " (×3 waiting)" when the seat has more than one undeployed block of this one's type:
    the list offers one line per type (any of them is the same), so it says how many."""
    block = view.block(bid)
    same = sum(b.seat == block.seat and b.kind == block.kind and b.status == "undeployed" for b in view.blocks)
    return f" (×{same} waiting)" if same > 1 else ""


def label(view: GameState, intent: Any) -> str:
    if isinstance(intent, Deploy):
        # Every block is offered the same hex: the scenario's set-up hexes are filled in order.
        spot = next_default(view) if view.phase == DEPLOY else ""
        where = f" to {place(spot)}, the scenario's start {default_slot(view)}" if spot else ""
        return f"Deploy {unit(view, intent.unit)}{alike(view, intent.unit)}{where}"
    if isinstance(intent, Attack):
        head = f"Attack {place(intent.target)}: {len(view.at(intent.target))} block(s)"
        # What the attack could reach with every unit in range (each may still be left out).
        most = with_all(view, intent.seat, intent.target)
        if most is None:
            return head
        defender, attacker = loss_chances(most)
        about = "reckoned " if guessed(view, most) else ""
        column = COLUMNS[clamp(most.base + total(most.shifts))]
        units = len(most.attackers)
        return (
            f"{head}; with all {units} unit{'s' if units > 1 else ''} in reach {about}{column}: "
            f"defender loses {defender}/16, attacker {attacker}/16"
        )
    if isinstance(intent, Join):
        # The odds the attack would have with this unit in it, as committing would set them.
        then = preview(view, intent.unit)
        if then is None:
            return f"Add {unit(view, intent.unit)}"
        defender, attacker = loss_chances(then)
        column = COLUMNS[clamp(then.base + total(then.shifts))]
        about = "reckoned " if guessed(view, then) else ""  # hidden defenders counted as their likeliest types
        return f"Add {unit(view, intent.unit)} → {about}{column}: defender loses {defender}/16, attacker {attacker}/16"
    if isinstance(intent, Select) and view.phase == DEPLOY:
        return f"Set up {unit(view, intent.unit)}{alike(view, intent.unit)} on a hex you choose"
    if isinstance(intent, Select):
        b = view.block(intent.unit)
        return f"Move {unit(view, intent.unit)} from {b.hex or 'the west edge'}"
    if isinstance(intent, MoveTo):
        return f"To {place(intent.hex)}"
    if isinstance(intent, (Lose, Heal, Advance)):
        verb = {Lose: "Lose a cohesion on", Heal: "Restore a cohesion to", Advance: "Advance"}[type(intent)]
        return f"{verb} {unit(view, intent.unit)}"
    if isinstance(intent, Refuse):
        return (
            f"{unit(view, intent.unit)}: refuse {intent.hexes} hex(es)"
            if intent.hexes
            else f"{unit(view, intent.unit)}: retreat"
        )
    if isinstance(intent, Retreat):
        return f"Retreat {unit(view, intent.unit)} to {place(intent.hex)}"
    if isinstance(intent, Detect):
        return f"Detect {intent.target} at {view.block(intent.target).hex}"
    if isinstance(intent, Fight):
        now = preview(view)
        # With hidden defenders the odds are a reckoning (their likeliest types): say so.
        odds = f" at {'reckoned ' if guessed(view, now) else ''}{odds_words(now)}" if now is not None else ""
        return f"Commit the attack{odds} (both sides' blocks are revealed)"
    if isinstance(intent, Roll):
        return "Roll the two d4" + (f": {odds_words(view.combat)}" if view.combat is not None else "")
    if isinstance(intent, EnterDice):
        return _entered(view, intent)
    if isinstance(intent, Done):
        return _done(view)
    return str(intent.describe())


def _entered(view: GameState, intent: EnterDice) -> str:
    """A pair of faces rolled at the table, with the column and result they give (the
    combat's own table, so the player can check the reading before confirming). It opens
    with "Dice A-D", a token no other pair's label contains, so typing it in the search
    finds that one pair."""
    head = f"Dice {intent.attacker}-{intent.defender}: attacker's d4 {intent.attacker}, defender's d4 {intent.defender}"
    combat = view.combat
    if combat is None:
        return head
    final = dice_column(combat, intent.attacker, intent.defender)
    return f"{head} → column {COLUMNS[final]}, {result_words(game_data().tables, final)}"


def _done(view: GameState) -> str:
    if view.combat is not None:
        if view.combat.stage == "roll":
            return "Call off the committed attack (its units have used their attack this turn)"
        return "Call off the attack" if view.combat.stage == "forming" else "Stay (no advance)"
    return {
        "red-attack": "End the attacks",
        "blue-attack": "End the attacks",
        "red-move": "End the moves",
        "blue-move": "End the moves",
        "reinforce": "End reinforcement",
    }.get(view.phase, "Done")
