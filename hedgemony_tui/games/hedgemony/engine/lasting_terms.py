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

``contest.py`` and ``posture.py`` ask these questions as they offer and price moves;
``runs.py`` leaves the terms when a partnership is made (``partner_terms``).
"""

from __future__ import annotations

from .cards import Card, OfferSpec
from .content import Content
from .intents import CommitForces, Deploy, Intent
from .ledger import effect_total
from .state import Effect, GameState, Stack

NEAR = "near:"
ACTION = "action:"


def _places(effect: Effect) -> set[str]:
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
        places = _places(term)
        if stack.location not in places or destination in places:
            continue
        if ffs_at(state, stack.owner, places) - ffs < term.value:
            return term
    return None


def refusal(state: GameState, content: Content, intent: Intent) -> str:
    """Why a move is refused under a ``keep`` term ("" if that is not why)."""
    if not isinstance(intent, (CommitForces, Deploy)):
        return ""
    try:
        stack = state.stack(intent.stack)
    except KeyError:
        return ""
    if stack.owner != intent.player:
        return ""
    if isinstance(intent, Deploy):
        destination = intent.to
    elif state.run is not None:
        from .contest import target_of  # contest.py asks this module first: imported here, not at the top

        destination = target_of(state, content, intent.player)
    else:
        return ""
    term = would_break(state, stack, intent.ffs, destination)
    if term is None:
        return ""
    where = " or ".join(sorted(content.scenario.board.location(p).name for p in _places(term)))
    return (
        f"{intent.player} must keep at least {term.value} FF near {where} for the rest of the game "
        f"({term.source}): moving {intent.ffs} FF from there would leave "
        f"{ffs_at(state, stack.owner, _places(term)) - intent.ffs}"
    )


def partner_terms(state: GameState, card: Card, offer: OfferSpec, payer: str, name: str) -> GameState:
    """The lasting terms a partnership made through ``offer`` leaves: those of this partner
    (EVT-CON-29's Singapore), and those of any partner unless an earlier success already
    left them (China keeps one FF by its partners once, however many it has)."""
    specs = offer.partner_effects.get(name, ())
    for spec in offer.partner_effects.get("any", ()):
        target = payer if spec.player == "self" else spec.player
        if not any(
            e.source == card.id and e.player == target and e.kind == spec.kind and e.family == spec.family
            for e in state.effects
        ):
            specs += (spec,)
    from .play import apply_effect  # play.py imports contest.py, which imports this module

    private = state.run is not None and state.run.private
    for spec in specs:
        state = apply_effect(state, payer, spec, card.id, private=private)
    return state


def action_surcharge(state: GameState, player: str, place: str) -> int:
    """The RPs each action of ``player`` at ``place`` costs more (``action:<place>``)."""
    return effect_total(state, player, "cost", (ACTION + place,))
