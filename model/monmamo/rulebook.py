"""The numbered rules of the Monsters Masters & Mobsters setup phase, and its glossary.

Statements are in ringside's own words; ``source`` names the section of the
rulebook excerpt (``monsters-masters-mobsters.txt``) each rule comes from.
The battle itself is not modelled yet: these rules stop where the battle
begins.
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section, Term

BOOK = "Monsters Masters & Mobsters"
LAYOUT = f"{BOOK}: Game Layout"
ELEMENTS = f"{BOOK}: Elements of a Card"
MONSTERS = f"{BOOK}: Monster Properties"
SETUP = f"{BOOK}: Setup"
PUTTING = f"{BOOK}: Setup, Putting Cards Into the Battlefield"
COMPLETING = f"{BOOK}: Setup, Completing Setup"
READING = "ringside's reading (the rulebook is silent)"

RULEBOOK = RuleBook(
    "MM",
    (Section("MM 1", "Zones"), Section("MM 2", "Elements of a card"),
     Section("MM 3", "Monsters"), Section("MM 4", "Setup")),
    (
        Rule("MM 1.1", "The Battlefield",
             "The Battlefield is the shared area between the players where cards are put "
             "into play; a card put there stays until a rule moves it.",
             f"{LAYOUT}, The Battlefield"),
        Rule("MM 1.2", "The common Library",
             "All players draw from one common Library, kept face down beside the "
             "Battlefield. Nobody sees its cards or their order unless a rule or a card "
             "lets them look.", f"{LAYOUT}, Library"),
        Rule("MM 1.3", "Shuffling the Library",
             "Whenever someone has looked through the Library it is shuffled thoroughly, so "
             "every card in it is equally likely to be drawn next.",
             f"{LAYOUT}, Library"),
        Rule("MM 1.4", "The Discard pile",
             "Discarded cards go face up to the Discard pile, at any place in it the "
             "discarding player likes. Nobody looks through, shuffles or reorders the pile "
             "unless a rule or a card allows it.", f"{LAYOUT}, Discard"),
        Rule("MM 1.5", "Exile",
             "A card moved to Exile is out of the game for good: no rule or card brings it "
             "back. Exiled cards lie face up.", f"{LAYOUT}, Exile"),
        Rule("MM 1.6", "One zone per card",
             "Every card is in exactly one place at a time: a hand, the Library, the "
             "Battlefield (attached cards included), the Discard pile or Exile. Moving "
             "cards never creates or loses one.", f"{LAYOUT}"),
        Rule("MM 2.1", "The elements of a card",
             "A card shows a name, a type, a text, a flavor text and a number. The number "
             "tells cards apart and the flavor text adds lore; neither changes play.",
             f"{ELEMENTS}"),
        Rule("MM 2.2", "Same name, same thing",
             "Cards with the same name are the same thing for every rule, even when their "
             "numbers, types or texts differ.", f"{ELEMENTS}, Card Name"),
        Rule("MM 2.3", "Specific characters, Monsters and places",
             "A card that stands for one specific character, Monster or place may be on "
             "the Battlefield only once at a time.", f"{ELEMENTS}, Card Name"),
        Rule("MM 2.4", "Copies on the Battlefield",
             "A card's text may say how many cards of its name may be on the Battlefield "
             "at once; no play may exceed it.", f"{ELEMENTS}, Card Text"),
        Rule("MM 3.1", "Monster properties",
             "A Monster card gives its HP (damage capacity), level, size, speed, sex, "
             "taxons and multiplier, and an innate skill when it has one.",
             f"{MONSTERS}"),
        Rule("MM 4.1", "The battle format",
             "Before setup the players agree on a format: who plays, alone or in teams of "
             "equal size, how many Monsters each brings to the Battlefield, and the "
             "objective. Setup cannot finish until each player (or, under one reading, "
             "each team) has that many Monsters on the Battlefield.",
             f"{SETUP}, Battle Format and Objective"),
        Rule("MM 4.2", "Who sets up first",
             "Each player rolls a die and the highest roll takes the first setup turn; turns "
             "then go clockwise.", f"{PUTTING}"),
        Rule("MM 4.3", "Opening hands",
             "Each player draws seven cards from the Library.", f"{PUTTING}"),
        Rule("MM 4.4", "Placing a card",
             "A turn's play may be putting one Master, Mobster, Bystander, Drone or Place "
             "card from hand onto the Battlefield.", f"{PUTTING}"),
        Rule("MM 4.5", "A Mobster replaces its Bystander",
             "When a Mobster enters the Battlefield while a Bystander of the same name is "
             "there, that Bystander is discarded, whoever placed it by our default "
             "reading, the placing player's own only by the other. By our reading (the "
             "rulebook covers only the Mobster arriving) a Bystander cannot be placed "
             "while the Mobster of its name is there.", f"{PUTTING}"),
        Rule("MM 4.6", "Traits and Mana",
             "A turn's play may be attaching one Trait or Mana card from hand to one of the "
             "player's own Monsters on the Battlefield.", f"{PUTTING}"),
        Rule("MM 4.7", "Setup is one entry",
             "For anything that applies as a card enters the Battlefield, the whole setup "
             "phase counts as that card's entry: so a Trait, which attaches only as its "
             "Monster enters, may be attached at any time during setup.", f"{PUTTING}"),
        Rule("MM 4.8", "Proficiencies",
             "A turn's play may be attaching one Proficiency card from hand to a Master, "
             "Mobster or Bystander on the Battlefield.", f"{PUTTING}"),
        Rule("MM 4.9", "Draw and Vendor cards",
             "A turn's play may be playing one Draw or Vendor card from hand, which does "
             "what its text says.", f"{PUTTING}"),
        Rule("MM 4.10", "Discarding",
             "A turn's play may be discarding any number of cards from hand.",
             f"{PUTTING}"),
        Rule("MM 4.11", "One play, at least one card",
             "Each setup turn makes exactly one of the plays, and the player plays or "
             "discards at least one card in it.", f"{PUTTING}"),
        Rule("MM 4.12", "Seven at the end of a turn",
             "A turn ends with the player holding seven cards: they draw up to seven, or "
             "discard down to seven.", f"{PUTTING}"),
        Rule("MM 4.13", "Declaring setup complete",
             "Once the format's requirements are met, a player may declare setup complete "
             "on their turn; every other player then takes one final setup turn, and setup "
             "is over.", f"{COMPLETING}"),
        Rule("MM 4.14", "A player who cannot play",
             "A player holding no card (so the Library is empty too) can neither play nor "
             "discard: under our default reading setup stalls there and no battle follows; "
             "the other reading lets that player pass.", READING),
        Rule("MM 4.15", "A final turn without cards",
             "Once setup has been declared complete, a player holding no card when their "
             "final turn comes skips it under our default reading, and setup completes "
             "after the last final turn; read the other way, MM 4.14 applies to that turn "
             "as to any other.", READING),
    ),
)

GLOSSARY = (
    Term("Battlefield", "The shared play area; cards placed there stay until a rule moves "
         "them.", ("MM 1.1",)),
    Term("Library", "The one face-down deck all players draw from.", ("MM 1.2", "MM 1.3")),
    Term("Discard pile", "The face-up pile of discarded cards.", ("MM 1.4",)),
    Term("Exile", "Where cards removed from the game for good lie, face up.", ("MM 1.5",)),
    Term("Card Name", "What a card is; cards of one name are the same thing.",
         ("MM 2.2", "MM 2.3")),
    Term("Card Number", "Tells one card from another and has no effect on play.",
         ("MM 2.1",), notation=r"\bS\d\d\b"),
    Term("Battle format", "Who plays, alone or in teams, how many Monsters each must have "
         "on the Battlefield and the objective.", ("MM 4.1",)),
    Term("Setup turn", "One play (a card placed, attached, played or discarded), then back "
         "to seven cards in hand.", ("MM 4.11", "MM 4.12")),
    Term("Final setup turn", "The last turn each other player takes after someone "
         "declares setup complete.", ("MM 4.13",)),
    Term("Multiplier", "How many cards a Monster fetches on a Draw phase of the battle.",
         ("MM 3.1",)),
)
