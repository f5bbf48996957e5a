"""Legal moves agree with the specification, written here as a second,
independent oracle: every subset of the grid is tested against the
definition of every action, and the result compared with the enumerator."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings, strategies as st

from model.clubfight.cards import GRID_CARDS, JOKER
from model.clubfight.moves import LINES, Move, blocked_actions, moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from model.clubfight.state import parse_grid

VARIANTS = [DEFAULT_RULES, WEBAPP] + [
    dataclasses.replace(DEFAULT_RULES, **{f.name: (not getattr(DEFAULT_RULES, f.name)
                                              if isinstance(getattr(DEFAULT_RULES, f.name), bool)
                                              else 3)})
    for f in dataclasses.fields(Rules)
]


def oracle(grid, club: int, rules: Rules) -> list[tuple]:
    """Every legal move per the specification's definitions, by brute force."""
    filled = [s for s in range(9) if grid[s] is not None]
    suits = [grid[s].suit for s in filled]
    blocked = {a for a, suit in (("line", "D"), ("updown", "S"), ("run", "H"))
               if suits.count(suit) >= 3}
    def value(s): return grid[s].value
    def joker(s): return grid[s].is_joker
    found = []
    subsets = [c for n in range(len(filled) + 1) for c in itertools.combinations(filled, n)]
    for chosen in subsets:
        chosen_set = set(chosen)
        valued = [s for s in chosen if not joker(s)]
        jokers_in = [s for s in chosen if joker(s)]
        # Match
        targets = {s for s in filled if (not joker(s) and value(s) == club)
                   or (joker(s) and rules.jokers_match)}
        if targets:
            ok = (chosen_set == targets if not rules.match_any_subset
                  else chosen_set and chosen_set <= targets)
        else:
            ok = not chosen and not rules.must_clear
        if ok:
            found.append(("match", chosen, None, None))
        # Sum
        if valued and sum(value(s) for s in valued) == club and (
                not jokers_in or rules.sum_jokers_zero):
            found.append(("sum", chosen, None, None))
        # Any
        if len(chosen) == 1:
            found.append(("any", chosen, None, None))
        # Line
        if "line" not in blocked:
            for name, slots in LINES:
                line_cards = [s for s in slots if grid[s] is not None]
                hit = any((not joker(s) and value(s) == club)
                          or (joker(s) and rules.line_joker_target) for s in line_cards)
                if hit and chosen_set == set(line_cards):
                    found.append(("line", chosen, name, None))
        # Up/Down
        if "updown" not in blocked:
            for direction, allowed in (("lower", 2 <= club <= 7), ("higher", 7 <= club <= 12)):
                if not allowed:
                    continue
                side = {s for s in filled if not joker(s)
                        and (value(s) < club if direction == "lower" else value(s) > club)}
                if side:
                    ok = (chosen_set == side if not rules.updown_any_subset
                          else chosen_set and chosen_set <= side)
                else:
                    ok = not chosen and not rules.must_clear
                if ok:
                    found.append(("updown", chosen, None, direction))
        # Run
        if "run" not in blocked and chosen and not jokers_in:
            values = sorted([value(s) for s in chosen] + [club])
            if (len(set(values)) == len(values)
                    and values == list(range(values[0], values[0] + len(values)))
                    and len(values) >= rules.run_min_cards):
                found.append(("run", chosen, None, None))
    return sorted(found, key=repr)


def engine(grid, club, rules):
    return sorted(((m.action, m.cleared, m.line, m.direction)
                   for m in moves_for_club(grid, club, rules)), key=repr)


cards = st.sampled_from(GRID_CARDS)


@st.composite
def grids(draw, max_jokers=2):
    chosen = draw(st.lists(cards, unique=True, max_size=9))
    jokers = draw(st.integers(0, max_jokers))
    pool = chosen + [JOKER] * jokers
    slots = draw(st.permutations(list(range(9))))
    grid = [None] * 9
    for card, slot in zip(pool[:9], slots):
        grid[slot] = card
    return tuple(grid)


@pytest.mark.rules("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 3.5", "CF 4.1", "CF 4.2",
                   "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6", "CF 2.2")
@settings(max_examples=400)
@given(grid=grids(), club=st.integers(1, 13), rules=st.sampled_from(VARIANTS))
def test_moves_match_the_specification_oracle(grid, club, rules):
    assert engine(grid, club, rules) == oracle(grid, club, rules)


@pytest.mark.rules("CF 3.2", "CF 3.3", "CF 3.4", "CF 3.1")
def test_blocking_at_exactly_three_and_jokers_never_block():
    assert blocked_actions(parse_grid("2D 3D 4D 2S 3S 2H 3H JK JK")) == {"line"}
    assert blocked_actions(parse_grid("2D 3D 5H 2S 3S 4S 2H 3H 4H")) == {"updown", "run"}
    assert blocked_actions(parse_grid("2D 3D 5H 2S 3S JK 2H JK 4S")) == {"updown"}
    assert blocked_actions(parse_grid("-- -- -- -- -- -- JK JK --")) == set()


@pytest.mark.rules("CF 4.6")
def test_run_worked_example_from_the_rulebook():
    # The 10 of clubs makes a run 6 to J with 6, 7, 8, 9 and J.
    grid = parse_grid("6S 7D 8H 9H JS 2D 3D 4D KS")
    runs = [m for m in moves_for_club(grid, 10, DEFAULT_RULES) if m.action == "run"]
    assert Move(10, "run", (0, 1, 2, 3, 4)) in runs
    # K does not wrap to A, and the club's own value never joins.
    grid = parse_grid("AD QD TH -- -- -- -- -- --")
    runs = {m.cleared for m in moves_for_club(grid, 13, DEFAULT_RULES) if m.action == "run"}
    assert runs == {(1,)}


@pytest.mark.rules("CF 4.2")
def test_sum_worked_example_from_the_rulebook():
    grid = parse_grid("6D 2H 4S AD 9S -- -- -- --")
    sums = {m.cleared for m in moves_for_club(grid, 13, DEFAULT_RULES) if m.action == "sum"}
    assert (0, 1, 2, 3) in sums and (2, 4) in sums


@pytest.mark.rules("CF 4.4")
def test_line_lists_each_line_even_when_they_clear_the_same_cards():
    grid = parse_grid("6D -- -- -- -- -- -- -- --")
    lines = [m for m in moves_for_club(grid, 6, DEFAULT_RULES) if m.action == "line"]
    assert [(m.line, m.cleared) for m in lines] == [("row 1", (0,)), ("column 1", (0,))]


@pytest.mark.rules("CF 4.5")
def test_seven_chooses_and_ace_king_have_no_updown():
    grid = parse_grid("2D 9H -- -- -- -- -- -- --")
    sevens = [(m.direction, m.cleared) for m in moves_for_club(grid, 7, DEFAULT_RULES)
              if m.action == "updown"]
    assert sevens == [("lower", (0,)), ("higher", (1,))]
    for club in (1, 13):
        assert not [m for m in moves_for_club(grid, club, DEFAULT_RULES) if m.action == "updown"]
