"""The Club Fight phase graph: a turn's steps from choosing a club to the end check.

One action is a whole turn, so the engine's log walks choose_club ->
choose_action -> clear -> refill -> draw -> end_check and back to choose_club
until the game is won or lost; the graph holds exactly those edges, each
node with the rules that govern it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import functools


from model.core.phases import build_phase_graph

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx

PHASES = ("deal", "choose_club", "choose_action", "clear", "refill", "draw", "end_check",
          "won", "lost")
"""Every phase, in the order of a turn (the deal first, the two ends last)."""

_NODES = (
    ("deal", "start", ("CF 1.3",), "Deal"),
    ("choose_club", "decision", ("CF 2.1",), "Choose a club"),
    ("choose_action", "decision",
     ("CF 3.1", "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6"),
     "Choose an action"),
    ("clear", "step", ("CF 2.2",), "Clear cards"),
    ("refill", "step", ("CF 2.3",), "Refill the grid"),
    ("draw", "step", ("CF 2.4",), "Draw clubs"),
    ("end_check", "step", ("CF 2.5",), "End check"),
    ("won", "terminal", ("CF 5.1",), "Won"),
    ("lost", "terminal", ("CF 5.2",), "Lost"),
)

_EDGES = (
    ("deal", "choose_club", "9 cards in the grid, 4 clubs in hand"),
    ("choose_club", "choose_action", "a club from hand"),
    ("choose_action", "clear", "an action not blocked"),
    ("clear", "refill", "cards cleared"),
    ("refill", "draw", "empty slots filled"),
    ("draw", "end_check", "hand back to 4"),
    ("end_check", "choose_club", "cards and clubs remain"),
    ("end_check", "won", "grid and grid deck empty"),
    ("end_check", "lost", "no club left"),
)


@functools.lru_cache(maxsize=1)
def phase_graph() -> nx.DiGraph:
    """The phases as nodes (``kind``, ``rules``, ``label``), the allowed steps as edges.

    Built once: the engine's transitions are checked against it at every step.

    >>> graph = phase_graph()
    >>> tuple(graph.nodes) == PHASES, sorted(graph.successors("end_check"))
    (True, ['choose_club', 'lost', 'won'])
    """
    return build_phase_graph("Club Fight", _NODES, _EDGES)
