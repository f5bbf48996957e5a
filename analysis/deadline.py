"""A time limit that long analyses check as they go, cooperatively, in their own loops.

A command's ``--timeout`` becomes a :class:`Deadline`, passed down to the
analysis that may run long; the analysis calls :meth:`Deadline.check` in its
loops (no signal, no thread: the work stops between two steps, where nothing
is half done) and :class:`TimeUp` carries the reason up to the command, which
answers ``unknown`` with it.  The rules model never sees a clock: the checks
sit in ``analysis/`` and ``harness/`` only.

>>> Deadline(None).check()  # no limit: never stops
>>> Deadline(None).expired()
False
>>> late = Deadline(5.0, clock=iter([0.0, 6.0]).__next__)
>>> late.expired()
True
>>> str(TimeUp(5.0))
'stopped by --timeout after 5 s'
"""

from __future__ import annotations

import time
from typing import Callable


class TimeUp(Exception):
    """The time limit passed before the work was done: the answer is unknown."""

    def __init__(self, limit: float, where: str = "--timeout", doing: str = "") -> None:
        self.limit, self.where, self.doing = limit, where, doing
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        """``stopped by --timeout after 30 s`` (and what was being done, if known)."""
        text = f"stopped by {self.where} after {self.limit:g} s"
        return f"{text} {self.doing}" if self.doing else text

    def __str__(self) -> str:
        return self.reason


class Deadline:
    """``seconds`` from now (``None``: no limit), checked with :meth:`check`.

    ``where`` names the option that set it (it goes into the reason);
    ``clock`` is for tests.  :meth:`check` costs one clock reading, so a
    loop may call it every step of work that takes microseconds or more.
    """

    __slots__ = ("limit", "where", "_clock", "_at")

    def __init__(self, seconds: float | None, where: str = "--timeout", *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.where, self._clock = seconds, where, clock
        self._at = None if seconds is None else clock() + seconds

    def expired(self) -> bool:
        """Whether the limit has passed."""
        return self._at is not None and self._clock() > self._at

    def check(self, doing: str = "") -> None:
        """Raise :class:`TimeUp` if the limit has passed (``doing``: what was under way)."""
        if self._at is not None and self._clock() > self._at:
            raise TimeUp(self.limit, self.where, doing)

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or ``None`` without a limit."""
        return None if self._at is None else max(0.0, self._at - self._clock())


NO_DEADLINE = Deadline(None)
"""A deadline that never passes: the default of every analysis that takes one."""
