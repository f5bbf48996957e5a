"""What is computed over Monsters Masters & Mobsters' rules.

The shipped card set and the game on it, the exhaustive survey of the setup
phase, the play policies.
"""

from analysis.monmamo.loading import GAME, SYNTHETIC_SET_FILE, shipped_cards
from analysis.monmamo.policies import POLICIES, play_setup
from analysis.monmamo.search import SMALL_STARTS, Survey, survey

__all__ = ["GAME", "POLICIES", "SMALL_STARTS", "SYNTHETIC_SET_FILE", "Survey", "play_setup",
           "shipped_cards", "survey"]
