"""The compiled parts of Club Fight build wherever a C compiler is found.

Every test comparing a compiled engine with its Python reference skips when
the engine is unavailable, and ``solve`` quietly runs the Python search then:
right on a machine without a compiler, but a C source that stops compiling
would otherwise pass the suite unnoticed (only a hundred times slower).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from analysis.clubfight import _losscheck_native, _native_build, _solver_native

ENGINES = {"solver": _solver_native, "checker": _losscheck_native}


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_the_compiled_engine_builds_where_a_compiler_is(name):
    if os.environ.get("RINGSIDE_NO_NATIVE"):
        pytest.skip("compiled engines disabled by RINGSIDE_NO_NATIVE")
    if _native_build.compiler() is None:
        pytest.skip("no C compiler here: the Python engines run instead")
    module = ENGINES[name]
    assert module.available(), f"the compiled {name} does not build: " \
                               f"{module.unavailable_reason()}"


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_the_c_source_compiles_without_warnings(name, tmp_path):
    found = _native_build.compiler()
    if found is None:
        pytest.skip("no C compiler here")
    source = ENGINES[name].SOURCE
    result = subprocess.run([found, *_native_build.FLAGS, "-Wall", "-Wextra",
                             "-o", str(tmp_path / "lib.so"), str(source)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr


def test_a_source_that_does_not_compile_is_reported_not_loaded(tmp_path, monkeypatch):
    """What the two tests above rely on: a broken source makes the engine
    unavailable with the compiler's message, never a half-built library."""
    if _native_build.compiler() is None:
        pytest.skip("no C compiler here")
    monkeypatch.setenv("RINGSIDE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RINGSIDE_NO_NATIVE", raising=False)
    broken = tmp_path / "broken.c"
    broken.write_text("int f(void) { return }\n")
    library, why = _native_build.load(broken, "broken")
    assert library is None and "failed" in why
    assert not list((tmp_path / "cache").glob("*.so"))


def _solve_cf1_4(tmp_path, **env):
    argv = [sys.executable, "-m", "harness.cli", "clubfight", "solve", "CF1-4", "--json"]
    environment = {k: v for k, v in os.environ.items() if k != "RINGSIDE_NO_NATIVE"}
    environment.update(RINGSIDE_CACHE_DIR=str(tmp_path / "cache"), **env)
    return subprocess.run(argv, capture_output=True, text=True, timeout=300, env=environment,
                          cwd=Path(__file__).resolve().parents[1])


def test_a_command_says_when_the_compiled_search_cannot_be_built(tmp_path):
    """Without the compiled search a solve is a hundred times slower: the user
    is told why on stderr, once, and the answer on stdout is unchanged."""
    failing = tmp_path / "cc"
    failing.write_text("#!/bin/sh\nexit 3\n")
    failing.chmod(0o755)
    done = _solve_cf1_4(tmp_path, CC=str(failing), RINGSIDE_IGNORE_PACKAGED_NATIVE="1")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verdict"] == "win"
    assert json.loads(done.stdout)["engine"] == "python"
    notes = done.stderr.strip().splitlines()
    assert len(notes) == 1, done.stderr
    assert "compiled Club Fight search could not be built" in notes[0]
    assert "exit code 3" in notes[0]

    chosen = _solve_cf1_4(tmp_path, CC=str(failing), RINGSIDE_NO_NATIVE="1")
    assert chosen.returncode == 0 and chosen.stderr == ""
    assert json.loads(chosen.stdout)["verdict"] == "win"


def test_a_library_built_by_the_build_backend_is_loaded_without_compiling(tmp_path, monkeypatch):
    """A wheel's user needs no compiler: the library named by its source's hash,
    beside the source, is loaded as it is; one built from another source is not."""
    found = _native_build.compiler()
    if found is None:
        pytest.skip("no C compiler here to make the packaged library")
    monkeypatch.setenv("RINGSIDE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RINGSIDE_NO_NATIVE", raising=False)
    source = tmp_path / "part.c"
    source.write_text("int answer(void) { return 42; }\n")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    packaged = tmp_path / (_native_build.packaged_name(source.read_bytes(), "part") + suffix)
    subprocess.run([found, *_native_build.FLAGS, "-o", str(packaged), str(source)], check=True)
    library, why = _native_build.load(source, "part")
    assert why is None and library.answer() == 42
    assert not (tmp_path / "cache").exists()  # nothing compiled at run time

    # The source changed after the build: the packaged library is stale and is not used.
    source.write_text("int answer(void) { return 43; }\n")
    library, why = _native_build.load(source, "part")
    assert why is None and library.answer() == 43
    assert len(list((tmp_path / "cache").glob("*.so"))) == 1


def test_the_build_succeeds_without_a_compiler(tmp_path):
    """The compiled parts are optional extensions: a build whose compiler fails
    still succeeds (the loader then compiles on first use, or Python runs)."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib",
                           str(tmp_path / "lib"), "--build-temp", str(tmp_path / "tmp")],
                          cwd=root, env={**os.environ, "CC": "false"},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "failed" in done.stderr and not list(tmp_path.rglob("*.so"))
