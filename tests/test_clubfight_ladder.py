"""The deck-order ladder, in the solver and in the loss checker, against play.

The ladder (:func:`analysis.clubfight._solver_core.ladder_needs`, the checker's
own :meth:`analysis.clubfight.losscheck_ladder.CheckerLadder._ladder_needs`) proves a
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
import itertools
import math
import random

import pytest
from hypothesis import given, strategies as st

from analysis.clubfight import _solver_core as core
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from analysis.clubfight.losscheck import _LossChecker, check_loss
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import reference_decide, solve
from analysis.clubfight.search import Search
from analysis.clubfight.techniques import ALL_TECHNIQUES
from model.clubfight.state import State

from clubfight_positions import late_state

PRESETS = {"rulebook": DEFAULT_RULES, "webapp": WEBAPP}

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
    search = Search(position, rules, ALL_TECHNIQUES, None, None)
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
        search = Search(core.Position.of(state), rules, ALL_TECHNIQUES, None, None)
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
        search = Search(core.Position.of(state), rules, ALL_TECHNIQUES, None, None)
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


def proof_sizes_off_and_on(start: State, rules: Rules, technique: str, engine: str) -> dict:
    """The nodes of the proof that ``start`` is lost, with ``technique`` off
    (False) and on (True); each proof re-derived by the checker.  Both without
    ``two_step``, which makes some of the same cuts a step earlier: what is
    measured is the ladder's own gain."""
    found = {}
    for on in (False, True):
        techniques = dataclasses.replace(ALL_TECHNIQUES, two_step=False, **{technique: on})
        result = solve(start, rules, techniques=techniques, engine=engine, certificate=True)
        assert result.verdict == "loss"
        assert check_loss(result.certificate).ok
        found[on] = result.nodes
    return found


@pytest.mark.rules("CF 4.3", "CF 4.4", "CF 4.7", "CF 5.2")
@pytest.mark.parametrize("engine", ["python", "native"])
def test_the_jokers_duty_shortens_proofs_the_checker_rederives(engine):
    """The ladder counting the Jokers' duty (``rulebook``: a Joker leaves only
    by Any or a Line, at most 3 cards) proves CF1-0 lost with 8 clubs in
    fewer nodes than without it, and the checker re-derives both proofs; a
    tight win is never refuted (above)."""
    start = with_clubs(State.from_deal(Deal.from_id("CF1-0")), 8)
    found = proof_sizes_off_and_on(start, DEFAULT_RULES, "joker_duty", engine)
    assert found[True] < found[False] * 0.7, found
    webapp = [solve(start, WEBAPP, techniques=dataclasses.replace(ALL_TECHNIQUES, joker_duty=d),
                    engine=engine).nodes for d in (False, True)]
    assert webapp[0] == webapp[1]  # Jokers that match and join Sums owe nothing


@pytest.mark.rules("CF 2.3", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("engine", ["python", "native"])
def test_the_last_two_clubs_coupled_shorten_proofs_the_checker_rederives(engine):
    """The ladder's last club taking what the club before left of its fresh
    cards (``last_two``) proves CF1-10 lost with 8 clubs (``webapp``) in fewer
    nodes than without, and the checker, whose own ladder couples them too,
    re-derives both proofs."""
    start = with_clubs(State.from_deal(Deal.from_id("CF1-10")), 8)
    found = proof_sizes_off_and_on(start, WEBAPP, "last_two", engine)
    assert found[True] < found[False] * 0.7, found


def near_set(cards, low: int, width: int) -> set:
    """The cards of values ``low .. low + width - 1`` and the Jokers."""
    return {card for card in cards if low <= card.value < low + width or card.is_joker}


@functools.lru_cache(maxsize=None)
def last_clears(rules: Rules) -> list[tuple[State, int, int, int, int]]:
    """Last clears that win, from the states three clubs before the end of
    tight winning lines (deals played with 10 clubs): the line's own first
    move and a few others, then every move of the next club, then a last
    club's move that takes all that is left.  Each as (state, the last club,
    and the cards gone since that state when each of the last three clubs
    acted, ``b = 0``, ``c``, ``C``)."""
    rng = random.Random(41)
    out = []
    for number in range(48):
        start = with_clubs(State.from_deal(Deal.from_number(1 + number % 2, number)), 10)
        result = solve(start, rules, max_nodes=50_000)
        if result.verdict != "win" or len(result.moves) < 4:
            continue
        state = start
        for move in result.moves[:-3]:
            state = GAME.resolve(state, move, rules).state
        moves = GAME.legal_actions(state, rules)
        for first in [result.moves[-3]] + rng.sample(moves, min(8, len(moves))):
            middle = GAME.resolve(state, first, rules).state
            if middle.won or middle.lost:
                continue
            c = len(first.cleared)
            for second in GAME.legal_actions(middle, rules):
                end = GAME.resolve(middle, second, rules).state
                if end.won or end.lost or end.deck:
                    continue
                left = sum(1 for card in end.grid if card is not None)
                for last in GAME.legal_actions(end, rules):
                    if len(last.cleared) == left:
                        out.append((state, last.club, 0, c, c + len(second.cleared)))
                        break
    return out


@pytest.mark.rules("CF 2.3", "CF 3.1", "CF 4.1", "CF 4.2", "CF 4.5", "CF 4.6", "CF 5.1")
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_every_winning_last_clear_takes_all_by_both_ladders(rules_name):
    """What the coupling asks of the last club, against play: whenever the
    last of three clubs can take all that is left (every way of playing the
    first two), the solver's and the checker's ``takes all`` say it can, with
    the cards gone when each of the three acted; and some of those clears
    keep cards the club before left of its fresh ones."""
    rules = PRESETS[rules_name]
    kept = 0
    cases = last_clears(rules)
    assert len(cases) >= 20, len(cases)
    for state, club, b, c, now in cases:
        position = core.Position.of(state)
        total = len(position.values)
        fits = core.last_club_takes_all(position.values, total, position.dealt, rules)
        checker = _LossChecker(state, rules, 0, 6)
        assert fits(club, b, c, now), (str(state), club, b, c, now)
        assert checker._last_takes_all(club, b, c, now), (str(state), club, b, c, now)
        fresh_before = min(total, position.dealt + c) - min(total, position.dealt + b)
        kept += fresh_before - (now - c) > 0 and total - now > 3
    assert kept >= 5, kept


@pytest.mark.rules("CF 2.3", "CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 4.1", "CF 4.2",
                   "CF 4.5", "CF 4.6", "CF 5.1")
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_takes_all_allows_every_grid_the_last_club_could_clear(rules_name):
    """The coupling's own relaxation, against the rules model: a club clears
    ``c`` of the first 9 cards and the next ``c`` fill its slots; the club
    after it clears any ``g`` of that grid and the last ``f`` deck cards fill
    its first slots; whenever some legal action of a last club then takes
    every card, both ``takes all`` say it can (``b = 0``, ``c``, ``C = c +
    g``).  Random cards and sizes make the forced cards sit at every margin
    (one card too many kept, one point too many for a Sum, ...), which the
    winning lines above seldom do; so does the club after clearing exactly
    the cards not of the few values most cards have."""
    rules = PRESETS[rules_name]
    rng = random.Random(53)
    clearable = kept = 0
    for trial in range(600):
        # Three clubs: the checker's ladder, built with it, stays small.
        start = with_clubs(State.from_deal(Deal.from_number(1 + trial % 2, 500 + trial)), 3)
        c = rng.randint(1, 8)
        # The deal's cards rearranged and cut short: mostly cards of one to five
        # neighbouring values, often small (so that one action, a Sum or a
        # Match too, may take them all), the grid, then c + f deck cards; the
        # rest out of play.
        cards = [card for card in start.grid if card is not None] + list(start.deck)
        width = rng.choice((1, 3, 5))
        low = rng.choice((1, 1, rng.randint(1, 14 - width)))
        kin = near_set(cards, low, width)
        near = [card for card in cards if card in kin]
        far = [card for card in cards if card not in kin]
        rng.shuffle(near)
        rng.shuffle(far)
        chosen = []
        while len(chosen) < 9 + c + 9:
            source = near if near and (rng.random() < 0.85 or not far) else far
            chosen.append(source.pop())
        first = sorted(rng.sample(range(9), c))
        grid = chosen[:9]
        for slot, card in zip(first, chosen[9:9 + c]):
            grid[slot] = card
        others = tuple(slot for slot, card in enumerate(grid) if card not in kin)
        g = len(others) if others and rng.random() < 0.3 else rng.randint(1, 9)
        f = rng.randint(0, g)
        state = dataclasses.replace(start, grid=tuple(chosen[:9]), deck=tuple(chosen[9:9 + c + f]),
                                    cleared=start.cleared + tuple(near + far)
                                    + tuple(chosen[9 + c + f:]))
        position = core.Position.of(state)
        total = len(position.values)
        fits = core.last_club_takes_all(position.values, total, position.dealt, rules)
        checker = _LossChecker(state, rules, 0, 6)
        seconds = rng.sample(list(itertools.combinations(range(9), g)), min(16, math.comb(9, g)))
        if len(others) == g:  # the club after clears exactly the cards of other values
            seconds.append(others)
        if g <= c:  # the club after clears only cards the first dealt it
            seconds += rng.sample(list(itertools.combinations(first, g)),
                                  min(8, math.comb(c, g)))
        for second in seconds:
            last_grid = [None if slot in second else card for slot, card in enumerate(grid)]
            for slot, card in zip(second, state.deck[c:c + f]):
                last_grid[slot] = card
            left = sum(1 for card in last_grid if card is not None)
            for club in range(1, 14):
                if not any(len(move.cleared) == left
                           for move in moves_for_club(tuple(last_grid), club, rules)):
                    continue
                clearable += 1
                assert fits(club, 0, c, c + g), (str(state), first, second, club)
                assert checker._last_takes_all(club, 0, c, c + g), (str(state), first, second,
                                                                  club)
                kept += c > g and left > 3
    assert clearable >= 1000 and kept >= 100, (clearable, kept)


@pytest.mark.rules("CF 3.2", "CF 4.3", "CF 4.4", "CF 4.7")
def test_no_legal_move_takes_jokers_beyond_the_jokers_duty():
    """The duty's limit against the rules model, which it must never undercut:
    along random play under ``rulebook``, every legal move that takes Jokers
    clears at most ``joker_limit`` of it, with a Line aimed when a card of the
    club's rank has been dealt and the Diamonds counted among the cards dealt
    since the club before acted (the ladder's own terms).  The tight winning
    lines above leave the other clubs room, so they do not see a limit that is
    too strict here; this does."""
    rules = DEFAULT_RULES
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
