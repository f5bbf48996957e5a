"""Fantasy Fight Club: two warbands, the printed warrior and weapon tables, d6 combat."""

from model.fantasy.engine import SKIRMISHES, FantasyFightClub
from model.fantasy.rules import DEFAULT_RULES, LITERAL, PRESETS, Rules
from model.fantasy.state import (
    Fighter, Move, Setup, State, View, Warband, parse_fighter, parse_warband, warband_setup,
)
from model.fantasy.tables import (
    Tables, parse_equipment, parse_spells, parse_warriors, parse_weapons,
)

__all__ = ["DEFAULT_RULES", "FantasyFightClub", "Fighter", "LITERAL", "Move", "PRESETS",
           "Rules", "SKIRMISHES", "Setup", "State", "Tables", "View", "Warband",
           "parse_equipment", "parse_fighter", "parse_spells", "parse_warband",
           "parse_warriors", "parse_weapons", "warband_setup"]
