"""The roll of a card in play, read: on the card's own bands, or on CRT A / RT B with the
forces committed, Critical Capabilities, effects in force and the card's bonuses
(chapters 8, 10-12). The stages that lead up to it are in ``runs.py``.
"""

from __future__ import annotations

import attrs

from hedgemony_tui.table.dice import RollRecord, Term

from . import contest as forces
from .cards import Band, Card
from .content import Content
from .contest import run_of
from .ledger import effect_total, log, use_effects
from .outcomes import answerers, apply_row, close, opposed, roller_of, secret_to
from .state import WHITE, GameState
from .terms import Outcome

TABLE_WORDS = {"crt-a": "CRT A", "rt-b": "RT B"}
"""The tables as the mats name them, for the journal line of a roll."""


def effect_terms(state: GameState, player: str, card: Card) -> tuple[list[Term], GameState]:
    """``player``'s roll effects on this card, as terms, and the state with them used.

    An effect the card in play left this turn does not count on that card's own later
    roll: a missile test's +/-2 (ch. 8, IR-04) begins at once, so that a second test in
    the same turn gets it, but it is for the next test, not for this test's response."""
    families = card.families + (card.id,)
    own = tuple(
        e
        for e in state.effects
        if e.source == card.id and e.first_turn == state.turn and state.run is not None and state.run.card == card.id
    )
    looked = attrs.evolve(state, effects=tuple(e for e in state.effects if e not in own)) if own else state
    value = effect_total(looked, player, "roll", families)
    if not value:
        return [], state
    used = use_effects(looked, player, "roll", families)
    if own:
        used = attrs.evolve(used, effects=tuple(sorted(used.effects + own, key=lambda e: e.id)))
    return [Term("effects in force", value)], used


def read_bands(
    state: GameState,
    content: Content,
    card: Card,
    face: int,
    physical: bool,
    roller: str,
    extra: list[Term],
    why: str = "",
    bands: tuple[Band, ...] | None = None,
) -> tuple[Band, GameState]:
    """The band of the card's own table (or of ``bands``, e.g. its test) that ``face``
    (with effects and ``extra``) reaches, logged."""
    run = run_of(state)
    terms, state = effect_terms(state, roller if roller != WHITE else run.actor, card)
    terms += extra
    total = face + sum(t.value for t in terms)
    bands = bands or card.bands_for(run.choice)
    band = card.band_for(total, bands)
    record = RollRecord(
        state.turn,
        roller,
        f"{card.id}: {card.title}{why}",
        face,
        tuple(terms),
        table="card",
        column=run.choice,
        row=f"{band.low}-{band.high}",
        result=band.label,
        physical=physical,
    )
    shown = f" {total - face:+d} = {total}" if total != face else ""
    state = log(
        state,
        roller,
        "roll",
        f"{card.id}: rolled {face}{shown}: {band.label}",
        visible_to=secret_to(run, card),
        roll=record,
    )
    return band, state


def resolve(state: GameState, content: Content, card: Card, face: int, physical: bool, roller: str) -> GameState:
    """The card's roll (stage ``roll``): read on its bands or on CRT A / RT B, then closed."""
    run = run_of(state)
    spec = card.contest
    if spec is None:  # a d10 card, perhaps with offers
        band, state = read_bands(
            state, content, card, face, physical, roller, forces.side_terms(state, content) if card.offers else []
        )
        state = apply_row(state, content, band)
        return close(state, content, card, band)
    extra = forces.side_terms(state, content)
    if not opposed(state, content, card) and spec.unopposed_table == "none":
        return close(state, content, card, None)
    if not opposed(state, content, card) and spec.unopposed_table != "same":
        table_name, column = spec.unopposed_table, spec.unopposed_column
        why = f"unopposed: {answerers(card)}, so the card's unopposed column is read"
        extra = []
    elif spec.table == "bands":
        band, state = read_bands(state, content, card, face, physical, roller, extra)
        worst = spec.unopposed_worst and not opposed(state, content, card)
        state = apply_row(state, content, band, worst=worst)
        return close(state, content, card, band)
    else:
        table_name = spec.table
        column, why, cc_terms, revealed = forces.read_table(state, content, table_name)
        extra = cc_terms + extra
        if revealed:
            state = forces.reveal_used(state, content, revealed)
    # The roller's own effects count, in the roller's favour: CRT A and RT B favour Blue
    # on high rolls, so a bonus to a roller on the Red side of this card lowers the roll
    # (DPRK rolling its unanswered DPRK-06, Iran rolling IR-04's response).
    owner = roller if roller != WHITE else roller_of(run, card)
    terms, state = effect_terms(state, owner, card)
    if terms and owner != WHITE and forces.side_in_run(content, run, owner) == "red":
        terms = [Term(f"{t.label} ({owner} rolls for Red: counts down)", -t.value) for t in terms]
    terms += extra
    table = content.rules.resolution_table(table_name)
    total = face + sum(t.value for t in terms)
    reading = table.read(column, total)
    record = RollRecord(
        state.turn,
        roller,
        f"{card.id}: {card.title} ({why})",
        face,
        tuple(terms),
        table_name,
        column,
        reading.row_label,
        reading.outcome.value,
        physical,
    )
    state = log(
        state,
        roller,
        "roll",
        f"{card.id}: rolled {face}, total {total} on {TABLE_WORDS.get(table_name, table_name)} {column}: "
        f"{reading.outcome.title}"
        + (f" ({why[why.index('halved: ') :]})" if "halved: " in why else "")
        + (f" ({why})" if why.startswith("unopposed") else ""),
        roll=record,
    )
    band = card.outcome_band(reading.outcome) or Band(0, 9, reading.outcome.title, reading.outcome.value)
    worst = spec.unopposed_worst and not opposed(state, content, card)
    state = apply_row(state, content, band, worst=worst)
    if spec.reset and opposed(state, content, card):
        state = forces.reset(state, content, run_of(state), Outcome(reading.outcome))
    return close(state, content, card, band)
