"""z3 answers are three-valued: an undecided check is never read as a proof or a refutation."""

from __future__ import annotations

import pytest
import z3

from model.clubfight.ambiguities import AMBIGUITIES
from proofs import clubfight, solving
from proofs.obligations import PROVED, WITNESS, Answer, Obligation, discharge
from proofs.solving import Undecided, check, classify


class CannotDecide:
    """A stand-in solver that gives up the way z3 does, with a given reason."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def add(self, *facts) -> None:
        pass

    def check(self, *assumptions):
        return z3.unknown

    def reason_unknown(self) -> str:
        return self.reason


def pigeonhole(holes: int) -> z3.Solver:
    """holes+1 pigeons in ``holes`` holes: unsat, and slow enough to hit a 1 ms timeout."""
    solver = z3.Solver()
    pigeons = [[z3.Bool(f"p{p}h{h}") for h in range(holes)] for p in range(holes + 1)]
    for row in pigeons:
        solver.add(z3.Or(row))
    for h in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                solver.add(z3.Not(z3.And(pigeons[a][h], pigeons[b][h])))
    return solver


def test_sat_and_unsat_are_answers():
    x = z3.Int("x")
    solver = z3.Solver()
    solver.add(x > 2)
    assert check(solver) is True
    solver.add(x < 1)
    assert check(solver) is False


def test_a_real_timeout_is_undecided_with_its_reason():
    solver = pigeonhole(11)
    solver.set("timeout", 1)
    with pytest.raises(Undecided) as raised:
        check(solver)
    assert raised.value.reason == "timeout"


@pytest.mark.parametrize(("raw", "reason"), [
    ("timeout", "timeout"), ("max. resource limit exceeded", "resource limit"),
    ("(incomplete quantifiers)", "(incomplete quantifiers)"), ("", "unknown")])
def test_reasons_are_named(raw, reason):
    assert classify(raw) == reason
    with pytest.raises(Undecided) as raised:
        check(CannotDecide(raw))
    assert raised.value.reason == reason


@pytest.fixture
def ctrl_c_seen():
    """As when the interrupt bridge saw a Ctrl-C and asked z3 to stop."""
    solving._interrupt_requested.set()
    yield
    solving._interrupt_requested.clear()


@pytest.mark.parametrize("raw", ["canceled", "interrupted from keyboard"])
def test_an_interrupted_check_is_an_interrupt_not_an_answer(raw, ctrl_c_seen):
    with pytest.raises(KeyboardInterrupt):
        check(CannotDecide(raw))
    assert not solving._interrupt_requested.is_set()  # the next check starts afresh


def test_a_check_z3_cancelled_by_itself_is_undecided_not_an_interrupt():
    """z3 reports a check stopped by its own timer as cancelled, like one stopped by a
    Ctrl-C; with the bridge in place and no Ctrl-C seen, it is undecided."""
    check(z3.Solver())  # puts the bridge in place (in the main thread)
    if not solving._bridged_here():
        pytest.skip("the interrupt bridge is not in place in this process")
    with pytest.raises(Undecided) as raised:
        check(CannotDecide("canceled"))
    assert raised.value.reason.startswith("cancelled by z3")


def test_an_undecided_ambiguity_witness_is_unknown_not_refuted(monkeypatch):
    """The reported fault: an interrupted search for a witness read as 'the readings agree'."""
    monkeypatch.setattr(clubfight.z3, "Solver", lambda: CannotDecide("timeout"))
    obligation = next(o for o in clubfight.OBLIGATIONS if o.expected == WITNESS
                      and o.id.startswith(AMBIGUITIES[0].id))
    result = discharge(obligation)
    assert result.answer.status == "unknown"
    assert "timeout" in result.answer.detail
    assert not result.passed


def test_an_undecided_proof_is_unknown(monkeypatch):
    monkeypatch.setattr(clubfight.z3, "Solver", lambda: CannotDecide("timeout"))
    obligation = next(o for o in clubfight.OBLIGATIONS if o.expected == PROVED)
    result = discharge(obligation)
    assert result.answer.status == "unknown" and not result.passed


def test_an_interrupt_during_an_obligation_stops_the_run(monkeypatch, ctrl_c_seen):
    monkeypatch.setattr(clubfight.z3, "Solver", lambda: CannotDecide("canceled"))
    obligation = next(o for o in clubfight.OBLIGATIONS if o.expected == PROVED)
    with pytest.raises(KeyboardInterrupt):
        discharge(obligation)


def test_an_encoding_error_is_an_error_answer():
    def broken() -> Answer:
        raise ValueError("bad encoding")

    result = discharge(Obligation("X-1", ("CF 2.2",), "a claim", PROVED, broken))
    assert result.answer.status == "error" and not result.passed


def test_a_ctrl_c_that_ctypes_turned_into_an_error_still_stops_the_run():
    """ctypes reports a KeyboardInterrupt raised while it converts arguments as
    ArgumentError('argument 2: KeyboardInterrupt: '); seen in a real interrupted check."""
    import ctypes

    def interrupted() -> Answer:
        raise ctypes.ArgumentError("argument 2: KeyboardInterrupt: ")

    with pytest.raises(KeyboardInterrupt):
        discharge(Obligation("X-2", ("CF 2.2",), "a claim", PROVED, interrupted))

    def other() -> Answer:
        raise ctypes.ArgumentError("argument 1: TypeError: wrong type")

    assert discharge(Obligation("X-3", ("CF 2.2",), "a claim", PROVED, other)
                     ).answer.status == "error"


def test_z3_never_swallows_ctrl_c():
    """Left to itself z3 answers 'unknown' to a Ctrl-C and Python never hears of it."""
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent('''
        import os, signal, threading, time, z3
        signal.signal(signal.SIGINT, signal.default_int_handler)  # even where a shell ignores it
        from proofs.solving import check
        solver = z3.Solver()
        holes = 13
        pigeons = [[z3.Bool(f"p{p}h{h}") for h in range(holes)] for p in range(holes + 1)]
        for row in pigeons:
            solver.add(z3.Or(row))
        for h in range(holes):
            for a in range(holes + 1):
                for b in range(a + 1, holes + 1):
                    solver.add(z3.Not(z3.And(pigeons[a][h], pigeons[b][h])))
        def interrupt():
            time.sleep(0.7)
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=interrupt, daemon=True).start()
        began = time.monotonic()
        try:
            check(solver)
            print("answered")
        except KeyboardInterrupt:
            print("interrupted", round(time.monotonic() - began, 2))
    ''')
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    words = done.stdout.split()
    assert words[:1] == ["interrupted"], done.stdout + done.stderr
    assert float(words[1]) < 3.0
