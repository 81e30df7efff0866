"""The Grand Game's rules guide for F1 (``GUIDE``): sections in reading order and a glossary
of the terms and marks the screens print.

The text is ours, written from the seed's facts and numbers; each section names the seed's
lines (``Lnn`` of ``002_...``) it rests on, and marks the **designer's choices** (the parts
the draft leaves out, filled in ``rules/grand-game/*.md``). Plain data: the shell reads it
before any game is open, so it imports nothing but the guide's types.
"""

from __future__ import annotations

from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection
from hedgemony_tui.shell.guide_types import term as _e

TITLE = "The Grand Game: politics, development and war"

ABOUT = GuideSection(
    "about",
    "What the game is",
    """\
A draft grand-strategy design set between 1920 and 1950 (seed 002). Six countries share an
invented continent; each year every one of them decides, in secret and at the same time,
how to spend its economy, then writes sealed orders for three seasons of war and
diplomacy. Nobody wins by conquest alone: what counts at the end is **Francs**, earned by
political spending, paid between countries, and paid out for the board you hold when the
game stops.

The draft gives the turn, the combat system and many rules, but no map, no unit values, no
combat decks, no economy formula and no payoff. Those parts are **designer's choices** made
for this table (the map "the Continent", the unit table, the decks, the economy, the
score); each is marked *designer's choice* below and explained, with its reason, in
`rules/grand-game/README.md` and the files it links.
""",
    chapters=("L53", "L62", "L68"),
)

YEAR = GuideSection(
    "year",
    "The year",
    """\
A turn is a **year** in three phases (L121-L123):

1. **Allocation**: every country spends its GDP at once, sealed (see *Allocation*).
2. **Combat**: three seasons, **spring, fall and winter**. In each, every country writes an
   order sheet at once and hands it in sealed; when all are in, the sheets are carried out
   together, always in the same order: air battles, then sea battles, then land battles,
   then the aircraft lost to flak are taken off (L144).
3. **Reconciliation**: the allocations are revealed, politics pays its Francs, what was
   bought is placed, and each country's GDP for next year is worked out (L150). Then
   countries may pay each other Francs (the **trade**), and from year 10 a die may end the
   game (see *The end*).

The top line of the board always says which phase it is and who is still writing.
""",
    chapters=("L121-L151",),
    terms=("year", "season", "sealed"),
)

ALLOCATION = GuideSection(
    "allocation",
    "Allocation: spending the year's GDP",
    """\
Your **GDP** is what your economic zones yield (see *Economy*). It must be spent this
year: none is saved, borrowed, bought or sold (L129). The checker refuses to seal while
GDP is left over and something you may buy still fits; a remainder nothing fits is lost.

What GDP buys (L130-L134):

- **Politics**: 0, 10, 20 or 30% of your GDP (L131). It earns Francs at reconciliation:
  *designer's choice*, one Franc per GDP point spent (there are no politics decks in this
  version).
- **Development** of an economic zone you control fully or partly: +1 to its value for
  good; each point bought in the same year costs more, 2, then 3, then 4... (L132; the
  curve is a *designer's choice*).
- **Repair** of damage in a zone you control: 1 GDP a point (*designer's choice*).
- **Units and supplies** at a city you hold: infantry 3, armor 5, aircraft 6, supply 1;
  **fleets** only at a port: light 4, heavy 8 (L134, L108; prices are *designer's choices*).
  Aircraft shot down over a zone you fully hold may be rebuilt at a discount (L263).

Atomic research (L133) is not part of this version. The decision list shows each purchase
with its price and the GDP left after it; the side panel shows your allocation so far.
Nothing you buy appears until reconciliation, and nobody sees your allocation before then
(L138).
""",
    chapters=("L129-L138",),
    terms=("GDP", "politics", "development"),
)

ORDERS = GuideSection(
    "orders",
    "Writing orders, place by place",
    """\
Each season starts from a default sheet that is always valid: land units **Defend** where
they stand, fleets **Patrol** where they are, aircraft stay on the ground. You may hand it
in at once.

To change it, pick a **place** (a territory with your units or supplies, a sea with your
fleets, an air zone your aircraft fly over, or *Permissions*); the decision list then
offers only that place's lines, and each line written brings you back to the list of
places. The checker reads the sheet as you write it and the side panel shows its
objections; the sheet can be handed in only when it has none.

Nobody sees your sheet, permissions included, until the season is carried out (L144).
""",
    chapters=("L144", "L351"),
    terms=("focus", "order sheet"),
)

LAND = GuideSection(
    "land",
    "Land orders and movement",
    """\
Units move **one land territory a season** (L330), unless by rail.

**Units that stay** take a defensive order (L357-L359):

- **Screen**: one combat card per 10 base points (at least one); uses supply only for
  enemy units it destroys; loses infantry before armor; may fall back, with its supplies.
- **Defend**: the usual order; may fall back (units only).
- **Hold**: one card per 3 points; no retreat: if the territory falls, everything in it
  is lost.

**Units that move into another country's territory** attack with an offensive order
(L361-L367):

- **Scout**: a probe, one card per 10 points; it must name where it falls back, and
  brings its spare supplies back if it fails.
- **Advance**: the usual attack, one card per 5 points; may name where to fall back
  (without one, survivors of a failed attack go back where they came from).
- **Blitzkrieg**: each unit needs two supplies; with air superiority in the zone it draws
  one more card for each armor matched by a tactical air point, without it the enemy
  draws one more per tactical point it holds (L367).

**Supply**: supplies are counters that move like units (*designer's choice*, the draft
leaves land supply open); a unit in combat without its supply fights at 1.

**Terrain** (L327): a city, a port or a mountain gives +1 to each defending land unit, and
so does winter. Attackers crossing a river, the canal or a shore draw fewer cards for the
part of the force crossing it: one per 10, 12 and 15 base points.

**Control** (L370): a territory changes hands only if an attacking land unit survives
there; if both sides are wiped out the holder keeps it. With three or more sides in one
territory, each pair fights at full strength and the losses add up (L376).
""",
    chapters=("L320-L376",),
    terms=("Screen", "Defend", "Hold", "Scout", "Advance", "Blitzkrieg", "supply"),
)

RAIL = GuideSection(
    "rail",
    "Rail and permissions",
    """\
A unit (or supplies, or crated aircraft) that starts on a railroad (`#` on the map) may
ride it any distance, ending on it; rail moves are carried out before all other moves
(L330-L345). Every rail territory passed must be yours, or covered by a **written
permission** from its holder. A permission that does not cover the whole ride stops the
train at the last territory it may use (L342).

Permissions are written on the sheet, under *Permissions*, for each other country (L342,
L351, L113):

- **rail**: it may use your railways;
- **presence**: its units may stand in your territory and defend it with yours;
- **canal**: its fleets may pass your canal (`‡`), when you hold one of its banks.

They are sealed with the sheet, so a country learns of a permission when the season is
carried out (*designer's reading*, G-R3).
""",
    chapters=("L330-L345", "L351", "L113"),
    terms=("permission", "railroad"),
)

SEA = GuideSection(
    "sea",
    "Fleets, ports and shipping",
    """\
Nobody holds a sea; fleets of several countries share it (L269). A fleet moves one sea
territory a season, and entering or leaving a port costs that move (L312).

**Search** (L272): each side rolls a die to find the other: 1-4 finds it (1-3 in winter),
one more with air superiority over that sea. If either side finds the other, they fight.

**Fleet orders** (L301-L309):

- **Hide**: does not search; one card per 7 base points; loaded light fleets are lost last.
- **Patrol**: the usual order.
- **Engage**: if anyone finds anyone, every heavy fleet on both sides draws one more card.

**Attack a port** (L315): fleets at sea may attack a hostile port beside them; the port
cannot be taken, both sides fight as Engage, the port draws a card of its own, and the
attackers return to their sea.

**Attack shipping** (L318): fleets in a sea beside an enemy economic zone that survive the
season leave an interdiction token; a second success there later removes it and does one
point of damage to the zone named.

**Transport** (L348, L275): a light fleet carries two land units and six supplies; a heavy
fleet bases one aircraft and six supplies. Loading and landing are free in a port and take
the whole season across a coast.
""",
    chapters=("L265-L318", "L348"),
    terms=("Hide", "Patrol", "Engage", "interdiction"),
)

AIR = GuideSection(
    "air",
    "Aircraft, superiority and bombing",
    """\
Aircraft sit in a territory. Each season you may send them to fight over the **air zone**
(Z1-Z6) their base is in or one beside it, naming where they land afterwards; an aircraft
whose landing place is lost is destroyed. Or they stay on the ground (L221-L245).

In each air zone the opposing aircraft fight first: each draws an air combat card that
destroys 0, 1 or 2 enemy aircraft; the side with more aircraft left has **air
superiority** equal to the difference (a tie: nobody) (L248). Aircraft use no supply and
all count 1.

Superiority is used as written on the sheet beforehand (L251), under the air zone's place:

- **Strategic bombing**: one die per point on an economic zone: 4 does 1 damage, 5 does 2,
  6 does 3 (L254).
- **Tactical air**: every point left adds 1 to your base value in **every** land battle in
  the zone, and takes a supply away from each territory there where fighting happens
  (L257); at sea it helps the search and may attack on its own (L260).

Cards drawn in land and sea battles may also carry **flak**, which destroys aircraft over
the zone at the end of the season (L144, L278).
""",
    chapters=("L220-L263",),
    terms=("air zone", "superiority", "tactical air", "bombing", "flak"),
)

COMBAT = GuideSection(
    "combat",
    "Combat cards and base values",
    """\
Each side adds up its units' **combat values** into its **base value**; the higher total
(cards added) wins, and a tie goes to the defender (L159).

Unit values (*designer's choice*, the draft's table is missing): infantry attacks at 2 and
defends at 3; armor attacks at 4 and defends at 3; aircraft 1; light fleet 2; heavy fleet 4.

**Cards** (L162-L196): a side draws one card per 5 points of base value, never fewer than
one (10 draws two, 15 three); the orders and the obstacles above change the rate. A card
adds 0 to 3 to the total, lists the casualties it inflicts on the enemy in order (armor
missing is replaced by infantry and the other way round, L190), and may carry flak. Every
card drawn inflicts its casualties.

The decks are generated as data to the draft's targets: about 1.5 value and 2 casualties a
card, and flak on about one card in eight (L193; *designer's choice* of the cards). Every
shuffle and die is drawn from the game's seed, so a saved game replays the same.

Before you commit, `hedgemony calc --game grand-game combat ...` shows any battle's cards
and the chance of each result.
""",
    chapters=("L152-L199",),
    terms=("base value", "combat card", "casualty list"),
)

ECONOMY = GuideSection(
    "economy",
    "Economy and reconciliation",
    """\
Land territories are grouped into **economic zones** (tags such as `AB`, `KH`). Holding
every territory of a zone is **full** control; holding at least 51% is **partial**;
anything less is none (L99). A zone yields its value, less its damage, in full under full
control and half of it under partial control (*designer's choice*); your GDP is the total,
rounded once.

At **reconciliation** (L150), after winter: every allocation is revealed; politics pays
its Francs; units and supplies bought appear at their cities (a city lost during the year
builds nothing, and that GDP is gone); development and repair change the zones; each
country's GDP for next year is worked out. Then the **trade**: any country may pay
Francs to another, 1, 5 or 10 at a time, then says it is done. Computer players never
trade.
""",
    chapters=("L99", "L150"),
    terms=("economic zone", "full control", "partial control", "damage", "reconciliation"),
)

SCORE = GuideSection(
    "score",
    "Francs, the score and the end",
    """\
**Francs** come from political spending and from other countries' payments (L65, L68,
L131). When the game ends, each country is also paid for the board it holds: 2 Francs per
point of its final GDP and 1 per city (*designer's choice*).

The **score** is a country's Francs divided by its starting GDP, so small countries are
measured against what they began with (*designer's choice*); the highest score wins, equal
scores share the win. The side panel shows every country's score as it stands.

**The end** (L56): with the *Years* option at 0, the game lasts at least 10 years; after
the trade of year 10 and of every year after it, a die is rolled and 1 or 2 ends the game
at once (the die is a *designer's choice*). With *Years* set, it ends after that year.
""",
    chapters=("L56", "L65-L74", "L131"),
    terms=("Francs", "score", "random end"),
)

SECTIONS = (ABOUT, YEAR, ALLOCATION, ORDERS, LAND, RAIL, SEA, AIR, COMBAT, ECONOMY, SCORE)

GLOSSARY: tuple[GlossaryEntry, ...] = (
    _e("year", "A turn: allocation, three seasons of orders, reconciliation and trade.", "year", "turn"),
    _e("season", "Spring, fall or winter: one sealed order sheet each, carried out together.", "year"),
    _e("sealed", "Handed in and hidden from the others until revealed.", "year", "seal", "hand in"),
    _e("GDP", "What a country spends each year; the yield of the economic zones it controls.", "allocation"),
    _e("politics", "0, 10, 20 or 30% of GDP spent for Francs.", "allocation"),
    _e("development", "+1 to a zone's value for good; dearer with each point bought in a year.", "allocation"),
    _e("focus", "The place whose orders you are writing now.", "orders", "place"),
    _e("order sheet", "A country's orders for one season.", "orders", "sheet"),
    _e("Screen", "Defensive order: few cards, spares supply, may fall back with supplies.", "land"),
    _e("Defend", "The usual defensive order.", "land"),
    _e("Hold", "Defensive order: many cards, no retreat, all lost if the territory falls.", "land"),
    _e("Scout", "Attack order: few cards, must name a retreat, falls back if it fails.", "land"),
    _e("Advance", "The usual attack order.", "land"),
    _e("Blitzkrieg", "Attack order: two supplies a unit; armor with air superiority draws extra cards.", "land"),
    _e("supply", "A counter a unit or fleet uses in combat; without it a unit fights at 1.", "land", "supplies", "s"),
    _e("permission", "Leave written for another country: rail, presence or canal.", "rail", "permissions"),
    _e("railroad", "Territories a train runs through; `#` on the map.", "rail", "rail", "#"),
    _e("Hide", "Fleet order: no search, fewer cards, cargo lost last.", "sea"),
    _e("Patrol", "The usual fleet order.", "sea"),
    _e("Engage", "Fleet order: heavy fleets on both sides draw an extra card if anyone is found.", "sea"),
    _e("interdiction", "A token left by shipping attacks; a second success damages the zone.", "sea"),
    _e("air zone", "Where one air battle is fought, Z1 to Z6.", "air", "Z1", "zone"),
    _e("superiority", "Aircraft left over the enemy's in an air zone, in points.", "air", "air superiority"),
    _e("tactical air", "Superiority points added to every land battle in the zone.", "air"),
    _e("bombing", "A die per superiority point on an economic zone: 4, 5, 6 do 1, 2, 3 damage.", "air"),
    _e("flak", "Aircraft destroyed by cards of land and sea battles, at the season's end.", "air"),
    _e("base value", "The sum of a side's combat values before cards.", "combat"),
    _e("combat card", "Adds 0-3, lists casualties on the enemy, may carry flak.", "combat", "card"),
    _e("casualty list", "The order in which a card's losses are taken.", "combat"),
    _e("economic zone", "Land territories counted together for GDP; tags like AB on the map.", "economy"),
    _e("full control", "Holding every territory of a zone; ■ on the map.", "economy", "■"),
    _e("partial control", "Holding at least 51% of a zone's territories: half its yield; ◧.", "economy", "◧"),
    _e("damage", "Points off a zone's yield until repaired; dN on the map.", "economy", "dN"),
    _e("reconciliation", "After winter: allocations revealed, builds placed, GDP worked out.", "economy"),
    _e("Francs", "The score's money: from politics, payments and the final payout.", "score", "Fr"),
    _e("score", "Francs divided by starting GDP; the highest wins.", "score"),
    _e("random end", "From year 10, a die after each year: 1 or 2 ends the game.", "score"),
)

GUIDE = Guide(TITLE, SECTIONS, GLOSSARY)
"""The guide ``Front.guide()`` returns."""
