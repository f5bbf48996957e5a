"""The duel's play policies (``POLICIES``), for seeded example games and the odds.

Each satisfies :class:`model.core.policy.Policy`; beside the generic ``first``
and ``random`` the duel has three fixed ones of its own.  ``pass`` never plays
a card, never discards and never spends Adrenaline: the policy of the duel
odds' own small chain over HP and Shield (``analysis.duel.odds.duel_odds``);
every fixed policy here has its odds from ``analysis.duel.odds.policy_odds``
where the chain is small enough.  ``eager`` plays
the first card it may by card id (first OR option, the Rush when affordable),
adds the first Adrenaline Action it can afford, names the lowest value when a
REGEN asks for a die, keeps its hand at the Draw and trims its highest card id.
Both read only the player's own legal actions.

``greedy`` reads the state too: it takes the option (card, OR option, Rush,
Adrenaline Action, the die a REGEN names) worth most to it this round, where
worth is counted in points of Strike Score and damage: +X SS to itself and
-X SS dealt count X, true damage dealt X (taken: minus X), healing, Shield
and DR received X each, a REGEN the expected change of the named die (the
mean of the new value less the old; for the opponent's die, the other way);
an effect whose condition is not known to hold when it chooses (a role or a
critical not yet decided, SALVAGE, REVENGE, EXECUTE) counts nothing.  It
passes unless the best option is worth more than nothing, breaks ties by
the option's text, keeps its hand at the Draw and trims the card worth least.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Callable, Sequence

from model.core.game import CHANCE, SIMULTANEOUS, Game, Joint
from model.core.policy import GENERIC_POLICIES, Policy, choices
from model.duel.round import role
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


def _effect_value(effect, state, rules, seat: int) -> Fraction:
    """What one effect is worth to ``seat`` this round, in points of Strike Score or
    damage (the module doc says how); ``0`` when its condition is not known to hold."""
    if effect.when in ("salvage", "revenge", "execute"):
        return Fraction(0)  # decided only in Resolution: not known to hold now
    if effect.when in ("aggressor", "defender"):
        if state.roles == "-" or role(state, seat, rules) != effect.when:
            return Fraction(0)
    if effect.when == "crit" and not state.crit[seat]:
        return Fraction(0)
    mine = effect.to == "self"
    if effect.kind == "regen":
        return Fraction(0)  # valued per named die by the caller, which knows the die
    sign = 1 if mine else -1
    if effect.kind == "ss":
        return Fraction(sign * effect.amount)
    if effect.kind == "damage":
        return Fraction(-sign * effect.amount)
    # heal, shield, dr: good for whoever receives them
    return Fraction(sign * effect.amount)


def _regen_value(state, seat: int, target: int, named: int | None) -> Fraction:
    """The expected change a REGEN of ``target``'s die ``named`` makes to ``seat``'s lead
    (DU 4.10): the mean of the new value less the old, for oneself; negated for the
    opponent."""
    if named is None or state.base[target] is None:
        return Fraction(0)
    kept = list(state.base[target])
    kept.remove(named)
    outcomes = state.chars[target].power.regen_outcomes(tuple(kept))
    gain = sum((value * p for value, p in outcomes), Fraction(0)) - named
    return gain if target == seat else -gain


def play_value(play: Play, state, rules, seat: int) -> Fraction:
    """The greedy worth of ``play`` for ``seat`` in ``state`` (see :func:`greedy`)."""
    char = state.chars[seat]
    total = Fraction(0)
    if play.card:
        card = char.card(play.card)
        effects = card.effects
        if play.option:
            effects += card.options[play.option - 1]
        if play.rush:
            effects += card.rush.effects
        for effect in effects:
            total += _effect_value(effect, state, rules, seat)
            if effect.kind == "regen":
                total += _regen_value(state, seat, seat if effect.to == "self" else 1 - seat,
                                      play.card_regen)
    if play.adrenaline:
        for effect in char.action(play.adrenaline).effects:
            total += _effect_value(effect, state, rules, seat)
            if effect.kind == "regen":
                total += _regen_value(state, seat, seat if effect.to == "self" else 1 - seat,
                                      play.action_regen)
    return total


def greedy(options: Sequence[Play], state, rules, seat: int) -> Play:
    """The option worth most this round (:func:`play_value`), ties to the fixed order of
    the option's text; a card or action worth nothing is not spent (pass instead)."""
    trims = [play for play in options if play.kind == "trim"]
    if trims:  # keep the best cards: give up the one worth least, ties by card id
        return min(trims, key=lambda play: (play_value(dataclasses.replace(
            play, kind="play"), state, rules, seat), play.card))
    if any(play.kind == "keep" for play in options):
        return next(play for play in options if play.kind == "keep")
    passing = next(play for play in options if play.kind == "pass" and not play.adrenaline)
    best = min(options, key=lambda play: (-play_value(play, state, rules, seat), str(play)))
    return best if play_value(best, state, rules, seat) > 0 else passing


class FixedPolicy:
    """One of the duel's fixed policies as a :class:`model.core.policy.Policy`: it picks
    among the player's own options (``pick(options)``, or ``pick(options, state, rules,
    player)`` when it reads the state) and never draws at random, so the odds can
    follow it through a Markov chain."""

    deterministic = True

    def __init__(self, name: str, description: str, pick: Callable[..., Play],
                 reads_state: bool = False) -> None:
        self.name = name
        self.description = description
        self.pick = pick
        self.reads_state = reads_state

    def choose(self, game: Game, state, rules, player: int, rng=None) -> Play:
        options = choices(game, state, rules, player)
        if self.reads_state:
            return self.pick(options, state, rules, player)
        return self.pick(options)


POLICIES: dict[str, Policy] = {
    "eager": FixedPolicy("eager", "the first card and Adrenaline Action it may, by card "
                         "id", eager),
    "pass": FixedPolicy("pass", "never plays, discards or spends Adrenaline", pass_policy),
    "greedy": FixedPolicy("greedy", "the card and Adrenaline Action worth most this round",
                          greedy, reads_state=True),
    **GENERIC_POLICIES,
}
"""The duel's policies by name: its three fixed ones, then the generic ones."""


def play_duel(game: Game, state, rules, seed: int, policy: Policy = POLICIES["eager"]):
    """Play to the end: chance drawn by ``random.Random(seed)``, both players by
    ``policy`` (given the same generator).  Yields ``(state before, action,
    transition)``."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        elif player == SIMULTANEOUS:
            action = Joint(tuple((seat, policy.choose(game, state, rules, seat, rng))
                                 for seat in game.players_to_act(state)))
        else:
            action = policy.choose(game, state, rules, player, rng)
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state
