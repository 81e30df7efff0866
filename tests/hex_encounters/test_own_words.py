"""Our texts are our own: no run of twelve words is shared with the seed's prose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT.parent / "shared" / "seeds" / "004_53dc2618e11714da.txt"
OURS = [
    *sorted((ROOT / "hedgemony_tui" / "games" / "hex_encounters").rglob("*.py")),
    *sorted((ROOT / "data" / "hex-encounters").glob("*.toml")),
    ROOT / "rules" / "hex-encounters" / "README.md",
]
RUN = 12


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    runs = (tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
    # Prose only: a run of table figures ("1:4 1:3 ...") is a fact, not a sentence.
    return {run for run in runs if sum(w.isalpha() for w in run) >= RUN // 2}


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not beside this checkout")
def test_no_twelve_word_run_is_copied_from_the_seed() -> None:
    seed = _runs(SEED.read_text(encoding="utf-8"))
    copied = {
        path.name: " ".join(sorted(_runs(path.read_text(encoding="utf-8")) & seed)[0])
        for path in OURS
        if _runs(path.read_text(encoding="utf-8")) & seed
    }
    assert copied == {}
