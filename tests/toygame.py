"""Toy Drop: a tiny two-player game that exercises the whole core protocol.

It exists only for the tests of ``model.core``; small enough to count its
states by hand, yet it has everything the harness must cope with:

* chance: each player is dealt a hidden card 1-3 (``deal``), then a
  three-sided die sets the stake (``roll``), exact :class:`Fraction` odds;
* hidden information: :meth:`ToyGame.observation` hides the opponent's card
  until the showdown;
* a player-chosen order: the holder of the token drops it and so chooses who
  acts first (like Fight Klub's The Drop);
* then each player, in that order, calls or folds; both call: the higher card
  takes the stake.

A round, action by action (the notation scenarios use)::

    deal 2   deal 1   roll 3   first 1   call   call

A state's notation has seven sections, always all of them, in this order::

    cards 2 1 | roll 3 | token 0 | order 1 0 | called - | folded - | result -

``-`` is an empty section (or a card not dealt yet); ``order ?`` means the
token holder has not chosen the order yet, ``order -`` that nobody is left to
act; ``result`` is ``p0``, ``p1`` or ``draw`` once the round is over (the
verdict is stored because ``Game.outcome`` gets no rules, and the tie-break
is a ruling).  Once both players have called, the order no longer matters, so the two
orders lead to the same showdown state (the explorer must merge them).

The notation is structural: it refuses what cannot be written down
(section names, player ids, a roll before the deal ...) but accepts values the
rules forbid (a card 7, a folder who also called) so that the broken variants'
states can be written, replayed and caught by the invariants.

Broken variants at the end (``RolledD4Game``, ``FoldCountsAsCallGame``,
``StuckSecondGame``, ``TokenThiefGame``, ``OffGraphGame``) each bring one
deliberate bug for the explorer and the scenario runner to find.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

import networkx as nx

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.core.errors import InputError
from model.core.game import (
    CHANCE, TERMINAL, AmbiguousAction, Game, Illegal, IllegalAction, Invariant, Outcome,
    Step, Transition, TransitionInvariant,
)
from model.core.rules import Rule, RuleBook, Section

CARDS = (1, 2, 3)
FACES = (1, 2, 3)
PLAYERS = (0, 1)


# -- rules ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ToyRules:
    """The points the (imaginary) Toy Drop rulebook leaves open.

    tie_goes_to_token
        Equal cards at the showdown: the token holder wins (else a draw).
    second_may_fold
        The second player to act may fold (else they must call).
    """

    tie_goes_to_token: bool = False
    second_may_fold: bool = True


STANDARD = ToyRules()
HOUSE = ToyRules(tie_goes_to_token=True, second_may_fold=False)
PRESETS = {"standard": STANDARD, "house": HOUSE}

TOY_RULEBOOK = RuleBook(
    "TG",
    (Section("TG 1", "Set-up"), Section("TG 2", "The drop"), Section("TG 3", "Acting"),
     Section("TG 4", "The end")),
    (
        Rule("TG 1.1", "Cards",
             "Each player is dealt one card from 1 to 3, each value equally likely; "
             "only its holder sees it until the showdown.", "Toy Drop: Set-up"),
        Rule("TG 1.2", "The token",
             "One player holds the token; it never changes hands during a round.",
             "Toy Drop: Set-up"),
        Rule("TG 2.1", "The stake",
             "After the deal a three-sided die is rolled; its face is the stake.",
             "Toy Drop: The drop"),
        Rule("TG 2.2", "The drop",
             "The token holder chooses which player acts first.", "Toy Drop: The drop"),
        Rule("TG 3.1", "Acting in order",
             "The players act once each, in the chosen order: call or fold.",
             "Toy Drop: Acting"),
        Rule("TG 3.2", "Folding",
             "A player who folds gives the stake to the other at once. (Open point: "
             "Rules.second_may_fold.)", "Toy Drop: Acting"),
        Rule("TG 4.1", "Showdown",
             "When both have called, the higher card takes the stake.", "Toy Drop: The end"),
        Rule("TG 4.2", "Ties",
             "Equal cards at the showdown are a draw. (Open point: "
             "Rules.tie_goes_to_token.)", "Toy Drop: The end"),
    ),
)

TOY_AMBIGUITIES = (
    Ambiguity(
        id="TG-A1",
        title="Who wins a tie?",
        passage="The showdown gives the stake to the higher card and says nothing of "
                "equal cards.",
        source="Toy Drop: The end",
        rules=("TG 4.1", "TG 4.2"),
        field="tie_goes_to_token",
        readings=(Reading(False, "A tie is a draw."),
                  Reading(True, "The token holder wins a tie.")),
        default=False,
        rationale="Nothing in the text favours the token holder.",
        witness=Witness("cards 2 2 | roll 1 | token 0 | order 1 | called 0 | folded - | result -",
                        "call", "False: a draw; True: p0 (the token holder) wins 1."),
    ),
    Ambiguity(
        id="TG-A2",
        title="May the second player fold?",
        passage="'Each player calls or folds' - but the second player has seen the first "
                "call, which some tables think unfair.",
        source="Toy Drop: Acting",
        rules=("TG 3.2",),
        field="second_may_fold",
        readings=(Reading(True, "Yes, like the first."),
                  Reading(False, "No, the second player must call.")),
        default=True,
        rationale="The text gives both players the same two options.",
        witness=Witness("cards 1 3 | roll 2 | token 0 | order 1 | called 0 | folded - | result -",
                        "fold", "True: p0 wins 2; False: fold is illegal."),
    ),
)


# -- states and actions ---------------------------------------------------------
def _player_token(token: str, where: str) -> int:
    if token not in ("0", "1"):
        raise InputError(f"{token!r} is not a player; players are 0 and 1", where)
    return int(token)


def _value_token(token: str, where: str) -> int:
    # ASCII digits only: str.isdigit() would let through '²' or '٣'.
    if len(token) != 1 or token not in "123456789":
        raise InputError(f"{token!r} is not a card or die face (a digit 1-9, or -)", where)
    return int(token)


SECTION_NAMES = ("cards", "roll", "token", "order", "called", "folded", "result")
RESULTS = ("p0", "p1", "draw")


@dataclass(frozen=True, slots=True)
class ToyState:
    """A Toy Drop round; ``0`` is a card or roll not dealt / rolled yet."""

    cards: tuple[int, int] = (0, 0)
    roll: int = 0
    token: int = 0
    order: tuple[int, ...] | None = None
    called: frozenset[int] = frozenset()
    folded: int | None = None
    result: str = ""  # "", "p0", "p1" or "draw": the verdict, once the round is over

    @classmethod
    def start(cls, token: int = 0) -> "ToyState":
        return cls(token=token)

    @classmethod
    def parse(cls, text: str) -> "ToyState":
        if not isinstance(text, str):
            raise InputError(f"a position is text, not {type(text).__name__}")
        parts = [part.strip() for part in text.split("|")]
        names = [part.split()[0].lower() if part.split() else "" for part in parts]
        if names != list(SECTION_NAMES):
            raise InputError(
                f"a position has the sections {' | '.join(SECTION_NAMES)} in this order; "
                f"got {' | '.join(n or '(empty)' for n in names)}")
        body = {name: part.split()[1:] for name, part in zip(names, parts)}

        cards_tokens = body["cards"]
        if len(cards_tokens) != 2:
            raise InputError(f"cards takes 2 tokens (a card or -), not {len(cards_tokens)}",
                             "cards")
        cards = tuple(0 if t == "-" else _value_token(t, "cards") for t in cards_tokens)
        if cards[0] == 0 and cards[1] != 0:
            raise InputError("player 1 has a card but player 0 has none; player 0 is "
                             "dealt first", "cards")

        def single(name: str) -> str:
            if len(body[name]) != 1:
                raise InputError(f"takes one token, not {len(body[name])}", name)
            return body[name][0]

        roll_token = single("roll")
        roll = 0 if roll_token == "-" else _value_token(roll_token, "roll")
        if roll and 0 in cards:
            raise InputError("the die is rolled only after both cards are dealt", "roll")
        token = _player_token(single("token"), "token")

        order_tokens = body["order"]
        if order_tokens == ["?"]:
            order = None
        elif order_tokens == ["-"]:
            order = ()
        elif 1 <= len(order_tokens) <= 2:
            order = tuple(_player_token(t, "order") for t in order_tokens)
            if len(set(order)) != len(order):
                raise InputError("a player appears twice", "order")
        else:
            raise InputError("takes ?, - or one or two players", "order")
        if order is not None and not roll:
            raise InputError("the order is chosen only after the roll", "order")

        called_tokens = body["called"]
        if called_tokens == ["-"]:
            called: frozenset[int] = frozenset()
        elif called_tokens and "-" not in called_tokens:
            listed = [_player_token(t, "called") for t in called_tokens]
            if len(set(listed)) != len(listed):
                raise InputError("a player appears twice", "called")
            called = frozenset(listed)
        else:
            raise InputError("takes - or the players who called", "called")
        folded_token = single("folded")
        folded = None if folded_token == "-" else _player_token(folded_token, "folded")
        if (called or folded is not None) and order is None:
            raise InputError("nobody acts before the order is chosen", "called/folded")
        result_token = single("result").lower()
        if result_token != "-" and result_token not in RESULTS:
            raise InputError(f"{result_token!r} is not a result; results are -, "
                             f"{', '.join(RESULTS)}", "result")
        result = "" if result_token == "-" else result_token
        over = folded is not None or order == ()
        if over != bool(result):
            raise InputError("a round has a result exactly when it is over (a fold, or "
                             "nobody left to act)", "result")
        return cls(cards, roll, token, order, called, folded, result)  # type: ignore[arg-type]

    def __str__(self) -> str:
        def value(v: int) -> str:
            return str(v) if v else "-"

        order = "?" if self.order is None else (" ".join(map(str, self.order)) or "-")
        called = " ".join(map(str, sorted(self.called))) or "-"
        folded = "-" if self.folded is None else str(self.folded)
        return (f"cards {value(self.cards[0])} {value(self.cards[1])} | roll "
                f"{value(self.roll)} | token {self.token} | order {order} | called {called}"
                f" | folded {folded} | result {self.result or '-'}")


@dataclass(frozen=True, slots=True)
class ToyAction:
    kind: str  # deal, roll, first, call, fold
    value: int | None = None

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind} {self.value}"


VERBS = ("deal", "roll", "first", "call", "fold")
PHASE_VERBS = {"deal": ("deal",), "roll": ("roll",), "order": ("first",),
               "act": ("call", "fold"), "over": ()}
PHASE_RULE = {"deal": "TG 1.1", "roll": "TG 2.1", "order": "TG 2.2", "act": "TG 3.1",
              "over": "TG 4.1"}
VERB_CHOICE = {"deal": "which card is dealt", "roll": "which face the die shows",
               "first": "who acts first"}


# -- invariants ----------------------------------------------------------------------
def cards_in_range(state: ToyState) -> str | None:
    bad = [c for c in state.cards if c and c not in CARDS]
    return f"a card {bad[0]} was dealt; cards run 1-3" if bad else None


def stake_is_a_face(state: ToyState) -> str | None:
    if state.roll and state.roll not in FACES:
        return f"the die showed {state.roll}; it has faces 1-3"
    return None


def acted_once_each(state: ToyState) -> str | None:
    if state.folded is not None and state.folded in state.called:
        return f"player {state.folded} both called and folded"
    if state.order is not None and set(state.order) & state.called:
        return "a player who called is still to act"
    return None


def verdict_fits(state: ToyState) -> str | None:
    if state.folded is not None and state.result != f"p{1 - state.folded}":
        return f"player {state.folded} folded, yet the result is {state.result or 'open'}"
    if state.folded is None and state.result:
        higher = ("p0" if state.cards[0] > state.cards[1] else "p1"
                  if state.cards[0] < state.cards[1] else None)
        if higher is not None and state.result != higher:
            return f"cards {state.cards[0]} and {state.cards[1]}, yet the result is {state.result}"
    return None


def token_stays(before: ToyState, action: ToyAction, after: ToyState,
                rules: ToyRules) -> str | None:
    if before.token != after.token:
        return f"{action} moved the token from player {before.token} to {after.token}"
    return None


TOY_INVARIANTS = (
    Invariant("cards-in-range", ("TG 1.1",), "Every dealt card is 1, 2 or 3.", cards_in_range),
    Invariant("stake-is-a-face", ("TG 2.1",), "The stake is a face of the d3.",
              stake_is_a_face),
    Invariant("acted-once-each", ("TG 3.1", "TG 3.2"),
              "Each player acts at most once: calls or folds.", acted_once_each),
    Invariant("verdict-fits", ("TG 3.2", "TG 4.1"),
              "A fold gives the round to the other; a showdown to the higher card.",
              verdict_fits),
)
TOY_TRANSITION_INVARIANTS = (
    TransitionInvariant("token-stays", ("TG 1.2",), "The token never changes hands.",
                        token_stays),
)


@functools.lru_cache(maxsize=1)
def _toy_graph() -> nx.DiGraph:
    graph = nx.DiGraph(name="Toy Drop")
    for name, kind, rules in (
        ("deal", "start", ("TG 1.1",)), ("roll", "step", ("TG 2.1",)),
        ("order", "decision", ("TG 2.2",)), ("act", "decision", ("TG 3.1", "TG 3.2")),
        ("showdown", "step", ("TG 4.1", "TG 4.2")), ("over", "terminal", ("TG 4.1",)),
    ):
        graph.add_node(name, kind=kind, rules=rules, label=name.title())
    graph.add_edges_from([("deal", "roll"), ("roll", "order"), ("order", "act"),
                          ("act", "showdown"), ("showdown", "over"), ("act", "over")])
    return graph


# -- the game -------------------------------------------------------------------------
class ToyGame(Game[ToyState, ToyAction, ToyRules]):
    key = "toy"
    title = "Toy Drop"
    rulebook_file = "toy-drop.txt"
    num_players = 2
    rules_type = ToyRules

    @property
    def presets(self):
        return PRESETS

    @property
    def rulebook(self):
        return TOY_RULEBOOK

    @property
    def ambiguities(self):
        return TOY_AMBIGUITIES

    @property
    def invariants(self):
        return TOY_INVARIANTS

    @property
    def transition_invariants(self):
        return TOY_TRANSITION_INVARIANTS

    def parse_state(self, text: str) -> ToyState:
        return ToyState.parse(text)

    def phase(self, state: ToyState) -> str:
        if 0 in state.cards:
            return "deal"
        if not state.roll:
            return "roll"
        if state.order is None:
            return "order"
        if state.folded is not None or not state.order:
            return "over"
        return "act"

    def current_player(self, state: ToyState) -> int:
        phase = self.phase(state)
        if phase in ("deal", "roll"):
            return CHANCE
        if phase == "order":
            return state.token
        if phase == "act":
            return state.order[0]
        return TERMINAL

    def outcome(self, state: ToyState) -> Outcome | None:
        # The verdict is written into the state at the end (Game.outcome has no
        # rules argument, so a tie-break ruling cannot be applied here).
        if not state.result:
            return None
        if state.result == "draw":
            return Outcome("draw")
        winner = int(state.result[1])
        return Outcome(f"p{winner} wins {state.roll}", frozenset({winner}))

    @staticmethod
    def verdict(state: ToyState, rules: ToyRules) -> str:
        """The result of a showdown between the two cards."""
        if state.cards[0] != state.cards[1]:
            return "p0" if state.cards[0] > state.cards[1] else "p1"
        return f"p{state.token}" if rules.tie_goes_to_token else "draw"

    def chance_outcomes(self, state: ToyState, rules: ToyRules):
        phase = self.phase(state)
        if phase == "deal":
            return tuple((ToyAction("deal", c), Fraction(1, len(CARDS))) for c in CARDS)
        if phase == "roll":
            return tuple((ToyAction("roll", f), Fraction(1, len(FACES))) for f in FACES)
        return ()

    def legal_actions(self, state: ToyState, rules: ToyRules) -> Sequence[ToyAction]:
        phase = self.phase(state)
        if phase == "order":
            return tuple(ToyAction("first", p) for p in PLAYERS)
        if phase == "act":
            second = len(state.order) == 1
            if second and not rules.second_may_fold:
                return (ToyAction("call"),)
            return (ToyAction("call"), ToyAction("fold"))
        return ()

    def action_kind(self, action: ToyAction) -> str:
        return action.kind

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return VERBS

    def format_action(self, state: ToyState, action: ToyAction) -> str:
        return str(action)

    def observation(self, state: ToyState, player: int) -> str:
        """The position as ``player`` sees it: the other card is ``?`` until a showdown."""
        sections = str(state).split(" | ")
        cards = sections[0].split()[1:]
        other = 1 - player
        showdown = bool(state.result) and state.folded is None
        if state.cards[other] and not showdown:
            cards[other] = "?"
        sections[0] = "cards " + " ".join(cards)
        return " | ".join(sections)

    def exploration_starts(self, rules: ToyRules, count: int) -> Iterable[ToyState]:
        for index in range(count):
            yield ToyState.start(token=index % 2)

    def phase_graph(self) -> nx.DiGraph:
        return _toy_graph()

    # -- transitions --------------------------------------------------------------
    def _illegal(self, state: ToyState, action: ToyAction, rules: ToyRules) -> Illegal:
        phase = self.phase(state)
        if phase == "over":
            return Illegal(("TG 4.1",), "the round is over")
        if action.kind not in PHASE_VERBS[phase]:
            wanted = " or ".join(PHASE_VERBS[phase])
            return Illegal((PHASE_RULE[phase],), f"the round is at {phase!r}: {wanted} comes next")
        if action.kind == "deal":
            return Illegal(("TG 1.1",), "cards run from 1 to 3")
        if action.kind == "roll":
            return Illegal(("TG 2.1",), "the die has faces 1 to 3")
        if action.kind == "first":
            return Illegal(("TG 2.2",), "players are 0 and 1")
        if action.kind == "fold":
            return Illegal(("TG 3.2",), "under this ruleset the second player must call")
        return Illegal((PHASE_RULE[phase],), "not possible here")

    def resolve(self, state: ToyState, action: ToyAction, rules: ToyRules) -> Transition[ToyState]:
        if action not in self.actions(state, rules):
            raise IllegalAction(self._illegal(state, action, rules), str(action))
        return self._resolve(state, action, rules)

    def _resolve(self, state: ToyState, action: ToyAction, rules: ToyRules) -> Transition[ToyState]:
        if action.kind == "deal":
            seat = state.cards.index(0)
            cards = list(state.cards)
            cards[seat] = action.value
            step = Step("deal", ("TG 1.1",), f"deal player {seat} a {action.value}")
            return Transition(dataclasses.replace(state, cards=tuple(cards)), (step,))
        if action.kind == "roll":
            step = Step("roll", ("TG 2.1",), f"the die shows {action.value}: the stake")
            return Transition(dataclasses.replace(state, roll=action.value), (step,))
        if action.kind == "first":
            first = action.value
            step = Step("order", ("TG 2.2",),
                        f"player {state.token} drops the token: player {first} acts first")
            return Transition(dataclasses.replace(state, order=(first, 1 - first)), (step,))
        player, rest = state.order[0], state.order[1:]
        if action.kind == "fold":
            after = self._fold(state, player)
            steps = (Step("act", ("TG 3.1", "TG 3.2"),
                          f"player {player} folds; player {1 - player} takes {state.roll}"),)
            return Transition(after, steps)
        after = dataclasses.replace(state, order=rest, called=state.called | {player})
        steps = [Step("act", ("TG 3.1",), f"player {player} calls")]
        if not rest:
            after = dataclasses.replace(after, result=self.verdict(after, rules))
            tie = after.cards[0] == after.cards[1]
            steps.append(Step("showdown", ("TG 4.1",) + (("TG 4.2",) if tie else ()),
                              f"cards {after.cards[0]} and {after.cards[1]}: "
                              f"{self.outcome(after).label}"))
        return Transition(after, tuple(steps))

    def _fold(self, state: ToyState, player: int) -> ToyState:
        return dataclasses.replace(state, order=(), folded=player, result=f"p{1 - player}")

    def parse_action(self, state: ToyState, text: str, rules: ToyRules) -> ToyAction:
        tokens = text.split() if isinstance(text, str) else []
        if not tokens:
            raise InputError(f"{text!r} is not an action; actions are {', '.join(VERBS)}")
        verb = tokens[0].lower()
        if verb not in VERBS:
            raise InputError(f"{text!r}: {tokens[0]!r} is not an action; actions are "
                             f"{', '.join(VERBS)}")
        value = None
        if verb in ("call", "fold"):
            if len(tokens) > 1:
                raise InputError(f"{text!r}: {verb} takes nothing after it")
        else:
            if len(tokens) > 2:
                raise InputError(f"{text!r}: {verb} takes one number at most")
            if len(tokens) == 2:
                if not (tokens[1].isascii() and tokens[1].isdigit()) or len(tokens[1]) > 3:
                    raise InputError(f"{text!r}: {tokens[1]!r} is not a number")
                value = int(tokens[1])
        candidates = [a for a in self.actions(state, rules)
                      if a.kind == verb and (value is None or a.value == value)]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            raise AmbiguousAction(text, VERB_CHOICE[verb],
                                  [self.format_action(state, a) for a in candidates])
        raise IllegalAction(self._illegal(state, ToyAction(verb, value), rules), text)


TOY = ToyGame()


# -- deliberately broken variants ----------------------------------------------------
class RolledD4Game(ToyGame):
    """Bug: the engine rolls a d4; a 4 breaks ``stake-is-a-face`` at depth 3."""

    def chance_outcomes(self, state, rules):
        if self.phase(state) == "roll":
            return tuple((ToyAction("roll", f), Fraction(1, 4)) for f in (1, 2, 3, 4))
        return super().chance_outcomes(state, rules)


class FoldCountsAsCallGame(ToyGame):
    """Bug: when the token holder folds, the engine also records them as calling.

    Breaks ``acted-once-each``.  From a start where player 1 holds the token the
    shortest way is ``first 1`` then ``fold`` (5 actions); the way that comes
    first in action order (``first 0``, ``call``, ``fold``) takes 6.
    """

    def _fold(self, state, player):
        after = super()._fold(state, player)
        if player == state.token:
            after = dataclasses.replace(after, called=after.called | {player})
        return after


class StuckSecondGame(ToyGame):
    """Bug: after a call on a stake of 3, a second player holding the same card
    is offered no action (deadlock at depth 5, phase ``act``)."""

    def legal_actions(self, state, rules):
        if (self.phase(state) == "act" and state.roll == 3 and state.called
                and state.cards[0] == state.cards[1]):
            return ()
        return super().legal_actions(state, rules)


class TokenThiefGame(ToyGame):
    """Bug: a roll of 2 hands the token to the other player (a transition
    invariant, ``token-stays``, at depth 3)."""

    def _resolve(self, state, action, rules):
        transition = super()._resolve(state, action, rules)
        if action.kind == "roll" and action.value == 2:
            stolen = dataclasses.replace(transition.state, token=1 - state.token)
            return Transition(stolen, transition.steps)
        return transition


class OffGraphGame(ToyGame):
    """Bug in the phase graph: it lacks the ``act -> over`` edge a fold takes."""

    def phase_graph(self):
        graph = super().phase_graph().copy()
        graph.remove_edge("act", "over")
        return graph


def hand_counts(second_may_fold: bool = True) -> list[int]:
    """New distinct states at each depth 0..6 from one start, counted by hand.

    depth 0  the empty round                                  1
    depth 1  player 0's card                                  3
    depth 2  player 1's card                                  3 * 3 = 9
    depth 3  the die                                          9 * 3 = 27
    depth 4  who acts first (0 or 1)                          27 * 2 = 54
    depth 5  first player calls or folds                      54 * 2 = 108
    depth 6  second player: both call -> the order is
             forgotten, so the two orders merge: 27; a call
             then a fold stays apart: 54 (only if allowed)    27 + 54 = 81
    """
    return [1, 3, 9, 27, 54, 108, 27 + (54 if second_may_fold else 0)]
