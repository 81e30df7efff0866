"""The static content a game plays with: the mats, the scenario and its cards.

A game state names its scenario; ``content_for`` finds the content for that name (the
shipped default, the only one known by name). Content read from another scenario
folder (``load_content``) is passed to the engine's functions explicitly.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

import attrs

from hedgemony_tui.table.errors import ScenarioError

from ..resources import data_dir, default_rules
from .card_loader import read_card_files
from .cards import Card, CardError, CardKind, EffectSpec
from .intents import Intent
from .memo import LastAnswer
from .scenario import Scenario, load_scenario
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
    legal_memo: LastAnswer[GameState, list[Intent]] = attrs.field(
        init=False, factory=LastAnswer, eq=False, repr=False)
    rulings_memo: LastAnswer[tuple[Ruling, ...], Content] = attrs.field(
        init=False, factory=lambda: LastAnswer(operator.eq), eq=False, repr=False)

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


def _card_files(directory: Any, scenario_id: str) -> list[tuple[str, bytes]]:
    folder = directory / "cards"
    if not folder.is_dir():
        return []
    return sorted(
        ((f"{scenario_id}/cards/{entry.name}", entry.read_bytes()) for entry in folder.iterdir() if entry.name.endswith(".toml")),
        key=lambda item: item[0],
    )


def load_content(directory: Any, rules: RuleTables, shown_as: str | None = None) -> Content:
    """Read ``scenario.toml``, ``board.toml`` and ``cards/*.toml`` under ``directory``."""
    scenario = load_scenario(directory, shown_as)
    cards, problems = read_card_files(_card_files(directory, scenario.id), scenario.player_ids)
    problems += board_problems(cards, scenario)
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise CardError(problems[0] + more)
    return Content(rules=rules, scenario=scenario, cards=cards)


def check_scenario_folder(directory: Any, rules: RuleTables) -> list[str]:
    """Every problem in a scenario folder (``hedgemony check-scenario``); empty if none."""
    try:
        scenario = load_scenario(directory, None)
    except ScenarioError as exc:
        return [str(exc)]
    cards, problems = read_card_files(_card_files(directory, scenario.id), scenario.player_ids)
    return problems + board_problems(cards, scenario)


def board_problems(cards: Mapping[str, Card], scenario: Scenario) -> list[str]:
    """Places, AORs and players the cards name that the scenario does not have."""
    aors = {a.id for a in scenario.board.aors}
    places = {loc.id for loc in scenario.board.locations}
    problems = []
    for card in cards.values():
        if card.aor and card.aor not in aors and card.aor != "GLOBAL":
            problems.append(f"{card.id}: aor: unknown AOR {card.aor!r}; the board has {', '.join(sorted(aors))}, GLOBAL")
        if card.contest:
            for place in card.contest.locations:
                if place not in places:
                    problems.append(f"{card.id}: contest.locations: unknown location {place!r}")
            for player, limit in card.contest.limits.items():
                if limit.location and limit.location not in places:
                    problems.append(f"{card.id}: contest.limits.{player}.location: unknown location {limit.location!r}")
        for spec in _all_effects(card):
            for prefix in ("at:", "deploy:"):
                if spec.family.startswith(prefix) and spec.family[len(prefix):] not in places:
                    problems.append(f"{card.id}: effects: {spec.family!r} names an unknown location")
    return problems


def _all_effects(card: Card) -> Iterator[EffectSpec]:
    yield from card.on_play
    for band in card.bands + card.lead_bands + card.follow_bands + tuple(b for bs in card.choice_bands.values() for b in bs):
        yield from band.effects
    if card.result:
        yield from card.result.effects
    if card.contest:
        for row in card.contest.outcomes.values():
            yield from row.effects
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


def content_for(scenario_id: str) -> Content:
    """The content of the scenario a game names: only the shipped ``default`` is known by
    name."""
    if scenario_id == "default":
        return _shipped()
    raise KeyError(f"no scenario named {scenario_id!r} is loaded")
