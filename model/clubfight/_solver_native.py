"""The compiled search (``_solver_core.c``): building, loading, calling.

The C file is a line-by-line port of the Python search in
:mod:`model.clubfight.solver`; it is compiled on first use with the system C
compiler (``cc -O2 -shared -fPIC``) into a per-user cache directory
(``$RINGSIDE_CACHE_DIR``, else ``~/.cache/ringside``), named by a hash of the
source so a changed source is rebuilt, and loaded with :mod:`ctypes`.  No
compiler, a failed build or ``RINGSIDE_NO_NATIVE=1`` in the environment: the
Python search runs instead (:func:`available` says which).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

SOURCE = Path(__file__).with_name("_solver_core.c")
FLAGS = ["-O2", "-shared", "-fPIC"]
STAT_NAMES = ("children", "bound_cuts", "next_club_cuts", "window_cuts", "tail_cuts",
              "table_hits", "restarts", "table_size", "nodes")
VERDICTS = {0: "win", 1: "loss", 2: "unknown"}
INTERRUPTED = 5
NODE_LIMIT_MAX = 2 ** 63 - 1
"""The C search counts nodes in a signed 64-bit integer: a larger limit is never
reached, so it is passed as this (the same search, no wrap-around)."""

_library = None
_failure: str | None = None


def _cache_dir() -> Path:
    base = os.environ.get("RINGSIDE_CACHE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ringside"


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def _build() -> Path:
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source + " ".join(FLAGS).encode() + sys.platform.encode())
    target = _cache_dir() / f"libcfsolver-{digest.hexdigest()[:16]}.so"
    if target.exists():
        return target
    compiler = _compiler()
    if compiler is None:
        raise OSError("no C compiler (cc, gcc or clang) found")
    target.parent.mkdir(parents=True, exist_ok=True)
    # Build to a temporary name and rename: parallel workers may race here.
    handle, temporary = tempfile.mkstemp(suffix=".so", dir=target.parent)
    os.close(handle)
    try:
        result = subprocess.run([compiler, *FLAGS, "-o", temporary, str(SOURCE)],
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise OSError(f"{compiler} failed: {result.stderr.strip()[:500]}")
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def _load():
    global _library, _failure
    if _library is not None or _failure is not None:
        return _library
    if os.environ.get("RINGSIDE_NO_NATIVE"):
        _failure = "disabled by RINGSIDE_NO_NATIVE"
        return None
    try:
        library = ctypes.CDLL(str(_build()))
    except (OSError, subprocess.SubprocessError) as error:
        _failure = str(error)
        return None
    c_int_p = ctypes.POINTER(ctypes.c_int)
    library.cf_solve.restype = ctypes.c_int
    library.cf_solve.argtypes = [
        c_int_p, c_int_p, ctypes.c_int, ctypes.c_uint64, ctypes.c_int,
        c_int_p, ctypes.c_int, ctypes.c_int,
        c_int_p, c_int_p, c_int_p, ctypes.c_int,
        ctypes.c_double, ctypes.c_int64, ctypes.c_double,
        c_int_p, c_int_p, c_int_p, ctypes.POINTER(ctypes.c_int64),
        ctypes.POINTER(ctypes.c_uint64), c_int_p, ctypes.c_int64,
        ctypes.c_int,
    ]
    _library = library
    return library


def available() -> bool:
    """True when the compiled search can run (building it if needed)."""
    return _load() is not None


def unavailable_reason() -> str | None:
    _load()
    return _failure


def _ints(values) -> ctypes.Array:
    values = list(values)
    return (ctypes.c_int * max(1, len(values)))(*values)


def solve_native(position, rules, techniques, max_nodes: int | None,
                 timeout: float | None, table_cap: int = 0):
    """Run the compiled search: ``(verdict, [(club, mask), ...], nodes, stats)``.

    ``position`` is a :class:`~model.clubfight._solver_core.Position`.  With
    ``table_cap > 0`` the stats also hold ``"refuted"``: the refuted states as
    ``grid << 14 | played`` ints (the Python search's table entries), at most
    ``table_cap`` of them (``stats["table_size"]`` says how many there were).
    Raises ``RuntimeError`` if the library is missing or runs out of memory.
    """
    library = _load()
    if library is None:
        raise RuntimeError(f"the compiled solver is unavailable: {_failure}")
    rules_fields = [int(rules.must_clear), int(rules.jokers_match),
                    int(rules.match_any_subset), int(rules.sum_jokers_zero),
                    int(rules.updown_any_subset), int(rules.line_joker_target),
                    int(rules.run_min_cards)]
    tech_fields = [int(techniques.order), int(techniques.bound), int(techniques.next_club),
                   int(techniques.window), int(techniques.tail), int(techniques.table),
                   int(techniques.restarts), int(techniques.window_clubs),
                   int(techniques.first_budget), int(techniques.blocking)]
    budgets = list(techniques.restart_budgets)
    line_club = (ctypes.c_int * 16)()
    line_mask = (ctypes.c_int * 16)()
    line_len = ctypes.c_int(0)
    stats = (ctypes.c_int64 * len(STAT_NAMES))()
    if max_nodes is not None and max_nodes < 0:
        raise ValueError(f"max_nodes must not be negative, not {max_nodes}")
    limit = -1 if max_nodes is None else min(int(max_nodes), NODE_LIMIT_MAX)
    # Catch Ctrl-C inside the search only where Python would raise it: the main
    # thread with Python's default handler in place.
    catch = (threading.current_thread() is threading.main_thread()
             and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    table_grids = (ctypes.c_uint64 * table_cap)() if table_cap > 0 else None
    table_played = (ctypes.c_int * table_cap)() if table_cap > 0 else None
    code = library.cf_solve(
        _ints(position.values), _ints(position.suits), len(position.values),
        position.grid, position.dealt,
        _ints(position.club_order), len(position.club_order), position.hand_size,
        _ints(rules_fields), _ints(tech_fields), _ints(budgets), len(budgets),
        float(techniques.noise), limit,
        -1.0 if timeout is None else float(timeout),
        line_club, line_mask, ctypes.byref(line_len), stats,
        table_grids, table_played, int(max(0, table_cap)), int(catch))
    if code == INTERRUPTED:
        raise KeyboardInterrupt
    if code not in VERDICTS:
        raise RuntimeError("the compiled solver ran out of memory")
    values = dict(zip(STAT_NAMES, stats))
    nodes = values.pop("nodes")
    line = [(line_club[i], line_mask[i]) for i in range(line_len.value)]
    if table_cap > 0:
        kept = min(table_cap, values["table_size"])
        values["refuted"] = [table_grids[i] << 14 | table_played[i] for i in range(kept)]
    return VERDICTS[code], line, nodes, values
