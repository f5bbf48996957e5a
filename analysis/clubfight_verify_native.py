"""The compiled half of the independent certificate verifier (``clubfight_verify_core.c``).

:func:`analysis.clubfight_verify.verify` takes ``compiled=checker`` (or ``None``
for plain Python) and hands the listed states of a loss to it in blocks; the
first wrong state it names is checked again in Python for the reason, so both
give the same verdict.  The C file shares no code with the solver or the loss
checker; it is built and loaded like ringside's other compiled parts
(:mod:`analysis.clubfight._native_build`: an extension packaged by the wheel,
else compiled into the cache, else unavailable, and ``RINGSIDE_NO_NATIVE=1``
turns it off).
"""

from __future__ import annotations

import ctypes
from pathlib import Path

from analysis.clubfight import _native_build

SOURCE = Path(__file__).with_name("clubfight_verify_core.c")
STEM = "cfverify"
RULE_ORDER = ("must_clear", "jokers_match", "match_any_subset", "sum_jokers_zero",
              "updown_any_subset", "line_joker_target", "run_min_cards")
SUIT_CODES = {"D": 1, "H": 2, "S": 3}


def _declare(library) -> None:
    int_p, int64_p = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int64)
    library.cfv_check.restype = ctypes.c_int64
    library.cfv_check.argtypes = [int_p, int_p, ctypes.c_int, int_p, ctypes.c_int, int_p,
                                  ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                  ctypes.c_int64, ctypes.c_char_p, ctypes.c_int,
                                  ctypes.c_int64, ctypes.c_int64, int64_p]


_LIBRARY = _native_build.Library(SOURCE, STEM, _declare)
available = _LIBRARY.available
unavailable_reason = _LIBRARY.unavailable_reason


def checker(cards: list, clubs: list, rules: dict, window_clubs: int, keys, played,
            needs: bytearray | None = None, two_step: bool = False):
    """The ``compiled(lo, hi, verdict)`` of :func:`analysis.clubfight_verify.check_loss`
    for this deal and these listed states (``array('Q')``, ``array('H')``); ``needs``:
    the ladder's table (:meth:`analysis.clubfight_verify.Game.ladder_needs`) or None;
    ``two_step``: the ladder two steps deep too."""
    library = _LIBRARY.require("certificate verifier")
    ints = _native_build.ints
    values, suits = ints(v for v, _ in cards), ints(SUIT_CODES.get(s, 0) for _, s in cards)
    order, fields = ints(clubs), ints(int(rules[name]) for name in RULE_ORDER)
    # The arrays stay alive in this closure: C reads them in place.
    keys_at = keys.buffer_info()[0] if len(keys) else None
    played_at = played.buffer_info()[0] if len(played) else None
    counts = (ctypes.c_int64 * 3)()
    ladder = None if needs is None else bytes(needs)

    def check(lo: int, hi: int, verdict) -> int:
        counts[0] = counts[1] = counts[2] = 0
        wrong = library.cfv_check(values, suits, len(cards), order, len(clubs), fields,
                                  window_clubs, keys_at, played_at, len(keys), ladder,
                                  int(two_step), lo, hi, counts)
        verdict.checked += counts[0]
        verdict.children += counts[1]
        verdict.cuts += counts[2]
        return wrong

    return check


def compiled_or_none(engine: str = "auto"):
    """The ``compiled`` argument of :func:`analysis.clubfight_verify.verify` for the
    engine asked: ``python`` gives None, ``native`` requires the library (RuntimeError
    saying why not), ``auto`` uses it when it can be had."""
    if engine == "python" or (engine == "auto" and not available()):
        return None
    _LIBRARY.require("certificate verifier")
    return checker
