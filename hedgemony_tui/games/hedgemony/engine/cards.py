"""Cards as data: what a card is, once loaded (the TOML parsing is in ``card_loader.py``).

A card says who plays it, what it costs, how often, whether its outcome is public,
and how it resolves (``resolution``):

* ``d10``       - roll and read the bands printed on the card (IR-01, RU-17 ...);
* ``tech``      - R&D toward National Tech Level, with odds for the leader and followers;
* ``upgrade``   - a Critical Capability upgrade, with a private/public roll first;
* ``modernize`` - raise up to a share of the player's FFs by Mod Levels (cost: Table 13.2);
* ``procure``   - buy FFs (cost: Table 13.1);
* ``contest``   - forces meet: the initiator (if any) commits FFs, the named players may
  respond, and CRT A, RT B or the card's own bands decide;
* ``none``      - no roll: the card's ``result`` happens (RU-18, most events).

Around that core a card may ask for decisions before it resolves, always in this order:
a ``choice`` (one player or the White Cell picks an option: EVT-CON-10, EVT-IR-10,
PRC-29), a ``vote`` (RU-16, EVT-POL-38), ``offers`` (pay RPs for IPs or for die-roll
and CF bonuses: EVT-POL-21, EVT-CON-01), and a roll-off to ``lead`` a response
(DPRK-06, EVT-DPRK-06). Events may continue over several turns (``repeat_turns``).

Bands and outcome rows change IPs and RPs per player and may leave lasting effects.
Who a row names: a player id, ``self`` (the card's player), ``leader`` (who won the
roll-off), ``yes`` (each player who voted yes), ``senders`` (each player that committed
forces) or ``payers`` (each player that paid into an offer).
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from hedgemony_tui.table.errors import HedgemonyError

from .terms import Outcome


class CardError(HedgemonyError):
    """A card file that cannot be used; the message names the file, card and field."""


class CardKind(StrEnum):
    ACTION = "action"
    INVESTMENT = "investment"
    DOMESTIC = "domestic"
    INTERNATIONAL = "international"

    @property
    def is_event(self) -> bool:
        return self in (CardKind.DOMESTIC, CardKind.INTERNATIONAL)


RESOLUTIONS = ("d10", "tech", "upgrade", "modernize", "procure", "contest", "none")
CAPABILITIES = ("LRF", "C4ISR", "IAMD", "SOF", "NUCLEAR")
EFFECT_KINDS = ("roll", "cost", "block", "discount", "commit-ip", "readiness", "exempt", "keep")
"""``roll``: +value to die rolls of cards in ``family``; ``cost``: +value RPs to play them
(``deploy`` / ``deploy:<location>`` families price posture moves; ``action:<location>``
prices each action there: a move into it, or the player's forces joining a card there);
``keep``: the player keeps at least value FFs at the places of ``near:<a>+<b>`` (its
forces may not leave if fewer would stay); ``block``: they may not
be played (``posture`` blocks posture moves); ``discount``: -value percent off a mat cost
(``modernization``), rounded down, never below 1 RP; ``commit-ip``: +value IPs the first
time the player commits forces at ``at:<location>`` or against ``vs:<player>``;
``readiness``: +value RPs per U.S. FF at ``at:<location>`` on the readiness bill;
``exempt``: the card named by ``family`` does not harm the player."""

SPECIAL_TARGETS = ("self", "leader", "yes", "senders", "payers")
UNTIL_USED = 99
"""``turns`` of an effect that lasts until it is used (``uses``) or the game ends."""


@attrs.frozen
class EffectSpec:
    """A lasting effect a card leaves on ``player`` (a player id or a special target)."""

    player: str
    kind: str
    family: str
    value: int = 0
    turns: int = 1  # how many turns it lasts; the first is the rest of the current one
    # "now", "next" (begins with the next turn) or "next-action-phase" (the target's next
    # Blue or Red phase: this turn's if the turn has not reached it yet)
    starts: str = "now"
    uses: int = 0  # 0 = applies to every matching card while it lasts; N = spent after N


@attrs.frozen
class Band:
    """Faces ``low``..``high`` of a roll (after modifiers) and what they do.

    A band may also be an outcome row of CRT A / RT B (``outcome``); a card read on a
    table finds its row that way, and an unopposed response read on RT B finds the band
    of the same outcome.
    """

    low: int
    high: int
    label: str
    outcome: str = ""
    ip: dict[str, int] = attrs.field(factory=dict)
    rp: dict[str, int] = attrs.field(factory=dict)
    lead_ip: dict[str, dict[str, int]] = attrs.field(factory=dict)  # leader -> IPs (the slash columns)
    raise_by: int = 0  # tech / upgrade / capability cards: levels gained
    delay: int = 0  # turns until the gain (or the IPs/RPs) land: 0 = at once, 1 = next turn
    effects: tuple[EffectSpec, ...] = ()
    repeat: bool = False  # the card stays in play and is rolled again next turn
    respond: bool = False  # a response (the card's forces section) follows this result
    pin_turns: int = 0  # committed forces stay where they are (0 = as before)
    unpin: bool = False  # committed forces are released
    unpin_at_end: bool = False  # committed forces are held to the end of this turn, then released (EVT-CON-04)

    def holds(self, total: int, first: bool, last: bool) -> bool:
        # The lowest band takes every total below it, the highest every total above.
        return (first or total >= self.low) and (last or total <= self.high)


@attrs.frozen
class ForceLimit:
    """How one player may commit forces to a card: at most/least so many FFs, of a
    minimum U.S. readiness, to a named place (else the place the card happens)."""

    max_ffs: int = 0  # 0 = no limit
    min_ffs: int = 0  # committing fewer (but some) is not allowed
    min_readiness: int = 0
    location: str = ""


@attrs.frozen
class ContestSpec:
    """Forces meeting over a card: who commits, and how the result is read."""

    table: str  # "crt-a", "rt-b" or "bands" (the card's own bands, rolled with modifiers)
    responders: tuple[str, ...]
    red_capabilities: tuple[str, ...] = ()
    blue_capabilities: tuple[str, ...] = ()
    outcomes: dict[Outcome, Band] = attrs.field(factory=dict)
    unopposed_ip: dict[str, int] = attrs.field(factory=dict)
    unopposed_table: str = "rt-b"  # "rt-b", "crt-a", "none" (no roll) or "same" (roll as opposed)
    unopposed_column: str = "red-advantage"
    unopposed_worst: bool = False  # unopposed, each lead candidate takes its worst column
    reset: bool = False
    pin_turns: int = 0
    locations: tuple[str, ...] = ()
    initiator_forces: bool = True  # the card's player commits first (events: no one)
    limits: dict[str, ForceLimit] = attrs.field(factory=dict)
    third_party: dict[str, int] = attrs.field(factory=dict)  # "blue"/"red" -> CFs (CRT A) or FFs (RT B)
    roll_per_ff: dict[str, int] = attrs.field(factory=dict)  # player/"blue"/"leader" -> + per FF committed
    roller: str = "self"  # who rolls: "self", "leader" or a player id
    decline_ip: dict[str, int] = attrs.field(factory=dict)  # a responder that sends nothing
    solo_ip: dict[str, int] = attrs.field(factory=dict)  # only the leader committed: no roll, these IPs


@attrs.frozen
class Option:
    id: str
    label: str
    ip: dict[str, int] = attrs.field(factory=dict)
    rp: dict[str, int] = attrs.field(factory=dict)
    effects: tuple[EffectSpec, ...] = ()


@attrs.frozen
class ChoiceSpec:
    """A decision before the card resolves. ``by``: a player id, ``self`` or ``WHITE``
    (a ruling). ``options_from = "aors-away"`` offers each AOR but the player's home."""

    by: str
    prompt: str
    options: tuple[Option, ...] = ()
    options_from: str = ""


@attrs.frozen
class VoteSpec:
    """Each voter says yes or no, unseen by the others until all have voted.
    ``all``/``some``/``none`` are the IPs when every voter, some, or no voter says yes."""

    voters: tuple[str, ...]
    cost_yes: int = 0
    all: dict[str, int] = attrs.field(factory=dict)
    some: dict[str, int] = attrs.field(factory=dict)
    none: dict[str, int] = attrs.field(factory=dict)
    yes_effects: tuple[EffectSpec, ...] = ()


@attrs.frozen
class OfferSpec:
    """Players in turn may pay 0..``rp_max`` RPs into the card.

    Each RP paid brings ``ip_per_rp`` (IPs per player id or ``self``), and, beyond the
    first ``free_rp``, ``roll_per_rp`` on the card's roll or ``cf_per_rp`` CFs on Blue's
    side. ``only_if_none``: offered only if no one paid into an earlier offer
    (on a contest card, nor sent forces: it is asked after the other responders' forces).
    ``decline_ip``: IPs if the player pays nothing (and commits no forces). ``proxy``:
    each RP is an attempt with a proxy of that reliability, rolled on Figure 15.2."""

    players: tuple[str, ...]
    rp_max: int = 1
    ip_per_rp: dict[str, int] = attrs.field(factory=dict)
    roll_per_rp: int = 0
    free_rp: int = 0
    cf_per_rp: int = 0
    only_if_none: bool = False
    decline_ip: dict[str, int] = attrs.field(factory=dict)
    ends_if_declined: bool = False  # nobody paid: the card ends after the penalties
    # Each RP paid is one attempt with a proxy of this reliability (ch. 15, Figure 15.2):
    # one roll per attempt, and the ``ip_per_rp`` only for an attempt that succeeds.
    proxy: str = ""
    # The partners the attempts are made with, in order (EVT-CON-29: Malaysia, Singapore,
    # Indonesia); a success leaves the lasting effects in ``partner_effects`` under the
    # partner's name, and those under "any" once, whichever partner it was.
    partners: tuple[str, ...] = ()
    partner_effects: dict[str, tuple[EffectSpec, ...]] = attrs.field(factory=dict)


@attrs.frozen
class Card:
    id: str
    player: str  # owner, or "WHITE" for event cards
    kind: CardKind
    title: str
    text: str
    resolution: str
    cost: int = 0
    pay_to_play: bool = False  # cost comes from a mat (modernize, procure)
    every: int = 1
    once: str = ""  # "game" (events, by default), "choice" (once per option chosen, e.g. per AOR)
    public: bool = True
    private_on: tuple[int, int] | None = None  # faces of the privacy roll that keep it private
    reveal: str = "use-or-three-turns"  # when a private result becomes public: also "use"
    families: tuple[str, ...] = ()
    aor: str = ""
    players: tuple[str, ...] = ()  # players an event involves; the first rolls its privacy die
    source: str = "edition"
    figure: str = ""
    note: str = ""
    bands: tuple[Band, ...] = ()
    lead_bands: tuple[Band, ...] = ()
    follow_bands: tuple[Band, ...] = ()
    # A test rolled before any response (ch. 8's missile tests) when the response is read
    # on the card's own ``bands`` (DPRK-E02); a card read on CRT A / RT B keeps its test
    # in ``bands`` (IR-04).
    test_bands: tuple[Band, ...] = ()
    choice_bands: dict[str, tuple[Band, ...]] = attrs.field(factory=dict)
    result: Band | None = None  # resolution "none"
    capability: str = ""
    cap_player: str = ""  # a capability raised by this card may not pass this player's level
    percent: int = 20
    levels: int = 1
    contest: ContestSpec | None = None
    on_play: tuple[EffectSpec, ...] = ()
    unit_cost: int = 0  # per-unit cards: RP per unit, 1..max_units units
    max_units: int = 0
    unit_ip: dict[str, int] = attrs.field(factory=dict)
    units_label: str = ""
    choice: ChoiceSpec | None = None
    vote: VoteSpec | None = None
    offers: tuple[OfferSpec, ...] = ()
    lead: tuple[str, ...] = ()  # players who roll off to lead the response
    repeat_turns: int = 0  # a repeating card ends after this many turns (0 = when resolved)

    @property
    def is_event(self) -> bool:
        return self.kind.is_event

    def roller(self) -> str:
        """Who rolls for the card (events: the first player involved)."""
        if self.player != "WHITE":
            return self.player
        return self.players[0] if self.players else "WHITE"

    def bands_for(self, choice: str = "") -> tuple[Band, ...]:
        if choice and choice in self.choice_bands:
            return self.choice_bands[choice]
        return self.bands

    def band_for(self, total: int, bands: tuple[Band, ...] | None = None) -> Band:
        bands = self.bands if bands is None else bands
        for index, band in enumerate(bands):
            if band.holds(total, index == 0, index == len(bands) - 1):
                return band
        raise AssertionError(f"{self.id}: no band for {total}")

    def outcome_band(self, outcome: Outcome) -> Band | None:
        """The band or outcome row a table result reads (contest rows first)."""
        if self.contest and outcome in self.contest.outcomes:
            return self.contest.outcomes[outcome]
        for band in self.bands:
            if band.outcome == outcome.value:
                return band
        return None
