"""Club Fight's parts: rules model, proofs, commands, docs pages."""

from __future__ import annotations

from harness.registry import GameParts
from model.clubfight.engine import GAME


def _obligations():
    from proofs.clubfight import OBLIGATIONS

    return OBLIGATIONS


def _commands(subcommands) -> None:
    from harness.games.clubfight import commands

    commands.register(subcommands)


def _docs_pages(context):
    from harness.games.clubfight.docs import docs_pages

    return docs_pages(context)


PARTS = GameParts(game=GAME, obligations=_obligations, commands=_commands,
                  docs_pages=_docs_pages)
