"""Monsters Masters & Mobsters' parts, each named and imported only when first used.

The rules model (the setup phase, on the shipped card set), proofs, commands
and pages of its own.
"""

from __future__ import annotations

from harness.registry import GameParts, UserData, lazy

PARTS = GameParts("analysis.monmamo.loading:GAME", key="monmamo",
                  title="Monsters Masters & Mobsters", policies=lazy("analysis.monmamo.policies:POLICIES"),
                  obligations=lazy("proofs.monmamo:OBLIGATIONS"),
                  commands=lazy("harness.games.monmamo.commands:register"),
                  docs_pages=lazy("harness.games.monmamo.docs:docs_pages"),
                  drawing="harness.games.monmamo.drawing:BattlefieldDrawing",
                  data=UserData("cards", "card file",
                                "a card set of your own (cards of the game you own, or your "
                                "inventions), played beside the synthetic set",
                                lazy("analysis.monmamo.loading:game_with_cards")))
