"""How fast the screen's first stage goes, side by side with today's survey on the same deals.

For each variant asked for, the same deal numbers go through:

* ``stage one`` -- :func:`analysis.clubfight.screen.stage_one`: the compiled
  core deals each number and looks for a win with 11 clubs by the beam, a
  chunk of deals a call (what ``ringside clubfight screen`` runs first);
* ``survey`` -- what ``ringside clubfight survey`` does per deal
  (:func:`harness.games.clubfight.survey.survey_chunk`: deal in Python, solve
  with all 13 clubs, and the writer's replay of every win), in this process.

Both run in this one process, one after the other, so the deals per second
of CPU time (``process_time``) are deals per second per core; the wall time
and the load average are printed beside them, since the machine may be
shared.  The share of deals stage one passes on to stage two is printed too
(stage two is the slack computation, seconds a deal; it is not timed here).

Usage::

    python bench/bench_screen.py [--variants 1:rulebook,2:rulebook,1:webapp,2:webapp]
                                 [--start 500000] [--deals 2000] [--chunk 1000] [--width 16]
"""

from __future__ import annotations

import argparse
import os
import time

from analysis.clubfight.screen import DEFAULT_WIDTH, native_available, stage_one
from harness.games.clubfight.survey import survey_chunk
from harness.games.clubfight.survey_config import SurveyConfig
from harness.games.clubfight.survey_file import certify_record
from model.clubfight.rules import PRESETS


def time_stage_one(jokers: int, rules, start: int, deals: int, chunk: int, width: int):
    """(CPU seconds, wall seconds, deals passed on) of stage one over the deals."""
    cpu, wall = time.process_time(), time.perf_counter()
    passed = 0
    for first in range(start, start + deals, chunk):
        count = min(chunk, start + deals - first)
        passed += sum(not won for won, _, _ in stage_one(jokers, first, count, rules, (width,)))
    return time.process_time() - cpu, time.perf_counter() - wall, passed


def time_survey(jokers: int, rules, name: str, start: int, deals: int):
    """(CPU seconds, wall seconds, wins) of the survey's per-deal work, wins replayed."""
    config = SurveyConfig(jokers=jokers, start=start, deals=deals, rules=rules, rules_name=name)
    cpu, wall = time.process_time(), time.perf_counter()
    wins = 0
    for number in range(start, start + deals, 8):
        part = list(range(number, min(number + 8, start + deals)))
        task = (jokers, part, rules, None, None, [()] * len(part), 0, [None] * len(part))
        for record in survey_chunk(task):
            certify_record(record, config)
            wins += record["verdict"] == "win"
    return time.process_time() - cpu, time.perf_counter() - wall, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="1:rulebook,2:rulebook,1:webapp,2:webapp",
                        help="JOKERS:RULES,... (default: all four)")
    parser.add_argument("--start", type=int, default=500_000)
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--chunk", type=int, default=1_000)
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    args = parser.parse_args()
    if not native_available():
        print("note: the compiled core did not build; stage one runs in Python")
    print(f"deals CFj-{args.start} .. CFj-{args.start + args.deals - 1}, one process; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    print(f"{'variant':<14} {'stage one deals/s/core':>22} {'survey deals/s/core':>20} "
          f"{'ratio':>6} {'passed on':>10} {'wall s (one / survey)':>22}")
    for item in args.variants.split(","):
        jokers, name = item.split(":")
        jokers, rules = int(jokers), PRESETS[name]
        stage_one(jokers, args.start, 1, rules, (args.width,))  # build and load first
        one_cpu, one_wall, passed = time_stage_one(jokers, rules, args.start, args.deals,
                                                   args.chunk, args.width)
        survey_cpu, survey_wall, _ = time_survey(jokers, rules, name, args.start, args.deals)
        one_rate, survey_rate = args.deals / one_cpu, args.deals / survey_cpu
        print(f"CF{jokers} {name:<10} {one_rate:>22,.0f} {survey_rate:>20,.0f} "
              f"{one_rate / survey_rate:>6.1f} {100 * passed / args.deals:>9.2f}% "
              f"{one_wall:>10.1f} / {survey_wall:.1f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
