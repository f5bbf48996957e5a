"""The hunt for unwinnable Club Fight deals on proved verdicts only.

:func:`harness.games.clubfight.hunt.hunt` ranks deals by levels that count a
restricted deal the solver leaves undecided within a node cap as not won, so
it drifts toward deals that are merely hard for the solver.  This hunt ranks
a deal only by what the solver proved about it:

* ``lost_with``: the most clubs (the first ones of its draw order, as in
  :mod:`analysis.clubfight.slack`) with which it is proved lost: a loss verdict
  is a finished proof (every line ruled out), never a cap;
* ``won_with``: the fewest clubs with which a win was found (and replayed).

Taking clubs from the end only ever hurts (:mod:`analysis.clubfight.slack`), so
a deal with ``won_with == lost_with + 1`` has the exact slack ``13 -
won_with``, and a deal proved lost with more clubs is tighter, whatever is
undecided above it.  A candidate is compared with the current deal at the
current deal's own edge: with ``lost_with`` clubs a win shows it looser (one
cheap solve, the usual case); a proved loss shows it at least as tight, and
the clubs above are then solved upward until a win, an undecided solve or a
loss with every club (an unwinnable deal).  An undecided solve at the edge
counts neither way: the candidate is set aside and listed.  Each solve has a
node budget (``proof_nodes``).

Starting points: deal numbers or deals given, or constructed deals
(:data:`harness.games.clubfight.hunt.STARTS`).
At the end the tightest deal's slack is computed once more by
:func:`analysis.clubfight.slack.slack`, whose losses the independent checker
re-derives.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from model.clubfight.deals import Deal
from model.clubfight.rules import Rules
from analysis.clubfight.slack import SlackResult, slack, with_clubs
from analysis.clubfight.solver import solve
from model.clubfight.state import State

from harness.games.clubfight.hunt import construction, mutate, mutate_structured

CLUBS = 13


@dataclass(frozen=True, slots=True)
class Proven:
    """What the solver proved about a deal's clubs (see the module docstring).

    ``lost_with`` is 0 when no loss is proved; ``won_with`` is None when no
    win was found (a deal proved lost with all 13 clubs: unwinnable; or the
    solve above ``lost_with`` was undecided).  ``undecided``: the club count
    whose solve ran out of its budget, if one did.  ``looser``: the measure
    stopped at the first win because the deal it was compared with is
    tighter (``lost_with`` is then not measured, 0).
    """

    lost_with: int
    won_with: int | None
    nodes: int
    undecided: int | None = None
    looser: bool = False

    @property
    def lost(self) -> bool:
        """Proved lost with all its clubs: an unwinnable deal."""
        return self.lost_with == CLUBS

    @property
    def slack(self) -> int | None:
        """The exact slack, or None when it is not settled."""
        if self.won_with is not None and self.won_with == self.lost_with + 1:
            return CLUBS - self.won_with
        return None

    def key(self) -> tuple:
        """Smaller is tighter: more clubs proved lost first, then an exact slack
        before an unsettled one."""
        return (-self.lost_with, self.slack is None)

    def as_dict(self) -> dict:
        return {"lost_with": self.lost_with, "won_with": self.won_with,
                "slack": self.slack, "undecided": self.undecided, "nodes": self.nodes}


def _verdict(start: State, clubs: int, rules: Rules, proof_nodes: int) -> tuple[str, int]:
    result = solve(with_clubs(start, clubs), rules, max_nodes=proof_nodes)
    return result.verdict, result.nodes


def proven(deal: Deal, rules: Rules, *, than: Proven | None = None,
           proof_nodes: int = 200_000) -> Proven:
    """The deal's :class:`Proven` measure, computing only what a comparison
    with ``than`` needs (module docstring); without ``than`` (or one with no
    loss proved), from 13 clubs down to the first loss."""
    start = State.from_deal(deal)
    nodes = 0
    if than is None or than.lost_with == 0:
        won_with = None
        for clubs in range(CLUBS, 0, -1):
            verdict, spent = _verdict(start, clubs, rules, proof_nodes)
            nodes += spent
            if verdict == "win":
                won_with = clubs
                continue
            if verdict == "loss":
                return Proven(clubs, won_with, nodes)
            return Proven(0, won_with, nodes, undecided=clubs)
        return Proven(0, won_with, nodes)  # won with a single club
    edge = than.lost_with
    verdict, nodes = _verdict(start, edge, rules, proof_nodes)
    if verdict == "win":
        return Proven(0, edge, nodes, looser=True)
    if verdict == "unknown":
        return Proven(0, None, nodes, undecided=edge)
    for clubs in range(edge + 1, CLUBS + 1):
        verdict, spent = _verdict(start, clubs, rules, proof_nodes)
        nodes += spent
        if verdict == "win":
            return Proven(clubs - 1, clubs, nodes)
        if verdict == "unknown":
            return Proven(clubs - 1, None, nodes, undecided=clubs)
    return Proven(CLUBS, None, nodes)


@dataclass
class ExactHuntResult:
    found: Deal | None            # a deal proved lost with all its clubs, or None
    best: Deal                    # the tightest deal met
    best_measure: Proven
    start: str                    # where the search started
    evaluations: int
    seconds: float
    solver_nodes: int
    trail: list = field(default_factory=list)      # (seconds, evaluations, lost_with, slack)
    undecided: list = field(default_factory=list)  # (deal text, clubs) left undecided
    final: SlackResult | None = None  # the tightest deal's slack, its losses re-derived
    stopped: str = ""             # why the command's --timeout cut the hunt short

    @property
    def rate(self) -> float:
        """Deals evaluated per second."""
        return self.evaluations / self.seconds if self.seconds else 0.0


def exact_hunt(jokers: int, rules: Rules, *, budget: float = 60.0, seed: int = 0,
               starts: list | None = None, start_kind: str = "interleaved",
               proof_nodes: int = 200_000, final_nodes: int = 2_000_000,
               patience: int = 200, max_evaluations: int | None = None,
               progress=None, deadline: Deadline = NO_DEADLINE) -> ExactHuntResult:
    """Local search over deals toward a loss with every club, on proved verdicts.

    ``starts``: deal numbers, deal strings or Deals (one picked per restart);
    else constructed deals of ``start_kind`` (:data:`~harness.games.clubfight.hunt.STARTS`).
    Neighbourhood: :func:`~harness.games.clubfight.hunt.mutate_structured`
    (3 in 4) and :func:`~harness.games.clubfight.hunt.mutate`.  A candidate
    at least as tight as the current deal (:meth:`Proven.key`) replaces it;
    after ``patience`` evaluations without a new tightest deal the search
    returns to the tightest.  ``budget`` (seconds) and ``max_evaluations``
    stop it; node budgets, not time, bound every solve, so a run with
    ``max_evaluations`` repeats exactly for a seed.  ``final_nodes``: the
    budget of the closing :func:`~analysis.clubfight.slack.slack` of the
    tightest deal.  ``deadline`` (the command's ``--timeout``) stops the search
    between two deals and bounds the closing slack's time (not computed at all
    when it has passed: ``final`` None); ``stopped`` then says why.
    """
    construct = construction(start_kind)
    rng = random.Random(seed)
    began = time.perf_counter()
    undecided: list = []
    nodes = 0

    def new_start() -> tuple[Deal, str]:
        if starts:
            item = rng.choice(starts)
            deal = item if isinstance(item, Deal) else Deal.parse(item)
            return deal, "the deals given"
        return construct(jokers, rng), f"constructed deals ({start_kind})"

    def measure(deal: Deal, than: Proven | None = None) -> Proven:
        nonlocal nodes
        found = proven(deal, rules, than=than, proof_nodes=proof_nodes)
        nodes += found.nodes
        if found.undecided is not None:
            undecided.append((str(deal), found.undecided))
        return found

    deal, label = new_start()
    current = measure(deal)
    best, best_measure = deal, current
    evaluations, stale = 1, 0
    trail = [(0.0, 1, current.lost_with, current.slack)]
    while not best_measure.lost and time.perf_counter() - began < budget and (
            max_evaluations is None or evaluations < max_evaluations) and not deadline.expired():
        if current.lost_with == 0:
            # Nothing proved to compare against: start again elsewhere.
            deal, _ = new_start()
            current = measure(deal)
            candidate, found = deal, current
        else:
            candidate = (mutate_structured if rng.random() < 0.75 else mutate)(deal, rng)
            found = measure(candidate, current)
        evaluations += 1
        stale += 1
        if not found.looser and found.lost_with and found.key() <= current.key():
            deal, current = candidate, found
        if found.lost_with and found.key() < best_measure.key():
            best, best_measure, stale = candidate, found, 0
            trail.append((round(time.perf_counter() - began, 2), evaluations,
                          found.lost_with, found.slack))
            if progress:
                exact = "" if found.slack is None else f", slack {found.slack}"
                progress(f"{evaluations} deals tried, tightest: lost with "
                         f"{found.lost_with} clubs{exact}")
        if stale > patience:
            deal, current, stale = best, best_measure, 0
    searched = time.perf_counter() - began
    # Start where the search left it: one club more than it proved lost with
    # (slack takes a count past the deal's clubs as all of them).
    first = best_measure.lost_with + 1 if best_measure.lost_with else None
    final = None if deadline.expired() else slack(best, rules, max_nodes=final_nodes,
                                                  first=first, timeout=deadline.remaining())
    stopped = TimeUp(deadline.limit, deadline.where).reason if deadline.expired() else ""
    return ExactHuntResult(best if best_measure.lost else None, best, best_measure, label,
                           evaluations, searched, nodes, trail, undecided, final, stopped)
