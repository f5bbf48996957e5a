"""Fight Klub's rulebook accounted for sentence by sentence (``TRACEABILITY``).

Each entry covers a run of sentences of ``fight-klub.txt`` (keys ``LINE.SENTENCE``,
see :mod:`model.core.traceability`) and says in ringside's own words what they
say and what ringside does with them: the FK rule numbers that implement them,
the data file that carries their facts, or why they are an example, flavour or
out of scope; ``ambiguities`` names the register's open points they leave
(:mod:`model.fightklub.ambiguities`).  The headings are listed as
:class:`~model.core.traceability.Heading` entries so the reference can show
the rulebook's own structure.  No rulebook sentence is quoted: each entry's
fingerprint ties it to the text it covers.
"""

from __future__ import annotations

from model.core.traceability import Heading, Status, Trace

_M = Status.MODELLED
_D = Status.DATA
_E = Status.EXAMPLE
_F = Status.FLAVOUR
_O = Status.OUT_OF_SCOPE

_DECK_FILE = "analysis/fightklub/data/decks/{}.txt"
_KILO = "the Kilo is analysis/fightklub/data/collections/kilo.txt"
_KNOWN = "kept in analysis/fightklub/data/one-known.toml"
_NOT_DRAWN = "a picture of the printed rulebook, absent from the text: nothing to model"
_NO_ATTRIBUTES = ("no step of ringside's card schema reads a character's attributes, so "
                  "no card can refer to them")


def _recommended_deck(who: str, headings: tuple[int, int, int, int, int],
                      fingerprints: tuple[str, str, str, str]) -> tuple[Heading | Trace, ...]:
    """One recommended deck as the rulebook prints it: its heading, then a heading and a
    data entry for each part (the character, the draw stack, the fight stack, The Drop),
    each part's list running from the line after its heading to the line before the next
    heading."""
    deck, character, draw, fight, universal = headings
    where = _DECK_FILE.format(who.lower())
    lines = ("FK 2.10", "FK 2.11", "FK 2.12")
    return (
        Heading(deck, f"{who} deck"),
        Heading(character, "Character"),
        Trace(str(character + 1), _D, f"{who}'s deck: its character line.", fingerprints[0],
              (*lines, "FK 1.15"), reason=where),
        Heading(draw, "Draw stack"),
        Trace(str(draw + 1), _D, f"{who}'s deck: the draw stack list.", fingerprints[1],
              (*lines, "FK 2.4"), end=str(fight - 1), reason=where),
        Heading(fight, "Fight stack"),
        Trace(str(fight + 1), _D, f"{who}'s deck: the fight stack list.", fingerprints[2],
              (*lines, "FK 2.3"), end=str(universal - 1), reason=where),
        Heading(universal, "Universal"),
        Trace(str(universal + 1), _D, f"{who}'s deck: its copy of The Drop.", fingerprints[3],
              ("FK 2.10", "FK 2.12", "FK 2.5"), reason=where),
    )


TRACEABILITY: tuple[Heading | Trace, ...] = (
    Heading(1, "Fight Klub"),
    Heading(2, "Fight Klub Rulebook"),
    Heading(3, "Table of Contents"),
    Heading(4, "Table of Contents"),
    Heading(5, "Victory condition"),
    Trace("6", _M, "A player wins by dealing enough damage to the other character before "
          "their own is defeated.", "02635b", ("FK 5.15", "FK 6.12"),
          ambiguities=("FK-T1",)),

    Heading(7, "ONE: The Foundation Set"),
    Trace("8.1", _F, "Buying advice: start with the foundation set ONE.", "9034aa"),
    Trace("8.2", _D, "A Kilo of ONE has every card once plus what the two starter decks "
          "(hero Rambo, villain Hannibal Lecter) need.", "3a988e", ("FK 2.14", "FK 1.15"),
          reason=_KILO, ambiguities=("FK-D2",)),
    Trace("8.3", _F, "Encouragement and buying advice about the starter decks and the "
          "tokens that come with the box.", "325fef", end="8.6"),
    Trace("9", _D, "What a purchase of ONE holds: the 101-card set and 20 more cards for "
          "the two starter decks, half hero and half villain.", "368844",
          ("FK 2.14", "FK 1.15"), end="11",
          reason=f"the card list is analysis/fightklub/data/one-cardlist.tsv; {_KILO}",
          ambiguities=("FK-D2",)),
    Trace("12", _O, "The box also holds about 21 energy tokens, 7 of each colour.", "d389eb",
          reason="a count of physical tokens: ringside's energy pools have no supply "
                 "limit, and nothing in the rules caps a pool at the tokens in the box"),
    Trace("13", _F, "The tuck box has a name plate for the player's handle.", "e74799"),
    Trace("14", _D, "The 121 cards build both 40-card starter decks, which travel in the "
          "tuck box with the tokens.", "8e7798", ("FK 2.14", "FK 2.1"), reason=_KILO,
          ambiguities=("FK-D2",)),

    Heading(15, "Your Recommended First Decks"),
    Trace("16", _M, "How a deck line is written: copies, rarity letter (R, U, C) and the "
          "card's set number.", "d72e57", ("FK 2.13", "FK 2.12")),
    *_recommended_deck("Rambo", (17, 18, 20, 40, 50),
                       ("e368a2", "926678", "16703c", "b017f7")),
    *_recommended_deck("Hannibal", (52, 53, 55, 74, 85),
                       ("d423fb", "a7164e", "613cfe", "b017f7")),

    Heading(87, "Your Deck"),
    Trace("88.1", _M, "Each player plays exactly one character, a hero or a villain.",
          "b7fb76", ("FK 2.2",)),
    Trace("88.2", _M, "Any two characters may meet, whatever their affiliations.", "95f235",
          ("FK 2.8", "FK 7.1"),
          reason="only a deck's own cards must share an affiliation; the game pairs any "
                 "decks"),
    Trace("89.1", _M, "A deck is 40 cards: a character, a fight stack of 12, a draw stack "
          "of 26 and The Drop.", "87652c", ("FK 2.1", "FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5")),
    Trace("89.2", _M, "The draw stack takes conditions, effects, gear and instants only.",
          "7af5b1", ("FK 2.4",)),
    Trace("89.3", _M, "The fight stack is exactly 12 fight cards and nothing else.",
          "5d0937", ("FK 2.3",)),
    Trace("89.4", _M, "Every card of a deck shares one affiliation and so one card back.",
          "1f115c", ("FK 2.8",)),
    Trace("90.1", _M, "Every deck includes one copy of The Drop.", "55577c", ("FK 2.5",)),
    Trace("90.2", _M, "The Drop starts on the table and chance picks its first holder.",
          "3cf4a8", ("FK 4.1", "FK 4.3")),
    Trace("90.3", _M, "The Drop's holder decides which player acts first in each phase.",
          "77dca5", ("FK 4.3", "FK 4.6", "FK 6.3")),
    Trace("90.4", _M, "Control of The Drop passes to the other player at every turn's end; "
          "the holder's copy lies face up, the other's face down, until the game is over.",
          "fa213b", ("FK 6.15", "FK 4.3"), end="90.6"),
    Trace("91.1", _M, "Fight cards are global unless they are signature cards, which show "
          "one character and belong only in that character's deck, whatever their type.",
          "052fd1", ("FK 1.12", "FK 2.9", "FK 2.8"), end="91.4"),
    Trace("92.1", _M, "The 1-3-3 rule: at most one copy of a rare, three of an uncommon, "
          "three of a common.", "63d3b3", ("FK 2.6",), end="92.2", ambiguities=("FK-D3",)),
    Trace("92.3", _M, "A fight stack may hold 3 gold-icon fight cards, and the 1-3-3 rule "
          "still applies.", "ce2bc6", ("FK 2.7",), end="92.4", ambiguities=("FK-D1",)),
    Trace("93", _M, "Taking the last card of the draw stack, however it happens, stops the "
          "action under way; the discard stack is shuffled into a new draw stack.",
          "095d1c", ("FK 4.14", "FK 6.17")),

    Heading(94, "Your Cards"),
    Trace("95", _F, "Introduction: cards go from hand to the table; the game claims to be "
          "new; the section explains playing and reading cards.", "1f7b5f"),
    Heading(96, "Card costs"),
    Trace("97.1", _M, "Most cards cost something to play.", "c29f2e", ("FK 1.14",)),
    Trace("97.2", _O, "Where the cost is printed on the card.", "19cb95",
          reason="card layout: ringside's card files write each cost in the energy "
                 "notation (FK 1.14)"),
    Trace("97.3", _M, "The cost area holds energy icons and may hold an asterisk pointing "
          "to a further cost in the text.", "91f8f6", ("FK 1.13", "FK 1.14")),
    Trace("97.4", _M, "To pay, the player moves the right tokens out of their pool and "
          "aside; that marks the card as paid.", "8d7b3b", ("FK 3.1", "FK 3.2", "FK 4.9"),
          end="97.5"),
    Trace("97.6", _M, "A cost may add a generic part, a grey stone with a number, paid with "
          "tokens of any colour.", "665212", ("FK 3.3", "FK 1.14"), end="97.8"),
    Trace("97.9", _M, "Advice: choose the generic tokens so the colours a later cost needs "
          "are kept.", "852954", ("FK 3.11",)),
    Trace("97.10", _M, "A token pays for one part of a cost only.", "9bc809", ("FK 3.4",),
          ambiguities=("FK-A2",)),
    Trace("97.11", _E, "A blue part plus generic 1: a blue token, then any other token.",
          "c127e4", ("FK 3.4",)),
    Trace("98.1", _M, "A cost may ask the player to spot an energy colour or a card type, "
          "named in the text behind an asterisk.", "81039e", ("FK 3.5", "FK 3.6", "FK 1.13"),
          end="98.2"),
    Trace("98.3", _M, "Spotting means the colour is visible in the player's pool or a card "
          "of the type is somewhere on the table.", "ed6cf6", ("FK 3.5", "FK 3.6"),
          ambiguities=("FK-A4", "FK-A5")),
    Trace("98.4", _M, "A spot part is met as long as the colour or type can be seen.",
          "d2df26", ("FK 3.5", "FK 3.10"), ambiguities=("FK-A2",)),
    Trace("98.5", _M, "Burn parts are paid before spot parts.", "692ed0", ("FK 3.7",),
          ambiguities=("FK-A1",)),

    Heading(99, "Card functions"),
    Trace("100", _M, "Most cards carry gametext, used by a few simple conventions.",
          "d5f6c9", ("FK 1.13",)),
    Trace("101", _M, "An asterisk with bold text marks an extra cost to play the card.",
          "eef5fa", ("FK 1.13",)),
    Trace("102.1", _M, "A line opening with a bold phase word (first setup, setup, enhance, "
          "score, cooldown) says when it may be used.", "bf43f6",
          ("FK 1.13", "FK 4.12", "FK 6.4", "FK 6.9", "FK 6.13")),
    Trace("102.2", _D, "John Rambo's first setup line adds one blue and two green tokens.",
          "107812", ("FK 1.15", "FK 1.2"), reason=_KNOWN),
    Trace("102.3", _E, "The shape of such a line: phase word, colon, action.", "87e425",
          ("FK 1.13",)),
    Trace("103", _E, "A second line of the same card: burn a green token and discard three "
          "cards, then carry out what follows the colon.", "3596d0", ("FK 1.13", "FK 6.6"),
          reason="ringside's synthetic Brick Malone has a line of this shape"),
    Trace("104", _M, "Before the colon: the phase and the extra costs; after it: what "
          "happens once they are paid.", "5f8951", ("FK 1.13",)),

    Heading(105, "Card types"),
    Trace("106.1", _M, "The seven card types: character, condition, effect, gear, fight "
          "card, instant, universal.", "1a3cce", ("FK 1.1",)),
    Trace("106.2", _F, "Signpost: the types are explained next.", "5dc5f0"),
    Heading(107, "Character"),
    Trace("108.1", _M, "Characters are heroes and villains.", "14a2da", ("FK 1.2",)),
    Trace("108.2", _M, "Each character lies on the table before its owner from the start.",
          "388935", ("FK 4.1",)),
    Trace("108.3", _M, "A character's first setup energy comes once as the game begins and "
          "once more as every turn opens.", "38769b",
          ("FK 1.2", "FK 4.5", "FK 4.7", "FK 6.15"), ambiguities=("FK-S1",)),
    Trace("108.4", _M, "Latent energy printed on a character can meet spot requirements but "
          "is never burned, for a cost or a penalty.", "87d4fe", ("FK 1.2", "FK 3.8"),
          end="108.6"),
    Trace("109.1", _M, "A character has a life value: the damage that defeats it.",
          "fb7038", ("FK 1.2", "FK 5.15"), end="109.2"),
    Trace("109.3", _M, "The hand value: the cards drawn up to at the start and, as a rule, "
          "at each turn's end.", "d85135", ("FK 4.4", "FK 6.14")),
    Trace("109.4", _M, "The hold value: the most cards kept before drawing up, anything "
          "from none to that value.", "adcd80", ("FK 1.2", "FK 6.14"),
          ambiguities=("FK-T3",)),
    Trace("110", _M, "Centre bonus icons: each icon whose colour (orange mental, purple "
          "spiritual, red physical) matches the centre tab of the character's fight card "
          "adds 1 there.", "2cdd63", ("FK 1.2", "FK 5.3")),
    Trace("111.1", _M, "Each character has three attributes, personality traits.",
          "e40a44", ("FK 1.2",)),
    Trace("111.2", _O, "Gametext may refer to attributes.", "8cd8c5", reason=_NO_ATTRIBUTES),
    Heading(112, "Condition"),
    Trace("113.1", _F, "What conditions stand for in the story.", "08debd"),
    Trace("113.2", _M, "A condition enters the support area through a setup action; the "
          "phase lines on it serve again and again, and there are often several.", "de94bb",
          ("FK 1.7", "FK 4.10", "FK 4.12", "FK 6.4", "FK 6.9", "FK 6.13"), end="113.3"),
    Trace("113.4", _M, "A condition may serve several actions, within the number of actions "
          "each phase allows.", "025cf1", ("FK 4.12", "FK 4.8")),
    Trace("113.5", _M, "A condition stays in play until it returns to hand, is destroyed or "
          "the game ends.", "bdf8a7", ("FK 1.7", "FK 4.13"),
          reason="returning to hand is carried out; destroy steps are in the card schema "
                 "but the game refuses decks whose cards use them"),
    Heading(114, "Effect"),
    Trace("115.1", _F, "What effects stand for: surprises the opponent cannot plan for.",
          "7abc27", end="115.2"),
    Trace("115.3", _M, "Effects are played in a fight's enhance step, mostly to raise "
          "skirmish totals.", "87461a", ("FK 6.4",)),
    Trace("115.4", _M, "An effect lies on the current fight card, its three tabs on the "
          "card's three, and changes those totals up or down.", "3f8cde",
          ("FK 1.8", "FK 5.3", "FK 6.4"), end="115.5"),
    Trace("115.6", _M, "Effects are discarded once their fight is resolved, just before its "
          "cards are scored or exhausted.", "e523ea", ("FK 5.13", "FK 6.10"), end="115.7",
          ambiguities=("FK-T8",)),
    Trace("116", _M, "No effect in a fight resolved by clash text, whatever the player's own "
          "card; other enhance actions stay open.", "554aef", ("FK 6.5",),
          ambiguities=("FK-T2",)),
    Heading(117, "Fight card"),
    Trace("118.1", _M, "Each deck has its own 12-card fight stack.", "5ee267", ("FK 2.3",)),
    Trace("118.2", _M, "Fight cards are revealed in pairs, each pair has a winner, and "
          "winning cards score as damage.", "7d9a35", ("FK 4.16", "FK 6.1", "FK 5.12")),
    Trace("118.3", _M, "A scored card goes to its owner's damage stack and its energy "
          "rewards to the pool; the rewards are printed near the damage markers.", "205827",
          ("FK 5.12", "FK 1.3"), end="118.4"),
    Trace("118.5", _M, "A card scoring with double damage is turned sideways, counts its "
          "markers twice and takes no further damage bonus.", "cddb51", ("FK 5.14",),
          end="118.6"),
    Trace("118.7", _M, "The losing card is exhausted face down under its owner's fight "
          "stack.", "eeba21", ("FK 5.13", "FK 6.11"), ambiguities=("FK-F7",)),
    Trace("118.8", _M, "A tied fight has no winner; both cards go face down to their "
          "owners' raise-the-stakes stacks.", "5da5aa", ("FK 5.9", "FK 5.11")),
    Trace("119.1", _M, "Power cards: three skirmish tabs facing the opposing card's three; "
          "each facing pair is a skirmish.", "f61a40", ("FK 1.4", "FK 5.4"), end="119.4"),
    Trace("119.5", _M, "The higher total wins a skirmish.", "bd8795", ("FK 5.4",)),
    Trace("119.6", _M, "Whoever wins more skirmishes wins the fight and scores the card in "
          "the score step.", "5264f9", ("FK 5.8", "FK 5.12"), ambiguities=("FK-F2",)),
    Trace("119.7", _M, "Skirmishes carry labels, chiefly Fate, Mental, Physical and "
          "Spiritual.", "a27ac7", ("FK 1.4",), end="119.9"),
    Trace("119.10", _M, "Other cards may give a bonus or penalty to a skirmish by its "
          "label.", "d65e45", ("FK 6.6",)),
    Trace("120.1", _M, "Clash cards: no skirmishes; their clash gametext names the winner.",
          "7cf421", ("FK 1.5", "FK 5.10"), end="120.3", ambiguities=("FK-F5",)),
    Trace("120.4", _M, "Against a card with tabs, clash text always decides.", "39fa62",
          ("FK 5.1",)),
    Trace("120.5", _M, "Two clash cards: the Drop holder picks whose text decides.",
          "06e21d", ("FK 5.1", "FK 6.7"), ambiguities=("FK-M3",)),
    Trace("121.1", _M, "Rotatable fight cards: two sides, each with tabs or clash text, "
          "turned by an enhance line of the card to change how its fight is resolved.",
          "7ebbfe", ("FK 1.6", "FK 5.2", "FK 6.4", "FK 6.6"), end="121.3"),
    Trace("121.4", _M, "Every rotatable fight card is also a gold-icon card.", "aa05bb",
          ("FK 1.6",)),
    Trace("122.1", _M, "Gold-icon fight cards show a gold icon in place of the usual one.",
          "44d3ef", ("FK 1.6",), end="122.2"),
    Trace("122.3", _M, "A player may have only 3 gold-icon cards in the fight stack, on top "
          "of the 1-3-3 rule.", "0badf1", ("FK 2.7",), end="122.4", ambiguities=("FK-D1",)),
    Trace("123", _F, "Praise for the variety of fight cards.", "f4d86c"),
    Heading(124, "Gear"),
    Trace("125.1", _F, "What gear stands for: weapons, armour and the like.", "784b2b"),
    Trace("125.2", _M, "Gear enters the support area through a setup action.", "5ea5f2",
          ("FK 1.9", "FK 4.10")),
    Trace("125.3", _M, "In a fight a gear is put to use by an enhance action: it leaves the "
          "support area and works like an effect.", "1c4fb9", ("FK 1.9", "FK 6.4"),
          end="125.4", ambiguities=("FK-T2", "FK-A5")),
    Trace("125.5", _M, "The gear's text says whether it is destroyed or comes back; most come "
          "back to the support area once their fight is over, before its cards are scored "
          "or exhausted.", "0b01e3", ("FK 1.9", "FK 5.13", "FK 6.10"), end="125.6",
          ambiguities=("FK-T8",)),
    Heading(126, "Instant"),
    Trace("127.1", _F, "What instants stand for: sudden turns of fate.", "4d18ff"),
    Trace("127.2", _M, "An instant is played from hand in the phase its keyword names "
          "(setup, enhance, score or cooldown).", "184315",
          ("FK 1.10", "FK 4.11", "FK 6.4", "FK 6.9", "FK 6.13"), end="127.3"),
    Trace("127.4", _M, "A paid and played instant does its effect and is discarded.",
          "dcbe0f", ("FK 1.10", "FK 4.11")),
    Heading(128, "Universal card"),
    Trace("129.1", _M, "Universal cards are special cards such as The Drop, with both card "
          "backs, fit for hero and villain decks.", "d61ad2", ("FK 1.11", "FK 2.8"),
          end="129.2"),
    Trace("129.3", _M, "A universal card counts in the 40 but starts on the table, so it "
          "never sits in the draw stack.", "08ca0c", ("FK 2.1", "FK 4.1")),
    Trace("130", _D, "ONE's Drop prints one blue, one green and one yellow latent energy.",
          "560c17", ("FK 1.11", "FK 3.9"), reason=_KNOWN, ambiguities=("FK-A3",)),

    Heading(131, "Getting Started"),
    Trace("132", _M, "Each player shows their character and puts it on the table.",
          "9884bb", ("FK 4.1",)),
    Trace("133", _M, "Both stacks of each player are shuffled; the opponent may cut them.",
          "0bbd5e", ("FK 4.2",)),
    Trace("134", _M, "Chance decides who holds The Drop for the first turn; that copy goes "
          "face up.", "91b1ed", ("FK 4.3",)),
    Trace("135", _M, "Both players fill their hands up to the hand value, then put their "
          "first setup energy in the pool.", "7b6756", ("FK 4.4", "FK 4.5"), ambiguities=("FK-S1",)),
    Trace("136", _M, "The Drop holder chooses who takes the first setup and setup actions "
          "first.", "8624d4", ("FK 4.6",)),
    Trace("137", _E, "The printed book's starting table layout, not in the text.", "db47ac",
          reason=_NOT_DRAWN),

    Heading(138, "Turn Order"),
    Trace("139", _M, "Phase 1 of a turn: the setup phase.", "29f64a", ("FK 4.7", "FK 4.8")),
    Trace("140.1", _F, "The setup phase is called easy.", "aa969b"),
    Trace("140.2", _M, "Both players take the setup actions listed next.", "bebdc7",
          ("FK 4.8",)),
    Trace("141", _M, "Once: the first setup action, adding the starting energy tokens.",
          "e6c816", ("FK 4.7",), ambiguities=("FK-S1",)),
    Trace("142", _M, "Twice: a condition, a gear, a setup instant or a setup action.",
          "a95172", ("FK 4.8", "FK 4.10", "FK 4.11", "FK 4.12"),
          ambiguities=("FK-S2",)),
    Trace("143", _M, "Three times: the top card of the fight stack goes face down before "
          "the character.", "70e893", ("FK 4.15",)),
    Trace("144.1", _M, "The Drop holder decides who does the setup actions first, the first "
          "setup action included; that player adds the energy and takes both actions, then "
          "the other.", "27a25e", ("FK 4.6", "FK 4.7", "FK 4.8"), end="144.3"),
    Trace("144.4", _M, "The Drop holder lays three fight cards unseen, left to right; the "
          "other lays theirs opposite in the same order.", "f89438", ("FK 4.15",),
          end="144.5"),
    Trace("144.6", _M, "With three cards each laid (or all that are left), the cards are "
          "turned over together.", "0ce36a", ("FK 4.15", "FK 4.16")),
    Trace("144.7", _O, "How the two cards of a fight are turned towards each other.",
          "507e3d", reason="physical placement on the table: ringside pairs cards by their "
                           "place (FK 6.1)"),
    Trace("145", _M, "Phase 2, the fight phase: every one of the three pairs is a fight, "
          "taken through the steps listed next.", "0982f9", ("FK 6.1",), end="146"),
    Trace("147", _M, "The first fight.", "01109c", ("FK 6.1",)),
    Trace("148", _M, "Enhance step: one effect, enhance instant or enhance action each.",
          "c0b296", ("FK 6.4", "FK 6.3")),
    Trace("149", _M, "Fight step: skirmishes or clash text decide the current fight's "
          "winner.", "ffde42", ("FK 6.7", "FK 5.1")),
    Trace("150.1", _M, "Score step: one score instant or score action each.", "4b6009",
          ("FK 6.9",)),
    Trace("150.2", _M, "The winning card scores, with any raise-the-stakes cards.", "7c117c",
          ("FK 5.12",)),
    Trace("151", _M, "The second and third fights go the same way.", "4312db", ("FK 6.1",),
          end="152"),
    Trace("153.1", _M, "The Drop holder picks which fight comes first; it is the current "
          "fight and the rest are unresolved.", "c9b2aa", ("FK 6.1",), end="153.3",
          ambiguities=("FK-T6",)),
    Trace("153.4", _M, "One enhance action per player in the current fight, in the order the "
          "Drop holder sets, the first player finishing before the other starts.", "5cd76d",
          ("FK 6.3", "FK 6.4"), end="153.5"),
    Trace("153.6", _M, "The skirmishes are resolved in an order the Drop holder sets.",
          "ec035a", ("FK 5.5", "FK 6.7"), ambiguities=("FK-M3",)),
    Trace("153.7", _M, "The higher total wins a skirmish.", "bd8795", ("FK 5.4",)),
    Trace("153.8", _M, "After a tied skirmish the Drop holder still picks the next one.",
          "b24914", ("FK 5.5",)),
    Trace("153.9", _M, "A result tab does its bonus or action as soon as its skirmish is "
          "resolved.", "992dad", ("FK 5.6", "FK 6.7"), ambiguities=("FK-F1",)),
    Trace("153.10", _M, "The fight goes to whoever won more skirmishes.", "085658",
          ("FK 5.8",), ambiguities=("FK-F2",)),
    Trace("153.11", _M, "A fight is resolved only once its score step is over.", "0c0bd0",
          ("FK 6.1", "FK 6.10"), ambiguities=("FK-T8",)),
    Trace("154.1", _M, "Score step: after the winner is known, each player in the Drop "
          "holder's order may take one score action, a score instant or a score line of a "
          "card in play.", "280e8a", ("FK 6.9",), end="154.4"),
    Trace("154.5", _O, "Score actions may touch the current fight's cards, or unresolved "
          "ones, depending on the result.", "9cd20d",
          reason="ringside's score steps mark or stop the current fight's card, draw, "
                 "discard or add energy; no card of its schema acts on an unresolved "
                 "fight card. Whether the fight's effects and activated gear are still "
                 "there to be touched (or seen) is FK-T8",
          ambiguities=("FK-T8",)),
    Trace("154.6", _M, "After the score actions the winner's card goes face up to the damage "
          "stack, markers showing, and its energy rewards go to the pool; the fight is then "
          "resolved.", "401fba", ("FK 5.12", "FK 6.10"), end="154.8",
          ambiguities=("FK-F4",)),
    Trace("154.9", _M, "The loser's card is exhausted under its fight stack; effects and "
          "gear meant to go are discarded, most gear returns to the support area.", "6471bf",
          ("FK 5.13", "FK 6.10", "FK 6.11"), ambiguities=("FK-F7",)),
    Trace("154.10", _M, "The other fights go the same way.", "172e1b", ("FK 6.1",)),
    Trace("154.11", _M, "Each scored card deals damage to the opposing character and brings "
          "its energy rewards.", "aca9e5", ("FK 5.12", "FK 5.14")),
    Trace("155", _M, "A card's damage adds to what the damage stack already holds; reaching "
          "the opposing character's life ends the game, won by the scorer.", "49448f",
          ("FK 5.14", "FK 5.15", "FK 6.12")),
    Trace("156.1", _M, "Raise the stakes: a fight can end tied (a skirmish each and a tie, a "
          "nullified skirmish, three ties); both cards then lie face down beside the damage "
          "stack as raise-the-stakes cards.", "f3fe48", ("FK 5.9", "FK 5.11", "FK 5.7"),
          end="156.4", ambiguities=("FK-F2",)),
    Trace("156.5", _M, "The fight's other cards are discarded or return as usual.", "f500aa",
          ("FK 6.10",)),
    Trace("156.6", _M, "The next player who wins a fight and scores its card also scores "
          "their raise-the-stakes cards, face up on their damage stack.", "9f6c5a",
          ("FK 5.12",), end="156.7", ambiguities=("FK-F4", "FK-F6")),
    Trace("156.8", _M, "The loser's raise-the-stakes cards are then exhausted under their "
          "fight stack.", "87985e", ("FK 5.13", "FK 6.11"), ambiguities=("FK-F3", "FK-F7")),
    Trace("156.9", _M, "Raise-the-stakes cards score without their rewards.", "7eed18",
          ("FK 5.12",)),
    Trace("156.10", _M, "Raise-the-stakes cards not scored wait for the next turn's fights.",
          "2c9c2b", ("FK 5.11", "FK 6.16"), ambiguities=("FK-T1",)),
    Trace("156.11", _M, "The winning card must actually score for the raise-the-stakes cards "
          "to score with it.", "b1dea5", ("FK 5.12",), ambiguities=("FK-F3", "FK-F4")),
    Trace("157.1", _M, "Unopposed fight cards can happen; whenever they do, they are "
          "resolved and scored before any new pairing is picked.", "13f8dd",
          ("FK 6.2", "FK 5.16"), end="157.3", ambiguities=("FK-F6", "FK-T6")),
    Trace("157.4", _M, "An unopposed card's result tabs act before it scores.", "e65c66",
          ("FK 5.16", "FK 6.2"), ambiguities=("FK-F1", "FK-T7")),
    Trace("157.5", _M, "A score step is held before each unopposed card scores.", "f5e2b4",
          ("FK 6.2", "FK 5.16"), ambiguities=("FK-T5",)),
    Trace("158", _E, "The printed book's mid-game table layout, not in the text.", "493560",
          reason=_NOT_DRAWN),
    Trace("159", _M, "Phase 3: the cooldown phase, which closes the turn with the steps "
          "listed next.", "7d7abc", ("FK 6.13",), end="160"),
    Trace("161", _M, "One cooldown instant or cooldown action each.", "620e40",
          ("FK 6.13",)),
    Trace("162", _M, "Even-up: discard to the hold value or fewer, then draw to the hand "
          "value.", "58c8ca", ("FK 6.14",), ambiguities=("FK-T3",)),
    Trace("163", _M, "The Drop goes to the other player.", "a3dfac", ("FK 6.15",)),
    Trace("164", _M, "The Drop holder sets who takes the first cooldown action.", "e1a29a",
          ("FK 6.13", "FK 6.3")),
    Trace("165.1", _M, "Even-up step: after the cooldown actions the Drop holder sets who "
          "evens up first.", "663e8a", ("FK 6.14", "FK 6.3"), end="165.2"),
    Trace("165.3", _M, "That player must discard to the hold value or fewer and draw to the "
          "hand value; then the other does the same.", "84e432", ("FK 6.14",), end="165.4",
          ambiguities=("FK-T3",)),
    Trace("165.5", _M, "Nobody may skip the even-up; every player ends the turn holding "
          "their hand value, unless the draw stack ran out while drawing.", "3ca473",
          ("FK 6.14", "FK 6.17"), end="165.6"),
    Trace("165.7", _M, "Then The Drop changes hands (the copies are flipped) and the turn "
          "ends.", "0b0bea", ("FK 6.15",), end="165.9"),

    Heading(166, "Fight Klub TCG Glossary"),
    Trace("167", _M, "The opponent icon: the step is the opponent's to carry out, as an "
          "effect or sometimes as a cost.", "1aa919", ("FK 6.6", "FK 6.8"),
          reason="as an effect; ringside's extra costs discard the player's own cards "
                 "only, so no card of its schema makes the opponent pay"),
    Trace("168", _M, "Gametext means the player's own cards unless the opponent icon says "
          "otherwise; the owner picks which of their cards go, unless the text gives the "
          "choice to the player.", "98fe2c", ("FK 6.6", "FK 6.8"),
          reason="carried out for discards; the rulebook's examples destroy conditions, "
                 "a step the card schema describes but the game refuses to play",
          ambiguities=("FK-T4",)),
    Trace("169", _M, "Glossary: the 1-3-3 rule.", "da3628", ("FK 2.6",),
          ambiguities=("FK-D3",)),
    Trace("170", _M, "Glossary: activating gear, an enhance action laying its tabs on the "
          "current fight card.", "d1ee88", ("FK 1.9", "FK 6.4"), ambiguities=("FK-T2",)),
    Trace("171", _M, "Glossary: to add energy is to put tokens in the pool.", "070fc2",
          ("FK 3.1", "FK 4.13")),
    Trace("172", _M, "Glossary: the asterisk marks an extra cost spelt out on the first "
          "line of text.", "3f0281", ("FK 1.13",)),
    Trace("173.1", _M, "Glossary: the three attributes of a character.", "81db50",
          ("FK 1.2",)),
    Trace("173.2", _O, "Gametext may ask whether a character has, or shows, an attribute.",
          "85738c", reason=_NO_ATTRIBUTES),

    Heading(174, "Multiplayer Rules"),
    Trace("175.1", _F, "Why play with more than two.", "edca41"),
    Trace("175.2", _M, "Three or more players use the standard rules with a few changes.",
          "77e05c", ("FK 7.1",)),
    Trace("175.3", _F, "The multiplayer game feels like a brawl where anyone may fight "
          "anyone.", "902f41", end="175.4"),
    Trace("175.5", _M, "The last player whose character still has life wins.", "f67c76",
          ("FK 7.2", "FK 7.10"),
          reason="no rule ends a game whose fights keep tying; ringside stops it at "
                 "turn 999"),
    Trace("176.1", _M, "Players sit round the table; chance gives The Drop to one of them.",
          "b5beaf", ("FK 7.1",)),
    Trace("176.2", _M, "The holder plays or passes their first setup action and two setup "
          "actions, then the player on their left, and so on round the table.", "b1649b", ("FK 7.3", "FK 4.8"),
          ambiguities=("FK-S2",)),
    Trace("177", _M, "Once everyone is done, all turn their top three fight cards face up.",
          "d9463c", ("FK 4.15", "FK 4.16", "FK 7.3")),
    Trace("178.1", _M, "The Drop holder challenges any other player, matching a card against "
          "one of theirs.", "9b42e6", ("FK 7.4",)),
    Trace("178.2", _F, "This choice of opponent is what sets the multiplayer game apart.",
          "87856e"),
    Trace("178.3", _M, "A tie here sends both cards to be exhausted; nothing is set aside.",
          "9b92dd", ("FK 5.17",)),
    Trace("178.4", _M, "Fights are fought as usual, the challenger ordering the enhance and "
          "score actions.", "9cff9d", ("FK 7.5",), ambiguities=("FK-M3",)),
    Trace("179.1", _M, "Damage is tracked differently: each card scored against a character "
          "records who scored it.", "3014d4", ("FK 7.6",)),
    Trace("179.2", _O, "The printed damage tracker: one slot per opponent, clockwise from "
          "the left.", "aed5f9", end="179.4",
          reason="a printed accessory; ringside records on each scored card the player it "
                 "was scored against (FK 7.6)"),
    Trace("179.5", _M, "The tracker's four slots do not cap the number of players.",
          "af8db5", ("FK 7.1",),
          reason="the rulebook names no largest table; ringside plays up to six"),
    Trace("179.6", _M, "A card scored against a character goes to the slot of the player who "
          "scored it, which shows who dealt the damage.", "fa6420", ("FK 7.6",),
          end="179.7"),
    Trace("179.8", _F, "The tracker also helps to sort cards back to their owners after a "
          "game, however the damage was spread.", "b87299", end="179.11"),
    Trace("180.1", _M, "The challenged player challenges next, anyone (the same player "
          "too), until no pairing is left; a chooser without cards hands the choice to the "
          "Drop holder, then to the right.", "be9cae", ("FK 7.4",), end="180.3"),
    Trace("181.1", _F, "With an even number of players all fight cards are likely to be "
          "used.", "a56767"),
    Trace("181.2", _M, "A player nobody challenges keeps cards that score unopposed.",
          "db6698", ("FK 7.7",), end="181.3", ambiguities=("FK-M1",)),
    Trace("181.4", _F, "A word of warning about sly players.", "8217d3"),
    Trace("181.5", _M, "With an odd number of players one card is left over; it is a benefit "
          "and scores as usual, result tabs and rewards included.", "99a884", ("FK 7.7",),
          end="181.6", ambiguities=("FK-M1",)),
    Trace("181.7", _F, "Strategy: who ends up with the last card can be planned.", "265044"),
    Trace("182.1", _M, "An opponent icon in an enhance or score action means a player of "
          "the fight under way; in setup and cooldown actions it may mean anyone.",
          "00052c", ("FK 7.9",), end="182.2",
          reason="ringside carries out no setup step acting on an opponent and refuses "
                 "decks with one"),
    Trace("182.3", _M, "Text about The Drop is read as written: a player holds it or not.",
          "2574ea", ("FK 4.3", "FK 7.8"), end="182.4"),
    Trace("183", _M, "When the turn is over, whoever won a fight most recently takes The "
          "Drop.",
          "da27ea", ("FK 7.8",), ambiguities=("FK-M2",)),

    Heading(184, "Black Beauty and Marketing Cards"),
    Trace("185", _F, "A gift box for buyers of a third Kilo of TWO, its contents, and the "
          "programme in later sets.", "28e9e4"),
    Trace("186", _F, "The marketing card: mentors hand it to new players and earn a share "
          "of their purchases; its printed invitation; its two versions.", "ca0079",
          end="188"),
    Trace("189", _E, "The printed book's table layouts and damage tracker, not in the "
          "text.", "2496c6", reason=_NOT_DRAWN),
)
"""Fight Klub's rulebook, every sentence accounted for (:mod:`model.core.traceability`)."""
