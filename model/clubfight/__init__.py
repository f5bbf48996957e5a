"""Club Fight: a solitaire with a standard deck and one or two Jokers.

The public API: the game (:data:`GAME`, an instance of :class:`ClubFight`),
its rulesets (:class:`Rules`, :data:`PRESETS`, :data:`DEFAULT_RULES`,
:data:`WEBAPP`), positions and deals with their notation (:class:`State`,
:class:`Deal`, :class:`Card`, :func:`parse_grid`, :func:`format_grid`),
moves (:class:`Move`, :func:`moves_for_club`), what a player sees
(:class:`Observation`), and the rules as data: the numbered rules
(:data:`RULEBOOK`, :data:`GLOSSARY`), the ambiguity register
(:data:`AMBIGUITIES`), the rulebook sentence by sentence
(:data:`TRACEABILITY`), the invariants and the phase graph.
"""

from model.clubfight.ambiguities import AMBIGUITIES
from model.clubfight.cards import Card
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME, ClubFight
from model.clubfight.invariants import INVARIANTS, TRANSITION_INVARIANTS
from model.clubfight.moves import Move, moves_for_club
from model.clubfight.observation import Observation
from model.clubfight.phases import PHASES, phase_graph
from model.clubfight.rulebook import GLOSSARY, RULEBOOK
from model.clubfight.rules import DEFAULT_RULES, PRESETS, WEBAPP, Rules
from model.clubfight.state import State, format_grid, parse_grid
from model.clubfight.traceability import TRACEABILITY

__all__ = ["AMBIGUITIES", "Card", "ClubFight", "DEFAULT_RULES", "Deal", "GAME", "GLOSSARY",
           "INVARIANTS", "Move", "Observation", "PHASES", "PRESETS", "RULEBOOK", "Rules",
           "State", "TRACEABILITY", "TRANSITION_INVARIANTS", "WEBAPP", "format_grid",
           "moves_for_club", "parse_grid", "phase_graph"]
