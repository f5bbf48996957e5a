"""Benchmark of Club Fight slack, loss proofs and the hard deals, old search against new.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_slack.py                       # 200 deals per variant
    python bench/bench_clubfight_slack.py --deals 20 --max-nodes 100000
    python bench/bench_clubfight_slack.py --only hard           # the four hard deals only
    python bench/bench_clubfight_slack.py --only loss --variants CF1-rulebook
    python bench/bench_clubfight_slack.py --only parts --deals 100

Per variant (1 and 2 Jokers, ``rulebook`` and ``webapp``) it prints:

* ``slack``: :func:`analysis.clubfight.slack.slack` on deals ``--start`` ..
  ``--start + N - 1`` with a node budget per deal, twice (every loss
  re-derived by the checker, then the solver's losses as they are): how many
  came out exact, median / p99 / max CPU seconds, and the certificate checks
  (states visited, seconds);
* ``loss``: restricted deals (the hunt's probes: the last 3, 4 and 5 clubs
  removed) of the first ``--loss-deals`` deals, each solved with a 1 s cap by
  the old search (:data:`LEGACY_TECHNIQUES`: no ``blocking`` bound, doubling
  restarts) and the new one: decided (win / loss) or undecided, and nodes;
* ``parts`` (only when asked for): where a deal's slack time goes.  For each
  deal with an exact slack (the solver's losses taken as they are), the CPU
  seconds of the slack, and of the two solves every order of club counts
  must make, solved again alone: the loss with ``lost_with`` clubs and the
  win with ``won_with``; and the same loss without the beams and restarts
  (which only look for wins).  Their medians say how far a cheaper walk over
  the counts could bring the median slack: not below the two solves it
  cannot skip;
* ``hard`` (2 Jokers, rulebook only): the four hardest deals of the surveys,
  old search against new in the same run, verdict, nodes and seconds;
* ``check`` (rulebook; ``--check-deals`` deals of CF1 and CF2, budget
  ``--check-nodes``): the loss-certificate checker, Python against compiled:
  states per CPU second of each on the same certificates; then slack with
  the old setting (certificates up to 5,000 states; the verdicts of both
  engines are the same, so the compiled one stands in for the Python one,
  whose own seconds are the measured states per second applied to the
  states each check expanded) and the new one (compiled, up to
  :data:`DEFAULT_CHECK_LIMIT` states): exact deals, seconds per deal
  (median, max) and why the rest are unknown.

Every win is replayed by :mod:`analysis.clubfight.certify`.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.clubfight.certify import replay_win  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from analysis.clubfight.losscheck import check_loss  # noqa: E402
from analysis.clubfight.slack import (  # noqa: E402
    DEFAULT_CHECK_LIMIT, PYTHON_CHECK_LIMIT, slack, with_clubs,
)
from analysis.clubfight.solver import solve  # noqa: E402
from analysis.clubfight.techniques import ALL_TECHNIQUES, LEGACY_TECHNIQUES  # noqa: E402
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
    """Slack of each deal twice: every loss re-derived by the checker, then the
    solver's losses taken as they are (``check=False``, what ``survey
    --slack-check-every`` does off its sample); CPU seconds of each."""
    rules = PRESETS[rules_name]
    for check in (True, False):
        seconds, exact, slacks, check_seconds, visited = [], 0, {}, [], []
        for number in range(start, start + count):
            began = time.process_time()
            result = slack(Deal.from_number(jokers, number), rules, max_nodes=max_nodes,
                           check_limit=check_limit, check=check)
            seconds.append(time.process_time() - began)
            exact += result.slack is not None
            slacks[result.slack] = slacks.get(result.slack, 0) + 1
            for done in result.checks:
                check_seconds.append(done.seconds)
                visited.append(done.visited)
        shown = ", ".join(f"{k if k is not None else 'unknown'}: {v}"
                          for k, v in sorted(slacks.items(), key=lambda kv: (kv[0] is None,
                                                                              kv[0] or 0)))
        how = "losses re-derived" if check else "solver's losses as they are"
        print(f"  slack on {count} deals, {how} (budget {max_nodes} nodes each): exact "
              f"{exact}/{count}; CPU seconds median {quantile(seconds, 0.5):.3f} "
              f"p99 {quantile(seconds, 0.99):.3f} max {max(seconds):.3f}")
        print(f"    slack counts: {shown}")
        if check_seconds:
            print(f"    certificate checks: {len(check_seconds)}, states visited median "
                  f"{quantile(visited, 0.5)}, max {max(visited)}; seconds median "
                  f"{quantile(check_seconds, 0.5):.3f}, max {max(check_seconds):.3f}")


def bench_parts(jokers: int, rules_name: str, start: int, count: int, max_nodes: int) -> None:
    """Where slack's time goes: the solves no order of club counts can skip."""
    rules = PRESETS[rules_name]
    loss_only = replace(ALL_TECHNIQUES, beams=(), restarts=False)
    rows = {"slack": [], "loss": [], "win": [], "both": [], "loss, no beams": []}
    for number in range(start, start + count):
        deal = Deal.from_number(jokers, number)
        began = time.process_time()
        result = slack(deal, rules, max_nodes=max_nodes, check=False)
        spent = time.process_time() - began
        if result.slack is None:
            continue
        begin = State.from_deal(deal)
        seconds = {}
        for name, clubs, verdict, techniques in (
                ("loss", result.lost_with, "loss", ALL_TECHNIQUES),
                ("win", result.won_with, "win", ALL_TECHNIQUES),
                ("loss, no beams", result.lost_with, "loss", loss_only)):
            began = time.process_time()
            solved = solve(with_clubs(begin, clubs), rules, max_nodes=max_nodes,
                           techniques=techniques)
            seconds[name] = time.process_time() - began
            if solved.verdict != verdict:
                raise SystemExit(f"CF{jokers}-{number} with {clubs} clubs: {solved.verdict} alone "
                                 f"({name}), {verdict} in its slack")
        rows["slack"].append(spent)
        rows["both"].append(seconds["loss"] + seconds["win"])
        for name, value in seconds.items():
            rows[name].append(value)
    exact = len(rows["slack"])
    if not exact:
        print(f"  parts: none of {count} deals has an exact slack within {max_nodes} nodes")
        return
    print(f"  parts of slack, {exact} of {count} deals exact (budget {max_nodes} nodes), "
          f"CPU ms median / p90:")
    for name, values in rows.items():
        over = sum(value >= 0.05 for value in values)
        print(f"    {name:15} {quantile(values, 0.5) * 1000:8.1f} {quantile(values, 0.9) * 1000:9.1f}"
              f"   {over} of {exact} at 50 ms or more")


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


def checker_speeds(count: int, python_states: int) -> dict[str, float]:
    """States expanded per CPU second by each engine, on the same loss
    certificates (8 then 7 clubs of CF1 and CF2 deals, rulebook): the
    compiled one on every certificate, the Python one on those with at most
    ``python_states`` listed states."""
    rules = PRESETS["rulebook"]
    # states, seconds, moves followed; "native, same" only where Python ran too
    spent = {"python": [0, 0.0, 0], "native, same": [0, 0.0, 0], "native": [0, 0.0, 0]}
    for jokers in (1, 2):
        for number in range(count):
            start = State.from_deal(Deal.from_number(jokers, number))
            for clubs in (8, 7):
                result = solve(with_clubs(start, clubs), rules, certificate=True,
                               max_nodes=200_000)
                if result.verdict != "loss" or result.certificate is None:
                    continue
                engines = ["native"]
                if len(result.certificate.refuted) <= python_states:
                    engines.append("python")
                for engine in engines:
                    began = time.process_time()
                    report = check_loss(result.certificate, engine=engine)
                    if not report.ok:
                        raise SystemExit(f"CF{jokers}-{number} with {clubs} clubs: {report}")
                    seconds = time.process_time() - began
                    keys = [engine] + (["native, same"] if engine == "native"
                                       and len(engines) == 2 else [])
                    for key in keys:
                        spent[key][0] += report.visited
                        spent[key][1] += seconds
                        spent[key][2] += report.children
    speeds = {}
    for engine, (states, seconds, children) in spent.items():
        speeds[engine] = states / seconds if seconds else float("nan")
        print(f"  {engine:12} checker: {states} states, {children} moves followed in "
              f"{seconds:.2f} CPU s: {speeds[engine]:.0f} states/s, "
              f"{children / seconds if seconds else float('nan'):.0f} moves/s")
    return speeds


def _unknown_kind(result) -> str:
    reason = result.unknown_reason or ""
    if "not checked" in reason:
        return "certificate over the check limit"
    if "not re-derived" in reason:
        return "checker's own search over its budget"
    if result.lost_with == 13 and result.won_with is None:
        return "lost with every club"
    return "solver budget"


def bench_check(jokers: int, count: int, max_nodes: int, python_speed: float) -> None:
    """Slack on CFj-0..count-1 (rulebook), the old check limit against the new.

    One run with the compiled checker and the new limit; the old setting's
    outcome follows from it, since both checkers give the same verdict: a
    loss whose certificate lists more than the old limit was unknown, and
    the old seconds are this run's less the compiled checks plus the
    Python checker's (its measured states per second applied to the states
    each check expanded; skipped checks cost nothing)."""
    rules = PRESETS["rulebook"]
    rows = {"old": [], "new": []}
    for number in range(count):
        result = slack(Deal.from_number(jokers, number), rules, max_nodes=max_nodes,
                       check_limit=DEFAULT_CHECK_LIMIT, check_engine="native")
        rows["new"].append((result.slack is not None, _unknown_kind(result), result.seconds))
        over = [c for c in result.checks if c.certificate_states > PYTHON_CHECK_LIMIT]
        old_seconds = result.seconds - sum(c.seconds for c in result.checks) + sum(
            c.visited / python_speed for c in result.checks if c not in over)
        if over:
            rows["old"].append((False, "certificate over the check limit", old_seconds))
        else:
            rows["old"].append((result.slack is not None, _unknown_kind(result), old_seconds))
        checks = ", ".join(f"{c.certificate_states} listed {c.seconds:.2f} s"
                           for c in result.checks)
        print(f"    CF{jokers}-{number}: slack {result.slack} {result.nodes} nodes "
              f"{result.seconds:.2f} s; checks: {checks or '-'}"
              + (f"; unknown: {result.unknown_reason}" if result.slack is None else ""),
              flush=True)
    for name, label in (("old", f"Python checker, limit {PYTHON_CHECK_LIMIT:,} (derived)"),
                        ("new", f"compiled checker, limit {DEFAULT_CHECK_LIMIT:,}")):
        exact = sum(row[0] for row in rows[name])
        seconds = [row[2] for row in rows[name]]
        kinds: dict[str, int] = {}
        for is_exact, kind, _ in rows[name]:
            if not is_exact:
                kinds[kind] = kinds.get(kind, 0) + 1
        print(f"  CF{jokers}-0..{count - 1}, {label}: exact {exact}/{count}; seconds "
              f"median {quantile(seconds, 0.5):.2f} max {max(seconds):.2f}; unknown: "
              + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"),
              flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="slack: deals per variant")
    parser.add_argument("--start", type=int, default=0, help="slack: first deal number")
    parser.add_argument("--max-nodes", type=int, default=200_000,
                        help="slack: node budget per deal")
    parser.add_argument("--check-limit", type=int, default=None,
                        help="slack: largest loss certificate checked (states; default "
                             "the compiled checker's limit, or the Python one's)")
    parser.add_argument("--loss-deals", type=int, default=20,
                        help="loss: deals whose restricted deals are proved")
    parser.add_argument("--loss-timeout", type=float, default=1.0)
    parser.add_argument("--hard-timeout", type=float, default=300.0)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--check-deals", type=int, default=30,
                        help="check: deals CF1-0.. and CF2-0.. (rulebook)")
    parser.add_argument("--check-nodes", type=int, default=2_000_000,
                        help="check: slack's node budget per deal")
    parser.add_argument("--check-jokers", type=int, nargs="*", default=[1, 2],
                        choices=(1, 2), help="check: CF1, CF2 or both")
    parser.add_argument("--speed-deals", type=int, default=4,
                        help="check: deals whose certificates time the two checkers")
    parser.add_argument("--python-states", type=int, default=300,
                        help="check: the largest certificate the Python checker is timed on")
    parser.add_argument("--only", choices=("slack", "loss", "hard", "check", "parts"))
    args = parser.parse_args(argv)
    if args.only == "check":
        print("loss-certificate checker, Python against compiled (rulebook):", flush=True)
        speeds = checker_speeds(args.speed_deals, args.python_states)
        print(f"slack with budget {args.check_nodes:,} nodes, old check against new:",
              flush=True)
        for jokers in args.check_jokers:
            bench_check(jokers, args.check_deals, args.check_nodes, speeds["python"])
        return
    for variant in args.variants if args.only != "hard" else ():
        jokers, rules_name = int(variant[2]), variant.split("-")[1]
        print(f"{variant}:", flush=True)
        if args.only in (None, "slack"):
            bench_slack(jokers, rules_name, args.start, args.deals, args.max_nodes,
                        args.check_limit)
        if args.only == "parts":
            bench_parts(jokers, rules_name, args.start, args.deals, args.max_nodes)
        if args.only in (None, "loss"):
            bench_losses(jokers, rules_name, args.loss_deals, args.loss_timeout)
        sys.stdout.flush()
    if args.only in (None, "hard"):
        print("hard deals (CF2, rulebook), old search against new:")
        bench_hard(args.hard_timeout)


if __name__ == "__main__":
    main()
