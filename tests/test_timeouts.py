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
from harness.toolkit import fan_out

ROOT = Path(__file__).resolve().parent.parent
CHARACTERS = ROOT / "analysis" / "duel" / "data" / "characters"

TIMED = {
    ("check",): None,
    ("clubfight", "hunt"): None,
    ("clubfight", "play"): None,
    ("clubfight", "screen"): None,
    ("clubfight", "survey"): None,
    ("clubfight", "unwinnable"): None,
    ("docs",): None,
    ("duel", "odds"): 60.0,
    ("duel", "play"): None,
    ("fantasy", "battle"): None,
    ("fightklub", "play"): None,
    ("fightklub", "survey"): None,
    ("monmamo", "setup"): None,
    ("monmamo", "termination"): 600.0,
    ("explore",): None,
    ("play",): None,
}
"""The commands given a whole-command ``--timeout`` here, with its default (``clubfight
solve``, ``slack`` and ``verify`` work on one deal or certificate, their ``--timeout``
tested with them; ``survey`` and ``unwinnable`` limit each deal with ``--deal-timeout``)."""


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
    ["clubfight", "play", "CF1-3", "--policy", "mc"],
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


def counting_clock():
    """A clock that moves one second per reading: a :class:`Deadline` of N seconds on it
    passes at the (N+1)th reading after its start, on any machine, however loaded."""
    ticks = iter(range(10**9))
    return lambda: float(next(ticks))


@pytest.mark.parametrize("words", [
    ("explore", "clubfight"), ("check", "clubfight"), ("docs",),
    ("clubfight", "survey", "--jokers", "1", "--deals", "5"),
    ("clubfight", "screen", "--jokers", "1", "--deals", "5", "--out", "never-made"),
    ("clubfight", "unwinnable", "--jokers", "1", "--count", "1"),
    ("clubfight", "hunt", "--jokers", "1"),
], ids=lambda words: " ".join(words[:2]))
@pytest.mark.parametrize("bad", ["0", "-2", "nan", "inf", "1e99", "soon"])
def test_a_bad_timeout_is_one_line_and_exit_2(capsys, words, bad):
    code, out, err = run(capsys, *words, "--timeout", bad)
    assert code == 2 and not out, err
    assert err.count("\n") == 1 and "--timeout" in err and "seconds" in err
    assert not Path("never-made").exists()


def test_explore_past_its_limit_says_the_exploration_is_unknown_never_clean(capsys):
    argv = ["explore", "clubfight", "--depth", "8", "--max-states", "10000000", "--timeout",
            "0.2"]
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["complete"] is False and data["verdict"] == "unknown"
    assert data["reason"].startswith("stopped by --timeout after 0.2 s")
    assert data["exhausted"] is False and data["problems"] == []
    assert data["playouts"]["complete"] is False and data["playouts"]["playouts"] == 0
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "the search is not complete" in out.splitlines()[0]
    assert out.splitlines()[-1].startswith("unknown: stopped by --timeout after 0.2 s")
    assert "no invariant violation" not in out


def test_an_exploration_cut_short_keeps_the_problems_it_found(monkeypatch):
    """A problem found before the limit has its trace: it stands, and the rest is unknown."""
    from harness.explorer import explore
    from model.clubfight import GAME
    from model.core.game import Invariant

    past_turn_one = Invariant("never past turn 1", ("CF 1.1",), "a planted violation",
                              lambda state: "turn 2" if state.turn >= 1 else None)
    monkeypatch.setattr(type(GAME), "invariants", (*GAME.invariants, past_turn_one))
    report = explore(GAME, GAME.default_rules, GAME.exploration_starts(GAME.default_rules, 1),
                     max_depth=8, max_states=10**7, deadline=Deadline(2.0))
    assert not report.complete and report.stopped.startswith("stopped by --timeout after 2 s")
    assert any(p.name == "never past turn 1" and len(p.trace.actions) == 1
               for p in report.problems)
    assert report.as_dict()["verdict"] == "unknown" and report.as_dict()["problems"]


def test_check_past_its_limit_fails_with_unknown_rows_and_their_reason(capsys):
    code, out, err = run(capsys, "check", "clubfight", "duel", "--no-proofs", "--timeout",
                         "0.2", "--json")
    assert code == 1, err
    data = json.loads(out)
    assert data["passed"] is False and data["complete"] is False
    assert data["stopped"].startswith("stopped by --timeout after 0.2 s")
    duel = data["games"][1]
    assert duel["complete"] is False and not duel["passed"]
    assert all(row["unknown"].startswith("stopped by --timeout") and not row["passed"]
               for row in duel["rows"])
    code, out, err = run(capsys, "check", "clubfight", "duel", "--no-proofs", "--timeout",
                         "0.2")
    assert code == 1
    assert "unknown  not finished" in out and "NEVER TAKEN" not in out
    assert "all checks pass" not in out and "CHECKS NOT FINISHED (stopped by --timeout" in out


def test_docs_past_its_limit_builds_no_site_and_refuses_a_cut_report(capsys, tmp_path):
    site = tmp_path / "site"
    code, out, err = run(capsys, "docs", "--out", str(site), "--no-proofs", "--timeout", "0.2")
    assert code == 1 and not out
    assert "unknown: the checks stopped by --timeout after 0.2 s" in err
    assert "was not built" in err and not (site / "index.html").exists()
    assert not (site / "check.json").exists()
    code, out, err = run(capsys, "check", "--no-proofs", "--timeout", "0.2", "--json")
    report = tmp_path / "cut.json"
    report.write_text(out)
    code, out, err = run(capsys, "docs", "--out", str(site), "--check-report", str(report))
    assert code == 2 and err.count("\n") == 1 and "cut short" in err
    code, out, err = run(capsys, "docs", "--out", str(site), "--check-report", str(report),
                         "--timeout", "5")
    assert code == 2 and "--timeout" in err


def test_fan_out_begins_no_task_past_the_deadline_and_keeps_what_came_before():
    began: list[int] = []
    deadline = Deadline(2.0, clock=counting_clock())
    results = fan_out(lambda task: began.append(task) or task, range(10), deadline=deadline)
    done = []
    with pytest.raises(TimeUp):
        for value in results:
            done.append(value)
    assert done == began == [0, 1]  # read at 1 and 2 s; at 3 s the limit has passed


def test_fan_out_on_a_pool_stops_waiting_at_the_deadline():
    started = time.monotonic()
    results = fan_out(time.sleep, [0.0, 0.0] + [120.0] * 6, workers=2,
                      deadline=Deadline(4.0))
    done = []
    with pytest.raises(TimeUp):
        for value in results:
            done.append(value)
    # The sleeping workers are ended, not waited for (spawning them takes seconds here).
    assert time.monotonic() - started < 60
    assert done == [None] * len(done) and len(done) <= 2


def test_a_survey_stopped_by_its_limit_keeps_its_deals_for_resume(tmp_path):
    from harness.games.clubfight.survey import run_survey
    from harness.games.clubfight.survey_config import SurveyConfig
    from harness.games.clubfight.survey_file import read_results
    from model.clubfight.rules import DEFAULT_RULES

    config = SurveyConfig(jokers=1, start=0, deals=6, rules=DEFAULT_RULES)
    out = tmp_path / "survey.jsonl"
    # Six readings of the clock: a few deals are done, then the limit passes.
    cut = run_survey(config, out, deadline=Deadline(6.0, clock=counting_clock()))
    assert cut.stopped.startswith("stopped by --timeout after 6 s") and not cut.complete
    assert 0 < len(cut.records) < 6
    kept, _ = read_results(out, config)
    assert kept == cut.records  # what was done is on disk, each deal whole
    whole = run_survey(config, out, resume=True)
    assert whole.complete and len(whole.records) == 6 and whole.computed == 6 - len(kept)
    for number, record in kept.items():
        assert {k: v for k, v in whole.records[number].items() if k != "seconds"} == \
            {k: v for k, v in record.items() if k != "seconds"}


def test_the_survey_command_past_its_limit_says_its_figures_are_of_the_deals_done(
        capsys, tmp_path):
    out = tmp_path / "survey.jsonl"
    summary = tmp_path / "summary.json"
    code, text, err = run(capsys, "clubfight", "survey", "--jokers", "1", "--deals",
                          "1000000", "--out", str(out), "--summary", str(summary),
                          "--timeout", "0.3", "--json")
    assert code == 0, err
    data = json.loads(text)
    assert data["complete"] is False and data["verdict"] == "unknown"
    assert data["reason"].startswith("stopped by --timeout after 0.3 s")
    assert len(out.read_text().splitlines()) == 1 + data["deals"]
    assert not summary.exists()  # a part is never published as a variant's figures
    code, text, err = run(capsys, "clubfight", "survey", "--jokers", "1", "--deals",
                          "1000000", "--out", str(out), "--resume", "--timeout", "0.3")
    assert code == 0
    assert f"of 1,000,000 deals done: every figure below is of those deals only" in text
    assert "--resume continues it" in text


def test_a_screen_stopped_by_its_limit_keeps_its_chunks_for_resume(capsys, tmp_path):
    folder = tmp_path / "screen"
    argv = ["clubfight", "screen", "--jokers", "1", "--start", "40", "--deals", "1000000",
            "--chunk", "5", "--rules", "webapp", "--out", str(folder)]
    code, text, err = run(capsys, *argv, "--timeout", "1", "--json")
    assert code == 0, err
    data = json.loads(text)
    assert data["complete"] is False and data["verdict"] == "unknown"
    assert data["reason"].startswith("stopped by --timeout after 1 s")
    lines = (folder / "progress.jsonl").read_text().splitlines()
    assert len(lines) * 5 == data["deals_done"]
    assert not (folder / "summary.json").exists() and not (folder / "deals.jsonl").exists()
    code, text, err = run(capsys, *argv, "--resume", "--timeout", "1", "--json")
    assert code == 0
    again = json.loads(text)
    assert again["deals_done"] >= data["deals_done"]
    assert (folder / "progress.jsonl").read_text().splitlines()[:len(lines)] == lines


def test_unwinnable_past_its_limit_reports_the_deals_done_and_the_rest_not_reached(capsys):
    code, out, err = run(capsys, "clubfight", "unwinnable", "--jokers", "1", "--count",
                         "100000", "--timeout", "0.3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["verdict"] == "unknown" and data["reason"].startswith("stopped by --timeout")
    assert data["done"] + data["not_reached"] == 100000 and data["not_reached"] > 0
    assert data["won"] + len(data["unwinnable"]) + len(data["undecided"]) == data["done"]


@pytest.mark.parametrize("exact", [False, True], ids=["capped", "exact"])
def test_hunt_past_its_limit_is_unknown_with_its_reason(capsys, exact):
    argv = ["clubfight", "hunt", "--jokers", "1", "--timeout", "0.5", "--json"]
    started = time.monotonic()
    code, out, err = run(capsys, *argv, *(["--exact"] if exact else []))
    assert code == 0, err
    assert time.monotonic() - started < 30  # the default --budget is 60 s
    data = json.loads(out)
    assert data["verdict"] == "unknown" and data["reason"].startswith("stopped by --timeout")
    if exact:
        assert data["final"] is None
    else:
        assert data["exact"] is None


def test_a_screen_stopped_by_its_limit_resumes_to_the_counts_of_a_straight_run(tmp_path):
    from harness.games.clubfight.screen_run import ScreenConfig, run_screen
    from model.clubfight.rules import WEBAPP

    config = ScreenConfig(jokers=1, start=40, deals=30, rules=WEBAPP, rules_name="webapp",
                          chunk=5, stage_two_nodes=200_000)
    cut = run_screen(config, tmp_path / "cut", deadline=Deadline(6.0, clock=counting_clock()))
    assert cut.stopped.startswith("stopped by --timeout after 6 s") and not cut.complete
    assert 0 < cut.chunks_done < 6
    lines = (tmp_path / "cut" / "progress.jsonl").read_text().splitlines()
    assert len(lines) == cut.chunks_done
    whole = run_screen(config, tmp_path / "cut", resume=True)
    assert whole.complete and whole.computed == 30 - 5 * cut.chunks_done
    assert (tmp_path / "cut" / "progress.jsonl").read_text().splitlines()[:len(lines)] == lines
    straight = run_screen(config, tmp_path / "straight")
    assert whole.counts == straight.counts and whole.deals == straight.deals


def test_a_retry_stopped_by_its_limit_keeps_its_retries_and_resumes(tmp_path):
    """--retry-unknown past --timeout: the retries written stand, deals.jsonl stays the
    last whole pass's, and the next retry does only the deals left."""
    from harness.games.clubfight.screen_run import ScreenConfig, retry_unknown, run_screen
    from model.clubfight.rules import PRESETS

    config = ScreenConfig(jokers=2, start=0, deals=120, rules=PRESETS["rulebook"], rules_name="rulebook",
                          widths=(12,), stage_two_nodes=10_000)
    folder = tmp_path / "screen"
    first = run_screen(config, folder)
    unknown = [d["id"] for d in first.deals if d["class"] == "unknown"]
    assert len(unknown) >= 2  # one narrow beam and 10,000 nodes leave a few
    deals_before = (folder / "deals.jsonl").read_bytes()
    cut = retry_unknown(config, folder, 60_000, deadline=Deadline(1.0, clock=counting_clock()))
    assert cut.stopped.startswith("stopped by --timeout after 1 s")
    assert 0 < cut.computed < len(unknown)
    assert (folder / "deals.jsonl").read_bytes() == deals_before
    rest = retry_unknown(config, folder, 60_000)
    assert not rest.stopped and rest.computed == len(unknown) - cut.computed
    retried = [json.loads(line)["id"] for line in
               (folder / "retries.jsonl").read_text().splitlines()]
    assert sorted(retried) == sorted(unknown)
