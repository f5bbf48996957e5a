"""Building and loading Club Fight's compiled parts (the search, the loss checker).

A wheel (and an editable install) carries each C source compiled by the build
backend as an optional extension (``setup.py``), named by a hash of the
source: ``_<stem>_<hash>`` plus the platform's extension suffix, beside the
source.  A library of that name is loaded as it is, so a user needs no C
compiler at run time.  Where there is none (the build had no compiler, or the
source changed since the build), the source is compiled on first use with the
system C compiler (``cc -O2 -shared -fPIC``) into a per-user cache directory
(``$RINGSIDE_CACHE_DIR``, else ``$XDG_CACHE_HOME/ringside`` or
``~/.cache/ringside``), named by a hash of the source and flags so a changed
source is rebuilt.  Either way the library is loaded with :mod:`ctypes`.
``RINGSIDE_NO_NATIVE=1`` in the environment turns every compiled part off
(the Python code runs instead).

This module is also loaded by ``setup.py`` from its file, in the build's
isolated environment: keep its imports to the standard library.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path

FLAGS = ["-O2", "-shared", "-fPIC"]


def cache_dir() -> Path:
    base = os.environ.get("RINGSIDE_CACHE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ringside"


def compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def packaged_name(source: bytes, stem: str) -> str:
    """The module name the build backend gives ``stem``'s library built from ``source``.

    >>> packaged_name(b"int f(void) { return 1; }", "cfsolver")
    '_cfsolver_f164f72ced4b9d66'
    """
    return f"_{stem}_{hashlib.sha256(source).hexdigest()[:16]}"


def packaged(source_path: Path, stem: str) -> Path | None:
    """The library the build backend made of this very source, if it is there
    (and ``RINGSIDE_IGNORE_PACKAGED_NATIVE`` does not ask to compile here instead:
    the tests use it to stand for a build that had no compiler)."""
    if os.environ.get("RINGSIDE_IGNORE_PACKAGED_NATIVE"):
        return None
    name = packaged_name(source_path.read_bytes(), stem)
    path = source_path.with_name(name + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    return path if path.is_file() else None


def build(source_path: Path, stem: str) -> Path:
    """The shared library of ``source_path`` (``lib<stem>-<hash>.so``), built if missing.

    Raises ``OSError`` when there is no compiler or the build fails.
    """
    source = source_path.read_bytes()
    digest = hashlib.sha256(source + " ".join(FLAGS).encode() + sys.platform.encode())
    target = cache_dir() / f"lib{stem}-{digest.hexdigest()[:16]}.so"
    if target.exists():
        return target
    found = compiler()
    if found is None:
        raise OSError("no C compiler (cc, gcc or clang) found")
    target.parent.mkdir(parents=True, exist_ok=True)
    # Build to a temporary name and rename: parallel workers may race here.
    handle, temporary = tempfile.mkstemp(suffix=".so", dir=target.parent)
    os.close(handle)
    try:
        result = subprocess.run([found, *FLAGS, "-o", temporary, str(source_path)],
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            said = result.stderr.strip()[:500]
            raise OSError(f"{found} failed with exit code {result.returncode}"
                          + (f": {said}" if said else ""))
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def load(source_path: Path, stem: str) -> tuple[ctypes.CDLL | None, str | None]:
    """``(library, None)``, or ``(None, why not)`` when it cannot be had."""
    if os.environ.get("RINGSIDE_NO_NATIVE"):
        return None, "disabled by RINGSIDE_NO_NATIVE"
    try:
        return ctypes.CDLL(str(packaged(source_path, stem) or build(source_path, stem))), None
    except (OSError, subprocess.SubprocessError) as error:
        return None, str(error)


class Library:
    """A compiled part, loaded on first use and kept: :meth:`get` gives the
    library (``declare`` has set its functions' argument types) or None, and
    :attr:`failure` then says why."""

    def __init__(self, source_path: Path, stem: str, declare) -> None:
        self.source_path = source_path
        self.stem = stem
        self._declare = declare
        self._library: ctypes.CDLL | None = None
        self.failure: str | None = None

    def get(self) -> ctypes.CDLL | None:
        if self._library is None and self.failure is None:
            library, self.failure = load(self.source_path, self.stem)
            if library is not None:
                self._declare(library)
                self._library = library
        return self._library

    def available(self) -> bool:
        """True when the library can be had (built on first use)."""
        return self.get() is not None

    def unavailable_reason(self) -> str | None:
        """Why the library cannot be had (``None`` when it can)."""
        self.get()
        return self.failure

    def require(self, what: str) -> ctypes.CDLL:
        """The library, or ``RuntimeError`` naming ``what`` is unavailable and why."""
        library = self.get()
        if library is None:
            raise RuntimeError(f"the compiled {what} is unavailable: {self.failure}")
        return library


def slow_engine_note() -> str | None:
    """One line for a command to show when a compiled part could not be had
    for a reason the user did not choose (``RINGSIDE_NO_NATIVE`` is a choice),
    else ``None``.  Without it the Python code runs, some 100 times slower, and
    the only sign would be the wait."""
    from analysis.clubfight import _losscheck_native, _solver_native

    if os.environ.get("RINGSIDE_NO_NATIVE"):
        return None
    for what, part in (("search", _solver_native), ("loss checker", _losscheck_native)):
        if part.available():
            continue
        reason = (part.unavailable_reason() or "unknown reason").splitlines()[0]
        return (f"ringside: note: the compiled Club Fight {what} could not be built "
                f"({reason}); the Python one runs instead, about 100 "
                "times slower (set RINGSIDE_NO_NATIVE=1 to choose it and hide this note)")
    return None


def catch_interrupts() -> bool:
    """Should a compiled call take Ctrl-C itself?  Only where Python would
    raise it: the main thread with Python's default handler in place."""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)


def ints(values) -> ctypes.Array:
    """A C ``int`` array of ``values`` (at least one element)."""
    values = list(values)
    return (ctypes.c_int * max(1, len(values)))(*values)
