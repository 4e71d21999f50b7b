"""The published AppBench data, read in place from a user's copy of its repository.

``data/test/test_{ss,sm,ms,mm}.json`` are JSON arrays of records ``{"input": ..., "output":
{"used_app", "used_api", "result_arguments", "api_results", "middle_arguments",
"user_aware_arguments"}}``. Task ids are the category and the record's 0-based position in its
file (``ss-0`` ... ``mm-199``). Nothing is written out: the data carries no licence of its own.

The data's known defects are kept on each task (``PlanningTask.defects``) and never stop the
read: duplicate instructions, lists of different lengths, calls or arguments the app
descriptions do not declare, dependencies on variables no earlier call returns, values holding
``', '`` or quotes (which the paper's scorer splits or strips), calls its scorer cannot read.
A record that is not a record at all (no instruction) is a suite error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from assistworld.paradigms.appbench.grading.graph import plan_shape
from assistworld.paradigms.appbench.grading.paper import read_call
from assistworld.paradigms.appbench.grading.parsing import parse_call_body
from assistworld.paradigms.appbench.tasks.app_classes import read_app_classes
from assistworld.paradigms.appbench.tasks.model import (
    CATEGORIES,
    AppDescription,
    ArgumentKind,
    Call,
    PlanningTask,
)

DATA_FOLDER = Path("data") / "test"
FORMAT = "appbench-published"


def data_file(root: Path, category: str) -> Path:
    return root / DATA_FOLDER / f"test_{category}.json"


def is_published_copy(path: Path) -> bool:
    """Whether ``path`` is a copy of the AppBench repository (it holds a test file)."""
    return path.is_dir() and any(data_file(path, c.value).is_file() for c in CATEGORIES)


class PublishedData(BaseModel):
    """What was read: the tasks, the app descriptions, the files read, and every error."""

    tasks: list[PlanningTask] = Field(default_factory=list)
    apps: list[AppDescription] = Field(default_factory=list)
    files: list[Path] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)


def _strings(value: Any) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _declared_defects(calls: list[Call], apps: dict[str, AppDescription]) -> list[str]:
    if not apps:
        return []
    defects = []
    for number, call in enumerate(calls, start=1):
        app = apps.get(call.app)
        if app is None:
            defects.append(f"call {number} names app {call.app!r}, which no description has")
            continue
        api = app.api(call.api)
        if api is None:
            defects.append(f"call {number}: app {call.app} does not declare {call.api!r}")
            continue
        declared = {p.name for p in api.required + api.optional}
        undeclared = [name for name in call.arguments if name not in declared]
        if undeclared:
            defects.append(
                f"call {number} ({call.api}) passes undeclared argument(s) {', '.join(undeclared)}"
            )
    return defects


def _value_defects(calls: list[Call]) -> list[str]:
    defects = []
    for number, call in enumerate(calls, start=1):
        for name, value in call.arguments.items():
            if value.kind is not ArgumentKind.LITERAL:
                continue
            if ", " in value.value:
                defects.append(
                    f"call {number} ({call.api}): value of {name} holds ', ' "
                    "(the paper's scorer splits it)"
                )
            if "'" in value.value or '"' in value.value:
                defects.append(f"call {number} ({call.api}): value of {name} holds a quote")
    return defects


def _record_task(
    record: Any, category: str, index: int, source: str, apps: dict[str, AppDescription]
) -> PlanningTask:
    if not isinstance(record, dict):
        raise ValueError("is not a JSON object")
    if not str(record.get("input") or "").strip():
        raise ValueError("has no 'input' instruction")
    output = record.get("output")
    if not isinstance(output, dict):
        raise ValueError("has no 'output' object")
    used_app = _strings(output.get("used_app"))
    api_results = _strings(output.get("api_results"))
    defects: list[str] = []
    lengths = {
        name: len(output[name])
        for name in ("used_app", "used_api", "api_results", "result_arguments")
        if isinstance(output.get(name), list)
    }
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{name} {length}" for name, length in lengths.items())
        defects.append(f"lists of different lengths: {shown}")
    if not api_results:
        defects.append("no gold calls (api_results is empty or missing)")
    calls: list[Call] = []
    for number, body in enumerate(api_results, start=1):
        app = used_app[number - 1] if number <= len(used_app) else ""
        call, problems = parse_call_body(body, app)
        defects.extend(f"call {number}: {problem}" for problem in problems)
        if read_call(body) is None:
            defects.append(f"call {number}: the paper's scorer cannot read it")
        if call is not None:
            calls.append(call)
    defects.extend(plan_shape(calls).unresolved)
    defects.extend(_declared_defects(calls, apps))
    defects.extend(_value_defects(calls))
    user = output.get("user_aware_arguments")
    return PlanningTask(
        query_id=f"{category}-{index}",
        query=str(record.get("input") or ""),
        category=category,
        calls=calls,
        user_arguments={str(k): str(v) for k, v in user.items()} if isinstance(user, dict) else {},
        defects=defects,
        raw_apps=used_app,
        raw_calls=api_results,
        source=source,
    )


def read_published(root: Path) -> PublishedData:
    """Read every test file and the app classes of the repository copy at ``root``."""
    classes = read_app_classes(root)
    data = PublishedData(apps=classes.apps)
    apps = classes.by_name()
    seen: dict[str, str] = {}
    for category in CATEGORIES:
        path = data_file(root, category.value)
        if not path.is_file():
            continue
        data.files.append(path)
        try:
            records = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            data.errors.append(f"{path}: not readable JSON ({error}); fix or re-download it")
            continue
        if not isinstance(records, list):
            data.errors.append(f"{path}: expected a JSON array of records")
            continue
        for index, record in enumerate(records):
            where = f"{path}#{index}"
            try:
                task = _record_task(record, category.value, index, where, apps)
            except (ValueError, ValidationError) as error:
                reason = str(error).splitlines()[0] if str(error) else type(error).__name__
                data.errors.append(f"{where} ({category.value}-{index}): {reason}")
                continue
            earlier = seen.get(task.query.strip().lower())
            if earlier is not None:
                task.defects.insert(0, f"duplicate instruction (same as {earlier})")
            else:
                seen[task.query.strip().lower()] = task.query_id
            data.tasks.append(task)
    return data


def published_app_files(root: Path) -> list[Path]:
    """The app class files a published suite's fingerprint covers."""
    folder = root / "code" / "apps"
    return sorted(folder.glob("*.py")) if folder.is_dir() else []
