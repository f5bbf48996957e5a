"""Every kind of action a game declares is taken by ``ringside check``'s explorer: playouts
that seek the kinds not taken yet, scenario positions that offer the missing ones, and an
explorer row that fails naming a kind nothing took."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest

from harness.check import check_game, scenario_positions
from harness.cli import main
from harness.explorer import kind_seeking_choice, playouts
from harness.registry import GameParts, all_parts, register, unregister
from harness.scenario import load_scenario, run_scenario
from toygame import DEFAULT_RULES, TOY, VERBS, ToyGame, start_of

START = start_of(2, 3)
FULL = 5  # the longest two-player toy game: its search takes every kind


class FoldlessGame(ToyGame):
    """Bug: declares a kind of action, ``fold``, that no state ever offers."""

    @property
    def action_kinds(self):
        return VERBS + ("fold",)


class DealtGame(ToyGame):
    """The explorer's starts come after the deal: only a start before it offers ``deal``."""

    def exploration_starts(self, rules, count):
        for setup in self.example_setups(count):
            state = self.initial_state(setup, rules)
            while self.phase(state) == "deal":
                state = self.apply(state, self.actions(state, rules)[0], rules)
            yield state


def explorer_row(result):
    return next(row for row in result.rows if row.check == "explorer")


# -- the choice ------------------------------------------------------------------------------
def test_a_kind_not_taken_yet_is_chosen_however_few_its_actions():
    game = SimpleNamespace(action_kind=lambda action: action[0])
    actions = [("discard", n) for n in range(99)] + [("play", 0)]
    rng = random.Random(0)
    assert all(kind_seeking_choice(game, actions, {"discard"}, rng) == ("play", 0)
               for _ in range(50))
    # Once every kind is taken, each kind is as likely as the other, whatever its count.
    drawn = [kind_seeking_choice(game, actions, {"discard", "play"}, rng)[0]
             for _ in range(2000)]
    assert abs(drawn.count("play") / 2000 - 0.5) < 0.05


def test_seeking_playouts_add_the_kinds_they_take_and_stay_reproducible():
    seen = set()
    first = playouts(ToyGame(), DEFAULT_RULES, [START], count=20, seed=3, seek_kinds=0.5,
                     kinds_seen=seen)
    assert seen == set(VERBS) == set(first.kinds_taken)
    again = playouts(ToyGame(), DEFAULT_RULES, [START], count=20, seed=3, seek_kinds=0.5,
                     kinds_seen=set())
    assert first.kinds_taken == again.kinds_taken and first.outcomes == again.outcomes


# -- ringside check ----------------------------------------------------------------------------
@pytest.mark.parametrize("key", list(all_parts()))
def test_check_takes_every_kind_of_action_of_every_game(key):
    # the cheapest settings that still reach every kind: few playouts, a shallow search
    result = check_game(all_parts()[key].game, proofs=False, depth=1, max_states=50,
                        playouts=20)
    assert result.kinds_never_taken == ()
    row = explorer_row(result)
    assert row.passed, row.failures
    kinds = len(result.game.action_kinds)
    assert f", {kinds}/{kinds} action kinds taken" in row.count
    data = result.as_dict()["action_kinds"]
    assert data["taken"] == list(result.game.action_kinds) and data["never_taken"] == []
    assert all(data["counts"][kind] > 0 for kind in data["taken"])


def test_the_rare_kinds_come_from_the_scenario_positions_that_offer_them():
    result = check_game(all_parts()["fightklub"].game, proofs=False, depth=1, max_states=50,
                        starts=1, playouts=1)
    assert result.kinds_never_taken == ()
    # the first action of a game and clash text against clash text: no late-game start
    # of the explorer leads to either
    assert "fightklub/fk6-7-clash-against-clash" in result.scenario_playouts
    assert any(p.kinds_taken.get("drop") for p in result.scenario_playouts.values())


def test_a_kind_offered_only_at_a_scenario_start_is_sought_there(tmp_path):
    game = DealtGame()
    folder = tmp_path / "scenarios" / "toy"
    folder.mkdir(parents=True)
    without = check_game(game, root=tmp_path, proofs=False, depth=FULL, starts=1,
                         playouts=5)
    assert without.kinds_never_taken == ("deal",) and not explorer_row(without).passed
    (folder / "first-deal.toml").write_text(
        'title = "The first card dealt"\n'
        f'start = "{START}"\n'
        'actions = ["deal 1"]\n\n'
        '[expect]\n'
        'outcome = "ongoing"\n', encoding="utf-8")
    found = check_game(game, root=tmp_path, proofs=False, depth=FULL, starts=1,
                       playouts=5)
    assert found.kinds_never_taken == ()
    assert list(found.scenario_playouts) == ["toy/first-deal"]
    row = explorer_row(found)
    assert row.passed, row.failures
    assert "(1 from scenario position)" in row.count


def test_every_position_of_a_scenario_replay_may_offer_a_kind(tmp_path):
    path = tmp_path / "to-the-draw.toml"
    path.write_text('title = "To the draw"\ngame = "toy"\n'
                    f'start = "{START}"\n'
                    'actions = ["deal 1", "deal 2", "bid 1 & bid 0"]\n\n'
                    '[expect]\n'
                    'outcome = "ongoing"\n', encoding="utf-8")
    replayed = run_scenario(load_scenario(path, {"toy": TOY}), TOY)
    assert replayed.passed
    assert [(name, TOY.phase(state), offered) for name, _, _, state, offered
            in scenario_positions(TOY, [replayed], {"draw"})] == [
        ("toy/to-the-draw after 3", "draw", frozenset({"draw"}))]
    assert [name for name, *_ in scenario_positions(TOY, [replayed], {"deal", "bid"})] == [
        "toy/to-the-draw", "toy/to-the-draw after 1", "toy/to-the-draw after 2"]
    # a failing scenario's positions are not played from
    replayed.failures.append("broken")
    assert scenario_positions(TOY, [replayed], {"deal", "bid", "draw"}) == []


def test_a_kind_never_taken_fails_the_explorer_row_naming_it(tmp_path):
    result = check_game(FoldlessGame(), root=tmp_path, proofs=False, depth=FULL, starts=1,
                        playouts=10)
    row = explorer_row(result)
    assert not row.passed and result.kinds_never_taken == ("fold",)
    assert row.count.endswith(", 4/5 action kinds taken (never: fold)")
    assert row.failures == ["action kinds never taken: fold (neither the search nor the "
                            "playouts took them, and no scenario reaches a position where "
                            "one is offered)"]
    data = result.as_dict()["action_kinds"]
    assert data["taken"] == list(VERBS) and data["never_taken"] == ["fold"]


@pytest.fixture
def foldless_registered():
    register(GameParts(game=FoldlessGame()))
    try:
        yield
    finally:
        unregister("toy")


def test_check_command_fails_on_a_kind_never_taken(capsys, tmp_path, foldless_registered):
    (tmp_path / "scenarios").mkdir()
    arguments = ["check", "toy", "--no-proofs", "--depth", str(FULL), "--starts", "1",
                 "--playouts", "5", "--root", str(tmp_path)]
    assert main(arguments) == 1
    out, _ = capsys.readouterr()
    assert "FAIL toy explorer: action kinds never taken: fold" in out
    assert re.search(r"^  toy: deal \d+, bid \d+, draw \d+, order \d+; NEVER TAKEN: fold$", out,
                     re.M), out
    assert main(arguments + ["--json"]) == 1
    (game,) = json.loads(capsys.readouterr().out)["games"]
    assert game["action_kinds"]["never_taken"] == ["fold"]
    assert game["action_kinds"]["taken"] == list(VERBS)
