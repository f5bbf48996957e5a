"""The Club Fight rulebook (``club-fight.txt``) accounted for, sentence by sentence.

Each entry says in ringside's own words what a run of the rulebook's sentences
says and which rules of :mod:`model.clubfight.rulebook` implement it; the format
is :mod:`model.core.traceability`.  Where the rulebook leaves a point open the
entry names the register's entry (:mod:`model.clubfight.ambiguities`); points
that ringside's Club Fight specification settles say so in their reason.
"""

from __future__ import annotations

from model.core.traceability import Heading, Status, Trace

MODELLED, DATA, EXAMPLE = Status.MODELLED, Status.DATA, Status.EXAMPLE
FLAVOUR, OUT_OF_SCOPE = Status.FLAVOUR, Status.OUT_OF_SCOPE

TRACEABILITY = (
    Heading(1, "Club Fight"),
    Heading(2, "Club Fight Rulebook"),
    Heading(3, "Table of Contents"),
    Heading(4, "Table of Contents"),
    Heading(5, "Overview"),
    Trace("6.1", MODELLED, "A standard deck with one or two Jokers.", "78f82c", ("CF 1.1",)),
    Trace("6.2", MODELLED, "The player's only means are the thirteen clubs; the goal is to empty "
          "the 3 by 3 grid of every other card, with six kinds of action.", "c5e551",
          ("CF 1.1", "CF 2.1", "CF 5.1")),
    Trace("6.3", MODELLED, "Three or more grid cards of one suit stop one kind of action, which "
          "kind depending on the suit.", "6ac7cf", ("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4")),
    Heading(7, "Set Up"),
    Trace("8.1", MODELLED, "One Joker is the easy game, two the hard one.", "005ff6",
          ("CF 1.1", "CF 1.4")),
    Trace("8.2", MODELLED, "The clubs are set apart and shuffled into their own draw pile; "
          "the rest of the deck is shuffled into a second one.", "eadf98", ("CF 1.1", "CF 1.4"),
          end="8.3",
          reason="ringside names each shuffle by a deal number so that a deal can be "
                 "replayed."),
    Trace("8.4", MODELLED, "Nine cards of the second pile are dealt face up into the grid.",
          "c99e32", ("CF 1.3",),
          reason="The set-up names no order of the nine; ringside deals them in the "
                 "reading order the refill uses, which only names the deal."),
    Trace("8.5", MODELLED, "The starting hand is four clubs from the club pile.", "a74ac6",
          ("CF 1.3",)),
    Trace("8.6", MODELLED, "Room is left for the cards discarded.", "2293a3", ("CF 1.1",)),
    Trace("8.7", FLAVOUR, "Advice to keep the played clubs in a pile of their own.", "24e506",
          ("CF 1.1",),
          reason="Table advice; ringside keeps the cleared pile and the club discard apart "
                 "in any case."),
    Trace("9.1", MODELLED, "The places of the layout: grid deck, grid, grid discard, club deck, "
          "club discard and hand.", "cfd850", ("CF 1.1",)),
    Heading(10, "Objective"),
    Trace("11.1", MODELLED, "A game has thirteen turns at most.", "1185ae", ("CF 2.5",)),
    Trace("11.2", MODELLED, "A turn spends one club from hand on one available action that clears "
          "grid cards.", "4fef41", ("CF 2.1", "CF 2.2"), ambiguities=("CF-A1",)),
    Trace("11.3", MODELLED, "Afterwards the empty slots are refilled in reading order and the hand "
          "is drawn back to four while clubs last.", "4bdf21", ("CF 2.3", "CF 2.4")),
    Trace("11.4", MODELLED, "Spent and cleared cards stay out of play, though the player may look "
          "at them.", "c5eb5e", ("CF 2.1", "CF 2.3"),
          reason="Looking changes nothing: every pile is open in ringside's positions."),
    Trace("11.5", MODELLED, "The game is won when the grid has been cleared with the grid deck "
          "empty.", "601317", ("CF 5.1", "CF 5.2"),
          reason="The rulebook names no loss; CF 5.2 reads it as the clubs running out "
                 "first."),
    Heading(12, "Values"),
    Trace("13.1", DATA, "Ace 1, Jack 11, Queen 12, King 13; number cards their number.",
          "27c09d", ("CF 1.2",)),
    Trace("13.2", MODELLED, "A Joker has neither suit nor value.", "35024c",
          ("CF 1.2", "CF 3.1"), ambiguities=("CF-A2", "CF-A4")),
    Heading(14, "Actions"),
    Trace("15.1", MODELLED, "Each turn takes exactly one of the six actions, then the grid and the "
          "hand are refilled.", "e670ce", ("CF 2.1", "CF 2.3", "CF 2.4")),
    Trace("15.2", MODELLED, "What lies in the grid can make some actions unavailable.", "2a2e8e",
          ("CF 3.1",)),
    Heading(16, "Always Available Actions"),
    Trace("17.1", MODELLED, "Match: the club clears every grid card of its value.", "4c8c85",
          ("CF 4.1", "CF 3.5"), ambiguities=("CF-A3", "CF-A2")),
    Trace("18.1", MODELLED, "Sum: the club clears grid cards whose values add up to its own.",
          "099b27", ("CF 4.2", "CF 3.5"), ambiguities=("CF-A4",),
          reason="Whether one card of the club's value alone is a Sum is open in the "
                 "rulebook; ringside's Club Fight specification, the solver's contract, "
                 "settles it: it is."),
    Trace("19.1", MODELLED, "Any: the club clears one grid card of the player's choice.", "b0a74c",
          ("CF 4.3", "CF 3.5")),
    Trace("19.2", MODELLED, "Any is one of the two actions able to clear a Joker.", "16e88b",
          ("CF 4.7",)),
    Heading(20, "Blockable Actions"),
    Trace("21.1", MODELLED, "Three or more grid cards of one suit block an action, the suit "
          "deciding which; all three blockable actions can be blocked at once.", "e0bd2d",
          ("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4"), end="21.3"),
    Trace("22.1", MODELLED, "Line: the club clears a whole row or column holding a card of its "
          "value.", "40019c", ("CF 4.4",), ambiguities=("CF-A6",)),
    Trace("22.2", MODELLED, "Three Diamonds block Line; Line is the other action able to clear a "
          "Joker.", "2da2ee", ("CF 3.2", "CF 4.7")),
    Trace("23.1", MODELLED, "Up/Down: a club from 2 to 7 clears every lower grid card, one from 7 "
          "to Queen every higher one.", "4ddb69", ("CF 4.5",), end="23.2",
          ambiguities=("CF-A5",)),
    Trace("23.3", MODELLED, "Three Spades block Up/Down.", "4d25d8", ("CF 3.3",)),
    Trace("24.1", MODELLED, "Run: the club clears grid cards that, with it, make an unbroken "
          "sequence of values, whatever their suits; the King does not wrap to the Ace.",
          "4c2ed4", ("CF 4.6",), end="24.3", ambiguities=("CF-A7",)),
    Trace("24.4", MODELLED, "Three Hearts block Run.", "c15984", ("CF 3.4",)),
    Heading(25, "Examples of Each Action Type"),
    Trace("26.1", EXAMPLE, "Match: the six of clubs takes every six, while Spades and Hearts "
          "block two other actions.", "1b8011", ("CF 4.1", "CF 3.3", "CF 3.4"), end="26.2",
          reason="Replayed by scenarios/clubfight/example-match.toml."),
    Trace("27.1", EXAMPLE, "Sum: the King takes four cards adding up to thirteen.", "5ae150",
          ("CF 4.2",), reason="Replayed by scenarios/clubfight/example-sum.toml."),
    Trace("28.1", EXAMPLE, "Any: a low club takes a high card.", "54c014", ("CF 4.3",),
          reason="Replayed by scenarios/clubfight/example-any.toml."),
    Trace("29.1", EXAMPLE, "Line: a six takes a row or column that holds a six.", "aaa587",
          ("CF 4.4",), reason="Replayed by scenarios/clubfight/example-line.toml."),
    Trace("30.1", EXAMPLE, "Up/Down: the four takes every card below four, while Hearts block "
          "Run.", "da6460", ("CF 4.5", "CF 3.4"), end="30.2",
          reason="Replayed by scenarios/clubfight/example-updown.toml."),
    Trace("31.1", EXAMPLE, "Run: the ten joins the cards from six to Jack, while Diamonds and "
          "Spades block Line and Up/Down.", "bdf33a", ("CF 4.6", "CF 3.2", "CF 3.3"),
          end="31.2", reason="Replayed by scenarios/clubfight/example-run.toml."),
    Heading(32, "Reference Cards"),
    Trace("33.1", OUT_OF_SCOPE, "Printable reference cards come with the rules.", "e66504",
          reason="A printed aid: ringside's reference is its own."),
    Trace("34.1", FLAVOUR, "Memory aids tying each blocking suit to its action by the suit's "
          "shape or meaning.", "63fa63", ("CF 3.2", "CF 3.3", "CF 3.4"), end="37.2",
          reason="They restate CF 3.2 to CF 3.4 and add nothing to model."),
)
"""Club Fight's rulebook, sentence by sentence (:mod:`model.core.traceability`)."""
