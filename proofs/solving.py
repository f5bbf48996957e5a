"""Asking z3, three-valued: satisfiable, unsatisfiable, or not decided (and why).

z3 answers ``unknown`` when a timeout, a resource limit or an interrupt stops
it.  Taken for ``unsat`` it would pass for a proof ("no counterexample") or a
disagreement for an agreement; so every check in ``proofs`` goes through
:func:`check`, which returns only a real answer and raises otherwise:
:class:`Undecided` with the reason, or ``KeyboardInterrupt`` when the user
pressed Ctrl-C (z3 catches SIGINT during a check and reports it as a
cancelled check, which would otherwise swallow the interrupt).
"""

from __future__ import annotations

import os
import signal
import threading

import z3

_INTERRUPTED = ("canceled", "cancelled", "interrupted")
_TIMEOUT = ("timeout",)
_LIMIT = ("max. resource limit", "resource limit", "max. memory", "memout", "out of memory")


class Undecided(Exception):
    """z3 could not decide: ``reason`` is ``timeout``, ``resource limit`` or z3's own words."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"z3 could not decide ({reason})" + (f": {detail}" if detail and
                                                              detail != reason else ""))


def classify(reason_unknown: str) -> str:
    """A short reason from z3's ``reason_unknown()``: timeout, resource limit, interrupted ..."""
    text = (reason_unknown or "").lower()
    if any(word in text for word in _INTERRUPTED):
        return "interrupted"
    if any(word in text for word in _TIMEOUT):
        return "timeout"
    if any(word in text for word in _LIMIT):
        return "resource limit"
    return text or "unknown"


_bridged = False
_interrupt_requested = threading.Event()
"""Set when the watcher asked z3 to stop because of a Ctrl-C: z3 then reports the
check as cancelled, as it does when a timer stops it, and only this tells the two
apart."""


def _bridge_interrupts() -> None:
    """Let Ctrl-C reach Python while z3 works, and stop z3 at once.

    Left to itself, z3 takes SIGINT over during a check, answers ``unknown``
    ("interrupted from keyboard") and Python never hears of the Ctrl-C: the
    program would go on.  So z3's own handling is switched off, Python's
    handler stays in place (it notes the signal and raises KeyboardInterrupt
    as soon as the check returns), and a watcher thread, woken through
    Python's signal wakeup file descriptor the moment SIGINT arrives, asks z3
    to stop (``Z3_interrupt``, which is safe from another thread).  Only in
    the main thread, and only if no one else uses the wakeup descriptor;
    otherwise z3 keeps its own handling, and :func:`check` turns its
    "interrupted" into a KeyboardInterrupt.
    """
    global _bridged
    if _bridged or threading.current_thread() is not threading.main_thread():
        return
    _bridged = True
    read, write = os.pipe()
    os.set_blocking(write, False)
    try:
        previous = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    except ValueError:
        os.close(read)
        os.close(write)
        return
    if previous != -1:  # someone else listens there: leave it to them
        signal.set_wakeup_fd(previous)
        os.close(read)
        os.close(write)
        return
    z3.set_param("ctrl_c", False)

    def watch() -> None:
        while True:
            try:
                data = os.read(read, 64)
            except OSError:
                return
            if not data:
                return
            if signal.SIGINT in data:
                _interrupt_requested.set()
                z3.main_ctx().interrupt()

    threading.Thread(target=watch, name="z3-interrupt", daemon=True).start()


def check(solver, *assumptions) -> bool:
    """``True`` for sat, ``False`` for unsat; never a guess.

    Raises ``KeyboardInterrupt`` when the check was interrupted and
    :class:`Undecided` for any other ``unknown``.
    """
    _bridge_interrupts()
    verdict = solver.check(*assumptions)
    if verdict == z3.sat:
        return True
    if verdict == z3.unsat:
        return False
    raw = solver.reason_unknown()
    reason = classify(raw)
    if reason == "interrupted":
        if _interrupt_requested.is_set() or "keyboard" in raw.lower() or not _bridged_here():
            _interrupt_requested.clear()
            raise KeyboardInterrupt
        # Bridged, and no Ctrl-C came: z3 cancelled the check itself (a timer, a limit).
        raise Undecided("cancelled by z3 (a timeout or a limit)", raw)
    raise Undecided(reason, raw)


def _bridged_here() -> bool:
    """Whether the interrupt bridge serves this check (so that a Ctrl-C is seen)."""
    return _bridged and threading.current_thread() is threading.main_thread() \
        and not z3.get_param("ctrl_c") == "true"
