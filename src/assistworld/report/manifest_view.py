"""The essentials of a run's manifest, and the settings a reader must not miss.

Flags are what changes how a number should be read: a run without the sandbox (``--unsafe``),
a run with no sandbox layer, a return-type hint in the prompt, and any other agent setting that
is switched on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistworld.report.rundata import RunOverview

_NOT_FLAGS = frozenset({"agent", "name", "model"})


@dataclass(frozen=True)
class Flag:
    """One setting to show prominently; ``severity`` is ``danger``, ``warn`` or ``info``."""

    text: str
    severity: str


def _short(value: Any, width: int = 16) -> str:
    text = str(value)
    return text if len(text) <= width else text[:width] + "…"


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ",".join(_plain(item) for item in value) or "none"
    return str(value)


def _flatten(prefix: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, dict):
        if not value:
            return [(prefix, "none")]
        return [
            pair
            for key in sorted(value)
            for pair in _flatten(f"{prefix}.{key}" if prefix else str(key), value[key])
        ]
    return [(prefix, _plain(value))]


def key_values(settings: dict[str, Any]) -> str:
    """Settings as readable ``key=value`` pairs, sorted: nested settings as ``outer.inner=v``,
    true/false for booleans, lists joined by commas (never a Python dict or list literal)."""
    return ", ".join(f"{key}={value}" for key, value in _flatten("", settings))


def essentials(run: RunOverview) -> list[tuple[str, str]]:
    """(field, value) pairs in display order; absent fields are left out."""
    manifest = run.manifest
    rows: list[tuple[str, str]] = [("run", str(run.path))]
    rows.append(("agent", run.agent_name))
    if run.model:
        rows.append(("model", run.model))
    suite = manifest.get("suite")
    if suite:
        rows.append(("suite", str(suite)))
    if manifest.get("suite_hash"):
        rows.append(("suite hash", _short(manifest["suite_hash"])))
    if "sandbox_layers" in manifest:
        layers = manifest.get("sandbox_layers") or []
        rows.append(("sandbox layers", ", ".join(map(str, layers)) or "none"))
    if "unsafe" in manifest:
        rows.append(("unsafe", "yes" if manifest.get("unsafe") else "no"))
    limits = manifest.get("limits")
    if isinstance(limits, dict) and limits:
        rows.append(("limits", key_values(limits)))
    settings = {k: v for k, v in run.agent_settings.items() if k not in _NOT_FLAGS}
    if settings:
        rows.append(("agent settings", key_values(settings)))
    options = manifest.get("options")
    if isinstance(options, dict) and options:
        rows.append(("options", key_values(options)))
    judge = manifest.get("judge")
    if isinstance(judge, dict) and judge.get("model"):
        rows.append(("judge", str(judge["model"])))
    for key, title in (
        ("assistworld_version", "assistworld"),
        ("git_revision", "git revision"),
        ("created_at", "created"),
    ):
        if manifest.get(key):
            rows.append((title, _short(manifest[key], 40)))
    rows.append(("tasks with results", str(run.records)))
    return rows


def flags(run: RunOverview) -> list[Flag]:
    """Settings that change how the run's numbers read, most serious first."""
    manifest = run.manifest
    found: list[Flag] = []
    if manifest.get("unsafe"):
        found.append(
            Flag("UNSAFE: candidate programs ran without the sandbox (--unsafe)", "danger")
        )
    if "sandbox_layers" in manifest and not manifest.get("sandbox_layers") and run.programs_ran:
        found.append(Flag("no sandbox layer was active", "danger"))
    if not manifest:
        found.append(Flag("no manifest: settings unknown", "warn"))
    settings = run.agent_settings
    if settings.get("return_type_hint"):
        found.append(Flag("return-type hint given in the prompt", "warn"))
    for key, value in sorted(settings.items()):
        if key in _NOT_FLAGS or key == "return_type_hint":
            continue
        if value is True:
            found.append(Flag(f"{key.replace('_', ' ')}: on", "info"))
    found.extend(Flag(note, "warn") for note in run.notes)
    return found
