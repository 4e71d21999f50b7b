"""The reference side of a run: the suite's queries and reference programs, and their complexity.

A run's manifest names its suite by path and by name. The path is tried first, then the name (a
bundled suite). When neither loads, the report still renders, without the reference-side plots,
and :attr:`ReferenceSet.missing_reason` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.tasks.complexity import ProgramComplexity
from assistworld.paradigms.aspera.tasks.errors import SuiteError
from assistworld.paradigms.aspera.tasks.suite import Suite, load_suite


@dataclass(frozen=True)
class ReferenceTask:
    """What the report shows of one task's reference side."""

    query_id: str
    query: str
    program: str
    pairs: int
    category: str | None
    kind: str
    complexity: ProgramComplexity | None
    """None when the reference program cannot be measured (it does not parse)."""

    @property
    def query_words(self) -> int:
        """Length of the query in whitespace-separated words."""
        return len(self.query.split())


@dataclass
class ReferenceSet:
    """The reference tasks of one suite, or why they are not available."""

    suite_name: str | None
    suite_hash: str | None
    tasks: dict[str, ReferenceTask] = field(default_factory=dict)
    missing_reason: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.missing_reason is None


def reference_tasks(suite: Suite, measurer: ProgramMeasurer) -> dict[str, ReferenceTask]:
    """Every task of ``suite`` with its reference program measured."""
    found: dict[str, ReferenceTask] = {}
    for task in suite.tasks:
        complexity = measurer.reference(task.program)
        found[task.query_id] = ReferenceTask(
            query_id=task.query_id,
            query=task.query,
            program=task.program,
            pairs=len(task.pairs),
            category=task.category,
            kind=str(task.kind),
            complexity=complexity,
        )
    return found


def _candidates(manifest: Mapping[str, Any]) -> list[str | Path]:
    tried: list[str | Path] = []
    path = manifest.get("suite_path")
    if isinstance(path, str) and path:
        tried.append(Path(path))
    name = manifest.get("suite")
    if isinstance(name, str) and name and "/" not in name:
        tried.append(name)
    return tried


def load_references(
    manifest: Mapping[str, Any], measurer: ProgramMeasurer | None = None
) -> ReferenceSet:
    """The reference tasks of the suite a run's manifest names (see the module docstring)."""
    measurer = measurer or ProgramMeasurer()
    wanted_hash = manifest.get("suite_hash")
    reasons: list[str] = []
    candidates = _candidates(manifest)
    if not candidates:
        return ReferenceSet(
            suite_name=None,
            suite_hash=None,
            missing_reason="the run's manifest names no suite (no suite_path and no suite)",
        )
    for candidate in candidates:
        if isinstance(candidate, Path) and not candidate.exists():
            reasons.append(f"suite folder {candidate} does not exist on this machine")
            continue
        try:
            suite = load_suite(candidate, strict=False)
        except SuiteError as error:
            reasons.append(str(error).splitlines()[0])
            continue
        if suite.paradigm != "aspera":
            reasons.append(f"suite {suite.name!r} is a {suite.paradigm} suite, not an aspera one")
            continue
        refs = ReferenceSet(
            suite_name=suite.name,
            suite_hash=suite.content_hash,
            tasks=reference_tasks(suite, measurer),
        )
        if wanted_hash and suite.content_hash != wanted_hash:
            refs.notes.append(
                f"suite {suite.name!r} at {suite.path} has changed since the run (content hash "
                f"{suite.content_hash[:12]}, the run used {str(wanted_hash)[:12]}): reference "
                "programs and their complexity may not be the ones the run was graded against"
            )
        if suite.errors:
            refs.notes.append(f"{len(suite.errors)} task files of the suite could not be read")
        return refs
    return ReferenceSet(
        suite_name=str(manifest.get("suite") or "") or None,
        suite_hash=str(wanted_hash) if wanted_hash else None,
        missing_reason="; ".join(reasons),
    )
