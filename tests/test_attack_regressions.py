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


def test_a_fantasy_position_with_more_ammunition_than_its_card_is_refused():
    game = get_game("fantasy")
    start = _scenario_start("fantasy")
    assert "Dagger=1" in start
    with pytest.raises(InputError) as caught:
        read_start(game, start.replace("Dagger=1", "Dagger=99999999999999999999", 1), "SETUP",
                   game.default_rules)
    assert "ammunition" in str(caught.value)


@pytest.mark.parametrize("old,new", [("format 1 1", "format 0 0"), ("format 1 1", "format 9 9"),
                                     ("format 1 1", "format 1 5")])
def test_a_monmamo_position_holds_to_the_setup_ranges_of_its_format(old, new):
    from model.monmamo.state import MAX_MONSTERS

    game = get_game("monmamo")
    start = ("format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S01 S09"
             " / S02 S04 | battlefield - | discard - | exile - | declared - | passes 0")
    game.parse_state(start)
    with pytest.raises(InputError) as caught:
        game.parse_state(start.replace(old, new))
    assert f"1 to {MAX_MONSTERS}" in str(caught.value) or "knock-outs" in str(caught.value)


# -- data files: binary content, the shared keys' types, names ---------------------------------------
def test_a_nul_byte_in_a_text_file_is_refused_with_its_line():
    from analysis.inputs import decode_text

    with pytest.raises(InputError) as caught:
        decode_text(b"# a deck\n- Dana\x00: 1 R S902\n", "d.txt")
    assert "NUL" in str(caught.value) and "line 2" in str(caught.value)


@pytest.mark.parametrize("line", ['ours = "yes"', "ours = 1", "note = 5", "note = [1]"])
def test_the_keys_every_format_shares_are_typed(line):
    from model.core.toml_lines import toml_table

    with pytest.raises(InputError) as caught:
        toml_table(f'name = "x"\n{line}\n', "w.toml")
    assert "line 2" in str(caught.value)
    assert toml_table('ours = true\nnote = "mine"\n', "w.toml") == {"ours": True,
                                                                  "note": "mine"}


@pytest.mark.parametrize("name", ['""', '"   "', '"' + "x" * 61 + '"', '"a\\u0007b"'])
def test_a_character_name_is_one_printable_line(name):
    from model.duel.characters import parse_character

    text = (ROOT / "docs/byo/mine.toml").read_text()
    parse_character(text, "mine.toml")
    with pytest.raises(InputError) as caught:
        parse_character(text.replace('name = "My Duelist"', f"name = {name}", 1), "mine.toml")
    assert "printable" in str(caught.value)


# -- command lines: two results on one file; an empty order -------------------------------------------
def test_two_outputs_naming_one_file_are_refused(tmp_path, monkeypatch, capsys):
    from harness.cli import main

    monkeypatch.chdir(tmp_path)
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "1", "--out", "r.jsonl",
                 "--summary", "./r.jsonl"])
    assert code == 2 and "same place" in capsys.readouterr().err
    assert not (tmp_path / "r.jsonl").exists()


def test_an_empty_skirmish_order_is_refused(capsys):
    from harness.cli import main

    assert main(["fightklub", "fight", "S931", "S971", "--order", ""]) == 2
    assert "--order" in capsys.readouterr().err


def test_every_number_option_documents_its_range():
    import sys as _sys

    _sys.path.insert(0, str(ROOT / "tests"))
    import battery
    from analysis.inputs import show_number
    from harness.cli import build_parser
    from harness.toolkit import Bounded

    for path, child in battery.commands(build_parser()):
        for action in battery.arguments(child):
            if isinstance(action.type, Bounded):
                shown = (action.help or "").replace(",", "")
                assert show_number(action.type.high) in shown or \
                    f"{action.type.high:g}" in shown, (path, action.dest, action.help)


# -- an option that means something only with another, given alone ------------------------------------
@pytest.mark.parametrize("argv,flag", [
    (["clubfight", "solve", "CF1-3", "--verify-count", "5"], "--verify-count"),
    (["clubfight", "hunt", "--jokers", "1", "--from", "CF1-3", "--start-kind", "triples"],
     "--start-kind"),
    (["fightklub", "fight", "S931", "--boost-b", "1,1,1"], "--boost-b"),
])
def test_an_option_given_without_the_one_it_needs_is_refused(argv, flag, capsys):
    from harness.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert flag in err and "means nothing" in err and err.count("\n") == 1


def test_every_loader_holds_names_to_one_printable_line():
    from model.fantasy.state import parse_warband
    from model.monmamo.cards import parse_card_set

    game = get_game("fantasy")
    host = (ROOT / "analysis/fantasy/data/warbands/iron-host.toml").read_text()
    with pytest.raises(InputError, match="printable"):
        parse_warband(host.replace('name = "Iron Host"', f'name = "{"x" * 5000}"'),
                      game.tables, "w.toml")
    cards = (ROOT / "docs/byo/monmamo-cards.toml").read_text()
    with pytest.raises(InputError, match="printable"):
        parse_card_set(cards.replace('name = "Harbour Ghoul"', f'name = "{"x" * 5000}"'),
                       "m.toml", shipped=False)
