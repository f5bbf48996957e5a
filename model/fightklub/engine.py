"""Fight Klub's getting started and setup phase as a game of the core protocol.

Two players meet with two shipped decks.  Getting started (FK 4.1 to FK 4.6):
the characters and both copies of The Drop lie on the table, the stacks are
shuffled, chance gives The Drop to one player (1/2 each), each player draws
to their hand value one card at a time, adds their first setup energy, and the
Drop holder chooses who sets up first.  The setup phase (FK 4.7 to FK 4.16):
each player in turn takes the first setup action and then two setup actions
(a condition, a gear, a setup instant, a setup line of a card in play, or a
pass), paying each cost with the energy model (:mod:`model.fightklub.energy`)
as part of the action; then the Drop holder and then the other player lay
three fight cards face down, and the reveal ends the model's game in the
terminal state *fight phase begins*.

**The fights are not modelled here**: the fight phase, the cooldown and every
later turn belong to the second Fight Klub issue (issue 11, "the whole game as
a checked state machine").  So the game ends when the fight cards are revealed,
with no winner.

Only fully known cards can be played: the card texts of ONE are not public, so
a deck of ONE (``rambo``, ``hannibal``) is refused with an
:class:`~model.core.errors.InputError` naming the unknown facts, and the model
plays ringside's synthetic decks (``synthetic-brick``, ``synthetic-dana``).
A setup line that does something the setup model does not carry out (only
adding energy, drawing and returning a card to hand are carried out here) is
refused the same way rather than half played.

Stacks are unordered hidden collections (FK 4.2): every card taken from one is
a chance event over the cards it holds (:func:`model.core.game.draw_outcomes`),
which keeps the explorer's states few and the odds exact.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx

from model.core.errors import InputError
from model.core.phases import build_phase_graph
from model.core.game import (
    CHANCE, TERMINAL, AmbiguousAction, Game, Illegal, IllegalAction, Invariant, Layout, Outcome,
    Step, Transition, TransitionInvariant, draw_outcomes,
)
# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.core.game import Token as Drawn
from model.fightklub.cards import Card, all_cards, is_known
from model.fightklub.decks import (
    CHARACTER, DRAW, FIGHT, UNIVERSAL_SECTION, check_deck, parse_deck, shipped_names,
    shipped_text,
)
from model.fightklub.energy import (
    EMPTY, SPOT, BURN, Cost, Pool, Situation, Token, format_tokens, payment_problem,
    payments_of,
)
from model.fightklub.rulebook import FK_AMBIGUITIES, FK_GLOSSARY, FK_RULEBOOK
from model.fightklub.rules import PRESETS, FKRules
from model.fightklub.state import (
    ACTION_KINDS, LAID, PLAYERS, SETUP_ACTIONS, FKMove, FKSetup, FKState, Side, cards_text,
)

CARRIED_OUT = ("add_energy", "draw", "return_to_hand")
"""The ability steps the setup model carries out (FK 4.13)."""
DECKS = ("synthetic-brick", "synthetic-dana")
"""The decks the examples and the explorer use: every card of them is known."""


# -- decks ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DeckInfo:
    """What the game needs of a playable deck: its cards by part, read once."""

    name: str
    character: Card
    drop: Card
    draw: tuple[str, ...]
    fight: tuple[str, ...]
    most_drawn: int
    """The most cards one setup action of this deck can draw (for the length bound)."""

    @property
    def hand_value(self) -> int:
        return self.character.parts.hand

    @property
    def first_setup_energy(self) -> Pool:
        return Pool.of(Token(t) for t in self.character.parts.first_setup_energy)

    @property
    def latent(self) -> Pool:
        return Pool.of(Token(t) for t in self.character.parts.latent_energy)

    @property
    def drop_latent(self) -> Pool:
        return Pool.of(Token(t) for t in self.drop.parts.latent_energy)

    def all_cards(self) -> Counter:
        """The deck's 40 cards by code (FK 2.1)."""
        return Counter((self.character.code, self.drop.code) + self.draw + self.fight)

    @property
    def stacked(self) -> tuple[str, ...]:
        """The 38 cards that start in the stacks, ascending: what a player's zones hold
        together, wherever the cards have gone since (FK 4.1)."""
        return _stacked(self.draw, self.fight)


@functools.lru_cache(maxsize=None)
def _stacked(draw: tuple[str, ...], fight: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(draw + fight))


def _unknown_facts(card: Card) -> list[str]:
    facts = []
    if not is_known(card.type):
        facts.append("type")
    # a cost is printed only on cards played from hand (FK 1.14)
    costed = card.may_be("condition", "effect", "gear", "instant")
    for name in ("affiliation", "cost", "abilities") if costed else ("affiliation", "abilities"):
        if not is_known(getattr(card, name)):
            facts.append(name)
    parts = card.parts
    if not is_known(parts):
        facts.append("printed values")
    elif dataclasses.is_dataclass(parts):
        facts += [f.name.replace("_", " ") for f in dataclasses.fields(parts)
                  if not is_known(getattr(parts, f.name))]
    return facts


@functools.lru_cache(maxsize=None)
def playable_deck(name: str) -> DeckInfo:
    """A shipped deck the game can play, or an :class:`InputError` saying why not (an
    unknown name, a broken deck rule, a fact of a card that nobody knows, a setup line
    the model does not carry out)."""
    found = shipped_text(name) if isinstance(name, str) else None
    if found is None or name not in shipped_names("decks"):
        raise InputError(f"no shipped deck {name!r}; shipped decks: "
                         f"{', '.join(shipped_names('decks'))}", "decks")
    deck = parse_deck(*found)
    cards = all_cards()
    missing = []
    # the character first: its life, hand and first setup energy are what a game needs first
    leading = {line.code for line in deck.lines if line.section == CHARACTER}
    for code in sorted(deck.copies(), key=lambda code: (code not in leading, code)):
        card = cards.get(code)
        facts = _unknown_facts(card) if card is not None else ["everything"]
        if facts:
            missing.append(f"{card.label if card else code} ({', '.join(facts)})")
    if missing:
        shown = "; ".join(missing[:3])
        more = f"; and {len(missing) - 3} more cards" if len(missing) > 3 else ""
        raise InputError(f"deck {name!r} cannot be played: the card texts of ONE are not "
                         f"public, so these facts are unknown: {shown}{more}", "decks")
    report = check_deck(deck)
    if report.violations:
        first = report.violations[0]
        raise InputError(f"deck {name!r} breaks the deck rules: {first.message} "
                         f"({', '.join(first.rules)})", "decks")
    by_section: dict[str, list[str]] = {CHARACTER: [], DRAW: [], FIGHT: [],
                                        UNIVERSAL_SECTION: []}
    for line in deck.lines:
        by_section[line.section].extend([line.code] * line.copies)
    character = cards[by_section[CHARACTER][0]]
    drop = cards[by_section[UNIVERSAL_SECTION][0]]
    most = 0
    for code in set(by_section[DRAW]) | {character.code}:
        card = cards[code]
        played = card.surely("instant") and card.parts.phase == "setup"
        for ability in card.abilities if played else setup_lines(card):
            for step in ability.steps:
                if step.do not in CARRIED_OUT:
                    raise InputError(f"deck {name!r}: {card.label} does {step.do!r} in "
                                     "setup, which the setup model does not carry out yet "
                                     f"(it carries out {', '.join(CARRIED_OUT)})", "decks")
            if sum(1 for step in ability.steps if step.do == "return_to_hand") > 1:
                raise InputError(f"deck {name!r}: {card.label} returns cards to hand twice "
                                 "in one line, which the setup model does not carry out",
                                 "decks")
            most = max(most, sum(step.param("count") for step in ability.steps
                                 if step.do == "draw"))
    return DeckInfo(name, character, drop, tuple(sorted(by_section[DRAW])),
                    tuple(sorted(by_section[FIGHT])), most)


def setup_lines(card: Card) -> tuple:
    """The abilities of a card in play that a setup action may use (FK 4.12): its lines
    opening with the setup phase word.  An instant's lines are played with it instead."""
    return _setup_lines(card.code) if all_cards().get(card.code) is card else _lines(card)


@functools.lru_cache(maxsize=None)
def _setup_lines(code: str) -> tuple:
    return _lines(all_cards()[code])


def _lines(card: Card) -> tuple:
    if card.surely("instant") or not is_known(card.abilities):
        return ()
    return tuple(a for a in card.abilities if a.phase == "setup")


def _card(code: str) -> Card:
    return all_cards()[code]


def _name(code: str) -> str:
    card = all_cards().get(code)
    return f"{card.name} ({code})" if card else code


# -- payment ------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1 << 16)
def payments(cost: Cost, pool: Pool, situation: Situation) -> tuple[Pool, ...]:
    """Every way to pay ``cost`` from ``pool`` (the tokens burned), by the energy rules
    (FK 3, FK 4.9); empty when it cannot be paid."""
    return tuple(payments_of(cost, pool, situation))


def table_types(state: FKState, player: int) -> frozenset[str]:
    """The card types of a player's cards on the table: the character (hero or villain),
    The Drop (universal), the support area (FK 4.1, FK 4.10)."""
    deck = playable_deck(state.decks[player])
    types = {deck.character.affiliation, "universal"}
    types.update(_card(code).type for code in state.side(player).support)
    return frozenset(types)


def situation(state: FKState, player: int, rules: FKRules) -> Situation:
    """What besides the pool decides a payment by ``player`` (FK 4.9)."""
    holder = state.drop if state.drop is not None else player
    return Situation(playable_deck(state.decks[player]).latent,
                     playable_deck(state.decks[holder]).drop_latent,
                     state.drop == player, table_types(state, player),
                     table_types(state, 1 - player), rules)


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


def _return_choices(state: FKState, player: int, ability) -> tuple[tuple[str, ...], ...]:
    """The cards a line's return-to-hand step may take back (FK 4.13): every choice of
    the named type from the player's support area, as sorted tuples; ``((),)`` when the
    line returns nothing or nothing fits."""
    step = next((s for s in ability.steps if s.do == "return_to_hand"), None)
    if step is None:
        return ((),)
    fitting = sorted(code for code in state.side(player).support
                     if _card(code).type == step.param("what"))
    count = min(step.param("count"), len(fitting))
    return tuple(sorted(set(itertools.combinations(fitting, count)))) or ((),)


def _offers(state: FKState, player: int) -> list[_Offer]:
    """Cards in hand that may be played and setup lines of cards in play that may be used
    (FK 4.8, FK 4.10 to FK 4.12), before payment."""
    side = state.side(player)
    offers = []
    for code in sorted(set(side.hand)):
        card = _card(code)
        playable = card.type in ("condition", "gear") or (
            card.type == "instant" and card.parts.phase == "setup")
        if playable:
            cost = card.cost if card.cost is not None else Cost()
            offers.append(_Offer("play", code, 1, cost, ((),)))
    in_play = [playable_deck(state.decks[player]).character.code] + sorted(set(side.support))
    for code in in_play:
        for index, ability in enumerate(setup_lines(_card(code)), 1):
            offers.append(_Offer("use", code, index, _ability_cost(ability),
                                 _return_choices(state, player, ability)))
    return offers


def _setup_moves(state: FKState, player: int, rules: FKRules) -> list[FKMove]:
    sight = situation(state, player, rules)
    pool = state.side(player).pool
    moves = []
    for offer in _offers(state, player):
        for burn in payments(offer.cost, pool, sight):
            for returned in offer.returns:
                moves.append(FKMove(offer.kind, offer.card, burn=burn, ability=offer.ability,
                                    returned=returned))
    return moves


# -- invariants --------------------------------------------------------------------------------------
def _started(state: FKState, player: int) -> bool:
    """Whether ``player``'s part of the setup phase has begun (their first setup action
    taken)."""
    if state.step in ("drop", "deal", "order"):
        return False
    if state.step in ("lay", "fight"):
        return True
    return state.turn == player or state.first == player


def cards_conserved(state: FKState) -> str | None:
    for player in range(PLAYERS):
        deck = playable_deck(state.decks[player])
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
               "support": ("condition", "gear"), "discard": ("instant",),
               "fight": ("fight",), "laid": ("fight",)}


@functools.lru_cache(maxsize=None)
def _type_of(code: str) -> str:
    card = all_cards().get(code)
    return "unknown" if card is None or not is_known(card.type) else card.type


@functools.lru_cache(maxsize=None)
def _codes_of(types: tuple[str, ...]) -> frozenset[str]:
    return frozenset(code for code in all_cards() if _type_of(code) in types)


def zones_hold_their_types(state: FKState) -> str | None:
    for player in range(PLAYERS):
        side = state.side(player)
        for zone, types in _ZONE_TYPES.items():
            held = getattr(side, zone)
            if _codes_of(types).issuperset(held):
                continue
            code = next(c for c in held if _type_of(c) not in types)
            return f"player {player}'s {zone} holds {code}, a {_type_of(code)} card"
    return None


def hand_value_dealt(state: FKState) -> str | None:
    for player in range(PLAYERS):
        side = state.side(player)
        value = playable_deck(state.decks[player]).hand_value
        if len(side.hand) > value and not _started(state, player):
            return (f"player {player} holds {len(side.hand)} cards before their setup "
                    f"actions; the hand value is {value}")
        dealt = state.step not in ("drop", "deal") or (
            state.step == "deal" and state.turn != player and state.turn != state.drop)
        if dealt and not _started(state, player) and len(side.hand) != value and side.draw:
            return (f"player {player} holds {len(side.hand)} cards after the deal with "
                    f"{len(side.draw)} in the draw stack; the hand value is {value}")
    return None


def setup_counts(state: FKState) -> str | None:
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


def laid_cards(state: FKState) -> str | None:
    for player in range(PLAYERS):
        side = state.side(player)
        if side.laid and state.step not in ("lay", "fight"):
            return f"player {player} laid fight cards before the setup actions were over"
        if len(side.laid) > LAID:
            return f"player {player} laid {len(side.laid)} fight cards"
        full = min(LAID, len(side.laid) + len(side.fight))
        done_laying = state.step == "fight" or (
            state.step == "lay" and player == state.drop and state.turn != player)
        if done_laying and len(side.laid) != full:
            return f"player {player} laid {len(side.laid)} fight cards, not {full}"
        if state.step == "lay" and player != state.drop and side.laid and state.turn != player:
            return f"player {player} laid fight cards before the Drop holder"
    return None


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
)


def _grants(before: FKState, action: FKMove, after: FKState, rules: FKRules,
            player: int) -> Pool:
    """The tokens the rules give ``player`` in this transition: the starting energy, the
    first setup action, and what the card played or line used adds (FK 4.5, FK 4.7,
    FK 4.13)."""
    deck = playable_deck(before.decks[player])
    total = EMPTY
    if before.step == "deal" and after.step != "deal":
        total = total.plus(deck.first_setup_energy)
    if rules.first_setup_energy_twice and _started(after, player) and not _started(before,
                                                                                  player):
        total = total.plus(deck.first_setup_energy)
    if action.kind in ("play", "use") and before.turn == player:
        card = _card(action.card)
        lines = card.abilities if action.kind == "play" else (
            setup_lines(card)[action.ability - 1],)
        if action.kind == "play" and card.type != "instant":
            lines = ()
        for line in lines:
            for step in line.steps:
                if step.do == "add_energy":
                    total = total.plus(Pool.of(Token(t) for t in step.param("tokens")))
    return total


def tokens_conserved(before: FKState, action: Any, after: FKState, rules: FKRules) -> str | None:
    for player in range(PLAYERS):
        was, now = before.side(player), after.side(player)
        if (was.pool is now.pool and was.burned is now.burned
                and action.kind in ("draw", "lay") and before.step == after.step):
            continue  # a card taken within one step: no token may move (checked cheaply)
        grants = _grants(before, action, after, rules, player)
        expected = was.pool.plus(was.burned).plus(grants)
        if now.pool.plus(now.burned) != expected:
            return (f"{action}: player {player}'s tokens (pool and burned) are "
                    f"{now.pool.plus(now.burned)}, but {expected} were given")
        burned = action.burn if (action.kind in ("play", "use") and before.turn == player
                                 and action.burn is not None) else EMPTY
        if now.burned != was.burned.plus(burned):
            return f"{action}: player {player} burned {now.burned}, expected {was.burned.plus(burned)}"
    return None


def latent_never_burned(before: FKState, action: Any, after: FKState,
                        rules: FKRules) -> str | None:
    for player in range(PLAYERS):
        was, now = before.side(player), after.side(player)
        if was.burned is now.burned:
            continue
        if not now.burned.contains(was.burned) or not was.pool.contains(
                now.burned.minus(was.burned)):
            return (f"{action}: player {player} burned tokens that were not in the pool "
                    f"({was.pool}): latent energy is never burned")
    return None


def played_from_hand(before: FKState, action: Any, after: FKState,
                     rules: FKRules) -> str | None:
    if action.kind != "play":
        return None
    was, now = before.side(before.turn), after.side(before.turn)
    gone = Counter(was.hand) - Counter(now.hand)
    if gone != Counter([action.card]):
        return f"{action}: the hand lost {cards_text(sorted(gone.elements()))}"
    return None


FK_TRANSITION_INVARIANTS = (
    TransitionInvariant("tokens-conserved", ("FK 3.1", "FK 3.2", "FK 4.5", "FK 4.7",
                                             "FK 4.13"),
                        "Tokens appear only by a grant (starting energy, first setup "
                        "action, an add-energy step) and leave the pool only as the burns "
                        "the action names.", tokens_conserved),
    TransitionInvariant("latent-never-burned", ("FK 3.8", "FK 3.9"),
                        "Every burned token was in the pool: latent energy is never "
                        "burned.", latent_never_burned),
    TransitionInvariant("played-from-hand", ("FK 4.8", "FK 4.10", "FK 4.11"),
                        "A card played leaves the hand, and only that card.",
                        played_from_hand),
)


# -- the phase graph ----------------------------------------------------------------------------------
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
    ("fight", "terminal", ("FK 4.16",), "Fight phase begins"),
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
)


@functools.lru_cache(maxsize=1)
def _graph() -> nx.DiGraph:
    return build_phase_graph("Fight Klub: getting started and the setup phase", PHASE_NODES,
                             PHASE_EDGES)


# -- transitions (module functions: the rules' implemented_by names them) ---------------------------
def _take_card(state: FKState, player: int, code: str, steps: list[Step], phase: str,
               rules_: tuple[str, ...], why: str) -> tuple[FKState, bool]:
    """``player`` takes ``code`` from their draw stack into hand; when that was the last
    card, the discard stack becomes the draw stack and the action ends (FK 4.14).
    Returns the state and whether the stack ran out."""
    side = state.side(player)
    draw = list(side.draw)
    draw.remove(code)
    hand = tuple(sorted(side.hand + (code,)))
    state = state.with_side(player, draw=tuple(draw), hand=hand)
    steps.append(Step(phase, rules_, f"player {player} draws {_name(code)} {why} "
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


def _deal(state: FKState, code: str, rules: FKRules) -> Transition[FKState]:
    """One card of the getting-started draw (FK 4.4); after the second hand, the starting
    energy (FK 4.5) and the Drop holder's choice (FK 4.6)."""
    player = state.turn
    steps: list[Step] = []
    value = playable_deck(state.decks[player]).hand_value
    state, ran_out = _take_card(state, player, code, steps, "deal", ("FK 4.4", "FK 4.2"),
                                f"towards the hand value {value}")
    if not ran_out and len(state.side(player).hand) < value:
        return Transition(state, tuple(steps))
    other = 1 - player
    if player == state.drop and state.side(other).draw:
        return Transition(dataclasses.replace(state, turn=other), tuple(steps))
    for seat in range(PLAYERS):
        energy = playable_deck(state.decks[seat]).first_setup_energy
        pool = state.side(seat).pool.plus(energy)
        state = state.with_side(seat, pool=pool)
        steps.append(Step("starting_energy", ("FK 4.5", "FK 3.1"),
                          f"player {seat} adds the first setup energy {energy} to the pool "
                          f"(pool {pool})"))
    return Transition(dataclasses.replace(state, step="order", turn=state.drop), tuple(steps))


def _begin_setup(state: FKState, player: int, steps: list[Step],
                 rules: FKRules) -> Transition[FKState]:
    """``player``'s first setup action (FK 4.7), then their two setup actions."""
    energy = playable_deck(state.decks[player]).first_setup_energy
    if rules.first_setup_energy_twice:
        pool = state.side(player).pool.plus(energy)
        state = state.with_side(player, pool=pool)
        steps.append(Step("first_setup", ("FK 4.7", "FK 3.1"),
                          f"player {player}'s first setup action adds {energy} (pool {pool}); "
                          "two setup actions follow"))
    else:
        steps.append(Step("first_setup", ("FK 4.7",),
                          f"player {player}'s first setup action: the starting energy was "
                          f"this turn's first setup energy, so nothing more is added (pool "
                          f"{state.side(player).pool}); two setup actions follow"))
    return Transition(dataclasses.replace(state, step="setup", turn=player,
                                          left=SETUP_ACTIONS, pending=0), tuple(steps))


def _end_action(state: FKState, steps: list[Step], rules: FKRules) -> Transition[FKState]:
    """After a setup action and its draws: the next action, the other player's turn, or
    the laying of the fight cards (FK 4.8, FK 4.15)."""
    state = dataclasses.replace(state, pending=0)
    if state.left:
        return Transition(dataclasses.replace(state, step="setup"), tuple(steps))
    if state.turn == state.first:
        return _begin_setup(state, 1 - state.turn, steps, rules)
    steps.append(Step("end_setup", ("FK 4.8", "FK 4.15"),
                      "both players have taken their setup actions; the fight cards are "
                      f"laid, player {state.drop} (the Drop holder) first"))
    return _start_lay(state, state.drop, steps)


def _start_lay(state: FKState, player: int, steps: list[Step]) -> Transition[FKState]:
    if state.side(player).fight:
        return Transition(dataclasses.replace(state, step="lay", turn=player), tuple(steps))
    if player == state.drop:
        return _start_lay(state, 1 - player, steps)
    return _reveal(state, steps)


def _reveal(state: FKState, steps: list[Step]) -> Transition[FKState]:
    shown = "; ".join(f"player {p} {cards_text(state.side(p).laid)}" for p in range(PLAYERS))
    steps.append(Step("reveal", ("FK 4.16",),
                      f"the fight cards are revealed together ({shown}): the fight phase "
                      "begins"))
    return Transition(dataclasses.replace(state, step="fight"), tuple(steps))


def _lay(state: FKState, code: str) -> Transition[FKState]:
    """The acting player lays ``code`` from their fight stack face down, left to right
    (FK 4.15); the reveal follows the last card (FK 4.16)."""
    player = state.turn
    side = state.side(player)
    fight = list(side.fight)
    fight.remove(code)
    laid = side.laid + (code,)
    state = state.with_side(player, fight=tuple(fight), laid=laid)
    steps = [Step("lay", ("FK 4.15", "FK 4.2"),
                  f"player {player} lays {code} face down in place {len(laid)}, without "
                  "looking")]
    if len(laid) < LAID and fight:
        return Transition(state, tuple(steps))
    if player == state.drop:
        return _start_lay(state, 1 - player, steps)
    return _reveal(state, steps)


def _pay(state: FKState, player: int, cost: Cost, burn: Pool, what: str,
         steps: list[Step], rules: FKRules) -> FKState:
    side = state.side(player)
    pool = side.pool.minus(burn)
    state = state.with_side(player, pool=pool, burned=side.burned.plus(burn))
    paid = (f"burns {format_tokens(burn.tokens())}" if len(burn) else "burns nothing")
    text = (f"player {player} pays '{cost}' for {what}: {paid} (pool {pool})" if cost.parts
            else f"{what} costs nothing (pool {pool})")
    steps.append(Step("pay", _cost_rules(cost, situation(state, player, rules)),
                      text[0].upper() + text[1:] if not cost.parts else text))
    return state


def _carry_out(state: FKState, player: int, lines, returned: tuple[str, ...],
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
                what = (f"{', '.join(_name(c) for c in returned)} returns" if returned
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


def _play(state: FKState, move: FKMove, rules: FKRules) -> Transition[FKState]:
    """A card played from hand as a setup action (FK 4.8 to FK 4.11, FK 4.13)."""
    player = state.turn
    card = _card(move.card)
    steps: list[Step] = []
    kind = "setup instant" if card.type == "instant" else card.type
    cost = card.cost if card.cost is not None else Cost()
    state = _pay(state, player, cost, move.burn, f"{card.name} ({move.card}, {kind})", steps,
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
        state = _carry_out(state, player, card.abilities, (), steps)
    else:
        state = state.with_side(player, support=tuple(sorted(side.support + (move.card,))))
        steps.append(Step("support", ("FK 4.10",),
                          f"setup action {number}: player {player} plays the {card.type} "
                          f"{card.name} ({move.card}) to the support area"))
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return _end_action(state, steps, rules)


def _use(state: FKState, move: FKMove, rules: FKRules) -> Transition[FKState]:
    """A setup line of a card in play used as a setup action (FK 4.12, FK 4.13)."""
    player = state.turn
    card = _card(move.card)
    line = setup_lines(card)[move.ability - 1]
    steps: list[Step] = []
    state = _pay(state, player, _ability_cost(line), move.burn,
                 f"the setup line of {card.name} ({move.card})", steps, rules)
    state = dataclasses.replace(state, left=state.left - 1)
    number = SETUP_ACTIONS - state.left
    where = "character" if card.type == "character" else "support area"
    steps.append(Step("ability", ("FK 4.12", "FK 1.13"),
                      f"setup action {number}: player {player} uses the setup line of "
                      f"{card.name} ({move.card}, {where})"))
    state = _carry_out(state, player, (line,), move.returned, steps)
    if state.pending:
        return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
    return _end_action(state, steps, rules)


# -- what a player sees ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FKView:
    """What one player sees: their own hand, and the table with every hidden part (the
    stacks, the other hand, fight cards still face down) given by its size alone."""

    player: int
    hand: tuple[str, ...]
    public: str

    def __str__(self) -> str:
        return f"player {self.player} holds {cards_text(self.hand)}; {self.public}"


def _public(state: FKState) -> str:
    parts = []
    for player in range(PLAYERS):
        side = state.side(player)
        laid = (cards_text(side.laid) if state.step == "fight"
                else f"{len(side.laid)} face down")
        parts.append(f"p{player} draw {len(side.draw)} hand {len(side.hand)} support "
                     f"{cards_text(side.support)} discard {cards_text(side.discard)} fight "
                     f"{len(side.fight)} laid {laid} pool {side.pool} burned {side.burned}")
    head = str(state).split(" | p0 ")[0]
    return head + " | " + " | ".join(parts)


@functools.lru_cache(maxsize=1 << 14)
def _draws(kind: str, stack: tuple[str, ...]) -> tuple[tuple[FKMove, Fraction], ...]:
    """The chance outcomes of taking one card from an unordered stack (FK 4.2)."""
    return tuple((FKMove(kind, code), p) for code, p in draw_outcomes(stack))


class FKGame(Game[FKState, FKMove, FKRules]):
    key = "fightklub"
    title = "Fight Klub"
    rulebook_file = "fight-klub.txt"
    rules_type = FKRules
    setup_type = FKSetup
    min_players = PLAYERS
    max_players = PLAYERS
    summary = ("Getting started and the setup phase of the two-player card game, up to the "
               "reveal of the fight cards (the fights are not modelled yet), played with "
               "ringside's synthetic decks since the card texts of ONE are not public.")
    overview = (
        "Each player brings a 40-card deck: a character, a draw stack of 26 conditions, "
        "effects, gear and instants, a fight stack of 12 fight cards and The Drop. Getting "
        "started, chance gives The Drop to one player, both draw to their hand value and "
        "add their first setup energy, and the Drop holder picks who sets up first. In the "
        "setup phase each player adds the first setup energy and takes two setup actions, "
        "paying energy for the cards they play; then both lay three fight cards face down "
        "and reveal them, and the fight phase begins. The model ends there: the fights, "
        "the cooldown and later turns are not modelled yet (they are the second Fight Klub "
        "issue, issue 11).")

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
        return FK_INVARIANTS

    @property
    def transition_invariants(self):
        return FK_TRANSITION_INVARIANTS

    # -- setups -------------------------------------------------------------------------
    def parse_setup(self, text: str) -> FKSetup:
        return FKSetup.parse(text)

    def example_setups(self, count: int) -> list[FKSetup]:
        """The two synthetic decks against each other, both ways round, and each against
        itself."""
        pairs = ((DECKS[0], DECKS[1]), (DECKS[1], DECKS[0]), (DECKS[0], DECKS[0]),
                 (DECKS[1], DECKS[1]))
        return [FKSetup(pairs[index % len(pairs)]) for index in range(count)]

    def initial_state(self, setup: FKSetup, rules: FKRules) -> FKState:
        """Characters and Drops on the table, the two stacks of each deck shuffled
        (FK 4.1, FK 4.2); chance gives The Drop first."""
        sides = tuple(Side(draw=playable_deck(name).draw, fight=playable_deck(name).fight)
                      for name in setup.decks)
        return FKState(setup.decks, "drop", None, None, 0, 0, 0, sides)

    def num_players(self, state: FKState) -> int:
        return PLAYERS

    def max_length(self, state: FKState) -> int:
        """Each action takes one of: The Drop's chance, a card of the deal, the holder's
        choice, a setup action (with the most cards one can draw), a pending draw, a fight
        card laid."""
        if state.step == "fight":
            return 0
        decks = [playable_deck(name) for name in state.decks]
        total = 1 if state.step == "drop" else 0
        if state.step == "drop":
            total += sum(deck.hand_value for deck in decks)
        elif state.step == "deal":
            total += max(0, decks[state.turn].hand_value - len(state.side(state.turn).hand))
            if state.turn == state.drop:
                total += decks[1 - state.turn].hand_value
        if state.step in ("drop", "deal", "order"):
            total += 1
        for player in range(PLAYERS):
            per_action = 1 + decks[player].most_drawn
            if not _started(state, player):
                total += SETUP_ACTIONS * per_action
            elif state.step in ("setup", "draw") and state.turn == player:
                total += state.left * per_action + state.pending
        for player in range(PLAYERS):
            side = state.side(player)
            if state.step != "lay":
                total += min(LAID, len(side.fight)) if state.step != "fight" else 0
            elif player == state.turn:
                total += min(LAID, len(side.fight) + len(side.laid)) - len(side.laid)
            elif state.turn == state.drop:
                total += min(LAID, len(side.fight))
        return total

    # -- states --------------------------------------------------------------------------
    def parse_state(self, text: str) -> FKState:
        return FKState.parse(text)

    def layout(self, position: str) -> Layout | None:
        """Each player's table as a row (the character, their copy of The Drop, the
        support area, the fight cards laid), and beside it the hands, the stacks' sizes,
        the discard stacks, the pools and the burned tokens."""
        try:
            state = FKState.parse(position)
        except InputError:
            return None

        def token(code: str, face_down: bool = False) -> Drawn:
            card = all_cards().get(code)
            words = f"{card.name} ({card.type})" if card else code
            return Drawn(code, words + (", face down" if face_down else ""))

        rows = []
        for player in range(PLAYERS):
            deck = playable_deck(state.decks[player])
            side = state.side(player)
            drop = Drawn(deck.drop.code, "The Drop, face up (control)" if state.drop == player
                         else "The Drop, face down")
            hidden = state.step != "fight"
            rows.append([token(deck.character.code), drop]
                        + [token(code) for code in side.support]
                        + [token(code, hidden) for code in side.laid])
        width = max(len(row) for row in rows)
        board = tuple(tuple(row + [""] * (width - len(row))) for row in rows)
        parts: list[tuple[str, Any]] = []
        for player in range(PLAYERS):
            side = state.side(player)
            parts += [(f"player {player}'s hand", tuple(token(c) for c in side.hand) or "-"),
                      (f"player {player}'s stacks", f"draw {len(side.draw)}, fight "
                                                    f"{len(side.fight)} (face down)"),
                      (f"player {player}'s discard", tuple(token(c) for c in side.discard)
                       or "-"),
                      (f"player {player}'s energy", f"pool {side.pool}, burned {side.burned}")]
        whose = {"drop": "chance", "deal": f"player {state.turn} draws",
                 "order": f"player {state.drop} chooses", "setup": f"player {state.turn}, "
                 f"{state.left} setup action{'s' if state.left != 1 else ''} left",
                 "draw": f"player {state.turn} draws {state.pending}",
                 "lay": f"player {state.turn} lays", "fight": "the fight phase begins"}
        parts.append(("step", f"{state.step}: {whose[state.step]}"))
        return Layout(board, tuple(parts))

    def phase(self, state: FKState) -> str:
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return _graph()

    def current_player(self, state: FKState) -> int:
        if state.step in ("drop", "deal", "draw", "lay"):
            return CHANCE
        if state.step == "fight":
            return TERMINAL
        if state.step == "order":
            return state.drop
        return state.turn

    def outcome(self, state: FKState, rules: FKRules) -> Outcome | None:
        if state.step == "fight":
            return Outcome("fight phase begins")
        return None

    # -- hidden information --------------------------------------------------------------
    def observation(self, state: FKState, player: int) -> FKView:
        return FKView(player, state.side(player).hand, _public(state))

    def format_observation(self, observation: Any) -> str:
        return str(observation)

    def resample(self, state: FKState, player: int, rng) -> FKState:
        """The other player's hand and draw stack dealt again from the cards among them,
        and each player's face-down fight cards drawn again from their fight stack and
        laid cards together; the player's own draw stack is what their deck list leaves,
        so it stays."""
        other = 1 - player
        side = state.side(other)
        pool = list(side.hand + side.draw)
        rng.shuffle(pool)
        cut = len(side.hand)
        state = state.with_side(other, hand=tuple(sorted(pool[:cut])),
                                draw=tuple(sorted(pool[cut:])))
        if state.step != "fight":
            for seat in range(PLAYERS):
                seat_side = state.side(seat)
                cards = list(seat_side.laid + seat_side.fight)
                rng.shuffle(cards)
                count = len(seat_side.laid)
                state = state.with_side(seat, laid=tuple(cards[:count]),
                                        fight=tuple(sorted(cards[count:])))
        return state

    # -- actions --------------------------------------------------------------------------
    def chance_outcomes(self, state: FKState, rules: FKRules):
        if state.step == "drop":
            return tuple((FKMove("drop", player=p), Fraction(1, PLAYERS))
                         for p in range(PLAYERS))
        if state.step in ("deal", "draw"):
            return _draws("draw", state.side(state.turn).draw)
        if state.step == "lay":
            return _draws("lay", state.side(state.turn).fight)
        return ()

    def legal_actions(self, state: FKState, rules: FKRules) -> tuple[FKMove, ...]:
        if state.step == "order":
            return tuple(FKMove("first", player=p) for p in range(PLAYERS))
        if state.step != "setup":
            return ()
        moves = _setup_moves(state, state.turn, rules)
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
            names = ", ".join(f"{playable_deck(d).character.name} (player {p})"
                              for p, d in enumerate(state.decks))
            after = dataclasses.replace(state, step="deal", drop=action.player,
                                        turn=action.player)
            return Transition(after, (Step("drop", ("FK 4.1", "FK 4.2", "FK 4.3"),
                                           f"characters revealed: {names}; both stacks "
                                           "shuffled; chance gives The Drop to player "
                                           f"{action.player}, whose copy turns face up"),))
        if action.kind == "draw" and state.step == "deal":
            return _deal(state, action.card, rules)
        if action.kind == "draw":
            steps: list[Step] = []
            after, ran_out = _take_card(state, state.turn, action.card, steps, "draw",
                                        ("FK 4.13",), "for the setup action")
            after = dataclasses.replace(after, pending=0 if ran_out else state.pending - 1)
            if after.pending:
                return Transition(after, tuple(steps))
            return _end_action(after, steps, rules)
        if action.kind == "lay":
            return _lay(state, action.card)
        if action.kind == "first":
            steps = [Step("order", ("FK 4.6",),
                          f"player {state.drop}, the Drop holder, has player "
                          f"{action.player} set up first")]
            return _begin_setup(dataclasses.replace(state, first=action.player),
                                action.player, steps, rules)
        if action.kind == "pass":
            after = dataclasses.replace(state, left=state.left - 1)
            steps = [Step("pass", ("FK 4.8",),
                          f"setup action {SETUP_ACTIONS - after.left}: player {state.turn} "
                          "passes")]
            return _end_action(after, steps, rules)
        if action.kind == "play":
            return _play(state, action, rules)
        return _use(state, action, rules)

    # -- refusals -------------------------------------------------------------------------
    def _illegal(self, state: FKState, action: Any, rules: FKRules) -> Illegal:
        if state.step == "fight":
            return Illegal(("FK 4.16",), "the fight cards are revealed: the setup phase is "
                                         "over and the fight phase begins")
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
        card = all_cards().get(action.card)
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
            in_play = (playable_deck(state.decks[player]).character.code,) + side.support
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
            choices = _return_choices(state, player, line)
            if action.returned not in choices:
                return Illegal(("FK 4.13",), f"{card.name} returns one of "
                               + (" / ".join(cards_text(c) for c in choices)))
        sight = situation(state, player, rules)
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


GAME = FKGame()
