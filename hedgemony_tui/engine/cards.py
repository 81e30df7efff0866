"""Cards as data: the schema, the loader, and the checks that name file, card and field.

A card says who plays it, what it costs, how often, whether its outcome is public,
and how it resolves:

* ``d10``       - roll and read the bands printed on the card (IR-01, RU-17 ...);
* ``tech``      - R&D toward National Tech Level, with odds for the leader and followers;
* ``upgrade``   - a Critical Capability upgrade, with a private/public roll first;
* ``modernize`` - raise up to a share of the player's FFs by Mod Levels (cost: Table 13.2);
* ``procure``   - buy FFs (cost: Table 13.1);
* ``contest``   - forces meet: the initiator commits FFs, the named players may respond,
  and CRT A or RT B decides; the card's outcome rows give the IPs.

Bands and outcome rows change IPs and RPs per player and may leave lasting effects
(die-roll and cost modifiers on card families, restrictions).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

import attrs

from .errors import HedgemonyError
from .terms import Outcome


class CardError(HedgemonyError):
    """A card file that cannot be used; the message names the file, card and field."""


class CardKind(StrEnum):
    ACTION = "action"
    INVESTMENT = "investment"
    DOMESTIC = "domestic"
    INTERNATIONAL = "international"


RESOLUTIONS = ("d10", "tech", "upgrade", "modernize", "procure", "contest")
CAPABILITIES = ("LRF", "C4ISR", "IAMD", "SOF", "NUCLEAR")
EFFECT_KINDS = ("roll", "cost", "block")


@attrs.frozen
class EffectSpec:
    """A lasting effect a card leaves: on ``player`` ("self" = the card's player)."""

    player: str
    kind: str
    family: str
    value: int = 0
    turns: int = 1  # how many turns it lasts; the first is the rest of the current one
    starts: str = "now"  # "now" or "next" (begins with the next turn)


@attrs.frozen
class Band:
    """Faces ``low``..``high`` of a roll (after modifiers) and what they do."""

    low: int
    high: int
    label: str
    ip: dict[str, int] = attrs.field(factory=dict)
    rp: dict[str, int] = attrs.field(factory=dict)
    raise_by: int = 0  # tech / upgrade cards: levels gained
    delay: int = 0  # turns until the gain lands (0 = at once, 1 = next turn ...)
    effects: tuple[EffectSpec, ...] = ()

    def holds(self, total: int, first: bool, last: bool) -> bool:
        # The lowest band takes every total below it, the highest every total above.
        return (first or total >= self.low) and (last or total <= self.high)


@attrs.frozen
class ContestSpec:
    table: str  # "crt-a" or "rt-b"
    responders: tuple[str, ...]
    red_capabilities: tuple[str, ...] = ()
    blue_capabilities: tuple[str, ...] = ()
    outcomes: dict[Outcome, dict[str, int]] = attrs.field(factory=dict)
    unopposed_ip: dict[str, int] = attrs.field(factory=dict)
    unopposed_table: str = "rt-b"
    unopposed_column: str = "red-advantage"
    reset: bool = False
    pin_turns: int = 0
    locations: tuple[str, ...] = ()


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
    public: bool = True
    private_on: tuple[int, int] | None = None  # faces of the privacy roll that keep it private
    families: tuple[str, ...] = ()
    aor: str = ""
    source: str = "edition"
    figure: str = ""
    note: str = ""
    bands: tuple[Band, ...] = ()
    lead_bands: tuple[Band, ...] = ()
    follow_bands: tuple[Band, ...] = ()
    capability: str = ""
    percent: int = 20
    levels: int = 1
    contest: ContestSpec | None = None
    on_play: tuple[EffectSpec, ...] = ()

    def band_for(self, total: int, bands: tuple[Band, ...] | None = None) -> Band:
        bands = self.bands if bands is None else bands
        for index, band in enumerate(bands):
            if band.holds(total, index == 0, index == len(bands) - 1):
                return band
        raise AssertionError(f"{self.id}: no band for {total}")


# --- loading ---------------------------------------------------------------------------

_CARD_KEYS = {f.name for f in attrs.fields(Card)} | {"privacy"}
_BAND_KEYS = {"rolls", "label", "ip", "rp", "raise_by", "delay", "effects"}
_CONTEST_KEYS = {
    "table", "responders", "red_capabilities", "blue_capabilities", "outcomes", "unopposed_ip",
    "unopposed_table", "unopposed_column", "reset", "pin_turns", "locations",
}
_EFFECT_KEYS = {"player", "kind", "family", "value", "turns", "starts"}


class _Where:
    def __init__(self, file: str, card: str) -> None:
        self.file, self.card = file, card

    def fail(self, field: str, problem: str) -> CardError:
        return CardError(f"{self.file}: {self.card}: {field}: {problem}")


def _keys(where: _Where, field: str, raw: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise where.fail(field + (f".{unknown[0]}" if field else unknown[0]), f"unknown key; allowed: {', '.join(sorted(allowed))}")


def _int(where: _Where, field: str, value: Any, low: int = -99, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise where.fail(field, f"must be a whole number {low} to {high}, found {value!r}")
    return value


def _faces(where: _Where, field: str, text: Any) -> tuple[int, int]:
    if isinstance(text, int) and not isinstance(text, bool):
        return text, text
    if not isinstance(text, str):
        raise where.fail(field, f'write faces as "N" or "N-M", found {text!r}')
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise where.fail(field, f'write faces as "N" or "N-M", found {text!r}') from None


def _per_player(where: _Where, field: str, raw: Any, players: set[str]) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise where.fail(field, "must be a table of player = number")
    for player, value in raw.items():
        if player not in players and player != "self":
            raise where.fail(f"{field}.{player}", f"unknown player; allowed: {', '.join(sorted(players))}, self")
        _int(where, f"{field}.{player}", value)
    return dict(raw)


def _effects(where: _Where, field: str, raw: Any, players: set[str]) -> tuple[EffectSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise where.fail(field, "must be a list of effect tables")
    effects = []
    for index, item in enumerate(raw):
        here = f"{field}[{index}]"
        if not isinstance(item, dict):
            raise where.fail(here, "must be a table")
        _keys(where, here, item, _EFFECT_KEYS)
        player = item.get("player", "self")
        if player not in players and player != "self":
            raise where.fail(f"{here}.player", f"unknown player {player!r}")
        if item.get("kind") not in EFFECT_KINDS:
            raise where.fail(f"{here}.kind", f"must be one of {', '.join(EFFECT_KINDS)}")
        if not isinstance(item.get("family"), str) or not item["family"]:
            raise where.fail(f"{here}.family", "must name the card family or capability it touches")
        if item.get("starts", "now") not in ("now", "next"):
            raise where.fail(f"{here}.starts", 'must be "now" or "next"')
        effects.append(
            EffectSpec(
                player=player,
                kind=item["kind"],
                family=item["family"],
                value=_int(where, f"{here}.value", item.get("value", 0)),
                turns=_int(where, f"{here}.turns", item.get("turns", 1), 1, 20),
                starts=item.get("starts", "now"),
            )
        )
    return tuple(effects)


def _bands(where: _Where, field: str, raw: Any, players: set[str]) -> tuple[Band, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        raise where.fail(field, "must be a non-empty list of bands")
    bands = []
    for index, item in enumerate(raw):
        here = f"{field}[{index}]"
        if not isinstance(item, dict):
            raise where.fail(here, "must be a table")
        _keys(where, here, item, _BAND_KEYS)
        low, high = _faces(where, f"{here}.rolls", item.get("rolls"))
        bands.append(
            Band(
                low=low,
                high=high,
                label=str(item.get("label", "")),
                ip=_per_player(where, f"{here}.ip", item.get("ip"), players),
                rp=_per_player(where, f"{here}.rp", item.get("rp"), players),
                raise_by=_int(where, f"{here}.raise_by", item.get("raise_by", 0), 0, 6),
                delay=_int(where, f"{here}.delay", item.get("delay", 0), 0, 10),
                effects=_effects(where, f"{here}.effects", item.get("effects"), players),
            )
        )
    faces = [f for band in bands for f in range(band.low, band.high + 1)]
    if faces != list(range(bands[0].low, bands[-1].high + 1)) or bands[0].low > 0 or bands[-1].high < 9:
        raise where.fail(field, "bands must run in order without gaps or overlaps and cover the faces 0-9")
    return tuple(bands)


def _contest(where: _Where, raw: Any, players: set[str]) -> ContestSpec:
    if not isinstance(raw, dict):
        raise where.fail("contest", "a contest card needs a [card.contest] table")
    _keys(where, "contest", raw, _CONTEST_KEYS)
    table = raw.get("table")
    if table not in ("crt-a", "rt-b"):
        raise where.fail("contest.table", 'must be "crt-a" or "rt-b"')
    responders = raw.get("responders", [])
    if not isinstance(responders, list) or any(r not in players for r in responders):
        raise where.fail("contest.responders", f"must list players among {', '.join(sorted(players))}")
    outcomes_raw = raw.get("outcomes", {})
    if not isinstance(outcomes_raw, dict) or set(outcomes_raw) != {o.value for o in Outcome}:
        raise where.fail("contest.outcomes", f"needs one row per outcome: {', '.join(o.value for o in Outcome)}")
    outcomes = {Outcome(k): _per_player(where, f"contest.outcomes.{k}", v, players) for k, v in outcomes_raw.items()}
    for key in ("red_capabilities", "blue_capabilities"):
        caps = raw.get(key, [])
        if not isinstance(caps, list) or any(c not in CAPABILITIES for c in caps):
            raise where.fail(f"contest.{key}", f"must list capabilities among {', '.join(CAPABILITIES)}")
    return ContestSpec(
        table=table,
        responders=tuple(responders),
        red_capabilities=tuple(raw.get("red_capabilities", [])),
        blue_capabilities=tuple(raw.get("blue_capabilities", [])),
        outcomes=outcomes,
        unopposed_ip=_per_player(where, "contest.unopposed_ip", raw.get("unopposed_ip"), players),
        unopposed_table=raw.get("unopposed_table", "rt-b"),
        unopposed_column=raw.get("unopposed_column", "red-advantage"),
        reset=bool(raw.get("reset", False)),
        pin_turns=_int(where, "contest.pin_turns", raw.get("pin_turns", 0), 0, 10),
        locations=tuple(raw.get("locations", [])),
    )


def parse_card(raw: Mapping[str, Any], file: str, players: set[str]) -> Card:
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not card_id:
        raise CardError(f"{file}: a card has no id")
    where = _Where(file, card_id)
    _keys(where, "", raw, _CARD_KEYS)
    owner = raw.get("player")
    if owner not in players and owner != "WHITE":
        raise where.fail("player", f"must be one of {', '.join(sorted(players))} or WHITE")
    try:
        kind = CardKind(raw.get("kind"))
    except ValueError:
        raise where.fail("kind", f"must be one of {', '.join(k.value for k in CardKind)}") from None
    resolution = raw.get("resolution")
    if resolution not in RESOLUTIONS:
        raise where.fail("resolution", f"must be one of {', '.join(RESOLUTIONS)}")
    for field in ("title", "text"):
        if not isinstance(raw.get(field), str) or not raw[field].strip():
            raise where.fail(field, "must be a non-empty string in our own words")
    private_on = None
    if "privacy" in raw:
        private_on = _faces(where, "privacy", raw["privacy"])
    capability = raw.get("capability", "")
    if resolution == "upgrade" and capability not in CAPABILITIES:
        raise where.fail("capability", f"an upgrade card names one of {', '.join(CAPABILITIES)}")
    card = Card(
        id=card_id,
        player=owner,
        kind=kind,
        title=raw["title"],
        text=raw["text"],
        resolution=resolution,
        cost=_int(where, "cost", raw.get("cost", 0), 0, 50),
        pay_to_play=resolution in ("modernize", "procure"),
        every=_int(where, "every", raw.get("every", 1), 0, 20),
        public=bool(raw.get("public", True)),
        private_on=private_on,
        families=tuple(raw.get("families", [])),
        aor=str(raw.get("aor", "")),
        source=str(raw.get("source", "edition")),
        figure=str(raw.get("figure", "")),
        note=str(raw.get("note", "")),
        bands=_bands(where, "bands", raw.get("bands"), players),
        lead_bands=_bands(where, "lead_bands", raw.get("lead_bands"), players),
        follow_bands=_bands(where, "follow_bands", raw.get("follow_bands"), players),
        capability=capability,
        percent=_int(where, "percent", raw.get("percent", 20), 1, 100),
        levels=_int(where, "levels", raw.get("levels", 1), 1, 6),
        contest=_contest(where, raw.get("contest"), players) if resolution == "contest" else None,
        on_play=_effects(where, "on_play", raw.get("on_play"), players),
    )
    if resolution == "d10" and not card.bands:
        raise where.fail("bands", "a d10 card needs its bands")
    if resolution == "tech" and not (card.lead_bands and card.follow_bands):
        raise where.fail("lead_bands", "an R&D card needs lead_bands and follow_bands")
    if resolution == "upgrade" and not card.bands:
        raise where.fail("bands", "an upgrade card needs its bands")
    return card


def load_cards(files: Iterable[tuple[str, bytes]], players: Iterable[str]) -> dict[str, Card]:
    """Parse ``(name, bytes)`` card files into cards by id; refuse duplicates."""
    known = set(players)
    cards: dict[str, Card] = {}
    for name, data in files:
        try:
            doc = tomllib.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CardError(f"{name}: not valid TOML: {exc}") from None
        unknown = set(doc) - {"card"}
        if unknown:
            raise CardError(f"{name}: unknown top-level key {sorted(unknown)[0]!r}; cards are [[card]] tables")
        for raw in doc.get("card", []):
            card = parse_card(raw, name, known)
            if card.id in cards:
                raise CardError(f"{name}: {card.id}: id: used twice")
            cards[card.id] = card
    return cards
