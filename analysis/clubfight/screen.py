"""The screen's work on a chunk of numbered deals: which need more than all but two of their clubs.

A cascade over the deals ``CFj-K .. CFj-(K+N-1)``, for the deals whose slack
(:mod:`analysis.clubfight.slack`) is at most 1 and the deals lost outright:

* **Stage one** looks for a win with the last two clubs of the club deck
  removed (11 clubs) by beams of growing width, each tried in turn on the
  deals the narrower ones did not win (:func:`beam_win`; 12, 64, 256 and
  1,024 by default): a win there means slack 2 or more, and such a deal is
  only counted (by the width that won).  The compiled core runs the whole
  chunk in one call (``cf_screen_batch`` in ``_solver_core.c``, which deals
  each number itself), so a deal costs no Python round trip; the Python
  :func:`beam_win` is its reference and the fallback
  (``RINGSIDE_NO_NATIVE=1``).  A beam that finds no win proves nothing: the
  deal goes to stage two.  Every ``replay_every``-th deal number won here has
  its line replayed on the rules model (:func:`analysis.clubfight.certify.replay_win`,
  from the deal as the Python model deals it, so the compiled dealing is
  checked on every run too).
* **Stage two** computes the slack of the rest with
  :func:`analysis.clubfight.slack.slack`, first with 11 clubs and never
  fewer (``lowest``), within a small node budget and with the solver's own
  beam first (:data:`DEFAULT_STAGE_TWO_BEAMS`): a win with 11 (replayed) is
  slack 2 or more again; a loss with 11 (its certificate re-derived by the
  independent checker) walks up to 12 and 13 clubs, giving an exact slack 1
  or 0, or a deal lost with every club; anything a limit stops is unknown,
  with its reason.  :func:`retry_deal` does it again for one unknown with a
  larger budget (``ringside clubfight screen --retry-unknown M``), after
  stage one's beam at wider widths (:data:`DEFAULT_RETRY_WIDTHS`): a win
  there, replayed, settles the deal as ``2+`` without the node budget.

:func:`screen_chunk` is the unit of work a worker runs (a local process or a
Dask worker): it hands back only the counts and the lines of the deals of
slack 1 or less and the unknowns, never a line per easy deal.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from analysis.deadline import Deadline
from analysis.clubfight._solver_core import (
    MASK_SLOTS, Position, child_grid, club_masks, grid_max_clears, unpack_grid,
)
from analysis.clubfight.certify import replay_win
from analysis.clubfight.screen_settings import (  # noqa: F401  (re-exported)
    DEFAULT_REPLAY_EVERY, DEFAULT_RETRY_WIDTHS, DEFAULT_STAGE_TWO_BEAMS, DEFAULT_STAGE_TWO_NODES,
    DEFAULT_WIDTH, DEFAULT_WIDTHS, MAX_BEAM_WIDTH,
)
from analysis.clubfight.slack import ALL_CLUBS, slack, slack_json, with_clubs
from analysis.clubfight.solver import label_line
from analysis.clubfight.techniques import ALL_TECHNIQUES, Techniques
from model.clubfight.deals import Deal
from model.clubfight.rules import Rules
from model.clubfight.state import State

CLUBS_SHORT = 2
"""Stage one removes this many clubs from the end of the club deck."""
CLUBS_KEPT = ALL_CLUBS - CLUBS_SHORT
CLASSES = ("2+", "1", "0", "unwinnable", "unknown")
"""A deal's class: slack 2 or more, exactly 1, exactly 0, lost with every
club (all exact), or unknown (a limit stopped it; its line says why)."""
SCORE_LIMIT = 128
"""Every :func:`beam_score` is below this (the compiled beam counts scores in a table)."""


def beam_score(clears, gone: int, jokers_gone: int, next_hand: int,
               jokers_constrained: bool) -> int:
    """How promising a state is to the beam: twice the cards gone, plus the two
    largest clears the clubs of its next hand (a mask of club values) have on
    its grid (``clears``: :func:`grid_max_clears` of that grid), plus twice the
    Jokers gone where only Any or a Line takes one (``jokers_constrained``).

    On CF2-500000..500999 (``rulebook``, width 16) the Jokers' term leaves
    27% of the deals to stage two against 35% without it; the second clear
    3% against 5% on CF1 (``webapp``)."""
    best = second = 0
    for value in range(1, 14):
        if next_hand >> value & 1:
            if clears[value] > best:
                best, second = clears[value], best
            elif clears[value] > second:
                second = clears[value]
    score = 2 * gone + best + second
    return score + 2 * jokers_gone if jokers_constrained else score


def beam_win(position: Position, rules: Rules, widths: tuple[int, ...] = DEFAULT_WIDTHS
             ) -> tuple[list[tuple[int, int]] | None, int, int]:
    """Look for a win from a start (9 cards on the grid, nothing played) by a beam
    of each width in turn: ``(line, nodes, place)``, the line a list of ``(club,
    slot mask)`` or ``None`` when no beam won (which proves nothing), ``place``
    the place (from 1) in ``widths`` of the beam that won (0: none did).

    Each turn every child of the states kept is made (clubs in hand by value,
    each club's moves in :func:`club_masks`'s order), the first of each
    ``(grid, clubs played)`` only; a child whose clubs left could not clear its
    cards at 9 a club is dropped; the ``width`` best by :func:`beam_score` are
    kept, ties in the order made.  ``nodes`` counts the states expanded.  The
    compiled ``screen_beam`` does exactly this (the tests compare lines and nodes).
    """
    values, suits = position.values, position.suits
    total = len(values)
    order, hand_size = position.club_order, position.hand_size
    drawn = [sum(1 << club for club in order[:min(len(order), hand_size + turn)])
             for turn in range(16)]
    all_clubs = drawn[15]
    constrained = not (rules.jokers_match or rules.sum_jokers_zero)
    nodes = 0
    for place, width in enumerate(widths, start=1):
        # (grid, dealt, played, left, jokers gone, parent, club, mask)
        kept = [(position.grid, position.dealt, 0, total, 0, -1, 0, 0)]
        first, last = 0, 1
        while first < last:
            seen: set[tuple[int, int]] = set()
            made: list[tuple] = []
            scores: list[int] = []
            for index in range(first, last):
                grid, dealt, played, left, jokers_gone = kept[index][:5]
                nodes += 1
                turn = played.bit_count()
                hand = drawn[turn] & ~played
                remaining = all_clubs & ~played
                cells = unpack_grid(grid)
                for club in range(1, 14):
                    if not hand >> club & 1:
                        continue
                    after = remaining & ~(1 << club)
                    for mask in club_masks(cells, values, suits, club, rules):
                        cleared = MASK_SLOTS[mask]
                        if len(cleared) >= left:
                            return _line(kept, index, club, mask), nodes, place
                        if 9 * after.bit_count() < left - len(cleared):
                            continue
                        child, child_dealt = child_grid(grid, dealt, total, mask)
                        child_played = played | 1 << club
                        if (child, child_played) in seen:
                            continue
                        seen.add((child, child_played))
                        gone = jokers_gone + sum(values[cells[s]] == 0 for s in cleared)
                        clears = grid_max_clears(unpack_grid(child), values, suits, rules)
                        scores.append(beam_score(clears, total - left + len(cleared), gone,
                                                 drawn[turn + 1] & ~child_played, constrained))
                        made.append((child, child_dealt, child_played, left - len(cleared),
                                     gone, index, club, mask))
            best = sorted(range(len(made)), key=lambda i: -scores[i])[:width]
            first = len(kept)
            kept.extend(made[i] for i in sorted(best))
            last = len(kept)
    return None, nodes, 0


def _line(kept: list[tuple], index: int, club: int, mask: int) -> list[tuple[int, int]]:
    line = [(club, mask)]
    while kept[index][5] >= 0:
        line.append((kept[index][6], kept[index][7]))
        index = kept[index][5]
    return line[::-1]


def native_available() -> bool:
    from analysis.clubfight import _screen_native

    return _screen_native.available()


def stage_one(jokers: int, first: int, count: int, rules: Rules,
              widths: tuple[int, ...] = DEFAULT_WIDTHS, engine: str = "auto"
              ) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Stage one of deals ``first .. first + count - 1``: per deal ``(won, nodes,
    line)``, ``won`` the place (from 1) in ``widths`` of the beam that won, 0
    when none did.  ``engine``: ``"native"`` (one compiled call for them all),
    ``"python"`` (:func:`beam_win` a deal at a time) or ``"auto"`` (native when
    it builds)."""
    check_widths(widths)
    if engine not in ("auto", "native", "python"):
        raise ValueError(f"engine must be auto, native or python, not {engine!r}")
    if engine == "native" or (engine == "auto" and native_available()):
        from analysis.clubfight._screen_native import screen_batch_native

        return screen_batch_native(jokers, first, count, CLUBS_KEPT, rules, widths)
    out = []
    for number in range(first, first + count):
        line, nodes, place = beam_win(Position.of(kept_start(jokers, number)), rules, widths)
        out.append((place, nodes, line or []))
    return out


def check_widths(widths) -> None:
    """Refuse beam widths that are not a non-empty tuple of whole numbers 1 .. 2^20."""
    if not isinstance(widths, tuple) or not widths or any(
            type(w) is not int or not 1 <= w <= MAX_BEAM_WIDTH for w in widths):
        raise ValueError(f"widths must be whole numbers from 1 to 2^20, not {widths!r}")


def kept_start(jokers: int, number: int) -> State:
    """The start of deal ``CF<jokers>-<number>`` with the last two clubs removed."""
    return with_clubs(State.from_deal(Deal.from_number(jokers, number)), CLUBS_KEPT)


def slack_class(result) -> str:
    """The screen's class (:data:`CLASSES`) of a :class:`~analysis.clubfight.slack.SlackResult`
    of a walk that started at 11 clubs and went no lower."""
    if result.won_with is not None and result.won_with <= CLUBS_KEPT:
        return "2+"
    if result.slack is not None:
        return str(result.slack)
    if result.won_with is None and result.lost_with == ALL_CLUBS:
        return "unwinnable"
    return "unknown"


@dataclass(frozen=True)
class ScreenTask:
    """A chunk of deals for a worker, with everything that decides its results."""

    jokers: int
    first: int
    count: int
    rules: Rules
    widths: tuple[int, ...] = DEFAULT_WIDTHS
    stage_two_nodes: int = DEFAULT_STAGE_TWO_NODES
    check_limit: int | None = None
    replay_every: int = DEFAULT_REPLAY_EVERY
    engine: str = "auto"
    stage_two_beams: tuple[tuple[int, int], ...] = DEFAULT_STAGE_TWO_BEAMS
    time_left: float | None = None
    """Seconds the command's ``--timeout`` leaves (None: no limit): past them the
    chunk stops and says it was cut (``"cut": True``), an answer for none of its deals."""


def stage_two_techniques(beams: tuple[tuple[int, int], ...]) -> Techniques:
    """The solver's techniques in stage two: all of them, with ``beams`` for its
    beams (:data:`DEFAULT_STAGE_TWO_BEAMS`).  A beam only ever finds wins: a loss
    and its certificate are the same whatever the beams."""
    return replace(ALL_TECHNIQUES, beams=tuple(tuple(beam) for beam in beams))


def empty_counts(widths: tuple[int, ...] = DEFAULT_WIDTHS) -> dict:
    """A chunk's counts before any deal: stage one's wins (by the width of the
    beam that won) and the deals it passed on, the replays of its wins, and
    stage two's deals by class (its unknowns by reason)."""
    return {"deals": 0,
            "stage_one": {"won": 0, "passed": 0, "replayed": 0, "nodes": 0,
                          "won_by_width": {str(width): 0 for width in widths}},
            "stage_two": {"deals": 0, "nodes": 0, "classes": dict.fromkeys(CLASSES, 0),
                          "unknown_by_reason": {"budget": 0, "check": 0}},
            "classes": dict.fromkeys(CLASSES, 0)}


def add_counts(total: dict, part: dict) -> dict:
    """``total`` plus ``part`` (counts of the same shape), in place; ``total`` back."""
    for key, value in part.items():
        if isinstance(value, dict):
            add_counts(total.setdefault(key, {}), value)
        else:
            total[key] = total.get(key, 0) + value
    return total


def screen_chunk(task: ScreenTask) -> dict:
    """The unit of work sent to a worker: both stages over ``task``'s deals.

    Returns ``{"first", "count", "counts", "deals"}``: the counts
    (:func:`empty_counts`) and one line per deal of class other than ``2+``
    (:func:`stage_two`), in deal order; and ``"failed"`` with the words when a
    win did not replay or the checker refuted a loss (a bug: the writer stops
    there and writes nothing of the chunk); ``"cut"`` alone when
    ``task.time_left`` ran out first.
    """
    counts = empty_counts(task.widths)
    deals: list[dict] = []
    out = {"first": task.first, "count": task.count, "counts": counts, "deals": deals}
    ones = counts["stage_one"]
    deadline = Deadline(task.time_left)
    results = stage_one(task.jokers, task.first, task.count, task.rules, task.widths,
                        task.engine)
    for offset, (won, nodes, line) in enumerate(results):
        if deadline.expired():
            return {"first": task.first, "count": task.count, "cut": True}
        number = task.first + offset
        deal_id = f"CF{task.jokers}-{number}"
        counts["deals"] += 1
        ones["nodes"] += nodes
        if won:
            ones["won"] += 1
            ones["won_by_width"][str(task.widths[won - 1])] += 1
            counts["classes"]["2+"] += 1
            if number % task.replay_every == 0:
                failure = _replay(task, number, line)
                if failure is not None:
                    out["failed"] = f"{deal_id}: stage one's win does not replay: {failure}"
                    return out
                ones["replayed"] += 1
            continue
        ones["passed"] += 1
        try:
            record = stage_two(task, number, task.stage_two_nodes, nodes, counts, deadline)
        except RuntimeError as error:
            out["failed"] = f"{deal_id}: the slack computation failed: {error}"
            return out
        if record is None:  # the command's limit, not the budget, stopped it
            return {"first": task.first, "count": task.count, "cut": True}
        if record["class"] != "2+":
            deals.append(record)
    return out


def stage_two(task: ScreenTask, number: int, budget: int, stage_one_nodes: int, counts: dict,
              deadline: Deadline | None = None) -> dict | None:
    """The slack of deal ``number`` from 11 clubs and never fewer, within ``budget``
    nodes: its line ``{"id", "class", "stage_one_nodes", "stage_two_nodes",
    "slack"}`` (``stage_two_nodes`` the budget it had, ``slack`` as ``ringside
    clubfight slack --json`` prints it).  Adds it to ``counts``'s stage two and
    classes.  ``None``, counting nothing, when ``deadline`` (the command's
    ``--timeout``) ran out before the deal was decided.  Raises ``RuntimeError``
    when a win does not replay or the checker refutes a loss."""
    deal_id = f"CF{task.jokers}-{number}"
    start = State.from_deal(Deal.from_number(task.jokers, number))
    result = slack(start, task.rules, max_nodes=budget, check_limit=task.check_limit,
                   techniques=stage_two_techniques(task.stage_two_beams),
                   first=CLUBS_KEPT, lowest=CLUBS_KEPT,
                   timeout=deadline.remaining() if deadline is not None else None)
    if result.slack is None and deadline is not None and deadline.expired():
        return None
    kind = slack_class(result)
    twos = counts["stage_two"]
    twos["deals"] += 1
    twos["nodes"] += result.nodes
    twos["classes"][kind] += 1
    counts["classes"][kind] += 1
    # A 2+ is a bound (won with 11, fewer not tried), not an unknown: its slack's
    # fields alone (only a retry writes such a line).
    block = result.as_dict() if kind == "2+" else slack_json(result)
    record = {"id": deal_id, "class": kind, "stage_one_nodes": stage_one_nodes,
              "stage_two_nodes": budget, "slack": block}
    record["slack"].pop("id", None)
    if kind == "unknown":
        twos["unknown_by_reason"][record["slack"]["unknown"]] += 1
    return record


@dataclass(frozen=True)
class RetryTask:
    """One unknown deal of a screen to examine again: wider beams, then a larger budget."""

    task: ScreenTask
    """The screen's settings (its ``first`` and ``count`` are not used)."""
    record: dict
    """The deal's line as the screen holds it (class ``unknown``)."""
    budget: int
    widths: tuple[int, ...] = ()
    """Stage one's beams to try first, each in turn (none: the budget alone)."""


def beams_tried(record: dict) -> list[int]:
    """The widths of the retry beams a deal's line says were tried on it (none
    when no retry ran a beam on it, or the line holds no such list)."""
    beams = record.get("beams")
    widths = beams.get("widths") if isinstance(beams, dict) else None
    return [width for width in widths if type(width) is int] if isinstance(widths, list) else []


def retry_deal(job: RetryTask) -> dict:
    """One unknown deal of a screen again: its new line, or ``{"id", "failed"}``
    when a win did not replay or the checker refuted a loss.

    First stage one's beam at each of ``job.widths`` not yet tried on the deal
    (the same beam as the screen's stage one, so the widths its line lists
    need not be run again: the result would be the same): a win with 11 clubs,
    replayed on the rules model, makes the deal ``2+`` (``settled_by``
    ``{"beam": width}``).  Otherwise stage two again (:func:`stage_two`)
    within ``job.budget`` nodes if the deal had fewer (``settled_by``
    ``{"nodes": budget}`` unless still unknown), else its line as it was.
    The line's ``beams`` (``widths`` tried on it by every retry so far, the
    one that ``won``, the ``nodes`` this retry's beams expanded) is there
    whenever a beam was tried on the deal."""
    deal_id = job.record["id"]
    number = int(deal_id.split("-", 1)[1])
    task = job.task
    tried = beams_tried(job.record)
    widths = tuple(width for width in job.widths if width not in tried)
    won, beam_nodes = 0, 0
    started = time.perf_counter()
    if widths:
        [(won, beam_nodes, line)] = stage_one(task.jokers, number, 1, task.rules, widths,
                                              task.engine)
        if won:
            failure = _replay(task, number, line)
            if failure is not None:
                return {"id": deal_id,
                        "failed": f"{deal_id}: the retry's beam win does not replay: {failure}"}
    beams = {"widths": tried + list(widths), "won": widths[won - 1] if won else None,
             "nodes": beam_nodes}
    if won:
        seconds = time.perf_counter() - started
        return {"id": deal_id, "class": "2+",
                "stage_one_nodes": job.record.get("stage_one_nodes", 0),
                "stage_two_nodes": job.record.get("stage_two_nodes", task.stage_two_nodes),
                "slack": {"slack": None, "won_with": CLUBS_KEPT, "lost_with": None,
                          "nodes": beam_nodes, "seconds": round(seconds, 6),
                          "verdicts": [{"clubs": CLUBS_KEPT, "verdict": "win",
                                        "nodes": beam_nodes}]},
                "beams": beams, "settled_by": {"beam": beams["won"]}}
    if job.record.get("stage_two_nodes", task.stage_two_nodes) < job.budget:
        try:
            record = stage_two(task, number, job.budget, job.record.get("stage_one_nodes", 0),
                               empty_counts(task.widths))
        except RuntimeError as error:
            return {"id": deal_id, "failed": f"{deal_id}: the slack computation failed: {error}"}
        if record["class"] != "unknown":
            record["settled_by"] = {"nodes": job.budget}
    else:  # the deal had this budget already: the beams were all this retry had to add
        record = {key: value for key, value in job.record.items()
                  if key not in ("beams", "settled_by")}
        record.setdefault("stage_two_nodes", task.stage_two_nodes)
    if beams["widths"]:
        record["beams"] = beams
    return record


def _replay(task: ScreenTask, number: int, line: list[tuple[int, int]]) -> str | None:
    """Why stage one's line for deal ``number`` does not win on the rules model
    (``None`` when it does)."""
    start = kept_start(task.jokers, number)
    try:
        moves = label_line(Position.of(start), task.rules, line)
    except (KeyError, IndexError) as error:
        return f"a move the move generator does not list ({error!r})"
    replay = replay_win(start, moves, task.rules)
    if replay.ok:
        return None
    return f"move {replay.failed_at}: {replay.reason}"
