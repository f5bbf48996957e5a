"""Benchmark of the Club Fight solver on fixed deal numbers, one core.

Not run by the test suite.  Examples::

    python bench/bench_solver.py                        # CF1-0..999 and CF2-0..999
    python bench/bench_solver.py --count 200 --timeout 10
    python bench/bench_solver.py --jokers 2 --start 500 --count 100 --rules webapp
    python bench/bench_solver.py --count 200 --disable window       # one technique off
    python bench/bench_solver.py --count 100 --compare --timeout 5  # what each one buys
    python bench/bench_solver.py --engine python --count 200 --timeout 10  # pure Python

For each variant it prints verdict counts, median / p90 / p99 / max of seconds
and nodes per deal, deals per second, what the techniques did (children cut
by each bound, table hits, restarts) and the slowest deals.  Every win is
replayed by the independent checker (:mod:`analysis.clubfight.certify`); the
replay time is not counted in the solver's seconds.  ``--engine`` picks the
compiled search (the default when a C compiler is there) or the Python one;
both expand the same nodes, so node counts compare across engines.  The targets of issue 3:
every deal decided; median <= 5 ms, p99 <= 1 s, max <= 10 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.clubfight.certify import replay_win  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from analysis.clubfight.solver import solve  # noqa: E402
from analysis.clubfight.techniques import ALL_TECHNIQUES, Techniques  # noqa: E402

SWITCHES = tuple(f.name for f in dataclasses.fields(Techniques) if f.type in ("bool", bool))
"""Every technique that can be switched off (the boolean fields of Techniques)."""


def quantile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (q=0.5: median)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, int(-(-q * len(ordered) // 1)))  # ceil(q * n), at least 1
    return ordered[min(rank, len(ordered)) - 1]


def run_range(jokers: int, start: int, count: int, rules_name: str, techniques: Techniques,
              timeout: float | None, max_nodes: int | None, certify: bool,
              progress: bool, engine: str = "auto") -> list[dict]:
    rules = PRESETS[rules_name]
    rows = []
    for number in range(start, start + count):
        deal = Deal.from_number(jokers, number)
        result = solve(deal, rules, timeout=timeout, max_nodes=max_nodes,
                       techniques=techniques, engine=engine)
        stats = dict(result.stats)
        row = {"id": f"CF{jokers}-{number}", "verdict": result.verdict,
               "seconds": result.seconds, "nodes": result.nodes,
               "engine": stats.pop("engine", "?"), "stats": stats}
        if certify and result.verdict == "win":
            replay = replay_win(deal, result.moves, rules)
            if not replay.ok:
                raise SystemExit(f"{row['id']}: the winning line does not replay: "
                                 f"{replay.reason}")
        rows.append(row)
        if progress and sys.stderr.isatty():
            done = number - start + 1
            print(f"\r  CF{jokers}: {done}/{count}  last {row['id']} {row['verdict']} "
                  f"{row['seconds']:.3f}s", end="", file=sys.stderr)
    if progress and sys.stderr.isatty():
        print("\r" + " " * 70 + "\r", end="", file=sys.stderr)
    return rows


def summarise(rows: list[dict]) -> dict:
    seconds = [r["seconds"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    verdicts: dict[str, int] = {}
    for r in rows:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    stats: dict[str, int] = {}
    for r in rows:
        for key, value in r["stats"].items():
            stats[key] = stats.get(key, 0) + value
    total = sum(seconds)
    return {
        "deals": len(rows), "verdicts": verdicts,
        "seconds": {"median": quantile(seconds, .5), "p90": quantile(seconds, .9),
                    "p99": quantile(seconds, .99), "max": max(seconds, default=0.0),
                    "total": total},
        "nodes": {"median": quantile(nodes, .5), "p90": quantile(nodes, .9),
                  "p99": quantile(nodes, .99), "max": max(nodes, default=0),
                  "total": sum(nodes)},
        "deals_per_second": len(rows) / total if total else float("inf"),
        "nodes_per_second": sum(nodes) / total if total else float("inf"),
        "stats": stats,
        "undecided": [r["id"] for r in rows if r["verdict"] == "unknown"],
        "losses": [r["id"] for r in rows if r["verdict"] == "loss"],
        "slowest": [(r["id"], r["verdict"], round(r["seconds"], 3), r["nodes"])
                    for r in sorted(rows, key=lambda r: -r["seconds"])[:10]],
    }


def print_summary(title: str, summary: dict, targets: bool) -> None:
    s, n = summary["seconds"], summary["nodes"]
    print(f"{title}: {summary['deals']} deals  {summary['verdicts']}")
    print(f"  seconds  median {s['median'] * 1000:8.1f} ms  p90 {s['p90'] * 1000:8.1f} ms  "
          f"p99 {s['p99']:7.3f} s  max {s['max']:7.3f} s  total {s['total']:.1f} s")
    print(f"  nodes    median {n['median']:8}     p90 {n['p90']:8}     "
          f"p99 {n['p99']:9}  max {n['max']:9}  total {n['total']}")
    print(f"  {summary['deals_per_second']:.1f} deals/s, "
          f"{summary['nodes_per_second']:.0f} nodes/s")
    st = summary["stats"]
    children = st.get("children", 0) or 1
    print("  children {children}; cut by capacity {bound_cuts} ({p1:.1%}), next club "
          "{next_club_cuts} ({p2:.1%}), window {window_cuts} ({p3:.1%}, of which tail "
          "{tail_cuts}); table hits {table_hits}; restarts {restarts}".format(
              p1=st.get("bound_cuts", 0) / children, p2=st.get("next_club_cuts", 0) / children,
              p3=st.get("window_cuts", 0) / children,
              **{k: st.get(k, 0) for k in ("children", "bound_cuts", "next_club_cuts",
                                           "window_cuts", "tail_cuts", "table_hits",
                                           "restarts")}))
    print("  slowest: " + ", ".join(f"{i} {v} {sec}s/{nodes}n"
                                    for i, v, sec, nodes in summary["slowest"][:6]))
    if summary["undecided"]:
        print(f"  undecided ({len(summary['undecided'])}): "
              + " ".join(summary["undecided"][:40]))
    if summary["losses"]:
        print(f"  losses ({len(summary['losses'])}): " + " ".join(summary["losses"][:40]))
    if targets:
        ok = (not summary["undecided"] and s["median"] <= 0.005 and s["p99"] <= 1.0
              and s["max"] <= 10.0)
        print(f"  targets (all decided, median <= 5 ms, p99 <= 1 s, max <= 10 s): "
              f"{'met' if ok else 'NOT met'}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jokers", default="1,2", help="1, 2 or 1,2 (default 1,2)")
    parser.add_argument("--start", type=int, default=0, help="first deal number (default 0)")
    parser.add_argument("--count", type=int, default=1000, help="deals per variant (1000)")
    parser.add_argument("--rules", default="rulebook", choices=sorted(PRESETS))
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per deal before it counts as undecided (none)")
    parser.add_argument("--max-nodes", type=int, default=None, help="nodes per deal")
    parser.add_argument("--disable", action="append", default=[], choices=SWITCHES,
                        help="switch a technique off (repeatable)")
    parser.add_argument("--compare", action="store_true",
                        help="run all techniques, then each one switched off, and compare")
    parser.add_argument("--engine", default="auto", choices=("auto", "native", "python"),
                        help="compiled search, Python search, or compiled when it builds")
    parser.add_argument("--no-certify", action="store_true",
                        help="skip replaying wins with the independent checker")
    parser.add_argument("--json", metavar="FILE", help="write every deal's result here")
    args = parser.parse_args(argv)
    jokers = [int(j) for j in args.jokers.split(",")]
    if args.compare:
        configs = [("all", ALL_TECHNIQUES)] + [
            (f"no {name}", dataclasses.replace(ALL_TECHNIQUES, **{name: False}))
            for name in SWITCHES]
    else:
        techniques = dataclasses.replace(ALL_TECHNIQUES, **{n: False for n in args.disable})
        label = "all" if not args.disable else "no " + ", ".join(args.disable)
        configs = [(label, techniques)]
    if args.engine == "native" or args.engine == "auto":
        from analysis.clubfight._solver_native import available, unavailable_reason
        if not available():
            print(f"# compiled search unavailable ({unavailable_reason()}): Python runs")
    print(f"# Club Fight solver benchmark: rules {args.rules}, deals {args.start}.."
          f"{args.start + args.count - 1}, timeout {args.timeout}, max-nodes {args.max_nodes}; "
          f"Python {platform.python_version()} on {platform.machine()}, one core")
    everything = {}
    compare_rows = []
    for label, techniques in configs:
        for j in jokers:
            rows = run_range(j, args.start, args.count, args.rules, techniques, args.timeout,
                             args.max_nodes, not args.no_certify, True, args.engine)
            summary = summarise(rows)
            engines = sorted({r["engine"] for r in rows})
            title = f"CF{j} [{label}; engine {'/'.join(engines)}]"
            print_summary(title, summary, targets=(label == "all"))
            everything[title] = {"summary": summary, "rows": rows}
            compare_rows.append((label, j, summary))
            sys.stdout.flush()
    if args.compare:
        print("\n# What each technique buys (switched off; same deals)")
        print(f"{'variant':<14}{'jokers':>7}{'undecided':>10}{'median ms':>11}{'p90 s':>9}"
              f"{'p99 s':>9}{'max s':>9}{'total s':>9}{'nodes':>12}")
        for label, j, s in compare_rows:
            print(f"{label:<14}{j:>7}{len(s['undecided']):>10}"
                  f"{s['seconds']['median'] * 1000:>11.1f}{s['seconds']['p90']:>9.3f}"
                  f"{s['seconds']['p99']:>9.3f}{s['seconds']['max']:>9.3f}"
                  f"{s['seconds']['total']:>9.1f}{s['nodes']['total']:>12}")
    if args.json:
        Path(args.json).write_text(json.dumps(everything, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
