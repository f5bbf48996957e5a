"""Cards in Club Fight notation.

Ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` have values 1..13; suits are ``C D H S``.
The Joker ``JK`` has no rank, suit or value.  Input is case-insensitive and
takes ``10`` for ``T``; output is canonical (upper case, ``T``).
"""

from __future__ import annotations

from dataclasses import dataclass

from model.core.errors import InputError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
JOKER_TEXT = "JK"


def parse_rank(text: str, where: str | None = None) -> int:
    """The value 1..13 of a rank token (``A``, ``2`` .. ``9``, ``T``/``10``, ``J``, ``Q``, ``K``).

    >>> parse_rank("A"), parse_rank("10"), parse_rank("t"), parse_rank("K")
    (1, 10, 10, 13)
    >>> parse_rank("Z")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: 'Z' is not a rank; ranks are A 2-9 T (or 10) J Q K
    """
    token = text.strip().upper()
    if token == "10":
        token = "T"
    if len(token) != 1 or token not in RANKS:
        raise InputError(f"{text!r} is not a rank; ranks are A 2-9 T (or 10) J Q K", where)
    return RANKS.index(token) + 1


def rank_text(value: int) -> str:
    """The rank token of a value: ``rank_text(10) == 'T'``.

    >>> [rank_text(value) for value in (1, 9, 10, 13)]
    ['A', '9', 'T', 'K']
    """
    return RANKS[value - 1]


def rank_name(value: int) -> str:
    """The rank in words, as rulings and logs say it.

    >>> rank_name(1), rank_name(6), rank_name(12)
    ('Ace', '6', 'Queen')
    """
    return RANK_NAMES.get(value, str(value))


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card; the Joker has ``value == 0`` and ``suit == ''``.

    Cards order by suit, then value, Jokers last.

    >>> card = Card.parse("qs")
    >>> card
    Card.parse('QS')
    >>> str(card), card.value, card.suit, card.is_joker, card.is_club
    ('QS', 12, 'S', False, False)
    >>> joker = Card.parse("JK")
    >>> joker.value, joker.suit, joker.is_joker, joker == Card.joker()
    (0, '', True, True)
    >>> sorted([joker, Card.parse("2S"), Card.parse("KD"), Card.parse("AD")])
    [Card.parse('AD'), Card.parse('KD'), Card.parse('2S'), Card.parse('JK')]
    >>> eval(repr(card)) == card
    True
    """

    suit_order: int
    value: int

    @classmethod
    def of(cls, value: int, suit: str) -> "Card":
        """The card of a value 1..13 and a suit letter.

        >>> Card.of(7, "H"), Card.of(10, "D")
        (Card.parse('7H'), Card.parse('TD'))
        """
        if not 1 <= value <= 13 or suit not in SUITS:
            raise ValueError(f"no card with value {value} and suit {suit!r}")
        return cls(SUITS.index(suit), value)

    @classmethod
    def joker(cls) -> "Card":
        return JOKER

    @classmethod
    def parse(cls, text: str, where: str | None = None) -> "Card":
        """A card from ``7H``, ``th``, ``10d``, ``JK`` ...

        >>> Card.parse("7H"), Card.parse("th"), Card.parse("10d"), Card.parse("JK")
        (Card.parse('7H'), Card.parse('TH'), Card.parse('TD'), Card.parse('JK'))
        >>> Card.parse("5C").is_club
        True
        >>> Card.parse("7X", "slot 3")
        Traceback (most recent call last):
            ...
        model.core.errors.InputError: slot 3: '7X' is not a card: 'X' is not a suit (C D H S)
        """
        token = text.strip().upper()
        if token in (JOKER_TEXT, "JOKER"):
            return JOKER
        if len(token) < 2:
            raise InputError(f"{text!r} is not a card; cards look like 7H, TD, 10S, JK", where)
        rank, suit = token[:-1], token[-1]
        if suit not in SUITS:
            raise InputError(
                f"{text!r} is not a card: {suit!r} is not a suit (C D H S)", where)
        try:
            value = parse_rank(rank)
        except InputError:
            raise InputError(
                f"{text!r} is not a card: {rank!r} is not a rank (A 2-9 T J Q K)",
                where) from None
        return cls(SUITS.index(suit), value)

    @property
    def is_joker(self) -> bool:
        return self.value == 0

    @property
    def suit(self) -> str:
        return "" if self.is_joker else SUITS[self.suit_order]

    @property
    def is_club(self) -> bool:
        return self.suit == "C"

    def __str__(self) -> str:
        return JOKER_TEXT if self.is_joker else rank_text(self.value) + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name(self) -> str:
        """``6 of Hearts``, ``Queen of Spades``, ``Joker``.

        >>> Card.parse("6H").name(), Card.parse("QS").name(), Card.parse("JK").name()
        ('6 of Hearts', 'Queen of Spades', 'Joker')
        """
        if self.is_joker:
            return "Joker"
        return f"{rank_name(self.value)} of {SUIT_NAMES[self.suit]}"


JOKER = Card(len(SUITS), 0)

GRID_CARDS = tuple(Card.of(v, s) for s in "DHS" for v in range(1, 14))
"""The 39 non-club cards, in deck order."""


def full_grid_deck(jokers: int) -> tuple[Card, ...]:
    """Every card of the grid deck of a game with ``jokers`` Jokers.

    >>> deck = full_grid_deck(2)
    >>> len(deck), deck[0], deck[-3:]
    (41, Card.parse('AD'), (Card.parse('KS'), Card.parse('JK'), Card.parse('JK')))
    """
    return GRID_CARDS + (JOKER,) * jokers
