"""Sphinx extension: the ringside rules reference, generated from the model.

At ``builder-inited`` it runs every check of every registered game and writes
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
- the status roles ``rs-pass``, ``rs-fail``, ``rs-notrun`` and ``rs-kind-*``.

Configuration (``conf.py`` or ``-D``): ``ringside_root`` (the data root the
checks read: scenarios, results, rule index; default
:func:`harness.resources.data_root`, the checkout or the installed wheel's
data), ``ringside_proofs`` (run the z3 obligations; default true),
``ringside_explore_depth``, ``ringside_explore_states``,
``ringside_explore_starts`` (the explorer's bounds, as ``ringside check``),
``ringside_results`` (the folder of committed results, one sub-folder per
game, handed to each game's ``docs_pages`` hook; default ``results/`` under
the data root).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.utils import unescape
from sphinx.addnodes import desc_signature, pending_xref
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

_known: dict[str, str] = {}
"""Rule and section numbers of every registered game, with their labels."""

_SKIP = (nodes.literal, nodes.reference, pending_xref, nodes.title, nodes.target,
         nodes.raw, nodes.comment, nodes.system_message, desc_signature)


def _rule_xref(rawtext: str, number: str, label: str) -> pending_xref:
    node = pending_xref(rawtext, refdomain="std", reftype="ref", reftarget=label,
                        refexplicit=True, refwarn=True)
    node += nodes.inline(number, number, classes=["ringside-rule"])
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
            results=Path(config.ringside_results) if config.ringside_results else None)
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
    app.add_role("rule", rule_role)
    for name in ("pass", "fail", "notrun", "kind-start", "kind-decision", "kind-step",
                 "kind-terminal"):
        app.add_role(f"rs-{name}", _class_role(f"rs-{name}"))
    app.add_transform(RuleLinks)
    app.connect("builder-inited", _generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
