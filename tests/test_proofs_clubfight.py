"""The Club Fight z3 encoding against the executable move enumerator, and the obligations.

A proof about the encoding is only worth as much as the encoding's agreement
with ``model.clubfight.moves``: the first test enumerates the encoding on
generated grids and demands the very selections the enumerator lists.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.clubfight.ambiguities import AMBIGUITIES
from model.clubfight.cards import GRID_CARDS, JOKER, parse_rank
from model.clubfight.moves import action_moves, blocked_actions, moves_for_club
from model.clubfight.rules import DEFAULT_RULES, Rules
from model.clubfight.state import parse_grid
from proofs.obligations import ProofResult, discharge
from proofs.clubfight import OBLIGATIONS, RULE_VARIANTS, VARIANTS, concrete_selections


@st.composite
def grids(draw):
    """A grid of 0-9 distinct cards and 0-2 Jokers in random slots.

    Half the time the ranks come from a narrow window, so that Runs, Sums,
    Matches and 3-of-a-suit blocks actually turn up.
    """
    width = draw(st.sampled_from([3, 4, 13]))
    low = draw(st.integers(1, 14 - width))
    pool = [c for c in GRID_CARDS if low <= c.value < low + width]
    cards = draw(st.lists(st.sampled_from(pool), unique=True, max_size=9))
    jokers = draw(st.integers(0, min(2, 9 - len(cards))))
    slots = draw(st.permutations(range(9)))
    grid: list = [None] * 9
    for slot, card in zip(slots, cards + [JOKER] * jokers):
        grid[slot] = card
    return tuple(grid)


@st.composite
def positions(draw):
    grid = draw(grids())
    values = sorted({c.value for c in grid if c is not None and not c.is_joker})
    # A club of a rank in the grid is what makes Match and Line do something.
    club = draw(st.one_of(st.integers(1, 13), st.sampled_from(values))
                if values else st.integers(1, 13))
    return grid, club


# Each example runs 14 z3 enumerations (about 0.1 s in all), so the encoding
# test takes half the profile's examples: 30 under "ci", 1000 under "deep".
ENCODING_EXAMPLES = max(10, settings.default.max_examples // 2)

rulesets = st.one_of(
    st.sampled_from([rules for _, rules in RULE_VARIANTS]),
    st.builds(lambda n: dataclasses.replace(DEFAULT_RULES, run_min_cards=n), st.integers(2, 6)),
)


def executable(grid, club, rules: Rules, action, line=None, direction=None, every=False):
    return {m.cleared for m in moves_for_club(grid, club, rules)
            if m.action == action
            and (every or (m.line == line and m.direction == direction))}


@pytest.mark.rules("CF 2.2", "CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 3.5",
                   "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6")
@settings(max_examples=ENCODING_EXAMPLES)
@given(positions(), rulesets)
def test_encoding_lists_the_moves_the_enumerator_lists(position, rules):
    grid, club = position
    for variant in VARIANTS:
        assert concrete_selections(grid, club, variant.action, rules, line=variant.line,
                                   direction=variant.direction) \
            == executable(grid, club, rules, variant.action, variant.line,
                          variant.direction), variant.label()
    # Without a line or direction, every line (direction) of the action counts.
    for action in ("line", "updown"):
        assert concrete_selections(grid, club, action, rules) \
            == executable(grid, club, rules, action, every=True), action


@pytest.mark.rules("CF 2.2", "CF 4.1", "CF 4.2", "CF 4.4", "CF 4.5", "CF 4.6")
@pytest.mark.parametrize("ambiguity", AMBIGUITIES, ids=lambda a: a.id)
def test_encoding_agrees_on_the_ambiguity_witnesses_under_each_reading(ambiguity):
    # Each witness is a position where one Rules field matters; the random
    # positions above draw each ruleset only a few times, so they could miss it.
    grid = parse_grid(ambiguity.witness.position)
    club = parse_rank(ambiguity.witness.probe)
    for reading in ambiguity.readings:
        rules = dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: reading.value})
        for variant in VARIANTS:
            assert concrete_selections(grid, club, variant.action, rules,
                                       line=variant.line, direction=variant.direction) \
                == executable(grid, club, rules, variant.action, variant.line,
                              variant.direction), (reading.value, variant.label())


@pytest.mark.rules("CF 3.2", "CF 3.3", "CF 3.4", "CF 4.5", "CF 4.6")
def test_encoding_on_a_blocked_grid_and_a_long_run():
    # Fixed cases the generator may be slow to find: every block at once, and
    # a Run with a choice of suit at several values.
    blocked = parse_grid("AD AH AS 2D 2H 2S 3D 3H 3S")
    for action in ("line", "updown", "run"):
        assert concrete_selections(blocked, 2, action, DEFAULT_RULES) == set()
    grid = parse_grid("4D 5D 5H 7S 8D 8S 9H JK --")
    for rules in (DEFAULT_RULES, dataclasses.replace(DEFAULT_RULES, run_min_cards=4)):
        assert concrete_selections(grid, 6, "run", rules) \
            == executable(grid, 6, rules, "run")


@functools.cache
def discharged(obligation_id: str) -> ProofResult:
    """Each obligation once per test run; the replay tests reuse its witness."""
    return discharge(next(o for o in OBLIGATIONS if o.id == obligation_id))


@pytest.mark.rules("CF 2.2", "CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 3.5",
                   "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6", "CF 4.7")
@pytest.mark.parametrize("obligation", OBLIGATIONS, ids=lambda o: o.id)
def test_obligation_gives_its_expected_answer(obligation):
    result = discharged(obligation.id)
    assert result.answer.status == obligation.expected, result.answer.detail
    if obligation.expected == "witness":
        assert result.answer.witness and "grid" in result.answer.witness


def test_obligation_ids_are_unique_and_every_ambiguity_has_one():
    ids = [o.id for o in OBLIGATIONS]
    assert len(ids) == len(set(ids))
    assert {f"{a.id}-W" for a in AMBIGUITIES} <= set(ids)


def _witness_of(obligation_id: str) -> dict:
    found = discharged(obligation_id).answer.witness
    assert found, f"{obligation_id} found no witness"
    return found


@pytest.mark.rules("CF 3.2", "CF 3.3", "CF 3.4")
def test_triple_block_witness_replays():
    found = _witness_of("CF-P3")
    grid, club = parse_grid(found["grid"]), parse_rank(found["club"])
    assert blocked_actions(grid) == {"line", "updown", "run"}
    for action in ("line", "updown", "run"):
        assert action_moves(grid, club, action, DEFAULT_RULES), action
        assert not any(m.action == action for m in moves_for_club(grid, club, DEFAULT_RULES))


@pytest.mark.rules("CF 4.3", "CF 4.4", "CF 4.7")
def test_joker_witness_replays():
    found = _witness_of("CF-P12")
    grid, club = parse_grid(found["grid"]), parse_rank(found["club"])
    moves = moves_for_club(grid, club, DEFAULT_RULES)
    line = [m for m in moves if m.action == "line" and list(m.cleared) == found["selection"]]
    assert line and any(grid[s].is_joker for s in line[0].cleared)
    jokers = [s for s, c in enumerate(grid) if c is not None and c.is_joker]
    assert any(m.action == "any" and m.cleared == (jokers[0],) for m in moves)


@pytest.mark.rules("CF 2.2", "CF 4.1", "CF 4.2", "CF 4.4", "CF 4.5", "CF 4.6", "CF 4.7")
@pytest.mark.parametrize("ambiguity", AMBIGUITIES, ids=lambda a: a.id)
def test_stored_ambiguity_witness_separates_the_readings(ambiguity):
    witness = ambiguity.witness
    assert witness is not None
    grid, club = parse_grid(witness.position), parse_rank(witness.probe)
    first, second = (dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: r.value})
                     for r in ambiguity.readings[:2])
    assert moves_for_club(grid, club, first) != moves_for_club(grid, club, second)


@pytest.mark.rules("CF 2.2", "CF 4.1", "CF 4.2", "CF 4.4", "CF 4.5", "CF 4.6", "CF 4.7")
@pytest.mark.parametrize("ambiguity", AMBIGUITIES, ids=lambda a: a.id)
def test_stored_ambiguity_witness_is_the_one_z3_finds(ambiguity):
    # The search settles a total order of preferences, so its answer does not
    # depend on z3's whims; a change here means the encoding or the rules moved.
    found = _witness_of(f"{ambiguity.id}-W")
    assert (found["grid"], found["club"]) == (ambiguity.witness.position,
                                              ambiguity.witness.probe)
    grid, club = parse_grid(found["grid"]), parse_rank(found["club"])
    allows = dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: found["allowed_by"]})
    refuses = dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: found["refused_by"]})

    def lists_the_move(rules: Rules) -> bool:
        return any(m.action == found["action"] and list(m.cleared) == found["selection"]
                   and m.line == found.get("line") and m.direction == found.get("direction")
                   for m in moves_for_club(grid, club, rules))

    assert lists_the_move(allows) and not lists_the_move(refuses)
