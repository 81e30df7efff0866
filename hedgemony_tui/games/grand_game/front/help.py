"""The Grand Game's help pages for the shell's help (F1's board and new-game pages), in
our own words. Plain strings: read before the title paints."""

from __future__ import annotations

BOARD_HELP = """# The Grand Game's board

**Top line**: the year, the phase (allocation; spring, fall or winter orders;
reconciliation and trade), and who still owes a decision. When it is you, it says so.

**The map** (left): the Continent, each grid cell a territory. First line: its name, then
its marks as room allows (`★` capital, `●` city, `Ψ` port, `▲` mountain, `#` railroad).
Second line: the holder's letter (A Arvenne, K Kesterland, D Drovnia, L Lusk, P Pellia,
S Sorrel; `-` nobody), then the overlay's words. Seas are `~`; `≈` is a river border, `‡`
the canal, a heavy line a border between two holders.

- **F2** changes the overlay: *holders and units* (`3i2a` three infantry and two armor;
  `f` aircraft, `l`/`h` light and heavy fleets; another country's units carry its letter;
  `5u` five units when there is no room), *air zones* (Z1-Z6), *economic zones* (their
  tag with `■` full, `◧` partial or `□` no control for the holder shown, `dN` damage),
  *supply counters* (`s4`) and *railroads*.
- **F3** shows the whole map at full size with its legend (Esc closes it).

**Side panel** (over the decision list): your own allocation while you write it (GDP
spent and left, each line and its price, what the checker still objects to), or your
season's order sheet (the place you are writing, what differs from the default, the
checker's problems); then every country's GDP, Francs, score and whether it has handed
in (`✓`) or is still writing (`…`). Nobody sees another country's allocation or orders
until they are revealed.

**The decision list**: in allocation, items grouped by kind and city, each with its price
and the GDP left after it; seal when the checker is satisfied (all GDP spent while
anything still fits). In a season, pick a place to give it orders; each line written takes
you back to the list of places. Hand the sheet in when it is done (the default sheet,
everyone on Defend and fleets on Patrol, may be handed in at once).

**F4** the journal · **F6** a worksheet when the decision has one · **Ctrl+Z** undo
(never past a reveal) · **Ctrl+S** save · **F1** the rules guide.
"""

NEW_GAME_HELP = """# A new game of the Grand Game

Six countries of an invented continent, one seat each: Arvenne, Kesterland and Drovnia
(large), Lusk, Pellia and Sorrel (small). Each is a person or a computer player; with more
than one person the keyboard is handed over between them, so nobody sees another's
allocation or orders.

**Options**: *Years* sets a fixed length (0 keeps the random end: from year 10 a die may
end the game after each year); *Time limit* shows each seat a number of minutes for its
allocation and each season's sheet (0, the default, for none, as suits one person learning
alone). The readings of the draft rules and every invented part are in
`rules/grand-game/README.md`.
"""
