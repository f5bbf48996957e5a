"""What the solver's beams buy: slack with ``Techniques.beams`` off and on.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_beams.py                                  # CF1-0..79, webapp
    python bench/bench_clubfight_beams.py --rules rulebook --jokers 2 --deals 40
    python bench/bench_clubfight_beams.py --schedule "2000:256" --schedule "2000:256,16000:1024"
    python bench/bench_clubfight_beams.py --tight CF1-9:9 CF1-2:9 CF1-0:9

For each schedule (``off``: no beams; ``NODES:WIDTH,...``: a beam of WIDTH once
the search has spent NODES nodes; the default schedule always runs first) it
computes the slack of deals ``--start`` .. ``--start + --deals - 1`` with
``--max-nodes`` a deal, the solver's losses taken without the check, and
prints: the deals whose slack came out exact, the nodes of the deals exact
under every schedule (sum, median, 75th percentile), and CPU seconds (median,
total).  The slacks found by two schedules must agree; the script says so.

``--tight DEAL:CLUBS ...`` solves those positions (the deal with the first
CLUBS of its club order) under the default schedule and each ``--schedule``
(``off`` when none is given) instead: verdict, nodes, beams run and CPU
seconds of each, each win replayed by the rules model, and the totals.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.clubfight.certify import replay_win  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from analysis.clubfight.slack import slack, with_clubs  # noqa: E402
from analysis.clubfight.solver import solve  # noqa: E402
from analysis.clubfight.techniques import ALL_TECHNIQUES  # noqa: E402
from model.clubfight.state import State  # noqa: E402


def parse_schedule(text: str) -> tuple[tuple[int, int], ...]:
    """``off`` or ``NODES:WIDTH,NODES:WIDTH``."""
    if text == "off":
        return ()
    try:
        return tuple((int(a), int(b)) for a, b in (part.split(":") for part in text.split(",")))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a schedule is 'off' or NODES:WIDTH,..., not {text!r}")


def label(beams) -> str:
    return ",".join(f"{n}:{w}" for n, w in beams) or "off"


def run_slacks(args, beams) -> list[tuple]:
    techniques = dataclasses.replace(ALL_TECHNIQUES, beams=beams)
    rules = PRESETS[args.rules]
    rows = []
    for number in range(args.start, args.start + args.deals):
        started = time.process_time()
        result = slack(f"CF{args.jokers}-{number}", rules, max_nodes=args.max_nodes,
                       check=False, techniques=techniques)
        rows.append((result.slack, result.nodes, time.process_time() - started))
    return rows


def percentile(values: list, q: float):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def compare_slacks(args) -> None:
    schedules = [ALL_TECHNIQUES.beams] + [s for s in args.schedule
                                          if s != ALL_TECHNIQUES.beams]
    if len(schedules) == 1:
        schedules.append(())
    print(f"slack of CF{args.jokers}-{args.start}..{args.start + args.deals - 1} "
          f"({args.rules}), {args.max_nodes:,} nodes a deal, losses unchecked")
    results = {label(beams): run_slacks(args, beams) for beams in schedules}
    common = [i for i in range(args.deals)
              if all(rows[i][0] is not None for rows in results.values())]
    first = next(iter(results.values()))
    agree = True
    for name, rows in results.items():
        nodes = [rows[i][1] for i in common]
        seconds = [row[2] for row in rows]
        exact = sum(row[0] is not None for row in rows)
        print(f"  {name:>24}: exact {exact}/{args.deals}; nodes of the {len(common)} exact "
              f"everywhere: sum {sum(nodes):,}, median {percentile(nodes, 0.5):,}, "
              f"p75 {percentile(nodes, 0.75):,}; CPU median "
              f"{statistics.median(seconds):.3f} s, total {sum(seconds):.1f} s")
        disagree = [args.start + i for i in range(args.deals)
                    if None not in (rows[i][0], first[i][0]) and rows[i][0] != first[i][0]]
        if disagree:
            agree = False
            print(f"  SLACKS DIFFER from the default on deals {disagree}")
    if agree:
        print("  every slack found under the default and another schedule is the same")


def compare_tight(args) -> None:
    rules = PRESETS[args.rules]
    schedules = [ALL_TECHNIQUES.beams] + [s for s in args.schedule
                                          if s != ALL_TECHNIQUES.beams]
    if len(schedules) == 1:
        schedules.append(())
    totals = {label(beams): [0, 0.0] for beams in schedules}
    for spec in args.tight:
        deal, _, clubs = spec.partition(":")
        state = with_clubs(State.from_deal(Deal.from_id(deal)), int(clubs))
        parts = []
        for beams in schedules:
            techniques = dataclasses.replace(ALL_TECHNIQUES, beams=beams)
            started = time.process_time()
            result = solve(state, rules, max_nodes=args.max_nodes, techniques=techniques)
            seconds = time.process_time() - started
            replayed = ""
            if result.verdict == "win":
                replayed = " replayed" if replay_win(state, result.moves, rules).ok else " BAD LINE"
            parts.append(f"{label(beams)}: {result.verdict}{replayed}, {result.nodes:,} nodes, "
                         f"{result.stats['beams']} beams, {seconds:.3f} s")
            totals[label(beams)][0] += result.nodes
            totals[label(beams)][1] += seconds
        print(f"{spec} ({args.rules}): " + "; ".join(parts))
    for name, (nodes, seconds) in totals.items():
        print(f"  {name:>40}: {nodes:,} nodes, {seconds:.1f} s in all")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), default="webapp")
    parser.add_argument("--jokers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--max-nodes", type=int, default=300_000)
    parser.add_argument("--schedule", type=parse_schedule, action="append", default=[],
                        help="beams to compare with the default: off or NODES:WIDTH,...")
    parser.add_argument("--tight", nargs="*", metavar="DEAL:CLUBS")
    args = parser.parse_args()
    if args.tight:
        compare_tight(args)
    else:
        compare_slacks(args)


if __name__ == "__main__":
    main()
