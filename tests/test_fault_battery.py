"""The generated fault battery (:mod:`battery`): a fixed-seed sample of it in every run.

Every registered command's arguments are found in the real parser and tried
by their declared type against hostile values, each run in its own process
under a time and a memory cap (see ``tests/battery.py``).  The whole battery,
some 3,000 runs, is ``bench/bench_faults.py``; here a sample of
:data:`SAMPLE` runs, the same every time (seed :data:`SEED`), keeps the
suite's time: about a minute on two cores.
"""

from __future__ import annotations

import random

import pytest

import battery
from harness.cli import build_parser
from harness.toolkit import Bounded, InputPath, OutputPath

PARSER = build_parser()
CASES = battery.all_cases(PARSER)
SEED = 43
SAMPLE = 80
SAMPLED = random.Random(SEED).sample(
    [case for case in CASES if case.command not in battery.SLOW_COMMANDS], SAMPLE)


@pytest.mark.parametrize("case", SAMPLED, ids=[case.id for case in SAMPLED])
def test_a_hostile_run_keeps_every_promise(case, tmp_path):
    outcome = battery.run(case, PARSER, tmp_path)
    battery.clean(tmp_path)
    assert not outcome.problems, battery.describe(outcome)


def test_every_command_and_every_argument_has_its_battery():
    covered = {(case.command, case.argument) for case in CASES}
    for path, parser in battery.commands(PARSER):
        assert (path, "stdout") in covered, path
        for action in battery.arguments(parser):
            assert (path, battery.name_of(action)) in covered, (path, action)
            assert battery.battery(action), (path, action)
    assert len(CASES) > 2000


def test_the_types_the_battery_reads_are_declared():
    """An argument that names a file is typed as one (InputPath, OutputPath), or is a
    start read through ``read_start`` (``@FILE``, "a file holding one")."""
    for path, parser in battery.commands(PARSER):
        for action in battery.arguments(parser):
            kind = battery.classify(action)
            text = f"{action.metavar or ''} {action.help or ''}"
            if "file" in text.lower() and kind not in ("input", "output"):
                assert "@FILE" in text or "a file holding one" in text, (path, text)
            if isinstance(action.type, (InputPath, OutputPath, Bounded)):
                assert kind in ("input", "output", "number")


def test_a_value_replaces_the_examples_own():
    rule = dict(battery.commands(PARSER))[("fightklub", "collection")]
    example = ["kilo", "rambo", "hannibal"]
    decks = next(a for a in rule._actions if a.dest == "decks")
    assert battery.command_line(rule, example, decks, "x") == ["kilo", "x", "hannibal"]
    survey = dict(battery.commands(PARSER))[("clubfight", "survey")]
    out = next(a for a in survey._actions if a.dest == "out")
    line = battery.command_line(survey, ["--jokers", "1", "--deals", "3"], out, "f.jsonl")
    assert line[-2:] == ["--out", "f.jsonl"] and "--deals" in line


def test_the_judge_sees_each_kind_of_fault(tmp_path):
    made = battery.Prepared("x", refuse=True)
    assert battery.judge(None, "", made) == ["hang"]
    assert battery.judge(0, "", made) == ["wrong exit"]
    assert battery.judge(1, "Traceback (most recent call last):\n", battery.Prepared("x")) \
        == ["traceback"]
    assert battery.judge(2, "ringside: error: a\nb\n", made) == ["lines"]
    assert battery.judge(-9, "", battery.Prepared("x")) == ["wrong exit"]
    notes = tmp_path / "notes"
    notes.write_bytes(b"changed")
    assert battery.judge(2, "one\n", battery.Prepared("x", kept={notes: b"mine"})) == \
        ["file lost"]
    assert battery.judge(2, "one\n", made) == []
