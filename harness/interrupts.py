"""Ctrl-C that cannot be swallowed.

Python raises KeyboardInterrupt wherever the main thread happens to be when
SIGINT arrives.  If that is inside a ``__del__`` (z3 frees its terms in
``AstRef.__del__`` all the time), Python cannot propagate it: it prints
"Exception ignored in ..." and carries on, and the command would run to its
end and exit 0.  So while a command runs, :func:`watching` installs an
unraisable-exception hook that notes such an interrupt (or the
``ctypes.ArgumentError`` that ctypes makes of one mid-call) instead of
printing it, and :func:`checkpoint`, called by the long loops (each proof, each
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
    if _is_interrupt(unraisable.exc_value) or (
            unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt)):
        _pending = True
        return
    sys.__unraisablehook__(unraisable)


def _is_interrupt(error: BaseException | None) -> bool:
    """A KeyboardInterrupt, plain, among the causes, or as ctypes reports one.

    z3's ``AstRef.__del__`` calls into its library through ctypes, and a
    KeyboardInterrupt raised while ctypes converts the call's arguments comes
    out as ``ctypes.ArgumentError("argument 1: KeyboardInterrupt: ")``: still
    the user's Ctrl-C (once it went unnoted and ``ringside check`` ran on to
    exit 0).
    """
    import ctypes

    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt) or (
                isinstance(error, ctypes.ArgumentError) and "KeyboardInterrupt" in str(error)):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


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

