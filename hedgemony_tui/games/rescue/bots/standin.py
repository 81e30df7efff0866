"""A computer player's own die when the game is played with physical dice: no one at the
table rolls for it, so it draws a stand-in from dice seeded by what it sees (the log's
length, the rolls so far, the cycle and its seat; never the hidden seed or deck order).

Without it a computer player would type the first face offered every time; two computer
seats would then tie for initiative for ever, since the seed's tie-break (L13: a tie
rolls again) only ends when the faces differ."""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.dice import Rng

from ..engine.game import bag_left
from ..engine.intents import Roll
from ..engine.state import PLACING, RescueState


def _view_seed(view: RescueState, seat: str) -> int:
    """A number fixed by the open view: it changes with every roll, so a re-roll after a
    tie is a fresh draw."""
    text = f"{seat}/{view.stage}/{view.cycle}/{view.rolls}/{len(view.log)}/{view.initiative}"
    return sum((i + 1) * ord(c) for i, c in enumerate(text))


def stand_in_roll(view: RescueState, options: Sequence[Roll]) -> Roll:
    """The physical-dice option a computer player "rolls": a d6 face, and for a crisis die
    a colour drawn from the bag as it stands (weighted by the dice left of each colour)."""
    seat = options[0].seat
    rng = Rng(_view_seed(view, seat))
    face, rng = rng.keyed_below(6, view.cycle, f"stand-in die {seat}")
    colour = ""
    if view.stage == PLACING:
        bag = bag_left(view)
        pick, rng = rng.keyed_below(len(bag), view.cycle, f"stand-in bag {seat}")
        colour = bag[pick]
    wanted = Roll(seat, face + 1, colour)
    return wanted if wanted in options else options[0]


def own_die(rolled: Roll) -> str:
    """The journal's line for a computer player's die at a physical-dice table, for every
    seat to read: the people type in real dice, the computer rolled its own."""
    drawn = f"drew a {rolled.colour} die and " if rolled.colour else ""
    return f"{drawn}rolled its own die, {rolled.face} (no one at the table rolls for a computer player)"
