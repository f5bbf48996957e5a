"""The six actions: which cards a club may clear from a grid.

A grid is a tuple of 9 slots (``None`` for an empty slot) in reading order
``0 1 2 / 3 4 5 / 6 7 8``.  :func:`moves_for_club` lists every legal move of
one club; the functions per action are the executable reference that the z3
encodings in ``proofs/clubfight.py`` are tested against.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable, Sequence

from model.clubfight.cards import rank_text
from model.clubfight.rules import Rules

Grid = tuple["Card | None", ...]

ACTIONS = ("match", "sum", "any", "line", "updown", "run")
ACTION_TITLES = {
    "match": "Match", "sum": "Sum", "any": "Any",
    "line": "Line", "updown": "Up/Down", "run": "Run",
}
ACTION_RULES = {
    "match": "CF 4.1", "sum": "CF 4.2", "any": "CF 4.3",
    "line": "CF 4.4", "updown": "CF 4.5", "run": "CF 4.6",
}
BLOCKING_SUIT = {"line": "D", "updown": "S", "run": "H"}
"""Each blockable action and the suit that blocks it."""
BLOCKING_RULES = {"line": "CF 3.2", "updown": "CF 3.3", "run": "CF 3.4"}
BLOCK_THRESHOLD = 3

LINES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("row 1", (0, 1, 2)), ("row 2", (3, 4, 5)), ("row 3", (6, 7, 8)),
    ("column 1", (0, 3, 6)), ("column 2", (1, 4, 7)), ("column 3", (2, 5, 8)),
)
LINE_SLOTS = dict(LINES)

LOWER_CLUBS = range(2, 8)
"""Clubs 2..7 may clear lower cards."""
HIGHER_CLUBS = range(7, 13)
"""Clubs 7..Q may clear higher cards."""


@dataclass(frozen=True, slots=True)
class Move:
    """One club, one action, the slots it clears (ascending).

    ``line`` is set for Line (``"row 2"``, ``"column 3"``) and ``direction``
    for Up/Down (``"lower"`` or ``"higher"``).

    >>> move = Move(7, "updown", (0, 4), direction="lower")
    >>> move
    Move(club=7, action='updown', cleared=(0, 4), line=None, direction='lower')
    >>> move.as_dict()
    {'club': '7', 'action': 'updown', 'cleared': [0, 4], 'direction': 'lower'}
    >>> Move(4, "line", (0, 1, 2), line="row 1").as_dict()
    {'club': '4', 'action': 'line', 'cleared': [0, 1, 2], 'line': 'row 1'}
    """

    club: int
    action: str
    cleared: tuple[int, ...]
    line: str | None = None
    direction: str | None = None

    def as_dict(self) -> dict:
        result: dict = {"club": rank_text(self.club), "action": self.action,
                        "cleared": list(self.cleared)}
        if self.line is not None:
            result["line"] = self.line
        if self.direction is not None:
            result["direction"] = self.direction
        return result


def suit_counts(grid: Grid) -> dict[str, int]:
    counts = {"C": 0, "D": 0, "H": 0, "S": 0}
    for card in grid:
        if card is not None and not card.is_joker:
            counts[card.suit] += 1
    return counts


def blocked_actions(grid: Grid) -> frozenset[str]:
    """Actions blocked by 3 or more cards of their suit (judged before the action).

    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("3D 4D 5D JK 2S 2H AH 9S KS")
    >>> suit_counts(grid)
    {'C': 0, 'D': 3, 'H': 2, 'S': 3}
    >>> sorted(blocked_actions(grid))
    ['line', 'updown']
    """
    counts = suit_counts(grid)
    return frozenset(
        action for action, suit in BLOCKING_SUIT.items() if counts[suit] >= BLOCK_THRESHOLD
    )


def _filled(grid: Grid) -> list[int]:
    return [slot for slot, card in enumerate(grid) if card is not None]


def _nonempty_subsets(slots: Sequence[int]) -> Iterable[tuple[int, ...]]:
    for size in range(1, len(slots) + 1):
        yield from itertools.combinations(slots, size)


def match_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Match: the cards of the club's rank (and Jokers, if they match).

    >>> from model.clubfight.rules import DEFAULT_RULES, WEBAPP
    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("3D 3S -- -- 6H -- -- -- JK")
    >>> [move.cleared for move in match_moves(grid, 3, DEFAULT_RULES)]
    [(0, 1)]
    >>> [move.cleared for move in match_moves(grid, 3, WEBAPP)]
    [(0,), (1,), (8,), (0, 1), (0, 8), (1, 8), (0, 1, 8)]
    """
    targets = [s for s in _filled(grid)
               if grid[s].value == club or (rules.jokers_match and grid[s].is_joker)]
    if not targets:
        return [] if rules.must_clear else [Move(club, "match", ())]
    if rules.match_any_subset:
        return [Move(club, "match", subset) for subset in _nonempty_subsets(targets)]
    return [Move(club, "match", tuple(targets))]


def _subsets_with_sum(slots: Sequence[int], values: Sequence[int], target: int,
                      start: int = 0) -> Iterable[tuple[int, ...]]:
    """Subsets of ``slots[start:]`` whose ``values`` add up to ``target`` (all values > 0)."""
    for index in range(start, len(slots)):
        value = values[index]
        if value == target:
            yield (slots[index],)
        elif value < target:
            for rest in _subsets_with_sum(slots, values, target - value, index + 1):
                yield (slots[index],) + rest


def sum_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Sum: any set of valued cards adding up to the club's value."""
    valued = [s for s in _filled(grid) if not grid[s].is_joker]
    jokers = [s for s in _filled(grid) if grid[s].is_joker] if rules.sum_jokers_zero else []
    found = []
    for subset in _subsets_with_sum(valued, [grid[s].value for s in valued], club):
        for extra_size in range(len(jokers) + 1):
            for extra in itertools.combinations(jokers, extra_size):
                found.append(Move(club, "sum", tuple(sorted(subset + extra))))
    return sorted(found, key=lambda move: move.cleared)


def any_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Any: one card, whatever it is."""
    return [Move(club, "any", (slot,)) for slot in _filled(grid)]


def line_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Line: every card of a row or column that holds a card of the club's rank."""
    found = []
    for name, slots in LINES:
        cards = [grid[s] for s in slots if grid[s] is not None]
        if any(c.value == club or (rules.line_joker_target and c.is_joker) for c in cards):
            found.append(Move(club, "line", tuple(s for s in slots if grid[s] is not None),
                              line=name))
    return found


def updown_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Up/Down: the cards lower than a 2-7, or higher than a 7-Q."""
    found = []
    for direction, allowed in (("lower", LOWER_CLUBS), ("higher", HIGHER_CLUBS)):
        if club not in allowed:
            continue
        side = [s for s in _filled(grid) if not grid[s].is_joker
                and (grid[s].value < club if direction == "lower" else grid[s].value > club)]
        if not side:
            if not rules.must_clear:
                found.append(Move(club, "updown", (), direction=direction))
        elif rules.updown_any_subset:
            found.extend(Move(club, "updown", subset, direction=direction)
                         for subset in _nonempty_subsets(side))
        else:
            found.append(Move(club, "updown", tuple(side), direction=direction))
    return found


def run_moves(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Run: grid cards that with the club make consecutive values, one per value.

    >>> from model.clubfight.rules import DEFAULT_RULES
    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("3D 4D 5D -- -- -- -- -- --")
    >>> [move.cleared for move in run_moves(grid, 4, DEFAULT_RULES)]
    [(0,), (0, 2), (2,)]
    """
    by_value: dict[int, list[int]] = {}
    for slot in _filled(grid):
        card = grid[slot]
        if not card.is_joker:
            by_value.setdefault(card.value, []).append(slot)
    found = []
    for low in range(club, 0, -1):
        if low < club and low not in by_value:
            break
        for high in range(club, 14):
            if high > club and high not in by_value:
                break
            if high - low + 1 < rules.run_min_cards:
                continue
            choices = [by_value[v] for v in range(low, high + 1) if v != club]
            for pick in itertools.product(*choices):
                found.append(Move(club, "run", tuple(sorted(pick))))
    return sorted(found, key=lambda move: move.cleared)


_GENERATORS = {
    "match": match_moves, "sum": sum_moves, "any": any_moves,
    "line": line_moves, "updown": updown_moves, "run": run_moves,
}


def action_moves(grid: Grid, club: int, action: str, rules: Rules) -> list[Move]:
    """The moves of one action, ignoring blocking."""
    return _GENERATORS[action](grid, club, rules)


def moves_for_club(grid: Grid, club: int, rules: Rules) -> list[Move]:
    """Every legal move of ``club`` on ``grid``, in action order.

    >>> from model.clubfight.rules import DEFAULT_RULES
    >>> from model.clubfight.state import parse_grid
    >>> grid = parse_grid("3D -- -- -- 6H -- -- -- JK")
    >>> for move in moves_for_club(grid, 7, DEFAULT_RULES):
    ...     print(move)
    Move(club=7, action='any', cleared=(0,), line=None, direction=None)
    Move(club=7, action='any', cleared=(4,), line=None, direction=None)
    Move(club=7, action='any', cleared=(8,), line=None, direction=None)
    Move(club=7, action='updown', cleared=(0, 4), line=None, direction='lower')
    Move(club=7, action='run', cleared=(4,), line=None, direction=None)
    >>> [move.cleared for move in moves_for_club(grid, 9, DEFAULT_RULES) if move.action == "sum"]
    [(0, 4)]
    """
    blocked = blocked_actions(grid)
    moves: list[Move] = []
    for action in ACTIONS:
        if action not in blocked:
            moves.extend(_GENERATORS[action](grid, club, rules))
    return moves
