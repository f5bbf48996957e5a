"""The duel's invariants: what holds in every reachable state, and of every step.

Each is tied to the rules it protects; the explorer and the conformance tests
check them at every state (``INVARIANTS``) and every transition
(``TRANSITION_INVARIANTS``).
"""

from __future__ import annotations

from model.core.game import Invariant, TransitionInvariant
from model.duel.resolution import ADRENALINE_MAX
from model.duel.state import HAND_SIZE, KEEP_SIZE, WINDOW_STEPS, State, cards_text


def hp_in_range(state: State) -> str | None:
    for seat in (0, 1):
        if not 0 <= state.hp[seat] <= state.chars[seat].hp:
            return (f"player {seat} has {state.hp[seat]} HP; the range is 0 to "
                    f"{state.chars[seat].hp}")
    return None


def adrenaline_in_range(state: State) -> str | None:
    for seat in (0, 1):
        if not 0 <= state.adrenaline[seat] <= ADRENALINE_MAX:
            return f"player {seat} holds {state.adrenaline[seat]} Adrenaline"
    return None


def hand_sizes(state: State) -> str | None:
    for seat in (0, 1):
        size = len(state.hands[seat])
        if size > HAND_SIZE:
            return f"player {seat} holds {size} cards at {state.step}"
    return None


def known_cards(state: State) -> str | None:
    for seat in (0, 1):
        deck = state.chars[seat].deck()
        zones = (state.hands[seat] + state.decks[seat] + state.discards[seat]
                 + state.played[seat])
        if sorted(zones) != list(deck):
            return (f"player {seat}'s cards ({cards_text(zones)}) are not their Action Deck "
                    f"({cards_text(deck)})")
    return None


def shield_not_negative(state: State) -> str | None:
    if min(state.shield) < 0:
        return f"a Shield count is negative: {state.shield}"
    return None


def over_means_defeat_or_limit(state: State) -> str | None:
    if state.step == "over" and min(state.hp) > 0 and state.round < state.rounds:
        return "the duel is over with both characters standing before the last round"
    if state.step != "over" and min(state.hp) == 0:
        return "a character is at 0 HP but the duel goes on"
    return None


def regens_name_dice(state: State) -> str | None:
    for seat in (0, 1):
        shown = state.base[seat] or ()
        for who, value in state.regens:
            if who == seat and value not in shown:
                return f"a REGEN names a {value} that player {seat}'s Base does not show"
    return None


INVARIANTS = (
    Invariant("hp-in-range", ("DU 5.7", "DU 5.6", "DU 1.1"),
              "HP stays between 0 and the character's maximum.", hp_in_range),
    Invariant("adrenaline-in-range", ("DU 7.1",),
              "Adrenaline stays between 0 and 5.", adrenaline_in_range),
    Invariant("hand-sizes", ("DU 2.1", "DU 7.5"),
              "No hand holds more than 5 cards.", hand_sizes),
    Invariant("cards-of-the-deck", ("DU 1.2",),
              "Each player's hand, deck, discards and played cards are exactly their "
              "Action Deck.", known_cards),
    Invariant("shield-not-negative", ("DU 5.4",), "Shield counts are never negative.",
              shield_not_negative),
    Invariant("regens-name-dice", ("DU 4.10",),
              "Every REGEN waiting to be rolled names a die its Base shows.",
              regens_name_dice),
    Invariant("over-means-defeat", ("DU 1.3", "DU 1.4", "DU 6.7"),
              "The duel ends exactly when a character is at 0 HP or the last round is "
              "over.", over_means_defeat_or_limit),
)


def _trimmed_at_draw(before, action, after, rules) -> str | None:
    if after.step in ("draw",) and before.step in ("after", "regen", "trim", "late") + WINDOW_STEPS and \
            any(len(h) > KEEP_SIZE for h in after.hands):
        return f"a new round began with {tuple(map(len, after.hands))} cards in hand"
    return None


def _heal_capped(before, action, after, rules) -> str | None:
    for seat in (0, 1):
        if after.hp[seat] > before.hp[seat] and after.hp[seat] > after.chars[seat].hp:
            return f"player {seat} healed to {after.hp[seat]}, above the maximum"
    return None


TRANSITION_INVARIANTS = (
    TransitionInvariant("four-between-rounds", ("DU 7.5",),
                        "Every round after the first begins with at most 4 cards in each "
                        "hand.", _trimmed_at_draw),
    TransitionInvariant("heal-capped", ("DU 5.7",),
                        "No step heals above the maximum HP.", _heal_capped),
)
