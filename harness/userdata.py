"""The data files a user brings: one option per kind of data, the same on every command.

A game that takes data of its user says so in its parts
(:class:`~harness.registry.UserData`): Fight Klub, Monsters Masters & Mobsters
and Fantasy Fight Club take card files (``--cards FILE``), the dice duel
character files (``--characters FILE``).  Every command that takes a deck, a
character or a card set of such a game has the option, repeatable, and a
scenario file may name the same files under the same key (``cards =
"one.toml"``, a path relative to the scenario file, or a list of them).  The
game a command then works with is the game's own loader run on the shipped
data and the user's files (:func:`game_with`), so a user's card is read, checked
and played exactly as a shipped one.

The commands whose games are arguments take every game's option
(:func:`add_any_data_options`): ``play GAME`` and ``explore GAME`` refuse the
option of another game (:func:`game_of`); ``check GAME...`` gives each option's
files to the one named game that takes it, and refuses an option that none or
several of them take (:func:`games_of`).  A game built on a user's files puts
their data first among its example setups and explorer starts
(:attr:`model.core.game.Game.featured` names what leads them), since exploring
and checking the user's data is what they gave it for.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Sequence

from harness.registry import GameParts, UserData, all_parts
from harness.toolkit import InputPath
from model.core.errors import InputError
from model.core.game import Game

MAX_DATA_FILES = 16
"""The most data files one command or scenario names."""
REFERENCE_PAGE = "Bring your own cards"
"""The page of the rules reference that documents the formats."""

_games: dict[tuple, Game] = {}
"""Games built with users' files, by game, files and their sizes and times: a
scenario run or ``check`` naming the same file again reuses the game."""


def add_data_option(parser: argparse.ArgumentParser, data: UserData | None) -> None:
    """``--OPTION FILE`` (repeatable) of one game's user data, if it takes any."""
    if data is None:
        return
    parser.add_argument(f"--{data.option}", action="append", metavar="FILE",
                        type=InputPath(data.kind),
                        help=f"{data.what} (repeatable, at most {MAX_DATA_FILES}; formats: "
                             f"'{REFERENCE_PAGE}' in the reference)")


def data_options() -> dict[str, list[GameParts]]:
    """Every data option of the registered games, with the games that take it."""
    found: dict[str, list[GameParts]] = {}
    for parts in all_parts().values():
        if parts.data is not None:
            found.setdefault(parts.data.option, []).append(parts)
    return found


def add_any_data_options(parser: argparse.ArgumentParser, applies: str = "") -> None:
    """Every game's data option, for a command whose games are arguments (``ringside
    play GAME``, ``explore GAME``, ``check GAME...``): the one of a game other than the
    named ones is refused by :func:`game_of` or :func:`games_of`.  ``applies`` ends each
    option's help (what the command does with the files)."""
    for option, owners in data_options().items():
        data = owners[0].data
        # one game: its own words; several: each reads a format of its own
        what = (data.what if len(owners) == 1
                else f"a {data.kind} of your own, in the format of its game")
        parser.add_argument(f"--{option}", action="append", metavar="FILE",
                            type=InputPath(data.kind),
                            help=f"{what}, for {', '.join(p.key for p in owners)} "
                                 f"(repeatable; formats: '{REFERENCE_PAGE}' in the "
                                 f"reference){applies}")


def _signature(files: Sequence[str]) -> tuple:
    stamps = []
    for file in files:
        try:
            status = os.stat(file)
            stamps.append((status.st_size, status.st_mtime_ns, status.st_ino))
        except OSError:
            stamps.append(None)  # the loader says what is wrong with it
    return tuple(stamps)


def game_with(parts: GameParts, files: Sequence[str], where: str) -> Game:
    """The game of ``parts`` played with its shipped data and the user's ``files``
    (the registered game when there are none); ``where`` names the option or the
    scenario key in errors."""
    if not files:
        return parts.game
    if parts.data is None:
        raise InputError(f"{parts.key} takes no data files of its user", where)
    if len(files) > MAX_DATA_FILES:
        raise InputError(f"names {len(files)} files; at most {MAX_DATA_FILES} are read", where)
    key = (parts.key, tuple(files), _signature(files))
    if key not in _games:
        if len(_games) > 32:
            _games.clear()
        _games[key] = parts.data.load(tuple(files))
    return _games[key]


def game_of(args: argparse.Namespace, parts: GameParts) -> Game:
    """The game a command works with: that of ``parts`` with the files its data option
    names (an option of another game's data is refused in one line)."""
    own = parts.data.option if parts.data is not None else None
    for option in data_options():
        if option != own and getattr(args, option, None):
            takes = f"--{own} FILE" if own else "no data files"
            raise InputError(f"{parts.key} takes {takes}, not --{option}", f"--{option}")
    files = getattr(args, own, None) if own else None
    return game_with(parts, files or (), f"--{own}")


def games_of(args: argparse.Namespace, chosen: Sequence[GameParts]
             ) -> list[tuple[Game, dict[str, tuple[str, ...]]]]:
    """The games a command over several games works with (``check GAME...``): each of
    ``chosen`` with the files of its own data option, and the files it was given (by
    option).  A data option none of ``chosen`` takes is refused in one line, and so is
    one that several of them take: each reads a format of its own, so one file cannot
    be for both."""
    for option, owners in data_options().items():
        if not getattr(args, option, None):
            continue
        takers = [parts.key for parts in chosen
                  if parts.data is not None and parts.data.option == option]
        if not takers:
            raise InputError(f"none of the games it would apply to takes it "
                             f"({_listed([p.key for p in chosen])}); it is for "
                             f"{_listed([p.key for p in owners])}", f"--{option}")
        if len(takers) > 1:
            raise InputError(f"{_listed(takers)} each read a {owners[0].data.kind} in a "
                             f"format of their own; name the one game the files are for "
                             f"(ringside check {takers[0]} --{option} FILE)", f"--{option}")
    found = []
    for parts in chosen:
        own = parts.data.option if parts.data is not None else None
        files = tuple(getattr(args, own, None) or ()) if own else ()
        found.append((game_with(parts, files, f"--{own}"), {own: files} if files else {}))
    return found


def _listed(keys: Sequence[str]) -> str:
    return keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} and {keys[-1]}"


def files_used(args: argparse.Namespace, parts: GameParts) -> dict[str, list[str]]:
    """The data files a one-game command was given, by option (for its ``--json``)."""
    own = parts.data.option if parts.data is not None else None
    files = getattr(args, own, None) if own else None
    return {own: [str(file) for file in files]} if files else {}


def data_keys() -> frozenset[str]:
    """The scenario keys that name data files: every registered game's option."""
    return frozenset(data_options())


def scenario_data(table: dict[str, Any], path: Path, game: str, where: str) -> tuple[str, ...]:
    """The data files a scenario file names (``table`` is the file's TOML), paths
    taken relative to the scenario file's folder; the key must be the option of the
    scenario's own game."""
    named = sorted(data_keys() & set(table))
    if not named:
        return ()
    parts = all_parts().get(game)
    own = parts.data.option if parts is not None and parts.data is not None else None
    for key in named:
        if key != own:
            takes = f"the key {own!r}" if own else "no data files"
            raise InputError(f"{game} takes {takes}, not {key!r}", f"{where}: {key}")
    value = table[own]
    items = [value] if isinstance(value, str) else value
    if (not isinstance(items, list) or not items
            or not all(isinstance(item, str) and item.strip() for item in items)):
        raise InputError("must be a path or a list of paths (relative to the scenario file)",
                         f"{where}: {own}")
    if len(items) > MAX_DATA_FILES:
        raise InputError(f"names {len(items)} files; at most {MAX_DATA_FILES} are read",
                         f"{where}: {own}")
    return tuple(str(path.parent / item) for item in items)


def scenario_game(scenario: Any, game: Game) -> Game:
    """The game a scenario is replayed with: ``game``, or when the scenario names data
    files, its registered game's loader run on them (errors name the scenario)."""
    return game_for_data(scenario.game, game, scenario.data, scenario.path)


def game_for_data(key: str, game: Game, files: tuple[str, ...], where: str) -> Game:
    """``game`` (registered as ``key``), or built on ``files`` when there are any."""
    if not files:
        return game
    parts = all_parts().get(key)
    if parts is None or parts.data is None:
        raise InputError("names data files, but its game takes none", where)
    return game_with(parts, files, f"{where}: {parts.data.option}")
