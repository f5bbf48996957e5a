"""Fight Klub's invariants: what every reachable state has, and what every step keeps.

``INVARIANTS`` are checks of one state, ``TRANSITION_INVARIANTS`` checks of one step
(before, action, after, ruleset), each tied to the rules it protects.  Every check
takes the game's catalog first (the decks and cards it looks up);
:class:`model.fightklub.engine.FightKlub` binds it to its own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


from model.core.game import (
    Invariant, TransitionInvariant,
)
# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.fightklub.carried import setup_lines
from model.fightklub.catalog import Catalog
from model.fightklub.setup_phase import setup_started
from model.fightklub.current_fight import mode
from model.fightklub.energy import (
    EMPTY, Pool, Token,
)
from model.fightklub.rules import Rules
from model.fightklub.seats import clockwise, damage_taken, in_game
from model.fightklub.state import (
    LAID, PLAYERS, SETUP_ACTIONS, TURN_STEPS, Move, MAX_ROUND, State, cards_text,
    damage_entry,
)


# -- invariants --------------------------------------------------------------------------------------
def cards_conserved(catalog: Catalog, state: State) -> str | None:
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


def zones_hold_their_types(catalog: Catalog, state: State) -> str | None:
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


def hand_value_dealt(catalog: Catalog, state: State) -> str | None:
    for player in range(state.players):
        side = state.side(player)
        value = catalog.deck(state.decks[player]).hand_value
        if len(side.hand) > value and not setup_started(catalog, state, player):
            return (f"player {player} holds {len(side.hand)} cards before their setup "
                    f"actions; the hand value is {value}")
        if state.round > 1:
            continue  # later turns: the even-up's own check (FK 6.14)
        order = clockwise(catalog, state, state.drop) if state.drop is not None else ()
        dealt = state.step not in ("drop", "deal") or (
            state.step == "deal" and player in order
            and order.index(player) < order.index(state.turn))
        if dealt and not setup_started(catalog, state,
                                       player) and len(side.hand) != value and side.draw:
            return (f"player {player} holds {len(side.hand)} cards after the deal with "
                    f"{len(side.draw)} in the draw stack; the hand value is {value}")
    return None


def setup_counts(catalog: Catalog, state: State) -> str | None:
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


def laid_cards(catalog: Catalog, state: State) -> str | None:
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


# Each check takes the game's catalog first; the game binds it (FightKlub.invariants).
INVARIANTS = (
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
              lambda catalog,
              state: None if (state.drop in range(state.players)) != (state.step == "drop")
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


def _fight_cards_accounted(catalog: Catalog, state: State) -> str | None:
    for player in range(state.players):
        deck = catalog.deck(state.decks[player])
        held = state.side(player).fight_cards()
        if held != deck.fight:
            gained = sorted((Counter(held) - Counter(deck.fight)).elements())
            lost = sorted((Counter(deck.fight) - Counter(held)).elements())
            return (f"player {player}'s fight cards in play are not the 12 of {deck.name}: "
                    f"more {cards_text(gained)}, fewer {cards_text(lost)}")
    return None


def _game_ends_on_damage(catalog: Catalog, state: State) -> str | None:
    live = in_game(catalog, state)
    out = [seat for seat in range(state.players) if seat not in live]
    if len(out) > state.players - 1:
        return "every character's damage reached its life"
    if state.players == PLAYERS and out and state.step != "over":
        taken = damage_taken(catalog, state, out[0])
        return (f"player {out[0]}'s character has taken {taken} damage, "
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


def _turn_structure(catalog: Catalog, state: State) -> str | None:
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
            wanted = "power" if state.step == "skirmish" else "clash choice"
            # an unopposed card's result tabs picked one at a time (FK-T7)
            tabs_picked = state.step == "skirmish" and mode(catalog, state) == "unopposed"
            if not tabs_picked and (min(lengths) <= fight.place
                                    or mode(catalog, state) != wanted):
                return f"step {state.step} in a fight that is not {wanted}"
    return None


def _grants(catalog: Catalog, before: State, action: Move, after: State, rules: Rules,
            player: int) -> Pool:
    """The tokens the rules give ``player`` in this transition: the starting energy, the
    first setup action, and what the card played or line used adds (FK 4.5, FK 4.7,
    FK 4.13)."""
    deck = catalog.deck(before.decks[player])
    total = EMPTY
    if before.step == "deal" and after.step != "deal":
        total = total.plus(deck.first_setup_energy)
    if ((rules.first_setup_energy_twice or after.round > 1) and setup_started(catalog, after,
                                                                              player)
            and (not setup_started(catalog, before, player) or after.round > before.round)
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


def tokens_conserved(catalog: Catalog, before: State, action: Any, after: State,
                     rules: Rules) -> str | None:
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
            return (f"{action}: player {player} burned {now.burned}, expected "
                    f"{was.burned.plus(burned)}")
    return None


def latent_never_burned(catalog: Catalog, before: State, action: Any, after: State,
                        rules: Rules) -> str | None:
    for player in range(before.players):
        was, now = before.side(player), after.side(player)
        if was.burned is now.burned:
            continue
        if not now.burned.contains(was.burned) or not was.pool.contains(
                now.burned.minus(was.burned)):
            return (f"{action}: player {player} burned tokens that were not in the pool "
                    f"({was.pool}): latent energy is never burned")
    return None


def played_from_hand(catalog: Catalog, before: State, action: Any, after: State,
                     rules: Rules) -> str | None:
    if action.kind != "play":
        return None
    was, now = before.side(before.turn), after.side(before.turn)
    gone = Counter(was.hand) - Counter(now.hand)
    if gone != Counter([action.card]):
        return f"{action}: the hand lost {cards_text(sorted(gone.elements()))}"
    return None


def damage_from_scored_cards(catalog: Catalog, before: State, action: Any, after: State,
                             rules: Rules) -> str | None:
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


def evenup_hand_and_hold(catalog: Catalog, before: State, action: Any, after: State,
                         rules: Rules) -> str | None:
    """After a player's even-up the hand is within the hold value once discarded, and at
    the hand value once drawn, unless their draw stack ran out (FK 6.14, FK 4.14)."""
    if before.step != "evenup":
        return None
    if isinstance(action, Move) and action.kind == "keep" and not before.queue:
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


TRANSITION_INVARIANTS = (
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
