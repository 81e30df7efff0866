"""The words of the decision panel's confirmation: what a choice closes for good.

The host works out, from the real state, what taking an intent would close
(:meth:`TableHost.commitment`: the game, the turn, the phase, a sealed answer, the
seat's turn at the decision); this module says it in a short sentence from what the
seat already sees (the turn and phase it is in), adds the game's own sentence if its
front has one (the optional member ``irreversible``, :class:`~.front.CommitFront`), and
returns "" when nothing needs a second Enter. Computer players and the CLI never come
here.
"""

from __future__ import annotations

from typing import Any

from .decision_tree import Choice
from .front import PHASE_END_GROUP, phase_label, turn_word

END_TAGS = ("end", "done")
"""Intent tags that say the seat is through with the decision (Rescue's "End the turn",
Hex Encounters' "done"): a hand-over after one of them is for the rest of the phase."""

CONFIRM = "Enter again to confirm, Esc to choose again."


def closes(app: Any, choice: Choice) -> str:
    """What taking ``choice`` now closes for good, in a sentence; "" when it need not ask."""
    host, front = getattr(app, "host", None), getattr(app, "front", None)
    seat = app.viewer_seat() if host is not None else ""
    said = []
    made = host.commitment(seat, choice.intent) if host is not None and seat else None
    if made is not None:
        said.append(_sentence(app, front, choice, made))
    own = getattr(front, "irreversible", None)
    if callable(own):
        # The game's own sentence (what a choice spends that nothing gives back).
        said.append(str(own(app.table, choice.intent) or ""))
    return " ".join(s for s in said if s)


def _sentence(app: Any, front: Any, choice: Choice, made: Any) -> str:
    phase = _phase_words(app, front, made.phase)
    if made.ends == "game":
        return "This ends the game."
    if made.ends == "turn":
        return f"This ends {turn_word(front).lower()} {made.turn}."
    if made.ends == "phase":
        return f"This ends the {phase} phase." if phase else "This ends the phase."
    if made.ends == "sealed":
        return "Your answer is final once given: it cannot be changed."
    if made.ends == "seat" and (choice.path[:1] == (PHASE_END_GROUP,) or choice.tag in END_TAGS):
        if choice.tag == "end":
            # Said as the line says it: Rescue's "End the turn" ends the seat's turn, while
            # Hedgemony's "End the Blue phase" ends the seat's part of a phase others go on
            # playing (it once read "This ends your turn" there).
            if "turn" in choice.shown.lower() and "phase" not in choice.shown.lower():
                return "This ends your turn: the decision passes to another seat."
            return f"This ends your part of the {phase} phase." if phase else "This ends your part of the phase."
        return "This passes the decision to another seat."
    return ""  # a hand-over the seat comes back from, or only a roll: undo's own rules apply


def _phase_words(app: Any, front: Any, phase: str) -> str:
    """The phase in the player's words: the front's ``phase_name`` of the seat's view, else
    its ``phase_words``, else ``turn_of``'s name with its dashes read as spaces."""
    named = getattr(front, "phase_name", None)
    if callable(named):
        try:
            words = str(named(app.table.seen_state()))
        except Exception:  # a front's naming must not stop a decision
            words = ""
        if words:
            return words
    return phase_label(front, phase).replace("-", " ")
