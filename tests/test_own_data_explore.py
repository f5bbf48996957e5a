"""``explore`` and ``check`` with a user's data files (``--cards FILE``, ``--characters FILE``).

The game explored or checked is built on the shipped data and the user's files, and
its starts put the user's data first: the decks a Fight Klub card file makes playable,
a duel character, a Monsters Masters & Mobsters card in the Library, a Fantasy
warrior in a skirmish.  ``--json`` names the files and what leads the starts.  A data
option that no named game takes (or that several take, each in a format of its own)
is one line, exit 2, and so is a bad file.  The Fight Klub file is ringside's
SYNTHETIC texts under ONE's numbers (tests/own_cards.py), not the real cards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from own_cards import one_file, one_line, one_texts, run  # noqa: F401  (one_file: a fixture)

ROOT = Path(__file__).resolve().parent.parent
BYO = ROOT / "docs" / "byo"
SMALL = ("--depth", "1", "--starts", "2", "--playouts", "2")
CHECKED = ("--no-proofs", "--depth", "0", "--starts", "2", "--playouts", "2")





def test_explore_plays_the_decks_a_card_file_makes_playable(capsys, one_file):
    from analysis.fightklub.loading import GAME, game_with_cards

    code, out, _ = run(capsys, "explore", "fightklub", *SMALL, "--cards", one_file, "--json")
    data = json.loads(out)
    assert code == 0 and data["complete"] and data["problems"] == []
    assert data["data"] == {"cards": [str(one_file)]}
    assert data["featured"] == ["hannibal", "rambo"]
    # the starts searched are games of those decks, each against the other first
    game = game_with_cards([str(one_file)])
    starts = list(game.exploration_starts(game.default_rules, 2))
    assert [state.decks for state in starts] == [("hannibal", "rambo"), ("rambo", "hannibal")]
    # without the file: the synthetic decks, and nothing named
    code, out, _ = run(capsys, "explore", "fightklub", *SMALL, "--json")
    data = json.loads(out)
    assert code == 0 and (data["data"], data["featured"]) == ({}, [])
    assert next(iter(GAME.exploration_starts(GAME.default_rules, 1))).decks == (
        "synthetic-brick", "synthetic-dana")
    code, out, _ = run(capsys, "explore", "fightklub", *SMALL, "--cards", one_file)
    assert code == 0 and out.startswith(
        f"with your data: --cards {one_file}; first in the starts: hannibal, rambo\n")


def test_explore_says_when_no_start_could_hold_the_users_cards(capsys, tmp_path):
    """A card of one's own invention is in no shipped deck: the starts stay the shipped
    examples, and the command says so instead of implying the card was played."""
    from own_cards import synthetic_blocks, one_card_block

    block = one_card_block(synthetic_blocks()["S931"], "S905", "My Own Punch", "C")
    path = tmp_path / "own.toml"
    path.write_text(f"synthetic = true\n[[card]]\n{block}", encoding="utf-8")
    code, out, _ = run(capsys, "explore", "fightklub", *SMALL, "--cards", path)
    assert code == 0 and "none of it could begin a start" in out.splitlines()[0]


def test_every_game_that_takes_data_puts_it_in_its_starts(capsys):
    from analysis.duel.loading import game_with_characters
    from analysis.fantasy.loading import game_with_cards as fantasy_with
    from analysis.monmamo.loading import game_with_cards as monmamo_with

    duel = game_with_characters([str(BYO / "mine.toml")])
    assert duel.featured == ("mine",)
    assert duel.example_setups(1)[0].first == "mine"
    monmamo = monmamo_with([str(BYO / "monmamo-cards.toml")])
    assert monmamo.featured == ("R01",)
    assert all("R01" in state.library
               for state in monmamo.exploration_starts(monmamo.default_rules, 4))
    fantasy = fantasy_with([str(BYO / "fantasy-cards.toml")])
    assert set(fantasy.featured) == {"Troll", "WarPick", "Pavise", "FrostShard"}
    first = fantasy.example_setups(1)[0]
    assert first.a[0].card == "Troll" and first.a[0].arms[0].code == "WarPick"
    for game, option, file in (("duel", "--characters", "mine.toml"),
                               ("monmamo", "--cards", "monmamo-cards.toml"),
                               ("fantasy", "--cards", "fantasy-cards.toml")):
        code, out, _ = run(capsys, "explore", game, *SMALL, option, BYO / file, "--json")
        data = json.loads(out)
        assert code == 0 and data["problems"] == [], (game, data["problems"])
        assert data["data"] == {option[2:]: [str(BYO / file)]} and data["featured"]


def test_check_runs_the_named_game_on_the_users_data(capsys):
    mine = BYO / "mine.toml"
    code, out, _ = run(capsys, "check", "duel", "clubfight", *CHECKED, "--characters", mine,
                       "--json")
    report = json.loads(out)
    assert code == 0 and report["passed"], report
    assert report["data"] == {"duel": {"characters": [str(mine)]}}
    duel, clubfight = report["games"]
    assert (duel["data"], duel["featured"]) == ({"characters": [str(mine)]}, ["mine"])
    assert (clubfight["data"], clubfight["featured"]) == ({}, [])
    code, out, _ = run(capsys, "check", "duel", *CHECKED, "--characters", mine)
    assert code == 0 and f"duel checked with your data: --characters {mine}; first in the " \
                          "starts: mine" in out


def test_a_report_checked_with_users_data_builds_no_site(capsys, tmp_path):
    code, out, _ = run(capsys, "check", "duel", *CHECKED, "--characters", BYO / "mine.toml",
                       "--json")
    (tmp_path / "report.json").write_text(out, encoding="utf-8")
    err = one_line(capsys, "docs", "--check-report", tmp_path / "report.json", "--out",
                  tmp_path / "site")
    assert "its checks ran with data files of a user" in err
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("args, message", [
    (("explore", "clubfight", *SMALL, "--cards", "one.toml"),
     "--cards: clubfight takes no data files, not --cards"),
    (("explore", "duel", *SMALL, "--cards", "one.toml"),
     "--cards: duel takes --characters FILE, not --cards"),
    (("check", "clubfight", "duel", *CHECKED, "--cards", "one.toml"),
     "--cards: none of the games it would apply to takes it (clubfight and duel); it is for "
     "fantasy, fightklub and monmamo"),
    (("check", "fightklub", "fantasy", *CHECKED, "--cards", "one.toml"),
     "--cards: fightklub and fantasy each read a card file in a format of their own; name "
     "the one game the files are for (ringside check fightklub --cards FILE)"),
    (("check", *CHECKED, "--cards", "one.toml"), "name the one game the files are for"),
], ids=["explore, no data", "explore, another option", "check, no named game takes it",
        "check, two games take it", "check, every game"])
def test_a_data_option_no_named_game_takes_is_one_line(capsys, tmp_path, monkeypatch, args,
                                                      message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "one.toml").write_text(one_texts(("rambo",)), encoding="utf-8")
    assert message in one_line(capsys, *args)


@pytest.mark.parametrize("command", [("explore", "duel", *SMALL),
                                     ("check", "duel", *CHECKED)])
def test_a_bad_character_file_is_one_line_naming_file_and_line(capsys, tmp_path, command):
    text = (BYO / "mine.toml").read_text("utf-8").replace("hp = ", 'hp = "many" # ', 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    line = text[:text.index('hp = "many"')].count("\n") + 1
    err = one_line(capsys, *command, "--characters", path)
    assert f"{path}: line {line}: " in err and "field 'hp' must be a whole number" in err


def test_a_bad_card_file_is_one_line_naming_file_and_line(capsys, tmp_path, one_file):
    text = one_file.read_text("utf-8").replace('name = "John Rambo"', 'name = "John Ramb"', 1)
    path = tmp_path / "one.toml"
    path.write_text(text, encoding="utf-8")
    line = text[:text.index('name = "John Ramb"')].count("\n") + 1
    for command in (("explore", "fightklub", *SMALL), ("check", "fightklub", *CHECKED)):
        err = one_line(capsys, *command, "--cards", path)
        assert f"{path}: line {line}: " in err and "contradicts ONE's public card list" in err


def test_a_trace_names_the_files_it_was_found_with(capsys, tmp_path, monkeypatch):
    """A problem's trace replays with ``ringside rule``: the scenario names the data
    files (absolute paths), so it replays from anywhere."""
    from analysis.duel.loading import game_with_characters
    from harness.explorer import Trace

    monkeypatch.chdir(tmp_path)  # the file is named as a user types it, from here
    mine = tmp_path / "mine.toml"
    mine.write_bytes((BYO / "mine.toml").read_bytes())
    game = game_with_characters([str(mine)])
    rules = game.default_rules
    start = next(iter(game.exploration_starts(rules, 1)))
    action = game.actions(start, rules)[0]
    after = game.apply(start, action, rules)
    trace = Trace(game.format_state(start), (game.format_action(start, action),),
                  game.format_state(after))
    elsewhere = tmp_path / "traces" / "t.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text(trace.to_scenario(game, rules, "a step of mine", "found",
                                           data={"characters": ["mine.toml"]}), "utf-8")
    code, out, _ = run(capsys, "rule", elsewhere)
    assert code == 0 and out.endswith("1/1 scenarios pass\n"), out
    elsewhere.write_text(trace.to_scenario(game, rules, "a step of mine", "found"), "utf-8")
    assert "unknown character 'mine'" in one_line(capsys, "rule", elsewhere)


def test_the_page_names_every_command_that_takes_a_data_option():
    """The page "Bring your own cards" is where a user looks for the option: every
    command that has one is on it."""
    import battery
    from harness.cli import build_parser
    from harness.userdata import data_keys

    page = (ROOT / "docs" / "bring-your-own-cards.rst").read_text("utf-8")
    found = [path for path, parser in battery.commands(build_parser())
             if any(action.dest in data_keys() for action in parser._actions)]
    assert {("explore",), ("check",), ("play",), ("fightklub", "play"),
            ("duel", "characters")} <= set(found)
    for path in found:
        shown = (f"``{path[-1]}``", f"``{' '.join(path)}``", f"``ringside {' '.join(path)}")
        assert any(text in page for text in shown), path
