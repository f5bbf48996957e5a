"""Club Fight: a solitaire with a standard deck and one or two Jokers."""

from model.clubfight.cards import Card
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME, ClubFight
from model.clubfight.moves import Move, moves_for_club
from model.clubfight.rules import PRESETS, RULEBOOK as RULEBOOK_RULES, WEBAPP, Rules
from model.clubfight.state import State, format_grid, parse_grid

__all__ = ["Card", "ClubFight", "Deal", "GAME", "Move", "PRESETS", "RULEBOOK_RULES",
           "Rules", "State", "WEBAPP", "format_grid", "moves_for_club", "parse_grid"]
