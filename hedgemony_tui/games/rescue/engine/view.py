"""What a seat sees, the secrets a privacy check may vary, and a state's invariants.

Everything is open (table talk is encouraged, L58) except the order of the event deck
and the dice's future: a view shows the deck sorted and no seed."""

from __future__ import annotations

import attrs

from hedgemony_tui.table.deck import shuffle_cards
from hedgemony_tui.table.dice import Rng

from .actors import BAG, COLOURS, CRISES, RESOURCES, SEATS
from .board import Board, default_board
from .cards import event_cards
from .game import initiative_roller
from .setup import DRAWERS, GP_SCOPES
from .state import INITIATIVE, OVER, PLACING, RescueState

HIDDEN_RNG = Rng(0)


def view(state: RescueState, seat: str) -> RescueState:
    """The state as any seat sees it: the deck's order and the seed hidden."""
    return attrs.evolve(state, deck=tuple(sorted(state.deck)), rng=HIDDEN_RNG)


def vary_secrets(state: RescueState, seat: str, salt: int) -> RescueState:
    """The same game with another deck order and another seed (what no seat may see)."""
    rng = Rng(state.rng.seed ^ (0x5DEECE66D * (salt + 1)), state.rng.draws, state.rng.keys)
    deck, _ = shuffle_cards(state.deck, Rng(salt + 1), 0, "vary")
    if deck == state.deck and len(deck) > 1:
        deck = deck[1:] + deck[:1]
    return attrs.evolve(state, deck=deck, rng=rng)


def problems(state: RescueState, board: Board | None = None) -> list[str]:
    """Every broken invariant, in words (a save that fails these is refused)."""
    board = board or default_board()
    found: list[str] = []
    s = state.settings
    if s.gp_scope not in GP_SCOPES or not 1 <= s.transport_limit <= 30 or s.event_drawer not in DRAWERS:
        found.append(f"the settings are outside the new-game form's choices: {s}")
    if tuple(a.id for a in state.actors) != SEATS:
        found.append("the actors are not USM, HN, HC in that order")
    for a in state.actors:
        if a.hex not in board.terrain:
            found.append(f"{a.id} stands on {a.hex}, which is not on the map")
        if min(a.tokens.of(r) for r in RESOURCES) < 0 or a.gp < 0:
            found.append(f"{a.id} holds a negative count")
    if len(state.crises) != CRISES or [c.number for c in state.crises] != list(range(1, CRISES + 1)):
        found.append("the crises are not Crisis 1-6 in order")
    colours = [c.colour for c in state.crises if c.placed]
    if any(c not in COLOURS for c in colours) or any(colours.count(c) > BAG.count(c) for c in COLOURS):
        found.append(f"the crisis dice do not come from the bag of six: {colours}")
    for c in state.crises:
        if c.placed and not 1 <= c.face <= 6:
            found.append(f"Crisis {c.number}'s die shows {c.face}")
        if c.resolved_by and c.resolved_by not in SEATS:
            found.append(f"Crisis {c.number} was resolved by {c.resolved_by!r}, not an actor")
        if c.hex != board.crises[c.number - 1]:
            found.append(f"Crisis {c.number} is on {c.hex}, not where the map puts it")
    if state.stage not in (INITIATIVE, PLACING) and len(colours) != CRISES:
        found.append("the game is past setup with crisis dice still in the bag")
    if sorted(state.deck + state.discards) != sorted(event_cards()):
        found.append("the event deck and discards are not the twelve cards")
    for stock in state.depots:
        if (
            stock.hex not in board.depot_hexes()
            or stock.count <= 0
            or stock.owner not in SEATS
            or stock.resource not in RESOURCES
        ):
            found.append(f"a depot entry is not possible: {stock}")
    if state.stage == INITIATIVE and initiative_roller(state.initiative) is None:
        found.append("initiative is settled but the game still waits for it")
    if state.stage == OVER and state.result not in ("saved", "failed"):
        found.append("the game is over without a result")
    if state.stage != INITIATIVE and sorted(state.order) != sorted(SEATS):
        found.append(f"the initiative order {state.order} is not the three actors")
    return found
