"""The numbered rules of Club Fight, in ringside's own words.

Sources name sections of ``club-fight.txt`` (the rulebook) or of ringside's
Club Fight specification, which settles what the rulebook leaves open.
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section, Term

_M = "model.clubfight"

SECTIONS = (
    Section("CF 1", "Components and set-up"),
    Section("CF 2", "The turn"),
    Section("CF 3", "Blocking"),
    Section("CF 4", "Actions"),
    Section("CF 5", "End of the game"),
)

RULES = (
    Rule("CF 1.1", "Two decks",
         "The 13 clubs form the club deck. The other 39 cards and 1 Joker (easy) or "
         "2 Jokers (hard) form the grid deck of 40 or 41 cards. At every moment each "
         "card is in exactly one place: a grid card is in the grid, the grid deck or "
         "the cleared pile; a club is in hand, in the club deck or in the discard.",
         "Overview; Set Up",
         (f"{_M}.cards.full_grid_deck", f"{_M}.invariants.card_conservation",
          f"{_M}.invariants.club_conservation")),
    Rule("CF 1.2", "Card values",
         "An Ace is worth 1, the number cards their number, a Jack 11, a Queen 12 and "
         "a King 13. A Joker has no suit and no value.",
         "Values",
         (f"{_M}.cards.Card",)),
    Rule("CF 1.3", "Set-up",
         "The first 9 cards of the grid deck fill the grid in reading order, slots 0 "
         "to 8, left to right and top to bottom; the first 4 clubs are the starting "
         "hand.",
         "Set Up",
         (f"{_M}.state.State.from_deal",)),
    Rule("CF 1.4", "Deal numbers",
         "Deal CF1-n (1 Joker) or CF2-n (2 Jokers) is the ordered deck (suits C, D, H, "
         "S; ranks A to K; then the Jokers) shuffled by Fisher-Yates driven by "
         "SplitMix64 seeded with n; clubs keep their shuffled order as the club deck, "
         "all other cards as the grid deck.",
         "ringside Club Fight specification: Deal numbers",
         (f"{_M}.deals.Deal.from_number", f"{_M}.deals.splitmix64")),
    Rule("CF 2.1", "Playing a club",
         "A turn plays exactly one club from hand: the player takes one action with "
         "it, then discards it. A discarded club never comes back.",
         "Objective; Actions",
         (f"{_M}.engine.ClubFight.resolve",)),
    Rule("CF 2.2", "An action clears something",
         "A club may only be played for an action that clears at least one card; it "
         "cannot be spent to clear nothing.",
         "Objective (silent); ringside Club Fight specification: Default rulings",
         (f"{_M}.moves.match_moves", f"{_M}.moves.updown_moves")),
    Rule("CF 2.3", "Refilling the grid",
         "After the action, each empty slot, in slot order, receives the next card of "
         "the grid deck, until the slots are full or the grid deck is empty. Cleared "
         "cards never return to play.",
         "Objective",
         (f"{_M}.engine.refill",)),
    Rule("CF 2.4", "Drawing clubs",
         "After the refill the player draws clubs until the hand holds 4 or the club "
         "deck is empty.",
         "Objective",
         (f"{_M}.engine.draw_clubs",)),
    Rule("CF 2.5", "Thirteen turns",
         "A game lasts at most 13 turns, one for each club.",
         "Objective",
         (f"{_M}.engine.ClubFight.resolve",)),
    Rule("CF 3.1", "When blocking is judged",
         "Whether an action is blocked depends on the grid as it stands before the "
         "action is taken. Jokers have no suit, so they never count toward a block.",
         "Blockable Actions; ringside Club Fight specification: Default rulings",
         (f"{_M}.moves.blocked_actions",)),
    Rule("CF 3.2", "Diamonds block Line",
         "While the grid holds 3 or more Diamonds, Line cannot be taken.",
         "Blockable Actions: Line",
         (f"{_M}.moves.blocked_actions",)),
    Rule("CF 3.3", "Spades block Up/Down",
         "While the grid holds 3 or more Spades, Up/Down cannot be taken.",
         "Blockable Actions: Up/Down",
         (f"{_M}.moves.blocked_actions",)),
    Rule("CF 3.4", "Hearts block Run",
         "While the grid holds 3 or more Hearts, Run cannot be taken.",
         "Blockable Actions: Run",
         (f"{_M}.moves.blocked_actions",)),
    Rule("CF 3.5", "Actions that are never blocked",
         "Match, Sum and Any can be taken whatever the suits in the grid.",
         "Always Available Actions",
         (f"{_M}.moves.moves_for_club",)),
    Rule("CF 4.1", "Match",
         "Match clears every grid card whose rank is the club's rank. A Joker has no "
         "rank and is not matched.",
         "Always Available Actions: Match",
         (f"{_M}.moves.match_moves",)),
    Rule("CF 4.2", "Sum",
         "Sum clears any non-empty set of grid cards whose values add up exactly to "
         "the club's value; a single card of equal value is such a set. Jokers have "
         "no value and take no part.",
         "Always Available Actions: Sum",
         (f"{_M}.moves.sum_moves",)),
    Rule("CF 4.3", "Any",
         "Any clears one grid card of the player's choice, a Joker included.",
         "Always Available Actions: Any",
         (f"{_M}.moves.any_moves",)),
    Rule("CF 4.4", "Line",
         "Line picks a row or a column that holds a card of the club's rank and clears "
         "every card in it, Jokers included.",
         "Blockable Actions: Line",
         (f"{_M}.moves.line_moves",)),
    Rule("CF 4.5", "Up/Down",
         "A club from 2 to 7 may clear every grid card of lower value; a club from 7 "
         "to Queen may clear every grid card of higher value; a 7 chooses. Jokers are "
         "neither lower nor higher, and the Ace and King have no Up/Down. ",
         "Blockable Actions: Up/Down",
         (f"{_M}.moves.updown_moves",)),
    Rule("CF 4.6", "Run",
         "Run clears grid cards that, together with the club, form consecutive values "
         "with exactly one card per value and no grid card of the club's own value. "
         "The Ace is low only and the King does not wrap to the Ace; at least one grid "
         "card takes part.",
         "Blockable Actions: Run",
         (f"{_M}.moves.run_moves",)),
    Rule("CF 4.7", "Who may clear a Joker",
         "Only Any and Line can clear a Joker.",
         "Always Available Actions: Any; Blockable Actions: Line",
         (f"{_M}.invariants.jokers_leave_by_any_or_line",)),
    Rule("CF 5.1", "Winning",
         "The game is won when, after a turn, the grid and the grid deck are both "
         "empty.",
         "Objective",
         (f"{_M}.engine.ClubFight.outcome",)),
    Rule("CF 5.2", "Losing",
         "The game is lost when the hand holds no club and cards remain in the grid "
         "or the grid deck.",
         "Objective",
         (f"{_M}.engine.ClubFight.outcome",)),
)

RULEBOOK = RuleBook("CF", SECTIONS, RULES)

GLOSSARY = (
    Term("Any", "The action that clears one grid card of the player's choice, a Joker "
         "included; never blocked.", ("CF 4.3", "CF 3.5")),
    Term("Blocked", "An action that cannot be taken this turn because the grid holds 3 or "
         "more cards of its blocking suit: Diamonds block Line, Spades block Up/Down, "
         "Hearts block Run. Jokers never count.", ("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4"),
         see=("blocking suit",)),
    Term("Card notation", "A card is written rank then suit letter: 7H is the 7 of Hearts, "
         "TD the 10 of Diamonds, QS the Queen of Spades; a club is written by its rank "
         "alone, and JK is a Joker. This reference draws cards with their suit symbols: "
         "\u2666 \u2665 red, \u2660 \u2663 black.", ("CF 1.2",)),
    Term("Cleared pile", "The cards cleared from the grid; they never return to play.",
         ("CF 2.3",)),
    Term("Club", "One of the 13 clubs, the player's fighters: each is played once, for one "
         "action, and then discarded.", ("CF 2.1", "CF 1.1")),
    Term("Club deck", "The clubs not yet drawn, in their shuffled order; the hand is "
         "refilled from it.", ("CF 1.1", "CF 2.4")),
    Term("Deal number", "A name for one shuffled deck, CF1-n with one Joker or CF2-n with "
         "two: the same deal on every machine.", ("CF 1.4",)),
    Term("Discard", "The clubs already played; a discarded club never comes back.",
         ("CF 2.1",)),
    Term("Grid", "The 3 by 3 square of nine slots where the opponents face the player.",
         ("CF 1.3",)),
    Term("Grid deck", "The 39 Diamonds, Hearts and Spades and the Jokers, shuffled; it "
         "fills the grid and refills its empty slots.", ("CF 1.1", "CF 2.3")),
    Term("Hand", "The clubs the player may play this turn: four at the start, refilled "
         "to four after each turn while the club deck lasts.", ("CF 2.4", "CF 2.1")),
    Term("Joker", "A grid card with no rank, suit or value. Only Any and Line clear it, "
         "and it never counts toward a block.", ("CF 1.2", "CF 4.7", "CF 3.1")),
    Term("JK@n", "In a move, the Joker in slot n: JK@3 is the Joker in slot 3 (with two "
         "Jokers on the grid, the slot tells them apart).", ("CF 4.7", "CF 1.3"),
         notation=r"JK@\d"),
    Term("Line", "The action that clears a whole row or column holding a card of the "
         "club's rank, Jokers included; blocked by 3 Diamonds.", ("CF 4.4", "CF 3.2")),
    Term("Match", "The action that clears every grid card of the club's rank.",
         ("CF 4.1",)),
    Term("Refill", "After the action, each empty slot in slot order gets the next card of "
         "the grid deck while it lasts.", ("CF 2.3",)),
    Term("Ruleset", "A reading of every point the rulebook leaves open: rulebook (the "
         "default) or webapp (the public web version of the game).", ("CF 2.2",)),
    Term("Run", "The action that clears cards forming, with the club, consecutive values, "
         "one card per value; blocked by 3 Hearts.", ("CF 4.6", "CF 3.4")),
    Term("Slot", "One of the nine places of the grid, numbered 0 to 8 left to right and "
         "top to bottom: row 1 holds slots 0, 1 and 2.", ("CF 1.3",)),
    Term("Sum", "The action that clears grid cards whose values add up exactly to the "
         "club's value.", ("CF 4.2",)),
    Term("Turn", "One club played for one action, then the refill and the draw; a game "
         "has at most 13.", ("CF 2.1", "CF 2.5")),
    Term("Up/Down", "The action that clears every grid card lower (a 2 to 7) or higher (a "
         "7 to Queen) in value than the club; blocked by 3 Spades.", ("CF 4.5", "CF 3.3")),
    Term("Value", "Ace 1, number cards their number, Jack 11, Queen 12, King 13; a Joker "
         "has none.", ("CF 1.2",)),
)
"""The words of the Club Fight rules, for the reference's glossary."""
