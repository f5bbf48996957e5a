"""How fast the unwinnable-deal hunt evaluates candidate deals.

The hunt (``harness/games/clubfight/hunt.py``) spends nearly all its time in the
solver, judging whether a mutated deal is at least as tight as the current
one.  This script replays the same random walk of candidate deals through
the two measures and reports evaluations per second:

* ``score`` -- the first measure (slack: clubs droppable from the end with the
  deal still won; for slack 0, ``excess``), restricted solves capped at
  50,000 nodes, an undecided one counted as not won;
* ``tightness`` -- the measure the hunt uses now (levels ``E_1``, ``E_2``:
  cards cut off the end of the grid deck for 12 and 11 clubs to win), which
  first probes one cut below the current deal's level so that a looser
  candidate is rejected after two quick wins, restricted solves capped at
  1,000 nodes (then 10,000), an undecided one counted as not won (the hunt's
  defaults).

Usage::

    python bench/bench_hunt.py [--jokers 1] [--rules rulebook] [--steps 60] [--seed 0]

The walk starts from a constructed deal (suits interleaved, Jokers last) and
accepts a candidate when the *new* measure finds it no looser, so both
measures see the same deals, tight and loose ones alike.
"""

from __future__ import annotations

import argparse
import random
import time

from harness.games.clubfight.hunt import (
    Score, Tightness, constructed_start, mutate, mutate_structured, score, tightness,
)
from model.clubfight.rules import PRESETS


def walk(jokers: int, rules, steps: int, seed: int) -> list:
    """``(candidate, current deal)`` pairs of a short hunt-like walk."""
    rng = random.Random(seed)
    deal = constructed_start(jokers, rng)
    current = tightness(deal, rules)
    pairs = []
    for _ in range(steps):
        candidate = (mutate_structured if rng.random() < 0.75 else mutate)(deal, rng)
        pairs.append((candidate, deal))
        found = tightness(candidate, rules, than=current)
        if found.verdict == "win" and found.key() <= current.key():
            deal, current = candidate, found
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jokers", type=int, default=1)
    parser.add_argument("--rules", default="rulebook")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = PRESETS[args.rules]
    pairs = walk(args.jokers, rules, args.steps, args.seed)
    currents = {}

    old_seconds = 0.0
    for candidate, deal in pairs:
        than = currents.get(("old", deal))
        if than is None:
            than = currents[("old", deal)] = score(deal, rules) or Score(0, 0, "win")
        began = time.perf_counter()
        score(candidate, rules, than=than)
        old_seconds += time.perf_counter() - began

    new_seconds = 0.0
    probes = 0
    for candidate, deal in pairs:
        than = currents.get(("new", deal))
        if than is None:
            than = currents[("new", deal)] = tightness(deal, rules)
        began = time.perf_counter()
        found: Tightness = tightness(candidate, rules, than=than)
        new_seconds += time.perf_counter() - began
        probes += found.probes

    n = len(pairs)
    print(f"{n} candidate deals, CF{args.jokers}/{args.rules}, seed {args.seed}")
    print(f"  score (slack, excess):    {old_seconds:7.2f} s  {n / old_seconds:7.1f} evaluations/s")
    print(f"  tightness (E_1, E_2):     {new_seconds:7.2f} s  {n / new_seconds:7.1f} evaluations/s"
          f"  ({probes / n:.1f} solves per candidate)")


if __name__ == "__main__":
    main()
