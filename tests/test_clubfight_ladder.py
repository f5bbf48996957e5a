"""The deck-order ladder, in the solver and in the loss checker, against play.

The ladder (:func:`model.clubfight._solver_core.ladder_needs`, the checker's
own :meth:`model.clubfight.losscheck._LossChecker._ladder_needs`) proves a
state lost when no club in hand can clear what the rest of the deal needs.
Two ways to be wrong, both checked here for the solver's and the checker's:

* cutting a state a player can still win: along tight winning lines (deals
  won with the fewest clubs the slack survey found, so every clear counts)
  no state on the line is ever refuted, with the ladder built at the deal's
  start;
* a refutation that the plain search (:func:`reference_decide`) does not
  confirm: late states and their children, refuted or not, decided both ways.

And the two implementations agree: same verdict on every state tried.
"""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest
from hypothesis import given, strategies as st

from model.clubfight import _solver_core as core
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.losscheck import _LossChecker, check_loss
from model.clubfight.rules import RULEBOOK, WEBAPP, Rules
from model.clubfight.slack import with_clubs
from model.clubfight.solver import ALL_TECHNIQUES, _Search, reference_decide, solve
from model.clubfight.state import State

from clubfight_positions import late_state

PRESETS = {"rulebook": RULEBOOK, "webapp": WEBAPP}

TIGHT_WINS = {
    "rulebook": [("CF1-0", 10), ("CF1-4", 9), ("CF1-9", 10), ("CF2-0", 10), ("CF2-4", 9),
                 ("CF2-15", 9)],
    "webapp": [("CF1-0", 9), ("CF1-1", 9), ("CF2-0", 9), ("CF2-1", 9)],
}
"""Deal, clubs kept: won with that many clubs and lost with one fewer
(results/clubfight/slack-*.jsonl)."""


def solver_margins(start: State, rules: Rules, moves) -> list[int]:
    """The solver's ladder margin, built at ``start``, of each state along ``moves``."""
    position = core.Position.of(start)
    search = _Search(position, rules, ALL_TECHNIQUES, None, None)
    assert search.ladder_usable
    search.start_ladder()
    grid, dealt, played, key = position.grid, position.dealt, 0, position.count_key
    total = len(position.values)
    margins = [search.ladder_margin(grid, played, key)]
    for move in moves[:-1]:
        cells = core.unpack_grid(grid)
        key -= sum(core.card_delta(position.values[cells[s]]) for s in move.cleared)
        grid, dealt = core.child_grid(grid, dealt, total, sum(1 << s for s in move.cleared))
        played |= 1 << move.club
        margins.append(search.ladder_margin(grid, played, key))
    return margins


def checker_verdicts(start: State, rules: Rules, states) -> list[bool]:
    """The checker's ladder, built at ``start``: does it refute each state?

    ``states`` are later states of the same game (the model's), put in the
    checker's card numbers."""
    checker = _LossChecker(start, rules, 0, 6)
    assert checker.ladder is not None
    number = {}
    for index, card in enumerate(checker.cards):
        number.setdefault(card, []).append(index)
    out = []
    for state in states:
        used = {card: 0 for card in number}
        cells = []
        for card in state.grid:
            if card is None:
                cells.append(-1)
                continue
            cells.append(number[card][used[card]])
            used[card] += 1
        dealt = checker.total - len(state.deck)
        played = frozenset(v for v in checker.order
                           if v not in state.hand and v not in state.clubs)
        largest = {club: max((len(m) for m in checker.moves(tuple(cells), club)), default=0)
                   for club in checker.hand(played)}
        out.append(checker.ladder_refutes(tuple(cells), dealt, played, largest))
    return out


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 3.2", "CF 3.3", "CF 3.4", "CF 5.1")
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_no_state_of_a_tight_winning_line_is_refuted(rules_name):
    rules = PRESETS[rules_name]
    for deal_id, clubs in TIGHT_WINS[rules_name]:
        start = with_clubs(State.from_deal(Deal.from_id(deal_id)), clubs)
        result = solve(start, rules)
        assert result.verdict == "win", (deal_id, clubs)
        margins = solver_margins(start, rules, result.moves)
        assert min(margins) >= 0, (deal_id, clubs, margins)
        states = [start]
        for move in result.moves[:-1]:
            states.append(GAME.resolve(states[-1], move, rules).state)
        assert not any(checker_verdicts(start, rules, states)), (deal_id, clubs)
        # Tight: one club fewer is lost, and some state of the line has no spare clear.
        assert solve(with_clubs(start, clubs - 1), rules).verdict == "loss"


@functools.lru_cache(maxsize=None)
def late_families(rules: Rules) -> list[tuple[State, list[State]]]:
    """Late states (4 clubs left, most off any winning line) with their children."""
    rng = random.Random(31)
    out = []
    for number in range(24):
        state = late_state(1 + number % 2, 300 + number, 5, rules, rng, leave_early=True,
                           timeout=2)
        if state is None:
            continue
        moves = sorted(GAME.legal_actions(state, rules), key=lambda m: -len(m.cleared))
        state = GAME.resolve(state, rng.choice(moves[:6]), rules).state
        if state.won or state.lost:
            continue
        children = [GAME.resolve(state, move, rules).state
                    for move in GAME.legal_actions(state, rules)]
        out.append((state, [c for c in children if not (c.won or c.lost)]))
    return out


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 3.2", "CF 3.3", "CF 3.4", "CF 4.7", "CF 5.2")
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_every_ladder_refutation_is_a_loss(rules_name):
    rules = PRESETS[rules_name]
    refuted = 0
    for state, children in late_families(rules):
        search = _Search(core.Position.of(state), rules, ALL_TECHNIQUES, None, None)
        at_start = not search.start_ladder()
        position = search.position
        solver_says = [at_start]
        for child in children:
            child_position = core.Position.of(child)
            # The child in the start's card numbers: its grid and deal position.
            cells = []
            for card in child.grid:
                cells.append(-1 if card is None else _number_of(position, card, cells))
            grid = core.EMPTY_GRID
            for slot, index in enumerate(cells):
                if index >= 0:
                    grid = grid & ~core.SLOT_FIELD[slot] | index << core.SLOT_SHIFT[slot]
            played = sum(1 << v for v in position.club_order
                         if v not in child.hand and v not in child.clubs)
            key = child_position.count_key
            solver_says.append(search.ladder_margin(grid, played, key) < 0)
        checker_says = checker_verdicts(state, rules, [state] + children)
        # What the solver's ladder cuts, the checker's must settle too.
        assert all(c or not s for s, c in zip(solver_says, checker_says)), str(state)
        for said, current in zip(checker_says, [state] + children):
            if said:
                assert reference_decide(current, rules, max_nodes=200_000) is False, str(current)
                refuted += 1
    assert refuted >= 10, refuted


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 3.2", "CF 3.3", "CF 3.4", "CF 4.7", "CF 5.2")
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_every_move_below_the_ladders_need_leaves_a_lost_state(rules_name):
    """The ``ladder_moves`` cut (solver) and ``least_clear`` (checker): a move
    smaller than what the ladder needs of its club (by the Jokers it takes,
    under the Jokers' duty) leaves a state the plain search finds lost; and
    the two ladders, written apart, need the same."""
    rules = PRESETS[rules_name]
    below = 0
    for state, _ in late_families(rules):
        search = _Search(core.Position.of(state), rules, ALL_TECHNIQUES, None, None)
        search.start_ladder()
        checker = _LossChecker(state, rules, 0, 6)
        if search.ladder is None:
            assert checker.ladder is None
            continue
        for move in GAME.legal_actions(state, rules):
            taken = sum(1 for slot in move.cleared if state.grid[slot].is_joker)
            taken = taken if checker.duty else 0
            assert search.duty == checker.duty
            need = search.ladder[core.ladder_key(1 << move.club, 0, 0, taken)]
            least = checker.least_clear(frozenset(), move.club, 0, 0, taken)
            assert least == min(need, 10), (str(state), move)
            child = GAME.resolve(state, move, rules).state
            if len(move.cleared) < least and not child.lost:
                assert not child.won and reference_decide(
                    child, rules, max_nodes=200_000) is False, (str(state), move)
                below += 1
    assert below >= 20, below


def _number_of(position: core.Position, card, taken: list[int]) -> int:
    """The number the start gave ``card`` (not one already taken)."""
    for index, known in enumerate(position.cards):
        if known == card and index not in taken:
            return index
    raise AssertionError(f"{card} is not in the start's cards")


@given(fresh=st.lists(st.integers(0, 2), min_size=15, max_size=15),
       club=st.integers(1, 13), reach=st.tuples(st.integers(0, 12), st.integers(0, 12)),
       older=st.integers(-2, 9))
def test_the_longest_run_is_the_longest_stretch_with_few_enough_missing_values(
        fresh, club, reach, older):
    """:func:`_solver_core._longest_run` against every stretch ``a .. b`` through
    the club's value inside the chain: the longest whose values missing from
    the fresh cards (the club's own value aside) number at most ``older``."""
    low, high = max(1, club - reach[0]), min(13, club + reach[1])
    best = -1
    for a in range(low, club + 1):
        for b in range(club, high + 1):
            missing = sum(1 for v in range(a, b + 1) if v != club and not fresh[v])
            if missing <= older:
                best = max(best, b - a)
    assert core._longest_run(fresh, club, low, high, older) == best


@pytest.mark.rules("CF 4.3", "CF 4.4", "CF 4.7", "CF 5.2")
@pytest.mark.parametrize("engine", ["python", "native"])
def test_the_jokers_duty_shortens_proofs_the_checker_rederives(engine):
    """The ladder counting the Jokers' duty (``rulebook``: a Joker leaves only
    by Any or a Line, at most 3 cards) proves CF1-0 lost with 8 clubs in
    fewer nodes than without it, and the checker re-derives both proofs; a
    tight win is never refuted (above)."""
    start = with_clubs(State.from_deal(Deal.from_id("CF1-0")), 8)
    found = {}
    for duty in (False, True):
        techniques = dataclasses.replace(ALL_TECHNIQUES, joker_duty=duty)
        result = solve(start, RULEBOOK, techniques=techniques, engine=engine, certificate=True)
        assert result.verdict == "loss"
        assert check_loss(result.certificate).ok
        found[duty] = result.nodes
    assert found[True] < found[False] * 0.7, found
    webapp = [solve(start, WEBAPP, techniques=dataclasses.replace(ALL_TECHNIQUES, joker_duty=d),
                    engine=engine).nodes for d in (False, True)]
    assert webapp[0] == webapp[1]  # Jokers that match and join Sums owe nothing


@pytest.mark.rules("CF 3.2", "CF 4.3", "CF 4.4", "CF 4.7")
def test_no_legal_move_takes_jokers_beyond_the_jokers_duty():
    """The duty's limit against the rules model, which it must never undercut:
    along random play under ``rulebook``, every legal move that takes Jokers
    clears at most ``joker_limit`` of it, with a Line aimed when a card of the
    club's rank has been dealt and the Diamonds counted among the cards dealt
    since the club before acted (the ladder's own terms).  The tight winning
    lines above leave the other clubs room, so they do not see a limit that is
    too strict here; this does."""
    rules = RULEBOOK
    rng = random.Random(23)
    seen = set()
    for number in range(60):
        state = State.from_deal(Deal.from_number(1 + number % 2, number))
        ranks_dealt = {card.value for card in state.grid if card is not None}
        fresh_diamonds = 0  # none before the first club acts
        while not (state.won or state.lost):
            moves = GAME.legal_actions(state, rules)
            for move in moves:
                taken = sum(1 for slot in move.cleared if state.grid[slot].is_joker)
                if not taken:
                    continue
                aimed = move.club in ranks_dealt or rules.line_joker_target
                limit = core.joker_limit(9, taken, aimed, fresh_diamonds)
                assert len(move.cleared) <= limit, (str(state), move, fresh_diamonds)
                seen.add((move.action, taken, min(fresh_diamonds, 3), len(move.cleared)))
            # Favour moves that take Jokers late, so Jokers stay while Diamonds arrive.
            keep = [m for m in moves if not any(state.grid[s].is_joker for s in m.cleared)]
            move = rng.choice(keep or moves)
            after = GAME.resolve(state, move, rules).state
            fresh = [after.grid[slot] for slot in move.cleared if after.grid[slot] is not None]
            fresh_diamonds = sum(1 for card in fresh if card.suit == "D")
            ranks_dealt |= {card.value for card in fresh}
            state = after
    # Lines through Jokers after one and after two fresh Diamonds were met.
    lines = {(taken, diamonds) for action, taken, diamonds, size in seen
             if action == "line" and size == 3}
    assert {(1, 1), (1, 2)} <= lines, sorted(seen)


@pytest.mark.rules("CF 3.2", "CF 4.3", "CF 4.4", "CF 4.7")
def test_a_clear_taking_jokers_is_any_or_an_unblocked_line():
    """The Jokers' duty's limit (the checker's ladder needs the same of every
    move, above): one Joker by Any (1 card) or a Line (3), two only by a
    Line; no Line without a card to aim at or with 3 fresh Diamonds."""
    limit = core.joker_limit
    assert [limit(9, 1, True, d) for d in (0, 2, 3, 4)] == [3, 3, 1, 1]
    assert [limit(9, 2, True, d) for d in (0, 2, 3)] == [3, 3, -1]
    assert limit(9, 1, False, 0) == 1 and limit(9, 2, False, 0) == -1
    assert limit(2, 1, True, 0) == 2 and limit(1, 2, True, 0) == 1
