"""Exact odds of the duel, checked against the engine played out exactly."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest

from analysis.duel.loading import GAME
from analysis.duel.odds import base_distribution, critical_chance, duel_odds, round_odds
from analysis.duel.policies import POLICIES
from model.core.game import CHANCE, SIMULTANEOUS, Joint
from model.duel.characters import parse_character
from model.duel.rules import ALTERNATIVE, DEFAULT_RULES

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ROOT / "analysis" / "duel" / "data" / "characters"


def tiny(key: str, hp: int, sides: int, passive: str = "",
         power: str = "") -> object:
    """A small character of our own for exact checks: one die, a few HP, and an Action
    Deck of one card (so hands never branch)."""
    text = f"""
key = "{key}"
name = "{key.title()}"
hp = {hp}
critical = [{sides}, {sides}]
crit_effects = [{{ kind = "damage", amount = 1, to = "opponent" }}]
[power]
{power or f"dice = 1{chr(10)}sides = {sides}"}
{passive}
[[cards]]
id = "X01"
name = "Filler"
timing = "after"
count = 30
effects = [{{ kind = "ss", amount = 1 }}]
"""
    return parse_character(text, f"{key}.toml")


@pytest.mark.rules("DU 4.1", "DU 4.5")
def test_base_and_critical_of_the_shipped_characters():
    ember, tide, brute = (GAME.characters[k] for k in ("ember", "tide", "brute"))
    assert base_distribution(ember)[7] == Fraction(1, 6)
    assert critical_chance(ember) == Fraction(3, 36)
    assert base_distribution(tide)[2] == Fraction(1, 45)  # both 1s of ten cards
    assert critical_chance(tide) == Fraction(2, 45) + Fraction(1, 45)
    assert critical_chance(brute) == Fraction(1, 10)
    for char in (ember, tide, brute):
        assert sum(base_distribution(char).values()) == 1


@pytest.mark.rules("DU 4.3", "DU 4.4", "DU 6.4")
def test_roles_and_clash_of_two_equal_brutes():
    brute = GAME.characters["brute"]
    odds = round_odds(brute, brute, DEFAULT_RULES)
    assert odds.aggressor == (Fraction(9, 20), Fraction(9, 20), Fraction(1, 10))
    assert sum(odds.clash.values()) == 1
    # Thick Hide's DR 1 takes 1 off every clash: Bases 1 apart deal nothing, except 10
    # against 9, where the critical's +4 makes the difference 5.
    assert odds.clash[0] == Fraction(10 + 18 - 2, 100)
    # 4 comes from Bases 5 apart (less 10 against 5, which the critical makes 14 to 5)
    # and from 10 against 9 (14 to 9).
    assert odds.clash[4] == Fraction(10 - 2 + 2, 100)
    again = round_odds(brute, brute, ALTERNATIVE)  # ties generated again (DU-A1)
    assert again.aggressor == (Fraction(1, 2), Fraction(1, 2), 0)


def exact_by_the_engine(first, second, rules, rounds: int, policy=POLICIES["pass"]):
    """Who wins within ``rounds`` rounds, playing the engine's whole game tree under
    ``policy`` (every chance outcome with its odds)."""
    @functools.lru_cache(maxsize=None)
    def value(state):
        if GAME.is_terminal(state):
            outcome = GAME.outcome(state, rules)
            return tuple(Fraction(int(outcome.label == label)) for label in
                         ("player 0 wins", "player 1 wins", "draw", "unfinished"))
        player = GAME.current_player(state)
        if player == CHANCE:
            total = [Fraction(0)] * 4
            for action, p in GAME.chance_outcomes(state, rules):
                for i, v in enumerate(value(GAME.apply(state, action, rules))):
                    total[i] += p * v
            return tuple(total)
        if player == SIMULTANEOUS:
            action = Joint(tuple((seat, policy.choose(GAME, state, rules, seat, None))
                                 for seat in GAME.players_to_act(state)))
        else:
            action = policy.choose(GAME, state, rules, player, None)
        return value(GAME.apply(state, action, rules))

    return value(GAME.start_with(first, second, rounds))


@pytest.mark.rules("DU 1.3", "DU 6.2", "DU 6.4", "DU 6.5", "DU 4.5")
@pytest.mark.parametrize("rules", [DEFAULT_RULES, ALTERNATIVE], ids=["rulebook", "alternative"])
def test_the_markov_chain_agrees_with_the_engine_played_out(rules):
    first = tiny("ann", 3, 3)
    second = tiny("bob", 4, 2, passive='[[passives]]\nname = "Hide"\n'
                                       'effects = [{ kind = "dr", amount = 1, when = "defender" }]')
    odds = duel_odds(first, second, rules)
    assert odds.first + odds.second + odds.draw == 1
    win, lose, draw, unfinished = exact_by_the_engine(first, second, rules, 8)
    # Within 8 rounds the engine settles less than the unbounded chain, and the rest is
    # exactly the games still going.
    assert win <= odds.first <= win + unfinished
    assert lose <= odds.second <= lose + unfinished
    assert draw <= odds.draw <= draw + unfinished
    assert unfinished < Fraction(1, 10)


def test_a_cycle_is_reported_not_guessed():
    heal = '[[passives]]\nname = "Mend"\neffects = [{ kind = "heal", amount = 2 }]'
    odds = duel_odds(tiny("ann", 3, 3, heal), tiny("bob", 3, 3, heal), DEFAULT_RULES)
    assert odds.first is None and odds.second is None
    assert odds.method.startswith("not computed")


def test_a_duel_that_cannot_end_gives_nobody_a_win():
    # Equal fixed Bases (a personal deck of two 3s, one card drawn), outside the
    # Critical Range: every round a stalemate; the duel never ends.
    flat = tiny("ann", 3, 2, power="draw = 1\nvalues = [3, 3]")
    assert not flat.is_crit(3)
    odds = duel_odds(flat, flat, DEFAULT_RULES)
    assert (odds.first, odds.second, odds.draw) == (0, 0, 0)


# -- other policies (analysis.duel.odds.policy_odds) ------------------------------------------------
@pytest.mark.rules("DU 1.3", "DU 6.4", "DU 2.1")
def test_the_whole_state_chain_under_pass_agrees_with_the_hp_shield_chain():
    from analysis.duel.odds import policy_odds

    first, second = tiny("ann", 2, 3), tiny("bob", 3, 2)
    general = policy_odds(first, second, DEFAULT_RULES, "pass")
    special = duel_odds(first, second, DEFAULT_RULES)
    assert (general.first, general.second, general.draw) == \
        (special.first, special.second, special.draw)
    assert general.method.startswith("exact Markov chain over the whole state")


@pytest.mark.rules("DU 4.8", "DU 4.6", "DU 5.1")
def test_greedy_odds_are_exact_and_differ_from_passing():
    from analysis.duel.odds import policy_odds

    # Bob's one card, Burst, is +2 SS: greedy plays it every round, passing never does.
    bob = parse_character(EMBERLESS.replace("amount = 1 }", "amount = 2 }"), "bob.toml")
    ann = tiny("ann", 2, 3)
    greedy = policy_odds(ann, bob, DEFAULT_RULES, "greedy")
    passing = policy_odds(ann, bob, DEFAULT_RULES, "pass")
    assert isinstance(greedy.second, Fraction) and greedy.first + greedy.second + greedy.draw <= 1
    assert greedy.second > passing.second
    assert "'greedy'" in greedy.method
    # The engine's own game tree under greedy, six rounds deep, brackets the chain.
    win, lose, draw, unfinished = exact_by_the_engine(ann, bob, DEFAULT_RULES, 6, policy=POLICIES["greedy"])
    assert win <= greedy.first <= win + unfinished
    assert lose <= greedy.second <= lose + unfinished
    assert unfinished < Fraction(1, 10)


@pytest.mark.rules("DU 4.1", "DU 2.1")
def test_the_small_example_has_exact_policy_odds():
    from analysis.duel.odds import policy_odds

    spark = GAME.characters["spark"]
    for policy in ("greedy", "eager"):
        odds = policy_odds(spark, spark, DEFAULT_RULES, policy)
        # A mirror match: both sides alike, and nobody falls to their own card.
        assert odds.first == odds.second and odds.first + odds.second + odds.draw == 1
        assert odds.method.startswith("exact")


def test_a_chain_too_big_for_the_policy_is_reported_not_guessed():
    from analysis.duel.odds import policy_odds

    odds = policy_odds(GAME.characters["ember"], GAME.characters["tide"], DEFAULT_RULES, "greedy")
    assert odds.first is None and odds.second is None and odds.draw is None
    assert odds.method.startswith("not computed") and "45167199 pairs of hands and Bases" in odds.method
    small = policy_odds(tiny("ann", 2, 3), tiny("bob", 3, 2), DEFAULT_RULES, "greedy", max_states=50)
    assert small.first is None and "passed 50 states" in small.method


EMBERLESS = """
key = "bob"
name = "Bob"
hp = 3
critical = [2, 2]
crit_effects = [{ kind = "damage", amount = 1, to = "opponent" }]
[power]
dice = 1
sides = 2
[[cards]]
id = "X01"
name = "Burst"
timing = "after"
count = 30
effects = [{ kind = "ss", amount = 1 }]
"""
