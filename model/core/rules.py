"""Numbered rules: the registry every game writes its rules into.

A rule number is a game prefix and a dotted section number with an optional
letter, written ``CF 4.3`` or ``FK 7.2b``.  Numbers are stable: once
published, a number keeps its meaning; a retired rule is not reused.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from model.core.errors import InputError

_NUMBER = re.compile(r"^\s*([A-Za-z]{2,4})\s*(\d+(?:\.\d+)*[a-z]?)\s*$", re.ASCII)


def normalize_rule_number(text: str) -> str:
    """Canonical spelling of a rule number: ``cf4.3`` -> ``CF 4.3``.

    Raises :class:`InputError` when ``text`` is not shaped like a rule number.

    >>> normalize_rule_number("cf4.3"), normalize_rule_number(" fk 7.2b ")
    ('CF 4.3', 'FK 7.2b')
    >>> normalize_rule_number("4.3")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: '4.3' is not a rule number; rule numbers look like 'CF 4.3'
    """
    match = _NUMBER.match(text) if isinstance(text, str) else None
    if match is None:
        raise InputError(
            f"{text!r} is not a rule number; rule numbers look like 'CF 4.3'"
        )
    return f"{match.group(1).upper()} {match.group(2)}"


def _sort_key(number: str) -> tuple:
    prefix, _, section = number.partition(" ")
    parts: list[tuple[int, str]] = []
    for piece in section.split("."):
        digits = piece.rstrip("abcdefghijklmnopqrstuvwxyz")
        parts.append((int(digits), piece[len(digits):]))
    return (prefix, tuple(parts))


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule.

    ``statement`` is the rule in ringside's own words; ``source`` names the
    rulebook section it comes from (or the ringside specification, for the
    points the rulebook leaves open); ``implemented_by`` lists the dotted
    names of the functions that carry it out.

    >>> rule = Rule("CF 4.3", "Any", "Clear any one card, a Joker included.", "Actions: Any")
    >>> rule  # doctest: +NORMALIZE_WHITESPACE
    Rule(number='CF 4.3', title='Any', statement='Clear any one card, a Joker included.',
         source='Actions: Any', implemented_by=())
    >>> rule.section
    'CF 4'
    >>> Rule("cf 4.3", "Any", "Clear any one card.", "Actions: Any")
    Traceback (most recent call last):
        ...
    ValueError: rule number 'cf 4.3' is not canonical
    """

    number: str
    title: str
    statement: str
    source: str
    implemented_by: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if normalize_rule_number(self.number) != self.number:
            raise ValueError(f"rule number {self.number!r} is not canonical")
        if not self.statement.strip() or not self.title.strip():
            raise ValueError(f"rule {self.number} needs a title and a statement")

    @property
    def section(self) -> str:
        """The top-level section: ``CF 4`` for ``CF 4.3``."""
        prefix, _, section = self.number.partition(" ")
        return f"{prefix} {section.split('.')[0]}"


@dataclass(frozen=True, slots=True)
class Section:
    """A heading that groups rules: ``CF 4`` "Actions"."""

    number: str
    title: str


@dataclass(frozen=True, slots=True)
class Term:
    """A word of a game's rules, for its glossary: what it means and where it is ruled.

    ``definition`` is one or two sentences in ringside's own words; ``rules``
    the rule numbers that govern it (the first is where it is defined).
    ``notation``, when given, is a regular expression for the places where
    the term is *written* in the game's notation (``JK@\\d`` for the Joker
    named by its slot): the rules reference explains the notation wherever
    it is printed.  ``see`` lists other spellings the index points here.

    >>> Term("Any", "The action that clears one card of the player's choice.", ("CF 4.3",)).rules
    ('CF 4.3',)
    """

    name: str
    definition: str
    rules: tuple[str, ...] = ()
    notation: str = ""
    see: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip() or not self.definition.strip():
            raise ValueError("a glossary term needs a name and a definition")
        for number in self.rules:
            if normalize_rule_number(number) != number:
                raise ValueError(f"{self.name}: rule number {number!r} is not canonical")


class RuleBook:
    """The ordered, numbered rules of one game.

    >>> book = RuleBook("CF", [Section("CF 4", "Actions")], [
    ...     Rule("CF 4.3", "Any", "Clear any one card.", "Actions: Any"),
    ...     Rule("CF 4.1", "Match", "Clear every card of the club's rank.", "Actions: Match")])
    >>> book.numbers(), len(book), "CF 4.1" in book
    (('CF 4.1', 'CF 4.3'), 2, True)
    >>> book.get("cf4.1").title
    'Match'
    >>> book.get("CF 4.2")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: unknown rule number CF 4.2; did you mean CF 4.3, CF 4.1?
    >>> book.validate(["cf 4.3", "CF4.1"], "scenarios/clubfight/x.toml")
    ('CF 4.3', 'CF 4.1')
    """

    def __init__(
        self, prefix: str, sections: Iterable[Section], rules: Iterable[Rule]
    ) -> None:
        self.prefix = prefix
        self.sections = tuple(sections)
        ordered = sorted(rules, key=lambda rule: _sort_key(rule.number))
        self._rules = {rule.number: rule for rule in ordered}
        if len(self._rules) != len(ordered):
            raise ValueError(f"{prefix}: a rule number is used twice")
        section_numbers = {section.number for section in self.sections}
        for rule in ordered:
            if not rule.number.startswith(prefix + " "):
                raise ValueError(f"rule {rule.number} does not start with {prefix}")
            if rule.section not in section_numbers:
                raise ValueError(f"rule {rule.number} has no section {rule.section}")

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def __contains__(self, number: object) -> bool:
        return number in self._rules

    def numbers(self) -> tuple[str, ...]:
        return tuple(self._rules)

    def get(self, number: str) -> Rule:
        """The rule with that number; :class:`InputError` names the nearest."""
        canonical = normalize_rule_number(number)
        try:
            return self._rules[canonical]
        except KeyError:
            close = difflib.get_close_matches(canonical, self._rules, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InputError(f"unknown rule number {canonical}{hint}") from None

    def in_section(self, section: Section) -> tuple[Rule, ...]:
        return tuple(rule for rule in self if rule.section == section.number)

    def validate(self, numbers: Iterable[str], where: str) -> tuple[str, ...]:
        """Canonical numbers, each checked to exist; errors say ``where``."""
        result = []
        for number in numbers:
            try:
                result.append(self.get(number).number)
            except InputError as error:
                raise error.at(where) from None
        return tuple(result)
