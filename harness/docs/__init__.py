"""The rules reference: pages generated from the model, and ``ringside docs``.

:mod:`harness.docs.pages` turns the registries and the check results into
pages; :mod:`harness.docs.build` runs Sphinx on them.  The names most callers
need are re-exported here.
"""

from harness.docs.build import (  # noqa: F401
    CHECK_REPORT, EXPLORER_SETTINGS, BuildResult, build_site, check_report_for, cmd_docs,
    docs_source, explorer_overrides, require_tools,
)
from harness.docs import build as _build  # noqa: F401
from harness.docs.pages import *  # noqa: F401,F403
from harness.docs.pages import (  # noqa: F401
    GENERATED, CheckOptions, GameReport, collect, generate, phase_dot, rule_label,
    rule_numbers, find_rule_numbers, write_pages, resolve_object,
)


def __getattr__(name):
    # ``progress_hook`` lives in the build module, where ``ringside docs`` sets it.
    if name == "progress_hook":
        return _build.progress_hook
    raise AttributeError(name)
