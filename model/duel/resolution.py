"""The arithmetic of damage, healing and Adrenaline, as pure functions.

The engine and the z3 proofs (``proofs/duel.py``) both rest on these: the
proofs restate each in z3 and the tests check the two agree value by value.
"""

from __future__ import annotations

from typing import Any, Callable

ADRENALINE_MAX = 5
"""The most Adrenaline a player holds (DU 7.1)."""

ADRENALINE_TABLE = ((0, 4, 0), (5, 9, 1), (10, 14, 2), (15, 19, 3), (20, 24, 4))
"""The rulebook's bands: damage from..to gives +n; 25 or more gives +5 (DU 7.2)."""


def absorb(hp: int, shield: int, damage: int) -> tuple[int, int, int, int]:
    """``damage`` against ``shield`` tokens first (one each), the rest against HP.

    Returns (hp, shield, hp lost, blocked); HP does not go below 0 (DU 5.4, DU 5.6).

    >>> absorb(10, 3, 5)
    (8, 0, 2, 3)
    >>> absorb(2, 0, 5)
    (0, 0, 2, 0)
    """
    blocked = min(shield, damage)
    through = damage - blocked
    lost = min(hp, through)
    return hp - lost, shield - blocked, lost, blocked


def clash_damage(winner_ss: int, loser_ss: int, loser_dr: int) -> int:
    """The clash damage before Shields: the difference, less the loser's DR (DU 6.4).

    >>> clash_damage(9, 4, 2), clash_damage(5, 4, 3)
    (3, 0)
    """
    return max(0, winner_ss - loser_ss - loser_dr)


def heal(hp: int, max_hp: int, amount: int) -> int:
    """HP after healing ``amount``: never above the character's maximum (DU 5.7).

    >>> heal(28, 30, 4)
    30
    """
    return min(max_hp, hp + amount)


def adrenaline_by_table(damage: int) -> int:
    """The Adrenaline ``damage`` taken earns, read off the rulebook's bands."""
    for low, high, gain in ADRENALINE_TABLE:
        if low <= damage <= high:
            return gain
    return ADRENALINE_MAX


def adrenaline_for_damage(damage: int) -> int:
    """The closed form of the table: one per full 5 damage, at most 5.

    >>> [adrenaline_for_damage(d) for d in (0, 4, 5, 14, 25, 99)]
    [0, 0, 1, 2, 5, 5]
    """
    return min(ADRENALINE_MAX, max(0, damage) // 5)


def adrenaline_after(current: int, damage_taken: int, minimum_base: bool, stalemate: bool,
                     stack: bool) -> int:
    """Adrenaline after Cleanup's gains (DU 7.2 to DU 7.5), capped at the maximum.

    ``stack`` says whether the minimum-Base and stalemate bonuses add up (DU-A3).

    >>> adrenaline_after(4, 12, True, False, True), adrenaline_after(0, 0, True, True, False)
    (5, 1)
    """
    bonus = int(minimum_base) + int(stalemate)
    if not stack:
        bonus = min(bonus, 1)
    return min(ADRENALINE_MAX, current + adrenaline_for_damage(damage_taken) + bonus)


def resolve_round(ss: tuple[int, int], aggressors: tuple[int, ...], defender: int | None,
                  pending: tuple, hp: tuple[int, int], shield: tuple[int, int],
                  maxima: tuple[int, int], rules: Any,
                  log: Callable[[str, tuple[str, ...], str], None] | None = None,
                  ) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Resolution steps A to E (DU 6.1 to DU 6.6) of one round.

    ``ss`` are the final Strike Scores; ``aggressors`` the players whose true damage
    comes at step B (both when nobody has a role), ``defender`` the one whose comes
    at step D; ``pending`` the ``(owner, Effect)`` pairs waiting for Resolution.
    Returns HP, Shields and the damage each took from the opponent (DU 7.2, with
    blocked damage when ``rules.blocked_counts_for_adrenaline``).  ``log(phase,
    rules, text)`` hears every change, named by its step.
    """
    hp, shield, taken = list(hp), list(shield), [0, 0]

    def alive(seat: int) -> bool:
        return hp[seat] > 0 or rules.defeat_checked_at_end

    sorted_out: dict = {}
    for owner, effect in pending:
        sorted_out.setdefault((owner, effect.when), []).append(effect)

    def effects_of(seat: int, when: str, kinds: tuple[str, ...]) -> list:
        return [e for e in sorted_out.get((seat, when), ()) if e.kind in kinds]

    def hit(source: str, target: int, amount: int, why: tuple, phase: str,
            from_opponent: bool) -> None:
        before = hp[target]
        hp[target], shield[target], lost, blocked = absorb(hp[target], shield[target], amount)
        if from_opponent:
            taken[target] += lost + (blocked if rules.blocked_counts_for_adrenaline else 0)
        if log:
            log(phase, why, f"{source}: {amount} to player {target}"
                + (f", {blocked} blocked by Shield" if blocked else "")
                + f"; HP {before} -> {hp[target]}")

    def give(seat: int, effect: Any, phase: str, why: tuple, label: str) -> None:
        if effect.kind == "heal":
            before = hp[seat]
            hp[seat] = heal(hp[seat], maxima[seat], effect.amount)
            if log:
                log(phase, why + ("DU 5.7",), f"{label}: player {seat} heals {effect.amount}; "
                                              f"HP {before} -> {hp[seat]}")
        elif effect.kind == "shield":
            shield[seat] += effect.amount
            if log:
                log(phase, why + ("DU 5.4",), f"{label}: player {seat} gains {effect.amount} "
                                              f"Shield ({shield[seat]})")
        elif effect.kind == "damage":
            target = 1 - seat if effect.to == "opponent" else seat
            hit(f"{label}, true damage", target, effect.amount, why + ("DU 5.6",), phase,
                effect.to == "opponent")
        elif effect.kind == "dr" and log:
            log(phase, why + ("DU 5.5",), f"{label}: {effect.amount} DR comes too late to "
                                          "reduce the clash")

    # Step A: every heal, then every Shield gain, then the round's DR.
    for kind in ("heal", "shield"):
        for seat in (0, 1):
            for effect in effects_of(seat, "always", (kind,)):
                give(seat, effect, "step_a", ("DU 6.1",), f"player {seat}")
    dr = [sum(e.amount for e in effects_of(seat, "always", ("dr",))) for seat in (0, 1)]
    if log:
        log("step_a", ("DU 6.1", "DU 5.5"), f"Damage Reduction this round: {dr[0]} and {dr[1]}")
    # Step B: the Aggressor's true damage (DEAL and TAKE), then EXECUTE.
    dealt = False
    for seat in aggressors:
        for effect in effects_of(seat, "always", ("damage",)):
            give(seat, effect, "step_b", ("DU 6.2",), f"player {seat}")
            dealt = True
    for seat in (0, 1):
        for effect in effects_of(seat, "execute", ("damage", "heal", "shield", "dr")):
            dealt = True
            will_deal = clash_damage(ss[seat], ss[1 - seat], dr[1 - seat])
            if will_deal > effect.threshold and alive(seat):
                give(seat, effect, "step_b", ("DU 6.2", "DU 6.3"),
                     f"player {seat}'s EXECUTE (clash damage {will_deal} over "
                     f"{effect.threshold})")
            elif log:
                log("step_b", ("DU 6.3",), f"player {seat}'s EXECUTE does not trigger (clash "
                                           f"damage {will_deal}, threshold {effect.threshold})")
    if not dealt and log:
        log("step_b", ("DU 6.2",), "no true damage for the Aggressor")
    # Step C: the clash.
    if ss[0] == ss[1]:
        if log:
            log("step_c", ("DU 6.4",), f"Strike Scores tie at {ss[0]}: no clash damage")
    else:
        winner = 0 if ss[0] > ss[1] else 1
        loser = 1 - winner
        amount = clash_damage(ss[winner], ss[loser], dr[loser])
        if log:
            log("step_c", ("DU 6.4",), f"player {winner} wins the clash {ss[winner]} to "
                                       f"{ss[loser]}: {ss[winner] - ss[loser]} less DR "
                                       f"{dr[loser]} = {amount}")
        if amount:
            hit("clash damage", loser, amount, ("DU 6.4", "DU 5.4"), "step_c", True)
    # Step D: the Defender's true damage, if the Defender is still alive.
    if defender is None:
        if log:
            log("step_d", ("DU 6.5",), "no Defender this round")
    elif not alive(defender):
        if log:
            log("step_d", ("DU 6.5", "DU 6.7"), f"player {defender} is at 0 HP: no true "
                                                "damage from the Defender")
    else:
        effects = effects_of(defender, "always", ("damage",))
        for effect in effects:
            give(defender, effect, "step_d", ("DU 6.5",), f"player {defender}")
        if not effects and log:
            log("step_d", ("DU 6.5",), "no true damage for the Defender")
    # Step E: SALVAGE (the clash lost) and REVENGE (damage taken over a threshold).
    triggered = False
    for seat in (0, 1):
        for effect in effects_of(seat, "salvage", ("damage", "heal", "shield", "dr")):
            triggered = True
            if ss[seat] < ss[1 - seat] and alive(seat):
                give(seat, effect, "step_e", ("DU 6.6",), f"player {seat}'s SALVAGE")
            elif log:
                log("step_e", ("DU 6.6",), f"player {seat}'s SALVAGE does not trigger")
        for effect in effects_of(seat, "revenge", ("damage", "heal", "shield", "dr")):
            triggered = True
            if taken[seat] > effect.threshold and alive(seat):
                give(seat, effect, "step_e", ("DU 6.6",), f"player {seat}'s REVENGE "
                                                          f"({taken[seat]} taken, over "
                                                          f"{effect.threshold})")
            elif log:
                log("step_e", ("DU 6.6",), f"player {seat}'s REVENGE does not trigger "
                                           f"({taken[seat]} taken, threshold "
                                           f"{effect.threshold})")
    if not triggered and log:
        log("step_e", ("DU 6.6",), "no SALVAGE or REVENGE")
    return (hp[0], hp[1]), (shield[0], shield[1]), (taken[0], taken[1])
