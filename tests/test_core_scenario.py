"""The scenario runner: strict replays, illegal-because-RULE, broken files."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from model.clubfight import GAME as CLUBFIGHT
from model.core.errors import InputError
from harness.scenario import load_scenario, run_scenario, scenario_files, scenario_toml
from toygame import TOY

GAMES = {"toy": TOY, "clubfight": CLUBFIGHT}
START = "cards - - | roll - | token 0 | order ? | called - | folded - | result -"
ORDER = "cards 1 3 | roll 2 | token 0 | order ? | called - | folded - | result -"
SECOND = "cards 1 3 | roll 2 | token 0 | order 1 | called 0 | folded - | result -"


def write(folder: Path, name: str, text: str, game: str = "toy") -> Path:
    (folder / game).mkdir(parents=True, exist_ok=True)
    path = folder / game / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def run(folder: Path, text: str, name: str = "case", game: str = "toy"):
    path = write(folder, name, text, game)
    scenario = load_scenario(path, GAMES)
    return run_scenario(scenario, GAMES[scenario.game])


# -- replays that pass and fail --------------------------------------------------------
def test_a_whole_round_replays_step_by_step(tmp_path):
    path = write(tmp_path, "round", f'''
title = "the higher card takes the stake"
source = "Toy Drop: The end"
rules = ["tg4.1"]
start = "{START}"
actions = ["deal 2", "DEAL 1", "roll 3", "first 1", "call", "call"]
[expect]
position = "cards 2 1 | roll 3 | token 0 | order - | called 0 1 | folded - | result p0"
outcome = "p0 wins 3"
''')
    scenario = load_scenario(path, GAMES, root=tmp_path)
    assert scenario.id == "toy/round" and scenario.path == "toy/round.toml"
    assert scenario.rules == ("TG 4.1",)  # normalised
    assert scenario.ruleset == "standard"
    result = run_scenario(scenario, TOY)
    assert result.passed, result.failures
    assert result.ruleset == "standard"
    assert [a.canonical for a in result.actions] == ["deal 2", "deal 1", "roll 3", "first 1",
                                                     "call", "call"]
    assert result.actions[1].text == "DEAL 1"
    assert result.actions[-1].steps[-1].phase == "showdown"
    assert result.checked == ["position", "outcome p0 wins 3"]
    assert result.rules_applied == ("TG 1.1", "TG 2.1", "TG 2.2", "TG 3.1", "TG 4.1")
    assert result.rules_covered[0] == "TG 4.1"
    data = json.loads(json.dumps(result.as_dict()))
    assert data["passed"] and data["final_outcome"] == "p0 wins 3"
    assert data["actions"][4]["steps"] == [{"phase": "act", "rules": ["TG 3.1"],
                                            "text": "player 1 calls"}]


@pytest.mark.parametrize(("action", "choice", "fits"), [
    ("deal", "which card is dealt", "deal 1, deal 2, deal 3"),
    ("first", "who acts first", "first 0, first 1"),
])
def test_a_scenario_that_leaves_a_choice_open_fails_and_names_it(tmp_path, action, choice, fits):
    start = START if action == "deal" else ORDER
    result = run(tmp_path, f'''
title = "open"
start = "{start}"
actions = ["{action}"]
[expect]
outcome = "ongoing"
''')
    assert not result.passed
    assert result.failures == [f"step 1 ('{action}'): the scenario leaves a choice open: "
                               f"'{action}' does not say {choice}; it fits {fits}"]
    assert result.actions == [] and result.final_position is None


def test_an_illegal_action_in_the_actions_fails_with_its_rule(tmp_path):
    result = run(tmp_path, '''
title = "acting before the roll"
start = "cards 1 2 | roll - | token 0 | order ? | called - | folded - | result -"
actions = ["call"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["step 1 ('call'): 'call' is illegal: the round is at 'roll': "
                               "roll comes next (TG 2.1)"]


def test_illegal_because_rule_passes_when_the_rule_matches(tmp_path):
    for ruleset in ('ruleset = "house"', "[ruleset_overrides]\nsecond_may_fold = false"):
        result = run(tmp_path, f'''
title = "the second player may not fold"
start = "{SECOND}"
{ruleset}
[expect]
legal = ["call"]
illegal = [{{ action = "fold", rules = ["tg 3.2"] }}]
''')
        assert result.passed, result.failures
        assert result.checked == ["legal: call", "illegal: fold (TG 3.2)"]
    assert result.ruleset == "standard with second_may_fold=False"


def test_illegal_because_rule_fails_when_another_rule_decides(tmp_path):
    result = run(tmp_path, f'''
title = "wrong rule"
start = "{SECOND}"
ruleset = "house"
[expect.illegal]
action = "fold"
rules = ["TG 3.1"]
''')
    assert result.failures == ["'fold' is illegal, but because of TG 3.2 (under this ruleset "
                               "the second player must call), not TG 3.1"]


def test_illegal_expectations_fail_for_legal_and_ambiguous_actions(tmp_path):
    result = run(tmp_path, f'''
title = "not illegal at all"
start = "{ORDER}"
[expect]
illegal = [{{ action = "first 1", rules = ["TG 2.2"] }}, {{ action = "first", rules = ["TG 2.2"] }},
           {{ action = "first 2", rules = ["TG 2.2"] }}]
''')
    assert result.failures == [
        "expected 'first 1' to be illegal (TG 2.2), but it is legal as 'first 1'",
        "expected illegal, but it is legal: 'first' does not say who acts first; it fits "
        "first 0, first 1",
    ]
    assert result.checked == ["illegal: first 2 (TG 2.2)"]


def test_legal_expectations_fail_for_illegal_and_ambiguous_actions(tmp_path):
    result = run(tmp_path, f'''
title = "legal?"
start = "{ORDER}"
[expect]
legal = ["first 0", "first", "call"]
''')
    assert result.checked == ["legal: first 0"]
    assert result.failures[0].startswith("expected legal: 'first' does not say who acts first")
    assert result.failures[1] == ("expected legal: 'call' is illegal: the round is at 'order': "
                                  "first comes next (TG 2.2)")


def test_wrong_position_and_outcome_are_reported(tmp_path):
    result = run(tmp_path, f'''
title = "wrong"
start = "{SECOND}"
actions = ["fold"]
[expect]
position = "cards 1 3 | roll 2 | token 0 | order - | called 0 | folded 1 | result p1"
outcome = "p1 wins 2"
''')
    got = "cards 1 3 | roll 2 | token 0 | order - | called 0 | folded 1 | result p0"
    assert result.failures == [
        f"position: expected 'cards 1 3 | roll 2 | token 0 | order - | called 0 | folded 1 "
        f"| result p1', got {got!r}",
        "outcome: expected 'p1 wins 2', got 'p0 wins 2'",
    ]


def test_a_start_that_breaks_an_invariant_fails_at_once(tmp_path):
    result = run(tmp_path, '''
title = "a card 7"
start = "cards 7 1 | roll - | token 0 | order ? | called - | folded - | result -"
actions = ["roll 1"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["start: invariant cards-in-range (TG 1.1) broken: a card 7 was "
                               "dealt; cards run 1-3"]
    assert result.actions == []


def test_the_game_key_overrides_the_folder(tmp_path):
    path = write(tmp_path, "elsewhere", f'game = "toy"\ntitle = "t"\nstart = "{START}"\n'
                 '[expect]\noutcome = "ongoing"\n', game="misc")
    assert load_scenario(path, GAMES).game == "toy"


# -- Club Fight scenarios through the same runner ----------------------------------------
CLUBFIGHT_GRID = "2S 3S 5S AD 9H -- -- -- -- | hand 4 6 8 K"


@pytest.mark.rules("CF 3.3", "CF 3.1", "CF 2.1")
def test_clubfight_illegal_because_of_blocking_and_hand(tmp_path):
    result = run(tmp_path, f'''
title = "three Spades block Up/Down until one leaves"
start = "{CLUBFIGHT_GRID}"
[expect]
legal = ["4 sum 3S AD"]
illegal = [{{ action = "4 updown lower", rules = ["CF 3.3"] }},
           {{ action = "7 any AD", rules = ["CF 2.1"] }}]
''', game="clubfight")
    assert result.passed, result.failures
    # After the Sum only two Spades are left: Up/Down is judged on the new grid.
    result = run(tmp_path, f'''
title = "unblocked"
start = "{CLUBFIGHT_GRID}"
actions = ["4 sum 3S AD"]
[expect]
legal = ["6 updown lower"]
''', game="clubfight")
    assert result.passed, result.failures
    assert result.checked == ["legal: 6 updown lower 2S 5S"]


@pytest.mark.rules("CF 3.3")
def test_clubfight_wrong_rule_for_an_illegal_move_fails(tmp_path):
    result = run(tmp_path, f'''
title = "not Diamonds"
start = "{CLUBFIGHT_GRID}"
[expect]
illegal = [{{ action = "4 updown lower", rules = ["CF 3.2"] }}]
''', game="clubfight")
    (failure,) = result.failures
    assert failure.startswith("'4 updown lower' is illegal, but because of CF 3.3, CF 3.1 (")
    assert failure.endswith("not CF 3.2")


# -- broken files: InputError naming the file ------------------------------------------------
BROKEN_FILES = [
    ("bad-toml", 'title = "t\nstart = 3', "not valid TOML"),
    ("unknown-key", f'title = "t"\nstart = "{START}"\nwinner = 1\n[expect]\noutcome = "x"',
     "unknown key 'winner'"),
    ("unknown-expect-key", f'title = "t"\nstart = "{START}"\n[expect]\nwinner = "x"',
     "unknown key 'winner' in [expect]"),
    ("missing-start", 'title = "t"\n[expect]\noutcome = "x"', "missing required key 'start'"),
    ("missing-title", f'start = "{START}"\n[expect]\noutcome = "x"',
     "missing required key 'title'"),
    ("empty-title", f'title = "  "\nstart = "{START}"\n[expect]\noutcome = "x"',
     "title: must be a non-empty string"),
    ("missing-expect", f'title = "t"\nstart = "{START}"', "needs an [expect] table"),
    ("unknown-rule", f'title = "t"\nstart = "{START}"\nrules = ["TG 9.9"]\n[expect]\n'
     'outcome = "x"', "rules: unknown rule number TG 9.9; did you mean"),
    ("not-a-rule", f'title = "t"\nstart = "{START}"\nrules = ["section 4"]\n[expect]\n'
     'outcome = "x"', "rules: 'section 4' is not a rule number"),
    ("rules-not-list", f'title = "t"\nstart = "{START}"\nrules = "TG 1.1"\n[expect]\n'
     'outcome = "x"', "rules: must be a list of strings"),
    ("illegal-unknown-rule", f'title = "t"\nstart = "{START}"\n[expect]\n'
     'illegal = [{ action = "call", rules = ["TG 3.3"] }]',
     "expect.illegal[0]: unknown rule number TG 3.3; did you mean"),
    ("illegal-no-rule", f'title = "t"\nstart = "{START}"\n[expect]\n'
     'illegal = [{ action = "call", rules = [] }]', "expect.illegal[0]: must name at least"),
    ("illegal-keys", f'title = "t"\nstart = "{START}"\n[expect]\n'
     'illegal = [{ action = "call" }]', "needs exactly the keys 'action' and 'rules'"),
    ("illegal-not-table", f'title = "t"\nstart = "{START}"\n[expect]\nillegal = "call"',
     "expect.illegal: must be a table or a list of tables"),
    ("unknown-ruleset", f'title = "t"\nstart = "{START}"\nruleset = "casino"\n[expect]\n'
     'outcome = "x"', "unknown ruleset 'casino'; known: standard, house"),
    ("override-field", f'title = "t"\nstart = "{START}"\n[ruleset_overrides]\njokers = 2\n'
     '[expect]\noutcome = "x"', "unknown rules field 'jokers'"),
    ("override-type", f'title = "t"\nstart = "{START}"\n[ruleset_overrides]\n'
     'second_may_fold = "no"\n[expect]\noutcome = "x"',
     "rules field 'second_may_fold' takes bool"),
    ("overrides-not-table", f'title = "t"\nstart = "{START}"\nruleset_overrides = 1\n'
     '[expect]\noutcome = "x"', "ruleset_overrides: must be a table"),
    ("actions-not-strings", f'title = "t"\nstart = "{START}"\nactions = [1]\n[expect]\n'
     'outcome = "x"', "actions: must be a list of strings"),
    ("unknown-game", f'game = "chess"\ntitle = "t"\nstart = "{START}"\n[expect]\n'
     'outcome = "x"', "cannot tell the game"),
    ("game-not-text", f'game = ["toy"]\ntitle = "t"\nstart = "{START}"\n[expect]\n'
     'outcome = "x"', "cannot tell the game"),
    ("position-not-text", f'title = "t"\nstart = "{START}"\n[expect]\nposition = 3',
     "expect.position: must be a non-empty string"),
]


@pytest.mark.parametrize(("name", "text", "message"), BROKEN_FILES, ids=[b[0] for b in BROKEN_FILES])
def test_broken_scenario_files_raise_input_error_naming_the_file(tmp_path, name, text, message):
    path = write(tmp_path, name, text)
    with pytest.raises(InputError) as caught:
        load_scenario(path, GAMES)
    assert str(caught.value).startswith(str(path) + ": "), caught.value
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(InputError, match="no such scenario file"):
        load_scenario(tmp_path / "toy" / "nothing.toml", GAMES)
    path = tmp_path / "toy" / "latin1.toml"
    path.parent.mkdir()
    path.write_bytes('title = "caf\xe9"'.encode("latin-1"))
    with pytest.raises(InputError, match=r"latin1\.toml: cannot read"):
        load_scenario(path, GAMES)
    with pytest.raises(InputError, match="no such file or folder"):
        scenario_files([tmp_path / "nowhere"])


BAD_NOTATION = [
    ("start", "cards 1 2 3 | roll -", [], {}, "start: a position has the sections"),
    ("actions[1]", START, ["deal 1", "deal one"], {}, "actions[1]: 'deal one': 'one' is not"),
    ("actions[0]", START, ["shuffle"], {}, "actions[0]: 'shuffle': 'shuffle' is not an action"),
    ("expect.position", START, [], {"position": "cards"}, "expect.position: a position has"),
    ("expect.legal[0]", START, [], {"legal": ["deal x"]}, "expect.legal[0]: 'deal x'"),
    ("expect.illegal[0]", START, [], {"illegal": [{"action": "", "rules": ["TG 1.1"]}]},
     "expect.illegal[0]: must be a non-empty string"),
]


@pytest.mark.parametrize(("where", "start", "actions", "expect", "message"), BAD_NOTATION,
                         ids=[b[0] for b in BAD_NOTATION])
def test_bad_notation_inside_a_scenario_names_the_file_and_field(tmp_path, where, start,
                                                                  actions, expect, message):
    expect = expect or {"outcome": "ongoing"}
    lines = ["title = 't'", f"start = {json.dumps(start)}",
             f"actions = {json.dumps(actions)}", "[expect]"]
    for key, value in expect.items():
        if key == "illegal":
            value = "[" + ", ".join(
                f"{{ action = {json.dumps(v['action'])}, rules = {json.dumps(v['rules'])} }}"
                for v in value) + "]"
        else:
            value = json.dumps(value)
        lines.append(f"{key} = {value}")
    path = write(tmp_path, "notation", "\n".join(lines) + "\n")
    with pytest.raises(InputError) as caught:
        run_scenario(load_scenario(path, GAMES), TOY)
    assert str(caught.value).startswith(str(path) + ": "), caught.value
    assert message in str(caught.value)


def test_scenario_files_finds_toml_files_sorted(tmp_path):
    b = write(tmp_path, "b", "")
    a = write(tmp_path, "a", "")
    (tmp_path / "toy" / "notes.txt").write_text("")
    nested = tmp_path / "toy" / "deep"
    nested.mkdir()
    (nested / "c.toml").write_text("")
    assert scenario_files([tmp_path / "toy"]) == [a, b, nested / "c.toml"]
    assert scenario_files([b, a]) == [b, a]


# -- scenario_toml -------------------------------------------------------------------------------
def test_scenario_toml_escapes_what_toml_needs(tmp_path):
    text = scenario_toml(game="toy", title='quote " and back\\slash, café', ruleset="standard",
                         start=START, actions=["deal 1"], expect_position=START,
                         expect_outcome="ongoing", comment="one\ntwo")
    data = tomllib.loads(text)
    assert data["title"] == 'quote " and back\\slash, café'
    assert data["expect"] == {"position": START, "outcome": "ongoing"}
    assert text.startswith("# one\n# two\n")


def test_scenario_toml_handles_characters_beyond_the_bmp():
    text = scenario_toml(game="toy", title="boxing glove \U0001F94A", ruleset="standard",
                         start=START, actions=[], expect_outcome="ongoing")
    assert tomllib.loads(text)["title"] == "boxing glove \U0001F94A"


def test_scenario_toml_comment_with_a_control_character():
    text = scenario_toml(game="toy", title="t", ruleset="standard", start=START, actions=[],
                         expect_outcome="ongoing", comment="bad \x7f byte")
    assert tomllib.loads(text)["title"] == "t"
