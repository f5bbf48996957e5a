"""Fight Klub's ambiguity register: every place the rulebook is silent, contradicts
itself or can be read two ways, with its readings, ringside's default, the ``Rules``
field that selects a reading and a witness where the readings differ.

The entries are grouped as the rulebook's sections are (energy FK-A, decks FK-D,
getting started and setup FK-S, fights FK-F, the turn FK-T, three or more players
FK-M); the passages they cite and the positions of their witnesses are the
sections' own (:mod:`model.fightklub.rulebook` and the ``*_rules`` modules).
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.fightklub import energy_rules as energy
from model.fightklub import fight_rules as fight
from model.fightklub import multiplayer_rules as multi
from model.fightklub import rulebook as book
from model.fightklub import setup_rules as setup
from model.fightklub import turn_rules as turn

ENERGY_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-A1", "May a cost spot a token it burns?",
        "The rulebook says burned energy must always be paid before spotting costs, but "
        "not in so many words whether a token just burned still counts as seen.",
        energy.COSTS, ("FK 3.7",), "spot_after_burning",
        (Reading(True, "Spot parts look at the pool after the cost's burns: a burned token "
                       "is gone and cannot be spotted.", "after burning"),
         Reading(False, "Burning first only orders the steps; the spot parts look at the "
                        "pool as it was when payment began.", "before burning")),
        True,
        "Burned tokens are moved off to the side of the play space, so they are no longer "
        "in the pool to be seen; the burn-first instruction would say nothing if spotting "
        "could still see them.",
        Witness("", "", "After burning, the only blue token is gone and the cost cannot be "
                "paid; read before burning, it is payable.",
                command="fightklub pay --pool B --cost 'burn B, spot B'"),
        "spot after burning"),
    Ambiguity(
        "FK-A2", "Does each spot part need a token of its own?",
        "The rulebook counts each token used to pay a card's cost once, in its paragraph on "
        "burning; spotting is met 'as long as' the colour can be seen. Whether two spot "
        "parts of the same colour need two tokens is not said.",
        energy.COSTS, ("FK 3.10", "FK 3.5"), "one_token_per_spot",
        (Reading(False, "One token in sight meets every spot part of its colour in the "
                        "cost.", "one token spots many"),
         Reading(True, "Each spot part needs a token of its own, as each token counts once "
                       "towards a cost.", "a token per spot part")),
        False,
        "Spotting only asks that the colour be seen and takes nothing away; the 'counted "
        "once' sentence explains burning. The literal preset applies it to spotting too.",
        Witness("", "", "With one green token, the cost is payable if one token spots both "
                "parts and not payable if each part needs its own.",
                command="fightklub pay --pool G --cost 'spot G, spot G'"),
        "token per spot part"),
    Ambiguity(
        "FK-A3", "Whose Drop's latent energy may a player spot?",
        "Each player has a copy of The Drop on the table, the controller's face up and the "
        "other face down, and the ONE Drop has latent energy printed on it; the rulebook "
        "says latent energy may be spotted (of characters) but not who may spot The "
        "Drop's.",
        energy.UNIVERSAL, ("FK 3.9",), "opponent_spots_drop",
        (Reading(False, "Only the player controlling The Drop may spot its latent energy; "
                        "the other copy lies face down and shows nothing.",
                 "controller only"),
         Reading(True, "Both players may spot The Drop's latent energy (the face-up copy "
                       "is on the table for all to see, or each owns a copy of it).",
                 "both players")),
        False,
        "Spotting means seeing the energy, and only the controller's copy is face up; "
        "control passes every turn, so each player gets the Drop's energy in turn.",
        Witness("", "", "A player without control of The Drop and with no yellow token "
                "cannot spot yellow if only the controller may use The Drop, and can if "
                "both may.",
                command=("fightklub pay --pool - --drop-latent 'B G Y' --opponent-has-drop "
                         "--cost 'spot Y'")),
        "opponent spots The Drop"),
    Ambiguity(
        "FK-A4", "Does spotting a card type look at the opponent's cards?",
        "The rulebook says the card type must be seen somewhere on the table, without "
        "saying whether the opponent's cards count.",
        energy.COSTS, ("FK 3.6",), "spot_cards_anywhere",
        (Reading(True, "A card of the type anywhere on the table, the opponent's included, "
                       "meets the part.", "anywhere on the table"),
         Reading(False, "Only the paying player's own cards count.", "own cards only")),
        True,
        "The rulebook's words are 'somewhere on the table', with no owner named.",
        Witness("", "", "With gear only on the opponent's side, the cost is payable if the "
                "whole table counts and not payable if only the player's own cards do.",
                command="fightklub pay --pool - --opponent-table gear --cost 'spot gear'"),
        "spot cards anywhere"),
    Ambiguity(
        "FK-A5", "Do the cards lying in a fight count as on the table for spotting?",
        "A card type must be seen somewhere on the table to be spotted; the rulebook puts "
        "characters, The Drop and the support area on the table, but fight cards also lie "
        "there face up once revealed, an effect or an activated gear lies on the current "
        "fight card, and scored cards lie face up in the damage stack. It does not say "
        "whether those count.",
        f"{energy.COSTS}; {book.TYPES}, Gear", ("FK 3.6",), "spot_cards_in_fights",
        (Reading(False, "Only the cards in play count: the characters, The Drop and the "
                        "support areas.", "cards in play only"),
         Reading(True, "Every face-up card on the table counts: revealed fight cards, the "
                       "effects and gear on the current fight, scored fight cards.",
                 "the fights too")),
        False,
        "An activated gear is taken from the support area to be used like an effect, and "
        "effects and fight cards lie in a fight only until it is resolved; the cards a "
        "player keeps in play are the character, The Drop and the support area. The "
        "literal preset reads 'somewhere on the table' as every face-up card.",
        Witness(energy._A5, "play S915 burn Y",
                "Brick has activated Tire Iron, his only gear; Dana, with no gear of her "
                "own, cannot pay Iron Grip's 'spot gear' when only cards in play count, "
                "and plays it when the gear on Brick's fight card is in sight."),
        "spot cards in the fights"),
)

DECK_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-D1", "Is the gold-icon limit 3 in all, or 3 of each card?",
        "The deck rules speak of a 3-card limit for any gold-icon fight card, which reads "
        "like a limit per card; the section on gold-icon fight cards says a player can "
        "have only 3 of that kind in the fight stack, a limit for all of them together. "
        "Both add that the 1-3-3 rule still applies.",
        f"{book.YOUR_DECK}; {book.TYPES}, Fight card: Gold-icon fight card", ("FK 2.7",),
        "gold_icon_limit_per_card",
        (Reading(False, "At most 3 gold-icon fight cards in the fight stack in all.",
                 "3 in all"),
         Reading(True, "At most 3 copies of each gold-icon fight card; with the 1-3-3 rule "
                       "that limit never adds anything.", "3 of each card")),
        False,
        "Read per card, the gold-icon limit would repeat the 1-3-3 rule (no card may have "
        "more than 3 copies anyway) and the rulebook's call to follow that rule as well "
        "would be pointless; the card type's own section counts 'this kind of fight card'.",
        Witness("", "",
                "4 gold-icon fight cards (two Haymakers, two Flying Knees): the Flying Knee "
                "line breaks FK 2.7 when the limit is 3 in all; the deck is valid when it "
                "is 3 of each card.",
                command="fightklub deck witness-gold-icons"),
        "gold-icon limit per card"),
    Ambiguity(
        "FK-D2", "Can one Kilo of ONE build both recommended decks at once?",
        "The Kilo is said to hold one of every card and 20 more cards for the two "
        "recommended decks, and to carry both decks built; but every deck needs its own "
        "copy of The Drop, the complete set has one, and the 20 extra cards are exactly the "
        "second copies the deck lists ask for (10 hero and 10 villain), none of them a "
        "Drop.",
        f"{book.FOUNDATION}; {book.YOUR_DECK}", ("FK 2.14", "FK 2.5"), "decks_share_the_drop",
        (Reading(False, "Each deck needs a copy of The Drop of its own: one Kilo is one "
                        "Drop short of building both decks at the same time.",
                 "a Drop per deck"),
         Reading(True, "Two decks built from one collection to play each other may share "
                       "its copy of The Drop, so one Kilo builds both.",
                 "decks share The Drop")),
        False,
        "The rulebook gives each player a copy of The Drop (one face up, the other face "
        "down) and makes one copy part of every deck's 40 cards.",
        Witness("", "",
                "short of 101 The Drop (need 2, have 1) when each deck needs its own copy; "
                "buildable when the two decks share the Kilo's one copy.",
                command="fightklub collection kilo rambo hannibal"),
        "decks share The Drop"),
    Ambiguity(
        "FK-D3", "Does the 1-3-3 rule count cards by number or by name?",
        "The 1-3-3 rule limits the copies of any rare, uncommon or common card without "
        "saying what makes two cards copies of each other: the deck lines name a card by "
        "its number, and cards of different numbers may share a name (ringside's synthetic "
        "The Drop, S999, and ONE's, 101; reprints in later sets).",
        f"{book.YOUR_DECK}; {book.GLOSSARY_SECTION}, 1-3-3 Rule; {book.FIRST_DECKS}", ("FK 2.6",),
        "copy_limits_by_name",
        (Reading(False, "Copies are counted per card number.", "by number"),
         Reading(True, "Cards sharing a name are copies of one card, counted together "
                       "under the strictest limit among them.", "by name")),
        False,
        "The rulebook identifies every card of its deck lists by number and says nothing "
        "about cards of different numbers being the same card.",
        Witness("", "",
                "the second Drop's line also breaks FK 2.6 (2 copies of a rare card named "
                "The Drop) when cards count by name; by number each Drop is a single rare "
                "card. (Two Drops break FK 2.1 either way.)",
                command="fightklub deck witness-two-drops"),
        "1-3-3 by name"),
)

SETUP_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-S1", "Is the first setup energy given twice on the first turn?",
        "Getting started has each player add the first setup energy to the pool and then "
        "lets the Drop holder say who plays the first setup action; the setup phase's "
        "list then has each player play the first setup action, adding starting energy "
        "tokens; the character's card type says the allocation comes at the start of the "
        "game and then also at the start of each turn. Whether the setup phase of the "
        "first turn adds the energy again is not said in so many words.",
        f"{setup.GETTING_STARTED}; {setup.SETUP}; {setup.CHARACTER}", ("FK 4.7", "FK 4.5"),
        "first_setup_energy_twice",
        (Reading(True, "Two grants: the starting energy of getting started, then the first "
                       "setup action of the first turn's setup phase adds the first setup "
                       "energy again.", "two grants"),
         Reading(False, "One grant: the energy added while getting started is the first "
                        "turn's first setup action, taken early; the setup phase of the "
                        "first turn adds nothing more.", "one grant")),
        True,
        "Both lists name the grant, the getting-started list still sends the players to "
        "their first setup action after adding the energy, and the character's card type "
        "gives the allocation at the start of the game and then also at the start of each "
        "turn.",
        Witness(setup._ORDER + setup._SIDES.format(pool="B G G"), "first 0",
                "Brick Malone, chosen to set up first, starts his setup actions with the "
                "pool B B G G G G under two grants and B G G under one; with two grants he "
                "can pay Grandfather's Sabre (burn B, burn 1) as B B, with one only as "
                "B G."),
        "first setup energy given twice"),
    Ambiguity(
        "FK-S2", "May a player pass a setup action while a card could be played?",
        "The two-player setup list says to play one condition, gear, setup instant or "
        "setup action, twice, and names no pass; the multiplayer rules have each player "
        "play or pass their first setup and setup actions.",
        f"{setup.SETUP}; {setup.MULTIPLAYER}", ("FK 4.8",), "pass_any_setup_action",
        (Reading(True, "A setup action may always be passed.", "pass at will"),
         Reading(False, "A setup action may be passed only when no card can be played and "
                        "no setup line used.", "pass only when stuck")),
        True,
        "The multiplayer rules, which adjust only what differs from the standard game, "
        "speak of playing or passing setup actions as a matter of course; nothing in the "
        "two-player list forces a play.",
        Witness(setup._SETUP + setup._SIDES.format(pool="B B G G G G"), "pass",
                "With cards Brick can pay for in hand, passing is legal when a setup action "
                "may always be passed and refused (FK 4.8) when a pass is only for a player "
                "with nothing to play."),
        "pass any setup action"),
)

FIGHT_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-F1", "Does a result tab act only for the skirmish's winner?",
        "The fight phase says a result tab's bonus or action is completed when its "
        "skirmish is resolved, without saying that its owner must win that skirmish; an "
        "unopposed card has all its result tabs resolved.",
        f"{fight.FIGHT_PHASE}; {fight.UNOPPOSED}", ("FK 5.6",), "result_tab_needs_win",
        (Reading(False, "A result tab acts whenever its skirmish is resolved, whoever "
                        "wins it (a nullified skirmish aside).", "whenever resolved"),
         Reading(True, "A result tab acts only when its owner wins that skirmish.",
                 "only for the winner")),
        False,
        "The only condition the rulebook attaches is that the skirmish be resolved; a "
        "condition on winning would be printed on the card. Witness: Shoulder Charge "
        "(S932) against Haymaker (S935): Haymaker wins the centre 5 to 3, and the centre "
        "tab's discard fires for seat 0 under the default reading, not at all under the "
        "other.",
        Witness("", "",
                "A result tab of Shoulder Charge (S932) whose centre skirmish Ambush wins: its discard fires under the default reading and not under the other.",
                command="fightklub fight S932 S971 --boost-b 0,2,0"),
        "result tab needs a win"),
    Ambiguity(
        "FK-F2", "Does a nullified skirmish make the whole fight a tie?",
        "Among the ways a fight ends tied, the raise-the-stakes section lists a fight in "
        "which one of the skirmishes was nullified, next to a skirmish each and a tie; the "
        "power card's rule gives the fight to whoever wins the most skirmishes.",
        f"{fight.RAISE}; {fight.POWER_CARD}", ("FK 5.8", "FK 5.9"),
              "nullified_skirmish_voids_fight",
        (Reading(False, "A nullified skirmish is won by nobody; the fight still goes to "
                        "whoever won more skirmishes, so a skirmish each and a nullified "
                        "one is a tie.", "counts for nobody"),
         Reading(True, "A fight with a nullified skirmish is a tie whatever the count.",
                 "voids the fight")),
        False,
        "The list illustrates the most-skirmishes rule: put next to 'a skirmish each and "
        "a tie', the nullified case reads as the same split with the third skirmish "
        "nullified instead of tied. Witness: Jab-Cross (S931) against Ambush (S971) with "
        "the centre nullified: Ambush wins left and right, 2 to 0, and the fight under the "
        "default reading; the other reading makes it a tie.",
        Witness("", "",
                "Jab-Cross (S931, +1 right) against Ambush (S971) with the left skirmish nullified: Jab-Cross wins the centre and ties the right, so it wins the fight under the default reading; the other makes the fight a tie.",
                command="fightklub fight S931 S971 --boost-a 0,0,1 --nullified left"),
        "nullified skirmish voids the fight"),
    Ambiguity(
        "FK-F3", "When the winning card fails to score, are the loser's raise-the-stakes "
                 "cards exhausted?",
        "The raise-the-stakes section has the next player to win a fight and then score "
        "its card score their raise-the-stakes cards, and the losing player's "
        "raise-the-stakes cards exhausted; it insists the winning card must score for the "
        "winner's cards to score, and says nothing of the loser's cards when it does not.",
        fight.RAISE, ("FK 5.12", "FK 5.13"), "loser_stakes_exhausted_on_any_loss",
        (Reading(False, "The loser's raise-the-stakes cards are exhausted only together "
                        "with a successful score; otherwise they stay.", "only on a score"),
         Reading(True, "The loser's raise-the-stakes cards are exhausted whenever they "
                       "lose a fight, scored or not.", "on any loss")),
        False,
        "The exhausting follows the scoring in the same passage, as its other half; "
        "nothing was settled if no card scored. Witness: seat 0 wins with a card a score "
        "action stops, seat 1 holds a raise-the-stakes card: it stays under the default "
        "reading and is exhausted under the other.",
        Witness("", "",
                "Haymaker (S935) beats Ambush (S971) but a score action stops it; seat 1's raise-the-stakes Vex's Kiss (S973) stays under the default reading and is exhausted under the other.",
                command="fightklub fight S935 S971 --stakes-a S931 --stakes-b S973 --stopped"),
        "loser's stakes exhausted on any loss"),
    Ambiguity(
        "FK-F4", "Where does a winning card that fails to score go?",
        "The rulebook says a winning card must successfully score to take the "
        "raise-the-stakes cards along, so a score action can stop it, but not where the "
        "card goes then: only scored, exhausted and raise-the-stakes places are named.",
        f"{fight.RAISE}; {fight.SCORE_STEP}", ("FK 5.12",), "unscored_winner_to_stakes",
        (Reading(False, "It is exhausted like a losing card.", "exhausted"),
         Reading(True, "It becomes a raise-the-stakes card of its owner.",
                 "to raise the stakes")),
        False,
        "A fight with a winner is not a tie, and raise the stakes is only for ties; a card "
        "that leaves a resolved fight without scoring is exhausted. Witness: seat 0 wins "
        "with Counter Punch (S937) and a score action stops it: exhausted under the default "
        "reading, set aside under the other.",
        Witness("", "",
                "Haymaker (S935) beats Ambush (S971) but a score action stops it: Haymaker is exhausted under the default reading and set aside as a raise-the-stakes card under the other.",
                command="fightklub fight S935 S971 --stopped"),
        "unscored winner to raise the stakes"),
    Ambiguity(
        "FK-F5", "What does clash text do when the numbers are equal?",
        "Clash gametext determines the fight's winner by comparing the players; the "
        "rulebook says nothing of the two numbers being equal.",
        f"{fight.CLASH_CARD}; {fight.RAISE}", ("FK 5.10", "FK 5.9"), "clash_tie_to_text_owner",
        (Reading(False, "Equal numbers are a tie: the fight goes to raise the stakes (2 "
                        "players) or both cards are exhausted (more).", "a tie"),
         Reading(True, "Equal numbers give the fight to the player whose clash text "
                       "decided.", "text's owner wins")),
        False,
        "Nothing in the text favours either player, and a fight without a winner is what "
        "the rulebook calls a tie. Witness: Ultimatum (S972) with both pools at 2 tokens: a "
        "clash tie under the default reading, a win for Ultimatum's owner under the other.",
        Witness("", "",
                "Stare Down (S933) against Ambush (S971) with 4 cards in each hand: a clash tie under the default reading, a win for Stare Down's owner under the other.",
                command="fightklub fight S933 S971 --measure-a 'cards in hand=4' --measure-b 'cards in hand=4'"),
        "clash tie to the text's owner"),
    Ambiguity(
        "FK-F6", "Does an unopposed card that scores take its raise-the-stakes cards along?",
        "An unopposed fight card scores after its score step; raise-the-stakes cards "
        "score along with the next fight card that wins a fight and then scores.",
        f"{fight.UNOPPOSED}; {fight.RAISE}", ("FK 5.16", "FK 5.12"), "unopposed_scores_stakes",
        (Reading(False, "No: an unopposed card won no fight, so the raise-the-stakes "
                        "cards wait.", "no"),
         Reading(True, "Yes: it scores like a winning card, raise-the-stakes cards and "
                       "all.", "yes")),
        False,
        "The raise-the-stakes cards go to the next player who wins a fight; an unopposed "
        "card was paired with nothing. Witness: Haymaker (S935) unopposed for seat 0, who "
        "holds a Jab-Cross (S931) from an earlier tie: 3 damage under the default reading, "
        "4 under the other.",
        Witness("", "", "Haymaker (S935) unopposed for seat 0, who holds Jab-Cross (S931) from an "
                "earlier tie: Haymaker alone scores under the default reading, both under the "
                "other.", command="fightklub fight S935 --stakes-a S931"),
        "unopposed card scores raise-the-stakes cards"),
    Ambiguity(
        "FK-F7", "In what order do cards exhausted together go under the fight stack?",
        "A losing card goes face down under its owner's fight stack, and when the winner "
        "scores, the loser's raise-the-stakes cards go under that same stack; the "
        "rulebook says where each goes but not which goes first. The order counts: "
        "exhausted cards come back to be laid in the order they went under, once the "
        "shuffled part of the stack is used up.",
        f"{fight.FIGHT_CARD}; {fight.SCORE_STEP}; {fight.RAISE}", ("FK 5.13", "FK 6.11"),
        "stakes_exhausted_first",
        (Reading(False, "The losing card goes under first, then the raise-the-stakes "
                        "cards.", "losing card first"),
         Reading(True, "The raise-the-stakes cards go under first, then the losing card.",
                 "stakes first")),
        False,
        "The score step exhausts the losing card as the fight is resolved; the "
        "raise-the-stakes cards go as a consequence of that score, in the paragraph after "
        "it. ringside keeps no order inside a raise-the-stakes stack and takes those cards "
        "in card-number order under either reading.",
        Witness(fight._F7, "pass",
                "Stare Down beats Shoulder Charge and scores: Brick's fight stack ends "
                "'under S932 S931 S931' (Shoulder Charge to be laid first) when the losing "
                "card goes first, 'under S931 S931 S932' when his two Jab-Crosses do."),
        "raise-the-stakes cards exhausted first"),
)

TURN_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-T1", "How does a game end when no fight card is left to lay?",
        "The rulebook ends a game only when damage reaches a character's life, and keeps "
        "raise-the-stakes cards for the next turn's fight phase; it does not say what "
        "happens when every fight card still in play waits in raise the stakes and both "
        "fight stacks are empty, so that no fight can ever be paired again.",
        f"{turn.VICTORY}; {turn.RAISE}", ("FK 6.16",), "stalled_game_by_damage",
        (Reading(False, "The game ends with no winner.", "no winner"),
         Reading(True, "The game ends and the player who has dealt more damage wins; equal "
                       "damage is still no winner.", "more damage wins")),
        False,
        "The victory condition asks for a character's damage to reach its life; a game "
        "where that can no longer happen has no winner by it, and the rulebook offers no "
        "tie-break.",
        Witness(turn._T1, "pass",
                "Dana passes her last setup action; neither player has a fight card to lay, "
                "so the reveal ends the game: with no winner under the default, won by "
                "Dana (4 damage dealt against 3) when more damage wins."),
        "stalled game won on damage"),
    Ambiguity(
        "FK-T2", "May a gear be activated in a fight resolved by clash text?",
        "Effects may not be played in a fight resolved with clash gametext, while other "
        "enhance actions may; activating a gear is an enhance action, but an activated gear "
        "is said to be used like an effect.",
        f"{turn.EFFECT}; {turn.GEAR}", ("FK 6.5", "FK 6.4"), "gear_in_clash_fights",
        (Reading(True, "Yes: only effects are barred; activating a gear is another enhance "
                       "action.", "gear allowed"),
         Reading(False, "No: an activated gear is used like an effect, so it is barred "
                        "too.", "gear barred")),
        True,
        "The bar names effects and then says in so many words that other enhance actions "
        "may be taken; activating a gear is listed as an enhance action of its own.",
        Witness(turn._T2, "activate S916",
                "Brick activates Tire Iron against Dana's Stare Down: legal when only "
                "effects are barred, refused (FK 6.5) when gear is barred too."),
        "gear in clash fights"),
    Ambiguity(
        "FK-T3", "May the even-up discard go below the hold value?",
        "The even-up step has a player discard down to equal or less than the hold total; "
        "the character's hold value is the number of cards a player may hold before "
        "drawing back up, from zero up to it. Whether a player may discard more than they "
        "must is not said outright.",
        f"{turn.EVEN_UP}; {turn.CHARACTER}", ("FK 6.14",), "evenup_discard_freely",
        (Reading(True, "Yes: a player keeps any hand of at most the hold value.",
                 "discard freely"),
         Reading(False, "No: a player discards exactly down to the hold value (nothing "
                        "when already at or below it).", "down to the hold only")),
        True,
        "Both passages set an upper limit (equal or less than the hold total; from zero up "
        "to the hold value) and no lower one.",
        Witness(turn._T3, "keep S913",
                "Brick, hold 2, keeps one card: legal when a player may discard freely, "
                "refused (FK 6.14) when the even-up discards exactly down to the hold."),
        "even-up discards freely"),
    Ambiguity(
        "FK-T4", "How does a player choose the cards an opponent discards from a hidden hand?",
        "Gametext may have the opponent discard with the choice left to the card's player "
        "(the opponent icon, 'your choice'); the rulebook says who chooses but not whether "
        "the hand is shown for it, and hands are otherwise hidden.",
        f"{turn.FUNCTIONS}; {turn.GLOSSARY}", ("FK 6.8",), "hidden_hand_choice_shown",
        (Reading(True, "The chooser sees that hand for the choice and picks the cards.",
                 "hand shown"),
         Reading(False, "The chooser picks face down: each card of the hand is as likely "
                        "to go.", "picked blind")),
        True,
        "'Your choice' gives the player a choice, and a choice among cards one cannot see "
        "is no choice; showing the hand to the chooser alone keeps it hidden from "
        "everyone else.",
        Witness(turn._T4, "use S951 burn Y",
                "Madame Vex uses her cooldown line: she then picks the card the opponent "
                "discards from the hand shown to her (p1-discards-1-p0-chooses), or chance "
                "picks it (p1-discards-1-at-random)."),
        "the chosen hand is shown"),
    Ambiguity(
        "FK-T5", "Does an unopposed fight card get an enhance step?",
        "Unopposed fight cards are resolved and scored before any new pairing, their "
        "result tabs acting, and a score step is held before each scores as normal; the "
        "rulebook names no enhance step for them, nor says there is none, while every "
        "fight it describes has one.",
        f"{turn.UNOPPOSED}; {turn.FIGHT_PHASE}", ("FK 6.2",), "unopposed_enhance_step",
        (Reading(False, "No: its result tabs act as soon as it is picked, then its score "
                        "step is held.", "no enhance step"),
         Reading(True, "Yes: each player, in the order the Drop holder sets, takes one "
                       "enhance action before its result tabs act; only its owner has a "
                       "fight card to lay an effect or gear on, change or turn.",
                 "an enhance step")),
        False,
        "The passage lists what happens to an unopposed card (result tabs, a score step, "
        "scoring) and names the score step in so many words; an enhance step, which exists "
        "to change a contest, has nothing to contest here, and the list leaves it out.",
        Witness(turn._T5, "pick 3",
                "Brick takes his unopposed Turning Point: its result tabs act at once and "
                "the score step begins with no enhance step; with one, the enhance step "
                "begins instead, Brick deciding who acts first (and he may turn the card "
                "before its tabs act)."),
        "unopposed cards get an enhance step"),
    Ambiguity(
        "FK-T6", "Who orders several unopposed fight cards in a two-player game?",
        "Unopposed fight cards are resolved and scored before any new pairing; the "
        "rulebook gives the Drop holder the choice of which fight is next, but says "
        "nothing of who orders the unopposed cards, which are not pairings and all belong "
        "to one player when one side laid fewer cards.",
        f"{turn.UNOPPOSED}; {turn.FIGHT_PHASE}", ("FK 6.2", "FK 6.1"),
        "unopposed_owner_orders",
        (Reading(False, "The Drop holder picks which unopposed card goes next, as for "
                        "every fight of the phase.", "the Drop holder"),
         Reading(True, "The owner of the unopposed cards picks their order.", "their owner")),
        False,
        "The Drop holder decides which of the fights to resolve first and orders every "
        "other choice of the fight phase; an unopposed card is resolved in that phase "
        "with a score step 'as normal', and nothing hands the choice to its owner.",
        Witness(turn._T6, "lay S934",
                "Brick lays his last card and the reveal leaves his cards in places 2 and 3 "
                "unopposed: Dana, the Drop holder, picks which is resolved first (turn 0), "
                "or Brick, their owner, does (turn 1)."),
        "the owner orders unopposed cards"),
    Ambiguity(
        "FK-T7", "In what order do an unopposed card's result tabs act, and who picks it?",
        "Every result tab of an unopposed fight card is to be resolved before it scores; "
        "the rulebook names no order for them and nobody who picks one, while in a paired "
        "fight each result tab acts as its skirmish is resolved, in the order the Drop "
        "holder sets. The order counts when one tab's action changes what another's finds: "
        "a discard before or after a draw.",
        f"{turn.UNOPPOSED}; {turn.FIGHT_PHASE}", ("FK 6.2", "FK 5.16", "FK 5.6"),
        "unopposed_tabs_ordered",
        (Reading(False, "As printed, left to right; nobody picks.", "left to right"),
         Reading(True, "The player who orders the unopposed cards (the Drop holder, or "
                       "their owner under FK-T6; at a bigger table the card's owner) picks "
                       "the order, one tab at a time, as skirmishes are picked.",
                 "the picker orders them")),
        False,
        "An unopposed card has no skirmish to resolve against anything, so the skirmish "
        "order the Drop holder sets for a fight has nothing to order; its tabs are listed "
        "as one thing to do before it scores, and the card's own left-to-right layout is "
        "the order in which its tabs are read everywhere else (effects, gear, the centre "
        "bonus). No card ringside ships has two result tabs on one fight card; the witness "
        "is a card of a user's own, Scramble (S941 of "
        "docs/byo/fightklub-audit-cards.toml): discard 1 on its left tab, draw 1 on its "
        "right.",
        Witness("", "", "Scramble unopposed, its tabs picked right to left: under the default "
                "they still act left to right (discard, then draw); when the picker orders "
                "them, the draw comes first and the discard after it.",
                command=("fightklub fight S941 --cards docs/byo/fightklub-audit-cards.toml "
                         "--order right,centre,left")),
        "the picker orders an unopposed card's result tabs"),
    Ambiguity(
        "FK-T8", "Are a fight's effects and activated gear still on it during the score "
                 "step?",
        "Effects are said to be discarded when their fight is resolved, just before its "
        "card is scored or exhausted, and activated gear to return then; a fight is "
        "resolved only after its score step, whose score actions come after the winner is "
        "determined and may affect the cards in the current fight. Whether 'resolved' is "
        "the end of the score step or the moment the winner is known (the fight step's "
        "'resolutions') is read both ways.",
        f"{turn.EFFECT}; {turn.GEAR}; {turn.SCORE_STEP}", ("FK 6.10", "FK 6.9"),
        "effects_leave_before_score_step",
        (Reading(False, "They stay on the fight card through the score step and leave just "
                        "before the fight's cards are scored or exhausted.",
                 "through the score step"),
         Reading(True, "They leave as the winner is known: the score step begins with the "
                       "effects discarded and the gear back in the support area (or "
                       "destroyed).", "before the score step")),
        False,
        "The rulebook says in so many words that a fight is not resolved until its score "
        "step is over and is resolved only once the winner has scored, and both card types "
        "tie the cards' leaving to the moment just before the fight card is scored or "
        "exhausted, which follows the score actions. The point shows only in what is in "
        "sight during the score step (FK-A5): no card ringside ships has a score action "
        "that spots a gear or an effect; the witness is a card of a user's own, Second Look "
        "(S942 of docs/byo/fightklub-audit-cards.toml), a score instant costing 'spot "
        "gear'.",
        Witness("", "", "Brick's only gear, Tire Iron, lies activated on his fight card "
                "as his Jab-Cross wins the last skirmish (the start of the fk6-10-gear-* "
                "scenarios): in the score step he cannot pay Second Look while the gear "
                "stays on the fight and passes, and plays it when the gear is back in his "
                "support area.",
                command=("play fightklub docs/byo/fightklub-audit-score-step.txt "
                         "--cards docs/byo/fightklub-audit-cards.toml --policy first "
                         "--max-actions 3")),
        "effects and gear leave before the score step"),
)

MULTIPLAYER_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-M1", "Whose character takes an unopposed card's damage at a bigger table?",
        "A fight card left over at the end of the fight phase is a benefit for its owner "
        "and scores as normal, result tabs and energy rewards included; with more than two "
        "players it has no opponent, and the rulebook does not say whose damage tracker "
        "it goes to.",
        multi.MULTI, ("FK 7.7",), "unopposed_damages_a_target",
        (Reading(True, "Its owner chooses an opponent still in the game, who takes its "
                       "damage.", "owner picks the target"),
         Reading(False, "It gives its result tabs and rewards and goes to the damage stack, "
                        "but no character takes its damage.", "no damage")),
        True,
        "To score as normal is to deal damage, and a card left over is called a benefit its "
        "owner can plan for; with no opponent named, its owner picks one.",
        Witness(multi._M1, "pick 1 target 0",
                "Player 2's last card is left over: scored against player 0 when its owner "
                "picks the target, refused (only 'pick 1 target -') when it damages "
                "nobody."),
        "unopposed cards damage a target"),
    Ambiguity(
        "FK-M2", "Who takes The Drop when nobody won a fight this turn?",
        "At the end of a multiplayer turn The Drop goes to the last player to win a fight; "
        "a turn can end with every fight tied (both cards exhausted) and only unopposed "
        "cards scored, so that nobody won one.",
        multi.MULTI, ("FK 7.8",), "drop_stays_without_winner",
        (Reading(False, "It passes to the next player on the holder's left.",
                 "passes left"),
         Reading(True, "It stays with its holder.", "stays")),
        False,
        "In the standard game The Drop changes hands every turn; passing it on keeps that "
        "rhythm when the multiplayer rule has nobody to give it to.",
        Witness(multi._M2, "draw S919",
                "Player 0 draws the last card of the even-up and the turn ends with no fight "
                "won: player 0 (the next on the left of player 1, player 2 being out) "
                "takes The Drop, or player 1 keeps it."),
        "the Drop stays without a winner"),
    Ambiguity(
        "FK-M3", "Who picks the skirmish order in a multiplayer fight?",
        "Fights at a bigger table are resolved normally, with the challenger ordering the "
        "enhance and score actions; in the standard game the Drop holder also orders the "
        "skirmishes and picks whose clash text decides, and the multiplayer rules do not "
        "say whether the challenger takes that over.",
        multi.MULTI, ("FK 7.5", "FK 6.7"), "challenger_runs_the_fight",
        (Reading(True, "The challenger.", "the challenger"),
         Reading(False, "The Drop holder (the next on their left once they are out).",
                 "the Drop holder")),
        True,
        "Every choice the standard game gives the Drop holder inside a fight is given to "
        "the challenger in the priorities the multiplayer rules name; the skirmish order "
        "is one more such choice.",
        Witness(multi._M3, "pass",
                "Player 1 challenged player 0, the Drop holder; after the last enhance "
                "action player 1 picks the first skirmish, or player 0 does."),
        "challenger picks the skirmishes"),
)

AMBIGUITIES: tuple[Ambiguity, ...] = (ENERGY_AMBIGUITIES + DECK_AMBIGUITIES + SETUP_AMBIGUITIES
                                      + FIGHT_AMBIGUITIES + TURN_AMBIGUITIES
                                      + MULTIPLAYER_AMBIGUITIES)
"""The whole register, in the order of the rulebook's sections."""
