"""Warbands, battle states and actions of Fantasy Fight Club, with their notation.

A warrior on the table is a :class:`Fighter`, written as one token::

    Ogre@F:10[Maul*,Javelins=3]{RoundShield,IronCap}
    Wizard@B:2[Staff*]<EmberDart*,StoneSkin>!+1

the warrior card, ``@`` its row (``F`` front, ``B`` back), ``:`` its hits
left (0 or less: killed), its weapons in ``[...]`` (``=N`` ammunition of a
thrown weapon, ``*`` the weapon in use, ``^`` a thrown weapon in use for
throwing), its armor-deck cards in ``{...}`` and its face-down spell cards in
``<...>`` (both left out when empty; ``*`` marks a bolt readied to be cast with
the ranged attacks, FF 7.3).  A ``!`` after them says the warrior has cast (or
readied) its one spell this turn (FF 7.4), and ``+N`` that a spell adds N to
its hit rolls until the turn ends (FF 7.2).  Names are written as one-word codes
(``LongSword`` for the Long Sword, see :func:`model.fantasy.tables.code_of`).

A battle position is a list of named sections (:func:`model.core.notation.read_sections`)::

    size 1 | turn 1 | step tactics | actor 0 | acts 0 | cursor 0 | segment - |
    a Orc@F:5[ShortSword] | b Goblin@F:4[Dagger=1] | cards 7 7 26 0 | queue - |
    pairs - | held -

``size`` is the number of warriors each side fields (10 by the rulebook,
fewer in ringside's skirmishes); ``cards`` the two hands, the fight deck and
its discard pile; ``queue`` the attacks still to come this phase, the first
being resolved; ``pairs`` the hand-to-hand pairings still to fight; ``held``
the warriors that take no part in picking this turn (back-stabbers who rolled).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from model.core.errors import InputError
from model.core.notation import checked_name, read_sections
from model.core.toml_lines import toml_table
from model.fantasy.tables import Tables, code_of

SIDES = ("A", "B")
ROWS = ("F", "B")
ROW_WORDS = {"F": "front", "B": "back"}
HAND_SIZE = 7
FIGHT_DECK = 40
"""ringside's fight deck size: the rulebook gives neither its cards nor their number."""
MAX_SIZE = 10
SECTIONS = ("size", "turn", "step", "actor", "acts", "cursor", "segment", "a", "b", "cards",
            "queue", "pairs", "held")
ACTION_KINDS = ("field", "set", "cast", "aim", "pick", "stab", "roll")


@dataclass(frozen=True, slots=True)
class Arm:
    """A weapon a warrior carries: its code, ammunition left (thrown weapons,
    ``None`` before the battle sets it or for other weapons) and its use this
    turn: ``""`` none, ``"*"`` wielded, ``"^"`` thrown."""

    code: str
    ammo: int | None = None
    use: str = ""

    def __str__(self) -> str:
        ammo = "" if self.ammo is None else f"={self.ammo}"
        return f"{self.code}{ammo}{self.use}"


@dataclass(frozen=True, slots=True)
class Fighter:
    """A warrior card on the table with its row, hits, weapons, armor-deck cards and spells."""

    card: str
    row: str
    hits: int
    arms: tuple[Arm, ...] = ()
    gear: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    readied: str = ""
    """The bolt readied this turn (FF 7.3): one of ``spells``, still held until cast."""
    cast: bool = False
    """Whether the warrior has cast or readied its one spell this turn (FF 7.4)."""
    boost: int = 0
    """What an aim spell adds to the warrior's hit rolls until the turn ends (FF 7.2)."""

    @property
    def alive(self) -> bool:
        return self.hits > 0

    def used(self) -> tuple[Arm, ...]:
        return tuple(arm for arm in self.arms if arm.use)

    def __str__(self) -> str:
        text = f"{self.card}@{self.row}:{self.hits}[{','.join(map(str, self.arms))}]"
        if self.gear:
            text += "{" + ",".join(self.gear) + "}"
        if self.spells:
            marked = list(self.spells)
            if self.readied in marked:
                marked[marked.index(self.readied)] += "*"
            text += "<" + ",".join(marked) + ">"
        if self.cast:
            text += "!"
        if self.boost:
            text += f"+{self.boost}"
        return text


_FIGHTER = re.compile(r"^([A-Za-z-]+)@([FB]):(-?\d+)\[([^\]]*)\](?:\{([^}]*)\})?(?:<([^>]*)>)?"
                      r"(!)?(?:\+(\d))?$")
_ARM = re.compile(r"^([A-Za-z]+)(?:=(\d+))?([*^]?)$")


def parse_fighter(text: str, tables: Tables, where: str) -> Fighter:
    """A fighter from its token (see the module's notation), its cards those of ``tables``.

    >>> from model.fantasy.tables import parse_equipment, parse_warriors, parse_weapons
    >>> tables = Tables(parse_warriors("Orc H +1 - - - 5 0"),
    ...                 parse_weapons("Short Sword - H +1 2 1\\nJavelins (3) +1 3T +1 - -"),
    ...                 parse_equipment('[[card]]\\nname = "Buckler"\\nkind = "shield"\\n'
    ...                                 'block = [6, 6]'), {})
    >>> parse_fighter("Orc@F:5[ShortSword*,Javelins=3]{Buckler}", tables, "a")
    ... # doctest: +NORMALIZE_WHITESPACE
    Fighter(card='Orc', row='F', hits=5, arms=(Arm(code='ShortSword', ammo=None, use='*'),
            Arm(code='Javelins', ammo=3, use='')), gear=('Buckler',), spells=(), readied='',
            cast=False, boost=0)
    """
    match = _FIGHTER.match(text)
    if not match:
        raise InputError(f"{text!r} is not a warrior like Orc@F:5[ShortSword*]{{Buckler}}",
                         where)
    card, row, hits, arms_text, gear_text, spell_text, cast, boost = match.groups()
    if card not in tables.warriors:
        raise InputError(f"{card!r} is not a warrior of the table", where)
    arms = []
    for piece in filter(None, arms_text.split(",")):
        arm = _ARM.match(piece)
        if not arm or arm.group(1) not in tables.weapons:
            raise InputError(f"{piece!r} is not a weapon code like LongSword or Knives=4*",
                             f"{where}: {card}")
        ammo = None if arm.group(2) is None else int(arm.group(2))
        arms.append(Arm(arm.group(1), ammo, arm.group(3)))
    gear = tuple(filter(None, (gear_text or "").split(",")))
    for code in gear:
        if code not in tables.equipment:
            raise InputError(f"{code!r} is not a card of the equipment set", f"{where}: {card}")
    marked = tuple(filter(None, (spell_text or "").split(",")))
    spell_cards = tuple(code.rstrip("*") for code in marked)
    for code in spell_cards:
        if code not in tables.spells:
            raise InputError(f"{code!r} is not a card of the spell set", f"{where}: {card}")
    readied = [code.rstrip("*") for code in marked if code.endswith("*")]
    if len(readied) > 1:
        raise InputError("a warrior readies at most one spell a turn (one * in <...>)",
                         f"{where}: {card}")
    if readied and tables.spells[readied[0]].in_tactics:
        raise InputError(f"{readied[0]} is cast in the tactics phase, not readied",
                         f"{where}: {card}")
    return Fighter(card, row, int(hits), tuple(arms), gear, spell_cards,
                   readied[0] if readied else "", bool(cast or readied), int(boost or 0))


def parse_band(tokens: Iterable[str], tables: Tables, where: str) -> tuple[Fighter, ...]:
    tokens = list(tokens)
    if tokens == ["-"]:
        return ()
    return tuple(parse_fighter(token, tables, f"{where} warrior {i + 1}")
                 for i, token in enumerate(tokens))


def band_text(band: Iterable[Fighter]) -> str:
    return " ".join(map(str, band)) or "-"


def _whole(text: str, where: str, low: int, high: int) -> int:
    if not text.isascii() or not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise InputError(f"{text!r} must be a whole number from {low} to {high}", where)
    return int(text)


@dataclass(frozen=True, slots=True)
class Setup:
    """Two warbands laid out for battle and the number of warriors each must field.

    ``size`` is 10 by the rulebook (FF 1.1); ringside's skirmishes field fewer,
    as its bounded starts for the explorer.  Written ``size N | a ... | b ...``.
    """

    size: int
    a: tuple[Fighter, ...]
    b: tuple[Fighter, ...]

    def __post_init__(self) -> None:
        if type(self.size) is not int or not 1 <= self.size <= MAX_SIZE:
            raise InputError(f"must be a whole number from 1 to {MAX_SIZE}, not {self.size!r}",
                             "size")
        for name, band in (("a", self.a), ("b", self.b)):
            if not isinstance(band, tuple) or not all(isinstance(f, Fighter) for f in band):
                raise InputError("must be a tuple of fighters", name)
            if not band or len(band) > 2 * MAX_SIZE:
                raise InputError(f"must field 1 to {2 * MAX_SIZE} warriors", name)

    def __str__(self) -> str:
        return f"size {self.size} | a {band_text(self.a)} | b {band_text(self.b)}"

    @classmethod
    def parse(cls, text: str, tables: Tables) -> "Setup":
        """A setup from its notation, its cards those of ``tables``."""
        parts = read_sections(text, ("size", "a", "b"))
        if len(parts["size"]) != 1:
            raise InputError("write one number after size", "size")
        size = _whole(parts["size"][0], "size", 1, MAX_SIZE)
        return cls(size, parse_band(parts["a"], tables, "a"),
                   parse_band(parts["b"], tables, "b"))


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack waiting or being resolved.

    ``kind`` is ``ranged``, ``stab`` (a back-stab), ``melee`` or ``spell`` (a readied
    bolt, FF 7.3); ``group``
    numbers the attacks made together (a killed warrior still makes an attack
    of the group it was alive at the start of); ``sure`` is 0 until the group
    starts, then 1 for an attacker alive at that moment, 2 for one that was
    not.  ``stage`` is the next thing to happen to it; ``target`` the index of
    the enemy attacked (-1 while not chosen), ``row`` the row it is chosen
    from, ``arm`` the weapon used and ``face`` the hit die kept for a rolled
    dodge (FF-A1).  Written ``A0.ranged.1.0.aim.-.-.2.0``.
    """

    side: int
    index: int
    kind: str
    group: int
    sure: int
    stage: str
    target: int = -1
    row: str = ""
    arm: int = 0
    face: int = 0

    def __str__(self) -> str:
        target = "-" if self.target < 0 else str(self.target)
        return (f"{SIDES[self.side]}{self.index}.{self.kind}.{self.group}.{self.sure}."
                f"{self.stage}.{target}.{self.row or '-'}.{self.arm}.{self.face}")


ATTACK_KINDS = ("ranged", "stab", "melee", "spell")
STAGES = ("aim", "target_roll", "stab", "stab_roll", "pick", "hit_roll", "dodge_roll",
          "shield_roll", "damage_roll")


def parse_attack(text: str, where: str) -> Attack:
    pieces = text.split(".")
    if len(pieces) != 9 or pieces[0][:1] not in SIDES:
        raise InputError(f"{text!r} is not an attack like A0.ranged.1.0.aim.-.-.0.0", where)
    side = SIDES.index(pieces[0][0])
    index = _whole(pieces[0][1:], where, 0, 2 * MAX_SIZE)
    kind, stage = pieces[1], pieces[4]
    if kind not in ATTACK_KINDS or stage not in STAGES:
        raise InputError(f"{text!r}: unknown attack kind or stage", where)
    target = -1 if pieces[5] == "-" else _whole(pieces[5], where, 0, 2 * MAX_SIZE)
    row = "" if pieces[6] == "-" else pieces[6]
    if row not in ("",) + ROWS:
        raise InputError(f"{text!r}: the row is F, B or -", where)
    return Attack(side, index, kind, _whole(pieces[2], where, 0, 10 ** 6),
                  _whole(pieces[3], where, 0, 2), stage, target, row,
                  _whole(pieces[7], where, 0, 50), _whole(pieces[8], where, 0, 6))


@dataclass(frozen=True, slots=True)
class Pair:
    """A hand-to-hand pairing: the side and index of the warrior who picked, the
    index of the enemy picked, and whether it doubles up (FF 5.4).
    Written ``A0-B1`` (``+`` after it when doubled)."""

    side: int
    picker: int
    picked: int
    doubled: bool = False

    def __str__(self) -> str:
        return (f"{SIDES[self.side]}{self.picker}-{SIDES[1 - self.side]}{self.picked}"
                f"{'+' if self.doubled else ''}")


def parse_pair(text: str, where: str) -> Pair:
    match = re.fullmatch(r"([AB])(\d+)-([AB])(\d+)(\+?)", text)
    if not match or match.group(1) == match.group(3):
        raise InputError(f"{text!r} is not a pairing like A0-B1", where)
    return Pair(SIDES.index(match.group(1)), int(match.group(2)), int(match.group(4)),
                bool(match.group(5)))


def _who(text: str, where: str) -> tuple[int, int]:
    match = re.fullmatch(r"([AB])(\d+)", text)
    if not match:
        raise InputError(f"{text!r} is not a warrior like A0 or B3", where)
    return SIDES.index(match.group(1)), int(match.group(2))


def who_text(side: int, index: int) -> str:
    return f"{SIDES[side]}{index}"


STEPS = ("field", "tactics", "aim", "target_roll", "stab", "stab_roll", "pick", "hit_roll",
         "dodge_roll", "shield_roll", "damage_roll", "order_roll", "pair", "first_strike",
         "over")
SEGMENTS = ("-", "ranged", "stabs", "pairing", "melee")


@dataclass(frozen=True, slots=True)
class State:
    """A battle position (see the module's notation)."""

    size: int
    turn: int
    step: str
    actor: int
    acts: int
    cursor: int
    segment: str
    sides: tuple[tuple[Fighter, ...], tuple[Fighter, ...]]
    cards: tuple[int, int, int, int]
    queue: tuple[Attack, ...] = ()
    pairs: tuple[Pair, ...] = ()
    held: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        return " | ".join((
            f"size {self.size}", f"turn {self.turn}", f"step {self.step}",
            f"actor {self.actor}", f"acts {self.acts}", f"cursor {self.cursor}",
            f"segment {self.segment}", f"a {band_text(self.sides[0])}",
            f"b {band_text(self.sides[1])}", "cards " + " ".join(map(str, self.cards)),
            "queue " + (" ".join(map(str, self.queue)) or "-"),
            "pairs " + (" ".join(map(str, self.pairs)) or "-"),
            "held " + (" ".join(who_text(*w) for w in self.held) or "-")))

    @classmethod
    def parse(cls, text: str, tables: Tables) -> "State":
        """A position from its notation, its cards those of ``tables``."""
        parts = read_sections(text, SECTIONS)

        def one(name: str) -> str:
            if len(parts[name]) != 1:
                raise InputError(f"write one value after {name}", name)
            return parts[name][0]

        step = one("step")
        if step not in STEPS:
            raise InputError(f"{step!r} is not a step ({', '.join(STEPS)})", "step")
        segment = one("segment")
        if segment not in SEGMENTS:
            raise InputError(f"{segment!r} is not a segment ({', '.join(SEGMENTS)})", "segment")
        cards = parts["cards"]
        if len(cards) != 4:
            raise InputError("write the two hands, the deck and the discard pile", "cards")
        listed = lambda name: [] if parts[name] == ["-"] else parts[name]  # noqa: E731
        return cls(
            _whole(one("size"), "size", 1, MAX_SIZE), _whole(one("turn"), "turn", 0, 1000),
            step, _whole(one("actor"), "actor", 0, 1), _whole(one("acts"), "acts", 0, 10 ** 6),
            _whole(one("cursor"), "cursor", 0, 2 * MAX_SIZE), segment,
            (parse_band(parts["a"], tables, "a"), parse_band(parts["b"], tables, "b")),
            tuple(_whole(c, "cards", 0, 10 ** 4) for c in cards),  # type: ignore[arg-type]
            tuple(parse_attack(t, "queue") for t in listed("queue")),
            tuple(parse_pair(t, "pairs") for t in listed("pairs")),
            tuple(_who(t, "held") for t in listed("held")))

    def fighter(self, side: int, index: int) -> Fighter:
        return self.sides[side][index]

    def with_fighter(self, side: int, index: int, fighter: Fighter) -> "State":
        band = list(self.sides[side])
        band[index] = fighter
        sides = list(self.sides)
        sides[side] = tuple(band)
        return replace(self, sides=tuple(sides))  # type: ignore[arg-type]

    def living(self, side: int, row: str | None = None) -> list[int]:
        return [i for i, f in enumerate(self.sides[side])
                if f.alive and (row is None or f.row == row)]


@dataclass(frozen=True, slots=True)
class Move:
    """An action: ``field`` (a side lays out its warband), ``set`` (a warrior's row and
    weapon for the turn), ``cast`` (a caster, before it sets, casts a tactics spell
    ``word`` on the friendly warrior ``target``, or readies a bolt ``word``), ``aim`` (attack the front row, or roll for the target),
    ``pick`` (a target or opponent; ``pick none``: a warrior that may double up stays
    out, FF-A19), ``stab`` (a back-stabber rolls or holds) or
    ``roll`` (a die, chance's action).

    >>> str(Move("set", who=(0, 1), row="F", uses=("LongSword", "Dagger"))), str(Move("roll", value=4))
    ('set A1 F LongSword+Dagger', 'roll 4')
    """

    kind: str
    who: tuple[int, int] = (0, 0)
    row: str = ""
    uses: tuple[str, ...] = ()
    value: int = 0
    word: str = ""
    target: tuple[int, int] | None = None

    def __str__(self) -> str:
        if self.kind == "cast":
            aim = "" if self.target is None else " " + who_text(*self.target)
            return f"cast {who_text(*self.who)} {self.word}{aim}"
        if self.kind == "field":
            return f"field {SIDES[self.who[0]]}"
        if self.kind == "set":
            return f"set {who_text(*self.who)} {self.row} {'+'.join(self.uses) or '-'}"
        if self.kind in ("aim", "stab"):
            return f"{self.kind} {self.word}"
        if self.kind == "pick":
            return "pick none" if self.word == "none" else f"pick {who_text(*self.who)}"
        return f"roll {self.value}"

    @classmethod
    def parse(cls, text: str) -> "Move":
        words = text.split() if isinstance(text, str) else []
        if not words:
            raise InputError(f"{text!r} is not an action; actions: field A, set A0 F Maul, "
                             "cast A0 StoneSkin A1, aim front, aim roll, pick B1, stab roll, "
                             "stab hold, roll 4")
        kind = words[0]
        if kind == "field" and len(words) == 2 and words[1] in SIDES:
            return cls("field", (SIDES.index(words[1]), 0))
        if kind == "set" and len(words) == 4 and words[2] in ROWS:
            uses = () if words[3] == "-" else tuple(words[3].split("+"))
            if not all(re.fullmatch(r"[A-Za-z]+\^?", u) for u in uses):
                raise InputError(f"{text!r}: weapons in use are codes joined by +, a ^ after "
                                 "a thrown one")
            return cls("set", _who(words[1], "action"), words[2], uses)
        if kind == "cast" and len(words) in (3, 4) and re.fullmatch(r"[A-Za-z]+", words[2]):
            target = _who(words[3], "action") if len(words) == 4 else None
            return cls("cast", _who(words[1], "action"), word=words[2], target=target)
        if kind == "aim" and len(words) == 2 and words[1] in ("front", "roll"):
            return cls("aim", word=words[1])
        if kind == "stab" and len(words) == 2 and words[1] in ("roll", "hold"):
            return cls("stab", word=words[1])
        if kind == "pick" and words[1:] == ["none"]:
            return cls("pick", word="none")
        if kind == "pick" and len(words) == 2:
            return cls("pick", _who(words[1], "action"))
        if kind == "roll" and len(words) == 2 and words[1] in "123456" and len(words[1]) == 1:
            return cls("roll", value=int(words[1]))
        raise InputError(f"{text!r} is not an action; actions: field A, set A0 F Maul, "
                         "cast A0 StoneSkin A1, aim front, aim roll, pick B1, pick none, "
                         "stab roll, stab hold, roll 4")


HIDDEN_SPELL = "?"
"""How a face-down spell card of the other side is written in a view (FF 1.10)."""


@dataclass(frozen=True, slots=True)
class View:
    """What one side sees of a battle position: everything but the other side's face-down
    spell cards, each written ``?`` (a readied bolt is shown: it is declared in the
    tactics phase and joins the ranged attacks by its range).  The fight cards are
    counted only (FF-A16), so the hands are their sizes, which both sides see."""

    player: int
    seen: State

    def __str__(self) -> str:
        return f"side {SIDES[self.player]} sees | {self.seen}"


# -- warband files (ringside's schema) -------------------------------------------------------
_WARBAND_KEYS = {"name", "ours", "note", "warrior"}
_ENTRY_KEYS = {"card", "row", "weapons", "gear", "spells"}


@dataclass(frozen=True, slots=True)
class Warband:
    """A warband read from a file: its name and its warriors as laid out."""

    name: str
    fighters: tuple[Fighter, ...]


def parse_warband(text: str, tables: Tables, where: str) -> Warband:
    """A warband from TOML: ``name`` and ``[[warrior]]`` tables with ``card`` (a
    warrior of the table), ``row`` (``front`` or ``back``), ``weapons`` (names of the
    weapon table), ``gear`` (cards of the equipment set) and ``spells`` (cards of the
    spell set), all of ``tables``.  Schema errors name the file, the warrior and the
    field; breaking a rule of the game is not a schema error (see
    :func:`model.fantasy.recruit.violations`).

    >>> from model.fantasy.tables import parse_warriors, parse_weapons
    >>> tables = Tables(parse_warriors("Orc H +1 - - - 5 0"),
    ...                 parse_weapons("Long Sword +1 H - 3 1"), {}, {})
    >>> band = parse_warband('name = "x"\\n[[warrior]]\\ncard = "Orc"\\nrow = "front"\\n'
    ...                      'weapons = ["Long Sword"]', tables, "x.toml")
    >>> band.fighters
    (Fighter(card='Orc', row='F', hits=5, arms=(Arm(code='LongSword', ammo=None, use=''),), gear=(), spells=(), readied='', cast=False, boost=0),)
    >>> parse_warband('[[warrior]]\\ncard = "Orc"\\nrow = "middle"', tables, "x.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: x.toml: warrior 1 (Orc): row: must be "front" or "back", not 'middle'
    """
    data = toml_table(text, where)
    unknown = set(data) - _WARBAND_KEYS
    if unknown:
        raise InputError(f"unknown key {sorted(unknown)[0]!r}; keys: name, warrior", where)
    name = data.get("name", "")
    if not isinstance(name, str):
        raise InputError(f"must be a text, not {name!r}", f"{where}: name")
    if name:
        checked_name(name, "name", where)
    entries = data.get("warrior")
    if not isinstance(entries, list) or not entries:
        raise InputError("needs [[warrior]] entries", where)
    if len(entries) > 2 * MAX_SIZE:
        raise InputError(f"lists {len(entries)} warriors; ringside reads at most "
                         f"{2 * MAX_SIZE}", where)
    fighters = []
    for number, entry in enumerate(entries, 1):
        at = f"{where}: warrior {number}"
        if not isinstance(entry, dict):
            raise InputError("must be a table", at)
        card = entry.get("card")
        if not isinstance(card, str) or card not in tables.warriors:
            raise InputError(f"{card!r} is not a warrior of the table", f"{at}: card")
        at = f"{at} ({card})"
        extra = set(entry) - _ENTRY_KEYS
        if extra:
            raise InputError(f"unknown field {sorted(extra)[0]!r}; fields: "
                             f"{', '.join(sorted(_ENTRY_KEYS))}", at)
        row = entry.get("row")
        if row not in ("front", "back"):
            raise InputError(f'must be "front" or "back", not {row!r}', f"{at}: row")
        lists = {}
        for field in ("weapons", "gear", "spells"):
            value = entry.get(field, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise InputError(f"must be a list of names, not {value!r}", f"{at}: {field}")
            lists[field] = value
        arms = tuple(Arm(tables.weapon_named(n, f"{at}: weapons").code)
                     for n in lists["weapons"])
        gear = tuple(tables.equipment_named(n, f"{at}: gear").code for n in lists["gear"])
        spell_cards = []
        for spell in lists["spells"]:
            if code_of(spell) not in tables.spells:
                raise InputError(f"{spell!r} is not a card of the spell set", f"{at}: spells")
            spell_cards.append(code_of(spell))
        fighters.append(Fighter(card, "F" if row == "front" else "B", tables.warriors[card].hits,
                                arms, gear, tuple(spell_cards)))
    return Warband(name, tuple(fighters))


def warband_setup(a: Warband, b: Warband, size: int | None = None) -> Setup:
    """The setup of a battle between two warbands (size: the larger's count, at most 10)."""
    return Setup(size or min(MAX_SIZE, max(len(a.fighters), len(b.fighters))),
                   a.fighters, b.fighters)
