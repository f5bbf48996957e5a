"""The current fight as a state holds it: whose cards meet, where, how it is resolved, who decides.

With 2 players the current fight is a place among both players' laid cards; with
more it pairs a challenger's card with another player's (FK 7.4), or leaves one
card unopposed (FK 7.7).  The transitions of the turn (:mod:`model.fightklub.turn`)
and the choices open in it (:mod:`model.fightklub.turn_moves`) read it through
these functions.
"""

from __future__ import annotations

from collections import Counter

from model.fightklub import fights, seats
from model.fightklub.catalog import Catalog
from model.fightklub.rules import Rules
from model.fightklub.seats import damage_taken, in_game, is_multiplayer
from model.fightklub.state import (
    PLAYERS, State,
)


# -- the current fight ---------------------------------------------------------------------------
def opponent(seat: int) -> int:
    """The other player of a two-player game."""
    return 1 - seat


def fight_seats(state: State) -> tuple[int, ...]:
    """The seats with a card in the current fight: with 2 players in seat order (one
    seat for an unopposed card), with more the challenger's first (FK 7.4)."""
    fight = state.fight
    if fight.pairing:
        return tuple(seat for seat, _ in fight.pairing)
    return tuple(seat for seat in range(PLAYERS) if fight.place < len(state.side(seat).laid))


def fight_slot(state: State, seat: int) -> int:
    """Where ``seat``'s card stands in the fight's ``sides`` and ``boosts``."""
    fight = state.fight
    if fight.pairing:
        return next(i for i, (s, _) in enumerate(fight.pairing) if s == seat)
    return seat


def fight_place(state: State, seat: int) -> int:
    """The place among ``seat``'s laid cards of their card in the current fight."""
    fight = state.fight
    if fight.pairing:
        return next(place for s, place in fight.pairing if s == seat)
    return fight.place


def fight_cards(state: State) -> dict[int, str]:
    """Each seat's card in the current fight (one seat for an unopposed card)."""
    return {seat: state.side(seat).laid[fight_place(state, seat)]
            for seat in fight_seats(state)}


def other_fighter(state: State, seat: int) -> int | None:
    """``seat``'s opponent in the current fight: the other card's owner, or for an
    unopposed card the player it is scored against (None: nobody, FK-M1); with 2
    players always the other player."""
    if not is_multiplayer(state):
        return opponent(seat)
    fight = state.fight
    if fight is None:
        return None
    others = [s for s in fight_seats(state) if s != seat]
    return others[0] if others else fight.target


def open_places(state: State) -> tuple[tuple[int, ...], bool]:
    """The places the Drop holder may pick now in a two-player game, and whether they
    are unopposed cards (which come first, FK 6.2)."""
    lengths = [len(state.side(seat).laid) for seat in range(PLAYERS)]
    paired = min(lengths)
    unopposed = tuple(range(paired, max(lengths)))
    if unopposed:
        return unopposed, True
    return tuple(range(paired)), False


def fight_picker(state: State, rules: Rules) -> int:
    """Who picks the next fight of a two-player fight phase: the Drop holder (FK 6.1),
    or, under the other reading of FK-T6, the owner of the unopposed cards while any
    wait (with 2 players they all lie on the side of the player who laid more)."""
    places, unopposed = open_places(state)
    if unopposed and rules.unopposed_owner_orders:
        lengths = [len(state.side(seat).laid) for seat in range(PLAYERS)]
        return lengths.index(max(lengths))
    return state.drop


def tab_picker(state: State, rules: Rules) -> int:
    """Who picks the next result tab of the current, unopposed, card under the other
    reading of FK-T7: whoever ordered the unopposed cards, the Drop holder or, under the
    other reading of FK-T6, their owner; with more than 2 players the card's owner, who
    picked it (FK 7.7)."""
    (seat,) = fight_seats(state)
    if is_multiplayer(state) or rules.unopposed_owner_orders:
        return seat
    return state.drop


def picker_words(state: State, picker: int) -> str:
    """``picker`` named by the part that lets them pick (FK 6.1, FK-T6)."""
    if picker == state.drop:
        return f"player {picker}, the Drop holder,"
    if is_multiplayer(state):
        return f"player {picker}, the owner of the card left over,"
    return f"player {picker}, the owner of the unopposed cards (FK-T6),"


def holding_fight_cards(catalog: Catalog, state: State) -> tuple[int, ...]:
    """The players still in the game with a fight card laid and not yet fought."""
    return tuple(seat for seat in in_game(catalog, state) if state.side(seat).laid)


def next_chooser(catalog: Catalog, state: State, preferred: int | None) -> int | None:
    """Who makes the next choice of the fight phase with more than 2 players: while two
    players hold fight cards, the challenger of the next pairing (FK 7.4): ``preferred``
    (the player just challenged) if they still hold one, else the Drop holder, else the
    next player on the holder's right who does; after that the owner of the cards left
    over, unopposed (FK 7.7); None when no card is left."""
    holders = holding_fight_cards(catalog, state)
    if not holders:
        return None
    if preferred is not None and preferred in holders:
        return preferred
    if state.drop in holders:
        return state.drop
    return seats.right_of(catalog, state, state.drop, among=holders)




def fighter(catalog: Catalog, state: State, seat: int) -> fights.Fighter:
    fight = state.fight
    code = state.side(seat).laid[fight_place(state, seat)]
    slot = fight_slot(state, seat)
    side = fight.sides[slot]
    character = catalog.deck(state.decks[seat]).character.parts
    return fights.Fighter(seat, code, side, fight.boosts[slot],
                          fights.centre_bonus_for(character, code, side, cards=catalog.cards))


def mode(catalog: Catalog, state: State) -> str:
    """How the current fight is resolved as its cards stand now."""
    fighting = fight_seats(state)
    if len(fighting) == 1:
        return fights.UNOPPOSED
    return fights.fight_mode(fighter(catalog, state, fighting[0]), fighter(catalog, state,
                                                                           fighting[1]),
                             cards=catalog.cards)


def power_fight(catalog: Catalog, state: State, rules: Rules) -> fights.PowerFight:
    """The current power-vs-power fight with the skirmishes resolved so far, replayed in
    the order they were picked."""
    a, b = fight_seats(state)
    fight = fights.start_power_fight(fighter(catalog, state, a), fighter(catalog, state, b),
                                     nullified=frozenset(state.fight.nullified),
                                     cards=catalog.cards)
    for position in state.fight.skirmishes:
        fight = fights.resolve_skirmish(fight, position, rules)
    return fight


def measures(catalog: Catalog, state: State, seat: int) -> dict[str, int]:
    """What clash text may compare, for ``seat`` (FK 5.10)."""
    side = state.side(seat)
    taken = damage_taken(catalog, state, seat)
    life = catalog.deck(state.decks[seat]).character.parts.life
    kinds = Counter(catalog.card(code).type for code in side.support + side.table)
    return {"cards in hand": len(side.hand), "energy in pool": len(side.pool),
            "damage taken": taken, "conditions in play": kinds["condition"],
            "gear in play": kinds["gear"], "life left": life - taken}


def decider(state: State) -> int:
    """Who orders the enhance and score actions of the current fight: the Drop holder
    with 2 players, the challenger with more (FK 7.5)."""
    if not is_multiplayer(state):
        return state.drop
    return state.fight.pairing[0][0]


def fight_step_decider(catalog: Catalog, state: State, rules: Rules) -> int:
    """Who picks the skirmishes or whose clash text decides: as :func:`decider`, or with
    more than 2 players under the other reading of FK-M3 the Drop holder (the player on
    their left once they are out)."""
    if not is_multiplayer(state) or rules.challenger_runs_the_fight:
        return decider(state)
    return seats.lead(catalog, state)


def title(state: State, seat: int) -> str:
    """How a log line names the player who decides."""
    if seat == state.drop:
        return f"player {seat}, the Drop holder,"
    if state.fight is not None and state.fight.pairing and seat == state.fight.pairing[0][0]:
        return f"player {seat}, the challenger,"
    return f"player {seat}"




def first_candidates(state: State) -> tuple[int, ...]:
    """Who may be chosen to act first in an ordered step."""
    if not is_multiplayer(state):
        return tuple(range(PLAYERS))
    return fight_seats(state)
