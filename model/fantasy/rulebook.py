"""The numbered rules of Fantasy Fight Club and its glossary.

Statements are in ringside's own words; ``source`` names the rulebook section
(``fantasy-fight-club.txt``) each comes from.  The rulebook gives no spell
cards, so their effects are data (ringside's example set, FF 7.1); when and how
often they are cast is the rulebook's (FF 7.2 to FF 7.5).  The ambiguity register is
:mod:`model.fantasy.ambiguities`.
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section, Term

BOOK = "Fantasy Fight Club"
RECRUIT = f"{BOOK}: Recruit Stage"
BATTLE = f"{BOOK}: Battle Stage"
DRAW = f"{BOOK}: Draw Phase"
TACTICS = f"{BOOK}: Tactics Phase"
ATTACK = f"{BOOK}: Attack Phase"
WARRIORS = f"{BOOK}: Warrior Deck Card List"
WEAPONS = f"{BOOK}: Weapon Cards"
READING = "ringside's reading (the rulebook is silent)"

RULEBOOK = RuleBook(
    "FF",
    (Section("FF 1", "Recruit stage"), Section("FF 2", "The turn"), Section("FF 3", "Tactics"),
     Section("FF 4", "Ranged attacks"), Section("FF 5", "Hand to hand"),
     Section("FF 6", "Shields, damage and death"), Section("FF 7", "Spells"),
     Section("FF 8", "End of the battle")),
    (
        Rule("FF 1.1", "Ten warriors a side",
             "Each player fields the ten warriors dealt to them. ringside's skirmishes, its "
             "bounded starts for the explorer, field fewer, the same number a side, named in "
             "the setup.", RECRUIT),
        Rule("FF 1.2", "Two rows",
             "The warriors stand in a front row and a back row, and the front row never holds "
             "fewer warriors than the back row (by the default reading of FF-A14 this holds "
             "after every tactics phase too, counting warriors still standing).", RECRUIT),
        Rule("FF 1.3", "The weapon deck is shared out",
             "Each player gets half of the weapon deck, one card of each weapon of the table: "
             "a warband holds no weapon card twice, at most half the deck (14 cards), and no "
             "weapon card is in both warbands.", RECRUIT),
        Rule("FF 1.4", "The armor deck is shared out",
             "Each player gets half of the armor deck (shields, helmets and armor): no card "
             "twice, at most half the deck, none in both warbands. The deck's cards are "
             "ringside's example set.", RECRUIT),
        Rule("FF 1.5", "One shield, one helmet",
             "A warrior wears at most one shield and at most one helmet.", RECRUIT),
        Rule("FF 1.6", "A full suit or partial pieces",
             "A warrior's armor is either one full suit or any number of partial pieces, "
             "never both.", RECRUIT),
        Rule("FF 1.7", "Several weapons, one in use",
             "A warrior may carry any number of weapon cards but uses only one of them in a "
             "turn; the Warrior's note is the one exception, see FF 3.3 for it.", RECRUIT),
        Rule("FF 1.8", "Two-handed weapons and shields",
             "A warrior using a two-handed weapon may still carry a shield, but the shield "
             "never blocks while that weapon is in use.", RECRUIT),
        Rule("FF 1.9", "No armor for back-stabbers and spellcasters",
             "A warrior with the Back-Stab note or a Spells value above 0 wears no armor, "
             "shield or helmet.", RECRUIT),
        Rule("FF 1.10", "Spell cards",
             "A warrior with a Spells value draws that many cards from the spell deck, kept "
             "face down under it: the other side sees how many, not which. The deck "
             "(ringside's example set) limits the copies of each spell. A warband file may "
             "record the cards drawn; for a caster that lists none ringside draws them at "
             "random from the cards the two warbands leave in the deck. They are cast in "
             "battle by FF 7.", RECRUIT),
        Rule("FF 1.11", "The warrior table",
             "Each warrior card gives a race, damage, speed, skill and dodge modifiers, hits "
             "and a Spells value, and may carry notes: a reach modifier, Back-Stab, a damage "
             "bonus with a bow, or leave to use two hand-to-hand weapons. A dash is 0.",
             WARRIORS),
        Rule("FF 1.12", "The weapon table",
             "Each weapon card gives a damage modifier, a range (H for hand to hand, a number "
             "for a ranged weapon, a number with T for a thrown one), a speed modifier, a "
             "reach and a parry value; (2-H) marks a two-handed weapon and a number in "
             "brackets is read by FF-A4. A dash is 0, or no reach.", WEAPONS),
        Rule("FF 2.1", "Three phases a turn",
             "Each turn of the battle has a draw phase, then a tactics phase, then an attack "
             "phase.", BATTLE),
        Rule("FF 2.2", "Drawing to seven",
             "In the draw phase each player draws from the fight deck until they hold seven "
             "cards; a deck that runs out is refilled by shuffling its discard pile. The "
             "fight cards' effects are not given, nor when they are played (FF-A16), so "
             "ringside counts them only.", DRAW),
        Rule("FF 3.1", "Changing rows",
             "In the tactics phase any warrior may move to the other row. ringside lets side "
             "A set each of its warriors in turn, then side B (the order is read by "
             "FF-A17).", TACTICS),
        Rule("FF 3.2", "The weapon of choice",
             "In the tactics phase each warrior takes one of its weapons into use for the "
             "turn. A thrown weapon is either kept for hand to hand or readied to be thrown; "
             "one with no ammunition left cannot be thrown.", TACTICS),
        Rule("FF 3.3", "The Warrior's two weapons",
             "The Warrior, whose card allows two hand-to-hand weapons, may by the default "
             "reading of FF-A11 take two one-handed hand-to-hand weapons into use and attack "
             "with each in hand to hand.", WARRIORS),
        Rule("FF 4.1", "Who attacks at range",
             "A warrior with a ranged weapon in use, or a thrown weapon readied to be thrown, "
             "attacks at range from either row.", ATTACK),
        Rule("FF 4.2", "Longer range first",
             "Ranged attacks come in order of range, the longest first; equal ranges are "
             "read by FF-A6. A warrior killed before its turn to shoot does not shoot.",
             ATTACK),
        Rule("FF 4.3", "Choosing a target",
             "A ranged attacker either attacks a warrior of the enemy front row of its "
             "choice, or rolls 1D6: 1-3 a front-row target, 4-5 it hesitates and does not "
             "attack, 6 a back-row target of its choice. A roll naming an empty row is read "
             "by FF-A10.", ATTACK),
        Rule("FF 4.4", "The ranged hit roll",
             "A ranged attack rolls 1D6, adds the attacker's skill and subtracts the "
             "target's dodge (FF-A1) and 1 for attacking from the back (FF-A2); 4 or more "
             "hits. Parry counts only under FF-A3.", ATTACK),
        Rule("FF 4.5", "Ammunition",
             "Each throw of a thrown weapon spends one of its ammunition (FF-A4 says how "
             "much it has); a thrown weapon with none left can still be used hand to hand.",
             ATTACK),
        Rule("FF 5.1", "The front rows fight",
             "After the ranged attacks, the warriors of the two front rows fight hand to "
             "hand; a warrior attacks only with a hand-to-hand weapon in use (a thrown one "
             "kept for hand to hand counts).", ATTACK),
        Rule("FF 5.2", "Back-stab",
             "A back-stabber with a hand-to-hand weapon in use may roll 1D6 instead of "
             "picking an opponent: 1-4 it does not attack this turn, 5-6 it attacks a "
             "back-row warrior of its choice (an empty row by FF-A10). By ringside's default "
             "reading it may be in either row (the other reading: the front row only), and "
             "it can still be picked as an opponent.", ATTACK),
        Rule("FF 5.3", "Pairing by speed",
             "Front-row warriors pair up: the fastest warrior not yet paired picks an enemy "
             "opponent not yet paired, and so on until every front-row warrior has picked or "
             "been picked. Speed is read by FF-A13, ties between the sides by FF-A7; within "
             "a side the warrior listed first picks first.", ATTACK),
        Rule("FF 5.4", "Doubling up",
             "When every enemy front-row warrior is paired, the warriors still unpaired of "
             "the larger side each pick an enemy already paired: they double up on it "
             "(by ringside's default reading they must; read the other way they may stay "
             "out of the melee, FF-A19). The larger side is the one with a front-row "
             "warrior left over (read the other way, the one with more warriors in all, "
             "FF-A20). Whether the doubled warrior strikes back in each "
             "pairing is read by FF-A9.",
             ATTACK),
        Rule("FF 5.5", "Who strikes first",
             "Each pairing rolls 1D6: 1-3 the warrior with the higher speed strikes first, "
             "4-6 the one whose weapon reaches further (the card's reach note included). "
             "Equal ratings are read by FF-A8. A warrior killed before its strike makes "
             "none.", ATTACK),
        Rule("FF 5.6", "The hand-to-hand hit roll",
             "A hand-to-hand attack rolls 1D6, adds the attacker's skill and subtracts the "
             "target's dodge rating and the parry of its weapon in use; 4 or more hits.",
             ATTACK),
        Rule("FF 6.1", "Shields",
             "A hit warrior with a shield (and no two-handed weapon in use) rolls 1D6; a "
             "roll within the shield's blocking range blocks the attack.", ATTACK),
        Rule("FF 6.2", "Damage",
             "An attack that hits and is not blocked rolls 1D6, adds the attacker's and the "
             "weapon's damage modifiers and subtracts the target's armor bonuses (helmet "
             "and armor); a positive total is taken off the target's hits.", ATTACK),
        Rule("FF 6.3", "Damage with a bow",
             "A warrior whose card gives a damage bonus with a bow adds it when its weapon "
             "in use is a bow; whether crossbows count is read by FF-A12.", WARRIORS),
        Rule("FF 6.4", "Killed",
             "A warrior at 0 hits or less is killed: it no longer acts, is no longer "
             "attacked and does not count in its rows.", ATTACK),
        Rule("FF 7.1", "Spell cards are data",
             "The rulebook names a spell deck but none of its cards; each card of ringside's "
             "example set says its effect: heal (a friendly warrior gets back up to N hits, "
             "never above its card's), aim (+N to a friendly warrior's hit rolls for the rest "
             "of the turn) or bolt (an enemy at range R loses N hits).", READING),
        Rule("FF 7.2", "Tactics spells",
             "A caster may cast a heal or aim spell it holds in the tactics phase, just before "
             "it sets its own row and weapon, on a standing warrior of its side (itself "
             "included); by ringside's reading a heal needs a wounded warrior, as on any "
             "other it would have no effect.", TACTICS),
        Rule("FF 7.3", "Spells with a range",
             "A bolt is readied in the tactics phase and cast with the ranged attacks, in "
             "order of its range among theirs (FF 4.2; equal ranges by FF-A6). Its target is "
             "chosen as a ranged attack's (FF 4.3); the target loses the bolt's hits with no "
             "hit, shield or armor roll. A caster killed before its turn, or hesitating, "
             "casts nothing and keeps the card.", ATTACK),
        Rule("FF 7.4", "One spell a turn",
             "A caster casts (or readies) at most one spell in a turn, whatever its Spells "
             "value; casting is apart from its weapon, which it still uses.", ATTACK),
        Rule("FF 7.5", "Cast spells are discarded",
             "A spell card leaves its caster when it is cast and does not come back: a caster "
             "casts at most as many spells in a battle as it drew.", ATTACK),
        Rule("FF 8.1", "The battle is won",
             "By ringside's reading (the rulebook names no end), a battle ends after the "
             "turn in which a side has no warrior left standing: the other side wins, or "
             "it is a draw when neither has.", READING),
        Rule("FF 8.2", "Turn limit",
             "ringside calls a battle undecided after the turn limit of its ruleset (12 by "
             "default), so that every battle it plays ends.", READING),
    ),
)


GLOSSARY = (
    Term("Warband", "The ten warriors a player fields, with their weapons, armor and spells.",
         ("FF 1.1",)),
    Term("Front row", "The row that fights hand to hand; it never holds fewer warriors than "
                      "the back row.", ("FF 1.2", "FF 5.1"), notation=r"@F\b"),
    Term("Back row", "The row behind; reached by a target roll of 6 or a back-stab.",
         ("FF 1.2", "FF 4.3"), notation=r"@B\b"),
    Term("Two-handed weapon", "A weapon marked (2-H); a shield does not block while it is in "
                              "use.", ("FF 1.8",)),
    Term("Thrown weapon", "A weapon with a T range: thrown at range while it has ammunition, "
                          "or used hand to hand.", ("FF 3.2", "FF 4.5")),
    Term("Hit roll", "1D6 plus skill, less dodge, parry and penalties; 4 or more hits.",
         ("FF 4.4", "FF 5.6")),
    Term("Blocking range", "The die faces on which a shield blocks a hit.", ("FF 6.1",)),
    Term("Pairing", "Two front-row warriors fighting hand to hand this turn.",
         ("FF 5.3", "FF 5.4")),
    Term("First-strike roll", "1D6 per pairing: speed decides on 1-3, reach on 4-6.",
         ("FF 5.5",)),
    Term("Back-stab", "A back-stabber's roll to attack the enemy back row.", ("FF 5.2",)),
    Term("Spell card", "A card held face down by a caster; cast (at most one a turn) it "
                       "heals, aims or strikes, and is discarded.",
         ("FF 1.10", "FF 7.1", "FF 7.4", "FF 7.5")),
    Term("Readied bolt", "A bolt a caster will cast with the ranged attacks this turn.",
         ("FF 7.3",), notation=r"<[^>]*\*"),
    Term("Killed", "At 0 hits or less: out of the battle.", ("FF 6.4",)),
)
