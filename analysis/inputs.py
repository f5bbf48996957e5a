"""Reading files safely: the one input layer every command and data loader reads through.

A file is read only when it is a regular file of a sensible size: a folder,
a named pipe (FIFO), a device (``/dev/zero``) or a socket is refused in one
line naming the path and what it is, checked with ``os.stat`` before it is
opened and again on the open descriptor (opened with ``O_NONBLOCK`` so a pipe
swapped in between cannot block).  Each kind of file has its own size cap
(:data:`KINDS`).  A path with a name over 255 bytes or longer than 4,096
bytes is refused before the system is asked.  Text must be UTF-8; a
byte-order mark is accepted and dropped, and CRLF line ends become LF.
JSON and TOML (:data:`KINDS` says which kinds are which) are scanned for their nesting depth before they are parsed
(:func:`check_nesting`), so a file nested 100,000 levels deep is one line,
never a ``RecursionError``.  Numbers read from files are range-checked by
:func:`whole_number` and :func:`number_in`, whose refusals state the range.

Every refusal is one :class:`~model.core.errors.InputError` naming the file.
"""

from __future__ import annotations

import errno
import itertools
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from model.core.errors import InputError
from model.core.toml_lines import toml_table

KIB, MIB, GIB = 1024, 1024 ** 2, 1024 ** 3

KINDS: dict[str, tuple[int, str | None]] = {
    # kind of file:          (size cap,  syntax checked for nesting before parsing)
    "file":                  (16 * MIB, None),
    "scenario file":         (1 * MIB, "toml"),
    "start file":            (1 * MIB, None),
    "deck list":             (1 * MIB, None),
    "collection":            (4 * MIB, None),
    "card set":              (16 * MIB, "toml"),
    "card file":             (4 * MIB, "toml"),
    "character file":        (1 * MIB, "toml"),
    "warband file":          (1 * MIB, "toml"),
    "TOML file":             (16 * MIB, "toml"),
    "JSON file":             (16 * MIB, "json"),
    "rule index":            (16 * MIB, "json"),
    "test file":             (4 * MIB, None),
    "summary file":          (64 * MIB, "json"),
    "check report":          (64 * MIB, "json"),
    "survey results file":   (1 * GIB, None),  # JSON lines: each line is checked as parsed
    "screen progress file":  (1 * GIB, None),  # JSON lines, one per chunk of deals
    "screen manifest":       (64 * KIB, "json"),
    "certificate":           (1 * GIB, None),  # a header line, then a compressed body
}
"""Each kind of file that is read: its size cap and its syntax (``toml``,
``json``), whose nesting :func:`read_text` checks before any parser sees it.
``file`` is any kind not named.  The shipped files are a few KiB; a survey's
results run to about 85 bytes a deal, so 1 GiB holds over ten million deals; a Club
Fight certificate about 2 bytes a listed state, so 1 GiB holds hundreds of millions.
"""

NAME_MAX = 255
"""The longest name (one part of a path) in bytes, as the file systems allow."""
PATH_MAX = 4096
"""The longest path in bytes, as Linux allows."""
MAX_NESTING = 100
"""The deepest nesting of arrays and tables read from JSON or TOML (the
parsers recurse per level; real files nest a handful deep)."""

BOM = "\ufeff"


def limit_of(kind: str) -> int:
    """The size cap of a kind of file (:data:`KINDS`; that of ``file`` for other kinds)."""
    return KINDS.get(kind, KINDS["file"])[0]


def syntax_of(kind: str) -> str | None:
    """The syntax of a kind of file (``toml``, ``json``) or ``None`` (plain text)."""
    return KINDS.get(kind, KINDS["file"])[1]


def _size(count: int) -> str:
    for unit, size in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if count >= size and count % size == 0:
            return f"{count // size} {unit}"
    return f"{count:,} bytes"


# -- paths ---------------------------------------------------------------------------------------
def path_problem(path: Path | str) -> str | None:
    """Why ``path`` cannot name a file on this system, or ``None``.

    >>> path_problem("scenarios/x.toml") is None
    True
    >>> path_problem("x" * 300)
    'a name in the path is longer than 255 bytes'
    >>> path_problem("a/" * 2100)
    'the path is longer than 4,096 bytes'
    """
    text = os.fspath(path)
    if not text:
        return "an empty path names no file"
    if "\0" in text:
        return "a path cannot hold a NUL character"
    try:
        encoded = os.fsencode(text)
    except UnicodeError:
        return "the path is not valid text for this system"
    if any(len(part) > NAME_MAX for part in encoded.split(b"/")):
        return f"a name in the path is longer than {NAME_MAX} bytes"
    if len(encoded) > PATH_MAX:
        return f"the path is longer than {PATH_MAX:,} bytes"
    return None


def check_path(path: Path | str, where: str | None = None) -> None:
    """:func:`path_problem` as an :class:`InputError` at ``where`` (default the path)."""
    problem = path_problem(path)
    if problem:
        raise InputError(problem, where if where is not None else _shown(path))


def _shown(path: Path | str) -> str:
    text = os.fspath(path)
    return text if len(text) <= 300 else text[:297] + "..."


_FILE_TYPES = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
               (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISSOCK, "a socket"), (stat.S_ISREG, "a file"))


def file_type(mode: int) -> str:
    """What a file of ``mode`` is, in words: ``a folder``, ``a named pipe (FIFO)`` ..."""
    return next((name for test, name in _FILE_TYPES if test(mode)), "not a regular file")


def _stat_error(error: OSError, kind: str, where: str) -> InputError:
    if error.errno == errno.ENOENT:
        return InputError(f"no such {kind}", where)
    if error.errno == errno.ENOTDIR:
        return InputError(f"no such {kind} (a part of the path is not a folder)", where)
    if error.errno == errno.ENAMETOOLONG:
        return InputError("the path is too long for this system", where)
    if error.errno == errno.ELOOP:
        return InputError("the path has a loop of symbolic links", where)
    if error.errno in (errno.EACCES, errno.EPERM):
        return InputError(f"cannot read the {kind}: permission denied", where)
    return InputError(f"cannot read the {kind}: {error.strerror or error}", where)


def _refuse_kind(mode: int, kind: str, where: str) -> InputError:
    return InputError(f"is {file_type(mode)}, not a {kind} (only a regular file is read)",
                      where)


def _refuse_size(size: int, kind: str, where: str, limit: int) -> InputError:
    return InputError(f"the {kind} is {size:,} bytes; a {kind} may be at most "
                      f"{_size(limit)}", where)


def _status(path: Path | str, kind: str) -> os.stat_result:
    """The status of ``path`` after the length checks; one line when there is none."""
    where = _shown(path)
    check_path(path, where)
    try:
        return os.stat(path)
    except OSError as error:
        raise _stat_error(error, kind, where) from None


def check_input_file(path: Path | str, kind: str = "file", *,
                     limit: int | None = None) -> os.stat_result:
    """Refuse, without opening it, what cannot be read as a ``kind``: a path too
    long, missing, not a regular file, or over the cap.  Its status if not."""
    status = _status(path, kind)
    if not stat.S_ISREG(status.st_mode):
        raise _refuse_kind(status.st_mode, kind, _shown(path))
    cap = limit_of(kind) if limit is None else limit
    if status.st_size > cap:
        raise _refuse_size(status.st_size, kind, _shown(path), cap)
    return status


def check_input_folder(path: Path | str, kind: str = "folder") -> Path:
    """Refuse a path that is not an existing folder (too long, missing, a file ...)."""
    status = _status(path, kind)
    if not stat.S_ISDIR(status.st_mode):
        raise InputError(f"is {file_type(status.st_mode)}, not a {kind}", _shown(path))
    return Path(path)


# -- reading -------------------------------------------------------------------------------------
def read_bytes(path: Path | str, kind: str = "file", *, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most the cap of ``kind``."""
    cap = limit_of(kind) if limit is None else limit
    check_input_file(path, kind, limit=cap)
    where = _shown(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise _stat_error(error, kind, where) from None
    try:
        # What was checked may have been swapped for a pipe or a device since.
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise _refuse_kind(status.st_mode, kind, where)
        if status.st_size > cap:
            raise _refuse_size(status.st_size, kind, where, cap)
        chunks = []
        taken = 0
        while True:
            chunk = os.read(descriptor, min(cap + 1 - taken, 16 * MIB))
            if not chunk:
                break
            chunks.append(chunk)
            taken += len(chunk)
            if taken > cap:  # it grew while read
                raise _refuse_size(taken, kind, where, cap)
        return b"".join(chunks)
    except OSError as error:
        raise InputError(f"cannot read the {kind}: {error.strerror or error}", where) from None
    finally:
        os.close(descriptor)


def decode_text(data: bytes, where: str) -> str:
    """UTF-8 text from bytes: a byte-order mark dropped, CRLF line ends made LF.

    >>> decode_text(b"\\xef\\xbb\\xbfa = 1\\r\\nb = 2\\r\\n", "x.toml")
    'a = 1\\nb = 2\\n'
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(f"not UTF-8 text (byte {error.start:,}, line {line:,})", where) \
            from None
    nul = text.find("\0")
    if nul >= 0:  # valid UTF-8, but a binary file: no text format of ringside holds one
        line = text.count("\n", 0, nul) + 1
        raise InputError(f"holds a NUL byte (line {line:,}): a binary file, not text", where)
    if text.startswith(BOM):
        text = text[1:]
    return text.replace("\r\n", "\n")


def read_text(path: Path | str, kind: str = "file", *, limit: int | None = None) -> str:
    """The text of the regular file ``path`` (see :func:`read_bytes` and
    :func:`decode_text`), its nesting checked when its kind has a syntax."""
    where = _shown(path)
    text = decode_text(read_bytes(path, kind, limit=limit), where)
    syntax = syntax_of(kind)
    if syntax is not None:
        check_nesting(text, syntax, where)
    return text


# -- nesting -------------------------------------------------------------------------------------
_JSON_SKIPPED = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_TOML_SKIPPED = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*',
    re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str, syntax: str) -> int:
    """How deeply ``[`` and ``{`` nest outside strings (and TOML comments).

    A cheap scan, made before parsing: strings and comments are cut out by
    regular expressions, then the brackets left are counted.

    >>> nesting('{"a": [[1], "]]]"]}', "json")
    3
    >>> nesting("a = [[1]] # [[[[", "toml")
    2
    """
    if text.count("[") + text.count("{") <= 1:
        return text.count("[") + text.count("{")
    skipped = _JSON_SKIPPED if syntax == "json" else _TOML_SKIPPED
    brackets = _NOT_BRACKETS.sub("", skipped.sub("", text))
    if not brackets:
        return 0
    return max(0, max(itertools.accumulate(map(_STEP.__getitem__, brackets))))


def _dotted_too_long(text: str, limit: int) -> bool:
    """Whether a TOML dotted key (``a.b.c``, each part a table) has over ``limit`` parts."""
    if text.count(".") <= limit:
        return False
    plain = _TOML_SKIPPED.sub("s", text)  # a quoted key part is one part still
    chain = re.compile(r"(?:[\w-]+[ \t]*\.[ \t]*){%d}[\w-]" % limit)
    return any(line.count(".") > limit and chain.search(line) for line in plain.split("\n"))


def check_nesting(text: str, syntax: str, where: str, *, limit: int = MAX_NESTING) -> None:
    """Refuse ``text`` nested deeper than ``limit`` before a parser recurses into it
    (TOML: in arrays and inline tables, or in the parts of a dotted key)."""
    if text.count("[") + text.count("{") > limit:
        depth = nesting(text, syntax)
        if depth > limit:
            raise InputError(f"nested {depth:,} levels deep; at most {limit} are read", where)
    if syntax == "toml" and _dotted_too_long(text, limit):
        raise InputError(f"a dotted key nests more than {limit} tables deep; at most {limit} "
                         "are read", where)


# -- JSON and TOML -------------------------------------------------------------------------------
def parse_json(text: str, where: str) -> Any:
    """JSON from text; malformed or too deeply nested input is an :class:`InputError`."""
    if text.startswith(BOM):
        text = text[1:]
    check_nesting(text, "json", where)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise InputError("nested too deeply to read", where) from None
    except ValueError as error:
        if "integer string conversion" in str(error):  # int()'s own words, past its limit
            raise InputError("not valid JSON: a number of more than 4,300 digits", where) \
                from None
        raise InputError(f"not valid JSON: {error}", where) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large for a number")
    return value


def parse_toml(text: str, where: str) -> dict:
    """TOML from text; malformed or too deeply nested input is an :class:`InputError`."""
    if text.startswith(BOM):
        text = text[1:]
    text = text.replace("\r\n", "\n")
    check_nesting(text, "toml", where)
    return toml_table(text, where)


def load_json(path: Path | str, kind: str = "JSON file") -> Any:
    """The JSON value of the file ``path`` (read through :func:`read_text`)."""
    return parse_json(read_text(path, kind), _shown(path))


def load_toml(path: Path | str, kind: str = "TOML file") -> dict:
    """The TOML table of the file ``path`` (read through :func:`read_text`)."""
    return parse_toml(read_text(path, kind), _shown(path))


# -- numbers -------------------------------------------------------------------------------------
def show_number(number: float) -> str:
    """A bound as people read it: ``64``, ``0.5``, ``2^63-1``.

    >>> show_number(2 ** 63 - 1), show_number(20), show_number(2.0), show_number(0.25)
    ('2^63-1', '20', '2', '0.25')
    """
    if isinstance(number, int) and number > 2 ** 31 and (number + 1) & number == 0:
        return f"2^{number.bit_length()}-1"
    if isinstance(number, float) and number.is_integer():
        return str(int(number))
    return str(number)


def describe_range(whole: bool, low: float, high: float, *, above: bool = False,
                   unit: str = "") -> str:
    """``a whole number from 1 to 20``, ``a number of seconds above 0 and at most 60``.

    >>> describe_range(True, 1, 20)
    'a whole number from 1 to 20'
    >>> describe_range(True, 0, 1)
    '0 or 1'
    """
    noun = "a whole number" if whole else "a number"
    if unit:
        noun += f" of {unit}"
    if whole and high - low == 1:
        return f"{show_number(low)} or {show_number(high)}"
    if above:
        return f"{noun} above {show_number(low)} and at most {show_number(high)}"
    return f"{noun} from {show_number(low)} to {show_number(high)}"


def _shown_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_WHOLE_TEXT = re.compile(r"[+-]?[0-9]+")
_DECIMAL_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def number_text(text: str, kind: type = int) -> int | float:
    """The number ``text`` writes in plain ASCII digits (``kind`` ``int`` or ``float``);
    ``ValueError`` for anything else.

    Python's own ``int`` and ``float`` also read ``1_000``, ``١٢`` (Arabic-Indic
    digits) and fullwidth ``１``; a user who typed those meant something else, and a
    number that reads differently in every tool is refused rather than guessed.

    >>> number_text(" 12 "), number_text("2.5", float), number_text("1e3", float)
    (12, 2.5, 1000.0)
    >>> number_text("1_0")
    Traceback (most recent call last):
        ...
    ValueError: not a number in plain digits: '1_0'
    """
    stripped = text.strip()
    pattern = _WHOLE_TEXT if kind is int else _DECIMAL_TEXT
    if not pattern.fullmatch(stripped):
        if kind is float and stripped.lower().lstrip("+-") in ("inf", "infinity", "nan"):
            return float(stripped)  # the caller's range check names what is wrong with it
        raise ValueError(f"not a number in plain digits: {text!r}")
    return kind(stripped)


def whole_number(value: Any, low: int, high: int, name: str, where: str | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else an
    :class:`InputError` at ``where`` saying the range.

    >>> whole_number(12, 1, 20, "critical")
    12
    >>> whole_number(99999999999999999999, 1, 20, "critical", "ember.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: ember.toml: critical must be a whole number from 1 to 20, not 99999999999999999999
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{name} must be {describe_range(True, low, high)}, "
                         f"not {_shown_value(value)}", where)
    return value


def number_in(value: Any, low: float, high: float, name: str, where: str | None = None, *,
              above: bool = False) -> float:
    """``value`` if it is a finite number from ``low`` (or above it) to ``high``;
    else an :class:`InputError` at ``where`` saying the range.

    >>> number_in(0.5, 0, 1, "chance")
    0.5
    >>> number_in(float("nan"), 0, 1, "chance", "x.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: x.toml: chance must be a number from 0 to 1, not nan
    """
    good = (not isinstance(value, bool) and isinstance(value, (int, float))
            and math.isfinite(value) and (value > low if above else value >= low)
            and value <= high)
    if not good:
        raise InputError(f"{name} must be {describe_range(False, low, high, above=above)}, "
                         f"not {_shown_value(value)}", where)
    return value
