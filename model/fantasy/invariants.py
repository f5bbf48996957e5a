"""Fantasy Fight Club's invariants: what holds in every reachable state, and of every step.

Several checks look cards up in the game's tables, so the invariants are made
for the tables a game holds (:func:`invariants`, :func:`transition_invariants`);
each check keeps its own name, so the rules reference links it to its code.
"""

from __future__ import annotations

import functools
from typing import Any

from model.core.game import Invariant, TransitionInvariant
from model.fantasy.fighters import card
from model.fantasy.recruit import violations
from model.fantasy.rules import Rules
from model.fantasy.state import FIGHT_DECK, HAND_SIZE, SIDES, Move, State, who_text
from model.fantasy.tables import Tables


def known_cards(tables: Tables, state: State) -> str | None:
    for side, band in enumerate(state.sides):
        for fighter in band:
            if fighter.card not in tables.warriors:
                return f"{fighter.card} is not a warrior card"
            for arm in fighter.arms:
                if arm.code not in tables.weapons:
                    return f"{arm.code} is not a weapon card"
    return None


def hits_bounded(tables: Tables, state: State) -> str | None:
    for side, band in enumerate(state.sides):
        for index, fighter in enumerate(band):
            if fighter.hits > card(tables, fighter).hits:
                return (f"{who_text(side, index)} ({fighter.card}) has {fighter.hits} hits, "
                        f"more than its card's {card(tables, fighter).hits}")
    return None


def ammo_never_negative(tables: Tables, state: State) -> str | None:
    for side, band in enumerate(state.sides):
        for index, fighter in enumerate(band):
            for arm in fighter.arms:
                if arm.ammo is not None and arm.ammo < 0:
                    return f"{who_text(side, index)}'s {arm.code} has ammunition {arm.ammo}"
                weapon = tables.weapons[arm.code]
                if arm.ammo is not None and not weapon.thrown:
                    return f"{who_text(side, index)}'s {arm.code} is not thrown but has ammunition"
                most = max(weapon.bracket or 1, 1)  # combat.ammunition under any ruleset
                if arm.ammo is not None and arm.ammo > most:
                    return (f"{who_text(side, index)}'s {arm.code} has ammunition {arm.ammo}, "
                            f"more than the {most} its card gives")
    return None


def one_weapon_in_use(tables: Tables, state: State) -> str | None:
    for side, band in enumerate(state.sides):
        for index, fighter in enumerate(band):
            used = fighter.used()
            allowed = 2 if card(tables, fighter).two_weapons else 1
            if len(used) > allowed:
                return f"{who_text(side, index)} ({fighter.card}) uses {len(used)} weapons"
            if any(a.use == "^" and not tables.weapons[a.code].thrown for a in used):
                return f"{who_text(side, index)} throws a weapon that is not thrown"
    return None


def killed_never_act(state: State) -> str | None:
    if state.step in ("field", "tactics", "over"):
        if state.step == "tactics":
            fighter = state.fighter(state.actor, state.cursor) if state.cursor < len(
                state.sides[state.actor]) else None
            if fighter is None or not fighter.alive:
                return f"a killed or missing warrior ({state.cursor}) is setting its tactics"
        return None
    if state.queue:
        head = state.queue[0]
        attacker = state.fighter(head.side, head.index)
        if not attacker.alive and head.sure != 1:
            return f"{who_text(head.side, head.index)} is killed but attacks"
        if head.target >= 0 and not state.fighter(1 - head.side, head.target).alive:
            return f"{who_text(1 - head.side, head.target)} is killed but attacked"
    if state.step == "pair" and not state.fighter(state.actor, state.cursor).alive:
        return f"{who_text(state.actor, state.cursor)} is killed but picks an opponent"
    return None


def equipment_kept(tables: Tables, state: State) -> str | None:
    """Once both warbands are fielded, every warrior keeps the equipment rules (nothing in
    battle changes equipment, so a break here is a broken engine or position)."""
    if state.turn == 0:
        return None
    for side, band in enumerate(state.sides):
        for problem in violations(tables, band, len(band)):
            if problem.rule in ("FF 1.5", "FF 1.6", "FF 1.9"):
                return f"side {SIDES[side]}: {problem}"
    return None


def cards_counted(state: State) -> str | None:
    total = sum(state.cards)
    if total != FIGHT_DECK:
        return f"the fight cards add up to {total}, not {FIGHT_DECK}"
    if state.turn >= 1 and any(hand > HAND_SIZE for hand in state.cards[:2]):
        return f"a hand holds more than {HAND_SIZE} fight cards"
    return None


def spells_held(tables: Tables, state: State) -> str | None:
    for side, band in enumerate(state.sides):
        for index, fighter in enumerate(band):
            name = f"{who_text(side, index)} ({fighter.card})"
            if fighter.spells and not card(tables, fighter).spellcaster:
                return f"{name} holds spell cards but has no Spells value"
            if len(fighter.spells) > card(tables, fighter).spells:
                return f"{name} holds more spell cards than its Spells value"
            if fighter.readied and (fighter.readied not in fighter.spells or not fighter.cast):
                return f"{name} readies {fighter.readied} without holding it or casting"
            if fighter.boost < 0 or (state.step in ("field", "over") and (
                    fighter.cast or fighter.boost)):
                return f"{name} carries a spell's effect outside a turn"
    return None


def one_spell_a_turn(before: State, action: Any, after: State,
                     rules: Rules) -> str | None:
    """FF 7.4: a caster casts (or readies) at most one spell a turn, and FF 7.5: a card
    leaves the warrior only by being cast."""
    if after.turn != before.turn:
        return None
    for side in (0, 1):
        for a, b in zip(before.sides[side], after.sides[side]):
            spent = len(a.spells) - len(b.spells)
            if spent < 0 or spent > 1:
                return f"{a.card}'s spell cards went from {len(a.spells)} to {len(b.spells)}"
            if a.cast and b.readied and b.readied != a.readied:
                return f"{a.card} readied {b.readied} after casting this turn"
            if a.cast and spent and not a.readied:
                return f"{a.card} cast a second spell this turn"
            if (spent or b.readied) and not b.cast:
                return f"{a.card} cast a spell without it being marked"
    return None


def hits_only_fall(tables: Tables, before: State, action: Any, after: State,
                   rules: Rules) -> str | None:
    """Hits never rise but by a heal spell, by at most its amount (FF 7.2)."""
    for side in (0, 1):
        for index, (a, b) in enumerate(zip(before.sides[side], after.sides[side])):
            healed = (isinstance(action, Move) and action.kind == "cast"
                      and action.target == (side, index) and action.word in tables.spells
                      and tables.spells[action.word].effect == "heal")
            limit = tables.spells[action.word].amount if healed else 0
            if b.hits > a.hits + limit:
                return f"{a.card} gained hits ({a.hits} -> {b.hits})"
            if not a.alive and b.row != a.row:
                return f"the killed {a.card} changed rows"
    return None


def ammo_only_falls(before: State, action: Any, after: State, rules: Rules) -> str | None:
    for side in (0, 1):
        for a, b in zip(before.sides[side], after.sides[side]):
            for arm_a, arm_b in zip(a.arms, b.arms):
                if (arm_a.ammo is not None and arm_b.ammo is not None
                        and arm_b.ammo > arm_a.ammo):
                    return f"{a.card}'s {arm_a.code} regained ammunition"
                if arm_a.ammo is not None and arm_b.ammo is not None and \
                        arm_a.ammo - arm_b.ammo > 1:
                    return f"{a.card}'s {arm_a.code} spent more than one throw at once"
    return None


def rows_rule_kept(before: State, action: Any, after: State, rules: Rules) -> str | None:
    """After the tactics of a side (its last warrior standing has set, whichever side sets
    next by FF-A17), its front row is not smaller than its back row."""
    if (not rules.rows_rule_in_battle or before.step != "tactics"
            or not isinstance(action, Move) or action.kind != "set"):
        return None
    side = before.actor
    if before.cursor != max(before.living(side)):
        return None
    front, back = len(after.living(side, "F")), len(after.living(side, "B"))
    if front < back:
        return f"side {SIDES[side]} ends its tactics with {front} in front and {back} behind"
    return None


def _bind(tables: Tables):
    """A check of ``tables`` and a state (or a step) as the check of the state (or step)
    alone, keeping the check's name for the docs' link to its code."""
    def bind(check):
        return functools.update_wrapper(functools.partial(check, tables), check)
    return bind


def invariants(tables: Tables) -> tuple[Invariant, ...]:
    """The battle's invariants; several look the cards up in ``tables``."""
    bound = _bind(tables)
    return (
        Invariant("known-cards", ("FF 1.11", "FF 1.12"),
                  "Every warrior and weapon is a card of the tables.", bound(known_cards)),
        Invariant("hits-bounded", ("FF 6.2", "FF 1.11"),
                  "No warrior has more hits than its card.", bound(hits_bounded)),
        Invariant("ammunition-never-negative", ("FF 4.5",),
                  "Ammunition is never negative, never more than the weapon card gives, and "
                  "only thrown weapons have any.",
                  bound(ammo_never_negative)),
        Invariant("one-weapon-in-use", ("FF 1.7", "FF 3.2", "FF 3.3"),
                  "A warrior uses one weapon (the Warrior two) and throws only thrown weapons.",
                  bound(one_weapon_in_use)),
        Invariant("killed-never-act", ("FF 6.4", "FF 4.2", "FF 5.5"),
                  "A killed warrior neither sets tactics, picks, attacks (but in the group it "
                  "started alive in) nor is attacked.", killed_never_act),
        Invariant("equipment-kept", ("FF 1.5", "FF 1.6", "FF 1.9"),
                  "After the lay-out no warrior has two shields or helmets, a suit with partial "
                  "pieces, or (a back-stabber or spellcaster) any armor.", bound(equipment_kept)),
        Invariant("spells-held", ("FF 1.10", "FF 7.3", "FF 7.4"),
                  "No warrior holds more spell cards than its Spells value; a readied bolt is "
                  "a card held; spell effects last only within a turn.", bound(spells_held)),
        Invariant("fight-cards-counted", ("FF 2.2",),
                  "The fight cards in hands, deck and discard pile stay 40; no hand holds more "
                  "than seven.", cards_counted),
    )


def transition_invariants(tables: Tables) -> tuple[TransitionInvariant, ...]:
    """The battle's transition invariants; the heal's limit is read in ``tables``."""
    bound = _bind(tables)
    return (
        TransitionInvariant("hits-only-fall", ("FF 6.2", "FF 6.4", "FF 7.2"),
                            "Hits never rise but by a heal spell's amount, and a killed warrior "
                            "stays where it fell.", bound(hits_only_fall)),
        TransitionInvariant("one-spell-a-turn", ("FF 7.4", "FF 7.5"),
                            "A caster casts at most one spell a turn; a card leaves it only by "
                            "being cast.", one_spell_a_turn),
        TransitionInvariant("ammunition-only-falls", ("FF 4.5",),
                            "Each throw spends one ammunition; none comes back.", ammo_only_falls),
        TransitionInvariant("rows-rule-kept", ("FF 1.2", "FF 3.1"),
                            "Under FF-A14's default a side ends its tactics with a front row "
                            "no smaller than its back row.", rows_rule_kept),
    )
