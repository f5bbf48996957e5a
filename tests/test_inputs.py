"""The input layer (:mod:`analysis.inputs`): what it reads, what it refuses in one line,
and the commands that read through it."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from analysis import inputs
from analysis.inputs import (
    KINDS, MAX_NESTING, check_input_file, check_nesting, decode_text, limit_of, load_json,
    load_toml, nesting, number_in, parse_json, parse_toml, path_problem, read_bytes, read_text,
    whole_number,
)
from harness.cli import main
from model.core.errors import InputError

PYTHON_MAIN = "import sys; from harness.entry import main; sys.exit(main())"
ROOT = Path(__file__).resolve().parent.parent
SCENARIO = next(iter(sorted((ROOT / "scenarios").rglob("*.toml"))))


def refused(call, *args, **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    assert "\n" not in str(caught.value)
    return caught.value


def promptly(call, *args, seconds: float = 5.0):
    """``call(*args)`` run in a thread that must end within ``seconds`` (a read
    blocked on a pipe would not)."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(call(*args))
        except BaseException as error:  # noqa: BLE001 -- handed to the test
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{call.__name__}{args} blocked"
    return outcome[0]


# -- what is not a regular file ------------------------------------------------------------------
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for call in (read_text, read_bytes, load_toml, check_input_file):
        error = promptly(call, fifo)
        assert isinstance(error, InputError), error
        assert error.where == str(fifo) and "is a named pipe (FIFO)" in error.what


def test_a_fifo_swapped_in_after_the_check_cannot_block(tmp_path, monkeypatch):
    """The check by path and the open are two steps; a pipe put there between
    them is opened without blocking and refused by its descriptor."""
    fifo = tmp_path / "swapped"
    os.mkfifo(fifo)
    monkeypatch.setattr(inputs, "check_input_file", lambda *args, **kwargs: None)
    error = promptly(read_text, fifo)
    assert isinstance(error, InputError) and "named pipe" in error.what


def test_a_device_a_folder_and_a_socket_are_refused(tmp_path):
    assert "is a device, not a warband file" in refused(read_text, "/dev/zero",
                                                        "warband file").what
    assert "is a device" in refused(read_bytes, "/dev/full").what
    assert "is a folder, not a scenario file" in refused(read_text, tmp_path,
                                                         "scenario file").what
    place = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(place))
        assert "is a socket" in refused(read_text, place).what
    finally:
        server.close()


def test_missing_and_under_a_file(tmp_path):
    assert refused(read_text, tmp_path / "none.toml", "scenario file").what == \
        "no such scenario file"
    a_file = tmp_path / "f"
    a_file.write_text("x")
    assert "a part of the path is not a folder" in refused(read_text, a_file / "x").what


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode says; "
                    "the unreadable place root cannot read either (a path under a file) is "
                    "test_missing_and_under_a_file")
def test_an_unreadable_file(tmp_path):
    locked = tmp_path / "locked.toml"
    locked.write_text("a = 1")
    locked.chmod(0)
    assert "permission denied" in refused(read_text, locked).what


# -- paths -----------------------------------------------------------------------------------
def test_a_name_over_255_bytes_or_a_path_over_4096_is_one_line_never_oserror(tmp_path):
    long_name = tmp_path / ("n" * 256)
    deep = "/".join(["d" * 200] * 21)
    assert len(deep) > 4096
    for path, message in ((long_name, "a name in the path is longer than 255 bytes"),
                          (deep, "the path is longer than 4,096 bytes")):
        for call in (read_text, check_input_file):
            assert refused(call, path).what == message
    assert path_problem("é" * 128) == "a name in the path is longer than 255 bytes"  # bytes
    assert path_problem("x\0y") == "a path cannot hold a NUL character"
    assert path_problem(str(tmp_path / ("n" * 255))) is None


# -- text ------------------------------------------------------------------------------------
def test_a_byte_order_mark_is_accepted_and_dropped(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbftitle = \"t\"\n")
    assert read_text(path) == 'title = "t"\n'
    assert load_toml(path) == {"title": "t"}
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert load_json(path) == {"a": 1}
    assert parse_toml("\ufeffa = 1", "x") == {"a": 1}
    assert parse_json("\ufeff[1]", "x") == [1]


def test_crlf_line_ends_are_accepted(tmp_path):
    path = tmp_path / "crlf.toml"
    path.write_bytes(b'a = 1\r\nb = """x\r\ny"""\r\n')
    assert read_text(path) == 'a = 1\nb = """x\ny"""\n'
    assert load_toml(path) == {"a": 1, "b": "x\ny"}


def test_text_that_is_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(b'a = "ok"\nb = "caf\xe9"\n')
    error = refused(read_text, path)
    assert error.what == "not UTF-8 text (byte 17, line 2)" and error.where == str(path)
    assert "not UTF-8" in refused(decode_text, b"\xff\xfe", "x").what


# -- sizes -----------------------------------------------------------------------------------
def test_every_kind_has_its_cap_and_a_file_over_it_is_refused_unread(tmp_path):
    assert len(set(KINDS)) == len(KINDS) and all(cap > 0 for cap, _ in KINDS.values())
    assert limit_of("deck list") == KINDS["deck list"][0]
    assert limit_of("something else") == KINDS["file"][0]
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as handle:  # sparse: the size is there, the bytes are not
        handle.truncate(limit_of("scenario file") + 1)
    error = refused(read_text, huge, "scenario file")
    assert error.what == (f"the scenario file is {limit_of('scenario file') + 1:,} bytes; "
                          "a scenario file may be at most 1 MiB")
    assert "may be at most 2 KiB" in refused(read_bytes, huge, limit=2048).what
    small = tmp_path / "small"
    small.write_text("x" * 10)
    assert read_text(small, limit=10) == "x" * 10


# -- nesting ---------------------------------------------------------------------------------
def test_nesting_is_counted_outside_strings_and_comments():
    assert nesting('{"a": [[1], "]]][[[{{{", "\\"[["]}', "json") == 3
    assert nesting('a = [[1]] # [[[[\nb = "[[[[" \nc = \'[[[\'\nd = """[[[\n[[["""', "toml") == 2
    assert nesting("[a.b]\nx = 1\n[[c]]\n", "toml") == 2


def test_a_toml_nested_100000_levels_deep_is_one_line_never_recursion_error(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    for call, args in ((read_text, (path, "warband file")), (load_toml, (path,)),
                       (parse_toml, (path.read_text(), str(path)))):
        error = refused(call, *args)
        assert error.what == f"nested 100,000 levels deep; at most {MAX_NESTING} are read"
    unclosed = "a = " + "{x = " * 50_000
    assert "nested 50,000 levels deep" in refused(parse_toml, unclosed, "x").what
    dotted = "a" + ".a" * 100_000 + " = 1\n"
    began = time.monotonic()
    assert "dotted key" in refused(parse_toml, dotted, "x").what
    assert time.monotonic() - began < 1


def test_a_json_nested_too_deeply_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested 100,000 levels deep" in refused(load_json, path).what
    assert parse_json("[" * MAX_NESTING + "]" * MAX_NESTING, "x") is not None
    assert "nested 101 levels" in refused(parse_json, "[" * 101 + "]" * 101, "x").what
    check_nesting('["' + "[" * 1000 + '"]', "json", "x")  # brackets in a string are text


def test_json_refuses_what_is_no_number():
    assert "NaN is not a number JSON allows" in refused(parse_json, "[NaN]", "x").what
    assert "too large" in refused(parse_json, "[1e999]", "x").what


# -- numbers ---------------------------------------------------------------------------------
def test_numbers_read_from_files_state_their_range():
    assert whole_number(20, 1, 20, "critical") == 20
    for bad in (0, 21, 99999999999999999999, -1, 2.0, True, "7", None):
        error = refused(whole_number, bad, 1, 20, "critical", "ember.toml")
        assert error.where == "ember.toml"
        assert error.what.startswith("critical must be a whole number from 1 to 20, not ")
    assert refused(whole_number, 2, 0, 1, "flag").what == "flag must be 0 or 1, not 2"
    assert number_in(0, 0, 1, "chance") == 0 and number_in(1, 0, 1, "chance") == 1
    for bad in (float("nan"), float("inf"), -0.5, 2, "0.5", False):
        assert refused(number_in, bad, 0, 1, "chance").what.startswith(
            "chance must be a number from 0 to 1, not ")
    assert "above 0 and at most 60" in refused(number_in, 0, 0, 60, "wait", above=True).what


# -- the commands read through it ------------------------------------------------------------
def one_line(capsys) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_rule_reads_a_scenario_with_bom_and_crlf(tmp_path, capsys):
    folder = tmp_path / SCENARIO.parent.name
    folder.mkdir()
    copy = folder / SCENARIO.name
    copy.write_bytes(b"\xef\xbb\xbf" + SCENARIO.read_bytes().replace(b"\n", b"\r\n"))
    assert main(["rule", str(copy)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("place", ["fifo", "/dev/zero", "folder-of-none", "long", "deep"])
def test_rule_refuses_what_it_cannot_read_in_one_line(place, tmp_path, capsys):
    paths = {"fifo": tmp_path / "pipe.toml", "/dev/zero": Path("/dev/zero"),
             "folder-of-none": tmp_path, "long": tmp_path / ("n" * 300),
             "deep": tmp_path / "deep.toml"}
    os.mkfifo(paths["fifo"])
    paths["deep"].write_text("a = " + "[" * 100_000 + "]" * 100_000)
    if place == "folder-of-none":
        paths["fifo"].unlink()
        paths["deep"].unlink()
    assert promptly(main, ["rule", str(paths[place])]) == 2
    one_line(capsys)


def test_check_root_refuses_what_is_no_folder(tmp_path, capsys):
    for root in ("/dev/zero", str(tmp_path / ("n" * 300)), str(tmp_path / "none"),
                 str(tmp_path)):
        assert main(["check", "--root", root, "--no-proofs", "--depth", "0"]) == 2, root
        assert "--root" in one_line(capsys)


def test_a_start_file_goes_through_the_input_layer(tmp_path, capsys):
    fifo = tmp_path / "start"
    os.mkfifo(fifo)
    for text in (f"@{fifo}", str(fifo), "@/dev/zero"):
        assert promptly(main, ["play", "clubfight", text]) == 2
        assert "not a start file" in one_line(capsys)
    assert main(["play", "clubfight", "@" + str(tmp_path / ("n" * 300))]) == 2
    assert "longer than 255 bytes" in one_line(capsys)


def test_a_fifo_given_to_the_installed_command_returns_at_once(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", PYTHON_MAIN, "rule", str(fifo)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "named pipe" in done.stderr and time.monotonic() - began < 30


def test_what_the_input_layer_reads_is_a_regular_file(tmp_path):
    """The status returned is the file's, for callers that want its size."""
    path = tmp_path / "x"
    path.write_text("abc")
    status = check_input_file(path)
    assert stat.S_ISREG(status.st_mode) and status.st_size == 3
