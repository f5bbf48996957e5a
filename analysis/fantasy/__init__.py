"""What is computed over Fantasy Fight Club: its shipped tables and warbands read, policies."""

from analysis.fantasy.loading import (
    GAME, example_warband, example_warband_names, shipped_tables,
)
from analysis.fantasy.policies import POLICIES

__all__ = ["GAME", "POLICIES", "example_warband", "example_warband_names", "shipped_tables"]
