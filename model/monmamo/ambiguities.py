"""The ambiguity register of the Monsters Masters & Mobsters setup rules.

One entry for every place where the rulebook excerpt is silent or reads two
ways.  Each entry cites the passage, gives the readings, our default and why, the
``Rules`` field that selects a reading (:mod:`model.monmamo.rules`) and a
witness: a position and a probe on which the readings part.
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.monmamo.rulebook import COMPLETING, PUTTING, SETUP

AMBIGUITIES = (
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
    Ambiguity(
        id="MM-A10",
        title="Does a Mobster replace another player's Bystander?",
        passage="A Mobster put onto the Battlefield discards the Bystander of its name "
                "already there; the Battlefield is shared, and the sentence does not say "
                "whose Bystander it may be.",
        source=PUTTING,
        rules=("MM 4.5", "MM 2.2"),
        field="mobster_replaces_own_only",
        readings=(Reading(False, "Every Bystander of its name gives way, whoever placed "
                                 "it.", "anyone's"),
                  Reading(True, "Only the placing player's own Bystander gives way; another "
                                "player's stays beside the Mobster.", "own only")),
        default=False,
        rationale="The sentence names no owner, and the two cards are one character "
                  "(MM 2.2) on a Battlefield all players share.",
        witness=Witness('format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S05 S09 / S02 | battlefield 1:S06 | discard - | exile - | declared - | passes 0',
                        'place S05',
                        "player 0's Mobster Ratcatcher sends player 1's Bystander "
                        "Ratcatcher to the Discard pile, or the two stand side by side."),
        setting="A Mobster replaces its own player's Bystander only",
    ),
)
