"""z3's answers on the duel, and the shared arithmetic checked against the model."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, strategies as st

from model.duel import resolution
from model.duel.characters import Effect
from model.duel.rules import DEFAULT_RULES
from proofs.duel import OBLIGATIONS, absorb, adrenaline_after, adrenaline_by_table, mini_round
from proofs.obligations import WITNESS, discharge


@pytest.mark.parametrize("obligation", OBLIGATIONS, ids=[o.id for o in OBLIGATIONS])
def test_each_obligation_gives_its_expected_answer(obligation, request):
    request.node.add_marker(pytest.mark.rules(*obligation.rules))
    result = discharge(obligation)
    assert result.passed, result.answer
    if obligation.expected == WITNESS:
        values = result.answer.witness
        order = {"DU-P6": ("C", "B", "A", "D"), "DU-P7": ("A", "B", "D", "C"),
                 "DU-P8": ("A", "D", "C", "B")}[obligation.id]
        standard, swapped = mini_round(values), mini_round(values, order)
        # The witness really changes who is defeated when its two steps swap.
        assert ((standard[0] == 0), (standard[1] == 0)) != ((swapped[0] == 0), (swapped[1] == 0))


@pytest.mark.rules("DU 5.4", "DU 5.6", "DU 7.2", "DU 7.3", "DU 7.4")
def test_the_encodings_agree_with_the_model_value_by_value():
    for hp, shield, damage in itertools.product(range(5), range(4), range(8)):
        assert absorb(hp, shield, damage) == resolution.absorb(hp, shield, damage)[:2]
    for damage in range(60):
        assert adrenaline_by_table(damage) == resolution.adrenaline_by_table(damage)
    for args in itertools.product(range(6), range(0, 40, 4), (False, True), (False, True),
                                  (False, True)):
        assert adrenaline_after(*args) == resolution.adrenaline_after(*args)


@pytest.mark.rules("DU 6.1", "DU 6.2", "DU 6.4", "DU 6.5")
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 4), st.integers(0, 4),
       st.integers(0, 5), st.integers(0, 6), st.integers(0, 9), st.integers(0, 3),
       st.integers(0, 6))
def test_mini_round_is_the_models_resolution(hp_a, hp_d, sh_a, sh_d, heal_d, tb, diff, dr_d, td):
    """The proofs' small Resolution (Aggressor 0, Defender 1) is the engine's steps A-D."""
    max_d = 12
    pending = ((1, Effect("heal", heal_d)) if heal_d else None,
               (0, Effect("damage", tb, "opponent")) if tb else None,
               (1, Effect("dr", dr_d)) if dr_d else None,
               (1, Effect("damage", td, "opponent")) if td else None)
    hp, shield, _ = resolution.resolve_round(
        (diff, 0), (0,), 1, tuple(p for p in pending if p), (hp_a, hp_d), (sh_a, sh_d),
        (99, max_d), DEFAULT_RULES)
    values = dict(hp_a=hp_a, hp_d=hp_d, sh_a=sh_a, sh_d=sh_d, max_d=max_d, heal_d=heal_d,
                  tb=tb, diff=diff, dr_d=dr_d, td=td)
    assert mini_round(values) == (hp[0], hp[1], shield[0], shield[1])
