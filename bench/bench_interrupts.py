"""Ctrl-C at many random moments of every long command: how often and how fast it is honoured.

The suite (``tests/test_interrupts_compiled.py``) sends each command of
``tests/interrupting.py``'s ``LONG_COMMANDS`` a couple of Ctrl-Cs; this sends as
many as asked and prints, per command, how many trials were honoured (exit 130
and the line ``ringside: interrupted``), ended before the signal, or failed
(another exit code, a traceback, or later than a second), with the latencies
from the signal to the line and to the end of the process (median and worst).
Not part of the test suite; run it as::

    python bench/bench_interrupts.py [--trials N] [--seed S] [-k TEXT]

The exit code is 1 when any trial failed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from interrupting import LONG_COMMANDS, ctrl_c, long_command  # noqa: E402

HONOURED = 1.0
"""Seconds from the signal to ``ringside: interrupted`` that a trial may take."""


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--trials", type=int, default=20, help="Ctrl-Cs per command "
                                                                "(default 20)")
    options.add_argument("--seed", default="0", help="seed of the moments (default 0)")
    options.add_argument("-k", dest="keep", default="", help="only commands whose name "
                                                             "holds this")
    chosen = options.parse_args(argv)
    failed = 0
    print(f"{'command':<26} {'trials':>6} {'130':>5} {'before':>6} {'failed':>6} "
          f"{'line median':>11} {'line worst':>10} {'end worst':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for name, args, latest in LONG_COMMANDS:
            if chosen.keep not in name:
                continue
            moments = random.Random(f"{chosen.seed}/{name}")
            line: list[float] = []
            ended: list[float] = []
            before = bad = 0
            problems = []
            for _ in range(chosen.trials):
                at = moments.uniform(0, latest)
                trial = ctrl_c(long_command(args, folder), at, folder)
                if trial.ended is None and trial.code in (0, 1):
                    before += 1
                    continue
                honoured = (trial.code == 130 and trial.honoured is not None
                            and trial.honoured < HONOURED and "Traceback" not in trial.err)
                if not honoured:
                    bad += 1
                    problems.append(f"  at {at:.2f} s: exit {trial.code}, line "
                                    f"{trial.honoured}, stderr {trial.err[-200:]!r}")
                if trial.honoured is not None:
                    line.append(trial.honoured)
                ended.append(trial.ended)
            failed += bad
            print(f"{name:<26} {chosen.trials:>6} {chosen.trials - before - bad:>5} "
                  f"{before:>6} {bad:>6} "
                  f"{_seconds(statistics.median(line) if line else None):>11} "
                  f"{_seconds(max(line, default=None)):>10} "
                  f"{_seconds(max(ended, default=None)):>9}", flush=True)
            for problem in problems:
                print(problem)
    return 1 if failed else 0


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f} s"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
