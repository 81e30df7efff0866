"""A new game: the options checked, the meeples on their starts with their tokens
(L16-L24), the event deck shuffled, and the initiative rolls owed (L13)."""

from __future__ import annotations

from collections.abc import Mapping

from hedgemony_tui.table.contract import OptionSpec
from hedgemony_tui.table.deck import shuffle_cards
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.table.rules_base import checked_options, seed_problem

from .actors import NAMES, SEATS, START_GP, START_TOKENS
from .board import Board, default_board
from .cards import event_cards
from .state import Actor, RescueState, Settings, Tokens, empty_crises, logged

GP_SCOPES = ("all-media-double", "media", "all")
DRAWERS = ("rotate", "first-player")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "gp_scope",
        "Media Meeple and GP",
        "all-media-double",
        "which crises count for Global Perception at the end of a cycle: all-media-double (every crisis, "
        "twice under the Media Meeple), media (only the crisis under the Media Meeple) or all (every crisis, "
        "the Media Meeple ignored)",
        choices=GP_SCOPES,
    ),
    OptionSpec(
        "transport_limit", "Transport limit", 5, "how many tokens a player may pick up from depots in one turn", 1, 30
    ),
    OptionSpec(
        "event_drawer",
        "Who draws the event card",
        "rotate",
        "rotate (each player in initiative order, cycle by cycle) or first-player (always the first)",
        choices=DRAWERS,
    ),
    OptionSpec(
        "no_winner_on_failure",
        "No winner if Gameland fails",
        False,
        "on: when a riot ends the game no one wins; off (as printed): the highest GP wins however the game ends",
    ),
    OptionSpec(
        "physical_dice",
        "Physical dice",
        False,
        "people type in real dice and bag draws; a computer player rolls its own",
    ),
)


def settings_from(options: Mapping[str, object]) -> Settings:
    # checked_options has checked each value against its OptionSpec: the types match the fields.
    return Settings(**checked_options(OPTIONS, options))  # type: ignore[arg-type]


def new_game(seed: int, options: Mapping[str, object], board: Board | None = None) -> RescueState:
    problem = seed_problem(seed)
    if problem:
        raise RuleInputError(problem)
    settings = settings_from(options)
    board = board or default_board()
    rng = Rng(seed)
    deck, rng = shuffle_cards(sorted(event_cards()), rng, 0, "event deck")
    actors = tuple(Actor(s, board.starts[s], Tokens(**START_TOKENS[s]), START_GP) for s in SEATS)
    state = RescueState(settings=settings, rng=rng, actors=actors, crises=empty_crises(board.crises), deck=deck)
    starts = "; ".join(f"{NAMES[a.id]} at {a.hex} with {a.tokens.describe()}, {a.gp} GP" for a in actors)
    return logged(state, "", "setup", f"A typhoon has hit Gameland. {starts}. Roll for initiative.")
