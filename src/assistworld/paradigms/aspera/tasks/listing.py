"""What ``assistworld tasks --suite SUITE [--json] [--with-programs] [--summary]`` shows.

Functions here return data (pydantic models, JSON-ready) and rich renderables; the CLI decides
which to print. Complexity is measured on each task's reference program
(:mod:`assistworld.paradigms.aspera.tasks.complexity`).
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from assistworld.core.columns import fitted_listing
from assistworld.core.derived_cache import DerivedStore, code_fingerprint, sha256_text
from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.tasks.complexity import (
    COMPLEXITY_MEASURES,
    ProgramComplexity,
    default_library_names,
    measure_program,
)
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import TaskKind

UNCATEGORISED = "(none)"
"""The category shown for tasks that have none."""

_SHORT_HEADERS = (
    ("max_ast_depth", "depth"),
    ("cyclomatic_complexity", "CC"),
    ("distinct_primitives", "prims"),
    ("lines", "lines"),
)


class TaskRow(BaseModel):
    """One line of the task listing."""

    query_id: str
    query: str
    kind: TaskKind
    category: str | None
    pairs: int
    hand_back_pairs: int = 0
    """Pairs whose evaluation program expects ``RequiresUserInput`` (handing control back)."""
    complexity: ProgramComplexity
    program: str | None = None
    """The reference program, only when asked for."""


class MeasureStats(BaseModel):
    """Mean and maximum of one complexity measure over a suite's tasks."""

    mean: float
    max: int


class SuiteSummary(BaseModel):
    """Aggregates over a suite's tasks."""

    tasks: int
    per_category: dict[str, int]
    per_kind: dict[str, int]
    multi_pair_tasks: int
    """Tasks with more than one (setup, evaluation) pair."""
    tasks_raising_requires_user_input: int
    """Tasks whose reference program has at least one ``raise RequiresUserInput``."""
    hand_back_tasks: int
    """Tasks where handing control back is the right behaviour in at least one starting state
    (an evaluation program expects ``RequiresUserInput``)."""
    complexity: dict[str, MeasureStats]
    """Per measure of
    :data:`~assistworld.paradigms.aspera.tasks.complexity.COMPLEXITY_MEASURES`."""


def _expects_hand_back(evaluation_program: str) -> bool:
    """Whether an evaluation program names ``RequiresUserInput`` in its code (not in comments)."""
    return any(
        isinstance(node, ast.Name) and node.id == "RequiresUserInput"
        for node in ast.walk(parse_in_turn(evaluation_program))
    )


ROW_NAMESPACE = "aspera-task-rows"
ROW_MODULES = (
    "assistworld.apps.workplace",
    "assistworld.paradigms.aspera.tasks.complexity",
    "assistworld.paradigms.aspera.tasks.programs",
    __name__,
)
"""The code a row's measures depend on (the derived-row cache's fingerprint): the library
whose names count as primitives, the measures, this module."""


def _measures_key(task: Task, library_names: Collection[str] | None) -> str:
    names = "(default)" if library_names is None else "\0".join(sorted(library_names))
    return sha256_text("\0\0".join([task.program, *task.evaluation_programs, names]))


def _measures(
    task: Task, library_names: Collection[str] | None, store: DerivedStore
) -> tuple[int, ProgramComplexity]:
    """(hand-back pairs, complexity) of a task, from the derived-row cache when intact."""
    key = _measures_key(task, library_names)
    stored = store.get(key)
    if isinstance(stored, dict):
        try:
            return int(stored["hand_back_pairs"]), ProgramComplexity.model_validate(
                stored["complexity"]
            )
        except (KeyError, TypeError, ValueError):
            pass  # measured afresh below
    names = default_library_names() if library_names is None else library_names
    hand_back = sum(map(_expects_hand_back, task.evaluation_programs))
    complexity = measure_program(task.program, names)
    store.put(key, {"hand_back_pairs": hand_back, "complexity": complexity.model_dump()})
    return hand_back, complexity


def task_rows(
    tasks: Iterable[Task],
    *,
    with_programs: bool = False,
    library_names: Collection[str] | None = None,
    cache_dir: Path | None = None,
) -> list[TaskRow]:
    """One row per task, in the order given (a suite's tasks are sorted by id).

    The measures of a task whose programs were measured before by the same code come from the
    derived-row cache (:mod:`assistworld.core.derived_cache`; ``cache_dir`` overrides where).
    """
    store = DerivedStore(ROW_NAMESPACE, code_fingerprint(ROW_MODULES), cache_dir)
    rows = []
    for task in tasks:
        hand_back, complexity = _measures(task, library_names, store)
        rows.append(
            TaskRow(
                query_id=task.query_id,
                query=task.query,
                kind=task.kind,
                category=task.category,
                pairs=len(task.pairs),
                hand_back_pairs=hand_back,
                complexity=complexity,
                program=task.program if with_programs else None,
            )
        )
    return rows


def rows_to_json(rows: Sequence[TaskRow]) -> str:
    """The rows as a JSON array (``program`` omitted unless it was asked for)."""
    data = [row.model_dump(exclude={"program"} if row.program is None else set()) for row in rows]
    return json.dumps(data, indent=2, ensure_ascii=False)


def summarise(rows: Sequence[TaskRow]) -> SuiteSummary:
    """Counts per category and kind, multi-pair and hand-back tasks, complexity mean and max."""
    complexity: dict[str, MeasureStats] = {}
    for measure in COMPLEXITY_MEASURES:
        values = [int(getattr(row.complexity, measure)) for row in rows]
        complexity[measure] = MeasureStats(
            mean=round(sum(values) / len(values), 2) if values else 0.0,
            max=max(values, default=0),
        )
    categories = Counter(row.category or UNCATEGORISED for row in rows)
    kinds = Counter(row.kind for row in rows)
    return SuiteSummary(
        tasks=len(rows),
        per_category=dict(sorted(categories.items())),
        per_kind=dict(sorted(kinds.items())),
        multi_pair_tasks=sum(row.pairs > 1 for row in rows),
        tasks_raising_requires_user_input=sum(
            row.complexity.requires_user_input_raises > 0 for row in rows
        ),
        hand_back_tasks=sum(row.hand_back_pairs > 0 for row in rows),
        complexity=complexity,
    )


def render_rows(
    rows: Sequence[TaskRow], *, title: str | None = None, width: int = 80
) -> RenderableType:
    """One line per task fitted to ``width`` columns (the query cut to what is left; ``--json``
    has it whole); with programs, each program follows the listing."""
    headers = ["id", "kind", "category", "pairs", *(h for _, h in _SHORT_HEADERS), "query"]
    cells = []
    for row in rows:
        measures = [str(getattr(row.complexity, name)) for name, _ in _SHORT_HEADERS]
        kind = "info" if row.kind == "information-seeking" else "state"
        cells.append([row.query_id, kind, row.category or "", str(row.pairs), *measures, row.query])
    table = fitted_listing(
        headers,
        cells,
        width=width,
        flexible=len(headers) - 1,
        title=title,
        right=range(3, len(headers) - 1),
        optional=(2, 7, 6, 5, 4),  # category (the id says it), then the measures (in --json)
    )
    programs = [row for row in rows if row.program]
    if not programs:
        return table
    from rich.syntax import Syntax  # pygments: only for listings with programs

    listings: list[RenderableType] = [table]
    for row in programs:
        listings.append(Text(f"\n{row.query_id}", style="bold"))
        listings.append(Syntax(row.program or "", "python", background_color="default"))
    return Group(*listings)


def render_summary(summary: SuiteSummary, *, title: str | None = None) -> RenderableType:
    """Rich tables of a :class:`SuiteSummary`."""
    counts = Table(title=title, show_header=False)
    counts.add_column("what")
    counts.add_column("tasks", justify="right")
    counts.add_row("tasks", str(summary.tasks))
    for kind, count in summary.per_kind.items():
        counts.add_row(f"kind: {kind}", str(count))
    for category, count in summary.per_category.items():
        counts.add_row(f"category: {category}", str(count))
    counts.add_row("more than one pair", str(summary.multi_pair_tasks))
    counts.add_row(
        "reference raises RequiresUserInput", str(summary.tasks_raising_requires_user_input)
    )
    counts.add_row("hand back control in some state", str(summary.hand_back_tasks))
    measures = Table(title="reference program complexity")
    measures.add_column("measure")
    measures.add_column("mean", justify="right")
    measures.add_column("max", justify="right")
    for name, stats in summary.complexity.items():
        measures.add_row(name.replace("_", " "), f"{stats.mean:.2f}", str(stats.max))
    return Group(counts, measures)
