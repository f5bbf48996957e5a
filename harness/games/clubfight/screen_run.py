"""Running a screen into its folder: chunks handed to workers, each committed whole, resumable.

The work of a chunk is :func:`analysis.clubfight.screen.screen_chunk`; this
module hands the chunks out (:func:`harness.toolkit.fan_out`: this process,
a local pool, or a Dask cluster) and keeps the folder.

The folder
----------

``screen.json``
    What decides the results (:meth:`ScreenConfig.header`), written first:
    the mark that the folder is a screen's.  A folder holding anything else
    and no such file is never written into.
``progress.jsonl``
    One line per chunk done, appended (and flushed to disk) as each chunk
    comes back, in the order they finish: ``{"first", "count", "counts",
    "deals"}`` (the chunk's counts, the lines of its deals of slack 1 or
    less and its unknowns).  A chunk is committed when its whole line, with
    its newline, is there: a run killed mid-write leaves a torn last line,
    which ``--resume`` cuts off before computing that chunk again.
``retries.jsonl``
    Written by ``--retry-unknown M`` once the screen is finished: one line per
    unknown deal examined again (stage one's beam at the ``--retry-widths``,
    then a budget of ``M`` nodes), appended (and flushed) as each comes back:
    the deal's new line (:func:`~analysis.clubfight.screen.retry_deal`: its
    ``stage_two_nodes`` says the budget, ``beams`` the widths tried and the
    one that won, ``settled_by`` ``{"beam": width}`` or ``{"nodes": M}`` when
    it is no longer unknown).  A line here replaces the deal's line of
    ``progress.jsonl`` (the last one for a deal retried twice); the counts of
    ``progress.jsonl`` stay those of the first pass, and ``summary.json``
    says both.  A torn last line is cut off by the next ``--retry-unknown``.
``summary.json``, ``deals.jsonl``
    Written (atomically) once every chunk is done: the counts added up with
    the command, and the deals' lines in deal order (retries applied).  Both
    are remade from ``progress.jsonl`` and ``retries.jsonl`` by a
    ``--resume`` of a finished screen.

The counts of a deal depend only on its number, the rules and the limits in
``screen.json`` (every search stops on node counts, never on the clock), so a
run stopped and resumed, on any number of workers or a Dask cluster, ends
with the files a single run writes, but for the seconds.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from analysis.clubfight.screen import (
    CLASSES, DEFAULT_REPLAY_EVERY, DEFAULT_STAGE_TWO_BEAMS, DEFAULT_STAGE_TWO_NODES,
    DEFAULT_WIDTHS, MAX_BEAM_WIDTH, RetryTask, ScreenTask, add_counts, beams_tried,
    empty_counts, retry_deal, screen_chunk,
)
from analysis.clubfight.screen_settings import DEFAULT_CHUNK
from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from analysis.inputs import parse_json, read_bytes
from harness.files import atomic_write, folder_replaceable, held_for_writing, make_folder, marked
from harness.games.clubfight.commands import DealRangeConfig
from harness.games.clubfight.survey_summary import wilson
from harness.interrupts import checkpoint
from harness.toolkit import Progress, fan_out
from model.clubfight.deals import parse_deal_id
from model.core.errors import InputError

FORMAT = 2
"""The version of the folder's layout (2: stage one's beams of several widths,
counted by width; stage two's solver beams in ``screen.json``)."""
MANIFEST = "screen.json"
PROGRESS = "progress.jsonl"
RETRIES = "retries.jsonl"
SUMMARY = "summary.json"
DEALS = "deals.jsonl"
MARK = b'{"screen": '
"""How ``screen.json`` begins: the mark of a folder ringside's screen wrote."""


class ScreenFailed(Exception):
    """A chunk came back failed: a win that does not replay, or a loss the
    checker refuted (a bug; nothing of that chunk is committed)."""


@dataclass(frozen=True)
class ScreenConfig(DealRangeConfig):
    """What decides a screen's results (``screen.json`` says it)."""

    widths: tuple[int, ...] = DEFAULT_WIDTHS
    stage_two_nodes: int = DEFAULT_STAGE_TWO_NODES
    check_limit: int | None = None
    replay_every: int = DEFAULT_REPLAY_EVERY
    chunk: int = DEFAULT_CHUNK
    stage_two_beams: tuple[tuple[int, int], ...] = DEFAULT_STAGE_TWO_BEAMS

    def resolved_check_limit(self) -> int:
        from analysis.clubfight.slack import default_check_limit

        return default_check_limit() if self.check_limit is None else self.check_limit

    def header(self) -> dict:
        return {"screen": {
            "format": FORMAT, "jokers": self.jokers, "start": self.start, "deals": self.deals,
            "rules": self.rules_name,
            "rules_overrides": dict(sorted(self.rules_overrides.items())),
            "widths": list(self.widths), "stage_two_nodes": self.stage_two_nodes,
            "stage_two_beams": [list(beam) for beam in self.stage_two_beams],
            "check_limit": self.resolved_check_limit(), "replay_every": self.replay_every,
            "chunk": self.chunk}}

    def chunks(self) -> list[tuple[int, int]]:
        """``(first deal, count)`` of every chunk, in deal order."""
        end = self.start + self.deals
        return [(first, min(self.chunk, end - first))
                for first in range(self.start, end, self.chunk)]

    def task(self, first: int, count: int) -> ScreenTask:
        return ScreenTask(self.jokers, first, count, self.rules, tuple(self.widths),
                          self.stage_two_nodes, self.resolved_check_limit(), self.replay_every,
                          stage_two_beams=tuple(self.stage_two_beams))


@dataclass
class ScreenRun:
    """What a screen found so far: the counts of its committed chunks, the lines of
    their deals, and this run's timing."""

    config: ScreenConfig
    counts: dict
    deals: list[dict]
    chunks_done: int
    computed: int
    wall_seconds: float
    retries: dict | None = None
    """What ``retries.jsonl`` changed (:func:`apply_retries`), ``None`` when it is empty."""
    stopped: str = ""
    """Why the run stopped before every chunk was done (``--timeout``'s reason)."""

    @property
    def complete(self) -> bool:
        return self.chunks_done == len(self.config.chunks())


def _line(value: dict) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode("utf-8") + b"\n"


def read_progress(path: Path, config: ScreenConfig) -> tuple[dict[int, dict], int]:
    """The committed chunks of ``progress.jsonl`` by first deal, and the length of
    the file up to its last whole line (a torn last line is a chunk not committed).
    A line that does not read, or a chunk that is not one of this screen's, is an
    :class:`InputError` naming the line."""
    data = read_bytes(path, "screen progress file") if path.exists() else b""
    keep = data.rfind(b"\n") + 1
    expected = dict(config.chunks())
    chunks: dict[int, dict] = {}
    for number, raw in enumerate(data[:keep].splitlines(), start=1):
        where = f"{path}, line {number}"
        chunk = parse_json(raw.decode("utf-8", "replace"), where)
        if not isinstance(chunk, dict) or set(chunk) != {"first", "count", "counts", "deals"}:
            raise InputError("is not a chunk of this screen (first, count, counts, deals)",
                             where)
        first = chunk["first"]
        if type(first) is not int or expected.get(first) != chunk["count"]:
            raise InputError(f"chunk {first!r}, {chunk['count']!r} deals is not one of this "
                             "screen's chunks", where)
        if first in chunks:
            raise InputError(f"the chunk from deal {first} is there twice", where)
        _check_chunk(chunk, config, where)
        chunks[first] = chunk
    return chunks, keep


def _check_chunk(chunk: dict, config: ScreenConfig, where: str) -> None:
    counts = chunk["counts"]
    shape = empty_counts(config.widths)
    if not _same_shape(counts, shape) or counts["deals"] != chunk["count"] \
            or sum(counts["classes"].values()) != chunk["count"]:
        raise InputError("its counts do not add up to its deals", where)
    deals = chunk["deals"]
    low, high = chunk["first"], chunk["first"] + chunk["count"]
    for record in deals if isinstance(deals, list) else [None]:
        if not isinstance(record, dict) or record.get("class") not in CLASSES[1:] \
                or not _deal_of(record.get("id"), config.jokers, low, high) \
                or not isinstance(record.get("slack"), dict) \
                or type(record.get("stage_two_nodes", 0)) is not int:
            raise InputError("a deal's line is not one of this chunk's", where)
    if len(deals) != counts["deals"] - counts["classes"]["2+"]:
        raise InputError("its deals' lines do not match its counts", where)


def _deal_of(deal_id, jokers: int, low: int, high: int) -> bool:
    """Whether ``deal_id`` is a deal ``CFj-n`` of these Jokers with ``low <= n < high``
    (its number read as :func:`~model.clubfight.deals.parse_deal_id` reads it, so a
    '²' or 5,000 digits is no deal rather than an error of ``int()``)."""
    if not isinstance(deal_id, str) or not deal_id.startswith(f"CF{jokers}-"):
        return False
    try:
        found_jokers, number = parse_deal_id(deal_id)
    except InputError:
        return False
    return found_jokers == jokers and low <= number < high


def _same_shape(value, shape) -> bool:
    if isinstance(shape, dict):
        return isinstance(value, dict) and set(value) == set(shape) and all(
            _same_shape(value[key], shape[key]) for key in shape)
    return type(value) is int and value >= 0


def run_screen(config: ScreenConfig, folder: Path, *, resume: bool = False,
               workers: int = 1, scheduler: str | None = None,
               progress: Progress | None = None,
               deadline: Deadline = NO_DEADLINE) -> ScreenRun:
    """Screen every deal of ``config`` into ``folder``; see the module docstring.

    ``resume``: keep the chunks ``folder`` holds (its ``screen.json`` must say
    the same screen) and compute the rest; without it a screen's folder is
    started again.  Raises :class:`ScreenFailed` on a failed chunk (the
    chunks committed before stay), :class:`InputError` for a folder that is
    not a screen's, another screen's under ``resume``, or one another run holds.
    Past ``deadline`` no chunk is begun or waited for: the chunks committed stay
    (``resume`` continues) and :attr:`ScreenRun.stopped` says why.
    """
    folder = Path(folder)
    where = str(folder)
    folder_replaceable(folder, MANIFEST, MARK, "a screen's folder", where)
    make_folder(folder, where)
    header = config.header()
    manifest = json.dumps(header) + "\n"  # one line, beginning with MARK
    if not marked(folder, MANIFEST, MARK):
        atomic_write(folder / MANIFEST, manifest)  # the mark first, before any other file
    with held_for_writing(folder / PROGRESS, str(folder / PROGRESS)):
        chunks: dict[int, dict] = {}
        keep = 0
        if resume and marked(folder, MANIFEST, MARK):
            found = parse_json(read_bytes(folder / MANIFEST, "screen manifest")
                               .decode("utf-8", "replace"), str(folder / MANIFEST))
            if found != header:
                raise InputError(f"holds another screen ({_difference(found, header)}); "
                                 "resume it with the same options, or give another folder",
                                 where)
            chunks, keep = read_progress(folder / PROGRESS, config)
        else:
            for name in (SUMMARY, DEALS, RETRIES):
                (folder / name).unlink(missing_ok=True)
            atomic_write(folder / MANIFEST, manifest)
        with open(folder / PROGRESS, "r+b") as handle:
            handle.truncate(keep)
            handle.seek(keep)
            return _run(config, folder, handle, chunks, workers, scheduler, progress, deadline)


def _difference(found, header: dict) -> str:
    if not isinstance(found, dict) or not isinstance(found.get("screen"), dict):
        return "its screen.json does not read as a screen's"
    old, new = found["screen"], header["screen"]
    if old.get("format") != new["format"]:
        return (f"written by another version of the screen, format {old.get('format')!r}, "
                f"this one writes {new['format']}: finish it with that version")
    names = [key for key in new if old.get(key) != new[key]]
    return ", ".join(f"{key} {old.get(key)!r} there, {new[key]!r} here" for key in names[:3])


def _run(config: ScreenConfig, folder: Path, handle, chunks: dict[int, dict], workers: int,
         scheduler: str | None, progress: Progress | None, deadline: Deadline) -> ScreenRun:
    counts = empty_counts()
    for chunk in chunks.values():
        add_counts(counts, chunk["counts"])
    todo = [(first, count) for first, count in config.chunks() if first not in chunks]
    if progress is not None:
        progress.start(total=config.deals, done=counts["deals"])
    started = time.perf_counter()
    computed = 0
    # Each chunk is made as it is handed out, with the time the deadline leaves then.
    tasks = (dataclasses.replace(config.task(first, count), time_left=deadline.remaining())
             for first, count in todo)
    results = fan_out(screen_chunk, tasks, workers=workers, scheduler=scheduler,
                      deadline=deadline)
    stopped = ""
    try:
        for chunk in results:
            checkpoint()
            if chunk.get("cut"):  # not committed: --resume computes it
                raise TimeUp(deadline.limit, deadline.where)
            if "failed" in chunk:
                raise ScreenFailed(chunk["failed"])
            handle.write(_line(chunk))
            handle.flush()
            os.fsync(handle.fileno())
            chunks[chunk["first"]] = chunk
            add_counts(counts, chunk["counts"])
            computed += chunk["count"]
            if progress is not None:
                classes = counts["classes"]
                progress.advance(chunk["count"], ", ".join(
                    f"{name} {classes[name]:,}" for name in CLASSES if classes[name]))
    except TimeUp as up:
        stopped = up.reason
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    run = ScreenRun(config, counts, sorted((d for c in chunks.values() for d in c["deals"]),
                                           key=_deal_number),
                    len(chunks), computed, time.perf_counter() - started, stopped=stopped)
    if run.complete:
        retries, _ = read_retries(folder / RETRIES, config)
        apply_retries(run, retries, str(folder / RETRIES))
        atomic_write(folder / DEALS, b"".join(_line(record) for record in run.deals))
    return run


def read_retries(path: Path, config: ScreenConfig) -> tuple[list[dict], int]:
    """The lines of ``retries.jsonl`` in order, and the length of the file up to its
    last whole line.  A line that is not a deal's line of this screen is an
    :class:`InputError` naming it."""
    data = read_bytes(path, "screen retries file") if path.exists() else b""
    keep = data.rfind(b"\n") + 1
    low, high = config.start, config.start + config.deals
    records = []
    for number, raw in enumerate(data[:keep].splitlines(), start=1):
        where = f"{path}, line {number}"
        record = parse_json(raw.decode("utf-8", "replace"), where)
        if not isinstance(record, dict) or record.get("class") not in CLASSES \
                or not _deal_of(record.get("id"), config.jokers, low, high) \
                or not isinstance(record.get("slack"), dict) \
                or type(record["slack"].get("nodes")) is not int \
                or type(record.get("stage_two_nodes")) is not int \
                or not _retry_marks_ok(record):
            raise InputError("is not a retried deal's line of this screen", where)
        records.append(record)
    return records, keep


def _retry_marks_ok(record: dict) -> bool:
    """Whether a retried line's ``beams`` and ``settled_by`` (when there) are as
    :func:`~analysis.clubfight.screen.retry_deal` writes them and agree with its class."""
    beams = record.get("beams", {"widths": [], "won": None, "nodes": 0})
    if not isinstance(beams, dict) or set(beams) != {"widths", "won", "nodes"}:
        return False
    widths, won = beams["widths"], beams["won"]
    if not isinstance(widths, list) or len(set(map(repr, widths))) != len(widths) or any(
            type(width) is not int or not 1 <= width <= MAX_BEAM_WIDTH for width in widths) \
            or (won is not None and (type(won) is not int or won not in widths)) \
            or type(beams["nodes"]) is not int or beams["nodes"] < 0:
        return False
    settled = record.get("settled_by")
    if record["class"] == "unknown":
        return settled is None and won is None
    if won is not None:
        return record["class"] == "2+" and settled == {"beam": won}
    return settled is None or (isinstance(settled, dict) and list(settled) == ["nodes"]
                               and settled["nodes"] == record["stage_two_nodes"])


def apply_retries(run: ScreenRun, retries: list[dict], where: str) -> None:
    """Replace the lines of ``run``'s deals retried (in ``retries``' order) and move
    their counts between classes; ``run.retries`` says what changed: per deal
    retried, by its last line, its class and what settled it (a beam, by width,
    or the node budget); the nodes of every retry.  A retry of a deal that is
    not unknown there is an :class:`InputError`."""
    if not retries:
        run.retries = None
        return
    by_id = {record["id"]: record for record in run.deals}
    classes = run.counts["classes"]
    widths = sorted({width for record in retries for width in beams_tried(record)})
    beams = {"widths": widths, "won": 0, "won_by_width": {str(width): 0 for width in widths},
             "nodes": 0}
    summary = {"deals": 0, "nodes": 0, "budgets": [], "classes": dict.fromkeys(CLASSES, 0),
               "beams": beams, "settled_by_nodes": 0}
    last: dict[str, dict] = {}
    for number, record in enumerate(retries, start=1):
        old = by_id.get(record["id"])
        if old is None or old["class"] != "unknown":
            raise InputError(f"{record['id']} is not an unknown of this screen",
                             f"{where}, line {number}")
        classes[old["class"]] -= 1
        classes[record["class"]] += 1
        if record["class"] == "2+":
            del by_id[record["id"]]
        else:
            by_id[record["id"]] = record
        last[record["id"]] = record
        summary["nodes"] += record["slack"].get("nodes", 0)
        beams["nodes"] += record.get("beams", {}).get("nodes", 0)
    for record in last.values():
        summary["deals"] += 1
        summary["classes"][record["class"]] += 1
        won = record.get("beams", {}).get("won")
        if won is not None:
            beams["won"] += 1
            beams["won_by_width"][str(won)] += 1
            continue  # the node budget did not run: its budget is not one of the retries'
        if record["class"] != "unknown":
            summary["settled_by_nodes"] += 1
        # the screen's own budget is the first pass's: no retry ran the solver on such a deal
        if record["stage_two_nodes"] > run.config.stage_two_nodes \
                and record["stage_two_nodes"] not in summary["budgets"]:
            summary["budgets"].append(record["stage_two_nodes"])
    run.deals = sorted(by_id.values(), key=_deal_number)
    run.retries = summary


def retry_unknown(config: ScreenConfig, folder: Path, budget: int, *,
                  widths: tuple[int, ...] = (), workers: int = 1,
                  scheduler: str | None = None, progress: Progress | None = None,
                  deadline: Deadline = NO_DEADLINE) -> ScreenRun:
    """Examine again every unknown of the finished screen in ``folder`` that had a
    smaller budget than ``budget`` nodes or was not tried by a beam of each of
    ``widths`` (stage one's beam, tried first: :func:`retry_deal`; none, the
    default, for the node budget alone; the command's default is
    :data:`~analysis.clubfight.screen_settings.DEFAULT_RETRY_WIDTHS`); see
    ``retries.jsonl`` in the module docstring.  Resumable the same way: the
    deals whose retry with these beams and this budget is written are not done
    again.  Raises :class:`InputError` for a
    folder that is not this screen's or a screen not finished, and
    :class:`ScreenFailed` when a retry fails (the retries written before stay)."""
    folder = Path(folder)
    where = str(folder)
    if not marked(folder, MANIFEST, MARK):
        raise InputError("holds no screen to retry (no screen.json)", where)
    found = parse_json(read_bytes(folder / MANIFEST, "screen manifest")
                       .decode("utf-8", "replace"), str(folder / MANIFEST))
    if found != config.header():
        raise InputError(f"holds another screen ({_difference(found, config.header())}); "
                         "retry it with the same options as the screen", where)
    with held_for_writing(folder / PROGRESS, str(folder / PROGRESS)):
        chunks, _ = read_progress(folder / PROGRESS, config)
        if len(chunks) != len(config.chunks()):
            raise InputError("the screen there is not finished: --resume it first, then "
                             "--retry-unknown", where)
        with held_for_writing(folder / RETRIES, str(folder / RETRIES)):
            retries, keep = read_retries(folder / RETRIES, config)
            counts = empty_counts(config.widths)
            for chunk in chunks.values():
                add_counts(counts, chunk["counts"])
            run = ScreenRun(config, counts, sorted(
                (d for c in chunks.values() for d in c["deals"]), key=_deal_number),
                len(chunks), 0, 0.0)
            apply_retries(run, retries, str(folder / RETRIES))
            todo = [record for record in run.deals if record["class"] == "unknown"
                    and (record.get("stage_two_nodes", config.stage_two_nodes) < budget
                         or not set(widths) <= set(beams_tried(record)))]
            if progress is not None:
                progress.start(total=len(todo), done=0)
            started = time.perf_counter()
            base = config.task(config.start, 0)
            results = fan_out(retry_deal, (RetryTask(base, record, budget, widths)
                                           for record in todo),
                              workers=workers, scheduler=scheduler, in_flight=2 * workers,
                              deadline=deadline)
            with open(folder / RETRIES, "r+b") as handle:
                handle.truncate(keep)
                handle.seek(keep)
                try:
                    for record in results:
                        checkpoint()
                        if "failed" in record:
                            raise ScreenFailed(record["failed"])
                        handle.write(_line(record))
                        handle.flush()
                        os.fsync(handle.fileno())
                        retries.append(record)
                        run.computed += 1
                        if progress is not None:
                            progress.advance(1, f"{record['id']} {record['class']}"
                                             + settled_words(record))
                except TimeUp as up:  # the retries written stand: the next retry resumes
                    run.stopped = up.reason
                finally:
                    close = getattr(results, "close", None)
                    if close is not None:
                        close()
            run.wall_seconds = time.perf_counter() - started
            if run.stopped:  # deals.jsonl and summary.json stay the last whole pass's
                return run
            run.counts = empty_counts(config.widths)
            for chunk in chunks.values():
                add_counts(run.counts, chunk["counts"])
            run.deals = sorted((d for c in chunks.values() for d in c["deals"]),
                               key=_deal_number)
            apply_retries(run, retries, str(folder / RETRIES))
            atomic_write(folder / DEALS, b"".join(_line(record) for record in run.deals))
    return run


def settled_words(record: dict) -> str:
    """What settled a retried deal, in words after its class ('' while unknown)."""
    settled = record.get("settled_by") or {}
    if "beam" in settled:
        return f" (beam {settled['beam']:,})"
    if "nodes" in settled:
        return f" (within {settled['nodes']:,} nodes)"
    return ""


def _deal_number(record: dict) -> int:
    return parse_deal_id(record["id"])[1]


def summarize(run: ScreenRun, command: str) -> dict:
    """The figures of a screen: counts per class (retries applied) and per stage
    (the first pass), what the retries changed, the share stage one passed on, the 95% Wilson interval of the rate of deals lost with every club
    (unknowns counted as lost for its high end), the pace of this run."""
    counts, config = run.counts, run.config
    deals = counts["deals"]
    classes = counts["classes"]
    low, _ = wilson(classes["unwinnable"], deals) if deals else (0.0, 1.0)
    _, high = (wilson(classes["unwinnable"] + classes["unknown"], deals) if deals
               else (0.0, 1.0))
    return {
        **config.header(), "command": command, "complete": run.complete,
        **({"verdict": "unknown", "reason": run.stopped} if run.stopped else {}),
        "deals_done": deals, "classes": classes,
        "stage_one": counts["stage_one"], "stage_two": counts["stage_two"],
        "passed_fraction": round(counts["stage_one"]["passed"] / deals, 6) if deals else 0.0,
        "unwinnable_wilson": [round(low, 9), round(high, 9)],
        "ids": {name: [d["id"] for d in run.deals if d["class"] == name]
                for name in CLASSES[1:]},
        "retries": run.retries,
        "computed": run.computed, "wall_seconds": round(run.wall_seconds, 3),
        "deals_per_second": round(run.computed / run.wall_seconds, 1)
        if run.computed and run.wall_seconds > 0 else None,
    }


def write_summary(folder: Path, summary: dict) -> None:
    atomic_write(Path(folder) / SUMMARY, json.dumps(summary, indent=1) + "\n")
