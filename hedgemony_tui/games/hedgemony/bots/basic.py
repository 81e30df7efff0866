"""The ``basic`` policy: plays toward its own victory conditions, one decision at a time.

Every choice is judged by ``judge.utility`` (the seat's victory margin, as a chance of
winning, plus its own IP and what it holds), and a card's result by the engine's own
resolution on every face of the D10 (``lookahead``), on a copy of the seat's view. Around that:

* Red signals its best action and best investment by the cards' printed worth (read
  against the Blue forces already in the card's AOR; cards it cannot play, such as a
  modernization with every stack at its Tech Level, are left out), and a third card:
  now and then a loud action it has no plan to play (a bluff).
* Red plays a signaled card only when the exact odds, with the U.S. answering with the
  forces it already has in the AOR, leave it better off; otherwise it holds.
* The U.S. sets readiness by posture (forces facing a signaled Red action at 100%,
  other forward forces 80%, the CONUS reserve 50% but for a ready slice of 2 FFs kept
  at 100%: tiered readiness), keeps a deterrent presence in the
  AORs where Red signals actions, and buys forces by Combat Factors per RP (modernize or
  procure, whichever gives more). It never spends (cards, moves, buy-backs, responses,
  proposals) below what next turn's readiness bill needs at the worst budget roll, so
  the White Cell's emergency funding stays an exception.
* Blue proposes a free-play action at a place where it has forces when the White
  Cell's stated ruling (``white_cell.rule_proposal``) and the exact odds favour it.
* Blue keeps a reserve of RPs for responses; it spends below it only for a clear gain.
* Forces go into a fight one stack at a time, each step judged by the better of
  stopping after it and sending the rest of the forces on hand after it
  (``commit_value``), so stacks that only together shift the column all go in. When
  several steps tie on the second reading, the biggest goes first (fewer steps).

The weighing every decision goes through is :class:`~.weighing.Weighing`; the U.S. readiness
and presence steps are :class:`~.blue_posture.BluePosture`. :class:`BasicPolicy` builds on both.
"""

from __future__ import annotations

from collections.abc import Sequence

from hedgemony_tui.table.dice import Rng

from ..engine import contest as forces
from ..engine import names
from ..engine.buying import procurement_total
from ..engine.cards import Card, CardKind
from ..engine.content import Content, content_for
from ..engine.hand import CardIntent
from ..engine.intents import (
    AppealForFunding,
    BuyBack,
    CommitForces,
    DoneCommitting,
    EndInvestments,
    EndPhase,
    EnterRoll,
    Intent,
    Modernize,
    Pay,
    PlayCard,
    Procure,
    ProposeAction,
    RollDie,
    SignalCards,
    seat_of,
)
from ..engine.names import Namer
from ..engine.play import card_cost, modernization_price
from ..engine.rulings import with_rulings
from ..engine.state import GameState, Phase
from .blue_posture import BluePosture, forces_in
from .cardsense import card_worth, is_action, may_come_up, threat
from .choice import BotChoice, public_roll
from .judge import theater_cf
from .lookahead import after, after_proposal, gain_chance
from .ruling_answer import answer_ruling
from .weighing import RESERVE, States

TIE = 1e-9
"""Utilities this close are equal (the same end states, summed in another order)."""
PROPOSALS = 6
"""Free-play proposals a Blue seat weighs per decision (the places with most of its forces)."""
BLUFF_CHANCE = 2  # out of 10 signals, the third card is a bluff (it costs a playable card)


class BasicPolicy(BluePosture):
    name = "basic"
    buys_readiness_ahead = True
    """The U.S. buys readiness back to its posture in the Blue phase, ahead of any fight."""

    # --- the entry point ---------------------------------------------------------------

    def decide(self, view: GameState, options: Sequence[Intent]) -> BotChoice:
        if not options:
            raise ValueError("no legal intents to choose from")
        options = list(options)
        content = with_rulings(content_for(view.scenario), view)  # free-play cards (FP-n) of this game
        seat = seat_of(options[0])
        first = options[0]
        if isinstance(first, (RollDie, EnterRoll)):
            return self.roll(view, options)
        if len(options) == 1:
            return BotChoice(first, f"{seat}: {first.describe(Namer(content, view))} (the only choice)")
        if view.run is not None:
            return self.in_card(view, content, seat, options)
        if view.proposal is not None and view.proposal.ruling is not None and seat == view.proposal.player:
            return answer_ruling(view, content, seat, options)  # accept the ruling read, or withdraw
        if isinstance(first, SignalCards):
            return self.signal(view, content, seat, options)
        if view.phase is Phase.BLUE:
            return self.blue_move(view, content, seat, options)
        if view.phase is Phase.RED:
            return self.red_move(view, content, seat, options)
        return BotChoice(first, f"{seat}: {first.describe(Namer(content, view))}")

    def roll(self, view: GameState, options: list[Intent]) -> BotChoice:
        first = options[0]
        if isinstance(first, RollDie):
            # The roll asked for is on the table for all to see (unless it is a private one).
            return BotChoice(
                first,
                f"{first.player} rolls for {view.roll_request.reason if view.roll_request else 'the die'}",
                public_reason=public_roll(view),
            )
        # Physical dice with no one at the table: stand in for the D10 with a seeded draw.
        index, _ = Rng(view.policy_seed, view.decisions).next_below(len(options))
        return BotChoice(options[index], f"{options[index].describe()} (a seeded stand-in for a real D10)")

    # --- inside a card -----------------------------------------------------------------------

    def in_card(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        run = view.run
        assert run is not None
        card = content.card(run.card)
        stage = run.stage
        if stage in ("commit", "respond"):
            return self.commit(view, content, seat, card, options)
        # (an appeal for emergency funding is not weighed: the White Cell's exception, ch. 3)
        candidates: list[Intent] = [o for o in options if not isinstance(o, (BuyBack, AppealForFunding))]
        if stage == "offer":
            pays = [o for o in candidates if isinstance(o, Pay)]
            top = max(p.rp for p in pays)
            keep = {0, 1, top // 2, top}
            offers = [p for p in pays if p.rp in keep]
            if seat == "US":
                room = view.player(seat).rp - self.bill_reserve(view, content)
                offers = [p for p in offers if p.rp <= max(0, room)] or [min(pays, key=lambda p: p.rp)]
            candidates = list(offers)
        scored = [(self.value(view, content, seat, o)[0], i, o) for i, o in enumerate(candidates)]
        best_value, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        now = self.utility(content, view, seat)
        title = names.card(content, card.id)
        words = {
            "choose": f"{seat} chooses {option_words(content, card, getattr(best, 'option', ''))} for {title}",
            "vote": f"{seat} votes {'yes' if getattr(best, 'yes', False) else 'no'} on {title}",
            "lead": f"{seat} {'seeks' if getattr(best, 'yes', False) else 'declines'} the lead on {title}",
            "offer": f"{seat} pays {getattr(best, 'rp', 0)} RP into {title}",
            "locate": f"{seat} acts in {names.place(content, getattr(best, 'location', ''))} ({title})",
        }
        text = words.get(stage, f"{seat}: {best.describe(Namer(content, view))}")
        return BotChoice(best, f"{text}: best of {len(candidates)} options {self.score_words(best_value - now)}")

    def score_words(self, gain: float) -> str:
        """How a choice inside a card was scored, for its reason (the coach words it for a person)."""
        return f"by the exact odds (utility {gain:+.3f})"

    def commit(self, view: GameState, content: Content, seat: str, card: Card, options: list[Intent]) -> BotChoice:
        return self.commit_step(view, content, seat, card, options)[1]

    def commit_step(
        self, view: GameState, content: Content, seat: str, card: Card, options: list[Intent]
    ) -> tuple[float, BotChoice]:
        """One step of a greedy ladder: commit the stack that helps most, or stop (with the
        utility that step is expected to lead to)."""
        run = view.run
        assert run is not None
        done = next((o for o in options if isinstance(o, DoneCommitting)), None)
        steps = self.commit_candidates([o for o in options if isinstance(o, CommitForces)])
        if done is not None and seat == "US":  # responses must not eat next turn's readiness bill
            steps = [o for o in steps if self.commit_keeps_bill(view, content, o)]
        candidates: list[Intent] = [done, *steps] if done is not None else list(steps)
        scored = [(o, *self.commit_value(view, content, seat, o)) for o in candidates]
        best_value = max(v for _, v, _, _ in scored)
        tied = [t for t in scored if t[1] >= best_value - TIE]
        # Ties go to the earliest candidate (stopping comes first), unless it counts on the
        # rest of the forces following: then to the biggest such step, so the same forces
        # go in with fewer steps (a ladder of single FFs doubled the time of a game).
        pick = tied[0]
        if pick[3]:
            # (only a commitment counts on the rest following: see ``commit_value``)
            pick = max((t for t in tied if t[3]), key=lambda t: t[0].ffs if isinstance(t[0], CommitForces) else 0)
        best, _, states, rest = pick
        where = names.place(content, forces.target_of(view, content, seat)) if card.contest else ""
        title = names.card(content, card.id)
        odds = self.step_odds(view, content, seat, best, states)
        if isinstance(best, DoneCommitting):
            sent = forces.committed_by(view, run, seat)
            verb = "stops at" if sent else "declines"
            if run.round > 1:  # an escalation round (ch. 8): stopping sends the contest to the die
                verb = "does not escalate; stays at" if sent else "declines"
            return best_value, BotChoice(
                best,
                f"{seat} {verb} {f'{sent} FF ' if sent else ''}on {title} in {where}: more forces would not pay ({odds})",
            )
        assert isinstance(best, CommitForces)  # the candidates are stopping and commitments
        stack = view.stack(best.stack)
        verb = "escalates with" if run.round > 1 and seat == run.actor else "commits"  # ch. 8 rounds
        return best_value, BotChoice(
            best,
            f"{seat} {verb} {names.forces(best.ffs, stack.mod)} from {names.place(content, stack.location)} "
            f"to {title} in {where}"
            f"{', the rest of its forces on hand to follow' if rest else ''}: {odds}",
        )

    def step_odds(self, view: GameState, content: Content, seat: str, step: Intent, states: States) -> str:
        """The figures a commitment step's reason quotes: by the policy's own look-ahead
        (the coach quotes the worksheet's instead, ``coach.CoachExpert``)."""
        chance = gain_chance(states, view, seat)
        if isinstance(step, DoneCommitting):
            return f"chance of an IP gain {chance:.0%}"
        return f"chance of an IP gain {chance:.0%}, expected IP {self._exp_ip(states, seat, view):+.1f}"

    def commit_value(self, view: GameState, content: Content, seat: str, intent: Intent) -> tuple[float, States, bool]:
        """A step of the ladder judged by where it can lead: the better of stopping after it
        and following it with every force the seat has on hand at no cost. One stack alone
        may not shift the column that all of them together would, and a ladder that only
        asks "this stack, then stop" halts below it (measured: NATO's free-play actions
        against Russia then went in with 3 of its 5 FF and lost IP on average). The value,
        its end states, and whether it counts on the rest following."""
        if isinstance(intent, CommitForces):
            trace: dict[str, bool] = {}  # inside a card ``value`` is this very walk (``expert`` too)
            more_states = after(view, content, intent, seat, own_commits=True, trace=trace)
            more = self.expected(more_states, content, seat)
            if not trace:  # no force of its own followed: that walk was the stop reading
                return more, more_states, False
            value, states = self.value(view, content, seat, intent, own_commits=False)
            if more > value + TIE:
                return more, more_states, True
            return value, states, False
        return *self.value(view, content, seat, intent, own_commits=False), False

    def commit_keeps_bill(self, view: GameState, content: Content, intent: CommitForces) -> bool:
        """Whether the U.S. still covers next turn's readiness bill after this commitment."""
        cost = forces.commit_cost(view, content, "US", view.stack(intent.stack), intent.ffs)
        return view.player("US").rp - cost >= self.bill_reserve(view, content)

    def commit_candidates(self, commits: Sequence[CommitForces]) -> list[CommitForces]:
        """Per stack: all of it, half of it, one FF (enough to see the column shifts)."""
        sizes: dict[str, set[int]] = {}
        for c in commits:
            sizes.setdefault(c.stack, set()).add(c.ffs)
        keep = []
        for c in commits:
            have = sizes[c.stack]
            top = max(have)
            if c.ffs in (top, 1, max(1, top // 2)):
                keep.append(c)
        return keep

    # --- Red --------------------------------------------------------------------------------

    def signal(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        rp = view.player(seat).rp + view.player(seat).per_turn_rp  # the allocation comes before the next signal
        deck = [c for c in content.deck(seat) if may_come_up(view, seat, c)]
        worth = self.signal_worth(view, content, seat, deck)
        affordable = [c for c in deck if c.cost <= rp]
        ranked = sorted(affordable or deck, key=lambda c: -worth[c.id])
        actions = [c for c in ranked if is_action(c)] or [c for c in content.deck(seat) if is_action(c)]
        investments = [c for c in ranked if c.kind is CardKind.INVESTMENT] or [
            c for c in content.deck(seat) if c.kind is CardKind.INVESTMENT
        ]
        picked = [actions[0], investments[0]]
        # Keyed by turn and seat, not by the decisions so far: another seat's choices do
        # not change whether this seat bluffs (see ``dice``).
        draw, _ = Rng(view.policy_seed ^ 0x5EED).keyed_below(10, view.turn, f"bluff/{seat}")
        bluff = None
        if draw < BLUFF_CHANCE:
            loud = sorted((c for c in content.deck(seat) if is_action(c) and c not in picked), key=lambda c: -threat(c))
            bluff = loud[0] if loud else None
        third = bluff or next((c for c in ranked if c not in picked), None)
        if third is None:
            third = next(c for c in content.deck(seat) if c not in picked)
        picked.append(third)
        wanted = {c.id for c in picked}
        choice: Intent | None = next(
            (o for o in options if isinstance(o, SignalCards) and set(o.cards) == wanted and not o.activate), None
        )
        if choice is None:  # activation markers: mark the cards it means to play
            marked = {actions[0].id, investments[0].id}
            choice = next(
                (
                    o
                    for o in options
                    if isinstance(o, SignalCards) and set(o.cards) == wanted and set(o.activate) == marked
                ),
                options[0],
            )
        plan = "plans to play the first two"
        extra = "; the third is a bluff" if bluff else "; the third in reserve"
        return BotChoice(
            choice, f"{seat} signals {', '.join(names.card(content, c.id) for c in picked)}: {plan}{extra}"
        )

    def signal_worth(self, view: GameState, content: Content, seat: str, deck: list[Card]) -> dict[str, float]:
        """How much each card is worth signaling (basic: read from the card itself)."""
        return {c.id: card_worth(content, view, seat, c) for c in deck}

    def red_move(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        end = next((o for o in options if isinstance(o, EndPhase)), None)
        now = self.utility(content, view, seat)
        best = self.best_card(
            view, content, seat, [o for o in options if isinstance(o, (PlayCard, Modernize, Procure))]
        )
        if best is not None:
            gain, intent, states, card = best
            price = card_cost(view, content, seat, card)
            if gain - now > self.threshold(view, seat, price, content) or end is None:
                return BotChoice(intent, self._play_reason(view, content, seat, card, states, "plays"))
        if end is None:
            return BotChoice(
                options[0], f"{seat}: {options[0].describe(Namer(content, view))} (bound by its activation markers)"
            )
        if best is not None:
            return BotChoice(end, self._play_reason(view, content, seat, best[3], best[2], "holds"))
        # Says no more than the public decision itself (ending the phase with cards signalled).
        return BotChoice(end, f"{seat} ends its Red phase: nothing signaled is worth playing now", public_reason=True)

    def _play_reason(self, view: GameState, content: Content, seat: str, card: Card, states: States, verb: str) -> str:
        chance = gain_chance(states, view, seat)
        if card.contest is not None and card.aor:
            blue_there = ", ".join(
                f"the {'U.S.' if p == 'US' else p} has {forces_in(view, content, p, card.aor)} FFs"
                for p in card.contest.responders
                if p != seat
            )
            return (
                f"{seat} {verb} {names.card(content, card.id)}: {blue_there or 'no one answers'} in "
                f"{names.aor(content, card.aor)}; {seat} gain {chance:.0%}"
            )
        return f"{seat} {verb} {names.card(content, card.id)}: chance of an IP gain {chance:.0%}, cost {card_cost(view, content, seat, card)} RP"

    def best_card(
        self, view: GameState, content: Content, seat: str, plays: Sequence[CardIntent]
    ) -> tuple[float, CardIntent, States, Card] | None:
        """The card play worth most by the exact odds: (utility, intent, states, card), or None."""
        if not plays:
            return None
        chosen: dict[str, CardIntent] = {}
        for intent in plays:
            card = content.card(intent.card)
            if isinstance(intent, (Modernize, Procure)):
                current = chosen.get(card.id)  # the same card: a buy of forces too
                if not isinstance(current, (Modernize, Procure)) or self.cf_per_rp(
                    view, content, seat, intent
                ) > self.cf_per_rp(view, content, seat, current):
                    chosen[card.id] = intent
            elif isinstance(intent, PlayCard) and card.max_units:
                played = chosen.get(card.id)  # a card played in units: every play of it is a PlayCard
                if not isinstance(played, PlayCard) or intent.units > played.units:
                    chosen[card.id] = intent
            else:
                chosen[card.id] = intent
        # Modernize against procure: keep only the better buy of forces per RP.
        buys = [i for i in chosen.values() if isinstance(i, (Modernize, Procure))]
        if len(buys) > 1:
            keep = max(buys, key=lambda i: self.cf_per_rp(view, content, seat, i))
            for i in buys:
                if i is not keep:
                    chosen.pop(i.card)
        best: tuple[float, CardIntent, States, Card] | None = None
        for intent in chosen.values():
            v, states = self.value(view, content, seat, intent)
            if best is None or v > best[0]:
                best = (v, intent, states, content.card(intent.card))
        return best

    def cf_per_rp(self, view: GameState, content: Content, seat: str, intent: Modernize | Procure) -> float:
        us = seat == "US"
        card = content.card(intent.card)
        if isinstance(intent, Modernize):
            gain = 0
            for pick in intent.picks:  # several stacks, priced as one group of FFs (ch. 13)
                stack = view.stack(pick.stack)
                gain += theater_cf(content, pick.ffs, stack.mod + card.levels, us) - theater_cf(
                    content, pick.ffs, stack.mod, us
                )
            price = modernization_price(view, content, seat, sum(p.ffs for p in intent.picks), card.levels)
        else:
            gain = sum(theater_cf(content, line.ffs, line.mod, us) for line in intent.lines)
            price = procurement_total(view, content, seat, intent.lines)[1]
            if us:
                price += sum(line.ffs for line in intent.lines)  # each new U.S. FF adds about 1 RP a turn to the bill
        return gain / max(1, price + card_cost(view, content, seat, card))

    # --- Blue -------------------------------------------------------------------------------

    def blue_move(self, view: GameState, content: Content, seat: str, options: list[Intent]) -> BotChoice:
        # While the Blue investments go on, "done" means done investing (the actions follow).
        end = next((o for o in options if isinstance(o, EndInvestments)), None) or next(
            o for o in options if isinstance(o, EndPhase)
        )
        if seat == "US":
            step = self.readiness_step(view, content, options) or self.presence_step(view, content, options)
            if step is not None:
                return step
        now = self.utility(content, view, seat)
        played_action = any(content.card(c).kind is CardKind.ACTION for c in view.played.get(seat, ()))
        investments = [
            o
            for o in options
            if isinstance(o, (PlayCard, Modernize, Procure)) and content.card(o.card).kind is CardKind.INVESTMENT
        ]
        actions = [o for o in options if isinstance(o, PlayCard) and content.card(o.card).kind is CardKind.ACTION]
        for group, label in ((investments if not played_action else [], "invests"), (actions, "acts")):
            best = self.best_card(view, content, seat, group)
            if best is None:
                continue
            value, intent, states, card = best
            price = card_cost(view, content, seat, card)
            if value - now > self.threshold(view, seat, price, content):
                if isinstance(intent, (Modernize, Procure)):
                    return BotChoice(
                        intent,
                        f"{intent.describe(Namer(content, view))}: "
                        f"{self.cf_per_rp(view, content, seat, intent):.2f} CF per RP, the better buy",
                    )
                return BotChoice(intent, self._play_reason(view, content, seat, card, states, label + " with"))
        proposal = self.proposal_step(view, content, seat, options, now)
        if proposal is not None:
            return proposal
        rp = view.player(seat).rp
        if isinstance(end, EndInvestments):
            return BotChoice(end, f"{seat} has no more investments worth making (keeping {rp} RP): on to the actions")
        return BotChoice(end, f"{seat} ends its Blue phase keeping {rp} RP (reserve {RESERVE.get(seat, 0)})")

    def proposal_step(
        self, view: GameState, content: Content, seat: str, options: list[Intent], now: float
    ) -> BotChoice | None:
        """A free-play proposal, if the odds favour it: each place is tried as the White
        Cell would rule on it (its stated rule reads only the public board), then played
        out on every face of the die. At most ``PROPOSALS`` places, where the seat has
        the most forces, each with every kind of operation the list offers there (a show
        of force, a combat operation where Red forces are: the kind names the table)."""
        proposals = [o for o in options if isinstance(o, ProposeAction)]
        if not proposals:
            return None
        here = {o.location: sum(s.ffs for s in view.stacks_of(seat) if s.location == o.location) for o in proposals}
        proposals.sort(key=lambda o: -here[o.location])
        best: tuple[float, ProposeAction, States] | None = None
        places = list(dict.fromkeys(o.location for o in proposals))[:PROPOSALS]
        for o in (o for o in proposals if o.location in places):
            states = after_proposal(view, content, o, seat)
            value = self.expected(states, content, seat)
            if best is None or value > best[0]:
                best = (value, o, states)
        assert best is not None  # proposals is not empty
        value, o, states = best
        threshold = self.threshold(view, seat, 0, content)
        if seat == "US" and any(s.player(seat).rp < self.bill_reserve(s, content) for _, s in states):
            return None  # the action's costs would eat next turn's readiness bill
        if value - now <= threshold:
            return None
        chance = gain_chance(states, view, seat)
        kind = o.kind.replace("-", " ") or "free-play action"
        return BotChoice(
            o,
            f"{seat} proposes a {kind} in {names.place(content, o.location)}: as the White Cell rules such actions, "
            f"chance of an IP gain {chance:.0%}, expected IP {self._exp_ip(states, seat, view):+.1f}",
        )


def option_words(content: Content, card: Card, option_id: str) -> str:
    """A card option by its words on the card, else (an AOR offered as the option) by name."""
    for option in card.choice.options if card.choice is not None else ():
        if option.id == option_id:
            return option.label
    return names.place(content, option_id)
