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

from model.core.game import Game


@dataclass(frozen=True, slots=True)
class Survey:
    """What :func:`survey` found.

    ``ends`` counts the reachable end states by outcome label; ``shortest``
    gives, per label, the actions (as text) of a shortest way there;
    ``dead_ends`` lists states where nobody can act though the game goes on;
    ``longest`` is the most actions on any way from the start to an end;
    ``complete`` is false when ``max_states`` stopped the walk.
    """

    states: int
    ends: dict[str, int]
    shortest: dict[str, tuple[str, ...]]
    dead_ends: tuple[str, ...]
    longest: int
    complete: bool
    bound: int = field(default=0)


def survey(game: Game, rules: Any, start: Any, max_states: int = 200_000) -> Survey:
    """Every state reachable from ``start`` under ``rules`` (up to ``max_states``)."""
    parents: dict[Any, tuple[Any, str] | None] = {start: None}
    order: list[Any] = []
    queue = deque([start])
    ends: dict[str, int] = {}
    shortest: dict[str, tuple[str, ...]] = {}
    dead: list[str] = []
    children: dict[Any, list[Any]] = {}
    complete = True
    while queue:
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
            kids.append(child)
            if child in parents:
                continue
            if len(parents) >= max_states:
                complete = False
                continue
            parents[child] = (state, game.format_action(state, action))
            queue.append(child)
    # The longest way to an end, over the states reached (the graph has no cycle:
    # the engine's bound falls with every action).
    longest: dict[Any, int] = {}
    for state in reversed(order):
        longest[state] = max((1 + longest[c] for c in children.get(state, ()) if c in longest),
                             default=0)
    return Survey(len(order), ends, shortest, tuple(dead), longest.get(start, 0), complete,
                  game.max_length(start))


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
