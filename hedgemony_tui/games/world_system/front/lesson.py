"""The world-system game's "Learn to play" (``LESSON``): a guided first game.

The learner plays one state dealt a semiperipheral status (not the terrorist), on a fixed
seed chosen so that the game usually runs past the first cycle: a semiperipheral state
votes in every vote, may be promoted to core, and is never annexed (only peripheral
states are). The other eleven states are the ``basic`` computer players and the moderator
is automated. Each stage opens, the first time it comes, with a note on what happens and
what to watch; the first time the learner owes a kind of decision, a note says what it
means. The texts are ours; F1 (the rules guide) has the details.

The game has no length option (four cycles, L40-L41): the lesson's ``length_option`` is "".
"""

from __future__ import annotations

from hedgemony_tui.shell.front import Lesson

SEAT = "spain"
"""The learner's state. With ``SEED`` the deal makes it semiperipheral and not the
terrorist (tests/world_system/test_guide.py checks it)."""
SEED = 1
CYCLES = 4
POLICY = "basic"
STATES = (
    "italy",
    "spain",
    "netherlands",
    "france",
    "england",
    "germany",
    "usa",
    "russia",
    "turkey",
    "japan",
    "china",
    "india",
)
"""The twelve seats (``data/world-system/world.toml``; a test checks they match). Named
here, not read from the data, to keep the title screen light."""


INTRO = """You play **one state** of twelve in a world-system: the board marks it **▶**.
At the deal it is **semiperipheral**: in the middle band, between the rich **core** and the
poor **periphery**. The eleven other states are played by the computer, and the
**moderator**, who runs each stage, plays itself.

Each **systemic cycle** has a **rise** (the hegemon invests, annexes, the states pick a
rogue state, and everyone's **capital** grows) and a **decline** (two core states contend
for the hegemony, everyone joins an alliance, a world war decides, and the poorer states
vote on a revolution). At most four cycles are played.

Your ways to win: be the **hegemon** when the game ends in a world-empire or at the start
of cycle 5 (to get there you must first be promoted to core), or help bring about the
**antisystemic revolution**, which every state still in the game wins. One more threat
hangs over everyone: a hidden **terrorist** recruiting other states. Three terrorists end
the game in a nuclear war that nobody wins.

**F1** opens the rules guide at any moment; **F4** the journal."""

NOTES = {
    "opening": """**The opening of a cycle.** The moderator announces the cycle. From cycle 2 the
statuses change here: the last war's winner becomes the hegemon (**H**, capital ×2); the
losing contender and the old hegemon drop to semiperipheral (capital halved). The states
that voted against the last revolution are named: they are the **strikebreakers** (**S**).""",
    "speeches": """**Speeches.** Every state may make a short public statement, the hegemon
first. It changes no rule, but the computer players say what they mean to do: read them
(F4, the journal). When your slot comes, **F6** opens the speech sheet: type one line and
press Enter. The decision list's line skips it.""",
    "promotion": """**The hegemon invests.** From cycle 2 the hegemon lifts semiperipheral
states to core until there are three core states again: their capital doubles. This is
your way up. The hegemon tends to favour the states that backed it: your alliance vote
matters for your future.""",
    "core-vote": """**Investment in the periphery.** The three core states pick one peripheral
strikebreaker to lift to semiperipheral. Only a state that voted against the last
revolution can get it: that is why a poor state may refuse the revolution.""",
    "intervention": """**The intervention.** The hegemon must annex one peripheral state: the state
leaves the game (badge **A**) and its capital goes to the hegemon. If it held the terrorist
card, the card is gone, but nobody says so. A semiperipheral state like yours is never
annexed.""",
    "nominations": """**Collective security talks** (from cycle 2). Each state in turn names a
semiperipheral or peripheral state as the **rogue state**, or passes. This is the table's
main weapon against the terrorists: a terrorist chosen as rogue is blockaded and cannot
stage a coup this cycle. Think about who might be the terrorist: who gained from the last
coups, who avoids naming whom.""",
    "rogue-vote": """**The rogue-state vote.** Every state votes for a candidate; each ballot counts
its capital, so the rich decide. Ballots stay sealed until all are in. The rogue state
(**R**) loses half its capital and sits out this cycle's war.""",
    "growth": """**Growth.** Every state's capital grows: the hegemon +8, core +4,
semiperipheral +2, peripheral +1. The gaps widen every cycle: that is the system's
structure at work.""",
    "decline": """**The decline.** The hegemon loses its lead and half its capital. The two
other core states become **contenders** (**C**) for the hegemony.""",
    "declarations": """**The contenders' goals.** Each contender declares **world-economy** (lead
the system; the game goes on) or **world-empire** (rule it: if it wins the war, the game
ends at once and only it wins). The badge shows the goal: **C·economy** or **C·empire**.""",
    "alliance-vote": """**The alliance vote.** Every state but the contenders and the rogue state
joins one contender; the ballots are sealed until all are in. The war is won by the larger
total capital. The dilemma: the stronger side is the safe bet, but if it declared a
world-empire, its victory ends the game and you lose. Backing the winner also makes its
investment in you likelier next cycle.""",
    "crisis": """**The crisis: eyes closed.** From cycle 2 the terrorists may stage a coup
now. **Why the clock matters:** one terrorist at the start plus one coup a cycle makes
three terrorists by cycle 3's crisis, and three end the game in a nuclear war. Only the
annexation and the rogue-state blockade slow it down, and only the terrorists (badge **T**,
which you cannot see) know who they are. A terrorist can only take over a state poorer
than itself, so a rich terrorist is the dangerous one.""",
    "coup": """**The coup.** The terrorists choose in secret whether to take over a poorer
state. Every seat sees the same screen meanwhile, so nothing here tells you who decides.
A state taken over learns it from a secret line of its journal.""",
    "war": """**The world war.** The moderator adds up each alliance's capital; the larger
wins, and its leader will be the next hegemon. A world-empire declared by the winner ends
the game now.""",
    "revolution": """**The revolution vote.** Every semiperipheral and peripheral state votes,
sealed. If **all** support it, the game ends and every state in it wins. Anyone who refuses
becomes a strikebreaker, and only peripheral strikebreakers can get the core states'
investment next cycle: each poor state weighs its own rise against the common win. The
computer players count a win shared by many as worth little while they still hope to rise
or to win the hegemony alone, so early revolutions usually fail; by the last cycle, with
nothing left to hope for, they back it.""",
}

MOMENTS = {
    "speeches": """**Your speech.** Press **F6** to take the floor: type one line (up to 200
characters) and press Enter before the countdown runs out (what you typed by then is
delivered). Or pick *Say nothing* in the decision list: silence is allowed.""",
    "alliance-vote": """**Your alliance vote.** Compare the two alliances' likely capital (the board
shows every capital) and each contender's goal. Your choice stays sealed until all have
voted.""",
    "revolution": """**Your revolution vote.** Support it, or refuse and become a strikebreaker.
One refusal anywhere is enough to stop it. If everyone supports it, the game ends now with
every state in it winning; refuse, and you are a strikebreaker (the S badge) until the
next vote.""",
    "nominations": """**Your nomination.** Name a candidate for rogue state, or pass. Aim at the
state you suspect of being the terrorist.""",
    "rogue-vote": """**Your rogue-state vote.** Your ballot weighs your capital. Pick the candidate
you most suspect.""",
    "declarations": """**You are a contender.** Declare your goal. A world-empire wins outright if
your alliance wins the war, but the other states know that, and may join your rival.""",
    "promotion": """**You are the hegemon.** Choose a semiperipheral state to lift to core: an
ally makes a better partner than a rival.""",
    "intervention": """**Your intervention.** Choose the peripheral state to annex. Annexing the
terrorist would stop its clock, if you can guess which it is.""",
    "core-vote": """**Your investment vote.** As a core state, pick the peripheral strikebreaker
to lift; your ballot is public at once.""",
}

GUIDE = {
    "opening": "cycle",
    "speeches": "speeches",
    "promotion": "cycle",
    "core-vote": "votes",
    "intervention": "terrorists",
    "nominations": "terrorists",
    "rogue-vote": "votes",
    "growth": "statuses",
    "decline": "cycle",
    "declarations": "war",
    "alliance-vote": "war",
    "crisis": "terrorists",
    "coup": "terrorists",
    "war": "war",
    "revolution": "endings",
}
"""The rules guide's page (F1) for each stage and moment of the lesson."""

CLOSING = """**The lesson is over.** The end screen shows the ending, who won, each state's
secondary goals and, at last, the terrorists. To play again, start a **New game** from the
title: try a peripheral state (hard: the hegemon may annex you), a core state, or a table
of people with the moderator as a person."""

LESSON = Lesson(
    title="Learn to play HEGEMONY (world-system)",
    seat=SEAT,
    turns=CYCLES,
    length_option="",  # four cycles always: no option sets the length
    kinds={**{state: POLICY for state in STATES if state != SEAT}, "moderator": "automated"},
    notes=NOTES,
    intro=INTRO,
    closing=CLOSING,
    moments=MOMENTS,
    guide=GUIDE,
    seed=SEED,
)
"""The lesson ``Front.lesson()`` returns."""
