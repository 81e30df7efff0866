"""What a step did to the state of the person at the keyboard, on a short screen the game
waits on: made core or the hegemon, demoted, annexed, made the rogue state, a hegemony
contender, recruited by a coup (its own view shows it: only the terrorists learn it), and
the world war's result.

Built only from the two views the shell passes (that seat's, before and after the step),
so it can tell nothing the seat may not see: another state's terrorist card is blanked in
them, and an annexed state is told only that it left the game.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause

from ..engine.state import WorldState
from ..engine.world import MODERATOR, Status
from .render import war_lines

STATUS_WORDS = {Status.CORE: "a core state", Status.SEMI: "semiperipheral", Status.PERIPHERAL: "peripheral"}


def happened(before: WorldState, after: WorldState, seat: str) -> list[str]:
    """The lines saying what changed for ``seat``'s own state between the two views (none:
    nothing worth stopping the game for; the capital's growth each cycle is on the board)."""
    if seat == MODERATOR or seat not in {n.id for n in after.nations}:
        return []
    was, now = before.nation(seat), after.nation(seat)
    name = after.name(seat)
    lines = []
    if was.in_game and not now.in_game:
        lines.append(f"{name} was annexed by {after.name(before.hegemon) or 'the hegemon'}: it leaves the game.")
        return lines
    if now.status is not was.status:
        lines.append(f"{name} is now {STATUS_WORDS[now.status]} (capital {was.capital} -> {now.capital}).")
    if after.hegemon == seat and before.hegemon != seat:
        lines.append(f"{name} is the hegemon.")
    elif before.hegemon == seat and after.hegemon != seat:
        lines.append(f"{name} is no longer the hegemon (capital {was.capital} -> {now.capital}).")
    if now.rogue and not was.rogue:
        lines.append(f"{name} is this cycle's rogue state: it sits out the world war.")
    if seat in after.contenders and seat not in before.contenders:
        lines.append(f"{name} is a hegemony contender: it will declare its goal and lead an alliance.")
    if now.terrorist and not was.terrorist:
        # Only a terrorist's own view keeps the card, so only the recruited state reads this.
        by = f" by {after.name(now.recruited_by)}" if now.recruited_by else ""
        lines.append(f"A military coup{by} made {name} a terrorist state (a secret the terrorists share).")
    return lines


def war_result(before: WorldState, after: WorldState, seat: str) -> list[str]:
    """The world war's result, for every state still in the game, once it is fought."""
    if seat == MODERATOR or not after.war_winner or before.war_winner == after.war_winner:
        return []
    if not after.nation(seat).in_game:
        return []
    return war_lines(after)


class WhatHappened(ResultPause):
    """What a step did to the keyboard holder's state; play waits until it is closed."""

    DEFAULT_CSS = """
    WhatHappened { align: center middle; }
    WhatHappened > Vertical { width: 100%; max-width: 90; height: auto; max-height: 24;
                              border: thick $accent; background: $surface; padding: 0 1; }
    WhatHappened #ws-happened-body { height: auto; max-height: 18; }
    WhatHappened #ws-happened-wait { height: auto; color: $text-muted; }
    """

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="ws-happened-body"):
                yield Static(self.body, id="ws-happened")
            yield Static(self.pause_line(), id="ws-happened-wait")
        yield Footer()


def result_screen(before: Any, after: Any, seat: str) -> WhatHappened | None:
    """The screen for ``seat`` (None when the step did nothing to its state)."""
    if not isinstance(before, WorldState) or not isinstance(after, WorldState):
        return None
    mine, war = happened(before, after, seat), war_result(before, after, seat)
    if not mine and not war:
        return None
    body = Text()
    if mine:
        body.append(f"WHAT HAPPENED TO {after.name(seat).upper()}\n", style="bold reverse")
        body.append("\n".join(mine))
    if war:
        body.append(("\n\n" if mine else "") + "THE WORLD WAR\n", style="bold reverse")
        body.append("\n".join(war))
    return WhatHappened(body)
