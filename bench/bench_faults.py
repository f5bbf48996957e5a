"""The whole fault battery: every argument of every command against every hostile value.

Runs every case of ``tests/battery.py`` (some 3,000 runs, each a process under a
time and a memory cap; the test suite runs a fixed sample of them) and prints,
per command and per case of the battery, how many runs showed each fault:
tracebacks, wrong exit codes, hangs, more than one line on stderr with exit 2,
a user's file lost; then every faulty run with the end of its stderr.  Not part
of the test suite; run it as::

    python bench/bench_faults.py [--jobs N] [-k TEXT] [--skip TEXT] [--sample N --seed S]

``-k`` keeps the cases whose id (``command | argument | case``) holds TEXT,
``--skip`` leaves out those that hold it.
The exit code is 1 when any run showed a fault.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import battery  # noqa: E402
from harness.cli import build_parser  # noqa: E402

FAULTS = ("traceback", "wrong exit", "hang", "lines", "file lost")


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    options.add_argument("-k", dest="keep", default="", help="only cases whose id holds this")
    options.add_argument("--skip", action="append", default=[], metavar="TEXT",
                         help="leave out the cases whose id holds this (repeatable; e.g. "
                              "'docs |': each accepted docs case builds the whole site)")
    options.add_argument("--sample", type=int, help="run only this many cases, drawn at random")
    options.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    args = options.parse_args(argv)
    parser = build_parser()
    cases = [case for case in battery.all_cases(parser) if args.keep in case.id
             and not any(text in case.id for text in args.skip)]
    if args.sample is not None:
        cases = random.Random(args.seed).sample(cases, min(args.sample, len(cases)))
    print(f"{len(cases)} runs, {args.jobs} at a time", flush=True)
    began = time.monotonic()

    def one(case: battery.Case) -> battery.Outcome:
        folder = Path(tempfile.mkdtemp(prefix="ringside-fault-"))
        try:
            return battery.run(case, parser, folder)
        finally:
            battery.clean(folder)

    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for index, outcome in enumerate(pool.map(one, cases), 1):
            outcomes.append(outcome)
            if outcome.problems:
                print("FAULT " + battery.describe(outcome), flush=True)
            elif index % 100 == 0:
                print(f"... {index} of {len(cases)} runs, {time.monotonic() - began:.0f}s",
                      flush=True)
    report(outcomes, time.monotonic() - began)
    return 1 if any(outcome.problems for outcome in outcomes) else 0


def report(outcomes: list[battery.Outcome], seconds: float) -> None:
    for title, key in (("command", lambda c: " ".join(c.command)),
                       ("case", lambda c: c.case)):
        counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for outcome in outcomes:
            row = counts[key(outcome.case)]
            row["runs"] += 1
            row.update(outcome.problems)
        battery.print_fault_table(title, counts, "runs", FAULTS, 10)
    battery.print_fault_totals((outcome.problems for outcome in outcomes), "runs", FAULTS,
                               seconds)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
