"""Write the golden playthroughs and state counts every game is compared against.

One seeded game per game (``ringside play GAME --seed 1``, the random policy in
every seat, the default ruleset and the first example setup), as OpenSpiel
keeps playthrough files, and the number of distinct states within each depth
of the game's first exploration start, as python-chess keeps perft numbers.
``tests/test_golden.py`` plays and counts again and compares: a change to the
rules that moves either shows in review as a change to these files.  Run::

    python tests/golden/regenerate.py          # rewrite every file
    python tests/golden/regenerate.py --check  # only say which differ (exit 1)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from harness.cli import main as ringside  # noqa: E402
from harness.explorer import explore  # noqa: E402
from harness.registry import all_parts  # noqa: E402

SEED = 1
COUNT_BUDGET = 20_000
"""The deepest depth counted is the last whose states stay within this many."""
MAX_DEPTH = 8
COUNTS_FILE = HERE / "state-counts.json"


def playthrough(key: str) -> str:
    """What ``ringside play KEY --seed 1`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = ringside(["play", key, "--seed", str(SEED)])
    if code != 0:
        raise SystemExit(f"ringside play {key} --seed {SEED} exited {code}")
    return out.getvalue()


def state_counts(key: str, depths: int | None = None) -> list[int]:
    """Distinct states within depth 0, 1, ... of the first exploration start: the first
    ``depths`` of them, or every depth whose count stays within :data:`COUNT_BUDGET`.

    One breadth-first search gives every depth: a depth whose states all fit in the
    budget was reached in full, since the search adds a depth's states before any of
    the next depth's.
    """
    game = all_parts()[key].game
    rules = game.default_rules
    start = next(iter(game.exploration_starts(rules, 1)))
    deepest = MAX_DEPTH if depths is None else depths - 1
    report = explore(game, rules, [start], max_depth=deepest, max_states=COUNT_BUDGET + 1,
                     check_phases=False)
    counts = list(itertools.accumulate(report.depth_sizes))
    if depths is not None:
        return counts[:depths]
    return [count for count in counts if count <= COUNT_BUDGET]


def expected() -> dict[str, str]:
    """Every golden file's name and its fresh text."""
    files = {f"{key}.txt": playthrough(key) for key in all_parts()}
    counts = {key: state_counts(key) for key in all_parts()}
    files[COUNTS_FILE.name] = json.dumps(counts, indent=1) + "\n"
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on a "
                        "difference")
    args = parser.parse_args()
    differ = []
    for name, text in expected().items():
        path = HERE / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            differ.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    verb = "differ" if args.check else "rewritten"
    print(f"{len(differ)} golden files {verb}{': ' + ', '.join(differ) if differ else ''}")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
