"""Where a key of a TOML text stands: the line number of a table, an entry or a field.

``tomllib`` gives values without their lines, so a data file's error could
name only its card and field.  :func:`line_of` finds the line a path of keys
and indices starts on, for the message a user reads ("one.toml: line 14:
...").  The scan is cheap and forgiving: headers (``[a.b]``, ``[[a]]``) and
``key =`` lines are read, multi-line strings and arrays skipped; a path the
text does not write out (inside an inline table, say) is answered with the
line of its nearest written ancestor, or of a deeper key with the same last
name.

>>> text = '''top = 1
... [[card]]
... name = "A"
... [[card]]
... name = "B"
... tabs = [
...   1, 2, 3]
... [card.fight]
... damage = 2
... [[card.abilities]]
... phase = "setup"
... [[card.abilities]]
... phase = "score"
... '''
>>> line_of(text, ("card", 1, "name")), line_of(text, ("card", 1, "fight", "damage"))
(5, 9)
>>> line_of(text, ("card", 1, "abilities", 1, "phase")), line_of(text, ("card", 1, "damage"))
(13, 9)
>>> line_of(text, ("card", 1, "tabs", 2)), line_of(text, ("card", 7)), line_of(text, ("x",))
(6, 2, None)
"""

from __future__ import annotations

import re
import tomllib
from typing import Iterator

from model.core.errors import InputError

Path = tuple["str | int", ...]

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\''
_KEY = rf"(?:{_BARE}|{_QUOTED})(?:[ \t]*\.[ \t]*(?:{_BARE}|{_QUOTED}))*"
_ARRAY_HEADER = re.compile(rf"\[\[[ \t]*({_KEY})[ \t]*\]\]")
_TABLE_HEADER = re.compile(rf"\[[ \t]*({_KEY})[ \t]*\]")
_ASSIGNMENT = re.compile(rf"({_KEY})[ \t]*=")
_PART = re.compile(rf"{_BARE}|{_QUOTED}")
_SKIPPED = re.compile(r'"""|\'\'\'|' + _QUOTED + r"|#[^\n]*")


def _names(key: str) -> tuple[str, ...]:
    return tuple(part.strip("\"'") for part in _PART.findall(key))


def _depth_change(value: str) -> tuple[int, str | None]:
    """How much ``value`` opens arrays and inline tables, and the multi-line string
    delimiter it leaves open, if any."""
    depth, open_string = 0, None
    for match in _SKIPPED.finditer(value):
        token = match.group(0)
        if token in ('"""', "'''"):
            if open_string is None:
                open_string = token
            elif open_string == token:
                open_string = None
    plain = _SKIPPED.sub("", value)
    depth = plain.count("[") + plain.count("{") - plain.count("]") - plain.count("}")
    return depth, open_string


def key_lines(text: str) -> Iterator[tuple[Path, int]]:
    """Every header and key of ``text`` as ``(path, line)``: array-of-tables entries
    carry their index (``("card", 2, "name")``), lines count from 1."""
    header: Path = ()
    indices: dict[tuple[str, ...], int] = {}
    depth = 0
    open_string: str | None = None

    def resolved(names: tuple[str, ...]) -> Path:
        path: list = []
        for count in range(1, len(names) + 1):
            path.append(names[count - 1])
            if names[:count] in indices:
                path.append(indices[names[:count]])
        return tuple(path)

    for number, line in enumerate(text.split("\n"), 1):
        if open_string is not None:
            if open_string in line:
                open_string = None
            continue
        if depth > 0:
            change, open_string = _depth_change(line)
            depth = max(0, depth + change)
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        array = _ARRAY_HEADER.match(stripped)
        if array:
            names = _names(array.group(1))
            indices[names] = indices.get(names, -1) + 1
            for inner in [key for key in indices if len(key) > len(names)
                          and key[:len(names)] == names]:
                del indices[inner]
            header = resolved(names)
            yield header, number
            continue
        table = _TABLE_HEADER.match(stripped)
        if table:
            header = resolved(_names(table.group(1)))
            yield header, number
            continue
        assignment = _ASSIGNMENT.match(stripped)
        if assignment:
            yield header + _names(assignment.group(1)), number
            depth, open_string = _depth_change(stripped[assignment.end():])
            depth = max(0, depth)


def line_of(text: str, path: Path) -> int | None:
    """The line ``path`` starts on in the TOML ``text``: its own, else that of a
    written key under its longest written ancestor that ends with the same name,
    else that ancestor's; ``None`` when not even its first part is written."""
    found = list(key_lines(text))
    for length in range(len(path), 0, -1):
        wanted = tuple(path[:length])
        matches = [(key, line) for key, line in found if key[:length] == wanted]
        if not matches:
            continue
        if length < len(path):
            last = path[-1]
            deeper = [line for key, line in matches if isinstance(last, str) and last in key]
            if deeper:
                return deeper[0]
        return matches[0][1]
    return None


def toml_table(text: str, where: str) -> dict:
    """The table of the TOML ``text``; anything it cannot read (bad syntax, nesting
    past Python's recursion, an integer of more digits than Python converts) is one
    :class:`InputError` at ``where``.

    >>> toml_table("n = " + "9" * 5000, "x.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: x.toml: not valid TOML: a number of more than 4,300 digits
    """
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"not valid TOML: {error}", where) from None
    except RecursionError:
        raise InputError("nested too deeply to read", where) from None
    except ValueError:  # int() past sys.get_int_max_str_digits(), raised unwrapped
        raise InputError("not valid TOML: a number of more than 4,300 digits", where) from None
    _check_common_keys(table, text, where)
    return table


COMMON_KEYS = {"ours": bool, "note": str}
"""Keys every data format of ringside shares at its top: ``ours = true`` marks a file
written for ringside (not the publisher's), ``note`` says anything about it."""


def _check_common_keys(table: dict, text: str, where: str) -> None:
    for key, kind in COMMON_KEYS.items():
        if key in table and type(table[key]) is not kind:
            what = "true or false" if kind is bool else "a text in quotes"
            line = next((number for number, written in enumerate(text.splitlines(), 1)
                         if written.lstrip().startswith(key)), None)
            at = f"{where}: line {line}" if line else where
            raise InputError(f"the field {key!r} must be {what}, not {table[key]!r}"[:200], at)


def dotted_path(field: str) -> Path:
    """A field as messages write it (``fight.sides[2].tabs``, indices from 1) as a path
    with indices from 0.

    >>> dotted_path("abilities[2].steps"), dotted_path("fight.sides[1]")
    (('abilities', 1, 'steps'), ('fight', 'sides', 0))
    """
    path: list = []
    for part in field.split("."):
        match = re.fullmatch(r"(\w+)((?:\[\d+\])*)", part.strip())
        if match is None:
            continue
        path.append(match.group(1))
        path.extend(int(index) - 1 for index in re.findall(r"\[(\d+)\]", match.group(2)))
    return tuple(path)


_SEGMENT = re.compile(r"\s*(\w+)(?:\[(\d+)\]| (\d+))?(?: \([^)]*\))?\s*")


def located(error: InputError, text: str, file: str) -> InputError:
    """``error`` placed at its line of ``text`` (the TOML file ``file``): the path
    comes from where the error stands, each part ``: ``-separated (``card 3 (S01)``
    is the third ``[[card]]``, ``passives[2]`` index 2 of ``passives``, a
    parenthesis says which and is skipped) and the field the message names
    (``field 'amount'``, ``unknown field 'colour'``).  An error elsewhere, or of no
    line found, is returned as it is.

    >>> text = 'name = "x"\\n[[card]]\\nhp = 1\\n[[card]]\\nhp = -1\\n'
    >>> str(located(InputError("must be 1 or more", "x.toml: card 2 (S2): hp"), text, "x.toml"))
    'x.toml: line 5: card 2 (S2): hp: must be 1 or more'
    """
    place = error.where or ""
    if not place.startswith(file) or place[len(file):len(file) + 7] == ": line ":
        return error
    path: list = []
    for part in place[len(file):].split(":"):
        match = _SEGMENT.fullmatch(part)
        if match is None:
            continue
        path.append(match.group(1))
        if match.group(2) is not None:
            path.append(int(match.group(2)))
        elif match.group(3) is not None:
            path.append(int(match.group(3)) - 1)
    named = re.match(r"(?:unknown )?(?:field|key) '(\w+)'", error.what)
    if named:
        path.append(named.group(1))
    line = line_of(text, tuple(path)) if path else None
    if line is None:
        return error
    return InputError(error.what, f"{file}: line {line}{place[len(file):]}")
