"""The games ringside knows, each with the parts it registers.

A game's harness package (``harness/games/<key>/__init__.py``) defines
``PARTS``: a :class:`GameParts` naming the rules model, a function giving the
proof obligations, a function adding the game's subcommands, and where its
data lives under the data root (scenarios, results).  Discovery scans the
``harness.games`` package, so adding a game means adding its package, and no
module names another game.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Sequence

from model.core.errors import InputError
from model.core.game import Game


def _no_obligations() -> tuple:
    return ()


@dataclass(frozen=True, slots=True)
class GameParts:
    """Everything the harness needs of one game.

    ``obligations`` is called when the proofs run (importing z3 only then);
    ``commands`` adds the ``ringside <key> ...`` subcommands to an argparse
    sub-parser collection; ``docs_pages`` gives extra reference pages as
    ``(page name, title, reStructuredText)`` from the data root (statistics,
    hunts ...).
    """

    game: Game
    obligations: Callable[[], Sequence[Any]] = _no_obligations
    commands: Callable[[Any], None] | None = None
    docs_pages: Callable[[Any], Sequence[tuple[str, str, str]]] | None = None
    extra: dict = field(default_factory=dict)

    @property
    def key(self) -> str:
        return self.game.key


_registered: dict[str, GameParts] = {}
"""Parts registered at run time (tests, plug-ins), beside the discovered ones."""


@lru_cache(maxsize=1)
def _discovered() -> dict[str, GameParts]:
    import harness.games

    found: dict[str, GameParts] = {}
    for info in sorted(pkgutil.iter_modules(harness.games.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"harness.games.{info.name}")
        parts = getattr(module, "PARTS", None)
        if not isinstance(parts, GameParts):
            raise TypeError(f"harness.games.{info.name} defines no PARTS (a GameParts)")
        if parts.key in found:
            raise TypeError(f"two game packages register the key {parts.key!r}")
        found[parts.key] = parts
    return found


def all_parts() -> dict[str, GameParts]:
    """Every game's parts, by key: the discovered ones, then any registered."""
    return {**_discovered(), **_registered}


def games() -> dict[str, Game]:
    """Every game's rules model, by key."""
    return {key: parts.game for key, parts in all_parts().items()}


def parts_of(key: str) -> GameParts:
    try:
        return all_parts()[key]
    except KeyError:
        raise InputError(f"unknown game {key!r}; games: {', '.join(all_parts())}") from None


def get_game(key: str) -> Game:
    return parts_of(key).game


def register(parts: GameParts) -> None:
    """Add a game at run time (a plug-in, or a test's toy game)."""
    _registered[parts.key] = parts


def unregister(key: str) -> None:
    _registered.pop(key, None)
