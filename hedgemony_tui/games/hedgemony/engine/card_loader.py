"""Reading card files: TOML ``[[card]]`` tables into :class:`~.cards.Card`, checked.

Every problem names the file, the card id and the field, so that a facilitator writing
cards can fix them without reading code. :func:`read_card_files` collects every problem in
a folder (``hedgemony check-scenario`` lists them; ``content.load_content`` refuses the first).
The field-by-field reading is :class:`~.card_fields.Reader`; here are the card as a whole and the files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from hedgemony_tui.table import tomlsafe

from .card_fields import ROW_KEYS, Abort, Reader, short
from .cards import (
    CAPABILITIES,
    RESOLUTIONS,
    Card,
    CardKind,
)

_CARD_KEYS = {
    "id",
    "player",
    "kind",
    "title",
    "text",
    "resolution",
    "cost",
    "every",
    "once",
    "public",
    "privacy",
    "reveal",
    "families",
    "aor",
    "players",
    "source",
    "figure",
    "note",
    "bands",
    "lead_bands",
    "follow_bands",
    "choice_bands",
    "result",
    "capability",
    "cap_player",
    "percent",
    "levels",
    "contest",
    "on_play",
    "unit_cost",
    "max_units",
    "unit_ip",
    "units_label",
    "choice",
    "vote",
    "offers",
    "lead",
    "repeat_turns",
    "test_bands",
}


def parse_card(raw: Mapping[str, Any], file: str, players: set[str], problems: list[str]) -> Card | None:
    """One card, or None after recording its problems in ``problems`` (every field that
    can be checked on its own is, so an edited card gets all its problems at once)."""
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not card_id:
        problems.append(f"{file}: a card has no id")
        return None
    r = Reader(file, card_id, players, problems)
    before = len(problems)
    try:
        card = _parse(r, raw)
    except Abort:
        return None
    # Some problems are recorded without stopping the read: the card is still refused.
    return card if len(problems) == before else None


def _parse(r: Reader, raw: Mapping[str, Any]) -> Card:
    r.keys("", raw, _CARD_KEYS)
    owner = r.player("player", raw.get("player"), ("WHITE",))
    try:
        kind = CardKind(raw.get("kind", ""))
    except ValueError:
        raise r.fail("kind", f"must be one of {', '.join(k.value for k in CardKind)}") from None
    if kind.is_event != (owner == "WHITE"):
        raise r.fail(
            "player", "event cards belong to WHITE (the White Cell plays them); action and investment cards to a player"
        )
    resolution = r.string("resolution", raw.get("resolution"), RESOLUTIONS)
    for field in ("title", "text"):
        if not isinstance(raw.get(field), str) or not raw[field].strip():
            r.fail(field, "must be a non-empty string in our own words")
    capability = raw.get("capability", "")
    if capability:
        r.string("capability", capability, CAPABILITIES)
    if resolution == "upgrade" and not capability:
        raise r.fail("capability", f"an upgrade card names one of {', '.join(CAPABILITIES)}")
    choice_bands = {
        key: r.bands(f"choice_bands.{key}", value)
        for key, value in r.table("choice_bands", raw.get("choice_bands", {})).items()
    }
    result = None
    if "result" in raw:
        item = r.table("result", raw["result"])
        r.keys("result", item, ROW_KEYS)
        result = r.row("result", item, label=str(item.get("label", "Result")))
    card = Card(
        id=r.card,
        player=owner,
        kind=kind,
        title=str(raw.get("title", "")),
        text=str(raw.get("text", "")),
        resolution=resolution,
        cost=r.integer("cost", raw.get("cost", 0), 0, 50),
        pay_to_play=resolution in ("modernize", "procure"),
        every=r.integer("every", raw.get("every", 0 if kind.is_event else 1), 0, 20),
        once=r.string("once", raw.get("once", "game" if kind.is_event else ""), ("", "game", "choice")),
        public=r.boolean("public", raw.get("public", True)),
        private_on=r.faces("privacy", raw["privacy"]) if "privacy" in raw else None,
        reveal=r.string("reveal", raw.get("reveal", "use-or-three-turns"), ("use-or-three-turns", "use")),
        families=r.strings("families", raw.get("families", [])),
        aor=r.string("aor", raw.get("aor", "")),
        players=r.players_list("players", raw.get("players", [])),
        source=r.string("source", raw.get("source", "edition"), ("rulebook", "edition")),
        figure=str(raw.get("figure", "")),
        note=str(raw.get("note", "")),
        bands=r.bands("bands", raw.get("bands")),
        lead_bands=r.bands("lead_bands", raw.get("lead_bands")),
        follow_bands=r.bands("follow_bands", raw.get("follow_bands")),
        test_bands=r.bands("test_bands", raw.get("test_bands")),
        choice_bands=choice_bands,
        result=result,
        capability=capability,
        cap_player=r.player("cap_player", raw["cap_player"]) if "cap_player" in raw else "",
        percent=r.integer("percent", raw.get("percent", 20), 1, 100),
        levels=r.integer("levels", raw.get("levels", 1), 1, 6),
        contest=r.contest(raw.get("contest")) if resolution == "contest" else None,
        on_play=r.effects("on_play", raw.get("on_play")),
        unit_cost=r.integer("unit_cost", raw.get("unit_cost", 0), 0, 20),
        max_units=r.integer("max_units", raw.get("max_units", 0), 0, 10),
        unit_ip=r.per_player("unit_ip", raw.get("unit_ip")),
        units_label=str(raw.get("units_label", "")),
        choice=r.choice(raw.get("choice")),
        vote=r.vote(raw.get("vote")),
        offers=r.offers(raw.get("offers")),
        lead=r.players_list("lead", raw.get("lead", [])),
        repeat_turns=r.integer("repeat_turns", raw.get("repeat_turns", 0), 0, 20),
    )
    _check_whole(r, card)
    return card


def _check_whole(r: Reader, card: Card) -> None:
    """Rules that tie fields together."""
    needs = {
        "d10": (bool(card.bands or card.choice_bands), "bands", "a d10 card needs its bands (or choice_bands)"),
        "tech": (
            bool(card.lead_bands and card.follow_bands),
            "lead_bands",
            "an R&D card needs lead_bands and follow_bands",
        ),
        "upgrade": (bool(card.bands), "bands", "an upgrade card needs its bands"),
    }
    if card.resolution in needs:
        ok, field, problem = needs[card.resolution]
        if not ok:
            r.fail(field, problem)
    if card.contest and card.contest.table == "bands" and not (card.bands or card.choice_bands):
        r.fail("bands", 'a contest read on "bands" needs the bands it reads')
    if card.test_bands and not (card.contest and any(b.respond for b in card.test_bands)):
        r.fail("test_bands", "a test opens a response: it needs a [card.contest] and a band with respond = true")
    if card.max_units and not card.unit_cost:
        r.fail("unit_cost", "a card played in units needs its cost per unit")
    if card.is_event and card.cost:
        r.fail("cost", "event cards cost nothing to inject; put RP changes in their results")
    if card.choice:
        option_ids = {o.id for o in card.choice.options}
        for key in card.choice_bands:
            if option_ids and key not in option_ids:
                r.fail(f"choice_bands.{key}", f"names no option of the choice ({', '.join(sorted(option_ids))})")
    elif card.choice_bands:
        r.fail("choice_bands", "choice_bands need a [card.choice]")
    if card.once == "choice" and not card.choice:
        r.fail("once", '"choice" (once per option) needs a [card.choice]')
    if card.lead and not card.contest:
        r.fail("lead", "a roll-off to lead needs a [card.contest] for the leader's forces")
    if card.private_on is not None and not 0 <= card.private_on[0] <= card.private_on[1] <= 9:
        r.fail("privacy", "faces must be 0-9, low to high")


def read_card_files(files: Iterable[tuple[str, bytes]], players: Iterable[str]) -> tuple[dict[str, Card], list[str]]:
    """Every card that reads cleanly, and every problem found, in file order."""
    known = set(players)
    cards: dict[str, Card] = {}
    problems: list[str] = []
    for name, data in files:
        try:
            doc = tomlsafe.loads(data.decode("utf-8"), what="this card file", max_bytes=tomlsafe.MAX_CARD_FILE_BYTES)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{name}: not valid TOML: {exc}")
            continue
        unknown = set(doc) - {"card"}
        if unknown:
            problems.append(f"{name}: unknown top-level key {sorted(unknown)[0]!r}; cards are [[card]] tables")
        raws = doc.get("card", [])
        if not isinstance(raws, list):
            problems.append(f"{name}: card: must be [[card]] tables, found {short(raws)}")
            continue
        for raw in raws:
            if not isinstance(raw, dict):
                problems.append(f"{name}: every [[card]] must be a table")
                continue
            card = parse_card(raw, name, known, problems)
            if card is None:
                continue
            if card.id in cards:
                problems.append(f"{name}: {card.id}: id: used twice")
                continue
            cards[card.id] = card
    return cards, problems
