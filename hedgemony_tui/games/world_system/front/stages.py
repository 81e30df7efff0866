"""The stages of a systemic cycle in a player's words, grouped as the tracker shows them.

Light on purpose (no textual, no engine): the front's ``phase_name`` reads it when the
Continue list names a save's phase, before any game is open. The stage ids are the
engine's (``engine.state.STAGES``); a test checks that every one of them is named here.
"""

from __future__ import annotations

RISE = "rise"
DECLINE = "decline"

GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (phase, the tracker's word, the engine's stages in it), in the seed's order (L47-L101)
    (RISE, "opening", ("opening",)),
    (RISE, "speeches", ("speeches",)),
    (RISE, "investments", ("promotion", "core-vote")),
    (RISE, "intervention", ("intervention",)),
    (RISE, "negotiations", ("nominations", "rogue-vote")),
    (RISE, "growth", ("growth",)),
    (DECLINE, "decline", ("decline",)),
    (DECLINE, "rivalry", ("declarations", "rivalry-speeches", "alliance-vote")),
    (DECLINE, "crisis", ("crisis", "coup", "war", "revolution")),
)
"""The tracker's steps: each phase's steps, and which engine stages each covers."""

FROM_CYCLE_2 = frozenset({"negotiations"})
"""Steps the seed starts only in the second cycle (the talks, L65); the coup is one of
the crisis's stages and is named as such."""

STAGE_WORDS = {
    # short: the journal's phase column holds them beside each line
    "opening": "opening",
    "speeches": "speeches",
    "promotion": "investments: hegemon",
    "core-vote": "investments: core vote",
    "intervention": "intervention",
    "nominations": "negotiations: nominees",
    "rogue-vote": "negotiations: rogue vote",
    "growth": "growth",
    "decline": "decline",
    "declarations": "rivalry: goals",
    "rivalry-speeches": "rivalry: speeches",
    "alliance-vote": "rivalry: alliance vote",
    "crisis": "crisis",
    "coup": "crisis: coup",
    "war": "crisis: world war",
    "revolution": "crisis: revolution vote",
    "over": "game over",
}
"""Each engine stage in words (the journal's phase column, the Continue list)."""


def step_of(stage: str) -> str:
    """The tracker's step that holds ``stage`` ("" for none: the game is over)."""
    return next((word for _, word, stages in GROUPS if stage in stages), "")


def phase_of(stage: str) -> str:
    """``rise`` or ``decline`` for a stage of a cycle ("" when the game is over)."""
    return next((phase for phase, _, stages in GROUPS if stage in stages), "")


def stage_words(stage: str) -> str:
    return STAGE_WORDS.get(stage, stage.replace("-", " "))
