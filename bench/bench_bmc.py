"""How far the z3 bounded model check reaches: time to decide late-game positions.

Not run by the test suite.  Examples::

    python bench/bench_bmc.py                              # turns left 1..8, 4 positions each
    python bench/bench_bmc.py --turns 1-6 --per-turn 6 --timeout 60
    python bench/bench_bmc.py --encoding plain --turns 1-5 # the plain encoding, for comparison
    python bench/bench_bmc.py --rules webapp --json
    python bench/bench_bmc.py --referee                    # z3 on the solver's cut states

Positions come from real deals (CF1-n and CF2-n alternately): the solver's
winning line is followed until ``k + 1`` clubs are left, then one of the three
biggest clears is played at random until ``k`` are left (a mix of won and
lost positions).  Each is decided by :func:`proofs.clubfight_bmc.decide` with
a time cap, and by the solver; the two must agree (a disagreement stops the
benchmark).  The table: turns left, positions, decided within the cap,
wins/losses, median and max seconds (build + z3), median cards in play.

``--referee`` instead makes z3 the referee of the solver's pruning on hard
deals (:func:`proofs.clubfight_bmc.referee`): up to ``--per-deal`` states each
search cut, with at most ``--max-clubs`` clubs left, are decided with the time
cap; it prints checked / confirmed / refuted / undecided per rule.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from model.clubfight.rules import PRESETS  # noqa: E402
from analysis.clubfight.solver import solve  # noqa: E402
from model.clubfight.state import State  # noqa: E402
from clubfight_positions import late_state  # noqa: E402
from proofs.clubfight_bmc import (  # noqa: E402
    DEFAULT_ENCODING, PLAIN_ENCODING, decide, referee,
)

REFEREE_DEALS = ("CF1-69", "CF2-33", "CF2-45", "CF1-33", "CF2-8", "CF1-8")

ENCODINGS = {"default": DEFAULT_ENCODING, "plain": PLAIN_ENCODING}



def positions(left: int, count: int, rules, seed: int) -> list[tuple[str, State]]:
    rng = random.Random(seed * 100 + left)
    found = []
    number = 0
    while len(found) < count and number < 200:
        jokers = 1 + number % 2
        state = late_state(jokers, number, left, rules, rng, timeout=20)
        if state is not None:
            found.append((f"CF{jokers}-{number}", state))
        number += 1
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="1-8", help="turns left, a range like 1-8")
    parser.add_argument("--per-turn", type=int, default=4, help="positions per row")
    parser.add_argument("--timeout", type=float, default=60.0, help="cap per position (s)")
    parser.add_argument("--rules", default="rulebook", choices=sorted(PRESETS))
    parser.add_argument("--encoding", default="default", choices=sorted(ENCODINGS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--referee", action="store_true",
                        help="referee the solver's cuts on hard deals instead")
    parser.add_argument("--per-deal", type=int, default=12, help="cut states per deal")
    parser.add_argument("--max-clubs", type=int, default=5, help="clubs left at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.referee:
        return run_referee(args)
    low, _, high = args.turns.partition("-")
    turn_range = range(int(low), int(high or low) + 1)
    rules = PRESETS[args.rules]
    encoding = ENCODINGS[args.encoding]
    rows = []
    for left in turn_range:
        results = []
        for name, state in positions(left, args.per_turn, rules, args.seed):
            reference = solve(state, rules).verdict
            result = decide(state, rules, timeout=args.timeout, encoding=encoding)
            if result.verdict != "unknown" and result.verdict != reference:
                raise SystemExit(f"z3 and the solver disagree on {state}: "
                                 f"{result.verdict} vs {reference}")
            results.append({"from": name, "state": str(state), "cards": state.cards_left,
                            "solver": reference, "z3": result.verdict,
                            "seconds": round(result.seconds, 3)})
            if not args.json:
                print(f"  {left} turns  {name:9} {state.cards_left:2} cards  solver "
                      f"{reference:4}  z3 {result.verdict:7} {result.seconds:7.2f} s",
                      file=sys.stderr, flush=True)
        decided = [r for r in results if r["z3"] != "unknown"]
        seconds = [r["seconds"] for r in results]
        rows.append({
            "turns_left": left, "positions": len(results), "decided": len(decided),
            "wins": sum(r["z3"] == "win" for r in decided),
            "losses": sum(r["z3"] == "loss" for r in decided),
            "median_s": round(statistics.median(seconds), 2) if seconds else None,
            "max_s": round(max(seconds), 2) if seconds else None,
            "median_cards": statistics.median(r["cards"] for r in results) if results else None,
            "positions_detail": results,
        })
    if args.json:
        print(json.dumps({"rules": args.rules, "encoding": args.encoding,
                          "timeout": args.timeout, "rows": rows}, indent=2))
        return 0
    print(f"z3 bounded model check, {args.encoding} encoding, rules {args.rules}, "
          f"cap {args.timeout:g} s per position")
    print(f"{'turns left':>10} {'positions':>9} {'decided':>8} {'win/loss':>9} "
          f"{'median s':>9} {'max s':>8} {'cards':>6}")
    for row in rows:
        print(f"{row['turns_left']:>10} {row['positions']:>9} {row['decided']:>8} "
              f"{row['wins']:>4}/{row['losses']:<4} {row['median_s']!s:>9} "
              f"{row['max_s']!s:>8} {row['median_cards']!s:>6}")
    return 0


def run_referee(args) -> int:
    rules = PRESETS[args.rules]
    totals: dict = {}
    for deal_id in REFEREE_DEALS:
        report = referee(deal_id, rules, count=args.per_deal, timeout=args.timeout,
                         max_clubs=args.max_clubs)
        if report.refuted:
            raise SystemExit(f"{deal_id}: z3 refutes a cut: {report.refutations}")
        for rule, tally in list(report.by_rule.items()) + [("all", report.as_dict())]:
            row = totals.setdefault(rule, {"checked": 0, "confirmed": 0, "refuted": 0,
                                           "undecided": 0})
            for key in row:
                row[key] += tally[key]
        print(f"  {deal_id}: {report.checked} checked, {report.confirmed} confirmed, "
              f"{report.undecided} undecided ({report.seconds:.1f} s)", file=sys.stderr)
    if args.json:
        print(json.dumps({"rules": args.rules, "timeout": args.timeout, "totals": totals},
                         indent=2))
        return 0
    print(f"z3 referee of the solver's cuts, rules {args.rules}, deals "
          f"{', '.join(REFEREE_DEALS)}, <= {args.max_clubs} clubs left, cap "
          f"{args.timeout:g} s")
    print(f"{'rule':>10} {'checked':>8} {'confirmed':>10} {'refuted':>8} {'undecided':>10}")
    for rule, row in sorted(totals.items(), key=lambda item: item[0] == "all"):
        print(f"{rule:>10} {row['checked']:>8} {row['confirmed']:>10} {row['refuted']:>8} "
              f"{row['undecided']:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
