"""The compiled loss-certificate checker (``_losscheck_core.c``): loading, calling.

The C file ports the Python checker of :mod:`analysis.clubfight.losscheck` (the
same walk, move order and bound, so the same answer and the same counts) and
shares no code with the solver's core.  It is built and loaded by
:mod:`analysis.clubfight._native_build`; without a compiler (or with
``RINGSIDE_NO_NATIVE=1``) :func:`available` is False and the Python checker
runs instead.
"""

from __future__ import annotations

import ctypes
from array import array
from pathlib import Path

from analysis.clubfight import _native_build

SOURCE = Path(__file__).with_name("_losscheck_core.c")
COUNT_NAMES = ("visited", "children", "bound_cuts", "listed", "searched", "search_nodes")
OK, REFUTED, UNSETTLED, NO_MEMORY, INTERRUPTED = 0, 1, 2, 3, 5
START_WON, SEARCH_WINS_START, LISTED_CHILD_WINS, LISTED_CHILD_SEARCH_WINS = 0, 1, 2, 3
"""What refuted a certificate (``NativeCheck.why``)."""
_SUIT_CODES = {"D": 1, "H": 2, "S": 3}
_MAX_CARDS = 62

def _declare(library) -> None:
    c_int_p = ctypes.POINTER(ctypes.c_int)
    library.clc_check.restype = ctypes.c_int
    library.clc_check.argtypes = [
        c_int_p, c_int_p, ctypes.c_int, c_int_p, ctypes.c_int,
        c_int_p, ctypes.c_int, ctypes.c_int, c_int_p,
        ctypes.c_int, ctypes.c_int64, ctypes.c_int,
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
        ctypes.POINTER(ctypes.c_int64), c_int_p, ctypes.c_int,
    ]
    library.clc_moves.restype = ctypes.c_int
    library.clc_moves.argtypes = [c_int_p, c_int_p, ctypes.c_int, c_int_p, ctypes.c_int,
                                  c_int_p, c_int_p, c_int_p]


_LIBRARY = _native_build.Library(SOURCE, "cflosscheck", _declare)


available = _LIBRARY.available
"""True when the compiled checker can run (building it if needed)."""
unavailable_reason = _LIBRARY.unavailable_reason
"""Why the compiled checker cannot run (``None`` when it can)."""


def _rules_fields(rules) -> list[int]:
    return [int(rules.must_clear), int(rules.jokers_match), int(rules.match_any_subset),
            int(rules.sum_jokers_zero), int(rules.updown_any_subset),
            int(rules.line_joker_target), int(rules.run_min_cards)]


def _card_fields(cards) -> tuple[ctypes.Array, ctypes.Array]:
    ints = _native_build.ints
    return (ints(0 if c.is_joker else c.value for c in cards),
            ints(_SUIT_CODES.get(c.suit, 0) for c in cards))


def moves_native(cards, cells, club: int, rules) -> tuple[list[int], int]:
    """The compiled move generator (for the tests): the slot masks ``club`` may
    clear on ``cells`` (card numbers into ``cards``, -1 empty), in the order the
    check follows them, and the size of the largest."""
    library = _LIBRARY.require("loss checker")
    values, suits = _card_fields(cards)
    out = (ctypes.c_int * 512)()
    largest = ctypes.c_int(0)
    count = library.clc_moves(values, suits, len(cards), _native_build.ints(cells), club,
                              _native_build.ints(_rules_fields(rules)), out,
                              ctypes.byref(largest))
    if count < 0:
        raise RuntimeError("the compiled move generator could not run")
    return list(out[:count]), largest.value


def check_native(cards, start_cells, start_dealt: int, order, hand_size: int, rules,
                 window_clubs: int, search_budget: int, exhaustive: bool,
                 listed: tuple[array, array]) -> tuple[int, dict, tuple[int, int, int]]:
    """Run the compiled check: ``(code, counts, (why, club, slot mask))``.

    ``cards``: the deal's cards by number; ``listed``: the certificate's
    states, packed (:meth:`~analysis.clubfight.certificate.LossCertificate.packed`).
    Raises ``KeyboardInterrupt`` when Ctrl-C stopped it and ``RuntimeError``
    when the library is missing or out of memory.
    """
    library = _LIBRARY.require("loss checker")
    if len(cards) > _MAX_CARDS:
        raise ValueError(f"the compiled checker takes at most {_MAX_CARDS} cards")
    ints = _native_build.ints
    values, suits = _card_fields(cards)
    keys, played = listed
    key_buffer = (ctypes.c_uint64 * max(1, len(keys))).from_buffer(keys) if keys else None
    played_buffer = (ctypes.c_int * max(1, len(played))).from_buffer(played) if played else None
    counts = (ctypes.c_int64 * len(COUNT_NAMES))()
    detail = (ctypes.c_int * 3)()
    code = library.clc_check(
        values, suits, len(cards),
        ints(start_cells), start_dealt, ints(order), len(order), hand_size,
        ints(_rules_fields(rules)), int(window_clubs), int(min(search_budget, 2 ** 62)),
        int(exhaustive), ctypes.cast(key_buffer, ctypes.c_void_p) if keys else None,
        ctypes.cast(played_buffer, ctypes.c_void_p) if played else None, len(keys),
        counts, detail, int(_native_build.catch_interrupts()))
    if code == INTERRUPTED:
        raise KeyboardInterrupt
    if code == NO_MEMORY or code not in (OK, REFUTED, UNSETTLED):
        raise RuntimeError("the compiled loss checker ran out of memory")
    return code, dict(zip(COUNT_NAMES, counts)), (detail[0], detail[1], detail[2])
