"""Buying forces: the Modernize and Procure cards (chapter 13).

* Modernization: the player names which FFs on the board rise, from any of its stacks,
  up to the card's percentage of all its FFs (rounded down, erratum E3); they are looked
  up as one number of FFs on Table 13.2 (``Modernize.more`` holds the stacks after the
  first). Not FFs procured this turn, not pinned ones, never above the National Tech
  Level.
* Procurement: any number of FFs at any Mod Levels up to the National Tech Level, each
  Mod Level read on Table 13.1 (past its last row by extension rule X2) and the prices
  added (``Procure.more`` holds the Mod Levels after the first).

A discount in force (EVT-US-01's 25%) comes off the whole price; it is used only when it
lowers the price (see ``play.discounted``).

The lists offer, for modernization, each stack alone (every number up to the cap) and,
for each stack, the cap's worth led by it and filled from the largest other stacks; for
procurement, every number up to a printed row's worth (10) at each Mod Level, and 15,
20 and 30. Any other choice is accepted when it breaks no rule (:func:`unlisted_problems`).
"""

from __future__ import annotations

import attrs

from . import costs, names
from .cards import Card
from .content import Content
from .intents import Intent, Modernize, ModernizePick, Procure, ProcureLine
from .ledger import count_forces, log, new_id, put_stack, split, use_effects
from .play import (
    card_cost,
    discounted,
    modernizable_stacks,
    modernization_price,
    modernize_cap,
    pay_for,
    side_of,
    why_not_playable,
)
from .state import GameState, Phase, Procurement, Stack

BIG_BUYS = (15, 20, 30)
"""Procurements past a printed row's worth that the lists offer (any number is accepted)."""


def _budget(state: GameState, content: Content, player: str, card: Card) -> int:
    return state.player(player).rp - card_cost(state, content, player, card)


# --- modernization -----------------------------------------------------------------------------


def modernize_plays(state: GameState, content: Content, player: str, card: Card) -> list[Intent]:
    """The modernizations offered: each stack alone, then the cap's worth led by each stack."""
    cap = modernize_cap(state, player, card)
    budget = _budget(state, content, player, card)
    tech = min(state.player(player).tech_level, 7)
    stacks = [s for s in modernizable_stacks(state, player) if s.mod + card.levels <= tech]
    options: list[Intent] = []
    for stack in stacks:
        for ffs in range(1, min(cap, stack.ffs) + 1):
            if modernization_price(state, content, player, ffs, card.levels) <= budget:
                options.append(Modernize(player, card.id, stack.id, ffs))
    fill = sorted(stacks, key=lambda s: -s.ffs)
    for lead in stacks:
        if lead.ffs >= cap:
            continue
        more: list[ModernizePick] = []
        total = lead.ffs
        for other in fill:
            if other is lead or total >= cap:
                continue
            take = min(other.ffs, cap - total)
            more.append(ModernizePick(other.id, take))
            total += take
        if more and modernization_price(state, content, player, total, card.levels) <= budget:
            options.append(Modernize(player, card.id, lead.id, lead.ffs, tuple(more)))
    return options


def modernize_problems(state: GameState, content: Content, intent: Modernize) -> list[str]:
    """What is wrong with a modernization (empty: nothing)."""
    card = content.card(intent.card)
    tech = min(state.player(intent.player).tech_level, 7)
    able = {s.id: s for s in modernizable_stacks(state, intent.player)}
    problems = []
    ids = [p.stack for p in intent.picks]
    if len(set(ids)) != len(ids):
        problems.append("name each stack once")
    for pick in intent.picks:
        stack = able.get(pick.stack)
        if stack is None:
            problems.append(
                f"{pick.stack} cannot be modernized now (not {intent.player}'s, pinned, new, or at its Tech Level)"
            )
        elif not 1 <= pick.ffs <= stack.ffs:
            problems.append(f"{stack.id} holds {stack.ffs} FF, not {pick.ffs}")
        elif stack.mod + card.levels > tech:
            problems.append(f"{stack.id} would pass the National Tech Level ({tech})")
    total = sum(p.ffs for p in intent.picks)
    cap = modernize_cap(state, intent.player, card)
    if total > cap:
        problems.append(f"the card modernizes at most {cap} FFs ({card.percent}% of all, rounded down)")
    if not problems:
        price = modernization_price(state, content, intent.player, total, card.levels)
        if price > _budget(state, content, intent.player, card):
            problems.append(f"{total} FFs cost {price} RP to modernize; {intent.player} cannot pay it")
    return problems


def modernize(state: GameState, content: Content, intent: Modernize) -> GameState:
    card = content.card(intent.card)
    total = sum(p.ffs for p in intent.picks)
    mat = costs.modernization_cost(content.rules, total, card.levels).value
    price = modernization_price(state, content, intent.player, total, card.levels)
    state = pay_for(state, content, intent.player, card, extra=price)
    if price < mat:
        state = use_effects(state, intent.player, "discount", ("modernization",))
    for pick in intent.picks:
        part, state = split(state, pick.stack, pick.ffs)
        state = put_stack(state, attrs.evolve(part, mod=part.mod + card.levels))
        state = log(
            state,
            intent.player,
            "modernize",
            f"{intent.player} modernizes {pick.ffs} FF "
            f"M{part.mod} -> M{part.mod + card.levels} in {names.place(content, part.location)}",
        )
    return state


# --- procurement -------------------------------------------------------------------------------


def procurement_total(
    state: GameState, content: Content, player: str, lines: tuple[ProcureLine, ...]
) -> tuple[int, int]:
    """(the mats' price, the price paid) for new FFs at several Mod Levels: each level read
    on Table 13.1 and the prices added; a discount comes off the sum."""
    mat = sum(costs.procurement_cost(content.rules, line.ffs, line.mod).value for line in lines)
    return mat, discounted(state, player, "procurement", mat)


def procure_plays(state: GameState, content: Content, player: str, card: Card) -> list[Intent]:
    budget = _budget(state, content, player, card)
    tech = min(state.player(player).tech_level, 7)
    options: list[Intent] = []
    for mod in range(1, tech + 1):
        for ffs in (*range(1, 11), *BIG_BUYS):
            if procurement_total(state, content, player, (ProcureLine(ffs, mod),))[1] <= budget:
                options.append(Procure(player, card.id, ffs, mod))
    return options


def procure_problems(state: GameState, content: Content, intent: Procure) -> list[str]:
    card = content.card(intent.card)
    tech = min(state.player(intent.player).tech_level, 7)
    problems = []
    mods = [line.mod for line in intent.lines]
    if len(set(mods)) != len(mods):
        problems.append("name each Mod Level once (its FFs are looked up together)")
    for line in intent.lines:
        if line.ffs < 1:
            problems.append(f"buy at least 1 FF (got {line.ffs})")
        if not 1 <= line.mod <= tech:
            problems.append(f"Mod Level {line.mod} is outside 1-{tech} (the National Tech Level)")
    if not problems:
        price = procurement_total(state, content, intent.player, intent.lines)[1]
        if price > _budget(state, content, intent.player, card):
            problems.append(f"these forces cost {price} RP; {intent.player} cannot pay it")
    return problems


def procure(state: GameState, content: Content, intent: Procure) -> GameState:
    card = content.card(intent.card)
    player = intent.player
    mat, price = procurement_total(state, content, player, intent.lines)
    state = pay_for(state, content, player, card, extra=price)
    if price < mat:
        state = use_effects(state, player, "discount", ("procurement",))
    home = content.scenario.player(player).home_location
    for line in intent.lines:
        if side_of(content, player) == "blue":
            sid, state = new_id(state, player)
            stack = Stack(sid, player, line.ffs, line.mod, home, home, procured_turn=state.turn, ready_turn=state.turn)
            state = put_stack(state, stack)
            state = count_forces(
                state,
                player,
                player,
                line.ffs,
                f"{player} procures {names.forces(line.ffs, line.mod)} in "
                f"{names.place(content, home)}; they serve at once",
            )
        else:
            state = attrs.evolve(
                state, procurements=state.procurements + (Procurement(player, line.ffs, line.mod, home),)
            )
            state = log(
                state,
                player,
                "procure",
                f"{player} orders {names.forces(line.ffs, line.mod)}; they arrive at the end of the turn",
            )
    return state


# --- any choice, not only the listed ones ----------------------------------------------------


def _deciding(state: GameState, player: str) -> bool:
    """``player`` is taking its own decision in its Blue or Red phase, nothing in play."""
    if (
        state.run is not None
        or state.roll_request is not None
        or state.proposal is not None
        or state.appeal is not None
    ):
        return False
    if state.phase not in (Phase.BLUE, Phase.RED) or not state.queue or state.queue[0] != player:
        return False
    return player != "US" or state.phase is not Phase.BLUE or state.readiness_paid


def unlisted_problems(state: GameState, content: Content, intent: Intent) -> list[str] | None:
    """Why a modernization or procurement the lists do not show is refused (empty: it is
    accepted); None for other intents, or when the card may not be played now."""
    if not isinstance(intent, (Modernize, Procure)) or not _deciding(state, intent.player):
        return None
    card = content.cards.get(intent.card)
    wanted = "modernize" if isinstance(intent, Modernize) else "procure"
    if card is None or card.resolution != wanted or why_not_playable(state, content, intent.player, card) is not None:
        return None
    if isinstance(intent, Modernize):
        return modernize_problems(state, content, intent)
    return procure_problems(state, content, intent)
