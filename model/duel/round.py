"""The duel round's transitions: who acts, and what each action does (DU 2 to DU 7).

:func:`advance` takes a state and a legal action through the round: Draw
(one card at a time), the optional discard, Before Rolls (revealed together),
Generate Base (a tie handled by DU-A1), After Rolls with the Adrenaline
window's offers (DU 4.11) and REGEN re-rolls, Resolution steps A to E
(:mod:`model.duel.resolution`), Cleanup and Adrenaline, logging each step
with its phase and rules.  The engine (:mod:`model.duel.engine`) checks
legality first; the state queries both need (who acts, who draws, roles) are
here too.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Sequence

from model.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Joint, Step
from model.duel.characters import Card, Character, Effect
from model.duel.resolution import ADRENALINE_MAX, adrenaline_after, resolve_round
from model.duel.rules import Rules
from model.duel.state import (
    HAND_SIZE, KEEP_SIZE, LATE_STEP, WINDOW_STEPS, Pending, Play, Roll, State, cards_text,
)

IMMEDIATE = ("aggressor", "defender", "crit")
"""Conditions checked as their card resolves (DU 5.2)."""


def set_seat(pair: tuple, seat: int, value: Any) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def remove_card(cards: Sequence[str], card: str) -> tuple[str, ...]:
    left = list(cards)
    left.remove(card)
    return tuple(left)


def add_cards(cards: Sequence[str], *added: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, *added)))


def role(state: State, seat: int, rules: Rules) -> str | None:
    """``aggressor``, ``defender`` or ``None`` (no roles) for ``seat`` now (DU 4.7, DU-A2)."""
    if state.roles == "-":
        return None
    if rules.roles_follow_score:
        mine, theirs = state.strike(seat), state.strike(1 - seat)
        if mine == theirs:
            return None
        return "aggressor" if mine > theirs else "defender"
    if state.roles == "none":
        return None
    return "aggressor" if int(state.roles) == seat else "defender"


def can_take_action(state: State, seat: int) -> bool:
    """Whether ``seat`` may still take this round's Adrenaline Action: none used yet, and
    one of their sheet's is affordable (DU 4.8, DU 7.1)."""
    return not state.used[seat] and any(action.cost <= state.adrenaline[seat]
                                        for action in state.chars[seat].adrenaline)


def can_take_late_action(state: State, seat: int) -> bool:
    """Whether ``seat`` may take an Adrenaline Action in the window after Cleanup
    (DU-A8): none used this round, and one affordable that needs no Base (a REGEN
    has no die to re-roll once the round's Bases are gone)."""
    return not state.used[seat] and any(
        action.cost <= state.adrenaline[seat] and not any(e.kind == "regen"
                                                          for e in action.effects)
        for action in state.chars[seat].adrenaline)


def min_base(char: Character) -> int:
    return char.power.minimum


# -- who acts, draws and plays -------------------------------------------------------------
def acting_player(state: State) -> int:
    """Who acts at ``state``: a seat, or CHANCE, SIMULTANEOUS, TERMINAL."""
    if state.step in ("draw", "roll", "reroll", "regen"):
        return CHANCE
    if state.step == "over":
        return TERMINAL
    if state.step == "after" and state.roles in ("0", "1"):
        aggressor = int(state.roles)
        return aggressor if not state.acted[aggressor] else 1 - aggressor
    if state.step in ("open", "answer") and state.roles in ("0", "1"):
        return 1 - int(state.roles)
    if state.step == "close" and state.roles in ("0", "1"):
        return int(state.roles)
    return SIMULTANEOUS


def can_draw(state: State, seat: int, rules: Rules) -> bool:
    return len(state.hands[seat]) < HAND_SIZE and bool(
        state.decks[seat] or (rules.reshuffle_discards and state.discards[seat]))


def drawer(state: State, rules: Rules) -> int | None:
    for seat in (0, 1):
        if can_draw(state, seat, rules):
            return seat
    return None


def rebase_outcomes(state: State):
    first, second = (c.power.outcomes() for c in state.chars)
    found = [((a, b), pa * pb) for (a, pa), (b, pb) in itertools.product(first, second)
             if sum(a) + state.bonus[0] != sum(b) + state.bonus[1]]
    total = sum(p for _, p in found)
    return tuple((Roll("rebase", values=v), p / total) for v, p in found)


def card_effects(card: Card, option: int, rush: bool) -> tuple[Effect, ...]:
    effects = card.effects
    if option:
        effects += card.options[option - 1]
    if rush:
        effects += card.rush.effects
    return effects


# -- the transitions -----------------------------------------------------------------------
def advance(state: State, action: Any, rules: Rules, steps: list[Step]) -> State:
    """What the legal ``action`` does at ``state``: the state it leads to, with the steps
    taken on the way appended to ``steps``."""
    if state.step == "draw":
        state = _draw(state, action, rules, steps)
    elif state.step == "discard":
        state = _discard(state, action, rules, steps)
    elif state.step == "before":
        state = _before(state, action, rules, steps)
    elif state.step == "roll":
        state = _roll(state, action, rules, steps)
    elif state.step == "reroll":
        state = dataclasses.replace(state, base=action.values)
        steps.append(Step("reroll", ("DU 4.4",), "the scores tied: both Bases generated "
                                                 "again: " + _bases_text(state)))
        state = _decide_roles(state, rules, steps)
    elif state.step == "after":
        state = _after(state, action, rules, steps)
    elif state.step in WINDOW_STEPS:
        state = _window(state, action, rules, steps)
    elif state.step == "regen":
        state = _regen(state, action, rules, steps)
    elif state.step == LATE_STEP:
        state = _late(state, action, rules, steps)
    elif state.step == "trim":
        hands = state.hands
        discards = state.discards
        for seat, play in action.choices:
            hands = set_seat(hands, seat, remove_card(hands[seat], play.card))
            discards = set_seat(discards, seat, add_cards(discards[seat], play.card))
            steps.append(Step("trim", ("DU 7.5",), f"player {seat} discards {play.card} "
                                                  "down to 4"))
        state = _adrenaline(dataclasses.replace(state, hands=hands, discards=discards),
                            rules, steps)
    return state


# -- Draw ----------------------------------------------------------------------------------
def _draw(state, roll: Roll, rules, steps) -> State:
    seat = drawer(state, rules)
    deck, discards = state.decks[seat], state.discards[seat]
    text = ""
    if not deck:
        deck, discards = discards, ()
        text = f"player {seat}'s deck is empty: the discard pile is shuffled into it; "
    state = dataclasses.replace(
        state, decks=set_seat(state.decks, seat, remove_card(deck, roll.card)),
        discards=set_seat(state.discards, seat, discards),
        hands=set_seat(state.hands, seat, add_cards(state.hands[seat], roll.card)))
    rules_ = ("DU 2.1", "DU 2.3") if text else ("DU 2.1",)
    steps.append(Step("draw", rules_, f"{text}player {seat} draws {roll.card} "
                                      f"({len(state.hands[seat])} in hand)"))
    return _after_draws(state, rules, steps)


def _after_draws(state, rules, steps) -> State:
    if drawer(state, rules) is not None:
        return state
    short = [s for s in (0, 1) if len(state.hands[s]) < HAND_SIZE]
    if short:
        steps.append(Step("draw", ("DU 2.3",), " and ".join(
            f"player {s} cannot draw (no card left)" for s in short)))
    if not any(state.hands):
        steps.append(Step("discard", ("DU 2.2",), "no card in hand to discard"))
        return dataclasses.replace(state, step="before")
    return dataclasses.replace(state, step="discard")


def _discard(state, joint: Joint, rules, steps) -> State:
    words = []
    for seat, play in joint.choices:
        if play.kind == "discard":
            hand = remove_card(state.hands[seat], play.card)
            pile = add_cards(state.discards[seat], play.card)
            state = dataclasses.replace(state, hands=set_seat(state.hands, seat, hand),
                                        discards=set_seat(state.discards, seat, pile))
            words.append(f"player {seat} discards {play.card}")
        else:
            words.append(f"player {seat} keeps their hand")
    steps.append(Step("discard", ("DU 2.2",), "; ".join(words) + " (no redraw)"))
    return dataclasses.replace(state, step="before")


# -- Before Rolls --------------------------------------------------------------------------
def _before(state, joint: Joint, rules, steps) -> State:
    shown = ", ".join(f"player {seat} {'passes' if p.kind == 'pass' else 'plays ' + str(p)[5:]}"
                      for seat, p in joint.choices)
    steps.append(Step("before", ("DU 3.1",), f"revealed together: {shown}"))
    for seat, play in joint.choices:
        if play.kind != "play":
            continue
        card = state.chars[seat].card(play.card)
        state = _spend_card(state, seat, play, card, rules)
        effects = card_effects(card, play.option, play.rush)
        why = ("DU 3.2",) + (("DU 4.9",) if play.rush else ()) + (
            ("DU 5.3",) if play.option else ())
        state = _apply(state, seat, card.id, effects, rules, steps, "reveal", why,
                       defer=True)
    for seat in (0, 1):
        for passive in state.chars[seat].passives:
            state = _apply(state, seat, "-".join(passive.name.split()),
                           passive.effects, rules, steps, "reveal", ("DU 5.8",),
                           defer=True, label=passive.name)
    return dataclasses.replace(state, step="roll")


def _spend_card(state, seat: int, play: Play, card: Card, rules) -> State:
    cost = card.rush.cost if play.rush else 0
    # DU-A9: read the other way, paying a Rush is the round's one Adrenaline Action
    used = set_seat(state.used, seat, True) if play.rush and rules.rush_is_the_action \
        else state.used
    return dataclasses.replace(
        state, hands=set_seat(state.hands, seat, remove_card(state.hands[seat], card.id)),
        played=set_seat(state.played, seat, add_cards(state.played[seat], card.id)),
        adrenaline=set_seat(state.adrenaline, seat, state.adrenaline[seat] - cost),
        used=used)


def _apply(state, seat: int, source: str, effects: Sequence[Effect], rules, steps,
           phase: str, why: tuple[str, ...], defer: bool = False, label: str = "",
           regens: Sequence[int | None] = ()) -> State:
    """Resolve ``effects`` of ``seat``'s ``source`` now (DU 3.2, DU 5.1, DU 5.2).

    Strike Score changes apply at once, conditions checked as they come;
    ``defer`` keeps the conditional ones (before the roles are known) for
    After Rolls to check.  Everything else waits in ``pending``.
    """
    name = label or source
    regen_values = list(regens)
    for effect in effects:
        shown = name
        if effect.when in IMMEDIATE and defer:
            state = dataclasses.replace(state, pending=state.pending + (
                Pending(seat, source, effect),))
            steps.append(Step(phase, why + ("DU 5.2",),
                              f"player {seat}'s {name}: {effect.words} waits until After "
                              "Rolls begins"))
            continue
        if effect.when in IMMEDIATE:
            holds = _condition(state, seat, effect, rules)
            if not holds:
                steps.append(Step(phase, why + ("DU 5.2",),
                                  f"player {seat}'s {name}: {effect.words} does not apply"))
                continue
            # The log names the condition that held (DU 5.2), then the effect.
            shown = f"{name} ({effect.words.split(':')[0]} holds)"
            effect = dataclasses.replace(effect, when="always")
        if effect.kind == "ss":
            target = seat if effect.to == "self" else 1 - seat
            state = dataclasses.replace(state, bonus=set_seat(
                state.bonus, target, state.bonus[target] + effect.amount))
            steps.append(Step(phase, why + ("DU 5.1", "DU 4.2"),
                              f"player {seat}'s {shown}: {effect.words}; Strike Scores "
                              f"{_scores(state)}"))
        elif effect.kind == "regen":
            target = seat if effect.to == "self" else 1 - seat
            value = regen_values.pop(0)
            state = dataclasses.replace(state, regens=state.regens + ((target, value),))
            steps.append(Step(phase, why + ("DU 4.10",),
                              f"player {seat}'s {shown}: REGEN player {target}'s {value}"))
        else:
            state = dataclasses.replace(state, pending=state.pending + (
                Pending(seat, source, effect),))
            steps.append(Step(phase, why, f"player {seat}'s {shown}: {effect.words} "
                                          "waits for Resolution"))
    return state


def _condition(state, seat: int, effect: Effect, rules) -> bool:
    if effect.when == "crit":
        return state.crit[seat]
    return role(state, seat, rules) == effect.when


# -- Generate Base -------------------------------------------------------------------------
def _scores(state) -> str:
    return f"{state.strike(0)} to {state.strike(1)}"


def _bases_text(state) -> str:
    return "; ".join(f"player {s} {'+'.join(map(str, state.base[s]))} = "
                     f"{sum(state.base[s])}" for s in (0, 1))


def _roll(state, roll: Roll, rules, steps) -> State:
    seat = 0 if state.base[0] is None else 1
    state = dataclasses.replace(state, base=set_seat(state.base, seat, roll.values))
    steps.append(Step("roll", ("DU 4.1",), f"player {seat}'s Base "
                                           f"({state.chars[seat].power.words}): "
                                           f"{'+'.join(map(str, roll.values))} = "
                                           f"{sum(roll.values)}"))
    if seat == 0:
        return state
    return _decide_roles(state, rules, steps)


def _decide_roles(state, rules, steps) -> State:
    a, b = state.strike(0), state.strike(1)
    if a == b and rules.tie_rerolls_base and rebase_outcomes(state):
        steps.append(Step("roles", ("DU 4.3", "DU 4.4"), f"Strike Scores tie at {a}: "
                                                         "both Bases are generated again"))
        return dataclasses.replace(state, step="reroll")
    if a == b:
        state = dataclasses.replace(state, roles="none")
        steps.append(Step("roles", ("DU 4.2", "DU 4.4"),
                          f"Strike Scores tie at {a}: nobody is Aggressor or Defender"))
    else:
        aggressor = 0 if a > b else 1
        state = dataclasses.replace(state, roles=str(aggressor))
        steps.append(Step("roles", ("DU 4.2", "DU 4.3"),
                          f"Strike Scores {a} to {b}: player {aggressor} is the "
                          f"Aggressor, player {1 - aggressor} the Defender"))
    return _enter_after(state, rules, steps)


def _enter_after(state, rules, steps) -> State:
    crit = tuple(state.chars[s].is_crit(sum(state.base[s])) for s in (0, 1))
    state = dataclasses.replace(state, crit=crit)
    for seat in (0, 1):
        low, high = state.chars[seat].critical
        steps.append(Step("enter_after", ("DU 4.5",),
                          f"player {seat}'s raw Base {sum(state.base[seat])} is "
                          f"{'in' if crit[seat] else 'outside'} the Critical Range "
                          f"{low}-{high}"))
    waiting = [p for p in state.pending if p.effect.when in IMMEDIATE]
    state = dataclasses.replace(state, pending=tuple(
        p for p in state.pending if p.effect.when not in IMMEDIATE))
    for item in waiting:
        passives = {"-".join(p.name.split()) for p in state.chars[item.owner].passives}
        why = ("DU 5.8",) if item.source in passives else ("DU 3.2",)
        state = _apply(state, item.owner, item.source, (item.effect,), rules, steps,
                       "enter_after", why)
    for seat in (0, 1):
        if crit[seat] and state.chars[seat].crit_effects:
            state = _apply(state, seat, "crit", state.chars[seat].crit_effects, rules,
                           steps, "enter_after", ("DU 4.5",), label="critical")
    if state.roles in ("0", "1") and can_take_action(state, 1 - int(state.roles)):
        # The window opens with After Rolls: the Defender may act before the
        # Aggressor's card (the Aggressor's own chance comes with that card).
        return dataclasses.replace(state, step="open")
    return dataclasses.replace(state, step="after")


# -- After Rolls ---------------------------------------------------------------------------
def _after(state, action, rules, steps) -> State:
    choices = action.choices if isinstance(action, Joint) else (
        (acting_player(state), action),)
    for seat, play in choices:
        state = _after_play(state, seat, play, rules, steps)
    return _after_next(state, rules, steps)


def _after_play(state, seat: int, play: Play, rules, steps) -> State:
    who = role(state, seat, rules) or "no role"
    text = "passes" if play.kind == "pass" else f"plays {str(play)[5:]}"
    if play.kind == "pass" and play.adrenaline:
        text = f"passes + adrenaline {str(play).split('+ adrenaline ')[1]}"
    steps.append(Step("after", ("DU 4.6",), f"player {seat} ({who}) {text}"))
    if play.kind == "play":
        card = state.chars[seat].card(play.card)
        state = _spend_card(state, seat, play, card, rules)
        effects = card_effects(card, play.option, play.rush)
        why = ("DU 4.6", "DU 4.9") if play.rush else ("DU 4.6",)
        if play.option:
            why += ("DU 5.3",)
        state = _apply(state, seat, card.id, effects, rules, steps, "after", why,
                       regens=[play.card_regen])
    if play.adrenaline:
        state = _take_action(state, seat, play, rules, steps, "after")
    return dataclasses.replace(state, acted=set_seat(state.acted, seat, True))


def _take_action(state, seat: int, play: Play, rules, steps, phase: str,
                 why: tuple[str, ...] = ("DU 4.8",), defer: bool = False) -> State:
    """``seat`` pays for and takes the Adrenaline Action ``play`` names (DU 4.8)."""
    action = state.chars[seat].action(play.adrenaline)
    state = dataclasses.replace(
        state, adrenaline=set_seat(state.adrenaline, seat, state.adrenaline[seat] - action.cost),
        used=set_seat(state.used, seat, True))
    steps.append(Step(phase, why, f"player {seat} spends {action.cost} Adrenaline on "
                                  f"{action.name}"))
    return _apply(state, seat, play.adrenaline, action.effects, rules, steps, phase,
                  why, defer=defer, label=action.name, regens=[play.action_regen])


def _window(state, action, rules, steps) -> State:
    """An offer of the Adrenaline window outside the plays (DU 4.11): a pass, or an
    action whose effects resolve at once like a card's."""
    choices = action.choices if isinstance(action, Joint) else (
        (acting_player(state), action),)
    name = {"open": "before the Aggressor's card", "close": "after both cards",
            "answer": "in answer"}[state.step]
    acted = False
    for seat, play in choices:
        who = role(state, seat, rules) or "no role"
        if not play.adrenaline:
            steps.append(Step(state.step, ("DU 4.11",), f"player {seat} ({who}) takes no "
                                                        f"Adrenaline Action {name}"))
            continue
        acted = True
        steps.append(Step(state.step, ("DU 4.11",), f"player {seat} ({who}) takes an "
                                                    f"Adrenaline Action {name}"))
        state = _take_action(state, seat, play, rules, steps, state.step,
                             ("DU 4.8", "DU 4.11"))
    if state.regens:
        return dataclasses.replace(state, step="regen")
    if state.step == "open":
        return dataclasses.replace(state, step="after")
    if acted:
        return _close_window(state, rules, steps)
    if state.step == "close" and state.roles in ("0", "1") and \
            can_take_action(state, 1 - int(state.roles)):
        return dataclasses.replace(state, step="answer")
    # Everyone still able passed in a row: the window closes for this round.
    return _resolution(state, rules, steps)


def _close_window(state, rules, steps) -> State:
    """After both cards (and after each action taken since): the Aggressor is offered
    the window, then the Defender; with no roles, everyone who can, together
    (DU 4.11).  Nobody able: Resolution."""
    if state.roles in ("0", "1"):
        aggressor = int(state.roles)
        if can_take_action(state, aggressor):
            return dataclasses.replace(state, step="close")
        if can_take_action(state, 1 - aggressor):
            return dataclasses.replace(state, step="answer")
    elif any(can_take_action(state, s) for s in (0, 1)):
        return dataclasses.replace(state, step="close")
    return _resolution(state, rules, steps)


def _after_next(state, rules, steps) -> State:
    if state.regens:
        return dataclasses.replace(state, step="regen")
    if not all(state.acted):
        return dataclasses.replace(state, step="after")
    return _close_window(state, rules, steps)


def _regen(state, roll: Roll, rules, steps) -> State:
    (seat, old), rest = state.regens[0], state.regens[1:]
    values = list(state.base[seat])
    values.remove(old)
    new = roll.values[0]
    base = tuple(sorted(values + [new]))
    # A later REGEN that named the same die, when the Base showed that value fewer
    # times than REGENs named it, re-rolls the die just re-rolled (DU 4.10).
    naming = [i for i, (who, value) in enumerate(rest) if who == seat and value == old]
    surplus = len(naming) - base.count(old)
    if surplus > 0:
        rest = tuple((who, new) if i in naming[:surplus] else (who, value)
                     for i, (who, value) in enumerate(rest))
    state = dataclasses.replace(state, base=set_seat(state.base, seat, base), regens=rest,
                                regens_done=state.regens_done + 1)
    steps.append(Step("regen", ("DU 4.10",), f"player {seat}'s {old} is re-rolled: {new}; "
                                             f"Base {sum(base)}, Strike Scores "
                                             f"{_scores(state)}"))
    return _after_next(state, rules, steps)


# -- Resolution ----------------------------------------------------------------------------
def _resolution(state, rules, steps) -> State:
    state, taken = resolve_damage(state, rules, steps)
    if min(state.hp) == 0:
        down = " and ".join(f"player {s}" for s in (0, 1) if state.hp[s] == 0)
        steps.append(Step("over", ("DU 6.7", "DU 1.3"), f"{down} at 0 HP: the duel is over"))
        return dataclasses.replace(state, step="over")
    return _cleanup(state, taken, rules, steps)


def resolve_damage(state: State, rules: Rules,
                   steps: list[Step] | None) -> tuple[State, tuple[int, int]]:
    """Resolution steps A to E (DU 6.1 to DU 6.6) on a state whose After Rolls are
    done: the state with HP and Shields changed and the pending effects spent, and
    the damage each player took from the opponent (for Adrenaline, DU 7.2).
    ``steps`` collects the log (``None``: no log)."""
    roles = [role(state, s, rules) for s in (0, 1)]
    aggressors = tuple(s for s in (0, 1) if roles[s] == "aggressor") or (0, 1)
    defender = next((s for s in (0, 1) if roles[s] == "defender"), None)
    if len(aggressors) == 2:
        defender = None
    log = None if steps is None else (
        lambda phase, why, text: steps.append(Step(phase, why, text)))
    hp, shield, taken = resolve_round(
        (state.strike(0), state.strike(1)), aggressors, defender,
        tuple((p.owner, p.effect) for p in state.pending), state.hp, state.shield,
        (state.chars[0].hp, state.chars[1].hp), rules, log)
    return dataclasses.replace(state, hp=hp, shield=shield, pending=()), taken


# -- Cleanup -------------------------------------------------------------------------------
def _cleanup(state, taken, rules, steps) -> State:
    discards = tuple(add_cards(state.discards[s], *state.played[s]) for s in (0, 1))
    steps.append(Step("cleanup", ("DU 7.5",), "played cards to the discard piles: "
                                              f"{cards_text(state.played[0])} / "
                                              f"{cards_text(state.played[1])}"))
    stalemate = is_stalemate(state, rules)
    gains = []
    for seat in (0, 1):
        new = adrenaline_after(state.adrenaline[seat], taken[seat],
                               sum(state.base[seat]) == min_base(state.chars[seat]),
                               stalemate, rules.bonuses_stack)
        gains.append(new - state.adrenaline[seat])
    state = dataclasses.replace(state, discards=discards, played=((), ()),
                                gains=tuple(gains))
    if any(len(h) > KEEP_SIZE for h in state.hands):
        return dataclasses.replace(state, step="trim")
    return _adrenaline(state, rules, steps)


def is_stalemate(state, rules) -> bool:
    """Whether this round is a stalemate (DU 7.4): the Strike Scores tie at the clash,
    or, when ``rules.stalemate_at_generate`` (DU-A7), they tied as the Bases were
    generated, so that nobody took a role."""
    if rules.stalemate_at_generate:
        return state.roles == "none"
    return state.strike(0) == state.strike(1)


def _adrenaline(state, rules, steps) -> State:
    adrenaline = tuple(min(ADRENALINE_MAX, state.adrenaline[s] + state.gains[s])
                       for s in (0, 1))
    stalemate = is_stalemate(state, rules)
    minimum = [sum(state.base[s]) == min_base(state.chars[s]) for s in (0, 1)]
    why = ("DU 7.2", "DU 7.1") + (("DU 7.3",) if any(minimum) else ()) + (
        ("DU 7.4",) if stalemate else ())
    steps.append(Step("adrenaline", why,
                      f"Adrenaline {state.adrenaline[0]} -> {adrenaline[0]} and "
                      f"{state.adrenaline[1]} -> {adrenaline[1]}"
                      + (" (stalemate)" if stalemate else "")
                      + "".join(f" (player {s} rolled the minimum Base)"
                                for s in (0, 1) if minimum[s])))
    fresh = dataclasses.replace(state, adrenaline=adrenaline, gains=(0, 0), base=(None, None),
                                bonus=(0, 0), roles="-", crit=(False, False),
                                acted=(False, False), used=(False, False), pending=(),
                                regens=(), regens_done=0)
    if state.round >= state.rounds:
        return dataclasses.replace(fresh, step="over")
    late = dataclasses.replace(fresh, used=state.used, step=LATE_STEP)
    if rules.adrenaline_after_resolution and any(can_take_late_action(late, s)
                                                 for s in (0, 1)):
        return late
    return _next_round(fresh, rules, steps)


def _late(state, action, rules, steps) -> State:
    """The window after Cleanup (DU-A8): each player still able takes an Adrenaline
    Action or passes, together; whoever passed may answer an action taken, and then the
    next round begins.  Strike Score changes go into the next round's bonus, the other
    effects wait for its Resolution, conditional ones for its After Rolls."""
    acted = False
    for seat, play in action.choices:
        if not play.adrenaline:
            steps.append(Step(LATE_STEP, ("DU 4.8", "DU 4.11"),
                              f"player {seat} takes no Adrenaline Action after Resolution"))
            continue
        acted = True
        steps.append(Step(LATE_STEP, ("DU 4.8", "DU 4.11"),
                          f"player {seat} takes an Adrenaline Action after Resolution; "
                          "its effects count in the next round"))
        state = _take_action(state, seat, play, rules, steps, LATE_STEP,
                             ("DU 4.8", "DU 4.11"), defer=True)
    if acted and any(can_take_late_action(state, s) for s in (0, 1)):
        return state
    return _next_round(dataclasses.replace(state, used=(False, False)), rules, steps)


def _next_round(fresh, rules, steps) -> State:
    fresh = dataclasses.replace(fresh, round=fresh.round + 1, step="draw")
    if drawer(fresh, rules) is None:
        steps.append(Step("draw", ("DU 2.1", "DU 2.3"), "nobody can draw"))
        return _after_draws(fresh, rules, steps)
    return fresh
