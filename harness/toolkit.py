"""What every ``ringside`` command is made of, written once for every game.

* **Errors and exit codes** (:func:`guard`): bad input (:class:`InputError`)
  is one line on stderr and exit 2; work that failed (:class:`WorkFailed`: a
  worker pool that broke, a worker that raised) is one line and exit 1;
  never a traceback.  Standard output or error that cannot be written (a
  full disk, a closed pipe) ends the run quietly (:mod:`harness.streams`).
* **Numbers** (:func:`bounded_int`, :func:`bounded_float`, :func:`seconds`):
  argparse types that check a value's type *and* range while the command
  line is read, and say the range when they refuse
  (``argument --workers: must be a whole number from 1 to 64, not 99999``).
  Limits handed to native code are bounded by its width (:data:`INT64_MAX`,
  :data:`Z3_MAX_SECONDS`), so nothing wraps around.
* **Time limits** (:mod:`harness.limits` adds ``--timeout S``): a
  :class:`~analysis.deadline.TimeUp` that escapes a command is answered
  ``unknown`` with its reason (:func:`unknown_report`), exit 0.
* **Paths** (:class:`InputPath`, :class:`OutputPath`): argparse types that
  check a file read or a place written while the command line is read
  (through :mod:`analysis.inputs` and :mod:`harness.files`).
* **Rules** (:func:`add_rules_options`, :func:`read_rules`): ``--rules PRESET``
  and repeatable ``--set FIELD=VALUE``, turned into the game's ``Rules``.
* **Starts** (:func:`read_start`, :func:`read_setup`): a setup id (a deal
  number), a setup, a position in the game's notation, ``@FILE`` or the path
  of a file holding one of those, read through the game protocol
  (``parse_setup``, ``initial_state``, ``parse_state``).
* **Output** (:func:`add_json`, :class:`Report`, :func:`command`,
  :func:`add_command`): a command returns a :class:`Report`; ``--json`` prints
  its data, otherwise its lines are printed.
* **Progress** (:class:`Progress`): a tqdm bar on stderr, only when stderr is a
  terminal and ``--json`` is off.
* **Fan-out** (:func:`fan_out`, in :mod:`harness.parallel` and imported from
  here): one task function over many tasks, in this process, on a local process
  pool or on a Dask cluster, with a broken pool or a failed worker turned into
  :class:`WorkFailed`.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from analysis.deadline import TimeUp
from analysis.inputs import (
    check_input_file, check_input_folder, describe_range, number_text, path_problem, read_text,
)
from model.core.errors import InputError
from model.core.game import Game, parse_setting
from harness.interrupts import checkpoint
from harness.needs import check_needs, needs  # noqa: F401 (commands import them from here)
from harness.output import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, one_line, print_json
from harness.parallel import CONNECT_TIMEOUT, WorkFailed, fan_out  # noqa: F401 (re-exported)


# -- errors and exit codes ---------------------------------------------------------------------
def guard(call: Callable[[], int]) -> int:
    """Run a command; turn what may escape it into one line on stderr and an exit code.

    Standard output and error are watched (:mod:`harness.streams`): when one
    cannot be written (a full disk, a closed pipe) the run ends quietly with
    exit 2, or the command's own code if it had already failed.
    """
    from harness import interrupts, streams

    hook = sys.unraisablehook
    code = None
    with streams.watched():
        try:
            try:
                code = _run_command(call, interrupts)
            except SystemExit:  # argparse's --help: what it printed must reach the reader
                streams.flush()
                raise
            streams.flush()
            return code
        except streams.OutputLost as lost:
            return streams.lost(lost, code)
        finally:
            sys.unraisablehook = hook


def _run_command(call: Callable[[], int], interrupts) -> int:
    """The exit code of ``call``, what escaped it said in one line."""
    from harness.streams import OutputLost, say

    try:
        with interrupts.watching():
            code = call()
            interrupts.checkpoint()  # a Ctrl-C swallowed at the very end still counts
        return code
    except KeyboardInterrupt:
        return _interrupted(interrupts)
    except InputError as error:
        say(f"ringside: error: {one_line(error, 2000)}")
        return EXIT_BAD_INPUT
    except WorkFailed as error:
        say(f"ringside: error: {one_line(error, 2000)}")
        return EXIT_FAILED
    except OutputLost:
        raise
    except BrokenPipeError as error:
        # Standard output's own pipe is watched (OutputLost); any other broken
        # pipe is work that failed, never a success.
        say(f"ringside: error: a pipe broke: {one_line(error)}")
        return EXIT_FAILED
    except Exception as error:
        # Python wraps a Ctrl-C that lands in some of its own machinery (a
        # class being made while a module imports: "Error calling
        # __set_name__") in another exception; it is still the user's Ctrl-C.
        if _caused_by_interrupt(error):
            return _interrupted(interrupts)
        raise


def _interrupted(interrupts) -> int:
    from harness.streams import say

    # The interrupted work's objects are freed when the handler ends; some
    # were cut off half-built (a z3 term without its context) and complain
    # in their __del__.  Nobody needs those complaints after a Ctrl-C.
    sys.unraisablehook = interrupts.quiet
    say("ringside: interrupted")
    return 130


def _caused_by_interrupt(error: BaseException) -> bool:
    """Whether a KeyboardInterrupt is among the causes of ``error``."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


class CommandParser(argparse.ArgumentParser):
    """argparse, but a usage error is an :class:`InputError`: one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(message, None if self.prog == "ringside" else self.prog)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        # every number's help states its range, as a refusal of a value out of it does
        kind, text = kwargs.get("type"), kwargs.get("help")
        if isinstance(kind, Bounded) and isinstance(text, str) and text != argparse.SUPPRESS \
                and not _states_range(text, kind):
            kwargs["help"] = f"{text} [{kind.describe()}]"
        return super().add_argument(*args, **kwargs)


def _states_range(text: str, kind: "Bounded") -> bool:
    from analysis.inputs import show_number  # does the help give the top of the range?
    return any(top in text.replace(",", "") for top in (show_number(kind.high), f"{kind.high:g}"))


# -- numbers -----------------------------------------------------------------------------------
INT64_MAX = 2 ** 63 - 1
"""The largest node limit the compiled solver takes (a signed 64-bit integer)."""
UINT64_MAX = 2 ** 64 - 1
"""The largest seed or deal number (64 bits)."""
MAX_WORKERS = 64
"""The most worker processes a command starts."""
MAX_SECONDS = 10_000_000
"""The longest time limit a command takes (about 16 weeks)."""
Z3_MAX_SECONDS = (2 ** 32 - 1) // 1000
"""The longest z3 time cap: z3 takes it in milliseconds as a 32-bit unsigned number."""
MAX_COUNT = 10_000_000
"""The most items (deals, evaluations ...) a command lists or runs in one go."""


class Bounded:
    """An argparse type: a whole number or a number within a range.

    ``kind`` is ``int`` or ``float``; ``above`` makes the low end exclusive
    (``seconds above 0``).  The message of a refusal names the range, and
    argparse puts the option in front of it.
    """

    def __init__(self, kind: type, low: float, high: float, *, above: bool = False,
                 unit: str = "") -> None:
        if kind not in (int, float) or low > high:
            raise ValueError(f"bad bounds {kind.__name__} {low}..{high}")
        self.kind, self.low, self.high, self.above, self.unit = kind, low, high, above, unit
        self.__name__ = kind.__name__  # argparse names a type by it

    def describe(self) -> str:
        return describe_range(self.kind is int, self.low, self.high, above=self.above,
                              unit=self.unit)

    def __call__(self, text: str) -> int | float:
        shown = text if len(text) <= 40 else text[:37] + "..."
        try:
            value = number_text(text, self.kind)
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError(f"must be {self.describe()}, not {shown!r}") \
                from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be {self.describe()}, not {shown}")
        low_ok = value > self.low if self.above else value >= self.low
        if not (low_ok and value <= self.high):
            raise argparse.ArgumentTypeError(f"must be {self.describe()}, not {shown}")
        return value

    def __repr__(self) -> str:
        return f"Bounded({self.describe()})"


def bounded_int(low: int, high: int) -> Bounded:
    """An argparse type for a whole number from ``low`` to ``high``."""
    return Bounded(int, low, high)


def bounded_float(low: float, high: float, *, above: bool = False, unit: str = "") -> Bounded:
    """An argparse type for a finite number from ``low`` (or above it) to ``high``."""
    return Bounded(float, low, high, above=above, unit=unit)


def seconds(high: float = MAX_SECONDS, *, zero: bool = False) -> Bounded:
    """A time limit: seconds above 0 (from 0 with ``zero``) and at most ``high``."""
    return bounded_float(0, high, above=not zero, unit="seconds")


WORKERS = bounded_int(1, MAX_WORKERS)
"""``--workers``: worker processes."""
NODES = bounded_int(1, INT64_MAX)
"""A node limit of the solver (signed 64-bit in the compiled search)."""
SEED = bounded_int(0, UINT64_MAX)
"""A random seed."""
COUNT = bounded_int(1, MAX_COUNT)
"""How many items (at least one)."""


class OutputPath:
    """An argparse type for a place results go: a ``file`` or a ``folder``.

    The place is checked while the command line is read, so a command never
    works for an hour and then fails to write: the folder must exist (or be
    creatable) and be writable, a file must not be a folder or a device.
    Whether an existing file may be replaced is the command's to decide (it
    only replaces files it wrote itself).  ``kind`` lets the fault-injection
    tests find every output option of every command.
    """

    def __init__(self, kind: str) -> None:
        if kind not in ("file", "folder"):
            raise ValueError(f"an output is a file or a folder, not {kind!r}")
        self.kind = kind
        self.__name__ = f"output {kind}"

    def __call__(self, text: str) -> str:
        from harness.files import check_output_file, check_output_folder

        if not text.strip():
            raise argparse.ArgumentTypeError(f"needs a {self.kind} name")
        check = check_output_file if self.kind == "file" else check_output_folder
        try:
            check(text, "")
        except InputError as error:
            raise argparse.ArgumentTypeError(f"{text[:80]}: {error.what}") from None
        return text

    def __repr__(self) -> str:
        return f"OutputPath({self.kind!r})"


OUTPUT_FILE = OutputPath("file")
OUTPUT_FOLDER = OutputPath("folder")


class InputPath:
    """An argparse type for a file a command reads (``form``: a ``file``, a
    ``folder`` or ``either``, a file or a folder of them).

    Checked while the command line is read, with :mod:`analysis.inputs`: a
    path too long, missing, not a regular file (a folder, a pipe, a device)
    or over the size cap of ``kind`` is one line before any work; the
    command still reads it through :mod:`analysis.inputs`.  With ``names``
    the argument may instead be a name (a shipped deck, a character): a
    callable giving the names (taken as they are), or ``True`` when the
    command itself tells names from paths, so a path that is not there is
    passed on for the command to say it is no known name either.  ``kind``
    lets the fault-injection tests find every input of every command.
    """

    def __init__(self, kind: str, *, form: str = "file",
                 names: "Callable[[], Iterable[str]] | bool" = False) -> None:
        if form not in ("file", "folder", "either"):
            raise ValueError(f"an input is a file, a folder or either, not {form!r}")
        self.kind, self.form, self.names = kind, form, names
        self.__name__ = f"input {kind}"

    def _named(self, text: str) -> bool:
        if not callable(self.names):
            return False
        wanted = text.strip().lower()
        return any(wanted == str(name).lower() for name in self.names())

    def __call__(self, text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"needs a {self.kind} name")
        if self._named(text):
            return text
        shown = text if len(text) <= 300 else text[:297] + "..."
        problem = path_problem(text)
        if problem:
            raise argparse.ArgumentTypeError(f"{shown}: {problem}")
        try:
            os.stat(text)
        except (FileNotFoundError, NotADirectoryError):
            if self.names:
                return text  # no such path: the command says whether it is a name
            if self.form == "either":
                raise argparse.ArgumentTypeError(f"{shown}: no such file or folder") from None
        except OSError:
            pass  # the check below says what is wrong with it
        try:
            if self.form == "folder" or (self.form == "either" and os.path.isdir(text)):
                check_input_folder(text, self.kind)
            else:
                check_input_file(text, self.kind)
        except InputError as error:
            raise argparse.ArgumentTypeError(f"{shown}: {error.what}") from None
        return text

    def __repr__(self) -> str:
        return f"InputPath({self.kind!r})"


def add_workers(parser: argparse.ArgumentParser, default: int = 1) -> None:
    """``--workers W``: processes of the pool (1: in this process)."""
    parser.add_argument("--workers", type=WORKERS, default=default, metavar="W",
                        help=f"worker processes, 1 to {MAX_WORKERS} (default {default}"
                             f"{': in this process' if default == 1 else ''})")


# -- rules -------------------------------------------------------------------------------------
def _setting(text: str) -> str:
    """An argparse type for ``FIELD=VALUE``: checked here, kept as written."""
    try:
        parse_setting(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(error.what) from None
    return text


def add_rules_options(parser: argparse.ArgumentParser, game: Game | None = None) -> None:
    """``--rules PRESET`` and repeatable ``--set FIELD=VALUE``.

    With ``game`` the default is its first preset, by name, and the help lists
    the presets and fields; without (a command whose game is an argument) the
    default is ``None``: the game's first preset.
    """
    import dataclasses

    if game is not None:
        names = list(game.presets)
        fields = [f.name for f in dataclasses.fields(game.default_rules)]
        parser.add_argument("--rules", default=names[0], metavar="PRESET",
                            help=f"ruleset preset: {', '.join(names)} (default {names[0]})")
        parser.add_argument("--set", action="append", type=_setting, metavar="FIELD=VALUE",
                            help="change one Rules field of the preset (repeatable); "
                                 f"fields: {', '.join(fields)}")
        return
    parser.add_argument("--rules", metavar="PRESET",
                        help="ruleset preset (default: the game's first)")
    parser.add_argument("--set", action="append", type=_setting, metavar="FIELD=VALUE",
                        help="change one Rules field of the preset (repeatable)")


def read_rules(game: Game, args: argparse.Namespace) -> Any:
    """The ``Rules`` that ``--rules`` and ``--set`` name; unknown names are input errors."""
    name = getattr(args, "rules", None) or next(iter(game.presets))
    try:
        game.preset(name)
    except InputError as error:
        raise error.at("--rules") from None
    overrides = dict(parse_setting(item) for item in (getattr(args, "set", None) or ()))
    try:
        return game.parse_rules(name, overrides)
    except InputError as error:
        raise error.at("--set") from None


# -- starts ------------------------------------------------------------------------------------
def file_text(path: str, where: str, must: bool = False) -> str | None:
    """The stripped text of the file at ``path`` (read through :mod:`analysis.inputs`:
    regular files only, capped, BOM and CRLF accepted); ``None`` if nothing is
    there and not ``must`` (the text may be no path at all: a position)."""
    if not must:
        if not path or path_problem(path):
            return None
        try:
            os.stat(path)
        except (OSError, ValueError):
            return None
    try:
        return read_text(path, "start file").strip()
    except InputError as error:
        shown = path if len(path) <= 300 else path[:297] + "..."
        if error.what.startswith("no such"):
            raise InputError(f"no such file: {shown!r}", where) from None
        raise InputError(f"cannot read {shown!r}: {error.what}", where) from None


@dataclass(frozen=True)
class Start:
    """Where a command starts: the state, the setup it came from (``None`` when
    a position was given) and the text read (the argument or its file)."""

    state: Any
    setup: Any
    text: str


def refuse_broken(game: Game, state: Any) -> None:  # no game reaches a broken position
    for invariant in game.invariants:
        message = invariant(state)
        if message is not None:
            raise InputError(f"no game reaches this position: it breaks the invariant "
                             f"{invariant.name} ({', '.join(invariant.rules)}): {message}")


def _readings(game: Game, rules: Any, word: str, setups_only: bool,
              screen: Callable[[Any], None] | None = None) -> list:
    """``(name, parse)`` for each reading of a start's text, in the order tried."""

    def as_setup(text: str) -> Start:
        setup = game.parse_setup(text)
        return Start(None if rules is None else game.initial_state(setup, rules), setup, text)

    def as_position(text: str) -> Start:
        state = game.parse_state(text)
        try:  # a cheap refusal (a start too big) first, as it is; true: no invariants
            unchecked = screen and screen(state)
        except InputError as error:
            raise setattr(error, "final", True) or error
        unchecked or refuse_broken(game, state)
        return Start(state, None, text)

    readings = [(f"a {word}", as_setup)]
    if not setups_only:
        readings.append(("a position", as_position))
    return readings


def _first_reading(readings: list, text: str) -> Start | list[str]:
    reasons = []  # the first reading of ``text`` that parses, or why each failed
    for name, parse in readings:
        try:
            return parse(text)
        except InputError as error:
            if getattr(error, "final", False):
                raise
            reasons.append(f"as {name}: {error.what}")
    return reasons


def _read(game: Game, text: str, where: str, rules: Any, word: str,
          setups_only: bool, screen: Callable[[Any], None] | None = None) -> Start:
    readings = _readings(game, rules, word, setups_only, screen)
    kinds = " or ".join(name for name, _ in readings)
    if text.startswith("@"):
        path = text[1:]
        content = file_text(path, where, must=True)
    else:
        found = _first_reading(readings, text)
        if isinstance(found, Start):
            return found
        path, content = text, file_text(text, where)
        if content is None:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise InputError(f"{shown!r} is not {kinds}, nor a file holding one "
                             f"({'; '.join(found)})", where)
    found = _first_reading(readings, content)
    if isinstance(found, Start):
        return found
    held = f"neither {kinds.replace(' or ', ' nor ')}" if len(readings) > 1 else f"not {kinds}"
    raise InputError(f"the file holds {held} ({'; '.join(found)})", f"{where}: {path}")


def read_start(game: Game, text: str, where: str, rules: Any, *, word: str = "setup",
               screen: Callable[[Any], None] | None = None) -> Start:
    """The start a command argument names: a setup id or a setup (``parse_setup``,
    then ``initial_state``), a position (``parse_state``), ``@FILE`` or the path
    of a file holding one.  ``word`` is what the game calls a setup (``deal``).

    One :class:`InputError` at ``where`` when the text is none of these,
    with why each reading failed.
    """
    return _read(game, text, where, rules, word, setups_only=False, screen=screen)


def read_setup(game: Game, text: str, where: str, *, word: str = "setup") -> Start:
    """A setup (an id, its notation, ``@FILE`` or a file's path), like
    :func:`read_start` but no position; the :class:`Start` has no state."""
    return _read(game, text, where, None, word, setups_only=True)


# -- output ------------------------------------------------------------------------------------
def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``: the result for machines instead of text for people."""
    parser.add_argument("--json", action="store_true",
                        help="print the result as JSON (no progress display)")


@dataclass
class Report:
    """What a command found.

    ``data`` is printed as JSON with ``--json`` (``None``: nothing, for a
    command that failed before it had a result); otherwise ``lines`` (any
    iterable of strings, e.g. a generator, consumed only then) go to stdout.
    ``problems`` go to stderr either way; ``code`` is the exit code.
    """

    data: Any
    lines: Iterable[str] = ()
    code: int = EXIT_OK
    problems: Sequence[str] = ()


def command(func: Callable[[argparse.Namespace], Report]) -> Callable[[argparse.Namespace], int]:
    """A command function returning a :class:`Report` -> one that prints it and
    returns its exit code (an ``int`` returned is passed through)."""

    def run(args: argparse.Namespace) -> int:
        from harness.streams import OutputLost

        try:
            report = func(args)
        except TimeUp as stopped:
            report = unknown_report(stopped)
        if isinstance(report, int):
            return report
        try:
            if getattr(args, "json", False):
                if report.data is not None:
                    print_json(report.data)
            else:
                for line in report.lines:
                    print(line)
            for line in report.problems:
                print(line, file=sys.stderr)
        except OutputLost as lost:
            lost.code = report.code  # a failure stays one, whatever became of its report
            raise
        return report.code

    run.__name__ = getattr(func, "__name__", "run")
    run.__doc__ = func.__doc__
    run.__wrapped__ = func  # type: ignore[attr-defined]
    return run


def unknown_report(stopped: TimeUp) -> Report:
    """The answer of a command its ``--timeout`` stopped: unknown, with the reason, exit 0.

    Nothing the command had found so far is shown: a part is not the whole.
    """
    return Report({"verdict": "unknown", "reason": stopped.reason, "timeout": stopped.limit},
                  [f"unknown: {stopped.reason}, before an answer (a longer --timeout may "
                   "give one)"])


Example = Sequence[str] | Callable[[], Sequence[str]]


def add_command(subcommands: Any, name: str, func: Callable, *, help: str,
                example: Example, json: bool = True) -> argparse.ArgumentParser:
    """A sub-command ``name`` running ``func`` through :func:`command` (with ``--json``).

    ``example`` is a quick, valid invocation (the arguments after the command's
    name, or a function giving them, for examples that depend on the data):
    the fault-injection tests (``tests/test_faults.py``) start from it to
    check every command of every game against bad values, unusable paths and
    interrupts, so a command cannot be registered without one.
    """
    parser = subcommands.add_parser(name, help=help)
    if json:
        add_json(parser)
    parser.set_defaults(func=command(func))
    parser.ringside_example = example  # type: ignore[attr-defined]
    return parser


def example_of(parser: argparse.ArgumentParser) -> list[str] | None:
    """The example invocation a command was registered with (arguments after its name)."""
    example = getattr(parser, "ringside_example", None)
    if example is None:
        return None
    return list(example() if callable(example) else example)


# -- progress ----------------------------------------------------------------------------------
class Progress:
    """Progress of long work on stderr, unless the output is JSON.

    On a terminal, a tqdm bar.  Elsewhere (a log file, a pipe: a survey left
    running in the background), a plain line at most every
    :data:`PROGRESS_EVERY` seconds (``$RINGSIDE_PROGRESS_EVERY`` sets it;
    ``0`` turns the lines off), so work shorter than that prints nothing and
    a long one says how far it is, how fast it goes and about how long is
    left.

    ``progress(text)`` shows a status (so the object serves where a
    ``Callable[[str], None]`` is expected); :meth:`count` sets a running
    count, :meth:`start` gives a total, :meth:`advance` moves on, :meth:`rebase`
    measures the pace afresh after steps unlike the rest.  With
    ``unit=None`` only the status and the time taken are shown.
    """

    def __init__(self, enabled: bool = True, *, unit: str | None = "it",
                 stream=None, every: float | None = None, clock=time.monotonic) -> None:
        self.stream = sys.stderr if stream is None else stream
        try:
            terminal = self.stream.isatty()
        except (AttributeError, ValueError):
            terminal = False
        self.enabled = bool(enabled) and terminal
        self.unit = unit
        self.bar = None
        self._shown = 0.0
        if every is None:
            every = progress_every()
        self._every = every if bool(enabled) and not terminal and every > 0 else None
        self._clock = clock
        self._began = self._logged = clock()
        self._total: int | None = None
        self._done = self._first = 0
        self._paced = self._began
        self._estimate = True
        self._status = ""

    @classmethod
    def of(cls, args: argparse.Namespace, *, unit: str | None = "it") -> "Progress":
        """On unless ``--json``."""
        return cls(not getattr(args, "json", False), unit=unit)

    def start(self, total: int | None = None, done: int = 0, *,
              estimate: bool = True) -> None:
        """Begin (or begin again) with ``total`` steps, ``done`` of them done;
        ``estimate=False``: no time left is shown until :meth:`rebase`."""
        self._total, self._done, self._first = total, done, done
        self._began = self._paced = self._clock()
        self._estimate = estimate
        if not self.enabled:
            return
        from tqdm import tqdm

        if self.bar is not None:
            self.bar.close()
        self.bar = tqdm(total=total, initial=done, unit=self.unit or "it", file=self.stream,
                        leave=False, dynamic_ncols=True, mininterval=0.1, smoothing=0.1,
                        bar_format="{desc} [{elapsed}]" if self.unit is None else None)

    def _bar(self):
        if self.bar is None:
            self.start()
        return self.bar

    def __call__(self, text: str) -> None:
        """Show ``text`` as the status (at most ten times a second)."""
        checkpoint()  # every progress step is a place where a noted Ctrl-C stops the work
        self._status = text
        self._log()
        if not self.enabled:
            return
        bar = self._bar()
        bar.set_description_str(text, refresh=False)
        now = time.monotonic()
        if now - self._shown >= 0.1:
            self._shown = now
            bar.refresh()

    def count(self, number: int) -> None:
        """Set the count of work done to ``number``."""
        checkpoint()
        self._done = number
        self._log()
        if self.enabled:
            bar = self._bar()
            bar.update(number - bar.n)

    def rebase(self) -> None:
        """Measure the pace (and the time left) from here on: the steps before
        were unlike the ones to come (the slowest done first, say)."""
        self._first, self._paced, self._estimate = self._done, self._clock(), True

    def advance(self, steps: int = 1, status: str | None = None) -> None:
        """``steps`` more done; ``status`` beside the bar."""
        checkpoint()
        self._done += steps
        if status is not None:
            self._status = status
        self._log()
        if self.enabled:
            bar = self._bar()
            if status is not None:
                bar.set_postfix_str(status, refresh=False)
            bar.update(steps)

    def _log(self) -> None:
        """A line of progress, if one is due (not on a terminal: see the class)."""
        if self._every is None:
            return
        now = self._clock()
        if now - self._logged < self._every:
            return
        self._logged = now
        spent = now - self._began
        parts = [time.strftime("%H:%M:%S"), f"{_duration(spent)} in"]
        if self.unit is not None:
            unit = self.unit + ("" if self._done == 1 else "s")
            parts.append(f"{self._done:,} of {self._total:,} {unit}" if self._total
                         else f"{self._done:,} {unit}")
            made, paced = self._done - self._first, now - self._paced
            if made > 0 and paced > 0:
                rate = made / paced * 3600
                parts.append(f"{rate:,.0f} an hour" if rate >= 10 else f"{rate:.1f} an hour")
                if self._total and self._estimate:
                    parts.append(f"about {_duration((self._total - self._done) / made * paced)}"
                                 " left")
        body = "; ".join(part for part in (", ".join(parts[2:]), self._status) if part)
        print(f"ringside: [{parts[0]}, {parts[1]}] {body}".rstrip(), file=self.stream,
              flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    done = close

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


PROGRESS_EVERY = 60.0
"""Seconds between two lines of :class:`Progress` off a terminal, unless
``$RINGSIDE_PROGRESS_EVERY`` says otherwise."""


def progress_every() -> float:
    """:data:`PROGRESS_EVERY`, or ``$RINGSIDE_PROGRESS_EVERY`` when it holds a number of seconds
    (``0``: no lines); anything else there is an :class:`InputError` naming it."""
    text = os.environ.get("RINGSIDE_PROGRESS_EVERY")
    if text is None or not text.strip():
        return PROGRESS_EVERY
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise InputError(f"must be a number of seconds from 0, not {text!r}",
                         "RINGSIDE_PROGRESS_EVERY")
    return value


def _duration(seconds: float) -> str:
    """``42 s``, ``7 min 05 s``, ``5 h 38 min``."""
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
