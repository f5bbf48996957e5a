"""The per-input time budget of the parser fuzzers catches a parser that never returns.

A deliberately endless parser (plain Python, as every parser of ringside is),
fuzzed by Hypothesis under :func:`budget.per_input`, fails within its budget
with the input named, even where the parser catches every ``Exception``;
``tests/conftest.py`` puts the budget on every test marked ``parser_fuzz``.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings, strategies as st

from budget import OverBudget, per_input, time_budget
from model.core.errors import InputError


def endless_parser(text: str) -> int:
    """Counts the words of ``text``, but loops for ever on a word ``loop`` (a bug), and
    turns anything that goes wrong into an InputError, as a careful parser does."""
    try:
        words = text.split()
        index = 0
        while index < len(words):
            if words[index] != "loop":
                index += 1
        return len(words)
    except Exception as error:  # noqa: BLE001 -- what the hang must get through
        raise InputError(str(error)) from None


def test_an_endless_parser_fails_its_fuzzer_within_the_budget():
    @settings(max_examples=50, deadline=None, derandomize=True, database=None)
    @given(st.lists(st.sampled_from(["deal", "loop", "17"]), min_size=1).map(" ".join))
    def fuzz(text):
        try:
            endless_parser(text)
        except InputError:
            pass

    fuzz.hypothesis.inner_test = per_input(fuzz.hypothesis.inner_test, 0.3)
    began = time.monotonic()
    with pytest.raises(OverBudget, match=r"fuzz\(text='.*loop.*'\) ran past its budget of "
                                         r"0\.3 s"):
        fuzz()
    assert time.monotonic() - began < 10


def test_a_parser_within_its_budget_runs_as_before():
    @settings(max_examples=20, deadline=None, derandomize=True, database=None)
    @given(st.lists(st.sampled_from(["deal", "17"])).map(" ".join))
    def fuzz(text):
        assert endless_parser(text) == len(text.split())

    fuzz.hypothesis.inner_test = per_input(fuzz.hypothesis.inner_test, 5.0)
    fuzz()
    with time_budget(5.0, "nothing"):
        pass
    time.sleep(0.05)  # the timer is off again: no stray alarm after the block


@pytest.mark.parser_fuzz
@given(st.text(max_size=20))
def test_a_marked_fuzzer(text):
    try:
        endless_parser(text.replace("loop", "pool"))
    except InputError:
        pass


def test_the_suite_puts_the_budget_on_every_marked_fuzzer():
    assert getattr(test_a_marked_fuzzer.hypothesis.inner_test, "budgeted", False)
