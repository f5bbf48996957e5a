"""Slack: how many clubs a Club Fight deal can spare.

The slack of a deal is the largest ``k`` such that the deal is still won (with
perfect information) once the last ``k`` clubs of its club deck are taken out
of play.  Taking clubs from the end only ever hurts: a line that wins with
``k + 1`` clubs removed draws the same clubs in the same order with ``k``
removed (one more club arrives at the end, which the line may leave unplayed),
so the wins form a prefix ``k = 0 .. slack``, and the slack is settled by a
win for ``k`` and a loss for ``k + 1`` alone.  :func:`slack` solves one club
count first (``first``, by default 2 fewer than all: every deal surveyed so
far is won with 11 of its 13 clubs or fewer, most with 9 or 10, and a win is
quick to find), then walks down after a win, one club fewer each time, until a
count is not won, or up after anything else until a count is won:

* the win with the fewest clubs is replayed by the rules model
  (:func:`certify.replay_win`) once the walk ends: the same line wins with
  any more clubs (above), so it stands for every win found on the way, and
  the replays of the others are saved (3.4 ms each on CF1-0..79, where a
  deal of slack 4 takes some 30 to 70 ms in all);
* a loss for ``k + 1`` comes with the solver's certificate (its refuted
  states) and counts only once :func:`losscheck.check_loss` re-derives it
  (a certificate past ``check_limit`` states is not checked, and that ``k``
  counts as ``unknown``; the default limit is :func:`default_check_limit`);
  with ``check=False`` the solver's loss (an exhaustive search whose every
  cut is a sound bound) counts as it is, without the certificate: the check
  costs about as much as the proof, so a survey may re-derive a sample
  (``ringside clubfight survey --slack-check-every N``);
* a solve stopped by its node budget (``max_nodes``, over the whole slack
  computation) is ``unknown``: the slack is then ``None``, never a guess.

A deal lost with all 13 clubs has no slack (``None``, ``lost_with = 13``).
Whatever the first count, the slack, ``won_with`` and ``lost_with`` are the
same when no limit stops a solve; only the counts solved on the way differ.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from analysis.clubfight.certify import replay_win
from model.clubfight.deals import Deal
from analysis.clubfight.losscheck import LossCheck, check_loss, native_available
from model.clubfight.rules import Rules
from analysis.clubfight.limits import DEFAULT_CHECK_LIMIT, DEFAULT_MAX_NODES, PYTHON_CHECK_LIMIT
from analysis.clubfight.solver import solve
from analysis.clubfight.techniques import ALL_TECHNIQUES, Techniques
from model.clubfight.state import State

ALL_CLUBS = 13
"""The clubs of a deal (hand and club deck): slack counts how many can go."""
FIRST_SHORT = 2
"""By default :func:`slack` first solves the deal with this many clubs fewer
than all (a count that wins, for every deal surveyed so far: a first count
that stops on the node budget leaves no win known)."""
UNKNOWN_KINDS = ("budget", "check_limit", "check_failed", "floor")
"""Why a slack stays unknown (:attr:`SlackResult.unknown_kind`): the node
budget (or the time) ran out; a loss's certificate was larger than the check
limit; the checker could not re-derive a loss (its own search ran out); the
walk down stopped at ``lowest`` clubs, still won there, as asked (the slack
is then at least ``total - lowest``: :func:`slack`'s ``lowest``)."""
REASON_CLASSES = ("budget", "check")
"""Why a slack stayed unknown, in a results file: the node budget ran out, or a
loss was not checked (:func:`slack_reason_class`)."""


def default_check_limit() -> int:
    """:data:`DEFAULT_CHECK_LIMIT` with the compiled checker, else :data:`PYTHON_CHECK_LIMIT`."""
    return DEFAULT_CHECK_LIMIT if native_available() else PYTHON_CHECK_LIMIT


@dataclass(frozen=True, slots=True)
class ClubsVerdict:
    """The verdict with ``clubs`` clubs kept (the first ``clubs`` of the club order)."""

    clubs: int
    verdict: str
    nodes: int

    def as_dict(self) -> dict:
        return {"clubs": self.clubs, "verdict": self.verdict, "nodes": self.nodes}


@dataclass(slots=True)
class SlackResult:
    """What :func:`slack` found.

    ``slack`` is ``None`` unless exact (an ``unknown`` on the way, or a deal
    lost with all its clubs).  ``won_with``: the fewest clubs shown to win
    (``None`` if no win was found); ``lost_with``: the most clubs proved lost
    (``won_with - 1`` when the slack is exact).  ``checks`` holds the
    certificate check of each loss; ``checked`` is ``False`` when a loss was
    taken from the solver without one (``slack(check=False)``).
    ``unknown_reason`` says in words why the
    slack is not exact and ``unknown_kind`` (one of :data:`UNKNOWN_KINDS`)
    says it for a program; both are ``None`` for an exact slack (and for a
    deal lost with every club).
    """

    slack: int | None
    won_with: int | None
    lost_with: int | None
    nodes: int
    seconds: float
    verdicts: list[ClubsVerdict]
    checks: list[LossCheck] = field(default_factory=list)
    unknown_reason: str | None = None
    unknown_kind: str | None = None
    checked: bool = True
    moves: list = field(default_factory=list)
    """The winning line with ``won_with`` clubs (replayed), for a certificate."""

    def as_dict(self, deal_id: str | None = None) -> dict:
        return {"id": deal_id, "slack": self.slack, "won_with": self.won_with,
                "lost_with": self.lost_with, "nodes": self.nodes,
                "seconds": round(self.seconds, 6),
                "verdicts": [v.as_dict() for v in self.verdicts]}


def with_clubs(state: State, clubs: int) -> State:
    """``state`` (a start: nothing played) with only its first ``clubs`` clubs in
    draw order (hand first, then the club deck); the others are out of play."""
    order = tuple(state.hand) + tuple(state.clubs)
    if not 0 < clubs <= len(order):
        raise ValueError(f"clubs must be 1..{len(order)}, not {clubs}")
    hand, deck = order[:len(state.hand)], order[len(state.hand):clubs]
    if clubs < len(state.hand):
        hand, deck = order[:clubs], ()
    kept = tuple(hand) + tuple(deck)
    return State(state.grid, state.deck, tuple(hand), tuple(deck),
                 tuple(v for v in range(1, 14) if v not in kept), state.cleared,
                 state.jokers)


def slack(source, rules: Rules, *, max_nodes: int = DEFAULT_MAX_NODES,
          timeout: float | None = None, check_limit: int | None = None,
          techniques: Techniques = ALL_TECHNIQUES, check_engine: str = "auto",
          progress=None, first: int | None = None, check: bool = True,
          lowest: int = 1) -> SlackResult:
    """The slack of a deal (a :class:`Deal`, deal text or its start :class:`State`).

    ``max_nodes`` and ``timeout`` bound the whole computation (what is left
    of them goes to each solve; the certificate check is not counted in
    them).  ``check_limit``: the largest certificate checked (``None``:
    :func:`default_check_limit`).  ``techniques``: the solver's (``table``
    on: the certificate of a loss is its table of refuted states).
    ``check_engine``: the checker's (:func:`losscheck.check_loss`).
    ``progress``: called with a line of status before each solve and each
    check (``"10 clubs: solving (won with 11)"``), for a command to show.
    ``first``: the club count solved first (``None``: :data:`FIRST_SHORT`
    fewer than all; all of them to walk down from the top, as a search for
    tight deals may; a count above the deal's clubs is all of them).
    ``check``: re-derive each loss with the independent checker (``False``:
    take the solver's loss, and ``SlackResult.checked`` says when one was).
    ``lowest``: the fewest clubs solved on the way down: a win there ends
    the walk with the slack at least ``total - lowest`` but not exact
    (``unknown_kind`` ``"floor"``), for a screen that only asks which deals
    have less slack than that.  ``verdicts`` lists the counts in the order
    solved.
    """
    started = time.perf_counter()
    if check_limit is None:
        check_limit = default_check_limit()
    start = _start_state(source)
    total_clubs = len(start.hand) + len(start.clubs)
    if first is None:
        first = max(1, total_clubs - FIRST_SHORT)
    if not isinstance(first, int) or first < 1:
        raise ValueError(f"first must be a whole number of clubs from 1, not {first!r}")
    if type(lowest) is not int or lowest < 1:
        raise ValueError(f"lowest must be a whole number of clubs from 1, not {lowest!r}")
    verdicts: list[ClubsVerdict] = []
    checks: list[LossCheck] = []
    nodes = 0
    won_with = lost_with = None
    reason = kind = None
    taken = False  # a loss counted as the solver proved it, without the checker
    fewest = None  # (state, moves) of the win with won_with clubs, replayed at the end

    def attempt(clubs: int) -> str:
        """Solve with ``clubs`` clubs: ``win``, ``loss`` (re-derived) or ``unknown``."""
        nonlocal nodes, won_with, lost_with, reason, kind, taken, fewest
        budget = max_nodes - nodes
        remaining = None if timeout is None else timeout - (time.perf_counter() - started)
        if budget <= 0 or (remaining is not None and remaining <= 0):
            reason, kind = "budget spent", "budget"
            verdicts.append(ClubsVerdict(clubs, "unknown", 0))
            return "unknown"
        state = with_clubs(start, clubs)
        if progress is not None:
            found = "" if won_with is None else f" (won with {won_with})"
            progress(f"{clubs} clubs: solving{found}")
        result = solve(state, rules, max_nodes=budget, timeout=remaining,
                       techniques=techniques, certificate=check,
                       certificate_limit=check_limit)
        spent = result.nodes
        nodes += spent
        verdict = result.verdict
        if verdict == "win":
            if won_with is None or clubs < won_with:
                won_with, fewest = clubs, (state, result.moves)
        elif verdict == "loss" and not check:
            taken = True
            lost_with = clubs if lost_with is None else max(lost_with, clubs)
        elif verdict == "loss":
            certificate = result.certificate
            if certificate is None or certificate.size > check_limit:
                size = result.stats.get("certificate_size", "?")
                reason = (f"loss with {clubs} clubs not checked: certificate of {size} "
                          f"states, limit {check_limit}")
                kind = "check_limit"
                verdict = "unknown"
            else:
                if progress is not None:
                    progress(f"{clubs} clubs: lost, re-deriving the proof "
                             f"({certificate.size:,} states)")
                rederived = check_loss(certificate, engine=check_engine)
                checks.append(rederived)
                if not rederived.ok:
                    if rederived.reason and rederived.reason.startswith("not lost"):
                        raise RuntimeError(f"the loss with {clubs} clubs is refuted by the "
                                           f"checker: {rederived.reason}")
                    reason = f"loss with {clubs} clubs not re-derived: {rederived.reason}"
                    kind = "check_failed"
                    verdict = "unknown"
                else:
                    lost_with = clubs if lost_with is None else max(lost_with, clubs)
        else:
            reason, kind = f"undecided with {clubs} clubs within the budget", "budget"
        verdicts.append(ClubsVerdict(clubs, verdict, spent))
        return verdict

    clubs = min(first, total_clubs)
    if attempt(clubs) == "win":
        # Down: the first count not won settles it (a loss) or stops it.
        clubs -= 1
        while clubs >= lowest and attempt(clubs) == "win":
            clubs -= 1
        if clubs == 0:
            lost_with = 0  # won with a single club: none at all leaves cards in play
        elif clubs < lowest:
            reason, kind = (f"won with {won_with} clubs; fewer were not tried (the slack is at "
                            f"least {total_clubs - won_with})"), "floor"
    else:
        # Up: a loss above supersedes an unknown below it (fewer clubs lose too);
        # the first win settles it.
        clubs += 1
        while clubs <= total_clubs and kind != "budget":  # a spent budget settles nothing more
            if attempt(clubs) == "win":
                break
            clubs += 1
    if fewest is not None:
        state, moves = fewest
        replay = replay_win(state, moves, rules)
        if not replay.ok:
            raise RuntimeError(f"the solver's win with {won_with} clubs does not replay: "
                               f"move {replay.failed_at}: {replay.reason}")
    exact = lost_with is not None and (won_with is None or won_with == lost_with + 1)
    if exact and won_with is None and lost_with != total_clubs:
        exact = False  # stopped on the way up: neither a win nor a loss with all clubs
    value = total_clubs - won_with if exact and won_with is not None else None
    return SlackResult(value, won_with, lost_with, nodes, time.perf_counter() - started,
                       verdicts, checks, None if exact else reason, None if exact else kind,
                       not taken, [] if fewest is None else list(fewest[1]))


def _start_state(source) -> State:
    if isinstance(source, State):
        return source
    if isinstance(source, Deal):
        return State.from_deal(source)
    return State.from_deal(Deal.parse(source) if "/" in source else Deal.from_id(source))


def slack_reason_class(kind: str | None) -> str:
    """The results file's class of an unknown slack (:data:`REASON_CLASSES`) from
    :attr:`SlackResult.unknown_kind`: a loss whose certificate was too large
    to check, or that the checker could not re-derive, is ``check``; a search
    stopped by the node budget (or a budget spent before the next solve) is
    ``budget``.  A walk stopped at ``lowest`` has no class: its slack is a
    bound, not an unknown (a screen's class, not a survey's).
    """
    if kind not in UNKNOWN_KINDS or kind == "floor":
        raise ValueError(f"not a kind of unknown slack: {kind!r} (one of "
                         f"{UNKNOWN_KINDS[:-1]})")
    return "budget" if kind == "budget" else "check"


def slack_exact(record: dict) -> bool:
    """Whether a slack record settles the deal: a win with ``k`` clubs and a loss
    with ``k - 1`` (``lost_with`` 0 when one club wins), or a loss with all 13."""
    won, lost = record.get("won_with"), record.get("lost_with")
    if lost is None:
        return False
    return lost == ALL_CLUBS if won is None else won == lost + 1


def slack_json(result: SlackResult, deal_id: str | None = None) -> dict:
    """A :class:`SlackResult` as ``slack --json`` prints it and a survey's line holds
    it: :meth:`SlackResult.as_dict`, ``"checked": false`` when a loss was taken
    from the solver unchecked, and, when the slack is not exact, the class
    (:func:`slack_reason_class`) and the words of the reason."""
    record = result.as_dict(deal_id)
    if not result.checked:
        record["checked"] = False
    if not slack_exact(record):
        record["unknown"] = slack_reason_class(result.unknown_kind)
        record["reason"] = result.unknown_reason or "no reason given"
    return record
