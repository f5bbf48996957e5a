"""Deals and deal numbers.

A deal fixes both decks: the grid deck in deal order (its first 9 cards fill
slots 0..8) and the 13 clubs in draw order (the first 4 are the starting
hand).  Notation: the grid deck, a slash, the club ranks::

    7H QS 5D ... JK / 5 A K 9 ...

Deal numbers ``CF1-n`` (1 Joker) and ``CF2-n`` (2 Jokers), ``0 <= n < 2**64``,
shuffle the ordered deck (suits C D H S, ranks A..K, then the Jokers) by
Fisher-Yates driven by SplitMix64 seeded with ``n``; clubs in shuffled order
become the club draw order, every other card the grid deck.  The procedure is
fixed by ringside's Club Fight specification, so every implementation in
every language produces the same deals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from model.core.errors import InputError
from model.clubfight.cards import JOKER, SUITS, Card, parse_rank, rank_text

MASK64 = (1 << 64) - 1
_DEAL_ID = re.compile(r"^\s*CF([12])-(\d+)\s*$", re.IGNORECASE | re.ASCII)


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream for ``seed`` (outputs are 64-bit integers).

    >>> stream = splitmix64(0)
    >>> next(stream), next(stream)
    (16294208416658607535, 7960286522194355700)
    """
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def ordered_deck(jokers: int) -> list[Card]:
    """Suits C, D, H, S; ranks A..K within a suit; then the Jokers.

    >>> deck = ordered_deck(2)
    >>> len(deck), deck[:3], deck[13], deck[-1]
    (54, [Card.parse('AC'), Card.parse('2C'), Card.parse('3C')], Card.parse('AD'), Card.parse('JK'))
    """
    return [Card.of(v, s) for s in SUITS for v in range(1, 14)] + [JOKER] * jokers


def shuffled_deck(jokers: int, number: int) -> list[Card]:
    deck = ordered_deck(jokers)
    stream = splitmix64(number)
    for i in range(len(deck) - 1, 0, -1):
        j = next(stream) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def parse_deal_id(text: str, where: str | None = None) -> tuple[int, int]:
    """``CF2-17`` -> (2, 17): the number of Jokers and the deal's number.

    >>> parse_deal_id("CF2-17"), parse_deal_id(" cf1-0 ")
    ((2, 17), (1, 0))
    >>> parse_deal_id("CF3-1")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: 'CF3-1' is not a deal number; deal numbers look like CF1-0 or CF2-17
    >>> parse_deal_id("CF1-18446744073709551616")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: 'CF1-18446744073709551616': the number after the dash must be below 2^64
    """
    match = _DEAL_ID.match(text)
    if match is None:
        raise InputError(
            f"{text!r} is not a deal number; deal numbers look like CF1-0 or CF2-17", where)
    digits = match.group(2)
    if len(digits) > 20 or int(digits) >= 1 << 64:
        raise InputError(f"{text[:40]!r}: the number after the dash must be below 2^64", where)
    return int(match.group(1)), int(digits)


def is_deal_id(text: str) -> bool:
    return _DEAL_ID.match(text) is not None


@dataclass(frozen=True, slots=True)
class Deal:
    """Both decks of one game, in the order they will be dealt and drawn.

    >>> deal = Deal.from_id("CF2-17")
    >>> deal  # doctest: +ELLIPSIS
    Deal.parse('6S KD QD 9S 9H AH JK JH 4H 2H ... 9D 7S / 3 4 6 Q 8 A J K T 2 9 5 7')
    >>> deal.jokers, len(deal.grid_deck), deal.grid_deck[:2], deal.clubs[:4]
    (2, 41, (Card.parse('6S'), Card.parse('KD')), (3, 4, 6, 12))
    >>> Deal.parse(str(deal)) == deal == eval(repr(deal))
    True
    """

    grid_deck: tuple[Card, ...]
    clubs: tuple[int, ...]

    @property
    def jokers(self) -> int:
        return sum(1 for card in self.grid_deck if card.is_joker)

    @property
    def players(self) -> int:
        """Club Fight is a solitaire: a deal sets up a game for one."""
        return 1

    @classmethod
    def from_number(cls, jokers: int, number: int) -> "Deal":
        """Deal ``CF<jokers>-<number>``, made by the specification's shuffle.

        >>> print(Deal.from_number(1, 0))  # doctest: +NORMALIZE_WHITESPACE
        8S 8H 7D KH KS 2S JH 9H QD 4D 3H KD TH 9D AS 3S 7H AH 8D 4H 9S 7S QS QH 5H TD
        2H 2D JK AD 5D 6H TS 6D JS 3D 4S JD 6S 5S / 3 Q 2 T 4 7 6 9 5 8 J A K
        >>> Deal.from_number(3, 0)
        Traceback (most recent call last):
            ...
        model.core.errors.InputError: a deal has 1 or 2 Jokers, not 3
        """
        if jokers not in (1, 2):
            raise InputError(f"a deal has 1 or 2 Jokers, not {jokers}")
        if not 0 <= number < 1 << 64:
            raise InputError(f"deal numbers run from 0 to 2^64-1, not {number}")
        deck = shuffled_deck(jokers, number)
        clubs = tuple(card.value for card in deck if card.is_club)
        grid = tuple(card for card in deck if not card.is_club)
        return cls(grid, clubs)

    @classmethod
    def from_id(cls, text: str, where: str | None = None) -> "Deal":
        """The deal for ``CF1-n`` / ``CF2-n``.

        >>> Deal.from_id("CF1-0") == Deal.from_number(1, 0)
        True
        >>> Deal.from_id("cf2-17").jokers
        2
        """
        jokers, number = parse_deal_id(text, where)
        return cls.from_number(jokers, number)

    @classmethod
    def parse(cls, text: str, where: str | None = None) -> "Deal":
        """A deal from its notation, or from a deal number.

        >>> deal = Deal.parse("CF1-0")
        >>> Deal.parse(str(deal)) == deal
        True
        >>> Deal.parse("7H QS 5C / 5 A")
        Traceback (most recent call last):
            ...
        model.core.errors.InputError: card 3 of the grid deck, 5C, is a club; clubs go after the slash, as ranks
        >>> Deal.parse("7H QS JK / 5 A")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        model.core.errors.InputError: the grid deck holds 3 cards; with 1 Joker it must hold 40; missing: ...
        """
        if is_deal_id(text):
            return cls.from_id(text, where)
        if text.count("/") != 1:
            raise InputError(
                "a deal is the grid deck, one '/', then the 13 club ranks "
                f"(found {text.count('/')} slashes)", where)
        grid_text, club_text = text.split("/")
        grid = []
        for index, token in enumerate(grid_text.split()):
            card = Card.parse(token, where)
            if card.is_club:
                raise InputError(
                    f"card {index + 1} of the grid deck, {card}, is a club; "
                    "clubs go after the slash, as ranks", where)
            grid.append(card)
        clubs = []
        for index, token in enumerate(club_text.split()):
            try:
                clubs.append(parse_rank(token))
            except InputError:
                raise InputError(
                    f"club {index + 1}, {token!r}, is not a rank (A 2-9 T J Q K); "
                    "after the slash write club ranks only", where) from None
        deal = cls(tuple(grid), tuple(clubs))
        deal.validate(where)
        return deal

    def validate(self, where: str | None = None) -> None:
        """Every card exactly once: 39 suited cards plus 1 or 2 Jokers, 13 clubs."""
        jokers = self.jokers
        if jokers not in (1, 2):
            raise InputError(f"the grid deck holds {jokers} Jokers; a deal has 1 or 2", where)
        size = 39 + jokers
        seen: set[Card] = set()
        for card in self.grid_deck:
            if not card.is_joker and card in seen:
                raise InputError(f"{card} appears twice in the grid deck", where)
            seen.add(card)
        if len(self.grid_deck) != size:
            missing = sorted(
                str(c) for c in (Card.of(v, s) for s in "DHS" for v in range(1, 14))
                if c not in seen)
            detail = f"; missing: {' '.join(missing)}" if missing else ""
            raise InputError(
                f"the grid deck holds {len(self.grid_deck)} cards; with {jokers} "
                f"Joker{'s' if jokers > 1 else ''} it must hold {size}{detail}", where)
        counts: dict[int, int] = {}
        for value in self.clubs:
            counts[value] = counts.get(value, 0) + 1
        twice = [rank_text(v) for v, n in sorted(counts.items()) if n > 1]
        if twice:
            raise InputError(f"club {twice[0]} appears twice after the slash", where)
        if len(self.clubs) != 13:
            missing = [rank_text(v) for v in range(1, 14) if v not in counts]
            raise InputError(
                f"after the slash there are {len(self.clubs)} clubs; there must be 13 "
                f"(missing: {' '.join(missing)})", where)

    def __str__(self) -> str:
        return (" ".join(str(card) for card in self.grid_deck) + " / "
                + " ".join(rank_text(value) for value in self.clubs))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"
