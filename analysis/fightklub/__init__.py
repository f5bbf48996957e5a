"""Fight Klub's analysis: the shipped data and the game played with it, the case files,
the play policies."""

from analysis.fightklub.loading import (
    GAME, all_cards, one_cards, one_facts, shipped_game, shipped_names, shipped_text,
    synthetic_cards,
)
from analysis.fightklub.policies import POLICIES, play_game

__all__ = [
    "GAME", "POLICIES", "all_cards", "one_cards", "one_facts", "play_game", "shipped_game",
    "shipped_names", "shipped_text", "synthetic_cards",
]
