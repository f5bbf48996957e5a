"""Surveys: Wilson intervals, results independent of workers and of Dask, lossless
resume after a kill, certificates that stop a survey, bad input."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from harness.cli import main
from harness.games.clubfight import survey
from harness import parallel, toolkit
from model.clubfight.rules import DEFAULT_RULES, WEBAPP
from analysis.clubfight.solver import SolveResult
from harness.games.clubfight.survey_file import ReplayFailed, read_results
from harness.games.clubfight.survey_config import SurveyConfig, parse_policies
from harness.games.clubfight.survey import run_survey
from harness.games.clubfight.survey_summary import summarize, wilson


def stable(records: dict) -> dict:
    """The lines without the timings (the only part that may differ between runs)."""
    out = {}
    for number, record in records.items():
        record = dict(record)
        record.pop("seconds")
        if "policies" in record:
            record["policies"] = {name: {k: v for k, v in p.items() if k != "seconds"}
                                  for name, p in record["policies"].items()}
        out[number] = record
    return out


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


CONFIG = SurveyConfig(jokers=1, start=0, deals=8, rules=DEFAULT_RULES,
                      policies=(("greedy", 3),))


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> tuple[Path, dict]:
    """An uninterrupted in-process run of CONFIG."""
    out = tmp_path_factory.mktemp("survey") / "base.jsonl"
    run = run_survey(CONFIG, out, workers=1)
    return out, run.records


# -- the interval ------------------------------------------------------------------------------
@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (5, 10, 0.236593, 0.763407),
    (0, 10, 0.0, 0.277533),
    (10, 10, 0.722467, 1.0),
    (81, 263, 0.255289, 0.366210),
    (9990, 10000, 0.998160, 0.999457),
    (0, 0, 0.0, 1.0),
])
def test_wilson_interval_known_values(successes, trials, low, high):
    """The values are the roots of (p_hat - p)^2 = z^2 p (1 - p) / n, found by bisection."""
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-6)


def test_wilson_counts_unknowns_both_ways(baseline):
    out, records = baseline
    records = dict(records)
    records[0] = dict(records[0], verdict="unknown", moves=[])
    summary = summarize(survey.SurveyRun(CONFIG, records, 0, 1.0, 1))
    assert (summary["wins"], summary["unknown"], summary["deals"]) == (7, 1, 8)
    assert summary["win_rate"] == pytest.approx(7 / 8)
    assert summary["wilson_low"] == pytest.approx(wilson(7, 8)[0], abs=1e-6)
    assert summary["wilson_high"] == pytest.approx(wilson(8, 8)[1], abs=1e-6)


# -- results never depend on the workers -------------------------------------------------------
def test_baseline_file_is_sorted_and_every_deal_once(baseline):
    out, records = baseline
    rows = lines(out)
    assert rows[0] == json.loads(json.dumps(CONFIG.header()))
    assert [r["id"] for r in rows[1:]] == [f"CF1-{n}" for n in range(8)]
    assert all(r["verdict"] == "win" and r["moves"] for r in rows[1:])
    assert [("policies" in r) for r in rows[1:]] == [True] * 3 + [False] * 5


def test_two_workers_give_the_same_results(baseline, tmp_path):
    out = tmp_path / "two.jsonl"
    run = run_survey(CONFIG, out, workers=2, chunk=1)
    assert stable(run.records) == stable(baseline[1])
    assert stable({i: r for i, r in enumerate(lines(out)[1:])}) == \
        stable({i: r for i, r in enumerate(lines(baseline[0])[1:])})


def test_dask_local_cluster_gives_the_same_results(baseline, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        run = run_survey(CONFIG, tmp_path / "dask.jsonl", scheduler=cluster.scheduler_address)
    assert stable(run.records) == stable(baseline[1])


def test_bad_scheduler_address_is_bad_input(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 0.5)
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "1",
                 "--scheduler", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "--scheduler" in err


# -- resume --------------------------------------------------------------------------------------
def test_resume_after_a_kill_mid_line(baseline, tmp_path):
    base, records = baseline
    out = tmp_path / "killed.jsonl"
    data = base.read_bytes()
    # Killed while writing the 5th deal's line: 4 whole deal lines, then half a line.
    ends = [i for i, b in enumerate(data) if b == ord("\n")]
    cut = ends[4] + 1 + (ends[5] - ends[4]) // 2
    out.write_bytes(data[:cut])
    kept, keep = read_results(out, CONFIG)
    assert sorted(kept) == [0, 1, 2, 3] and keep == ends[4] + 1
    run = run_survey(CONFIG, out, resume=True)
    assert run.computed == 4
    assert stable(run.records) == stable(records)
    rows = lines(out)
    assert [r["id"] for r in rows[1:]] == [f"CF1-{n}" for n in range(8)]
    summary = summarize(run)
    assert (summary["deals"], summary["wins"]) == (8, 8)
    assert summary["policies"]["greedy"]["deals"] == 3


def test_resume_of_a_finished_survey_solves_nothing(baseline, tmp_path):
    out = tmp_path / "done.jsonl"
    shutil.copy(baseline[0], out)
    run = run_survey(CONFIG, out, resume=True)
    assert run.computed == 0 and len(run.records) == 8
    assert out.read_bytes() == baseline[0].read_bytes()


def test_resume_with_an_unsorted_file_and_a_torn_header(baseline, tmp_path):
    rows = baseline[0].read_text().splitlines()
    out = tmp_path / "unsorted.jsonl"
    out.write_text("\n".join([rows[0], rows[6], rows[2]]) + "\n")
    run = run_survey(CONFIG, out, resume=True)
    assert run.computed == 6 and stable(run.records) == stable(baseline[1])
    torn = tmp_path / "torn.jsonl"
    torn.write_text(rows[0][:10])
    run = run_survey(CONFIG, torn, resume=True)
    assert run.computed == 8 and stable(run.records) == stable(baseline[1])


def test_resume_via_the_command_counts_each_deal_once(baseline, tmp_path, capsys):
    out = tmp_path / "cmd.jsonl"
    data = baseline[0].read_bytes()
    out.write_bytes(data[: len(data) - 7])  # the last line torn
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "8", "--out", str(out),
                 "--policies", "greedy:3", "--resume", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["deals"], summary["wins"], summary["computed"]) == (8, 8, 1)
    assert summary["policies"]["greedy"]["deals"] == 3
    assert "--resume" not in summary["command"]


# -- certificates --------------------------------------------------------------------------------
def test_a_second_run_on_a_file_being_written_is_refused_and_leaves_it(baseline, tmp_path,
                                                                     capsys):
    """Two surveys with one --out would append to and truncate the file under each
    other: while one holds it, another stops with one line and exit 2, whether it
    would resume the file or start it again, and the file keeps every byte."""
    from harness.files import held_for_writing

    out = tmp_path / "busy.jsonl"
    shutil.copy(baseline[0], out)
    before = out.read_bytes()
    argv = ["clubfight", "survey", "--jokers", "1", "--deals", "8", "--out", str(out),
            "--policies", "greedy:3"]
    with held_for_writing(out, str(out)):  # the run that is writing it
        for extra in ([], ["--resume"]):
            assert main(argv + extra) == 2
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and "another run is writing this file" in err[0], err
            assert str(out) in err[0]
            assert out.read_bytes() == before
    assert main(argv + ["--resume", "--json"]) == 0  # free again: it goes ahead
    assert json.loads(capsys.readouterr().out)["computed"] == 0


def test_a_line_that_does_not_replay_stops_the_survey(monkeypatch, tmp_path, capsys):
    real = survey.solve

    def corrupt(state, rules, **limits):
        result = real(state, rules, **limits)
        if state == survey.State.from_deal(survey.Deal.from_number(1, 2)):
            return SolveResult(result.verdict, result.moves[:-1], result.nodes,
                               result.seconds, rules, result.stats)
        return result

    monkeypatch.setattr(survey, "solve", corrupt)
    config = SurveyConfig(jokers=1, start=0, deals=5, rules=DEFAULT_RULES)
    out = tmp_path / "bad.jsonl"
    with pytest.raises(ReplayFailed, match="CF1-2"):
        run_survey(config, out)
    assert [r["id"] for r in lines(out)[1:]] == ["CF1-0", "CF1-1"]
    # A bad line already in the file stops a resumed survey too.
    rows = out.read_text().splitlines()
    edited = json.loads(rows[2])
    edited["moves"] = edited["moves"][1:]
    out.write_text("\n".join([rows[0], rows[1], json.dumps(edited)]) + "\n")
    monkeypatch.setattr(survey, "solve", real)
    with pytest.raises(ReplayFailed, match="CF1-1: the solver's winning line does not replay"):
        run_survey(config, out, resume=True)
    monkeypatch.setattr(survey, "solve", corrupt)
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "5",
                 "--out", str(tmp_path / "bad2.jsonl")])
    err = capsys.readouterr().err
    assert code == 1 and "CF1-2" in err and "does not replay" in err


# -- the command ---------------------------------------------------------------------------------
def test_survey_command_text_and_summary_file(tmp_path, capsys):
    summary = tmp_path / "summary.json"
    for rules in ("rulebook", "webapp"):
        code = main(["clubfight", "survey", "--jokers", "2", "--deals", "3", "--start", "5",
                     "--rules", rules, "--max-nodes", "100000", "--summary", str(summary)])
        assert code == 0
    text = capsys.readouterr().out
    assert "survey CF2-5 .. CF2-7, rules webapp: 3 deals" in text
    assert "95% Wilson interval" in text
    rows = json.loads(summary.read_text())
    assert [(r["jokers"], r["rules"]) for r in rows] == [(2, "rulebook"), (2, "webapp")]
    keys = {"jokers", "rules", "deals", "start", "wins", "losses", "unknown", "win_rate",
            "wilson_low", "wilson_high", "command"}
    assert all(keys <= set(r) for r in rows)
    assert rows[1]["command"].startswith("ringside clubfight survey --jokers 2 --deals 3 "
                                         "--start 5 --rules webapp --max-nodes 100000")


def test_node_budget_gives_unknown_and_is_reproducible():
    config = SurveyConfig(jokers=2, start=0, deals=6, rules=WEBAPP, max_nodes=2)
    first = run_survey(config).records
    assert stable(first) == stable(run_survey(config).records)
    assert {r["verdict"] for r in first.values()} <= {"win", "unknown"}


def test_policy_results_match_the_play_command(baseline, capsys):
    code = main(["clubfight", "play", "CF1-1", "--policy", "greedy", "--json"])
    assert code == 0
    game = json.loads(capsys.readouterr().out)
    assert game["won"] == baseline[1][1]["policies"]["greedy"]["won"]
    assert game["cards_left"] == baseline[1][1]["policies"]["greedy"]["cards_left"]


def test_parse_policies():
    assert parse_policies("greedy,mc:100", 1000) == (("greedy", 1000), ("mc", 100))
    assert parse_policies("mc:5000", 1000) == (("mc", 1000),)
    assert parse_policies(None, 10) == ()


BAD = [
    (["--jokers", "3", "--deals", "5"], "--jokers: must be 1 or 2"),
    (["--jokers", "1", "--deals", "-1"], "--deals: must be a whole number from 1 to 10000000"),
    (["--jokers", "1", "--deals", "5", "--start", "-3"],
     "--start: must be a whole number from 0 to 2^64-1, not -3"),
    (["--jokers", "1", "--deals", "5", "--start", str(2**64 - 1)], "--start: deal numbers run"),
    (["--jokers", "1", "--deals", "5", "--workers", "0"],
     "--workers: must be a whole number from 1 to 64, not 0"),
    (["--jokers", "1", "--deals", "5", "--workers", "99999999999999999999"],
     "--workers: must be a whole number from 1 to 64, not 99999999999999999999"),
    (["--jokers", "1", "--deals", "5", "--max-nodes", "-5"],
     "--max-nodes: must be a whole number from 1 to 2^63-1, not -5"),
    (["--jokers", "1", "--deals", "5", "--max-nodes", str(2**64)],
     f"--max-nodes: must be a whole number from 1 to 2^63-1, not {2**64}"),
    (["--jokers", "1", "--deals", "5", "--timeout", "0"],
     "--timeout: must be a number of seconds above 0"),
    (["--jokers", "1", "--deals", "5", "--resume"], "--resume needs --out"),
    (["--jokers", "1", "--deals", "5", "--policies", "perfect"], "unknown policy 'perfect'"),
    (["--jokers", "1", "--deals", "5", "--policies", "mc:-2"], "must not be negative"),
    (["--jokers", "1", "--deals", "5", "--policies", "mc:x"], "after the colon"),
    (["--jokers", "1", "--deals", "5", "--rules", "casino"], "unknown ruleset 'casino'"),
    (["--jokers", "one", "--deals", "5"], "--jokers: must be 1 or 2, not 'one'"),
    (["--jokers", "1", "--deals", "5", "--slack", "-1"],
     "--slack: must be a whole number from 0 to 10000000, not -1"),
    (["--jokers", "1", "--deals", "5", "--slack-max-nodes", "0", "--slack", "2"],
     "--slack-max-nodes: must be a whole number from 1 to 2^63-1, not 0"),
    (["--jokers", "1", "--deals", "5", "--slack-max-nodes", "500"],
     "--slack-max-nodes: a slack budget needs --slack N"),
    (["--jokers", "1", "--deals", "5", "--slack-check-limit", "500"],
     "--slack-check-limit: a check limit needs --slack N"),
    (["--jokers", "1", "--deals", "5", "--slack", "2", "--slack-check-limit", "0"],
     "--slack-check-limit: must be a whole number from 1 to 100000000, not 0"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[b[1][:24] for b in BAD])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    code = main(["clubfight", "survey", *argv])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert "\n" not in err and message in err and "Traceback" not in err


def resume_error(tmp_path: Path, text: bytes | None, capsys, *extra) -> str:
    out = tmp_path / "f.jsonl"
    if text is not None:
        out.write_bytes(text)
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "8", "--out", str(out),
                 "--resume", *extra])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "Traceback" not in err
    return err


def test_resume_of_a_garbled_file_is_bad_input(baseline, tmp_path, capsys):
    rows = baseline[0].read_text().splitlines()
    header = json.dumps(json.loads(rows[0])).encode()
    plain = json.dumps(SurveyConfig(jokers=1, start=0, deals=8, rules=DEFAULT_RULES).header())

    def without_policies(line: str) -> str:  # a line of the plain survey (no policies asked)
        record = json.loads(line)
        record.pop("policies", None)
        return json.dumps(record)

    rows = rows[:1] + [without_policies(line) for line in rows[1:]]
    garbled = (plain + "\n" + rows[1] + "\n{not json\n" + rows[3] + "\n").encode()
    assert "line 3: not JSON" in resume_error(tmp_path, garbled, capsys)
    twice = (plain + "\n" + rows[1] + "\n" + rows[1] + "\n").encode()
    assert "CF1-0 appears twice" in resume_error(tmp_path, twice, capsys)
    outside = (plain + "\n" + rows[1].replace('"CF1-0"', '"CF1-99"') + "\n").encode()
    assert "CF1-99 is outside this survey" in resume_error(tmp_path, outside, capsys)
    assert "not a survey results file" in resume_error(tmp_path, b"hello\nworld\n", capsys)
    assert "not a survey results file" in resume_error(tmp_path, b"\xff\xfe\n", capsys)
    # A file of another survey: other rules, other policies.
    assert "different survey" in resume_error(tmp_path, header + b"\n", capsys,
                                              "--rules", "webapp", "--policies", "greedy:3")
    assert "policies" in resume_error(tmp_path, header + b"\n", capsys)


def test_resume_of_an_unreadable_file_is_bad_input(tmp_path, capsys):
    folder = tmp_path / "f.jsonl"
    folder.mkdir()
    assert "is a folder" in resume_error(tmp_path, None, capsys)


@pytest.mark.parametrize("argv", [["clubfight", "--help"], ["clubfight", "survey", "--help"],
                                  ["clubfight", "play", "--help"]])
def test_help_prints(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    assert "usage:" in capsys.readouterr().out


# -- a real kill ---------------------------------------------------------------------------------
def test_a_survey_killed_by_sigkill_resumes_losslessly(tmp_path):
    """SIGKILL the survey process (2 workers) once some lines are written; its workers
    notice and exit; ``--resume`` then finishes with every deal exactly once and the
    same lines as an uninterrupted run."""
    import os
    import signal
    import subprocess
    import sys
    import time

    deals = 40
    config = SurveyConfig(jokers=2, start=300, deals=deals, rules=DEFAULT_RULES,
                          policies=(("greedy", deals),))
    out = tmp_path / "killed.jsonl"
    argv = [sys.executable, "-m", "harness.cli", "clubfight", "survey", "--jokers", "2",
            "--start", "300", "--deals", str(deals), "--policies", f"greedy:{deals}",
            "--workers", "2", "--out", str(out)]
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 6:
            break
        time.sleep(0.02)
    assert process.poll() is None, "the survey finished before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    done_before = out.read_bytes().count(b"\n") - 1
    assert 0 < done_before < deals

    resumed = run_survey(config, out, resume=True, workers=2)
    assert resumed.computed == deals - done_before  # nothing lost, nothing solved twice
    rows = lines(out)
    assert [r["id"] for r in rows[1:]] == [f"CF2-{n}" for n in range(300, 300 + deals)]
    fresh = run_survey(config, tmp_path / "fresh.jsonl", workers=1)
    assert stable(resumed.records) == stable(fresh.records)
    assert summarize(resumed)["policies"]["greedy"]["deals"] == deals


# -- slack ---------------------------------------------------------------------------------------
# the slack part of the survey
from harness.games.clubfight.survey import SlackFailed  # noqa: E402
from harness.games.clubfight.survey_file import check_slack, slack_reason_class  # noqa: E402
from harness.games.clubfight.survey_summary import summarize_slack  # noqa: E402
from analysis.clubfight.limits import DEFAULT_CHECK_LIMIT  # noqa: E402
from model.core.errors import InputError  # noqa: E402

SLACK_ARGV = ["clubfight", "survey", "--jokers", "1", "--deals", "4", "--slack", "3",
              "--slack-max-nodes", "300"]
"""Four deals, the slack of the first three within 300 nodes each (all stop at the budget:
quick, and an unknown is as much a result to write, resume and count as a value)."""


def without_seconds(slack: dict) -> dict:
    return {k: v for k, v in slack.items() if k != "seconds"}


@pytest.fixture(scope="module")
def slack_survey(tmp_path_factory) -> tuple[Path, Path, dict]:
    folder = tmp_path_factory.mktemp("slack")
    out, summary = folder / "s.jsonl", folder / "summary.json"
    assert main(SLACK_ARGV + ["--out", str(out), "--summary", str(summary)]) == 0
    return out, summary, json.loads(summary.read_text())[0]


def test_a_slack_survey_records_the_slack_of_its_first_deals(slack_survey):
    from analysis.clubfight.slack import slack

    out, _, _ = slack_survey
    header, *records = lines(out)
    assert header["survey"]["slack"] == {"deals": 3, "max_nodes": 300,
                                         "check_limit": DEFAULT_CHECK_LIMIT}
    assert [("slack" in r) for r in records] == [True, True, True, False]
    for number, record in enumerate(records[:3]):
        direct = slack(f"CF1-{number}", DEFAULT_RULES, max_nodes=300)
        wanted = without_seconds(direct.as_dict())
        wanted.pop("id")
        if direct.slack is None and direct.lost_with != 13:  # not exact: it says why
            wanted["unknown"] = slack_reason_class(direct.unknown_kind)
            wanted["reason"] = direct.unknown_reason
        assert without_seconds(record["slack"]) == wanted, number
        assert set(record["slack"]) >= {"slack", "won_with", "lost_with", "nodes", "seconds",
                                        "verdicts"}


def test_a_slack_survey_summarizes_the_slack_and_never_folds_in_unknowns(slack_survey):
    out, _, row = slack_survey
    block = row["slack"]
    slacks = [r["slack"] for r in lines(out)[1:] if "slack" in r]
    unknown = [s for s in slacks if s["slack"] is None and s["lost_with"] != 13]
    assert (block["deals"], block["max_nodes"]) == (3, 300)
    assert block["unknown"] == len(unknown) and block["exact"] == 3 - len(unknown)
    assert block["unknown_by_reason"] == {
        name: sum(s["unknown"] == name for s in unknown) for name in ("budget", "check")}
    assert sum(block["distribution"].values()) + block["unwinnable"] == block["exact"]
    assert block["nodes"] == sum(s["nodes"] for s in slacks)
    seconds = sorted(s["seconds"] for s in slacks)
    assert (block["seconds_median"], block["seconds_max"]) == (seconds[1], seconds[2])
    assert block["command"] == row["command"]
    assert "--slack 3 --slack-max-nodes 300" in row["command"]


def test_a_slack_survey_resumes_after_a_kill_and_keeps_the_slack(slack_survey, tmp_path,
                                                                   capsys):
    out, _, _ = slack_survey
    whole = out.read_text().splitlines(keepends=True)
    torn = tmp_path / "s.jsonl"
    torn.write_text("".join(whole[:3]) + whole[3][:40])  # deals 0 and 1, deal 2 cut off
    capsys.readouterr()
    assert main(SLACK_ARGV + ["--out", str(torn), "--resume", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["computed"] == 2 and printed["slack"]["deals"] == 3
    again, first = lines(torn), lines(out)
    assert again[0] == first[0] and len(again) == len(first)
    assert [r["id"] for r in again[1:]] == [r["id"] for r in first[1:]]
    for mine, theirs in zip(again[1:], first[1:]):
        assert mine.get("slack", {}).keys() == theirs.get("slack", {}).keys()
        if "slack" in mine:
            assert without_seconds(mine["slack"]) == without_seconds(theirs["slack"])
    # The kept lines are kept as they were, the slack included.
    assert torn.read_text().splitlines()[1:3] == out.read_text().splitlines()[1:3]
    assert main(SLACK_ARGV + ["--out", str(torn), "--resume"]) == 0  # solves nothing
    text = capsys.readouterr().out
    assert "slack of 3 deals (300 nodes each): " in text and "slack seconds per deal" in text
    # Another slack budget is another survey.
    err = resume_error(tmp_path, out.read_bytes(), capsys, "--slack", "3",
                       "--slack-max-nodes", "301")
    assert "different survey" in err and "slack" in err


def test_an_exact_slack_and_an_unchecked_loss():
    """CF2-4 keeps its win with its first 9 clubs and is proved lost with 8
    (``ringside clubfight slack CF2-4``): slack 4.  With a check limit of one state
    the same loss is not re-derived, so the slack stays unknown, for that reason."""
    exact = SurveyConfig(jokers=2, start=4, deals=1, rules=DEFAULT_RULES, slack_deals=1,
                         slack_max_nodes=20_000)
    run = run_survey(exact)
    found = run.records[4]["slack"]
    assert (found["slack"], found["won_with"], found["lost_with"]) == (4, 9, 8)
    assert "unknown" not in found and "reason" not in found
    block = summarize(run)["slack"]
    assert (block["exact"], block["unknown"], block["distribution"]) == (1, 0, {"4": 1})
    unchecked = SurveyConfig(jokers=2, start=4, deals=1, rules=DEFAULT_RULES, slack_deals=1,
                             slack_max_nodes=20_000, slack_check_limit=1)
    run = run_survey(unchecked)
    found = run.records[4]["slack"]
    assert found["slack"] is None and found["unknown"] == "check"
    assert "certificate" in found["reason"]
    block = summarize(run)["slack"]
    assert (block["exact"], block["unknown"], block["distribution"]) == (0, 1, {})
    assert block["unknown_by_reason"] == {"budget": 0, "check": 1}


@pytest.mark.parametrize(("kind", "written"), [
    ("budget", "budget"), ("check_limit", "check"), ("check_failed", "check"),
])
def test_the_kind_of_an_unknown_slack_has_its_class_in_the_file(kind, written):
    assert slack_reason_class(kind) == written


def test_a_kind_of_unknown_that_slack_never_gives_is_refused():
    with pytest.raises(ValueError, match="not a kind of unknown slack"):
        slack_reason_class("undecided with 9 clubs within the budget")


def _slack(verdicts: list[tuple[int, str, int]], seconds: float = 0.1, **extra) -> dict:
    """A slack record that agrees with itself, from its verdicts (clubs, verdict, nodes)."""
    wins = [c for c, v, _ in verdicts if v == "win"]
    losses = [c for c, v, _ in verdicts if v == "loss"]
    won = min(wins) if wins else None
    lost = max(losses) if losses else (0 if won == 1 else None)
    exact = lost is not None and (lost == 13 if won is None else won == lost + 1)
    record = {"slack": 13 - won if exact and won else None, "won_with": won, "lost_with": lost,
              "nodes": sum(n for _, _, n in verdicts), "seconds": seconds,
              "verdicts": [{"clubs": c, "verdict": v, "nodes": n} for c, v, n in verdicts]}
    return {**record, **extra}


def _won_down_to(clubs: int, last: str, **extra) -> dict:
    return _slack([(c, "win", 5) for c in range(13, clubs - 1, -1)]
                  + ([(clubs - 1, last, 7)] if clubs > 1 else []), **extra)


def test_summarize_slack_counts_values_unwinnable_and_unknowns_apart():
    config = SurveyConfig(jokers=1, start=0, deals=100, rules=DEFAULT_RULES, slack_deals=100,
                          slack_max_nodes=1000)
    slacks = ([_won_down_to(13, "loss")] * 10 + [_won_down_to(10, "loss")] * 80
              + [_won_down_to(1, "loss")] * 5 + [_slack([(13, "loss", 9)])]
              + [_won_down_to(9, "unknown", unknown="budget", reason="budget spent")] * 3
              + [_won_down_to(11, "unknown", unknown="check", reason="loss not checked")])
    rows = []
    for number, record in enumerate(slacks):
        record = dict(record, seconds=float(number + 1))
        check_slack(record, f"CF1-{number}", "test")  # each one reads right
        rows.append({"id": f"CF1-{number}", "slack": record})
    block = summarize_slack(rows, config, "the command")
    assert block["distribution"] == {"0": 10, "3": 80, "12": 5}
    assert (block["exact"], block["unwinnable"], block["unknown"]) == (96, 1, 4)
    assert block["unknown_by_reason"] == {"budget": 3, "check": 1}
    assert block["unwinnable_ids"] == ["CF1-95"]
    assert (block["seconds_median"], block["seconds_p99"], block["seconds_max"]) == \
        (51.0, 99.0, 100.0)
    assert (block["max_nodes"], block["command"]) == (1000, "the command")


GOOD_SLACK = _won_down_to(9, "loss")  # slack 4: won with 9 clubs, lost with 8
BROKEN_SLACK = [
    ({"slack": 5}, "'slack'"),
    ({"slack": None}, "'slack'"),
    ({"slack": True}, "'slack'"),
    ({"slack": 13}, "'slack'"),
    ({"won_with": 10}, "'won_with'"),
    ({"lost_with": 7}, "'lost_with'"),
    ({"nodes": GOOD_SLACK["nodes"] + 1}, "'nodes'"),
    ({"nodes": -1}, "'nodes'"),
    ({"seconds": -1}, "'seconds'"),
    ({"seconds": "fast"}, "'seconds'"),
    ({"verdicts": []}, "'verdicts'"),
    ({"verdicts": [{"clubs": 14, "verdict": "win", "nodes": 1}]}, "'verdicts'"),
    ({"verdicts": GOOD_SLACK["verdicts"] + [{"clubs": 13, "verdict": "win", "nodes": 0}]},
     "'verdicts'"),
    ({"verdicts": [{"clubs": 8, "verdict": "win", "nodes": 5},
                   {"clubs": 9, "verdict": "loss", "nodes": 5}]}, "'verdicts'"),
    ({"unknown": "budget"}, "unknown or reason"),
    ({"extra": 1}, "'extra'"),
]


def _slack_file(tmp_path: Path, slack) -> tuple[Path, SurveyConfig]:
    """A file of a two-deal survey with slack for deal 0 (holding ``slack``); deal 1 without."""
    config = SurveyConfig(jokers=1, start=0, deals=2, rules=DEFAULT_RULES, slack_deals=1)
    record = {"id": "CF1-0", "verdict": "win", "nodes": 12, "seconds": 0.01,
              "moves": [{"club": "2", "action": "line", "cleared": [3, 4, 5], "line": "row 2"}]}
    if slack is not None:
        record["slack"] = slack
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(config.header()) + "\n" + json.dumps(record) + "\n")
    return path, config


def test_a_good_slack_field_reads(tmp_path):
    for good in (GOOD_SLACK, _slack([(13, "loss", 3)]), _won_down_to(1, "loss"),
                 _won_down_to(5, "unknown", unknown="budget", reason="budget spent")):
        path, config = _slack_file(tmp_path, good)
        assert read_results(path, config)[0][0]["slack"] == good


@pytest.mark.parametrize(("change", "field"), BROKEN_SLACK,
                         ids=[f"{sorted(c)[0]}={str(c[sorted(c)[0]])[:12]}"
                              for c, _ in BROKEN_SLACK])
def test_a_broken_slack_field_is_bad_input_naming_the_deal_and_field(tmp_path, change, field):
    path, config = _slack_file(tmp_path, {**GOOD_SLACK, **change})
    with pytest.raises(InputError) as caught:
        read_results(path, config)
    message = str(caught.value)
    assert "CF1-0" in message and field in message and "line 2" in message
    assert "\n" not in message


def test_a_slack_field_missing_or_where_none_was_asked_is_bad_input(tmp_path):
    path, config = _slack_file(tmp_path, None)
    with pytest.raises(InputError, match="CF1-0: slack field is missing"):
        read_results(path, config)
    path, config = _slack_file(tmp_path, "4")
    with pytest.raises(InputError, match="CF1-0: the slack field must be an object"):
        read_results(path, config)
    unknown = {k: v for k, v in _won_down_to(5, "unknown").items()}
    path, config = _slack_file(tmp_path, unknown)
    with pytest.raises(InputError, match="CF1-0: slack field 'unknown' must say why"):
        read_results(path, config)
    path, config = _slack_file(tmp_path, {**unknown, "unknown": "budget"})
    with pytest.raises(InputError, match="CF1-0: slack field 'reason'"):
        read_results(path, config)
    plain = SurveyConfig(jokers=1, start=0, deals=2, rules=DEFAULT_RULES)
    path, _ = _slack_file(tmp_path, GOOD_SLACK)
    path.write_text(json.dumps(plain.header()) + "\n" + path.read_text().splitlines()[1] + "\n")
    with pytest.raises(InputError, match="CF1-0: slack field is there"):
        read_results(path, plain)


def test_a_broken_slack_field_stops_a_resume_with_exit_2(tmp_path, capsys):
    path, _ = _slack_file(tmp_path, {**GOOD_SLACK, "won_with": 10})
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "2", "--slack", "1",
                 "--out", str(path), "--resume"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "Traceback" not in err
    assert "CF1-0" in err and "'won_with'" in err


def test_a_failed_slack_computation_stops_the_survey(monkeypatch, tmp_path, capsys):
    """A checker that refutes a solver's loss is a bug: the survey stops, with the deal
    named, and writes no line without its slack."""
    import analysis.clubfight.slack as slack_module

    def refuted(*args, **kwargs):
        raise RuntimeError("the loss with 8 clubs is refuted by the checker: not lost")

    monkeypatch.setattr(slack_module, "slack", refuted)
    config = SurveyConfig(jokers=1, start=0, deals=2, rules=DEFAULT_RULES, slack_deals=1)
    with pytest.raises(SlackFailed, match="CF1-0: the slack computation failed: the loss"):
        run_survey(config)
    out = tmp_path / "s.jsonl"
    code = main(["clubfight", "survey", "--jokers", "1", "--deals", "2", "--slack", "1",
                 "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 1 and "\n" not in err and "Traceback" not in err
    assert "survey stopped: CF1-0: the slack computation failed" in err and "refuted" in err
    assert len(lines(out)) == 1  # the header alone


def test_the_header_of_a_survey_without_slack_is_unchanged():
    """The committed results files were written before slack: they still resume."""
    results = Path(__file__).resolve().parents[1] / "results" / "clubfight"
    with open(results / "cf1-rulebook.jsonl", encoding="utf-8") as handle:
        header = json.loads(handle.readline())
    config = SurveyConfig(jokers=1, start=0, deals=10000, rules=DEFAULT_RULES, max_nodes=5_000_000,
                          policies=(("greedy", 10000), ("mc", 1000)), seed=0)
    assert header == config.header()
    assert "slack" not in SurveyConfig(jokers=1, start=0, deals=3, rules=DEFAULT_RULES,
                                       slack_deals=0).header()["survey"]


def test_the_check_limit_of_a_slack_survey_is_the_one_asked_for(tmp_path):
    # CF1-4 is lost with 8 clubs by a proof of 5,479 refuted states: above a limit of 100,
    # so its slack stays unknown for want of a check, and the file and command say so.
    out, summary = tmp_path / "s.jsonl", tmp_path / "summary.json"
    argv = ["clubfight", "survey", "--jokers", "1", "--start", "4", "--deals", "1",
            "--slack", "1", "--slack-check-limit", "100", "--out", str(out),
            "--summary", str(summary)]
    assert main(argv) == 0
    header, record = lines(out)
    assert header["survey"]["slack"]["check_limit"] == 100
    assert record["slack"]["slack"] is None and record["slack"]["unknown"] == "check"
    assert "limit 100" in record["slack"]["reason"]
    row = json.loads(summary.read_text())[0]
    assert "--slack-check-limit 100" in row["command"]
    assert row["slack"]["check_limit"] == 100 and row["slack"]["unknown_by_reason"]["check"] == 1


def test_a_slack_survey_may_re_derive_only_a_sample_of_its_losses(tmp_path, capsys):
    # With a check limit of 100 states, a re-derived loss of CF1-4 (5,479 states) or of
    # CF1-5 leaves its slack unknown; with every 2nd deal checked, CF1-5's loss is the
    # solver's, taken as it is and marked so.
    out, summary = tmp_path / "s.jsonl", tmp_path / "summary.json"
    argv = ["clubfight", "survey", "--jokers", "1", "--start", "4", "--deals", "2",
            "--slack", "2", "--slack-check-limit", "100", "--slack-check-every", "2",
            "--out", str(out)]
    assert main(argv + ["--summary", str(summary)]) == 0
    header, checked, taken = lines(out)
    assert header["survey"]["slack"]["check_every"] == 2
    assert checked["slack"]["unknown"] == "check" and "checked" not in checked["slack"]
    from analysis.clubfight.slack import slack

    direct = without_seconds(slack("CF1-5", DEFAULT_RULES, check=False).as_dict())
    direct.pop("id")
    assert without_seconds(taken["slack"]) == {**direct, "checked": False}
    assert direct["slack"] is not None
    assert taken["slack"]["verdicts"][-1]["verdict"] == "loss"
    row = json.loads(summary.read_text())[0]
    assert "--slack-check-every 2" in row["command"]
    assert (row["slack"]["check_every"], row["slack"]["unchecked"]) == (2, 1)
    # The sample (CF1-4) stopped on the check limit, the rest (CF1-5) did not: apart.
    assert row["slack"]["sampled"] == {"deals": 1, "exact": 0}
    assert row["slack"]["unsampled"] == {"deals": 1, "exact": 1}
    capsys.readouterr()
    assert main(argv + ["--resume"]) == 0  # the file reads back: nothing to compute
    text = capsys.readouterr().out
    assert "multiples of 2; 1 slack takes the solver's loss" in text
    assert "exact: 0 of the 1 sampled, 1 of the other 1" in text
    marked = out.read_text().replace('"checked":false', '"checked":true')
    out.write_text(marked)
    assert main(argv + ["--resume"]) == 2
    assert "CF1-5: slack field 'checked'" in capsys.readouterr().err
    # Another sample is another survey; a sample needs slacks to take it from.
    out.write_text(marked.replace('"checked":true', '"checked":false'))
    other = [("3" if part == "2" and argv[i - 1] == "--slack-check-every" else part)
             for i, part in enumerate(argv)]
    assert main(other + ["--resume"]) == 2
    assert "different survey" in capsys.readouterr().err
    for bad in (["--slack-check-every", "0"], ["--slack", "0", "--slack-check-every", "2"]):
        assert main(["clubfight", "survey", "--jokers", "1", "--deals", "1", *bad]) == 2
    assert "check sample needs --slack" in capsys.readouterr().err


# -- raising the slack limits of a survey done (--reuse) -------------------------------------------
def _slack_stable(records: dict) -> dict:
    return {number: {**record, "slack": without_seconds(record["slack"])}
                    if "slack" in record else record
            for number, record in stable(records).items()}


def test_reusing_a_survey_computes_only_the_slacks_its_limits_left_unknown(tmp_path):
    """A survey with a larger slack budget that reuses one with a smaller budget
    writes the lines a survey from scratch writes (but for the seconds), and
    computes only the deals whose slack the smaller budget left unknown."""
    def config(budget: int) -> SurveyConfig:
        return SurveyConfig(jokers=1, start=0, deals=6, rules=WEBAPP, rules_name="webapp",
                            slack_deals=6, slack_max_nodes=budget)

    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    before = run_survey(config(5_000), small)
    kept = small.read_bytes()
    stale = {n for n, r in before.records.items() if r["slack"].get("unknown") == "budget"}
    assert stale and len(stale) < 6  # some deals settled, some left to the larger budget
    again = run_survey(config(20_000), large, reuse=small)
    assert again.computed == len(stale)
    for number in set(before.records) - stale:
        assert again.records[number] == before.records[number]  # taken as they were
    assert any(again.records[n]["slack"]["slack"] is not None for n in stale)
    scratch = run_survey(config(20_000))
    assert _slack_stable(again.records) == _slack_stable(scratch.records)
    header, *records = lines(large)
    assert header == config(20_000).header()
    assert [r["id"] for r in records] == [f"CF1-{n}" for n in range(6)]
    assert small.read_bytes() == kept


def test_a_longer_survey_estimates_the_time_left_only_once_the_deals_computed_again_are_done(
        tmp_path):
    """Off a terminal, a survey that reuses a shorter one computes first the deals
    that file left unknown, the slowest: its progress lines give no time left
    while those run, then measure the pace over the new deals alone."""
    import io

    def config(deals: int, budget: int) -> SurveyConfig:
        return SurveyConfig(jokers=1, start=0, deals=deals, rules=WEBAPP, rules_name="webapp",
                            slack_deals=deals, slack_max_nodes=budget)

    small = tmp_path / "small.jsonl"
    before = run_survey(config(6, 5_000), small)
    stale = {n for n, r in before.records.items() if r["slack"].get("unknown") == "budget"}
    assert stale and len(stale) < 6
    large = tmp_path / "large.jsonl"
    now = [0.0]

    def clock() -> float:
        """100 s a reading while a stale deal has no line in the file, then 1 s."""
        lines = large.read_text().splitlines()[1:] if large.exists() else []
        written = {json.loads(line)["id"] for line in lines}
        now[0] += 1 if {f"CF1-{n}" for n in stale} <= written else 100
        return now[0]

    stream = io.StringIO()
    progress = toolkit.Progress(unit="deal", stream=stream, every=0.5, clock=clock)
    again = run_survey(config(10, 20_000), large, reuse=small, progress=progress)
    assert again.computed == len(stale) + 4
    lines = stream.getvalue().splitlines()
    waiting = [line for line in lines if "did not settle still to compute again" in line]
    after = lines[len(waiting):]
    assert waiting and after and lines[:len(waiting)] == waiting
    assert not any(" left" in line for line in waiting), waiting
    assert " left; " in after[-1], after
    # The pace of the new deals alone (a second each), not of the slow ones before.
    assert "10 of 10 deals, 3,600 an hour, about 0 s left; " in after[-1], after


def test_reusing_a_survey_over_other_deals_takes_the_lines_both_write_alike(tmp_path):
    """A longer survey reuses a shorter one: it takes the deals both cover whose
    lines it writes alike, computes the rest (a deal with a slack there and none
    here among them), and writes what a survey from scratch writes."""
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    first = SurveyConfig(jokers=1, start=0, deals=4, rules=WEBAPP, rules_name="webapp",
                         slack_deals=4, slack_max_nodes=20_000)
    before = run_survey(first, old)
    longer = replace(first, start=2, deals=4, slack_deals=1)  # CF1-2..5, slack of CF1-2
    again = run_survey(longer, new, reuse=old)
    assert again.computed == 3  # CF1-3 (a slack there, none here), CF1-4, CF1-5
    assert again.records[2] == before.records[2]
    assert "slack" not in again.records[3]
    assert _slack_stable(again.records) == _slack_stable(run_survey(longer).records)
    header, *records = lines(new)
    assert header == longer.header()
    assert sorted(r["id"] for r in records) == [f"CF1-{n}" for n in range(2, 6)]


def test_reusing_a_survey_with_another_check_sample_keeps_only_what_this_one_checks(tmp_path):
    """A survey that re-derives every loss computes again the slacks an earlier
    one took from the solver unchecked; one that samples keeps the re-derived
    losses of an earlier survey that checked them all (more than it asks)."""
    sampled, every, again = (tmp_path / f"{name}.jsonl" for name in ("sampled", "every", "again"))
    config = SurveyConfig(jokers=1, start=0, deals=6, rules=WEBAPP, rules_name="webapp",
                          slack_deals=6, slack_max_nodes=20_000, slack_check_every=3)
    first = run_survey(config, sampled)
    unchecked = {n for n, r in first.records.items() if r["slack"].get("checked") is False}
    assert unchecked and all(n % 3 for n in unchecked)
    checked_all = replace(config, slack_check_every=1)
    second = run_survey(checked_all, every, reuse=sampled)
    assert second.computed == len(unchecked)
    assert _slack_stable(second.records) == _slack_stable(run_survey(checked_all).records)
    third = run_survey(config, again, reuse=every)
    assert third.computed == 0  # every line re-derived is more than a sample asks
    assert all("checked" not in r["slack"] for r in third.records.values())
    assert lines(again)[0] == config.header()


def test_reusing_a_survey_computes_again_the_check_unknowns_a_sample_takes_unchecked(tmp_path):
    """A loss the check could not settle (its certificate over the limit) is
    kept only where the new sample re-derives it too; elsewhere the new survey
    takes the solver's loss, as one from scratch would."""
    strict, sampled = tmp_path / "strict.jsonl", tmp_path / "sampled.jsonl"
    every = SurveyConfig(jokers=1, start=0, deals=6, rules=WEBAPP, rules_name="webapp",
                         slack_deals=6, slack_max_nodes=20_000, slack_check_limit=1)
    first = run_survey(every, strict)
    over = {n for n, r in first.records.items() if r["slack"].get("unknown") == "check"}
    assert {n % 2 for n in over} == {0, 1}  # both kinds of deal below
    half = replace(every, slack_check_every=2)
    second = run_survey(half, sampled, reuse=strict)
    assert second.computed == sum(n % 2 for n in over)
    assert all(second.records[n] == first.records[n] for n in over if n % 2 == 0)
    assert _slack_stable(second.records) == _slack_stable(run_survey(half).records)


@pytest.mark.parametrize(("old", "new", "message"), [
    (["--slack-max-nodes", "2000"], ["--slack-max-nodes", "1000"],
     "its slack max_nodes is 2000, more than this survey's 1000"),
    (["--slack-max-nodes", "1000"], ["--slack-max-nodes", "2000", "--rules", "webapp"],
     "is another survey (rules 'rulebook' there, 'webapp' here); only the range, the slack "
     "limits and the check sample may differ"),
    (["--max-nodes", "1000"], ["--max-nodes", "2000"],
     "is another survey (max_nodes 1000 there, 2000 here); only the range, the slack limits "
     "and the check sample may differ"),
])
def test_reusing_another_survey_is_bad_input(tmp_path, capsys, old, new, message):
    base = ["clubfight", "survey", "--jokers", "1", "--deals", "2", "--slack", "2"]
    first = tmp_path / "first.jsonl"
    assert main(base + old + ["--out", str(first)]) == 0
    kept = first.read_bytes()
    capsys.readouterr()
    second = tmp_path / "second.jsonl"
    assert main(base + new + ["--out", str(second), "--reuse", str(first)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"ringside: error: {first}: {message}") and "\n" not in err
    assert not second.exists() and first.read_bytes() == kept


def test_reusing_the_output_file_itself_is_bad_input(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    argv = ["clubfight", "survey", "--jokers", "1", "--deals", "2", "--slack", "2",
            "--out", str(out)]
    assert main(argv) == 0
    kept = out.read_bytes()
    capsys.readouterr()
    assert main(argv + ["--reuse", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        "ringside: error: --reuse: must name another file than --out (the reused file is "
        "only read)")
    assert out.read_bytes() == kept
