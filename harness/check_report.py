"""The check report: what ``ringside check --json`` writes, and reading it back for the docs.

``ringside check --json`` prints one document (:func:`report_of`): the
options the checks ran with, and per game its rows, rule coverage,
explorations, and every proof, scenario and data case with its outcome.  The
rules reference is built from such a report (``ringside docs --check-report
FILE``, or one ``ringside docs`` runs and writes beside the site), so the
checks run once, outside Sphinx, and the site shows exactly what ``check``
found.  :func:`game_check_from_report` turns a game's entry back into the
:class:`~harness.check.GameCheck` the pages are rendered from: the proofs'
answers and every status come from the report; scenarios are replayed only to
draw their steps, and a replay that disagrees with the report, or a scenario,
proof or data case one side has and the other lacks (a report from another
version of the rules), makes the report unusable: one line saying so.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from analysis.deadline import NO_DEADLINE, Deadline
from harness.coverage import CheckRef
from model.core.errors import InputError
from model.core.game import Game

FORMAT = "ringside-check/1"
"""The report's format; a report of another format is refused."""


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What the checks run: proofs or not, the explorer's bounds, the playouts."""

    proofs: bool = True
    depth: int = 2
    max_states: int = 4000
    starts: int = 4
    playouts: int = 100
    seed: int = 0

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any, where: str) -> "CheckOptions":
        if not isinstance(data, dict):
            raise InputError(f"{where}: 'options' must be a table of the check's options")
        values = {}
        for spec in dataclasses.fields(cls):
            value = data.get(spec.name, spec.default)
            wanted = bool if spec.type in ("bool", bool) else int
            if type(value) is not wanted or (wanted is int and value < 0):
                raise InputError(f"{where}: options.{spec.name} must be "
                                 f"{'true or false' if wanted is bool else 'a whole number'}"
                                 f", not {value!r}")
            values[spec.name] = value
        return cls(**values)


def check_with(game: Game, *, root, options: CheckOptions,
               progress: Callable[[str], None] = lambda message: None,
               deadline: Deadline = NO_DEADLINE):
    """Every check of ``game`` under ``options`` (a :class:`~harness.check.GameCheck`),
    the ones ``deadline`` leaves no time for unknown."""
    from harness.check import check_game

    return check_game(game, root=root, depth=options.depth, max_states=options.max_states,
                      starts=options.starts, playouts=options.playouts, seed=options.seed,
                      proofs=options.proofs, progress=progress, deadline=deadline)


def run_checks(games: Sequence[Game], *, root, options: CheckOptions,
               progress: Callable[[str], None] = lambda message: None,
               deadline: Deadline = NO_DEADLINE) -> tuple[list, float]:
    """Every check of every game in ``games``: ``(GameCheck list, seconds)``; past
    ``deadline`` the rest of each game's checks are unknown rows (a game not begun
    has nothing else)."""
    began = time.perf_counter()
    results = [check_with(game, root=root, options=options, progress=progress,
                          deadline=deadline)
               for game in games]
    return results, time.perf_counter() - began


def _game_entry(result) -> dict:
    entry = result.as_dict()
    entry["proofs"] = [proof.as_dict() for proof in result.proofs]
    entry["scenarios"] = [{"id": r.scenario.id, "passed": r.passed, "failures": r.failures}
                          for r in result.scenarios]
    entry["cases"] = [{"id": case.id, "failures": list(found)} for case, found in result.cases]
    return entry


def report_of(results: Iterable, options: CheckOptions, seconds: float,
              data: Mapping[str, Mapping[str, Sequence[str]]] | None = None) -> dict:
    """The document ``ringside check --json`` prints; ``data`` gives, by game key, the
    user's data files a game was checked with (by option), shown in its entry and, all
    together, as the report's ``data``."""
    results = list(results)
    data = {key: {option: list(files) for option, files in given.items()}
            for key, given in (data or {}).items() if given}
    stopped = next((r.stopped for r in results if r.stopped), "")
    return {"format": FORMAT, "passed": all(r.passed for r in results),
            "complete": not stopped, **({"stopped": stopped} if stopped else {}),
            "seconds": round(seconds, 3), "options": options.as_dict(),
            "data": data,
            "games": [dict(_game_entry(r), data=data.get(r.game.key, {}),
                           featured=list(r.game.featured)) for r in results]}


def read_report(path: Path) -> dict:
    """A check report from ``path``, its shape checked; one InputError line otherwise."""
    from analysis.inputs import load_json

    data = load_json(path, "check report")
    where = str(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise InputError(f"{where}: not a check report of format {FORMAT!r}"
                         + (f" (it says {found!r})" if found else "")
                         + "; write one with `ringside check --json > FILE`")
    CheckOptions.from_dict(data.get("options"), where)
    if data.get("complete", True) is not True:
        raise InputError(f"{where}: its checks were cut short ({_shown(data.get('stopped'))}); "
                         "a site shows whole checks: run `ringside check --json` again "
                         "with a longer --timeout")
    if data.get("data"):
        # the site documents the shipped data; checks of a user's files are theirs alone
        raise InputError(f"{where}: its checks ran with data files of a user "
                         f"({_shown(data['data'])}); a site shows the shipped data: run "
                         "`ringside check --json` without them")
    games = data.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) and isinstance(g.get("game"), str)
                                              for g in games):
        raise InputError(f"{where}: 'games' must be a list of one entry per game")
    return data


def report_games(data: Mapping, games: Sequence[Game], where: str) -> dict[str, dict]:
    """Each game's entry of a report, by key; every game must have one."""
    entries = {entry["game"]: entry for entry in data["games"]}
    missing = [game.key for game in games if game.key not in entries]
    if missing:
        raise InputError(f"{where}: the report has no entry for {', '.join(missing)}; "
                         "run `ringside check --json` over every game for the docs")
    return entries


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _tables(entry: Mapping, name: str, where: str) -> list[dict]:
    """The list ``name`` of a game's entry: tables, each with a string ``id``."""
    value = entry.get(name, [])
    if not isinstance(value, list) or not all(
            isinstance(item, dict) and isinstance(item.get("id"), str) for item in value):
        raise InputError(f"{where}: '{name}' must be a list of tables, each with its 'id'")
    return value


def _seconds(entry: Mapping, where: str) -> float:
    value = entry.get("seconds", 0.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not 0 <= value <= 1e12:
        raise InputError(f"{where}: proof {_shown(entry.get('id'))}: 'seconds' must be a "
                         f"number of 0 or more, not {_shown(value)}")
    return float(value)


def _answer(entry: Mapping, where: str):
    from proofs.obligations import Answer

    status, detail, witness = entry.get("status"), entry.get("detail", ""), entry.get("witness")
    if not isinstance(status, str) or not isinstance(detail, str):
        raise InputError(f"{where}: proof {entry.get('id')!r} has no status")
    return Answer(status, detail, witness if isinstance(witness, dict) else None)


def game_check_from_report(game: Game, entry: Mapping, *, root, obligations: Sequence,
                           where: str):
    """The :class:`~harness.check.GameCheck` a report's entry describes.

    Statuses and proof answers come from the report; the scenarios are replayed
    (cheap, and needed to draw their steps), and one whose outcome differs from
    the report's makes the report unusable here.
    """
    from harness.check import GameCheck, Row, as_root
    from harness.registry import all_parts
    from harness.scenario import load_scenario, run_scenario, scenario_files
    from proofs.obligations import ProofResult

    key = game.key
    data_root = as_root(root)
    result = GameCheck(game)
    try:
        result.rows = [Row(r["check"], bool(r["passed"]), str(r["count"]),
                           float(r.get("seconds", 0.0)), [str(f) for f in r.get("failures", [])])
                       for r in entry.get("rows", [])]
        result.coverage = {number: [CheckRef(str(r["kind"]), str(r["id"]), r.get("passed"))
                                    for r in refs]
                           for number, refs in entry.get("coverage", {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise InputError(f"{where}: {key}: its rows or coverage are not shaped as "
                         "`ringside check --json` writes them") from None
    by_id = {o.id: o for o in obligations}
    for proof in _tables(entry, "proofs", f"{where}: {key}"):
        obligation = by_id.get(proof.get("id")) if isinstance(proof.get("id"), str) else None
        if obligation is None:
            raise InputError(f"{where}: {key}: proof {_shown(proof.get('id'))} is not an "
                             "obligation of this version; run `ringside check --json` again")
        result.proofs.append(ProofResult(obligation, _answer(proof, where),
                                         _seconds(proof, f"{where}: {key}")))

    reported = {s["id"]: s for s in _tables(entry, "scenarios", f"{where}: {key}")}
    folder = data_root.game_scenarios(key)
    files = scenario_files([folder], required=False) if folder.is_dir() else []
    for path in files:
        scenario = load_scenario(path, {key: game}, data_root.path)
        said = reported.pop(scenario.id, None)
        if said is None:
            raise InputError(f"{where}: {key}: scenario {scenario.id} is not in the report; "
                             "run `ringside check --json` again")
        outcome = run_scenario(scenario, game)
        if outcome.passed != bool(said.get("passed")):
            raise InputError(f"{where}: {key}: scenario {scenario.id} "
                             f"{'passes' if outcome.passed else 'fails'} here but the report "
                             "says otherwise; run `ringside check --json` again")
        result.scenarios.append(outcome)
    if reported:
        raise InputError(f"{where}: {key}: the report holds scenarios this version does not "
                         f"have ({', '.join(sorted(map(str, reported)))})")

    parts = all_parts().get(key)
    cases = {c["id"]: c for c in _tables(entry, "cases", f"{where}: {key}")}
    for case in (tuple(parts.cases()) if parts is not None else ()):
        said = cases.get(case.id)
        if said is None:
            raise InputError(f"{where}: {key}: data case {case.id} is not in the report")
        failures = said.get("failures", [])
        if not isinstance(failures, list):
            raise InputError(f"{where}: {key}: data case {case.id}: 'failures' must be a list")
        result.cases.append((case, tuple(str(f) for f in failures)))
    return result


def read_checks(path: Path, games: Sequence[Game], *, root) -> tuple[CheckOptions, dict]:
    """The options and each game's :class:`~harness.check.GameCheck` of the report at ``path``."""
    from harness.registry import all_parts

    data = read_report(path)
    options = CheckOptions.from_dict(data["options"], str(path))
    entries = report_games(data, games, str(path))
    checks = {}
    for game in games:
        parts = all_parts().get(game.key)
        obligations = tuple(parts.obligations()) if parts is not None else ()
        checks[game.key] = game_check_from_report(game, entries[game.key], root=root,
                                                  obligations=obligations, where=str(path))
    return options, checks
