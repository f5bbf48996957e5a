"""The solver's techniques: which prunings, orders, restarts and beams a search uses.

Each one can be switched off through :class:`Techniques`, for the
benchmark's measurements and the property tests against
:func:`analysis.clubfight.solver.reference_decide`, a plain search:

``dedupe``
    A move is a set of cleared slots, not an action: two actions of one club
    that clear the same slots lead to the same state (the deck order is fixed,
    so the refill depends only on the slots emptied), and are searched once.
``order``
    Biggest clears first; after a first cheap attempt, children are ordered by
    their cleared count plus the slack of their :meth:`Search.next_club_bound`
    (how far the best outcome still allowed exceeds what must be cleared).
``bound``
    The capacity bound (:func:`_solver_core.club_capacities`): what each
    remaining club can clear at most, given the cards still in play.
``next_club``
    The same with the next club's clear bounded on the actual grid.
``window``
    The deck is dealt in a fixed order into a 9-card grid: the club played
    after ``A`` more clears sees only the grid and the first ``A`` deck cards
    (:meth:`Search.window_bound`, with at most ``window_clubs`` clubs left).
``tail``
    With the window: deck cards dealt after the second-to-last club acts must
    all go with the last club's one action (:meth:`Search.window_bound`).
``blocking``
    With the window: the grid once ``A`` more cards are cleared is the window
    less ``A`` cards, so a suit with ``3 + A`` cards in the window still
    blocks its action then (:meth:`Search.window_blocked`).
``ladder``
    The deal's deck order once more, from the start: a club that acts once
    ``C`` cards are gone, the club before it having acted once ``c`` were,
    finds the cards dealt in between all on its grid, so their suits may
    block its actions and those its actions cannot take leave it fewer than
    9, and a Run's stretch of values has at most as many values those cards
    lack as the grid holds older cards (:func:`_solver_core.ladder_limits`).
    A table over (clubs played, ``C``) of the least clear that keeps a
    finish possible (:func:`_solver_core.ladder_needs`), built once per search when the
    first cheap attempt ends undecided, then cuts a child in a few lookups
    when no club in its hand can clear that much on its actual grid
    (:meth:`Search.ladder_margin`).
``ladder_moves``
    With the ladder built: a move of club ``z`` that clears fewer cards than
    the ladder needs of ``z`` at this point (``need[played + z, C]``) is cut
    before its child is made (:meth:`Search.search`).  The child's own
    ladder test would cut each such child too (the largest clears on its
    grid stay within the ladder's limits it was built from), so the nodes,
    verdicts and proofs are the same (``tests/test_clubfight_solver.py``
    checks it on real proofs); only the work of making and bounding those
    children is saved: loss proofs take about half the time.
``joker_duty``
    Where Jokers neither match nor join Sums (``rulebook``), a Joker leaves
    the grid only by Any (one card) or a Line through it (at most 3, aimed at
    a card of the club's rank, and not blocked by 3 Diamonds dealt since the
    club before acted): the ladder's table gains the Jokers cleared
    so far and the Jokers a club's clear takes, so a club that takes one is
    held to 3 cards (1 without a Line), and the last clear leaves none
    (:func:`_solver_core.ladder_needs`).  The margin and the move cut then
    ask, for each number of Jokers a move may take, its largest such move
    (:func:`_solver_core.largest_taking`).  The checker's own ladder counts
    the same.  Proofs of CF1-0 with 8 and 9 clubs, CF1-7 with 8, CF2-1 and
    CF2-0 with 9 take 1.2 to 3.6 times fewer nodes; many others the same.
``last_two``
    The ladder's last club takes every card left in one action, and among
    them, besides every card dealt since the club before it acted, at least
    what that club left of the cards dealt since the club before *it* acted
    (it cleared so many, and those cards were all on its grid): for the sets
    of clubs two short of all, the table asks of the last club's action that
    it take all of those too (a Sum their values, a Run their distinct
    values within its stretch, a Match or Up/Down each on its side;
    :func:`_solver_core.last_club_takes_all`), for every clear of the club
    before, not only the least.  The checker's ladder couples them the same
    way.  Ladder plans that end with a small clear after a large one and a
    last club that takes everything are what it removes: CF1-3 with 9 clubs
    (``webapp``) is proved lost in 64,410 nodes against 108,453.
``two_step``
    With the ladder built, a child of the informed order whose ladder margin
    is at most :data:`TWO_STEP_MARGIN` is also asked about its next two
    clubs (:meth:`Search.two_step_refutes`): its first club clears ``g``
    cards, at least its need and at most what it can clear on the child's
    grid; the grid after that holds the next ``g`` deck cards and the rest
    of the child's cards (:func:`_solver_core.two_step_bound` bounds every
    club's clear on any such grid), where the second club must meet its own
    need.  If no first club, ``g`` and second club fit, the child is lost:
    cut, and added to the refuted table marked as a cut, not a node.  A
    certificate leaves it out (in a large proof such children are about
    half the table), and the checker's own search re-derives it from its
    moves (its own ladder cuts each of them).
    These children were mostly nodes whose every child the ladder cut:
    loss proofs take about half the nodes (4.85 M to 2.54 M over 76 slack
    solves of CF1-0..39, ``webapp``) and 14-20% less CPU.  The beams do
    without it (there it costs more than it cuts).
``table``
    A table of refuted states, shared across the restarts.
``restarts``
    Search is heavy-tailed: a bad early choice costs the refutation of a big
    subtree.  So a first attempt uses the cheap order and a small node budget;
    then attempts with the informed order and budgets that follow Luby's
    schedule, all but the first breaking near-ties at random (a
    seeded generator: results are reproducible); the last attempt has no
    budget.  All attempts share the
    table of refuted states (refutations are exact, so they stay valid), and
    an attempt that runs out of budget proves nothing.  The budgets follow
    the Luby sequence (:func:`luby_budgets`).
``beams``
    Between two attempts, once the search has spent a given number of
    nodes, a beam search looks for a win (:meth:`Search.beam`): turn by
    turn it keeps the best few hundred states by the informed order's score
    (a few thousand, then 16,384, in searches past 100,000 and 1,000,000
    nodes).  It finds many of the tight wins (a deal with exactly its
    slack's clubs) that the depth-first attempts need tens of thousands of
    nodes for, in about two thousand.  A beam that finds nothing proves nothing and adds
    nothing to the table, so a loss's refuted states (its certificate) are
    the same with or without it.

Every pruning rule's soundness argument is in the docstring of the method
of :class:`analysis.clubfight.search.Search` that applies it.
"""

from __future__ import annotations

from dataclasses import dataclass


def luby_budgets(unit: int, count: int) -> tuple[int, ...]:
    """``unit`` times the first ``count`` terms of the Luby sequence.

    The search's effort is heavy-tailed: an unlucky attempt may need a
    hundred times the nodes of a lucky one.  Luby's universal schedule (Luby,
    Sinclair and Zuckerman 1993) keeps restarting with mostly short attempts
    and, now and then, one twice as long as any before, so no single unlucky
    attempt runs for long; the table of refuted states keeps what each one
    proved.
    """
    out = []
    for i in range(1, count + 1):
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        j = i
        while j != (1 << k) - 1:  # luby(i) = luby(i - 2^(k-1) + 1) below 2^k - 1
            j -= (1 << (k - 1)) - 1
            k = 1
            while (1 << k) - 1 < j:
                k += 1
        out.append(unit << (k - 1))
    return tuple(out)


TWO_STEP_MARGIN = 2
"""Technique ``two_step`` asks only children whose ladder margin is at most this:
on proofs of CF1-88, CF1-101 (``webapp``) and CF2-0 (``rulebook``) with 9 clubs
it cut 57% to 89% of the children it asked with margin 0 or 1, 26% to 53% with
2, and 0% to 10% past 2, where the clears to try are many."""

LUBY_BUDGETS = luby_budgets(300, 1023)
DOUBLING_BUDGETS = (300, 300, 600, 600, 1200, 1200, 2400, 2400, 4800, 4800, 9600, 9600,
                    19200, 38400)
"""The schedule before Luby's: each size twice, then doubled (tuned on deals
CF1/CF2-5000..5999); kept for comparisons (:data:`LEGACY_TECHNIQUES`)."""


@dataclass(frozen=True, slots=True)
class Techniques:
    """Which pruning and ordering techniques the search uses (all by default).

    Switching one off never changes a verdict, only the effort; the benchmark
    measures what each buys and the tests check that the verdicts agree.
    """

    dedupe: bool = True
    order: bool = True
    bound: bool = True
    next_club: bool = True
    window: bool = True
    tail: bool = True
    table: bool = True
    restarts: bool = True
    blocking: bool = True
    ladder: bool = True
    ladder_moves: bool = True
    joker_duty: bool = True
    """The ladder counts the Jokers' duty where Jokers neither match nor join
    Sums (:func:`_solver_core.ladder_needs`): a clear taking a Joker is Any or
    a Line, at most 3 cards."""
    last_two: bool = True
    """The ladder's last club must take, with the rest, what the club before it
    left of its fresh cards (:func:`_solver_core.last_club_takes_all`)."""
    two_step: bool = True
    """With the ladder built, a child of the informed order whose next two
    clubs cannot both meet the ladder's needs, the second bounded on the
    cards the child's grid and the deck can give it, is cut
    (:meth:`Search.two_step_refutes`)."""
    window_clubs: int = 3
    """The window bound runs when at most this many clubs remain (it costs 2^k).
    Since the ladder, its cuts with 4 or 5 clubs left save less than it costs
    there: slack of CF1-0 to CF1-159 (``webapp``) took 34% less CPU with 3
    than with 5, and CF2-0 to CF2-39 (``rulebook``) 33% less, for 2% to 18%
    more nodes (``results/clubfight/README.md``)."""
    first_budget: int = 150
    """Nodes of the first, cheaply ordered attempt."""
    restart_budgets: tuple[int, ...] = LUBY_BUDGETS
    """Nodes of the informed attempts before the last, unlimited one: the Luby
    sequence times 300 (1, 1, 2, 1, 1, 2, 4, ...; see :func:`luby_budgets`).
    :data:`DOUBLING_BUDGETS` is the earlier schedule."""
    noise: float = 3.0
    """Random tie-breaking of the informed order after its first attempt (in cards)."""
    beams: tuple[tuple[int, int], ...] = ((2_000, 256), (16_000, 1_024),
                                          (100_000, 4_096), (1_000_000, 16_384))
    """Beam searches for a win between the restarts: ``(nodes, width)`` runs a
    beam of that width once the search has spent that many nodes
    (:meth:`Search.beam`).  A tight win (a deal with its slack's clubs) is
    heavy-tailed for the depth-first search, which commits to its first
    moves; a beam keeps the ``width`` best states of each turn instead.  The
    wider beams, later, are for the rare wins past 100,000 nodes: 20 such
    wins of the 10,000-deal survey took 21.75 million nodes with the first
    two beams and 7.57 million with all four, while a proof of loss pays
    some 16,000 nodes for the 4,096-wide one (3% more CPU on six proofs of
    325,000 to 970,000 nodes)."""

    def __post_init__(self) -> None:
        if not isinstance(self.beams, tuple):
            raise ValueError(f"beams must be (nodes, width) pairs in a tuple, not "
                             f"{type(self.beams).__name__}")
        spent = 0
        for beam in self.beams:
            if not (isinstance(beam, tuple) and len(beam) == 2
                    and all(type(x) is int for x in beam)
                    and spent <= beam[0] < 2 ** 31 and 1 <= beam[1] < 2 ** 31):
                raise ValueError(f"beams must be (nodes, width) pairs of whole numbers, nodes "
                                 f"from 0 and not decreasing, width from 1: {beam!r}")
            spent = beam[0]


ALL_TECHNIQUES = Techniques()
LEGACY_TECHNIQUES = Techniques(blocking=False, ladder=False, ladder_moves=False,
                               joker_duty=False, last_two=False, two_step=False,
                               window_clubs=5,
                               restart_budgets=DOUBLING_BUDGETS, beams=())
"""The search as it was before the ``blocking`` and ``ladder`` bounds, Luby
restarts, the window held to 3 clubs and the beams (for the benchmarks'
old-against-new comparisons)."""
NO_TECHNIQUES = Techniques(dedupe=False, order=False, bound=False, next_club=False,
                           window=False, tail=False, table=False, restarts=False,
                           blocking=False, ladder=False, ladder_moves=False,
                           joker_duty=False, last_two=False, two_step=False, beams=())
