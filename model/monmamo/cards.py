"""Cards of the Monsters Masters & Mobsters card system, and the parser of card sets.

A card has the elements the rulebook lists (Elements of a Card): a name, a
type, a text, a flavor text and a number.  The number tells cards apart and
nothing else; the name decides what a card *is*: two cards with the same name
are the same thing whatever their numbers (MM 2.2).  What the card text says
about the game is kept as data beside it: whether the card is a named,
specific character, Monster or place (only one on the Battlefield, MM 2.3),
how many copies may be on the Battlefield (MM 2.4), how many cards it draws
when played (Draw and Vendor cards), and a Monster's properties (MM 3.1).

The real game's card texts are not public: ringside ships a small SYNTHETIC
set of its own (``analysis/monmamo/data/synthetic-set.toml``, read by
:mod:`analysis.monmamo.loading`), invented to exercise the rules and marked as
such.  The rules take a card set as a value; :func:`parse_card_set` reads one
from TOML text and refuses a bad one with an :class:`InputError` naming the
file, the card and the field.

>>> cards = parse_card_set('''synthetic = true
... [[card]]
... number = "X1"
... name = "Old Tam"
... type = "Bystander"
... text = "A ferryman."
... [[card]]
... number = "X2"
... name = "Old Tam"
... type = "Mobster"
... text = "The ferryman, gone bad."
... specific = true
... ''', "ferry.toml")
>>> cards["X1"].name == cards["X2"].name, cards["X2"].battlefield_limit
(True, 1)
>>> sorted(CARD_TYPES)[:3]
['Bystander', 'Draw', 'Drone']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from model.core.errors import InputError
from model.core.notation import checked_name
from model.core.toml_lines import located, toml_table

PLACEABLE_TYPES = ("Master", "Mobster", "Bystander", "Drone", "Place")
"""Card types a setup turn may put on the Battlefield (MM 4.4)."""
ATTACHED_TO_MONSTERS = ("Trait", "Mana")
"""Card types a setup turn attaches to one of the player's Monsters (MM 4.6)."""
PROFICIENCY_HOLDERS = ("Master", "Mobster", "Bystander")
"""Card types a Proficiency may be attached to (MM 4.8)."""
PLAYED_FOR_EFFECT = ("Draw", "Vendor")
"""Card types a setup turn plays for their text (MM 4.9)."""
CARD_TYPES = frozenset(PLACEABLE_TYPES + ATTACHED_TO_MONSTERS + ("Proficiency",)
                       + PLAYED_FOR_EFFECT + ("Monster",))
"""Every card type the setup rules name."""
SEXES = ("male", "female")


@dataclass(frozen=True, slots=True)
class MonsterStats:
    """A Monster card's properties (Monster Properties).

    ``hp`` is the damage capacity, ``multiplier`` the number of cards the
    Monster fetches on a Draw phase; ``innate_skill`` is empty when the
    Monster has none.
    """

    hp: int
    level: int
    size: int
    speed: int
    sex: str
    taxons: tuple[str, ...]
    multiplier: int
    innate_skill: str


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its elements and the card-text facts the setup rules read.

    ``limit`` is how many cards of this name may be on the Battlefield at once
    (0: the text sets no limit); ``specific`` marks a named character,
    Monster or place, of which only one may be there; ``draws`` is how many
    cards a Draw or Vendor card draws when played; ``takes`` how many it lets
    the player choose while looking through the Library (which is shuffled
    afterwards).  A Draw or Vendor card does one of the two.
    """

    number: str
    name: str
    type: str
    text: str
    flavor: str
    specific: bool = False
    limit: int = 0
    draws: int = 0
    monster: MonsterStats | None = None
    takes: int = 0

    @property
    def battlefield_limit(self) -> int | None:
        """How many of this name may be on the Battlefield; ``None`` for no limit."""
        if self.specific:
            return 1
        return self.limit or None


_CARD_FIELDS = {"number", "name", "type", "text", "flavor", "specific", "limit", "draws",
                "takes", "monster"}
_MONSTER_FIELDS = {"hp": int, "level": int, "size": int, "speed": int, "sex": str,
                   "taxons": list, "multiplier": int, "innate_skill": str}


def _text(entry: Mapping[str, Any], field: str, where: str, required: bool = True) -> str:
    value = entry.get(field, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise InputError(f"must be a non-empty text, not {value!r}", f"{where}: {field}")
    if field == "name":
        checked_name(value, field, where)
    return value


MOST = {"hp": 999, "level": 99, "size": 99, "speed": 99, "multiplier": 99, "limit": 99,
        "draws": 99, "takes": 99}
"""The largest value of each number a card carries (the synthetic set's are at most 20)."""
MAX_CARDS, MAX_TAXONS = 999, 8
"""The most cards a set gives, and taxons a Monster has."""


def _whole(entry: Mapping[str, Any], field: str, where: str, low: int = 0) -> int:
    value = entry.get(field, 0)
    high = MOST[field]
    if type(value) is not int or not low <= value <= high:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise InputError(f"must be a whole number from {low} to {high}, not {shown}",
                         f"{where}: {field}")
    return value


def _monster(entry: Any, where: str) -> MonsterStats:
    where = f"{where}: monster"
    if not isinstance(entry, dict):
        raise InputError("must be a table of the Monster's properties", where)
    unknown = sorted(set(entry) - set(_MONSTER_FIELDS))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; fields: {', '.join(_MONSTER_FIELDS)}",
                         where)
    missing = [name for name in _MONSTER_FIELDS if name not in entry]
    if missing:
        raise InputError(f"missing {', '.join(missing)}", where)
    numbers = {name: _whole(entry, name, where, 0 if name == "level" else 1)
               for name in ("hp", "level", "size", "speed", "multiplier")}
    sex = entry["sex"]
    if sex not in SEXES:
        raise InputError(f"must be male or female, not {sex!r}", f"{where}: sex")
    taxons = entry["taxons"]
    if (not isinstance(taxons, list) or not taxons or len(taxons) > MAX_TAXONS
            or not all(isinstance(t, str) and t.strip() for t in taxons)):
        raise InputError(f"must be a list of 1 to {MAX_TAXONS} names", f"{where}: taxons")
    skill = entry["innate_skill"]
    if not isinstance(skill, str):
        raise InputError(f"must be a text (empty for none), not {skill!r}",
                         f"{where}: innate_skill")
    return MonsterStats(sex=sex, taxons=tuple(taxons), innate_skill=skill, **numbers)


def parse_card(entry: Any, where: str) -> Card:
    """One ``[[card]]`` table; ``where`` names the file and the card's place in it."""
    if not isinstance(entry, dict):
        raise InputError("a card is a table", where)
    number = _text(entry, "number", where)
    where = f"{where} ({number})"
    if not (number.isascii() and number.isalnum() and number[0].isalpha()):
        raise InputError(f"{number!r} must be letters and digits, starting with a letter",
                         f"{where}: number")
    unknown = sorted(set(entry) - _CARD_FIELDS)
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; fields: "
                         f"{', '.join(sorted(_CARD_FIELDS))}", where)
    kind = _text(entry, "type", where)
    if kind not in CARD_TYPES:
        raise InputError(f"{kind!r} is not a card type; types: {', '.join(sorted(CARD_TYPES))}",
                         f"{where}: type")
    specific = entry.get("specific", False)
    if type(specific) is not bool:
        raise InputError(f"must be true or false, not {specific!r}", f"{where}: specific")
    limit = _whole(entry, "limit", where)
    if specific and limit not in (0, 1):
        raise InputError("a specific card is on the Battlefield once at most; its limit is "
                         f"1, not {limit}", f"{where}: limit")
    draws = _whole(entry, "draws", where)
    takes = _whole(entry, "takes", where)
    if kind in PLAYED_FOR_EFFECT and (draws < 1) == (takes < 1):
        raise InputError(f"a {kind} card either draws cards or takes cards from the Library "
                         "(one of draws, takes at least 1, the other 0)", f"{where}: draws")
    for field, value in (("draws", draws), ("takes", takes)):
        if kind not in PLAYED_FOR_EFFECT and value:
            raise InputError(f"only Draw and Vendor cards draw or take cards; this is a "
                             f"{kind}", f"{where}: {field}")
    has_stats = "monster" in entry
    if has_stats != (kind == "Monster"):
        raise InputError("a Monster card has a [card.monster] table, and no other card has",
                         f"{where}: monster")
    monster = _monster(entry["monster"], where) if has_stats else None
    return Card(number, _text(entry, "name", where), kind, _text(entry, "text", where),
                _text(entry, "flavor", where, required=False), specific, limit, draws,
                monster, takes)


def parse_card_set(text: str, where: str, *, shipped: bool = True) -> dict[str, Card]:
    """The cards of a TOML card set, by number; errors name ``where``, the line, the
    card and the field.  A set ringside ships declares ``synthetic = true``; a user's
    own (not ``shipped``) says which it is: ``synthetic = false`` for cards of the
    real game the user owns.

    >>> parse_card_set('synthetic = true\\n[[card]]\\nnumber = "X1"\\nname = "Bob"\\n'
    ...                'type = "Bystander"\\ntext = "t"\\n', "mine.toml")["X1"].name
    'Bob'
    >>> parse_card_set('synthetic = true\\n[[card]]\\nnumber = "X1"\\nname = "Bob"\\n'
    ...                'type = "Wizard"\\ntext = "t"\\n', "mine.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: mine.toml: line 5: card 1 (X1): type: 'Wizard' is not a card type; types: Bystander, Draw, Drone, Mana, Master, Mobster, Monster, Place, Proficiency, Trait, Vendor
    """
    data = toml_table(text, where)
    try:
        return _card_set(data, where, shipped)
    except InputError as error:
        raise located(error, text, where) from None


def _card_set(data: dict, where: str, shipped: bool) -> dict[str, Card]:
    if shipped and data.get("synthetic") is not True:
        # The project never ships real card data: a set must say what it is.
        raise InputError("a card set must declare synthetic = true (ringside ships no real "
                         "card data)", where)
    if not shipped and type(data.get("synthetic")) is not bool:
        raise InputError("a card set declares what it holds: synthetic = true (cards of your "
                         "own invention) or synthetic = false (cards of the game you own)",
                         where)
    unknown = sorted(set(data) - {"synthetic", "set", "card", "note"})
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r}; a card set's keys: card, note, set, "
                         "synthetic", where)
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise InputError("has no [[card]] tables", where)
    if len(entries) > MAX_CARDS:
        raise InputError(f"gives {len(entries):,} cards; a card set gives at most {MAX_CARDS}",
                         where)
    cards: dict[str, Card] = {}
    for index, entry in enumerate(entries, 1):
        card = parse_card(entry, f"{where}: card {index}")
        if card.number in cards:
            raise InputError(f"the number {card.number} is used twice (a number identifies "
                             "one card)", f"{where}: card {index}")
        cards[card.number] = card
    return cards

