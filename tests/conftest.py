"""Shared test settings.

Hypothesis profiles: ``ci`` (the default) keeps the suite fast and
deterministic; ``deep`` runs many more examples (``--hypothesis-profile deep``);
``bench`` runs 10,000 per property (``bench/bench_fuzz.py``).  Each input of a
test marked ``parser_fuzz`` runs under a time budget (``tests/budget.py``).

The rules reference is built once per run for the tests that read it (the
``reference_site`` fixture).
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

try:
    import fcntl
except ImportError:  # not POSIX: each xdist worker builds its own copy
    fcntl = None

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=2000, deadline=None)
# bench/bench_fuzz.py: at least 10,000 examples per parser (not run by the test suite).
settings.register_profile("bench", max_examples=10_000, deadline=None, derandomize=False,
                          suppress_health_check=list(HealthCheck))
settings.load_profile("ci")


# -- a time budget per input of every parser fuzzer -------------------------------------------
def pytest_collection_modifyitems(config, items):
    """Each test marked ``parser_fuzz`` runs every input Hypothesis gives it under a time
    budget (:mod:`budget`: ``deadline=`` cannot catch a hang), so a hang fails the test."""
    from budget import PER_INPUT, per_input

    for item in items:
        marker = item.get_closest_marker("parser_fuzz")
        function = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        found = getattr(function, "hypothesis", None)
        if marker is None or found is None or getattr(found.inner_test, "budgeted", False):
            continue
        found.inner_test = per_input(found.inner_test, marker.kwargs.get("seconds", PER_INPUT))
        found.inner_test.budgeted = True


# -- the rules reference, built once per test run ---------------------------------------------
REFERENCE_OPTIONS = {"depth": 1, "max_states": 300, "starts": 2}
REFERENCE_SETTINGS = {"ringside_explore_depth": 1, "ringside_explore_states": 300,
                      "ringside_explore_starts": 2}
"""The explorer's bounds for the shared build: small, to keep the suite fast (the
proofs are skipped too; ``ringside docs`` runs them all)."""


@pytest.fixture(scope="session")
def reference_site(tmp_path_factory) -> Path:
    """The rules reference, built once for the whole run (``tests/test_docs.py`` and
    ``tests/test_site_browser.py`` read it); returns its HTML folder.

    Built in process from a copy of ``docs/`` (a build here never touches the
    checkout's ``docs/generated/``).  Under pytest-xdist the workers share one
    build: the first to ask builds it in the run's common temporary folder under a
    lock, the others wait for it and read it.  Skipped without Graphviz's ``dot``.

    ``RINGSIDE_REFERENCE_SITE=DIR`` uses a site built already instead
    (``ringside docs --out DIR``), to rerun the page tests in seconds while working
    on the site; it must be built from the checkout as it is.
    """
    given = os.environ.get("RINGSIDE_REFERENCE_SITE")
    if given:
        assert (Path(given) / "index.html").is_file(), \
            f"RINGSIDE_REFERENCE_SITE={given} holds no built site (no index.html)"
        return Path(given).resolve()
    pytest.importorskip("sphinx")
    pytest.importorskip("furo")
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed (apt-get install graphviz)")
    from harness import docs
    from harness.resources import data_root

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        shared = shared.parent  # the run's folder, above each worker's own
    folder = shared / "reference-site"
    folder.mkdir(exist_ok=True)
    status = folder / "built.json"
    with open(folder / "lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not status.is_file():
            root = data_root().path
            source = folder / "src"
            shutil.rmtree(source, ignore_errors=True)  # left by a build that raised
            shutil.copytree(root / "docs", source,
                            ignore=shutil.ignore_patterns("_build", "generated", "__pycache__"))
            # As `ringside docs` does: the checks run once, into a report the build reads.
            from harness.check_report import report_of, run_checks
            from harness.registry import games

            options = docs.CheckOptions(proofs=False, **REFERENCE_OPTIONS)
            results, seconds = run_checks(list(games().values()), root=root, options=options)
            report = folder / "check.json"
            report.write_text(json.dumps(report_of(results, options, seconds)))
            result = docs.build_site(folder / "html", root=root, proofs=False, source=source,
                                     overrides=REFERENCE_SETTINGS, check_report=report)
            problems = [line for line in result.warnings + [result.error] if line]
            status.write_text(json.dumps({"passed": result.passed, "seconds": result.seconds,
                                          "problems": problems}))
    built = json.loads(status.read_text())
    assert built["passed"], "the rules reference did not build:\n" + "\n".join(built["problems"])
    return folder / "html"
