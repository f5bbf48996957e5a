"""The numbered rules of the Monsters Masters & Mobsters card system (setup phase),
its ambiguity register and its glossary.

Statements are in ringside's own words; ``source`` names the section of the
rulebook excerpt (``monsters-masters-mobsters.txt``) each rule comes from.
The battle itself is not modelled yet: these rules stop where the battle
begins.
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.core.rules import Rule, RuleBook, Section, Term

BOOK = "Monsters Masters & Mobsters"
LAYOUT = f"{BOOK}: Game Layout"
ELEMENTS = f"{BOOK}: Elements of a Card"
MONSTERS = f"{BOOK}: Monster Properties"
SETUP = f"{BOOK}: Setup"
PUTTING = f"{BOOK}: Setup, Putting Cards Into the Battlefield"
COMPLETING = f"{BOOK}: Setup, Completing Setup"
READING = "ringside's reading (the rulebook is silent)"

MM_RULEBOOK = RuleBook(
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
             "there, that Bystander is discarded. By our reading (the rulebook covers "
             "only the Mobster arriving) a Bystander cannot be placed while the Mobster of "
             "its name is there.", f"{PUTTING}"),
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

MM_AMBIGUITIES = (
    Ambiguity(
        id="MM-A1",
        title="How do Monsters reach the Battlefield during setup?",
        passage="The list of plays names Master, Mobster, Bystander, Drone and Place cards "
                "as the cards a turn may place, yet the battle format asks for Monsters on "
                "the Battlefield before setup may finish.",
        source=PUTTING,
        rules=("MM 4.4", "MM 4.1"),
        field="monsters_enter_in_setup",
        readings=(Reading(True, "A turn may place a Monster like any listed card.",
                          "placed like the others"),
                  Reading(False, "Only the listed types are placed; no format that asks "
                                 "for Monsters can ever be met, so setup always stalls.",
                          "never in setup")),
        default=True,
        rationale="The format's requirement (each player has their Monsters on the "
                  "Battlefield) only makes sense if setup can put them there.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S01 S04 / S02 | battlefield - | discard - | exile - | declared - | passes 0',
                        'place S01',
                        'placing the Bramblehound is a legal play when Monsters enter during setup, and refused (MM 4.4) when they do not.'),
        setting="Monsters are placed during setup",
    ),
    Ambiguity(
        id="MM-A2",
        title="Does declaring setup complete use up the turn?",
        passage="Declaring is listed among the plays of a turn, while a note says every "
                "setup turn plays or discards at least one card.",
        source=PUTTING,
        rules=("MM 4.11", "MM 4.13"),
        field="declaring_is_a_play",
        readings=(Reading(False, "The declaration comes on top of the turn's play of a "
                                 "card.", "on top of a card"),
                  Reading(True, "Declaring is the whole turn; no card is played.",
                          "a play of its own")),
        default=False,
        rationale="The note is unconditional, and a declaration with a card keeps it.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S09 / S02 | battlefield 0:S01 1:S02 | discard - | exile - | declared - | passes 0',
                        'declare',
                        "with the format met, declaring alone ends player 0's turn when it is a play of its own, and is refused (MM 4.11) when it must come with a card."),
        setting="Declaring is a play of its own",
    ),
    Ambiguity(
        id="MM-A3",
        title="Who starts after a tied roll?",
        passage="The highest roll starts; the rulebook does not say what a tie for the "
                "highest does.",
        source=PUTTING,
        rules=("MM 4.2",),
        field="tied_roll_rerolls",
        readings=(Reading(True, "The tied players roll again until one is highest.",
                          "roll again"),
                  Reading(False, "The tied player first clockwise from seat 0 starts.",
                          "first seat")),
        default=True,
        rationale="Rolling again is what players do; it gives every tied player the same "
                  "chance.",
        witness=Witness('format 1 1 | first ? | step roll | turn 0 | pending 0 | library S01 | hands - / - | battlefield - | discard - | exile - | declared - | passes 0',
                        'first 1',
                        'player 1 starts with odds 1/2 when ties are rolled again, 5/12 when a tie goes to the first seat.'),
        setting="A tied roll is rolled again",
    ),
    Ambiguity(
        id="MM-A4",
        title="What happens to a player who can neither play nor discard?",
        passage="Every turn must play or discard a card and end with seven in hand, but the "
                "common Library runs out: a player can be left with no card at all.",
        source=PUTTING,
        rules=("MM 4.11", "MM 4.12", "MM 4.14"),
        field="stuck_player_passes",
        readings=(Reading(False, "Setup stalls there: it can never be completed and no "
                                 "battle follows.", "setup stalls"),
                  Reading(True, "The player passes; setup stalls only when every player "
                                "passes in a row.", "the player passes")),
        default=False,
        rationale="The note leaves no turn without a card; a turn that cannot be taken "
                  "ends the setup phase unfinished.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S09 / - | battlefield - | discard - | exile - | declared - | passes 0',
                        'discard S09',
                        "after player 0's last card, setup stalls at once, or player 1 (with no card) passes."),
        setting="A player with no card passes",
    ),
    Ambiguity(
        id="MM-A5",
        title="Where does a played Draw or Vendor card go?",
        passage="The setup rules let a turn play a Draw or Vendor card but do not say "
                "where it goes afterwards.",
        source=PUTTING,
        rules=("MM 4.9",),
        field="spent_cards_to_exile",
        readings=(Reading(False, "To the Discard pile.", "Discard pile"),
                  Reading(True, "To Exile.", "Exile")),
        default=False,
        rationale="A spent card is a discarded card unless a rule exiles it.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S01 S12 / S02 | battlefield - | discard - | exile - | declared - | passes 0',
                        'play S12',
                        'the spent Supply Run lies in the Discard pile, or in Exile.'),
        setting="Spent Draw and Vendor cards are exiled",
    ),
    Ambiguity(
        id="MM-A6",
        title="Whose Master, Mobster or Bystander may hold a Proficiency?",
        passage="Traits and Mana go to 'one of your Monsters', while the Proficiency play "
                "names no owner.",
        source=PUTTING,
        rules=("MM 4.8",),
        field="proficiency_on_any",
        readings=(Reading(False, "Only the player's own.", "own only"),
                  Reading(True, "Anyone's.", "anyone's")),
        default=False,
        rationale="The neighbouring play restricts to the player's own cards; we read the "
                  "list alike.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S11 / S02 | battlefield 0:S01 1:S05 | discard - | exile - | declared - | passes 0',
                        'attach S11 to 1',
                        "Lockpicking on player 1's Mobster is refused (MM 4.8) when Proficiencies go on the player's own cards only, and legal otherwise."),
        setting="Proficiencies go on anyone's cards",
    ),
    Ambiguity(
        id="MM-A7",
        title="May a Bystander join the Mobster of its name?",
        passage="A Mobster entering discards the Bystander of its name; the rulebook does "
                "not say what happens when the Bystander is placed after its Mobster.",
        source=PUTTING,
        rules=("MM 4.5", "MM 2.2"),
        field="bystander_joins_its_mobster",
        readings=(Reading(False, "The placement is refused: the two never stand side by "
                                 "side.", "refused"),
                  Reading(True, "The Bystander is placed and both stay, since the rule "
                                "speaks only of a Mobster entering.", "both stay")),
        default=False,
        rationale="The replacement rule says a Mobster and its Bystander are one "
                  "character in two guises (MM 2.2); letting the Bystander back in would "
                  "undo it.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S06 S09 / S02 | battlefield 1:S05 | discard - | exile - | declared - | passes 0',
                        'place S06',
                        'the Bystander Ratcatcher is refused (MM 4.5) beside the Mobster Ratcatcher, or joins it and both stay.'),
        setting="A Bystander may join its Mobster",
    ),
    Ambiguity(
        id="MM-A8",
        title="What of a final setup turn taken with no card?",
        passage="After a declaration every other player gets one final setup turn, and "
                "every setup turn plays or discards a card; a player whose hand and "
                "Library are both empty cannot.",
        source=COMPLETING,
        rules=("MM 4.13", "MM 4.14", "MM 4.15"),
        field="empty_final_turn_skipped",
        readings=(Reading(True, "The final turn is skipped and setup completes.",
                          "skipped"),
                  Reading(False, "The turn is like any other: setup stalls (or the player "
                                 "passes, per MM-A4), so a met and declared format may "
                                 "still never reach the battle.", "like any turn")),
        default=True,
        rationale="A final turn is a last chance to play, not a duty; the format is met "
                  "and declared, and stalling there would keep a ready battle from "
                  "starting. The explorer finds this case from a three-player start.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S04 S07 / - / - | battlefield 0:S01 1:S02 2:S03 | discard - | exile - | declared 2 | passes 0',
                        'place S04',
                        'after player 0\'s final turn, player 1 holds no card for theirs: it is skipped and setup is complete, or setup stalls there.'),
        setting="A final turn with no card is played like any other",
    ),
    Ambiguity(
        id="MM-A9",
        title="In a team battle, whose Monsters meet the format?",
        passage="Players may compete as teams, and the default format puts an equal number "
                "of Monsters on each team, while the worked example asks each player for "
                "their own Monsters.",
        source=f"{SETUP}, Battle Format and Objective",
        rules=("MM 4.1", "MM 4.13"),
        field="teams_share_monsters",
        readings=(Reading(False, "Every player has the format's Monsters of their own.",
                          "each player's own"),
                  Reading(True, "Each team has the format's Monsters in all, whoever of "
                                "the team placed them.", "each team's in all")),
        default=False,
        rationale="The rulebook's only worked example counts per player, and counting per "
                  "player still gives every team an equal number.",
        witness=Witness('format 1 1 teams 2 | first 0 | step play | turn 1 | pending 0 | library - | hands S09 / S02 S07 / S04 / S12 | battlefield 0:S01 | discard - | exile - | declared - | passes 0',
                        'place S02 declare',
                        'with a Monster on each team, declaring is refused (MM 4.13, MM 4.1) while players 2 and 3 have none of their own, and allowed when Monsters count per team.'),
        setting="Teams share the format's Monsters",
    ),
)

MM_GLOSSARY = (
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
