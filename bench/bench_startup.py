"""Benchmark of how long ringside takes to start: this checkout against an earlier revision.

Not run by the test suite.  Each command line runs in a fresh interpreter, the
two checkouts taking turns (so a busy machine slows both alike), and the
median of the wall-clock seconds is printed with the ratio.  The earlier
revision is checked out into a temporary git worktree and imported from there
(``PYTHONPATH`` comes before the editable install's finder), with the same
interpreter and the same installed packages.  Examples::

    python bench/bench_startup.py                       # against 327816e, 7 runs each
    python bench/bench_startup.py --base HEAD~5 --runs 11
    python bench/bench_startup.py --json

Issue 42's target: ``ringside --help`` and ``ringside clubfight deal CF1-7`` in
at most a third of the time they took before the games were loaded lazily
(327816e, the last commit before that work).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "327816e"
COMMANDS = (("--help",), ("clubfight", "deal", "CF1-7"))
RUN = ("import sys; from harness.entry import main; sys.argv = ['ringside', *sys.argv[1:]]; "
       "sys.exit(main())")


def seconds_of(checkout: Path, words: tuple[str, ...]) -> float:
    env = {**os.environ, "PYTHONPATH": str(checkout), "RINGSIDE_NO_NATIVE": "1"}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUN, *words], cwd=checkout, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"ringside {' '.join(words)} failed in {checkout} "
                         f"(exit {done.returncode}): {done.stderr.strip()[-300:]}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"earlier revision (default {BASE})")
    parser.add_argument("--runs", type=int, default=7, help="runs per command and checkout")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    with tempfile.TemporaryDirectory(prefix="ringside-startup-") as folder:
        base = Path(folder) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(base), args.base], check=True)
        try:
            rows = []
            for words in COMMANDS:
                times: dict[str, list[float]] = {"base": [], "now": []}
                for _ in range(args.runs):
                    times["base"].append(seconds_of(base, words))
                    times["now"].append(seconds_of(ROOT, words))
                before, now = (statistics.median(times[k]) for k in ("base", "now"))
                rows.append({"command": "ringside " + " ".join(words),
                             "base_s": round(before, 3), "now_s": round(now, 3),
                             "ratio": round(now / before, 3)})
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(base)], check=False)
    if args.json:
        print(json.dumps({"base": args.base, "runs": args.runs, "rows": rows}, indent=1))
    else:
        print(f"median of {args.runs} fresh interpreters each, base {args.base}")
        for row in rows:
            print(f"  {row['command']:<34} base {row['base_s']:.3f} s   now "
                  f"{row['now_s']:.3f} s   ratio {row['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
