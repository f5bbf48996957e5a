"""Surveys: solve a range of deal numbers, certify every win, count.

:func:`run_survey` solves deals ``CFj-K .. CFj-(K+N-1)`` with the
perfect-information solver, on a local process pool or on a Dask
distributed cluster (``scheduler=``, the optional extra ``ringside[dask]``),
both through :func:`harness.toolkit.fan_out` (the task is the module-level
:func:`survey_chunk`), and optionally plays each deal with
the realistic policies of :mod:`model.clubfight.policies`.

The results file (JSON Lines)
-----------------------------

The first line describes the survey (``{"survey": {...}}``: variant, range,
rules, limits, policies, seed); every other line is one deal::

    {"id": "CF1-17", "verdict": "win", "nodes": 42, "seconds": 0.0011,
     "moves": [{"club": "6", "action": "line", "cleared": [3, 4, 5], "line": "row 2"}, ...],
     "policies": {"greedy": {"won": true, "cards_left": 0, "seconds": 0.03}}}

``moves`` is the winning line (``Move.as_dict()``, as ``solve --json``
prints it; empty unless ``win``); ``policies`` is there for the deals the
policies were asked to play.  Each line is written and flushed as soon as
its deal is done, so a killed survey loses only the deals in flight; a
finished survey rewrites the file in deal order (atomically), so a finished
file does not depend on the order in which workers finished.

Certificates: every ``win`` is replayed from the deal by
:func:`~model.clubfight.certify.replay_win` (the rules model, not the
solver) in the process that writes the file, before its line is written; the
first line that does not replay stops the survey (:class:`ReplayFailed`).

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
search (:class:`~model.clubfight.solver.SplitMix`), so node counts and lines
are the same on every run; a node budget (``max_nodes``) stops the search at
the same node every time, while a timeout stops it wherever the clock says,
which depends on the machine and its load.  Use ``max_nodes`` for
reproducible surveys.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from model.core.errors import InputError
from model.clubfight.certify import replay_win
from model.clubfight.deals import Deal, parse_deal_id
from model.clubfight.rules import Rules
from model.clubfight.solver import VERDICTS, solve
from model.clubfight.state import State
from harness.games.clubfight.commands import check_deal_range
from harness.toolkit import Progress, fan_out

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""
FORMAT = 1
"""The version of the results file's layout."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    ``(0.0, 1.0)`` when there are no trials.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes}/{trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# -- configuration -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SurveyConfig:
    """What decides a survey's results (the file's header says it).

    ``policies`` pairs each policy name with the number of deals (from the
    first of the range) it plays.  ``rules_name`` and ``rules_overrides``
    name ``rules`` for people and files.
    """

    jokers: int
    start: int
    deals: int
    rules: Rules
    rules_name: str = "rulebook"
    rules_overrides: dict = field(default_factory=dict)
    max_nodes: int | None = None
    timeout: float | None = None
    policies: tuple[tuple[str, int], ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        if self.jokers not in (1, 2):
            raise InputError(f"must be 1 or 2, not {self.jokers}", "--jokers")
        if self.deals < 1:
            raise InputError(f"must be at least 1, not {self.deals}", "--deals")
        check_deal_range(self.start, self.deals)
        if self.max_nodes is not None and self.max_nodes < 1:
            raise InputError(f"must be at least 1, not {self.max_nodes}", "--max-nodes")
        if self.timeout is not None and not self.timeout > 0:
            raise InputError(f"must be a positive number of seconds, not {self.timeout}",
                             "--timeout")
        from model.clubfight.policies import POLICIES

        names = [name for name, _ in self.policies]
        for name, count in self.policies:
            if name not in POLICIES:
                raise InputError(f"unknown policy {name!r}; policies are "
                                 f"{', '.join(POLICIES)}", "--policies")
            if count < 0:
                raise InputError(f"{name}: the number of deals must not be negative",
                                 "--policies")
        if len(set(names)) != len(names):
            raise InputError("a policy is named twice", "--policies")

    @property
    def numbers(self) -> range:
        return range(self.start, self.start + self.deals)

    def policy_deals(self, name: str) -> int:
        return min(self.deals, dict(self.policies)[name])

    def policies_for(self, number: int) -> tuple[str, ...]:
        """The policies that play deal ``number``."""
        return tuple(name for name, count in self.policies
                     if number < self.start + min(self.deals, count))

    def header(self) -> dict:
        return {"survey": {
            "format": FORMAT, "jokers": self.jokers, "start": self.start,
            "deals": self.deals, "rules": self.rules_name,
            "rules_overrides": dict(sorted(self.rules_overrides.items())),
            "max_nodes": self.max_nodes, "timeout": self.timeout,
            "policies": {name: self.policy_deals(name) for name, _ in self.policies},
            "seed": self.seed,
        }}


def parse_policies(text: str | None, deals: int) -> tuple[tuple[str, int], ...]:
    """``"greedy,mc:1000"`` -> (("greedy", deals), ("mc", 1000)).

    ``NAME:N`` plays the policy on the first N deals of the survey only.
    """
    if not text:
        return ()
    found = []
    for item in text.split(","):
        name, sep, count = item.strip().partition(":")
        if not name:
            raise InputError(f"{text!r}: an empty policy name", "--policies")
        if sep:
            try:
                number = int(count)
            except ValueError:
                raise InputError(f"{item!r}: after the colon, a number of deals",
                                 "--policies") from None
            if number < 0:
                raise InputError(f"{item!r}: the number of deals must not be negative",
                                 "--policies")
        else:
            number = deals
        found.append((name.strip().lower(), min(number, deals)))
    return tuple(found)


# -- one deal ----------------------------------------------------------------------------------
def survey_deal(jokers: int, number: int, rules: Rules, max_nodes: int | None,
                timeout: float | None, policies: tuple[str, ...], seed: int) -> dict:
    """One deal's line of the results file (solved, and played by ``policies``)."""
    deal_id = f"CF{jokers}-{number}"
    state = State.from_deal(Deal.from_number(jokers, number))
    result = solve(state, rules, max_nodes=max_nodes, timeout=timeout)
    record = {"id": deal_id, "verdict": result.verdict, "nodes": result.nodes,
              "seconds": round(result.seconds, 6),
              "moves": [move.as_dict() for move in result.moves]}
    if policies:
        from model.clubfight.policies import deal_seed, play

        played = {}
        for name in policies:
            started = time.perf_counter()
            game = play(state, rules, name, deal_seed(seed, deal_id))
            played[name] = {"won": game.won, "cards_left": game.cards_left,
                            "seconds": round(time.perf_counter() - started, 4)}
        record["policies"] = played
    return record


def survey_chunk(task: tuple) -> list[dict]:
    """The unit of work sent to a worker: ``(jokers, numbers, rules, max_nodes,
    timeout, policies per number, seed)`` -> the lines of those deals."""
    jokers, numbers, rules, max_nodes, timeout, policies, seed = task
    return [survey_deal(jokers, number, rules, max_nodes, timeout, names, seed)
            for number, names in zip(numbers, policies)]


# -- the results file --------------------------------------------------------------------------
def _deal_number(record, config: SurveyConfig, where: str) -> int:
    if not isinstance(record, dict) or "id" not in record:
        raise InputError("a line is not a deal's result (no id)", where)
    try:
        jokers, number = parse_deal_id(str(record["id"]))
    except InputError:
        raise InputError(f"{record['id']!r} is not a deal number", where) from None
    if jokers != config.jokers or number not in config.numbers:
        raise InputError(f"{record['id']} is outside this survey (CF{config.jokers}-"
                         f"{config.start} .. CF{config.jokers}-{config.start + config.deals - 1})",
                         where)
    if record.get("verdict") not in VERDICTS or not isinstance(record.get("nodes"), int) \
            or not isinstance(record.get("moves"), list):
        raise InputError(f"{record['id']}: a deal's line needs verdict, nodes and moves", where)
    wanted = config.policies_for(number)
    played = record.get("policies", {})
    if not isinstance(played, dict) or any(
            not isinstance(played.get(name), dict) or not isinstance(played[name].get("won"), bool)
            for name in wanted):
        raise InputError(f"{record['id']}: the policy results "
                         f"({', '.join(wanted)}) are missing", where)
    return number


def read_results(path: Path, config: SurveyConfig) -> tuple[dict[int, dict], int]:
    """The deals already in a results file: ``({number: line}, bytes to keep)``.

    A last line without its newline (a killed writer) is left out, and the
    byte count says where the complete lines end.  Raises ``InputError`` for
    a file of another survey or a garbled line.
    """
    where = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}", where) from None
    keep = data.rfind(b"\n") + 1  # complete lines end here
    lines = data[:keep].split(b"\n")[:-1]
    if not lines:
        return {}, 0
    try:
        header = json.loads(lines[0])
    except (UnicodeDecodeError, ValueError):
        raise InputError("line 1 is not JSON; not a survey results file", where) from None
    if not isinstance(header, dict) or "survey" not in header:
        raise InputError("line 1 is not a survey header; not a survey results file", where)
    if header != json.loads(json.dumps(config.header())):
        mine, theirs = config.header()["survey"], header["survey"]
        differ = [key for key in mine if not isinstance(theirs, dict)
                  or theirs.get(key) != json.loads(json.dumps(mine[key]))]
        raise InputError("the file belongs to a different survey ("
                         + ", ".join(f"{key} {theirs.get(key) if isinstance(theirs, dict) else '?'!r}"
                                     f" there, {mine[key]!r} here" for key in differ)
                         + "); resume it with the same options or write another file", where)
    records: dict[int, dict] = {}
    for index, line in enumerate(lines[1:], start=2):
        here = f"{where}: line {index}"
        try:
            record = json.loads(line)
        except (UnicodeDecodeError, ValueError):
            raise InputError("not JSON (a garbled line; only a torn last line is "
                             "tolerated)", here) from None
        number = _deal_number(record, config, here)
        if number in records:
            raise InputError(f"{record['id']} appears twice", here)
        records[number] = record
    return records, keep


class ReplayFailed(Exception):
    """A winning line of the solver did not replay on the rules model."""

    def __init__(self, deal_id: str, move: int | None, reason: str | None) -> None:
        self.deal_id = deal_id
        super().__init__(f"{deal_id}: the solver's winning line does not replay: "
                         f"move {move}: {reason}")


def certify_record(record: dict, config: SurveyConfig) -> None:
    """Replay a ``win``'s line from its deal with the rules model (or raise)."""
    if record["verdict"] != "win":
        return
    jokers, number = parse_deal_id(record["id"])
    replay = replay_win(State.from_deal(Deal.from_number(jokers, number)), record["moves"],
                        config.rules)
    if not replay.ok:
        raise ReplayFailed(record["id"], replay.failed_at, replay.reason)


# -- running -----------------------------------------------------------------------------------
@dataclass
class SurveyRun:
    """What a survey did: every deal's line (by number) and this run's timing."""

    config: SurveyConfig
    records: dict[int, dict]
    computed: int
    wall_seconds: float
    workers: int
    complete: bool = True


def _tasks(config: SurveyConfig, numbers: list[int], chunk: int) -> Iterator[tuple]:
    for index in range(0, len(numbers), chunk):
        part = numbers[index: index + chunk]
        yield (config.jokers, part, config.rules, config.max_nodes, config.timeout,
               [config.policies_for(n) for n in part], config.seed)


def run_survey(config: SurveyConfig, out: Path | None = None, *, resume: bool = False,
               workers: int = 1, scheduler: str | None = None, chunk: int | None = None,
               progress: Progress | None = None) -> SurveyRun:
    """Solve (and play) every deal of ``config``; write ``out``; certify every win.

    ``workers`` processes (1: in this process) or the Dask cluster at
    ``scheduler`` (:func:`harness.toolkit.fan_out`; a broken pool or a
    failed worker raises :class:`~harness.toolkit.WorkFailed`).  Raises
    :class:`ReplayFailed` on the first win that does not replay (the lines
    written before it stay in ``out``).  ``progress`` counts the deals done.
    """
    if workers < 1:
        raise InputError(f"must be at least 1, not {workers}", "--workers")
    if resume and out is None:
        raise InputError("--resume needs --out, the file to continue", "--resume")
    records: dict[int, dict] = {}
    handle = None
    if out is not None:
        out = Path(out)
        if resume and out.exists():
            records, keep = read_results(out, config)
            for number in sorted(records):  # the file may have been edited since
                certify_record(records[number], config)
            handle = open(out, "r+b")
            handle.truncate(keep)
            handle.seek(keep)
            if keep == 0:
                handle.write(_line(config.header()))
        else:
            if out.parent and not out.parent.exists():
                raise InputError("its folder does not exist", str(out))
            try:
                handle = open(out, "wb")
            except OSError as error:
                raise InputError(f"cannot write it: {error.strerror or error}",
                                 str(out)) from None
            handle.write(_line(config.header()))
        handle.flush()
    todo = [n for n in config.numbers if n not in records]
    if chunk is None:
        chunk = 1 if config.policies else 8
        chunk = max(1, min(chunk, len(todo) // (4 * workers) or 1))
    tasks = _tasks(config, todo, chunk)
    results = fan_out(survey_chunk, tasks, workers=workers, scheduler=scheduler)
    started = time.perf_counter()
    computed = 0
    wins = sum(r["verdict"] == "win" for r in records.values())
    unknown = sum(r["verdict"] == "unknown" for r in records.values())
    if progress is not None:
        progress.start(total=config.deals, done=len(records))
    try:
        for batch in results:
            for record in batch:
                certify_record(record, config)
                number = parse_deal_id(record["id"])[1]
                records[number] = record
                if handle is not None:
                    handle.write(_line(record))
                    handle.flush()
                computed += 1
                wins += record["verdict"] == "win"
                unknown += record["verdict"] == "unknown"
                if progress is not None:
                    progress.advance(1, f"{wins:,} wins, {unknown:,} unknown")
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        if handle is not None:
            handle.close()
    wall = time.perf_counter() - started
    if out is not None:
        _rewrite_sorted(out, config, records)
    return SurveyRun(config, records, computed, wall, workers)


def _line(value: dict) -> bytes:
    return (json.dumps(value, separators=(",", ":")) + "\n").encode()


def _rewrite_sorted(out: Path, config: SurveyConfig, records: dict[int, dict]) -> None:
    """The finished file in deal order (written aside, then renamed over)."""
    temporary = out.with_name(out.name + ".sorting")
    with open(temporary, "wb") as handle:
        handle.write(_line(config.header()))
        for number in sorted(records):
            handle.write(_line(records[number]))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, out)


# -- the summary -------------------------------------------------------------------------------
def _rate(successes: int, trials: int) -> float:
    return round(successes / trials, 6) if trials else 0.0


def summarize(run: SurveyRun, command: str | None = None) -> dict:
    """The survey's figures: one row of ``results/clubfight/summary.json``.

    ``win_rate`` is wins / deals; the interval is Wilson's at 95%, with the
    unknowns counted as losses for its low end and as wins for its high end.
    """
    config = run.config
    rows = [run.records[n] for n in config.numbers if n in run.records]
    wins = sum(r["verdict"] == "win" for r in rows)
    losses = sum(r["verdict"] == "loss" for r in rows)
    unknown = sum(r["verdict"] == "unknown" for r in rows)
    deals = len(rows)
    low = wilson(wins, deals)[0]
    high = wilson(wins + unknown, deals)[1]
    seconds = sorted(r.get("seconds", 0.0) for r in rows)
    summary: dict = {
        "jokers": config.jokers, "rules": config.rules_name, "deals": deals,
        "start": config.start, "wins": wins, "losses": losses, "unknown": unknown,
        "win_rate": _rate(wins, deals), "wilson_low": round(low, 6),
        "wilson_high": round(high, 6),
    }
    if config.rules_overrides:
        summary["rules_overrides"] = dict(sorted(config.rules_overrides.items()))
    summary["max_nodes"] = config.max_nodes
    summary["timeout"] = config.timeout
    if config.policies:
        policies = {}
        for name, _ in config.policies:
            played = [r["policies"][name] for r in rows if name in r.get("policies", {})]
            won = sum(p["won"] for p in played)
            p_low, p_high = wilson(won, len(played))
            policies[name] = {"wins": won, "deals": len(played),
                              "win_rate": _rate(won, len(played)),
                              "wilson_low": round(p_low, 6), "wilson_high": round(p_high, 6),
                              "seconds": round(sum(p.get("seconds", 0.0) for p in played), 3)}
        summary["policies"] = policies
        summary["seed"] = config.seed
    summary["loss_ids"] = [r["id"] for r in rows if r["verdict"] == "loss"]
    summary["unknown_ids"] = [r["id"] for r in rows if r["verdict"] == "unknown"]
    summary["nodes"] = sum(r["nodes"] for r in rows)
    summary["solver_seconds"] = round(sum(seconds), 3)
    if seconds:
        summary["solver_seconds_median"] = seconds[len(seconds) // 2]
        summary["solver_seconds_max"] = seconds[-1]
    summary["complete"] = deals == config.deals
    summary["wall_seconds"] = round(run.wall_seconds, 3)
    summary["computed"] = run.computed
    summary["deals_per_second"] = (round(run.computed / run.wall_seconds, 2)
                                   if run.wall_seconds > 0 else None)
    summary["workers"] = run.workers
    if command is not None:
        summary["command"] = command
    return summary


def update_summary_file(path: Path, row: dict) -> None:
    """Put ``row`` into a summary file (a JSON list of variants), replacing the
    row of the same variant (jokers, rules, overrides)."""
    where = str(path)
    rows: list = []
    if path.exists():
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise InputError(f"cannot read it: {error}", where) from None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise InputError("not a list of variants", where)

    def key(item: dict) -> tuple:
        return (item.get("jokers"), item.get("rules"),
                json.dumps(item.get("rules_overrides", {}), sort_keys=True))

    rows = [r for r in rows if key(r) != key(row)] + [row]
    rows.sort(key=lambda r: (str(r.get("jokers")), str(r.get("rules")),
                             json.dumps(r.get("rules_overrides", {}), sort_keys=True)))
    temporary = path.with_name(path.name + ".writing")
    temporary.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)
