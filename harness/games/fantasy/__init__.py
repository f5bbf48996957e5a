"""Fantasy Fight Club's parts: rules model, proofs, commands, docs pages."""

from __future__ import annotations

from harness.registry import GameParts, UserData, lazy

PARTS = GameParts("analysis.fantasy.loading:GAME", key="fantasy",
                  title="Fantasy Fight Club", policies=lazy("analysis.fantasy.policies:POLICIES"),
                  obligations=lazy("proofs.fantasy:OBLIGATIONS"),
                  commands=lazy("harness.games.fantasy.commands:register"),
                  docs_pages=lazy("harness.games.fantasy.docs:docs_pages"),
                  drawing="harness.games.fantasy.drawing:BattleDrawing",
                  data=UserData("cards", "card file",
                                "a card file of your own: warriors, weapons, equipment and "
                                "spells, added to the tables",
                                lazy("analysis.fantasy.loading:game_with_cards")))
