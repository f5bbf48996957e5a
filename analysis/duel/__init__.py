"""What is computed over the Power Source dice duel: shipped characters read, odds, policies."""

from analysis.duel.loading import GAME, read_characters, shipped_characters
from analysis.duel.odds import base_distribution, critical_chance, duel_odds, policy_odds
from analysis.duel.policies import POLICIES, play_duel

__all__ = ["GAME", "POLICIES", "base_distribution", "critical_chance", "duel_odds",
           "play_duel", "policy_odds", "read_characters", "shipped_characters"]
