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
START = "hands - - | deck 1 2 3 | bids ? | initiative ? | drawn - | order - | strengths -"
BID = "hands 2 1 | deck 3 4 | bids ? | initiative ? | drawn - | order - | strengths -"
DRAW = "hands 2 1 | deck 3 4 | bids 1 0 | initiative 0 | drawn - | order - | strengths -"
ORDER = "hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order - | strengths -"


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
def test_a_whole_game_replays_step_by_step(tmp_path):
    path = write(tmp_path, "game", f'''
title = "the initiative pays off"
source = "Toy Brawl: The end"
rules = ["tg4.1"]
start = "{START}"
actions = ["deal 2", "DEAL 1", "bid 1 & bid 0", "draw 3", "order heal rage"]
[expect]
position = "hands 2 1 | deck - | bids 1 0 | initiative 0 | drawn 3 | order heal rage | strengths 8 1"
outcome = "p0 wins"
''')
    scenario = load_scenario(path, GAMES, root=tmp_path)
    assert scenario.id == "toy/game" and scenario.path == "toy/game.toml"
    assert scenario.rules == ("TG 4.1",)  # normalised
    assert scenario.ruleset == "standard"
    result = run_scenario(scenario, TOY)
    assert result.passed, result.failures
    assert result.ruleset == "standard"
    assert [a.canonical for a in result.actions] == ["deal 2", "deal 1", "bid 1 & bid 0",
                                                     "draw 3", "order heal rage"]
    assert result.actions[1].text == "DEAL 1"
    assert result.actions[-1].steps[-1].phase == "showdown"
    assert result.checked == ["position", "outcome p0 wins"]
    assert result.rules_applied == ("TG 1.2", "TG 2.1", "TG 2.2", "TG 2.3", "TG 3.1",
                                    "TG 3.2", "TG 4.1")
    assert result.rules_covered[0] == "TG 4.1"
    data = json.loads(json.dumps(result.as_dict()))
    assert data["passed"] and data["final_outcome"] == "p0 wins"
    assert data["actions"][2]["steps"] == [
        {"phase": "bid", "rules": ["TG 2.1"],
         "text": "the bids are revealed: player 0 bids 1, player 1 bids 0"},
        {"phase": "reveal", "rules": ["TG 2.2", "TG 2.3"],
         "text": "player 0 bids highest and takes the initiative; strengths 1 1"}]


# -- joint actions and chosen orders ------------------------------------------------------
def test_a_joint_bid_replays_through_the_games_notation(tmp_path):
    result = run(tmp_path, f'''
title = "both bid at once"
start = "{BID}"
actions = ["Bid 0 &   bid 0"]
[expect]
position = "hands 2 1 | deck 3 4 | bids 0 0 | initiative - | drawn - | order - | strengths 2 1"
outcome = "p0 wins"
legal = []
illegal = [{{ action = "draw 3", rules = ["TG 4.1"] }}]
''')
    assert result.passed, result.failures
    (replayed,) = result.actions
    assert (replayed.text, replayed.canonical) == ("Bid 0 &   bid 0", "bid 0 & bid 0")
    assert replayed.steps[1].text == ("players 0 and 1 tie at 0: nobody takes the "
                                      "initiative; strengths 2 1")
    assert result.checked == ["position", "outcome p0 wins", "illegal: draw 3 (TG 4.1)"]


@pytest.mark.parametrize(("ruleset", "outcome", "legal", "illegal"), [
    ("standard", "p0 wins", [], ["draw 3"]),
    ("house", "ongoing", ["draw 3"], []),
])
def test_a_tied_bid_under_each_ruleset(tmp_path, ruleset, outcome, legal, illegal):
    illegal_list = ", ".join(f'{{ action = "{a}", rules = ["TG 4.1"] }}' for a in illegal)
    result = run(tmp_path, f'''
title = "a tie"
start = "{BID}"
ruleset = "{ruleset}"
actions = ["bid 1 & bid 1"]
[expect]
outcome = "{outcome}"
legal = {json.dumps(legal)}
illegal = [{illegal_list}]
''')
    assert result.passed, result.failures


def test_joint_bids_illegal_because_rule(tmp_path):
    result = run(tmp_path, f'''
title = "nobody bids above their card, nor out of turn"
start = "{BID}"
[expect]
legal = ["bid 2 & bid 1"]
illegal = [{{ action = "bid 2 & bid 2", rules = ["TG 2.1"] }},
           {{ action = "bid 3 & bid 0", rules = ["TG 2.1"] }},
           {{ action = "order heal rage", rules = ["TG 2.1"] }},
           {{ action = "draw 3", rules = ["TG 2.1"] }}]
''')
    assert result.passed, result.failures
    assert result.checked == ["legal: bid 2 & bid 1", "illegal: bid 2 & bid 2 (TG 2.1)",
                              "illegal: bid 3 & bid 0 (TG 2.1)",
                              "illegal: order heal rage (TG 2.1)", "illegal: draw 3 (TG 2.1)"]
    result = run(tmp_path, f'''
title = "too high"
start = "{BID}"
actions = ["bid 1 & bid 2"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["step 1 ('bid 1 & bid 2'): 'bid 1 & bid 2' is illegal: player 1 "
                               "holds the 1 and may bid 0 to 1, not 2 (TG 2.1)"]


def test_a_bid_out_of_turn_fails_with_its_rule(tmp_path):
    result = run(tmp_path, '''
title = "bidding before the deal is done"
start = "hands 2 - | deck 1 3 | bids ? | initiative ? | drawn - | order - | strengths -"
actions = ["bid 1 & bid 0"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["step 1 ('bid 1 & bid 0'): 'bid 1 & bid 0' is illegal: the game "
                               "is at 'deal': deal comes next (TG 1.2)"]


def test_a_chosen_order_replays_and_changes_the_result(tmp_path):
    results = {}
    for order in ("heal rage", "rage heal"):
        results[order] = run(tmp_path, f'''
title = "the order matters"
start = "{ORDER}"
actions = ["order {order.upper()}"]
[expect]
outcome = "p0 wins"
illegal = [{{ action = "order heal rage", rules = ["TG 4.1"] }}]
''')
        assert results[order].passed, results[order].failures
    heal_first, rage_first = results["heal rage"], results["rage heal"]
    assert heal_first.final_position.endswith("order heal rage | strengths 8 1")
    assert rage_first.final_position.endswith("order rage heal | strengths 5 1")
    assert [a.canonical for a in rage_first.actions] == ["order rage heal"]
    assert [s.text for s in rage_first.actions[0].steps[:3]] == [
        "player 0 resolves rage, then heal", "rage: strength 1 x 2 = 2",
        "heal: strength 2 + 3 = 5"]


def test_an_order_before_the_draw_is_illegal_because_of_the_draw_rule(tmp_path):
    result = run(tmp_path, f'''
title = "effects come after the draw"
start = "{DRAW}"
[expect]
legal = ["draw 4"]
illegal = [{{ action = "order rage heal", rules = ["TG 3.1"] }},
           {{ action = "bid 1 & bid 0", rules = ["TG 3.1"] }}]
''')
    assert result.passed, result.failures
    assert result.checked == ["legal: draw 4", "illegal: order rage heal (TG 3.1)",
                              "illegal: bid 1 & bid 0 (TG 3.1)"]


@pytest.mark.parametrize(("start", "action", "choice", "fits"), [
    (START, "deal", "which card comes", "deal 1, deal 2, deal 3"),
    (BID, "bid 1", "what player 1 bids", "bid 1 & bid 0, bid 1 & bid 1"),
    (BID, "bid & bid 1", "what player 0 bids", "bid 0 & bid 1, bid 1 & bid 1, bid 2 & bid 1"),
    (ORDER, "order", "which order the effects resolve in", "order heal rage, order rage heal"),
])
def test_a_scenario_that_leaves_a_choice_open_fails_and_names_it(tmp_path, start, action,
                                                                 choice, fits):
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
    result = run(tmp_path, f'''
title = "drawing before the bid"
start = "{BID}"
actions = ["draw 3"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["step 1 ('draw 3'): 'draw 3' is illegal: the game is at 'bid': "
                               "bid comes next (TG 2.1)"]


def test_illegal_because_rule_passes_when_the_rule_matches(tmp_path):
    for ruleset in ('ruleset = "standard"', "[ruleset_overrides]\nshared_win = true"):
        result = run(tmp_path, f'''
title = "after a tie nobody draws"
start = "hands 2 1 | deck 3 4 | bids 1 1 | initiative - | drawn - | order - | strengths 1 0"
{ruleset}
[expect]
illegal = [{{ action = "draw 3", rules = ["tg 4.1"] }}]
''')
        assert result.passed, result.failures
        assert result.checked == ["illegal: draw 3 (TG 4.1)"]
    assert result.ruleset == "standard with shared_win=True"


def test_illegal_because_rule_fails_when_another_rule_decides(tmp_path):
    result = run(tmp_path, f'''
title = "wrong rule"
start = "{BID}"
[expect.illegal]
action = "bid 2 & bid 2"
rules = ["TG 2.2"]
''')
    assert result.failures == ["'bid 2 & bid 2' is illegal, but because of TG 2.1 (player 1 "
                               "holds the 1 and may bid 0 to 1, not 2), not TG 2.2"]


def test_illegal_expectations_fail_for_legal_and_ambiguous_actions(tmp_path):
    result = run(tmp_path, f'''
title = "not illegal at all"
start = "{BID}"
[expect]
illegal = [{{ action = "bid 1 & bid 1", rules = ["TG 2.1"] }},
           {{ action = "bid 1", rules = ["TG 2.1"] }},
           {{ action = "bid 0 & bid 5", rules = ["TG 2.1"] }}]
''')
    assert result.failures == [
        "expected 'bid 1 & bid 1' to be illegal (TG 2.1), but it is legal as 'bid 1 & bid 1'",
        "expected illegal, but it is legal: 'bid 1' does not say what player 1 bids; it fits "
        "bid 1 & bid 0, bid 1 & bid 1",
    ]
    assert result.checked == ["illegal: bid 0 & bid 5 (TG 2.1)"]


def test_legal_expectations_fail_for_illegal_and_ambiguous_actions(tmp_path):
    result = run(tmp_path, f'''
title = "legal?"
start = "{ORDER}"
[expect]
legal = ["order rage heal", "order", "draw 4"]
''')
    assert result.checked == ["legal: order rage heal"]
    assert result.failures[0].startswith("expected legal: 'order' does not say which order")
    assert result.failures[1] == ("expected legal: 'draw 4' is illegal: the game is at "
                                  "'order': order comes next (TG 3.2)")


def test_wrong_position_and_outcome_are_reported(tmp_path):
    result = run(tmp_path, f'''
title = "wrong"
start = "{ORDER}"
actions = ["order rage heal"]
[expect]
position = "hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order rage heal | strengths 8 1"
outcome = "p1 wins"
''')
    got = ("hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order rage heal "
           "| strengths 5 1")
    assert result.failures == [
        "position: expected 'hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order "
        f"rage heal | strengths 8 1', got {got!r}",
        "outcome: expected 'p1 wins', got 'p0 wins'",
    ]


def test_a_start_that_breaks_an_invariant_fails_at_once(tmp_path):
    result = run(tmp_path, '''
title = "a card twice"
start = "hands 1 1 | deck 2 3 | bids ? | initiative ? | drawn - | order - | strengths -"
actions = ["bid 0 & bid 0"]
[expect]
outcome = "ongoing"
''')
    assert result.failures == ["start: invariant cards-once (TG 1.1, TG 1.2) broken: the card "
                               "1 is in play twice"]
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
     'illegal = [{ action = "draw 3", rules = ["TG 3.3"] }]',
     "expect.illegal[0]: unknown rule number TG 3.3; did you mean"),
    ("illegal-no-rule", f'title = "t"\nstart = "{START}"\n[expect]\n'
     'illegal = [{ action = "draw 3", rules = [] }]', "expect.illegal[0]: must name at least"),
    ("illegal-keys", f'title = "t"\nstart = "{START}"\n[expect]\n'
     'illegal = [{ action = "draw 3" }]', "needs exactly the keys 'action' and 'rules'"),
    ("illegal-not-table", f'title = "t"\nstart = "{START}"\n[expect]\nillegal = "draw 3"',
     "expect.illegal: must be a table or a list of tables"),
    ("unknown-ruleset", f'title = "t"\nstart = "{START}"\nruleset = "casino"\n[expect]\n'
     'outcome = "x"', "unknown ruleset 'casino'; known: standard, house"),
    ("override-field", f'title = "t"\nstart = "{START}"\n[ruleset_overrides]\njokers = 2\n'
     '[expect]\noutcome = "x"', "unknown rules field 'jokers'"),
    ("override-type", f'title = "t"\nstart = "{START}"\n[ruleset_overrides]\n'
     'tied_bids_cancel = "no"\n[expect]\noutcome = "x"',
     "rules field 'tied_bids_cancel' takes bool"),
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
    ("unknown-ambiguity", f'title = "t"\nstart = "{START}"\nambiguities = ["TG-A9"]\n'
     '[expect]\noutcome = "x"', "ambiguities[0]: no ambiguity 'TG-A9' in the register"),
    ("ambiguities-not-list", f'title = "t"\nstart = "{START}"\nambiguities = "TG-A1"\n'
     '[expect]\noutcome = "x"', "ambiguities: must be a list of strings"),
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
    with pytest.raises(InputError, match=r"latin1\.toml: not UTF-8 text"):
        load_scenario(path, GAMES)
    with pytest.raises(InputError, match="no such file or folder"):
        scenario_files([tmp_path / "nowhere"])


BAD_NOTATION = [
    ("start", "hands 1 2 3 | deck -", [], {}, "start: a position has the sections"),
    ("actions[1]", START, ["deal 1", "deal one"], {},
     "actions[1]: 'deal one': 'one' is not a card"),
    ("actions[0]", START, ["shuffle"], {}, "actions[0]: 'shuffle': 'shuffle' is not an action"),
    ("joint-too-many", START, ["deal 1", "deal 2", "bid 1 & bid 1 & bid 0"], {},
     "actions[2]: 'bid 1 & bid 1 & bid 0': players 0, 1 choose together here"),
    ("joint-not-a-bid", START, ["deal 1", "deal 2", "bid 1 & call"], {},
     "actions[2]: player 1: 'bid 1 & call': 'call' is not a bid"),
    ("order-twice", START, ["deal 1", "deal 2", "bid 1 & bid 0", "draw 3", "order heal heal"],
     {}, "actions[4]: 'order heal heal' must name each pending effect once"),
    ("expect.position", START, [], {"position": "hands"}, "expect.position: a position has"),
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


def test_a_scenario_names_the_open_points_it_shows(tmp_path):
    """``ambiguities`` names register entries; the rules reference links the two."""
    known = TOY.ambiguities[0].id
    path = write(tmp_path, "shows", f'title = "t"\nstart = "{START}"\nambiguities = ["{known}"]\n'
                 '[expect]\noutcome = "ongoing"')
    assert load_scenario(path, GAMES).ambiguities == (known,)
