"""The White Cell's discretionary interventions, as intents (rules/hedgemony/README.md, X11).

The book leaves much to the White Cell beyond the cards: it directs the Red order
(ch. 3), pins or resets forces and imposes penalties after an interaction (ch. 11),
rules on a U.S. base (ch. 9), runs the proxy procedure (ch. 15) and may ease the pace
of Red play (ch. 3's optional rule). Each is one intent here, taken by the White Cell
at any point where no die is pending. They are *open* intents
(``HedgemonyRules.open_intent_types``): ``legal_intents`` does not list them (their
values cannot all be listed, and a menu of every pin or penalty would swamp every
decision); ``reduce`` accepts one when ``discretion.problems`` finds nothing wrong.
Each class has a ``TAG`` and ``describe()``, like every intent; they belong to the
``Intent`` union of ``intents.py`` and are saved in journals.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .intent_names import IDS, Namer


@attrs.frozen
class SetRedOrder:
    """The White Cell directs the order of the Red players for the rest of this turn
    (ch. 3: the directed sequence); players who already acted keep their place."""

    TAG: ClassVar[str] = "set-red-order"
    order: tuple[str, ...]
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell sets this turn's Red order: {', '.join(self.order)}"


@attrs.frozen
class ImposePin:
    """The White Cell pins a stack where it stands for ``turns`` turns, this one included
    (ch. 11: "Pinned" markers of one or two turns, or until lifted: ``UNTIL_LIFTED``);
    ``turns = 0`` lifts a pin."""

    TAG: ClassVar[str] = "impose-pin"
    stack: str
    turns: int
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        if not self.turns:
            return f"White Cell lifts the pin on {names.stack(self.stack)}"
        return f"White Cell pins {names.stack(self.stack)} for {self.turns} turn{'s' if self.turns > 1 else ''}"


@attrs.frozen
class ImposeReset:
    """The White Cell sends ``ffs`` FFs of a stack to their home base, out of play for
    ``turns`` more turns (ch. 11: a turn penalty outside a card's reset rules)."""

    TAG: ClassVar[str] = "impose-reset"
    stack: str
    ffs: int
    turns: int = 1
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell resets {self.ffs} FF of {names.stack(self.stack)} for {self.turns} more turn{'s' if self.turns > 1 else ''}"


@attrs.frozen
class ImposePenalty:
    """The White Cell takes IPs and/or RPs from ``target`` (ch. 11: "an additional
    cost"; ch. 7: the White Cell keeps the game on track). Both amounts are 0 or less."""

    TAG: ClassVar[str] = "impose-penalty"
    target: str
    ip: int = 0
    rp: int = 0
    reason: str = ""
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        parts = [f"{self.ip:+d} IP"] if self.ip else []
        parts += [f"{self.rp:+d} RP"] if self.rp else []
        why = f" ({self.reason})" if self.reason else ""
        return f"White Cell penalizes {self.target}: {', '.join(parts) or 'nothing'}{why}"


@attrs.frozen
class BuildBase:
    """The White Cell's ruling on a U.S. proposal to build a base (ch. 9): its cost, the
    share of the AOR's OCONUS readiness sustainment it saves, and the reliability of the
    host (``certain``: no roll; else a roll on the Proxy Forces Reliability mat)."""

    TAG: ClassVar[str] = "build-base"
    cost: int
    percent: int
    reliability: str = "certain"
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        odds = "" if self.reliability == "certain" else f", {self.reliability} reliability"
        return f"White Cell rules a U.S. base: {self.cost} RP, {self.percent}% off its AOR's OCONUS readiness{odds}"


@attrs.frozen
class ProxyParticipation:
    """Proxy step 1 (ch. 15): will ``proxy`` support ``sponsor``? A roll on the Proxy
    Forces Reliability mat; on success it becomes a partner at ``location`` with ``ffs``
    FFs at ``mod`` (the White Cell's assessment of what it has)."""

    TAG: ClassVar[str] = "proxy-participation"
    sponsor: str
    proxy: str
    location: str
    reliability: str
    ffs: int = 0
    mod: int = 1
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return (
            f"White Cell asks whether {self.proxy} will support {self.sponsor} at {names.place(self.location)} "
            f"({self.reliability} reliability)"
        )


@attrs.frozen
class ProxyDevelopment:
    """Proxy step 2 (ch. 15): the sponsor pays ``share`` percent of the mat price (rounded
    up) for ``ffs`` new FFs at ``mod`` (procurement) or to raise ``ffs`` of the partner's
    FFs at ``mod`` by ``levels`` (modernization); then a roll: a failure delivers one FF
    or one Mod Level fewer. Delivered forces serve from the next turn."""

    TAG: ClassVar[str] = "proxy-development"
    proxy: str
    reliability: str
    ffs: int
    mod: int
    levels: int = 0
    share: int = 100
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        what = f"{self.ffs} FF M{self.mod} +{self.levels}" if self.levels else f"{self.ffs}xM{self.mod}"
        return f"White Cell: {self.proxy} develops {what}, sponsor pays {self.share}% ({self.reliability} reliability)"


@attrs.frozen
class ProxyEmployment:
    """Proxy step 3 (ch. 15): does ``proxy`` employ its forces in the card in play as its
    sponsor intends? On success its ready FFs count on the sponsor's side of the card."""

    TAG: ClassVar[str] = "proxy-employment"
    proxy: str
    reliability: str
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell asks whether {self.proxy} fights as intended ({self.reliability} reliability)"


@attrs.frozen
class SetPace:
    """The optional pace rule (ch. 3): each Red card after the first ``after`` of a turn
    costs ``extra_cost`` RP more (the default is 1 RP after the first card; 0 removes it)."""

    TAG: ClassVar[str] = "set-pace"
    extra_cost: int
    after: int = 1
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        if not self.extra_cost:
            return "White Cell sets the pace: no extra cost for further Red cards"
        return f"White Cell sets the pace: +{self.extra_cost} RP for each Red card after the first {self.after}"


WHITE_CELL_INTENTS = (
    SetRedOrder,
    ImposePin,
    ImposeReset,
    ImposePenalty,
    BuildBase,
    ProxyParticipation,
    ProxyDevelopment,
    ProxyEmployment,
    SetPace,
)
"""The White Cell's discretionary intents (open: accepted when their checks pass)."""
