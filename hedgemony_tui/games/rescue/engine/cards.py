"""The twelve event cards as data (``data/rescue/events.toml``), read and checked: every
problem is named, with the card it belongs to."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from hedgemony_tui.table import resources
from hedgemony_tui.table.errors import RulesDataError

from .actors import RESOURCES, SEATS

KINDS = ("tokens", "dice", "gp", "blackout", "airport")


class CardError(RulesDataError):
    """An event file that cannot be played: the message lists every problem."""


@attrs.frozen
class Effect:
    kind: str
    amount: int = 0
    seat: str = ""
    resource: str = ""


@attrs.frozen
class EventCard:
    id: str
    title: str
    text: str
    effects: tuple[Effect, ...]


def card_problems(raw: Mapping[str, Any]) -> list[str]:
    """Every problem of an event file's contents (empty: fine)."""
    cards = raw.get("card")
    if not isinstance(cards, list) or not cards:
        return ["the file must hold [[card]] tables"]
    found: list[str] = []
    ids: list[str] = []
    for index, card in enumerate(cards, start=1):
        name = f"card {index}"
        if not isinstance(card, dict):
            found.append(f"{name} is not a table")
            continue
        cid = card.get("id")
        if not isinstance(cid, str) or not cid or " " in cid:
            found.append(f"{name} needs an id without spaces")
        else:
            name = cid
            ids.append(cid)
        for key in ("title", "text"):
            if not isinstance(card.get(key), str) or not card[key].strip():
                found.append(f"{name} needs a {key}")
        effects = card.get("effects")
        if not isinstance(effects, list) or not effects:
            found.append(f"{name} needs a list of effects")
            continue
        for effect in effects:
            found += [f"{name}: {p}" for p in _effect_problems(effect)]
    found += [f"the id {i} is used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    return found


def _effect_problems(effect: object) -> list[str]:
    if not isinstance(effect, dict):
        return ['an effect is a table such as { kind = "gp", amount = 1 }']
    kind = effect.get("kind")
    if kind not in KINDS:
        return [f"effect kind {kind!r} is not one of {', '.join(KINDS)}"]
    found: list[str] = []
    amount = effect.get("amount", 0)
    if isinstance(amount, bool) or not isinstance(amount, int):
        found.append(f"a {kind} effect's amount must be a whole number, not {amount!r}")
    elif kind in ("tokens", "dice") and amount == 0:
        found.append(f"a {kind} effect with amount 0 does nothing")
    elif kind in ("gp", "airport") and amount <= 0:
        found.append(f"a {kind} effect needs an amount above 0")
    if kind == "tokens":
        if effect.get("seat") not in SEATS:
            found.append(f"a tokens effect names a seat ({', '.join(SEATS)}), not {effect.get('seat')!r}")
        if effect.get("resource") not in RESOURCES:
            found.append(f"a tokens effect names a resource ({', '.join(RESOURCES)}), not {effect.get('resource')!r}")
    extra = sorted(set(effect) - {"kind", "amount", "seat", "resource"})
    found += [f"an effect has an unknown key {k!r}" for k in extra]
    return found


def read_cards_text(text: str, where: str = "events.toml") -> dict[str, EventCard]:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardError(where, "", f"not TOML: {exc}") from None
    found = card_problems(raw)
    if found:
        raise CardError(where, "", "; ".join(found))
    return {
        c["id"]: EventCard(
            c["id"],
            c["title"],
            c["text"],
            tuple(
                Effect(e["kind"], e.get("amount", 0), e.get("seat", ""), e.get("resource", "")) for e in c["effects"]
            ),
        )
        for c in raw["card"]
    }


@lru_cache(maxsize=1)
def event_cards() -> dict[str, EventCard]:
    """The shipped deck by id, read and checked once per process."""
    text = (resources.data_dir("rescue") / "events.toml").read_text(encoding="utf-8")
    return read_cards_text(text, "data/rescue/events.toml")
