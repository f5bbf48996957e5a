"""Reading and writing users' files safely.

Every file the harness reads goes through :func:`read_text`, :func:`load_json`
or :func:`load_toml`: a file that is missing, unreadable, too big, not UTF-8,
malformed or nested too deeply becomes one :class:`InputError` naming the
file, never a traceback.  Every file it writes goes through
:func:`atomic_write` (a temporary file beside the target, renamed into place,
so an interrupted or failed write leaves the old file whole) after
:func:`check_output_file` or :func:`check_output_folder` said, before any work
started, that the place can be written.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
import tomllib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from model.core.errors import InputError

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The largest input file read whole (scenario files and headers are tiny)."""

_NAME_MAX = 255


def read_text(path: Path | str, what: str = "file", *, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of ``path``; one clear line when it cannot be read as text."""
    path = Path(path)
    where = str(path)
    try:
        if path.is_dir():
            raise InputError(f"is a folder, not a {what}", where)
        size = path.stat().st_size
        if size > limit:
            raise InputError(f"the {what} is {size:,} bytes; the limit is {limit:,}", where)
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no such {what}", where) from None
    except UnicodeDecodeError as error:
        raise InputError(f"not UTF-8 text (byte {error.start})", where) from None
    except OSError as error:
        raise InputError(f"cannot read the {what}: {error.strerror or error}", where) from None


def parse_json(text: str, where: str) -> Any:
    """JSON from text; malformed or absurdly deep input is an :class:`InputError`."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except RecursionError:
        raise InputError("nested too deeply to read", where) from None
    except ValueError as error:
        raise InputError(f"not valid JSON: {error}", where) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:20]} is too large for a number")
    return value


def parse_toml(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise InputError("nested too deeply to read", where) from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"not valid TOML: {error}", where) from None


def load_json(path: Path | str, what: str = "JSON file") -> Any:
    return parse_json(read_text(path, what), str(path))


def load_toml(path: Path | str, what: str = "TOML file") -> dict:
    return parse_toml(read_text(path, what), str(path))


def _name_problem(path: Path) -> str | None:
    for part in path.parts:
        if len(os.fsencode(part)) > _NAME_MAX:
            return f"a name in the path is longer than {_NAME_MAX} bytes"
    return None


def check_output_file(path: Path | str, option: str) -> Path:
    """Refuse, before any work, a place where a result file cannot be written.

    The folder must exist and be writable, and ``path`` must not be a folder
    or a device (``/dev/full`` is writable but keeps nothing).
    """
    path = Path(path)
    where = f"{option} {path}"
    problem = _name_problem(path)
    if problem:
        raise InputError(problem, where)
    if path.is_dir():
        raise InputError("is a folder; give a file name", where)
    if path.exists() and not path.is_file():
        raise InputError("is not a regular file (a device or a pipe keeps no results)", where)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"the folder {folder} does not exist", where)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"the folder {folder} is not writable", where)
    if path.exists() and not os.access(path, os.W_OK):
        raise InputError("the file is read-only", where)
    return path


def check_output_folder(path: Path | str, option: str) -> Path:
    """Refuse, before any work, a folder that cannot receive files.

    The folder may not exist yet: then its nearest existing ancestor must be
    a writable folder (it is created by :func:`make_folder` when the work
    writes, never while the command line is read).
    """
    path = Path(path)
    where = f"{option} {path}"
    problem = _name_problem(path)
    if problem:
        raise InputError(problem, where)
    if path.exists():
        if not path.is_dir():
            raise InputError("is not a folder", where)
        if not os.access(path, os.W_OK | os.X_OK):
            raise InputError("the folder is not writable", where)
        return path
    ancestor = path.absolute().parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"cannot create it: {ancestor} is not a folder", where)
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise InputError(f"cannot create it: {ancestor} is not writable", where)
    return path


def make_folder(path: Path | str, where: str | None = None) -> Path:
    """Create ``path`` (and its parents) if needed; one clear line if that fails."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create the folder: {error.strerror or error}",
                         where or str(path)) from None
    return path


def atomic_write(path: Path | str, write: Callable[[Any], None] | str | bytes,
                 where: str | None = None) -> None:
    """Write ``path`` whole or not at all.

    ``write`` is the content (text or bytes) or a function that writes into an
    open binary file.  The data go to a temporary file in the same folder,
    are flushed to disk, and replace ``path`` by a rename; on any failure the
    temporary file is removed and ``path`` is left as it was.
    """
    path = Path(path)
    where = where or str(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp",
                                             dir=path.parent if str(path.parent) else ".")
    except OSError as error:
        raise InputError(f"cannot write here: {error.strerror or error}", where) from None
    try:
        with os.fdopen(handle, "wb") as out:
            if callable(write):
                write(out)
            else:
                out.write(write.encode("utf-8") if isinstance(write, str) else write)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            try:
                os.chmod(temporary, path.stat().st_mode & 0o7777)
            except OSError:
                pass
        os.replace(temporary, path)
    except OSError as error:
        _remove(temporary)
        if error.errno == errno.ENOSPC:
            raise InputError("the disk is full; nothing was written", where) from None
        raise InputError(f"cannot write: {error.strerror or error}", where) from None
    except BaseException:
        _remove(temporary)
        raise


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


@contextmanager
def held_for_writing(path: Path | str, where: str) -> Iterator[None]:
    """Hold ``path`` for this run alone while the block writes it.

    Two runs writing one file (a second survey started with the same
    ``--out``) would each append and truncate it under the other.  An advisory
    lock on the file (``flock``), taken before anything reads or truncates
    it, makes the second run stop with one line instead, the file untouched.
    The file is created (empty) if it does not exist.  Where the platform has
    no ``flock`` (Windows), nothing is held.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on the platforms tested
        yield
        return
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise InputError(f"cannot write it: {error.strerror or error}", where) from None
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise InputError(f"cannot lock it: {error.strerror or error}", where) from None
            raise InputError("another run is writing this file now; it was left untouched "
                             "(wait for that run to end, or give another file)", where) from None
        yield
    finally:
        os.close(descriptor)  # and with it the lock


def check_replaceable(path: Path | str, ours: Callable[[bytes], bool], what: str,
                      where: str | None = None) -> None:
    """Refuse to replace an existing file that ringside did not write.

    ``ours`` looks at the first bytes of the file (up to 4 KiB) and says
    whether it is one of ringside's (a survey header, a trace's comment ...).
    An empty file holds nothing to lose.
    """
    path = Path(path)
    if not path.exists():
        return
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}",
                         where or str(path)) from None
    if head and not ours(head):
        raise InputError(f"exists and is not {what}; it was left untouched (give another "
                         "name, or remove it yourself)", where or str(path))


def folder_replaceable(path: Path | str, marker: str, what: str, where: str) -> None:
    """Refuse to write into a non-empty folder that lacks ``marker`` (our earlier output)."""
    path = Path(path)
    if path.is_dir() and any(path.iterdir()) and not (path / marker).exists():
        raise InputError(f"is a folder with other files in it, not {what}; it was left "
                         "untouched (give an empty or new folder)", where)

