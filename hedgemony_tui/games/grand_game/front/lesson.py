"""The Grand Game's "Learn to play" (``LESSON``): a guided first game of two years.

The learner plays Arvenne, the largest country, against five ``basic`` computer players,
on a fixed seed so that every learner sees the same game open. Two years is enough to see
every phase twice (the sealed allocation, the three seasons of orders, reconciliation and
the trade) and to feel what the score rewards; a real game runs at least ten years and
ends at random. Each phase opens, the first time it comes, with a note on what happens
and which keys show what; F1 opens the rules guide at the page the note speaks of. The
notes name no number that the balance runs may move (prices, Francs per point): the
guide and the screens give those as they stand.

Plain data: the title reads it before any game is open.
"""

from __future__ import annotations

from hedgemony_tui.shell.front import Lesson

SEAT = "arvenne"
SEED = 1
YEARS = 2
COUNTRIES = ("arvenne", "kesterland", "drovnia", "lusk", "pellia", "sorrel")
"""The six seats (``data/grand-game/map.toml``; a test checks they match), named here so
that the title stays light."""

INTRO = """You play **Arvenne** (the letter **A** on the map; its capital Arvel is marked
**★**), the largest of six countries on an invented continent. The other five are played
by the computer.

What counts is **Francs**, not land. Politics earns them each year, other countries may
pay them, and at the end every country is paid for the board it holds. Your **score** is
your Francs divided by the GDP you started with, so a small country that does well can
beat a large one; the best score wins.

Every year has the same phases: an **allocation** of the year's GDP, sealed; orders for
**spring**, **fall** and **winter**, each written by every country at once and sealed;
then **reconciliation** (the allocations revealed and paid out) and a **trade** of Francs.
This lesson lasts two years. A real game lasts at least ten and then ends at random.

Keys for the whole game: type a few letters to filter the decision list, **Enter** takes
the marked line (**▶**); **F6** opens the worksheet of the decision (the allocation, or
the order sheet with the odds of every attack); **F2** changes what the map shows; **F3**
the whole map; **F4** the journal (every battle, card by card); **Ctrl+Z** takes a line
back; **F1** the rules guide."""

ALLOCATE = """**The allocation.** Spend this year's GDP now: what is not spent is lost, and
nobody sees your choices until reconciliation.

- **Politics** (0, 10, 20 or 30% of your GDP) earns Francs, the score itself.
- **Units and supplies** are bought at a city you hold (fleets at a port) and appear
  there at reconciliation. Armies protect the zones that make your GDP.
- **Development** raises an economic zone's value for good, so next year's GDP; each
  point bought in one year costs more than the one before.
- **Repair** removes bombing damage.

Try `30%` or `infantry` in the filter. The side panel keeps the GDP left and what the
checker still objects to; **F6** shows the whole allocation. Seal it when the checker is
satisfied."""

SPRING = """**Spring orders.** Every country now writes its orders at once. Your sheet
starts valid: land units **Defend** where they stand, fleets **Patrol**, aircraft stay on
the ground; you may hand it in as it is.

To change it, pick a **place** (a territory of yours, a fleet, an air zone); the list then
offers that place's orders, and each one written brings you back to the places. Moving
into a neighbour held by another country is an attack. **F6** shows the sheet with the
chance of each attack you planned, worked out from the cards. Hand the sheet in when it is
done.

When every sheet is in, all are carried out together: air battles first, then the seas,
then the land, then the aircraft lost to flak."""

FALL = """**Fall.** The map shows what spring did; **F4** lists each battle with the cards
drawn, the modifiers and the losses. Watch your supplies: they are counters that move like
units, and a unit that fights without its supply fights at 1. Write the fall's sheet the
same way."""

WINTER = """**Winter**, the last season of the year. Defenders fight better in winter, and fleets
find each other less often at sea (the guide's *Land* and *Sea* pages say by how much).
After the winter's sheets are carried out comes **reconciliation**: every allocation is
revealed, politics pays its Francs, what was bought is placed at its city (if the city is
still held), and each country's GDP for next year is worked out from the zones it
controls."""

TRADE = """**The trade.** Reconciliation is done: the side panel shows every country's
GDP, Francs and score. Now any country may pay Francs to another (the price of a promise,
a deal kept); the computer players never trade. Be done when you have paid what you mean
to. In a real game, from year 10 a die after the trade may end the game at once."""

CLOSING = """The lesson is over. The end screen shows each country's Francs and score,
and the debrief (the end screen says how to open it) follows the economy year by year and
every season's battles.

A real game starts from **New game** on the title: Years 0 keeps the random end from year
10, and a time limit can be set for a class."""

LESSON = Lesson(
    title="Learn the Grand Game",
    seat=SEAT,
    turns=YEARS,
    kinds={country: "basic" for country in COUNTRIES if country != SEAT},
    notes={"allocate": ALLOCATE, "spring": SPRING, "fall": FALL, "winter": WINTER, "trade": TRADE},
    intro=INTRO,
    closing=CLOSING,
    options={"minutes": 0},
    length_option="turns",
    guide={"allocate": "allocation", "spring": "orders", "fall": "combat", "winter": "sea", "trade": "score"},
    seed=SEED,
)
