"""Fight Klub cards as data: the schema, and parsers for ONE's list and facts and the synthetic set.

A card has a number, a name, a rarity letter and a type (FK 1.1); what else it
carries depends on the type: a character's life, hand, hold, first setup
energy, latent energy, attributes and centre skirmish bonus icons (FK 1.2); a
fight card's sides (three skirmish tabs, or clash gametext), gold icon,
damage markers and energy rewards (FK 1.3 to FK 1.6); the tabs an effect or a
gear lays on a fight card (FK 1.8, FK 1.9); an instant's phase keyword (FK
1.10); a universal card's latent energy (FK 1.11).  Costs use the energy
notation of :func:`model.fightklub.energy.parse_cost`; abilities are small
data-described steps (:data:`STEP_KINDS`), so a new kind of step is a new
table row, not new engine code.

Two card sources:

* **ONE**, the foundation set.  Its public list (a TSV text, :func:`parse_one_list`)
  gives number, rarity and name only; the known facts (:func:`parse_one_facts`) add what the
  rulebook itself states about some cards, each fact with its section.  All
  the rest is :class:`Unknown` -- explicitly, so a check can say what it
  cannot check and why, and never guesses.
* **SYN**, ringside's own invented cards (:func:`parse_synthetic_set`), numbered
  ``S901`` and up so they can never be taken for cards of ONE.  They exercise
  every mechanism and are fully known.

This module parses texts; :mod:`analysis.fightklub.loading` reads the shipped
files and hands the game its card table as a value.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from model.core.errors import InputError
from model.core.notation import MAX_NAME, MAX_TEXT, checked_name
from model.core.toml_lines import dotted_path, line_of, toml_table
from model.fightklub.energy import parse_cost, parse_pool

# -- vocabulary --------------------------------------------------------------------------------
CARD_TYPES = ("character", "condition", "effect", "gear", "fight", "instant", "universal")
"""The seven card types (FK 1.1)."""
DRAW_STACK_TYPES = frozenset({"condition", "effect", "gear", "instant"})
"""The types a draw stack may hold (FK 2.4)."""
RARITIES = {"R": "rare", "U": "uncommon", "C": "common"}
AFFILIATIONS = ("hero", "villain")
UNIVERSAL = "universal"
"""A universal card's affiliation: it has both card backs and suits either deck (FK 1.11)."""
PHASE_WORDS = ("first setup", "setup", "enhance", "score", "cooldown")
"""The bolded phase words that open an ability line (FK 1.13)."""
INSTANT_PHASES = ("setup", "enhance", "score", "cooldown")
"""An instant's phase keyword (FK 1.10)."""
BONUS_COLOURS = {"orange": "Mental", "purple": "Spiritual", "red": "Physical"}
"""Centre skirmish bonus icon colours and the skirmish each belongs to (FK 1.2)."""
FIGHT_KINDS = ("power", "clash", "rotatable")
TAB_POSITIONS = ("left", "centre", "right")
GEAR_AFTER_FIGHT = ("return", "destroy")
CLASH_MEASURES = ("cards in hand", "energy in pool", "damage taken", "conditions in play",
                  "gear in play", "life left")
"""What clash gametext may compare to pick a fight's winner; a new measure is a new entry."""
THE_DROP = "The Drop"
ONE_SET, SYNTHETIC_SET = "ONE", "SYN"


@dataclass(frozen=True, slots=True)
class Unknown:
    """A fact the public sources do not give.  Never a guess: checks that need it
    report that they cannot decide.

    >>> Unknown("life"), Unknown("life") == Unknown("life")
    (Unknown('life'), True)
    """

    field: str

    def __repr__(self) -> str:
        return f"Unknown({self.field!r})"


def is_known(value: Any) -> bool:
    return not isinstance(value, Unknown)


# -- parts of a card ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Step:
    """One data-described thing an ability does or demands: ``do`` names a row of
    :data:`STEP_KINDS`, ``params`` its settings as sorted (name, value) pairs.

    >>> Step("draw", (("count", 2), ("who", "you"))).param("count")
    2
    """

    do: str
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, name: str) -> Any:
        return dict(self.params)[name]


@dataclass(frozen=True, slots=True)
class Ability:
    """A line of gametext: when (``phase``, a bolded phase word, or ``None`` for
    text that is not a phase action, like a clash rule or a result tab), what it
    costs (an energy ``cost`` in the cost notation, parsed by the energy model,
    and ``extra_costs`` such as discarding cards), and what it does (``steps``)
    (FK 1.13)."""

    phase: str | None
    steps: tuple[Step, ...]
    cost: Any = None
    cost_text: str = ""
    extra_costs: tuple[Step, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class SkirmishTab:
    """A skirmish tab of a power card: its label and value, and a result tab's
    steps (done when that skirmish resolves) when it has one (FK 1.4)."""

    label: str
    value: int
    result: tuple[Step, ...] = ()

    @property
    def colour(self) -> str | None:
        """The tab's colour, matched against a character's centre bonus icons."""
        for colour, label in BONUS_COLOURS.items():
            if label == self.label:
                return colour
        return None


@dataclass(frozen=True, slots=True)
class ClashRule:
    """Clash gametext: the fight goes to the player with the ``wins`` (higher or
    lower) ``measure`` (FK 1.5)."""

    measure: str
    wins: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class FightSide:
    """One usable side of a fight card: three skirmish tabs or a clash rule."""

    tabs: tuple[SkirmishTab, ...] = ()
    clash: ClashRule | None = None


@dataclass(frozen=True, slots=True)
class CharacterParts:
    """A character's printed values (FK 1.2).  ``first_setup_energy`` and
    ``latent_energy`` are token tuples (``('B', 'G', 'G')``)."""

    life: int | Unknown
    hand: int | Unknown
    hold: int | Unknown
    first_setup_energy: tuple[str, ...] | Unknown
    latent_energy: tuple[str, ...] | Unknown
    attributes: tuple[str, ...] | Unknown
    centre_bonus: tuple[str, ...] | Unknown


@dataclass(frozen=True, slots=True)
class FightParts:
    """A fight card's kind and sides, damage markers and energy rewards (FK 1.3-1.6)."""

    kind: str
    sides: tuple[FightSide, ...]
    damage: int
    reward: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TabParts:
    """The three tab modifiers an effect or an activated gear adds to the current
    fight card's skirmish totals, left to right (FK 1.8, FK 1.9); for gear, what
    becomes of it after the fight."""

    tabs: tuple[int, int, int]
    after_fight: str = ""


@dataclass(frozen=True, slots=True)
class InstantParts:
    phase: str


@dataclass(frozen=True, slots=True)
class UniversalParts:
    latent_energy: tuple[str, ...] | Unknown


@dataclass(frozen=True, slots=True)
class ConditionParts:
    """A condition has no printed values beyond its abilities (FK 1.7)."""


Parts = (CharacterParts | FightParts | TabParts | InstantParts | UniversalParts
         | ConditionParts | Unknown)


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a set.

    ``code`` is how deck lines write it (``027`` for ONE, ``S901`` for the
    synthetic set); ``types`` the types it may have: one for a known type, the
    four draw-stack types for a card the rulebook shows only in a draw stack,
    all seven when nothing is known.  Every other fact is its value or
    :class:`Unknown`; ``sources`` says, field by field, where a known fact comes
    from.
    """

    set: str
    number: int
    name: str
    rarity: str
    types: frozenset[str]
    affiliation: str | Unknown
    gold_icon: bool | Unknown
    signature: str | None | Unknown
    cost: Any
    parts: Parts
    abilities: tuple[Ability, ...] | Unknown
    sources: tuple[tuple[str, str], ...] = ()

    @property
    def code(self) -> str:
        return f"S{self.number}" if self.set == SYNTHETIC_SET else f"{self.number:03d}"

    @property
    def label(self) -> str:
        """``003 Ash's Chainsaw``: how messages name a card."""
        return f"{self.code} {self.name}"

    @property
    def type(self) -> str | Unknown:
        return next(iter(self.types)) if len(self.types) == 1 else Unknown("type")

    def may_be(self, *types: str) -> bool:
        return bool(self.types & set(types))

    def surely(self, *types: str) -> bool:
        return self.types <= set(types)

    @property
    def is_the_drop(self) -> bool:
        return self.name == THE_DROP and self.surely(UNIVERSAL)


def card_code(token: str) -> str | None:
    """The canonical code of a number as a deck line writes it, ``None`` if it is not one.

    >>> card_code("27"), card_code("027"), card_code("s901"), card_code("x")
    ('027', '027', 'S901', None)
    """
    match = re.fullmatch(r"(S?)(\d{1,4})", token.strip(), re.ASCII | re.IGNORECASE)
    if match is None:
        return None
    number = int(match.group(2))
    return f"S{number}" if match.group(1) else f"{number:03d}"


def name_key(name: str) -> str:
    """Names compare without regard to case, spacing, accents' encoding or the
    shape of apostrophes and quotes (``Don’t`` is ``Don't``)."""
    text = unicodedata.normalize("NFC", name).replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.casefold().split())


# -- steps: what abilities do ------------------------------------------------------------------
def _count(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= 99:
        raise ValueError("must be a whole number from 1 to 99")
    return value


def _by(value: Any) -> int:
    if type(value) is not int or value == 0 or abs(value) > 99:
        raise ValueError("must be a whole number from -99 to 99, not 0")
    return value


def _one_of(*choices: str) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value
    return check


def _tokens_param(value: Any) -> tuple[str, ...]:
    if not isinstance(value, str):
        raise ValueError("must be energy tokens written like \"B G G\"")
    return parse_token_list(value)


_WHO = _one_of("you", "opponent")
STEP_KINDS: dict[str, dict[str, tuple[Callable[[Any], Any], Any]]] = {
    # kind: {parameter: (check, default or REQUIRED)}
    "add_energy": {"tokens": (_tokens_param, None)},
    "modify_tab": {"tab": (_one_of("left", "centre", "right", "all"), None),
                   "by": (_by, None), "label": (_one_of("", "Fate", "Mental", "Physical",
                                                        "Spiritual"), "")},
    "double_damage": {},
    "deny_score": {},
    "draw": {"count": (_count, None), "who": (_WHO, "you")},
    "discard": {"count": (_count, None), "who": (_WHO, "you"),
                "chooser": (_one_of("owner", "you"), "owner")},
    "destroy": {"count": (_count, None), "what": (_one_of(*CARD_TYPES), None),
                "who": (_WHO, "you"), "chooser": (_one_of("owner", "you"), "owner")},
    "return_to_hand": {"count": (_count, None), "what": (_one_of(*CARD_TYPES), None),
                       "who": (_WHO, "you")},
    "rotate": {},
    "nullify_skirmish": {"tab": (_one_of("left", "centre", "right"), None)},
}
"""The kinds of ability steps and their parameters.  ``who`` is whose cards a step
acts on (gametext means the player's own unless it names the opponent); a
``chooser`` of ``you`` means the player picks the opponent's cards.  ``deny_score``
(a score action): the opponent's card in the current fight does not score, even if it
wins (FK 5.12, FK-F3, FK-F4)."""


def parse_step(entry: Any, where: str) -> Step:
    if not isinstance(entry, dict):
        raise InputError("a step is a table like {do = \"draw\", count = 1}", where)
    kind = entry.get("do")
    if not isinstance(kind, str) or kind not in STEP_KINDS:
        raise InputError(f"'do' must be one of {', '.join(STEP_KINDS)}, not {kind!r}", where)
    schema = STEP_KINDS[kind]
    extra = sorted(set(entry) - set(schema) - {"do"})
    if extra:
        known = ", ".join(schema) or "none"
        raise InputError(f"{kind} takes no {extra[0]!r} (its settings: {known})", where)
    params = []
    for name, (check, default) in sorted(schema.items()):
        if name not in entry:
            if default is None:
                raise InputError(f"{kind} needs {name!r}", where)
            params.append((name, default))
            continue
        try:
            params.append((name, check(entry[name])))
        except (ValueError, InputError) as error:
            what = error.what if isinstance(error, InputError) else str(error)
            raise InputError(f"{name} {what}", f"{where} ({kind})") from None
    return Step(kind, tuple(params))


# -- energy notation (the energy model's parser) -----------------------------------------------
def parse_token_list(text: str) -> tuple[str, ...]:
    """Energy tokens written as a list (``"B G G"``), checked by the energy model."""

    return tuple(str(token) for token in parse_pool(text).tokens())


def parse_cost_text(text: str) -> Any:
    """A cost in the energy notation (``burn B, burn 1, spot gear``), parsed by the
    energy model's :func:`~model.fightklub.energy.parse_cost`."""

    return parse_cost(text)


# -- the synthetic set -------------------------------------------------------------------------
_SYNTHETIC_RANGE = range(901, 1000)
MAX_ABILITIES, MAX_STEPS, MAX_CARDS = 8, 8, 500
"""The most abilities a card has, steps an ability's list holds, and cards one file
gives (a set of ONE's size has 101; the synthetic numbers run to 99)."""
CARD_FILE_KEYS = {"synthetic", "set", "card", "deck", "note"}
"""The top-level keys of a card file (``deck``: deck lists that play its cards,
:func:`model.fightklub.supplied.card_file_decks`)."""
_CARD_FIELDS = {"number", "name", "rarity", "type", "affiliation", "gold_icon", "signature",
                "cost", "abilities", "character", "fight", "effect", "gear", "instant",
                "universal", "condition"}
_PART_TABLES = ("character", "fight", "effect", "gear", "instant", "universal", "condition")
"""The ``[card.TYPE]`` tables of a card's printed parts; a card has at most its own type's."""


class CardPlace:
    """Names a card and a field in errors, with the line the field (or its card)
    stands on when the text is known:
    ``synthetic.toml: line 40: card S912 'Iron Grip': field 'tabs'``."""

    def __init__(self, file: str, card: str, text: str = "", index: int | None = None
                 ) -> None:
        self.file, self.card, self.text, self.index = file, card, text, index

    def line(self, name: str = "") -> str:
        """``FILE: line N`` of the field ``name`` of this card (the file alone when
        the text or the card's place is not known)."""
        if not self.text or self.index is None:
            return self.file
        line = line_of(self.text, ("card", self.index - 1) + dotted_path(name))
        return self.file if line is None else f"{self.file}: line {line}"

    def field(self, name: str) -> str:
        return f"{self.line(name)}: {self.card}: field '{name}'"

    def error(self, name: str, what: str) -> InputError:
        return InputError(what, self.field(name))

    def checked(self, name: str, value: str, most: int = MAX_NAME) -> str:
        """``value``, the field ``name``, through the shared check of the names and texts
        data files give (:func:`model.core.notation.checked_name`: one line of printable
        characters, at most ``most``); its error names this card's line."""
        try:
            return checked_name(value, name, most=most)
        except InputError as error:
            raise InputError(error.what, f"{self.line(name)}: {self.card}") from None


def _table(entry: Mapping[str, Any], name: str, place: CardPlace, fields: Mapping[str, type]
           ) -> dict[str, Any]:
    table = entry.get(name)
    if not isinstance(table, dict):
        raise place.error(name, f"must be a table [card.{name}]")
    extra = sorted(set(table) - set(fields))
    if extra:
        raise place.error(f"{name}.{extra[0]}", f"is not a field of [card.{name}]; fields: "
                          f"{', '.join(fields)}")
    return table


def _whole(table: Mapping[str, Any], name: str, place: CardPlace, low: int, high: int = 99
           ) -> int:
    value = table.get(name)
    if type(value) is not int or not low <= value <= high:
        raise place.error(name, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _tokens_field(table: Mapping[str, Any], name: str, place: CardPlace, *, empty: bool) -> tuple:
    value = table.get(name, "" if empty else None)
    if not isinstance(value, str):
        raise place.error(name, f"must be energy tokens written like \"B G G\", not {value!r}")
    if not value.strip():
        if empty:
            return ()
        raise place.error(name, "needs at least one energy token")
    try:
        return parse_token_list(value)
    except InputError as error:
        raise place.error(name, error.what) from None


def _steps(value: Any, name: str, place: CardPlace) -> tuple[Step, ...]:
    if not isinstance(value, list):
        raise place.error(name, "must be a list of steps like [{do = \"draw\", count = 1}]")
    if len(value) > MAX_STEPS:
        raise place.error(name, f"lists {len(value):,} steps; a list holds at most {MAX_STEPS}")
    steps = []
    for index, entry in enumerate(value, 1):
        try:
            steps.append(parse_step(entry, f"step {index}"))
        except InputError as error:
            raise place.error(name, str(error)) from None
    return tuple(steps)


def _cost(value: Any, name: str, place: CardPlace) -> tuple[Any, str]:
    if not isinstance(value, str) or not value.strip():
        raise place.error(name, f"must be a cost like \"burn B, burn 1, spot gear\", not "
                          f"{value!r}")
    try:
        return parse_cost_text(value), value
    except InputError as error:
        raise place.error(name, error.what) from None


_ABILITY_FIELDS = {"phase", "cost", "extra_costs", "steps", "text"}


def _abilities(entry: Mapping[str, Any], place: CardPlace) -> tuple[Ability, ...]:
    value = entry.get("abilities", [])
    if not isinstance(value, list):
        raise place.error("abilities", "must be a list of [[card.abilities]] tables")
    if len(value) > MAX_ABILITIES:
        raise place.error("abilities", f"a card has at most {MAX_ABILITIES} abilities, not "
                          f"{len(value):,}")
    abilities = []
    for index, item in enumerate(value, 1):
        name = f"abilities[{index}]"
        if not isinstance(item, dict):
            raise place.error(name, "must be a table")
        extra = sorted(set(item) - _ABILITY_FIELDS)
        if extra:
            raise place.error(f"{name}.{extra[0]}", "is not a field of an ability; fields: "
                              + ", ".join(sorted(_ABILITY_FIELDS)))
        phase = item.get("phase")
        if phase not in PHASE_WORDS:
            raise place.error(f"{name}.phase", f"must be one of {', '.join(PHASE_WORDS)}, "
                              f"not {phase!r}")
        cost, cost_text = (_cost(item["cost"], f"{name}.cost", place) if "cost" in item
                           else (None, ""))
        extra_costs = _steps(item.get("extra_costs", []), f"{name}.extra_costs", place)
        steps = _steps(item.get("steps"), f"{name}.steps", place)
        if not steps:
            raise place.error(f"{name}.steps", "an ability does at least one thing")
        text = item.get("text", "")
        if not isinstance(text, str):
            raise place.error(f"{name}.text", "must be a text")
        if text:
            place.checked(f"{name}.text", text, MAX_TEXT)
        abilities.append(Ability(phase, steps, cost, cost_text, extra_costs, text))
    return tuple(abilities)


def _tab_modifiers(table: Mapping[str, Any], place: CardPlace, name: str) -> tuple[int, int, int]:
    tabs = table.get("tabs")
    if (not isinstance(tabs, list) or len(tabs) != 3
            or not all(type(t) is int and -99 <= t <= 99 for t in tabs)):
        raise place.error(f"{name}.tabs", "needs exactly 3 tab modifiers (whole numbers, left "
                          f"to right), not {tabs!r}")
    return (tabs[0], tabs[1], tabs[2])


def _side(value: Any, place: CardPlace, name: str) -> FightSide:
    if not isinstance(value, dict) or set(value) - {"tabs", "clash"} or len(value) != 1:
        raise place.error(name, "a side is a table with either 'tabs' (3 skirmish tabs) or "
                          "'clash' (a clash rule)")
    if "clash" in value:
        clash = value["clash"]
        if not isinstance(clash, dict) or set(clash) - {"measure", "wins", "text"}:
            raise place.error(f"{name}.clash", "must be {measure = ..., wins = \"higher\" or "
                              "\"lower\", text = ...}")
        if clash.get("measure") not in CLASH_MEASURES:
            raise place.error(f"{name}.clash.measure", "must be one of "
                              f"{', '.join(CLASH_MEASURES)}, not {clash.get('measure')!r}")
        if clash.get("wins") not in ("higher", "lower"):
            raise place.error(f"{name}.clash.wins", "must be higher or lower, not "
                              f"{clash.get('wins')!r}")
        text = clash.get("text", "")
        if not isinstance(text, str):
            raise place.error(f"{name}.clash.text", "must be a text")
        if text:
            place.checked(f"{name}.clash.text", text, MAX_TEXT)
        return FightSide(clash=ClashRule(clash["measure"], clash["wins"], text))
    tabs = value["tabs"]
    if not isinstance(tabs, list) or len(tabs) != 3:
        count = len(tabs) if isinstance(tabs, list) else "no list of"
        raise place.error("tabs", f"a power card needs exactly 3 skirmish tabs, not {count}")
    parsed = []
    for index, tab in enumerate(tabs, 1):
        where = f"{name}.tabs[{index}]"
        if not isinstance(tab, dict) or set(tab) - {"label", "value", "result"}:
            raise place.error(where, "a skirmish tab is {label = ..., value = ..., "
                              "result = [steps]}")
        label = tab.get("label")
        if not isinstance(label, str) or not label.strip():
            raise place.error(f"{where}.label", f"must be a skirmish label, not {label!r}")
        place.checked(f"{where}.label", label.strip())
        if type(tab.get("value")) is not int or not 0 <= tab["value"] <= 99:
            raise place.error(f"{where}.value", "must be a whole number from 0 to 99, not "
                              f"{tab.get('value')!r}")
        result = _steps(tab.get("result", []), f"{where}.result", place)
        parsed.append(SkirmishTab(label.strip(), tab["value"], result))
    return FightSide(tabs=tuple(parsed))


def _fight(entry: Mapping[str, Any], place: CardPlace) -> FightParts:
    table = _table(entry, "fight", place, {"kind": str, "sides": list, "damage": int,
                                           "reward": str})
    kind = table.get("kind")
    if kind not in FIGHT_KINDS:
        raise place.error("fight.kind", f"must be one of {', '.join(FIGHT_KINDS)}, not "
                          f"{kind!r}")
    sides_value = table.get("sides")
    if not isinstance(sides_value, list):
        raise place.error("fight.sides", "must be a list of [[card.fight.sides]] tables")
    sides = tuple(_side(side, place, f"fight.sides[{i}]")
                  for i, side in enumerate(sides_value, 1))
    if kind == "rotatable":
        if len(sides) != 2:
            raise place.error("fight.sides", f"a rotatable fight card has 2 sides, not "
                              f"{len(sides)}")
        if entry.get("gold_icon") is not True:
            raise place.error("gold_icon", "every rotatable fight card is a gold-icon fight "
                              "card (FK 1.6)")
    else:
        if len(sides) != 1:
            raise place.error("fight.sides", f"a {kind} card has 1 side, not {len(sides)}")
        if kind == "power" and not sides[0].tabs:
            raise place.error("tabs", "a power card needs exactly 3 skirmish tabs, not a "
                              "clash rule")
        if kind == "clash" and sides[0].clash is None:
            raise place.error("fight.sides[1]", "a clash card needs a clash rule")
    damage = _whole(table, "damage", place, 1)
    reward = _tokens_field(table, "reward", place, empty=True)
    return FightParts(kind, sides, damage, reward)


def _character(entry: Mapping[str, Any], place: CardPlace) -> CharacterParts:
    table = _table(entry, "character", place, {
        "life": int, "hand": int, "hold": int, "first_setup_energy": str,
        "latent_energy": str, "attributes": list, "centre_bonus": list})
    attributes = table.get("attributes")
    if (not isinstance(attributes, list) or len(attributes) != 3
            or not all(isinstance(a, str) and a.strip() for a in attributes)):
        raise place.error("character.attributes", f"a character has exactly 3 attributes, "
                          f"not {attributes!r}")
    for attribute in attributes:
        place.checked("character.attributes", attribute.strip())
    bonus = table.get("centre_bonus")
    if (not isinstance(bonus, list) or not bonus
            or not all(colour in BONUS_COLOURS for colour in bonus)):
        raise place.error("character.centre_bonus", "needs one or more icons among "
                          f"{', '.join(BONUS_COLOURS)}, not {bonus!r}")
    return CharacterParts(
        life=_whole(table, "life", place, 1), hand=_whole(table, "hand", place, 1),
        hold=_whole(table, "hold", place, 0),
        first_setup_energy=_tokens_field(table, "first_setup_energy", place, empty=False),
        latent_energy=_tokens_field(table, "latent_energy", place, empty=True),
        attributes=tuple(a.strip() for a in attributes), centre_bonus=tuple(bonus))


def _parts(kind: str, entry: Mapping[str, Any], place: CardPlace) -> Parts:
    present = [name for name in _PART_TABLES if name in entry]
    wrong = [name for name in present if name != kind]
    if wrong:
        raise place.error(wrong[0], f"a {kind} card has no [card.{wrong[0]}] table")
    if kind == "character":
        return _character(entry, place)
    if kind == "fight":
        return _fight(entry, place)
    if kind in ("effect", "gear"):
        fields = {"tabs": list, "after_fight": str} if kind == "gear" else {"tabs": list}
        table = _table(entry, kind, place, fields)
        after = ""
        if kind == "gear":
            after = table.get("after_fight")
            if after not in GEAR_AFTER_FIGHT:
                raise place.error("gear.after_fight", "must be return (to the support area) "
                                  f"or destroy, not {after!r}")
        return TabParts(_tab_modifiers(table, place, kind), after)
    if kind == "instant":
        table = _table(entry, "instant", place, {"phase": str})
        if table.get("phase") not in INSTANT_PHASES:
            raise place.error("instant.phase", f"must be one of {', '.join(INSTANT_PHASES)}, "
                              f"not {table.get('phase')!r}")
        return InstantParts(table["phase"])
    if kind == "universal":
        table = _table(entry, "universal", place, {"latent_energy": str})
        return UniversalParts(_tokens_field(table, "latent_energy", place, empty=True))
    if "condition" in entry:
        _table(entry, "condition", place, {})
    return ConditionParts()


def _card_number(entry: Mapping[str, Any], place: CardPlace, set_: str) -> str:
    """The code of a card's ``number``: S901 to S999 for a synthetic card (numbers
    that never look like ONE's), 001 to 999 for a card of ONE (``"027"`` or ``27``)."""
    number = entry.get("number")
    if set_ == SYNTHETIC_SET:
        code = card_code(number) if isinstance(number, str) else None
        if code is None or not code.startswith("S") or int(code[1:]) not in _SYNTHETIC_RANGE:
            raise place.error("number", "must be S901 to S999 (synthetic numbers never look "
                              f"like ONE's), not {number!r}")
        return code
    code = (card_code(number) if isinstance(number, str)
            else f"{number:03d}" if type(number) is int and 0 <= number <= 999 else None)
    if code is None or code.startswith("S"):
        raise place.error("number", f"must be a number of {set_} such as \"027\", not "
                          f"{number!r}")
    return code


def parse_synthetic_card(entry: Any, file: str, index: int, *, text: str = "",
                         set_: str = SYNTHETIC_SET, origin: str = "") -> Card:
    """One ``[[card]]`` table of a card file (``index`` from 1, ``text`` the file's
    text, for the line numbers); errors name the file, line, card and field.

    The cards of a synthetic set (``set_`` ``SYN``) are ringside's or a user's
    inventions; a card of ONE (``set_`` ``ONE``) is the text of a real card
    given by a user who owns it (``origin`` says where it comes from)."""
    place = CardPlace(file, f"card {index}", text, index)
    if not isinstance(entry, dict):
        raise InputError("a card is a table", place.line())
    code = _card_number(entry, place, set_)
    place.card = f"card {code}"
    name = entry.get("name")
    if not isinstance(name, str):
        raise place.error("name", f"must be a name, not {name!r}")
    place.checked("name", name)
    if name != name.strip():
        raise place.error("name", f"must be a name without outer spaces, not {name!r}")
    place.card = f"card {code} {name!r}"
    extra = sorted(set(entry) - _CARD_FIELDS)
    if extra:
        raise place.error(extra[0], "is not a card field; fields: "
                          + ", ".join(sorted(_CARD_FIELDS)))
    rarity = entry.get("rarity")
    if not isinstance(rarity, str) or rarity not in RARITIES:
        raise place.error("rarity", f"must be R, U or C, not {rarity!r}")
    kind = entry.get("type")
    if kind not in CARD_TYPES:
        raise place.error("type", f"must be one of {', '.join(CARD_TYPES)}, not {kind!r}")
    affiliation = entry.get("affiliation")
    allowed = (UNIVERSAL,) if kind == UNIVERSAL else AFFILIATIONS
    if affiliation not in allowed:
        raise place.error("affiliation", f"a {kind} card's affiliation is "
                          f"{' or '.join(allowed)}, not {affiliation!r}")
    gold = entry.get("gold_icon", False)
    if type(gold) is not bool or (gold and kind != "fight"):
        raise place.error("gold_icon", "only a fight card can have a gold icon (true or "
                          f"false), not {gold!r}")
    signature = entry.get("signature")
    if signature is not None and (not isinstance(signature, str) or kind in ("character",
                                                                            UNIVERSAL)):
        raise place.error("signature", "names the character whose likeness the signature "
                          "icon shows; characters and universal cards have none")
    if signature is not None:
        place.checked("signature", signature)
    if "cost" in entry and kind not in DRAW_STACK_TYPES:
        raise place.error("cost", f"a {kind} card is not played from hand and has no cost")
    cost = _cost(entry["cost"], "cost", place)[0] if "cost" in entry else None
    parts = _parts(kind, entry, place)
    abilities = _abilities(entry, place)
    if kind == "instant" and not abilities:
        raise place.error("abilities", "an instant does something when played")
    if kind == "instant" and any(a.phase != parts.phase for a in abilities):
        raise place.error("abilities", f"an instant's abilities use its phase keyword "
                          f"{parts.phase!r}")
    origin = origin or f"{file} (ringside's invention, not a card of ONE)"
    number = int(code[1:]) if set_ == SYNTHETIC_SET else int(code)
    return Card(set_, number, name, rarity, frozenset({kind}), affiliation,
                gold, signature, cost, parts, abilities, (("all", origin),))


def card_entries(text: str, file: str) -> tuple[dict, list]:
    """The top-level table of a card file and its ``[[card]]`` entries: valid TOML,
    only the keys of :data:`CARD_FILE_KEYS`, one card or more, at most :data:`MAX_CARDS`."""
    data = toml_table(text, file)
    extra = sorted(set(data) - CARD_FILE_KEYS)
    if extra:
        line = line_of(text, (extra[0],))
        raise InputError(f"unknown key {extra[0]!r}; a card file's keys: "
                         f"{', '.join(sorted(CARD_FILE_KEYS))}",
                         f"{file}: line {line}" if line else file)
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise InputError("has no [[card]] tables", file)
    if len(entries) > MAX_CARDS:
        raise InputError(f"gives {len(entries):,} cards; a card file gives at most "
                         f"{MAX_CARDS}", file)
    return data, entries


def parse_synthetic_set(text: str, file: str) -> dict[str, Card]:
    """A synthetic card set from TOML text, by code.

    >>> parse_synthetic_set('synthetic = true\\n[[card]]\\nnumber = "S912"\\nname = "Iron Grip"\\n'
    ...     'rarity = "C"\\ntype = "fight"\\naffiliation = "hero"\\n[card.fight]\\n'
    ...     'kind = "power"\\n'
    ...     'damage = 1\\nsides = [{tabs = [{label = "Fate", value = 1}]}]\\n', "synthetic.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: synthetic.toml: line 2: card S912 'Iron Grip': field 'tabs': a power card needs exactly 3 skirmish tabs, not 1
    """
    data, entries = card_entries(text, file)
    if data.get("synthetic") is not True:
        # The set must say it is invented, so nobody mistakes it for cards of ONE.
        raise InputError("a synthetic set must declare synthetic = true", file)
    cards: dict[str, Card] = {}
    for index, entry in enumerate(entries, 1):
        card = parse_synthetic_card(entry, file, index, text=text)
        if card.code in cards:
            raise CardPlace(file, f"card {card.code} {card.name!r}", text, index).error(
                "number", f"the number {card.code} is used twice")
        cards[card.code] = card
    check_signatures(cards, file, text)
    return cards


def check_signatures(cards: Mapping[str, Card], file: str, text: str = "",
                     characters: Mapping[str, Card] | None = None) -> None:
    """Every signature card of ``cards`` names a character of the same affiliation,
    among ``cards`` or ``characters`` (by name)."""
    characters = {**(characters or {}), **{card.name: card for card in cards.values()
                                             if card.surely("character")}}
    for index, card in enumerate(cards.values(), 1):
        if isinstance(card.signature, str):
            place = CardPlace(file, f"card {card.code} {card.name!r}", text, index)
            owner = characters.get(card.signature)
            if owner is None:
                raise place.error("signature", f"names no character of this set: "
                                  f"{card.signature!r}")
            if owner.affiliation != card.affiliation:
                raise place.error("signature", f"{owner.name} is a {owner.affiliation}; the "
                                  f"card is {card.affiliation}")


# -- ONE: the public list and the rulebook's facts ---------------------------------------------
def parse_one_list(text: str, file: str) -> dict[str, tuple[int, str, str]]:
    """The ONE card list (tab-separated number, rarity, name), by code."""
    rows = list(csv.reader(io.StringIO(text), delimiter="\t"))
    if not rows or rows[0] != ["number", "rarity", "name"]:
        raise InputError("the first line must be the header number, rarity, name", file)
    entries: dict[str, tuple[int, str, str]] = {}
    for line, row in enumerate(rows[1:], 2):
        where = f"{file}: line {line}"
        if len(row) != 3:
            raise InputError(f"needs 3 tab-separated fields, not {len(row)}", where)
        number, rarity, name = row
        if not re.fullmatch(r"\d{3}", number, re.ASCII):
            raise InputError(f"the number must be 3 digits, not {number!r}", where)
        if rarity not in RARITIES:
            raise InputError(f"the rarity must be R, U or C, not {rarity!r}", where)
        if not name.strip():
            raise InputError("the name is empty", where)
        if number in entries:
            raise InputError(f"the number {number} is listed twice", where)
        entries[number] = (int(number), rarity, name)
    expected = [f"{n:03d}" for n in range(1, len(entries) + 1)]
    if list(entries) != expected:
        raise InputError("the numbers must run 001, 002, ... without gaps", file)
    return entries


_FACT_FIELDS = {"type": ("character", "fight", "universal", "draw-stack"),
                "affiliation": AFFILIATIONS + (UNIVERSAL,),
                "latent_energy": None, "first_setup_energy": None, "signature": ("none",)}


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact the rulebook states about cards of ONE, with its section."""

    cards: tuple[str, ...]
    field: str
    value: Any
    source: str


def parse_one_facts(text: str, file: str, codes: Mapping[str, Any]) -> tuple[Fact, ...]:
    data = toml_table(text, file)
    if data.get("set") != ONE_SET:
        raise InputError("must declare set = \"ONE\"", file)
    entries = data.get("fact")
    if not isinstance(entries, list) or not entries:
        raise InputError("has no [[fact]] tables", file)
    facts = []
    for index, entry in enumerate(entries, 1):
        where = f"{file}: fact {index}"
        if not isinstance(entry, dict) or set(entry) - {"cards", "field", "value", "source",
                                                        "note"}:
            raise InputError("a fact has cards, field, value, source (and a note)", where)
        field = entry.get("field")
        if field not in _FACT_FIELDS:
            raise InputError(f"field must be one of {', '.join(_FACT_FIELDS)}, not {field!r}",
                             where)
        value = entry.get("value")
        allowed = _FACT_FIELDS[field]
        if allowed is None:
            if not isinstance(value, str):
                raise InputError(f"{field} is energy tokens like \"B G Y\"", where)
            try:
                value = parse_token_list(value)
            except InputError as error:
                raise error.at(where) from None
        elif value not in allowed:
            raise InputError(f"{field} must be one of {', '.join(allowed)}, not {value!r}",
                             where)
        source = entry.get("source")
        if not isinstance(source, str) or not source.strip():
            raise InputError("every fact names the rulebook section it comes from (source)",
                             where)
        cards = entry.get("cards")
        if not isinstance(cards, list) or not cards:
            raise InputError("cards must be a list of card numbers", where)
        found = []
        for number in cards:
            code = f"{number:03d}" if type(number) is int and number >= 0 else None
            if code not in codes:
                raise InputError(f"{number!r} is not a number of the ONE list", where)
            found.append(code)
        facts.append(Fact(tuple(found), field, value, source))
    return tuple(facts)


def build_one_cards(entries: Mapping[str, tuple[int, str, str]], facts: tuple[Fact, ...],
                    file: str) -> dict[str, Card]:
    """The ONE cards: the list's number, rarity and name, the facts, and Unknown for the rest."""
    known: dict[str, dict[str, tuple[Any, str]]] = {code: {} for code in entries}
    for index, fact in enumerate(facts, 1):
        for code in fact.cards:
            before = known[code].get(fact.field)
            if before is not None and before[0] != fact.value:
                raise InputError(f"card {code}: {fact.field} is {before[0]!r} by an earlier "
                                 f"fact and {fact.value!r} here", f"{file}: fact {index}")
            known[code][fact.field] = (fact.value, fact.source)
    cards = {}
    for code, (number, rarity, name) in entries.items():
        facts_of = known[code]
        kind = facts_of.get("type", (None, ""))[0]
        types = (DRAW_STACK_TYPES if kind == "draw-stack" else frozenset({kind}) if kind
                 else frozenset(CARD_TYPES))
        value = lambda field: facts_of[field][0] if field in facts_of else Unknown(field)
        if kind == "character":
            parts: Parts = CharacterParts(
                Unknown("life"), Unknown("hand"), Unknown("hold"),
                value("first_setup_energy"), value("latent_energy"), Unknown("attributes"),
                Unknown("centre_bonus"))
        elif kind == UNIVERSAL:
            parts = UniversalParts(value("latent_energy"))
        else:
            parts = Unknown("parts")
        for field in ("first_setup_energy", "latent_energy"):
            if field in facts_of and not (kind == "character" or
                                          (kind == UNIVERSAL and field == "latent_energy")):
                raise InputError(f"card {code}: {field} is stated but the card is not known "
                                 "to have it", file)
        signature = facts_of["signature"][0] if "signature" in facts_of else None
        cards[code] = Card(
            ONE_SET, number, name, rarity, types, value("affiliation"),
            # A card known not to be a fight card has no gold icon (FK 1.6): that is
            # deduced from its type, not guessed.
            Unknown("gold_icon") if "fight" in types else False,
            # A character is never limited by a signature icon: in its own deck any icon of
            # its own would be met, so None cannot change a verdict.  The Drop's "none" is a
            # stated fact (every deck holds it).  Any other card may be a signature card.
            None if signature == "none" or kind == "character" else Unknown("signature"),
            Unknown("cost"), parts, Unknown("abilities"),
            tuple((field, source) for field, (_, source) in sorted(facts_of.items())))
    return cards
