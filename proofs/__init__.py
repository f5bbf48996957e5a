"""z3 encodings and proof obligations, one module per game.

Each module exposes ``OBLIGATIONS``: a tuple of
:class:`model.core.obligations.Obligation`.
"""

from __future__ import annotations

import importlib

from model.core.obligations import Obligation


def obligations_for(game_key: str) -> tuple[Obligation, ...]:
    """The obligations of a game (none if it has no proofs module yet)."""
    try:
        module = importlib.import_module(f"proofs.{game_key}")
    except ModuleNotFoundError as error:
        if error.name == f"proofs.{game_key}":
            return ()
        raise
    return tuple(module.OBLIGATIONS)
