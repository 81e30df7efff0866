"""The U.S. readiness and presence posture of the ``basic`` policy (ch. 14 tiered readiness).

:class:`BluePosture` sets readiness by posture (forces facing a signaled Red action at
100%, other forward forces at ``QUIET_READINESS``, the CONUS reserve at ``CONUS_READINESS``
but for a ready slice of ``CONUS_READY_SLICE`` FFs), buys readiness back when the next
turn's bill allows, and posts a deterrent from CONUS to each AOR where Red signals actions.
"""

from __future__ import annotations

from ..engine import names
from ..engine.content import Content
from ..engine.intents import BuyBack, Deploy, Intent, SetReadiness
from ..engine.phases import blue
from ..engine.state import CONUS_LOCATION, GameState
from .cardsense import is_action, threat
from .choice import BotChoice
from .weighing import Weighing

CONUS_READINESS = 50
CONUS_READY_SLICE = 2
"""FFs of the CONUS reserve the U.S. keeps at 100% (tiered readiness, ch. 14): about 1 RP
more a turn than all at 50%, against 6 RP to buy two back in the middle of a fight."""
QUIET_READINESS = 80
"""U.S. readiness by posture: the bill (Fig. 14.4) eats most of the 30 RP a turn, and
forces at home or in a quiet AOR need not be ready to fight today."""


def forces_in(state: GameState, content: Content, player: str, aor: str) -> int:
    board = content.scenario.board
    return sum(s.ffs for s in state.stacks_of(player) if s.ffs and board.aor_of(s.location) == aor)


def calm_words(view: GameState, content: Content, aor: str) -> str:
    """Why a forward stack may stand down, true of the seat's view: no Red player
    signalled an action there this turn, whatever Red forces stand there (named, so the
    reason never calls a command with enemy forces in it "quiet")."""
    red = [
        f"{player.id} {forces_in(view, content, player.id, aor)} FF"
        for player in content.scenario.players
        if player.side == "red" and forces_in(view, content, player.id, aor)
    ]
    there = f" (Red forces there: {', '.join(red)})" if red else ""
    return f"forward in {names.aor(content, aor)}, where no Red action is signalled this turn{there}"


class BluePosture(Weighing):
    """The U.S. posture steps of the ``basic`` policy: readiness by threat, and presence."""

    buys_readiness_ahead: bool
    """Whether the U.S. buys readiness back in the Blue phase (set by each policy)."""

    def threatened(self, view: GameState, content: Content) -> dict[str, int]:
        """AORs where Red has signaled action cards this turn, by how loud the signals are."""
        loud: dict[str, int] = {}
        for _player, cards in view.signals.items():
            for card_id in cards:
                card = content.card(card_id)
                if is_action(card) and card.contest is not None and card.aor and card.aor != "GLOBAL":
                    loud[card.aor] = loud.get(card.aor, 0) + max(1, threat(card))
        return loud

    def readiness_step(self, view: GameState, content: Content, options: list[Intent]) -> BotChoice | None:
        step = self.conus_tiers(view, content, options)
        if step is not None:
            return step
        loud = self.threatened(view, content)
        board = content.scenario.board
        for stack in view.stacks_of("US"):
            if stack.ffs == 0 or stack.location == CONUS_LOCATION:
                continue  # the CONUS reserve is tiered in ``conus_tiers``
            aor = board.aor_of(stack.location)
            if aor in loud:
                target, why = 100, f"facing Red's signals in {names.aor(content, aor)}"
            else:
                target, why = QUIET_READINESS, calm_words(view, content, aor)
            if stack.readiness > target:
                lower = SetReadiness("US", stack.id, target)
                if lower in options:
                    return BotChoice(
                        lower,
                        f"U.S. sets {stack.ffs} FF in {names.place(content, stack.location)} "
                        f"to {target}% readiness: {why}",
                    )
            if stack.readiness < target and self.buys_readiness_ahead:
                buy = BuyBack("US", stack.id, target)
                if buy in options and self.affordable(view, content, buy):
                    return BotChoice(
                        buy,
                        f"U.S. buys {stack.ffs} FF in {names.place(content, stack.location)} back to {target}%: {why}",
                    )
        return None

    def conus_tiers(self, view: GameState, content: Content, options: list[Intent]) -> BotChoice | None:
        """Tiered readiness at home (ch. 14): the CONUS reserve at 50%, but for a ready
        slice of ``CONUS_READY_SLICE`` FFs kept above it, sent at once when Red moves.
        Lowers the FFs above the slice (the least ready first), or buys the slice back
        to 100% when fights have worn it down (if next turn's bill allows)."""
        home = [s for s in view.stacks_of("US") if s.location == CONUS_LOCATION and s.ffs]
        want = min(CONUS_READY_SLICE, sum(s.ffs for s in home))
        ready = sorted((s for s in home if s.readiness > CONUS_READINESS), key=lambda s: (s.readiness, -s.ffs))
        have = sum(s.ffs for s in ready)
        if have > want:
            stack = ready[0]
            lowers = [
                o
                for o in options
                if isinstance(o, SetReadiness)
                and o.stack == stack.id
                and o.to == CONUS_READINESS
                and (o.ffs or stack.ffs) <= have - want
            ]
            if not lowers:
                return None
            lower = max(lowers, key=lambda o: o.ffs or stack.ffs)  # the listed part nearest the excess
            n = lower.ffs or stack.ffs
            return BotChoice(
                lower,
                f"U.S. sets {n} FF in CONUS to {CONUS_READINESS}% readiness: the reserve, "
                f"with {want} FF kept ready (tiered readiness)",
            )
        if have < want and self.buys_readiness_ahead:
            low = [s for s in home if s.readiness == CONUS_READINESS]
            if not low:
                return None
            stack = max(low, key=lambda s: s.ffs)
            buys = [
                o
                for o in options
                if isinstance(o, BuyBack)
                and o.stack == stack.id
                and o.to == 100
                and (o.ffs or stack.ffs) <= want - have
            ]
            if not buys:
                return None
            buy = max(buys, key=lambda o: o.ffs or stack.ffs)
            if not self.affordable(view, content, buy):
                return None
            return BotChoice(
                buy, f"U.S. buys {buy.ffs or stack.ffs} FF in CONUS back to 100%: the reserve's ready slice ({want} FF)"
            )
        return None

    def presence_step(self, view: GameState, content: Content, options: list[Intent]) -> BotChoice | None:
        """Send a deterrent from CONUS to each AOR where Red signals actions, loudest first."""
        loud = self.threatened(view, content)
        board = content.scenario.board
        rp = view.player("US").rp
        deploys = [o for o in options if isinstance(o, Deploy)]
        for aor, noise in sorted(loud.items(), key=lambda kv: -kv[1]):
            have = forces_in(view, content, "US", aor)
            want = min(4, 1 + noise // 3)
            if have >= want:
                continue
            places = [loc.id for loc in board.locations_in(aor)]
            best = None
            for o in deploys:
                stack = view.stack(o.stack)
                if stack.location != CONUS_LOCATION or o.to not in places or o.ffs > want - have:
                    continue
                price = blue.move_cost(view, content, stack, o.ffs, o.to)
                if rp - price < self.bill_reserve(view, content):
                    continue
                key = (o.ffs, -price, places.index(o.to) * -1)
                if best is None or key > best[0]:
                    best = (key, o, price)
            if best is not None and self.affordable(view, content, best[1]):  # the bill grows with forces abroad
                _, o, price = best
                return BotChoice(
                    o,
                    f"U.S. posts {o.ffs} FF to {names.place(content, o.to)} for {price} RP: "
                    f"a deterrent in {names.aor(content, aor)}, "
                    f"where Red signals (U.S. there: {have} FFs)",
                )
        return None
