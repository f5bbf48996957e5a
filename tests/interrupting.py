"""Ctrl-C sent to work in a fresh Python process, for the tests that it stops in time."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

_SCRIPT = """
import os, signal, threading, time
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
