"""Hedgemony's "Learn to play": a short guided game for a newcomer.

The learner plays the U.S.; NATO/EU and the four Red players are the ``basic`` computer
players, the White Cell plays itself in its default mode, the coach is on, and the game
lasts two turns. Each phase opens (in the first turn) with a note on what happens now
and what the choices mean; the first time the learner owes some kinds of decision (the
readiness bill, an answer to a Red card, a roll) a note says what it is. The texts are
ours, written for this lesson; the rules guide (F1) has the details.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hedgemony_tui.shell.front import Lesson

if TYPE_CHECKING:
    from hedgemony_tui.shell.front import Lesson

TURNS = 2
WHITE = "WHITE"  # the White Cell's seat (engine.state.WHITE), named here to keep the title light

INTRO = """You command the **United States** for a short game (a turn is a year of planning).
Four Red players (Russia, China, North Korea, Iran) and your ally NATO/EU are played
by the computer; the White Cell, the game's referees, plays itself.

**What a session is for.** The game is not won by piling up points: it is played to feel
the trade-offs a defence strategy forces on you, between building new forces,
modernizing them, keeping them ready, posting them abroad and using them. Watch what
each choice costs you a turn or two later; the tally at the end only says how it went.

**Your rival for victory includes your ally.** The U.S. wins only with more IP than
every other player, NATO/EU included: you work with NATO/EU against Red, yet its IP
counts against yours at the end.

You gain or lose **IP** (influence points) as actions succeed or fail, and spend
**RP** (resource points, your budget) to act, invest and keep forces ready. Your
forces are counted in **FFs** (force factors), stacks of them on the map.

**The coach is on**: press **Ctrl+G** (Hint) at any of your decisions to see what the
strongest computer player would do in your seat, and why. After each of your
decisions it tells you if it would have chosen otherwise. **F1** opens the rules guide
at the page about the screen you are on."""

NOTES = {
    "red-signaling": """**Phase 1 of 5: Red signals.** Each Red player puts down three of its
cards to warn what it may do this turn. Some are bluffs, and none is paid for yet.

You have nothing to decide here: watch. Once all the signals are down, the **Red
briefing** opens by itself at the start of your phase (Esc goes back to the board);
**F12** (Briefing) opens it again whenever you like, and F2 (Placemat) shows every
player's figures.""",
    "blue-actions": """**Phase 2 of 5: Blue invests and acts** — your phase.

First you pay the **readiness bill**: what it costs to keep your forces ready. Then come
your **investments** (new or modernized forces; a higher modernization level, **Mod**,
weighs more in a fight) and then your **actions** (your action cards, rolled for IP, and
free-play proposals the White Cell turns into a ruling).

Between them you may **post forces** abroad (a deterrent where Red signals trouble: it
costs RP now and raises next turn's bill) and **lower readiness** (free, and cheaper
next turn, but buying it back before a fight costs more). RP you keep is your reserve
for answering Red cards. End the phase when you are done; Ctrl+G shows what the coach
would do at each step.""",
    "red-actions": """**Phase 3 of 5: Red invests and acts.** The Red players play some of
the cards they signaled, or none. When a card is a contest where you may answer, you
decide whether to **commit forces**: forces already in the region cost nothing, forces
from home (CONUS) cost RP. More combat strength moves the roll's column in your favour.

Every roll is shown with its table, its modifiers and the odds before the die was cast.""",
    "allocation": """**Phase 4 of 5: resources.** Every player receives its RP for the next
turn. The U.S. budget varies with a roll each year, so keep a margin for next turn's
readiness bill.""",
    "summary": """**Phase 5 of 5: the state of the world.** The White Cell closes the turn.
After the last turn each player's victory conditions (F2, the placemat) decide who
won: the U.S. needs more IP than every other player (NATO/EU, your ally, counts as a
rival here), as long as North Korea has not won. Look back at what each choice of the
turn cost and bought: that trade space is what the game teaches.""",
}

MOMENTS = {
    "readiness": """**The readiness bill.** Keeping forces ready costs RP every turn; the bill
counts how many FFs stand at each readiness level. Pay it now; later in this phase you
may lower the readiness of quiet stacks so next turn's bill is smaller.""",
    "respond": """**A Red card you may answer.** Choose forces to commit, one stack at a time,
then say you are done. The worksheet (F6) shows the column and the odds as you add
forces; the coach (Ctrl+G) shows what each choice is expected to be worth in IP, for
you and for the Red player.""",
    "commit": """**Forces for a contest.** Commit stacks one at a time, then say you are
done; F6 shows the odds as you add forces.""",
    "roll": """**A roll.** The die is cast by the table; the result screen shows the table
read, the column and why, and what each face would have done.""",
}

GUIDE = {
    "red-signaling": "signals",
    "blue-actions": "blue-phase",
    "red-actions": "red-phase",
    "allocation": "end-of-turn",
    "summary": "end-of-turn",
    "readiness": "blue-phase",
    "respond": "commitment",
    "commit": "commitment",
    "roll": "roll",
}
"""The rules guide's page (F1) for each phase and moment of the lesson."""

CLOSING = """**The lesson is over.** Next, the end-of-game screen shows who won and why, and
the course of the game. To play a whole game, start a **New game** from the title: keep the
U.S. and the coach for a start (the form's Coach row), then try another seat."""


def lesson(turns: int | None = None) -> Lesson:
    """Hedgemony's lesson (``Front.lesson``): the U.S. learns, the rest play ``basic``;
    ``TURNS`` long unless ``turns`` says otherwise."""
    turns = TURNS if turns is None else turns

    kinds = {seat: "basic" for seat in ("NATO", "RU", "PRC", "DPRK", "IR")}
    return Lesson(
        title="Learn to play Hedgemony",
        seat="US",
        turns=turns,
        kinds=kinds,
        notes=NOTES,
        moments=MOMENTS,
        intro=INTRO,
        closing=CLOSING,
        guide=GUIDE,
    )
