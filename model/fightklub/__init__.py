"""Fight Klub TCG (rules only): cards, decks and collections, energy and costs, fights, the
whole game for 2 to 6 players.

The game takes its cards and decks as a value (:class:`Catalog`);
:mod:`analysis.fightklub.loading` builds the one of ringside's shipped files.
"""

from model.fightklub.ambiguities import AMBIGUITIES
from model.fightklub.cards import Card, parse_one_facts, parse_one_list, parse_synthetic_set
from model.fightklub.catalog import Catalog, DeckInfo
from model.fightklub.decks import check_collection, check_deck, parse_collection, parse_deck
from model.fightklub.energy import parse_cost, parse_pool, pay
from model.fightklub.engine import FightKlub
from model.fightklub.invariants import INVARIANTS, TRANSITION_INVARIANTS
from model.fightklub.phases import phase_graph
from model.fightklub.rulebook import GLOSSARY, RULEBOOK
from model.fightklub.rules import DEFAULT_RULES, LITERAL, PRESETS, Rules
from model.fightklub.state import Move, Setup, State
from model.fightklub.view import View

__all__ = [
    "AMBIGUITIES", "Card", "Catalog", "DEFAULT_RULES", "DeckInfo", "FightKlub", "GLOSSARY",
    "INVARIANTS", "LITERAL", "Move", "PRESETS", "RULEBOOK", "Rules", "Setup", "State",
    "TRANSITION_INVARIANTS", "View", "check_collection", "check_deck", "parse_collection",
    "parse_cost", "parse_deck", "parse_one_facts", "parse_one_list", "parse_pool",
    "parse_synthetic_set", "pay", "phase_graph",
]
