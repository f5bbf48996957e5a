"""Club Fight's parts: rules model, proofs, commands, docs pages, drawing.

Named, not imported: listing the games imports none of Club Fight's rules,
solver or proofs until a run needs them.
"""

from __future__ import annotations

from harness.registry import GameParts, lazy

PARTS = GameParts("model.clubfight.engine:GAME", key="clubfight",
                  obligations=lazy("proofs.clubfight:OBLIGATIONS"),
                  commands=lazy("harness.games.clubfight.commands:register"),
                  docs_pages=lazy("harness.games.clubfight.docs:docs_pages"),
                  drawing="harness.games.clubfight.drawing:GridDrawing")
