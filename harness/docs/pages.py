"""The rules reference: pages generated from the model, and ``ringside docs``.

The Sphinx project in ``docs/`` holds the hand-written frame (``conf.py``,
``index.rst``, the theme's stylesheet) and a local extension,
``docs/_ext/ringside_reference.py``.  At ``builder-inited`` the extension asks
this module for the pages: :func:`collect` runs every check of every
registered game (:func:`harness.check.check_game`, proofs included) and
gathers what the pages show, and :func:`generate` renders the pages as
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
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from harness.coverage import CheckRef
from harness.docs.templating import (  # noqa: F401  (the helpers, re-exported)
    doc, esc, esc_role, hang, indented as indent, lit, ref, render, share, status,
)
from harness.registry import DocsPage
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
    """One game's registries with the checks run on it, ready to render.

    ``extra_pages`` are the pages the game registers of its own
    (:attr:`harness.registry.GameParts.docs_pages`).
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
    """Run every check of every game and gather what the pages need.

    ``results`` is the folder of committed results handed to each game's
    ``docs_pages`` hook (default ``results/`` under ``root``).
    """
    from harness.check import check_game
    from harness.registry import DocsContext, all_parts

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
        if parts is not None and parts.docs_pages is not None:
            context = DocsContext(game=game, root=root, results=results or root / "results")
            report.extra_pages = list(parts.docs_pages(context))
        reports.append(report)
    return reports


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


# -- the pages: data gathered here, text in the templates --------------------------------------
def page_name(game_key: str | None, name: str) -> str:
    """The docname of a generated page: of a game (``generated/<key>/<name>``) or of the site."""
    return f"{GENERATED}/{game_key}/{name}" if game_key else f"{GENERATED}/{name}"


def layout_of(game: Game, position: str) -> Layout | None:
    """A position drawn as the game's board, or ``None`` (then shown as notation)."""
    try:
        return game.layout(position)
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
    text = render("landing.rst.jinja", functions={"page": page_name}, reports=site.reports,
                  example=example, reproduce=reproduce,
                  options=site.reports[0].options if site.reports else CheckOptions())
    site.pages[f"{GENERATED}/landing.rst.inc"] = text


def _coverage_page(site: _Site) -> None:
    games = []
    for report in site.reports:
        total = len(report.coverage)
        rules = []
        for rule in report.game.rulebook:
            refs = report.coverage.get(rule.number, [])
            failed = [r for r in refs if r.passed is False
                      or (r.kind == "proof" and r.id in report.proofs
                          and not report.proofs[r.id].passed)]
            rules.append({"number": rule.number, "title": rule.title,
                          "counts": [sum(r.kind == kind for r in refs) for kind in CHECK_KINDS],
                          "checks": len(refs), "failed": len(failed)})
        games.append({
            "report": report, "total": total, "covered": total - len(report.uncovered),
            "by_kind": [sum(any(r.kind == kind for r in refs)
                            for refs in report.coverage.values()) for kind in CHECK_KINDS],
            "rules": rules})
    site.add(page_name(None, "coverage"), "coverage.rst.jinja", games=games)


def _game_pages(site: _Site, report: GameReport) -> None:
    _game_index(site, report)
    _rules_page(site, report)
    _phases_page(site, report)
    _ambiguities_page(site, report)
    _rulings_pages(site, report)
    _checks_page(site, report)
    for extra in report.extra_pages:
        site.add(page_name(report.game.key, extra.name), extra.template,
                 search=extra.templates, report=report, **dict(extra.data))
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
    pages = [("Rules", "rules"), ("Phases", "phases"), ("Ambiguities", "ambiguities"),
             ("Rulings", "rulings/index"), ("Checks", "checks")]
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
            {"name": f.name, "meaning": descriptions.get(f.name, ""),
             "ambiguities": by_field.get(f.name, []),
             "settings": [repr(getattr(preset, f.name)) for _, preset in presets]}
            for f in dataclasses.fields(game.rules_type)]}
    rules_class = CodeObject(_class_name(game.rules_type), "class", game.rules_type.__module__,
                             game.rules_type.__qualname__).xref()
    low, high = game.min_players, game.max_players
    site.add(page_name(game.key, "index"), "game_index.rst.jinja", report=report,
             players=str(low) if low == high else f"{low} to {high}",
             overview=inspect.cleandoc(game.overview) if game.overview else "",
             pages=pages, rules_class=rules_class, rulesets=rulesets)


def _rules_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    phases_by_rule: dict[str, list[str]] = {}
    for node, data in game.phase_graph().nodes(data=True):
        for number in data.get("rules", ()):
            phases_by_rule.setdefault(number, []).append(data.get("label") or str(node))
    ambiguities_by_rule: dict[str, list] = {}
    for ambiguity in game.ambiguities:
        for number in ambiguity.rules:
            ambiguities_by_rule.setdefault(number, []).append(ambiguity)
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
            rules.append({
                "rule": rule, "code": code, "phases": phases_by_rule.get(rule.number, []),
                "open_points": [(ambiguity_label(key, a.id), f"{a.id} {a.title}")
                                for a in ambiguities_by_rule.get(rule.number, [])],
                "refs": report.coverage.get(rule.number, [])})
        sections.append({"section": section, "rules": rules})
    site.add(page_name(key, "rules"), "rules.rst.jinja", report=report, sections=sections,
             kinds=CHECK_KINDS, rule_label=rule_label,
             check_link=lambda item: ref_link(report, item, docs),
             check_status=lambda item: ref_status(report, item))


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
    present = {d.get("kind") for _, d in graph.nodes(data=True)}
    kinds = [(kind, _KIND_MEANING[kind]) for kind in ("start", "decision", "step", "terminal")
             if kind in present]
    nodes = [{"name": node, "label": data.get("label") or node, "kind": data.get("kind", ""),
              "rules": list(data.get("rules", ())), "after": list(graph.successors(node))}
             for node, data in graph.nodes(data=True)]
    site.add(page_name(game.key, "phases"), "phases.rst.jinja", report=report,
             dot=phase_dot(game, link=True), phases=graph.number_of_nodes(),
             transitions=graph.number_of_edges(), kinds=kinds, styled=tuple(_KIND_STYLE),
             nodes=nodes)


def _ambiguities_page(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    proof_ids = [o.id for o in report.obligations]
    entries = []
    for ambiguity in game.ambiguities:
        presets_using: dict[str, list[str]] = {}
        for name, preset in game.presets.items():
            if hasattr(preset, ambiguity.field):
                presets_using.setdefault(repr(getattr(preset, ambiguity.field)), []).append(name)
        readings = [{"setting": f"{ambiguity.field}={reading.value!r}",
                     "summary": reading.summary,
                     "presets": presets_using.get(repr(reading.value), []),
                     "default": reading.value == ambiguity.default}
                    for reading in ambiguity.readings]
        witness = ambiguity.witness
        proofs = []
        if witness is not None:
            proofs = [{"id": p, "label": check_label(key, "proof", p),
                       "status": ref_status(report, CheckRef("proof", p, None))}
                      for p in proof_ids if p.startswith(ambiguity.id)]
        entries.append({
            "ambiguity": ambiguity, "label": ambiguity_label(key, ambiguity.id),
            "readings": readings, "proofs": proofs,
            "layout": layout_of(game, witness.position) if witness is not None else None})
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


def _rulings_pages(site: _Site, report: GameReport) -> None:
    game = report.game
    key = game.key
    docs = site.scenario_docs[key]
    site.add(page_name(key, "rulings/index"), "rulings_index.rst.jinja", report=report,
             docnames=docs)
    for result in report.check.scenarios:
        scenario = result.scenario
        site.add(docs[scenario.id], "ruling.rst.jinja", report=report, result=result,
                 label=check_label(key, "scenario", scenario.id),
                 notes=_scenario_notes(report.root / scenario.path),
                 layout_of=lambda position: layout_of(game, position))


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
    tests = [{"label": check_label(key, "test", test_id), "id": test_id, "numbers": numbers}
             for test_id, numbers in sorted(report.tests.items())]
    site.add(page_name(key, "checks"), "checks.rst.jinja", report=report,
             options=report.options, obligations=obligations, invariants=invariants,
             tests=tests)


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
