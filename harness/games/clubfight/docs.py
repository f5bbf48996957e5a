"""Club Fight's pages of its own in the rules reference: statistics, and the hunt.

Registered as ``docs_pages`` in :mod:`harness.games.clubfight`; the reference
calls it at every build with the folder of committed results.

* ``results/clubfight/summary.json`` (``ringside clubfight survey ...
  --summary``: one object per variant, Jokers and ruleset) gives the
  **statistics** page: what was measured and how, one table of win rates,
  the slack of the deals (when the survey computed it: :func:`slack_data`),
  and figures drawn with matplotlib at build time (:mod:`.plots`) from the
  distributions the summary carries, so that the page builds from an
  installed wheel, which ships the summary but not the large results files.
* ``results/clubfight/unwinnable.md`` (the notes of the hunt for unwinnable
  deals) gives the **hunt** page, converted to reStructuredText at build time
  (:mod:`.markdown`): the page is the notes, never a copy that could drift.

Both pages are templates of this package (``templates/``); a missing file
leaves its page out, a file that does not read fails the build
(:class:`~model.core.errors.InputError`).
"""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path
from typing import Any, Mapping, Sequence

from harness.registry import DocsContext, DocsPage
from model.core.errors import InputError

SUMMARY = "summary.json"
"""The survey's summary, in the game's results folder."""
WIDE_SUMMARY = "summary-100k.json"
"""The perfect-information survey over 100,000 deals per variant (no policies)."""
SLACK_SUMMARY = "summary-slack.json"
"""A survey of its own for the slack (``survey --slack N`` over the first N deals): slack
costs seconds a deal where solving costs milliseconds, so it covers fewer deals than
:data:`SUMMARY`; a variant's slack block is taken from here when its row there has none."""
HUNT = "unwinnable.md"
"""The notes of the hunt for unwinnable deals, in the game's results folder."""
TEMPLATES = Path(__file__).resolve().parent / "templates"
"""This package's page templates (shipped in the wheel)."""
CLOSE = 3
"""A lost game with at most this many cards left counts as a close one (on the page)."""
COMMANDS_LABEL = "clubfight-survey-commands"
"""The label of the statistics page's list of commands (figure captions link to it)."""
SLACK_COMMANDS_LABEL = "clubfight-slack-commands"
"""The label of the slack survey's commands, when the slack has a survey of its own."""


def docs_pages(context: DocsContext) -> list[DocsPage]:
    """The statistics page and the hunt page, each when its file is there."""
    pages = []
    rows = None
    path = context.game_results / SUMMARY
    hunt = context.game_results / HUNT
    if path.is_file():
        try:
            rows = read_summary(path)
        except (OSError, ValueError) as error:
            raise InputError(f"cannot read the statistics: {error}", str(path)) from None
        wide_path = context.game_results / WIDE_SUMMARY
        wide = _optional_summary(wide_path)
        slack_path = context.game_results / SLACK_SUMMARY
        slack_rows = _optional_summary(slack_path)
        if slack_rows:
            rows = with_slack(rows, slack_rows, context.shown(slack_path))
        from harness.games.clubfight.screen_docs import screen_data

        screens = screen_data(context.game_results, context.shown,
                              [(jokers, preset) for jokers in (1, 2)
                               for preset in context.game.presets])
        pages.append(statistics_page(context.game.title, rows, context.shown(path),
                                     hunt=hunt.is_file(), wide=wide,
                                     wide_shown=context.shown(wide_path), screens=screens))
    if hunt.is_file():
        try:
            text = hunt.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"cannot read the hunt's notes: {error}", str(hunt)) from None
        pages.append(hunt_page(context.game.title, text, context.shown(hunt), rows))
    return pages


def _optional_summary(path: Path) -> list[dict] | None:
    """The rows of a summary file that may be missing (``None`` then)."""
    if not path.is_file():
        return None
    try:
        return read_summary(path)
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the statistics: {error}", str(path)) from None


def with_slack(rows: Sequence[Mapping[str, Any]], slack_rows: Sequence[Mapping[str, Any]],
               shown: str) -> list[dict]:
    """``rows`` with the slack block of each variant whose row has none taken from
    ``slack_rows`` (read from ``shown``), the same variant: Jokers, rules and rule
    overrides.  A slack row without a slack block, or for a variant ``rows`` does not
    have, is an :class:`InputError` naming it (the page would silently leave it out)."""
    def variant(row: Mapping[str, Any]) -> tuple:
        return (row.get("jokers"), row.get("rules"),
                json.dumps(row.get("rules_overrides") or {}, sort_keys=True))

    blocks = {}
    for row in slack_rows:
        if not isinstance(row.get("slack"), Mapping):
            raise InputError(f"{variant_name(row)}: a row of the slack survey needs a slack "
                             "block (run the survey with --slack N)", shown)
        blocks[variant(row)] = {**row["slack"], "source": shown, "range": _deal_range(row),
                                "took": _took(row),
                                "workers": row.get("workers")}
    known = {variant(row) for row in rows}
    for key, block in blocks.items():
        if key not in known:
            raise InputError(f"{variant_name(dict(zip(('jokers', 'rules'), key)))}: the slack "
                             "survey has a variant the main summary does not", shown)
    return [dict(row) if row.get("slack") is not None or variant(row) not in blocks
            else {**row, "slack": blocks[variant(row)]} for row in rows]


def read_summary(path: Path) -> list[dict]:
    """The variants of a summary file: a list of objects (or one object holding them)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("variants", data.get("rows", [data]))
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ValueError("expected a list of objects, one per variant")
    return data


# -- words and numbers -------------------------------------------------------------------------
def percent(value: Any) -> str:
    """A rate as people read it: ``69.9%``, ``100%``; never rounded to 0% or 100%.

    >>> [percent(x) for x in (0.6993, 1.0, 0.999616, 0.0, 0.0004)]
    ['69.9%', '100%', '99.96%', '0%', '0.04%']
    >>> [percent(x) for x in (0.000038, 0.999962)]
    ['0.004%', '99.996%']
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number <= 1.0:
        number *= 100
    if number in (0.0, 100.0):
        return f"{number:.0f}%"
    # 99.96% is not 100%: as many decimals as it takes to stay off 0 and 100
    for decimals in range(1, 7):
        text = f"{number:.{decimals}f}%"
        if float(text[:-1]) not in (0.0, 100.0):
            break
    return text


def count(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def interval(figures: Mapping[str, Any]) -> str:
    """``69.9% (69.0% to 70.8%)``: the rate and its 95% interval."""
    text = percent(figures.get("win_rate", ""))
    if "wilson_low" in figures and "wilson_high" in figures:
        text += f" ({percent(figures['wilson_low'])} to {percent(figures['wilson_high'])})"
    return text


def variant_name(row: Mapping[str, Any]) -> str:
    jokers = row.get("jokers", "?")
    return f"{jokers} Joker{'' if jokers == 1 else 's'}, {row.get('rules', '?')}"


def one_in(share: float) -> str:
    """``1 / share`` to two significant figures, for "about 1 deal in N".

    >>> one_in(0.000384)
    '2,600'
    """
    if share <= 0:
        return "none"
    value = 1 / share
    digits = max(0, int(math.floor(math.log10(value))) - 1)
    return f"{round(value, -digits):,.0f}"


def _deal_range(row: Mapping[str, Any]) -> str | None:
    start, deals, jokers = row.get("start"), row.get("deals"), row.get("jokers")
    if not all(isinstance(v, int) for v in (start, deals, jokers)) or deals < 1:
        return None
    return f"CF{jokers}-{start} to CF{jokers}-{start + deals - 1}"


def _per_variant(values: Sequence[Any], noun: str) -> str:
    """``10,000 deals per variant``, or each variant's count when they differ."""
    if values and all(v == values[0] for v in values):
        return f"{count(values[0])} {noun} per variant"
    return f"{', '.join(count(v) for v in values)} {noun} (one number per variant, in order)"


def _policy(row: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    found = (row.get("policies") or {}).get(name)
    return found if isinstance(found, Mapping) else None


def command_lines(command: str, width: int = 74) -> str:
    r"""A shell command cut into lines of at most ``width`` characters where it can be,
    continued with ``\``: still one command when pasted into a shell.

    An option stays on the line of its value; a word is never cut.

    >>> print(command_lines("ringside survey --jokers 1 --out a/b.jsonl --summary s.json", 30))
    ringside survey --jokers 1 \
        --out a/b.jsonl \
        --summary s.json
    """
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    pieces: list[str] = []
    for word in words:
        quoted = shlex.quote(word)
        if pieces and pieces[-1].startswith("-") and " " not in pieces[-1] \
                and not word.startswith("-"):
            pieces[-1] += " " + quoted  # an option and its value
        else:
            pieces.append(quoted)
    lines = [""]
    for piece in pieces:
        room = width - (len(lines[-1]) + 1 if lines[-1] else len(lines[-1]))
        if lines[-1] and len(piece) + 2 > room:
            lines.append("    " + piece)
        else:
            lines[-1] = f"{lines[-1]} {piece}" if lines[-1] else piece
    return " \\\n".join(lines)


def _minutes(seconds: Any) -> str | None:
    if not isinstance(seconds, (int, float)) or seconds <= 0:
        return None
    return f"{seconds / 60:.1f} minutes" if seconds >= 60 else f"{seconds:.0f} seconds"


def _took(row: Mapping[str, Any]) -> str | None:
    """How long the run that wrote ``row`` took, when that run computed all its
    deals: a resumed run's own time covers only the deals it computed, so it
    would understate the survey's (and a row says nothing of the earlier runs).

    >>> _took({"deals": 1000, "computed": 1000, "wall_seconds": 5400})
    '90.0 minutes'
    >>> _took({"deals": 1000, "computed": 350, "wall_seconds": 2400}) is None
    True
    """
    computed = row.get("computed")
    if computed is not None and computed != row.get("deals"):
        return None
    return _minutes(row.get("wall_seconds"))


# -- slack -------------------------------------------------------------------------------------
def _median_of(values: Mapping[int, int]) -> int | None:
    """The median slack of a distribution ``{slack: deals}`` (the lower middle one)."""
    total = sum(values.values())
    if not total:
        return None
    seen = 0
    for value, number in values.items():
        seen += number
        if 2 * seen >= total:
            return value
    return None


def _seconds(value: Any) -> str:
    if not isinstance(value, (int, float)):
        return "?"
    return f"{value * 1000:,.0f} ms" if value < 1 else f"{value:,.1f} s"


def slack_data(rows: Sequence[Mapping[str, Any]]) -> dict:
    """What the page's slack section shows: one table row per variant, with the
    variants whose summary has no slack block named as such (never left out)."""
    from harness.docs.templating import esc
    from harness.games.clubfight.plots import slack_counts

    table, missing, surveyed, commands, sources = [], [], [], [], []
    totals = {"deals": 0, "exact": 0, "unknown": 0, "unwinnable": 0, "budget": 0, "check": 0,
              "unchecked": 0}
    sampled = []  # (variant, N): the checker re-derived the losses of one deal in N
    for row in rows:
        name = variant_name(row)
        found = slack_counts(row)
        if found is None:
            missing.append(name)
            table.append([esc(name), "not surveyed", "", "", "", ""])
            continue
        block = row["slack"]
        if block.get("source"):
            if block["source"] not in sources:
                sources.append(block["source"])
            if isinstance(block.get("command"), str):
                commands.append({"name": name, "range": block.get("range"),
                                 "took": block.get("took"), "workers": block.get("workers"),
                                 "command": command_lines(block["command"])})
        for key in ("deals", "exact", "unknown", "unwinnable"):
            totals[key] += found[key]
        for key in ("budget", "check"):
            totals[key] += found["by_reason"].get(key, 0)
        unchecked = block.get("unchecked", 0)
        if isinstance(block.get("check_every"), int) and block["check_every"] > 1:
            sampled.append({"name": name, "every": block["check_every"],
                            "unchecked": unchecked})
            totals["unchecked"] += unchecked
        values = found["values"]
        median = _median_of(values)
        spread = (f"{median} (from {min(values)} to {max(values)})"
                  if median is not None else "none exact")
        reasons = ", ".join(f"{number:,} {reason}" for reason, number
                            in found["by_reason"].items() if number)
        budget = block.get("max_nodes")
        surveyed.append(found["deals"])
        table.append([
            esc(name),
            esc(f"{found['deals']:,}" + (f"\n\n{budget:,} nodes each"
                                         if isinstance(budget, int) else ""), collapse=False),
            esc(f"{found['exact']:,}" + (f", {found['unwinnable']:,} lost with every club"
                                         if found["unwinnable"] else "")
                + (f", {unchecked:,} with the solver's proof of loss only"
                   if unchecked else "")),
            esc(f"{found['unknown']:,}" + (f" ({reasons})" if reasons else "")),
            esc(spread),
            esc(f"{_seconds(block.get('seconds_median'))} / "
                f"{_seconds(block.get('seconds_p99'))} / {_seconds(block.get('seconds_max'))}"
                if "seconds_median" in block else "")])
    return {
        "any": bool(surveyed), "surveyed": len(surveyed), "missing": missing,
        "totals": totals, "sampled": sampled,
        "deals_text": _per_variant(surveyed, "deals") if surveyed else None,
        "sources": sources, "commands": commands,
        "table": {"header": ["Variant", "Deals surveyed", "Exact", "Unknown (why)",
                             "Median slack (range)", "Seconds per deal: median / p99 / max"],
                  "rows": table},
    }


# -- the statistics page -----------------------------------------------------------------------
def statistics_data(title: str, rows: Sequence[Mapping[str, Any]], shown: str) -> dict:
    """What the statistics template shows, from the summary ``rows`` read from ``shown``."""
    from harness.docs.templating import esc, lit
    from analysis.clubfight.policies import get_policy

    variants = []
    table = []
    policy_names = []
    for row in rows:
        for name in row.get("policies") or {}:
            if name not in policy_names:
                policy_names.append(name)
    for row in rows:
        deals = row.get("deals", 0)
        perfect = (f"{interval(row)}\n\n{count(row.get('wins', ''))} of {count(deals)}"
                   + (f", {count(row['unknown'])} unknown" if row.get("unknown") else ""))
        cells = [f"{row.get('jokers', '?')} Joker{'' if row.get('jokers') == 1 else 's'}, "
                 f"{lit(row.get('rules', '?'))}", esc(perfect, collapse=False)]
        for name in policy_names:
            figures = _policy(row, name)
            cells.append("" if figures is None else esc(
                f"{interval(figures)}\n\n{count(figures.get('wins', ''))} of "
                f"{count(figures.get('deals', ''))}", collapse=False))
        table.append(cells)
        variants.append({
            "name": variant_name(row), "range": _deal_range(row),
            "command": command_lines(row["command"]) if row.get("command") else None,
            "took": _took(row),
            "workers": row.get("workers"), "nodes_median": row.get("nodes_median"),
            "hardest": row.get("hardest") or []})
    deals = [r.get("deals", 0) for r in rows]
    total = sum(d for d in deals if isinstance(d, int))
    wins = sum(r.get("wins", 0) for r in rows)
    losses = sum(r.get("losses", 0) for r in rows)
    unknown = sum(r.get("unknown", 0) for r in rows)
    lows = [float(r["wilson_low"]) for r in rows if "wilson_low" in r]
    hardest = sorted(({**h, "variant": variant_name(r)} for r in rows
                      for h in (r.get("hardest") or []) if isinstance(h, Mapping)),
                     key=lambda h: -h.get("nodes", 0))[:4]
    ranges = sorted({rng for rng in (_deal_range(r) for r in rows) if rng})
    played = {name: [(_policy(r, name) or {}).get("deals", 0) for r in rows]
              for name in policy_names}
    budgets = {r.get("max_nodes") for r in rows}
    # Who played how many deals, grouped: "perfect information and greedy: 10,000 deals
    # per variant; mc: 1,000 deals per variant".
    groups: dict[str, list[str]] = {}
    for way, counts in [("perfect information", deals)] + list(played.items()):
        groups.setdefault(_per_variant(counts, "deals"), []).append(way)
    played_text = "; ".join(f"{' and '.join(ways)}: {text}" for text, ways in groups.items())
    policy_groups: dict[str, list[str]] = {}
    for way, counts in played.items():
        policy_groups.setdefault(_per_variant(counts, "deals"), []).append(way)
    policies_played = "; ".join(f"{' and '.join(ways)} played {text}"
                                for text, ways in policy_groups.items())
    seconds = {name: (sum(float((_policy(r, name) or {}).get("seconds", 0)) for r in rows),
                      sum(int((_policy(r, name) or {}).get("deals", 0)) for r in rows))
               for name in policy_names}
    per_game = {name: s / n for name, (s, n) in seconds.items() if n and s > 0}
    slower = (round(per_game["mc"] / per_game["greedy"])
              if {"mc", "greedy"} <= set(per_game) else None)
    close = {}
    for name in policy_names:
        lost = [0] * (CLOSE + 1)
        total_lost = 0
        for row in rows:
            counts = (_policy(row, name) or {}).get("cards_left_lost")
            if not isinstance(counts, list):
                break
            total_lost += sum(counts)
            for left in range(1, min(CLOSE, len(counts) - 1) + 1):
                lost[left] += counts[left]
        else:
            if total_lost:
                close[name] = {"share": percent(sum(lost) / total_lost),
                               "lost": total_lost, "one": percent(lost[1] / total_lost)}
    mc = get_policy("mc")
    from harness.games.clubfight import plots

    figures = []
    files = {}
    for name, draw in plots.FIGURES:
        figure = draw(rows)
        if figure is None:
            continue
        file = f"statistics-{name}.svg"
        files[file] = plots.svg(figure)
        figures.append({"name": name, "file": file})
    return {
        "heading": f"{title}: statistics", "source": shown, "rows": rows,
        "variants": variants, "policies": policy_names,
        "table": {"header": ["Variant", "Perfect information"] + policy_names,
                  "rows": table},
        "deals_per_variant": _per_variant(deals, "deals"),
        "ranges": ranges, "total": total, "wins": wins, "losses": losses,
        "unknown": unknown, "all_won": total > 0 and wins == total,
        "budget": budgets.pop() if len(budgets) == 1 else None,
        "low": percent(min(lows)) if lows else None,
        "unwinnable_share": percent(1 - min(lows)) if lows else None,
        "one_in": one_in(1 - min(lows)) if lows and min(lows) < 1 else None,
        "played": {name: _per_variant(counts, "deals") for name, counts in played.items()},
        "played_first": {name: all(c < d for c, d in zip(counts, deals))
                         for name, counts in played.items()},
        "hardest": hardest, "mc": {"samples": mc.samples, "candidates": mc.candidates},
        "played_text": played_text, "policies_played": policies_played, "slower": slower,
        "close": close, "close_cards": CLOSE,
        "medians": ([f"{v['nodes_median']:,}" for v in variants]
                    if all(isinstance(v["nodes_median"], int) for v in variants) else None),
        "figures": figures, "files": files, "commands_label": COMMANDS_LABEL,
        "slack_commands_label": SLACK_COMMANDS_LABEL,
        "slack": slack_data(rows),
    }


def statistics_page(title: str, rows: Sequence[Mapping[str, Any]], shown: str, *,
                    hunt: bool = False, wide: Sequence[Mapping[str, Any]] | None = None,
                    wide_shown: str = WIDE_SUMMARY, screens: dict | None = None) -> DocsPage:
    """The statistics page of the survey ``rows``, read from the file ``shown``.

    With ``hunt``, the page links to the hunt's page (:func:`hunt_page`); ``wide``
    holds the rows of the larger perfect-information survey (read from
    ``wide_shown``), shown in a section of their own; ``screens`` the screens'
    section (:func:`harness.games.clubfight.screen_docs.screen_data`).
    """
    data = statistics_data(title, rows, shown)
    data["hunt"] = hunt
    data["wide"] = wide_data(wide or (), wide_shown)
    data["screens"] = screens or {"any": False, "variants": [], "missing": []}
    files = data.pop("files")
    return DocsPage("statistics", "Statistics", "survey_statistics.rst.jinja", data,
                    templates=TEMPLATES, files=files, reproduce=(
                        "A statistic or a figure: the survey command of each variant is listed "
                        "at the end of its statistics page; it rewrites the results file and "
                        "the summary the page and its figures are drawn from.",))


def wide_data(rows: Sequence[Mapping[str, Any]], shown: str) -> dict:
    """The larger survey's rows for the page: per variant the deals, wins, losses and
    unknowns, and how rare an unwinnable deal can still be (the upper end of the 95%
    Wilson interval of the unwinnable rate, unknowns counted as unwinnable)."""
    from harness.docs.templating import esc, lit

    table = []
    for row in rows:
        deals = row.get("deals")
        if not isinstance(deals, int) or "wilson_low" not in row or "wilson_high" not in row:
            raise InputError(f"{variant_name(row)}: a row needs deals, wilson_low and "
                             "wilson_high", shown)
        unwinnable_high = 1 - float(row["wilson_low"])
        unwinnable_low = 1 - float(row["wilson_high"])
        table.append([f"{row.get('jokers', '?')} Joker{'' if row.get('jokers') == 1 else 's'}, "
                      f"{lit(row.get('rules', '?'))}",
                      esc(_deal_range(row) or count(deals)), count(row.get("wins", "")),
                      count(row.get("losses", 0)), count(row.get("unknown", 0)),
                      esc(f"{percent(unwinnable_low)} to {percent(unwinnable_high)}"),
                      esc(f"1 deal in {one_in(unwinnable_high)}" if unwinnable_high > 0
                          else "none")])
    return {"table": table, "shown": shown,
            "commands": [command_lines(r["command"]) for r in rows if r.get("command")]}


# -- the hunt page -----------------------------------------------------------------------------
def hunt_page(title: str, markdown: str, shown: str,
              rows: Sequence[Mapping[str, Any]] | None = None) -> DocsPage:
    """The hunt for unwinnable deals: the notes ``markdown`` (read from ``shown``)."""
    from harness.games.clubfight.markdown import split_title, to_rst

    heading, body = split_title(markdown)
    surveyed = None
    if rows:
        surveyed = {"deals": sum(r.get("deals", 0) for r in rows),
                    "wins": sum(r.get("wins", 0) for r in rows),
                    "variants": len(rows)}
    data = {"heading": heading or f"{title}: the hunt for unwinnable deals",
            "body": to_rst(body), "source": shown, "surveyed": surveyed}
    return DocsPage("unwinnable", "Unwinnable deals", "unwinnable.rst.jinja", data,
                    templates=TEMPLATES, reproduce=(
                        "A hunt for unwinnable deals: each run's exact command is in the "
                        "table of the hunt's page.",))
