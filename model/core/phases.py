"""Linting phase graphs.

A phase graph has ``start`` nodes (where a game begins), ``terminal`` nodes
(where it ends), and the rest.  Every phase should be reachable from a start,
and every non-terminal phase should lead somewhere; anything else is a phase
the rules describe but the game can never be in, or a phase it can get stuck
in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx loads only when a phase graph is built or linted
    import networkx as nx

NODE_KINDS = ("start", "decision", "step", "terminal")


def build_phase_graph(name: str, nodes, edges) -> nx.DiGraph:
    """A phase graph from tables: ``nodes`` as ``(phase, kind, rules, label)``,
    ``edges`` as ``(source, target)`` or ``(source, target, label)``.

    An edge naming a phase that is not a node is a mistake in the table, not a new
    phase: it raises ``ValueError`` naming the edge.
    """
    import networkx as nx

    graph = nx.DiGraph(name=name)
    for phase, kind, rules, label in nodes:
        graph.add_node(phase, kind=kind, rules=tuple(rules), label=label)
    for edge in edges:
        source, target = edge[0], edge[1]
        for end in (source, target):
            if end not in graph:
                raise ValueError(f"{name}: the edge {source} -> {target} names {end!r}, "
                                 "which is not a phase")
        if len(edge) > 2:
            graph.add_edge(source, target, label=edge[2])
        else:
            graph.add_edge(source, target)
    return graph


@dataclass(frozen=True, slots=True)
class PhaseLint:
    unreachable: tuple[str, ...]
    dead_ends: tuple[str, ...]
    cannot_finish: tuple[str, ...]
    malformed: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not (self.unreachable or self.dead_ends or self.cannot_finish or self.malformed)

    def problems(self) -> list[str]:
        found = []
        for name, nodes in (
            ("unreachable phase", self.unreachable),
            ("dead end (no way on, not terminal)", self.dead_ends),
            ("phase from which no end is reachable", self.cannot_finish),
            ("malformed node", self.malformed),
        ):
            found.extend(f"{name}: {node}" for node in nodes)
        return found


def lint_phase_graph(graph: nx.DiGraph) -> PhaseLint:
    """Unreachable phases, dead ends, and phases that cannot reach an end."""
    import networkx as nx

    malformed = sorted(
        f"{node} (kind {data.get('kind')!r})"
        for node, data in graph.nodes(data=True)
        if data.get("kind") not in NODE_KINDS
    )
    starts = [n for n, d in graph.nodes(data=True) if d.get("kind") == "start"]
    terminals = {n for n, d in graph.nodes(data=True) if d.get("kind") == "terminal"}
    if not starts:
        malformed.append("graph has no start node")
    if not terminals:
        malformed.append("graph has no terminal node")
    reachable: set = set()
    for start in starts:
        reachable |= {start} | nx.descendants(graph, start)
    unreachable = sorted(str(n) for n in graph.nodes if n not in reachable)
    dead_ends = sorted(
        str(n) for n in graph.nodes if n not in terminals and graph.out_degree(n) == 0
    )
    finishing: set = set(terminals)
    for terminal in terminals:
        finishing |= nx.ancestors(graph, terminal)
    cannot_finish = sorted(
        str(n) for n in graph.nodes if n not in finishing and str(n) not in dead_ends
    )
    return PhaseLint(tuple(unreachable), tuple(dead_ends), tuple(cannot_finish), tuple(malformed))
