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
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from analysis.inputs import check_input_file, load_json, parse_json, read_bytes
from harness.files import atomic_write, check_output_file, check_replaceable, held_for_writing
from model.core.errors import InputError
from model.clubfight.certify import replay_win
from model.clubfight.deals import Deal, parse_deal_id
from model.clubfight.rules import Rules
from model.clubfight.solver import VERDICTS, solve
from model.clubfight.state import State
from harness.games.clubfight.commands import check_deal_range
from harness.interrupts import checkpoint
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
    slack_deals: int = 0
    slack_max_nodes: int | None = None
    slack_check_limit: int | None = None
    slack_check_every: int = 1

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
        if type(self.slack_deals) is not int or self.slack_deals < 0:
            raise InputError(f"must be a whole number from 0, not {self.slack_deals}",
                             "--slack")
        for limit, option, what in ((self.slack_max_nodes, "--slack-max-nodes", "a slack budget"),
                                    (self.slack_check_limit, "--slack-check-limit",
                                     "a check limit")):
            if limit is None:
                continue
            if limit < 1:
                raise InputError(f"must be at least 1, not {limit}", option)
            if not self.slack_deals:
                raise InputError(f"{what} needs --slack N, the deals to compute the slack of",
                                 option)
        if type(self.slack_check_every) is not int or self.slack_check_every < 1:
            raise InputError(f"must be a whole number from 1, not {self.slack_check_every}",
                             "--slack-check-every")
        if self.slack_check_every != 1 and not self.slack_deals:
            raise InputError("a check sample needs --slack N, the deals to compute the slack "
                             "of", "--slack-check-every")

    @property
    def numbers(self) -> range:
        return range(self.start, self.start + self.deals)

    def policy_deals(self, name: str) -> int:
        return min(self.deals, dict(self.policies)[name])

    def policies_for(self, number: int) -> tuple[str, ...]:
        """The policies that play deal ``number``."""
        return tuple(name for name, count in self.policies
                     if number < self.start + min(self.deals, count))

    @property
    def slack_count(self) -> int:
        """How many deals (the first of the range) get their slack computed."""
        return min(self.deals, self.slack_deals)

    def slack_limits(self) -> tuple[int, int]:
        """``(node budget, check limit)`` of each deal's slack: the ones given, else
        the slack module's defaults (recorded in the header either way)."""
        from model.clubfight.slack import DEFAULT_MAX_NODES, default_check_limit

        return (DEFAULT_MAX_NODES if self.slack_max_nodes is None else self.slack_max_nodes,
                default_check_limit() if self.slack_check_limit is None
                else self.slack_check_limit)

    def slack_for(self, number: int) -> bool:
        """Whether deal ``number``'s line carries its slack."""
        return number < self.start + self.slack_count

    def slack_checked(self, number: int) -> bool:
        """Whether the checker re-derives the losses of deal ``number``'s slack."""
        return number % self.slack_check_every == 0

    def header(self) -> dict:
        survey = {
            "format": FORMAT, "jokers": self.jokers, "start": self.start,
            "deals": self.deals, "rules": self.rules_name,
            "rules_overrides": dict(sorted(self.rules_overrides.items())),
            "max_nodes": self.max_nodes, "timeout": self.timeout,
            "policies": {name: self.policy_deals(name) for name, _ in self.policies},
            "seed": self.seed,
        }
        if self.slack_count:
            # Only when asked for: the header of a survey without slack stays
            # what it was, so the files written before slack existed resume.
            budget, check_limit = self.slack_limits()
            survey["slack"] = {"deals": self.slack_count, "max_nodes": budget,
                               "check_limit": check_limit}
            if self.slack_check_every != 1:
                # Only when sampled: files written before the sample existed resume.
                survey["slack"]["check_every"] = self.slack_check_every
        return {"survey": survey}


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
REASON_CLASSES = ("budget", "check")
"""Why a slack stayed unknown: the node budget ran out, or a loss was not checked."""


def slack_reason_class(kind: str | None) -> str:
    """The file's class of an unknown slack (:data:`REASON_CLASSES`) from
    :attr:`SlackResult.unknown_kind`: a loss whose certificate was too large
    to check, or that the checker could not re-derive, is ``check``; a search
    stopped by the node budget (or a budget spent before the next solve) is
    ``budget``.
    """
    from model.clubfight.slack import UNKNOWN_KINDS

    if kind not in UNKNOWN_KINDS:
        raise ValueError(f"not a kind of unknown slack: {kind!r} (one of {UNKNOWN_KINDS})")
    return "budget" if kind == "budget" else "check"


def slack_record(source: State, rules: Rules, max_nodes: int, check_limit: int,
                 check: bool = True) -> dict:
    """The ``slack`` field of a deal's line (``slack --json`` without the id, and,
    when the slack is not exact, the class and words of the reason; with
    ``check`` false, the solver's losses taken as they are and ``"checked":
    false`` said)."""
    from model.clubfight.slack import slack

    result = slack(source, rules, max_nodes=max_nodes, check_limit=check_limit, check=check)
    record = slack_json(result)
    record.pop("id", None)
    return record


def slack_json(result, deal_id: str | None = None) -> dict:
    """A :class:`~model.clubfight.slack.SlackResult` as ``slack --json`` prints it and a
    survey's line holds it: :meth:`SlackResult.as_dict`, ``"checked": false`` when a
    loss was taken from the solver unchecked, and, when the slack is not exact, the
    class (:func:`slack_reason_class`) and the words of the reason."""
    record = result.as_dict(deal_id)
    if not result.checked:
        record["checked"] = False
    if not _slack_exact(record):
        record["unknown"] = slack_reason_class(result.unknown_kind)
        record["reason"] = result.unknown_reason or "no reason given"
    return record


def survey_deal(jokers: int, number: int, rules: Rules, max_nodes: int | None,
                timeout: float | None, policies: tuple[str, ...], seed: int,
                slack_limits: tuple | None = None) -> dict:
    """One deal's line of the results file (solved, played by ``policies``, and
    with its slack when ``slack_limits`` (node budget, check limit, and
    whether its losses are re-derived) is given)."""
    deal_id = f"CF{jokers}-{number}"
    state = State.from_deal(Deal.from_number(jokers, number))
    result = solve(state, rules, max_nodes=max_nodes, timeout=timeout)
    record = {"id": deal_id, "verdict": result.verdict, "nodes": result.nodes,
              "seconds": round(result.seconds, 6),
              "moves": [move.as_dict() for move in result.moves]}
    if result.verdict == "loss":
        # What proved it: the search ruled out every line of play in this many
        # nodes, under these limits (resume solves it again and must agree).
        record["proof"] = {"method": "search", "nodes": result.nodes}
    if policies:
        from model.clubfight.policies import deal_seed, play

        played = {}
        for name in policies:
            started = time.perf_counter()
            game = play(state, rules, name, deal_seed(seed, deal_id))
            played[name] = {"won": game.won, "cards_left": game.cards_left,
                            "seconds": round(time.perf_counter() - started, 4)}
        record["policies"] = played
    if slack_limits is not None:
        try:
            record["slack"] = slack_record(state, rules, *slack_limits)
        except RuntimeError as error:
            # Handed to the writing process, which stops the survey (the same
            # way on every worker pool): a line without its slack is never written.
            record[SLACK_FAILED] = str(error)
    return record


def survey_chunk(task: tuple) -> list[dict]:
    """The unit of work sent to a worker: ``(jokers, numbers, rules, max_nodes,
    timeout, policies per number, seed, slack limits per number or None)`` ->
    the lines of those deals."""
    jokers, numbers, rules, max_nodes, timeout, policies, seed, slack = task
    return [survey_deal(jokers, number, rules, max_nodes, timeout, names, seed, limits)
            for number, names, limits in zip(numbers, policies, slack)]


# -- the results file --------------------------------------------------------------------------
_LINE_KEYS = {"id", "verdict", "nodes", "seconds", "moves", "policies", "proof", "slack"}
_SLACK_KEYS = {"slack", "won_with", "lost_with", "nodes", "seconds", "verdicts"}
_SLACK_VERDICTS = ("win", "loss", "unknown")
ALL_CLUBS = 13
"""The clubs of a deal (hand and club deck): slack counts how many can go."""
_MOVE_KEYS = {"club", "action", "cleared", "line", "direction"}
_PLAYED_KEYS = {"won", "cards_left", "seconds"}


def _whole(value, low: int, high: int | None = None) -> bool:
    return (type(value) is int and value >= low  # bool is not a count
            and (high is None or value <= high))


def _duration(value) -> bool:
    return (type(value) in (int, float) and math.isfinite(value) and value >= 0)


def _check_move(move, where: str) -> None:
    from model.clubfight.cards import parse_rank
    from model.clubfight.moves import ACTIONS

    if not isinstance(move, dict) or not {"club", "action", "cleared"} <= set(move) \
            or set(move) - _MOVE_KEYS:
        raise InputError("a move needs club, action and cleared (and maybe line or "
                         "direction), nothing else", where)
    if not isinstance(move["club"], str):
        raise InputError(f"a move's club must be a rank such as '7', not {move['club']!r}",
                         where)
    parse_rank(move["club"], where)
    if move["action"] not in ACTIONS:
        raise InputError(f"unknown action {move['action']!r}; actions are "
                         f"{', '.join(ACTIONS)}", where)
    cleared = move["cleared"]
    if not isinstance(cleared, list) or not all(_whole(c, 0, 8) for c in cleared) \
            or len(set(cleared)) != len(cleared):
        raise InputError(f"cleared must list distinct grid slots 0 to 8, not {cleared!r}",
                         where)
    for key in ("line", "direction"):
        if key in move and not isinstance(move[key], str):
            raise InputError(f"a move's {key} must be text", where)


def _slack_exact(record: dict) -> bool:
    """Whether a slack record settles the deal: a win with ``k`` clubs and a loss
    with ``k - 1`` (``lost_with`` 0 when one club wins), or a loss with all 13."""
    won, lost = record.get("won_with"), record.get("lost_with")
    if lost is None:
        return False
    return lost == ALL_CLUBS if won is None else won == lost + 1


def check_slack(value, deal: str, where: str) -> None:
    """A line's ``slack`` field reads right and agrees with itself (else ``InputError``).

    Types and ranges; ``won_with`` is the fewest clubs of a ``win`` verdict
    and ``lost_with`` the most of a ``loss`` (0 when a single club wins); no
    win has fewer clubs than a loss (taking clubs away never helps); ``nodes``
    is the sum of the verdicts'; the slack is ``13 - won_with`` exactly when
    the record settles the deal (:func:`_slack_exact`), ``null`` otherwise
    (and for a deal lost with all 13 clubs), and an unsettled record says why
    (``unknown``: budget or check, and ``reason``).
    """
    def bad(field: str, what: str) -> InputError:
        return InputError(f"{deal}: slack field {field!r} {what}", where)

    if not isinstance(value, dict):
        raise InputError(f"{deal}: the slack field must be an object", where)
    missing = sorted(_SLACK_KEYS - set(value))
    if missing:
        raise bad(missing[0], "is missing")
    extra = sorted(set(value) - _SLACK_KEYS - {"unknown", "reason", "checked"})
    if extra:
        raise InputError(f"{deal}: slack has an unknown field {extra[0]!r}", where)
    if value.get("checked", False) is not False:
        raise bad("checked", "is only written as false (a slack whose losses were not "
                             "re-derived)")
    for name in ("slack", "won_with", "lost_with"):
        high = ALL_CLUBS - 1 if name == "slack" else ALL_CLUBS
        low = 1 if name == "won_with" else 0
        if value[name] is not None and not _whole(value[name], low, high):
            raise bad(name, f"must be null or a whole number from {low} to {high}, not "
                            f"{str(value[name])[:20]!r}")
    if not _whole(value["nodes"], 0):
        raise bad("nodes", f"must be a whole number from 0, not {str(value['nodes'])[:20]!r}")
    if not _duration(value["seconds"]):
        raise bad("seconds", f"must be a finite number from 0, not "
                             f"{str(value['seconds'])[:20]!r}")
    verdicts = value["verdicts"]
    if not isinstance(verdicts, list) or not verdicts:
        raise bad("verdicts", "must be a non-empty list")
    seen = set()
    for index, item in enumerate(verdicts, 1):
        if not isinstance(item, dict) or set(item) != {"clubs", "verdict", "nodes"} \
                or not _whole(item["clubs"], 1, ALL_CLUBS) \
                or item["verdict"] not in _SLACK_VERDICTS or not _whole(item["nodes"], 0):
            raise bad("verdicts", f"entry {index} must give clubs (1 to {ALL_CLUBS}), "
                                  "verdict (win, loss or unknown) and nodes")
        if item["clubs"] in seen:
            raise bad("verdicts", f"gives {item['clubs']} clubs twice")
        seen.add(item["clubs"])
    wins = [v["clubs"] for v in verdicts if v["verdict"] == "win"]
    losses = [v["clubs"] for v in verdicts if v["verdict"] == "loss"]
    if wins and losses and min(wins) <= max(losses):
        raise bad("verdicts", f"say a win with {min(wins)} clubs but a loss with "
                              f"{max(losses)}: fewer clubs never win more")
    if value["nodes"] != sum(v["nodes"] for v in verdicts):
        raise bad("nodes", f"must be the sum of the verdicts' nodes, "
                           f"{sum(v['nodes'] for v in verdicts):,}, not {value['nodes']:,}")
    won_with = min(wins) if wins else None
    if value["won_with"] != won_with:
        raise bad("won_with", f"must be {won_with} (the fewest clubs of a win), not "
                              f"{value['won_with']}")
    lost_with = max(losses) if losses else (0 if won_with == 1 else None)
    if value["lost_with"] != lost_with:
        raise bad("lost_with", f"must be {lost_with} (the most clubs of a loss), not "
                               f"{value['lost_with']}")
    exact = _slack_exact(value)
    wanted = ALL_CLUBS - won_with if exact and won_with is not None else None
    if value["slack"] != wanted:
        raise bad("slack", f"must be {'null' if wanted is None else wanted} for won_with "
                           f"{won_with} and lost_with {lost_with}, not {value['slack']}")
    if exact:
        if "unknown" in value or "reason" in value:
            raise InputError(f"{deal}: an exact slack has no unknown or reason", where)
    else:
        if value.get("unknown") not in REASON_CLASSES:
            raise bad("unknown", f"must say why the slack is not exact "
                                 f"({' or '.join(REASON_CLASSES)}), not "
                                 f"{str(value.get('unknown'))[:20]!r}")
        if not isinstance(value.get("reason"), str) or not value["reason"]:
            raise bad("reason", "must be the words of the reason")


def check_record(record, config: SurveyConfig, where: str) -> int:
    """The deal number of a results line that reads right; else an ``InputError``.

    Every field is checked by type and range: an id inside the survey, a
    verdict, whole node counts, finite seconds, well-formed moves (a ``win``
    has them, a ``loss`` or ``unknown`` none), the policies' results, and a
    ``loss`` must say what proved it.  A win's line is replayed separately
    (:func:`certify_record`).
    """
    if not isinstance(record, dict) or "id" not in record:
        raise InputError("a line is not a deal's result (no id)", where)
    try:
        jokers, number = parse_deal_id(str(record["id"]))
    except InputError:
        raise InputError(f"{str(record['id'])[:40]!r} is not a deal number", where) from None
    deal = record["id"]
    if jokers != config.jokers or number not in config.numbers:
        raise InputError(f"{deal} is outside this survey (CF{config.jokers}-"
                         f"{config.start} .. CF{config.jokers}-{config.start + config.deals - 1})",
                         where)
    extra = sorted(set(record) - _LINE_KEYS)
    if extra:
        raise InputError(f"{deal}: unknown field {extra[0]!r}", where)
    verdict = record.get("verdict")
    if verdict not in VERDICTS:
        raise InputError(f"{deal}: verdict must be one of {', '.join(VERDICTS)}, not "
                         f"{str(verdict)[:20]!r}", where)
    if not _whole(record.get("nodes"), 0):
        raise InputError(f"{deal}: nodes must be a whole number from 0, not "
                         f"{str(record.get('nodes'))[:20]!r}", where)
    if not _duration(record.get("seconds")):
        raise InputError(f"{deal}: seconds must be a finite number from 0, not "
                         f"{str(record.get('seconds'))[:20]!r}", where)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise InputError(f"{deal}: moves must be a list", where)
    for index, move in enumerate(moves, 1):
        _check_move(move, f"{where}: move {index}")
    if verdict == "win" and not moves:
        raise InputError(f"{deal}: a win needs its winning line", where)
    if verdict != "win" and moves:
        raise InputError(f"{deal}: a {verdict} has no moves; only a win carries a line", where)
    proof = record.get("proof")
    if verdict == "loss":
        if not isinstance(proof, dict) or proof.get("method") != "search" \
                or proof.get("nodes") != record["nodes"]:
            raise InputError(f"{deal}: a loss must say what proved it "
                             "(proof: method search and its nodes)", where)
    elif proof is not None:
        raise InputError(f"{deal}: only a loss carries a proof", where)
    wanted = config.policies_for(number)
    played = record.get("policies", {})
    if not isinstance(played, dict) or set(played) - set(wanted):
        raise InputError(f"{deal}: policies must be a table of "
                         f"{', '.join(wanted) or 'nothing'}", where)
    for name in wanted:
        result = played.get(name)
        if not isinstance(result, dict) or set(result) != _PLAYED_KEYS \
                or not isinstance(result["won"], bool) \
                or not _whole(result["cards_left"], 0, 41) \
                or not _duration(result["seconds"]) \
                or result["won"] != (result["cards_left"] == 0):
            raise InputError(f"{deal}: the result of policy {name} must give won, "
                             "cards_left (0 to 41, 0 exactly when won) and seconds", where)
    if config.slack_for(number):
        if "slack" not in record:
            raise InputError(f"{deal}: slack field is missing (this survey computes the "
                             f"slack of its first {config.slack_count:,} deals)", where)
        check_slack(record["slack"], deal, where)
    elif "slack" in record:
        raise InputError(f"{deal}: slack field is there, but this survey computes the slack "
                         f"of its first {config.slack_count:,} deals only", where)
    return number


def read_results(path: Path, config: SurveyConfig) -> tuple[dict[int, dict], int]:
    """The deals already in a results file: ``({number: line}, bytes to keep)``.

    A last line without its newline (a killed writer) is left out, and the
    byte count says where the complete lines end.  Raises ``InputError`` for
    a file of another survey or a garbled line.
    """
    where = str(path)
    try:
        data = read_bytes(path, "survey results file")
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}", where) from None
    keep = data.rfind(b"\n") + 1  # complete lines end here
    lines = data[:keep].split(b"\n")[:-1]
    if not lines:
        if data and not _line(config.header()).startswith(data):
            # Not even a torn header of ours: someone else's file, kept as it is.
            raise InputError("is not a survey results file (no header line); it was left "
                             "untouched", where)
        return {}, 0
    header = _header(lines[0], where)
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
            record = parse_json(line.decode("utf-8"), here)
        except (UnicodeDecodeError, InputError):
            raise InputError("not JSON (a garbled line; only a torn last line is "
                             "tolerated)", here) from None
        number = check_record(record, config, here)
        if number in records:
            raise InputError(f"{record['id']} appears twice", here)
        records[number] = record
    return records, keep


def _header(line: bytes, where: str) -> dict:
    """A results file's first line, read as its header (else ``InputError``)."""
    try:
        header = parse_json(line.decode("utf-8"), f"{where}: line 1")
    except (UnicodeDecodeError, InputError):
        raise InputError("line 1 is not JSON; not a survey results file", where) from None
    if not isinstance(header, dict) or "survey" not in header:
        raise InputError("line 1 is not a survey header; not a survey results file", where)
    return header


def reusable_records(path: Path, config: SurveyConfig) -> tuple[dict[int, dict], set[int]]:
    """The deals of an earlier survey file that this survey may take as they are,
    and the numbers of the deals of this survey that the file holds but that
    are to be computed again (mostly slacks a limit left unknown: the slowest).

    The file must be the same survey as ``config`` (rules, limits, policies,
    seed) but for its range of deals, its check sample and its slack's node
    budget and check limit, which may only have grown (else ``InputError``).
    The search is deterministic and a budget only stops it, so a line with an
    exact slack, or with a slack whose limit did not grow (``budget`` with
    the same node budget, ``check`` with the same check limit), is what this
    survey would write; the other lines, slacks left unknown by a limit that
    grew, are to be computed again.  So are the deals whose line this survey
    writes differently: a slack or a policy here and not there (or the other
    way round), a loss taken unchecked (``"checked": false``) that this
    survey's sample re-derives, a ``check`` unknown that it would take from
    the solver.  A loss re-derived there and not sampled here is kept as it
    is, re-derived: more than this survey asks.  Deals outside this survey's
    range are left out.  Wins are replayed and losses re-solved, as on resume.
    """
    where = str(path)
    mine = config.header()["survey"]
    if "slack" not in mine:
        raise InputError("needs --slack N: reusing a survey is for raising its slack limits",
                         "--reuse")
    check_input_file(path, "survey results file")
    try:
        with open(path, "rb") as handle:
            first = handle.readline()
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}", where) from None
    theirs = _header(first, where)["survey"]
    if not isinstance(theirs, dict) or not isinstance(theirs.get("slack"), dict):
        raise InputError("is not a survey results file with slack (its header has no slack "
                         "block)", where)
    old = theirs["slack"]
    budget, check_limit = mine["slack"]["max_nodes"], mine["slack"]["check_limit"]
    for key, new in (("max_nodes", budget), ("check_limit", check_limit)):
        if not isinstance(old.get(key), int) or old[key] > new:
            raise InputError(f"its slack {key} is {old.get(key)!r}, more than this survey's "
                             f"{new}: a survey can only reuse one with smaller slack limits",
                             where)
    start, deals, slack_deals = theirs.get("start"), theirs.get("deals"), old.get("deals")
    every = old.get("check_every", 1)
    if not (_whole(start, 0) and _whole(deals, 1) and _whole(slack_deals, 1)
            and _whole(every, 1)):
        raise InputError("its header's start, deals, slack deals and check sample must be "
                         "whole numbers (the start from 0, the others from 1); not a survey "
                         "results file", where)
    try:
        earlier = replace(config, start=start, deals=deals, slack_deals=slack_deals,
                          slack_max_nodes=old["max_nodes"],
                          slack_check_limit=old["check_limit"], slack_check_every=every)
    except InputError as error:
        raise InputError(f"its header's range is not one of deals: {error.what}",
                         where) from None
    expected = json.loads(json.dumps(earlier.header()["survey"]))
    differ = [key for key in expected if theirs.get(key) != expected[key]]
    if differ:
        raise InputError("is another survey (" + ", ".join(
            f"{key} {theirs.get(key)!r} there, {expected[key]!r} here" for key in differ)
            + "); only the range, the slack limits and the check sample may differ", where)
    records, _ = read_results(path, earlier)
    kept: dict[int, dict] = {}
    again: set[int] = set()
    for number, record in records.items():
        if number not in config.numbers:
            continue
        if config.slack_for(number) != earlier.slack_for(number) or config.policies_for(
                number) != earlier.policies_for(number):
            again.add(number)
            continue
        value = record.get("slack")
        if isinstance(value, dict) and (
                # A loss taken from the solver where this survey re-derives it.
                (value.get("checked") is False and config.slack_checked(number))
                or (value.get("unknown") == "budget" and old["max_nodes"] < budget)
                # A loss the check did not settle where this survey takes the solver's,
                # or whose limit grew.
                or (value.get("unknown") == "check" and (
                    old["check_limit"] < check_limit or not config.slack_checked(number)))):
            again.add(number)
            continue
        certify_record(record, config)
        confirm_loss(record, config)
        kept[number] = record
    return kept, again


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
        limits = config.slack_limits() if config.slack_count else None
        yield (config.jokers, part, config.rules, config.max_nodes, config.timeout,
               [config.policies_for(n) for n in part], config.seed,
               [(*limits, config.slack_checked(n)) if config.slack_for(n) else None
                for n in part])


def run_survey(config: SurveyConfig, out: Path | None = None, *, resume: bool = False,
               workers: int = 1, scheduler: str | None = None, chunk: int | None = None,
               progress: Progress | None = None, reuse: Path | None = None) -> SurveyRun:
    """Solve (and play) every deal of ``config``; write ``out``; certify every win.

    ``workers`` processes (1: in this process) or the Dask cluster at
    ``scheduler`` (:func:`harness.toolkit.fan_out`; a broken pool or a
    failed worker raises :class:`~harness.toolkit.WorkFailed`).  Raises
    :class:`ReplayFailed` on the first win that does not replay, and
    :class:`SlackFailed` on the first deal whose slack computation failed (the
    lines written before either stay in ``out``).  ``progress`` counts the deals done.
    ``reuse``: an earlier file of this survey, over other deals, with another
    check sample or with smaller slack limits, whose settled deals are taken
    as they are (:func:`reusable_records`), written to ``out`` first.
    ``out`` is held for this run alone while it is written
    (:func:`harness.files.held_for_writing`): if another run holds it, this
    one raises :class:`InputError` before touching it.
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
                           chunk=chunk, progress=progress, reused=reused, again=again)
    out = Path(out)
    check_output_file(out, "--out")
    existed = out.exists()
    # One run at a time on a file: held from before it is read to after it is rewritten.
    with held_for_writing(out, str(out)):
        return _run_survey(config, out, resume=resume and existed, workers=workers,
                           scheduler=scheduler, chunk=chunk, progress=progress, reused=reused,
                           again=again)


def _run_survey(config: SurveyConfig, out: Path | None, *, resume: bool, workers: int,
                scheduler: str | None, chunk: int | None, progress: Progress | None,
                reused: dict[int, dict], again: set[int]) -> SurveyRun:
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
            handle = _open(out, "r+b")
            handle.truncate(keep)
            handle.seek(keep)
            if keep == 0:
                handle.write(_line(config.header()))
        else:
            check_replaceable(out, _is_survey_file, "a survey results file", str(out))
            handle = _open(out, "wb")
            handle.write(_line(config.header()))
        handle.flush()
    for number in sorted(reused):
        if number in records:
            continue
        records[number] = reused[number]
        if handle is not None:
            handle.write(_line(reused[number]))
    if handle is not None:
        handle.flush()
    todo = [n for n in config.numbers if n not in records]
    if chunk is None:
        chunk = 1 if config.policies or config.slack_count else 8
        chunk = max(1, min(chunk, len(todo) // (4 * workers) or 1))
    tasks = _tasks(config, todo, chunk)
    results = fan_out(survey_chunk, tasks, workers=workers, scheduler=scheduler)
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
                if SLACK_FAILED in record:
                    raise SlackFailed(record["id"], record[SLACK_FAILED])
                certify_record(record, config)
                number = parse_deal_id(record["id"])[1]
                records[number] = record
                if handle is not None:
                    handle.write(_line(record))
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


def _is_survey_file(head: bytes) -> bool:
    return head.startswith(b'{"survey":')


def _open(path: Path, mode: str):
    try:
        return open(path, mode)
    except OSError as error:
        raise InputError(f"cannot write it: {error.strerror or error}", str(path)) from None


def confirm_loss(record: dict, config: SurveyConfig) -> None:
    """Solve a ``loss`` line's deal again: the verdict and the nodes must agree.

    Losses are rare (none in the first 40,000 deals of either variant) and
    carry no line to replay, so a resumed survey re-derives each one rather
    than take an edited file's word for it.
    """
    if record["verdict"] != "loss":
        return
    jokers, number = parse_deal_id(record["id"])
    again = solve(State.from_deal(Deal.from_number(jokers, number)), config.rules,
                  max_nodes=config.max_nodes, timeout=config.timeout)
    if again.verdict != "loss" or again.nodes != record["nodes"]:
        raise InputError(f"{record['id']} says loss in {record['nodes']:,} nodes, but solving "
                         f"it again gives {again.verdict} in {again.nodes:,}: the file was "
                         "edited or written by another version", "--resume")


def _tally_slack(counts: list[int], record: dict) -> None:
    """Count a deal's slack in ``counts`` (settled, unknown), if it has one (a deal
    lost with every club is settled: :func:`_slack_exact`)."""
    block = record.get("slack")
    if isinstance(block, dict):
        counts[0 if _slack_exact(block) else 1] += 1


def _rewrite_sorted(out: Path, config: SurveyConfig, records: dict[int, dict]) -> None:
    """The finished file in deal order (written aside, then renamed over)."""
    def write(handle) -> None:
        handle.write(_line(config.header()))
        for number in sorted(records):
            handle.write(_line(records[number]))

    atomic_write(out, write)


# -- the summary -------------------------------------------------------------------------------
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
    exact = [s for s in records if _slack_exact(s)]
    values = sorted(s["slack"] for s in exact if s["slack"] is not None)
    unknown = [s for s in records if not _slack_exact(s)]
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
            block[name] = {"deals": len(part), "exact": sum(map(_slack_exact, part))}
    if seconds:
        block["seconds_median"] = seconds[len(seconds) // 2]
        block["seconds_p99"] = _quantile(seconds, 0.99)
        block["seconds_max"] = seconds[-1]
    block["unwinnable_ids"] = [r["id"] for r in rows if isinstance(r.get("slack"), dict)
                               and _slack_exact(r["slack"]) and r["slack"]["slack"] is None]
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
