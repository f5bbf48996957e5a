"""Monsters Masters & Mobsters: the card system's zones, card identity and setup phase.

The game is played with a card set given as a value
(``MonstersMastersMobsters(cards=...)``); ``analysis.monmamo.loading`` builds
the one on ringside's synthetic set.
"""

from model.monmamo.cards import Card, MonsterStats, parse_card_set
from model.monmamo.engine import MonstersMastersMobsters
from model.monmamo.rules import DEFAULT_RULES, LITERAL, PRESETS, Rules
from model.monmamo.state import Entry, Move, Setup, State, View

__all__ = ["Card", "DEFAULT_RULES", "Entry", "LITERAL", "MonsterStats",
           "MonstersMastersMobsters", "Move", "PRESETS", "Rules", "Setup", "State", "View",
           "parse_card_set"]
