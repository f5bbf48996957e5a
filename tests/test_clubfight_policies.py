"""Realistic play: policies see only what a player sees, play legal moves, end games;
the ``play`` command."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from harness.cli import main
from model.core.policy import Policy
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP
from model.clubfight.state import MAX_TURNS, State
from analysis.clubfight.policies import (
    POLICIES, Greedy, MonteCarlo, Observation, apply_move, deal_seed, max_clear, observe, play,
    turn_rng,
)

SMALL_MC = MonteCarlo(samples=4, candidates=4, max_nodes=200)


def reshuffled(state: State, seed: int) -> State:
    """The same state with the grid deck and the club deck in another order."""
    rng = random.Random(seed)
    deck, clubs = list(state.deck), list(state.clubs)
    while len(deck) > 1 and tuple(deck) == state.deck:
        rng.shuffle(deck)
    while len(clubs) > 1 and tuple(clubs) == state.clubs:
        rng.shuffle(clubs)
    return dataclasses.replace(state, deck=tuple(deck), clubs=tuple(clubs))


def midgame(jokers: int, number: int, turns: int, rules=DEFAULT_RULES) -> State:
    state = State.from_deal(Deal.from_number(jokers, number))
    for _ in range(turns):
        state = GAME.resolve(state, GAME.legal_actions(state, rules)[0], rules).state
    return state


def test_the_observation_holds_no_deck_order():
    names = {f.name for f in dataclasses.fields(Observation)}
    assert "deck" not in names and "clubs" not in names
    state = midgame(2, 11, 3)
    other = reshuffled(state, 1)
    assert other.deck != state.deck and other.clubs != state.clubs
    assert observe(state) == observe(other)
    assert sorted(observe(state).unseen_cards) == sorted(state.deck)
    assert observe(state).cards_left == state.cards_left


@pytest.mark.parametrize("policy", [Greedy(), SMALL_MC], ids=["greedy", "mc"])
@pytest.mark.parametrize("rules", [DEFAULT_RULES, WEBAPP], ids=["rulebook", "webapp"])
def test_policies_are_blind_to_the_deck_orders(policy, rules):
    """Two states that differ only in the hidden orders get the same move, with
    the same seed, and so do whole games up to the first card the orders change."""
    for number, turns in ((3, 0), (8, 2), (21, 5)):
        state = midgame(1 + number % 2, number, turns, rules)
        for seed in range(3):
            other = reshuffled(state, seed)
            chosen = policy.choose(GAME, state, rules, 0, turn_rng(seed, state.turn))
            again = policy.choose(GAME, other, rules, 0, turn_rng(seed, other.turn))
            assert chosen == policy.decide(observe(state), rules, turn_rng(seed, state.turn))
            assert chosen == again


@pytest.mark.parametrize("name", list(POLICIES))
@pytest.mark.parametrize("rules", [DEFAULT_RULES, WEBAPP], ids=["rulebook", "webapp"])
def test_policies_play_legal_moves_and_games_end(name, rules):
    policy = SMALL_MC if name == "mc" else POLICIES[name]
    assert isinstance(policy, Policy) and policy.name == name and policy.description
    for number in range(3):
        deal = Deal.from_number(1 + number % 2, 100 + number)
        game = play(deal, rules, policy, seed=number)
        state = State.from_deal(deal)
        for move in game.moves:
            assert move in GAME.legal_actions(state, rules)
            state = GAME.resolve(state, move, rules).state
        assert state == game.final
        assert GAME.outcome(state, rules) is not None
        assert len(game.moves) <= MAX_TURNS
        assert game.won == state.won and game.won == (game.cards_left == 0)


def test_games_are_reproducible_from_the_seed():
    deal = Deal.from_number(2, 7)
    first = play(deal, DEFAULT_RULES, SMALL_MC, seed=5)
    assert play(deal, DEFAULT_RULES, SMALL_MC, seed=5).moves == first.moves
    assert play(deal, DEFAULT_RULES, "greedy", seed=1).moves == play(deal, DEFAULT_RULES, "greedy",
                                                                 seed=2).moves


def test_max_clear_is_the_largest_legal_move():
    rng = random.Random(3)
    for rules in (DEFAULT_RULES, WEBAPP, dataclasses.replace(DEFAULT_RULES, run_min_cards=3)):
        for _ in range(300):
            state = midgame(2, rng.randrange(1000), rng.randrange(6), rules)
            grid = tuple(card if rng.random() < 0.8 else None for card in state.grid)
            for club in range(1, 14):
                moves = moves_for_club(grid, club, rules)
                assert max_clear(grid, club, rules) == max((len(m.cleared) for m in moves),
                                                           default=0)


def test_apply_move_is_the_engine_transition():
    for number in range(5):
        state = midgame(1, number, 2)
        for move in GAME.legal_actions(state, DEFAULT_RULES)[:10]:
            assert apply_move(state, move) == GAME.resolve(state, move, DEFAULT_RULES).state


def test_greedy_takes_a_winning_clear():
    # One club left to play and it clears the last cards: Line on row 1.
    state = State.parse("5D 6D 7H -- -- -- -- -- -- | hand 7 K")
    move = Greedy().choose(GAME, state, DEFAULT_RULES, 0, turn_rng(0, state.turn))
    assert move.cleared == (0, 1, 2)


def test_play_command_prints_the_game(capsys):
    assert main(["clubfight", "play", "CF1-3", "--policy", "greedy"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0] == "CF1-3: policy greedy, rules rulebook, seed 0"
    assert lines[1].startswith("turn  1: hand ") and "grid deck 31, club deck 9" in lines[1]
    assert all(len(row.split()) == 3 for row in lines[2:5])
    assert lines[5].startswith("  play ") and "(cleared " in lines[5]
    assert lines[5].endswith(" cards left)")
    assert lines[-1].startswith("won on turn") or "lost after turn" in text


def test_play_command_json_matches_play(capsys):
    assert main(["clubfight", "play", "CF2-4", "--policy", "mc", "--rules", "webapp",
                 "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    game = play(Deal.from_number(2, 4), WEBAPP, "mc", deal_seed(3, "CF2-4"))
    assert out["won"] == game.won and out["cards_left"] == game.cards_left
    assert [t["move_dict"] for t in out["turns"]] == [m.as_dict() for m in game.moves]
    assert out["turns"][0]["grid"] == ["{} {} {}".format(*map(str, game.turns[0].grid[i:i + 3]))
                                       for i in (0, 3, 6)]
    assert {"deal", "policy", "rules", "seed", "won", "cards_left", "turns"} <= set(out)


@pytest.mark.parametrize(("argv", "message"), [
    (["CF1-3", "--policy", "perfect"], "unknown policy 'perfect'"),
    (["CF3-3"], "is not a deal number"),
    (["CF1-3", "--rules", "casino"], "unknown ruleset 'casino'"),
    (["CF1-3", "--seed", "x"], "--seed: must be a whole number from 0 to 2^64-1, not 'x'"),
    (["CF1-3", "--seed", "-1"], "--seed: must be a whole number from 0 to 2^64-1, not -1"),
])
def test_play_command_bad_input(argv, message, capsys):
    assert main(["clubfight", "play", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and message in err
