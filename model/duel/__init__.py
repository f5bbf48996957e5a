"""The Power Source dice duel: two characters, a Base each round, Resolution A to E."""

from model.duel.characters import Character, find_character, parse_character
from model.duel.engine import Duel
from model.duel.rules import ALTERNATIVE, DEFAULT_RULES, PRESETS, Rules
from model.duel.state import Play, Roll, Setup, State, View

__all__ = ["ALTERNATIVE", "Character", "DEFAULT_RULES", "Duel", "PRESETS", "Play", "Roll",
           "Rules", "Setup", "State", "View", "find_character", "parse_character"]
