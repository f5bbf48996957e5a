"""Each game's golden playthrough and state counts, as tests/golden/regenerate.py wrote them.

A change that moves a seeded game or the number of states within a depth
fails here; if the change to the rules is meant, regenerate the files
(``python tests/golden/regenerate.py``) and let review see the difference.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harness.registry import all_parts

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

import regenerate  # noqa: E402

KEYS = tuple(all_parts())
REGENERATE = "python tests/golden/regenerate.py"


@pytest.mark.parametrize("key", KEYS)
def test_the_seeded_game_is_the_golden_playthrough(key):
    path = GOLDEN / f"{key}.txt"
    assert path.is_file(), f"no golden playthrough for {key}: run {REGENERATE}"
    played = regenerate.playthrough(key)
    expected = path.read_text(encoding="utf-8")
    if played != expected:
        ours, theirs = played.splitlines(), expected.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b),
                     min(len(ours), len(theirs)))
        pytest.fail(f"{key}: the seeded game now differs from line {first + 1} of {path.name}"
                    f"\n  golden: {theirs[first] if first < len(theirs) else '(end)'}"
                    f"\n  now:    {ours[first] if first < len(ours) else '(end)'}"
                    f"\n(if the rules changed on purpose: {REGENERATE})")


@pytest.mark.parametrize("key", KEYS)
def test_the_state_counts_are_pinned(key):
    pinned = json.loads((GOLDEN / regenerate.COUNTS_FILE.name).read_text(encoding="utf-8"))
    assert key in pinned, f"no pinned state counts for {key}: run {REGENERATE}"
    assert regenerate.state_counts(key, len(pinned[key])) == pinned[key]
