"""The game protocol: what every game module offers the harness.

A game is a state machine over immutable, hashable states.  At a decision
point one player (or chance) acts; :meth:`Game.resolve` applies an action and
returns the new state together with the log of the steps it went through,
each step naming its phase and the rule numbers that decided it.  The log is
what ``ringside rule`` prints and what the phase-graph check walks.

Players are numbered from 0; how many play comes from the game's *setup*
(deck lists, a battle format, a warband ...), a typed value that
:meth:`Game.initial_state` turns into the first state.  At each state one of
these acts:

* a player (``current_player`` is the player's number);
* chance (:data:`CHANCE`): a die, a shuffle or a draw, whose outcomes
  :meth:`Game.chance_outcomes` lists with exact probabilities, one event at a
  time (a 40-card deck is drawn card by card, never listed as 40! orders);
* several players at once (:data:`SIMULTANEOUS`): each chooses in secret,
  from what they alone see, and the choices are revealed together as one
  :class:`Joint` action, so no choice can depend on another;
* nobody (:data:`TERMINAL`): the game is over and :meth:`Game.outcome` says
  how it ended, with scores where the game keeps them.

Hidden information is expressed by :meth:`Game.observation`: a value holding
what one player may see of a state.  A player's legal actions depend on that
value alone, which the conformance tests check by drawing states the player
cannot tell apart (:meth:`Game.resample`).  When a player must put several
pending effects in order, the action is a :class:`ChooseOrder`, and the order
chosen appears in the log.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from fractions import Fraction
from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Generic, Hashable, Iterable, Mapping,
                    Sequence, TypeVar)

from model.core.errors import InputError
from model.core.game_type import GameType

if TYPE_CHECKING:  # networkx takes a tenth of a second to import; only the graphs need it
    import networkx as nx

CHANCE = -1
"""``current_player`` of a state where chance acts."""

TERMINAL = -2
"""``current_player`` of a finished game."""

SIMULTANEOUS = -3
"""``current_player`` of a state where several players choose in secret at once."""

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a transition: the phase it happens in and why.

    >>> Step("clear", ("CF 4.1", "CF 2.2"), "clear 4D (slot 4)")
    Step(phase='clear', rules=('CF 4.1', 'CF 2.2'), text='clear 4D (slot 4)')
    """

    phase: str
    rules: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The state an action leads to and the steps taken on the way.

    >>> transition = Transition("after", (
    ...     Step("choose_club", ("CF 2.1",), "play the 4 of Clubs (hand 4)"),
    ...     Step("clear", ("CF 4.1", "CF 2.2"), "clear 4D (slot 4)"),
    ...     Step("end_check", ("CF 5.1",), "won on turn 13")))
    >>> transition.state, [step.phase for step in transition.steps]
    ('after', ['choose_club', 'clear', 'end_check'])
    """

    state: S
    steps: tuple[Step, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule number the steps cite, first mention first.

        >>> Transition("after", (Step("choose_action", ("CF 4.1", "CF 3.1"), "Match"),
        ...                      Step("clear", ("CF 4.1", "CF 2.2"), "clear 4D (slot 4)"))).rules
        ('CF 4.1', 'CF 3.1', 'CF 2.2')
        """
        seen: dict[str, None] = {}
        for step in self.steps:
            for number in step.rules:
                seen.setdefault(number, None)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a label, the players who won, and scores.

    ``scores`` holds one number per player where the game keeps one (hit
    points left, damage dealt, cards cleared), in player order; empty where
    it keeps none.

    >>> Outcome("win", frozenset({0}))
    Outcome(label='win', winners=frozenset({0}), scores=())
    >>> Outcome("loss").winners
    frozenset()
    """

    label: str
    winners: frozenset[int] = frozenset()
    scores: tuple[int | Fraction, ...] = ()


@dataclass(frozen=True, slots=True)
class Joint:
    """The choices of several players made in secret and revealed together.

    ``choices`` pairs each acting player with the action they chose, in player
    order.  A joint action is formed only once every player has chosen, each
    from their own legal actions, which depend on their own observation alone:
    so no choice can depend on another.

    >>> Joint(((1, "bid 2"), (0, "bid 3"))).choices
    ((0, 'bid 3'), (1, 'bid 2'))
    >>> Joint(((0, "bid 3"), (1, "bid 2"))).of(1)
    'bid 2'
    """

    choices: tuple[tuple[int, Any], ...]

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.choices, key=lambda pair: pair[0]))
        players = [player for player, _ in ordered]
        if len(set(players)) != len(players):
            raise ValueError("a joint action has one choice per player")
        object.__setattr__(self, "choices", ordered)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(player for player, _ in self.choices)

    def of(self, player: int) -> Any:
        """The action ``player`` chose."""
        for who, action in self.choices:
            if who == player:
                return action
        raise KeyError(player)


JOINT_SEPARATOR = " & "
"""How a joint action is written: each player's action in player order, joined."""


@dataclass(frozen=True, slots=True)
class ChooseOrder:
    """A player puts pending effects in order: ``order`` lists their names, first first.

    >>> ChooseOrder(("shield", "heal"))
    ChooseOrder(order=('shield', 'heal'))
    >>> str(ChooseOrder(("shield", "heal")))
    'order shield heal'
    """

    order: tuple[str, ...]

    def __str__(self) -> str:
        return "order " + " ".join(self.order)


def order_actions(pending: Sequence[str]) -> tuple[ChooseOrder, ...]:
    """Every order of the pending effects (each effect named once).

    >>> [str(a) for a in order_actions(("a", "b"))]
    ['order a b', 'order b a']
    """
    import itertools

    if len(set(pending)) != len(pending):
        raise ValueError("pending effects need distinct names to be put in order")
    return tuple(ChooseOrder(tuple(p)) for p in itertools.permutations(pending))


def parse_order(text: str, pending: Sequence[str], where: str | None = None) -> ChooseOrder:
    """``order b a`` as a :class:`ChooseOrder` of exactly the pending effects.

    >>> parse_order("order heal shield", ("shield", "heal"))
    ChooseOrder(order=('heal', 'shield'))
    """
    words = text.split()
    if not words or words[0] != "order":
        raise InputError(f"{text!r} is not an order; write 'order' and then the "
                         f"effects first to last: order {' '.join(pending)}", where)
    names = tuple(words[1:])
    if sorted(names) != sorted(pending):
        raise InputError(f"{text!r} must name each pending effect once: "
                         f"{', '.join(pending)}", where)
    return ChooseOrder(names)


def draw_outcomes(cards: Sequence[Any]) -> tuple[tuple[Any, Fraction], ...]:
    """The chance outcomes of drawing one card from ``cards`` (equal cards merged).

    A shuffled deck is drawn one card at a time: each draw is a chance event
    with as many outcomes as distinct cards remain, so a 40-card deck never
    needs its 40! orders listed.

    >>> draw_outcomes(["A", "B", "A"])
    (('A', Fraction(2, 3)), ('B', Fraction(1, 3)))
    """
    if not cards:
        return ()
    counts: dict[Any, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    total = len(cards)
    return tuple((card, Fraction(count, total)) for card, count in counts.items())


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an action may not be taken: the deciding rules and a sentence.

    >>> Illegal(("CF 3.2", "CF 3.1"), "Line is blocked: the grid holds 3 Diamonds")
    Illegal(rules=('CF 3.2', 'CF 3.1'), reason='Line is blocked: the grid holds 3 Diamonds')
    """

    rules: tuple[str, ...]
    reason: str


class IllegalAction(Exception):
    """An action that the rules forbid in this state.

    >>> raise IllegalAction(Illegal(("CF 3.2", "CF 3.1"),
    ...                             "Line is blocked: the grid holds 3 Diamonds"), "3 line row 1")
    Traceback (most recent call last):
        ...
    model.core.game.IllegalAction: '3 line row 1' is illegal: Line is blocked: the grid holds 3 Diamonds (CF 3.2, CF 3.1)
    """

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


class Game(abc.ABC, Generic[S, A, R]):
    """The protocol each game implements; the harness uses nothing else.

    Class attributes describe the game; methods are pure functions of their
    arguments (states and rules are immutable values).
    """

    game_type: ClassVar[GameType]
    """What kind of game it is (players, chance, information ...), declared once."""
    rules_type: ClassVar[type]
    setup_type: ClassVar[type]
    """The typed setup :meth:`initial_state` takes (validated on construction)."""
    summary: ClassVar[str] = ""
    """The game in one sentence, in ringside's own words."""
    featured: tuple[str, ...] = ()
    """What of a user's data leads :meth:`example_setups` and :meth:`exploration_starts`
    (decks, characters, cards, by name), in a game built on a user's files; empty for a
    game of the shipped data, and when none of the user's data could begin a start."""
    overview: ClassVar[str] = ""
    """A few paragraphs (reStructuredText) on the components and the course of
    play, in ringside's own words; the rules reference shows it under the
    summary."""

    @property
    def key(self) -> str:
        return self.game_type.key

    @property
    def title(self) -> str:
        return self.game_type.title

    @property
    def rulebook_file(self) -> str:
        return self.game_type.rulebook_file

    @property
    def min_players(self) -> int:
        return self.game_type.min_players

    @property
    def max_players(self) -> int:
        return self.game_type.max_players

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

    # -- setups ------------------------------------------------------------
    @abc.abstractmethod
    def parse_setup(self, text: str) -> Any:
        """A setup from its notation (a deal number, deck lists ...); ``InputError`` if bad."""

    def format_setup(self, setup: Any) -> str:
        return str(setup)

    @abc.abstractmethod
    def example_setups(self, count: int) -> Iterable[Any]:
        """``count`` setups, the same on every machine (deal numbers, seeds)."""

    @abc.abstractmethod
    def initial_state(self, setup: Any, rules: R) -> S:
        """The first state of a game with this setup (chance may act first)."""

    @abc.abstractmethod
    def num_players(self, state: S) -> int:
        """How many play the game ``state`` belongs to (fixed by its setup)."""

    @abc.abstractmethod
    def max_length(self, state: S) -> int:
        """A bound on the actions (chance included) from ``state`` to the end.

        The explorer's playouts and the conformance tests hold the engine to
        it: a game longer than its bound is a bug (a loop the rules do not
        end).
        """

    # -- short positions (model.core.position) -------------------------------
    def position_parts(self, setup: Any) -> tuple:
        """The parts a short position may give (:class:`model.core.position.Part`), each
        with what it holds when left out.

        By default every section of the notation of the setup's first position, holding
        what it holds there; a game whose setup fixes a section, or whose stacks must
        keep their cards, overrides this and :meth:`position_from_setup`.
        """
        from model.core.position import Part, sections_of

        sections = sections_of(self.format_state(self.initial_state(setup, self.default_rules)))
        return tuple(Part(name, f"{body}, as at the start") for name, body in sections.items())

    def position_from_setup(self, setup: Any, overrides: Mapping[str, Any], rules: R) -> S:
        """The whole position a short position gives: the setup (a value of
        :meth:`parse_setup`) and the parts that matter (``overrides``, by key), every
        part left out filled by the rule :meth:`position_parts` states.  A bad part is
        an :class:`InputError` whose ``where`` is the part's key."""
        from model.core.position import given_parts, join_sections, resolve, sections_of

        first = sections_of(self.format_state(self.initial_state(setup, rules)))
        given = given_parts(overrides, self.position_parts(setup))
        return resolve(lambda parts: self.parse_state(join_sections({**first, **parts})), given)

    def exploration_starts(self, rules: R, count: int) -> Iterable[S]:
        """Start states for the explorer: the first ``count`` example setups."""
        for setup in self.example_setups(count):
            yield self.initial_state(setup, rules)

    # -- states and actions ----------------------------------------------
    @abc.abstractmethod
    def parse_state(self, text: str) -> S:
        """A state from its notation; ``format_state`` of it gives the text back."""

    def format_state(self, state: S) -> str:
        return str(state)

    @property
    def glossary(self) -> tuple:
        """The words of the game's rules, each tied to its rules
        (:class:`model.core.rules.Term`); the rules reference lists them."""
        return ()

    @abc.abstractmethod
    def current_player(self, state: S) -> int:
        """The player to act, :data:`CHANCE`, :data:`SIMULTANEOUS` or :data:`TERMINAL`."""

    def players_to_act(self, state: S) -> tuple[int, ...]:
        """The players who choose at ``state``: one, or several at a simultaneous node."""
        player = self.current_player(state)
        return (player,) if player >= 0 else ()

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    @abc.abstractmethod
    def outcome(self, state: S, rules: R) -> Outcome | None:
        """How the game ended under ``rules``, or ``None`` while it goes on."""

    @abc.abstractmethod
    def legal_actions(self, state: S, rules: R) -> Sequence[A]:
        """Every action the player to act may take (empty at chance nodes).

        At a simultaneous node: every :class:`Joint` of the players' own
        choices (see :meth:`player_actions`).
        """

    def player_actions(self, state: S, rules: R, player: int) -> Sequence[Any]:
        """What ``player`` may choose at ``state``; at a simultaneous node, their own
        secret choices (which depend on their observation alone)."""
        if self.current_player(state) == player:
            return self.legal_actions(state, rules)
        return ()

    def joint_actions(self, state: S, rules: R) -> tuple[Joint, ...]:
        """Every combination of the acting players' own choices at a simultaneous node."""
        import itertools

        players = self.players_to_act(state)
        options = [self.player_actions(state, rules, player) for player in players]
        return tuple(Joint(tuple(zip(players, combo)))
                     for combo in itertools.product(*options))

    def chance_outcomes(self, state: S, rules: R) -> Sequence[tuple[A, Fraction]]:
        """Outcomes of the chance event at ``state``, probabilities summing to 1.

        One event at a time: a draw from a deck lists the cards that may come
        next (:func:`draw_outcomes`), not the orders of the whole deck.
        """
        return ()

    def sample_chance(self, state: S, rules: R, rng: Any) -> tuple[A, Fraction]:
        """One outcome of the chance event at ``state``, drawn with its exact
        probability by ``rng`` (a ``random.Random``), and that probability."""
        outcomes = self.chance_outcomes(state, rules)
        if not outcomes:
            raise ValueError("no chance event at this state")
        weights = [probability for _, probability in outcomes]
        denominator = 1
        for weight in weights:
            denominator = denominator * weight.denominator // _gcd(denominator,
                                                                   weight.denominator)
        point = rng.randrange(denominator)
        for outcome, probability in outcomes:
            point -= int(probability * denominator)
            if point < 0:
                return outcome, probability
        return outcomes[-1]

    def actions(self, state: S, rules: R) -> Sequence[A]:
        """What may happen next: chance outcomes, joint choices or the player's actions."""
        player = self.current_player(state)
        if player == CHANCE:
            return tuple(outcome for outcome, _ in self.chance_outcomes(state, rules))
        if player == TERMINAL:
            return ()
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

    def observation(self, state: S, player: int) -> Hashable:
        """What ``player`` sees of ``state``, as a value (hashable, comparable).

        The player's legal actions depend on this value alone; policies that
        play "as a player would" get this value and nothing else.  The default
        is the whole state: a game of perfect information.
        """
        return state

    def format_observation(self, observation: Any) -> str:
        """An observation as text, for people."""
        return str(observation)

    def resample(self, state: S, player: int, rng: Any) -> S:
        """A state drawn among those ``player`` cannot tell from ``state``.

        Its observation for ``player`` equals ``state``'s: the hidden parts
        (others' hands, the orders of face-down decks) redrawn by ``rng``.
        The conformance tests use it to check that legal actions depend on the
        observation alone.  The default, for perfect information, is ``state``.
        """
        return state

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

    invariants: tuple[Invariant[S], ...] = ()
    """The checks every state must pass; a game whose checks need its data (cards,
    tables) sets them on the instance when it is made."""
    transition_invariants: tuple[TransitionInvariant, ...] = ()
    """The checks every step must pass (before, action, after, rules)."""
    traceability: tuple = ()
    """The rulebook accounted for line by line: the ``TRACEABILITY`` table of
    ``model/<game>/traceability.py`` (:mod:`model.core.traceability`)."""

    @property
    @abc.abstractmethod
    def rulebook(self):
        """The game's :class:`model.core.rules.RuleBook`."""

    @property
    @abc.abstractmethod
    def ambiguities(self):
        """The game's ambiguity register (a tuple of :class:`Ambiguity`)."""

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


class KindedMoves:
    """The action notation of a game whose actions are one move type: each move has a
    ``kind``, is written by ``str`` and read back by ``move_type.parse``.

    A game mixes it in before :class:`Game`, names its ``move_type`` and
    ``action_kinds``, and explains a refusal with ``_illegal(state, move, rules)``
    (an :class:`Illegal` naming the deciding rule).
    """

    move_type: ClassVar[type]
    action_kinds: ClassVar[tuple[str, ...]]

    def action_kind(self, action: Any) -> str:
        return action.kind

    def format_action(self, state: Any, action: Any) -> str:
        return str(action)

    def parse_action(self, state: Any, text: str, rules: Any) -> Any:
        move = self.move_type.parse(text)
        if move in self.actions(state, rules):  # type: ignore[attr-defined]
            return move
        raise IllegalAction(self._illegal(state, move, rules), text)  # type: ignore[attr-defined]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def format_joint(joint: Joint, format_choice: Callable[[int, Any], str]) -> str:
    """A joint action as text: ``format_choice(player, action)`` in player order."""
    return JOINT_SEPARATOR.join(format_choice(player, action)
                                for player, action in joint.choices)


def split_joint(text: str, players: Sequence[int], where: str | None = None) -> list[tuple[int, str]]:
    """``"bid 2 & bid 3"`` -> ``[(0, "bid 2"), (1, "bid 3")]`` for the acting players."""
    pieces = [piece.strip() for piece in text.split(JOINT_SEPARATOR.strip())]
    if len(pieces) != len(players) or not all(pieces):
        raise InputError(
            f"{text!r}: players {', '.join(map(str, players))} choose together here; "
            f"write one choice each, in player order, joined by "
            f"{JOINT_SEPARATOR.strip()!r}", where)
    return list(zip(players, pieces))


def walk_phases(game: Game, before: Any, transition: Transition) -> list[tuple[str, str]]:
    """The phase-graph edges a transition takes, in order (repeats collapsed)."""
    path = [game.phase(before)] + [step.phase for step in transition.steps]
    path.append(game.phase(transition.state))
    edges = []
    for a, b in zip(path, path[1:]):
        if a != b:
            edges.append((a, b))
    return edges


def probe_witness(game: Game, position: str, probe: str, rules: Any) -> str:
    """What the action ``probe`` does at ``position`` under ``rules``, in words: refused
    (and why), or the position it leads to, with its odds when chance acts there and
    the outcome when the game ends.  An ambiguity's witness gives a different answer
    under each reading."""
    state = game.parse_state(position)
    try:
        action = game.parse_action(state, probe, rules)
    except (IllegalAction, AmbiguousAction) as error:
        return f"refused: {error}"
    odds = dict(game.chance_outcomes(state, rules)).get(action)
    after = game.apply(state, action, rules)
    outcome = game.outcome(after, rules)
    return (game.format_state(after) + (f" with odds {odds}" if odds is not None else "")
            + (f", {outcome.label}" if outcome is not None else ""))


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
