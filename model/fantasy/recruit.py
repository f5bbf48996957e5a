"""The recruit stage: what makes a warband legal (FF 1.1 to FF 1.10).

:func:`violations` lists every rule a warband breaks, each with its rule
number and a sentence; :func:`shared_card_violations` adds what two warbands
break together (the weapon, armor and spell decks are shared out, so no card
is in both).  ``ringside fantasy warband FILE`` prints the first list; a
battle's ``field`` action is legal only when both lists are empty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from model.fantasy.state import Fighter
from model.fantasy.tables import Tables

WARBAND_SIZE = 10
"""Warriors each player is dealt (FF 1.1)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule a warband breaks: the rule number, the warrior (1-based, 0 for the
    whole warband) and what is wrong."""

    rule: str
    warrior: int
    text: str

    def __str__(self) -> str:
        where = f"warrior {self.warrior}: " if self.warrior else ""
        return f"{self.rule}  {where}{self.text}"


def weapon_deck_share(tables: Tables) -> int:
    """Half the weapon deck, rounded up: the most weapon cards one player holds (FF 1.3)."""
    return (len(tables.weapons) + 1) // 2


def armor_deck_share(tables: Tables) -> int:
    """Half the armor deck (shields, helmets, armor), rounded up (FF 1.4)."""
    return (len(tables.equipment) + 1) // 2


def violations(tables: Tables, fighters: Sequence[Fighter],
               size: int = WARBAND_SIZE) -> list[Violation]:
    """Every recruit rule ``fighters`` break, warrior by warrior, in rule order (their
    cards those of ``tables``)."""
    found: list[Violation] = []
    if len(fighters) != size:
        found.append(Violation("FF 1.1", 0, f"fields {len(fighters)} warriors; the battle "
                                            f"asks for {size}"))
    front = sum(1 for f in fighters if f.row == "F")
    back = len(fighters) - front
    if front < back:
        found.append(Violation("FF 1.2", 0, f"{front} in the front row, {back} in the back "
                                            "row: the front row needs at least as many"))
    weapon_cards = Counter(arm.code for f in fighters for arm in f.arms)
    for code, count in sorted(weapon_cards.items()):
        if count > 1:
            found.append(Violation("FF 1.3", 0, f"the {tables.weapons[code].name} card is "
                                                f"used {count} times; the deck holds one"))
    if sum(weapon_cards.values()) > weapon_deck_share(tables):
        found.append(Violation("FF 1.3", 0, f"{sum(weapon_cards.values())} weapon cards; a "
                                            f"player is dealt half the deck, "
                                            f"{weapon_deck_share(tables)}"))
    gear_cards = Counter(code for f in fighters for code in f.gear)
    for code, count in sorted(gear_cards.items()):
        if count > 1:
            found.append(Violation("FF 1.4", 0, f"the {tables.equipment[code].name} card is "
                                                f"used {count} times; the deck holds one"))
    if sum(gear_cards.values()) > armor_deck_share(tables):
        found.append(Violation("FF 1.4", 0, f"{sum(gear_cards.values())} armor-deck cards; a "
                                            f"player is dealt half the deck, "
                                            f"{armor_deck_share(tables)}"))
    for number, fighter in enumerate(fighters, 1):
        card = tables.warriors[fighter.card]
        kinds = Counter(tables.equipment[code].kind for code in fighter.gear)
        if kinds["shield"] > 1:
            found.append(Violation("FF 1.5", number, f"{fighter.card} has {kinds['shield']} "
                                                     "shields; one at most"))
        if kinds["helmet"] > 1:
            found.append(Violation("FF 1.5", number, f"{fighter.card} has {kinds['helmet']} "
                                                     "helmets; one at most"))
        if kinds["full"] > 1 or (kinds["full"] and kinds["partial"]):
            found.append(Violation("FF 1.6", number, f"{fighter.card} wears "
                                                     f"{kinds['full']} full suit(s) and "
                                                     f"{kinds['partial']} partial piece(s): "
                                                     "one full suit, or partial pieces"))
        if fighter.gear and (card.backstab or card.spellcaster):
            what = "a back-stabber" if card.backstab else "a spellcaster"
            found.append(Violation("FF 1.9", number, f"{fighter.card} is {what} and wears "
                                                     f"{', '.join(fighter.gear)}"))
        if len(fighter.spells) != card.spells:
            found.append(Violation("FF 1.10", number, f"{fighter.card} holds "
                                                      f"{len(fighter.spells)} spell cards; "
                                                      f"its Spells value is {card.spells}"))
    spell_cards = Counter(code for f in fighters for code in f.spells)
    for code, count in sorted(spell_cards.items()):
        spell = tables.spells[code]
        if count > spell.copies:
            found.append(Violation("FF 1.10", 0, f"{count} {spell.name} cards; the "
                                                 f"spell deck holds {spell.copies}"))
    return sorted(found, key=lambda v: (_order(v.rule), v.warrior))


def shared_card_violations(tables: Tables, a: Sequence[Fighter],
                           b: Sequence[Fighter]) -> list[Violation]:
    """What two warbands break together: a weapon or armor-deck card in both (FF 1.3,
    FF 1.4), more spell cards of a name than the deck holds (FF 1.10)."""
    found = []
    both = {arm.code for f in a for arm in f.arms} & {arm.code for f in b for arm in f.arms}
    for code in sorted(both):
        found.append(Violation("FF 1.3", 0, f"the {tables.weapons[code].name} card is in "
                                            "both warbands; the deck is shared out"))
    both = {c for f in a for c in f.gear} & {c for f in b for c in f.gear}
    for code in sorted(both):
        found.append(Violation("FF 1.4", 0, f"the {tables.equipment[code].name} card is in "
                                            "both warbands; the deck is shared out"))
    spell_cards = Counter(c for f in (*a, *b) for c in f.spells)
    for code, count in sorted(spell_cards.items()):
        spell = tables.spells[code]
        if count > spell.copies:
            found.append(Violation("FF 1.10", 0, f"{count} {spell.name} cards in the "
                                                 f"two warbands; the deck holds "
                                                 f"{spell.copies}"))
    return found


def draw_spells(tables: Tables, a: Sequence[Fighter], b: Sequence[Fighter],
                rng) -> tuple[tuple[Fighter, ...], tuple[Fighter, ...], list[str]]:
    """The spell draw of FF 1.10 for every caster that lists no spell card: as many cards
    as its Spells value, drawn by ``rng`` from the spell deck less the cards both warbands
    already list (and those drawn before it, side A first).  Returns the two warbands and
    a sentence per draw.  A caster that lists its cards keeps them (a warband file records
    a draw made before); the deck running out leaves the rest undrawn, which FF 1.10's
    count then reports."""
    deck = Counter({code: spell.copies for code, spell in tables.spells.items()})
    deck.subtract(c for f in (*a, *b) for c in f.spells)
    cards = sorted(deck.elements())
    rng.shuffle(cards)
    words: list[str] = []
    bands = []
    for side, band in (("A", a), ("B", b)):
        drawn_band = []
        for index, fighter in enumerate(band):
            value = tables.warriors[fighter.card].spells
            if value and not fighter.spells and cards:
                drawn, cards = tuple(cards[:value]), cards[value:]
                fighter = replace(fighter, spells=drawn)
                words.append(f"{side}{index} {fighter.card} draws {', '.join(drawn)} "
                             f"(Spells {value})")
            drawn_band.append(fighter)
        bands.append(tuple(drawn_band))
    return bands[0], bands[1], words


def _order(rule: str) -> tuple[int, ...]:
    return tuple(int(p) for p in rule.split()[1].split("."))
