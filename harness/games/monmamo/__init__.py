"""Monsters Masters & Mobsters' parts: rules model (setup phase), proofs, commands,
pages of its own."""

from __future__ import annotations

from harness.registry import GameParts
from model.monmamo.engine import GAME


def _obligations():
    from proofs.monmamo import OBLIGATIONS

    return OBLIGATIONS


def _commands(subcommands) -> None:
    from harness.games.monmamo import commands

    commands.register(subcommands)


def _docs_pages(context):
    from harness.games.monmamo.docs import docs_pages

    return docs_pages(context)


PARTS = GameParts(game=GAME, obligations=_obligations, commands=_commands,
                  docs_pages=_docs_pages)
