"""The manifest: everything needed to tell what a run was and to reproduce it."""

from __future__ import annotations

import importlib.metadata
import platform
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from assistworld.core.first_few import first_few
from assistworld.core.result import LEGACY_PARADIGM, TaskResult
from assistworld.core.shards import Shard

GRADING_KEYS = ("suite_hash", "sandbox_layers", "limits", "unsafe", "task_ids")
"""Manifest fields that change how tasks are graded: runs that differ here do not compare."""


def git_revision() -> str | None:
    """The git commit of the installed source tree, when it is a checkout; otherwise None."""
    source = Path(__file__).resolve().parents[1]
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=source,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def build_manifest(
    *,
    suite_name: str,
    suite_path: str,
    suite_hash: str,
    agent_settings: dict[str, Any],
    sandbox_layers: list[str],
    limits: dict[str, Any],
    unsafe: bool,
    task_ids: list[str],
    options: dict[str, Any],
    paradigm: str = LEGACY_PARADIGM,
) -> dict[str, Any]:
    """A manifest for a run that is about to start."""
    return {
        "assistworld_version": package_version(),
        "git_revision": git_revision(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "paradigm": paradigm,
        "suite": suite_name,
        "suite_path": suite_path,
        "suite_hash": suite_hash,
        "agent": agent_settings,
        "seeds": {"world": 0},
        "sandbox_layers": sandbox_layers,
        "unsafe": unsafe,
        "limits": limits,
        "task_ids": task_ids,
        "options": options,
    }


RESUMPTION_FIELDS = (
    "created_at",
    "git_revision",
    "assistworld_version",
    "models",
    "sandbox_layers",
    "options",
)
"""What may change between the start of a run and a resumption of it, recorded per resumption
(the grading settings may not: see :func:`resume_conflicts`). ``options`` holds ``samples``: a run
may be resumed with more samples than it started with, to extend its pass^k."""


def with_resumption(stored: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The ``stored`` manifest with ``new``'s resumption fields added to its ``resumptions``."""
    entry = {key: new.get(key) for key in RESUMPTION_FIELDS}
    return {**stored, "resumptions": [*stored.get("resumptions", []), entry]}


def samples_asked(manifest: dict[str, Any]) -> int:
    """How many samples of each task the run was last asked for (``run --samples``; 1 before)."""
    entries = [manifest, *(manifest.get("resumptions") or [])]
    options = [entry.get("options") for entry in entries if isinstance(entry, dict)]
    asked = [o.get("samples", 1) for o in options if isinstance(o, dict)]
    last = asked[-1] if asked else 1
    return last if isinstance(last, int) and last > 0 else 1


def shard_of(manifest: dict[str, Any]) -> Shard | None:
    """The part of a run (``run --shard K/N``) the directory holds, if it is one."""
    data = manifest.get("shard")
    if not isinstance(data, dict):
        return None
    try:
        return Shard(int(data["index"]), int(data["count"]))
    except (KeyError, TypeError, ValueError):
        return None


def run_membership(manifest: dict[str, Any]) -> Callable[[TaskResult[Any]], bool] | None:
    """Which records belong to the run as its manifest last asked for it (its tasks, its
    samples and its part): the one test ``run`` and every reader of a run directory count
    records by; None when the manifest lists no tasks (a directory written before it did)."""
    selected = manifest.get("task_ids")
    if not isinstance(selected, list) or not selected:
        return None
    wanted, samples, shard = set(selected), samples_asked(manifest), shard_of(manifest)
    return lambda result: (
        result.query_id in wanted
        and result.sample < samples
        and (shard is None or shard.owns(result.query_id, result.sample))
    )


SHOWN_IDS = 5
"""How many ids a task-list mismatch names on each side (the lists can hold thousands)."""


def resume_conflicts(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Why run ``new`` cannot continue run ``old``; empty when it can."""
    problems = []
    for key in ("suite", "suite_hash", "agent", "unsafe", "limits", "task_ids", "shard"):
        was, now = old.get(key), new.get(key)
        if key == "suite" and (was is None or now is None):
            continue  # manifests written before the suite's name was recorded
        if was == now:
            continue
        if isinstance(was, list) and isinstance(now, list):
            problems.append(f"{key} differs ({_list_difference(was, now)})")
        else:
            problems.append(f"{key} differs (was {was!r}, now {now!r})")
    return problems


def _list_difference(was: list[Any], now: list[Any]) -> str:
    """Two id lists told apart by their counts and a few ids of each side, never in full."""
    before, after = set(map(str, was)), set(map(str, now))
    parts = [f"was {len(was)} ids, now {len(now)}"]
    for label, ids in (("only before", before - after), ("only now", after - before)):
        if ids:
            parts.append(f"{len(ids)} {label}: {first_few(sorted(ids), SHOWN_IDS)}")
    if before == after:
        parts.append("the same ids in another order")
    return "; ".join(parts)


def package_version() -> str:
    """The installed assistworld's version (``0+unknown`` when run from an uninstalled tree)."""
    try:
        return importlib.metadata.version("assistworld")
    except importlib.metadata.PackageNotFoundError:
        return "0+unknown"
