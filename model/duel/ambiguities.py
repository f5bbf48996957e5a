"""The Power Source dice duel's ambiguity register: where its rulebook is silent or unclear.

Each entry quotes the passage, gives both readings, ringside's default, the
``Rules`` field (:class:`model.duel.rules.Rules`) that selects a reading and a
position where the readings disagree.
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.duel.rulebook import ADRENALINE, AFTER, CLEANUP, DRAW, GENERATE, KEYWORDS, RESOLUTION

AMBIGUITIES = (
    Ambiguity(
        id="DU-A1",
        title="Who is Aggressor when Strike Scores tie at Generate Base?",
        passage="The higher score becomes Aggressor and the lower Defender; nothing says "
                "what equal scores make, though Cleanup knows a stalemate.",
        source=GENERATE, rules=("DU 4.3", "DU 4.4"), field="tie_rerolls_base",
        readings=(Reading(False, "Nobody has a role: After Rolls cards are revealed "
                                 "together and both true damages come at step B.",
                          "no roles"),
                  Reading(True, "Both Bases are generated again until the scores differ.",
                          "generate again")),
        default=False,
        rationale="The rulebook gives ties a name (stalemate) and a reward, which suggests "
                  "a tied round is played, not replaced.",
        witness=Witness('duel ember tide | round 1 of 5 | step roll | hp 30 32 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 3 5 / - | bonus 0 0 | roles - | crit - | acted - | used - | pending - | regen - 0 | gains 0 0',
                        'base 3 5',
                        "player 1's Base 3+5 ties the Strike Scores at 8: nobody takes a role and After Rolls begins, or both Bases are generated again."),
        setting="A tie at Generate Base is generated again"),
    Ambiguity(
        id="DU-A2",
        title="Can 'higher Strike Score when entering After Rolls' change after a card?",
        passage="The keywords ask who had the higher score when entering After Rolls, "
                "while the vocabulary speaks of the current Strike Score.",
        source=KEYWORDS, rules=("DU 4.7", "DU 4.6"), field="roles_follow_score",
        readings=(Reading(False, "The roles are fixed as After Rolls begins.",
                          "fixed at After Rolls"),
                  Reading(True, "Roles follow the current scores whenever asked.",
                          "follow the score")),
        default=False,
        rationale="The keyword text names a moment ('when entering After Rolls').",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 2 10 | shield 0 0 | adrenaline 0 2 | hands E01 E04 E05 / T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*6 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played E03 / - | base 5 5 / 4 5 | bonus 1 0 | roles 0 | crit - | acted 0 | used - | pending 0:E03:damage2> | regen - 0 | gains 0 0',
                        'play T03 + adrenaline riptide',
                        "Drag Under and Riptide lift the Defender above the Aggressor: with fixed roles the Aggressor's 2 true damage still comes at step B (Tidecaller ends on 8 HP); following the score it moves to step D, after the clash has defeated the Ember Duelist (Tidecaller ends on 10 HP)."),
        setting="Roles follow the current Strike Score"),
    Ambiguity(
        id="DU-A3",
        title="Do the minimum-Base and stalemate bonuses stack?",
        passage="Cleanup lists both bonuses as separate lines without saying whether one "
                "round can give both.",
        source=CLEANUP, rules=("DU 7.3", "DU 7.4"), field="bonuses_stack",
        readings=(Reading(True, "Both apply: +2 in such a round.", "both apply"),
                  Reading(False, "Together they give +1.", "+1 at most")),
        default=True,
        rationale="They are listed as independent gains, like the damage gain.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 30 32 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 1 1 / 1 1 | bonus 0 0 | roles none | crit - | acted - | used - | pending - | regen - 0 | gains 0 0',
                        'pass & pass',
                        'both roll the minimum Base and tie: +2 Adrenaline each when the bonuses stack, +1 when they do not.'),
        setting="Minimum-Base and stalemate bonuses stack"),
    Ambiguity(
        id="DU-A4",
        title="Does a Defender at exactly 0 HP deal their true damage at step D?",
        passage="Step D deals the Defender's true damage 'if the Defender is still alive'; "
                "a heal at step E could bring a Defender at 0 back.",
        source=RESOLUTION, rules=("DU 6.5", "DU 6.7"), field="defeat_checked_at_end",
        readings=(Reading(False, "0 HP is defeat at once: no step D, no step E heal.",
                          "0 HP is defeat"),
                  Reading(True, "Defeat is decided at the end of Resolution: step D is "
                                "dealt and a step E heal can save.", "decided at the end")),
        default=False,
        rationale="'Still alive' is asked at step D itself, and the duel ends at 0 HP.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 1 3 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*5 T06*3 | discards - / - | played - / T06 | base 4 5 / 2 3 | bonus 3 0 | roles 0 | crit - | acted 0 | used - | pending 1:T06:damage2> | regen - 0 | gains 0 0',
                        'pass',
                        "the clash puts the Defender at 0: the duel ends with player 0 winning, or the Defender's 2 true damage still lands and both fall (a draw)."),
        setting="Defeat is decided at the end of Resolution"),
    Ambiguity(
        id="DU-A5",
        title="Does damage a Shield blocked count toward Adrenaline?",
        passage="Adrenaline comes from 'damage you take'; a Shield blocks damage before "
                "it reaches HP.",
        source=CLEANUP, rules=("DU 7.2", "DU 5.4"), field="blocked_counts_for_adrenaline",
        readings=(Reading(False, "Only damage that reached HP counts.", "HP damage only"),
                  Reading(True, "Blocked damage counts too.", "blocked counts")),
        default=False,
        rationale="Blocked damage is not taken.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 30 32 | shield 0 6 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 5 5 / 1 2 | bonus 3 0 | roles 0 | crit - | acted 0 | used - | pending - | regen - 0 | gains 0 0',
                        'pass',
                        '6 Shield blocks 6 of 10 clash damage: 4 reach HP, which earn nothing; counting the blocked 6 too earns 2 Adrenaline.'),
        setting="Blocked damage counts for Adrenaline"),
    Ambiguity(
        id="DU-A6",
        title="What happens when an Action Deck runs out?",
        passage="Players draw to 5 every round from a 30-card deck; the rulebook does not "
                "say what happens when it is empty.",
        source=DRAW, rules=("DU 2.3", "DU 2.1"), field="reshuffle_discards",
        readings=(Reading(True, "The discard pile is shuffled into a new deck.",
                          "reshuffle"),
                  Reading(False, "No more cards are drawn.", "stop drawing")),
        default=True,
        rationale="Card games that draw every round usually recycle the discard pile.",
        witness=Witness('duel ember tide | round 3 of 5 | step draw | hp 30 32 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks - / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / - | played - / - | base - / - | bonus 0 0 | roles - | crit - | acted - | used - | pending - | regen - 0 | gains 0 0',
                        'draw E01',
                        "player 0's deck is empty: their 26 discards are shuffled into a new deck and the draw comes from them, or player 0 stops drawing and player 1 draws next."),
        setting="The discard pile is reshuffled"),
    Ambiguity(
        id="DU-A7",
        title="Which tie is the stalemate: at Generate Base or at the clash?",
        passage="Cleanup rewards a stalemate, tied Strike Scores, without saying when the "
                "scores are compared; they are compared twice in a round, at Generate Base "
                "for the roles and at the clash, and After Rolls cards move them in between.",
        source=CLEANUP, rules=("DU 7.4", "DU 4.4"), field="stalemate_at_generate",
        readings=(Reading(False, "Scores tied at the clash make the stalemate, whatever "
                                 "they were at Generate Base.", "tied at the clash"),
                  Reading(True, "Scores tied at Generate Base (nobody took a role) make "
                                "the stalemate, whatever After Rolls does to them.",
                          "tied at Generate Base")),
        default=False,
        rationale="The bonus sits beside the clash's rewards in Cleanup, and a clash with "
                  "tied scores is the one that deals no damage; the scores of Generate Base "
                  "are only the roles' business.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 30 32 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 3 5 / 4 4 | bonus 0 0 | roles none | crit - | acted - | used - | pending - | regen - 0 | gains 0 0',
                        'pass & play T03',
                        "the scores tie at 8 as the Bases are generated, then Drag Under "
                        "takes 2 off player 0's: no stalemate at the clash (Adrenaline 0 0), "
                        "or a stalemate from Generate Base (Adrenaline 1 1)."),
        setting="A stalemate is a tie at Generate Base"),
    Ambiguity(
        id="DU-A8",
        title="Is the Adrenaline window still open after Resolution?",
        passage="After Rolls opens a window for one Adrenaline Action a round that lasts "
                "from the start of After Rolls to the next round's Draw, so through "
                "Resolution and Cleanup; the Adrenaline section says Adrenaline is spent "
                "during After Rolls, and nothing says when the effects of an action taken "
                "once this round's Resolution is over would count.",
        source=f"{AFTER}; {ADRENALINE}", rules=("DU 4.11", "DU 4.8"),
        field="adrenaline_after_resolution",
        readings=(Reading(False, "The window closes as Resolution begins: Adrenaline is "
                                 "spent during After Rolls, as the Adrenaline section "
                                 "says.", "closes at Resolution"),
                  Reading(True, "The window stays open to the next Draw: once Cleanup's "
                                "gains are in, a player who has not used this round's "
                                "action may take one; its Strike Score change counts in "
                                "the next round and its other effects wait for the next "
                                "Resolution (a REGEN has no Base left to re-roll).",
                          "open to the next Draw")),
        default=False,
        rationale="Effects accumulate and resolve during Resolution, so an action after it "
                  "has nothing to act on this round, and carrying it to the next round "
                  "would let one round's window pay for two rounds' effects; the "
                  "Adrenaline section places the spending in After Rolls.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 30 32 | shield 0 0 | adrenaline 0 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 5 5 / 1 2 | bonus 3 0 | roles 0 | crit - | acted 0 | used - | pending - | regen - 0 | gains 0 0',
                        'pass',
                        "the clash deals 10 to the Tidecaller, who gains 2 Adrenaline: the "
                        "next round's Draw begins, or the window after Cleanup opens for "
                        "the Tidecaller, who can still pay Riptide (+3 SS next round)."),
        setting="The Adrenaline window stays open after Resolution"),
    Ambiguity(
        id="DU-A9",
        title="Is paying an Adrenaline Rush the round's one Adrenaline Action?",
        passage="Either player may spend Adrenaline for one Adrenaline Action a round; "
                "the Adrenaline section then names two ways to spend it, the sheet's "
                "Adrenaline Actions and a card's Adrenaline Rush, and says nothing of "
                "whether a Rush counts against that one.",
        source=f"{AFTER}; {ADRENALINE}; {KEYWORDS}", rules=("DU 4.9", "DU 4.8"),
        field="rush_is_the_action",
        readings=(Reading(False, "No: the limit is on the Adrenaline Actions the sheet "
                                 "lists; a Rush is part of playing a card, and a player "
                                 "may pay both in one round.", "a Rush is not the action"),
                  Reading(True, "Yes: any spending of Adrenaline in a round is its one "
                                "Adrenaline Action, so a player pays a Rush or takes an "
                                "action, not both.", "a Rush is the action")),
        default=False,
        rationale="The rulebook calls the sheet's entries Adrenaline Actions and the "
                  "card keyword an Adrenaline Rush that powers up a card as it is "
                  "played; the once-a-round limit names the first only.",
        witness=Witness('duel ember tide | round 1 of 5 | step after | hp 30 32 | shield 0 0 | adrenaline 4 0 | hands E01 E03 E04 E05 / T01 T03 T04 T05 | decks E01*5 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 / T01*5 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 5 5 / 1 2 | bonus 3 0 | roles 0 | crit - | acted - | used - | pending - | regen - 0 | gains 0 0',
                        'play E05 rush + adrenaline second-wind',
                        "the Ember Duelist, 4 Adrenaline, plays Flurry with its Rush (2) and "
                        "Second Wind (2) together when a Rush is not the action; the pair is "
                        "refused (DU 4.8) when it is."),
        setting="A Rush is the round's Adrenaline Action"),
)
