"""Writing users' files safely: result files and folders, checked before the work starts.

Every file the harness writes goes through :func:`atomic_write` (a
temporary file beside the target, renamed into place, so an interrupted or
failed write leaves the old file whole) after
:func:`check_output_file` or :func:`check_output_folder` said, before any work
started, that the place can be written.  (Reading is
:mod:`analysis.inputs`, which the data loaders below the harness share.)
"""

from __future__ import annotations

import errno
import functools
import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from analysis.inputs import check_path, file_type
from model.core.errors import InputError


def _status(path: Path, where: str) -> os.stat_result | None:
    """The status of ``path`` (``None``: nothing there); one line if it cannot be had."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise InputError(f"cannot use it: {error.strerror or error}", where) from None


def _writable_folder(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK)


def check_output_file(path: Path | str, option: str) -> Path:
    """Refuse, before any work, a place where a result file cannot be written.

    The path must be short enough for the system, its folder must exist and be
    writable, and ``path`` must not be a folder or a device (``/dev/full`` is
    writable but keeps nothing).
    """
    path = Path(path)
    where = f"{option} {path}".strip()
    check_path(path, where)
    status = _status(path, where)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise InputError("is a folder; give a file name", where)
    if status is not None and not stat.S_ISREG(status.st_mode):
        raise InputError(f"is {file_type(status.st_mode)}, not a regular file (a device or "
                         "a pipe keeps no results)", where)
    folder = path.parent if str(path.parent) else Path(".")
    folder_status = _status(folder, where)
    if folder_status is None:
        raise InputError(f"the folder {folder} does not exist", where)
    if not stat.S_ISDIR(folder_status.st_mode):
        raise InputError(f"{folder} is {file_type(folder_status.st_mode)}, not a folder", where)
    if not _writable_folder(folder):
        raise InputError(f"the folder {folder} is not writable", where)
    if status is not None and not os.access(path, os.W_OK):
        raise InputError("the file is read-only", where)
    return path


def check_output_folder(path: Path | str, option: str) -> Path:
    """Refuse, before any work, a folder that cannot receive files.

    The folder may not exist yet: then its nearest existing ancestor must be
    a writable folder (it is created by :func:`make_folder` when the work
    writes, never while the command line is read).
    """
    path = Path(path)
    where = f"{option} {path}".strip()
    check_path(path, where)
    status = _status(path, where)
    if status is not None:
        if not stat.S_ISDIR(status.st_mode):
            raise InputError(f"is {file_type(status.st_mode)}, not a folder", where)
        if not _writable_folder(path):
            raise InputError("the folder is not writable", where)
        return path
    ancestor = path.absolute().parent
    while (found := _status(ancestor, where)) is None and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if found is None or not stat.S_ISDIR(found.st_mode):
        raise InputError(f"cannot create it: {ancestor} is not a folder", where)
    if not _writable_folder(ancestor):
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
        # mkstemp makes the file private (0600); the file written keeps the mode
        # of the one it replaces, or gets what a plain open() would give.
        try:
            os.chmod(temporary, path.stat().st_mode & 0o7777 if path.exists()
                     else 0o666 & ~_umask())
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


@functools.cache
def _umask() -> int:
    """The process's umask, read once: reading it means setting it and setting it
    straight back, which no write of a result should do again."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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


def _head(path: Path, where: str) -> bytes | None:
    """The first 4 KiB of the file at ``path`` (``None``: nothing there), never
    blocking on a pipe; a folder, device or pipe there is refused."""
    status = _status(path, where)
    if status is None:
        return None
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"is {file_type(status.st_mode)}, not a file ringside wrote; it was "
                         "left untouched", where)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}", where) from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise InputError("is not a regular file; it was left untouched", where)
        return os.read(descriptor, 4096)
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}", where) from None
    finally:
        os.close(descriptor)


def check_replaceable(path: Path | str, ours: Callable[[bytes], bool], what: str,
                      where: str | None = None) -> None:
    """Refuse to replace an existing file that ringside did not write.

    ``ours`` looks at the first bytes of the file (up to 4 KiB) and says
    whether it is one of ringside's (a survey header, a trace's comment ...).
    An empty file holds nothing to lose; what is not a regular file is never ours.
    """
    where = where or str(path)
    head = _head(Path(path), where)
    if head and not ours(head):
        raise InputError(f"exists and is not {what}; it was left untouched (give another "
                         "name, or remove it yourself)", where)


def marked(folder: Path | str, marker: str, mark: bytes) -> bool:
    """Whether ``folder`` holds the regular file ``marker`` beginning with ``mark``."""
    try:
        head = _head(Path(folder) / marker, str(folder))
    except InputError:
        return False
    return head is not None and head.startswith(mark)


def folder_replaceable(path: Path | str, marker: str, mark: bytes, what: str,
                       where: str) -> None:
    """Refuse to write into a non-empty folder that lacks our ``marker`` file, beginning
    with ``mark`` (left there by our earlier output)."""
    path = Path(path)
    try:
        filled = path.is_dir() and any(path.iterdir())
    except OSError as error:
        raise InputError(f"cannot list the folder: {error.strerror or error}", where) from None
    if filled and not marked(path, marker, mark):
        raise InputError(f"is a folder with other files in it, not {what}; it was left "
                         "untouched (give an empty or new folder)", where)
