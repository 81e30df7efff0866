"""The field reader behind ``card_loader``: one card's TOML values checked into the parts of a Card.

:class:`Reader` knows the keys each part of a card may hold (bands, rows, contest, effects,
limits, offers, vote, choice) and turns raw TOML values into typed parts, recording every
problem with the file, card id and field. :class:`Abort` stops one card at a structural
problem; the loader goes on with the next card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import (
    CAPABILITIES,
    EFFECT_KINDS,
    SPECIAL_TARGETS,
    UNTIL_USED,
    Band,
    ChoiceSpec,
    ContestSpec,
    EffectSpec,
    ForceLimit,
    OfferSpec,
    Option,
    VoteSpec,
)
from .terms import Outcome, Reliability

_BAND_KEYS = {
    "rolls",
    "label",
    "outcome",
    "ip",
    "rp",
    "lead_ip",
    "raise_by",
    "delay",
    "effects",
    "repeat",
    "respond",
    "pin_turns",
    "unpin",
    "unpin_at_end",
}
ROW_KEYS = _BAND_KEYS - {"rolls", "outcome"}
_CONTEST_KEYS = {
    "table",
    "responders",
    "red_capabilities",
    "blue_capabilities",
    "outcomes",
    "unopposed_ip",
    "unopposed_table",
    "unopposed_column",
    "unopposed_worst",
    "reset",
    "pin_turns",
    "locations",
    "initiator_forces",
    "limits",
    "third_party",
    "roll_per_ff",
    "roller",
    "decline_ip",
    "solo_ip",
}
_EFFECT_KEYS = {"player", "kind", "family", "value", "turns", "starts", "uses"}
_LIMIT_KEYS = {"max_ffs", "min_ffs", "min_readiness", "location"}
_OFFER_KEYS = {
    "players",
    "rp_max",
    "ip_per_rp",
    "roll_per_rp",
    "free_rp",
    "cf_per_rp",
    "only_if_none",
    "decline_ip",
    "ends_if_declined",
    "proxy",
    "partners",
    "partner_effects",
}
_VOTE_KEYS = {"voters", "cost_yes", "all", "some", "none", "yes_effects"}
_CHOICE_KEYS = {"by", "prompt", "options", "options_from"}
_OPTION_KEYS = {"id", "label", "ip", "rp", "effects"}


def short(value: Any) -> str:
    """A found value for a message: its repr, cut short (a file may hold anything)."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class Abort(Exception):
    """Stops reading one card at a problem that leaves nothing further to check (a
    structure, not a value); the next card is still read."""


class Reader:
    """Reads one card, naming the file, card and field of any problem."""

    def __init__(self, file: str, card: str, players: set[str], problems: list[str]) -> None:
        self.file, self.card, self.players, self.problems = file, card, players, problems

    def fail(self, field: str, problem: str) -> Abort:
        self.problems.append(f"{self.file}: {self.card}: {field}: {problem}")
        return Abort()

    def keys(self, field: str, raw: Mapping[str, Any], allowed: set[str]) -> None:
        # Every unknown key is a problem of its own; reading goes on (check-scenario
        # lists them all, and a card with any problem is still left out).
        for key in sorted(set(map(str, raw)) - allowed):
            self.fail(f"{field}.{key}" if field else key, f"unknown key; allowed: {', '.join(sorted(allowed))}")

    def table(self, field: str, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(field, "must be a table")
        return raw

    def integer(self, field: str, value: Any, low: int = -99, high: int = 99) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            # Recorded, not raised: the card's other fields are still checked.
            self.fail(field, f"must be a whole number {low} to {high}, found {short(value)}")
            return max(low, min(0, high))
        return value

    def boolean(self, field: str, value: Any) -> bool:
        if not isinstance(value, bool):
            self.fail(field, f"must be true or false, found {short(value)}")
            return False
        return value

    def string(self, field: str, value: Any, choices: Iterable[str] | None = None) -> str:
        if not isinstance(value, str):
            self.fail(field, f"must be a string, found {short(value)}")
            return ""
        if choices is not None and value not in choices:
            choices = tuple(choices)
            self.fail(field, f"must be one of {', '.join(choices)}, found {short(value)}")
            return value
        return value

    def player(self, field: str, value: Any, extra: Iterable[str] = ()) -> str:
        allowed = sorted(self.players) + list(extra)
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(field, f"unknown player {value!r}; allowed: {', '.join(allowed)}")
        return value

    def players_list(self, field: str, raw: Any, extra: Iterable[str] = ()) -> tuple[str, ...]:
        if not isinstance(raw, list):
            raise self.fail(field, "must be a list of players")
        return tuple(self.player(f"{field}[{i}]", p, extra) for i, p in enumerate(raw))

    def strings(self, field: str, raw: Any, choices: Iterable[str] | None = None) -> tuple[str, ...]:
        if not isinstance(raw, list):
            raise self.fail(field, "must be a list of strings")
        return tuple(self.string(f"{field}[{i}]", v, choices) for i, v in enumerate(raw))

    def per_player(self, field: str, raw: Any) -> dict[str, int]:
        if raw is None:
            return {}
        raw = self.table(field, raw)
        for player, value in raw.items():
            self.player(f"{field}.{player}", player, SPECIAL_TARGETS)
            self.integer(f"{field}.{player}", value)
        return dict(raw)

    def faces(self, field: str, text: Any) -> tuple[int, int]:
        if isinstance(text, int) and not isinstance(text, bool):
            return text, text
        if isinstance(text, str):
            low, _, high = text.partition("-")
            try:
                return int(low), int(high or low)
            except ValueError:
                pass
        raise self.fail(field, f'write faces as "N" or "N-M", found {text!r}')

    # --- parts -------------------------------------------------------------------------

    def effects(self, field: str, raw: Any) -> tuple[EffectSpec, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise self.fail(field, "must be a list of effect tables")
        out = []
        for index, item in enumerate(raw):
            here = f"{field}[{index}]"
            item = self.table(here, item)
            self.keys(here, item, _EFFECT_KEYS)
            family = item.get("family")
            if not isinstance(family, str) or not family:
                raise self.fail(f"{here}.family", "must name the card family, capability or place it touches")
            out.append(
                EffectSpec(
                    player=self.player(f"{here}.player", item.get("player", "self"), SPECIAL_TARGETS),
                    kind=self.string(f"{here}.kind", item.get("kind"), EFFECT_KINDS),
                    family=family,
                    value=self.integer(f"{here}.value", item.get("value", 0)),
                    turns=self.integer(f"{here}.turns", item.get("turns", 1), 1, UNTIL_USED),
                    starts=self.string(
                        f"{here}.starts", item.get("starts", "now"), ("now", "next", "next-action-phase")
                    ),
                    uses=self.integer(f"{here}.uses", item.get("uses", 0), 0, 20),
                )
            )
        return tuple(out)

    def row(
        self, field: str, item: dict[str, Any], low: int = 0, high: int = 0, label: str = "", outcome: str = ""
    ) -> Band:
        lead_ip = {}
        for leader, ips in self.table(f"{field}.lead_ip", item.get("lead_ip", {})).items():
            self.player(f"{field}.lead_ip.{leader}", leader)
            lead_ip[leader] = self.per_player(f"{field}.lead_ip.{leader}", ips)
        return Band(
            low=low,
            high=high,
            label=str(item.get("label", label)),
            outcome=outcome,
            ip=self.per_player(f"{field}.ip", item.get("ip")),
            rp=self.per_player(f"{field}.rp", item.get("rp")),
            lead_ip=lead_ip,
            raise_by=self.integer(f"{field}.raise_by", item.get("raise_by", 0), 0, 6),
            delay=self.integer(f"{field}.delay", item.get("delay", 0), 0, 10),
            effects=self.effects(f"{field}.effects", item.get("effects")),
            repeat=self.boolean(f"{field}.repeat", item.get("repeat", False)),
            respond=self.boolean(f"{field}.respond", item.get("respond", False)),
            pin_turns=self.integer(f"{field}.pin_turns", item.get("pin_turns", 0), 0, UNTIL_USED),
            unpin=self.boolean(f"{field}.unpin", item.get("unpin", False)),
            unpin_at_end=self.boolean(f"{field}.unpin_at_end", item.get("unpin_at_end", False)),
        )

    def bands(self, field: str, raw: Any) -> tuple[Band, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list) or not raw:
            raise self.fail(field, "must be a non-empty list of bands")
        out = []
        outcomes = [o.value for o in Outcome]
        for index, item in enumerate(raw):
            here = f"{field}[{index}]"
            item = self.table(here, item)
            self.keys(here, item, _BAND_KEYS)
            low, high = self.faces(f"{here}.rolls", item.get("rolls"))
            outcome = self.string(f"{here}.outcome", item.get("outcome", ""), outcomes + [""])
            out.append(self.row(here, item, low, high, outcome=outcome))
        faces = [f for band in out for f in range(band.low, band.high + 1)]
        if faces != list(range(out[0].low, out[-1].high + 1)) or out[0].low > 0 or out[-1].high < 9:
            raise self.fail(field, "bands must run in order without gaps or overlaps and cover the faces 0-9")
        return tuple(out)

    def outcomes(self, field: str, raw: Any) -> dict[Outcome, Band]:
        raw = self.table(field, raw)
        if set(raw) != {o.value for o in Outcome}:
            raise self.fail(field, f"needs one row per outcome: {', '.join(o.value for o in Outcome)}")
        rows = {}
        for key, value in raw.items():
            here = f"{field}.{key}"
            value = self.table(here, value)
            outcome = Outcome(key)
            if set(value) & ROW_KEYS:  # a full row: ip = {...}, effects = [...], repeat ...
                self.keys(here, value, ROW_KEYS)
                rows[outcome] = self.row(here, value, label=outcome.title, outcome=key)
            else:  # the short form: player = IPs
                rows[outcome] = Band(0, 0, outcome.title, key, ip=self.per_player(here, value))
        return rows

    def contest(self, raw: Any) -> ContestSpec:
        if raw is None:
            raise self.fail("contest", "a contest card needs a [card.contest] table")
        raw = self.table("contest", raw)
        self.keys("contest", raw, _CONTEST_KEYS)
        table = self.string("contest.table", raw.get("table"), ("crt-a", "rt-b", "bands"))
        limits = {}
        for player, limit in self.table("contest.limits", raw.get("limits", {})).items():
            here = f"contest.limits.{player}"
            self.player(here, player)
            limit = self.table(here, limit)
            self.keys(here, limit, _LIMIT_KEYS)
            limits[player] = ForceLimit(
                max_ffs=self.integer(f"{here}.max_ffs", limit.get("max_ffs", 0), 0, 50),
                min_ffs=self.integer(f"{here}.min_ffs", limit.get("min_ffs", 0), 0, 50),
                min_readiness=self.integer(f"{here}.min_readiness", limit.get("min_readiness", 0), 0, 100),
                location=self.string(f"{here}.location", limit.get("location", "")),
            )
        third = self.table("contest.third_party", raw.get("third_party", {}))
        for side, value in third.items():
            self.string(f"contest.third_party.{side}", side, ("blue", "red"))
            self.integer(f"contest.third_party.{side}", value, 0, 50)
        per_ff = self.table("contest.roll_per_ff", raw.get("roll_per_ff", {}))
        for who, value in per_ff.items():
            self.player(f"contest.roll_per_ff.{who}", who, ("blue", "red", "leader"))
            self.integer(f"contest.roll_per_ff.{who}", value, -5, 5)
        outcomes = self.outcomes("contest.outcomes", raw.get("outcomes", {})) if table != "bands" else {}
        return ContestSpec(
            table=table,
            responders=self.players_list("contest.responders", raw.get("responders", [])),
            red_capabilities=self.strings("contest.red_capabilities", raw.get("red_capabilities", []), CAPABILITIES),
            blue_capabilities=self.strings("contest.blue_capabilities", raw.get("blue_capabilities", []), CAPABILITIES),
            outcomes=outcomes,
            unopposed_ip=self.per_player("contest.unopposed_ip", raw.get("unopposed_ip")),
            unopposed_table=self.string(
                "contest.unopposed_table", raw.get("unopposed_table", "rt-b"), ("rt-b", "crt-a", "none", "same")
            ),
            unopposed_column=self.string("contest.unopposed_column", raw.get("unopposed_column", "red-advantage")),
            unopposed_worst=self.boolean("contest.unopposed_worst", raw.get("unopposed_worst", False)),
            reset=self.boolean("contest.reset", raw.get("reset", False)),
            pin_turns=self.integer("contest.pin_turns", raw.get("pin_turns", 0), 0, UNTIL_USED),
            locations=self.strings("contest.locations", raw.get("locations", [])),
            initiator_forces=self.boolean("contest.initiator_forces", raw.get("initiator_forces", True)),
            limits=limits,
            third_party=dict(third),
            roll_per_ff=dict(per_ff),
            roller=self.player("contest.roller", raw.get("roller", "self"), ("self", "leader")),
            decline_ip=self.per_player("contest.decline_ip", raw.get("decline_ip")),
            solo_ip=self.per_player("contest.solo_ip", raw.get("solo_ip")),
        )

    def choice(self, raw: Any) -> ChoiceSpec | None:
        if raw is None:
            return None
        raw = self.table("choice", raw)
        self.keys("choice", raw, _CHOICE_KEYS)
        options = []
        for index, item in enumerate(raw.get("options", [])):
            here = f"choice.options[{index}]"
            item = self.table(here, item)
            self.keys(here, item, _OPTION_KEYS)
            options.append(
                Option(
                    id=self.string(f"{here}.id", item.get("id")),
                    label=self.string(f"{here}.label", item.get("label", item.get("id"))),
                    ip=self.per_player(f"{here}.ip", item.get("ip")),
                    rp=self.per_player(f"{here}.rp", item.get("rp")),
                    effects=self.effects(f"{here}.effects", item.get("effects")),
                )
            )
        source = self.string("choice.options_from", raw.get("options_from", ""), ("", "aors-away"))
        if not options and not source:
            raise self.fail("choice.options", "list the options, or set options_from")
        return ChoiceSpec(
            by=self.player("choice.by", raw.get("by", "self"), ("self", "WHITE")),
            prompt=self.string("choice.prompt", raw.get("prompt", "Choose")),
            options=tuple(options),
            options_from=source,
        )

    def vote(self, raw: Any) -> VoteSpec | None:
        if raw is None:
            return None
        raw = self.table("vote", raw)
        self.keys("vote", raw, _VOTE_KEYS)
        return VoteSpec(
            voters=self.players_list("vote.voters", raw.get("voters", [])),
            cost_yes=self.integer("vote.cost_yes", raw.get("cost_yes", 0), 0, 20),
            all=self.per_player("vote.all", raw.get("all")),
            some=self.per_player("vote.some", raw.get("some")),
            none=self.per_player("vote.none", raw.get("none")),
            yes_effects=self.effects("vote.yes_effects", raw.get("yes_effects")),
        )

    def partner_effects(self, here: str, item: dict[str, Any]) -> dict[str, tuple[EffectSpec, ...]]:
        """An offer's effects by partner name (or "any"), each name one of its ``partners``."""
        names = set(self.strings(f"{here}.partners", item.get("partners", []))) | {"any"}
        out = {}
        for name, specs in self.table(f"{here}.partner_effects", item.get("partner_effects", {})).items():
            if name not in names:
                raise self.fail(
                    f"{here}.partner_effects.{name}",
                    f"must be one of the offer's partners or any: {', '.join(sorted(names))}",
                )
            out[name] = self.effects(f"{here}.partner_effects.{name}", specs)
        return out

    def offers(self, raw: Any) -> tuple[OfferSpec, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise self.fail("offers", "must be a list of offer tables")
        out = []
        for index, item in enumerate(raw):
            here = f"offers[{index}]"
            item = self.table(here, item)
            self.keys(here, item, _OFFER_KEYS)
            out.append(
                OfferSpec(
                    players=self.players_list(f"{here}.players", item.get("players", []), ("leader",)),
                    rp_max=self.integer(f"{here}.rp_max", item.get("rp_max", 1), 1, 20),
                    ip_per_rp=self.per_player(f"{here}.ip_per_rp", item.get("ip_per_rp")),
                    roll_per_rp=self.integer(f"{here}.roll_per_rp", item.get("roll_per_rp", 0), 0, 5),
                    free_rp=self.integer(f"{here}.free_rp", item.get("free_rp", 0), 0, 20),
                    cf_per_rp=self.integer(f"{here}.cf_per_rp", item.get("cf_per_rp", 0), 0, 5),
                    only_if_none=self.boolean(f"{here}.only_if_none", item.get("only_if_none", False)),
                    decline_ip=self.per_player(f"{here}.decline_ip", item.get("decline_ip")),
                    ends_if_declined=self.boolean(f"{here}.ends_if_declined", item.get("ends_if_declined", False)),
                    proxy=self.string(
                        f"{here}.proxy", item.get("proxy", ""), ("",) + tuple(g.value for g in Reliability)
                    ),
                    partners=self.strings(f"{here}.partners", item.get("partners", [])),
                    partner_effects=self.partner_effects(here, item),
                )
            )
        return tuple(out)
