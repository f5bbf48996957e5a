"""The sidebar's navigation tree made once per build (``docs/_ext/ringside_navigation.py``).

A small furo site with folders three deep, several pages at each depth, a
captioned and a hidden toctree, an external link and pages with sections is
built twice, with the extension and without it: every page must come out the
same, byte for byte, and the extension's own comparison with Sphinx (the
first page at each depth) must pass without the warning that would turn it
off (warnings are errors in these builds).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("furo")

from sphinx.application import Sphinx  # noqa: E402
from sphinx.util.docutils import docutils_namespace, patch_docutils  # noqa: E402

EXT = Path(__file__).resolve().parents[1] / "docs" / "_ext"

PAGES = {
    "index.rst": """Home
====

.. toctree::
   :caption: Games

   games/index
   Elsewhere <https://example.org>

.. toctree::
   :hidden:

   about
""",
    "about.rst": "About\n=====\n\nFirst\n-----\n\nSecond\n------\n\nDeeper\n~~~~~~\n",
    "games/index.rst": """Games
=====

.. toctree::

   a/rules
   a/rulings
   b
""",
    "games/a/rules.rst": "Rules\n=====\n\nCF 1\n----\n\nCF 1.1\n~~~~~~\n\nCF 2\n----\n",
    "games/a/rulings.rst": "Rulings\n=======\n\nOne\n---\n",
    "games/b.rst": "Other game\n==========\n\nIts part\n--------\n",
}


def _build(root: Path, extensions: list[str]) -> dict[str, str]:
    source = root / "src"
    for name, text in PAGES.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text)
    conf = f"extensions = {extensions!r}\nhtml_theme = 'furo'\n"
    (source / "conf.py").write_text(conf)
    out = root / "html"
    if str(EXT) not in sys.path:
        sys.path.insert(0, str(EXT))
    warnings = io.StringIO()
    with patch_docutils(source), docutils_namespace():
        app = Sphinx(str(source), str(source), str(out), str(root / "doctrees"), "html",
                     status=None, warning=warnings, freshenv=True, warningiserror=True)
        app.build(force_all=True)
    assert app.statuscode == 0 and not warnings.getvalue(), warnings.getvalue()
    return {str(p.relative_to(out)): p.read_text() for p in out.rglob("*.html")}


def test_every_page_is_what_sphinx_alone_makes(tmp_path):
    plain = _build(tmp_path / "plain", [])
    fast = _build(tmp_path / "fast", ["ringside_navigation"])
    assert sorted(fast) == sorted(plain)
    assert "games/a/rulings.html" in fast
    different = [name for name in plain if fast[name] != plain[name]]
    assert not different
    # The sidebar holds the whole tree, the page's own branch marked current.
    page = fast["games/a/rulings.html"]
    assert 'class="toctree-l2 current current-page"' in page
    assert 'href="../../about.html"' in page and 'href="https://example.org"' in page
