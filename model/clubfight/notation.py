"""Move notation: how scenarios and the command line write a Club Fight move.

A move is the club's rank, the action, then what the action needs::

    6 match                    K sum 6H 2D 4S AH
    2 any QD                   6 line row 2       6 line column 3
    4 updown lower             T run 6S 7D 8H 9H JS

Cleared cards may be named by card (``QD``, ``JK``), by slot (``4``) or both
(``JK@4``); a Joker is written with its slot when two Jokers are in the grid.
What a move leaves out is left to the position: ``6 match`` is enough when
only one Match exists.  :func:`format_move` writes every choice out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model.core.errors import InputError
from model.clubfight.cards import Card, parse_rank, rank_text
from model.clubfight.moves import LINE_SLOTS, Grid, Move

ACTION_WORDS = {
    "match": "match", "sum": "sum", "any": "any", "line": "line", "run": "run",
    "updown": "updown", "up/down": "updown", "up-down": "updown", "up_down": "updown",
}
DIRECTION_WORDS = {"lower": "lower", "down": "lower", "higher": "higher", "up": "higher"}
_LINE = re.compile(r"^(row|r|column|col|c)\s*([123])$", re.IGNORECASE)
_SLOT_CARD = re.compile(r"^(?:(.+)@)?([0-8])$")


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """What a move text says; ``None`` where it leaves the choice to the position.

    >>> from model.clubfight.state import parse_grid
    >>> spec = parse_move("2 line r2", parse_grid("7H QS -- JK 2D 2S AH 9D KS"))
    >>> spec
    MoveSpec(text='2 line r2', club=2, action='line', cleared=None, line='row 2', direction=None)
    >>> spec.fits(Move(2, "line", (3, 4, 5), line="row 2"))
    True
    """

    text: str
    club: int
    action: str
    cleared: frozenset[int] | None
    line: str | None
    direction: str | None

    def fits(self, move: Move) -> bool:
        return (move.club == self.club and move.action == self.action
                and (self.cleared is None or frozenset(move.cleared) == self.cleared)
                and (self.line is None or move.line == self.line)
                and (self.direction is None or move.direction == self.direction))


def _line_name(kind: str, number: str) -> str:
    return f"{'row' if kind.lower().startswith('r') else 'column'} {number}"


def parse_move(text: str, grid: Grid, where: str | None = None) -> MoveSpec:
    """Read a move text against a grid (cards are looked up in it).

    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("7H QS -- JK 2D 2S AH 9D KS")
    >>> spec = parse_move("9 sum 7H 2D", grid)
    >>> spec.club, spec.action, sorted(spec.cleared)
    (9, 'sum', [0, 4])
    >>> parse_move("7c up/down down", grid).direction
    'lower'
    >>> parse_move("2 any JK@3", grid).cleared == parse_move("2 any 3", grid).cleared
    True
    >>> parse_move("2 match", grid).cleared is None
    True
    >>> parse_move("2 any 5H", grid)
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: '2 any 5H': 5H is not in the grid
    >>> parse_move("5 any JK", parse_grid("JK -- -- -- 6H -- -- -- JK"))
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: '5 any JK': two Jokers are in the grid; write JK@0 or JK@8
    """
    tokens = text.split()
    if len(tokens) < 2:
        raise InputError(
            f"{text!r} is not a move; a move is a club rank and an action, "
            "e.g. '6 match' or 'K sum 6H 2D 4S AH'", where)
    club_token = tokens[0]
    if len(club_token) >= 2 and club_token[-1].upper() == "C":
        club_token = club_token[:-1]
    try:
        club = parse_rank(club_token)
    except InputError:
        raise InputError(f"{text!r}: {tokens[0]!r} is not a club rank (A 2-9 T J Q K)",
                         where) from None
    action = ACTION_WORDS.get(tokens[1].lower())
    if action is None:
        raise InputError(
            f"{text!r}: {tokens[1]!r} is not an action; actions are "
            "match, sum, any, line, updown, run", where)
    rest = tokens[2:]
    line = direction = None
    if action == "line" and rest:
        for width in (2, 1):
            match = _LINE.match(" ".join(rest[:width])) if len(rest) >= width else None
            if match:
                line, rest = _line_name(match.group(1), match.group(2)), rest[width:]
                break
    if action == "updown" and rest and rest[0].lower() in DIRECTION_WORDS:
        direction, rest = DIRECTION_WORDS[rest[0].lower()], rest[1:]
    cleared = None
    if rest:
        cleared = frozenset(_slot_of(token, grid, text, where) for token in rest)
        if len(cleared) != len(rest):
            raise InputError(f"{text!r} names the same card twice", where)
    return MoveSpec(text, club, action, cleared, line, direction)


def _slot_of(token: str, grid: Grid, text: str, where: str | None) -> int:
    match = _SLOT_CARD.match(token)
    if match:
        slot = int(match.group(2))
        if grid[slot] is None:
            raise InputError(f"{text!r}: slot {slot} is empty", where)
        if match.group(1) is not None:
            card = Card.parse(match.group(1), where)
            if grid[slot] != card:
                raise InputError(f"{text!r}: slot {slot} holds {grid[slot]}, not {card}",
                                 where)
        return slot
    card = Card.parse(token, where)
    slots = [s for s, c in enumerate(grid) if c == card]
    if not slots:
        raise InputError(f"{text!r}: {card} is not in the grid", where)
    if len(slots) > 1:
        raise InputError(
            f"{text!r}: two Jokers are in the grid; write JK@{slots[0]} or JK@{slots[1]}",
            where)
    return slots[0]


def format_move(move: Move, grid: Grid) -> str:
    """Every choice written out: club, action, line or direction, cleared cards.

    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("7H QS -- JK 2D 2S AH 9D KS")
    >>> format_move(Move(9, "sum", (0, 4)), grid)
    '9 sum 7H 2D'
    >>> format_move(Move(2, "line", (3, 4, 5), line="row 2"), grid)
    '2 line row 2 JK@3 2D 2S'
    >>> move = Move(9, "line", (1, 4, 7), line="column 2")
    >>> format_move(move, grid)
    '9 line column 2 QS 2D 9D'
    >>> parse_move(format_move(move, grid), grid).fits(move)
    True
    """
    parts = [rank_text(move.club), move.action]
    if move.line is not None:
        parts.append(move.line)
    if move.direction is not None:
        parts.append(move.direction)
    for slot in move.cleared:
        card = grid[slot]
        parts.append(f"JK@{slot}" if card is not None and card.is_joker else str(card))
    return " ".join(parts)


def line_slots(line: str) -> tuple[int, ...]:
    """The slots of a row or column.

    >>> line_slots("row 2"), line_slots("column 3")
    ((3, 4, 5), (2, 5, 8))
    """
    return LINE_SLOTS[line]
