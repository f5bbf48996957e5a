"""Fight Klub's getting started and setup phase: the game model (protocol, rules, invariants
that catch broken states), its scenarios, its registration and ``ringside fightklub setup``.

The games here stop when the fight cards are revealed; the rest of the turn is tested in
``tests/test_fightklub_turn.py``."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from model.core.errors import InputError
from model.core.game import CHANCE, AmbiguousAction, IllegalAction, missing_edges, probe_witness
from analysis.fightklub.loading import GAME
from model.fightklub.energy import EMPTY, parse_pool, payments_of
from model.fightklub.engine import DECKS, situation
from model.fightklub.rules import PRESETS, DEFAULT_RULES
from model.fightklub.state import TURN_STEPS, Move, Setup, State, Side

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(path for path in (ROOT / "scenarios" / "fightklub").glob("*.toml")
                   if path.name.startswith(("fk3-", "fk4-")))
"""The scenarios of energy and setup; those of the fights and the turn (fk5-, fk6-) are
``tests/test_fightklub_turn.py``'s."""
SETUP_RULES = tuple(f"FK 4.{n}" for n in range(1, 17))
BRICK_DANA = Setup(DECKS)
CATALOG = GAME.catalog
playable_deck = CATALOG.deck
INVARIANTS = GAME.invariants
TRANSITION_INVARIANTS = GAME.transition_invariants


def revealed(state):
    return state.step in TURN_STEPS


def play(rules=DEFAULT_RULES, seed=0, setup=BRICK_DANA, until=revealed):
    """A seeded random game: every (state, action, transition), to the reveal of the fight
    cards (or the end of the game) or to the first state ``until`` accepts."""
    rng = random.Random(seed)
    state = GAME.initial_state(setup, rules)
    steps = []
    while not GAME.is_terminal(state) and not (until and until(state)):
        if GAME.current_player(state) == CHANCE:
            action, _ = GAME.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, rules)))
        transition = GAME.resolve(state, action, rules)
        steps.append((state, action, transition))
        state = transition.state
    return state, steps


def at_step(step, rules=DEFAULT_RULES, seed=0, turn=None):
    state, _ = play(rules, seed, until=lambda s: s.step == step and (
        turn is None or s.turn == turn) and (step != "setup" or s.left == 2))
    assert state.step == step
    return state


def broken(state, **changes):
    return dataclasses.replace(state, **changes)


def problems(state):
    return {inv.name: inv(state) for inv in INVARIANTS if inv(state) is not None}


# -- setups and decks -------------------------------------------------------------------------------
@pytest.mark.rules("FK 4.1", "FK 2.1")
def test_setups_name_two_shipped_decks_and_round_trip():
    assert GAME.parse_setup("decks synthetic-brick synthetic-dana") == BRICK_DANA
    assert str(BRICK_DANA) == "decks synthetic-brick synthetic-dana"
    for bad in ("", "decks", "decks synthetic-brick", "decks a b c", "deck x y"):
        with pytest.raises(InputError):
            GAME.parse_setup(bad)
    with pytest.raises(InputError, match="no deck 'nope' shipped or listed in a card file; decks: "):
        GAME.parse_setup("decks nope synthetic-brick")


@pytest.mark.rules("FK 1.15", "FK 4.1")
@pytest.mark.parametrize("name", ["rambo", "hannibal"])
def test_decks_of_one_are_refused_naming_the_unknown_facts(name):
    with pytest.raises(InputError) as caught:
        GAME.parse_setup(f"decks {name} synthetic-brick")
    message = str(caught.value)
    assert "\n" not in message
    assert f"deck {name!r} cannot be played: the card texts of ONE are not public" in message
    character = "027 John Rambo" if name == "rambo" else "051 Hannibal Lecter"
    # the character's unknown printed values are named, and the draw-stack cards' types
    assert "life, hand, hold" in message or character in message
    assert "type" in message and "cost" in message and "more cards" in message


@pytest.mark.rules("FK 2.1", "FK 4.1")
def test_a_playable_deck_has_its_forty_cards_by_part():
    for name in DECKS:
        deck = playable_deck(name)
        assert len(deck.draw) == 26 and len(deck.fight) == 12
        assert sum(deck.all_cards().values()) == 40
        assert deck.drop.is_the_drop and deck.character.type == "character"
    assert playable_deck("synthetic-dana").most_drawn == 1  # Early Start draws one


# -- getting started --------------------------------------------------------------------------------
@pytest.mark.rules("FK 4.1", "FK 4.2", "FK 4.3")
def test_chance_gives_the_drop_to_either_player_with_odds_one_half():
    start = GAME.initial_state(BRICK_DANA, DEFAULT_RULES)
    assert start.step == "drop" and GAME.current_player(start) == CHANCE
    assert all(not side.hand and not side.laid and side.pool == EMPTY for side in start.sides)
    assert [(str(a), p) for a, p in GAME.chance_outcomes(start, DEFAULT_RULES)] == [
        ("drop 0", Fraction(1, 2)), ("drop 1", Fraction(1, 2))]
    after = GAME.apply(start, Move("drop", player=1), DEFAULT_RULES)
    assert (after.step, after.drop, after.turn) == ("deal", 1, 1)


@pytest.mark.rules("FK 4.2", "FK 4.4")
def test_the_deal_draws_one_card_at_a_time_from_the_players_own_stack():
    state = GAME.apply(GAME.initial_state(BRICK_DANA, DEFAULT_RULES), Move("drop", player=0),
                       DEFAULT_RULES)
    outcomes = dict((str(a), p) for a, p in GAME.chance_outcomes(state, DEFAULT_RULES))
    counts = Counter(playable_deck("synthetic-brick").draw)
    assert outcomes == {f"draw {code}": Fraction(n, 26) for code, n in counts.items()}
    assert "draw S922" not in outcomes  # Dana's signature card is not in Brick's deck


@pytest.mark.rules("FK 4.4", "FK 4.5", "FK 4.6")
def test_both_hands_reach_their_hand_value_then_the_starting_energy():
    for seed in range(6):
        state, steps = play(seed=seed, until=lambda s: s.step == "order")
        holder = state.drop
        dealt = [GAME.current_player(s) == CHANCE and s.step == "deal" and s.turn
                 for s, _, _ in steps[1:]]
        assert dealt[0] == holder  # the Drop holder is dealt first
        for player, name in enumerate(DECKS):
            deck = playable_deck(name)
            assert len(state.side(player).hand) == deck.hand_value
            assert state.side(player).pool == deck.first_setup_energy
        assert GAME.current_player(state) == holder
        assert [str(a) for a in GAME.legal_actions(state, DEFAULT_RULES)] == ["first 0", "first 1"]


@pytest.mark.rules("FK 4.6", "FK 4.7", "FK 4.8")
def test_the_chosen_player_sets_up_first_and_the_other_follows():
    state = at_step("order")
    for first in (0, 1):
        after = GAME.apply(state, Move("first", player=first), DEFAULT_RULES)
        assert (after.step, after.turn, after.left, after.first) == ("setup", first, 2, first)
        energy = playable_deck(DECKS[first]).first_setup_energy
        assert after.side(first).pool == state.side(first).pool.plus(energy)
        after = GAME.apply(after, Move("pass"), DEFAULT_RULES)
        after = GAME.apply(after, Move("pass"), DEFAULT_RULES)
        assert (after.step, after.turn, after.left) == ("setup", 1 - first, 2)


@pytest.mark.rules("FK 4.7", "FK 4.5")
def test_fk_s1_the_first_setup_energy_once_or_twice():
    once = dataclasses.replace(DEFAULT_RULES, first_setup_energy_twice=False)
    state = at_step("order")
    twice = GAME.apply(state, Move("first", player=0), DEFAULT_RULES)
    single = GAME.apply(state, Move("first", player=0), once)
    energy = playable_deck(DECKS[0]).first_setup_energy
    assert twice.side(0).pool == energy.plus(energy)
    assert single.side(0).pool == energy


@pytest.mark.rules("FK 4.8")
def test_fk_s2_a_pass_only_when_stuck_under_the_strict_reading():
    strict = dataclasses.replace(DEFAULT_RULES, pass_any_setup_action=False)
    state = at_step("setup")
    assert Move("pass") in GAME.legal_actions(state, DEFAULT_RULES)
    moves = GAME.legal_actions(state, strict)
    assert Move("pass") not in moves and moves
    with pytest.raises(IllegalAction, match=r"FK 4\.8"):
        GAME.parse_action(state, "pass", strict)
    # a player with nothing payable may still pass under the strict reading
    stuck = state.with_side(state.turn, pool=EMPTY)
    stuck_moves = [str(m) for m in GAME.legal_actions(stuck, strict)]
    assert "pass" in stuck_moves and all(m.startswith(("use", "pass")) for m in stuck_moves)


# -- setup actions and their payment ----------------------------------------------------------------
@pytest.mark.rules("FK 4.9", "FK 3.2", "FK 3.3", "FK 3.4", "FK 3.5", "FK 3.8", "FK 3.9")
def test_every_card_play_burns_exactly_a_payment_of_its_cost():
    for seed in range(8):
        for rules in PRESETS.values():
            _, steps = play(rules, seed)
            for before, action, transition in steps:
                if action.kind not in ("play", "use"):
                    continue
                assert GAME.parse_action(before, str(action), rules) == action
                cost = _cost_of(before, action)
                sight = situation(CATALOG, before, before.turn, rules)
                pool = before.side(before.turn).pool
                assert action.burn in set(payments_of(cost, pool, sight))
                pay_step = transition.steps[0]
                assert pay_step.phase == "pay" and "FK 4.9" in pay_step.rules


def _cost_of(state, action):
    from model.fightklub.energy import Cost
    from model.fightklub.carried import setup_lines

    card = CATALOG.card(action.card)
    if action.kind == "play":
        return card.cost or Cost()
    return setup_lines(card)[action.ability - 1].cost or Cost()


@pytest.mark.rules("FK 4.9", "FK 3.2", "FK 3.3")
def test_an_unpayable_card_is_not_offered_and_is_refused_with_its_rule():
    # Grandfather's Sabre costs burn B, burn 1: a lone yellow token cannot pay it
    state = _brick_setup(("S912", "S918", "S915", "S917", "S920", "S913"), "Y")
    offered = {str(m) for m in GAME.legal_actions(state, DEFAULT_RULES)}
    assert "play S918 burn Y" in offered
    assert not any(m.startswith("play S917") for m in offered)
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "play S917", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("FK 4.9", "FK 3.2")
    assert "cannot be paid from pool Y" in caught.value.illegal.reason
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "play S917 burn Y", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("FK 4.9", "FK 3.2")


def _brick_setup(hand, pool, support=()):
    deck = playable_deck("synthetic-brick")
    rest = Counter(deck.draw)
    rest.subtract(Counter(hand) + Counter(support))
    assert min(rest.values()) >= 0
    brick = Side(tuple(sorted(rest.elements())), tuple(sorted(hand)), tuple(sorted(support)),
                 (), deck.fight, (), parse_pool(pool), EMPTY)
    dana = Side(playable_deck("synthetic-dana").draw, (), (), (),
                playable_deck("synthetic-dana").fight, (), parse_pool("G Y"), EMPTY)
    dana = _dealt(dana, 7)
    return State(DECKS, "setup", 0, 0, 0, 2, 0, (brick, dana))


def _dealt(side, count):
    return dataclasses.replace(side, draw=side.draw[count:], hand=side.draw[:count])


@pytest.mark.rules("FK 3.8", "FK 4.9")
def test_latent_energy_is_spotted_but_never_burned():
    state = _brick_setup(("S912", "S918", "S915", "S917", "S920", "S913"), "G")
    moves = {str(m) for m in GAME.legal_actions(state, DEFAULT_RULES)}
    assert "play S912 burn G" in moves  # spot Y met by Brick's latent Y
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "play S918 burn Y", DEFAULT_RULES)  # Y is latent only
    assert caught.value.illegal.rules == ("FK 4.9", "FK 3.8")


@pytest.mark.rules("FK 4.9", "FK 3.3")
def test_a_burn_left_unsaid_is_completed_only_when_one_payment_fits():
    state = _brick_setup(("S912", "S918", "S915", "S917", "S920", "S913"), "B G")
    with pytest.raises(AmbiguousAction, match="which tokens to burn"):
        GAME.parse_action(state, "play S918", DEFAULT_RULES)
    assert str(GAME.parse_action(state, "play S912", DEFAULT_RULES)) == "play S912 burn G"


@pytest.mark.rules("FK 4.10", "FK 4.12", "FK 4.13")
def test_a_condition_in_play_offers_its_setup_line_for_both_actions():
    state = _brick_setup(("S918", "S915", "S917", "S920", "S913", "S912"), "G",
                         support=("S911",))
    once = GAME.apply(state, GAME.parse_action(state, "use S911", DEFAULT_RULES), DEFAULT_RULES)
    twice = GAME.apply(once, GAME.parse_action(once, "use S911", DEFAULT_RULES), DEFAULT_RULES)
    assert once.side(0).pool == parse_pool("B G")
    assert twice.side(0).pool == parse_pool("B B G")
    assert twice.turn == 1 and twice.side(1).pool == parse_pool("G G Y Y")  # G Y again


@pytest.mark.rules("FK 4.11", "FK 4.13", "FK 4.14")
def test_a_setup_instant_draws_and_goes_to_the_discard_stack():
    state = _brick_setup(("S918", "S915", "S917", "S920", "S913", "S919"), "B")
    after = GAME.apply(state, GAME.parse_action(state, "play S918 burn B", DEFAULT_RULES),
                       DEFAULT_RULES)
    assert (after.step, after.pending, after.side(0).discard) == ("draw", 1, ("S918",))
    assert after.side(0).pool == parse_pool("G")
    for text, rule in (("play S919 burn G", "FK 4.11"), ("play S913", "FK 4.11"),
                       ("use S911", "FK 4.12")):
        with pytest.raises(IllegalAction) as caught:
            GAME.parse_action(state, text, DEFAULT_RULES)
        assert rule in caught.value.illegal.rules, text


@pytest.mark.rules("FK 4.15", "FK 4.16", "FK 6.1")
def test_the_drop_holder_lays_first_then_the_reveal_begins_the_fight_phase():
    for seed in range(8):
        end, steps = play(seed=seed)
        assert end.step == "fight" and GAME.outcome(end, DEFAULT_RULES) is None
        assert GAME.current_player(end) == end.drop  # the holder picks the first fight
        layers = [s.turn for s, a, _ in steps if a.kind == "lay"]
        assert layers == [end.drop] * 3 + [1 - end.drop] * 3
        assert all(len(side.laid) == 3 and len(side.fight) == 9 for side in end.sides)
        assert steps[-1][2].steps[-1].phase == "reveal"


# -- invariants catch broken states -----------------------------------------------------------------
def test_invariants_hold_on_reachable_states_and_catch_broken_ones():
    state = at_step("setup")
    assert problems(state) == {}
    side = state.side(0)
    extra = state.with_side(0, hand=tuple(sorted(side.hand + ("S911",))))
    assert "cards-conserved" in problems(extra)
    setup = _brick_setup(("S912", "S918", "S915", "S917", "S920", "S913"), "B")
    assert problems(setup) == {}
    condition_at_stake = setup.with_side(0, hand=("S913", "S915", "S917", "S918", "S920"),
                                         stakes=("S912",))
    assert "zones-hold-their-types" in problems(condition_at_stake)
    effect_in_play = setup.with_side(0, hand=("S912", "S917", "S918", "S920", "S913"),
                                     support=("S915",))
    assert "zones-hold-their-types" in problems(effect_in_play)
    order = at_step("order")
    deck = playable_deck(DECKS[order.drop])
    held = order.side(order.drop)
    overfull = order.with_side(order.drop, hand=tuple(sorted(held.hand + held.draw[:1])),
                               draw=held.draw[1:])
    assert "hand-value" in problems(overfull) and len(overfull.side(order.drop).hand) > \
        deck.hand_value
    assert "setup-counts" in problems(broken(state, pending=1))
    assert "setup-counts" in problems(broken(state, left=0))
    early = state.with_side(0, fight=side.fight[1:], laid=side.fight[:1])
    assert "laid-cards" in problems(early)


@pytest.mark.rules("FK 3.1", "FK 3.2", "FK 3.8", "FK 4.7")
def test_transition_invariants_catch_tokens_from_nowhere_and_burned_latent_energy():
    by_name = {inv.name: inv for inv in TRANSITION_INVARIANTS}
    state = _brick_setup(("S918", "S915", "S917", "S920", "S913", "S912"), "B G")
    action = GAME.parse_action(state, "play S918 burn B", DEFAULT_RULES)
    after = GAME.apply(state, action, DEFAULT_RULES)
    assert all(inv(state, action, after, DEFAULT_RULES) is None for inv in by_name.values())
    richer = after.with_side(0, pool=after.side(0).pool.plus(parse_pool("Y")))
    assert "were given" in by_name["tokens-conserved"](state, action, richer, DEFAULT_RULES)
    # burning Y, which the pool never held (it is Brick's latent energy)
    latent = after.with_side(0, burned=parse_pool("Y"))
    assert "latent energy is never burned" in by_name["latent-never-burned"](
        state, action, latent, DEFAULT_RULES)
    kept = after.with_side(0, hand=state.side(0).hand)
    assert "the hand lost" in by_name["played-from-hand"](state, action, kept, DEFAULT_RULES)


# -- structure ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_playouts_stay_on_the_phase_graph_within_their_bound(rules):
    for seed in range(10):
        setup = GAME.example_setups(4)[seed % 4]
        start = GAME.initial_state(setup, rules)
        bound = GAME.max_length(start)
        end, steps = play(rules, seed, setup)
        assert len(steps) + GAME.max_length(end) <= bound
        for before, action, transition in steps:
            assert missing_edges(GAME, before, transition) == []
            assert GAME.max_length(transition.state) <= GAME.max_length(before) - 1
            for inv in INVARIANTS:
                assert inv(transition.state) is None, (inv.name, str(transition.state))
            for inv in TRANSITION_INVARIANTS:
                assert inv(before, action, transition.state, rules) is None, inv.name
            assert all(number in GAME.rulebook for s in transition.steps for number in s.rules)


def test_every_phase_and_rule_of_fk4_is_reached():
    from model.fightklub.phases import PHASE_NODES

    names = [node[0] for node in PHASE_NODES]
    setup_phases = set(names[:names.index("reveal") + 1])
    seen_phases, seen_rules = set(), set()
    for seed in range(30):
        for rules in PRESETS.values():
            _, steps = play(rules, seed)
            for _, _, transition in steps:
                seen_phases.update(step.phase for step in transition.steps)
                seen_rules.update(n for step in transition.steps for n in step.rules)
    # "refill" needs a draw stack drawn dry, which a first turn never does (scenario
    # fk4.14 reaches it)
    assert setup_phases - seen_phases - {"drop", "deal", "order", "setup", "lay"} == {"refill"}
    assert set(SETUP_RULES) - seen_rules == {"FK 4.14"}


@pytest.mark.parser_fuzz(seconds=30.0)
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80))
def test_states_and_actions_round_trip_through_their_notation(seed, cut):
    _, steps = play(seed=seed)
    state, _, _ = steps[min(cut, len(steps) - 1)]
    text = str(state)
    assert GAME.parse_state(text) == state and str(GAME.parse_state(text)) == text
    for action in GAME.actions(state, DEFAULT_RULES):
        assert GAME.parse_action(state, GAME.format_action(state, action), DEFAULT_RULES) == action


@pytest.mark.parametrize("text", [
    "", "decks synthetic-brick synthetic-dana", "nonsense | step setup",
    str(GAME.initial_state(BRICK_DANA, DEFAULT_RULES)).replace("step drop", "step brawl"),
    str(GAME.initial_state(BRICK_DANA, DEFAULT_RULES)).replace("pool -", "pool Q", 1),
    str(GAME.initial_state(BRICK_DANA, DEFAULT_RULES)).replace("draw S911", "draw X1", 1),
    str(GAME.initial_state(BRICK_DANA, DEFAULT_RULES)).replace("drop ?", "drop 2"),
    str(GAME.initial_state(BRICK_DANA, DEFAULT_RULES)).replace("laid -", "laid", 1),
])
def test_malformed_positions_are_input_errors_of_one_line(text):
    with pytest.raises(InputError) as caught:
        GAME.parse_state(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["", "brawl", "play", "play S9x1", "first 6",
                                  "play S911 burn Q", "use S911 return", "pass now",
                                  "play S911 burn B burn G", "draw"])
def test_malformed_actions_are_input_errors(text):
    with pytest.raises(InputError):
        Move.parse(text)


@pytest.mark.rules("FK 4.2")
def test_resample_redraws_only_what_the_player_cannot_see():
    state = at_step("setup", seed=2)
    rng = random.Random(0)
    varied = 0
    for player in (0, 1):
        seen = GAME.observation(state, player)
        for _ in range(10):
            twin = GAME.resample(state, player, rng)
            assert GAME.observation(twin, player) == seen
            assert twin.side(player).hand == state.side(player).hand
            assert twin.side(player).draw == state.side(player).draw
            assert all(inv(twin) is None for inv in INVARIANTS)
            varied += twin != state
    assert varied
    assert "S9" not in GAME.observation(state, 0).public.split("| p1")[1].split("support")[0]


# -- the ambiguity register's witnesses -----------------------------------------------------------------
@pytest.mark.rules("FK 4.7", "FK 4.8")
@pytest.mark.parametrize("entry", [a for a in GAME.ambiguities if a.id.startswith("FK-S")],
                         ids=lambda a: a.id)
def test_setup_witnesses_give_each_reading_its_own_answer(entry):
    views = [probe_witness(GAME, entry.witness.position, entry.witness.probe,
                           dataclasses.replace(GAME.default_rules, **{entry.field: r.value}))
             for r in entry.readings]
    assert len(set(views)) == len(views)


# -- scenarios, registration, the command --------------------------------------------------------------
@pytest.mark.rules(*SETUP_RULES, "FK 3.1", "FK 3.2", "FK 3.3", "FK 3.4", "FK 3.5", "FK 3.8",
                   "FK 3.9", "FK 3.11")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenarios_pass(path):
    from harness.scenario import load_scenario, run_scenario

    result = run_scenario(load_scenario(path, {"fightklub": GAME}, ROOT), GAME)
    assert result.passed, result.failures


def test_there_is_a_scenario_for_every_setup_rule():
    from harness.scenario import load_scenario

    about = set()
    for path in SCENARIOS:
        about.update(load_scenario(path, {"fightklub": GAME}, ROOT).rules)
    assert set(SETUP_RULES) <= about


def test_the_game_is_registered_with_its_cases_and_obligations():
    from harness.registry import parts_of
    from analysis.fightklub.cases import case_paths, energy_case_paths

    parts = parts_of("fightklub")
    assert parts.game is GAME
    cases = parts.cases()
    kinds = {case.id.split("/")[1] for case in cases}
    assert {"deck-cases", "energy-cases"} <= kinds  # and the fights' own cases
    assert sum(case.id.split("/")[1] in ("deck-cases", "energy-cases") for case in cases) == \
        len(case_paths()) + len(energy_case_paths())
    assert len({case.id for case in cases}) == len(cases)
    assert all(case.run() == [] for case in cases)
    assert [o.id for o in parts.obligations()][:1] == ["FK-P1"]


def _cli(argv, capsys):
    from harness.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rules("FK 4.3", "FK 4.6", "FK 4.16")
def test_the_setup_command_plays_a_seeded_game_as_json(capsys):
    argv = ["fightklub", "setup", "--decks", *DECKS, "--seed", "1", "--json"]
    code, out, err = _cli(argv, capsys)
    assert code == 0 and not err
    data = json.loads(out)
    assert data["setup"] == "decks synthetic-brick synthetic-dana" and data["seed"] == 1
    assert data["outcome"] == "fight phase begins" and data["rules"] == "rulebook"
    assert GAME.parse_state(data["end"]).step == "fight"  # the reveal: the fight phase
    assert data["actions"][0]["actor"] == "chance" and data["actions"][0]["action"] in (
        "drop 0", "drop 1")
    assert any(a["action"].startswith("first") for a in data["actions"])
    assert all(step["rules"] for a in data["actions"] for step in a["steps"])
    assert json.loads(_cli(argv, capsys)[1]) == data  # the same seed, the same game
    code, text, _ = _cli(argv[:-1], capsys)
    assert code == 0 and "result fight phase begins" in text and "FK 4.3]" in text


@pytest.mark.parametrize("argv", [
    ["fightklub", "setup", "--decks", "rambo", "hannibal"],
    ["fightklub", "setup", "--decks", "synthetic-brick", "nope"],
    ["fightklub", "setup", "--seed", "-1"],
    ["fightklub", "setup", "--set", "no_such_field=true"],
])
def test_the_setup_command_refuses_bad_input_with_one_line(argv, capsys):
    code, out, err = _cli(argv, capsys)
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1, err


def test_the_setup_command_reads_the_rulesets(capsys):
    code, out, _ = _cli(["fightklub", "setup", "--seed", "3", "--json", "--set",
                         "first_setup_energy_twice=false"], capsys)
    assert code == 0
    assert json.loads(out)["rules"] == "rulebook with first_setup_energy_twice=False"
    code, out, _ = _cli(["fightklub", "setup", "--seed", "3", "--json", "--rules", "literal"],
                        capsys)
    assert code == 0 and json.loads(out)["rules"] == "literal" and "literal" in PRESETS
