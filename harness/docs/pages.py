"""The rules reference: pages generated from the model, and ``ringside docs``.

The Sphinx project in ``docs/`` holds the hand-written frame (``conf.py``,
``index.rst``, the theme's stylesheet) and a local extension,
``docs/_ext/ringside_reference.py``.  At ``builder-inited`` the extension asks
this module for the pages: :func:`collect` reads every registered game's
checks from the check report (:mod:`harness.check_report`; without one it
runs them) and gathers what the pages show, and :func:`generate` renders the pages as
reStructuredText files under ``docs/generated/``, which is never committed.

The text of the pages lives in Jinja2 templates (``templates/*.rst.jinja``,
see :mod:`harness.docs.templating`); this module only gathers their data.
Nothing about a particular game lives here: a game that the registry holds
gets its pages, pages of a game's own come from its ``docs_pages`` hook
(:class:`harness.registry.GameParts`), and a rule added to a rulebook appears
on the next build.

Rule numbers are linked by the extension wherever they appear in the text;
the pages written here carry them as plain text.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from harness.check_report import CheckOptions  # noqa: F401  (re-exported for the pages)
from harness.coverage import CheckRef
from harness.docs.code_objects import (  # noqa: F401  (re-exported: callers name them from here)
    CodeObject, _callable_name, resolve_object,
)
from harness.docs.names import (  # noqa: F401  (re-exported: callers name them from here)
    GENERATED, ambiguity_label, check_label, find_rule_numbers, rule_label, rule_numbers,
    scenario_docname, slug,
)
from harness.docs.diagrams import _KIND_STYLE, _KIND_MEANING, phase_stages, phase_dot
from harness.docs.rulebook_page import PAGE_NAME, PAGE_TITLE, page_data
from harness.docs.templating import (  # noqa: F401  (the helpers, re-exported)
    doc, esc, esc_role, hang, indented as indent, lit, ref, render, share, status,
)
from harness.docs.scenario_files import INCLUDE as SHORT_POSITIONS, short_positions_text
from harness.docs.scenario_files import ruling_texts, start_table
from harness.drawing import Drawing, Layout
from harness.registry import DocsPage
from model.core.errors import InputError
from model.core.game import Game


CHECK_KINDS = ("scenario", "case", "proof", "invariant", "test")
KIND_TITLES = {"scenario": "Scenarios", "case": "Data cases", "proof": "Proofs",
               "invariant": "Invariants", "test": "Tests"}


Progress = Callable[[str], None]


# -- running the checks ---------------------------------------------------------------------
@dataclass(slots=True)
class GameReport:
    """One game's registries with the checks run on it, ready to render.

    ``extra_pages`` are the pages the game registers of its own
    (:attr:`harness.registry.GameParts.docs_pages`); ``drawing`` draws its
    positions (:attr:`harness.registry.GameParts.drawing`; by default none is
    drawn and the notation is shown).
    """

    game: Game
    check: Any  # harness.check.GameCheck
    obligations: tuple = ()
    proofs: dict[str, Any] = field(default_factory=dict)  # id -> ProofResult (when run)
    coverage: dict[str, list[CheckRef]] = field(default_factory=dict)
    tests: dict[str, list[str]] = field(default_factory=dict)  # test id -> rule numbers
    extra_pages: list[DocsPage] = field(default_factory=list)
    options: CheckOptions = CheckOptions()
    root: Path = Path(".")
    drawing: Drawing | None = None
    check_report: str = ""  # the report's file name beside the site's index, when built from one

    def __post_init__(self) -> None:
        if self.drawing is None:
            self.drawing = Drawing(self.game)

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
            report: Path | None = None) -> list[GameReport]:
    """Gather what the pages need: the checks of every game, from ``report``
    (a file ``ringside check --json`` wrote, whose options then replace
    ``options``) or, without one, by running them.

    ``results`` is the folder of committed results handed to each game's
    ``docs_pages`` hook (default ``results/`` under ``root``).
    """
    from harness.check_report import check_with, read_checks
    from harness.registry import DocsContext, all_parts

    games, given, from_file = list(games), {}, report
    if from_file is not None:
        progress("reading the check report")
        options, given = read_checks(from_file, games, root=root)
    reports = []
    for game in games:
        parts = all_parts().get(game.key)
        obligations = tuple(parts.obligations()) if parts is not None else ()
        check = given[game.key] if from_file is not None else check_with(
            game, root=root, options=options, progress=progress)
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
            tests=tests, options=options, root=root,
            drawing=parts.drawing_of(game) if parts is not None else None,
            check_report=from_file.name if from_file is not None else "")
        if parts is not None and parts.docs_pages is not None:
            context = DocsContext(game=game, root=root, results=results or root / "results")
            report.extra_pages = list(parts.docs_pages(context))
        reports.append(report)
    return reports


# -- status words ----------------------------------------------------------------------------------
def ref_status(report: GameReport, item: CheckRef) -> str:
    if item.kind == "test":
        return status("notrun", "checked by the test suite")
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


def ran(report: GameReport, item: CheckRef) -> bool:
    """Whether the build ran the check (tests never; proofs only with ``--no-proofs`` off)."""
    if item.kind == "test":
        return False
    if item.kind == "proof":
        return item.id in report.proofs
    return item.passed is not None


def failed(report: GameReport, item: CheckRef) -> bool:
    if item.kind == "proof":
        proof = report.proofs.get(item.id)
        return proof is not None and not proof.passed
    return item.passed is False


# -- words for people ----------------------------------------------------------------------------
def _ambiguity_of(game: Game, field_name: str):
    return next((a for a in game.ambiguities if a.field == field_name), None)


def setting_words(game: Game, field_name: str) -> str:
    """A ruleset field as people say it: its ambiguity's setting, or the name in words."""
    ambiguity = _ambiguity_of(game, field_name)
    return ambiguity.setting_words if ambiguity is not None else field_name.replace("_", " ")


def setting_value_words(game: Game, field_name: str, value: Any) -> str:
    """A field's value in words: its reading's label, ``yes``/``no``, or the value."""
    from model.core.ambiguity import value_words

    ambiguity = _ambiguity_of(game, field_name)
    if ambiguity is not None:
        for reading in ambiguity.readings:
            if reading.value == value:
                return reading.words
    return value_words(value)


def ruleset_words(game: Game, preset: str, overrides: Iterable[tuple[str, Any]] = ()) -> str:
    """``the rulebook ruleset``, or ``the rulebook ruleset, with "Shortest Run" set to 3 cards``."""
    words = f"the {preset} ruleset"
    changes = [f'"{setting_words(game, name)}" set to {setting_value_words(game, name, value)}'
               for name, value in overrides]
    return words + (", with " + " and ".join(changes) if changes else "")


def scenario_ruleset_words(game: Game, scenario) -> str:
    return ruleset_words(game, scenario.ruleset, scenario.overrides)


def is_default_ruleset(game: Game, scenario) -> bool:
    return scenario.ruleset == next(iter(game.presets), scenario.ruleset) and \
        not scenario.overrides


def test_words(test_id: str) -> str:
    """A test's name in words: ``t.py::test_run_never_wraps`` -> ``Run never wraps``."""
    name = test_id.split("::")[-1]
    base, bracket, params = name.partition("[")
    if base.startswith("Test") and "_" not in base:  # a test class: TestRandomGames
        base = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", base[4:]).lower() or base
    words = base.removeprefix("test_").replace("_", " ").strip() or base
    words = words[:1].upper() + words[1:]
    return words + (f" [{params}" if bracket else "")


def test_file(test_id: str) -> str:
    return Path(test_id.split("::")[0]).name


def phase_labels(game: Game) -> dict[str, str]:
    """Each phase's label (its name when it has none)."""
    return {str(node): str(data.get("label") or node)
            for node, data in game.phase_graph().nodes(data=True)}


def shown_readings(game: Game, scenario) -> list[tuple[Any, Any]]:
    """The (ambiguity, reading) pairs a scenario shows: its ``ambiguities``, each read
    as the scenario's ruleset (with its overrides) sets the ambiguity's field."""
    found = []
    by_id = {a.id: a for a in game.ambiguities}
    try:
        rules = game.parse_rules(scenario.ruleset, dict(scenario.overrides))
    except InputError:
        return found
    for name in getattr(scenario, "ambiguities", ()):
        ambiguity = by_id.get(name)
        if ambiguity is None or not hasattr(rules, ambiguity.field):
            continue
        value = getattr(rules, ambiguity.field)
        reading = next((r for r in ambiguity.readings if r.value == value), None)
        if reading is not None:
            found.append((ambiguity, reading))
    return found


def examples_by_rule(report: GameReport) -> dict[str, list]:
    """The rulings about each rule (scenarios naming it in ``rules``): the default
    ruleset first, then by title."""
    found: dict[str, list] = {number: [] for number in report.game.rulebook.numbers()}
    for result in report.check.scenarios:
        for number in result.scenario.rules:
            found.setdefault(number, []).append(result)
    for results in found.values():
        results.sort(key=lambda r: (not is_default_ruleset(report.game, r.scenario),
                                    r.scenario.title))
    return found


def cases_by_rule(report: GameReport) -> dict[str, list]:
    """The data cases about each rule (``(case, failures)`` pairs), by claim."""
    found: dict[str, list] = {}
    for case, failures in report.check.cases:
        for number in case.rules:
            found.setdefault(number, []).append((case, failures))
    for pairs in found.values():
        pairs.sort(key=lambda pair: pair[0].claim)
    return found


def without_example(report: GameReport) -> list[str]:
    """The rules no ruling (scenario or data case) is about; the docs build fails on
    each."""
    cases = cases_by_rule(report)
    return [number for number, results in examples_by_rule(report).items()
            if not results and not cases.get(number)]


def check_item(report: GameReport, item: CheckRef, scenario_docs: Mapping[str, str],
               about: bool = False) -> dict:
    """A check in words: kind, what it checks (linked), its status, about the rule or not."""
    key = report.game.key
    words = item.id
    if item.kind == "scenario":
        result = next((r for r in report.check.scenarios if r.scenario.id == item.id), None)
        words = result.scenario.title if result is not None else item.id
        link = doc(scenario_docs[item.id], words) if item.id in scenario_docs else esc(words)
    elif item.kind == "proof":
        obligation = next((o for o in report.obligations if o.id == item.id), None)
        words = obligation.claim if obligation is not None else item.id
        link = ref(check_label(key, "proof", item.id), words)
    elif item.kind == "case":
        case = next((c for c, _ in report.check.cases if c.id == item.id), None)
        words = case.claim if case is not None else item.id
        link = ref(check_label(key, "case", item.id), words)
    elif item.kind == "invariant":
        invariant = next((i for i in list(report.game.invariants)
                          + list(report.game.transition_invariants) if i.name == item.id), None)
        words = invariant.claim if invariant is not None else item.id
        link = ref(check_label(key, "invariant", item.id), words)
    else:
        words = test_words(item.id)
        link = ref(check_label(key, "test", item.id), words) + f" ({lit(test_file(item.id))})"
    return {"kind": item.kind, "id": item.id, "words": words, "link": link,
            "status": ref_status(report, item), "about": about}


_KIND_WORDS = {"scenario": ("scenario", "scenarios"), "case": ("data case", "data cases"),
               "proof": ("proof", "proofs"),
               "invariant": ("invariant", "invariants"), "test": ("test", "tests")}


def _count(n: int, kind: str) -> str:
    one, many = _KIND_WORDS.get(kind, (kind, kind + "s"))
    return f"{n} {one if n == 1 else many}"


def checks_summary(report: GameReport, refs: Sequence[CheckRef]) -> str:
    """One line on a rule's checks (reStructuredText): how many of each kind, how many
    the build ran and whether they pass; tests are left to the test suite."""
    if not refs:
        return status("fail", "no check covers this rule")
    counts = [_count(sum(r.kind == kind for r in refs), kind) for kind in CHECK_KINDS
              if any(r.kind == kind for r in refs)]
    total = len(refs)
    line = f"{total} check{'s' if total != 1 else ''}: " + ", ".join(counts)
    run = [r for r in refs if ran(report, r)]
    bad = [r for r in run if failed(report, r)]
    pieces = []
    if run:
        if bad:
            pieces.append(status("fail", f"{len(bad)} of the {len(run)} run at build time "
                                         "FAIL"))
        else:
            pieces.append(f"{'the 1' if len(run) == 1 else f'all {len(run)}'} run at build "
                          f"time {status('pass', 'pass' if len(run) != 1 else 'passes')}")
    skipped = [r for r in refs if r.kind == "proof" and not ran(report, r)]
    if skipped:
        pieces.append(status("notrun", f"{_count(len(skipped), 'proof')} not run in this "
                                       "build"))
    tests = sum(r.kind == "test" for r in refs)
    if tests:
        pieces.append(f"{_count(tests, 'test')} checked by the test suite")
    return line + "; " + "; ".join(pieces)


def ran_share(report: GameReport) -> tuple[int, int]:
    """How many rules a check run at build time covers, of how many."""
    total = len(report.game.rulebook)
    covered = sum(any(ran(report, r) for r in report.coverage.get(number, []))
                  for number in report.game.rulebook.numbers())
    return covered, total


# -- the pages: data gathered here, text in the templates --------------------------------------
def page_name(game_key: str | None, name: str) -> str:
    """The docname of a generated page: of a game (``generated/<key>/<name>``) or of the site."""
    return f"{GENERATED}/{game_key}/{name}" if game_key else f"{GENERATED}/{name}"


def layout_of(drawing: Drawing, position: str) -> Layout | None:
    """A position drawn as the game's board, or ``None`` (then shown as notation)."""
    try:
        return drawing.layout(position)
    except InputError:
        return None


class _Site:
    def __init__(self, reports: Sequence[GameReport]) -> None:
        self.reports = list(reports)
        self.pages: dict[str, str] = {}
        self.documented: set[str] = set()
        self.problems: list[str] = []
        self.scenario_docs: dict[str, dict[str, str]] = {}
        for report in self.reports:
            key = report.game.key
            self.scenario_docs[key] = {r.scenario.id: scenario_docname(key, r.scenario)
                                       for r in report.check.scenarios}

    def add(self, docname: str, template: str, search: Path | None = None, **data) -> None:
        text = render(template, search=search, functions={"page": page_name}, **data)
        self.pages[f"{docname}.rst"] = text.rstrip() + "\n"


def generate(reports: Sequence[GameReport]) -> tuple[dict[str, str], list[str]]:
    """The generated pages (``{path under the source folder: text}``) and problems.

    Problems are things the build must not pass over (a rule naming code that
    does not exist, say); the extension reports each as a warning.
    """
    site = _Site(reports)
    _landing(site)
    site.pages[SHORT_POSITIONS] = short_positions_text(site.reports)
    _coverage_page(site)
    for report in site.reports:
        _game_pages(site, report)
    return site.pages, site.problems


def _landing(site: _Site) -> None:
    example = None
    for report in site.reports:
        rules = [r for r in report.game.rulebook if "." in r.number]
        if rules:
            game, rule = report.game, rules[min(len(rules) - 1, len(rules) // 2)]
            prefix, _, section = rule.number.partition(" ")
            top = section.split(".")[0]
            example = {"game": game, "rule": rule, "prefix": prefix, "top": top,
                       "rest": section[len(top) + 1:],
                       "section_title": next((s.title for s in game.rulebook.sections
                                              if s.number == f"{prefix} {top}"), "")}
            break
    reproduce: list[str] = []
    for report in site.reports:
        for extra in report.extra_pages:
            reproduce.extend(line for line in extra.reproduce if line not in reproduce)
    text = render("landing.rst.jinja", functions={"page": page_name, "ran_share": ran_share},
                  reports=site.reports,
                  example=example, reproduce=reproduce,
                  options=site.reports[0].options if site.reports else CheckOptions())
    site.pages[f"{GENERATED}/landing.rst.inc"] = text


def _coverage_page(site: _Site) -> None:
    games = []
    for report in site.reports:
        rules = []
        for rule in report.game.rulebook:
            refs = report.coverage.get(rule.number, [])
            run = [r for r in refs if ran(report, r)]
            rules.append({"number": rule.number, "title": rule.title,
                          "run": ", ".join(_count(sum(r.kind == kind for r in run), kind)
                                           for kind in CHECK_KINDS
                                           if any(r.kind == kind for r in run)),
                          "tests": sum(r.kind == "test" for r in refs),
                          "notrun": _count(sum(r.kind == "proof" and not ran(report, r)
                                               for r in refs), "proof"),
                          "checks": len(run), "failed": sum(failed(report, r) for r in run)})
        covered, total = ran_share(report)
        by_kind = {kind: sum(any(r.kind == kind and ran(report, r) for r in refs)
                             for refs in report.coverage.values())
                   for kind in ("scenario", "proof", "invariant")}
        games.append({
            "report": report, "total": total, "covered": covered, "by_kind": by_kind,
            "tests": sum(any(r.kind == "test" for r in refs)
                         for refs in report.coverage.values()),
            "proofs_run": report.options.proofs, "rules": rules})
    site.add(page_name(None, "coverage"), "coverage.rst.jinja", games=games)


def term_label(game_key: str, name: str) -> str:
    return f"term-{game_key}-{slug(name)}"


def _glossary_page(site: _Site, report: GameReport) -> None:
    """The game's glossary (its terms, each with its rules) and its rules by number."""
    game = report.game
    terms = []
    for term in sorted(game.glossary, key=lambda t: t.name.lower()):
        unknown = [n for n in term.rules if n not in game.rulebook]
        if unknown:
            site.problems.append(f"glossary term {term.name!r} names unknown rules "
                                 f"{', '.join(unknown)}")
        terms.append({"term": term, "label": term_label(game.key, term.name)})
    sections = [{"section": section, "rules": game.rulebook.in_section(section)}
                for section in game.rulebook.sections]
    site.add(page_name(game.key, "glossary"), "glossary.rst.jinja", report=report,
             terms=terms, sections=sections, rule_label=rule_label)


def notation_notes(game: Game, text: str) -> list[dict]:
    """The glossary terms whose notation ``text`` uses (``JK@3``), each with what it wrote."""
    found = []
    for term in game.glossary:
        if not term.notation:
            continue
        written = sorted(set(m.group(0) for m in re.finditer(term.notation, text)))
        if written:
            found.append({"term": term, "label": term_label(game.key, term.name),
                          "written": written})
    return found


def _game_pages(site: _Site, report: GameReport) -> None:
    _game_index(site, report)
    _rules_page(site, report)
    _glossary_page(site, report)
    _phases_page(site, report)
    _ambiguities_page(site, report)
    if report.game.traceability:  # the rulebook, line by line
        site.add(page_name(report.game.key, PAGE_NAME), "rulebook.rst.jinja", report=report,
                 **page_data(report.game))
    _rulings_pages(site, report)
    _checks_page(site, report)
    for extra in report.extra_pages:
        site.add(page_name(report.game.key, extra.name), extra.template,
                 search=extra.templates, report=report, **dict(extra.data))
        for name, text in extra.files.items():  # figures beside the page
            site.pages[page_name(report.game.key, name)] = text
    _api_page(site, report)


def _class_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


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
    pages = [("Rules", "rules"), ("Glossary and rule index", "glossary"), ("Phases", "phases"),
             ("Ambiguities", "ambiguities"), ("Rulings", "rulings/index"), ("Checks", "checks")]
    pages[1:1] = [(PAGE_TITLE, PAGE_NAME)] if game.traceability else []
    pages += [(extra.title, extra.name) for extra in report.extra_pages]
    pages.append(("Code", "api"))
    rulesets = None
    if dataclasses.is_dataclass(game.rules_type) and game.presets:
        descriptions = _rules_fields(game)
        by_field: dict[str, list] = {}
        for ambiguity in game.ambiguities:
            by_field.setdefault(ambiguity.field, []).append(
                {"id": ambiguity.id, "label": ambiguity_label(game.key, ambiguity.id)})
        presets = list(game.presets.items())
        rulesets = {"presets": [name for name, _ in presets], "fields": [
            {"name": f.name, "words": setting_words(game, f.name),
             "meaning": descriptions.get(f.name, ""),
             "ambiguities": by_field.get(f.name, []),
             "settings": [setting_value_words(game, f.name, getattr(preset, f.name))
                          for _, preset in presets]}
            for f in dataclasses.fields(game.rules_type)]}
    rules_class = CodeObject(_class_name(game.rules_type), "class", game.rules_type.__module__,
                             game.rules_type.__qualname__).xref()
    low, high = game.min_players, game.max_players
    checked, total = ran_share(report)
    site.add(page_name(game.key, "index"), "game_index.rst.jinja", report=report,
             checked=checked, total=total,
             players=str(low) if low == high else f"{low} to {high}",
             overview=inspect.cleandoc(game.overview) if game.overview else "",
             pages=pages, rules_class=rules_class, rulesets=rulesets)


def _rules_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    labels = phase_labels(game)
    phases_by_rule: dict[str, list[str]] = {}
    for node, data in game.phase_graph().nodes(data=True):
        for number in data.get("rules", ()):
            phases_by_rule.setdefault(number, []).append(labels[str(node)])
    ambiguities_by_rule: dict[str, list] = {}
    for ambiguity in game.ambiguities:
        for number in ambiguity.rules:
            ambiguities_by_rule.setdefault(number, []).append(ambiguity)
    examples = examples_by_rule(report)
    cases = cases_by_rule(report)
    sections = []
    for section in game.rulebook.sections:
        rules = []
        for rule in game.rulebook.in_section(section):
            code = []
            for dotted in rule.implemented_by:
                obj = resolve_object(dotted)
                if obj is None:
                    site.problems.append(f"{rule.number} is implemented by {dotted}, "
                                         "which does not exist")
                    code.append(lit(dotted))
                else:
                    code.append(obj.xref())
            about = examples.get(rule.number, [])
            about_ids = {r.scenario.id for r in about}
            refs = report.coverage.get(rule.number, [])
            checks = [check_item(report, item, docs,
                                 about=(item.kind == "scenario" and item.id in about_ids)
                                 or item.kind == "case")
                      for item in refs]
            open_points = []
            for ambiguity in ambiguities_by_rule.get(rule.number, []):
                reading = ambiguity.reading(ambiguity.default)
                presets = [name for name, preset in game.presets.items()
                           if getattr(preset, ambiguity.field, object()) == ambiguity.default]
                open_points.append({
                    "label": ambiguity_label(key, ambiguity.id),
                    "title": f"{ambiguity.id}: {ambiguity.title}",
                    "reading": reading.summary,
                    "rulesets": presets})
            rules.append({
                "rule": rule, "code": code, "phases": phases_by_rule.get(rule.number, []),
                "open_points": open_points,
                "examples": [{"title": r.scenario.title,
                              "link": doc(docs[r.scenario.id], r.scenario.title),
                              "note": "" if is_default_ruleset(game, r.scenario)
                              else scenario_ruleset_words(game, r.scenario),
                              "passed": r.passed}
                             for r in about]
                + [{"title": case.claim,
                    "link": ref(check_label(key, "case", case.id), case.claim),
                    "note": "a data case", "passed": not failures}
                   for case, failures in cases.get(rule.number, [])],
                "checks": checks, "summary": checks_summary(report, refs)})
        sections.append({"section": section, "rules": rules})
    site.add(page_name(key, "rules"), "rules.rst.jinja", report=report, sections=sections,
             kinds=CHECK_KINDS, rule_label=rule_label,
             default_ruleset=next(iter(game.presets), ""))


def _phases_page(site: _Site, report: GameReport) -> None:
    game = report.game
    graph = game.phase_graph()
    present = {d.get("kind") for _, d in graph.nodes(data=True)}
    kinds = [(kind, _KIND_MEANING[kind]) for kind in ("start", "decision", "step", "terminal")
             if kind in present]
    labels = phase_labels(game)
    nodes = [{"name": node, "label": labels[str(node)], "kind": data.get("kind", ""),
              "rules": list(data.get("rules", ())),
              "after": [{"label": labels[str(after)],
                         "edge": str(graph.edges[node, after].get("label") or "")}
                        for after in graph.successors(node)]}
             for node, data in graph.nodes(data=True)]
    parts = phase_stages(game)
    stage_of = {node: number for number, _, members in parts for node in members}
    stages = [{"number": number, "title": title, "phases": len(members),
               "dot": phase_dot(game, link=True, only=members, elsewhere=stage_of)}
              for number, title, members in parts]
    site.add(page_name(game.key, "phases"), "phases.rst.jinja", report=report,
             dot=phase_dot(game, link=True), phases=graph.number_of_nodes(),
             transitions=graph.number_of_edges(), kinds=kinds, styled=tuple(_KIND_STYLE),
             nodes=nodes, stages=stages)


def _ambiguities_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    proof_ids = [o.id for o in report.obligations]
    shows: dict[tuple[str, Any], list] = {}
    for result in report.check.scenarios:
        for ambiguity, reading in shown_readings(game, result.scenario):
            shows.setdefault((ambiguity.id, reading.value), []).append(result)
    entries = []
    for ambiguity in game.ambiguities:
        presets_using: dict[str, list[str]] = {}
        for name, preset in game.presets.items():
            if hasattr(preset, ambiguity.field):
                presets_using.setdefault(repr(getattr(preset, ambiguity.field)), []).append(name)
        readings = [{"words": reading.words, "summary": reading.summary,
                     "presets": presets_using.get(repr(reading.value), []),
                     "default": reading.value == ambiguity.default,
                     "rulings": [{"title": r.scenario.title, "doc": docs[r.scenario.id]}
                                 for r in shows.get((ambiguity.id, reading.value), [])]}
                    for reading in ambiguity.readings]
        witness = ambiguity.witness
        proofs = []
        if witness is not None:
            proofs = [{"id": p, "label": check_label(key, "proof", p),
                       "status": ref_status(report, CheckRef("proof", p, None))}
                      for p in proof_ids if p.startswith(ambiguity.id)]
        layout = None
        if witness is not None and not witness.command:
            try:
                layout = report.drawing.witness_layout(witness.position, witness.probe)
            except InputError:
                layout = None
        entries.append({
            "ambiguity": ambiguity, "label": ambiguity_label(key, ambiguity.id),
            "readings": readings, "proofs": proofs, "layout": layout})
    site.add(page_name(key, "ambiguities"), "ambiguities.rst.jinja", report=report,
             entries=entries, rules_class=_class_name(game.rules_type),
             rules_name=game.rules_type.__qualname__)


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


_SCENARIO_FILE = re.compile(r"\b[\w.-]+\.toml\b")


def notes_blocks(text: str, docs_by_file: Mapping[str, str]) -> list[dict]:
    """A scenario's notes as blocks for people: ``prose`` paragraphs (reStructuredText,
    the scenario files they name linked to their rulings) and ``pre`` blocks (the
    indented lines, drawings of grids, kept line for line)."""
    blocks: list[dict] = []
    for chunk in re.split(r"\n\s*\n", text.strip("\n")):
        lines = chunk.splitlines()
        if not lines:
            continue
        if all(line.startswith((" ", "\t")) for line in lines if line.strip()):
            blocks.append({"kind": "pre", "text": inspect.cleandoc("\n".join(lines))})
            continue
        prose = " ".join(line.strip() for line in lines)
        out, position = [], 0
        for match in _SCENARIO_FILE.finditer(prose):
            name = match.group(0)
            if name not in docs_by_file:
                continue
            out.append(esc(prose[position:match.start()], collapse=False))
            out.append(doc(docs_by_file[name], name.removesuffix(".toml")))
            position = match.end()
        out.append(esc(prose[position:], collapse=False))
        blocks.append({"kind": "prose", "text": "".join(out)})
    return blocks


def _rule_order(game: Game) -> dict[str, int]:
    return {number: index for index, number in enumerate(game.rulebook.numbers())}


def _rulings_pages(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    order = _rule_order(game)
    by_number = {rule.number: (section, rule) for section in game.rulebook.sections
                 for rule in game.rulebook.in_section(section)}
    groups: dict[str, list] = {section.number: [] for section in game.rulebook.sections}
    others = []
    for result in report.check.scenarios:
        scenario = result.scenario
        about = sorted(scenario.rules, key=lambda n: order.get(n, len(order)))
        entry = {"result": result, "doc": docs[scenario.id], "about": about,
                 "ruleset": "" if is_default_ruleset(game, scenario)
                 else scenario_ruleset_words(game, scenario)}
        primary = scenario.rules[0] if scenario.rules else None  # the author's first
        if primary in by_number:
            groups[by_number[primary][0].number].append((order[primary], entry))
        else:
            others.append((len(order), entry))
    sections = []
    for section in game.rulebook.sections:
        entries = [entry for _, entry in sorted(groups[section.number],
                                                key=lambda pair: (pair[0],
                                                                  pair[1]["result"].scenario.title))]
        if entries:
            sections.append({"title": f"{section.number} {section.title}", "entries": entries})
    if others:
        sections.append({"title": "Other rulings", "entries": [e for _, e in others]})
    site.add(page_name(key, "rulings/index"), "rulings_index.rst.jinja", report=report,
             docnames=docs, sections=sections)
    labels = phase_labels(game)
    docs_by_file = {Path(r.scenario.path).name: docs[r.scenario.id]
                    for r in report.check.scenarios}
    for result in report.check.scenarios:
        scenario = result.scenario
        before = scenario.start
        steps = []
        for replayed in result.actions:
            steps.append({"replayed": replayed,
                          "layout": step_layout_of(report.drawing, before,
                                                   replayed.canonical, replayed.position),
                          "notation": notation_notes(game, replayed.canonical)})
            before = replayed.position
        readings = [{"label": ambiguity_label(key, ambiguity.id),
                     "title": f"{ambiguity.id}: {ambiguity.title}",
                     "setting": ambiguity.setting_words, "value": reading.words,
                     "summary": reading.summary}
                    for ambiguity, reading in shown_readings(game, scenario)]
        site.add(docs[scenario.id], "ruling.rst.jinja", report=report, result=result,
                 label=check_label(key, "scenario", scenario.id),
                 notes=notes_blocks(_scenario_notes(report.root / scenario.path),
                                    docs_by_file),
                 layout_of=lambda position: layout_of(report.drawing, position),
                 steps=steps, phase_label=lambda phase: labels.get(phase, phase),
                 ruleset=scenario_ruleset_words(game, scenario), readings=readings,
                 cards=report.drawing.card_notes(ruling_texts(result)), start_table=start_table,
                 expect_notation=notation_notes(game, " ".join(
                     [t.action for t in scenario.expect_illegal] + list(scenario.expect_legal))))


def step_layout_of(drawing: Drawing, before: str, action: str, after: str
                   ) -> Layout | None:
    """One action drawn as the game's board, marked (or ``None``: the notation)."""
    try:
        return drawing.step_layout(before, action, after)
    except InputError:
        return layout_of(drawing, after)


def _invariant_code(game: Game) -> dict[str, CodeObject]:
    """The code of each invariant that names an importable function, by invariant name."""
    found = {}
    for invariant in list(game.invariants) + list(game.transition_invariants):
        name = _callable_name(invariant.check)
        if name and (obj := resolve_object(name)) is not None:
            found[invariant.name] = obj
    return found


def _checks_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    obligations = []
    for obligation in report.obligations:
        proof = report.proofs.get(obligation.id)
        obligations.append({
            "obligation": obligation, "label": check_label(key, "proof", obligation.id),
            "status": ref_status(report, CheckRef("proof", obligation.id, None)),
            "detail": proof.answer.detail if proof is not None else ""})
    transition_names = {i.name for i in game.transition_invariants}
    statuses = {r.id: r for refs in report.coverage.values() for r in refs
                if r.kind == "invariant"}
    code = _invariant_code(game)
    invariants = []
    for invariant in list(game.invariants) + list(game.transition_invariants):
        item = statuses.get(invariant.name, CheckRef("invariant", invariant.name, None))
        invariants.append({
            "invariant": invariant, "label": check_label(key, "invariant", invariant.name),
            "scope": "every step" if invariant.name in transition_names else "every state",
            "code": code[invariant.name].xref() if invariant.name in code else "",
            "status": ref_status(report, item)})
    tests = [{"label": check_label(key, "test", test_id), "id": test_id,
              "words": test_words(test_id), "numbers": numbers}
             for test_id, numbers in sorted(report.tests.items())]
    cases = [{"case": case, "label": check_label(key, "case", case.id),
              "status": ref_status(report, CheckRef("case", case.id, not found)),
              "failures": found}
             for case, found in report.check.cases]
    site.add(page_name(key, "checks"), "checks.rst.jinja", report=report,
             options=report.options, obligations=obligations, invariants=invariants,
             tests=tests, cases=cases)


def _api_page(site: _Site, report: GameReport) -> None:
    game = report.game
    names: list[str] = []
    for rule in game.rulebook:
        names.extend(rule.implemented_by)
    names.extend(obj.dotted for obj in _invariant_code(game).values())
    names.append(_class_name(game.rules_type))
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
    modules = []
    for module, owners in by_module.items():
        target = importlib.import_module(module)
        objects = []
        for owner, members in owners.items():
            value = getattr(target, owner, None)
            directive = ("autoclass" if isinstance(value, type) else
                         "autofunction" if callable(value) else "autodata")
            objects.append({"name": owner, "directive": directive,
                            "members": members if directive == "autoclass" else []})
        modules.append({"name": module, "objects": objects})
    site.add(page_name(game.key, "api"), "api.rst.jinja", report=report, modules=modules)


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
