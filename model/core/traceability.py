"""The rulebook accounted for: every sentence of a rulebook mapped to what ringside does with it.

A rulebook file (``../shared/rulebooks/<file>``) is one paragraph, bullet or
heading per line.  :func:`units` cuts its text into *units*: a heading is one
unit, any other line is cut into sentences, each one unit, numbered
``LINE.SENTENCE`` (``12.2`` is the second sentence of line 12).

A game's traceability table (``model/<game>/traceability.py``,
``TRACEABILITY``) is a sequence of :class:`Heading` entries (the rulebook's
headings, in order, so the reference can show the rulebook's structure without
the rulebook) and :class:`Trace` entries, each covering one unit or a run of
units and saying, in ringside's own words, what they say and what ringside
does with them: the rule numbers that implement them, the data they carry
into ringside's files, or why they are an example, flavour or out of scope.
:func:`problems` checks a table against the rulebook's text: every unit that
is not a heading covered exactly once, in order, each fingerprint matching
the text it covers, every rule number and ambiguity id known.

The table holds no rulebook sentence: a fingerprint (six hex digits of a hash
of the covered text) ties each entry to its text, so a changed rulebook is
seen, without quoting it.  Headings are names and carry over as they are.
"""

from __future__ import annotations

import enum
import hashlib
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

__all__ = ["Status", "Unit", "Heading", "Trace", "units", "fingerprint", "covered", "problems"]


class Status(enum.Enum):
    """What ringside does with a rulebook sentence."""

    MODELLED = "modelled"          # implemented by the listed rule numbers
    DATA = "data"                  # a fact (a number, a name, a table row) in ringside's data
    EXAMPLE = "example"            # an illustration of rules stated elsewhere
    FLAVOUR = "flavour"            # story, advice or marketing: nothing to model
    OUT_OF_SCOPE = "out of scope"  # a rule ringside does not model; ``reason`` says why


# A sentence ends at . ! or ? (perhaps closed by a quote or bracket) followed by
# a space and something that can begin a sentence.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[A-Z0-9\"'(\[])")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Unit:
    """One heading or one sentence of a rulebook, where it stands."""

    line: int
    sentence: int
    text: str
    heading: bool

    @property
    def key(self) -> str:
        """``LINE.SENTENCE``, or ``LINE`` for a heading.

        >>> Unit(12, 2, "Draw a card.", False).key, Unit(3, 1, "Set Up", True).key
        ('12.2', '3')
        """
        return str(self.line) if self.heading else f"{self.line}.{self.sentence}"


def _is_heading(line: str) -> bool:
    """A short line that begins with a capital, holds no digit (a table row or a
    dice result does) and does not end like a sentence or a list item."""
    text = line.strip()
    return (len(text) <= 60 and text[:1].isalpha() and text[:1].isupper()
            and not any(c.isdigit() for c in text)
            and not text.endswith((".", "!", "?", ":", ")", ",")) and ". " not in text)


def units(text: str) -> tuple[Unit, ...]:
    """The units of a rulebook's text, in order; blank lines have none.

    >>> [u.key for u in units("Set Up\\nShuffle. Deal 9 cards.\\n\\n- Any: clear one card.\\n")]
    ['1', '2.1', '2.2', '4.1']
    """
    found: list[Unit] = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if _is_heading(line):
            found.append(Unit(number, 1, line, True))
            continue
        for index, sentence in enumerate(s.strip() for s in _SENTENCE_END.split(line) if s.strip()):
            found.append(Unit(number, index + 1, sentence, False))
    return tuple(found)


def fingerprint(texts: Iterable[str]) -> str:
    """Six hex digits that change when the covered text does (spacing and case aside).

    >>> fingerprint(["Draw  a card."]) == fingerprint(["draw a card."])
    True
    """
    joined = " ".join(_SPACES.sub(" ", t.strip().lower()) for t in texts)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:6]


def _position(key: str) -> tuple[int, int]:
    line, _, sentence = key.partition(".")
    return int(line), int(sentence or 0)


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading of the rulebook, at line ``line``, as printed."""

    line: int
    title: str


@dataclass(frozen=True, slots=True)
class Trace:
    """What the units from ``start`` to ``end`` (inclusive; ``end`` empty for one
    unit) say, in ``gist``, and what ringside does with them.

    ``start``/``end`` are unit keys (``"12.2"``); a bare line number (``"12"``)
    means its first sentence as ``start`` and its last as ``end``.  ``rules``
    are the rule numbers that implement a MODELLED entry (or that use a DATA
    fact); ``reason`` says why an entry is OUT_OF_SCOPE (and may add a word to
    any other status); ``ambiguities`` are the register ids of the open points
    these sentences leave.
    """

    start: str
    status: Status
    gist: str
    fingerprint: str
    rules: tuple[str, ...] = ()
    end: str = ""
    reason: str = ""
    ambiguities: tuple[str, ...] = ()

    def span(self, all_units: Sequence[Unit]) -> tuple[Unit, ...]:
        """The units this entry covers, among ``all_units``."""
        first, last = _position(self.start), _position(self.end or self.start)
        lo = (first[0], first[1] or 1)
        hi = (last[0], last[1] or 10**6)
        return tuple(u for u in all_units if not u.heading and lo <= (u.line, u.sentence) <= hi)


def covered(table: Sequence[Heading | Trace], text: str) -> dict[str, Trace]:
    """Each non-heading unit's key and the entry that covers it."""
    all_units = units(text)
    return {u.key: entry for entry in table if isinstance(entry, Trace)
            for u in entry.span(all_units)}


def problems(table: Sequence[Heading | Trace], text: str, *, rule_numbers: Iterable[str],
             ambiguity_ids: Iterable[str] = ()) -> list[str]:
    """Every way ``table`` fails to account for the rulebook ``text``, one line each.

    >>> text = "Set Up\\nShuffle the deck. Deal 9 cards.\\n"
    >>> table = (Heading(1, "Set Up"),
    ...          Trace("2", Status.MODELLED, "Shuffle, then deal nine.",
    ...                fingerprint(["Shuffle the deck.", "Deal 9 cards."]), ("CF 1.1",)))
    >>> problems(table, text, rule_numbers=["CF 1.1"])
    []
    >>> problems(table[:1], text, rule_numbers=["CF 1.1"])
    ['line 2.1 is not accounted for', 'line 2.2 is not accounted for']
    """
    known_rules, known_ids = set(rule_numbers), set(ambiguity_ids)
    all_units = units(text)
    found: list[str] = []
    headings = {u.line: u.text for u in all_units if u.heading}
    listed = {entry.line: entry.title for entry in table if isinstance(entry, Heading)}
    for line, title in headings.items():
        if listed.get(line) != title:
            found.append(f"heading at line {line} ({title!r}) is not listed as a Heading")
    for line in sorted(set(listed) - set(headings)):
        found.append(f"Heading at line {line} is not a heading of the rulebook")
    seen: dict[str, Trace] = {}
    previous = (0, 0)
    for entry in table:
        if not isinstance(entry, Trace):
            continue
        name = f"entry {entry.start}" + (f"-{entry.end}" if entry.end else "")
        try:
            span = entry.span(all_units)
        except ValueError:
            found.append(f"{name}: start/end must look like 12 or 12.2")
            continue
        if not span:
            found.append(f"{name} covers no sentence of the rulebook")
            continue
        if (span[0].line, span[0].sentence) <= previous:
            found.append(f"{name} is out of order or overlaps the entry before it")
        previous = (span[-1].line, span[-1].sentence)
        for unit in span:
            if unit.key in seen:
                found.append(f"line {unit.key} is covered twice ({name})")
            seen[unit.key] = entry
        if fingerprint(u.text for u in span) != entry.fingerprint:
            found.append(f"{name}: fingerprint {entry.fingerprint!r} does not match the text "
                         f"(now {fingerprint(u.text for u in span)!r}): the rulebook changed "
                         "or the entry covers other sentences")
        if not entry.gist.strip():
            found.append(f"{name} has no gist")
        if entry.status is Status.MODELLED and not entry.rules:
            found.append(f"{name} is modelled but names no rule")
        if entry.status is Status.OUT_OF_SCOPE and not entry.reason.strip():
            found.append(f"{name} is out of scope without a reason")
        for number in entry.rules:
            if number not in known_rules:
                found.append(f"{name} names unknown rule {number}")
        for ident in entry.ambiguities:
            if ident not in known_ids:
                found.append(f"{name} names unknown ambiguity {ident}")
    for unit in all_units:
        if not unit.heading and unit.key not in seen:
            found.append(f"line {unit.key} is not accounted for")
    return found
