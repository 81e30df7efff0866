"""A Blue computer player's answer to the White Cell's ruling on its free-play proposal:
accept and pay, or withdraw.

Apart from ``proposal_ruling.py`` (the White Cell's rule), because the answer plays the
ruling out with the look-ahead, and the look-ahead plays that same rule on its what-if
copies.
"""

from __future__ import annotations

from ..engine import game
from ..engine.content import Content
from ..engine.intents import AcceptRuling, Intent, WithdrawProposal
from ..engine.state import GameState
from .choice import BotChoice
from .lookahead import after, expected_ip


def answer_ruling(view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
    """The proposer's answer to the ruling it reads: accept when the action, played out
    on every face of the die with the others answering with the forces they have on
    hand, is expected to gain it IP; else withdraw (nothing is paid)."""
    withdraw = next(o for o in options if isinstance(o, WithdrawProposal))
    accept = next((o for o in options if isinstance(o, AcceptRuling)), None)
    if accept is None:
        return BotChoice(withdraw, f"{seat} withdraws: it cannot pay for the ruling")
    states = after(view, game.content_of(view, content), accept, seat)  # the content has the ruling's card
    gain = expected_ip(states, seat) - view.player(seat).ip
    if gain > 0:
        return BotChoice(accept, f"{seat} accepts the ruling: expected IP {gain:+.1f}")
    return BotChoice(withdraw, f"{seat} withdraws its proposal: the ruling's expected IP is {gain:+.1f}")
