"""The z3 bounded model check of Club Fight positions, and z3 as referee of the solver.

* small constructed positions decided both ways: z3 and the solver agree,
  z3's winning lines replay on the rules model, losses are unsat;
* late-game positions from real deals (2-3 clubs left), both presets;
* every switch of the encoding gives the same verdicts;
* the integer-to-bit-vector translation keeps the action encodings' meaning;
* the capacities the encoding adds never cut a legal move (the rules model's
  moves on every grid of small card sets, and z3 on the action encodings);
* the referee: a fixed sample of states the solver prunes is unsat for z3;
* ``solve --verify``: counts, a planted refutation fails the command.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random

import pytest
import z3

from harness.cli import main
from model.clubfight.cards import GRID_CARDS, JOKER, Card
from analysis.clubfight.certify import replay_win
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP
from analysis.clubfight.solver import pruned_states, solve
from model.clubfight.state import State
from proofs.clubfight import SymGrid, Variant, fresh_selection, legal
from proofs.clubfight_bmc import (
    DEFAULT_ENCODING, PLAIN_ENCODING, Encoding, capacity_counterexample, club_capacities,
    decide, pick_pruned, referee, to_bitvectors,
)

from clubfight_positions import late_state

PRESETS = [DEFAULT_RULES, WEBAPP]
PRESET_IDS = ["rulebook", "webapp"]

# Lost: a King and a Queen cannot clear nine unrelated cards (Sums of 4 at most).
NINE_CARDS = State.parse("AD 3H 5S 7D 9H JS 2D 4H 6S | hand Q K | jokers 1")
# Lost: the Joker comes last and 7 and 8 cannot also take it (CF 4.7).
JOKER_LAST = State.parse("AD 2D 3D 4H 5H 6H 9S TS JS | deck JK | hand 7 8 | jokers 1")
# Won: 7 clears the six lower cards (Up/Down), QD refills, then 8 the four higher.
UP_AND_DOWN = State.parse("AD 2D 3H 4H 5S 6D 9S TD JH | deck QD | hand 7 8 | jokers 1")
# Won only by a Line through the Joker and the 5 (rulebook), then a Match.
LINE_JOKER = State.parse("JK 5D 9H -- -- -- -- -- -- | hand 5 9 | jokers 1")
# Lost under the rulebook (the Joker needs Any or Line; 9 has neither in reach
# with the Joker alone in its column), won under webapp (Match takes Jokers).
JOKER_MATCH = State.parse("JK -- -- -- 9H -- -- -- 9D | hand 9 | jokers 1")

CONSTRUCTED = [
    ("nine cards", NINE_CARDS, DEFAULT_RULES, "loss"),
    ("joker last", JOKER_LAST, DEFAULT_RULES, "loss"),
    ("up and down", UP_AND_DOWN, DEFAULT_RULES, "win"),
    ("line through a joker", LINE_JOKER, DEFAULT_RULES, "win"),
    ("joker match, rulebook", JOKER_MATCH, DEFAULT_RULES, "loss"),
    ("joker match, webapp", JOKER_MATCH, WEBAPP, "win"),
]


@pytest.mark.rules("CF 2.1", "CF 2.3", "CF 4.7", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("name,state,rules,expected", CONSTRUCTED,
                         ids=[c[0] for c in CONSTRUCTED])
def test_constructed_positions_both_ways(name, state, rules, expected):
    assert solve(state, rules).verdict == expected
    result = decide(state, rules, timeout=30)
    assert result.verdict == expected, name
    if expected == "win":
        assert replay_win(state, result.moves, rules).ok
        assert len(result.moves) <= len(state.hand) + len(state.clubs)


def test_a_turn_cap_is_not_a_loss():
    """Fewer turns than clubs left: unsat only says no short win, so unknown."""
    assert decide(UP_AND_DOWN, DEFAULT_RULES, turns=1).verdict == "unknown"
    assert decide(UP_AND_DOWN, DEFAULT_RULES, turns=2).verdict == "win"
    won = State.parse("-- -- -- -- -- -- -- -- -- | hand 3 | jokers 1")
    assert decide(won, DEFAULT_RULES).verdict == "win"




@functools.lru_cache(maxsize=None)
def late_positions() -> list[tuple]:
    rng = random.Random(1)
    found = []
    for rules in PRESETS:
        for number in range(3):
            for left in (2, 3) if number < 2 else (2,):
                state = late_state(1 + number % 2, number, left, rules, rng)
                if state is not None:
                    found.append((rules, state, solve(state, rules).verdict))
    return found


def test_late_positions_cover_wins_and_losses():
    verdicts = {(r == DEFAULT_RULES, v) for r, _, v in late_positions()}
    assert {(True, "win"), (True, "loss"), (False, "win"), (False, "loss")} <= verdicts


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 5.1", "CF 5.2")
def test_late_positions_agree_with_the_solver():
    for rules, state, expected in late_positions():
        result = decide(state, rules, timeout=30)
        assert result.verdict == expected, str(state)
        if expected == "win":
            assert replay_win(state, result.moves, rules).ok


SWITCHES = [PLAIN_ENCODING] + [dataclasses.replace(DEFAULT_ENCODING, **{name: False})
                               for name in ("domains", "concrete_first", "cardinality",
                                            "capacity", "sat")] + [
    Encoding(bitvectors=False, sat=False)]


@pytest.mark.parametrize("encoding", SWITCHES, ids=["plain", "no-domains", "no-concrete-first",
                                                    "no-cardinality", "no-capacity",
                                                    "no-sat", "ints"])
def test_every_encoding_switch_gives_the_same_verdicts(encoding):
    for name, state, rules, expected in CONSTRUCTED:
        if name not in ("nine cards", "up and down", "joker match, webapp"):
            continue
        assert decide(state, rules, encoding=encoding, timeout=30).verdict == expected


# --------------------------------------------------------------------------
# Pieces of the encoding
# --------------------------------------------------------------------------

def _selections(grid, club, rules, bitvectors: bool) -> set:
    g, sel = SymGrid.fresh(), fresh_selection()
    facts = [g.equals(grid), z3.Or([legal(v, g, club, sel, rules)
                                    for v in (Variant("match"), Variant("sum"), Variant("run"),
                                              Variant("updown", direction="lower"),
                                              Variant("updown", direction="higher"))])]
    if bitvectors:
        facts = to_bitvectors(facts)
    solver = z3.Solver()
    solver.add(*facts)
    found = set()
    while solver.check() == z3.sat:
        m = solver.model()
        picked = tuple(i for i in range(9) if z3.is_true(m.eval(sel[i], model_completion=True)))
        found.add(picked)
        solver.add(z3.Or([sel[i] != (i in picked) for i in range(9)]))
    return found


@pytest.mark.rules("CF 4.1", "CF 4.2", "CF 4.5", "CF 4.6")
def test_bitvectors_keep_the_meaning_of_the_actions():
    """Match, Sum, Up/Down and Run (the actions with arithmetic) select the same
    slots in integers and in bit-vectors, and as the rules model says."""
    grid = State.parse("AD 2H 3S 4D 5H 6S 7D JK QS | jokers 1").grid
    for rules in PRESETS:
        for club in (3, 9):
            expected = {m.cleared for m in moves_for_club(grid, club, rules)
                        if m.action in ("match", "sum", "run", "updown")}
            assert _selections(grid, club, rules, True) == expected
            assert _selections(grid, club, rules, False) == expected
    with pytest.raises(ValueError):
        to_bitvectors([z3.Int("x") / 2 == 1])


def _subset_grids(cards):
    """Every grid holding a subset of ``cards`` (at most 9), in one arrangement
    per subset: Line's reach (3 cards) does not depend on where cards lie."""
    for size in range(1, min(9, len(cards)) + 1):
        for subset in itertools.combinations(cards, size):
            yield tuple(subset) + (None,) * (9 - size)


@pytest.mark.rules("CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6")
@pytest.mark.parametrize("rules", PRESETS, ids=PRESET_IDS)
def test_capacities_bound_every_move_of_the_rules_model(rules):
    """No legal move (rules model) on any grid made of the cards clears more."""
    rng = random.Random(9)
    for _ in range(8):
        cards = rng.sample(list(GRID_CARDS), rng.randint(3, 6)) + [JOKER] * rng.randint(0, 1)
        caps = club_capacities(cards, range(1, 14), rules)
        for grid in _subset_grids(cards):
            for club in range(1, 14):
                for move in moves_for_club(grid, club, rules):
                    assert len(move.cleared) <= caps[club], (cards, grid, move)


@pytest.mark.rules("CF 4.1", "CF 4.2", "CF 4.5", "CF 4.6")
def test_capacities_checked_by_z3_on_the_action_encodings():
    """z3 finds no grid of the cards and no legal move clearing more than the
    capacity; and finds one clearing exactly that much (the bound is reached)."""
    cards = [Card.parse(t) for t in "AD 2H 3S 5D".split()] + [JOKER]
    for rules, clubs in ((DEFAULT_RULES, (6,)), (WEBAPP, (12,))):
        for club in clubs:
            cap = club_capacities(cards, [club], rules)[club]
            assert capacity_counterexample(cards, club, rules) is None
            grid, cleared = capacity_counterexample(cards, club, rules, cap - 1)
            assert len(cleared) == cap
            assert any(m.cleared == cleared for m in moves_for_club(grid, club, rules))


# --------------------------------------------------------------------------
# The referee
# --------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def pruned_sample() -> list[tuple]:
    """A fixed sample of states with 3 clubs left that the solver's search cuts as lost."""
    sample = []
    for rules in PRESETS:
        pruned = []
        for deal_id in ("CF1-69", "CF2-33"):
            pruned += [(r, s) for r, s in pruned_states(deal_id, rules, max_nodes=600)
                       if len(s.hand) + len(s.clubs) == 3]
        sample += [(rules, r, s) for r, s in pick_pruned(pruned, 3)]
    return sample


@pytest.mark.rules("CF 2.3", "CF 4.7", "CF 5.1", "CF 5.2")
def test_pruned_states_are_unsat_for_z3():
    sample = pruned_sample()
    assert len(sample) == 6
    assert len({rule for _, rule, _ in sample}) >= 3
    for rules, rule, state in sample:
        assert decide(state, rules, timeout=30).verdict == "loss", (rule, str(state))


def test_referee_counts():
    report = referee("CF1-69", DEFAULT_RULES, count=1, timeout=20, max_nodes=400, max_clubs=3)
    assert report.checked == 1 and report.confirmed == 1
    assert report.refuted == report.undecided == 0
    assert sum(t["checked"] for t in report.by_rule.values()) == 1
    assert report.as_dict()["refutations"] == []


def test_referee_reports_a_refuted_cut(monkeypatch):
    """A won state passed off as pruned is refuted, with its rule and a line."""
    import analysis.clubfight.solver as solver_module

    monkeypatch.setattr(solver_module, "pruned_states",
                        lambda *a, **k: [("bound", UP_AND_DOWN), ("tail", NINE_CARDS)])
    report = referee("CF1-0", DEFAULT_RULES, count=5, timeout=20)
    assert (report.checked, report.confirmed, report.refuted) == (2, 1, 1)
    rule, text, moves = report.refutations[0]
    assert rule == "bound" and text == str(UP_AND_DOWN)
    assert replay_win(UP_AND_DOWN, moves, DEFAULT_RULES).ok


# --------------------------------------------------------------------------
# solve --verify
# --------------------------------------------------------------------------

def test_solve_verify_json(capsys):
    # A late position whose search cuts something (small: the referee's search is Python).
    rules, state, verdict = next((r, s, v) for r, s, v in late_positions()
                                 if r == DEFAULT_RULES and pruned_states(s, r, max_nodes=2000))
    assert main(["clubfight", "solve", str(state), "--verify", "--verify-count", "2",
                 "--verify-timeout", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ref = out["verify"]["referee"]
    assert out["verdict"] == verdict
    assert 1 <= ref["checked"] <= 2 and ref["refuted"] == 0
    assert ref["confirmed"] + ref["undecided"] == ref["checked"]
    assert ("position" in out["verify"]) == (verdict == "loss")


def test_solve_verify_a_loss_gets_a_second_certificate(capsys):
    assert main(["clubfight", "solve", str(NINE_CARDS), "--verify"]) == 0
    text = capsys.readouterr().out
    assert "z3 on the position itself: loss" in text
    assert "z3 referee of the pruning:" in text


def test_solve_verify_fails_on_a_refutation(monkeypatch, capsys):
    import analysis.clubfight.solver as solver_module

    monkeypatch.setattr(solver_module, "pruned_states",
                        lambda *a, **k: [("window", UP_AND_DOWN)])
    assert main(["clubfight", "solve", "CF1-0", "--verify"]) == 1
    captured = capsys.readouterr()
    assert "1 refuted" in captured.out
    assert "rule 'window'" in captured.err and str(UP_AND_DOWN) in captured.err


@pytest.mark.parametrize("argv", [["--verify-count", "0"], ["--verify-timeout", "0"],
                                  ["--verify-count", "x"]])
def test_solve_verify_bad_input_is_one_line(argv, capsys):
    assert main(["clubfight", "solve", "CF1-0", "--verify", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
