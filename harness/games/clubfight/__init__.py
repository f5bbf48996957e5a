"""Club Fight's parts: rules model, proofs, commands, docs pages, policies, drawing.

Named, not imported: listing the games imports none of Club Fight's rules,
solver or proofs until a run needs them.
"""

from __future__ import annotations

from harness.registry import GameParts, lazy

PARTS = GameParts("model.clubfight.engine:GAME", key="clubfight", title="Club Fight",
                  obligations=lazy("proofs.clubfight:OBLIGATIONS"),
                  commands=lazy("harness.games.clubfight.commands:register"),
                  docs_pages=lazy("harness.games.clubfight.docs:docs_pages"),
                  policies=lazy("analysis.clubfight.policies:POLICIES"),
                  drawing="harness.games.clubfight.drawing:GridDrawing")
