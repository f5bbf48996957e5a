"""A simple way to play the setup phase, for seeded example games.

``monster_first`` declares as soon as it may, else places a Monster, else
another card, else attaches or plays one, and discards only when nothing else
is open (the fewest cards it can).  It reads only its own legal actions, which
depend on what the player sees.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from model.core.game import CHANCE, Game
from model.monmamo.cards import MMCard
from model.monmamo.state import MMMove

_KIND_ORDER = {"place": 0, "attach": 1, "play": 2, "trim": 3, "pass": 4, "declare": 5,
               "discard": 6}


def monster_first(actions: Sequence[MMMove], cards: Mapping[str, MMCard]) -> MMMove:
    def rank(move: MMMove):
        monster = move.kind == "place" and cards[move.cards[0]].type == "Monster"
        return (not move.declare and move.kind != "declare", not monster,
                _KIND_ORDER[move.kind], len(move.cards), str(move))
    return min(actions, key=rank)


def play_setup(game: Game, state, rules, seed: int):
    """Play to the end of setup: chance drawn by ``random.Random(seed)``, players by
    :func:`monster_first`.  Yields ``(state before, action, transition)``."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = monster_first(game.legal_actions(state, rules), game.cards)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
