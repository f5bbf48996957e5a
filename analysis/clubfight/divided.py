"""A loss proved in parts: a proof too large for one search, split by its first moves.

One search holds every state it refutes in memory (CF2-8834 with 11 clubs:
643 MB at the peak for 3,441,198 states listed), so a loss of hundreds of
millions of states does not fit in one.
It does fit in parts: the search from the start restricted to the lines that
begin with a few given moves (``solve(..., prefix=...)``) refutes only the
states of that subtree.  :func:`prove_loss_divided` tries the whole loss
with a node budget; a part the budget stops is split into one part per
distinct state its last move can reach (a state another part already covers
is left out), breadth first, until every part is settled.  The parts of a
wave are independent, so they may run in many processes.

Why the union of the parts' refuted states is a certificate
(:mod:`analysis.clubfight.certificate_file`) of the loss: every part runs from
the start with the certificate's techniques (:data:`CERTIFICATE_TECHNIQUES`),
so its states are numbered as the start numbers them and its cuts are the
verifier's.  A part's state below its prefix had every child searched or cut.
A prefix's own states had only their prefix child searched in that part, but
a state is a prefix only of parts that split it, and a split makes one part
for every child state of it, all of them in the union.  So every listed state
has every child listed, cut or lost, which is what the verifier checks
(it checks the whole union afresh: nothing here is taken on trust).  A part
that finds a win has found a winning line of the deal.

The work is resumable: with a ``folder``, each settled part appends its
states to ``states.bin`` and then its line to ``parts.jsonl``; a run started
again on the folder skips the parts it finds there (states past the last
line, from a run killed in between, are dropped).
"""

from __future__ import annotations

import json
import os
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from analysis.clubfight._solver_core import Position, child_grid, club_masks, unpack_grid
from analysis.clubfight.certificate import sort_packed
from analysis.clubfight.limits import CERTIFICATE_LIMIT
from analysis.clubfight.slack import with_clubs
from model.clubfight.deals import Deal
from model.clubfight.rules import Rules
from model.clubfight.state import State
from model.core.errors import InputError

PARTS_FILE = "parts.jsonl"
STATES_FILE = "states.bin"
STATE_BYTES = 12  # a key (8 bytes) and a played set (4 bytes) in states.bin


@dataclass(frozen=True, slots=True)
class Won:
    """A part found a win: ``moves``, the winning line as the solver labels it."""

    moves: tuple


@dataclass(slots=True)
class Progress:
    """Where a divided proof stands: parts settled, waiting, split; nodes; states so far."""

    settled: int = 0
    waiting: int = 0
    split: int = 0
    nodes: int = 0
    states: int = 0
    seconds: float = 0.0


def part_states(position: Position, rules: Rules, prefix: tuple) -> list[tuple]:
    """The prefixes one move longer than ``prefix``, one per distinct state its last
    move reaches (the first move found of each), leaving out the moves after which no
    club is left (lost by the rules, nothing to search)."""
    grid, dealt, played = _walk(position, prefix)
    total, order, size = len(position.values), position.club_order, position.hand_size
    turn = played.bit_count()
    hand = [c for c in order[:min(len(order), size + turn)] if not played >> c & 1]
    if len(hand) + len(order) - min(len(order), size + turn) <= 1:
        return []  # the last club: its part searched every move already
    cells = unpack_grid(grid)
    seen, out = set(), []
    for club in sorted(hand):
        for mask in club_masks(cells, position.values, position.suits, club, rules):
            child = child_grid(grid, dealt, total, mask)[0], played | 1 << club
            if child not in seen:
                seen.add(child)
                out.append(prefix + ((club, mask),))
    return out


def _solve_part(job: tuple) -> tuple:
    """One part in a worker: ``(prefix, verdict, nodes, seconds, keys, played, why)``."""
    from analysis.clubfight.certificate_file import CERTIFICATE_TECHNIQUES
    from analysis.clubfight.solver import solve

    start, rules, prefix, part_nodes, limit = job
    result = solve(start, rules, max_nodes=part_nodes, techniques=CERTIFICATE_TECHNIQUES,
                   certificate=True, certificate_limit=limit, prefix=prefix)
    if result.verdict == "win":
        return prefix, "win", result.nodes, result.seconds, None, None, \
            [m.as_dict() for m in result.moves]
    if result.verdict == "loss" and result.certificate is not None:
        keys, played = result.certificate.packed()
        return prefix, "loss", result.nodes, result.seconds, keys, played, None
    why = "budget" if result.verdict == "unknown" else "size"
    return prefix, "split", result.nodes, result.seconds, None, None, why


class _Store:
    """The settled parts' states, in memory and (with a ``folder``) on disk.

    ``states.bin`` holds one record a part that lists states: their count (8
    bytes, little-endian), the keys (8 bytes each), the played sets (4 bytes
    each), in this machine's byte order; ``parts.jsonl`` a header line, then one
    line a settled part, written after its record."""

    def __init__(self, folder: Path | None, header: dict) -> None:
        self.keys, self.played = array("Q"), array("i")
        self.done: dict[tuple, str] = {}
        self.nodes = 0
        self.seconds = 0.0
        self.distinct = 0  # states in the arrays when last made distinct
        self.folder = folder
        if folder is None:
            return
        folder.mkdir(parents=True, exist_ok=True)
        parts, states = folder / PARTS_FILE, folder / STATES_FILE
        if not parts.exists():
            parts.write_text(json.dumps(header) + "\n", encoding="utf-8")
            states.write_bytes(b"")
            return
        lines = parts.read_text(encoding="utf-8").splitlines()
        try:
            made_for = json.loads(lines[0]) if lines else None
            rows = [json.loads(line) for line in lines[1:] if line.strip()]
            size = sum(8 + STATE_BYTES * row["states"] for row in rows if "states" in row)
        except (json.JSONDecodeError, TypeError, KeyError) as error:
            raise InputError(f"is not a list of a proof's parts ({error}); give the folder "
                             "of this proof or a new one", str(parts)) from None
        if _proof_of(made_for) != _proof_of(header):
            raise InputError(f"holds the parts of another proof than this one "
                             f"({_about(made_for)}, not {_about(header)}); give the folder "
                             "of this proof or a new one", str(parts))
        if not states.exists() or states.stat().st_size < size:
            raise InputError(f"holds fewer states than {PARTS_FILE} lists: it was changed "
                             "since the proof wrote it; start it again in a new folder",
                             str(states))
        with states.open("r+b") as file:
            file.truncate(size)  # drops a record whose line was never written
            file.seek(0)
            for row in rows:
                self.done[tuple(tuple(m) for m in row["prefix"])] = row["verdict"]
                self.nodes += row["nodes"]
                self.seconds += row["seconds"]
                if "states" in row:
                    count = int.from_bytes(file.read(8), "little")
                    self.keys.fromfile(file, count)
                    self.played.fromfile(file, count)
                    self._compact_if_grown()

    def add(self, prefix: tuple, verdict: str, nodes: int, seconds: float,
            keys: array | None = None, played: array | None = None) -> None:
        self.done[prefix] = verdict
        self.nodes += nodes
        self.seconds += seconds
        row = {"prefix": [list(m) for m in prefix], "verdict": verdict, "nodes": nodes,
               "seconds": round(seconds, 3)}
        if keys is not None:
            self.keys.extend(keys)
            self.played.extend(played)
            row["states"] = len(keys)
            self._compact_if_grown()
        if self.folder is None:
            return
        if keys is not None:
            with (self.folder / STATES_FILE).open("ab") as file:
                file.write(len(keys).to_bytes(8, "little"))
                keys.tofile(file)
                played.tofile(file)
                file.flush()
                os.fsync(file.fileno())
        with (self.folder / PARTS_FILE).open("a", encoding="utf-8") as file:
            file.write(json.dumps(row) + "\n")

    def _compact_if_grown(self) -> None:
        """Drop repeats once the arrays hold twice what they did when last made distinct
        (and a million more): memory stays near the distinct states, not the parts' sum."""
        if len(self.keys) > 2 * self.distinct + 1_000_000:
            self.compact()

    def compact(self) -> None:
        """Sort the states and drop repeats (parts share states: transpositions)."""
        self.keys, self.played = sort_packed(self.keys, self.played)
        self.distinct = len(self.keys)


def prove_loss_divided(deal: Deal, rules: Rules, clubs: int, *, rules_name: str,
                       deal_id: str | None = None, part_nodes: int = 20_000_000,
                       folder: Path | None = None,
                       progress: Callable[[Progress], None] | None = None,
                       run_parts: Callable | None = None):
    """The loss of ``deal`` with its first ``clubs`` clubs, proved in parts of at most
    ``part_nodes`` nodes each (module docstring): a
    :class:`~analysis.clubfight.certificate_file.LossProof`, a :class:`Won` (a part
    found a win), or a string saying why there is none (a part past the states a
    certificate may hold even alone).  ``folder``: where the settled parts are kept,
    so that a run stopped (killed, interrupted) continues where it was, with the same
    or another ``part_nodes``; a folder of another proof is refused (:class:`~model.core.errors.InputError`).  ``progress`` is
    called after each part settled or split.  ``run_parts(func, jobs)`` runs the
    parts of a wave, yielding ``func(job)`` as each finishes, in any order (default:
    one after the other here; ``ringside clubfight prove --workers`` passes the
    harness's pool, which ends its workers on an interrupt)."""
    from analysis.clubfight.certificate_file import WINDOW_CLUBS, LossProof, rules_json

    if not 1 <= clubs <= 13:
        raise ValueError(f"clubs must be 1..13, not {clubs}")
    if type(part_nodes) is not int or part_nodes < 1:
        raise ValueError(f"part_nodes must be a whole number from 1, not {part_nodes!r}")
    start = with_clubs(State.from_deal(deal), clubs)
    position = Position.of(start)
    header = {"divided_proof": 1, "deal": str(deal), "deal_id": deal_id, "clubs": clubs,
              "rules": rules_json(rules, rules_name), "part_nodes": part_nodes}
    store = _Store(None if folder is None else Path(folder), header)
    limit = CERTIFICATE_LIMIT
    status = Progress(nodes=store.nodes, seconds=store.seconds)
    # One part a state: a prefix reaching a state another part settles or splits
    # (two clubs played in either order, say) is left out, since that part lists
    # the state (or it is cut: every cut is of the state alone, as the verifier's).
    claimed = {_end(position, p) for p, verdict in store.done.items() if verdict != "win"}
    waiting: list[tuple] = [p for p, verdict in store.done.items() if verdict == "win"]

    def offer(prefixes) -> None:
        for prefix in prefixes:
            end = _end(position, prefix)
            if end not in claimed:
                claimed.add(end)
                waiting.append(prefix)

    offer([()])
    for prefix, verdict in list(store.done.items()):  # a stopped run's parts still to do
        if verdict == "split":
            offer(part_states(position, rules, prefix))
    status.split = sum(verdict == "split" for verdict in store.done.values())
    status.settled = len(store.done) - status.split
    status.states = len(store.keys)
    if progress is not None and store.done:
        progress(status)  # what a stopped run had settled
    run_parts = run_parts or (lambda func, jobs: map(func, jobs))
    while waiting:
        # A wave at a time: the parts a wave splits wait for the next one.
        wave, waiting[:] = list(waiting), []
        jobs = [(start, rules, prefix, part_nodes, limit) for prefix in wave]
        for done, (prefix, verdict, nodes, seconds, keys, played, extra) in enumerate(
                run_parts(_solve_part, jobs), start=1):
            status.nodes += nodes
            status.seconds += seconds
            if verdict == "win":
                store.add(prefix, "win", nodes, seconds)
                return Won(tuple(extra))
            if verdict == "loss":
                store.add(prefix, "loss", nodes, seconds, keys, played)
                status.settled += 1
                status.states = len(store.keys)
            else:
                children = part_states(position, rules, prefix)
                if not children:
                    return (f"the part {_text(prefix)} needs more than {part_nodes:,} nodes "
                            f"({extra}) and has no moves to split")
                store.add(prefix, "split", nodes, seconds)
                status.split += 1
                offer(children)
            status.waiting = len(wave) - done + len(waiting)
            if progress is not None:
                progress(status)
    store.compact()
    return LossProof(clubs, store.keys, array("H", store.played), store.nodes,
                     store.seconds, WINDOW_CLUBS, True, True)


def _proof_of(header) -> dict | None:
    """What a work folder must share with the run taking it up: the deal, its clubs and
    the rules (not the part size: a settled part is settled whatever its budget was)."""
    if not isinstance(header, dict):
        return None
    return {key: value for key, value in header.items() if key != "part_nodes"}


def _walk(position: Position, prefix: tuple) -> tuple[int, int, int]:
    """Where a prefix leads: the grid, the deal position and the played clubs."""
    grid, dealt, played, total = position.grid, position.dealt, 0, len(position.values)
    for club, mask in prefix:
        grid, dealt = child_grid(grid, dealt, total, mask)
        played |= 1 << club
    return grid, dealt, played


def _end(position: Position, prefix: tuple) -> tuple[int, int]:
    """The state a prefix reaches: its grid and played clubs (the grid implies the rest)."""
    grid, _, played = _walk(position, prefix)
    return grid, played


def _about(header) -> str:
    if not isinstance(header, dict):
        return "nothing readable"
    return (f"{header.get('deal_id') or 'a deal'} with {header.get('clubs')} clubs, "
            f"rules {(header.get('rules') or {}).get('name')}")


def _text(prefix: tuple) -> str:
    return " then ".join(f"club {club} on slots {mask:09b}" for club, mask in prefix) or "start"
