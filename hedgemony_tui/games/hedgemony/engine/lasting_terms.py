"""Lasting terms a card leaves for the rest of the game: forces a player must keep in a
region, and a surcharge on a player's actions at a place (EVT-CON-29, Figure 8.27).

Both are effects (``state.effects``), so they are saved, shown on the placemat with the
other effects in force, and listed by the card that made them:

* ``keep`` on ``near:<a>+<b>``: the player keeps at least ``value`` FFs at those places.
  A posture move or a commitment that would take its forces there below that number is
  refused. (If it has fewer there already, nothing forces a move: the term only stops it
  from drawing down further, and the placemat shows it as unmet.)
* ``cost`` on ``action:<place>``: each action of the player at that place costs ``value``
  RPs more: a posture move into it (with the group's first FF, as ``deploy:<place>``) and
  the player's first commitment to a card played there, wherever the forces come from.

``contest.py`` and ``posture.py`` ask these questions as they offer and price moves, and
``contest.keep_refusal`` says why a move is refused under them; ``play.partner_terms``
leaves the terms when a partnership is made (both sit above this module, which imports
neither).
"""

from __future__ import annotations

from .ledger import effect_total
from .state import Effect, GameState, Stack

NEAR = "near:"
ACTION = "action:"


def places_of(effect: Effect) -> set[str]:
    """The places a ``keep`` term names (``near:<a>+<b>``)."""
    return set(effect.family.removeprefix(NEAR).split("+"))


def keep_terms(state: GameState, player: str) -> list[Effect]:
    """``player``'s ``keep`` terms in force now."""
    return [
        e
        for e in state.effects
        if e.player == player and e.kind == "keep" and e.family.startswith(NEAR) and e.active(state.turn)
    ]


def ffs_at(state: GameState, player: str, places: set[str]) -> int:
    return sum(s.ffs for s in state.stacks_of(player) if s.location in places)


def would_break(state: GameState, stack: Stack, ffs: int, destination: str) -> Effect | None:
    """The ``keep`` term that moving ``ffs`` FFs of ``stack`` to ``destination`` would
    break, if any."""
    for term in keep_terms(state, stack.owner):
        places = places_of(term)
        if stack.location not in places or destination in places:
            continue
        if ffs_at(state, stack.owner, places) - ffs < term.value:
            return term
    return None


def action_surcharge(state: GameState, player: str, place: str) -> int:
    """The RPs each action of ``player`` at ``place`` costs more (``action:<place>``)."""
    return effect_total(state, player, "cost", (ACTION + place,))
