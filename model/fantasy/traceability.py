"""The Fantasy Fight Club rulebook accounted for, sentence by sentence.

Each entry says in ringside's own words what a run of the sentences of
``fantasy-fight-club.txt`` says and which rules of :mod:`model.fantasy.rulebook`
implement it; the format is :mod:`model.core.traceability`.  Where the rulebook leaves a point open the
entry names the register's entry (:mod:`model.fantasy.ambiguities`).  The
rulebook prints some sentences across two or three lines (the pairing, the
hand-to-hand attack): an entry covers all of them.
"""

from __future__ import annotations

from model.core.traceability import Heading, Status, Trace

MODELLED, DATA, EXAMPLE = Status.MODELLED, Status.DATA, Status.EXAMPLE
FLAVOUR, OUT_OF_SCOPE = Status.FLAVOUR, Status.OUT_OF_SCOPE

TRACEABILITY = (
    Heading(1, "FANTASY FIGHT CLUB INTRODUCTION"),
    Heading(3, "RECRUIT STAGE"),
    Trace("5.1", MODELLED, "Each player receives ten warriors.", "8971bb", ("FF 1.1",),
          reason="ringside's skirmishes field fewer, the same number a side."),
    Trace("7.1", MODELLED, "Each player receives half the weapons and half the armor.",
          "b25a8a", ("FF 1.3", "FF 1.4"), end="9.1"),
    Trace("11.1", MODELLED, "The warriors stand face up in a front and a back row, the front "
          "never smaller than the back.", "6e2667", ("FF 1.2",), end="15.1",
          ambiguities=("FF-A14",)),
    Trace("17.1", MODELLED, "The players hand out their weapons and armor among their "
          "warriors, in the open.", "99044d", ("FF 1.3", "FF 1.4"), end="19.1",
          reason="Every warrior's equipment is open in ringside's positions."),
    Trace("21.1", MODELLED, "At most one shield and one helmet a warrior.", "875ec9",
          ("FF 1.5",)),
    Trace("23.1", MODELLED, "Either one full suit of armor or partial pieces.", "f5345d",
          ("FF 1.6",)),
    Trace("25.1", MODELLED, "Any number of weapons carried, one used a turn.", "1557ef",
          ("FF 1.7", "FF 3.2"), ambiguities=("FF-A11",)),
    Trace("27.1", MODELLED, "A warrior with spells draws that many spell cards, kept face "
          "down under it.", "21ab1d", ("FF 1.10", "FF 7.1"), end="29.1",
          reason="The rulebook prints no spell card: the spell deck is ringside's "
                 "example set."),
    Trace("31.1", MODELLED, "A two-handed weapon leaves a shield carried but useless.",
          "f58ca1", ("FF 1.8", "FF 6.1"), ambiguities=("FF-A4",)),
    Heading(33, "BATTLE STAGE"),
    Trace("35.1", MODELLED, "A turn has three phases, named next.", "2db19c", ("FF 2.1",)),
    Heading(37, "Draw Phase"),
    Heading(39, "Tactics Phase"),
    Heading(41, "Attack Phase"),
    Heading(43, "DRAW PHASE"),
    Trace("45.1", MODELLED, "Hands are filled to seven from the Fight Deck, its discard "
          "shuffled back when it runs out.", "eb2733", ("FF 2.2",), end="47.1",
          ambiguities=("FF-A16",),
          reason="No fight card is described, nor when one is played: ringside counts "
                 "them only."),
    Heading(49, "TACTICS PHASE"),
    Trace("51.1", MODELLED, "Warriors may change rows at will.", "49799e", ("FF 3.1",),
          ambiguities=("FF-A14", "FF-A17")),
    Trace("53.1", MODELLED, "Each warrior's weapon for the turn is named and shown on top of "
          "its equipment.", "8ab373", ("FF 3.2",), end="55.1",
          ambiguities=("FF-A11", "FF-A17")),
    Trace("57.1", MODELLED, "Some spells are cast in this phase.", "56d815", ("FF 7.2",)),
    Heading(59, "ATTACK PHASE"),
    Trace("61.1", MODELLED, "Ranged attacks go in order of range, longest first.",
          "f22951", ("FF 4.2",), ambiguities=("FF-A6",)),
    Trace("63.1", MODELLED, "A ranged weapon shoots from either row.", "b9bc04",
          ("FF 4.1",)),
    Trace("65.1", MODELLED, "A shooter picks a front-row target or rolls a die: low a "
          "front-row target, middle no attack, six a back-row target.", "6b32bb",
          ("FF 4.3",), end="71.1", ambiguities=("FF-A10",)),
    Trace("73.1", MODELLED, "A ranged attack hits on 4 or more with a die, the attacker's "
          "skill added and the target's dodge taken off.", "7a22c1", ("FF 4.4",),
          end="75.1", ambiguities=("FF-A1", "FF-A3")),
    Trace("77.1", MODELLED, "One less when attacking from the back.", "023121",
          ("FF 4.4",), ambiguities=("FF-A2",)),
    Trace("79.1", MODELLED, "A hit warrior with a shield rolls; a roll in the shield's "
          "blocking range stops the attack.", "4531b3", ("FF 6.1",), end="81.1",
          reason="The rulebook prints no shield card: blocking ranges are ringside's "
                 "example armor deck."),
    Trace("83.1", MODELLED, "A thrown weapon may serve hand to hand instead, and has limited "
          "ammunition when thrown.", "d96194", ("FF 3.2", "FF 4.5", "FF 5.1"), end="85.1",
          ambiguities=("FF-A4",)),
    Trace("87.1", MODELLED, "Spells with a range come with the ranged attacks.", "2f14e5",
          ("FF 7.3",), ambiguities=("FF-A6",)),
    Trace("89.1", MODELLED, "A cast spell is discarded; one spell a caster a turn.",
          "f6e889", ("FF 7.5", "FF 7.4"), end="89.2"),
    Trace("91.1", MODELLED, "Then the front-row warriors with hand-to-hand weapons attack the "
          "enemy front row.", "8cce59", ("FF 5.1",), end="93.1"),
    Trace("95.1", MODELLED, "A back-stabber may roll a die: low no attack this turn, high "
          "an attack on the enemy back row.", "de472d", ("FF 5.2",), end="99.1",
          ambiguities=("FF-A10", "FF-A18")),
    Trace("101.1", MODELLED, "The front rows pair up: the fastest picks an opponent first, "
          "and so on until every front-row warrior has picked or been picked.", "62771b",
          ("FF 5.3",), end="105.1", ambiguities=("FF-A7", "FF-A13")),
    Trace("107.1", MODELLED, "The larger side may put two warriors on one enemy.",
          "fc899f", ("FF 5.4",), ambiguities=("FF-A9", "FF-A19", "FF-A20")),
    Trace("109.1", MODELLED, "Each pairing rolls for who strikes first: low the faster, "
          "high the longer reach.", "96e384", ("FF 5.5",), end="113.1",
          ambiguities=("FF-A8", "FF-A13", "FF-A5")),
    Trace("115.1", MODELLED, "A hand-to-hand attack hits on 4 or more with a die, skill "
          "added, the target's dodge and its weapon's parry taken off.", "e47807",
          ("FF 5.6",), end="117.1", ambiguities=("FF-A3",)),
    Trace("119.1", MODELLED, "The shield roll again, for hand to hand.", "4531b3",
          ("FF 6.1",), end="121.1"),
    Trace("123.1", MODELLED, "A hit rolls a die for damage, adding the attacker's damage "
          "bonuses and taking off the target's armor; a positive total comes off its hits.",
          "d7c852", ("FF 6.2", "FF 6.3"), end="127.1", ambiguities=("FF-A12",)),
    Trace("129.1", MODELLED, "A warrior at 0 hits or fewer is killed.", "52a490",
          ("FF 6.4",),
          reason="The rulebook names no end of the battle: FF 8.1 and FF 8.2 are "
                 "ringside's reading and bound."),
    Heading(131, "WARRIOR DECK CARD LIST"),
    Heading(133, "Name Race Dam Speed Skill Dodge Hits Spells Notes"),
    Trace("135.1", DATA, "The twenty warrior cards, one row each: race, damage, speed, "
          "skill and dodge modifiers, hits, spells and notes.", "e265a1", ("FF 1.11",),
          end="173.1", ambiguities=("FF-A11", "FF-A12"),
          reason="Shipped as ringside's warrior table (analysis/fantasy/data)."),
    Heading(175, "H = Humanoid"),
    Heading(177, "M = Human"),
    Trace("179.1", MODELLED, "Back-stabbers and spellcasters wear no armor, shield or "
          "helmet.", "2d3b7b", ("FF 1.9",)),
    Heading(181, "WEAPON CARDS"),
    Heading(183, "Name: Dam Range Speed Reach Parry"),
    Trace("185.1", DATA, "The twenty-eight weapon cards, one row each: damage, range, "
          "speed, reach and parry.", "24d120", ("FF 1.12",), end="239.1",
          ambiguities=("FF-A4", "FF-A5"),
          reason="Shipped as ringside's weapon table (analysis/fantasy/data)."),
)
"""The Fantasy Fight Club rulebook, sentence by sentence (:mod:`model.core.traceability`)."""
