"""The explorer on the toy game: exact counts, shortest traces, replayable scenarios;
random playouts to the end of the game; the explorer in ``ringside explore`` and
``ringside check``."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from model.clubfight import GAME as CLUBFIGHT
from harness.check import check_game
from harness.cli import main
from harness.explorer import explore, playouts
from harness.registry import GameParts, register, unregister
from model.core.game import Invariant
from harness.scenario import load_scenario, run_scenario
from toygame import (
    DEFAULT_RULES, HOUSE, TOY, CardSwapGame, EndlessGame, GhostDrawGame, OffGraphGame,
    StuckOrderGame, ToyGame, UnpaidBidGame, hand_counts, start_of,
)

START = start_of(2, 3)
FULL = 5  # the longest game of two players: two deals, a bid, a draw, an order


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


def all_states(game, rules, start):
    seen, frontier = {start}, [start]
    while frontier:
        state = frontier.pop()
        for action in game.actions(state, rules):
            child = game.apply(state, action, rules)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def play(game, rules, start, texts):
    state = start
    for text in texts:
        state = game.apply(state, game.parse_action(state, text, rules), rules)
    return state


# -- counting ----------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "setup"), [(DEFAULT_RULES, (2, 3)), (HOUSE, (2, 3)),
                                              (DEFAULT_RULES, (3, 4)), (HOUSE, (2, 4))],
                         ids=["standard-2-3", "house-2-3", "standard-3-4", "house-2-4"])
def test_state_counts_by_depth_match_the_count_from_the_rules(rules, setup):
    players, deck = setup
    start = start_of(players, deck)
    by_rules = hand_counts(players, deck, rules.tied_bids_cancel)
    full = players + 3
    assert len(by_rules) == full + 1
    assert levels(TOY, rules, start, full) == by_rules
    for depth in range(full + 1):
        report = explore(TOY, rules, [start], max_depth=depth)
        assert report.states == sum(by_rules[: depth + 1]), depth
        assert report.max_depth == depth
        assert report.ok


def test_the_two_player_three_card_game_by_hand():
    # 3 first cards, 3 x 2 deals; bids 0-1 with the 1 and 0-2 with the 2 or 3:
    # 6 + 6 + 6 + 9 + 6 + 9 = 42 bid states, 14 of them tied (straight to the end);
    # 28 draws of the one card left, two orders each.
    assert hand_counts(2, 3) == [1, 3, 6, 42, 28, 56]
    assert hand_counts(2, 3, tied_bids_cancel=False) == [1, 3, 6, 42, 42, 84]


def test_transitions_terminals_and_action_kinds_at_full_depth():
    report = explore(TOY, DEFAULT_RULES, [START], max_depth=FULL)
    assert report.kinds_taken == {"deal": 3 + 6, "bid": 42, "draw": 28, "order": 56}
    assert report.transitions == 135 == report.states - 1  # a tree: nothing merges
    assert report.terminal_states == 14 + 56
    assert report.exhausted  # every state at the last depth is terminal
    assert report.kinds_never_taken == ()
    assert report.invariant_checks == 136 * len(TOY.invariants) + 135
    assert report.phases_seen == set(TOY.phase_graph().nodes)


def test_a_depth_bound_leaves_the_search_unexhausted_and_kinds_untaken():
    report = explore(TOY, DEFAULT_RULES, [START], max_depth=2)
    assert report.states == 10 and not report.exhausted
    assert report.kinds_never_taken == ("bid", "draw", "order")
    assert report.phases_seen == {"deal", "bid"}


def test_budgets_are_per_start_and_a_state_budget_stops_the_search():
    both = explore(TOY, DEFAULT_RULES, TOY.exploration_starts(DEFAULT_RULES, 2), max_depth=6)
    assert both.starts == 2 and both.states == sum(hand_counts(2, 3)) + sum(hand_counts(3, 4))
    small = explore(TOY, DEFAULT_RULES, [START], max_depth=FULL, max_states=50)
    assert small.states == 50 and not small.exhausted and small.ok


def test_progress_is_reported_every_thousand_states():
    calls = []
    report = explore(TOY, DEFAULT_RULES, TOY.exploration_starts(DEFAULT_RULES, 2), max_depth=6,
                     progress=calls.append)
    assert report.states == 1527 and calls == [1000]


def test_report_as_dict_is_plain_json():
    report = explore(GhostDrawGame(), DEFAULT_RULES, [START], max_depth=4)
    data = json.loads(json.dumps(report.as_dict()))
    assert data["mode"] == "search"
    assert data["states"] == report.states and data["exhausted"] is False
    (problem,) = data["problems"]
    assert problem == {"kind": "invariant", "name": "cards-once", "rules": ["TG 1.1", "TG 1.2"],
                       "message": "the card 1 is in play twice", "start": str(START),
                       "actions": ["deal 1", "deal 2", "bid 0 & bid 1", "draw 1"]}


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
    game = GhostDrawGame()
    report = explore(game, DEFAULT_RULES, [START], max_depth=FULL)
    (problem,) = report.problems  # found in many states, reported once
    assert (problem.kind, problem.name, problem.rules) == ("invariant", "cards-once",
                                                           ("TG 1.1", "TG 1.2"))
    assert problem.trace.actions == ("deal 1", "deal 2", "bid 0 & bid 1", "draw 1")
    assert len(problem.trace.actions) == first_depth(
        game, DEFAULT_RULES, START, lambda s: s.drawn and s.drawn in s.hands)
    assert problem.trace.start == str(START)
    assert problem.trace.final == ("hands 1 2 | deck 3 | bids 0 1 | initiative 1 | drawn 1 "
                                   "| order - | strengths -")


def test_the_shortest_trace_wins_over_the_first_one_in_action_order():
    game = UnpaidBidGame()
    report = explore(game, DEFAULT_RULES, [START], max_depth=FULL)
    (problem,) = report.problems
    assert problem.name == "strengths-fit"
    assert problem.trace.actions == ("deal 1", "deal 2", "bid 1 & bid 1")
    assert first_depth(game, DEFAULT_RULES, START,
                       lambda s: s.strengths is not None and s.bids[0] > 0) == 3
    # A depth-first walk in action order would have met this longer way first:
    # bid 1 & bid 0 comes before bid 1 & bid 1, and player 0 still pays nothing.
    state = play(game, DEFAULT_RULES, START,
                 ("deal 1", "deal 2", "bid 1 & bid 0", "draw 3", "order heal rage"))
    assert state.strengths == ((1 + 3) * 2, 2)  # not ((1 - 1 + 3) * 2, 2)
    # Too shallow a search does not see it.
    assert explore(game, DEFAULT_RULES, [START], max_depth=2).ok


def test_deadlock_is_found_with_the_shortest_trace():
    game = StuckOrderGame()
    report = explore(game, DEFAULT_RULES, TOY.exploration_starts(DEFAULT_RULES, 2), max_depth=6)
    (problem,) = report.problems
    assert (problem.kind, problem.name, problem.rules) == ("deadlock", "order", ())
    assert problem.message == "player 1 has no action in phase 'order'"
    assert problem.trace.actions == ("deal 1", "deal 2", "bid 0 & bid 1", "draw 3")
    assert first_depth(game, DEFAULT_RULES, START, lambda s: not game.is_terminal(s)
                       and not game.actions(s, DEFAULT_RULES)) == 4


def test_a_simultaneous_deadlock_names_every_player_choosing():
    class NoBids(ToyGame):
        def player_actions(self, state, rules, player):
            if self.phase(state) == "bid" and 1 in state.hands:
                return ()
            return super().player_actions(state, rules, player)

    (problem,) = explore(NoBids(), DEFAULT_RULES, [START], max_depth=FULL).problems
    assert problem.message == "players 0, 1 (choosing together) have no action in phase 'bid'"
    assert problem.trace.actions == ("deal 1", "deal 2")


def test_an_invariant_broken_at_the_start_has_an_empty_trace():
    class Grumpy(ToyGame):
        invariants = (Invariant("never", ("TG 1.1",), "Nothing holds.", lambda s: "no"),)

    report = explore(Grumpy(), DEFAULT_RULES, [START], max_depth=1)
    (problem,) = report.problems
    assert problem.trace.actions == () and problem.trace.final == str(START)


def test_a_transition_invariant_violation_is_traced_to_the_offending_step():
    report = explore(CardSwapGame(), DEFAULT_RULES, [START], max_depth=FULL)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == ("invariant", "cards-stay")
    assert problem.trace.actions == ("deal 1", "deal 2", "bid 0 & bid 1", "draw 3")
    assert problem.trace.final.startswith("hands 1 3 | deck - | bids 0 1 | initiative 1 "
                                          "| drawn 2")
    assert problem.message == "draw 3 changed player 1's card from 2 to 3"


def test_an_off_graph_transition_is_traced():
    report = explore(OffGraphGame(), DEFAULT_RULES, [START], max_depth=FULL)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == ("phase", "reveal -> showdown")
    assert problem.rules == ("TG 2.1", "TG 2.2", "TG 2.3", "TG 4.1")
    assert problem.trace.actions == ("deal 1", "deal 2", "bid 0 & bid 0")
    assert explore(OffGraphGame(), DEFAULT_RULES, [START], max_depth=FULL, check_phases=False).ok


def test_states_behind_a_transition_problem_are_still_explored():
    # The graph is smaller, the states are the same.
    report = explore(OffGraphGame(), DEFAULT_RULES, [START], max_depth=FULL)
    assert report.states == sum(hand_counts(2, 3))


def test_a_loop_is_merged_by_the_search_and_hidden_from_it():
    # A tied bid leads back to the state before the bid: the search has seen it.
    report = explore(EndlessGame(), DEFAULT_RULES, [START], max_depth=10)
    assert report.ok and report.exhausted
    assert report.states == 136 - 14  # the 14 tied endings never happen
    assert report.transitions == report.states - 1 + 14  # 14 steps lead back


# -- random playouts -----------------------------------------------------------------------
def comparable(report):
    data = report.as_dict()
    data.pop("seconds")
    return data


def test_playouts_are_reproducible_and_the_seed_matters():
    starts = list(TOY.exploration_starts(DEFAULT_RULES, 3))
    first = playouts(TOY, DEFAULT_RULES, starts, count=60, seed=4)
    again = playouts(TOY, DEFAULT_RULES, starts, count=60, seed=4)
    other = playouts(TOY, DEFAULT_RULES, starts, count=60, seed=5)
    assert comparable(first) == comparable(again)
    assert comparable(first) != comparable(other)
    assert first.mode == "playouts" and first.seed == 4 and first.starts == 3
    assert first.playouts == 60 and sum(first.outcomes.values()) == 60
    assert not first.exhausted and first.ok


def test_playouts_play_to_the_end_and_count_what_they_saw():
    report = playouts(TOY, DEFAULT_RULES, [START], count=2000, seed=0)
    assert report.ok and report.playouts == 2000
    # Enough games to meet every state of the small game, and never a state outside it.
    assert report.states == sum(hand_counts(2, 3)) == 136
    assert report.terminal_states == 14 + 56
    assert report.max_depth == FULL
    every_end = {TOY.outcome(state, DEFAULT_RULES).label
                 for state in all_states(TOY, DEFAULT_RULES, START) if TOY.is_terminal(state)}
    assert set(report.outcomes) == every_end == {"p0 wins", "p1 wins", "draw"}
    assert sum(report.outcomes.values()) == 2000
    assert report.kinds_never_taken == ()
    assert report.phases_seen == set(TOY.phase_graph().nodes)
    # Each playout deals twice and bids once; draws and orders come in pairs.
    assert report.kinds_taken["deal"] == 4000 and report.kinds_taken["bid"] == 2000
    assert report.kinds_taken["draw"] == report.kinds_taken["order"]
    assert report.transitions == sum(report.kinds_taken.values())
    assert report.invariant_checks == 136 * len(TOY.invariants) + report.transitions


def test_playouts_draw_chance_and_choices_with_the_right_odds():
    # From the bid with the 1 and the 2: 6 joint bids, each 1/6; two of them tie
    # (0-0 and 1-1) and end at once, so 1/3 of the games are 3 actions long.
    report = playouts(TOY, DEFAULT_RULES, [play(TOY, DEFAULT_RULES, START, ("deal 1", "deal 2"))],
                      count=3000, seed=1)
    tied = report.kinds_taken["bid"] - report.kinds_taken["draw"]
    assert abs(tied / 3000 - 1 / 3) < 0.03
    assert report.kinds_taken["order"] == report.kinds_taken["draw"]


def test_playouts_over_several_starts_take_them_in_turn_and_reach_every_player_count():
    report = playouts(TOY, DEFAULT_RULES, TOY.exploration_starts(DEFAULT_RULES, 3), count=30,
                      seed=2)
    assert report.max_depth == 4 + 3  # some four-player game went the whole way
    assert report.kinds_taken["deal"] == 10 * (2 + 3 + 4)
    assert report.ok


def test_zero_playouts_see_nothing():
    report = playouts(TOY, DEFAULT_RULES, [START], count=0, seed=0)
    assert (report.playouts, report.states, report.transitions) == (0, 0, 0)
    assert report.kinds_never_taken == TOY.action_kinds


def test_playouts_catch_a_game_that_runs_past_its_bound():
    game = EndlessGame()
    report = playouts(game, DEFAULT_RULES, [START], count=50, seed=0)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == ("length", "max_length")
    bound = game.max_length(START)
    assert len(problem.trace.actions) == bound + 1 == 6
    assert problem.message == ("a playout took 6 actions, more than the 5 that max_length "
                               "promised from its start")
    # The trace is the loop: a tied bid, then another bid at once.
    assert problem.trace.actions[2] in ("bid 0 & bid 0", "bid 1 & bid 1", "bid 2 & bid 2")
    assert problem.trace.actions[3].startswith("bid ")
    assert report.playouts == 50 and sum(report.outcomes.values()) < 50


@pytest.mark.parametrize(("game", "kind", "name"), [
    (GhostDrawGame(), "invariant", "cards-once"),
    (UnpaidBidGame(), "invariant", "strengths-fit"),
    (CardSwapGame(), "invariant", "cards-stay"),
    (StuckOrderGame(), "deadlock", "order"),
    (OffGraphGame(), "phase", "reveal -> showdown"),
], ids=lambda v: type(v).__name__ if isinstance(v, ToyGame) else str(v))
def test_playouts_catch_what_the_search_catches(game, kind, name):
    report = playouts(game, DEFAULT_RULES, [START], count=200, seed=0)
    (problem,) = report.problems
    assert (problem.kind, problem.name) == (kind, name)
    # Never shorter than the shortest trace the search finds.
    (shortest,) = explore(game, DEFAULT_RULES, [START], max_depth=FULL).problems
    assert len(problem.trace.actions) >= len(shortest.trace.actions)
    # The trace replays on the game to the state it names.
    assert str(play(game, DEFAULT_RULES, START, problem.trace.actions)) == problem.trace.final


def test_a_finished_game_without_an_outcome_is_a_playout_problem():
    class Mute(ToyGame):
        def outcome(self, state, rules):
            return None

    report = playouts(Mute(), DEFAULT_RULES, [START], count=5, seed=0)
    (problem,) = report.problems
    assert (problem.kind, problem.message) == ("outcome", "the game is over but has no outcome")
    assert report.outcomes == {"(no outcome)": 5}


def test_playout_progress_every_hundred():
    calls = []
    playouts(TOY, DEFAULT_RULES, [START], count=250, seed=0, progress=calls.append)
    assert calls == [100, 200]


def test_clubfight_playouts_go_the_whole_thirteen_turns():
    rules = CLUBFIGHT.default_rules
    report = playouts(CLUBFIGHT, rules, CLUBFIGHT.exploration_starts(rules, 2), count=6,
                      seed=0)
    assert report.ok and report.playouts == 6
    assert sum(report.outcomes.values()) == 6 and set(report.outcomes) <= {"win", "loss"}
    assert report.max_depth <= 13
    assert report.transitions == sum(report.kinds_taken.values())


# -- traces as scenarios ----------------------------------------------------------------
def replay(game, problem, tmp_path, name="trace"):
    text = problem.trace.to_scenario(game, DEFAULT_RULES, f"{problem.kind}: {problem.name}",
                                     f"found by explore: {problem.message}\nsecond line")
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(path, {game.key: game})
    return text, scenario, run_scenario(scenario, game)


def test_an_invariant_trace_replays_as_a_failing_scenario(tmp_path):
    game = GhostDrawGame()
    (problem,) = explore(game, DEFAULT_RULES, [START], max_depth=4).problems
    text, scenario, result = replay(game, problem, tmp_path)
    assert text.startswith("# found by explore: the card 1 is in play twice\n"
                           "# second line\n")
    data = tomllib.loads(text)
    assert data["actions"] == ["deal 1", "deal 2", "bid 0 & bid 1", "draw 1"]
    assert data["expect"] == {"position": problem.trace.final}
    assert scenario.start == problem.trace.start and scenario.game == "toy"
    assert [a.canonical for a in result.actions] == list(problem.trace.actions)
    assert result.actions[-1].position == problem.trace.final
    assert not result.passed
    (failure,) = result.failures
    assert failure.startswith("step 4 ('draw 1'): invariant cards-once (TG 1.1, TG 1.2) "
                              "broken: the card 1 is in play twice")
    # The same file on the correct game: the 1 cannot be drawn, naming the rule.
    fixed = run_scenario(scenario, TOY)
    assert fixed.failures == ["step 4 ('draw 1'): 'draw 1' is illegal: the 1 is not in the "
                              "deck (3) (TG 3.1)"]


def test_a_short_invariant_trace_replays(tmp_path):
    game = UnpaidBidGame()
    (problem,) = explore(game, DEFAULT_RULES, [START], max_depth=FULL).problems
    _, _, result = replay(game, problem, tmp_path)
    assert len(result.actions) == 3
    assert result.actions[-1].position == problem.trace.final
    assert "invariant strengths-fit (TG 2.3, TG 3.2) broken" in result.failures[0]


def test_a_deadlock_trace_replays_to_the_stuck_position(tmp_path):
    game = StuckOrderGame()
    (problem,) = explore(game, DEFAULT_RULES, [START], max_depth=FULL).problems
    _, _, result = replay(game, problem, tmp_path)
    assert result.passed and result.checked == ["position"]
    assert result.final_position == problem.trace.final
    assert result.final_outcome == "ongoing"
    assert game.actions(game.parse_state(result.final_position), DEFAULT_RULES) == ()


def test_transition_and_phase_traces_replay_and_fail(tmp_path):
    swap = CardSwapGame()
    (problem,) = explore(swap, DEFAULT_RULES, [START], max_depth=FULL).problems
    _, _, result = replay(swap, problem, tmp_path, "swap")
    assert result.final_position == problem.trace.final and "position" in result.checked
    assert result.failures == ["step 4 ('draw 3'): invariant cards-stay (TG 1.2, TG 3.1) "
                               "broken: draw 3 changed player 1's card from 2 to 3"]
    off = OffGraphGame()
    (problem,) = explore(off, DEFAULT_RULES, [START], max_depth=FULL).problems
    _, _, result = replay(off, problem, tmp_path, "offgraph")
    assert result.failures == ["step 3 ('bid 0 & bid 0'): the engine went reveal -> "
                               "showdown, which the phase graph lacks"]


def test_a_length_trace_replays_and_the_correct_game_refuses_the_loop(tmp_path):
    game = EndlessGame()
    (problem,) = playouts(game, DEFAULT_RULES, [START], count=50, seed=0).problems
    _, scenario, result = replay(game, problem, tmp_path, "endless")
    assert result.passed and len(result.actions) == 6
    assert result.actions[2].steps[-1].text == "a tie: everybody bids again"
    # On the correct game a tie ends the game: the next bid is refused.
    fixed = run_scenario(scenario, TOY)
    assert fixed.failures == [f"step 4 ({problem.trace.actions[3]!r}): "
                              f"{problem.trace.actions[3]!r} is illegal: the game is over "
                              "(TG 4.1)"]


# -- the explorer in ringside explore and ringside check ------------------------------------
@pytest.fixture
def endless_registered():
    register(GameParts(game=EndlessGame()))
    try:
        yield
    finally:
        unregister("toy")


def test_explore_command_runs_playouts_and_reports_them(capsys):
    code = main(["explore", "clubfight", "--depth", "1", "--starts", "1", "--playouts", "4",
                 "--seed", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["mode"] == "search" and data["max_depth"] == 1
    played = data["playouts"]
    assert played["mode"] == "playouts" and played["playouts"] == 4 and played["seed"] == 3
    assert sum(played["outcomes"].values()) == 4 and played["problems"] == []
    code = main(["explore", "clubfight", "--depth", "1", "--starts", "1", "--playouts", "4",
                 "--seed", "3"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert re.search(r"^playouts: 4 \(seed 3\) to depth \d+, \d+ states, 4 end states, "
                     r"[\d.]+s; outcomes: ", out, re.M), out
    assert out.rstrip().endswith("no invariant violation, deadlock, off-graph transition or "
                                 "over-long game")


def test_explore_command_reports_a_playout_problem_and_writes_its_trace(
        capsys, tmp_path, endless_registered):
    code = main(["explore", "toy", "--depth", "3", "--starts", "1", "--playouts", "50",
                 "--trace-dir", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "PROBLEM (playout) length max_length: a playout took 6 actions" in out
    (written,) = tmp_path.iterdir()
    assert written.name == "toy-length-1.toml"
    assert len(tomllib.loads(written.read_text())["actions"]) == 6
    # Without playouts the search alone finds nothing.
    assert main(["explore", "toy", "--depth", "3", "--starts", "1", "--playouts", "0"]) == 0
    capsys.readouterr()


def test_check_runs_playouts_under_every_ruleset():
    result = check_game(CLUBFIGHT, proofs=False, depth=1, max_states=50, starts=1,
                        playouts=3, seed=0)
    row = {row.check: row for row in result.rows}
    assert re.fullmatch(r"\d+ states, depth 1, \d+ transitions \(search\) \+ 6 playouts "
                        r"to depth \d+, 6/6 action kinds taken", row["explorer"].count), \
        row["explorer"].count
    assert " and 6 playouts, 2 rulesets " in row["invariants"].count
    assert set(result.playouts) == set(CLUBFIGHT.presets)
    assert all(p.playouts == 3 for p in result.playouts.values())
    assert result.as_dict()["playouts"]["rulebook"]["playouts"] == 3


def test_check_fails_the_explorer_row_on_a_playout_problem(tmp_path):
    result = check_game(EndlessGame(), root=tmp_path, proofs=False, depth=2, starts=1,
                        playouts=40)
    row = {row.check: row for row in result.rows}["explorer"]
    assert not row.passed
    assert any(f.startswith("length max_length under standard, playout: a playout took 6 "
                            "actions") for f in row.failures), row.failures
    # The search alone, deep enough to take every kind of action, sees no problem.
    quiet = check_game(EndlessGame(), root=tmp_path, proofs=False, depth=FULL, starts=1,
                       playouts=0)
    assert {row.check: row for row in quiet.rows}["explorer"].passed


def test_check_command_takes_playouts_and_a_seed(capsys):
    code = main(["check", "clubfight", "--no-proofs", "--depth", "1", "--max-states", "30",
                 "--starts", "1", "--playouts", "2", "--seed", "9", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    (game,) = json.loads(out)["games"]
    explorer = next(row for row in game["rows"] if row["check"] == "explorer")
    assert "(search) + 4 playouts to depth" in explorer["count"]
    assert {name: p["seed"] for name, p in game["playouts"].items()} == {
        "rulebook": 9, "webapp": 9}
