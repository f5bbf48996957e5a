"""``--timeout``: every command that can run long stops at its limit and answers unknown.

The answer past the limit is ``unknown`` with its reason (exit 0, as every
unknown), in text and in JSON, and nothing done so far is shown as if it were
the whole.  The deadline is cooperative (:mod:`analysis.deadline`), checked in
the analyses' loops; these tests use limits far below what the work needs.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from analysis.deadline import Deadline, TimeUp
from harness.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ROOT / "analysis" / "duel" / "data" / "characters"

TIMED = {
    ("duel", "odds"): 60.0,
    ("duel", "play"): None,
    ("fantasy", "battle"): None,
    ("fightklub", "play"): None,
    ("fightklub", "survey"): None,
    ("monmamo", "setup"): None,
    ("monmamo", "termination"): 600.0,
    ("play",): None,
}
"""The commands given a whole-command ``--timeout`` here, with its default (the Club
Fight solvers' own ``--timeout`` limits each solve and is tested with them)."""


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def big_character(tmp_path: Path, key: str = "big") -> Path:
    """Gravel Brute raised to 4d20 and 99 HP: every value within the documented ranges
    (once 205 s of ``duel odds`` against itself, with no way to stop it)."""
    text = (CHARACTERS / "brute.toml").read_text(encoding="utf-8")
    text = (text.replace('key = "brute"', f'key = "{key}"').replace("hp = 36", "hp = 99")
            .replace("dice = 1", "dice = 4").replace("sides = 10", "sides = 20"))
    path = tmp_path / f"{key}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def sub_parser(words: tuple[str, ...]):
    parser = build_parser(list(words))
    for word in words:
        action = next(a for a in parser._actions if a.dest and a.choices
                      and word in a.choices)
        parser = action.choices[word]
    return parser


@pytest.mark.parametrize("words", sorted(TIMED), ids=" ".join)
def test_each_long_command_has_a_checked_timeout_with_its_default(words):
    parser = sub_parser(words)
    option = next(a for a in parser._actions if "--timeout" in a.option_strings)
    assert option.default == TIMED[words]
    assert option.type("2.5") == 2.5
    for bad in ("0", "-1", "nan", "inf", "1e12", "soon"):
        with pytest.raises(Exception, match="seconds"):
            option.type(bad)


def test_a_timeout_out_of_range_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "duel", "odds", "brute", "brute", "--timeout", "0")
    assert code == 2 and not out
    assert err.count("\n") == 1 and "--timeout" in err and "above 0" in err


@pytest.mark.parametrize("argv", [
    ["play", "clubfight"],
    ["duel", "play", "ember", "tide"],
    ["fantasy", "battle", "iron-host", "goblin-rabble"],
    ["fightklub", "play", "synthetic-brick", "synthetic-dana"],
    ["fightklub", "survey", "synthetic-brick", "synthetic-dana", "--games", "100000"],
    ["monmamo", "setup"],
], ids=lambda argv: " ".join(argv[:2]))
def test_a_command_past_its_limit_answers_unknown_and_nothing_else(capsys, argv):
    code, out, err = run(capsys, *argv, "--timeout", "0.000001")
    assert code == 0, err
    assert out.startswith("unknown: stopped by --timeout after 1e-06 s") and out.count("\n") == 1
    code, out, err = run(capsys, *argv, "--timeout", "0.000001", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["verdict"] == "unknown" and data["timeout"] == 1e-06
    assert data["reason"].startswith("stopped by --timeout after 1e-06 s")


@pytest.mark.rules("DU 4.1")
def test_duel_odds_past_the_limit_give_the_bases_and_say_the_rest_is_unknown(capsys, tmp_path):
    big = big_character(tmp_path)
    began = time.monotonic()
    code, out, err = run(capsys, "duel", "odds", str(big), str(big), "--timeout", "0.2",
                         "--json")
    took = time.monotonic() - began
    assert code == 0, err
    data = json.loads(out)
    assert data["aggressor"] is data["clash_damage"] is data["duel"] is None
    assert data["unknown"].startswith("stopped by --timeout after 0.2 s")
    assert len(data["base"]["A"]) == 77 and data["critical"]["A"] == "21/40000"
    # Without the limit this runs for many minutes; stopping is one step away.
    assert took < 30
    code, out, err = run(capsys, "duel", "odds", str(big), str(big), "--timeout", "0.2")
    assert "unknown, stopped by --timeout after 0.2 s" in out
    assert "Aggressor" not in out and "who wins" in out and "%" not in out


def test_monmamo_termination_past_the_limit_leaves_every_walk_unknown(capsys):
    code, out, err = run(capsys, "monmamo", "termination", "--timeout", "0.000001", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["unknown"] == len(data["surveys"]) == 12
    for found in data["surveys"]:
        assert not found["complete"] and found["ends"] == found["never_stuck"] == "unknown"
        assert found["stopped"].startswith("stopped by --timeout")
    code, out, err = run(capsys, "monmamo", "termination", "--timeout", "0.000001")
    assert "(stopped by --timeout after 1e-06 s: the walk is not complete)" in out
    assert "12 surveys: 0 refuted, 12 unknown" in out


def test_monmamo_termination_refuses_a_start_too_big_to_survey(capsys):
    library = " ".join(f"S{card % 13 + 1:02d}" for card in range(30_000))
    start = (f"format 1 1 | first 0 | step play | turn 0 | pending 0 | library {library} | "
             "hands S01 S09 / S02 S04 | battlefield - | discard - | exile - | declared - | "
             "passes 0")
    code, out, err = run(capsys, "monmamo", "termination", "--start", start,
                         "--max-states", "20000")
    assert code == 2 and not out and err.count("\n") == 1
    assert "at most 500 cards" in err and "30,004" in err
    smaller = " ".join(f"S{card % 13 + 1:02d}" for card in range(396))  # 400 cards in all
    code, out, err = run(capsys, "monmamo", "termination", "--start",
                         start.replace(library, smaller))
    assert code == 2 and "--max-states from 1 to 62,500" in err and "not 200,000" in err


def test_a_deadline_never_passes_without_a_limit_and_stops_with_its_reason():
    ticks = iter([0.0, 1.0, 2.5])
    deadline = Deadline(2.0, "--timeout", clock=lambda: next(ticks))
    deadline.check("early")
    with pytest.raises(TimeUp) as stopped:
        deadline.check("while counting")
    assert str(stopped.value) == "stopped by --timeout after 2 s while counting"
    assert Deadline(None).remaining() is None and not Deadline(None).expired()


@pytest.mark.rules("DU 4.1")
def test_a_base_roll_is_legal_exactly_when_the_power_source_can_show_it():
    """The engine looks a Base up among the Power Source's Bases (not by listing them)."""
    from model.core.game import IllegalAction
    from model.duel.rules import DEFAULT_RULES
    from model.duel.state import Roll
    from analysis.duel.loading import GAME
    from analysis.duel.odds import _roll_state

    brute, tide = GAME.characters["brute"], GAME.characters["tide"]
    state = _roll_state(tide, brute, DEFAULT_RULES)
    assert state.step == "roll"
    for action, _ in GAME.chance_outcomes(state, DEFAULT_RULES):
        assert GAME.apply(state, action, DEFAULT_RULES) is not None
    for values in ((6, 6), (1, 1, 2), (2, 1), (0, 1)):  # not a Base of draw 2 of tide's cards
        with pytest.raises(IllegalAction):
            GAME.apply(state, Roll("base", values=values), DEFAULT_RULES)
