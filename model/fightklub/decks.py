"""Fight Klub deck lists and collections: reading them, checking decks, building from a collection.

A deck list is written as the rulebook writes its recommended decks (FK 2.13):
section headings ``Character``, ``Draw stack``, ``Fight stack`` and
``Universal``, and under them lines ``- NAME: COPIES RARITY NUMBER``
(``- John Rambo: 1 R 27``).  A collection, the cards someone owns, uses the
same lines with headings optional.  Blank lines and ``#`` comments are
skipped; any other line is an :class:`InputError` naming its number.

:func:`check_deck` returns every violation with its rule numbers and line,
and lists apart (``unchecked``) each check it could not make because a fact
it needs is not known -- for ONE, whose card texts are not public, that is
often the case; it never guesses.  :func:`check_collection` says whether a
collection can build several decks at the same time and what it is short of.

Both take the card table as a value (``cards``, code -> card);
:mod:`analysis.fightklub.loading` reads the shipped decks, collections and cards.

>>> deck = parse_deck("Character\\n- Nobody: 1 R 901\\n", "tiny.txt")
>>> report = check_deck(deck, cards={})
>>> report.cards, [(v.line, v.rules) for v in report.violations if v.line]
(1, [(2, ('FK 2.10',))])
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from model.core.errors import InputError
from model.fightklub.cards import (
    DRAW_STACK_TYPES, ONE_SET, RARITIES, UNIVERSAL, Card, card_code, is_known,
    name_key,
)
from model.fightklub.rules import DEFAULT_RULES, Rules

# -- deck lists --------------------------------------------------------------------------------
CHARACTER, DRAW, FIGHT, UNIVERSAL_SECTION = "Character", "Draw stack", "Fight stack", "Universal"
SECTIONS = (CHARACTER, DRAW, FIGHT, UNIVERSAL_SECTION)
DECK_SIZE = 40
SECTION_SIZES = {CHARACTER: 1, DRAW: 26, FIGHT: 12, UNIVERSAL_SECTION: 1}
"""How many cards each part of a deck holds (FK 2.1-2.5)."""
RARITY_LIMITS = {"R": 1, "U": 3, "C": 3}
"""The 1-3-3 rule: copies of one card a deck may hold, by rarity (FK 2.6)."""
GOLD_ICON_LIMIT = 3
MAX_COPIES = 999

_LINE = re.compile(r"-\s*(?P<name>.*\S)\s*:\s*(?P<copies>\d{1,4})\s+(?P<rarity>[A-Za-z])"
                   r"\s+(?P<number>[Ss]?\d{1,4})", re.ASCII)
_HEADINGS = {name_key(section): section for section in SECTIONS}
_SECTION_WANTS = {CHARACTER: (frozenset({"character"}), "FK 2.2", "the character"),
                  DRAW: (DRAW_STACK_TYPES, "FK 2.4", "the draw stack"),
                  FIGHT: (frozenset({"fight"}), "FK 2.3", "the fight stack"),
                  UNIVERSAL_SECTION: (frozenset({UNIVERSAL}), "FK 2.5", "the universal section")}


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One card line: ``- NAME: COPIES RARITY NUMBER``, at ``line`` (1-based) under
    ``section`` (``None`` before any heading, allowed in a collection only)."""

    line: int
    section: str | None
    name: str
    copies: int
    rarity: str
    code: str


@dataclass(frozen=True, slots=True)
class CardList:
    """A deck list or a collection as written; ``where`` names its file."""

    where: str
    lines: tuple[DeckLine, ...]

    @property
    def cards(self) -> int:
        return sum(line.copies for line in self.lines)

    def copies(self) -> Counter:
        """Copies by card code, over all lines."""
        counts: Counter = Counter()
        for line in self.lines:
            counts[line.code] += line.copies
        return counts


def parse_card_list(text: str, where: str, *, deck: bool) -> CardList:
    """The lines of a deck list (``deck=True``: every card line under a heading) or
    of a collection (headings optional).

    >>> parse_card_list("Character\\n- John Rambo: 1 R 27\\n", "d.txt", deck=True).lines
    (DeckLine(line=2, section='Character', name='John Rambo', copies=1, rarity='R', code='027'),)
    >>> parse_card_list("- John Rambo 1 R 27", "d.txt", deck=False)
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: d.txt: line 1: '- John Rambo 1 R 27' is not a card line '- NAME: COPIES RARITY NUMBER' (like '- John Rambo: 1 R 27')
    """
    if not isinstance(text, str):
        raise InputError("a card list is text", where)
    section: str | None = None
    lines: list[DeckLine] = []
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        at = f"{where}: line {number}"
        if not stripped or stripped.startswith("#"):
            continue
        heading = _HEADINGS.get(name_key(stripped.removesuffix(":")))
        if heading is not None:
            section = heading
            continue
        match = _LINE.fullmatch(stripped)
        if match is None:
            shown = stripped if len(stripped) <= 60 else stripped[:57] + "..."
            what = ("a card line '- NAME: COPIES RARITY NUMBER' (like '- John Rambo: 1 R "
                    "27')")
            if not stripped.startswith("-"):
                what += " or a heading (" + ", ".join(SECTIONS) + ")"
            raise InputError(f"{shown!r} is not {what}", at)
        if deck and section is None:
            raise InputError("a deck's card line comes under a heading (" + ", ".join(SECTIONS)
                             + ")", at)
        copies = int(match["copies"])
        if not 1 <= copies <= MAX_COPIES:
            raise InputError(f"copies must be from 1 to {MAX_COPIES}, not {copies}", at)
        rarity = match["rarity"].upper()
        if rarity not in RARITIES:
            raise InputError(f"the rarity letter is R, U or C, not {match['rarity']!r}", at)
        code = card_code(match["number"])
        assert code is not None  # the pattern only lets numbers through
        lines.append(DeckLine(number, section, match["name"].strip(), copies, rarity, code))
    return CardList(where, tuple(lines))


def parse_deck(text: str, where: str) -> CardList:
    return parse_card_list(text, where, deck=True)


def parse_collection(text: str, where: str) -> CardList:
    return parse_card_list(text, where, deck=False)


# -- checking a deck ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Violation:
    """A broken deck rule: its numbers, the line that shows it (``None`` for the
    deck as a whole) and what is wrong."""

    rules: tuple[str, ...]
    line: int | None
    message: str

    def as_json(self) -> dict:
        return {"rules": list(self.rules), "line": self.line, "message": self.message}


@dataclass(frozen=True, slots=True)
class Unchecked:
    """A check that could not be made, and why (a fact it needs is not known)."""

    check: str
    rules: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        return f"cannot check {self.check} ({', '.join(self.rules)}): {self.reason}"


@dataclass(frozen=True, slots=True)
class DeckReport:
    """What :func:`check_deck` found.  ``valid`` means no violation was found;
    ``verdict`` adds the third value: ``unknown`` when no violation was found but
    some checks could not be made."""

    cards: int
    violations: tuple[Violation, ...]
    unchecked: tuple[Unchecked, ...]

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def verdict(self) -> str:
        if self.violations:
            return "invalid"
        return "unknown" if self.unchecked else "valid"

    def as_json(self) -> dict:
        return {"valid": self.valid, "verdict": self.verdict, "cards": self.cards,
                "violations": [v.as_json() for v in self.violations],
                "unchecked": [str(u) for u in self.unchecked]}


class _Gaps:
    """The unknown facts each check ran into, gathered to one reason per check."""

    _ORDER = ("FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5", "FK 2.6", "FK 2.7", "FK 2.8", "FK 2.9")

    def __init__(self) -> None:
        self._facts: dict[tuple[str, str], dict[str, list[str]]] = {}
        self._lines: dict[tuple[str, str], list[int]] = {}

    def fact(self, rule: str, check: str, what: str, card: Card) -> None:
        labels = self._facts.setdefault((rule, check), {}).setdefault(what, [])
        if card.label not in labels:
            labels.append(card.label)

    def line(self, rule: str, check: str, line: int) -> None:
        self._lines.setdefault((rule, check), []).append(line)

    def items(self) -> tuple[Unchecked, ...]:
        keys = sorted(set(self._facts) | set(self._lines),
                      key=lambda key: self._ORDER.index(key[0]))
        found = []
        for rule, check in keys:
            reasons = []
            for what, labels in self._facts.get((rule, check), {}).items():
                if len(labels) == 1:
                    reasons.append(f"the {what} of {labels[0]} is not known")
                else:
                    shown = ", ".join(labels[:3])
                    more = f" and {len(labels) - 3} more" if len(labels) > 3 else ""
                    reasons.append(f"the {what}s of {shown}{more} are not known")
            lines = self._lines.get((rule, check), [])
            if lines:
                where = ", ".join(str(n) for n in lines)
                reasons.append(f"line{'s' if len(lines) > 1 else ''} {where} "
                               f"name{'s' if len(lines) == 1 else ''} no card of the list")
            found.append(Unchecked(check, (rule,), "; ".join(reasons)))
        return tuple(found)


def _type_words(card: Card) -> str:
    words = {"fight": "a fight card", "effect": "an effect", "instant": "an instant",
             "gear": "gear", "universal": "a universal card"}
    if is_known(card.type):
        return words.get(card.type, f"a {card.type}")
    if card.types == DRAW_STACK_TYPES:
        return "a draw-stack card (condition, effect, gear or instant)"
    return "of a type not known"


def _shown(name: str) -> str:
    """A name as written, made safe for a one-line message (no control characters)."""
    text = "".join(c if c.isprintable() else "?" for c in name)
    return text if len(text) <= 60 else text[:57] + "..."


def _identify(line: DeckLine, cards: Mapping[str, Card],
              by_name: Mapping[str, Card]) -> tuple[Card | None, list[Violation]]:
    """The card a line names, and the identity violations (FK 2.10-2.12)."""
    card = cards.get(line.code)
    named = by_name.get(name_key(line.name))
    if card is None:
        where = "the synthetic set" if line.code.startswith("S") else "ONE (001 to 101)"
        hint = f"; {named.name} is {named.code}" if named is not None else ""
        return None, [Violation(("FK 2.10",), line.line,
                                f"no card {line.code} in {where}{hint}")]
    if name_key(card.name) != name_key(line.name):
        hint = f"; {named.name} is {named.code}" if named is not None else ""
        return None, [Violation(("FK 2.11",), line.line, f"card {card.code} is {card.name}, "
                                f"not {_shown(line.name)}{hint}")]
    if card.rarity != line.rarity:
        return card, [Violation(("FK 2.12",), line.line,
                                f"{card.label} is {RARITIES[card.rarity]} ({card.rarity}), "
                                f"not {line.rarity}")]
    return card, []


def check_deck(deck: CardList, rules: Rules = DEFAULT_RULES, *,
               cards: Mapping[str, Card]) -> DeckReport:
    """Every violation of the deck rules FK 2.1-2.12 in ``deck``, and the checks
    that need facts nobody knows (``unchecked``)."""
    # Name hints point at ONE's card when a synthetic card shares its name (The Drop).
    by_name = {name_key(card.name): card for card in
               sorted(cards.values(), key=lambda card: card.set == ONE_SET)}
    violations: list[Violation] = []
    gaps = _Gaps()
    resolved: list[tuple[DeckLine, Card | None]] = []
    for line in deck.lines:
        card, problems = _identify(line, cards, by_name)
        violations += problems
        resolved.append((line, card))

    total = deck.cards
    if total != DECK_SIZE:
        violations.append(Violation(("FK 2.1",), None, f"the deck has {total} cards; a deck "
                                    "has 40 (1 character, 26 draw, 12 fight, The Drop)"))
    _check_sections(deck, resolved, violations, gaps)
    _check_the_drop(resolved, violations)
    _check_rarity(resolved, rules, violations, gaps)
    _check_gold(resolved, rules, violations, gaps)
    _check_affiliation(resolved, violations, gaps)
    _check_signatures(resolved, violations, gaps)
    order = {number: index for index, number in enumerate(
        ("FK 2.10", "FK 2.11", "FK 2.12", "FK 2.1", "FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5",
         "FK 2.6", "FK 2.7", "FK 2.8", "FK 2.9"))}
    violations.sort(key=lambda v: (v.line is not None, v.line or 0, order[v.rules[0]]))
    return DeckReport(total, tuple(violations), gaps.items())


def _check_sections(deck: CardList, resolved, violations: list, gaps: _Gaps) -> None:
    """FK 2.2-2.5: how many cards each part holds and whether each card may be there."""
    for section in SECTIONS:
        wanted, rule, check = _SECTION_WANTS[section]
        held = [line for line in deck.lines if line.section == section]
        count = sum(line.copies for line in held)
        size = SECTION_SIZES[section]
        if count != size and section != UNIVERSAL_SECTION:  # The Drop: _check_the_drop
            what = {CHARACTER: "the Character section", DRAW: "the draw stack",
                    FIGHT: "the fight stack"}[section]
            wants = {CHARACTER: "a deck has exactly 1 character",
                     DRAW: "a deck's draw stack holds exactly 26",
                     FIGHT: "a deck's fight stack holds exactly 12"}[section]
            violations.append(Violation(
                (rule,), None, f"{what} holds {count} card{'s' if count != 1 else ''}; "
                f"{wants}"))
        for line, card in resolved:
            if line.section != section:
                continue
            if card is None:
                gaps.line(rule, check, line.line)
            elif card.surely(*wanted):
                continue
            elif card.may_be(*wanted):
                gaps.fact(rule, check, "type", card)
            else:
                place = {CHARACTER: "the Character section holds the deck's character only",
                         DRAW: "the draw stack holds conditions, effects, gear and instants "
                               "only",
                         FIGHT: "the fight stack holds fight cards only",
                         UNIVERSAL_SECTION: "the Universal section holds The Drop only"}
                # A character outside the Character section also breaks "one character".
                extra = ("FK 2.2",) if section != CHARACTER and card.surely("character") else ()
                violations.append(Violation(
                    (rule,) + extra, line.line, f"{card.label} is {_type_words(card)}; "
                    f"{place[section]}"))


def _check_the_drop(resolved, violations: list) -> None:
    """FK 2.5: exactly one copy of The Drop, under Universal."""
    drops = [(line, card) for line, card in resolved if card is not None and card.is_the_drop]
    count = sum(line.copies for line, _ in drops)
    if count == 0:
        violations.append(Violation(("FK 2.5",), None, "the deck has no copy of The Drop; "
                                    "every deck has exactly one"))
    elif count > 1:
        violations.append(Violation(("FK 2.5",), drops[-1][0].line, f"the deck has {count} "
                                    "copies of The Drop; every deck has exactly one"))
    others = [line for line, card in resolved
              if line.section == UNIVERSAL_SECTION and card is not None
              and card.surely(UNIVERSAL) and not card.is_the_drop]
    for line in others:
        violations.append(Violation(
            ("FK 2.5",), line.line, f"{_shown(line.name)} is a universal card other than "
            "The Drop; a deck's one universal card is The Drop"))


def _check_rarity(resolved, rules: Rules, violations: list, gaps: _Gaps) -> None:
    """FK 2.6: the 1-3-3 rule, counting copies of each card number over all lines, or
    of each name (FK-D3), under the strictest limit among the cards counted together."""
    seen: Counter = Counter()
    limits: dict[str, int] = {}
    reported: set[str] = set()
    for line, card in resolved:
        if card is None:
            gaps.line("FK 2.6", "the 1-3-3 rule", line.line)
            continue
        key = name_key(card.name) if rules.copy_limits_by_name else card.code
        limits[key] = min(limits.get(key, RARITY_LIMITS[card.rarity]),
                          RARITY_LIMITS[card.rarity])
        seen[key] += line.copies
        if seen[key] > limits[key] and key not in reported:
            reported.add(key)
            if rules.copy_limits_by_name:
                message = (f"{seen[key]} copies of cards named {card.name}; the 1-3-3 rule "
                           f"allows {limits[key]} of them")
            else:
                message = (f"{seen[key]} copies of {card.label}; a {RARITIES[card.rarity]} "
                           f"card is limited to {limits[key]} per deck")
            violations.append(Violation(("FK 2.6",), line.line, message))


def _check_gold(resolved, rules: Rules, violations: list, gaps: _Gaps) -> None:
    """FK 2.7: gold-icon fight cards in the fight stack, in all or per card (FK-D1)."""
    check = "the gold-icon limit"
    gold: Counter = Counter()
    unknown: list[tuple[DeckLine, Card | None]] = []
    reported = False
    for line, card in resolved:
        if line.section != FIGHT or (card is not None and not card.may_be("fight")):
            continue
        if card is None or not is_known(card.gold_icon):
            unknown.append((line, card))
            continue
        if not card.gold_icon:
            continue
        key = card.code if rules.gold_icon_limit_per_card else "all"
        before = gold[key]
        gold[key] += line.copies
        if before <= GOLD_ICON_LIMIT < gold[key]:
            reported = True
            what = (f"{gold[key]} copies of the gold-icon fight card {card.label}"
                    if rules.gold_icon_limit_per_card
                    else f"the fight stack holds {gold[key]} gold-icon fight cards")
            violations.append(Violation(("FK 2.7",), line.line,
                                        f"{what}; the limit is {GOLD_ICON_LIMIT}"))
    if not unknown:
        return
    if rules.gold_icon_limit_per_card:
        # Only a card that could be gold and is held more than 3 times (over all its
        # lines) is in doubt.
        held = Counter()
        for line, _ in unknown:
            held[line.code] += line.copies
        doubtful = [(line, card) for line, card in unknown if held[line.code] > GOLD_ICON_LIMIT]
    else:
        doubtful = ([] if reported or gold["all"] + sum(line.copies for line, _ in unknown)
                    <= GOLD_ICON_LIMIT else unknown)
    for line, card in doubtful:
        if card is None:
            gaps.line("FK 2.7", check, line.line)
        else:
            gaps.fact("FK 2.7", check, "gold icon", card)


def _deck_character(resolved) -> Card | None:
    found = [card for line, card in resolved
             if line.section == CHARACTER and card is not None and card.surely("character")]
    return found[0] if len(found) == 1 else None


def _check_affiliation(resolved, violations: list, gaps: _Gaps) -> None:
    """FK 2.8: one affiliation for every card but universal ones."""
    check = "one affiliation"
    known: list[tuple[DeckLine, Card]] = []
    for line, card in resolved:
        if card is None:
            gaps.line("FK 2.8", check, line.line)
        elif card.surely(UNIVERSAL):
            continue
        elif is_known(card.affiliation):
            known.append((line, card))
        else:
            gaps.fact("FK 2.8", check, "affiliation", card)
    sides = Counter(card.affiliation for _, card in known)
    if len(sides) < 2:
        return
    character = _deck_character(resolved)
    if character is not None and is_known(character.affiliation):
        reference = character.affiliation
    else:
        reference = sides.most_common(1)[0][0]
    for line, card in known:
        if card.affiliation != reference:
            violations.append(Violation(("FK 2.8",), line.line, f"{card.label} is a "
                                        f"{card.affiliation} card in a {reference} deck"))


def _check_signatures(resolved, violations: list, gaps: _Gaps) -> None:
    """FK 2.9: a signature card only in a deck of its character."""
    check = "signature cards"
    character = _deck_character(resolved)
    for line, card in resolved:
        if card is None:
            gaps.line("FK 2.9", check, line.line)
        elif not is_known(card.signature):
            gaps.fact("FK 2.9", check, "signature icon", card)
        elif card.signature is None:
            continue
        elif character is None:
            gaps.fact("FK 2.9", check, "deck's character (needed for the signature)", card)
        elif name_key(card.signature) != name_key(character.name):
            violations.append(Violation(("FK 2.9",), line.line, f"{card.label} is a signature "
                                        f"card of {card.signature}; this deck's character is "
                                        f"{character.name}"))


# -- collections -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Shortage:
    """A card the decks need more copies of than the collection holds."""

    code: str
    number: int
    name: str
    need: int
    have: int

    def as_json(self) -> dict:
        return {"number": self.number, "card": self.code, "name": self.name,
                "need": self.need, "have": self.have}


@dataclass(frozen=True, slots=True)
class CollectionReport:
    need: int
    have: int
    shortages: tuple[Shortage, ...]

    @property
    def buildable(self) -> bool:
        return not self.shortages

    def as_json(self) -> dict:
        return {"buildable": self.buildable, "need": self.need, "have": self.have,
                "shortages": [s.as_json() for s in self.shortages]}


def check_collection(owned: CardList, decks: Sequence[CardList], rules: Rules = DEFAULT_RULES,
                     *, cards: Mapping[str, Card]) -> CollectionReport:
    """Whether ``owned`` holds every card the ``decks`` need at the same time (FK 2.14):
    for each card, the copies of all decks together, except that under
    ``decks_share_the_drop`` the decks need only as many copies of The Drop as the
    most any one of them holds (FK-D2)."""
    need: Counter = Counter()
    names: dict[str, str] = {}
    for deck in decks:
        copies = deck.copies()
        for code, count in copies.items():
            card = cards.get(code)
            if rules.decks_share_the_drop and card is not None and card.is_the_drop:
                need[code] = max(need[code], count)
            else:
                need[code] += count
        for line in deck.lines:
            names.setdefault(line.code, line.name)
    have = owned.copies()
    shortages = []
    for code in sorted(need, key=_code_order):
        if need[code] > have[code]:
            card = cards.get(code)
            shortages.append(Shortage(code, int(code.lstrip("S")),
                                      card.name if card else names[code], need[code],
                                      have[code]))
    return CollectionReport(sum(need.values()), owned.cards, tuple(shortages))


def _code_order(code: str) -> tuple[int, int]:
    return (1, int(code[1:])) if code.startswith("S") else (0, int(code))
