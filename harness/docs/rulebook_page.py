"""The "Rulebook, line by line" page of a game: its traceability table, as the reference shows it.

The page is built from the table alone (:attr:`model.core.game.Game.traceability`,
format :mod:`model.core.traceability`); the rulebook's text is not shipped.  It
keeps the rulebook's own section structure (the table's ``Heading`` entries),
and gives each entry its line keys, its status, its gist in ringside's words,
the rules that implement it and the register entries it leaves open.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from harness.docs.names import ambiguity_label
from model.core.game import Game
from model.core.traceability import Heading, Status, Trace

PAGE_NAME = "rulebook"
PAGE_TITLE = "Rulebook, line by line"

STATUS_MEANING = {
    Status.MODELLED: "implemented by the rules named",
    Status.DATA: "a fact (a number, a name, a table row) held in ringside's data",
    Status.EXAMPLE: "an illustration of rules stated elsewhere",
    Status.FLAVOUR: "story, advice or table layout: nothing to model",
    Status.OUT_OF_SCOPE: "a rule ringside does not model, with the reason",
}
"""What each status means, in the order the page lists them."""


def status_role(status: Status) -> str:
    """The name of the coloured role that shows ``status`` (``trace-out-of-scope``)."""
    return "trace-" + status.value.replace(" ", "-")


def line_keys(entry: Trace) -> str:
    """The entry's place in the rulebook: ``12.2`` or ``12.2-14.1``."""
    return f"{entry.start}\u2013{entry.end}" if entry.end else entry.start


def page_data(game: Game) -> dict[str, Any]:
    """The page's data: ``groups`` (each rulebook heading, or none before the first,
    with its entries) and ``summary`` (each status with its count of entries)."""
    groups: list[dict[str, Any]] = [{"line": None, "title": "", "entries": []}]
    counts: Counter[Status] = Counter()
    for entry in game.traceability:
        if isinstance(entry, Heading):
            groups.append({"line": entry.line, "title": entry.title, "entries": []})
            continue
        counts[entry.status] += 1
        groups[-1]["entries"].append({
            "lines": line_keys(entry), "status": entry.status.value,
            "role": status_role(entry.status), "gist": entry.gist, "rules": entry.rules,
            "reason": entry.reason,
            "ambiguities": [(ident, ambiguity_label(game.key, ident))
                            for ident in entry.ambiguities]})
    if not groups[0]["entries"]:
        groups.pop(0)
    summary = [{"status": status.value, "role": status_role(status), "count": counts[status],
                "meaning": meaning} for status, meaning in STATUS_MEANING.items()]
    return {"groups": groups, "summary": summary, "entries": sum(counts.values()),
            "open_points": [(ident, ambiguity_label(game.key, ident)) for ident in sorted(
                {i for e in game.traceability if isinstance(e, Trace) for i in e.ambiguities},
                key=_id_order)]}


def _id_order(ident: str) -> tuple[str, int]:
    """Register ids in their natural order: ``CF-A2`` before ``CF-A10``."""
    prefix = ident.rstrip("0123456789")
    return prefix, int(ident[len(prefix):] or 0)
