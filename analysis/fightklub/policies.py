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
from typing import Callable, Iterator, Sequence

from model.core.game import CHANCE, Game, Transition
from model.fightklub.state import FKMove

Policy = Callable[[Sequence[FKMove], random.Random], FKMove]


def first(actions: Sequence[FKMove], rng: random.Random) -> FKMove:
    return actions[0]


def uniform(actions: Sequence[FKMove], rng: random.Random) -> FKMove:
    return rng.choice(list(actions))


_EAGER_ORDER = {"play": 0, "use": 1, "activate": 2}


def eager(actions: Sequence[FKMove], rng: random.Random) -> FKMove:
    def rank(move: FKMove):
        if move.kind == "keep":
            return (0, -len(move.cards))
        return (_EAGER_ORDER.get(move.kind, 3), 0)

    return min(actions, key=rank)


POLICIES: dict[str, Policy] = {"first": first, "random": uniform, "eager": eager}
"""The policies by name; ``random`` is the default of ``ringside fightklub play``."""


def play_game(game: Game, state, rules, seed: int, policy: Policy,
              max_turns: int | None = None) -> Iterator[tuple[object, FKMove, Transition]]:
    """A seeded game from ``state``: chance drawn by ``random.Random(seed)`` with its exact
    odds, both players following ``policy`` with the same generator.  Yields ``(state
    before, action, transition)`` until the game ends or turn ``max_turns`` is over."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        if max_turns is not None and state.round > max_turns:
            return
        if game.current_player(state) == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = policy(game.legal_actions(state, rules), rng)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
