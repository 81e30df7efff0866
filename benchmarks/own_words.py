"""Our words are our own: no run of twelve words of a game's texts is shared with the
prose of the rulebook it was written from (the seeds, which are never committed).

The seeds sit beside the checkout (``../shared/seeds/``) on the maintainers' machine
only, so this is a check a maintainer runs before stopping, not a test (a test that can
pass on one machine alone never runs on CI). It reads, for each game whose seed is
there, the game's package, its data and its rules folder, and prints every file that
shares a run with the seed, with the first run it shares.

Run: ``.venv/bin/python benchmarks/own_words.py [SEEDS_DIR]``; exit status 0 when no
run is shared, 1 when one is, 2 when no seed is found.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12
"""Words in a run: twelve shared words in a row are a copied sentence, not a term."""

GAMES = {
    # seed file prefix: (game package, data and rules folder)
    "000": ("hedgemony", "hedgemony"),
    "001": ("rescue", "rescue"),
    "002": ("grand_game", "grand-game"),
    "003": ("world_system", "world-system"),
    "004": ("hex_encounters", "hex-encounters"),
}
TEXT_SUFFIXES = (".py", ".toml", ".md", ".txt")


def runs(text: str, length: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``length`` words of ``text`` that reads as prose."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    every = (tuple(words[i : i + length]) for i in range(len(words) - length + 1))
    # Prose only: a run of table figures ("1:4 1:3 ...") is a fact, not a sentence.
    return {run for run in every if sum(w.isalpha() for w in run) >= length // 2}


def our_files(package: str, folder: str, root: Path = ROOT) -> Iterator[Path]:
    """A game's own texts: its package's code, its data and its rules folder."""
    for base in (root / "hedgemony_tui" / "games" / package, root / "data" / folder, root / "rules" / folder):
        yield from sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES)


def copied(seed_text: str, files: Iterable[Path]) -> dict[Path, str]:
    """Each file sharing a run with ``seed_text``, with the first such run (sorted)."""
    seed = runs(seed_text)
    found = {}
    for path in files:
        shared = runs(path.read_text(encoding="utf-8", errors="replace")) & seed
        if shared:
            found[path] = " ".join(sorted(shared)[0])
    return found


def main(argv: list[str]) -> int:
    seeds = Path(argv[0]) if argv else SEEDS
    checked = 0
    bad = 0
    for prefix, (package, folder) in GAMES.items():
        # An HTML seed (002) also comes as ``.as-text.txt``, its tags taken out: a run
        # broken by a tag in one is whole in the other, so both are read.
        matches = sorted(seeds.glob(f"{prefix}_*.txt"))
        if not matches:
            continue
        checked += 1
        found: dict[Path, tuple[str, str]] = {}
        for seed in matches:
            for path, run in copied(seed.read_text(encoding="utf-8"), our_files(package, folder)).items():
                found.setdefault(path, (seed.name, run))
        for path, (name, run) in found.items():
            print(f"{path.relative_to(ROOT)}: shares with {name}: {run!r}")
        bad += len(found)
    if not checked:
        print(f"no seed found in {seeds}", file=sys.stderr)
        return 2
    print(f"{checked} game(s) checked, {bad} file(s) share a run of {RUN} words with their seed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
