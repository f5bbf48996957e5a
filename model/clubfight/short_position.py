"""Short Club Fight positions: a deal and the sections that matter.

A short position (:mod:`model.core.position`) gives the setup (a deal:
``CF1-17``, or a whole deal in the spec's notation), which fixes the number of
Jokers and the order of both decks, and any of the sections of the notation
(:data:`PARTS`; ``grid`` is the first section, the nine slots).  A section left
out is filled from the deal, the decks keeping the deal's order: the grid is the
deal's first nine cards; the grid deck the rest of the deal's grid deck less
the cards the position puts among the cleared cards or in the grid (beyond the
deal's first nine: a card of those that is no longer in the grid was cleared); the hand
the deal's first four clubs; the club deck the deal's other clubs less those the
position puts in the hand or the discard pile; then, as in the long notation,
the discard pile takes the clubs that are nowhere else and the cleared cards the
grid cards that are nowhere else.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Mapping, TypeVar

from model.core.position import Part, given_parts, resolve
from model.clubfight.cards import Card, parse_rank, rank_text
from model.clubfight.state import HAND_SIZE, State, format_grid

if TYPE_CHECKING:
    from model.clubfight.deals import Deal

PARTS = (
    Part("grid", "the deal's first nine cards"),
    Part("deck", "the rest of the deal's grid deck, in its order, less the cards the "
                 "position puts among the cleared cards or in the grid (beyond the deal's "
                 "first nine)"),
    Part("hand", f"the deal's first {HAND_SIZE} clubs"),
    Part("clubs", "the deal's other clubs, in its order, less those the position puts in "
                  "the hand or the discard pile"),
    Part("discard", "the clubs in neither the hand nor the club deck"),
    Part("cleared", "the grid cards in neither the grid nor the grid deck"),
)
"""The parts of a short position and what each holds when left out."""

GRID = 9
T = TypeVar("T")


def position_from_setup(deal: Deal, overrides: Mapping[str, Any]) -> State:
    """The whole position of a short one (see the module)."""
    given = given_parts(overrides, PARTS)

    def build(parts: Mapping[str, str]) -> State:
        grid = parts.get("grid", format_grid(deal.grid_deck[:GRID]))
        sections = {"grid": grid}
        if "deck" in parts:
            sections["deck"] = parts["deck"]
        else:
            # the grid's cards beyond the deal's first nine came from the grid deck
            placed = _less([Card.parse(t, "grid") for t in _tokens(grid)],
                           deal.grid_deck[:GRID])
            placed += [Card.parse(t, "cleared") for t in _tokens(parts.get("cleared", ""))]
            sections["deck"] = _text(_less(deal.grid_deck[GRID:], placed))
        sections["hand"] = parts.get("hand", " ".join(
            rank_text(value) for value in deal.clubs[:HAND_SIZE]) or "-")
        if "clubs" in parts:
            sections["clubs"] = parts["clubs"]
        else:
            placed = [parse_rank(_rank(t), name) for name in ("hand", "discard")
                      for t in _tokens(sections["hand"] if name == "hand"
                                       else parts.get("discard", ""))]
            sections["clubs"] = _text([rank_text(v) for v in _less(deal.clubs[HAND_SIZE:],
                                                                   placed)])
        for name in ("discard", "cleared"):
            if name in parts:
                sections[name] = parts[name]
        sections["jokers"] = str(deal.jokers)
        text = " | ".join(body if name == "grid" else f"{name} {body}"
                          for name, body in sections.items())
        return State.parse(text)

    return resolve(build, given)


def _tokens(text: str) -> list[str]:
    return [token.upper() for token in text.split() if token not in ("-", "--", "__", ".")]


def _rank(token: str) -> str:
    """A club as the notation writes it (``5C`` and ``5`` are the same club)."""
    return token[:-1] if len(token) >= 2 and token.endswith("C") else token


def _less(stack: Iterable[T], placed: Iterable[T]) -> list[T]:
    """``stack`` in order, less each placed card once (a card placed but not in the stack,
    as one of the deal's first nine, takes nothing from it)."""
    left = Counter(placed)
    kept = []
    for card in stack:
        if left[card] > 0:
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def _text(cards: Iterable[Any]) -> str:
    return " ".join(map(str, cards)) or "-"

