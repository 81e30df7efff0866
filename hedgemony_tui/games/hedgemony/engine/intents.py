"""Intents: the decisions of players and of the White Cell, as frozen attrs classes.

``legal_intents(state)`` lists the ones allowed for the pending decision, and
``reduce(state, intent)`` applies one. Each class has a ``TAG`` (its name in saves
and JSON) and a ``describe()`` for menus and the journal; given a ``Namer``
(``names.Namer``), ``describe(names)`` says places, stacks and cards by name.
"""

from __future__ import annotations

from typing import ClassVar, Union, get_args

import attrs

from .intent_names import IDS, Namer
from .white_cell_intents import (
    BuildBase,
    ImposePenalty,
    ImposePin,
    ImposeReset,
    ProxyDevelopment,
    ProxyEmployment,
    ProxyParticipation,
    SetPace,
    SetRedOrder,
)


@attrs.frozen
class SignalCards:
    """A Red player lays three cards face up (at least one action, one investment)."""

    TAG: ClassVar[str] = "signal"
    player: str
    cards: tuple[str, ...]
    # With the optional activation markers: the signaled cards marked "Yes" (face down).
    activate: tuple[str, ...] = ()

    def describe(self, names: Namer = IDS) -> str:
        marked = f" (activating {', '.join(self.activate) or 'none'})" if self.activate else ""
        return f"{self.player} signals {', '.join(names.card(c) for c in self.cards)}{marked}"


@attrs.frozen
class PayReadiness:
    """The U.S. pays this turn's readiness bill (first thing in the Blue phase)."""

    TAG: ClassVar[str] = "pay-readiness"
    player: str = "US"

    def describe(self, names: Namer = IDS) -> str:
        return "U.S. pays the readiness bill"


@attrs.frozen
class GrantEmergencyFunding:
    """White Cell ruling: RPs for a player who cannot cover a required payment."""

    TAG: ClassVar[str] = "emergency-funding"
    player: str
    amount: int

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell grants {self.player} {self.amount} RP of emergency funding"


@attrs.frozen
class AppealForFunding:
    """The U.S., short of RPs to answer a Red action or an event, asks the White Cell
    for ``amount`` RP of emergency funding (ch. 3 and 14)."""

    TAG: ClassVar[str] = "appeal"
    player: str
    amount: int

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} appeals to the White Cell for {self.amount} RP of emergency funding"


@attrs.frozen
class RefuseFunding:
    """The White Cell turns an appeal for emergency funding down."""

    TAG: ClassVar[str] = "refuse-funding"
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return "White Cell refuses emergency funding"


@attrs.frozen
class RollForFunding:
    """The White Cell lets a D10 decide whether, and how much, to grant an appeal."""

    TAG: ClassVar[str] = "roll-funding"
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return "White Cell lets a die decide the emergency funding"


@attrs.frozen
class PlayCard:
    """Play a card from hand (investment, action) that needs no further choice up front."""

    TAG: ClassVar[str] = "play"
    player: str
    card: str
    units: int = 0  # per-unit cards (e.g. RU-18: areas supported)

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} plays {names.card(self.card)}" + (f" ({self.units} units)" if self.units else "")


@attrs.frozen
class ModernizePick:
    """Some FFs of one stack chosen for a modernization (``Modernize.more``)."""

    stack: str
    ffs: int


@attrs.frozen
class Modernize:
    """Play a Modernize card on ``ffs`` FFs of one stack, and on the FFs of other stacks
    in ``more`` (ch. 13: the player names which FFs on the board, up to the card's
    percentage; all are priced as one group)."""

    TAG: ClassVar[str] = "modernize"
    player: str
    card: str
    stack: str
    ffs: int
    more: tuple[ModernizePick, ...] = ()

    @property
    def picks(self) -> tuple[ModernizePick, ...]:
        """Every stack chosen, the first one included."""
        return (ModernizePick(self.stack, self.ffs),) + self.more

    def describe(self, names: Namer = IDS) -> str:
        chosen = " + ".join(f"{p.ffs} FF of {names.stack(p.stack)}" for p in self.picks)
        return f"{self.player} modernizes {chosen} ({names.card(self.card)})"


@attrs.frozen
class ProcureLine:
    """Some new FFs at one Mod Level (``Procure.more``)."""

    ffs: int
    mod: int


@attrs.frozen
class Procure:
    """Play a Procure card: ``ffs`` new FFs at Mod Level ``mod`` at the player's home, and
    the lines of ``more`` at other Mod Levels (ch. 13: any number of FFs at any Mod
    Level up to the National Tech Level)."""

    TAG: ClassVar[str] = "procure"
    player: str
    card: str
    ffs: int
    mod: int
    more: tuple[ProcureLine, ...] = ()

    @property
    def lines(self) -> tuple[ProcureLine, ...]:
        """Every Mod Level bought, the first one included."""
        return (ProcureLine(self.ffs, self.mod),) + self.more

    def describe(self, names: Namer = IDS) -> str:
        if names is IDS:
            bought = " + ".join(f"{x.ffs}xM{x.mod}" for x in self.lines)
        else:
            bought = " + ".join(f"{x.ffs} FF M{x.mod}" for x in self.lines)
        return f"{self.player} procures {bought} ({names.card(self.card)})"


@attrs.frozen
class Deploy:
    """Move ``ffs`` FFs of a stack to a location (chapter 9 costs apply)."""

    TAG: ClassVar[str] = "deploy"
    player: str
    stack: str
    ffs: int
    to: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} moves {self.ffs} FF of {names.stack(self.stack)} to {names.place(self.to)}"


@attrs.frozen
class BuyBack:
    """The U.S. raises the readiness of ``ffs`` FFs of a stack (Figure 14.3); 0 = the
    whole stack. Fewer than all split the stack (tiered readiness, ch. 14)."""

    TAG: ClassVar[str] = "buy-back"
    player: str
    stack: str
    to: int
    ffs: int = 0

    def describe(self, names: Namer = IDS) -> str:
        what = f"{self.ffs} FF of {names.stack(self.stack)}" if self.ffs else names.stack(self.stack)
        return f"{self.player} buys {what} back to {self.to}% readiness"


@attrs.frozen
class SetReadiness:
    """The U.S. lowers the readiness of ``ffs`` FFs of a stack (0 = all of it; fewer
    split it); the saving shows on next turn's bill."""

    TAG: ClassVar[str] = "set-readiness"
    player: str
    stack: str
    to: int
    ffs: int = 0

    def describe(self, names: Namer = IDS) -> str:
        what = f"{self.ffs} FF of {names.stack(self.stack)}" if self.ffs else names.stack(self.stack)
        return f"{self.player} lowers {what} to {self.to}% readiness"


@attrs.frozen
class Retire:
    """The U.S. retires FFs that began the turn in CONUS."""

    TAG: ClassVar[str] = "retire"
    player: str
    stack: str
    ffs: int

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} retires {self.ffs} FF of {names.stack(self.stack)}"


@attrs.frozen
class ChooseLocation:
    """The initiator of a contest card names where it happens."""

    TAG: ClassVar[str] = "choose-location"
    player: str
    location: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} acts in {names.place(self.location)}"


@attrs.frozen
class CommitForces:
    """Commit FFs of one stack to the contest under way."""

    TAG: ClassVar[str] = "commit"
    player: str
    stack: str
    ffs: int

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} commits {self.ffs} FF of {names.stack(self.stack)}"


@attrs.frozen
class DoneCommitting:
    """Stop committing forces (with none committed, a responder declines)."""

    TAG: ClassVar[str] = "done"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} is done"


@attrs.frozen
class RollDie:
    """Roll the pending die with the game's own dice."""

    TAG: ClassVar[str] = "roll"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} rolls the die"


@attrs.frozen
class EnterRoll:
    """Physical dice: the White Cell types the face a real D10 showed."""

    TAG: ClassVar[str] = "enter-roll"
    face: int

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell enters a rolled {self.face}"


@attrs.frozen
class EndPhase:
    """A player finishes its part of the current phase."""

    TAG: ClassVar[str] = "end"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} is finished for this phase"


@attrs.frozen
class EndInvestments:
    """A Blue player has made all its investments this turn; its actions come once every
    Blue player has (ch. 3: all Blue investments before any Blue action)."""

    TAG: ClassVar[str] = "end-investments"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} has made its investments"


@attrs.frozen
class HandOver:
    """A Blue player lets another Blue player go next (ch. 3: the U.S. and NATO/EU play
    in whatever order they choose)."""

    TAG: ClassVar[str] = "hand-over"
    player: str
    to: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} lets {self.to} go next"


@attrs.frozen
class Continue:
    """The White Cell closes the State-of-the-World Summary and starts the next turn."""

    TAG: ClassVar[str] = "continue"

    def describe(self, names: Namer = IDS) -> str:
        return "White Cell closes the turn"


@attrs.frozen
class InjectEvent:
    """The White Cell injects an event card (any time in the first three phases)."""

    TAG: ClassVar[str] = "inject"
    card: str
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return f"White Cell injects {names.card(self.card)}"


@attrs.frozen
class Choose:
    """A player (or the White Cell, ruling) picks one of a card's options."""

    TAG: ClassVar[str] = "choose"
    player: str
    option: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} chooses {self.option}"


@attrs.frozen
class Vote:
    """A yes or no on a card that needs agreement (seen by others only when all voted)."""

    TAG: ClassVar[str] = "vote"
    player: str
    yes: bool

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} votes {'yes' if self.yes else 'no'}"


@attrs.frozen
class SeekLead:
    """A player says whether it wants to lead the response (a roll-off decides ties)."""

    TAG: ClassVar[str] = "seek-lead"
    player: str
    yes: bool

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} {'wants' if self.yes else 'does not want'} to lead the response"


@attrs.frozen
class Pay:
    """A player pays RPs into a card's offer (0 = declines)."""

    TAG: ClassVar[str] = "pay"
    player: str
    rp: int

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} pays {self.rp} RP" if self.rp else f"{self.player} declines the offer"


@attrs.frozen
class ProposeAction:
    """A Blue player describes a free-play action for the White Cell to rule on (ch. 3, 7):
    the kind of operation it intends (``rulings.KINDS``: combat, show of force, presence,
    exercise, gray zone, partnership or aid) and, in ``title``, its own words. ``kind``
    defaults to "" only so that intents saved before it existed still load."""

    TAG: ClassVar[str] = "propose"
    player: str
    location: str
    title: str
    kind: str = ""

    def describe(self, names: Namer = IDS) -> str:
        kind = f"{self.kind.replace('-', ' ')}: " if self.kind else ""
        return f"{self.player} proposes: {kind}{self.title} ({names.place(self.location)})"


@attrs.frozen
class RulingRow:
    """One row of a ruled outcome table: ``key`` an outcome id of CRT A / RT B
    (``red-major`` .. ``blue-major``) or a band ``"lo-hi"`` of a plain D10, and the IPs
    it gives the proposing Blue player and the opponent."""

    key: str
    blue_ip: int = 0
    opponent_ip: int = 0


@attrs.frozen
class RuleAction:
    """The White Cell's ruling on a Blue proposal: the table, who may answer with forces,
    the Critical Capabilities each side may use, the cost and the outcome rows."""

    TAG: ClassVar[str] = "rule"
    table: str  # "crt-a", "rt-b" or "d10"
    opponent: str = ""  # the Red player who may respond (tables); "" for a plain roll
    cost: int = 0
    blue_capabilities: tuple[str, ...] = ()
    red_capabilities: tuple[str, ...] = ()
    rows: tuple[RulingRow, ...] = ()
    unopposed_ip: int = 0  # to the opponent if it sends no forces
    title: str = ""  # the ruling's short name, e.g. "show of force on RT B"
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        against = f" against {self.opponent}" if self.opponent else ""
        name = f"{self.title}: " if self.title else ""
        return f"White Cell rules {name}{self.table.upper()}{against}, cost {self.cost} RP"


@attrs.frozen
class RefuseAction:
    """The White Cell turns a Blue proposal down (nothing is paid)."""

    TAG: ClassVar[str] = "refuse"
    reason: str = ""
    player: str = "WHITE"

    def describe(self, names: Namer = IDS) -> str:
        return "White Cell refuses the proposal" + (f": {self.reason}" if self.reason else "")


@attrs.frozen
class AcceptRuling:
    """The proposer accepts the White Cell's ruling on its free-play action: the cost is
    paid and the action is played as a card (rules/hedgemony/README.md X9)."""

    TAG: ClassVar[str] = "accept-ruling"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} accepts the ruling and pays its cost"


@attrs.frozen
class WithdrawProposal:
    """The proposer, having seen the ruling, withdraws its free-play action: nothing is
    paid and the proposal ends (the place stays proposed this turn)."""

    TAG: ClassVar[str] = "withdraw"
    player: str

    def describe(self, names: Namer = IDS) -> str:
        return f"{self.player} withdraws its proposal (nothing paid)"


Intent = Union[
    SignalCards,
    PayReadiness,
    GrantEmergencyFunding,
    PlayCard,
    Modernize,
    Procure,
    Deploy,
    BuyBack,
    SetReadiness,
    Retire,
    ChooseLocation,
    CommitForces,
    DoneCommitting,
    RollDie,
    EnterRoll,
    EndPhase,
    Continue,
    InjectEvent,
    Choose,
    Vote,
    SeekLead,
    Pay,
    ProposeAction,
    RuleAction,
    RefuseAction,
    AcceptRuling,
    WithdrawProposal,
    AppealForFunding,
    RefuseFunding,
    RollForFunding,
    EndInvestments,
    HandOver,
    SetRedOrder,
    ImposePin,
    ImposeReset,
    ImposePenalty,
    BuildBase,
    ProxyParticipation,
    ProxyDevelopment,
    ProxyEmployment,
    SetPace,
]
INTENT_TYPES: tuple[type, ...] = get_args(Intent)


def seat_of(intent: Intent) -> str:
    """The seat that takes this decision (emergency funding names the player it funds,
    but the White Cell grants it)."""
    if isinstance(intent, GrantEmergencyFunding):
        return "WHITE"
    return getattr(intent, "player", "WHITE")
