"""A z3 bounded model check of Club Fight positions.

Given a position (the grid, the grid deck in its fixed order, the hand and
the club deck in draw order), is there a sequence of legal actions that wins?
The check unrolls the remaining turns (at most one per club left, CF 2.5) in
one z3 formula and asks for a winning run:

* turn ``t`` has a symbolic grid (:class:`proofs.clubfight.SymGrid`) whose
  slots hold card *indices* into the cards still in play (the grid's cards in
  slot order, then the deck in deal order); a slot's value, suit and Joker
  flag are lookups of its index in the concrete tables of the position;
* the move of turn ``t`` is one club of those drawn by then (CF 2.4), not
  played before (CF 2.1), and a selection ``sel[t]`` (9 Bools) that some
  action of that club legally clears on the turn's grid -- the per-action
  encodings of :mod:`proofs.clubfight` (``legal``), the same ones its proof
  obligations check against the executable move enumerator;
* the refill (CF 2.3): a cleared slot receives the card ``p + k``, where
  ``p`` is the deck pointer and ``k`` the number of cleared slots before it
  in slot order, or stays empty once the deck is out; the pointer advances by
  the number of cleared slots.  The next grid is therefore a function of the
  cleared *set* alone, whichever action cleared it;
* the game is won (CF 5.1) once the cards cleared add up to the cards in
  play; after that, turns clear nothing.

``sat`` gives a winning line; it is decoded into model moves and replayed by
:mod:`analysis.clubfight.certify` (the rules model, not this encoding) before it
is reported.  ``unsat`` proves that no line of play wins: a loss certificate
independent of the solver's search and of its pruning.

Nothing here imports the solver (:mod:`analysis.clubfight.solver` or its core):
the check is meant to referee it.

Speed (see :class:`Encoding` and ``bench/bench_bmc.py``): the turns' grids
are built from small per-slot domains of card indices (a slot can only hold
cards the deck can have reached by then), each club is encoded with its
value concrete (so the action encodings constant-fold), the first turn's grid
is concrete and its moves are enumerated by the rules model, cardinality
constraints tie the clears to the cards left, per-turn capacities bound each
club's clear, and the formula is translated to 8-bit vectors and bit-blasted
to SAT (all integers in it are small and bounded).

Reach (``python bench/bench_bmc.py``, 4 late-game positions per row from
CF1/CF2 deals, rulebook, 60 s cap, one core of the development machine):

==========  =======================  ==========================
turns left  default: decided, max s  plain encoding: decided, max s
==========  =======================  ==========================
1           4/4, 0.07                4/4, 0.18
2           4/4, 0.22                4/4, 0.57
3           4/4, 0.59                4/4, 2.5
4           4/4, 4.4                 4/4, 32
5           4/4, 18                  1/4 (60 s cap)
6           2/4 (40 s, 9-17 s)       0/4
7           2/4 (15 s, 52 s)         --
8           1/4 (32 s)               --
==========  =======================  ==========================

States the solver cuts with 3-4 clubs left are refuted in about 1 s, with 5
left in 2-13 s.  A whole deal (13 turns) stays out of reach.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from analysis.clubfight.capacity import club_capacities
from model.clubfight.moves import Move, moves_for_club
from model.clubfight.rules import Rules
from model.clubfight.state import State
from proofs.solving import Undecided, check
from proofs.clubfight import SLOTS, SymGrid, VARIANTS, legal

VERDICTS = ("win", "loss", "unknown")
REACH = 8
"""The most clubs left for which deciding a position is worth a try (see the
reach table above): beyond, callers skip z3 on the position itself."""


@dataclass(frozen=True)
class Encoding:
    """Switches of the encoding (all on by default); each only changes the speed.

    ``domains``: a slot's card index ranges over what the deck can have
    reached by that turn, not over every card.  ``concrete_first``: the
    first turn's moves are enumerated on the concrete grid by the rules
    model.  ``cardinality``: the clears of all turns add up to the cards in
    play (a win) and no turn clears more than the cards left.  ``capacity``:
    no turn's clear exceeds what its club can clear at most on any grid made
    of the cards the deck can have dealt by then (:func:`club_capacities`,
    checked against the action encodings by z3 in the tests), and these caps,
    over the clubs played, add up to at least the cards in play.
    ``bitvectors``: the integers of the formula (card indices, the deck
    pointer, the counts and sums of the action encodings) become 8-bit
    vectors (:func:`to_bitvectors`; every value stays within -128..127).
    ``sat``: bit-blast the formula and hand it to z3's SAT solver (needs
    ``bitvectors``).
    """

    domains: bool = True
    concrete_first: bool = True
    cardinality: bool = True
    capacity: bool = True
    bitvectors: bool = True
    sat: bool = True


DEFAULT_ENCODING = Encoding()
PLAIN_ENCODING = Encoding(domains=False, concrete_first=False, cardinality=False,
                          capacity=False, bitvectors=False, sat=False)


@dataclass
class BmcResult:
    """What the bounded model check found.

    ``verdict``: ``win`` (``moves`` is a winning line, already replayed by
    the rules model), ``loss`` (z3 proved that no line of at most ``turns``
    turns wins, and ``turns`` covers every club left), or ``unknown`` (the
    time cap stopped z3).
    """

    verdict: str
    moves: list[Move]
    turns: int
    seconds: float
    stats: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"verdict": self.verdict, "moves": [m.as_dict() for m in self.moves],
                "turns": self.turns, "seconds": round(self.seconds, 6)}


# --------------------------------------------------------------------------
# The position in the check's own terms
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Tables:
    cards: tuple            # index -> Card (grid cards in slot order, then the deck)
    start: tuple[int, ...]  # slot -> index, or len(cards) for an empty slot
    dealt: int              # the index of the next deck card
    available: tuple[tuple[int, ...], ...]  # turn -> clubs drawn by then
    turns: int

    @property
    def size(self) -> int:
        return len(self.cards)


def _tables(state: State, turns: int | None) -> _Tables:
    on_grid = [card for card in state.grid if card is not None]
    cards = tuple(on_grid) + tuple(state.deck)
    size = len(cards)
    start, index = [], 0
    for card in state.grid:
        if card is None:
            start.append(size)
        else:
            start.append(index)
            index += 1
    clubs_left = len(state.hand) + len(state.clubs)
    turns = clubs_left if turns is None else min(turns, clubs_left)
    # CF 2.4: after t turns the hand has drawn the first t clubs of the club
    # deck (the hand is refilled to 4 while clubs remain; a hand below 4
    # means the club deck is empty).
    available = tuple(tuple(sorted(set(state.hand) | set(state.clubs[:t])))
                      for t in range(turns))
    return _Tables(cards, tuple(start), len(on_grid), available, turns)


def _lookup(index, domain: list[int], table: list, default):
    """``table[index]`` for a symbolic index known to lie in ``domain``."""
    if len(domain) == 1:
        return table[domain[0]]
    expr = table[domain[-1]]
    for i in reversed(domain[:-1]):
        expr = z3.If(index == i, table[i], expr)
    return expr


# --------------------------------------------------------------------------
# Integers to bit-vectors
# --------------------------------------------------------------------------

BV_WIDTH = 8


def to_bitvectors(exprs, width: int = BV_WIDTH) -> list:
    """The same formulas with every integer term turned into a signed bit-vector.

    A mechanical translation (numerals, integer constants, ``+``, ``-``,
    ``*``, ``If``, comparisons; everything Boolean is kept), sound as long as
    no integer of the formula leaves ``-2**(width-1) .. 2**(width-1)-1``: in
    the check every integer is a card index or a deck pointer (at most 43), a
    count of slots (at most 9), a sum of at most 9 card values (at most 117)
    or a club value minus a count.
    """
    k = z3
    memo: dict[int, object] = {}

    def tr(e):
        key = e.get_id()
        found = memo.get(key)
        if found is not None:
            return found
        children = e.children()
        if k.is_int(e):
            if k.is_int_value(e):
                out = k.BitVecVal(e.as_long(), width)
            else:
                kind = e.decl().kind()
                ch = [tr(c) for c in children]
                if kind == k.Z3_OP_ITE:
                    out = k.If(ch[0], ch[1], ch[2])
                elif kind == k.Z3_OP_ADD:
                    out = ch[0]
                    for c in ch[1:]:
                        out = out + c
                elif kind == k.Z3_OP_SUB:
                    out = ch[0]
                    for c in ch[1:]:
                        out = out - c
                elif kind == k.Z3_OP_UMINUS:
                    out = -ch[0]
                elif kind == k.Z3_OP_MUL:
                    out = ch[0]
                    for c in ch[1:]:
                        out = out * c
                elif kind == k.Z3_OP_UNINTERPRETED and not ch:
                    out = k.BitVec(e.decl().name(), width)
                else:
                    raise ValueError(f"to_bitvectors: no translation for {e.decl()}")
        else:
            kind = e.decl().kind() if k.is_app(e) else None
            if kind in (k.Z3_OP_LT, k.Z3_OP_LE, k.Z3_OP_GT, k.Z3_OP_GE) or (
                    kind in (k.Z3_OP_EQ, k.Z3_OP_DISTINCT) and k.is_int(children[0])):
                a = [tr(c) for c in children]
                if kind == k.Z3_OP_LT:
                    out = a[0] < a[1]
                elif kind == k.Z3_OP_LE:
                    out = a[0] <= a[1]
                elif kind == k.Z3_OP_GT:
                    out = a[0] > a[1]
                elif kind == k.Z3_OP_GE:
                    out = a[0] >= a[1]
                elif kind == k.Z3_OP_EQ:
                    out = a[0] == a[1]
                else:
                    out = k.Distinct(*a)
            elif not children:
                out = e
            else:
                out = e.decl()(*[tr(c) for c in children])
        memo[key] = out
        return out

    return [tr(e) for e in exprs]


# --------------------------------------------------------------------------
# The formula
# --------------------------------------------------------------------------

class _Unrolling:
    """The formula for ``turns`` turns from a position, and its decoding."""

    def __init__(self, state: State, rules: Rules, turns: int | None, encoding: Encoding):
        self.state = state
        self.rules = rules
        self.encoding = encoding
        self.t = tables = _tables(state, turns)
        size = tables.size
        self.empty = size
        self.values = [c.value for c in tables.cards] + [0]
        self.suits = [c.suit_order if not c.is_joker else 0 for c in tables.cards] + [0]
        self.jokers = [c.is_joker for c in tables.cards] + [False]
        self.facts: list = []
        self.grids: list[SymGrid] = []
        self.index: list[list] = []      # turn -> slot -> index expression
        self.pointer: list = []          # turn -> deck pointer expression
        self.sel: list[tuple] = []       # turn -> 9 Bools
        self.pick: list[dict] = []       # turn -> club -> Bool
        self.active: list = []           # turn -> Bool: the game is not over yet
        self.cleared: list = []          # turn -> cards cleared before this turn (Int)
        self.caps: list[dict] = []       # turn -> club -> most it can clear then
        self._build()

    # -- pieces ---------------------------------------------------------------
    def _domains(self) -> list[list[list[int]]]:
        """Per turn and slot, the card indices (and ``empty``) the slot may hold."""
        t = self.t
        size = self.empty
        out = []
        for turn in range(t.turns + 1):
            row = []
            for s in SLOTS:
                if not self.encoding.domains:
                    row.append(list(range(size + 1)))
                    continue
                start = t.start[s]
                found = {start}
                if turn > 0 and t.dealt < size:
                    # Cards dealt by then: the pointer is at most dealt + 9 (turn - 1)
                    # before the last refill, which adds at most s for this slot.
                    top = min(size - 1, t.dealt + 9 * (turn - 1) + s)
                    found.update(range(t.dealt, top + 1))
                    if t.dealt + 9 * turn > size - 1 or top == size - 1:
                        found.add(size)
                elif turn > 0:
                    found.add(size)
                row.append(sorted(found))
            out.append(row)
        return out

    def _grid(self, turn: int, index: list, domains: list[list[int]]) -> SymGrid:
        present, joker, value, suit = [], [], [], []
        for s in SLOTS:
            d = domains[s]
            idx = index[s]
            cards = [i for i in d if i < self.empty]
            if len(d) == 1:
                i = d[0]
                present.append(z3.BoolVal(i < self.empty))
                joker.append(z3.BoolVal(self.jokers[i]))
                value.append(z3.IntVal(self.values[i]))
                suit.append(z3.IntVal(self.suits[i]))
                continue
            present.append(idx < self.empty if self.empty in d else z3.BoolVal(True))
            js = [i for i in cards if self.jokers[i]]
            joker.append(z3.Or([idx == i for i in js]) if js else z3.BoolVal(False))
            valued = [i for i in cards if not self.jokers[i]] or [self.empty]
            value.append(_lookup(idx, valued, [z3.IntVal(v) for v in self.values], None))
            suit.append(_lookup(idx, valued, [z3.IntVal(v) for v in self.suits], None))
        return SymGrid(tuple(present), tuple(joker), tuple(value), tuple(suit))

    def _build(self) -> None:
        t = self.t
        enc = self.encoding
        size = self.empty
        domains = self._domains()
        facts = self.facts
        left = sum(1 for i in t.start if i < size) + size - t.dealt
        self.left = left
        index = [z3.IntVal(i) for i in t.start]
        pointer = z3.IntVal(t.dealt)
        cleared = z3.IntVal(0)
        used: dict[int, list] = {}
        for turn in range(t.turns):
            grid = self._grid(turn, index, domains[turn])
            self.grids.append(grid)
            self.index.append(index)
            self.pointer.append(pointer)
            self.cleared.append(cleared)
            sel = tuple(z3.Bool(f"sel_{turn}_{s}") for s in SLOTS)
            self.sel.append(sel)
            active = z3.Bool(f"active_{turn}")
            self.active.append(active)
            facts.append(active == (cleared < left))
            picks = {c: z3.Bool(f"club_{turn}_{c}") for c in t.available[turn]}
            self.pick.append(picks)
            for c, b in picks.items():
                used.setdefault(c, []).append(b)
            # Exactly one club while the game goes on, none after (CF 2.1, 5.1).
            facts.append(z3.If(active, z3.PbEq([(b, 1) for b in picks.values()], 1),
                               z3.And([z3.Not(b) for b in picks.values()])))
            facts.append(z3.Implies(z3.Not(active), z3.Not(z3.Or(sel))))
            if turn == 0 and enc.concrete_first:
                facts.append(z3.Implies(active, self._concrete_turn(sel, picks)))
            else:
                for c, b in picks.items():
                    facts.append(z3.Implies(b, z3.Or([legal(v, grid, c, sel, self.rules)
                                                      for v in VARIANTS])))
            # The refill (CF 2.3): cleared slot s gets card pointer + (cleared before s).
            nxt = []
            before = z3.IntVal(0)
            dom_next = domains[turn + 1]
            for s in SLOTS:
                new = pointer + before
                incoming = z3.If(new < size, new, size)
                var = z3.Int(f"idx_{turn + 1}_{s}")
                facts.append(var == z3.If(sel[s], incoming, index[s]))
                if enc.domains:
                    facts.append(z3.Or([var == i for i in dom_next[s]]))
                nxt.append(var)
                before = before + z3.If(sel[s], 1, 0)
            taken = z3.Sum([z3.If(b, 1, 0) for b in sel])
            p = z3.Int(f"ptr_{turn + 1}")
            facts.append(p == z3.If(pointer + taken < size, pointer + taken, size))
            c = z3.Int(f"cleared_{turn + 1}")
            facts.append(c == cleared + taken)
            if enc.cardinality:
                facts.append(z3.Implies(active, z3.PbLe([(b, 1) for b in sel],
                                                        min(9, left))))
            if enc.capacity:
                window = sorted({i for d in domains[turn] for i in d if i < size})
                caps = club_capacities([t.cards[i] for i in window], picks, self.rules)
                self.caps.append(caps)
                for club, b in picks.items():
                    if caps[club] < 9:
                        facts.append(z3.Implies(b, z3.AtMost(*sel, caps[club])))
            index, pointer, cleared = nxt, p, c
        # Each club at most once (CF 2.1).
        for c, bs in used.items():
            if len(bs) > 1:
                facts.append(z3.AtMost(*bs, 1))
        self.final_cleared = cleared
        if enc.cardinality:
            # The sum of the clears is the number of cards in play.
            facts.append(z3.PbEq([(b, 1) for sel in self.sel for b in sel], left))
        if enc.capacity and self.caps:
            # Summed over the turns: the caps of the clubs played reach the cards left.
            facts.append(z3.PbGe([(b, self.caps[turn][club])
                                  for turn, picks in enumerate(self.pick)
                                  for club, b in picks.items() if self.caps[turn][club]],
                                 left))

    def _concrete_turn(self, sel, picks: dict) -> z3.BoolRef:
        """The first turn on the concrete grid: every legal move, by the rules model."""
        options = []
        for club, b in picks.items():
            masks = {m.cleared for m in moves_for_club(self.state.grid, club, self.rules)}
            for cleared in masks:
                options.append(z3.And(b, *[sel[s] == (s in cleared) for s in SLOTS]))
        return z3.Or(options) if options else z3.BoolVal(False)

    def win(self) -> z3.BoolRef:
        return self.final_cleared == self.left

    # -- decoding -------------------------------------------------------------
    def decode(self, model: z3.ModelRef) -> list[Move]:
        """The winning line in a model, as rules-model moves (first legal action
        of the model's club that clears the model's slots)."""
        from model.clubfight.engine import GAME

        state = self.state
        moves = []
        for turn in range(self.t.turns):
            if not z3.is_true(model.eval(self.active[turn], model_completion=True)):
                break
            club = next(c for c, b in self.pick[turn].items()
                        if z3.is_true(model.eval(b, model_completion=True)))
            cleared = tuple(s for s in SLOTS
                            if z3.is_true(model.eval(self.sel[turn][s], model_completion=True)))
            found = [m for m in moves_for_club(state.grid, club, self.rules)
                     if m.cleared == cleared]
            if not found:
                raise AssertionError(f"z3's move {club} {cleared} at turn {turn} is not legal")
            moves.append(found[0])
            state = GAME.resolve(state, found[0], self.rules).state
        return moves


def _solver(encoding: Encoding) -> z3.Solver:
    if encoding.sat and encoding.bitvectors:
        return z3.Then("simplify", "propagate-values", "solve-eqs", "simplify", "bit-blast",
                       "sat").solver()
    return z3.Solver()


def decide(state: State, rules: Rules, *, turns: int | None = None,
           timeout: float | None = 60.0, encoding: Encoding = DEFAULT_ENCODING,
           certify: bool = True) -> BmcResult:
    """Decide ``state`` with z3: ``win`` (a replayed line), ``loss``, or ``unknown``.

    ``turns`` caps the turns unrolled (default: one per club left, which makes
    ``unsat`` a proof of loss; with fewer, an ``unsat`` only says no win
    within that many turns and is reported as ``unknown``).
    """
    began = time.perf_counter()
    if state.won:
        return BmcResult("win", [], 0, 0.0)
    unrolling = _Unrolling(state, rules, turns, encoding)
    complete = unrolling.t.turns == len(state.hand) + len(state.clubs)
    solver = _solver(encoding)
    if timeout is not None:
        solver.set("timeout", max(1, int(timeout * 1000)))
    facts = unrolling.facts + [unrolling.win()]
    if encoding.bitvectors:
        facts = to_bitvectors(facts)
    solver.add(*facts)
    built = time.perf_counter() - began
    stats = {"build_seconds": round(built, 4), "turns": unrolling.t.turns,
             "cards_left": unrolling.left}
    try:
        verdict = z3.sat if check(solver) else z3.unsat
    except Undecided as undecided:
        stats["reason"] = undecided.reason
        return BmcResult("unknown", [], unrolling.t.turns, time.perf_counter() - began, stats)
    if verdict == z3.sat:
        moves = unrolling.decode(solver.model())
        if certify:
            from analysis.clubfight.certify import certify_win

            certify_win(state, moves, rules)
        return BmcResult("win", moves, unrolling.t.turns, time.perf_counter() - began, stats)
    if verdict == z3.unsat and complete:
        return BmcResult("loss", [], unrolling.t.turns, time.perf_counter() - began, stats)
    stats["reason"] = "turn cap"
    return BmcResult("unknown", [], unrolling.t.turns, time.perf_counter() - began, stats)


# --------------------------------------------------------------------------
# z3 as the referee of the solver's pruning
# --------------------------------------------------------------------------

@dataclass
class RefereeReport:
    """z3's verdicts on states the solver cut as lost.

    ``confirmed``: z3 proved the state lost (unsat); ``refuted``: z3 found a
    winning line from it (replayed by the rules model) -- a bug in the rule
    that cut it; ``undecided``: the time cap stopped z3.
    """

    checked: int = 0
    confirmed: int = 0
    refuted: int = 0
    undecided: int = 0
    by_rule: dict = field(default_factory=dict)
    refutations: list = field(default_factory=list)  # (rule, state text, winning line)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"checked": self.checked, "confirmed": self.confirmed,
                "refuted": self.refuted, "undecided": self.undecided,
                "by_rule": self.by_rule, "seconds": round(self.seconds, 3),
                "refutations": [{"rule": r, "state": s, "moves": m}
                                for r, s, m in self.refutations]}


def pick_pruned(pruned: list, count: int) -> list:
    """Up to ``count`` distinct pruned states spread over the depths z3 reaches:
    first the state with the fewest clubs left of each rule, then round-robin
    over the numbers of clubs left (fewest first), each in the order the search
    met them.  Returned fewest clubs first."""
    seen: set[str] = set()
    levels: dict[int, list] = {}
    for rule, state in pruned:
        text = str(state)
        if text not in seen and not state.won:
            seen.add(text)
            levels.setdefault(len(state.hand) + len(state.clubs), []).append((rule, state))
    chosen: list = []
    taken: set[int] = set()
    rules_seen: set[str] = set()
    for left in sorted(levels):
        for item in levels[left]:
            if item[0] not in rules_seen and len(chosen) < count:
                rules_seen.add(item[0])
                chosen.append((left, item))
                taken.add(id(item))
    queues = {left: [i for i in items if id(i) not in taken] for left, items in levels.items()}
    while len(chosen) < count and any(queues.values()):
        for left in sorted(queues):
            if queues[left] and len(chosen) < count:
                chosen.append((left, queues[left].pop(0)))
    chosen.sort(key=lambda pair: pair[0])
    return [item for _, item in chosen]


def referee(source, rules: Rules, *, count: int = 20, timeout: float = 10.0,
            max_nodes: int = 20_000, max_clubs: int | None = None,
            encoding: Encoding = DEFAULT_ENCODING) -> RefereeReport:
    """Check up to ``count`` states the solver's search of ``source`` cut as lost.

    ``source`` is a deal, a deal text or a state; the search is the solver's
    own (:func:`analysis.clubfight.solver.pruned_states`, at most ``max_nodes``
    nodes); states with more than ``max_clubs`` clubs left are skipped.  Each
    state gets :func:`decide` with ``timeout`` seconds.
    """
    from analysis.clubfight.solver import pruned_states

    began = time.perf_counter()
    pruned = pruned_states(source, rules, max_nodes=max_nodes, limit=100_000)
    if max_clubs is not None:
        pruned = [(r, s) for r, s in pruned if len(s.hand) + len(s.clubs) <= max_clubs]
    report = RefereeReport()
    for rule, state in pick_pruned(pruned, count):
        result = decide(state, rules, timeout=timeout, encoding=encoding)
        report.checked += 1
        tally = report.by_rule.setdefault(rule, {"checked": 0, "confirmed": 0,
                                                 "refuted": 0, "undecided": 0})
        tally["checked"] += 1
        if result.verdict == "loss":
            report.confirmed += 1
            tally["confirmed"] += 1
        elif result.verdict == "win":
            report.refuted += 1
            tally["refuted"] += 1
            report.refutations.append((rule, str(state),
                                       [m.as_dict() for m in result.moves]))
        else:
            report.undecided += 1
            tally["undecided"] += 1
    report.seconds = time.perf_counter() - began
    return report


def capacity_counterexample(cards, club: int, rules: Rules, cap: int | None = None, *,
                            exactly: int | None = None):
    """A grid of some of ``cards`` and a legal move of ``club`` on it that clears
    more than ``cap`` (default :func:`club_capacities`), found by z3 on the
    action encodings of :mod:`proofs.clubfight`; None when there is none.

    Each slot holds one of the cards or nothing; a card is used at most as
    often as it occurs (Jokers may repeat up to their count).  Blocking is
    part of ``legal``, so the check covers every grid the cards can make.
    ``exactly``: only grids of exactly that many cards (see
    :func:`window_capacity_counterexample`).
    """
    from proofs.clubfight import fresh_selection

    kinds: dict = {}
    for card in cards:
        kinds[card] = kinds.get(card, 0) + 1
    kinds = list(kinds.items())
    if cap is None:
        cap = club_capacities(list(cards), [club], rules)[club]
    choice = [[z3.Bool(f"slot_{s}_card_{k}") for k in range(len(kinds))] for s in SLOTS]
    facts = []
    present, joker, value, suit = [], [], [], []
    for s in SLOTS:
        facts.append(z3.AtMost(*choice[s], 1))
        present.append(z3.Or(choice[s]))
        joker.append(z3.Or([b for b, (card, _) in zip(choice[s], kinds) if card.is_joker]
                           or [z3.BoolVal(False)]))
        value.append(z3.Sum([z3.If(b, card.value, 0) for b, (card, _) in zip(choice[s], kinds)]))
        suit.append(z3.Sum([z3.If(b, card.suit_order, 0)
                            for b, (card, _) in zip(choice[s], kinds)]))
    for k, (_, times) in enumerate(kinds):
        facts.append(z3.AtMost(*[choice[s][k] for s in SLOTS], times))
    if exactly is not None:
        facts.append(z3.PbEq([(p, 1) for p in present], exactly))
    g = SymGrid(tuple(present), tuple(joker), tuple(value), tuple(suit))
    sel = fresh_selection("cap_sel")
    solver = _solver(DEFAULT_ENCODING)
    solver.add(*to_bitvectors(facts + [z3.Or([legal(v, g, club, sel, rules) for v in VARIANTS]),
                                       z3.PbGe([(b, 1) for b in sel], cap + 1)]))
    if not check(solver):
        return None
    model = solver.model()
    return g.decode(model), tuple(s for s in SLOTS if z3.is_true(
        model.eval(sel[s], model_completion=True)))


def window_capacity_counterexample(window, cleared: int, club: int, rules: Rules):
    """z3 referee of the solver's ``blocking`` window capacities.

    The solver's window bound says: once ``cleared`` more cards are cleared,
    the grid is the ``window`` cards (the grid now and the deck cards dealt
    meanwhile, all in play) less ``cleared`` of them, and club ``club`` clears
    at most its capacity over the window with every action left out whose
    suit has ``3 + cleared`` cards in the window
    (:func:`analysis.clubfight._solver_core.club_capacities` with ``blocked``).
    This looks for a grid of exactly ``len(window) - cleared`` (at most 9) of
    the window's cards, in any arrangement, and a legal move of ``club`` on it
    clearing more than that; None when z3 proves there is none.
    """
    from analysis.clubfight._solver_core import (
        BLOCK_FLAG, card_delta, club_capacities as solver_capacities,
    )

    size = len(window) - cleared
    if not 0 <= size <= 9:
        raise ValueError(f"a grid holds 0..9 cards, not {size}")
    blocked = 0
    for suit_order, flag in BLOCK_FLAG.items():
        if sum(1 for c in window if not c.is_joker and c.suit_order == suit_order) \
                - cleared >= 3:
            blocked |= flag
    key = sum(card_delta(c.value) for c in window)
    cap = solver_capacities(key, rules, blocked)[0][club]
    return capacity_counterexample(list(window), club, rules, cap, exactly=size)
