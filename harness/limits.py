"""``--timeout SECONDS`` for the commands that can run long, and the deadline it sets.

A command adds the option with :func:`add_timeout`, turns it into a cooperative
:class:`~analysis.deadline.Deadline` with :func:`deadline_of` when its work
starts, and hands that to the analysis whose loops check it (or checks it
itself between the steps of a game with :func:`within`).  Past the limit a
:class:`~analysis.deadline.TimeUp` is raised where the work stands; a command
that does not answer it itself gets ``unknown`` with the reason and exit 0
(:func:`harness.toolkit.unknown_report`), nothing of the part it had done.
"""

from __future__ import annotations

import argparse
from typing import Any, Iterable, Iterator

from analysis.deadline import Deadline
from harness.toolkit import MAX_SECONDS, seconds


def add_timeout(parser: argparse.ArgumentParser, what: str,
                default: float | None = None) -> None:
    """``--timeout S``: a time limit on the whole of ``what`` (read it with :func:`deadline_of`).

    Past it the command answers ``unknown`` with the reason (exit 0, as every
    unknown), never the part it had done as if it were the whole.
    """
    shown = "no limit" if default is None else f"{default:g}"
    parser.add_argument("--timeout", type=seconds(), default=default, metavar="S",
                        help=f"stop {what} after S seconds (above 0, at most {MAX_SECONDS:,}) "
                             f"and answer unknown with the reason (default {shown})")


def deadline_of(args: argparse.Namespace) -> Deadline:
    """The :class:`~analysis.deadline.Deadline` that ``--timeout`` sets, from now."""
    return Deadline(getattr(args, "timeout", None), "--timeout")


def within(steps: Iterable[Any], deadline: Deadline, doing: str = "") -> Iterator[Any]:
    """``steps`` (a game being played, say), with ``deadline`` checked after each arrives."""
    for step in steps:
        deadline.check(doing)
        yield step
