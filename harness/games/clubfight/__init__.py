"""Club Fight's parts: rules model, proofs, commands, docs pages."""

from __future__ import annotations

from harness.registry import GameParts, lazy
from model.clubfight.engine import GAME

PARTS = GameParts(game=GAME, obligations=lazy("proofs.clubfight:OBLIGATIONS"),
                  commands=lazy("harness.games.clubfight.commands:register"),
                  docs_pages=lazy("harness.games.clubfight.docs:docs_pages"))
