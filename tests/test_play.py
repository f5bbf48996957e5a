"""`ringside play`: one play loop for every registered game, reproducible and checked."""

from __future__ import annotations

import json

import pytest

from harness.cli import main
from harness.play import policies_of, seat_policies
from harness.registry import all_parts
from model.core.errors import InputError
from model.core.policy import GENERIC_POLICIES

KEYS = tuple(all_parts())


def run_json(capsys, *words: str) -> tuple[int, dict]:
    code = main(["play", *words, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("key", KEYS)
def test_every_game_plays_a_whole_game_to_its_end(key, capsys):
    code, data = run_json(capsys, key, "--seed", "1")
    assert code == 0, data["problems"]
    assert data["outcome"] is not None and not data["cut_off"]
    assert data["actions"], "a game ended before anybody acted"
    assert all(step["rules"] for action in data["actions"] for step in action["steps"]
               if step["phase"] != "chance"), "a logged step cites no rule"


@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_plays_the_same_game(key, capsys):
    first = run_json(capsys, key, "--seed", "7")[1]
    again = run_json(capsys, key, "--seed", "7")[1]
    assert first == again


@pytest.mark.parametrize("key", KEYS)
def test_every_policy_of_every_game_finishes_a_game(key, capsys):
    for name in policies_of(key):
        code, data = run_json(capsys, key, "--policy", name, "--seed", "3")
        assert code == 0 and data["outcome"] is not None, (name, data["problems"])
        assert set(data["policies"]) == {name}


def test_every_game_has_the_generic_policies():
    for key in KEYS:
        assert set(GENERIC_POLICIES) <= set(policies_of(key))


def test_max_actions_cuts_a_game_off_and_says_so(capsys):
    key = next(k for k in KEYS if all_parts()[k].game.max_length(
        next(iter(all_parts()[k].game.exploration_starts(all_parts()[k].game.default_rules,
                                                           1)))) > 2)
    code, data = run_json(capsys, key, "--seed", "1", "--max-actions", "2")
    assert code == 0 and data["cut_off"] and data["outcome"] is None
    assert len(data["actions"]) == 2


def test_policy_names_are_checked_per_seat():
    available = {"first": GENERIC_POLICIES["first"], "random": GENERIC_POLICIES["random"]}
    assert [p.name for p in seat_policies("first,random", available, 2)] == ["first", "random"]
    with pytest.raises(InputError, match="3 policies for 2 players"):
        seat_policies("first,first,first", available, 2)
    with pytest.raises(InputError, match="unknown policy 'nosuch'"):
        seat_policies("nosuch", available, 2)


def test_bad_input_is_one_line_and_exit_2(capsys):
    assert main(["play", KEYS[0], "--policy", "nosuch"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown policy" in err[0]
    assert main(["play", "nosuch-game"]) == 2
    assert "unknown game" in capsys.readouterr().err
