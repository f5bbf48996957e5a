"""Characters and their Action Decks, parsed from TOML text in a schema of ringside's own.

The rulebook names the parts of a character sheet (a Power Source, a Critical
Range, passives, Adrenaline Actions, a 30-card Action Deck) but prints no
sheet and no card.  ringside therefore takes characters as data: one TOML
text per character, which carries its Action Deck's cards too
(:func:`parse_character`; the files are read by ``analysis.duel.loading``).
A game holds its characters as a table by key (:func:`find_character` looks
one up).  Every problem in a text is one :class:`InputError` naming the file,
the entry and the field.

Schema (all keys required unless a default is given)::

    key = "ember"                     # short lowercase name used in positions
    name = "Ember Duelist"
    ours = true                       # shipped examples say they are ringside's own
    hp = 30
    critical = [11, 12]               # the Critical Range, on the raw Base, inclusive
    crit_effects = [{ kind = "ss", amount = 3 }]
    [power]                           # the Power Source: a dice pool ...
    dice = 2
    sides = 6
    # ... or a personal deck: draw = 2, values = [1, 2, 2, 3, ...]
    [[passives]]                      # always active, every round
    name = "Ember Guard"
    effects = [{ kind = "dr", amount = 1, when = "defender" }]
    [[adrenaline]]                    # Adrenaline Actions: cost and effects
    name = "Second Wind"
    cost = 2
    effects = [{ kind = "heal", amount = 4 }]
    [[cards]]                         # the Action Deck, counts adding up to 30
    id = "E01"
    name = "Quick Jab"
    timing = "before"                 # "before" or "after" (Rolls)
    count = 4
    effects = [{ kind = "ss", amount = 2 }]
    options = [[...], [...]]          # OR: the player picks one list (optional)
    rush = { cost = 1, effects = [...] }   # ADRENALINE RUSH (optional)

An effect is ``{ kind, amount, to, when, threshold }``: ``kind`` one of
``ss`` (+X / -X Strike Score), ``damage`` (true damage), ``heal``,
``shield``, ``dr`` (damage reduction), ``regen`` (re-roll one die of the
targeted Power Source; ``amount`` is 1); ``to`` is ``self`` (TAKE, the
default) or ``opponent`` (DEAL); ``when`` (IF) is ``always`` (the default),
``aggressor``, ``defender``, ``crit``, ``salvage``, ``revenge`` or
``execute``, the last two with a ``threshold``.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Mapping

from model.core.errors import InputError
from model.core.notation import checked_name
from model.core.toml_lines import located, toml_table

DECK_SIZE = 30
"""Cards in an Action Deck (rulebook: Action Deck)."""

KINDS = ("ss", "damage", "heal", "shield", "dr", "regen")
TARGETS = ("self", "opponent")
WHENS = ("always", "aggressor", "defender", "crit", "salvage", "revenge", "execute")
TIMINGS = ("before", "after")
LATE_WHENS = ("salvage", "revenge", "execute")
"""Conditions checked only during Resolution (after the clash is known)."""

MAX_DICE, MAX_SIDES, MAX_HP, MAX_AMOUNT, MAX_POWER_CARDS = 4, 20, 99, 20, 20
MAX_BASE = MAX_DICE * MAX_SIDES
"""The largest Base any Power Source makes (4 dice of 20 sides; 4 cards of 20)."""
MAX_PASSIVES, MAX_ADRENALINE, MAX_EFFECTS, MAX_OPTIONS = 8, 8, 8, 4
"""The most passives, Adrenaline Actions, effects in one list and OR options a
character file may give (the examples have 1, 2, 2 and 2): each one is weighed
in every round of the exact odds."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One keyword effect: ``kind`` of ``amount`` to ``to``, if ``when`` holds.

    >>> Effect("damage", 3, "opponent", "execute", 5).words
    'EXECUTE (over 5): DEAL 3 true damage'
    """

    kind: str
    amount: int
    to: str = "self"
    when: str = "always"
    threshold: int = 0

    @property
    def words(self) -> str:
        verb = "DEAL" if self.to == "opponent" else "TAKE" if self.kind == "damage" else ""
        what = {"ss": f"{self.amount:+d} SS", "damage": f"{self.amount} true damage",
                "heal": f"HEAL {self.amount} HP", "shield": f"{self.amount} Shield",
                "dr": f"{self.amount} DR", "regen": "REGEN a die"}[self.kind]
        text = f"{verb} {what}".strip()
        if self.when == "always":
            return text
        cond = self.when.upper() if self.when != "crit" else "IF critical"
        if self.when in ("revenge", "execute"):
            cond += f" (over {self.threshold})"
        return f"{cond}: {text}"


@dataclass(frozen=True, slots=True)
class Rush:
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One Action Deck card (``count`` copies in the deck)."""

    id: str
    name: str
    timing: str
    count: int
    effects: tuple[Effect, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()
    rush: Rush | None = None

    @property
    def text(self) -> str:
        parts = [e.words for e in self.effects]
        if self.options:
            parts.append(" OR ".join("(" + ", ".join(e.words for e in o) + ")"
                                     for o in self.options))
        if self.rush:
            parts.append(f"ADRENALINE RUSH {self.rush.cost}: "
                         + ", ".join(e.words for e in self.rush.effects))
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Power:
    """A Power Source: ``dice`` dice of ``sides`` faces, or ``draw`` cards from ``values``
    (a personal deck, reshuffled whole every round)."""

    dice: int = 0
    sides: int = 0
    draw: int = 0
    values: tuple[int, ...] = ()

    @property
    def is_dice(self) -> bool:
        return self.dice > 0

    @property
    def words(self) -> str:
        if self.is_dice:
            return f"{self.dice}d{self.sides}"
        return f"draw {self.draw} of [{' '.join(map(str, self.values))}]"

    @property
    def minimum(self) -> int:
        """The minimum possible Base."""
        if self.is_dice:
            return self.dice
        return sum(sorted(self.values)[:self.draw])

    def outcomes(self) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        """Every Base the source can produce as its sorted values, with exact odds."""
        return _power_outcomes(self)

    def regen_outcomes(self, kept: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
        """The value that replaces a re-rolled die (or redrawn card), the others ``kept``.

        A die shows any face alike; a redrawn card comes from the personal deck less
        the cards kept in the Base (the replaced card goes back first).
        """
        if self.is_dice:
            return tuple((v, Fraction(1, self.sides)) for v in range(1, self.sides + 1))
        left = Counter(self.values) - Counter(kept)
        total = sum(left.values())
        return tuple((v, Fraction(n, total)) for v, n in sorted(left.items()))


@functools.lru_cache(maxsize=64)
def _power_outcomes(power: Power) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    if power.is_dice:
        counts: Counter = Counter(tuple(sorted(roll)) for roll in itertools.product(
            range(1, power.sides + 1), repeat=power.dice))
        total = power.sides ** power.dice
        return tuple((v, Fraction(n, total)) for v, n in sorted(counts.items()))
    deck = Counter(power.values)
    total = comb(len(power.values), power.draw)
    found = []
    for hand in itertools.combinations_with_replacement(sorted(deck), power.draw):
        need = Counter(hand)
        if any(need[v] > deck[v] for v in need):
            continue
        ways = 1
        for v, k in need.items():
            ways *= comb(deck[v], k)
        found.append((hand, Fraction(ways, total)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Passive:
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class AdrenalineAction:
    name: str
    cost: int
    effects: tuple[Effect, ...]

    @property
    def key(self) -> str:
        """The action's name as one word, as actions are written."""
        return "-".join(self.name.lower().split())


@dataclass(frozen=True, slots=True, eq=False)
class Character:
    """A character sheet.  Compared by identity: a game's table holds each character
    once, and a state's hash must not walk a whole sheet."""

    key: str
    name: str
    hp: int
    power: Power
    critical: tuple[int, int]
    crit_effects: tuple[Effect, ...]
    passives: tuple[Passive, ...]
    adrenaline: tuple[AdrenalineAction, ...]
    cards: tuple[Card, ...]
    ours: bool = False

    def card(self, card_id: str) -> Card | None:
        for card in self.cards:
            if card.id == card_id:
                return card
        return None

    def deck(self) -> tuple[str, ...]:
        """The Action Deck as card ids, sorted."""
        return tuple(sorted(c.id for c in self.cards for _ in range(c.count)))

    def action(self, key: str) -> AdrenalineAction | None:
        for action in self.adrenaline:
            if action.key == key:
                return action
        return None

    def is_crit(self, base: int) -> bool:
        return self.critical[0] <= base <= self.critical[1]


# -- reading ---------------------------------------------------------------------------
def _get(table: Mapping, key: str, kind: type | tuple, where: str, default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise InputError(f"the field {key!r} is missing", where)
        return default
    value = table[key]
    if kind is int and (type(value) is not int):
        raise InputError(f"field {key!r} must be a whole number, not {_shown(value)}", where)
    if kind is not int and not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InputError(f"field {key!r} must be a {names}, not {_shown(value)}", where)
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _count(table: Mapping, key: str, where: str, low: int, high: int,
           default: Any = ...) -> int:
    value = _get(table, key, int, where, default)
    if not low <= value <= high:
        raise InputError(f"field {key!r} must be a whole number from {low} to {high}, not "
                         f"{_shown(value)}", where)
    return value


def _check_keys(table: Mapping, allowed: set, where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise InputError(f"unknown field {extra[0]!r}; fields: {', '.join(sorted(allowed))}",
                         where)


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise InputError(f"an effect is a table like {{ kind = \"ss\", amount = 2 }}, "
                         f"not {raw!r}", where)
    _check_keys(raw, {"kind", "amount", "to", "when", "threshold"}, where)
    kind = _get(raw, "kind", str, where)
    if kind not in KINDS:
        raise InputError(f"field 'kind' must be one of {', '.join(KINDS)}, not {kind!r}", where)
    low = -MAX_AMOUNT if kind == "ss" else 1
    amount = _count(raw, "amount", where, low, MAX_AMOUNT, 1 if kind == "regen" else ...)
    if kind == "ss" and amount == 0:
        raise InputError("field 'amount' of an ss effect must not be 0", where)
    if kind == "regen" and amount != 1:
        raise InputError("field 'amount' of a regen effect is 1 (one die)", where)
    to = _get(raw, "to", str, where, "self")
    if to not in TARGETS:
        raise InputError(f"field 'to' must be self or opponent, not {to!r}", where)
    if kind in ("heal", "shield", "dr") and to != "self":
        raise InputError(f"field 'to': a {kind} effect is for oneself", where)
    when = _get(raw, "when", str, where, "always")
    if when not in WHENS:
        raise InputError(f"field 'when' must be one of {', '.join(WHENS)}, not {when!r}", where)
    if kind in ("ss", "regen") and when in LATE_WHENS:
        raise InputError(f"field 'when': a {kind} effect cannot wait for {when} (the clash "
                         "is decided by then)", where)
    if kind == "regen" and when != "always":
        raise InputError("field 'when': a regen effect is unconditional", where)
    if when in ("revenge", "execute"):
        threshold = _count(raw, "threshold", where, 0, 99)
    else:
        if "threshold" in raw:
            raise InputError(f"field 'threshold' belongs to revenge and execute, not {when}",
                             where)
        threshold = 0
    return Effect(kind, amount, to, when, threshold)


def _at_most(items: list, most: int, what: str, where: str) -> list:
    if len(items) > most:
        raise InputError(f"lists {len(items):,} {what}; a character has at most {most}", where)
    return items


def _effects(raw: Any, where: str, allow_empty: bool = False) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or (not raw and not allow_empty):
        raise InputError("must be a non-empty list of effects", where)
    _at_most(raw, MAX_EFFECTS, "effects in one list", where)
    return tuple(_effect(item, f"{where}[{i}]") for i, item in enumerate(raw))


def _regens(effects: tuple[Effect, ...]) -> int:
    return sum(e.kind == "regen" for e in effects)


def _card(raw: Any, where: str) -> Card:
    if not isinstance(raw, dict):
        raise InputError("a card is a table", where)
    _check_keys(raw, {"id", "name", "timing", "count", "effects", "options", "rush"}, where)
    card_id = _get(raw, "id", str, where)
    if not (card_id.isascii() and card_id.isalnum() and card_id[0].isalpha()
            and len(card_id) <= 8):
        raise InputError(f"field 'id' must be letters and digits, starting with a letter, "
                         f"at most 8, not {card_id!r}", where)
    where = f"{where} ({card_id})"
    name = checked_name(_get(raw, "name", str, where), "name", where)
    timing = _get(raw, "timing", str, where)
    if timing not in TIMINGS:
        raise InputError(f"field 'timing' must be before or after, not {timing!r}", where)
    count = _count(raw, "count", where, 1, DECK_SIZE)
    effects = _effects(raw["effects"], f"{where}: effects", True) if "effects" in raw else ()
    options: tuple = ()
    if "options" in raw:
        if not isinstance(raw["options"], list) or len(raw["options"]) < 2:
            raise InputError("field 'options' (OR) needs two lists of effects or more", where)
        _at_most(raw["options"], MAX_OPTIONS, "options on one card", where)
        options = tuple(_effects(o, f"{where}: options[{i}]")
                        for i, o in enumerate(raw["options"]))
    rush = None
    if "rush" in raw:
        table = raw["rush"]
        if not isinstance(table, dict):
            raise InputError("field 'rush' is a table { cost, effects }", where)
        _check_keys(table, {"cost", "effects"}, f"{where}: rush")
        rush = Rush(_count(table, "cost", f"{where}: rush", 1, 5),
                    _effects(table.get("effects"), f"{where}: rush effects"))
    if not effects and not options:
        raise InputError("a card needs 'effects' or 'options'", where)
    regens = (_regens(effects) + max((_regens(o) for o in options), default=0)
              + (_regens(rush.effects) if rush else 0))
    if regens > 1:
        raise InputError("a card re-rolls one die at most", where)
    if timing == "before" and regens:
        raise InputError("a Before Rolls card cannot re-roll: no die is rolled yet", where)
    return Card(card_id, name, timing, count, effects, options, rush)


def _power(raw: Any, where: str) -> Power:
    if not isinstance(raw, dict):
        raise InputError("the field 'power' is missing or not a table", where)
    where = f"{where}: power"
    if "dice" in raw:
        _check_keys(raw, {"dice", "sides"}, where)
        return Power(dice=_count(raw, "dice", where, 1, MAX_DICE),
                     sides=_count(raw, "sides", where, 2, MAX_SIDES))
    _check_keys(raw, {"draw", "values"}, where)
    values = raw.get("values")
    if (not isinstance(values, list) or not values
            or any(type(v) is not int or not 0 <= v <= 20 for v in values)
            or len(values) > MAX_POWER_CARDS):
        raise InputError(f"field 'values' must list 1 to {MAX_POWER_CARDS} whole numbers "
                         "from 0 to 20 (the personal deck), or give 'dice' and 'sides'", where)
    draw = _count(raw, "draw", where, 1, min(4, len(values)))
    return Power(draw=draw, values=tuple(sorted(values)))


def parse_character(text: str, where: str) -> Character:
    """A character from the text of its TOML file; ``where`` names the file, and an
    error in it the line too (``ember.toml: line 9: field 'critical' ...``).

    >>> parse_character('key = "x"\\nname = "X"\\nhp = 100\\n', "x.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: x.toml: line 3: field 'hp' must be a whole number from 1 to 99, not 100
    """
    raw = toml_table(text, where)
    try:
        return _character(raw, where)
    except InputError as error:
        raise located(error, text, where) from None


def _character(raw: dict, where: str) -> Character:
    _check_keys(raw, {"key", "name", "ours", "hp", "critical", "crit_effects", "power",
                      "passives", "adrenaline", "cards"}, where)
    key = _get(raw, "key", str, where)
    if not (key.isascii() and key.isalpha() and key.islower() and len(key) <= 12):
        raise InputError(f"field 'key' must be 1 to 12 lowercase letters, not {key!r}", where)
    name = checked_name(_get(raw, "name", str, where), "name", where)
    hp = _count(raw, "hp", where, 1, MAX_HP)
    power = _power(raw.get("power"), where)
    critical = _get(raw, "critical", list, where)
    if len(critical) != 2 or any(type(v) is not int for v in critical) or \
            critical[0] > critical[1]:
        raise InputError(f"field 'critical' must be [LOW, HIGH] with LOW <= HIGH, not "
                         f"{_shown(critical)}", where)
    for value in critical:
        if not 0 <= value <= MAX_BASE:
            raise InputError(f"field 'critical' holds Bases, each a whole number from 0 to "
                             f"{MAX_BASE}, not {_shown(value)}", where)
    crit_effects = _effects(raw.get("crit_effects", []), f"{where}: crit_effects", True)
    if any(e.when != "always" or e.kind == "regen" for e in crit_effects):
        raise InputError("crit_effects are unconditional and do not re-roll",
                         f"{where}: crit_effects")
    passives = []
    for i, table in enumerate(_at_most(_get(raw, "passives", list, where, []), MAX_PASSIVES,
                                       "passives", f"{where}: passives")):
        at = f"{where}: passives[{i}]"
        if not isinstance(table, dict):
            raise InputError("a passive is a table { name, effects }", at)
        _check_keys(table, {"name", "effects"}, at)
        effects = _effects(table.get("effects"), f"{at}: effects")
        if any(e.kind == "regen" for e in effects):
            raise InputError("a passive does not re-roll", at)
        passives.append(Passive(checked_name(_get(table, "name", str, at), "name", at), effects))
    actions = []
    for i, table in enumerate(_at_most(_get(raw, "adrenaline", list, where, []),
                                       MAX_ADRENALINE, "Adrenaline Actions",
                                       f"{where}: adrenaline")):
        at = f"{where}: adrenaline[{i}]"
        if not isinstance(table, dict):
            raise InputError("an Adrenaline Action is a table { name, cost, effects }", at)
        _check_keys(table, {"name", "cost", "effects"}, at)
        action = AdrenalineAction(_get(table, "name", str, at), _count(table, "cost", at, 1, 5),
                                  _effects(table.get("effects"), f"{at}: effects"))
        if not action.key.replace("-", "").isalnum() or not action.key.isascii():
            raise InputError(f"field 'name' must be letters, digits and spaces, not "
                             f"{action.name!r}", at)
        if _regens(action.effects) > 1:
            raise InputError("an Adrenaline Action re-rolls one die at most", at)
        if any(a.key == action.key for a in actions):
            raise InputError(f"a second Adrenaline Action named {action.name!r}", at)
        actions.append(action)
    cards = []
    for i, table in enumerate(_at_most(_get(raw, "cards", list, where), DECK_SIZE,
                                       "kinds of card (an Action Deck holds 30 cards)",
                                       f"{where}: cards")):
        card = _card(table, f"{where}: cards[{i}]")
        if any(c.id == card.id for c in cards):
            raise InputError(f"the card id {card.id} is used twice", f"{where}: cards[{i}]")
        cards.append(card)
    total = sum(c.count for c in cards)
    if total != DECK_SIZE:
        raise InputError(f"the Action Deck holds {total} cards; it must hold {DECK_SIZE}",
                         f"{where}: cards")
    ours = _get(raw, "ours", bool, where, False)
    return Character(key, name, hp, power, (critical[0], critical[1]), crit_effects,
                     tuple(passives), tuple(actions), tuple(cards), ours)


def find_character(characters: Mapping[str, Character], text: str,
                   where: str | None = None) -> Character:
    """The character of the table ``characters`` with the key or the name (any case) ``text``."""
    wanted = text.strip().lower()
    for character in characters.values():
        if wanted in (character.key, character.name.lower()):
            return character
    raise InputError(f"unknown character {text!r}; characters: {', '.join(characters)}",
                     where)
