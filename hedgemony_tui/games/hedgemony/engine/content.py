"""The static content a game plays with: the mats, the scenario and its cards.

A game state names its scenario; ``content_for`` finds the content for that name: the
shipped ``default``, or a scenario folder recorded as ``folder:<path>#<digest>`` (read
once per process and checked against the digest the game began with).
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.errors import ScenarioError
from hedgemony_tui.table.files import read_regular

from .card_loader import read_card_files
from .cards import Card, CardError, CardKind, EffectSpec
from .intents import Intent
from .memo import LastAnswer
from .resources import data_dir, default_rules
from .scenario import Scenario, load_scenario
from .scenario_check import scenario_problems
from .state import GameState, Ruling
from .tables import RuleTables


@attrs.frozen
class Content:
    rules: RuleTables
    scenario: Scenario
    cards: Mapping[str, Card]
    # The scenario's own content when this one adds a game's ruled free-play cards to it.
    base: Content | None = attrs.field(default=None, eq=False, repr=False)
    # Built once: events and decks are read at nearly every decision.
    _events: tuple[Card, ...] = attrs.field(init=False, eq=False, repr=False)
    _decks: dict[str, tuple[Card, ...]] = attrs.field(init=False, eq=False, repr=False)
    # This content's memos (``memo.py``), fresh on every instance, an extended one
    # included: the last answer of ``game.legal_intents`` (by the state's identity), and
    # the last extension of this content with a game's rulings (by equal rulings).
    legal_memo: LastAnswer[GameState, list[Intent]] = attrs.field(init=False, factory=LastAnswer, eq=False, repr=False)
    rulings_memo: LastAnswer[tuple[Ruling, ...], Content] = attrs.field(
        init=False, factory=lambda: LastAnswer(operator.eq), eq=False, repr=False
    )
    # Every signal a Red player may lay down, by (player, activation markers on): it
    # depends on the deck alone, and sealed signaling lists every Red player's at once.
    signal_memo: dict[tuple[str, bool], tuple[Any, ...]] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_events", tuple(c for c in self.cards.values() if c.is_event))
        decks: dict[str, list[Card]] = {}
        for c in self.cards.values():
            if c.kind in (CardKind.ACTION, CardKind.INVESTMENT) and c.source != "ruling":
                decks.setdefault(c.player, []).append(c)
        object.__setattr__(self, "_decks", {p: tuple(cards) for p, cards in decks.items()})

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def events(self) -> tuple[Card, ...]:
        """The White Cell's event cards (domestic and international), in file order."""
        return self._events

    def deck(self, player: str) -> tuple[Card, ...]:
        """A player's action and investment cards, in file order."""
        return self._decks.get(player, ())


def card_files(directory: Any, scenario_id: str) -> tuple[list[tuple[str, bytes]], list[str]]:
    """The folder's ``cards/*.toml`` (named ``<scenario id>/cards/x.toml``, sorted), and a
    problem for each that cannot be read: a dangling link, a FIFO (which would block the
    read forever), a folder, a file too big to be a card file."""
    folder = directory / "cards"
    if not folder.is_dir():
        return [], []
    files: list[tuple[str, bytes]] = []
    problems: list[str] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        name = f"{scenario_id}/cards/{entry.name}"
        try:
            data = read_regular(entry, tomlsafe.MAX_CARD_FILE_BYTES)
        except FileNotFoundError:
            problems.append(f"{name}: cannot read the file: it is a link to nothing")
            continue
        except OSError as exc:
            problems.append(f"{name}: cannot read the file: {exc.strerror or exc}")
            continue
        if len(data) > tomlsafe.MAX_CARD_FILE_BYTES:
            problems.append(f"{name}: larger than the {tomlsafe.MAX_CARD_FILE_BYTES:,} bytes a card file may hold")
            continue
        files.append((name, data))
    return files, problems


def load_content(directory: Any, rules: RuleTables, shown_as: str | None = None) -> Content:
    """Read ``scenario.toml``, ``board.toml`` and ``cards/*.toml`` under ``directory``."""
    scenario = load_scenario(directory, shown_as)
    # A folder's files are named by the folder they are in (``shown_as``) when given: a
    # copy of the shipped scenario keeps its id, and its error must name the copy's file.
    files, unread = card_files(directory, shown_as or scenario.id)
    cards, problems = read_card_files(files, scenario.player_ids)
    problems = unread + problems + board_problems(cards, scenario) + playability_problems(cards, scenario)
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise CardError(problems[0] + more)
    return Content(rules=rules, scenario=scenario, cards=cards)


def check_scenario_folder(directory: Any, rules: RuleTables) -> list[str]:
    """Every problem in a scenario folder (``hedgemony check-scenario``); empty if none."""
    try:
        scenario = load_scenario(directory, None)
    except ScenarioError as exc:
        return scenario_problems(directory) or [str(exc)]
    files, unread = card_files(directory, scenario.id)
    cards, problems = read_card_files(files, scenario.player_ids)
    return unread + problems + board_problems(cards, scenario) + playability_problems(cards, scenario)


MAX_SIGNAL_DECK = 40
"""The most action and investment cards a Red player's deck may hold. Signaling lists
every trio of its cards as a legal choice (eight ways each with activation markers), so
the choices grow as the cube of the deck. Measured with the shipped mix of kinds: 20
cards give 756 signals (6,048 with markers), 40 give 6,384 (51,072) in 0.07 s, and every
decision of the phase lists them for each Red player still to choose; 10,000 cards
would be some 1.7e11 trios and never finish. The shipped Red decks hold 17-20."""


def playability_problems(cards: Mapping[str, Card], scenario: Scenario) -> list[str]:
    """What would make a scenario that reads cleanly unplayable: a player with no cards
    to play, a Red player that cannot make a signal (three cards, at least one action and
    one investment), a Red deck too big to list its signals."""
    if not any(c.kind in (CardKind.ACTION, CardKind.INVESTMENT) for c in cards.values()):
        return [
            "cards: the scenario has no action or investment cards at all; each player needs a deck in cards/*.toml"
        ]
    problems = []
    for player in scenario.players:
        deck = [
            c
            for c in cards.values()
            if c.player == player.id and c.kind in (CardKind.ACTION, CardKind.INVESTMENT) and c.source != "ruling"
        ]
        if not deck:
            problems.append(f"cards: {player.id} has no action or investment cards; every player needs a deck")
            continue
        if player.side != "red":
            continue
        kinds = {c.kind for c in deck}
        if len(deck) < 3 or kinds != {CardKind.ACTION, CardKind.INVESTMENT}:
            problems.append(
                f"cards: {player.id} cannot signal: a Red player needs at least 3 cards, "
                f"at least one action and one investment (has {len(deck)})"
            )
        elif len(deck) > MAX_SIGNAL_DECK:
            problems.append(
                f"cards: {player.id} has {len(deck)} cards, more than the {MAX_SIGNAL_DECK} "
                "a Red player may hold (signaling lists every trio of them)"
            )
    return problems


def board_problems(cards: Mapping[str, Card], scenario: Scenario) -> list[str]:
    """Places, AORs and players the cards name that the scenario does not have."""
    aors = {a.id for a in scenario.board.aors}
    places = {loc.id for loc in scenario.board.locations}
    problems = []
    for card in cards.values():
        if card.aor and card.aor not in aors and card.aor != "GLOBAL":
            problems.append(
                f"{card.id}: aor: unknown AOR {card.aor!r}; the board has {', '.join(sorted(aors))}, GLOBAL"
            )
        if card.contest:
            for place in card.contest.locations:
                if place not in places:
                    problems.append(f"{card.id}: contest.locations: unknown location {place!r}")
            for player, limit in card.contest.limits.items():
                if limit.location and limit.location not in places:
                    problems.append(f"{card.id}: contest.limits.{player}.location: unknown location {limit.location!r}")
        for spec in _all_effects(card):
            for prefix in ("at:", "deploy:", "action:"):
                if spec.family.startswith(prefix) and spec.family[len(prefix) :] not in places:
                    problems.append(f"{card.id}: effects: {spec.family!r} names an unknown location")
            if spec.family.startswith("near:") and not set(spec.family[5:].split("+")) <= places:
                problems.append(f"{card.id}: effects: {spec.family!r} names an unknown location")
    return problems


def _all_effects(card: Card) -> Iterator[EffectSpec]:
    yield from card.on_play
    for band in (
        card.bands + card.lead_bands + card.follow_bands + tuple(b for bs in card.choice_bands.values() for b in bs)
    ):
        yield from band.effects
    if card.result:
        yield from card.result.effects
    if card.contest:
        for row in card.contest.outcomes.values():
            yield from row.effects
    for offer in card.offers:
        for specs in offer.partner_effects.values():
            yield from specs
    if card.choice:
        for option in card.choice.options:
            yield from option.effects
    if card.vote:
        yield from card.vote.yes_effects


@lru_cache(maxsize=1)
def _shipped() -> Content:
    """The shipped default content, read on first use and kept for the process (like the
    mats in ``resources``): it never changes, and every game of the default scenario
    plays with this one object, so its memos serve them all (keyed by state)."""
    return load_content(data_dir() / "scenarios" / "default", default_rules())


FOLDER_REF = "folder:"
"""How a game played from a scenario folder names it (``state.scenario``):
``folder:<absolute path>#<digest>``, the digest being :func:`folder_digest` of its files
when the game began (data/hedgemony/README.md)."""


def folder_digest(directory: Any) -> str:
    """A short SHA-256 of a scenario folder's files (``scenario.toml``, ``board.toml``,
    ``cards/*.toml``: names and bytes), so a save can tell the folder has changed."""
    digest = hashlib.sha256()
    names = [directory / "scenario.toml", directory / "board.toml"]
    cards = directory / "cards"
    if cards.is_dir():
        names += sorted((e for e in cards.iterdir() if e.name.endswith(".toml")), key=lambda e: e.name)
    for path in names:
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        digest.update(read_regular(path, tomlsafe.MAX_BOARD_BYTES))
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def folder_ref(directory: Any) -> str:
    """The name a game records for the scenario folder ``directory`` (absolute, with its digest)."""
    path = Path(directory).resolve()
    return f"{FOLDER_REF}{path}#{folder_digest(path)}"


@lru_cache(maxsize=8)
def _folder_content(path: str, digest: str) -> Content:
    """A scenario folder's content, read once per process for each (folder, digest): a
    game asks for its content at every decision, so the files are hashed and read when
    first asked, not again (an edit made while a game is open counts from the next load,
    which calls :func:`check_folder`)."""
    _check_digest(path, digest)
    return load_content(Path(path), default_rules(), shown_as=path)


def check_folder(scenario_id: str) -> None:
    """Re-read the digest of the folder a game names (when a save is loaded): a
    :class:`ScenarioError` if the folder is gone or its files changed."""
    if scenario_id.startswith(FOLDER_REF):
        path, _, digest = scenario_id[len(FOLDER_REF) :].rpartition("#")
        _check_digest(path, digest)


def _check_digest(path: str, digest: str) -> None:
    folder = Path(path)
    try:
        found = folder_digest(folder)
    except OSError as exc:
        raise ScenarioError(
            path,
            "",
            f"the game's scenario folder cannot be read ({exc.strerror or exc}); "
            "put the folder back where it was to go on with this game",
        ) from None
    if found != digest:
        raise ScenarioError(
            path,
            "",
            "the game's scenario folder has changed since the game began "
            f"(its files' digest was {digest}, now {found}); restore the files as they were "
            "to go on with this game",
        )


def content_for(scenario_id: str) -> Content:
    """The content of the scenario a game names: the shipped ``default``, or a scenario
    folder named ``folder:<path>#<digest>`` (refused with a :class:`ScenarioError` when
    the folder is gone or its files changed)."""
    if scenario_id == "default":
        return _shipped()
    if scenario_id.startswith(FOLDER_REF):
        path, sep, digest = scenario_id[len(FOLDER_REF) :].rpartition("#")
        if sep and path:
            return _folder_content(path, digest)
    raise KeyError(f"no scenario named {scenario_id!r} is loaded")
