"""Ctrl-C at random moments of the long commands: exit 130 within a second, every time.

Club Fight's hunt, one-worker unwinnable and survey with --slack run many short
compiled solves in the main process; an interrupt seen by a solve that then
finished was once cleared, and the command ran on to exit 0 (about half the
trials).  Each command of :data:`interrupting.LONG_COMMANDS` gets a few Ctrl-Cs
here at moments drawn with a fixed seed; ``bench/bench_interrupts.py`` sends
many more and prints the latencies.
"""

from __future__ import annotations

import random

import pytest

from interrupting import LONG_COMMANDS, ctrl_c, long_command

TRIALS = 2
"""Ctrl-Cs per command in the suite (the bench sends as many as it is asked)."""
HONOURED = 1.0
"""Seconds from the signal to the line ``ringside: interrupted`` (the README's promise)."""
ENDED = 3.0
"""Seconds from the signal to the end of the process (its interpreter winds down too)."""
NATIVE = pytest.mark.skipif(
    not __import__("analysis.clubfight._solver_native", fromlist=["available"]).available(),
    reason="the compiled search needs a C compiler")


def check_trial(name: str, trial) -> None:
    """Exit 130 with the one line, in time; or a normal end before the signal."""
    assert "Traceback" not in trial.err, (name, trial.err)
    if trial.ended is None:
        assert trial.code in (0, 1), (name, trial.code, trial.err)
        return
    assert trial.code == 130, (name, trial.code, trial.err[-500:])
    assert trial.err.endswith("ringside: interrupted\n"), (name, trial.err[-500:])
    assert trial.honoured is not None and trial.honoured < HONOURED, (name, trial.honoured)
    assert trial.ended < ENDED, (name, trial.ended)


@pytest.mark.parametrize(("name", "args", "latest"), [
    pytest.param(*command, marks=NATIVE if command[0].startswith("clubfight") else ())
    for command in LONG_COMMANDS], ids=[command[0] for command in LONG_COMMANDS])
def test_ctrl_c_at_random_moments_is_honoured_within_a_second(name, args, latest, tmp_path):
    moments = random.Random(f"ctrl-c/{name}")
    for _ in range(TRIALS):
        check_trial(name, ctrl_c(long_command(args, tmp_path), moments.uniform(0, latest),
                                 str(tmp_path)))
