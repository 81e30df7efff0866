"""The decisions a card in play asks for: who decides now, and what that player may choose
in the card's current stage (one table row per stage that asks; stages that only roll
ask nothing). The stages themselves are walked in ``runs.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from . import contest as forces
from .cards import Card, OfferSpec
from .content import Content
from .contest import run_of
from .intents import Choose, ChooseLocation, CommitForces, DoneCommitting, Intent, Pay, SeekLead, Vote
from .state import CardRun, GameState, Stage


def deciding_player(state: GameState) -> str:
    run = run_of(state)
    return run.queue[0] if run.queue else run.actor


def legal(state: GameState, content: Content) -> list[Intent]:
    run = run_of(state)
    asks = _LEGAL.get(run.stage)
    return asks(state, content, content.card(run.card), run, deciding_player(state)) if asks else []


# The decisions a stage offers the player deciding (stages that only roll offer none).
StageOptions = Callable[[GameState, Content, Card, CardRun, str], list[Intent]]


def _vote_options(state: GameState, content: Content, card: Card, run: CardRun, who: str) -> list[Intent]:
    assert card.vote is not None, "the stage applies only to a card with a vote"
    options: list[Intent] = [Vote(who, False)]
    if state.player(who).rp >= card.vote.cost_yes:
        options.insert(0, Vote(who, True))
    return options


def _lead_options(state: GameState, content: Content, card: Card, run: CardRun, who: str) -> list[Intent]:
    options: list[Intent] = [SeekLead(who, False)]
    limit = forces.limit_of(card, who)
    probe = attrs.evolve(run, leader=who, location=run.location or limit.location or forces.locations(content, card)[0])
    probe_state = attrs.evolve(state, run=probe)
    if sum(ffs for _, ffs in _best_per_stack(forces.commit_options(probe_state, content, who))) >= max(
        1, limit.min_ffs
    ):
        options.insert(0, SeekLead(who, True))
    return options


def _offer_options(state: GameState, content: Content, card: Card, run: CardRun, who: str) -> list[Intent]:
    top = min(offer_room(run, card.offers[run.offer], who), state.player(who).rp)
    return [Pay(who, amount) for amount in range(0, top + 1)]


def _force_options(state: GameState, content: Content, card: Card, run: CardRun, who: str) -> list[Intent]:
    """Stacks to commit; done once the card's minimum is met (or nothing more can go),
    and a responder may always decline."""
    options: list[Intent] = [CommitForces(who, sid, n) for sid, n in forces.commit_options(state, content, who)]
    sent = forces.committed_by(state, run, who)
    if forces.may_finish(state, content, who) and (run.stage == Stage.RESPOND or sent or not options):
        options.append(DoneCommitting(who))
    return options


_LEGAL: dict[Stage, StageOptions] = {
    Stage.CHOOSE: lambda state, content, card, run, who: [
        Choose(who, option) for option, _ in choice_options(state, content, card)
    ],
    Stage.VOTE: _vote_options,
    Stage.LEAD: _lead_options,
    Stage.OFFER: _offer_options,
    Stage.LOCATE: lambda state, content, card, run, who: [
        ChooseLocation(who, place) for place in forces.locations(content, card)
    ],
    Stage.COMMIT: _force_options,
    Stage.RESPOND: _force_options,
}


def _best_per_stack(options: list[tuple[str, int]]) -> list[tuple[str, int]]:
    best: dict[str, int] = {}
    for sid, n in options:
        best[sid] = max(best.get(sid, 0), n)
    return list(best.items())


def choice_options(state: GameState, content: Content, card: Card) -> list[tuple[str, str]]:
    assert card.choice is not None
    # Options already taken are closed only by ``once = "choice"`` (data/hedgemony/CARDS.md);
    # ``play.why_not_playable`` refuses the card when that leaves none.
    taken = _choices_made(state, card) if card.once == "choice" else set()
    if card.choice.options_from == "aors-away":
        run = run_of(state)
        home = content.scenario.board.aor_of(content.scenario.player(run.actor).home_location)
        return [(a.id, a.name) for a in content.scenario.board.aors if a.id != home and a.id not in taken]
    return [(o.id, o.label) for o in card.choice.options if o.id not in taken]


def _choices_made(state: GameState, card: Card) -> set[str]:
    prefix = f"choice:{card.id}:"
    return {key[len(prefix) :] for key in state.last_played if key.startswith(prefix)}


def offer_room(run: CardRun, offer: OfferSpec, player: str) -> int:
    """RPs ``player`` may still pay into ``offer``: its cap counts every turn of the card."""
    return offer.rp_max - run.paid.get(player, 0)


def offer_terms(state: GameState, content: Content, player: str) -> str:
    """The terms of the offer ``player`` is asked to pay into, in words, from the card's
    own figures: shown with the choice, before anything is paid (issue 33)."""
    from .chance import proxy_success_chance  # the proxy mat's odds (ch. 15)

    run = state.run
    if run is None or run.stage is not Stage.OFFER:
        return ""
    card = content.card(run.card)
    if not 0 <= run.offer < len(card.offers):
        return ""
    offer = card.offers[run.offer]
    parts: list[str] = []
    gains = ", ".join(f"{player if k in ('self', 'leader') else k} {v:+d} IP" for k, v in offer.ip_per_rp.items())
    if offer.proxy:
        chance = proxy_success_chance(content.rules, offer.proxy)
        parts.append(
            f"each RP is one try with a {offer.proxy}-reliability proxy ({float(chance):.0%} each)"
            + (f", which on success gives {gains}" if gains else "")
        )
    elif gains:
        parts.append(f"each RP paid: {gains}")
    if offer.roll_per_rp:
        parts.append(f"{offer.roll_per_rp:+d} to the card's roll per RP beyond {offer.free_rp}")
    if offer.cf_per_rp:
        parts.append(f"{offer.cf_per_rp} CF for Blue per RP")
    if offer.decline_ip:
        penalty = ", ".join(f"{player if k == 'self' else k} {v:+d} IP" for k, v in offer.decline_ip.items())
        parts.append(f"paying nothing (and sending no forces): {penalty}")
    if offer.ends_if_declined:
        parts.append("if no one pays, the card ends")
    return "; ".join(parts)
