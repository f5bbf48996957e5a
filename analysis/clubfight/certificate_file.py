"""Write Club Fight certificate files (format version 2): a win's line, a loss's refuted states.

The format is documented in ``docs/clubfight-certificates.rst`` and checked by
:mod:`analysis.clubfight_verify`, which shares no code with this module or the
solver.  A loss certificate lists refuted states closed under moves: every
child of a listed state is lost by the rules, listed, or cut by the one bound
the verifier re-derives (capacity, Joker duty, next club, the ladder where the
header says ``ladder``, window and tail with at most ``window_clubs`` clubs
left).  The solver's other prunings (two-step, blocking, the ladder's Joker
duty and last two clubs) are cuts the verifier does not know, so the proof
here is a search with :data:`CERTIFICATE_TECHNIQUES` only: its refuted table
is then closed under the verifier's bound, and bigger than the solver's own
proof.  (The verifier's ladder table is never below the solver's without those
two refinements: ``tests/test_clubfight_certificates.py`` compares them.)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import zlib
from array import array
from pathlib import Path

from analysis.clubfight.certificate import sort_packed
from analysis.clubfight.limits import CERTIFICATE_LIMIT
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from analysis.clubfight.techniques import ALL_TECHNIQUES
from model.clubfight.deals import Deal
from model.clubfight.rules import Rules
from model.clubfight.state import State

MAGIC = b"RINGSIDE-CLUBFIGHT-CERTIFICATE"
VERSION = 2
FIRST_LINE = MAGIC + b" %d\n" % VERSION
WINDOW_CLUBS = 5
"""The window and tail bound runs with at most this many clubs left, in the proof
and in the verifier (the header says so).  On the losses of
``bench/bench_certificates.py``, 5 against 3 gives certificates several times
smaller for a verifier that costs a little more per child."""
CERTIFICATE_TECHNIQUES = dataclasses.replace(
    ALL_TECHNIQUES, blocking=False, ladder=True, ladder_moves=True, joker_duty=False,
    last_two=False, two_step=True, window=True, tail=True, window_clubs=WINDOW_CLUBS,
    beams=(), first_budget=0)
"""The solver's techniques whose cuts the verifier re-derives, and nothing else.  The
ladder's move cut (``ladder_moves``) skips only children the child's own ladder test
would cut, which the verifier makes on each child.  No first, cheaply ordered attempt:
it runs before the ladder is built, and the states it refutes are listed though the
ladder cuts them (CF2-635 with 8 clubs: 148 states with it, none without, the ladder
cutting the start; CF1-1 with 8: 502 and 368)."""


EXAMPLE = Path(__file__).with_name("data") / "CF1-662-slack.cert"
"""A small certificate shipped as an example: CF1-662 (``rulebook``) won with 8 clubs
and lost with 7 (slack 5), made by ``ringside clubfight slack CF1-662 --certificate``."""


def is_certificate(head: bytes) -> bool:
    """Whether a file beginning with ``head`` is a certificate (of any version)."""
    return head.startswith(MAGIC + b" ")


@dataclasses.dataclass
class LossProof:
    """A proved loss in the certificate's terms: sorted keys and played sets."""

    clubs: int
    keys: array
    played: array
    nodes: int
    seconds: float
    window_clubs: int = WINDOW_CLUBS
    ladder: bool = True
    two_step: bool = True


def prove_loss(deal: Deal, rules: Rules, clubs: int, *, max_nodes: int | None = None,
               timeout: float | None = None, limit: int = CERTIFICATE_LIMIT,
               window_clubs: int = WINDOW_CLUBS, ladder: bool = True,
               two_step: bool = True):
    """The loss of ``deal`` with its first ``clubs`` clubs, as a :class:`LossProof`;
    or a string saying why there is none (a win, a limit reached).  ``window_clubs``:
    the window and tail bound's reach, ``ladder``: whether the ladder cuts,
    ``two_step``: whether it cuts two steps deep (with the ladder only), in the proof
    and in the verifier (the header says all three)."""
    start = State.from_deal(deal)
    if clubs == 0:
        return LossProof(0, array("Q"), array("H"), 0, 0.0, window_clubs, ladder,
                         two_step and ladder)
    techniques = dataclasses.replace(CERTIFICATE_TECHNIQUES, window_clubs=window_clubs,
                                     ladder=ladder, ladder_moves=ladder,
                                     two_step=two_step and ladder)
    result = solve(with_clubs(start, clubs), rules, max_nodes=max_nodes, timeout=timeout,
                   techniques=techniques, certificate=True,
                   certificate_limit=min(limit, CERTIFICATE_LIMIT))
    if result.verdict == "win":
        raise RuntimeError(f"the deal is won with {clubs} clubs, not lost")
    if result.verdict == "unknown":
        return (f"the certificate's search (the verifier's bound only) stopped after "
                f"{result.nodes:,} nodes")
    if result.certificate is None:
        return f"the certificate would list {result.stats.get('certificate_size')} states, " \
               f"past the limit of {limit:,}"
    keys, played = sort_packed(*result.certificate.packed())  # only the order changes
    return LossProof(clubs, keys, array("H", played), result.nodes, result.seconds,
                     window_clubs, ladder, two_step and ladder)


def rules_json(rules: Rules, name: str) -> dict:
    return {"name": name, **dataclasses.asdict(rules)}


def certificate_bytes(deal: Deal, rules: Rules, rules_name: str, *, deal_id: str | None = None,
                      win: tuple[int, list] | None = None, loss: LossProof | None = None,
                      notes: dict | None = None) -> bytes:
    """The certificate file: ``win`` is ``(clubs, moves)`` (model moves or their JSON),
    ``loss`` a :class:`LossProof`; at least one of them."""
    if win is None and loss is None:
        raise ValueError("a certificate holds a win, a loss or both")
    header: dict = {"deal": str(deal), "id": deal_id, "rules": rules_json(rules, rules_name)}
    body = b""
    if win is not None:
        clubs, moves = win
        header["win"] = {"clubs": clubs, "moves": [
            m if isinstance(m, dict) else m.as_dict() for m in moves]}
    if loss is not None:
        keys, played = array("Q", loss.keys), array("H", loss.played)
        if sys.byteorder == "big":
            keys.byteswap()
            played.byteswap()
        raw = keys.tobytes() + played.tobytes()
        header["loss"] = {"clubs": loss.clubs, "states": len(loss.keys),
                          "window_clubs": loss.window_clubs, "ladder": loss.ladder,
                          "two_step": loss.two_step,
                          "sha256": hashlib.sha256(raw).hexdigest()}
        body = zlib.compress(raw, 9)
    if notes:
        header["notes"] = notes
    line = json.dumps(header, separators=(",", ":")).encode("utf-8")
    return FIRST_LINE + line + b"\n" + body
