"""The cards of a saved state: signals, activation markers, cards played, the card in
play and the cards that continue (part of :mod:`.integrity`, the load check).

A card is known (the scenario's, or a ruling's ``FP-<n>`` of this game) and belongs to
whoever uses it: a Red player signals and marks only cards of its own deck, in a
combination the signaling phase offers (so no card is signalled by two players); a
player plays its own cards, the White Cell the events. A card in play stands at a
stage its card has (a vote only on a card with a vote, a commitment only on a
contest...), at a place on the board, with commitments of sane sizes.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Card
from .content import Content
from .phases.signaling import signal_options
from .state import WHITE, CardRun, GameState, Stage

MAX_AMOUNT = 1_000
"""RP paid into an offer, units bought, FFs committed: far above any real game."""
_SOURCES = ("theater", "adjacent", "conus")


def _has_test(card: Card) -> bool:
    # As ``runs._has_test``: a test on the card's own test bands, or on its bands when the
    # response is read on CRT A / RT B.
    return bool(card.test_bands) or bool(card.contest and card.contest.table != "bands" and card.bands)


_STAGE_NEEDS: dict[Stage, tuple[str, Callable[[Card], bool]]] = {
    Stage.PRIVACY: ("privacy roll", lambda card: card.private_on is not None),
    Stage.CHOOSE: ("choice", lambda card: card.choice is not None),
    Stage.VOTE: ("vote", lambda card: card.vote is not None),
    Stage.LEAD: ("lead roll-off", lambda card: bool(card.lead)),
    Stage.OFFER: ("offers", lambda card: bool(card.offers)),
    Stage.TEST: ("test", _has_test),
    Stage.COMMIT: ("contest", lambda card: card.contest is not None),
    Stage.RESPOND: ("contest or offers", lambda card: card.contest is not None or bool(card.offers)),
}
"""What a card must have for a card in play to stand at a stage (``runs._APPLIES`` asks
more, of the state too; this is what no later change of the state can undo)."""


def card_problems(state: GameState, content: Content) -> list[str]:
    """Everything wrong with the state's cards, in words."""
    owners = {card_id: card.player for card_id, card in content.cards.items()}
    owners.update({r.card: r.player for r in state.rulings})
    found = _signal_problems(state, content)
    for player, cards in state.played.items():
        for card_id in cards:
            if card_id not in owners:
                found.append(f"unknown card {card_id!r} played by {player}")
            elif owners[card_id] != player:
                found.append(f"{player} played {card_id}, a card of {owners[card_id]}")
    for run in (*([state.run] if state.run is not None else []), *state.ongoing):
        found += _run_problems(state, content, owners, run)
    request = state.roll_request
    seats = {*content.scenario.player_ids, WHITE}
    if request is not None and (request.roller not in seats or (request.card and request.card not in owners)):
        found.append(f"the roll waiting is asked of {request.roller!r} for an unknown card {request.card!r}")
    for card_id, player in state.secret_events.items():
        if card_id not in content.cards or not content.cards[card_id].is_event or player not in seats:
            found.append(f"the private event {card_id!r} is not an event, or names {player!r}")
    return found


def _signal_problems(state: GameState, content: Content) -> list[str]:
    """Signals from the player's own deck, in a combination the phase offers; markers on
    the player's own signalled cards."""
    found: list[str] = []
    red = content.scenario.red
    for player, cards in state.signals.items():
        if player not in red:
            found.append(f"{player!r} signals, but only {', '.join(red)} do")
            continue
        deck = {card.id for card in content.deck(player)}
        foreign = [c for c in cards if c not in deck]
        if foreign:
            found.append(f"{player} signals {', '.join(foreign)}, not from its own deck")
        elif frozenset(cards) not in {frozenset(o.cards) for o in signal_options(content, player, False)} or len(
            set(cards)
        ) != len(cards):
            found.append(f"{player} signals {', '.join(cards)}, not a combination the signaling phase allows")
    for player, marked in state.activations.items():
        signalled = state.signals.get(player, ())
        if player not in red or any(c not in signalled for c in marked) or len(set(marked)) != len(marked):
            found.append(f"{player}'s activation markers ({', '.join(marked)}) are not on its own signalled cards")
    return found


def _run_problems(state: GameState, content: Content, owners: dict[str, str], run: CardRun) -> list[str]:
    where = f"the card in play {run.card!r}"
    if run.card not in owners:
        return [f"{where} is unknown"]
    owner = owners[run.card]
    if run.actor != owner:
        return [f"{where} is played by {run.actor!r}, but it is {owner}'s"]
    found: list[str] = []
    card = content.cards.get(run.card)
    if card is not None and run.stage in _STAGE_NEEDS:
        what, has = _STAGE_NEEDS[run.stage]
        if not has(card):
            found.append(f"{where} is at its {run.stage.value} stage, but the card has no {what}")
    places = {loc.id for loc in content.scenario.board.locations}
    players = set(content.scenario.player_ids)
    if run.location and run.location not in places:
        found.append(f"{where} is at an unknown place {run.location!r}")
    for commit in (*run.red, *run.blue):
        if (
            not 1 <= commit.ffs <= MAX_AMOUNT
            or commit.source not in _SOURCES
            or (commit.origin and commit.origin not in places)
        ):
            found.append(f"{where} has a commitment of {commit.ffs} FF from {commit.source!r} {commit.origin!r}")
    # ``credited`` holds players, and "<player><<committer>" pairs (contest._bonus_to_others).
    credited = [part for entry in run.credited for part in entry.split("<")]
    named = [*run.queue, *run.votes, *run.paid, *run.wants, *run.lead_rolls, *credited, *run.appealed]
    if run.leader:
        named.append(run.leader)
    unknown = sorted({n for n in named if n not in players and n != WHITE})
    if unknown:
        found.append(f"{where} names unknown players {', '.join(map(repr, unknown))}")
    amounts = [run.units, run.proxies, *run.paid.values(), *run.lead_rolls.values()]
    if any(not 0 <= amount <= MAX_AMOUNT for amount in amounts):
        found.append(f"{where} holds an amount outside 0-{MAX_AMOUNT} (units, proxies, RP paid, rolls)")
    if card is not None and not -1 <= run.offer <= len(card.offers):
        found.append(f"{where} is at offer {run.offer}, but the card has {len(card.offers)}")
    if not 0 <= run.started <= state.turn or run.resume_turn < 0:
        found.append(f"{where} was started in turn {run.started}, not yet played")
    return found
