"""The d6 arithmetic of one attack, and its exact odds.

Every number the battle engine rolls against comes from here, so the engine
and the odds agree by construction; the tests also compare the odds with the
engine's chance outcomes face by face.

An attack (FF 4.4 or FF 5.6, then FF 6.1, FF 6.2): roll 1D6 and add the
attacker's skill, subtract the target's dodge (its rating, or under FF-A1 a
die it rolls), its weapon's parry (hand to hand; ranged only under FF-A3) and
1 for attacking from the back (FF-A2); 4 or more hits.  A hit target with a
working shield rolls 1D6 and blocks within the shield's range.  An unblocked
hit rolls 1D6 plus the damage bonuses less the armor bonuses; a positive
result is lost from the target's hits.

>>> from model.fantasy.tables import parse_warriors, parse_weapons
>>> from model.fantasy.rules import DEFAULT_RULES
>>> warriors = parse_warriors("Ogre H +4 -2 - -2 10 0 Reach +2\\nOrc H - - - - 5 0")
>>> maul = parse_weapons("Maul +1 H - 4 1")["Maul"]
>>> odds = attack_odds(warriors["Ogre"], maul, warriors["Orc"], (), None, (), DEFAULT_RULES)
>>> odds.hit, odds.kill_in_one, odds.expected_attacks_to_kill
(Fraction(1, 2), Fraction(1, 2), Fraction(2, 1))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from model.fantasy.rules import Rules
from model.fantasy.tables import Equipment, Warrior, Weapon

FACES = (1, 2, 3, 4, 5, 6)
HIT_ON = 4
"""A hit roll hits when the die and its modifiers come to this or more."""
SIXTH = Fraction(1, 6)


def two_handed(weapon: Weapon, rules: Rules) -> bool:
    """Printed (2-H), or under FF-A4 a (2) bracket (the Hand Axe)."""
    return weapon.two_handed or (rules.bracket_is_hands and weapon.bracket == 2)


def ammunition(weapon: Weapon, rules: Rules) -> int | None:
    """Throws a thrown weapon allows in a battle (FF 4.5); ``None`` if it is not thrown.

    The bracket number by default; under FF-A4 a (1) or (2) gives the hands
    needed and such a weapon is thrown once.
    """
    if not weapon.thrown:
        return None
    if weapon.bracket is None:
        return 1
    if rules.bracket_is_hands and weapon.bracket in (1, 2):
        return 1
    return weapon.bracket


def weapon_reach(weapon: Weapon | None, rules: Rules) -> int:
    if weapon is None or weapon.reach is None:
        return 0
    if weapon.code == "Whip":
        return rules.whip_reach
    return weapon.reach


def reach_of(warrior: Warrior, used: Sequence[Weapon], rules: Rules) -> int:
    """The reach in a first-strike roll (FF 5.5): the longest weapon in use plus the
    card's ``Reach`` note."""
    return max((weapon_reach(w, rules) for w in used), default=0) + warrior.reach_bonus


def speed_of(warrior: Warrior, used: Sequence[Weapon], rules: Rules) -> int:
    """The speed rating (FF 5.3, FF-A13): the card's Speed, plus by default the weapon's
    (the slower of two weapons in use)."""
    if not rules.speed_adds_weapon or not used:
        return warrior.speed
    return warrior.speed + min(w.speed for w in used)


def parry_of(used: Sequence[Weapon]) -> int:
    """The parry of the weapons in use: the best of them (0 for none)."""
    return max((w.parry for w in used), default=0)


def hit_modifier(attacker: Warrior, defender: Warrior, defender_weapons: Sequence[Weapon],
                 ranged: bool, attacker_in_back: bool, target_in_back: bool,
                 rules: Rules) -> int:
    """What is added to the hit die, a rolled dodge (FF-A1) aside."""
    modifier = attacker.skill
    if not (ranged and rules.dodge_is_rolled):
        modifier -= defender.dodge
    if not ranged or rules.parry_against_ranged:
        modifier -= parry_of(defender_weapons)
    if ranged:
        from_back = target_in_back if rules.back_penalty_on_target else attacker_in_back
        modifier -= 1 if from_back else 0
    return modifier


def hit_rules(ranged: bool, rules: Rules) -> tuple[str, ...]:
    return ("FF 4.4",) if ranged else ("FF 5.6",)


def is_hit(face: int, modifier: int, dodge_face: int = 0) -> bool:
    return face + modifier - dodge_face >= HIT_ON


def damage_bonus(attacker: Warrior, weapon: Weapon, rules: Rules) -> int:
    """The card's Dam, the weapon's Dam and a ``Damage +n with Bow`` note (FF 6.2, FF 6.3)."""
    bonus = attacker.damage + weapon.damage
    if attacker.bow_bonus and weapon.is_bow(rules.crossbows_are_bows):
        bonus += attacker.bow_bonus
    return bonus


def armor_bonus(pieces: Iterable[Equipment]) -> int:
    """The armor bonuses of a helmet and armor (shields have none)."""
    return sum(piece.bonus for piece in pieces if piece.kind != "shield")


def shield_works(shield: Equipment | None, used: Sequence[Weapon], rules: Rules) -> bool:
    """A shield blocks only for a warrior with no two-handed weapon in use (FF 1.8)."""
    return shield is not None and not any(two_handed(w, rules) for w in used)


def wound(face: int, bonus: int, armor: int) -> int:
    """Hits lost to a damage roll: the total when positive, else none (FF 6.2)."""
    return max(0, face + bonus - armor)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact odds of one attack.

    ``hit``: the attack hits (before any shield); ``blocked``: it hits and a
    shield blocks it; ``damage``: hits lost by the target per attack (0 for a
    miss, a block or armor that soaks all); ``kill_in_one``: one attack takes
    the target from its full hits to 0 or less; ``expected_attacks_to_kill``:
    the mean number of such attacks until it is killed, ``None`` when no attack
    can wound it.
    """

    hit: Fraction
    blocked: Fraction
    damage: Mapping[int, Fraction]
    kill_in_one: Fraction
    expected_attacks_to_kill: Fraction | None
    rules: tuple[str, ...]

    def as_dict(self) -> dict:
        return {"hit": _text(self.hit), "blocked": _text(self.blocked),
                "damage": {str(k): _text(v) for k, v in sorted(self.damage.items())},
                "kill_in_one": _text(self.kill_in_one),
                "expected_attacks_to_kill": (None if self.expected_attacks_to_kill is None
                                             else _text(self.expected_attacks_to_kill)),
                "rules": list(self.rules)}


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def hit_chance(modifier: int, dodge_rolled: bool) -> Fraction:
    """The chance a hit die with ``modifier`` (and a rolled dodge die) comes to 4 or more."""
    dodges = FACES if dodge_rolled else (0,)
    wins = sum(1 for face in FACES for dodge in dodges if is_hit(face, modifier, dodge))
    return Fraction(wins, len(FACES) * len(dodges))


def expected_attacks(damage: Mapping[int, Fraction], hits: int) -> Fraction | None:
    """Mean number of attacks until the damage adds up to ``hits`` or more (``None``: never).

    E(h) = (1 + sum over d > 0 of p(d) E(h - d)) / (1 - p(0)), E(h <= 0) = 0.

    >>> expected_attacks({0: Fraction(1, 2), 1: Fraction(1, 2)}, 2)
    Fraction(4, 1)
    """
    return _mean_attacks(tuple(sorted(damage.items())), hits)


@functools.lru_cache(maxsize=4096)
def _mean_attacks(damage: tuple[tuple[int, Fraction], ...], hits: int) -> Fraction | None:
    # Cached: the odds tables ask for the same distribution against many defenders.
    stay = dict(damage).get(0, Fraction(0))
    if stay == 1:
        return None
    means = [Fraction(0)] * (hits + 1)  # means[h]: attacks to deal h more hits
    for left in range(1, hits + 1):
        total = Fraction(1)
        for amount, chance in damage:
            if amount > 0:
                total += chance * means[max(0, left - amount)]
        means[left] = total / (1 - stay)
    return means[hits]


def attack_odds(attacker: Warrior, weapon: Weapon, defender: Warrior,
                defender_weapons: Sequence[Weapon], shield: Equipment | None,
                armor: Sequence[Equipment], rules: Rules, *, ranged: bool = False,
                attacker_in_back: bool = False, target_in_back: bool = False) -> AttackOdds:
    """Exact odds of one attack of ``attacker`` with ``weapon`` on a ``defender``
    using ``defender_weapons`` (for parry, reach and two-handed use), with
    ``shield`` and ``armor`` (helmet and armor pieces)."""
    modifier = hit_modifier(attacker, defender, defender_weapons, ranged, attacker_in_back,
                            target_in_back, rules)
    used_rules = list(hit_rules(ranged, rules))
    works = shield_works(shield, defender_weapons, rules)
    if works:
        used_rules.append("FF 6.1")
    elif shield is not None:
        used_rules.append("FF 1.8")
    blocking = sum(1 for face in FACES if shield.blocks(face)) if works else 0
    used_rules.append("FF 6.2")
    if attacker.bow_bonus and weapon.is_bow(rules.crossbows_are_bows):
        used_rules.append("FF 6.3")
    used_rules.append("FF 6.4")
    hit, blocked, damage, kill, expected = _odds(
        modifier, ranged and rules.dodge_is_rolled, blocking,
        damage_bonus(attacker, weapon, rules), armor_bonus(armor), defender.hits)
    return AttackOdds(hit, blocked, dict(damage), kill, expected, tuple(used_rules))


@functools.lru_cache(maxsize=8192)
def _odds(modifier: int, dodge_rolled: bool, blocking: int, bonus: int, soak: int,
          hits: int) -> tuple:
    # The odds depend on these six numbers only; cached for the tables of every matchup.
    hit = hit_chance(modifier, dodge_rolled)
    block = Fraction(blocking, 6)
    through = hit * (1 - block)
    damage: dict[int, Fraction] = {0: 1 - through}
    for face in FACES:
        amount = wound(face, bonus, soak)
        damage[amount] = damage.get(amount, Fraction(0)) + through * SIXTH
    damage = {k: v for k, v in damage.items() if v}
    kill = sum((p for amount, p in damage.items() if amount >= hits), Fraction(0))
    return hit, hit * block, tuple(sorted(damage.items())), kill, expected_attacks(damage, hits)
