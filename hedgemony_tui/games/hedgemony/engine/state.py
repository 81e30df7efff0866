"""The game state: frozen attrs classes, changed only by ``reduce`` (see ``game.py``).

Everything a game needs to continue lives here — including the dice and the log — so
that a saved state resumes exactly. Static content (the scenario, the cards, the mats)
is not copied in: the state names its scenario and ``content.py`` supplies it.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from hedgemony_tui.table.dice import Rng, RollRecord

from .intents import RulingRow

WHITE = "WHITE"
"""The White Cell's seat."""

CONUS_LOCATION = "conus"
"""The board location of the continental United States (U.S. home, priced apart in ch. 9 and 14)."""


class Phase(StrEnum):
    """The five phases of a turn (chapter 3), and the end of the game."""

    SIGNALING = "red-signaling"
    BLUE = "blue-actions"
    RED = "red-actions"
    ALLOCATION = "allocation"
    SUMMARY = "summary"
    OVER = "game-over"

    @property
    def title(self) -> str:  # type: ignore[override]  # the phase's printed name, not str.title()
        return {
            "red-signaling": "Red Signaling",
            "blue-actions": "Blue Investments and Actions",
            "red-actions": "Red Investments and Actions",
            "allocation": "Annual Resources Allocation",
            "summary": "State-of-the-World Summary",
            "game-over": "Game over",
        }[self.value]


class Stage(StrEnum):
    """Where a card in play stands (``CardRun.stage``), in the order ``runs.py`` walks them.

    The values are those of the saves (a stage is written as its value)."""

    NONE = ""  # no stage yet: just played, or waiting in ``GameState.ongoing`` for its next turn
    PRIVACY = "privacy"
    CHOOSE = "choose"
    VOTE = "vote"
    LEAD = "lead"
    OFFER = "offer"
    TEST = "test"
    LOCATE = "locate"
    COMMIT = "commit"
    RESPOND = "respond"
    ROLL = "roll"


class RollPurpose(StrEnum):
    """What a die is rolled for (``RollRequest.purpose``): it names the code that reads the
    face. The ``run-`` ones belong to a card in play (``runs.py``), one per roll a card's
    stages ask for; the values are those of the saves."""

    PRIVACY = "privacy"  # an upgrade card: will its result be private?
    CARD = "card"  # a card's own bands (d10, tech and upgrade cards)
    RANDOM_EVENT = "random-event"  # the optional random-events check
    BUDGET = "budget"  # DoD budget variation (Table 3.1)
    RUN_PRIVACY = "run-privacy"
    RUN_LEAD = "run-lead"  # the roll-off to lead a response
    RUN_PROXY = "run-proxy"  # a proxy partner's reliability
    RUN_TEST = "run-test"  # a test whose result may open a response
    RUN_ROLL = "run-roll"  # the card's roll (its bands, or CRT A / RT B)
    EMERGENCY = "emergency"  # the White Cell's die on an appeal for emergency funding
    PROXY = "proxy"  # a White Cell ruling read on the proxy mat: a U.S. base, a proxy step (ch. 9, 15)


@attrs.frozen
class Settings:
    """Choices made when the game is created: length, dice, and the optional rules."""

    turns: int = 8
    physical_dice: bool = False
    red_extra_card_cost: int = 1
    # The optional pace rule (ch. 3): how many cards a Red player plays in a turn before
    # each further one costs ``red_extra_card_cost`` more (1: after the first, as default).
    red_extra_after: int = 1
    activation_markers: bool = False
    random_events: bool = False
    random_event_chance: int = 3
    random_red_order: bool = False
    red_order: tuple[str, ...] = ("RU", "PRC", "DPRK", "IR")


@attrs.frozen
class PlayerState:
    id: str
    side: str  # "blue" or "red"
    rp: int
    ip: int
    per_turn_rp: int
    tech_level: int
    capabilities: dict[str, int] = attrs.field(factory=dict)
    # What the other players know of the capabilities: a private upgrade shows here only
    # once it is revealed.
    shown_capabilities: dict[str, int] = attrs.field(factory=dict)


@attrs.frozen
class Stack:
    """Force Factors of one owner, Mod Level and Readiness Level, at one location.

    ``pinned_through`` and ``reset_through`` are the last turn the stack is pinned or
    reset (0 = not); ``arrived_turn`` is the turn it last came from another AOR (it
    counts as arriving from out of area on that turn); ``procured_turn`` blocks
    modernizing forces in the turn they were bought; ``ready_turn`` is the first turn
    newly procured Red forces may act.
    """

    id: str
    owner: str
    ffs: int
    mod: int
    location: str
    home: str
    readiness: int = 100
    pinned_through: int = 0
    reset_through: int = 0
    arrived_turn: int = 0
    procured_turn: int = 0
    ready_turn: int = 0
    moved_turn: int = 0  # posture moves: a stack moves once per turn (rule X8)
    bought_back_turn: int = 0  # CRT A reads bought-back forces on the reactive table

    def pinned(self, turn: int) -> bool:
        return self.pinned_through >= turn

    def reset(self, turn: int) -> bool:
        return self.reset_through >= turn

    def available(self, turn: int) -> bool:
        """May act or respond anywhere (pinned forces may still act where they are)."""
        return not self.reset(turn) and self.ready_turn <= turn


@attrs.frozen
class Effect:
    """A lasting consequence of a card: a modifier, a cost change or a restriction.

    ``kind`` is ``roll`` (add ``value`` to die rolls of cards in ``family``), ``cost``
    (add ``value`` RPs to playing them) or ``block`` (they may not be played). It holds
    from ``first_turn`` to ``last_turn`` inclusive; per the rulebook's multi-turn rule
    the first turn of an effect is the rest of the current one.
    """

    id: int
    player: str
    kind: str
    family: str
    value: int
    first_turn: int
    last_turn: int
    source: str
    private: bool = False
    uses: int = 0  # uses left (0 = no limit while it lasts)

    def active(self, turn: int) -> bool:
        return self.first_turn <= turn <= self.last_turn


@attrs.frozen
class Scheduled:
    """A delayed result at the start of ``turn``: ``target`` (``tech`` or a Critical
    Capability) rises by ``amount``, or ``ip``/``rp`` change by ``amount``."""

    turn: int
    player: str
    target: str
    amount: int
    source: str
    private: bool = False


@attrs.frozen
class Change:
    """One change to a player's RPs, IPs or total FFs, with the balance after it."""

    player: str
    what: str  # "rp", "ip" or "ff" (the player's total Force Factors)
    delta: int
    balance: int


@attrs.frozen
class Unseen:
    """A private result's change to a player's RPs or IPs (ch. 3: a private event's
    outcome stays between the affected player and the White Cell): seats other than
    ``seen_by`` (and the White Cell) see the balance without it. ``seq`` is the log line
    that made the change; ``source`` the card, so the change shows once its event is
    disclosed."""

    player: str
    what: str  # "rp" or "ip"
    delta: int
    seen_by: tuple[str, ...]
    seq: int
    source: str = ""


@attrs.frozen
class LogEntry:
    """One line of the journal. ``visible_to`` empty = public; otherwise those seats and
    the White Cell only."""

    seq: int
    turn: int
    phase: Phase
    actor: str
    kind: str
    text: str
    visible_to: tuple[str, ...] = ()
    roll: RollRecord | None = None
    changes: tuple[Change, ...] = ()

    def visible(self, seat: str) -> bool:
        return not self.visible_to or seat == WHITE or seat in self.visible_to


@attrs.frozen
class Commit:
    """FFs of one stack committed to a contest, and where they count from."""

    stack: str
    ffs: int
    source: str  # "theater", "adjacent" or "conus"
    arriving: bool = False  # arrived from out of area this turn (RT B counts half)
    # The place the FFs left to join the card ("" in saves from before it was kept): the
    # FFs one player sends from one place are one counter on RT B (ch. 12).
    origin: str = ""
    # Sent from CONUS on the U.S. player's own initiative in its phase: priced on the
    # proactive table and counted on the In-Theater CF table (ch. 9, 10).
    proactive: bool = False
    # The round of the contest the FFs went in (ch. 8 escalation: ``escalation.py``); 1 in
    # saves made before rounds were kept.
    round: int = 1


@attrs.frozen
class CardRun:
    """A card in play, between being played (or injected) and being resolved.

    ``stage`` walks privacy -> choose -> vote -> lead -> offer -> locate -> commit ->
    respond -> roll (each only when the card calls for it; ``test`` is the roll of a
    card whose result may open a response). ``queue`` holds the players still to decide
    in this stage. A repeating event waits in ``GameState.ongoing`` between turns.
    """

    card: str
    actor: str  # the card's player, or WHITE for an event
    stage: Stage
    location: str = ""
    red: tuple[Commit, ...] = ()
    blue: tuple[Commit, ...] = ()
    queue: tuple[str, ...] = ()  # still to decide in this stage
    choice: str = ""
    votes: dict[str, bool] = attrs.field(factory=dict)
    offer: int = 0  # index of the offer being made
    paid: dict[str, int] = attrs.field(factory=dict)  # RPs paid into offers, by player
    wants: tuple[str, ...] = ()  # lead candidates who want to respond
    lead_rolls: dict[str, int] = attrs.field(factory=dict)
    leader: str = ""
    units: int = 0
    private: bool = False
    tested: bool = False  # the test roll passed and opened the response
    started: int = 0  # the turn the card was first played
    resume_turn: int = 0  # a repeating card: the turn it is rolled again
    credited: tuple[str, ...] = ()  # players already given a commit-ip bonus for this card
    # The ``only_if_none`` offers held back until the other responders declined both money
    # and forces have been asked (EVT-POL-21: Russia answers only if neither Blue player did).
    late_offers: bool = False
    proxies: int = 0  # proxy attempts paid for and still to roll (offers with ``proxy``)
    allies: tuple[Ally, ...] = ()  # proxy forces employed on this card (ch. 15)
    appealed: tuple[str, ...] = ()  # players who appealed for emergency funding on this card
    round: int = 1  # the contest's round (ch. 8: the initiator may escalate, then the responders answer)


@attrs.frozen
class RollRequest:
    """A die that must be rolled before play goes on."""

    roller: str
    reason: str
    purpose: RollPurpose  # what the roll decides, read by the reducer that asked for it
    card: str = ""
    private: bool = False  # the outcome will be known only to the roller and the White Cell


@attrs.frozen
class Secret:
    """A private result: ``capability`` of ``player`` is hidden until ``reveal_turn``
    (or its first use in a contest)."""

    player: str
    capability: str
    reveal_turn: int
    source: str


@attrs.frozen
class Procurement:
    """Red forces bought this turn, placed at the end of the turn."""

    player: str
    ffs: int
    mod: int
    location: str


@attrs.frozen
class Appeal:
    """An appeal for emergency funding waiting for the White Cell (ch. 3, 14)."""

    player: str
    amount: int
    card: str


@attrs.frozen
class Base:
    """A U.S. base the White Cell ruled on a U.S. proposal (ch. 9), built in ``turn``:
    ``percent`` off the OCONUS readiness sustainment of U.S. forces in its AOR (from the
    next bill: a base is built in the Blue actions, after this turn's bill)."""

    location: str
    aor: str
    percent: int
    turn: int


@attrs.frozen
class ProxyForce:
    """FFs of one Mod Level a proxy partner holds; ``ready_turn`` the first turn they serve."""

    ffs: int
    mod: int
    ready_turn: int = 0


@attrs.frozen
class Proxy:
    """A proxy partner that agreed to support ``sponsor`` (ch. 15, step 1), with its forces
    (step 2); the White Cell assesses its reliability at each step."""

    name: str
    sponsor: str
    location: str
    forces: tuple[ProxyForce, ...] = ()


@attrs.frozen
class Awaiting:
    """A White Cell ruling waiting on its die (ch. 9, 15): the ``step`` (``base``, or the
    proxy steps ``participation``, ``development``, ``employment``), the reliability
    ``grade`` read on the Proxy Forces Reliability mat, and what it is about: the base,
    or the proxy (for a development, the forces ordered, raised ``levels`` Mod Levels if
    a modernization)."""

    step: str
    grade: str
    base: Base | None = None
    proxy: Proxy | None = None
    levels: int = 0


@attrs.frozen
class Ally:
    """Proxy FFs that came through for one side of the card in play (ch. 15, step 3)."""

    proxy: str
    side: str  # "blue" or "red"
    ffs: int
    mod: int


@attrs.frozen
class Proposal:
    """A Blue free-play action waiting for the White Cell's ruling, then (``ruling`` set)
    for the proposer to accept it (and pay) or withdraw (rules/hedgemony/README.md X9)."""

    player: str
    location: str
    title: str
    ruling: Ruling | None = None  # the White Cell's ruling, shown before anything is paid
    kind: str = ""  # the kind of operation intended (rulings.KINDS); "" in saves made before kinds


@attrs.frozen
class Ruling:
    """A ruled Blue free-play action; it is played as card ``card`` (built by
    ``rulings.ruling_card``), which exists only in this game."""

    card: str
    turn: int
    player: str
    location: str
    title: str
    table: str
    opponent: str = ""
    cost: int = 0
    blue_capabilities: tuple[str, ...] = ()
    red_capabilities: tuple[str, ...] = ()
    rows: tuple[RulingRow, ...] = ()
    unopposed_ip: int = 0
    name: str = ""
    kind: str = ""  # the kind of operation proposed (rulings.KINDS); "" in saves made before kinds


@attrs.frozen
class GameState:
    scenario: str
    seed: int
    settings: Settings
    turn: int
    phase: Phase
    players: tuple[PlayerState, ...]
    stacks: tuple[Stack, ...]
    rng: Rng
    effects: tuple[Effect, ...] = ()
    scheduled: tuple[Scheduled, ...] = ()
    last_played: dict[str, int] = attrs.field(factory=dict)  # "PLAYER:CARD" -> turn
    signals: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    activations: dict[str, tuple[str, ...]] = attrs.field(factory=dict)  # face-down markers
    played: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    queue: tuple[str, ...] = ()  # players still to act in this phase, in order
    readiness_paid: bool = False
    moves: dict[str, int] = attrs.field(factory=dict)  # this phase's deployments, for grouping costs
    secrets: tuple[Secret, ...] = ()
    procurements: tuple[Procurement, ...] = ()
    run: CardRun | None = None
    ongoing: tuple[CardRun, ...] = ()  # cards that continue next turn
    roll_request: RollRequest | None = None
    proposal: Proposal | None = None  # a Blue free-play action awaiting its ruling
    appeal: Appeal | None = None  # an appeal for emergency funding awaiting the White Cell
    rulings: tuple[Ruling, ...] = ()  # every ruled free-play action of the game
    log: tuple[LogEntry, ...] = ()
    decisions: int = 0  # intents applied so far (with policy_seed, drives random policies)
    policy_seed: int = 0  # derived one-way from the seed: bots may see it, it predicts no dice
    next_id: int = 1
    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    # Blue players still to act once every Blue investment is made (ch. 3): not empty
    # while the Blue phase is in its investments, empty once the actions begin.
    blue_to_act: tuple[str, ...] = ()
    # This turn's Red order (the White Cell's, or the optional rule's roll-off), set when
    # the turn begins and used by both Red phases; () before it is set.
    red_order_turn: tuple[str, ...] = ()
    # Private events (ch. 3): event card -> the affected player, while the event itself
    # is known only to that player and the White Cell.
    secret_events: dict[str, str] = attrs.field(factory=dict)
    # Private results' RP/IP changes, kept out of the balances other seats see (view.py).
    unseen: tuple[Unseen, ...] = ()
    bases: tuple[Base, ...] = ()  # U.S. bases the White Cell ruled (ch. 9)
    proxy_partners: tuple[Proxy, ...] = ()  # proxy partners who agreed to take part (ch. 15)
    awaiting: Awaiting | None = None  # a White Cell ruling waiting on its die (ch. 9, 15)

    def player(self, pid: str) -> PlayerState:
        for player in self.players:
            if player.id == pid:
                return player
        raise KeyError(pid)

    def stack(self, sid: str) -> Stack:
        for stack in self.stacks:
            if stack.id == sid:
                return stack
        raise KeyError(sid)

    def stacks_of(self, pid: str) -> tuple[Stack, ...]:
        return tuple(s for s in self.stacks if s.owner == pid)

    def ffs_of(self, pid: str) -> int:
        return sum(s.ffs for s in self.stacks if s.owner == pid)
