"""The numbered rules of Club Fight, in ringside's own words.

Sources name sections of ``club-fight.txt`` (the rulebook) or of ringside's
Club Fight specification, which settles what the rulebook leaves open.
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section

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
         "cannot be spent to clear nothing. (Open point: Rules.must_clear.)",
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
         "rank and is not matched. (Open points: Rules.jokers_match, "
         "Rules.match_any_subset.)",
         "Always Available Actions: Match",
         (f"{_M}.moves.match_moves",)),
    Rule("CF 4.2", "Sum",
         "Sum clears any non-empty set of grid cards whose values add up exactly to "
         "the club's value; a single card of equal value is such a set. Jokers have "
         "no value and take no part. (Open point: Rules.sum_jokers_zero.)",
         "Always Available Actions: Sum",
         (f"{_M}.moves.sum_moves",)),
    Rule("CF 4.3", "Any",
         "Any clears one grid card of the player's choice, a Joker included.",
         "Always Available Actions: Any",
         (f"{_M}.moves.any_moves",)),
    Rule("CF 4.4", "Line",
         "Line picks a row or a column that holds a card of the club's rank and clears "
         "every card in it, Jokers included. (Open point: Rules.line_joker_target.)",
         "Blockable Actions: Line",
         (f"{_M}.moves.line_moves",)),
    Rule("CF 4.5", "Up/Down",
         "A club from 2 to 7 may clear every grid card of lower value; a club from 7 "
         "to Queen may clear every grid card of higher value; a 7 chooses. Jokers are "
         "neither lower nor higher, and the Ace and King have no Up/Down. (Open "
         "point: Rules.updown_any_subset.)",
         "Blockable Actions: Up/Down",
         (f"{_M}.moves.updown_moves",)),
    Rule("CF 4.6", "Run",
         "Run clears grid cards that, together with the club, form consecutive values "
         "with exactly one card per value and no grid card of the club's own value. "
         "The Ace is low only and the King does not wrap to the Ace; at least one grid "
         "card takes part. (Open point: Rules.run_min_cards.)",
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
