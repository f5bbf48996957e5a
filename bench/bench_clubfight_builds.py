"""Slack CPU of this checkout against another build of ringside (an older commit's tree).

Not run by the test suite.  Examples::

    git archive 4f341f5 | (mkdir -p /tmp/before && tar -x -C /tmp/before)
    python bench/bench_clubfight_builds.py --against /tmp/before --start 80 --deals 160
    python bench/bench_clubfight_builds.py --against /tmp/before --rules rulebook --jokers 2 --deals 40

For a change that should alter the time and nothing else (the compiled
search's memory layout, say), this is the measurement: the slack of deals
``--start`` .. ``--start + --deals - 1`` with ``--max-nodes`` a deal, the
solver's losses taken without the check, computed by each build in a Python
process of its own (two builds' modules cannot share one), the builds taking
turns ``--rounds`` times.  Per build it prints the deals exact, and the median,
75th percentile and total of each deal's least CPU over the rounds; then
whether the two builds gave the same slack and the same node count on every
deal.  Run it on an otherwise idle machine: the figures are CPU seconds, but
a busy machine's caches still slow a memory-bound search.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "bench"))

from bench_clubfight_slack import quantile  # noqa: E402  (nearest rank)

# Run inside each build's own process: one JSON line per deal.
_WORKER = """
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
from model.clubfight.rules import PRESETS
if os.path.isfile(os.path.join(sys.argv[1], "analysis", "clubfight", "slack.py")):
    from analysis.clubfight.slack import slack
else:  # a build from before the analysis layer
    from model.clubfight.slack import slack
rules, jokers, start, deals, max_nodes = (sys.argv[2], int(sys.argv[3]), int(sys.argv[4]),
                                          int(sys.argv[5]), int(sys.argv[6]))
for number in range(start, start + deals):
    started = time.process_time()
    result = slack(f"CF{jokers}-{number}", PRESETS[rules], max_nodes=max_nodes, check=False)
    print(json.dumps([number, result.slack, result.nodes, time.process_time() - started]),
          flush=True)
"""


def run_build(root: Path, args) -> dict[int, tuple]:
    """``number -> (slack, nodes, cpu seconds)`` of one round of one build."""
    command = [sys.executable, "-c", _WORKER, str(root), args.rules, str(args.jokers),
               str(args.start), str(args.deals), str(args.max_nodes)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=root)
    if done.returncode != 0:
        sys.exit(f"the build at {root} failed:\n{done.stderr.strip()}")
    rows = {}
    for line in done.stdout.splitlines():
        number, value, nodes, seconds = json.loads(line)
        rows[number] = (value, nodes, seconds)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True,
                        help="the root of the other build (a folder holding its "
                             "analysis/ or model/)")
    parser.add_argument("--rules", choices=("rulebook", "webapp"), default="webapp")
    parser.add_argument("--jokers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--start", type=int, default=80)
    parser.add_argument("--deals", type=int, default=160)
    parser.add_argument("--max-nodes", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    other = args.against.resolve()
    if not any((other / layer / "clubfight" / "slack.py").is_file()
               for layer in ("analysis", "model")):
        sys.exit(f"--against {args.against}: no analysis/clubfight/slack.py there (nor the "
                 "older model/clubfight/slack.py); give the root of a ringside checkout")
    builds = {"this checkout": HERE, f"{args.against}": other}
    best: dict[str, dict[int, tuple]] = {}
    for _ in range(args.rounds):
        for name, root in builds.items():
            rows = run_build(root, args)
            kept = best.setdefault(name, rows)
            for number, row in rows.items():
                if row[2] < kept[number][2]:
                    kept[number] = row
    print(f"slack of CF{args.jokers}-{args.start}..{args.start + args.deals - 1} "
          f"({args.rules}), {args.max_nodes:,} nodes a deal, losses unchecked, "
          f"least CPU of {args.rounds} round(s)")
    for name, rows in best.items():
        seconds = [row[2] for row in rows.values()]
        exact = sum(row[0] is not None for row in rows.values())
        print(f"  {name:>24}: exact {exact}/{args.deals}; CPU median "
              f"{statistics.median(seconds):.3f} s, p75 {quantile(seconds, 0.75):.3f} s, "
              f"total {sum(seconds):.1f} s")
    mine, theirs = best.values()
    differ = [number for number in mine if mine[number][:2] != theirs[number][:2]]
    if differ:
        print(f"  slack or nodes differ on {len(differ)} deals: CF{args.jokers}-"
              + f", CF{args.jokers}-".join(str(n) for n in differ[:10]))
        # Builds that search differently: compare them on the deals both settle.
        both = [n for n in mine if mine[n][0] is not None and theirs[n][0] is not None]
        clash = [n for n in both if mine[n][0] != theirs[n][0]]
        if clash:
            sys.exit(f"  the slacks disagree on CF{args.jokers}-"
                     + f", CF{args.jokers}-".join(str(n) for n in clash))
        if both:
            for name, rows in best.items():
                seconds = [rows[n][2] for n in both]
                print(f"  {name:>24}: on the {len(both)} deals exact in both, CPU median "
                      f"{statistics.median(seconds):.3f} s, total {sum(seconds):.1f} s, "
                      f"nodes {sum(rows[n][1] for n in both):,}")
    else:
        print("  the same slack and node count on every deal")


if __name__ == "__main__":
    main()
