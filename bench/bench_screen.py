"""How fast the screen goes: stage one alone, the whole screen, and today's survey, on the same deals.

For each variant asked for, the same deal numbers go through:

* ``stage one`` -- :func:`analysis.clubfight.screen.stage_one` with the
  narrowest beam alone (width 12): the compiled core deals each number and
  looks for a win with 11 clubs, a chunk of deals a call;
* ``screen`` -- the whole screen, :func:`analysis.clubfight.screen.screen_chunk`
  with the screen's defaults (stage one's beams in turn, then stage two's
  slack within its node budget), the unit of work of ``ringside clubfight
  screen``;
* ``before`` (with ``--before``) -- the same with the first screen's
  settings: one beam of width 12, stage two at 2,000,000 nodes with the
  solver's usual beams;
* ``survey`` (with ``--survey``) -- what ``ringside clubfight survey`` does
  per deal (:func:`harness.games.clubfight.survey.survey_chunk`: deal in
  Python, solve with all 13 clubs, the writer's replay of every win).

All run in this one process, one after the other, so deals per second of
CPU time (``process_time``) are deals per second per core, and CPU seconds
per 1,000 deals the cost on any machine; the wall time and the load average
are printed beside them, since the machine may be shared.  The screen's
columns: the share of deals its stage one passed on to stage two, and the
deals left unknown (within stage two's budget).

Usage::

    python bench/bench_screen.py [--variants 1:rulebook,2:rulebook,1:webapp,2:webapp]
                                 [--start 500000] [--deals 2000] [--chunk 1000]
                                 [--before] [--survey]
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

from analysis.clubfight.screen import (
    DEFAULT_WIDTH, ScreenTask, add_counts, empty_counts, native_available, screen_chunk,
    stage_one,
)
from analysis.clubfight.techniques import ALL_TECHNIQUES
from model.clubfight.rules import PRESETS

BEFORE = {"widths": (DEFAULT_WIDTH,), "stage_two_nodes": 2_000_000,
          "stage_two_beams": ALL_TECHNIQUES.beams}
"""The first screen's settings (before the cascade of beams and the lower budget)."""


def time_stage_one(jokers: int, rules, start: int, deals: int, chunk: int):
    """(CPU seconds, wall seconds, deals passed on) of the width-12 beam alone."""
    cpu, wall = time.process_time(), time.perf_counter()
    passed = 0
    for first in range(start, start + deals, chunk):
        count = min(chunk, start + deals - first)
        passed += sum(not won for won, _, _ in
                      stage_one(jokers, first, count, rules, (DEFAULT_WIDTH,)))
    return time.process_time() - cpu, time.perf_counter() - wall, passed


def time_screen(jokers: int, rules, start: int, deals: int, chunk: int, **settings):
    """(CPU seconds, wall seconds, counts) of the whole screen over the deals."""
    cpu, wall = time.process_time(), time.perf_counter()
    base = ScreenTask(jokers, start, 0, rules)
    counts = None
    for first in range(start, start + deals, chunk):
        task = replace(base, first=first, count=min(chunk, start + deals - first), **settings)
        out = screen_chunk(task)
        if "failed" in out:
            raise SystemExit(f"the screen failed: {out['failed']}")
        counts = add_counts(counts or empty_counts(task.widths), out["counts"])
    return time.process_time() - cpu, time.perf_counter() - wall, counts


def time_survey(jokers: int, rules, name: str, start: int, deals: int):
    """(CPU seconds, wall seconds) of the survey's per-deal work, wins replayed."""
    from harness.games.clubfight.survey import survey_chunk
    from harness.games.clubfight.survey_config import SurveyConfig
    from harness.games.clubfight.survey_file import certify_record

    config = SurveyConfig(jokers=jokers, start=start, deals=deals, rules=rules, rules_name=name)
    cpu, wall = time.process_time(), time.perf_counter()
    for number in range(start, start + deals, 8):
        part = list(range(number, min(number + 8, start + deals)))
        task = (jokers, part, rules, None, None, [()] * len(part), 0, [None] * len(part))
        for record in survey_chunk(task):
            certify_record(record, config)
    return time.process_time() - cpu, time.perf_counter() - wall


def _screen_cells(deals: int, cpu: float, wall: float, counts: dict) -> str:
    unknown = counts["classes"]["unknown"]
    return (f"{deals / cpu:>8,.0f} {1000 * cpu / deals:>8.1f} "
            f"{100 * counts['stage_one']['passed'] / deals:>6.2f}% {unknown:>5} {wall:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="1:rulebook,2:rulebook,1:webapp,2:webapp",
                        help="JOKERS:RULES,... (default: all four)")
    parser.add_argument("--start", type=int, default=500_000)
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--chunk", type=int, default=1_000)
    parser.add_argument("--before", action="store_true",
                        help="also the whole screen with the first screen's settings (slow)")
    parser.add_argument("--survey", action="store_true",
                        help="also today's survey on the same deals")
    args = parser.parse_args()
    if not native_available():
        print("note: the compiled core did not build; the screen runs in Python")
    print(f"deals CFj-{args.start} .. CFj-{args.start + args.deals - 1}, one process; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    print("deals/s = deals per CPU second (per core); ms/deal = CPU ms per deal "
          "(= CPU s per 1,000 deals); passed = stage one's share passed to stage two")
    head = f"{'deals/s':>8} {'ms/deal':>8} {'passed':>7} {'unkn':>5} {'wall s':>7}"
    print(f"{'variant':<13} | {'stage one (width 12)':^24} | {'screen':^40}"
          + (f" | {'before':^40}" if args.before else "")
          + (f" | {'survey':^17}" if args.survey else ""))
    print(f"{'':<13} | {'deals/s':>8} {'passed':>7} {'wall s':>7} | {head}"
          + (f" | {head}" if args.before else "")
          + (f" | {'deals/s':>8} {'wall s':>8}" if args.survey else ""))
    for item in args.variants.split(","):
        jokers, name = item.split(":")
        jokers, rules = int(jokers), PRESETS[name]
        stage_one(jokers, args.start, 1, rules, (DEFAULT_WIDTH,))  # build and load first
        one_cpu, one_wall, passed = time_stage_one(jokers, rules, args.start, args.deals,
                                                   args.chunk)
        row = (f"CF{jokers} {name:<9} | {args.deals / one_cpu:>8,.0f} "
               f"{100 * passed / args.deals:>6.2f}% {one_wall:>7.1f} | ")
        row += _screen_cells(args.deals, *time_screen(jokers, rules, args.start, args.deals,
                                                      args.chunk))
        if args.before:
            row += " | " + _screen_cells(args.deals, *time_screen(
                jokers, rules, args.start, args.deals, args.chunk, **BEFORE))
        if args.survey:
            cpu, wall = time_survey(jokers, rules, name, args.start, args.deals)
            row += f" | {args.deals / cpu:>8,.0f} {wall:>8.1f}"
        print(row, flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
