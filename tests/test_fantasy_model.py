"""Fantasy Fight Club: tables, warbands, the recruit rules, the battle engine and its scenarios."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import test_core_conformance as conformance
from analysis.fantasy.loading import GAME
from analysis.fantasy.policies import POLICIES
from model.core.errors import InputError
from model.core.game import CHANCE, IllegalAction, missing_edges, probe_witness
from model.core.policy import Policy
from model.fantasy.engine import per_turn_bound
from model.fantasy.recruit import shared_card_violations, violations
from model.fantasy.rules import DEFAULT_RULES, LITERAL
from model.fantasy.state import Move, Setup, State, parse_warband
from model.fantasy.tables import (
    parse_equipment, parse_spells, parse_warriors, parse_weapons,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "analysis" / "fantasy" / "data"
TABLES = GAME.tables


# -- the tables -------------------------------------------------------------------------------
@pytest.mark.rules("FF 1.11")
def test_the_warrior_table_is_read_column_by_column():
    table = TABLES.warriors
    assert len(table) == 20
    ogre = table["Ogre"]
    assert (ogre.race, ogre.damage, ogre.speed, ogre.skill, ogre.dodge, ogre.hits,
            ogre.spells, ogre.reach_bonus) == ("Humanoid", 4, -2, 0, -2, 10, 0, 2)
    assert table["Wizard"].spells == 5 and table["Wizard"].spellcaster
    assert table["Elf"].bow_bonus == 2 and table["Centaur"].bow_bonus == 1
    assert table["Warrior"].two_weapons and not table["Knight"].two_weapons
    assert {n for n, w in table.items() if w.backstab} == {"Assassin", "Rogue", "Bandit"}
    assert table["Goblin"].reach_bonus == table["Dwarf"].reach_bonus == -1
    assert table["Half-Orc"].race == "Humanoid" and table["Knight"].race == "Human"


@pytest.mark.rules("FF 1.12")
def test_the_weapon_table_is_read_column_by_column():
    table = TABLES.weapons
    assert len(table) == 28
    dagger = table["Dagger"]
    assert (dagger.damage, dagger.range, dagger.thrown, dagger.speed, dagger.reach,
            dagger.parry, dagger.bracket, dagger.two_handed) == (0, 1, True, 2, 1, 1, 1, False)
    assert table["GreatSword"].two_handed and table["GreatSword"].range is None
    assert table["ShortBow"].two_handed and table["ShortBow"].range == 4
    assert table["HeavyCrossbow"].damage == 3 and table["HeavyCrossbow"].range == 8
    assert table["Whip"].reach == 8 and table["Whip"].parry == 0
    assert table["Javelins"].reach is None and table["Javelins"].bracket == 3
    assert table["Knives"].bracket == 4 and table["Knives"].thrown and table["Knives"].range == 1
    assert table["LongBow"].range == 6 and not table["LongBow"].thrown
    assert table["Staff"].parry == 2 and table["Staff"].two_handed
    assert sum(w.two_handed for w in table.values()) == 10
    assert {w.code for w in table.values() if w.thrown} == {
        "Dagger", "Knives", "Javelins", "Spear", "HandAxe"}


@pytest.mark.parametrize(("parse", "text", "message"), [
    (parse_warriors, "Ogre H +4 -2 - -2 ten 0", "warriors.txt, line 1 (Ogre): hits: 'ten'"),
    (parse_warriors, "Ogre H +4 -2 - -2 10 0 Flies", "notes: 'Flies' is not a note"),
    (parse_warriors, "Ogre H +4", "a warrior row has"),
    (parse_weapons, "Club - H +x 2 1", "weapons.txt, line 1 (Club): speed: '+x'"),
    (parse_weapons, "Club - H +1 two 1", "reach: 'two' is not a whole number"),
    (parse_equipment, '[[card]]\nname = "Cap"\nkind = "helmet"\nbonus = 9',
     "card 1 (Cap): bonus: must be a whole number from 0 to 6"),
    (parse_equipment, '[[card]]\nname = "B"\nkind = "shield"\nblock = [6, 2]',
     "card 1 (B): block: must be [low, high]"),
    (parse_equipment, '[[card]]\nname = "B"\nkind = "shield"\nblock = [5, 6]\nbonus = 1',
     "a shield blocks; it has no armor bonus"),
    (parse_spells, '[[card]]\nname = "Bolt"\ncopies = 0\ntext = "x"', "copies: must be"),
    (parse_spells, 'card = 3', "needs [[card]] entries"),
])
def test_data_errors_name_the_file_entry_and_field(parse, text, message):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_example_data_is_marked_as_ours():
    for name in ("equipment-example.toml", "spells-example.toml", "warbands/iron-host.toml",
                 "warbands/goblin-rabble.toml"):
        text = (DATA / name).read_text()
        assert "NOT from the publisher" in text and "ours = true" in text


# -- warbands and the recruit rules -------------------------------------------------------
def band(name: str):
    return parse_warband((DATA / "warbands" / f"{name}.toml").read_text(), TABLES,
                         name).fighters


@pytest.mark.rules("FF 1.1", "FF 1.2", "FF 1.3", "FF 1.4", "FF 1.5", "FF 1.6", "FF 1.9",
                   "FF 1.10")
def test_the_example_warbands_keep_every_recruit_rule():
    a, b = band("iron-host"), band("goblin-rabble")
    assert len(a) == len(b) == 10
    assert violations(TABLES, a) == violations(TABLES, b) == []
    assert shared_card_violations(TABLES, a, b) == []


def fighters(text: str):
    return Setup.parse(f"size 1 | a {text} | b Orc@F:5[Club]", TABLES).a


@pytest.mark.parametrize(("text", "size", "rules"), [
    ("Orc@F:5[Club] Goblin@B:4[Dagger] Kobold@B:3[Knives]", 3, ["FF 1.2"]),
    ("Orc@F:5[Club]", 2, ["FF 1.1"]),
    ("Orc@F:5[Club] Goblin@F:4[Club]", 2, ["FF 1.3"]),
    ("Orc@F:5[Club]{Buckler} Goblin@F:4[Dagger]{Buckler}", 2, ["FF 1.4"]),
    ("Knight@F:6[Club]{Buckler,RoundShield,IronCap,GreatHelm}", 1, ["FF 1.5", "FF 1.5"]),
    ("Knight@F:6[Club]{ChainSuit,PlateSuit}", 1, ["FF 1.6"]),
    ("Knight@F:6[Club]{ChainSuit,Greaves}", 1, ["FF 1.6"]),
    ("Knight@F:6[Club]{Breastplate,Greaves,Vambraces}", 1, []),
    ("Assassin@F:5[Dagger]{Buckler}", 1, ["FF 1.9"]),
    ("Wizard@F:2[Staff]{IronCap}<EmberDart,EmberDart,EmberDart,EmberDart,EmberDart>", 1,
     ["FF 1.9"]),
    ("Shaman@F:5[Staff]<EmberDart>", 1, ["FF 1.10"]),
    ("Orc@F:5[Club]<EmberDart>", 1, ["FF 1.10"]),
])
@pytest.mark.rules("FF 1.1", "FF 1.2", "FF 1.3", "FF 1.4", "FF 1.5", "FF 1.6", "FF 1.9",
                   "FF 1.10")
def test_each_recruit_rule_is_reported_with_its_number(text, size, rules):
    assert [v.rule for v in violations(TABLES, fighters(text), size)] == rules


@pytest.mark.rules("FF 1.3")
def test_too_many_weapon_cards_break_the_half_deck():
    every = ",".join(list(TABLES.weapons)[:15])
    found = violations(TABLES, fighters(f"Orc@F:5[{every}]"), 1)
    assert [v.rule for v in found] == ["FF 1.3"] and "half the deck, 14" in found[0].text


@pytest.mark.rules("FF 1.10")
def test_two_warbands_share_the_spell_deck():
    wizard = "Wizard@B:2[Staff]<EmberDart,EmberDart,EmberDart,EmberDart,EmberDart>"
    a = fighters(f"Orc@F:5[Club] {wizard}")
    b = Setup.parse(f"size 1 | a Ogre@F:10[Maul] {wizard.replace('Staff', 'Katar')} "
                      "| b Orc@F:5[Club]", TABLES).a
    assert violations(TABLES, a, 2) == violations(TABLES, b, 2) == []
    assert [v.rule for v in shared_card_violations(TABLES, a, b)] == ["FF 1.10"]


@pytest.mark.parametrize(("text", "message"), [
    ('name = 3\n[[warrior]]\ncard = "Orc"\nrow = "front"', "x.toml: name: must be a text"),
    ('[[warrior]]\ncard = "Troll"\nrow = "front"', "x.toml: warrior 1: card: 'Troll'"),
    ('[[warrior]]\ncard = "Orc"\nrow = "front"\nweapons = ["Laser"]',
     "x.toml: warrior 1 (Orc): weapons: 'Laser' is not a weapon"),
    ('[[warrior]]\ncard = "Orc"\nrow = "front"\ngear = ["Hat"]', "warrior 1 (Orc): gear: 'Hat'"),
    ('[[warrior]]\ncard = "Orc"\nrow = "front"\nspells = "x"', "spells: must be a list"),
    ('[[warrior]]\ncard = "Orc"\nrow = "front"\nmount = "horse"', "unknown field 'mount'"),
    ('[[warrior]\n', "x.toml: not valid TOML"),
    ('army = 1', "unknown key 'army'"),
])
def test_warband_schema_errors_name_the_file_warrior_and_field(text, message):
    with pytest.raises(InputError) as caught:
        parse_warband(text, TABLES, "x.toml")
    assert message in str(caught.value) and "\n" not in str(caught.value)


# -- notation -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "size 1 | a Orc@X:5[Club] | b Orc@F:5[Club]", "size 0 | a Orc@F:5[Club] | b Orc@F:5[Club]",
    "size 1 | a Orc@F:5[Laser] | b Orc@F:5[Club]", "size 1 | a - | b Orc@F:5[Club]",
    "size 1 | b Orc@F:5[Club] | a Orc@F:5[Club]", "",
])
def test_bad_setups_are_refused(text):
    with pytest.raises(InputError):
        Setup.parse(text, TABLES)


@pytest.mark.parametrize("text", ["", "set A0 X Club", "roll 7", "aim back", "pick C1",
                                  "set A0 F Club+", "field C"])
def test_bad_actions_are_refused(text):
    with pytest.raises(InputError):
        Move.parse(text)


def test_states_refuse_what_does_not_fit():
    start = GAME.format_state(GAME.initial_state(GAME.example_setups(1)[0], DEFAULT_RULES))
    with pytest.raises(InputError, match="step hit_roll needs an attack"):
        GAME.parse_state(start.replace("step field", "step hit_roll"))
    with pytest.raises(InputError, match="names a warrior the side lacks"):
        GAME.parse_state(start.replace("queue -", "queue A3.melee.1.1.hit_roll.0.F.0.0"))


# -- the battle ---------------------------------------------------------------------------------
def melee_state(attacker: str, defender: str, ranged: bool = False) -> State:
    kind = "ranged" if ranged else "melee"
    return GAME.parse_state(
        f"size 1 | turn 1 | step hit_roll | actor 0 | acts 3 | cursor 0 | segment melee | "
        f"a {attacker} | b {defender} | cards 7 7 26 0 | "
        f"queue A0.{kind}.1.1.hit_roll.0.F.0.0 | pairs - | held -")


def damage_distribution(state: State, rules) -> dict[int, object]:
    """The exact distribution of hits B0 loses in the attack at ``state``, from the game tree."""
    from fractions import Fraction

    found: dict[int, Fraction] = {}
    start_hits = state.sides[1][0].hits

    def walk(node: State, chance: Fraction) -> None:
        if GAME.current_player(node) != CHANCE or node.step == "first_strike" or (
                node.queue and node.queue[0].index != 0):
            lost = start_hits - node.sides[1][0].hits
            found[lost] = found.get(lost, Fraction(0)) + chance
            return
        for action, p in GAME.chance_outcomes(node, rules):
            walk(GAME.apply(node, action, rules), chance * p)

    walk(state, Fraction(1))
    return found


@pytest.mark.parametrize(("attacker", "defender", "ranged", "rules"), [
    ("Ogre@F:10[Maul*]", "Orc@F:5[Club*]{RoundShield,IronCap,ChainSuit}", False, DEFAULT_RULES),
    ("Kobold@F:3[Knives*]", "Dwarf@F:7[BattleAxe*]{RoundShield,PlateSuit}", False, DEFAULT_RULES),
    ("Elf@B:4[ShortBow*]<EmberDart>", "Goblin@F:4[Staff*]{Buckler}", True, DEFAULT_RULES),
    ("Elf@B:4[LightCrossbow*]<EmberDart>", "Goblin@F:4[Staff*]{Buckler}", True, LITERAL),
    ("Warrior@F:6[HandAxe*]", "Knight@F:6[Spear*]{TowerShield,GreatHelm}", False, LITERAL),
])
@pytest.mark.rules("FF 4.4", "FF 5.6", "FF 6.1", "FF 6.2", "FF 6.3", "FF 1.8")
def test_the_engine_rolls_exactly_the_odds_of_the_combat_model(attacker, defender, ranged,
                                                                 rules):
    from model.fantasy.combat import attack_odds
    from model.fantasy.fighters import armor_of, card, shield_of, used_weapons

    state = melee_state(attacker, defender, ranged)
    a, d = state.sides[0][0], state.sides[1][0]
    t = TABLES
    odds = attack_odds(card(t, a), used_weapons(t, a)[0], card(t, d), used_weapons(t, d),
                       shield_of(t, d), armor_of(t, d), rules, ranged=ranged, attacker_in_back=a.row == "B",
                       target_in_back=d.row == "B")
    tree = damage_distribution(state, rules)
    assert {k: v for k, v in tree.items() if v} == dict(odds.damage)


def test_the_policies_keep_the_protocol_and_random_draws_as_the_seeded_battle_did():
    """``random`` is what ``fantasy battle`` plays by: it must draw exactly as
    ``rng.choice`` over the legal actions, or seeded battles would change."""
    assert set(POLICIES) == {"first", "random"}
    assert all(isinstance(policy, Policy) and policy.name == name
               for name, policy in POLICIES.items())
    for seed in range(3):
        state = GAME.initial_state(GAME.example_setups(3)[seed], DEFAULT_RULES)
        mine, theirs = random.Random(seed), random.Random(seed)
        for _ in range(60):
            if GAME.is_terminal(state):
                break
            player = GAME.current_player(state)
            if player == CHANCE:
                action, _ = GAME.sample_chance(state, DEFAULT_RULES, mine)
                assert GAME.sample_chance(state, DEFAULT_RULES, theirs)[0] == action
            else:
                action = POLICIES["random"].choose(GAME, state, DEFAULT_RULES, player, mine)
                assert theirs.choice(list(GAME.legal_actions(state, DEFAULT_RULES))) == action
            state = GAME.apply(state, action, DEFAULT_RULES)


@pytest.mark.rules("FF 6.4", "FF 8.1", "FF 8.2")
def test_every_battle_ends_within_its_bound_with_a_winner_a_draw_or_undecided():
    for preset in GAME.presets:
        rules = GAME.preset(preset)
        for seed in range(8):
            rng = random.Random(seed)
            state = list(GAME.exploration_starts(rules, 4))[seed % 4]
            bound = GAME.max_length(state)
            taken = 0
            while not GAME.is_terminal(state):
                if GAME.current_player(state) == CHANCE:
                    action, _ = GAME.sample_chance(state, rules, rng)
                else:
                    action = rng.choice(list(GAME.legal_actions(state, rules)))
                transition = GAME.resolve(state, action, rules)
                assert not missing_edges(GAME, state, transition)
                state, taken = transition.state, taken + 1
                assert state.acts < per_turn_bound(4)
            assert taken <= bound
            outcome = GAME.outcome(state, rules)
            standing = [bool(state.living(0)), bool(state.living(1))]
            assert outcome.label == ("undecided" if all(standing) else "draw" if not any(
                standing) else f"side {'AB'[standing.index(True)]} wins")
            assert state.turn <= rules.turn_limit + 1


@pytest.mark.rules("FF 1.1")
def test_a_warband_that_breaks_a_rule_cannot_be_fielded():
    setup = Setup.parse("size 1 | a Rogue@F:4[Dirk]{Buckler} | b Orc@F:5[Club]", TABLES)
    state = GAME.initial_state(setup, DEFAULT_RULES)
    assert GAME.legal_actions(state, DEFAULT_RULES) == ()
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "field A", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("FF 1.9",)


@pytest.mark.rules("FF 4.5")
def test_ammunition_follows_the_bracket_reading():
    setup = Setup.parse("size 1 | a Orc@F:5[HandAxe,Knives] | b Goblin@F:4[Club]", TABLES)
    ammo = lambda rules: [a.ammo for a in GAME.initial_state(setup, rules).sides[0][0].arms]  # noqa: E731
    assert ammo(DEFAULT_RULES) == [2, 4]
    assert ammo(dataclasses.replace(DEFAULT_RULES, bracket_is_hands=True)) == [1, 4]


def test_the_scenarios_replay():
    from harness.scenario import load_scenario, run_scenario

    paths = sorted((ROOT / "scenarios" / "fantasy").glob("*.toml"))
    assert len(paths) >= len(GAME.rulebook)
    for path in paths:
        result = run_scenario(load_scenario(path, {"fantasy": GAME}, ROOT), GAME)
        assert result.passed, (path.name, result.failures)


# -- the generic protocol checks, run here before the game is registered ------------------------
@pytest.mark.parametrize("preset", ["rulebook", "literal"])
@pytest.mark.parametrize("seed", range(3))
def test_random_playouts_keep_the_protocol(preset, seed):
    rules = GAME.preset(preset)
    start = list(GAME.exploration_starts(rules, seed + 1))[seed]
    conformance.check_playout(GAME, rules, start, random.Random(f"fantasy/{preset}/{seed}"))


def test_setups_follow_the_protocol():
    conformance.check_setups(GAME)


# -- the ambiguity register ---------------------------------------------------------------------
def witness_view(ambiguity, rules) -> str:
    return probe_witness(GAME, ambiguity.witness.position, ambiguity.witness.probe, rules)


@pytest.mark.parametrize("ambiguity", GAME.ambiguities, ids=lambda a: a.id)
def test_every_witness_parts_the_readings(ambiguity):
    fields = {f.name for f in dataclasses.fields(DEFAULT_RULES)}
    assert ambiguity.field in fields and getattr(DEFAULT_RULES, ambiguity.field) == ambiguity.default
    views = [witness_view(ambiguity, dataclasses.replace(DEFAULT_RULES, **{ambiguity.field: r.value}))
             for r in ambiguity.readings]
    assert len(set(views)) == len(views), views


def test_every_rules_field_has_its_entry():
    assert {a.field for a in GAME.ambiguities} == {f.name for f in dataclasses.fields(DEFAULT_RULES)}
    assert {a.field: a.default for a in GAME.ambiguities} == dataclasses.asdict(DEFAULT_RULES)


@pytest.mark.rules("FF 5.4", "FF 5.3")
def test_ff_a19_and_ff_a20_a_warrior_left_over_and_doubling_up():
    """Once the Bandit has picked the Bugbear, the Knight is left over: it must double up
    by default (staying out refused), may stay out under FF-A19's other reading, and is
    kept out under FF-A20's (two warriors a side in all); a warrior kept out is in no
    pairing and strikes no blow."""
    by_id = {a.id: a for a in GAME.ambiguities}
    left_over = GAME.parse_state(by_id["FF-A19"].witness.position)
    optional = dataclasses.replace(DEFAULT_RULES, doubling_up_optional=True)
    assert [str(m) for m in GAME.legal_actions(left_over, DEFAULT_RULES)] == ["pick B0"]
    assert [str(m) for m in GAME.legal_actions(left_over, optional)] == ["pick B0", "pick none"]
    with pytest.raises(IllegalAction, match="must double up"):
        GAME.parse_action(left_over, "pick none", DEFAULT_RULES)
    assert str(Move.parse("pick none")) == "pick none"
    out = GAME.apply(left_over, GAME.parse_action(left_over, "pick none", optional), optional)
    counted = dataclasses.replace(DEFAULT_RULES, double_up_needs_more_warriors=True)
    before = GAME.parse_state(by_id["FF-A20"].witness.position)
    kept = GAME.apply(before, GAME.parse_action(before, "pick B0", counted), counted)
    for state in (out, kept):
        assert state.held == ((0, 0),) and [str(p) for p in state.pairs] == ["A1-B0"]
        assert state.step == "first_strike"
    # with a third warrior side A has more in all, and the Knight doubles up again
    bigger = GAME.parse_state(by_id["FF-A20"].witness.position.replace(
        "Bandit@F:5[Dagger=1*] |", "Bandit@F:5[Dagger=1*] Orc@B:5[Club] |"))
    after = GAME.apply(bigger, GAME.parse_action(bigger, "pick B0", counted), counted)
    assert (after.step, after.cursor, after.held) == ("pair", 0, ())


@pytest.mark.rules("FF 4.4", "FF 6.1")
def test_the_odds_the_witnesses_quote():
    from fractions import Fraction

    from model.fantasy.combat import attack_odds

    w, a = TABLES.warriors, TABLES.weapons

    def hit(attacker, weapon, defender, used=(), rules=DEFAULT_RULES, **where):
        return attack_odds(w[attacker], a[weapon], w[defender], used, None, (), rules,
                           ranged=True, **where).hit

    rolled = dataclasses.replace(DEFAULT_RULES, dodge_is_rolled=True)
    assert (hit("Orc", "Javelins", "Goblin"), hit("Orc", "Javelins", "Goblin", rules=rolled)) \
        == (Fraction(1, 6), Fraction(1, 12))
    on_target = dataclasses.replace(DEFAULT_RULES, back_penalty_on_target=True)
    assert (hit("Centaur", "LongBow", "Knight", attacker_in_back=True),
            hit("Centaur", "LongBow", "Knight", rules=on_target, attacker_in_back=True)) \
        == (Fraction(1, 2), Fraction(2, 3))
    parry = dataclasses.replace(DEFAULT_RULES, parry_against_ranged=True)
    assert (hit("Centaur", "LongBow", "Knight", (a["BroadSword"],)),
            hit("Centaur", "LongBow", "Knight", (a["BroadSword"],), rules=parry)) \
        == (Fraction(2, 3), Fraction(1, 2))
    buckler = TABLES.equipment["Buckler"]
    blocked = [attack_odds(w["Knight"], a["LongSword"], w["Orc"], (a["HandAxe"],), buckler, (),
                           rules) for rules in (DEFAULT_RULES, dataclasses.replace(
                               DEFAULT_RULES, bracket_is_hands=True))]
    assert [o.blocked / o.hit for o in blocked] == [Fraction(1, 6), 0]


@pytest.mark.rules("FF 1.5", "FF 1.9", "FF 4.5", "FF 6.4")
def test_the_invariants_catch_broken_positions():

    position = GAME.ambiguities[0].witness.position
    checks = {invariant.name: invariant for invariant in GAME.invariants}
    assert all(invariant(GAME.parse_state(position)) is None for invariant in GAME.invariants)
    broken = {
        "equipment-kept": position.replace("{Buckler}", "{Buckler,RoundShield}"),
        "ammunition-never-negative": position.replace("ShortSword,", "ShortSword=2,"),
        "killed-never-act": position.replace("Orc@F:5", "Orc@F:0").replace(".1.1.hit", ".1.0.hit"),
        "hits-bounded": position.replace("Goblin@F:4", "Goblin@F:9"),
        "one-weapon-in-use": position.replace("ShortSword,", "ShortSword*,"),
    }
    for name, text in broken.items():
        assert checks[name](GAME.parse_state(text)), name
