"""Hex Encounters' rules guide for F1 (``GUIDE``): sections in reading order and a glossary
of every term, abbreviation and mark the screens print.

The text is ours, written from the seed's facts and numbers (each section's reference
gives the seed's lines, ``Lnn`` in the rules README) and from the readings chosen in
``rules/hex-encounters/README.md``. Plain data: the shell reads it before any game is
open, so it imports nothing but the guide's types. The numbers are the shipped data's
(``data/hex-encounters/``); tests/hex_encounters/test_guide.py checks them against it.
"""

from __future__ import annotations

from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection
from hedgemony_tui.shell.guide_types import term as _e

TITLE = "Hex Encounters"

ABOUT = GuideSection(
    "about",
    "The battle and how it is won",
    """\
Two Ingrian mechanized regiments (**Red**, seats RED134 and RED218) drive east along the
roads. Aquilia's 32nd Mechanized Brigade (**Blue**) and Ruritania's Kovanburg territorial
defence (**Green**) stand in their way. A turn is one day; a hex is 30 km across.

**How the game ends**

- **Red wins at once** when its units that have left the map by the east edge add up to
  **16 CP** (combat power). Only a unit in supply may leave, from an east-edge road hex.
- **Blue and Green win at once** when Red keeps less than **half** of its starting
  **52 cohesion** (25 or fewer points left; a destroyed block counts all of its cohesion).
- Otherwise the battle stops after turn **8**. Red wins if it holds **Kovanburg**, or both
  **Walmington** and **Mouat Falls**, each with one of its units in supply and no enemy there;
  if not, Blue and Green win.

The line over the board keeps the two running counts: Red's cohesion out of 52 and the
combat power off the east edge out of 16. The defenders win by **time and attrition**: a
bridge held for a day is a day Red does not have.

**What it teaches**: hexes, units with a few numbers, terrain that slows movement and
helps defence, a combat results table read through column shifts, zones of control and
supply, and hidden blocks that only contact or scouting reveal.""",
    chapters=("the introduction", "the three unit sheets"),
    terms=("Red", "Blue", "Green", "CP", "cohesion", "Kovanburg", "Walmington", "Mouat Falls"),
)

BOARD = GuideSection(
    "board",
    "Reading the map",
    """\
The map is 16 columns (01–16, west to east) by 10 rows. A hex is three characters wide and
two lines tall; even-numbered columns sit half a row lower. A hex is named by its column
then its row: **1105** is column 11, row 05 (Kovanburg).

**Line one of a hex**: the terrain letter, a road mark, then a mark of the moment.

| Mark | Meaning |
|---|---|
| **.** | open ground |
| **f** | woods |
| **h** | hills |
| **H** | woods and hills |
| **u** | light urban (a town) |
| **U** | heavy urban (a city) |
| **=** | a road runs through the hex (in the river: a bridge) |
| **║** | the river, down the west side of column 10 |
| **\\*** | a hex the pending decision names: a unit you may pick, a hex it may reach, a target |

**Line two**: the stack, as a count and a side letter: **3R** three Red blocks, **2B** two
Blue, **1G** one Green, **2M** two blocks of Blue and Green together (mixed). A
**lower-case** letter (**r**, **b**, **g**, **m**) means some blocks of
the stack are hidden from you. With no stack, a town's first two letters: **Ye** Yevintin,
**Ba** Bankston, **Ko** Kovanburg, **Wa** Walmington, **Mo** Mouat Falls.

**Overlays** (F2, one at a time), marked in place of the `*`:

| Mark | Overlay |
|---|---|
| **+** | reach: where the unit being moved may go |
| **s** | supply: hexes from which your side traces supply |
| **x** | one of your units is cut off from supply there |
| **z** | the enemy's zone of control (a hidden enemy block is counted as if it had one) |
| **!** | the enemy has seen the type of at least one of your blocks there |
| **?** | the enemy sees only hidden blocks of yours there |

The cursor hex shows in reverse video (underlined when the map does not have the focus).
The lines under the map describe the cursor's hex and every block in it as far as you know
it; the forces list below the legend lists every block.""",
    chapters=("the map",),
    terms=(". f h H u U", "=", "║", "*", "3R 2B 1G 2M", "r b g m", "+ s x z ! ?", "town letters"),
)

BLOCKS = GuideSection(
    "blocks",
    "A block and its numbers",
    """\
Each unit is a battalion on a block. Its three numbers read **CP/MP/cohesion**, for
example **2/5/4**:

- **CP**, combat power: what the unit adds to the ratio of a fight;
- **MP**, movement points: how far it moves in a turn;
- **cohesion**: how much punishment it takes. Each point lost is a **•** after the
  numbers (the cubes on the table); a unit that has lost all of its cohesion is destroyed.
  Every point lost also costs its side one column in each fight it is in.

| Side | Type | CP/MP/cohesion | Ability |
|---|---|---|---|
| Blue | Recce battalion | 0/6/1 | after moving, may look at a hidden enemy block up to 2 hexes away |
| Blue | Armor battalion | 2/5/3 | +1 column in the open against no armor; −1 in a town without friendly infantry |
| Blue | Mechanized battalion (×3) | 2/5/4 | +1 column off open ground |
| Blue | Artillery battalion | 3/5/2 | joins a fight from 2 hexes away; never attacks alone |
| Green | Recce battalion | 0/6/1 | as Blue's |
| Green | Militia battalion (×4) | 1/3/2 | +1 column in a town |
| Green | Mechanized battalion | 2/4/3 | +1 column off open ground |
| Red (each regiment) | Recce battalion | 0/6/1 | as Blue's |
| Red (each regiment) | Tank battalion | 2/4/5 | as Blue's armor |
| Red (each regiment) | Motor rifle battalion (×3) | 2/5/5 | as mechanized |
| Red (each regiment) | Artillery battalion | 5/5/2 | as Blue's artillery |
| Red (division) | Engineer battalion (×2) | 1/5/2 | lets units cross the river; +1 column in a town with other units |
| Red (division) | Artillery battalion | 5/5/2 | as Blue's artillery |

An ability counts **once per type** on a side in a fight, however many units of that type
are in it. "Infantry" is mechanized, motor rifle or militia.

**Hidden blocks.** Your enemy sees your blocks' side, commander, hex and cubes, never their
type, until they are revealed. Block ids (A1, C4, B2, G6) are dealt at random, so an id
says nothing of a type. A revealed enemy block shows its type and numbers.""",
    chapters=("Units", "the unit sheets", "the counter sheet"),
    terms=("CP", "MP", "cohesion", "•", "2/5/4", "block id", "recce", "armor", "mechanized", "artillery"),
)

TURN = GuideSection(
    "turn",
    "A turn, step by step",
    """\
Before turn 1, Green and then Blue set up their blocks, hidden, from their deployment
column eastward (Green column 07, Blue column 10). Red waits off the west edge and enters
at hex 0105 on any of its move steps.

Each turn (one day):

1. **Red attacks** (RED134, then RED218), as many fights as it wants.
2. **Red moves**.
3. **Blue and Green move** (BLUE, then GREEN).
4. **Blue and Green attack**.
5. Revealed blocks no longer next to an enemy hide again.
6. **Supply** is traced: every unit cut off loses a cohesion and moves at half rate next
   turn. Then each commander spends its **reinforcement points** (RP) on units in supply.

Red strikes before it moves, the defenders after: the slower and the more reactive
doctrine. So Red's fights each day are against the line it reached the day before, and
the defenders may fall back and then hit what followed them.""",
    chapters=("Turns", "Moving"),
    terms=("RP", "RED134", "RED218", "Blue", "Green"),
)

MOVEMENT = GuideSection(
    "movement",
    "Moving and stacking",
    """\
A unit spends its **MP** hex by hex. Entering a hex costs:

| Ground | MP |
|---|---|
| along a road, from one road hex to the next | ½ |
| open | 1 |
| woods, hills or a town | 2 |
| woods and hills | 3 |
| across the river | not allowed, except at a bridge, or as a ferry for 4 MP from a hex with a friendly engineer |

A unit cannot enter a hex that costs more than it has left. It may not enter a hex with
enemy units. Zones of control do not slow movement; they only cut supply. A unit out of
supply moves at half its MP.

**Stacking**: at the end of a move, a retreat or an advance, a hex may hold at most 6 units
in the open, 8 in woods, hills, woods and hills or a light urban hex, 30 in heavy urban.

On screen a move is two choices: the unit, then one of the hexes marked `*` (its own hex
means it stays). Ctrl+Z takes back a unit picked by mistake. A unit in supply that reaches
an east-edge road hex (1602 or 1606) with ½ MP left may leave the map ("off the east edge").""",
    chapters=("Stacking Limit", "Moving"),
    terms=("MP", "road", "river", "bridge", "ferry", "stacking", "off the east edge"),
)

COMBAT = GuideSection(
    "combat",
    "How a fight is resolved",
    """\
**Forming the attack.** The attacker picks a hex holding enemy units. Its units next to
that hex may join, and artillery up to two hexes away; every enemy unit in the hex
defends. Each unit attacks once a turn; artillery never attacks alone. Each target's line
shows the odds with every unit that could join; while you add units
the worksheet under the map (and F6) shows the **odds the attack would have if committed
now**, and each "Add" line shows where that unit would take them. An enemy block still
hidden from you is counted as the type it most likely is: those odds say **reckoned**.
You may **call off** the attack freely while forming it.

**Committing** reveals every block in the fight, both sides', and sets the odds. Until the
dice are rolled you may still **call the attack off**, but the units in it have spent their
attack for the turn (and what was revealed stays revealed).

**The column.**

1. The **ratio** of the two sides' total CP picks a column of the table, rounded to the
   nearest one (an exact half goes to the defender): 7 CP against 2 is 3.5:1, read 3:1.
2. **Column shifts** move it: toward 8+:1 helps the attacker, toward 1:4 the defender.

| Shift | Columns |
|---|---|
| defending in woods or hills | 1 for the defender |
| defending in woods and hills | 2 for the defender |
| defending in light urban | 2 for the defender |
| defending in heavy urban | 4 for the defender (and it ignores one retreat hex) |
| attacking across the river (any attacker next to the hex across it) | 2 for the defender |
| each cohesion point a side's units in the fight have lost | 1 against that side |
| attacking from two or more hexes not next to each other | 1 for the attacker |
| the abilities of the types present (see *A block and its numbers*) | 1 each |

3. **The dice**: each side rolls a **d4** and shifts the column that many places its own
   way. Only the difference counts (the **net shift**, −3 to +3): of the 16 pairs of faces,
   1, 2, 3, 4, 3, 2, 1 give −3 … +3. The column never goes past either end of the table.

**The combat results table (CRT)**

| Column | Who loses cohesion | Retreat hexes |
|---|---|---|
| 1:4 | attacker | 2 |
| 1:3 | attacker | 1 |
| 1:2 | attacker | – |
| 1:1 | attacker | – |
| 2:1 | both | – |
| 3:1 | both | – |
| 4:1 | defender | – |
| 5:1 | defender | 1 |
| 6:1 | defender | 1 |
| 7:1 | defender | 1 |
| 8+:1 | defender | 2 |

The side that loses gives up **one cohesion per enemy
unit** in the fight (artillery and recce count), and its commander chooses which of its
units take each point. With "both", each side loses one per enemy unit.

**Retreats.** Each unit of the losing side next to or in the hex must fall back the
result's hexes, away from the fight, into hexes free of enemies. Before moving, it may
**refuse** any of those hexes at one cohesion each. A unit that cannot step back is
destroyed. An attacker beaten back across the river also loses one cohesion per retreat
hex. Artillery firing from two hexes away never takes losses or retreats.

**Advance.** When the attacked hex is left empty, the attackers that were next to it may
move in.

Every roll ends on a **result screen**: the ratio, each shift and why, the chance of each
result, the two dice and the net shift, the final column and the losses.""",
    chapters=("Attacking", "Combat Results Table", "Column Shift Table"),
    terms=(
        "CRT",
        "column",
        "ratio",
        "column shift",
        "d4",
        "net shift",
        "commit",
        "call off",
        "reckoned",
        "retreat",
        "refuse",
        "advance",
    ),
)

SUPPLY = GuideSection(
    "supply",
    "Zones of control, supply and reinforcement",
    """\
**Zones of control (ZOC).** Armor, mechanized, motor rifle and militia units project a ZOC
into the six hexes around them and their own; recce, artillery and engineers only into
their own hex. A friendly unit in a hex cancels the enemy's ZOC there.

**Supply.** At the end of each turn every unit traces a path, of any length, through hexes
with no enemy unit and no uncancelled enemy ZOC, to a road that runs back to its own edge
(Red: the entry hex 0105; Blue and Green: the east-edge road hexes 1602 and 1606). It
crosses the river only at a bridge, and not at a bridge the enemy crossed last. A unit
that cannot is **out of supply**: it loses one cohesion and moves at half rate next turn.

**Reinforcement points (RP)** are spent at the end of each turn, one cohesion back on a
unit in supply per point, never above its printed cohesion: Blue 2 a turn, Green 1, Red 4
shared by its two regiments. Points not spent are lost.""",
    chapters=("Supply", "the unit sheets"),
    terms=("ZOC", "supply", "out of supply", "RP"),
)

DETECTION = GuideSection(
    "detection",
    "Hidden blocks and detection",
    """\
A block's type is hidden from the enemy until something reveals it:

- **contact**: a unit that ends its move next to enemy units reveals itself and them;
- **combat**: committing an attack reveals every block in it;
- **scouting**: a recce that has just moved may look at one hidden enemy block up to two
  hexes away (the look is offered among your moves); both are revealed.

At the end of the turn, revealed blocks no longer next to an enemy hide again. Destroyed
blocks and blocks gone off the map stay revealed. On the map a lower-case stack letter
means some of the blocks there are hidden from you; the inspector lists them as hidden
with their cohesion lost. In the forces list **seen** marks your blocks the enemy can see
now, and **no supply** a unit cut off at the last trace.""",
    chapters=("Units", "Detection"),
    terms=("hidden", "revealed", "seen", "no supply"),
)

SECTIONS: tuple[GuideSection, ...] = (ABOUT, BOARD, BLOCKS, TURN, MOVEMENT, COMBAT, SUPPLY, DETECTION)


GLOSSARY: tuple[GlossaryEntry, ...] = (
    # The sides and commanders.
    _e("Red", "the attacker: the Ingrian Federation's two regiments and divisional support", "about", "R"),
    _e(
        "Blue",
        "a defender: Aquilia's 32nd Mechanized Brigade; BLUE is its commander's seat (block ids B1…B6)",
        "about",
        "B",
        "32nd Brigade",
    ),
    _e(
        "Green",
        "a defender: Ruritania's Kovanburg territorial defence; GREEN is its commander's seat (block ids G1…G6)",
        "about",
        "G",
        "Territorial Defence",
    ),
    _e("RED134", "the commander of Red's 134th Mechanized Regiment (block ids A1…A8)", "turn", "134th Regiment"),
    _e("RED218", "the commander of Red's 218th Mechanized Regiment (block ids C1…C7)", "turn", "218th Regiment"),
    # A block.
    _e("CP", "combat power: a unit's weight in the ratio of a fight", "blocks", "combat power"),
    _e("MP", "movement points: how far a unit moves in a turn", "blocks", "movement points"),
    _e("cohesion", "how much loss a unit can take; at its printed value lost, it is destroyed", "blocks", "Coh"),
    _e("•", "one point of cohesion lost (one cube); •• is two", "blocks", "••", "cube", "cohesion cube"),
    _e("2/5/4", "a block's numbers: combat power / movement points / cohesion", "blocks", "CP/MP/cohesion"),
    _e("block id", "a block's name, A1 or G6: dealt at random, so it tells nothing of the type", "blocks"),
    _e("recce", "a scout battalion (0 CP): after moving it may reveal a block 2 hexes away", "blocks"),
    _e("armor", "a tank battalion: helps in the open against no armor, hurts in a town alone", "blocks", "Tank"),
    _e(
        "mechanized",
        "infantry in armoured vehicles (Red's: motor rifle): +1 column off open ground",
        "blocks",
        "Mechanized battalion",
        "Motor rifle",
        "mech",
    ),
    _e("militia", "Green's foot infantry (1 CP, 3 MP): +1 column in a town", "blocks"),
    _e("artillery", "guns: join a fight from 2 hexes away, never attack alone", "blocks"),
    _e("engineers", "Red's bridging units: ferry units over the river; +1 in a town", "blocks", "Engineer"),
    # The map.
    _e(". f h H u U", "the terrain letters: open, woods, hills, woods+hills, light urban, heavy urban", "board"),
    _e("=", "a road through the hex; drawn in the river, a bridge", "board"),
    _e("║", "the river: crossed only at a bridge, or by ferry with an engineer", "board"),
    _e("*", "a hex the pending decision names", "board"),
    _e(
        "3R 2B 1G 2M",
        "a stack: the number of blocks in the hex and whose (M: Blue and Green share it)",
        "board",
        "stack",
    ),
    _e("r b g m", "a stack letter in lower case: some of its blocks are hidden from you", "board"),
    _e(
        "+ s x z ! ?",
        "overlay marks (F2): reach, supply, cut off, enemy ZOC, enemy knows a type, enemy sees only hidden blocks",
        "board",
        "+",
        "s",
        "x",
        "z",
        "!",
        "?",
        "overlay",
    ),
    _e(
        "town letters",
        "a town's first two letters on an empty hex: Ye, Ba, Ko, Wa, Mo",
        "board",
        "Ye",
        "Ba",
        "Ko",
        "Wa",
        "Mo",
    ),
    _e("Kovanburg", "the city at 1105 (heavy urban) behind the main bridge: Red's main objective", "about"),
    _e("Walmington", "a town at 1303; held with Mouat Falls at the end, a Red win", "about"),
    _e("Mouat Falls", "a town at 1507 on the south road; held with Walmington at the end, a Red win", "about"),
    # Moving.
    _e("road", "along a road a hex costs ½ MP whatever the terrain", "movement"),
    _e("river", "the river between columns 09 and 10: no crossing but at a bridge or by ferry", "movement"),
    _e("bridge", "a road crossing of the river (0905–1005, 0908–1007); attacking over it costs 2 columns", "movement"),
    _e("ferry", "a river crossing for 4 MP from a hex holding a friendly engineer", "movement"),
    _e("stacking", "the most units a hex may hold: 6 open, 8 woods/hills/towns, 30 heavy urban", "movement"),
    _e(
        "off the east edge",
        "a Red unit gone off the map by an east-edge road: its CP counts for Red's win",
        "movement",
        "exit",
    ),
    # Combat.
    _e("CRT", "the combat results table: a column's result", "combat", "combat results table"),
    _e("column", "one of the table's 11 entries, 1:4 … 8+:1", "combat", "1:4", "1:1", "8+:1"),
    _e("ratio", "attacking CP to defending CP, rounded to the nearest column", "combat"),
    _e("column shift", "a move of one column along the table, for the attacker or the defender", "combat", "shift"),
    _e("d4", "a four-sided die; each side rolls one in every fight", "combat"),
    _e("net shift", "the attacker's d4 less the defender's: −3 … +3 columns", "combat"),
    _e("commit", "reveal every block in the attack and set its odds; the dice come next", "combat"),
    _e(
        "call off",
        "withdraw an attack: free while forming it; after committing, its units have spent their attack",
        "combat",
    ),
    _e("reckoned", "odds counting a hidden enemy block as the type it most likely is", "combat", "reckoning"),
    _e("retreat", "falling back hexes away from the fight after a result with retreat hexes", "combat"),
    _e("refuse", "stay instead of retreating, one cohesion a hex refused", "combat"),
    _e("advance", "attackers moving into the hex they emptied", "combat"),
    # Supply and detection.
    _e("ZOC", "zone of control: the hexes a unit denies to enemy supply lines", "supply", "zone of control"),
    _e("supply", "a path to a road back to the side's own edge, free of enemies and their ZOC", "supply"),
    _e("out of supply", "cut off at the end of a turn: −1 cohesion, half MP next turn", "supply", "cut off"),
    _e("RP", "reinforcement points: one cohesion back on a unit in supply each", "supply", "reinforcement points"),
    _e("hidden", "a block whose type the enemy cannot see", "detection", "hidden block"),
    _e("revealed", "a block whose type the enemy sees now (contact, combat, a recce's look)", "detection"),
    _e("seen", "forces list: the enemy sees this block's type now", "detection"),
    _e("no supply", "forces list: this unit was out of supply at the last trace", "detection"),
)

GUIDE = Guide(TITLE, SECTIONS, GLOSSARY)
"""The guide ``Front.guide()`` returns."""
