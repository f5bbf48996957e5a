"""Short Fantasy Fight Club positions: the skirmish's setup and the sections that matter.

A short position (:mod:`model.core.position`) gives the setup (``size 1 | a
Orc@F:5[ShortSword] | b Goblin@F:4[Dagger]``, the warbands as laid out) and
any section of the notation but ``size`` (the setup's); every section left out
holds what it holds when the battle starts (:data:`PARTS`), with two sections
following the turn: from turn 1 on the step is ``tactics`` and each side holds
the hand of seven the new turn deals (``cards 7 7 26 0``).  A warband that is
given must field the setup's warriors, in the setup's order: its hits, weapons,
armor and spells are the position's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from model.core.errors import InputError
from model.core.position import Part, given_parts, join_sections, resolve, sections_of
from model.fantasy.state import FIGHT_DECK, HAND_SIZE, SIDES, State

if TYPE_CHECKING:
    from model.fantasy.engine import FantasyFightClub
    from model.fantasy.rules import Rules
    from model.fantasy.state import Setup

DEALT = f"{HAND_SIZE} {HAND_SIZE} {FIGHT_DECK - 2 * HAND_SIZE} 0"
"""``cards`` once the first turn has dealt both hands."""

PARTS = (
    Part("turn", "0 (the lay-out)"),
    Part("step", "field on turn 0, tactics on a later turn"),
    Part("actor", "0"),
    Part("acts", "0"),
    Part("cursor", "0"),
    Part("segment", "-"),
    Part("a", "side A's warband as the setup lays it out, every warrior at its card's hits "
              "and every thrown weapon with its ammunition"),
    Part("b", "side B's warband, the same way"),
    Part("cards", f"0 0 {FIGHT_DECK} 0 on turn 0 (no hand dealt); from turn 1 on {DEALT} "
                  f"(a hand of {HAND_SIZE} each)"),
    Part("queue", "-"),
    Part("pairs", "-"),
    Part("held", "-"),
)
"""The parts of a short position and what each holds when left out."""


def position_from_setup(game: FantasyFightClub, setup: Setup, overrides: Mapping[str, Any],
                        rules: Rules) -> State:
    """The whole position of a short one (see the module)."""
    start = game.initial_state(setup, rules)
    first = sections_of(game.format_state(start))
    given = given_parts(overrides, PARTS)

    def build(parts: Mapping[str, str]) -> State:
        sections = {**first, **parts}
        later = sections["turn"].strip() not in ("0", "-0")
        if later and "step" not in parts:
            sections["step"] = "tactics"
        if later and "cards" not in parts:
            sections["cards"] = DEALT
        state = game.parse_state(join_sections(sections))
        for side, key in enumerate(("a", "b")):
            warriors = [fighter.card for fighter in state.sides[side]]
            laid_out = [fighter.card for fighter in start.sides[side]]
            if warriors != laid_out:
                raise InputError(f"conflicts with the setup: side {SIDES[side]} fields "
                                 f"{' '.join(warriors)}, the setup {' '.join(laid_out)}", key)
        return state

    return resolve(build, given)
