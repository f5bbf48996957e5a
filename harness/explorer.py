"""Breadth-first exploration of reachable states.

From each start state the explorer visits states in order of distance, up to a
depth and a state budget.  It checks every invariant on every state, flags
deadlocks (a state that is not terminal but offers no action) and transitions
that leave the phase graph.  Because the search is breadth-first, the first
time a problem is seen it is seen at its shortest distance, so the trace that
comes back is a shortest one; it prints as a scenario file that replays it.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from model.core.game import CHANCE, TERMINAL, Game, walk_phases


@dataclass(frozen=True, slots=True)
class Trace:
    """A path from a start state: replayable as a scenario."""

    start: str
    actions: tuple[str, ...]
    final: str

    def to_scenario(self, game: Game, rules: Any, title: str, note: str) -> str:
        """The trace as a scenario file that replays it under ``rules``."""
        from harness.scenario import scenario_toml

        ruleset, overrides = game.preset_and_overrides(rules)
        return scenario_toml(
            game=game.key,
            title=title,
            ruleset=ruleset,
            overrides=overrides,
            start=self.start,
            actions=self.actions,
            expect_position=self.final,
            comment=note,
        )


@dataclass(frozen=True, slots=True)
class Problem:
    """An invariant violation, a deadlock or an off-graph transition."""

    kind: str  # "invariant", "deadlock", "phase"
    name: str
    rules: tuple[str, ...]
    message: str
    trace: Trace


@dataclass(slots=True)
class Exploration:
    """What one exploration saw."""

    starts: int = 0
    states: int = 0
    transitions: int = 0
    invariant_checks: int = 0
    max_depth: int = 0
    exhausted: bool = True
    terminal_states: int = 0
    kinds_taken: dict[str, int] = field(default_factory=dict)
    kinds_never_taken: tuple[str, ...] = ()
    phases_seen: set[str] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict:
        return {
            "starts": self.starts,
            "states": self.states,
            "transitions": self.transitions,
            "invariant_checks": self.invariant_checks,
            "max_depth": self.max_depth,
            "exhausted": self.exhausted,
            "terminal_states": self.terminal_states,
            "kinds_taken": dict(sorted(self.kinds_taken.items())),
            "kinds_never_taken": list(self.kinds_never_taken),
            "phases_seen": sorted(self.phases_seen),
            "problems": [
                {
                    "kind": p.kind,
                    "name": p.name,
                    "rules": list(p.rules),
                    "message": p.message,
                    "start": p.trace.start,
                    "actions": list(p.trace.actions),
                }
                for p in self.problems
            ],
            "seconds": round(self.seconds, 3),
        }


def explore(
    game: Game,
    rules: Any,
    starts: Iterable[Any],
    *,
    max_depth: int = 2,
    max_states: int = 20_000,
    check_phases: bool = True,
    progress: Callable[[int], None] | None = None,
) -> Exploration:
    """Explore from each start; ``max_states`` is a budget per start."""
    began = time.perf_counter()
    report = Exploration()
    graph = game.phase_graph() if check_phases else None
    found: dict[tuple[str, str], Problem] = {}

    def record(kind: str, name: str, rule_numbers: Sequence[str], message: str,
               start: Any, parents: dict, state: Any, via: tuple[Any, Any] | None = None) -> None:
        """Keep the shortest trace per problem; ``via`` is the step into a bad transition."""
        trace = _trace(game, parents, start, state, via)
        known = found.get((kind, name))
        if known is None or len(trace.actions) < len(known.trace.actions):
            found[(kind, name)] = Problem(kind, name, tuple(rule_numbers), message, trace)

    for start in starts:
        report.starts += 1
        parents: dict[Any, tuple[Any, Any] | None] = {start: None}
        queue: deque[tuple[Any, int]] = deque([(start, 0)])
        while queue:
            state, depth = queue.popleft()
            report.states += 1
            report.max_depth = max(report.max_depth, depth)
            report.phases_seen.add(game.phase(state))
            if progress is not None and report.states % 1000 == 0:
                progress(report.states)
            for invariant in game.invariants:
                report.invariant_checks += 1
                message = invariant(state)
                if message is not None:
                    record("invariant", invariant.name, invariant.rules, message,
                           start, parents, state)
            player = game.current_player(state)
            if player == TERMINAL:
                report.terminal_states += 1
                continue
            actions = game.actions(state, rules)
            if not actions:
                who = "chance" if player == CHANCE else f"player {player}"
                record("deadlock", game.phase(state), (),
                       f"{who} has no action in phase {game.phase(state)!r}",
                       start, parents, state)
                continue
            if depth >= max_depth:
                report.exhausted = False
                continue
            for action in actions:
                transition = game.resolve(state, action, rules)
                report.transitions += 1
                kind = game.action_kind(action)
                report.kinds_taken[kind] = report.kinds_taken.get(kind, 0) + 1
                child = transition.state
                for invariant in game.transition_invariants:
                    report.invariant_checks += 1
                    message = invariant(state, action, child, rules)
                    if message is not None:
                        record("invariant", invariant.name, invariant.rules, message,
                               start, parents, child, via=(state, action))
                if graph is not None:
                    for edge in walk_phases(game, state, transition):
                        report.phases_seen.update(edge)
                        if not graph.has_edge(*edge):
                            record("phase", f"{edge[0]} -> {edge[1]}", transition.rules,
                                   f"the engine went {edge[0]} -> {edge[1]}, "
                                   "which the phase graph lacks",
                                   start, parents, child, via=(state, action))
                if child in parents:
                    continue
                if len(parents) >= max_states:
                    report.exhausted = False
                    continue
                parents[child] = (state, action)
                queue.append((child, depth + 1))
    report.problems = list(found.values())
    report.kinds_never_taken = tuple(
        kind for kind in game.action_kinds if kind not in report.kinds_taken
    )
    report.seconds = time.perf_counter() - began
    return report


def _trace(game: Game, parents: dict, start: Any, state: Any,
           via: tuple[Any, Any] | None = None) -> Trace:
    """The path to ``state``; with ``via`` = (parent, action), the path through that step."""
    path = [via] if via is not None else []
    current = via[0] if via is not None else state
    while parents.get(current) is not None:
        parent, action = parents[current]
        path.append((parent, action))
        current = parent
    path.reverse()
    actions = tuple(game.format_action(parent, action) for parent, action in path)
    return Trace(game.format_state(start), actions, game.format_state(state))
