"""Monsters Masters & Mobsters (setup phase): cards, notation, each rule, invariants,
the generic protocol checks, and what exhaustive search finds about termination and
getting stuck.

``tests/test_core_conformance.py`` runs its generic checks on the registered game;
the few run here as well aim them at this game's own starts (playouts under both
rulesets, a Monster-first player who completes setup).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from fractions import Fraction

import pytest

import test_core_conformance as conformance
from model.core.errors import InputError
from model.core.game import IllegalAction
from analysis.monmamo.loading import GAME
from analysis.monmamo.search import survey
from model.monmamo.cards import CARD_TYPES, parse_card_set
from model.monmamo.engine import first_player_odds
from model.monmamo.rules import DEFAULT_RULES, LITERAL
from model.monmamo.state import Move, Setup, State

EMPTY = ("library - | battlefield - | discard - | exile - | declared - | passes 0")


def position(hands: str, *, library: str = "-", battlefield: str = "-", turn: int = 0,
             step: str = "play", discard: str = "-", exile: str = "-", declared: str = "-",
             monsters: int = 1) -> State:
    return State.parse(
        f"format {monsters} 1 | first 0 | step {step} | turn {turn} | pending 0 | "
        f"library {library} | hands {hands} | battlefield {battlefield} | "
        f"discard {discard} | exile {exile} | declared {declared} | passes 0")


def legal(state, rules=DEFAULT_RULES) -> set[str]:
    return {str(a) for a in GAME.legal_actions(state, rules)}


def refusal(state, text, rules=DEFAULT_RULES) -> tuple[str, ...]:
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, text, rules)
    return caught.value.illegal.rules


def play(state, texts, rules=DEFAULT_RULES):
    steps = []
    for text in texts:
        transition = GAME.resolve(state, GAME.parse_action(state, text, rules), rules)
        steps.extend(transition.steps)
        state = transition.state
    return state, steps


# -- cards ------------------------------------------------------------------------------
@pytest.mark.rules("MM 2.1", "MM 3.1")
def test_the_synthetic_set_has_every_type_and_full_monster_stats():
    cards = GAME.cards
    assert {card.type for card in cards.values()} == CARD_TYPES
    for card in cards.values():
        assert card.text.startswith("Synthetic."), card.number  # marked as ours
        assert (card.monster is not None) == (card.type == "Monster")
    gritjaw = cards["S03"].monster
    assert (gritjaw.hp, gritjaw.level, gritjaw.size, gritjaw.speed, gritjaw.sex,
            gritjaw.taxons, gritjaw.multiplier, gritjaw.innate_skill) == (
        20, 3, 4, 1, "male", ("saurian",), 2, "Iron Bite")


GOOD = 'synthetic = true\n[[card]]\nnumber = "X1"\nname = "Bob"\ntype = "Bystander"\n' \
       'text = "t"\n'


@pytest.mark.parametrize(("text", "message"), [
    ("[[card]]\nnumber = 'X1'", "x.toml: a card set must declare synthetic = true"),
    ("synthetic = true\n[[card", "x.toml: not valid TOML"),
    ("synthetic = true\n", "x.toml: has no [[card]] tables"),
    (GOOD.replace('"Bystander"', '"Wizard"'), "x.toml: card 1 (X1): type: 'Wizard'"),
    (GOOD.replace('name = "Bob"\n', ''), "x.toml: card 1 (X1): name: must be"),
    (GOOD + 'limit = -1\n', "x.toml: card 1 (X1): limit: must be a whole number"),
    (GOOD + 'colour = "red"\n', "x.toml: card 1 (X1): unknown field 'colour'"),
    (GOOD + GOOD.replace("synthetic = true\n", ""), "x.toml: card 2: the number X1"),
    (GOOD.replace('"Bystander"', '"Draw"'), "x.toml: card 1 (X1): draws: a Draw card"),
    (GOOD.replace('"Bystander"', '"Monster"'), "x.toml: card 1 (X1): monster: a Monster"),
    (GOOD.replace('"Bystander"', '"Monster"') + "[card.monster]\nhp = 3\n",
     "x.toml: card 1 (X1): monster: missing level"),
    (GOOD + 'specific = true\nlimit = 2\n', "x.toml: card 1 (X1): limit: a specific card"),
])
def test_bad_card_sets_are_refused_naming_file_card_and_field(text, message):
    with pytest.raises(InputError) as caught:
        parse_card_set(text, "x.toml")
    assert re.sub(r": line \d+", "", str(caught.value)).startswith(message), str(caught.value)


def test_the_rules_read_the_card_set_the_game_is_given():
    """The card set is a value of the game: with S01 printed as a specific Monster, a
    second Bramblehound may no longer be placed, and the invariant says why."""
    from model.monmamo.engine import MonstersMastersMobsters

    state = position("S01 S09 / S04", battlefield="1:S02")
    assert "place S01" in legal(state)
    reprinted = MonstersMastersMobsters(
        cards={**GAME.cards, "S01": dataclasses.replace(GAME.cards["S01"], specific=True)})
    assert "place S01" not in {str(a) for a in reprinted.legal_actions(state, DEFAULT_RULES)}
    both = position("S09 / S04", battlefield="0:S01 1:S02")
    assert all(i(both) is None for i in GAME.invariants)
    assert next(i for i in reprinted.invariants if i.name == "unique-on-battlefield")(both)
    assert GAME.cards["S01"].specific is False  # the shipped game is untouched


# -- setups and notation -----------------------------------------------------------------
def test_setups_parse_round_trip_and_name_the_bad_field():
    setup = Setup.parse("players 3 monsters 2 knockouts 2 library 20 seed 4")
    assert str(setup) == "players 3 monsters 2 knockouts 2 library 20 seed 4"
    assert setup.library_cards(GAME.cards) == setup.library_cards(GAME.cards)
    assert len(setup.library_cards(GAME.cards)) == 20
    for text, field in [("players 5 monsters 1 knockouts 1 library 9 seed 0", "players"),
                        ("players 2 monsters 1 knockouts 3 library 9 seed 0", "knockouts"),
                        ("players 2 monsters 1 knockouts 1 library 0 seed 0", "library")]:
        with pytest.raises(InputError, match=f"^{field}:"):
            Setup.parse(text)


def test_states_round_trip_and_bad_sections_are_named():
    state = position("S01 S09 / S02 S04", battlefield="0:S03+S09+S10 1:S06",
                     discard="S05 S05", exile="S12", declared="1")
    assert State.parse(str(state)) == state
    for text, where in [(str(state).replace("step play", "step dance"), "step"),
                        (str(state).replace("turn 0", "turn 4"), "turn"),
                        (str(state).replace("0:S03", "0S03"), "battlefield"),
                        (str(state).replace("first 0", "first ?"), "first")]:
        with pytest.raises(InputError, match=f"^{where}:"):
            State.parse(text)
    with pytest.raises(InputError, match="sections"):
        State.parse("format 1 1 | first 0")


@pytest.mark.parametrize(("changed", "where"), [
    ("hands S01 S09 / S02 S99", "hands: seat 1"), ("hands S01 library / S02", "hands: seat 0"),
    ("library Z1", "library"), ("battlefield 0:S03+X9", "battlefield"),
    ("discard S05 s05", "discard"), ("exile Q", "exile")])
def test_a_position_with_a_card_not_in_the_set_is_refused_naming_the_zone(changed, where):
    """The notation reads any card number (the invariant known-cards catches a state
    built with an unknown one); the game's parser, which knows its card set, refuses it."""
    text = str(position("S01 S09 / S02 S04", battlefield="0:S03", discard="S05"))
    section = changed.split()[0]
    old = next(part for part in text.split(" | ") if part.startswith(section + " "))
    text = text.replace(old, changed)
    assert State.parse(text)
    with pytest.raises(InputError, match=f"^{where}: '.+' is not a card of the card set$"):
        GAME.parse_state(text)


# -- the rules, one by one ------------------------------------------------------------------
@pytest.mark.rules("MM 4.2")
def test_the_starting_roll_and_the_tie_readings():
    for players in (2, 3, 4):
        odds = first_player_odds(players, True)
        assert odds == (Fraction(1, players),) * players
        assert sum(first_player_odds(players, False)) == 1
    # Ties go to the first seat: seat 0 starts on 15 outright wins of the 36 two-player
    # rolls, plus the 6 ties.
    assert first_player_odds(2, False)[0] == Fraction(15 + 6, 36)
    start = GAME.initial_state(Setup(2, 1, 1, 16, 0), LITERAL)
    assert dict(GAME.chance_outcomes(start, LITERAL))[Move("first", (), 1)] == Fraction(5, 12)


@pytest.mark.rules("MM 4.3", "MM 1.2", "MM 1.3")
def test_each_player_is_dealt_seven_one_card_at_a_time():
    rules = DEFAULT_RULES
    state = GAME.initial_state(Setup(3, 1, 1, 30, 2), rules)
    state = GAME.apply(state, Move("first", (), 1), rules)
    draws = 0
    while state.step == "deal":
        outcomes = GAME.chance_outcomes(state, rules)
        assert sum(p for _, p in outcomes) == 1
        assert len(outcomes) == len(set(state.library))  # one draw, not whole orders
        # A shuffled Library: each card as likely as any other to come next.
        assert all(p == Fraction(state.library.count(move.cards[0]), len(state.library))
                   for move, p in outcomes)
        state = GAME.apply(state, outcomes[0][0], rules)
        draws += 1
    assert draws == 21 and [len(h) for h in state.hands] == [7, 7, 7]
    assert state.step == "play" and state.turn == 1 and len(state.library) == 9


@pytest.mark.rules("MM 4.4", "MM 1.1")
def test_placing_and_the_reading_of_monsters_in_setup():
    state = position("S01 S04 S09 / S02 S07")
    assert {"place S01", "place S04"} <= legal(state)
    assert "place S01" not in legal(state, LITERAL)
    assert refusal(state, "place S01", LITERAL) == ("MM 4.4",)
    assert refusal(state, "place S09") == ("MM 4.4",)  # a Trait is attached, not placed
    after, _ = play(state, ["place S04"])
    assert after.battlefield[0].owner == 0 and after.battlefield[0].card == "S04"


@pytest.mark.rules("MM 4.5", "MM 2.2")
def test_a_mobster_discards_the_bystander_of_its_name():
    state = position("S05 S07 / S02 S04", battlefield="1:S06+S11 0:S07")
    after, steps = play(state, ["place S05"])
    assert [e.card for e in after.battlefield] == ["S07", "S05"]
    assert after.discard == ("S06", "S11")  # the Bystander and its Proficiency
    assert [s.phase for s in steps][:2] == ["place", "replace"]
    # The other way round, the Bystander cannot join its Mobster (our reading).
    beside = position("S06 / S02", battlefield="1:S05")
    assert refusal(beside, "place S06") == ("MM 4.5", "MM 2.2")


@pytest.mark.rules("MM 2.3", "MM 2.4", "MM 2.2")
def test_specific_cards_once_and_limits_by_name():
    state = position("S03 S04 S07 S02 / S01", battlefield="1:S03 1:S04 0:S07 1:S07 1:S07 "
                                                           "0:S01 1:S01")
    assert refusal(state, "place S03") == ("MM 2.3", "MM 2.2")
    assert refusal(state, "place S04") == ("MM 2.3", "MM 2.2")
    assert refusal(state, "place S07") == ("MM 2.4", "MM 2.2")
    # S02 has another number but the same name as S01: two Bramblehounds are there.
    assert refusal(state, "place S02") == ("MM 2.4", "MM 2.2")


@pytest.mark.rules("MM 4.6", "MM 4.7")
def test_traits_and_mana_go_on_own_monsters_at_any_time_in_setup():
    state = position("S09 S10 / S02", battlefield="0:S01 1:S02 0:S04", monsters=2)
    assert {a for a in legal(state) if a.startswith("attach")} == {
        "attach S09 to 0", "attach S10 to 0"}
    assert refusal(state, "attach S09 to 1") == ("MM 4.6",)
    # Later in setup, after other turns: the Trait still attaches (setup is one entry).
    after, steps = play(state, ["attach S09 to 0"])
    assert after.battlefield[0].attached == ("S09",)
    assert steps[0].rules == ("MM 4.6", "MM 4.7")


@pytest.mark.rules("MM 4.8")
def test_proficiencies_and_the_owner_reading():
    state = position("S11 / S02", battlefield="0:S01 1:S05 0:S04")
    assert {a for a in legal(state) if a.startswith("attach")} == {"attach S11 to 2"}
    assert {a for a in legal(state, LITERAL) if a.startswith("attach")} == {
        "attach S11 to 1", "attach S11 to 2"}
    assert refusal(state, "attach S11 to 0") == ("MM 4.8",)


@pytest.mark.rules("MM 4.9", "MM 1.5")
def test_draw_cards_draw_and_go_to_the_discard_or_exile():
    state = position("S01 S02 S03 S05 S06 S07 S12 / S01 S02 S03 S05 S06 S07 S08",
                     library="S09 S10 S11")
    after, _ = play(state, ["play S12"])
    assert after.step == "draw" and after.pending == 2 and after.discard == ("S12",)
    after, _ = play(after, ["draw S09", "draw S10"])
    assert after.step == "trim" and len(after.hands[0]) == 8
    exiled, _ = play(state, ["play S12"], LITERAL)
    assert exiled.exile == ("S12",) and exiled.discard == ()


@pytest.mark.rules("MM 4.10", "MM 4.11", "MM 1.4")
def test_discarding_any_number_and_never_nothing():
    state = position("S01 S01 S09 / S02")
    discards = {a for a in legal(state) if a.startswith("discard")}
    # Sub-multisets of {S01, S01, S09} but the empty one: 3 x 2 - 1.
    assert len(discards) == 5 and "discard S01 S01 S09" in discards
    assert refusal(state, "pass") == ("MM 4.11",)
    assert refusal(state, "discard S02") == ("MM 4.11",)
    after, steps = play(state, ["discard S01 S09"])
    assert after.discard == ("S01", "S09") and after.hands[0] == ("S01",)
    assert steps[0].rules == ("MM 4.10", "MM 1.4")


@pytest.mark.rules("MM 4.12")
def test_the_turn_ends_with_seven_in_hand():
    state = position("S01 S02 S03 S04 S05 S06 S07 / S01 S02 S03 S05 S06 S07 S08",
                     library="S09 S10 S11 S12")
    after, steps = play(state, ["discard S01 S02"])
    assert after.step == "draw"
    after, steps = play(after, ["draw S09", "draw S10"])
    assert len(after.hands[0]) == 7 and after.step == "play" and after.turn == 1
    assert refusal(after, "trim S01") == ("MM 4.11",)


@pytest.mark.rules("MM 4.13", "MM 4.1")
def test_declaring_and_the_final_turns():
    state = position("S01 S09 / S02 S04 / S02 S07", battlefield="1:S03 2:S02")
    assert "place S01 declare" in legal(state)
    assert refusal(state, "discard S09 declare") == ("MM 4.13", "MM 4.1")
    after, _ = play(state, ["place S01 declare"])
    assert after.declared == 0 and after.turn == 1
    after, _ = play(after, ["place S04"])
    assert after.turn == 2 and after.step == "play"
    after, steps = play(after, ["discard S07"])
    assert after.step == "complete"
    assert GAME.outcome(after, DEFAULT_RULES).label == "setup complete"
    # Declaring alone is a play only under the literal reading.
    ready = position("S09 / S02", battlefield="0:S01 1:S02")
    assert "declare" in legal(ready, LITERAL) and "declare" not in legal(ready)
    assert refusal(ready, "declare") == ("MM 4.11", "MM 4.13")


@pytest.mark.rules("MM 4.14")
def test_a_player_without_cards_stalls_setup_or_passes():
    state = position("S09 / -")
    after, steps = play(state, ["discard S09"])
    assert after.step == "stalled" and steps[-1].rules == ("MM 4.14", "MM 4.11")
    passing, _ = play(state, ["discard S09"], LITERAL)
    assert passing.step == "play" and legal(passing, LITERAL) == {"pass"}
    passing, _ = play(passing, ["pass", "pass"], LITERAL)
    assert passing.step == "stalled"


# -- invariants catch broken states and steps ---------------------------------------------------
@pytest.mark.rules("MM 1.6", "MM 1.5", "MM 4.12", "MM 2.3", "MM 4.5", "MM 4.6", "MM 4.14")
def test_the_invariants_catch_what_the_rules_forbid():
    broken = {
        "seven-in-hand": position("S01 / S02", library="S03"),
        "unique-on-battlefield": position("S01 / S02", battlefield="0:S03 1:S03"),
        # The Bystander entered before its owner's Mobster and stayed (MM 4.5).
        "bystander-gives-way": position("S01 / S02", battlefield="0:S06 0:S05"),
        "attachments-fit": position("S01 / S02", battlefield="0:S04+S09"),
        "known-cards": position("Z99 / S02"),
        "complete-when-met": position("S01 / S02", step="complete"),
    }
    for name, state in broken.items():
        invariant = next(i for i in GAME.invariants if i.name == name)
        assert invariant(state), name
        assert all(i(position("S01 / S02")) is None for i in GAME.invariants)
    # After its Mobster, the Bystander stands there only by the reading of MM-A7 that
    # allows it: no invariant objects.
    joined = position("S01 / S02", battlefield="0:S05 1:S06")
    assert all(i(joined) is None for i in GAME.invariants)
    # Another player's Bystander stays beside a later Mobster only by the reading of
    # MM-A10 that replaces the placing player's own: no invariant objects either.
    beside = position("S01 / S02", battlefield="1:S06 0:S05")
    assert all(i(beside) is None for i in GAME.invariants)
    conserved, exile, spend, passes = GAME.transition_invariants
    before = position("S01 / S02", exile="S12")
    assert conserved(before, Move("pass"), dataclasses.replace(before, exile=()), DEFAULT_RULES)
    assert exile(before, Move("pass"),
                 dataclasses.replace(before, exile=(), discard=("S12",)), DEFAULT_RULES)
    assert spend(before, Move("discard", ("S01",)), before, DEFAULT_RULES)
    # A lone declaration that left the run of passes standing (MM 4.14).
    passed = dataclasses.replace(before, passes=1)
    assert passes(passed, Move("declare"), passed, DEFAULT_RULES) == (
        "declare left 1 passes in a row after 1; a play leaves 0")
    assert passes(passed, Move("pass"), dataclasses.replace(before, passes=2),
                  DEFAULT_RULES) is None
    assert passes(passed, Move("pass"), passed, DEFAULT_RULES)


# -- the generic protocol checks -------------------------------------------------------------
@pytest.mark.parametrize("preset", list(GAME.presets))
@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_keep_the_protocol(preset, seed):
    rules = GAME.preset(preset)
    rng = random.Random(f"monmamo/{preset}/{seed}")
    seen = conformance.check_playout(GAME, rules, conformance.start_for(GAME, rules, seed),
                                     rng)
    assert GAME.is_terminal(seen["states"][-1]) and seen["varied"]


def test_the_static_generic_checks():
    conformance.check_setups(GAME)
    conformance.test_game_describes_itself(GAME)
    conformance.test_rulesets_reject_bad_names_and_fields(GAME)
    conformance.test_phase_graph_is_clean_and_names_known_rules(GAME)
    conformance.test_invariants_name_known_rules(GAME)
    conformance.test_exploration_starts_are_reproducible(GAME)
    conformance.test_actions_are_refused_once_the_game_is_over(GAME)


def test_playouts_that_aim_for_the_format_complete_setup():
    """A player who places Monsters first and declares when they can completes setup,
    with every check run on the way."""
    rules = DEFAULT_RULES
    rng = random.Random(3)
    for seed in range(6):
        state = GAME.initial_state(Setup(2, 1, 1, 30, seed), rules)
        while not GAME.is_terminal(state):
            if GAME.current_player(state) < 0:
                action, _ = GAME.sample_chance(state, rules, rng)
            else:
                options = list(GAME.legal_actions(state, rules))
                ranked = sorted(options, key=lambda a: (not a.declare, a.kind != "place",
                                                        a.kind == "discard", len(a.cards)))
                action = ranked[0]
            conformance.check_step(GAME, state, action, rules)
            state = GAME.apply(state, action, rules)
            conformance.check_state(GAME, state, rules)
        if GAME.outcome(state, rules).label == "setup complete":
            return
    pytest.fail("no seed let a Monster-first player complete setup")


# -- termination and getting stuck: exhaustive search from small positions -------------------
SMALL = ["S01 S09 / S02 S04", "S01 S12 S09 / S02 S04 S06", "S05 S07 S09 / S06 S08 S11",
         "S01 S09 / S02 S04 / S03 S07"]


@pytest.mark.rules("MM 4.11", "MM 4.12", "MM 4.14")
@pytest.mark.parametrize("hands", SMALL)
@pytest.mark.parametrize("preset", list(GAME.presets))
def test_setup_always_ends_within_its_bound_and_never_deadlocks(hands, preset):
    rules = GAME.preset(preset)
    found = survey(GAME, rules, position(hands), max_states=100_000)
    assert found.complete and not found.dead_ends
    assert 0 < found.longest <= found.bound
    assert "setup stalled" in found.ends  # running out of cards is always possible
    if preset == "literal":
        # No Monster enters during setup, so no format is ever met.
        assert "setup complete" not in found.ends


def test_the_shortest_traces_of_the_findings():
    found = survey(GAME, DEFAULT_RULES, position("S01 S09 / S02 S04"))
    assert found.shortest["setup stalled"] == ("discard S01 S09", "place S02")
    assert found.shortest["setup complete"] == ("place S01", "place S02 declare",
                                                "attach S09 to 0")
    literal = survey(GAME, LITERAL, position("S01 S09 / S02 S04"))
    assert literal.shortest == {"setup stalled": ("discard S01 S09", "discard S02 S04",
                                                  "pass", "pass")}
    no_monsters = survey(GAME, DEFAULT_RULES, position("S05 S07 S09 / S06 S08 S11"))
    assert set(no_monsters.ends) == {"setup stalled"}  # the format can never be met


@pytest.mark.parametrize("preset", list(GAME.presets))
def test_the_harness_explorer_finds_no_deadlock_violation_or_overlong_game(preset):
    from harness.explorer import explore, playouts

    rules = GAME.preset(preset)
    starts = [position(hands) for hands in SMALL]
    searched = explore(GAME, rules, starts, max_depth=12, max_states=20_000)
    assert searched.ok, [p.message for p in searched.problems]
    assert searched.exhausted and searched.terminal_states > 0
    played = playouts(GAME, rules, list(GAME.exploration_starts(rules, 3)), count=20, seed=1)
    assert played.ok, [p.message for p in played.problems]


# -- teams ----------------------------------------------------------------------------------
@pytest.mark.rules("MM 4.1")
def test_teams_are_part_of_the_format_and_count_by_the_reading():
    from model.monmamo.battlefield import format_met

    setup = Setup.parse("players 4 monsters 1 knockouts 2 library 20 seed 4 teams 2")
    assert str(setup) == "players 4 monsters 1 knockouts 2 library 20 seed 4 teams 2"
    state = GAME.initial_state(setup, DEFAULT_RULES)
    assert GAME.format_state(state).startswith("format 1 2 teams 2 | ")
    assert GAME.parse_state(GAME.format_state(state)) == state
    assert [state.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    for text in ("players 3 monsters 1 knockouts 1 library 9 seed 0 teams 2",
                 "players 4 monsters 1 knockouts 1 library 9 seed 0 teams 4",
                 "players 2 monsters 1 knockouts 1 library 9 seed 0 teams 1"):
        with pytest.raises(InputError, match="^teams:"):
            Setup.parse(text)
    for text in ("format 1 1 teams 3", "format 1 1 teams 0", "format 1 1 squads 2"):
        with pytest.raises(InputError, match="^format:"):
            State.parse(GAME.format_state(state).replace("format 1 2 teams 2", text))
    one_each_team = GAME.parse_state(
        "format 1 1 teams 2 | first 0 | step play | turn 2 | pending 0 | library - | "
        "hands S09 / S07 / S04 / S12 | battlefield 0:S01 1:S02 | discard - | exile - | "
        "declared - | passes 0")
    shared = dataclasses.replace(DEFAULT_RULES, teams_share_monsters=True)
    assert (format_met(one_each_team, GAME.cards, shared)
            and not format_met(one_each_team, GAME.cards, DEFAULT_RULES))
    # The invariant asks only what every reading asks: each team's total.
    finished = dataclasses.replace(one_each_team, step="complete")
    assert all(i(finished) is None for i in GAME.invariants)
    assert next(i for i in GAME.invariants if i.name == "complete-when-met")(
        dataclasses.replace(finished, battlefield=finished.battlefield[:1]))


def test_a_seeded_team_setup_plays_through(capsys):
    from harness.cli import main

    assert main(["monmamo", "setup", "--players", "4", "--teams", "2", "--seed", "3",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["setup"].endswith("teams 2") and data["start"].startswith("format 1 1 teams 2")
    assert main(["monmamo", "setup", "--players", "3", "--teams", "2"]) == 2
    assert capsys.readouterr().err.startswith("ringside: error: teams: 2 teams cannot share")
