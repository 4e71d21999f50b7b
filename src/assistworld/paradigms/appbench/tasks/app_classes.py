"""App descriptions from the published repository's app classes, read by parsing, never running.

Each app is a class whose ``__init__`` assigns ``self.desc`` a dictionary literal: the app's
``desc``, its ``base_required_arguments`` and its ``APIs`` (each with ``desc``,
``is_transactional``, ``additional_required_arguments``, ``optional_arguments`` and
``result_arguments``, every argument named ``"name (type)"``). The files are parsed with
:mod:`ast` and only literals are evaluated: nothing of the repository is imported or executed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.appbench.tasks.model import (
    ApiDescription,
    AppDescription,
    ParameterDescription,
)

APPS_FOLDER = Path("code") / "apps"
_PARAMETER = re.compile(r"\s*([^\s(]+)\s*(?:\(\s*([^)]*?)\s*\))?")


class AppClasses(BaseModel):
    """The apps read from a repository copy, and what could not be read."""

    apps: list[AppDescription] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)

    def by_name(self) -> dict[str, AppDescription]:
        return {app.name: app for app in self.apps}


def _parameters(value: Any) -> tuple[ParameterDescription, ...]:
    if not isinstance(value, dict):
        return ()
    found = []
    for key, text in value.items():
        match = _PARAMETER.match(str(key))
        name = match.group(1) if match else str(key)
        kind = (match.group(2) if match else None) or "str"
        found.append(ParameterDescription(name=name, type=kind, description=str(text)))
    return tuple(found)


def _api(name: str, spec: Any, base: tuple[ParameterDescription, ...]) -> ApiDescription:
    fields = spec if isinstance(spec, dict) else {}
    results = fields.get("result_arguments", fields.get("results_arguments"))
    return ApiDescription(
        name=name,
        description=str(fields.get("desc", "")),
        transactional=bool(fields.get("is_transactional", False)),
        required=base + _parameters(fields.get("additional_required_arguments")),
        optional=_parameters(fields.get("optional_arguments")),
        results=_parameters(results),
    )


def _desc_literal(node: ast.ClassDef) -> Any:
    """The ``self.desc = {...}`` literal of a class's ``__init__`` (None when there is none)."""
    for item in node.body:
        if not isinstance(item, ast.FunctionDef) or item.name != "__init__":
            continue
        for statement in ast.walk(item):
            if not isinstance(statement, ast.Assign):
                continue
            for target in statement.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr == "desc"
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    return ast.literal_eval(statement.value)
    return None


def _app_list(tree: ast.Module) -> list[str] | None:
    """A literal ``self.app_list = [...]`` (the phone's list of apps), if the module has one."""
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Attribute) and target.attr == "app_list":
                    try:
                        value = ast.literal_eval(statement.value)
                    except (ValueError, SyntaxError, TypeError):
                        return None
                    if isinstance(value, list):
                        return [str(item) for item in value]
    return None


def read_app_classes(root: Path) -> AppClasses:
    """Every app class under ``root/code/apps`` that has a literal description; when a module
    lists the phone's apps (``self.app_list``), only those, in that order."""
    folder = root / APPS_FOLDER
    result = AppClasses()
    if not folder.is_dir():
        result.problems.append(f"{folder}: no app classes folder; planners see no descriptions")
        return result
    found: dict[str, AppDescription] = {}
    listed: list[str] | None = None
    for path in sorted(folder.glob("*.py")):
        try:
            tree = parse_in_turn(path.read_text(encoding="utf-8"), str(path))
        except (SyntaxError, UnicodeDecodeError, ValueError) as error:
            result.problems.append(f"{path}: cannot be parsed ({error})")
            continue
        listed = listed or _app_list(tree)
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            try:
                desc = _desc_literal(node)
            except (ValueError, SyntaxError, TypeError):
                continue  # a description built from code (the phone itself), not an app
            if not isinstance(desc, dict) or not isinstance(desc.get("APIs"), dict):
                continue
            base = _parameters(desc.get("base_required_arguments"))
            apis = tuple(_api(str(name), spec, base) for name, spec in desc["APIs"].items())
            found[node.name] = AppDescription(
                name=node.name, description=str(desc.get("desc", "")), apis=apis
            )
    names = listed if listed else sorted(found)
    for name in names:
        if name in found:
            result.apps.append(found[name])
        else:
            result.problems.append(f"{folder}: app {name!r} is listed but no class describes it")
    return result
