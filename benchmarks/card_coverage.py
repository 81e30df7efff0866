"""Card coverage: which cards seeded all-random games actually play.

Plays ``N`` games (default 200) of the default scenario with the ``random`` policy in
every seat, the White Cell's event injections included, and reports per deck how many
cards were played at least once, the ones never played, and any game that raised.
Run: ``.venv/bin/python benchmarks/card_coverage.py [N] [TURNS]``.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections import Counter

from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.sim import play


def played_cards(state) -> set[str]:
    """Every card id played or injected in a game (the journal's card and event lines)."""
    return {key.split(":", 1)[1] for key in state.last_played if not key.startswith("choice:")}


def main(games: int = 200, turns: int = 8) -> int:
    content = content_for("default")
    counts: Counter[str] = Counter()
    failures = []
    start = time.perf_counter()
    for seed in range(1, games + 1):
        try:
            state = play(new_game(content, seed, settings_for(content, turns=turns)), None, "random")
        except Exception:  # report every failing seed, keep going
            failures.append((seed, traceback.format_exc(limit=3)))
            continue
        counts.update(played_cards(state))
    elapsed = time.perf_counter() - start
    decks = {}
    for card in content.cards.values():
        decks.setdefault(card.player, []).append(card.id)
    print(f"{games} seeded all-random games of {turns} turns in {elapsed:.0f} s; {len(failures)} raised")
    total = sum(len(ids) for ids in decks.values())
    seen = sum(1 for ids in decks.values() for c in ids if counts[c])
    for player, ids in decks.items():
        missing = [c for c in ids if not counts[c]]
        line = f"  {player:5} {len(ids) - len(missing):3}/{len(ids):3} played"
        print(line + (f"; never: {', '.join(missing)}" if missing else ""))
    print(f"  all   {seen}/{total} cards played at least once")
    for seed, text in failures[:5]:
        print(f"seed {seed}:\n{text}")
    return 1 if failures or seen < total else 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
