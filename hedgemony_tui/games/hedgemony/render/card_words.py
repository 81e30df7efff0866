"""Card data in words: the headers, colours and phrases the card drawings are built from.

Plain strings only (no rich layout): the kind and owner line, who a change goes to, signed
amounts, D10 faces, lasting effects and their duration, the extras of a result row. The
panels and tables in ``render.cards`` and the game's screens compose them. These helpers
describe what the card data says; they decide nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..engine.cards import UNTIL_USED, Band, Card, CardKind, EffectSpec
from ..engine.names import plural

HEADERS = {
    CardKind.ACTION: "Action",
    CardKind.INVESTMENT: "Investment",
    CardKind.DOMESTIC: "Domestic Event",
    CardKind.INTERNATIONAL: "Conflict/International Event",
}
BORDER = {
    CardKind.ACTION: "red",
    CardKind.INVESTMENT: "green",
    CardKind.DOMESTIC: "yellow",
    CardKind.INTERNATIONAL: "magenta",
}
TABLE_NAMES = {
    "crt-a": "CRT A (Combat Results Table A)",
    "rt-b": "RT B (Response Table B)",
    "bands": "the card's own bands, with modifiers",
}
MAT_TABLES = {"modernize": "the Modernization mat (Table 13.2)", "procure": "the Procurement mat (Table 13.1)"}
TARGETS = {
    "leader": "the leader",
    "yes": "each yes voter",
    "senders": "each player that sent forces",
    "payers": "each player that paid",
}
SECTION = "bold"
DIM = "dim"


def signed(value: int) -> str:
    return f"{value:+d}"


def faces(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def header(card: Card) -> str:
    """``Action: PRC``, ``Investment: PRC``, ``Domestic Event: US``, ``Conflict/International Event``."""
    name = HEADERS[card.kind]
    if card.kind is CardKind.INTERNATIONAL:
        return name
    owner = card.players[0] if card.kind is CardKind.DOMESTIC and card.players else card.player
    return name if owner == "WHITE" else f"{name}: {owner}"


def who(target: str, card: Card) -> str:
    """A player id, or the words for ``self``, ``leader``, ``yes``, ``senders``, ``payers``."""
    if target == "self":
        roller = card.roller()
        return "the roller" if roller == "WHITE" else roller
    return TARGETS.get(target, target)


def changes(amounts: Mapping[str, int], card: Card, unit: str = "") -> str:
    """``PRC +1, US -1`` (with `` IP``/`` RP`` after each amount if ``unit`` is given)."""
    suffix = f" {unit}" if unit else ""
    return ", ".join(f"{who(p, card)} {signed(v)}{suffix}" for p, v in amounts.items())


def leaders_of(card: Card, bands: Iterable[Band] = ()) -> tuple[str, ...]:
    """The players whose lead picks a slash column, in the card's roll-off order."""
    seen = list(card.lead)
    for band in bands:
        seen += [leader for leader in band.lead_ip if leader not in seen]
    return tuple(seen)


def slash(values: Sequence[int]) -> str:
    """The book's slash columns: ``+2/+1``."""
    return "/".join(signed(v) for v in values)


def lead_changes(band: Band, card: Card, leaders: Sequence[str]) -> str:
    """``US +2/+1, PRC -1/-2``: each player's IPs if the first, second ... candidate leads."""
    players: list[str] = []
    for leader in leaders:
        players += [p for p in band.lead_ip.get(leader, {}) if p not in players]
    return ", ".join(
        f"{who(p, card)} {slash([band.lead_ip.get(leader, {}).get(p, 0) for leader in leaders])}" for p in players
    )


def family_words(family: str) -> str:
    """A family tag, or a card id (upper case), as the cards it names."""
    return family if any(ch.isupper() for ch in family) else f"{family} cards"


def duration(spec: EffectSpec) -> str:
    if spec.turns >= UNTIL_USED:
        text = "until used" if spec.uses else "for the rest of the game"
        if spec.uses > 1:
            text = f"until used {spec.uses} times"
        return text
    if spec.starts == "next-action-phase":  # EVT-NATO-11
        text = "in its next action phase" if spec.turns == 1 else f"for {spec.turns} turns from its next action phase"
    elif spec.turns == 1:
        text = "next turn" if spec.starts == "next" else "this turn"
    else:
        text = f"for {spec.turns} turns" + (", from next turn" if spec.starts == "next" else ", this one included")
    if spec.uses:
        text += f" ({plural(spec.uses, 'use')})"
    return text


def effect_words(spec: EffectSpec, card: Card) -> str:
    """One lasting effect in words, with its duration."""
    player, v, family = who(spec.player, card), spec.value, spec.family
    where = family.partition(":")[2]
    if spec.kind == "roll":
        text = f"{player} {signed(v)} on rolls of {family_words(family)}"
    elif spec.kind == "cost":
        if family == "deploy":
            target = "posture moves"
        elif family.startswith("deploy:"):
            target = f"moves to {where}"
        elif family.startswith("action:"):
            target = f"actions at {where} (moves there, or forces joining a card there)"
        else:
            target = family_words(family)
        text = f"{player}: {target} cost {signed(v)} RP"
    elif spec.kind == "block":
        text = (
            f"{player} may not move forces" if family == "posture" else f"{player} may not play {family_words(family)}"
        )
    elif spec.kind == "discount":
        text = f"{player}: {v}% off {family} costs (rounded down, never below 1 RP)"
    elif spec.kind == "commit-ip":
        place = (
            f"at {where}" if family.startswith("at:") else f"against {where}" if family.startswith("vs:") else family
        )
        text = f"{player} {signed(v)} IP the first time it commits forces {place}"
    elif spec.kind == "readiness":
        text = f"{player} {signed(v)} RP per U.S. FF at {where or family} on the readiness bill"
    elif spec.kind == "exempt":
        text = f"{player} is not harmed by {family}"
    elif spec.kind == "keep":
        text = f"{player} keeps at least {plural(v, 'FF')} at {where.replace('+', ' or ')}"
    else:
        text = f"{player}: {spec.kind} {family} {signed(v)}"
    return f"{text}, {duration(spec)}"


def column_words(column: str) -> str:
    """``red-advantage`` -> ``Red Advantage``; ``red-4:1`` -> ``Red 4:1``."""
    return " ".join(part if ":" in part else part.capitalize() for part in column.split("-"))


def row_amounts(band: Band, card: Card, leaders: Sequence[str]) -> list[str]:
    """The IP and RP lines of a band or outcome row."""
    lines = []
    if band.ip:
        lines.append(f"IP: {changes(band.ip, card)}")
    if band.lead_ip:
        order = "/".join(f"{leader} leads" for leader in leaders)
        lines.append(f"IP ({order}): {lead_changes(band, card, leaders)}")
    if band.rp:
        lines.append(f"RP: {changes(band.rp, card)}")
    if band.delay and (band.ip or band.rp or band.lead_ip) and not band.raise_by:
        lines.append("next turn" if band.delay == 1 else f"in {band.delay} turns")
    return lines


def row_extras(band: Band, card: Card, level_word: str = "") -> list[str]:
    """What a band does besides IPs and RPs: levels, effects, repeats, responses, pins."""
    lines = []
    if band.raise_by and not band.label:
        when = "" if not band.delay else " next turn" if band.delay == 1 else f" in {band.delay} turns"
        lines.append(f"+{band.raise_by} {level_word or 'level'}{when}")
    lines += [effect_words(spec, card) for spec in band.effects]
    if band.repeat:
        lines.append("the card stays in play and is rolled again next turn")
    if band.respond:
        lines.append("a response follows (see Contest)")
    if band.pin_turns:
        lines.append(
            "committed forces stay put "
            + ("until released" if band.pin_turns >= UNTIL_USED else f"for {plural(band.pin_turns, 'turn')}")
        )
    if band.unpin:
        lines.append("committed forces are released")
    if band.unpin_at_end:
        lines.append("committed forces are released at the end of the turn")
    return lines
