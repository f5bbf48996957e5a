"""One cheap test per class of fault that ``bench/bench_attack.py`` found: each asserts the
shared check that now stops the whole class, not the one line that showed it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from analysis.inputs import number_text
from harness.registry import get_game
from harness.toolkit import COUNT, SEED, read_start, seconds
from model.core.errors import InputError
from model.core.notation import is_digits
from model.fightklub.energy import parse_cost

ROOT = Path(__file__).resolve().parent.parent


def _scenario_start(folder: str) -> str:
    for path in sorted((ROOT / "scenarios" / folder).glob("*.toml")):
        for line in path.read_text().splitlines():
            if line.startswith('start = "'):
                return line[len('start = "'):-1]
    raise AssertionError(f"no scenario of {folder} gives a start")


# -- numbers on the command line: plain ASCII digits, range named ----------------------------------
@pytest.mark.parametrize("text", ["1_0", "١", "１", "²", "0x10", "1e3", "3 4", ""])
def test_a_count_in_other_digits_is_refused_with_its_range(text):
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        COUNT(text)
    assert "a whole number from 1 to 10000000" in str(caught.value)


@pytest.mark.parametrize("text,value", [("3", 3), (" 3", 3), ("+3", 3), ("0", 0)])
def test_a_plain_whole_number_is_read(text, value):
    assert SEED(text) == value


@pytest.mark.parametrize("text", ["1_0", "٣", "nan", "inf", "0"])
def test_seconds_in_other_forms_are_refused(text):
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        seconds()(text)
    assert "seconds above 0" in str(caught.value)


def test_number_text_reads_decimals_and_exponents():
    assert number_text("2.5", float) == 2.5 and number_text(".5", float) == 0.5
    assert number_text("1e3", float) == 1000.0
    with pytest.raises(ValueError):
        number_text("1e3")  # a whole number has no exponent


# -- digits inside notations: isdigit() let '²' reach int() (a traceback) --------------------------
@pytest.mark.parametrize("text", ["²", "٣", "①", "-1", ""])
def test_is_digits_takes_ascii_digits_only(text):
    assert not is_digits(text)


@pytest.mark.parametrize("cost", ["burn B, burn ²", "burn ①", "spot ²"])
def test_a_cost_with_other_digits_is_one_input_error(cost):
    with pytest.raises(InputError) as caught:
        parse_cost(cost, "--cost")
    assert "\n" not in str(caught.value)


# -- positions that parse but no game reaches: refused when read ------------------------------------
@pytest.mark.parametrize("old,new", [("hands E03", "hands E99"), ("hands E03", "hands T01"),
                                     ("played E01", "played Z77")])
def test_a_duel_position_with_a_foreign_card_is_refused_at_parse_time(old, new):
    game = get_game("duel")
    start = _scenario_start("duel")
    assert old in start
    read_start(game, start, "SETUP", game.default_rules)  # the shipped one is read
    with pytest.raises(InputError) as caught:
        read_start(game, start.replace(old, new, 1), "SETUP", game.default_rules)
    assert "invariant" in str(caught.value)


# -- a list of games naming one twice: checked once, not once per name ------------------------------
def test_check_takes_each_game_once():
    from harness.cli import selected_games

    assert [game.key for game in selected_games(["duel"] * 300 + ["fantasy", "duel"])] == \
        ["duel", "fantasy"]
