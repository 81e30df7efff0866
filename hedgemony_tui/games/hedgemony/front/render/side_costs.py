"""A commitment's costs besides IP as a table beside the what-if: the RPs paid now, the
FFs a reset sends home, the readiness U.S. forces lose, the change to next turn's
readiness bill. The numbers are ``engine.side_costs``; this only lays them out."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from ...engine.side_costs import SideCosts, Span


def span_text(span: Span, unit: str = "", signed: bool = False, zero: str = "—") -> Text:
    """``2``, ``1–2 FF``, ``-10 to -30``; ``zero`` when it is always nothing."""
    if span.low == span.high == 0:
        return Text(zero, style="dim")

    def one(value: int) -> str:
        return f"{value:+d}" if signed else str(value)

    words = one(span.low) if span.low == span.high else f"{one(span.low)}…{one(span.high)}"
    style = "yellow" if signed and span.high > 0 else ""
    return Text(words + (f" {unit}" if unit else ""), style=style)


def costs_table(rows: Sequence[tuple[str, SideCosts | None]], us: bool) -> Table:
    """One line per variant; ``us``: the U.S. decides (readiness and its bill matter)."""
    caption = "RP: paid now · Reset: FFs sent home"
    if us:
        caption += " · Ready: U.S. readiness lost · Bill: next turn's readiness bill"
    grid = Table(
        title="Besides IP: what each variant costs",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        caption=caption + " (a…b: over the ten faces of the die)",
    )
    grid.add_column("Variant", min_width=16)
    grid.add_column("RP", justify="right", no_wrap=True)
    grid.add_column("Reset", justify="right", no_wrap=True)
    if us:
        grid.add_column("Ready", justify="right", no_wrap=True)
        grid.add_column("Bill", justify="right", no_wrap=True)
    for label, costs in rows:
        if costs is None:
            grid.add_row(Text(label), *[Text("—", style="dim")] * (4 if us else 2))
            continue
        cells = [Text(label), Text(f"{-costs.rp_now:+d}" if costs.rp_now else "0"), span_text(costs.reset_ffs, "FF")]
        if us:
            drop = costs.readiness_drop
            lost = (
                Text(f"-{drop.low}" + (f"…-{drop.high}" if drop.high != drop.low else "") + "%", style="yellow")
                if drop.high
                else Text("—", style="dim")
            )
            cells += [lost, span_text(costs.bill_change, "RP", signed=True, zero="0")]
        grid.add_row(*cells)
    return grid


def bill_words(change: int | None) -> Text:
    """A posture or readiness decision's effect on next turn's bill, with a warning when it rises."""
    if change is None:
        return Text("")
    if change > 0:
        return Text(f"⚠ next turn's readiness bill +{change} RP", style="bold yellow")
    if change < 0:
        return Text(f"next turn's readiness bill {change} RP", style="green")
    return Text("next turn's readiness bill unchanged", style="dim")
