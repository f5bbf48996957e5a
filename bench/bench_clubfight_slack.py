"""Benchmark of Club Fight slack, loss proofs and the hard deals, old search against new.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_slack.py                       # 200 deals per variant
    python bench/bench_clubfight_slack.py --deals 20 --max-nodes 100000
    python bench/bench_clubfight_slack.py --only hard           # the four hard deals only
    python bench/bench_clubfight_slack.py --only loss --variants CF1-rulebook

Per variant (1 and 2 Jokers, ``rulebook`` and ``webapp``) it prints:

* ``slack``: :func:`model.clubfight.slack.slack` on deals ``--start`` ..
  ``--start + N - 1`` with a node budget per deal: how many came out exact,
  median / p99 / max seconds, and the certificate checks (states visited,
  seconds);
* ``loss``: restricted deals (the hunt's probes: the last 3, 4 and 5 clubs
  removed) of the first ``--loss-deals`` deals, each solved with a 1 s cap by
  the old search (:data:`LEGACY_TECHNIQUES`: no ``blocking`` bound, doubling
  restarts) and the new one: decided (win / loss) or undecided, and nodes;
* ``hard`` (2 Jokers, rulebook only): the four hardest deals of the surveys,
  old search against new in the same run, verdict, nodes and seconds.

Every win is replayed by :mod:`model.clubfight.certify`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.clubfight.certify import replay_win  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from model.clubfight.slack import slack, with_clubs  # noqa: E402
from model.clubfight.solver import ALL_TECHNIQUES, LEGACY_TECHNIQUES, solve  # noqa: E402
from model.clubfight.state import State  # noqa: E402

HARD_DEALS = ("CF2-9503", "CF2-2372", "CF2-7555", "CF2-8002")
VARIANTS = ("CF1-rulebook", "CF2-rulebook", "CF1-webapp", "CF2-webapp")
SEARCHES = (("old", LEGACY_TECHNIQUES), ("new", ALL_TECHNIQUES))


def quantile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-int(q * len(ordered) * 1000) // 1000))
    return ordered[min(rank, len(ordered)) - 1]


def bench_slack(jokers: int, rules_name: str, start: int, count: int, max_nodes: int,
                check_limit: int) -> None:
    rules = PRESETS[rules_name]
    seconds, exact, slacks, check_seconds, visited = [], 0, {}, [], []
    for number in range(start, start + count):
        result = slack(Deal.from_number(jokers, number), rules, max_nodes=max_nodes,
                       check_limit=check_limit)
        seconds.append(result.seconds)
        exact += result.slack is not None
        slacks[result.slack] = slacks.get(result.slack, 0) + 1
        for check in result.checks:
            check_seconds.append(check.seconds)
            visited.append(check.visited)
    shown = ", ".join(f"{k if k is not None else 'unknown'}: {v}"
                      for k, v in sorted(slacks.items(), key=lambda kv: (kv[0] is None,
                                                                          kv[0] or 0)))
    print(f"  slack on {count} deals (budget {max_nodes} nodes each): exact {exact}/{count}; "
          f"seconds median {quantile(seconds, 0.5):.3f} p99 {quantile(seconds, 0.99):.3f} "
          f"max {max(seconds):.3f}")
    print(f"    slack counts: {shown}")
    if check_seconds:
        print(f"    certificate checks: {len(check_seconds)}, states visited median "
              f"{quantile(visited, 0.5)}, max {max(visited)}; seconds median "
              f"{quantile(check_seconds, 0.5):.3f}, max {max(check_seconds):.3f}")


def bench_losses(jokers: int, rules_name: str, count: int, timeout: float) -> None:
    rules = PRESETS[rules_name]
    for name, techniques in SEARCHES:
        tally = {"win": 0, "loss": 0, "unknown": 0}
        loss_nodes, unknown_nodes, seconds = [], [], 0.0
        for number in range(count):
            start = State.from_deal(Deal.from_number(jokers, number))
            for drop in (3, 4, 5):
                state = with_clubs(start, 13 - drop)
                result = solve(state, rules, timeout=timeout, techniques=techniques)
                tally[result.verdict] += 1
                seconds += result.seconds
                if result.verdict == "loss":
                    loss_nodes.append(result.nodes)
                elif result.verdict == "unknown":
                    unknown_nodes.append(result.nodes)
        total = sum(tally.values())
        print(f"  loss proofs, {name} search: {total} restricted deals (3-5 clubs removed, "
              f"{timeout:g} s cap): decided {tally['win'] + tally['loss']} "
              f"(win {tally['win']}, loss {tally['loss']}), undecided {tally['unknown']}; "
              f"loss nodes median {quantile(loss_nodes, 0.5) if loss_nodes else '-'} "
              f"max {max(loss_nodes) if loss_nodes else '-'}; {seconds:.1f} s in all")


def bench_hard(timeout: float) -> None:
    rules = PRESETS["rulebook"]
    for deal_id in HARD_DEALS:
        line = []
        for name, techniques in SEARCHES:
            started = time.perf_counter()
            result = solve(deal_id, rules, timeout=timeout, techniques=techniques)
            elapsed = time.perf_counter() - started
            if result.verdict == "win" and not replay_win(deal_id, result.moves, rules).ok:
                raise SystemExit(f"{deal_id}: the {name} search's line does not replay")
            line.append(f"{name} {result.verdict} {result.nodes} nodes {elapsed:.2f} s")
        print(f"  {deal_id}: " + "; ".join(line))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="slack: deals per variant")
    parser.add_argument("--start", type=int, default=0, help="slack: first deal number")
    parser.add_argument("--max-nodes", type=int, default=200_000,
                        help="slack: node budget per deal")
    parser.add_argument("--check-limit", type=int, default=5_000,
                        help="slack: largest loss certificate checked (states)")
    parser.add_argument("--loss-deals", type=int, default=20,
                        help="loss: deals whose restricted deals are proved")
    parser.add_argument("--loss-timeout", type=float, default=1.0)
    parser.add_argument("--hard-timeout", type=float, default=300.0)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--only", choices=("slack", "loss", "hard"))
    args = parser.parse_args(argv)
    for variant in args.variants if args.only != "hard" else ():
        jokers, rules_name = int(variant[2]), variant.split("-")[1]
        print(f"{variant}:", flush=True)
        if args.only in (None, "slack"):
            bench_slack(jokers, rules_name, args.start, args.deals, args.max_nodes,
                        args.check_limit)
        if args.only in (None, "loss"):
            bench_losses(jokers, rules_name, args.loss_deals, args.loss_timeout)
        sys.stdout.flush()
    if args.only in (None, "hard"):
        print("hard deals (CF2, rulebook), old search against new:")
        bench_hard(args.hard_timeout)


if __name__ == "__main__":
    main()
