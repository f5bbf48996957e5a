"""Fight Klub at a table of three to six players (FK 7): whole seeded games under both
readings of every multiplayer entry, the notation, challenges and the commands."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from collections import Counter

import pytest

from model.core.errors import InputError
from analysis.fightklub.loading import GAME
from analysis.fightklub.policies import POLICIES, play_game
from model.fightklub import seats
from model.fightklub.rules import DEFAULT_RULES
from model.fightklub.state import Move, Setup

DECKS = ("synthetic-brick", "synthetic-dana", "synthetic-vex", "synthetic-dana",
         "synthetic-brick", "synthetic-vex")
OTHER_READINGS = dataclasses.replace(DEFAULT_RULES, unopposed_damages_a_target=False,
                                     drop_stays_without_winner=True,
                                     challenger_runs_the_fight=False)


def _checked_game(players: int, seed: int, rules, policy: str = "random"):
    """A seeded game, every state checked against the invariants and the notation."""
    state = GAME.initial_state(Setup(DECKS[:players]), rules)
    steps = []
    for before, action, transition in play_game(GAME, state, rules, seed, POLICIES[policy],
                                                max_turns=60):
        after = transition.state
        for invariant in GAME.invariants:
            assert invariant(after) is None, (invariant.name, invariant(after), str(after))
        for invariant in GAME.transition_invariants:
            problem = invariant(before, action, after, rules)
            assert problem is None, (invariant.name, problem)
        assert GAME.parse_state(str(after)) == after
        steps.append((before, action, transition))
    return steps


@pytest.mark.rules("FK 7.1", "FK 7.2", "FK 7.3", "FK 7.6", "FK 7.8")
@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("rules", [DEFAULT_RULES, OTHER_READINGS], ids=["default", "other"])
def test_whole_games_at_a_bigger_table_keep_every_invariant(players, rules):
    ended = 0
    for seed in range(3 if players < 6 else 1):
        steps = _checked_game(players, seed, rules)
        end = steps[-1][2].state
        outcome = GAME.outcome(end, rules)
        if outcome is None:
            continue  # cut off by the test's turn limit: not a result
        ended += 1
        live = seats.in_game(GAME.catalog, end)
        if outcome.winners:
            # the last player standing, or FK-T1 under its other reading
            assert len(live) == 1 and outcome.winners == {live[0]}
        # nobody takes damage from a player out of the game or scores against themselves
        for seat in range(players):
            for _, _, victim in end.side(seat).scored_against():
                assert victim != seat
    assert ended >= 1


@pytest.mark.rules("FK 7.3")
def test_setup_lay_and_cooldown_go_clockwise_from_the_drop_holder():
    steps = _checked_game(4, 5, DEFAULT_RULES)
    setups = [before.turn for before, action, _ in steps
              if before.step == "setup" and before.round == 1 and action.kind != "draw"]
    holder = next(before.drop for before, _, _ in steps if before.drop is not None)
    order = []
    for seat in setups:
        if not order or order[-1] != seat:
            order.append(seat)
    assert order == [(holder + i) % 4 for i in range(4)]


@pytest.mark.rules("FK 7.4")
def test_the_player_challenged_makes_the_next_challenge_or_the_choice_falls_back():
    checked = 0
    for seed in range(4):
        for before, action, transition in _checked_game(3, seed, DEFAULT_RULES):
            after = transition.state
            fight = before.fight
            if (fight is None or len(fight.pairing) != 2 or after.step != "fight"
                    or after.fight is not None or after.round != before.round):
                continue
            holders = [s for s in seats.in_game(GAME.catalog, after) if after.side(s).laid]
            if len(holders) < 2:
                continue
            challenged = fight.pairing[1][0]
            if challenged in holders:
                expected = challenged
            else:  # the Drop holder, then round to the holder's right
                expected = next(s for s in ((after.drop - k) % 3 for k in range(3))
                                if s in holders)
            assert after.turn == expected
            assert all(m.kind == "challenge" and m.player != after.turn
                       for m in GAME.legal_actions(after, DEFAULT_RULES))
            checked += 1
    assert checked >= 5


@pytest.mark.rules("FK 7.6", "FK 5.17")
def test_damage_is_counted_per_victim_and_ties_exhaust_both_cards():
    ties = wins = 0
    for seed in range(4):
        for before, action, transition in _checked_game(3, seed, DEFAULT_RULES):
            if not any(step.phase == "settle" for step in transition.steps):
                continue
            fight = before.fight
            if fight is None or len(fight.pairing) != 2:
                continue
            _, winner, _ = fight.result
            after = transition.state
            (a, _), (b, _) = fight.pairing
            if winner is None:
                ties += 1
                assert all(len(after.side(s).under) == len(before.side(s).under) + 1
                           for s in (a, b))
            else:
                wins += 1
                loser = b if winner == a else a
                added = Counter(after.side(winner).damage) - Counter(before.side(winner).damage)
                assert added and all(entry.endswith(f"@{loser}") for entry in added)
                assert seats.damage_taken(GAME.catalog, after,
                                          loser) > seats.damage_taken(GAME.catalog, before, loser)
    assert wins and ties


def test_seats_go_round_the_table():
    state = GAME.initial_state(Setup(DECKS[:4]), DEFAULT_RULES)
    assert seats.clockwise(GAME.catalog, state, 2) == (2, 3, 0, 1)
    assert seats.left_of(GAME.catalog, state, 3) == 0 and seats.right_of(GAME.catalog, state,
                                                                         0) == 3


def test_multiplayer_notation_round_trips_and_refuses_what_does_not_fit():
    steps = _checked_game(3, 1, DEFAULT_RULES)
    texts = [str(t.state) for _, _, t in steps if t.state.fight is not None]
    assert any(" fight p" in text for text in texts)
    for text in texts[:50]:
        assert str(GAME.parse_state(text)) == text
    scored = next(text for text in texts if "@" in text)
    with pytest.raises(InputError, match="names the seat"):
        GAME.parse_state(re.sub(r"@[0-9-]", "", scored, count=1))
    two = str(GAME.initial_state(Setup(DECKS[:2]), DEFAULT_RULES))
    with pytest.raises(InputError, match="more than 2 players"):
        GAME.parse_state(two.replace(" | p0 ", " | won 1 | p0 "))
    assert str(Move.parse("challenge 3 p4 1")) == "challenge 3 p4 1"
    with pytest.raises(InputError):
        Setup(DECKS + ("synthetic-brick",))


def test_play_and_survey_take_three_decks_and_refuse_seven(tmp_path):
    run = [sys.executable, "-m", "harness.cli"]
    done = subprocess.run(run + ["fightklub", "play", *DECKS[:3], "--seed", "2", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0]["setup"] == "decks " + " ".join(DECKS[:3])
    assert any(r.get("action", "").startswith("challenge ") for r in lines[1:-1])
    assert len(lines[-1]["damage dealt"]) == 3
    bad = subprocess.run(run + ["fightklub", "play", *DECKS, "synthetic-brick"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and "2 to 6" in bad.stderr


@pytest.mark.rules("FK 7.9", "FK 6.13")
@pytest.mark.parametrize("players", [2, 3])
def test_a_cooldown_action_naming_an_opponent_names_one_at_a_bigger_table(players):
    decks = ("synthetic-brick", "synthetic-madame", "synthetic-dana")[:players]
    checked = 0
    for seed in range(10):
        state = GAME.initial_state(Setup(decks), DEFAULT_RULES)
        for before, action, transition in play_game(GAME, state, DEFAULT_RULES, seed,
                                                    POLICIES["eager"]):
            if before.step != "cooldown" or before.turn != 1 or before.queue:
                continue
            lines = [m for m in GAME.legal_actions(before, DEFAULT_RULES)
                     if m.kind == "use" and m.card == "S951"]
            if not lines:
                continue
            targets = {m.player for m in lines}
            expected = ({s for s in seats.in_game(GAME.catalog,
                                                  before) if s != 1} if players > 2 else {-1})
            assert targets == expected
            checked += 1
            if action in lines and players > 2 and transition.state.queue:
                # (an empty hand has nothing to discard: the task is dropped)
                task = transition.state.queue[0]
                assert (task.player, task.chooser) == (action.player, 1)
    assert checked


def _setup_instant(steps: list) -> "object":
    from model.fightklub.cards import parse_synthetic_card

    return parse_synthetic_card({
        "number": "S990", "name": "Test Whisper", "rarity": "C", "type": "instant",
        "affiliation": "hero", "cost": "burn 1", "instant": {"phase": "setup"},
        "abilities": [{"phase": "setup", "steps": steps}]}, "test.toml", 1)


def test_a_setup_step_acting_on_an_opponent_is_refused_with_its_reason():
    """The setup model changes only its own player's zones (FK 4.13): a setup line that
    makes an opponent draw is refused at any table, not carried out for the wrong
    player, and the reason names the card and the step."""
    from model.fightklub.carried import setup_problem

    assert setup_problem(_setup_instant([{"do": "draw", "count": 1}])) is None
    problem = setup_problem(_setup_instant([{"do": "add_energy", "tokens": "G"},
                                            {"do": "draw", "count": 1, "who": "opponent"}]))
    assert problem is not None and "Test Whisper" in problem and "opponent" in problem
    assert "'draw'" in problem
    problem = setup_problem(_setup_instant([{"do": "discard", "count": 1}]))
    assert problem is not None and "'discard'" in problem


def test_every_shipped_deck_sits_at_a_six_player_table():
    """No shipped deck is refused at a bigger table: six decks set up and deal."""
    state = GAME.initial_state(Setup(DECKS), DEFAULT_RULES)
    assert state.players == 6
