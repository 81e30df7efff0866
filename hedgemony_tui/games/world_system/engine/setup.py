"""A new game: the options checked and the deal (L37-L38), made with keyed draws from the
game's seed as the moderator's "random numbers table".

The deal (readings R-W1, R-W2 in ``rules/world-system/README.md``): the main statuses
are shuffled over the twelve states; the hegemon's card goes to one of the core states
(its capital is 32 instead of 16); the terrorist card goes to one of the semiperipheral
or peripheral states.
"""

from __future__ import annotations

from collections.abc import Mapping

from hedgemony_tui.table.contract import OptionSpec
from hedgemony_tui.table.deck import shuffle_cards
from hedgemony_tui.table.dice import Rng

from .state import Nation, Options, WorldState
from .world import Status, world

REVOLUTION_WINNERS = ("all", "revolutionaries")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "speeches",
        "Speeches",
        True,
        "a public speech for each state at the investments stage and each contender at the rivalry",
    ),
    OptionSpec(
        "speech_seconds",
        "Seconds per speech",
        30,
        "a person's speech countdown (0: none)",
        minimum=0,
        maximum=600,
    ),
    OptionSpec(
        "revolution_winners",
        "Who wins a revolution",
        "all",
        "all (every state still in the game, the seed's win-win) or revolutionaries (only semi/periphery)",
        choices=REVOLUTION_WINNERS,
    ),
)


def new_game(seed: int, options: Mapping[str, object]) -> WorldState:
    w = world()
    rng = Rng(seed)
    cards = (
        [Status.CORE] * w.deal["core"]
        + [Status.SEMI] * w.deal["semiperipheral"]
        + [Status.PERIPHERAL] * w.deal["peripheral"]
    )
    dealt, rng = shuffle_cards(cards, rng, 0, "statuses")
    cores = [sid for sid, status in zip(w.ids, dealt) if status is Status.CORE]
    others = [sid for sid, status in zip(w.ids, dealt) if status is not Status.CORE]
    pick, rng = rng.keyed_below(len(cores), 0, "hegemon")
    hegemon = cores[pick]
    terrorists, rng = shuffle_cards(others, rng, 0, "terrorist")
    secret = set(terrorists[: w.terrorists])
    nations = tuple(
        Nation(
            id=sid,
            status=status,
            capital=w.hegemon_capital if sid == hegemon else w.capital[status],
            start=status,
            best=status,
            terrorist=sid in secret,
            terrorist_since=0 if sid in secret else -1,
        )
        for sid, status in zip(w.ids, dealt)
    )
    state = WorldState(
        seed=seed,
        options=Options(
            speeches=bool(options["speeches"]),
            speech_seconds=int(options["speech_seconds"]),  # type: ignore[call-overload]
            revolution_winners=str(options["revolution_winners"]),
        ),
        nations=nations,
        hegemon=hegemon,
    )
    state = state.logged(
        "The cards are dealt. Core: "
        + ", ".join(state.name(n.id) for n in nations if n.status is Status.CORE)
        + f"; the hegemon is {state.name(hegemon)} (capital {w.hegemon_capital}). Semiperipheral: "
        + ", ".join(state.name(n.id) for n in nations if n.status is Status.SEMI)
        + ". Peripheral: "
        + ", ".join(state.name(n.id) for n in nations if n.status is Status.PERIPHERAL)
        + "."
    )
    for n in nations:
        if n.terrorist:
            state = state.logged(
                f"Secret: {state.name(n.id)} holds the terrorist card. Keep it covert; recruit others by coups.",
                to=(n.id,),
            )
    return state
