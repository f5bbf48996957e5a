"""Fight Klub's numbered rules for getting started and the setup phase (FK 4), their
entries in the ambiguity register and their glossary words.

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  The fights and the rest of the
turn are FK 5 (:mod:`model.fightklub.fight_rules`) and FK 6
(:mod:`model.fightklub.turn_rules`).

Each witness is a position of the game's notation
(:mod:`model.fightklub.state`) and an action there whose fate depends on the
reading: the tests replay it under both.
"""

from __future__ import annotations

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.core.rules import Rule, Section, Term

BOOK = "Fight Klub"
GETTING_STARTED = f"{BOOK}: Getting Started"
SETUP = f"{BOOK}: Turn Order, 1. Setup phase"
YOUR_DECK = f"{BOOK}: Your Deck"
CHARACTER = f"{BOOK}: Card types, Character"
CONDITION = f"{BOOK}: Card types, Condition"
GEAR = f"{BOOK}: Card types, Gear"
INSTANT = f"{BOOK}: Card types, Instant"
UNIVERSAL = f"{BOOK}: Card types, Universal card"
FUNCTIONS = f"{BOOK}: Your Cards, Card functions"
COSTS = f"{BOOK}: Your Cards, Card costs"
MULTIPLAYER = f"{BOOK}: Multiplayer Rules"
READING = "ringside's reading (the rulebook is silent)"

_ENGINE = "model.fightklub.engine"
_GAME = f"{_ENGINE}.FKGame"

SETUP_SECTION = Section("FK 4", "Getting started and the setup phase")

SETUP_RULES: tuple[Rule, ...] = (
    Rule("FK 4.1", "Characters and The Drop on the table",
         "A game starts with each player's character face up on the table in front of "
         "them; each player's copy of The Drop is on the table too, never in a stack. Of a "
         "deck's 40 cards the other 38 make the two stacks.",
         f"{GETTING_STARTED}; {UNIVERSAL}", (f"{_GAME}.initial_state",)),
    Rule("FK 4.2", "Shuffled stacks",
         "Each player's draw stack and fight stack are shuffled, and the opponent may cut "
         "them. Ringside takes a card from a shuffled stack as a chance event in which every "
         "card still in the stack is equally likely, so a stack is kept as an unordered, "
         "hidden collection; a cut changes none of those odds.",
         GETTING_STARTED, (f"{_GAME}.chance_outcomes", f"{_GAME}.resample")),
    Rule("FK 4.3", "The first Drop holder",
         "Chance gives control of The Drop for the first turn to one of the two players, "
         "each with probability 1/2. That player's copy lies face up and the other's face "
         "down; the holder decides the order of the players' actions in each phase.",
         f"{GETTING_STARTED}; {YOUR_DECK}", (f"{_GAME}.chance_outcomes",)),
    Rule("FK 4.4", "Drawing to the hand value",
         "Each player draws from their own draw stack, one card at a time, until the hand "
         "holds as many cards as their character's hand value. Ringside deals the Drop "
         "holder first; as the stacks are separate the order changes no odds.",
         GETTING_STARTED, (f"{_ENGINE}._deal",)),
    Rule("FK 4.5", "Starting energy",
         "Once both hands are drawn, each player adds their character's first setup energy "
         "to their energy pool.",
         f"{GETTING_STARTED}; {CHARACTER}", (f"{_ENGINE}._deal",)),
    Rule("FK 4.6", "Who sets up first",
         "The Drop holder chooses which player takes their setup actions first, the first "
         "setup action included; the other player follows.",
         f"{GETTING_STARTED}; {SETUP}", (f"{_GAME}.legal_actions",)),
    Rule("FK 4.7", "The first setup action",
         "A player's part of the setup phase opens with the first setup action, taken "
         "once: the character's first setup energy is added to the pool. By ringside's "
         "default reading this grant comes on top of the starting energy, so on the first "
         "turn a player receives the first setup energy twice (FK-S1).",
         f"{SETUP}; {CHARACTER}", (f"{_ENGINE}._begin_setup",)),
    Rule("FK 4.8", "Two setup actions",
         "After the first setup action a player takes two setup actions, one after the "
         "other. Each is one of: play a condition, play a gear, play an instant with the "
         "setup keyword, use a setup line of a card already in play, or pass. By "
         "ringside's default reading a player may pass even when something could be "
         "played (FK-S2). Then the other player takes their first setup action and two "
         "setup actions.",
         f"{SETUP}; {MULTIPLAYER}", (f"{_GAME}.legal_actions", f"{_ENGINE}._end_action")),
    Rule("FK 4.9", "Paying for a setup action",
         "A card played or a setup line used has its cost paid in full as part of the "
         "action, by the energy rules (FK 3), from the acting player's pool: the action "
         "names the tokens it burns. Spot parts see the player's pool, their character's "
         "latent energy, The Drop's latent energy while they control it, and the card types "
         "on the table. An action whose cost cannot be paid cannot be taken.",
         f"{COSTS}; {SETUP}", (f"{_ENGINE}.payments", f"{_GAME}._illegal")),
    Rule("FK 4.10", "The support area",
         "A condition or a gear played as a setup action goes from hand to its owner's "
         "support area and stays in play there; from then on it is on the table for costs "
         "that spot its card type.",
         f"{CONDITION}; {GEAR}", (f"{_ENGINE}._play",)),
    Rule("FK 4.11", "Setup instants",
         "An instant whose phase keyword is setup may be played as a setup action: it does "
         "what its gametext says and goes to its owner's discard stack. Instants of the "
         "other phases, and effects, are not played in the setup phase.",
         f"{INSTANT}; {SETUP}", (f"{_ENGINE}._play",)),
    Rule("FK 4.12", "Setup lines of cards in play",
         "A card in play (the character, or a condition or gear in the support area) whose "
         "gametext has a line opening with the setup phase word may use that line as a "
         "setup action, paying the cost before the colon. A card may be used for both of a "
         "player's setup actions.",
         f"{CONDITION}; {FUNCTIONS}", (f"{_ENGINE}._use",)),
    Rule("FK 4.13", "What setup gametext does",
         "The steps after the colon are carried out in order: adding energy puts those "
         "tokens into the player's pool; a draw takes cards from the player's draw stack "
         "into hand one at a time; returning a card to hand moves a card of the named type "
         "from the player's own support area back into their hand, the player choosing "
         "which.",
         f"{FUNCTIONS}; {BOOK}: Glossary, Add", (f"{_ENGINE}._carry_out",)),
    Rule("FK 4.14", "The last card of the draw stack",
         "When a player takes the last card of their draw stack, the game action under way "
         "ends at once (any further cards it would draw are not drawn), and the player's "
         "discard stack is shuffled to become the new draw stack.",
         YOUR_DECK, (f"{_ENGINE}._take_card",)),
    Rule("FK 4.15", "Laying the fight cards",
         "When both players have taken their setup actions, the Drop holder takes the top "
         "three cards of their fight stack without looking at them and lays them face down "
         "in front of their character, left to right; then the other player lays three "
         "opposite them, in the same order. A player with fewer than three fight cards left "
         "lays them all.",
         SETUP, (f"{_ENGINE}._lay",)),
    Rule("FK 4.16", "The reveal",
         "When both players have laid their fight cards, all of them are turned face up "
         "together, and the fight phase begins (FK 6).",
         SETUP, (f"{_ENGINE}._lay", f"{_ENGINE}._reveal")),
)

_ORDER = ("decks synthetic-brick synthetic-dana | step order | drop 0 | first ? | turn 0 | "
          "left 0 | pending 0 | ")
_SETUP = ("decks synthetic-brick synthetic-dana | step setup | drop 0 | first 0 | turn 0 | "
          "left 2 | pending 0 | ")
_SIDES = ("p0 draw S911 S911 S911 S912 S913 S913 S913 S914 S914 S914 S915 S915 S916 S916 "
          "S916 S919 S919 S920 S921 S921 hand S912 S915 S917 S918 S918 S920 support - "
          "discard - fight S931 S931 S931 S932 S932 S932 S933 S933 S934 S935 S936 S937 "
          "laid - pool {pool} burned - | "
          "p1 draw S911 S912 S912 S912 S913 S913 S914 S914 S915 S916 S916 S916 S918 S918 "
          "S919 S921 S922 S922 S922 hand S911 S911 S915 S918 S919 S920 S921 support - "
          "discard - fight S931 S931 S931 S932 S932 S932 S933 S933 S933 S937 S937 S938 "
          "laid - pool G Y burned -")
"""A getting started of Brick Malone (player 0, the Drop holder, first setup energy
B G G) against Dana Quill (G Y), drawn by the engine, for the witnesses below."""

SETUP_AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "FK-S1", "Is the first setup energy given twice on the first turn?",
        "Getting started has each player add the first setup energy to the pool and then "
        "lets the Drop holder say who plays the first setup action; the setup phase's "
        "list then has each player play the first setup action, adding starting energy "
        "tokens; the character's card type says the allocation comes at the start of the "
        "game and then also at the start of each turn. Whether the setup phase of the "
        "first turn adds the energy again is not said in so many words.",
        f"{GETTING_STARTED}; {SETUP}; {CHARACTER}", ("FK 4.7", "FK 4.5"),
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
        Witness(_ORDER + _SIDES.format(pool="B G G"), "first 0",
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
        f"{SETUP}; {MULTIPLAYER}", ("FK 4.8",), "pass_any_setup_action",
        (Reading(True, "A setup action may always be passed.", "pass at will"),
         Reading(False, "A setup action may be passed only when no card can be played and "
                        "no setup line used.", "pass only when stuck")),
        True,
        "The multiplayer rules, which adjust only what differs from the standard game, "
        "speak of playing or passing setup actions as a matter of course; nothing in the "
        "two-player list forces a play.",
        Witness(_SETUP + _SIDES.format(pool="B B G G G G"), "pass",
                "With cards Brick can pay for in hand, passing is legal when a setup action "
                "may always be passed and refused (FK 4.8) when a pass is only for a player "
                "with nothing to play."),
        "pass any setup action"),
)

SETUP_GLOSSARY: tuple[Term, ...] = (
    Term("Getting started", "What happens before the first turn: characters shown, stacks "
         "shuffled, the first Drop holder drawn, hands drawn, starting energy added.",
         ("FK 4.1", "FK 4.2", "FK 4.3", "FK 4.4", "FK 4.5")),
    Term("Drop holder", "The player who controls The Drop this turn (their copy face up); "
         "they decide who acts first in each phase.", ("FK 4.3", "FK 4.6"),
         see=("Control of The Drop",)),
    Term("First setup action", "The once-a-turn action that adds the character's first "
         "setup energy to the pool.", ("FK 4.7",)),
    Term("Setup action", "One of the two actions of a player's setup: play a condition, "
         "gear or setup instant, use a setup line of a card in play, or pass.",
         ("FK 4.8", "FK 4.12")),
    Term("Support area", "Where a player's conditions and gear stay in play.",
         ("FK 4.10",)),
    Term("Discard stack", "Where a player's played instants go; it becomes the new draw "
         "stack when the draw stack runs out.", ("FK 4.11", "FK 4.14")),
    Term("Burned tokens", "Energy tokens paid for a cost, set aside beside the pool.",
         ("FK 4.9", "FK 3.2"), notation=r"\bburn(?: [BGY])+\b"),
    Term("Laid fight cards", "The three fight cards each player lays face down in front of "
         "the character at the end of the setup phase.", ("FK 4.15", "FK 4.16")),
)
