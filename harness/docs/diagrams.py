"""The phase diagrams of the reference: a game's phase graph drawn as Graphviz DOT, in stages when large.

Each node is drawn in the style of its kind (start, decision, step, terminal),
each edge with the rules it follows; a graph too big to read at once is also
drawn one rulebook section at a time, the other sections collapsed into one
node each.
"""

from __future__ import annotations

import json

from harness.docs.names import rule_label
from model.core.game import Game


_KIND_STYLE = {
    "start": 'shape=oval, style="filled,bold", fillcolor="#d9ead3", color="#38761d"',
    "decision": 'shape=hexagon, style="filled", fillcolor="#fff2cc", color="#bf9000"',
    "step": 'shape=box, style="rounded,filled", fillcolor="#dfe7f3", color="#3d5a80"',
    "terminal": 'shape=box, style="filled", peripheries=2, fillcolor="#f4cccc", '
                'color="#990000"',
}
_KIND_MEANING = {
    "start": "where a game begins",
    "decision": "a player (or chance) chooses",
    "step": "the engine carries out a rule, no choice",
    "terminal": "the game is over",
}


def _html_label(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


STAGED_AT = 30
"""A phase graph with more nodes than this is also drawn one stage at a time."""
STAGE_MOST = 12
"""A stage with more phases than this is drawn in parts, cut between rules: a 32-phase
stage drew 3,700 points wide in one diagram, 1,100 to 1,600 in three."""
_NEIGHBOUR_STYLE = ('shape=box, style="rounded,dashed", color="#999999", '
                    'fontcolor="#666666"')


def phase_stages(game: Game) -> list[tuple[str, str, frozenset]]:
    """The phase graph's nodes grouped by the rulebook section of each node's first rule:
    ``(section number, section title, nodes)`` in rulebook order, for graphs too big to
    read in one diagram (:data:`STAGED_AT`); empty otherwise, or when one section holds
    every node."""
    graph = game.phase_graph()
    if graph.number_of_nodes() <= STAGED_AT:
        return []
    first_rule = {node: list(data["rules"])[0] for node, data in graph.nodes(data=True)
                  if data.get("rules")}
    groups: dict[str, set] = {}
    for node, rule in first_rule.items():
        groups.setdefault(rule.split(".")[0], set()).add(node)
    titles = {section.number: section.title for section in game.rulebook.sections}
    order = [section.number for section in game.rulebook.sections]
    stages = [(number, titles.get(number, number), frozenset(nodes))
              for number, nodes in groups.items() if len(nodes) >= 2]
    stages.sort(key=lambda s: order.index(s[0]) if s[0] in order else len(order))
    if len(stages) <= 1:
        return []
    rank = {number: index for index, number in enumerate(game.rulebook.numbers())}
    return [part for stage in stages for part in _stage_parts(stage, first_rule, rank)]


def _stage_parts(stage: tuple[str, str, frozenset], first_rule: dict, rank: dict
                 ) -> list[tuple[str, str, frozenset]]:
    """A stage of at most :data:`STAGE_MOST` phases as it is; a bigger one in parts of
    nearly equal size, by the rule each phase comes under first (phases of one rule
    stay together, rules in rulebook order, ``rank``), numbered by their rule range:
    ``FK 6.1-6.8``."""
    number, title, nodes = stage
    if len(nodes) <= STAGE_MOST:
        return [stage]
    by_rule: dict[str, list] = {}
    for node in nodes:
        by_rule.setdefault(first_rule[node], []).append(node)
    rules = sorted(by_rule, key=lambda rule: (rank.get(rule, len(rank)), rule))
    count = -(-len(nodes) // STAGE_MOST)
    target = len(nodes) / count
    parts: list[list[str]] = [[]]
    size = 0
    for rule in rules:
        if parts[-1] and size + len(by_rule[rule]) / 2 > target * len(parts):
            parts.append([])
        parts[-1].append(rule)
        size += len(by_rule[rule])
    out = []
    for part in parts:
        last = part[-1].split(" ")[-1]
        label = part[0] if len(part) == 1 else f"{part[0]}\u2013{last}"
        out.append((label, title, frozenset(n for rule in part for n in by_rule[rule])))
    return out


def phase_dot(game: Game | str, link: bool = False, only: frozenset | None = None,
              elsewhere: dict | None = None) -> str:
    """The phase graph in Graphviz ``dot``; nodes styled by kind, labelled with rules.

    With ``link``, each node links to its first rule on the game's rules page.  With
    ``only``, just those nodes (one stage, :func:`phase_stages`) and the transitions that
    touch them; the nodes they come from or lead to elsewhere are drawn dashed, or, with
    ``elsewhere`` (node: the name of its stage), one dashed node per other stage, so a
    stage diagram stays narrow.
    """
    if isinstance(game, str):
        from harness.registry import get_game

        game = get_game(game)
    graph = game.phase_graph()
    if only is not None:
        whole = graph
        edges = [(a, b) for a, b in whole.edges() if a in only or b in only]
        kept = set(only) | {n for edge in edges for n in edge}
        graph = whole.edge_subgraph(edges).copy()
        graph.add_nodes_from((n, whole.nodes[n]) for n in kept)
        if elsewhere is not None:
            graph = _collapse_outside(graph, only, elsewhere)
    name = game.key + "_phases" + ("_" + "_".join(sorted(map(str, only)))[:40]
                                   if only is not None else "")
    lines = [f"digraph {_quoted(name)} {{",
             '  graph [rankdir=TB, bgcolor="transparent", fontname="Helvetica", '
             'nodesep=0.35, ranksep=0.4];',
             '  node [fontname="Helvetica", fontsize=11, margin="0.15,0.06"];',
             '  edge [color="#555555", arrowsize=0.7, fontname="Helvetica", fontsize=9];']
    for node, data in graph.nodes(data=True):
        kind = data.get("kind", "step")
        label = _html_label(str(data.get("label") or node))
        rules = list(data.get("rules", ()))
        chunks = [", ".join(rules[i:i + 3]) for i in range(0, len(rules), 3)]
        small = "<br/>".join(_html_label(c) for c in chunks)
        tooltip = f"{data.get('label') or node} ({kind}): " + ", ".join(rules)
        text = f"<b>{label}</b>" + (f'<br/><font point-size="9">{small}</font>'
                                      if small else "")
        style = _KIND_STYLE.get(kind, _KIND_STYLE["step"])
        if only is not None and node not in only:
            style = _NEIGHBOUR_STYLE
        attrs = [style, f"label=<{text}>", f"tooltip={_quoted(tooltip)}"]
        if link and rules:
            attrs.append(f'URL="rules.html#{rule_label(rules[0])}", target="_top"')
        lines.append(f"  {_quoted(str(node))} [{', '.join(attrs)}];")
    for a, b, data in graph.edges(data=True):
        extra = f" [label={_quoted(str(data['label']))}]" if data.get("label") else ""
        lines.append(f"  {_quoted(str(a))} -> {_quoted(str(b))}{extra};")
    lines.append("}")
    return "\n".join(lines)


def _quoted(value: str) -> str:
    """A DOT string: JSON's quoting keeps the text as it is (an en dash stays one)."""
    return json.dumps(value, ensure_ascii=False)


def _collapse_outside(graph, only: frozenset, elsewhere: dict):
    """``graph`` with every node outside ``only`` replaced by one node for its stage
    (labelled with the stage's name); the transitions to and from a stage merge, and
    keep their label only when just one transition, or one label, is merged."""
    import networkx as nx

    merged = nx.DiGraph()
    for node in sorted(only, key=str):
        merged.add_node(node, **graph.nodes[node])
    labels: dict[tuple, set] = {}
    for a, b, data in sorted(graph.edges(data=True), key=lambda e: (str(e[0]), str(e[1]))):
        ends = tuple(n if n in only or n not in elsewhere else "stage " + elsewhere[n]
                     for n in (a, b))
        for end, node in zip(ends, (a, b)):
            if end not in merged:
                merged.add_node(end, **(graph.nodes[node] if end == node else
                                        {"kind": "step", "label": end, "rules": ()}))
        labels.setdefault(ends, set()).add(str(data.get("label") or ""))
    for (a, b), found in labels.items():
        merged.add_edge(a, b, label=found.pop() if len(found) == 1 else "")
    return merged
