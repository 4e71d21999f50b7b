"""Figures drawn with matplotlib, returned as SVG text to inline in an HTML page: used by the
report and by the paradigms that draw their own plots (which sit below the report).

No pyplot: every plot is a :class:`~matplotlib.figure.Figure` with its own Agg canvas, so nothing
global changes (a notebook importing this keeps its backend). Text stays text
(``svg.fonttype = "none"``), which keeps files small and labels selectable; matplotlib escapes
label text, so names from task files cannot inject markup. matplotlib is the ``report`` extra:
importing this module without it raises ``ModuleNotFoundError`` naming matplotlib.
"""

from __future__ import annotations

import io
import re

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

RUN_COLOURS: tuple[str, ...] = (
    "#2f6db5",
    "#e08a1e",
    "#3a9a5b",
    "#b8453c",
    "#7b5ea7",
    "#8c6d4f",
    "#c75d9b",
    "#6b6b6b",
)
"""One colour per run, in the order the runs were given."""

_ID_ATTRIBUTE = re.compile(r'\sid="([^"]+)"')
_REFERENCED = re.compile(r'(?:url\(#|href="#)([^")]+)')


def run_colour(index: int) -> str:
    """The colour of the run given at ``index`` (colours repeat after eight runs)."""
    return RUN_COLOURS[index % len(RUN_COLOURS)]


def new_figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure of that size in inches with one axes, its top and right spines hidden."""
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    axes.spines[["top", "right"]].set_visible(False)
    return figure, axes


def figure_to_svg(figure: Figure, salt: str) -> str:
    """The figure as an ``<svg>`` element ready to inline in HTML.

    ``salt`` keeps the ids matplotlib generates (clip paths, markers) distinct between the plots
    of one page; ids nothing refers to are dropped, and so are the XML prolog and DOCTYPE.
    """
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        figure.savefig(
            buffer,
            format="svg",
            metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
        )
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    referenced = set(_REFERENCED.findall(text))
    return _ID_ATTRIBUTE.sub(
        lambda match: match.group(0) if match.group(1) in referenced else "", text
    )


__all__ = ["RUN_COLOURS", "figure_to_svg", "new_figure", "run_colour"]
