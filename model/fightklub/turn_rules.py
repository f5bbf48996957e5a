"""Fight Klub's numbered rules for the turn after the setup phase (FK 6) and their glossary
words (the register's FK-T1 to FK-T8 are :mod:`model.fightklub.ambiguities`').

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  The arithmetic of each fight is
FK 5 (:mod:`model.fightklub.fight_rules`); these rules say who decides what and
when, and what the turn model (:mod:`model.fightklub.turn`) carries out on the
table between the fights.

Each witness is a position of the game's notation (:mod:`model.fightklub.state`)
and an action there whose fate depends on the reading: the tests replay it under
both.
"""

from __future__ import annotations

from model.core.rules import Rule, Section, Term

BOOK = "Fight Klub"
FIGHT_PHASE = f"{BOOK}: Turn Order, 2. Fight phase"
SCORE_STEP = f"{FIGHT_PHASE}, Score step"
RAISE = f"{FIGHT_PHASE}, Raise the stakes"
UNOPPOSED = f"{FIGHT_PHASE}, Unopposed fight cards"
COOLDOWN = f"{BOOK}: Turn Order, 3. Cooldown phase"
EVEN_UP = f"{COOLDOWN}, Even-up step"
YOUR_DECK = f"{BOOK}: Your Deck"
EFFECT = f"{BOOK}: Card types, Effect"
GEAR = f"{BOOK}: Card types, Gear"
INSTANT = f"{BOOK}: Card types, Instant"
CHARACTER = f"{BOOK}: Card types, Character"
FIGHT_CARD = f"{BOOK}: Card types, Fight card"
FUNCTIONS = f"{BOOK}: Your Cards, Card functions"
VICTORY = f"{BOOK}: Victory condition"
GLOSSARY = f"{BOOK}: Glossary"
READING = "ringside's reading (the rulebook is silent)"

_TURN = "model.fightklub.turn"
_ENGINE = "model.fightklub.engine"

TURN_SECTION = Section("FK 6", "The turn after setup")

TURN_RULES: tuple[Rule, ...] = (
    Rule("FK 6.1", "Picking the current fight",
         "Once the fight cards are revealed, the cards in the same place on both sides of "
         "the table form a pairing. The Drop holder chooses which unresolved pairing is "
         "fought next; it stays the current fight until its score step is over. When no "
         "pairing is left the fight phase ends.",
         FIGHT_PHASE, (f"{_TURN}.pick", "model.fightklub.current_fight.open_places")),
    Rule("FK 6.2", "Unopposed cards come first",
         "A laid card with no card opposite it (one side laid fewer) is unopposed. Every "
         "unopposed card is dealt with before any pairing is picked, in the order the Drop "
         "holder picks them (by ringside's default reading; read the other way, their "
         "owner picks it, FK-T6): its result tabs act (left to right as printed by ringside's "
         "default reading; read the other way, whoever orders the unopposed cards picks the "
         "order of the tabs that do something, one at a time, FK-T7), then a score step takes "
         "place and it scores. By ringside's default reading an unopposed card has no enhance step, the "
         "rulebook naming none for it; read the other way, each player takes one enhance "
         "action first, and only the card's owner has a fight card to act on (FK-T5).",
         UNOPPOSED, (f"{_TURN}.pick", "model.fightklub.current_fight.open_places")),
    Rule("FK 6.3", "The Drop holder orders the players",
         "In the enhance step, the score step, the cooldown and the even-up the Drop holder "
         "first decides which player acts first. Each player then takes one action of "
         "that step, the first player finishing theirs completely before the other begins.",
         f"{FIGHT_PHASE}; {COOLDOWN}; {YOUR_DECK}", (f"{_TURN}.choose_first",)),
    Rule("FK 6.4", "Enhance actions",
         "An enhance action is one of: playing an effect from hand onto one's own fight "
         "card (its three tabs add to that card's skirmish totals), playing an instant "
         "whose phase keyword is enhance, using a line with the enhance phase word of a "
         "card in play (the character, a condition, or the current fight card itself, "
         "such as a rotatable card's turn), activating a gear from the support area (its "
         "tabs lie on the fight card like an effect's), or passing. A cost is paid in full "
         "by the energy rules as part of the action.",
         f"{FIGHT_PHASE}; {EFFECT}; {GEAR}; {GLOSSARY}, Activation",
         ("model.fightklub.turn_moves.step_moves", f"{_TURN}.act")),
    Rule("FK 6.5", "No effect in a clash fight",
         "While the current fight would be resolved by clash text (either card's face-up "
         "side shows clash text), no effect may be played in it, whoever's card has tabs. "
         "Other enhance actions remain open; by ringside's default reading that includes "
         "activating a gear (FK-T2). An effect played before a rotation turned the fight "
         "into a clash stays where it is and changes nothing.",
         EFFECT, ("model.fightklub.turn_moves.step_moves",
                  "model.fightklub.turn_moves.clash_fight")),
    Rule("FK 6.6", "What enhance gametext does",
         "Gametext refers to its player's own cards unless it names the opponent. A change "
         "to a skirmish tab applies to the player's own fight card (only to tabs of the "
         "named label, when one is named); a nullifying step nullifies that skirmish of the "
         "current fight; a rotation turns the fight card to its other side. Cards a line "
         "asks to discard as its cost are named in the action and leave the hand first.",
         f"{FUNCTIONS}; {GLOSSARY}", (f"{_TURN}._gametext", f"{_TURN}.act")),
    Rule("FK 6.7", "The fight step",
         "After the enhance actions the current fight is resolved. Power against power: "
         "the Drop holder picks the skirmishes one at a time, and whatever a result tab "
         "does beyond the fight's own totals (draws, discards, energy) is carried out "
         "before the next skirmish. Clash text against tabs: that clash text decides at "
         "once. Clash text on both cards: the Drop holder chooses whose text decides.",
         FIGHT_PHASE, (f"{_TURN}._fight_step", f"{_TURN}.skirmish", f"{_TURN}.choose_clash")),
    Rule("FK 6.8", "Pending draws and discards",
         "Draws and discards that gametext or a result tab calls for are carried out one "
         "card at a time before play goes on: each card drawn is a chance event over the "
         "draw stack, each discard a choice of the discarding player (or of the text's "
         "owner, when the text gives the choice to them). By ringside's default reading a "
         "player choosing an opponent's discards sees that hand for the choice; read the "
         "other way, chance picks them (FK-T4). A discard from an empty hand, or a draw "
         "from empty draw and discard stacks, does nothing.",
         f"{GLOSSARY}; {FUNCTIONS}", (f"{_TURN}._carry_out_fired", f"{_TURN}.task_draw",
                                      f"{_TURN}.task_discard")),
    Rule("FK 6.9", "The score step",
         "Once the fight's result is known, each player in the Drop holder's order may take "
         "one score action: an instant with the score keyword, a score line of a card in "
         "play, or a pass. A double-damage score action marks the player's own fight card; "
         "it counts only if that card scores in this fight.",
         SCORE_STEP, (f"{_TURN}.act", f"{_TURN}._gametext")),
    Rule("FK 6.10", "Clearing and settling a fight",
         "When the score actions are done, the effects on the fight go to their owners' "
         "discard stacks and activated gear goes back to the support area (or to the "
         "discard stack, when its text destroys it) before any fight card moves. Then the "
         "fight's cards are scored, exhausted or set aside as raise-the-stakes cards "
         "(FK 5.11 to FK 5.13); a scoring winner's energy rewards go to its pool. The "
         "fight is then resolved. By ringside's default reading the effects and gear stay on "
         "the fight through the score step; read the other way they leave as its winner is "
         "known, before the score actions (FK-T8).",
         f"{SCORE_STEP}; {EFFECT}; {GEAR}", (f"{_TURN}.settle",)),
    Rule("FK 6.11", "Exhausted cards come back last",
         "An exhausted card goes face down under its owner's fight stack, below any card "
         "exhausted before it. Laying takes the shuffled cards first; the exhausted cards "
         "come back only once those are gone, in the order they were exhausted. Cards "
         "exhausted together (a losing card and its owner's raise-the-stakes cards) go "
         "under in the order FK-F7 reads.",
         f"{SCORE_STEP}; {FIGHT_CARD}", (f"{_TURN}.settle", "model.fightklub.setup_phase.lay")),
    Rule("FK 6.12", "The end of the game",
         "The game ends the moment the damage scored against a character reaches its life "
         "value, even in the middle of a turn; the player who scored it wins and nothing "
         "more is played.",
         f"{SCORE_STEP}; {VICTORY}", (f"{_TURN}.settle", f"{_TURN}.outcome_winner")),
    Rule("FK 6.13", "The cooldown phase",
         "After the last fight each player, in the Drop holder's order, may take one "
         "cooldown action: an instant with the cooldown keyword, a cooldown line of a card "
         "in play, or a pass.",
         COOLDOWN, (f"{_TURN}.act", "model.fightklub.turn_moves.step_moves")),
    Rule("FK 6.14", "The even-up",
         "After the cooldown actions each player in the Drop holder's order must even up: "
         "first discard until the hand holds no more than the hold value (by ringside's "
         "default reading a player may discard more, down to none: FK-T3), then draw one "
         "card at a time up to the hand value. Nobody may skip it. A player whose draw "
         "stack runs out while drawing stops there and may end the turn below the hand "
         "value.",
         EVEN_UP, (f"{_TURN}.keep", "model.fightklub.turn_moves.keep_choices",
                   f"{_TURN}.task_draw")),
    Rule("FK 6.15", "The Drop passes and the next turn begins",
         "When both players have evened up, control of The Drop changes hands and the turn "
         "ends. The next turn begins with the setup phase: the new Drop holder decides who "
         "sets up first, and each player's first setup action adds the first setup energy "
         "again.",
         f"{EVEN_UP}; {YOUR_DECK}; {CHARACTER}", (f"{_TURN}.pass_the_drop",
                                                  "model.fightklub.setup_phase.begin_setup")),
    Rule("FK 6.16", "No fight card left to lay",
         "When the fight cards are revealed and neither player laid any (every fight card "
         "is scored or waits in raise the stakes), no fight can take place again. By "
         "ringside's default reading the game ends there with no winner (FK-T1).",
         READING, (f"{_TURN}.begin_fight_phase", f"{_TURN}._stall")),
    Rule("FK 6.17", "The draw stack running out mid-action",
         "The rule that taking the last card of the draw stack ends the game action under "
         "way (FK 4.14) holds in every phase: the rest of that draw is not drawn, and the "
         "discard stack becomes the new draw stack. Other pending draws and discards still "
         "take place.",
         YOUR_DECK, (f"{_TURN}.task_draw", "model.fightklub.setup_phase.take_card")),
)

_T1 = ("decks synthetic-brick synthetic-dana | step setup | drop 0 | first 0 | turn 1 | "
       "left 1 | pending 0 | round 5 | p0 draw S911 S911 S911 S912 S912 S913 S913 S914 S914 "
       "S915 S915 S916 S916 S917 S918 S918 S919 S920 S920 S921 hand S913 S914 S915 S921 "
       "support S916 discard S919 fight - laid - damage S931 S931 S932 stakes S931 S932 S932 "
       "S933 S933 S934 S935 S936 S937 pool G G G G burned B B | p1 draw S911 S911 S912 S912 "
       "S912 S913 S913 S914 S915 S915 S916 S916 S918 S918 S920 S921 S921 S922 S922 hand "
       "S916 S918 S919 S919 support S911 S922 discard S914 fight - laid - damage S931 S932 "
       "S938 stakes S931 S931 S932 S932 S933 S933 S933 S937 S937 pool Y burned G G Y")
"""Turn 5: every fight card is scored or in raise the stakes; Dana's last setup action."""
_T2 = ("decks synthetic-brick synthetic-dana | step enhance | drop 1 | first 0 | turn 0 | "
       "left 2 | pending 0 | settled 2 | fight 1 sides 0 0 boosts 0 0 0 0 0 0 null - "
       "skirmishes - clash - result - double - | p0 draw S911 S911 S911 S912 S912 S913 S913 "
       "S914 S914 S915 S915 S916 S916 S917 S918 S918 S919 S920 S920 S921 hand S913 S914 S915 "
       "S921 support S916 discard S919 fight S931 S932 S932 S933 S933 S934 S935 S936 S937 "
       "laid S932 stakes S931 S931 pool G G G G burned B B | p1 draw S911 S911 S912 S912 "
       "S912 S913 S913 S914 S915 S915 S916 S916 S918 S918 S920 S921 S921 S922 S922 hand "
       "S916 S918 S919 S919 support S911 S922 discard S914 fight S931 S931 S932 S932 S932 "
       "S933 S933 S937 S938 laid S933 stakes S931 S937 pool Y burned G G Y")
"""Brick's Shoulder Charge against Dana's Stare Down (clash text), Brick to enhance, Tire
Iron in his support area; drawn from a seeded game."""
_T3 = ("decks synthetic-brick synthetic-dana | step evenup | drop 0 | first 1 | turn 0 | "
       "left 1 | pending 0 | settled 3 | p0 draw S911 S911 S912 S913 S913 S914 S914 S914 "
       "S915 S916 S916 S916 S917 S918 S918 S919 S919 S920 S920 S921 hand S913 S915 S915 S921 "
       "support S912 discard S911 fight S931 S932 S932 S932 S933 S934 S935 S936 S937 laid - "
       "under S933 S931 damage S931 pool B B G burned G G G | p1 draw S911 S911 S912 S912 "
       "S912 S914 S915 S915 S916 S916 S916 S918 S918 S919 S921 hand S913 S918 S919 S920 S921 "
       "S922 S922 support S922 discard S911 S913 S914 fight S931 S931 S931 S932 S932 S933 "
       "S937 S937 S938 laid - under S932 damage S933 S933 pool G Y burned G Y")
"""Brick (hold 2) evens up with four cards in hand; drawn from a seeded game."""

_T4 = (
       'decks synthetic-madame synthetic-brick | step cooldown | drop 1 | first 0 | turn 0 |'
       ' left 2 | pending 0 | round 2 | settled 3 | p0 draw S961 S963 S964 S965 S965 S966 '
       'S966 S967 S967 S968 S968 S968 S969 S969 S978 hand S965 S966 S969 support S963 S963 '
       'discard S961 S961 S964 S964 S967 S978 fight S971 S971 S972 S974 S974 S976 laid - '
       'damage S971 S972 S972 S973 S974 S975 pool Y burned Y Y Y Y Y Y | p1 draw S911 S911 '
       'S912 S913 S913 S913 S914 S914 S915 S916 S919 S921 S921 hand S916 S920 support S911 '
       'S912 S916 S917 discard S914 S915 S915 S918 S918 S919 S920 fight S931 S931 S931 S932 '
       'S932 S934 laid - under S933 S937 S935 S932 S933 S936 pool B burned B B G G G G G G')
"""Madame Vex's cooldown action, her line's cost in her pool; drawn from a seeded game of
synthetic-madame against synthetic-brick."""

_T5 = (
       "decks synthetic-dana synthetic-brick | step fight | drop 1 | first ? | turn 1 | left "
       "0 | pending 0 | round 7 | p0 draw S913 S914 S915 S915 S916 S918 S918 S918 S919 S919 "
       "S921 S921 S922 hand S913 S914 S920 support S911 S911 S911 S912 S912 S912 S916 S916 "
       "S922 S922 discard - fight - laid S931 S932 damage S931 S931 S932 S932 S933 S933 S933 "
       "S937 S937 S938 pool Y burned B G G G G G G G G G Y Y Y Y Y Y Y | p1 draw S913 S913 "
       "S915 S916 S918 S919 S919 S921 hand S913 S918 S920 S920 S921 support S911 S911 S911 "
       "S912 S916 discard S912 S914 S914 S914 S915 S915 S916 S917 fight - laid S935 S933 "
       "S934 under S933 damage S931 S931 S931 S932 S932 S932 S936 S937 pool B B B B B B B B "
       "G G G G burned B B B B G G G G G G G G G G G G G G")
"""Turn 7: Brick (player 1, the Drop holder) laid three fight cards and Dana two, so his
Turning Point (S934, a rotatable card) in place 3 is unopposed and comes first; taken from the scenario
fk6-2-an-unopposed-card-comes-first."""


TURN_GLOSSARY: tuple[Term, ...] = (
    Term("Current fight", "The pairing (or unopposed card) the Drop holder picked to fight "
         "now; the others are unresolved.", ("FK 6.1", "FK 6.2")),
    Term("Enhance action", "A player's one action of a fight's enhance step: an effect, an "
         "enhance instant, an enhance line, a gear activated, or a pass.", ("FK 6.4",)),
    Term("Score action", "A player's one action of a score step: a score instant, a score "
         "line, or a pass.", ("FK 6.9",)),
    Term("Cooldown action", "A player's one action of the cooldown phase: a cooldown "
         "instant, a cooldown line, or a pass.", ("FK 6.13",)),
    Term("Even-up", "The discard down to the hold value and draw up to the hand value that "
         "every player must make at the end of each turn.", ("FK 6.14",)),
)


# FK-T6: Brick (player 1) lays his last fight card, from under his fight stack; Dana,
# the Drop holder, has laid one card, so his cards in places 2 and 3 are unopposed.
_T6 = ("decks synthetic-dana synthetic-brick | step lay | drop 0 | first 0 | turn 1 | left 0 | "
       "pending 0 | round 7 | p0 draw S913 S914 S915 S915 S916 S918 S918 S918 S919 S919 S921 "
       "S921 S922 hand S913 S914 S920 support S911 S911 S911 S912 S912 S912 S916 S916 S922 "
       "S922 discard - fight - laid S931 damage S931 S931 S932 S932 S933 S933 S933 S937 S937 "
       "S938 stakes S932 pool Y burned B G G G G G G G G G Y Y Y Y Y Y Y | p1 draw S913 S913 S915 S916 "
       "S918 S919 S919 S921 hand S913 S918 S920 S920 S921 support S911 S911 S911 S912 S916 "
       "discard S912 S914 S914 S914 S915 S915 S916 S917 fight - laid S935 S933 under S934 S933 "
       "damage S931 S931 S931 S932 S932 S932 S936 S937 pool B B B B B B B B G G G G burned B "
       "B B B G G G G G G G G G G G G G G")
