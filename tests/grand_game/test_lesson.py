"""The Grand Game's "Learn to play": the lesson fits the game (its seats, phases, guide
pages, options), its two-year game passes every phase its notes speak of, and the title's
"Learn to play" starts it with its introduction and the allocation's note before the
learner's first decision."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.bots.basic import BasicPolicy
from hedgemony_tui.games.grand_game.engine.game import legal_for, pending_seats
from hedgemony_tui.games.grand_game.engine.game_state import PHASES
from hedgemony_tui.games.grand_game.front import lesson as gg_lesson
from hedgemony_tui.games.grand_game.front.guide import GUIDE
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.shell.front import LessonFront
from hedgemony_tui.table.registry import get_front

LESSON = gg_lesson.LESSON


def test_the_lesson_fits_the_game() -> None:
    seats = tuple(spec.id for spec in RULES.seats())
    assert gg_lesson.COUNTRIES == seats
    assert LESSON.seat in seats
    assert set(LESSON.kinds) == set(seats) - {LESSON.seat}  # every other seat says who plays it
    assert set(LESSON.kinds.values()) <= set(RULES.policy_names())
    assert set(LESSON.notes) <= set(PHASES) - {"over"}
    assert [topic for topic in LESSON.guide.values() if GUIDE.section(topic) is None] == []
    front = get_front("grand-game")
    assert isinstance(front, LessonFront) and front.lesson() is LESSON


def test_the_lesson_game_passes_every_phase_its_notes_speak_of() -> None:
    state = RULES.setup(gg_lesson.SEED, LESSON.game_options())
    assert state.turns == LESSON.turns and state.minutes == 0
    players = {seat: BasicPolicy() for seat in state.seats}
    seen = [state.phase]
    for _ in range(20_000):
        if state.over:
            break
        seat = pending_seats(state)[0]
        state = RULES.apply(state, players[seat].decide(RULES.view(state, seat), legal_for(state, seat)).intent)
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert state.over and state.turn == LESSON.turns
    assert set(LESSON.notes) <= set(seen)
    assert seen.count("spring") == LESSON.turns  # every season of both years


@pytest.mark.slow
async def test_learn_to_play_opens_with_the_introduction_then_the_allocation(tmp_path) -> None:
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.game import GameScreen
    from hedgemony_tui.shell.screens.handover import HandOverScreen
    from hedgemony_tui.shell.screens.lesson import LessonNoteScreen, start_lesson
    from tests.tui.tui_helpers import SIZE

    app = build_app(saves_dir=tmp_path, bot_delay=0)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert start_lesson(app, "grand-game")
        await pilot.pause()
        assert app.lesson is not None and app.host.state.seed == LESSON.seed
        assert app.seats.human(LESSON.seat)
        assert not any(app.seats.human(s) for s in gg_lesson.COUNTRIES if s != LESSON.seat)
        for _ in range(100):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonNoteScreen):
                notes.append(screen.text)
                await pilot.press("enter")
            elif isinstance(screen, HandOverScreen):
                await pilot.press("enter")
            elif app.my_options() and not isinstance(screen, LessonNoteScreen) and len(notes) >= 2:
                break  # the learner's first decision, its notes read
            elif not isinstance(screen, GameScreen):
                await pilot.press("escape")
        owed = app.rules.pending(app.host.state)
    assert LESSON.seat in owed.seats and owed.kind == "allocate", owed.prompt
    assert notes[:2] == [LESSON.intro, LESSON.notes["allocate"]]
