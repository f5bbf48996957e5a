"""Fight Klub: the villain synthetic deck (synthetic-vex) and ``ringside fightklub survey``."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings, strategies as st

from harness.games.fightklub import survey_command
from harness.games.fightklub.survey_command import RESULTS, play_one, survey_policy
from analysis.fightklub.loading import GAME, all_cards, shipped_text
from analysis.fightklub.policies import POLICIES
from model.fightklub.carried import turn_problem
from model.fightklub.decks import check_deck, parse_deck
from model.fightklub.state import Setup
from model.fightklub.turn_rules import _T1

VEX = "synthetic-vex"
BRICK_VEX = Setup(("synthetic-brick", VEX))
RULES = GAME.default_rules


def _cli(argv, capsys):
    from harness.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _classes_add_up(report: dict) -> bool:
    counted = (sum(report["wins"]) + report["no winner"] + report["cut off"]
               + len(report["deadlocks"]) + len(report["broken"]))
    return counted == report["games"]


# -- the villain deck ----------------------------------------------------------------------------
@pytest.mark.rules("FK 2.1", "FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5", "FK 2.6", "FK 2.7",
                   "FK 2.8", "FK 2.9")
def test_the_villain_deck_is_valid_with_every_check_made(capsys):
    report = check_deck(parse_deck(*shipped_text(VEX)), cards=all_cards())
    assert report.cards == 40 and report.violations == () and report.unchecked == ()
    assert report.verdict == "valid"
    info = GAME.catalog.deck(VEX)
    assert info.character.affiliation == "villain" and len(info.draw) == 26
    assert len(info.fight) == 12
    assert "S964" in info.draw  # Cheap Shot, the instant that nullifies a skirmish
    cards = all_cards()
    assert {cards[code].affiliation for code in info.draw + info.fight} == {"villain"}
    assert all(turn_problem(cards[code]) is None
               for code in set(info.draw + info.fight) | {info.character.code})
    code, out, _ = _cli(["fightklub", "deck", VEX], capsys)
    assert code == 0 and "valid" in out


@pytest.mark.rules("FK 6.8")
@pytest.mark.parametrize("shown", [True, False], ids=["hand-shown", "picked-blind"])
def test_madame_vex_chooses_the_opponents_discard_by_fk_t4(shown):
    # her cooldown line has her choose a card of the opponent's hidden hand: under the
    # default reading of FK-T4 she sees that hand (and only she does); read the other
    # way, chance picks the card, each as likely
    import dataclasses

    from analysis.fightklub.policies import play_game
    from model.fightklub.state import Setup

    vex = next(card for card in all_cards().values() if card.name == "Madame Vex")
    assert turn_problem(vex) is None
    assert vex.code in GAME.catalog.deck("synthetic-madame").all_cards()
    rules = dataclasses.replace(RULES, hidden_hand_choice_shown=shown)
    used = 0
    for seed in range(12):
        state = GAME.initial_state(Setup(("synthetic-madame", "synthetic-brick")), rules)
        for before, action, transition in play_game(GAME, state, rules, seed,
                                                    POLICIES["eager"]):
            after = transition.state
            if not (str(action).startswith(f"use {vex.code}") and after.queue):
                continue
            used += 1
            task = after.queue[0]
            assert task.kind == "discard" and task.player != before.turn
            hand = after.side(task.player).hand
            if shown:
                assert GAME.current_player(after) == before.turn  # Vex chooses
                assert GAME.observation(after, before.turn).shown == hand
                assert GAME.observation(after, task.player).shown == ()
                assert {str(m) for m in GAME.legal_actions(after, rules)} == {
                    f"discard {code}" for code in hand}
            else:
                assert GAME.current_player(after) < 0 and str(task).endswith("-at-random")
                odds = dict(GAME.chance_outcomes(after, rules))
                assert sum(odds.values()) == 1 and len(odds) == len(set(hand))
    assert used


@pytest.mark.rules("FK 6.12", "FK 5.15")
def test_hero_against_villain_plays_to_the_end(capsys):
    code, out, err = _cli(["fightklub", "play", "synthetic-brick", VEX, "--seed", "1"],
                          capsys)
    assert code == 0 and not err
    assert out.splitlines()[-1].startswith("result player ")
    for seed in range(2):
        game = play_one(BRICK_VEX, RULES, seed, "random", None, survey_command._Tally())
        assert game.result == "wins" and game.problem is None


# -- the survey --------------------------------------------------------------------------------------
@pytest.mark.rules("FK 6.12", "FK 6.15")
@pytest.mark.parametrize("policy", tuple(POLICIES))
def test_every_game_lands_in_exactly_one_class(policy):
    report = survey_policy(BRICK_VEX, RULES, policy, range(3), None)
    assert report["games"] == 3 and _classes_add_up(report)
    assert report["cut off"] == 0 and not report["deadlocks"] and not report["broken"]
    assert report["turns"]["min"] >= 1 and report["actions"]["max"] >= report["actions"][
        "median"] > 0
    assert report["distinct states"] > report["actions"]["max"]
    # every rule of the rulebook is either exercised or listed as never exercised
    numbers = set(GAME.rulebook.numbers())
    exercised = {n for n in report["rules exercised"] if n in numbers}
    assert exercised | set(report["rules never exercised"]) == numbers
    assert not exercised & set(report["rules never exercised"])
    assert sum(report["action kinds"].values()) >= 3 * report["actions"]["median"] // 2
    assert set(report["action kinds"]) | set(report["action kinds never taken"]) == set(
        GAME.action_kinds)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), max_turns=st.integers(1, 3))
def test_a_cut_off_game_is_never_a_result(seed, max_turns):
    whole = play_one(BRICK_VEX, RULES, seed, "first", None, survey_command._Tally())
    cut = play_one(BRICK_VEX, RULES, seed, "first", max_turns, survey_command._Tally())
    if whole.turns <= max_turns:  # it ended within T turns: the same game, the same result
        assert cut == whole
    else:
        assert cut.result == "cut off" and cut.winner is None and cut.ending is None
        assert cut.turns == max_turns and cut.actions < whole.actions
    report = survey_policy(BRICK_VEX, RULES, "first", range(seed, seed + 2), max_turns)
    assert _classes_add_up(report)


def test_a_survey_cut_off_after_one_turn_has_no_result():
    report = survey_policy(BRICK_VEX, RULES, "eager", range(2), 1)
    assert report["cut off"] == 2 and report["wins"] == [0, 0] and report["no winner"] == 0
    assert report["turns"] == {"min": 1, "max": 1} and not report["wins by"]


@pytest.mark.rules("FK 6.16")
def test_a_stalled_game_is_counted_with_its_reason_under_each_reading_of_fk_t1():
    # turn 5 of a game where every fight card is scored or waits in raise the stakes
    # (player 0 has dealt 3 damage, player 1 has dealt 4): the reveal finds nothing laid
    start = GAME.parse_state(_T1)
    dana = Setup(("synthetic-brick", "synthetic-dana"))
    stall = survey_command._ENDINGS["stall"]
    games = [play_one(dana, RULES, seed, "first", None, survey_command._Tally(), start)
             for seed in range(2)]
    assert all(g.result == "no winner" and g.ending == stall and g.winner is None
               for g in games)
    report = survey_command.summarize("first", games, survey_command._Tally(), 0.0)
    assert report["no winner"] == 2 and report["no winner reasons"] == {stall: 2}
    assert report["no winner seeds"] == [0, 1]
    by_damage = dataclasses.replace(RULES, stalled_game_by_damage=True)
    game = play_one(dana, by_damage, 0, "first", None, survey_command._Tally(), start)
    assert (game.result, game.winner, game.ending) == ("wins", 1, stall)


def test_a_deadlock_is_reported_with_its_seed_and_state(monkeypatch):
    real = type(GAME).legal_actions

    def none_in_the_fight_phase(self, state, rules):
        return () if state.step == "fight" else real(self, state, rules)

    monkeypatch.setattr(type(GAME), "legal_actions", none_in_the_fight_phase)
    report = survey_policy(BRICK_VEX, RULES, "first", range(5, 7), None)
    assert [item["seed"] for item in report["deadlocks"]] == [5, 6]
    assert all("step fight" in item["state"] for item in report["deadlocks"])
    assert report["wins"] == [0, 0] and _classes_add_up(report)


def test_a_broken_invariant_stops_the_game_and_is_counted(monkeypatch):
    monkeypatch.setattr(survey_command, "broken_invariant",
                        lambda state, before, action, rules, game=None:
                        "probe broken" if state.round > 1 else None)
    report = survey_policy(BRICK_VEX, RULES, "random", range(2), None)
    assert [item["seed"] for item in report["broken"]] == [0, 1]
    assert all("probe broken" in item["problem"] for item in report["broken"])
    assert _classes_add_up(report) and report["wins"] == [0, 0]


# -- the command ------------------------------------------------------------------------------------
def test_the_survey_command_prints_a_table_and_documented_json(capsys):
    code, out, err = _cli(["fightklub", "survey", "synthetic-brick", VEX, "--games", "2",
                           "--policy", "first", "--seed", "3"], capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("decks synthetic-brick synthetic-vex: 2 games per policy, "
                               "seeds 3 to 4")
    assert lines[1].split()[:3] == ["policy", "games", "p0"]
    assert lines[2].split()[:2] == ["first", "2"]
    assert any("rules never exercised" in line for line in lines)
    code, out, _ = _cli(["fightklub", "survey", "synthetic-brick", VEX, "--games", "2",
                         "--max-turns", "1", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["seeds"] == [0, 1] and data["max turns"] == 1
    assert [r["policy"] for r in data["policies"]] == list(POLICIES)
    for report in data["policies"]:
        assert report["cut off"] == 2 and _classes_add_up(report)
        assert set(report) >= {"wins by", "no winner reasons", "actions", "turns",
                               "distinct states", "seconds", "action kinds",
                               "rules exercised", "rules never exercised"}
    assert set(RESULTS) == {"wins", "no winner", "cut off", "deadlocks", "broken"}


@pytest.mark.parametrize("argv, needle", [
    (["synthetic-brick", "nope"], "no deck 'nope' shipped or listed"),
    (["rambo", "hannibal"], "card texts of ONE are not public"),
    (["synthetic-brick", VEX, "--games", "0"], "--games"),
    (["synthetic-brick", VEX, "--max-turns", "0"], "--max-turns"),
    (["synthetic-brick", VEX, "--policy", "best"], "--policy"),
])
def test_the_survey_command_refuses_bad_input_with_one_line(argv, needle, capsys):
    code, out, err = _cli(["fightklub", "survey", *argv], capsys)
    assert code == 2 and not out and needle in err and len(err.strip().splitlines()) == 1
