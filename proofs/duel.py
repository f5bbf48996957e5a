"""z3 obligations for the Power Source duel: Adrenaline, Shields, DR and the order A to E.

The arithmetic is written once, in functions that work on Python integers and on z3
terms alike (:func:`absorb`, :func:`adrenaline_after`, :func:`mini_round`), so the
tests can check them value by value against the model (``model.duel.resolution``)
and z3 can reason about every value at once.

:func:`mini_round` is Resolution for one Aggressor and one Defender with the effects
the order question is about: the Defender's heal (step A), the Aggressor's true
damage (B), the clash (C) and the Defender's true damage (D, only while the
Defender is alive).  Swapping two steps gives another order; z3 proves B and C
commute and finds, for A and C, B and D, C and D, a round where the swap changes who
is defeated.
"""

from __future__ import annotations

from typing import Any, Sequence

import z3

from model.duel.resolution import ADRENALINE_MAX, ADRENALINE_TABLE
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import check


def _if(condition: Any, then: Any, other: Any) -> Any:
    if isinstance(condition, bool):
        return then if condition else other
    return z3.If(condition, then, other)


def _min(a: Any, b: Any) -> Any:
    return _if(a < b, a, b)


def _max(a: Any, b: Any) -> Any:
    return _if(a > b, a, b)


def absorb(hp: Any, shield: Any, damage: Any) -> tuple[Any, Any]:
    """Shield first, then HP, never below 0 (DU 5.4, DU 5.6): (hp, shield)."""
    blocked = _min(shield, damage)
    lost = _min(hp, damage - blocked)
    return hp - lost, shield - blocked


def adrenaline_by_table(damage: Any) -> Any:
    value: Any = ADRENALINE_MAX
    for low, high, gain in reversed(ADRENALINE_TABLE):
        value = _if(damage <= high, gain, value) if low == 0 else _if(
            z3.And(low <= damage, damage <= high) if not isinstance(damage, int)
            else low <= damage <= high, gain, value)
    return value


def adrenaline_closed(damage: Any) -> Any:
    per_five = damage / 5 if not isinstance(damage, int) else damage // 5
    return _min(ADRENALINE_MAX, per_five)


def adrenaline_after(current: Any, damage: Any, minimum: Any, stalemate: Any,
                     stack: bool) -> Any:
    bonus = _if(minimum, 1, 0) + _if(stalemate, 1, 0)
    if not stack:
        bonus = _min(bonus, 1)
    return _min(ADRENALINE_MAX, current + adrenaline_closed(damage) + bonus)


STEPS = ("A", "B", "C", "D")


def mini_round(values: dict, order: Sequence[str] = STEPS) -> tuple[Any, Any, Any, Any]:
    """(Aggressor HP, Defender HP, Aggressor Shield, Defender Shield) after the steps in
    ``order``.  ``values``: ``hp_a hp_d sh_a sh_d max_d heal_d tb diff dr_d td``."""
    hp_a, hp_d, sh_a, sh_d = values["hp_a"], values["hp_d"], values["sh_a"], values["sh_d"]
    for step in order:
        if step == "A":
            hp_d = _min(values["max_d"], hp_d + values["heal_d"])
        elif step == "B":
            hp_d, sh_d = absorb(hp_d, sh_d, values["tb"])
        elif step == "C":
            hp_d, sh_d = absorb(hp_d, sh_d, _max(0, values["diff"] - values["dr_d"]))
        elif step == "D":
            alive = hp_d > 0
            new_hp, new_sh = absorb(hp_a, sh_a, values["td"])
            hp_a, sh_a = _if(alive, new_hp, hp_a), _if(alive, new_sh, sh_a)
    return hp_a, hp_d, sh_a, sh_d


NAMES = ("hp_a", "hp_d", "sh_a", "sh_d", "max_d", "heal_d", "tb", "diff", "dr_d", "td")


def _symbols(solver: z3.Solver) -> dict:
    values = {name: z3.Int(name) for name in NAMES}
    for name, value in values.items():
        solver.add(value >= 0, value <= 40)
    solver.add(values["hp_a"] >= 1, values["hp_d"] >= 1, values["hp_d"] <= values["max_d"])
    return values


def _model(solver: z3.Solver, values: dict) -> dict[str, int]:
    model = solver.model()
    return {name: model.eval(v, model_completion=True).as_long() for name, v in values.items()}


def _prove(claim_negation) -> Answer:
    solver = z3.Solver()
    variables = claim_negation(solver)
    if check(solver):
        return Answer("refuted", "a counterexample", _model(solver, variables))
    return Answer(PROVED, "no counterexample exists")


def _adrenaline_in_range() -> Answer:
    def negation(solver):
        current, damage = z3.Int("current"), z3.Int("damage")
        minimum, stalemate = z3.Bool("minimum"), z3.Bool("stalemate")
        solver.add(current >= 0, current <= ADRENALINE_MAX, damage >= 0)
        after = [adrenaline_after(current, damage, minimum, stalemate, stack)
                 for stack in (True, False)]
        solver.add(z3.Or(*[z3.Or(a < 0, a > ADRENALINE_MAX) for a in after]))
        return {"current": current, "damage": damage}
    return _prove(negation)


def _table_is_closed_form() -> Answer:
    def negation(solver):
        damage = z3.Int("damage")
        solver.add(damage >= 0, adrenaline_by_table(damage) != adrenaline_closed(damage))
        return {"damage": damage}
    return _prove(negation)


def _shield_before_hp() -> Answer:
    def negation(solver):
        hp, shield, damage = z3.Ints("hp shield damage")
        solver.add(hp >= 0, shield >= 0, damage >= 0)
        new_hp, new_shield = absorb(hp, shield, damage)
        solver.add(new_hp < hp, new_shield != 0)
        return {"hp": hp, "shield": shield, "damage": damage}
    return _prove(negation)


def _dr_spares_true_damage() -> Answer:
    """With any DR, the Defender loses at least what the true damage alone takes."""
    def negation(solver):
        values = _symbols(solver)
        hit = dict(values, heal_d=0, td=0)
        with_dr = mini_round(hit, ("B", "C"))[1]
        true_only = absorb(values["hp_d"], values["sh_d"], values["tb"])[0]
        solver.add(with_dr > true_only)
        return values
    return _prove(negation)


def _commute(first: str, second: str) -> Answer:
    def negation(solver):
        values = _symbols(solver)
        order = list(STEPS)
        i, j = order.index(first), order.index(second)
        order[i], order[j] = order[j], order[i]
        a, b = mini_round(values), mini_round(values, order)
        solver.add(z3.Or(*[x != y for x, y in zip(a, b)]))
        return values
    return _prove(negation)


def swap_changes_defeat(first: str, second: str) -> Answer:
    """A round where swapping ``first`` and ``second`` changes who is defeated."""
    solver = z3.Solver()
    values = _symbols(solver)
    order = list(STEPS)
    i, j = order.index(first), order.index(second)
    order[i], order[j] = order[j], order[i]
    a, b = mini_round(values), mini_round(values, order)
    solver.add(z3.Or((a[0] == 0) != (b[0] == 0), (a[1] == 0) != (b[1] == 0)))
    if not check(solver):
        return Answer(PROVED, f"swapping {first} and {second} never changes who is defeated")
    found = _model(solver, values)
    standard = mini_round(found)
    swapped = mini_round(found, order)
    return Answer(WITNESS, f"in order {''.join(STEPS)} the HP end at Aggressor {standard[0]}, "
                           f"Defender {standard[1]}; in order {''.join(order)} at "
                           f"{swapped[0]}, {swapped[1]}", found)


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("DU-P1", ("DU 7.1", "DU 7.2", "DU 7.3", "DU 7.4"),
               "Cleanup's Adrenaline stays in 0..5 from any holding in 0..5, any damage, "
               "with the bonuses stacked or not.", PROVED, _adrenaline_in_range),
    Obligation("DU-P2", ("DU 7.2",),
               "The rulebook's Adrenaline table equals min(5, damage div 5) for every "
               "damage.", PROVED, _table_is_closed_form),
    Obligation("DU-P3", ("DU 5.4", "DU 5.6"),
               "Shield absorbs before HP: HP falls only once every Shield token is spent.",
               PROVED, _shield_before_hp),
    Obligation("DU-P4", ("DU 5.5", "DU 5.6", "DU 6.4"),
               "Damage Reduction never reduces true damage: with any DR and clash the "
               "Defender loses at least what the true damage alone takes.",
               PROVED, _dr_spares_true_damage),
    Obligation("DU-P5", ("DU 6.2", "DU 6.4"),
               "Steps B and C commute: the Aggressor's true damage and the clash leave the "
               "same HP and Shields in either order.", PROVED, lambda: _commute("B", "C")),
    Obligation("DU-P6", ("DU 6.1", "DU 6.4", "DU 5.7"),
               "Steps A and C do not commute: healing after the clash instead of before "
               "can change who is defeated.", WITNESS, lambda: swap_changes_defeat("A", "C")),
    Obligation("DU-P7", ("DU 6.4", "DU 6.5"),
               "Steps C and D do not commute: the Defender's true damage before the clash "
               "can change who is defeated.", WITNESS, lambda: swap_changes_defeat("C", "D")),
    Obligation("DU-P8", ("DU 6.2", "DU 6.5"),
               "Steps B and D do not commute: which true damage comes first can change who "
               "is defeated.", WITNESS, lambda: swap_changes_defeat("B", "D")),
)
