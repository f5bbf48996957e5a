"""The dice duel's rulebook (``strike-duel.txt``) accounted for, sentence by sentence.

Each entry says in ringside's own words what a run of the rulebook's sentences
says and which rules of :mod:`model.duel.rulebook` implement it; the format is
:mod:`model.core.traceability`.  Where the rulebook leaves a point open the
entry names the register's entry (:mod:`model.duel.ambiguities`).  The
rulebook's numbered steps and lettered Resolution steps are cut into a unit of
their own ("1.", "A."), so an entry starts at the step's marker.
"""

from __future__ import annotations

from model.core.traceability import Heading, Status, Trace

MODELLED, DATA, EXAMPLE = Status.MODELLED, Status.DATA, Status.EXAMPLE
FLAVOUR, OUT_OF_SCOPE = Status.FLAVOUR, Status.OUT_OF_SCOPE

TRACEABILITY = (
    Trace("1.1", MODELLED, "Each player brings a character whose Power Source makes a number "
          "every round, and a thirty-card Action Deck that changes it.", "02c462",
          ("DU 1.1", "DU 1.2")),
    Trace("1.2", MODELLED, "The Power Source gives the Base, which becomes the Strike Score.",
          "6a2669", ("DU 4.1", "DU 4.2")),
    Trace("1.3", MODELLED, "The difference of the two Strike Scores is dealt as damage.",
          "8f1eaa", ("DU 6.4",), end="1.4"),
    Trace("1.5", MODELLED, "Rounds go on until a character reaches 0 HP.", "f65900",
          ("DU 1.3", "DU 1.4", "DU 6.7"), ambiguities=("DU-A4",),
          reason="The rulebook sets no last round; DU 1.4 is ringside's bound."),
    Heading(3, "Every Round"),
    Trace("5.1", MODELLED, "Step 1, Draw: fill the hand to five, then one discard is "
          "allowed; no more drawing this round.", "80e9ee", ("DU 2.1", "DU 2.2"), end="5.4",
          ambiguities=("DU-A6",),
          reason="An empty Action Deck is not mentioned: DU 2.3 and DU-A6."),
    Trace("7.1", MODELLED, "Step 2, Before Rolls: each player secretly lays one Before Rolls "
          "card or passes; both are shown at once and announced.", "2147e4", ("DU 3.1",),
          end="7.3"),
    Trace("7.4", MODELLED, "Card effects pile up and take effect in Resolution, unless the "
          "card says otherwise.", "9713fd", ("DU 3.2",)),
    Trace("9.1", MODELLED, "Step 3, Generate Base: each player produces a Base the way "
          "their sheet says; Base plus bonuses is the round's Strike Score.", "df56c4",
          ("DU 4.1", "DU 4.2"), end="9.3"),
    Trace("9.4", MODELLED, "The higher Strike Score makes its player the Aggressor, the "
          "lower the Defender.", "331657", ("DU 4.3", "DU 4.4"), end="9.5",
          ambiguities=("DU-A1",)),
    Trace("11.1", MODELLED, "Step 4, After Rolls: once per round each player may pay "
          "Adrenaline for an Adrenaline Action, at any moment from the start of After "
          "Rolls to the next round's Draw.", "38e8be", ("DU 4.8", "DU 4.11"), end="11.2",
          reason="ringside offers the action at every moment where it can matter up to "
                 "Resolution (DU 4.11); whether the window is still open after Resolution "
                 "is DU-A8.", ambiguities=("DU-A8", "DU-A9")),
    Trace("13.1", MODELLED, "The Aggressor plays an After Rolls card first and its effects "
          "resolve at once.", "edebac", ("DU 4.6",), end="13.2", ambiguities=("DU-A2",)),
    Trace("14.1", MODELLED, "Then the Defender plays one, resolved at once too.", "f33d6f",
          ("DU 4.6",), end="14.2"),
    Trace("16.1", MODELLED, "Step 5, Resolution, in a fixed order.", "1cb9ef",
          ("DU 6.1", "DU 6.2", "DU 6.4", "DU 6.5", "DU 6.6"), end="16.2"),
    Trace("18.1", MODELLED, "A: heals, then Shield gains, then Damage Reduction.", "a2c9c3",
          ("DU 6.1",), end="18.4"),
    Trace("19.1", MODELLED, "B: the Aggressor's true damage, and EXECUTE effects.",
          "8f650b", ("DU 6.2", "DU 6.3"), end="19.3"),
    Trace("20.1", MODELLED, "C: the higher Strike Score wins the clash and deals the "
          "difference.", "9965b3", ("DU 6.4",), end="20.3"),
    Trace("21.1", MODELLED, "D: the Defender's true damage, if the Defender still lives.",
          "c7b677", ("DU 6.5", "DU 6.7"), end="21.2", ambiguities=("DU-A4",)),
    Trace("22.1", MODELLED, "E: SALVAGE and REVENGE effects, judged on this round's damage "
          "unless the card says otherwise.", "21cb24", ("DU 6.6",), end="22.2"),
    Trace("24.1", MODELLED, "Step 6, Cleanup: played cards are discarded, hands cut to "
          "four, and Adrenaline is gained.", "7f645f", ("DU 7.5", "DU 7.2"), end="24.4"),
    Trace("26.1", MODELLED, "One Adrenaline per five damage taken from the opponent, clash "
          "or true, up to five; damage to oneself does not count.", "96a56c",
          ("DU 7.2", "DU 7.1"), end="26.3", ambiguities=("DU-A5",)),
    Trace("27.1", MODELLED, "A Base at the lowest the Power Source allows earns one more.",
          "1b46db", ("DU 7.3",), ambiguities=("DU-A3",)),
    Trace("28.1", MODELLED, "Tied Strike Scores earn both players one.", "36932d",
          ("DU 7.4",), ambiguities=("DU-A3", "DU-A7")),
    Heading(30, "Critical Range"),
    Trace("32.1", MODELLED, "A character crits when its raw Base, before any card, falls in "
          "the Critical Range its sheet gives.", "5fc9bc", ("DU 4.5",), end="32.3",
          reason="A REGEN re-roll after the critical is decided leaves it as it was "
                 "(DU 4.10)."),
    Heading(34, "Passives"),
    Trace("36.1", MODELLED, "A character's passives always apply.", "4ac0d2", ("DU 5.8",)),
    Trace("36.2", FLAVOUR, "Advice to read them, as they make each character.", "e76cf5",
          end="36.3"),
    Heading(38, "Vocabulary Reference"),
    Trace("40.1", MODELLED, "Power Source: how a character makes its number (dice, a deck of "
          "its own ...), as its sheet says.", "5ebe93", ("DU 4.1", "DU 1.1"), end="40.2"),
    Trace("41.1", MODELLED, "Base: the Power Source's number with nothing added.", "494592",
          ("DU 4.1", "DU 4.5"), end="41.2"),
    Trace("42.1", MODELLED, "Action Deck: thirty Before Rolls and After Rolls cards of three "
          "rarities that change the Base.", "fa4001", ("DU 1.2", "DU 4.2"), end="42.2",
          reason="The rulebook prints no card: the shipped cards are ringside's examples."),
    Trace("43.1", MODELLED, "Strike Score: the Base with every bonus and penalty; the higher "
          "wins the clash.", "58a993", ("DU 4.2", "DU 6.4"), end="43.2"),
    Trace("44.1", MODELLED, "Aggressor: the higher score after Generate Base; plays first; "
          "some effects are for the Aggressor only.", "19bc09",
          ("DU 4.3", "DU 4.6", "DU 4.7"), end="44.3", ambiguities=("DU-A1", "DU-A2")),
    Trace("45.1", MODELLED, "Defender: the lower score after Generate Base; plays second; "
          "some effects are for the Defender only.", "360002",
          ("DU 4.3", "DU 4.6", "DU 4.7"), end="45.3", ambiguities=("DU-A2",)),
    Trace("46.1", MODELLED, "Clash damage: the winner's score less the loser's, lowered by "
          "Damage Reduction, stopped by Shield.", "0503e5", ("DU 6.4", "DU 5.5", "DU 5.4"),
          end="46.3"),
    Trace("47.1", MODELLED, "True damage: straight to HP outside the clash, stopped by "
          "Shield but not by Damage Reduction, dealt in Resolution whenever played.",
          "517855", ("DU 5.6", "DU 5.4", "DU 3.2"), end="47.4"),
    Trace("48.1", MODELLED, "Damage Reduction: lowers clash damage only, for one round.",
          "43c385", ("DU 5.5",), end="48.2"),
    Trace("49.1", MODELLED, "Shield: blocks any damage one point per token, and stays until "
          "used.", "9f58dc", ("DU 5.4",), end="49.3"),
    Trace("50.1", MODELLED, "Tokens are counters for Shield, Adrenaline and other things.",
          "36877f", ("DU 5.4", "DU 7.1"),
          reason="Shield and Adrenaline are counted in every position; the other tokens "
                 "named belong to character sheets the rulebook does not print."),
    Heading(52, "Adrenaline"),
    Trace("54.1", MODELLED, "Adrenaline, the comeback resource, caps at five and comes from "
          "damage the opponent deals.", "62f81c", ("DU 7.1", "DU 7.2"), end="54.3"),
    Trace("56.1", MODELLED, "The gains again: the damage table, the lowest-Base bonus and the "
          "tie bonus.", "cc72df", ("DU 7.2", "DU 7.3", "DU 7.4"), end="58.1",
          ambiguities=("DU-A3", "DU-A7")),
    Trace("60.1", MODELLED, "Adrenaline is spent in After Rolls on the sheet's Adrenaline "
          "Actions, or on a card's Adrenaline Rush as it is played.", "11e53c",
          ("DU 4.8", "DU 4.9", "DU 4.11"), end="60.3", ambiguities=("DU-A8", "DU-A9")),
    Heading(62, "Card Keywords"),
    Trace("64.1", MODELLED, "+X SS and -X SS raise or lower one's Strike Score.", "0e9a3d",
          ("DU 5.1",)),
    Trace("65.1", MODELLED, "DEAL aims an effect at the opponent, TAKE at oneself.",
          "4a4f75", ("DU 5.1",), end="66.1"),
    Trace("67.1", MODELLED, "HEAL X gives back X HP.", "b98bc2", ("DU 5.7",)),
    Trace("68.1", MODELLED, "IF: the effect applies when its condition holds.", "94e698",
          ("DU 5.2",), end="68.2"),
    Trace("69.1", MODELLED, "OR: exactly one of the effects, the player's choice.", "7a0639",
          ("DU 5.3",)),
    Trace("70.1", MODELLED, "AGGRESSOR and DEFENDER effects ask who led on entering After "
          "Rolls.", "51e004", ("DU 4.7", "DU 5.2"), end="71.1", ambiguities=("DU-A2",)),
    Trace("72.1", MODELLED, "SALVAGE: only for the player who lost the clash.", "249051",
          ("DU 6.6", "DU 5.2"), end="72.2"),
    Trace("73.1", MODELLED, "REVENGE: when the damage taken passes a threshold.", "821407",
          ("DU 6.6", "DU 5.2"), end="73.2", ambiguities=("DU-A5",),
          reason="Damage a Shield blocked counts as DU-A5 reads it for Adrenaline."),
    Trace("74.1", MODELLED, "EXECUTE: when the damage dealt passes a threshold.", "d0f124",
          ("DU 6.3", "DU 5.2"), end="74.2"),
    Trace("75.1", MODELLED, "ADRENALINE RUSH: pay Adrenaline as the card is played for a "
          "stronger effect.", "3c2c48", ("DU 4.9",), ambiguities=("DU-A9",)),
    Trace("76.1", MODELLED, "REGEN: roll one die of the Power Source again; a sheet says "
          "what it means without dice.", "89bfc4", ("DU 4.10",), end="76.2"),
    Trace("77.1", OUT_OF_SCOPE, "Characters may carry keywords of their own, on their "
          "sheets.", "180713",
          reason="No character sheet is printed; ringside's example characters use only "
                 "the keywords above."),
)
"""The dice duel's rulebook, sentence by sentence (:mod:`model.core.traceability`)."""
