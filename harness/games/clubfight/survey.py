"""Surveys: solve a range of deal numbers, certify every win, count.

:func:`run_survey` solves deals ``CFj-K .. CFj-(K+N-1)`` with the
perfect-information solver, on a local process pool or on a Dask
distributed cluster (``scheduler=``, the optional extra ``ringside[dask]``),
both through :func:`harness.toolkit.fan_out` (the task is the module-level
:func:`survey_chunk`), and optionally plays each deal with
the realistic policies of :mod:`analysis.clubfight.policies`.

The results file (JSON Lines)
-----------------------------

The first line describes the survey (``{"survey": {...}}``: variant, range,
rules, limits, policies, seed); every other line is one deal::

    {"id": "CF1-17", "verdict": "win", "nodes": 42, "seconds": 0.0011,
     "moves": [{"club": "6", "action": "line", "cleared": [3, 4, 5], "line": "row 2"}, ...],
     "policies": {"greedy": {"won": true, "cards_left": 0, "seconds": 0.03}}}

``moves`` is the winning line (``Move.as_dict()``, as ``solve --json``
prints it; empty unless ``win``); ``policies`` is there for the deals the
policies were asked to play; ``slack`` for the deals whose slack was asked
for (``slack_deals``: the first of the range), as ``ringside clubfight slack
--json`` prints it without the id, plus why an inexact one stayed unknown::

    "slack": {"slack": 3, "won_with": 10, "lost_with": 9, "nodes": 5120,
              "seconds": 0.21, "verdicts": [{"clubs": 13, "verdict": "win",
              "nodes": 12}, ..., {"clubs": 9, "verdict": "loss", "nodes": 4980}]}
    "slack": {"slack": null, ..., "unknown": "budget",
              "reason": "undecided with 9 clubs within the budget"}

``unknown`` is the class of the reason (:func:`slack_reason_class`):
``budget`` (the node budget ran out) or ``check`` (a loss was found but its
certificate was not re-derived by the independent checker); the words of
the reason are kept in ``reason``.  With ``slack_check_every`` N above 1
(``--slack-check-every N``), only the deals whose number is a multiple of N
have their losses re-derived by the checker; the others take the solver's
loss as it is and say so with ``"checked": false`` (the header's slack block
records ``check_every``).

Each line is written and flushed as soon as its deal is done, so a killed
survey loses only the deals in flight; a finished survey rewrites the file in
deal order (atomically), so a finished file does not depend on the order in
which workers finished.

Certificates: every ``win`` is replayed from the deal by
:func:`~analysis.clubfight.certify.replay_win` (the rules model, not the
solver) in the process that writes the file, before its line is written; the
first line that does not replay stops the survey
(:class:`~harness.games.clubfight.survey_file.ReplayFailed`).

Resuming (``resume=True``): the deals already in the file are kept and
skipped (their wins replayed again: the file may have been edited); a last line without its newline is a torn write of a killed
survey: it is cut off and its deal solved again.  Anything else that does not
read (a garbled line, a deal outside the range or given twice, a header of a
different survey) is an :class:`~model.core.errors.InputError`.  Counts are
taken from the file, one per deal id, so nothing is counted twice.

Reproducibility: a deal's line depends only on the deal number, the rules,
the limits and (for the policies) the seed, never on the number of workers or
the machine, except ``seconds`` and, when ``timeout`` is set, the verdict:
the solver's random restarts use a generator seeded the same way on every
search (:class:`~analysis.clubfight.search.SplitMix`), so node counts and lines
are the same on every run; a node budget (``max_nodes``) stops the search at
the same node every time, while a timeout stops it wherever the clock says,
which depends on the machine and its load.  Use ``max_nodes`` for
reproducible surveys.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from harness.files import check_output_file, check_replaceable, held_for_writing
from model.core.errors import InputError
from model.clubfight.deals import Deal, parse_deal_id
from model.clubfight.rules import Rules
from analysis.clubfight.slack import slack_json
from analysis.clubfight.solver import solve
from model.clubfight.state import State
from harness.games.clubfight.survey_config import SurveyConfig
from harness.games.clubfight.survey_file import (
    certify_record, confirm_loss, is_survey_file, line_bytes, open_results, read_results,
    reusable_records, rewrite_sorted, slack_exact,
)
from harness.interrupts import checkpoint
from harness.toolkit import Progress, fan_out


# -- one deal ----------------------------------------------------------------------------------
class SlackFailed(Exception):
    """The slack computation of a deal raised: a win that did not replay or a
    solver's loss that the independent checker refuted.  Either is a bug, so
    the survey stops rather than write a line without its slack."""

    def __init__(self, deal_id: str, reason: str) -> None:
        self.deal_id = deal_id
        super().__init__(f"{deal_id}: the slack computation failed: {reason}")


SLACK_FAILED = "slack_failed"
"""The key under which a worker hands a failed slack computation to the process
that writes the file (which raises :class:`SlackFailed`; never written)."""
CUT = "cut_by_timeout"
"""The key under which a worker says its deal ran into the command's ``--timeout``
(the time left went to its solves as their limit, and they used it all): the deal
has no answer of its own, so it is never written and a ``--resume`` computes it."""


def slack_record(source: State, rules: Rules, max_nodes: int, check_limit: int,
                 check: bool = True, timeout: float | None = None) -> dict:
    """The ``slack`` field of a deal's line (``slack --json`` without the id, and,
    when the slack is not exact, the class and words of the reason; with
    ``check`` false, the solver's losses taken as they are and ``"checked":
    false`` said)."""
    from analysis.clubfight.slack import slack

    result = slack(source, rules, max_nodes=max_nodes, check_limit=check_limit, check=check,
                   timeout=timeout)
    record = slack_json(result)
    record.pop("id", None)
    return record


def survey_deal(jokers: int, number: int, rules: Rules, max_nodes: int | None,
                timeout: float | None, policies: tuple[str, ...], seed: int,
                slack_limits: tuple | None = None, time_left: float | None = None) -> dict:
    """One deal's line of the results file (solved, played by ``policies``, and
    with its slack when ``slack_limits`` (node budget, check limit, and
    whether its losses are re-derived) is given).

    ``time_left``: what the command's ``--timeout`` leaves, a limit on the solves
    beside ``timeout``'s; a deal that runs into it gets ``{"id", CUT: True}``."""
    deal_id = f"CF{jokers}-{number}"
    state = State.from_deal(Deal.from_number(jokers, number))
    began = time.perf_counter()
    capped = time_left is not None and (timeout is None or time_left < timeout)
    if capped:
        timeout = time_left
    result = solve(state, rules, max_nodes=max_nodes, timeout=timeout)
    if capped and result.verdict == "unknown":
        return {"id": deal_id, CUT: True}
    record = {"id": deal_id, "verdict": result.verdict, "nodes": result.nodes,
              "seconds": round(result.seconds, 6),
              "moves": [move.as_dict() for move in result.moves]}
    if result.verdict == "loss":
        # What proved it: the search ruled out every line of play in this many
        # nodes, under these limits (resume solves it again and must agree).
        record["proof"] = {"method": "search", "nodes": result.nodes}
    if policies:
        from analysis.clubfight.policies import deal_seed, play

        played = {}
        for name in policies:
            started = time.perf_counter()
            game = play(state, rules, name, deal_seed(seed, deal_id))
            played[name] = {"won": game.won, "cards_left": game.cards_left,
                            "seconds": round(time.perf_counter() - started, 4)}
        record["policies"] = played
    if slack_limits is not None:
        try:
            spent = time.perf_counter() - began
            record["slack"] = slack_record(
                state, rules, *slack_limits,
                timeout=max(time_left - spent, 1e-6) if time_left is not None else None)
            if time_left is not None and record["slack"].get("slack") is None \
                    and time.perf_counter() - began >= time_left:
                return {"id": deal_id, CUT: True}
        except RuntimeError as error:
            # Handed to the writing process, which stops the survey (the same
            # way on every worker pool): a line without its slack is never written.
            record[SLACK_FAILED] = str(error)
    return record


def survey_chunk(task: tuple) -> list[dict]:
    """The unit of work sent to a worker: ``(jokers, numbers, rules, max_nodes,
    timeout, policies per number, seed, slack limits per number or None, time left
    of the command's --timeout or None)`` -> the lines of those deals (the last one
    cut, when the time left ran out)."""
    jokers, numbers, rules, max_nodes, timeout, policies, seed, slack, time_left = task
    began = time.perf_counter()
    lines = []
    for number, names, limits in zip(numbers, policies, slack):
        left = None if time_left is None else time_left - (time.perf_counter() - began)
        if left is not None and left <= 0:
            lines.append({"id": f"CF{jokers}-{number}", CUT: True})
            break
        lines.append(survey_deal(jokers, number, rules, max_nodes, timeout, names, seed,
                                 limits, left))
        if CUT in lines[-1]:
            break
    return lines


# -- running -----------------------------------------------------------------------------------
@dataclass
class SurveyRun:
    """What a survey did: every deal's line (by number) and this run's timing."""

    config: SurveyConfig
    records: dict[int, dict]
    computed: int
    wall_seconds: float
    workers: int
    stopped: str = ""
    """Why the run stopped before every deal was done (``--timeout``'s reason)."""

    @property
    def complete(self) -> bool:
        """Whether the run went on until every deal of the survey was done."""
        return not self.stopped


def _tasks(config: SurveyConfig, numbers: list[int], chunk: int,
           deadline: Deadline) -> Iterator[tuple]:
    """The chunks of ``numbers``, each made when it is handed out, with the time
    ``deadline`` leaves then."""
    for index in range(0, len(numbers), chunk):
        part = numbers[index: index + chunk]
        limits = config.slack_limits() if config.slack_count else None
        yield (config.jokers, part, config.rules, config.max_nodes, config.timeout,
               [config.policies_for(n) for n in part], config.seed,
               [(*limits, config.slack_checked(n)) if config.slack_for(n) else None
                for n in part], deadline.remaining())


def run_survey(config: SurveyConfig, out: Path | None = None, *, resume: bool = False,
               workers: int = 1, scheduler: str | None = None, chunk: int | None = None,
               progress: Progress | None = None, reuse: Path | None = None,
               deadline: Deadline = NO_DEADLINE) -> SurveyRun:
    """Solve (and play) every deal of ``config``; write ``out``; certify every win.

    ``workers`` processes (1: in this process) or the Dask cluster at
    ``scheduler`` (:func:`harness.toolkit.fan_out`; a broken pool or a
    failed worker raises :class:`~harness.toolkit.WorkFailed`).  Raises
    :class:`~harness.games.clubfight.survey_file.ReplayFailed` on the first win that
    does not replay, and
    :class:`SlackFailed` on the first deal whose slack computation failed (the
    lines written before either stay in ``out``).  ``progress`` counts the deals done.
    ``reuse``: an earlier file of this survey, over other deals, with another
    check sample or with smaller slack limits, whose settled deals are taken
    as they are (:func:`reusable_records`), written to ``out`` first.
    ``out`` is held for this run alone while it is written
    (:func:`harness.files.held_for_writing`): if another run holds it, this
    one raises :class:`InputError` before touching it.
    Past ``deadline`` the run stops: the deals done stay in ``out`` (a
    ``--resume`` computes the rest), and :attr:`SurveyRun.stopped` says why.
    """
    if workers < 1:
        raise InputError(f"must be at least 1, not {workers}", "--workers")
    if resume and out is None:
        raise InputError("--resume needs --out, the file to continue", "--resume")
    if reuse is not None and out is not None and Path(reuse).resolve() == Path(out).resolve():
        raise InputError("must name another file than --out (the reused file is only read)",
                         "--reuse")
    reused, again = reusable_records(Path(reuse), config) if reuse is not None else ({}, set())
    if out is None:
        return _run_survey(config, None, resume=resume, workers=workers, scheduler=scheduler,
                           chunk=chunk, progress=progress, reused=reused, again=again,
                           deadline=deadline)
    out = Path(out)
    check_output_file(out, "--out")
    existed = out.exists()
    # One run at a time on a file: held from before it is read to after it is rewritten.
    with held_for_writing(out, str(out)):
        return _run_survey(config, out, resume=resume and existed, workers=workers,
                           scheduler=scheduler, chunk=chunk, progress=progress, reused=reused,
                           again=again, deadline=deadline)


def _run_survey(config: SurveyConfig, out: Path | None, *, resume: bool, workers: int,
                scheduler: str | None, chunk: int | None, progress: Progress | None,
                reused: dict[int, dict], again: set[int], deadline: Deadline) -> SurveyRun:
    """:func:`run_survey` once its arguments are checked and ``out`` is held.

    ``again``: the deals of the reused file computed again (see
    :func:`reusable_records`)."""
    records: dict[int, dict] = {}
    handle = None
    if out is not None:
        if resume:
            records, keep = read_results(out, config)
            for number in sorted(records):  # the file may have been edited since
                certify_record(records[number], config)
                confirm_loss(records[number], config)
            handle = open_results(out, "r+b")
            handle.truncate(keep)
            handle.seek(keep)
            if keep == 0:
                handle.write(line_bytes(config.header()))
        else:
            check_replaceable(out, is_survey_file, "a survey results file", str(out))
            handle = open_results(out, "wb")
            handle.write(line_bytes(config.header()))
        handle.flush()
    for number in sorted(reused):
        if number in records:
            continue
        records[number] = reused[number]
        if handle is not None:
            handle.write(line_bytes(reused[number]))
    if handle is not None:
        handle.flush()
    todo = [n for n in config.numbers if n not in records]
    if chunk is None:
        chunk = 1 if config.policies or config.slack_count else 8
        chunk = max(1, min(chunk, len(todo) // (4 * workers) or 1))
    tasks = _tasks(config, todo, chunk, deadline)
    results = fan_out(survey_chunk, tasks, workers=workers, scheduler=scheduler,
                      deadline=deadline)
    stopped = ""
    started = time.perf_counter()
    computed = 0
    wins = sum(r["verdict"] == "win" for r in records.values())
    unknown = sum(r["verdict"] == "unknown" for r in records.values())
    slacks = [0, 0]  # settled, unknown: of the deals with a slack
    for r in records.values():
        _tally_slack(slacks, r)
    # The deals a reused file left unknown are the slowest of a survey: while they run,
    # the pace says nothing of the deals computed for the first time, so the time left
    # is not estimated until they are done, and the pace is measured again from there.
    slow = again & set(todo)
    if len(slow) == len(todo):  # all alike: the pace of the first is the pace of the rest
        slow = set()
    if progress is not None:
        progress.start(total=config.deals, done=len(records), estimate=not slow)
    try:
        for batch in results:
            for record in batch:
                checkpoint()
                if CUT in record:  # no answer of its own: the time was up
                    raise TimeUp(deadline.limit, deadline.where)
                if SLACK_FAILED in record:
                    raise SlackFailed(record["id"], record[SLACK_FAILED])
                certify_record(record, config)
                number = parse_deal_id(record["id"])[1]
                records[number] = record
                if handle is not None:
                    handle.write(line_bytes(record))
                    handle.flush()
                computed += 1
                wins += record["verdict"] == "win"
                unknown += record["verdict"] == "unknown"
                _tally_slack(slacks, record)
                was_slow = bool(slow)
                slow.discard(number)
                if progress is not None:
                    status = f"{wins:,} wins, {unknown:,} unknown"
                    if config.slack_count:
                        status += f"; slack exact {slacks[0]:,}, unknown {slacks[1]:,}"
                    if slow:
                        status += (f"; {len(slow):,} deals the reused file did not settle still"
                                   " to compute again (the slowest: no estimate until they"
                                   " are done)")
                    progress.advance(1, status)
                    if was_slow and not slow:
                        progress.rebase()
    except TimeUp as up:
        stopped = up.reason
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        if handle is not None:
            handle.close()
    wall = time.perf_counter() - started
    if out is not None and not stopped:  # an unfinished file stays as a killed run leaves it
        rewrite_sorted(out, config, records)
    return SurveyRun(config, records, computed, wall, workers, stopped)


def _tally_slack(counts: list[int], record: dict) -> None:
    """Count a deal's slack in ``counts`` (settled, unknown), if it has one (a deal
    lost with every club is settled: :func:`slack_exact`)."""
    block = record.get("slack")
    if isinstance(block, dict):
        counts[0 if slack_exact(block) else 1] += 1
