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
    """The battle with the shipped tables and the cards of a user's files; its example
    setups (and so the explorer's starts) are first the shipped skirmishes with the
    user's cards put in (:func:`featured_skirmishes`), then the shipped ones."""
    tables = tables_with(files)
    shipped = shipped_tables()
    added = {attribute: [code for code in getattr(tables, attribute)
                         if code not in getattr(shipped, attribute)]
             for _, attribute in _TABLES}
    featured, placed = featured_skirmishes(tables, GAME.skirmishes, added)
    return FantasyFightClub(tables, featured + GAME.skirmishes, featured=placed)


def featured_skirmishes(tables: Tables, skirmishes: Sequence[str],
                        added: dict[str, list[str]]
                        ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each of ``skirmishes`` with cards of ``added`` (codes by table: ``warriors``,
    ``weapons``, ``equipment``, ``spells``) put in: the k-th skirmish's side (a, then b,
    in turn) has its first warrior become the k-th added warrior, its first weapon the
    k-th added weapon, an added armor-deck card take the place of its card of the same
    kind (or join its gear) and an added spell that of the side's first spell.  Each
    change is kept only if the side still keeps every recruit rule
    (:func:`model.fantasy.recruit.violations`), so a start never begins against the
    rules; a skirmish that takes none of the cards is left out.  Returns the
    skirmishes and the codes of the cards they hold."""
    import dataclasses

    from model.fantasy.recruit import violations
    from model.fantasy.state import Arm, Setup

    def pick(table: str, index: int) -> str | None:
        codes = added.get(table) or []
        return codes[index % len(codes)] if codes else None

    found: list[str] = []
    placed: dict[str, None] = {}
    for index, text in enumerate(skirmishes):
        setup = Setup.parse(text, tables)
        band = list(setup.a if index % 2 == 0 else setup.b)

        def tried(code: str, place: int, **changes) -> bool:
            candidate = band[:place] + [dataclasses.replace(band[place], **changes)] \
                + band[place + 1:]
            if violations(tables, candidate, len(candidate)):
                return False
            band[place] = candidate[place]
            placed[code] = None
            return True

        changed = False
        warrior = pick("warriors", index)
        if warrior is not None:
            changed |= tried(warrior, 0, card=warrior, hits=tables.warriors[warrior].hits)
        weapon = pick("weapons", index)
        if weapon is not None:
            arms = band[0].arms
            changed |= (tried(weapon, 0, arms=(Arm(weapon),) + arms[1:]) if arms
                        else False) or tried(weapon, 0, arms=(Arm(weapon),))
        gear = pick("equipment", index)
        if gear is not None:
            kind = tables.equipment[gear].kind
            kept = tuple(code for code in band[0].gear if tables.equipment[code].kind != kind)
            changed |= tried(gear, 0, gear=kept + (gear,))
        spell = pick("spells", index)
        if spell is not None:
            caster = next((place for place, f in enumerate(band) if f.spells), 0)
            changed |= tried(spell, caster, spells=(spell,) + band[caster].spells[1:])
        if changed:
            a, b = (tuple(band), setup.b) if index % 2 == 0 else (setup.a, tuple(band))
            found.append(str(Setup(setup.size, a, b)))
    return tuple(found), tuple(placed)
