"""Play policies for the Monsters Masters & Mobsters setup phase, for seeded example games.

``monster_first`` declares as soon as it may, else places a Monster, else
another card, else attaches or plays one, and discards only when nothing else
is open (the fewest cards it can); looking through the Library, it takes a
Monster first.  It reads only its own legal actions, which
depend on what the player sees, and the game's card set, which every player
knows.  :data:`POLICIES` holds it beside the two policies every game has.
"""

from __future__ import annotations

import random
from typing import Mapping

from model.core.game import CHANCE, Game
from model.core.policy import GENERIC_POLICIES, Policy, choices
from model.monmamo.cards import Card
from model.monmamo.state import Move

PREFERENCE = ("place", "attach", "play", "take", "trim", "pass", "declare", "discard")
"""Every kind of play, most preferred first (a declaration comes before all of them);
each kind a player may take has its place here, which the tests hold to
:data:`~model.monmamo.state.ACTION_KINDS`."""
_KIND_ORDER = {kind: rank for rank, kind in enumerate(PREFERENCE)}


class MonsterFirst:
    """Aims for the format: a declaration first, then Monsters, then other cards."""

    name = "monster_first"
    description = ("declares as soon as it may, else places a Monster, else another card, "
                   "else attaches or plays one; takes a Monster first from the Library; "
                   "discards the fewest cards, and only when nothing else is open")

    @staticmethod
    def rank(move: Move, cards: Mapping[str, Card]):
        monster = move.kind in ("place", "take") and cards[move.cards[0]].type == "Monster"
        return (not move.declare and move.kind != "declare", not monster,
                _KIND_ORDER[move.kind], len(move.cards), str(move))

    def choose(self, game, state, rules, player, rng) -> Move:
        options = choices(game, state, rules, player)
        if not options:
            raise ValueError("no legal action to choose from")
        return min(options, key=lambda move: self.rank(move, game.cards))


POLICIES: dict[str, Policy] = {"monster_first": MonsterFirst(), **GENERIC_POLICIES}
"""The setup phase's policies by name, its own first."""


def play_setup(game: Game, state, rules, seed: int, policy: Policy = POLICIES["monster_first"]):
    """Play to the end of setup: chance drawn by ``random.Random(seed)``, players by
    ``policy`` (given the same generator).  Yields ``(state before, action, transition)``."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = policy.choose(game, state, rules, player, rng)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
