"""An independent check of a claimed Club Fight loss.

The solver (:mod:`analysis.clubfight.solver`) proves a loss by a search that
cuts children with bounds.  What it hands over (:class:`LossCertificate`) is
the set of states it refuted: each a grid (card numbers per slot), the deal
position and the clubs played.  This module re-derives the loss from that set
alone, with its own state representation, the rules model's move generator
(:func:`model.clubfight.moves.moves_for_club`) and its own bounds written from
the rules model's capacities (:func:`analysis.clubfight.capacity.club_capacities`);
nothing here imports the solver or its core.

The check (:func:`check_loss`): starting at the deal, every state visited
must be one the certificate lists (or one the check's own bound or search
settles), and every move from it, of every club in hand, must lead to

* a state with cards left and no club left (lost, CF 5.2), or
* a move smaller than what the check's own ladder needs of its club there
  (:meth:`~analysis.clubfight.losscheck_ladder.CheckerLadder.least_clear`;
  the child is not even made), or
* a state the check's own bound (:func:`_LossChecker.bound`) proves lost:
  fewer cards clearable than cards left, or no club in hand with a move as
  big as the check's own ladder (:mod:`analysis.clubfight.losscheck_ladder`,
  built once from the deal's deck order, counting the Jokers' duty where
  Jokers neither match nor join Sums and asking the last club to take what
  the club before it left, as the solver's does) needs, or
* a state the certificate lists, which is then checked the same way, or
* failing those, a state the check's own exhaustive search (same bound at
  every node, a node budget) proves lost.

A move that wins (grid and deck empty, CF 5.1) refutes the certificate.
Every state visited has one club fewer than its parent, so by induction on
the clubs left every state visited is lost, the deal included.  For small
positions (``exhaustive=True``) the check ignores the certificate and runs
the exhaustive search alone.

Two implementations of the same check: this module's Python (the reference,
and the fallback without a C compiler) and a compiled port
(:mod:`analysis.clubfight._losscheck_native`, ``_losscheck_core.c``: the same
walk, move order and bound, written again in C from the rules, sharing no
code with the solver's core), some hundred times faster.  ``check_loss(...,
engine=...)`` picks one; both give the same answer and the same counts
(``tests/test_clubfight_losscheck.py``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from analysis.clubfight.capacity import club_capacities, most_cards_adding_up, stretch_through
from analysis.clubfight.certificate import CellState, LossCertificate
from analysis.clubfight.losscheck_ladder import BLOCKS, HIGH_SIDE, LOW_SIDE, CheckerLadder
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import Rules
from model.clubfight.state import State

@dataclass(slots=True)
class LossCheck:
    """What :func:`check_loss` found: ``ok`` when the loss is re-derived.

    ``visited`` states were expanded (every move of every club in hand
    followed); ``children`` moves were followed; ``bound_cuts`` children
    were settled by the check's own bound, ``listed`` by the certificate,
    ``searched`` by its own search (``search_nodes`` nodes in all);
    ``reason`` says why a check failed (a winning move, a state neither
    listed nor provable within the budget).
    """

    ok: bool
    visited: int = 0
    children: int = 0
    bound_cuts: int = 0
    listed: int = 0
    searched: int = 0
    search_nodes: int = 0
    seconds: float = 0.0
    reason: str | None = None
    engine: str = "python"
    """Which implementation ran: ``"python"`` or ``"native"``."""
    certificate_states: int = 0
    """How many states the certificate listed."""

    def as_dict(self) -> dict:
        return {"ok": self.ok, "visited": self.visited, "children": self.children,
                "bound_cuts": self.bound_cuts, "listed": self.listed,
                "searched": self.searched, "search_nodes": self.search_nodes,
                "seconds": round(self.seconds, 6), "reason": self.reason,
                "engine": self.engine, "certificate_states": self.certificate_states}


ENGINES = ("auto", "native", "python")


def native_available() -> bool:
    """True when the compiled checker can run (built by the install, or on first use)."""
    from analysis.clubfight._losscheck_native import available

    return available()


# What refutes or fails to re-derive a certificate, worded once for both engines.
_START_WON = "the start is already won (CF 5.1)"
_SEARCH_WINS_START = "the check's own search wins the start"


def _child_wins(club: int, slots) -> str:
    return f"from a listed state, club {club} clearing slots {sorted(slots)} wins (CF 5.1)"


def _child_search_wins(club: int, slots) -> str:
    return (f"from a listed state, club {club} clearing slots {sorted(slots)} leads to a "
            f"state the check wins")


def _over_budget(budget: int) -> str:
    return f"the check's own search ran past {budget} nodes"


class _Unsettled(Exception):
    """A state neither listed, nor cut, nor decided within the search budget."""


class _Refuted(Exception):
    """A move wins: the claimed loss is false."""




class _LossChecker(CheckerLadder):
    """The state representation, moves and bounds of the check (its own)."""

    def __init__(self, start: State, rules: Rules, search_budget: int,
                 window_clubs: int) -> None:
        self.rules = rules
        self.cards = [c for c in start.grid if c is not None] + list(start.deck)
        self.total = len(self.cards)
        numbered = iter(range(self.total))
        self.start_cells = tuple(-1 if c is None else next(numbered) for c in start.grid)
        self.start_dealt = sum(1 for c in start.grid if c is not None)
        self.order = tuple(start.hand) + tuple(start.clubs)
        self.hand_size = len(start.hand)
        self.search_budget = search_budget
        self.window_clubs = window_clubs
        self.search_nodes = 0
        self.current_in_play: list[int] = []  # of the state whose window is computed
        self.decided: dict[CellState, bool] = {}
        # Per card: its value (0 for a Joker) and suit letter ("" for a Joker);
        # suit_prefix[suit][i]: cards of that suit among numbers < i.
        self.value_of = [0 if c.is_joker else c.value for c in self.cards]
        self.suit_of = [c.suit for c in self.cards]
        self.suit_prefix = {}
        for suit in BLOCKS:
            prefix = [0]
            for letter in self.suit_of:
                prefix.append(prefix[-1] + (letter == suit))
            self.suit_prefix[suit] = prefix
        self.moves_cache: dict[tuple, list] = {}
        self.caps_cache: dict[tuple, dict] = {}
        # The Jokers' duty: unless Jokers match or join Sums, a Joker leaves the
        # grid only by Any or by a Line through it (CF 4.3, 4.4, 4.7).
        constrained = not (rules.jokers_match or rules.sum_jokers_zero)
        jokers = sum(1 for v in self.value_of if not v)
        self.duty = jokers if constrained and jokers <= 2 else 0  # a deal has 1 or 2
        self.ladder = self._ladder_needs()

    # -- the game, from the rules model ------------------------------------------
    def hand(self, played: frozenset) -> list[int]:
        drawn = self.order[:min(len(self.order), self.hand_size + len(played))]
        return [v for v in drawn if v not in played]

    def remaining(self, played: frozenset) -> list[int]:
        return [v for v in self.order if v not in played]

    def in_play(self, cells: tuple, dealt: int) -> list[int]:
        return [i for i in cells if i >= 0] + list(range(dealt, self.total))

    def moves(self, cells: tuple, club: int) -> list[frozenset]:
        """The distinct sets of slots ``club`` may clear (rules model, CF 4)."""
        key = (cells, club)
        found = self.moves_cache.get(key)
        if found is None:
            grid = tuple(None if i < 0 else self.cards[i] for i in cells)
            found = list(dict.fromkeys(frozenset(m.cleared)
                                       for m in moves_for_club(grid, club, self.rules)))
            self.moves_cache[key] = found
        return found

    def after(self, cells: tuple, dealt: int, slots: frozenset) -> tuple[tuple, int]:
        """Clear ``slots``, then refill the empty slots in slot order (CF 2.3)."""
        out = list(cells)
        for s in range(9):
            if s in slots:
                out[s] = -1
        for s in range(9):
            if out[s] < 0 and dealt < self.total:
                out[s] = dealt
                dealt += 1
        return tuple(out), dealt

    # -- bounds ----------------------------------------------------------------
    def caps(self, indices, blocked: frozenset = frozenset()) -> dict:
        """Per club, the most one action can clear on any grid of these cards
        (:func:`club_capacities`), the actions in ``blocked`` left out: then it
        is the same function over the actions not blocked, recomputed here."""
        key = (tuple(sorted(self.value_of[i] for i in indices)), blocked)
        found = self.caps_cache.get(key)
        if found is None:
            cards = [self.cards[i] for i in indices]
            if not blocked:
                found = club_capacities(cards, range(1, 14), self.rules)
            else:
                found = self._caps_without(cards, blocked)
            self.caps_cache[key] = found
        return found

    def _caps_without(self, cards: list, blocked: frozenset) -> dict:
        values = [c.value for c in cards if not c.is_joker]
        jokers = len(cards) - len(values)
        count = [0] * 15
        for v in values:
            count[v] += 1
        rules = self.rules
        out = {}
        for club in range(1, 14):
            best = 1 if cards else 0
            best = max(best, count[club] + (jokers if rules.jokers_match else 0))
            summed = most_cards_adding_up(values, club)
            if summed > 0:
                best = max(best, summed + (jokers if rules.sum_jokers_zero else 0))
            if "line" not in blocked and (count[club] or (rules.line_joker_target and jokers)):
                best = max(best, 3)
            if "updown" not in blocked:
                if club in LOW_SIDE:
                    best = max(best, sum(count[1:club]))
                if club in HIGH_SIDE:
                    best = max(best, sum(count[club + 1:14]))
            if "run" not in blocked:
                first, last = stretch_through(count, club)
                if last - first + 1 >= rules.run_min_cards:
                    best = max(best, last - first)
            out[club] = min(best, 9, len(cards))
        return out

    def joker_duty(self, in_play: list[int], clubs: list[int], caps: dict) -> int:
        """The least the clubs lose to the Jokers in play (rulebook: only Any,
        which clears one card, and Line, at most three, take a Joker, CF 4.7):
        each Joker is taken by some action clearing at most 3 (1 unless the
        club can aim a Line), so with ``j`` Jokers at least ``j`` clubs, or
        one Line taking two, spend their action that way."""
        rules = self.rules
        if rules.jokers_match or rules.sum_jokers_zero:
            return 0
        value_of = self.value_of
        jokers = sum(1 for i in in_play if not value_of[i])
        if not jokers:
            return 0
        present = {value_of[i] for i in in_play}
        losses = []
        for club in clubs:
            can_line = club in present or (rules.line_joker_target and jokers)
            losses.append((max(0, caps[club] - min(caps[club], 3 if can_line else 1)),
                           can_line))
        if not losses:
            return 10 ** 6
        losses.sort()
        if jokers == 1:
            return losses[0][0]
        best = losses[0][0] + losses[1][0] if len(losses) >= 2 else 10 ** 6
        for loss, can_line in losses:
            if can_line:
                best = min(best, loss)  # one Line may take both Jokers
        return best

    def bound(self, cells: tuple, dealt: int, played: frozenset) -> int:
        """The most cards the remaining clubs can still clear from this state.

        The least of: the capacities of the clubs over the cards in play,
        less the Joker duty; the same with the next club's clear taken as the
        largest move the rules model lists on this grid; and, with at most
        ``window_clubs`` clubs left, the window bound: played in any order
        the club deck allows, the club acting once ``A`` more cards are
        cleared sees only the grid now and the next ``A`` deck cards, less
        ``A`` cleared cards (so a suit with ``3 + A`` cards among them still
        blocks its action, CF 3.2-3.4), and clears at most the capacity of
        those cards; the first club clears at most the largest move on the
        grid now.  ``-1`` when the ladder (:meth:`_ladder_needs`) finds no
        club in hand with a move as big as it needs.
        """
        return self._bound(cells, dealt, played, None)

    def cut(self, cells: tuple, dealt: int, played: frozenset, left: int) -> bool:
        """``bound(...) < left``, computed lazily (cheapest part first)."""
        return self._bound(cells, dealt, played, left) < left

    def _bound(self, cells: tuple, dealt: int, played: frozenset, left: int | None) -> int:
        """:meth:`bound`; with ``left``, returns as soon as a part is below it."""
        in_play = self.in_play(cells, dealt)
        clubs = self.remaining(played)
        caps = self.caps(in_play)
        duty = self.joker_duty(in_play, clubs, caps)
        total = sum(caps[c] for c in clubs)
        best = total - duty
        if left is not None and best < left:
            return best
        largest = {c: max((len(m) for m in self.moves(cells, c)), default=0)
                   for c in self.hand(played)}
        jokers_on_grid = any(i >= 0 and not self.value_of[i] for i in cells)
        next_club = max((total - caps[c] + largest[c] for c in largest), default=0)
        if not jokers_on_grid:
            # The next club then takes no Joker: the duty falls on the others.
            next_club = max((total - caps[c] + largest[c]
                             - self.joker_duty(in_play, [x for x in clubs if x != c],
                                               caps) for c in largest), default=0)
        best = min(best, next_club)
        if left is not None and best < left:
            return best
        if self.ladder_refutes(cells, dealt, played, largest):
            return -1
        if len(clubs) <= self.window_clubs:
            best = min(best, self.window(cells, dealt, played, largest))
        return best

    def window(self, cells: tuple, dealt: int, played: frozenset, largest: dict) -> int:
        """The window bound (see :meth:`bound`); -1 when no club can be the last
        one (:meth:`some_club_can_finish`)."""
        self.current_in_play = self.in_play(cells, dealt)
        clubs = self.remaining(played)
        turn = len(played)
        left = len(self.in_play(cells, dealt))
        # The turn (counted from now) from which each club is in hand (CF 2.4).
        start = [max(0, self.order.index(c) - self.hand_size + 1 - turn) for c in clubs]
        on_grid = [i for i in cells if i >= 0]
        grid_suits = {suit: sum(1 for i in on_grid if self.suit_of[i] == suit)
                      for suit in BLOCKS}
        # reach[used]: the most cards the clubs of the bit set ``used`` clear,
        # played in an order the club deck allows; sets by increasing size.
        reach = {0: 0}
        best = 0
        frontier = [0]
        caps_at: dict[int, dict] = {}
        for size in range(len(clubs)):
            following: dict[int, int] = {}
            for used in frontier:
                cleared = reach[used]
                if used:
                    window_caps = caps_at.get(cleared)
                    if window_caps is None:
                        window_caps = self.window_caps(on_grid, grid_suits, dealt, cleared)
                        caps_at[cleared] = window_caps
                for i, club in enumerate(clubs):
                    if used >> i & 1 or start[i] > size:
                        continue
                    gain = largest.get(club, 0) if not used else window_caps[club]
                    value = min(left, cleared + gain)
                    key = used | 1 << i
                    if value > following.get(key, -1):
                        following[key] = value
            reach.update(following)
            if following:
                best = max(best, max(following.values()))
            frontier = list(following)
        if best < left or len(clubs) < 2:
            return best
        return best if self.some_club_can_finish(clubs, reach, dealt, left) else -1

    def some_club_can_finish(self, clubs: list[int], reach: dict, dealt: int,
                             left: int) -> bool:
        """The last club's duty (a necessary condition for a win).

        If the game is won, some club ``z`` acts last and clears every card
        left.  The club before it acted when at most ``u1`` more cards had
        been cleared (``u1``: the most the window allows the other clubs, at
        most ``k - 2`` of them, to clear), so every deck card from position
        ``dealt + u1`` on was dealt after that and only ``z`` can clear it;
        and ``z`` clears at least ``left - u2`` cards (``u2``: the most the
        other clubs, up to ``k - 1`` of them, clear).  False when no club
        has an action that could do both (:meth:`could_finish`)."""
        count = len(clubs)
        for i, club in enumerate(clubs):
            u1 = u2 = 0
            for used, cleared in reach.items():
                if used >> i & 1:
                    continue
                u2 = max(u2, cleared)
                if bin(used).count("1") <= count - 2:
                    u1 = max(u1, cleared)
            if self.could_finish(club, dealt + u1, left - u2, dealt):
                return True
        return False

    def could_finish(self, club: int, first: int, need: int, dealt: int) -> bool:
        """Could one action of ``club`` clear every card from deck position
        ``first`` on (the tail ``T``, all on the grid then) and ``need`` cards in
        all?  Over-approximated per action from the cards still in play: the
        grid then holds ``T``, so 3 cards of a suit in ``T`` block that suit's
        action (CF 3.2-3.4); Any clears 1 card (CF 4.3), Line at most 3 (CF
        4.4); Match only cards of the club's rank (CF 4.1), Sum cards adding
        up to the club (CF 4.2), Up/Down cards on one side of it (CF 4.5), Run
        distinct values chained with it (CF 4.6); Jokers only where the rules
        let them in (CF 4.7); and no action clears more than its capacity."""
        rules = self.rules
        tail = range(first, self.total)
        need = max(need, len(tail))
        if need > 9:
            return False
        if need <= 1:
            return True
        values = [self.value_of[i] for i in tail if self.value_of[i]]
        jokers_in_tail = len(tail) - len(values)
        suits = {suit: sum(1 for i in tail if self.suit_of[i] == suit) for suit in BLOCKS}
        count = [0] * 15
        jokers = 0
        for i in self.current_in_play:
            if self.value_of[i]:
                count[self.value_of[i]] += 1
            else:
                jokers += 1
        caps = self.caps(self.current_in_play)
        if need <= 3 and suits["D"] < 3 and (count[club] or (rules.line_joker_target and jokers)):
            return True  # Line
        if (not jokers_in_tail or rules.jokers_match) and all(v == club for v in values) \
                and need <= count[club] + (jokers if rules.jokers_match else 0):
            return True  # Match
        if (not jokers_in_tail or rules.sum_jokers_zero) and sum(values) <= club \
                and need <= caps[club]:
            return True  # Sum (its capacity is at most the club's capacity)
        if jokers_in_tail:
            return False  # Up/Down and Run never take a Joker
        if suits["S"] < 3:
            if 2 <= club <= 7 and all(v < club for v in values) and need <= sum(count[1:club]):
                return True
            if 7 <= club <= 12 and all(v > club for v in values) \
                    and need <= sum(count[club + 1:14]):
                return True
        if suits["H"] < 3 and len(set(values)) == len(values) and club not in values:
            # A Run is a stretch of consecutive values through the club, one card
            # each but the club's: the tail must lie inside the longest such
            # stretch the cards in play allow, which clears at most its length
            # less the club.
            first, last = stretch_through(count, club)
            if all(first <= v <= last for v in values) and need <= last - first \
                    and last - first + 1 >= rules.run_min_cards:
                return True
        return False

    def window_caps(self, on_grid: list[int], grid_suits: dict, dealt: int,
                    cleared: int) -> dict:
        position = min(self.total, dealt + cleared)
        window = on_grid + list(range(dealt, position))
        blocked = set()
        for suit, actions in BLOCKS.items():
            prefix = self.suit_prefix[suit]
            if grid_suits[suit] + prefix[position] - prefix[dealt] - cleared >= 3:
                blocked.update(actions)
        return self.caps(window, frozenset(blocked))

    # -- the check -----------------------------------------------------------------
    def cards_left(self, cells: tuple, dealt: int) -> int:
        return sum(1 for i in cells if i >= 0) + self.total - dealt

    def lost_by_search(self, cells: tuple, dealt: int, played: frozenset) -> bool:
        """Exhaustive search with the bound at every node (raises when over budget)."""
        key = (cells, dealt, played)
        known = self.decided.get(key)
        if known is not None:
            return not known
        self.search_nodes += 1
        if self.search_nodes > self.search_budget:
            raise _Unsettled(_over_budget(self.search_budget))
        won = False
        left_now = self.cards_left(cells, dealt)
        gone = self.jokers_gone(cells, dealt)
        for club in self.hand(played):
            for slots in self.moves(cells, club):
                if len(slots) == left_now:
                    won = True
                    break
                after_played = played | {club}
                least = self.least_clear(played, club, self.total - left_now, gone,
                                         self.jokers_taken(cells, slots))
                if len(after_played) == len(self.order) or len(slots) < least:
                    continue
                after, after_dealt = self.after(cells, dealt, slots)
                left = left_now - len(slots)
                if self.cut(after, after_dealt, after_played, left):
                    continue
                if not self.lost_by_search(after, after_dealt, after_played):
                    won = True
                    break
            if won:
                break
        self.decided[key] = won
        return not won


SEARCH_BUDGET = 200_000
"""The check's own search, nodes over a whole check, beside two nodes for each of
the proof's (:func:`check_loss`)."""


def check_loss(certificate: LossCertificate, *, exhaustive: bool = False,
               search_budget: int | None = None, window_clubs: int = 4,
               engine: str = "auto") -> LossCheck:
    """Re-derive the loss ``certificate`` claims (see the module docstring).

    ``exhaustive``: ignore the listed states and decide the start by the
    check's own search (for small positions).  ``search_budget``: nodes of
    that search, over the whole check (``None``: :data:`SEARCH_BUDGET` plus
    twice the nodes the proof took, since the solver leaves out of a
    certificate the children its two-step test cut, about half of a large
    proof's refuted states, and this search settles them, mostly in one node
    each: CF1-960 with 10 clubs, ``rulebook``, took 3,310,594 nodes of it for
    a proof of 3,340,856; a budget is a limit, never a reason to accept).
    ``window_clubs``: the window bound runs with at most so many clubs left
    (one more than the solver's default, whose window cuts it re-derives;
    with 6 the compiled check of eleven proofs took 1.47 s against 1.16 s
    with 4).  ``engine``:
    ``"python"`` (this module), ``"native"`` (the compiled port) or
    ``"auto"`` (the compiled one when it can be built, else Python);
    ``LossCheck.engine`` says which ran.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if search_budget is None:
        search_budget = SEARCH_BUDGET + 2 * max(0, certificate.nodes)
    if engine == "native" or (engine == "auto" and native_available()):
        return _check_native(certificate, exhaustive, search_budget, window_clubs)
    started = time.perf_counter()
    checker = _LossChecker(certificate.start, certificate.rules, search_budget, window_clubs)
    report = LossCheck(ok=False, certificate_states=certificate.size)
    listed = certificate.refuted
    root = (checker.start_cells, checker.start_dealt, frozenset())
    try:
        if checker.cards_left(root[0], root[1]) == 0:
            raise _Refuted(_START_WON)
        if not checker.order:
            report.ok = True  # cards left and no club: lost (CF 5.2)
        elif exhaustive or root not in listed:
            if checker.cut(*root, checker.cards_left(root[0], root[1])):
                report.bound_cuts += 1
            elif not checker.lost_by_search(*root):
                raise _Refuted(_SEARCH_WINS_START)
            else:
                report.searched += 1
            report.ok = True
        else:
            _walk(checker, listed, root, report)
            report.ok = True
    except _Refuted as error:
        report.reason = f"not lost: {error}"
    except _Unsettled as error:
        report.reason = f"not re-derived: {error}"
    report.search_nodes = checker.search_nodes
    report.seconds = time.perf_counter() - started
    return report


def _check_native(certificate: LossCertificate, exhaustive: bool, search_budget: int,
                  window_clubs: int) -> LossCheck:
    """:func:`check_loss` by the compiled port, reported in the same words."""
    from analysis.clubfight import _losscheck_native as native

    started = time.perf_counter()
    start = certificate.start
    cards = [c for c in start.grid if c is not None] + list(start.deck)
    numbered = iter(range(len(cards)))
    cells = [-1 if c is None else next(numbered) for c in start.grid]
    dealt = sum(1 for c in start.grid if c is not None)
    order = tuple(start.hand) + tuple(start.clubs)
    code, counts, (why, club, mask) = native.check_native(
        cards, cells, dealt, order, len(start.hand), certificate.rules, window_clubs,
        search_budget, exhaustive, certificate.packed())
    report = LossCheck(ok=code == native.OK, engine="native",
                       certificate_states=certificate.size, **counts)
    if code == native.REFUTED:
        slots = [s for s in range(9) if mask >> s & 1]
        reason = {native.START_WON: _START_WON,
                  native.SEARCH_WINS_START: _SEARCH_WINS_START,
                  native.LISTED_CHILD_WINS: _child_wins(club, slots),
                  native.LISTED_CHILD_SEARCH_WINS: _child_search_wins(club, slots)}[why]
        report.reason = f"not lost: {reason}"
    elif code == native.UNSETTLED:
        report.reason = f"not re-derived: {_over_budget(search_budget)}"
    report.seconds = time.perf_counter() - started
    return report


def _walk(checker: _LossChecker, listed: frozenset, root: CellState,
          report: LossCheck) -> None:
    """Expand every listed state reached from the root (iteratively)."""
    seen = {root}
    stack = [root]
    while stack:
        cells, dealt, played = stack.pop()
        report.visited += 1
        left_now = checker.cards_left(cells, dealt)
        gone = checker.jokers_gone(cells, dealt)
        for club in checker.hand(played):
            for slots in checker.moves(cells, club):
                report.children += 1
                if len(slots) == left_now:  # grid and deck empty after it
                    raise _Refuted(_child_wins(club, slots))
                after_played = played | {club}
                if len(after_played) == len(checker.order):
                    continue  # no club left, cards left: lost (CF 5.2)
                least = checker.least_clear(played, club, checker.total - left_now, gone,
                                            checker.jokers_taken(cells, slots))
                if len(slots) < least:
                    report.bound_cuts += 1  # the ladder, before making the child
                    continue
                after, after_dealt = checker.after(cells, dealt, slots)
                left = left_now - len(slots)
                child = (after, after_dealt, after_played)
                if checker.cut(*child, left):
                    report.bound_cuts += 1
                elif child in listed:
                    report.listed += 1
                    if child not in seen:
                        seen.add(child)
                        stack.append(child)
                elif checker.lost_by_search(*child):
                    report.searched += 1
                else:
                    raise _Refuted(_child_search_wins(club, slots))
