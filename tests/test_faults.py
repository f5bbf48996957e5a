"""Fault injection over every command of every game: unusable places, users' files, Ctrl-C.

The commands come from the real parser (:func:`harness.cli.build_parser`), so
a game's commands are covered the moment it registers them; each command
brings a quick valid invocation (``example``, required by
:func:`harness.toolkit.add_command`) to start from.  Bad numbers are covered in
``tests/test_toolkit.py``; what is checked here:

* every output option refuses a place that cannot hold results (a path under
  ``/dev/null``, the device ``/dev/full``, a name too long for the file
  system, a folder where a file is wanted and the reverse, a read-only
  folder) with exit 2 and one line, before any work;
* no command replaces a file or fills a folder it did not write itself;
* Ctrl-C (SIGINT to the whole process group, as a terminal sends it) at any
  moment gives exit 130 and the one line ``ringside: interrupted``, from the
  command and from every worker process, and a results file stays readable.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from harness.cli import build_parser, main
from harness.toolkit import OutputPath, example_of
from battery import commands
from interrupting import ctrl_c

COMMANDS = commands(build_parser())
IDS = [" ".join(path) for path, _ in COMMANDS]
LONG_NAME = "n" * 300
PYTHON_MAIN = "import sys; from harness.entry import main; sys.exit(main())"


def outputs() -> list[tuple[tuple[str, ...], argparse.ArgumentParser, str, str]]:
    found = []
    for path, parser in COMMANDS:
        for action in parser._actions:
            if isinstance(action.type, OutputPath):
                found.append((path, parser, action.option_strings[-1], action.type.kind))
    return found


OUTPUTS = outputs()
OUTPUT_IDS = [f"{' '.join(p)} {flag}" for p, _, flag, _ in OUTPUTS]


def one_error_line(capsys) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    assert err.count("\n") == 1 and err.startswith("ringside: error: "), err
    return err


def invocation(path, parser, *extra: str) -> list[str]:
    return [*path, *example_of(parser), *extra]


# -- the table -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("path", "parser"), COMMANDS, ids=IDS)
def test_every_command_brings_an_example(path, parser):
    example = example_of(parser)
    assert example is not None, f"{' '.join(path)} was registered without an example"
    parser.parse_args(example)  # the example itself reads


def test_the_walk_finds_every_output_option():
    found = {(" ".join(path), flag) for path, _, flag, _ in OUTPUTS}
    assert {("docs", "--out"), ("explore", "--trace-dir"), ("clubfight survey", "--out"),
            ("clubfight survey", "--summary")} <= found


def test_no_output_option_escapes_the_table():
    """An option named like an output must be typed as one, so the table sees it."""
    for path, parser in COMMANDS:
        for action in parser._actions:
            flag = action.option_strings[-1] if action.option_strings else ""
            if flag in ("--out", "--summary", "--trace-dir", "--output"):
                assert isinstance(action.type, OutputPath), f"{' '.join(path)} {flag}"


# -- unusable places -------------------------------------------------------------------------------
def unusable(kind: str, tmp_path: Path) -> list[tuple[str, str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    places = [("under /dev/null", "/dev/null/x"),
              ("a name too long", str(tmp_path / LONG_NAME)),
              ("a missing folder", "/nonexistent/dir/x" if kind == "file" else
               "/proc/version/x")]
    if kind == "file":
        places += [("the device /dev/full", "/dev/full"), ("a folder", str(tmp_path))]
    else:
        places += [("a file", str(a_file))]
    return places


@pytest.mark.parametrize(("path", "parser", "flag", "kind"), OUTPUTS, ids=OUTPUT_IDS)
def test_output_options_refuse_unusable_places(path, parser, flag, kind, tmp_path, capsys):
    for what, place in unusable(kind, tmp_path):
        began = time.monotonic()
        assert main(invocation(path, parser, flag, place)) == 2, what
        one_error_line(capsys)
        assert time.monotonic() - began < 5, f"{what}: refused only after working"


def run_as_nobody(args: list[str], cwd: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, RINGSIDE_NO_NATIVE="1", HOME=cwd)
    return subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                           sys.executable, "-c", PYTHON_MAIN, *args],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=60)


@pytest.fixture(scope="module")
def nobody_folder():
    """A folder nobody may read but not write (root may write anywhere, so a
    read-only place is tested as the unprivileged user ``nobody``)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run a command as an unprivileged user")
    folder = Path(tempfile.mkdtemp(prefix="ringside-readonly-"))
    (folder / "f.jsonl").write_text("")
    (folder / "sub").mkdir()
    for item in (folder / "sub", folder / "f.jsonl", folder):
        item.chmod(0o555 if item.is_dir() else 0o444)
    probe = run_as_nobody(["rules"], str(folder))
    if probe.returncode != 0:
        shutil.rmtree(folder)
        pytest.skip(f"the unprivileged user cannot run ringside here: {probe.stderr[-200:]}")
    yield folder
    shutil.rmtree(folder)


@pytest.mark.parametrize(("path", "parser", "flag", "kind"), OUTPUTS, ids=OUTPUT_IDS)
def test_read_only_places_are_refused_before_any_work(path, parser, flag, kind,
                                                      nobody_folder):
    places = ([str(nobody_folder / "f.jsonl"), str(nobody_folder / "new.json")]
              if kind == "file" else [str(nobody_folder / "sub"),
                                      str(nobody_folder / "new-folder")])
    for place in places:
        args = invocation(path, parser, flag, place)
        if "--resume" in {a.option_strings[-1] for a in parser._actions
                          if a.option_strings} and kind == "file":
            args.append("--resume")
        done = run_as_nobody(args, str(nobody_folder))
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert "writable" in done.stderr or "read-only" in done.stderr, done.stderr


# -- users' files ----------------------------------------------------------------------------------
NOTES = "meeting notes: do not delete"


@pytest.mark.parametrize(("path", "parser", "flag", "kind"), OUTPUTS, ids=OUTPUT_IDS)
def test_no_command_replaces_what_it_did_not_write(path, parser, flag, kind, tmp_path,
                                                   capsys):
    if kind == "file":
        target = tmp_path / "notes.txt"
        target.write_text(NOTES)
        mine = target
    else:
        target = tmp_path / "folder"
        target.mkdir()
        mine = target / "notes.txt"
        mine.write_text(NOTES)
    trials = [invocation(path, parser, flag, str(target))]
    if "--resume" in {a.option_strings[-1] for a in parser._actions if a.option_strings}:
        trials.append(trials[0] + ["--resume"])
    for args in trials:
        code = main(args)
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        assert mine.read_text() == NOTES, args
        assert code in (0, 2), (args, err)
        if kind == "file":
            assert code == 2 and "left untouched" in err, (args, err)


# -- Ctrl-C ----------------------------------------------------------------------------------------
def interrupt(args: list[str], delay: float, cwd: str) -> tuple[int, str, float]:
    """Run ``ringside ARGS``, Ctrl-C its process group after ``delay`` s: (code, stderr,
    seconds from the signal to the end, 0 if it had ended before)."""
    trial = ctrl_c(args, delay, cwd)
    # Workers are in the same group: none may outlive the command (an exited
    # child not yet reaped by init is no survivor).
    time.sleep(0.3)
    survivors = running_in_group(trial.pid)
    assert not survivors, f"{args}: processes of the command outlived it: {survivors}"
    return trial.code, trial.err, trial.ended or 0.0


def running_in_group(group: int) -> list[str]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        if int(fields[2]) == group and fields[0] not in ("Z", "X"):
            found.append(text[:text.rindex(")") + 1])
    return found


def assert_interrupted_cleanly(args, code: int, err: str) -> None:
    """Exit 130 with ``ringside: interrupted`` as the last line (progress lines may come
    before it), or a normal end if the command finished first; never a traceback."""
    assert "Traceback" not in err and "Exception ignored" not in err, (args, err)
    assert "Error" not in err, (args, err)
    if code == 130:
        assert err.endswith("ringside: interrupted\n"), (args, err)
        assert err.count("ringside: interrupted") == 1, (args, err)
    elif code == -signal.SIGINT:
        # Ctrl-C while Python was shutting down after the command had finished:
        # killed by the signal, which a shell reports as 130 too; nothing printed.
        assert err == "" or not err.strip().endswith("interrupted"), (args, err)
    else:  # it finished before the signal
        assert code in (0, 1), (args, code, err)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.4])
@pytest.mark.parametrize(("path", "parser"), COMMANDS, ids=IDS)
def test_ctrl_c_while_a_command_starts(path, parser, delay, tmp_path):
    """Early: while Python imports ringside (networkx, z3) and the command sets up."""
    args = invocation(path, parser)
    code, err, _ = interrupt(args, delay, str(tmp_path))
    assert_interrupted_cleanly(args, code, err)


LONG_WORK = [
    # check: in the z3 proofs (z3 would answer a Ctrl-C with "unknown" and swallow it;
    # ctypes would turn one into an ArgumentError), then in the explorer.
    ("check in the proofs", ["check"], 0.6),
    ("check in the proofs, later", ["check"], 1.5),
    ("check in the proofs, later still", ["check"], 2.6),
    ("check exploring", ["check", "--no-proofs"], 2.0),
    # A loss proof of millions of nodes takes the native search far past the delay.
    ("native search", ["clubfight", "slack", "CF1-16", "--rules", "webapp",
                       "--max-nodes", "100000000"], 1.5),
    # Enough deals that an idle machine is still surveying when the signal comes.
    ("survey on a pool", ["clubfight", "survey", "--jokers", "2", "--deals", "100000",
                          "--workers", "2", "--out", "s.jsonl"], 2.5),
    ("unwinnable on a pool", ["clubfight", "unwinnable", "--jokers", "2", "--count", "300",
                              "--workers", "2"], 2.5),
    ("docs", ["docs", "--no-proofs", "--out", "site"], 3.0),
    # A loss in parts (some 20 CPU s in all): the parts settled stay in the work folder.
    ("prove on a pool", ["clubfight", "prove", "CF2-3879", "--clubs", "11", "--part-nodes",
                         "100000", "--workers", "2", "--certificate", "p.cert", "--work",
                         "parts"], 2.5),
]


@pytest.mark.parametrize(("what", "args", "delay"), LONG_WORK, ids=[w for w, _, _ in LONG_WORK])
def test_ctrl_c_in_the_middle_of_long_work(what, args, delay, tmp_path):
    code, err, seconds = interrupt(args, delay, str(tmp_path))
    assert code == 130, (what, code, err)
    assert_interrupted_cleanly(args, code, err)
    assert seconds < 3.0, f"{what} took {seconds:.1f} s to stop"
    results = tmp_path / "s.jsonl"
    if results.exists():  # what was written is a survey file that a resume accepts
        lines = results.read_bytes().split(b"\n")
        assert json.loads(lines[0])["survey"]["deals"] == 100000
        for line in lines[1:-1]:
            assert json.loads(line)["id"].startswith("CF2-")
    parts = tmp_path / "parts" / "parts.jsonl"
    if "prove" in args:  # the parts settled are kept for the next run; no certificate yet
        assert json.loads(parts.read_text().splitlines()[0])["deal_id"] == "CF2-3879"
        assert not (tmp_path / "p.cert").exists()


def test_a_background_survey_ignores_ctrl_c_and_stops_on_sigterm_resumable(tmp_path):
    """What the README says of a survey a script runs in the background: SIGINT
    ignored (as a shell sets it), ``kill PID`` ends it with its workers, and
    ``--resume`` continues the file it had written."""
    args = ["clubfight", "survey", "--jokers", "2", "--deals", "1000", "--workers", "2",
            "--out", "s.jsonl"]

    def background() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    process = subprocess.Popen([sys.executable, "-c", PYTHON_MAIN, *args], cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True, preexec_fn=background)
    results = tmp_path / "s.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
            not results.exists() or results.read_bytes().count(b"\n") < 30):
        time.sleep(0.1)
    os.kill(process.pid, signal.SIGINT)  # ignored
    time.sleep(0.5)
    assert process.poll() is None, "a survey that ignores SIGINT stopped on it"
    os.kill(process.pid, signal.SIGTERM)
    process.wait(timeout=30)
    time.sleep(1.0)
    assert not running_in_group(process.pid), "workers outlived a SIGTERM"
    lines = results.read_bytes().split(b"\n")
    kept = {json.loads(line)["id"] for line in lines[1:-1]}
    assert 30 <= len(kept) < 1000
    resumed = subprocess.run([sys.executable, "-c", PYTHON_MAIN, *args, "--resume"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    lines = results.read_bytes().split(b"\n")
    ids = [json.loads(line)["id"] for line in lines[1:] if line]
    assert sorted(ids) == sorted(f"CF2-{n}" for n in range(1000)) and kept <= set(ids)


def test_a_survey_writing_to_a_log_says_how_far_it_is(tmp_path):
    """Off a terminal (stderr to a file, as a background run has it) a long
    survey prints a line of progress now and then: the deals done of all,
    the pace, the time left and the tally (of the slacks too); ``RINGSIDE_PROGRESS_EVERY`` sets
    how often (a bad value is one line and exit 2, before any work)."""
    args = ["clubfight", "survey", "--jokers", "1", "--deals", "20", "--slack", "20",
            "--slack-max-nodes", "20000", "--out", "s.jsonl"]
    env = {**os.environ, "RINGSIDE_PROGRESS_EVERY": "0.05"}
    done = subprocess.run([sys.executable, "-c", PYTHON_MAIN, *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines and all(line.startswith("ringside: [") for line in lines), lines
    assert any(" of 20 deals, " in line and " an hour, about " in line and " left; " in line
               and " wins, " in line and "; slack exact " in line for line in lines), lines
    assert "Traceback" not in done.stderr
    assert json.loads((tmp_path / "s.jsonl").read_text().splitlines()[0])["survey"]["deals"] == 20

    env["RINGSIDE_PROGRESS_EVERY"] = "often"
    refused = subprocess.run([sys.executable, "-c", PYTHON_MAIN, *args[:-1], "t.jsonl"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        "ringside: error: RINGSIDE_PROGRESS_EVERY: must be a number of seconds from 0, "
        "not 'often'"]
    assert not (tmp_path / "t.jsonl").exists()


# -- SIGKILL ---------------------------------------------------------------------------------------
def test_a_killed_docs_build_leaves_a_folder_the_next_build_takes(tmp_path, monkeypatch,
                                                                  capsys):
    import harness.docs as docs

    site = tmp_path / "site"
    process = subprocess.Popen([sys.executable, "-c", PYTHON_MAIN, "docs", "--no-proofs",
                                "--out", str(site)], cwd=tmp_path, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    began = time.monotonic()
    while not (site / ".ringside-reference").exists() and time.monotonic() - began < 60:
        time.sleep(0.05)
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert (site / ".ringside-reference").exists()
    built = []
    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    monkeypatch.setattr(docs, "build_site", lambda out, **kw: built.append(out) or
                        docs.BuildResult(True, out / "index.html", 0.1, []))
    assert main(["docs", "--out", str(site)]) == 0, capsys.readouterr().err
    assert built == [site]


def test_a_broken_pipe_that_is_not_stdout_is_a_failure(capsys):
    from harness.toolkit import guard

    def fails() -> int:
        raise BrokenPipeError(32, "Broken pipe")

    assert guard(fails) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "a pipe broke" in err and "Traceback" not in err


def test_a_ctrl_c_that_python_wraps_in_another_error_is_still_an_interrupt(capsys):
    """A Ctrl-C landing while a module's class is being made reaches the
    command as ``RuntimeError: Error calling __set_name__ ...`` caused by the
    KeyboardInterrupt (seen once in CI, ``clubfight unwinnable`` interrupted
    at 0.4 s while importing its hunt module)."""
    from harness.toolkit import guard

    def interrupted_while_importing() -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as cause:
            raise RuntimeError("Error calling __set_name__ on 'Field' instance") from cause

    assert guard(interrupted_while_importing) == 130
    assert capsys.readouterr().err == "ringside: interrupted\n"

    def fails() -> int:
        raise RuntimeError("a real failure")

    with pytest.raises(RuntimeError, match="a real failure"):
        guard(fails)


def test_closing_stdout_early_ends_quietly_with_exit_2():
    """The reader of the output went away (``ringside rules | head -1``): the
    output is incomplete, so not a success, but nobody is left to tell."""
    process = subprocess.Popen([sys.executable, "-c", PYTHON_MAIN, "rules"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.read(10)
    process.stdout.close()
    assert process.wait(timeout=60) == 2
    assert process.stderr.read() == b""
