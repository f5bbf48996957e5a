"""How a player pays a cost in the game: the payments open to them and the energy rules they apply.

The energy model (:mod:`model.fightklub.energy`) says whether a pool pays a cost;
this module puts a player's pool in its place at the table: the latent energy in
sight (their character's, The Drop's while they control it) and the card types on
the table that a cost may spot (FK 3, FK 4.9, FK 7.9), and names the energy rules a
payment applies or a refused burn breaks.
"""

from __future__ import annotations

import functools


# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.fightklub.catalog import Catalog
from model.fightklub.energy import burn_problem, spot_failures
from model.fightklub.energy import (
    EMPTY, SPOT, BURN, Cost, Pool, Situation, payments_of,
)
from model.fightklub.rules import Rules
from model.fightklub.state import TURN_STEPS, State


# -- payment ------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 16)
def payments(cost: Cost, pool: Pool, situation: Situation) -> tuple[Pool, ...]:
    """Every way to pay ``cost`` from ``pool`` (the tokens burned), by the energy rules
    (FK 3, FK 4.9); empty when it cannot be paid."""
    return tuple(payments_of(cost, pool, situation))


def table_types(catalog: Catalog, state: State, player: int, rules: Rules) -> frozenset[str]:
    """The card types of a player's cards on the table: the character (hero or villain),
    The Drop (universal), the support area (FK 4.1, FK 4.10); read the other way of
    FK-A5, also the face-up cards of the fights (revealed fight cards, effects and
    activated gear on the current fight, scored fight cards)."""
    deck = catalog.deck(state.decks[player])
    side = state.side(player)
    types = {deck.character.affiliation, "universal"}
    in_sight = list(side.support)
    if rules.spot_cards_in_fights:
        # laid fight cards are face down until the reveal ends the setup phase
        revealed = side.laid if state.step in TURN_STEPS else ()
        in_sight += [*revealed, *side.table,
                     *(code for code, _ in side.scored())]
    types.update(catalog.card(code).type for code in in_sight)
    return frozenset(types)


def situation(catalog: Catalog, state: State, player: int, rules: Rules) -> Situation:
    """What besides the pool decides a payment by ``player`` (FK 4.9)."""
    holder = state.drop if state.drop is not None else player
    others: frozenset[str] = frozenset()
    for seat in range(state.players):
        if seat != player:
            # with more than 2 players, a card of any opponent is in sight (FK 7.9)
            others |= table_types(catalog, state, seat, rules)
    return Situation(catalog.deck(state.decks[player]).latent,
                     catalog.deck(state.decks[holder]).drop_latent,
                     state.drop == player, table_types(catalog, state, player, rules), others,
                     rules)


def cost_rules(cost: Cost, sight: Situation) -> tuple[str, ...]:
    """The energy rules a payment of ``cost`` applies."""
    found = ["FK 4.9"]
    coloured = any(p.action == BURN and p.colour is not None for p in cost.parts)
    generic = any(p.is_generic for p in cost.parts)
    spots = [p for p in cost.parts if p.action == SPOT]
    if coloured:
        found.append("FK 3.2")
    if generic:
        found.append("FK 3.3")
    if coloured and generic:
        found.append("FK 3.4")
    if any(p.colour is not None for p in spots):
        found.append("FK 3.5")
        colours = {p.colour for p in spots if p.colour is not None}
        if any(sight.latent.count(c) for c in colours):
            found.append("FK 3.8")
        if sight.latent_in_sight().minus(sight.latent) != EMPTY and any(
                sight.drop_latent.count(c) for c in colours):
            found.append("FK 3.9")
    if any(p.card_type is not None for p in spots):
        found.append("FK 3.6")
    if spots and (coloured or generic):
        found.append("FK 3.7")
    return tuple(found)


def part_rule(cost: Cost, reason: str) -> str:
    """The energy rule behind an unpayable cost's reason (``part N 'spot G': ...``)."""
    import re

    match = re.search(r"part (\d+) '", reason)
    if match is None:
        return "FK 3.11"
    part = cost.parts[int(match.group(1)) - 1]
    if part.action == BURN:
        return "FK 3.3" if part.is_generic else "FK 3.2"
    return "FK 3.6" if part.card_type is not None else "FK 3.5"


def burn_rules(cost: Cost, pool: Pool, burn: Pool, sight: Situation) -> tuple[str, ...]:
    """The energy rules a burn that does not pay ``cost`` breaks."""
    if not pool.contains(burn):
        # tokens burned that the pool does not hold: latent energy, if that is where they
        # are in sight, else simply tokens the player lacks
        missing = Pool(*(max(0, b - p) for b, p in zip(burn.counts, pool.counts)))
        if sight.latent.contains(missing):
            return ("FK 3.8",)
        if sight.drop_latent.contains(missing):
            return ("FK 3.9", "FK 3.8")
        return ("FK 3.2",)
    problem = burn_problem(cost, pool, burn)
    if problem is not None:
        if "tokens but the cost asks" in problem:
            return ("FK 3.3", "FK 3.4") if len(cost.coloured_burns) else ("FK 3.3",)
        return ("FK 3.2",)
    failures = spot_failures(cost, pool, burn, sight)
    if failures and not spot_failures(cost, pool, EMPTY, sight):
        return ("FK 3.7",)  # the burn took the token the spot needed
    return (part_rule(cost, failures[0]) if failures else "FK 3.11",)
