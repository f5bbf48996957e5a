"""The Power Source duel: characters as data, notation, each rule, the ambiguity
register's witnesses, invariants and the generic protocol checks on this game's starts.

``tests/test_core_conformance.py`` runs its generic checks on every registered game;
the ones run here aim them at the duel's own starts under both rulesets, so they run
whether or not the game is registered.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import test_core_conformance as conformance
from analysis.duel.loading import GAME
from analysis.duel.policies import POLICIES, play_duel
from harness.scenario import load_scenario, run_scenario
from model.core.errors import InputError
from model.core.game import IllegalAction, Joint, probe_witness
from model.core.policy import Policy
from model.duel import resolution
from model.duel.characters import DECK_SIZE, find_character, parse_character
from model.duel.engine import ROUND_MAX
from model.duel.rules import ALTERNATIVE, DEFAULT_RULES
from model.duel.state import Play, Setup

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios" / "duel").glob("*.toml"))
EMBER = (ROOT / "analysis" / "duel" / "data" / "characters" / "ember.toml").read_text()


# -- characters as data ----------------------------------------------------------------------
@pytest.mark.rules("DU 1.1", "DU 1.2")
def test_shipped_characters_are_ours_with_thirty_card_decks():
    assert set(GAME.characters) == {"ember", "tide", "brute", "spark"}
    for char in GAME.characters.values():
        assert char.ours and len(char.deck()) == DECK_SIZE
    # The three full examples play cards at both moments; the small one (one kind of
    # card, a three-sided die) is there to keep exhaustive searches small.
    for key in ("ember", "tide", "brute"):
        assert {card.timing for card in GAME.characters[key].cards} == {"before", "after"}
    spark = GAME.characters["spark"]
    assert len(spark.cards) == 1 and spark.power.dice == 1 and spark.power.sides == 3
    kinds = {e.kind for c in GAME.characters.values() for card in c.cards
             for e in card.effects + sum(card.options, ()) + (card.rush.effects if card.rush else ())}
    whens = {e.when for c in GAME.characters.values() for card in c.cards
             for e in card.effects + sum(card.options, ())}
    # Every mechanism of the rulebook's keyword list is exercised by some card.
    assert kinds == {"ss", "damage", "heal", "shield", "dr", "regen"}
    assert whens == {"always", "aggressor", "defender", "crit", "salvage", "revenge", "execute"}
    assert any(card.options for c in GAME.characters.values() for card in c.cards)
    assert any(card.rush for c in GAME.characters.values() for card in c.cards)
    assert {c.power.is_dice for c in GAME.characters.values()} == {True, False}


@pytest.mark.parametrize(("old", "new", "message"), [
    ("hp = 30", "hp = 0", "ember.toml: line 9: field 'hp' must be a whole number from 1 to 99, not 0"),
    ("hp = 30", "hp = \"thirty\"", "field 'hp' must be a whole number"),
    ("count = 6", "count = 5", "cards: the Action Deck holds 29 cards; it must hold 30"),
    ('timing = "before"\ncount = 6', 'timing = "during"\ncount = 6',
     "cards[0] (E01): field 'timing' must be before or after, not 'during'"),
    ('{ kind = "ss", amount = 2 }', '{ kind = "punch", amount = 2 }',
     "cards[0] (E01): effects[0]: field 'kind' must be one of"),
    ('when = "execute", threshold = 5', 'when = "execute"',
     "cards[4] (E05): effects[0]: the field 'threshold' is missing"),
    ("critical = [11, 12]", "critical = [12, 11]", "field 'critical' must be [LOW, HIGH]"),
    ("dice = 2", "dice = 9", "power: field 'dice' must be a whole number from 1 to 4, not 9"),
    ('id = "E02"', 'id = "E01"', "cards[1]: the card id E01 is used twice"),
    ('key = "ember"', 'key = "Ember!"', "field 'key' must be 1 to 12 lowercase letters"),
    ("ours = true", "ours = true\ncolour = 1", "unknown field 'colour'"),
    ('{ kind = "regen", to = "self" }]\n\n[[cards]]\nid = "E01"',
     '{ kind = "regen", to = "self" }, { kind = "regen", to = "self" }]\n\n[[cards]]\nid = "E01"',
     "adrenaline[1]: an Adrenaline Action re-rolls one die at most"),
    ("key =", "key = = ", "not valid TOML"),
])
@pytest.mark.rules("DU 1.2")
def test_character_file_errors_name_the_file_entry_and_field(old, new, message):
    assert old in EMBER
    with pytest.raises(InputError) as caught:
        parse_character(EMBER.replace(old, new, 1), "ember.toml")
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith("ember.toml")


def test_characters_are_found_by_key_or_name_and_unknown_ones_refused():
    table = GAME.characters
    assert find_character(table, "Ember Duelist") is find_character(table, "ember")
    with pytest.raises(InputError,
                       match="unknown character 'zed'; characters: ember, tide, brute, spark"):
        find_character(table, "zed")


@pytest.mark.rules("DU 4.1")
@pytest.mark.parametrize("key", ["ember", "tide", "brute"])
def test_power_outcomes_are_exact_and_match_every_ordered_draw(key):
    power = GAME.characters[key].power
    outcomes = dict(power.outcomes())
    assert sum(outcomes.values()) == 1
    if power.is_dice:
        rolls = list(itertools.product(range(1, power.sides + 1), repeat=power.dice))
    else:
        rolls = list(itertools.permutations(power.values, power.draw))
    counted = Counter(tuple(sorted(r)) for r in rolls)
    assert outcomes == {k: Fraction(n, len(rolls)) for k, n in counted.items()}
    assert power.minimum == min(sum(k) for k in outcomes)


# -- notation and setups ---------------------------------------------------------------------
def test_setups_parse_and_refuse_with_one_line():
    assert Setup.parse("Ember vs TIDE rounds 3", GAME.characters) == Setup("ember", "tide", 3)
    for text, message in [("ember tide", "is not a setup"), ("ember vs zed rounds 2", "second"),
                          ("ember vs tide rounds 0", "rounds"), ("ember vs tide rounds ٣", "rounds")]:
        with pytest.raises(InputError, match=message):
            Setup.parse(text, GAME.characters)


@pytest.mark.parametrize(("change", "message"), [
    (("hp 30 32", "hp 30"), "hp: takes two whole numbers"),
    (("step draw", "step lunch"), "step: takes one of"),
    (("roles -", "roles 2"), "roles: takes -, 0, 1 or none"),
    (("pending -", "pending 0:E01:punch3"), "is not a kind and an amount"),
    (("hands - / -", "hands E01"), "hands: takes two parts"),
    (("duel ember tide", "duel ember zed"), "unknown character 'zed'"),
])
def test_positions_refuse_what_cannot_be_written(change, message):
    text = GAME.format_state(GAME.initial_state(Setup("ember", "tide", 2), DEFAULT_RULES))
    assert change[0] in text
    with pytest.raises(InputError, match=message):
        GAME.parse_state(text.replace(change[0], change[1], 1))


# -- the round -------------------------------------------------------------------------------
def first_round(seed: int = 0, rules=DEFAULT_RULES):
    state = GAME.initial_state(Setup("ember", "tide", 3), rules)
    return [t for _, _, t in itertools.islice(play_duel(GAME, state, rules, seed), 40)]


@pytest.mark.rules("DU 2.1", "DU 3.1", "DU 4.1", "DU 4.6", "DU 6.1", "DU 6.4", "DU 7.5")
def test_a_round_goes_through_the_phases_in_order():
    phases = [step.phase for t in first_round() for step in t.steps]
    firsts = [phases.index(p) for p in ("draw", "discard", "before", "roll", "roles",
                                        "enter_after", "after", "step_a", "step_b", "step_c",
                                        "step_d", "step_e", "cleanup", "adrenaline")]
    assert firsts == sorted(firsts)


@pytest.mark.rules("DU 3.1")
def test_before_rolls_is_a_secret_simultaneous_choice():
    state = GAME.parse_state(load_scenario(ROOT / "scenarios/duel/before-rolls-cards-only.toml",
                                           {"duel": GAME}).start)
    assert GAME.players_to_act(state) == (0, 1)
    own = [GAME.player_actions(state, DEFAULT_RULES, seat) for seat in (0, 1)]
    assert len(GAME.legal_actions(state, DEFAULT_RULES)) == len(own[0]) * len(own[1])
    # A player's options do not change with the opponent's hidden hand.
    twin = GAME.resample(state, 0, random.Random(3))
    assert GAME.player_actions(twin, DEFAULT_RULES, 0) == own[0]


@pytest.mark.rules("DU 7.2", "DU 7.1")
def test_adrenaline_table_and_closed_form_agree():
    for damage in range(0, 80):
        assert resolution.adrenaline_by_table(damage) == resolution.adrenaline_for_damage(damage)
    for current, damage, minimum, stalemate, stack in itertools.product(
            range(6), range(0, 30, 3), (False, True), (False, True), (False, True)):
        after = resolution.adrenaline_after(current, damage, minimum, stalemate, stack)
        assert current <= after <= 5


@pytest.mark.rules("DU 5.4", "DU 5.6")
def test_absorb_spends_shield_before_hp_and_never_goes_below_zero():
    for hp, shield, damage in itertools.product(range(6), range(4), range(9)):
        new_hp, new_shield, lost, blocked = resolution.absorb(hp, shield, damage)
        assert new_hp >= 0 and new_shield >= 0 and blocked + lost <= damage
        assert new_hp == hp or new_shield == 0


@pytest.mark.rules("DU 1.4")
@pytest.mark.parametrize("rules", [DEFAULT_RULES, ALTERNATIVE], ids=["rulebook", "alternative"])
def test_max_length_bounds_every_round(rules):
    """The bound falls with every action, the window after Cleanup (DU-A8) included."""
    state = GAME.initial_state(Setup("tide", "brute", 4), rules)
    assert GAME.max_length(state) == 4 * ROUND_MAX
    for seed in range(3):
        states = [state] + [t.state for _, _, t in play_duel(GAME, state, rules, seed)]
        assert len(states) - 1 <= GAME.max_length(state)
        assert all(GAME.max_length(b) > GAME.max_length(a) for b, a in zip(states, states[1:]))


@pytest.mark.rules("DU 4.8", "DU 4.11")
def test_du_a8_an_action_after_resolution_counts_in_the_next_round():
    """Under the other reading of DU-A8 the window after Cleanup offers the Tidecaller
    Riptide but not Turn the Tide (a REGEN, with no Base left to re-roll); its +3 is the
    next round's, its use is round 1's, and round 2's window offers an action again.
    The Ember Duelist's Second Wind, taken there, heals at the next Resolution only."""
    (entry,) = [a for a in GAME.ambiguities if a.id == "DU-A8"]
    rules = dataclasses.replace(DEFAULT_RULES, adrenaline_after_resolution=True)
    late = GAME.parse_state(probe_witness(GAME, entry.witness.position, "pass", rules))
    assert (late.step, late.round, GAME.players_to_act(late)) == ("late", 1, (1,))
    assert [GAME.format_action(late, a) for a in GAME.legal_actions(late, rules)] == [
        "pass", "pass + adrenaline riptide"]
    after = GAME.apply(late, GAME.parse_action(late, "pass + adrenaline riptide", rules), rules)
    assert (after.step, after.round, after.bonus, after.used) == ("draw", 2, (0, 3),
                                                                 (False, False))
    # Second Wind after Resolution: the heal waits for round 2's Resolution
    hurt = dataclasses.replace(late, hp=(20, 22), adrenaline=(2, 0))
    assert GAME.players_to_act(hurt) == (0,)
    healed = GAME.apply(hurt, GAME.parse_action(hurt, "pass + adrenaline second-wind", rules),
                        rules)
    assert healed.hp == (20, 22) and [p.effect.kind for p in healed.pending] == ["heal"]
    # a play is refused in the window after Cleanup, with the rule that says why
    with pytest.raises(IllegalAction, match="DU 4.11"):
        GAME.parse_action(late, "play T01", rules)


@pytest.mark.rules("DU 1.3", "DU 6.7")
@pytest.mark.parametrize("rules", [DEFAULT_RULES, ALTERNATIVE], ids=["rulebook", "alternative"])
def test_seeded_duels_end_with_a_winner_a_draw_or_the_round_bound(rules):
    labels = Counter()
    for seed in range(6):
        state = dataclasses.replace(GAME.initial_state(Setup("ember", "brute", 6), rules),
                                    hp=(9, 9))
        end = state
        for _, _, transition in play_duel(GAME, state, rules, seed, POLICIES["eager"]):
            end = transition.state
        outcome = GAME.outcome(end, rules)
        labels[outcome.label] += 1
        if outcome.label.endswith("wins"):
            (winner,) = outcome.winners
            assert end.hp[winner] > 0 and end.hp[1 - winner] == 0
    assert sum(labels.values()) == 6 and set(labels) <= {"player 0 wins", "player 1 wins",
                                                        "draw", "unfinished"}


def test_refusals_name_a_rule_and_malformed_actions_are_input_errors():
    state = GAME.initial_state(Setup("ember", "tide", 2), DEFAULT_RULES)
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "draw T01", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("DU 2.1",)
    with pytest.raises(InputError, match="is not an action of the duel"):
        GAME.parse_action(state, "shuffle everything", DEFAULT_RULES)


# -- the ambiguity register --------------------------------------------------------------------
@pytest.mark.parametrize("ambiguity", GAME.ambiguities, ids=lambda a: a.id)
def test_each_witness_separates_its_readings(ambiguity):
    views = [probe_witness(GAME, ambiguity.witness.position, ambiguity.witness.probe,
                           dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: r.value}))
             for r in ambiguity.readings]
    assert len(set(views)) == len(views), views
    assert getattr(DEFAULT_RULES, ambiguity.field) == ambiguity.default
    assert getattr(ALTERNATIVE, ambiguity.field) != ambiguity.default


# -- scenarios: one ruling per file, each about its rules ---------------------------------------
def _scenario_param(path: Path):
    rules = tomllib.loads(path.read_text(encoding="utf-8"))["rules"]
    return pytest.param(path, id=path.stem, marks=pytest.mark.rules(*rules))


@pytest.mark.parametrize("path", [_scenario_param(p) for p in SCENARIOS])
def test_scenario(path):
    scenario = load_scenario(path, {"duel": GAME})
    result = run_scenario(scenario, GAME)
    assert not result.failures, result.failures


def test_every_rule_has_a_scenario():
    covered = set()
    for path in SCENARIOS:
        covered |= set(tomllib.loads(path.read_text(encoding="utf-8"))["rules"])
    assert set(GAME.rulebook.numbers()) <= covered


# -- the generic protocol checks, on this game's own starts ----------------------------------------
def test_setups_keep_the_protocol():
    conformance.check_setups(GAME)


@pytest.mark.rules("DU 2.1", "DU 4.1", "DU 4.10", "DU 5.4", "DU 7.1")
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("preset", ["rulebook", "alternative"])
def test_random_playouts_keep_the_protocol(preset, seed):
    rules = GAME.preset(preset)
    start = list(GAME.exploration_starts(rules, seed + 1))[seed]
    seen = conformance.check_playout(GAME, rules, start, random.Random(f"duel/{preset}/{seed}"))
    assert GAME.is_terminal(seen["states"][-1]) and seen["varied"]


def test_the_pass_policy_never_plays():
    state = GAME.initial_state(Setup("tide", "ember", 2), DEFAULT_RULES)
    for before, action, _ in play_duel(GAME, state, DEFAULT_RULES, 5, POLICIES["pass"]):
        choices = action.choices if isinstance(action, Joint) else (
            ((0, action),) if isinstance(action, Play) else ())
        assert all(play.kind in ("pass", "keep", "trim") and not play.adrenaline
                   for _, play in choices)



def test_the_policies_keep_the_protocol_and_decide_from_what_the_player_sees():
    """Each policy is a Policy named by its key; the fixed ones choose the same action at
    every state the player cannot tell apart from the one played (the opponent's hand
    and deck dealt again)."""
    assert all(isinstance(policy, Policy) and policy.name == name and policy.description
               for name, policy in POLICIES.items())
    assert {"eager", "pass", "greedy", "first", "random"} <= set(POLICIES)
    rng = random.Random(3)
    for name in ("eager", "pass", "greedy"):
        policy = POLICIES[name]
        state = GAME.initial_state(Setup("ember", "tide", 2), DEFAULT_RULES)
        chosen = 0
        for before, _, _ in play_duel(GAME, state, DEFAULT_RULES, 2, policy):
            for seat in GAME.players_to_act(before):
                choice = policy.choose(GAME, before, DEFAULT_RULES, seat, rng)
                for _ in range(3):
                    twin = GAME.resample(before, seat, rng)
                    assert policy.choose(GAME, twin, DEFAULT_RULES, seat, rng) == choice
                chosen += 1
        assert chosen > 10, name

# -- the Adrenaline window (DU 4.11) -----------------------------------------------------------
def _window_offers(state, rules, seed: int):
    """Play ``state``'s round with random choices; the seats offered the window, in order,
    with what each did, and the state each offer was made in."""
    rng = random.Random(seed)
    offers = []
    while GAME.phase(state) not in ("draw", "over", "trim"):
        player = GAME.current_player(state)
        if player < 0 and GAME.phase(state) not in ("after", "close"):
            action, _ = GAME.sample_chance(state, rules, rng)
        else:
            seats = GAME.players_to_act(state)
            choices = tuple((s, rng.choice(GAME.player_actions(state, rules, s))) for s in seats)
            if state.step in ("open", "close", "answer"):
                offers.append((state, choices))
            action = Joint(choices) if player < 0 else choices[0][1]
        state = GAME.apply(state, action, rules)
    return offers


@pytest.mark.rules("DU 4.8", "DU 4.11")
@pytest.mark.parametrize("roles", ["0", "1", "none"])
def test_the_window_offers_only_players_who_can_act_in_their_order(roles):
    start = GAME.parse_state(
        "duel ember tide | round 1 of 5 | step after | hp 20 20 | shield 0 0 | adrenaline 2 2 "
        "| hands E03 E04 E05 / T03 T04 T05 | decks E01*6 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 "
        "/ T01*6 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 4 5 / 3 4 "
        f"| bonus 0 0 | roles {roles} | crit - | acted - | used - | pending - | regen - 0 "
        "| gains 0 0")
    seen_steps = Counter()
    for seed in range(40):
        offers = _window_offers(start, DEFAULT_RULES, seed)
        for state, choices in offers:
            seen_steps[state.step] += 1
            assert all(state.acted)  # offers after the cards come once both have played
            for seat, play in choices:
                assert not state.used[seat]
                assert any(a.cost <= state.adrenaline[seat] for a in state.chars[seat].adrenaline)
                assert play.kind == "pass"
            if roles != "none":
                aggressor = int(roles)
                expected = aggressor if state.step == "close" else 1 - aggressor
                assert [seat for seat, _ in choices] == [expected]
        # Each offer after the first follows an action: two passes in a row close it.
        for (before, first), (after, _) in zip(offers, offers[1:]):
            assert sum(after.used) > sum(before.used) or before.step == "close" and \
                not any(p.adrenaline for _, p in first) and roles != "none"
    assert seen_steps["close"] and (roles == "none" or seen_steps["answer"])


@pytest.mark.rules("DU 4.11")
def test_the_defender_is_offered_the_window_before_the_aggressors_card():
    state = GAME.parse_state(
        "duel ember tide | round 1 of 5 | step roll | hp 20 20 | shield 0 0 | adrenaline 2 1 "
        "| hands E03 E04 E05 / T03 T04 T05 | decks E01*6 E02*4 E03*4 E04*3 E05*3 E06*3 E07*4 "
        "/ T01*6 T02*5 T03*4 T04*4 T05*4 T06*4 | discards - / - | played - / - | base 4 5 / - "
        "| bonus 0 0 | roles - | crit - | acted - | used - | pending - | regen - 0 | gains 0 0")
    defender_offer = GAME.apply(state, GAME.parse_action(state, "base 3 4", DEFAULT_RULES), DEFAULT_RULES)
    assert defender_offer.step == "open" and GAME.current_player(defender_offer) == 1
    # A Defender who cannot pay for any action is not asked: the Aggressor's card is next.
    poor = dataclasses.replace(state, adrenaline=(2, 0))
    after = GAME.apply(poor, GAME.parse_action(poor, "base 3 4", DEFAULT_RULES), DEFAULT_RULES)
    assert after.step == "after" and GAME.current_player(after) == 0
    # Roles the other way round: the offer goes to player 0, now the Defender.
    strong = GAME.apply(state, GAME.parse_action(state, "base 5 6", DEFAULT_RULES), DEFAULT_RULES)
    assert strong.roles == "1" and strong.step == "open" and GAME.current_player(strong) == 0
    with pytest.raises(IllegalAction):
        GAME.parse_action(defender_offer, "play T03", DEFAULT_RULES)


# -- every keyword has a scenario where it takes effect ------------------------------------------
KEYWORD_EVIDENCE = {
    # What a log step shows when the keyword took effect (not merely waited or failed).
    "+X SS": (r"'s [^:]+: \+\d+ SS; Strike Scores", None),
    "-X SS": (r": DEAL -\d+ SS; Strike Scores", None),
    "DEAL": (r"player (\d), true damage: \d+ to player (?!\1)\d", None),
    "TAKE": (r"player (\d), true damage: \d+ to player \1\b", None),
    "HEAL": (r"heals \d+; HP", None),
    "IF": (r"\(IF critical holds\)", None),
    "OR": (None, "DU 5.3"),
    "AGGRESSOR": (r"\(AGGRESSOR holds\)", None),
    "DEFENDER": (r"\(DEFENDER holds\)", None),
    "SALVAGE": (r"'s SALVAGE: player", None),
    "REVENGE": (r"'s REVENGE \(\d+ taken, over \d+\)", None),
    "EXECUTE": (r"'s EXECUTE \(clash damage \d+ over \d+\)", None),
    "ADRENALINE RUSH": (None, "DU 4.9"),
    "REGEN": (r"is re-rolled: \d+", None),
}


def _scenario_steps():
    """Every log step of every scenario, with the scenario's name."""
    found = []
    for path in SCENARIOS:
        scenario = load_scenario(path, {"duel": GAME})
        rules = dataclasses.replace(GAME.presets[scenario.ruleset], **dict(scenario.overrides))
        state = GAME.parse_state(scenario.start)
        for text in scenario.actions:
            transition = GAME.resolve(state, GAME.parse_action(state, text, rules), rules)
            found.extend((path.stem, step) for step in transition.steps)
            state = transition.state
    return found


@pytest.mark.rules("DU 5.1", "DU 5.2", "DU 5.3", "DU 5.7", "DU 4.7", "DU 6.3", "DU 6.6",
                   "DU 4.9", "DU 4.10")
def test_every_keyword_takes_effect_in_some_scenario():
    import re

    steps = _scenario_steps()
    missing = []
    for keyword, (pattern, rule) in KEYWORD_EVIDENCE.items():
        hits = [name for name, step in steps
                if (pattern is None or re.search(pattern, step.text))
                and (rule is None or rule in step.rules)]
        if not hits:
            missing.append(keyword)
    assert not missing, f"no scenario shows these keywords taking effect: {missing}"


# -- small starts for the explorer -------------------------------------------------------------
@pytest.mark.rules("DU 1.3", "DU 1.4", "DU 2.1", "DU 4.1")
@pytest.mark.parametrize("rules", [DEFAULT_RULES, ALTERNATIVE], ids=["rulebook", "alternative"])
def test_the_search_sees_a_small_duel_to_its_end(rules):
    from harness.explorer import explore

    starts = list(GAME.exploration_starts(rules, 12))
    small = starts[1::2]
    assert [s.chars[1].key for s in small] == ["spark"] * 6
    assert [s.chars[0].key for s in small] == ["ember", "tide", "brute", "ember", "spark",
                                                "spark"]
    assert [s.rounds for s in small] == [1, 1, 1, 1, 1, 2]
    # A nearly spent Action Deck: three cards left to draw, the rest discarded.
    assert all(len(s.decks[0]) == 3 and len(s.hands[0]) == 4 for s in small[:4])
    report = explore(GAME, rules, small[4:5], max_depth=100, max_states=2000)
    # Every state of the one-round duel, down to its ends, within the budget.
    assert report.exhausted and not report.problems
    assert report.max_depth >= 15 and report.terminal_states > 100


@pytest.mark.rules("DU 4.9", "DU 4.8")
def test_du_a9_a_rush_is_the_rounds_adrenaline_action_only_under_the_other_reading():
    """With 4 Adrenaline the Ember Duelist may pay Flurry's Rush and Second Wind together
    by default; read the other way the Rush is the round's action: no pair is offered, the
    Rush marks the action used, and a player who has used theirs pays no Rush."""
    (entry,) = [a for a in GAME.ambiguities if a.id == "DU-A9"]
    state = GAME.parse_state(entry.witness.position)
    other = dataclasses.replace(DEFAULT_RULES, rush_is_the_action=True)

    def offered(rules, at=state):
        return {GAME.format_action(at, a) for a in GAME.legal_actions(at, rules)}

    pair = "play E05 rush + adrenaline second-wind"
    assert pair in offered(DEFAULT_RULES) and pair not in offered(other)
    assert {"play E05 rush", "play E05 + adrenaline second-wind"} <= offered(other)
    after = GAME.apply(state, GAME.parse_action(state, "play E05 rush", other), other)
    assert after.used == (True, False) and after.adrenaline == (2, 0)
    spent = dataclasses.replace(state, used=(True, False))
    assert "play E05 rush" in offered(DEFAULT_RULES, spent)
    assert "play E05 rush" not in offered(other, spent)
