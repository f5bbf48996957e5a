"""Reads Fantasy Fight Club's shipped tables and warbands and builds the game of them (GAME).

The rules (``model.fantasy``) take their card tables as a value
(:class:`model.fantasy.tables.Tables`); this module reads the rulebook's
warrior and weapon tables as printed (``data/warriors.txt``,
``data/weapons.txt``), ringside's own example equipment and spell sets
(``data/equipment-example.toml``, ``data/spells-example.toml``) and its
example warbands (``data/warbands/*.toml``), none of them the publisher's but
the two printed tables.  A user's card files (warriors, weapons, equipment and
spells of their own, :mod:`model.fantasy.supplied`) are added to those tables in a
game of their own (:func:`game_with_cards`).
"""

from __future__ import annotations

from importlib import resources
from typing import Sequence

from analysis.inputs import read_text
from model.core.errors import InputError
from model.core.toml_lines import located
from model.fantasy.supplied import parse_card_file

from model.fantasy.engine import FantasyFightClub
from model.fantasy.state import Warband, parse_warband
from model.fantasy.tables import (
    EQUIPMENT_FILE, SPELLS_FILE, WARRIORS_FILE, WEAPONS_FILE, Tables, parse_equipment,
    parse_spells, parse_warriors, parse_weapons,
)

WARBANDS = "warbands"
"""The folder of the example warbands, under the data folder."""


def _data():
    return resources.files("analysis.fantasy").joinpath("data")


def shipped_tables() -> Tables:
    """The printed warrior and weapon tables with ringside's example equipment and spells."""
    folder = _data()

    def text(name: str) -> str:
        return folder.joinpath(name).read_text(encoding="utf-8")

    return Tables(parse_warriors(text(WARRIORS_FILE)), parse_weapons(text(WEAPONS_FILE)),
                  parse_equipment(text(EQUIPMENT_FILE)), parse_spells(text(SPELLS_FILE)))


GAME = FantasyFightClub(shipped_tables())
"""The battle with the shipped tables: the game ringside registers."""


def example_warband_names() -> tuple[str, ...]:
    """The warbands ringside ships (its own examples), by name: ``goblin-rabble`` ..."""
    return tuple(sorted(entry.name.removesuffix(".toml")
                        for entry in _data().joinpath(WARBANDS).iterdir()
                        if entry.name.endswith(".toml")))


def example_warband(name: str) -> Warband:
    """A shipped warband by name, its cards those of :data:`GAME`'s tables."""
    text = _data().joinpath(WARBANDS, f"{name}.toml").read_text(encoding="utf-8")
    return parse_warband(text, GAME.tables, name)


CARD_FILE = "card file"
"""The kind of input a user's card file is (:data:`analysis.inputs.KINDS`)."""
_TABLES = (("warrior", "warriors"), ("weapon", "weapons"), ("equipment", "equipment"),
           ("spell", "spells"))


def tables_with(files: Sequence[str]) -> Tables:
    """The shipped tables with the cards of a user's card files added; a card already in
    the tables (shipped, or given by an earlier file) is a duplicate, named with its line."""
    merged = {attribute: dict(getattr(shipped_tables(), attribute))
              for _, attribute in _TABLES}
    for file in files:
        text = read_text(file, CARD_FILE)
        given = parse_card_file(text, file)
        for section, attribute in _TABLES:
            for index, (code, card) in enumerate(getattr(given, attribute).items(), 1):
                if code in merged[attribute]:
                    article = "an" if section[0] in "aeiou" else "a"
                    raise located(InputError(
                        f"the tables already hold {article} {section} card {code!r}; give "
                        "yours another name", f"{file}: {section} {index} ({code})"), text, file)
                merged[attribute][code] = card
    return Tables(merged["warriors"], merged["weapons"], merged["equipment"],
                  merged["spells"])


def game_with_cards(files: Sequence[str]) -> FantasyFightClub:
    """The battle with the shipped tables and the cards of a user's files."""
    return FantasyFightClub(tables_with(files))
