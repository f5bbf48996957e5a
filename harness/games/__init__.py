"""Each game's harness parts, one package per game.

A game registers itself by having a package here whose ``__init__`` defines
``PARTS``, a :class:`harness.registry.GameParts`: its rules model, its proof
obligations, its commands and its extra docs pages.  Nothing else in the
harness names a game; :func:`harness.registry.games` finds them all.
"""
