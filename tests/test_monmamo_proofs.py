"""z3's answers on the Monsters Masters & Mobsters setup, and the encoding checked
against brute force on the same Libraries."""

from __future__ import annotations

import pytest

from model.monmamo.cards import synthetic_set
from model.monmamo.state import MMSetup
from proofs.monmamo import OBLIGATIONS, brute_monsters_assignable, monsters_assignable
from proofs.obligations import discharge


@pytest.mark.rules("MM 4.1", "MM 2.2", "MM 2.3", "MM 2.4")
@pytest.mark.parametrize("obligation", OBLIGATIONS, ids=[o.id for o in OBLIGATIONS])
def test_each_obligation_gives_its_expected_answer(obligation):
    result = discharge(obligation)
    assert result.passed, result.answer


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize(("players", "each"), [(2, 1), (3, 1), (2, 2)])
def test_z3_agrees_with_brute_force_on_seeded_libraries(seed, players, each):
    library = MMSetup(players, each, 1, 10, seed).library_cards(synthetic_set())
    share = monsters_assignable(library, players, each)
    assert (share is not None) == brute_monsters_assignable(library, players, each), library
    if share is not None:
        assert all(len(cards) >= each for cards in share.values())


def test_the_answers_on_hand_made_libraries():
    assert monsters_assignable(["S01", "S02", "S03"], 3, 1) is not None
    assert monsters_assignable(["S01", "S01", "S01"], 3, 1) is None  # Bramblehound: 2 at most
    assert monsters_assignable(["S03", "S03"], 2, 1) is None  # Gritjaw is specific
    assert monsters_assignable(["S04", "S07"], 2, 1) is None  # no Monster at all


def test_the_seeded_libraries_give_both_answers():
    """So that the comparison with brute force tests both sides of the encoding."""
    answers = {monsters_assignable(MMSetup(3, 1, 1, 10, seed).library_cards(synthetic_set()),
                                   3, 1) is not None for seed in range(12)}
    assert answers == {True, False}
