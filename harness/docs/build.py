"""``ringside docs``: run Sphinx on the rules reference, from a copy of its sources.

The generated pages come from :mod:`harness.docs.pages`; this module finds the
Sphinx project (:mod:`harness.resources`), builds it with warnings as errors,
and reports the result.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from analysis.inputs import read_text
from model.core.errors import InputError

Progress = Callable[[str], None]

OUTPUT_MARK = ".ringside-reference"
"""The file that marks a folder as one ``ringside docs`` writes into."""
MARK_LINE = "The rules reference, built by `ringside docs`."
"""How :data:`OUTPUT_MARK` begins: only a folder holding it is ours to replace."""

# -- ringside docs ----------------------------------------------------------------------------
progress_hook: Progress | None = None
"""Set by ``ringside docs`` while it builds: the extension reports progress here."""


@dataclass(slots=True)
class BuildResult:
    passed: bool
    index: Path
    seconds: float
    warnings: list[str]
    error: str = ""

    def as_dict(self) -> dict:
        return {"passed": self.passed, "index": str(self.index),
                "seconds": round(self.seconds, 3), "warnings": self.warnings,
                "error": self.error}


def docs_source(root: Path) -> Path:
    """The Sphinx project of a data root (a checkout's ``docs/``, or the wheel's copy).

    It is only read: :func:`build_site` builds from a copy of it.
    """
    source = root / "docs"
    if not (source / "conf.py").is_file():
        raise InputError("no Sphinx project here (docs/conf.py is missing); run ringside "
                         "docs from a ringside checkout or an installed ringside wheel",
                         str(source))
    return source


SOURCE_SKIPPED = ("_build", "generated", "__pycache__", "*.pyc")
"""What a copy of the Sphinx project leaves out: earlier builds' output."""

SIBLINGS = ("tests", "scenarios", "results")
"""Folders of the data root that pages may reach relative to ``docs/``
(``../tests/toygame.py``); the copy has them beside it."""


def _stage(source: Path, root: Path, folder: Path) -> Path:
    """Copy the Sphinx project to ``folder/docs``, the data root's folders beside it.

    The extension writes the generated pages into the source folder, so the
    build never runs on the data root itself (a checkout's ``docs/``, or the
    wheel's copy inside site-packages).  The sibling folders are linked, or
    copied (without the large ``*.jsonl`` logs) where links are not allowed.
    """
    staged = folder / "docs"
    shutil.copytree(source, staged, ignore=shutil.ignore_patterns(*SOURCE_SKIPPED))
    for name in SIBLINGS:
        original = root / name
        if not original.is_dir():
            continue
        try:
            (folder / name).symlink_to(original.resolve(), target_is_directory=True)
        except OSError:
            shutil.copytree(original, folder / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.jsonl"))
    return staged


def require_tools(dot: str = "dot") -> None:
    """One clear line when Sphinx, the theme or Graphviz is missing."""
    for module, package in (("sphinx", "sphinx"), ("furo", "furo")):
        try:
            importlib.import_module(module)
        except ImportError:
            raise InputError(f"{package} is not installed; install the docs extras: "
                             "pip install -e '.[docs]'") from None
    if shutil.which(dot) is None:
        raise InputError(f"Graphviz's {dot!r} command is not on PATH; the phase diagrams "
                         "need it (Debian: apt-get install graphviz)")


class _Warnings:
    """A stream for Sphinx's warnings: kept, and echoed when asked."""

    def __init__(self, echo) -> None:
        self.echo = echo
        self.lines: list[str] = []
        self._partial = ""

    def write(self, text: str) -> int:
        self._partial += text
        while "\n" in self._partial:
            line, self._partial = self._partial.split("\n", 1)
            line = re.sub(r"\x1b\[[0-9;]*m", "", line)
            if line.strip():
                self.lines.append(line)
                if self.echo is not None:
                    self.echo(line)
        return len(text)

    def flush(self) -> None:
        pass


def build_site(out: Path, *, root: Path, proofs: bool = True,
               source: Path | None = None, overrides: Mapping[str, Any] | None = None,
               progress: Progress | None = None,
               echo: Callable[[str], None] | None = None,
               check_report: Path | None = None) -> BuildResult:
    """Build the HTML reference into ``out`` with warnings as errors.

    ``root`` is the data root the checks read; ``source`` the Sphinx project
    (default ``root/docs``).  Sphinx runs on a temporary copy of ``source``
    (see :func:`_stage`), so neither is written to; warnings name the files of
    ``source``, not of the copy.  ``check_report`` is a file ``ringside check
    --json`` wrote, whose checks the pages show (without one, the build runs
    them).
    """
    from sphinx.application import Sphinx
    from sphinx.errors import SphinxError
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    global progress_hook
    source = source or docs_source(root)
    conf = {"ringside_proofs": proofs, "ringside_root": str(root)}
    conf.update(overrides or {})
    if check_report is not None:
        # The site publishes the report it shows, beside its index.
        published = out / CHECK_REPORT
        if not published.exists() or not published.samefile(check_report):
            from harness.files import atomic_write

            out.mkdir(parents=True, exist_ok=True)
            atomic_write(published, read_text(check_report, "check report"),
                         f"{out}: {CHECK_REPORT}")
        conf["ringside_check_report"] = str(published.resolve())
    began = time.perf_counter()
    error = ""
    passed = False
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ringside-docs-") as folder:
        staged = _stage(source, root, Path(folder))
        doctrees = Path(folder) / "doctrees"

        def original(line: str) -> str:
            return line.replace(str(staged), str(source))

        warnings = _Warnings(None if echo is None else lambda line: echo(original(line)))
        previous = progress_hook
        progress_hook = progress
        try:
            with patch_docutils(staged), docutils_namespace():
                app = Sphinx(str(staged), str(staged), str(out), str(doctrees), "html",
                             confoverrides=conf, status=None, warning=warnings,
                             freshenv=True, warningiserror=True)
                app.build(force_all=True)
                passed = app.statuscode == 0 and not warnings.lines
        except SphinxError as exc:
            error = f"{exc.category}: {exc}" if getattr(exc, "category", "") else str(exc)
            error = original(error)
        finally:
            progress_hook = previous
        lines = [original(line) for line in warnings.lines]
    return BuildResult(passed and not error, out / "index.html",
                       time.perf_counter() - began, lines, error)


EXPLORER_SETTINGS = {"depth": "ringside_explore_depth", "max_states": "ringside_explore_states",
                     "starts": "ringside_explore_starts"}
"""``ringside docs``' explorer options and the Sphinx settings they set."""


def explorer_overrides(args) -> dict[str, int]:
    """The explorer bounds given on the command line, as Sphinx settings (those not
    given keep ``docs/conf.py``'s)."""
    return {setting: getattr(args, option) for option, setting in EXPLORER_SETTINGS.items()
            if getattr(args, option, None) is not None}


CHECK_REPORT = "check.json"
"""The check report a site is built from, published beside its pages."""


class ChecksStopped(Exception):
    """``ringside docs``' checks were cut short by its ``--timeout``: no site is built."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def check_report_for(args, root: Path, out: Path, progress: Progress) -> Path:
    """The check report the site is built from, as ``out/check.json``: the one
    given with ``--check-report`` (``cmd_docs`` read and checked it), else one written by running
    every check once here, with the options given (:class:`ChecksStopped` when
    its ``--timeout`` cuts them short: nothing is written)."""
    from harness.check_report import CheckOptions, report_of, run_checks
    from harness.files import atomic_write
    from harness.registry import games

    target = out / CHECK_REPORT
    if getattr(args, "check_report", None):
        return Path(args.check_report)  # read and checked before the build began
    defaults = CheckOptions()
    options = CheckOptions(
        proofs=not args.no_proofs,
        depth=args.depth if args.depth is not None else defaults.depth,
        max_states=args.max_states if args.max_states is not None else defaults.max_states,
        starts=args.starts if args.starts is not None else defaults.starts)
    from harness.limits import deadline_of

    results, seconds = run_checks(list(games().values()), root=root, options=options,
                                  progress=progress, deadline=deadline_of(args))
    stopped = next((r.stopped for r in results if r.stopped), "")
    if stopped:  # a site shows whole checks, never a part of them as if it were all
        raise ChecksStopped(stopped)
    atomic_write(target, json.dumps(report_of(results, options, seconds), indent=1) + "\n",
                 f"--out {out}: {CHECK_REPORT}")
    return target


def cmd_docs(args) -> int:
    # Collaborators are looked up on the ``harness.docs`` package, the public
    # face of the docs builder, so that they can be replaced there.
    import harness.docs as package
    from harness.resources import resolve_root
    from harness.output import EXIT_FAILED, EXIT_OK, print_json
    from harness.toolkit import Progress as Line

    if getattr(args, "check_report", None) and (
            args.no_proofs or any(getattr(args, o, None) is not None
                                  for o in ("depth", "max_states", "starts", "timeout"))):
        raise InputError("--check-report: the report's checks ran with its own options; "
                         "give --no-proofs, --depth, --max-states, --starts and --timeout "
                         "to `ringside check` instead")
    if getattr(args, "check_report", None):
        from harness.check_report import read_report

        read_report(Path(args.check_report))
    data = resolve_root(getattr(args, "root", None))
    root = data.path
    source = docs_source(root)
    package.require_tools()
    if args.out:
        out = Path(args.out)
    elif data.bundled:  # installed: never write into site-packages
        out = Path.cwd() / "ringside-reference"
    else:
        out = source / "_build" / "html"
    from harness.files import (
        atomic_write, check_output_folder, folder_replaceable, make_folder,
    )

    where = f"--out {out}"
    check_output_folder(out, "--out")
    # A folder ringside built into holds its mark, written before the build
    # starts, so even a killed build's folder is known.  Any other non-empty
    # folder is a user's and is left alone, whatever it holds (a Sphinx
    # .buildinfo only says that some Sphinx built there).
    folder_replaceable(out, OUTPUT_MARK, MARK_LINE.encode(),
                       "an earlier build of the rules reference", where)
    make_folder(out, where)
    atomic_write(out / OUTPUT_MARK, f"{MARK_LINE} Another `ringside docs --out` here "
                                    "replaces it.\n", f"{where}: {OUTPUT_MARK}")
    line = Line(not args.json, unit=None)
    given = getattr(args, "check_report", None)
    if not args.json:
        what = (f"the checks of {given}" if given else
                "after running every check, proofs included" if not args.no_proofs else
                "after running every check but the proofs")
        print(f"building the rules reference into {out} ({what}; this takes a "
              "while) ...", file=sys.stderr, flush=True)

    def echo(text: str) -> None:
        line.done()
        print(text, file=sys.stderr, flush=True)

    try:
        try:
            report = package.check_report_for(args, root, out, line)
        except ChecksStopped as stopped:
            return _not_built(args, stopped.reason, out)
        result = package.build_site(out, root=root, proofs=not args.no_proofs,
                                    source=source, overrides=explorer_overrides(args),
                                    progress=line, echo=None if args.json else echo,
                                    check_report=report)
    finally:
        line.done()
    if args.json:
        print_json(result.as_dict())
    elif result.passed:
        print(f"rules reference built in {result.seconds:.1f}s: {result.index.resolve()}")
    else:
        if result.error:
            print(f"ringside: docs build failed: {result.error}", file=sys.stderr)
        print(f"docs build FAILED ({len(result.warnings)} warning"
              f"{'s' if len(result.warnings) != 1 else ''} treated as errors) in "
              f"{result.seconds:.1f}s; output in {out.resolve()}", file=sys.stderr)
    return EXIT_OK if result.passed else EXIT_FAILED


def _not_built(args, reason: str, out: Path) -> int:
    """What ``ringside docs`` says when its ``--timeout`` cut the checks short: exit 1."""
    from harness.output import EXIT_FAILED, print_json

    if args.json:
        print_json({"passed": False, "built": False, "verdict": "unknown", "reason": reason,
                    "timeout": args.timeout})
    else:
        print(f"unknown: the checks {reason}; the rules reference was not built (what "
              f"{out} held is left as it was); a longer --timeout, or --check-report "
              "FILE, builds it", file=sys.stderr)
    return EXIT_FAILED
