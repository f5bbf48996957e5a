"""A survey's results file: each line checked as it is read, for resuming, reusing, certifying.

The layout of the file is in :mod:`harness.games.clubfight.survey`'s docstring;
here it is read back: every line checked against the survey's configuration
(:func:`check_record`), a resumed file cut at its last whole line
(:func:`read_results`), the settled deals of an earlier file taken over
(:func:`reusable_records`), and every win replayed on the rules model
(:func:`certify_record`).
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

from analysis.inputs import check_input_file, parse_json, read_bytes
from harness.files import atomic_write
from model.core.errors import InputError
from analysis.clubfight.certify import replay_win
from analysis.clubfight.slack import (  # noqa: F401 -- read here by the survey's modules
    ALL_CLUBS, REASON_CLASSES, slack_exact, slack_reason_class,
)
from analysis.clubfight.solver import VERDICTS, solve
from model.clubfight.deals import Deal, parse_deal_id
from model.clubfight.state import State
from harness.games.clubfight.survey_config import SurveyConfig

_LINE_KEYS = {"id", "verdict", "nodes", "seconds", "moves", "policies", "proof", "slack"}
_SLACK_KEYS = {"slack", "won_with", "lost_with", "nodes", "seconds", "verdicts"}
_SLACK_VERDICTS = ("win", "loss", "unknown")
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


def check_slack(value, deal: str, where: str) -> None:
    """A line's ``slack`` field reads right and agrees with itself (else ``InputError``).

    Types and ranges; ``won_with`` is the fewest clubs of a ``win`` verdict
    and ``lost_with`` the most of a ``loss`` (0 when a single club wins); no
    win has fewer clubs than a loss (taking clubs away never helps); ``nodes``
    is the sum of the verdicts'; the slack is ``13 - won_with`` exactly when
    the record settles the deal (:func:`slack_exact`), ``null`` otherwise
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
    exact = slack_exact(value)
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
        if data and not line_bytes(config.header()).startswith(data):
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


def line_bytes(value: dict) -> bytes:
    return (json.dumps(value, separators=(",", ":")) + "\n").encode()


def is_survey_file(head: bytes) -> bool:
    return head.startswith(b'{"survey":')


def open_results(path: Path, mode: str):
    try:
        return open(path, mode)
    except OSError as error:
        raise InputError(f"cannot write it: {error.strerror or error}", str(path)) from None


def rewrite_sorted(out: Path, config: SurveyConfig, records: dict[int, dict]) -> None:
    """The finished file in deal order (written aside, then renamed over)."""
    def write(handle) -> None:
        handle.write(line_bytes(config.header()))
        for number in sorted(records):
            handle.write(line_bytes(records[number]))

    atomic_write(out, write)
