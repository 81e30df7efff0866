"""*Gaming to the Rescue!*'s rules guide for F1 (``GUIDE``): what the game is for and how
it is won, the board and every mark on it, the numbers on each actor and crisis, what a
crisis costs and how it is resolved, a cycle, a turn, Global Perception and the Media
Meeple, the dice and their result screens; and the glossary of every abbreviation the
screens print. In our own words; the numbers come from the engine's constants, so the
guide cannot drift from the rules it explains. The map's key is
:data:`..render.mapview.LEGEND` (the tests check each of its marks is in the glossary)."""

from __future__ import annotations

from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection

from ..engine.actors import DISCOUNT, HC, HN, RIOT_EXTRA, START_GP, START_TOKENS, USM


def _start(seat: str) -> str:
    t = START_TOKENS[seat]
    return f"{t['security']} security, {t['medical']} medical, {t['sustainment']} sustainment"


SECTIONS = (
    GuideSection(
        "about",
        "What the game is for, and how it is won",
        "After a typhoon, three actors work to end six crises in Gameland: the **US Military** "
        "(**USM**, blue), the **Host Nation** (**HN**, green) and the **Humanitarian Community** "
        "(**HC**, red). It teaches how long relief takes to reach people, and how each actor's "
        "resources and reach differ.\n\n"
        "**Two results.** The team: **Gameland saved** when the last crisis is resolved, "
        "**Gameland failed** when a crisis under a **riot** sees its die reach 6 again. Each actor: "
        "the highest **Global Perception** (**GP**) wins, ties share the win, however the game ended "
        "(the new-game option *No winner if Gameland fails* changes that). Talk freely: nothing is "
        "secret but the order of the event cards.",
        terms=("USM", "HN", "HC", "GP", "riot"),
    ),
    GuideSection(
        "board",
        "The board and its marks",
        "**The map** (left) is Gameland in hexes named by column and row (**C-3**: column C, row 3; "
        "columns B and D sit half a hex lower). Each hex shows its name, then a crisis die as a badge "
        "such as **[R2!]**: the colour letter (**R** red, **B** blue, **G** green), the face, and "
        "**!** under a riot. **C1ok** is a resolved crisis, **C1?** one whose die is not placed yet. "
        "The second line names the actors there and **M**, the Media Meeple. The third names the "
        "place (**AIR** airport, **PRT** port, **CTY** city centre, **STG** staging area) or the "
        "tokens lying there: **2se1me** is 2 security and 1 medical (**se**, **me**, **su**). "
        "**~** fills an ocean hex.\n\n"
        "**Under the map**, the *Needs* table: a column for each crisis (**C1** to **C6** and its hex), "
        "a row for each actor, and in each cell what that actor would pay now, such as **3me** (3 "
        "medical; **ok** once resolved, **?** before its die is placed). **F2** shows the same costs "
        "with each die (**R5 riot**) and **M** beside the Media Meeple's crisis.\n\n"
        "**The side panel**: each actor's hex, the tokens it carries (**sec**, **med**, **sus**) and "
        "its **GP**; **>** marks whose turn it is. Below: the cycle, the initiative order, this "
        "cycle's event card (**E01** to **E12**) and the Media Meeple's crisis.",
        terms=("[R2!]", "C1ok", "M", "AIR", "PRT", "CTY", "STG", "se / me / su", "sec / med / sus", "~", "C1"),
    ),
    GuideSection(
        "actors",
        "The actors and their numbers",
        "Each actor is a meeple on the map carrying **tokens** of three kinds (security, medical, "
        "sustainment) and a **GP** score. They start as follows:\n\n"
        f"* **USM** at the port (A-3): {_start(USM)}, {START_GP} GP; crises of blue cost it less.\n"
        f"* **HN** in the city centre (C-3): {_start(HN)}, {START_GP} GP; green crises cost it less.\n"
        f"* **HC** at the airport (D-1): {_start(HC)}, {START_GP} GP; red crises cost it less.\n\n"
        f"That **discount** is {DISCOUNT} tokens. An actor's colour also names the crises whose "
        "neglect costs it GP.",
        terms=("discount",),
    ),
    GuideSection(
        "costs",
        "The crises: what they cost and how one is resolved",
        "Each of the six crises has a **crisis die**. Its colour says which tokens it wants (red "
        "medical, blue sustainment, green security) and its face how many. An actor pays: the "
        f"face, plus {RIOT_EXTRA} under a riot, less {DISCOUNT} when the die is the actor's own colour, "
        "and never less than 1. A red 2 costs the HC 1 medical; the USM or the HN pays 2.\n\n"
        "**To resolve** a crisis, stand on its hex holding enough tokens of its kind, with your "
        "action unused this turn, and pick *Resolve*. You alone pay, all at once; teammates in your "
        "hex can give you tokens first. The die leaves the map and the hex reads **C1ok**. "
        "**F6** works out every open crisis's cost for you term by term; **F2** for everyone.",
        terms=("crisis die",),
    ),
    GuideSection(
        "cycle",
        "A cycle",
        "Play runs in **cycles**. At the start of each cycle after the first, every open crisis die "
        "goes up by one. A die that was left showing 6 instead starts a **riot**: it drops back to 1 "
        f"and the crisis costs {RIOT_EXTRA} tokens more from then on. If a rioting crisis's die climbs "
        "to 6, Gameland has failed and the game stops there. Next an **event card** is drawn and "
        "takes effect (a loss the named actor cannot pay falls on the next actor who can; the cards "
        "name outside help too, such as **UN** peacekeepers), then the "
        "**Media Meeple**'s die is rolled, and each actor takes a turn in initiative order. The "
        "cycle closes with the GP count.",
        terms=("event card", "Media Meeple"),
    ),
    GuideSection(
        "turn",
        "Your turn",
        "In any order: **move** one hex (the HC may step onto ocean only where the USM or the HN "
        "stands); **give** tokens to an actor in your hex; **leave** tokens at a staging area "
        "(C-2, B-5) for the others; **pick up** tokens lying in your hex, at most 5 a turn; and one "
        "**action**: resolve the crisis you stand on, or **request** one token, which lands at once "
        "at the airport (D-1) or the port (A-3). Tokens lying on the map form a **depot**; anyone "
        "may pick up anyone's. When you are done, *End the turn* (the last line of the list).",
        terms=("depot", "staging area"),
    ),
    GuideSection(
        "gp",
        "Global Perception and the Media Meeple",
        "At the end of each cycle every crisis is judged. Resolved this cycle: its resolver gains 1 "
        "GP. Still open with its die above 3: the actor of its colour loses 1 GP (a die of 3 or less "
        "moves nothing, riot or not). The crisis under the **Media Meeple** counts twice. GP never "
        "falls below 0. The new-game option *Media Meeple and GP* can judge only the watched crisis "
        "(media) or ignore the meeple (all).",
        terms=("Media Meeple",),
    ),
    GuideSection(
        "rolls",
        "Dice, cards and their result screens",
        "Every die is a **d6**, rolled by the table from the game's seed (or typed in with "
        "*Physical dice*): one each for **initiative** (highest plays first; the tied roll again), "
        "one per crisis at setup (its colour drawn from a bag of two of each colour), and the Media "
        "Meeple's each cycle. After each roll or event card a result screen shows what came, what "
        "it was up against, the chance of it before the roll, and what every other face or card "
        "would have done; **>** marks the one that came. **n** or Enter goes on; **p** or Ctrl+T "
        "sets how often the game stops (every roll, your seat's, or your own).",
        terms=("initiative", "d6"),
    ),
)

GLOSSARY = (
    GlossaryEntry("USM", "the US Military: blue; starts at the port", ("US Military", "US"), "about"),
    GlossaryEntry("HN", "the Host Nation: green; starts in the city centre", ("Host Nation",), "about"),
    GlossaryEntry("HC", "the Humanitarian Community: red; starts at the airport", ("Humanitarian Community",), "about"),
    GlossaryEntry(
        "GP",
        "Global Perception: how the world sees an actor; the highest wins",
        ("Global Perception",),
        "about",
    ),
    GlossaryEntry(
        "riot",
        f"a crisis whose die was left at 6: reset to 1, costs {RIOT_EXTRA} more; a second 6 loses the game",
        ("Riot Meeple", "!"),
        "cycle",
    ),
    GlossaryEntry(
        "[R2!]",
        "a crisis die on the map: colour letter (R, B, G), face, ! under a riot",
        ("badge", "R", "B", "G"),
        "board",
    ),
    GlossaryEntry("C1ok", "a resolved crisis (C1 to C6); ok in the crises table", ("ok",), "board"),
    GlossaryEntry("C1", "Crisis 1 (the crises are numbered C1 to C6); C1? before its die is placed", ("C1?",), "board"),
    GlossaryEntry("M", "the Media Meeple (on the map and beside a crisis)", (), "board"),
    GlossaryEntry("AIR", "the airport (D-1): requested tokens may land here", ("airport",), "board"),
    GlossaryEntry("PRT", "the port (A-3): requested tokens may land here", ("port",), "board"),
    GlossaryEntry("CTY", "the city centre (C-3), also Crisis 4's hex", ("city centre",), "board"),
    GlossaryEntry("STG", "a staging area (C-2, B-5)", (), "board"),
    GlossaryEntry(
        "se / me / su",
        "tokens lying on the map or a crisis's cost: security, medical, sustainment",
        ("se", "me", "su", "2se1me", "3me"),
        "board",
    ),
    GlossaryEntry(
        "sec / med / sus", "the side panel's columns: tokens an actor carries", ("sec", "med", "sus"), "board"
    ),
    GlossaryEntry("~", "an ocean hex", ("ocean",), "board"),
    GlossaryEntry(
        "discount", f"{DISCOUNT} fewer tokens for a crisis of the actor's own colour (never below 1)", (), "actors"
    ),
    GlossaryEntry("crisis die", "the coloured die on a crisis: its face is the tokens it asks for", ("die",), "costs"),
    GlossaryEntry("event card", "one of twelve cards (E01 to E12), drawn each cycle", ("E01",), "cycle"),
    GlossaryEntry("Media Meeple", "marks the crisis the world watches this cycle: its GP counts twice", (), "gp"),
    GlossaryEntry("UN", "the United Nations (an event card sends its peacekeepers)", (), "cycle"),
    GlossaryEntry("d6", "a six-sided die", ("1d6",), "rolls"),
    GlossaryEntry("initiative", "the order of play, by a d6 each (highest first)", (), "rolls"),
    GlossaryEntry("depot", "tokens lying on the map: at the airport, the port and the staging areas", (), "turn"),
    GlossaryEntry("staging area", "C-2 and B-5: where an actor may leave tokens for the others", (), "turn"),
    GlossaryEntry(">", "whose turn it is (side panel); the face or card that came (a result screen)", (), "board"),
)

GUIDE = Guide("Gaming to the Rescue!", SECTIONS, GLOSSARY)


def guide() -> Guide:
    """The rules guide for F1."""
    return GUIDE
