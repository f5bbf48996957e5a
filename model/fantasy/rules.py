"""Fantasy Fight Club rulesets: the readings the rulebook leaves open.

Each field but ``turn_limit`` is one entry of the ambiguity register
(``model.fantasy.ambiguities``, FF-A1 to FF-A18); the ``rulebook`` preset takes
ringside's default readings, ``literal`` the other reading of each.
``turn_limit`` is ringside's own bound (FF 8.2): the rulebook never says
when a battle ends short of a side being wiped out.
"""

from __future__ import annotations

from dataclasses import dataclass


MAX_TURN_LIMIT = 100
"""The longest turn limit a ruleset may set (the engine's bound on a battle's length)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """How to read the points the rulebook leaves open.

    dodge_is_rolled (FF-A1)
        The ranged hit roll subtracts a die the target rolls ("dodge roll")
        instead of its dodge rating.
    back_penalty_on_target (FF-A2)
        The -1 "attacking from the back" applies when the target is in the
        back row, instead of when the attacker is.
    parry_against_ranged (FF-A3)
        The target's weapon parry also counts against ranged attacks.
    bracket_is_hands (FF-A4)
        A (1) or (2) after a weapon's name gives the hands it needs (the Hand
        Axe is two-handed) and such a weapon is thrown once; otherwise every
        bracket number is the ammunition of a thrown weapon.
    whip_reach (FF-A5)
        The Whip's reach: 8 as printed, or 4 like the Flail.
    range_ties_by_speed (FF-A6)
        Ranged attackers of equal range shoot faster first; otherwise together.
    speed_ties_roll_off (FF-A7)
        Warriors of the two sides with equal speed roll off for the first
        pick; otherwise side A's picks first.
    first_strike_tie_simultaneous (FF-A8)
        When the first-strike roll names a rating both warriors share, both
        strike together; otherwise the warrior who picked strikes first.
    doubled_strikes_back (FF-A9)
        A warrior doubled up on strikes back in every pairing it is in;
        otherwise only in its first.
    doubling_up_optional (FF-A19)
        A warrior of the larger side left unpaired may stay out of the melee
        instead of doubling up; otherwise it must double up on an enemy.
    double_up_needs_more_warriors (FF-A20)
        Only a side with more standing warriors in all (both rows) doubles up;
        a warrior left over in the front row of a side without more stays out
        of the melee.  Otherwise the side with a front-row warrior left over
        doubles up, whatever the back rows hold.
    empty_row_hesitates (FF-A10)
        A target roll (or back-stab roll) naming an empty row means no
        attack; otherwise the attack goes to the other row.
    warrior_two_attacks (FF-A11)
        The Warrior's "May use 2 HTH wpns" lets it use two hand-to-hand
        weapons in a turn and attack with each; otherwise one, like everyone.
    crossbows_are_bows (FF-A12)
        "Damage +n with Bow" also applies to crossbows.
    speed_adds_weapon (FF-A13)
        A warrior's speed rating in hand-to-hand is its card's Speed plus its
        weapon's; otherwise the card's alone.
    rows_rule_in_battle (FF-A14)
        The front row holds at least as many warriors as the back row after
        every tactics phase, not only when the warband is laid out.
    turn_limit (FF-A15)
        ringside's bound: the battle is called undecided after this many
        turns (FF 8.2).
    hands_spent_each_turn (FF-A16)
        The rulebook never says when fight cards are played; by default they
        stay in hand (so a full hand draws nothing), otherwise each hand is
        spent during the turn and goes to the discard pile at its end.
    tactics_alternate (FF-A17)
        The sides set their warriors' tactics alternately (A's first, B's
        first, A's second ...); otherwise side A sets all of its warriors
        first, in the open, then side B.
    backstab_front_row_only (FF-A18)
        Only a back-stabber standing in the front row may roll to back-stab,
        since the back-stab comes among the front rows' hand-to-hand attacks;
        otherwise one in either row may.
    """

    dodge_is_rolled: bool = False
    back_penalty_on_target: bool = False
    parry_against_ranged: bool = False
    bracket_is_hands: bool = False
    whip_reach: int = 8
    range_ties_by_speed: bool = False
    speed_ties_roll_off: bool = True
    first_strike_tie_simultaneous: bool = True
    doubled_strikes_back: bool = False
    empty_row_hesitates: bool = True
    warrior_two_attacks: bool = True
    crossbows_are_bows: bool = False
    speed_adds_weapon: bool = True
    rows_rule_in_battle: bool = True
    turn_limit: int = 12
    hands_spent_each_turn: bool = False
    tactics_alternate: bool = False
    backstab_front_row_only: bool = False
    doubling_up_optional: bool = False
    double_up_needs_more_warriors: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.turn_limit <= MAX_TURN_LIMIT:
            raise ValueError(f"turn_limit must be 1 to {MAX_TURN_LIMIT}")
        if not 0 <= self.whip_reach <= 20:
            raise ValueError("whip_reach must be 0 to 20")


DEFAULT_RULES = Rules()
"""ringside's default reading of every entry: the ``rulebook`` preset."""
LITERAL = Rules(dodge_is_rolled=True, back_penalty_on_target=True,
                parry_against_ranged=True, bracket_is_hands=True, whip_reach=4,
                range_ties_by_speed=True, speed_ties_roll_off=False,
                first_strike_tie_simultaneous=False, doubled_strikes_back=True,
                empty_row_hesitates=False, warrior_two_attacks=False,
                crossbows_are_bows=True, speed_adds_weapon=False,
                rows_rule_in_battle=False, hands_spent_each_turn=True,
                tactics_alternate=True, backstab_front_row_only=True,
                doubling_up_optional=True, double_up_needs_more_warriors=True)
"""The other reading of each entry: the ``literal`` preset."""

PRESETS: dict[str, Rules] = {"rulebook": DEFAULT_RULES, "literal": LITERAL}
"""The named rulesets, the default first."""
