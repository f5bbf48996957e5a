"""The compiled parts of Club Fight build wherever a C compiler is found.

Every test comparing a compiled engine with its Python reference skips when
the engine is unavailable, and ``solve`` quietly runs the Python search then:
right on a machine without a compiler, but a C source that stops compiling
would otherwise pass the suite unnoticed (only a hundred times slower).
"""

from __future__ import annotations

import os
import subprocess

import pytest

from model.clubfight import _losscheck_native, _native_build, _solver_native

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
