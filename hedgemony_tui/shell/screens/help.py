"""The shell's own pages of the guide: what works the same in every game on the table
(keys, passing the keyboard, saves, undo, rolls, the journal).

The guide viewer (:mod:`.guide`) shows them after the game's sections. Their ids start
with ``shell-``; a screen whose topic the game's guide lacks falls back to
``shell-<topic>`` (the journal, the hand-over).
"""

from __future__ import annotations

from ..guide_types import GuideSection

KEYS = GuideSection(
    "shell-keys",
    "Keys that work everywhere",
    """\
- **F1** this guide, open at the page about what is on screen; **F1** or **Esc** closes it
- **Esc** closes a view, worksheet or dialog without deciding anything
- **Tab / Shift+Tab** move between the panels of a screen; **arrows** move in a list or
  table; **Enter** picks the highlighted line (in the decision list, the line marked ▶;
  a choice that ends a turn or phase asks once more)
- **Ctrl+P** the command palette: type a few words of a decision or of a view
- **Ctrl+Q** quit (the game is saved as you play; during a game you are asked first, told where it is kept)

On the board of a game:

- **F4** the journal · **F6** the worksheet of the decision you owe
- **Ctrl+S** save to a file · **Ctrl+O** open a saved game · **Ctrl+Z** undo

Every screen lists its own keys in the footer at the bottom; the page *This screen* of
this guide lists them all, with the ones the footer has no room for.""",
)

HANDOVER = GuideSection(
    "shell-handover",
    "Passing the keyboard",
    """\
When several people share one keyboard, the table asks for a hand-over each time the
decision passes to a seat that may see things the others may not (its hand, its private
results). The screen goes blank except for the name of the person whose turn it is:
pass them the keyboard, and they press **Enter** once nobody else can see the screen.

A seat played by the computer needs no hand-over; a game where nothing is secret only
says whose turn it is. While a hand-over shows, no other key works: nothing can be
opened behind the back of the person taking over.""",
)

SAVES = GuideSection(
    "shell-saves",
    "Saving and loading",
    """\
The game saves itself after every decision. A new game gets an autosave of its own in
`saves/`, named by the game, the date and a short id, so no game ever takes another's
file; a game opened from a file is saved back to that file. Each time, the version
before is kept beside it as `<name>.bak`. **Continue** on the title screen lists the
recent autosaves, newest first.

- **Ctrl+S** writes the game to a file you name (a session to pick up another day)
- **Ctrl+O** opens a saved game, of this game or of another on the table
- a save says who played each seat; when it does not, the table asks before opening it
- names typed for the seats, and bookmark notes, are shown exactly as typed: a control
  character in them appears as a visible escape such as `\\x1b`, never acted on

A save holds the whole game, secrets included: keep it away from the players if they
are to stay secret.""",
)

UNDO = GuideSection(
    "shell-undo",
    "Taking a decision back",
    """\
**Ctrl+Z** takes back your last decision, and the computer players' decisions made
after it, so you can choose again.

It stops where something became known that cannot be unseen: a die that was rolled,
cards that were laid face up, a secret that was revealed. Undo never reaches back past
those.""",
)

ROLLS = GuideSection(
    "shell-rolls",
    "Dice and their results",
    """\
Every die comes from the game's seed and what the roll is for, so a game replayed with
the same seed and choices rolls the same faces. Before a roll you make, the roll screen
shows what is being decided: the table and column, every modifier and why, and the odds
of each result. After it, the result screen shows the face, the row read and what it
changed. The journal keeps every roll with its modifiers, whoever rolled it.

The computer players' rolls show the same result screen, and play waits until you close
it (**N**, **Enter** or **Esc**). How often the game stops for them is the pace, chosen
on the new-game form (*Rolls shown*) and changed during play with **Ctrl+T** (or **P**
on a result screen): at every roll, only at rolls that involve your seat, or never (the
rolls then go to the journal and the event pane). Your own rolls always show.""",
)

JOURNAL = GuideSection(
    "shell-journal",
    "The journal",
    """\
**F4** on the board. Everything in this session you may see, oldest first: each
decision, each roll with its modifiers and the row it read, each change of points with
the balance after, and the table's own notes (saves, loads, the computer players'
reasons). Private lines show only to the seat they belong to and to the facilitators.

Type in the search box to keep only the lines that match (**Ctrl+F** goes there);
**Esc** goes back to the board.""",
)

SHELL_SECTIONS: tuple[GuideSection, ...] = (KEYS, HANDOVER, SAVES, UNDO, ROLLS, JOURNAL)
"""The shell's pages, in the order the guide's contents list them."""
