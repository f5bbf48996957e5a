"""The figures of the duel's odds page, drawn with matplotlib at docs build time.

Each function takes exact odds (``p/q`` strings, as ``ringside duel odds --json``
prints them) and gives a figure; :func:`svg` turns it into the text of an SVG
file, the same text for the same odds (fixed hash salt, no date).  matplotlib (in
the ``docs`` extra) is imported only here, and only when the reference is built.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

from harness.plots import figure as new_figure, svg as house_svg

PAGE = "the duel's odds page"
"""The page these figures are drawn for (named when matplotlib is missing)."""


def svg(figure) -> str:
    """The figure as the text of an SVG file (the same text for the same figure)."""
    return house_svg(figure, PAGE)

COLOURS = ("#0072B2", "#E69F00", "#009E73")
"""One colour per character (Okabe-Ito: safe for colour-blind readers)."""


def _float(text: str) -> float:
    return float(Fraction(text))


def bases_figure(bases: Sequence[tuple[str, Mapping[str, str]]]):
    """One step line per character: the chance of each Base."""
    figure = new_figure(6.4, 2.8, PAGE)
    axes = figure.add_subplot()
    for index, (name, odds) in enumerate(bases):
        values = sorted(int(k) for k in odds)
        axes.plot(values, [_float(odds[str(v)]) for v in values], marker="o",
                  color=COLOURS[index % len(COLOURS)], label=name)
    axes.set_xlabel("Base")
    axes.set_ylabel("probability")
    axes.set_title("The Base each Power Source generates")
    axes.legend()
    return figure


def clash_figure(pairs: Sequence[tuple[str, Mapping[str, str]]]):
    """Grouped bars: the first round's clash damage for each pair of characters."""
    figure = new_figure(6.4, 2.8, PAGE)
    axes = figure.add_subplot()
    width = 0.8 / max(1, len(pairs))
    for index, (label, odds) in enumerate(pairs):
        values = sorted(int(k) for k in odds)
        axes.bar([v + index * width for v in values], [_float(odds[str(v)]) for v in values],
                 width=width, color=COLOURS[index % len(COLOURS)], label=label)
    axes.set_xlabel("clash damage before Shields (both passing)")
    axes.set_ylabel("probability")
    axes.set_title("First-round clash damage")
    axes.legend()
    return figure


def duel_figure(rows: Sequence[tuple[str, float, float]]):
    """Horizontal stacked bars: the chance each side wins the duel."""
    figure = new_figure(6.4, 0.6 + 0.45 * len(rows), PAGE)
    axes = figure.add_subplot()
    labels = [label for label, _, _ in rows]
    first = [a for _, a, _ in rows]
    second = [b for _, _, b in rows]
    axes.barh(labels, first, color=COLOURS[0], label="A wins")
    axes.barh(labels, second, left=first, color=COLOURS[1], label="B wins")
    axes.set_xlim(0, 1)
    axes.set_xlabel("probability (policy 'pass')")
    axes.legend(loc="lower right")
    return figure
