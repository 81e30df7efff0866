"""Cards drawn as the printed Hedgemony cards: a deck list and one card as a rich Panel.

:func:`card_panel` lays a :class:`~hedgemony_tui.games.hedgemony.engine.cards.Card` out the way the
rulebook's card figures do: the kind and owner on top, the title, the AOR, the text,
how it resolves (the D10 bands, or the contest with its table, Critical Capabilities
and outcome rows), the decisions around it (choice, vote, offers, roll-off to lead),
its lasting effects in words, how often it may be played, the privacy roll, and the
cost at the bottom with the card's id in the corner. :func:`card_list` is the deck as
one table. Every string from a card file is drawn as plain :class:`~rich.text.Text`,
never as markup, so brackets in card text print as written.

The phrases (headers, colours, amounts, effects in words) are in ``card_words``. These functions
only describe what the card data says; they decide nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine.cards import UNTIL_USED, Band, Card, ContestSpec, ForceLimit, OfferSpec
from ..engine.names import plural
from ..engine.outcomes import answerers
from ..engine.terms import Outcome
from .card_words import (
    BORDER,
    DIM,
    MAT_TABLES,
    SECTION,
    TABLE_NAMES,
    changes,
    column_words,
    effect_words,
    faces,
    header,
    leaders_of,
    row_amounts,
    row_extras,
    signed,
    slash,
    who,
)


def _text(*lines: str, style: str = "") -> Text:
    return Text("\n".join(line for line in lines if line), style=style)


def _result_cell(band: Band, card: Card, level_word: str) -> Text:
    cell = Text(band.label or ("" if band.raise_by else "—"))
    for extra in row_extras(band, card, level_word):
        cell.append(("\n" if cell.plain else "") + extra, style=DIM)
    return cell


# --- parts of a card --------------------------------------------------------------------------


def bands_table(bands: Sequence[Band], card: Card, title: str = "", level_word: str = "") -> Table:
    """``D10 | Result | IP/RP per player``, one row per band, lead-dependent IPs as ``+2/+1``."""
    grid = Table(
        title=title or None,
        title_justify="left",
        title_style=SECTION,
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    grid.add_column("D10", justify="right", no_wrap=True)
    grid.add_column("Result", ratio=3)
    grid.add_column("IP/RP per player", ratio=2)
    leaders = leaders_of(card, bands)
    for band in bands:
        grid.add_row(
            Text(faces(band.low, band.high)),
            _result_cell(band, card, level_word),
            _text(*row_amounts(band, card, leaders)),
        )
    return grid


def outcome_players(card: Card, rows: Iterable[Band]) -> list[str]:
    players = [p for p in (card.player, *(card.contest.responders if card.contest else ())) if p != "WHITE"]
    found: list[str] = []
    for row in rows:
        found += list(row.ip) + [p for ips in row.lead_ip.values() for p in ips]
    return [p for p in players if p in found] + [p for p in dict.fromkeys(found) if p not in players]


def outcomes_table(contest: ContestSpec, card: Card) -> Table:
    """One row per CRT A / RT B outcome, one column of IPs per player (``+2/+1`` by leader)."""
    rows = [contest.outcomes[o] for o in Outcome if o in contest.outcomes]
    players = outcome_players(card, rows)
    leaders = leaders_of(card, rows)
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    grid.add_column("Outcome", no_wrap=True)
    for player in players:
        grid.add_column(f"{who(player, card)} IP", justify="right", no_wrap=True)
    extra = any(
        row.rp or row.effects or row.repeat or row.pin_turns or row.unpin or row.unpin_at_end or row.delay
        for row in rows
    )
    if extra:
        grid.add_column("Also", ratio=1)
    for outcome in Outcome:
        row = contest.outcomes.get(outcome)
        if row is None:
            continue
        cells: list[RenderableType] = [Text(outcome.title)]
        for player in players:
            if row.lead_ip:
                values = [row.lead_ip.get(leader, {}).get(player, row.ip.get(player, 0)) for leader in leaders]
                cells.append(Text(slash(values)))
            else:
                cells.append(Text(signed(row.ip[player]) if player in row.ip else "—"))
        if extra:
            also = [f"RP: {changes(row.rp, card)}"] if row.rp else []
            cells.append(_text(*also, *row_extras(row, card)))
        grid.add_row(*cells)
    if leaders and any(row.lead_ip for row in rows):
        grid.caption = "IPs shown " + " / ".join(f"if {leader} leads" for leader in leaders)
        grid.caption_justify = "left"
    return grid


def _limit_words(player: str, limit: ForceLimit) -> str:
    parts: list[str] = []
    if limit.max_ffs:
        parts.append(f"at most {plural(limit.max_ffs, 'FF')}")
    if limit.min_ffs:
        parts.append(f"at least {plural(limit.min_ffs, 'FF')} if any")
    if limit.min_readiness:
        parts.append(f"at {limit.min_readiness}% readiness or better")
    if limit.location:
        parts.append(f"to {limit.location}")
    return f"{player} " + (", ".join(parts) or "no limit")


def contest_section(card: Card) -> Group:
    """The forces section: the table used, who commits, capabilities, limits, outcome rows."""
    contest = card.contest
    assert contest is not None
    parts: list[RenderableType] = [
        Text(f"Contest: read on {TABLE_NAMES.get(contest.table, contest.table)}", style=SECTION)
    ]
    lines = []
    if contest.locations:
        lines.append(f"Where: {', '.join(contest.locations)}")
    if card.lead:
        lines.append(
            f"Lead: {', '.join(card.lead)} roll off to lead the response (high roll leads, re-roll ties); "
            "only the leader commits forces"
        )
    first = f"{who('self', card)} commits forces first" if contest.initiator_forces else "No one commits forces first"
    lines.append(f"{first}; may respond: {', '.join(contest.responders) or 'no one'}")
    if contest.red_capabilities or contest.blue_capabilities:
        lines.append(
            "Critical Capabilities: "
            f"Red {', '.join(contest.red_capabilities) or 'none'}; "
            f"Blue {', '.join(contest.blue_capabilities) or 'none'}"
        )
    if contest.limits:
        lines.append("Force limits: " + "; ".join(_limit_words(p, lim) for p, lim in contest.limits.items()))
    if contest.third_party:
        unit = "FF" if contest.table == "rt-b" else "CF"
        lines.append(
            "Third parties add: "
            + ", ".join(f"{side.capitalize()} {plural(value, unit)}" for side, value in contest.third_party.items())
        )
    if contest.roll_per_ff:
        lines.append(
            "Roll: "
            + ", ".join(
                f"{signed(v)} per FF committed by {who(p, card) if p not in ('blue', 'red') else p.capitalize()}"
                for p, v in contest.roll_per_ff.items()
            )
        )
    if contest.roller != "self":
        lines.append(f"Rolled by {who(contest.roller, card)}")
    if contest.reset:
        lines.append("Reset rules apply")
    if contest.pin_turns:
        lines.append(
            "Committed forces stay put "
            + ("until released" if contest.pin_turns >= UNTIL_USED else f"for {plural(contest.pin_turns, 'turn')}")
        )
    parts.append(_text(*lines))
    if contest.outcomes:
        parts.append(outcomes_table(contest, card))
    unopposed = []
    if contest.unopposed_ip:
        unopposed.append(changes(contest.unopposed_ip, card, "IP"))
    if contest.unopposed_table == "none":
        unopposed.append("no roll")
    elif contest.unopposed_table == "same":
        unopposed.append("roll as if opposed (third parties count)")
    else:
        name = "CRT A" if contest.unopposed_table == "crt-a" else "RT B"
        unopposed.append(f"then roll on {name}, {column_words(contest.unopposed_column)} column")
    if contest.unopposed_worst:
        unopposed.append("each lead candidate takes its worst column")
    parts.append(Text(f"Unopposed ({answerers(card)}): {'; '.join(unopposed)}"))
    if contest.decline_ip:
        parts.append(Text(f"A responder that sends nothing: {changes(contest.decline_ip, card, 'IP')}"))
    if contest.solo_ip:
        parts.append(Text(f"Only the leader commits: no roll; {changes(contest.solo_ip, card, 'IP')}"))
    return Group(*parts)


def choice_section(card: Card) -> Group:
    choice = card.choice
    assert choice is not None
    by = "White Cell ruling" if choice.by == "WHITE" else f"{who(choice.by, card)} chooses"
    parts: list[RenderableType] = [Text(f"Choice ({by}): {choice.prompt}", style=SECTION)]
    if choice.options_from == "aors-away":
        parts.append(Text("Options: any AOR but the player's home AOR"))
    lines = []
    for option in choice.options:
        words = [text for text in (changes(option.ip, card, "IP"), changes(option.rp, card, "RP")) if text]
        words += [effect_words(spec, card) for spec in option.effects]
        lines.append(f"• {option.label}" + (f": {'; '.join(words)}" if words else ""))
    if lines:
        parts.append(_text(*lines))
    return Group(*parts)


def vote_section(card: Card) -> Group:
    vote = card.vote
    assert vote is not None
    lines = [f"Voters: {', '.join(vote.voters)} (each votes yes or no, unseen until all have voted)"]
    if vote.cost_yes:
        lines.append(f"A yes vote costs {plural(vote.cost_yes, 'RP')}")
    for name, amounts in (("All say yes", vote.all), ("Some say yes", vote.some), ("No one says yes", vote.none)):
        if amounts:
            lines.append(f"{name}: {changes(amounts, card, 'IP')}")
    if vote.yes_effects:
        lines.append("Yes voters: " + "; ".join(effect_words(spec, card) for spec in vote.yes_effects))
    return Group(Text("Vote", style=SECTION), _text(*lines))


def _offer_words(offer: OfferSpec, card: Card, index: int) -> str:
    payers = ", ".join(who(p, card) for p in offer.players)
    words = [f"{payers} in turn may pay up to {plural(offer.rp_max, 'RP')}"]
    if offer.ip_per_rp:
        # In an offer ``self`` is whoever pays (EVT-POL-21's Russia), not the card's roller.
        payer = who(offer.players[0], card) if len(offer.players) == 1 else "the payer"
        gains = ", ".join(
            f"{payer if p == 'self' else who(p, card)} {signed(v)} IP" for p, v in offer.ip_per_rp.items()
        )
        words.append(f"per RP paid: {gains}")
    beyond = f" beyond the first {plural(offer.free_rp, 'RP')}" if offer.free_rp else ""
    if offer.roll_per_rp:
        words.append(f"{signed(offer.roll_per_rp)} on the roll per RP{beyond}")
    if offer.cf_per_rp:
        words.append(f"Blue +{plural(offer.cf_per_rp, 'CF')} per RP{beyond}")
    if offer.decline_ip:
        words.append(f"paying nothing (and sending no forces): {changes(offer.decline_ip, card, 'IP')}")
    if offer.only_if_none:
        words.append(
            "offered only if no one paid into an earlier offer"
            + (" or sent forces (asked after the others' forces)" if card.contest else "")
        )
    if offer.ends_if_declined:
        words.append("if no one pays, the card ends after the penalties")
    if offer.partners:
        words.append(f"attempts in turn with {', '.join(offer.partners)}")
    for name, specs in offer.partner_effects.items():
        whom = "any partnership" if name == "any" else f"a partnership with {name}"
        words.append(f"{whom}: " + "; ".join(effect_words(spec, card) for spec in specs))
    return f"{index}. " + "; ".join(words)


def units_line(card: Card) -> str:
    """``Played in units: 1 RP each, 1 to 3 proxy areas (...); each unit: RU +1 IP``."""
    line = f"Played in units: {plural(card.unit_cost, 'RP')} each, 1 to {card.max_units} {card.units_label or 'units'}"
    if card.unit_ip:
        line += f"; each unit: {changes(card.unit_ip, card, 'IP')}"
    return line


def privacy_line(card: Card) -> str:
    """``Roll D10: 0-2 = Private, 3-9 = Public`` (or just Public / Private)."""
    if card.private_on is None:
        return "Public" if card.public else "Private"
    low, high = card.private_on
    spans = []
    if low > 0:
        spans.append(f"{faces(0, low - 1)} = Public")
    spans.append(f"{faces(low, high)} = Private")
    if high < 9:
        spans.append(f"{faces(high + 1, 9)} = Public")
    return "Roll D10: " + ", ".join(spans)


def reveal_line(card: Card) -> str:
    if card.public and card.private_on is None:
        return ""
    when = "when used" if card.reveal == "use" else "when used or after three turns"
    return f"A private result becomes public {when}"


def frequency_line(card: Card) -> str:
    if card.once == "game":
        return "Once per game"
    every = "" if card.is_event else "May play every turn" if card.every <= 1 else f"May play every {card.every} turns"
    if card.once == "choice":
        # Both limits hold (PRC-29: one base per AOR, and a base every 3 turns).
        return "Once per option chosen" + (f"; {every[0].lower()}{every[1:]}" if every else "")
    return every


def cost_line(card: Card) -> str:
    if card.pay_to_play:
        return "Pay to play"
    if card.unit_cost:
        return f"{plural(card.unit_cost, 'RP')} per unit to play"
    if card.is_event:
        return "Injected by the White Cell (no cost)"
    return f"{card.cost} RP to play" if card.cost == 1 else f"{card.cost} RPs to play"


def source_line(card: Card) -> str:
    if card.source == "rulebook":
        return "Source: rulebook" + (f", Figure {card.figure}" if card.figure else "")
    return "Source: this edition (not a rulebook card)" + (f"; follows Figure {card.figure}" if card.figure else "")


def resolution_parts(card: Card) -> list[RenderableType]:
    """How the card resolves: bands, tech odds, the mat it pays, or its contest."""
    parts: list[RenderableType] = []
    if card.resolution == "tech":
        parts.append(bands_table(card.lead_bands, card, "If you lead in National Tech Level", "Tech Level"))
        parts.append(bands_table(card.follow_bands, card, "If you follow", "Tech Level"))
    elif card.resolution == "upgrade":
        limit = f", never above {card.cap_player}'s" if card.cap_player else ""
        parts.append(
            bands_table(
                card.bands,
                card,
                f"Upgrade {card.capability} (Critical Capability{limit})",
                f"{card.capability} Mod Level",
            )
        )
    elif card.resolution in MAT_TABLES:
        if card.resolution == "modernize":
            what = f"Raise up to {card.percent}% of your FFs (rounded down) by {plural(card.levels, 'Mod Level')}"
        else:
            what = "Buy new FFs at any Mod Level up to your National Tech Level"
        parts.append(Text(f"{what}; pay {MAT_TABLES[card.resolution]}", style=SECTION))
    elif card.resolution == "none" and card.result is not None:
        leaders = leaders_of(card, [card.result])
        lines = [
            card.result.label if card.result.label != "Result" else "",
            *row_amounts(card.result, card, leaders),
            *row_extras(card.result, card),
        ]
        parts.append(Group(Text("Result (no roll)", style=SECTION), _text(*lines)))
    if card.test_bands:
        parts.append(bands_table(card.test_bands, card, f"Test: {card.player} rolls D10 first"))
    if card.resolution in ("d10", "contest") and card.bands and not card.choice_bands:
        title = "Roll D10" if card.resolution == "d10" else "Roll D10 (the contest reads these bands)"
        if card.test_bands:
            title = "Response: roll D10 (the contest reads these bands)"
        parts.append(bands_table(card.bands, card, title))
    for option_id, bands in card.choice_bands.items():
        label = (
            next((o.label for o in card.choice.options if o.id == option_id), option_id) if card.choice else option_id
        )
        parts.append(bands_table(bands, card, f"Roll D10 if {label}"))
    if card.contest is not None:
        parts.append(contest_section(card))
    return parts


def card_panel(card: Card) -> Panel:
    """One card, laid out like the printed card."""
    body: list[RenderableType] = [Text(card.title, style="bold")]
    if card.aor:
        body.append(Text(f"AOR: {card.aor}"))
    if card.is_event and card.players:
        body.append(Text(f"Players involved: {', '.join(card.players)} ({card.players[0]} rolls)"))
    body += [Text(""), Text(card.text)]
    decisions: list[RenderableType] = []
    if card.on_play:
        decisions.append(_text("Whenever played: " + "; ".join(effect_words(s, card) for s in card.on_play)))
    if card.max_units:
        decisions.append(Text(units_line(card)))
    if card.choice:
        decisions.append(choice_section(card))
    if card.vote:
        decisions.append(vote_section(card))
    if card.offers:
        offers = _text(*(_offer_words(o, card, i + 1) for i, o in enumerate(card.offers)))
        decisions.append(Group(Text("Offers", style=SECTION), offers))
    resolution = resolution_parts(card)
    for part in (*decisions, *resolution):
        body.append(Text(""))
        body.append(part)
    footer = [frequency_line(card)]
    if card.repeat_turns:
        footer.append(f"Stays in play for up to {plural(card.repeat_turns, 'turn')}")
    footer += [privacy_line(card), reveal_line(card)]
    body += [Text(""), _text(*footer), Text(cost_line(card), style="bold")]
    notes = [source_line(card)] + ([f"Note: {card.note}"] if card.note else [])
    if card.families:
        notes.append(f"Families: {', '.join(card.families)}")
    body += [Text(""), _text(*notes, style=DIM)]
    return Panel(
        Group(*body),
        title=Text(header(card), style="bold"),
        title_align="left",
        subtitle=Text(card.id),
        subtitle_align="right",
        border_style=BORDER[card.kind],
        box=box.ROUNDED,
        padding=(0, 1),
    )


def list_cost(card: Card) -> str:
    if card.pay_to_play:
        return "pay"
    if card.unit_cost:
        return f"{card.unit_cost}/unit"
    return "—" if card.is_event else str(card.cost)


def card_list(cards: Iterable[Card], title: str = "") -> Table:
    """The deck as one table: id, player, kind, title, cost, every, source."""
    cards = list(cards)
    grid = Table(
        title=title or None,
        title_style="bold",
        box=box.SIMPLE_HEAVY,
        expand=True,
        caption=f"{plural(len(cards), 'card')}; `hedgemony cards show ID` draws one as printed",
        caption_justify="left",
    )
    for name in ("ID", "Player", "Kind", "Title", "Cost", "Every", "Source"):
        grid.add_column(
            name,
            justify="right" if name in ("Cost", "Every") else "left",
            no_wrap=name != "Title",
            ratio=1 if name == "Title" else None,
        )
    for card in cards:
        every = "—" if card.is_event else str(card.every)
        grid.add_row(
            *(
                Text(cell)
                for cell in (card.id, card.player, card.kind.value, card.title, list_cost(card), every, card.source)
            )
        )
    return grid
