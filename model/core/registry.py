"""The games ringside knows, by key."""

from __future__ import annotations

import importlib
from functools import lru_cache

from model.core.errors import InputError
from model.core.game import Game

GAME_MODULES = ("model.clubfight",)


@lru_cache(maxsize=1)
def games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for name in GAME_MODULES:
        game = importlib.import_module(name).GAME
        found[game.key] = game
    return found


def get_game(key: str) -> Game:
    try:
        return games()[key]
    except KeyError:
        raise InputError(f"unknown game {key!r}; games: {', '.join(games())}") from None
