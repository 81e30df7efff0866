"""What the basic computer player expects from the game going on, against what a shared
win is worth now: the measure behind its revolution ballot, its alliance and its coup.

A win shared by k states is worth 1/k to each: the revolution, which every state still in
the game wins (R-W17), is worth 1/k; a world-empire or the last cycle's hegemony, won
alone, is worth 1. A state keeps the system going when it expects more from it: its chance
of a sole win later (rising to the core, contending, winning a war that ends the game)
plus, if it is still in the game then, its share of the last cycle's revolution.

Everything here reads the seat's view only: statuses, capitals, the last alliance vote,
the war's winner, the public count of coup stages; a terrorist also counts its own. The
figures below are the estimate's assumptions, not rules: rough rates, set so that a table
of basic players plays the whole arc (the rules README's Balance section gives the games
they make). A revolution's share is exact; the hopes are guesses, and each state's are
scaled by its :func:`temper`, so that not every table weighs the same deal alike.
"""

from __future__ import annotations

import zlib

from ..engine.state import WorldState
from ..engine.world import RANK, Status, world
from .belief import coups_passed, known_terrorists
from .record import allies_of

WAR_WIN = 0.5
"""A contender's chance of winning its war, before anything is known of the alliances."""
EMPIRE_WIN = 0.3
"""The chance a won war ends the game as a world-empire, a sole win: the free states
leave an empire while the game still promises them anything, so it is the exception. A
world-economy's winner holds the hegemony one cycle and loses it at the decline; after
the last cycle's war the revolution vote still comes (R-W16), and the free states then
all support it."""
EMPIRE_END = 0.1
"""Each cycle's chance that some other contender's world-empire ends the game first."""
NUCLEAR = 0.5
"""Each cycle's chance of the terrorist union once two terrorists may exist (from the coup
after the first one on): the coup comes before the war, so it ends that cycle's hopes."""
UNION_HOPE = 0.7
"""A terrorist's chance of its union at the next coup when it knows of two terrorists able
to act (an annexation or a richer target list may still stop it)."""
UNION_GOAL = 0.2
"""What the union's nuclear war is worth to a terrorist: nobody wins it (R-W17), but it is
the goal the seed gives the terrorist states (X-W2), so a terrorist counts it at about
twice a revolution's share, and below a real chance of the hegemony."""
PROMOTED = 0.4
"""A semiperipheral state's chance of the hegemon's investment in a cycle (two places for
about five states from cycle 2, R-W3)."""
ALLY_PROMOTED = 0.7
"""The same in the next cycle for a state that joined the war's winner: the basic hegemon
invests in its allies first (:func:`.plans.promotions`)."""
ENEMY_PROMOTED = 0.15
"""The same for a state that joined the loser."""
TEMPER = 0.5
"""How far a state's hopes may stray from the estimate, either way: see :func:`temper`."""
SECONDARY = 0.02
"""What a secondary goal (X-W2: rising a status, backing the final hegemon) is worth: a
tiebreak, a fifth of a revolution's share."""


def share(view: WorldState, seat: str) -> float:
    """What a revolution passing now is worth to ``seat``: 1/k of a win, or nothing when the
    option leaves the core states out and ``seat`` is one of them."""
    if view.options.revolution_winners == "all":
        winners = [n.id for n in view.playing]
    else:
        winners = [n.id for n in view.with_status(Status.SEMI, Status.PERIPHERAL)]
    return 1.0 / len(winners) if seat in winners else 0.0


def nuclear_risk(view: WorldState, seat: str, cycle: int, covert: bool = False) -> float:
    """The chance the terrorist union ends the game at ``cycle``'s coup, as ``seat`` sees it.
    The table counts coup stages: a union needs three terrorists, so not before the second
    coup (the deal gives one, each coup stage at most one more). A terrorist counts its own;
    ``covert``: the terrorists never make the union (what holding back is worth to them)."""
    known = known_terrorists(view, seat)
    if known and covert:
        return 0.0
    if known:
        # A blockade lasts while the state is rogue, until the next cycle's opening (R-W14):
        # at a later cycle's coup every terrorist may act again.
        if len(known) + 1 >= world().union:
            return UNION_HOPE
        return 0.0 if cycle == view.cycle + 1 else NUCLEAR
    passed = coups_passed(view) + max(0, cycle - view.cycle - 1)
    return NUCLEAR if passed >= 1 and cycle >= 3 else 0.0


def survival(view: WorldState, seat: str, cycle: int, covert: bool = False) -> float:
    """The chance the game is still going at ``cycle``'s war, from the end of this cycle."""
    chance = 1.0
    for c in range(view.cycle + 1, cycle + 1):
        chance *= (1.0 - nuclear_risk(view, seat, c, covert)) * (1.0 - EMPIRE_END)
    return chance


def promotion_chance(view: WorldState, seat: str, cycle: int) -> float:
    """A semiperipheral state's chance of becoming core in ``cycle``."""
    if cycle == view.cycle + 1 and view.war_winner:
        allies = allies_of(view, view.war_winner)
        if seat in allies:
            return ALLY_PROMOTED
        if allies:
            return ENEMY_PROMOTED
    return PROMOTED


def investment_chance(view: WorldState) -> float:
    """A peripheral strikebreaker's chance of the core states' investment in a cycle: one
    place among the peripheral states, each of which may strikebreak too."""
    return 1.0 / max(1, len(view.with_status(Status.PERIPHERAL)))


def contend_chances(view: WorldState, seat: str) -> dict[int, float]:
    """For each later cycle, the chance ``seat`` first contends for the hegemony in it:
    a semiperipheral state once promoted; a peripheral state once invested in (as a
    strikebreaker) and then promoted a later cycle."""
    last = world().last_cycle
    cycles = range(view.cycle + 1, last + 1)
    me = view.nation(seat)
    # A core state that is neither the hegemon nor a contender (the former hegemon at the
    # decline) is semiperipheral from the next opening (L47-L52): it hopes as one.
    back_to_semi = me.status is Status.CORE and seat != view.hegemon and seat not in view.contenders
    if me.status is Status.SEMI or back_to_semi:
        not_yet, found = 1.0, {}
        for c in cycles:
            p = promotion_chance(view, seat, c)
            found[c] = not_yet * p
            not_yet *= 1.0 - p
        return found
    if me.status is Status.PERIPHERAL:
        invest = investment_chance(view)
        # The chance of being semiperipheral at the start of each cycle's promotions.
        found = {}
        not_risen, waiting = 1.0, 0.0
        for c in cycles:
            found[c] = waiting * PROMOTED
            waiting = waiting * (1.0 - PROMOTED) + not_risen * invest
            not_risen *= 1.0 - invest
        return found
    return {}


def sole_win_chance(view: WorldState, seat: str, covert: bool = False) -> float:
    """``seat``'s chance of winning the game alone if it goes on: it must contend in a later
    cycle, the game must last until that war, and it must win it as a world-empire."""
    total = 0.0
    for c, contend in contend_chances(view, seat).items():
        total += contend * survival(view, seat, c, covert) * WAR_WIN * EMPIRE_WIN
    return total


def still_in_at_the_end(view: WorldState, seat: str, covert: bool = False) -> float:
    """The chance ``seat`` is still in the game at the last cycle's revolution vote: the
    game lasts, and, for a peripheral state, each cycle's annexation takes another one
    (about one chance in as many as there are peripheral states to be the one taken)."""
    last = world().last_cycle
    chance = survival(view, seat, last, covert)
    if view.nation(seat).status is Status.PERIPHERAL:
        for _ in range(view.cycle + 1, last + 1):
            chance *= 1.0 - investment_chance(view)
    return chance


def going_on(view: WorldState, seat: str) -> float:
    """What ``seat`` expects from the game going on past this cycle's revolution vote: a sole
    win later, its share of a revolution at the end, and for a terrorist its union or what
    holding the union back is worth, whichever is more (the terrorists decide it)."""
    if known_terrorists(view, seat):
        return max(holding_back(view, seat), union_chance(view, seat) * UNION_GOAL)
    if view.cycle >= world().last_cycle:
        return 0.0
    hopes = sole_win_chance(view, seat) + still_in_at_the_end(view, seat) * share(view, seat)
    return hopes * temper(view, seat) + rise_chance(view, seat) * SECONDARY


def temper(view: WorldState, seat: str) -> float:
    """How hopeful ``seat`` is, a factor on its expected gains from the game going on,
    between 1 - TEMPER and 1 + TEMPER: a keyed hash of the state and the public deal
    (every state's dealt status, the first hegemon), so it holds for the whole game, differs
    from deal to deal, and every seat can work out every other's. Without it every basic
    table would weigh the same deal shapes alike, and play the same game."""
    deal = ",".join(n.start.value for n in view.nations)
    first = view.hegemons[0] if view.hegemons else view.hegemon
    key = zlib.crc32(f"world-system temper:{seat}:{first}:{deal}".encode())
    return 1.0 - TEMPER + 2.0 * TEMPER * (key % 1001) / 1000


def rise_chance(view: WorldState, seat: str) -> float:
    """The chance a state that has not yet risen above its dealt status does so in the
    cycles left (its secondary goal): the core states' investment for a peripheral state,
    the hegemon's for a semiperipheral one."""
    me = view.nation(seat)
    if RANK[me.best] > RANK[me.start] or me.status is Status.CORE:
        return 0.0
    each = investment_chance(view) if me.status is Status.PERIPHERAL else PROMOTED
    return 1.0 - (1.0 - each) ** (world().last_cycle - view.cycle)


def holding_back(view: WorldState, seat: str) -> float:
    """What a terrorist expects if the terrorists never make their union: a sole win later
    and its share of the last cycle's revolution (in the last cycle, that revolution)."""
    if view.cycle >= world().last_cycle:
        return share(view, seat)
    hopes = sole_win_chance(view, seat, covert=True) + still_in_at_the_end(view, seat, covert=True) * share(view, seat)
    return hopes * temper(view, seat)


def union_chance(view: WorldState, seat: str) -> float:
    """A terrorist's chance of its union before the game ends, as it counts its own."""
    none = 1.0
    for c in range(view.cycle + 1, world().last_cycle + 1):
        none *= 1.0 - nuclear_risk(view, seat, c)
    return 1.0 - none
