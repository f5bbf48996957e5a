"""Properties every reachable Club Fight state (and step) has."""

from __future__ import annotations

from collections import Counter

from model.core.game import Invariant, TransitionInvariant
from model.clubfight.cards import full_grid_deck
from model.clubfight.moves import Move
from model.clubfight.rules import Rules
from model.clubfight.state import CLUB_VALUES, HAND_SIZE, MAX_TURNS, State


def card_conservation(state: State) -> str | None:
    """Grid + grid deck + cleared is the whole grid deck, each card once."""
    held = Counter(c for c in state.grid if c is not None)
    held.update(state.deck)
    held.update(state.cleared)
    expected = Counter(full_grid_deck(state.jokers))
    if held == expected:
        return None
    extra = held - expected
    missing = expected - held
    parts = []
    if missing:
        parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
    if extra:
        parts.append("extra " + " ".join(str(c) for c in sorted(extra.elements())))
    total = sum(held.values())
    return f"grid + deck + cleared hold {total} cards ({'; '.join(parts)})"


def club_conservation(state: State) -> str | None:
    """Hand + club deck + discard is the 13 clubs, each once."""
    clubs = list(state.hand) + list(state.clubs) + list(state.discard)
    if sorted(clubs) == list(CLUB_VALUES):
        return None
    return f"hand + club deck + discard hold {len(clubs)} clubs, not the 13 distinct ones"


def hand_size(state: State) -> str | None:
    if len(state.hand) > HAND_SIZE:
        return f"the hand holds {len(state.hand)} clubs"
    if state.clubs and len(state.hand) < HAND_SIZE:
        return f"the hand holds {len(state.hand)} clubs while {len(state.clubs)} remain to draw"
    return None


def turn_limit(state: State) -> str | None:
    if state.turn > MAX_TURNS:
        return f"{state.turn} turns taken"
    return None


def grid_refilled(state: State) -> str | None:
    if state.deck and None in state.grid:
        empty = [str(s) for s, c in enumerate(state.grid) if c is None]
        return f"slots {' '.join(empty)} are empty while the grid deck holds {len(state.deck)}"
    return None


def jokers_leave_by_any_or_line(before: State, move: Move, after: State,
                                rules: Rules) -> str | None:
    """Under readings where Jokers neither match nor sum, only Any and Line clear them."""
    if rules.jokers_match or rules.sum_jokers_zero:
        return None
    jokers = [s for s in move.cleared if before.grid[s] is not None and before.grid[s].is_joker]
    if jokers and move.action not in ("any", "line"):
        return f"{move.action} cleared the Joker in slot {jokers[0]}"
    return None


INVARIANTS = (
    Invariant("card-conservation", ("CF 1.1", "CF 2.3"),
              "Grid, grid deck and cleared pile together hold every grid card exactly once.",
              card_conservation),
    Invariant("club-conservation", ("CF 1.1", "CF 2.1"),
              "Hand, club deck and discard together hold the 13 clubs exactly once.",
              club_conservation),
    Invariant("hand-size", ("CF 2.4",),
              "The hand holds at most 4 clubs, and exactly 4 while clubs remain to draw.",
              hand_size),
    Invariant("turn-limit", ("CF 2.5",),
              "No more than 13 turns are taken.",
              turn_limit),
    Invariant("grid-refilled", ("CF 2.3",),
              "Between turns no slot is empty while the grid deck holds cards.",
              grid_refilled),
)

TRANSITION_INVARIANTS = (
    TransitionInvariant("jokers-by-any-or-line", ("CF 4.7",),
                        "Under the rulebook reading a Joker leaves only by Any or Line.",
                        jokers_leave_by_any_or_line),
)
