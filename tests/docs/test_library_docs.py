"""The real library, setup tools and evaluation tools render completely and as valid Python.

The library modules are still growing; these tests hold for whatever their ``__all__`` is now.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types

import pytest

from assistworld.apps.workplace import LIBRARY_MODULES, library_modules, work_calendar
from assistworld.docs import (
    render_library,
    render_module,
    render_module_signatures,
    word_counts,
)
from assistworld.docs.members import Kind, classify, docstring_of, public_names


def _defined_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _identifiers(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
    return found


def _check_rendering(text: str, modules: tuple[types.ModuleType, ...]) -> ast.Module:
    tree = ast.parse(text)
    defined = _defined_names(tree)
    for module in modules:
        missing = set(public_names(module)) - defined
        assert not missing, f"{module.__name__}: {sorted(missing)} not rendered"
    private = sorted(name for name in _identifiers(tree) if name.startswith("_"))
    assert not private, f"private names in the documentation: {private}"
    for artefact in ("<class", "typing.", "NoneType", "ForwardRef"):
        assert artefact not in text
    return tree


def test_whole_library_renders_every_public_name_and_nothing_private() -> None:
    text = render_library(library_modules())
    _check_rendering(text, LIBRARY_MODULES)
    headers = [line for line in text.splitlines() if line.startswith("# module: ")]
    assert headers == [f"# module: {m.__name__.rpartition('.')[2]}" for m in LIBRARY_MODULES]


def test_event_fields_are_rendered_in_class_order() -> None:
    tree = ast.parse(render_module(work_calendar))
    event = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Event")
    rendered = [s.target.id for s in event.body if isinstance(s, ast.AnnAssign)]  # type: ignore[union-attr]
    assert rendered == list(work_calendar.Event.model_fields)


@pytest.mark.parametrize("module", LIBRARY_MODULES, ids=lambda m: m.__name__)
def test_function_docstrings_are_shown_verbatim(module: types.ModuleType) -> None:
    tree = ast.parse(render_module(module))
    rendered = {n.name: ast.get_docstring(n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    for name in public_names(module):
        value = getattr(module, name)
        if classify(value) is Kind.FUNCTION:
            assert rendered[name] == docstring_of(value), name
            assert rendered[name] == inspect.getdoc(value) or value.__doc__ is None


@pytest.mark.parametrize("module", LIBRARY_MODULES, ids=lambda m: m.__name__)
def test_signature_listing_names_every_public_name(module: types.ModuleType) -> None:
    _check_rendering(render_module_signatures(module), (module,))


def test_word_counts_cover_each_library_module() -> None:
    counts = word_counts(library_modules())
    assert list(counts) == [m.__name__.rpartition(".")[2] for m in LIBRARY_MODULES]
    assert all(count > 0 for count in counts.values())


@pytest.mark.parametrize(
    "package",
    [
        "assistworld.paradigms.aspera.tasks.setup_tools",
        "assistworld.paradigms.aspera.tasks.evaluation_tools",
    ],
)
def test_setup_and_evaluation_tools_render_the_same_way(package: str) -> None:
    try:
        module = importlib.import_module(package)
    except ImportError as error:
        pytest.skip(f"{package} is not importable yet: {error}")
    if not hasattr(module, "__all__"):
        pytest.skip(f"{package} has no __all__ yet")
    context = (module, *LIBRARY_MODULES)
    _check_rendering(render_module(module, context=context), (module,))
