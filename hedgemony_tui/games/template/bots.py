"""Computer players for the template game.

A computer player is an object with a ``name`` and ``decide(view, options)``: ``view``
is the state as its seat may see it (``rules.view``; here, with nothing hidden, the
whole state) and ``options`` its own seat's legal intents. It returns a
:class:`~hedgemony_tui.table.contract.Choice`: one of the options and why, in a line
the journal shows. It never reads more than the view, and draws no chance of its own:
the same view and options give the same choice. ``RulesBase.policy`` wraps it in the
table's safety net (a bot that raises or picks something not offered costs a move,
never the game).
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.contract import Choice

from .engine import Add, CountState, Intent


class FirstBot:
    """Takes the first option offered: the simplest player, handy in tests."""

    name = "first"

    def decide(self, view: CountState, options: Sequence[Intent]) -> Choice:
        return Choice(options[0], "the first option offered", public_reason=True)


class CountingBot:
    """Plays the counting game well: it leaves the total at a multiple of three short of
    the target whenever it can, so the opponent cannot reach it next; it never concedes."""

    name = "basic"

    def decide(self, view: CountState, options: Sequence[Intent]) -> Choice:
        adds = [o for o in options if isinstance(o, Add)]
        if not adds:  # only a concession is offered (a variant's rule): take it
            return Choice(options[0], "nothing else is allowed", public_reason=True)
        for add in adds:
            if (view.target - view.total - add.amount) % 3 == 0:
                return Choice(add, f"leaves {view.target - view.total - add.amount} to go, a multiple of 3", True)
        # No move leaves a multiple of three: add 1 and hope the opponent slips.
        return Choice(adds[0], "no safe total is in reach; adding the least", public_reason=True)
