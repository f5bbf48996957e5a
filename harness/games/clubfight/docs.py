"""Club Fight's pages of its own in the rules reference: the survey statistics.

``ringside clubfight survey ... --write-summary`` writes one object per
variant (Jokers and ruleset) into ``results/clubfight/summary.json``; when that
file is there, the reference gets a statistics page drawn from it with the core
template ``statistics.rst.jinja`` (registered as ``docs_pages`` in
:mod:`harness.games.clubfight`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from harness.registry import DocsContext, DocsPage
from model.core.errors import InputError

SUMMARY = "summary.json"
"""The survey's summary, in the game's results folder."""


def docs_pages(context: DocsContext) -> list[DocsPage]:
    """The statistics page, when the survey summary is there."""
    path = context.game_results / SUMMARY
    if not path.is_file():
        return []
    try:
        rows = read_summary(path)
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the statistics: {error}", str(path)) from None
    return [statistics_page(context.game.title, rows, context.shown(path))]


def read_summary(path: Path) -> list[dict]:
    """The variants of a summary file: a list of objects (or one object holding them)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("variants", data.get("rows", [data]))
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError("expected a list of objects, one per variant")
    return data


def statistics_page(title: str, rows: Sequence[Mapping[str, Any]], shown: str) -> DocsPage:
    """The statistics page of the survey ``rows``, read from the file ``shown``."""
    from harness.docs.templating import lit

    summary = []
    for index, row in enumerate(rows, 1):
        deals = _count(row.get("deals", ""))
        if isinstance(row.get("start"), int) and isinstance(row.get("deals"), int):
            first = row["start"]
            deals += f" (numbers {first:,} to {first + row['deals'] - 1:,})"
        summary.append([str(index), str(row.get("jokers", "")), str(row.get("rules", "")),
                        deals, _count(row.get("wins", "")), _count(row.get("losses", "")),
                        _count(row.get("unknown", "")), _rate(row)])
    sections = []
    for index, row in enumerate(rows, 1):
        jokers = row.get("jokers", "?")
        noun = "Joker" if jokers == 1 else "Jokers"
        section: dict[str, Any] = {
            "title": f"Variant {index}: {jokers} {noun}, ruleset {row.get('rules', '?')}",
            "command": row.get("command") or None, "table": None}
        policies = row.get("policies")
        if isinstance(policies, Mapping) and policies:
            section["table"] = {
                "header": ["Policy", "Wins", "Deals", "Win rate (95% interval)"],
                "widths": [30, 20, 20, 30], "literal": [0],
                "rows": [[str(name), _count(p.get("wins", "")), _count(p.get("deals", "")),
                          _rate(p)] for name, p in policies.items() if isinstance(p, Mapping)]}
        sections.append(section)
    data = {
        "heading": f"{title}: statistics",
        "intro": f"Measured results read from {lit(shown)}, which the command under each "
                 "variant writes. Win rates are given with their 95% Wilson score interval.",
        "summary": {"header": ["#", "Jokers", "Ruleset", "Deals", "Wins", "Losses",
                               "Unknown", "Win rate (95% interval)"],
                    "widths": [4, 8, 12, 24, 10, 10, 10, 22], "cls": "ringside-stats",
                    "literal": [2], "rows": summary},
        "sections": sections,
    }
    return DocsPage("statistics", "Statistics", "statistics.rst.jinja", data, reproduce=(
        "A statistic: the exact command is printed under its table; it rewrites the "
        "results file the table is read from.",))


def _percent(value: Any) -> str:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number <= 1.0:
        number *= 100
    text = f"{number:.1f}%"
    if text in ("0.0%", "100.0%") and number not in (0.0, 100.0):
        text = f"{number:.2f}%"  # 99.96% is not 100%
    return text


def _count(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def _rate(row: Mapping[str, Any]) -> str:
    text = _percent(row.get("win_rate", ""))
    if "wilson_low" in row and "wilson_high" in row:
        text += f" ({_percent(row['wilson_low'])} to {_percent(row['wilson_high'])})"
    return text
