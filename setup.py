"""The build step that makes a ringside wheel work without a checkout.

pyproject.toml holds the whole configuration; this file only extends
``build_py``.  The harness reads files that live beside the code in a
checkout (see ``harness/resources.py``); a built wheel carries copies of them
under ``harness/_data/``, laid out like the checkout:

- ``scenarios/**/*.toml``: the rulings ``ringside check`` and ``ringside rule``
  replay;
- ``docs/``: the Sphinx project of ``ringside docs`` (without ``_build/`` and
  ``generated/``, which builds write);
- ``results/<game>/summary*.json``, ``results/<game>/screens/*/summary.json`` and
  ``hunt.json``, and ``results/<game>/*.md``: the published statistics (every summary the docs read,
  not the large ``*.jsonl`` logs behind them);
- ``tests/toygame.py``: the worked example of a game, which the docs include
  (relative to ``docs/``, as in the checkout);
- ``rule_index.json``: which tests check which rules, read now from the test
  markers by the harness's own scanner (``harness/coverage.py``), since the
  wheel carries no test suite.

It also builds Club Fight's compiled parts (``analysis/clubfight/*_core.c`` and
the certificate verifier's ``analysis/clubfight_verify_core.c``) as optional
extensions, each named by a hash of its source (see
``analysis/clubfight/_native_build.py``, which loads them with ctypes): a
wheel carries them, so its user needs no C compiler; where the build has no
compiler the install still succeeds and the library is compiled on first use,
or the Python engines run.

An editable install (``pip install -e .``) bundles nothing: it runs from the
checkout, whose folders stay live.  An sdist carries the folders above
(``MANIFEST.in``), so a wheel built from it is the same.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.errors import SetupError

HERE = Path(__file__).resolve().parent
BUNDLE = ("harness", "_data")
RULE_INDEX = "rule_index.json"
DOCS_SKIPPED = {"_build", "generated", "__pycache__"}


COMPILED = (("analysis/clubfight/_solver_core.c", "cfsolver"),
            ("analysis/clubfight/_losscheck_core.c", "cflosscheck"),
            ("analysis/clubfight_verify_core.c", "cfverify"))


def _native_build():
    """``analysis/clubfight/_native_build.py``, loaded from its file (standard library only)."""
    name = "_ringside_native_build"
    spec = importlib.util.spec_from_file_location(
        name, HERE / "analysis" / "clubfight" / "_native_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_parts() -> list[Extension]:
    """One optional extension per C source, named as the loader looks for it."""
    naming = _native_build()
    parts = []
    for source, stem in COMPILED:
        package = source.rpartition("/")[0].replace("/", ".")
        name = naming.packaged_name((HERE / source).read_bytes(), stem)
        parts.append(Extension(f"{package}.{name}", [source], optional=True,
                               extra_compile_args=["-O2"]))
    return parts


def bundle_files(root: Path) -> list[tuple[Path, Path]]:
    """``(source file, path inside the bundle)`` of every data file the wheel carries."""
    files: list[Path] = sorted((root / "scenarios").rglob("*.toml"))
    if not files:
        raise SetupError(f"ringside: no scenario files under {root / 'scenarios'}; "
                         "a wheel without them cannot run `ringside check`")
    docs = root / "docs"
    if not (docs / "conf.py").is_file():
        raise SetupError(f"ringside: {docs / 'conf.py'} is missing; a wheel without the "
                         "Sphinx project cannot run `ringside docs`")
    for path in sorted(docs.rglob("*")):
        inside = path.relative_to(docs).parts
        if (path.is_file() and path.suffix not in (".pyc", ".pyo")
                and not any(part in DOCS_SKIPPED or part.startswith(".") for part in inside)):
            files.append(path)
    results = root / "results"
    for game in sorted(p for p in results.iterdir() if p.is_dir()) if results.is_dir() else ():
        files.extend(sorted(game.glob("summary*.json")))
        files.extend(sorted(game.glob("screens/*/summary.json")))
        files.extend(sorted(game.glob("screens/*/hunt.json")))
        files.extend(sorted(game.glob("*.md")))
    toy = root / "tests" / "toygame.py"
    if not toy.is_file():
        raise SetupError(f"ringside: {toy} is missing; the docs include it as the worked "
                         "example of a game")
    files.append(toy)
    return [(path, path.relative_to(root)) for path in files]


def rule_index(root: Path) -> dict[str, list[str]]:
    """``{rule number: [test ids]}`` from the ``rules`` markers of ``root/tests``.

    Runs the harness's own scanner, loaded from its file: it needs only the
    standard library and ``model.core`` (no z3, networkx or pytest), so it
    runs in the isolated build environment.
    """
    tests = root / "tests"
    if not any(tests.glob("test_*.py")):
        raise SetupError(f"ringside: no test files under {tests}; the rule index "
                         "(which tests check which rules) is read from them")
    sys.path.insert(0, str(root))
    try:
        name = "_ringside_build_coverage"
        spec = importlib.util.spec_from_file_location(name, root / "harness" / "coverage.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        found = module.marked_tests(tests)
    finally:
        sys.path.remove(str(root))
        for loaded in [m for m in sys.modules if m == name or m.split(".")[0] == "model"]:
            del sys.modules[loaded]  # the scanner's imports from the source tree
    if not found:
        raise SetupError(f"ringside: no test under {tests} is marked with the rules it "
                         "checks (@pytest.mark.rules)")
    return found


class build_py(_build_py):
    """``build_py`` that also writes ``harness/_data/`` (not for an editable install)."""

    def _editable(self) -> bool:
        return bool(getattr(self, "editable_mode", False))

    def _bundle_dir(self) -> Path:
        return Path(self.build_lib, *BUNDLE)

    def run(self) -> None:
        super().run()
        if not self._editable():
            self.bundle_data()

    def bundle_data(self) -> None:
        target = self._bundle_dir()
        if target.exists():
            shutil.rmtree(target)  # a stale build must not leave removed files behind
        files = bundle_files(HERE)
        for source, inside in files:
            destination = target / inside
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)
        index = rule_index(HERE)
        (target / RULE_INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
        print(f"ringside: bundled {len(files)} data files and a rule index of "
              f"{len(index)} rules into {target}")

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if self._editable():
            return outputs
        target = self._bundle_dir()
        outputs.extend(str(target / inside) for _, inside in bundle_files(HERE))
        outputs.append(str(target / RULE_INDEX))
        return outputs


setup(cmdclass={"build_py": build_py}, ext_modules=compiled_parts())
