"""``ringside fightklub fight``: one fight resolved and settled, as a user asks it."""

from __future__ import annotations

import json

import pytest

from harness.cli import main


def _fight(capsys, *argv):
    code = main(["fightklub", "fight", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rules("FK 5.4", "FK 5.8", "FK 5.12", "FK 5.13", "FK 5.14")
def test_a_power_fight_gives_every_skirmish_and_where_the_cards_go(capsys):
    code, out, _ = _fight(capsys, "S935", "S971", "--json")
    found = json.loads(out)
    assert code == 0
    assert set(found) == {"mode", "winner", "shape", "clash_text_of", "skirmishes", "scored",
                          "exhausted", "raise_the_stakes", "damage", "rules"}
    # Haymaker 6 5 0 against Ambush 4 2 2: left and centre to seat 0
    assert [s["totals"] for s in found["skirmishes"]] == [[6, 4], [5, 2], [0, 2]]
    assert found["winner"] == 0 and found["shape"] == "won"
    assert found["scored"] == [{"seat": 0, "card": "S935", "reward": True}]
    assert found["exhausted"] == [{"seat": 1, "card": "S971"}]
    assert found["damage"] == {"0": 0, "1": 3}
    code, text, _ = _fight(capsys, "S935", "S971")
    assert code == 0 and "FK 5.8 seat 0 (card a) wins" in text and "FK 5.14 damage" in text


@pytest.mark.rules("FK 5.5", "FK 5.7")
def test_boosts_order_and_nullified_skirmishes_are_the_users_to_set(capsys):
    _, out, _ = _fight(capsys, "S931", "S971", "--boost-a", "0,0,1", "--nullified", "left",
                       "--order", "right,centre,left", "--json")
    found = json.loads(out)
    assert [s["position"] for s in found["skirmishes"]] == ["right", "centre", "left"]
    assert found["skirmishes"][2]["nullified"] and found["winner"] == 0


@pytest.mark.rules("FK 5.10", "FK 5.11")
def test_clash_text_decides_and_equal_numbers_raise_the_stakes(capsys):
    _, out, _ = _fight(capsys, "S933", "S971", "--measure-a", "cards in hand=4",
                       "--measure-b", "cards in hand=4", "--json")
    found = json.loads(out)
    assert found["mode"] == "clash" and found["clash_text_of"] == 0
    assert found["winner"] is None and found["shape"] == "clash tie"
    assert found["raise_the_stakes"] == [{"seat": 0, "card": "S933"}, {"seat": 1, "card": "S971"}]


@pytest.mark.rules("FK 5.16", "FK 5.17")
def test_an_unopposed_card_scores_and_a_multiplayer_tie_exhausts(capsys):
    _, out, _ = _fight(capsys, "S935", "--json")
    found = json.loads(out)
    assert found["shape"] == "unopposed" and found["damage"] == {"0": 0, "1": 3}
    _, out, _ = _fight(capsys, "S937", "S937", "--players", "3", "--json")
    found = json.loads(out)
    assert found["shape"] == "three ties" and found["raise_the_stakes"] == []
    assert found["exhausted"] == [{"seat": 0, "card": "S937"}, {"seat": 1, "card": "S937"}]


@pytest.mark.parametrize("argv, message", [
    (["S931", "S999"], "card b: "),
    (["S933", "S972"], "--clash-text: both cards show clash text"),
    (["S931", "S971", "--order", "left,left,right"], "--order: 'left,left,right' names a "
                                                      "skirmish twice"),
    (["S931", "S971", "--boost-a", "1,2"], "--boost-a: '1,2': three whole numbers"),
    (["S931", "S971", "--nullified", "middle"], "--nullified: 'middle' is not a skirmish"),
    (["S933", "S971", "--measure-a", "hand=4"], "--measure-a: 'hand=4': write NAME=N"),
    (["S931", "--stakes-a", "S931", "--players", "3"], "no raise-the-stakes cards with more"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = _fight(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_side_the_card_lacks_is_refused_in_one_line(capsys):
    from harness.cli import main

    assert main(["fightklub", "fight", "S931", "S971", "--side-a", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["ringside: error: --side-a: S931 Jab-Cross has side 0 only, not side 1"]


def test_boosts_and_measures_are_range_checked_with_their_range(capsys):
    from harness.cli import main

    assert main(["fightklub", "fight", "S931", "S971",
                 "--boost-a", "99999999999999999999,0,0"]) == 2
    assert "each boost must be a whole number from 0 to 99" in capsys.readouterr().err
    assert main(["fightklub", "fight", "S931", "S971", "--measure-a", "cards in hand=-1"]) == 2
    assert "cards in hand must be a whole number from 0 to 999" in capsys.readouterr().err
