"""Build small throwaway modules from source text, so the renderer is tested on known input."""

from __future__ import annotations

import importlib.util
import itertools
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest


class ModuleFactory(Protocol):
    def __call__(self, source: str, name: str | None = None) -> types.ModuleType: ...


@pytest.fixture
def make_module(tmp_path: Path) -> Iterator[ModuleFactory]:
    """Write ``source`` to a file, import it as a fresh module and return it.

    The module sits in ``sys.modules`` for the test (``typing.get_type_hints`` and pydantic look
    classes' modules up there) and is removed afterwards.
    """
    created: list[str] = []
    counter = itertools.count()

    def load(source: str, name: str | None = None) -> types.ModuleType:
        module_name = name or f"docs_sample_{next(counter)}"
        path = tmp_path / f"{module_name}.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        spec = importlib.util.spec_from_file_location(module_name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        created.append(module_name)
        spec.loader.exec_module(module)
        return module

    yield load
    for module_name in created:
        sys.modules.pop(module_name, None)
