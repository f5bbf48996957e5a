"""What a warrior on the table fights with, looked up in the game's card tables.

A :class:`model.fantasy.state.Fighter` names its cards by code; these
functions read them in the :class:`model.fantasy.tables.Tables` a game holds:
the warrior card, the weapons in use, shield and armor, the speed and reach it
strikes with, and the choices open to it in the tactics phase (a spell, a row
and a weapon).
"""

from __future__ import annotations

import itertools

from model.fantasy import combat
from model.fantasy.rules import Rules
from model.fantasy.state import Fighter, Move, State
from model.fantasy.tables import Tables


def card(tables: Tables, fighter: Fighter):
    return tables.warriors[fighter.card]


def used_weapons(tables: Tables, fighter: Fighter):
    return tuple(tables.weapons[arm.code] for arm in fighter.arms if arm.use)


def melee_arms(tables: Tables, fighter: Fighter) -> tuple[int, ...]:
    """Indexes of the weapons the fighter strikes with hand to hand this turn (FF 5.1)."""
    return tuple(i for i, arm in enumerate(fighter.arms)
                 if arm.use == "*" and tables.weapons[arm.code].hand_to_hand)


def ranged_arm(tables: Tables, fighter: Fighter) -> int | None:
    """The weapon the fighter attacks with at range this turn (FF 4.1), if any."""
    for i, arm in enumerate(fighter.arms):
        weapon = tables.weapons[arm.code]
        if (arm.use == "^" and (arm.ammo or 0) > 0) or (arm.use == "*" and weapon.shoots):
            return i
    return None


def shield_of(tables: Tables, fighter: Fighter):
    for code in fighter.gear:
        if tables.equipment[code].kind == "shield":
            return tables.equipment[code]
    return None


def armor_of(tables: Tables, fighter: Fighter):
    return tuple(tables.equipment[c] for c in fighter.gear if tables.equipment[c].kind != "shield")


def speed(tables: Tables, fighter: Fighter, rules: Rules) -> int:
    melee = [tables.weapons[fighter.arms[i].code] for i in melee_arms(tables, fighter)]
    return combat.speed_of(card(tables, fighter), melee, rules)


def reach(tables: Tables, fighter: Fighter, rules: Rules) -> int:
    melee = [tables.weapons[fighter.arms[i].code] for i in melee_arms(tables, fighter)]
    return combat.reach_of(card(tables, fighter), melee, rules)


def cast_options(tables: Tables, state: State) -> tuple[Move, ...]:
    """The spells the warrior setting its tactics may cast first (FF 7.2 to FF 7.4): each
    tactics spell it holds on each friendly warrior standing (a heal on a wounded one), or
    each bolt readied; none once it has cast this turn."""
    side, index = state.actor, state.cursor
    caster = state.fighter(side, index)
    if caster.cast or not card(tables, caster).spellcaster:
        return ()
    moves: list[Move] = []
    for code in dict.fromkeys(caster.spells):
        spell = tables.spells[code]
        if spell.in_tactics:
            # A heal needs a wounded warrior: on an unhurt one it would only waste the card.
            moves.extend(Move("cast", (side, index), word=code, target=(side, friend))
                         for friend in state.living(side)
                         if spell.effect != "heal" or state.fighter(side, friend).hits
                         < card(tables, state.fighter(side, friend)).hits)
        else:
            moves.append(Move("cast", (side, index), word=code))
    return tuple(moves)


def use_options(tables: Tables, fighter: Fighter, rules: Rules) -> list[tuple[str, ...]]:
    """The weapon choices open to a fighter in the tactics phase (FF 3.2, FF 3.3)."""
    if not fighter.arms:
        return [()]
    options: list[tuple[str, ...]] = []
    for arm in fighter.arms:
        weapon = tables.weapons[arm.code]
        options.append((arm.code,))
        if weapon.thrown and (arm.ammo or 0) > 0:
            options.append((arm.code + "^",))
    if card(tables, fighter).two_weapons and rules.warrior_two_attacks:
        singles = [arm.code for arm in fighter.arms
                   if tables.weapons[arm.code].hand_to_hand
                   and not combat.two_handed(tables.weapons[arm.code], rules)]
        options.extend(itertools.combinations(singles, 2))
    return list(dict.fromkeys(options))
