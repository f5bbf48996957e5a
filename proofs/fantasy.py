"""z3 obligations for Fantasy Fight Club: what the two tables allow and forbid.

The hit roll (FF 4.4, FF 5.6) succeeds on 1D6 + skill - dodge - parry
(- 1 from the back) >= 4, and the damage roll (FF 6.2) wounds on 1D6 + damage
bonuses - armor > 0.  Over every warrior and weapon of the tables, z3 settles
which combinations make a hit or a wound impossible, and finds the matchups
where two readings of an open point give different odds.  Each table is
encoded as a choice of a row (an integer the solver picks) and the columns as
``If`` chains over it; a found model is turned back into card names.
"""

from __future__ import annotations

from typing import Callable, Sequence

import z3

from analysis.fantasy.loading import GAME
from model.fantasy import combat
from model.fantasy.rules import DEFAULT_RULES
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import check


def _column(index: z3.ArithRef, values: Sequence[int]) -> z3.ArithRef:
    expression = z3.IntVal(values[-1])
    for position in range(len(values) - 2, -1, -1):
        expression = z3.If(index == position, z3.IntVal(values[position]), expression)
    return expression


def _row(solver: z3.Solver, name: str, count: int) -> z3.ArithRef:
    index = z3.Int(name)
    solver.add(index >= 0, index < count)
    return index


def _faces(total_modifier: z3.ArithRef) -> z3.ArithRef:
    """How many faces of 1D6 reach 4 with this modifier (0 to 6)."""
    count = 3 + total_modifier
    return z3.If(count < 0, 0, z3.If(count > 6, 6, count))


TABLES = GAME.tables
"""The shipped tables: the printed warriors and weapons, ringside's example equipment."""
_W = list(TABLES.warriors.values())
_A = list(TABLES.weapons.values())


def _warrior(solver, name):
    index = _row(solver, name, len(_W))
    return index, {field: _column(index, [getattr(w, field) for w in _W])
                   for field in ("skill", "dodge", "damage", "hits")}


def _weapon(solver, name, keep: Callable = lambda weapon: True):
    choices = [w for w in _A if keep(w)]
    index = _row(solver, name, len(choices))
    return index, choices, {"parry": _column(index, [w.parry for w in choices]),
                            "damage": _column(index, [w.damage for w in choices])}


def _names(model, index, rows) -> str:
    return rows[model.eval(index).as_long()].name


def _hth_hit_impossible() -> Answer:
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    d, defender = _warrior(solver, "defender")
    p, parried, weapon = _weapon(solver, "defender_weapon")
    solver.add(6 + attacker["skill"] - defender["dodge"] - weapon["parry"] < combat.HIT_ON)
    if not check(solver):
        return Answer("refuted", "every hand-to-hand attack can hit on a 6")
    model = solver.model()
    found = {"attacker": _names(model, a, _W), "defender": _names(model, d, _W),
             "defender_weapon": _names(model, p, parried)}
    return Answer(WITNESS, f"{found['attacker']} cannot hit {found['defender']} using the "
                           f"{found['defender_weapon']} hand to hand, even on a 6", found)


def _front_ranged_always_possible() -> Answer:
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    d, defender = _warrior(solver, "defender")
    solver.add(6 + attacker["skill"] - defender["dodge"] < combat.HIT_ON)
    if check(solver):
        model = solver.model()
        return Answer("refuted", f"{_names(model, a, _W)} cannot hit {_names(model, d, _W)}",
                      {"attacker": _names(model, a, _W), "defender": _names(model, d, _W)})
    return Answer(PROVED, "a 6 always hits at range from the front row: no dodge exceeds "
                          "an attacker's skill by more than 2")


def _back_row_shot_impossible() -> Answer:
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    d, defender = _warrior(solver, "defender")
    solver.add(6 + attacker["skill"] - defender["dodge"] - 1 < combat.HIT_ON)
    if not check(solver):
        return Answer("refuted", "every back-row shot can hit on a 6")
    model = solver.model()
    found = {"attacker": _names(model, a, _W), "defender": _names(model, d, _W)}
    return Answer(WITNESS, f"{found['attacker']} shooting from the back row cannot hit "
                           f"{found['defender']} (FF-A2's default reading)", found)


def _unarmored_always_wounded() -> Answer:
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    w, used, weapon = _weapon(solver, "weapon")
    solver.add(6 + attacker["damage"] + weapon["damage"] <= 0)
    if check(solver):
        model = solver.model()
        return Answer("refuted", f"{_names(model, a, _W)} with the {_names(model, w, used)} "
                                 "cannot wound even without armor")
    return Answer(PROVED, "a 6 on the damage roll wounds an unarmored target whatever the "
                          "attacker and weapon (the worst is 6 - 2 - 1 = 3)")


def _armor_stops_weakest() -> Answer:
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    w, used, weapon = _weapon(solver, "weapon")
    pieces = [e for e in TABLES.equipment.values() if e.kind != "shield"]
    worn = [z3.Bool(f"wears_{e.code}") for e in pieces]
    helmets = [b for b, e in zip(worn, pieces) if e.kind == "helmet"]
    suits = [b for b, e in zip(worn, pieces) if e.kind == "full"]
    partial = [b for b, e in zip(worn, pieces) if e.kind == "partial"]
    solver.add(z3.AtMost(*helmets, 1), z3.AtMost(*suits, 1))  # FF 1.5, FF 1.6
    solver.add(z3.Implies(z3.Or(*suits), z3.Not(z3.Or(*partial))))
    soak = z3.Sum([z3.If(b, e.bonus, 0) for b, e in zip(worn, pieces)])
    solver.add(6 + attacker["damage"] + weapon["damage"] - soak <= 0)
    if not check(solver):
        return Answer("refuted", "every attacker wounds every armor of the example set on a 6")
    model = solver.model()
    found = {"attacker": _names(model, a, _W), "weapon": _names(model, w, used),
             "armor": [e.name for b, e in zip(worn, pieces) if z3.is_true(model.eval(b))]}
    return Answer(WITNESS, f"{found['attacker']} with the {found['weapon']} cannot wound "
                           f"a target wearing {', '.join(found['armor'])} (example armor)",
                  found)


def _parry_at_range_matters() -> Answer:
    """FF-A3: a ranged matchup whose hit chance changes when parry counts at range."""
    solver = z3.Solver()
    a, attacker = _warrior(solver, "attacker")
    d, defender = _warrior(solver, "defender")
    p, parried, weapon = _weapon(solver, "defender_weapon")
    base = attacker["skill"] - defender["dodge"]
    solver.add(_faces(base) != _faces(base - weapon["parry"]))
    if not check(solver):
        return Answer("refuted", "parry never changes a ranged hit chance")
    model = solver.model()
    found = {"attacker": _names(model, a, _W), "defender": _names(model, d, _W),
             "defender_weapon": _names(model, p, parried)}
    rules = DEFAULT_RULES
    chances = []
    for parry_counts in (False, True):
        import dataclasses

        read = dataclasses.replace(rules, parry_against_ranged=parry_counts)
        chances.append(combat.hit_chance(combat.hit_modifier(
            TABLES.warriors[found["attacker"]], TABLES.warriors[found["defender"]],
            (TABLES.weapons[_code(found["defender_weapon"])],), True, False, False, read),
            False))
    found["hit"] = [str(c) for c in chances]
    return Answer(WITNESS, f"{found['attacker']} shooting at {found['defender']} using the "
                           f"{found['defender_weapon']}: hits {chances[0]} without parry, "
                           f"{chances[1]} with it", found)


def _code(name: str) -> str:
    return next(w.code for w in _A if w.name == name)


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("FF-P1", ("FF 5.6", "FF 1.11", "FF 1.12"),
               "Some hand-to-hand matchup of the tables cannot hit even on a 6.",
               WITNESS, _hth_hit_impossible),
    Obligation("FF-P2", ("FF 4.4", "FF 1.11"),
               "Every ranged attack from the front row can hit on a 6 (dodge as a rating, "
               "no parry).", PROVED, _front_ranged_always_possible),
    Obligation("FF-P3", ("FF 4.4", "FF 1.11"),
               "Some ranged attack from the back row cannot hit even on a 6.",
               WITNESS, _back_row_shot_impossible),
    Obligation("FF-P4", ("FF 6.2", "FF 1.11", "FF 1.12"),
               "Every attacker with every weapon wounds an unarmored target on a 6.",
               PROVED, _unarmored_always_wounded),
    Obligation("FF-P5", ("FF 6.2", "FF 1.5", "FF 1.6"),
               "Some attacker and weapon cannot wound a target in armor of the example set "
               "worn by the rules.", WITNESS, _armor_stops_weakest),
    Obligation("FF-P6", ("FF 4.4",),
               "Some ranged matchup hits with different odds when parry counts at range "
               "(FF-A3).", WITNESS, _parry_at_range_matters),
)
