"""The Power Source dice duel's parts: rules model, proofs, commands, docs pages."""

from __future__ import annotations

from harness.registry import GameParts, UserData, lazy

PARTS = GameParts("analysis.duel.loading:GAME", key="duel",
                  title="Power Source dice duel", policies=lazy("analysis.duel.policies:POLICIES"),
                  obligations=lazy("proofs.duel:OBLIGATIONS"),
                  commands=lazy("harness.games.duel.commands:register"),
                  docs_pages=lazy("harness.games.duel.docs:docs_pages"),
                  drawing="harness.games.duel.drawing:CharactersDrawing",
                  data=UserData("characters", "character file",
                                "a character file of your own (its key then names it)",
                                lazy("analysis.duel.loading:game_with_characters")))
