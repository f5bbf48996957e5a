"""What a player may do in the turn after the reveal, and why anything else is illegal (FK 6, FK 7).

The choices of the fight phase (the current fight, the skirmishes, whose clash
text decides, who acts first), the enhance, score and cooldown actions paid by
the energy rules, the hands a player may keep at the even-up; and, for an action
that is none of them, the rule that refuses it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from typing import Any

from model.core.game import Illegal
from model.fightklub import fights
from model.fightklub.carried import phase_lines
from model.fightklub.catalog import Catalog
from model.fightklub.current_fight import (
    fight_place, fight_seats, fighter, first_candidates, holding_fight_cards, mode, open_places,
    picker_words, power_fight, title,
)
from model.fightklub.energy import Cost
from model.fightklub.payment import payments, situation
from model.fightklub.setup_phase import ability_cost
from model.fightklub.rules import Rules
from model.fightklub.seats import in_game, is_multiplayer
from model.fightklub.state import (
    SKIRMISH_WORDS, Move, State, cards_text,
)


PHASE_OF_STEP = {"enhance": "enhance", "score": "score", "cooldown": "cooldown"}
"""The steps whose actions are played from hand or from a card's line of that phase."""



STEP_RULE = {"enhance": "FK 6.4", "score": "FK 6.9", "cooldown": "FK 6.13"}



def multiplayer_choices(catalog: Catalog, state: State, rules: Rules) -> tuple[Move, ...]:
    """The choices of the fight phase with more than 2 players: the challenger's
    pairings while two players hold fight cards (FK 7.4), then each card left over,
    unopposed, with the opponent it scores against (FK 7.7, FK-M1)."""
    seat = state.turn
    holders = holding_fight_cards(catalog, state)
    mine = range(len(state.side(seat).laid))
    if len(holders) >= 2:
        return tuple(Move("challenge", player=other, place=place, their=theirs)
                     for place in mine for other in holders if other != seat
                     for theirs in range(len(state.side(other).laid)))
    if not rules.unopposed_damages_a_target:
        return tuple(Move("pick", place=place, player=-1, their=0) for place in mine)
    targets = [other for other in in_game(catalog, state) if other != seat]
    return tuple(Move("pick", place=place, player=target, their=0)
                 for place in mine for target in targets)




# -- what a player may do in the enhance, score and cooldown steps -----------------------------
def _discard_choices(hand: tuple[str, ...], ability) -> tuple[tuple[str, ...], ...]:
    count = sum(step.param("count") for step in ability.extra_costs if step.do == "discard")
    if not count:
        return ((),)
    if count > len(hand):
        return ()
    return tuple(sorted(set(itertools.combinations(sorted(hand), count))))


def clash_fight(catalog: Catalog, state: State) -> bool:
    return mode(catalog, state) not in (fights.POWER, fights.UNOPPOSED)


def step_moves(catalog: Catalog, state: State, player: int, rules: Rules) -> list[Move]:
    """The enhance, score or cooldown actions ``player`` may take now, paid by the
    energy rules (FK 6.4, FK 6.9, FK 6.13); a pass is added by the caller."""
    phase = PHASE_OF_STEP[state.step]
    side = state.side(player)
    sight = situation(catalog, state, player, rules)
    # in an unopposed card's enhance step (FK-T5) the other player has no fight card to
    # lay an effect or a gear on, to change or to turn
    carded = phase != "enhance" or player in fight_seats(state)
    moves: list[Move] = []
    for code in sorted(set(side.hand)):
        card = catalog.card(code)
        if card.type == "effect":
            if phase != "enhance" or clash_fight(catalog, state) or not carded:
                continue
        elif not (card.type == "instant" and card.parts.phase == phase):
            continue
        elif not carded and _needs_a_fight_card(card.abilities):
            continue
        cost = card.cost if card.cost is not None else Cost()
        for burn in payments(cost, side.pool, sight):
            moves.append(Move("play", code, burn=burn))
    in_play = [catalog.deck(state.decks[player]).character.code] + sorted(set(side.support))
    if phase == "enhance" and carded:
        in_play.append(side.laid[fight_place(state, player)])
    for code in in_play:
        for index, ability in enumerate(phase_lines(catalog.card(code), phase), 1):
            if not carded and _needs_a_fight_card((ability,)):
                continue
            for discarded in _discard_choices(side.hand, ability):
                for burn in payments(ability_cost(ability), side.pool, sight):
                    moves.append(Move("use", code, burn=burn, ability=index,
                                        cards=discarded))
    if phase == "enhance" and carded and (rules.gear_in_clash_fights
                                          or not clash_fight(catalog, state)):
        for code in sorted(set(side.support)):
            if catalog.card(code).type == "gear":
                moves.append(Move("activate", code))
    if is_multiplayer(state) and phase == "cooldown":
        # a cooldown action naming an opponent may name any player still in the game
        # (FK 7.9): one move per opponent
        others = [seat for seat in in_game(catalog, state) if seat != player]
        named = []
        for move in moves:
            if _names_opponent(catalog, move, phase):
                named.extend(dataclasses.replace(move, player=other) for other in others)
            else:
                named.append(move)
        moves = named
    return moves


def _needs_a_fight_card(lines) -> bool:
    """Whether gametext changes or turns its player's own fight card."""
    return any(step.do in ("modify_tab", "rotate") for line in lines for step in line.steps)


def _move_lines(catalog: Catalog, move: Move, phase: str) -> tuple:
    """The gametext lines a play or use action carries out."""
    card = catalog.card(move.card)
    if move.kind == "play":
        return tuple(card.abilities) if card.type == "instant" else ()
    if move.kind == "use":
        return (phase_lines(card, phase)[move.ability - 1],)
    return ()


def _names_opponent(catalog: Catalog, move: Move, phase: str) -> bool:
    return any(dict(step.params).get("who") == "opponent"
               for line in _move_lines(catalog, move, phase) for step in line.steps)


def keep_choices(catalog: Catalog, state: State, player: int, rules: Rules) -> tuple[Move, ...]:
    """The hands a player may keep at the even-up: at most the hold value, and by
    FK-T3 any smaller hand too (or, read the other way, exactly down to the hold)."""
    hand = state.side(player).hand
    hold = catalog.deck(state.decks[player]).character.parts.hold
    most = min(hold, len(hand))
    sizes = range(most + 1) if rules.evenup_discard_freely else (most,)
    kept = {combo for size in sizes for combo in itertools.combinations(hand, size)}
    return tuple(Move("keep", cards=combo) for combo in sorted(kept))


def _open_positions(catalog: Catalog, state: State, rules: Rules) -> tuple[int, ...]:
    """The skirmishes the picker may resolve next; in an unopposed card's fight (the other
    reading of FK-T7) the result tabs that do something and have not acted yet."""
    if len(fight_seats(state)) == 1:
        (seat,) = fight_seats(state)
        acting = fights.acting_result_tabs(fighter(catalog, state, seat), cards=catalog.cards,
                                           nullified=frozenset(state.fight.nullified))
        return tuple(p for p in acting if p not in state.fight.skirmishes)
    return fights.open_skirmishes(power_fight(catalog, state, rules))


def legal(catalog: Catalog, state: State, rules: Rules) -> tuple[Move, ...]:
    """The legal actions at a decision of the turn after the reveal."""
    if state.queue:
        task = state.queue[0]
        return tuple(Move("discard", code) for code in sorted(set(
            state.side(task.player).hand)))
    if state.step == "fight":
        if is_multiplayer(state):
            return multiplayer_choices(catalog, state, rules)
        places, _ = open_places(state)
        return tuple(Move("pick", place=place) for place in places)
    if state.step == "skirmish":
        return tuple(Move("skirmish", place=p) for p in _open_positions(catalog, state, rules))
    if state.step == "clash":
        return tuple(Move("clash", player=seat) for seat in sorted(fight_seats(state)))
    if state.first is None:
        return tuple(Move("first", player=seat) for seat in sorted(first_candidates(state)))
    if state.step == "evenup":
        return keep_choices(catalog, state, state.turn, rules)
    return tuple(step_moves(catalog, state, state.turn, rules)) + (Move("pass"),)




# -- refusals ---------------------------------------------------------------------------------------
def why_illegal(catalog: Catalog, state: State, action: Any, rules: Rules):
    """Why ``action`` is not legal at a state of the turn after the reveal, with the
    deciding rules."""
    if state.step == "over":
        return Illegal(("FK 6.12",), "the game is over")
    if not isinstance(action, Move):
        return Illegal(("FK 6.1",), "not an action of this game")
    if state.queue:
        task = state.queue[0]
        if task.kind == "draw":
            return Illegal(("FK 6.8",), f"chance deals player {task.player}'s draw now: "
                                        f"their draw stack holds "
                                        f"{cards_text(state.side(task.player).draw)}")
        if task.blind:
            return Illegal(("FK 6.8",), f"chance picks player {task.player}'s discard from "
                                        "the hidden hand now, each card as likely (FK-T4)")
        return Illegal(("FK 6.8",), f"player {task.chooser} picks a card of player "
                                    f"{task.player}'s hand to discard: "
                                    f"{cards_text(state.side(task.player).hand)}")
    if state.step == "fight" and is_multiplayer(state):
        options = multiplayer_choices(catalog, state, rules)
        shown = ", ".join(str(m) for m in options[:6]) + (", ..." if len(options) > 6 else "")
        if options and options[0].kind == "challenge":
            return Illegal(("FK 7.4",), f"player {state.turn} makes the next pairing: "
                                        f"challenge YOUR-PLACE pSEAT THEIR-PLACE ({shown})")
        return Illegal(("FK 7.7",), f"player {state.turn}'s cards are left over, "
                                            f"unopposed: {shown}")
    if state.step == "fight":
        places, unopposed = open_places(state)
        words = " ".join(f"pick {p + 1}" for p in places)
        return Illegal(("FK 6.2",) if unopposed else ("FK 6.1",),
                       f"{picker_words(state, state.turn if unopposed else state.drop)} "
                       "picks the current fight"
                       + (" among the unopposed cards, which come first" if unopposed else "")
                       + f": {words}")
    if state.step == "skirmish":
        open_ = _open_positions(catalog, state, rules)
        if len(fight_seats(state)) == 1:
            return Illegal(("FK 6.2", "FK 5.6"), f"{picker_words(state, state.turn)} picks "
                           "which result tab of the unopposed card acts next (FK-T7): "
                           + ", ".join(f"skirmish {SKIRMISH_WORDS[p]}" for p in open_))
        return Illegal(("FK 6.7", "FK 5.5"), f"{title(state, state.turn)} picks "
                       "the next skirmish: " + ", ".join(SKIRMISH_WORDS[p] for p in open_))
    if state.step == "clash":
        a, b = sorted(fight_seats(state))
        return Illegal(("FK 6.7", "FK 5.1"), f"{title(state, state.turn)} "
                                             "chooses whose clash text decides: clash "
                                             f"{a} or clash {b}")
    if state.first is None:
        a, b = sorted(first_candidates(state))
        return Illegal(("FK 6.3",), f"{title(state, state.turn)} first decides "
                                    f"who acts first: first {a} or first {b}")
    player = state.turn
    side = state.side(player)
    if state.step == "evenup":
        hold = catalog.deck(state.decks[player]).character.parts.hold
        if action.kind != "keep":
            return Illegal(("FK 6.14",), f"player {player} evens up now: keep at most "
                                         f"{hold} cards of their hand")
        if Counter(action.cards) - Counter(side.hand):
            return Illegal(("FK 6.14",), f"player {player} holds {cards_text(side.hand)}")
        if len(action.cards) > hold:
            return Illegal(("FK 6.14",), f"the hold value is {hold}: keep at most {hold} "
                                         "cards")
        return Illegal(("FK 6.14",), f"under this ruleset the even-up discards exactly down "
                                     f"to the hold value {hold}, no further (FK-T3)")
    rule = STEP_RULE[state.step]
    phase = PHASE_OF_STEP[state.step]
    if action.kind not in ("play", "use", "activate", "pass"):
        article = "an" if phase[0] in "aeiou" else "a"
        return Illegal((rule,), f"player {player} takes {article} {phase} action now (or "
                                "passes)")
    if action.kind == "activate":
        if state.step != "enhance":
            return Illegal((rule,), f"gear is activated in the enhance step, not the {phase} "
                                    "step")
        if action.card not in side.support or catalog.card(action.card).type != "gear":
            return Illegal(("FK 6.4",), f"player {player} has no gear {action.card} in the "
                                        "support area")
        return Illegal(("FK 6.5",), "the fight is resolved by clash text, and under this "
                                    "ruleset gear is barred there like an effect (FK-T2)")
    card = catalog.cards.get(action.card)
    if card is None:
        return Illegal((rule,), f"{action.card} is not a card")
    if action.kind == "play":
        if action.card not in side.hand:
            return Illegal((rule,), f"player {player} holds {cards_text(side.hand)}")
        if card.type == "effect" and phase == "enhance" and clash_fight(catalog, state):
            return Illegal(("FK 6.5",), f"{card.name} is an effect, and no effect may be "
                                        "played in a fight resolved by clash text")
        if card.type == "effect" and phase != "enhance":
            return Illegal(("FK 6.4",), f"{card.name} is an effect, played in an enhance "
                                        "step")
        if card.type != "effect" and not (card.type == "instant"
                                          and card.parts.phase == phase):
            what = (f"an instant of the {card.parts.phase} phase" if card.type == "instant"
                    else f"a {card.type}, played as a setup action")
            return Illegal((rule,), f"{card.name} is {what}")
        return Illegal((rule, "FK 4.9"), f"{action} does not pay the cost of {card.name} "
                                         f"from pool {side.pool}")
    in_play = (catalog.deck(state.decks[player]).character.code,) + side.support
    if phase == "enhance":
        in_play += (side.laid[fight_place(state, player)],)
    if action.card not in in_play:
        return Illegal((rule,), f"{card.name} is not in play for player {player}")
    lines = phase_lines(card, phase)
    if not 1 <= action.ability <= len(lines):
        return Illegal((rule, "FK 6.6"), f"{card.name} has {len(lines) or 'no'} {phase} "
                                         f"line{'s' if len(lines) != 1 else ''}")
    return Illegal((rule, "FK 6.6"), f"{action} cannot be taken: its cost (energy "
                                     f"'{lines[action.ability - 1].cost_text}', cards to "
                                     "discard) is not met as written")
