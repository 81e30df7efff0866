"""Multi-turn outcomes (ch. 8, "Multi-Turn Outcomes and Outcome Sequencing") and the dice."""

import attrs

from hedgemony_tui.games.hedgemony.engine.cards import EffectSpec
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending
from hedgemony_tui.games.hedgemony.engine.intents import EnterRoll, PayReadiness, PlayCard, RollDie
from hedgemony_tui.games.hedgemony.engine.play import apply_effect, why_not_playable
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.table.dice import Rng
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, roll, signal_all


def test_the_rulebooks_c4isr_example(tmp_path):
    # Turn 1: the U.S. upgrades C4ISR. Later that turn an event forbids C4ISR upgrades
    # "for two turns": the rest of turn 1 and turn 2. The upgrade already made stands,
    # and the card could not be played on turn 2 anyway (every two turns): no effect.
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-UP-C4ISR"))
    state = roll(roll(state, 9), 5)
    assert state.player("US").capabilities["C4ISR"] == 4
    state = apply_effect(state, "US", EffectSpec("self", "block", "C4ISR", turns=2), "EVT-TEST", private=False)
    block = state.effects[-1]
    assert (block.first_turn, block.last_turn) == (1, 2)
    assert state.player("US").capabilities["C4ISR"] == 4  # what happened earlier stands
    card = CONTENT.card("US-UP-C4ISR")
    turn2 = attrs.evolve(state, turn=2, played={}, phase=Phase.BLUE, queue=("US",), readiness_paid=True)
    assert "every 2 turns" in (why_not_playable(turn2, CONTENT, "US", card) or "")  # cooldown, not the event
    turn3 = attrs.evolve(turn2, turn=3)
    turn3 = attrs.evolve(
        turn3, players=tuple(attrs.evolve(p, tech_level=5) if p.id == "US" else p for p in turn3.players)
    )
    assert why_not_playable(turn3, CONTENT, "US", card) is None  # block over, cooldown over
    assert "forbids" in (why_not_playable(attrs.evolve(turn3, turn=2, last_played={}), CONTENT, "US", card) or "")


def test_an_effect_starting_next_turn_does_not_touch_this_one():
    state = fresh()
    state = apply_effect(
        state, "PRC", EffectSpec("self", "roll", "economic-development", -2, 1, "next"), "PRC-01", False
    )
    effect = state.effects[-1]
    assert not effect.active(1) and effect.active(2) and not effect.active(3)


def test_rolls_are_logged_with_modifiers_and_table():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = act(state, PlayCard("US", "US-RD"))
    assert legal_intents(state, CONTENT) == [RollDie("US")]
    state = act(state, RollDie("US"))
    record = state.log[-1].roll if state.log[-1].roll else next(e.roll for e in reversed(state.log) if e.roll)
    assert record.roller == "US" and record.table == "card" and record.column == "leading"
    assert 0 <= record.raw <= 9 and record.result


def test_physical_dice_let_the_white_cell_type_the_face():
    state = act(signal_all(fresh()), PayReadiness("US"))
    state = attrs.evolve(state, settings=attrs.evolve(state.settings, physical_dice=True))
    state = act(state, PlayCard("US", "US-RD"))
    assert pending(state, CONTENT).seat == "WHITE"
    assert legal_intents(state, CONTENT) == [EnterRoll(face) for face in range(10)]
    before = state.rng
    state = act(state, EnterRoll(9))
    assert state.rng == before  # the game's dice were not used
    record = next(e.roll for e in reversed(state.log) if e.roll)
    assert record.physical and record.raw == 9 and state.scheduled[-1].turn == 2


def test_dice_are_uniform_and_reproducible():
    faces = []
    rng = Rng(123)
    for _ in range(10000):
        face, rng = rng.next_below(10)
        faces.append(face)
    counts = [faces.count(f) for f in range(10)]
    assert all(900 < c < 1100 for c in counts)
    again = Rng(123)
    assert [again.next_below(10)[0] for _ in range(1)] == [faces[0]]
    assert Rng(123, 5).next_below(10)[0] == faces[5]


def test_keyed_dice_are_uniform_reproducible_and_number_repeats():
    faces = [Rng(7).keyed_d10(turn, f"card-{i}/card/US")[0] for turn in range(1, 9) for i in range(1250)]
    counts = [faces.count(f) for f in range(10)]
    assert all(900 < c < 1100 for c in counts)
    rng = Rng(7)
    first, rng = rng.keyed_d10(1, "card-0/card/US")
    assert first == faces[0] and (rng.draws, rng.keys) == (1, ("1:card-0/card/US",))
    assert Rng(7).keyed_d10(1, "card-0/card/US")[0] == first  # the same name, the same face
    # A second roll of the same name in the turn is its own draw (numbered), over many seeds.
    repeats = [Rng(s).keyed_d10(1, "X")[1].keyed_d10(1, "X")[0] == Rng(s).keyed_d10(1, "X")[0] for s in range(200)]
    assert 5 < sum(repeats) < 40  # equal about one time in ten, as two independent faces
    # A new turn forgets the names of the last one.
    later = rng.keyed_d10(2, "card-0/card/US")[1]
    assert later.keys == ("2:card-0/card/US",) and later.draws == 2


def _card_faces(state, card):
    """Play ``card`` for the U.S. rolling the game's dice; the raw faces of its rolls."""
    state = act(state, PlayCard("US", card))
    while legal_intents(state, CONTENT) == [RollDie("US")]:
        state = act(state, RollDie("US"))
    return state, [e.roll.raw for e in state.log if e.roll and e.roll.reason.startswith(card)]


def test_a_roll_added_earlier_leaves_the_faces_of_other_rolls_alone():
    # The same seed; in one game the U.S. plays its R&D card first (one more roll), in the
    # other it does not. The C4ISR upgrade that follows rolls the same faces in both: the
    # dice are keyed by what each roll is for, not by how many came before. With a running
    # count the faces would differ in about nine seeds of ten.
    same = 0
    for seed in range(1, 11):
        start = act(signal_all(fresh(seed)), PayReadiness("US"))
        played, rd = _card_faces(start, "US-RD")
        assert len(rd) == 1
        _, after_rd = _card_faces(played, "US-UP-C4ISR")
        _, alone = _card_faces(start, "US-UP-C4ISR")
        assert after_rd and alone
        same += after_rd == alone
    assert same == 10
