"""Rulings as data: scenario files and the runner that replays them.

A scenario is a TOML file under ``scenarios/<game>/``.  It gives a starting
position in the game's notation, the actions taken (every choice explicit),
the ruleset, and what must come out: a position, an outcome, actions that
must be legal, actions that must be illegal because of a named rule.  The
runner is strict: an action that leaves a choice open fails the scenario and
names the choice.

Keys::

    title = "one line"                       # required
    source = "rulebook section"              # optional
    rules = ["CF 4.1"]                       # rules the ruling is about (its examples)
    ambiguities = ["CF-A2"]                  # open points whose reading it shows
    cards = "one.toml"                       # the game's data files, if it takes any
                                             # (cards, characters: harness.userdata)
    ruleset = "rulebook"                     # a preset name (default: first)
    start = "position"                       # required: the whole position, or
    [start]                                  # a short start (after the top-level keys):
    setup = "CF1-17"                         #   the game's setup
    hand = "2 5 9 J"                         #   and the parts that matter
    actions = ["6 match"]                    # optional
    [ruleset_overrides]                      # optional Rules fields
    [expect]                                 # at least one of:
    position = "position"
    outcome = "win"                          # or "loss", "ongoing", ...
    legal = ["6 any 2H"]
    illegal = [{ action = "4 updown lower", rules = ["CF 3.3"] }]

``rules`` names what the ruling is *about*: the rules reference shows the
ruling as an example under each of them.  The replay's steps cite more rules
(the refill, the draw ...); those are listed as "also applies" and still
count as checks.  ``ambiguities`` names entries of the game's ambiguity
register the ruling illustrates; the reading it shows is the value its
ruleset (with the overrides) gives the entry's field, and the register links
the ruling under that reading.

A short start gives the setup and only the parts of the position the ruling
is about; the game fills the rest from the setup by the rule it states per
part (:mod:`model.core.position`, :meth:`Game.position_parts`), and
``ringside rule --show-start`` prints the whole position.
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from analysis.inputs import check_path, load_toml
from harness.userdata import data_keys, game_for_data, scenario_data, scenario_game
from model.core.errors import InputError
from model.core.game import AmbiguousAction, Game, IllegalAction, Step, walk_phases

_TOP_KEYS = {"title", "source", "rules", "ambiguities", "ruleset", "ruleset_overrides",
             "start", "actions", "expect", "game"}
_EXPECT_KEYS = {"position", "outcome", "legal", "illegal"}


@dataclass(frozen=True, slots=True)
class IllegalExpectation:
    action: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    path: str
    game: str
    title: str
    source: str
    rules: tuple[str, ...]
    ruleset: str
    overrides: tuple[tuple[str, Any], ...]
    start: str
    actions: tuple[str, ...]
    expect_position: str | None
    expect_outcome: str | None
    expect_legal: tuple[str, ...]
    expect_illegal: tuple[IllegalExpectation, ...]
    ambiguities: tuple[str, ...] = ()
    data: tuple[str, ...] = ()
    """The data files the scenario names (its game's ``cards`` or ``characters``)."""
    start_parts: tuple[tuple[str, Any], ...] = ()
    """A short start as the file writes it (``setup`` first, then the parts, by key, each
    value text or a whole number); empty when the file writes the whole position.
    ``start`` is the whole position."""


@dataclass(frozen=True, slots=True)
class ReplayedAction:
    text: str
    canonical: str
    steps: tuple[Step, ...]
    position: str


@dataclass(slots=True)
class ScenarioResult:
    scenario: Scenario
    ruleset: str = ""
    actions: list[ReplayedAction] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    final_position: str | None = None
    final_outcome: str | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def rules_applied(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for replayed in self.actions:
            for step in replayed.steps:
                for number in step.rules:
                    seen.setdefault(number, None)
        for expectation in self.scenario.expect_illegal:
            for number in expectation.rules:
                seen.setdefault(number, None)
        return tuple(seen)

    @property
    def rules_covered(self) -> tuple[str, ...]:
        seen = dict.fromkeys(self.scenario.rules)
        seen.update(dict.fromkeys(self.rules_applied))
        return tuple(seen)

    def as_dict(self) -> dict:
        s = self.scenario
        return {
            "id": s.id,
            "path": s.path,
            "title": s.title,
            "ruleset": self.ruleset,
            "start": s.start,
            "start_parts": dict(s.start_parts) or None,
            "passed": self.passed,
            "failures": list(self.failures),
            "actions": [
                {
                    "action": a.text,
                    "canonical": a.canonical,
                    "steps": [
                        {"phase": st.phase, "rules": list(st.rules), "text": st.text}
                        for st in a.steps
                    ],
                    "position": a.position,
                }
                for a in self.actions
            ],
            "checked": list(self.checked),
            "final_position": self.final_position,
            "final_outcome": self.final_outcome,
            "rules_covered": list(self.rules_covered),
        }


def _string_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError("must be a list of strings", where)
    return tuple(value)


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError("must be a non-empty string", where)
    return value


def load_scenario(path: Path, games: dict[str, Game], root: Path | None = None) -> Scenario:
    """Read and validate one scenario file; every problem names the file."""
    where = str(path)
    data = load_toml(path, "scenario file")
    unknown = sorted(set(data) - _TOP_KEYS - data_keys())
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}; known keys: "
                         f"{', '.join(sorted(_TOP_KEYS))}", where)
    game_key = data.get("game", path.parent.name)
    if not isinstance(game_key, str) or game_key not in games:
        raise InputError(
            f"cannot tell the game: the folder or 'game' key says {game_key!r}; "
            f"known games: {', '.join(games)}", where)
    game = games[game_key]
    for key in ("title", "start"):
        if key not in data:
            raise InputError(f"missing required key {key!r}", where)
    title = _string(data["title"], f"{where}: title")
    rules = game.rulebook.validate(_string_list(data.get("rules", []), f"{where}: rules"),
                                   f"{where}: rules")
    ruleset = _string(data.get("ruleset", next(iter(game.presets))), f"{where}: ruleset")
    overrides = data.get("ruleset_overrides", {})
    if not isinstance(overrides, dict):
        raise InputError("must be a table of Rules fields", f"{where}: ruleset_overrides")
    try:
        rules_value = game.parse_rules(ruleset, overrides)
    except InputError as error:
        raise error.at(where) from None
    data_files = scenario_data(data, path, game_key, where)
    # A short start is filled from a setup that may name the scenario's own cards.
    start, start_parts = resolve_start(game_for_data(game_key, game, data_files, where),
                                       data["start"], rules_value, where)
    ambiguities = _string_list(data.get("ambiguities", []), f"{where}: ambiguities")
    known_ambiguities = {a.id: a for a in game.ambiguities}
    for index, name in enumerate(ambiguities):
        if name not in known_ambiguities:
            known = ", ".join(known_ambiguities) or "none"
            raise InputError(f"no ambiguity {name!r} in the register; known: {known}",
                             f"{where}: ambiguities[{index}]")
    actions = _string_list(data.get("actions", []), f"{where}: actions")
    expect = data.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise InputError("needs an [expect] table saying what must come out", where)
    unknown = sorted(set(expect) - _EXPECT_KEYS)
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r} in [expect]; known keys: "
                         f"{', '.join(sorted(_EXPECT_KEYS))}", where)
    illegal_raw = expect.get("illegal", [])
    if isinstance(illegal_raw, dict):
        illegal_raw = [illegal_raw]
    if not isinstance(illegal_raw, list):
        raise InputError("must be a table or a list of tables", f"{where}: expect.illegal")
    illegal = []
    for index, item in enumerate(illegal_raw):
        item_where = f"{where}: expect.illegal[{index}]"
        if not isinstance(item, dict) or set(item) != {"action", "rules"}:
            raise InputError("needs exactly the keys 'action' and 'rules'", item_where)
        numbers = game.rulebook.validate(_string_list(item["rules"], item_where), item_where)
        if not numbers:
            raise InputError("must name at least one rule", item_where)
        illegal.append(IllegalExpectation(_string(item["action"], item_where), numbers))
    position = expect.get("position")
    outcome = expect.get("outcome")
    if position is not None:
        _string(position, f"{where}: expect.position")
    if outcome is not None:
        _string(outcome, f"{where}: expect.outcome")
    stem = path.stem
    return Scenario(
        id=f"{game_key}/{stem}",
        path=str(path.relative_to(root)) if root and path.is_relative_to(root) else str(path),
        game=game_key,
        title=title,
        source=str(data.get("source", "")),
        rules=rules,
        ruleset=ruleset,
        overrides=tuple(sorted(overrides.items())),
        start=start,
        actions=actions,
        expect_position=position,
        expect_outcome=outcome,
        expect_legal=_string_list(expect.get("legal", []), f"{where}: expect.legal"),
        expect_illegal=tuple(illegal),
        ambiguities=ambiguities,
        data=data_files,
        start_parts=start_parts,
    )


def resolve_start(game: Game, value: Any, rules: Any, where: str
                  ) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A scenario's ``start``: the whole position, and the short start as written.

    ``start`` is either the whole position in the game's notation, or a table: the
    game's ``setup`` and the parts of the position that matter
    (:mod:`model.core.position`; ``p0.hand = "..."`` is a part of player 0's section),
    which :meth:`Game.position_from_setup` fills into the whole position.  A bad
    short start is an input error naming the file and the key (``start.p0.hand``).
    """
    if not isinstance(value, dict):
        return _string(value, f"{where}: start"), ()
    flat = _flat_parts(value, where)
    if SETUP_KEY not in flat:
        example = game.format_setup(next(iter(game.example_setups(1))))
        raise InputError(f"a short start gives the game's setup: {SETUP_KEY} = "
                         f"{toml_string(example)}, then the parts that matter",
                         f"{where}: start")
    setup_text = _string(flat.pop(SETUP_KEY), f"{where}: start.{SETUP_KEY}")
    try:
        setup = game.parse_setup(setup_text)
    except InputError as error:
        raise InputError(error.what if not error.where else f"{error.where}: {error.what}",
                         f"{where}: start.{SETUP_KEY}") from None
    try:
        state = game.position_from_setup(setup, flat, rules)
    except InputError as error:
        place = f"start.{error.where}" if error.where else "start"
        raise InputError(error.what, f"{where}: {place}") from None
    return game.format_state(state), ((SETUP_KEY, setup_text),) + tuple(flat.items())


SETUP_KEY = "setup"
"""The key of a short start that gives the game's setup."""


def start_lines(parts: Iterable[tuple[str, Any]]) -> list[str]:
    """A short start's parts as the lines of its ``[start]`` table.

    >>> start_lines([("setup", "CF1-5"), ("left", 2)])
    ['setup = "CF1-5"', 'left = 2']
    """
    return [f"{key} = {_toml_value(value)}" for key, value in parts]


def _flat_parts(table: dict, where: str, prefix: str = "") -> dict[str, Any]:
    """A short start's table with its sub-tables (``[start.p0]`` or ``p0.hand``) as
    dotted keys."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat.update(_flat_parts(value, where, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def run_scenario(scenario: Scenario, game: Game) -> ScenarioResult:
    """Replay a scenario; failures are collected, never raised.

    Malformed notation inside a scenario (a bad position or action text) is a
    broken scenario file and raises :class:`InputError` naming the file.
    """
    result = ScenarioResult(scenario)
    game = scenario_game(scenario, game)
    rules = game.parse_rules(scenario.ruleset, dict(scenario.overrides))
    result.ruleset = game.describe_rules(rules)
    graph = game.phase_graph()
    try:
        state = game.parse_state(scenario.start)
    except InputError as error:
        raise error.at(f"{scenario.path}: start") from None

    def invariants_hold(state: Any, when: str) -> bool:
        for invariant in game.invariants:
            problem = invariant(state)
            if problem is not None:
                result.failures.append(
                    f"{when}: invariant {invariant.name} ({', '.join(invariant.rules)}) "
                    f"broken: {problem}")
                return False
        return True

    if not invariants_hold(state, "start"):
        return result
    for number, text in enumerate(scenario.actions, 1):
        where = f"step {number} ({text!r})"
        try:
            action = game.parse_action(state, text, rules)
        except InputError as error:
            raise error.at(f"{scenario.path}: actions[{number - 1}]") from None
        except AmbiguousAction as error:
            result.failures.append(f"{where}: the scenario leaves a choice open: {error}")
            return result
        except IllegalAction as error:
            result.failures.append(f"{where}: {error}")
            return result
        canonical = game.format_action(state, action)
        transition = game.resolve(state, action, rules)
        for edge in walk_phases(game, state, transition):
            if not graph.has_edge(*edge):
                result.failures.append(
                    f"{where}: the engine went {edge[0]} -> {edge[1]}, "
                    "which the phase graph lacks")
        for invariant in game.transition_invariants:
            problem = invariant(state, action, transition.state, rules)
            if problem is not None:
                result.failures.append(
                    f"{where}: invariant {invariant.name} ({', '.join(invariant.rules)}) "
                    f"broken: {problem}")
        state = transition.state
        result.actions.append(
            ReplayedAction(text, canonical, transition.steps, game.format_state(state)))
        if not invariants_hold(state, where):
            result.final_position = game.format_state(state)
            return result
    result.final_position = game.format_state(state)
    outcome = game.outcome(state, rules)
    result.final_outcome = outcome.label if outcome is not None else "ongoing"
    if scenario.expect_position is not None:
        try:
            expected = game.parse_state(scenario.expect_position)
        except InputError as error:
            raise error.at(f"{scenario.path}: expect.position") from None
        if expected != state:
            result.failures.append(
                f"position: expected {game.format_state(expected)!r}, "
                f"got {result.final_position!r}")
        else:
            result.checked.append("position")
    if scenario.expect_outcome is not None:
        if scenario.expect_outcome != result.final_outcome:
            result.failures.append(
                f"outcome: expected {scenario.expect_outcome!r}, got {result.final_outcome!r}")
        else:
            result.checked.append(f"outcome {result.final_outcome}")
    for index, text in enumerate(scenario.expect_legal):
        try:
            action = game.parse_action(state, text, rules)
            result.checked.append(f"legal: {game.format_action(state, action)}")
        except InputError as error:
            raise error.at(f"{scenario.path}: expect.legal[{index}]") from None
        except (AmbiguousAction, IllegalAction) as error:
            result.failures.append(f"expected legal: {error}")
    for index, expectation in enumerate(scenario.expect_illegal):
        try:
            action = game.parse_action(state, expectation.action, rules)
        except InputError as error:
            raise error.at(f"{scenario.path}: expect.illegal[{index}]") from None
        except AmbiguousAction as error:
            result.failures.append(f"expected illegal, but it is legal: {error}")
            continue
        except IllegalAction as error:
            if set(expectation.rules) <= set(error.illegal.rules):
                result.checked.append(
                    f"illegal: {expectation.action} ({', '.join(error.illegal.rules)})")
            else:
                result.failures.append(
                    f"{expectation.action!r} is illegal, but because of "
                    f"{', '.join(error.illegal.rules)} ({error.illegal.reason}), "
                    f"not {', '.join(expectation.rules)}")
            continue
        result.failures.append(
            f"expected {expectation.action!r} to be illegal "
            f"({', '.join(expectation.rules)}), but it is legal as "
            f"{game.format_action(state, action)!r}")
    return result


def ruling_texts(result: ScenarioResult) -> list[str]:
    """The texts of a replayed scenario that name the cards it is about: its start as the
    file writes it (a short start's parts, not the stacks filled in), each action as
    replayed and the actions expected legal or illegal (what
    :meth:`harness.drawing.Drawing.card_notes` reads)."""
    scenario = result.scenario
    start = [str(value) for _, value in scenario.start_parts] or [scenario.start]
    return (start + [a.canonical for a in result.actions] + list(scenario.expect_legal)
            + [item.action for item in scenario.expect_illegal])


def scenario_files(paths: Iterable[Path], *, required: bool = True) -> list[Path]:
    """Every ``*.toml`` under the given files and folders, sorted.

    With ``required``, a folder that holds no scenario file is an input error
    (``ringside rule /etc`` must not report "0/0 scenarios pass").
    """
    found: list[Path] = []
    for path in paths:
        check_path(path)
        try:
            status = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            raise InputError("no such file or folder", str(path)) from None
        except OSError as error:
            raise InputError(f"cannot read it: {error.strerror or error}", str(path)) from None
        if stat.S_ISDIR(status.st_mode):
            try:
                inside = sorted(path.rglob("*.toml"))
            except OSError as error:
                raise InputError(f"cannot list the folder: {error.strerror or error}",
                                 str(path)) from None
            if required and not inside:
                raise InputError("holds no scenario files (*.toml)", str(path))
            found.extend(inside)
        else:  # a pipe or a device is refused, in one line, when it is read
            found.append(path)
    return found


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return toml_string(str(value))


def scenario_toml(*, game: str, title: str, ruleset: str, start: str,
                  actions: Iterable[str], expect_position: str | None = None,
                  expect_outcome: str | None = None, comment: str = "",
                  overrides: dict[str, Any] | None = None,
                  data: dict[str, list[str]] | None = None) -> str:
    """A scenario file's text (used to print explorer traces); ``data`` gives the data
    files it names, by key (``cards``)."""
    lines = []
    for line in comment.splitlines():
        printable = "".join(c if c.isprintable() else "?" for c in line)
        lines.append(f"# {printable}")
    lines += [
        f"game = {toml_string(game)}",
        f"title = {toml_string(title)}",
        f"ruleset = {toml_string(ruleset)}",
        *(f"{key} = [" + ", ".join(toml_string(file) for file in files) + "]"
          for key, files in sorted((data or {}).items()) if files),
        f"start = {toml_string(start)}",
        "actions = [" + ", ".join(toml_string(a) for a in actions) + "]",
        "",
    ]
    if overrides:
        lines.append("[ruleset_overrides]")
        lines += [f"{key} = {_toml_value(value)}" for key, value in sorted(overrides.items())]
        lines.append("")
    lines.append("[expect]")
    if expect_position is not None:
        lines.append(f"position = {toml_string(expect_position)}")
    if expect_outcome is not None:
        lines.append(f"outcome = {toml_string(expect_outcome)}")
    return "\n".join(lines) + "\n"
