"""Figures of Fantasy Fight Club's odds page, drawn with matplotlib at docs build time.

matplotlib (the ``docs`` extra) is imported only here; figures are made on the
Agg canvas directly (no ``pyplot``), and the SVG text repeats exactly for the
same data (fixed hash salt, no date).
"""

from __future__ import annotations

import io
from typing import Sequence

from harness.plots import matplotlib_parts

PAGE = "the odds page"
"""The page these figures are drawn for (named when matplotlib is missing)."""

RC = {"svg.hashsalt": "ringside", "svg.fonttype": "none", "font.size": 7,
      "figure.facecolor": "white", "axes.facecolor": "white"}


def heat_map(values: Sequence[Sequence[float | None]], rows: Sequence[str],
             columns: Sequence[str], title: str, label: str, row_name: str = "",
             column_name: str = "") -> str:
    """A heat map of ``values`` (``None``: never, drawn grey) as the text of an SVG file.

    The cells carry no numbers (the page's table and CSV file give them exactly)."""
    matplotlib, Figure, FigureCanvasAgg = matplotlib_parts(PAGE)
    import numpy

    data = numpy.array([[numpy.nan if v is None else float(v) for v in row] for row in values])
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(1.2 + 0.42 * len(columns), 1.0 + 0.3 * len(rows)),
                        layout="constrained")
        FigureCanvasAgg(figure)
        axes = figure.add_subplot()
        cmap = matplotlib.colormaps["viridis_r"].with_extremes(bad="#bbbbbb")
        image = axes.imshow(numpy.ma.masked_invalid(data), cmap=cmap, aspect="auto")
        axes.set_xticks(range(len(columns)), labels=columns, rotation=60, ha="right")
        axes.set_yticks(range(len(rows)), labels=rows)
        axes.set_title(title)
        axes.set_ylabel(row_name)
        axes.set_xlabel(column_name)
        figure.colorbar(image, ax=axes, label=label, shrink=0.6)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()
