"""Ctrl-C that cannot be swallowed.

Python raises KeyboardInterrupt wherever the main thread happens to be when
SIGINT arrives.  If that is inside a ``__del__`` (z3 frees its terms in
``AstRef.__del__`` all the time), Python cannot propagate it: it prints
"Exception ignored in ..." and carries on, and the command would run to its
end and exit 0.  So while a command runs, :func:`watching` installs an
unraisable-exception hook that notes such an interrupt instead of printing
it, and :func:`checkpoint`, called by the long loops (each proof, each
scenario, every thousand explored states, every progress step), raises it
again where it can propagate.  A command that returns while an interrupt is
noted still ends as interrupted.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Iterator

_pending = False


def _hook(unraisable) -> None:
    global _pending
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        _pending = True
        return
    sys.__unraisablehook__(unraisable)


def pending() -> bool:
    """Whether a Ctrl-C was noted and not raised yet."""
    return _pending


def checkpoint() -> None:
    """Raise a noted Ctrl-C (KeyboardInterrupt) here, where it can propagate."""
    global _pending
    if _pending:
        _pending = False
        raise KeyboardInterrupt


@contextlib.contextmanager
def watching() -> Iterator[None]:
    """Note Ctrl-C swallowed by ``__del__`` methods while the block runs."""
    global _pending
    previous = sys.unraisablehook
    _pending = False
    sys.unraisablehook = _hook
    try:
        yield
    finally:
        sys.unraisablehook = previous


def quiet(unraisable) -> None:
    """An unraisable-exception hook that says nothing (while an interrupted run unwinds)."""

