"""The screen's compiled first stage (``cf_screen_batch``, ``cf_deal`` in ``_solver_core.c``).

The screen's entry points live at the end of the compiled search's source,
so they share its library (:mod:`analysis.clubfight._solver_native`, built on
first use; ``RINGSIDE_NO_NATIVE=1`` turns it off).  Their argument types are
declared here, on first use, apart from the search's own.
"""

from __future__ import annotations

import ctypes

from analysis.clubfight import _native_build, _solver_native

INTERRUPTED = 5
LINE_ROOM = 16
"""Moves of room per deal for a winning line (a line has at most 13)."""
_declared = False


def _library():
    global _declared
    library = _solver_native._LIBRARY.require("screen")
    if not _declared:
        c_int_p = ctypes.POINTER(ctypes.c_int)
        library.cf_screen_batch.restype = ctypes.c_int
        library.cf_screen_batch.argtypes = [
            ctypes.c_uint64, ctypes.c_int, ctypes.c_int, ctypes.c_int, c_int_p,
            c_int_p, ctypes.c_int, ctypes.c_int,
            c_int_p, ctypes.POINTER(ctypes.c_int64), c_int_p, c_int_p, c_int_p,
        ]
        library.cf_deal.restype = ctypes.c_int
        library.cf_deal.argtypes = [ctypes.c_int, ctypes.c_uint64, c_int_p, c_int_p, c_int_p]
        _declared = True
    return library


available = _solver_native.available
"""True when the compiled search (and with it the screen's first stage) can run."""


def rules_fields(rules) -> list[int]:
    """The rules as the compiled code takes them (its ``R_*`` order)."""
    return [int(rules.must_clear), int(rules.jokers_match), int(rules.match_any_subset),
            int(rules.sum_jokers_zero), int(rules.updown_any_subset),
            int(rules.line_joker_target), int(rules.run_min_cards)]


def deal_native(jokers: int, number: int) -> tuple[list[int], list[int], list[int]]:
    """Deal ``CF<jokers>-<number>`` in C: the grid deck's values and suits (a Joker
    is value 0, suit 4) and the 13 club values in draw order."""
    library = _library()
    size = 39 + jokers
    values, suits, clubs = (ctypes.c_int * size)(), (ctypes.c_int * size)(), (ctypes.c_int * 13)()
    if library.cf_deal(jokers, number, values, suits, clubs) != 0:
        raise ValueError(f"a deal has 1 or 2 Jokers, not {jokers}")
    return list(values), list(suits), list(clubs)


def screen_batch_native(jokers: int, first: int, count: int, clubs_kept: int, rules,
                        widths: tuple[int, ...]) -> list[tuple[int, int, list]]:
    """Stage one of deals ``first .. first + count - 1`` in one call: per deal
    ``(won, nodes, line)``, ``won`` the place (from 1) in ``widths`` of the beam
    that won (0: none did), the line a list of ``(club, slot mask)`` for a win.
    Raises ``KeyboardInterrupt`` on Ctrl-C, ``RuntimeError`` out of memory."""
    library = _library()
    won = (ctypes.c_int * count)()
    nodes = (ctypes.c_int64 * count)()
    line_club = (ctypes.c_int * (LINE_ROOM * count))()
    line_mask = (ctypes.c_int * (LINE_ROOM * count))()
    line_len = (ctypes.c_int * count)()
    code = library.cf_screen_batch(
        first, count, jokers, clubs_kept, _native_build.ints(rules_fields(rules)),
        _native_build.ints(widths), len(widths), int(_native_build.catch_interrupts()),
        won, nodes, line_club, line_mask, line_len)
    if code == INTERRUPTED:
        raise KeyboardInterrupt
    if code != 0:
        raise RuntimeError("the compiled screen ran out of memory")
    return [(won[d], nodes[d],
             [(line_club[LINE_ROOM * d + i], line_mask[LINE_ROOM * d + i])
              for i in range(line_len[d])])
            for d in range(count)]
