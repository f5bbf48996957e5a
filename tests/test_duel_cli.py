"""``ringside duel odds | characters | play``: output for people and for machines, errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from harness import registry
from harness.cli import main

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ROOT / "analysis" / "duel" / "data" / "characters"


@pytest.fixture(autouse=True)
def duel_registered():
    """The game's parts, registered for the test when the package does not yet."""
    from harness.games.duel import PARTS

    known = "duel" in registry.games()
    if not known:
        registry.register(PARTS)
    yield
    if not known:
        registry.unregister("duel")


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def small(tmp_path: Path, key: str, hp: int) -> Path:
    text = (CHARACTERS / f"{key}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{key}-small.toml"
    path.write_text(text.replace("hp = ", f"hp = {hp}\n# was ", 1), encoding="utf-8")
    return path


@pytest.mark.rules("DU 4.1", "DU 4.3", "DU 4.4", "DU 4.5", "DU 6.4")
def test_odds_json_has_the_issue_shape_and_exact_fractions(capsys):
    code, out, err = run(capsys, "duel", "odds", "brute", "Gravel Brute", "--json")
    assert code == 0 and not err
    data = json.loads(out)
    assert set(data) == {"base", "critical", "aggressor", "clash_damage", "duel"}
    assert data["base"]["A"] == {str(v): "1/10" for v in range(1, 11)} == data["base"]["B"]
    assert data["critical"] == {"A": "1/10", "B": "1/10"}
    assert data["aggressor"] == {"A": "9/20", "B": "9/20", "tie": "1/10"}
    assert sum(Fraction(p) for p in data["clash_damage"].values()) == 1
    # Two equal characters: each wins half the duels (no true damage, so no draw).
    assert data["duel"]["A"] == data["duel"]["B"] == "1/2"
    assert "Markov chain" in data["duel"]["method"]


@pytest.mark.rules("DU 1.3")
def test_odds_read_character_files_and_print_for_people(capsys, tmp_path):
    first, second = small(tmp_path, "ember", 6), small(tmp_path, "tide", 5)
    code, out, err = run(capsys, "duel", "odds", str(first), str(second))
    assert code == 0 and not err
    assert out.startswith("A = Ember Duelist (2d6), B = Tidecaller (draw 2 of")
    assert "who wins the duel (policy pass): A " in out and "method: exact Markov chain" in out
    code, out, _ = run(capsys, "duel", "odds", str(first), str(second), "--json")
    duel = json.loads(out)["duel"]
    assert Fraction(duel["A"]) + Fraction(duel["B"]) <= 1


@pytest.mark.parametrize(("args", "message"), [
    (("duel", "odds", "ember", "zed"), "'zed' is neither a character"),
    (("duel", "odds", "ember", "missing.toml"), "missing.toml: no such character file"),
    (("duel", "play", "ember", "tide", "--seed", "-1"), "--seed"),
    (("duel", "odds", "ember", "tide", "--set", "no_field=1"), "unknown rules field"),
])
def test_bad_input_is_one_line_and_exit_two(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_character_file_names_its_field(capsys, tmp_path):
    path = small(tmp_path, "ember", 6)
    path.write_text(path.read_text().replace("sides = 6", "sides = 600"))
    code, _, err = run(capsys, "duel", "odds", str(path), "tide")
    assert code == 2 and "power: field 'sides' must be a whole number from 2 to 20, not 600" in err


def test_characters_lists_the_shipped_ones(capsys):
    code, out, _ = run(capsys, "duel", "characters", "--json")
    rows = json.loads(out)["characters"]
    assert [r["key"] for r in rows] == ["ember", "tide", "brute", "spark"]
    assert all(r["ours"] and r["deck"] == 30 for r in rows)
    code, out, _ = run(capsys, "duel", "characters")
    assert "not from the publisher" in out and "Gravel Brute" in out


@pytest.mark.rules("DU 6.1", "DU 6.2", "DU 6.4", "DU 6.5", "DU 6.6")
def test_play_logs_every_change_with_its_step_and_rule(capsys):
    code, out, _ = run(capsys, "duel", "play", "ember", "tide", "--seed", "1", "--json")
    data = json.loads(out)
    steps = [s for action in data["actions"] for s in action["steps"]]
    assert {"A", "B", "C", "D", "E"} <= {s["step"] for s in steps}
    assert all(s["rules"] and all(r.startswith("DU ") for r in s["rules"]) for s in steps)
    clash = [s for s in steps if s["step"] == "C" and "clash damage:" in s["text"]]
    assert clash and all("DU 6.4" in s["rules"] for s in clash)
    assert data["outcome"] in ("player 0 wins", "player 1 wins", "draw", "unfinished")
    code, again, _ = run(capsys, "duel", "play", "ember", "tide", "--seed", "1", "--json")
    assert again == out  # seeded: the same duel every time
    code, text, _ = run(capsys, "duel", "play", "ember", "tide", "--seed", "1")
    assert "[C] player" in text and "[DU 6.4" in text and text.rstrip().splitlines()[-1].startswith(
        "result ")


@pytest.mark.rules("DU 4.8")
def test_odds_under_another_policy_say_why_no_number(capsys):
    import json

    code, out, _ = run(capsys, "duel", "odds", "ember", "tide", "--policy", "greedy", "--json")
    duel = json.loads(out)["duel"]
    assert code == 0 and duel["policy"] == "greedy" and duel["A"] is None
    assert duel["method"].startswith("not computed")
    code, out, _ = run(capsys, "duel", "play", "ember", "tide", "--seed", "3",
                       "--policy", "greedy", "--rounds", "2")
    assert code == 0 and "policy greedy" in out
