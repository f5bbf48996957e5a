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


def check(solver, *assumptions) -> bool:
    """``True`` for sat, ``False`` for unsat; never a guess.

    Raises ``KeyboardInterrupt`` when the check was interrupted and
    :class:`Undecided` for any other ``unknown``.
    """
    verdict = solver.check(*assumptions)
    if verdict == z3.sat:
        return True
    if verdict == z3.unsat:
        return False
    raw = solver.reason_unknown()
    reason = classify(raw)
    if reason == "interrupted":
        raise KeyboardInterrupt
    raise Undecided(reason, raw)
