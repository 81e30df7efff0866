"""``hedgemony aar SAVE [--out DIR]``: the debrief pack of a game, for any game on the table.

This module reads the arguments and words the messages; the pack itself is built and
written by :mod:`hedgemony_tui.table.debrief_pack` (the end screen writes it too). It
replays the save's journal (:class:`~hedgemony_tui.table.replay.Timeline`) and
writes, into ``DIR`` (default: ``<save name>-aar`` beside the save):

- ``report.md``: the outcome, figures by turn, decisions by seat, bookmarks, the
  decisive rolls with their odds before the roll, luck against choice per seat, and the
  game's own sections (its CLI module's optional ``aar_sections(timeline)``: Hedgemony
  adds each Red player's signals against its plays and every White Cell ruling);
- ``report.html``: the same Markdown rendered as a web page (real headings and tables:
  :mod:`~hedgemony_tui.table.debrief_html`), with a line chart per figure (inline SVG, no
  script, so it opens anywhere, and prints in black and white);
- ``figures.csv`` (turn, seat and each figure, at each turn's end: the last turn's rows
  are the final placemats), ``rolls.csv`` (every roll with its chance and each seat's
  expected and actual change of score) and ``debrief.json`` (all of it).

A debrief lays the game open, so the pack holds everything (the White Cell's private
events and rulings too); ``--public`` keeps to what every seat saw (``rules.view`` of
nobody's seat), for a pack handed out while a game goes on.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..table.debrief_pack import write_pack
from ..table.public import PUBLIC
from ..table.replay import Timeline
from ..table.saves import read_game
from ..table.text import shown
from .paths import folder_to_write, save_to_read


def add_aar_parser(commands: Any) -> None:
    aar = commands.add_parser("aar", help="write a game's debrief pack (Markdown, HTML with charts, CSV, JSON)")
    aar.add_argument("save", metavar="SAVE", help="a save file with its journal (any game on the table)")
    aar.add_argument(
        "--out", metavar="DIR", help="a new or empty folder to write (default: <save name>-aar beside the save)"
    )
    aar.add_argument(
        "--force", action="store_true", help="write into a folder that is not empty, replacing the pack's files"
    )
    aar.add_argument(
        "--public", action="store_true", help="only what every seat saw (for a pack handed out while the game goes on)"
    )
    aar.add_argument(
        "--allow-edited", action="store_true", help="read a save edited by hand (it must still obey the rules)"
    )
    aar.add_argument("--game", help=argparse.SUPPRESS)
    aar.add_argument("--json", action="store_true", help="print what was written as JSON")
    aar.set_defaults(handler=cmd_aar)


def cmd_aar(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    path = Path(save_to_read(args.save))
    saved = read_game(path, args.game, allow_edited=args.allow_edited)
    title = f"{path.name} ({saved.warning})" if saved.warning else path.name  # the debrief says what it rests on
    timeline = Timeline.of(saved, name=path.name)
    out = (
        folder_to_write(args.out) if args.out is not None else path.with_name(path.name.removesuffix(".toml") + "-aar")
    )
    written = write_pack(
        timeline, out, title=title, viewpoint=PUBLIC if args.public else None, force=args.force, seats=saved.seats
    )
    payload = {"save": str(path), "out": str(out), "files": [str(p) for p in written]}
    return payload, "\n".join(
        [f"{shown(out)}: the debrief pack of {shown(path.name)}", *(f"  {p.name}" for p in written)]
    )
