"""z3 encodings and proof obligations, one module per game.

Each game's module exposes ``OBLIGATIONS``: a tuple of
:class:`proofs.obligations.Obligation`.  The proofs import the rules model
(``model``), never the harness; the harness finds a game's obligations through
the parts the game registers (:mod:`harness.registry`).
"""
