"""*Gaming to the Rescue!*'s "Learn to play" (``LESSON``): a guided first game.

The learner plays the Humanitarian Community (HC, red) beside two ``basic`` computer
teammates, on a fixed deal (``SEED``) on which a team that works together saves Gameland
in about five cycles (tests/rescue/test_lesson.py plays it with three computer players).
The game has no length option (it ends when Gameland is saved or lost), so the lesson's
count of ``CYCLES`` is the pace of a good team, not a limit, and the introduction says
so. Each stage opens, the first time it comes, with a note on what happens; the first
time the learner owes a kind of decision, a note says what it asks. The texts are ours;
F1 (the rules guide) has the details, and each note's F1 opens the page about it.
"""

from __future__ import annotations

from hedgemony_tui.shell.front import Lesson

SEAT = "HC"
SEED = 29
CYCLES = 6
POLICY = "basic"

INTRO = """You are the **Humanitarian Community** (**HC**, red). A typhoon has hit Gameland and
six crises need answers. Your teammates are the **US Military** (**USM**, blue) and the
**Host Nation** (**HN**, green), both played by the computer.

**The team wins together** when every crisis is resolved (*Gameland saved*), and loses
together if a crisis left to riot gets out of hand (*Gameland failed*). Each of you also
keeps a **Global Perception** score (**GP**): the highest score wins the game.

Each crisis asks for tokens of one kind: red crises want **medical**, and you carry most of
the medical tokens and pay 2 fewer for a red crisis. Look for the red dice on the map.

On this deal a team that pulls together saves Gameland in about 6 cycles. The notes'
count ("turn 2 of 6") counts those cycles: it is that pace, not a limit; the game goes on
until Gameland is saved or lost.

After every roll and card a screen shows what came and the odds before it (**n** goes on;
**Ctrl+T** stops it showing others' rolls). **F1** opens the rules guide, **F2** every
crisis's cost, **F6** your own costs, **F4** the journal."""

NOTES = {
    "initiative": """**Who goes first.** Each actor rolls a die; the highest plays first in every
cycle, and ties roll again. The result screen after each roll shows what each face would
have meant.""",
    "placing": """**The crises appear.** Six dice are drawn one by one from a bag holding two of
each colour, rolled, and set on the six crisis hexes. The colour says which tokens a crisis
wants, the face how many. A high face is urgent twice over: it costs more, and above 3 it
costs its colour's actor GP at every cycle's end.""",
    "event": """**A new cycle.** From the second cycle on, every open crisis die has just gone up
by one; a die that was already at 6 has started a **riot** (the die drops to 1 but the
crisis now costs 6 more, and if it reaches 6 again the game is lost). Now an event card is
drawn: it may give or take tokens, move every die, or cut the sharing of tokens.""",
    "airport": """**Lost cargo.** The card takes tokens lying at the airport: whoever drew it
picks which.""",
    "media": """**The Media Meeple.** A die picks the crisis the world watches this cycle: at the
cycle's end that crisis counts twice for GP, whether it is a success (resolved this cycle)
or a failure (still open above 3). The result screen shows what each face would have put at
stake.""",
    "turn": """**The actors' turns.** Each actor in turn may move one hex, hand tokens to an actor
in the same hex, leave or pick up tokens at depots, and take **one action**: resolve the
crisis it stands on, or request one token at the airport or the port. Watch your teammates:
the side panel's **>** marks whose turn it is.""",
}

MOMENTS = {
    "roll": """**Your roll.** Press Enter on *HC rolls the die* (the game rolls from its seed). The
screen that follows shows what you rolled, the chances, and what each face would have
done.""",
    "event": """**You draw the event card.** Every actor draws in turn, one cycle each. The card
takes effect at once; the result screen lists all the cards that could have come.""",
    "airport": """**Choose what is lost.** Pick the tokens the card removes from the airport: the
ones your team needs least.""",
    "turn": """**Your turn.** You start at the airport (D-1) with most of the medical tokens. A good first
turn: walk toward a red crisis (it costs you 2 fewer), or request a token your team lacks;
the side panel and the table under the map show what each crisis would cost you. **F6**
works out each cost term by term. The list offers only what is allowed now; when you are
done, *End the turn* is its last line.""",
}

GUIDE = {
    "initiative": "rolls",
    "placing": "costs",
    "event": "cycle",
    "airport": "cycle",
    "media": "gp",
    "turn": "turn",
    "roll": "rolls",
}
"""The rules guide's page (F1) for each stage and moment of the lesson."""

CLOSING = """**The lesson is over.** The end screen shows whether Gameland was saved, each
actor's GP and who won. To play again, start a **New game** from the title: try the US
Military, who can cross the sea, or a table of three people passing the keyboard."""

LESSON = Lesson(
    title="Learn to play Gaming to the Rescue!",
    seat=SEAT,
    turns=CYCLES,
    length_option="",  # no option sets the length: the game ends when Gameland is saved or lost
    kinds={"USM": POLICY, "HN": POLICY},
    notes=NOTES,
    intro=INTRO,
    closing=CLOSING,
    moments=MOMENTS,
    guide=GUIDE,
    seed=SEED,
)
"""The lesson ``Front.lesson()`` returns."""
