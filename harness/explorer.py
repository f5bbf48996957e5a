"""Exploration of reachable states: a breadth-first search and random playouts.

From each start state the search visits states in order of distance, up to a
depth and a state budget.  It checks every invariant on every state, flags
deadlocks (a state that is not terminal but offers no action) and transitions
that leave the phase graph.  Because the search is breadth-first, the first
time a problem is seen it is seen at its shortest distance, so the trace that
comes back is a shortest one; it prints as a scenario file that replays it.

A search that stops at a few actions never sees how a game ends, so beside it
:func:`playouts` plays whole games at random (seeded, so every run plays the
same ones): each step gets the same checks, and a game that runs past the
bound :meth:`Game.max_length` promised is a problem too (a loop the rules do
not end, which a search that merges repeated states cannot see).

Uniform choices rarely take an action offered once among a hundred (one card
to play against every subset of a hand to discard), so playouts can seek
kinds: with a given probability a choice goes to a kind of action not taken
yet in the run (:func:`kind_seeking_choice`), so that every kind's whole path,
from the choice to the end of the game, gets the checks.
"""

from __future__ import annotations

import os
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Container, Iterable, Mapping, Sequence

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from harness.interrupts import checkpoint
from model.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, walk_phases


@dataclass(frozen=True, slots=True)
class Trace:
    """A path from a start state: replayable as a scenario."""

    start: str
    actions: tuple[str, ...]
    final: str

    def to_scenario(self, game: Game, rules: Any, title: str, note: str,
                    data: Mapping[str, Sequence[str]] | None = None) -> str:
        """The trace as a scenario file that replays it under ``rules``; ``data`` names
        the user's data files the game was built on (by option), written as absolute
        paths so the file replays wherever it is saved."""
        from harness.scenario import scenario_toml

        ruleset, overrides = game.preset_and_overrides(rules)
        return scenario_toml(
            game=game.key,
            title=title,
            ruleset=ruleset,
            overrides=overrides,
            data={option: [os.path.abspath(file) for file in files]
                  for option, files in (data or {}).items()},
            start=self.start,
            actions=self.actions,
            expect_position=self.final,
            comment=note,
        )


@dataclass(frozen=True, slots=True)
class Problem:
    """An invariant violation, a deadlock, an off-graph transition, a playout longer
    than the game's bound, or a finished game without an outcome."""

    kind: str  # "invariant", "deadlock", "phase", "length", "outcome"
    name: str
    rules: tuple[str, ...]
    message: str
    trace: Trace


@dataclass(slots=True)
class Exploration:
    """What one exploration saw: a breadth-first ``search`` or random ``playouts``.

    For a search, ``depth_sizes[d]`` counts the states first met at distance ``d``
    from their start (summed over the starts).  For playouts, ``states`` counts the
    distinct states met, ``max_depth`` the longest playout, ``terminal_states`` the distinct end states, and
    ``outcomes`` how many playouts ended with each outcome label.

    ``stopped`` is the reason a time limit gave when it cut the exploration short
    (empty when it ran to its bounds): what it saw is then a part, so the problems
    it found stand (each with its trace) but nothing is claimed of the rest.
    """

    mode: str = "search"
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
    playouts: int = 0
    seed: int | None = None
    outcomes: dict[str, int] = field(default_factory=dict)
    depth_sizes: list[int] = field(default_factory=list)
    stopped: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def complete(self) -> bool:
        """Whether it ran to its own bounds (depth, state budget, playouts), uncut."""
        return not self.stopped

    def as_dict(self) -> dict:
        extra = {}
        if self.mode == "playouts":
            extra = {"playouts": self.playouts, "seed": self.seed,
                     "outcomes": dict(sorted(self.outcomes.items()))}
        return {
            "mode": self.mode,
            **extra,
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
            "complete": self.complete,
            **({"verdict": "unknown", "reason": self.stopped} if self.stopped else {}),
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
    deadline: Deadline = NO_DEADLINE,
) -> Exploration:
    """Explore from each start; ``max_states`` is a budget per start.

    Past ``deadline`` the search stops between two states and the exploration
    says so (:attr:`Exploration.stopped`), with what it had seen."""
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

    try:
        _search(game, rules, starts, report, graph, record, max_depth, max_states, progress,
                deadline)
    except TimeUp as up:
        report.stopped, report.exhausted = up.reason, False
    report.problems = list(found.values())
    report.kinds_never_taken = tuple(
        kind for kind in game.action_kinds if kind not in report.kinds_taken
    )
    report.seconds = time.perf_counter() - began
    return report


def _search(game: Game, rules: Any, starts: Iterable[Any], report: Exploration, graph,
            record: Callable, max_depth: int, max_states: int,
            progress: Callable[[int], None] | None, deadline: Deadline) -> None:
    """The breadth-first walks of :func:`explore`, counted into ``report``."""
    for start in starts:
        deadline.check("while exploring")
        report.starts += 1
        parents: dict[Any, tuple[Any, Any] | None] = {start: None}
        queue: deque[tuple[Any, int]] = deque([(start, 0)])
        while queue:
            deadline.check("while exploring")
            state, depth = queue.popleft()
            report.states += 1
            report.max_depth = max(report.max_depth, depth)
            if depth == len(report.depth_sizes):
                report.depth_sizes.append(0)
            report.depth_sizes[depth] += 1
            if report.states % 1000 == 0:
                checkpoint()
                if progress is not None:
                    progress(report.states)
            for problem in _state_problems(game, report, state):
                record(*problem, start, parents, state)
            player = game.current_player(state)
            if player == TERMINAL:
                report.terminal_states += 1
                continue
            actions = game.actions(state, rules)
            if not actions:
                record("deadlock", game.phase(state), (), _deadlock_message(game, state),
                       start, parents, state)
                continue
            if depth >= max_depth:
                report.exhausted = False
                continue
            for action in actions:
                transition = game.resolve(state, action, rules)
                child = transition.state
                for problem in _step_problems(game, graph, report, state, action,
                                              transition, rules):
                    record(*problem, start, parents, child, via=(state, action))
                if child in parents:
                    continue
                if len(parents) >= max_states:
                    report.exhausted = False
                    continue
                parents[child] = (state, action)
                queue.append((child, depth + 1))


def playouts(
    game: Game,
    rules: Any,
    starts: Iterable[Any],
    *,
    count: int,
    seed: int = 0,
    check_phases: bool = True,
    progress: Callable[[int], None] | None = None,
    seek_kinds: float = 0.0,
    kinds_seen: set[str] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Exploration:
    """Play ``count`` whole games at random from the starts (taken in turn).

    A player's action is drawn uniformly among the legal ones (at a
    simultaneous node: among the joint actions, which is each player choosing
    uniformly), a chance outcome with its exact probability
    (:meth:`Game.sample_chance`).  With ``seek_kinds`` above 0, that share of
    the players' choices is a :func:`kind_seeking_choice` instead, steered
    away from the kinds in ``kinds_seen`` (kinds taken before, by other
    explorations of the same run); every kind these playouts take is added to
    it.  Playout ``i`` draws from its own generator,
    seeded by ``seed`` and ``i``, so a run is reproducible and any one playout
    can be replayed from its trace.  Every step gets the checks of
    :func:`explore`; a playout that takes more actions than
    :meth:`Game.max_length` of its start is a ``length`` problem, and a
    finished game without an outcome an ``outcome`` problem.  Past ``deadline``
    the playout under way is dropped (not counted) and the exploration says it
    was stopped (:attr:`Exploration.stopped`).
    """
    began = time.perf_counter()
    report = Exploration(mode="playouts", seed=seed, exhausted=False)
    starts = list(starts)
    report.starts = len(starts)
    graph = game.phase_graph() if check_phases else None
    found: dict[tuple[str, str], Problem] = {}
    seen: set[Any] = set()
    ends: set[Any] = set()
    kinds_seen = set() if kinds_seen is None else kinds_seen

    def record(kind: str, name: str, rule_numbers: Sequence[str], message: str,
               start: Any, path: list[tuple[Any, Any]], state: Any) -> None:
        """Keep the shortest trace per problem (playouts meet a bug at many lengths)."""
        known = found.get((kind, name))
        if known is None or len(path) < len(known.trace.actions):
            actions = tuple(game.format_action(before, action) for before, action in path)
            trace = Trace(game.format_state(start), actions, game.format_state(state))
            found[(kind, name)] = Problem(kind, name, tuple(rule_numbers), message, trace)

    try:
        for index in range(count if starts else 0):
            _playout(game, rules, starts[index % len(starts)], f"{seed}/{index}", report,
                     graph, record, seen, ends, kinds_seen, seek_kinds, deadline)
            if progress is not None and report.playouts % 100 == 0:
                progress(report.playouts)
    except TimeUp as up:
        report.stopped = up.reason
        report.playouts -= 1  # the game under way did not end: it is not one played
    report.states = len(seen)
    report.terminal_states = len(ends)
    report.problems = list(found.values())
    report.kinds_never_taken = tuple(
        kind for kind in game.action_kinds if kind not in report.kinds_taken
    )
    report.seconds = time.perf_counter() - began
    return report


def _playout(game: Game, rules: Any, start: Any, seed: str, report: Exploration, graph,
             record: Callable, seen: set, ends: set, kinds_seen: set[str],
             seek_kinds: float, deadline: Deadline) -> None:
    """One game of :func:`playouts`, counted into ``report``."""
    checkpoint()
    rng = random.Random(seed)
    bound = game.max_length(start)
    path: list[tuple[Any, Any]] = []
    state = start
    report.playouts += 1
    while True:
        deadline.check("while playing games out")
        if state not in seen:
            # Invariants are functions of the state: a state met again needs no check.
            seen.add(state)
            for problem in _state_problems(game, report, state):
                record(*problem, start, path, state)
        player = game.current_player(state)
        if player == TERMINAL:
            ends.add(state)
            outcome = game.outcome(state, rules)
            if outcome is None:
                record("outcome", game.phase(state), (),
                       "the game is over but has no outcome", start, path, state)
                label = "(no outcome)"
            else:
                label = outcome.label
            report.outcomes[label] = report.outcomes.get(label, 0) + 1
            break
        actions = game.actions(state, rules)
        if not actions:
            record("deadlock", game.phase(state), (), _deadlock_message(game, state),
                   start, path, state)
            break
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        elif seek_kinds and rng.random() < seek_kinds:
            action = kind_seeking_choice(game, actions, kinds_seen, rng)
        else:
            action = rng.choice(list(actions))
        kinds_seen.add(game.action_kind(action))
        transition = game.resolve(state, action, rules)
        child = transition.state
        path.append((state, action))
        report.max_depth = max(report.max_depth, len(path))
        for problem in _step_problems(game, graph, report, state, action, transition,
                                      rules):
            record(*problem, start, path, child)
        state = child
        if len(path) > bound:
            record("length", "max_length", (),
                   f"a playout took {len(path)} actions, more than the {bound} that "
                   "max_length promised from its start", start, path, state)
            break


def kind_seeking_choice(game: Game, actions: Sequence[Any], taken: Container[str],
                        rng: random.Random) -> Any:
    """One of ``actions``: a kind drawn uniformly among the kinds they offer that are
    not in ``taken`` (among all they offer when every one is), then an action of that
    kind uniformly, so that a kind offered once among many actions is not drowned.

    >>> from model.clubfight import GAME
    >>> state = next(iter(GAME.exploration_starts(GAME.default_rules, 1)))
    >>> actions = GAME.legal_actions(state, GAME.default_rules)
    >>> offered = {GAME.action_kind(a) for a in actions}
    >>> rare = min(offered, key=lambda k: sum(GAME.action_kind(a) == k for a in actions))
    >>> choice = kind_seeking_choice(GAME, actions, offered - {rare}, random.Random(0))
    >>> GAME.action_kind(choice) == rare
    True
    """
    by_kind: dict[str, list[Any]] = {}
    for action in actions:
        by_kind.setdefault(game.action_kind(action), []).append(action)
    fresh = [kind for kind in by_kind if kind not in taken]
    kind = rng.choice(fresh or list(by_kind))
    return rng.choice(by_kind[kind])


def _state_problems(game: Game, report: "Exploration", state: Any):
    """``(kind, name, rules, message)`` of every invariant ``state`` breaks."""
    report.phases_seen.add(game.phase(state))
    for invariant in game.invariants:
        report.invariant_checks += 1
        message = invariant(state)
        if message is not None:
            yield "invariant", invariant.name, invariant.rules, message


def _step_problems(game: Game, graph, report: "Exploration", state: Any, action: Any,
                   transition: Any, rules: Any):
    """Count one step, and yield what is wrong with it: a broken transition
    invariant or a phase-graph edge the graph lacks."""
    report.transitions += 1
    kind = game.action_kind(action)
    report.kinds_taken[kind] = report.kinds_taken.get(kind, 0) + 1
    for invariant in game.transition_invariants:
        report.invariant_checks += 1
        message = invariant(state, action, transition.state, rules)
        if message is not None:
            yield "invariant", invariant.name, invariant.rules, message
    if graph is not None:
        for edge in walk_phases(game, state, transition):
            report.phases_seen.update(edge)
            if not graph.has_edge(*edge):
                yield ("phase", f"{edge[0]} -> {edge[1]}", transition.rules,
                       f"the engine went {edge[0]} -> {edge[1]}, which the phase graph lacks")


def _deadlock_message(game: Game, state: Any) -> str:
    player = game.current_player(state)
    if player == CHANCE:
        who = "chance has"
    elif player == SIMULTANEOUS:
        players = game.players_to_act(state)
        who = f"players {', '.join(map(str, players))} (choosing together) have"
    else:
        who = f"player {player} has"
    return f"{who} no action in phase {game.phase(state)!r}"


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
