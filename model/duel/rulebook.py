"""The numbered rules of the Power Source dice duel and its glossary.

Statements are ringside's own words; ``source`` names the part of the rulebook
(``strike-duel.txt``) each comes from.  The rulebook prints no character sheet
or card: characters are data (``model.duel.characters``), and the shipped
ones are ringside's own examples.  The ambiguity register is
:mod:`model.duel.ambiguities`.
"""

from __future__ import annotations

from model.core.rules import Rule, RuleBook, Section, Term

BOOK = "Strike Duel"
INTRO = f"{BOOK}: introduction"
ROUND = f"{BOOK}: Every Round"
DRAW = f"{ROUND}, 1. Draw"
BEFORE = f"{ROUND}, 2. Before Rolls"
GENERATE = f"{ROUND}, 3. Generate Base"
AFTER = f"{ROUND}, 4. After Rolls"
RESOLUTION = f"{ROUND}, 5. Resolution"
CLEANUP = f"{ROUND}, 6. Cleanup"
CRITICAL = f"{BOOK}: Critical Range"
PASSIVES = f"{BOOK}: Passives"
VOCABULARY = f"{BOOK}: Vocabulary Reference"
ADRENALINE = f"{BOOK}: Adrenaline"
KEYWORDS = f"{BOOK}: Card Keywords"
READING = "ringside's reading (the rulebook is silent)"

RULEBOOK = RuleBook(
    "DU",
    (Section("DU 1", "Characters and the duel"), Section("DU 2", "Draw"),
     Section("DU 3", "Before Rolls"), Section("DU 4", "Generate Base and After Rolls"),
     Section("DU 5", "Damage, healing and keywords"), Section("DU 6", "Resolution"),
     Section("DU 7", "Cleanup and Adrenaline")),
    (
        Rule("DU 1.1", "Two characters",
             "Two players duel, each with a character whose sheet gives its hit points, "
             "Power Source, Critical Range, passives and Adrenaline Actions. A character "
             "starts the duel at its full HP, with no Shield and no Adrenaline.", INTRO),
        Rule("DU 1.2", "The Action Deck",
             "Each player has an Action Deck of exactly 30 cards, each card played Before "
             "Rolls or After Rolls; it starts shuffled, with nothing in hand.",
             f"{VOCABULARY}, Action Deck"),
        Rule("DU 1.3", "The end of the duel",
             "Rounds follow one another until a character is at 0 HP at the end of a "
             "Resolution: the other player wins; both at 0 is a draw.", INTRO),
        Rule("DU 1.4", "A bound on the rounds",
             "The rulebook sets no limit on rounds. To keep every game finite, a ringside "
             "setup names a number of rounds; a duel with both characters standing after "
             "the last one ends unfinished, without a winner.", READING),
        Rule("DU 2.1", "Draw to five",
             "At the start of a round each player draws from their own shuffled Action "
             "Deck, one card at a time, until they hold 5.", DRAW),
        Rule("DU 2.2", "One optional discard",
             "After drawing, each player may discard one card from hand; the hand is not "
             "refilled until the next round's Draw.", DRAW),
        Rule("DU 2.3", "An empty Action Deck",
             "When a player must draw from an empty Action Deck, by our default reading "
             "their discard pile is shuffled to become the new deck; the other reading "
             "stops their drawing.", READING),
        Rule("DU 3.1", "Before Rolls cards, face down",
             "Each player chooses one Before Rolls card from hand, or passes, in secret; "
             "the choices are revealed together. A card's Adrenaline Rush is paid as it "
             "is revealed.", BEFORE),
        Rule("DU 3.2", "Effects wait for Resolution",
             "Played effects accumulate and take effect in Resolution, except Strike Score "
             "changes, which count from the moment their card resolves (a Before Rolls "
             "card's plain bonus from Generate Base on).", BEFORE),
        Rule("DU 4.1", "Generating the Base",
             "Each player generates a Base with their Power Source: the sum of the dice of "
             "a dice pool, or of the cards drawn from a personal deck (reshuffled whole "
             "each round). Every outcome has its exact probability.", GENERATE),
        Rule("DU 4.2", "Strike Score",
             "A player's Strike Score is the Base plus every bonus and penalty of cards, "
             "Adrenaline Actions and passives in effect.",
             f"{GENERATE}; {VOCABULARY}, Strike Score"),
        Rule("DU 4.3", "Aggressor and Defender",
             "After Generate Base, the player with the higher Strike Score is the "
             "Aggressor and the other the Defender.", GENERATE),
        Rule("DU 4.4", "Tied scores at Generate Base",
             "If the Strike Scores tie at Generate Base, by our default reading nobody is "
             "Aggressor or Defender that round: both play their After Rolls card in secret, "
             "revealed together, and both players' true damage is dealt at step B. The "
             "other reading generates both Bases again until the scores differ.", READING),
        Rule("DU 4.5", "Critical Range",
             "A player whose raw Base (no card, passive or Adrenaline counted) lies in "
             "their Critical Range crits: their critical effects, and card effects that "
             "ask IF critical, apply. It is decided as After Rolls begins.", CRITICAL),
        Rule("DU 4.6", "After Rolls in order",
             "The Aggressor plays an After Rolls card or passes, and its effects resolve "
             "at once; then the Defender does the same.", AFTER),
        Rule("DU 4.7", "Who counts as Aggressor",
             "AGGRESSOR and DEFENDER effects ask who had the higher Strike Score on "
             "entering After Rolls. By our default reading those roles stay fixed for the "
             "round, also for the order of Resolution; the other reading follows the "
             "current Strike Scores whenever a role is asked.", f"{KEYWORDS}; {READING}"),
        Rule("DU 4.8", "Adrenaline Actions",
             "Each player may pay Adrenaline for at most one Adrenaline Action of their "
             "sheet in a round; its effects resolve at once, like a card's. Either player "
             "may take it at any moment of the window that opens as After Rolls begins "
             "and lasts until the next round's Draw.", f"{AFTER}; {ADRENALINE}"),
        Rule("DU 4.9", "Adrenaline Rush",
             "A card with Adrenaline Rush may be played paying its cost in Adrenaline, "
             "which adds the Rush effects to the card's. By ringside's default reading a "
             "Rush is not the round's Adrenaline Action, so a player may pay both; read "
             "the other way (DU-A9), paying a Rush is that action.", KEYWORDS),
        Rule("DU 4.10", "REGEN",
             "REGEN re-rolls one die of the targeted Power Source, chosen by the player; "
             "a personal deck puts that card back and draws one from the cards not in "
             "the Base. The Base and the Strike Score change by the difference; a "
             "critical already decided stays. Two REGENs of the same round naming a die "
             "the Base shows once re-roll that die twice.", KEYWORDS),
        Rule("DU 4.11", "The moments of the Adrenaline window",
             "ringside offers the window at every moment where a choice can matter, and "
             "only to a player who has not used their action this round and can pay for "
             "one: (1) as After Rolls begins, to the Defender, before the Aggressor's "
             "card (the Aggressor's own first moment is with that card); (2) to each "
             "player together with their own After Rolls card, after its effects; "
             "(3) once both cards are played, to the Aggressor, then to the Defender, and "
             "again to whoever passed before an action the other took since, until an "
             "offer is passed with nobody acting after it. With no roles (DU 4.4) the "
             "offers of (3) go to both players together, again to whoever can still "
             "act after an action. By ringside's default reading the window closes as "
             "Resolution begins: effects wait for Resolution (DU 3.2), and Adrenaline is "
             "spent during After Rolls. Read the other way (DU-A8) it stays open to the "
             "next round's Draw: (4) once Cleanup's gains are in, to both players "
             "together, again to whoever passed after the other acted; such an action "
             "counts in the next round.",
             f"{AFTER}; {ADRENALINE}; {READING}"),
        Rule("DU 5.1", "+X SS, DEAL and TAKE",
             "+X SS and -X SS change a Strike Score by X; DEAL applies an effect to the "
             "opponent and TAKE to oneself.", KEYWORDS),
        Rule("DU 5.2", "IF, and conditions",
             "An effect with a condition applies only if it holds when checked: "
             "AGGRESSOR, DEFENDER and IF critical as the card resolves, EXECUTE at step "
             "B, SALVAGE and REVENGE at step E.", KEYWORDS),
        Rule("DU 5.3", "OR",
             "A card with OR applies exactly one of its listed effects, chosen by its "
             "player as the card is played.", KEYWORDS),
        Rule("DU 5.4", "Shield",
             "Shield tokens stay from round to round until used; each blocks one point of "
             "clash or true damage before any reaches HP.", f"{VOCABULARY}, Shield"),
        Rule("DU 5.5", "Damage Reduction",
             "Damage Reduction lowers the clash damage its holder takes, never true "
             "damage, and lasts for one round only.", f"{VOCABULARY}, Damage Reduction"),
        Rule("DU 5.6", "TRUE DAMAGE",
             "Damage dealt as true damage ignores the clash and goes to HP, blocked only by "
             "Shield. HP never falls below 0.", f"{VOCABULARY}, TRUE DAMAGE"),
        Rule("DU 5.7", "HEAL",
             "HEAL X restores X HP, never above the character's maximum.", KEYWORDS),
        Rule("DU 5.8", "Passives",
             "A character's passives apply every round, like a card played by its owner: "
             "plain Strike Score bonuses from Generate Base on, the rest as After Rolls "
             "begins.", PASSIVES),
        Rule("DU 6.1", "Step A: heal, shield, reduce",
             "Resolution begins with every pending heal, then every Shield gain, then "
             "every Damage Reduction of the round.", RESOLUTION),
        Rule("DU 6.2", "Step B: the Aggressor's true damage",
             "The Aggressor's true damage (DEAL and TAKE) is dealt, and EXECUTE effects "
             "apply.", RESOLUTION),
        Rule("DU 6.3", "EXECUTE",
             "EXECUTE triggers when the clash damage its player will deal (the Strike "
             "Score difference less the opponent's DR) exceeds its threshold.", KEYWORDS),
        Rule("DU 6.4", "Step C: the clash",
             "The higher Strike Score wins the clash and deals the difference, less the "
             "loser's Damage Reduction, to the loser; tied scores deal nothing.",
             f"{RESOLUTION}; {VOCABULARY}, Clash Damage"),
        Rule("DU 6.5", "Step D: the Defender's true damage",
             "If the Defender is still alive, their true damage (DEAL and TAKE) is dealt "
             "now. By our default reading a Defender at 0 HP is not alive.", RESOLUTION),
        Rule("DU 6.6", "Step E: SALVAGE and REVENGE",
             "SALVAGE effects apply for a player who lost the clash; REVENGE effects when "
             "the damage its player took from the opponent this round exceeds the "
             "threshold.", f"{RESOLUTION}; {KEYWORDS}"),
        Rule("DU 6.7", "Defeat",
             "A character at 0 HP is defeated; by our default reading at once, in the "
             "other at the end of Resolution.", f"{INTRO}; {READING}"),
        Rule("DU 7.1", "Adrenaline cap",
             "A player holds 0 to 5 Adrenaline; gains beyond 5 are lost.", ADRENALINE),
        Rule("DU 7.2", "Adrenaline for damage taken",
             "In Cleanup a player gains 1 Adrenaline per full 5 damage taken from the "
             "opponent this round (clash and true), 5 at most; damage they did to "
             "themselves does not count.", f"{CLEANUP}; {ADRENALINE}"),
        Rule("DU 7.3", "Minimum Base bonus",
             "A player whose Base this round was the lowest their Power Source can "
             "produce gains 1 Adrenaline.", CLEANUP),
        Rule("DU 7.4", "Stalemate bonus",
             "If the Strike Scores are tied at the clash, both players gain 1 Adrenaline. "
             "By our default reading the tie is judged at the clash; the other reading "
             "judges it as the Bases are generated (nobody Aggressor or Defender).",
             f"{CLEANUP}; {READING}"),
        Rule("DU 7.5", "Played cards and hand size",
             "In Cleanup the played cards go to their owners' discard piles, and a player "
             "holding more than 4 cards discards down to 4.", CLEANUP),
    ),
)


GLOSSARY = (
    Term("Power Source", "How a character generates its Base: a dice pool or a personal "
         "deck.", ("DU 4.1",)),
    Term("Base", "The raw number the Power Source produced this round.", ("DU 4.1", "DU 4.5")),
    Term("Strike Score", "The Base plus every bonus and penalty in effect.", ("DU 4.2",)),
    Term("Aggressor", "The player with the higher Strike Score after Generate Base.",
         ("DU 4.3", "DU 4.7")),
    Term("Defender", "The player with the lower Strike Score after Generate Base.",
         ("DU 4.3", "DU 4.7")),
    Term("Clash Damage", "The difference of the Strike Scores, less the loser's DR.",
         ("DU 6.4",)),
    Term("TRUE DAMAGE", "Damage that ignores the clash; only Shield blocks it.",
         ("DU 5.6",)),
    Term("Shield", "Tokens that block one damage each and stay until used.", ("DU 5.4",)),
    Term("Damage Reduction", "Lowers clash damage taken this round.", ("DU 5.5",)),
    Term("Adrenaline", "The comeback resource, 0 to 5, spent on Adrenaline Actions and "
         "Rush.", ("DU 7.1", "DU 4.8", "DU 4.9")),
    Term("Stalemate", "Tied Strike Scores at the clash (by the default reading).",
         ("DU 7.4",)),
)
