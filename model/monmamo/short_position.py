"""Short Monsters Masters & Mobsters positions: the setup and the sections that matter.

A short position (:mod:`model.core.position`) gives the setup (``players 2
monsters 1 knockouts 1 library 16 seed 0``) and any section of the notation but
``format`` (the setup's Monsters each, knock-outs and teams); every section left
out holds what it holds before the starting roll (:data:`PARTS`), except
``first`` (player 0 once the step is past the roll) and the Library: left out,
it is the setup's Library less every card the position puts in a hand, on the
Battlefield (attached cards too), in the discard pile or in exile.  ``hands``
writes one hand per player of the setup.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Mapping

from model.core.errors import InputError
from model.core.position import Part, given_parts, join_sections, resolve, sections_of, take_from
from model.monmamo.state import State

if TYPE_CHECKING:
    from model.monmamo.engine import MonstersMastersMobsters
    from model.monmamo.rules import Rules
    from model.monmamo.state import Setup

PARTS = (
    Part("first", "? in the step roll, else 0"),
    Part("step", "roll"),
    Part("turn", "0"),
    Part("pending", "0"),
    Part("library", "the setup's Library less every card the position puts in a hand, on "
                    "the Battlefield, in the discard pile or in exile"),
    Part("hands", "- for each player (empty)"),
    Part("battlefield", "- (empty)"),
    Part("discard", "-"),
    Part("exile", "-"),
    Part("declared", "-"),
    Part("passes", "0"),
)
"""The parts of a short position and what each holds when left out."""


def position_from_setup(game: MonstersMastersMobsters, setup: Setup,
                        overrides: Mapping[str, Any], rules: Rules) -> State:
    """The whole position of a short one (see the module)."""
    first = sections_of(game.format_state(game.initial_state(setup, rules)))
    given = given_parts(overrides, PARTS)

    def build(parts: Mapping[str, str]) -> State:
        sections = {**first, **parts}
        if "first" not in parts:
            sections["first"] = "?" if sections["step"].lower() == "roll" else "0"
        state = game.parse_state(join_sections(sections))
        if state.players != setup.players:
            raise InputError(f"conflicts with the setup: writes {state.players} hands, the "
                             f"setup seats {setup.players} players", "hands")
        if "library" in parts:
            return state
        placed = (("hands", [card for hand in state.hands for card in hand]),
                  ("battlefield", [card for entry in state.battlefield for card in entry.cards]),
                  ("discard", state.discard), ("exile", state.exile))
        library = take_from(state.library, placed,
                            f"the setup's Library ({setup.library} cards, seed {setup.seed})")
        return dataclasses.replace(state, library=library)

    return resolve(build, given)
