"""Monsters Masters & Mobsters' parts: rules model (setup phase), proofs, commands,
pages of its own, each named and imported only when first used."""

from __future__ import annotations

from harness.registry import GameParts, lazy

PARTS = GameParts("analysis.monmamo.loading:GAME", key="monmamo",
                  obligations=lazy("proofs.monmamo:OBLIGATIONS"),
                  commands=lazy("harness.games.monmamo.commands:register"),
                  docs_pages=lazy("harness.games.monmamo.docs:docs_pages"))
