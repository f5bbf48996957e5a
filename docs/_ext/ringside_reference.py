"""Sphinx extension: the ringside rules reference, generated from the model.

At ``builder-inited`` it reads the check report (``ringside_check_report``;
without one it runs every check of every registered game) and writes
the generated pages into ``generated/`` under the source folder (see
:mod:`harness.docs`, which does the writing); ``ringside docs`` builds from a
temporary copy of the project, so that folder is never the data root's (a
checkout's ``docs/``, or the wheel's copy inside site-packages).  It also
gives the pages

- the ``rule`` role: ``:rule:`CF 4.3``` links to rule CF 4.3 (a section
  number such as ``CF 4`` links to the section), and an unknown number fails
  the build;
- a transform that links every known rule number written in plain text,
  wherever it appears (generated pages, docstrings, hand-written pages);
- the status roles ``rs-pass``, ``rs-fail``, ``rs-notrun``, ``rs-kind-*`` and ``rs-trace-*``
  (a rulebook entry's status);
- the directive ``ringside-rule`` (under a rule's heading: the rule as an
  object of the ``rs`` domain, found first by the search for ``CF 4.3`` or
  ``4.3``, and its entries in the general index), ``ringside-term`` (a
  glossary entry, likewise), ``ringside-details`` (a block folded under a
  summary line, an HTML ``<details>``) and ``ringside-position`` (a position
  drawn as a grid of cards from a :class:`harness.drawing.Layout` given as
  JSON);
- a warning, which fails the build, for every rule that no ruling is about
  (every rule needs an example);
- type names in signatures that autodoc could not qualify (``rules: Rules``)
  linked to the class the name means in the documented object's own module:
  every game has its own ``Rules`` and ``State``, so a bare name is ambiguous
  (where that finds nothing, ``ringside_xref`` prefers the game's own object).

Configuration (``conf.py`` or ``-D``): ``ringside_root`` (the data root the
checks read: scenarios, results, rule index; default
:func:`harness.resources.data_root`, the checkout or the installed wheel's
data), ``ringside_proofs`` (run the z3 obligations; default true),
``ringside_explore_depth``, ``ringside_explore_states``,
``ringside_explore_starts`` (the explorer's bounds, as ``ringside check``),
``ringside_results`` (the folder of committed results, one sub-folder per
game, handed to each game's ``docs_pages`` hook; default ``results/`` under
the data root), ``ringside_check_report`` (a file ``ringside check --json``
wrote: the pages show its checks, and its options replace the ones above;
``ringside docs`` always gives one, so the checks run once, outside Sphinx;
unset, this extension runs the checks itself).
"""

from __future__ import annotations

from pathlib import Path

import html
import importlib
import json

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.utils import unescape
from sphinx import addnodes
from sphinx.addnodes import desc_signature, pending_xref
from sphinx.domains import Domain, ObjType
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

_known: dict[str, str] = {}
"""Rule and section numbers of every registered game, with their labels."""

_SKIP = (nodes.literal, nodes.reference, pending_xref, nodes.title, nodes.target,
         nodes.raw, nodes.comment, nodes.system_message, desc_signature)


def _rule_xref(rawtext: str, number: str, label: str) -> pending_xref:
    node = pending_xref(rawtext, refdomain="std", reftype="ref", reftarget=label,
                        refexplicit=True, refwarn=True)
    shown = number.replace(" ", "\u00a0")  # a rule number never breaks across lines
    node += nodes.inline(shown, shown, classes=["ringside-rule"])
    return node


def rule_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:rule:`CF 4.3```: a link to the rule; an unknown number is an error."""
    from harness.docs import rule_label
    from model.core.errors import InputError
    from model.core.rules import normalize_rule_number

    try:
        number = normalize_rule_number(unescape(text))
    except InputError as error:
        message = inliner.reporter.error(str(error), line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    return [_rule_xref(rawtext, number, rule_label(number))], []


def _class_role(cls: str):
    def role(name, rawtext, text, lineno, inliner, options=None, content=None):
        value = unescape(text)
        return [nodes.inline(rawtext, value, classes=[cls])], []
    return role


class RuleLinks(SphinxTransform):
    """Link every known rule number in running text to its rule."""

    default_priority = 500

    def apply(self, **kwargs) -> None:
        from harness.docs import find_rule_numbers

        for block in self.document.findall(nodes.literal_block):
            if "ringside-notes" in block.get("classes", []):
                # A parsed-literal block: keep its markup (the rule links below)
                # instead of letting the HTML writer highlight its raw source.
                block.rawsource = ""
        if not _known:
            return
        for text in list(self.document.findall(nodes.Text)):
            if self._skipped(text):
                continue
            value = text.astext()
            found = find_rule_numbers(value, _known)
            if not found:
                continue
            parts: list[nodes.Node] = []
            position = 0
            for start, end, number in found:
                if start > position:
                    parts.append(nodes.Text(value[position:start]))
                parts.append(_rule_xref(number, number, _known[number]))
                position = end
            if position < len(value):
                parts.append(nodes.Text(value[position:]))
            text.parent.replace(text, parts)

    @staticmethod
    def _skipped(text: nodes.Text) -> bool:
        parent = text.parent
        while parent is not None:
            if isinstance(parent, nodes.literal_block):
                if "ringside-notes" not in parent.get("classes", []):
                    return True
            elif isinstance(parent, nodes.FixedTextElement) or isinstance(parent, _SKIP):
                return True
            parent = parent.parent
        return False


# -- rules and terms as objects: the search and the general index ----------------------
class RingsideDomain(Domain):
    """Rules and glossary terms, so that the search finds them by name first."""

    name = "rs"
    label = "ringside"
    object_types = {"rule": ObjType("rule"), "term": ObjType("glossary term")}
    initial_data: dict = {"objects": {}}  # anchor -> (type, name, display name, docname)

    @property
    def objects(self) -> dict:
        return self.data.setdefault("objects", {})

    def note_object(self, kind: str, name: str, display: str, anchor: str) -> None:
        self.objects[anchor] = (kind, name, display, self.env.docname)

    def clear_doc(self, docname: str) -> None:
        for anchor, entry in list(self.objects.items()):
            if entry[3] == docname:
                del self.objects[anchor]

    def merge_domaindata(self, docnames, otherdata) -> None:
        for anchor, entry in otherdata.get("objects", {}).items():
            if entry[3] in docnames:
                self.objects[anchor] = entry

    def get_objects(self):
        for anchor, (kind, name, display, docname) in sorted(self.objects.items()):
            yield name, display, kind, docname, anchor, 1

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        return None

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        return []


class RuleDirective(SphinxDirective):
    """``.. ringside-rule:: CF 4.3`` with ``:title: Any``, right under the rule's heading.

    The heading's label (``rule-cf-4-3``) is the anchor; the index gets ``CF
    4.3`` and the title (bold: the rule's own place), the search an object.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"title": directives.unchanged}

    def run(self):
        from harness.docs import rule_label

        number = self.arguments[0].strip()
        title = self.options.get("title", "").strip()
        anchor = rule_label(number)
        self.env.get_domain("rs").note_object("rule", number, f"{number} {title}".strip(),
                                              anchor)
        entries = [("pair", f"{number}; {title}", anchor, "main", None)] if title else \
            [("single", number, anchor, "main", None)]
        return [addnodes.index(entries=entries)]


class TermDirective(SphinxDirective):
    """``.. ringside-term:: Joker`` with ``:label:``, ``:game:``, ``:see:``: a glossary entry.

    The body is the definition; the label can be linked with ``:ref:``.
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"label": directives.unchanged_required, "game": directives.unchanged,
                   "see": directives.unchanged}

    def run(self):
        name = self.arguments[0].strip()
        label = self.options["label"]
        game = self.options.get("game", "").strip()
        self.env.get_domain("rs").note_object("term", name, name, label)
        self.env.domains.standard_domain.note_hyperlink_target(label, self.env.docname,
                                                               label, name)
        where = f"{game} term" if game else "term"
        entries = [("single", f"{name}; {where}", label, "main", None)]
        for other in filter(None, (w.strip() for w in self.options.get("see", "").split(";"))):
            entries.append(("see", f"{other}; {name}", label, "", None))
        term = nodes.term(name, name, ids=[label])
        definition = nodes.definition()
        self.state.nested_parse(self.content, self.content_offset, definition)
        item = nodes.definition_list_item("", term, definition)
        return [addnodes.index(entries=entries),
                nodes.definition_list("", item, classes=["ringside-glossary"])]


# -- folded blocks -------------------------------------------------------------------------
class details_node(nodes.General, nodes.Element):
    """An HTML ``<details>``: its first child is the summary."""


class summary_node(nodes.General, nodes.TextElement):
    """The one line a :class:`details_node` shows when folded."""


class DetailsDirective(SphinxDirective):
    """``.. ringside-details:: SUMMARY`` (inline markup allowed), the body folded under it."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"class": directives.class_option, "open": directives.flag}

    def run(self):
        text = self.arguments[0]
        inline, messages = self.state.inline_text(text, self.lineno)
        summary = summary_node(text, "", *inline)
        node = details_node(classes=["ringside-details"] + self.options.get("class", []),
                            open="open" in self.options)
        node += summary
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node, *messages]


def _visit_details(self, node):
    attrs = {"open": "open"} if node.get("open") else {}
    self.body.append(self.starttag(node, "details", "", **attrs))


def _depart_details(self, node):
    self.body.append("</details>\n")


def _visit_summary(self, node):
    self.body.append(self.starttag(node, "summary", ""))


def _depart_summary(self, node):
    self.body.append("</summary>\n")


def _visit_plain(self, node):
    pass


def _depart_plain(self, node):
    pass


# -- positions: boards of cards ------------------------------------------------------------
class position_node(nodes.General, nodes.Element):
    """A position drawn from its layout (``node["layout"]``, a JSON-ready dict)."""


class PositionDirective(SphinxDirective):
    """``.. ringside-position::`` with the layout as JSON in the body (see
    :func:`harness.docs.templating.layout_json`)."""

    has_content = True
    option_spec = {"class": directives.class_option}

    def run(self):
        try:
            layout = json.loads("\n".join(self.content))
        except ValueError as error:
            raise self.error(f"ringside-position: the layout is not JSON: {error}") from None
        return [position_node(layout=layout, classes=self.options.get("class", []))]


def _token_html(token: dict, cls: str = "rs-card") -> str:
    classes = [cls]
    if token.get("colour"):
        classes.append(f"rs-{token['colour']}")
    if token.get("mark"):
        classes.append(f"rs-mark-{token['mark']}")
    words = token.get("words") or token["text"]
    if token.get("mark_words"):
        words += f", {token['mark_words']}"
    return (f'<span class="{" ".join(classes)}" role="img" aria-label="{html.escape(words)}" '
            f'title="{html.escape(words)}">{html.escape(token["text"])}</span>')


def _value_html(value, cls: str = "rs-chip") -> str:
    if isinstance(value, str):
        return html.escape(value)
    return " ".join(_token_html(token, cls) for token in value)


def _visit_position(self, node):
    layout = node["layout"]
    out = [f'<div class="{" ".join(["ringside-position"] + node.get("classes", []))}">']
    board = layout.get("board") or []
    if board:
        out.append('<div class="ringside-board-wrap"><table class="ringside-board">'
                   '<tbody>')
        for row in board:
            out.append("<tr>")
            for cell in row:
                inner = "".join(_token_html(t) for t in cell)
                classes = "ringside-cell" + (" ringside-empty" if not cell else "")
                out.append(f'<td class="{classes}">{inner}</td>')
            out.append("</tr>")
        out.append("</tbody></table>")
        for name, value in layout.get("beside") or []:
            out.append(f'<div class="ringside-beside"><span class="ringside-beside-name">'
                       f'{html.escape(name)}</span>{_value_html(value, "rs-card")}</div>')
        out.append("</div>")
    parts = layout.get("parts") or []
    if parts:
        out.append('<dl class="ringside-parts">')
        for name, value in parts:
            out.append(f"<dt>{html.escape(name)}</dt><dd>{_value_html(value)}</dd>")
        out.append("</dl>")
    legend = layout.get("legend") or []
    if legend:
        out.append('<p class="ringside-legend">')
        for mark, meaning in legend:
            sample = {"text": "\u2009", "mark": mark, "words": meaning}
            out.append(f'<span class="ringside-legend-item">{_token_html(sample)} '
                       f'{html.escape(meaning)}</span>')
        out.append("</p>")
    out.append("</div>\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


def _skip(self, node):
    raise nodes.SkipNode


def _qualify_signature_types(app, doctree) -> None:
    """``Rules`` in a signature of ``model.<game>.moves`` means that module's
    ``Rules``: the reference target becomes its full name, found by importing the
    module (the documented object's, which autodoc imported already)."""
    for signature in doctree.findall(desc_signature):
        for node in signature.findall(pending_xref):
            target = node.get("reftarget", "")
            module = node.get("py:module")
            if (node.get("refdomain") != "py" or node.get("reftype") != "class"
                    or not module or not target.isidentifier()):
                continue
            try:
                value = getattr(importlib.import_module(module), target)
            except (ImportError, AttributeError):
                continue
            if isinstance(value, type):
                node["reftarget"] = f"{value.__module__}.{value.__qualname__}"


def _check_examples(reports) -> None:
    """A warning (the build fails) for every rule no ruling is about."""
    from harness import docs

    for report in reports:
        for number in docs.without_example(report):
            logger.warning("ringside: %s %s has no example: no scenario under scenarios/%s/ "
                           "(nor data case) is about it (write one with rules = [\"%s\"])",
                           report.game.key,
                           number, report.game.key, number, type="ringside",
                           subtype="example")


def _generate(app) -> None:
    from harness import docs, registry
    from harness.resources import data_root
    from model.core.errors import InputError

    config = app.config
    root = Path(config.ringside_root) if config.ringside_root else data_root().path
    games = list(registry.games().values())
    _known.clear()
    _known.update(docs.rule_numbers(games))
    options = docs.CheckOptions(
        proofs=bool(config.ringside_proofs), depth=int(config.ringside_explore_depth),
        max_states=int(config.ringside_explore_states),
        starts=int(config.ringside_explore_starts))
    progress = docs.progress_hook or (lambda message: logger.verbose(message))
    try:
        reports = docs.collect(
            games, root=root, options=options, progress=progress,
            results=Path(config.ringside_results) if config.ringside_results else None,
            report=Path(config.ringside_check_report) if config.ringside_check_report
            else None)
    except InputError as error:
        raise ExtensionError(f"ringside: {error}") from None
    uncovered = [f"{r.game.key} {n}" for r in reports for n in r.uncovered]
    if uncovered:
        raise ExtensionError("ringside: every rule needs a check; these have none: "
                             + ", ".join(uncovered))
    for report in reports:
        for failure in report.failures():
            logger.warning("ringside: check failed: %s", failure,
                           type="ringside", subtype="check")
    _check_examples(reports)
    progress("writing the generated pages")
    pages, problems = docs.generate(reports)
    for problem in problems:
        logger.warning("ringside: %s", problem, type="ringside", subtype="model")
    docs.write_pages(Path(app.srcdir) / docs.GENERATED, pages)
    progress("building the pages")


def setup(app):
    app.add_config_value("ringside_root", "", "env", types=[str])
    app.add_config_value("ringside_proofs", True, "env", types=[bool])
    app.add_config_value("ringside_explore_depth", 2, "env", types=[int])
    app.add_config_value("ringside_explore_states", 4000, "env", types=[int])
    app.add_config_value("ringside_explore_starts", 4, "env", types=[int])
    app.add_config_value("ringside_results", "", "env", types=[str])
    app.add_config_value("ringside_check_report", "", "env", types=[str])
    app.add_role("rule", rule_role)
    for name in ("pass", "fail", "notrun", "kind-start", "kind-decision", "kind-step",
                 "kind-terminal", "trace-modelled", "trace-data", "trace-example",
                 "trace-flavour", "trace-out-of-scope"):
        app.add_role(f"rs-{name}", _class_role(f"rs-{name}"))
    app.add_transform(RuleLinks)
    app.add_domain(RingsideDomain)
    app.add_directive("ringside-rule", RuleDirective)
    app.add_directive("ringside-term", TermDirective)
    app.add_directive("ringside-details", DetailsDirective)
    app.add_directive("ringside-position", PositionDirective)
    others = {name: (_skip, None) for name in ("latex", "text", "man", "texinfo")}
    app.add_node(details_node, html=(_visit_details, _depart_details),
                 **{name: (_visit_plain, _depart_plain) for name in others})
    app.add_node(summary_node, html=(_visit_summary, _depart_summary),
                 **{name: (_visit_plain, _depart_plain) for name in others})
    app.add_node(position_node, html=(_visit_position, None), **others)
    app.connect("builder-inited", _generate)
    app.connect("doctree-read", _qualify_signature_types)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
