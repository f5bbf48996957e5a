"""Fight Klub, the whole two-player game, as a game of the core protocol.

Two players meet with two shipped decks.  Getting started (FK 4.1 to FK 4.6):
the characters and both copies of The Drop lie on the table, the stacks are
shuffled, chance gives The Drop to one player (1/2 each), each player draws
to their hand value one card at a time, adds their first setup energy, and the
Drop holder chooses who sets up first.  The setup phase (FK 4.7 to FK 4.16):
each player in turn takes the first setup action and then two setup actions
(a condition, a gear, a setup instant, a setup line of a card in play, or a
pass), paying each cost with the energy model (:mod:`model.fightklub.energy`)
as part of the action; then the Drop holder and then the other player lay
three fight cards face down, and the reveal begins the fight phase.

The rest of the turn (FK 6: the fights, the cooldown, the even-up, the passing
of The Drop and the next turn, the end of the game) is
:mod:`model.fightklub.turn`, which calls :mod:`model.fightklub.fights` for the
arithmetic of every fight (FK 5).  The game ends when the damage scored
against a character reaches its life, or when nobody has a fight card left to
lay (FK-T1).

Only fully known cards can be played: the card texts of ONE are not public, so
a deck of ONE (``rambo``, ``hannibal``) is refused with an
:class:`~model.core.errors.InputError` naming the unknown facts, and the model
plays ringside's synthetic decks (``synthetic-brick``, ``synthetic-dana``).
A line or result tab that does something the model does not carry out (see
:mod:`model.fightklub.carried`) is refused the
same way rather than half played.

Stacks are unordered hidden collections (FK 4.2): every card taken from one is
a chance event over the cards it holds (:func:`model.core.game.draw_outcomes`),
which keeps the explorer's states few and the odds exact.  Exhausted fight
cards go under the fight stack in a known order (FK 6.11).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

import networkx as nx

from model.core.errors import InputError
from model.core.phases import build_phase_graph
from model.core.game import (
    CHANCE, TERMINAL, AmbiguousAction, Game, Illegal, IllegalAction, Invariant, Layout, Outcome,
    Step, Transition, TransitionInvariant, draw_outcomes,
)
# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.core.game import Token as Drawn
from model.fightklub.cards import Card
from model.fightklub.carried import setup_lines
from model.fightklub.catalog import Catalog
from model.fightklub.energy import (
    EMPTY, SPOT, BURN, Cost, Pool, Situation, Token, format_tokens, payment_problem,
    payments_of,
)
from model.fightklub.rulebook import FK_AMBIGUITIES, FK_GLOSSARY, FK_RULEBOOK
from model.fightklub.rules import PRESETS, FKRules
from model.fightklub.seats import clockwise, damage_dealt, damage_taken, in_game
from model.fightklub.state import (
    ACTION_KINDS, LAID, MAX_PLAYERS, ORDERED_STEPS, PLAYERS, SETUP_ACTIONS, TURN_STEPS, FKMove,
    MAX_ROUND, FKSetup, FKState, Side, cards_text, damage_entry,
)

DECKS = ("synthetic-brick", "synthetic-dana")
"""The decks the examples and the explorer use: every card of them is known."""


# -- payment ------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 16)
def payments(cost: Cost, pool: Pool, situation: Situation) -> tuple[Pool, ...]:
    """Every way to pay ``cost`` from ``pool`` (the tokens burned), by the energy rules
    (FK 3, FK 4.9); empty when it cannot be paid."""
    return tuple(payments_of(cost, pool, situation))


def table_types(catalog: Catalog, state: FKState, player: int) -> frozenset[str]:
    """The card types of a player's cards on the table: the character (hero or villain),
    The Drop (universal), the support area (FK 4.1, FK 4.10)."""
    deck = catalog.deck(state.decks[player])
    types = {deck.character.affiliation, "universal"}
    types.update(catalog.card(code).type for code in state.side(player).support)
    return frozenset(types)


def situation(catalog: Catalog, state: FKState, player: int, rules: FKRules) -> Situation:
    """What besides the pool decides a payment by ``player`` (FK 4.9)."""
    holder = state.drop if state.drop is not None else player
    others: frozenset[str] = frozenset()
    for seat in range(state.players):
        if seat != player:
            # with more than 2 players, a card of any opponent is in sight (FK 7.9)
            others |= table_types(catalog, state, seat)
    return Situation(catalog.deck(state.decks[player]).latent,
                     catalog.deck(state.decks[holder]).drop_latent,
                     state.drop == player, table_types(catalog, state, player), others, rules)


def _cost_rules(cost: Cost, sight: Situation) -> tuple[str, ...]:
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


def _part_rule(cost: Cost, reason: str) -> str:
    """The energy rule behind an unpayable cost's reason (``part N 'spot G': ...``)."""
    import re

    match = re.search(r"part (\d+) '", reason)
    if match is None:
        return "FK 3.11"
    part = cost.parts[int(match.group(1)) - 1]
    if part.action == BURN:
        return "FK 3.3" if part.is_generic else "FK 3.2"
    return "FK 3.6" if part.card_type is not None else "FK 3.5"


def _burn_rules(cost: Cost, pool: Pool, burn: Pool, sight: Situation) -> tuple[str, ...]:
    """The energy rules a burn that does not pay ``cost`` breaks."""
    from model.fightklub.energy import burn_problem, spot_failures

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
    return (_part_rule(cost, failures[0]) if failures else "FK 3.11",)


# -- what a player may do ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Offer:
    """A card a setup action may play or use, before its payment is chosen."""

    kind: str
    card: str
    ability: int
    cost: Cost
    returns: tuple[tuple[str, ...], ...]


def _ability_cost(ability) -> Cost:
    return ability.cost if ability.cost is not None else Cost()


def _return_choices(catalog: Catalog, state: FKState, player: int, ability) -> tuple[tuple[str, ...], ...]:
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


def _offers(catalog: Catalog, state: FKState, player: int) -> list[_Offer]:
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
            offers.append(_Offer("use", code, index, _ability_cost(ability),
                                 _return_choices(catalog, state, player, ability)))
    return offers


def _setup_moves(catalog: Catalog, state: FKState, player: int, rules: FKRules) -> list[FKMove]:
    sight = situation(catalog, state, player, rules)
    pool = state.side(player).pool
    moves = []
    for offer in _offers(catalog, state, player):
        for burn in payments(offer.cost, pool, sight):
            for returned in offer.returns:
                moves.append(FKMove(offer.kind, offer.card, burn=burn, ability=offer.ability,
                                    returned=returned))
    return moves


# -- invariants --------------------------------------------------------------------------------------
def _started(catalog: Catalog, state: FKState, player: int) -> bool:
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


def cards_conserved(catalog: Catalog, state: FKState) -> str | None:
    for player in range(state.players):
        deck = catalog.deck(state.decks[player])
        if state.side(player).cards() == deck.stacked:
            continue
        held = Counter(state.side(player).cards())
        held.update((deck.character.code, deck.drop.code))
        if held != deck.all_cards():
            gained = sorted((held - deck.all_cards()).elements())
            lost = sorted((deck.all_cards() - held).elements())
            return (f"player {player} has {sum(held.values())} cards, not the 40 of "
                    f"{deck.name}: more {cards_text(gained)}, fewer {cards_text(lost)}")
    return None


_ZONE_TYPES = {"draw": ("condition", "effect", "gear", "instant"),
               "hand": ("condition", "effect", "gear", "instant"),
               "support": ("condition", "gear"),
               "discard": ("condition", "effect", "gear", "instant"),
               "fight": ("fight",), "laid": ("fight",), "under": ("fight",),
               "stakes": ("fight",), "table": ("effect", "gear")}


def zones_hold_their_types(catalog: Catalog, state: FKState) -> str | None:
    for player in range(state.players):
        side = state.side(player)
        scored = tuple(code for code, _ in side.scored())
        if not catalog.codes_of(("fight",)).issuperset(scored):
            code = next(c for c in scored if catalog.type_of(c) != "fight")
            return f"player {player}'s damage stack holds {code}, a {catalog.type_of(code)} card"
        for zone, types in _ZONE_TYPES.items():
            held = getattr(side, zone)
            if catalog.codes_of(types).issuperset(held):
                continue
            code = next(c for c in held if catalog.type_of(c) not in types)
            return f"player {player}'s {zone} holds {code}, a {catalog.type_of(code)} card"
    return None


def hand_value_dealt(catalog: Catalog, state: FKState) -> str | None:
    for player in range(state.players):
        side = state.side(player)
        value = catalog.deck(state.decks[player]).hand_value
        if len(side.hand) > value and not _started(catalog, state, player):
            return (f"player {player} holds {len(side.hand)} cards before their setup "
                    f"actions; the hand value is {value}")
        if state.round > 1:
            continue  # later turns: the even-up's own check (FK 6.14)
        order = clockwise(catalog, state, state.drop) if state.drop is not None else ()
        dealt = state.step not in ("drop", "deal") or (
            state.step == "deal" and player in order
            and order.index(player) < order.index(state.turn))
        if dealt and not _started(catalog, state, player) and len(side.hand) != value and side.draw:
            return (f"player {player} holds {len(side.hand)} cards after the deal with "
                    f"{len(side.draw)} in the draw stack; the hand value is {value}")
    return None


def setup_counts(catalog: Catalog, state: FKState) -> str | None:
    if state.pending and state.step != "draw":
        return f"{state.pending} cards still to draw at step {state.step}"
    if state.step == "setup" and state.left == 0:
        return "a player's setup turn with no setup action left"
    if state.step == "draw" and (state.pending == 0 or state.left >= SETUP_ACTIONS):
        return "a draw with nothing pending, or before any setup action"
    if state.step in ("drop", "deal", "order") and any(
            len(s.pool) or len(s.burned) for s in state.sides):
        if state.step != "order":
            return "energy in play before the starting energy"
    return None


def laid_cards(catalog: Catalog, state: FKState) -> str | None:
    for player in range(state.players):
        side = state.side(player)
        if side.laid and state.step not in ("lay", *TURN_STEPS):
            return f"player {player} laid fight cards before the setup actions were over"
        if len(side.laid) > LAID:
            return f"player {player} laid {len(side.laid)} fight cards"
        if state.step in TURN_STEPS:
            continue  # fights take the laid cards away one place at a time
        full = min(LAID, len(side.laid) + len(side.fight) + len(side.under))
        if state.step != "lay":
            continue
        order = clockwise(catalog, state, state.drop)
        if player not in order or state.turn not in order:
            continue
        before, now = order.index(player), order.index(state.turn)
        if before < now and len(side.laid) != full:
            return f"player {player} laid {len(side.laid)} fight cards, not {full}"
        if before > now and side.laid:
            return (f"player {player} laid fight cards before player {state.turn}, who lays "
                    "before them (the Drop holder first, then clockwise)")
    return None


# Each check takes the game's catalog first; the game binds it (FKGame.invariants).
FK_INVARIANTS = (
    Invariant("cards-conserved", ("FK 2.1", "FK 4.1"),
              "Each player's zones, character and Drop together hold exactly the 40 cards "
              "of their deck: no card is created or lost.", cards_conserved),
    Invariant("zones-hold-their-types", ("FK 2.3", "FK 2.4", "FK 4.10", "FK 4.11"),
              "Draw stacks and hands hold draw-stack cards, fight stacks and laid cards "
              "fight cards, support areas conditions and gear, discard stacks instants.",
              zones_hold_their_types),
    Invariant("hand-value", ("FK 4.4",),
              "No hand exceeds the hand value before its player's setup actions; once "
              "dealt, it holds exactly the hand value unless the draw stack ran dry.",
              hand_value_dealt),
    Invariant("setup-counts", ("FK 4.8", "FK 4.5"),
              "Draws are pending only at a draw; a setup turn has an action left; no energy "
              "before the starting energy.", setup_counts),
    Invariant("laid-cards", ("FK 4.15", "FK 4.16"),
              "Fight cards are laid only after the setup actions, the Drop holder first, "
              "three each (or all that remain).", laid_cards),
    Invariant("fight-cards-accounted", ("FK 2.3", "FK 5.11", "FK 5.12", "FK 5.13", "FK 6.11"),
              "Each player's 12 fight cards are all in the fight stack, under it, laid on "
              "the table, in raise the stakes or in the damage stack, none anywhere else.",
              lambda catalog, state: _fight_cards_accounted(catalog, state)),
    Invariant("one-drop-holder", ("FK 4.3", "FK 6.15"),
              "Once chance has given it, exactly one player controls The Drop.",
              lambda catalog, state: None if (state.drop in range(state.players)) != (state.step == "drop")
              else f"The Drop is held by {state.drop!r} at step {state.step}"),
    Invariant("game-ends-on-damage", ("FK 5.15", "FK 6.12", "FK 6.16"),
              "A game goes on only while both characters' damage is below their life; it "
              "ends when one reaches it, or when no fight card is left to lay.",
              lambda catalog, state: _game_ends_on_damage(catalog, state)),
    Invariant("turn-structure", ("FK 6.1", "FK 6.3", "FK 6.8", "FK 6.10"),
              "A current fight exists exactly in the enhance, fight and score steps; cards "
              "lie on a fight only while it is current; draws and discards wait only in "
              "the turn after the reveal.",
              lambda catalog, state: _turn_structure(catalog, state)),
)


def _fight_cards_accounted(catalog: Catalog, state: FKState) -> str | None:
    for player in range(state.players):
        deck = catalog.deck(state.decks[player])
        held = state.side(player).fight_cards()
        if held != deck.fight:
            gained = sorted((Counter(held) - Counter(deck.fight)).elements())
            lost = sorted((Counter(deck.fight) - Counter(held)).elements())
            return (f"player {player}'s fight cards in play are not the 12 of {deck.name}: "
                    f"more {cards_text(gained)}, fewer {cards_text(lost)}")
    return None


def _game_ends_on_damage(catalog: Catalog, state: FKState) -> str | None:
    live = in_game(catalog, state)
    out = [seat for seat in range(state.players) if seat not in live]
    if len(out) > state.players - 1:
        return "every character's damage reached its life"
    if state.players == PLAYERS and out and state.step != "over":
        return (f"player {out[0]}'s character has taken {damage_taken(catalog, state, out[0])} damage, "
                f"its life or more, and the game goes on at step {state.step}")
    if len(live) == 1 and state.step != "over":
        return (f"player {live[0]} is the last player standing and the game goes on at step "
                f"{state.step}")
    for seat in out:
        if state.players > PLAYERS and state.side(seat).laid:
            return f"player {seat} is out of the game and still has fight cards laid"
    if state.step == "over" and len(live) > 1 and state.round < MAX_ROUND and any(
            state.side(p).laid or state.side(p).fight or state.side(p).under for p in live):
        return "the game is over with no knockout while fight cards remain to be fought"
    return None


def _turn_structure(catalog: Catalog, state: FKState) -> str | None:
    current = state.step in ("enhance", "skirmish", "clash", "score")
    if (state.fight is not None) != current:
        return f"a current fight {'is missing' if current else 'remains'} at step {state.step}"
    if state.queue and state.step not in TURN_STEPS:
        return f"draws or discards wait at step {state.step}"
    if any(state.side(p).table for p in range(state.players)) and state.fight is None:
        return "cards lie on a fight that is not current"
    if state.step in TURN_STEPS and state.fight is not None:
        fight = state.fight
        if fight.pairing:
            for slot, (seat, place) in enumerate(fight.pairing):
                laid = state.side(seat).laid
                if place >= len(laid):
                    return f"player {seat}'s place {place + 1} holds no card for the fight"
                if fight.sides[slot] >= len(catalog.card(laid[place]).parts.sides):
                    return f"player {seat}'s fight card has no side {fight.sides[slot]}"
            lengths = [len(state.side(p).laid) for p, _ in fight.pairing]
        else:
            lengths = [len(state.side(p).laid) for p in range(PLAYERS)]
            if fight.place >= max(lengths):
                return f"the current fight's place {fight.place + 1} holds no card"
            for seat in range(PLAYERS):
                laid = state.side(seat).laid
                count = (len(catalog.card(laid[fight.place]).parts.sides) if fight.place < len(laid)
                         else 1)
                if fight.sides[seat] >= count:
                    return f"player {seat}'s fight card has no side {fight.sides[seat]}"
        if (fight.result is not None) != (state.step == "score"):
            return f"the fight's result is {'known' if fight.result else 'unknown'} at step " \
                   f"{state.step}"
        if fight.skirmishes and state.step not in ("skirmish", "score"):
            return f"skirmishes resolved at step {state.step}"
        if state.step in ("skirmish", "clash"):
            from model.fightklub.turn import mode

            wanted = "power" if state.step == "skirmish" else "clash choice"
            if min(lengths) <= fight.place or mode(catalog, state) != wanted:
                return f"step {state.step} in a fight that is not {wanted}"
    return None


def _grants(catalog: Catalog, before: FKState, action: FKMove, after: FKState, rules: FKRules,
            player: int) -> Pool:
    """The tokens the rules give ``player`` in this transition: the starting energy, the
    first setup action, and what the card played or line used adds (FK 4.5, FK 4.7,
    FK 4.13)."""
    deck = catalog.deck(before.decks[player])
    total = EMPTY
    if before.step == "deal" and after.step != "deal":
        total = total.plus(deck.first_setup_energy)
    if ((rules.first_setup_energy_twice or after.round > 1) and _started(catalog, after, player)
            and (not _started(catalog, before, player) or after.round > before.round)
            and player in clockwise(catalog, after, player)):
        total = total.plus(deck.first_setup_energy)
    if action.kind in ("play", "use") and before.turn == player and not before.queue:
        card = catalog.card(action.card)
        phase = before.step if before.step in ("enhance", "score", "cooldown") else "setup"
        if action.kind == "play":
            lines = card.abilities if card.type == "instant" else ()
        elif phase == "setup":
            lines = (setup_lines(card)[action.ability - 1],)
        else:
            lines = (tuple(a for a in card.abilities if a.phase == phase)[action.ability - 1],)
        for line in lines:
            for step in line.steps:
                if step.do == "add_energy":
                    total = total.plus(Pool.of(Token(t) for t in step.param("tokens")))
    # a fight card that scores as the winner of its fight adds its energy rewards; raise-
    # the-stakes cards scored with it add none (FK 5.12)
    won = Counter(before.side(player).laid) - Counter(after.side(player).laid)
    scored = Counter(after.side(player).damage) - Counter(before.side(player).damage)
    for entry in scored.elements():
        code = damage_entry(entry)[0]
        if won[code]:
            won[code] -= 1
            total = total.plus(Pool.of(Token(t) for t in catalog.card(code).parts.reward))
    return total


def tokens_conserved(catalog: Catalog, before: FKState, action: Any, after: FKState, rules: FKRules) -> str | None:
    for player in range(before.players):
        was, now = before.side(player), after.side(player)
        if (was.pool is now.pool and was.burned is now.burned
                and action.kind in ("draw", "lay") and before.step == after.step):
            continue  # a card taken within one step: no token may move (checked cheaply)
        grants = _grants(catalog, before, action, after, rules, player)
        expected = was.pool.plus(was.burned).plus(grants)
        if now.pool.plus(now.burned) != expected:
            return (f"{action}: player {player}'s tokens (pool and burned) are "
                    f"{now.pool.plus(now.burned)}, but {expected} were given")
        burned = action.burn if (action.kind in ("play", "use") and before.turn == player
                                 and action.burn is not None) else EMPTY
        if now.burned != was.burned.plus(burned):
            return f"{action}: player {player} burned {now.burned}, expected {was.burned.plus(burned)}"
    return None


def latent_never_burned(catalog: Catalog, before: FKState, action: Any, after: FKState,
                        rules: FKRules) -> str | None:
    for player in range(before.players):
        was, now = before.side(player), after.side(player)
        if was.burned is now.burned:
            continue
        if not now.burned.contains(was.burned) or not was.pool.contains(
                now.burned.minus(was.burned)):
            return (f"{action}: player {player} burned tokens that were not in the pool "
                    f"({was.pool}): latent energy is never burned")
    return None


def played_from_hand(catalog: Catalog, before: FKState, action: Any, after: FKState,
                     rules: FKRules) -> str | None:
    if action.kind != "play":
        return None
    was, now = before.side(before.turn), after.side(before.turn)
    gone = Counter(was.hand) - Counter(now.hand)
    if gone != Counter([action.card]):
        return f"{action}: the hand lost {cards_text(sorted(gone.elements()))}"
    return None


def damage_from_scored_cards(catalog: Catalog, before: FKState, action: Any, after: FKState,
                             rules: FKRules) -> str | None:
    """Damage grows only by cards scored: a player's new damage-stack cards come from
    their own current fight card and raise-the-stakes cards, only the fight card may be
    doubled, and nothing ever leaves a damage stack (FK 5.12, FK 5.14)."""
    for player in range(before.players):
        was, now = before.side(player), after.side(player)
        if was.damage is now.damage or was.damage == now.damage:
            continue
        lost = Counter(was.damage) - Counter(now.damage)
        if lost:
            return f"{action}: player {player}'s damage stack lost {cards_text(sorted(lost))}"
        new = Counter(now.damage) - Counter(was.damage)
        read = [damage_entry(e) for e in new.elements()]
        doubled = [code for code, twice, _ in read if twice]
        plain = Counter(code for code, _, _ in read)
        fight_card = Counter(was.laid) - Counter(now.laid)
        source = fight_card + Counter(was.stakes)
        if plain - source:
            return (f"{action}: player {player} scored {cards_text(sorted(plain.elements()))}, "
                    f"not from their fight card or raise-the-stakes cards")
        if before.players > PLAYERS and any(
                victim is not None and (victim == player or victim >= before.players)
                for _, _, victim in read):
            return f"{action}: player {player} scored a card against no opponent at the table"
        if len(doubled) > 1 or any(fight_card[code] == 0 for code in doubled):
            return f"{action}: player {player} scored double damage on a card that did not win"
        if sum(fight_card.values()) > 1:
            return f"{action}: player {player} scored more than one fight card of the fight"
    return None


def evenup_hand_and_hold(catalog: Catalog, before: FKState, action: Any, after: FKState,
                         rules: FKRules) -> str | None:
    """After a player's even-up the hand is within the hold value once discarded, and at
    the hand value once drawn, unless their draw stack ran out (FK 6.14, FK 4.14)."""
    if before.step != "evenup":
        return None
    if isinstance(action, FKMove) and action.kind == "keep" and not before.queue:
        player = before.turn
        hold = catalog.deck(before.decks[player]).character.parts.hold
        if len(action.cards) > hold:
            return f"{action}: player {player} kept {len(action.cards)} cards, hold {hold}"
        waiting = [t for t in after.queue if t.player == player and t.kind == "draw"]
        hand = after.side(player).hand
        value = catalog.deck(before.decks[player]).hand_value
        if not waiting and len(hand) < value and after.side(player).draw:
            return f"{action}: player {player} holds {len(hand)} and draws nothing"
        return None
    if not before.queue or before.queue[0].kind != "draw":
        return None
    player = before.queue[0].player
    still = after.queue and after.queue[0].kind == "draw" and after.queue[0].player == player
    if still or after.step != "evenup" and after.round == before.round:
        return None
    hand = after.side(player).hand
    value = catalog.deck(before.decks[player]).hand_value
    ran_out = len(before.side(player).draw) <= 1
    if len(hand) != value and not ran_out:
        return (f"{action}: player {player} ended the even-up with {len(hand)} cards, not the "
                f"hand value {value}, though their draw stack did not run out")
    return None


FK_TRANSITION_INVARIANTS = (
    TransitionInvariant("tokens-conserved", ("FK 3.1", "FK 3.2", "FK 4.5", "FK 4.7",
                                             "FK 4.13"),
                        "Tokens appear only by a grant (starting energy, first setup "
                        "action, an add-energy step, a winning card's reward) and leave the "
                        "pool only as the burns the action names.", tokens_conserved),
    TransitionInvariant("latent-never-burned", ("FK 3.8", "FK 3.9"),
                        "Every burned token was in the pool: latent energy is never "
                        "burned.", latent_never_burned),
    TransitionInvariant("played-from-hand", ("FK 4.8", "FK 4.10", "FK 4.11"),
                        "A card played leaves the hand, and only that card.",
                        played_from_hand),
    TransitionInvariant("damage-from-scored-cards", ("FK 5.12", "FK 5.14", "FK 6.10"),
                        "Damage grows only by the cards a player scores: their fight card "
                        "(doubled only when a score action doubled it) and their raise-the-"
                        "stakes cards; no damage is ever lost.", damage_from_scored_cards),
    TransitionInvariant("evenup-hand-and-hold", ("FK 6.14", "FK 4.14"),
                        "After the even-up discard a hand is within the hold value, and after "
                        "the draws at the hand value unless the draw stack ran out.",
                        evenup_hand_and_hold),
)


# -- the phase graph ----------------------------------------------------------------------------------
_TURN_EDGES = (
    ("choose_order", "cooldown"),
    ("choose_order", "enhance"),
    ("choose_order", "evenup"),
    ("choose_order", "score"),
    ("choose_order", "task"),
    ("clash", "clash_choice"),
    ("clash_choice", "clash_text"),
    ("clash_text", "fight_result"),
    ("clash_text", "task"),
    ("cleanup", "settle"),
    ("cooldown", "choose_order"),
    ("cooldown", "pass_action"),
    ("cooldown", "pay"),
    ("discard_task", "task_discard"),
    ("draw_task", "task_draw"),
    ("effect", "enhance"),
    ("effect", "fight_step"),
    ("effect", "task"),
    ("end_fights", "cooldown"),
    ("enhance", "choose_order"),
    ("enhance", "gear"),
    ("enhance", "pass_action"),
    ("enhance", "pay"),
    ("evenup", "choose_order"),
    ("evenup", "evenup_keep"),
    ("evenup_begins", "evenup"),
    ("evenup_keep", "draw_task"),
    ("evenup_keep", "task"),
    ("extra_cost", "line_action"),
    ("fight", "pick"),
    ("fight_result", "discard_task"),
    ("fight_result", "draw_task"),
    ("fight_result", "score"),
    ("fight_step", "clash"),
    ("fight_step", "clash_text"),
    ("fight_step", "skirmish"),
    ("gametext", "cleanup"),
    ("gametext", "discard_task"),
    ("gametext", "draw_task"),
    ("gametext", "enhance"),
    ("gametext", "fight_result"),
    ("gametext", "fight_step"),
    ("gametext", "score"),
    ("gametext", "settle"),
    ("gametext", "task"),
    ("gear", "enhance"),
    ("gear", "fight_step"),
    ("gear", "task"),
    ("instant_action", "gametext"),
    ("knockout", "over"),
    ("line_action", "gametext"),
    ("pass_action", "cleanup"),
    ("pass_action", "cooldown"),
    ("pass_action", "enhance"),
    ("pass_action", "evenup_begins"),
    ("pass_action", "fight_step"),
    ("pass_action", "score"),
    ("pass_action", "settle"),
    ("pass_action", "task"),
    ("pass_drop", "order"),
    ("pay", "effect"),
    ("pay", "extra_cost"),
    ("pay", "instant_action"),
    ("pay", "line_action"),
    ("pick", "enhance"),
    ("pick", "fight_result"),
    ("pick", "gametext"),
    ("pick", "task"),
    ("refill", "task"),
    ("result_tab", "gametext"),
    ("result_tab", "task"),
    ("reveal", "stall"),
    ("score", "choose_order"),
    ("score", "pass_action"),
    ("score", "pay"),
    ("settle", "end_fights"),
    ("settle", "fight"),
    ("settle", "knockout"),
    ("skirmish", "skirmish_result"),
    ("skirmish_result", "fight_result"),
    ("skirmish_result", "result_tab"),
    ("skirmish_result", "skirmish"),
    ("skirmish_result", "task"),
    ("stall", "over"),
    ("task", "clash"),
    ("task", "cleanup"),
    ("task", "cooldown"),
    ("task", "discard_task"),
    ("task", "draw_task"),
    ("task", "enhance"),
    ("task", "evenup"),
    ("task", "evenup_begins"),
    ("task", "fight"),
    ("task", "fight_result"),
    ("task", "fight_step"),
    ("task", "pass_drop"),
    ("task", "score"),
    ("task", "settle"),
    ("task", "skirmish"),
    ("task_discard", "discard_task"),
    ("task_discard", "draw_task"),
    ("task_discard", "fight_result"),
    ("task_discard", "score"),
    ("task_discard", "skirmish"),
    ("task_discard", "task"),
    ("task_draw", "cooldown"),
    ("task_draw", "discard_task"),
    ("task_draw", "draw_task"),
    ("task_draw", "evenup"),
    ("task_draw", "evenup_begins"),
    ("task_draw", "fight_result"),
    ("task_draw", "pass_drop"),
    ("task_draw", "refill"),
    ("task_draw", "score"),
    ("task_draw", "skirmish"),
    ("task_draw", "task"),
    # three or more players (FK 7)
    ("challenge", "enhance"),
    ("fight", "challenge"),
    ("fight_result", "task"),
    ("knockout", "end_fights"),
    ("knockout", "fight"),
    ("pass_drop", "first_setup"),
    ("result_tab", "fight_result"),
    ("result_tab", "skirmish"),
    ("evenup_keep", "stopped"),
    ("task_draw", "stopped"),
    ("task", "stopped"),
    ("stopped", "over"),
)
"""The transitions of the turn after the reveal: every one seen in seeded playouts of
both decks under each ruleset, and the draws and discards that end early (``task``)
after anything that can queue them."""
_EDGE_LABELS = {
    "fight": "the Drop holder picks a fight", "enhance": "an enhance action",
    "skirmish": "the next skirmish", "clash": "whose clash text", "score": "a score action",
    "cooldown": "a cooldown action", "evenup": "an even-up", "draw_task": "a card to draw",
    "discard_task": "a card to discard", "task": "nothing left to draw or discard",
    "fight_step": "the enhance actions done", "fight_result": "the fight decided",
    "cleanup": "the score actions done", "settle": "the cards settled",
    "knockout": "damage reached life", "over": "the game ends",
    "end_fights": "no fight left", "evenup_begins": "the cooldown actions done",
    "pass_drop": "both players evened up", "order": "the next turn",
    "stall": "no fight card laid", "choose_order": "the holder decides the order",
    "challenge": "a challenge made", "stopped": "turn 999 over",
    "pay": "a cost paid", "pick": "a fight picked", "refill": "the last card drawn",
}
"""What each kind of edge into a phase of the turn after the reveal means."""

PHASE_NODES = (
    ("drop", "start", ("FK 4.1", "FK 4.2", "FK 4.3"), "Characters revealed, Drop holder drawn"),
    ("deal", "step", ("FK 4.4",), "Draw to the hand value"),
    ("refill", "step", ("FK 4.14",), "Draw stack empty: discard becomes the draw stack"),
    ("starting_energy", "step", ("FK 4.5",), "Starting energy"),
    ("order", "decision", ("FK 4.6",), "Drop holder picks who sets up first"),
    ("first_setup", "step", ("FK 4.7",), "First setup action"),
    ("setup", "decision", ("FK 4.8",), "A setup action"),
    ("pay", "step", ("FK 4.9",), "Pay the cost"),
    ("support", "step", ("FK 4.10",), "To the support area"),
    ("instant", "step", ("FK 4.11",), "Setup instant"),
    ("ability", "step", ("FK 4.12",), "Setup line of a card in play"),
    ("effects", "step", ("FK 4.13",), "What the gametext does"),
    ("pass", "step", ("FK 4.8",), "Pass"),
    ("draw", "step", ("FK 4.13",), "Draw a card"),
    ("end_setup", "step", ("FK 4.8", "FK 4.15"), "Setup actions over"),
    ("lay", "step", ("FK 4.15",), "Lay a fight card face down"),
    ("reveal", "step", ("FK 4.16",), "Reveal"),
    ("fight", "decision", ("FK 6.1", "FK 6.2", "FK 7.4"),
     "Drop holder (or challenger) picks the current fight"),
    ("challenge", "step", ("FK 7.4",), "A challenge pairs two players' cards"),
    ("stall", "step", ("FK 6.16",), "No fight card left to lay"),
    ("pick", "step", ("FK 6.1", "FK 6.2"), "The current fight"),
    ("enhance", "decision", ("FK 6.3", "FK 6.4"), "Enhance step"),
    ("choose_order", "step", ("FK 6.3",), "Drop holder decides who acts first"),
    ("effect", "step", ("FK 6.4",), "An effect onto the fight card"),
    ("gear", "step", ("FK 6.4", "FK 6.5"), "A gear activated"),
    ("instant_action", "step", ("FK 6.4", "FK 6.9", "FK 6.13"), "An instant of the phase"),
    ("line_action", "step", ("FK 6.4", "FK 6.9", "FK 6.13"), "A line of a card in play"),
    ("extra_cost", "step", ("FK 6.6",), "Cards discarded for a cost"),
    ("gametext", "step", ("FK 6.6", "FK 6.8"), "What the gametext does"),
    ("pass_action", "step", ("FK 6.4", "FK 6.9", "FK 6.13"), "Pass"),
    ("fight_step", "step", ("FK 6.7",), "Fight step begins"),
    ("skirmish", "decision", ("FK 6.7", "FK 5.5"), "Drop holder picks the next skirmish"),
    ("skirmish_result", "step", ("FK 5.4", "FK 5.7"), "A skirmish resolved"),
    ("result_tab", "step", ("FK 5.6",), "Result tabs act"),
    ("clash", "decision", ("FK 6.7", "FK 5.1"), "Drop holder picks whose clash text"),
    ("clash_choice", "step", ("FK 6.7",), "Whose clash text"),
    ("clash_text", "step", ("FK 5.10",), "Clash text decides"),
    ("fight_result", "step", ("FK 5.8", "FK 5.9", "FK 6.9"), "The fight's result"),
    ("score", "decision", ("FK 6.9",), "Score step"),
    ("cleanup", "step", ("FK 6.10",), "Effects discarded, gear returned"),
    ("settle", "step", ("FK 6.10", "FK 5.11", "FK 5.12", "FK 5.13"), "Score, exhaust, raise"),
    ("knockout", "step", ("FK 6.12", "FK 5.15"), "Damage reaches life"),
    ("end_fights", "step", ("FK 6.1", "FK 6.13"), "Every fight resolved"),
    ("cooldown", "decision", ("FK 6.13",), "Cooldown action"),
    ("evenup_begins", "step", ("FK 6.14",), "Even-up step begins"),
    ("evenup", "decision", ("FK 6.14",), "Even-up: keep at most the hold"),
    ("evenup_keep", "step", ("FK 6.14",), "Discard down to the hold"),
    ("draw_task", "step", ("FK 6.8", "FK 6.14"), "Chance deals a pending draw"),
    ("task_draw", "step", ("FK 6.8",), "A card drawn"),
    ("discard_task", "decision", ("FK 6.8",), "A pending discard"),
    ("task_discard", "step", ("FK 6.8",), "A card discarded"),
    ("task", "step", ("FK 6.8", "FK 6.17"), "A draw or discard ends early"),
    ("pass_drop", "step", ("FK 6.15",), "The Drop passes: next turn"),
    ("stopped", "step", ("FK 7.10",), "The model stops a game at turn 999"),
    ("over", "terminal", ("FK 6.12", "FK 6.16"), "Game over"),
)
_AFTER_ACTION = ("setup", "first_setup", "end_setup")
PHASE_EDGES = (
    ("drop", "deal", "The Drop given"),
    ("deal", "refill", "the last card drawn"),
    ("refill", "deal", "the other player's deal"),
    ("refill", "starting_energy", "both hands drawn"),
    ("deal", "starting_energy", "both hands drawn"),
    ("starting_energy", "order", "energy added"),
    ("order", "first_setup", "a player chosen"),
    ("first_setup", "setup", "two setup actions follow"),
    ("setup", "pay", "a card played or a line used"),
    ("setup", "pass", "a pass"),
    ("pay", "support", "a condition or gear"),
    ("pay", "instant", "a setup instant"),
    ("pay", "ability", "a setup line"),
    ("instant", "effects", "its gametext"),
    ("ability", "effects", "its gametext"),
    ("effects", "draw", "cards to draw"),
    *((source, target, label) for source in ("support", "effects", "pass", "draw", "refill")
      for target, label in zip(_AFTER_ACTION, ("an action left", "the other player's turn",
                                               "both players done"))),
    ("end_setup", "lay", "the Drop holder lays first"),
    ("end_setup", "reveal", "no fight card to lay"),
    ("draw", "refill", "the last card drawn"),
    ("lay", "reveal", "all fight cards laid"),
    ("reveal", "fight", "the fight phase begins"),
    *((source, target, _EDGE_LABELS.get(target, "")) for source, target in _TURN_EDGES),
)


@functools.lru_cache(maxsize=1)
def _graph() -> nx.DiGraph:
    return build_phase_graph("Fight Klub: the turn", PHASE_NODES,
                             PHASE_EDGES)


# -- transitions (module functions: the rules' implemented_by names them) ---------------------------
def _take_card(catalog: Catalog, state: FKState, player: int, code: str, steps: list[Step], phase: str,
               rules_: tuple[str, ...], why: str) -> tuple[FKState, bool]:
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


def _deal(catalog: Catalog, state: FKState, code: str, rules: FKRules) -> Transition[FKState]:
    """One card of the getting-started draw (FK 4.4); after the second hand, the starting
    energy (FK 4.5) and the Drop holder's choice (FK 4.6)."""
    player = state.turn
    steps: list[Step] = []
    value = catalog.deck(state.decks[player]).hand_value
    state, ran_out = _take_card(catalog, state, player, code, steps, "deal", ("FK 4.4", "FK 4.2"),
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
        return _begin_setup(catalog, state, state.drop, steps, rules)
    return Transition(dataclasses.replace(state, step="order", turn=state.drop), tuple(steps))


def _next_in_order(catalog: Catalog, state: FKState, player: int, first: int) -> int | None:
    """The player after ``player`` in a clockwise step begun by ``first``, or None once
    it comes round to ``first`` again."""
    order = clockwise(catalog, state, first)
    after = order.index(player) + 1 if player in order else len(order)
    return order[after] if after < len(order) else None


def _begin_setup(catalog: Catalog, state: FKState, player: int, steps: list[Step],
                 rules: FKRules) -> Transition[FKState]:
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


def _end_action(catalog: Catalog, state: FKState, steps: list[Step], rules: FKRules) -> Transition[FKState]:
    """After a setup action and its draws: the next action, the other player's turn, or
    the laying of the fight cards (FK 4.8, FK 4.15)."""
    state = dataclasses.replace(state, pending=0)
    if state.left:
        return Transition(dataclasses.replace(state, step="setup"), tuple(steps))
    after = _next_in_order(catalog, state, state.turn, state.first)
    if after is not None:
        return _begin_setup(catalog, state, after, steps, rules)
    everyone = "both players have" if state.players == PLAYERS else "every player has"
    order = "first" if state.players == PLAYERS else "first, then clockwise"
    steps.append(Step("end_setup", ("FK 4.8", "FK 4.15"),
                      f"{everyone} taken their setup actions; the fight cards are "
                      f"laid, player {state.drop} (the Drop holder) {order}"))
    return _start_lay(catalog, state, state.drop, steps, rules)


def _start_lay(catalog: Catalog, state: FKState, player: int, steps: list[Step],
               rules: FKRules) -> Transition[FKState]:
    side = state.side(player)
    if side.fight or side.under:
        return Transition(dataclasses.replace(state, step="lay", turn=player), tuple(steps))
    after = _next_in_order(catalog, state, player, state.drop)
    if after is not None:
        return _start_lay(catalog, state, after, steps, rules)
    return _reveal(catalog, state, steps, rules)


def _reveal(catalog: Catalog, state: FKState, steps: list[Step], rules: FKRules) -> Transition[FKState]:
    from model.fightklub.turn import begin_fight_phase

    shown = "; ".join(f"player {p} {cards_text(state.side(p).laid)}"
                      for p in range(state.players))
    steps.append(Step("reveal", ("FK 4.16",),
                      f"the fight cards are revealed together ({shown}): the fight phase "
                      "begins"))
    return begin_fight_phase(catalog, state, steps, rules)


def _lay(catalog: Catalog, state: FKState, code: str, rules: FKRules) -> Transition[FKState]:
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
    after = _next_in_order(catalog, state, player, state.drop)
    if after is not None:
        return _start_lay(catalog, state, after, steps, rules)
    return _reveal(catalog, state, steps, rules)


def _pay(catalog: Catalog, state: FKState, player: int, cost: Cost, burn: Pool, what: str,
         steps: list[Step], rules: FKRules) -> FKState:
    side = state.side(player)
    pool = side.pool.minus(burn)
    state = state.with_side(player, pool=pool, burned=side.burned.plus(burn))
    paid = (f"burns {format_tokens(burn.tokens())}" if len(burn) else "burns nothing")
    text = (f"player {player} pays '{cost}' for {what}: {paid} (pool {pool})" if cost.parts
            else f"{what} costs nothing (pool {pool})")
    steps.append(Step("pay", _cost_rules(cost, situation(catalog, state, player, rules)),
                      text[0].upper() + text[1:] if not cost.parts else text))
    return state


def _carry_out(catalog: Catalog, state: FKState, player: int, lines, returned: tuple[str, ...],
               steps: list[Step]) -> FKState:
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


def _play(catalog: Catalog, state: FKState, move: FKMove, rules: FKRules) -> Transition[FKState]:
    """A card played from hand as a setup action (FK 4.8 to FK 4.11, FK 4.13)."""
    player = state.turn
    card = catalog.card(move.card)
    steps: list[Step] = []
    kind = "setup instant" if card.type == "instant" else card.type
    cost = card.cost if card.cost is not None else Cost()
    state = _pay(catalog, state, player, cost, move.burn, f"{card.name} ({move.card}, {kind})", steps,
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
        state = _carry_out(catalog, state, player, card.abilities, (), steps)
    else:
        state = state.with_side(player, support=tuple(sorted(side.support + (move.card,))))
        steps.append(Step("support", ("FK 4.10",),
                          f"setup action {number}: player {player} plays the {card.type} "
                          f"{card.name} ({move.card}) to the support area"))
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return _end_action(catalog, state, steps, rules)


def _use(catalog: Catalog, state: FKState, move: FKMove, rules: FKRules) -> Transition[FKState]:
    """A setup line of a card in play used as a setup action (FK 4.12, FK 4.13)."""
    player = state.turn
    card = catalog.card(move.card)
    line = setup_lines(card)[move.ability - 1]
    steps: list[Step] = []
    state = _pay(catalog, state, player, _ability_cost(line), move.burn,
                 f"the setup line of {card.name} ({move.card})", steps, rules)
    state = dataclasses.replace(state, left=state.left - 1)
    number = SETUP_ACTIONS - state.left
    where = "character" if card.type == "character" else "support area"
    steps.append(Step("ability", ("FK 4.12", "FK 1.13"),
                      f"setup action {number}: player {player} uses the setup line of "
                      f"{card.name} ({move.card}, {where})"))
    state = _carry_out(catalog, state, player, (line,), move.returned, steps)
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return _end_action(catalog, state, steps, rules)


# -- what a player sees ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FKView:
    """What one player sees: their own hand, and the table with every hidden part (the
    stacks, the other hand, fight cards still face down) given by its size alone."""

    player: int
    hand: tuple[str, ...]
    public: str
    shown: tuple[str, ...] = ()
    """An opponent's hand shown to the player while they choose its discard (FK-T4)."""

    def __str__(self) -> str:
        shown = f"; shown {cards_text(self.shown)}" if self.shown else ""
        return f"player {self.player} holds {cards_text(self.hand)}{shown}; {self.public}"


def shown_hand_owner(state: FKState, player: int) -> int | None:
    """Whose hand ``player`` is shown now: the discarding player's, while ``player``
    chooses their discard (the default reading of FK-T4), or None."""
    if not state.queue:
        return None
    task = state.queue[0]
    if (task.kind == "discard" and not task.blind and task.chooser == player
            and task.player != player):
        return task.player
    return None


def _public(state: FKState) -> str:
    parts = []
    for player in range(state.players):
        side = state.side(player)
        laid = (cards_text(side.laid) if state.step in TURN_STEPS
                else f"{len(side.laid)} face down")
        # exhausted cards, cards on the fight, damage and raise-the-stakes stacks were all
        # seen face up by both players
        parts.append(f"p{player} draw {len(side.draw)} hand {len(side.hand)} support "
                     f"{cards_text(side.support)} discard {cards_text(side.discard)} fight "
                     f"{len(side.fight)} laid {laid} under {cards_text(side.under)} table "
                     f"{cards_text(side.table)} damage {cards_text(side.damage)} stakes "
                     f"{cards_text(side.stakes)} pool {side.pool} burned {side.burned}")
    head = str(state).split(" | p0 ")[0]
    return head + " | " + " | ".join(parts)


@functools.lru_cache(maxsize=1 << 14)
def _draws(kind: str, stack: tuple[str, ...]) -> tuple[tuple[FKMove, Fraction], ...]:
    """The chance outcomes of taking one card from an unordered stack (FK 4.2)."""
    return tuple((FKMove(kind, code), p) for code, p in draw_outcomes(stack))


LATE_DRAW = 4
"""Cards left in each draw stack of a :func:`late_game` position."""
LATE_FIGHT = 4
"""Fight cards each player still has to fight in a :func:`late_game` position."""
LATE_MARGIN = 4
"""How far short of the opponent's life a :func:`late_game` damage stack stays."""


def late_game(catalog: Catalog, decks: tuple[str, ...], index: int = 0) -> FKState:
    """A position at the start of a late turn (round 3), built by rule from the decks: each
    player's draw stack down to :data:`LATE_DRAW` cards (the rest in hand, up to the hand
    value, and in the discard stack), :data:`LATE_FIGHT` fight cards left in the fight
    stack, the others scored against the player on their left (as long as that player
    stays :data:`LATE_MARGIN` damage short of their life) or, when they would not fit,
    waiting in raise the stakes (2 players) or exhausted under the fight stack (more,
    FK 7.6); player ``index`` (modulo the players) holds The Drop.  Short stacks make
    whole games short, for the explorer."""
    from model.fightklub.state import make_damage_entry

    infos = [catalog.deck(name) for name in decks]
    players = len(infos)
    taken = [0] * players
    sides = []
    for seat, info in enumerate(infos):
        victim = (seat + 1) % players
        victim_life = infos[victim].character.parts.life
        draw = info.draw
        fights_left = info.fight[:LATE_FIGHT]
        damage: list[str] = []
        aside: list[str] = []
        for code in info.fight[LATE_FIGHT:]:
            markers = catalog.card(code).parts.damage
            if taken[victim] + markers <= victim_life - LATE_MARGIN:
                damage.append(make_damage_entry(code, False, victim, players))
                taken[victim] += markers
            else:
                aside.append(code)
        pool = info.first_setup_energy.plus(info.first_setup_energy)
        rest = list(draw[LATE_DRAW + info.hand_value:])
        # a gear and a condition in play, so that enhance and cooldown lines are open
        support = []
        for kind in ("gear", "condition"):
            found = next((code for code in rest if catalog.card(code).type == kind), None)
            if found is not None:
                rest.remove(found)
                support.append(found)
        stakes, under = (tuple(aside), ()) if players == PLAYERS else ((), tuple(aside))
        sides.append(Side(draw=draw[:LATE_DRAW], hand=draw[LATE_DRAW:LATE_DRAW + info.hand_value],
                          support=tuple(sorted(support)), discard=tuple(rest),
                          fight=fights_left, damage=tuple(sorted(damage)), stakes=stakes,
                          under=under, pool=pool))
    holder = index % players
    if players == PLAYERS:
        return FKState(decks, "order", holder, None, holder, 0, 0, tuple(sides), round=3)
    # with more players the holder's setup begins at once (FK 7.3)
    return FKState(decks, "setup", holder, holder, holder, SETUP_ACTIONS, 0, tuple(sides),
                   round=3)


class FKGame(Game[FKState, FKMove, FKRules]):
    key = "fightklub"
    title = "Fight Klub"
    rulebook_file = "fight-klub.txt"
    rules_type = FKRules
    setup_type = FKSetup
    min_players = PLAYERS
    max_players = MAX_PLAYERS
    summary = ("The two-player card game from getting started to the end of the game: the "
               "setup phase, the fights, the cooldown and the even-up, turn after turn, "
               "played with ringside's synthetic decks since the card texts of ONE are not "
               "public.")
    overview = (
        "Each player brings a 40-card deck: a character, a draw stack of 26 conditions, "
        "effects, gear and instants, a fight stack of 12 fight cards and The Drop. Getting "
        "started, chance gives The Drop to one player, both draw to their hand value and "
        "add their first setup energy, and the Drop holder picks who sets up first. In the "
        "setup phase each player adds the first setup energy and takes two setup actions, "
        "paying energy for the cards they play; then both lay three fight cards face down "
        "and reveal them. In the fight phase the Drop holder picks each fight in turn "
        "(unopposed cards first); each fight has an enhance step (one action each: an "
        "effect, an instant, a line, a gear, or a pass), a fight step (skirmishes one at a "
        "time in the holder's order, or clash text) and a score step, after which the "
        "winning card scores its damage, with any raise-the-stakes cards, and the losing "
        "card is exhausted under its fight stack; ties go to raise the stakes. The cooldown "
        "gives each player one more action, the even-up discards down to the hold value "
        "and draws up to the hand value, and The Drop passes. The game ends the moment a "
        "character's damage reaches its life.")

    def __init__(self, cards: Mapping[str, Card], decks: Mapping[str, tuple[str, str]] = {},
                 collections: Mapping[str, tuple[str, str]] = {}) -> None:
        """The game played with the card table ``cards`` (code -> card) and the deck and
        collection lists ``decks`` and ``collections`` (name -> ``(text, where)``):
        :mod:`analysis.fightklub.loading` gives those of the shipped files."""
        self.catalog = Catalog(dict(cards), dict(decks), dict(collections))
        # the invariants look cards and decks up: each game checks them in its own catalog
        self._invariants = tuple(dataclasses.replace(
            invariant, check=functools.partial(invariant.check, self.catalog))
            for invariant in FK_INVARIANTS)
        self._transition_invariants = tuple(dataclasses.replace(
            invariant, check=functools.partial(invariant.check, self.catalog))
            for invariant in FK_TRANSITION_INVARIANTS)

    @property
    def presets(self):
        return PRESETS

    @property
    def rulebook(self):
        return FK_RULEBOOK

    @property
    def ambiguities(self):
        return FK_AMBIGUITIES

    @property
    def glossary(self):
        return FK_GLOSSARY

    @property
    def invariants(self):
        return self._invariants

    @property
    def transition_invariants(self):
        return self._transition_invariants

    # -- setups -------------------------------------------------------------------------
    def parse_setup(self, text: str) -> FKSetup:
        return FKSetup.parse(text, self.catalog.deck)

    def example_setups(self, count: int) -> list[FKSetup]:
        """The two synthetic decks against each other, both ways round, a table of three
        (the villain deck too), each deck against itself, and a table of four."""
        vex = "synthetic-vex"
        tables = ((DECKS[0], DECKS[1]), (DECKS[1], DECKS[0]), (DECKS[0], DECKS[1], vex),
                  (DECKS[0], DECKS[0]), (DECKS[1], DECKS[1]), (vex, DECKS[0], DECKS[1], DECKS[1]))
        return [FKSetup(tables[index % len(tables)]) for index in range(count)]

    def exploration_starts(self, rules: FKRules, count: int):
        """Late-game positions with short stacks (:func:`late_game`), so that the search
        and the playouts reach the end of the game in a few dozen actions; getting
        started and whole games are the tests' and ``ringside fightklub play``'s."""
        for index, setup in enumerate(self.example_setups(count)):
            yield late_game(self.catalog, setup.decks, index)

    def initial_state(self, setup: FKSetup, rules: FKRules) -> FKState:
        """Characters and Drops on the table, the two stacks of each deck shuffled
        (FK 4.1, FK 4.2); chance gives The Drop first."""
        sides = tuple(Side(draw=self.catalog.deck(name).draw, fight=self.catalog.deck(name).fight)
                      for name in setup.decks)
        return FKState(setup.decks, "drop", None, None, 0, 0, 0, sides)

    def num_players(self, state: FKState) -> int:
        return state.players

    def max_length(self, state: FKState) -> int:
        """A bound that every action lowers by one at least (see
        :func:`model.fightklub.turn.length_bound`): the turns still possible, each at
        most a whole turn's actions, and what is left of the current turn."""
        from model.fightklub.turn import length_bound, multiplayer_length_bound

        if state.players > PLAYERS:
            return multiplayer_length_bound(self.catalog, state, self._setup_left(state))
        return length_bound(self.catalog, state, self._setup_left(state))

    def _setup_left(self, state: FKState) -> int:
        """Each action of getting started and the setup phase takes one of: The Drop's
        chance, a card of the deal, the holder's choice, a setup action (with the most
        cards one can draw), a pending draw, a fight card laid."""
        if state.step in TURN_STEPS:
            return 0
        decks = [self.catalog.deck(name) for name in state.decks]
        total = 1 if state.step == "drop" else 0
        if state.step == "drop":
            total += sum(deck.hand_value for deck in decks)
        elif state.step == "deal":
            total += max(0, decks[state.turn].hand_value - len(state.side(state.turn).hand))
            order = clockwise(self.catalog, state, state.drop)
            for other in order[order.index(state.turn) + 1:]:
                total += decks[other].hand_value
        if state.step in ("drop", "deal", "order"):
            total += 1
        for player in range(state.players):
            per_action = 1 + decks[player].most_drawn
            if not _started(self.catalog, state, player):
                total += SETUP_ACTIONS * per_action
            elif state.step in ("setup", "draw") and state.turn == player:
                total += state.left * per_action + state.pending
        laying = clockwise(self.catalog, state, state.drop) if state.step == "lay" else ()
        for player in range(state.players):
            side = state.side(player)
            stacked = len(side.fight) + len(side.under)
            if state.step != "lay":
                total += min(LAID, stacked)
            elif player == state.turn:
                total += min(LAID, stacked + len(side.laid)) - len(side.laid)
            elif (player in laying and state.turn in laying
                  and laying.index(player) > laying.index(state.turn)):
                total += min(LAID, stacked)  # lays after the player laying now
        return total

    # -- states --------------------------------------------------------------------------
    def parse_state(self, text: str) -> FKState:
        return FKState.parse(text, self.catalog.deck)

    def layout(self, position: str) -> Layout | None:
        """Each player's table as a row (the character, their copy of The Drop, the
        support area, the fight cards laid), and beside it the hands, the stacks' sizes,
        the discard stacks, the pools and the burned tokens."""
        try:
            state = FKState.parse(position, self.catalog.deck)
        except InputError:
            return None

        def token(code: str, face_down: bool = False) -> Drawn:
            card = self.catalog.cards.get(code)
            words = f"{card.name} ({card.type})" if card else code
            return Drawn(code, words + (", face down" if face_down else ""))

        rows = []
        hidden = state.step not in TURN_STEPS
        fight = state.fight
        if fight is None:
            current: dict[int, int] = {}
        elif fight.pairing:
            current = dict(fight.pairing)
        else:
            current = {seat: fight.place for seat in range(state.players)}
        for player in range(state.players):
            deck = self.catalog.deck(state.decks[player])
            side = state.side(player)
            drop = Drawn(deck.drop.code, "The Drop, face up (control)" if state.drop == player
                         else "The Drop, face down")
            laid = []
            for place, code in enumerate(side.laid):
                cell = token(code, hidden)
                if current.get(player) == place:
                    # the current fight's card, with the effects and gear lying on it
                    cell = (Drawn(code, cell.words + ", the current fight", mark="current"),
                            *(token(c) for c in side.table))
                laid.append(cell)
            rows.append([token(deck.character.code), drop]
                        + [token(code) for code in side.support] + laid)
        width = max(len(row) for row in rows)
        board = tuple(tuple(row + [""] * (width - len(row))) for row in rows)
        parts: list[tuple[str, Any]] = []
        for player in range(state.players):
            side = state.side(player)
            parts += [(f"player {player}'s hand", tuple(token(c) for c in side.hand) or "-"),
                      (f"player {player}'s stacks", f"draw {len(side.draw)}, fight "
                                                    f"{len(side.fight)} (face down)"
                       + (f", {len(side.under)} exhausted under it" if side.under else "")),
                      (f"player {player}'s discard", tuple(token(c) for c in side.discard)
                       or "-"),
                      (f"player {player}'s energy", f"pool {side.pool}, burned {side.burned}")]
            if side.damage:
                parts.append((f"player {player}'s damage stack",
                               tuple(Drawn(entry, f"{self.catalog.name(code)}"
                                           + (", rotated: double damage" if doubled else "")
                                           + ("" if state.players == PLAYERS else
                                              f", scored against player {victim}"
                                              if victim is not None else
                                              ", scored against nobody"))
                                     for entry, (code, doubled, victim) in zip(
                                         side.damage, side.scored_against()))))
            if side.stakes:
                parts.append((f"player {player}'s raise the stakes",
                              tuple(token(c) for c in side.stakes)))
        actor = self.current_player(state)
        who = ("chance" if actor == CHANCE else "nobody: the game is over" if actor == TERMINAL
               else f"player {actor}" + (" (the Drop holder)" if actor == state.drop else ""))
        what = state.step if not state.queue else (
            f"{state.step}, then {' '.join(str(t) for t in state.queue)}")
        parts.append(("step", f"{what}: turn {state.round}, {who} to act"))
        if state.fight is not None:
            parts.append(("current fight", str(state.fight)))
        legend = (("current", "the current fight's card"),) if current else ()
        return Layout(board, tuple(parts), legend=legend)

    def phase(self, state: FKState) -> str:
        if state.queue:
            return "draw_task" if state.queue[0].kind == "draw" else "discard_task"
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return _graph()

    def current_player(self, state: FKState) -> int:
        if state.queue:
            task = state.queue[0]
            return CHANCE if task.kind == "draw" or task.blind else task.chooser
        if state.step in ("drop", "deal", "draw", "lay"):
            return CHANCE
        if state.step == "over":
            return TERMINAL
        if state.players > PLAYERS:
            # the one who decides (the challenger, the owner of a card left over, or the
            # player who picks the skirmishes) is the acting player at these steps too
            return state.turn
        if state.step in ("order", "fight", "skirmish", "clash"):
            return state.drop
        if state.step in ORDERED_STEPS and state.first is None:
            return state.drop
        return state.turn

    def outcome(self, state: FKState, rules: FKRules) -> Outcome | None:
        """A finished game: the winner, or none (FK 6.12, FK-T1); scores are the damage
        each player dealt."""
        if state.step != "over":
            return None
        from model.fightklub.turn import outcome_winner

        winner = outcome_winner(self.catalog, state, rules)
        dealt = tuple(damage_dealt(self.catalog, state, seat) for seat in range(state.players))
        if winner is None and state.round >= MAX_ROUND and state.players > PLAYERS:
            return Outcome(f"stopped at turn {MAX_ROUND}, the model's limit (no rule ends it)",
                           frozenset(), dealt)
        if winner is None:
            return Outcome("drawn", frozenset(), dealt)
        return Outcome(f"player {winner} wins", frozenset({winner}), dealt)

    # -- hidden information --------------------------------------------------------------
    def observation(self, state: FKState, player: int) -> FKView:
        owner = shown_hand_owner(state, player)
        shown = state.side(owner).hand if owner is not None else ()
        return FKView(player, state.side(player).hand, _public(state), shown)

    def format_observation(self, observation: Any) -> str:
        return str(observation)

    def resample(self, state: FKState, player: int, rng) -> FKState:
        """The other player's hand and draw stack dealt again from the cards among them,
        and, before the reveal, each player's face-down fight cards drawn again from their
        fight stack and laid cards together (while the shuffled stack lasts: exhausted
        cards come back in a known order); the player's own draw stack is what their deck
        list leaves, so it stays."""
        shown = shown_hand_owner(state, player)
        for other in range(state.players):
            if other == player:
                continue
            side = state.side(other)
            if other == shown:
                # the hand lies open for this player's choice: only the draw stack is hidden
                continue
            pool = list(side.hand + side.draw)
            rng.shuffle(pool)
            cut = len(side.hand)
            state = state.with_side(other, hand=tuple(sorted(pool[:cut])),
                                    draw=tuple(sorted(pool[cut:])))
        if state.step not in TURN_STEPS:
            for seat in range(state.players):
                seat_side = state.side(seat)
                if not seat_side.fight:
                    # laid cards may have come from under the stack, in a known order
                    continue
                cards = list(seat_side.laid + seat_side.fight)
                rng.shuffle(cards)
                count = len(seat_side.laid)
                state = state.with_side(seat, laid=tuple(cards[:count]),
                                        fight=tuple(sorted(cards[count:])))
        return state

    # -- actions --------------------------------------------------------------------------
    def chance_outcomes(self, state: FKState, rules: FKRules):
        if state.queue:
            task = state.queue[0]
            if task.kind == "draw":
                return _draws("draw", state.side(task.player).draw)
            # a blind choice from a hidden hand: each card as likely (FK-T4)
            return _draws("discard", state.side(task.player).hand) if task.blind else ()
        if state.step == "drop":
            return tuple((FKMove("drop", player=p), Fraction(1, state.players))
                         for p in range(state.players))
        if state.step in ("deal", "draw"):
            return _draws("draw", state.side(state.turn).draw)
        if state.step == "lay":
            side = state.side(state.turn)
            if side.fight:
                return _draws("lay", side.fight)
            # the exhausted cards under the stack come back in their order (FK 6.11)
            return ((FKMove("lay", side.under[0]), Fraction(1)),) if side.under else ()
        return ()

    def legal_actions(self, state: FKState, rules: FKRules) -> tuple[FKMove, ...]:
        current = self.current_player(state)
        if current in (CHANCE, TERMINAL):
            return ()
        if state.queue or state.step in TURN_STEPS:
            from model.fightklub.turn import legal

            return legal(self.catalog, state, rules)
        if state.step == "order":
            return tuple(FKMove("first", player=p) for p in range(state.players))
        if state.step != "setup":
            return ()
        moves = _setup_moves(self.catalog, state, state.turn, rules)
        if rules.pass_any_setup_action or not moves:
            moves.append(FKMove("pass"))
        return tuple(moves)

    def action_kind(self, action: FKMove) -> str:
        return action.kind

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ACTION_KINDS

    def format_action(self, state: FKState, action: FKMove) -> str:
        return str(action)

    def parse_action(self, state: FKState, text: str, rules: FKRules) -> FKMove:
        move = FKMove.parse(text)
        actions = self.actions(state, rules)
        if move in actions:
            return move
        if move.kind in ("play", "use") and move.burn is None:
            # The burn left unsaid: fine when one payment fits, a choice left open when
            # several do.
            fits = [a for a in actions if dataclasses.replace(a, burn=None) == move]
            if len(fits) == 1:
                return fits[0]
            if len(fits) > 1:
                raise AmbiguousAction(text, "which tokens to burn",
                                      [str(a) for a in fits])
        if move.kind == "use" and not move.cards:
            fits = [a for a in actions if a.kind == "use" and a.card == move.card
                    and a.ability == move.ability and a.burn == (move.burn or a.burn)
                    and a.returned == move.returned]
            if len({a.cards for a in fits}) > 1:
                raise AmbiguousAction(text, "which cards to discard for the cost",
                                      [str(a) for a in fits])
            if len(fits) == 1 and fits[0].cards:
                return fits[0]
        if move.kind == "use" and not move.returned:
            fits = [a for a in actions if a.kind == "use" and a.card == move.card
                    and a.ability == move.ability and a.burn == (move.burn or a.burn)]
            if len({a.returned for a in fits}) > 1:
                raise AmbiguousAction(text, "which card to return to hand",
                                      [str(a) for a in fits])
        raise IllegalAction(self._illegal(state, move, rules), text)

    # -- transitions ------------------------------------------------------------------------
    def resolve(self, state: FKState, action: FKMove, rules: FKRules) -> Transition[FKState]:
        if not isinstance(action, FKMove) or action not in self.actions(state, rules):
            text = str(action) if isinstance(action, FKMove) else repr(action)
            raise IllegalAction(self._illegal(state, action, rules), text)
        if action.kind == "drop":
            names = ", ".join(f"{self.catalog.deck(d).character.name} (player {p})"
                              for p, d in enumerate(state.decks))
            after = dataclasses.replace(state, step="deal", drop=action.player,
                                        turn=action.player)
            seated = ("FK 7.1",) if state.players > PLAYERS else ()
            return Transition(after, (Step("drop", ("FK 4.1", "FK 4.2", "FK 4.3") + seated,
                                           f"characters revealed: {names}; the stacks "
                                           "shuffled; chance gives The Drop to player "
                                           f"{action.player}, whose copy turns face up"),))
        from model.fightklub import turn

        if state.queue:
            if action.kind == "draw":
                return turn.task_draw(self.catalog, state, action, rules)
            return turn.task_discard(self.catalog, state, action, rules)
        if state.step in TURN_STEPS:
            if action.kind == "pick":
                return turn.pick(self.catalog, state, action, rules)
            if action.kind == "challenge":
                return turn.challenge(self.catalog, state, action, rules)
            if action.kind == "skirmish":
                return turn.skirmish(self.catalog, state, action, rules)
            if action.kind == "clash":
                return turn.choose_clash(self.catalog, state, action, rules)
            if action.kind == "first":
                return turn.choose_first(self.catalog, state, action, rules)
            if action.kind == "keep":
                return turn.keep(self.catalog, state, action, rules)
            return turn.act(self.catalog, state, action, rules)
        if action.kind == "draw" and state.step == "deal":
            return _deal(self.catalog, state, action.card, rules)
        if action.kind == "draw":
            steps: list[Step] = []
            after, ran_out = _take_card(self.catalog, state, state.turn, action.card, steps, "draw",
                                        ("FK 4.13",), "for the setup action")
            after = dataclasses.replace(after, pending=0 if ran_out else state.pending - 1)
            if after.pending:
                return Transition(after, tuple(steps))
            return _end_action(self.catalog, after, steps, rules)
        if action.kind == "lay":
            return _lay(self.catalog, state, action.card, rules)
        if action.kind == "first":
            steps = [Step("order", ("FK 4.6", "FK 6.15") if state.round > 1 else ("FK 4.6",),
                          f"player {state.drop}, the Drop holder, has player "
                          f"{action.player} set up first")]
            return _begin_setup(self.catalog, dataclasses.replace(state, first=action.player),
                                action.player, steps, rules)
        if action.kind == "pass":
            after = dataclasses.replace(state, left=state.left - 1)
            steps = [Step("pass", ("FK 4.8",),
                          f"setup action {SETUP_ACTIONS - after.left}: player {state.turn} "
                          "passes")]
            return _end_action(self.catalog, after, steps, rules)
        if action.kind == "play":
            return _play(self.catalog, state, action, rules)
        return _use(self.catalog, state, action, rules)

    # -- refusals -------------------------------------------------------------------------
    def _illegal(self, state: FKState, action: Any, rules: FKRules) -> Illegal:
        if state.queue or state.step in TURN_STEPS:
            from model.fightklub.turn import why_illegal

            return why_illegal(self.catalog, state, action, rules)
        if not isinstance(action, FKMove):
            return Illegal(("FK 4.8",), "not an action of this game")
        chance = {"drop": ("drop", "FK 4.3"), "deal": ("draw", "FK 4.4"),
                  "draw": ("draw", "FK 4.13"), "lay": ("lay", "FK 4.15")}
        if state.step in chance:
            kind, rule = chance[state.step]
            if action.kind != kind:
                return Illegal((rule,), f"chance acts now: {kind} comes next")
            zone = "fight stack" if kind == "lay" else "draw stack"
            held = cards_text(getattr(state.side(state.turn), "fight" if kind == "lay"
                                      else "draw"))
            return Illegal((rule, "FK 4.2"), f"{action} cannot happen: player "
                                             f"{state.turn}'s {zone} holds {held}")
        if state.step == "order":
            return Illegal(("FK 4.6",), f"player {state.drop}, the Drop holder, chooses who "
                                        "sets up first: first 0 or first 1")
        player = state.turn
        side = state.side(player)
        if action.kind in ("drop", "draw", "lay", "first"):
            return Illegal(("FK 4.8",), f"player {player} takes a setup action now")
        if action.kind == "pass":
            return Illegal(("FK 4.8",), f"player {player} can play a card or use a setup "
                                        "line, and a pass is only for a player who cannot")
        card = self.catalog.cards.get(action.card)
        if card is None:
            return Illegal(("FK 4.8",), f"{action.card} is not a card")
        if action.kind == "play":
            if action.card not in side.hand:
                return Illegal(("FK 4.8",), f"player {player} holds {cards_text(side.hand)}")
            if card.type == "effect":
                return Illegal(("FK 4.11", "FK 1.8"), f"{card.name} is an effect, played "
                                                      "in a fight's enhance step, not in setup")
            if card.type == "instant" and card.parts.phase != "setup":
                return Illegal(("FK 4.11", "FK 1.10"), f"{card.name} is an instant of the "
                                                       f"{card.parts.phase} phase")
            cost = card.cost if card.cost is not None else Cost()
        else:
            in_play = (self.catalog.deck(state.decks[player]).character.code,) + side.support
            if action.card not in in_play:
                return Illegal(("FK 4.12",), f"{card.name} is not in play for player "
                                             f"{player}")
            lines = setup_lines(card)
            if not 1 <= action.ability <= len(lines):
                return Illegal(("FK 4.12", "FK 1.13"), f"{card.name} has "
                               f"{len(lines) or 'no'} setup line"
                               f"{'s' if len(lines) != 1 else ''}")
            line = lines[action.ability - 1]
            cost = _ability_cost(line)
            choices = _return_choices(self.catalog, state, player, line)
            if action.returned not in choices:
                return Illegal(("FK 4.13",), f"{card.name} returns one of "
                               + (" / ".join(cards_text(c) for c in choices)))
        sight = situation(self.catalog, state, player, rules)
        if action.burn is not None:
            problem = payment_problem(side.pool, [cost], [action.burn], situation=sight)
            if problem is not None:
                return Illegal(("FK 4.9",) + _burn_rules(cost, side.pool, action.burn, sight),
                               f"burning {action.burn} does not pay {card.name}: {problem}")
        from model.fightklub.energy import pay

        payment = pay(side.pool, [cost], latent=sight.latent, drop_latent=sight.drop_latent,
                      controls_drop=sight.controls_drop, table=sight.table,
                      opponent_table=sight.opponent_table, rules=rules)
        if not payment.payable:
            return Illegal(("FK 4.9", _part_rule(cost, payment.reason)),
                           f"{card.name} cannot be paid from pool {side.pool}: "
                           f"{payment.reason}")
        return Illegal(("FK 4.8",), f"{action} is not one of the setup actions open now")

