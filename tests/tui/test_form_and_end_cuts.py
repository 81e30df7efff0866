"""Text cut at 100x30 and 120x40 (issue 33): the footer leaves whole keys out rather than
cutting one ("f8 To W"), the Red briefing and the hand wrap card titles rather than
cutting them, and a crowded board cell shows its forces first and never a number cut
short."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.intents import SignalCards
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.front.render import briefing as draw
from hedgemony_tui.games.hedgemony.front.render.board import fit_groups
from hedgemony_tui.games.hedgemony.rules import RULES
from tests.hedgemony.app_helpers import human_app, new_state
from tests.tui.tui_helpers import screen_text, settle, shown_text


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_footer_shows_whole_keys_only(size, tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(3):
            await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        palette = next(k for k in keys if k.has_class("-command-palette"))
        shown = [k for k in keys if not k.has_class("-command-palette")]
        assert shown and all(k.region.right <= palette.region.x for k in shown)
        line = screen_text(app).splitlines()[-1].split("▏")[0].rstrip()
        assert line.endswith(shown[-1].description), line
        assert "Help" in line and "Quit" in line  # kept to the last


def test_the_briefing_wraps_a_long_card_title_rather_than_cut_it():
    state = new_state()
    while state.phase is Phase.SIGNALING:
        state = RULES.apply(state, next(i for i in RULES.legal(state) if isinstance(i, SignalCards)))
    seen = RULES.view(state, "US")
    content = content_for(seen.scenario)
    for pid, cards in draw.signalled(seen, content):
        for card in cards:
            text = " ".join(shown_text(_Shown(draw.card_row(seen, content, pid, card)), width=46).split())
            # Wrapped in its column: every word of the title is there, whole.
            assert set(content.card(card).title.split()) <= set(text.split()) and "…" not in text, text


class _Shown:
    """What ``shown_text`` reads: a renderable under ``content``."""

    def __init__(self, renderable) -> None:
        self.content = renderable


async def test_the_hand_wraps_a_long_card_title_rather_than_cut_it(tmp_path):
    app = human_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await pilot.pause()
        listing = app.screen.query_one("#hand-list", OptionList)
        content = content_for(app.host.state.scenario)
        for index, card in enumerate(getattr(app.screen, "cards")):  # noqa: B009 (the hand screen's own)
            prompt = listing.get_option_at_index(index).prompt
            text = " ".join(shown_text(_Shown(prompt), width=46).split())
            assert set(content.card(card.id).title.split()) <= set(text.split()) and "…" not in text, text


def _group(text: str):
    return ([[(text, "")]], [(text, "")])


def test_a_crowded_cell_shows_its_forces_first_and_never_a_number_cut_short():
    from hedgemony_tui.games.hedgemony.front.render.board import place_groups

    class Stack:
        def __init__(self, owner, ffs):
            self.owner, self.ffs, self.mod, self.id, self.location = owner, ffs, 2, f"{owner}-1", "china"
            self.readiness, self.ready_turn = 100, 0

        def pinned(self, turn):
            return False

        def reset(self, turn):
            return False

    class Base:
        location, percent = "china", 50

    groups = place_groups("china", [Stack("PRC", 15), Stack("RU", 4)], 1, ["US", "PRC", "RU"], bases=[Base()])
    assert groups[0][1][0][0] == "PRC15"  # the forces before the base
    for room in range(4, 12):
        kept = fit_groups(groups, room, 1)
        words = "".join(text for line in kept for text, _ in line)
        assert len(words) <= room, (room, words)
        assert words.startswith("PRC"), (room, words)
        # A number is whole or absent: never "PRC1…" for 15 FFs.
        assert "PRC1…" not in words and "RU…" not in words.replace("RU4", ""), (room, words)
