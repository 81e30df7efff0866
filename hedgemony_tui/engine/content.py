"""The static content a game plays with: the mats, the scenario and its cards.

A game state names its scenario; ``content_for`` finds the content for that name (the
shipped default, or one registered by a test or a facilitator's scenario folder).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import attrs

from .cards import Card, CardError, CardKind, load_cards
from .scenario import Scenario, load_scenario
from .tables import RuleTables

_REGISTRY: dict[str, Content] = {}


@attrs.frozen
class Content:
    rules: RuleTables
    scenario: Scenario
    cards: Mapping[str, Card]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def deck(self, player: str) -> tuple[Card, ...]:
        """A player's action and investment cards, in file order."""
        return tuple(
            c for c in self.cards.values() if c.player == player and c.kind in (CardKind.ACTION, CardKind.INVESTMENT)
        )


def load_content(directory: Any, rules: RuleTables, shown_as: str | None = None) -> Content:
    """Read ``scenario.toml``, ``board.toml`` and ``cards/*.toml`` under ``directory``."""
    scenario = load_scenario(directory, shown_as)
    folder = directory / "cards"
    files = []
    if folder.is_dir():
        files = sorted(
            ((f"{scenario.id}/cards/{entry.name}", entry.read_bytes()) for entry in folder.iterdir() if entry.name.endswith(".toml")),
            key=lambda item: item[0],
        )
    cards = load_cards(files, scenario.player_ids)
    _check_against_board(cards, scenario)
    return Content(rules=rules, scenario=scenario, cards=cards)


def _check_against_board(cards: Mapping[str, Card], scenario: Scenario) -> None:
    aors = {a.id for a in scenario.board.aors}
    places = {loc.id for loc in scenario.board.locations}
    for card in cards.values():
        if card.aor and card.aor not in aors and card.aor != "GLOBAL":
            raise CardError(f"{card.id}: aor: unknown AOR {card.aor!r}; the board has {', '.join(sorted(aors))}")
        if card.contest:
            for place in card.contest.locations:
                if place not in places:
                    raise CardError(f"{card.id}: contest.locations: unknown location {place!r}")


def register(content: Content) -> None:
    """Make ``content`` the one games naming its scenario id play with."""
    _REGISTRY[content.scenario.id] = content


@lru_cache(maxsize=1)
def _default() -> Content:
    from ..resources import data_dir, default_rules  # the engine's only file lookup

    return load_content(data_dir() / "scenarios" / "default", default_rules())


def content_for(scenario_id: str) -> Content:
    if scenario_id in _REGISTRY:
        return _REGISTRY[scenario_id]
    if scenario_id == "default":
        return _default()
    raise KeyError(f"no scenario named {scenario_id!r} is loaded")
