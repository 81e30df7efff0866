"""``hedgemony cards``, ``hedgemony cards show ID`` and ``hedgemony check-scenario DIR``.

``cards`` lists a scenario's cards (the shipped default, or ``--scenario DIR``),
filtered by ``--player`` and ``--kind``; ``cards show ID`` draws one card as printed
(:mod:`hedgemony_tui.games.hedgemony.render.cards`); ``check-scenario DIR`` lists every problem in a
scenario folder, one line each naming the file, the card and the field, and exits 2 if
there is any. Each prints one JSON document with ``--json``.
"""

from __future__ import annotations

import argparse
import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
from rich.console import RenderableType

from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.errors import RuleInputError, ScenarioError

from ..engine.card_loader import read_card_files
from ..engine.cards import Card, CardError, CardKind
from ..engine.content import Content, card_files, check_scenario_folder, content_for, load_content
from ..engine.resources import default_rules
from ..engine.scenario import load_scenario
from ..render import cards as draw

EXIT_PROBLEMS = 2
PLAYERS_HELP = "US|NATO|RU|PRC|DPRK|IR|WHITE"
SCENARIO_FILES = ("board.toml", "scenario.toml")
FOLDER_HINT = "a scenario folder holds board.toml, scenario.toml and cards/*.toml"


def add_card_parsers(commands: Any) -> None:
    cards = commands.add_parser("cards", help="list the cards of a scenario; `cards show ID` draws one")
    cards.add_argument("--player", type=str.upper, metavar=PLAYERS_HELP, help="only the cards this player owns")
    cards.add_argument("--kind", choices=[k.value for k in CardKind], help="only cards of this kind")
    cards.add_argument("--scenario", metavar="DIR", help="a scenario folder (default: the shipped scenario)")
    cards.add_argument("--json", action="store_true", help="print one JSON array")
    cards.set_defaults(handler=cmd_cards)
    sub = cards.add_subparsers(dest="cards_command", metavar="show", parser_class=type(cards))
    show = sub.add_parser("show", help="draw one card as printed")
    show.add_argument("card_id", metavar="ID", help="a card id, e.g. PRC-03")
    # SUPPRESS: given before ``show`` (``cards --json show ID``) they still count.
    show.add_argument("--scenario", metavar="DIR", default=argparse.SUPPRESS, help="a scenario folder")
    show.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")
    show.set_defaults(handler=cmd_card_show)

    check = commands.add_parser("check-scenario", help="list every problem in a scenario folder")
    check.add_argument("folder", metavar="DIR", help=FOLDER_HINT)
    check.add_argument("--json", action="store_true", help="print one JSON object")
    check.set_defaults(handler=cmd_check_scenario)


# --- finding things ---------------------------------------------------------------------------


def scenario_folder(text: str) -> Path:
    """``text`` as a scenario folder, or a one-line :class:`RuleInputError` saying why not."""
    path = Path(text)
    if not path.exists():
        raise RuleInputError(f"{text}: no such folder ({FOLDER_HINT})")
    if not path.is_dir():
        if path.name in SCENARIO_FILES or path.parent.name == "cards":
            folder = path.parent if path.name in SCENARIO_FILES else path.parent.parent
            raise RuleInputError(f"{text} is a file; give its scenario folder instead: {folder}")
        raise RuleInputError(f"{text} is a file, not a scenario folder ({FOLDER_HINT})")
    missing = [name for name in SCENARIO_FILES if not (path / name).is_file()]
    if missing:
        raise RuleInputError(f"{text} is not a scenario folder: it has no {' and no '.join(missing)} ({FOLDER_HINT})")
    return path


def content_of(folder: str | None) -> Content:
    """The shipped default content, or the scenario folder's (refused if it has a problem)."""
    if folder is None:
        return content_for("default")
    try:
        return load_content(scenario_folder(folder), default_rules(), shown_as=folder.rstrip("/\\") or folder)
    except CardError as exc:
        raise CardError(f"{exc}; `hedgemony check-scenario {folder}` lists every problem") from None


def find_card(content: Content, card_id: str) -> Card:
    """The card ``card_id`` (any letter case), or an error suggesting the closest ids."""
    if card_id in content.cards:
        return content.cards[card_id]
    by_upper = {key.upper(): key for key in content.cards}
    if card_id.upper() in by_upper:
        return content.cards[by_upper[card_id.upper()]]
    close = difflib.get_close_matches(card_id.upper(), list(by_upper), n=3, cutoff=0.5)
    hint = f"did you mean {', '.join(by_upper[c] for c in close)}?" if close else "`hedgemony cards` lists them"
    raise RuleInputError(f"no card {card_id!r}; {hint}")


def card_summary(card: Card) -> dict[str, Any]:
    """The JSON of one card in a list: who plays it, what it costs, how often."""
    return {
        "id": card.id,
        "player": card.player,
        "kind": card.kind.value,
        "title": card.title,
        "cost": 0 if card.pay_to_play or card.is_event else card.cost,
        # A card played in units (RU-18) costs this much per unit, 1 to max_units of them.
        "unit_cost": card.unit_cost,
        "max_units": card.max_units,
        "pay_to_play": card.pay_to_play,
        "every": 0 if card.is_event else card.every,
        "source": card.source,
        "families": list(card.families),
        "aor": card.aor,
        "resolution": card.resolution,
        "figure": card.figure,
    }


def card_detail(card: Card) -> dict[str, Any]:
    """Every field of the card, with the list's normalised ``cost`` and ``every``."""
    detail = attrs.asdict(card)
    return {**detail, **card_summary(card)}


# --- the commands -------------------------------------------------------------------------------


def cmd_cards(args: argparse.Namespace) -> tuple[list[dict[str, Any]], RenderableType]:
    content = content_of(args.scenario)
    cards = list(content.cards.values())
    if args.player:
        allowed = (*content.scenario.player_ids, "WHITE")
        if args.player not in allowed:
            raise RuleInputError(f"--player must be one of {', '.join(allowed)} (got {args.player!r})")
        cards = [c for c in cards if c.player == args.player]
    if args.kind:
        cards = [c for c in cards if c.kind.value == args.kind]
    filters = [f for f in (args.player, args.kind) if f]
    title = content.scenario.name + (f" — {', '.join(filters)}" if filters else "")
    return [card_summary(c) for c in cards], draw.card_list(cards, title)


def cmd_card_show(args: argparse.Namespace) -> tuple[dict[str, Any], RenderableType]:
    card = find_card(content_of(getattr(args, "scenario", None)), args.card_id)
    return card_detail(card), draw.card_panel(card)


def _card_sources(files: list[tuple[str, bytes]]) -> dict[str, str]:
    """Card id -> the file that holds it (the first, as the loader reads them), read leniently."""
    sources: dict[str, str] = {}
    for name, data in files:
        try:
            raws = tomlsafe.loads(data.decode("utf-8"), what=name, max_bytes=tomlsafe.MAX_CARD_FILE_BYTES).get(
                "card", []
            )
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        for raw in raws if isinstance(raws, list) else []:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                sources.setdefault(raw["id"], name)
    return sources


_TOML_AT = re.compile(r"^(?P<file>.+?): not valid TOML: .*\(at line (?P<line>\d+), column \d+\)$")
_CARD_HEADER = re.compile(r"^\s*\[\[\s*card\s*\]\]")
_ID_LINE = re.compile(r"""^\s*id\s*=\s*["']([^"']+)["']""")
_KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*=")


def _toml_place(text: str, line: int) -> tuple[str, str]:
    """The card (by its ``id`` line) and the key on ``line`` of a file TOML cannot read."""
    lines = text.splitlines()
    start = max((i for i in range(min(line, len(lines))) if _CARD_HEADER.match(lines[i])), default=-1)
    card = ""
    if start >= 0:
        end = next((i for i in range(start + 1, len(lines)) if _CARD_HEADER.match(lines[i])), len(lines))
        card = next((m.group(1) for i in range(start, end) if (m := _ID_LINE.match(lines[i]))), "")
    key = _KEY_LINE.match(lines[line - 1]) if 0 < line <= len(lines) else None
    return card, key.group(1).strip() if key else f"line {line}"


def _located(problem: str, sources: dict[str, str], files: dict[str, bytes]) -> str:
    """Put the card's file in front of board problems (they name only the card and the
    field), and the card and key in front of TOML errors (they name only the line)."""
    head = problem.split(": ", 1)[0]
    if head in sources:
        return f"{sources[head]}: {problem}"
    match = _TOML_AT.match(problem)
    if match and match["file"] in files:
        card, key = _toml_place(files[match["file"]].decode("utf-8", "replace"), int(match["line"]))
        if card:
            return f"{match['file']}: {card}: {key}: {problem[len(match['file']) + 2 :]}"
    return problem


def _shown_in(problem: str, prefixes: tuple[str, ...], folder: str) -> str:
    """Name files as found under the folder the user gave (``DIR/cards/x.toml``), not by
    the scenario's id or the folder's last name."""
    for prefix in prefixes:
        if problem.startswith(prefix):
            return f"{folder}/{problem[len(prefix) :]}"
    return problem


def cmd_check_scenario(args: argparse.Namespace) -> tuple[dict[str, Any], RenderableType | str, int]:
    folder = scenario_folder(args.folder)
    shown = args.folder.rstrip("/\\") or args.folder
    prefixes: tuple[str, ...]
    try:
        problems = check_scenario_folder(folder, default_rules())
        try:
            scenario = load_scenario(folder, None)
        except ScenarioError:
            files, count, prefixes = [], 0, (f"{folder.name}/",)
        else:
            files = card_files(folder, scenario.id)[0]
            count = len(read_card_files(files, scenario.player_ids)[0])
            prefixes = (f"{scenario.id}/", f"{folder.name}/")
    except OSError as exc:
        raise RuleInputError(f"{args.folder}: cannot read the folder: {exc.strerror or exc}") from None
    sources = _card_sources(files)
    problems = [_shown_in(_located(p, sources, dict(files)), prefixes, shown) for p in problems]
    payload = {"folder": args.folder, "ok": not problems, "cards": count, "problems": problems}
    if not problems:
        return payload, f"{args.folder}: OK — {count} cards", 0
    found = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    return payload, "\n".join([*problems, f"{args.folder}: {found}"]), EXIT_PROBLEMS
