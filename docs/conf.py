"""Sphinx configuration of the ringside rules reference.

The pages under ``generated/`` are written at build time by the local
extension ``_ext/ringside_reference.py`` from the model's registries; build
with ``ringside docs``, in a checkout or from an installed wheel (which
carries this project); it builds from a temporary copy of this folder.  In a
checkout ``sphinx-build -W docs docs/_build/html`` works too (it writes
``docs/generated/``).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "ringside"
author = "the ringside authors"
copyright = "the ringside authors"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.graphviz",
    "sphinx.ext.viewcode",
    "ringside_reference",
    "ringside_navigation",
    "ringside_xref",
]

exclude_patterns = ["_build", "generated/*.inc"]
templates_path = []

html_theme = "furo"
html_title = "ringside rules reference"
html_static_path = ["_static"]
html_css_files = ["ringside.css"]
html_js_files = ["ringside-search.js"]
html_show_sourcelink = False
html_copy_source = False

# Keep the model's text exactly: no curly quotes, and "--" stays "--" (an
# empty slot in positions).
smartquotes = False

graphviz_output_format = "svg"

# A rule number typed in the search box ("CF 4.3", "4.3") finds that rule first.
html_search_scorer = str(Path(__file__).resolve().parent / "_ext" / "search_scorer.js")

# Literal blocks in docstrings are game notation, not Python.
highlight_language = "none"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {}

# The checks the build runs (see the extension's docstring); ``ringside docs``
# sets ringside_proofs and ringside_root (the data root: the checkout, or the
# installed wheel's data); left empty, the extension asks the harness for it.
ringside_proofs = True
ringside_explore_depth = 2
ringside_explore_states = 4000
ringside_explore_starts = 4
