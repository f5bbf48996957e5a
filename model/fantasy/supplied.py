"""A user's card file for Fantasy Fight Club: warriors, weapons, equipment and spells of their own.

The rulebook prints the warrior deck and the weapon cards; it names shields,
helmets, armor and spells without giving their cards, and ringside ships an
example set of its own.  A player who owns the cards (or an expansion) gives
them in one TOML file, each card in the form ringside's own data uses:

* ``[[warrior]]`` with ``row``, the warrior's row as the rulebook prints it
  (:func:`~model.fantasy.tables.parse_warriors`: ``"Troll H +3 -1 - -1 9 0"``);
* ``[[weapon]]`` with ``row``, a weapon's row
  (:func:`~model.fantasy.tables.parse_weapons`: ``"War Pick +2 H - 2 -"``);
* ``[[equipment]]`` and ``[[spell]]``, the tables of the example sets
  (:func:`~model.fantasy.tables.equipment_card`,
  :func:`~model.fantasy.tables.spell_card`).

Every error names the file, the line and the card.

>>> tables = parse_card_file('[[warrior]]\\nrow = "Troll H +3 -1 - -1 9 0"\\n', "mine.toml")
>>> tables.warriors["Troll"].hits
9
>>> parse_card_file('[[spell]]\\nname = "Frost"\\ncopies = 99\\n', "mine.toml")
Traceback (most recent call last):
    ...
model.core.errors.InputError: mine.toml: line 3: spell 1 (Frost): copies: must be a whole number from 1 to 20, not 99
"""

from __future__ import annotations

from typing import Any, Callable

from model.core.errors import InputError
from model.core.notation import checked_name
from model.core.toml_lines import located, toml_table
from model.fantasy.tables import (
    Tables, code_of, equipment_card, parse_warriors, parse_weapons, spell_card,
)

SECTIONS = ("warrior", "weapon", "equipment", "spell")
"""The card tables of a card file, each an array of tables."""
MAX_ENTRIES = 200
"""The most cards one section of a card file gives (the printed tables hold 20 and 28)."""
_ROW = "ROW"


def _row(entry: Any, at: str, parse: Callable[[str, str], dict]) -> tuple[str, Any]:
    """The one card of a ``{row = "..."}`` table, parsed as the printed tables are."""
    if not isinstance(entry, dict) or set(entry) != {"row"} or not isinstance(entry["row"], str):
        raise InputError("a printed card is a table with one key, row = \"the row as printed\"",
                         at)
    if "\n" in entry["row"] or not entry["row"].strip():
        raise InputError("row is one printed row", at)
    try:
        ((code, card),) = parse(entry["row"], _ROW).items()
    except InputError as error:
        # the parser names "ROW, line 1 (Name)": this card of the file instead
        inner = (error.where or "").split(", line 1", 1)[-1]
        name, colon, field = inner.partition(":")
        raise InputError(error.what, f"{at}{name}: row{colon}{field}") from None
    return code, card


def _named(entry: Any, at: str) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"needs a name, not {name!r}", f"{at}: name")
    return checked_name(name.strip(), "name", at)


def _cards(data: dict, section: str, where: str) -> dict[str, Any]:
    entries = data.get(section, [])
    if not isinstance(entries, list):
        raise InputError(f"{section} must be [[{section}]] tables", where)
    if len(entries) > MAX_ENTRIES:
        raise InputError(f"gives {len(entries):,} {section} cards; a card file gives at most "
                         f"{MAX_ENTRIES} of each kind", where)
    found: dict[str, Any] = {}
    for index, entry in enumerate(entries, 1):
        at = f"{where}: {section} {index}"
        if section == "warrior":
            code, card = _row(entry, at, parse_warriors)
        elif section == "weapon":
            code, card = _row(entry, at, parse_weapons)
        else:
            name = _named(entry, at)
            make = equipment_card if section == "equipment" else spell_card
            card = make(entry, f"{at} ({name})", name)
            code = code_of(name)
        if code in found:
            raise InputError(f"a second {section} card {code!r} in the file", at)
        found[code] = card
    return found


def parse_card_file(text: str, where: str) -> Tables:
    """The cards of a user's card file, as tables of their own (sections the file does
    not give are empty)."""
    data = toml_table(text, where)
    try:
        unknown = sorted(set(data) - set(SECTIONS) - {"note"})
        if unknown:
            raise InputError(f"unknown key {unknown[0]!r}; a card file's keys: "
                             f"{', '.join(SECTIONS)}, note", where)
        found = {section: _cards(data, section, where) for section in SECTIONS}
        if not any(found.values()):
            raise InputError("gives no card ([[warrior]], [[weapon]], [[equipment]] or "
                             "[[spell]] tables)", where)
    except InputError as error:
        raise located(error, text, where) from None
    return Tables(found["warrior"], found["weapon"], found["equipment"], found["spell"])
