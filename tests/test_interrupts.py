"""Limits and interrupts: a limit is never a verdict, Ctrl-C stops work within a second."""

from __future__ import annotations

import ctypes

import pytest

from harness import interrupts
from model.clubfight.deals import Deal
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from model.clubfight.state import State

from interrupting import interrupted

NATIVE = pytest.mark.skipif(
    not __import__("analysis.clubfight._solver_native", fromlist=["available"]).available(),
    reason="the compiled search needs a C compiler")


def test_a_node_limit_wider_than_the_native_counter_is_no_limit():
    """2^64 once wrapped to 0 in the C search and gave 'unknown (1 nodes)'."""
    unlimited = solve("CF1-0")
    for limit in (2 ** 63 - 1, 2 ** 63, 2 ** 64, 2 ** 64 + 5, 10 ** 30):
        found = solve("CF1-0", max_nodes=limit)
        assert (found.verdict, found.nodes) == (unlimited.verdict, unlimited.nodes), limit


def test_a_small_node_limit_is_unknown_never_loss():
    # CF1-0 with 9 clubs is lost, proved in some 56,000 nodes.
    lost = with_clubs(State.from_deal(Deal.from_id("CF1-0")), 9)
    found = solve(lost, max_nodes=500)
    assert found.verdict == "unknown"
    assert solve(lost).verdict == "loss"


@NATIVE
def test_ctrl_c_stops_the_native_search_within_a_second():
    # CF2-9503 under the old search (LEGACY_TECHNIQUES) takes about 1.7 million nodes
    # (tens of seconds): long enough to interrupt.
    took, lines, output = interrupted(
        "from analysis.clubfight.solver import solve\n"
        "from analysis.clubfight.techniques import LEGACY_TECHNIQUES",
        'solve("CF2-9503", techniques=LEGACY_TECHNIQUES)', timeout=60)
    assert took < 30
    assert "stopped" in lines, output
    assert float(lines["stopped"]) - float(lines["sent"]) < 1.0


class _Dropped:
    """An object whose ``__del__`` raises, as z3's ``AstRef.__del__`` may mid-Ctrl-C."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __del__(self) -> None:
        raise self.error


@pytest.mark.parametrize("error", [
    KeyboardInterrupt(),
    ctypes.ArgumentError("argument 1: KeyboardInterrupt: "),  # ctypes' report of one
], ids=["plain", "ctypes"])
def test_a_ctrl_c_swallowed_by_a_destructor_is_raised_at_the_next_checkpoint(error):
    with interrupts.watching():
        dropped = _Dropped(error)
        del dropped  # Python cannot propagate it from __del__: the hook notes it
        assert interrupts.pending()
        with pytest.raises(KeyboardInterrupt):
            interrupts.checkpoint()
        assert not interrupts.pending()


def test_another_error_in_a_destructor_is_reported_not_taken_for_a_ctrl_c(capsys):
    with interrupts.watching():
        dropped = _Dropped(ctypes.ArgumentError("argument 1: TypeError: wrong type"))
        del dropped
        assert not interrupts.pending()
        interrupts.checkpoint()  # nothing to raise
    assert "wrong type" in capsys.readouterr().err
