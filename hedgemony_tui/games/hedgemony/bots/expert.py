"""The ``expert`` policy: the ``basic`` player with a wider view of the answers and of
the rest of its own phase.

* ``basic`` judges a card by the states in which it ends, assuming the other seats
  answer with the forces they have on hand. A Red ``expert`` weighs that answer evenly
  (``QUIET``) with "Blue does not answer".
* Playing a card in its own phase, it judges the card also by what it can still do
  after it: in each likely end state of the card (the likeliest ones, together at least
  ``COVER`` of the chance, at most ``STATES``) it tries its best next card (by
  ``basic``'s one-step value, at most ``FOLLOW`` cards) and keeps the better of playing
  on or stopping. A cheap card that opens the way for a better one (a modernization
  before a contest) is preferred; one that would leave it too poor for a better one waits.

* Signaling (Red), it ranks its cards by what playing each would be worth now by the
  exact odds (the same judgement as a play, on a copy of its view set in its own Red
  phase), not by what the card prints.

* The U.S. budgets by what its RPs bring. Readiness bought back in the Blue phase and
  deterrents posted where Red signals are paid whether or not the fight comes (the
  post also raises every later readiness bill); the expert lowers readiness to its
  posture as ``basic`` does but buys it back only inside a card, when the fight is at
  hand and the exact odds of buying back a stack and committing it beat what ``basic``
  would do there. The RPs saved go to its own cards and free-play proposals (measured
  before the keyed dice, 60 paired games against ``basic``: no buy-back ahead +6.3
  victory margin, neither buy-back nor posts +7.5, with the buy-back in the fight +7.8).

* A Blue seat spends what lies above its response reserve on any card or proposal
  expected to gain (``basic`` asks for a clear gain, ``THRESHOLD``, and so left NATO
  ending games with twenty-odd RPs unspent, worth nothing at the end). Below the
  reserve, and the U.S. below next turn's readiness bill, it is as careful as ``basic``
  (spending into the reserve too measured worse). NATO against ``basic``, the other
  seats ``basic`` (keyed dice): it wins more often, 69% of 600 paired games against
  65% (of the pairs only one of them won, 65 went to the expert and 40 to ``basic``,
  p 0.02; over the first 200, 25 against 12, p 0.047), its IP +3.3; its mean victory
  margin does not move (+0.1 ±0.3). NATO's margin is its binding part, "Russia has not
  won" (Russia against the U.S.), and NATO's play moves little of it: its sanctions and
  cyber cards take about 2.9 IP a game off Russia, and ``basic`` already plays both
  whenever they are off cooldown; the expert raises the U.S.'s IP by 0.35 ±0.16 and
  Russia's by 0.27 ±0.22.

* A seat whose victory asks where forces stand (North Korea: "no U.S. FFs in Korea",
  or more than 15 IP) has one path it can walk itself: its IP. Every contest it plays at
  that place draws the rival's responders in (committed forces move to the fight), so
  it signals the cards expected to bring it most IP now, never one that would fight
  there (except as a bluff, which it then does not play); it counts the IP its cards
  have scheduled for a later turn of this game (``judge.booked``: a delayed gain is not
  in its IP yet, so ``basic`` never plays North Korea's hardened bases), and it spends
  above its reserve on any expected gain (``basic`` left North Korea ending games with
  twenty-odd RPs). Measured against ``basic`` with the other seats ``basic``: 200
  paired games +2.4 victory margin (IP 7.1 to 10.4); in 60 (before the keyed dice),
  these signals and spending without the booked IP +0.6, the same signals with
  contests allowed -8.8 (IP fell to -1). With the other seats ``random`` (measured
  before ``basic``'s ladder change and the keyed dice) it gained the same IP but not
  the margin (+0.0): there "no U.S. FFs in Korea" is decided by the random U.S.'s own
  moves.

Elsewhere (inside a card, proposals, Blue's investments) it decides as ``basic`` does.
Everything runs the engine's own resolution (``apply_legal``) on copies of the seat's own
view with every face of the die (see ``lookahead``); nothing reads what the seat may not
see, and the work per decision is bounded by the constants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from hedgemony_tui.table.errors import HedgemonyError

from ..engine import contest as forces
from ..engine.cards import Card
from ..engine.content import Content
from ..engine.contest import locations
from ..engine.game import legal_intents, pending
from ..engine.hand import CardIntent, card_plays
from ..engine.intents import BuyBack, CommitForces, Intent, Modernize, PlayCard, Procure
from ..engine.state import GameState, Phase
from ..engine.victory import AllOf, AnyOf, Condition, NoForcesAt
from .basic import BasicPolicy
from .cardsense import card_worth
from .choice import BotChoice
from .judge import booked, utility
from .lookahead import after, apply_option
from .weighing import THRESHOLD, States

QUIET = 0.5
"""For a Red seat's card: weight of "Blue sends no forces" beside basic's "Blue sends what
it has on hand". Blue's forces are spread thin and an answer costs the U.S. readiness and
exposure, so it often does not come; Red's forces sit at home beside Blue's actions and
answer for free, so a Blue seat keeps basic's reading (measured: with the even weighing
for Blue too, NATO did worse)."""
COVER = 0.6
STATES = 3
FOLLOW = 3
"""Bounds of the look past the first card (see the module docstring)."""

PLAYS = (PlayCard, Modernize, Procure)


class ExpertPolicy(BasicPolicy):
    name = "expert"
    buys_readiness_ahead = False  # see the module docstring: in the fight, by the odds

    def __init__(self) -> None:
        self.basic = _Reader(self.utility)  # basic's one-step judgement, by the expert's utility
        self.options: list[Intent] = []

    def reading(self, content: Content, state: GameState, seat: str) -> GameState:
        """``state`` as the expert reads it for ``seat``: a seat whose victory counts forces
        walks its IP path, so its delayed IP gains already count (module docstring)."""
        return booked(state, seat) if _forces_place(content, seat) is not None else state

    def utility(self, content: Content, state: GameState, seat: str) -> float:
        return utility(content, self.reading(content, state, seat), seat)

    def decide(self, view: GameState, options: Sequence[Intent]) -> BotChoice:
        self.options = list(options)  # the follow-up cards come from this list
        return super().decide(view, options)

    def value(
        self, view: GameState, content: Content, seat: str, intent: Intent, own_commits: bool = True
    ) -> tuple[float, States]:
        if not (view.run is None and view.phase in (Phase.RED, Phase.BLUE) and isinstance(intent, PLAYS)):
            return super().value(view, content, seat, intent, own_commits)  # inside a card: as basic
        blue = content.scenario.player(seat).side == "blue"
        if blue and isinstance(intent, (Modernize, Procure)):
            # Measured: planning a follow-up card made NATO buy forces it then could not
            # use (200 paired games, margin -1.5 against basic); Blue invests as basic does.
            return super().value(view, content, seat, intent, own_commits)
        states = after(view, content, intent, seat, own_commits)
        if content.scenario.player(seat).side == "red":
            states = [(p * (1 - QUIET), s) for p, s in states]
            states += [(p * QUIET, s) for p, s in after(view, content, intent, seat, own_commits, answer="none")]
        return self.planned(states, content, seat, exclude=intent.card), states

    def _play_reason(self, view: GameState, content: Content, seat: str, card: Card, states: States, verb: str) -> str:
        # The chance it shows is read as the expert reads the states (delayed gains too).
        seen = [(p, self.reading(content, s, seat)) for p, s in states]
        return super()._play_reason(self.reading(content, view, seat), content, seat, card, seen, verb)

    def clear_gain(self, content: Content | None, seat: str) -> float:
        if content is not None and (content.scenario.player(seat).side == "blue" or _forces_place(content, seat)):
            return 0.0  # above the reserve: any expected gain (module docstring)
        return super().clear_gain(content, seat)

    def red_move(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        place = _forces_place(content, seat)
        if place is not None:  # a fight at the place its victory counts: not even the bluff
            # ... unless nothing else is left: bound by its activation markers (no EndPhase
            # offered), the fight is the only legal move (an empty list raised IndexError).
            options = [
                o
                for o in options
                if not (isinstance(o, PlayCard) and _fights_at(content, content.card(o.card), place[1]))
            ] or options
        return super().red_move(view, content, seat, options)

    def presence_step(self, view: GameState, content: Content, options: list[Intent]) -> BotChoice | None:
        return None  # no deterrent posts ahead of a fight (module docstring)

    def commit(self, view: GameState, content: Content, seat: str, card: Card, options: list[Intent]) -> BotChoice:
        """``basic``'s step, unless buying a stack's readiness back to 100% and committing
        it is worth more by the exact odds (the U.S. only; never into next turn's bill)."""
        plain_value, plain = self.commit_step(view, content, seat, card, options)
        # Whole stacks not yet sent (a part bought back becomes a stack of another id).
        taken = forces.committed_ids(view.run) if view.run is not None else set()
        buys = [o for o in options if isinstance(o, BuyBack) and o.to == 100 and not o.ffs and o.stack not in taken]
        if seat != "US" or not buys:
            return plain
        best = None
        for buy in buys:
            ready = apply_option(view, content, buy)
            commits = [o for o in legal_intents(ready, content) if isinstance(o, CommitForces) and o.stack == buy.stack]
            for o in self.commit_candidates(commits):
                if not self.commit_keeps_bill(ready, content, o):  # the buy-back's price is already paid in ready
                    continue
                value = self.commit_value(ready, content, seat, o)[0]
                if best is None or value > best[0]:
                    best = (value, buy, o)
        if best is None:
            return plain
        value, buy, then = best
        if value - plain_value <= THRESHOLD:
            return plain
        stack = view.stack(buy.stack)
        return BotChoice(
            buy,
            f"U.S. buys {stack.ffs} FF at {stack.location} back to 100% for {card.id}: "
            f"committing {then.ffs} of them ready is worth more by the exact odds",
        )

    def signal_worth(self, view: GameState, content: Content, seat: str, deck: list[Card]) -> dict[str, float]:
        """Each card by the IP that playing it first in this seat's coming Red phase is
        expected to bring, as the board stands now (cards it cannot play there last)."""
        printed = super().signal_worth(view, content, seat, deck)
        place = _forces_place(content, seat)
        ahead = attrs.evolve(
            view,
            phase=Phase.RED,
            queue=(seat,),
            run=None,
            roll_request=None,
            moves={},
            signals={**view.signals, seat: tuple(c.id for c in deck)},
        )
        worth: dict[str, float] = {}
        for card in deck:
            try:
                # basic's judgement of the play: at signaling the answers are still unknown
                best = self.basic.best_card(ahead, content, seat, card_plays(ahead, content, seat, [card]))
            except (HedgemonyError, ValueError, KeyError, AssertionError):
                best = None  # the card cannot be tried on this board: fall back to its print
            # Ranked by the IP the play is expected to bring (the print breaks ties).
            if best is None:
                gain = -1000.0
            else:
                seen = [(p, self.reading(content, s, seat)) for p, s in best[2]]
                gain = self._exp_ip(seen, seat, self.reading(content, ahead, seat))
            if place is not None and _fights_at(content, card, place[1]):
                # A fight at the place its victory counts draws the rival in (module docstring).
                gain -= 1000.0
            worth[card.id] = gain + 0.01 * printed[card.id]
        return worth

    def planned(self, states: States, content: Content, seat: str, exclude: str = "") -> float:
        """Expected utility of ``states`` when the seat may still play one more card in each
        of the likeliest ones."""
        total, covered, looked = 0.0, 0.0, 0
        for p, s in sorted(states, key=lambda t: -t[0]):
            value = self.utility(content, s, seat)
            if covered < COVER and looked < STATES:
                looked += 1
                covered += p
                value = max(value, self.follow_up(s, content, seat, exclude))
            total += p * value
        return total

    def follow_up(self, state: GameState, content: Content, seat: str, exclude: str) -> float:
        """The best one-step value of another card the seat could play in ``state``."""
        if state.run is not None or state.roll_request is not None or state.proposal is not None:
            return float("-inf")
        if state.phase not in (Phase.RED, Phase.BLUE) or pending(state, content).seat != seat:
            return float("-inf")
        seen: dict[str, CardIntent] = {}
        # The options of the first decision, as they stand after the first card (the exact
        # stack or size may no longer be legal, and apply_legal does not check).
        legal = set(legal_intents(state, content))
        for o in self.options:
            if isinstance(o, PLAYS) and o in legal and o.card != exclude and o.card not in seen:
                seen[o.card] = o
        ranked = sorted(seen.values(), key=lambda o: -card_worth(content, state, seat, content.card(o.card)))
        best = float("-inf")
        for o in ranked[:FOLLOW]:
            try:
                value, _ = self.basic.value(state, content, seat, o)
            except (HedgemonyError, ValueError, KeyError):  # the exact option (stack, size) no longer fits
                # after the first card: that follow-up is simply not available
                continue
            best = max(best, value)
        return best


class _Reader(BasicPolicy):
    """``basic``'s one-step judgement (a follow-up card, a signal) by the expert's utility,
    so that what it compares is measured alike."""

    def __init__(self, judge: Callable[[Content, GameState, str], float]) -> None:
        self.judge = judge

    def utility(self, content: Content, state: GameState, seat: str) -> float:
        return self.judge(content, state, seat)


def _fights_at(content: Content, card: Card, place: str) -> bool:
    """Whether ``card``'s contest can be fought at ``place``."""
    return card.contest is not None and place in locations(content, card)


def _forces_place(content: Content, seat: str) -> tuple[str, str] | None:
    """(player, location) of a "no forces at" part of the seat's victory, if it has one."""

    def walk(condition: Condition) -> tuple[str, str] | None:
        if isinstance(condition, (AllOf, AnyOf)):
            return next((found for part in condition.parts if (found := walk(part)) is not None), None)
        if isinstance(condition, NoForcesAt) and not condition.negate:
            return (condition.player, condition.location)
        return None

    return walk(content.scenario.victory_for(seat).win)
