"""Fight Klub's numbered energy rules (FK 3) and their entries in the ambiguity register.

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  Each witness is a
``ringside fightklub pay`` command line whose answer depends on the reading
(the tests replay it under both readings; ``proofs.fightklub`` has z3 find such
a payment on its own).
"""

from __future__ import annotations

import functools

from model.core.ambiguity import Ambiguity, Reading, Witness
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
         "cards. Ringside reads 'the table' as every player's cards (FK-A4).",
         COSTS, (_SPOT, "model.fightklub.energy.type_in_sight")),
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

ENERGY_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-A1", "May a cost spot a token it burns?",
        "The rulebook says burned energy must always be paid before spotting costs, but "
        "not in so many words whether a token just burned still counts as seen.",
        COSTS, ("FK 3.7",), "spot_after_burning",
        (Reading(True, "Spot parts look at the pool after the cost's burns: a burned token "
                       "is gone and cannot be spotted.", "after burning"),
         Reading(False, "Burning first only orders the steps; the spot parts look at the "
                        "pool as it was when payment began.", "before burning")),
        True,
        "Burned tokens are moved off to the side of the play space, so they are no longer "
        "in the pool to be seen; the burn-first instruction would say nothing if spotting "
        "could still see them.",
        Witness("", "", "After burning, the only blue token is gone and the cost cannot be "
                "paid; read before burning, it is payable.",
                command="fightklub pay --pool B --cost 'burn B, spot B'"),
        "spot after burning"),
    Ambiguity(
        "FK-A2", "Does each spot part need a token of its own?",
        "The rulebook counts each token used to pay a card's cost once, in its paragraph on "
        "burning; spotting is met 'as long as' the colour can be seen. Whether two spot "
        "parts of the same colour need two tokens is not said.",
        COSTS, ("FK 3.10", "FK 3.5"), "one_token_per_spot",
        (Reading(False, "One token in sight meets every spot part of its colour in the "
                        "cost.", "one token spots many"),
         Reading(True, "Each spot part needs a token of its own, as each token counts once "
                       "towards a cost.", "a token per spot part")),
        False,
        "Spotting only asks that the colour be seen and takes nothing away; the 'counted "
        "once' sentence explains burning. The literal preset applies it to spotting too.",
        Witness("", "", "With one green token, the cost is payable if one token spots both "
                "parts and not payable if each part needs its own.",
                command="fightklub pay --pool G --cost 'spot G, spot G'"),
        "token per spot part"),
    Ambiguity(
        "FK-A3", "Whose Drop's latent energy may a player spot?",
        "Each player has a copy of The Drop on the table, the controller's face up and the "
        "other face down, and the ONE Drop has latent energy printed on it; the rulebook "
        "says latent energy may be spotted (of characters) but not who may spot The "
        "Drop's.",
        UNIVERSAL, ("FK 3.9",), "opponent_spots_drop",
        (Reading(False, "Only the player controlling The Drop may spot its latent energy; "
                        "the other copy lies face down and shows nothing.",
                 "controller only"),
         Reading(True, "Both players may spot The Drop's latent energy (the face-up copy "
                       "is on the table for all to see, or each owns a copy of it).",
                 "both players")),
        False,
        "Spotting means seeing the energy, and only the controller's copy is face up; "
        "control passes every turn, so each player gets the Drop's energy in turn.",
        Witness("", "", "A player without control of The Drop and with no yellow token "
                "cannot spot yellow if only the controller may use The Drop, and can if "
                "both may.",
                command=("fightklub pay --pool - --drop-latent 'B G Y' --opponent-has-drop "
                         "--cost 'spot Y'")),
        "opponent spots The Drop"),
    Ambiguity(
        "FK-A4", "Does spotting a card type look at the opponent's cards?",
        "The rulebook says the card type must be seen somewhere on the table, without "
        "saying whether the opponent's cards count.",
        COSTS, ("FK 3.6",), "spot_cards_anywhere",
        (Reading(True, "A card of the type anywhere on the table, the opponent's included, "
                       "meets the part.", "anywhere on the table"),
         Reading(False, "Only the paying player's own cards count.", "own cards only")),
        True,
        "The rulebook's words are 'somewhere on the table', with no owner named.",
        Witness("", "", "With gear only on the opponent's side, the cost is payable if the "
                "whole table counts and not payable if only the player's own cards do.",
                command="fightklub pay --pool - --opponent-table gear --cost 'spot gear'"),
        "spot cards anywhere"),
)


@functools.cache
def energy_rulebook() -> RuleBook:
    """The energy rules on their own (the game's rulebook adds the card and deck sections)."""
    return RuleBook("FK", (ENERGY_SECTION,), ENERGY_RULES)
