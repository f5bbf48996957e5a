"""Fight Klub's numbered rules for the fights (FK 5) and their glossary words (the
register's FK-F1 to FK-F6 are :mod:`model.fightklub.ambiguities`').

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  The arithmetic is
:mod:`model.fightklub.fights`; the turn engine decides when each piece runs.

The witnesses of FK-F1 to FK-F6 are not positions yet: the turn engine that
plays a fight from a position is written separately, so each reading's
different answer is shown by ``tests/test_fightklub_fights.py`` on the fight
functions themselves (the fights and settlements named in each entry's
rationale).
"""

from __future__ import annotations

from model.core.rules import Rule, Section, Term

BOOK = "Fight Klub"
FIGHT_CARD = f"{BOOK}: Card types, Fight card"
POWER_CARD = f"{FIGHT_CARD}: Power card"
CLASH_CARD = f"{FIGHT_CARD}: Clash card"
ROTATABLE = f"{FIGHT_CARD}: Rotatable fight card"
EFFECT = f"{BOOK}: Card types, Effect"
GEAR = f"{BOOK}: Card types, Gear"
CHARACTER = f"{BOOK}: Card types, Character"
FIGHT_PHASE = f"{BOOK}: Turn Order, 2. Fight phase"
SCORE_STEP = f"{FIGHT_PHASE}, Score step"
RAISE = f"{FIGHT_PHASE}, Raise the stakes"
UNOPPOSED = f"{FIGHT_PHASE}, Unopposed fight cards"
MULTIPLAYER = f"{BOOK}: Multiplayer Rules"
READING = "ringside's reading (the rulebook is silent)"

_F = "model.fightklub.fights"

FIGHT_SECTION = Section("FK 5", "Fights")

FIGHT_RULES: tuple[Rule, ...] = (
    Rule("FK 5.1", "How a fight is resolved",
         "Two fight cards paired in a fight are compared skirmish by skirmish when both "
         "show skirmish tabs. When exactly one of them shows clash gametext, that text "
         "decides the fight, whatever the other card is. When both show clash gametext, "
         "the Drop holder picks which of the two texts decides.",
         f"{CLASH_CARD}; {POWER_CARD}", (f"{_F}.fight_mode",)),
    Rule("FK 5.2", "The side that is up",
         "A rotatable fight card fights with whichever of its two sides is up; it turns "
         "only through an enhance action printed on it, so the side up when the fight step "
         "begins is the side the whole fight step uses. By ringside's reading a rotate step "
         "fired during the fight step is handed to the turn engine and changes nothing in "
         "the skirmishes already under way.",
         f"{ROTATABLE}; {READING}", (f"{_F}.Fighter", f"{_F}.up_side", f"{_F}.fight_mode")),
    Rule("FK 5.3", "Skirmish totals",
         "Each of the three skirmish totals of a power card starts at its tab's value; the "
         "modifiers of every effect laid on the card and every gear activated on it are "
         "added position by position; in the centre skirmish the character adds 1 for each "
         "of its centre bonus icons whose colour matches the centre tab.",
         f"{POWER_CARD}; {EFFECT}; {GEAR}; {CHARACTER}",
         (f"{_F}.start_power_fight", f"{_F}.centre_bonus_for")),
    Rule("FK 5.4", "Who wins a skirmish",
         "Opposing tabs at the same position form a skirmish; the player whose total there "
         "is higher wins it, and equal totals make it a tie that nobody wins.",
         f"{POWER_CARD}; {FIGHT_PHASE}", (f"{_F}.resolve_skirmish",)),
    Rule("FK 5.5", "One skirmish at a time",
         "After the enhance step the three skirmishes are resolved one after another, the "
         "Drop holder choosing each time which of the open ones comes next, a tie changing "
         "nothing about that choice.",
         FIGHT_PHASE,
         (f"{_F}.open_skirmishes", f"{_F}.resolve_skirmish", f"{_F}.resolve_power")),
    Rule("FK 5.6", "Result tabs",
         "A tab carrying a result acts at the moment its skirmish is resolved, before the "
         "next skirmish is chosen. By ringside's default reading it acts whoever won the "
         "skirmish (FK-F1). A result that changes tab totals or nullifies a skirmish acts "
         "on the fight at once, so it can change skirmishes still open; anything else it "
         "does (drawing, discarding, adding energy, doubling damage) is carried out by the "
         "turn engine. The winner's tab acts first, then the other's.",
         f"{FIGHT_PHASE}; {POWER_CARD}", (f"{_F}.resolve_skirmish", f"{_F}.resolve_unopposed")),
    Rule("FK 5.7", "Nullified skirmishes",
         "A nullified skirmish is won by nobody and its result tabs do not act when it "
         "comes up. Nullifying a skirmish that has already been resolved changes nothing: "
         "its result stands.",
         f"{RAISE}; {READING}", (f"{_F}.resolve_skirmish", f"{_F}.start_power_fight")),
    Rule("FK 5.8", "Who wins the fight",
         "Once the three skirmishes are resolved, the player who won more of them wins the "
         "fight. By ringside's default reading a nullified skirmish counts for nobody, like "
         "a tied one (FK-F2).",
         f"{POWER_CARD}; {FIGHT_PHASE}", (f"{_F}.power_outcome",)),
    Rule("FK 5.9", "Ties",
         "A fight where both players won the same number of skirmishes has no winner. The "
         "rulebook names three such shapes: a skirmish each and a tie; a skirmish each and a "
         "nullified skirmish; three ties. A nullification also allows two ties and a "
         "nullified skirmish, one tie and two nullified, or three nullified. A tie goes to "
         "raise the stakes (FK 5.11) with 2 players.",
         RAISE, (f"{_F}.power_outcome", f"{_F}.resolve_clash")),
    Rule("FK 5.10", "Clash text decides",
         "Clash gametext compares the two players of the fight on one measure (cards in "
         "hand, energy in the pool, damage taken and the like) and gives the fight to the "
         "one with the higher, or the lower, number as the text says; the skirmish tabs of "
         "the other card play no part and no result tab acts. By ringside's default reading "
         "equal numbers are a tie (FK-F5).",
         f"{CLASH_CARD}; {FIGHT_PHASE}", (f"{_F}.resolve_clash",)),
    Rule("FK 5.11", "Raise the stakes",
         "With 2 players a tied fight sends each player's card face down beside their "
         "damage stack: it becomes a raise-the-stakes card. Such cards stay there, from "
         "turn to turn, until their owner or the opponent next wins a fight whose winning "
         "card scores.",
         RAISE, (f"{_F}.settle",)),
    Rule("FK 5.12", "Scoring",
         "At the end of the score step the winner's card, if nothing stopped it, scores: "
         "it goes face up to its owner's damage stack and its energy rewards go to the "
         "pool; every raise-the-stakes card of the winner scores along with it but brings "
         "no reward. A winning card that fails to score takes no raise-the-stakes card "
         "along; by ringside's default reading it is exhausted (FK-F4) and the loser's "
         "raise-the-stakes cards stay where they are (FK-F3).",
         f"{SCORE_STEP}; {RAISE}", (f"{_F}.settle",)),
    Rule("FK 5.13", "Exhausting",
         "The losing card of a fight is exhausted: it goes face down to the bottom of its "
         "owner's fight stack. When the winning card scores, the loser's raise-the-stakes "
         "cards are exhausted too: by ringside's default reading the losing card goes under "
         "first and they follow it, read the other way they go first (FK-F7). Effects played in the fight are discarded and activated "
         "gear goes back (or is destroyed) before any card is scored or exhausted.",
         f"{SCORE_STEP}; {FIGHT_CARD}; {RAISE}", (f"{_F}.settle",)),
    Rule("FK 5.14", "Damage and double damage",
         "A scored card deals its damage markers to the opposing character. A card scoring "
         "with a double damage bonus is turned sideways in the damage stack and deals twice "
         "its markers; a card so turned takes no further damage bonus. Raise-the-stakes "
         "cards scored along with it deal their plain markers.",
         f"{FIGHT_CARD}; {SCORE_STEP}", (f"{_F}.fight_damage", f"{_F}.settle")),
    Rule("FK 5.15", "Damage reaching life",
         "When the damage scored against a character reaches or passes its life value, the "
         "game ends at once and the player who scored it wins.",
         SCORE_STEP, (f"{_F}.knocked_out",)),
    Rule("FK 5.16", "Unopposed fight cards",
         "A fight card with no opposing card is dealt with before any new pairing: all of "
         "its result tabs act (in the order FK-T7 reads), a score step is held as for any fight, and then it scores "
         "with its energy rewards. By ringside's default reading it takes no "
         "raise-the-stakes cards along (FK-F6), since it won no fight.",
         f"{UNOPPOSED}; {MULTIPLAYER}", (f"{_F}.resolve_unopposed", f"{_F}.settle")),
    Rule("FK 5.17", "Ties with more than 2 players",
         "With more than 2 players a tied fight sets nothing aside: both cards are "
         "exhausted, and there are no raise-the-stakes cards.",
         MULTIPLAYER, (f"{_F}.settle",)),
)


FIGHT_GLOSSARY: tuple[Term, ...] = (
    Term("Fight", "Two fight cards paired against each other, resolved through an enhance "
         "step, a fight step and a score step.", ("FK 5.1", "FK 5.5")),
    Term("Skirmish", "A pair of opposing skirmish tabs at one position (left, centre, "
         "right); the higher total wins it.", ("FK 5.4", "FK 5.3")),
    Term("Skirmish total", "A tab's value with the effects, gear and centre bonus on it.",
         ("FK 5.3",)),
    Term("Nullified skirmish", "A skirmish that nobody wins and whose result tabs do not "
         "act.", ("FK 5.7", "FK 5.8")),
    Term("Clash gametext", "Text on a clash side that decides a fight by comparing the "
         "players on one measure.", ("FK 5.10", "FK 5.1")),
    Term("Raise the stakes", "Where a tied fight's cards wait, face down beside the damage "
         "stack, until their owner wins a fight whose card scores.",
         ("FK 5.11", "FK 5.12", "FK 5.9"), see=("Raise-the-stakes card",)),
    Term("Exhausted", "Sent face down to the bottom of its owner's fight stack, as a losing "
         "fight card is.", ("FK 5.13",)),
    Term("Double damage", "A bonus that turns a scored card sideways and doubles its damage "
         "markers, once.", ("FK 5.14",)),
    Term("Unopposed fight card", "A fight card with no card against it: its result tabs "
         "act and it scores.", ("FK 5.16",)),
)


# FK-F7: Dana's Stare Down (S933) beats Brick's Shoulder Charge (S932) on its clash text;
# Brick holds two Jab-Crosses (S931) from earlier ties, and the last score action is due.
_F7 = ("decks synthetic-brick synthetic-dana | step score | drop 1 | first 0 | turn 1 | left 1 | "
       "pending 0 | settled 2 | fight 1 sides 0 0 boosts 1 1 1 0 0 0 null - skirmishes - clash 1 "
       "result clash 1 clash double - | p0 draw S911 S911 S911 S912 S912 S913 S913 S914 S914 "
       "S915 S915 S916 S916 S917 S918 S918 S919 S920 S920 S921 hand S915 support S916 discard "
       "S913 S914 S919 S921 fight S931 S932 S932 S933 S933 S934 S935 S936 S937 laid S932 stakes "
       "S931 S931 pool G G G burned B B G | p1 draw S911 S911 S912 S912 S912 S913 S913 S914 "
       "S915 S915 S916 S916 S918 S918 S920 S921 S921 S922 S922 hand S916 S918 S919 S919 support "
       "S911 S922 discard S914 fight S931 S931 S932 S932 S932 S933 S933 S937 S938 laid S933 "
       "stakes S931 S937 pool Y burned G G Y")
