"""The output layer: standard streams that cannot be written end a run quietly, result
places are checked before the work, and ``docs --out`` replaces only its own folders."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness import streams
from harness.cli import main
from harness.toolkit import guard

PYTHON_MAIN = "import sys; from harness.entry import main; sys.exit(main())"
ROOT = Path(__file__).resolve().parent.parent


def ringside(*args: str, **streams_given) -> subprocess.CompletedProcess:
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **streams_given}
    return subprocess.run([sys.executable, "-c", PYTHON_MAIN, *args], timeout=120, **options)


def shell(line: str) -> subprocess.CompletedProcess:
    """``ringside`` as a shell runs it, for redirections Python cannot set up (``>&-``)."""
    command = f"{sys.executable} -c '{PYTHON_MAIN}' {line}"
    return subprocess.run(["sh", "-c", command], capture_output=True, timeout=120)


def a_closed_pipe() -> int:
    """The writing end of a pipe whose reader has gone."""
    read, write = os.pipe()
    os.close(read)
    return write


def no_traceback(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode() if isinstance(done.stderr, bytes) else done.stderr
    assert "Traceback" not in err and "Exception ignored" not in err, err
    return err


# -- standard output -------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["duel", "characters"], ["rules", "--json"], ["--help"],
                                  ["clubfight", "survey", "--help"]])
def test_stdout_on_a_full_disk_is_one_line_and_exit_2(args):
    with open("/dev/full", "wb") as full:
        done = ringside(*args, stdout=full)
    err = no_traceback(done)
    assert done.returncode == 2, err
    assert err == (
        "ringside: error: standard output: cannot write (No space left on device); the "
        "output is incomplete\n")


@pytest.mark.parametrize("args", [["duel", "characters"], ["rules"], ["--help"]])
def test_stdout_into_a_closed_pipe_ends_quietly_with_exit_2(args):
    write = a_closed_pipe()
    try:
        done = ringside(*args, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 2 and no_traceback(done) == "", done.stderr


def test_stdout_closed_before_the_start_is_exit_2():
    done = shell("duel characters >&-")
    assert done.returncode == 2 and "standard output: cannot write" in no_traceback(done)
    quiet = shell("clubfight deal CF1-0 --json >/dev/null 2>&-")
    assert quiet.returncode == 0  # nothing to say on stderr: a closed one is no fault


def test_a_run_that_failed_keeps_its_code_when_its_report_is_lost(tmp_path):
    folder = tmp_path / "clubfight"
    folder.mkdir()
    failing = folder / "fails.toml"
    failing.write_text('title = "t"\nstart = "7H QS -- JK 2D 2S AH 9D KS | hand 2 3 4 5"\n'
                       'actions = ["2 any"]\n[expect]\noutcome = "loss"\n')
    with open("/dev/full", "wb") as full:
        done = ringside("rule", str(failing), stdout=full)
    assert done.returncode == 1 and "cannot write" in no_traceback(done)
    write = a_closed_pipe()
    try:
        done = ringside("rule", str(failing), stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 1 and no_traceback(done) == ""


def test_bad_input_with_stdout_or_stderr_unwritable_is_still_exit_2():
    with open("/dev/full", "wb") as full:
        done = ringside("clubfight", "deal", "CF1-x", stdout=full)
        assert done.returncode == 2
        assert no_traceback(done).startswith("ringside: error: deal number")
        done = ringside("clubfight", "deal", "CF1-x", stderr=full)
        assert done.returncode == 2 and done.stdout == b""
    write = a_closed_pipe()
    try:
        done = ringside("clubfight", "deal", "CF1-x", stderr=write)
    finally:
        os.close(write)
    assert done.returncode == 2 and done.stdout == b""


def test_stderr_that_cannot_take_a_progress_line_ends_the_run_with_exit_2(tmp_path):
    env = dict(os.environ, RINGSIDE_PROGRESS_EVERY="0.0001")
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-c", PYTHON_MAIN, "clubfight", "survey",
                               "--jokers", "1", "--deals", "3"], stdout=subprocess.PIPE,
                              stderr=full, env=env, timeout=120, cwd=tmp_path)
    assert done.returncode == 2


class Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        pass


def test_guard_turns_an_unwritable_stdout_into_exit_2_in_process(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", Full())

    def prints() -> int:
        print("a result")
        return 0

    def fails() -> int:
        print("a failure")
        return 1

    assert guard(prints) == 2
    assert "standard output: cannot write (No space left on device)" in \
        capsys.readouterr().err
    assert guard(fails) == 2  # printed outside a report: its code was not known yet
    assert isinstance(sys.stdout, Full)  # the stream is given back as it was


def test_lost_output_keeps_a_known_failure():
    lost = streams.OutputLost(streams.STDOUT, OSError(errno.EPIPE, "Broken pipe"))
    assert streams.lost(lost, 1) == 1 and streams.lost(lost, 0) == 2
    assert streams.lost(lost, None) == 2
    lost.code = 1
    assert streams.lost(lost, None) == 1


# -- places results go -----------------------------------------------------------------------------
def test_a_result_path_over_4096_bytes_is_one_line(capsys, tmp_path):
    deep = "/".join(["d" * 200] * 21)
    assert main(["explore", "clubfight", "--depth", "0", "--trace-dir", deep]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the path is longer than 4,096 bytes" in err
    assert main(["clubfight", "survey", "--jokers", "1", "--deals", "1", "--out",
                 deep + ".jsonl"]) == 2
    assert "longer than 4,096 bytes" in capsys.readouterr().err


# -- docs --out ------------------------------------------------------------------------------------
DOCS = ["docs", "--no-proofs", "--depth", "1", "--max-states", "30", "--starts", "1"]


@pytest.fixture
def no_build(monkeypatch):
    """``ringside docs`` up to the build, which is noted instead of run."""
    import harness.docs as docs

    built = []
    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    monkeypatch.setattr(docs, "build_site", lambda out, **kw: built.append(out) or
                        docs.BuildResult(True, out / "index.html", 0.1, []))
    return built


def test_docs_refuses_a_users_sphinx_site(tmp_path, capsys, no_build):
    """A .buildinfo says only that some Sphinx built there, not that ringside did."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html>mine</html>\n")
    (site / ".buildinfo").write_text("# Sphinx build info version 1\n")
    assert main([*DOCS, "--out", str(site)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "left untouched" in err and "Traceback" not in err
    assert (site / "index.html").read_text() == "<html>mine</html>\n"
    assert not (site / ".ringside-reference").exists() and no_build == []


def test_docs_marks_its_folder_and_replaces_only_a_marked_one(tmp_path, capsys, no_build):
    site = tmp_path / "site"
    assert main([*DOCS, "--out", str(site)]) == 0, capsys.readouterr().err
    mark = (site / ".ringside-reference").read_text()
    assert mark.startswith("The rules reference, built by `ringside docs`.")
    (site / "index.html").write_text("an earlier build")
    assert main([*DOCS, "--out", str(site)]) == 0 and no_build == [site, site]
    for forged in ("someone else's notes\n", None):
        (site / ".ringside-reference").unlink(missing_ok=True)
        if forged is None:
            (site / ".ringside-reference").mkdir()
        else:
            (site / ".ringside-reference").write_text(forged)
        assert main([*DOCS, "--out", str(site)]) == 2
        assert "left untouched" in capsys.readouterr().err
    assert len(no_build) == 2


def test_what_the_output_encoding_cannot_hold_is_written_never_a_traceback(tmp_path):
    """A file name in bytes that are not UTF-8 comes back as it was given; a
    character a narrow encoding lacks is escaped."""
    scenario = next(iter(sorted((ROOT / "scenarios").rglob("*.toml"))))
    (tmp_path / scenario.parent.name).mkdir()
    name = os.fsencode(tmp_path / scenario.parent.name) + b"/s\xff.toml"
    Path(os.fsdecode(name)).write_bytes(scenario.read_bytes())
    env = dict(os.environ, PYTHONIOENCODING="ascii:strict")
    done = subprocess.run([sys.executable, "-c", PYTHON_MAIN, "rule", name],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 0 and no_traceback(done) == ""
    assert done.stdout.startswith(os.fsencode(scenario.parent.name) + b"/s\xff: ")
    done = subprocess.run([sys.executable, "-c", PYTHON_MAIN, "rule", "caf\u00e9"],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 2 and "caf\\xe9" in no_traceback(done)


def test_a_file_ringside_writes_is_readable_as_a_plain_write_would_leave_it(tmp_path):
    """Results are written through a private temporary file; the file left behind
    has the mode the umask gives (another user may read a results folder), and a
    file replaced keeps its own mode."""
    import os
    import stat

    from harness.files import atomic_write

    previous = os.umask(0o022)
    try:
        fresh = tmp_path / "summary.json"
        atomic_write(fresh, "{}\n")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        kept = tmp_path / "kept.json"
        kept.write_text("old")
        kept.chmod(0o600)
        atomic_write(kept, "new")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() == "new"
    finally:
        os.umask(previous)
