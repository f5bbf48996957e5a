"""The game protocol: what every game module offers the harness.

A game is a state machine over immutable, hashable states.  At a decision
point one player (or chance) acts; :meth:`Game.resolve` applies an action and
returns the new state together with the log of the steps it went through,
each step naming its phase and the rule numbers that decided it.  The log is
what ``ringside rule`` prints and what the phase-graph check walks.

Players are numbered from 0.  :data:`CHANCE` marks a state where a die, a
shuffle or a draw decides: its "actions" are the outcomes listed by
:meth:`Game.chance_outcomes`, with exact probabilities.  Hidden information is
expressed by :meth:`Game.observation`: what one player may see of a state.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, Hashable, Iterable, Mapping, Sequence, TypeVar

import networkx as nx

from model.core.errors import InputError

CHANCE = -1
"""``current_player`` of a state where chance acts."""

TERMINAL = -2
"""``current_player`` of a finished game."""

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a transition: the phase it happens in and why."""

    phase: str
    rules: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The state an action leads to and the steps taken on the way."""

    state: S
    steps: tuple[Step, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule number the steps cite, first mention first."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for number in step.rules:
                seen.setdefault(number, None)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a label and the players who won."""

    label: str
    winners: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an action may not be taken: the deciding rules and a sentence."""

    rules: tuple[str, ...]
    reason: str


class IllegalAction(Exception):
    """An action that the rules forbid in this state."""

    def __init__(self, illegal: Illegal, action_text: str) -> None:
        self.illegal = illegal
        self.action_text = action_text
        super().__init__(
            f"{action_text!r} is illegal: {illegal.reason} ({', '.join(illegal.rules)})"
        )


class AmbiguousAction(Exception):
    """An action text that leaves a choice open: several legal actions fit."""

    def __init__(self, action_text: str, choice: str, candidates: Sequence[str]) -> None:
        self.action_text = action_text
        self.choice = choice
        self.candidates = tuple(candidates)
        shown = ", ".join(self.candidates[:6])
        more = f" and {len(self.candidates) - 6} more" if len(self.candidates) > 6 else ""
        super().__init__(
            f"{action_text!r} does not say {choice}; it fits {shown}{more}"
        )


@dataclass(frozen=True, slots=True)
class Invariant(Generic[S]):
    """A property every reachable state has, tied to the rules it protects.

    ``check`` returns ``None`` when the state is fine, otherwise a sentence
    describing the problem.
    """

    name: str
    rules: tuple[str, ...]
    claim: str
    check: Any = field(repr=False)

    def __call__(self, state: S) -> str | None:
        return self.check(state)


@dataclass(frozen=True, slots=True)
class TransitionInvariant:
    """A property of every step: ``check(before, action, after, rules)``.

    For rules about how a state may change (who may clear a Joker, say),
    which no single state records.
    """

    name: str
    rules: tuple[str, ...]
    claim: str
    check: Any = field(repr=False)

    def __call__(self, before: Any, action: Any, after: Any, rules: Any) -> str | None:
        return self.check(before, action, after, rules)


@dataclass(frozen=True, slots=True)
class Layout:
    """A position drawn for people: a board as rows of cells, and named parts.

    ``board`` holds the cell texts row by row (``""`` for an empty cell);
    ``parts`` lists what lies beside the board (hand, decks ...) as
    ``(name, text)`` pairs.  The rules reference draws the board as a table.
    """

    board: tuple[tuple[str, ...], ...]
    parts: tuple[tuple[str, str], ...] = ()


class Game(abc.ABC, Generic[S, A, R]):
    """The protocol each game implements; the harness uses nothing else.

    Class attributes describe the game; methods are pure functions of their
    arguments (states and rules are immutable values).
    """

    key: ClassVar[str]
    title: ClassVar[str]
    rulebook_file: ClassVar[str]
    num_players: ClassVar[int]
    rules_type: ClassVar[type]
    summary: ClassVar[str] = ""
    """The game in one sentence, in ringside's own words."""
    overview: ClassVar[str] = ""
    """A few paragraphs (reStructuredText) on the components and the course of
    play, in ringside's own words; the rules reference shows it under the
    summary."""

    # -- rulesets --------------------------------------------------------
    @property
    @abc.abstractmethod
    def presets(self) -> Mapping[str, R]:
        """Named rulesets; the first is the default."""

    @property
    def default_rules(self) -> R:
        return next(iter(self.presets.values()))

    def preset(self, name: str) -> R:
        try:
            return self.presets[name]
        except KeyError:
            known = ", ".join(self.presets)
            raise InputError(f"unknown ruleset {name!r}; known: {known}") from None

    def preset_name(self, rules: R) -> str | None:
        for name, preset in self.presets.items():
            if preset == rules:
                return name
        return None

    # -- states and actions ----------------------------------------------
    @abc.abstractmethod
    def parse_state(self, text: str) -> S:
        """A state from its notation; ``format_state`` of it gives the text back."""

    def format_state(self, state: S) -> str:
        return str(state)

    def layout(self, position: str) -> Layout | None:
        """A position (in the game's notation) drawn as a board and its parts.

        ``None``, the default, lets the rules reference show the notation as
        text; games with a board override it.
        """
        return None

    @abc.abstractmethod
    def current_player(self, state: S) -> int:
        """The player to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    @abc.abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abc.abstractmethod
    def legal_actions(self, state: S, rules: R) -> Sequence[A]:
        """Every action the player to act may take (empty at chance nodes)."""

    def chance_outcomes(self, state: S, rules: R) -> Sequence[tuple[A, Fraction]]:
        """Outcomes of the chance event at ``state``, probabilities summing to 1."""
        return ()

    def actions(self, state: S, rules: R) -> Sequence[A]:
        """What may happen next: chance outcomes or the player's legal actions."""
        if self.current_player(state) == CHANCE:
            return tuple(outcome for outcome, _ in self.chance_outcomes(state, rules))
        return self.legal_actions(state, rules)

    @abc.abstractmethod
    def resolve(self, state: S, action: A, rules: R) -> Transition[S]:
        """Apply a legal action: the next state and the logged steps."""

    def apply(self, state: S, action: A, rules: R) -> S:
        return self.resolve(state, action, rules).state

    @abc.abstractmethod
    def format_action(self, state: S, action: A) -> str:
        """The action in the game's notation, as scenarios write it."""

    @abc.abstractmethod
    def parse_action(self, state: S, text: str, rules: R) -> A:
        """The one action that ``text`` names in ``state``.

        Raises :class:`IllegalAction` (with the deciding rule) when no legal
        action fits, :class:`AmbiguousAction` (naming the open choice) when
        several do, and :class:`InputError` when the text is malformed.
        """

    @abc.abstractmethod
    def action_kind(self, action: A) -> str:
        """A short family name (``match``, ``roll`` ...) for coverage reports."""

    @property
    @abc.abstractmethod
    def action_kinds(self) -> tuple[str, ...]:
        """Every family name :meth:`action_kind` can return."""

    def observation(self, state: S, player: int) -> str:
        """What ``player`` sees of ``state``; games with hidden cards override."""
        return self.format_state(state)

    # -- structure ---------------------------------------------------------
    @abc.abstractmethod
    def phase(self, state: S) -> str:
        """The phase a state at a decision point (or at the end) is in."""

    @abc.abstractmethod
    def phase_graph(self) -> nx.DiGraph:
        """Phases and steps as nodes; every transition the engine may take as an edge.

        Nodes carry ``kind`` (``start``, ``decision``, ``step``, ``terminal``)
        and ``rules`` attributes.
        """

    @property
    @abc.abstractmethod
    def invariants(self) -> tuple[Invariant[S], ...]:
        ...

    @property
    def transition_invariants(self) -> tuple[TransitionInvariant, ...]:
        return ()

    @property
    @abc.abstractmethod
    def rulebook(self):
        """The game's :class:`model.core.rules.RuleBook`."""

    @property
    @abc.abstractmethod
    def ambiguities(self):
        """The game's ambiguity register (a tuple of :class:`Ambiguity`)."""

    @abc.abstractmethod
    def exploration_starts(self, rules: R, count: int) -> Iterable[S]:
        """Start states for the explorer, reproducible (deal numbers, seeds)."""

    def parse_rules(self, name: str, overrides: Mapping[str, Any] | None = None) -> R:
        """A preset, with some fields replaced; unknown fields are input errors."""
        import dataclasses

        rules = self.preset(name)
        if not overrides:
            return rules
        fields = {f.name: f for f in dataclasses.fields(rules)}
        changes = {}
        for key, value in overrides.items():
            if key not in fields:
                known = ", ".join(fields)
                raise InputError(f"unknown rules field {key!r}; fields: {known}")
            current = getattr(rules, key)
            if type(value) is not type(current):
                raise InputError(
                    f"rules field {key!r} takes {type(current).__name__}, "
                    f"not {value!r}"
                )
            changes[key] = value
        try:
            return dataclasses.replace(rules, **changes)
        except ValueError as error:
            raise InputError(f"rules fields {changes}: {error}") from None

    def preset_and_overrides(self, rules: R) -> tuple[str, dict[str, Any]]:
        """A preset's name and the fields ``rules`` changes in it (empty for a preset)."""
        import dataclasses

        name = self.preset_name(rules)
        if name is not None:
            return name, {}
        base_name, base = next(iter(self.presets.items()))
        changed = {
            f.name: getattr(rules, f.name)
            for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(base, f.name)
        }
        return base_name, changed

    def describe_rules(self, rules: R) -> str:
        """A preset's name, or the first preset and the fields that differ."""
        name, changed = self.preset_and_overrides(rules)
        if not changed:
            return name
        return f"{name} with " + ", ".join(f"{k}={v!r}" for k, v in changed.items())


def walk_phases(game: Game, before: Any, transition: Transition) -> list[tuple[str, str]]:
    """The phase-graph edges a transition takes, in order (repeats collapsed)."""
    path = [game.phase(before)] + [step.phase for step in transition.steps]
    path.append(game.phase(transition.state))
    edges = []
    for a, b in zip(path, path[1:]):
        if a != b:
            edges.append((a, b))
    return edges


def missing_edges(game: Game, before: Any, transition: Transition) -> list[tuple[str, str]]:
    """Edges a transition takes that the game's phase graph lacks."""
    graph = game.phase_graph()
    return [edge for edge in walk_phases(game, before, transition) if not graph.has_edge(*edge)]


def parse_setting(text: str, where: str = "--set") -> tuple[str, bool | int]:
    """One ``FIELD=VALUE`` of a command line: ``must_clear=false`` ->
    ``("must_clear", False)``, ``run_min_cards=3`` -> ``("run_min_cards", 3)``.

    Only the value is read here; whether the field exists and takes that type
    is :meth:`Game.parse_rules`'s to say.
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise InputError(f"{text!r} is not FIELD=VALUE", where)
    value = raw.strip().lower()
    if value in ("true", "yes", "on"):
        return name.strip(), True
    if value in ("false", "no", "off"):
        return name.strip(), False
    try:
        return name.strip(), int(value)
    except ValueError:
        raise InputError(f"{text!r}: the value must be true, false or a whole number",
                         where) from None
