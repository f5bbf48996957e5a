"""The hunt from a screen: the tightest deals a screen found, settled with bigger budgets.

``ringside clubfight hunt --from-screen DIR`` reads a screen's folder
(:mod:`harness.games.clubfight.screen_run`: its ``screen.json``, and its
``deals.jsonl``, or the committed chunks of ``progress.jsonl`` while it is
unfinished) and takes every deal the screen left at slack 1 or less or
unknown, tightest first: lost with every club, slack 0, slack 1, then the
unknowns, those proved lost with the most clubs first.

* A deal the screen settled (slack 0 or 1, or lost with every club: the win
  replayed, the loss re-derived by the checker) keeps its exact slack; it is
  not searched again.
* An unknown is searched again as the screen's stage two searches it
  (:func:`analysis.clubfight.slack.slack` from 11 clubs, never fewer) with
  this hunt's node budget and check limit: a win with 11 clubs puts it at
  slack 2 or more, a loss walks up to an exact slack 1 or 0 or a loss with
  every club; a limit leaves it unknown with its reason, never a guess.
* ``certificates``: every deal of slack 1 or less, and every deal lost with
  every club, gets a certificate file (``<id>.cert``, format in
  ``docs/clubfight-certificates.rst``): the win with ``won_with`` clubs (the
  solver's line, replayed) and the loss with ``lost_with`` (refuted states
  proved again with the verifier's bound only), then checked by the
  independent verifier (:func:`analysis.clubfight_verify.verify`).

The results file (``out``, JSON Lines) starts with a header naming the screen
and the limits, then one line per deal as each is done, so an interrupted hunt
keeps what it finished and ``resume`` computes only the rest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from analysis.inputs import parse_json, read_bytes
from model.core.errors import InputError

MARK = b'{"hunt":'
"""How a hunt's results file begins (a file beginning otherwise is never replaced)."""
ORDER = ("unwinnable", "0", "1", "unknown")
"""The screen's classes the hunt takes, tightest first."""


@dataclass(frozen=True)
class ScreenFolder:
    """What the hunt reads of a screen's folder."""

    folder: Path
    header: dict
    """``screen.json``'s ``"screen"`` object."""
    records: list[dict]
    """The screen's lines of the deals of slack 1 or less and the unknowns, in the order
    the hunt takes them."""
    complete: bool


def read_screen_folder(folder: Path) -> ScreenFolder:
    """The deals of a screen's folder for the hunt; an :class:`InputError` naming
    the file (and line) for a folder that is not a screen's or a line that does
    not read."""
    from harness.games.clubfight.screen_run import DEALS, MANIFEST, PROGRESS

    folder = Path(folder)
    where = str(folder)
    if not folder.is_dir():
        raise InputError("is not a folder (give a screen's --out folder)", where)
    manifest = folder / MANIFEST
    if not manifest.is_file():
        raise InputError(f"has no {MANIFEST}: not a screen's folder", where)
    found = parse_json(read_bytes(manifest, "screen manifest").decode("utf-8", "replace"),
                       str(manifest))
    header = found.get("screen") if isinstance(found, dict) else None
    if not isinstance(header, dict) or type(header.get("jokers")) is not int \
            or header["jokers"] not in (1, 2) or not isinstance(header.get("rules"), str) \
            or not isinstance(header.get("rules_overrides", {}), dict):
        raise InputError("is not a screen's manifest (jokers 1 or 2, rules)", str(manifest))
    deals_file = folder / DEALS
    if deals_file.is_file():
        complete = True
        lines = [(f"{deals_file}, line {n}", raw) for n, raw in enumerate(
            read_bytes(deals_file, "screen deals file").splitlines(), start=1) if raw.strip()]
        records = [_record(parse_json(raw.decode("utf-8", "replace"), at), header, at)
                   for at, raw in lines]
    else:
        # An unfinished screen: the committed chunks (whole lines; a torn last one is not)
        complete = False
        path = folder / PROGRESS
        data = read_bytes(path, "screen progress file") if path.is_file() else b""
        records = []
        for n, raw in enumerate(data[:data.rfind(b"\n") + 1].splitlines(), start=1):
            at = f"{path}, line {n}"
            chunk = parse_json(raw.decode("utf-8", "replace"), at)
            if not isinstance(chunk, dict) or not isinstance(chunk.get("deals"), list):
                raise InputError("is not a chunk of a screen (first, count, counts, deals)", at)
            records += [_record(record, header, at) for record in chunk["deals"]]
    seen = set()
    for record in records:
        if record["id"] in seen:
            raise InputError(f"{record['id']} is listed twice", where)
        seen.add(record["id"])
    return ScreenFolder(folder, header, sorted(records, key=_tightest_first), complete)


def _record(record, header: dict, where: str) -> dict:
    from model.clubfight.deals import parse_deal_id

    if not isinstance(record, dict) or record.get("class") not in ORDER \
            or not isinstance(record.get("id"), str) or not isinstance(record.get("slack"), dict):
        raise InputError("is not a screen's line of a deal (id, class, slack)", where)
    try:
        jokers, _ = parse_deal_id(record["id"])
    except InputError as error:
        raise InputError(f"{record['id'][:30]!r}: {error.what}", where) from None
    if jokers != header["jokers"]:
        raise InputError(f"{record['id']} is not a deal of this screen's "
                         f"{header['jokers']} Joker(s)", where)
    return record


def _tightest_first(record: dict) -> tuple:
    from model.clubfight.deals import parse_deal_id

    lost = record["slack"].get("lost_with")
    return (ORDER.index(record["class"]), -(lost if isinstance(lost, int) else 0),
            parse_deal_id(record["id"])[1])


def screen_rules(header: dict, where: str):
    """The rules a screen ran with (its preset and overrides)."""
    from model.clubfight.engine import GAME

    try:
        return GAME.parse_rules(header["rules"], header.get("rules_overrides") or {})
    except InputError as error:
        raise InputError(f"its rules do not read: {error.what}", where) from None


@dataclass(frozen=True)
class HuntTask:
    """One deal of the hunt, with everything that decides its result."""

    record: dict
    rules_name: str
    rules_overrides: tuple
    max_nodes: int
    check_limit: int | None
    timeout: float | None
    certificates: str | None


def hunt_deal(task: HuntTask) -> dict:
    """The unit of work: one deal's line of the results file.

    ``{"id", "screen_class", "class", "searched", "slack"}``: ``class`` the
    screen's classes again after this hunt's search (``searched``: whether the
    deal was searched again), ``slack`` as ``slack --json`` prints it (for a
    deal won with 11 clubs: its verdicts and ``won_with``, the slack only a
    bound); with certificates, ``"certificate"``.
    """
    from analysis.clubfight.screen import CLUBS_KEPT, slack_class
    from analysis.clubfight.slack import slack, slack_json
    from model.clubfight.deals import Deal
    from model.clubfight.engine import GAME
    from model.clubfight.state import State

    record = task.record
    rules = GAME.parse_rules(task.rules_name, dict(task.rules_overrides))
    deal = Deal.from_id(record["id"])
    out = {"id": record["id"], "screen_class": record["class"]}
    moves = None
    if record["class"] != "unknown":
        out.update({"class": record["class"], "searched": False, "slack": record["slack"]})
    else:
        result = slack(State.from_deal(deal), rules, max_nodes=task.max_nodes,
                       timeout=task.timeout, check_limit=task.check_limit,
                       first=CLUBS_KEPT, lowest=CLUBS_KEPT)
        kind = slack_class(result)
        body = result.as_dict() if kind == "2+" else slack_json(result)
        body.pop("id", None)
        out.update({"class": kind, "searched": True, "slack": body})
        moves = result.moves
    if task.certificates is not None and out["class"] in ("unwinnable", "0", "1"):
        out["certificate"] = write_certificate(
            deal, rules, task.rules_name, record["id"], out["slack"].get("won_with"),
            out["slack"]["lost_with"], Path(task.certificates), moves=moves,
            max_nodes=task.max_nodes, timeout=task.timeout)
    return out


def certificate_path(folder: Path, deal_id: str) -> Path:
    return Path(folder) / f"{deal_id}.cert"


def claim_certificates(folder: Path, records: list[dict]) -> None:
    """Refuse, before any work, a certificates folder where a deal's file is there
    and is not a certificate (it would be found only after that deal's search)."""
    from analysis.clubfight.certificate_file import is_certificate
    from harness.files import check_replaceable

    for record in records:
        path = certificate_path(folder, record["id"])
        check_replaceable(path, is_certificate, "a certificate file", str(path))


def write_certificate(deal, rules, rules_name: str, deal_id: str, won_with: int | None,
                      lost_with: int, folder: Path, *, moves=None, max_nodes: int | None = None,
                      timeout: float | None = None) -> dict:
    """Write ``folder/<deal_id>.cert`` for an exact slack (``won_with`` clubs win,
    ``lost_with`` lose; ``won_with`` None: lost with every club) and check it
    with the independent verifier: what the results line says of it.

    ``moves``: the win's line when the caller has it (else solved again with
    ``won_with`` clubs and replayed).  A file there that is not a certificate is
    never replaced (:class:`InputError`).
    """
    from analysis.clubfight.certificate_file import (
        certificate_bytes, is_certificate, prove_loss,
    )
    from analysis.clubfight.certify import replay_win
    from analysis.clubfight.slack import with_clubs
    from analysis.clubfight.solver import solve
    from analysis.clubfight_verify import verify
    from harness.files import atomic_write, check_replaceable, make_folder
    from model.clubfight.state import State

    path = certificate_path(folder, deal_id)
    where = str(path)
    make_folder(folder, str(folder))
    check_replaceable(path, is_certificate, "a certificate file", where)
    out: dict = {"file": str(path), "written": False}
    win = None
    if won_with is not None:
        state = with_clubs(State.from_deal(deal), won_with)
        if not moves:
            solved = solve(state, rules, max_nodes=max_nodes, timeout=timeout)
            if solved.verdict != "win":
                out["reason"] = (f"the win with {won_with} clubs was not found again "
                                 f"({solved.verdict} after {solved.nodes:,} nodes)")
                return out
            moves = solved.moves
        replay = replay_win(state, moves, rules)
        if not replay.ok:
            raise RuntimeError(f"{deal_id}: the win with {won_with} clubs does not replay: "
                               f"move {replay.failed_at}: {replay.reason}")
        win = (won_with, moves)
    proof = prove_loss(deal, rules, lost_with, max_nodes=max_nodes, timeout=timeout)
    if isinstance(proof, str):
        out["reason"] = proof
        return out
    data = certificate_bytes(deal, rules, rules_name, deal_id=deal_id, win=win, loss=proof)
    atomic_write(path, data, where)
    verdict = verify(data)
    out.update(written=True, bytes=len(data), states=len(proof.keys), nodes=proof.nodes,
               verify=verdict.status, claims=list(verdict.claims),
               verify_reason=verdict.reason)
    return out


def results_header(screen: ScreenFolder, max_nodes: int, check_limit: int,
                   timeout: float | None, certificates: str | None) -> dict:
    """The results file's first line: what decides its lines."""
    header = screen.header
    return {"hunt": {"screen": str(screen.folder), "settings": header,
                     "jokers": header["jokers"],
                     "rules": header["rules"],
                     "rules_overrides": header.get("rules_overrides") or {},
                     "max_nodes": max_nodes, "check_limit": check_limit, "timeout": timeout,
                     "certificates": certificates}}


def read_results(path: Path, header: dict) -> tuple[dict[str, dict], int]:
    """The deals a results file holds (by id) and its length up to its last whole
    line; its header must be ``header`` (the same screen and limits)."""
    data = read_bytes(path, "hunt results file") if path.is_file() else b""
    keep = data.rfind(b"\n") + 1
    done: dict[str, dict] = {}
    for n, raw in enumerate(data[:keep].splitlines(), start=1):
        at = f"{path}, line {n}"
        line = parse_json(raw.decode("utf-8", "replace"), at)
        if n == 1:
            # The same screen (its settings, wherever its folder is named from) and limits
            if not isinstance(line, dict) or not isinstance(line.get("hunt"), dict) or \
                    _without_path(line["hunt"]) != _without_path(header["hunt"]):
                raise InputError("holds another hunt (other screen or limits); resume it "
                                 "with the same options, or give another --out", at)
            continue
        if not isinstance(line, dict) or not isinstance(line.get("id"), str) \
                or line.get("class") not in ("2+",) + ORDER:
            raise InputError("is not a hunt's line of a deal (id, class, slack)", at)
        done[line["id"]] = line
    if keep == 0:
        return {}, 0
    return done, keep


def _without_path(hunt: dict) -> dict:
    return {key: value for key, value in hunt.items() if key != "screen"}


def hunt_report(screen: ScreenFolder, lines: list[dict], taken: int) -> dict:
    """What the hunt found, of the ``taken`` deals it took of the screen's: counts
    per class before and after, the unwinnable deals, the tightest exact deals and
    the unknowns, tightest first."""
    order = {"unwinnable": 0, "0": 1, "1": 2, "unknown": 3, "2+": 4}
    lines = sorted(lines, key=lambda line: (order[line["class"]],
                                            _tightest_first({**line, "class": "unknown"})))
    after = dict.fromkeys(order, 0)
    before = dict.fromkeys(ORDER, 0)
    for line in lines:
        after[line["class"]] += 1
        before[line["screen_class"]] += 1
    return {"screen_deals": len(screen.records), "candidates": taken, "done": len(lines),
            "screen_classes": before, "classes": after,
            "unwinnable": [line for line in lines if line["class"] == "unwinnable"],
            "tightest": [line for line in lines if line["class"] in ("0", "1")],
            "unknown": [line for line in lines if line["class"] == "unknown"],
            "looser": [line["id"] for line in lines if line["class"] == "2+"]}
