"""Every parser fuzzed with at least 10,000 examples: the figures for the notes.

Runs the property tests of ``tests/test_parsers_fuzz.py`` under the
hypothesis profile ``bench`` (10,000 examples each, a fresh random seed per
run) and prints, per property, the examples tried, how they ended (parsed or
refused) and the time.  Not part of the test suite; run it as::

    python bench/bench_fuzz.py [-k EXPRESSION]

A failure prints hypothesis's shrunk example and makes the exit code 1.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-p", "no:randomly", str(ROOT / "tests" / "test_parsers_fuzz.py"),
               "--hypothesis-profile", "bench", "--hypothesis-show-statistics",
               "-o", "addopts=", *argv]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    text = done.stdout + done.stderr
    rows = []
    for block in re.split(r"\n(?=tests/test_parsers_fuzz\.py::)", text):
        head = re.match(r"tests/test_parsers_fuzz\.py::(\S+):", block)
        if not head:
            continue
        passing = re.search(r"(\d+) passing, (\d+) failing, and (\d+) invalid", block)
        timing = re.search(r"during generate phase \(([\d.]+) seconds\)", block)
        events = re.findall(r"\* ([\d.]+)%, ([^\n]+)", block)
        rows.append((head.group(1), passing.groups() if passing else ("?", "?", "?"),
                     timing.group(1) if timing else "?", events))
    print(f"{'property':<48} {'passing':>8} {'failing':>8} {'invalid':>8}  seconds")
    for name, (good, bad, invalid), seconds, _ in rows:
        print(f"{name:<48} {good:>8} {bad:>8} {invalid:>8}  {seconds}")
    print()
    for name, _, _, events in rows:
        if events:
            print(f"{name}: " + "; ".join(f"{what} {share}%" for share, what in events[:6]))
    summary = [line for line in text.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    print("\n" + (summary[-1] if summary else text[-2000:]))
    return 0 if done.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
