"""Benchmark of the realistic-play policies on fixed deal numbers, one core.

Not run by the test suite.  Examples::

    python bench/bench_policies.py                           # greedy and mc, 50 deals each variant
    python bench/bench_policies.py --policies greedy --count 500
    python bench/bench_policies.py --policies mc --count 100 --mc samples=24,candidates=8
    python bench/bench_policies.py --start 20000 --count 200  # the tuning deals

For each variant (1 and 2 Jokers, ``rulebook`` and ``webapp``) and policy it
prints the win rate with its 95% Wilson interval, milliseconds per game
(median and max).  The
surveys (``ringside clubfight survey --policies ...``) give the published
figures; this is for trying policy settings.  The default deals start at
20000, outside the surveyed range CFj-0..9999, where the policies were tuned.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.clubfight.deals import Deal  # noqa: E402
from analysis.clubfight.policies import Greedy, MonteCarlo, deal_seed, play  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from harness.games.clubfight.survey_summary import wilson  # noqa: E402


def settings(text: str | None) -> dict:
    """``samples=24,candidates=8`` -> {"samples": 24, "candidates": 8}."""
    out = {}
    for item in (text or "").split(","):
        if item.strip():
            name, _, value = item.partition("=")
            out[name.strip()] = float(value) if "." in value else int(value)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", default="greedy,mc")
    parser.add_argument("--jokers", type=int, choices=(1, 2), action="append")
    parser.add_argument("--rules", choices=tuple(PRESETS), action="append")
    parser.add_argument("--start", type=int, default=20000)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--greedy", help="Greedy fields, e.g. lookahead=4,blocker=6")
    parser.add_argument("--mc", help="MonteCarlo fields, e.g. samples=24,candidates=8")
    args = parser.parse_args()
    makers = {"greedy": lambda: dataclasses.replace(Greedy(), **settings(args.greedy)),
              "mc": lambda: dataclasses.replace(MonteCarlo(), **settings(args.mc))}
    print(f"{'variant':<14} {'policy':<7} {'wins':>11} {'win rate (95% Wilson)':>28} "
          f"{'ms/game median':>15} {'max':>8}")
    for jokers in args.jokers or (1, 2):
        for rules_name in args.rules or tuple(PRESETS):
            rules = PRESETS[rules_name]
            for name in args.policies.split(","):
                policy = makers[name]()
                wins, times = 0, []
                for number in range(args.start, args.start + args.count):
                    started = time.perf_counter()
                    game = play(Deal.from_number(jokers, number), rules, policy,
                                deal_seed(args.seed, f"CF{jokers}-{number}"))
                    times.append(time.perf_counter() - started)
                    wins += game.won
                low, high = wilson(wins, args.count)
                print(f"CF{jokers} {rules_name:<10} {name:<7} {wins:>5}/{args.count:<5} "
                      f"{100 * wins / args.count:>9.1f}% ({100 * low:.1f}% to {100 * high:.1f}%) "
                      f"{1000 * statistics.median(times):>15.1f} {1000 * max(times):>8.0f}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
