"""A survey's summary: win rates with Wilson intervals, node counts, slack, the summary file.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

from analysis.inputs import load_json
from harness.files import atomic_write
from model.core.errors import InputError
from analysis.clubfight.solver import VERDICTS
from model.clubfight.deals import parse_deal_id
from harness.games.clubfight.survey_config import SurveyConfig
from harness.games.clubfight.survey_file import REASON_CLASSES, slack_exact

if TYPE_CHECKING:
    from harness.games.clubfight.survey import SurveyRun

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


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


def _rate(successes: int, trials: int) -> float:
    return round(successes / trials, 6) if trials else 0.0


HARDEST = 5
"""How many of the deals that took the most nodes a summary names."""


def log2_bin(nodes: int) -> int:
    """The bin of a node count in ``nodes_log2``: its bit length.

    Bin 0 holds 0 nodes, bin ``k >= 1`` the counts from ``2**(k-1)`` to
    ``2**k - 1``:

    >>> [log2_bin(n) for n in (0, 1, 2, 3, 4, 1023, 1024)]
    [0, 1, 2, 2, 3, 10, 11]
    """
    return int(nodes).bit_length()


def _counts(values: list[int]) -> list[int]:
    """``counts[k]`` = how many of ``values`` equal ``k`` (up to the largest)."""
    counts = [0] * (max(values) + 1 if values else 0)
    for value in values:
        counts[value] += 1
    return counts


def _quantile(ordered: list, share: float):
    """The nearest-rank quantile of a sorted, non-empty list (``share`` in (0, 1])."""
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summarize_slack(rows: list[dict], config: SurveyConfig,
                    command: str | None = None) -> dict:
    """The ``slack`` block of a summary row, from the lines that carry a slack.

    ``deals``: the lines with a slack; ``exact``: those that settle the deal,
    of which ``unwinnable`` were lost with all 13 clubs (no slack value) and
    the rest are counted by value in ``distribution`` (``{"slack": count}``,
    values in order); ``unknown`` the others, never folded into a value, with
    ``unknown_by_reason`` counting them by class (``budget``: the node budget
    ran out; ``check``: a loss whose certificate was not re-derived);
    with ``check_every`` N above 1 (also recorded), ``unchecked``: the slacks
    whose losses were taken from the solver without the checker, and
    ``sampled`` / ``unsampled``: ``{"deals", "exact"}`` of the deals whose
    losses the checker re-derives and of the others, apart, since only the
    sample can stop on the check limit (its exact rate is the stricter one).
    ``seconds_median`` / ``seconds_p99`` / ``seconds_max`` over every slack
    computed (nearest rank); ``max_nodes`` and ``check_limit`` the limits of
    each deal; ``command`` the command that made it.
    """
    records = [r["slack"] for r in rows if isinstance(r.get("slack"), dict)]
    exact = [s for s in records if slack_exact(s)]
    values = sorted(s["slack"] for s in exact if s["slack"] is not None)
    unknown = [s for s in records if not slack_exact(s)]
    seconds = sorted(float(s["seconds"]) for s in records)
    budget, check_limit = config.slack_limits()
    block: dict = {
        "deals": len(records), "max_nodes": budget, "check_limit": check_limit,
        "exact": len(exact), "unwinnable": len(exact) - len(values),
        "unknown": len(unknown),
        "unknown_by_reason": {name: sum(s.get("unknown") == name for s in unknown)
                              for name in REASON_CLASSES},
        "distribution": {str(value): values.count(value) for value in sorted(set(values))},
        "nodes": sum(s["nodes"] for s in records),
    }
    if config.slack_check_every != 1:
        block["check_every"] = config.slack_check_every
        block["unchecked"] = sum(s.get("checked") is False for s in records)
        sample = [config.slack_checked(parse_deal_id(r["id"])[1]) for r in rows
                  if isinstance(r.get("slack"), dict)]
        for name, wanted in (("sampled", True), ("unsampled", False)):
            part = [s for s, checked in zip(records, sample) if checked is wanted]
            block[name] = {"deals": len(part), "exact": sum(map(slack_exact, part))}
    if seconds:
        block["seconds_median"] = seconds[len(seconds) // 2]
        block["seconds_p99"] = _quantile(seconds, 0.99)
        block["seconds_max"] = seconds[-1]
    block["unwinnable_ids"] = [r["id"] for r in rows if isinstance(r.get("slack"), dict)
                               and slack_exact(r["slack"]) and r["slack"]["slack"] is None]
    if command is not None:
        block["command"] = command
    return block


def summarize(run: SurveyRun, command: str | None = None) -> dict:
    """The survey's figures: one row of ``results/clubfight/summary.json``.

    ``win_rate`` is wins / deals; the interval is Wilson's at 95%, with the
    unknowns counted as losses for its low end and as wins for its high end.

    Distributions, for the plots of the rules reference (which is built
    without the large results files):

    ``nodes_log2``
        per verdict (``win``, ``loss``, ``unknown``; only those that occur),
        the solver's node counts in powers of two: entry ``k`` is the number
        of deals whose search took ``n`` nodes with ``n.bit_length() == k``
        (:func:`log2_bin`: ``2**(k-1) <= n < 2**k``, entry 0 for ``n = 0``);
    ``nodes_median``, ``nodes_max``
        over every deal; ``hardest`` the (at most) five deals that took the
        most nodes, as ``{"id", "nodes", "verdict"}``, most first;
    ``cards_left_lost`` (in each policy's object)
        entry ``k``: the games that policy lost with ``k`` cards left on the
        table and in the deck (entry 0 is always 0: a game with none left is
        won);
    ``slack`` (when the survey computed slack)
        :func:`summarize_slack`: exact, unknown by reason, the distribution
        of the slack values, the time per deal.
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
                              "seconds": round(sum(p.get("seconds", 0.0) for p in played), 3),
                              "cards_left_lost": _counts([p["cards_left"] for p in played
                                                          if not p["won"]])}
        summary["policies"] = policies
        summary["seed"] = config.seed
    if config.slack_count:
        summary["slack"] = summarize_slack(rows, config, command)
    summary["loss_ids"] = [r["id"] for r in rows if r["verdict"] == "loss"]
    summary["unknown_ids"] = [r["id"] for r in rows if r["verdict"] == "unknown"]
    summary["nodes"] = sum(r["nodes"] for r in rows)
    summary["solver_seconds"] = round(sum(seconds), 3)
    if seconds:
        summary["solver_seconds_median"] = seconds[len(seconds) // 2]
        summary["solver_seconds_max"] = seconds[-1]
    nodes = sorted(r["nodes"] for r in rows)
    summary["nodes_log2"] = {verdict: _counts([log2_bin(r["nodes"]) for r in rows
                                               if r["verdict"] == verdict])
                             for verdict in VERDICTS
                             if any(r["verdict"] == verdict for r in rows)}
    if nodes:
        summary["nodes_median"] = nodes[len(nodes) // 2]
        summary["nodes_max"] = nodes[-1]
    hardest = sorted(rows, key=lambda r: (-r["nodes"], parse_deal_id(r["id"])[1]))[:HARDEST]
    summary["hardest"] = [{"id": r["id"], "nodes": r["nodes"], "verdict": r["verdict"]}
                          for r in hardest]
    summary["complete"] = deals == config.deals
    summary["wall_seconds"] = round(run.wall_seconds, 3)
    summary["computed"] = run.computed
    summary["deals_per_second"] = (round(run.computed / run.wall_seconds, 2)
                                   if run.wall_seconds > 0 else None)
    summary["workers"] = run.workers
    if command is not None:
        summary["command"] = command
    return summary


def read_summary_file(path: Path) -> list[dict]:
    """The variants already in a summary file (none if it does not exist yet).

    Called before the survey runs, so that a file that is not a summary is
    refused at once, untouched, instead of after an hour of solving.
    """
    if not path.exists() or path.stat().st_size == 0:
        return []
    try:
        rows = load_json(path, "summary file")
    except InputError as error:
        raise InputError(f"is not a summary file ({error.what}); it was left untouched",
                         str(path)) from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise InputError("is not a summary file (a JSON list of variants); it was left "
                         "untouched", str(path))
    return rows


def _variant(item: dict) -> tuple:
    """What makes a summary row a variant of its own: Jokers, rules, overrides."""
    return (item.get("jokers"), item.get("rules"),
            json.dumps(item.get("rules_overrides", {}), sort_keys=True))


RUN_FIELDS = ("wall_seconds", "computed", "deals_per_second", "workers")
"""The fields of a summary row that describe the run that wrote it, not its deals."""


def keep_run_timing(row: dict, rows: list[dict]) -> dict:
    """``row``, with the timing of the run that solved its deals when this one solved none.

    A ``--resume`` of a finished survey solves nothing (it certifies the file
    again and rewrites the summary, with any new fields): its own timing, 0
    deals computed, would replace that of the run that did the work.  The
    earlier row's :data:`RUN_FIELDS` are kept when it is of the same variant,
    made by the same command, over the same deals.
    """
    if row.get("computed") != 0:
        return row
    for earlier in rows:
        if (_variant(earlier) == _variant(row) and earlier.get("command") == row.get("command")
                and earlier.get("start") == row["start"] and earlier.get("deals") == row["deals"]
                and all(name in earlier for name in RUN_FIELDS)):
            return {**row, **{name: earlier[name] for name in RUN_FIELDS}}
    return row


def update_summary_file(path: Path, row: dict, rows: list[dict] | None = None) -> None:
    """Put ``row`` into a summary file (a JSON list of variants), replacing the
    row of the same variant (jokers, rules, overrides); written atomically."""
    rows = read_summary_file(path) if rows is None else rows
    key = _variant
    rows = [r for r in rows if key(r) != key(row)] + [row]
    rows.sort(key=lambda r: (str(r.get("jokers")), str(r.get("rules")),
                             json.dumps(r.get("rules_overrides", {}), sort_keys=True)))
    atomic_write(path, dumps_summary(rows))


_NUMBER_LIST = re.compile(r"\[\s*(-?\d[-+\d.eE]*(?:,\s*-?\d[-+\d.eE]*)*)\s*\]")


def dumps_summary(rows: list[dict]) -> str:
    """The text of a summary file: JSON indented by 2, a list of numbers on one line."""
    text = json.dumps(rows, indent=2)
    return _NUMBER_LIST.sub(lambda m: "[" + ", ".join(m.group(1).replace(",", " ").split())
                            + "]", text) + "\n"
