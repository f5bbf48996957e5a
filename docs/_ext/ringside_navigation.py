"""The site's navigation tree, resolved once per build instead of once per page.

Furo puts the whole site's table of contents in every page's sidebar: it asks
the page's ``toctree()`` for the global tree, titles only, nothing collapsed.
Sphinx answers that by walking every document's table of contents, sections
included, and throwing the sections away again, for each of the ~300 pages:
the larger part of a build's writing time (measured: 150 of 336 s of a
profiled build).  Only two things in that answer depend on the page: which
entries lead to it (the ``current`` classes) and the links, relative to the
page's folder.  So this extension resolves the tree once, with each link left
as the name of its document and no page current, and for each page copies
it, marks the branch that leads to the page as Sphinx does, and makes the
links relative.  Every other ``toctree()`` call goes to Sphinx unchanged.

Every build compares the result with Sphinx's own on the first page at each
folder depth (a difference is a warning, which fails the build, and Sphinx's
tree is used from then on), and ``tests/test_docs_navigation.py`` builds a
small site both ways and compares every page: if a Sphinx release resolves the
tree in a way this does not reproduce, the build says so rather than the
sidebar going wrong unseen.
"""

from __future__ import annotations

import inspect

from docutils import nodes
from sphinx.environment.adapters.toctree import global_toctree_for_doc
from sphinx.util import logging, url_re

logger = logging.getLogger(__name__)

NAVIGATION_ARGUMENTS = {"collapse": False, "titles_only": True, "maxdepth": -1,
                        "includehidden": True}
"""What furo asks ``toctree()`` for (``furo._compute_navigation_tree``)."""

_NO_PAGE = "\0no page"
"""A document name no page has: the tree resolved for it marks nothing current."""


class _DocumentNames:
    """The builder as the resolution sees it, except that a link stays the name of
    the document it leads to (made relative per page later)."""

    def __init__(self, builder) -> None:
        self._builder = builder

    def get_relative_uri(self, from_: str, to: str, typ: str | None = None) -> str:
        return to

    def __getattr__(self, name: str):
        return getattr(self._builder, name)


def _resolve_once(builder):
    """The global tree, titles only, every link a document name; ``None`` without one."""
    options = dict(NAVIGATION_ARGUMENTS)
    if "tags" in inspect.signature(global_toctree_for_doc).parameters:
        options["tags"] = builder.tags
    return global_toctree_for_doc(builder.env, _NO_PAGE, _DocumentNames(builder), **options)


def _mark_current(tree, pagename: str) -> None:
    """The ``current`` classes Sphinx gives the entries that lead to ``pagename``:
    the reference to it and every node above it, up to (not including) the tree's
    root, whose own mark Sphinx drops when it joins the root toctrees."""
    for reference in tree.findall(nodes.reference):
        if reference.get("anchorname") or reference.get("refuri") != pagename:
            continue
        node = reference
        while node is not None and node is not tree:
            node["classes"].append("current")
            node = node.parent


def _relative_links(tree, builder, pagename: str) -> None:
    """Each link to a document made relative to ``pagename``, as Sphinx makes them
    (what its own ``url_re`` calls a URL stays as it is)."""
    for reference in tree.findall(nodes.reference):
        uri = reference.get("refuri", "")
        if url_re.match(uri):
            continue
        anchor = reference.get("anchorname", "")
        document = uri[:len(uri) - len(anchor)] if anchor and uri.endswith(anchor) else uri
        reference["refuri"] = builder.get_relative_uri(pagename, document) + anchor


class _Navigation:
    """The resolved tree of one build, each page's rendering of it, and the
    comparison with Sphinx's own rendering for the first page at each depth of
    folders (a difference turns this off for the rest of the build, with a warning)."""

    def __init__(self, builder) -> None:
        self.builder = builder
        self.tree = _resolve_once(builder)
        self.checked_depths: set[int] = set()
        self.trusted = True

    def html_for(self, pagename: str, sphinx_html) -> str:
        if not self.trusted:
            return sphinx_html()
        if self.tree is None:
            fast = ""
        else:
            tree = self.tree.deepcopy()
            _mark_current(tree, pagename)
            _relative_links(tree, self.builder, pagename)
            fast = self.builder.render_partial(tree)["fragment"]
        depth = pagename.count("/")
        if depth not in self.checked_depths:
            self.checked_depths.add(depth)
            expected = sphinx_html()
            if fast != expected:
                self.trusted = False
                logger.warning("ringside_navigation: the navigation tree made once differs "
                               "from Sphinx's own on page %s; using Sphinx's for every page "
                               "(slower)", pagename)
                return expected
        return fast


def _navigation_of(builder) -> _Navigation:
    # One per build: a builder lives for one build, and every document is read
    # before the first page is written.
    navigation = getattr(builder, "_ringside_navigation", None)
    if navigation is None:
        navigation = builder._ringside_navigation = _Navigation(builder)
    return navigation


def _page_context(app, pagename, templatename, context, doctree) -> None:
    asked = context.get("toctree")
    if asked is None:
        return

    def toctree(**kwargs):
        if kwargs == NAVIGATION_ARGUMENTS:
            return _navigation_of(app.builder).html_for(
                pagename, lambda: asked(**NAVIGATION_ARGUMENTS))
        return asked(**kwargs)

    context["toctree"] = toctree


def setup(app):
    # Before furo's own handler (priority 500), which calls toctree() for the sidebar.
    app.connect("html-page-context", _page_context, priority=400)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
