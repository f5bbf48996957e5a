"""Fight Klub fights (FK 5): fight modes, skirmishes and result tabs, every tie shape,
clash text, raise the stakes, scoring and exhausting, double damage, unopposed cards,
multiplayer ties, the readings FK-F1 to FK-F6, and the z3 obligations FK-P10 to FK-P12
with their encodings compared to the model."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
import z3
from hypothesis import given, settings, strategies as st

from analysis.fightklub.loading import all_cards, synthetic_cards
from model.core.errors import InputError
from model.fightklub import fights
from model.fightklub.cards import (
    SYNTHETIC_SET, Card, FightParts, FightSide, SkirmishTab, Step)
from model.fightklub.ambiguities import FIGHT_AMBIGUITIES
from model.fightklub.fight_rules import FIGHT_GLOSSARY, FIGHT_RULES
from model.fightklub.fights import (
    CLASH_TIE, FIGHT_STEPS, ORDERS, TIE_SHAPES, FightResult, Fighter, knocked_out,
    open_skirmishes, power_outcome, resolve_skirmish,
)
from model.fightklub.ambiguities import AMBIGUITIES
from model.fightklub.rulebook import GLOSSARY, RULEBOOK
from model.fightklub.rules import PRESETS, DEFAULT_RULES, Rules
from proofs.fightklub_fights import (
    A_WINS, B_WINS, MODIFY, NONE, NULLIFY, OBLIGATIONS, TIE, _Tab, concrete_ledger,
    fight_winner, witness_cards)
from proofs.obligations import PROVED, WITNESS, discharge

TWO = {0: "S931", 1: "S971"}


def _with_shipped_cards(function, keyword="cards"):
    """``function`` of the fight arithmetic looking cards up in the shipped ones unless the
    test gives cards of its own."""
    def call(*args, **kwargs):
        kwargs.setdefault(keyword, all_cards())
        return function(*args, **kwargs)
    return call


centre_bonus_for = _with_shipped_cards(fights.centre_bonus_for)
fight_mode = _with_shipped_cards(fights.fight_mode)
resolve_clash = _with_shipped_cards(fights.resolve_clash)
resolve_power = _with_shipped_cards(fights.resolve_power)
resolve_unopposed = _with_shipped_cards(fights.resolve_unopposed)
start_power_fight = _with_shipped_cards(fights.start_power_fight)
settle = _with_shipped_cards(fights.settle, "card_table")


def fight_card(code, cards=None):
    return fights.fight_card(code, all_cards() if cards is None else cards)


def fight_damage(code, doubled, cards=None):
    return fights.fight_damage(code, doubled, all_cards() if cards is None else cards)


def power_card(*tabs: tuple[int, tuple[Step, ...]], damage: int = 1,
               reward: tuple[str, ...] = (), labels: tuple[str, ...] = ("Fate",) * 3) -> Card:
    """A power card of the test's own: (value, result steps) per position."""
    side = FightSide(tabs=tuple(SkirmishTab(label, value, steps)
                                for label, (value, steps) in zip(labels, tabs)))
    return Card(SYNTHETIC_SET, 980, "Test card", "C", frozenset({"fight"}), "hero", False, None,
                None, FightParts("power", (side,), damage, reward), ())


def modify(tab: str, by: int, label: str = "") -> Step:
    return Step("modify_tab", (("by", by), ("label", label), ("tab", tab)))


def nullify(tab: str) -> Step:
    return Step("nullify_skirmish", (("tab", tab),))


def reading(field: str, value: bool) -> Rules:
    return dataclasses.replace(DEFAULT_RULES, **{field: value})


# -- the rules, the register, the glossary --------------------------------------------------------
def test_fight_rules_are_in_the_rulebook_with_sources_and_real_implementations():
    import importlib

    for rule in FIGHT_RULES:
        assert RULEBOOK.get(rule.number) is rule
        assert rule.source.startswith("Fight Klub") and rule.implemented_by
        for name in rule.implemented_by:
            module, _, attribute = name.rpartition(".")
            assert hasattr(importlib.import_module(module), attribute), name
    assert [a for a in AMBIGUITIES if a.id.startswith("FK-F")] == list(FIGHT_AMBIGUITIES)
    assert set(FIGHT_GLOSSARY) <= set(GLOSSARY)
    fields = {f.name: f.default for f in dataclasses.fields(Rules)}
    for ambiguity in FIGHT_AMBIGUITIES:
        assert fields[ambiguity.field] == ambiguity.default is False
        assert ambiguity.field in Rules.__doc__
        assert all(number in RULEBOOK for number in ambiguity.rules)
    assert all(getattr(preset, a.field) is False for preset in PRESETS.values()
               for a in FIGHT_AMBIGUITIES)


# -- fight modes and sides ------------------------------------------------------------------------
@pytest.mark.rules("FK 5.1", "FK 5.2")
def test_fight_modes_and_the_side_up():
    power, clash, rotatable = Fighter(0, "S931"), Fighter(1, "S972"), Fighter(0, "S934")
    assert fight_mode(power, Fighter(1, "S971")) == "power"
    assert fight_mode(Fighter(0, "S933"), Fighter(1, "S971")) == "clash a"
    assert fight_mode(power, clash) == "clash b"
    assert fight_mode(Fighter(0, "S933"), clash) == "clash choice"
    assert fight_mode(rotatable, clash) == "clash b"
    assert fight_mode(dataclasses.replace(rotatable, side=1), Fighter(1, "S971")) == "clash a"
    with pytest.raises(ValueError, match="no side 2"):
        fight_mode(dataclasses.replace(rotatable, side=2), clash)
    with pytest.raises(ValueError, match="not a power-vs-power fight"):
        start_power_fight(power, clash)


@pytest.mark.rules("FK 5.1", "FK 5.10")
def test_clash_text_always_decides_against_a_power_card():
    # Haymaker would win every skirmish; Stare Down's clash text still decides.
    assert fight_mode(Fighter(0, "S935"), Fighter(1, "S933")) == "clash b"
    result = resolve_clash("S933", 0, 1, 0, {0: {"cards in hand": 6}, 1: {"cards in hand": 2}})
    assert (result.mode, result.winner, result.clash_text_of, result.skirmishes) == \
        ("clash", 0, 1, ())


@pytest.mark.rules("FK 5.1", "FK 5.10")
def test_clash_against_clash_the_drop_holder_picks_the_text():
    measures = {0: {"cards in hand": 5, "energy in pool": 4},
                1: {"cards in hand": 3, "energy in pool": 1}}
    # Stare Down (seat 0's, more cards wins) or Ultimatum (seat 1's, fewer tokens wins)
    by_stare_down = resolve_clash("S933", 0, 0, 1, measures)
    by_ultimatum = resolve_clash("S972", 0, 1, 0, measures)
    assert (by_stare_down.winner, by_stare_down.clash_text_of) == (0, 0)
    assert (by_ultimatum.winner, by_ultimatum.clash_text_of) == (1, 1)


@pytest.mark.rules("FK 5.10", "FK 5.9")
def test_clash_higher_lower_and_ties():
    hand = lambda a, b: {0: {"cards in hand": a}, 1: {"cards in hand": b}}  # noqa: E731
    assert resolve_clash("S933", 0, 0, 1, hand(2, 7)).winner == 1
    pool = {0: {"energy in pool": 0}, 1: {"energy in pool": 3}}
    assert resolve_clash("S972", 0, 1, 0, pool).winner == 0
    tie = resolve_clash("S933", 0, 0, 1, hand(4, 4))
    assert (tie.winner, tie.shape) == (None, CLASH_TIE)
    assert resolve_clash("S934", 1, 0, 1, {0: {"damage taken": 3},
                                           1: {"damage taken": 1}}).winner == 0
    with pytest.raises(InputError, match="seat 1: needs a whole number for 'cards in hand'"):
        resolve_clash("S933", 0, 0, 1, {0: {"cards in hand": 4}, 1: {}})
    with pytest.raises(ValueError, match="skirmish tabs, not clash text"):
        resolve_clash("S934", 0, 0, 1, hand(1, 1))


# -- totals, skirmishes, order ---------------------------------------------------------------------
@pytest.mark.rules("FK 5.3")
def test_totals_add_effects_gear_and_the_centre_bonus():
    brick = synthetic_cards()["S901"].parts
    bonus = centre_bonus_for(brick, "S931")  # two red icons, a Physical centre tab
    assert bonus == 2 and centre_bonus_for(brick, "S937") == 0
    assert centre_bonus_for(brick, "S933") == 0  # a clash side has no centre tab
    dirty_trick = synthetic_cards()["S961"].parts.tabs
    cattle_prod = synthetic_cards()["S963"].parts.tabs
    boosts = tuple(x + y for x, y in zip(dirty_trick, cattle_prod))
    fight = start_power_fight(Fighter(0, "S931", boosts=boosts, centre_bonus=bonus),
                              Fighter(1, "S971"))
    assert fight.totals == ((2 - 1, 4 + 2 + 2, 1 + 1 + 3), (4, 2, 2))


@pytest.mark.rules("FK 5.4", "FK 5.5")
def test_skirmishes_resolve_one_at_a_time_in_the_chosen_order():
    fight = start_power_fight(Fighter(0, "S931"), Fighter(1, "S937"))  # (2,4,1) v (2,3,2)
    assert open_skirmishes(fight) == (0, 1, 2)
    fight = resolve_skirmish(fight, 2, DEFAULT_RULES)
    assert open_skirmishes(fight) == (0, 1)
    fight = resolve_skirmish(fight, 0, DEFAULT_RULES)
    fight = resolve_skirmish(fight, 1, DEFAULT_RULES)
    assert [(s.position, s.totals, s.winner) for s in fight.resolved] == \
        [(2, (1, 2), 1), (0, (2, 2), None), (1, (4, 3), 0)]
    with pytest.raises(ValueError, match="not open"):
        resolve_skirmish(fight, 1, DEFAULT_RULES)
    with pytest.raises(ValueError, match="an order names each"):
        resolve_power(Fighter(0, "S931"), Fighter(1, "S937"), (0, 0, 1))
    with pytest.raises(ValueError, match="not resolved yet"):
        power_outcome(start_power_fight(Fighter(0, "S931"), Fighter(1, "S937")))


@pytest.mark.rules("FK 5.6")
def test_result_tabs_fire_as_their_skirmish_resolves():
    fight = start_power_fight(Fighter(0, "S932"), Fighter(1, "S971"))  # centre 3 v 2
    fight = resolve_skirmish(fight, 0, DEFAULT_RULES)
    assert fight.resolved[-1].fired == ()
    fight = resolve_skirmish(fight, 1, DEFAULT_RULES)
    discard = synthetic_cards()["S932"].parts.sides[0].tabs[1].result[0]
    assert fight.resolved[-1].fired == ((0, discard),)
    fight = resolve_skirmish(fight, 2, DEFAULT_RULES)
    result = power_outcome(fight)
    assert result.steps_for_engine() == ((0, discard),)


@pytest.mark.rules("FK 5.6", "FK 5.7")
def test_fight_acting_result_tabs_change_open_skirmishes_only():
    cards = {"A": power_card((5, (modify("centre", 3), nullify("right"))), (1, ()), (9, ())),
             "B": power_card((0, ()), (2, ()), (0, ()))}
    a, b = Fighter(0, "A"), Fighter(1, "B")
    first_left = resolve_power(a, b, (0, 1, 2), cards=cards)
    # left fires: centre 1+3 beats 2, right nullified -> 2 wins to 0
    assert [(s.totals, s.winner, s.nullified) for s in first_left.skirmishes] == \
        [((5, 0), 0, False), ((4, 2), 0, False), ((9, 0), None, True)]
    assert first_left.steps_for_engine() == ()
    assert {step.do for s in first_left.skirmishes for _, step in s.fired} == FIGHT_STEPS
    last_left = resolve_power(a, b, (1, 2, 0), cards=cards)
    # centre and right resolve first: the tab acts too late to change them
    assert [(s.position, s.winner) for s in last_left.skirmishes] == [(1, 1), (2, 0), (0, 0)]
    assert (first_left.winner, last_left.winner) == (0, 0)


@pytest.mark.rules("FK 5.6", "FK 5.2")
def test_labelled_modifiers_and_steps_left_to_the_engine():
    rotate, draw = Step("rotate"), Step("draw", (("count", 1), ("who", "you")))
    cards = {"A": power_card((3, (modify("all", 2, "Physical"), rotate, draw)), (1, ()),
                             (1, ()), labels=("Mental", "Physical", "Physical")),
             "B": power_card((0, ()), (2, ()), (2, ()))}
    result = resolve_power(Fighter(0, "A"), Fighter(1, "B"), (0, 1, 2), cards=cards)
    # +2 reaches both Physical tabs (centre, right), not the Mental left one
    assert [s.totals for s in result.skirmishes] == [(3, 0), (3, 2), (3, 2)]
    assert result.winner == 0
    # the rotate and draw steps go to the turn engine; the side stays as it was
    assert [step for _, step in result.steps_for_engine()] == [rotate, draw]


@pytest.mark.rules("FK 5.5", "FK 5.8")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-3, 9), min_size=6, max_size=6),
       st.frozensets(st.integers(0, 2), max_size=3), st.booleans(), st.booleans())
def test_without_result_tabs_every_order_gives_the_same_result(values, nullified, voids,
                                                               needs_win):
    rules = dataclasses.replace(DEFAULT_RULES, nullified_skirmish_voids_fight=voids,
                                result_tab_needs_win=needs_win)
    cards = {"A": power_card(*[(max(v, 0), ()) for v in values[:3]]),
             "B": power_card(*[(max(v, 0), ()) for v in values[3:]])}
    results = {(result.winner, result.shape) for result in (
        resolve_power(Fighter(0, "A"), Fighter(1, "B"), order, rules, nullified=nullified,
                      cards=cards) for order in ORDERS)}
    assert len(results) == 1


@pytest.mark.rules("FK 5.6")
def test_fk_f1_a_losing_tab_fires_only_under_the_default_reading():
    def fired(rules):
        fight = resolve_skirmish(start_power_fight(Fighter(0, "S932"), Fighter(1, "S935")),
                                 1, rules)  # Haymaker wins the centre 5 to 3
        return [seat for seat, _ in fight.resolved[0].fired]

    assert fired(DEFAULT_RULES) == [0]
    assert fired(reading("result_tab_needs_win", True)) == []


@pytest.mark.rules("FK 5.7")
def test_a_nullified_skirmish_has_no_winner_and_fires_no_tab():
    fight = start_power_fight(Fighter(0, "S932"), Fighter(1, "S971"), nullified=frozenset({1}))
    fight = resolve_skirmish(fight, 1, DEFAULT_RULES)
    assert fight.resolved[0] == type(fight.resolved[0])(1, (3, 2), None, True, ())
    # nullifying a skirmish already resolved leaves its result alone
    cards = {"A": power_card((5, ()), (1, ()), (9, (nullify("left"),))),
             "B": power_card((0, ()), (2, ()), (0, ()))}
    result = resolve_power(Fighter(0, "A"), Fighter(1, "B"), (0, 2, 1), cards=cards)
    assert [s.winner for s in result.skirmishes] == [0, 0, 1] and result.winner == 0
    with pytest.raises(ValueError, match="positions are 0, 1 and 2"):
        start_power_fight(Fighter(0, "A"), Fighter(1, "B"), nullified=frozenset({3}),
                          cards=cards)


@pytest.mark.rules("FK 5.8")
def test_the_fight_goes_to_more_skirmishes_won():
    result = resolve_power(Fighter(0, "S935"), Fighter(1, "S971"), (2, 1, 0))
    assert (result.winner, result.shape, result.mode) == (0, "won", "power")
    one_win_one_tie_one_nullified = resolve_power(
        Fighter(0, "S937", boosts=(1, 0, 0)), Fighter(1, "S937"), (0, 1, 2),
        nullified=frozenset({2}))
    assert one_win_one_tie_one_nullified.winner == 0


@pytest.mark.rules("FK 5.8", "FK 5.9")
def test_fk_f2_a_nullified_skirmish_voids_the_fight_only_under_the_literal_reading():
    a, b, centre = Fighter(0, "S931"), Fighter(1, "S971"), frozenset({1})
    default = resolve_power(a, b, (0, 1, 2), nullified=centre)
    literal = resolve_power(a, b, (0, 1, 2), reading("nullified_skirmish_voids_fight", True),
                            nullified=centre)
    assert (default.winner, default.shape) == (1, "won")
    assert (literal.winner, literal.shape) == (None, "voided by a nullified skirmish")


@pytest.mark.rules("FK 5.9")
@pytest.mark.parametrize("boosts, nullified, shape", [
    ((1, 0, -1), (), "one each and a tie"),
    ((1, 0, -1), (1,), "nullified"),
    ((0, 0, 0), (), "three ties"),
    ((0, 0, 0), (0,), "two ties and a nullified"),
    ((0, 0, 0), (0, 2), "a tie and two nullified"),
    ((5, 5, 5), (0, 1, 2), "three nullified"),
])
def test_every_tie_shape(boosts, nullified, shape):
    for order in ORDERS:
        result = resolve_power(Fighter(0, "S937", boosts=boosts), Fighter(1, "S937"), order,
                               nullified=frozenset(nullified))
        assert (result.winner, result.shape) == (None, shape)
    assert shape in TIE_SHAPES


# -- settling: raise the stakes, scoring, exhausting, damage --------------------------------------
WIN_0 = FightResult("power", 0, "won")
WIN_1 = FightResult("power", 1, "won")
TIED = FightResult("power", None, "one each and a tie")


@pytest.mark.rules("FK 5.11", "FK 5.9")
def test_a_tie_sets_both_cards_aside():
    done = settle(TIED, TWO, {0: ("S937",)}, False, {}, False)
    assert done.raise_the_stakes == ((0, "S931"), (1, "S971"))
    assert (done.scored, done.exhausted, dict(done.damage)) == ((), (), {0: 0, 1: 0})


@pytest.mark.rules("FK 5.12", "FK 5.13", "FK 5.14")
def test_the_winner_scores_card_and_stakes_rewards_only_on_the_winning_card():
    done = settle(WIN_0, {0: "S936", 1: "S971"}, {0: ("S936", "S935"), 1: ("S973",)}, True,
                  {}, False)
    assert done.scored == ((0, "S936", True), (0, "S936", False), (0, "S935", False))
    assert done.exhausted == ((1, "S971"), (1, "S973"))
    assert done.raise_the_stakes == ()
    assert dict(done.damage) == {0: 0, 1: 2 + 2 + 3}


@pytest.mark.rules("FK 5.12", "FK 5.13")
def test_a_winning_card_that_fails_to_score_takes_no_stakes_along():
    stakes = {0: ("S935",), 1: ("S973",)}
    done = settle(WIN_0, {0: "S937", 1: "S971"}, stakes, False, {}, False)
    assert done.scored == () and dict(done.damage) == {0: 0, 1: 0}
    assert done.exhausted == ((1, "S971"), (0, "S937"))  # FK-F4: the winning card too
    assert done.raise_the_stakes == ()
    kept = Counter((seat, card) for seat, held in stakes.items() for card in held)
    assert not kept & done.moved()  # both players' stakes stay (FK-F3)


@pytest.mark.rules("FK 5.12")
def test_fk_f3_and_fk_f4_readings_of_a_stopped_winner():
    stakes = {0: ("S935",), 1: ("S973",)}
    f3 = settle(WIN_0, {0: "S937", 1: "S971"}, stakes, False, {}, False,
                reading("loser_stakes_exhausted_on_any_loss", True))
    assert f3.exhausted == ((1, "S971"), (0, "S937"), (1, "S973"))
    f4 = settle(WIN_0, {0: "S937", 1: "S971"}, stakes, False, {}, False,
                reading("unscored_winner_to_stakes", True))
    assert (f4.exhausted, f4.raise_the_stakes) == (((1, "S971"),), ((0, "S937"),))
    multi = settle(WIN_0, {0: "S937", 1: "S971"}, {}, False, {}, True,
                   reading("unscored_winner_to_stakes", True))
    assert multi.exhausted == ((1, "S971"), (0, "S937")) and multi.raise_the_stakes == ()


@pytest.mark.rules("FK 5.13")
def test_the_loser_card_and_stakes_are_exhausted_whoever_is_seat_zero():
    done = settle(WIN_1, {0: "S931", 1: "S973"}, {0: ("S937", "S932")}, True, {}, False)
    assert done.exhausted == ((0, "S931"), (0, "S937"), (0, "S932"))
    assert done.scored == ((1, "S973", True),) and dict(done.damage) == {0: 2, 1: 0}


@pytest.mark.rules("FK 5.14")
def test_double_damage_doubles_the_winning_card_once_and_never_the_stakes():
    assert [fight_damage(code, doubled) for code in ("S935", "S931") for doubled in
            (False, True)] == [3, 6, 1, 2]
    done = settle(WIN_0, {0: "S935", 1: "S971"}, {0: ("S935",)}, True, {"S935": True}, False)
    assert dict(done.damage) == {0: 0, 1: 6 + 3}


@pytest.mark.rules("FK 5.15")
def test_damage_reaching_life_ends_the_game():
    life = synthetic_cards()["S901"].parts.life
    assert not knocked_out(life - 1, life)
    assert knocked_out(life, life) and knocked_out(life + 5, life)


@pytest.mark.rules("FK 5.16")
def test_an_unopposed_card_fires_its_result_tabs_and_scores_with_its_reward():
    result = resolve_unopposed(Fighter(0, "S936", boosts=(1, 1, 1)))
    assert (result.mode, result.winner, result.shape) == ("unopposed", 0, "unopposed")
    assert [(s.position, s.totals, s.winner) for s in result.skirmishes] == \
        [(0, (4, 0), 0), (1, (6, 0), 0), (2, (3, 0), 0)]
    assert [step.do for _, step in result.steps_for_engine()] == ["draw"]
    # FK-F1 does not stop an unopposed card's tabs: there is no tab to beat
    assert resolve_unopposed(Fighter(0, "S936"), reading("result_tab_needs_win", True)) \
        .steps_for_engine() == result.steps_for_engine()
    done = settle(result, {0: "S936"}, {0: ("S931",)}, True, {}, False, target=1)
    assert done.scored == ((0, "S936", True),) and dict(done.damage) == {0: 0, 1: 2}
    with_stakes = settle(result, {0: "S936"}, {0: ("S931",)}, True, {}, False,
                         reading("unopposed_scores_stakes", True), target=1)
    assert with_stakes.scored == ((0, "S936", True), (0, "S931", False))
    assert dict(with_stakes.damage) == {0: 0, 1: 3}
    with pytest.raises(ValueError, match="needs a target"):
        settle(result, {0: "S936"}, {}, True, {}, False)
    clash_side = resolve_unopposed(Fighter(1, "S934", side=1))
    assert (clash_side.winner, clash_side.skirmishes) == (1, ())


@pytest.mark.rules("FK 5.17")
def test_multiplayer_ties_exhaust_both_cards():
    done = settle(TIED, {2: "S937", 4: "S971"}, {}, False, {}, True)
    assert done.exhausted == ((2, "S937"), (4, "S971")) and done.raise_the_stakes == ()
    clash_tie = resolve_clash("S933", 0, 2, 4, {2: {"cards in hand": 1},
                                               4: {"cards in hand": 1}})
    assert settle(clash_tie, {2: "S933", 4: "S971"}, {}, False, {}, True).exhausted == \
        ((2, "S933"), (4, "S971"))
    with pytest.raises(ValueError, match="no raise-the-stakes cards with more than 2"):
        settle(TIED, {2: "S937", 4: "S971"}, {2: ("S931",)}, False, {}, True)


@pytest.mark.rules("FK 5.10", "FK 5.9")
def test_fk_f5_a_clash_tie_goes_to_the_text_owner_only_under_its_reading():
    pools = {0: {"energy in pool": 2}, 1: {"energy in pool": 2}}
    assert resolve_clash("S972", 0, 1, 0, pools).winner is None
    assert resolve_clash("S972", 0, 1, 0, pools,
                         reading("clash_tie_to_text_owner", True)).winner == 1


def test_bad_cards_are_input_errors_naming_the_card():
    with pytest.raises(InputError, match="fight card S998: no card numbered 'S998'"):
        fight_card("S998")
    with pytest.raises(InputError, match="card S961 Dirty Trick: is a card of type effect"):
        fight_card("S961")
    with pytest.raises(InputError, match="card 003 .*not known"):
        fight_card("003")


# -- settle keeps every card ---------------------------------------------------------------------
FIGHT_CODES = ("S931", "S932", "S934", "S935", "S936", "S937", "S938", "S971", "S973")
outcomes = st.sampled_from([WIN_0, WIN_1, TIED])
rulesets = st.builds(lambda a, b, c: dataclasses.replace(
    DEFAULT_RULES, loser_stakes_exhausted_on_any_loss=a, unscored_winner_to_stakes=b,
    unopposed_scores_stakes=c), st.booleans(), st.booleans(), st.booleans())


@pytest.mark.rules("FK 5.11", "FK 5.12", "FK 5.13", "FK 5.17")
@settings(max_examples=80, deadline=None)
@given(outcomes, st.tuples(st.sampled_from(FIGHT_CODES), st.sampled_from(FIGHT_CODES)),
       st.lists(st.sampled_from(FIGHT_CODES), max_size=3),
       st.lists(st.sampled_from(FIGHT_CODES), max_size=3), st.booleans(), st.booleans(),
       rulesets)
def test_settle_conserves_cards(result, pair, held_0, held_1, scores, multiplayer, rules):
    cards = {0: pair[0], 1: pair[1]}
    stakes = {} if multiplayer else {0: tuple(held_0), 1: tuple(held_1)}
    done = settle(result, cards, stakes, scores and result.winner is not None, {}, multiplayer,
                  rules)
    before = Counter(list(cards.items()) + [(s, c) for s, h in stakes.items() for c in h])
    moved = done.moved()
    assert not moved - before  # nothing created
    staying = before - moved
    # what stays is only earlier raise-the-stakes cards, never this fight's cards
    assert all(card in stakes.get(seat, ()) for seat, card in staying)
    assert all(card == cards[seat] for seat, card in done.raise_the_stakes)
    rewarded = [(seat, card) for seat, card, reward in done.scored if reward]
    assert rewarded == ([(result.winner, cards[result.winner])] if done.scored else [])


# -- the z3 obligations and their encodings against the model --------------------------------------
@pytest.mark.rules("FK 5.5", "FK 5.8")
def test_fk_p10_the_order_never_matters_without_result_tabs_is_proved():
    outcome = discharge(OBLIGATIONS[0])
    assert (outcome.obligation.id, outcome.answer.status) == ("FK-P10", PROVED)


@pytest.mark.rules("FK 5.5", "FK 5.6")
def test_fk_p11_witness_replays_through_the_model_with_two_winners():
    outcome = discharge(OBLIGATIONS[1])
    assert (outcome.obligation.id, outcome.answer.status) == ("FK-P11", WITNESS)
    witness = outcome.answer.witness
    cards = witness_cards(witness)
    winners = [resolve_power(Fighter(0, "P0"), Fighter(1, "P1"), tuple(order),
                             cards=cards).winner for order in witness["orders"]]
    assert winners == witness["winners"] and winners[0] != winners[1]


@pytest.mark.rules("FK 5.11", "FK 5.12", "FK 5.13")
def test_fk_p12_stakes_ledger_is_proved():
    outcome = discharge(OBLIGATIONS[2])
    assert (outcome.obligation.id, outcome.answer.status) == ("FK-P12", PROVED)


def _tab_steps(kind: int, target: int, by: int) -> tuple[Step, ...]:
    position = ("left", "centre", "right")[target]
    return {NONE: (), MODIFY: (modify(position, by),), NULLIFY: (nullify(position),)}[kind]


tab_results = st.tuples(st.sampled_from((NONE, MODIFY, NULLIFY)), st.integers(0, 2),
                        st.sampled_from((-3, -1, 1, 2, 4)))


@pytest.mark.rules("FK 5.4", "FK 5.6", "FK 5.7", "FK 5.8")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=6, max_size=6),
       st.lists(tab_results, min_size=6, max_size=6), st.sampled_from(ORDERS),
       st.frozensets(st.integers(0, 2), max_size=2), st.booleans(), st.booleans())
def test_the_z3_fight_encoding_agrees_with_the_model(values, results, order, nullified,
                                                     voids, needs_win):
    rows = [[(values[3 * f + p], results[3 * f + p]) for p in range(3)] for f in (0, 1)]
    cards = {f"T{f}": power_card(*[(v, _tab_steps(*r)) for v, r in rows[f]]) for f in (0, 1)}
    rules = dataclasses.replace(DEFAULT_RULES, nullified_skirmish_voids_fight=voids,
                                result_tab_needs_win=needs_win)
    model = resolve_power(Fighter(0, "T0"), Fighter(1, "T1"), order, rules,
                          nullified=nullified, cards=cards).winner
    tabs = [[_Tab(z3.IntVal(v), z3.IntVal(k), z3.IntVal(t), z3.IntVal(b if k == MODIFY else 0))
             for v, (k, t, b) in rows[f]] for f in (0, 1)]
    encoded = z3.simplify(fight_winner(tabs, order, [z3.BoolVal(p in nullified)
                                                     for p in range(3)],
                                       z3.BoolVal(voids), z3.BoolVal(needs_win))).as_long()
    assert {A_WINS: 0, B_WINS: 1, TIE: None}[encoded] == model


MARKER_CARDS = {f"D{d}": dataclasses.replace(power_card((1, ()), (1, ()), (1, ()), damage=d))
                for d in range(5)}
ledger_fights = st.lists(st.tuples(st.sampled_from((A_WINS, B_WINS, TIE)), st.booleans(),
                                   st.integers(0, 4), st.integers(0, 4), st.booleans()),
                         max_size=6)


@pytest.mark.rules("FK 5.11", "FK 5.12", "FK 5.13", "FK 5.14")
@settings(max_examples=60, deadline=None)
@given(ledger_fights, st.booleans(), st.booleans())
def test_the_z3_ledger_agrees_with_settle(fights, on_any_loss, to_stakes):
    rules = dataclasses.replace(DEFAULT_RULES, loser_stakes_exhausted_on_any_loss=on_any_loss,
                                unscored_winner_to_stakes=to_stakes)
    stakes: dict[int, tuple[str, ...]] = {0: (), 1: ()}
    totals = {"scored": [0, 0], "exhausted": [0, 0], "damage_to": [0, 0]}
    markers = lambda code: MARKER_CARDS[code].parts.damage  # noqa: E731
    for outcome, scores, a, b, doubled in fights:
        cards = {0: f"D{a}", 1: f"D{b}"}
        winner = {A_WINS: 0, B_WINS: 1, TIE: None}[outcome]
        result = FightResult("power", winner, "won" if winner is not None else "three ties")
        flags = {cards[winner]: doubled} if winner is not None else {}
        done = settle(result, cards, stakes, scores and winner is not None, flags, False,
                      rules, card_table=MARKER_CARDS)
        for seat, code, _ in done.scored:
            totals["scored"][seat] += markers(code)
        for seat, code in done.exhausted:
            totals["exhausted"][seat] += markers(code)
        for seat, taken in done.damage.items():
            totals["damage_to"][seat] += taken
        # This fight's cards always move (scored, exhausted or set aside); whatever else
        # moves for a seat came out of its raise-the-stakes cards.
        for seat in (0, 1):
            out = Counter(code for s_, code in list(done.exhausted) if s_ == seat)
            out += Counter(code for s_, code, _ in done.scored if s_ == seat)
            if (seat, cards[seat]) not in done.raise_the_stakes:
                out -= Counter([cards[seat]])
            assert not out - Counter(stakes[seat])
            kept = Counter(stakes[seat]) - out
            kept += Counter(code for s_, code in done.raise_the_stakes if s_ == seat)
            stakes[seat] = tuple(sorted(kept.elements()))
    z3_book = concrete_ledger([(o, s and o != TIE, a, b, d) for o, s, a, b, d in fights],
                              on_any_loss, to_stakes)
    assert z3_book["scored"] == tuple(totals["scored"])
    assert z3_book["exhausted"] == tuple(totals["exhausted"])
    assert z3_book["damage_to"] == tuple(totals["damage_to"])
    assert z3_book["stakes"] == tuple(sum(markers(c) for c in stakes[s]) for s in (0, 1))
    assert z3_book["laid"] == sum(z3_book[k][s] for k in ("scored", "exhausted", "stakes")
                                  for s in (0, 1))



# -- fight cases: rulings on single fights as data ------------------------------------------------
from analysis.fightklub.cases import (  # noqa: E402
    fight_case_paths, load_fight_case, run_fight_case)

CASES = fight_case_paths()


@pytest.mark.rules("FK 5.8", "FK 5.9", "FK 5.11", "FK 5.12", "FK 5.13", "FK 5.16", "FK 5.17")
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_fight_cases_pass(path):
    passed, rules, failures = run_fight_case(path)
    assert passed, failures
    assert rules and all(number in RULEBOOK for number in rules)


def test_a_fight_case_with_a_wrong_expectation_fails(tmp_path):
    text = (CASES[0].parent / "fk5-17-a-multiplayer-tie-exhausts-both-cards.toml").read_text()
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('exhausted = [[0, "S937"], [2, "S937"]]',
                                  'exhausted = []\nraise_the_stakes = [[0, "S937"], [2, "S937"]]')
                     .replace("raise_the_stakes = []\ndamage", "damage"))
    passed, _, failures = run_fight_case(wrong)
    assert not passed and any("expected exhausted" in line for line in failures)


@pytest.mark.parametrize("change, message", [
    (("players = 3", "players = 9"), "players: expected a whole number from 2 to 6, not 9"),
    (("seat = 2", "seat = 3"), "fighter[1].seat: expected a whole number from 0 to 2"),
    (('card = "S937"\nboosts', 'card = "S937"\nboosts = [1]\nx'),
     "fighter[0]: unknown field 'x'"),
    (('rules = ["FK 5.17", "FK 5.9"]', 'rules = ["FK 5.99"]'),
     "rules: unknown rule number FK 5.99"),
    (('winner = "none"', 'winner = "seat 0"'), "expect.winner: expected a whole number"),
    (('[[fighter]]\nseat = 2\ncard = "S937"', '[[fighter]]\nseat = 2\ncard = "S933"'),
     "S937 against S933 is clash b"),
    (('card = "S937"\nboosts', 'card = "S961"\nboosts'), "card S961 Dirty Trick: is a card of"),
])
def test_bad_fight_cases_are_input_errors_naming_file_and_field(tmp_path, change, message):
    from analysis.fightklub.cases import play_fight_case

    text = (CASES[0].parent / "fk5-17-a-multiplayer-tie-exhausts-both-cards.toml").read_text()
    old, new = change
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        play_fight_case(load_fight_case(bad))
    assert str(caught.value).startswith(str(bad)) and message in str(caught.value)
    assert "\n" not in str(caught.value)


# -- the worked examples of the fight arithmetic, on the shipped synthetic cards ---------------
def test_the_fight_arithmetic_on_shipped_cards():
    # once the fight module's doctests, which now build their own cards (a model reads no
    # file): the same answers on the cards ringside ships
    assert fight_card("S935").name == "Haymaker"
    with pytest.raises(InputError, match="card S961 Dirty Trick: is a card of type effect"):
        fight_card("S961")
    brick = synthetic_cards()["S901"].parts
    assert (brick.centre_bonus, centre_bonus_for(brick, "S931"),
            centre_bonus_for(brick, "S937")) == (("red", "red"), 2, 0)
    stare_down = Fighter(0, "S933")
    assert (fight_mode(stare_down, Fighter(1, "S971")),
            fight_mode(stare_down, Fighter(1, "S972"))) == ("clash a", "clash choice")
    assert fight_mode(Fighter(0, "S934", side=1), Fighter(1, "S971")) == "clash a"
    jab_cross = Fighter(0, "S931", boosts=(1, 0, -1), centre_bonus=1)
    assert start_power_fight(jab_cross, Fighter(1, "S971")).totals == ((3, 5, 0), (4, 2, 2))
    after = resolve_skirmish(start_power_fight(Fighter(0, "S932"), Fighter(1, "S971")), 1,
                             DEFAULT_RULES)
    assert (after.resolved[0].winner,
            [(seat, step.do) for seat, step in after.resolved[0].fired]) == (0, [(0, "discard")])
    assert open_skirmishes(after) == (0, 2)
    fight = start_power_fight(Fighter(0, "S937"), Fighter(1, "S937"), nullified=frozenset({1}))
    for position in (0, 1, 2):
        fight = resolve_skirmish(fight, position, DEFAULT_RULES)
    assert power_outcome(fight).shape == "two ties and a nullified"
    assert resolve_power(Fighter(0, "S937"), Fighter(1, "S937"), (2, 0, 1)).shape == "three ties"
    assert resolve_clash("S933", 0, 0, 1, {0: {"cards in hand": 5},
                                           1: {"cards in hand": 3}}).winner == 0
    assert resolve_clash("S972", 0, 1, 0, {0: {"energy in pool": 2},
                                           1: {"energy in pool": 2}}).shape == "clash tie"
    result = resolve_unopposed(Fighter(0, "S936"))
    assert (result.winner, result.shape,
            [(seat, step.do) for seat, step in result.steps_for_engine()]) == (
        0, "unopposed", [(0, "draw")])
    fight_of = _with_shipped_cards(fights.resolve_fight)
    assert fight_of((Fighter(0, "S935"),)).shape == "unopposed"
    assert fight_of((Fighter(0, "S933"), Fighter(1, "S971")),
                    measures={0: {"cards in hand": 4}, 1: {"cards in hand": 4}}).shape == \
        "clash tie"
    assert (fight_damage("S935", False), fight_damage("S935", True)) == (3, 6)


@pytest.mark.rules("FK 5.13", "FK 6.11")
def test_fk_f7_the_order_cards_exhausted_together_go_under_the_stack():
    """The losing card and the loser's raise-the-stakes cards go under the one stack:
    the card first by default, the raise-the-stakes cards first under the other reading
    of FK-F7; the winner's cards and the damage are the same either way."""
    stakes = {0: ("S935",), 1: ("S973", "S931")}
    default = settle(WIN_0, {0: "S936", 1: "S971"}, stakes, True, {}, False)
    other = settle(WIN_0, {0: "S936", 1: "S971"}, stakes, True, {}, False,
                   reading("stakes_exhausted_first", True))
    assert default.exhausted == ((1, "S971"), (1, "S973"), (1, "S931"))
    assert other.exhausted == ((1, "S973"), (1, "S931"), (1, "S971"))
    assert (default.scored, dict(default.damage)) == (other.scored, dict(other.damage))
    # a stopped winner under FK-F3's other reading: the loser's cards keep the order
    both = dataclasses.replace(reading("stakes_exhausted_first", True),
                               loser_stakes_exhausted_on_any_loss=True)
    stopped = settle(WIN_0, {0: "S937", 1: "S971"}, stakes, False, {}, False, both)
    assert [c for seat, c in stopped.exhausted if seat == 1] == ["S973", "S931", "S971"]
