"""The play-policy protocol: how an automatic player chooses an action.

A policy sees what one player sees.  ``choose`` is given the game, the state,
the ruleset, the player to choose for and a seeded random generator, and must
decide from ``game.observation(state, player)`` and the legal actions alone
(the conformance tests play policies on states the player cannot tell apart
and require the same choice).  Chance nodes are the play loop's, never a
policy's.  Each game's policies live in ``analysis.<game>.policies`` as
``POLICIES``, a mapping from name to policy; the two below work for every game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterator, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:
    from model.core.game import Game


@runtime_checkable
class Policy(Protocol):
    """An automatic player: a name, one line saying how it plays, and ``choose``."""

    name: str
    description: str

    def choose(self, game: "Game", state: Any, rules: Any, player: int,
               rng: random.Random) -> Any:
        """One of the actions ``player`` may take at ``state`` (a
        :class:`model.core.game.Joint` part at a simultaneous node: the
        player's own choice)."""


def choices(game: "Game", state: Any, rules: Any, player: int) -> Sequence[Any]:
    """What ``player`` may choose at ``state``: the legal actions, or at a simultaneous
    node that player's own part of the joint choice."""
    from model.core.game import SIMULTANEOUS

    if game.current_player(state) == SIMULTANEOUS:
        return game.player_actions(state, rules, player)
    return game.legal_actions(state, rules)


class FirstLegal:
    """Takes the first legal action, as the engine lists them: a fixed, reproducible line."""

    name = "first"
    description = "the first legal action, in the engine's order"

    def choose(self, game, state, rules, player, rng):
        options = choices(game, state, rules, player)
        if not options:
            raise ValueError("no legal action to choose from")
        return options[0]


class UniformRandom:
    """Takes a legal action uniformly at random (from the seeded generator)."""

    name = "random"
    description = "a legal action uniformly at random"

    def choose(self, game, state, rules, player, rng):
        options = choices(game, state, rules, player)
        if not options:
            raise ValueError("no legal action to choose from")
        return options[rng.randrange(len(options))]


GENERIC_POLICIES: dict[str, Policy] = {"first": FirstLegal(), "random": UniformRandom()}
"""The policies every game has, whatever its own adds."""


def next_action(game: "Game", state: Any, rules: Any, policies: Sequence[Policy] | Policy,
                rng: random.Random) -> tuple[Any, Any]:
    """What happens next at ``state`` and its probability (``None`` for a choice): chance
    drawn by ``rng`` with its exact odds, each player by their policy (one for every
    seat, or one per seat), simultaneous choices made in secret by each acting player
    and revealed together as one joint action."""
    from model.core.game import CHANCE, SIMULTANEOUS, Joint

    def policy_of(seat: int) -> Policy:
        return policies if not isinstance(policies, Sequence) else policies[seat]

    player = game.current_player(state)
    if player == CHANCE:
        return game.sample_chance(state, rules, rng)
    if player == SIMULTANEOUS:
        return Joint(tuple((seat, policy_of(seat).choose(game, state, rules, seat, rng))
                           for seat in game.players_to_act(state))), None
    return policy_of(player).choose(game, state, rules, player, rng), None


def play_out(game: "Game", state: Any, rules: Any, policies: Sequence[Policy] | Policy,
             rng: random.Random) -> Iterator[tuple[Any, Any, Any]]:
    """Play from ``state`` to the end, each action by :func:`next_action`, yielding
    ``(state before, action, transition)`` so a caller can log, check or stop at any
    step."""
    while not game.is_terminal(state):
        action, _ = next_action(game, state, rules, policies, rng)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
