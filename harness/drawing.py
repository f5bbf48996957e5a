"""How a game's positions are drawn for people: tokens, board layouts, and each game's Drawing.

Drawing is the face's business, not the rules': a game's rules model says
what a position is (its notation), and a :class:`Drawing` of the game says
how the rules reference draws it: a board as rows of cells, each cell a
card, a die or a counter (:class:`Token`), and the rest of the position
beside it (:class:`Layout`).  A game registers its drawing with its parts
(:class:`harness.registry.GameParts`, ``drawing=``); the base class draws
nothing, so the reference shows such a game's positions as notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from model.core.game import Game


@dataclass(frozen=True, slots=True)
class Token:
    """One thing drawn on a board or beside it: a card, a die, a counter.

    ``text`` is what is printed (``"7\u2665"``); ``words`` says it for a screen
    reader and a tooltip (``"7 of Hearts"``); ``colour`` is a style name the
    rules reference draws it in (``"red"``, ``"black"``, ``"joker"`` ...);
    ``mark`` says what the step shown did to it, a key of the layout's
    ``legend`` (``"cleared"``, ``"dealt"`` ...), empty when nothing.

    >>> Token("7\u2665", "7 of Hearts", "red", "dealt").mark
    'dealt'
    """

    text: str
    words: str = ""
    colour: str = ""
    mark: str = ""


def tokens(value: Any) -> tuple[Token, ...]:
    """A cell or part as tokens: a text is one plain token (none when empty).

    >>> tokens("6D"), tokens(""), tokens(Token("JK", "Joker", "joker"))
    ((Token(text='6D', words='', colour='', mark=''),), (), (Token(text='JK', words='Joker', colour='joker', mark=''),))
    """
    if isinstance(value, Token):
        return (value,)
    if isinstance(value, str):
        return (Token(value),) if value else ()
    return tuple(item for piece in value for item in tokens(piece))


@dataclass(frozen=True, slots=True)
class Layout:
    """A position drawn for people: a board as rows of cells, and what lies beside it.

    ``board`` holds the cells row by row; a cell is a text (``""`` for an
    empty cell), a :class:`Token`, or a tuple of tokens (a card cleared and
    the card dealt in its place, say).  ``parts`` lists the rest of the
    position (hand, decks ...) as ``(name, value)`` pairs, the value a text or
    tokens.  ``beside`` names what is drawn next to the board as cards (the
    club a move plays, say), and ``legend`` says in words what each ``mark``
    used by a token means.  The rules reference draws the board as a grid of
    cards, each in its colour and marked.
    """

    board: tuple[tuple[Any, ...], ...]
    parts: tuple[tuple[str, Any], ...] = ()
    beside: tuple[tuple[str, Any], ...] = ()
    legend: tuple[tuple[str, str], ...] = ()

    def cells(self) -> tuple[tuple[tuple[Token, ...], ...], ...]:
        """The board with every cell as a tuple of tokens."""
        return tuple(tuple(tokens(cell) for cell in row) for row in self.board)

    def marks(self) -> tuple[str, ...]:
        """The marks its tokens carry, first use first."""
        seen: dict[str, None] = {}
        for row in self.cells():
            for cell in row:
                for token in cell:
                    if token.mark:
                        seen.setdefault(token.mark, None)
        for _, value in self.parts + self.beside:
            for token in tokens(value):
                if token.mark:
                    seen.setdefault(token.mark, None)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class CardNote:
    """A card a ruling names by its code (``S932``), for a reader: its name and its printed
    values (tabs, costs, hits ...) in words."""

    code: str
    name: str
    values: str


_CODE = re.compile(r"[A-Z][A-Za-z]*\d*|\b\d{3}\b")
"""What may be a card code in a position or an action: a word starting with a capital
(``S932``, ``E01``, ``LongSword``) or three digits (``027``)."""


class Drawing:
    """A game's positions drawn as boards: the base draws none (notation only).

    Constructed with the game (``Drawing(game)``); a game with a board
    subclasses it and overrides :meth:`layout`, and where it can say more,
    :meth:`step_layout` and :meth:`witness_layout`.  Positions and actions
    come as text in the game's notation; text that is not one raises
    :class:`~model.core.errors.InputError`, and the reference then shows
    the notation instead.

    >>> Drawing(None).step_layout("before", "act", "after") is None
    True
    """

    def __init__(self, game: "Game") -> None:
        self.game = game

    def layout(self, position: str) -> Layout | None:
        """A position (in the game's notation) drawn as a board and its parts.

        ``None``, the default, lets the rules reference show the notation as
        text; games with a board override it.
        """
        return None

    def step_layout(self, before: str, action: str, after: str) -> Layout | None:
        """The board after one action, marked with what the action changed.

        ``before`` and ``after`` are positions in the game's notation and
        ``action`` the action taken between them as the game's
        ``format_action`` writes it.  A game with a board marks the tokens the
        action removed and the ones it brought (see :class:`Token`) and draws
        beside the board what was played.  The default is :meth:`layout` of
        ``after``.
        """
        return self.layout(after)

    def witness_layout(self, position: str, probe: str) -> Layout | None:
        """An ambiguity's witness drawn with what it probes (the club to play, say).

        The default is :meth:`layout` of ``position``.
        """
        return self.layout(position)

    def card_notes(self, texts: Iterable[str]) -> tuple[CardNote, ...]:
        """The cards ``texts`` (positions and actions in the game's notation) name by
        code, each once, ordered by code, with its name and printed values
        (:meth:`card_note`); the rulings show them beside the codes.

        >>> Drawing(None).card_notes(["S932 S911"])
        ()
        """
        notes: dict[str, CardNote] = {}
        for text in texts:
            for code in _CODE.findall(text or ""):
                if code not in notes:
                    note = self.card_note(code)
                    if note is not None:
                        notes[code] = note
        return tuple(sorted(notes.values(), key=lambda note: note.code))

    def card_note(self, code: str) -> CardNote | None:
        """The card ``code`` names in the game's notation, or ``None`` (not a card's
        code, or a game whose notation writes its cards plainly, as ``7H``): the
        default."""
        return None
