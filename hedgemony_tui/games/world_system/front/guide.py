"""The world-system game's rules guide for F1 (``GUIDE``): sections in reading order and a
glossary of every term and mark the screens print.

The text is ours, written from the seed's facts and numbers (each section's "Rulebook"
reference gives the seed's lines, ``Lnn`` in the README); the readings it follows are in
``rules/world-system/README.md``. Plain data: the shell reads it before any game is open,
so it imports nothing but the guide's types.
"""

from __future__ import annotations

from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection
from hedgemony_tui.shell.guide_types import term as _e

TITLE = "HEGEMONY: the world-system game"

ABOUT = GuideSection(
    "about",
    "What the game teaches",
    """\
The game puts twelve players inside **world-system theory**: the world economy is one
system with a rich **core**, a middling **semi-periphery** and a poor **periphery**, and
one core state at a time leads it as the **hegemon**. Leadership does not last. Each
**systemic cycle** of the game retells the theory's story in two halves:

- **the rise**: the hegemon invests in rising states, intervenes abroad (it annexes a
  peripheral state), the states negotiate **collective security** (they single out a
  **rogue state** for a peacekeeping mission), and every economy grows;
- **the decline**: the hegemon loses its lead, two core states contend to replace it and
  gather alliances, a hidden **terrorist** faction may stage a **coup**, the contenders
  fight a **world war** for the hegemony, and the poorer states may choose **revolution**.

Four cycles are played at most. Watch who gains from each step: investment flows to the
hegemon's friends, wars are won by capital, and the poorer states hold the one vote that
can end the system for everyone.""",
    chapters=("lines 40–42",),
    terms=("systemic cycle", "hegemon", "core state", "semiperipheral state", "peripheral state"),
)

BOARD = GuideSection(
    "board",
    "The world-system board",
    """\
The board lists the twelve states in three bands, **CORE**, **SEMI** (the
semi-periphery) and **PERIPH** (the periphery), the band's name on its first row, one row
a state: the state's name, its **capital** as a number and as a
**capital bar** (the longest bar is the richest state), and its badges. **▶** marks your own state.

Badges are letters, so they read without colour:

- **H** the hegemon;
- **C** a hegemony contender, **C·empire** or **C·economy** once it has declared its goal;
- **R** this cycle's rogue state; **S** a strikebreaker;
- **A** annexed: out of the game, its row dimmed;
- **T** a terrorist state. Only the terrorists themselves and the moderator ever see
  this badge; everyone else sees it only when the game is over.

Above the bands the **tracker** shows the cycle (**●** played or under way, **○** to come) and
the steps of the rise and of the decline, the current one marked ▶. A step in brackets
does not happen yet (the negotiations start in cycle 2). Below it the vote panel shows the
vote under way, or the last one with its result.""",
    terms=("H", "C", "R", "S", "A", "T", "▶", "●", "capital bar", "tracker"),
)

STATUSES = GuideSection(
    "statuses",
    "Statuses and capital",
    """\
Each state has one **main status**, public, and a **capital** (political and economic
weight) that counts in the votes and the wars:

| Status | At the deal | Capital at the deal | Growth each cycle |
|---|---|---|---|
| core | 3 states | 16 | +4 |
| hegemon (one of the core states) | 1 | 32 | +8 |
| semiperipheral | 3 states | 8 | +2 |
| peripheral | 6 states | 4 | +1 |

One of the nine semiperipheral or peripheral states is also dealt the **terrorist** card,
in secret. Statuses change during the game: an **investment** lifts a state one band and
doubles its capital; losing a war or the hegemony drops a core state to semiperipheral and
halves it. Halving rounds down, never below 1. A state **annexed** by the hegemon leaves
the game, and its capital joins the hegemon's.""",
    chapters=("lines 4–11, 74–75",),
    terms=("core state", "semiperipheral state", "peripheral state", "capital", "investment"),
)

CYCLE = GuideSection(
    "cycle",
    "A cycle, stage by stage",
    """\
**Rise phase**

1. **Opening** (moderator). From cycle 2: the last war's winner becomes the hegemon and
   doubles its capital; the losing contender and the old hegemon become semiperipheral
   and halve theirs; the rogue state is rogue no more; the strikebreakers are named.
2. **Speeches**: each state may speak, starting with the hegemon.
3. **Investments**: the hegemon promotes semiperipheral states to core (capital ×2) until
   there are three core states again: none in cycle 1, two from cycle 2. Then the core
   states invest in one **peripheral strikebreaker** (it becomes semiperipheral, capital
   ×2): automatic if there is only one, a vote of the core states if there are several,
   nothing if there is none (always so in cycle 1).
4. **Intervention**: the hegemon must annex one peripheral state (an *antiterrorist
   operation*). The annexed state leaves the game; its capital is added to the
   hegemon's. If it was a terrorist, its card is gone, but nobody is told so.
5. **Negotiations** (cycles 2–4): every state in turn nominates a semiperipheral or
   peripheral state as the rogue state, or passes; then all vote, weighted by capital. The
   rogue state loses half its capital and sits out this cycle's war.
6. **Growth**: hegemon +8, core +4, semiperipheral +2, peripheral +1.

**Decline phase**

7. **Decline**: the hegemon loses the hegemony and half its capital. The two other core
   states become the **contenders**.
8. **Rivalry**: each contender declares its goal, **world-economy** or **world-empire**,
   and may speak; then every other state (the old hegemon too, but not the rogue state)
   joins one contender's alliance.
9. **Crisis** (eyes closed): from cycle 2 the terrorists may stage a **coup**; then the
   **world war** is counted; then the semiperipheral and peripheral states vote on the
   **revolution**.""",
    chapters=("lines 47–101",),
    terms=(
        "opening",
        "speech",
        "investments",
        "intervention",
        "negotiations",
        "rivalry",
        "crisis",
        "contender",
        "rise phase",
        "decline phase",
    ),
)

VOTES = GuideSection(
    "votes",
    "The votes",
    """\
Four votes are held, each in its own way:

- **Investment in the periphery** (the three core states, when two or more peripheral
  strikebreakers could get it): each ballot is public as it is cast, as if the core
  states confer at one table. With no majority the hegemon's ballot decides.
- **The rogue state** (every state in the game, after each has made its **nomination**
  or passed): a **capital-weighted vote**, sealed
  until all are in. The candidate with the most capital behind it is chosen; a tie goes
  to the hegemon's candidate, else the richer candidate.
- **The alliances** (every state but the contenders and the rogue state): sealed until
  all are in, then everyone sees who joined whom. Joining is compulsory.
- **The revolution** (every semiperipheral and peripheral state, the rogue state and
  any terrorist included): sealed, then shown. It happens only if **all** of them
  support it; those who did not are the new **strikebreakers**.

While a sealed vote runs, the board names who has still to vote, never how anyone voted.
When the last ballot is in, the journal lists every ballot.""",
    chapters=("lines 57–58, 66–69, 80–81, 98–101",),
    terms=("capital-weighted vote", "sealed vote", "alliance", "strikebreaker", "nomination"),
)

TERRORISTS = GuideSection(
    "terrorists",
    "The terrorists and the coup",
    """\
One state starts with the secret **terrorist** card. Its aim: stay hidden, recruit two
more states, and so form a **terrorist union** with a nuclear weapon.

From cycle 2, in each crisis stage, while everyone's eyes are closed, the richest
terrorist that is not under **blockade** may stage one **military coup** in a state with
less capital that is not a terrorist already. That state becomes a **puppet state**, a
terrorist too, and learns who its fellow terrorists are. The terrorists may also stay
quiet for a cycle. When a coup brings the count to **three**, the union is formed and
the **global nuclear war** ends the game at once: nobody wins.

**The clock.** One terrorist at the start and one coup a cycle from cycle 2 make three
terrorists in cycle 3's crisis. Only two things stop the clock, and the other states
must guess who to aim them at, since the T badge is hidden from them:

- the hegemon's **annexation** of a peripheral state that is a terrorist removes its
  card;
- a terrorist chosen as the **rogue state** (the target of the cycle's **peacekeeping
  mission**) is put under **economic blockade** for the cycle: it cannot stage the
  coup. If it is the only terrorist, there is no coup that cycle (with two, the other
  one acts).

The clock also runs slower for a poor terrorist: a coup needs a target with less capital
than the terrorist's own, and a peripheral terrorist often finds none. A rogue state's
halved capital can make it the easiest target.

Nobody is told whether an annexed state or a rogue state was a terrorist. Watch the
votes and the nominations for clues: a terrorist has every reason not to name another.""",
    chapters=("lines 15–16, 61–63, 70–72, 83–89",),
    terms=("terrorist state", "puppet state", "terrorist union", "blockade", "rogue state", "peacekeeping mission"),
)

WAR = GuideSection(
    "war",
    "The world war",
    """\
When the nuclear war has been avoided, the moderator adds up each alliance: the
contender's capital plus the capital of every state that joined it (the rogue state
fights for nobody). The larger total wins; on equal totals, the alliance that holds the
**former hegemon** (the hegemon of this cycle's rise) wins.

The winner becomes the hegemon at the next cycle's opening (capital ×2). If it had
declared a **world-empire**, the game ends at once in a world-empire, before the
revolution vote, and only it wins. If it declared **world-economy**, the game goes on:
the revolution vote, then the next cycle.

That is the alliance vote's dilemma: joining the stronger side seems safe, but if that
side has declared a world-empire, its victory ends the game with everyone else losing.""",
    chapters=("lines 91–96",),
    terms=("world war", "world-empire", "world-economy", "former hegemon"),
)

ENDINGS = GuideSection(
    "endings",
    "The four endings and who wins",
    """\
| Ending | When | Who wins |
|---|---|---|
| Global nuclear war | a coup makes three terrorist states | nobody ("lose-lose") |
| World-empire | the war's winner had declared world-empire | the new hegemon alone ("win-lose") |
| Antisystemic revolution | every semiperipheral and peripheral state supports it | every state still in the game ("win-win"); with the option *Who wins a revolution* = revolutionaries, only the semiperipheral and peripheral states |
| Sustainable world-economy | cycle 5 begins and nothing else has happened | the hegemon at that opening alone ("win-lose") |

An annexed state never wins. When the hegemon wins, everyone else loses; the revolution
is the one ending in which (by default) every state still playing wins, and it needs every
semiperipheral and peripheral state: a single strikebreaker stops it.""",
    chapters=("lines 33, 103–123",),
    terms=("global nuclear war", "world-empire", "antisystemic revolution", "sustainable world-economy"),
)

GOALS = GuideSection(
    "goals",
    "Secondary goals",
    """\
Besides winning, each state has **secondary goals** that fit its place in the system.
They decide nothing, but the end screen shows which each state met:

- a peripheral state: rise to semiperipheral or higher; a semiperipheral state: rise to
  core;
- a core state: become the hegemon (the first hegemon: win the hegemony back after
  cycle 1);
- every state dealt a non-core status: be in the final hegemon's alliance in the last
  world war;
- a terrorist: recruit another state by a coup, and see the nuclear war; everyone else:
  no nuclear war.""",
    chapters=("lines 15–31",),
    terms=("secondary goals",),
)

MODERATOR = GuideSection(
    "moderator",
    "The moderator",
    """\
The moderator runs the game and plays no state: it opens each cycle and reads out the
statuses, applies growth and the decline, calls the crisis, and counts the war. On the
new-game form its seat is either **automated** (it takes each step at once: the usual
choice) or a **person**, who sees the whole game, the terrorists and sealed ballots
included, reads each step aloud to the room and presses Enter to go on. Whoever
moderates should play no state. When no terrorist can act in a coup stage, the moderator
takes that stage, so that it looks the same from every seat.""",
    chapters=("lines 37–38, 47",),
    terms=("moderator",),
)

HOT_SEAT = GuideSection(
    "hot-seat",
    "Playing around one keyboard",
    """\
Several people may share one keyboard, each playing one or more states. Before a person
takes a decision, the table shows a **hand-over** screen with their name: pass them the
keyboard, and they press Enter when nobody else can see. Everything a state may not know
stays hidden from its player's screen: the T badges of others, sealed ballots, others'
secret journal lines.

**The eyes-closed round.** The coup is decided with everyone's eyes closed. When it comes
and two or more people play, **every person** takes the keyboard in turn, behind a
hand-over, whether or not they decide anything. The terrorist who decides the coup sees
its choices; everyone else reads *nothing for you now* and passes the keyboard on with the
same key. Nobody can tell from the round who the terrorists are. A new puppet state
finds out its new card in a secret line of the journal (F4).""",
    chapters=("line 83",),
    terms=("eyes-closed round", "hand-over"),
)

SPEECHES = GuideSection(
    "speeches",
    "Speeches",
    """\
At the investments stage every state in the game has a **speech** slot, the hegemon
first and then round the table; at the rivalry each contender has one after declaring
its goal. A speech is one line of up to 200 characters, printed in the journal for all.
It binds nobody and changes no rule: it is for promises, threats and bargains. The
computer players say what they mean to do next, which is worth reading.

When a person's slot comes, **F6** opens the speech sheet: its countdown runs 30 seconds
unless the new-game form says otherwise (0 turns it off). Type the line and press Enter;
Esc says nothing; when the time is up, what has been typed so far is delivered. The
decision list's own line skips the speech. The form can also turn speeches off
altogether, for a class that talks aloud instead.""",
    chapters=("lines 55, 78–79",),
    terms=("speech",),
)

SECTIONS: tuple[GuideSection, ...] = (
    ABOUT,
    BOARD,
    STATUSES,
    CYCLE,
    VOTES,
    TERRORISTS,
    WAR,
    ENDINGS,
    GOALS,
    MODERATOR,
    HOT_SEAT,
    SPEECHES,
)


GLOSSARY: tuple[GlossaryEntry, ...] = (
    # The board's badges and marks.
    _e("H", "badge: the hegemon of this cycle's rise phase", "board"),
    _e(
        "C",
        "badge: a hegemony contender; C·empire or C·economy once it has declared its goal",
        "board",
        "C·empire",
        "C·economy",
    ),
    _e("R", "badge: this cycle's rogue state (half its capital lost, out of the war)", "board"),
    _e("S", "badge: a strikebreaker (voted against the last revolution)", "board"),
    _e("A", "badge: annexed by the hegemon, out of the game (the row is dimmed)", "board"),
    _e(
        "T",
        "badge: a terrorist state; shown only to the terrorists and the moderator (to all at the end)",
        "board",
    ),
    _e("▶", "on the board: your own state; on the tracker: the step under way", "board"),
    _e("●", "on the tracker: a cycle played or under way (○ one still to come)", "board", "○"),
    _e("capital bar", "the bar beside a capital: its length is the capital against the richest state's", "board"),
    _e("tracker", "the line above the board: the cycle and the steps of the rise and the decline", "board"),
    # Statuses.
    _e("hegemon", "the leading core state: it invests, annexes and breaks ties; +8 growth", "about", "hegemonic state"),
    _e("former hegemon", "the hegemon of this cycle's rise, during the decline; it joins an alliance", "war"),
    _e("core state", "one of the three richest states (16 at the deal); core", "statuses", "core"),
    _e(
        "semiperipheral state",
        "a middle-income state (8 at the deal); may be promoted to core",
        "statuses",
        "semiperipheral",
        "semi-periphery",
        "semi",
    ),
    _e(
        "peripheral state",
        "one of the six poorest states (4 at the deal); may be invested in, or annexed",
        "statuses",
        "peripheral",
        "periphery",
        "PERIPH",
    ),
    _e("capital", "a state's political and economic weight: counts in votes and in the war", "statuses"),
    _e("contender", "one of the two core states other than the hegemon, in the decline", "cycle", "hegemony contender"),
    _e("terrorist state", "holds the secret terrorist card; aims at the terrorist union", "terrorists", "terrorist"),
    _e("puppet state", "a state taken over by a coup: it becomes a terrorist state", "terrorists", "military coup"),
    _e(
        "terrorist union",
        "three terrorist states at once: they have the bomb, and the nuclear war begins",
        "terrorists",
    ),
    _e(
        "rogue state",
        "the state chosen in the negotiations: half its capital lost, no part in this cycle's war",
        "terrorists",
        "rogue",
    ),
    _e(
        "blockade",
        "a terrorist chosen as the rogue state is blockaded: it cannot stage the coup this cycle",
        "terrorists",
        "economic blockade",
    ),
    _e(
        "peacekeeping mission",
        "what the rogue state suffers: its capital halved, out of the war; a terrorist is blockaded",
        "terrorists",
    ),
    _e(
        "strikebreaker",
        "a semiperipheral or peripheral state that voted against the last revolution; only peripheral "
        "strikebreakers can get the core states' investment",
        "votes",
    ),
    # Stages.
    _e("systemic cycle", "one round of the game: a rise phase and a decline phase (four at most)", "about", "cycle"),
    _e(
        "rise phase",
        "the first half of a cycle: opening, speeches, investments, intervention, talks, growth",
        "cycle",
        "rise",
    ),
    _e(
        "decline phase",
        "the second half of a cycle: the hegemon's decline, the rivalry, the crisis",
        "cycle",
        "decline",
    ),
    _e(
        "growth",
        "the end of the rise: every capital grows, hegemon +8, core +4, semiperipheral +2, peripheral +1",
        "cycle",
    ),
    _e("opening", "a cycle's first step: the moderator announces the new statuses", "cycle"),
    _e("speech", "a public statement of one line in a speech slot; it changes no rule", "speeches", "speeches"),
    _e(
        "investments",
        "the hegemon promotes semiperipheral states to core; the core states invest in a peripheral strikebreaker",
        "cycle",
    ),
    _e("investment", "a state lifted one band by investment: its capital doubles", "statuses"),
    _e(
        "intervention",
        "the hegemon annexes a peripheral state (an antiterrorist operation)",
        "cycle",
        "annexation",
        "annexed",
        "antiterrorist operation",
    ),
    _e(
        "negotiations",
        "the collective security talks of cycles 2–4: nominations, then the rogue-state vote",
        "cycle",
        "collective security",
        "collective security talks",
    ),
    _e("nomination", "a state's proposal of a candidate for rogue state (or a pass)", "votes"),
    _e("rivalry", "the contenders declare their goals and speak; the others join alliances", "cycle"),
    _e("crisis", "eyes closed: the coup, the world war, the revolution vote", "cycle"),
    _e(
        "alliance",
        "a contender and the states that joined it; its capital is added up in the war",
        "votes",
    ),
    _e("world war", "the alliances' capitals compared: the larger wins the hegemony", "war", "war"),
    # Votes.
    _e(
        "capital-weighted vote",
        "a vote in which each ballot counts the voter's capital (the rogue-state vote)",
        "votes",
    ),
    _e("sealed vote", "no ballot is shown until all are in; then everyone sees who chose what", "votes", "sealed"),
    # Endings.
    _e("global nuclear war", "the ending brought by the terrorist union: nobody wins", "endings", "nuclear war"),
    _e(
        "world-empire",
        "a contender's goal; if it wins the war, the game ends and it alone wins",
        "endings",
        "empire",
    ),
    _e(
        "world-economy",
        "a contender's goal: to lead the system without ending it; the game goes on",
        "war",
        "economy",
    ),
    _e(
        "sustainable world-economy",
        "the ending when cycle 5 begins with no other ending: the hegemon alone wins",
        "endings",
    ),
    _e(
        "antisystemic revolution",
        "the ending when every semiperipheral and peripheral state supports it: every state in the game wins",
        "endings",
        "revolution",
    ),
    _e("secondary goals", "goals of each status that are not victories, shown met or not at the end", "goals"),
    # The table.
    _e("moderator", "runs the stages and plays no state: automated, or a person at a console", "moderator"),
    _e(
        "eyes-closed round",
        "during the coup every person takes the keyboard in turn, so nobody can tell who decided",
        "hot-seat",
    ),
    _e("hand-over", "the screen that passes the keyboard to the next person", "hot-seat"),
)

GUIDE = Guide(TITLE, SECTIONS, GLOSSARY)
"""The guide ``Front.guide()`` returns."""
