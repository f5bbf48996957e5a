"""The command toolkit (:mod:`harness.toolkit`): starts, rules, numbers, output,
progress and the worker pool; and every numeric option of every command."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import sys

import pytest

from harness import toolkit
from harness.cli import build_parser, main
from harness.toolkit import (
    INT64_MAX, MAX_WORKERS, PROGRESS_EVERY, Bounded, Progress, Report, WorkFailed, add_command,
    add_rules_options, bounded_float, bounded_int, command, fan_out, guard, read_rules,
    progress_every, read_setup, read_start, seconds,
)
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.state import State
from model.core.errors import InputError
from battery import parser_has_subcommands, walk
from toygame import TOY

POSITION = ("6S 3D 7D JK 8H KS 9H 4D JS | deck 2S 5D AS 4H TH 7S KH 2D 8D QH 6H 3S 9D TS | "
            "hand 3 5 T Q | clubs 8 K A 2 6 | discard 4 7 9 J")


def one_error_line(capsys) -> str:
    """The single stderr line of a refused command (and nothing on stdout)."""
    out, err = capsys.readouterr()
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ringside: error: ") and "Traceback" not in err
    return lines[0]


# -- starts ------------------------------------------------------------------------------------
def test_a_start_from_a_deal_number_a_deal_or_a_position():
    rules = GAME.default_rules
    by_id = read_start(GAME, "CF2-17", "deal", rules, word="deal")
    assert by_id.setup == Deal.from_id("CF2-17")
    assert by_id.state == State.from_deal(Deal.from_id("CF2-17")) and by_id.text == "CF2-17"
    by_deal = read_start(GAME, str(Deal.from_id("CF1-5")), "deal", rules)
    assert by_deal.setup == Deal.from_id("CF1-5")
    by_position = read_start(GAME, POSITION, "deal", rules)
    assert by_position.setup is None and by_position.state == State.parse(POSITION)


def test_a_start_from_a_file(tmp_path, monkeypatch):
    rules = GAME.default_rules
    deal_file = tmp_path / "deal.txt"
    deal_file.write_text(str(Deal.from_id("CF1-5")) + "\n")
    position_file = tmp_path / "position.txt"
    position_file.write_text(POSITION + "\n")
    assert read_start(GAME, f"@{deal_file}", "deal", rules).setup == Deal.from_id("CF1-5")
    assert read_start(GAME, str(deal_file), "deal", rules).setup == Deal.from_id("CF1-5")
    assert read_start(GAME, str(position_file), "deal", rules).state == State.parse(POSITION)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "id").write_text("cf2-17")
    start = read_start(GAME, "@id", "deal", rules)
    assert start.setup == Deal.from_id("CF2-17") and start.text == "cf2-17"


def test_the_same_start_reading_serves_another_game():
    setup = read_setup(TOY, "players 3 deck 5", "setup").setup
    assert str(setup) == "players 3 deck 5"
    start = read_start(TOY, "players 2 deck 4", "setup", TOY.default_rules)
    assert read_start(TOY, str(start.state), "setup", TOY.default_rules).state == start.state
    with pytest.raises(InputError) as caught:
        read_start(TOY, "players two", "--start", TOY.default_rules)
    assert caught.value.where == "--start"
    assert "is not a setup or a position, nor a file holding one" in caught.value.what
    with pytest.raises(InputError, match="is not a setup, nor a file"):
        read_setup(TOY, str(start.state), "--from")


def test_what_is_no_start_is_one_error_naming_the_argument(tmp_path):
    rules = GAME.default_rules
    with pytest.raises(InputError) as caught:
        read_start(GAME, "hello", "deal", rules, word="deal")
    assert caught.value.where == "deal"
    assert caught.value.what.startswith("'hello' is not a deal or a position, nor a file")
    assert "as a deal: " in caught.value.what and "as a position: " in caught.value.what
    with pytest.raises(InputError, match="'CF3-3' is not a deal number"):
        read_start(GAME, "CF3-3", "deal", rules, word="deal")
    with pytest.raises(InputError) as caught:
        read_start(GAME, f"@{tmp_path / 'missing.txt'}", "deal", rules)
    assert caught.value.where == "deal" and "no such file" in caught.value.what
    bad = tmp_path / "bad.txt"
    bad.write_text("7H QS")
    for text in (f"@{bad}", str(bad)):
        with pytest.raises(InputError) as caught:
            read_start(GAME, text, "deal", rules, word="deal")
        assert caught.value.where == f"deal: {bad}"
        assert caught.value.what.startswith("the file holds neither a deal nor a position")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="cannot read"):
        read_start(GAME, f"@{binary}", "deal", rules)


def test_commands_read_starts_from_files(tmp_path, capsys):
    assert main(["clubfight", "solve", "CF2-17", "--json"]) == 0
    by_id = json.loads(capsys.readouterr().out)
    (tmp_path / "d").write_text("CF2-17\n")
    assert main(["clubfight", "solve", f"@{tmp_path / 'd'}", "--json"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert by_file.pop("seconds") >= 0 and by_id.pop("seconds") >= 0
    assert by_file == by_id and by_file["id"] == "CF2-17"
    (tmp_path / "p").write_text(POSITION)
    assert main(["clubfight", "play", str(tmp_path / "p"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deal"] == str(State.parse(POSITION))
    assert main(["clubfight", "solve", "@" + str(tmp_path / "none")]) == 2
    assert "deal: no such file" in one_error_line(capsys)


# -- rules -------------------------------------------------------------------------------------
def rules_parser(game=GAME) -> argparse.ArgumentParser:
    parser = toolkit.CommandParser(prog="t")
    add_rules_options(parser, game)
    return parser


def test_rules_and_settings():
    parser = rules_parser()
    assert read_rules(GAME, parser.parse_args([])) == GAME.presets["rulebook"]
    assert read_rules(GAME, parser.parse_args(["--rules", "webapp"])) == GAME.presets["webapp"]
    changed = read_rules(GAME, parser.parse_args(
        ["--set", "must_clear=false", "--set", "run_min_cards=4"]))
    assert changed == dataclasses.replace(GAME.presets["rulebook"], must_clear=False,
                                          run_min_cards=4)
    # Without a game at parser time (explore), the default is the game's first preset.
    loose = toolkit.CommandParser(prog="t")
    add_rules_options(loose)
    assert read_rules(TOY, loose.parse_args([])) == TOY.default_rules
    assert read_rules(TOY, loose.parse_args(["--set", "shared_win=true"])).shared_win is True


def test_unknown_presets_and_fields_list_the_known_ones():
    parser = rules_parser()
    with pytest.raises(InputError) as caught:
        read_rules(GAME, parser.parse_args(["--rules", "casino"]))
    assert caught.value.where == "--rules"
    assert "unknown ruleset 'casino'; known: rulebook, webapp" in caught.value.what
    with pytest.raises(InputError) as caught:
        read_rules(GAME, parser.parse_args(["--set", "nope=1"]))
    assert caught.value.where == "--set" and "must_clear" in caught.value.what
    with pytest.raises(InputError, match="takes bool"):
        read_rules(GAME, parser.parse_args(["--set", "must_clear=3"]))
    with pytest.raises(InputError, match="'must_clear' is not FIELD=VALUE"):
        parser.parse_args(["--set", "must_clear"])


def test_explore_takes_set_too(capsys):
    assert main(["explore", "clubfight", "--depth", "1", "--starts", "1",
                 "--set", "must_clear=false", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["states"] > 1
    assert main(["explore", "clubfight", "--set", "no_field=1"]) == 2
    assert "--set: unknown rules field 'no_field'" in one_error_line(capsys)


# -- numbers -----------------------------------------------------------------------------------
def test_bounded_numbers_say_their_range():
    workers = bounded_int(1, MAX_WORKERS)
    assert workers("7") == 7 and workers("64") == 64
    for text, shown in (("0", "0"), ("65", "65"), ("-3", "-3"), ("2.5", "'2.5'"),
                        ("x", "'x'"), ("99999999999999999999", "99999999999999999999")):
        with pytest.raises(argparse.ArgumentTypeError) as caught:
            workers(text)
        assert str(caught.value) == f"must be a whole number from 1 to 64, not {shown}"
    with pytest.raises(argparse.ArgumentTypeError, match="must be 1 or 2, not 3"):
        bounded_int(1, 2)("3")
    nodes = bounded_int(1, INT64_MAX)
    assert nodes(str(INT64_MAX)) == INT64_MAX
    for text in (str(2 ** 63), str(2 ** 64), "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError, match=r"from 1 to 2\^63-1"):
            nodes(text)
    timeout = seconds()
    assert timeout("0.5") == 0.5
    for text in ("0", "-1", "nan", "inf", "1e400", "1e300", "soon"):
        with pytest.raises(argparse.ArgumentTypeError,
                           match="must be a number of seconds above 0 and at most 10000000"):
            timeout(text)
    assert seconds(zero=True)("0") == 0.0
    assert bounded_float(0.5, 2)("2") == 2.0
    with pytest.raises(ValueError):
        Bounded(int, 5, 1)


@pytest.mark.parametrize(("argv", "message"), [
    (["clubfight", "solve", "CF1-0", "--max-nodes", str(2 ** 64)],
     f"argument --max-nodes: must be a whole number from 1 to 2^63-1, not {2 ** 64}"),
    (["clubfight", "survey", "--jokers", "1", "--deals", "3", "--workers",
      "99999999999999999999"],
     "argument --workers: must be a whole number from 1 to 64, not 99999999999999999999"),
    (["clubfight", "unwinnable", "--jokers", "1", "--count", "2", "--start",
      str(2 ** 64 - 1)], "--start: deal numbers run from 0 to 2^64-1; 2 deal(s) from"),
    (["clubfight", "solve", "CF1-0", "--verify-timeout", "5000000"],
     "argument --verify-timeout: must be a number of seconds above 0 and at most 4294967"),
    (["check", "--depth", "-2"], "argument --depth: must be a whole number from 0 to 1000"),
])
def test_commands_refuse_numbers_out_of_range(argv, message, capsys):
    assert main(argv) == 2
    assert message in one_error_line(capsys)


# -- output ------------------------------------------------------------------------------------
def test_a_report_prints_json_or_text(capsys):
    def sample(args) -> Report:
        def lines():
            yield "first"
            yield f"second {args.x}"
        return Report({"x": args.x}, lines(), 1, problems=["on stderr"])

    run = command(sample)
    assert run(argparse.Namespace(json=False, x=3)) == 1
    assert capsys.readouterr() == ("first\nsecond 3\n", "on stderr\n")
    assert run(argparse.Namespace(json=True, x=3)) == 1
    out, err = capsys.readouterr()
    assert json.loads(out) == {"x": 3} and err == "on stderr\n"
    assert command(lambda args: Report(None, code=1))(argparse.Namespace(json=True)) == 1
    assert capsys.readouterr() == ("", "")
    subcommands = toolkit.CommandParser(prog="t").add_subparsers(dest="c")
    parser = add_command(subcommands, "go", sample, help="go", example=[])
    args = parser.parse_args(["--json"])
    assert args.json is True and args.func.__wrapped__ is sample


def test_every_command_has_json():
    for path, parser in walk(build_parser()):
        if parser_has_subcommands(parser):
            continue
        flags = {flag for action in parser._actions for flag in action.option_strings}
        assert "--json" in flags, " ".join(path)


# -- progress ----------------------------------------------------------------------------------
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_only_on_a_terminal():
    shown = Terminal()
    with Progress(True, unit="deal", stream=shown) as progress:
        progress.start(total=10, done=2)
        progress.advance(1, "3 wins")
        progress.count(5)
        progress("now solving")
    assert "/10" in shown.getvalue() and "deal" in shown.getvalue()
    status = Terminal()
    with Progress(True, unit=None, stream=status) as progress:
        progress("checking proofs")
    assert "checking proofs" in status.getvalue()
    for enabled, stream in ((False, Terminal()), (True, io.StringIO())):  # --json / a pipe
        with Progress(enabled, stream=stream) as progress:
            progress.start(total=3)
            progress.advance()
            progress("status")
        assert stream.getvalue() == ""
    assert not Progress.of(argparse.Namespace(json=True)).enabled


def test_progress_off_a_terminal_prints_a_line_when_one_is_due():
    """A survey left running with stderr in a log says, now and then, how far it
    is, how fast it goes and about how long is left; short work says nothing."""
    now = [0.0]
    log = io.StringIO()
    with Progress(True, unit="deal", stream=log, every=60, clock=lambda: now[0]) as progress:
        progress.start(total=1000, done=100)  # resumed: 100 were done before
        now[0] = 30.0
        progress.advance(50, "150 wins, 0 unknown")
        assert log.getvalue() == ""  # not due yet
        now[0] = 90.0
        progress.advance(50, "200 wins, 0 unknown")
        now[0] = 100.0
        progress("solving")  # due again only 60 s after the last line
    lines = log.getvalue().splitlines()
    assert len(lines) == 1, lines
    line = lines[0]
    # 100 deals in 90 s: 4,000 an hour; 800 left at that pace: 720 s.
    assert "1 min 30 s in] 200 of 1,000 deals, 4,000 an hour, about 12 min 00 s left" in line
    assert line.startswith("ringside: [") and line.endswith("; 200 wins, 0 unknown")

    status = io.StringIO()
    with Progress(True, unit=None, stream=status, every=60, clock=lambda: now[0]) as progress:
        now[0] = 4000.0
        progress("9 clubs: lost, re-deriving the proof")
    assert status.getvalue().rstrip().endswith(
        "1 h 05 min in] 9 clubs: lost, re-deriving the proof")

    for enabled, every in ((False, 60), (True, 0)):  # --json; lines turned off
        quiet = io.StringIO()
        with Progress(enabled, unit="deal", stream=quiet, every=every,
                      clock=lambda: now[0]) as progress:
            progress.start(total=3)
            now[0] += 1000
            progress.advance()
        assert quiet.getvalue() == ""


def test_progress_every_is_read_from_the_environment(monkeypatch):
    monkeypatch.delenv("RINGSIDE_PROGRESS_EVERY", raising=False)
    assert progress_every() == PROGRESS_EVERY
    monkeypatch.setenv("RINGSIDE_PROGRESS_EVERY", "2.5")
    assert progress_every() == 2.5
    for bad in ("soon", "-1", "nan"):
        monkeypatch.setenv("RINGSIDE_PROGRESS_EVERY", bad)
        with pytest.raises(InputError, match="RINGSIDE_PROGRESS_EVERY.*seconds from 0"):
            progress_every()


# -- the worker pool ---------------------------------------------------------------------------
def die(task) -> None:
    """A task that kills its worker process (a crash, as a segfault would)."""
    os._exit(3)


def test_fan_out_keeps_every_result_in_process_and_in_pools():
    tasks = list(range(-12, 0))
    expected = [abs(t) for t in tasks]
    assert list(fan_out(abs, tasks)) == expected
    assert list(fan_out(abs, tasks, workers=2, ordered=True)) == expected
    assert sorted(fan_out(abs, tasks, workers=2, in_flight=3)) == sorted(expected)


@pytest.mark.parametrize(("func", "tasks", "message"), [
    (die, [1, 2, 3], "worker pool: a worker process died"),
    (sys.exit, [5], "worker pool: a worker failed: SystemExit: 5"),
    (int, ["x"], "worker pool: a worker failed: ValueError: invalid literal"),
])
def test_a_failed_pool_is_exit_1_and_one_line(func, tasks, message, capsys):
    with pytest.raises(WorkFailed):
        list(fan_out(func, tasks, workers=2))
    assert guard(lambda: len(list(fan_out(func, tasks, workers=2)))) == 1
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith(f"ringside: error: {message}"), err
    assert "Traceback" not in err


def test_bad_input_found_in_a_worker_stays_bad_input(capsys):
    from model.core.game import parse_setting

    assert guard(lambda: len(list(fan_out(parse_setting, ["nonsense"], workers=2)))) == 2
    assert "'nonsense' is not FIELD=VALUE" in one_error_line(capsys)


def test_fan_out_on_dask_keeps_results_and_reports_a_failed_task():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert list(fan_out(abs, range(-9, 0), scheduler=address, ordered=True)) == \
            list(range(9, 0, -1))
        with pytest.raises(WorkFailed, match="a worker failed: ValueError"):
            list(fan_out(int, ["1", "x", "3"], scheduler=address))


def test_a_command_whose_workers_fail_exits_1(monkeypatch, capsys):
    from harness.games.clubfight import hunt_commands

    monkeypatch.setattr(hunt_commands, "_decide_deal", die)
    code = main(["clubfight", "unwinnable", "--jokers", "1", "--count", "3", "--workers", "2"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "a worker process died" in err and "Traceback" not in err


# -- every numeric option of every command -----------------------------------------------------
def numeric_options() -> list[tuple[tuple[str, ...], str, Bounded]]:
    found = []
    for path, parser in walk(build_parser()):
        for action in parser._actions:
            if action.nargs == 0 or isinstance(action, argparse._SubParsersAction):
                continue
            where = f"{' '.join(path)} {'/'.join(action.option_strings) or action.dest}"
            assert action.type not in (int, float), f"{where}: a number without bounds"
            default = action.default
            if isinstance(default, (int, float)) and not isinstance(default, bool):
                assert isinstance(action.type, Bounded), f"{where}: a number without bounds"
            if isinstance(action.type, Bounded):
                assert action.option_strings, f"{where}: a positional number"
                found.append((path, action.option_strings[-1], action.type))
    return found


NUMERIC = numeric_options()


def test_the_walk_finds_the_numeric_options():
    flags = {(" ".join(path), flag) for path, flag, _ in NUMERIC}
    assert len(NUMERIC) >= 30
    assert {("check", "--depth"), ("explore", "--max-states"),
            ("clubfight solve", "--max-nodes"), ("clubfight survey", "--workers"),
            ("clubfight hunt", "--probe-nodes"), ("clubfight unwinnable", "--z3-timeout"),
            ("clubfight play", "--seed")} <= flags


@pytest.mark.parametrize("value", ["-1", "many", "9" * 40])
@pytest.mark.parametrize(("path", "flag", "kind"), NUMERIC,
                         ids=[f"{' '.join(p)} {f}" for p, f, _ in NUMERIC])
def test_every_numeric_option_refuses_bad_values(path, flag, kind, value, capsys):
    assert main([*path, flag, value]) == 2
    line = one_error_line(capsys)
    assert f"argument {flag}: must be {kind.describe()}, not " in line, line


def test_lazy_parts_import_only_when_called_and_call_or_return():
    import sys

    from harness.registry import lazy

    sys.modules.pop("colorsys", None)
    hsv = lazy("colorsys:rgb_to_hsv")
    assert "colorsys" not in sys.modules  # named, not imported
    assert hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0) and "colorsys" in sys.modules
    assert lazy("colorsys:ONE_THIRD")() == 1.0 / 3.0  # a value is returned, not called
    for bad in ("colorsys", "colorsys:", ":x"):
        with pytest.raises(ValueError, match="is not 'package.module:name'"):
            lazy(bad)
