"""The rules reference: pages generated from the model, and ``ringside docs``.

The Sphinx project in ``docs/`` holds the hand-written frame (``conf.py``,
``index.rst``, the theme's stylesheet) and a local extension,
``docs/_ext/ringside_reference.py``.  At ``builder-inited`` the extension asks
this module for the pages: :func:`collect` runs every check of every
registered game (:func:`harness.check.check_game`, proofs included) and
:func:`generate` turns the registries and the check results into
reStructuredText files under ``docs/generated/``, which is never committed.
Nothing about a particular game lives here: a game that the registry holds
gets its pages, and a rule added to a rulebook appears on the next build.

Rule numbers are linked by the extension wherever they appear in the text;
the pages written here carry them as plain text.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from harness.coverage import CheckRef
from model.core.errors import InputError
from model.core.game import Game, Layout

GENERATED = "generated"
"""The folder, under the Sphinx source folder, that receives the generated pages."""

CHECK_KINDS = ("scenario", "proof", "invariant", "test")
KIND_TITLES = {"scenario": "Scenarios", "proof": "Proofs", "invariant": "Invariants",
               "test": "Tests"}

_RULE_TEXT = re.compile(r"\b([A-Z]{2,4}) (\d+(?:\.\d+)*[a-z]?)\b")

Progress = Callable[[str], None]


# -- names and anchors ----------------------------------------------------------
def slug(text: str) -> str:
    """``CF 4.3`` -> ``cf-4-3``: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def rule_label(number: str) -> str:
    """The Sphinx label of a rule or a rule section: ``rule-cf-4-3``."""
    return f"rule-{slug(number)}"


def check_label(game_key: str, kind: str, check_id: str) -> str:
    return f"{kind}-{game_key}-{slug(check_id)}"


def ambiguity_label(game_key: str, ambiguity_id: str) -> str:
    return f"ambiguity-{game_key}-{slug(ambiguity_id)}"


def scenario_docname(game_key: str, scenario) -> str:
    """The page of a scenario, from its file's place under ``scenarios/<game>/``."""
    path = Path(scenario.path)
    parts = path.with_suffix("").parts
    if game_key in parts:
        parts = parts[parts.index(game_key) + 1:]
    return f"{GENERATED}/{game_key}/rulings/{slug('-'.join(parts)) or slug(scenario.id)}"


def rule_numbers(games: Iterable[Game]) -> dict[str, str]:
    """Every rule and section number of every game, with its label."""
    found: dict[str, str] = {}
    for game in games:
        for section in game.rulebook.sections:
            found[section.number] = rule_label(section.number)
        for rule in game.rulebook:
            found[rule.number] = rule_label(rule.number)
    return found


def find_rule_numbers(text: str, known: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """``(start, end, number)`` of every known rule number written in ``text``."""
    return [(m.start(), m.end(), f"{m.group(1)} {m.group(2)}")
            for m in _RULE_TEXT.finditer(text) if f"{m.group(1)} {m.group(2)}" in known]


# -- reStructuredText helpers ---------------------------------------------------------
_ESCAPE = re.compile(r"([\\*`|_\[\]])")


def esc(text: Any) -> str:
    """Text with reStructuredText markup characters escaped (one line)."""
    return _ESCAPE.sub(r"\\\1", " ".join(str(text).split()))


def lit(text: Any) -> str:
    """Inline literal text."""
    text = " ".join(str(text).split())
    if not text:
        return ""
    if "`" in text:
        return esc(text)
    return f"``{text}``"


def heading(text: str, char: str, overline: bool = False) -> str:
    text = esc(text)
    line = char * max(len(text), 3)
    return (f"{line}\n{text}\n{line}\n" if overline else f"{text}\n{line}\n")


def indent(text: str, spaces: int = 3) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def ref(label: str, title: str) -> str:
    return f":ref:`{esc_role(title)} <{label}>`"


def doc(docname: str, title: str | None = None) -> str:
    return f":doc:`{esc_role(title)} </{docname}>`" if title else f":doc:`/{docname}`"


def esc_role(text: str) -> str:
    """Text for the title part of a cross-reference role."""
    return " ".join(str(text).replace("`", "'").replace("<", "\\<").split())


def status(kind: str, text: str) -> str:
    """A coloured status word (roles defined by the extension)."""
    return f":rs-{kind}:`{esc_role(text)}`"


def list_table(rows: Sequence[Sequence[str]], header: Sequence[str] | None = None,
               widths: Sequence[int] | None = None, cls: str | None = None,
               caption: str = "") -> str:
    """A ``list-table`` directive; cells are reStructuredText (may span lines)."""
    out = [f".. list-table::{(' ' + esc(caption)) if caption else ''}"]
    if header:
        out.append("   :header-rows: 1")
    if widths:
        out.append(f"   :widths: {' '.join(str(w) for w in widths)}")
    if cls:
        out.append(f"   :class: {cls}")
    out.append("")
    for row in ([list(header)] if header else []) + [list(r) for r in rows]:
        for index, cell in enumerate(row):
            lines = str(cell).splitlines() or [""]
            bullet = "   * - " if index == 0 else "     - "
            out.append((bullet + lines[0]).rstrip() if lines[0] else bullet.rstrip())
            for line in lines[1:]:
                out.append(("       " + line) if line.strip() else "")
    return "\n".join(out) + "\n"


def field_list(items: Iterable[tuple[str, str]]) -> str:
    out = []
    for name, body in items:
        lines = str(body).splitlines() or [""]
        out.append(f":{esc(name)}: {lines[0]}".rstrip())
        out.extend(indent(line, 3) if line.strip() else "" for line in lines[1:])
    return "\n".join(out) + "\n"


def notes_block(text: str) -> str:
    """Free text kept line for line (monospace, rule numbers still linked)."""
    body = "\n".join(indent(_ESCAPE.sub(r"\\\1", line), 3) for line in text.splitlines())
    return f".. parsed-literal::\n   :class: ringside-notes\n\n{body}\n"


# -- objects named by rules -------------------------------------------------------------
_ROLES = {"module": "py:mod", "class": "py:class", "method": "py:meth",
          "property": "py:attr", "attribute": "py:attr", "function": "py:func",
          "data": "py:data"}


@dataclass(frozen=True, slots=True)
class CodeObject:
    """A dotted name resolved to what it is: module, class, method, function ..."""

    dotted: str
    kind: str
    module: str
    qualname: str

    @property
    def role(self) -> str:
        return _ROLES[self.kind]

    def xref(self) -> str:
        title = self.qualname or self.module
        if self.kind in ("method", "function"):
            title += "()"
        return f":{self.role}:`{title} <{self.dotted}>`"


def resolve_object(dotted: str) -> CodeObject | None:
    """What ``dotted`` names, or ``None`` when it names nothing importable."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        rest = parts[cut:]
        if not rest:
            return CodeObject(dotted, "module", module_name, "")
        owner: Any = module
        parent: Any = None
        for name in rest:
            parent = owner
            try:
                owner = inspect.getattr_static(owner, name)
            except AttributeError:
                return None
        qualname = ".".join(rest)
        if isinstance(owner, type):
            kind = "class"
        elif isinstance(parent, type):
            if isinstance(owner, property):
                kind = "property"
            elif isinstance(owner, (staticmethod, classmethod)) or inspect.isfunction(owner):
                kind = "method"
            else:
                kind = "attribute"
        elif inspect.isfunction(owner) or inspect.isbuiltin(owner) or callable(owner):
            kind = "function"
        else:
            kind = "data"
        return CodeObject(dotted, kind, module_name, qualname)
    return None


def _callable_name(function: Any) -> str | None:
    name = getattr(function, "__qualname__", "")
    module = getattr(function, "__module__", "")
    if not name or not module or "<" in name:
        return None
    return f"{module}.{name}"


# -- running the checks ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CheckOptions:
    """What the docs build runs: proofs or not, and the explorer's bounds."""

    proofs: bool = True
    depth: int = 2
    max_states: int = 4000
    starts: int = 4


@dataclass(slots=True)
class GameReport:
    """One game's registries with the checks run on it, ready to render."""

    game: Game
    check: Any  # harness.check.GameCheck
    obligations: tuple = ()
    proofs: dict[str, Any] = field(default_factory=dict)  # id -> ProofResult (when run)
    coverage: dict[str, list[CheckRef]] = field(default_factory=dict)
    tests: dict[str, list[str]] = field(default_factory=dict)  # test id -> rule numbers
    statistics: list[dict] | None = None
    statistics_path: str = ""
    options: CheckOptions = CheckOptions()
    root: Path = Path(".")

    @property
    def uncovered(self) -> list[str]:
        return [number for number, refs in self.coverage.items() if not refs]

    def failures(self) -> list[str]:
        """Every failed check, one line each."""
        found = []
        for row in self.check.rows:
            if row.check == "rule coverage":
                continue
            if not row.passed:
                found.extend(f"{self.game.key} {row.check}: {f}" for f in row.failures
                             or [row.count])
        return found


def collect(games: Iterable[Game], *, root: Path, options: CheckOptions = CheckOptions(),
            results: Path | None = None, progress: Progress = lambda message: None,
            ) -> list[GameReport]:
    """Run every check of every game and gather what the pages need."""
    from harness.check import check_game
    from harness.registry import all_parts

    reports = []
    for game in games:
        check = check_game(game, root=root, depth=options.depth,
                           max_states=options.max_states, starts=options.starts,
                           proofs=options.proofs, progress=progress)
        parts = all_parts().get(game.key)
        obligations = tuple(parts.obligations()) if parts is not None else ()
        coverage = {number: list(refs) for number, refs in check.coverage.items()}
        if not options.proofs:
            # The proofs were not run: they still cover their rules, status unknown.
            for obligation in obligations:
                for number in obligation.rules:
                    if number in coverage:
                        coverage[number].append(CheckRef("proof", obligation.id, None))
        tests: dict[str, list[str]] = {}
        for number, refs in coverage.items():
            for item in refs:
                if item.kind == "test":
                    tests.setdefault(item.id, []).append(number)
        report = GameReport(
            game=game, check=check, obligations=obligations,
            proofs={p.obligation.id: p for p in check.proofs}, coverage=coverage,
            tests=tests, options=options, root=root)
        summary = (results or root / "results") / game.key / "summary.json"
        if summary.is_file():
            try:
                report.statistics = _read_statistics(summary)
            except (OSError, ValueError) as error:
                raise InputError(f"cannot read the statistics: {error}", str(summary)) from None
            try:
                report.statistics_path = summary.relative_to(root).as_posix()
            except ValueError:
                report.statistics_path = summary.name
        reports.append(report)
    return reports


def _read_statistics(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("variants", data.get("rows", [data]))
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError("expected a list of objects, one per variant")
    return data


# -- drawing positions -------------------------------------------------------------------------
def board_table(layout: Layout, cls: str = "ringside-board") -> str:
    rows = [[esc(cell) if cell else "" for cell in row] for row in layout.board]
    return list_table(rows, cls=cls)


def position_block(game: Game, position: str, *, parts: bool = True) -> str:
    """A position drawn as the game's board with its parts, or as notation."""
    try:
        layout = game.layout(position)
    except InputError:
        layout = None
    if layout is None:
        return f"{lit(position)}\n"
    out = [".. container:: ringside-position", ""]
    out.append(indent(board_table(layout)))
    if parts and layout.parts:
        out.append("")
        out.append(indent(field_list((name, esc(text)) for name, text in layout.parts)))
    return "\n".join(out) + "\n"


# -- status words ----------------------------------------------------------------------------------
def ref_status(report: GameReport, item: CheckRef) -> str:
    if item.kind == "test":
        return status("notrun", "test (not run at build time)")
    if item.kind == "proof":
        proof = report.proofs.get(item.id)
        if proof is None:
            return status("notrun", "not run in this build")
        if proof.passed:
            return status("pass", proof.answer.status)
        return status("fail", f"FAIL: {proof.answer.status}, expected "
                              f"{proof.obligation.expected}")
    if item.passed is None:
        return status("notrun", "not run")
    if item.kind == "invariant":
        return status("pass", "held") if item.passed else status("fail", "FAIL: broken")
    return status("pass", "pass") if item.passed else status("fail", "FAIL")


def ref_link(report: GameReport, item: CheckRef, scenario_docs: Mapping[str, str]) -> str:
    if item.kind == "scenario" and item.id in scenario_docs:
        return doc(scenario_docs[item.id], item.id)
    return ref(check_label(report.game.key, item.kind, item.id), item.id)


# -- the pages -------------------------------------------------------------------------------------------
class _Site:
    def __init__(self, reports: Sequence[GameReport]) -> None:
        self.reports = list(reports)
        self.pages: dict[str, str] = {}
        self.documented: set[str] = set()
        self.problems: list[str] = []
        self.scenario_docs: dict[str, dict[str, str]] = {}
        self.extra_code: dict[str, list[str]] = {}
        for report in self.reports:
            key = report.game.key
            self.scenario_docs[key] = {r.scenario.id: scenario_docname(key, r.scenario)
                                       for r in report.check.scenarios}

    def add(self, docname: str, text: str) -> None:
        self.pages[f"{docname}.rst"] = text.rstrip() + "\n"


def generate(reports: Sequence[GameReport]) -> tuple[dict[str, str], list[str]]:
    """The generated pages (``{path under the source folder: text}``) and problems.

    Problems are things the build must not pass over (a rule naming code that
    does not exist, say); the extension reports each as a warning.
    """
    site = _Site(reports)
    _landing(site)
    _coverage_page(site)
    for report in site.reports:
        _game_pages(site, report)
    return site.pages, site.problems


def _share(covered: int, total: int) -> str:
    percent = 100 * covered / total if total else 100.0
    return f"{covered}/{total} ({percent:.0f}%)"


def _landing(site: _Site) -> None:
    out = []
    example = None
    for report in site.reports:
        rules = [r for r in report.game.rulebook if "." in r.number]
        if rules:
            example = (report.game, rules[min(len(rules) - 1, len(rules) // 2)])
            break
    rows = []
    for report in site.reports:
        game = report.game
        total = len(report.coverage)
        covered = total - len(report.uncovered)
        rows.append([
            doc(f"{GENERATED}/{game.key}/index", game.title),
            esc(game.summary) if game.summary else "",
            str(len(game.rulebook)),
            _share(covered, total),
            doc(f"{GENERATED}/{game.key}/rulings/index", str(len(report.check.scenarios))),
            doc(f"{GENERATED}/{game.key}/ambiguities", str(len(game.ambiguities))),
        ])
    out.append(heading("The games", "-"))
    out.append(list_table(rows, ["Game", "In brief", "Rules", "Rules checked",
                                 "Rulings", "Ambiguities"], widths=[14, 46, 8, 12, 10, 10]))
    if example:
        game, rule = example
        prefix, _, section = rule.number.partition(" ")
        top = section.split(".")[0]
        section_title = next((s.title for s in game.rulebook.sections
                              if s.number == f"{prefix} {top}"), "")
        out.append(heading("Reading a rule number", "-"))
        out.append(
            f"A rule number is the game's prefix and a section number: in {rule.number}, "
            f"*{prefix}* is {esc(game.title)}, *{top}* the section "
            f"({esc(section_title)}) and *{section[len(top) + 1:]}* the rule in it. "
            "A letter after the number (as in 7.2b) marks a rule inserted later "
            "between two others. Numbers are stable: once published, a number keeps its "
            "meaning, and a retired number is never reused. Every rule number on this "
            "site links to its rule; the same numbers are accepted by "
            f"``ringside rules {rule.number}``.\n")
        out.append(
            "Each rule is stated in ringside's own words and names the rulebook section "
            "it comes from (or ringside's own specification, where the rulebook leaves "
            "the point open), the code that carries it out, and every check that "
            "covers it.\n")
    out.append(heading("How the checks are shown", "-"))
    opts = site.reports[0].options if site.reports else CheckOptions()
    proofs = ("every proof obligation was discharged by z3 during the build"
              if opts.proofs else
              "the proof obligations were **not** run in this build (``--no-proofs``); "
              "they are listed with the status *not run in this build*")
    out.append(
        "Every status on this site comes from the checks run while the site was built: "
        "each scenario was replayed, "
        f"{proofs}, and the explorer visited every state reachable within depth "
        f"{opts.depth} ({opts.max_states} states per start, {opts.starts} starts, under "
        "every ruleset), checking every invariant on each. Tests are found by their "
        "``@pytest.mark.rules`` markers; they are not run by the build and say so "
        "(``python -m pytest`` runs them). The build fails when a rule has no check "
        "or a check fails.\n")
    out.append(list_table([
        [status("pass", "pass"), "a scenario replayed as its file expects"],
        [status("pass", "proved") + " / " + status("pass", "witness"),
         "z3 gave the expected answer: the claim holds for every position, or an "
         "example exists"],
        [status("pass", "held"), "an invariant held on every explored state"],
        [status("notrun", "test (not run at build time)"),
         "a test that names the rule; run the test suite for its result"],
        [status("fail", "FAIL"), "a check gave another answer than expected"],
    ], ["Status", "Meaning"], widths=[25, 75]))
    out.append(heading("Reproducing every figure", "-"))
    items = [
        "The whole site: ``ringside docs`` (add ``--out DIR`` to choose the folder).",
        "Every status and the coverage table: ``ringside check`` "
        "(``ringside check GAME --json`` for the details).",
        "A ruling: ``ringside rule scenarios/GAME/FILE.toml``, given on each ruling's page; "
        "it replays the scenario step by step with the deciding rule numbers.",
        "A rule's text: ``ringside rules NUMBER``.",
        "A phase diagram: it is drawn by Graphviz from the game's ``phase_graph()``; "
        "``python -c \"from harness.docs import phase_dot; print(phase_dot('GAME'))\" "
        "| dot -Tsvg > phases.svg`` draws it again.",
        "An ambiguity's witness position: stored in the ambiguity register; the proof "
        "named beside it finds such a position again (``ringside check``).",
    ]
    if any(report.statistics is not None for report in site.reports):
        items.append("A statistic: the exact command is printed under its table; it "
                     "rewrites the results file the table is read from.")
    out.append("\n".join(f"- {item}" for item in items) + "\n")
    out.append(".. toctree::\n   :maxdepth: 2\n   :caption: Games\n")
    for report in site.reports:
        out.append(f"   /{GENERATED}/{report.game.key}/index")
    out.append("")
    out.append(".. toctree::\n   :maxdepth: 1\n   :caption: Across games\n\n"
               f"   /{GENERATED}/coverage\n")
    site.pages[f"{GENERATED}/landing.rst.inc"] = "\n".join(out) + "\n"


def _coverage_page(site: _Site) -> None:
    out = [heading("Rule coverage", "=")]
    out.append(
        "Which checks cover which rules, for every game. A rule is checked when at "
        "least one scenario, proof obligation, invariant or marked test names it (a "
        "scenario also covers every rule its replay applies). The build fails when a "
        "rule has none.\n")
    rows = []
    for report in site.reports:
        total = len(report.coverage)
        covered = total - len(report.uncovered)
        by_kind = []
        for kind in CHECK_KINDS:
            count = sum(any(r.kind == kind for r in refs) for refs in report.coverage.values())
            by_kind.append(_share(count, total))
        rows.append([doc(f"{GENERATED}/{report.game.key}/index", report.game.title),
                     str(total), _share(covered, total), *by_kind])
    out.append(list_table(rows, ["Game", "Rules", "Checked", "by a scenario", "by a proof",
                                 "by an invariant", "by a test"],
                          cls="ringside-coverage-summary"))
    for report in site.reports:
        out.append(heading(report.game.title, "-"))
        out.append(_coverage_matrix(site, report))
    site.add(f"{GENERATED}/coverage", "\n".join(out))


def _coverage_matrix(site: _Site, report: GameReport) -> str:
    rows = []
    for rule in report.game.rulebook:
        refs = report.coverage.get(rule.number, [])
        cells = []
        for kind in CHECK_KINDS:
            count = sum(r.kind == kind for r in refs)
            cells.append(str(count) if count else "")
        failed = [r for r in refs if r.passed is False
                  or (r.kind == "proof" and r.id in report.proofs
                      and not report.proofs[r.id].passed)]
        if not refs:
            state = status("fail", "no check")
        elif failed:
            state = status("fail", f"{len(failed)} failed")
        else:
            state = status("pass", f"{len(refs)} checks")
        rows.append([rule.number, esc(rule.title), *cells, state])
    return list_table(rows, ["Rule", "Title", "Scenarios", "Proofs", "Invariants", "Tests",
                             "Status"], widths=[10, 30, 10, 10, 10, 10, 20],
                      cls="ringside-coverage")


def _game_pages(site: _Site, report: GameReport) -> None:
    _game_index(site, report)
    _rules_page(site, report)
    _phases_page(site, report)
    _ambiguities_page(site, report)
    _rulings_pages(site, report)
    _checks_page(site, report)
    if report.statistics is not None:
        _statistics_page(site, report)
    _api_page(site, report)


def _rules_fields(game: Game) -> dict[str, str]:
    """Field descriptions from the ``Rules`` class docstring (``name`` then indented text)."""
    doc_text = inspect.cleandoc(game.rules_type.__doc__ or "")
    names = {f.name for f in dataclasses.fields(game.rules_type)} \
        if dataclasses.is_dataclass(game.rules_type) else set()
    found: dict[str, list[str]] = {}
    current = None
    for line in doc_text.splitlines():
        word = line.strip()
        if word in names and not line.startswith((" ", "\t")):
            current = word
            found[current] = []
        elif current and line.startswith((" ", "\t")) and word:
            found[current].append(word)
        elif current and not word:
            continue
        else:
            current = None
    return {name: " ".join(lines) for name, lines in found.items()}


def _game_index(site: _Site, report: GameReport) -> None:
    game = report.game
    base = f"{GENERATED}/{game.key}"
    out = [heading(game.title, "=")]
    if game.summary:
        out.append(f"*{esc(game.summary)}*\n")
    if game.overview:
        out.append(inspect.cleandoc(game.overview) + "\n")
    facts = [("Rulebook", lit(game.rulebook_file)),
             ("Players", str(game.num_players)),
             ("Numbered rules", doc(f"{base}/rules", f"{len(game.rulebook)} in "
                                    f"{len(game.rulebook.sections)} sections")),
             ("Ambiguities", doc(f"{base}/ambiguities", str(len(game.ambiguities)))),
             ("Rulings", doc(f"{base}/rulings/index", str(len(report.check.scenarios)))),
             ("Rules checked", doc(f"{GENERATED}/coverage", _share(
                 len(report.coverage) - len(report.uncovered), len(report.coverage))))]
    out.append(field_list(facts))
    pages = [("Rules", "rules"), ("Phases", "phases"), ("Ambiguities", "ambiguities"),
             ("Rulings", "rulings/index"), ("Checks", "checks")]
    if report.statistics is not None:
        pages.append(("Statistics", "statistics"))
    pages.append(("Code", "api"))
    out.append(".. toctree::\n   :maxdepth: 1\n\n" + "\n".join(
        f"   {title} <{page}>" for title, page in pages) + "\n")
    # Rulesets: every open point and its value in each preset.
    if dataclasses.is_dataclass(game.rules_type) and game.presets:
        out.append(heading("Rulesets", "-"))
        out.append(
            "Every point the rulebook leaves open is a field of "
            f"{CodeObject(f'{game.rules_type.__module__}.{game.rules_type.__qualname__}', 'class', game.rules_type.__module__, game.rules_type.__qualname__).xref()}; "
            "a ruleset gives each a value. The first ruleset is the default; scenarios "
            "name the one they use.\n")
        descriptions = _rules_fields(game)
        by_field = {}
        for ambiguity in game.ambiguities:
            by_field.setdefault(ambiguity.field, []).append(ambiguity)
        presets = list(game.presets.items())
        rows = []
        for f in dataclasses.fields(game.rules_type):
            links = ", ".join(ref(ambiguity_label(game.key, a.id), a.id)
                              for a in by_field.get(f.name, []))
            rows.append([lit(f.name), esc(descriptions.get(f.name, "")), links,
                         *(lit(repr(getattr(preset, f.name))) for _, preset in presets)])
        out.append(list_table(rows, ["Field", "Meaning", "Ambiguity",
                                     *(lit(name) for name, _ in presets)]))
    site.add(f"{base}/index", "\n".join(out))


def _rules_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    phases_by_rule: dict[str, list[str]] = {}
    graph = game.phase_graph()
    for node, data in graph.nodes(data=True):
        for number in data.get("rules", ()):
            phases_by_rule.setdefault(number, []).append(data.get("label") or str(node))
    ambiguities_by_rule: dict[str, list] = {}
    for ambiguity in game.ambiguities:
        for number in ambiguity.rules:
            ambiguities_by_rule.setdefault(number, []).append(ambiguity)
    out = [heading(f"{game.title}: the rules", "=")]
    out.append(
        f"The {len(game.rulebook)} numbered rules of {esc(game.title)}, in order. Each "
        "gives the rulebook section it comes from, the code that carries it out and "
        "every check that covers it, with the status it had when this site was built.\n")
    for section in game.rulebook.sections:
        out.append(f".. _{rule_label(section.number)}:\n")
        out.append(heading(f"{section.number} {section.title}", "-"))
        for rule in game.rulebook.in_section(section):
            out.append(f".. _{rule_label(rule.number)}:\n")
            out.append(heading(f"{rule.number} {rule.title}", "~"))
            out.append(".. container:: ringside-statement\n\n" + indent(esc(rule.statement))
                       + "\n")
            fields = [("Source", esc(rule.source))]
            code = []
            for dotted in rule.implemented_by:
                obj = resolve_object(dotted)
                if obj is None:
                    site.problems.append(f"{rule.number} is implemented by {dotted}, "
                                         "which does not exist")
                    code.append(lit(dotted))
                else:
                    code.append(obj.xref())
            if code:
                fields.append(("Implemented by", ", ".join(code)))
            if rule.number in phases_by_rule:
                fields.append(("Phase", ", ".join(
                    doc(f"{GENERATED}/{key}/phases", label)
                    for label in phases_by_rule[rule.number])))
            if rule.number in ambiguities_by_rule:
                fields.append(("Open points", ", ".join(
                    ref(ambiguity_label(key, a.id), f"{a.id} {a.title}")
                    for a in ambiguities_by_rule[rule.number])))
            out.append(field_list(fields))
            refs = report.coverage.get(rule.number, [])
            if refs:
                rows = []
                for kind in CHECK_KINDS:
                    for item in refs:
                        if item.kind == kind:
                            rows.append([kind, ref_link(report, item, docs),
                                         ref_status(report, item)])
                out.append(list_table(rows, ["Check", "Id", "Status"], widths=[12, 60, 28],
                                      cls="ringside-checks"))
            else:
                out.append(f"{status('fail', 'No check covers this rule.')}\n")
    site.add(f"{GENERATED}/{key}/rules", "\n".join(out))


_KIND_STYLE = {
    "start": 'shape=oval, style="filled,bold", fillcolor="#d9ead3", color="#38761d"',
    "decision": 'shape=hexagon, style="filled", fillcolor="#fff2cc", color="#bf9000"',
    "step": 'shape=box, style="rounded,filled", fillcolor="#dfe7f3", color="#3d5a80"',
    "terminal": 'shape=box, style="filled", peripheries=2, fillcolor="#f4cccc", '
                'color="#990000"',
}
_KIND_MEANING = {
    "start": "where a game begins",
    "decision": "a player (or chance) chooses",
    "step": "the engine carries out a rule, no choice",
    "terminal": "the game is over",
}


def _html_label(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def phase_dot(game: Game | str, link: bool = False) -> str:
    """The phase graph in Graphviz ``dot``; nodes styled by kind, labelled with rules.

    With ``link``, each node links to its first rule on the game's rules page.
    """
    if isinstance(game, str):
        from harness.registry import get_game

        game = get_game(game)
    graph = game.phase_graph()
    lines = [f"digraph {json.dumps(game.key + '_phases')} {{",
             '  graph [rankdir=TB, bgcolor="transparent", fontname="Helvetica", '
             'nodesep=0.35, ranksep=0.4];',
             '  node [fontname="Helvetica", fontsize=11, margin="0.15,0.06"];',
             '  edge [color="#555555", arrowsize=0.7, fontname="Helvetica", fontsize=9];']
    for node, data in graph.nodes(data=True):
        kind = data.get("kind", "step")
        label = _html_label(str(data.get("label") or node))
        rules = list(data.get("rules", ()))
        chunks = [", ".join(rules[i:i + 3]) for i in range(0, len(rules), 3)]
        small = "<br/>".join(_html_label(c) for c in chunks)
        text = f"<b>{label}</b>" + (f'<br/><font point-size="9">{small}</font>'
                                      if small else "")
        attrs = [_KIND_STYLE.get(kind, _KIND_STYLE["step"]), f"label=<{text}>",
                 f"tooltip={json.dumps(f'{node} ({kind}): ' + ', '.join(rules))}"]
        if link and rules:
            attrs.append(f'URL="rules.html#{rule_label(rules[0])}", target="_top"')
        lines.append(f"  {json.dumps(str(node))} [{', '.join(attrs)}];")
    for a, b, data in graph.edges(data=True):
        extra = f" [label={json.dumps(str(data['label']))}]" if data.get("label") else ""
        lines.append(f"  {json.dumps(str(a))} -> {json.dumps(str(b))}{extra};")
    lines.append("}")
    return "\n".join(lines)


def _phases_page(site: _Site, report: GameReport) -> None:
    game = report.game
    graph = game.phase_graph()
    out = [heading(f"{game.title}: phases", "=")]
    out.append(
        "The phases and steps of a game and every transition the engine may take, drawn "
        "from the model's phase graph: the engine never takes a transition the graph "
        "lacks (the scenarios and the explorer check every step against it). Click a "
        "node for its first rule.\n")
    alt = f"Phase diagram of {game.title}"
    out.append(f".. graphviz::\n   :alt: {esc(alt)}\n   :caption: {esc(alt)}: "
               f"{graph.number_of_nodes()} phases, {graph.number_of_edges()} transitions\n"
               "   :class: ringside-phases\n\n" + indent(phase_dot(game, link=True)) + "\n")
    kinds = []
    for kind in ("start", "decision", "step", "terminal"):
        if any(d.get("kind") == kind for _, d in graph.nodes(data=True)):
            kinds.append(kind)
    out.append(list_table([[f":rs-kind-{k}:`{k}`", _KIND_MEANING[k]] for k in kinds],
                          ["Kind", "Meaning"], widths=[20, 80], caption="Node kinds"))
    rows = []
    for node, data in graph.nodes(data=True):
        after = ", ".join(lit(b) for b in graph.successors(node)) or "(end)"
        kind = data.get("kind", "")
        rows.append([lit(node), esc(data.get("label") or node),
                     f":rs-kind-{kind}:`{kind}`" if kind in _KIND_STYLE else esc(kind),
                     esc(", ".join(data.get("rules", ()))), after])
    out.append(list_table(rows, ["Phase", "Label", "Kind", "Rules", "Leads to"],
                          widths=[18, 22, 12, 28, 20], caption="Phases"))
    site.add(f"{GENERATED}/{game.key}/phases", "\n".join(out))


def _ambiguities_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    out = [heading(f"{game.title}: the ambiguity register", "=")]
    out.append(
        "Every place where the rulebook is silent, contradicts itself or can be read "
        "more than one way: the passage (cited, not quoted), the readings, the one "
        "ringside takes by default and the ruleset field that selects a reading. Where "
        "z3 could, a witness shows a position on which the readings disagree.\n")
    if not game.ambiguities:
        out.append("The register is empty: the rulebook leaves no point open.\n")
    rules_cls = f"{game.rules_type.__module__}.{game.rules_type.__qualname__}"
    proof_ids = [o.id for o in report.obligations]
    for ambiguity in game.ambiguities:
        out.append(f".. _{ambiguity_label(key, ambiguity.id)}:\n")
        out.append(heading(f"{ambiguity.id} {ambiguity.title}", "-"))
        out.append(esc(ambiguity.passage) + "\n")
        presets_using = {}
        for name, preset in game.presets.items():
            if hasattr(preset, ambiguity.field):
                presets_using.setdefault(repr(getattr(preset, ambiguity.field)), []).append(name)
        out.append(field_list([
            ("Rulebook section", esc(ambiguity.source)),
            ("Rules", esc(", ".join(ambiguity.rules))),
            ("Ruleset field", f"{lit(ambiguity.field)} of "
                              f":py:class:`{game.rules_type.__qualname__} <{rules_cls}>`"),
        ]))
        rows = []
        for reading in ambiguity.readings:
            default = status("pass", "default") if reading.value == ambiguity.default else ""
            rows.append([lit(f"{ambiguity.field}={reading.value!r}"), esc(reading.summary),
                         ", ".join(lit(n) for n in presets_using.get(repr(reading.value), [])),
                         default])
        out.append(list_table(rows, ["Reading", "What it means", "Rulesets", ""],
                              widths=[25, 50, 15, 10]))
        out.append(f"**Why the default:** {esc(ambiguity.rationale)}\n")
        witness = ambiguity.witness
        if witness is not None:
            out.append(".. rubric:: Witness\n")
            out.append(position_block(game, witness.position))
            out.append(f"Position {lit(witness.position)}; the readings differ for "
                       f"{lit(witness.probe)}: {esc(witness.difference)}\n")
            found = [p for p in proof_ids if p.startswith(ambiguity.id)]
            if found:
                links = ", ".join(
                    f"{ref(check_label(key, 'proof', p), p)} "
                    f"({ref_status(report, CheckRef('proof', p, None))})" for p in found)
                out.append(f"Found again by z3 on every check: {links}.\n")
    site.add(f"{GENERATED}/{key}/ambiguities", "\n".join(out))


def _scenario_notes(path: Path) -> str:
    """The comment block at the head of a scenario file, without the ``#``."""
    lines = []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            lines.append(stripped[1:][1:] if stripped[1:2] == " " else stripped[1:])
        elif stripped:
            break
        elif lines:
            lines.append("")
    return "\n".join(lines).strip("\n")


def _scenario_status(result) -> str:
    return status("pass", "pass") if result.passed else status("fail", "FAIL")


def _rulings_pages(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    root = report.root
    out = [heading(f"{game.title}: the rulings", "=")]
    out.append(
        "Every scenario under ``scenarios/" + key + "/`` as a worked example: the start, "
        "each action with the steps it went through and the rules that decided them, "
        "the result, and what the scenario expects. Each page says how to replay it.\n")
    rows = []
    for result in report.check.scenarios:
        s = result.scenario
        rows.append([doc(docs[s.id], s.id.split("/", 1)[-1]), esc(s.title),
                     esc(", ".join(result.rules_covered)),
                     esc(result.final_outcome or "stopped"), _scenario_status(result)])
    if rows:
        out.append(list_table(rows, ["Scenario", "Ruling", "Rules", "Result", "Status"],
                              widths=[20, 40, 22, 9, 9]))
    else:
        out.append("No scenario has been written for this game yet.\n")
    out.append(".. toctree::\n   :hidden:\n\n" + "\n".join(
        f"   {r.scenario.id.split('/', 1)[-1]} </{docs[r.scenario.id]}>"
        for r in report.check.scenarios) + "\n")
    site.add(f"{GENERATED}/{key}/rulings/index", "\n".join(out))
    for result in report.check.scenarios:
        site.add(docs[result.scenario.id], _ruling_page(report, result, root))


def _ruling_page(report: GameReport, result, root: Path) -> str:
    game = report.game
    s = result.scenario
    out = [f".. _{check_label(game.key, 'scenario', s.id)}:\n", heading(s.title, "=")]
    fields = [("Scenario", f"{lit(s.id)} (file {lit(s.path)})")]
    if s.source:
        fields.append(("Rulebook section", esc(s.source)))
    fields.append(("Ruleset", esc(result.ruleset)))
    if s.rules:
        fields.append(("About", esc(", ".join(s.rules))))
    applied = [n for n in result.rules_applied if n not in s.rules]
    if applied:
        fields.append(("Also applies", esc(", ".join(applied))))
    fields.append(("Status", _scenario_status(result)))
    out.append(field_list(fields))
    notes = _scenario_notes(root / s.path)
    if notes:
        out.append(".. rubric:: Notes\n")
        out.append(notes_block(notes))
    out.append(heading("Start", "-"))
    out.append(position_block(game, s.start))
    if s.actions:
        out.append(heading("Actions", "-"))
        for number, replayed in enumerate(result.actions, 1):
            written = "" if replayed.canonical == replayed.text else \
                f" (written {lit(replayed.text)})"
            out.append(f".. rubric:: {number}. {esc(replayed.canonical)}\n")
            if written:
                out.append(f"The scenario writes it {lit(replayed.text)}.\n")
            rows = [[lit(step.phase), esc(", ".join(step.rules)), esc(step.text)]
                    for step in replayed.steps]
            out.append(list_table(rows, ["Phase", "Rules", "What happens"],
                                  widths=[20, 22, 58], cls="ringside-steps"))
            out.append(position_block(game, replayed.position))
        if len(result.actions) < len(s.actions):
            stopped = len(result.actions) + 1
            out.append(f".. rubric:: {stopped}. {esc(s.actions[stopped - 1])}\n")
            out.append(status("fail", "The replay stopped here.") + "\n")
    out.append(heading("Result", "-"))
    result_fields = []
    if result.final_position is not None:
        result_fields.append(("Outcome", lit(result.final_outcome)))
        result_fields.append(("Position", lit(result.final_position)))
    else:
        result_fields.append(("Outcome", "the replay stopped before the end"))
    out.append(".. container:: ringside-result\n\n" + indent(field_list(result_fields)) + "\n")
    if result.final_position is not None and (s.actions or result.final_position != s.start):
        out.append(position_block(game, result.final_position, parts=False))
    out.append(heading("What the scenario expects", "-"))
    expected = []
    if s.expect_position is not None:
        expected.append(f"the position {lit(s.expect_position)}")
    if s.expect_outcome is not None:
        expected.append(f"the outcome {lit(s.expect_outcome)}")
    expected += [f"{lit(text)} is legal" for text in s.expect_legal]
    expected += [f"{lit(e.action)} is illegal because of {esc(', '.join(e.rules))}"
                 for e in s.expect_illegal]
    out.append("\n".join(f"- {item}" for item in expected) + "\n")
    rows = [[status("pass", "ok"), esc(item)] for item in result.checked]
    rows += [[status("fail", "FAIL"), esc(item)] for item in result.failures]
    if rows:
        out.append(list_table(rows, ["", "Checked"], widths=[10, 90]))
    out.append(heading("Replay it", "-"))
    out.append(f".. code-block:: console\n\n   $ ringside rule {s.path}\n")
    return "\n".join(out)


def _checks_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    opts = report.options
    out = [heading(f"{game.title}: the checks", "=")]
    out.append("Every check of the game as run while this site was built; "
               "``ringside check " + key + "`` runs the same ones.\n")
    rows = [[esc(row.check), status("pass", "ok") if row.passed else status("fail", "FAIL"),
             esc(row.count)] for row in report.check.rows]
    if not opts.proofs:
        rows.append(["proofs", status("notrun", "not run"),
                     f"{len(report.obligations)} obligations, not run in this build"])
    out.append(list_table(rows, ["Check", "Result", "Count"], widths=[20, 15, 65]))
    for row in report.check.rows:
        for failure in row.failures:
            out.append(f"- {status('fail', 'FAIL')} {esc(row.check)}: {esc(failure)}")
    out.append("")
    out.append(heading("Proof obligations", "-"))
    if not report.obligations:
        out.append("This game has no proof obligations yet.\n")
    for obligation in report.obligations:
        proof = report.proofs.get(obligation.id)
        out.append(f".. _{check_label(key, 'proof', obligation.id)}:\n")
        detail = ""
        if proof is not None and proof.answer.detail:
            detail = f"; z3: {esc(proof.answer.detail)}"
        out.append(f"| **{esc(obligation.id)}** {esc(obligation.claim)}\n"
                   f"| Rules {esc(', '.join(obligation.rules))}; expected "
                   f"*{esc(obligation.expected)}*; result "
                   f"{ref_status(report, CheckRef('proof', obligation.id, None))}{detail}\n")
    out.append(heading("Invariants", "-"))
    out.append(f"Checked on every state the explorer reached (depth {opts.depth}, "
               f"every ruleset) and after every step of every scenario.\n")
    all_invariants = list(game.invariants) + list(game.transition_invariants)
    transition_names = {i.name for i in game.transition_invariants}
    statuses = {r.id: r for refs in report.coverage.values() for r in refs
                if r.kind == "invariant"}
    for invariant in all_invariants:
        out.append(f".. _{check_label(key, 'invariant', invariant.name)}:\n")
        kind = "every step" if invariant.name in transition_names else "every state"
        code = ""
        name = _callable_name(invariant.check)
        if name and (obj := resolve_object(name)) is not None:
            code = f"; code {obj.xref()}"
            site.extra_code.setdefault(key, []).append(name)
        item = statuses.get(invariant.name, CheckRef("invariant", invariant.name, None))
        out.append(f"| **{esc(invariant.name)}** {esc(invariant.claim)}\n"
                   f"| Rules {esc(', '.join(invariant.rules))}; a property of {kind}{code}; "
                   f"result {ref_status(report, item)}\n")
    out.append(heading("Tests", "-"))
    out.append("Tests that name rules with ``@pytest.mark.rules``. The build reads them "
               "but does not run them: ``python -m pytest`` does.\n")
    if not report.tests:
        out.append("No test names a rule of this game yet.\n")
    for test_id, numbers in sorted(report.tests.items()):
        out.append(f".. _{check_label(key, 'test', test_id)}:\n")
        out.append(f"| {lit(test_id)}\n| Rules {esc(', '.join(numbers))}; "
                   f"{status('notrun', 'not run at build time')}\n")
    site.add(f"{GENERATED}/{key}/checks", "\n".join(out))


def _percent(value: Any) -> str:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return esc(value)
    if number <= 1.0:
        number *= 100
    text = f"{number:.1f}%"
    if text in ("0.0%", "100.0%") and number not in (0.0, 100.0):
        text = f"{number:.2f}%"  # 99.96% is not 100%
    return text


def _count(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else esc(value)


def _rate(row: Mapping[str, Any]) -> str:
    text = _percent(row.get("win_rate", ""))
    if "wilson_low" in row and "wilson_high" in row:
        text += f" ({_percent(row['wilson_low'])} to {_percent(row['wilson_high'])})"
    return text


def statistics_rst(game: Game, rows: Sequence[Mapping[str, Any]], path: str) -> str:
    """The statistics page from a results file (one object per variant)."""
    out = [heading(f"{game.title}: statistics", "=")]
    out.append(f"Measured results read from {lit(path)}, which the command under each "
               "variant writes. Win rates are given with their 95% Wilson score "
               "interval.\n")
    table = []
    for index, row in enumerate(rows, 1):
        deals = _count(row.get("deals", ""))
        if isinstance(row.get("start"), int) and isinstance(row.get("deals"), int):
            first = row["start"]
            deals += f" (numbers {first:,} to {first + row['deals'] - 1:,})"
        table.append([str(index), esc(row.get("jokers", "")), lit(row.get("rules", "")),
                      deals, _count(row.get("wins", "")), _count(row.get("losses", "")),
                      _count(row.get("unknown", "")), _rate(row)])
    out.append(list_table(table, ["#", "Jokers", "Ruleset", "Deals", "Wins", "Losses",
                                  "Unknown", "Win rate (95% interval)"],
                          widths=[4, 8, 12, 24, 10, 10, 10, 22], cls="ringside-stats"))
    for index, row in enumerate(rows, 1):
        jokers = row.get("jokers", "?")
        noun = "Joker" if jokers == 1 else "Jokers"
        out.append(f".. rubric:: Variant {index}: {esc(jokers)} {noun}, "
                   f"ruleset {esc(row.get('rules', '?'))}\n")
        policies = row.get("policies")
        if isinstance(policies, Mapping) and policies:
            prow = [[lit(name), _count(p.get("wins", "")), _count(p.get("deals", "")),
                     _rate(p)] for name, p in policies.items() if isinstance(p, Mapping)]
            out.append(list_table(prow, ["Policy", "Wins", "Deals",
                                         "Win rate (95% interval)"],
                                  widths=[30, 20, 20, 30]))
        if row.get("command"):
            out.append(f"Reproduce:\n\n.. code-block:: console\n\n   $ {row['command']}\n")
    return "\n".join(out)


def _statistics_page(site: _Site, report: GameReport) -> None:
    site.add(f"{GENERATED}/{report.game.key}/statistics",
             statistics_rst(report.game, report.statistics or [], report.statistics_path))


def _api_page(site: _Site, report: GameReport) -> None:
    game = report.game
    names: list[str] = []
    for rule in game.rulebook:
        names.extend(rule.implemented_by)
    names.extend(site.extra_code.get(game.key, []))
    names.append(f"{game.rules_type.__module__}.{game.rules_type.__qualname__}")
    by_module: dict[str, dict[str, list[str]]] = {}
    for name in names:
        obj = resolve_object(name)
        if obj is None or obj.kind == "module" or name in site.documented:
            continue
        site.documented.add(name)
        owner = obj.qualname.split(".")[0]
        members = by_module.setdefault(obj.module, {}).setdefault(owner, [])
        if "." in obj.qualname:
            member = obj.qualname.split(".", 1)[1]
            if member not in members:
                members.append(member)
    out = [heading(f"{game.title}: the code", "=")]
    out.append("The functions and classes that carry out the rules, as the rules pages "
               "cite them, with their source.\n")
    for module, owners in by_module.items():
        out.append(heading(module, "-"))
        out.append(f".. automodule:: {module}\n")
        for owner, members in owners.items():
            target = importlib.import_module(module)
            value = getattr(target, owner, None)
            if isinstance(value, type):
                opts = f"   :members: {', '.join(members)}\n" if members else ""
                out.append(f".. autoclass:: {module}.{owner}\n{opts}")
            elif callable(value):
                out.append(f".. autofunction:: {module}.{owner}\n")
            else:
                out.append(f".. autodata:: {module}.{owner}\n")
    site.add(f"{GENERATED}/{game.key}/api", "\n".join(out))


def write_pages(target: Path, pages: Mapping[str, str]) -> None:
    """Write the pages under ``target``; unchanged files are left alone, stale ones go."""
    target.mkdir(parents=True, exist_ok=True)
    wanted = {(target.parent / name).resolve() for name in pages}
    for path in sorted(target.rglob("*"), reverse=True):
        if path.is_file() and path.resolve() not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for name, text in pages.items():
        path = target.parent / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


# -- ringside docs ----------------------------------------------------------------------------
progress_hook: Progress | None = None
"""Set by ``ringside docs`` while it builds: the extension reports progress here."""


@dataclass(slots=True)
class BuildResult:
    passed: bool
    index: Path
    seconds: float
    warnings: list[str]
    error: str = ""

    def as_dict(self) -> dict:
        return {"passed": self.passed, "index": str(self.index),
                "seconds": round(self.seconds, 3), "warnings": self.warnings,
                "error": self.error}


def docs_source(root: Path) -> Path:
    source = root / "docs"
    if not (source / "conf.py").is_file():
        raise InputError("no Sphinx project here (docs/conf.py is missing); run "
                         "ringside docs from a ringside checkout", str(source))
    return source


def require_tools(dot: str = "dot") -> None:
    """One clear line when Sphinx, the theme or Graphviz is missing."""
    for module, package in (("sphinx", "sphinx"), ("furo", "furo")):
        try:
            importlib.import_module(module)
        except ImportError:
            raise InputError(f"{package} is not installed; install the docs extras: "
                             "pip install -e '.[docs]'") from None
    if shutil.which(dot) is None:
        raise InputError(f"Graphviz's {dot!r} command is not on PATH; the phase diagrams "
                         "need it (Debian: apt-get install graphviz)")


class _Warnings:
    """A stream for Sphinx's warnings: kept, and echoed when asked."""

    def __init__(self, echo) -> None:
        self.echo = echo
        self.lines: list[str] = []
        self._partial = ""

    def write(self, text: str) -> int:
        self._partial += text
        while "\n" in self._partial:
            line, self._partial = self._partial.split("\n", 1)
            line = re.sub(r"\x1b\[[0-9;]*m", "", line)
            if line.strip():
                self.lines.append(line)
                if self.echo is not None:
                    self.echo(line)
        return len(text)

    def flush(self) -> None:
        pass


def build_site(out: Path, *, root: Path, proofs: bool = True,
               source: Path | None = None, overrides: Mapping[str, Any] | None = None,
               progress: Progress | None = None,
               echo: Callable[[str], None] | None = None) -> BuildResult:
    """Build the HTML reference into ``out`` with warnings as errors."""
    from sphinx.application import Sphinx
    from sphinx.errors import SphinxError
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    global progress_hook
    source = source or docs_source(root)
    conf = {"ringside_proofs": proofs, "ringside_root": str(root)}
    conf.update(overrides or {})
    warnings = _Warnings(echo)
    began = time.perf_counter()
    error = ""
    passed = False
    out.mkdir(parents=True, exist_ok=True)
    previous = progress_hook
    progress_hook = progress
    try:
        with tempfile.TemporaryDirectory(prefix="ringside-doctrees-") as doctrees, \
                patch_docutils(source), docutils_namespace():
            app = Sphinx(str(source), str(source), str(out), doctrees, "html",
                         confoverrides=conf, status=None, warning=warnings,
                         freshenv=True, warningiserror=True)
            app.build(force_all=True)
            passed = app.statuscode == 0 and not warnings.lines
    except SphinxError as exc:
        error = f"{exc.category}: {exc}" if getattr(exc, "category", "") else str(exc)
    finally:
        progress_hook = previous
    return BuildResult(passed and not error, out / "index.html",
                       time.perf_counter() - began, warnings.lines, error)


def cmd_docs(args) -> int:
    from harness.resources import resolve_root
    from harness.output import EXIT_FAILED, EXIT_OK, Progress as Line, print_json

    root = resolve_root(getattr(args, "root", None)).path
    source = docs_source(root)
    require_tools()
    out = Path(args.out) if args.out else source / "_build" / "html"
    line = Line(not args.json)
    if not args.json:
        what = "every check, proofs included" if not args.no_proofs else \
            "every check but the proofs"
        print(f"building the rules reference into {out} (runs {what}; this takes a "
              "while) ...", file=sys.stderr, flush=True)

    def echo(text: str) -> None:
        line.done()
        print(text, file=sys.stderr, flush=True)

    try:
        result = build_site(out, root=root, proofs=not args.no_proofs, source=source,
                            progress=line, echo=None if args.json else echo)
    finally:
        line.done()
    if args.json:
        print_json(result.as_dict())
    elif result.passed:
        print(f"rules reference built in {result.seconds:.1f}s: {result.index.resolve()}")
    else:
        if result.error:
            print(f"ringside: docs build failed: {result.error}", file=sys.stderr)
        print(f"docs build FAILED ({len(result.warnings)} warning"
              f"{'s' if len(result.warnings) != 1 else ''} treated as errors) in "
              f"{result.seconds:.1f}s; output in {out.resolve()}", file=sys.stderr)
    return EXIT_OK if result.passed else EXIT_FAILED
