"""Unwinnable deals: reason-finders, loss proofs, the hunt, and golden fixtures.

* every reason-finder is sound (never fires on a won deal or position) and
  fires on constructed lost positions, with its rule numbers;
* ``prove_unwinnable``: solver loss + reason + z3 on small positions;
* golden fixtures: winnable deals of both Joker counts and presets (solver
  win, line replayed, and z3 confirms the end of the line), and lost
  positions that greedy play of numbered deals reaches, in all four variants
  (solver loss, a search without any pruning rule agrees, z3 agrees); no
  whole deal is known to be unwinnable (results/clubfight/unwinnable.md);
* the hunt on proved verdicts (``hunt --exact``): its measure agrees with
  the slack, settles a comparison at the current deal's edge, never counts an
  undecided solve as a loss, and its closing slack is re-derived;
* the ``unwinnable`` and ``hunt`` commands: contract, workers, bad input.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from harness.cli import main
from harness.games.clubfight import hunt as hunt_module
from harness.games.clubfight.exact_hunt import Proven, exact_hunt, proven
from analysis.clubfight.certify import certify_win
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from harness.games.clubfight.hunt import (
    MAX_CUT, Proof, Reason, Score, Tightness, capacity_reason, constructed_starved,
    constructed_triples, find_reason,
    hunt, joker_reason, mutate, mutate_structured, nearest_deal_number, prove_unwinnable,
    restricted, score, tightness, window_reason,
)
from model.clubfight.rules import DEFAULT_RULES, WEBAPP
from analysis.clubfight.slack import slack
from analysis.clubfight.solver import solve
from analysis.clubfight.techniques import NO_TECHNIQUES
from model.clubfight.state import State
from proofs.clubfight_bmc import decide

PRESETS = {"rulebook": DEFAULT_RULES, "webapp": WEBAPP}

NINE_CARDS = State.parse("AD 3H 5S 7D 9H JS 2D 4H 6S | hand Q K | jokers 1")
# The Joker is the 20th card in play: 11 clears must come first, and one club
# (at most 9 cards) cannot make them and leave the other for the Joker.
DEEP_JOKER = State.parse("2D 3D 4D 5H 6H 8H 9S TS JS | deck QD KD QH KH QS KS AD AH AS 7D "
                         "JK | hand A K | jokers 1")
# Found among late-game states: only the window argument sees the loss.
WINDOW = State.parse("6D 8S AH KH KD 9D JK QS 8D | deck JD QD 8H 7S TS JH | hand 2 3 T Q "
                     "| jokers 2")
WINDOW_WEBAPP = State.parse("JH QD 6H 8D 9D TD 3D 9H TH | deck 4D 6S 7S | hand 3 4 9 "
                            "| jokers 2")


# --------------------------------------------------------------------------
# Reasons
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 2.1", "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6",
                   "CF 5.1")
def test_capacity_reason():
    reason = capacity_reason(NINE_CARDS, DEFAULT_RULES)
    assert reason.kind == "capacity" and reason.bound < reason.needed == 9
    assert "CF 4.1" in reason.rules and "Q:4" in reason.text and "K:4" in reason.text
    assert find_reason(NINE_CARDS, DEFAULT_RULES) == reason


@pytest.mark.rules("CF 2.3", "CF 4.7", "CF 4.3", "CF 4.4")
def test_joker_reason():
    reason = joker_reason(DEEP_JOKER, DEFAULT_RULES)
    assert reason.kind == "joker" and reason.needed == 11 and reason.bound <= 9
    assert "CF 4.7" in reason.rules and "Any or Line" in reason.text
    # Under webapp Match and Sum take Jokers too: no such argument.
    assert joker_reason(DEEP_JOKER, WEBAPP) is None
    assert solve(DEEP_JOKER, DEFAULT_RULES).verdict == "loss"


@pytest.mark.rules("CF 1.3", "CF 2.3", "CF 2.4", "CF 5.1")
@pytest.mark.parametrize("state,rules", [(WINDOW, DEFAULT_RULES), (WINDOW_WEBAPP, WEBAPP)],
                         ids=["rulebook", "webapp"])
def test_window_reason(state, rules):
    assert capacity_reason(state, rules) is None
    reason = window_reason(state, rules)
    assert reason.kind == "window" and reason.bound < reason.needed == state.cards_left
    assert find_reason(state, rules).kind == "window"
    assert solve(state, rules).verdict == "loss"


def _late_states(rules, rng):
    for number in range(8):
        state = State.from_deal(Deal.from_number(1 + number % 2, number))
        yield state
        while not (state.won or state.lost):
            moves = sorted(GAME.legal_actions(state, rules), key=lambda m: -len(m.cleared))
            state = GAME.resolve(state, rng.choice(moves[:4]), rules).state
            if not (state.won or state.lost) and len(state.hand) + len(state.clubs) <= 6:
                yield state


@pytest.mark.rules("CF 5.1", "CF 5.2")
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_reasons_never_fire_on_a_won_position(name):
    """Soundness: on deals and on states met in play, a reason implies a loss."""
    rules = PRESETS[name]
    rng = random.Random(4)
    fired = won = 0
    for state in _late_states(rules, rng):
        reason = find_reason(state, rules)
        verdict = solve(state, rules).verdict
        won += verdict == "win"
        if reason is not None:
            fired += 1
            assert verdict == "loss", (reason.kind, str(state))
    assert won >= 8 and fired >= 3


# --------------------------------------------------------------------------
# Proofs
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 5.2")
def test_prove_unwinnable_on_positions():
    proof = prove_unwinnable(NINE_CARDS, DEFAULT_RULES, z3_timeout=30)
    assert proof.verdict == "loss" and proof.reason.kind == "capacity"
    assert proof.z3 == "loss"
    out = proof.as_dict()
    assert out["reason"]["rules"] and out["z3"] == "loss"
    won = prove_unwinnable("CF1-0", DEFAULT_RULES)
    assert won.verdict == "win" and won.reason is None and won.z3 is None
    # A loss without a short reason still says how big its proof is.
    lost = State.parse("8H QD JK 9H JD AS 5H 2H KS | deck 6D JH TD | hand 3 4 J K | jokers 1")
    proof = prove_unwinnable(lost, DEFAULT_RULES, z3_timeout=None)
    assert proof.verdict == "loss" and proof.reason is None and proof.nodes > 1


# --------------------------------------------------------------------------
# Golden fixtures
# --------------------------------------------------------------------------

WINNABLE = [("CF1-0", "rulebook"), ("CF2-17", "rulebook"), ("CF1-69", "rulebook"),
            ("CF2-33", "rulebook"), ("CF1-5", "webapp"), ("CF2-1", "webapp")]


@pytest.mark.rules("CF 1.4", "CF 5.1")
@pytest.mark.parametrize("deal_id,name", WINNABLE, ids=[f"{d}-{n}" for d, n in WINNABLE])
def test_golden_winnable_deals(deal_id, name):
    """Solver win, its line replayed by the rules model, and z3 finds a win from
    the position 3 turns before the end of that line (its reach)."""
    rules = PRESETS[name]
    deal = Deal.from_id(deal_id)
    result = solve(deal, rules, timeout=30)
    assert result.verdict == "win"
    certify_win(deal, result.moves, rules)
    state = State.from_deal(deal)
    for move in result.moves[:-3]:
        state = GAME.resolve(state, move, rules).state
    assert decide(state, rules, turns=3, timeout=30).verdict == "win"


# No whole deal is known to be unwinnable in any of the four variants (1 or 2
# Jokers, rulebook or webapp): see results/clubfight/unwinnable.md for the
# hunts and why they stall.  The golden unwinnable fixtures are therefore lost
# *positions* that real play reaches: deal CFj-n played by the greedy policy
# (seed 0) until the solver first proves the position lost.  Each is
# (deal number, preset, position, clubs left).  The test replays the greedy
# game to show the position is reached, then proves the loss three ways.
LOST_POSITIONS = [
    ("CF1-30008", "rulebook",
     "TS QD 3H KH 7S QH 7H 8S -- | deck - | hand 3 4 5 8 | clubs - "
     "| discard A 2 6 7 9 T J Q K | cleared AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AH 2H 4H "
     "5H 6H 8H 9H TH JH AS 2S 3S 4S 5S 6S 9S JS QS KS JK | jokers 1"),
    ("CF1-30004", "webapp",
     "3D 9S TS 6D KD -- -- 7H 3H | deck - | hand 3 4 T | clubs - "
     "| discard A 2 5 6 7 8 9 J Q K | cleared AD 2D 4D 5D 7D 8D 9D TD JD QD AH 2H 4H 5H "
     "6H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S JS QS KS JK | jokers 1"),
    ("CF2-30002", "rulebook",
     "KD 6H 2H KH JD 4D 8S 6D 6S | deck 5D JK 5S | hand A 3 4 6 | clubs - "
     "| discard 2 5 7 8 9 T J Q K | cleared AD 2D 3D 7D 8D 9D TD QD AH 3H 4H 5H 7H 8H 9H "
     "TH JH QH AS 2S 3S 4S 7S 9S TS JS QS KS JK | jokers 2"),
    ("CF2-30012", "webapp",
     "7D 5H TD JD KH 2D 8H 5D 8S | deck - | hand A 2 3 8 | clubs - "
     "| discard 4 5 6 7 9 T J Q K | cleared AD 3D 4D 6D 8D 9D QD KD AH 2H 3H 4H 6H 7H 9H "
     "TH JH QH AS 2S 3S 4S 5S 6S 7S 9S TS JS QS KS JK JK | jokers 2"),
]


@pytest.mark.parametrize("deal_id,name,position", LOST_POSITIONS,
                         ids=[f"{d}-{n}" for d, n, _ in LOST_POSITIONS])
def test_golden_lost_positions(deal_id, name, position):
    """Reached by greedy play of the deal; lost for the solver, for a search
    without any pruning rule (only deduplication and the table of refuted
    states), and for z3's bounded model check."""
    from analysis.clubfight.policies import play

    rules = PRESETS[name]
    state = State.parse(position)
    game = play(Deal.from_id(deal_id), rules, "greedy", seed=0)
    assert not game.won
    reached = State.from_deal(Deal.from_id(deal_id))
    seen = [reached]
    for move in game.moves:
        reached = GAME.resolve(reached, move, rules).state
        seen.append(reached)
    assert state in seen, "the greedy game of the deal does not reach this position"
    assert solve(state, rules).verdict == "loss"
    plain = dataclasses.replace(NO_TECHNIQUES, dedupe=True, table=True)
    assert solve(state, rules, techniques=plain, timeout=60).verdict == "loss"
    assert decide(state, rules, timeout=60).verdict == "loss"
    proof = prove_unwinnable(state, rules, z3_timeout=None)
    assert proof.verdict == "loss"


# --------------------------------------------------------------------------
# The hunt
# --------------------------------------------------------------------------

def test_mutations_keep_deals_valid():
    rng = random.Random(1)
    deal = Deal.from_number(2, 5)
    for _ in range(50):
        deal = mutate(deal, rng)
        deal.validate()
    assert Deal.parse(str(deal)) == deal
    state = restricted(deal, 2)
    assert len(state.hand) + len(state.clubs) == 11 and len(state.discard) == 2


def test_structured_mutations_and_triples_keep_deals_valid():
    rng = random.Random(2)
    for jokers in (1, 2):
        deal = constructed_triples(jokers, rng)
        deal.validate()
        values = [c.value for c in deal.grid_deck if not c.is_joker]
        assert all(len(set(values[i:i + 3])) == 1 for i in range(0, 39, 3))
        for _ in range(50):
            deal = mutate_structured(deal, rng)
            deal.validate()


def test_starved_deals_hold_distinct_values_and_three_of_each_suit_in_every_nine():
    rng = random.Random(4)
    for jokers in (1, 2):
        deal = constructed_starved(jokers, rng)
        deal.validate()
        cards = deal.grid_deck
        assert all(c.is_joker for c in cards[39:])
        for i in range(39 - 8):
            window = cards[i:i + 9]
            assert len({c.value for c in window}) == 9
            assert all(sum(c.suit == s for c in window) == 3 for s in "DHS")


# --------------------------------------------------------------------------
# The hunt on proved verdicts
# --------------------------------------------------------------------------

TIGHT_CHEAP = Deal.from_id("CF1-4")
"""Won with its first 9 clubs, proved lost with 8 in some 40,000 nodes."""


@pytest.mark.rules("CF 5.1", "CF 5.2", "CF 2.4")
def test_proven_measure_agrees_with_the_slack():
    measure = proven(TIGHT_CHEAP, DEFAULT_RULES, proof_nodes=300_000)
    exact = slack(TIGHT_CHEAP, DEFAULT_RULES)
    assert (measure.lost_with, measure.won_with) == (exact.lost_with, exact.won_with) == (8, 9)
    assert measure.slack == exact.slack == 4 and not measure.lost


def test_a_comparison_is_settled_at_the_current_deals_edge():
    measure = proven(TIGHT_CHEAP, DEFAULT_RULES, proof_nodes=300_000)
    again = proven(TIGHT_CHEAP, DEFAULT_RULES, than=measure, proof_nodes=300_000)
    assert (again.lost_with, again.won_with, again.looser) == (8, 9, False)
    assert again.key() == measure.key()
    # Against a deal proved lost with 9 clubs: one win with 9 shows it looser.
    looser = proven(TIGHT_CHEAP, DEFAULT_RULES, than=Proven(9, 10, 0), proof_nodes=300_000)
    assert looser.looser and looser.won_with == 9 and looser.lost_with == 0
    # Against one proved lost with 7: lost with 8 too, won with 9, so tighter.
    tighter = proven(TIGHT_CHEAP, DEFAULT_RULES, than=Proven(7, 8, 0), proof_nodes=300_000)
    assert (tighter.lost_with, tighter.won_with) == (8, 9)
    assert tighter.key() < Proven(7, 8, 0).key()


def test_an_undecided_solve_is_never_counted_as_a_loss():
    """With a budget too small to prove the loss with 8 clubs, nothing is
    proved lost: the measure says which solve was undecided and ranks below
    every deal with a proved loss."""
    starved = proven(TIGHT_CHEAP, DEFAULT_RULES, proof_nodes=200)
    assert starved.lost_with == 0 and starved.undecided is not None and starved.slack is None
    assert starved.key() > Proven(1, 2, 0).key()
    edge = proven(TIGHT_CHEAP, DEFAULT_RULES, than=Proven(8, 9, 0), proof_nodes=200)
    assert edge.undecided == 8 and edge.lost_with == 0


def test_the_exact_hunt_reports_a_re_derived_slack():
    runs = [exact_hunt(1, DEFAULT_RULES, budget=600, seed=7, starts=["CF1-4"],
                       proof_nodes=50_000, max_evaluations=2) for _ in range(2)]
    result = runs[0]
    assert result.evaluations == 2 and result.found is None
    # Node budgets, not time, bound every solve: a seed repeats its run.
    assert str(runs[1].best) == str(result.best)
    assert [step[1:] for step in runs[1].trail] == [step[1:] for step in result.trail]
    assert result.best_measure.lost_with >= 8
    final = result.final
    assert final.lost_with is not None and all(check.ok for check in final.checks)
    if result.best_measure.slack is not None:
        assert final.slack == result.best_measure.slack
    for deal, clubs in result.undecided:
        Deal.parse(deal).validate()
        assert 1 <= clubs <= 13


def test_tightness_levels_and_comparison():
    rules = DEFAULT_RULES
    deal = Deal.from_number(1, 0)
    full = tightness(deal, rules, depth=3)
    assert full.verdict == "win" and not full.partial and len(full.levels) == 3
    assert list(full.levels) == sorted(full.levels)  # levels never decrease
    assert all(0 <= e <= MAX_CUT for e in full.levels)
    assert full.slack == next((k for k, e in enumerate(full.levels) if e), 3)
    # E_k is the fewest cards cut for 13 - k clubs to win (within the probe caps).
    for k, e in enumerate(full.levels, 1):
        if e:
            assert solve(restricted(deal, k, e), rules, max_nodes=40_000).verdict == "win"
            assert solve(restricted(deal, k, e - 1), rules, max_nodes=40_000).verdict != "win"
    # Compared with a tighter deal, the measure stops as soon as it is looser.
    tight = Tightness("win", (MAX_CUT, MAX_CUT, MAX_CUT), 1)
    quick = tightness(deal, rules, depth=3, than=tight)
    assert quick.partial and quick.key() > tight.key() and quick.probes <= 3
    # Same levels as itself: not looser, not tighter.
    again = tightness(deal, rules, depth=3, than=full)
    assert again.levels == full.levels and again.key() == full.key()
    assert Tightness("loss", (0, 0, 0), 5).key() < Tightness("unknown", (0, 0, 0), 5).key() \
        < tight.key() < Tightness("win", (1, 0, 0), 5).key() < Tightness("win", (0, 5, 5), 5).key()


def test_score_and_short_hunt():
    easy = score(Deal.from_number(1, 0), DEFAULT_RULES)
    assert easy.verdict == "win" and easy.slack >= 1
    assert score(Deal.from_number(1, 0), DEFAULT_RULES, than=Score(0, 1, "win")).slack >= 1
    result = hunt(1, DEFAULT_RULES, budget=0.5, seed=3, starts=["CF1-0"], solve_timeout=1,
                  exact_timeout=1)
    assert result.evaluations >= 1 and result.best_score.slack >= -1
    assert result.start == "CF1-0" and result.rate > 0
    # A run bounded by evaluations, not time, repeats exactly.
    runs = [hunt(2, DEFAULT_RULES, budget=60, seed=5, max_evaluations=15, exact_timeout=1)
            for _ in range(2)]
    assert runs[0].best == runs[1].best and runs[0].evaluations == 15
    assert runs[0].trail[-1][1:] == runs[1].trail[-1][1:]
    name, differ = nearest_deal_number(Deal.from_number(1, 7), 1, range(10))
    assert (name, differ) == ("CF1-7", 0)


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

def test_unwinnable_command_json_and_workers(capsys):
    assert main(["clubfight", "unwinnable", "--jokers", "1", "--count", "4", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert one["won"] == 4 and one["unwinnable"] == [] and one["undecided"] == []
    assert main(["clubfight", "unwinnable", "--jokers", "1", "--count", "4", "--workers",
                 "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == one


def test_unwinnable_command_lists_losses_and_undecided(monkeypatch, capsys):
    real = hunt_module.prove_unwinnable

    def fake(deal, rules, **kwargs):
        if deal == Deal.from_number(2, 1):
            reason = Reason("capacity", ("CF 5.1",), "too many cards", 30, 41)
            return Proof("loss", 1234, 0.1, reason=reason, z3="unknown", z3_seconds=1.0)
        if deal == Deal.from_number(2, 2):
            return Proof("unknown", 99, 0.1)
        return real(deal, rules, **kwargs)

    monkeypatch.setattr(hunt_module, "prove_unwinnable", fake)
    assert main(["clubfight", "unwinnable", "--jokers", "2", "--count", "3"]) == 0
    text = capsys.readouterr().out
    assert "1 won, 1 proven unwinnable, 1 undecided" in text
    assert "CF2-1: unwinnable (1234 nodes)" in text and "reason [CF 5.1]" in text
    assert "CF2-2: undecided" in text and "CF2-2: unwinnable" not in text


def test_unwinnable_command_timeout_means_undecided(capsys):
    assert main(["clubfight", "unwinnable", "--jokers", "2", "--start", "33", "--count", "1",
                 "--deal-timeout", "0.000001", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unwinnable"] == [] and [u["id"] for u in out["undecided"]] == ["CF2-33"]


def test_hunt_command(capsys):
    assert main(["clubfight", "hunt", "--jokers", "1", "--budget", "0.5", "--from", "CF1-3",
                 "--exact-timeout", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] is None and out["slack"] >= 0
    Deal.parse(out["tightest"]).validate()
    assert out["nearest_deal_number"]["id"].startswith("CF1-")
    assert main(["clubfight", "hunt", "--jokers", "2", "--budget", "0.5", "--from", "CF2-0",
                 "--exact-timeout", "1"]) == 0
    assert "tightest deal" in capsys.readouterr().out


def test_hunt_exact_command(capsys):
    assert main(["clubfight", "hunt", "--jokers", "1", "--exact", "--from", "CF1-4",
                 "--max-evaluations", "1", "--budget", "600", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is True and out["found"] is None and out["proof_nodes"] == 300_000
    assert (out["lost_with"], out["won_with"], out["slack"]) == (8, 9, 4)
    assert out["final"]["slack"] == 4 and out["final"]["checked"]
    assert out["evaluations"] == 1 and out["undecided_count"] == 0
    assert out["nearest_deal_number"] == {"id": "CF1-4", "differing_positions": 0}
    assert main(["clubfight", "hunt", "--jokers", "1", "--exact", "--from", "CF1-4",
                 "--max-evaluations", "1", "--budget", "600"]) == 0
    text = capsys.readouterr().out
    assert "proved lost with 8 clubs, won with 9: exact slack 4" in text
    assert "re-derived by the independent checker" in text


@pytest.mark.parametrize("argv", [
    ["hunt", "--jokers", "1", "--exact", "--depth", "3"],
    ["hunt", "--jokers", "1", "--exact", "--proven"],
    ["hunt", "--jokers", "1", "--proof-nodes", "5000"],
    ["hunt", "--jokers", "1", "--exact", "--proof-nodes", "-1"],
])
def test_hunt_exact_refuses_options_of_the_capped_measure(argv, capsys):
    assert main(["clubfight", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("argv", [
    ["unwinnable", "--jokers", "3", "--count", "1"],
    ["unwinnable", "--jokers", "1", "--count", "0"],
    ["unwinnable", "--jokers", "1", "--count", "1", "--rules", "nope"],
    ["unwinnable", "--jokers", "1", "--count", "1", "--timeout", "-1"],
    ["unwinnable", "--jokers", "1", "--count", "1", "--workers", "0"],
    ["unwinnable", "--jokers", "1"],
    ["hunt", "--jokers", "0"],
    ["hunt", "--jokers", "1", "--budget", "0"],
    ["hunt", "--jokers", "1", "--exact-timeout", "-2"],
    ["hunt", "--jokers", "1", "--from", "CF2-3"],
    ["hunt", "--jokers", "1", "--from", "7H / 5"],
    ["hunt", "--jokers", "1", "--rules", "nope"],
    ["hunt", "--jokers", "1", "--depth", "0"],
    ["hunt", "--jokers", "1", "--probe-nodes", "-5"],
    ["hunt", "--jokers", "1", "--start-kind", "nope"],
])
def test_bad_input_is_one_line(argv, capsys):
    assert main(["clubfight", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
