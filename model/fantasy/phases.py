"""Fantasy Fight Club's phase graph: the steps of a battle turn and the moves between them.

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
    ("setup", "start", ("FF 1.1",), "Warbands laid out"),
    ("field", "decision", ("FF 1.1", "FF 1.2", "FF 1.3", "FF 1.4", "FF 1.5", "FF 1.6",
                           "FF 1.9", "FF 1.10"), "Field a warband"),
    ("draw", "step", ("FF 2.1", "FF 2.2"), "Draw to seven"),
    ("tactics", "decision", ("FF 3.1", "FF 3.2", "FF 3.3", "FF 1.2"), "Set row and weapon"),
    ("cast", "step", ("FF 7.2", "FF 7.3", "FF 7.4", "FF 7.5"),
     "Cast a tactics spell or ready a bolt"),
    ("ranged", "step", ("FF 4.1", "FF 4.2"), "Ranged attackers in order"),
    ("aim", "decision", ("FF 4.3",), "Front row, or roll for the target"),
    ("target_roll", "decision", ("FF 4.3",), "Target roll"),
    ("pick", "decision", ("FF 4.3", "FF 5.2"), "Pick a target"),
    ("hit_roll", "decision", ("FF 4.4", "FF 5.6"), "Hit roll"),
    ("dodge_roll", "decision", ("FF 4.4",), "Dodge roll (FF-A1)"),
    ("shield_roll", "decision", ("FF 6.1",), "Shield roll"),
    ("damage_roll", "decision", ("FF 6.2", "FF 6.3"), "Damage roll"),
    ("bolt", "step", ("FF 7.3", "FF 7.5"), "A bolt strikes"),
    ("killed", "step", ("FF 6.4",), "Killed"),
    ("skip", "step", ("FF 6.4", "FF 4.2", "FF 5.5"), "No attack"),
    ("stabs", "step", ("FF 5.2",), "Back-stabbers"),
    ("stab", "decision", ("FF 5.2",), "Roll to back-stab, or hold"),
    ("stab_roll", "decision", ("FF 5.2",), "Back-stab roll"),
    ("pairing", "step", ("FF 5.1", "FF 5.3"), "Pairing by speed"),
    ("order_roll", "decision", ("FF 5.3",), "Speed tie roll-off (FF-A7)"),
    ("pair", "decision", ("FF 5.3", "FF 5.4"), "Pick an opponent"),
    ("melee", "step", ("FF 5.1",), "Pairings fight"),
    ("first_strike", "decision", ("FF 5.5",), "First-strike roll"),
    ("end_turn", "step", ("FF 2.1", "FF 8.1", "FF 8.2"), "End of turn"),
    ("over", "terminal", ("FF 8.1", "FF 8.2"), "Battle over"),
)


_ATTACK_ENDS = ("target_roll", "stab", "stab_roll", "hit_roll", "dodge_roll", "shield_roll",
                "damage_roll", "bolt", "killed", "skip")
"""Steps after which an attack may be over (a hesitation, a miss, a block, a wound ...)."""


_NEXT = ("aim", "skip", "stabs", "pairing", "stab", "hit_roll", "first_strike", "melee",
         "end_turn")
"""What the engine may come to next when an attack is over: the next ranged attacker,
the back-stabbers, the pairing, the next strike or pairing, or the end of the turn."""


def _edges() -> list[tuple[str, str]]:
    edges = [("setup", "field"), ("field", "draw"), ("draw", "tactics"), ("tactics", "ranged"),
             ("tactics", "cast"), ("cast", "tactics"), ("pick", "bolt"), ("bolt", "killed"),
             ("ranged", "aim"), ("ranged", "stabs"), ("ranged", "pairing"),
             ("aim", "pick"), ("aim", "target_roll"), ("target_roll", "pick"),
             ("stab", "stab_roll"), ("stab_roll", "pick"), ("pick", "hit_roll"),
             ("hit_roll", "dodge_roll"), ("hit_roll", "shield_roll"), ("hit_roll", "damage_roll"),
             ("dodge_roll", "shield_roll"), ("dodge_roll", "damage_roll"),
             ("shield_roll", "damage_roll"), ("damage_roll", "killed"),
             ("stabs", "stab"), ("stabs", "skip"),
             ("pairing", "pair"), ("pairing", "order_roll"), ("pairing", "melee"),
             ("order_roll", "pair"), ("pair", "order_roll"), ("pair", "melee"),
             ("pair", "pairing"),  # a warrior left over that does not double up (FF-A20)
             ("melee", "first_strike"), ("melee", "hit_roll"), ("melee", "skip"),
             ("melee", "end_turn"), ("first_strike", "hit_roll"), ("first_strike", "skip"),
             ("end_turn", "draw"), ("end_turn", "over")]
    edges += [(end, following) for end in _ATTACK_ENDS for following in _NEXT
              if end != following]
    return edges


@functools.lru_cache(maxsize=1)
def phase_graph() -> nx.DiGraph:
    """The battle as a graph: phases and steps as nodes, the moves between them as edges."""
    return build_phase_graph("Fantasy Fight Club battle", PHASE_NODES, _edges())
