"""ringside: executable rules models of fight-themed card and dice games.

The package is organised as one sub-package per game (``model.clubfight`` ...)
on top of ``model.core``, which holds what every game shares: the game
protocol, phase graphs, the explorer, the rules registry, the ambiguity
register and the scenario runner.
"""

__version__ = "0.1.0"
