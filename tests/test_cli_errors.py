"""Bad input on the command line: exit code 2, one line on stderr, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli import main
from model.clubfight.deals import Deal

POSITION = "7H QS -- JK 2D 2S AH 9D KS"
RINGSIDE = Path(sys.executable).parent / "ringside"


def scenario(tmp_path: Path, name: str, text: str) -> str:
    folder = tmp_path / "clubfight"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


BAD_INPUT = [
    ("malformed-deal-number", ["clubfight", "deal", "CF1-x"],
     "deal number: 'CF1-x' is not a deal number"),
    ("deal-with-3-jokers", ["clubfight", "deal", "CF3-1"], "'CF3-1' is not a deal number"),
    ("deal-number-too-big", ["clubfight", "deal", f"CF1-{2**64}"], "must be below 2^64"),
    ("malformed-position", ["clubfight", "moves", POSITION.replace("JK", "XX")],
     "position: slot 3: 'XX' is not a card"),
    ("wrong-card-count", ["clubfight", "moves", POSITION.rsplit(" ", 1)[0]],
     "position: a grid has 9 slots (cards or --), this has 8 tokens"),
    ("duplicate-card", ["clubfight", "moves", POSITION.replace("QS", "7H")],
     "position: 7H appears twice in the grid"),
    ("club-in-grid", ["clubfight", "moves", POSITION.replace("QS", "QC")],
     "slot 1 holds QC, a club; clubs are never in the grid"),
    ("bad-club", ["clubfight", "moves", POSITION, "--club", "Z"], "'Z' is not a rank"),
    ("unknown-ruleset", ["clubfight", "moves", POSITION, "--rules", "casino"],
     "unknown ruleset 'casino'; known: rulebook, webapp"),
    ("unknown-ruleset-explore", ["explore", "clubfight", "--rules", "casino"],
     "unknown ruleset 'casino'"),
    ("unknown-rule-number", ["rules", "CF", "9.9"],
     "unknown rule number CF 9.9; did you mean"),
    ("malformed-rule-number", ["rules", "CF", "four"], "'CF four' is not a rule number"),
    ("unknown-rule-prefix", ["rules", "XX", "1.1"], "no game has rule numbers starting XX"),
    ("unknown-game", ["explore", "chess"], "unknown game 'chess'; games: clubfight"),
    ("unknown-option", ["clubfight", "deal", "CF1-0", "--bogus"],
     "unrecognized arguments: --bogus"),
    ("unknown-command", ["punch"], "invalid choice: 'punch'"),
    ("missing-argument", ["clubfight", "deal"], "the following arguments are required: CFj-n"),
    ("bad-number-option", ["explore", "clubfight", "--depth", "deep"],
     "argument --depth: must be a whole number from 0 to 1000, not 'deep'"),
    ("negative-number-option", ["explore", "clubfight", "--depth", "-1"],
     "argument --depth: must be a whole number from 0 to 1000, not -1"),
    ("negative-playouts", ["explore", "clubfight", "--playouts", "-3"],
     "argument --playouts: must be a whole number from 0 to 10000000, not -3"),
    ("bad-playout-seed", ["check", "--seed", "x"],
     "argument --seed: must be a whole number from 0 to"),
]


@pytest.mark.parametrize(("argv", "message"), [b[1:] for b in BAD_INPUT],
                         ids=[b[0] for b in BAD_INPUT])
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, message):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ringside: error: ")
    assert message in lines[0]
    assert "Traceback" not in out + err
    assert out == ""


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_scenario_file_problems(capsys, tmp_path, json_flag):
    missing = str(tmp_path / "clubfight" / "missing.toml")
    broken = scenario(tmp_path, "broken.toml", 'title = "unclosed\n')
    unknown = scenario(tmp_path, "unknown.toml",
                       f'title = "t"\nstart = "{POSITION}"\nverdict = "win"\n'
                       '[expect]\noutcome = "loss"\n')
    bad_start = scenario(tmp_path, "badstart.toml",
                         'title = "t"\nstart = "7H QS"\n[expect]\noutcome = "loss"\n')
    for path, message in ((missing, f"{missing}: no such file or folder"),
                          (broken, f"{broken}: not valid TOML"),
                          (unknown, f"{unknown}: unknown key 'verdict'"),
                          (bad_start, "badstart.toml: start: a grid has 9 slots")):
        code = main(["rule", path, *json_flag])
        out, err = capsys.readouterr()
        assert code == 2, path
        assert len(err.splitlines()) == 1 and message in err, err
        assert "Traceback" not in out + err


def test_a_failing_scenario_is_exit_1_not_2(capsys, tmp_path):
    path = scenario(tmp_path, "fails.toml",
                    f'title = "t"\nstart = "{POSITION} | hand 2 3 4 5"\n'
                    'actions = ["2 any"]\n[expect]\noutcome = "loss"\n')
    assert main(["rule", path]) == 1
    out, err = capsys.readouterr()
    assert "leaves a choice open" in out and err == ""


def test_deal_json_has_the_documented_keys(capsys):
    assert main(["clubfight", "deal", "CF2-17", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert set(data) == {"id", "jokers", "deal"}
    assert data["id"] == "CF2-17" and data["jokers"] == 2
    assert data["deal"] == str(Deal.from_number(2, 17))
    assert Deal.parse(data["deal"]) == Deal.from_number(2, 17)
    assert err == ""


def test_a_deal_number_with_thousands_of_digits(capsys):
    assert main(["clubfight", "deal", "CF1-" + "9" * 5000]) == 2


# -- the installed command ---------------------------------------------------------------
def run_ringside(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(RINGSIDE), *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("args", "message"), [
    (["rules", "CF", "9.9"], "unknown rule number CF 9.9"),
    (["clubfight", "moves", POSITION.replace("QS", "7H")], "7H appears twice in the grid"),
])
def test_the_installed_command_reports_bad_input(args, message):
    done = run_ringside(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("ringside: error: ") and message in line
    assert "Traceback" not in done.stderr


def test_the_installed_command_prints_deal_json():
    done = run_ringside("clubfight", "deal", "CF2-17", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"id", "jokers", "deal"} and data["id"] == "CF2-17"
