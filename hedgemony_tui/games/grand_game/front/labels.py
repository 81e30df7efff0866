"""The Grand Game's decision list in a player's words: each legal intent as a menu line
(places by their printed names, counts, prices and what is left after a purchase) and its
place in the decision panel's groups.

Everything here reads the seat's own view (``seen``): its allocation draft and order sheet,
the public board. The prices and the GDP left are the engine's (``game_alloc.checked``,
``allocation.options``); no rule is decided here, the list is ``legal()``'s.
"""

from __future__ import annotations

from typing import Any

from hedgemony_tui.shell.front import PHASE_END_GROUP

from ..engine.allocation import DEVELOP, POLITICS, REPAIR, options
from ..engine.counts import counted, kind_words
from ..engine.game import the_map
from ..engine.game_alloc import allocation_of, book_of, checked
from ..engine.game_intents import (
    Attack,
    AttackPort,
    Bomb,
    Buy,
    ClearOrders,
    ClearTasks,
    Disembark,
    DoneTrading,
    Embark,
    Fallback,
    FleetStance,
    Fly,
    Focus,
    GiveFrancs,
    March,
    MoveRetreat,
    Permit,
    Rail,
    Recall,
    Sail,
    SealAllocation,
    SealOrders,
    SetPolitics,
    Shipping,
    Stance,
    Unbuy,
)
from ..engine.game_orders import PERMITS
from ..engine.game_state import GrandState
from ..engine.map_data import GameMap
from ..engine.orders_words import name

PERMIT_WORDS = {
    "rail": "use of your railways",
    "presence": "standing in your territory as a defender",
    "canal": "passage through your canal",
}
STANCE_WORDS = {
    "screen": "Screen (few cards, falls back with supplies)",
    "defend": "Defend (the usual stance)",
    "hold": "Hold (many cards, no retreat)",
}
ATTACK_WORDS = {
    "scout": "Scout (a probe: few cards, falls back)",
    "advance": "Advance (the usual attack)",
    "blitzkrieg": "Blitzkrieg (two supplies a unit; armor + air: extra cards)",
}


def item_words(item: str, count: int = 1) -> str:
    """A unit kind or item as a noun for ``count`` of it ("supply", "light fleets")."""
    return kind_words(item, count)


def country(m: GameMap, seat: str) -> str:
    found = m.countries.get(seat)
    return found.name if found else seat


_LAST_PRICES: list[tuple[GrandState, str, tuple[dict[tuple[str, str], int], int]]] = []


def _prices(m: GameMap, seen: GrandState, seat: str) -> tuple[dict[tuple[str, str], int], int]:
    """The price of one more of each (item, place) the seat may buy, and its GDP left now.
    The list's lines are labelled one by one and often (after every pick), from the same
    state: the last state's prices are kept (by identity: a state never changes)."""
    for state, who, found in _LAST_PRICES:
        if state is seen and who == seat:
            return found
    found = _priced(m, seen, seat)
    _LAST_PRICES[:] = [(seen, seat, found), *_LAST_PRICES[:3]]
    return found


def _priced(m: GameMap, seen: GrandState, seat: str) -> tuple[dict[tuple[str, str], int], int]:
    result = checked(m, seen, seat)
    book = book_of(m, seen, seat)
    offered = options(allocation_of(seen.draft_of(seat)), book)
    prices = {(o.item, o.place or ""): o.cost for o in offered if o.item != POLITICS}
    prices.update({(POLITICS, str(o.level)): o.cost for o in offered if o.item == POLITICS})
    return prices, result.left


def _line_cost(m: GameMap, seen: GrandState, seat: str, item: str, place: str) -> tuple[int, int]:
    """What the seat's draft line of ``item`` at ``place`` costs in all, and its count."""
    for priced in checked(m, seen, seat).priced:
        if (priced.line.item, priced.line.place) == (item, place):
            return priced.cost, priced.line.count
    return 0, 0


def _stack_words(seen: GrandState, place: str, seat: str) -> str:
    s = seen.board().at(place, seat)
    parts = [
        f"{n} {w}"
        for n, w in (
            (s.infantry, "inf"),
            (s.armor, "armor"),
            (s.aircraft, "aircraft"),
            (s.light, "light"),
            (s.heavy, "heavy"),
            (s.supplies, kind_words("supplies", s.supplies)),
        )
        if n
    ]
    return ", ".join(parts) or "nothing"


def label(seen: GrandState, intent: Any) -> str:
    """A menu line for ``intent`` as the seat that makes it reads it."""
    m = the_map()
    seat = getattr(intent, "seat", "")

    def n(place: str) -> str:
        return name(m, place) if place else "nowhere"

    if isinstance(intent, SetPolitics):
        prices, left = _prices(m, seen, seat)
        change = prices.get((POLITICS, str(intent.level)), 0)
        earns = "earns Francs" if intent.level else "no Francs"
        return f"Politics at {intent.level}% of GDP ({change:+d} GDP, {left - change} left after) - {earns}"
    if isinstance(intent, Buy):
        prices, left = _prices(m, seen, seat)
        cost = prices.get((intent.item, intent.place), 0)
        what = "Develop" if intent.item == DEVELOP else "Repair" if intent.item == REPAIR else "Buy"
        thing = "" if intent.item in (DEVELOP, REPAIR) else f" {item_words(intent.item)}"
        return f"{what} 1{thing} at {n(intent.place)} - {cost} GDP, {left - cost} left after"
    if isinstance(intent, Unbuy):
        cost, count = _line_cost(m, seen, seat, intent.item, intent.place)
        return f"Take 1 {item_words(intent.item)} at {n(intent.place)} off ({count} written, {cost} GDP in all)"
    if isinstance(intent, SealAllocation):
        return "Seal this allocation (hidden until reconciliation)"
    if isinstance(intent, Focus):
        return _focus_label(m, seen, intent)
    if isinstance(intent, ClearOrders):
        return "Start the sheet again (every place back to its default)"
    if isinstance(intent, SealOrders):
        return f"Hand in these {seen.phase} orders (sealed until every country has)"
    if isinstance(intent, Stance):
        return f"{n(intent.territory)} stays on {STANCE_WORDS.get(intent.stance, intent.stance)}"
    if isinstance(intent, Fallback):
        return f"If beaten in {n(intent.territory)}, fall back to {n(intent.to)}"
    if isinstance(intent, March):
        return f"March {intent.count} {item_words(intent.kind, intent.count)} to {n(intent.to)}"
    if isinstance(intent, Rail):
        return f"By rail: {intent.count} {item_words(intent.kind, intent.count)} to {n(intent.to)}"
    if isinstance(intent, Attack):
        return f"The move into {n(intent.to)} attacks as {ATTACK_WORDS.get(intent.order, intent.order)}"
    if isinstance(intent, MoveRetreat):
        back = n(intent.retreat) if intent.retreat else "where it started"
        return f"The move into {n(intent.to)} falls back to {back} if it fails"
    if isinstance(intent, Recall):
        return f"Cancel every move out of {n(intent.frm)} (the units stay)"
    if isinstance(intent, Sail):
        return f"Fleets at {n(intent.place)}: " + (f"sail to {n(intent.to)}" if intent.to else "stay where they are")
    if isinstance(intent, FleetStance):
        return f"Fleets at {n(intent.place)}: {intent.order.capitalize()}"
    if isinstance(intent, AttackPort):
        if not intent.port:
            return f"Fleets at {n(intent.place)}: attack no port"
        return f"Fleets at {n(intent.place)}: attack the port of {n(intent.port)} (cannot take it)"
    if isinstance(intent, Shipping):
        if not intent.zone:
            return f"Fleets at {n(intent.place)}: leave shipping alone"
        return f"Fleets at {n(intent.place)}: attack the shipping of {n(intent.zone)}"
    if isinstance(intent, Embark):
        return f"Load {intent.count} {item_words(intent.kind, intent.count)} from {n(intent.frm)} aboard"
    if isinstance(intent, Disembark):
        return f"Land {intent.count} {item_words(intent.kind, intent.count)} at {n(intent.to)}"
    if isinstance(intent, Fly):
        if not intent.zone:
            return f"Aircraft at {n(intent.place)}: stay on the ground"
        zone = m.air_zones[intent.zone]
        return f"Aircraft at {n(intent.place)}: fight over {zone.name} ({zone.tag}), land at {n(intent.land)}"
    if isinstance(intent, Bomb):
        return f"One point of superiority over {n(intent.zone)}: bomb {n(intent.target)}"
    if isinstance(intent, ClearTasks):
        return f"Over {n(intent.zone)}: no bombing, all superiority as tactical air"
    if isinstance(intent, Permit):
        verb = "Give" if intent.give else "Take back from"
        return f"{verb} {country(m, intent.grantee)}: {PERMIT_WORDS.get(intent.kind, intent.kind)}"
    if isinstance(intent, GiveFrancs):
        have = seen.francs.get(seat, 0)
        return f"Pay {counted(intent.amount, 'Franc')} to {country(m, intent.to)} ({have - intent.amount} left after)"
    if isinstance(intent, DoneTrading):
        return "Done trading this year"
    return str(intent.describe())


def _focus_label(m: GameMap, seen: GrandState, intent: Focus) -> str:
    if not intent.place:
        return "Back to the whole sheet"
    if intent.place == PERMITS:
        return "Permissions for other countries (rail, presence, canal)"
    if intent.place in m.air_zones:
        zone = m.air_zones[intent.place]
        return f"Bombing over {zone.name} ({zone.tag}): how superiority is used"
    sheet = seen.sheet_of(intent.seat).sheet
    changed = " - orders written" if _written(sheet, intent.place) else ""
    return f"Orders for {name(m, intent.place)}: {_stack_words(seen, intent.place, intent.seat)}{changed}"


def _written(sheet: Any, place: str) -> bool:
    """The sheet says something of ``place`` beyond the season's default."""
    entry = next((o for o in sheet.land if o.territory == place), None)
    if entry is not None and (entry.moves or entry.stance != "defend" or entry.retreat is not None):
        return True
    for f in sheet.fleets:
        if f.place == place and (f.order != "patrol" or f.to or f.attack_port or f.shipping or f.unload_to):
            return True
    return any(a.place == place and a.zone for a in sheet.air)


GROUPS = {
    Stance: "Units that stay",
    Fallback: "Units that stay",
    March: "March (one step)",
    Rail: "By rail",
    Attack: "How moves attack",
    MoveRetreat: "How moves attack",
    Recall: "March (one step)",
    Sail: "Fleets",
    FleetStance: "Fleets",
    AttackPort: "Fleets",
    Shipping: "Fleets",
    Embark: "Ships: load and land",
    Disembark: "Ships: load and land",
    Fly: "Aircraft",
    Bomb: "Bombing",
    ClearTasks: "Bombing",
}


def path(seen: GrandState, intent: Any) -> tuple[str, ...]:
    """The decision panel's groups: allocation by kind and place, orders under the place
    being written (with the places to turn to first), trade by country."""
    m = the_map()
    text = label(seen, intent)
    if isinstance(intent, SealAllocation | SealOrders | DoneTrading):
        return (PHASE_END_GROUP, text)
    if isinstance(intent, SetPolitics):
        return ("Politics (Francs)", text)
    if isinstance(intent, Buy):
        if intent.item in (DEVELOP, REPAIR):
            return ("Develop or repair a zone", text)
        return (f"Build at {name(m, intent.place)}", text)
    if isinstance(intent, Unbuy):
        return ("Take off the allocation", text)
    if isinstance(intent, Focus):
        if not intent.place:
            return ("Back", text)
        if intent.place == PERMITS or intent.place in m.air_zones:
            return ("Permissions and bombing", text)
        return ("Places to give orders", text)
    if isinstance(intent, ClearOrders):
        return ("Start again", text)
    if isinstance(intent, Permit):
        return (f"Permissions for {country(m, intent.grantee)}", text)
    if isinstance(intent, GiveFrancs):
        return (f"Pay {country(m, intent.to)}", text)
    group = GROUPS.get(type(intent))
    if group is not None:
        focus = seen.sheet_of(intent.seat).focus
        where = name(m, focus) if focus else ""
        return (f"{where}: {group}" if where else group, text)
    return ("Choices", text)
