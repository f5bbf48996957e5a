"""The ``ringside`` console script: Ctrl-C is one line and exit 130 from the first moment.

Importing this module (the console script's first line) already puts a
note-taking handler on SIGINT: while ringside itself is imported (networkx,
z3 ...), a Ctrl-C is only noted, since a KeyboardInterrupt raised inside
Python's import machinery can surface as "Exception ignored ..." noise
instead of reaching any handler.  Once the imports are done, a noted Ctrl-C
ends the command at once; after that the commands run under
:func:`harness.toolkit.guard`, which turns a Ctrl-C into the same line and
code.  Once a command has finished, Ctrl-C is ignored: the interpreter's
shutdown is all that is left, and a KeyboardInterrupt there is "Exception
ignored" noise after a complete run.  (A Ctrl-C in the milliseconds while
the Python interpreter itself starts, before this module runs, is Python's
to handle.)
"""

from __future__ import annotations

import os
import signal
import sys

INTERRUPTED = 130

_noted: list[int] = []


def _note(number: int, frame: object) -> None:
    _noted.append(number)


try:
    _previous = signal.signal(signal.SIGINT, _note)
except ValueError:  # imported outside the main thread: nothing to defer
    _previous = None


def _interrupted() -> int:
    try:
        print("ringside: interrupted", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # stderr full or closed: the code says it
        pass
    return INTERRUPTED


def _leave(code: int) -> int:
    """End an interrupted run now.

    Everything the command keeps is written by then (results go through
    ``finally`` blocks and atomic renames).  Skipping the interpreter's
    clean-up avoids what a second Ctrl-C or half-finished native objects
    could do there: z3's ``__del__`` methods raising into "Exception
    ignored" messages, or a crash while z3 frees a context it was told to
    stop.
    """
    if code == INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    return code


def main() -> int:
    try:
        try:
            from harness.cli import main as run
        finally:
            # A Ctrl-C may land the instant Python's handler is back, still
            # inside signal.signal: the except below takes it too.
            if _previous is not None:
                signal.signal(signal.SIGINT, _previous)
        if _noted:
            return _leave(_interrupted())
        code = _leave(run())
        # The command has finished: a Ctrl-C from here on, while the
        # interpreter shuts down, has nothing left to stop and would only
        # surface as "Exception ignored" noise from threading's shutdown.
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        except ValueError:  # called outside the main thread: not ours to set
            pass
        return code
    except KeyboardInterrupt:
        return _leave(_interrupted())
