"""Monsters Masters & Mobsters' parts: rules model (setup phase), proofs, commands,
pages of its own."""

from __future__ import annotations

from harness.registry import GameParts, lazy
from analysis.monmamo.loading import GAME

PARTS = GameParts(game=GAME, obligations=lazy("proofs.monmamo:OBLIGATIONS"),
                  commands=lazy("harness.games.monmamo.commands:register"),
                  docs_pages=lazy("harness.games.monmamo.docs:docs_pages"))
