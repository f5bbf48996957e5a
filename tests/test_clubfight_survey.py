"""Surveys: Wilson intervals, results independent of workers and of Dask, lossless
resume after a kill, certificates that stop a survey, bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.cli import main
from harness.games.clubfight import survey
from harness import toolkit
from model.clubfight.rules import RULEBOOK, WEBAPP
from model.clubfight.solver import SolveResult
from harness.games.clubfight.survey import (
    ReplayFailed, SurveyConfig, parse_policies, read_results, run_survey, summarize, wilson,
)


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


CONFIG = SurveyConfig(jokers=1, start=0, deals=8, rules=RULEBOOK,
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
    monkeypatch.setattr(toolkit, "CONNECT_TIMEOUT", 0.5)
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
def test_a_line_that_does_not_replay_stops_the_survey(monkeypatch, tmp_path, capsys):
    real = survey.solve

    def corrupt(state, rules, **limits):
        result = real(state, rules, **limits)
        if state == survey.State.from_deal(survey.Deal.from_number(1, 2)):
            return SolveResult(result.verdict, result.moves[:-1], result.nodes,
                               result.seconds, rules, result.stats)
        return result

    monkeypatch.setattr(survey, "solve", corrupt)
    config = SurveyConfig(jokers=1, start=0, deals=5, rules=RULEBOOK)
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
    plain = json.dumps(SurveyConfig(jokers=1, start=0, deals=8, rules=RULEBOOK).header())

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
    config = SurveyConfig(jokers=2, start=300, deals=deals, rules=RULEBOOK,
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
