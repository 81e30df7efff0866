"""Hex Encounters' "Learn to play" (``LESSON``): a guided first game.

The learner commands Blue, the Aquilian brigade behind the river, in a four-day battle on
a fixed seed; Green (its ally) and both Red regiments are the ``basic`` computer players.
Each step of the turn opens, the first time it comes, with a note on what happens and what
to look at; the first time the learner owes a kind of decision, a note says how to take
it. The texts are ours; F1 (the rules guide, :mod:`.guide`) has the details.
"""

from __future__ import annotations

from hedgemony_tui.shell.front import Lesson

SEAT = "BLUE"
SEED = 7
TURNS = 4
POLICY = "basic"
OTHERS = ("RED134", "RED218", "GREEN")
"""The seats the computer plays (named here, not read from the rules, to keep the title light)."""

INTRO = """You command **Blue**, Aquilia's 32nd Mechanized Brigade: six battalions behind the
river. **Green**, the Kovanburg territorial defence, is your ally (the computer plays it).
Two Ingrian regiments, **Red**, come from the west along the roads. Each turn is one day;
this lesson lasts **4 days**.

**How the battle is won.** Red wins at once with **16 CP** of units off the east edge, or
at the end by holding **Kovanburg** (or both Walmington and Mouat Falls). You win at once if
Red keeps less than **half its cohesion** (25 of 52 or fewer), and otherwise if Red holds neither at
the end. The line over the board keeps both counts. Your job: hold the bridges, wear Red
down, and buy time.

**A block's numbers** read **CP/MP/cohesion**: combat power, movement points, and how much
loss it takes. A **•** after them is a point of cohesion already lost.

**Keys**: **F1** the rules guide (every mark and term), **F2** the map's overlays, **F6**
the combat worksheet, **F4** the journal, **F9** the map (arrows and Enter; Esc or F9
again: back to the list), **Ctrl+Z** undo."""

NOTES = {
    "deploy": """**Setting up.** Green has set up; now you place your six blocks, hidden from Red,
anywhere from column 10 eastward (the river runs down the west side of column 10). The
quick way: "Deploy …" sends each block to the scenario's next start hex: the first two
go onto the east ends of the two bridges (1005 and 1007), the rest just behind them. Or pick "Set up … on a hex you choose" and
then a hex marked `*`. Units on a bridge hex make Red attack across the river: 2 columns in
your favour.""",
    "red-attack": """**Red attacks.** Red strikes first each day, against whatever is next to it.
When it attacks you, the result screen shows the whole reckoning: the ratio of combat
power, each column shift and why, the chance of every result, the dice and the losses.
If you lose cohesion you choose which of your units takes each point.""",
    "red-move": """**Red moves.** Red's blocks stay hidden until they end a move next to one of
yours (contact reveals both), or fight. Along a road a hex costs only ½ MP, so a Red unit
can cover ten road hexes in a day: the river and its bridges are what stop it.""",
    "blue-move": """**You move.** Pick a unit, then one of the hexes marked `*` (F2 once shows the
reach as `+`). Keep your units where they trace **supply**: a path free of Red's zones of
control to a road back to the east edge. A unit cut off loses a cohesion at the end of the
day. A recce that has moved may look at a hidden Red block up to two hexes away. When you
are done, choose "End the moves".""",
    "blue-attack": """**You may attack.** Pick a hex with Red units next to yours, add units one by
one and watch the odds in each "Add …" line and in the worksheet under the map: they are
the odds committing would set. Worn units (each • costs a column) and attacks into woods,
hills or towns rarely pay. You may call the attack off before committing, and even after,
until the dice are rolled (the units in it have then spent their attack for the day).
Defending the bridges is usually worth more than attacking.""",
    "reinforce": """**Supply and reinforcement.** The day ends: blocks out of contact hide again,
every unit traces supply (a unit cut off loses a cohesion), then you spend your **2 RP**,
each giving one cohesion back to a unit in supply. Points not spent are lost.""",
}

MOMENTS = {
    "move": """**Your first move.** Choose a unit to move (its hex is marked `*`), then where it
goes. Staying put is allowed: pick its own hex, or end the moves.""",
    "attack": """**An attack to decide.** Each option names a target hex, or ends the attacks.
Once the attack is formed, its odds are on screen before you commit it.""",
    "roll": """**The dice.** The attack is committed and the odds are final. Roll, or call the
attack off: the units in it have then used their attack for the day.""",
    "losses": """**Taking losses.** Put each point of cohesion on one of your units in the fight.
A unit that loses all its cohesion is destroyed; spreading losses keeps units alive, but
every point lost costs its side a column in later fights.""",
    "retreat": """**A retreat.** The result pushes your unit back. Retreat, or refuse some of the
hexes at one cohesion each to keep the ground.""",
    "reinforce": """**Reinforcement.** Spend your points on worn units in supply, then end.""",
}

GUIDE = {
    "deploy": "turn",
    "red-attack": "combat",
    "red-move": "detection",
    "blue-move": "movement",
    "blue-attack": "combat",
    "reinforce": "supply",
    "move": "movement",
    "move-to": "movement",
    "attack": "combat",
    "roll": "combat",
    "losses": "combat",
    "retreat": "combat",
    "advance": "combat",
}
"""The rules guide's page (F1) for each step and moment of the lesson."""

CLOSING = """**The lesson is over.** The end screen says who won and why. To play again,
start a **New game** from the title: try Red, whose problem is the opposite one (mass
enough on one bridge to break it before time runs out), or a longer battle (the option
"Turns")."""

LESSON = Lesson(
    title="Learn to play Hex Encounters",
    seat=SEAT,
    turns=TURNS,
    kinds={seat: POLICY for seat in OTHERS},
    notes=NOTES,
    intro=INTRO,
    closing=CLOSING,
    moments=MOMENTS,
    guide=GUIDE,
    seed=SEED,
)
"""The lesson ``Front.lesson()`` returns."""
