"""The world package imports nothing of the apps, nor of anything else built on it."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import assistworld.world

WORLD_PACKAGE = Path(assistworld.world.__file__).parent


def test_importing_the_world_loads_no_other_assistworld_package() -> None:
    code = (
        "import json, sys\n"
        "import assistworld.world\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('assistworld'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = json.loads(done.stdout)
    assert "assistworld.world.world" in loaded
    strangers = [m for m in loaded if m != "assistworld" and not m.startswith("assistworld.world")]
    assert strangers == []


def _imported_modules(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def test_no_module_of_the_world_names_another_assistworld_package_even_for_type_checking() -> None:
    modules = sorted(WORLD_PACKAGE.glob("*.py"))
    assert len(modules) >= 5
    for module in modules:
        for name in _imported_modules(module.read_text()):
            assert not name.startswith("."), f"{module.name}: relative import {name}"
            if name.split(".")[0] == "assistworld":
                assert name.startswith("assistworld.world"), f"{module.name} imports {name}"
