"""Solve a Club Fight position exactly: a win with its line, a loss with its proof, or unknown.

The solver sees both decks.  It answers ``win`` with a winning line (model
:class:`~model.clubfight.moves.Move` objects that replay from the position
given), ``loss`` only when every line of play has been ruled out, and
``unknown`` only when a limit the caller set (``max_nodes``, ``timeout``)
stopped it.  :mod:`analysis.clubfight.certify` checks wins without this code.

The search (:class:`analysis.clubfight.search.Search`) is a depth-first
search over the solver's integer representation, with the techniques of
:mod:`analysis.clubfight.techniques` (each can be switched off through
:class:`Techniques`).  Every pruning rule's soundness argument is in the
docstring of the method that applies it; ``tests/test_clubfight_solver.py``
checks each technique against :func:`reference_decide` on late-game states.

Engines.  ``_solver_core.c`` is a line-by-line C port of the search (same
moves in the same order, same bounds, same restarts and tie-breaking), built
by the install (or on first use) and loaded with ctypes (:mod:`analysis.clubfight._solver_native`);
:func:`solve` runs it when it builds, else the Python search.  The tests run
both and require the same verdict, node count, statistics and line.  The
Python search stays the reference: read it for what the search does.
"""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field, replace

from analysis.clubfight.limits import CERTIFICATE_LIMIT, DEFAULT_CERTIFICATE_LIMIT  # noqa: F401
from analysis.clubfight._solver_core import (
    MASK_SLOTS, Position, child_grid, club_masks, dealt_of, unpack_grid,
)
from analysis.clubfight.certificate import PACKED_DEALT_SHIFT, LossCertificate
from analysis.clubfight.search import Search, SearchStopped
from analysis.clubfight.techniques import ALL_TECHNIQUES, Techniques
from model.clubfight.deals import Deal
from model.clubfight.moves import Move
from model.clubfight.rules import DEFAULT_RULES, Rules
from model.clubfight.state import State

VERDICTS = ("win", "loss", "unknown")


@dataclass
class SolveResult:
    """What :func:`solve` found.

    ``moves`` is a winning line from the position given (only for ``win``);
    ``nodes`` counts the states expanded; ``stats`` says what each technique
    did (children cut by each bound, table hits, restarts).
    """

    verdict: str
    moves: list[Move]
    nodes: int
    seconds: float
    rules: Rules
    stats: dict = field(default_factory=dict)
    certificate: LossCertificate | None = None
    """For a ``loss`` solved with ``certificate=True``: the refuted states,
    for :func:`analysis.clubfight.losscheck.check_loss`."""

    def as_dict(self) -> dict:
        return {"verdict": self.verdict, "moves": [m.as_dict() for m in self.moves],
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}


def as_state(source) -> State:
    """A :class:`State` from a State, a Deal, or a deal text (``CF2-17`` or notation)."""
    if isinstance(source, State):
        return source
    if isinstance(source, Deal):
        return State.from_deal(source)
    if isinstance(source, str):
        return State.from_deal(Deal.parse(source))
    raise TypeError(f"expected a State, a Deal or a deal text, not {type(source).__name__}")


ENGINES = ("auto", "native", "python")
def _certificate(state: State, position: Position, rules: Rules, entries, nodes: int
                 ) -> LossCertificate:
    """The refuted table in the certificate's packed form.

    ``entries``: the Python search's ``grid << 14 | played`` ints, or the
    compiled search's two arrays (the certificate's packed keys, played
    masks).  The solver's packed grid is the certificate's packed cells (6
    bits a slot, 63 empty, cards numbered in deal order); only the deal
    position is added (the compiled search adds it itself).
    """
    if isinstance(entries, tuple):
        keys, played = entries
    else:
        total = len(position.values)
        keys, played = array("Q"), array("i")
        for entry in entries:
            grid = entry >> 14
            keys.append(grid | dealt_of(grid, total) << PACKED_DEALT_SHIFT)
            played.append(entry & 0x3FFF)
    return LossCertificate.from_packed(state, rules, keys, played, nodes)


def solve(state_or_deal, rules: Rules = DEFAULT_RULES, *, max_nodes: int | None = None,
          timeout: float | None = None, techniques: Techniques = ALL_TECHNIQUES,
          engine: str = "auto", certificate: bool = False,
          certificate_limit: int = DEFAULT_CERTIFICATE_LIMIT, leave: int = 0,
          prefix: tuple[tuple[int, int], ...] = ()) -> SolveResult:
    """Decide a Club Fight position with perfect information.

    ``state_or_deal`` is a :class:`State`, a :class:`Deal` or a deal text
    (``"CF2-17"`` or the deal notation).  ``max_nodes`` and ``timeout``
    (seconds) stop the search early; it then says ``unknown``, never ``loss``.

    ``engine``: ``"python"`` runs the search in this module; ``"native"`` runs
    its compiled port (:mod:`analysis.clubfight._solver_native`, the same search
    node for node, about two orders of magnitude faster); ``"auto"`` (the
    default) takes the compiled one when it can be built and ``dedupe`` is on
    (the port has no undeduplicated mode), else Python.  ``stats["engine"]``
    says which ran.

    ``certificate``: for a ``loss``, also hand over the refuted states
    (``result.certificate``, checked by :mod:`analysis.clubfight.losscheck`);
    needs ``table`` on.  Past ``certificate_limit`` states (default
    :data:`DEFAULT_CERTIFICATE_LIMIT`, at most :data:`CERTIFICATE_LIMIT`) there is
    none (``stats["certificate"]`` says so).

    ``leave``: a weaker goal, at most that many cards still in play (grid and
    deck) after some turn: ``win`` then means a line that gets there (its
    moves), ``loss`` that none does; so the fewest cards a deal can be played
    down to is the least ``leave`` that wins (:func:`fewest_left`).  The
    techniques that reason about the last club taking every card (``window``,
    ``tail``, ``ladder``, ``ladder_moves``) and the Jokers' duty in the
    capacity bound are off for ``leave > 0``, and there is no certificate
    (the checker proves the whole game lost).

    ``prefix``: search only the lines that begin with these moves, ``(club,
    slot mask)`` pairs from the start (a part of a proof in parts,
    :mod:`analysis.clubfight.divided`).  A ``win`` is still a winning line of
    the position (it may leave the prefix where a move wins at once); a
    ``loss`` then says only that every line through the prefix is lost, and
    its certificate lists the prefix's states as refuted though only their
    prefix child was searched: it proves nothing alone.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    started = time.perf_counter()
    state = as_state(state_or_deal)
    position = Position.of(state)
    if type(leave) is not int or leave < 0:
        raise ValueError(f"leave must be a whole number from 0, not {leave!r}")
    if leave:
        if certificate:
            raise ValueError("a loss certificate is for the whole game: leave must be 0")
        techniques = replace(techniques, window=False, tail=False, ladder=False,
                             ladder_moves=False)
    prefix = tuple(prefix)
    if len(prefix) > 13 or any(
            not (isinstance(move, tuple) and len(move) == 2 and all(type(x) is int for x in move)
                 and 1 <= move[0] <= 13 and 0 < move[1] < 512) for move in prefix):
        raise ValueError(f"prefix must be up to 13 (club 1..13, slot mask 1..511) pairs, "
                         f"not {prefix!r}")
    if certificate and not techniques.table:
        raise ValueError("a loss certificate is the table of refuted states: table must be on")
    use_native = engine == "native" or (
        engine == "auto" and techniques.dedupe and _native_available())
    if use_native:
        from analysis.clubfight._solver_native import solve_native

        if not techniques.dedupe:
            raise ValueError("the compiled search always deduplicates moves")
        # Not bounded by max_nodes: two_step lists children it cut without
        # making them nodes, so a proof may refute more states than it has
        # nodes.  The room is an anonymous mapping; pages come as written.
        cap = min(CERTIFICATE_LIMIT, certificate_limit) if certificate else 0
        verdict, pairs, nodes, stats = solve_native(position, rules, techniques, max_nodes,
                                                    timeout, cap, leave, prefix)
        moves = label_line(position, rules, pairs) if verdict == "win" else []
        stats["engine"] = "native"
        entries = stats.pop("refuted", None)
        proof = None
        if certificate and verdict == "loss":
            if stats["certificate_size"] > cap:
                stats["certificate"] = f"too large: {stats['certificate_size']} refuted states"
            else:
                proof = _certificate(state, position, rules, entries, nodes)
        return SolveResult(verdict, moves, nodes, time.perf_counter() - started, rules,
                           stats, proof)
    search = Search(position, rules, techniques, max_nodes, timeout, leave, prefix)
    try:
        line = search.run()
    except SearchStopped:
        verdict, moves = "unknown", []
    else:
        if line is None:
            verdict, moves = "loss", []
        else:
            verdict = "win"
            moves = [Move(club, label[0], MASK_SLOTS[mask], label[1], label[2])
                     for club, mask, label in line]
    stats = dict(search.stats)
    stats["table_size"] = len(search.refuted)
    stats["certificate_size"] = len(search.refuted) - len(search.cut_only)
    stats["engine"] = "python"
    proof = None
    if certificate and verdict == "loss":
        if stats["certificate_size"] > min(CERTIFICATE_LIMIT, certificate_limit):
            stats["certificate"] = f"too large: {stats['certificate_size']} refuted states"
        else:
            proof = _certificate(state, position, rules, search.refuted - search.cut_only,
                                 search.nodes)
    return SolveResult(verdict, moves, search.nodes, time.perf_counter() - started, rules,
                       stats, proof)


@dataclass
class FewestLeft:
    """What :func:`fewest_left` found: ``fewest`` cards in play is the least any
    line of play leaves (``None`` when a search stopped on its budget first);
    every smaller number is proved out of reach, so at least ``at_least`` are
    always left; ``moves``: a line that leaves ``fewest``; ``nodes`` in all."""

    fewest: int | None
    at_least: int
    moves: list
    nodes: int


def fewest_left(state_or_deal, rules: Rules = DEFAULT_RULES, *, max_nodes: int | None = None,
                timeout: float | None = None, engine: str = "auto",
                at_least: int = 0) -> FewestLeft:
    """The fewest cards a line of play can leave in play (0 for a won deal).

    Solves with ``leave`` = ``at_least``, ``at_least + 1``, ... until a line
    gets there (``at_least``: fewer is already known out of reach, say 1 for
    a position solved as lost).  ``max_nodes`` bounds each solve and
    ``timeout`` all of them; a solve stopped by either leaves ``fewest``
    unknown (``None``), never a guess.  The solves with ``leave > 0`` run
    without the bounds that assume the last club takes every card, so they
    cost more than a plain solve of the same position.
    """
    state = as_state(state_or_deal)
    deadline = None if timeout is None else time.perf_counter() + timeout
    nodes = 0
    for leave in range(at_least, state.cards_left + 1):
        remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
        result = solve(state, rules, max_nodes=max_nodes, timeout=remaining, engine=engine,
                       leave=leave)
        nodes += result.nodes
        if result.verdict == "win":
            return FewestLeft(leave, leave, result.moves, nodes)
        if result.verdict == "unknown":
            return FewestLeft(None, leave, [], nodes)
    raise AssertionError("leaving every card in play is always within reach")


def _native_available() -> bool:
    from analysis.clubfight._solver_native import available

    return available()


def label_line(position: Position, rules: Rules, pairs: list) -> list[Move]:
    """Model moves for a line of ``(club, slot mask)``: the action for each mask
    is the first the move generator lists for it (as the Python search does)."""
    grid, dealt, total = position.grid, position.dealt, len(position.values)
    moves = []
    for club, mask in pairs:
        cells = unpack_grid(grid)
        action, line, direction = club_masks(cells, position.values, position.suits, club,
                                             rules)[mask]
        moves.append(Move(club, action, MASK_SLOTS[mask], line, direction))
        grid, dealt = child_grid(grid, dealt, total, mask)
    return moves


def position_state(start: State, position: Position, grid: int, dealt: int,
                   played: int) -> State:
    """The model :class:`State` of a search state below ``start`` (whose solver
    form is ``position``; ``played`` is the mask of clubs played since)."""
    order = position.club_order
    drawn = order[:min(len(order), position.hand_size + played.bit_count())]
    hand = tuple(sorted(v for v in drawn if not played >> v & 1))
    clubs = tuple(order[len(drawn):])
    grid_cards = tuple(None if i < 0 else position.cards[i] for i in unpack_grid(grid))
    deck = tuple(position.cards[dealt:])
    gone = [c for c in start.grid if c is not None] + list(start.deck)
    for card in [c for c in grid_cards if c is not None] + list(deck):
        gone.remove(card)
    return State(grid=grid_cards, deck=deck, hand=hand, clubs=clubs,
                 discard=tuple(v for v in range(1, 14) if v not in hand + clubs),
                 cleared=tuple(sorted(list(start.cleared) + gone)), jokers=start.jokers)


def pruned_states(state_or_deal, rules: Rules = DEFAULT_RULES, *, limit: int = 10_000,
                  techniques: Techniques = ALL_TECHNIQUES,
                  max_nodes: int | None = 100_000) -> list[tuple[str, State]]:
    """The states the Python search cut, each with the rule that cut it
    (``bound``, ``next_club``, ``window``, ``tail``, ``ladder``): at most ``limit``, in the
    order met, from a search of at most ``max_nodes`` nodes.  Every one of them
    must be lost; the tests check that with :func:`reference_decide`, and a z3
    referee can check them too."""
    start = as_state(state_or_deal)
    position = Position.of(start)
    search = Search(position, rules, techniques, max_nodes, None)
    search.cut_log = []
    try:
        search.run()
    except SearchStopped:
        pass
    return [(rule, position_state(start, position, grid, dealt, played))
            for rule, grid, dealt, played in search.cut_log[:limit]]


def reference_decide(state: State, rules: Rules, *, max_nodes: int | None = None,
                     leave: int = 0) -> bool:
    """Win (True) or loss (False) by the plainest search: no bound, no table, no ordering.

    ``leave``: :func:`solve`'s weaker goal (at most that many cards in play).

    A child is each distinct set of slots a club in hand may clear (that is
    what a move does to the state, not a pruning rule).  The state is kept as
    an explicit tuple of slots, deal position and played clubs, independent
    of the solver's packing, and refilled step by step as CF 2.3 says.
    Exponential: meant for late-game states in tests.  Raises
    ``RuntimeError`` past ``max_nodes``.
    """
    position = Position.of(state)
    values, suits, total = position.values, position.suits, len(position.values)
    order = position.club_order
    nodes = 0
    decided: dict[tuple, bool] = {}

    def wins(cells: tuple, dealt: int, played: frozenset) -> bool:
        key = (cells, dealt, played)
        if key not in decided:
            decided[key] = expand(cells, dealt, played)
        return decided[key]

    def expand(cells: tuple, dealt: int, played: frozenset) -> bool:
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise RuntimeError("reference search exceeded its node limit")
        drawn = order[:min(len(order), position.hand_size + len(played))]
        for club in drawn:
            if club in played:
                continue
            for mask in club_masks(list(cells), values, suits, club, rules):
                after = [None if mask >> s & 1 else cells[s] for s in range(9)]
                next_card = dealt
                for s in range(9):
                    if after[s] is None or after[s] < 0:
                        if next_card < total:
                            after[s] = next_card
                            next_card += 1
                        else:
                            after[s] = -1
                if (total - next_card) + sum(c >= 0 for c in after) <= leave:
                    return True
                if wins(tuple(after), next_card, played | {club}):
                    return True
        return False

    cells = tuple(unpack_grid(position.grid))
    if (total - position.dealt) + sum(c >= 0 for c in cells) <= leave:
        return True
    return wins(cells, position.dealt, frozenset())
