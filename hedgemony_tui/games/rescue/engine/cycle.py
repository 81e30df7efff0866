"""A turn cycle's frame (seed L28-L52): the start (crisis dice up, riots, an event card,
the Media Meeple) and the end (Global Perception), and the two ways a game ends."""

from __future__ import annotations

from itertools import combinations

import attrs

from hedgemony_tui.table.deck import Deck, draw

from .actors import ACTOR_OF_COLOUR, NAMES
from .board import Board
from .cards import EventCard, event_cards
from .reckon import severe
from .state import (
    AIRPORT,
    EVENT,
    FAILED,
    MEDIA,
    OVER,
    SAVED,
    Crisis,
    RescueState,
    add_stock,
    logged,
    with_actor,
    with_crisis,
)


def drawer_of(state: RescueState, cycle: int) -> str:
    """Who draws cycle ``cycle``'s event card and rolls the media die (R13)."""
    if state.settings.event_drawer == "first-player":
        return state.order[0]
    return state.order[(cycle - 1) % len(state.order)]


def start_cycle(state: RescueState, cycle: int) -> RescueState:
    """Cycle ``cycle`` begins: from the second on, the crisis dice advance (and may end
    the game at once); then the drawer owes the event card."""
    state = attrs.evolve(state, cycle=cycle, event="", blackout=False, media=0, active=0)
    state = logged(state, "", "cycle", f"Cycle {cycle} begins.")
    if cycle > 1:
        state = advance(state)
        if state.over:
            return state
    return attrs.evolve(state, stage=EVENT, drawer=drawer_of(state, cycle))


def advance(state: RescueState) -> RescueState:
    """Every open crisis die goes up one; a 6 from last cycle becomes a riot and a 1
    (R3); a die that reaches 6 under a riot ends the game at once (R3c)."""
    for crisis in state.open_crises():
        if crisis.face == 6 and not crisis.riot:
            crisis = attrs.evolve(crisis, riot=True, face=1)
            state = logged(
                with_crisis(state, crisis),
                "",
                "riot",
                f"Crisis {crisis.number} ({crisis.colour}) was left at 6: riot! The die is reset to 1.",
            )
            continue
        crisis = attrs.evolve(crisis, face=min(6, crisis.face + 1))
        state = with_crisis(state, crisis)
        if crisis.face == 6 and crisis.riot:
            state = logged(
                state, "", "end", f"Crisis {crisis.number} reaches 6 again under a riot: Gameland has failed."
            )
            return attrs.evolve(state, stage=OVER, result=FAILED)
    shown = ", ".join(f"C{c.number} {c.face}{'R' if c.riot else ''}" for c in state.open_crises())
    return logged(state, "", "advance", f"Crisis dice go up by one: {shown}." if shown else "No crisis is open.")


def draw_event(state: RescueState, board: Board) -> RescueState:
    """The drawer turns the top event card and it takes effect (the deck is reshuffled
    from the discards when it runs out, X3)."""
    cards, deck, rng = draw(
        Deck(state.deck, state.discards), 1, reshuffle_with=(state.rng, state.cycle, "event deck reshuffle")
    )
    card = event_cards()[cards[0]]
    state = attrs.evolve(state, deck=deck.pile, discards=(*deck.discards, card.id), rng=rng, event=card.id)
    state = logged(state, state.drawer, "event", f"Event {card.id}: {card.title}. {card.text}")
    return apply_event(state, board, card)


def apply_event(state: RescueState, board: Board, card: EventCard) -> RescueState:
    stage = MEDIA
    for effect in card.effects:
        if effect.kind == "tokens":
            state = _tokens(state, effect.seat, effect.resource, effect.amount)
        elif effect.kind == "dice":
            for crisis in state.open_crises():
                state = with_crisis(state, attrs.evolve(crisis, face=max(1, min(6, crisis.face + effect.amount))))
            state = logged(
                state,
                "",
                "effect",
                "Open crisis dice now: "
                + (", ".join(f"C{c.number} {c.face}" for c in state.open_crises()) or "none")
                + ".",
            )
        elif effect.kind == "gp":
            actor = state.actor(state.drawer)
            state = logged(
                with_actor(state, attrs.evolve(actor, gp=actor.gp + effect.amount)),
                actor.id,
                "gp",
                f"{actor.id} gains {effect.amount} GP (now {actor.gp + effect.amount}).",
            )
        elif effect.kind == "blackout":
            state = logged(
                attrs.evolve(state, blackout=True), "", "effect", "No tokens pass between players this cycle."
            )
        elif effect.kind == "airport":
            choices = airport_choices(state, board, effect.amount)
            if len(choices) == 1:
                state = remove_from_airport(state, board, choices[0])
            elif choices:
                stage = AIRPORT
            else:
                state = logged(state, "", "effect", "The airport holds no tokens: the card has no effect.")
    return attrs.evolve(state, stage=stage)


def _tokens(state: RescueState, seat: str, resource: str, amount: int) -> RescueState:
    actor = state.actor(seat)
    if amount > 0:
        state = with_actor(state, attrs.evolve(actor, tokens=actor.tokens.plus(resource, amount)))
        return logged(state, seat, "effect", f"{seat} receives {amount} {resource}.")
    for _ in range(-amount):
        # A loss the actor cannot pay falls on the next in initiative order who can (R12).
        start = state.order.index(seat)
        payer = next(
            (s for s in state.order[start:] + state.order[:start] if state.actor(s).tokens.of(resource) > 0), None
        )
        if payer is None:
            state = logged(state, seat, "effect", f"No one holds a {resource} token: the loss lapses.")
            continue
        paying = state.actor(payer)
        state = with_actor(state, attrs.evolve(paying, tokens=paying.tokens.plus(resource, -1)))
        instead = "" if payer == seat else f" in place of {seat}, who has none"
        state = logged(state, payer, "effect", f"{payer} loses a {resource} token{instead}.")
    return state


def airport_choices(state: RescueState, board: Board, amount: int) -> list[tuple[str, ...]]:
    """Every distinct set of ``amount`` tokens (fewer if the airport holds fewer) the
    drawer may remove, each token "OWNER:resource", sorted."""
    pool = [f"{s.owner}:{s.resource}" for s in state.stocks_at(board.airport) for _ in range(s.count)]
    take = min(amount, len(pool))
    if take == 0:
        return []
    return sorted(set(combinations(sorted(pool), take)))


def remove_from_airport(state: RescueState, board: Board, picks: tuple[str, ...]) -> RescueState:
    for pick in picks:
        owner, _, resource = pick.partition(":")
        state = add_stock(state, board.airport, owner, resource, -1)
    named = ", ".join(p.replace(":", "'s ") for p in picks)
    return attrs.evolve(logged(state, state.drawer, "effect", f"Lost at the airport: {named}."), stage=MEDIA)


@attrs.frozen
class GpMove:
    """One crisis's part in a cycle's end: whose Global Perception it moves, by how much
    (signed, the Media Meeple's double included), why, and the actor's GP before and
    after it (never below 0, X5: ``after - before`` may be less than ``change``)."""

    crisis: int
    seat: str
    change: int
    watched: bool
    """The Media Meeple's crisis (counted twice under the option ``all-media-double``)."""
    doubled: bool
    why: str
    """The log's words ("its green die shows 5 under a riot", "resolved it")."""
    short: str
    """The screens' shorter words ("green 5 riot, open", "resolved this cycle")."""
    before: int
    after: int


def gp_moves(state: RescueState) -> list[GpMove]:
    """What the cycle's end would do to Global Perception now (L46-L52, R10, R11, R11b):
    each crisis in scope resolved this cycle gains its resolver a point; each open with a
    die above 3 (riot or not) costs its colour's actor one; the Media Meeple's crisis
    counts twice (option ``all-media-double``) or alone (``media``). One computation for
    :func:`end_of_cycle` and the screens that say what is at stake."""
    scope = state.settings.gp_scope
    gp = {a.id: a.gp for a in state.actors}
    moves: list[GpMove] = []
    for crisis in state.crises:
        if scope == "media" and crisis.number != state.media:
            continue
        weight = 2 if scope == "all-media-double" and crisis.number == state.media else 1
        seat, change = _gp_change(state, crisis)
        if not seat:
            continue
        why = (
            "resolved it"
            if change > 0
            else f"its {crisis.colour} die shows {crisis.face}{' under a riot' if crisis.riot else ''}"
        )
        short = (
            "resolved this cycle"
            if change > 0
            else f"{crisis.colour} {crisis.face}{' riot' if crisis.riot else ''}, open"
        )
        after = max(0, gp[seat] + change * weight)
        watched = crisis.number == state.media
        moves.append(GpMove(crisis.number, seat, change * weight, watched, weight == 2, why, short, gp[seat], after))
        gp[seat] = after
    return moves


def end_of_cycle(state: RescueState) -> RescueState:
    """Global Perception moved as :func:`gp_moves` says, a log line for each crisis."""
    for move in gp_moves(state):
        actor = state.actor(move.seat)
        media = " under the Media Meeple" if move.watched else ""
        # The line's wording is kept as it was: a save's stored state holds these lines.
        state = logged(
            with_actor(state, attrs.evolve(actor, gp=move.after)),
            move.seat,
            "gp",
            f"Crisis {move.crisis}{media}: {move.seat} {'+' if move.change > 0 else '-'}{abs(move.change)} GP "
            f"({move.why}); now {move.after}.",
        )
    return state


def _gp_change(state: RescueState, crisis: Crisis) -> tuple[str, int]:
    if crisis.resolved_by:
        return (crisis.resolved_by, 1) if crisis.resolved_cycle == state.cycle else ("", 0)
    if crisis.open and severe(crisis):
        return ACTOR_OF_COLOUR[crisis.colour], -1
    return "", 0


def finish_saved(state: RescueState) -> RescueState:
    """Every crisis is resolved: the cycle's GP is counted once and the game ends (X9)."""
    state = end_of_cycle(state)
    state = logged(state, "", "end", "Every crisis is resolved: Gameland is saved.")
    return attrs.evolve(state, stage=OVER, result=SAVED)


def standings(state: RescueState) -> str:
    return ", ".join(f"{NAMES[a.id]} {a.gp} GP" for a in sorted(state.actors, key=lambda a: -a.gp))
