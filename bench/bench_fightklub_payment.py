"""The exhaustive comparison of Fight Klub's z3 payment encoding with the brute-force
payer, and what each costs per question.  The test suite runs the same sweep
(``tests/test_fightklub_energy.py``, one test per reading) without the timings.
Examples::

    python bench/bench_fightklub_payment.py                 # pools <= 6, costs <= 4 parts
    python bench/bench_fightklub_payment.py --tokens 4 --parts 3
    python bench/bench_fightklub_payment.py --readings rulebook

Every pool of up to ``--tokens`` tokens against every cost of up to ``--parts`` parts
(one per multiset of parts from burn B/G/Y, burn 1..3, spot B/G/Y, spot gear), with and
without gear on the table, under each reading of FK-A1 (spot after burning) and FK-A2
(a token per spot part).  z3 is asked once per question up to a renaming of colours
(one incremental solver, assumptions); the brute-force payer is asked every question.
Then, on a fixed sample of questions, the time per question of the brute-force payer,
of z3 through the incremental solver and of z3 as one fresh query (``pay_z3``).
Prints counts and seconds; exit 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.fightklub.energy import Situation, is_payable  # noqa: E402
from model.fightklub.rules import Rules  # noqa: E402
from proofs.fightklub import (  # noqa: E402
    SweepSolver, pay_z3, sweep_agreement, sweep_costs, sweep_pools)

READINGS = {
    "rulebook": Rules(),
    "before-burning": Rules(spot_after_burning=False),
    "token-per-spot": Rules(one_token_per_spot=True),
    "both": Rules(spot_after_burning=False, one_token_per_spot=True),
}


def per_question(pools, costs, count: int) -> dict[str, float]:
    """Milliseconds per question on every ``len//count``-th (pool, cost) pair."""
    pairs = [(p, c) for c in costs for p in pools]
    sample = pairs[:: max(1, len(pairs) // count)][:count]
    situation = Situation()
    timings = {}
    began = time.perf_counter()
    for pool, cost in sample:
        is_payable(pool, (cost,), situation)
    timings["brute force"] = (time.perf_counter() - began) / len(sample) * 1000
    sweep = SweepSolver()
    began = time.perf_counter()
    for pool, cost in sample:
        sweep.payable(pool, [cost], situation)
    timings["z3, incremental solver"] = (time.perf_counter() - began) / len(sample) * 1000
    began = time.perf_counter()
    for pool, cost in sample:
        pay_z3(pool, [cost], situation)
    timings["z3, one fresh query"] = (time.perf_counter() - began) / len(sample) * 1000
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=6, help="largest pool (default 6)")
    parser.add_argument("--parts", type=int, default=4, help="most parts a cost has (default 4)")
    parser.add_argument("--readings", nargs="+", choices=sorted(READINGS),
                        default=list(READINGS), help="readings of FK-A1 and FK-A2 to sweep")
    parser.add_argument("--sample", type=int, default=2000,
                        help="questions timed one by one (default 2000)")
    args = parser.parse_args()
    pools, costs = sweep_pools(args.tokens), sweep_costs(args.parts)
    print(f"{len(pools)} pools of up to {args.tokens} tokens, {len(costs)} costs of up to "
          f"{args.parts} parts (one per multiset of parts), gear on the table or not")
    failed = False
    total_began = time.perf_counter()
    for name in args.readings:
        began = time.perf_counter()
        result = sweep_agreement(pools, costs, [READINGS[name]])
        seconds = time.perf_counter() - began
        verdict = "agree" if not result.disagreements else \
            f"{len(result.disagreements)}+ DISAGREE"
        print(f"  {name:15} {result.questions:7d} questions, {result.z3_queries:6d} z3 queries "
              f"(colour symmetry), brute force {result.brute_seconds:6.2f}s, z3 "
              f"{result.z3_seconds:6.2f}s, total {seconds:6.2f}s: {verdict}")
        for line in result.disagreements:
            print(f"    {line}")
        failed = failed or bool(result.disagreements)
    print(f"sweep: {time.perf_counter() - total_began:.1f}s")
    print(f"per question, on {args.sample} questions (rulebook readings):")
    for what, ms in per_question(pools, costs, args.sample).items():
        print(f"  {what:24} {ms:7.3f} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
