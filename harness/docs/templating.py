"""The page templates of the rules reference, and the filters they use.

Every generated page is a Jinja2 template under ``harness/docs/templates/``
(``rules.rst.jinja``, ``checks.rst.jinja`` ...) that writes reStructuredText.
:mod:`harness.docs.pages` gathers the data and calls :func:`render`; the text
of the pages lives in the templates.  The building blocks shared by the
templates are macros in ``_macros.rst.jinja`` (``heading``, ``list_table``,
``field_list``, ``notes``, ``position`` ...) and the filters and functions
defined here:

======================  ==============================================================
``text|esc``            markup characters escaped, whitespace runs as one space
``text|lit``            inline literal (````text````), or escaped text if it holds a backtick
``text|esc_role``       text for the title part of a cross-reference role
``text|indented(n)``    every non-blank line indented by ``n`` spaces (3 by default)
``text|hang(a, b)``     first line prefixed by ``a``, the others by ``b`` (list cells)
``status(kind, text)``  a coloured status word (``:rs-pass:`ok```)
``doc(name, title)``    a link to a page; ``ref(label, title)`` to a label
``share(n, total)``     ``n/total (p%)``
``layout|layout_json``  a :class:`~harness.drawing.Layout` as the one-line JSON the
                        ``ringside-position`` directive draws
``text|capfirst``       the first letter in upper case
======================  ==============================================================

Jinja2 comes with Sphinx; it is imported only when a page is rendered, so
that the rest of the harness works without the docs extras.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).resolve().parent / "templates"
"""The folder of the core page templates (shipped in the wheel)."""

_ESCAPE = re.compile(r"([\\*`|_\[\]])")


# -- filters ---------------------------------------------------------------------------
def esc(text: Any, collapse: bool = True) -> str:
    """Text with reStructuredText markup characters escaped (one line).

    With ``collapse=False`` the line breaks and spaces are kept.
    """
    text = " ".join(str(text).split()) if collapse else str(text)
    return _ESCAPE.sub(r"\\\1", text)


def lit(text: Any) -> str:
    """Inline literal text."""
    text = " ".join(str(text).split())
    if not text:
        return ""
    if "`" in text:
        return esc(text)
    return f"``{text}``"


def esc_role(text: Any) -> str:
    """Text for the title part of a cross-reference role."""
    return " ".join(str(text).replace("`", "'").replace("<", "\\<").split())


def indented(text: Any, spaces: int = 3) -> str:
    """Every non-blank line indented; blank lines left empty (no trailing newline)."""
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in str(text).splitlines())


def hang(text: Any, first: str, rest: str) -> str:
    """A block hung on a prefix: ``first`` before its first line, ``rest`` before the others.

    Used for list-table cells and field bodies, which may span lines.
    """
    lines = str(text).splitlines() or [""]
    out = [(first + lines[0]).rstrip() if lines[0] else first.rstrip()]
    out.extend((rest + line) if line.strip() else "" for line in lines[1:])
    return "\n".join(out)


# -- functions -----------------------------------------------------------------------------
def status(kind: str, text: str) -> str:
    """A coloured status word (roles defined by the extension)."""
    return f":rs-{kind}:`{esc_role(text)}`"


def ref(label: str, title: str) -> str:
    return f":ref:`{esc_role(title)} <{label}>`"


def doc(docname: str, title: str | None = None) -> str:
    return f":doc:`{esc_role(title)} </{docname}>`" if title else f":doc:`/{docname}`"


def share(covered: int, total: int) -> str:
    percent = 100 * covered / total if total else 100.0
    return f"{covered}/{total} ({percent:.0f}%)"


def capfirst(text: Any) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


def layout_data(layout: Any) -> dict:
    """A layout as plain data: every cell and part as tokens (dicts), marks in words."""
    from harness.drawing import tokens

    meanings = dict(layout.legend)

    def token(t) -> dict:
        found = {"text": t.text, "words": t.words, "colour": t.colour, "mark": t.mark}
        if t.mark and t.mark in meanings:
            found["mark_words"] = meanings[t.mark]
        return found

    def value(v):
        return v if isinstance(v, str) else [token(t) for t in tokens(v)]

    return {"board": [[[token(t) for t in cell] for cell in row] for row in layout.cells()],
            "parts": [[name, value(v)] for name, v in layout.parts],
            "beside": [[name, value(v)] for name, v in layout.beside],
            "legend": [list(pair) for pair in layout.legend]}


def layout_json(layout: Any, parts: bool = True) -> str:
    """The layout as one line of JSON (for the ``ringside-position`` directive);
    without its parts when ``parts`` is false."""
    import json

    data = layout_data(layout)
    if not parts:
        data["parts"] = []
    return json.dumps(data, ensure_ascii=False)


FILTERS = {"esc": esc, "lit": lit, "esc_role": esc_role, "indented": indented, "hang": hang,
           "layout_json": layout_json, "capfirst": capfirst}
GLOBALS = {"status": status, "ref": ref, "doc": doc, "share": share}


@lru_cache(maxsize=8)
def environment(extra: tuple[str, ...] = ()):
    """The Jinja2 environment: the folders in ``extra`` first, then the core templates."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*extra, str(TEMPLATES)]),
        autoescape=False, undefined=jinja2.StrictUndefined, trim_blocks=True,
        lstrip_blocks=True, keep_trailing_newline=True, extensions=["jinja2.ext.do"])
    env.filters.update(FILTERS)
    env.globals.update(GLOBALS)
    return env


def render(template: str, /, *, search: Path | str | None = None,
           functions: dict[str, Any] | None = None, **data: Any) -> str:
    """The text of ``template`` given ``data``.

    ``search`` is a folder looked in before the core templates (a game's own
    templates); ``functions`` adds globals for this page only.
    """
    env = environment((str(search),) if search else ())
    return env.get_template(template).render(**(functions or {}), **data)
