"""Ctrl-C sent to work in a fresh Python process, for the tests that it stops in time."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from typing import NamedTuple

_SCRIPT = """
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # even where a shell ignores it
{setup}
def interrupt():
    time.sleep(0.5)
    print("sent", time.monotonic(), flush=True)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=interrupt, daemon=True).start()
try:
{work}
    print("finished")
except KeyboardInterrupt:
    print("stopped", time.monotonic(), flush=True)
"""


def interrupted(setup: str, work: str, timeout: float) -> tuple[float, dict[str, str], str]:
    """Run ``setup`` then ``work`` in a new interpreter and send it SIGINT half a second
    into ``work``: ``(wall seconds, {"sent": t, "stopped": t} as printed, all output)``;
    ``"stopped"`` is missing if ``work`` finished instead."""
    script = _SCRIPT.format(setup=textwrap.dedent(setup).strip(),
                            work=textwrap.indent(textwrap.dedent(work).strip(), "    "))
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=timeout)
    lines = dict(line.split() for line in done.stdout.split("\n") if line.count(" ") == 1)
    return time.monotonic() - began, lines, done.stdout + done.stderr


# -- Ctrl-C sent to a whole ringside command at a chosen moment --------------------------------
_MAIN = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
         "from harness.entry import main; os.write({fd}, b'.'); os.close({fd}); "
         "sys.exit(main())")
"""``ringside``, telling the test (one byte on a pipe) when the interpreter has started and
the console script's one import is done: the moment from which a Ctrl-C is ringside's to
handle (before it, Python's own start-up is running), and from which a trial's moment is
counted.  SIGINT is
handled as in a terminal's foreground job even when the tests themselves run in the
background, where the shell has it ignored (and the child would inherit that)."""


class Trial(NamedTuple):
    """One Ctrl-C: the exit code, stderr, and the seconds from the signal to the line
    ``ringside: interrupted`` and to the end (``None``: it had finished before the signal);
    ``pid`` is the command's, and its process group's."""

    pid: int
    code: int
    err: str
    honoured: float | None
    ended: float | None


def ctrl_c(args: list[str], delay: float, cwd: str, patience: float = 30.0) -> Trial:
    """Run ``ringside ARGS`` in ``cwd``, send SIGINT to its process group ``delay`` s after
    its interpreter is up (as a terminal's Ctrl-C), and time how it ends."""
    import os
    import signal
    import threading

    ready, tell = os.pipe()
    process = subprocess.Popen([sys.executable, "-c", _MAIN.format(fd=tell), *args],
                               cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True, pass_fds=(tell,))
    os.close(tell)
    os.read(ready, 1)
    os.close(ready)
    lines: list[tuple[float, bytes]] = []

    def read() -> None:
        for line in process.stderr:
            lines.append((time.monotonic(), line))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(delay)
    if process.poll() is not None:
        reader.join(5)
        return Trial(process.pid, process.returncode, b"".join(l for _, l in lines).decode(),
                     None, None)
    sent = time.monotonic()
    try:
        os.killpg(process.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    try:
        process.wait(timeout=patience)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise AssertionError(f"ringside {' '.join(args)} still ran {patience:g} s after Ctrl-C")
    ended = time.monotonic()
    reader.join(5)
    said = next((at for at, line in lines if line.startswith(b"ringside: interrupted")), None)
    return Trial(process.pid, process.returncode, b"".join(l for _, l in lines).decode(),
                 None if said is None else said - sent, ended - sent)


LONG_COMMANDS: tuple[tuple[str, tuple[str, ...], float], ...] = (
    # Many short compiled solves in the main process: the interrupt must never be cleared
    # because the solve that saw it happened to finish.
    ("clubfight hunt", ("clubfight", "hunt", "--jokers", "1", "--budget", "20"), 3.0),
    ("clubfight unwinnable", ("clubfight", "unwinnable", "--jokers", "2", "--count", "20000",
                              "--workers", "1"), 3.0),
    ("clubfight survey --slack", ("clubfight", "survey", "--jokers", "2", "--deals", "3000",
                                  "--slack", "1"), 3.0),
    # The other games' long commands (each has a --timeout; Ctrl-C comes first here).
    ("duel odds", ("duel", "odds", "{big}", "{big}"), 3.0),
    ("monmamo termination", ("monmamo", "termination", "--start", "{position}",
                             "--max-states", "1000000"), 3.0),
    ("fightklub survey", ("fightklub", "survey", "synthetic-brick", "synthetic-dana",
                          "--games", "100000"), 3.0),
)
"""``(name, ringside arguments, latest moment)``: commands that run for minutes, far
longer than a trial, so a Ctrl-C never races their own end (a game of ``ringside play``
ends within seconds: once, on a loaded machine, just as the signal came); a trial's
Ctrl-C comes at a moment drawn from 0 to the latest (``{big}`` and ``{position}`` are
filled in by :func:`long_command`)."""

MONMAMO_POSITION = (
    "format 1 1 | first 0 | step play | turn 0 | pending 0 | "
    "library S04 S05 S06 S07 S08 S10 S11 S12 S13 S04 S05 S06 S07 S08 | "
    "hands S01 S09 S12 / S02 S03 S13 | battlefield - | discard - | exile - | declared - | "
    "passes 0")
"""A start whose termination walk runs for minutes (a Library of 14 cards)."""


def long_command(args: tuple[str, ...], folder) -> list[str]:
    """The arguments with ``{big}`` (a 4d20, 99 HP character file written in ``folder``)
    and ``{position}`` (:data:`MONMAMO_POSITION`) filled in."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    big = Path(folder) / "big.toml"
    if not big.exists():
        text = (root / "analysis/duel/data/characters/brute.toml").read_text(encoding="utf-8")
        big.write_text(text.replace('key = "brute"', 'key = "big"').replace("hp = 36", "hp = 99")
                       .replace("dice = 1", "dice = 4").replace("sides = 10", "sides = 20"),
                       encoding="utf-8")
    return [word.replace("{big}", str(big)).replace("{position}", MONMAMO_POSITION)
            for word in args]
