"""Where the Club Fight rulebook can be read more than one way.

Each witness is a grid and a club on which the readings list different legal
moves; they were found by the z3 obligations in ``proofs/clubfight.py``
(``ringside check`` finds them again each run, and the tests replay the
stored ones through the executable model).
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness

AMBIGUITIES = (
    Ambiguity(
        id="CF-A1",
        title="May a club be spent to clear nothing?",
        passage="The objective and the action list say a club is discarded to clear "
                "cards, but never say whether an action that finds nothing to clear may "
                "still be taken (to get rid of an unwanted club, say).",
        source="Objective; Actions",
        rules=("CF 2.2", "CF 4.1", "CF 4.5"),
        field="must_clear",
        readings=(
            Reading(True, "Every action must clear at least one card."),
            Reading(False, "Match and Up/Down may be taken even when they find no card, "
                           "clearing nothing."),
        ),
        default=True,
        rationale="Every action in the rulebook is described by what it clears, and the "
                  "examples all clear cards; a free discard would make the 13-turn limit "
                  "toothless.",
        witness=Witness("2D -- -- -- -- -- -- -- --", "A",
                        "when an action must clear a card, the Ace may only clear the 2 of "
                        "Diamonds, by Any or Run; when it need not, the Ace may also be spent "
                        "on a Match that finds no Ace and clears nothing."),
        setting="An action must clear a card",
    ),
    Ambiguity(
        id="CF-A2",
        title="Does a Joker match every rank?",
        passage="Match clears the cards 'with the same value' as the club, while Jokers "
                "have no value, and the rulebook names Any and Line as the two actions "
                "that can clear a Joker; the public web version lets a Joker match.",
        source="Values; Always Available Actions: Match, Any",
        rules=("CF 4.1", "CF 4.7"),
        field="jokers_match",
        readings=(
            Reading(False, "A Joker has no rank and is never matched."),
            Reading(True, "A Joker matches every rank and Match clears it too."),
        ),
        default=False,
        rationale="The rulebook says outright that Any and Line are the actions that can "
                  "clear a Joker.",
        witness=Witness("JK -- -- -- -- -- -- -- --", "A",
                        "when Jokers do not match, the Ace reaches the lone Joker by Any "
                        "only; when they match, Match clears the Joker as well."),
        setting="Jokers match",
    ),
    Ambiguity(
        id="CF-A3",
        title="Must Match clear every card of the rank?",
        passage="Match is described as clearing all cards of the club's value; the web "
                "version lets the player pick any of them.",
        source="Always Available Actions: Match",
        rules=("CF 4.1",),
        field="match_any_subset",
        readings=(
            Reading(False, "Match clears every card of the club's rank."),
            Reading(True, "Match clears any non-empty subset of those cards."),
        ),
        default=False,
        rationale="The rulebook says all cards with the same value.",
        witness=Witness("AD AH -- -- -- -- -- -- --", "A",
                        "when Match takes every card of the rank, it takes both Aces "
                        "together; when it may take some, it may take the Ace of Diamonds "
                        "alone, the Ace of Hearts alone, or both."),
        setting="Match may take some of the cards",
    ),
    Ambiguity(
        id="CF-A4",
        title="May a Joker join a Sum at value 0?",
        passage="Sum clears cards whose values add up to the club; Jokers have no value. "
                "The web version counts a Joker as 0, so it may ride along in any Sum.",
        source="Values; Always Available Actions: Sum",
        rules=("CF 4.2", "CF 4.7"),
        field="sum_jokers_zero",
        readings=(
            Reading(False, "Jokers take no part in a Sum."),
            Reading(True, "Jokers count 0 and may join a Sum that has a valued card."),
        ),
        default=False,
        rationale="A card without a value cannot be part of a sum of values, and only Any "
                  "and Line are said to clear Jokers.",
        witness=Witness("AD JK -- -- -- -- -- -- --", "A",
                        "when Jokers take no part in a Sum, the only Sum is the Ace of "
                        "Diamonds by itself; when they count 0, the Joker may ride along, "
                        "clearing the Ace of Diamonds and the Joker together."),
        setting="A Joker counts 0 in a Sum",
    ),
    Ambiguity(
        id="CF-A5",
        title="Must Up/Down clear every card on its side?",
        passage="Up/Down removes all cards lower (or higher) than the club; the web "
                "version lets the player pick any of them.",
        source="Blockable Actions: Up/Down",
        rules=("CF 4.5",),
        field="updown_any_subset",
        readings=(
            Reading(False, "Up/Down clears every card on the chosen side."),
            Reading(True, "Up/Down clears any non-empty subset of them."),
        ),
        default=False,
        rationale="The rulebook says all cards lower (higher) in value.",
        witness=Witness("AD AH -- -- -- -- -- -- --", "2",
                        "when Up/Down takes every card on its side, the 2 going lower "
                        "sweeps both Aces at once; when it may take some, it may take the "
                        "Ace of Diamonds alone, the Ace of Hearts alone, or both."),
        setting="Up/Down may take some of the cards",
    ),
    Ambiguity(
        id="CF-A6",
        title="May Line target a row or column for its Joker?",
        passage="Line needs a row or column that contains a card of the club's value; "
                "the web version also accepts a line that holds a Joker.",
        source="Blockable Actions: Line",
        rules=("CF 4.4",),
        field="line_joker_target",
        readings=(
            Reading(False, "The line must hold a card of the club's rank."),
            Reading(True, "A line holding a Joker may be chosen as well."),
        ),
        default=False,
        rationale="A Joker has no value, so it is not a card of the same value.",
        witness=Witness("JK -- -- -- -- -- -- -- --", "A",
                        "when a line needs a card of the club's rank, no line holds an Ace, "
                        "so the Ace has no Line; when a Joker will do, row 1 or column 1 "
                        "may be chosen for its Joker."),
        setting="Line may aim at a Joker",
    ),
    Ambiguity(
        id="CF-A7",
        title="How short may a Run be?",
        passage="Run removes 'any number' of cards that are sequential with the club; the "
                "rulebook does not say whether a club and a single neighbour are a run.",
        source="Blockable Actions: Run",
        rules=("CF 4.6",),
        field="run_min_cards",
        readings=(
            Reading(2, "The club and one neighbouring value are a run.", "2 cards"),
            Reading(3, "A run has at least three cards, the club included.", "3 cards"),
        ),
        default=2,
        rationale="'Any number of cards' includes one; nothing in the text asks for three.",
        witness=Witness("2D -- -- -- -- -- -- -- --", "A",
                        "when a Run may have two cards, the Ace and the 2 of Diamonds make a "
                        "Run that clears the 2; when it needs three, two cards are too few, "
                        "so there is no Run."),
        setting="Shortest Run",
    ),
)
