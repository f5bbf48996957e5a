"""The card tables of Fantasy Fight Club parsed from text: the two it prints, and the rest.

The warrior deck (20 warriors) and the weapon cards (28 weapons) are printed
in the rulebook; ringside keeps their rows as printed (``warriors.txt`` and
``weapons.txt``, read by ``analysis.fantasy.loading``), and
:func:`parse_warriors` / :func:`parse_weapons` read every column of that
text: signed modifiers (``+4``, ``-2``, ``-`` for none), the range (``H``
hand to hand, ``4`` ranged, ``1T`` thrown), the brackets after a name
(``(2-H)`` two-handed, ``(4)`` a number), reach and parry, and the notes
(``Reach +2``, ``Back-Stab``, ``Damage +2 with Bow``, ``May use 2 HTH wpns``).

Shields, helmets, armor and spells are named by the rulebook but their cards
are not given.  They are data in a schema of ringside's own (TOML, one entry
per card, validated by :func:`parse_equipment` and :func:`parse_spells`), and
ringside ships a small EXAMPLE set of its own (``equipment-example.toml``,
``spells-example.toml``), marked as ours and not the publisher's.

A game is given the four as one value, :class:`Tables`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from model.core.errors import InputError
from model.core.notation import checked_name
from model.core.toml_lines import toml_table

WARRIORS_FILE = "warriors.txt"
WEAPONS_FILE = "weapons.txt"
EQUIPMENT_FILE = "equipment-example.toml"
SPELLS_FILE = "spells-example.toml"
RACES = {"H": "Humanoid", "M": "Human"}
BOW_WORD = "Bow"
CROSSBOW_WORD = "Crossbow"


def code_of(name: str) -> str:
    """The one-word code a name is written as in positions: ``Long Sword`` -> ``LongSword``.

    >>> code_of("Light Crossbow"), code_of("Round Shield")
    ('LightCrossbow', 'RoundShield')
    """
    return "".join(word[:1].upper() + word[1:] for word in re.split(r"[\s\-]+", name.strip())
                   if word)


@dataclass(frozen=True, slots=True)
class Warrior:
    """One card of the warrior deck: the columns as numbers, the notes read.

    ``reach_bonus`` comes from a ``Reach +n`` note, ``bow_bonus`` from
    ``Damage +n with Bow``; ``backstab`` and ``two_weapons`` from
    ``Back-Stab`` and ``May use 2 HTH wpns``.
    """

    name: str
    race: str
    damage: int
    speed: int
    skill: int
    dodge: int
    hits: int
    spells: int
    notes: tuple[str, ...] = ()
    reach_bonus: int = 0
    bow_bonus: int = 0
    backstab: bool = False
    two_weapons: bool = False

    @property
    def spellcaster(self) -> bool:
        return self.spells > 0


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon card.

    ``range`` is ``None`` for a hand-to-hand weapon (``H``), else the range
    score; ``thrown`` marks a ``T`` range (a weapon that may be thrown or used
    hand to hand).  ``reach`` is ``None`` where the table prints ``-``.
    ``bracket`` is the number in brackets after the name (``Knives (4)``),
    ``None`` when there is none; what it means is an open point (FF-A4).
    ``two_handed`` is the printed ``(2-H)``.
    """

    name: str
    code: str
    damage: int
    range: int | None
    thrown: bool
    speed: int
    reach: int | None
    parry: int
    two_handed: bool
    bracket: int | None

    @property
    def hand_to_hand(self) -> bool:
        """Usable hand to hand: an ``H`` weapon or a thrown one."""
        return self.range is None or self.thrown

    @property
    def shoots(self) -> bool:
        """A ranged weapon that is never used hand to hand (bows, crossbows)."""
        return self.range is not None and not self.thrown

    def is_bow(self, crossbows_are_bows: bool) -> bool:
        """Whether a ``Damage +n with Bow`` note applies to it (FF 6.3, FF-A9)."""
        if CROSSBOW_WORD in self.name:
            return crossbows_are_bows
        return BOW_WORD in self.name


@dataclass(frozen=True, slots=True)
class Equipment:
    """One armor-deck card of the equipment data: a shield, helmet or armor.

    ``kind`` is ``shield``, ``helmet``, ``full`` (a full suit) or ``partial``
    (one piece); ``bonus`` the armor bonus (shields have none); ``block`` the
    shield's blocking range, the lowest and highest die faces that block.
    """

    name: str
    code: str
    kind: str
    bonus: int = 0
    block: tuple[int, int] | None = None

    def blocks(self, face: int) -> bool:
        return self.block is not None and self.block[0] <= face <= self.block[1]


SPELL_EFFECTS = ("heal", "aim", "bolt")
"""What a spell card can do (FF 7.1): ``heal`` gives a friendly warrior back up to
``amount`` hits (never above its card's), ``aim`` adds ``amount`` to a friendly
warrior's hit rolls for the rest of the turn (both cast in the tactics phase),
``bolt`` takes ``amount`` hits off an enemy at ``range`` (cast with the ranged
attacks, in order of range)."""


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell card of the spell data: a name, how many copies the deck holds, a text,
    and its effect (FF 7.1): one of :data:`SPELL_EFFECTS`, its amount and, for a bolt,
    its range (0 otherwise)."""

    name: str
    code: str
    copies: int
    text: str
    effect: str = "heal"
    amount: int = 1
    range: int = 0

    @property
    def in_tactics(self) -> bool:
        """Cast in the tactics phase (FF 7.2), rather than with the ranged attacks (FF 7.3)."""
        return self.effect != "bolt"


EQUIPMENT_KINDS = ("shield", "helmet", "full", "partial")

_MOD = re.compile(r"^([+-]\d+|-)$")
_NOTE_REACH = re.compile(r"^Reach ([+-]\d+)$")
_NOTE_BOW = re.compile(r"^Damage ([+-]\d+) with Bow$")
_BRACKET = re.compile(r"^(.*?)\s*\((\d+|2-H)\)$")


MAX_MODIFIER, MAX_COUNT = 20, 99
"""The largest modifier (``+20``, ``-20``) and count (hits, spells, reach, parry, a range)
a row may print: the printed tables stay within +4 and 10."""


def _modifier(token: str, where: str, field: str) -> int:
    # Too long a token is refused before int(), which will not read 4,300 digits.
    if not _MOD.match(token) or len(token) > 4 or (token != "-"
                                                   and abs(int(token)) > MAX_MODIFIER):
        raise InputError(f"{token[:20]!r} is not a modifier like +2, -1 or - (from "
                         f"-{MAX_MODIFIER} to +{MAX_MODIFIER})", f"{where}: {field}")
    return 0 if token == "-" else int(token)


def _count(token: str, where: str, field: str) -> int:
    if not token.isascii() or not token.isdigit() or len(token) > 4 \
            or int(token) > MAX_COUNT:
        raise InputError(f"{token[:20]!r} is not a whole number from 0 to {MAX_COUNT}",
                         f"{where}: {field}")
    return int(token)


def _lines(text: str) -> list[tuple[int, str]]:
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")]


def parse_warriors(text: str, where: str = WARRIORS_FILE) -> dict[str, Warrior]:
    """The warrior table from its printed rows, by name.

    >>> parse_warriors("Ogre H +4 -2 - -2 10 0 Reach +2")["Ogre"].dodge
    -2
    >>> parse_warriors("Ogre X +4 -2 - -2 10 0")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: warriors.txt, line 1 (Ogre): race: 'X' is not H or M
    """
    found: dict[str, Warrior] = {}
    for number, line in _lines(text):
        tokens = line.split()
        name = tokens[0]
        at = f"{where}, line {number} ({name})"
        if len(tokens) < 8:
            raise InputError("a warrior row has Name Race Dam Speed Skill Dodge Hits Spells "
                             "and notes", at)
        if tokens[1] not in RACES:
            raise InputError(f"{tokens[1]!r} is not H or M", f"{at}: race")
        notes_text = " ".join(tokens[8:])
        fields: dict[str, Any] = {}
        notes: tuple[str, ...] = (notes_text,) if notes_text else ()
        for note in notes:
            if note == "Back-Stab":
                fields["backstab"] = True
            elif note == "May use 2 HTH wpns":
                fields["two_weapons"] = True
            elif _NOTE_REACH.match(note):
                fields["reach_bonus"] = _modifier(_NOTE_REACH.match(note).group(1), at, "notes")
            elif _NOTE_BOW.match(note):
                fields["bow_bonus"] = _modifier(_NOTE_BOW.match(note).group(1), at, "notes")
            else:
                raise InputError(f"{note!r} is not a note ringside reads", f"{at}: notes")
        if name in found:
            raise InputError("the warrior is listed twice", at)
        found[name] = Warrior(
            name, RACES[tokens[1]], _modifier(tokens[2], at, "dam"),
            _modifier(tokens[3], at, "speed"), _modifier(tokens[4], at, "skill"),
            _modifier(tokens[5], at, "dodge"), _count(tokens[6], at, "hits"),
            _count(tokens[7], at, "spells"), notes, **fields)
    if not found:
        raise InputError("holds no warrior", where)
    return found


def parse_weapons(text: str, where: str = WEAPONS_FILE) -> dict[str, Weapon]:
    """The weapon table from its printed rows, by code.

    >>> parse_weapons("Javelins (3) +1 3T +1 - -")["Javelins"]  # doctest: +NORMALIZE_WHITESPACE
    Weapon(name='Javelins', code='Javelins', damage=1, range=3, thrown=True, speed=1,
           reach=None, parry=0, two_handed=False, bracket=3)
    >>> parse_weapons("Club - Q +1 2 1")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: weapons.txt, line 1 (Club): range: 'Q' is not H, a range like 4 or a thrown range like 1T
    """
    found: dict[str, Weapon] = {}
    for number, line in _lines(text):
        tokens = line.split()
        if len(tokens) < 6:
            raise InputError("a weapon row has a name and Dam Range Speed Reach Parry",
                             f"{where}, line {number}")
        label = " ".join(tokens[:-5])
        dam, rng, speed, reach, parry = tokens[-5:]
        bracket: int | None = None
        two_handed = False
        match = _BRACKET.match(label)
        name = label
        if match:
            name = match.group(1)
            if match.group(2) == "2-H":
                two_handed = True
            else:
                bracket = _count(match.group(2), f"{where}, line {number}", "bracket")
        at = f"{where}, line {number} ({name})"
        if rng == "H":
            range_, thrown = None, False
        elif re.fullmatch(r"\d+T?", rng):
            range_, thrown = _count(rng.rstrip("T"), at, "range"), rng.endswith("T")
        else:
            raise InputError(f"{rng!r} is not H, a range like 4 or a thrown range like 1T",
                             f"{at}: range")
        code = code_of(name)
        if code in found:
            raise InputError("the weapon is listed twice", at)
        found[code] = Weapon(
            name, code, _modifier(dam, at, "dam"), range_, thrown,
            _modifier(speed, at, "speed"),
            None if reach == "-" else _count(reach, at, "reach"),
            0 if parry == "-" else _count(parry, at, "parry"), two_handed, bracket)
    if not found:
        raise InputError("holds no weapon", where)
    return found


def _entry_text(entry: Mapping[str, Any], field: str, where: str) -> str:
    value = entry.get(field)
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"must be a non-empty text, not {value!r}", f"{where}: {field}")
    if field == "name":
        checked_name(value.strip(), field, where)
    return value.strip()


def _entry_int(entry: Mapping[str, Any], field: str, where: str, low: int, high: int) -> int:
    value = entry.get(field)
    if type(value) is not int or not low <= value <= high:
        raise InputError(f"must be a whole number from {low} to {high}, not {value!r}",
                         f"{where}: {field}")
    return value


def _load_toml(text: str, where: str) -> dict:
    return toml_table(text, where)


def _card_tables(text: str, where: str):
    """The ``[[card]]`` tables of a card file (keys ``card``, ``note``, ``ours``), each
    with where it stands (``file: card N (name)``) and its name."""
    data = _load_toml(text, where)
    unknown = set(data) - {"card", "note", "ours"}
    if unknown:
        raise InputError(f"unknown key {sorted(unknown)[0]!r}; the keys are card, note, ours",
                         where)
    cards = data.get("card")
    if not isinstance(cards, list) or not cards:
        raise InputError("needs [[card]] entries", where)
    for index, entry in enumerate(cards, 1):
        at = f"{where}: card {index}"
        if not isinstance(entry, dict):
            raise InputError("must be a table", at)
        name = _entry_text(entry, "name", at)
        yield entry, f"{at} ({name})", name


def parse_equipment(text: str, where: str = EQUIPMENT_FILE) -> dict[str, Equipment]:
    """Equipment cards from TOML: ``[[card]]`` tables with ``name``, ``kind``
    (shield, helmet, full, partial), ``bonus`` (0 to 6, not for shields) and,
    for shields only, ``block = [low, high]`` (die faces 1 to 6).

    >>> parse_equipment('[[card]]\\nname = "Buckler"\\nkind = "shield"\\nblock = [6, 6]')
    {'Buckler': Equipment(name='Buckler', code='Buckler', kind='shield', bonus=0, block=(6, 6))}
    >>> parse_equipment('[[card]]\\nname = "Cap"\\nkind = "hat"')
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: equipment-example.toml: card 1 (Cap): kind: must be shield, helmet, full or partial, not 'hat'
    """
    found: dict[str, Equipment] = {}
    for entry, at, name in _card_tables(text, where):
        card = equipment_card(entry, at, name)
        if card.code in found:
            raise InputError("the name is used twice", at)
        found[card.code] = card
    return found


def equipment_card(entry: Mapping[str, Any], at: str, name: str) -> Equipment:
    """One equipment card's table (see :func:`parse_equipment`); ``at`` names it."""
    extra = set(entry) - {"name", "kind", "bonus", "block"}
    if extra:
        raise InputError(f"unknown field {sorted(extra)[0]!r}", at)
    kind = entry.get("kind")
    if kind not in EQUIPMENT_KINDS:
        raise InputError(f"must be shield, helmet, full or partial, not {kind!r}",
                         f"{at}: kind")
    block = None
    bonus = 0
    if kind == "shield":
        raw = entry.get("block")
        if (not isinstance(raw, list) or len(raw) != 2
                or not all(type(v) is int and 1 <= v <= 6 for v in raw) or raw[0] > raw[1]):
            raise InputError(f"must be [low, high] with die faces 1 to 6, not {raw!r}",
                             f"{at}: block")
        if "bonus" in entry:
            raise InputError("a shield blocks; it has no armor bonus", f"{at}: bonus")
        block = (raw[0], raw[1])
    else:
        if "block" in entry:
            raise InputError("only a shield has a blocking range", f"{at}: block")
        bonus = _entry_int(entry, "bonus", at, 0, 6)
    return Equipment(name, code_of(name), kind, bonus, block)


def parse_spells(text: str, where: str = SPELLS_FILE) -> dict[str, Spell]:
    """Spell cards from TOML: ``[[card]]`` tables with ``name``, ``copies`` (1 to 20),
    ``text``, ``effect`` (heal, aim or bolt), ``amount`` (1 to 6) and, for a bolt only,
    ``range`` (1 to 20)."""
    found: dict[str, Spell] = {}
    for entry, at, name in _card_tables(text, where):
        if code_of(name) in found:
            raise InputError("the name is used twice", at)
        card = spell_card(entry, at, name)
        found[card.code] = card
    return found


def spell_card(entry: Mapping[str, Any], at: str, name: str) -> Spell:
    """One spell card's table (see :func:`parse_spells`); ``at`` names it."""
    extra = set(entry) - {"name", "copies", "text", "effect", "amount", "range"}
    if extra:
        raise InputError(f"unknown field {sorted(extra)[0]!r}; fields: name, copies, "
                         "text, effect, amount, range", at)
    copies = _entry_int(entry, "copies", at, 1, 20)
    text = _entry_text(entry, "text", at)
    effect = entry.get("effect")
    if effect not in SPELL_EFFECTS:
        raise InputError(f"must be one of {', '.join(SPELL_EFFECTS)}, not {effect!r}",
                         f"{at}: effect")
    amount = _entry_int(entry, "amount", at, 1, 6)
    if effect == "bolt":
        reach = _entry_int(entry, "range", at, 1, 20)
    elif "range" in entry:
        raise InputError(f"only a bolt has a range; a {effect} spell is cast in the "
                         "tactics phase", f"{at}: range")
    else:
        reach = 0
    return Spell(name, code_of(name), copies, text, effect, amount, reach)


@dataclass(frozen=True, eq=False)
class Tables:
    """The card tables a battle is played with: the warrior table by name, the weapon
    table, the equipment set and the spell set by code (``LongSword``), each copied
    when the tables are made.

    >>> tables = Tables(parse_warriors("Orc H +1 - - - 5 0"),
    ...                 parse_weapons("Long Sword +1 H - 3 1"), {}, {})
    >>> tables.weapon_named("Long Sword", "weapon").code, tables.warrior_named("Orc", "card").hits
    ('LongSword', 5)
    """

    warriors: Mapping[str, Warrior]
    weapons: Mapping[str, Weapon]
    equipment: Mapping[str, Equipment]
    spells: Mapping[str, Spell]

    def __post_init__(self) -> None:
        for name in ("warriors", "weapons", "equipment", "spells"):
            object.__setattr__(self, name, dict(getattr(self, name)))

    def weapon_named(self, text: str, where: str) -> Weapon:
        """A weapon by its code or its printed name (``Long Sword``, ``LongSword``)."""
        code = code_of(_BRACKET.sub(r"\1", text.strip()) if _BRACKET.match(text.strip())
                       else text)
        if code not in self.weapons:
            raise InputError(f"{text!r} is not a weapon of the table", where)
        return self.weapons[code]

    def equipment_named(self, text: str, where: str) -> Equipment:
        code = code_of(text)
        if code not in self.equipment:
            raise InputError(f"{text!r} is not a card of the equipment set "
                             f"({', '.join(sorted(self.equipment))})", where)
        return self.equipment[code]

    def warrior_named(self, text: str, where: str) -> Warrior:
        if text not in self.warriors:
            raise InputError(f"{text!r} is not a warrior of the table", where)
        return self.warriors[text]
