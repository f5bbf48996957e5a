"""The fault battery: every argument of every registered command, by its type, against
hostile values, each run as its own process under a time and a memory cap.

The commands come from the real parser (:func:`harness.cli.build_parser`), so a
command is covered the day it is registered.  Each argument is classified by
its declared argparse type: a path read (:class:`harness.toolkit.InputPath`),
a path written (:class:`harness.toolkit.OutputPath`), a number
(:class:`harness.toolkit.Bounded`), a ``--set FIELD=VALUE``, a name (choices,
a game, a preset, a policy) or free text.  Each gets the battery of its type
(missing, a folder, a FIFO, ``/dev/zero``, ``/dev/full``, a name too long, a
path too deep, a path under a file, a byte-order mark, CRLF, empty, huge,
negative, zero, 2^64, NaN, not a number, an unknown name ...), put into the
command's registered example in place of the argument's own value; every
command also runs with stdout on ``/dev/full`` and into a pipe whose reader
has gone.  What every run must show: an exit code of 0, 1 or 2 (2 where the
value must be refused), no traceback, at most one line on stderr with exit
2, an end within the time cap, and a user's file untouched.

A file that cannot be read for want of permission is tried as a path under a
file (``a-file/x``) when the tests run as root, who reads a ``chmod 000`` file
all the same; as another user the ``chmod 000`` file is tried too.

``tests/test_fault_battery.py`` runs a fixed-seed sample of it;
``bench/bench_faults.py`` runs all of it and counts what it finds.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from harness.toolkit import Bounded, InputPath, OutputPath, example_of

PYTHON_MAIN = "import sys; from harness.entry import main; sys.exit(main())"
TIME_CAP = 20.0
"""Seconds a run may take before it counts as a hang."""
SLOW_COMMANDS = {("docs",): 900.0}
"""Commands whose accepted runs take minutes (a Sphinx build of the whole site), with
their own time cap; the sample of the test suite leaves them to the bench."""
MEMORY_CAP = 2 * 1024 ** 3
"""Bytes of address space a run may take (``RLIMIT_AS``)."""
NOTES = b"a user's notes: never to be replaced\n"

DEEP_PATH = "/".join(["d" * 200] * 21)  # 4,220 bytes, every name short enough
LONG_NAME = "n" * 300


# -- the commands ----------------------------------------------------------------------------------
def parser_has_subcommands(parser: argparse.ArgumentParser) -> bool:
    return any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)


def walk(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """Every (sub)command parser with the words that reach it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from walk(child, path + (name,))


def commands(parser: argparse.ArgumentParser) -> list[tuple[tuple[str, ...],
                                                            argparse.ArgumentParser]]:
    """Every command that runs (a parser with no sub-commands), with its words."""
    return [(path, child) for path, child in walk(parser)
            if path and not parser_has_subcommands(child)]


def arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The arguments of a command that take a value (not flags, not --help)."""
    return [a for a in parser._actions
            if a.nargs != 0 and a.dest != argparse.SUPPRESS
            and not isinstance(a, argparse._SubParsersAction)]


def name_of(action: argparse.Action) -> str:
    """An option's flag, a positional's name (its ``dest``: two may share a metavar)."""
    return action.option_strings[-1] if action.option_strings else action.dest


NAME_WORDS = {"game", "rules", "policy", "policies", "engine", "start_kind", "clash_text"}


def classify(action: argparse.Action) -> str:
    """``input``, ``output``, ``number``, ``setting``, ``name`` or ``text``."""
    kind = action.type
    if isinstance(kind, InputPath):
        return "input"
    if isinstance(kind, OutputPath):
        return "output"
    if isinstance(kind, Bounded):
        return "number"
    if getattr(kind, "__name__", "") == "_setting":
        return "setting"
    if action.choices or action.dest in NAME_WORDS:
        return "name"
    return "text"


# -- the values ------------------------------------------------------------------------------------
@dataclasses.dataclass
class Prepared:
    """A value made ready in a case's folder: what to pass, whether it must be
    refused (exit 2) or must not be (a valid file with a byte-order mark or
    CRLF), and the user's files that must stay as they are."""

    value: str | bytes
    refuse: bool = False
    accept: bool = False
    kept: dict[Path, bytes] = dataclasses.field(default_factory=dict)


Maker = Callable[[Path, argparse.Action, "str | None"], Prepared]


def _file(folder: Path, name: str, data: bytes) -> str:
    path = folder / name
    path.write_bytes(data)
    return name


def _fifo(folder: Path, *_) -> Prepared:
    os.mkfifo(folder / "a-fifo")
    return Prepared("a-fifo", refuse=True)


def _folder(folder: Path, *_) -> Prepared:
    (folder / "a-folder").mkdir()
    return Prepared("a-folder", refuse=True)


def _under_a_file(folder: Path, *_) -> Prepared:
    _file(folder, "a-file", b"x\n")
    return Prepared("a-file/x", refuse=True)


def _unreadable(folder: Path, *_) -> Prepared:
    _file(folder, "locked", b"x = 1\n")
    (folder / "locked").chmod(0)
    return Prepared("locked", refuse=True)


def _huge(folder: Path, *_) -> Prepared:
    with open(folder / "huge", "wb") as handle:  # sparse: over every cap, no bytes on disk
        handle.truncate(3 * 1024 ** 3)
    return Prepared("huge", refuse=True)


def _rewritten(change: Callable[[bytes], bytes]) -> Maker:
    """The example's file rewritten by ``change`` (it must still be read: a scenario
    keeps its folder, which names its game), or a TOML line so rewritten."""

    def make(folder: Path, action, base) -> Prepared:
        if base and os.path.isfile(base):
            (folder / Path(base).parent.name).mkdir(exist_ok=True)
            name = f"{Path(base).parent.name}/{Path(base).name}"
            return Prepared(_file(folder, name, change(Path(base).read_bytes())), accept=True)
        return Prepared(_file(folder, "rewritten.toml", change(b"x = 1\n")))

    return make


_bom = _rewritten(lambda data: b"\xef\xbb\xbf" + data)
_crlf = _rewritten(lambda data: data.replace(b"\n", b"\r\n"))


def _text_file(prefix: bytes, newline: bytes) -> Maker:
    """The example's text, in a file, with a byte-order mark or CRLF (a start read from
    a file must read the same)."""

    def make(folder: Path, action, base) -> Prepared:
        text = (base or "x").encode("utf-8", "surrogateescape")
        return Prepared(_file(folder, "start.txt", prefix + text + newline))

    return make


def _fixed(value: str | bytes, refuse: bool = False) -> Maker:
    return lambda folder, action, base: Prepared(value, refuse=refuse)


def _users_file(folder: Path, action, base) -> Prepared:
    if action.type.kind == "file":
        _file(folder, "notes.txt", NOTES)
        return Prepared("notes.txt", refuse=True, kept={folder / "notes.txt": NOTES})
    # A folder of the user's may receive new files beside theirs, never in their place.
    (folder / "mine").mkdir()
    _file(folder, "mine/notes.txt", NOTES)
    return Prepared("mine", kept={folder / "mine" / "notes.txt": NOTES})


def _output_other(folder: Path, action, base) -> Prepared:
    """A folder where a file is wanted; a file where a folder is."""
    if action.type.kind == "file":
        return _folder(folder)
    return Prepared(_file(folder, "a-file", b"x\n"), refuse=True)


def _missing_folder(folder: Path, action, base) -> Prepared:
    # A folder that does not exist is made, if its parent can be written to.
    return Prepared("no/such/folder/x", refuse=action.type.kind == "file")


def _number(text: str) -> Maker:
    def make(folder: Path, action, base) -> Prepared:
        try:
            action.type(text)
        except argparse.ArgumentTypeError:
            return Prepared(text, refuse=True)
        return Prepared(text)

    return make


PATHS_READ: dict[str, Maker] = {
    "missing": _fixed("missing.txt", refuse=True), "folder": _folder, "FIFO": _fifo,
    "/dev/zero": _fixed("/dev/zero", refuse=True), "/dev/full": _fixed("/dev/full", refuse=True),
    "name too long": _fixed(LONG_NAME, refuse=True),
    "path too deep": _fixed(DEEP_PATH, refuse=True),
    "unreadable": _under_a_file, "BOM": _bom, "CRLF": _crlf,
    "empty": lambda folder, *_: Prepared(_file(folder, "empty", b"")),
    "huge": _huge, "unknown name": _fixed("no-such-name", refuse=True),
}
if os.geteuid() != 0:
    PATHS_READ["chmod 000"] = _unreadable

PATHS_WRITTEN: dict[str, Maker] = {
    "missing folder": _missing_folder, "wrong kind": _output_other,
    "FIFO": _fifo,
    "/dev/zero": _fixed("/dev/zero", refuse=True), "/dev/full": _fixed("/dev/full", refuse=True),
    "name too long": _fixed(LONG_NAME, refuse=True),
    "path too deep": _fixed(DEEP_PATH, refuse=True),
    "unwritable": _under_a_file, "a user's file": _users_file,
    "empty": _fixed("", refuse=True),
}

NUMBERS: dict[str, Maker] = {
    name: _number(text) for name, text in (
        ("empty", ""), ("huge", "9" * 40), ("negative", "-1"), ("zero", "0"),
        ("2^64", str(2 ** 64)), ("NaN", "nan"), ("infinite", "1e999"),
        ("non-numeric", "many"), ("fraction", "1.5"), ("one", "1"))}

NAMES: dict[str, Maker] = {
    "unknown name": _fixed("no-such-name"), "empty": _fixed(""),
    "name too long": _fixed(LONG_NAME), "not UTF-8": _fixed(b"\xff\xfename"),
}

TEXTS: dict[str, Maker] = {
    "empty": _fixed(""), "blank": _fixed("   "), "long": _fixed("x " * 20_000),
    "name too long": _fixed(LONG_NAME), "path too deep": _fixed(DEEP_PATH),
    "@/dev/zero": _fixed("@/dev/zero"), "/dev/zero": _fixed("/dev/zero"),
    "@FIFO": lambda folder, *_: Prepared("@" + _fifo(folder).value),
    "FIFO": _fifo, "folder": _folder, "@missing": _fixed("@missing.txt"),
    "BOM": _text_file(b"\xef\xbb\xbf", b"\n"), "CRLF": _text_file(b"", b"\r\n"),
    "huge file": lambda folder, *_: Prepared("@" + _huge(folder).value),
    "negative": _fixed("-1"), "zero": _fixed("0"), "2^64": _fixed(str(2 ** 64)),
    "NaN": _fixed("nan"), "unknown name": _fixed("no-such-name"),
    "not UTF-8": _fixed(b"\xff\xfe"), "control characters": _fixed("a\x1b[2J\x07b"),
}


def _fields(action: argparse.Action) -> list[str]:
    """The Rules fields a ``--set`` lists in its help (``fields: a, b, c``)."""
    found = re.search(r"fields: (.*)$", action.help or "")
    return [f.strip() for f in found.group(1).split(",")] if found else []


def settings_battery(action: argparse.Action) -> dict[str, Maker]:
    battery = {"unknown field": _fixed("no_such_field=1"), "no value": _fixed("="),
               "no equals sign": _fixed("word"), "empty": _fixed("")}
    for field in _fields(action):
        for label, value in (("2^64", str(2 ** 64)), ("negative", "-1"), ("NaN", "nan"),
                             ("text", "many"), ("empty", "")):
            battery[f"{field}={label}"] = _fixed(f"{field}={value}")
    return battery


def battery(action: argparse.Action) -> dict[str, Maker]:
    kind = classify(action)
    if kind == "setting":
        return settings_battery(action)
    return {"input": PATHS_READ, "output": PATHS_WRITTEN, "number": NUMBERS,
            "name": NAMES, "text": TEXTS}[kind]


# -- command lines ---------------------------------------------------------------------------------
def _words(action: argparse.Action, value) -> list[str]:
    """The words that give ``action`` its ``value`` on a command line."""
    if action.option_strings:
        flag = action.option_strings[-1]
        if isinstance(action, argparse._AppendAction):
            return [word for item in value for word in (flag, str(item))]
        if isinstance(value, list):
            return [flag, *map(str, value)]
        return [flag, str(value)]
    return list(map(str, value)) if isinstance(value, list) else [str(value)]


def given(parser: argparse.ArgumentParser, example: list[str]) -> dict[argparse.Action, list]:
    """What the example sets, by argument: ``{action: words}`` (flags included)."""
    namespace = parser.parse_args(example)
    found = {}
    for action in parser._actions:
        if action.dest == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        value = getattr(namespace, action.dest, None)
        if value is None or value == [] or value == action.default:
            continue
        found[action] = [action.option_strings[-1]] if action.nargs == 0 else \
            _words(action, value)
    return found


OMITTED = object()
"""The value of an option left out (its default then holds)."""


def command_line(parser: argparse.ArgumentParser, example: list[str],
                 action: argparse.Action | None = None, value: object = None
                 ) -> list[str | bytes]:
    """The example with ``action`` given ``value`` instead, or left out with
    :data:`OMITTED` (positionals first)."""
    words = given(parser, example)
    if action is not None and value is OMITTED:
        words.pop(action, None)
    elif action is not None:
        if action.option_strings:
            words[action] = [action.option_strings[-1], value]
        else:
            old = words.get(action, [])
            many = action.nargs in ("+", "*") or isinstance(action.nargs, int)
            words[action] = [value, *old[1:]] if many else [value]
    positionals = [w for a in parser._actions if not a.option_strings and a in words
                   for w in words[a]]
    options = [w for a in parser._actions if a.option_strings and a in words
               for w in words[a]]
    return [*positionals, *options]


def base_value(parser: argparse.ArgumentParser, example: list[str],
               action: argparse.Action) -> str | None:
    """The example's own value for ``action`` (its first, for a list), if it gives one."""
    words = given(parser, example).get(action)
    if not words:
        return None
    return words[1] if action.option_strings else words[0]


# -- cases -----------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Case:
    """One hostile run: ``command`` (its words), the ``argument`` tried (or ``stdout``),
    the ``case`` of its battery."""

    command: tuple[str, ...]
    argument: str
    case: str

    @property
    def id(self) -> str:
        return f"{' '.join(self.command)} | {self.argument} | {self.case}"

    @property
    def cap(self) -> float:
        return SLOW_COMMANDS.get(self.command, TIME_CAP)


STDOUT_CASES = ("stdout on /dev/full", "stdout into a closed pipe")


def omissible(parser: argparse.ArgumentParser, example: list[str],
              action: argparse.Action) -> bool:
    """Whether to try the example without ``action``: an option it gives, not a
    number (a number left out may be a default amount of work of hours)."""
    return (bool(action.option_strings) and classify(action) != "number"
            and action in given(parser, example))


def all_cases(parser: argparse.ArgumentParser) -> list[Case]:
    found = []
    for path, child in commands(parser):
        example = example_of(child)
        for action in arguments(child):
            found += [Case(path, name_of(action), name) for name in battery(action)]
            if omissible(child, example, action):
                found.append(Case(path, name_of(action), "omitted"))
        found += [Case(path, "stdout", name) for name in STDOUT_CASES]
    return found


@dataclasses.dataclass
class Outcome:
    case: Case
    code: int | None
    stderr: str
    seconds: float
    problems: list[str]


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def prepare(case: Case, parser: argparse.ArgumentParser, folder: Path
            ) -> tuple[list[str | bytes], Prepared]:
    """The command line of ``case`` and what it expects, its files made in ``folder``."""
    _, child = next((p, c) for p, c in commands(parser) if p == case.command)
    example = example_of(child)
    if case.argument == "stdout":
        return [*case.command, *command_line(child, example)], Prepared("")
    action = next(a for a in arguments(child) if name_of(a) == case.argument)
    if case.case == "omitted":
        return [*case.command, *command_line(child, example, action, OMITTED)], Prepared("")
    base = base_value(child, example, action)
    made = battery(action)[case.case](folder, action, base)
    return [*case.command, *command_line(child, example, action, made.value)], made


def run_argv(argv: list[str | bytes], folder: Path, cap: float, stdout_case: str = ""
             ) -> tuple[int | None, str, float]:
    """Run ``ringside ARGV`` in ``folder`` under the time and memory caps: its exit code
    (``None``: killed at ``cap`` seconds), its stderr and its seconds.  ``stdout_case``
    is one of :data:`STDOUT_CASES` or empty (stdout thrown away)."""
    stdout: int | object = subprocess.DEVNULL
    closing = None
    if stdout_case == "stdout on /dev/full":
        stdout = os.open("/dev/full", os.O_WRONLY)
        closing = stdout
    elif stdout_case == "stdout into a closed pipe":
        reader, stdout = os.pipe()
        os.close(reader)
        closing = stdout
    began = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", PYTHON_MAIN, *argv], cwd=folder,
                               stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE,
                               preexec_fn=_limits, start_new_session=True)
    if closing is not None:
        os.close(closing)
    try:
        _, err = process.communicate(timeout=cap)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        code = None
    return code, err.decode("utf-8", "replace"), time.monotonic() - began


def run(case: Case, parser: argparse.ArgumentParser, folder: Path) -> Outcome:
    """Run ``case`` in ``folder`` (its working folder) and judge it."""
    argv, made = prepare(case, parser, folder)
    stdout_case = case.case if case.argument == "stdout" else ""
    code, text, seconds = run_argv(argv, folder, case.cap, stdout_case)
    return Outcome(case, code, text, seconds, judge(code, text, made))


def judge(code: int | None, stderr: str, made: Prepared) -> list[str]:
    """What is wrong with a run: ``hang``, ``traceback``, ``wrong exit``, ``lines``,
    ``file lost``."""
    problems = []
    if code is None:
        problems.append("hang")
    elif code not in (0, 1, 2) or (made.refuse and code != 2) or (made.accept and code == 2):
        problems.append("wrong exit")
    if "Traceback" in stderr or "Exception ignored" in stderr:
        problems.append("traceback")
    # A refusal is one line; a run that failed later (its output lost) may have
    # printed progress first, but says what went wrong once.
    errors = [line for line in stderr.splitlines() if line.startswith("ringside: error")]
    if code == 2 and (len(errors) > 1 or (made.refuse and stderr.count("\n") > 1)):
        problems.append("lines")
    for path, data in made.kept.items():
        if not path.is_file() or path.read_bytes() != data:
            problems.append("file lost")
    return problems


def clean(folder: Path) -> None:
    """Remove a case's folder (a locked file in it included)."""
    for path in folder.rglob("*"):
        try:
            if not path.is_symlink():
                path.chmod(0o700 if path.is_dir() else 0o600)
        except OSError:
            pass
    shutil.rmtree(folder, ignore_errors=True)


def describe(outcome: Outcome) -> str:
    last = outcome.stderr.strip().splitlines()[-3:] if outcome.stderr.strip() else []
    code = "no end" if outcome.code is None else outcome.code
    return (f"{outcome.case.id}: {', '.join(outcome.problems)} (exit {code}, "
            f"{outcome.seconds:.1f}s) {' / '.join(last)[:400]}")


def print_fault_table(title: str, rows: Mapping[str, collections.Counter], count: str,
                      faults: Sequence[str], cell: int) -> None:
    """A bench's table of faults: one row per group (by name), its ``count`` column and
    one column of ``cell`` characters per kind of fault."""
    width = max((len(name) for name in rows), default=10)
    print(f"\n{title:<{width}}  {count:>5}  " + "  ".join(f"{f:>{cell}}" for f in faults))
    for name in sorted(rows):
        row = rows[name]
        print(f"{name:<{width}}  {row[count]:>5}  " + "  ".join(f"{row[f]:>{cell}}" for f in faults))


def print_fault_totals(found: Iterable[Sequence[str]], noun: str, faults: Sequence[str],
                       seconds: float) -> None:
    """A bench's last line: how many runs (``noun``), how many had a fault, per kind."""
    found = list(found)
    totals = collections.Counter(fault for faults_of in found for fault in faults_of)
    faulty = sum(bool(faults_of) for faults_of in found)
    print(f"\n{len(found)} {noun} in {seconds:.0f}s: {faulty} with a fault ("
          + ", ".join(f"{totals[f]} {f}" for f in faults) + ")")
