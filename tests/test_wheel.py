"""An installed wheel does everything a checkout does, without the checkout.

``test_installed_wheel_checks_replays_and_builds_the_docs`` builds the wheel
from a copy of this checkout with ``pip wheel`` (build isolation, as a user's
build: pip fetches setuptools as ``pip install -e .`` does), installs it with
``--no-deps`` into a fresh virtualenv under ``tmp_path`` and runs its
``ringside`` there, with the working directory outside the checkout:
``check --json``, ``rules CF 4.3``, ``rule`` on a bundled scenario and
``docs --out DIR --no-proofs`` (the explorer's bounds small, as the ``reference_site``
fixture's in ``tests/conftest.py``).

The dependencies (z3-solver, networkx, sphinx, furo ...) are not downloaded
again: a ``.pth`` file in the new environment appends this environment's
site-packages to its ``sys.path``, after its own.  A folder added by a
``.pth`` line does not have its own ``.pth`` files run, so the editable
install of ringside here (setuptools' ``__editable__`` finder) stays inert;
the test asserts that ``harness``, ``model`` and ``proofs`` come from the new
site-packages.

Needs: pip (with access to setuptools for the isolated build), and for the
docs part Sphinx, furo and Graphviz's ``dot`` (the README's test command
installs them); without the docs tools that part is skipped, saying so.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from harness.coverage import marked_tests
from harness.resources import RULE_INDEX, DataRoot
from model.core.errors import InputError

ROOT = Path(__file__).resolve().parent.parent

_NOT_SOURCE = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache",
               ".hypothesis", ".benchmarks", ".mypy_cache", ".ruff_cache"}
_NOT_SOURCE_PATHS = {"docs/_build", "docs/generated", "harness/_data"}


def _ignore(folder: str, names: list[str]) -> set[str]:
    """What a build from a fresh clone would not see: environments, builds, logs."""
    inside = Path(folder).relative_to(ROOT)
    skipped = set()
    for name in names:
        path = Path(folder, name)
        if (name in _NOT_SOURCE or name.endswith((".egg-info", ".jsonl", ".pyc"))
                or (inside / name).as_posix() in _NOT_SOURCE_PATHS
                or (path / "pyvenv.cfg").is_file()):
            skipped.add(name)
    return skipped


# A guard against a hang, not a time limit: the docs build from the wheel took over
# 240 s on a slow two-core machine busy with a survey at low priority.
def _run(args: list, *, cwd: Path, env: dict, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def _ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, (f"{' '.join(done.args)} exited {done.returncode}\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtualenv with the wheel installed: ``(python, ringside, env, cwd, wheel)``."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=_ignore, symlinks=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH")}
    _ok(_run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir",
              tmp / "dist", source], cwd=tmp, env=env, timeout=300))
    (wheel,) = (tmp / "dist").glob("ringside-*.whl")

    venv = tmp / "venv"
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp, env=env))
    python = venv / "bin" / "python"
    _ok(_run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
              "--no-index", "--quiet", wheel], cwd=tmp, env=env))
    site = Path(_ok(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                          "['purelib'])"], cwd=tmp, env=env)).strip())
    # The dependencies, from this environment (after the new one's own packages).
    outer = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (site / "zz-ringside-test-dependencies.pth").write_text(
        "".join(f"{path}\n" for path in outer), encoding="utf-8")

    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    cwd = tmp / "elsewhere"
    cwd.mkdir()
    return python, venv / "bin" / "ringside", env, cwd, wheel, site


def test_installed_wheel_checks_replays_and_builds_the_docs(installed, capsys):
    python, ringside, env, cwd, wheel, site = installed

    # The wheel's code runs, not the checkout's (no editable finder, no cwd import).
    where = json.loads(_ok(_run([python, "-c", (
        "import json, harness, model, proofs\n"
        "from harness.resources import data_root\n"
        "root = data_root()\n"
        "print(json.dumps({'modules': [m.__file__ for m in (harness, model, proofs)],\n"
        "                  'root': str(root.path), 'bundled': root.bundled}))")],
        cwd=cwd, env=env)))
    for module in where["modules"]:
        assert Path(module).is_relative_to(site), module
    bundle = Path(where["root"])
    assert where["bundled"] and bundle == site / "harness" / "_data"
    assert (bundle / RULE_INDEX).is_file() and not (bundle / "docs" / "generated").exists()
    assert not any(bundle.rglob("*.jsonl"))
    # Every summary the docs read (the main survey, the 100k and slack surveys) is there.
    summaries = sorted(p.relative_to(ROOT).as_posix()
                       for p in (ROOT / "results").glob("*/summary*.json"))
    assert len(summaries) >= 2
    assert sorted(p.relative_to(bundle).as_posix()
                  for p in (bundle / "results").glob("*/summary*.json")) == summaries
    # and every screen's summary and hunt (the statistics page's Screen section)
    for name in ("summary.json", "hunt.json"):
        assert sorted(p.relative_to(bundle).as_posix()
                      for p in (bundle / "results").glob(f"*/screens/*/{name}")) == sorted(
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / "results").glob(f"*/screens/*/{name}"))

    # The compiled Club Fight parts come built in the wheel: a solve loads them and
    # compiles nothing (its compile cache stays empty), and says nothing of a slow engine.
    import zipfile

    libraries = [n for n in zipfile.ZipFile(wheel).namelist()
                 if n.startswith("analysis/clubfight/_cf") and n.endswith(".so")]
    assert len(libraries) == 2, libraries
    cache = cwd.parent / "compile-cache"
    solved = _run([ringside, "clubfight", "solve", "CF1-4", "--json"], cwd=cwd,
                  env={**env, "RINGSIDE_CACHE_DIR": str(cache), "CC": "false"})
    assert json.loads(_ok(solved))["engine"] == "native" and solved.stderr == ""
    assert not cache.exists()

    # ringside check: passes, with the bundled scenarios and every rule covered.  The
    # explorer runs shallow here and in the docs build below (what is under test is the
    # wheel, not the explorer; the reference_site fixture builds with the same bounds).
    done = _run([ringside, "check", "--json", "--depth", "1", "--starts", "2"],
                cwd=cwd, env=env)
    report = json.loads(_ok(done))
    assert report["passed"] is True
    checkout_marks = marked_tests(ROOT / "tests")
    for game in report["games"]:
        rows = {row["check"]: row for row in game["rows"]}
        expected = len(list((ROOT / "scenarios" / game["game"]).rglob("*.toml")))
        assert expected > 0
        assert rows["scenarios"]["passed"] and rows["scenarios"]["count"] == \
            f"{expected}/{expected} pass"
        assert rows["rule coverage"]["passed"], rows["rule coverage"]
        assert all(refs for refs in game["coverage"].values()), game["coverage"]
        # The tests behind each rule come from the bundled index, as in the checkout.
        tests = {number: sorted(r["id"] for r in refs if r["kind"] == "test")
                 for number, refs in game["coverage"].items()}
        assert tests == {number: sorted(checkout_marks.get(number, []))
                         for number in game["coverage"]}
        assert any(tests.values())

    # ringside rules: the same text as in the checkout.
    from harness import cli

    assert cli.main(["rules", "CF", "4.3"]) == 0
    assert _ok(_run([ringside, "rules", "CF", "4.3"], cwd=cwd, env=env)) == \
        capsys.readouterr().out

    # ringside rule on a scenario file inside the installed wheel.
    scenario = sorted((bundle / "scenarios").rglob("*.toml"))[0]
    out = _ok(_run([ringside, "rule", scenario], cwd=cwd, env=env))
    assert out.rstrip().endswith("1/1 scenarios pass") and "  PASS" in out

    # ringside docs: from the bundled Sphinx project, never writing into it.
    missing = [name for name in ("sphinx", "furo") if importlib.util.find_spec(name) is None]
    missing += ["Graphviz's dot"] if shutil.which("dot") is None else []
    if missing:
        pytest.skip(f"the wheel's check, rules and rule passed; its docs build was not "
                    f"run: {', '.join(missing)} missing (pip install -e '.[docs]'; "
                    "apt-get install graphviz)")
    before = _snapshot(bundle)
    site_out = cwd / "reference"
    out = _ok(_run([ringside, "docs", "--out", site_out, "--no-proofs", "--depth", "1",
                    "--max-states", "300", "--starts", "2"], cwd=cwd, env=env))
    index = site_out / "index.html"
    assert index.is_file() and str(index) in out
    assert "ringside rules reference" in index.read_text(encoding="utf-8")
    assert any((site_out / "generated").rglob("*.html"))
    assert _snapshot(bundle) == before
    assert sorted(p.name for p in cwd.iterdir()) == ["reference"]


def test_docs_default_output_folder(tmp_path, monkeypatch, capsys):
    """``ringside docs`` without ``--out``: ./ringside-reference installed, docs/_build/html
    in a checkout; the success line names the index."""
    import harness.docs as docs
    import harness.resources as resources
    from harness import cli

    built = []

    def fake_build(out, **kwargs):
        built.append((out, kwargs["source"]))
        return docs.BuildResult(True, out / "index.html", 0.1, [])

    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    monkeypatch.setattr(docs, "build_site", fake_build)
    bundle = tmp_path / "site-packages" / "harness" / "_data"
    (bundle / "docs").mkdir(parents=True)
    (bundle / "docs" / "conf.py").write_text("", encoding="utf-8")
    cwd = tmp_path / "work"
    cwd.mkdir()
    monkeypatch.chdir(cwd)

    monkeypatch.setattr(resources, "data_root", lambda: DataRoot(bundle, bundled=True))
    assert cli.main(["docs"]) == 0
    assert built[-1] == (cwd / "ringside-reference", bundle / "docs")
    assert str(cwd / "ringside-reference" / "index.html") in capsys.readouterr().out

    checkout = tmp_path / "checkout"
    (checkout / "docs").mkdir(parents=True)
    (checkout / "docs" / "conf.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(resources, "data_root", lambda: DataRoot(checkout))
    assert cli.main(["docs"]) == 0
    assert built[-1][0] == checkout / "docs" / "_build" / "html"
    capsys.readouterr()

    (cwd / "a-file").write_text("", encoding="utf-8")
    assert cli.main(["docs", "--out", "a-file"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--out" in err[0] and "a-file" in err[0] and "not a folder" in err[0]


def test_rule_index_decides_over_a_tests_folder(tmp_path):
    """The wheel's bundle has tests/ (the example game) and rule_index.json: the index wins."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_marked.py").write_text(
        "import pytest\n\n@pytest.mark.rules('CF 2.1')\ndef test_one():\n    pass\n",
        encoding="utf-8")
    root = DataRoot(tmp_path)
    assert root.rule_tests() == {"CF 2.1": ["tests/test_marked.py::test_one"]}
    (tmp_path / RULE_INDEX).write_text(json.dumps({"CF 4.3": ["tests/test_x.py::test_y"]}),
                                       encoding="utf-8")
    assert root.rule_tests() == {"CF 4.3": ["tests/test_x.py::test_y"]}
    (tmp_path / RULE_INDEX).write_text('["not", "an", "index"]', encoding="utf-8")
    with pytest.raises(InputError, match="cannot read the rule index"):
        root.rule_tests()
