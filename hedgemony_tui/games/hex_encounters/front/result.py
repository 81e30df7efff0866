"""What a combat roll did, on a screen the game waits on: the column from the ratio, each
shift with its reason, the odds as they stood, the two d4 and the net shift, the final
column, its result and the losses each side takes. Built only from the two views the
shell passes (the keyboard seat's, before and after the roll)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause

from ..engine.combat import COLUMNS, result_of
from ..engine.data import game_data
from ..engine.intents import EnterDice, Roll
from ..engine.state import Combat, GameState
from .labels import hexes
from .panels import odds, seat_name, unit_names, where


def roll_text(before: GameState, after: GameState, people: Collection[str] | None = None) -> Text | None:
    """The combat roll between two views, in words (None: no combat was rolled).
    ``people``: the seats persons hold (None: all), to say who typed in dice rolled at
    the table and which computer player drew its own."""
    rolled: Combat | None = after.last_roll
    if rolled is None or rolled is before.last_roll or rolled == before.last_roll or rolled.final < 0:
        return None
    loser, retreat = result_of(game_data().tables, rolled.final)
    out = Text()
    out.append(
        f"Combat at {where(rolled.target)}: {seat_name(rolled.seat)} attacks; {seat_name(rolled.defender_seat)} "
        "defends\n",
        style="bold",
    )
    out.append(
        f" attackers: {unit_names(after, rolled.attackers)}\n defenders: {unit_names(after, rolled.defenders)}\n"
    )
    # The ratio and odds are those the attack was committed with; the losses below come
    # after the roll: each part says which it is, so the two are not read as one moment.
    out.append(" Before the roll (as the attack was committed):\n", style="bold")
    out.append(odds(rolled))
    net = rolled.attacker_die - rolled.defender_die
    out.append("\n")
    if rolled.physical and (people is None or rolled.seat in people):
        # The option "Physical dice": the faces were typed in, not drawn by the program.
        out.append(f" The dice were rolled at the table and typed in by {rolled.seat}.\n", style="bold")
    elif rolled.physical:
        out.append(
            f" Physical dice: {rolled.seat} is a computer player, so it drew the two faces itself.\n", style="bold"
        )
    out.append(
        f" Dice: attacker's d4 {rolled.attacker_die} (+{rolled.attacker_die}), defender's d4 "
        f"{rolled.defender_die} (-{rolled.defender_die}): net shift {net:+d}\n",
        style="bold",
    )
    out.append(f" Final column {COLUMNS[rolled.final]}: {describe(loser, retreat)}\n", style="bold yellow")
    out.append(
        f" After the roll, losses: the attackers take {rolled.attacker_due} cohesion, the defenders {rolled.defender_due}"
        " (each side's commander puts them on its units)\n"
    )
    if rolled.bridge and rolled.retreat_side == "attacker" and rolled.retreat_hexes:
        out.append(
            f"  of the attackers' loss, {rolled.retreat_hexes} is for retreating back across the river"
            " (a cohesion per hex)\n"
        )
    if rolled.retreat_hexes:
        # The defenders stand in the attacked hex; the attackers next to it (artillery at range stays).
        who = "attackers next to" if rolled.retreat_side == "attacker" else "defenders in"
        out.append(f" The {who} the hex retreat {hexes(rolled.retreat_hexes)}, or refuse at 1 cohesion a hex\n")
    elif retreat:
        out.append(" The defenders in heavy urban terrain ignore the one retreat hex\n")
    return out


def describe(loser: str, retreat: int) -> str:
    who = {"attacker": "the attacker loses", "defender": "the defender loses", "both": "both sides lose"}[loser]
    side = "attacker" if loser == "attacker" else "defender"
    return who + " 1 cohesion per enemy unit" + (f", and the {side} retreats {hexes(retreat)}" if retreat else "")


class CombatResult(ResultPause):
    """The result of a combat roll; play waits until it is closed."""

    GUIDE_TOPIC = "combat"  # F1 here opens the guide at how a fight is resolved

    DEFAULT_CSS = """
    CombatResult { align: center middle; }
    CombatResult > Vertical { width: 100%; max-width: 96; height: 100%; max-height: 40;
                              border: thick $accent; background: $surface; padding: 0 1; }
    CombatResult #hex-result-body { height: 1fr; }
    CombatResult #hex-result-wait { height: auto; color: $text-muted; }
    """

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="hex-result-body"):
                yield Static(self.body, id="hex-result")
            yield Static(self.pause_line(), id="hex-result-wait")
        yield Footer()


def result_screen(
    intent: Any, before: GameState, after: GameState, people: Collection[str] | None = None
) -> CombatResult | None:
    if not isinstance(intent, (Roll, EnterDice)):
        return None
    body = roll_text(before, after, people)
    return CombatResult(body) if body is not None else None
