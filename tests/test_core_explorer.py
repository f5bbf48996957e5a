"""The explorer on the toy game: exact counts, shortest traces, replayable scenarios."""

from __future__ import annotations

import json
import tomllib

import pytest

from model.clubfight import GAME as CLUBFIGHT
from harness.explorer import explore
from model.core.game import Invariant
from harness.scenario import load_scenario, run_scenario
from toygame import (
    HOUSE, STANDARD, TOY, FoldCountsAsCallGame, OffGraphGame, RolledD4Game, StuckSecondGame,
    TokenThiefGame, ToyGame, ToyState, hand_counts,
)

START = ToyState.start(0)


def levels(game, rules, start, depth):
    """New distinct states at each distance from ``start`` (an independent count)."""
    seen = {start}
    layer = [start]
    counts = [1]
    for _ in range(depth):
        following = []
        for state in layer:
            for action in game.actions(state, rules):
                child = game.apply(state, action, rules)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        counts.append(len(following))
        layer = following
    return counts


def first_depth(game, rules, start, broken):
    """The fewest actions after which ``broken(state)`` holds (plain level search)."""
    layer, seen = [start], {start}
    for depth in range(10):
        if any(broken(state) for state in layer):
            return depth
        following = []
        for state in layer:
            for action in game.actions(state, rules):
                child = game.apply(state, action, rules)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        layer = following
    return None


# -- counting ----------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "may_fold"), [(STANDARD, True), (HOUSE, False)],
                         ids=["standard", "house"])
def test_state_counts_by_depth_match_the_hand_count(rules, may_fold):
    by_hand = hand_counts(second_may_fold=may_fold)
    assert levels(TOY, rules, START, 6) == by_hand
    for depth in range(7):
        report = explore(TOY, rules, [START], max_depth=depth)
        assert report.states == sum(by_hand[: depth + 1]), depth
        assert report.max_depth == depth
        assert report.ok
    assert sum(by_hand) == (283 if may_fold else 229)


def test_transitions_terminals_and_action_kinds_at_full_depth():
    report = explore(TOY, STANDARD, [START], max_depth=6)
    # deal 3 + 9; roll 27; first 54; then call/fold from 54 first-movers and 54 callers.
    assert report.kinds_taken == {"deal": 12, "roll": 27, "first": 54, "call": 108,
                                  "fold": 108}
    assert report.transitions == 309  # more than the 282 new states: the showdowns merge
    assert report.terminal_states == 54 + 81
    assert report.exhausted  # every depth-6 state is terminal
    assert report.kinds_never_taken == ()
    assert report.invariant_checks == 283 * len(TOY.invariants) + 309
    assert report.phases_seen == {"deal", "roll", "order", "act", "showdown", "over"}


def test_a_depth_bound_leaves_the_search_unexhausted_and_kinds_untaken():
    report = explore(TOY, STANDARD, [START], max_depth=2)
    assert report.states == 13 and not report.exhausted
    assert report.kinds_never_taken == ("roll", "first", "call", "fold")
    assert report.phases_seen == {"deal", "roll"}


def test_budgets_are_per_start_and_a_state_budget_stops_the_search():
    both = explore(TOY, STANDARD, TOY.exploration_starts(STANDARD, 2), max_depth=6)
    assert both.starts == 2 and both.states == 2 * 283
    small = explore(TOY, STANDARD, [START], max_depth=6, max_states=50)
    assert small.states == 50 and not small.exhausted and small.ok


def test_progress_is_reported_every_thousand_states():
    calls = []
    explore(TOY, STANDARD, TOY.exploration_starts(STANDARD, 4), max_depth=6,
            progress=calls.append)
    assert calls == [1000]


def test_report_as_dict_is_plain_json():
    report = explore(RolledD4Game(), STANDARD, [START], max_depth=3)
    data = json.loads(json.dumps(report.as_dict()))
    assert data["states"] == report.states and data["exhausted"] is False
    (problem,) = data["problems"]
    assert problem == {"kind": "invariant", "name": "stake-is-a-face", "rules": ["TG 2.1"],
                       "message": "the die showed 4; it has faces 1-3",
                       "start": str(START), "actions": ["deal 1", "deal 1", "roll 4"]}


def test_clubfight_depth_one_counts_match_an_independent_count():
    rules = CLUBFIGHT.default_rules
    starts = list(CLUBFIGHT.exploration_starts(rules, 2))
    report = explore(CLUBFIGHT, rules, starts, max_depth=1)
    expected = sum(sum(levels(CLUBFIGHT, rules, start, 1)) for start in starts)
    assert report.states == expected
    assert report.transitions == sum(len(CLUBFIGHT.legal_actions(s, rules)) for s in starts)
    assert report.ok


# -- problems and their shortest traces ---------------------------------------------------
def test_invariant_violation_is_found_with_the_shortest_trace():
    game = RolledD4Game()
    report = explore(game, STANDARD, [START], max_depth=6)
    (problem,) = report.problems  # found in many states, reported once
    assert (problem.kind, problem.name, problem.rules) == ("invariant", "stake-is-a-face",
                                                           ("TG 2.1",))
    assert problem.trace.actions == ("deal 1", "deal 1", "roll 4")
    assert len(problem.trace.actions) == 3 == first_depth(
        game, STANDARD, START, lambda s: s.roll == 4)
    assert problem.trace.start == str(START)
    assert problem.trace.final == "cards 1 1 | roll 4 | token 0 | order ? | called - | " \
                                  "folded - | result -"


def test_the_shortest_trace_wins_over_the_first_one_in_action_order():
    game = FoldCountsAsCallGame()
    start = ToyState.start(token=1)
    report = explore(game, STANDARD, [start], max_depth=6)
    (problem,) = report.problems
    assert problem.name == "acted-once-each"
    assert problem.trace.actions == ("deal 1", "deal 1", "roll 1", "first 1", "fold")
    assert first_depth(game, STANDARD, start,
                       lambda s: s.folded is not None and s.folded in s.called) == 5
    # A depth-first walk in action order would have met this longer way first.
    state = start
    for text in ("deal 1", "deal 1", "roll 1", "first 0", "call", "fold"):
        state = game.apply(state, game.parse_action(state, text, STANDARD), STANDARD)
    assert state.folded == 1 and 1 in state.called
    # Too shallow a search does not see it.
    assert explore(game, STANDARD, [start], max_depth=4).ok


def test_deadlock_is_found_with_the_shortest_trace():
    game = StuckSecondGame()
    report = explore(game, STANDARD, TOY.exploration_starts(STANDARD, 2), max_depth=6)
    (problem,) = report.problems
    assert (problem.kind, problem.name, problem.rules) == ("deadlock", "act", ())
    assert problem.message == "player 1 has no action in phase 'act'"
    assert problem.trace.actions == ("deal 1", "deal 1", "roll 3", "first 0", "call")
    assert first_depth(game, STANDARD, START, lambda s: not game.is_terminal(s)
                       and not game.actions(s, STANDARD)) == 5


def test_an_invariant_broken_at_the_start_has_an_empty_trace():
    class Grumpy(ToyGame):
        invariants = (Invariant("never", ("TG 1.1",), "Nothing holds.", lambda s: "no"),)

    report = explore(Grumpy(), STANDARD, [START], max_depth=1)
    (problem,) = report.problems
    assert problem.trace.actions == () and problem.trace.final == str(START)


def test_a_transition_invariant_violation_is_traced_to_the_offending_step():
    report = explore(TokenThiefGame(), STANDARD, [START], max_depth=6)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == ("invariant", "token-stays")
    assert problem.trace.actions == ("deal 1", "deal 1", "roll 2")
    assert problem.trace.final.split(" | ")[2] == "token 1"
    assert problem.message == "roll 2 moved the token from player 0 to 1"


def test_an_off_graph_transition_is_traced():
    report = explore(OffGraphGame(), STANDARD, [START], max_depth=6)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == ("phase", "act -> over")
    assert problem.rules == ("TG 3.1", "TG 3.2")
    assert problem.trace.actions == ("deal 1", "deal 1", "roll 1", "first 0", "fold")
    assert explore(OffGraphGame(), STANDARD, [START], max_depth=6, check_phases=False).ok


@pytest.mark.parametrize("game", [TokenThiefGame(), OffGraphGame()], ids=lambda g: type(g).__name__)
def test_states_behind_a_transition_problem_are_still_explored(game):
    # Neither bug changes which states exist: TokenThief only relabels the token
    # holder, OffGraph only has a smaller graph.
    report = explore(game, STANDARD, [START], max_depth=6)
    assert report.states == 283


# -- traces as scenarios ----------------------------------------------------------------
def replay(game, problem, tmp_path, name="trace"):
    text = problem.trace.to_scenario(game, STANDARD, f"{problem.kind}: {problem.name}",
                                     f"found by explore: {problem.message}\nsecond line")
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(path, {game.key: game})
    return text, scenario, run_scenario(scenario, game)


def test_an_invariant_trace_replays_as_a_failing_scenario(tmp_path):
    game = RolledD4Game()
    (problem,) = explore(game, STANDARD, [START], max_depth=3).problems
    text, scenario, result = replay(game, problem, tmp_path)
    assert text.startswith("# found by explore: the die showed 4; it has faces 1-3\n"
                           "# second line\n")
    data = tomllib.loads(text)
    assert data["actions"] == ["deal 1", "deal 1", "roll 4"]
    assert data["expect"] == {"position": problem.trace.final}
    assert scenario.start == problem.trace.start and scenario.game == "toy"
    assert [a.canonical for a in result.actions] == list(problem.trace.actions)
    assert result.actions[-1].position == problem.trace.final
    assert not result.passed
    (failure,) = result.failures
    assert failure.startswith("step 3 ('roll 4'): invariant stake-is-a-face (TG 2.1) broken")
    # The same file on the correct game: roll 4 is refused, naming the rule.
    fixed = run_scenario(scenario, TOY)
    assert fixed.failures == ["step 3 ('roll 4'): 'roll 4' is illegal: the die has faces "
                              "1 to 3 (TG 2.1)"]


def test_a_deep_invariant_trace_replays(tmp_path):
    game = FoldCountsAsCallGame()
    (problem,) = explore(game, STANDARD, [ToyState.start(1)], max_depth=6).problems
    _, _, result = replay(game, problem, tmp_path)
    assert len(result.actions) == 5
    assert result.actions[-1].position == problem.trace.final
    assert "invariant acted-once-each (TG 3.1, TG 3.2) broken" in result.failures[0]


def test_a_deadlock_trace_replays_to_the_stuck_position(tmp_path):
    game = StuckSecondGame()
    (problem,) = explore(game, STANDARD, [START], max_depth=6).problems
    _, _, result = replay(game, problem, tmp_path)
    assert result.passed and result.checked == ["position"]
    assert result.final_position == problem.trace.final
    assert result.final_outcome == "ongoing"
    assert game.actions(game.parse_state(result.final_position), STANDARD) == ()


def test_transition_and_phase_traces_replay_and_fail(tmp_path):
    thief = TokenThiefGame()
    (problem,) = explore(thief, STANDARD, [START], max_depth=6).problems
    _, _, result = replay(thief, problem, tmp_path, "thief")
    assert result.final_position == problem.trace.final and "position" in result.checked
    assert result.failures == ["step 3 ('roll 2'): invariant token-stays (TG 1.2) broken: "
                               "roll 2 moved the token from player 0 to 1"]
    off = OffGraphGame()
    (problem,) = explore(off, STANDARD, [START], max_depth=6).problems
    _, _, result = replay(off, problem, tmp_path, "offgraph")
    assert result.failures == ["step 5 ('fold'): the engine went act -> over, which the "
                               "phase graph lacks"]
