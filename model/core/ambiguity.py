"""The ambiguity register.

Each entry is a place where a rulebook is silent, contradicts itself or can be
read two ways.  It records the passage (cited, not quoted), the readings, the
one ringside takes by default, the ``Rules`` field that selects a reading, and
a witness: a concrete position and action where the readings give different
answers, found by z3 and kept here so the docs can show it and the tests can
replay it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the passage, and the ``Rules`` value that selects it.

    ``label`` is the value in a word or two for people (``yes``, ``3 cards``);
    without one, a yes/no value reads ``yes``/``no`` and a number as itself.
    """

    value: Any
    summary: str
    label: str = ""

    @property
    def words(self) -> str:
        """The reading's value for people.

        >>> Reading(True, "Jokers match.").words, Reading(3, "", "3 cards").words
        ('yes', '3 cards')
        """
        return self.label or value_words(self.value)


def value_words(value: Any) -> str:
    """A setting's value for people: ``True`` -> ``yes``, ``False`` -> ``no``."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


@dataclass(frozen=True, slots=True)
class Witness:
    """Where the readings differ: a position of the game, or a command.

    ``position`` is in the game's notation and ``probe`` names what to compare
    there (for Club Fight, the club whose legal moves differ; for the other
    games, an action).  For an open point that no position shows (how a deck
    is counted, how a cost is paid), ``command`` is a ringside command line
    (the words after ``ringside``) whose answer differs when it is run with
    ``--set FIELD=VALUE`` for each reading; position and probe are then empty.
    ``difference`` says in a sentence what each reading gives.
    """

    position: str
    probe: str
    difference: str
    command: str = ""

    def __post_init__(self) -> None:
        if bool(self.command) == bool(self.position):
            raise ValueError("a witness is a position or a command, exactly one of them")


@dataclass(frozen=True, slots=True)
class Ambiguity:
    id: str
    title: str
    passage: str
    source: str
    rules: tuple[str, ...]
    field: str
    readings: tuple[Reading, ...]
    default: Any
    rationale: str
    witness: Witness | None = None
    setting: str = ""
    """The ruleset's choice in a few words for people (``Jokers match``);
    the field's name with spaces when empty."""

    def __post_init__(self) -> None:
        values = [reading.value for reading in self.readings]
        if len(self.readings) < 2:
            raise ValueError(f"{self.id}: an ambiguity needs two readings or more")
        if self.default not in values:
            raise ValueError(f"{self.id}: the default is not one of the readings")

    @property
    def setting_words(self) -> str:
        return self.setting or self.field.replace("_", " ")

    def reading(self, value: Any) -> Reading:
        for reading in self.readings:
            if reading.value == value:
                return reading
        raise KeyError(value)
