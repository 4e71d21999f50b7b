"""Plain fixed-width tables: one line per row, fitted to the terminal's width.

Long listings (hundreds of tasks) are printed this way rather than as rich tables: a rich table
measures and wraps every cell (about a second for the bundled suite's 224 rows), while one line
per row, with the one free-text column cut to what is left of the width, reads as well at 80
columns and costs microseconds a row.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

ELLIPSIS = "…"
GAP = "  "


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())  # one line: newlines and runs of blanks become one space
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)] + ELLIPSIS if width > 0 else ""


def fit_columns(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    width: int,
    flexible: int,
    right: Sequence[int] = (),
    optional: Sequence[int] = (),
    min_flexible: int = 30,
) -> list[str]:
    """The header and one line (or two) per row, each at most ``width`` characters.

    Every column but ``flexible`` is as wide as its widest cell; column ``flexible`` (free text)
    gets what is left and longer cells end in an ellipsis. When that is under ``min_flexible``,
    the columns in ``optional`` are left out, first named first, until it is not; when even that
    is not enough, every fixed column that fits is kept and the free text goes on a line of its
    own under its row, indented. Columns in ``right`` are right-aligned (numbers).
    """
    widths = [len(header) for header in headers]
    for row in rows:
        for index, text in enumerate(row):
            widths[index] = max(widths[index], len(text))

    def fixed_width(kept: Sequence[int]) -> int:
        return sum(widths[i] for i in kept) + len(GAP) * len(kept)

    fixed = [i for i in range(len(headers)) if i != flexible]
    kept = list(fixed)
    for index in optional:
        if width - fixed_width(kept) >= min_flexible:
            break
        kept.remove(index)
    own_line = width - fixed_width(kept) < min_flexible
    if own_line:
        kept = list(fixed)
        for index in optional:
            if fixed_width(kept) - len(GAP) <= width:
                break
            kept.remove(index)
    text_width = width - 4 if own_line else min(widths[flexible], width - fixed_width(kept))
    right_aligned = set(right)

    def cell(index: int, text: str) -> str:
        if index in right_aligned:
            return text.rjust(widths[index])
        return text.ljust(widths[index])

    def lines(cells: Sequence[str], header: bool) -> list[str]:
        parts = [cell(i, cells[i]) for i in range(len(cells)) if i in kept]
        free = _cut(cells[flexible], text_width)
        if own_line:
            return [GAP.join(parts).rstrip(), *([] if header else ["    " + free])]
        parts.insert(len([i for i in kept if i < flexible]), free.ljust(text_width))
        return [GAP.join(parts).rstrip()]

    out = lines(headers, header=True)
    for row in rows:
        out.extend(lines(row, header=False))
    return out


def fitted_listing(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    width: int,
    flexible: int,
    title: str | None = None,
    right: Sequence[int] = (),
    optional: Sequence[int] = (),
) -> RenderableType:
    """:func:`fit_columns` as something to print: the header in bold, the cells as plain text
    (never read as markup: they hold task text), under ``title`` when given."""
    lines = fit_columns(
        headers, rows, width=width, flexible=flexible, right=right, optional=optional
    )
    body = Text("\n".join(lines), no_wrap=True, overflow="crop")
    body.stylize("bold", 0, len(lines[0]))
    return Group(Text(title, style="bold"), body) if title else body
