"""The screen: compiled deals and beam against Python's, classes against the slack surveys,
resume after SIGKILL, a Dask cluster of separate processes, bad input, --json."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from analysis.clubfight import screen
from analysis.clubfight.screen import (
    CLASSES, ScreenTask, beam_score, screen_chunk, slack_class, stage_one,
)
from analysis.clubfight.slack import SlackResult, slack
from harness.cli import main
from harness.games.clubfight.screen_run import (
    ScreenConfig, read_progress, retry_unknown, run_screen,
)
from model.clubfight.deals import Deal
from model.clubfight.rules import DEFAULT_RULES, PRESETS, WEBAPP
from model.core.errors import InputError

RESULTS = Path(__file__).resolve().parents[1] / "results" / "clubfight"
needs_native = pytest.mark.skipif(not screen.native_available(),
                                  reason="the compiled search does not build here")


def survey_classes(name: str, numbers: range) -> dict[int, str]:
    """The screen's class of each deal of a slack survey's file, where the file settles it."""
    out = {}
    for line in (RESULTS / name).read_text().splitlines()[1:]:
        record = json.loads(line)
        number = int(record["id"].split("-")[1])
        if number not in numbers:
            continue
        block = record["slack"]
        if block["slack"] is not None:
            out[number] = "2+" if block["slack"] >= 2 else str(block["slack"])
        elif block["won_with"] is not None and block["won_with"] <= 11:
            out[number] = "2+"  # an unknown slack, but won with 11 clubs: 2 or more
        elif block["won_with"] is None and block["lost_with"] == 13:
            out[number] = "unwinnable"
    return out


def stable(summary: dict) -> dict:
    """A summary without what depends on the run (its timing, its command)."""
    return {k: v for k, v in summary.items()
            if k not in ("computed", "wall_seconds", "deals_per_second", "command")}


# -- the compiled parts against the Python ones ------------------------------------------------
@needs_native
def test_the_compiled_deals_are_ringsides_deals():
    from analysis.clubfight._screen_native import deal_native

    numbers = list(range(0, 1500, 3)) + [2**64 - 1, 2**63, 2**32 + 7, 12345678901234567]
    for jokers in (1, 2):
        for number in numbers:
            deal = Deal.from_number(jokers, number)
            values, suits, clubs = deal_native(jokers, number)
            assert values == [card.value for card in deal.grid_deck], (jokers, number)
            assert suits == [card.suit_order for card in deal.grid_deck], (jokers, number)
            assert clubs == list(deal.clubs), (jokers, number)


@needs_native
@pytest.mark.parametrize(("jokers", "rules"), [(1, "rulebook"), (2, "rulebook"),
                                               (1, "webapp"), (2, "webapp")])
def test_the_compiled_beam_is_the_python_beam(jokers, rules):
    """Same wins, same lines, same node counts (narrow beams, to keep Python quick)."""
    native = stage_one(jokers, 7000, 5, PRESETS[rules], (2, 5), engine="native")
    python = stage_one(jokers, 7000, 5, PRESETS[rules], (2, 5), engine="python")
    assert native == python
    assert any(won for won, _, _ in native) and all(nodes > 0 for _, nodes, _ in native)


def test_the_beam_score_counts_the_jokers_only_where_they_are_hard_to_clear():
    clears = [0, 3, 5, 1, 9, 2, 2, 2, 2, 2, 2, 2, 2, 4]
    hand = 1 << 1 | 1 << 2 | 1 << 13
    assert beam_score(clears, 10, 1, hand, False) == 20 + 5 + 4
    assert beam_score(clears, 10, 1, hand, True) == 20 + 5 + 4 + 2
    assert beam_score(clears, 10, 0, 1 << 4, True) == 20 + 9
    assert beam_score([9] * 14, 50, 2, (1 << 14) - 2, True) < screen.SCORE_LIMIT


# -- the classes ---------------------------------------------------------------------------------
def test_slack_class_reads_every_kind_of_slack():
    def result(slack_value, won, lost, kind=None):
        return SlackResult(slack_value, won, lost, 1, 0.0, [], unknown_kind=kind)

    assert slack_class(result(None, 11, None, "floor")) == "2+"
    assert slack_class(result(None, 10, None, "budget")) == "2+"
    assert slack_class(result(1, 12, 11)) == "1"
    assert slack_class(result(0, 13, 12)) == "0"
    assert slack_class(result(None, None, 13)) == "unwinnable"
    assert slack_class(result(None, 12, None, "check_limit")) == "unknown"
    assert slack_class(result(None, None, None, "budget")) == "unknown"


def test_slack_stops_at_lowest_with_a_bound_not_a_guess():
    stopped = slack("CF1-0", WEBAPP, first=11, lowest=11)
    assert (stopped.slack, stopped.won_with, stopped.lost_with) == (None, 11, None)
    assert stopped.unknown_kind == "floor" and "at least 2" in stopped.unknown_reason
    assert [v.clubs for v in stopped.verdicts] == [11]
    with pytest.raises(ValueError):
        slack("CF1-0", WEBAPP, lowest=0)


@needs_native
@pytest.mark.parametrize(("jokers", "rules", "survey"), [
    (1, "webapp", "slack-cf1-webapp-10k.jsonl"), (2, "webapp", "slack-cf2-webapp-10k.jsonl")])
def test_the_screen_agrees_with_the_slack_survey(jokers, rules, survey):
    """Deals 0..299: every class the survey settles is the screen's, and the screen
    settles every deal (stage two's budget is far above what these need).  One narrow
    beam, so that stage two sees some deals; the default beams give the same classes."""
    numbers = range(0, 300)
    out = screen_chunk(ScreenTask(jokers, 0, 300, PRESETS[rules], widths=(12,),
                                  stage_two_nodes=500_000, replay_every=7))
    assert "failed" not in out
    counts = out["counts"]
    listed = {int(d["id"].split("-")[1]): d["class"] for d in out["deals"]}
    classes = {n: listed.get(n, "2+") for n in numbers}
    wanted = survey_classes(survey, numbers)
    assert len(wanted) == 300 and classes == wanted
    assert counts["classes"] == {name: sum(c == name for c in wanted.values())
                                 for name in CLASSES}
    one = counts["stage_one"]
    assert one["won"] + one["passed"] == 300 and one["passed"] == counts["stage_two"]["deals"]
    assert sum(one["won_by_width"].values()) == one["won"]
    won = [n for n, (w, _, _) in enumerate(stage_one(jokers, 0, 300, PRESETS[rules], (12,)))
           if w]
    assert 0 < one["passed"] < 60 and one["replayed"] == sum(n % 7 == 0 for n in won)
    cascade = screen_chunk(ScreenTask(jokers, 0, 300, PRESETS[rules], stage_two_nodes=500_000))
    assert cascade["counts"]["classes"] == counts["classes"]
    assert cascade["counts"]["stage_one"]["passed"] < one["passed"]


def test_stage_two_writes_a_line_for_every_deal_it_does_not_settle_as_2_or_more(monkeypatch):
    """A budget too small for stage two: the passed deals become unknowns, each with its line."""
    monkeypatch.setattr(screen, "stage_one",
                        lambda jokers, first, count, *rest: [(0, 3, [])] * count)
    out = screen_chunk(ScreenTask(1, 5, 3, WEBAPP, stage_two_nodes=1))
    counts = out["counts"]
    assert counts["classes"]["unknown"] == 3 == counts["stage_two"]["unknown_by_reason"]["budget"]
    assert [d["id"] for d in out["deals"]] == ["CF1-5", "CF1-6", "CF1-7"]
    assert all(d["class"] == "unknown" and d["slack"]["unknown"] == "budget"
               and d["stage_one_nodes"] == 3 for d in out["deals"])


def test_a_win_that_does_not_replay_fails_the_chunk(monkeypatch):
    monkeypatch.setattr(screen, "stage_one",
                        lambda jokers, first, count, *rest: [(1, 5, [(1, 1)])] * count)
    out = screen_chunk(ScreenTask(1, 100, 2, DEFAULT_RULES, replay_every=1))
    assert out["failed"].startswith("CF1-100: stage one's win does not replay")


# -- the folder --------------------------------------------------------------------------------
CONFIG = ScreenConfig(jokers=1, start=40, deals=120, rules=WEBAPP, rules_name="webapp",
                      chunk=20, stage_two_nodes=200_000)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    folder = tmp_path_factory.mktemp("screen") / "base"
    code = main(["clubfight", "screen", "--jokers", "1", "--start", "40", "--deals", "120",
                 "--rules", "webapp", "--chunk", "20", "--stage-two-nodes", "200000",
                 "--out", str(folder), "--json"])
    assert code == 0
    return folder


def test_json_output_and_the_files(baseline, capsys):
    summary = json.loads((baseline / "summary.json").read_text())
    assert summary["complete"] and summary["deals_done"] == 120
    assert sum(summary["classes"].values()) == 120
    assert summary["stage_one"]["won"] + summary["stage_one"]["passed"] == 120
    assert summary["screen"]["chunk"] == 20 and summary["unwinnable_wilson"][0] == 0.0
    assert "--stage-two-nodes 200000" in summary["command"]
    assert len((baseline / "progress.jsonl").read_text().splitlines()) == 6
    deals = (baseline / "deals.jsonl").read_text().splitlines()
    assert len(deals) == 120 - summary["classes"]["2+"]
    code = main(["clubfight", "screen", "--jokers", "1", "--start", "40", "--deals", "120",
                 "--rules", "webapp", "--chunk", "20", "--stage-two-nodes", "200000",
                 "--out", str(baseline), "--resume", "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0 and printed["computed"] == 0 and stable(printed) == stable(summary)


def test_a_screen_killed_by_sigkill_resumes_to_the_same_result(baseline, tmp_path):
    folder = tmp_path / "killed"
    argv = [sys.executable, "-m", "harness.cli", "clubfight", "screen", "--jokers", "1",
            "--start", "40", "--deals", "120", "--rules", "webapp", "--chunk", "20",
            "--stage-two-nodes", "200000", "--out", str(folder)]
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    progress = folder / "progress.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if progress.exists() and progress.read_bytes().count(b"\n") >= 2:
            break
        time.sleep(0.01)
    assert process.poll() is None, "the screen finished before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    with progress.open("ab") as handle:  # as if killed in the middle of a chunk's line
        handle.write(b'{"first":100,"count":20,"cou')
    committed, keep = read_progress(progress, CONFIG)
    assert 2 <= len(committed) < 6 and keep < progress.stat().st_size
    assert not (folder / "summary.json").exists()
    done = subprocess.run(argv + ["--resume", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    resumed = json.loads(done.stdout)
    assert resumed["computed"] == 120 - 20 * len(committed)
    assert stable(resumed) == stable(json.loads((baseline / "summary.json").read_text()))
    assert (folder / "deals.jsonl").read_bytes() == (baseline / "deals.jsonl").read_bytes()


def test_workers_change_nothing_but_the_time(baseline, tmp_path):
    run = run_screen(replace(CONFIG, chunk=30), tmp_path / "pool", workers=2)
    summary = json.loads((baseline / "summary.json").read_text())
    assert run.counts["classes"] == summary["classes"]
    assert run.counts["stage_one"] == summary["stage_one"]


# -- bad input: one line, exit 2 ----------------------------------------------------------------
def _bad(argv, capsys) -> str:
    code = main(["clubfight", "screen", "--jokers", "1", "--deals", "3"] + argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "Traceback" not in err, err
    return err


def test_bad_input_is_one_line_and_exit_2(baseline, tmp_path, capsys):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine\n")
    assert "not a screen's folder" in _bad(["--out", str(other)], capsys)
    assert (other / "notes.txt").read_text() == "mine\n" and len(list(other.iterdir())) == 1
    assert "another screen" in _bad(["--out", str(baseline), "--resume"], capsys)
    assert "--deals" in _bad(["--deals", "0", "--out", str(tmp_path / "a")], capsys)
    assert "--scheduler" in _bad(["--scheduler", "tcp://127.0.0.1:1", "--out",
                                  str(tmp_path / "b")], capsys)
    assert "--widths" in _bad(["--widths", "0", "--out", str(tmp_path / "c")], capsys)
    assert "--widths" in _bad(["--widths", "12,x", "--out", str(tmp_path / "c")], capsys)
    assert "no screen to retry" in _bad(["--retry-unknown", "10", "--out",
                                         str(tmp_path / "a")], capsys)
    for widths in ("0", "1048577", "4,x", "", "none,4", "64,-1"):
        assert "--retry-widths" in _bad(["--retry-unknown", "10", "--retry-widths", widths,
                                         "--out", str(tmp_path / "a")], capsys)
    assert "--retry-widths needs --retry-unknown" in _bad(
        ["--retry-widths", "64", "--out", str(tmp_path / "a")], capsys)
    assert not (tmp_path / "a").exists()
    _bad(["--workers", "2", "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path / "d")],
         capsys)
    broken = tmp_path / "broken"
    assert main(["clubfight", "screen", "--jokers", "1", "--deals", "3", "--chunk", "1",
                 "--out", str(broken)]) == 0
    capsys.readouterr()
    lines = (broken / "progress.jsonl").read_bytes().splitlines(keepends=True)
    (broken / "progress.jsonl").write_bytes(lines[0] + b"{not json\n" + lines[2])
    assert "progress.jsonl, line 2" in _bad(["--chunk", "1", "--out", str(broken),
                                              "--resume"], capsys)


def test_a_folder_of_another_screen_is_started_again_without_resume(baseline, tmp_path):
    folder = tmp_path / "again"
    run_screen(replace(CONFIG, deals=20), folder)
    run = run_screen(replace(CONFIG, start=0, deals=20), folder)
    assert run.computed == 20 and run.complete
    assert json.loads((folder / "screen.json").read_text())["screen"]["start"] == 0
    with pytest.raises(InputError, match="another screen"):
        run_screen(replace(CONFIG, start=5, deals=20), folder, resume=True)
    manifest = json.loads((folder / "screen.json").read_text())
    manifest["screen"]["format"] = 1  # as the first screen wrote it: one beam, other counts
    (folder / "screen.json").write_text(json.dumps(manifest) + "\n")
    with pytest.raises(InputError, match="another version of the screen, format 1"):
        run_screen(replace(CONFIG, start=0, deals=20), folder, resume=True)


def test_retry_unknown_settles_the_unknowns_with_a_larger_budget(tmp_path):
    """A screen with a budget too small for stage two, then --retry-unknown: the
    classes and lines of a screen run with the larger budget from the start;
    resumable, idempotent, and forgotten when the screen starts again."""
    config = replace(CONFIG, start=0, deals=40, widths=(1,), chunk=20, stage_two_nodes=1)
    folder = tmp_path / "retry"
    first = run_screen(config, folder)
    unknown = first.counts["classes"]["unknown"]
    assert unknown == first.counts["stage_one"]["passed"] >= 5
    argv = ["clubfight", "screen", "--jokers", "1", "--start", "0", "--deals", "40",
            "--rules", "webapp", "--widths", "1", "--chunk", "20", "--stage-two-nodes", "1",
            "--out", str(folder), "--json"]
    partial = retry_unknown(config, folder, 200_000)  # then as if killed after two lines
    lines = (folder / "retries.jsonl").read_bytes().splitlines(keepends=True)
    assert len(lines) == unknown == partial.computed
    (folder / "retries.jsonl").write_bytes(b"".join(lines[:2]) + lines[2][:30])
    assert main(argv + ["--retry-unknown", "200000", "--retry-widths", "none"]) == 0
    retried = json.loads((folder / "summary.json").read_text())
    assert retried["computed"] == unknown - 2
    assert not any("beams" in json.loads(line)
                   for line in (folder / "retries.jsonl").read_text().splitlines())
    assert retried["retries"]["beams"] == {"widths": [], "won": 0, "won_by_width": {},
                                           "nodes": 0}
    direct = run_screen(replace(config, stage_two_nodes=200_000), tmp_path / "direct")
    assert retried["classes"] == direct.counts["classes"]
    assert retried["retries"]["deals"] == unknown and retried["retries"]["budgets"] == [200_000]
    assert retried["stage_two"] == first.counts["stage_two"]  # the first pass's, as it ran
    strip = lambda record: {**record, "slack": {k: v for k, v in record["slack"].items()  # noqa
                                               if k != "seconds"}}
    mine = [strip(json.loads(line)) for line in (folder / "deals.jsonl").read_text().splitlines()]
    assert mine == [strip(record) for record in direct.deals]
    again = retry_unknown(config, folder, 200_000)
    assert again.computed == 0 and again.counts["classes"] == direct.counts["classes"]
    resumed = run_screen(config, folder, resume=True)
    assert resumed.counts["classes"] == direct.counts["classes"]
    with pytest.raises(InputError, match="another screen"):
        retry_unknown(replace(config, stage_two_nodes=2), folder, 200_000)
    run_screen(config, folder)  # started again: the retries go with the old results
    assert not (folder / "retries.jsonl").exists()


RETRY_CONFIG = ScreenConfig(jokers=2, start=0, deals=100, rules=PRESETS["rulebook"],
                            rules_name="rulebook", widths=(1,), chunk=50, stage_two_nodes=50)
"""A screen that leaves most deals unknown: one beam of width 1 and 50 nodes a deal."""
RETRY_ARGV = ["clubfight", "screen", "--jokers", "2", "--deals", "100", "--rules", "rulebook",
              "--widths", "1", "--chunk", "50", "--stage-two-nodes", "50"]


def _retries(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "retries.jsonl").read_text().splitlines()]


@needs_native
def test_retry_unknown_tries_wide_beams_first_and_records_the_width(tmp_path, capsys):
    """--retry-widths: stage one's beam at each width in turn settles the deals it wins
    as 2+ (each line says the width, the summary counts them per width); the node
    budget sees only the rest; a later retry runs only the widths and budget not yet
    tried, on the deals still unknown."""
    folder = tmp_path / "beams"
    first = run_screen(RETRY_CONFIG, folder)
    unknown = {d["id"] for d in first.deals if d["class"] == "unknown"}
    assert len(unknown) >= 50
    rules = PRESETS["rulebook"]
    place = {deal_id: stage_one(2, int(deal_id[4:]), 1, rules, (4, 64))[0][:2]
             for deal_id in unknown}
    argv = RETRY_ARGV + ["--out", str(folder), "--retry-unknown", "50"]
    assert main(argv + ["--retry-widths", "4,64", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    lines = _retries(folder)
    assert {line["id"] for line in lines} == unknown and len(lines) == len(unknown)
    for line in lines:
        won, nodes = place[line["id"]]
        assert line["beams"] == {"widths": [4, 64], "won": (4, 64)[won - 1] if won else None,
                                 "nodes": nodes}
        if won:
            assert line["class"] == "2+" and line["settled_by"] == {"beam": (4, 64)[won - 1]}
            assert line["slack"]["won_with"] == 11 and line["slack"]["nodes"] == nodes
        else:  # the budget is the screen's own: no node search ran again
            assert line["class"] == "unknown" and "settled_by" not in line
            assert line["stage_two_nodes"] == 50
    by_width = {str(width): sum(won == index for won, _ in place.values())
                for index, width in ((1, 4), (2, 64))}
    assert all(by_width.values())
    beams = summary["retries"]["beams"]
    assert beams["won_by_width"] == by_width and beams["won"] == sum(by_width.values())
    assert summary["retries"]["budgets"] == []  # the screen's own: no solver ran again
    still = len(unknown) - beams["won"]
    assert summary["classes"]["unknown"] == still == summary["retries"]["classes"]["unknown"]
    assert main(argv + ["--retry-widths", "4,64"]) == 0  # all done already
    text = capsys.readouterr().out
    assert "0 retried now" in text
    assert (f"retried {len(unknown)} unknowns (beams 4, 64 won {beams['won']}: "
            f"{by_width['4']} by 4, {by_width['64']} by 64; the other {still} given no more "
            f"nodes): 2+ {beams['won']}, ") in text

    wider = retry_unknown(RETRY_CONFIG, folder, 50, widths=(4, 64, 256))
    assert wider.computed == still
    added = _retries(folder)[len(lines):]
    for line in added:
        won, nodes, _ = stage_one(2, int(line["id"][4:]), 1, rules, (256,))[0]
        assert line["beams"] == {"widths": [4, 64, 256], "won": 256 if won else None,
                                 "nodes": nodes}
    assert retry_unknown(RETRY_CONFIG, folder, 50, widths=(64, 256)).computed == 0
    left = [line for line in added if line["class"] == "unknown"]
    budget = retry_unknown(RETRY_CONFIG, folder, 3_000, widths=(4, 64, 256))
    assert budget.computed == len(left) >= 1
    for line in _retries(folder)[len(lines) + len(added):]:
        assert line["stage_two_nodes"] == 3_000 and line["beams"]["nodes"] == 0
        assert line.get("settled_by") == (None if line["class"] == "unknown"
                                          else {"nodes": 3_000})
    assert budget.retries["budgets"] == [3_000]
    assert budget.retries["settled_by_nodes"] == sum(
        line["class"] != "unknown" for line in _retries(folder)[len(lines) + len(added):])
    with open(folder / "retries.jsonl", "a") as handle:
        handle.write(json.dumps({**left[0], "beams": {"widths": [4], "won": 64, "nodes": 1}})
                     + "\n")
    with pytest.raises(InputError, match="retries.jsonl, line"):
        retry_unknown(RETRY_CONFIG, folder, 3_000)


@needs_native
def test_the_retrys_beam_in_python_is_the_compiled_one():
    """RINGSIDE_NO_NATIVE=1 runs the retry's beams in Python: the same lines."""
    from analysis.clubfight.screen import RetryTask, retry_deal

    base = RETRY_CONFIG.task(0, 0)
    classes = []
    for number in (0, 10):  # one won by a beam of width 4 or 16, one not
        record = {"id": f"CF2-{number}", "class": "unknown", "stage_one_nodes": 1,
                  "stage_two_nodes": 50, "slack": {"nodes": 50}}
        native = retry_deal(RetryTask(base, record, 50, (4, 16)))
        python = retry_deal(RetryTask(replace(base, engine="python"), record, 50, (4, 16)))
        native["slack"].pop("seconds", None), python["slack"].pop("seconds", None)
        assert native == python
        classes.append(native["class"])
    assert classes == ["2+", "unknown"]


def test_a_retrys_beam_win_that_does_not_replay_stops_the_retry(tmp_path, monkeypatch,
                                                                  capsys):
    folder = tmp_path / "loud"
    run_screen(replace(RETRY_CONFIG, deals=10), folder)
    monkeypatch.setattr(screen, "stage_one",
                        lambda jokers, first, count, *rest: [(1, 5, [(1, 1)])] * count)
    argv = RETRY_ARGV[:5] + ["10"] + RETRY_ARGV[6:]
    assert main(argv + ["--out", str(folder), "--retry-unknown", "50", "--retry-widths",
                        "8"]) == 1
    err = capsys.readouterr().err
    assert "screen stopped: CF2-" in err and "the retry's beam win does not replay" in err
    assert (folder / "retries.jsonl").read_text() == ""


# -- a real Dask cluster: scheduler and worker started as their own processes ---------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_dask_cluster_of_separate_processes_gives_the_same_result(baseline, tmp_path):
    distributed = pytest.importorskip("distributed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                                  "--host", "127.0.0.1", "--port", str(port),
                                  "--dashboard-address", f"127.0.0.1:{_free_port()}"], **quiet)
    workers = []
    try:
        with distributed.Client(address, timeout=20) as client:
            for _ in range(2):
                workers.append(subprocess.Popen(
                    [sys.executable, "-m", "distributed.cli.dask_worker", address,
                     "--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1",
                     "--no-dashboard"], **quiet))
            client.wait_for_workers(2, timeout=30)
        folder = tmp_path / "dask"
        code = main(["clubfight", "screen", "--jokers", "1", "--start", "40", "--deals", "120",
                     "--rules", "webapp", "--chunk", "20", "--stage-two-nodes", "200000",
                     "--scheduler", address, "--out", str(folder)])
        assert code == 0
        summary = json.loads((folder / "summary.json").read_text())
        base = json.loads((baseline / "summary.json").read_text())
        assert summary["classes"] == base["classes"] and summary["stage_one"] == base["stage_one"]
        assert summary["stage_two"] == base["stage_two"]
        assert (folder / "deals.jsonl").read_bytes() == (baseline / "deals.jsonl").read_bytes()
    finally:
        for process in workers + [scheduler]:
            process.terminate()
        for process in workers + [scheduler]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# -- the Python engine ---------------------------------------------------------------------------
def test_the_python_engine_screens_alike(tmp_path):
    """RINGSIDE_NO_NATIVE=1: the Python beam and search, slower, the same counts."""
    argv = [sys.executable, "-m", "harness.cli", "clubfight", "screen", "--jokers", "1",
            "--start", "40", "--deals", "3", "--rules", "webapp", "--json"]
    env = dict(os.environ, RINGSIDE_NO_NATIVE="1")
    python = subprocess.run(argv + ["--out", str(tmp_path / "py")], capture_output=True,
                            text=True, env=env, timeout=120)
    assert python.returncode == 0, python.stderr
    native = subprocess.run(argv + ["--out", str(tmp_path / "c")], capture_output=True,
                            text=True, timeout=120)
    assert native.returncode == 0, native.stderr
    python, native = json.loads(python.stdout), json.loads(native.stdout)
    for key in ("classes", "stage_one", "stage_two", "ids"):
        assert python[key] == native[key], key
