"""The automated White Cell: when to inject events, and its rulings.

Modes (``white_cell(mode)``):

* ``random-events`` - the optional random-events rule (ch. 3): in each of the first
  three phases of a turn, a D10 below ``random_event_chance`` injects an event drawn
  uniformly from those still allowed. With ``settings.random_events`` on, the engine
  rolls that die itself and this bot only rolls it; with the rule off, the bot applies
  the same rule at the same rate with its own seeded die (never the game's dice).
* ``directed`` - as chapters 7 and 8 describe: at most one event a turn, at the start of
  the Red phase, aimed at the player having too easy a time (the event that costs it the
  most victory margin) or, if no one is running away with the game, at the quietest AOR
  (no card played there for the longest).
* ``none`` - no injections; rulings only.
* ``random`` - the ``random`` policy takes the White Cell's decisions too (the games of
  ``simulate --policy random``, kept as they were).

The White Cell's discretionary interventions (rules/hedgemony/README.md X11: the Red
order, pins, resets, penalties, bases, proxies, the pace rule) are never listed as legal
intents and this bot takes none of them: it plays the book's default White Cell.

Rulings follow stated rules written into the reason: a free-text choice on a card
(``by = "WHITE"``) goes to the option that narrows the gap between the leading and the
trailing player; emergency funding covers exactly the readiness shortfall, and an
appeal for it in a fight is left to the White Cell's die; a Blue free-play
proposal gets the standard ruling that fits who is at the place (see ``rule_proposal``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hedgemony_tui.table.dice import Rng

from ..engine import names
from ..engine.cards import Card
from ..engine.content import Content, content_for
from ..engine.game import pending
from ..engine.intents import (
    Choose,
    Continue,
    EnterRoll,
    GrantEmergencyFunding,
    InjectEvent,
    Intent,
    RefuseAction,
    RollDie,
    RollForFunding,
    RuleAction,
)
from ..engine.names import Namer
from ..engine.play import INJECTION_PHASES
from ..engine.rulings import with_rulings
from ..engine.state import WHITE, GameState, Phase
from .basic import option_words
from .cardsense import margin_gain, threat
from .choice import BotChoice
from .judge import margin, turns_left, utility
from .lookahead import after
from .proposal_ruling import rule_proposal
from .random_policy import choose as choose_at_random

PHASE_INDEX = {Phase.SIGNALING: 0, Phase.BLUE: 1, Phase.RED: 2}
TOO_EASY = 0.7
"""A player whose chance of winning (by ``judge.utility``) is above this is having too easy a time."""


def injected(state: GameState, turn: int, phase: Phase | None = None) -> list[str]:
    """Events the White Cell injected in ``turn`` (and ``phase``), from the public log."""
    return [
        e.text
        for e in state.log
        if e.actor == WHITE
        and e.kind == "event"
        and e.turn == turn
        and (phase is None or e.phase is phase)
        and e.text.startswith("White Cell injects")
    ]


class WhiteCellBot:
    def __init__(self, mode: str = "random-events") -> None:
        self.mode = mode

    def decide(self, state: GameState, options: Sequence[Intent]) -> BotChoice | None:
        """The White Cell's decision now, or None: nothing to do (the player decides)."""
        if not options:
            return None
        content = with_rulings(content_for(state.scenario), state)  # free-play cards (FP-n) of this game
        seat = pending(state, content).seat
        if seat == WHITE:
            return self.rule(state, content, list(options))
        events = [o for o in options if isinstance(o, InjectEvent)]
        if not events or self.mode in ("none", "random"):
            return None
        if self.mode == "random-events":
            return self.random_event(state, content, events)
        return self.directed(state, content, events)

    # --- injections --------------------------------------------------------------------

    def random_event(self, state: GameState, content: Content, events: list[InjectEvent]) -> BotChoice | None:
        if state.settings.random_events or state.phase not in INJECTION_PHASES:
            return None  # the engine's own check rolls the game's die
        if injected(state, state.turn, state.phase):
            return None
        rng = Rng(state.policy_seed ^ 0xE7E7, state.turn * 3 + PHASE_INDEX[state.phase])
        face, rng = rng.next_below(10)
        chance = state.settings.random_event_chance
        if face >= chance:
            return None
        index, _ = rng.next_below(len(events))
        card = content.card(events[index].card)
        return BotChoice(
            events[index],
            f"White Cell injects {names.card(content, card.id)}: its event die rolled {face}, "
            f"below {chance}; drawn from {len(events)} events",
        )

    def directed(self, state: GameState, content: Content, events: list[InjectEvent]) -> BotChoice | None:
        if state.phase is not Phase.RED or injected(state, state.turn):
            return None
        players = content.scenario.player_ids
        spread = 1.5 + 2.0 * turns_left(state)
        chances = {p: 1.0 / (1.0 + math.exp(-margin(content, state, p) / spread)) for p in players}
        leader = max(players, key=lambda p: chances[p])
        if chances[leader] > TOO_EASY:
            scored = []
            for e in events:
                card = content.card(e.card)
                scored.append((_event_effect(content, state, leader, card), card.id, e))
            hit, _, pick = min(scored, key=lambda t: (t[0], t[1]))
            if hit < 0:
                card = content.card(pick.card)
                return BotChoice(
                    pick,
                    f"White Cell injects {names.card(content, card.id)}: {leader} is having too easy a time "
                    f"(winning chance {chances[leader]:.0%}); the event costs it {-hit:.1f} of margin",
                )
        quiet = self.quiet_aor(state, content)
        local = [e for e in events if content.card(e.card).aor == quiet]
        if quiet and local:
            pick = max(local, key=lambda e: (threat(content.card(e.card)), e.card))
            card = content.card(pick.card)
            return BotChoice(
                pick, f"White Cell injects {names.card(content, card.id)}: {names.aor(content, quiet)} has been quiet"
            )
        return None

    def quiet_aor(self, state: GameState, content: Content) -> str:
        """The AOR (with a player's home or forces in it) that has gone longest without a card."""
        board = content.scenario.board
        last: dict[str, int] = {}
        for key, turn in state.last_played.items():
            card_id = key.split(":", 1)[1] if not key.startswith("choice:") else ""
            card = content.cards.get(card_id)
            if card is not None and card.aor:
                last[card.aor] = max(last.get(card.aor, 0), turn)
        lived = {board.aor_of(s.location) for s in state.stacks if s.ffs}
        candidates = sorted(a.id for a in board.aors if a.id in lived)
        if not candidates:
            return ""
        oldest = min(candidates, key=lambda a: (last.get(a, 0), a))
        return oldest if state.turn - last.get(oldest, 0) >= 2 else ""

    # --- rulings ----------------------------------------------------------------------------

    def rule(self, state: GameState, content: Content, options: list[Intent]) -> BotChoice:
        if self.mode == "random":
            intent = choose_at_random(state, options)
            return BotChoice(intent, f"White Cell picks at random: {intent.describe(Namer(content, state))}")
        first = options[0]
        if isinstance(first, RollDie):
            return BotChoice(
                first, f"White Cell rolls for {state.roll_request.reason if state.roll_request else 'the die'}"
            )
        if isinstance(first, EnterRoll):
            index, _ = Rng(state.policy_seed, state.decisions).next_below(len(options))
            return BotChoice(
                options[index], f"{options[index].describe(Namer(content, state))} (a seeded stand-in for a real D10)"
            )
        if isinstance(first, Continue):
            return BotChoice(first, f"White Cell closes turn {state.turn}")
        roll = next((o for o in options if isinstance(o, RollForFunding)), None)
        if state.appeal is not None and roll is not None:
            return BotChoice(
                roll,
                f"White Cell lets a die decide {state.appeal.player}'s appeal for {state.appeal.amount} RP: "
                f"rule: emergency funding is the exception (ch. 3), so chance decides whether and how much",
            )
        if isinstance(first, GrantEmergencyFunding):
            return BotChoice(
                first,
                f"White Cell grants {first.player} {first.amount} RP of emergency funding: "
                f"rule: cover exactly the readiness shortfall, no more",
            )
        if all(isinstance(o, Choose) for o in options):
            return self.balance_ruling(state, content, options)
        if any(isinstance(o, (RuleAction, RefuseAction)) for o in options):
            return rule_proposal(state, content, options)
        return BotChoice(first, f"White Cell: {first.describe(Namer(content, state))}")

    def balance_ruling(self, state: GameState, content: Content, options: list[Intent]) -> BotChoice:
        """Rule: the option after which the leading and trailing players' chances lie closest."""
        players = content.scenario.player_ids
        scored = []
        for i, option in enumerate(options):
            states = after(state, content, option, WHITE)
            spread = 0.0
            for p, s in states:
                chances = [utility(content, s, pid) for pid in players]
                spread += p * (max(chances) - min(chances))
            scored.append((round(spread, 6), i, option))
        spread, _, best = min(scored)
        if state.run is not None:
            played = content.card(state.run.card)
            chosen, card = option_words(content, played, getattr(best, "option", "")), names.card(content, played.id)
        else:
            chosen, card = str(getattr(best, "option", "")), "the card"
        return BotChoice(
            best,
            f"White Cell rules {chosen} on {card}: rule: the option that leaves "
            f"the leader and the last player closest (gap {spread:.2f}; first listed on a tie)",
        )


def _event_effect(content: Content, state: GameState, player: str, card: Card) -> float:
    """What an event would do to ``player``, averaged over its rows: the change of its
    victory margin plus its own IP change (the margin alone may not move when another
    condition binds)."""
    rows = list(card.bands) or ([card.result] if card.result else [])
    if card.contest is not None:
        rows += list(card.contest.outcomes.values())
    if not rows:
        return 0.0
    total = 0.0
    for band in rows:
        delta = {(card.roller() if k == "self" else k): v for k, v in band.ip.items()}
        total += margin_gain(content, state, player, delta) + delta.get(player, 0)
    return total / len(rows)
