"""``ringside fantasy warband``, ``odds`` and ``battle``, and the exact odds behind them."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from analysis.fantasy.loading import GAME
from model.fantasy.combat import attack_odds, expected_attacks, hit_chance
from model.fantasy.rules import DEFAULT_RULES, LITERAL

TABLES = GAME.tables


def run(capsys, *args: str) -> tuple[int, str, str]:
    from harness.cli import main

    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


# -- the odds --------------------------------------------------------------------------------
W, A = TABLES.warriors, TABLES.weapons
ROOT_DATA = Path(__file__).resolve().parent.parent / "analysis" / "fantasy" / "data"


@pytest.mark.rules("FF 5.6", "FF 6.2", "FF 6.4")
def test_a_hand_computed_matchup():
    odds = attack_odds(W["Ogre"], A["Maul"], W["Orc"], (), None, (), DEFAULT_RULES)
    assert odds.hit == Fraction(1, 2)
    assert odds.damage == {0: Fraction(1, 2), **{d: Fraction(1, 12) for d in range(6, 12)}}
    assert odds.kill_in_one == Fraction(1, 2) and odds.expected_attacks_to_kill == 2


@pytest.mark.rules("FF 6.1", "FF 6.2", "FF 1.8")
def test_shield_armor_and_two_handed_weapons():
    shield, cap, suit = (TABLES.equipment[c] for c in ("RoundShield", "IronCap", "ChainSuit"))
    odds = attack_odds(W["Knight"], A["LongSword"], W["Dwarf"], (A["Club"],), shield,
                       (cap, suit), DEFAULT_RULES)
    # 4+ on 1D6 + skill 1 - dodge 1 - parry 1: a third; blocked on 5-6: a third of the hits.
    assert odds.hit == Fraction(1, 3) and odds.blocked == Fraction(1, 9)
    # 1D6 + 1 + 2 - 3: 1 to 6 hits lost when not blocked (2/9 of the attacks).
    assert odds.damage == {0: Fraction(7, 9), **{d: Fraction(1, 27) for d in range(1, 7)}}
    axe = attack_odds(W["Knight"], A["LongSword"], W["Dwarf"], (A["BattleAxe"],), shield,
                      (cap, suit), DEFAULT_RULES)
    assert axe.blocked == 0 and "FF 1.8" in axe.rules


@pytest.mark.rules("FF 4.4", "FF 6.3")
def test_ranged_readings_give_their_own_odds():
    elf, goblin = W["Elf"], W["Goblin"]
    front = attack_odds(elf, A["LongBow"], goblin, (), None, (), DEFAULT_RULES, ranged=True)
    back = attack_odds(elf, A["LongBow"], goblin, (), None, (), DEFAULT_RULES, ranged=True,
                       attacker_in_back=True)
    assert (front.hit, back.hit) == (Fraction(1, 2), Fraction(1, 3))
    rolled = attack_odds(elf, A["LongBow"], goblin, (), None, (),
                         dataclasses.replace(DEFAULT_RULES, dodge_is_rolled=True), ranged=True)
    assert rolled.hit == Fraction(sum(1 for f in range(1, 7) for d in range(1, 7)
                                      if f + 2 - d >= 4), 36)
    crossbow = [attack_odds(elf, A["LightCrossbow"], goblin, (), None, (), rules,
                            ranged=True).damage for rules in (DEFAULT_RULES, LITERAL)]
    assert max(crossbow[0]) + 2 == max(crossbow[1])


@pytest.mark.rules("FF 6.2")
def test_an_attack_that_cannot_wound_never_kills():
    armor = tuple(TABLES.equipment[c] for c in ("IronCap", "Breastplate", "Greaves", "Vambraces"))
    odds = attack_odds(W["Wizard"], A["Knives"], W["Orc"], (), None, armor, DEFAULT_RULES)
    assert odds.damage == {0: Fraction(1)} and odds.expected_attacks_to_kill is None
    assert odds.as_dict()["expected_attacks_to_kill"] is None


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(1, 5), st.fractions(min_value=Fraction(1, 100),
                                                        max_value=1), min_size=1, max_size=3),
       st.integers(1, 8))
def test_expected_attacks_solves_its_recurrence(weights, hits):
    total = sum(weights.values()) + 1
    damage = {amount: weight / total for amount, weight in weights.items()}
    damage[0] = 1 - sum(damage.values())
    mean = expected_attacks(damage, hits)
    # E(h) = 1 + sum_d p(d) E(h - d): the answer satisfies the equation it came from.
    again = 1 + sum(p * (expected_attacks(damage, hits - d) if hits - d > 0 else 0)
                    for d, p in damage.items() if d) + damage[0] * mean
    assert mean == again and mean >= 1


@pytest.mark.parametrize("modifier", range(-6, 7))
def test_hit_chance_counts_faces(modifier):
    assert hit_chance(modifier, False) == Fraction(sum(1 for f in range(1, 7)
                                                       if f + modifier >= 4), 6)


# -- the commands ----------------------------------------------------------------------------
@pytest.mark.rules("FF 5.6", "FF 6.1", "FF 6.2")
def test_odds_json_is_exact_fractions_and_rule_numbers(capsys):
    code, out, _ = run(capsys, "fantasy", "odds", "Ogre", "Maul", "Orc", "--shield",
                       "Round Shield", "--armor", "Iron Cap", "Chain Suit",
                       "--defender-weapon", "Club", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"hit", "blocked", "damage", "kill_in_one", "expected_attacks_to_kill",
                         "rules"}
    assert data["hit"] == "1/3" and data["blocked"] == "1/9"
    assert all("/" in v for v in data["damage"].values())
    assert sum(Fraction(v) for v in data["damage"].values()) == 1
    assert data["rules"] == ["FF 5.6", "FF 6.1", "FF 6.2", "FF 6.4"]


@pytest.mark.parametrize(("args", "message"), [
    (["Troll", "Maul", "Orc"], "ATTACKER: 'Troll' is not a warrior"),
    (["Ogre", "Laser", "Orc"], "WEAPON: 'Laser' is not a weapon"),
    (["Ogre", "Long Bow", "Orc"], "add --ranged"),
    (["Ogre", "Maul", "Orc", "--ranged"], "--ranged: the Maul is a hand-to-hand weapon"),
    (["Ogre", "Maul", "Orc", "--shield", "Iron Cap"], "Iron Cap is a helmet, not a shield"),
    (["Ogre", "Maul", "Orc", "--armor", "Buckler"], "Buckler is a shield"),
    (["Ogre", "Maul", "Orc", "--from-back"], "only a ranged attack"),
    (["Ogre", "Maul", "Orc", "--set", "whip_reach=x"], "whip_reach=x"),
])
def test_odds_refuses_bad_input_in_one_line(capsys, args, message):
    code, _, err = run(capsys, "fantasy", "odds", *args)
    assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.rules("FF 1.1", "FF 1.9", "FF 1.10")
def test_warband_reports_every_violation_with_its_rule(capsys, tmp_path):
    code, out, _ = run(capsys, "fantasy", "warband", "goblin-rabble", "--json")
    assert code == 0 and json.loads(out)["valid"]
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\n[[warrior]]\ncard = "Rogue"\nrow = "front"\n'
                   'gear = ["Buckler"]\n[[warrior]]\ncard = "Wizard"\nrow = "back"\n')
    code, out, _ = run(capsys, "fantasy", "warband", str(bad), "--json")
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    assert [v["rule"] for v in data["violations"]] == ["FF 1.1", "FF 1.9", "FF 1.10"]
    code, out, _ = run(capsys, "fantasy", "warband", str(bad))
    assert code == 1 and "FF 1.9  warrior 1: Rogue is a back-stabber" in out


@pytest.mark.parametrize(("text", "message"), [
    ("[[warrior]\n", "not valid TOML"),
    ('[[warrior]]\ncard = "Orc"\nrow = "up"\n', "warrior 1 (Orc): row"),
])
def test_warband_refuses_malformed_files_in_one_line(capsys, tmp_path, text, message):
    path = tmp_path / "w.toml"
    path.write_text(text)
    code, _, err = run(capsys, "fantasy", "warband", str(path))
    assert code == 2 and message in err and err.count("\n") == 1
    code, _, err = run(capsys, "fantasy", "warband", str(tmp_path / "missing.toml"))
    assert code == 2 and "no such file" in err


@pytest.mark.rules("FF 2.1", "FF 8.1")
def test_battle_is_reproducible_and_logs_every_roll_with_its_rule(capsys):
    code, out, _ = run(capsys, "fantasy", "battle", "iron-host", "goblin-rabble", "--seed",
                       "3", "--json")
    first = json.loads(out)
    assert code == 0
    _, again, _ = run(capsys, "fantasy", "battle", "iron-host", "goblin-rabble", "--seed", "3",
                      "--json")
    assert json.loads(again) == first
    rolls = [a for a in first["actions"] if a["action"].startswith("roll")]
    assert rolls and all(step["rules"] for a in rolls for step in a["steps"])
    assert first["outcome"] in ("side A wins", "side B wins", "draw", "undecided")
    code, out, _ = run(capsys, "fantasy", "battle", "iron-host", "goblin-rabble", "--seed", "3")
    assert code == 0 and "[FF 5.6]" in out and "[FF 2.1, FF 2.2]" in out


def test_battle_refuses_warbands_that_cannot_meet(capsys):
    code, _, err = run(capsys, "fantasy", "battle", "iron-host", "iron-host")
    assert code == 2 and "FF 1.3" in err and err.count("\n") == 1


@pytest.mark.rules("FF 1.10", "FF 7.2", "FF 7.3")
def test_battle_draws_missing_spell_cards_and_casts_spells(capsys, tmp_path):
    from model.fantasy.state import parse_warband

    source = (ROOT_DATA / "warbands" / "iron-host.toml").read_text()
    assert 'spells = ["Ember Dart"]' in source
    path = tmp_path / "no-spells.toml"
    path.write_text(source.replace('spells = ["Ember Dart"]', ""))
    elf = [f for f in parse_warband(path.read_text(), TABLES, "x").fighters
           if f.card == "Elf"]
    assert len(elf) == 1 and not elf[0].spells
    code, out, _ = run(capsys, "fantasy", "battle", str(path), "goblin-rabble", "--seed", "2",
                       "--json")
    report = json.loads(out)
    assert code == 0 and len(report["spell_draws"]) == 1
    assert report["spell_draws"][0].startswith("A7 Elf draws ")
    drawn = report["spell_draws"][0].split(" draws ")[1].split(" (")[0]
    assert "Elf@" in report["start"] and f"<{drawn}>" in report["start"]
    casts = [a for seed in range(6) for a in json.loads(run(
        capsys, "fantasy", "battle", "iron-host", "goblin-rabble", "--seed", str(seed),
        "--json")[1])["actions"] if a["action"].startswith("cast")]
    assert casts and all(any(r.startswith("FF 7.") for r in a["steps"][0]["rules"])
                         for a in casts)
