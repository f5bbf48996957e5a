"""Simple seeded ways to play Fight Klub, for whole example games.

A policy picks one of the legal actions of the player to act; the legal
actions depend only on what that player sees (the conformance tests check
this), so no policy peeks at hidden cards.

* ``first`` takes the first legal action in the engine's order: cards in hand
  before lines and gear, a pass last; at the even-up the smallest hand kept.
* ``random`` picks uniformly among the legal actions, drawn by the game's
  ``random.Random``.
* ``eager`` plays something whenever it can (a card from hand, a line, a gear)
  and keeps the largest hand it may at the even-up; otherwise like ``first``.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Sequence

from model.core.game import CHANCE, Game, Transition
from model.core.policy import Policy, choices
from model.fightklub.state import Move

_EAGER_ORDER = {"play": 0, "use": 1, "activate": 2}


def _rank(move: Move) -> tuple[int, int]:
    if move.kind == "keep":
        return (0, -len(move.cards))
    return (_EAGER_ORDER.get(move.kind, 3), 0)


class _FromLegal:
    """A policy that picks from the legal actions alone, by :meth:`pick`."""

    name = ""
    description = ""

    def choose(self, game: Game, state: Any, rules: Any, player: int,
               rng: random.Random) -> Move:
        return self.pick(choices(game, state, rules, player), rng)

    def pick(self, actions: Sequence[Move], rng: random.Random) -> Move:
        raise NotImplementedError


class First(_FromLegal):
    """The first legal action in the engine's order."""

    name = "first"
    description = "the first legal action in the engine's order"

    def pick(self, actions: Sequence[Move], rng: random.Random) -> Move:
        return actions[0]


class Uniform(_FromLegal):
    """A legal action uniformly at random, from the game's generator."""

    name = "random"
    description = "a legal action uniformly at random"

    def pick(self, actions: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(actions))


class Eager(_FromLegal):
    """A card played, a line used or a gear activated whenever one may be; the largest
    hand kept at the even-up; otherwise as :class:`First`."""

    name = "eager"
    description = "plays a card, a line or a gear whenever it can, keeps the largest hand"

    def pick(self, actions: Sequence[Move], rng: random.Random) -> Move:
        return min(actions, key=_rank)


POLICIES: dict[str, Policy] = {policy.name: policy for policy in (First(), Uniform(), Eager())}
"""The policies by name; ``random`` is the default of ``ringside fightklub play``."""


def play_game(game: Game, state, rules, seed: int, policy: Policy,
              max_turns: int | None = None) -> Iterator[tuple[object, Move, Transition]]:
    """A seeded game from ``state``: chance drawn by ``random.Random(seed)`` with its exact
    odds, every player following ``policy`` with the same generator.  Yields ``(state
    before, action, transition)`` until the game ends or turn ``max_turns`` is over."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        if max_turns is not None and state.round > max_turns:
            return
        player = game.current_player(state)
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = policy.choose(game, state, rules, player, rng)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
