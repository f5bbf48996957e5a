"""Fight Klub's turn after the reveal (FK 6): the fight phase, the cooldown, the even-up, the
next turn and the end of the game; its invariants, its length bound, its ambiguity entries
(FK-T1 to FK-T3), its scenarios, the policies and ``ringside fightklub play``."""

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
from model.core.game import (
    CHANCE, IllegalAction, draw_outcomes, missing_edges, probe_witness,
)
from analysis.fightklub.loading import GAME
from analysis.fightklub.policies import POLICIES, play_game
from model.fightklub import fights, turn
from model.fightklub.carried import phase_lines
from model.fightklub.engine import DECKS, late_game
from model.fightklub.rules import PRESETS, DEFAULT_RULES
from model.fightklub.state import FightState, Move, Setup, State, Task
from model.fightklub.ambiguities import TURN_AMBIGUITIES
from model.fightklub.turn_rules import TURN_RULES

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "scenarios" / "fightklub"
SCENARIOS = sorted(p for p in FOLDER.glob("*.toml") if p.name.startswith(("fk5-", "fk6-")))
TURN_NUMBERS = tuple(rule.number for rule in TURN_RULES)
CATALOG = GAME.catalog
playable_deck = CATALOG.deck
INVARIANTS = GAME.invariants
TRANSITION_INVARIANTS = GAME.transition_invariants
PAIRS = ((DECKS[0], DECKS[1]), (DECKS[1], DECKS[0]), (DECKS[0], DECKS[0]), (DECKS[1], DECKS[1]))


def scenario_start(stem: str) -> State:
    """A shipped scenario's start, short or whole, as the scenario runner reads it."""
    from harness.scenario import load_scenario

    return GAME.parse_state(load_scenario(FOLDER / f"{stem}.toml", {"fightklub": GAME},
                                          ROOT).start)


def apply(state, *texts, rules=DEFAULT_RULES):
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(state, text, rules), rules)
    return state


def legal(state, rules=DEFAULT_RULES):
    return [str(a) for a in GAME.legal_actions(state, rules)]


def playout(start, seed, rules=DEFAULT_RULES, check=True):
    """A seeded random game from ``start`` to its end, every step checked: invariants,
    transition invariants, the phase graph, the length bound, the notation."""
    rng = random.Random(seed)
    state, taken = start, 0
    while not GAME.is_terminal(state):
        if GAME.current_player(state) == CHANCE:
            action, _ = GAME.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, rules)))
        transition = GAME.resolve(state, action, rules)
        after = transition.state
        if check:
            assert missing_edges(GAME, state, transition) == []
            assert GAME.max_length(after) <= GAME.max_length(state) - 1
            for inv in INVARIANTS:
                assert inv(after) is None, (inv.name, inv(after), str(after))
            for inv in TRANSITION_INVARIANTS:
                assert inv(state, action, after, rules) is None, (inv.name, str(state), action)
            assert all(number in GAME.rulebook for s in transition.steps for number in s.rules)
        state, taken = after, taken + 1
    return state, taken


# -- whole games ------------------------------------------------------------------------------------
@pytest.mark.rules("FK 6.12", "FK 6.15", "FK 5.15", "FK 6.1", "FK 6.13", "FK 6.14")
def test_whole_games_end_within_their_bound_with_every_step_checked():
    for seed in range(2):
        start = GAME.initial_state(Setup(PAIRS[seed]), DEFAULT_RULES)
        end, taken = playout(start, seed)
        assert taken <= GAME.max_length(start)
        outcome = GAME.outcome(end, DEFAULT_RULES)
        assert end.round > 1 and outcome is not None
        loser = 1 - next(iter(outcome.winners)) if outcome.winners else None
        if loser is not None:  # the loser's damage reached their life
            life = playable_deck(end.decks[loser]).character.parts.life
            assert turn.damage_taken(CATALOG, end, loser) >= life
            assert outcome.scores[1 - loser] == turn.damage_taken(CATALOG, end, loser)


@pytest.mark.parametrize("name", list(PRESETS))
def test_late_game_playouts_under_each_preset_and_reading(name):
    readings = [PRESETS[name]] + [dataclasses.replace(PRESETS[name], **{a.field: value})
                                  for a in TURN_AMBIGUITIES for value in (True, False)]
    for index, rules in enumerate(readings):
        start = late_game(CATALOG, PAIRS[index % 4], index)
        assert all(inv(start) is None for inv in INVARIANTS)
        end, taken = playout(start, index, rules)
        assert GAME.outcome(end, rules) is not None and taken <= GAME.max_length(start)


@pytest.mark.rules("FK 6.3", "FK 4.6")
def test_a_late_game_starts_a_turn_with_the_holders_order_choice():
    start = late_game(CATALOG, DECKS, 1)
    assert (start.step, start.drop, start.first, start.round) == ("order", 1, None, 3)
    assert GAME.current_player(start) == 1 and legal(start) == ["first 0", "first 1"]


# -- the fight phase ------------------------------------------------------------------------------
@pytest.mark.rules("FK 6.1")
def test_the_drop_holder_picks_among_the_pairings():
    state = scenario_start("fk6-1-the-drop-holder-picks-the-current-fight")
    assert GAME.current_player(state) == state.drop
    assert legal(state) == ["pick 1", "pick 2", "pick 3"]
    after = apply(state, "pick 2")
    assert after.fight == FightState(1) and after.step == "enhance" and after.first is None
    with pytest.raises(IllegalAction, match="FK 6.1"):
        GAME.parse_action(state, "skirmish left", DEFAULT_RULES)


@pytest.mark.rules("FK 6.2", "FK 5.16")
def test_unopposed_cards_come_first_and_skip_the_enhance_step():
    state = scenario_start("fk6-2-an-unopposed-card-comes-first")
    places, unopposed = turn.open_places(state)
    assert unopposed and legal(state) == [f"pick {p + 1}" for p in places]
    after = apply(state, legal(state)[0])
    assert after.step == "score" and after.fight.result[0] == fights.UNOPPOSED
    assert after.fight.result[1] in turn.fight_cards(after)


@pytest.mark.rules("FK 6.3", "FK 6.4")
def test_the_holder_orders_the_enhance_step_and_each_player_acts_once():
    state = scenario_start("fk6-3-the-drop-holder-orders-the-enhance-step")
    holder, other = state.drop, 1 - state.drop
    assert GAME.current_player(state) == holder and legal(state) == ["first 0", "first 1"]
    state = apply(state, f"first {other}")
    assert GAME.current_player(state) == other and "pass" in legal(state)
    state = apply(state, "pass")
    assert GAME.current_player(state) == holder and state.left == 1
    state = apply(state, "pass")
    assert state.step in ("skirmish", "clash", "score")  # the fight step has begun


@pytest.mark.rules("FK 6.4", "FK 5.3")
def test_an_effect_adds_its_tabs_to_its_players_totals():
    state = scenario_start("fk6-4-an-effect-adds-its-tabs")
    player = state.turn
    play = next(a for a in legal(state) if a.startswith("play S913"))
    after = apply(state, play)
    assert "S913" in after.side(player).table and after.side(player).hand.count("S913") == \
        state.side(player).hand.count("S913") - 1
    assert after.fight.boosts[player] == tuple(b + 1 for b in state.fight.boosts[player])


@pytest.mark.rules("FK 6.5", "FK 6.4")
def test_no_effect_in_a_clash_fight_and_gear_by_fk_t2():
    state = scenario_start("fk6-5-no-effect-in-a-clash-fight")
    assert turn.clash_fight(CATALOG, state)
    moves = legal(state)
    assert not any(m.startswith("play S913") for m in moves) and "activate S916" in moves
    with pytest.raises(IllegalAction, match="FK 6.5"):
        GAME.parse_action(state, "play S913 burn B", DEFAULT_RULES)
    barred = dataclasses.replace(DEFAULT_RULES, gear_in_clash_fights=False)
    assert "activate S916" not in legal(state, barred)
    with pytest.raises(IllegalAction, match="FK 6.5"):
        GAME.parse_action(state, "activate S916", barred)


@pytest.mark.rules("FK 6.6", "FK 5.2")
def test_a_rotation_turns_the_card_and_can_make_a_clash_fight():
    state = scenario_start("fk6-6-a-rotatable-card-turns")
    player = state.turn
    assert turn.mode(CATALOG, state) == fights.POWER
    after = apply(state, next(a for a in legal(state) if a.startswith("use S934")))
    assert after.fight.sides[player] == 1 and turn.clash_fight(CATALOG, after)


@pytest.mark.rules("FK 6.6")
def test_a_tab_change_with_a_label_touches_only_tabs_of_that_label():
    # Training Montage's enhance line: +2 to the centre skirmish, Physical tabs only
    state = scenario_start("fk6-4-an-effect-adds-its-tabs")
    player = state.turn
    montage = [s for s in CATALOG.card("S912").abilities if s.phase == "enhance"][0]
    code = state.side(player).laid[state.fight.place]
    centre = fights.up_side(CATALOG.card(code), state.fight.sides[player]).tabs[1].label
    after = turn._gametext(CATALOG, state, player, montage.steps, [], DEFAULT_RULES)
    gained = after.fight.boosts[player][1] - state.fight.boosts[player][1]
    assert gained == (2 if centre == "Physical" else 0)
    assert after.fight.boosts[1 - player] == state.fight.boosts[1 - player]


@pytest.mark.rules("FK 6.6")
def test_a_line_with_discards_names_them_and_they_leave_the_hand():
    state = scenario_start("fk6-6-a-line-with-discards-as-its-cost")
    player = state.turn
    uses = [a for a in GAME.legal_actions(state, DEFAULT_RULES) if a.card == "S901"]
    assert uses and all(len(a.cards) == 3 for a in uses)
    after = GAME.apply(state, uses[0], DEFAULT_RULES)
    gone = Counter(state.side(player).hand) - Counter(after.side(player).hand)
    assert sorted(gone.elements()) == list(uses[0].cards)
    assert after.fight.boosts[player] == tuple(b + 1 for b in state.fight.boosts[player])
    with pytest.raises(Exception, match="which cards to discard"):
        GAME.parse_action(state, "use S901 burn G", DEFAULT_RULES)


@pytest.mark.rules("FK 6.7", "FK 5.5", "FK 5.8")
def test_the_holder_resolves_the_skirmishes_in_any_order():
    state = scenario_start("fk6-7-the-drop-holder-orders-the-skirmishes")
    assert GAME.current_player(state) == state.drop
    assert legal(state) == ["skirmish left", "skirmish centre", "skirmish right"]
    after = apply(state, "skirmish right")
    assert after.fight.skirmishes == (2,) and "skirmish right" not in legal(after) or after.queue


@pytest.mark.rules("FK 6.7", "FK 5.1", "FK 5.10")
def test_clash_against_clash_is_the_holders_choice_and_clash_beats_tabs():
    state = scenario_start("fk6-7-clash-against-clash")
    assert legal(state) == ["clash 0", "clash 1"]
    for seat in (0, 1):
        after = apply(state, f"clash {seat}")
        assert after.fight.clash == seat and after.step == "score"
    forced = apply(scenario_start("fk6-7-clash-text-beats-tabs"), "pass")
    assert forced.step == "score" and forced.fight.clash is not None


@pytest.mark.rules("FK 6.8", "FK 5.6")
def test_result_tab_draws_are_chance_and_discards_a_choice():
    state = apply(scenario_start("fk6-8-a-result-tab-draws"), "skirmish centre")
    task = state.queue[0]
    assert task.kind == "draw" and GAME.current_player(state) == CHANCE
    assert [(str(a), p) for a, p in GAME.chance_outcomes(state, DEFAULT_RULES)] == [
        (f"draw {code}", p) for code, p in draw_outcomes(state.side(task.player).draw)]
    state = apply(scenario_start("fk6-8-a-result-tab-makes-the-opponent-discard"),
                  "skirmish centre")
    task = state.queue[0]
    assert task.kind == "discard" and GAME.current_player(state) == task.chooser
    assert legal(state) == [f"discard {c}" for c in sorted(set(state.side(task.player).hand))]


@pytest.mark.rules("FK 6.8", "FK 6.17", "FK 4.14")
def test_a_draw_that_empties_the_stack_ends_and_an_empty_one_does_nothing():
    state = scenario_start("fk6-17-the-draw-stack-runs-out-mid-even-up")
    keep = legal(state)[0]
    state = apply(state, keep)
    player = state.queue[0].player
    while state.queue and state.queue[0].player == player:
        state = apply(state, str(GAME.chance_outcomes(state, DEFAULT_RULES)[0][0]))
    value = playable_deck(state.decks[player]).hand_value
    assert len(state.side(player).hand) < value and not state.side(player).discard
    # a task on empty stacks is dropped at once
    dry = state.with_side(player, draw=(), discard=())
    queued = dataclasses.replace(dry, queue=(Task("draw", player, 2),))
    after = turn.advance(CATALOG, queued, [], DEFAULT_RULES)
    assert not any(t.kind == "draw" and t.player == player for t in after.state.queue)
    assert any(s.phase == "task" for s in after.steps)


@pytest.mark.rules("FK 6.9", "FK 5.14")
def test_finishing_move_doubles_the_winning_cards_damage():
    state = scenario_start("fk6-9-finishing-move-doubles-the-damage")
    winner = state.fight.result[1]
    code = turn.fight_cards(state)[winner]
    before = turn.damage_taken(CATALOG, state, 1 - winner)
    after = apply(state, next(a for a in legal(state) if a.startswith("play S920")), "pass")
    assert f"{code}x2" in after.side(winner).damage
    stakes = sum(fights.fight_damage(c, False, CATALOG.cards) for c in state.side(winner).stakes)
    assert turn.damage_taken(CATALOG, after, 1 - winner) - before == \
        fights.fight_damage(code, True, CATALOG.cards) + stakes


@pytest.mark.rules("FK 6.10", "FK 5.12", "FK 5.13")
def test_cards_on_the_fight_leave_before_it_is_settled():
    state = scenario_start("fk6-10-effects-discarded-and-gear-returned-before-scoring")
    after = apply(state, "pass")
    for seat in (0, 1):
        table = state.side(seat).table
        gear = [c for c in table if c == "S916"]
        assert not after.side(seat).table
        assert Counter(after.side(seat).support) - Counter(state.side(seat).support) == \
            Counter(gear)
        others = Counter(table) - Counter(gear)
        assert not others - Counter(after.side(seat).discard)
    assert after.fight is None and after.settled == state.settled + 1


@pytest.mark.rules("FK 6.11", "FK 5.13")
def test_exhausted_cards_go_under_and_come_back_in_order_with_certainty():
    state = scenario_start("fk6-11-exhausted-cards-come-back-last")
    side = state.side(state.turn)
    assert not side.fight and side.under
    assert [(str(a), p) for a, p in GAME.chance_outcomes(state, DEFAULT_RULES)] == [
        (f"lay {side.under[0]}", Fraction(1))]
    after = apply(state, f"lay {side.under[0]}")
    assert after.side(state.turn).under == side.under[1:]


@pytest.mark.rules("FK 6.12", "FK 5.15")
def test_damage_reaching_life_ends_the_game_at_once():
    state = scenario_start("fk6-12-the-game-ends-mid-turn-on-damage")
    end = apply(state, "pass")
    assert GAME.is_terminal(end) and any(end.side(p).laid for p in (0, 1))
    outcome = GAME.outcome(end, DEFAULT_RULES)
    assert outcome.winners == {state.fight.result[1]}
    with pytest.raises(IllegalAction, match="FK 6.12"):
        GAME.parse_action(end, "pass", DEFAULT_RULES)


@pytest.mark.rules("FK 6.13")
def test_cooldown_actions_are_cooldown_instants_and_lines():
    state = scenario_start("fk6-13-a-cooldown-instant")
    moves = GAME.legal_actions(state, DEFAULT_RULES)
    for move in moves:
        if move.kind == "play":
            card = CATALOG.card(move.card)
            assert card.type == "instant" and card.parts.phase == "cooldown"
        elif move.kind == "use":
            assert phase_lines(CATALOG.card(move.card), "cooldown")
        else:
            assert move.kind == "pass"
    player = state.turn
    holding = state.with_side(player, hand=tuple(sorted(state.side(player).hand + ("S913",))))
    with pytest.raises(IllegalAction, match="an effect, played in an enhance step .FK 6.4"):
        GAME.parse_action(holding, "play S913 burn B", DEFAULT_RULES)


@pytest.mark.rules("FK 6.14", "FK 6.3")
def test_the_even_up_keeps_at_most_the_hold_and_draws_to_the_hand_value():
    state = scenario_start("fk6-14-the-even-up")
    state = apply(state, f"first {state.drop}")
    player = state.turn
    deck = playable_deck(state.decks[player])
    keeps = GAME.legal_actions(state, DEFAULT_RULES)
    assert all(len(k.cards) <= deck.character.parts.hold for k in keeps)
    assert {len(k.cards) for k in keeps} == set(range(min(deck.character.parts.hold,
                                                          len(state.side(player).hand)) + 1))
    strict = dataclasses.replace(DEFAULT_RULES, evenup_discard_freely=False)
    assert {len(k.cards) for k in GAME.legal_actions(state, strict)} == {
        min(deck.character.parts.hold, len(state.side(player).hand))}
    after = GAME.apply(state, keeps[-1], DEFAULT_RULES)
    while after.queue and after.queue[0].player == player:
        after = apply(after, str(GAME.chance_outcomes(after, DEFAULT_RULES)[0][0]))
    assert len(after.side(player).hand) == deck.hand_value


@pytest.mark.rules("FK 6.15", "FK 4.7")
def test_the_drop_passes_and_the_next_turn_adds_the_first_setup_energy():
    state = scenario_start("fk6-15-the-first-setup-energy-each-turn")
    assert state.step == "order" and state.round > 1
    once = dataclasses.replace(DEFAULT_RULES, first_setup_energy_twice=False)
    after = apply(state, f"first {state.drop}", rules=once)
    energy = playable_deck(state.decks[state.drop]).first_setup_energy
    assert after.side(state.drop).pool == state.side(state.drop).pool.plus(energy)


@pytest.mark.rules("FK 6.16")
def test_a_game_with_no_fight_card_left_stalls_by_fk_t1():
    entry = next(a for a in TURN_AMBIGUITIES if a.id == "FK-T1")
    state = GAME.parse_state(entry.witness.position)
    end = apply(state, "pass")
    assert GAME.is_terminal(end) and GAME.outcome(end, DEFAULT_RULES).winners == frozenset()
    by_damage = dataclasses.replace(DEFAULT_RULES, stalled_game_by_damage=True)
    assert GAME.outcome(end, by_damage).winners == {1}


# A command witness (FK-T7, FK-T8: cards of a user's own) is run under each reading by
# tests/test_core_ambiguity.py.
@pytest.mark.parametrize("entry", [a for a in TURN_AMBIGUITIES if not a.witness.command],
                         ids=lambda a: a.id)
def test_turn_witnesses_give_each_reading_its_own_answer(entry):
    answers = {probe_witness(GAME, entry.witness.position, entry.witness.probe,
                             dataclasses.replace(DEFAULT_RULES, **{entry.field: r.value}))
               for r in entry.readings}
    assert len(answers) == len(entry.readings)
    assert getattr(DEFAULT_RULES, entry.field) == entry.default


# -- invariants catch broken states ----------------------------------------------------------------
def problems(state):
    return {inv.name for inv in INVARIANTS if inv(state) is not None}


@pytest.mark.rules("FK 2.3", "FK 5.11", "FK 4.3", "FK 5.15", "FK 6.12")
def test_turn_invariants_catch_broken_states():
    state = scenario_start("fk5-12-the-winner-scores-the-raise-the-stakes-cards")
    assert problems(state) == set()
    side = state.side(0)
    lost = state.with_side(0, stakes=side.stakes[1:]) if side.stakes else \
        state.with_side(0, fight=side.fight[1:])
    assert "fight-cards-accounted" in problems(lost)
    assert "one-drop-holder" in problems(dataclasses.replace(state, drop=None))
    assert "turn-structure" in problems(dataclasses.replace(state, fight=None))
    assert "turn-structure" in problems(dataclasses.replace(state, step="cooldown"))
    for fight in (dataclasses.replace(state.fight, sides=(1, 1)),
                  dataclasses.replace(state.fight, result=None)):
        assert "turn-structure" in problems(dataclasses.replace(state, fight=fight))
    loser = 1 - state.fight.result[1]
    winner_side = state.side(1 - loser)
    heavy = tuple(sorted(winner_side.damage + ("S935x2",) * 3))
    beaten = state.with_side(1 - loser, damage=heavy)
    assert "game-ends-on-damage" in problems(beaten)


@pytest.mark.rules("FK 5.12", "FK 5.14", "FK 6.14")
def test_turn_transition_invariants_catch_broken_steps():
    by_name = {inv.name: inv for inv in TRANSITION_INVARIANTS}
    state = scenario_start("fk6-9-finishing-move-doubles-the-damage")
    winner = state.fight.result[1]
    action = GAME.parse_action(state, next(a for a in legal(state) if a.startswith("play S920")),
                               DEFAULT_RULES)
    state = GAME.apply(state, action, DEFAULT_RULES)
    last = GAME.parse_action(state, "pass", DEFAULT_RULES)
    after = GAME.apply(state, last, DEFAULT_RULES)
    check = by_name["damage-from-scored-cards"]
    assert check(state, last, after, DEFAULT_RULES) is None
    side = after.side(winner)
    forged = after.with_side(winner, damage=tuple(sorted(side.damage + ("S931",))))
    assert "not from their fight card" in check(state, last, forged, DEFAULT_RULES)
    evenup = scenario_start("fk6-14-the-even-up")
    evenup = apply(evenup, f"first {evenup.drop}")
    keep = GAME.legal_actions(evenup, DEFAULT_RULES)[-1]
    kept = GAME.apply(evenup, keep, DEFAULT_RULES)
    assert by_name["evenup-hand-and-hold"](evenup, keep, kept, DEFAULT_RULES) is None
    greedy = Move("keep", cards=evenup.side(evenup.turn).hand)
    assert "kept" in by_name["evenup-hand-and-hold"](evenup, greedy, kept, DEFAULT_RULES)


# -- notation ---------------------------------------------------------------------------------------
@pytest.mark.parser_fuzz(seconds=30.0)
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_turn_states_and_actions_round_trip(seed, cut):
    rng = random.Random(seed)
    state = late_game(CATALOG, PAIRS[seed % 4], seed)
    for _ in range(cut):
        if GAME.is_terminal(state):
            break
        if GAME.current_player(state) == CHANCE:
            action, _ = GAME.sample_chance(state, DEFAULT_RULES, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, DEFAULT_RULES)))
            assert GAME.parse_action(state, str(action), DEFAULT_RULES) == action
        state = GAME.apply(state, action, DEFAULT_RULES)
    assert GAME.parse_state(str(state)) == state


@pytest.mark.parametrize("text", [
    "fight 0 sides 0 0 boosts 0 0 0 0 0 0 null - skirmishes - clash - result - double -",
    "fight 1 sides 0 2 boosts 0 0 0 0 0 0 null - skirmishes - clash - result - double -",
    "fight 1 sides 0 0 boosts 0 0 0 0 0 null - skirmishes - clash - result - double -",
    "fight 1 sides 0 0 boosts 0 0 0 0 0 0 null X skirmishes - clash - result - double -",
    "fight 1 sides 0 0 boosts 0 0 0 0 0 0 null - skirmishes L L clash - result - double -",
    "fight 1 sides 0 0 boosts 0 0 0 0 0 0 null - skirmishes - clash - result power won",
    "queue p2-draws-1", "queue p0-draws-0", "queue p0-draws-1-p1-chooses", "round 0",
    "settled x",
])
def test_malformed_turn_sections_are_input_errors_of_one_line(text):
    base = str(scenario_start("fk6-4-an-effect-adds-its-tabs"))
    head, _, rest = base.partition(" | p0 ")
    head = head.split(" | fight ")[0]
    with pytest.raises(InputError) as caught:
        GAME.parse_state(f"{head} | {text} | p0 {rest}")
    assert "\n" not in str(caught.value)


def test_turn_zones_read_and_write_only_when_not_empty():
    state = scenario_start("fk6-9-finishing-move-doubles-the-damage")
    text = str(state)
    assert not state.side(0).under and " stakes " in text  # player 0's part comes first
    assert GAME.parse_state(text.replace(" damage ", " under - damage ", 1)) == state
    with pytest.raises(InputError, match="in this order"):
        GAME.parse_state(text.replace(" damage ", " table - under - damage ", 1))


# -- scenarios ---------------------------------------------------------------------------------------
@pytest.mark.rules(*TURN_NUMBERS, "FK 5.7", "FK 5.8", "FK 5.9", "FK 5.10", "FK 5.11", "FK 5.12",
                   "FK 5.13", "FK 5.14", "FK 5.15", "FK 5.16")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_turn_scenarios_pass(path):
    from harness.scenario import load_scenario, run_scenario

    result = run_scenario(load_scenario(path, {"fightklub": GAME}, ROOT), GAME)
    assert result.passed, result.failures


def test_there_is_a_scenario_for_every_turn_rule_and_reading():
    from harness.scenario import load_scenario

    about, shown = set(), set()
    for path in SCENARIOS:
        scenario = load_scenario(path, {"fightklub": GAME}, ROOT)
        about.update(scenario.rules)
        shown.update(scenario.ambiguities)
    assert set(TURN_NUMBERS) <= about
    assert {a.id for a in TURN_AMBIGUITIES} <= shown


# -- policies and the play command ------------------------------------------------------------------
@pytest.mark.parametrize("name", list(POLICIES))
def test_policies_choose_legal_actions_and_finish_games(name):
    start = late_game(CATALOG, DECKS, 0)
    steps = list(play_game(GAME, start, DEFAULT_RULES, 3, POLICIES[name]))
    for before, action, _ in steps:
        if GAME.current_player(before) != CHANCE:
            assert action in GAME.legal_actions(before, DEFAULT_RULES)
    assert GAME.is_terminal(steps[-1][2].state)
    again = [str(a) for _, a, _ in play_game(GAME, start, DEFAULT_RULES, 3, POLICIES[name])]
    assert again == [str(a) for _, a, _ in steps]


def _cli(argv, capsys):
    from harness.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rules("FK 6.12", "FK 6.15")
def test_the_play_command_plays_the_synthetic_decks_to_the_end(capsys):
    code, out, err = _cli(["fightklub", "play", *DECKS, "--seed", "1"], capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[-1].startswith("result player ") and " wins: " in lines[-1]
    assert "-- turn 2" in out and "(Drop holder): first" in out and "[FK 6.1]" in out
    code, out, _ = _cli(["fightklub", "play", *DECKS, "--seed", "1", "--json"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert records[0]["seed"] == 1 and records[-1]["result"].startswith("player ")
    assert all(r["steps"] and all(s["rules"] for s in r["steps"]) for r in records[1:-1])
    assert records[-1]["actions"] == len(records) - 2
    assert GAME.is_terminal(GAME.parse_state(records[-1]["end"]))


def test_the_play_command_stops_after_max_turns(capsys):
    code, out, _ = _cli(["fightklub", "play", *DECKS, "--seed", "2", "--max-turns", "1",
                         "--policy", "first"], capsys)
    assert code == 0 and out.splitlines()[-1].startswith("result stopped after turn 1: ")
    assert "-- turn 2" not in out


@pytest.mark.parametrize("argv, needle", [
    (["rambo", "hannibal", "--seed", "1"], "card texts of ONE are not public"),
    (["synthetic-brick", "nope"], "no deck 'nope' shipped or listed"),
    (["synthetic-brick", "synthetic-dana", "--seed", "-1"], "--seed"),
    (["synthetic-brick", "synthetic-dana", "--max-turns", "0"], "--max-turns"),
    (["synthetic-brick", "synthetic-dana", "--policy", "best"], "--policy"),
])
def test_the_play_command_refuses_bad_input_with_one_line(argv, needle, capsys):
    code, out, err = _cli(["fightklub", "play", *argv], capsys)
    assert code == 2 and not out and needle in err and len(err.strip().splitlines()) == 1
    if argv[0] == "rambo":
        assert "027 John Rambo" in err and f"ringside fightklub play {' '.join(DECKS)}" in err


def test_the_play_command_stops_at_a_broken_invariant_naming_rule_and_step(capsys, monkeypatch):
    from model.core.game import Invariant

    broken = Invariant("no-second-turn", ("FK 6.15",), "A probe that fails in turn 2.",
                       lambda state: "turn 2 reached" if state.round > 1 else None)
    monkeypatch.setattr(GAME, "invariants", GAME.invariants + (broken,))
    code, out, err = _cli(["fightklub", "play", *DECKS, "--seed", "1"], capsys)
    assert code == 1 and out.splitlines()[-1].startswith("result broken")
    assert err.startswith("ringside: step ") and (
        "invariant no-second-turn (FK 6.15) broken: turn 2 reached" in err)
