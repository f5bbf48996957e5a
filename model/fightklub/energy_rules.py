"""Fight Klub's numbered energy rules (FK 3).

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  Each witness is a
``ringside fightklub pay`` command line whose answer depends on the reading
(the tests replay it under both readings; ``proofs.fightklub`` has z3 find such
a payment on its own), but FK-A5's, which asks what lies on the table in the
middle of a fight, is a position of the game (:data:`_A5`).
"""

from __future__ import annotations

import functools

from model.core.rules import Rule, RuleBook, Section

BOOK = "Fight Klub"
COSTS = f"{BOOK}: Card costs"
CHARACTER = f"{BOOK}: Card types, Character"
UNIVERSAL = f"{BOOK}: Card types, Universal card"
DECK = f"{BOOK}: Building a deck"
GLOSSARY_ADD = f"{BOOK}: Glossary, Add"
READING = "ringside's reading (the rulebook is silent)"

_PAY = "model.fightklub.energy.pay"
_SPOT = "model.fightklub.energy.spot_failures"
_BURN = "model.fightklub.energy.burn_problem"
_SIGHT = "model.fightklub.energy.Situation.latent_in_sight"

ENERGY_SECTION = Section("FK 3", "Energy and costs")

ENERGY_RULES: tuple[Rule, ...] = (
    Rule("FK 3.1", "The energy pool",
         "Energy comes as blue, green and yellow tokens (B, G, Y). A player's tokens "
         "collect in their energy pool; to add energy is to put tokens of the named "
         "colours into that pool.",
         f"{COSTS}; {GLOSSARY_ADD}", ("model.fightklub.energy.Pool",)),
    Rule("FK 3.2", "Burning a coloured cost",
         "A coloured part of a cost is paid by burning a token of that colour: the token "
         "leaves the pool and is set aside.",
         COSTS, (_BURN, _PAY)),
    Rule("FK 3.3", "Generic costs",
         "A generic part with a number N is paid by burning N tokens of any colours.",
         COSTS, (_BURN, _PAY)),
    Rule("FK 3.4", "Each token pays once",
         "A token burned for one part of a cost cannot pay another part: the coloured parts "
         "take their tokens first and the generic parts are paid from the tokens left.",
         COSTS, (_BURN, _PAY)),
    Rule("FK 3.5", "Spotting energy",
         "A spot part that names a colour is met when the player can see a token of that "
         "colour in their pool or among the latent energy they may use. Spotting takes "
         "nothing away: the token stays where it is, so a later cost may spot it again or "
         "burn it.",
         COSTS, (_SPOT, _PAY)),
    Rule("FK 3.6", "Spotting a card type",
         "A spot part that names a card type is met when a card of that type is on the "
         "table; heroes and villains count as characters, power and clash cards as fight "
         "cards. Ringside reads 'the table' as every player's cards (FK-A4) in play: the "
         "characters, The Drop and the support areas; by its default reading the cards "
         "lying in the fights (fight cards, the effects and gear on them) do not count "
         "(FK-A5).",
         COSTS, (_SPOT, "model.fightklub.energy.type_in_sight",
                 "model.fightklub.payment.table_types")),
    Rule("FK 3.7", "Burn before spotting",
         "When a cost has burn and spot parts, the burns are paid first and the spot parts "
         "then look at what the burns left: a token burned for a cost cannot be spotted for "
         "that same cost (FK-A1).",
         COSTS, (_SPOT, _PAY)),
    Rule("FK 3.8", "Latent energy",
         "Latent energy printed on a character can be spotted by its player but is never "
         "burned, neither for a cost nor for a penalty.",
         CHARACTER, (_SIGHT, _SPOT)),
    Rule("FK 3.9", "The Drop's latent energy",
         "The Drop of ONE carries one blue, one green and one yellow latent energy. The "
         "player who controls The Drop (their copy lies face up) may spot it like a "
         "character's latent energy; ringside's default denies it to the other player "
         "(FK-A3). Like all latent energy it is never burned.",
         f"{UNIVERSAL}; {DECK}", (_SIGHT,)),
    Rule("FK 3.10", "One token, several spot parts",
         "By ringside's default reading, one token in sight meets every spot part of its "
         "colour in the same cost: spotting needs the colour to be seen, not a token per "
         "part (FK-A2).",
         COSTS, (_SPOT,)),
    Rule("FK 3.11", "Paying costs in turn",
         "Costs are paid one after another, each from the pool the earlier ones left. A "
         "player choosing which tokens pay a generic part may keep the colours that an "
         "upcoming cost needs; a sequence of costs is payable when some choice of burns "
         "pays each cost in turn.",
         COSTS, (_PAY, "model.fightklub.energy.payment_problem")),
)

_WITNESS_NOTE = "(arguments of ringside fightklub pay)"

_A5 = (
       "decks synthetic-brick synthetic-dana | step enhance | drop 1 | first 0 | turn 1 | "
       "left 1 | pending 0 | settled 2 | fight 1 sides 0 0 boosts 2 0 0 0 0 0 null - "
       "skirmishes - clash - result - double - | p0 draw S911 S911 S911 S912 S912 S913 S913 "
       "S914 S914 S915 S915 S916 S916 S917 S918 S918 S919 S920 S920 S921 hand S913 S914 S915 "
       "S921 support - discard S919 fight S931 S932 S932 S933 S933 S934 S935 S936 S937 laid "
       "S932 table S916 stakes S931 S931 pool G G G G burned B B | p1 draw S911 S911 S912 "
       "S912 S912 S913 S913 S914 S915 S916 S916 S916 S918 S918 S920 S921 S921 S922 S922 hand "
       "S915 S918 S919 S919 support S911 S922 discard S914 fight S931 S932 S932 S932 S933 "
       "S933 S933 S937 S938 laid S931 stakes S931 S937 pool Y burned G G Y")
"""Brick (player 0) has activated Tire Iron, his only gear, on his fight card; Dana, with
no gear of her own and one yellow token, is to take her enhance action with Iron Grip
(burn Y, spot gear) in hand.  Made from a seeded game's position (turn_rules._T2) with
Dana's clash card swapped for a power card of her fight stack and an Iron Grip from
her draw stack in her hand."""


@functools.cache
def energy_rulebook() -> RuleBook:
    """The energy rules on their own (the game's rulebook adds the card and deck sections)."""
    return RuleBook("FK", (ENERGY_SECTION,), ENERGY_RULES)
