"""A time budget per input of a property test: an input that runs past it fails the test.

Hypothesis's own ``deadline=`` setting cannot catch a hang: it measures an
example after the test function *returns*, and a parser caught in an endless
loop never does.  So each input of a parser fuzzer runs under a watchdog
instead: a POSIX interval timer (``SIGALRM``) whose handler raises
:class:`OverBudget` in the test's thread.  The parsers are plain Python, which
looks at signals between two bytecodes, so the watchdog fires inside any loop
of theirs (C code holding the thread would delay it to its return; no parser
is C).  :class:`OverBudget` is a ``BaseException``, as ``KeyboardInterrupt``
is, so a parser's ``except Exception`` cannot turn it into an ``InputError``
and hide the hang; Hypothesis passes it straight through, and the message
names the input.

Every test marked ``parser_fuzz`` gets the budget (``tests/conftest.py`` wraps
the test Hypothesis calls per input); ``tests/test_budget.py`` shows it catch a
deliberately endless parser.
"""

from __future__ import annotations

import contextlib
import functools
import signal
from typing import Any, Callable, Iterator

PER_INPUT = 5.0
"""Seconds one input may take.  Parsing any fuzzed text takes milliseconds; five
seconds leaves room for a loaded machine and still fails a hang in seconds."""


class OverBudget(BaseException):
    """One input of a property test ran past its time budget (a hang, most likely)."""


@contextlib.contextmanager
def time_budget(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`OverBudget` (naming ``what``) in this thread if the block runs
    past ``seconds``; a no-op where there is no ``SIGALRM`` or off the main thread."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise OverBudget(f"{what} ran past its budget of {seconds:g} s (a hang?)")

    try:
        previous = signal.signal(signal.SIGALRM, expired)
    except ValueError:  # not the main thread: signals cannot be handled here
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def per_input(test: Callable[..., Any], seconds: float = PER_INPUT) -> Callable[..., Any]:
    """``test`` (the function Hypothesis calls with each input) under :func:`time_budget`."""

    @functools.wraps(test)
    def budgeted(*args: Any, **kwargs: Any) -> Any:
        shown = ", ".join([*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())])
        with time_budget(seconds, f"{test.__name__}({shown})"):
            return test(*args, **kwargs)

    return budgeted


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
