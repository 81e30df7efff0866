"""The end of a card: who its rows name, and carrying out a band or outcome row.

IPs (plain, lead-dependent, or each candidate's worst when no one led), RPs (never
below zero; an ``exempt`` player takes no harm), delayed gains, capability raises,
lasting effects and pins; then the penalties for staying out, and whether the card
goes on next turn. Shared by ``runs.py`` (the stages) and ``roll_reading.py`` (the roll).
"""

from __future__ import annotations

import attrs

from . import contest as forces
from . import forces_words
from .cards import Band, Card, EffectSpec
from .content import Content
from .contest import run_of
from .ledger import adjust, exempt, log, put_stack
from .levels import raise_level
from .play import apply_effect
from .state import WHITE, CardRun, GameState, Scheduled, Stage


def roller_of(run: CardRun, card: Card) -> str:
    return run.actor if run.actor != WHITE else card.roller()


def offer_penalties(state: GameState, content: Content, card: Card) -> GameState:
    run = run_of(state)
    for offer in card.offers:
        for player in offer.players:
            pid = run.leader if player == "leader" else player
            if pid and offer.decline_ip and not run.paid.get(pid) and not forces.committed_by(state, run, pid):
                if pid in offer.decline_ip or "self" in offer.decline_ip:
                    state = adjust(
                        state,
                        pid,
                        f"{card.id}: {pid} did not take part (the card's price of staying out of its offer)",
                        ip={pid: offer.decline_ip.get(pid, offer.decline_ip.get("self", 0))},
                    )
    return state


def secret_to(run: CardRun, card: Card) -> tuple[str, ...]:
    return (roller_of(run, card),) if run.private else ()


def opposed(state: GameState, content: Content, card: Card) -> bool:
    """Someone answered the card with forces (or, with a leader, the leader did)."""
    run = run_of(state)
    if card.lead:
        led = bool(run.leader and forces.committed_by(state, run, run.leader))
        if card.contest and card.contest.solo_ip:  # EVT-CON-24: a roll only if the other side answers too
            return led and any(forces.committed_by(state, run, p) for p in card.lead if p != run.leader)
        return led
    if card.contest and card.contest.solo_ip:
        # Forces on one side only mean no roll (EVT-CON-29, EVT-POL-21): the card's
        # solo_ip applies instead; a roll needs both sides.
        return bool(run.red) and bool(run.blue)
    initiator = run.actor
    return any(forces.committed_by(state, run, p) for p in _all_responders(card) if p != initiator)


def _all_responders(card: Card) -> tuple[str, ...]:
    return card.contest.responders if card.contest else ()


def answerers(card: Card) -> str:
    """Who did not answer when ``card`` goes unopposed, in words ("no forces from PRC"):
    the card's responders (or the player leading the response), never a fixed "Blue"."""
    if card.lead:
        return "no forces from a player leading the response"
    who = list(_all_responders(card))
    if not who:
        return "no answering forces"
    return "no forces from " + (" or ".join(who) if len(who) <= 2 else ", ".join(who[:-1]) + " or " + who[-1])


def resolve_targets(state: GameState, content: Content, key: str) -> list[str]:
    run = state.run
    if run is None:
        return [key]
    card = content.card(run.card)
    if key == "self":
        return [roller_of(run, card)] if roller_of(run, card) != WHITE else []
    if key == "leader":
        return [run.leader] if run.leader else []
    if key == "yes":
        return [p for p, v in run.votes.items() if v]
    if key == "senders":
        return sorted({p for p in (forces.commit_owner(state, c) for c in run.red + run.blue) if p})
    if key == "payers":
        return [p for p, v in run.paid.items() if v]
    return [key]


def targets_map(state: GameState, content: Content, table: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, value in table.items():
        for pid in resolve_targets(state, content, key):
            out[pid] = out.get(pid, 0) + value
    return out


def apply_row(state: GameState, content: Content, band: Band, worst: bool = False) -> GameState:
    """Carry out a band or outcome row: IPs (lead-dependent, or each candidate's worst
    when no one led), RPs, delayed gains, capability raises and lasting effects."""
    run = run_of(state)
    card = content.card(run.card)
    secret = secret_to(run, card)
    ip = targets_map(state, content, band.ip)
    if band.lead_ip:
        if run.leader and run.leader in band.lead_ip:
            for pid, value in targets_map(state, content, band.lead_ip[run.leader]).items():
                ip[pid] = ip.get(pid, 0) + value
        elif worst:
            for pid in card.lead:
                values = [column.get(pid, 0) for column in band.lead_ip.values()]
                ip[pid] = ip.get(pid, 0) + min(values)
    rp = targets_map(state, content, band.rp)
    # An exempt player (EVT-POL-38 for EVT-ECON-23) takes no harm from this card.
    ip = {p: v for p, v in ip.items() if not (v < 0 and exempt(state, p, card.id))}
    rp = {p: v for p, v in rp.items() if not (v < 0 and exempt(state, p, card.id))}
    rp = {p: max(v, -state.player(p).rp) for p, v in rp.items()}  # never below zero
    if band.delay and not band.raise_by:
        for what, table in (("ip", ip), ("rp", rp)):
            for pid, amount in table.items():
                entry = Scheduled(state.turn + band.delay, pid, what, amount, card.id, run.private)
                state = attrs.evolve(state, scheduled=state.scheduled + (entry,))
                state = log(
                    state,
                    pid,
                    "scheduled",
                    f"{pid}: {amount:+d} {what.upper()} at the start of turn {entry.turn} ({card.id})",
                    visible_to=secret,
                )
    else:
        state = adjust(
            state, roller_of(run, card), f"{card.id} {band.label}", rp=rp, ip=ip, visible_to=secret, source=card.id
        )
    if band.raise_by and card.capability:
        state = _raise_capability(state, content, card, band, run)
    for spec in band.effects:
        state = _effect(state, content, spec, card, run)
    if band.pin_turns:
        state = forces.pin(state, run_of(state), band.pin_turns)
    if band.unpin:
        state = forces.unpin(state, run_of(state))
    if band.unpin_at_end:
        state = _release_at_turn_end(state, run_of(state))
    return state


def _release_at_turn_end(state: GameState, run: CardRun) -> GameState:
    """The committed forces stay where they are for the rest of this turn and are free
    from the next (EVT-CON-04's Red gain: "unpinned at the end of the turn"), whatever
    pin they had before."""
    for commit in run.red + run.blue:
        try:
            stack = state.stack(commit.stack)
        except KeyError:
            continue  # merged or gone since it was committed
        state = put_stack(state, attrs.evolve(stack, pinned_through=state.turn))
    return state


def _raise_capability(state: GameState, content: Content, card: Card, band: Band, run: CardRun) -> GameState:
    for pid in card.players or (roller_of(run, card),):
        if card.capability not in state.player(pid).capabilities:
            continue
        amount = band.raise_by
        if card.cap_player:
            ceiling = state.player(card.cap_player).capabilities.get(card.capability, 0)
            amount = max(0, min(amount, ceiling - state.player(pid).capabilities[card.capability]))
        if amount:
            state = raise_level(state, pid, card.capability, amount, card.id, run.private)
        else:
            state = log(
                state,
                pid,
                "level",
                f"{pid}: {card.capability} cannot rise further ({card.id})",
                visible_to=secret_to(run, card),
            )
        break
    return state


def _effect(state: GameState, content: Content, spec: EffectSpec, card: Card, run: CardRun) -> GameState:
    # "{choice}" in a family names the option chosen (PRC-29: the AOR of the new base).
    family = spec.family.replace("{choice}", run.choice)
    for pid in resolve_targets(state, content, spec.player):
        state = apply_effect(state, pid, attrs.evolve(spec, player=pid, family=family), card.id, run.private)
    return state


_FORCES_MET = (Stage.LOCATE, Stage.COMMIT, Stage.RESPOND, Stage.ROLL)
"""Stages a contest card reaches once the forces may meet: closing from one of them, the
penalties for staying out, the unopposed and solo results and the pins apply."""


def close(state: GameState, content: Content, card: Card, band: Band | None) -> GameState:
    """The card's last result is in: penalties for those who stayed out, pins, repeats."""
    run = run_of(state)
    spec = card.contest
    if spec is not None and run.stage in _FORCES_MET:
        if not opposed(state, content, card) and spec.unopposed_ip:
            state = adjust(
                state,
                run.actor,
                f"{card.id} unopposed ({answerers(card)}: the card's unopposed penalty)",
                ip=targets_map(state, content, spec.unopposed_ip),
            )
        for pid, value in spec.decline_ip.items():
            if not forces.committed_by(state, run, pid):
                state = adjust(
                    state,
                    pid,
                    f"{card.id}: {pid} did not take part (the card's penalty for staying out)",
                    ip={pid: value},
                )
        solo = forces.committed_by(state, run, run.leader) if card.lead else bool(run.red or run.blue)
        if spec.solo_ip and band is None and solo:
            state = adjust(
                state,
                run.leader or roller_of(run, card),
                f"{card.id}: unanswered (forces on one side only: no roll, the card's one-sided result)",
                ip=targets_map(state, content, spec.solo_ip),
            )
        if spec.pin_turns and (run.red or run.blue):
            state = forces.pin(state, run_of(state), spec.pin_turns)
            state = log(state, WHITE, "pin", f"{card.id}: {forces_words.pin_words(spec.pin_turns, state.turn)}")
        if run.red or run.blue:
            # Committed forces moved to the place to fight and are not sent back: say so
            # where it happens, or a learner looks for them where they were (ch. 8-9).
            state = log(state, WHITE, "forces", f"{card.id}: {forces_words.stay_words(state, content, run)}")
    if card.offers and run.stage != Stage.OFFER:
        state = offer_penalties(state, content, card)
    if band is not None and band.repeat and _may_repeat(state, card, run):
        return _carry_over(state, content, card)
    return attrs.evolve(state, run=None, roll_request=None)


def _may_repeat(state: GameState, card: Card, run: CardRun) -> bool:
    return not card.repeat_turns or state.turn - run.started + 1 < card.repeat_turns


def _carry_over(state: GameState, content: Content, card: Card) -> GameState:
    run = run_of(state)
    state = forces.pin(state, run, 2)  # committed forces stay until the card is settled
    waiting = attrs.evolve(run, stage=Stage.NONE, queue=(), resume_turn=state.turn + 1)
    state = log(
        state,
        WHITE,
        "event",
        f"{card.id} goes on: it is rolled again next turn; the forces committed stay pinned there until it is settled",
    )
    return attrs.evolve(state, run=None, roll_request=None, ongoing=state.ongoing + (waiting,))
