"""The Monsters Masters & Mobsters excerpt accounted for, sentence by sentence.

Each entry says in ringside's own words what a run of the sentences of
``monsters-masters-mobsters.txt`` says and which rules of
:mod:`model.monmamo.rulebook` implement it; the format is
:mod:`model.core.traceability`.  Where the excerpt leaves a point open the
entry names the register's entry (:mod:`model.monmamo.ambiguities`).  The
excerpt stops before the battle: what belongs to it is out of scope.
"""

from __future__ import annotations

from model.core.traceability import Heading, Status, Trace

MODELLED, DATA, EXAMPLE = Status.MODELLED, Status.DATA, Status.EXAMPLE
FLAVOUR, OUT_OF_SCOPE = Status.FLAVOUR, Status.OUT_OF_SCOPE

NO_BATTLE = "The excerpt ends before the battle, which ringside does not model."

TRACEABILITY = (
    Heading(1, "Game Layout"),
    Heading(2, "The Battlefield"),
    Trace("3.1", MODELLED, "The Battlefield is where the game is played out.", "0952e7",
          ("MM 1.1",)),
    Trace("4.1", FLAVOUR, "Seating and the size of the table.", "bfe7ce", end="4.2",
          reason="Table advice: nothing to model."),
    Heading(5, "Library"),
    Trace("6.1", MODELLED, "The Library is the deck not yet used, face down, unseen unless "
          "a rule or card lets someone look.", "e28e9f", ("MM 1.2",), end="6.2"),
    Trace("7.1", MODELLED, "One Library serves every player.", "ebe31d", ("MM 1.2",),
          reason="Where it lies on the table is layout; that it is common is a rule."),
    Trace("8.1", MODELLED, "After anyone looks through the Library it is shuffled well.",
          "3b0b4a", ("MM 1.3",)),
    Heading(9, "Discard"),
    Trace("10.1", MODELLED, "The Discard pile holds the cards discarded in play.", "768caf",
          ("MM 1.4",)),
    Trace("11.1", MODELLED, "A discarding player may slip the card in at any depth of the "
          "pile, unseen.", "2a3d16", ("MM 1.4",),
          reason="No setup rule reads the pile's order, so ringside keeps the pile as a "
                 "set of cards and the choice of depth changes nothing."),
    Trace("12.1", MODELLED, "The pile lies face up; nobody searches, shuffles or reorders it "
          "without a rule or card allowing it.", "e67804", ("MM 1.4",), end="13.1"),
    Trace("14.1", FLAVOUR, "Where the Discard pile lies beside the Library.", "744293",
          reason="Table layout."),
    Heading(15, "Exile"),
    Trace("16.1", MODELLED, "Exile also takes discarded cards, but they leave the game for "
          "good and nothing brings them back.", "6f7f9c", ("MM 1.5",), end="16.3"),
    Trace("17.1", MODELLED, "Exiled cards lie face up; they may be stacked but must be shown "
          "in full when someone refers to one.", "f81ab9", ("MM 1.5",), end="17.2",
          reason="Every exiled card is open in ringside's positions."),
    Trace("18.1", FLAVOUR, "Where the Exile pile lies beside the Library.", "a3ec35",
          reason="Table layout."),
    Heading(19, "Elements of a Card"),
    Heading(20, "Card Name"),
    Trace("21.1", MODELLED, "A card's name says what it stands for.", "c988f4", ("MM 2.1",)),
    Trace("22.1", MODELLED, "Cards of one name are the same thing whatever else differs; "
          "cards of different numbers may share a name.", "cf3da9", ("MM 2.2",),
          end="22.2"),
    Trace("22.3", EXAMPLE, "Two cards may share a name with different types.", "81a869",
          ("MM 2.2",),
          reason="ringside's synthetic set has such a pair: the Ratcatcher Mobster and "
                 "Bystander."),
    Trace("23.1", MODELLED, "A card standing for one named character, Monster or place may "
          "be on the Battlefield only once at a time.", "113036", ("MM 2.3",), end="23.2"),
    Heading(24, "Card Type"),
    Trace("25.1", MODELLED, "A card's type sets its general function.", "3c0d29",
          ("MM 2.1", "MM 4.4")),
    Trace("25.2", OUT_OF_SCOPE, "A section of its own describes the card types.", "200313",
          reason="That section is not in the excerpt; ringside knows the types only by "
                 "what the setup rules let each do."),
    Heading(26, "Card Text"),
    Trace("27.1", MODELLED, "A card's text may cap how many of it stand on the "
          "Battlefield.", "c028f7", ("MM 2.4", "MM 2.1"), end="28.1"),
    Trace("29.1", OUT_OF_SCOPE, "It may give rules for using the card.", "fce436",
          reason="No card text is printed in the excerpt; ringside's synthetic cards carry "
                 "only limits, types and statistics."),
    Trace("30.1", DATA, "It gives the card's statistics.", "161be1", ("MM 3.1",)),
    Heading(31, "Flavor Text"),
    Trace("32.1", MODELLED, "Flavor text is lore with no effect on play.", "109157",
          ("MM 2.1",)),
    Heading(33, "Card Number"),
    Trace("34.1", MODELLED, "The card number tells every card apart and, like flavor text, "
          "has no effect on play.", "7751c7", ("MM 2.1",), end="34.2"),
    Heading(35, "Monster Properties"),
    Trace("36.1", DATA, "A Monster card's statistics: HP (its damage capacity), level, size, "
          "speed, sex and taxons.", "21a433", ("MM 3.1",), end="42.1"),
    Trace("43.1", DATA, "The multiplier: how many cards the Monster fetches in a Draw "
          "phase, and a factor of some skills.", "7873cd", ("MM 3.1",), end="43.2",
          reason=NO_BATTLE),
    Trace("44.1", DATA, "An innate skill, for Monsters that have one.", "efb7f7",
          ("MM 3.1",)),
    Heading(45, "Setup"),
    Heading(46, "Battle Format and Objective"),
    Trace("47.1", MODELLED, "The game can be played several ways; players play alone or in "
          "teams.", "48fc67", ("MM 4.1",), end="48.1", ambiguities=("MM-A9",)),
    Trace("49.1", OUT_OF_SCOPE, "The players choose what wins, such as a number of Monsters "
          "knocked out.", "ab2e4b", ("MM 4.1",), reason=NO_BATTLE),
    Trace("50.1", MODELLED, "The players set what must hold before the battle starts.",
          "941977", ("MM 4.1",)),
    Trace("50.2", EXAMPLE, "In a three-against-three battle each player needs three "
          "Monsters on the Battlefield first.", "6788b4", ("MM 4.1",),
          ambiguities=("MM-A9",)),
    Trace("51.1", MODELLED, "By default two sides battle with as many Monsters each.",
          "3adfc2", ("MM 4.1",)),
    Trace("51.2", FLAVOUR, "Advice to begin with one Monster each and add more with "
          "practice.", "25fdbe"),
    Trace("52.1", OUT_OF_SCOPE, "A later section details the battle formats.", "56cbf0",
          reason="That section is not in the excerpt."),
    Heading(53, "Putting Cards Into the Battlefield"),
    Trace("54.1", MODELLED, "Setup is a series of turns of one play each, and cannot end "
          "before the agreed format is met.", "69959e", ("MM 4.11", "MM 4.1", "MM 4.13"),
          end="54.2"),
    Trace("55.1", MODELLED, "A die roll decides who sets up first, the highest starting; "
          "turns then go clockwise.", "d365cd", ("MM 4.2",), end="55.3",
          ambiguities=("MM-A3",)),
    Trace("56.1", MODELLED, "Everyone draws seven cards.", "403fbe", ("MM 4.3",)),
    Trace("57.1", MODELLED, "A turn is one of the plays listed next.", "d831e1",
          ("MM 4.11",)),
    Trace("58.1", MODELLED, "Put a Master, Mobster, Bystander, Drone or Place card on the "
          "Battlefield.", "f6039a", ("MM 4.4",), ambiguities=("MM-A1",)),
    Trace("59.1", MODELLED, "A Mobster arriving while a Bystander of its name is on the "
          "Battlefield sends that Bystander to the discard.", "f54aaf", ("MM 4.5",),
          ambiguities=("MM-A7", "MM-A10")),
    Trace("60.1", MODELLED, "Attach a Trait or a Mana card to one of one's own Monsters on "
          "the Battlefield.", "1e1ca4", ("MM 4.6",)),
    Trace("61.1", MODELLED, "For what happens as a card enters the Battlefield, the whole "
          "setup counts as its entry, so a Trait may join its Monster at any time of "
          "setup.", "f4d7c3", ("MM 4.7",), end="61.2"),
    Trace("62.1", MODELLED, "Attach a Proficiency card to a Master, Mobster or Bystander.",
          "0d7e7c", ("MM 4.8",), ambiguities=("MM-A6",)),
    Trace("63.1", MODELLED, "Use a Draw or Vendor card from hand.", "01f7da", ("MM 4.9",),
          ambiguities=("MM-A5",)),
    Trace("64.1", MODELLED, "Discard as many cards as one likes.", "5644f0", ("MM 4.10",)),
    Trace("65.1", MODELLED, "Once the format is met, declare setup complete.", "caa000",
          ("MM 4.13",), ambiguities=("MM-A2",)),
    Trace("66.1", MODELLED, "Every setup turn plays or discards at least one card.",
          "1a3b4f", ("MM 4.11", "MM 4.14"), ambiguities=("MM-A2", "MM-A4")),
    Trace("67.1", MODELLED, "Each turn ends with seven cards in hand, drawing up or "
          "discarding down.", "28faf1", ("MM 4.12",), end="67.3",
          ambiguities=("MM-A4",)),
    Heading(68, "Completing Setup"),
    Trace("69.1", MODELLED, "With the format met, a player may declare setup complete; "
          "everyone else then takes one last setup turn.", "6cfe2f", ("MM 4.13", "MM 4.15"),
          end="69.2", ambiguities=("MM-A8", "MM-A9"),
          reason="ringside lets a player declare on their own turn, where the list of "
                 "plays puts it."),
)
"""The excerpt, sentence by sentence (:mod:`model.core.traceability`)."""
