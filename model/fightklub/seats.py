"""Who sits where, who is still in the game, and who comes next.

The multiplayer rules (FK 7) seat the players around the table: priority goes
clockwise, to the next player on the left, which the model writes as the next
seat number (player 1 sits on player 0's left, and player 0 on the last
player's left).  A player whose character's damage reached its life is out of
the game (FK 7.2); the others play on.  With 2 players the same functions give
the standard game's answers: the opponent is the other seat, and a knockout
ends the game.
"""

from __future__ import annotations

from model.fightklub import fights
from model.fightklub.catalog import Catalog
from model.fightklub.state import PLAYERS, State


def is_multiplayer(state: State) -> bool:
    """Whether the multiplayer rules apply (3 players or more, FK 7)."""
    return state.players > PLAYERS


def life(catalog: Catalog, state: State, seat: int) -> int:
    return catalog.deck(state.decks[seat]).character.parts.life


def damage_taken(catalog: Catalog, state: State, seat: int) -> int:
    """The damage scored against ``seat``'s character: the opponent's damage stack with
    2 players, every card scored against the seat with more (FK 5.15, FK 7.6)."""
    if not is_multiplayer(state):
        return sum(fights.fight_damage(code, doubled, catalog.cards)
                   for code, doubled in state.side(1 - seat).scored())
    return sum(fights.fight_damage(code, doubled, catalog.cards)
               for other in range(state.players) if other != seat
               for code, doubled, victim in state.side(other).scored_against()
               if victim == seat)


def damage_dealt(catalog: Catalog, state: State, seat: int) -> int:
    """The damage ``seat``'s scored cards dealt (cards scored against nobody, FK-M1,
    deal none)."""
    multiplayer = is_multiplayer(state)
    return sum(fights.fight_damage(code, doubled, catalog.cards)
               for code, doubled, victim in state.side(seat).scored_against()
               if not multiplayer or victim is not None)


def knocked_out(catalog: Catalog, state: State, seat: int) -> bool:
    return fights.knocked_out(damage_taken(catalog, state, seat), life(catalog, state, seat))


def in_game(catalog: Catalog, state: State) -> tuple[int, ...]:
    """The seats whose character is still standing, in seat order."""
    return tuple(seat for seat in range(state.players) if not knocked_out(catalog, state, seat))


def clockwise(catalog: Catalog, state: State, start: int) -> tuple[int, ...]:
    """The seats still in the game going clockwise (to the left) from ``start``, which
    comes first if it is still in the game."""
    live = set(in_game(catalog, state))
    return tuple(seat for seat in ((start + i) % state.players for i in range(state.players))
                 if seat in live)


def left_of(catalog: Catalog, state: State, seat: int) -> int | None:
    """The next player still in the game on ``seat``'s left (clockwise), or None."""
    order = [s for s in clockwise(catalog, state, (seat + 1) % state.players) if s != seat]
    return order[0] if order else None


def right_of(catalog: Catalog, state: State, seat: int, among=None) -> int | None:
    """The next player on ``seat``'s right (counter-clockwise) among ``among`` (by
    default the players still in the game), or None."""
    eligible = set(in_game(catalog, state) if among is None else among)
    for step in range(1, state.players):
        other = (seat - step) % state.players
        if other in eligible:
            return other
    return None


def lead(catalog: Catalog, state: State) -> int:
    """The player who acts first in a clockwise step: the Drop holder, or, once the
    holder is out, the next player on their left."""
    if not knocked_out(catalog, state, state.drop):
        return state.drop
    found = left_of(catalog, state, state.drop)
    return state.drop if found is None else found
