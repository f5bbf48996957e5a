"""Fight Klub's numbered rules for getting started and the setup phase (FK 4) and their
glossary words (the register's entries are :mod:`model.fightklub.ambiguities`').

Statements are in ringside's own words; ``source`` names the section of the
rulebook (``fight-klub.txt``) each comes from.  The fights and the rest of the
turn are FK 5 (:mod:`model.fightklub.fight_rules`) and FK 6
(:mod:`model.fightklub.turn_rules`).

Each witness is a position of the game's notation
(:mod:`model.fightklub.state`) and an action there whose fate depends on the
reading: the tests replay it under both.
"""

from __future__ import annotations

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
_GAME = f"{_ENGINE}.FightKlub"

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
         GETTING_STARTED, ("model.fightklub.setup_phase.deal",)),
    Rule("FK 4.5", "Starting energy",
         "Once both hands are drawn, each player adds their character's first setup energy "
         "to their energy pool.",
         f"{GETTING_STARTED}; {CHARACTER}", ("model.fightklub.setup_phase.deal",)),
    Rule("FK 4.6", "Who sets up first",
         "The Drop holder chooses which player takes their setup actions first, the first "
         "setup action included; the other player follows.",
         f"{GETTING_STARTED}; {SETUP}", (f"{_GAME}.legal_actions",)),
    Rule("FK 4.7", "The first setup action",
         "A player's part of the setup phase opens with the first setup action, taken "
         "once: the character's first setup energy is added to the pool. By ringside's "
         "default reading this grant comes on top of the starting energy, so on the first "
         "turn a player receives the first setup energy twice (FK-S1).",
         f"{SETUP}; {CHARACTER}", ("model.fightklub.setup_phase.begin_setup",)),
    Rule("FK 4.8", "Two setup actions",
         "After the first setup action a player takes two setup actions, one after the "
         "other. Each is one of: play a condition, play a gear, play an instant with the "
         "setup keyword, use a setup line of a card already in play, or pass. By "
         "ringside's default reading a player may pass even when something could be "
         "played (FK-S2). Then the other player takes their first setup action and two "
         "setup actions.",
         f"{SETUP}; {MULTIPLAYER}", (f"{_GAME}.legal_actions",
                                     "model.fightklub.setup_phase.end_action")),
    Rule("FK 4.9", "Paying for a setup action",
         "A card played or a setup line used has its cost paid in full as part of the "
         "action, by the energy rules (FK 3), from the acting player's pool: the action "
         "names the tokens it burns. Spot parts see the player's pool, their character's "
         "latent energy, The Drop's latent energy while they control it, and the card types "
         "on the table. An action whose cost cannot be paid cannot be taken.",
         f"{COSTS}; {SETUP}", ("model.fightklub.payment.payments", f"{_GAME}._illegal")),
    Rule("FK 4.10", "The support area",
         "A condition or a gear played as a setup action goes from hand to its owner's "
         "support area and stays in play there; from then on it is on the table for costs "
         "that spot its card type.",
         f"{CONDITION}; {GEAR}", ("model.fightklub.setup_phase.play_card",)),
    Rule("FK 4.11", "Setup instants",
         "An instant whose phase keyword is setup may be played as a setup action: it does "
         "what its gametext says and goes to its owner's discard stack. Instants of the "
         "other phases, and effects, are not played in the setup phase.",
         f"{INSTANT}; {SETUP}", ("model.fightklub.setup_phase.play_card",)),
    Rule("FK 4.12", "Setup lines of cards in play",
         "A card in play (the character, or a condition or gear in the support area) whose "
         "gametext has a line opening with the setup phase word may use that line as a "
         "setup action, paying the cost before the colon. A card may be used for both of a "
         "player's setup actions.",
         f"{CONDITION}; {FUNCTIONS}", ("model.fightklub.setup_phase.use_line",)),
    Rule("FK 4.13", "What setup gametext does",
         "The steps after the colon are carried out in order: adding energy puts those "
         "tokens into the player's pool; a draw takes cards from the player's draw stack "
         "into hand one at a time; returning a card to hand moves a card of the named type "
         "from the player's own support area back into their hand, the player choosing "
         "which.",
         f"{FUNCTIONS}; {BOOK}: Glossary, Add", ("model.fightklub.setup_phase.carry_out",)),
    Rule("FK 4.14", "The last card of the draw stack",
         "When a player takes the last card of their draw stack, the game action under way "
         "ends at once (any further cards it would draw are not drawn), and the player's "
         "discard stack is shuffled to become the new draw stack.",
         YOUR_DECK, ("model.fightklub.setup_phase.take_card",)),
    Rule("FK 4.15", "Laying the fight cards",
         "When both players have taken their setup actions, the Drop holder takes the top "
         "three cards of their fight stack without looking at them and lays them face down "
         "in front of their character, left to right; then the other player lays three "
         "opposite them, in the same order. A player with fewer than three fight cards left "
         "lays them all.",
         SETUP, ("model.fightklub.setup_phase.lay",)),
    Rule("FK 4.16", "The reveal",
         "When both players have laid their fight cards, all of them are turned face up "
         "together, and the fight phase begins (FK 6).",
         SETUP, ("model.fightklub.setup_phase.lay", "model.fightklub.setup_phase.reveal")),
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
