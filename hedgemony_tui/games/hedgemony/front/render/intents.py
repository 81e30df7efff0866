"""Intents in menu words, with names instead of ids: places by name, stacks as "14 FF M3
in CONUS", cards by title with their id. The names come from the content and from the
seat's own view of the state (the forces on the board are public), never from hidden
state. The engine's ``describe()`` stays the journal's wording; this is the menus'.
"""

from __future__ import annotations

from typing import Any

from ...engine import intents as it
from ...engine.op_kinds import a_kind, kind_words

CONUS_SHORT = "CONUS"
"""Continental United States, as the forces' names say it (the board's name is long)."""


class Names:
    """The names a seat reads for the ids in intents, from ``content`` and its view ``seen``
    (without a view, stacks keep their ids: nothing else names them)."""

    def __init__(self, content: Any, seen: Any = None) -> None:
        self.content = content
        self.board = content.scenario.board
        self.seen = seen
        self.turn = getattr(seen, "turn", 0)
        self.stacks = {stack.id: stack for stack in getattr(seen, "stacks", ())}
        self._stack_names = self._name_stacks()

    def place(self, place_id: str) -> str:
        """A board place or an AOR by name (an unknown id as it is)."""
        if place_id == "conus":
            return CONUS_SHORT
        try:
            return str(self.board.location(place_id).name)
        except Exception:  # not a board place: perhaps an AOR
            pass
        try:
            return str(self.board.aor(place_id).name)
        except Exception:
            return place_id

    def aor_of(self, place_id: str) -> str:
        """The name of the AOR a place is in ("" for an id that is no board place)."""
        try:
            return str(self.board.aor(self.board.aor_of(place_id)).name)
        except Exception:
            return ""

    def card(self, card_id: str) -> str:
        """A card as "Title (ID)" (the id alone when the content does not have it)."""
        if card_id in self.content.cards:
            return f"{self.content.card(card_id).title} ({card_id})"
        return card_id

    def stack(self, stack_id: str) -> str:
        return self._stack_names.get(stack_id, stack_id)

    def stack_ffs(self, stack_id: str) -> int:
        stack = self.stacks.get(stack_id)
        return stack.ffs if stack is not None else 0

    def _name_stacks(self) -> dict[str, str]:
        """Each stack as "14 FF M3 in CONUS" (with U.S. readiness below 100%, pinned,
        reset); two of one owner that would read alike are numbered."""
        names: dict[str, str] = {}
        seen_names: dict[tuple[str, str], int] = {}
        for stack in self.stacks.values():
            text = f"{stack.ffs} FF M{stack.mod} in {self.place(stack.location)}"
            if stack.readiness != 100:
                text += f" at {stack.readiness}%"
            if stack.pinned(self.turn):
                text += ", pinned"
            if stack.reset(self.turn):
                text += ", reset"
            n = seen_names.get((stack.owner, text), 0) + 1
            seen_names[(stack.owner, text)] = n
            names[stack.id] = text if n == 1 else f"{text} (#{n})"
        return names

    def option(self, option_id: str) -> str:
        """A card option's words (the card in play's options, or an AOR by name)."""
        run = getattr(self.seen, "run", None)
        if run is not None and run.card in self.content.cards:
            choice = self.content.card(run.card).choice
            for option in getattr(choice, "options", ()) or ():
                if option.id == option_id:
                    return str(option.label)
        return self.place(option_id)


def intent_label(intent: Any, content: Any, seen: Any = None) -> str:
    """An intent as a menu line (see the module docstring)."""
    return label(intent, Names(content, seen))


def ffs_of(names: Names, stack: str, ffs: int) -> str:
    """``ffs`` FFs of a stack, or the whole stack (``ffs`` 0)."""
    if ffs:
        return f"{ffs} FF of {names.stack(stack)}"
    return f"all of {names.stack(stack)}"


def label(intent: Any, names: Names) -> str:
    """An intent in menu words with ``names``."""
    player = getattr(intent, "player", "")
    match intent:
        case it.SignalCards():
            marked = ""
            if intent.activate:
                marked = f" (activating {', '.join(names.card(c) for c in intent.activate)})"
            return f"{player} signals {', '.join(names.card(c) for c in intent.cards)}{marked}"
        case it.PlayCard():
            units = f" ({intent.units} units)" if intent.units else ""
            return f"{player} plays {names.card(intent.card)}{units}"
        case it.Modernize():
            chosen = " + ".join(f"{p.ffs} FF of {names.stack(p.stack)}" for p in intent.picks)
            return f"{player} modernizes {chosen} — {names.card(intent.card)}"
        case it.Procure():
            lines = " + ".join(f"{line.ffs} FF at M{line.mod}" for line in intent.lines)
            return f"{player} procures {lines} — {names.card(intent.card)}"
        case it.Deploy():
            return f"{player} moves {intent.ffs} FF of {names.stack(intent.stack)} to {names.place(intent.to)}"
        case it.BuyBack():
            return f"{player} buys {ffs_of(names, intent.stack, intent.ffs)} back to {intent.to}% readiness"
        case it.SetReadiness():
            return f"{player} lowers {ffs_of(names, intent.stack, intent.ffs)} to {intent.to}% readiness"
        case it.Retire():
            return f"{player} retires {intent.ffs} FF of {names.stack(intent.stack)}"
        case it.ChooseLocation():
            return f"{player} acts in {names.place(intent.location)}"
        case it.CommitForces():
            return f"{player} commits {intent.ffs} FF of {names.stack(intent.stack)}"
        case it.InjectEvent():
            return f"White Cell injects {names.card(intent.card)}"
        case it.Choose():
            return f"{player} chooses {names.option(intent.option)}"
        case it.ProposeAction():
            kind = with_kind(intent.kind, intent.title)
            return f"{player} proposes{kind}: {with_place(intent.title, names.place(intent.location))}"
        case it.HandOver():
            return f"{player} lets {intent.to} go next"
    words = str(intent.describe(names))  # places, stacks and cards by name
    card_id = getattr(intent, "card", None)
    if isinstance(card_id, str) and card_id in names.content.cards and names.card(card_id) not in words:
        words += f" — {names.content.card(card_id).title}"
    return words


def with_kind(kind: str, title: str) -> str:
    """ " a show of force" before a proposal's title, unless the title already says it (or
    no kind was stated: an older save)."""
    words = kind_words(kind)
    return f" {a_kind(kind)}" if words and words.lower() not in title.lower() else ""


def with_place(title: str, place: str) -> str:
    """A proposal's title with its place, unless the title already names it."""
    return title if place in title else f"{title} ({place})"


def touches(intent: Any, location: str, stack_ids: set[str]) -> bool:
    """Whether an intent concerns a place or one of the stacks standing there."""
    if getattr(intent, "location", None) == location or getattr(intent, "to", None) == location:
        return True
    return getattr(intent, "stack", None) in stack_ids
