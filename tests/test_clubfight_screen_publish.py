"""Publishing the screen: the statistics page's Screen section, and the hunt from a screen.

Every test reads real screens made here by ``ringside clubfight screen`` (a few
hundred deals with a small stage-two budget: a few seconds), never a summary
written by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.cli import main
from harness.docs.pages import page_name
from harness.docs.templating import render
from harness.games.clubfight.survey_summary import wilson
from harness.registry import DocsContext, parts_of
from harness.resources import data_root
from model.core.errors import InputError

pytest.importorskip("jinja2")

ROOT = data_root().path
RESULTS = ROOT / "results" / "clubfight"
SCREEN_ARGS = ["clubfight", "screen", "--jokers", "2", "--rules", "rulebook", "--deals", "120",
               "--widths", "12", "--stage-two-nodes", "10000", "--workers", "1", "--json"]
"""120 deals of 2 Jokers, ``rulebook``: one narrow beam and stage two's 10,000 nodes leave
the deals of :data:`UNKNOWN` unknown (the default widths and budget settle them); some 3 s."""
UNKNOWN = ["CF2-44", "CF2-96"]
"""The screen's unknowns, in deal order; each is won with 11 clubs within 200,000 nodes."""


TIGHT_SCREEN = Path(__file__).parent / "data" / "clubfight-screen-cf2-3870"
"""A real screen's folder, kept because making it takes minutes: CF2-3870 .. CF2-3889
(2 Jokers, ``rulebook``, default limits), where CF2-3879 has slack 1 (its loss with 11
clubs is a proof of 1.2 million nodes)."""


@pytest.fixture(scope="module")
def screen(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("screen") / "cf2-rulebook"
    assert main(SCREEN_ARGS + ["--out", str(folder)]) == 0
    return folder


def _results_with(tmp_path: Path, screens: dict[str, Path]) -> Path:
    """A results folder: the committed summaries, and ``screens`` copied under screens/."""
    results = tmp_path / "results"
    game = results / "clubfight"
    game.mkdir(parents=True)
    for path in RESULTS.glob("summary*.json"):
        shutil.copy(path, game / path.name)
    for name, folder in screens.items():
        shutil.copytree(folder, game / "screens" / name)
    return results


def _screen_section(results: Path, monkeypatch) -> str:
    from harness.games.clubfight import plots

    monkeypatch.setattr(plots, "FIGURES", ())  # the figures have tests of their own: quicker
    parts = parts_of("clubfight")
    context = DocsContext(game=parts.game, root=ROOT, results=results)
    page = {p.name: p for p in parts.docs_pages(context)}["statistics"]
    rst = render(page.template, search=page.templates, functions={"page": page_name},
                 report=None, **dict(page.data))
    return rst.split("Screen: the deals that need (almost) every club\n", 1)[1].split(
        ".. _clubfight-survey-commands:", 1)[0]


def _variant(section: str, name: str) -> str:
    """One variant's part of the Screen section."""
    return section.split(f"\n{name}\n{'~' * len(name)}\n", 1)[1].split("\n~~~", 1)[0]


def _cells(text: str) -> list[str]:
    table = text.split(".. list-table::", 1)[1].split("\n\n", 2)[1]
    return [line.strip(" *-") for line in table.splitlines() if line.strip()]


def test_the_page_shows_each_screens_classes_with_wilson_intervals(screen, tmp_path,
                                                                    monkeypatch):
    from harness.games.clubfight.docs import percent

    summary = json.loads((screen / "summary.json").read_text())
    classes = summary["classes"]
    unknown = summary["ids"]["unknown"]
    # What the section lists below; stage one's beam may settle some of these deals
    # one day, so the figures are the screen's own, read from its summary.
    assert classes["unknown"] == len(unknown) >= 2 and classes["2+"] == 120 - len(unknown)
    section = _screen_section(_results_with(tmp_path, {"cf2-rulebook": screen}), monkeypatch)
    flat = " ".join(section.split())
    # Variants without a screen are named, with no figure
    for name in ("1 Joker, rulebook", "1 Joker, webapp", "2 Jokers, webapp"):
        assert "No screen of this variant yet" in _variant(section, name)
    part = _variant(section, "2 Jokers, rulebook")
    words = " ".join(part.split())
    assert "Screened deals CF2-0 to CF2-119: 120 deals." in words
    assert (f"passed {percent(summary['passed_fraction'])} of them on to stage two, which had "
            "10,000 solver nodes a deal") in words
    assert "Stage one (a beam of width 12, 11 clubs)" in words
    cells = _cells(part)
    assert cells[:4] == ["Class", "Deals", "Share", "95% Wilson interval"]
    low, high = wilson(classes["2+"], 120)
    assert cells[4:8] == ["slack 2 or more (won with 11 clubs)", f"{classes['2+']}",
                          percent(classes["2+"] / 120), f"{percent(low)} to {percent(high)}"]
    assert cells[8:12] == ["slack 1 (needs 12 clubs)", "0", "0%",
                           f"0% to {percent(wilson(0, 120)[1])}"]
    assert cells[-4:] == ["unknown (a limit stopped it)", str(len(unknown)),
                          percent(len(unknown) / 120),
                          "{} to {}".format(*map(percent, wilson(len(unknown), 120)))]
    # The bound counts the unknowns as unwinnable, as the summary does
    bound = wilson(0 + len(unknown), 120)[1]
    assert summary["unwinnable_wilson"][1] == pytest.approx(bound, abs=1e-9)
    assert (f"The rate of unwinnable deals is at most **{percent(bound)}** (the high end of "
            f"its 95% Wilson interval, with each of the {len(unknown)} unknown deals counted "
            "as unwinnable)" in words)
    assert "No deal of slack 1 or less was found among the deals settled." in words
    listed = ", ".join(f"``{deal}``" for deal in unknown)
    assert (f"Unknown: {len(unknown)} deals ({len(unknown)} out of the node budget): - "
            f"Undecided with 11 clubs within the budget ({len(unknown)}): {listed}" in words)
    assert "$ ringside clubfight screen --jokers 2 --deals 120 --rules rulebook" in flat
    assert "No screen has been run yet" not in flat


def test_the_page_says_what_the_retry_of_the_unknowns_settled(screen, tmp_path, monkeypatch,
                                                              capsys):
    """After --retry-unknown: the wide beams' wins by width and the node budget's, and
    the reasons of the unknowns left from their lines (stage two's are the first pass's)."""
    from analysis.clubfight.screen import stage_one
    from model.clubfight.rules import PRESETS

    folder = tmp_path / "cf2-rulebook"
    shutil.copytree(screen, folder)
    unknown = json.loads((folder / "summary.json").read_text())["ids"]["unknown"]
    won = {deal: stage_one(2, int(deal[4:]), 1, PRESETS["rulebook"], (64, 1024))[0][0]
           for deal in unknown}
    assert 0 < sum(map(bool, won.values())) < len(unknown)  # some won by a beam, some not
    assert main(SCREEN_ARGS + ["--out", str(folder), "--retry-unknown", "10001",
                               "--retry-widths", "64,1024"]) == 0
    capsys.readouterr()
    summary = json.loads((folder / "summary.json").read_text())
    left = summary["classes"]["unknown"]
    settled = len(unknown) - sum(map(bool, won.values())) - left
    section = _screen_section(_results_with(tmp_path, {"cf2-rulebook": folder}), monkeypatch)
    words = " ".join(_variant(section, "2 Jokers, rulebook").split())
    by_width = ", ".join(f"{sum(w == place for w in won.values())} at {width:,}"
                         for place, width in ((1, 64), (2, 1024)))
    assert (f"Its unknowns were examined again (``--retry-unknown``): {len(unknown)} deals; "
            f"stage one's beam at widths 64, 1,024 won {sum(map(bool, won.values()))} of them "
            f"with 11 clubs ({by_width}), each win replayed on the rules model; 10,001 solver "
            f"nodes settled {settled} of the other {len(unknown) - sum(map(bool, won.values()))}."
            " The figures below are after the retry.") in words
    assert summary["unwinnable_wilson"][1] == pytest.approx(wilson(left, 120)[1], abs=1e-9)
    if left:
        assert f"Unknown: {left} deal" in words and "out of the node budget)" not in words


def test_without_its_deals_file_the_page_lists_the_ids_and_says_where_the_reasons_are(
        screen, tmp_path, monkeypatch):
    results = _results_with(tmp_path, {"cf2-rulebook": screen})
    (results / "clubfight" / "screens" / "cf2-rulebook" / "deals.jsonl").unlink()
    words = " ".join(_variant(_screen_section(results, monkeypatch),
                              "2 Jokers, rulebook").split())
    assert "each one's reason is in the screen's ``deals.jsonl``" in words
    unknown = json.loads((screen / "summary.json").read_text())["ids"]["unknown"]
    assert "- " + ", ".join(f"``{deal}``" for deal in unknown) in words


def test_no_screen_at_all_is_said_plainly(tmp_path, monkeypatch):
    section = _screen_section(_results_with(tmp_path, {}), monkeypatch)
    assert "No screen has been run yet" in section
    assert "Wilson interval" not in section.split("No screen has been run yet", 1)[1]


def test_the_page_lists_the_tightest_deals_with_their_clubs(tmp_path, monkeypatch):
    from harness.games.clubfight.docs import percent

    section = _screen_section(_results_with(tmp_path, {"cf2-rulebook": TIGHT_SCREEN}),
                              monkeypatch)
    words = " ".join(_variant(section, "2 Jokers, rulebook").split())
    assert "Screened deals CF2-3870 to CF2-3889: 20 deals." in words
    assert ("The tightest deals found: - ``CF2-3879``: slack 1 (needs 12 clubs); won with 12 "
            "clubs (the line replayed); lost with 11 (the proof re-derived by the checker); "
            "1,194,706 solver nodes") in words
    assert f"at most **{percent(wilson(0, 20)[1])}**" in words and "Unknown:" not in words
    assert _cells(_variant(section, "2 Jokers, rulebook"))[8:10] == [
        "slack 1 (needs 12 clubs)", "1"]


def test_a_summary_whose_bound_does_not_follow_from_its_counts_fails_the_build(
        screen, tmp_path, monkeypatch):
    results = _results_with(tmp_path, {"cf2-rulebook": screen})
    path = results / "clubfight" / "screens" / "cf2-rulebook" / "summary.json"
    summary = json.loads(path.read_text())
    summary["unwinnable_wilson"][1] = wilson(0, 120)[1]  # the unknowns left out
    assert summary["classes"]["unknown"] > 0
    path.write_text(json.dumps(summary))
    with pytest.raises(InputError, match="unwinnable_wilson .* is not the Wilson bound"):
        _screen_section(results, monkeypatch)
    summary["classes"]["unknown"] -= 1  # counts that no longer add up
    path.write_text(json.dumps(summary))
    with pytest.raises(InputError, match="do not add up"):
        _screen_section(results, monkeypatch)


def test_two_screens_of_one_variant_fail_the_build(screen, tmp_path, monkeypatch):
    results = _results_with(tmp_path, {"cf2-rulebook": screen, "cf2-rulebook-again": screen})
    with pytest.raises(InputError, match="a second screen of 2 Jokers, rulebook"):
        _screen_section(results, monkeypatch)


def test_the_page_says_what_the_hunt_from_a_screen_settled(screen, tmp_path, monkeypatch,
                                                          capsys):
    from harness.games.clubfight.docs import percent

    results = _results_with(tmp_path, {"cf2-rulebook": screen})
    folder = results / "clubfight" / "screens" / "cf2-rulebook"
    code, report = _hunt(capsys, "--from-screen", str(folder), "--max-nodes", "200000",
                         "--max-deals", "1", "--json")
    assert code == 0 and report["command"].startswith("ringside clubfight hunt --from-screen")
    (folder / "hunt.json").write_text(json.dumps(report))
    total = report["screen_deals"]
    words = " ".join(_variant(_screen_section(results, monkeypatch), "2 Jokers, rulebook")
                     .split())
    assert (f"took 1 of its {total} deals of slack 1 or less or unknown ({total - 1} not "
            "reached, counted as unknown here) and searched each unknown again with 200,000 "
            "nodes: 1 won with 11 clubs (slack 2 or more), 0 still unknown, 0 lost with every "
            "club.") in words
    bound = wilson(total - 1, 120)[1]  # the deals not reached still count as unwinnable
    assert f"With its results the rate of unwinnable deals is at most **{percent(bound)}**" \
        in words
    assert "$ ringside clubfight hunt \\ --from-screen" in words
    # A hunt of another screen is not published as this one's
    report["screen_deals"] += 1
    (folder / "hunt.json").write_text(json.dumps(report))
    with pytest.raises(InputError, match="is the hunt of another screen"):
        _screen_section(results, monkeypatch)


# -- the hunt from a screen ----------------------------------------------------------------------
def _hunt(capsys, *args) -> tuple[int, dict | str]:
    code = main(["clubfight", "hunt", *args])
    out, err = capsys.readouterr()
    if "--json" in args and code in (0, 1):
        return code, json.loads(out)
    return code, err


def test_the_hunt_searches_the_unknowns_again_with_its_larger_budget(screen, capsys, tmp_path):
    out = tmp_path / "hunt.jsonl"
    code, report = _hunt(capsys, "--from-screen", str(screen), "--max-nodes", "200000",
                         "--max-deals", "2", "--out", str(out), "--json")
    assert code == 0
    assert report["candidates"] == 2 and report["done"] == 2
    assert report["screen_classes"]["unknown"] == 2
    assert report["classes"]["2+"] == 2 and report["unwinnable"] == [] == report["tightest"]
    assert sorted(report["looser"]) == UNKNOWN  # deal order among equals
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["hunt"]["max_nodes"] == 200_000 and lines[0]["hunt"]["jokers"] == 2
    for line in lines[1:]:
        assert line["searched"] and line["slack"]["won_with"] == 11
        assert line["slack"]["verdicts"][0]["verdict"] == "win"


def test_the_hunt_keeps_the_exact_slack_the_screen_proved(capsys):
    code, report = _hunt(capsys, "--from-screen", str(TIGHT_SCREEN), "--json")
    assert code == 0 and report["done"] == report["candidates"] == 1
    (line,) = report["tightest"]
    assert line["id"] == "CF2-3879" and line["class"] == "1" and not line["searched"]
    assert (line["slack"]["won_with"], line["slack"]["lost_with"]) == (12, 11)
    assert report["unwinnable"] == [] == report["unknown"]
    code, text = main(["clubfight", "hunt", "--from-screen", str(TIGHT_SCREEN)]), \
        capsys.readouterr().out
    assert code == 0
    assert "CF2-3879: slack 1: won with 12 clubs, lost with 11 (from the screen)" in text
    assert "no unwinnable deal found" in text


def test_an_unknown_past_the_budget_stays_unknown_with_its_reason(screen, capsys):
    code, report = _hunt(capsys, "--from-screen", str(screen), "--max-nodes", "20000",
                         "--max-deals", "1", "--json")
    assert code == 0
    (line,) = report["unknown"]
    assert line["id"] == UNKNOWN[0] and line["class"] == "unknown"
    assert line["slack"]["slack"] is None
    assert line["slack"]["reason"] == "undecided with 11 clubs within the budget"
    assert report["classes"]["2+"] == 0 and report["unwinnable"] == []


def test_the_hunt_resumes_from_its_results_file(screen, capsys, tmp_path):
    out = tmp_path / "hunt.jsonl"
    base = ["--from-screen", str(screen), "--max-nodes", "200000", "--out", str(out)]
    assert _hunt(capsys, *base, "--max-deals", "1")[0] == 0
    first = out.read_bytes()
    with open(out, "ab") as handle:
        handle.write(b'{"id":"%s","scr' % UNKNOWN[1].encode())  # a line torn by a kill
    code, report = _hunt(capsys, *base, "--max-deals", "2", "--resume", "--json")
    assert code == 0 and report["done"] == 2
    data = out.read_bytes()
    assert data.startswith(first)  # the deal done before is kept, not searched again
    assert [json.loads(line)["id"] for line in data.splitlines()[1:]] == UNKNOWN
    # Other limits are another hunt: refused, the file untouched
    code, err = _hunt(capsys, "--from-screen", str(screen), "--max-nodes", "300000",
                      "--out", str(out), "--resume")
    assert code == 2 and "holds another hunt" in err and out.read_bytes() == data


def test_the_hunt_reads_an_unfinished_screen_from_its_progress(screen, tmp_path):
    from harness.games.clubfight.screen_hunt import read_screen_folder

    whole = read_screen_folder(screen)
    copy = tmp_path / "unfinished"
    shutil.copytree(screen, copy)
    (copy / "deals.jsonl").unlink()
    (copy / "summary.json").unlink()
    with open(copy / "progress.jsonl", "ab") as handle:
        handle.write(b'{"first": 1000, "cou')  # a torn chunk is not committed
    found = read_screen_folder(copy)
    assert not found.complete and whole.complete
    assert [r["id"] for r in found.records] == [r["id"] for r in whole.records] \
        == UNKNOWN


@pytest.mark.parametrize("args, message", [
    (["--seed", "3"], "--seed sets the local search"),
    (["--exact"], "--exact sets the local search"),
    (["--jokers", "1"], "the screen dealt 2 Joker(s), not 1"),
    (["--rules", "webapp"], "the screen ran the rulebook rules, not webapp"),
    (["--resume"], "--resume continues the results file of --out"),
])
def test_options_that_do_not_fit_a_screen_are_refused(screen, capsys, args, message):
    code, err = _hunt(capsys, "--from-screen", str(screen), *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_a_folder_that_is_not_a_screens_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    code, err = _hunt(capsys, "--from-screen", str(tmp_path))
    assert code == 2 and "has no screen.json: not a screen's folder" in err
    code, err = _hunt(capsys, "--max-nodes", "5", "--jokers", "1")
    assert code == 2 and "--max-nodes needs --from-screen" in err


def test_a_screens_line_that_does_not_read_is_named(screen, capsys, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(screen, copy)
    with open(copy / "deals.jsonl", "a") as handle:
        handle.write('{"id": "CF1-5", "class": "1", "slack": {}}\n')  # not of its 2 Jokers
    code, err = _hunt(capsys, "--from-screen", str(copy))
    lines = len((copy / "deals.jsonl").read_text().splitlines())
    assert code == 2 and f"deals.jsonl, line {lines}: CF1-5 is not a deal of this screen" in err


def test_the_hunt_never_replaces_a_file_it_did_not_write(screen, capsys, tmp_path):
    mine = tmp_path / "mine.jsonl"
    mine.write_text("my notes\n")
    code, err = _hunt(capsys, "--from-screen", str(screen), "--out", str(mine))
    assert code == 2 and "is not a hunt's results file" in err
    assert mine.read_text() == "my notes\n"


def test_a_certificates_folder_holding_another_file_is_refused_before_any_work(capsys,
                                                                               tmp_path):
    (tmp_path / "CF2-3879.cert").write_text("my notes")
    code, err = _hunt(capsys, "--from-screen", str(TIGHT_SCREEN), "--certificates",
                      str(tmp_path))
    assert code == 2 and "CF2-3879.cert" in err and "Traceback" not in err
    assert (tmp_path / "CF2-3879.cert").read_text() == "my notes"


def test_a_certificate_of_an_exact_slack_is_written_and_accepted_by_the_verifier(tmp_path):
    """The certificate the hunt writes for each deal of exact slack, on a deal whose exact
    slack is cheap (CF1-662, ``rulebook``: won with 8 clubs, lost with 7; the slack-1 deals
    take minutes)."""
    from analysis.clubfight.certificate_file import is_certificate
    from harness.games.clubfight.screen_hunt import write_certificate
    from model.clubfight.deals import Deal
    from model.clubfight.rules import DEFAULT_RULES

    deal = Deal.from_id("CF1-662")
    written = write_certificate(deal, DEFAULT_RULES, "rulebook", "CF1-662", 8, 7, tmp_path)
    assert written["written"] and written["verify"] == "accepted"
    assert written["claims"] == ["won with 8 clubs", "lost with 7 clubs", "slack 5"]
    path = tmp_path / "CF1-662.cert"
    assert is_certificate(path.read_bytes()[:64])
    # A claim that is false is not certified: the deal is won with 8 clubs, not lost
    with pytest.raises(RuntimeError, match="won with 8 clubs, not lost"):
        write_certificate(deal, DEFAULT_RULES, "rulebook", "CF1-662", 9, 8, tmp_path)
    path.write_text("my notes")  # a file that is not a certificate is never replaced
    with pytest.raises(InputError, match="certificate"):
        write_certificate(deal, DEFAULT_RULES, "rulebook", "CF1-662", 8, 7, tmp_path)
    assert path.read_text() == "my notes"


def test_ctrl_c_stops_the_hunt_with_its_finished_deals_kept(tmp_path):
    """A screen of CF2-2423 alone (undecided with 11 clubs at 60,000,000 nodes, so the
    hunt's search of it runs for minutes) interrupted one second in."""
    from tests.interrupting import ctrl_c

    folder = tmp_path / "hard"
    assert main(["clubfight", "screen", "--jokers", "2", "--start", "2423", "--deals", "1",
                 "--stage-two-nodes", "1000", "--out", str(folder), "--json"]) == 0
    assert json.loads((folder / "summary.json").read_text())["ids"]["unknown"] == ["CF2-2423"]
    out = tmp_path / "hunt.jsonl"
    trial = ctrl_c(["clubfight", "hunt", "--from-screen", str(folder), "--max-nodes",
                    "60000000", "--out", str(out)], 3.0, str(ROOT))
    assert trial.code == 130 and "ringside: interrupted" in trial.err
    assert trial.honoured is not None and trial.honoured < 5
    # Nothing of the deal in work (on a loaded machine the signal may even come before
    # the file is begun: then there is none)
    lines = out.read_bytes().splitlines() if out.exists() else []
    assert [json.loads(line)["hunt"]["max_nodes"] for line in lines] in ([], [60_000_000])
