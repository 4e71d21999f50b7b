"""Reading scenario files and suites: one YAML (or JSON) file per scenario, validated on load.

Every problem is one line naming the file, the field and what to do, and a suite lists the
problems of every file at once. A suite is a folder of scenario files (``*.yaml``, ``*.yml``,
``*.json``; ``suite.json`` describes the suite and is not a scenario).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import yaml

from assistworld.core.derived_cache import DerivedStore, code_fingerprint, sha256_text
from assistworld.core.suite import Suite, SuiteError, content_hash
from assistworld.paradigms.astra.tasks.checks import StartKey, check_scenario
from assistworld.paradigms.astra.tasks.marks import Problem, render
from assistworld.paradigms.astra.tasks.names import StartRows
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")
SUITE_INFO = "suite.json"
FORMAT = "astra-scenarios"

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's reader where it is installed (several times faster on a large suite)."""


class ScenarioFileError(ValueError):
    """A scenario file cannot be used; ``problems`` has one line per problem."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("\n".join(problems))


def scenario_files(folder: Path) -> list[Path]:
    """The scenario files of a suite folder, in name order."""
    return sorted(
        path
        for path in folder.iterdir()
        if path.is_file() and path.suffix in SCENARIO_SUFFIXES and path.name != SUITE_INFO
    )


def holds_scenarios(path: Path) -> bool:
    """Whether ``path`` is a folder of scenario files: a YAML file with a ``protagonist``, or
    with a ``query`` and ``success`` (so a misspelt protagonist is reported as such)."""
    if not path.is_dir():
        return False
    for file in scenario_files(path):
        if file.suffix == ".json":
            continue
        try:
            data = yaml.safe_load(file.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError, UnicodeDecodeError):
            continue
        if isinstance(data, dict) and ("protagonist" in data or {"query", "success"} <= set(data)):
            return True
    return False


def _parse(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise ScenarioFileError(
                path, [f"{path}: line {error.lineno}: not valid JSON: {error.msg}"]
            ) from None
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error)
        raise ScenarioFileError(path, [f"{path}: {where}not valid YAML: {problem}"]) from None


class WorldFiles:
    """What one suite load has read: the world files (so a world shared by hundreds of
    scenarios is parsed once; scenarios share the parsed tables, which nothing changes: a
    conversation builds its own world from them), the (file, now) pairs already built, and the
    store of parsed scenario files (their YAML parsed once per distinct content, see
    :mod:`assistworld.core.derived_cache`)."""

    def __init__(self, store: DerivedStore | None = None) -> None:
        self.parsed: dict[Path, Any] = {}
        self.built: dict[StartKey, StartRows] = {}
        self.store = store if store is not None else DerivedStore(NAMESPACE, _fingerprint())


NAMESPACE = "astra-scenario-files"


def _fingerprint() -> str:
    return code_fingerprint([__name__])


def _parse_cached(path: Path, worlds: WorldFiles | None) -> Any:
    """``_parse(path)``, from the derived store when these bytes were parsed before."""
    if worlds is None or path.suffix == ".json":
        return _parse(path)
    data = path.read_bytes()
    key = sha256_text(data)
    found = worlds.store.get(key)
    if found is not None:
        return found
    parsed = _parse(path)
    with contextlib.suppress(TypeError, ValueError):  # YAML beyond JSON (a timestamp, say)
        worlds.store.put(key, parsed)  # is parsed afresh each time
    return parsed


def _world_file(scenario: Path, name: str, cache: WorldFiles | None = None) -> Any:
    """The tables of a world file a scenario names (``world: worlds/dana.yaml``), read relative
    to the scenario's folder, so that several scenarios share one protagonist's world; a
    :class:`Problem` of the scenario (no such file) or of the world file otherwise."""
    target = scenario.parent / name
    if cache is not None and target in cache.parsed:
        return cache.parsed[target]
    if not target.is_file():
        return Problem(
            scenario,
            ("world",),
            f"no file {target}; name a YAML or JSON file of tables, relative to the "
            "scenario's folder, or write the tables here",
        )
    try:
        data = _parse(target)
    except (OSError, UnicodeDecodeError) as error:
        return Problem(target, (), f"cannot be read: {error}")
    except ScenarioFileError as error:
        return Problem(target, (), error.problems[0].removeprefix(f"{target}: "))
    if not isinstance(data, dict):
        return Problem(target, (), "must hold a mapping of table name to rows")
    if cache is not None:
        cache.parsed[target] = data
    return data


def read_scenario(
    path: Path, families: Families | None = None, worlds: WorldFiles | None = None
) -> Scenario:
    """The scenario in ``path``; :class:`ScenarioFileError` listing every problem otherwise,
    each with its file and line (see :mod:`~assistworld.paradigms.astra.tasks.checks`).

    When the scenario's app family is installed its starting world is built once, so rows that
    do not fit their tables are reported here, and every table, column, record id and tool its
    conditions name is checked against the family's declarations.
    """
    try:
        data = _parse_cached(path, worlds)
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioFileError(path, [f"{path}: cannot be read: {error}"]) from None
    if not isinstance(data, dict):
        raise ScenarioFileError(
            path, [f"{path}: must hold one mapping of fields (query_id, protagonist, now, ...)"]
        )
    problems: list[Problem] = []
    world_read = True
    world_name = data.get("world")
    shared = (path.parent / world_name) if isinstance(world_name, str) else None
    if isinstance(world_name, str):
        tables = _world_file(path, world_name, worlds)
        if isinstance(tables, Problem):
            problems.append(tables)
            tables, shared, world_read = {}, None, False
        data["world"] = tables
    data.setdefault("query_id", path.stem)
    data["source"] = str(path)
    starts = worlds.built if worlds is not None else None
    scenario, found = check_scenario(
        data, path, shared, families or Families(), starts, world_read=world_read
    )
    problems += found
    if scenario is None or problems:
        raise ScenarioFileError(path, render(problems))
    return scenario


def _suite_files(folder: Path) -> list[Path]:
    """Every file a suite's content depends on: scenarios, shared world files, ``suite.json``."""
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in SCENARIO_SUFFIXES and "__pycache__" not in path.parts
    )


def read_suite(folder: Path, name: str, *, strict: bool = True) -> Suite:
    """Every scenario of ``folder``; bad files are listed (and raised when ``strict``)."""
    files = scenario_files(folder)
    if not files:
        raise SuiteError(
            f"{folder} holds no scenario files: add one .yaml file per scenario "
            "(see src/assistworld_suites/personal_demo for examples)"
        )
    scenarios: list[Scenario] = []
    errors: list[str] = []
    families = Families()
    worlds = WorldFiles()
    seen: dict[str, Path] = {}
    for path in files:
        try:
            scenario = read_scenario(path, families, worlds)
        except ScenarioFileError as error:
            errors.extend(problem for problem in error.problems if problem not in errors)
            continue
        if scenario.query_id in seen:
            other = seen[scenario.query_id]
            errors.append(
                f"{path}: query_id: {scenario.query_id!r} is also the id of {other}; "
                "give each scenario its own id"
            )
            continue
        seen[scenario.query_id] = path
        scenarios.append(scenario)
    suite = Suite(
        name=name,
        path=str(folder.resolve()),
        paradigm="astra",
        format=FORMAT,
        tasks=sorted(scenarios, key=lambda s: s.query_id),
        content_hash=content_hash(_suite_files(folder)),
        errors=errors,
    )
    if strict:
        suite.raise_for_errors()
    return suite


__all__ = [
    "FORMAT",
    "ScenarioFileError",
    "holds_scenarios",
    "read_scenario",
    "read_suite",
    "scenario_files",
]
