"""Unwinnable Club Fight deals: short reasons, proofs, and a hunt for them.

Three pieces:

* **Reason finders** (:func:`find_reason`): cheap, sound arguments that a
  position cannot be won, in words with the rule numbers they rest on.  Each
  is an upper bound on the cards the clubs left can still clear; when it is
  below the cards in play the position is lost (CF 5.1, CF 5.2).  They are
  written from the rules, not from the solver, and use
  :func:`analysis.clubfight.capacity.club_capacities` (what one club can clear at
  most on any grid of given cards, checked with z3 against the action
  encodings in the tests):

  - ``capacity``: the clubs' capacities on all the cards in play, less what a
    Joker costs (CF 4.7: only Any or Line takes one), add up to less than the
    cards in play;
  - ``window``: the grid deck is dealt in its fixed order into a 9-card grid
    (CF 1.3, CF 2.3), so the club played after ``A`` clears sees only the
    first ``9 + A`` cards; a club can be played only once drawn (CF 2.4) and
    only once (CF 2.1).  Even clearing the most each club can on what has
    been dealt, the clubs cannot get through the deck;
  - ``joker``: a Joker deep in the deck is dealt only after enough clears,
    and no club is left by then to take it by Any or Line (CF 4.7, CF 4.3,
    CF 4.4).

* **Proofs** (:func:`prove_unwinnable`): the solver's verdict (``loss`` only
  when every line of play was ruled out), the reason where one exists (else
  the size of the proof, solver nodes), and z3's bounded model check
  (:mod:`proofs.clubfight_bmc`) on the position where it reaches.

* **The hunt** (:func:`hunt`): unwinnable deals are rare (every deal of
  CF1/CF2-0..999 and 5000..5999 is won), so instead of sampling, a local
  search over deals drives a deal toward a loss.  Its objective is a
  *tightness* measure (:class:`Tightness`): levels ``E_1, E_2, ...``, the
  cards that must come off the end of the grid deck before the deal is won
  with its last 1, 2, ... clubs dropped (the larger, the tighter; a lost deal
  ends the search), then the solver's effort.  Each candidate is compared
  with the current deal, so that most are rejected after two quick solves
  (:func:`tightness` with ``than``): ``bench/bench_hunt.py`` measures it
  against the first measure (:func:`score`, slack then excess, kept for
  comparison).  Neighbourhood: :func:`mutate_structured` (swaps within a
  suit, within a value, nearby, of blocks of three, of clubs) and
  :func:`mutate`.  Starting points: deal numbers or deals given, or
  constructed deals (:func:`constructed_start`: suits interleaved, Jokers
  dealt last, the weak clubs first; :func:`constructed_triples`: the deck as
  value triples, so a grid of three triples blocks Line, Up/Down and Run).

  What limits it: the solver finds wins fast and proves losses slowly (a
  restricted deal with 10-12 clubs that is lost by a card or two takes far
  more than 10^4 nodes), so a level counts a restricted deal the probe's node
  cap leaves undecided as not won, and the search drifts toward deals that
  are merely hard for the solver; each new tightest deal is measured again
  with a much larger cap (``verify_nodes``) and the tightest deal once more
  without caps at the end.  See ``results/clubfight/unwinnable.md`` for what
  the hunt reached.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from model.clubfight.cards import JOKER, Card, rank_text
from model.clubfight.deals import Deal
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import Rules
from model.clubfight.state import State
from analysis.clubfight.capacity import club_capacities
from proofs.clubfight_bmc import REACH


# --------------------------------------------------------------------------
# Reasons
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Reason:
    """A short argument that a position is lost."""

    kind: str            # capacity, window, joker
    rules: tuple[str, ...]
    text: str
    bound: int           # the most cards the argument allows to be cleared
    needed: int          # the cards in play

    def as_dict(self) -> dict:
        return {"kind": self.kind, "rules": list(self.rules), "text": self.text,
                "bound": self.bound, "needed": self.needed}


def _clubs_left(state: State) -> list[int]:
    """The clubs still to play, in the order they can be played (hand, then deck)."""
    return list(state.hand) + list(state.clubs)


def _cards(state: State) -> list:
    """The cards in play in deal order: the grid in slot order, then the deck."""
    return [c for c in state.grid if c is not None] + list(state.deck)


def _jokers_constrained(rules: Rules) -> bool:
    """Only Any and Line take a Joker (CF 4.7) unless Match or Sum may."""
    return not (rules.jokers_match or rules.sum_jokers_zero)


def _joker_cap(club: int, cards, rules: Rules) -> int:
    """The most a club clears in an action that takes a Joker (rulebook: Any 1,
    or Line 3 if a card of its rank is in play)."""
    line = any(not c.is_joker and c.value == club for c in cards) or (
        rules.line_joker_target and any(c.is_joker for c in cards))
    return 3 if line else 1


def capacity_reason(state: State, rules: Rules) -> Reason | None:
    cards = _cards(state)
    clubs = _clubs_left(state)
    if not cards:
        return None
    caps = club_capacities(cards, clubs, rules)
    total = sum(caps.values())
    jokers = sum(c.is_joker for c in cards)
    note = ""
    if jokers and _jokers_constrained(rules) and clubs:
        losses = sorted((caps[c] - min(caps[c], _joker_cap(c, cards, rules)), c)
                        for c in clubs)
        loss = losses[0][0] if jokers == 1 else min(
            (losses[0][0] + losses[1][0]) if len(losses) > 1 else 10 ** 6,
            min((caps[c] - 3 for c in clubs if _joker_cap(c, cards, rules) == 3),
                default=10 ** 6))
        loss = min(loss, total)
        if loss:
            note = (f", less {loss} because {'a Joker' if jokers == 1 else 'the Jokers'} "
                    f"can only leave by Any or Line (CF 4.7)")
            total -= loss
    if total >= len(cards):
        return None
    parts = ", ".join(f"{rank_text(c)}:{caps[c]}" for c in clubs)
    return Reason(
        "capacity", ("CF 2.1", "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6",
                     "CF 4.7", "CF 5.1"),
        f"{len(cards)} cards must be cleared, but the {len(clubs)} clubs left can clear at "
        f"most {parts} cards each in one action (CF 4.1-4.6), {total} in all{note}; each club "
        f"is played once (CF 2.1)", total, len(cards))


def _window_dp(state: State, rules: Rules, turns: int | None = None) -> tuple[list, list]:
    """``best[S]``: the most cards the clubs of subset ``S`` can clear, played first,
    each on the cards dealt so far; and the clubs, bit ``i`` = ``clubs[i]``."""
    cards = _cards(state)
    on_grid = sum(c is not None for c in state.grid)
    clubs = _clubs_left(state)
    k = len(clubs)
    start = [max(0, i - len(state.hand) + 1) for i in range(k)]
    total = len(cards)
    first = {}
    for c in clubs:  # the first club plays on the actual grid (blocking included)
        first[c] = max((len(m.cleared) for m in moves_for_club(state.grid, c, rules)),
                       default=0)
    cache: dict[int, dict] = {}

    def caps_after(cleared: int) -> dict:
        found = cache.get(cleared)
        if found is None:
            window = cards[:min(total, on_grid + cleared)]
            found = club_capacities(window, clubs, rules)
            cache[cleared] = found
        return found

    full = (1 << k) - 1
    best = [-1] * (full + 1)
    best[0] = 0
    for used in range(full + 1):
        cleared = best[used]
        if cleared < 0 or used == full:
            continue
        size = used.bit_count()
        if turns is not None and size >= turns:
            continue
        caps = first if used == 0 else caps_after(cleared)
        for i in range(k):
            bit = 1 << i
            if used & bit or start[i] > size:
                continue
            after = min(total, cleared + min(9, caps[clubs[i]]))
            if after > best[used | bit]:
                best[used | bit] = after
    return best, clubs


def window_reason(state: State, rules: Rules) -> Reason | None:
    cards = _cards(state)
    if not cards or not state.hand:
        return None
    best, clubs = _window_dp(state, rules)
    bound = max(best)
    if bound >= len(cards):
        return None
    return Reason(
        "window", ("CF 1.3", "CF 2.1", "CF 2.3", "CF 2.4", "CF 4.1", "CF 4.2", "CF 4.3",
                   "CF 4.4", "CF 4.5", "CF 4.6", "CF 5.1"),
        f"the grid deck is dealt in its fixed order into 9 slots (CF 2.3), so a club played "
        f"after A clears can only reach the first {len(cards) - len(state.deck)}+A cards; "
        f"clearing the most each club can on those (CF 4.1-4.6), in any order the club deck "
        f"allows (CF 2.4), the {len(clubs)} clubs clear at most {bound} of the {len(cards)} "
        f"cards", bound, len(cards))


def joker_reason(state: State, rules: Rules) -> Reason | None:
    if not _jokers_constrained(rules):
        return None
    cards = _cards(state)
    on_grid = sum(c is not None for c in state.grid)
    clubs = _clubs_left(state)
    if not clubs:
        return None
    last = max((i for i, c in enumerate(cards) if c.is_joker), default=-1)
    if last < on_grid:
        return None
    need = last - on_grid + 1  # clears before the Joker is dealt
    best, _ = _window_dp(state, rules, turns=len(clubs) - 1)
    most = max(best)
    if most >= need:
        return None
    return Reason(
        "joker", ("CF 2.3", "CF 4.7", "CF 4.3", "CF 4.4", "CF 5.1"),
        f"the Joker is card {last + 1} of the {len(cards)} in play, dealt only after {need} "
        f"clears (CF 2.3); with one club kept back, the other {len(clubs) - 1} clear at most "
        f"{most}, so no club is left to take the Joker by Any or Line (CF 4.7)",
        most, need)


REASON_FINDERS = (capacity_reason, joker_reason, window_reason)


def find_reason(state: State, rules: Rules) -> Reason | None:
    """The first short argument that ``state`` is lost, or None."""
    for finder in REASON_FINDERS:
        found = finder(state, rules)
        if found is not None:
            return found
    return None


# --------------------------------------------------------------------------
# Proofs of unwinnability
# --------------------------------------------------------------------------

@dataclass
class Proof:
    """What is known about one deal or position."""

    verdict: str                 # win, loss, unknown (the solver's)
    nodes: int
    seconds: float
    reason: Reason | None = None
    z3: str | None = None        # loss (confirmed), win (a refutation!), unknown, None
    z3_seconds: float | None = None
    moves: list = field(default_factory=list)
    z3_cuts: dict | None = None  # z3 on the states the solver's proof cut

    def as_dict(self) -> dict:
        out = {"verdict": self.verdict, "nodes": self.nodes,
               "seconds": round(self.seconds, 4),
               "reason": self.reason.as_dict() if self.reason else None,
               "z3": self.z3}
        if self.z3_seconds is not None:
            out["z3_seconds"] = round(self.z3_seconds, 3)
        if self.z3_cuts is not None:
            out["z3_cuts"] = self.z3_cuts
        return out


def prove_unwinnable(source, rules: Rules, *, timeout: float | None = 60.0,
                     z3_timeout: float | None = 30.0, z3_clubs: int = REACH,
                     z3_cuts: int = 5) -> Proof:
    """Decide a deal or position with the solver; for a loss add a reason and z3.

    z3 (the bounded model check) decides the position itself only when at
    most ``z3_clubs`` clubs are left (its reach, see ``bench/bench_bmc.py``)
    and ``z3_timeout`` is set; beyond that it referees up to ``z3_cuts``
    states the solver's proof cut (:func:`proofs.clubfight_bmc.referee`).  A
    z3 ``win`` on a solver ``loss`` would be a bug in one of them and is
    reported as such.  A reason is only kept with the solver's agreement.
    """
    from analysis.clubfight.solver import as_state, solve

    state = as_state(source)
    result = solve(state, rules, timeout=timeout)
    proof = Proof(result.verdict, result.nodes, result.seconds, moves=result.moves)
    reason = find_reason(state, rules)
    if reason is not None and result.verdict == "win":
        raise AssertionError(f"reason {reason.kind} claims a won position is lost: {state}")
    if result.verdict != "loss":
        return proof
    proof.reason = reason
    if not z3_timeout:
        return proof
    from proofs.clubfight_bmc import decide, referee

    if len(state.hand) + len(state.clubs) <= z3_clubs:
        checked = decide(state, rules, timeout=z3_timeout)
        proof.z3 = checked.verdict
        proof.z3_seconds = checked.seconds
    elif z3_cuts:
        report = referee(state, rules, count=z3_cuts, timeout=z3_timeout, max_clubs=z3_clubs)
        proof.z3_cuts = {k: v for k, v in report.as_dict().items()
                         if k in ("checked", "confirmed", "refuted", "undecided")}
        if report.refuted:
            proof.z3 = "win"  # a cut state z3 wins: a bug, reported as a refutation
    return proof


# --------------------------------------------------------------------------
# The hunt
# --------------------------------------------------------------------------

def restricted(deal: Deal, drop: int, cut: int = 0) -> State:
    """The starting state of ``deal`` with the last ``drop`` clubs of the club
    deck removed (so ``13 - drop`` turns) and the last ``cut`` grid-deck cards
    taken out of play."""
    state = State.from_deal(deal)
    clubs = state.clubs[:len(state.clubs) - drop] if drop else state.clubs
    deck = state.deck[:len(state.deck) - cut] if cut else state.deck
    return State(state.grid, deck, state.hand, clubs,
                 tuple(v for v in range(1, 14) if v not in state.hand + clubs),
                 tuple(state.deck[len(deck):]), state.jokers)


@dataclass
class Score:
    """Tightness of a deal: with ``slack`` clubs dropped from the end of the club
    deck it is still won, with one more it is not (-1: the deal itself is
    lost); ``nodes`` is the solver's effort on the full deal."""

    slack: int
    nodes: int
    verdict: str
    excess: int = 0
    """For ``slack == 0``: how many cards must be taken off the end of the grid
    deck before the deal is won with one club fewer (more is tighter)."""

    def key(self) -> tuple:
        return (self.slack, -self.excess, -self.nodes)


MAX_SLACK = 5


def _won(deal: Deal, drop: int, rules: Rules, timeout: float, max_nodes: int,
         cut: int = 0) -> bool | None:
    from analysis.clubfight.solver import solve

    result = solve(restricted(deal, drop, cut), rules, timeout=timeout, max_nodes=max_nodes)
    return None if result.verdict == "unknown" else result.verdict == "win"


def score(deal: Deal, rules: Rules, *, timeout: float = 5.0, max_nodes: int = 50_000,
          than: Score | None = None) -> Score | None:
    """The deal's :class:`Score`; None when the solver stops before a verdict.

    With ``than``, only as much is computed as needed to compare: a deal
    still won with one club fewer than ``than`` allows is returned with that
    slack as a lower bound (it is looser either way).  A restricted deal the
    solver cannot decide within ``max_nodes`` counts as not won (so a slack
    may be underestimated, never a loss claimed: a loss is only ever the
    full deal's verdict).
    """
    from analysis.clubfight.solver import solve

    full = solve(deal, rules, timeout=timeout)
    if full.verdict == "unknown":
        return None
    if full.verdict == "loss":
        return Score(-1, full.nodes, "loss")
    if than is not None and than.slack >= 0:
        probe = than.slack + 1
        if probe <= MAX_SLACK and _won(deal, probe, rules, timeout, max_nodes):
            return Score(probe, full.nodes, "win")  # looser than ``than``
        top = than.slack
        while top > 0 and not _won(deal, top, rules, timeout, max_nodes):
            top -= 1
        if top == 0:
            return Score(0, full.nodes, "win", _excess(deal, rules, timeout, max_nodes))
        return Score(top, full.nodes, "win")
    slack = 0
    while slack < MAX_SLACK and _won(deal, slack + 1, rules, timeout, max_nodes):
        slack += 1
    if slack == 0:
        return Score(0, full.nodes, "win", _excess(deal, rules, timeout, max_nodes))
    return Score(slack, full.nodes, "win")


def _excess(deal: Deal, rules: Rules, timeout: float, max_nodes: int) -> int:
    """The fewest cards off the end of the grid deck that make the deal won
    with its last club dropped (up to 9; undecided counts as not won)."""
    cut = 1
    while cut < 9 and not _won(deal, 1, rules, timeout, max_nodes, cut):
        cut += 1
    return cut


# -- the fast tightness measure used by the hunt ------------------------------

MAX_CUT = 12


@dataclass
class Tightness:
    """How close a deal is to a loss, by levels.

    ``levels[k - 1]`` (``E_k``) is the fewest cards taken off the end of the
    grid deck for the deal to be won with its last ``k`` clubs dropped (0:
    won as it is with ``13 - k`` clubs; ``MAX_CUT``: not won within the cuts
    tried).  A deal that needs all 13 clubs has ``E_1 >= 1``; the larger
    ``E_1``, the more cards 12 clubs fall short of, and ``E_2`` ranks deals
    with the same ``E_1`` (and gives loose deals, ``E_1 = 0``, a gradient).
    ``verdict`` is the solver's on the whole deal (``loss``: found).

    A restricted deal the solver decides neither way within the probe's node
    cap (tried once more with ``escalate`` times the cap) counts as not won
    (the default), so a level may be overestimated for a deal that is merely
    hard for the solver (never is a loss claimed: that is only ever the whole
    deal's verdict, without caps); the hunt therefore measures each new
    tightest deal again with a much larger cap.  With ``proven`` it counts as
    won instead, so a level counts only losses the solver proves within the
    cap (in practice this leaves the levels at 0: restricted deals lost by a
    card or two take far more than 10^4 nodes to prove lost).
    ``probes``: solves spent.
    """

    verdict: str
    levels: tuple[int, ...]
    nodes: int
    probes: int = 0
    partial: bool = False
    """True when the measure stopped early because the deal was already looser
    than the one it was compared with (the levels are then upper bounds)."""

    def key(self) -> tuple:
        """Smaller is tighter: a loss first, then a deal the solver could not
        decide within its limits, then larger levels, then more solver nodes to
        find a win (in powers of two: a deal whose wins are hard to find has
        few winning lines)."""
        if self.verdict == "loss":
            return (-1,)
        if self.verdict == "unknown":
            return (-0.5,)
        return (0,) + tuple(-e for e in self.levels) + (-self.nodes.bit_length(),)

    @property
    def slack(self) -> int:
        """Clubs droppable from the end with the deal still won (as in :class:`Score`;
        -1 for a loss; at least ``len(levels)`` when every level is 0)."""
        if self.verdict == "loss":
            return -1
        for k, e in enumerate(self.levels):
            if e:
                return k
        return len(self.levels)

    @property
    def excess(self) -> int:
        """The first non-zero level (for slack 0: ``E_1``, the old ``excess``)."""
        return next((e for e in self.levels if e), 0)

    def as_dict(self) -> dict:
        return {"verdict": self.verdict, "levels": list(self.levels), "nodes": self.nodes,
                "slack": self.slack, "excess": self.excess}


def tightness(deal: Deal, rules: Rules, *, than: Tightness | None = None, depth: int = 2,
              probe_nodes: int | None = 1000, full_nodes: int | None = 20_000,
              full_timeout: float | None = 10.0, timeout: float | None = 5.0,
              proven: bool = False, escalate: int = 10) -> Tightness:
    """The deal's :class:`Tightness`, computing only what a comparison needs.

    Solves: the whole deal once (a win is usually found in a few hundred
    nodes; ``full_nodes`` first, then up to ``full_timeout`` seconds, so a
    deal the solver finds hard is looked at closely: it may be lost), then
    for each level ``k`` restricted deals with ``k`` clubs dropped and ``c``
    cards cut, ``c`` rising from ``E_{k-1}`` (levels never decrease: a deal
    won with fewer clubs is won with more) until one is won within
    ``probe_nodes``.  With ``than``, each level first probes one cut below
    ``than``'s value: a win there shows the deal is looser, and the measure
    stops (``partial``) -- so a rejected candidate costs two quick wins.
    """
    from analysis.clubfight.solver import solve

    probes = 1
    full = solve(deal, rules, max_nodes=full_nodes, timeout=timeout)
    if full.verdict == "unknown" and full_timeout != 0:
        probes += 1
        full = solve(deal, rules, timeout=full_timeout)
    nodes = full.nodes
    if full.verdict != "win":
        return Tightness(full.verdict, (MAX_CUT,) * depth, nodes, probes)

    def won(drop: int, cut: int) -> bool:
        nonlocal probes
        probes += 1
        state = restricted(deal, drop, cut)
        result = solve(state, rules, max_nodes=probe_nodes, timeout=timeout)
        if result.verdict == "unknown" and probe_nodes is not None and escalate > 1:
            probes += 1
            result = solve(state, rules, max_nodes=probe_nodes * escalate, timeout=timeout)
        if result.verdict == "unknown":
            return proven
        return result.verdict == "win"

    levels: list[int] = []
    tied = than is not None and than.verdict == "win"
    for k in range(1, depth + 1):
        low = levels[-1] if levels else 0
        if tied:
            target = than.levels[k - 1]
            if target - 1 >= low and won(k, target - 1):
                # Looser than ``than`` at this level: its E_k is below ``target``.
                levels.append(target - 1)
                levels += [max(levels[-1], e) for e in than.levels[k:depth]]
                return Tightness("win", tuple(levels), nodes, probes, partial=True)
            low = max(low, target)
        cut = low
        while cut < MAX_CUT and not won(k, cut):
            cut += 1
        levels.append(cut)
        if tied and cut != than.levels[k - 1]:
            tied = False
    return Tightness("win", tuple(levels), nodes, probes)


def _swap_two(items: list, rng: random.Random) -> None:
    """Swap two items at random places."""
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]


def _move_one(items: list, rng: random.Random) -> None:
    """Take one item out and put it back at another random place."""
    i, j = rng.sample(range(len(items)), 2)
    items.insert(j, items.pop(i))


def mutate(deal: Deal, rng: random.Random) -> Deal:
    """Swap two grid-deck cards, move one, or swap two clubs (1-3 times)."""
    grid = list(deal.grid_deck)
    clubs = list(deal.clubs)
    for _ in range(rng.choice((1, 1, 2, 3))):
        roll = rng.random()
        if roll < 0.6:
            _swap_two(grid, rng)
        elif roll < 0.8:
            _move_one(grid, rng)
        else:
            _swap_two(clubs, rng)
    return Deal(tuple(grid), tuple(clubs))


def _swap_where(grid: list, rng: random.Random, same) -> bool:
    """Swap two grid-deck cards ``a``, ``b`` with ``same(a, b)``; False if none found."""
    for _ in range(12):
        i, j = rng.sample(range(len(grid)), 2)
        if grid[i] != grid[j] and same(grid[i], grid[j]):
            grid[i], grid[j] = grid[j], grid[i]
            return True
    return False


def mutate_structured(deal: Deal, rng: random.Random) -> Deal:
    """A finer neighbourhood than :func:`mutate` (1-2 changes):

    * swap two cards of the same suit (the suit pattern, so which actions
      each grid blocks, stays as it is; only values move);
    * swap two cards of the same value (the values stay, suits move);
    * swap two cards a few places apart (local reordering);
    * swap two cards anywhere, or move one;
    * swap two aligned blocks of three cards;
    * swap two clubs, or move one club elsewhere in the draw order.
    """
    grid = list(deal.grid_deck)
    clubs = list(deal.clubs)
    for _ in range(rng.choice((1, 1, 1, 2))):
        roll = rng.random()
        if roll < 0.25:
            _swap_where(grid, rng, lambda a, b: a.suit_order == b.suit_order
                        and not a.is_joker)
        elif roll < 0.40:
            _swap_where(grid, rng, lambda a, b: a.value == b.value and not a.is_joker)
        elif roll < 0.55:
            i = rng.randrange(len(grid) - 1)
            j = min(len(grid) - 1, i + rng.randint(1, 4))
            grid[i], grid[j] = grid[j], grid[i]
        elif roll < 0.70:
            _swap_two(grid, rng)
        elif roll < 0.80:
            _move_one(grid, rng)
        elif roll < 0.86:
            # Swap two aligned blocks of three (the triples of constructed_triples).
            i, j = rng.sample(range(len(grid) // 3), 2)
            i, j = 3 * i, 3 * j
            grid[i:i + 3], grid[j:j + 3] = grid[j:j + 3], grid[i:i + 3]
        elif roll < 0.94:
            _swap_two(clubs, rng)
        else:
            _move_one(clubs, rng)
    return Deal(tuple(grid), tuple(clubs))


def constructed_start(jokers: int, rng: random.Random) -> Deal:
    """A deal built to be hard, to start the search from.

    * suits interleaved D, H, S, D, H, S, ... through the grid deck (values
      shuffled within each suit), so a grid usually holds 3 of a suit and
      blocks Line, Up/Down or Run (CF 3.2-3.4);
    * the Jokers dealt last, so each costs an Any or a Line late (CF 4.7);
    * the weak clubs first: A, K, Q, J in hand (no Up/Down, CF 4.5), the 7 (Up/Down
      either way) drawn last.

    On a sample of such deals about 1 in 5 is won only with all 13 clubs,
    against about 1 in 15 random deals.
    """
    per_suit = {}
    for suit in "DHS":
        cards = [Card.of(v, suit) for v in range(1, 14)]
        rng.shuffle(cards)
        per_suit[suit] = cards
    grid = [per_suit["DHS"[i % 3]][i // 3] for i in range(39)] + [JOKER] * jokers
    middle = [2, 3, 4, 5, 6, 8, 9, 10]
    rng.shuffle(middle)
    return Deal(tuple(grid), tuple([1, 13, 12, 11] + middle + [7]))


def constructed_triples(jokers: int, rng: random.Random, jokers_first: bool | None = None
                        ) -> Deal:
    """A deal built from *triples*: the grid deck is the 13 values in a random
    order, each as its three cards (Diamond, Heart, Spade in a random order),
    the Jokers first or last.

    A grid of three whole triples holds 3 Diamonds, 3 Hearts and 3 Spades, so
    Line, Up/Down and Run are all blocked (CF 3.2-3.4), and a Match (at most 3
    cards, CF 4.1) clears a triple whose place the next triple takes: as long
    as the structure holds, each club clears at most 3 cards (Sum aside), and
    13 clubs x 3 < 40 cards.  The player wins by breaking it; the hunt looks
    for orders where that costs more than it gains.  Clubs in a random order.
    """
    values = list(range(1, 14))
    rng.shuffle(values)
    deck = []
    for value in values:
        suits = list("DHS")
        rng.shuffle(suits)
        deck += [Card.of(value, suit) for suit in suits]
    if jokers_first is None:
        jokers_first = rng.random() < 0.5
    deck = [JOKER] * jokers + deck if jokers_first else deck + [JOKER] * jokers
    clubs = list(range(1, 14))
    rng.shuffle(clubs)
    return Deal(tuple(deck), tuple(clubs))


def constructed_starved(jokers: int, rng: random.Random) -> Deal:
    """A deal built so that consecutive cards starve every action but Any and Sum.

    The grid deck runs through a random order of the 13 values three times,
    with the suits in a fixed random cycle of three: 13 and 3 have no common
    factor, so each of the 39 cards comes once, and any 9 consecutive cards
    have 9 different values (a Match takes one card, CF 4.1) and 3 of each
    suit (Line, Up/Down and Run blocked, CF 3.2-3.4).  While the grid holds
    consecutive cards, as it does at the start and refill after refill when
    the clears take the oldest cards, the structure holds.  The Jokers come
    last (each then costs an Any or a Line late, CF 4.7); the clubs in a
    random order.
    """
    values = list(range(1, 14))
    rng.shuffle(values)
    suits = list("DHS")
    rng.shuffle(suits)
    deck = [Card.of(values[i % 13], suits[i % 3]) for i in range(39)] + [JOKER] * jokers
    clubs = list(range(1, 14))
    rng.shuffle(clubs)
    return Deal(tuple(deck), tuple(clubs))


STARTS = {"interleaved": constructed_start, "triples": constructed_triples,
          "starved": constructed_starved}
"""Constructed starting points by name (``--start-kind``)."""
START_LABELS = {"interleaved": "suits interleaved, Jokers last, weak clubs first",
                "triples": "value triples", "starved": "values cycled, suits cycled, Jokers last"}
"""How :func:`hunt` describes each construction in its result."""


def construction(start_kind: str):
    """The constructed start named ``start_kind`` (:data:`STARTS`): ``ValueError``
    naming the choices for any other name, before a hunt begins."""
    try:
        return STARTS[start_kind]
    except KeyError:
        raise ValueError(f"start_kind must be one of {', '.join(STARTS)}, "
                         f"not {start_kind!r}") from None


@dataclass
class HuntResult:
    found: Deal | None            # a deal the solver proved lost, or None
    best: Deal                    # the tightest deal met
    best_score: Tightness
    start: str                    # where the search started
    evaluations: int
    seconds: float
    trail: list = field(default_factory=list)  # (seconds, evaluations, levels, nodes)
    exact: Tightness | None = None  # the tightest deal's measure without node caps
    probes: int = 0               # solver calls
    undecided: list = field(default_factory=list)  # deals the solver could not decide
    verified: int = 0             # new tightest deals measured again with larger caps
    stopped: str = ""             # why the command's --timeout cut the hunt short

    @property
    def rate(self) -> float:
        """Deals evaluated per second."""
        return self.evaluations / self.seconds if self.seconds else 0.0


def hunt(jokers: int, rules: Rules, *, budget: float = 60.0, seed: int = 0,
         starts: list | None = None, solve_timeout: float = 5.0,
         exact_timeout: float = 30.0, progress=None, depth: int = 2,
         probe_nodes: int = 1000, full_nodes: int = 20_000, worse: float = 0.03,
         patience: int = 400, max_evaluations: int | None = None,
         proven: bool = False, escalate: int = 10, start_kind: str = "interleaved",
         deep_timeout: float | None = None, verify_nodes: int | None = 100_000,
         deadline: Deadline = NO_DEADLINE) -> HuntResult:
    """Local search over deals toward a loss, within ``budget`` seconds.

    The objective is :func:`tightness` (levels ``E_1 .. E_depth``), each
    candidate compared with the current deal so that most are rejected after
    two quick solves.  ``starts``: deal numbers (``"CF2-33"``), deal strings
    or Deals to start from (one is picked per restart); default: constructed
    deals (:func:`constructed_start`).  Neighbourhood:
    :func:`mutate_structured` (3 in 4) and :func:`mutate`.  A candidate that
    would be the new tightest deal is measured again with ``verify_nodes``
    per restricted solve (None: not at all) before it counts.  Moves that do not
    loosen the deal are kept (a random walk on plateaus), looser ones with
    probability ``worse``; after ``patience`` evaluations without a new
    tightest deal the search goes back to the tightest deal.  Deterministic
    for a given ``seed`` and ``max_evaluations`` (node caps, not time, bound
    every solve but the rare ones that need ``solve_timeout``); ``budget``
    stops it by time.  ``deadline`` (the command's ``--timeout``) stops the
    search too, bounds every solve's time, and leaves the tightest deal
    unmeasured without the caps (``exact`` None) when it passes first; the
    result then says why (``stopped``).
    """
    construct = construction(start_kind)
    rng = random.Random(seed)
    began = time.perf_counter()
    cache: dict[Deal, Tightness] = {}
    probes = verified = 0
    undecided: list = []

    def within(seconds: float | None) -> float | None:
        """A solve's time limit, no later than the deadline."""
        left = deadline.remaining()
        return seconds if left is None else max(1e-6, left if seconds is None
                                                 else min(seconds, left))

    def measure(deal: Deal, than: Tightness | None = None) -> Tightness:
        nonlocal probes
        found = cache.get(deal)
        if found is not None:
            return found
        found = tightness(deal, rules, than=than, depth=depth, probe_nodes=probe_nodes,
                          full_nodes=full_nodes,
                          full_timeout=within(solve_timeout if deep_timeout is None
                                              else deep_timeout),
                          timeout=within(solve_timeout), proven=proven, escalate=escalate)
        probes += found.probes
        if deadline.expired():  # what the limit cut is no measure of the deal
            return found
        if found.verdict == "unknown":
            undecided.append(str(deal))
        if not found.partial:
            cache[deal] = found
        return found

    def searching() -> bool:
        return time.perf_counter() - began < budget and not deadline.expired()

    def new_start() -> tuple[Deal, str]:
        if starts:
            item = rng.choice(starts)
            if isinstance(item, Deal):
                return item, str(item)
            return Deal.parse(item), str(item)
        return construct(jokers, rng), f"constructed deals ({START_LABELS[start_kind]})"

    deal, label = new_start()
    current = measure(deal)
    while current.verdict == "unknown" and searching():
        deal, label = new_start()
        current = measure(deal)
    best, best_score = deal, current
    evaluations = 1
    stale = 0
    trail = [(0.0, 1, list(current.levels), current.nodes)]
    while current.verdict != "loss" and searching() and (
            max_evaluations is None or evaluations < max_evaluations):
        if rng.random() < 0.75:
            candidate = mutate_structured(deal, rng)
        else:
            candidate = mutate(deal, rng)
        found = measure(candidate, current)
        if deadline.expired():
            break  # the candidate's measure was cut: it does not count
        evaluations += 1
        stale += 1
        if found.verdict == "unknown":
            continue
        if found.key() < best_score.key() and verify_nodes and found.verdict == "win":
            # A new tightest deal: measure it again with a much larger node cap, so
            # that a deal that is merely hard for the solver within the probes' caps
            # does not become the deal the search returns to.
            found = tightness(candidate, rules, depth=depth, probe_nodes=verify_nodes,
                              escalate=1, full_nodes=full_nodes,
                              full_timeout=within(solve_timeout),
                              timeout=within(solve_timeout), proven=proven)
            probes += found.probes
            verified += 1
            if deadline.expired():
                break
        if found.key() <= current.key() or rng.random() < worse:
            deal, current = candidate, found
        if found.key() < best_score.key() or (
                found.key() == best_score.key() and found.nodes > best_score.nodes):
            if found.key() < best_score.key():
                stale = 0
                trail.append((round(time.perf_counter() - began, 2), evaluations,
                              list(found.levels), found.nodes))
                if progress:
                    progress(f"{evaluations} deals tried, tightest: levels "
                             f"{list(found.levels)}, {found.nodes} nodes")
            best, best_score = candidate, found
        if stale > patience:
            deal, current, stale = best, best_score, 0
    searched = time.perf_counter() - began
    # The search's levels count a restricted deal it could not win within its
    # node cap as not won: measure the tightest deal again without the caps.
    exact = best_score if best_score.verdict == "loss" else None if deadline.expired() \
        else tightness(best, rules, depth=depth, probe_nodes=None, full_nodes=None,
                       full_timeout=within(exact_timeout), timeout=within(exact_timeout))
    stopped = ""
    if deadline.expired():
        stopped = TimeUp(deadline.limit, deadline.where).reason
        if exact is not best_score:
            exact = None  # cut by the limit: not the deal's measure without the caps
    return HuntResult(best if best_score.verdict == "loss" else None, best, best_score,
                      label, evaluations, searched, trail, exact, probes, undecided, verified,
                      stopped)


def nearest_deal_number(deal: Deal, jokers: int, numbers=range(200)) -> tuple[str, int]:
    """Among the deal numbers ``CFj-n`` for n in ``numbers``, the one whose deal
    differs from ``deal`` in the fewest positions of the two decks (and how many)."""
    best = ("", 10 ** 6)
    for number in numbers:
        other = Deal.from_number(jokers, number)
        differ = sum(a != b for a, b in zip(other.grid_deck, deal.grid_deck)) + sum(
            a != b for a, b in zip(other.clubs, deal.clubs))
        if differ < best[1]:
            best = (f"CF{jokers}-{number}", differ)
    return best
