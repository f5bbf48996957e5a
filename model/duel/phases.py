"""The duel's phase graph: the steps of a round and the moves between them.

The engine never takes a transition the graph lacks (checked in the tests),
the explorer lints it and the rules reference draws it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import functools


from model.core.phases import build_phase_graph

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx

PHASE_NODES = (
    ("draw", "start", ("DU 2.1", "DU 2.3"), "1. Draw to 5"),
    ("discard", "decision", ("DU 2.2",), "Optional discard"),
    ("before", "decision", ("DU 3.1",), "2. Before Rolls (secret)"),
    ("reveal", "step", ("DU 3.1", "DU 3.2", "DU 5.8"), "Reveal"),
    ("roll", "decision", ("DU 4.1",), "3. Generate Base"),
    ("roles", "step", ("DU 4.2", "DU 4.3", "DU 4.4"), "Aggressor and Defender"),
    ("reroll", "decision", ("DU 4.4",), "Tie: generate again"),
    ("enter_after", "step", ("DU 4.5", "DU 5.8", "DU 5.2"), "Critical, conditions"),
    ("open", "decision", ("DU 4.8", "DU 4.11"), "Defender's Adrenaline offer"),
    ("after", "decision", ("DU 4.6", "DU 4.7", "DU 4.8", "DU 4.9"), "4. After Rolls"),
    ("regen", "decision", ("DU 4.10",), "REGEN re-roll"),
    ("close", "decision", ("DU 4.8", "DU 4.11"), "Aggressor's Adrenaline offer"),
    ("answer", "decision", ("DU 4.8", "DU 4.11"), "Defender's answer"),
    ("step_a", "step", ("DU 6.1",), "A. Heal, Shield, DR"),
    ("step_b", "step", ("DU 6.2", "DU 6.3"), "B. Aggressor's true damage"),
    ("step_c", "step", ("DU 6.4",), "C. Clash"),
    ("step_d", "step", ("DU 6.5",), "D. Defender's true damage"),
    ("step_e", "step", ("DU 6.6",), "E. Salvage, Revenge"),
    ("cleanup", "step", ("DU 7.5",), "6. Cleanup"),
    ("trim", "decision", ("DU 7.5",), "Discard to 4"),
    ("adrenaline", "step", ("DU 7.1", "DU 7.2", "DU 7.3", "DU 7.4"), "Adrenaline"),
    ("late", "decision", ("DU 4.8", "DU 4.11"), "Adrenaline after Resolution (DU-A8)"),
    ("over", "terminal", ("DU 1.3", "DU 1.4", "DU 6.7"), "Duel over"),
)


PHASE_EDGES = (
    ("draw", "discard", "both hold 5, or cannot draw"),
    ("discard", "before", "discards made"),
    ("before", "reveal", "choices revealed together"),
    ("reveal", "roll", "Bases next"),
    ("before", "roll", "nothing revealed takes effect before the roll"),
    ("roll", "roles", "both Bases generated"),
    ("roles", "reroll", "tie, generated again (DU-A1)"),
    ("roles", "enter_after", "roles decided"),
    ("reroll", "roles", "new Bases"),
    ("enter_after", "after", "After Rolls begins"),
    ("enter_after", "open", "the Defender can pay an Adrenaline Action"),
    ("open", "after", "the Aggressor's card next"),
    ("open", "regen", "a REGEN"),
    ("after", "regen", "a REGEN"),
    ("regen", "after", "re-rolled; a card next"),
    ("after", "step_a", "both have played"),
    ("regen", "step_a", "re-rolled; both have played"),
    ("after", "close", "both have played; the Aggressor can act"),
    ("after", "answer", "both have played; only the Defender can act"),
    ("regen", "close", "re-rolled; the Aggressor can answer"),
    ("regen", "answer", "re-rolled; the Defender can answer"),
    ("close", "regen", "a REGEN"),
    ("close", "answer", "the Defender can answer"),
    ("close", "close", "no roles: the one who passed can answer"),
    ("close", "step_a", "nobody answers"),
    ("answer", "regen", "a REGEN"),
    ("answer", "close", "the Aggressor can answer"),
    ("answer", "step_a", "nobody answers"),
    ("step_a", "step_b", ""), ("step_b", "step_c", ""), ("step_c", "step_d", ""),
    ("step_d", "step_e", ""),
    ("step_e", "over", "a character defeated"),
    ("step_e", "cleanup", "both standing"),
    ("cleanup", "trim", "a hand above 4"),
    ("cleanup", "adrenaline", "hands at 4 or fewer"),
    ("trim", "adrenaline", "trimmed"),
    ("adrenaline", "draw", "next round"),
    ("adrenaline", "late", "the window stays open after Resolution (DU-A8)"),
    ("late", "late", "the one who passed can answer"),
    ("late", "draw", "next round"),
    ("adrenaline", "over", "the last round is over"),
)


@functools.lru_cache(maxsize=1)
def phase_graph() -> nx.DiGraph:
    """The round as a graph: phases and steps as nodes, the moves between them as edges."""
    return build_phase_graph("Power Source duel round", PHASE_NODES, PHASE_EDGES)
