"""Reads the duel's shipped characters and builds the game that holds them (``GAME``).

The rules (``model.duel``) take characters as values; this module reads
ringside's own example character files (``data/characters/*.toml``, not the
publisher's) and gives them to :class:`model.duel.engine.Duel`.  A user's
own character files go through the same parser (:func:`read_characters`) into a
duel of their own beside the shipped characters (:func:`game_with_characters`).
"""

from __future__ import annotations

from importlib import resources
from typing import Iterable, Sequence

from analysis.inputs import read_text
from model.core.errors import InputError
from model.core.toml_lines import line_of
from model.duel.characters import Character, parse_character
from model.duel.engine import Duel

SHIPPED_FILES = ("ember.toml", "tide.toml", "brute.toml", "spark.toml")
"""The shipped characters, in the order the example setups take them."""


def read_characters(texts: Iterable[tuple[str, str]]) -> dict[str, Character]:
    """A characters table from ``(where, TOML text)`` pairs, by key, in their order."""
    found: dict[str, Character] = {}
    for where, text in texts:
        character = parse_character(text, where)
        if character.key in found:
            raise InputError(f"a second character with the key {character.key!r}", where)
        found[character.key] = character
    return found


def shipped_characters() -> dict[str, Character]:
    """ringside's own example characters (not the publisher's), by key."""
    folder = resources.files("analysis.duel").joinpath("data", "characters")
    return read_characters((f"analysis/duel/data/characters/{name}",
                            folder.joinpath(name).read_text(encoding="utf-8"))
                           for name in SHIPPED_FILES)


GAME = Duel(shipped_characters())
"""The duel with the shipped characters: the game ringside registers."""


CHARACTER_FILE = "character file"
"""The kind of input a user's character file is (:data:`analysis.inputs.KINDS`)."""


def characters_with(files: Sequence[str]) -> dict[str, Character]:
    """The shipped characters and those of a user's character files (one character a
    file, read through :mod:`analysis.inputs`); a key taken twice is refused at the
    line of the second file that takes it."""
    table = shipped_characters()
    for file in files:
        text = read_text(file, CHARACTER_FILE)
        character = parse_character(text, file)
        if character.key in table:
            line = line_of(text, ("key",))
            raise InputError(f"the key {character.key!r} is taken by "
                             f"{table[character.key].name}; give this character another key",
                             f"{file}: line {line}" if line else file)
        table[character.key] = character
    return table


def game_with_characters(files: Sequence[str]) -> Duel:
    """The duel with the shipped characters and those of the user's files, which lead
    its example setups and explorer starts."""
    table = characters_with(files)
    shipped = set(GAME.characters)
    return Duel(table, featured=tuple(key for key in table if key not in shipped))
