"""How many of a screen's unknowns the retry's wide beams win, and at what CPU cost.

Reads a screen's folder (``screen.json`` and ``progress.jsonl``, a finished
screen or one still running; nothing is written there), takes the first N
unknowns by deal number and runs the first step of ``ringside clubfight
screen --retry-unknown`` on them: stage one's beam at each width in turn
(:func:`analysis.clubfight.screen.retry_deal` with one width and no node
budget, so each win is replayed on the rules model as in the command), each
width on the deals the narrower ones did not win.  Prints per width the
deals tried, the deals won, the nodes and the CPU seconds (``process_time``
of this one process: per core, whatever else the machine runs; the wall time
and load average are printed beside them).

Usage::

    python bench/bench_screen_retry.py FOLDER [--unknowns 60 | --ids ID,ID,...]
                                              [--widths 4096,16384,65536]
                                              [--engine auto|native|python]

The last line lists the deals no width won (give them to ``--ids`` to try
wider beams on them alone).

Measure on a copy of a screen that another run may be writing, e.g.
``cp -r results/clubfight/screens/cf2-rulebook /tmp/`` first.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import replace
from pathlib import Path

from analysis.clubfight.screen import (
    DEFAULT_RETRY_WIDTHS, RetryTask, ScreenTask, check_widths, native_available, retry_deal,
)
from model.clubfight.deals import parse_deal_id
from model.clubfight.rules import PRESETS


def first_unknowns(folder: Path, count: int, ids: set[str] | None = None
                   ) -> tuple[dict, list[dict]]:
    """The screen's settings and the lines of its first ``count`` unknowns by deal number
    (of those of ``ids`` only, when given)."""
    header = json.loads((folder / "screen.json").read_text())["screen"]
    unknown = []
    with open(folder / "progress.jsonl", "rb") as handle:
        for raw in handle:
            if not raw.endswith(b"\n"):
                break  # a chunk another run is writing now
            unknown += [d for d in json.loads(raw)["deals"] if d["class"] == "unknown"
                        and (ids is None or d["id"] in ids)]
    unknown.sort(key=lambda record: parse_deal_id(record["id"])[1])
    return header, unknown[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--unknowns", type=int, default=60, help="how many unknowns (60)")
    parser.add_argument("--ids", help="these unknowns only (ID,ID,...)")
    parser.add_argument("--widths", default=",".join(map(str, DEFAULT_RETRY_WIDTHS)),
                        help="the beams' widths, in turn (default %(default)s)")
    parser.add_argument("--engine", choices=("auto", "native", "python"), default="auto")
    args = parser.parse_args()
    widths = tuple(int(width) for width in args.widths.split(","))
    check_widths(widths)
    ids = set(args.ids.split(",")) if args.ids else None
    header, records = first_unknowns(args.folder, args.unknowns, ids)
    rules = replace(PRESETS[header["rules"]], **header["rules_overrides"])
    task = ScreenTask(header["jokers"], 0, 0, rules, engine=args.engine)
    if args.engine != "python" and not native_available():
        print("note: the compiled core did not build; the beams run in Python")
    print(f"{len(records)} unknowns of {args.folder} (CF{header['jokers']} {header['rules']}, "
          f"{records[0]['id'] if records else '-'} .. {records[-1]['id'] if records else '-'}), "
          f"one process, engine {args.engine}; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'width':>8} {'tried':>6} {'won':>5} {'nodes':>13} {'CPU s':>8} {'CPU s/deal':>10} "
          f"{'wall s':>8}")
    left = records
    total_cpu = total_won = 0
    for width in widths:
        cpu, wall = time.process_time(), time.perf_counter()
        won, nodes, rest = 0, 0, []
        for record in left:
            out = retry_deal(RetryTask(task, record, 0, (width,)))
            if "failed" in out:
                raise SystemExit(f"the retry failed: {out['failed']}")
            nodes += out["beams"]["nodes"]
            if out["class"] == "2+":
                won += 1
            else:
                rest.append(record)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{width:>8,} {len(left):>6} {won:>5} {nodes:>13,} {cpu:>8.1f} "
              f"{cpu / max(len(left), 1):>10.2f} {wall:>8.1f}", flush=True)
        total_cpu += cpu
        total_won += won
        left = rest
    print(f"{'all':>8} {len(records):>6} {total_won:>5} {'':>13} {total_cpu:>8.1f}; "
          f"{len(left)} still unknown (every win replayed on the rules model)")
    print("still unknown: " + (",".join(record["id"] for record in left) or "none"))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
