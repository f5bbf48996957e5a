"""The numbered rules of Fight Klub known so far (``RULEBOOK``) and its glossary (``GLOSSARY``).

FK 1 (cards: the types and their parts) and FK 2 (decks and collections) are
written here; FK 3 (energy and costs) comes from
:mod:`model.fightklub.energy_rules`, FK 4 (getting started and the setup phase)
from :mod:`model.fightklub.setup_rules`, FK 5 (fights) from
:mod:`model.fightklub.fight_rules`, FK 6 (the turn after setup) from
:mod:`model.fightklub.turn_rules` and FK 7 (three or more players) from
:mod:`model.fightklub.multiplayer_rules`.  Statements are in ringside's own words;
``source`` names the section of the rulebook (``fight-klub.txt``).

>>> RULEBOOK.get("FK 2.6").title
'The 1-3-3 rule'
>>> [section.number for section in RULEBOOK.sections]
['FK 1', 'FK 2', 'FK 3', 'FK 4', 'FK 5', 'FK 6', 'FK 7']
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section, Term
from model.fightklub.energy_rules import ENERGY_RULES, ENERGY_SECTION
from model.fightklub.fight_rules import (
    FIGHT_GLOSSARY, FIGHT_RULES, FIGHT_SECTION)
from model.fightklub.multiplayer_rules import (
    MULTIPLAYER_GLOSSARY, MULTIPLAYER_RULES, MULTIPLAYER_SECTION)
from model.fightklub.setup_rules import (
    SETUP_GLOSSARY, SETUP_RULES, SETUP_SECTION)
from model.fightklub.turn_rules import (
    TURN_GLOSSARY, TURN_RULES, TURN_SECTION)

BOOK = "Fight Klub"
FOUNDATION = f"{BOOK}: ONE: The Foundation Set"
FIRST_DECKS = f"{BOOK}: Your Recommended First Decks"
YOUR_DECK = f"{BOOK}: Your Deck"
FUNCTIONS = f"{BOOK}: Your Cards, Card functions"
COSTS = f"{BOOK}: Your Cards, Card costs"
TYPES = f"{BOOK}: Card types"
GLOSSARY_SECTION = f"{BOOK}: Glossary"
READING = "ringside's reading (the rulebook is silent)"

_CARDS = "model.fightklub.cards"
_DECKS = "model.fightklub.decks"
_SYN = f"{_CARDS}.parse_synthetic_card"
_CHECK = f"{_DECKS}.check_deck"

CARD_SECTION = Section("FK 1", "Cards")
DECK_SECTION = Section("FK 2", "Decks and collections")

CARD_RULES: tuple[Rule, ...] = (
    Rule("FK 1.1", "Card types",
         "Every card is of one of seven types: character, condition, effect, gear, fight "
         "card, instant or universal card. A card of a set is known by its number; it also "
         "has a name and a rarity letter.",
         f"{TYPES}; {FIRST_DECKS}", (f"{_CARDS}.Card", _SYN)),
    Rule("FK 1.2", "Characters",
         "A character, hero or villain, has a life value (the damage that defeats it), a "
         "hand value (the cards its player draws up to), a hold value (the most cards kept "
         "before drawing up), first setup energy (tokens added at the start of the game and "
         "of each turn), possibly latent energy, three attributes, and one or more centre "
         "skirmish bonus icons, each orange (mental), purple (spiritual) or red (physical) "
         "and worth +1 in a centre skirmish of that colour.",
         f"{TYPES}, Character", (f"{_CARDS}.CharacterParts", f"{_CARDS}._character")),
    Rule("FK 1.3", "Fight cards",
         "A fight card shows damage markers (the damage it deals when scored) and may show "
         "energy rewards (tokens added to the pool when it scores).",
         f"{TYPES}, Fight card", (f"{_CARDS}.FightParts", f"{_CARDS}._fight")),
    Rule("FK 1.4", "Power cards and skirmish tabs",
         "A power card has exactly three skirmish tabs across its top, each with a label "
         "(Fate, Mental, Physical, Spiritual or another) and a value; a tab may also carry "
         "a result, done when that skirmish is resolved.",
         f"{TYPES}, Fight card: Power card; {BOOK}: Fight phase",
         (f"{_CARDS}.SkirmishTab", f"{_CARDS}._side")),
    Rule("FK 1.5", "Clash cards",
         "A clash card has no skirmish tabs; its clash gametext decides the winner of its "
         "fight.",
         f"{TYPES}, Fight card: Clash card", (f"{_CARDS}.ClashRule", f"{_CARDS}._side")),
    Rule("FK 1.6", "Rotatable and gold-icon fight cards",
         "A rotatable fight card has two usable sides, each with skirmish tabs or clash "
         "gametext, and turns from one to the other through an enhance ability of its own. "
         "A fight card may carry a gold icon in place of the usual fight card icon; every "
         "rotatable fight card carries one.",
         f"{TYPES}, Fight card: Rotatable fight card, Gold-icon fight card",
         (f"{_CARDS}._fight",)),
    Rule("FK 1.7", "Conditions",
         "A condition is played to the support area as a setup action and stays in play; "
         "its phase abilities may be used again and again.",
         f"{TYPES}, Condition", (f"{_CARDS}.ConditionParts", f"{_CARDS}._abilities")),
    Rule("FK 1.8", "Effects",
         "An effect has three tabs that line up with the current fight card's skirmish tabs "
         "and add to or take from their totals.",
         f"{TYPES}, Effect", (f"{_CARDS}.TabParts", f"{_CARDS}._tab_modifiers")),
    Rule("FK 1.9", "Gear",
         "Gear is played to the support area as a setup action and activated in a fight "
         "like an effect, its tabs lined up with the fight card's; its text says whether it "
         "goes back to the support area after the fight or is destroyed.",
         f"{TYPES}, Gear", (f"{_CARDS}.TabParts", f"{_CARDS}._parts")),
    Rule("FK 1.10", "Instants",
         "An instant carries a phase keyword (setup, enhance, score or cooldown), is played "
         "from hand in that phase, does what it says and is discarded.",
         f"{TYPES}, Instant", (f"{_CARDS}.InstantParts", _SYN)),
    Rule("FK 1.11", "Universal cards and The Drop",
         "A universal card has both card backs and suits hero and villain decks alike. The "
         "Drop is one; the Drop of ONE has one blue, one green and one yellow latent "
         "energy printed on it.",
         f"{TYPES}, Universal card", (f"{_CARDS}.UniversalParts",
                                      "analysis.fightklub.loading.one_cards")),
    Rule("FK 1.12", "Signature cards",
         "A signature card shows the likeness of one hero or villain in its signature icon; "
         "cards of most types can be signature cards. Other fight cards are global.",
         YOUR_DECK, (_SYN, f"{_CARDS}.check_signatures")),
    Rule("FK 1.13", "Gametext",
         "A line of gametext may start with a bolded phase word (first setup, setup, "
         "enhance, score, cooldown) naming when it can be used; what stands before the "
         "colon is that phase and any extra costs, what follows is what happens once they "
         "are paid. An asterisk in the cost area points to an extra cost in the text.",
         f"{FUNCTIONS}; {GLOSSARY_SECTION}, Asterisk", (f"{_CARDS}.Ability",
                                                        f"{_CARDS}.parse_step")),
    Rule("FK 1.14", "Card costs",
         "A card played from hand may have a cost: coloured and generic energy to burn, "
         "and energy colours or card types to spot, written in the energy notation (FK 3).",
         COSTS, (f"{_CARDS}.parse_cost_text",)),
    Rule("FK 1.15", "What is known about ONE cards",
         "Of the cards of ONE, ringside knows the number, rarity and name from the public "
         "card list, and only what the rulebook itself states besides (the types its "
         "recommended decks show, the two characters' affiliations, The Drop's latent "
         "energy, John Rambo's first setup energy); every other fact is unknown, and a check "
         "that needs it says it cannot be made.",
         f"{FIRST_DECKS}; {FOUNDATION}; {READING}",
         (f"{_CARDS}.build_one_cards", f"{_CARDS}.Unknown")),
)

DECK_RULES: tuple[Rule, ...] = (
    Rule("FK 2.1", "Forty cards",
         "A deck holds exactly 40 cards: one character, a draw stack of 26, a fight stack "
         "of 12 and one copy of The Drop.",
         YOUR_DECK, (_CHECK,)),
    Rule("FK 2.2", "One character",
         "A deck has exactly one character, a hero or a villain, and no other character "
         "anywhere in it.",
         YOUR_DECK, (_CHECK, f"{_DECKS}._check_sections")),
    Rule("FK 2.3", "The fight stack",
         "The fight stack holds exactly 12 cards, every one of them a fight card.",
         YOUR_DECK, (_CHECK, f"{_DECKS}._check_sections")),
    Rule("FK 2.4", "The draw stack",
         "The draw stack holds exactly 26 cards, each a condition, effect, gear or instant: "
         "no character and no fight card.",
         YOUR_DECK, (_CHECK, f"{_DECKS}._check_sections")),
    Rule("FK 2.5", "One The Drop",
         "Every deck holds exactly one copy of The Drop, and no other universal card.",
         f"{YOUR_DECK}; {TYPES}, Universal card", (f"{_DECKS}._check_the_drop",)),
    Rule("FK 2.6", "The 1-3-3 rule",
         "A deck holds at most 1 copy of each rare card, 3 of each uncommon and 3 of each "
         "common. By ringside's default reading a card is its number: cards of different "
         "numbers that share a name are counted apart (FK-D3).",
         f"{YOUR_DECK}; {GLOSSARY_SECTION}, 1-3-3 Rule", (f"{_DECKS}._check_rarity",)),
    Rule("FK 2.7", "Gold-icon limit",
         "A fight stack holds at most 3 gold-icon fight cards, on top of the 1-3-3 rule; by "
         "ringside's default reading the 3 count all gold-icon cards together (FK-D1).",
         f"{YOUR_DECK}; {TYPES}, Fight card: Gold-icon fight card",
         (f"{_DECKS}._check_gold",)),
    Rule("FK 2.8", "One affiliation",
         "Every card of a deck has the same affiliation, hero or villain, as its "
         "character; universal cards fit either.",
         f"{YOUR_DECK}; {TYPES}, Universal card", (f"{_DECKS}._check_affiliation",)),
    Rule("FK 2.9", "Signature cards stay with their character",
         "A signature card may be in a deck only if the deck's character is the one its "
         "signature icon shows.",
         YOUR_DECK, (f"{_DECKS}._check_signatures",)),
    Rule("FK 2.10", "Deck lines name real cards",
         "Each deck line names a card of the set by its number; a number the set does not "
         "have is an error of the deck list.",
         f"{FIRST_DECKS}; {READING}", (f"{_DECKS}._identify",)),
    Rule("FK 2.11", "Number and name agree",
         "A deck line's name is the name printed on the card its number names (capitals, "
         "spacing and the shape of apostrophes aside).",
         f"{FIRST_DECKS}; {READING}", (f"{_DECKS}._identify", f"{_CARDS}.name_key")),
    Rule("FK 2.12", "Rarity letter agrees",
         "A deck line's rarity letter (R rare, U uncommon, C common) is the card's rarity "
         "in the card list.",
         FIRST_DECKS, (f"{_DECKS}._identify",)),
    Rule("FK 2.13", "Deck list notation",
         "A deck list is written in sections headed Character, Draw stack, Fight stack and "
         "Universal, one card per line as '- NAME: COPIES RARITY NUMBER'; a collection uses "
         "the same lines with headings optional. Blank lines and lines starting with # are "
         "ignored.",
         f"{FIRST_DECKS}; {READING}", (f"{_DECKS}.parse_card_list",)),
    Rule("FK 2.14", "Building decks from a collection",
         "A collection can build several decks at the same time when, card by card, it "
         "holds at least as many copies as the decks together list; by ringside's default "
         "reading each deck needs its own copy of The Drop (FK-D2).",
         f"{FOUNDATION}; {YOUR_DECK}", (f"{_DECKS}.check_collection",)),
)


RULES: tuple[Rule, ...] = (CARD_RULES + DECK_RULES + tuple(ENERGY_RULES) + SETUP_RULES
                              + FIGHT_RULES + TURN_RULES + MULTIPLAYER_RULES)
RULEBOOK = RuleBook("FK", (CARD_SECTION, DECK_SECTION, ENERGY_SECTION, SETUP_SECTION,
                              FIGHT_SECTION, TURN_SECTION, MULTIPLAYER_SECTION), RULES)
GLOSSARY: tuple[Term, ...] = (
    Term("Character", "The hero or villain a player plays: one per deck, on the table from "
         "the start, with life, hand and hold values.", ("FK 1.2", "FK 2.2"),
         see=("Hero", "Villain")),
    Term("Affiliation", "Hero or villain: the side a card belongs to. A deck keeps to one; "
         "universal cards suit both.", ("FK 2.8", "FK 1.11")),
    Term("Life value", "The damage that defeats a character.", ("FK 1.2",)),
    Term("Hand value", "The number of cards a player draws up to.", ("FK 1.2",)),
    Term("Hold value", "The most cards a player may keep before drawing up.", ("FK 1.2",)),
    Term("First setup energy", "The tokens a character adds to its pool at the start of the "
         "game and of each turn.", ("FK 1.2",)),
    Term("Latent energy", "Energy printed on a character or on The Drop: it may be spotted, "
         "never burned.", ("FK 1.2", "FK 1.11", "FK 3.8")),
    Term("Attribute", "One of a character's three printed personality traits, which "
         "gametext may refer to.", ("FK 1.2",)),
    Term("Centre skirmish bonus", "Icons on a character, each +1 in the centre skirmish "
         "when their colour matches the fight card's centre tab.", ("FK 1.2",)),
    Term("Fight card", "A card of the fight stack, revealed to fight; scored, it deals its "
         "damage markers.", ("FK 1.3", "FK 2.3")),
    Term("Power card", "A fight card with three skirmish tabs.", ("FK 1.4",)),
    Term("Skirmish tab", "A label and a value on a power card; opposing tabs make a "
         "skirmish.", ("FK 1.4",), see=("Skirmish label",)),
    Term("Result tab", "A skirmish tab whose result is carried out when that skirmish is "
         "resolved.", ("FK 1.4",)),
    Term("Clash card", "A fight card whose clash gametext decides its fight.", ("FK 1.5",)),
    Term("Rotatable fight card", "A fight card with two usable sides, turned by an enhance "
         "ability; always gold-icon.", ("FK 1.6",)),
    Term("Gold-icon fight card", "A powerful fight card with a gold icon; a fight stack "
         "holds at most 3.", ("FK 1.6", "FK 2.7")),
    Term("Signature card", "A card showing one character's likeness, allowed only in that "
         "character's deck.", ("FK 1.12", "FK 2.9")),
    Term("Damage marker", "The damage a fight card deals when it scores.", ("FK 1.3",)),
    Term("Energy reward", "Tokens a fight card adds to the pool when it scores.",
         ("FK 1.3",)),
    Term("Condition", "A card played to the support area in setup that stays in play.",
         ("FK 1.7",)),
    Term("Effect", "A card laid on the current fight card whose three tabs change its "
         "skirmish totals.", ("FK 1.8",)),
    Term("Gear", "A card kept in the support area and activated in a fight like an effect.",
         ("FK 1.9",)),
    Term("Instant", "A card played from hand in the phase its keyword names, then "
         "discarded.", ("FK 1.10",), see=("Phase keyword",)),
    Term("Universal card", "A card with both card backs, fit for any deck.", ("FK 1.11",)),
    Term("The Drop", "The universal card every deck holds once; its controller orders each "
         "phase's actions.", ("FK 2.5", "FK 1.11")),
    Term("Phase word", "The bolded word (first setup, setup, enhance, score, cooldown) that "
         "opens an ability line and says when it may be used.", ("FK 1.13",)),
    Term("1-3-3 rule", "At most 1 copy of a rare card, 3 of an uncommon, 3 of a common.",
         ("FK 2.6",)),
    Term("Rarity letter", "R rare, U uncommon, C common, as a deck line writes it.",
         ("FK 2.12", "FK 2.6")),
    Term("Draw stack", "A deck's 26 conditions, effects, gear and instants.", ("FK 2.4",)),
    Term("Fight stack", "A deck's 12 fight cards.", ("FK 2.3",)),
    Term("Deck line", "'- NAME: COPIES RARITY NUMBER', one card of a deck list or "
         "collection.", ("FK 2.13",), notation=r"(?m)^- [^\n]+: \d+ [RUC] S?\d+$"),
    Term("Collection", "The cards someone owns, written as deck lines.", ("FK 2.14",)),
    Term("Kilo", "One box of ONE: one of every card plus 20 extra cards for the two "
         "recommended decks.", ("FK 2.14",)),
    Term("Synthetic card", "A card ringside invented (numbers S901 to S999), not a card of "
         "ONE.", ("FK 1.1",), notation=r"\bS9\d\d\b"),
) + SETUP_GLOSSARY + FIGHT_GLOSSARY + TURN_GLOSSARY + MULTIPLAYER_GLOSSARY
