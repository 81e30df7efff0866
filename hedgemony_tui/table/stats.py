"""Paired strength statistics for computer players, for any game on the table.

Two policies play the same seat over the same seeds (the other seats alike in both
arms). The game's dice are keyed by what each roll is for, so a pair of games differs
by the seat's play and what follows from it, and the two arms are compared pair by
pair:

* the mean paired difference of a score (a victory margin, say) with a 95% interval;
* a sign test on that score: pairs where A did better against pairs where B did;
* McNemar's exact test on winning itself: pairs A won and B lost against the reverse.

The verdict ("yes", "no", "n.s.") says whether A beats B on the seat's victory
conditions: yes when the score interval lies above zero, or when A wins significantly
more of the discordant pairs (p < 0.05) and the interval does not lie below zero.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Outcome = tuple[bool, float, float]
"""One seat's result in one game: (won, score such as a victory margin, a further figure such as final IP)."""


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial p-value of ``wins`` against ``losses`` (ties dropped)."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)  # 2**n as an int (int ** int is typed Any)
    return min(1.0, 2 * tail)


def compare(strong: Sequence[Outcome], weak: Sequence[Outcome]) -> dict[str, Any]:
    """Arm A (``strong``) against arm B (``weak``), paired game by game (same seeds)."""
    if len(strong) != len(weak) or not strong:
        raise ValueError("the two arms must have the same, non-zero number of games")
    diffs = [s[1] - w[1] for s, w in zip(strong, weak)]
    n = len(diffs)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
    up = sum(d > 0 for d in diffs)
    down = sum(d < 0 for d in diffs)
    won = sum(s[0] and not w[0] for s, w in zip(strong, weak))
    lost = sum(w[0] and not s[0] for s, w in zip(strong, weak))
    wins_p = sign_test(won, lost)
    if mean - half > 0 or (wins_p < 0.05 and won > lost and mean + half >= 0):
        verdict = "yes"
    elif mean + half < 0 or (wins_p < 0.05 and lost > won and mean - half <= 0):
        verdict = "no"
    else:
        verdict = "n.s."
    return {
        "n": n,
        "win": (statistics.mean(w[0] for w in weak), statistics.mean(s[0] for s in strong)),
        "margin": (statistics.mean(w[1] for w in weak), statistics.mean(s[1] for s in strong)),
        "ip": (statistics.mean(w[2] for w in weak), statistics.mean(s[2] for s in strong)),
        "diff": (mean, half),
        "sign": (up, down, sign_test(up, down)),
        "wins": (won, lost, wins_p),
        "verdict": verdict,
    }


def rate_interval(successes: int, n: int) -> tuple[float, float, float]:
    """A rate with its 95% Wilson interval: (rate, low, high)."""
    if n <= 0:
        raise ValueError("no games")
    p = successes / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)
