"""Exhaustive search of the setup phase from a position: what can happen, and how soon.

The setup rules leave two questions the rulebook does not answer directly:
can setup go on for ever, and can it get stuck?  :func:`survey` walks every
state reachable from a position (chance outcomes and every player's choice
alike), breadth first, and reports how many there are, how the reachable
ends are labelled, the longest way to an end, and the shortest trace to each
kind of end.  Dead ends (a state nobody can act in that is not an end) would
be reported too; the engine has none, because a player with no card either
passes or stalls setup (MM 4.14).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from model.core.errors import InputError
from model.core.game import Game

MAX_START_CARDS = 500
"""The most cards (every zone together) a surveyed start may hold: each state of the walk
keeps its own copy of them, and a start far past this (a Library of 30,000 cards) ran out
of memory after 2,000 states."""
MAX_CARDS_HELD = 25_000_000
"""The most cards the states of one walk may hold together (``max_states`` times the cards
of the start, about 200 MB of references): past it, ``max_states`` is refused, not the
machine's memory exhausted."""


def check_survey_size(cards: int, max_states: int, where: str) -> None:
    """Refuse (:class:`InputError`, with the allowed range) a start of ``cards`` cards
    over :data:`MAX_START_CARDS`, or a ``max_states`` whose states would hold more than
    :data:`MAX_CARDS_HELD` cards.

    >>> check_survey_size(9, 200_000, "--start")
    >>> check_survey_size(400, 200_000, "--start")
    Traceback (most recent call last):
    ...
    model.core.errors.InputError: --start: a start of 400 cards can be surveyed with --max-states from 1 to 62,500 (its states would hold at most 25,000,000 cards), not 200,000
    """
    if cards > MAX_START_CARDS:
        raise InputError(f"a start holds at most {MAX_START_CARDS} cards in all its zones "
                         f"to be surveyed, not {cards:,}", where)
    if cards * max_states > MAX_CARDS_HELD:
        raise InputError(f"a start of {cards} cards can be surveyed with --max-states from 1 "
                         f"to {MAX_CARDS_HELD // cards:,} (its states would hold at most "
                         f"{MAX_CARDS_HELD:,} cards), not {max_states:,}", where)


@dataclass(frozen=True, slots=True)
class Survey:
    """What :func:`survey` found.

    ``ends`` counts the reachable end states by outcome label; ``shortest``
    gives, per label, the actions (as text) of a shortest way there;
    ``dead_ends`` lists states where nobody can act though the game goes on;
    ``longest`` is the most actions on any way from the start to an end;
    ``complete`` is false when ``max_states`` or the deadline stopped the walk,
    and ``stopped`` then says which (``"--max-states"`` or the deadline's reason).
    """

    states: int
    ends: dict[str, int]
    shortest: dict[str, tuple[str, ...]]
    dead_ends: tuple[str, ...]
    longest: int
    complete: bool
    bound: int = field(default=0)
    stopped: str = ""


def survey(game: Game, rules: Any, start: Any, max_states: int = 200_000,
           deadline: Deadline = NO_DEADLINE) -> Survey:
    """Every state reachable from ``start`` under ``rules`` (up to ``max_states``, and
    until ``deadline``: a walk it stops is not complete and says why)."""
    parents: dict[Any, tuple[Any, str] | None] = {start: None}
    # One object per state: the children lists hold these, not a copy per way in.
    canonical: dict[Any, Any] = {start: start}
    order: list[Any] = []
    queue = deque([start])
    ends: dict[str, int] = {}
    shortest: dict[str, tuple[str, ...]] = {}
    dead: list[str] = []
    children: dict[Any, list[Any]] = {}
    complete, stopped = True, ""
    while queue:
        try:
            deadline.check()
        except TimeUp as up:
            complete, stopped = False, up.reason
            break
        state = queue.popleft()
        order.append(state)
        if game.is_terminal(state):
            label = game.outcome(state, rules).label
            ends[label] = ends.get(label, 0) + 1
            if label not in shortest:
                shortest[label] = _path(parents, state)
            continue
        actions = game.actions(state, rules)
        if not actions:
            dead.append(game.format_state(state))
            continue
        kids = children.setdefault(state, [])
        for action in actions:
            child = game.apply(state, action, rules)
            known = canonical.get(child)
            if known is not None:
                kids.append(known)
                continue
            if len(parents) >= max_states:
                complete, stopped = False, stopped or "--max-states"
                continue
            kids.append(child)
            canonical[child] = child
            parents[child] = (state, game.format_action(state, action))
            queue.append(child)
    # The longest way to an end, over the states reached (the graph has no cycle:
    # the engine's bound falls with every action).
    longest: dict[Any, int] = {}
    for state in reversed(order):
        longest[state] = max((1 + longest[c] for c in children.get(state, ()) if c in longest),
                             default=0)
    return Survey(len(order), ends, shortest, tuple(dead), longest.get(start, 0), complete,
                  game.max_length(start), stopped)


def _path(parents: dict, state: Any) -> tuple[str, ...]:
    actions = []
    while parents[state] is not None:
        state, text = parents[state]
        actions.append(text)
    return tuple(reversed(actions))


SMALL_STARTS: tuple[tuple[str, str], ...] = (
    ("two players, two cards each, Library empty",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | "
     "hands S01 S09 / S02 S04 | battlefield - | discard - | exile - | declared - | passes 0"),
    ("two players, three cards each with a Draw card, Library empty",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | "
     "hands S01 S09 S12 / S02 S04 S06 | battlefield - | discard - | exile - | declared - | "
     "passes 0"),
    ("two players, no Monster anywhere",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | "
     "hands S05 S07 S09 / S06 S08 S11 | battlefield - | discard - | exile - | declared - | "
     "passes 0"),
    ("two players, a Monster each and a Vendor, three cards left in the Library",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library S04 S07 S09 | "
     "hands S01 S13 / S02 | battlefield - | discard - | exile - | declared - | passes 0"),
    ("three players, two cards each, Library empty",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | "
     "hands S01 S09 / S02 S04 / S03 S07 | battlefield - | discard - | exile - | "
     "declared - | passes 0"),
    ("three players, a Monster each, two cards left in the Library",
     "format 1 1 | first 0 | step play | turn 0 | pending 0 | library S04 S07 | "
     "hands S01 / S02 / S03 | battlefield - | discard - | exile - | declared - | passes 0"),
)
"""Small positions the termination survey starts from (each one's words, its notation):
two and three players, empty and non-empty Libraries, a format that can be met and one
that cannot.  Small enough that every reachable state is visited."""
