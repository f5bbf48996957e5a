"""How the rules reference draws Club Fight: the 3x3 grid of cards, and what lies beside it.

A position is drawn as the grid, each card with its suit symbol in its
colour (the Joker apart), and beside it the decks, the hand, the discard and
the cleared pile; a turn marks each card it cleared and each card the refill
dealt, with the club played beside the grid; an ambiguity's witness shows
the club it probes.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from model.core.errors import InputError
from model.clubfight.cards import Card, SUIT_NAMES, parse_rank, rank_name, rank_text
from model.clubfight.state import State, parse_grid
from harness.drawing import Drawing, Layout, Token

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
"""The suit symbols the rules reference draws cards with."""


def card_token(card: Card, mark: str = "") -> Token:
    """A card as the rules reference draws it: ``10\u2665`` in red, the Joker apart."""
    if card.is_joker:
        return Token("JK", "Joker", "joker", mark)
    rank = "10" if card.value == 10 else rank_text(card.value)
    return Token(rank + SUIT_SYMBOLS[card.suit],
                 f"{rank_name(card.value)} of {SUIT_NAMES[card.suit]}",
                 "red" if card.suit in "DH" else "black", mark)


def _cards(cards: Iterable[Card]) -> tuple[Token, ...]:
    return tuple(card_token(card) for card in cards)


def _clubs(values: Iterable[int]) -> tuple[Token, ...]:
    return tuple(card_token(Card.of(value, "C")) for value in values)


def _counted(name: str, items: Sequence) -> str:
    return f"{name} ({len(items)})" if items else name


def _board(cells: Sequence[object]) -> tuple[tuple[object, ...], ...]:
    return tuple(tuple(cells[row * 3: row * 3 + 3]) for row in range(3))


class GridDrawing(Drawing):
    """Club Fight's positions as the 3x3 grid of cards (see the module docstring)."""

    def layout(self, position: str) -> Layout:
        """The 3x3 grid of cards, and beside it every section the position gives."""
        sections = [part.strip() for part in position.split("|")]
        parts: tuple[tuple[str, object], ...] = ()
        if len(sections) == 1:
            grid = parse_grid(position)
        else:
            state = State.parse(position)
            grid = state.grid
            parts = (
                (_counted("grid deck", state.deck), _cards(state.deck) or "empty"),
                ("hand", _clubs(state.hand) or "empty"),
                (_counted("club deck", state.clubs), _clubs(state.clubs) or "empty"),
                ("discard", _clubs(state.discard) or "empty"),
                (_counted("cleared", state.cleared), _cards(state.cleared) or "none"),
                ("Jokers in the deal", str(state.jokers)))
        return Layout(_board([card_token(card) if card is not None else "" for card in grid]),
                      parts)

    def step_layout(self, before: str, action: str, after: str) -> Layout:
        """The grid after a turn: each cleared card struck through in its slot, each
        card the refill dealt marked, the club played beside the grid."""
        try:
            old, new = State.parse(before), State.parse(after)
        except InputError:  # not two whole positions: draw the one after
            return self.layout(after)
        gone = list(new.cleared)
        for card in old.cleared:
            if card in gone:
                gone.remove(card)
        cells: list[object] = []
        for slot in range(9):
            was, now = old.grid[slot], new.grid[slot]
            cell: list[Token] = []
            cleared = was is not None and was in gone
            if cleared:
                gone.remove(was)
                cell.append(card_token(was, "cleared"))
            if now is not None:
                dealt = was is None or cleared
                cell.append(card_token(now, "dealt" if dealt else ""))
            cells.append(tuple(cell))
        played = [v for v in new.discard if v not in old.discard]
        layout = Layout(_board(cells),
                        (("hand after the draw", _clubs(new.hand) or "empty"),
                         ("grid deck", f"{len(new.deck)} cards left")),
                        (("club played", _clubs(played)),) if played else ())
        legend = {"cleared": "cleared by this action", "dealt": "dealt by the refill"}
        return Layout(layout.board, layout.parts, layout.beside,
                      tuple((mark, legend[mark]) for mark in layout.marks()))

    def witness_layout(self, position: str, probe: str) -> Layout:
        """The witness grid with the club to play beside it."""
        layout = self.layout(position)
        try:
            club = parse_rank(probe)
        except InputError:  # not a club: the grid alone
            return layout
        return Layout(layout.board, layout.parts, (("club to play", _clubs([club])),))
