"""z3's answers on the Monsters Masters & Mobsters setup, and the encoding checked
against brute force on the same Libraries."""

from __future__ import annotations

import pytest

from analysis.monmamo.loading import GAME
from model.monmamo.state import Setup
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
    library = Setup(players, each, 1, 10, seed).library_cards(GAME.cards)
    share = monsters_assignable(library, players, each, GAME.cards)
    assert (share is not None) == brute_monsters_assignable(library, players, each,
                                                            GAME.cards), library
    if share is not None:
        assert all(len(cards) >= each for cards in share.values())


def test_the_answers_on_hand_made_libraries():
    assert monsters_assignable(["S01", "S02", "S03"], 3, 1, GAME.cards) is not None
    assert monsters_assignable(["S01", "S01", "S01"], 3, 1, GAME.cards) is None  # 2 at most
    assert monsters_assignable(["S03", "S03"], 2, 1, GAME.cards) is None  # Gritjaw: specific
    assert monsters_assignable(["S04", "S07"], 2, 1, GAME.cards) is None  # no Monster


def test_the_seeded_libraries_give_both_answers():
    """So that the comparison with brute force tests both sides of the encoding."""
    answers = {monsters_assignable(Setup(3, 1, 1, 10, seed).library_cards(GAME.cards),
                                   3, 1, GAME.cards) is not None for seed in range(12)}
    assert answers == {True, False}


# -- the fewest turns, by z3, against what the explorer reaches ------------------------------
def _turns_taken(actions) -> int:
    """Setup turns in a trace: plays, not the draws or discards that end a turn."""
    return sum(1 for a in actions if not a.startswith(("draw ", "trim ")))


@pytest.mark.rules("MM 4.11", "MM 4.13", "MM 4.15")
@pytest.mark.parametrize("words_start", list(range(6)))
def test_no_complete_setup_the_explorer_finds_is_shorter_than_z3s_bound(words_start):
    from analysis.monmamo.search import SMALL_STARTS, survey
    from proofs.monmamo import fewest_turns

    words, text = SMALL_STARTS[words_start]
    state = GAME.parse_state(text)
    for name, rules in GAME.presets.items():
        found = survey(GAME, rules, state)
        if "setup complete" not in found.shortest:
            continue
        bound = fewest_turns(state.players, 1, rules.empty_final_turn_skipped)
        assert _turns_taken(found.shortest["setup complete"]) >= bound, (words, name)


def test_the_fewest_turns_are_reached_and_depend_on_the_final_turn_reading():
    from analysis.monmamo.search import SMALL_STARTS, survey
    from model.monmamo.rules import DEFAULT_RULES
    from proofs.monmamo import fewest_turns

    assert fewest_turns(3, 1, True) == 3 and fewest_turns(3, 1, False) == 5
    assert fewest_turns(2, 2, True) == 4 and fewest_turns(2, 2, False) == 5
    # The bound is met on a real start: two players, a Monster each in hand, nothing else
    # in hand at the final turn.
    start = GAME.parse_state(
        "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | "
        "hands S01 / S02 | battlefield - | discard - | exile - | declared - | passes 0")
    shortest = survey(GAME, DEFAULT_RULES, start).shortest["setup complete"]
    assert shortest == ("place S01", "place S02 declare")
    assert _turns_taken(shortest) == fewest_turns(2, 1, True) == 2
    assert SMALL_STARTS  # the parametrised test above covers every shipped start
