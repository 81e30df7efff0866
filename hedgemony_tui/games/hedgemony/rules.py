"""Hedgemony behind the table's contract (:class:`hedgemony_tui.table.contract.GameRules`).

A thin adapter over the engine's one door (``engine.game``): the seats are the
scenario's six players and the White Cell, the new-game options are the game's length,
physical dice and the scenario's optional rules, and the outcome is each player's
victory conditions (Table A.2). Pure: no screens, no files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import attrs

from hedgemony_tui.table.contract import (
    Advice,
    Choice,
    ControlBot,
    Decision,
    GameInfo,
    GameRules,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.dice import Rng
from hedgemony_tui.table.errors import HedgemonyError, RuleInputError
from hedgemony_tui.table.odds import Face, faces_of
from hedgemony_tui.table.rules_base import RulesBase, checked_options, seed_problem

from .bots import POLICY_NAMES, WHITE_CELL_MODES, get_policy, white_cell
from .bots.coach import coach as expert_coach
from .engine import game
from .engine.concerns import concerned
from .engine.content import Content, check_folder, content_for
from .engine.expectation import option_expected_ip
from .engine.integrity import problems
from .engine.intents import (
    INTENT_TYPES,
    AppealForFunding,
    BuyBack,
    EnterRoll,
    GrantEmergencyFunding,
    Intent,
    Modernize,
    Procure,
    ProposeAction,
    RefuseAction,
    RuleAction,
    SetReadiness,
    seat_of,
)
from .engine.phases.signaling import signal_options
from .engine.setup import new_game, settings_for
from .engine.state import WHITE, GameState, Phase, Unseen
from .engine.view import view
from .engine.white_cell_intents import WHITE_CELL_INTENTS
from .migrations import MIGRATIONS
from .scenario_folder import scenario_folder_content

SEAT_ORDER = ("US", "NATO", "RU", "PRC", "DPRK", "IR")
"""The players in the order the placemats and the new-game form list them."""


class _WhiteCell:
    """The automated White Cell as the table's control bot (the bots' own choice type)."""

    def __init__(self, mode: str) -> None:
        self.bot = white_cell(mode)

    def decide(self, state: Any, options: Sequence[Any]) -> Choice | None:
        made = self.bot.decide(state, options)
        return None if made is None else Choice(made.intent, made.reason)


class HedgemonyRules(RulesBase[GameState, Intent]):
    info = GameInfo(
        id="hedgemony",
        title="Hedgemony",
        summary="RAND's strategic wargame: the U.S. and NATO/EU against Russia, China, North Korea and Iran,"
        " with a White Cell of facilitators",
        min_players=1,
        max_players=7,
        outcome=OutcomeKind.INDIVIDUAL,
        hidden_information=True,
        sealed_choices=True,
        control_seat=WHITE,
        dice=True,
    )
    state_type = GameState
    intent_types = INTENT_TYPES
    intent_union = Intent
    # Blue free play: a proposal's title and a ruling's table, cost and rows are the
    # proposer's and the White Cell's to write (rules/hedgemony/README.md X9).
    # Intents that vary by a number are listed at sensible values only; any other value
    # that breaks no rule is accepted (engine ``game._UNLISTED``): FFs whose readiness
    # changes, FFs modernized or procured, RPs asked for or granted in emergency funding.
    # The White Cell's discretion (pins, resets, penalties, the Red order, bases, proxies,
    # the pace rule; README X11) is never listed: accepted whenever its checks pass.
    open_intent_types = (
        ProposeAction,
        RuleAction,
        RefuseAction,
        SetReadiness,
        BuyBack,
        Modernize,
        Procure,
        AppealForFunding,
        GrantEmergencyFunding,
        *WHITE_CELL_INTENTS,
    )
    schema_version = 10
    migrations = MIGRATIONS
    policies = {name: partial(get_policy, name) for name in POLICY_NAMES}
    checksum_since = 5  # saves from version 5 on must carry a checksum (table.saves.file_kind)

    @property
    def content(self) -> Content:
        return content_for("default")

    # --- seats and options -----------------------------------------------------------------

    def seats(self) -> tuple[SeatSpec, ...]:
        scenario = self.content.scenario
        ids = [p for p in SEAT_ORDER if p in scenario.player_ids] + [
            p for p in scenario.player_ids if p not in SEAT_ORDER
        ]
        specs = [SeatSpec(p, scenario.player(p).name, scenario.player(p).side) for p in ids]
        return (*specs, SeatSpec(WHITE, "the White Cell", control=True))

    def options(self) -> tuple[OptionSpec, ...]:
        scenario = self.content.scenario
        opts = scenario.options
        return (
            OptionSpec("turns", "Turns", scenario.turns, "how many turns the game lasts", 1, 30),
            OptionSpec("physical_dice", "Physical dice", False, "the White Cell types in the face of a real D10"),
            OptionSpec(
                "activation_markers",
                "Activation markers",
                opts.activation_markers,
                "Red marks signaled cards face down (optional rule)",
            ),
            OptionSpec(
                "random_events",
                "Random events rolled by the game",
                opts.random_events,
                "on: the game's own D10 decides an event in each of the first three phases (optional rule, ch. 3);"
                " off: events still come from the White Cell, a person injecting them at will or the computer"
                " White Cell rolling its own die at the same chance",
            ),
            OptionSpec(
                "random_red_order",
                "Random Red order",
                opts.random_red_order,
                "the Red players act in a new random order each turn (optional rule)",
            ),
            OptionSpec(
                "red_extra_card_cost",
                "Red extra card cost",
                opts.red_extra_card_cost,
                "RP a Red player pays for each card beyond the first few each turn",
                0,
                10,
            ),
            OptionSpec(
                "red_extra_after",
                "Red cards before the extra cost",
                1,
                "how many cards a Red player plays each turn before the extra cost starts (pace rule)",
                1,
                3,
            ),
            OptionSpec(
                "random_event_chance",
                "Event chance",
                opts.random_event_chance,
                "a D10 below this injects an event (the game's roll, or the computer White Cell's)",
                0,
                10,
            ),
            # Text: the new-game form shows an input for it; empty is the shipped scenario.
            OptionSpec(
                "scenario",
                "Scenario folder",
                "",
                "a scenario folder to play (board.toml, scenario.toml, cards/); empty: the shipped one",
            ),
        )

    def setup(self, seed: int, options: Mapping[str, object]) -> GameState:
        # The core's checks of the options and the seed; the scenario's own defaults
        # (settings_for) then fill in what was not given.
        checked_options(self.options(), options)
        problem = seed_problem(seed)
        if problem:
            raise RuleInputError(problem)
        folder = str(options.get("scenario", "")).strip()
        settings = {name: value for name, value in options.items() if name != "scenario"}
        if not folder:
            content = self.content
            return new_game(content, seed, settings_for(content, **settings))
        ref, content = scenario_folder_content(folder, [s.id for s in self.seats() if not s.control])
        # The game names its folder and the digest of its files, so a save of it loads
        # only with the same folder (data/hedgemony/README.md, "Playing an edited scenario").
        return attrs.evolve(new_game(content, seed, settings_for(content, **settings)), scenario=ref)

    # --- the one door ------------------------------------------------------------------------

    def pending(self, state: GameState) -> Decision:
        decision = game.pending(state)
        kind = "over" if decision.kind == "over" else decision.kind
        # Red signals are a sealed choice every Red player still to signal owes at once.
        return Decision(decision.owing, kind, decision.prompt)

    def pending_for(self, state: GameState, seat: str) -> Decision:
        # Another player's private event is not named (engine ``game.pending_for``).
        decision = game.pending_for(state, seat)
        kind = "over" if decision.kind == "over" else decision.kind
        return Decision(decision.owing, kind, decision.prompt)

    def legal(self, state: GameState) -> list[Intent]:
        return game.legal_intents(state)

    def apply(self, state: GameState, intent: Intent) -> GameState:
        return game.reduce(state, intent)

    def seat_of(self, intent: Intent) -> str:
        return seat_of(intent)

    def view(self, state: GameState, seat: str) -> GameState:
        return view(state, seat)

    def outcome(self, state: GameState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        results = tuple(
            SeatResult(
                p.id,
                "win" if p.id in state.winners else "lose",
                float(p.ip),
                "met its victory conditions" if p.id in state.winners else "did not meet its victory conditions",
            )
            for p in state.players
        )
        winners = ", ".join(state.winners) or "no one"
        return Outcome(results, summary=f"Winners: {winners}")

    def check(self, state: GameState) -> list[str]:
        try:
            check_folder(state.scenario)  # a folder's files are hashed again at every load
            content = content_for(state.scenario)
        except KeyError:
            return [f"the save names a scenario this program does not have ({state.scenario!r})"]
        except HedgemonyError as exc:  # a scenario folder gone, changed, or no longer valid
            return [str(exc)]
        # The settings within the new-game form's ranges: a save may not hold a game no
        # form could have started (integrity.settings_problems).
        return problems(state, content, self.options())

    def roll_faces(self, state: GameState) -> tuple[Face, ...]:
        # The engine's own roll, once per face of the D10, as a physical die would be typed in.
        if state.roll_request is None:
            return ()
        content = game.content_of(state)
        return faces_of(10, lambda face: game.apply_roll(state, content, EnterRoll(face)))

    def concerns(self, before: GameState, after: GameState, intent: Intent) -> tuple[str, ...]:
        return concerned(before, after, seat_of(intent))

    def reveals(self, before: GameState, after: GameState) -> bool:
        if after.rng != before.rng:
            return True
        # Private RP/IP changes shown to all: their event disclosed, or the game over
        # (the final balances decide it in the open).
        if any(u not in after.unseen for u in before.unseen) or (after.phase is Phase.OVER) != (
            before.phase is Phase.OVER
        ):
            return True
        # A roll, a private line shown to someone other than who wrote it (a private
        # result), or a reveal (a secret capability, sealed votes or signals laid open).
        # A line only its own actor sees ("RU will signal ...") tells no one anything new.
        return any(
            entry.roll is not None or entry.kind == "reveal" or set(entry.visible_to) - {entry.actor}
            for entry in after.log[len(before.log) :]
        )

    def turn_of(self, state: GameState) -> tuple[int, str]:
        return state.turn, state.phase.value

    def summary(self, state: GameState) -> dict[str, Any]:
        completed = state.turn if state.phase is Phase.OVER else state.turn - 1
        return {
            "seed": state.seed,
            "turn": completed,
            "over": state.phase is Phase.OVER,
            "phase": state.phase.value,
            "players": {
                p.id: {"ip": p.ip, "rp": p.rp, "ff": state.ffs_of(p.id), "tech": p.tech_level} for p in state.players
            },
            "winners": list(state.winners),
        }

    # --- computer players ----------------------------------------------------------------------

    def control_modes(self) -> tuple[str, ...]:
        # The first is the default for a mixed table: the optional random-events rule.
        return ("random-events", *(m for m in WHITE_CELL_MODES if m != "random-events"))

    def control_bot(self, mode: str) -> ControlBot | None:
        if mode not in WHITE_CELL_MODES:
            raise RuleInputError(f"no White Cell mode {mode!r}: choose one of {', '.join(WHITE_CELL_MODES)}")
        return _WhiteCell(mode)

    # --- the coach (table.contract.Advice): the expert's advice from a seat's own view

    def coach(self, view: GameState, seat: str, include: Sequence[Intent] = ()) -> Advice | None:
        return expert_coach(view, seat, include)

    def worksheet_value(self, view: GameState, seat: str, intent: Intent) -> float | None:
        # What the seat's worksheet (F6) shows for an option (table.conformance_coach).
        return option_expected_ip(view, seat, intent)

    # --- privacy checks --------------------------------------------------------------------------

    def vary_secrets(self, state: GameState, seat: str, salt: int) -> GameState:
        """Change what ``seat`` may not see: the dice's future, other players' hidden
        Critical Capabilities and private IP gains, face-down activation markers, private results, private
        journal lines, the votes of a card in play before all are in, and the signals
        other Red players chose but have not yet laid down."""
        if seat == WHITE:
            return state
        others = [p.id for p in state.players if p.id != seat]
        players = tuple(
            attrs.evolve(p, capabilities={**p.capabilities, "hidden-probe": salt % 7 + 1}) if p.id in others else p
            for p in state.players
        )
        unseen = state.unseen
        if state.phase is not Phase.OVER:  # a private IP gain of each other player, seen by it alone
            gain = salt % 3 + 1
            players = tuple(attrs.evolve(p, ip=p.ip + gain) if p.id in others else p for p in players)
            # Dated at the last line already written (as a real private line would be):
            # the next line logged, whatever it is, comes after the gain.
            last = state.log[-1].seq if state.log else 0
            unseen += tuple(Unseen(other, "ip", gain, (other,), last, f"probe-{salt}") for other in others)
        log = tuple(
            attrs.evolve(e, text=f"{e.text} [{salt}]") if e.visible_to and seat not in e.visible_to else e
            for e in state.log
        )
        activations = {**state.activations, **{other: (f"probe-{salt}",) for other in others}}
        run = state.run
        if run is not None and run.votes:
            run = attrs.evolve(run, votes={p: (v != bool(salt % 2)) if p != seat else v for p, v in run.votes.items()})
        return attrs.evolve(
            state,
            seed=state.seed + salt + 1,
            rng=Rng(state.seed + salt + 1, state.rng.draws, state.rng.keys),
            players=players,
            log=log,
            activations=activations,
            run=run,
            unseen=unseen,
            signals=self._vary_sealed_signals(state, seat, salt),
        )

    def _vary_sealed_signals(self, state: GameState, seat: str, salt: int) -> dict[str, tuple[str, ...]]:
        """Other Red players' chosen signals, replaced by other valid ones while the
        signals are still sealed (some player is still choosing)."""
        if state.phase is not Phase.SIGNALING or not state.queue:
            return state.signals
        content = game.content_of(state)
        varied = dict(state.signals)
        for other, cards in state.signals.items():
            if other == seat:
                continue
            options = [o.cards for o in signal_options(content, other, False) if o.cards != cards]
            varied[other] = options[salt % len(options)]
        return varied


RULES = HedgemonyRules()
# Typed as its own class, since Hedgemony's tools (the CLI, the screens, the tests) also
# read its content and its coach; here mypy checks that it meets the table's contract.
_AS_THE_TABLE_SEES_IT: GameRules[GameState, Intent] = RULES
