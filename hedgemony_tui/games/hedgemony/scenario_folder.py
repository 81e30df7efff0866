"""A scenario folder chosen to play (``--scenario DIR``, the new-game form's "Scenario
folder"): checked, read, and named for the game's state.

The folder must read without a problem (``hedgemony check-scenario`` lists them) and
have the shipped scenario's players, since the table's seats are Hedgemony's six players
and the White Cell. The state records the folder as ``folder:<absolute path>#<digest>``
(``engine.content.folder_ref``), and ``content_for`` reads it back from that name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hedgemony_tui.table.errors import HedgemonyError, RuleInputError
from hedgemony_tui.table.text import inert

from .engine.content import Content, content_for, folder_ref

HINT = "a scenario folder holds board.toml, scenario.toml and cards/*.toml"


def scenario_folder_content(folder: str, players: Sequence[str]) -> tuple[str, Content]:
    """(the name the game records, the content) of the scenario folder ``folder``, or a
    one-line :class:`RuleInputError` saying what is wrong with it."""
    path = Path(folder)
    try:
        if not path.is_dir():
            raise RuleInputError(f"scenario {folder}: no such folder ({HINT})")
        ref = folder_ref(path)
        content = content_for(ref)
    except OSError as exc:
        raise RuleInputError(f"scenario {folder}: cannot read it ({exc.strerror or exc}; {HINT})") from None
    except RuleInputError:
        raise
    except HedgemonyError as exc:
        # The error names the folder's own file (``<folder>/cards/ru.toml``), not the
        # scenario's id: a copy of the shipped scenario has the id "default".
        raise RuleInputError(
            f"scenario folder {inert(folder)}: {inert(exc)}; "
            f"`hedgemony check-scenario {inert(folder)}` lists every problem"
        ) from None
    if sorted(content.scenario.player_ids) != sorted(players):
        raise RuleInputError(
            f"scenario {folder}: its players are {', '.join(content.scenario.player_ids)}; "
            f"a scenario played on this table has the players {', '.join(players)}"
        )
    return ref, content
