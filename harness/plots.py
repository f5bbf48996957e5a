"""The figures of the reference: matplotlib loaded on demand, one house style, SVG text that repeats.

matplotlib (the ``docs`` extra) is imported only when a page draws; figures
are made on the Agg canvas directly (no ``pyplot``, so no global state), and
:func:`svg` gives the same text for the same figure (a fixed hash salt, no
date).  The games' plot modules draw their figures with these parts.
"""

from __future__ import annotations

import io
from typing import Any, Mapping

from model.core.errors import InputError

RC: Mapping[str, Any] = {
    "svg.hashsalt": "ringside", "svg.fonttype": "path", "font.size": 9,
    "axes.spines.top": False, "axes.spines.right": False, "axes.titlesize": 9.5,
    "legend.frameon": False, "figure.facecolor": "white", "axes.facecolor": "white"}
"""The house style of every figure (a game may lay its own settings over it)."""


def matplotlib_parts(page: str) -> tuple[Any, Any, Any]:
    """``(matplotlib, Figure, FigureCanvasAgg)``, or one line naming ``page`` and the
    extra to install when matplotlib is missing."""
    try:
        import matplotlib
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise InputError(f"matplotlib is not installed; {page} draws its plots with it: "
                         "install the docs extras (pip install 'ringside[docs]')") from None
    return matplotlib, Figure, FigureCanvasAgg


def figure(width: float, height: float, page: str, **kwargs: Any) -> Any:
    """A new figure of ``width`` by ``height`` inches on the Agg canvas."""
    _, Figure, FigureCanvasAgg = matplotlib_parts(page)
    made = Figure(figsize=(width, height), layout="constrained", **kwargs)
    FigureCanvasAgg(made)
    return made


def svg(made: Any, page: str, rc: Mapping[str, Any] = RC) -> str:
    """The figure as the text of an SVG file (the same text for the same figure)."""
    matplotlib, _, _ = matplotlib_parts(page)
    buffer = io.StringIO()
    with matplotlib.rc_context(dict(rc)):
        made.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()
