"""Getting started and the setup phase as transitions of the game (FK 4).

The deal (FK 4.4), the starting energy (FK 4.5), the Drop holder's choice of who
sets up first (FK 4.6), each player's first setup action and two setup actions,
paid with the energy rules (FK 4.7 to FK 4.13), the laying of the fight cards and
their reveal (FK 4.15, FK 4.16).  The reveal hands the state to the fight phase
(:func:`model.fightklub.turn.begin_fight_phase`), which the game calls next.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass


from model.core.game import (
    Step, Transition,
)
# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.fightklub.carried import setup_lines
from model.fightklub.catalog import Catalog
from model.fightklub.payment import cost_rules, payments, situation
from model.fightklub.energy import (
    Cost, Pool, Token, format_tokens,
)
from model.fightklub.rules import Rules
from model.fightklub.seats import clockwise
from model.fightklub.state import (
    LAID, PLAYERS, SETUP_ACTIONS, TURN_STEPS, Move, State, cards_text,
)


# -- what a player may do ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Offer:
    """A card a setup action may play or use, before its payment is chosen."""

    kind: str
    card: str
    ability: int
    cost: Cost
    returns: tuple[tuple[str, ...], ...]


def ability_cost(ability) -> Cost:
    return ability.cost if ability.cost is not None else Cost()


def return_choices(catalog: Catalog, state: State, player: int, ability) -> tuple[tuple[str,
                                                                                        ...], ...]:
    """The cards a line's return-to-hand step may take back (FK 4.13): every choice of
    the named type from the player's support area, as sorted tuples; ``((),)`` when the
    line returns nothing or nothing fits."""
    step = next((s for s in ability.steps if s.do == "return_to_hand"), None)
    if step is None:
        return ((),)
    fitting = sorted(code for code in state.side(player).support
                     if catalog.card(code).type == step.param("what"))
    count = min(step.param("count"), len(fitting))
    return tuple(sorted(set(itertools.combinations(fitting, count)))) or ((),)


def offers(catalog: Catalog, state: State, player: int) -> list[_Offer]:
    """Cards in hand that may be played and setup lines of cards in play that may be used
    (FK 4.8, FK 4.10 to FK 4.12), before payment."""
    side = state.side(player)
    offers = []
    for code in sorted(set(side.hand)):
        card = catalog.card(code)
        playable = card.type in ("condition", "gear") or (
            card.type == "instant" and card.parts.phase == "setup")
        if playable:
            cost = card.cost if card.cost is not None else Cost()
            offers.append(_Offer("play", code, 1, cost, ((),)))
    in_play = [catalog.deck(state.decks[player]).character.code] + sorted(set(side.support))
    for code in in_play:
        for index, ability in enumerate(setup_lines(catalog.card(code)), 1):
            offers.append(_Offer("use", code, index, ability_cost(ability),
                                 return_choices(catalog, state, player, ability)))
    return offers


def setup_moves(catalog: Catalog, state: State, player: int, rules: Rules) -> list[Move]:
    sight = situation(catalog, state, player, rules)
    pool = state.side(player).pool
    moves = []
    for offer in offers(catalog, state, player):
        for burn in payments(offer.cost, pool, sight):
            for returned in offer.returns:
                moves.append(Move(offer.kind, offer.card, burn=burn, ability=offer.ability,
                                    returned=returned))
    return moves




# -- transitions (module functions: the rules' implemented_by names them) ---------------------------
def take_card(catalog: Catalog, state: State, player: int, code: str, steps: list[Step], phase: str,
               rules_: tuple[str, ...], why: str) -> tuple[State, bool]:
    """``player`` takes ``code`` from their draw stack into hand; when that was the last
    card, the discard stack becomes the draw stack and the action ends (FK 4.14).
    Returns the state and whether the stack ran out."""
    side = state.side(player)
    draw = list(side.draw)
    draw.remove(code)
    hand = tuple(sorted(side.hand + (code,)))
    state = state.with_side(player, draw=tuple(draw), hand=hand)
    steps.append(Step(phase, rules_, f"player {player} draws {catalog.name(code)} {why} "
                                     f"({len(hand)} in hand)"))
    if draw:
        return state, False
    discard = state.side(player).discard
    state = state.with_side(player, draw=discard, discard=())
    steps.append(Step("refill", ("FK 4.14",),
                      f"player {player}'s draw stack is empty: the game action ends, and "
                      + (f"the discard stack ({len(discard)} cards) is shuffled into a new "
                         "draw stack" if discard else "the discard stack is empty too")))
    return state, True


def deal(catalog: Catalog, state: State, code: str, rules: Rules) -> Transition[State]:
    """One card of the getting-started draw (FK 4.4); after the second hand, the starting
    energy (FK 4.5) and the Drop holder's choice (FK 4.6)."""
    player = state.turn
    steps: list[Step] = []
    value = catalog.deck(state.decks[player]).hand_value
    state, ran_out = take_card(catalog, state, player, code, steps, "deal", ("FK 4.4", "FK 4.2"),
                                f"towards the hand value {value}")
    if not ran_out and len(state.side(player).hand) < value:
        return Transition(state, tuple(steps))
    # the hands are dealt from the Drop holder clockwise (FK 4.4, FK 7.3)
    for other in clockwise(catalog, state, player)[1:]:
        if other == state.drop:
            break
        if state.side(other).draw:
            return Transition(dataclasses.replace(state, turn=other), tuple(steps))
    for seat in range(state.players):
        energy = catalog.deck(state.decks[seat]).first_setup_energy
        pool = state.side(seat).pool.plus(energy)
        state = state.with_side(seat, pool=pool)
        steps.append(Step("starting_energy", ("FK 4.5", "FK 3.1"),
                          f"player {seat} adds the first setup energy {energy} to the pool "
                          f"(pool {pool})"))
    if state.players > PLAYERS:
        # with more than 2 players the Drop holder sets up first and priority goes
        # clockwise (FK 7.3): nobody chooses the order
        steps.append(Step("order", ("FK 4.6", "FK 7.3"),
                          f"player {state.drop}, the Drop holder, sets up first; the others "
                          "follow clockwise"))
        state = dataclasses.replace(state, step="setup", first=state.drop, turn=state.drop)
        return begin_setup(catalog, state, state.drop, steps, rules)
    return Transition(dataclasses.replace(state, step="order", turn=state.drop), tuple(steps))


def next_in_order(catalog: Catalog, state: State, player: int, first: int) -> int | None:
    """The player after ``player`` in a clockwise step begun by ``first``, or None once
    it comes round to ``first`` again."""
    order = clockwise(catalog, state, first)
    after = order.index(player) + 1 if player in order else len(order)
    return order[after] if after < len(order) else None


def begin_setup(catalog: Catalog, state: State, player: int, steps: list[Step],
                 rules: Rules) -> Transition[State]:
    """``player``'s first setup action (FK 4.7), then their two setup actions."""
    energy = catalog.deck(state.decks[player]).first_setup_energy
    if rules.first_setup_energy_twice or state.round > 1:
        pool = state.side(player).pool.plus(energy)
        state = state.with_side(player, pool=pool)
        steps.append(Step("first_setup", ("FK 4.7", "FK 3.1") if state.round == 1 else
                          ("FK 4.7", "FK 3.1", "FK 6.15"),
                          f"player {player}'s first setup action adds {energy} (pool {pool}); "
                          "two setup actions follow"))
    else:
        steps.append(Step("first_setup", ("FK 4.7",),
                          f"player {player}'s first setup action: the starting energy was "
                          f"this turn's first setup energy, so nothing more is added (pool "
                          f"{state.side(player).pool}); two setup actions follow"))
    return Transition(dataclasses.replace(state, step="setup", turn=player,
                                          left=SETUP_ACTIONS, pending=0), tuple(steps))


def end_action(catalog: Catalog, state: State, steps: list[Step],
               rules: Rules) -> Transition[State]:
    """After a setup action and its draws: the next action, the other player's turn, or
    the laying of the fight cards (FK 4.8, FK 4.15)."""
    state = dataclasses.replace(state, pending=0)
    if state.left:
        return Transition(dataclasses.replace(state, step="setup"), tuple(steps))
    after = next_in_order(catalog, state, state.turn, state.first)
    if after is not None:
        return begin_setup(catalog, state, after, steps, rules)
    everyone = "both players have" if state.players == PLAYERS else "every player has"
    order = "first" if state.players == PLAYERS else "first, then clockwise"
    steps.append(Step("end_setup", ("FK 4.8", "FK 4.15"),
                      f"{everyone} taken their setup actions; the fight cards are "
                      f"laid, player {state.drop} (the Drop holder) {order}"))
    return start_lay(catalog, state, state.drop, steps, rules)


def start_lay(catalog: Catalog, state: State, player: int, steps: list[Step],
               rules: Rules) -> Transition[State]:
    side = state.side(player)
    if side.fight or side.under:
        return Transition(dataclasses.replace(state, step="lay", turn=player), tuple(steps))
    after = next_in_order(catalog, state, player, state.drop)
    if after is not None:
        return start_lay(catalog, state, after, steps, rules)
    return reveal(catalog, state, steps, rules)


def reveal(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> Transition[State]:
    """The fight cards are revealed together (FK 4.16): the state at the start of the fight
    phase, before anything of it happens; the game goes on with
    :func:`model.fightklub.turn.begin_fight_phase` (see :func:`revealed`)."""
    shown = "; ".join(f"player {p} {cards_text(state.side(p).laid)}"
                      for p in range(state.players))
    steps.append(Step("reveal", ("FK 4.16",),
                      f"the fight cards are revealed together ({shown}): the fight phase "
                      "begins"))
    return Transition(dataclasses.replace(state, step="fight", first=None, turn=state.drop,
                                          left=0), tuple(steps))


def revealed(transition: Transition[State]) -> bool:
    """Whether a transition of the setup phase ended with the reveal, so that the fight
    phase takes over within the same action."""
    return transition.state.step == "fight"


def lay(catalog: Catalog, state: State, code: str, rules: Rules) -> Transition[State]:
    """The acting player lays ``code`` from their fight stack face down, left to right
    (FK 4.15): from the shuffled part while it lasts, then the exhausted cards under it
    in the order they went there (FK 6.11); the reveal follows the last card (FK 4.16)."""
    player = state.turn
    side = state.side(player)
    laid = side.laid + (code,)
    if side.fight:
        fight = list(side.fight)
        fight.remove(code)
        state = state.with_side(player, fight=tuple(fight), laid=laid)
        steps = [Step("lay", ("FK 4.15", "FK 4.2"),
                      f"player {player} lays {code} face down in place {len(laid)}, without "
                      "looking")]
    else:
        state = state.with_side(player, under=side.under[1:], laid=laid)
        steps = [Step("lay", ("FK 4.15", "FK 6.11"),
                      f"player {player} lays {code}, the next exhausted card under the "
                      f"fight stack, face down in place {len(laid)}")]
    left = state.side(player)
    if len(laid) < LAID and (left.fight or left.under):
        return Transition(state, tuple(steps))
    after = next_in_order(catalog, state, player, state.drop)
    if after is not None:
        return start_lay(catalog, state, after, steps, rules)
    return reveal(catalog, state, steps, rules)


def pay_cost(catalog: Catalog, state: State, player: int, cost: Cost, burn: Pool, what: str,
         steps: list[Step], rules: Rules) -> State:
    side = state.side(player)
    pool = side.pool.minus(burn)
    state = state.with_side(player, pool=pool, burned=side.burned.plus(burn))
    paid = (f"burns {format_tokens(burn.tokens())}" if len(burn) else "burns nothing")
    text = (f"player {player} pays '{cost}' for {what}: {paid} (pool {pool})" if cost.parts
            else f"{what} costs nothing (pool {pool})")
    steps.append(Step("pay", cost_rules(cost, situation(catalog, state, player, rules)),
                      text[0].upper() + text[1:] if not cost.parts else text))
    return state


def carry_out(catalog: Catalog, state: State, player: int, lines, returned: tuple[str, ...],
               steps: list[Step]) -> State:
    """The steps of the lines, in order (FK 4.13): energy added, cards returned to hand,
    draws left pending for chance."""
    for line in lines:
        for step in line.steps:
            side = state.side(player)
            if step.do == "add_energy":
                added = Pool.of(Token(t) for t in step.param("tokens"))
                pool = side.pool.plus(added)
                state = state.with_side(player, pool=pool)
                steps.append(Step("effects", ("FK 4.13", "FK 3.1"),
                                  f"player {player} adds {added} to the pool (pool {pool})"))
            elif step.do == "return_to_hand":
                support = list(side.support)
                for code in returned:
                    support.remove(code)
                state = state.with_side(player, support=tuple(support),
                                        hand=tuple(sorted(side.hand + returned)))
                what = (f"{', '.join(catalog.name(c) for c in returned)} returns" if returned
                        else f"no {step.param('what')} is in play to return")
                steps.append(Step("effects", ("FK 4.13",),
                                  f"{what} from player {player}'s support area to hand"))
            elif step.do == "draw":
                count = step.param("count")
                if side.draw:
                    state = dataclasses.replace(state, pending=state.pending + count)
                    steps.append(Step("effects", ("FK 4.13",),
                                      f"player {player} draws {count} card"
                                      f"{'s' if count != 1 else ''} from the draw stack"))
                else:
                    steps.append(Step("effects", ("FK 4.13", "FK 4.14"),
                                      f"player {player} would draw {count}, but the draw "
                                      "and discard stacks are empty"))
    return state


def play_card(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """A card played from hand as a setup action (FK 4.8 to FK 4.11, FK 4.13)."""
    player = state.turn
    card = catalog.card(move.card)
    steps: list[Step] = []
    kind = "setup instant" if card.type == "instant" else card.type
    cost = card.cost if card.cost is not None else Cost()
    state = pay_cost(catalog, state, player, cost, move.burn,
                     f"{card.name} ({move.card}, {kind})", steps,
                 rules)
    side = state.side(player)
    hand = list(side.hand)
    hand.remove(move.card)
    state = dataclasses.replace(state.with_side(player, hand=tuple(hand)), left=state.left - 1)
    number = SETUP_ACTIONS - state.left
    if card.type == "instant":
        state = state.with_side(player, discard=tuple(sorted(side.discard + (move.card,))))
        steps.append(Step("instant", ("FK 4.11", "FK 1.10"),
                          f"setup action {number}: player {player} plays the setup instant "
                          f"{card.name} ({move.card}); it does what it says and goes to the "
                          "discard stack"))
        state = carry_out(catalog, state, player, card.abilities, (), steps)
    else:
        state = state.with_side(player, support=tuple(sorted(side.support + (move.card,))))
        steps.append(Step("support", ("FK 4.10",),
                          f"setup action {number}: player {player} plays the {card.type} "
                          f"{card.name} ({move.card}) to the support area"))
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return end_action(catalog, state, steps, rules)


def use_line(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """A setup line of a card in play used as a setup action (FK 4.12, FK 4.13)."""
    player = state.turn
    card = catalog.card(move.card)
    line = setup_lines(card)[move.ability - 1]
    steps: list[Step] = []
    state = pay_cost(catalog, state, player, ability_cost(line), move.burn,
                 f"the setup line of {card.name} ({move.card})", steps, rules)
    state = dataclasses.replace(state, left=state.left - 1)
    number = SETUP_ACTIONS - state.left
    where = "character" if card.type == "character" else "support area"
    steps.append(Step("ability", ("FK 4.12", "FK 1.13"),
                      f"setup action {number}: player {player} uses the setup line of "
                      f"{card.name} ({move.card}, {where})"))
    state = carry_out(catalog, state, player, (line,), move.returned, steps)
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return end_action(catalog, state, steps, rules)


def setup_started(catalog: Catalog, state: State, player: int) -> bool:
    """Whether ``player``'s part of the setup phase has begun (their first setup action
    taken)."""
    if state.step in ("drop", "deal", "order"):
        return False
    if state.step == "lay" or state.step in TURN_STEPS:
        return True
    order = clockwise(catalog, state, state.first)
    if player not in order or state.turn not in order:
        return True  # out of the game (FK 7.2): they take no setup actions
    return order.index(player) <= order.index(state.turn)
