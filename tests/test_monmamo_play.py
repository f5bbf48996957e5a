"""Whole seeded setups, through ``ringside monmamo setup`` and through the engine with
every policy: every kind of action the engine produces is one that the policies, the
notation and the command handle.

``ringside monmamo setup`` once stopped with ``KeyError: 'take'`` on its defaults: the
Monster-first policy ranked actions by kind from a table that had no entry for a card
taken from the Library.  So the tables keyed by kind are held to the list of kinds, and
setups are played for every player count over many seeds.
"""

from __future__ import annotations

import json

import pytest

from analysis.monmamo.loading import GAME
from analysis.monmamo.policies import POLICIES, PREFERENCE, MonsterFirst, play_setup
from harness.cli import main
from model.core.game import CHANCE
from model.core.policy import Policy
from model.monmamo.state import ACTION_KINDS, CHANCE_KINDS, MAX_PLAYERS, MIN_PLAYERS, Move, Setup

PLAYERS = list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
SEEDS = range(24)


def library(players: int) -> int:
    """Seven cards for each hand and sixteen to draw (30, the command's default, for two),
    so that every player count looks through the Library on some seed."""
    return 7 * players + 16


def test_every_kind_of_play_has_its_place_in_the_policys_order():
    assert sorted(PREFERENCE) == sorted(set(ACTION_KINDS) - set(CHANCE_KINDS))
    assert set(CHANCE_KINDS) <= set(ACTION_KINDS) and GAME.action_kinds == ACTION_KINDS
    for name, policy in POLICIES.items():
        assert isinstance(policy, Policy) and policy.name == name and policy.description


@pytest.mark.parametrize("arguments", [[], ["--players", "2"], ["--players", "3", "--seed", "11"]])
def test_the_setup_command_runs_on_its_defaults(arguments, capsys):
    assert main(["monmamo", "setup", *arguments]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1].startswith("result setup ")


@pytest.mark.parametrize("players", PLAYERS)
def test_the_setup_command_plays_every_seed_to_the_end(players, capsys):
    kinds = set()
    for seed in SEEDS:
        assert main(["monmamo", "setup", "--players", str(players), "--seed", str(seed),
                     "--library", str(library(players)), "--json"]) == 0, seed
        data = json.loads(capsys.readouterr().out)
        assert data["outcome"] in ("setup complete", "setup stalled"), seed
        kinds.update(Move.parse(item["action"]).kind for item in data["actions"])
    assert kinds <= set(ACTION_KINDS)
    assert {"take", "place", "discard"} <= kinds  # looking through the Library included


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", list(GAME.presets))
def test_every_policy_handles_every_action_the_engine_offers(players, preset):
    """At every decision of every game, each legal action is of a known kind, reads back
    from its notation and has its rank; each policy plays every game to its end."""
    rules = GAME.preset(preset)
    offered: set[str] = set()
    for seed in SEEDS[::2]:
        setup = Setup(players, 1, 1, library(players), seed,
                      teams=2 if players == 4 and seed % 2 else 0)
        start = GAME.initial_state(setup, rules)
        for name, policy in POLICIES.items():
            last = start
            for before, action, transition in play_setup(GAME, start, rules, seed, policy):
                if GAME.current_player(before) != CHANCE:
                    options = GAME.legal_actions(before, rules)
                    for move in options:
                        offered.add(GAME.action_kind(move))
                        assert Move.parse(str(move)) == move
                        MonsterFirst.rank(move, GAME.cards)
                    assert action in options, (name, seed)
                last = transition.state
            assert GAME.is_terminal(last), (name, seed)
    assert offered <= set(PREFERENCE)
    assert "take" in offered
