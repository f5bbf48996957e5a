"""Fight Klub's numbered rules for three or more players (FK 7) and their glossary words
(the register's FK-M1 to FK-M3 are :mod:`model.fightklub.ambiguities`').

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``, Multiplayer Rules) each comes from.  The standard
game's rules hold at a bigger table except where these say otherwise; the
arithmetic of a fight is still FK 5 (a tie exhausts both cards: FK 5.17).

Each witness is a position of a seeded three-player game (synthetic decks) and
an action there whose fate depends on the reading: the tests replay it under
both.
"""

from __future__ import annotations

from model.core.rules import Rule, Section, Term

BOOK = "Fight Klub"
MULTI = f"{BOOK}: Multiplayer Rules"
READING = "ringside's reading (the rulebook is silent)"

_TURN = "model.fightklub.turn"
_ENGINE = "model.fightklub.engine"
_SEATS = "model.fightklub.seats"

MULTIPLAYER_SECTION = Section("FK 7", "Three or more players")

MULTIPLAYER_RULES: tuple[Rule, ...] = (
    Rule("FK 7.1", "Seats around the table",
         "Three to six players may play, each with their own deck (two players may bring "
         "the same one). The players sit in a circle: ringside numbers the seats so that "
         "the next seat is on a player's left, and clockwise means from a seat to the next "
         "one. The first Drop holder is drawn at random among all of them.",
         MULTI, ("model.fightklub.state.Setup", f"{_SEATS}.clockwise")),
    Rule("FK 7.2", "The last player standing",
         "A player whose character's damage reaches its life is out of the game at once: "
         "they take no more actions, nobody may challenge them, and the others play on. "
         "The game ends when one player is left, and that player wins.",
         MULTI, (f"{_TURN}._after_multiplayer_fight", f"{_TURN}.outcome_winner",
                 f"{_SEATS}.in_game")),
    Rule("FK 7.3", "Priority goes clockwise",
         "Nobody chooses who goes first: the Drop holder is dealt, sets up and lays first, "
         "and the turn goes round to the left. Ringside runs the cooldown and the even-up "
         "the same way, from the Drop holder clockwise, since the multiplayer rules give "
         "priority round the table and name no other order.",
         MULTI, ("model.fightklub.setup_phase.deal", "model.fightklub.setup_phase.end_action",
                 f"{_TURN}._actors")),
    Rule("FK 7.4", "Challenges",
         "After the reveal the Drop holder challenges another player: they pair one of "
         "their own laid fight cards with one of that player's. The player challenged makes "
         "the next challenge, against anyone (the same player too); if they have no card "
         "left the choice falls to the Drop holder, and then to the next player on the "
         "holder's right who has one. Challenges go on while two players still hold laid "
         "fight cards.",
         MULTI, (f"{_TURN}.challenge", "model.fightklub.current_fight.next_chooser",
                 "model.fightklub.turn_moves.multiplayer_choices")),
    Rule("FK 7.5", "The challenger orders the fight",
         "In a fight made by a challenge only its two players take enhance and score "
         "actions, and the challenger decides which of them acts first in each step. Who "
         "picks the skirmish order and whose clash text decides is FK-M3's reading.",
         MULTI, ("model.fightklub.current_fight.decider",
                 "model.fightklub.current_fight.fight_step_decider", f"{_TURN}._actors")),
    Rule("FK 7.6", "Damage goes to the loser",
         "The winning card is scored against the character of the player who lost the "
         "fight, and the damage tracker records who dealt it: each scored card names the "
         "player it was scored against. A character's damage is the sum of the cards "
         "scored against it by everyone. There is no raise the stakes: a tie exhausts both "
         "cards (FK 5.17).",
         MULTI, (f"{_TURN}.settle", f"{_SEATS}.damage_taken")),
    Rule("FK 7.7", "Cards left over score unopposed",
         "When no challenge can be made any more, every fight card still laid by a player "
         "in the game is resolved unopposed, one at a time in the order its owner picks: "
         "its result tabs act, its energy rewards are added and it scores. Its owner alone "
         "takes a score action. Whose character takes its damage is FK-M1's reading. An "
         "unopposed card is not a fight won, for The Drop.",
         MULTI, (f"{_TURN}.pick", f"{_TURN}._pick_left_over")),
    Rule("FK 7.8", "The Drop goes to the last winner",
         "At the end of the turn The Drop goes to the last player who won a fight that "
         "turn, whoever held it. What happens when nobody won one is FK-M2's reading. The "
         "new holder sets up first in the next turn.",
         MULTI, (f"{_TURN}.pass_the_drop",)),
    Rule("FK 7.9", "Opponents at a bigger table",
         "An opponent-icon step of an enhance or score action, or of a result tab, acts on "
         "the other player of the current fight (for an unopposed card, the player it is "
         "scored against; with none, nothing happens). A cost that spots cards may spot "
         "any opponent's. A player out of the game puts their unfought fight cards under "
         "their fight stack. A cooldown action that names an opponent names any player "
         "still in the game, chosen by the player acting. Setup lines may do the same, but "
         "ringside's setup model carries out no step acting on an opponent yet, and "
         "refuses a deck with such a line at any table.",
         MULTI, ("model.fightklub.current_fight.other_fighter", "model.fightklub.payment.situation",
                 "model.fightklub.carried.setup_problem")),
    Rule("FK 7.10", "A game that need not end",
         "No rule ends a multiplayer game whose fights keep tying: tied cards are "
         "exhausted and come back, so such a game can go on for ever. Ringside stops a "
         "game at the end of turn 999 and reports it as stopped, never as a win or a draw.",
         READING, (f"{_TURN}.pass_the_drop", "model.fightklub.bounds.multiplayer_length_bound")),
)

_M1 = (
       'decks synthetic-brick synthetic-dana synthetic-vex | step fight | drop 1 | first ? |'
       ' turn 2 | left 0 | pending 0 | settled 4 | won 2 | p0 draw S911 S911 S911 S913 S914 '
       'S914 S914 S915 S915 S916 S916 S916 S918 S918 S919 S919 S920 S920 S921 S921 hand S912'
       ' support S912 discard S913 S913 S915 S917 fight S931 S931 S931 S932 S932 S934 S935 '
       'S936 S937 laid - under S933 S933 damage S932@1 pool G G burned B B G G | p1 draw '
       'S911 S911 S912 S912 S912 S913 S913 S914 S915 S915 S916 S916 S918 S918 S920 S921 S921'
       ' S922 hand S916 S919 S919 S922 support S922 discard S911 S914 S918 fight S931 S931 '
       'S932 S932 S932 S933 S933 S937 S937 laid - under S931 damage S933@2 S938@0 pool G Y '
       'burned G G Y | p2 draw S961 S961 S961 S963 S963 S963 S964 S964 S964 S965 S965 S966 '
       'S966 S967 S967 S968 S968 S968 S969 S969 S970 hand S966 S967 S970 support S965 S969 '
       'discard - fight S971 S971 S972 S972 S972 S974 S974 S976 S977 laid S975 under S974 '
       'damage S971@0 pool Y Y burned B B')
"""Turn 1 of a three-player game: players 0 and 1 have no laid card left, so player 2's
last card is unopposed."""
_M2 = (
       'decks synthetic-brick synthetic-dana synthetic-vex | step evenup | drop 1 | first 1 '
       '| turn 0 | left 0 | pending 0 | round 8 | settled 1 | queue p0-draws-1 | p0 draw '
       'S911 S911 S912 S913 S913 S914 S914 S915 S915 S918 S919 S919 S920 S921 S921 hand S913'
       ' S914 S916 S917 S918 support S911 S912 S916 S916 discard S915 S920 fight - laid - '
       'damage S931@1 S931@1 S931@1 S932@1 S932@1 S932@2 S933@1 S933@1 S934@1 S935@2 S936@2 '
       'S937@2 pool B B B B B B B B B B G G G G G G G G G G burned B B B B G G G G G G G G G'
       ' G G | p1 draw S911 S915 S915 S916 S918 S918 S919 S919 hand S912 S913 S913 S914 S914'
       ' S920 S921 support S911 S912 S912 S916 S916 S922 S922 discard S911 S918 S921 S922 '
       'fight - laid - damage S931@0 S931@0 S931@2 S932@0 S932@0 S932@2 S933@0 S933@2 S933@2'
       ' S937@0 S937x2@2 S938@0 pool B G G Y burned G G G G G G G G G Y Y Y Y Y Y Y Y | p2 '
       'draw S963 S965 S965 S966 S966 S966 S967 S968 S969 S969 hand S964 S964 S968 S970 '
       'support S963 S963 discard S961 S961 S961 S964 S965 S967 S967 S968 S969 S970 fight - '
       'laid - under S976 S977 S971 S974 S974 S975 S971 S971 S972 S972 damage S972@0 S974@0 '
       'pool Y Y Y burned B B B B B Y Y Y')
"""Turn 8: player 2 is out and nobody won a fight this turn; player 0 draws the last card
of the even-up."""
_M3 = (
       'decks synthetic-brick synthetic-dana synthetic-vex | step enhance | drop 0 | first 0'
       ' | turn 1 | left 1 | pending 0 | round 4 | settled 2 | won 1 | fight p1:1 p0:1 sides'
       ' 0 0 boosts 0 0 0 0 2 0 null - skirmishes - clash - result - double - | p0 draw S916'
       ' hand S914 S918 S920 support S911 S911 S912 S916 S916 discard S911 S912 S913 S913 '
       'S913 S914 S914 S915 S915 S915 S917 S918 S919 S919 S920 S921 S921 fight - laid S932 '
       'S931 under S933 S933 S931 S937 S934 S936 damage S931@2 S932@1 S932@2 S935@2 pool - '
       'burned B B B B B G G G G G G G G G G G | p1 draw S912 S915 S921 hand S912 S914 S915 '
       'S916 S921 support S911 S911 S916 S916 S922 S922 discard S911 S912 S913 S913 S914 '
       'S918 S918 S918 S919 S919 S920 S922 fight - laid S931 S932 under S931 S931 damage '
       'S932@2 S932@2 S933@2 S933@2 S933@2 S937@0 S937@2 S938@0 pool - burned G G G G G G G '
       'Y Y Y Y Y | p2 draw S961 S963 S964 S966 S967 S969 hand S961 S966 S968 S970 support '
       'S965 S965 S969 discard S961 S963 S963 S964 S964 S965 S966 S967 S967 S968 S968 S969 '
       'S970 fight - laid S974 under S974 S974 S972 S976 S971 S977 S972 S972 damage S971@0 '
       'S971@0 S975@0 pool Y Y Y burned B B B B B Y Y Y')
"""Turn 4: player 1 challenged player 0, who holds The Drop; the last enhance action."""


MULTIPLAYER_GLOSSARY: tuple[Term, ...] = (
    Term("Challenge", "With three or more players, the pairing of one of the challenger's "
         "laid fight cards with one of another player's, which becomes the current fight.",
         ("FK 7.4",)),
    Term("Out of the game", "A player whose character's damage reached its life at a table "
         "of three or more; the others play on.", ("FK 7.2",)),
)
