"""Short duel positions: two characters and a bound on rounds, and the sections that matter.

A short position (:mod:`model.core.position`) gives the setup (``ember vs tide
rounds 5``) and any of the sections of the notation but ``duel`` (the setup
names the characters); every section left out holds what it holds at the start
of the duel (:data:`PARTS`), except the decks: a deck left out is the
character's whole Action Deck less the cards the position puts in that
player's hand, discard pile and played cards, so no card is made or lost.
``round`` may be written as the round alone (``round = 2``); its bound is the
setup's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Mapping

from model.core.errors import InputError
from model.core.position import Part, given_parts, join_sections, resolve, sections_of, take_from
from model.duel.state import State, parse_cards

if TYPE_CHECKING:
    from model.duel.engine import Duel
    from model.duel.rules import Rules
    from model.duel.state import Setup

PARTS = (
    Part("round", "1 (round 1 of the setup's rounds)"),
    Part("step", "draw"),
    Part("hp", "each character's starting HP"),
    Part("shield", "0 0"),
    Part("adrenaline", "0 0"),
    Part("hands", "- / - (empty)"),
    Part("decks", "each character's whole Action Deck less the cards the position puts in "
                  "that player's hand, discard pile and played cards"),
    Part("discards", "- / -"),
    Part("played", "- / -"),
    Part("base", "- / - (not rolled)"),
    Part("bonus", "0 0"),
    Part("roles", "- (not decided)"),
    Part("crit", "-"),
    Part("acted", "-"),
    Part("used", "-"),
    Part("pending", "-"),
    Part("regen", "- 0"),
    Part("gains", "0 0"),
)
"""The parts of a short duel position and what each holds when left out."""

_HELD = ("hands", "discards", "played")
"""The sections whose cards a deck left out gives up."""


def position_from_setup(game: Duel, setup: Setup, overrides: Mapping[str, Any],
                        rules: Rules) -> State:
    """The whole position of a short one (see the module)."""
    first = sections_of(game.format_state(game.initial_state(setup, rules)))
    given = given_parts(overrides, PARTS)
    if "round" in given:
        words = given["round"].split()
        if len(words) == 3 and words[1] == "of" and words[2] != str(setup.rounds):
            raise InputError(f"says {words[2]} rounds; the setup says {setup.rounds}", "round")
        given["round"] = f"{words[0]} of {setup.rounds}" if len(words) == 1 else given["round"]

    def build(parts: Mapping[str, str]) -> State:
        state = game.parse_state(join_sections({**first, **parts}))
        if "decks" in parts:
            return state
        decks = []
        for seat, character in enumerate(state.chars):
            held = [(name, _seat_cards(parts, name, seat)) for name in _HELD if name in parts]
            decks.append(tuple(sorted(take_from(
                character.deck(), held, f"{character.name}'s Action Deck"))))
        return dataclasses.replace(state, decks=tuple(decks))

    return resolve(build, given)


def _seat_cards(parts: Mapping[str, str], name: str, seat: int) -> tuple[str, ...]:
    halves = parts[name].split("/")
    if len(halves) != 2:
        raise InputError("takes two parts split by /, one per player", name)
    return parse_cards(halves[seat].split(), f"{name} (player {seat})")
