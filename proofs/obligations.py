"""Proof obligations: claims about a game that z3 settles.

Each obligation has a stable id, the rule numbers it covers, the claim in one
sentence, and the answer expected: ``proved`` (z3 finds the negation
unsatisfiable) or ``witness`` (z3 finds an example).  Running it gives a
:class:`ProofResult`; an obligation whose answer differs from the expected one
fails ``ringside check``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

PROVED = "proved"
WITNESS = "witness"
EXPECTED = (PROVED, WITNESS)


@dataclass(frozen=True, slots=True)
class Answer:
    """What z3 said: ``proved``, ``witness`` (with one), ``refuted`` or ``unknown``."""

    status: str
    detail: str = ""
    witness: dict | None = None


@dataclass(frozen=True, slots=True)
class Obligation:
    id: str
    rules: tuple[str, ...]
    claim: str
    expected: str
    run: Callable[[], Answer] = field(repr=False)

    def __post_init__(self) -> None:
        if self.expected not in EXPECTED:
            raise ValueError(f"{self.id}: expected must be one of {EXPECTED}")


@dataclass(frozen=True, slots=True)
class ProofResult:
    obligation: Obligation
    answer: Answer
    seconds: float

    @property
    def passed(self) -> bool:
        return self.answer.status == self.obligation.expected

    def as_dict(self) -> dict:
        return {
            "id": self.obligation.id,
            "rules": list(self.obligation.rules),
            "claim": self.obligation.claim,
            "expected": self.obligation.expected,
            "status": self.answer.status,
            "detail": self.answer.detail,
            "witness": self.answer.witness,
            "passed": self.passed,
            "seconds": round(self.seconds, 3),
        }


def discharge(obligation: Obligation) -> ProofResult:
    """Run one obligation: its answer, or ``unknown`` with the reason z3 gave up.

    An interrupt is not an answer: ``KeyboardInterrupt`` passes through, so
    the caller stops instead of reporting a claim nobody established.
    """
    from proofs.solving import Undecided

    began = time.perf_counter()
    try:
        answer = obligation.run()
    except Undecided as undecided:
        answer = Answer("unknown", str(undecided))
    except Exception as error:  # an encoding bug must show as a failed proof, not a crash
        if _hides_an_interrupt(error):
            raise KeyboardInterrupt from None
        answer = Answer("error", f"{type(error).__name__}: {error}")
    return ProofResult(obligation, answer, time.perf_counter() - began)


def _hides_an_interrupt(error: BaseException) -> bool:
    """A Ctrl-C that ctypes (under z3's Python API) turned into an ordinary error.

    A KeyboardInterrupt raised while ctypes converts a call's arguments comes
    out as ``ctypes.ArgumentError("argument 2: KeyboardInterrupt: ")``: it
    must stop the run, not count as a failed proof.
    """
    import ctypes

    return isinstance(error, ctypes.ArgumentError) and "KeyboardInterrupt" in str(error)

