"""Club Fight's pages of its own in the rules reference: statistics and the hunt.

The survey's summary carries the distributions the figures draw (the large
results files are not in the wheel); the pages are rendered here through the
game's ``docs_pages`` hook and the page templates, without building the
site (``tests/test_docs.py`` builds it once and looks at the HTML).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from harness.cli import main
from harness.docs.pages import page_name
from harness.docs.templating import render
from harness.games.clubfight import docs as clubfight_docs
from harness.games.clubfight import survey, survey_summary
from harness.games.clubfight.markdown import split_title, to_rst
from harness.games.clubfight.survey_config import SurveyConfig
from harness.games.clubfight.survey_summary import keep_run_timing, log2_bin, summarize
from harness.games.clubfight.survey import run_survey
from harness.registry import DocsContext, parts_of
from harness.resources import data_root
from model.clubfight.rules import DEFAULT_RULES
from model.core.errors import InputError

pytest.importorskip("jinja2")

ROOT = data_root().path
RESULTS = ROOT / "results" / "clubfight"


# -- the summary's distributions -----------------------------------------------------------------
@pytest.fixture(scope="module")
def small_run():
    """Eight 2-Joker deals, every one played by greedy; a node budget of 40 leaves some
    deals unknown, so that more than one verdict has its bins."""
    config = SurveyConfig(jokers=2, start=0, deals=8, rules=DEFAULT_RULES, max_nodes=40,
                          policies=(("greedy", 8),))
    return run_survey(config, workers=1)


def test_the_summary_carries_the_distributions_of_its_deals(small_run):
    records = dict(small_run.records)
    # One deal said lost (as if proved so), to fill that verdict's bins too.
    records[3] = dict(records[3], verdict="loss", moves=[])
    run = survey.SurveyRun(small_run.config, records, 8, 1.0, 1)
    row = summarize(run)
    rows = [records[n] for n in sorted(records)]
    verdicts = {r["verdict"] for r in rows}
    assert len(verdicts) >= 2 and set(row["nodes_log2"]) == verdicts
    for verdict, counts in row["nodes_log2"].items():
        mine = [r["nodes"] for r in rows if r["verdict"] == verdict]
        assert sum(counts) == len(mine)
        assert len(counts) == max(n.bit_length() for n in mine) + 1
        for k, found in enumerate(counts):
            assert found == sum(1 for n in mine if log2_bin(n) == k), (verdict, k)
            if k:
                assert found == sum(1 for n in mine if 2 ** (k - 1) <= n < 2 ** k)
    nodes = sorted(r["nodes"] for r in rows)
    assert (row["nodes_median"], row["nodes_max"]) == (nodes[len(nodes) // 2], nodes[-1])
    assert [h["nodes"] for h in row["hardest"]] == nodes[::-1][:survey_summary.HARDEST]
    assert all(records[int(h["id"].split("-")[1])]["nodes"] == h["nodes"]
               for h in row["hardest"])
    greedy = row["policies"]["greedy"]
    lost = [r["policies"]["greedy"]["cards_left"] for r in rows
            if not r["policies"]["greedy"]["won"]]
    assert greedy["cards_left_lost"][0] == 0 and sum(greedy["cards_left_lost"]) == len(lost)
    assert greedy["deals"] - greedy["wins"] == len(lost)
    for left, found in enumerate(greedy["cards_left_lost"]):
        assert found == lost.count(left)
    # The fields that were there before are all still there.
    for key in ("jokers", "rules", "deals", "start", "wins", "losses", "unknown", "win_rate",
                "wilson_low", "wilson_high", "max_nodes", "timeout", "policies", "seed",
                "loss_ids", "unknown_ids", "nodes", "solver_seconds", "complete",
                "wall_seconds", "computed", "deals_per_second", "workers"):
        assert key in row, key


def test_the_committed_summary_carries_them_for_every_variant():
    rows = json.loads((RESULTS / "summary.json").read_text())
    assert len(rows) == 4
    for row in rows:
        counts = [c for bins in row["nodes_log2"].values() for c in bins]
        assert sum(counts) == row["deals"]
        assert row["nodes_max"] == row["hardest"][0]["nodes"]
        for name, policy in row["policies"].items():
            assert sum(policy["cards_left_lost"]) == policy["deals"] - policy["wins"], name
        assert row["computed"] == row["deals"]  # the run that solved them, not the resume


def test_a_resume_that_solves_nothing_keeps_the_timing_of_the_run_that_did(tmp_path, capsys):
    out, summary = tmp_path / "s.jsonl", tmp_path / "summary.json"
    argv = ["clubfight", "survey", "--jokers", "1", "--deals", "3", "--out", str(out),
            "--summary", str(summary), "--json"]
    assert main(argv) == 0
    first = json.loads(summary.read_text())[0]
    data = out.read_bytes()
    for name in ("nodes_log2", "hardest", "nodes_median"):  # as if written before them
        first.pop(name)
    summary.write_text(json.dumps([first]))
    capsys.readouterr()
    assert main(argv + ["--resume"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["computed"] == 0  # what this run did, as it prints it
    again = json.loads(summary.read_text())[0]
    assert out.read_bytes() == data
    assert {k: again[k] for k in survey_summary.RUN_FIELDS} == {k: first[k] for k in survey_summary.RUN_FIELDS}
    assert again["computed"] == 3 and "nodes_log2" in again and "hardest" in again
    # Another command (or a run that solved something) brings its own timing.
    row = dict(again, computed=0, wall_seconds=0.1)
    assert keep_run_timing(row, [dict(again, command="other")]) == row
    assert keep_run_timing(dict(row, computed=2), [again])["computed"] == 2


# -- the pages -----------------------------------------------------------------------------------
def _pages(results: Path) -> dict:
    parts = parts_of("clubfight")
    context = DocsContext(game=parts.game, root=ROOT, results=results)
    return {page.name: page for page in parts.docs_pages(context)}


def _render(page) -> str:
    return render(page.template, search=page.templates, functions={"page": page_name},
                  report=None, **dict(page.data))


def _figures(text: str) -> list[tuple[str, str]]:
    """``(file, caption)`` of every figure of a page's reStructuredText."""
    found = []
    for match in re.finditer(r"^\.\. figure:: (\S+)\n((?:   .*\n|\n)*)", text, re.MULTILINE):
        body = [line.strip() for line in match.group(2).splitlines()
                if not line.strip().startswith(":")]
        found.append((match.group(1), " ".join(" ".join(body).split())))
    return found


@pytest.fixture(scope="module")
def committed_pages():
    pages = _pages(ROOT / "results")
    return pages, {name: _render(page) for name, page in pages.items()}


def _slack_commands(rows: list[dict]) -> list[str]:
    """The slack survey's commands, in the order of the main summary's variants."""
    slack = json.loads((RESULTS / "summary-slack.json").read_text())
    by_variant = {(r["jokers"], r["rules"]): r["slack"]["command"] for r in slack}
    return [by_variant[key] for key in ((r["jokers"], r["rules"]) for r in rows)
            if key in by_variant]


def test_the_statistics_page_shows_its_figures_with_what_made_them(committed_pages):
    pages, text = committed_pages
    page, rst = pages["statistics"], text["statistics"]
    assert page.templates == clubfight_docs.TEMPLATES
    assert set(page.files) == {"statistics-win-rates.svg", "statistics-solver-effort.svg",
                               "statistics-cards-left.svg", "statistics-slack.svg"}
    for name, svg in page.files.items():
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg and svg.rstrip().endswith(
            "</svg>"), name
        assert "<dc:date>" not in svg  # the same file on every build
    assert _pages(ROOT / "results")["statistics"].files == page.files
    figures = _figures(rst)
    assert [f for f, _ in figures] == list(page.files)
    rows = json.loads((RESULTS / "summary.json").read_text())
    deals = f"{rows[0]['deals']:,} deals per variant"
    for file, caption in figures:
        assert "ringside clubfight survey" in caption, file
        if file == "statistics-slack.svg":  # a survey of its own, over fewer deals
            assert "results/clubfight/summary-slack.json" in caption, file
            continue
        assert deals in caption or "deals played" in caption.lower(), file
        assert "results/clubfight/summary.json" in caption, file
    assert f"{rows[0]['policies']['mc']['deals']:,} deals per variant" in figures[0][1]
    # Every command, whole, in a block that wraps; the page explains what 100% means.
    blocks = re.findall(r":class: ringside-command\n\n((?:   .*\n)+)", rst)
    shown = [" ".join(block.replace(" \\\n", " ").split()) for block in blocks]
    wide = json.loads((RESULTS / "summary-100k.json").read_text())
    # The screens' commands, in the page's variant order (their folders' names sort so)
    screens = [json.loads(path.read_text())["command"]
               for path in sorted((RESULTS / "screens").glob("*/summary.json"))]
    assert shown == ([f"$ {row['command']}" for row in wide]
                     + [f"$ {command}" for command in _slack_commands(rows)]
                     + [f"$ {command}" for command in screens]
                     + [f"$ {row['command']}" for row in rows])
    for block in blocks:  # cut into lines that need no scrolling
        assert all(len(line) <= 3 + 2 + 74 for line in block.splitlines()), block
    assert all(shlex.split(row["command"])[:3] == ["ringside", "clubfight", "survey"]
               for row in rows)
    flat = " ".join(rst.split())
    assert "What 100% means" in rst and "its low end, 99.96%," in flat
    assert "(about one deal in 2,600) could not be won" in flat
    assert ":doc:`unwinnable`" in rst
    for word in ("``greedy``\n   Sees only what a player sees", "``mc`` (Monte Carlo)"):
        assert word in rst
    # the variants, the wider survey's, the slack, one per committed screen
    assert rst.count(".. list-table::") == 3 + len(screens)
    questions = ("How often can a deal of Club Fight be won?",
                 "How far from 100% could the true rate still be?")
    for question in questions:
        flat = flat.replace(question, "")
    assert "?" not in flat  # no number left unknown


def test_the_hunt_has_its_own_page_from_its_notes(committed_pages):
    pages, text = committed_pages
    page, rst = pages["unwinnable"], text["unwinnable"]
    notes = (RESULTS / "unwinnable.md").read_text()
    title, _ = split_title(notes)
    assert rst.startswith(f"{title}\n{'=' * len(title)}\n")
    # Every command and every deal of the notes is on the page, whole: fenced
    # blocks as literal blocks, line for line; inline code as inline literals.
    fences = re.findall(r"^```[a-z]*\n(.*?)^```$", notes, re.MULTILINE | re.DOTALL)
    assert fences, "the notes show their commands in fenced blocks"
    for fence in fences:
        for line in fence.splitlines():
            assert f"\n   {line}\n" in rst, line
    prose = re.sub(r"^```[a-z]*\n.*?^```$", "", notes, flags=re.MULTILINE | re.DOTALL)
    for code in re.findall(r"`([^`]+)`", prose):
        assert f"``{' '.join(code.split())}``" in rst, code
    for heading in re.findall(r"^## (.*)$", notes, re.MULTILINE):
        assert f"\n{heading}\n{'-' * len(heading)}\n" in rst, heading
    assert "| ---" not in rst and "```" not in rst and "\n# " not in rst
    assert ":doc:`statistics page <statistics>`" in rst
    assert "The words used below" in rst
    assert list(pages) == ["statistics", "unwinnable"]  # the order of the game's index


def test_a_summary_without_distributions_still_gives_a_page(tmp_path):
    results = tmp_path / "clubfight"
    results.mkdir()
    rows = json.loads((RESULTS / "summary.json").read_text())
    old = [{k: v for k, v in row.items() if k not in ("nodes_log2", "hardest",
                                                       "nodes_median", "nodes_max")}
           for row in rows]
    for row in old:
        for policy in row["policies"].values():
            policy.pop("cards_left_lost")
    (results / "summary.json").write_text(json.dumps(old))
    pages = _pages(tmp_path)
    assert list(pages) == ["statistics"]  # no notes of a hunt there
    assert list(pages["statistics"].files) == ["statistics-win-rates.svg"]
    rst = _render(pages["statistics"])
    assert ":doc:`unwinnable`" not in rst and "half of them took" not in rst
    assert len(_figures(rst)) == 1


def test_an_unreadable_summary_is_bad_input(tmp_path):
    from model.core.errors import InputError

    (tmp_path / "clubfight").mkdir()
    (tmp_path / "clubfight" / "summary.json").write_text("{not json")
    with pytest.raises(InputError, match="cannot read the statistics"):
        _pages(tmp_path)


# -- Markdown to reStructuredText ----------------------------------------------------------------
def test_markdown_blocks_and_inline_markup():
    text = to_rst(
        "Intro with `code`s, **bold `x`** and *em*.\n"
        "Continued [here](https://example.org).\n"
        "- one\n"
        "  still one\n"
        "  - nested A\n"
        "  - nested B\n"
        "- two\n\n"
        "| a | b |\n| --- | --- |\n| `p|q` | 2 |\n\n"
        "1. first\n2. second\n\n"
        "## Part\n\n```\nraw *text*\n```\n")
    assert ("Intro with ``code``\\ s, **bold** ``x`` and *em*. Continued "
            "`here <https://example.org>`__") in text
    assert "- one still one\n\n  - nested A\n  - nested B\n" in text
    assert "\n- two\n" in text
    assert "   * - ``p|q``\n     - 2\n" in text
    assert "#. first\n#. second\n" in text
    assert "Part\n----\n" in text
    assert "::\n\n   raw *text*\n" in text


def test_markdown_code_inside_strong_text_renders_as_code_and_strong_text():
    """reST does not nest markup: ``**a `b`.**`` becomes strong, code, strong,
    and docutils reads each as such (not one literal running on past them)."""
    from docutils.core import publish_doctree
    from docutils import nodes

    text = to_rst("- **Slack 1, 2 Jokers `rulebook`.** The survey (`README.md`, more).\n")
    tree = publish_doctree(text, settings_overrides={"report_level": 5})
    literals = [n.astext() for n in tree.findall(nodes.literal)]
    strong = [n.astext() for n in tree.findall(nodes.strong)]
    assert literals == ["rulebook", "README.md"]
    assert strong == ["Slack 1, 2 Jokers", "."]
    assert "``" not in tree.astext()


def test_markdown_text_that_looks_like_markup_is_escaped():
    assert to_rst("a_b | c [d] \\ e*") == "a\\_b \\| c \\[d\\] \\\\ e\\*\n"


# -- slack on the statistics page ----------------------------------------------------------------
def _slack_block(values: dict[int, int], unknown: dict[str, int], unwinnable: int = 0) -> dict:
    """A summary's slack block as ``summarize_slack`` writes it, from counts."""
    from harness.games.clubfight.survey_summary import summarize_slack

    config = SurveyConfig(jokers=1, start=0, deals=10, rules=DEFAULT_RULES, slack_deals=10,
                          slack_max_nodes=1000)
    rows = []

    def add(verdicts, **extra):
        slack = {"verdicts": [{"clubs": c, "verdict": v, "nodes": 3} for c, v in verdicts],
                 "nodes": 3 * len(verdicts), "seconds": 0.02 * (len(rows) + 1), **extra}
        rows.append({"id": f"CF1-{len(rows)}", "slack": slack})

    for value, number in values.items():
        won = 13 - value
        for _ in range(number):
            add([(c, "win") for c in range(13, won - 1, -1)] + ([(won - 1, "loss")] if won > 1
                                                               else []),
                slack=value, won_with=won, lost_with=won - 1)
    for _ in range(unwinnable):
        add([(13, "loss")], slack=None, won_with=None, lost_with=13)
    for reason, number in unknown.items():
        for _ in range(number):
            add([(13, "win"), (12, "unknown")], slack=None, won_with=13, lost_with=None,
                unknown=reason, reason=reason)
    return summarize_slack(rows, config, "ringside clubfight survey --slack 10")


def _with_slack(tmp_path: Path, blocks: dict[int, dict]) -> Path:
    """A results folder: the committed summary with ``blocks`` (by row index) added."""
    results = tmp_path / "clubfight"
    results.mkdir(parents=True)
    rows = json.loads((RESULTS / "summary.json").read_text())
    for index, block in blocks.items():
        rows[index]["slack"] = block
    (results / "summary.json").write_text(json.dumps(rows))
    return tmp_path


def _slack_section(rst: str) -> str:
    """The statistics page's slack section (up to the commands of the main survey)."""
    return rst.split("Slack: how many clubs a deal can spare\n", 1)[1].split(
        "Reproduce these figures", 1)[0]


def _table_cells(section: str) -> list[str]:
    """The cells of the first list-table in ``section``, header first, row by row."""
    table = section.split(".. list-table::", 1)[1]
    return [line.strip(" *-") for line in table.splitlines()
            if line.strip().startswith(("*", "-"))]


def test_the_statistics_page_shows_the_slack_of_the_variants_surveyed(tmp_path, monkeypatch):
    from harness.games.clubfight import plots

    # Only the slack figure is drawn here (the others have tests of their own): quicker.
    monkeypatch.setattr(plots, "FIGURES", tuple(f for f in plots.FIGURES if f[0] == "slack"))
    first = _slack_block({2: 3, 3: 4, 5: 1}, {"budget": 1, "check": 1})
    third = _slack_block({0: 2, 4: 5}, {"budget": 2}, unwinnable=1)
    pages = _pages(_with_slack(tmp_path, {0: first, 2: third}))
    page = pages["statistics"]
    assert list(page.files) == ["statistics-slack.svg"]
    section = _slack_section(_render(page))
    flat = " ".join(section.split())
    assert "still be won; take one more and it cannot" in flat  # what slack means to a player
    assert "Slack was computed in 2 of the 4 variants (not in 1 Joker, webapp and 2 Jokers, " \
           "webapp)" in flat
    assert "20 deals in all, of which 16 have an exact slack (1 of them lost even with every " \
           "club) and 4 stay unknown (3 out of the node budget, 1 with a proof of loss not " \
           "checked)" in flat
    (file, caption), = [f for f in _figures(section)]
    assert file == "statistics-slack.svg"
    assert "ringside clubfight survey" in caption and "deals" in caption
    assert "``--slack``" in caption and "unknown" in caption and "orange" in caption
    cells = _table_cells(section)
    assert cells[6:12] == ["1 Joker, rulebook", "10", "8", "2 (1 budget, 1 check)",
                           "3 (from 2 to 5)", "120 ms / 200 ms / 200 ms"]
    assert cells[12:14] == ["1 Joker, webapp", "not surveyed"]
    assert "8, 1 lost with every club" in cells and "2 (2 budget)" in cells
    assert "0 (from 0 to 4)" not in cells and "4 (from 0 to 4)" in cells


def test_a_slack_survey_that_checked_a_sample_says_so(tmp_path, monkeypatch):
    """A survey run with --slack-check-every N: the page says which slacks rest on the
    solver's proof alone, in its words and in the table."""
    from harness.games.clubfight import plots

    monkeypatch.setattr(plots, "FIGURES", tuple(f for f in plots.FIGURES if f[0] == "slack"))
    sampled = {**_slack_block({3: 6, 4: 4}, {}), "check_every": 10, "unchecked": 9}
    checked = _slack_block({2: 3, 3: 4, 5: 1}, {"budget": 2})
    section = _slack_section(_render(_pages(_with_slack(
        tmp_path, {0: checked, 2: sampled}))["statistics"]))
    flat = " ".join(section.split())
    assert ("except where a survey re-derived a sample only: 2 Jokers, rulebook, the deals whose "
            "number is a multiple of 10 (9 slacks rest on the solver's proof alone") in flat
    cells = _table_cells(section)
    assert "10, 9 with the solver's proof of loss only" in cells
    assert "8" in cells  # the fully checked variant's exact count, with nothing added
    plain = _slack_section(_render(_pages(_with_slack(tmp_path / "plain", {0: checked}))[
        "statistics"]))
    assert "except where" not in plain and "proof of loss only" not in plain


def test_the_slack_plot_draws_the_distribution_and_the_unknowns_apart(tmp_path):
    from harness.games.clubfight import plots

    rows = json.loads((RESULTS / "summary.json").read_text())
    rows[0]["slack"] = _slack_block({2: 3, 3: 4, 5: 1}, {"budget": 2})
    figure = plots.slack_distribution(rows)
    panels = [axes for axes in figure.axes if axes.get_visible()]
    assert len(panels) == 4
    heights = [round(bar.get_height(), 6) for bar in panels[0].patches]
    labels = [label.get_text() for label in panels[0].get_xticklabels()]
    assert labels[-1] == "unknown" and labels[:6] == ["0", "1", "2", "3", "4", "5"]
    shares = [0, 0, 30, 40, 0, 10]  # per cent of the 10 deals surveyed
    assert heights[:6] == shares and heights[-1] == 20.0
    assert "slack not surveyed" in [text.get_text() for text in panels[1].texts]
    assert plots.slack_distribution(json.loads((RESULTS / "summary.json").read_text())) is None


def test_a_summary_without_slack_says_so(tmp_path, monkeypatch):
    from harness.games.clubfight import plots

    monkeypatch.setattr(plots, "FIGURES", tuple(f for f in plots.FIGURES if f[0] == "slack"))
    page = _pages(_with_slack(tmp_path, {}))["statistics"]
    assert "statistics-slack.svg" not in page.files
    flat = " ".join(_slack_section(_render(page)).split())
    assert "No survey has computed the slack yet" in flat and "--slack N" in flat


def _slack_survey_row(jokers: int, rules: str, deals: int, block: dict) -> dict:
    """A row of ``summary-slack.json``: a survey of ``deals`` deals run with ``--slack``."""
    command = (f"ringside clubfight survey --jokers {jokers} --deals {deals} --rules {rules} "
               f"--slack {deals} --workers 2 --out results/clubfight/slack-cf{jokers}-{rules}"
               ".jsonl --summary results/clubfight/summary-slack.json")
    return {"jokers": jokers, "rules": rules, "rules_overrides": {}, "start": 0,
            "deals": deals, "command": command, "wall_seconds": 600.0, "workers": 2,
            "slack": {**block, "command": command}}


def test_a_slack_survey_of_its_own_fills_the_variants_the_main_survey_left_without(
        tmp_path, monkeypatch):
    from harness.games.clubfight import plots

    monkeypatch.setattr(plots, "FIGURES", tuple(f for f in plots.FIGURES if f[0] == "slack"))
    results = _with_slack(tmp_path, {})
    block = _slack_block({2: 3, 3: 4, 5: 1}, {"budget": 1, "check": 1})
    (results / "clubfight" / "summary-slack.json").write_text(
        json.dumps([_slack_survey_row(2, "rulebook", 10, block)]))
    page = _pages(results)["statistics"]
    assert list(page.files) == ["statistics-slack.svg"]
    section = _slack_section(_render(page))
    flat = " ".join(section.split())
    assert "Slack was computed in 1 of the 4 variants" in flat
    (file, caption), = _figures(section)
    assert "drawn by ``ringside docs`` from ``summary-slack.json``" in caption
    assert ":ref:`listed below <clubfight-slack-commands>`" in caption
    assert ".. _clubfight-slack-commands:" in section
    assert "10 deals in all, of which 8 have an exact slack" in flat
    assert "survey of its own over fewer deals, written to ``summary-slack.json``" in flat
    assert "2 Jokers, rulebook (CF2-0 to CF2-9; took 10.0 minutes with 2 workers):" in flat
    assert "$ ringside clubfight survey --jokers 2 --deals 10 --rules rulebook --slack 10" \
        in flat.replace(" \\ ", " ")
    cells = _table_cells(section)
    at = cells.index("2 Jokers, rulebook")
    assert cells[at + 1: at + 5] == ["10", "8", "2 (1 budget, 1 check)", "3 (from 2 to 5)"]
    assert cells[cells.index("1 Joker, rulebook") + 1] == "not surveyed"


def test_a_slack_survey_that_does_not_fit_the_main_one_is_named(tmp_path):
    results = _with_slack(tmp_path, {})
    path = results / "clubfight" / "summary-slack.json"
    block = _slack_block({2: 1}, {})
    row = _slack_survey_row(2, "rulebook", 1, block)
    path.write_text(json.dumps([{**row, "slack": None}]))
    with pytest.raises(InputError, match=r"summary-slack.json.*2 Jokers, rulebook: a row of the "
                                         r"slack survey needs a slack block"):
        _pages(results)
    path.write_text(json.dumps([{**row, "rules": "house"}]))
    with pytest.raises(InputError, match=r"the slack survey has a variant the main summary "
                                         r"does not"):
        _pages(results)


def test_a_slack_block_that_does_not_add_up_fails_the_build(tmp_path, monkeypatch):
    from harness.games.clubfight import plots
    from model.core.errors import InputError

    block = _slack_block({3: 2}, {"budget": 1})
    block["exact"] += 1
    monkeypatch.setattr(plots, "FIGURES", ())  # the page's table reads the block too
    with pytest.raises(InputError, match="1 Joker, rulebook: slack.*do not add up"):
        _pages(_with_slack(tmp_path, {0: block}))
    rows = json.loads((RESULTS / "summary.json").read_text())
    for change, message in [({"distribution": {"13": 2}}, "'13' is not a slack"),
                            ({"distribution": [2]}, "distribution must be an object"),
                            ({"unknown": -1}, "unknown must be a whole number"),
                            ({"deals": "10"}, "deals must be a whole number")]:
        bad = dict(rows[1], slack={**_slack_block({3: 2}, {}), **change})
        with pytest.raises(InputError, match=message) as caught:
            plots.slack_distribution([bad])
        assert "1 Joker, webapp: slack" in str(caught.value)


# -- the wider perfect-information survey ---------------------------------------------------------
def test_the_wider_survey_gets_its_own_section_with_the_unwinnable_interval(committed_pages):
    wide = json.loads((RESULTS / "summary-100k.json").read_text())
    _, text = committed_pages
    rst = text["statistics"]
    assert "Beyond 10,000 deals" in rst
    for row in wide:
        # the upper end of the unwinnable rate is 1 - the low end of the win rate
        assert clubfight_docs.percent(1 - row["wilson_low"]) in rst
        assert f"{row['deals']:,}" in rst
        assert "--deals 100000" in row["command"] and "--policies" not in row["command"]


def test_a_wider_survey_row_without_its_interval_is_bad_input(tmp_path):
    from model.core.errors import InputError

    results = tmp_path / "clubfight"
    results.mkdir()
    (results / "summary.json").write_text((RESULTS / "summary.json").read_text())
    (results / "summary-100k.json").write_text(json.dumps([{"jokers": 1, "rules": "rulebook",
                                                            "deals": 5}]))
    with pytest.raises(InputError, match="needs deals, wilson_low and wilson_high"):
        _pages(tmp_path)
