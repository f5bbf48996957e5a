"""Late-game Club Fight positions for the solver and z3 tests (and
``bench/bench_bmc.py``): real deals played along the solver's winning line,
then off it, so both won and lost positions come up."""

from __future__ import annotations

import random

from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.rules import Rules
from analysis.clubfight.solver import solve
from model.clubfight.state import State


def late_state(jokers: int, number: int, clubs_left: int, rules: Rules, rng: random.Random,
               *, leave_early: bool = False, timeout: float = 5) -> State | None:
    """Deal CFj-n followed along the solver's winning line, then one of the 3
    biggest clears at random until ``clubs_left`` clubs remain (None if the game
    ends first).  ``leave_early`` leaves the line 0-3 turns sooner, at random;
    ``timeout`` caps the solve of the deal (no line: random clears from the start)."""
    state = State.from_deal(Deal.from_number(jokers, number))
    line = solve(state, rules, timeout=timeout).moves
    stay = 12 - clubs_left if not leave_early else 13 - clubs_left - rng.randint(0, 3)
    for move in line[:stay]:
        state = GAME.resolve(state, move, rules).state
    while len(state.hand) + len(state.clubs) > clubs_left and not (state.won or state.lost):
        moves = sorted(GAME.legal_actions(state, rules), key=lambda m: -len(m.cleared))
        state = GAME.resolve(state, rng.choice(moves[:3]), rules).state
    if state.won or state.lost or len(state.hand) + len(state.clubs) != clubs_left:
        return None
    return state
