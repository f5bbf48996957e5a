"""Each game's declared GameType holds in play, and each game's policies see only their own view.

The record is what the explorer, the conformance tests and the reference read,
so a wrong declaration is a bug: seeded random playouts of every game (the
same ones every run) must meet chance nodes exactly when chance is declared,
simultaneous nodes exactly when they are declared, redraw hidden parts exactly
when the information is declared imperfect, and stay within the longest game.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from harness.play import policies_of
from harness.registry import all_parts
from model.core.game import CHANCE, SIMULTANEOUS
from model.core.game_type import Chance, GameType, Information
from test_core_conformance import GAMES, GAME_IDS
from toygame import TOY

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
SEEDS = range(6)
RESAMPLES = 3


def _playouts(game):
    """What seeded random playouts from the example starts meet."""
    seen = {"chance": 0, "simultaneous": 0, "varied": 0, "longest": 0, "states": []}
    rules = game.default_rules
    for seed in SEEDS:
        rng = random.Random(f"game-type/{seed}")
        state = list(game.exploration_starts(rules, seed + 1))[seed]
        taken = 0
        while not game.is_terminal(state) and taken <= game.max_length(state) + 1:
            player = game.current_player(state)
            seen["states"].append(state)
            for seat in range(game.num_players(state)):
                for _ in range(RESAMPLES):
                    seen["varied"] += game.resample(state, seat, rng) != state
            if player == CHANCE:
                seen["chance"] += 1
                action, _ = game.sample_chance(state, rules, rng)
            else:
                seen["simultaneous"] += player == SIMULTANEOUS
                action = rng.choice(list(game.legal_actions(state, rules)))
            state = game.apply(state, action, rules)
            taken += 1
        seen["longest"] = max(seen["longest"], taken)
    return seen


PLAYED: dict[str, dict] = {}


def played(game) -> dict:
    if game.key not in PLAYED:
        PLAYED[game.key] = _playouts(game)
    return PLAYED[game.key]


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_every_game_declares_a_game_type(game):
    declared = type(game).__dict__.get("game_type")
    assert isinstance(declared, GameType), (
        f"{type(game).__name__} declares no game_type = GameType(...) of its own")
    assert (game.key, game.title) == (declared.key, declared.title)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_chance_is_met_exactly_when_declared(game):
    chance = played(game)["chance"]
    if game.game_type.chance is Chance.DETERMINISTIC:
        assert chance == 0, f"declared deterministic, met {chance} chance nodes"
    else:
        assert chance > 0, "declared with chance, met no chance node in the playouts"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_simultaneous_moves_are_met_exactly_when_declared(game):
    met = played(game)["simultaneous"]
    assert (met > 0) == game.game_type.simultaneous, (
        f"declared simultaneous={game.game_type.simultaneous}, met {met} simultaneous nodes")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_hidden_information_is_redrawn_exactly_when_declared(game):
    varied = played(game)["varied"]
    if game.game_type.information is Information.PERFECT:
        assert varied == 0, "declared perfect information, yet resample redrew a state"
    else:
        assert varied > 0, "declared imperfect information, yet nothing was ever redrawn"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_no_game_outlives_its_declared_longest_game(game):
    longest = game.game_type.longest_game
    if longest is None:
        pytest.skip("the longest game depends on the setup (max_length holds it)")
    rules = game.default_rules
    for start in game.exploration_starts(rules, 8):
        assert game.max_length(start) <= longest
    assert played(game)["longest"] <= longest


@pytest.mark.parametrize("game", [g for g in GAMES if g is not TOY],
                         ids=[k for k in GAME_IDS if k != TOY.key])
def test_the_rulebook_file_exists(game):
    if not RULEBOOKS.is_dir():
        pytest.skip(f"the shared rulebooks are not beside this checkout ({RULEBOOKS})")
    assert (RULEBOOKS / game.rulebook_file).is_file(), (
        f"{game.key}'s rulebook_file {game.rulebook_file!r} is not in {RULEBOOKS}")


@pytest.mark.parametrize("key", tuple(all_parts()))
def test_policies_choose_from_what_their_player_sees(key):
    """A policy given two states its player cannot tell apart, and the same random
    generator, makes the same choice: it reads nothing hidden."""
    game = all_parts()[key].game
    rules = game.default_rules
    states = played(game)["states"][::7][:40]
    for name, policy in policies_of(key).items():
        assert policy.name == name and policy.description
        for index, state in enumerate(states):
            player = game.current_player(state)
            seats = (game.players_to_act(state) if player == SIMULTANEOUS
                     else (player,) if player >= 0 else ())
            for seat in seats:
                twin = game.resample(state, seat, random.Random(index))
                first = policy.choose(game, state, rules, seat, random.Random(f"p/{index}"))
                second = policy.choose(game, twin, rules, seat, random.Random(f"p/{index}"))
                assert first == second, (
                    f"policy {name} chose {first!r} and {second!r} for player {seat} at "
                    f"two states that look the same to them: {game.format_state(state)} "
                    f"and {game.format_state(twin)}")
