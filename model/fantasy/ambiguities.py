"""Fantasy Fight Club's ambiguity register: where its rulebook is silent or unclear.

Each entry quotes the passage, gives the readings, ringside's default, the
``Rules`` field (:class:`model.fantasy.rules.Rules`) that selects a reading
and a position where the readings disagree (:data:`WITNESSES`).
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.fantasy.rulebook import ATTACK, BATTLE, DRAW, TACTICS, WARRIORS, WEAPONS

WITNESSES = {
    # Positions where the readings part: the probe (an action) gives another position,
    # or is refused, under each reading; tests/test_fantasy_model.py replays them.
    "FF-A1": Witness(
        'size 1 | turn 1 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment ranged | a Orc@F:5[ShortSword,Javelins=2^]{Buckler} | b Goblin@F:4[Dagger=1,Club*] | cards 7 7 26 0 | queue A0.ranged.1.1.hit_roll.0.F.1.0 | pairs - | held -',
        'roll 6',
        'a hit roll of 6 hits the Goblin (6 - dodge 2) when the dodge is a rating; under '
        "a rolled dodge the Goblin rolls next. The Orc's Javelins hit the Goblin with "
        'odds 1/6, or 1/12.'),
    "FF-A2": Witness(
        'size 1 | turn 1 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment ranged | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} | b Centaur@B:8[LongBow*] | cards 7 7 26 0 | queue B0.ranged.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 3',
        'the Centaur shooting from the back row misses the Knight on a 3 when the penalty '
        "is for the attacker's row, and hits when it is for the target's; odds 1/2 or "
        '2/3.'),
    "FF-A3": Witness(
        'size 1 | turn 1 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment ranged | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} | b Centaur@F:8[LongBow*] | cards 7 7 26 0 | queue B0.ranged.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 3',
        "the Centaur's roll of 3 hits the Knight when parry does not count at range and "
        "misses when the Broad Sword's parry 1 counts; odds 2/3 or 1/2."),
    "FF-A4": Witness(
        'size 1 | turn 1 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment melee | a Knight@F:6[LongSword*] | b Orc@F:5[HandAxe=2*]{Buckler} | cards 7 7 26 0 | queue A0.melee.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 6',
        "the Orc's Buckler rolls to block the Knight's hit when the Hand Axe's (2) is "
        'ammunition, and does not (a two-handed weapon in use) when it gives the hands; a '
        'hit is blocked with odds 1/6, or never.'),
    "FF-A5": Witness(
        'size 1 | turn 1 | step first_strike | actor 0 | acts 4 | cursor 0 | segment melee | a Rogue@F:4[Whip*] | b Hobgoblin@F:7[Spear=1*] | cards 7 7 26 0 | queue - | pairs A0-B0 | held -',
        'roll 4',
        "a first-strike roll of 4 gives the Rogue's Whip (reach 8) the first strike over "
        "the Spear (7) as printed, and the Hobgoblin's Spear the first strike when the "
        "Whip's reach is 4."),
    "FF-A6": Witness(
        'size 1 | turn 1 | step tactics | actor 1 | acts 4 | cursor 0 | segment - | a Goblin@F:4[Dagger=1^] | b Rogue@F:4[Knives=4] | cards 7 7 26 0 | queue - | pairs - | held -',
        'set B0 F Knives^',
        "the Goblin's Dagger and the Rogue's Knives (both range 1) are thrown together, "
        'or the faster Rogue throws first.'),
    "FF-A7": Witness(
        'size 1 | turn 1 | step tactics | actor 1 | acts 4 | cursor 0 | segment - | a Orc@F:5[Dirk*] | b Knight@F:6[ShortSword] | cards 7 7 26 0 | queue - | pairs - | held -',
        'set B0 F ShortSword',
        'the Orc and the Knight (speed 1 each) roll off for the first pick, or the Orc, '
        'on side A, picks first.'),
    "FF-A8": Witness(
        'size 1 | turn 1 | step first_strike | actor 0 | acts 4 | cursor 0 | segment melee | a Orc@F:5[Dirk*] | b Knight@F:6[ShortSword*] | cards 7 7 26 0 | queue - | pairs B0-A0 | held -',
        'roll 1',
        'on a first-strike roll of 1 the two (speed 1 each) strike together, or the '
        'Knight, who picked, strikes first.'),
    "FF-A9": Witness(
        'size 2 | turn 1 | step hit_roll | actor 0 | acts 9 | cursor 0 | segment melee | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} Bandit@F:5[Dagger=1*] | b Bugbear@F:9[Flail*] Centaur@B:8[LongBow*] | cards 7 7 26 0 | queue A1.melee.2.1.hit_roll.0.F.0.0 | pairs A0-B0+ | held -',
        'roll 1',
        "after the Bandit's miss the Knight's doubled-up pairing is the Knight's attack "
        'alone, or a full pairing with its own first-strike roll.'),
    "FF-A10": Witness(
        'size 1 | turn 1 | step target_roll | actor 0 | acts 4 | cursor 0 | segment ranged | a Orc@F:5[ShortSword,Javelins=3^]{Buckler} | b Goblin@F:4[Dagger=1,Club*] | cards 7 7 26 0 | queue A0.ranged.1.1.target_roll.-.-.1.0 | pairs - | held -',
        'roll 6',
        'a target roll of 6 on an empty back row is no attack, or an attack on the front '
        'row.'),
    "FF-A11": Witness(
        'size 1 | turn 1 | step tactics | actor 0 | acts 4 | cursor 0 | segment - | a Warrior@F:6[LongSword,Katar] | b Rogue@F:4[Whip*] | cards 7 7 26 0 | queue - | pairs - | held -',
        'set A0 F LongSword+Katar',
        'the Warrior may take its Long Sword and Katar into use together, or is refused '
        '(FF 1.7).'),
    "FF-A12": Witness(
        'size 1 | turn 1 | step damage_roll | actor 0 | acts 4 | cursor 0 | segment ranged | a Elf@F:4[LightCrossbow*]<EmberDart> | b Orc@F:5[Club*] | cards 7 7 26 0 | queue A0.ranged.1.1.damage_roll.0.F.0.0 | pairs - | held -',
        'roll 2',
        "the Elf's Light Crossbow damage roll of 2 takes 1 hit (2 - 1), or 3 with the bow "
        'bonus.'),
    "FF-A13": Witness(
        'size 1 | turn 1 | step first_strike | actor 0 | acts 4 | cursor 0 | segment melee | a Orc@F:5[ShortSword*] | b Knight@F:6[LongSword*] | cards 7 7 26 0 | queue - | pairs A0-B0 | held -',
        'roll 1',
        'on a first-strike roll of 1 the Orc (0 + Short Sword 1) strikes before the '
        'Knight (0 + Long Sword 0), or with equal card speeds they strike together.'),
    "FF-A14": Witness(
        'size 2 | turn 1 | step tactics | actor 0 | acts 1 | cursor 1 | segment - | a Warrior@B:6[LongSword*,Katar] Kobold@B:3[Knives=4] | b Rogue@F:4[Whip] Hobgoblin@F:7[Spear=1] | cards 7 7 26 0 | queue - | pairs - | held -',
        'set A1 B Knives',
        'with the Warrior already in the back row, the Kobold may not join it while the '
        'rows rule holds in battle, and may when it binds the lay-out only.'),
    "FF-A15": Witness(
        'size 1 | turn 12 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment melee | a Orc@F:5[ShortSword*] | b Goblin@F:4[Club*] | cards 7 7 26 0 | queue A0.melee.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 1',
        'the miss that ends turn 12 ends the battle undecided under a limit of 12 turns, '
        'and leads to turn 13 under 30.'),
    "FF-A16": Witness(
        'size 1 | turn 1 | step hit_roll | actor 0 | acts 4 | cursor 0 | segment melee | a Orc@F:5[ShortSword*] | b Goblin@F:4[Club*] | cards 7 7 26 0 | queue A0.melee.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 1',
        "the Orc's miss ends turn 1; with the hands kept, turn 2 draws nothing (7 7 26 0), "
        'with the hands spent they go to the discard pile and each side draws 7 '
        '(7 7 12 14).'),
    "FF-A17": Witness(
        'size 2 | turn 1 | step tactics | actor 0 | acts 0 | cursor 0 | segment - | a Warrior@F:6[LongSword,Katar] Kobold@B:3[Knives=4] | b Rogue@F:4[Whip] Hobgoblin@F:7[Spear=1] | cards 7 7 26 0 | queue - | pairs - | held -',
        'set A0 F LongSword',
        "once the Warrior has set, side A's Kobold sets next when side A sets first, and "
        "side B's Rogue when the sides alternate."),
    "FF-A18": Witness(
        'size 2 | turn 1 | step hit_roll | actor 0 | acts 9 | cursor 0 | segment ranged | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} Rogue@B:4[Dagger=1*] | b Centaur@F:8[LongBow*] Orc@B:5[Club*] | cards 7 7 26 0 | queue B0.ranged.1.1.hit_roll.0.F.0.0 | pairs - | held -',
        'roll 1',
        "after the Centaur's miss the ranged attacks are over: the Rogue in side A's back "
        "row may roll to back-stab when a back-stabber may stand in either row, and the "
        "front rows pair up at once when it must stand in the front row."),
    "FF-A19": Witness(
        'size 2 | turn 1 | step pair | actor 0 | acts 8 | cursor 0 | segment pairing | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} Bandit@F:5[Dagger=1*] | b Bugbear@F:9[Flail*] Centaur@B:8[LongBow*] | cards 7 7 26 0 | queue - | pairs A1-B0 | held -',
        'pick none',
        "with the Bugbear, side B's only front-row warrior, already paired with the "
        "Bandit, the Knight must double up on it (staying out is refused, FF 5.4), or may "
        'stay out of the melee.'),
    "FF-A20": Witness(
        'size 2 | turn 1 | step pair | actor 0 | acts 7 | cursor 1 | segment pairing | a Knight@F:6[BroadSword*]{KiteShield,ChainSuit} Bandit@F:5[Dagger=1*] | b Bugbear@F:9[Flail*] Centaur@B:8[LongBow*] | cards 7 7 26 0 | queue - | pairs - | held -',
        'pick B0',
        "the Bandit picks the Bugbear, side B's only front-row warrior; side A has two "
        "front-row warriors to side B's one, but two warriors in all like side B: the "
        "Knight doubles up on the Bugbear when the front rows are counted, and stays out "
        "of the melee when every warrior is."),
}


def _amb(id_: str, title: str, passage: str, source: str, rules: tuple[str, ...], field: str,
         readings: tuple[Reading, ...], default, rationale: str, setting: str) -> Ambiguity:
    return Ambiguity(id=id_, title=title, passage=passage, source=source, rules=rules,
                     field=field, readings=readings, default=default, rationale=rationale,
                     witness=WITNESSES[id_], setting=setting)


AMBIGUITIES = (
    _amb("FF-A1", "Is the target's dodge a rating or a roll at range?",
         "The ranged hit rule subtracts the target's 'dodge roll'; the hand-to-hand rule "
         "subtracts its 'dodge rating', and no dodge roll is described anywhere.",
         ATTACK, ("FF 4.4",), "dodge_is_rolled",
         (Reading(False, "Subtract the dodge rating, as in hand to hand.", "rating"),
          Reading(True, "The target rolls 1D6 and the number rolled is subtracted.",
                  "a die roll")),
         False, "No dodge roll exists in the rules; the warrior table gives a Dodge rating.",
         "The dodge is a die roll"),
    _amb("FF-A2", "What is 'attacking from the back rating'?",
         "The ranged hit roll loses 1 'if the attacker is attacking from the back rating'; "
         "no back rating exists.",
         ATTACK, ("FF 4.4",), "back_penalty_on_target",
         (Reading(False, "The attacker stands in the back row.", "attacker in the back row"),
          Reading(True, "The target stands in the back row.", "target in the back row")),
         False, "'Attacking from the back' names where the attacker is; 'rating' reads as a "
                "slip for 'row'.", "The penalty is for a back-row target"),
    _amb("FF-A3", "Does parry count against ranged attacks?",
         "Parry is subtracted in the hand-to-hand hit rule and not named in the ranged one.",
         ATTACK, ("FF 4.4", "FF 5.6"), "parry_against_ranged",
         (Reading(False, "Only hand to hand.", "hand to hand only"),
          Reading(True, "Ranged attacks too.", "ranged too")),
         False, "Each hit rule lists what it subtracts; the ranged one lists no parry.",
         "Parry counts at range"),
    _amb("FF-A4", "What do the numbers in brackets mean?",
         "Dagger (1), Knives (4), Javelins (3), Spear (1) and Hand Axe (2) carry a number in "
         "brackets, the two-handed weapons a (2-H); the rulebook explains neither, but says "
         "thrown weapons have limited ammunition.",
         WEAPONS, ("FF 1.12", "FF 4.5", "FF 1.8"), "bracket_is_hands",
         (Reading(False, "The number is the ammunition of the thrown weapon.", "ammunition"),
          Reading(True, "A (1) or (2) is the hands the weapon needs, so the Hand Axe is "
                        "two-handed, and such a weapon is thrown once; (3) and (4) are "
                        "ammunition.", "hands")),
         False, "Every bracketed number is on a thrown weapon, and Knives (4) and Javelins "
                "(3) cannot be hands; one meaning for all is simplest.",
         "A (1) or (2) gives the hands"),
    _amb("FF-A5", "Is the Whip's reach of 8 meant?",
         "The Whip's reach is printed as 8, longer than the Spear (7) or Halberd (6), for a "
         "weapon with no damage bonus.",
         WEAPONS, ("FF 5.5", "FF 1.12"), "whip_reach",
         (Reading(8, "8, as printed: the longest reach of all.", "8 as printed"),
          Reading(4, "4, like the Flail, the other flexible weapon without parry.", "4")),
         8, "The printed number is the only fact we have; a whip is long.", "The Whip's reach"),
    _amb("FF-A6", "Who shoots first at equal range?",
         "Higher range scores attack before lower ones; the rulebook says nothing of equal "
         "scores.",
         ATTACK, ("FF 4.2",), "range_ties_by_speed",
         (Reading(False, "Together: a warrior killed by an attack of the same range still "
                         "shoots.", "together"),
          Reading(True, "The faster warrior first (card speed), together only at equal "
                        "speed.", "faster first")),
         False, "Nothing orders them, so none goes first.", "Equal ranges shoot faster first"),
    _amb("FF-A7", "Who picks first at equal speed?",
         "The warrior with the highest speed picks first; ties between the sides are not "
         "settled.",
         ATTACK, ("FF 5.3",), "speed_ties_roll_off",
         (Reading(True, "A roll-off: 1D6, 1-3 side A's warrior picks first, 4-6 side B's.",
                  "roll-off"),
          Reading(False, "Side A's warrior picks first.", "side A first")),
         True, "A die settles the other ties of the game.", "Speed ties roll off"),
    _amb("FF-A8", "Who strikes first when the first-strike roll names a tie?",
         "1-3 the greater speed strikes first, 4-6 the longer reach; equal speeds or reaches "
         "are not settled.",
         ATTACK, ("FF 5.5",), "first_strike_tie_simultaneous",
         (Reading(True, "Both strike together.", "together"),
          Reading(False, "The warrior who picked the pairing strikes first.", "the picker")),
         True, "Neither is favoured by the rule; striking together favours neither.",
         "Ties strike together"),
    _amb("FF-A9", "How does doubling up work?",
         "A side with more warriors 'may double up on enemy warriors'; the rulebook does not "
         "say whether the warrior doubled up on fights back against both.",
         ATTACK, ("FF 5.4",), "doubled_strikes_back",
         (Reading(False, "The extra warrior attacks; the doubled warrior strikes only in "
                         "its first pairing.", "attacks only"),
          Reading(True, "Each extra warrior forms a full pairing: a first-strike roll and "
                        "strikes both ways.", "full pairing")),
         False, "Doubling up is the larger side's advantage; a full pairing would give the "
                "doubled warrior an extra attack instead.", "The doubled warrior strikes back"),
    _amb("FF-A10", "What if a target roll names an empty row?",
         "A 1-3 attacks the front row and a 6 the back row (5-6 for a back-stab); the "
         "named row may hold no warrior.",
         ATTACK, ("FF 4.3", "FF 5.2"), "empty_row_hesitates",
         (Reading(True, "No attack, as on a hesitation.", "no attack"),
          Reading(False, "The attack goes to the other row.", "the other row")),
         True, "The roll names where to attack; with no one there, there is no attack.",
         "An empty row means no attack"),
    _amb("FF-A11", "May the Warrior use two hand-to-hand weapons in one turn?",
         "Warriors use one weapon a turn, but the Warrior's card says it 'May use 2 HTH "
         "wpns'.",
         WARRIORS, ("FF 3.3", "FF 1.7"), "warrior_two_attacks",
         (Reading(True, "Two one-handed hand-to-hand weapons in use, an attack with each; "
                        "its speed takes the slower, its parry and reach the better.",
                  "two attacks"),
          Reading(False, "One weapon a turn like everyone; the note has no effect.", "one")),
         True, "A card's own text overrides the general rule, or it would say nothing.",
         "The Warrior attacks with two weapons"),
    _amb("FF-A12", "Is a crossbow a bow?",
         "The Elf and the Centaur have a damage bonus 'with Bow'; the table lists bows and "
         "crossbows.",
         WARRIORS, ("FF 6.3",), "crossbows_are_bows",
         (Reading(False, "Only the Short, Long and Compound Bow.", "bows only"),
          Reading(True, "The crossbows too.", "crossbows too")),
         False, "The table names the crossbows apart from the bows.", "Crossbows are bows"),
    _amb("FF-A13", "What is a warrior's speed rating?",
         "Pairing and the first-strike roll use 'speed'; warrior cards and weapon cards both "
         "have a Speed column.",
         ATTACK, ("FF 5.3", "FF 5.5"), "speed_adds_weapon",
         (Reading(True, "The card's Speed plus the weapon's.", "card plus weapon"),
          Reading(False, "The card's Speed alone.", "card only")),
         True, "The weapon's Speed column would otherwise never be used.",
         "Speed adds the weapon's"),
    _amb("FF-A14", "Does the rows rule hold during the battle?",
         "The front row must hold at least as many warriors as the back when the warband is "
         "laid out; warriors may 'freely' change rows in the tactics phase.",
         TACTICS, ("FF 1.2", "FF 3.1"), "rows_rule_in_battle",
         (Reading(True, "After every tactics phase too, counting warriors standing.",
                  "every turn"),
          Reading(False, "Only when the warband is laid out.", "lay-out only")),
         True, "'Freely' reads as free of cost, not free of the rows rule.",
         "The rows rule holds in battle"),
    _amb("FF-A15", "When does a battle end short of a side's last warrior?",
         "The rulebook describes turns but names no last turn and no way a battle ends; "
         "misses and hesitations can go on for ever.",
         BATTLE, ("FF 8.2", "FF 8.1"), "turn_limit",
         (Reading(12, "After 12 turns the battle is called undecided.", "12 turns"),
          Reading(30, "After 30 turns.", "30 turns")),
         12, "Any bound is ringside's own; 12 turns end nearly every skirmish by its "
             "warriors falling, and keep a battle short to play out.",
         "Turn limit"),
    _amb("FF-A16", "When are fight cards played?",
         "Each player fills a hand to seven from the Fight Deck every turn, and a discard pile "
         "is reshuffled when the deck runs out; no phase says when a fight card is played, "
         "and no card is described.",
         DRAW, ("FF 2.2",), "hands_spent_each_turn",
         (Reading(False, "No moment is given, so none is played: a hand, once full, stays "
                         "full and the later draws take nothing.", "kept"),
          Reading(True, "Each hand is played out during the turn (to no effect ringside "
                        "can know) and goes to the discard pile at the turn's end, so every "
                        "draw refills it and the deck is reshuffled.", "spent each turn")),
         False, "ringside plays no fight card at a moment the rulebook does not name; the "
                "cards are counted only, under either reading, since their effects are not "
                "given either.", "Hands are spent each turn"),
    _amb("FF-A17", "Who sets tactics first, and in the open?",
         "Each player moves warriors between rows and names each warrior's weapon in the "
         "tactics phase; the rulebook gives no order between the players and does not say "
         "whether the choices are secret.",
         TACTICS, ("FF 3.1", "FF 3.2", "FF 7.2"), "tactics_alternate",
         (Reading(False, "Side A sets all of its warriors first, in the open, then side B, "
                         "who sees A's choices.", "side A first"),
          Reading(True, "The sides alternate warrior by warrior (A's first, B's first, A's "
                        "second ...), each choice in the open.", "alternate")),
         False, "The simplest order that ends; a secret simultaneous choice (the core's "
                "SIMULTANEOUS with a Joint action) would list every combination of every "
                "warrior's row, weapon and spell for both sides at once, thousands of joint "
                "actions for two warriors a side, so ringside does not offer it.",
         "The sides alternate their tactics"),
    _amb("FF-A18", "May a back-stabber in the back row back-stab?",
         "The back-stab roll is described among the hand-to-hand attacks, just after the "
         "front-row warriors with hand-to-hand weapons attack; it names no row for the "
         "back-stabber itself.",
         ATTACK, ("FF 5.2",), "backstab_front_row_only",
         (Reading(False, "From either row: a back-stabber in the back row may roll too.",
                  "either row"),
          Reading(True, "From the front row only, like the other hand-to-hand attacks.",
                  "front row only")),
         False, "The back-stab reaches the enemy back row, not the front, and the sentence "
                "gives the ability to every warrior that has it, wherever it stands.",
         "Only front-row back-stabbers back-stab"),
    _amb("FF-A19", "Must the larger side double up?",
         "A side with more warriors 'may double up on enemy warriors', after a pairing "
         "that runs until every front-row warrior has picked or been picked; whether a "
         "warrior left over may instead stay out of the melee is not said. This is a "
         "question of its own beside FF-A9, which asks what a doubled-up pairing does once "
         "it is made: each of the four combinations is a coherent game.",
         ATTACK, ("FF 5.4", "FF 5.3"), "doubling_up_optional",
         (Reading(False, "Every warrior left over doubles up: the 'may' allows it to pick "
                         "an enemy already paired, which the pairing would otherwise "
                         "forbid.", "must double up"),
          Reading(True, "Doubling up is the larger side's option: a warrior left over may "
                        "stay out of the melee this turn.", "may stay out")),
         False, "The pairing goes on until every front-row warrior has picked or been "
                "picked, and a warrior left over has done neither until it doubles up; "
                "the 'may' answers the question the pairing rule raises (can a paired "
                "enemy be picked again?). Staying out only ever helps when the doubled "
                "warrior strikes back (the other reading of FF-A9).",
         "Doubling up is optional"),
    _amb("FF-A20", "Which warriors count for 'more warriors' when doubling up?",
         "The doubling-up sentence gives the option to a side that 'has more warriors', "
         "right after a pairing of the front rows only; it does not say whether the back "
         "rows count, so a side with more front-row warriors may have no more warriors in "
         "all.",
         ATTACK, ("FF 5.4", "FF 1.2"), "double_up_needs_more_warriors",
         (Reading(False, "The front rows: a side with a front-row warrior left over once "
                         "every enemy front-row warrior is paired doubles up.",
                  "front rows"),
          Reading(True, "Every standing warrior: only a side with more warriors in all "
                        "doubles up; a warrior left over on a side without more stays "
                        "out of the melee.", "all warriors")),
         False, "The sentence follows the pairing of the front rows and answers what a "
                "front-row warrior left over does; back-row warriors take no part in the "
                "pairing, and counting them would keep a front-row warrior out of the "
                "melee because of warriors who cannot reach it.",
         "Doubling up needs more warriors in all"),
)
