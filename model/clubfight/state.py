"""Club Fight positions: the grid alone, and whole game states.

A grid (a *position* in the command contract) is 9 tokens in slot order, ``--``
for an empty slot::

    7H QS -- JK 2D 2S AH 9D KS

A whole state adds the decks, the hand and what has left play, each in a
section of its own::

    7H QS -- JK 2D 2S AH 9D KS | deck 5D 8H | hand A 5 9 K | clubs 3 2 Q
      | discard 4 6 | cleared 3D | jokers 1

``-`` writes an empty section.  When reading, every section but the grid may
be left out: ``deck`` and ``clubs`` default to empty, ``hand`` to empty,
``discard`` to the clubs that are neither in hand nor in the club deck,
``cleared`` to the cards that are neither in the grid nor in the grid deck,
and ``jokers`` to the number of Jokers in sight (at least 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from model.core.errors import InputError
from model.clubfight.cards import Card, full_grid_deck, parse_rank, rank_text
from model.clubfight.deals import Deal
from model.clubfight.moves import Grid

HAND_SIZE = 4
MAX_TURNS = 13
CLUB_VALUES = tuple(range(1, 14))
SECTIONS = ("deck", "hand", "clubs", "discard", "cleared", "jokers")


def parse_grid(text: str, where: str | None = None) -> Grid:
    """A 3x3 grid from 9 tokens (cards or ``--``).

    >>> grid = parse_grid("7h qs -- jk 2d 2s ah 9d ks")
    >>> grid[:4]
    (Card.parse('7H'), Card.parse('QS'), None, Card.parse('JK'))
    >>> parse_grid("7H QS 5C JK 2D 2S AH 9D KS")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: slot 2 holds 5C, a club; clubs are never in the grid
    """
    tokens = text.split()
    if len(tokens) != 9:
        raise InputError(
            f"a grid has 9 slots (cards or --), this has {len(tokens)} tokens", where)
    grid: list[Card | None] = []
    seen: set[Card] = set()
    jokers = 0
    for slot, token in enumerate(tokens):
        if token in ("--", "-", "__", "."):
            grid.append(None)
            continue
        card = Card.parse(token, f"{where}: slot {slot}" if where else f"slot {slot}")
        if card.is_club:
            raise InputError(f"slot {slot} holds {card}, a club; clubs are never in the grid",
                             where)
        if card.is_joker:
            jokers += 1
            if jokers > 2:
                raise InputError("the grid holds more than 2 Jokers", where)
        elif card in seen:
            raise InputError(f"{card} appears twice in the grid", where)
        seen.add(card)
        grid.append(card)
    return tuple(grid)


def format_grid(grid: Grid) -> str:
    """The grid in position notation, canonical spelling.

    >>> format_grid(parse_grid("7h qs -- jk 2d 2s ah 9d ks"))
    '7H QS -- JK 2D 2S AH 9D KS'
    """
    return " ".join("--" if card is None else str(card) for card in grid)


def grid_rows(grid: Grid) -> list[str]:
    """The grid as three lines, for people.

    >>> for row in grid_rows(parse_grid("7H QS -- JK 2D 2S AH 9D KS")):
    ...     print(row)
    7H QS --
    JK 2D 2S
    AH 9D KS
    """
    cells = ["--" if card is None else str(card) for card in grid]
    return [" ".join(cells[row * 3: row * 3 + 3]) for row in range(3)]


def _cards(text: str, where: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token, where) for token in text.split() if token != "-")


def _clubs(text: str, where: str) -> tuple[int, ...]:
    values = []
    for token in text.split():
        if token == "-":
            continue
        if len(token) >= 2 and token[-1].upper() == "C" and token[:-1].upper() != "":
            token = token[:-1]  # accept "5C" for a club rank
        values.append(parse_rank(token, where))
    return tuple(values)


@dataclass(frozen=True, slots=True)
class State:
    """A Club Fight game between turns (or at its end).

    ``deck`` and ``clubs`` are in draw order; ``hand``, ``discard`` and
    ``cleared`` are sets kept sorted, so that the same position reached in
    different orders is the same state.

    >>> state = State.from_deal(Deal.from_id("CF1-0"))
    >>> state  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    State.parse('8S 8H 7D KH KS 2S JH 9H QD | deck 4D 3H KD ... 6S 5S | hand 2 3 T Q
                 | clubs 4 7 6 9 5 8 J A K | discard - | cleared - | jokers 1')
    >>> state.turn, state.cards_left, len(state.deck), state.won, state.lost
    (0, 40, 31, False, False)
    >>> State.parse(str(state)) == state == eval(repr(state))
    True
    """

    grid: Grid
    deck: tuple[Card, ...]
    hand: tuple[int, ...]
    clubs: tuple[int, ...]
    discard: tuple[int, ...]
    cleared: tuple[Card, ...]
    jokers: int

    @classmethod
    def from_deal(cls, deal: Deal) -> "State":
        """The position before the first turn: 9 cards dealt, 4 clubs drawn."""
        return cls(
            grid=deal.grid_deck[:9],
            deck=deal.grid_deck[9:],
            hand=tuple(sorted(deal.clubs[:HAND_SIZE])),
            clubs=deal.clubs[HAND_SIZE:],
            discard=(),
            cleared=(),
            jokers=deal.jokers,
        )

    @property
    def turn(self) -> int:
        """Turns taken so far (one club is discarded per turn)."""
        return len(self.discard)

    @property
    def cards_left(self) -> int:
        """Cards in the grid and the grid deck: the game is won when none is left."""
        return sum(card is not None for card in self.grid) + len(self.deck)

    @property
    def won(self) -> bool:
        """The grid and the grid deck are empty (CF 5.1).

        >>> won = State.parse("-- -- -- -- -- -- -- -- -- | hand 5")
        >>> won.won, won.lost, won.turn, won.cards_left
        (True, False, 12, 0)
        """
        return self.cards_left == 0

    @property
    def lost(self) -> bool:
        """No club is left in hand and cards remain (CF 5.2).

        >>> lost = State.parse("-- -- -- -- 4D -- -- -- --")
        >>> lost.won, lost.lost, lost.turn, lost.cards_left
        (False, True, 13, 1)
        """
        return not self.hand and self.cards_left > 0

    @classmethod
    def parse(cls, text: str, where: str | None = None) -> "State":
        """A state from its notation; sections left out take their defaults.

        >>> state = State.parse("7H QS 3D JK 2D 2S AH 9D KS | deck 5D 8H | hand A 5 9 K"
        ...                     " | clubs 3 2 Q")
        >>> state.hand, state.clubs, state.discard, state.turn, state.cards_left
        ((1, 5, 9, 13), (3, 2, 12), (4, 6, 7, 8, 10, 11), 6, 11)
        >>> State.parse("7H QS -- JK 2D 2S AH 9D KS | deck 5D")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        model.core.errors.InputError: a grid slot is empty while the grid deck still holds cards; ... (CF 2.3)
        """
        sections = [part.strip() for part in text.split("|")]
        grid = parse_grid(sections[0], where)
        given: dict[str, str] = {}
        for part in sections[1:]:
            name, _, body = part.partition(" ")
            name = name.lower()
            if name not in SECTIONS:
                raise InputError(
                    f"unknown section {name!r}; sections after the grid are "
                    f"{', '.join(SECTIONS)}", where)
            if name in given:
                raise InputError(f"section {name!r} appears twice", where)
            given[name] = body
        here = (lambda name: f"{where}: {name}") if where else (lambda name: name)
        deck = _cards(given.get("deck", ""), here("deck"))
        hand = _clubs(given.get("hand", ""), here("hand"))
        clubs = _clubs(given.get("clubs", ""), here("clubs"))
        cleared = _cards(given.get("cleared", ""), here("cleared"))
        in_play = [c for c in grid if c is not None] + list(deck)
        if "jokers" in given:
            if given["jokers"].strip() not in ("1", "2"):
                raise InputError(f"jokers must be 1 or 2, not {given['jokers']!r}", where)
            jokers = int(given["jokers"])
        else:
            seen = sum(c.is_joker for c in in_play + list(cleared))
            jokers = max(1, seen)
        if jokers not in (1, 2):
            raise InputError(f"a game has 1 or 2 Jokers, not {jokers}", where)
        for card in deck + cleared:
            if card.is_club:
                raise InputError(f"{card} is a club; clubs are never in the grid deck "
                                 "or among the cleared cards", where)
        full = list(full_grid_deck(jokers))
        remaining = list(full)
        for place, cards in (("grid", [c for c in grid if c is not None]),
                             ("deck", deck), ("cleared", cleared if "cleared" in given else ())):
            for card in cards:
                if card not in remaining:
                    what = "a third Joker" if card.is_joker else f"{card} a second time"
                    if card.is_joker and jokers == 1:
                        what = "a second Joker, but jokers is 1"
                    raise InputError(f"the {place} holds {what}", where)
                remaining.remove(card)
        if "cleared" in given:
            if remaining:
                raise InputError(
                    "cards are missing from grid, deck and cleared: "
                    + " ".join(str(c) for c in remaining), where)
        else:
            cleared = tuple(remaining)
        seen_clubs: set[int] = set()
        for place, values in (("hand", hand), ("clubs", clubs)):
            for value in values:
                if value in seen_clubs:
                    raise InputError(f"club {rank_text(value)} appears twice "
                                     f"(again in {place})", where)
                seen_clubs.add(value)
        if "discard" in given:
            discard = _clubs(given["discard"], here("discard"))
            for value in discard:
                if value in seen_clubs:
                    raise InputError(f"club {rank_text(value)} appears twice "
                                     "(again in discard)", where)
                seen_clubs.add(value)
            if len(seen_clubs) != 13:
                missing = [rank_text(v) for v in CLUB_VALUES if v not in seen_clubs]
                raise InputError("clubs are missing from hand, clubs and discard: "
                                 + " ".join(missing), where)
        else:
            discard = tuple(v for v in CLUB_VALUES if v not in seen_clubs)
        if len(hand) > HAND_SIZE:
            raise InputError(f"the hand holds {len(hand)} clubs; at most {HAND_SIZE}", where)
        if clubs and len(hand) < HAND_SIZE:
            raise InputError(
                f"the hand holds {len(hand)} clubs while the club deck still holds "
                f"{len(clubs)}; the hand is refilled to {HAND_SIZE} while clubs remain "
                "(CF 2.4)", where)
        if deck and None in grid:
            raise InputError(
                "a grid slot is empty while the grid deck still holds cards; the refill "
                "fills every empty slot while cards remain (CF 2.3)", where)
        return cls(
            grid=grid, deck=deck, hand=tuple(sorted(hand)), clubs=clubs,
            discard=tuple(sorted(discard)), cleared=tuple(sorted(cleared)), jokers=jokers,
        )

    def __str__(self) -> str:
        def cards(items) -> str:
            return " ".join(str(c) for c in items) or "-"

        def ranks(items) -> str:
            return " ".join(rank_text(v) for v in items) or "-"

        return (f"{format_grid(self.grid)} | deck {cards(self.deck)} | hand {ranks(self.hand)}"
                f" | clubs {ranks(self.clubs)} | discard {ranks(self.discard)}"
                f" | cleared {cards(self.cleared)} | jokers {self.jokers}")

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})"
