"""What the Battlefield holds: each player's Monsters, the format met, name limits.

The card set is the game's (a value given to it): these read each card's
type, name and limits from ``cards``, by number.  The engine and the
invariants both ask them.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from model.monmamo.cards import Card
from model.monmamo.rules import Rules
from model.monmamo.state import State


def monsters_of(state: State, player: int, cards: Mapping[str, Card]) -> int:
    return sum(1 for e in state.battlefield
               if e.owner == player and cards[e.card].type == "Monster")


def format_met(state: State, cards: Mapping[str, Card],
               rules: Rules | None = None) -> bool:
    """The format's Monsters are on the Battlefield (MM 4.1): each player's own, or,
    with teams and MM-A9's shared reading (``rules`` given), each team's in all.

    Without ``rules`` the weakest requirement is asked, which every reading implies:
    each team's total (each player's own when there are no teams)."""
    if state.teams and (rules is None or rules.teams_share_monsters):
        totals = [0] * state.teams
        for p in range(state.players):
            totals[state.team_of(p)] += monsters_of(state, p, cards)
        return all(total >= state.monsters_each for total in totals)
    return all(monsters_of(state, p, cards) >= state.monsters_each
               for p in range(state.players))


def name_limit(name: str, numbers: Iterable[str], cards: Mapping[str, Card]) -> int | None:
    """How many cards of ``name`` may be on the Battlefield: the strictest limit among
    the cards of that name involved (they are the same thing, MM 2.2)."""
    limits = [cards[n].battlefield_limit for n in numbers if cards[n].name == name]
    limits = [limit for limit in limits if limit is not None]
    return min(limits) if limits else None
