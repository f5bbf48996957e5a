r"""The Markdown of Club Fight's results notes as reStructuredText, for the docs.

The notes under ``results/clubfight/`` (``unwinnable.md``: the hunt for
unwinnable deals) are written in Markdown, for GitHub and for people reading
the checkout; the rules reference shows them as pages of its own, converted
at build time so that the page and the notes never differ.  Only what these
notes use is understood:

* ``#``, ``##``, ``###`` headings (the first ``#`` heading is the title);
* paragraphs (lines joined);
* ``-`` and ``1.`` lists, nested by indentation, items continued on
  indented lines;
* pipe tables with a ``| --- |`` line under the header;
* fenced code blocks (three backticks);
* inline ``code``, ``**strong**``, ``*emphasis*`` and ``[links](url)``.

Anything else is kept as text, escaped, so it can never break the page.

>>> print(to_rst("A **bold** `code`s and *em*."), end="")
A **bold** ``code``\ s and *em*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from harness.docs.templating import esc

HEADING_CHARS = {1: "=", 2: "-", 3: "~", 4: "^"}
"""The underline of each heading level."""

_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"
                     r"|\[([^\]]+)\]\(([^)\s]+)\)")
_BEFORE = set(" \t\n-:/'\"<([{")
_AFTER = set(" \t\n-.,:;!?\\/'\")]}>")
_ITEM = re.compile(r"^( *)(-|\*|\d+\.) +(.*)$")
_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


# -- inline ------------------------------------------------------------------------------------
def inline(text: str) -> str:
    """One paragraph's Markdown inline markup as reStructuredText (one line)."""
    text = " ".join(text.split())
    out: list[str] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.append(esc(text[position:match.start()], collapse=False))
        code, strong, emphasis, label, url = match.groups()
        if code is not None:
            piece = _literal(code)
        elif strong is not None:
            piece = _wrapped(strong, "**")
        elif emphasis is not None:
            piece = _wrapped(emphasis, "*")
        else:
            piece = f"`{esc(label)} <{url}>`__"
        before = text[match.start() - 1] if match.start() else " "
        after = text[match.end()] if match.end() < len(text) else " "
        if before not in _BEFORE:
            piece = "\\ " + piece
        if after not in _AFTER:
            piece += "\\ "
        out.append(piece)
        position = match.end()
    out.append(esc(text[position:], collapse=False))
    return "".join(out)


def _literal(code: str) -> str:
    code = code.strip()
    if not code:
        return ""
    return f"``{code}``" if "``" not in code else esc(code)


def _wrapped(text: str, mark: str) -> str:
    """``text`` set in ``mark`` (strong or emphasis); inline code in it stays code.

    reStructuredText does not nest markup, so the words around a piece of
    code are set each on their own; where two pieces touch (code, then
    ``**.**``), an escaped space keeps their marks apart.
    """
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            piece = _literal(part[1:-1])
        elif not part.strip():
            piece = part
        else:
            lead = part[: len(part) - len(part.lstrip())]
            tail = part[len(part.rstrip()):]
            piece = f"{lead}{mark}{esc(part.strip())}{mark}{tail}"
        if out and piece and out[-1] and not out[-1][-1].isspace() and not piece[0].isspace():
            out.append("\\ ")
        out.append(piece)
    return "".join(out)


# -- blocks ------------------------------------------------------------------------------------
@dataclass
class _Item:
    marker: str
    lines: list[str] = field(default_factory=list)
    children: list["_Item"] = field(default_factory=list)


def _list_items(lines: list[str]) -> list[_Item]:
    """A Markdown list (its lines, no blank line inside) as a tree of items."""
    roots: list[_Item] = []
    stack: list[tuple[int, _Item]] = []  # (indent of the item's text, item)
    for line in lines:
        found = _ITEM.match(line)
        indent = len(line) - len(line.lstrip(" "))
        if found:
            marker = "-" if found.group(2) in ("-", "*") else "#."
            item = _Item(marker, [found.group(3)])
            while stack and stack[-1][0] > indent:
                stack.pop()
            (stack[-1][1].children if stack else roots).append(item)
            stack.append((indent + len(found.group(2)) + 1, item))
        elif stack:
            while len(stack) > 1 and indent < stack[-1][0]:
                stack.pop()
            stack[-1][1].lines.append(line.strip())
    return roots


def _emit_items(items: list[_Item], out: list[str], indent: str = "") -> None:
    for item in items:
        marker = item.marker + " "
        out.append(indent + marker + inline(" ".join(item.lines)))
        if item.children:
            out.append("")
            _emit_items(item.children, out, indent + " " * len(marker))
            out.append("")
    if out and out[-1] != "":
        out.append("")


def _table(lines: list[str]) -> list[str]:
    rows = [_cells(line) for line in lines if not _RULE.match(line)]
    width = max(len(row) for row in rows)
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in rows:
        row = row + [""] * (width - len(row))
        for index, cell in enumerate(row):
            text = inline(cell)
            out.append(("   * - " if index == 0 else "     - ") + text if text
                       else ("   * -" if index == 0 else "     -"))
    out.append("")
    return out


def _cells(line: str) -> list[str]:
    """The cells of a table line; a ``|`` inside inline code is no border."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    cells, current, code = [], "", False
    for char in line:
        if char == "`":
            code = not code
        if char == "|" and not code:
            cells.append(current.strip())
            current = ""
        else:
            current += char
    cells.append(current.strip())
    return cells


def split_title(markdown: str) -> tuple[str | None, str]:
    """The first ``#`` heading's text and the Markdown without it."""
    lines = markdown.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("# "):
            return line[2:].strip(), "\n".join(lines[:index] + lines[index + 1:])
        if line.strip():
            break
    return None, markdown


def to_rst(markdown: str, shift: int = 0) -> str:
    """``markdown`` as reStructuredText; headings ``shift`` levels deeper."""
    lines = markdown.splitlines()
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped:
            index += 1
            continue
        if stripped.startswith("```"):
            end = index + 1
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            out.extend(["::", ""] + ["   " + text if text.strip() else ""
                                     for text in lines[index + 1:end]] + [""])
            index = end + 1
            continue
        heading = re.match(r"^(#{1,4}) +(.*?)\s*#*\s*$", line)
        if heading:
            level = min(len(heading.group(1)) + shift, max(HEADING_CHARS))
            title = inline(heading.group(2))
            out.extend([title, HEADING_CHARS[level] * max(len(title), 3), ""])
            index += 1
            continue
        block = []
        while index < len(lines) and lines[index].strip() and \
                not lines[index].strip().startswith("```") and \
                not re.match(r"^#{1,4} ", lines[index]):
            if block and not _ITEM.match(block[0]) and not block[0].lstrip().startswith("|") \
                    and _ITEM.match(lines[index]) and not lines[index].startswith(" "):
                break  # a list right under a paragraph
            block.append(lines[index])
            index += 1
        if block[0].lstrip().startswith("|"):
            out.extend(_table(block))
        elif _ITEM.match(block[0]):
            _emit_items(_list_items(block), out)
        else:
            out.extend([inline(" ".join(block)), ""])
    return "\n".join(out).rstrip() + "\n"
