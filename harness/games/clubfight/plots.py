"""The figures of Club Fight's statistics page, drawn at docs build time.

Each function takes the rows of ``results/clubfight/summary.json`` (one per
variant, :func:`harness.games.clubfight.survey_summary.summarize`) and gives a
matplotlib figure, or ``None`` when the rows lack what it draws (a summary
written before the distributions were added): the page then leaves that
figure out.  :func:`svg` turns a figure into the text of an SVG file.

matplotlib (in the ``docs`` extra) is imported only here, and only when the
reference is built.  The figures are made with the Agg canvas attached
directly, never through ``pyplot``: no display, no global state of the
process changed.  The SVG text repeats exactly for the same rows (fixed hash
salt, no date), so a rebuild rewrites no file that did not change.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from harness.plots import RC, figure as new_figure, matplotlib_parts, svg as house_svg
from model.core.errors import InputError

PAGE = "the statistics page"
"""The page these figures are drawn for (named when matplotlib is missing)."""


def svg(figure) -> str:
    """The figure as the text of an SVG file (the same text for the same figure)."""
    return house_svg(figure, PAGE)

Row = Mapping[str, Any]

WAYS = (("perfect information", "#0072B2"), ("greedy", "#E69F00"), ("mc", "#009E73"))
"""The ways of play, each with its colour (Okabe-Ito: safe for colour-blind readers)."""
JOKER_COLOURS = {1: "#0072B2", 2: "#D55E00"}
RULES_STYLES = {"rulebook": "-", "webapp": "--"}


def variant_name(row: Row, newline: bool = False) -> str:
    jokers = row.get("jokers")
    noun = "Joker" if jokers == 1 else "Jokers"
    return f"{jokers} {noun}{chr(10) if newline else ', '}{row.get('rules')}"


def _percent_axis(axis) -> None:
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(100, decimals=0))


def _number_axis(axis) -> None:
    """Tick labels as people write numbers (1,000), not powers of ten."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"
                                           if value >= 1 else f"{value:g}"))
    axis.set_minor_formatter(NullFormatter())


def rate_text(rate: float) -> str:
    """A win rate for a bar label: ``100%``, ``69.9%``, ``99.96%`` (never rounded to 100)."""
    number = 100 * rate
    text = f"{number:.1f}%"
    if text in ("100.0%", "0.0%"):
        text = f"{number:.0f}%" if number in (0.0, 100.0) else f"{number:.2f}%"
    return text


# -- the figures -------------------------------------------------------------------------------
def win_rates(rows: Sequence[Row]):
    """Win rate per variant and way of play, each with its 95% Wilson interval."""
    if not rows:
        return None
    matplotlib, _, _ = matplotlib_parts(PAGE)
    with matplotlib.rc_context(RC):
        figure = new_figure(7.2, 3.5, PAGE)
        axes = figure.add_subplot()
        width = 0.26
        for index, (way, colour) in enumerate(WAYS):
            xs, rates, low, high = [], [], [], []
            for position, row in enumerate(rows):
                figures = row if way == "perfect information" else \
                    (row.get("policies") or {}).get(way)
                if not isinstance(figures, Mapping) or "win_rate" not in figures:
                    continue
                rate = float(figures["win_rate"])
                xs.append(position + (index - 1) * width)
                rates.append(100 * rate)
                low.append(100 * (rate - float(figures.get("wilson_low", rate))))
                high.append(100 * (float(figures.get("wilson_high", rate)) - rate))
                axes.annotate(rate_text(rate), (xs[-1], 100 * float(
                    figures.get("wilson_high", rate))), xytext=(0, 2),
                    textcoords="offset points", ha="center", va="bottom", fontsize=7.5)
            if xs:
                label = way if way != "mc" else "mc (Monte Carlo)"
                axes.bar(xs, rates, width * 0.92, color=colour, label=label,
                         yerr=[low, high], capsize=2.5, error_kw={"elinewidth": 1})
        axes.set_xticks(range(len(rows)), [variant_name(r, newline=True) for r in rows])
        axes.set_ylim(0, 109)
        axes.set_yticks(range(0, 101, 20))
        _percent_axis(axes.yaxis)
        axes.set_ylabel("share of deals won")
        axes.grid(axis="y", color="#dddddd", linewidth=0.6)
        axes.set_axisbelow(True)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=3)
    return figure


def solver_effort(rows: Sequence[Row]):
    """How many nodes the solver took per deal: a histogram in powers of two, per variant."""
    drawn = [r for r in rows if isinstance(r.get("nodes_log2"), Mapping) and r["nodes_log2"]]
    if not drawn:
        return None
    matplotlib, _, _ = matplotlib_parts(PAGE)
    with matplotlib.rc_context(RC):
        figure = new_figure(7.2, 3.4, PAGE)
        axes = figure.add_subplot()
        top, first = 0, None
        for row in drawn:
            counts = _sum_lists(row["nodes_log2"].values())
            top = max(top, len(counts))
            used = [k for k, c in enumerate(counts) if c and k >= 1]
            if used:
                first = min(used[0], first or used[0])
            # Bin k >= 1 holds 2**(k-1) .. 2**k - 1 nodes (bin 0, no node, has no place
            # on a logarithmic axis; a search always looks at its first position).
            edges = [2 ** k for k in range(len(counts))]
            values = [float(c) if c else 0.5 for c in counts[1:]] or [0.5]
            axes.stairs(values, edges, label=variant_name(row), linewidth=1.6,
                        color=JOKER_COLOURS.get(row.get("jokers"), "#555555"),
                        linestyle=RULES_STYLES.get(str(row.get("rules")), ":"),
                        baseline=0.5)
        axes.set_xscale("log", base=10)
        axes.set_yscale("log")
        axes.set_ylim(0.7, None)
        axes.set_xlim(2 ** ((first or 1) - 1), 2 ** max(top - 1, 1))
        _number_axis(axes.xaxis)
        _number_axis(axes.yaxis)
        axes.set_xlabel("nodes the solver looked at to settle the deal (bins: powers of two)")
        axes.set_ylabel("deals")
        axes.grid(color="#e4e4e4", linewidth=0.6)
        axes.set_axisbelow(True)
        axes.legend(loc="upper right")
    return figure


def cards_left(rows: Sequence[Row]):
    """Cards left when greedy and mc lose: one panel per variant, share of games played."""
    drawn = [r for r in rows if any(isinstance(p, Mapping) and "cards_left_lost" in p
                                    for p in (r.get("policies") or {}).values())]
    if not drawn:
        return None
    matplotlib, _, _ = matplotlib_parts(PAGE)
    ways = [(way, colour) for way, colour in WAYS[1:]]
    most = max((len(p["cards_left_lost"]) - 1 for r in drawn
                for p in r["policies"].values() if "cards_left_lost" in p), default=1)
    most = max(most, 1)
    columns = 2 if len(drawn) > 1 else 1
    lines = (len(drawn) + columns - 1) // columns
    with matplotlib.rc_context(RC):
        figure = new_figure(7.2, 1.25 + 1.7 * lines, PAGE)
        grid = figure.subplots(lines, columns, sharex=True, sharey=True, squeeze=False)
        for index, row in enumerate(drawn):
            axes = grid[index // columns][index % columns]
            policies = row["policies"]
            shown = [(w, c) for w, c in ways if isinstance(policies.get(w), Mapping)
                     and "cards_left_lost" in policies[w]]
            width = 0.8 / max(len(shown), 1)
            for offset, (way, colour) in enumerate(shown):
                figures = policies[way]
                counts = list(figures["cards_left_lost"])
                played = int(figures.get("deals", 0)) or 1
                xs = [k + (offset - (len(shown) - 1) / 2) * width
                      for k in range(1, len(counts))]
                shares = [100 * c / played for c in counts[1:]]
                lost = played - int(figures.get("wins", 0))
                axes.bar(xs, shares, width, color=colour,
                         label=f"{way}: lost {lost:,} of {played:,}")
            axes.set_title(variant_name(row), loc="left")
            axes.legend(loc="upper right", fontsize=7.5)
            axes.grid(axis="y", color="#e4e4e4", linewidth=0.6)
            axes.set_axisbelow(True)
            _percent_axis(axes.yaxis)
        for index in range(len(drawn), lines * columns):
            grid[index // columns][index % columns].set_visible(False)
        grid[0][0].set_xlim(0.4, most + 0.6)
        from matplotlib.ticker import MaxNLocator

        grid[0][0].xaxis.set_major_locator(MaxNLocator(integer=True, nbins=most + 1))
        figure.supxlabel("cards left when the game was lost (on the table and in the deck)",
                         fontsize=9)
        figure.supylabel("share of games played", fontsize=9)
    return figure


SLACK_COLOUR = "#0072B2"
UNKNOWN_COLOUR = "#999999"
UNWINNABLE_COLOUR = "#D55E00"


def slack_counts(row: Row) -> dict | None:
    """A summary row's slack figures for the plot and the table, or ``None`` when
    the row has no slack block (its survey did not compute slack).

    ``{"deals", "exact", "unknown", "unwinnable", "by_reason", "values"}`` with
    ``values`` the distribution as ``{slack: count}`` (whole numbers, in order).
    A block that does not read (a count that is not a whole number, a slack
    that is not one of 0 to 12) is an :class:`InputError` naming the variant.
    """
    block = row.get("slack")
    if block is None:
        return None
    where = f"summary row {variant_name(row)}: slack"
    if not isinstance(block, Mapping):
        raise InputError("must be an object", where)

    def whole(value, field: str) -> int:
        if type(value) is not int or value < 0:
            raise InputError(f"{field} must be a whole number from 0, not {value!r}", where)
        return value

    values: dict[int, int] = {}
    distribution = block.get("distribution", {})
    if not isinstance(distribution, Mapping):
        raise InputError("distribution must be an object {slack: deals}", where)
    for key, number in distribution.items():
        try:
            value = int(key)
        except (TypeError, ValueError):
            value = -1
        if not 0 <= value <= 12:
            raise InputError(f"distribution: {key!r} is not a slack (0 to 12)", where)
        values[value] = whole(number, f"distribution[{key!r}]")
    reasons = block.get("unknown_by_reason", {})
    if not isinstance(reasons, Mapping):
        raise InputError("unknown_by_reason must be an object {reason: deals}", where)
    found = {"deals": whole(block.get("deals"), "deals"),
             "exact": whole(block.get("exact"), "exact"),
             "unknown": whole(block.get("unknown"), "unknown"),
             "unwinnable": whole(block.get("unwinnable", 0), "unwinnable"),
             "by_reason": {str(k): whole(v, f"unknown_by_reason[{k!r}]")
                           for k, v in reasons.items()},
             "values": dict(sorted(values.items()))}
    if found["exact"] + found["unknown"] != found["deals"] \
            or sum(values.values()) + found["unwinnable"] != found["exact"]:
        raise InputError("the counts do not add up (exact + unknown = deals; the "
                         "distribution and the unwinnable ones = exact)", where)
    return found


def slack_distribution(rows: Sequence[Row]):
    """How many clubs each deal can spare: bars per variant, unknowns as a bar of their own.

    One panel per variant, the share of the deals surveyed with each slack,
    then (apart, in grey) the deals whose slack stayed unknown and (in
    orange, only if any) those lost even with every club.  A variant whose
    summary has no slack block gets a panel that says so.
    """
    counted = [(row, slack_counts(row)) for row in rows]
    if not any(found for _, found in counted):
        return None
    matplotlib, _, _ = matplotlib_parts(PAGE)
    top = max((max(found["values"], default=0) for _, found in counted if found), default=0)
    top = max(top, 4)
    any_unwinnable = any(found and found["unwinnable"] for _, found in counted)
    columns = 2 if len(counted) > 1 else 1
    lines = (len(counted) + columns - 1) // columns
    unknown_at = top + 1.8
    unwinnable_at = unknown_at + 1.9  # room for both labels under their bars
    with matplotlib.rc_context(RC):
        figure = new_figure(7.2, 1.3 + 1.8 * lines, PAGE)
        grid = figure.subplots(lines, columns, sharey=True, squeeze=False)
        for index, (row, found) in enumerate(counted):
            axes = grid[index // columns][index % columns]
            if found is None:
                axes.set_title(variant_name(row), loc="left")
                axes.text(0.5, 0.5, "slack not surveyed", transform=axes.transAxes,
                          ha="center", va="center", color="#555555")
                axes.set_xticks([])
                axes.tick_params(left=False, labelleft=index % columns == 0)
                continue
            deals = found["deals"] or 1
            xs = list(range(top + 1))
            axes.bar(xs, [100 * found["values"].get(x, 0) / deals for x in xs], 0.8,
                     color=SLACK_COLOUR, label="exact")
            axes.bar([unknown_at], [100 * found["unknown"] / deals], 0.8,
                     color=UNKNOWN_COLOUR, hatch="///", edgecolor="white", linewidth=0,
                     label="unknown")
            axes.annotate(f"{found['unknown']:,}", (unknown_at, 100 * found["unknown"] / deals),
                          xytext=(0, 2), textcoords="offset points", ha="center",
                          va="bottom", fontsize=7.5)
            ticks, labels = xs + [unknown_at], [str(x) for x in xs] + ["unknown"]
            if any_unwinnable:
                axes.bar([unwinnable_at], [100 * found["unwinnable"] / deals], 0.8,
                         color=UNWINNABLE_COLOUR, label="lost with every club")
                axes.annotate(f"{found['unwinnable']:,}",
                              (unwinnable_at, 100 * found["unwinnable"] / deals),
                              xytext=(0, 2), textcoords="offset points", ha="center",
                              va="bottom", fontsize=7.5)
                ticks.append(unwinnable_at)
                labels.append("lost")
            axes.set_xticks(ticks, labels, fontsize=7.5)
            axes.set_title(f"{variant_name(row)}: {found['deals']:,} deals, "
                           f"{found['exact']:,} exact", loc="left")
            axes.grid(axis="y", color="#e4e4e4", linewidth=0.6)
            axes.set_axisbelow(True)
            _percent_axis(axes.yaxis)
        for index in range(len(counted), lines * columns):
            grid[index // columns][index % columns].set_visible(False)
        figure.supxlabel("slack: clubs the deal can spare from the end of its club deck "
                         "and still be won", fontsize=9)
        figure.supylabel("share of deals surveyed", fontsize=9)
    return figure


def _sum_lists(lists) -> list[int]:
    total: list[int] = []
    for values in lists:
        for index, value in enumerate(values):
            if index == len(total):
                total.append(0)
            total[index] += int(value)
    return total


FIGURES = (("win-rates", win_rates), ("solver-effort", solver_effort),
           ("cards-left", cards_left), ("slack", slack_distribution))
"""The figures of the statistics page: a name (the file is ``statistics-<name>.svg``)
and the function that draws it."""
