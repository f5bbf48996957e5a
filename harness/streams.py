"""Standard output and error that end a command quietly when they cannot be written.

While a command runs (:func:`watched`), ``sys.stdout`` and ``sys.stderr`` are
wrapped so that a write or flush that fails (a full disk: ``> /dev/full``; a
pipe whose reader has gone: ``| head -0``; a stream closed at start:
``>&-``) raises :class:`OutputLost`, never an ``OSError``.  Nothing below
catches it by mistake: argparse swallows ``OSError`` from its help output,
which left the failure to the interpreter's final flush ("Exception ignored
... No space left on device", exit 120).  :func:`flush` empties both streams
before the command's code is returned, so that final flush has nothing left
to fail on, and :func:`lost` ends the run: the broken stream pointed at
``/dev/null``, one line on stderr when it can still be written (none for a
pipe whose reader closed: nobody is left to read it), and exit 2, or the
command's own code when it had already failed.  Text the stream's encoding
cannot hold (a file name given in bytes that are not UTF-8) is written as it
came, or escaped, never a UnicodeEncodeError.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from contextlib import contextmanager
from typing import Any, Iterator

from harness.output import EXIT_BAD_INPUT, EXIT_OK

STDOUT, STDERR = "standard output", "standard error"


class OutputLost(Exception):
    """A standard stream could not be written: ``stream`` names it, ``error`` is why.

    ``code`` is the command's own exit code when it was known (a report that
    failed was being printed), else ``None``.
    """

    def __init__(self, stream: str, error: BaseException) -> None:
        super().__init__(f"{stream}: {error}")
        self.stream, self.error = stream, error
        self.code: int | None = None


class _Watched:
    """A text stream whose failures are :class:`OutputLost`; the rest passes through."""

    def __init__(self, stream: Any, name: str) -> None:
        self._stream, self._name = stream, name
        self._retired = False

    def _call(self, method: str, *args: Any) -> Any:
        if self._stream is None:  # closed before Python started: nothing written is kept
            if self._retired or method == "flush" or not any(args[0]):
                return 0
            raise OutputLost(self._name, OSError(errno.EBADF, "the stream is closed"))
        try:
            return getattr(self._stream, method)(*args)
        except (OSError, ValueError) as error:  # ValueError: written after it was closed
            if self._retired:
                # Kept past the run by something (a logging handler made during
                # it, flushed at exit): the run has its code; nothing to add.
                return 0
            raise OutputLost(self._name, error) from None

    def write(self, text: str) -> int:
        return self._call("write", text)

    def writelines(self, lines) -> None:
        self._call("writelines", lines)

    def flush(self) -> None:
        self._call("flush")

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _unencodable(error: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler ``ringside-output``: bytes that came in undecodable
    (a file name in argv, kept as surrogates) go out as they came; any other
    character the stream's encoding lacks is written as a backslash escape."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start:error.end]
    if all(0xDC80 <= ord(char) <= 0xDCFF for char in chunk):
        return bytes(ord(char) - 0xDC00 for char in chunk), error.end
    return codecs.backslashreplace_errors(error)


codecs.register_error("ringside-output", _unencodable)


def _lenient(stream: Any) -> str | None:
    """Make ``stream`` write what its encoding cannot hold instead of raising
    UnicodeEncodeError; the error handler it had, to put back (``None``: unchanged)."""
    try:
        previous = stream.errors
        if previous == "strict":
            stream.reconfigure(errors="ringside-output")
            return previous
    except (AttributeError, OSError, ValueError):
        pass  # not a text stream that can be changed: left as it is
    return None


@contextmanager
def watched() -> Iterator[None]:
    """Wrap ``sys.stdout`` and ``sys.stderr`` (see the module) while the block runs."""
    out, err = sys.stdout, sys.stderr
    changed = [(stream, _lenient(stream)) for stream in (out, err) if stream is not None]
    wrappers = _Watched(out, STDOUT), _Watched(err, STDERR)
    sys.stdout, sys.stderr = wrappers
    try:
        yield
    finally:
        for wrapper in wrappers:
            wrapper._retired = True
        for stream, previous in changed:
            if previous is not None:
                try:
                    stream.reconfigure(errors=previous)
                except (AttributeError, OSError, ValueError):
                    pass
        # Put back what was there, unless something else replaced the wrappers since.
        if isinstance(sys.stdout, _Watched) and sys.stdout._stream is out:
            sys.stdout = out
        if isinstance(sys.stderr, _Watched) and sys.stderr._stream is err:
            sys.stderr = err


def flush() -> None:
    """Flush both streams (:class:`OutputLost` if one cannot take what it holds)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            try:
                stream.flush()
            except (OSError, ValueError) as error:  # not wrapped: outside watched()
                raise OutputLost(STDOUT if stream is sys.stdout else STDERR, error) from None


def say(line: str) -> None:
    """Print ``line`` on stderr if it can be written; if not, nothing more is tried there."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OutputLost, OSError, ValueError):
        _silence(sys.stderr)


def _silence(stream: Any) -> None:
    """Point the descriptor under ``stream`` at /dev/null, so what it still holds (the
    interpreter flushes it at exit) goes nowhere instead of failing again."""
    try:
        target = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, target)
        os.close(devnull)
    except (OSError, ValueError, AttributeError, OutputLost):
        pass  # no descriptor (a test's capture), or it is gone: nothing will flush there


def lost(error: OutputLost, code: int | None = None) -> int:
    """End a run whose output could not be written; its exit code.

    ``code``: the command's own, if it had finished (``error.code`` when it
    was printing a report); a failure (1) stays one, anything else is 2.
    """
    for stream in (sys.stdout, sys.stderr):
        if (stream is sys.stdout) == (error.stream == STDOUT):
            _silence(stream)
    if error.stream == STDOUT and getattr(error.error, "errno", None) != errno.EPIPE:
        reason = getattr(error.error, "strerror", None) or error.error
        say(f"ringside: error: {STDOUT}: cannot write ({reason}); the output is incomplete")
    own = error.code if error.code is not None else code
    return own if own not in (None, EXIT_OK) else EXIT_BAD_INPUT
