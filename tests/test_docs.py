"""The generated rules reference (``ringside docs``).

The site is built once per test run, in process, into a temporary folder, from
a copy of ``docs/`` (so that a build here never touches the checkout's
``docs/generated/``): the ``reference_site`` fixture of ``tests/conftest.py``,
shared with ``tests/test_site_browser.py``.  The proofs are skipped and the
explorer kept small to keep the suite fast; ``ringside docs`` runs them all.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("furo")

from harness import docs, registry  # noqa: E402
from harness.resources import data_root  # noqa: E402
from model.core.errors import InputError  # noqa: E402
from model.core.game import Invariant  # noqa: E402
from proofs.obligations import Answer, Obligation, ProofResult  # noqa: E402
from harness.coverage import CheckRef  # noqa: E402
from model.core.rules import Rule, RuleBook, Section  # noqa: E402
from harness.scenario import load_scenario, run_scenario, scenario_files  # noqa: E402

ROOT = data_root().path
FAST = {"ringside_explore_depth": 1, "ringside_explore_states": 300,
        "ringside_explore_starts": 2}
PLACEHOLDER = re.compile(r"\b(todo|tbd|lorem|placeholder|fixme|xxx)\b", re.IGNORECASE)

needs_dot = pytest.mark.skipif(shutil.which("dot") is None,
                               reason="Graphviz's dot is not installed (apt-get install graphviz)")


def _source_copy(tmp: Path) -> Path:
    source = tmp / "src"
    shutil.copytree(ROOT / "docs", source,
                    ignore=shutil.ignore_patterns("_build", "generated", "__pycache__"))
    return source


def _build(tmp: Path, extra_pages: dict[str, str] | None = None, root: Path = ROOT,
           **kwargs) -> docs.BuildResult:
    overrides = dict(FAST)
    overrides.update(kwargs.pop("overrides", {}))
    source = _source_copy(tmp)
    for name, text in (extra_pages or {}).items():
        (source / name).write_text(text, encoding="utf-8")
    return docs.build_site(tmp / "html", root=root, proofs=False, source=source,
                           overrides=overrides, **kwargs)


def _root_with_scenarios(tmp: Path, game_key: str, extra: dict[str, str]) -> Path:
    """A data root like the checkout's, with more scenario files for ``game_key``."""
    root = tmp / "root"
    root.mkdir()
    for name in ("tests", "results"):
        (root / name).symlink_to(ROOT / name, target_is_directory=True)
    folder = root / "scenarios" / game_key
    folder.mkdir(parents=True)
    for path in sorted((ROOT / "scenarios" / game_key).glob("*.toml")):
        (folder / path.name).symlink_to(path)
    for name, text in extra.items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


ADDED_RULE_EXAMPLE = """\
title = "The refill on a grid with one card missing, read as the added rule"
rules = ["CF 6.1"]
start = "9S 2H QD 3S 8H 4D JK TD 4H | deck 5S 7H | hand 2 6 J K | clubs 7 | discard A 3 4 5 8 9 T Q"
actions = ["2 any 2H"]

[expect]
outcome = "ongoing"
"""


@pytest.fixture(scope="module")
def site(reference_site) -> Path:
    """The HTML folder of the run's one build (tests/conftest.py, the bounds of FAST)."""
    return reference_site


class _Page(HTMLParser):
    """Visible text, links, ids, embedded files, and rule numbers outside links."""

    def __init__(self, known: dict[str, str]) -> None:
        super().__init__(convert_charrefs=True)
        self.known = known
        self.text: list[str] = []
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.embeds: list[str] = []
        self.unlinked: list[str] = []
        self.stack: list[tuple[str, set[str]]] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag == "object" and attrs.get("data"):
            self.embeds.append(attrs["data"])
        if tag == "img" and attrs.get("src"):
            self.embeds.append(attrs["src"])
        if tag in ("script", "style"):
            self._hidden += 1
        if tag not in ("br", "img", "meta", "link", "input", "hr", "source", "col"):
            self.stack.append((tag, set((attrs.get("class") or "").split())))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._hidden -= 1
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if self._hidden:
            return
        self.text.append(data)
        tags = [t for t, _ in self.stack]
        classes = set().union(*(c for _, c in self.stack)) if self.stack else set()
        exempt = ("a" in tags or {"h1", "h2", "h3", "h4", "h5", "h6", "code", "title"} & set(tags)
                  or ("pre" in tags and "ringside-notes" not in classes)
                  or "toc-tree" in classes or "sidebar-tree" in classes
                  or "toc-drawer" in classes)
        if not exempt:
            self.unlinked.extend(n for _, _, n in docs.find_rule_numbers(data, self.known))

    @property
    def visible(self) -> str:
        return " ".join("".join(self.text).split())


_PAGES: dict[tuple[Path, float], _Page] = {}


def _page(path: Path) -> _Page:
    key = (path.resolve(), path.stat().st_mtime)
    if key not in _PAGES:
        parser = _Page(docs.rule_numbers(registry.games().values()))
        parser.feed(path.read_text(encoding="utf-8"))
        _PAGES[key] = parser
    return _PAGES[key]


def _norm(text: str) -> str:
    return " ".join(text.split())


def _generated_pages(site: Path) -> list[Path]:
    return sorted((site / docs.GENERATED).rglob("*.html")) + [site / "index.html"]


# -- the content -----------------------------------------------------------------------
@needs_dot
def test_every_rule_and_ambiguity_is_on_its_games_pages(site):
    for game in registry.games().values():
        rules = _page(site / docs.GENERATED / game.key / "rules.html")
        for rule in game.rulebook:
            assert docs.rule_label(rule.number) in rules.ids, rule.number
            assert f"{rule.number} {rule.title}" in rules.visible
            assert _norm(rule.statement) in rules.visible, rule.number
        ambiguities = _page(site / docs.GENERATED / game.key / "ambiguities.html")
        for ambiguity in game.ambiguities:
            assert docs.ambiguity_label(game.key, ambiguity.id) in ambiguities.ids
            assert ambiguity.title in ambiguities.visible
            assert _norm(ambiguity.passage) in ambiguities.visible
            if ambiguity.witness is not None:
                # Drawn as the game's board, not only as the notation string.
                text = (site / docs.GENERATED / game.key / "ambiguities.html").read_text()
                assert "ringside-board" in text
        index = _page(site / docs.GENERATED / game.key / "index.html")
        assert game.title in index.visible
        assert _norm(game.summary) in index.visible


@needs_dot
def test_no_page_holds_placeholder_text(site):
    for path in sorted(site.rglob("*.html")):
        found = PLACEHOLDER.findall(_page(path).visible)
        assert not found, f"{path.relative_to(site)}: {found}"


@needs_dot
def test_every_diagram_and_internal_link_exists(site):
    diagrams = 0
    for path in sorted(site.rglob("*.html")):
        page = _page(path)
        for embed in page.embeds:
            target = (path.parent / unquote(urlsplit(embed).path)).resolve()
            assert target.is_file(), f"{path.relative_to(site)} embeds missing {embed}"
            if target.suffix == ".svg":
                diagrams += 1
                _check_svg_links(target, site)
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert target.exists(), f"{path.relative_to(site)} links to missing {link}"
            if parts.fragment and target.suffix == ".html" and target.parent.name != "_modules" \
                    and "_modules" not in target.parts:
                assert parts.fragment in _page(target).ids, \
                    f"{path.relative_to(site)} links to missing anchor {link}"
    assert diagrams >= len(registry.games())
    for game in registry.games().values():
        phases = _page(site / docs.GENERATED / game.key / "phases.html")
        assert any(e.endswith(".svg") for e in phases.embeds), game.key


def _check_svg_links(svg: Path, site: Path) -> None:
    text = svg.read_text(encoding="utf-8")
    for href in re.findall(r'xlink:href="([^"]+)"', text):
        parts = urlsplit(html.unescape(href))
        if parts.scheme or parts.netloc:
            continue
        if not parts.path:  # a part of the drawing itself (matplotlib's glyphs, markers)
            assert f'id="{parts.fragment}"' in text, f"{svg.name} uses missing {href}"
            continue
        target = (svg.parent / unquote(parts.path)).resolve()
        assert target.is_file(), f"{svg.name} links to missing {href}"
        if parts.fragment:
            assert parts.fragment in _page(target).ids, f"{svg.name} links to {href}"


@needs_dot
def test_every_scenario_page_shows_what_the_replay_gives(site):
    known = registry.games()
    for game in known.values():
        folder = ROOT / "scenarios" / game.key
        if not folder.is_dir():
            continue
        for path in scenario_files([folder]):
            result = run_scenario(load_scenario(path, known, ROOT), game)
            page_path = site / (docs.scenario_docname(game.key, result.scenario) + ".html")
            page = _page(page_path)
            raw = page_path.read_text(encoding="utf-8")
            block = raw[raw.index("ringside-result"):]
            block = html.unescape(re.sub(r"<[^>]+>", " ", block[:block.index("</div>")]))
            block = re.sub(r"\s+:", ":", _norm(block))
            if result.final_position is not None:
                assert f"Outcome: {result.final_outcome}" in block, path.name
                assert f"Position: {result.final_position}" in block, path.name
            else:
                assert "stopped" in block, path.name
            assert ("Status: pass" if result.passed else "Status: FAIL") in page.visible
            for replayed in result.actions:
                for step in replayed.steps:
                    assert _norm(step.text) in page.visible, (path.name, step.text)
            assert f"ringside rule {result.scenario.path}" in page.visible


@needs_dot
def test_the_coverage_table_shows_every_rule_checked(site):
    page = _page(site / docs.GENERATED / "coverage.html")
    for game in registry.games().values():
        total = len(game.rulebook)
        assert re.search(rf"{re.escape(game.title)}: {total} rules, {total}/{total} \(100%\) "
                         r"checked at build time", page.visible), game.key
    clubfight = registry.games()["clubfight"]
    for rule in clubfight.rulebook:
        assert rule.number in page.visible
    # Only checks run at build time count: the proofs were not run, tests never are.
    assert "proofs not run in this build" in page.visible
    assert "also named by tests, which the test suite runs" in page.visible


@needs_dot
def test_rule_numbers_link_to_their_rules_everywhere(site):
    for path in _generated_pages(site):
        page = _page(path)
        assert not page.unlinked, f"{path.relative_to(site)}: unlinked {page.unlinked[:5]}"
    # The code pages link the numbers in docstrings too.
    api = _page(site / docs.GENERATED / "clubfight" / "api.html")
    assert any("#rule-cf-2-3" in link for link in api.links)


@needs_dot
def test_search_index_and_theme(site):
    index = (site / "searchindex.js").read_text(encoding="utf-8")
    assert "joker" in index.lower()
    assert (site / "search.html").is_file()
    assert "furo" in (site / "index.html").read_text(encoding="utf-8")


@needs_dot
def test_statistics_appear_only_with_a_results_file(site):
    for game in registry.games().values():
        results = ROOT / "results" / game.key / "summary.json"
        page = site / docs.GENERATED / game.key / "statistics.html"
        assert page.is_file() == results.is_file(), game.key


@needs_dot
def test_the_statistics_figures_and_the_hunt_are_on_the_site(site):
    """Club Fight's own pages (its docs_pages hook): figures drawn at build time as SVG
    files, each captioned with what it shows, on how many deals and the command; the
    commands in blocks that wrap; the hunt for unwinnable deals on a page of its own."""
    folder = site / docs.GENERATED / "clubfight"
    raw = (folder / "statistics.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="[^"]*ringside-figure[^"]*"[^>]*>(.*?)</figure>', raw,
                         re.DOTALL)
    assert len(figures) >= 3
    for figure in figures:
        source = re.search(r'<img[^>]+src="([^"]+\.svg)"', figure).group(1)
        svg = (folder / unquote(source)).resolve()
        assert svg.is_file() and svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
        caption = _norm(html.unescape(re.sub(r"<[^>]+>", " ", figure.split("<figcaption", 1)[1])))
        assert "ringside clubfight survey" in caption and "deals" in caption, caption
    rows = json.loads((ROOT / "results" / "clubfight" / "summary.json").read_text())
    blocks = re.findall(r'<div class="[^"]*ringside-command[^"]*">(.*?)</div>\s*</div>', raw,
                        re.DOTALL)
    shown = [_norm(html.unescape(re.sub(r"<[^>]+>", "", block)).replace("\\\n", " "))
             for block in blocks]
    wide = json.loads((ROOT / "results" / "clubfight" / "summary-100k.json").read_text())
    slack = {(r["jokers"], r["rules"]): r["slack"]["command"] for r in json.loads(
        (ROOT / "results" / "clubfight" / "summary-slack.json").read_text())}
    slack_commands = [slack[(r["jokers"], r["rules"])] for r in rows
                      if (r["jokers"], r["rules"]) in slack]
    assert len(slack_commands) == 4
    screens = [json.loads(path.read_text())["command"] for path in
               sorted((ROOT / "results" / "clubfight" / "screens").glob("*/summary.json"))]
    assert shown == ([f"$ {row['command']}" for row in wide]  # whole, cut into lines
                     + [f"$ {command}" for command in slack_commands]
                     + [f"$ {command}" for command in screens]
                     + [f"$ {row['command']}" for row in rows])
    css = (site / "_static" / "ringside.css").read_text(encoding="utf-8")
    assert "/* clubfight statistics (harness/games/clubfight/docs.py) */" in css
    assert "div.ringside-command pre" in css and "pre-wrap" in css
    page = _page(folder / "statistics.html")
    assert "What 100% means" in page.visible and "greedy" in page.visible
    assert any(link.endswith("unwinnable.html") for link in page.links)
    hunt = _page(folder / "unwinnable.html")
    assert "hunting for unwinnable deals" in hunt.visible
    assert "ringside clubfight hunt --jokers 2 --rules rulebook --budget 600" in hunt.visible
    index = _page(folder / "index.html")
    assert any(link.endswith("unwinnable.html") for link in index.links)
    assert any(link.endswith("statistics.html") for link in index.links)


# -- written for the people who read rules ---------------------------------------------------
def _results(game) -> list:
    known = registry.games()
    folder = ROOT / "scenarios" / game.key
    return [run_scenario(load_scenario(path, known, ROOT), game)
            for path in scenario_files([folder])] if folder.is_dir() else []


def _rule_parts(site: Path, game) -> dict[str, str]:
    """Each rule's part of the rules page (raw HTML), by rule number."""
    raw = (site / docs.GENERATED / game.key / "rules.html").read_text(encoding="utf-8")
    parts = {}
    for rule in game.rulebook:
        start = raw.index(f'<span id="{docs.rule_label(rule.number)}"')
        end = raw.find('<span id="rule-', start + 1)
        parts[rule.number] = raw[start:end if end > 0 else len(raw)]
    return parts


def _text(fragment: str) -> str:
    return _norm(html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


@needs_dot
def test_every_rule_shows_its_statement_examples_and_folded_checks(site):
    """Number, statement, then the rulings ABOUT the rule (its examples, by their one-line
    ruling), then its checks folded under one summary line."""
    for game in registry.games().values():
        results = _results(game)
        parts = _rule_parts(site, game)
        for rule in game.rulebook:
            head, folded_tag, folded = parts[rule.number].partition("<details")
            assert folded_tag, f"{rule.number}: its checks are not folded"
            about = {Path(r.scenario.path).stem: r for r in results
                     if rule.number in r.scenario.rules}
            cases = [c.claim for c in registry.parts_of(game.key).cases()
                     if rule.number in c.rules]
            assert about or cases, f"{rule.number} has no example"
            linked = set(re.findall(r'href="rulings/([^"#]+)\.html"', head))
            assert linked == set(about), rule.number  # examples only: not "also applies"
            text = _text(head)
            # Spaces aside: the page text has one at every tag, a linked rule number too.
            squashed = re.sub(r"\s+", "", text)
            assert squashed.index(re.sub(r"\s+", "", rule.statement)) < squashed.index(
                "Example")
            for result in about.values():
                assert _norm(result.scenario.title) in text, rule.number
            for claim in cases:
                assert _norm(claim) in text, rule.number
            summary = _text(folded[folded.index("<summary"):folded.index("</summary>")])
            assert re.match(r"\d+ checks?: ", summary), summary
            if "test" in summary:
                assert "checked by the test suite" in summary
            body = _text(folded[folded.index("</summary>"):folded.index("</details>")])
            assert "Rulings about this rule" in body
            assert "Source:" in body


@needs_dot
def test_a_ruling_says_what_it_is_about_and_what_also_applies(site):
    for game in registry.games().values():
        index = _page(site / docs.GENERATED / game.key / "rulings" / "index.html")
        for result in _results(game):
            page = _page(site / (docs.scenario_docname(game.key, result.scenario) + ".html"))
            about = ", ".join(result.scenario.rules)
            assert f"About: {about}" in page.visible, result.scenario.id
            also = [n for n in result.rules_applied if n not in result.scenario.rules]
            if also:
                assert f"Also applies: {', '.join(also)}" in page.visible
            # The index gives the one-line ruling and the rules it is about, in rule order.
            order = list(game.rulebook.numbers())
            ordered = ", ".join(sorted(result.scenario.rules, key=order.index))
            assert f"{_norm(result.scenario.title)} (about {ordered}" in index.visible


@needs_dot
def test_glossary_and_general_index_list_rules_and_terms(site):
    genindex = _page(site / "genindex.html")
    search = (site / "searchindex.js").read_text(encoding="utf-8")
    for game in registry.games().values():
        glossary = _page(site / docs.GENERATED / game.key / "glossary.html")
        assert game.glossary, f"{game.key} registers no glossary"
        for term in game.glossary:
            label = docs.term_label(game.key, term.name)
            assert label in glossary.ids and term.name in genindex.visible
            assert _norm(term.definition) in glossary.visible
            for number in term.rules:
                assert any(link.endswith("#" + docs.rule_label(number))
                           for link in glossary.links), (term.name, number)
        for rule in game.rulebook:
            assert rule.number in genindex.visible and rule.title in genindex.visible
            # A rule is an object of the search (found first by its number) and an entry.
            assert f'"{rule.number.lower()}"' in search
            assert docs.rule_label(rule.number) in search


@needs_dot
def test_step_grids_mark_the_cleared_cards_the_refill_and_the_club(site):
    for parts in registry.all_parts().values():
        game, drawing = parts.game, parts.drawing
        for result in _results(game):
            raw = (site / (docs.scenario_docname(game.key, result.scenario) + ".html")) \
                .read_text(encoding="utf-8")
            before = result.scenario.start
            for replayed in result.actions:
                layout = drawing.step_layout(before, replayed.canonical, replayed.position)
                before = replayed.position
                if layout is None:
                    continue
                meanings = dict(layout.legend)
                for row in layout.cells():
                    for cell in row:
                        for token in cell:
                            words = token.words or token.text
                            if token.mark:
                                words += f", {meanings[token.mark]}"
                            assert f'aria-label="{html.escape(words)}"' in raw, words
                for name, _ in layout.beside:
                    assert html.escape(name) in raw
                for _, meaning in layout.legend:
                    assert html.escape(meaning) in raw
    page = (site / docs.GENERATED / "clubfight" / "rulings" / "example-run.html").read_text()
    assert "rs-mark-cleared" in page and "rs-mark-dealt" in page and "club played" in page
    witnesses = (site / docs.GENERATED / "clubfight" / "ambiguities.html").read_text()
    assert witnesses.count("club to play") == sum(
        a.witness is not None for a in registry.games()["clubfight"].ambiguities)


@needs_dot
def test_ambiguities_and_the_rulings_of_each_reading_link_both_ways(site):
    for game in registry.games().values():
        ambiguities = site / docs.GENERATED / game.key / "ambiguities.html"
        raw = ambiguities.read_text(encoding="utf-8")
        shown = 0
        for result in _results(game):
            for ambiguity, reading in docs.shown_readings(game, result.scenario):
                shown += 1
                path = site / (docs.scenario_docname(game.key, result.scenario) + ".html")
                page = _page(path)
                label = docs.ambiguity_label(game.key, ambiguity.id)
                assert any(link.endswith(f"ambiguities.html#{label}") for link in page.links)
                assert f"the reading {ambiguity.setting_words}: {reading.words}" in page.visible
                entry = raw[raw.index(f'id="{label}"'):]
                entry = entry[:entry.find('<section id="ambiguity-', 1) if
                              '<section id="ambiguity-' in entry[1:] else len(entry)]
                reading_text = _text(entry)
                assert f"{ambiguity.setting_words}: {reading.words}" in reading_text
                assert f'rulings/{Path(result.scenario.path).stem}.html"' in entry
        if game.key == "clubfight":
            assert shown >= 2 * len(game.ambiguities)  # every reading has a ruling


@needs_dot
def test_each_rulebook_is_shown_line_by_line_from_its_table_alone(site):
    from model.core.traceability import Heading, Trace

    for game in registry.games().values():
        path = site / docs.GENERATED / game.key / "rulebook.html"
        index = _page(site / docs.GENERATED / game.key / "index.html")
        if not game.traceability:  # a table still to come: no page, no link to one
            assert not path.exists()
            continue
        assert any(link.endswith("rulebook.html") for link in index.links)
        page = _page(path)
        for entry in game.traceability:
            if isinstance(entry, Heading):
                assert f"Line {entry.line}: {entry.title}" in page.visible
                continue
            keys = f"{entry.start}\u2013{entry.end}" if entry.end else entry.start
            assert f"{keys} {entry.status.value} {_norm(entry.gist)}" in page.visible, keys
            for ident in entry.ambiguities:
                label = docs.ambiguity_label(game.key, ident)
                assert any(link.endswith(f"ambiguities.html#{label}") for link in page.links)
        traces = [e for e in game.traceability if isinstance(e, Trace)]
        for status in {e.status for e in traces}:
            count = sum(e.status is status for e in traces)
            assert f"{status.value} {count} " in page.visible, status
        assert not page.unlinked  # every rule number is a link to its rule


@needs_dot
def test_pages_for_players_use_words_not_python(site):
    """No Python names, True/False or field=value in what players read (code aside)."""
    python = re.compile(r"\b(True|False)\b|\b[a-z]+_[a-z_]+ ?=|\b[A-Z][a-z]+\.[a-z]+_[a-z_]+\b")
    for game in registry.games().values():
        folder = site / docs.GENERATED / game.key
        pages = [folder / name for name in ("index.html", "rules.html", "glossary.html",
                                            "phases.html", "ambiguities.html")]
        pages += sorted((folder / "rulings").glob("*.html"))
        labels = docs.phase_labels(game)
        for path in pages:
            raw = path.read_text(encoding="utf-8")
            raw = raw[raw.index('<article'):raw.index('</article>')]
            raw = raw.split('id="for-scenario-writers"')[0]  # names the fields, for authors
            raw = re.sub(r"<(code|pre|details)\b.*?</\1>", " ", raw, flags=re.S)
            text = _text(raw)
            found = python.findall(text)
            assert not found, f"{path.relative_to(site)}: {found[:5]}"
            for phase, label in labels.items():
                if phase != label and "_" in phase:
                    assert phase not in text, f"{path.relative_to(site)} names phase {phase}"


# -- the model drives the site --------------------------------------------------------------
def _extended_game(*, with_check: bool):
    """Club Fight with one more rule (CF 6.1), checked by an invariant or by nothing."""
    from model.clubfight.engine import ClubFight
    from model.clubfight.rulebook import RULES, SECTIONS

    extra = Rule("CF 6.1", "A rule added to the model",
                 "When a rule is added to the rulebook registry, the reference shows it "
                 "with no edit under docs/ (CF 2.3 still applies).",
                 "ringside test suite", ("model.clubfight.engine.refill",))

    class Extended(ClubFight):
        @property
        def rulebook(self):
            return RuleBook("CF", SECTIONS + (Section("CF 6", "Added for the test"),),
                            RULES + (extra,))

        @property
        def invariants(self):
            base = super().invariants
            if not with_check:
                return base
            return base + (Invariant("added-rule-holds", ("CF 6.1",),
                                     "Every state passes the added rule.", lambda state: None),)

    return Extended()


@needs_dot
def test_a_rule_added_to_the_model_appears_with_its_checks(tmp_path, monkeypatch):
    game = _extended_game(with_check=True)
    monkeypatch.setattr(registry, "games", lambda: {game.key: game})
    results = tmp_path / "results"
    (results / game.key).mkdir(parents=True)
    command = "ringside clubfight survey --jokers 1 --deals 1000 --write-summary"
    (results / game.key / "summary.json").write_text(json.dumps([
        {"jokers": 1, "rules": "rulebook", "deals": 1000, "start": 0, "wins": 812,
         "losses": 180, "unknown": 8, "win_rate": 0.812, "wilson_low": 0.786,
         "wilson_high": 0.835, "command": command,
         "policies": {"greedy": {"wins": 600, "deals": 1000, "win_rate": 0.6,
                                 "wilson_low": 0.569, "wilson_high": 0.63}}},
    ]))
    # A hand-written page may cite rules with the rule role (rules and sections).
    page = (":orphan:\n\nHand-written\n============\n\nSee :rule:`CF 6.1` in "
            ":rule:`cf6`, and CF 2.3 in plain text.\n")
    root = _root_with_scenarios(tmp_path, game.key, {"added-rule.toml": ADDED_RULE_EXAMPLE})
    result = _build(tmp_path, extra_pages={"handwritten.rst": page}, root=root,
                    overrides={"ringside_results": str(results)})
    assert result.passed, "\n".join(result.warnings + [result.error])
    site = tmp_path / "html"
    handwritten = _page(site / "handwritten.html")
    for anchor in ("#rule-cf-6-1", "#rule-cf-6", "#rule-cf-2-3"):
        assert any(link.endswith(anchor) for link in handwritten.links), anchor
    assert not handwritten.unlinked
    rules = _page(site / docs.GENERATED / game.key / "rules.html")
    assert "rule-cf-6-1" in rules.ids
    assert "CF 6.1 A rule added to the model" in rules.visible
    assert "Every state passes the added rule." in rules.visible  # its check, in words
    assert "The refill on a grid with one card missing, read as the added rule" in \
        rules.visible  # its example
    coverage = _page(site / docs.GENERATED / "coverage.html")
    total = len(game.rulebook)
    assert f"{total}/{total} (100%)" in coverage.visible
    stats = _page(site / docs.GENERATED / game.key / "statistics.html")
    assert "81.2% (78.6% to 83.5%)" in stats.visible
    assert command in stats.visible
    assert "greedy" in stats.visible


def test_a_rule_without_a_check_fails_the_build(tmp_path, monkeypatch):
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    game = _extended_game(with_check=False)
    monkeypatch.setattr(registry, "games", lambda: {game.key: game})
    result = _build(tmp_path)
    assert not result.passed
    assert "CF 6.1" in result.error and "no" in result.error


def test_a_rule_without_an_example_fails_the_build(tmp_path, monkeypatch):
    """A rule with a check but no ruling about it: the build warns, so it fails."""
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    game = _extended_game(with_check=True)
    monkeypatch.setattr(registry, "games", lambda: {game.key: game})
    result = _build(tmp_path)
    assert not result.passed
    assert any("CF 6.1 has no example" in line for line in result.warnings), result.warnings


def test_a_games_own_pages_come_from_its_docs_pages_hook(tmp_path):
    """Pages of a game's own: rendered from its template, listed on its index."""
    from harness.registry import DocsPage, GameParts
    from toygame import TOY

    (tmp_path / "notes.rst.jinja").write_text(
        '{% from "_macros.rst.jinja" import heading %}\n{{ heading(title, "=") }}\n'
        "Seen: {{ report.game.title }}; results in {{ results }}.\n", encoding="utf-8")
    given = []

    def pages(context):
        given.append(context)
        return [DocsPage("notes", "Notes", "notes.rst.jinja",
                         {"title": "Toy notes", "results": context.shown(context.game_results)},
                         templates=tmp_path, reproduce=("A note: ``ringside toy notes``.",),
                         files={"notes-figure.svg": "<svg></svg>\n"})]

    registry.register(GameParts(game=TOY, docs_pages=pages))
    try:
        reports = docs.collect([TOY], root=ROOT, options=docs.CheckOptions(
            proofs=False, depth=1, max_states=50, starts=1))
    finally:
        registry.unregister(TOY.key)
    generated, problems = docs.generate(reports)
    assert not problems
    assert given[0].game is TOY and given[0].results == ROOT / "results"
    notes = generated[f"{docs.GENERATED}/toy/notes.rst"]
    assert notes.startswith("Toy notes\n=========\n")
    assert "Seen: Toy Brawl; results in results/toy." in notes
    assert "   Checks <checks>\n   Notes <notes>\n   Code <api>\n" in \
        generated[f"{docs.GENERATED}/toy/index.rst"]
    assert "- A note: ``ringside toy notes``." in generated[f"{docs.GENERATED}/landing.rst.inc"]
    # Files of the page's own (figures drawn at build time) are written beside it.
    assert generated[f"{docs.GENERATED}/toy/notes-figure.svg"] == "<svg></svg>\n"


@needs_dot
def test_the_adding_a_game_page_shows_the_toy_games_code(site):
    page = _page(site / "adding-a-game.html")
    for text in ("class Rules", "class Setup", "def chance_outcomes", "def observation",
                 "def resample", "def player_actions", "def _resolve_effects", "def outcome",
                 "def max_length", "def phase_graph", "RULEBOOK = RuleBook(",
                 "AMBIGUITIES = (", "game_type = GameType(", "class HighBid",
                 "POLICIES: dict[str, Policy] ="):
        assert text in page.visible, text
    assert any(link.endswith("adding-a-game.html") for link in _page(site / "index.html").links)


def test_the_adding_a_game_pages_scenario_replays_on_the_toy_game(tmp_path):
    """The scenario written out on "Adding a game" passes on the toy game as it is."""
    from toygame import TOY

    text = (ROOT / "docs" / "adding-a-game.rst").read_text(encoding="utf-8")
    block = text.split(".. code-block:: toml\n\n", 1)[1]
    lines = []
    for line in block.splitlines():
        if line.strip() and not line.startswith("   "):
            break
        lines.append(line[3:])
    folder = tmp_path / "scenarios" / TOY.key
    folder.mkdir(parents=True)
    (folder / "example.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_scenario(load_scenario(folder / "example.toml", {TOY.key: TOY}, tmp_path), TOY)
    assert result.passed, result.failures
    assert len(result.checked) == 5


def test_code_named_by_a_rule_must_exist(monkeypatch):
    from model.clubfight.engine import ClubFight
    from model.clubfight.rulebook import RULES, SECTIONS

    broken = tuple(Rule(r.number, r.title, r.statement, r.source,
                        ("model.clubfight.engine.no_such_function",))
                   if r.number == "CF 2.3" else r for r in RULES)

    class Broken(ClubFight):
        @property
        def rulebook(self):
            return RuleBook("CF", SECTIONS, broken)

    options = docs.CheckOptions(proofs=False, depth=0, max_states=10, starts=1)
    reports = docs.collect([Broken()], root=ROOT, options=options)
    _, problems = docs.generate(reports)
    assert problems == ["CF 2.3 is implemented by model.clubfight.engine.no_such_function, "
                        "which does not exist"]


# -- small parts -----------------------------------------------------------------------------
def test_proof_statuses_are_honest():
    game = registry.games()["clubfight"]
    obligation = Obligation("CF-T1", ("CF 2.2",), "A claim.", "proved", lambda: Answer("proved"))
    report = docs.GameReport(game=game, check=None)
    ref = CheckRef("proof", "CF-T1", None)
    assert "not run" in docs.ref_status(report, ref)
    report.proofs["CF-T1"] = ProofResult(obligation, Answer("proved"), 0.1)
    assert docs.ref_status(report, ref) == ":rs-pass:`proved`"
    report.proofs["CF-T1"] = ProofResult(obligation, Answer("unknown"), 0.1)
    assert "FAIL" in docs.ref_status(report, ref)
    assert "checked by the test suite" in docs.ref_status(report, CheckRef("test", "t::x"))
    assert not docs.ran(report, CheckRef("test", "t::x", True))  # never counted as run


def test_phase_dot_styles_node_kinds():
    game = registry.games()["clubfight"]
    text = docs.phase_dot(game, link=True)
    graph = game.phase_graph()
    for node, data in graph.nodes(data=True):
        assert f'"{node}"' in text
    assert "hexagon" in text and "peripheries=2" in text and "oval" in text
    assert 'URL="rules.html#rule-cf-1-3"' in text


def test_docs_command_reports_a_missing_dot_in_one_line(monkeypatch, capsys):
    from harness import cli

    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "dot"
                        else real_which(name, *a, **k))
    assert cli.main(["docs"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "dot" in err[0] and "graphviz" in err[0].lower()


def test_docs_command_exit_codes_and_json(monkeypatch, capsys, tmp_path):
    from harness import cli

    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    outcome = {"passed": True}

    def fake_build(out, **kwargs):
        return docs.BuildResult(outcome["passed"], out / "index.html", 1.5,
                                [] if outcome["passed"] else ["WARNING: broken"])

    monkeypatch.setattr(docs, "build_site", fake_build)
    monkeypatch.setattr(docs, "check_report_for", lambda args, root, out, line: out / "c.json")
    assert cli.main(["docs", "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert str(tmp_path / "index.html") in captured.out
    assert "building the rules reference" in captured.err
    outcome["passed"] = False
    assert cli.main(["docs", "--out", str(tmp_path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is False and data["warnings"] == ["WARNING: broken"]


def test_docs_explorer_bounds_reach_the_build_as_settings(monkeypatch, capsys, tmp_path):
    """``ringside docs --depth/--max-states/--starts`` set the explorer's bounds of the
    build (the pages state the bounds they were made with); unset, conf.py's hold; a
    bad bound is one line and exit 2, before anything is built."""
    from harness import cli

    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    given = []

    def fake_build(out, **kwargs):
        given.append(kwargs["overrides"])
        return docs.BuildResult(True, out / "index.html", 1.0, [])

    monkeypatch.setattr(docs, "build_site", fake_build)
    monkeypatch.setattr(docs, "check_report_for", lambda args, root, out, line: out / "c.json")
    assert cli.main(["docs", "--out", str(tmp_path), "--json"]) == 0
    assert cli.main(["docs", "--out", str(tmp_path), "--json", "--depth", "1",
                     "--max-states", "300", "--starts", "2"]) == 0
    assert cli.main(["docs", "--out", str(tmp_path), "--json", "--starts", "3"]) == 0
    assert given == [{}, {"ringside_explore_depth": 1, "ringside_explore_states": 300,
                          "ringside_explore_starts": 2}, {"ringside_explore_starts": 3}]
    capsys.readouterr()
    assert cli.main(["docs", "--out", str(tmp_path), "--max-states", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--max-states" in err[0] and len(given) == 3
    # The names are the settings conf.py and the extension define.
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert all(f"{name} = " in conf for name in docs.EXPLORER_SETTINGS.values())


def test_a_games_data_cases_run_in_check_count_for_rules_and_show_on_its_checks_page():
    """Data cases (checks read from data files) are run, cover their rules, and a failing
    one fails the check and is named on the checks page."""
    from harness.registry import DataCase, GameParts
    from toygame import TOY

    first = TOY.rulebook.numbers()[0]
    cases = [DataCase("TB-C1", "A hand of two cards is a hand.", (first,), lambda: ()),
             DataCase("TB-C2", "A bid of nothing is refused.", (first,),
                      lambda: ("expected a refusal, got none",))]
    registry.register(GameParts(game=TOY, cases=lambda: cases))
    try:
        reports = docs.collect([TOY], root=ROOT, options=docs.CheckOptions(
            proofs=False, depth=1, max_states=50, starts=1))
    finally:
        registry.unregister(TOY.key)
    check = reports[0].check
    row = next(r for r in check.rows if r.check == "data cases")
    assert not row.passed and row.count == "1/2 pass"
    assert row.failures == ["TB-C2: expected a refusal, got none"]
    kinds = {(r.kind, r.id, r.passed) for r in check.coverage[first]}
    assert {("case", "TB-C1", True), ("case", "TB-C2", False)} <= kinds
    generated, _ = docs.generate(reports)
    page = generated[f"{docs.GENERATED}/toy/checks.rst"]
    assert "Data cases\n----------" in page
    assert "**TB-C1** A hand of two cards is a hand." in page
    assert "expected a refusal, got none" in page
    # Each case is a line block, which reStructuredText wants ended by a blank line.
    cases = page.split("Data cases\n----------", 1)[1].split("Proof obligations\n", 1)[0]
    assert re.findall(r"\n\| Rules [^\n]*\n(?!\n)", cases) == []
    assert len(re.findall(r"\n\| Rules [^\n]*\n\n", cases)) == 2
    # A data case is an example of the rules it is about, on the rules page.
    rules = generated[f"{docs.GENERATED}/toy/rules.rst"]
    assert "**Example:** :ref:`A hand of two cards is a hand. <case-toy-tb-c1>` (a data case)" \
        in rules
    # Without its scenarios, a rule is still exemplified by the data cases about it.
    reports[0].check.scenarios.clear()
    missing = docs.without_example(reports[0])
    assert first not in missing and TOY.rulebook.numbers()[1] in missing


@needs_dot
def test_monmamo_pages_of_its_own_show_the_cards_and_the_termination_survey(site):
    from analysis.monmamo.loading import GAME
    from analysis.monmamo.search import SMALL_STARTS

    cards = _page(site / "generated" / "monmamo" / "cards.html")
    assert "None of these cards is a real card of the game." in cards.visible
    for card in GAME.cards.values():
        assert card.name in cards.visible and card.number in cards.visible
    termination = _page(site / "generated" / "monmamo" / "termination.html")
    for words, _ in SMALL_STARTS:
        assert words in termination.visible
    assert "MM-A8: What of a final setup turn taken with no card?" in termination.visible
    assert "refuted" not in termination.visible and "unknown" not in termination.visible.replace(
        "would show unknown", "")
    assert any(link.endswith("termination.html") for link in
               _page(site / "generated" / "monmamo" / "index.html").links)


def test_the_docs_show_the_checks_of_the_report_they_are_given(tmp_path):
    """The site is built from what ``ringside check --json`` wrote: the statuses and
    options are the report's; a report that disagrees with this version of the
    rules (a scenario's outcome, a missing game) is one line, never a wrong page."""
    from harness.check_report import report_of, run_checks
    from harness.registry import get_game

    game = get_game("duel")
    options = docs.CheckOptions(proofs=False, depth=1, max_states=40, starts=1, playouts=3)
    results, seconds = run_checks([game], root=ROOT, options=options)
    data = report_of(results, options, seconds)
    path = tmp_path / "check.json"
    path.write_text(json.dumps(data))

    (report,) = docs.collect([game], root=ROOT, report=path)
    assert report.options == options and report.check_report == "check.json"
    assert [(r.check, r.passed, r.count) for r in report.check.rows] == \
        [(r.check, r.passed, r.count) for r in results[0].rows]
    assert [s.scenario.id for s in report.check.scenarios] == \
        [s.scenario.id for s in results[0].scenarios]
    # The rows shown are the report's, not a fresh run's.
    data["games"][0]["rows"][0]["count"] = "as the report says"
    path.write_text(json.dumps(data))
    (report,) = docs.collect([game], root=ROOT, report=path)
    assert report.check.rows[0].count == "as the report says"

    broken = json.loads(json.dumps(data))
    first = broken["games"][0]["scenarios"][0]
    first["passed"] = False
    path.write_text(json.dumps(broken))
    with pytest.raises(InputError, match=f"scenario {first['id']} passes here but the report"):
        docs.collect([game], root=ROOT, report=path)
    path.write_text(json.dumps({**data, "games": []}))
    with pytest.raises(InputError, match="no entry for duel"):
        docs.collect([game], root=ROOT, report=path)
    path.write_text(json.dumps({**data, "format": "ringside-check/0"}))
    with pytest.raises(InputError, match="not a check report of format"):
        docs.collect([game], root=ROOT, report=path)


def test_docs_check_report_option_is_checked_before_anything_is_built(monkeypatch, capsys,
                                                                      tmp_path):
    from harness import cli

    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    built = []
    monkeypatch.setattr(docs, "build_site", lambda out, **kwargs: built.append(kwargs))
    report = tmp_path / "check.json"
    report.write_text('{"format": "something else"}')
    out = tmp_path / "site"
    assert cli.main(["docs", "--out", str(out), "--check-report", str(report)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a check report" in err[0]
    assert cli.main(["docs", "--out", str(out), "--check-report", str(report),
                     "--depth", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--check-report" in err[0] and "ringside check" in err[0]
    assert not built and not out.exists()
