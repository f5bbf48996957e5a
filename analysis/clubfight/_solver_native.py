"""The compiled search (``_solver_core.c``): building, loading, calling.

The C file is a line-by-line port of the Python search in
:mod:`analysis.clubfight.solver`; the install compiles it (else it is compiled
on first use into a per-user cache) and :mod:`analysis.clubfight._native_build`
loads it with :mod:`ctypes` (a hash of the source in the library's name).  No compiler, a failed build or
``RINGSIDE_NO_NATIVE=1`` in the environment: the Python search runs instead
(:func:`available` says which).
"""

from __future__ import annotations

import ctypes
import mmap
from array import array
from pathlib import Path

from analysis.clubfight import _native_build

SOURCE = Path(__file__).with_name("_solver_core.c")
STAT_NAMES = ("children", "bound_cuts", "next_club_cuts", "window_cuts", "tail_cuts",
              "ladder_cuts", "table_hits", "restarts", "table_size", "nodes", "beams",
              "two_step_cuts", "certificate_size")
VERDICTS = {0: "win", 1: "loss", 2: "unknown"}
INTERRUPTED = 5
NODE_LIMIT_MAX = 2 ** 63 - 1
"""The C search counts nodes in a signed 64-bit integer: a larger limit is never
reached, so it is passed as this (the same search, no wrap-around)."""

def _declare(library) -> None:
    c_int_p = ctypes.POINTER(ctypes.c_int)
    library.cf_solve.restype = ctypes.c_int
    library.cf_solve.argtypes = [
        c_int_p, c_int_p, ctypes.c_int, ctypes.c_uint64, ctypes.c_int,
        c_int_p, ctypes.c_int, ctypes.c_int,
        c_int_p, c_int_p, c_int_p, ctypes.c_int,
        c_int_p, ctypes.c_int,
        ctypes.c_double, ctypes.c_int64, ctypes.c_double,
        c_int_p, c_int_p, c_int_p, ctypes.POINTER(ctypes.c_int64),
        ctypes.POINTER(ctypes.c_uint64), c_int_p, ctypes.c_int64,
        ctypes.c_int, ctypes.c_int, c_int_p, ctypes.c_int,
    ]
    library.cf_sort_states.restype = ctypes.c_int64
    library.cf_sort_states.argtypes = [ctypes.POINTER(ctypes.c_uint64), c_int_p, ctypes.c_int64]


_LIBRARY = _native_build.Library(SOURCE, "cfsolver", _declare)


available = _LIBRARY.available
"""True when the compiled search can run (building it if needed)."""
unavailable_reason = _LIBRARY.unavailable_reason
"""Why the compiled search cannot run (``None`` when it can)."""


_ints = _native_build.ints


def sort_states(keys: array, played: array) -> bool:
    """Sort packed states (``keys`` an ``array("Q")``, ``played`` an ``array("i")`` of
    the same length) by key, then played set, in place, in C (16 bytes a state while it
    runs), and drop repeated states (the arrays shrink).  ``False``, the arrays
    unchanged, when the library is missing or the memory is not there: the caller
    then sorts them itself."""
    if len(keys) != len(played):
        raise ValueError(f"{len(keys)} keys but {len(played)} played sets")
    if keys.typecode != "Q" or played.typecode != "i":
        raise ValueError("keys must be an array('Q') and played sets an array('i')")
    if len(keys) < 2:
        return True
    if not available():
        return False
    library = _LIBRARY.require("solver")
    grids = (ctypes.c_uint64 * len(keys)).from_buffer(keys)
    sets = (ctypes.c_int * len(played)).from_buffer(played)
    try:
        kept = library.cf_sort_states(grids, sets, len(keys))
    finally:
        del grids, sets  # the arrays may change size once no view is left
    if kept < 0:
        return False
    del keys[kept:], played[kept:]
    return True


def solve_native(position, rules, techniques, max_nodes: int | None,
                 timeout: float | None, table_cap: int = 0, leave: int = 0,
                 prefix: tuple[tuple[int, int], ...] = ()):
    """Run the compiled search: ``(verdict, [(club, mask), ...], nodes, stats)``.

    ``position`` is a :class:`~analysis.clubfight._solver_core.Position`.  With
    ``table_cap > 0`` the stats also hold ``"refuted"``: the refuted states as
    two arrays, the certificate's packed keys (the grid with its deal position,
    :data:`~analysis.clubfight.certificate.PACKED_DEALT_SHIFT`) and the played club
    masks, at most ``table_cap`` of them (``stats["certificate_size"]`` says how
    many there were: the table's states less the children ``two_step`` cut,
    ``stats["table_size"]`` the whole table).
    ``leave``: the goal of :func:`analysis.clubfight.solver.solve` of that name;
    ``prefix``: the search's of that name (:class:`~analysis.clubfight.search.Search`).
    Raises ``RuntimeError`` if the library is missing or runs out of memory.
    """
    library = _LIBRARY.require("solver")
    rules_fields = [int(rules.must_clear), int(rules.jokers_match),
                    int(rules.match_any_subset), int(rules.sum_jokers_zero),
                    int(rules.updown_any_subset), int(rules.line_joker_target),
                    int(rules.run_min_cards)]
    tech_fields = [int(techniques.order), int(techniques.bound), int(techniques.next_club),
                   int(techniques.window), int(techniques.tail), int(techniques.table),
                   int(techniques.restarts), int(techniques.window_clubs),
                   int(techniques.first_budget), int(techniques.blocking),
                   int(techniques.ladder), int(techniques.ladder_moves),
                   int(techniques.joker_duty), int(techniques.last_two),
                   int(techniques.two_step)]
    budgets = list(techniques.restart_budgets)
    if max_nodes is not None and max_nodes < 0:
        raise ValueError(f"max_nodes must not be negative, not {max_nodes}")
    limit = -1 if max_nodes is None else min(int(max_nodes), NODE_LIMIT_MAX)
    # Catch Ctrl-C inside the search only where Python would raise it: the main
    # thread with Python's default handler in place.
    catch = _native_build.catch_interrupts()
    table_grids = table_played = memory = None
    if table_cap > 0:
        # Room for table_cap states, from an anonymous mapping: the system
        # hands out its (zeroed) pages as the search first writes to them, so
        # room for 2,000,000 states costs nothing up front, where ctypes
        # arrays would clear 24 MB before every solve.
        grids_size = table_cap * ctypes.sizeof(ctypes.c_uint64)
        memory = mmap.mmap(-1, grids_size + table_cap * ctypes.sizeof(ctypes.c_int))
        table_grids = (ctypes.c_uint64 * table_cap).from_buffer(memory)
        table_played = (ctypes.c_int * table_cap).from_buffer(memory, grids_size)
    try:
        return _solve_into(library, position, rules_fields, tech_fields, budgets, limit,
                           timeout, techniques, table_grids, table_played, table_cap, catch,
                           leave, prefix)
    finally:
        if memory is not None:
            del table_grids, table_played  # the mapping closes only once no view is left
            try:
                memory.close()
            except BufferError:
                pass  # a traceback still holds a view: the mapping goes with it


def _solve_into(library, position, rules_fields, tech_fields, budgets, limit, timeout,
                techniques, table_grids, table_played, table_cap, catch, leave, prefix):
    line_club = (ctypes.c_int * 16)()
    line_mask = (ctypes.c_int * 16)()
    line_len = ctypes.c_int(0)
    stats = (ctypes.c_int64 * len(STAT_NAMES))()
    code = library.cf_solve(
        _ints(position.values), _ints(position.suits), len(position.values),
        position.grid, position.dealt,
        _ints(position.club_order), len(position.club_order), position.hand_size,
        _ints(rules_fields), _ints(tech_fields), _ints(budgets), len(budgets),
        _ints([int(x) for pair in techniques.beams for x in pair]), len(techniques.beams),
        float(techniques.noise), limit,
        -1.0 if timeout is None else float(timeout),
        line_club, line_mask, ctypes.byref(line_len), stats,
        table_grids, table_played, int(max(0, table_cap)), int(catch), int(leave),
        _ints([x for move in prefix for x in move] or [0]), len(prefix))
    if code == INTERRUPTED:
        raise KeyboardInterrupt
    if code not in VERDICTS:
        raise RuntimeError("the compiled solver ran out of memory")
    values = dict(zip(STAT_NAMES, stats))
    nodes = values.pop("nodes")
    line = [(line_club[i], line_mask[i]) for i in range(line_len.value)]
    if table_cap > 0:
        kept = min(table_cap, values["certificate_size"])
        grids = array("Q", ctypes.string_at(table_grids, kept * ctypes.sizeof(ctypes.c_uint64)))
        played = array("i", ctypes.string_at(table_played, kept * ctypes.sizeof(ctypes.c_int)))
        values["refuted"] = (grids, played)
    return VERDICTS[code], line, nodes, values
