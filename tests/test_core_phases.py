"""Phase graphs: the lint, and the engine staying on the graph."""

from __future__ import annotations

import networkx as nx
import pytest

from harness.explorer import explore
from model.core.game import missing_edges, walk_phases
from model.core.phases import lint_phase_graph
from harness.registry import games
from toygame import HOUSE, DEFAULT_RULES, TOY, OffGraphGame, start_of


def graph(nodes: dict[str, str], edges: list[tuple[str, str]]) -> nx.DiGraph:
    g = nx.DiGraph()
    for node, kind in nodes.items():
        g.add_node(node, kind=kind, rules=())
    g.add_edges_from(edges)
    return g


def test_a_clean_graph_has_no_problems():
    lint = lint_phase_graph(graph({"s": "start", "d": "decision", "x": "step", "t": "terminal"},
                                  [("s", "d"), ("d", "x"), ("x", "d"), ("x", "t")]))
    assert lint.ok and lint.problems() == []


def test_unreachable_phase():
    lint = lint_phase_graph(graph({"s": "start", "t": "terminal", "lost": "decision"},
                                  [("s", "t"), ("lost", "t")]))
    assert lint.unreachable == ("lost",)
    assert not lint.ok
    assert lint.problems() == ["unreachable phase: lost"]


def test_dead_end_is_reported_once_not_also_as_cannot_finish():
    lint = lint_phase_graph(graph({"s": "start", "t": "terminal", "stuck": "decision"},
                                  [("s", "t"), ("s", "stuck")]))
    assert lint.dead_ends == ("stuck",)
    assert lint.cannot_finish == ()


def test_a_loop_without_an_exit_cannot_finish():
    lint = lint_phase_graph(graph({"s": "start", "t": "terminal", "a": "decision", "b": "step"},
                                  [("s", "t"), ("s", "a"), ("a", "b"), ("b", "a")]))
    assert lint.cannot_finish == ("a", "b")
    assert lint.dead_ends == () and lint.unreachable == ()
    assert "phase from which no end is reachable: a" in lint.problems()


def test_malformed_nodes_and_missing_start_or_terminal():
    g = graph({"s": "start", "t": "terminal"}, [("s", "t")])
    g.add_node("odd", kind="phase")
    g.add_node("bare")
    g.add_edges_from([("s", "odd"), ("odd", "t"), ("s", "bare"), ("bare", "t")])
    lint = lint_phase_graph(g)
    assert lint.malformed == ("bare (kind None)", "odd (kind 'phase')")
    no_start = lint_phase_graph(graph({"d": "decision", "t": "terminal"}, [("d", "t")]))
    assert "graph has no start node" in no_start.malformed
    assert no_start.unreachable == ("d", "t")
    no_end = lint_phase_graph(graph({"s": "start", "d": "decision"}, [("s", "d"), ("d", "s")]))
    assert "graph has no terminal node" in no_end.malformed
    assert no_end.cannot_finish == ("d", "s")


@pytest.mark.parametrize("game", [*games().values(), TOY], ids=lambda g: g.key)
def test_every_game_graph_lints_clean(game):
    lint = lint_phase_graph(game.phase_graph())
    assert lint.ok, lint.problems()


def toy_edges_taken(rules) -> set[tuple[str, str]]:
    """Every phase-graph edge some transition of a three-player game takes."""
    start = start_of(3, 4)
    seen, frontier, edges = {start}, [start], set()
    while frontier:
        state = frontier.pop()
        for action in TOY.actions(state, rules):
            transition = TOY.resolve(state, action, rules)
            edges.update(walk_phases(TOY, state, transition))
            if transition.state not in seen:
                seen.add(transition.state)
                frontier.append(transition.state)
    return edges


def test_toy_engine_takes_every_edge_of_its_graph_and_no_other():
    report = explore(TOY, DEFAULT_RULES, [start_of(2, 3)], max_depth=5)
    assert report.ok and report.exhausted
    graph = TOY.phase_graph()
    assert report.phases_seen == set(graph.nodes)
    standard, house = toy_edges_taken(DEFAULT_RULES), toy_edges_taken(HOUSE)
    assert standard == set(graph.edges)
    # Under the house reading a tied bid still gives the initiative: no bid ends the game.
    assert house == set(graph.edges) - {("reveal", "showdown")}


def test_an_edge_missing_from_the_graph_is_caught():
    broken = OffGraphGame()
    state = broken.parse_state(
        "hands 1 2 | deck 3 | bids ? | initiative ? | drawn - | order - | strengths -")
    transition = broken.resolve(state, broken.parse_action(state, "bid 1 & bid 1", DEFAULT_RULES),
                                DEFAULT_RULES)
    assert missing_edges(broken, state, transition) == [("reveal", "showdown")]
    assert missing_edges(TOY, state, transition) == []
    lint = lint_phase_graph(broken.phase_graph())
    assert lint.ok  # the graph itself is well formed; only the engine disagrees


def test_a_phase_graph_is_built_from_its_tables_and_a_stray_edge_is_refused():
    from model.core.phases import build_phase_graph

    nodes = [("deal", "start", ("X 1",), "Deal"), ("play", "decision", ("X 2",), "Play"),
             ("over", "terminal", ("X 3",), "Over")]
    graph = build_phase_graph("X", nodes, [("deal", "play", "dealt"), ("play", "over")])
    assert graph.name == "X" and graph.nodes["play"] == {
        "kind": "decision", "rules": ("X 2",), "label": "Play"}
    assert graph.edges["deal", "play"] == {"label": "dealt"} and graph.has_edge("play", "over")
    assert lint_phase_graph(graph).ok
    with pytest.raises(ValueError, match="the edge play -> ovr names 'ovr'"):
        build_phase_graph("X", nodes, [("play", "ovr")])
