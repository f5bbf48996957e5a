"""``ringside check``: every invariant, proof, scenario and exploration of a game."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Container, Sequence

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from harness.coverage import CheckRef
from harness.interrupts import checkpoint
from harness.explorer import Exploration, explore, playouts as run_playouts
from model.core.game import Game
from harness.resources import DataRoot, data_root
from proofs.obligations import ProofResult, discharge
from model.core.phases import lint_phase_graph
from harness.scenario import ScenarioResult, load_scenario, run_scenario, scenario_files
from harness.userdata import scenario_game


def _checkpointed(progress: Callable[[str], None]) -> Callable[[str], None]:
    """``progress``, and before each report a place where a noted Ctrl-C stops the run."""
    def report(message: str) -> None:
        checkpoint()
        progress(message)
    return report


def as_root(root: "DataRoot | Path | None") -> DataRoot:
    """A :class:`DataRoot` from a path (a folder laid out like a checkout) or the default."""
    if root is None:
        return data_root()
    if isinstance(root, DataRoot):
        return root
    return DataRoot(Path(root))


@dataclass(slots=True)
class Row:
    """One line of the check table."""

    check: str
    passed: bool
    count: str
    seconds: float
    failures: list[str] = field(default_factory=list)
    unknown: str = ""
    """Why the check was not finished (a time limit's reason); such a row never passes."""

    @property
    def result(self) -> str:
        """``ok``, ``FAIL`` (a failure found, finished or not) or ``unknown``."""
        if self.passed:
            return "ok"
        return "unknown" if self.unknown and not self.failures else "FAIL"

    def as_dict(self) -> dict:
        return {"check": self.check, "passed": self.passed, "count": self.count,
                "seconds": round(self.seconds, 3), "failures": self.failures,
                **({"unknown": self.unknown} if self.unknown else {})}


@dataclass(slots=True)
class GameCheck:
    game: Game
    rows: list[Row] = field(default_factory=list)
    scenarios: list[ScenarioResult] = field(default_factory=list)
    cases: list[tuple[Any, tuple[str, ...]]] = field(default_factory=list)  # (DataCase, failures)
    proofs: list[ProofResult] = field(default_factory=list)
    exploration: Exploration | None = None
    explorations: dict[str, Exploration] = field(default_factory=dict)
    playouts: dict[str, Exploration] = field(default_factory=dict)
    scenario_playouts: dict[str, Exploration] = field(default_factory=dict)
    kinds_taken: dict[str, int] = field(default_factory=dict)
    coverage: dict[str, list[CheckRef]] = field(default_factory=dict)

    @property
    def kinds_never_taken(self) -> tuple[str, ...]:
        """The game's action kinds that neither the search nor any playout took."""
        return tuple(kind for kind in self.game.action_kinds if kind not in self.kinds_taken)

    @property
    def passed(self) -> bool:
        return all(row.passed for row in self.rows)

    @property
    def stopped(self) -> str:
        """Why the checks were cut short (empty: they ran to their end)."""
        return next((row.unknown for row in self.rows if row.unknown), "")

    def as_dict(self) -> dict:
        return {
            "game": self.game.key,
            "title": self.game.title,
            "passed": self.passed,
            "complete": not self.stopped,
            "rows": [row.as_dict() for row in self.rows],
            "coverage": {number: [{"kind": r.kind, "id": r.id, "passed": r.passed}
                                  for r in refs]
                         for number, refs in self.coverage.items()},
            "explorations": {name: e.as_dict() for name, e in self.explorations.items()},
            "playouts": {name: e.as_dict() for name, e in self.playouts.items()},
            "scenario_playouts": {name: e.as_dict()
                                  for name, e in self.scenario_playouts.items()},
            "action_kinds": {
                "taken": [kind for kind in self.game.action_kinds if kind in self.kinds_taken],
                "never_taken": list(self.kinds_never_taken),
                "counts": {kind: self.kinds_taken[kind] for kind in self.game.action_kinds
                           if kind in self.kinds_taken},
            },
        }


SEEK_KINDS = 0.5
"""The share of the playouts' choices drawn kind by kind, a kind of action not taken
yet first (:func:`harness.explorer.kind_seeking_choice`)."""


def scenario_positions(game: Game, scenarios: Sequence[ScenarioResult], wanted: Container[str]
                       ) -> list[tuple[str, Game, Any, Any, frozenset[str]]]:
    """``(name, game, rules, state, kinds offered)`` of the positions of the passing
    scenarios (each start, then the position after each action of its replay) that
    offer a kind of action in ``wanted``, in file order; ``name`` is the scenario's id,
    with the action after which the position comes (``fightklub/fk6-7-... after 2``),
    and ``game`` the one the scenario is replayed with (built on its own data files,
    when it names any).

    Scenarios are written where the rules are subtle (a rare phase, the first action
    of a game, a reading no preset takes), so a position of theirs that offers a kind
    is where a game that takes it begins.  Positions offering nothing wanted are left
    alone: many starts are built to show a refusal (a warband no rule lets onto the
    field), not to be played on."""
    found = []
    for outcome in scenarios:
        if not outcome.passed:
            continue
        scenario = outcome.scenario
        played_with = scenario_game(scenario, game)
        rules = played_with.parse_rules(scenario.ruleset, dict(scenario.overrides))
        texts = [scenario.start] + [replayed.position for replayed in outcome.actions]
        for index, text in enumerate(texts):
            state = played_with.parse_state(text)
            offered = frozenset(played_with.action_kind(action)
                                for action in played_with.actions(state, rules))
            if any(kind in wanted for kind in offered):
                name = scenario.id if index == 0 else f"{scenario.id} after {index}"
                found.append((name, played_with, rules, state, offered))
    return found


def check_game(
    game: Game,
    *,
    root: "DataRoot | Path | None" = None,
    depth: int = 2,
    max_states: int = 4000,
    starts: int = 4,
    playouts: int = 100,
    seed: int = 0,
    proofs: bool = True,
    progress: Callable[[str], None] = lambda message: None,
    obligations: Sequence | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> GameCheck:
    """Run every check of ``game``; ``obligations`` default to the ones it registers.

    The explorer searches ``depth`` actions deep from ``starts`` start states
    and, under each ruleset, plays ``playouts`` whole games at random (seeded
    by ``seed``) from the same starts, half their choices drawn kind by kind,
    kinds of action not taken yet first.  Every kind the game declares must be
    taken: kinds still missing are sought with one game from each position of a
    scenario (its start, or a position its replay reaches) that offers one, until
    none is, and a kind never taken fails the explorer row, named.

    Past ``deadline`` the checks stop between two steps: the section under way
    and those after it get rows that did not pass, each saying it is unknown
    and why (:attr:`Row.unknown`), with any failure found before the limit.
    """
    from harness.registry import all_parts

    root = as_root(root)
    progress = _checkpointed(progress)
    parts = all_parts().get(game.key)
    if obligations is None:
        obligations = tuple(parts.obligations()) if parts is not None and proofs else ()
    result = GameCheck(game)
    refs: dict[str, list[CheckRef]] = {}

    def add(numbers, ref: CheckRef) -> None:
        for number in numbers:
            refs.setdefault(number, []).append(ref)

    cases = tuple(parts.cases()) if parts is not None else ()
    under_way = "scenarios"
    problems: list[tuple[str, Any]] = []
    failures: list[str] = []
    try:
        # Scenarios.
        began = time.perf_counter()
        progress(f"{game.key}: scenarios")
        folder = root.game_scenarios(game.key)
        files = scenario_files([folder], required=False) if folder.is_dir() else []
        failures = []
        for path in files:
            checkpoint()
            deadline.check("while replaying the scenarios")
            scenario = load_scenario(path, {game.key: game}, root.path)
            outcome = run_scenario(scenario, game)
            result.scenarios.append(outcome)
            add(outcome.rules_covered, CheckRef("scenario", scenario.id, outcome.passed))
            failures.extend(f"{scenario.id}: {f}" for f in outcome.failures)
        passed = sum(r.passed for r in result.scenarios)
        result.rows.append(Row("scenarios", not failures and bool(files),
                               f"{passed}/{len(files)} pass", time.perf_counter() - began,
                               failures or ([] if files else ["no scenario files"])))

        # Data cases: what the game checks from data files beside its scenarios.
        if cases:
            began = time.perf_counter()
            progress(f"{game.key}: data cases")
            failures = []
            under_way = "data cases"
            for case in cases:
                checkpoint()
                deadline.check("while running the data cases")
                found = tuple(case.run())
                result.cases.append((case, found))
                add(case.rules, CheckRef("case", case.id, not found))
                failures.extend(f"{case.id}: {f}" for f in found)
            passed = sum(not found for _, found in result.cases)
            result.rows.append(Row("data cases", not failures, f"{passed}/{len(cases)} pass",
                                   time.perf_counter() - began, failures))

        # Proofs.
        began = time.perf_counter()
        obligations = tuple(obligations) if proofs else ()
        failures = []
        under_way = "proofs"
        for index, obligation in enumerate(obligations, 1):
            deadline.check("while discharging the proofs")
            progress(f"{game.key}: proof {index}/{len(obligations)} {obligation.id}")
            proof = discharge(obligation)
            result.proofs.append(proof)
            add(obligation.rules, CheckRef("proof", obligation.id, proof.passed))
            if not proof.passed:
                failures.append(f"{obligation.id}: expected {obligation.expected}, got "
                                f"{proof.answer.status} {proof.answer.detail}".rstrip())
        if proofs:
            done = sum(p.passed for p in result.proofs)
            result.rows.append(Row("proofs", not failures and bool(obligations),
                                   f"{done}/{len(obligations)} as expected",
                                   time.perf_counter() - began,
                                   failures or ([] if obligations else ["no proof obligations"])))

        # Explorer (and the invariants it checks on every state), under every preset:
        # the search sees every state near the starts, the playouts whole games, seeking the
        # kinds of action not taken yet, and for a kind still missing, a game from each
        # scenario position that offers it.
        began = time.perf_counter()
        failures = []
        under_way = "invariants"
        states = checks = transitions = depth_reached = 0
        played = playout_depth = 0
        seen: set[str] = set()

        def tally(exploration: Exploration, where: str) -> None:
            nonlocal checks
            problems.extend((where, p) for p in exploration.problems)
            checks += exploration.invariant_checks
            for kind, times in exploration.kinds_taken.items():
                result.kinds_taken[kind] = result.kinds_taken.get(kind, 0) + times
            seen.update(exploration.kinds_taken)

        for preset_name, rules in game.presets.items():
            progress(f"{game.key}: exploring ({preset_name})")
            exploration = explore(
                game, rules, game.exploration_starts(rules, starts),
                max_depth=depth, max_states=max_states,
                progress=lambda n: progress(f"{game.key}: explored {n} states ({preset_name})"),
                deadline=deadline)
            result.explorations[preset_name] = exploration
            if result.exploration is None:
                result.exploration = exploration
            tally(exploration, preset_name)
            deadline.check()  # an exploration cut short is not one to build on
            states += exploration.states
            transitions += exploration.transitions
            depth_reached = max(depth_reached, exploration.max_depth)
            if playouts:
                progress(f"{game.key}: {playouts} playouts ({preset_name})")
                played_here = run_playouts(game, rules, game.exploration_starts(rules, starts),
                                           count=playouts, seed=seed, seek_kinds=SEEK_KINDS,
                                           kinds_seen=seen, deadline=deadline)
                result.playouts[preset_name] = played_here
                tally(played_here, f"{preset_name}, playout")
                deadline.check()
                played += played_here.playouts
                playout_depth = max(playout_depth, played_here.max_depth)
        from_scenarios = 0
        if result.kinds_never_taken:
            # Kinds the game's own starts never lead to are sought from the scenarios'
            # positions that offer them, one whole game from each, until every kind is taken.
            progress(f"{game.key}: seeking {', '.join(result.kinds_never_taken)} from the "
                     "scenarios")
            for name, played_with, rules, state, offered in scenario_positions(
                    game, result.scenarios, set(result.kinds_never_taken)):
                if not offered & set(result.kinds_never_taken):
                    continue  # what this position offers has been taken since
                played_here = run_playouts(played_with, rules, [state], count=1, seed=seed,
                                           seek_kinds=SEEK_KINDS, kinds_seen=seen,
                                           deadline=deadline)
                result.scenario_playouts[name] = played_here
                tally(played_here, f"{game.describe_rules(rules)}, playout from scenario "
                                   f"{name}")
                deadline.check()
                from_scenarios += played_here.playouts
                playout_depth = max(playout_depth, played_here.max_depth)
        seconds = time.perf_counter() - began
        invariant_problems = [(name, p) for name, p in problems if p.kind == "invariant"]
        other_problems = [(name, p) for name, p in problems if p.kind != "invariant"]
        lint = lint_phase_graph(game.phase_graph())
        scenario_invariant_failures = [f for r in result.scenarios for f in r.failures
                                       if "invariant" in f]
        all_invariants = tuple(game.invariants) + tuple(game.transition_invariants)
        for invariant in all_invariants:
            broken = any(p.name == invariant.name for _, p in invariant_problems)
            add(invariant.rules, CheckRef("invariant", invariant.name, not broken))
        presets = len(game.presets)
        all_played = played + from_scenarios
        result.rows.append(Row(
            "invariants", not invariant_problems and not scenario_invariant_failures,
            f"{len(all_invariants)} held on {states} states"
            + (f" and {all_played} playouts" if all_played else "")
            + f", {presets} rulesets ({checks} checks)",
            seconds,
            [f"{p.name} ({', '.join(p.rules)}) under {name}: {p.message}; trace: "
             f"{' / '.join(p.trace.actions) or 'start'}" for name, p in invariant_problems]
            + scenario_invariant_failures))
        never = result.kinds_never_taken
        kinds = len(game.action_kinds)
        result.rows.append(Row(
            "explorer", not other_problems and lint.ok and not never,
            f"{states} states, depth {depth_reached}, {transitions} transitions (search)"
            + (f" + {all_played} playouts to depth {playout_depth}" if all_played else "")
            + (f" ({from_scenarios} from scenario position{'s' if from_scenarios != 1 else ''})"
               if from_scenarios else "")
            + f", {kinds - len(never)}/{kinds} action kinds taken"
            + (f" (never: {', '.join(never)})" if never else ""),
            seconds,
            [f"{p.kind} {p.name} under {name}: {p.message}; trace: "
             f"{' / '.join(p.trace.actions) or 'start'}" for name, p in other_problems]
            + lint.problems()
            + ([f"action kinds never taken: {', '.join(never)} (neither the search nor the "
                "playouts took them, and no scenario reaches a position where one is offered)"]
               if never else [])))
    except TimeUp as up:
        # Cut short: what was found stands (a failure has its witness), nothing is
        # claimed of the rest, and the game does not pass.
        _cut_rows(result, up.reason, under_way, failures, problems,
                  ["scenarios"] + (["data cases"] if cases else []) + (["proofs"] if proofs
                                                                       else [])
                  + ["invariants", "explorer", "rule coverage"])
        return result

    # Rule coverage.
    for number, tests in root.rule_tests().items():
        for test_id in tests:
            add([number], CheckRef("test", test_id))
    unknown = sorted(n for n in refs if n not in game.rulebook and n.split()[0] == game.rulebook.prefix)
    result.coverage = {rule.number: refs.get(rule.number, []) for rule in game.rulebook}
    uncovered = [n for n, checks in result.coverage.items() if not checks]
    covered = len(result.coverage) - len(uncovered)
    result.rows.append(Row(
        "rule coverage", not uncovered and not unknown,
        f"{covered}/{len(result.coverage)} rules checked", 0.0,
        [f"{n} has no check" for n in uncovered]
        + [f"a check names unknown rule {n}" for n in unknown]))
    return result


def _problem_lines(problems: Sequence[tuple[str, Any]]) -> list[str]:
    return [f"{p.kind} {p.name} ({', '.join(p.rules)}) under {where}: {p.message}; trace: "
            f"{' / '.join(p.trace.actions) or 'start'}" for where, p in problems]


def _cut_rows(result: GameCheck, reason: str, under_way: str, failures: Sequence[str],
              problems: Sequence[tuple[str, Any]], sections: Sequence[str]) -> None:
    """Rows for the sections a time limit left unfinished: ``unknown`` with ``reason``,
    carrying what the section under way had found wrong before it (the explorer's
    problems go to the invariants and explorer rows, by kind)."""
    done = {row.check for row in result.rows}
    found = {under_way: list(failures)}
    found["invariants"] = _problem_lines([(w, p) for w, p in problems if p.kind == "invariant"])
    found["explorer"] = _problem_lines([(w, p) for w, p in problems if p.kind != "invariant"])
    for name in sections:
        if name not in done:
            result.rows.append(Row(name, False, "not finished", 0.0, found.get(name, []),
                                   unknown=reason))
