"""What ``hedgemony simulate`` and ``show`` draw for a Grand Game save: one row per country
(GDP, Francs, score, territories, cities, forces), the year and phase, and what the table
waits on or how the game ended.

Only what every seat may see is drawn (the state through ``view`` for nobody): the board,
the economy and the Francs are public; drafts and sheets are not shown.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.public import PUBLIC

from ..engine.game import the_map
from ..engine.game_state import GrandState
from ..engine.game_year import cities_held, ranking, score
from ..rules import RULES


def placemats(state: GrandState, payload: dict[str, Any]) -> RenderableType:
    """The Grand Game's board as a table, a row per country, then the next decision or the end."""
    seen: GrandState = RULES.view(state, PUBLIC)
    m = the_map()
    title = f"The Grand Game, year {seen.turn}, {'game over' if seen.over else seen.phase} (seed {state.seed})"
    grid = Table(title=title, box=box.SIMPLE_HEAVY, title_style="bold")
    # Short headers keep the table whole in 80 columns (the footer says what they mean).
    grid.add_column("Country", no_wrap=True, min_width=10)
    for header in ("GDP", "Francs", "Score", "Lands", "Cities", "Army", "Air", "Fleets"):
        grid.add_column(header, justify="right")
    for seat in ranking(seen) if seen.over else seen.seats:
        mine = [p for p in seen.stacks if p.seat == seat]
        grid.add_row(
            m.countries[seat].name,
            str(seen.gdp.get(seat, 0)),
            str(seen.francs.get(seat, 0)),
            f"{float(score(seen, seat)):.2f}",
            str(sum(1 for who in seen.owners.values() if who == seat)),
            str(cities_held(m, seen, seat)),
            str(sum(p.infantry + p.armor for p in mine)),
            str(sum(p.aircraft for p in mine)),
            str(sum(p.light + p.heavy for p in mine)),
        )
    footer = [
        "Score: Francs per point of starting GDP. Lands: territories held. Army: infantry and armor. Air: aircraft."
    ]
    outcome = RULES.outcome(seen)
    footer.append(outcome.summary if outcome is not None else f"Next: {RULES.pending(seen).prompt}")
    footer.append(f"state hash {payload.get('state_hash', '')}")
    return Group(grid, Text("\n".join(footer)))
