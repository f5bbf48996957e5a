"""The reference's account of short starts: each game's parts, their filling rule, an example.

``docs/scenario-files.rst`` (written by hand) describes the scenario file; it
includes the part this module generates, ``generated/short-positions.rst.inc``:
for each game, its setup, the parts a short start may give with what each holds
when left out (from :meth:`model.core.game.Game.position_parts`, so it cannot
drift from the model) and one shipped scenario's short start beside the whole
position it resolves to.
"""

from __future__ import annotations

from typing import Any, Sequence

from harness.docs.names import GENERATED, scenario_docname
from harness.docs.templating import render
from harness.scenario import ruling_texts, start_lines  # noqa: F401  (pages reads it here)

INCLUDE = f"{GENERATED}/short-positions.rst.inc"
"""Where the generated part goes (``docs/scenario-files.rst`` includes it)."""


def start_table(parts: Sequence[tuple[str, str]]) -> str:
    """A short start as a scenario file writes it: the ``[start]`` table.

    >>> print(start_table([("setup", "CF1-5"), ("hand", "2 5 9 J")]))
    [start]
    setup = "CF1-5"
    hand = "2 5 9 J"
    """
    return "\n".join(["[start]", *start_lines(parts)])


def _example(report: Any) -> Any:
    """The shipped short start shown for a game: the first (by file name) of those
    giving the most parts, up to three besides the setup."""
    short = sorted((r for r in report.check.scenarios if r.scenario.start_parts),
                   key=lambda r: r.scenario.id)
    return max(short, key=lambda r: min(len(r.scenario.start_parts), 4), default=None)


def short_positions_text(reports: Sequence[Any]) -> str:
    """The generated part of the scenario-file page."""
    games = []
    for report in reports:
        game = report.game
        setup = next(iter(game.example_setups(1)))
        example = _example(report)
        games.append({
            "game": game, "setup": (example.scenario.start_parts[0][1] if example
                                    else game.format_setup(setup)),
            "parts": [(part.key, part.filled) for part in game.position_parts(setup)],
            "example": example,
            "table": start_table(example.scenario.start_parts) if example else "",
            "doc": scenario_docname(game.key, example.scenario) if example else "",
            "short": sum(bool(r.scenario.start_parts) for r in report.check.scenarios),
            "total": len(report.check.scenarios)})
    return render("short_positions.rst.jinja", games=games)
