"""Simple fixed ways to play the duel, for seeded example games and the odds.

``pass_policy`` never plays a card, never discards and never spends Adrenaline:
the policy the exact duel odds (``model.duel.odds``) assume.  ``eager`` plays
the first card it may by card id (first OR option, the Rush when affordable),
adds the first Adrenaline Action it can afford, names the lowest value when a
REGEN asks for a die, keeps its hand at the Draw and trims its highest card id.
Both read only the player's own legal actions.
"""

from __future__ import annotations

import random
from typing import Sequence

from model.core.game import CHANCE, SIMULTANEOUS, Game, Joint
from model.duel.state import Play


def pass_policy(options: Sequence[Play]) -> Play:
    for play in options:
        if play.kind in ("pass", "keep") and not play.adrenaline:
            return play
    return options[0]  # a trim: any card will do


def eager(options: Sequence[Play]) -> Play:
    trims = [play for play in options if play.kind == "trim"]
    if trims:
        return max(trims, key=lambda play: play.card)

    def rank(play: Play):
        return (play.kind == "pass", play.kind == "discard", not play.rush,
                not play.adrenaline, play.card, play.option,
                play.card_regen if play.card_regen is not None else 0,
                play.action_regen if play.action_regen is not None else 0, play.adrenaline)
    return min(options, key=rank)


POLICIES = {"eager": eager, "pass": pass_policy}


def play_duel(game: Game, state, rules, seed: int, policy=eager):
    """Play to the end: chance drawn by ``random.Random(seed)``, both players by
    ``policy``.  Yields ``(state before, action, transition)``."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        elif player == SIMULTANEOUS:
            action = Joint(tuple((seat, policy(game.player_actions(state, rules, seat)))
                                 for seat in game.players_to_act(state)))
        else:
            action = policy(game.player_actions(state, rules, player))
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
