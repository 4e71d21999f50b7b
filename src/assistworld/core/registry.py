"""Finding paradigms and suites by name.

Paradigms are plugins: the built-in ones are named here by import path (the core imports no
paradigm statically), and any installed package may add its own through the entry-point group
``assistworld.paradigms`` (a zero-argument callable returning a
:class:`~assistworld.core.paradigm.Paradigm`). Bundled suites are the sub-folders of the data
package ``assistworld_suites``; each holds a ``suite.json`` naming its paradigm and describing it.
"""

from __future__ import annotations

import functools
import importlib
import importlib.resources
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from assistworld.core.errors import UserError
from assistworld.core.paradigm import Paradigm
from assistworld.core.suite import Suite, SuiteError

if TYPE_CHECKING:
    from assistworld.core.run_options import RunOptions

ENTRY_POINT_GROUP = "assistworld.paradigms"
BUILT_IN: dict[str, str] = {
    "aspera": "assistworld.paradigms.aspera.paradigm:paradigm",
    "appbench": "assistworld.paradigms.appbench.paradigm:paradigm",
    "astra": "assistworld.paradigms.astra.paradigm:paradigm",
}
"""Name -> ``module:factory`` of the paradigms that ship with assistworld (read-only)."""
BUILT_IN_RUN_OPTIONS: dict[str, str] = {
    "aspera": "assistworld.paradigms.aspera.agents.options:AsperaRunOptions",
    "appbench": "assistworld.paradigms.appbench.agents.options:AppBenchRunOptions",
    "astra": "assistworld.paradigms.astra.agents.options:AstraRunOptions",
}
"""Name -> ``module:class`` of the built-in paradigms' run options (each paradigm's
``run_options``), read without loading the paradigm (``run``'s flags are made from them)."""

BUNDLED_PACKAGE = "assistworld_suites"
SUITE_INFO_FILE = "suite.json"


class UnknownParadigmError(UserError, ValueError):
    """No paradigm by that name is installed."""


@functools.cache
def _installed_factories() -> tuple[tuple[str, str], ...]:
    """(name, ``module:factory``) of the paradigms installed through entry points.

    Scanning the installed packages' metadata costs tens of milliseconds, so it is done once per
    process (an immutable tuple, cached: packages are not installed under a running command).
    """
    import importlib.metadata

    return tuple(
        (entry.name, entry.value)
        for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    )


def _factories() -> dict[str, str]:
    found = dict(BUILT_IN)
    for name, value in _installed_factories():
        found.setdefault(name, value)  # a built-in name is never replaced
    return found


def paradigm_names() -> list[str]:
    """Every paradigm that can be loaded, built-in and installed."""
    return sorted(_factories())


def get_paradigm(name: str) -> Paradigm:
    """The paradigm called ``name``; a built-in one without scanning the installed packages.

    Each paradigm is made once per process (:func:`_make_paradigm` is cached): paradigm objects
    hold no state of a run, and every command asks for its paradigm several times.
    """
    target = BUILT_IN.get(name) or _factories().get(name)
    if target is None:
        known = ", ".join(paradigm_names())
        raise UnknownParadigmError(f"no paradigm {name!r}; installed: {known}")
    return _make_paradigm(target)


def run_options_types() -> dict[str, type[RunOptions]]:
    """Every paradigm's run options, by paradigm name: the built-in ones without loading their
    paradigm, an installed one through its paradigm's ``run_options``."""
    from assistworld.core.run_options import RunOptions

    found: dict[str, type[RunOptions]] = {}
    for name in paradigm_names():
        target = BUILT_IN_RUN_OPTIONS.get(name)
        if target is None:
            found[name] = get_paradigm(name).run_options
            continue
        module_name, _, attribute = target.partition(":")
        kind = getattr(importlib.import_module(module_name), attribute)
        if not (isinstance(kind, type) and issubclass(kind, RunOptions)):
            raise TypeError(f"{target} is not a RunOptions model")
        found[name] = kind
    return found


@functools.cache
def _make_paradigm(target: str) -> Paradigm:
    module_name, _, attribute = target.partition(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    paradigm: Paradigm = factory()
    return paradigm


@dataclass(frozen=True)
class BundledSuite:
    """A suite that ships with assistworld: its folder and what its ``suite.json`` says."""

    name: str
    path: Path
    paradigm: str
    description: str


def bundled_suites_dir() -> Path:
    """The folder of the installed ``assistworld_suites`` data package."""
    return Path(str(importlib.resources.files(BUNDLED_PACKAGE)))


def bundled_suites() -> list[BundledSuite]:
    """The bundled suites, by name."""
    suites = []
    root = bundled_suites_dir()
    for child in sorted(root.iterdir()):
        if not child.is_dir() or child.name.startswith(("_", ".")):
            continue
        info_file = child / SUITE_INFO_FILE
        info = json.loads(info_file.read_text(encoding="utf-8")) if info_file.is_file() else {}
        suites.append(
            BundledSuite(
                name=child.name,
                path=child,
                paradigm=str(info.get("paradigm", "aspera")),
                description=str(info.get("description", "")),
            )
        )
    return suites


def bundled_suite_names() -> list[str]:
    """Names of the bundled suites."""
    return [suite.name for suite in bundled_suites()]


def _paradigm_of_path(path: Path) -> Paradigm:
    info_file = path / SUITE_INFO_FILE if path.is_dir() else None
    if info_file is not None and info_file.is_file():
        return get_paradigm(str(json.loads(info_file.read_text(encoding="utf-8"))["paradigm"]))
    for name in paradigm_names():
        paradigm = get_paradigm(name)
        if paradigm.owns(path):
            return paradigm
    return get_paradigm("aspera")  # its loader says what a folder of tasks must hold


def resolve_suite(name_or_path: str | Path) -> tuple[str, Path, Paradigm, str]:
    """Name, location, paradigm and description of the suite ``--suite`` names.

    A bare name (no path separator) that matches a bundled suite means that suite; write
    ``./<name>`` for a local folder of the same name.
    """
    text = str(name_or_path)
    is_bare_name = isinstance(name_or_path, str) and "/" not in text and os.sep not in text
    if is_bare_name:
        for bundled in bundled_suites():
            if bundled.name == text:
                return text, bundled.path, get_paradigm(bundled.paradigm), bundled.description
    path = Path(text).expanduser()
    if not path.exists():
        known = ", ".join(bundled_suite_names()) or "none"
        raise SuiteError(
            f"no suite {text!r}: it is neither a bundled suite (bundled: {known}) nor an "
            "existing folder; pass a bundled name or the path of a folder of task files or of "
            "an Asper-Bench copy (see `assistworld suites`)"
        )
    path = path.resolve()
    return path.name, path, _paradigm_of_path(path), ""


def load_suite(name_or_path: str | Path, *, strict: bool = True) -> Suite:
    """Load a suite by bundled name or path, through the paradigm it belongs to.

    Raises :class:`SuiteError` when the suite cannot be found, and (when ``strict``) when any
    task is bad, listing every problem; with ``strict=False`` bad tasks are left out and listed
    in :attr:`Suite.errors`.
    """
    name, path, paradigm, description = resolve_suite(name_or_path)
    suite = paradigm.load_suite(path, name, strict=strict)
    return suite.model_copy(update={"description": description or suite.description})
