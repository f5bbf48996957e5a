"""The phase graph of the Monsters Masters & Mobsters setup phase.

Each node is a step of a setup turn (or the roll, the deal, an end), with
the rules it carries out; each edge is a transition the engine may take,
saying in a few words when.  The engine never takes a transition the graph
lacks (the conformance tests walk every logged step).
"""

from __future__ import annotations

import functools

import networkx as nx

from model.core.phases import build_phase_graph


PHASE_NODES = (
    ("roll", "start", ("MM 4.2",), "Starting roll"),
    ("deal", "step", ("MM 4.3",), "Deal seven each"),
    ("next_turn", "step", ("MM 4.2", "MM 4.14"), "Next player clockwise"),
    ("play", "decision", ("MM 4.11",), "One play"),
    ("place", "step", ("MM 4.4", "MM 2.3", "MM 2.4"), "Place a card"),
    ("replace", "step", ("MM 4.5",), "Bystander discarded"),
    ("attach", "step", ("MM 4.6", "MM 4.7", "MM 4.8"), "Attach a card"),
    ("spend", "step", ("MM 4.9",), "Draw or Vendor card"),
    ("discard", "step", ("MM 4.10", "MM 1.4"), "Discard cards"),
    ("pass", "step", ("MM 4.14",), "Pass"),
    ("declare", "step", ("MM 4.13",), "Declare setup complete"),
    ("look", "decision", ("MM 4.9", "MM 1.2"), "Look through the Library"),
    ("take", "step", ("MM 4.9", "MM 1.2"), "Take a card from the Library"),
    ("shuffle", "step", ("MM 1.3",), "Shuffle the Library"),
    ("skip", "step", ("MM 4.15",), "Final turn skipped"),
    ("draw", "step", ("MM 4.12", "MM 4.9"), "Draw"),
    ("trim", "decision", ("MM 4.12",), "Discard down to seven"),
    ("end_turn", "step", ("MM 4.12", "MM 4.13"), "End of turn"),
    ("complete", "terminal", ("MM 4.13",), "Setup complete"),
    ("stalled", "terminal", ("MM 4.14",), "Setup stalled"),
)
"""The phases: name, kind, the rules carried out there, label."""
PHASE_EDGES = (
    ("roll", "deal", "a seat starts"),
    ("roll", "next_turn", "nothing to deal"),
    ("deal", "next_turn", "all hands dealt"),
    ("next_turn", "play", "the player holds a card, or passes"),
    ("next_turn", "stalled", "the player holds no card"),
    ("end_turn", "skip", "no card for a final turn"),
    ("skip", "next_turn", "another final turn"),
    ("skip", "complete", "the last final turn"),
    ("play", "place", "a card placed"),
    ("play", "attach", "a card attached"),
    ("play", "spend", "a Draw or Vendor card"),
    ("play", "discard", "cards discarded"),
    ("play", "pass", "no card to play"),
    ("play", "declare", "declare alone"),
    ("place", "replace", "a Mobster named like a Bystander"),
    ("spend", "look", "a card that looks through the Library"),
    ("declare", "look", "a card that looks through the Library"),
    ("spend", "take", "the Library is empty"),
    ("declare", "take", "the Library is empty"),
    ("look", "take", "a card chosen"),
    ("take", "look", "more to take"),
    ("take", "shuffle", "done looking"),
    *((source, "declare", "format met") for source in
      ("place", "replace", "attach", "spend", "discard")),
    *((source, target, label) for source in
      ("place", "replace", "attach", "spend", "discard", "declare", "pass", "shuffle",
       "take")
      for target, label in (("draw", "fewer than seven"), ("trim", "more than seven"),
                            ("end_turn", "seven, or the Library is empty"))),
    ("draw", "trim", "more than seven"),
    ("draw", "end_turn", "seven, or the Library is empty"),
    ("trim", "end_turn", "seven"),
    ("end_turn", "next_turn", "setup goes on"),
    ("end_turn", "complete", "every final turn taken"),
    ("end_turn", "stalled", "every player passed"),
)
"""The transitions between phases, each with when it is taken."""


@functools.lru_cache(maxsize=1)
def phase_graph() -> nx.DiGraph:
    """The setup phase's steps and the transitions between them (built once)."""
    return build_phase_graph("Monsters Masters & Mobsters setup", PHASE_NODES, PHASE_EDGES)
