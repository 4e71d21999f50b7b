"""No paradigm's modules import each other in a circle, not even through an import written
inside a function body."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paradigms.import_graph import (
    Edge,
    cycles,
    deferred_imports,
    describe,
    module_edges,
    module_files,
    paradigm_edges,
    paradigm_of,
    strongly_connected,
)


def test_no_paradigm_has_an_import_cycle() -> None:
    components, edges = cycles()
    inside_one = [c for c in components if len({paradigm_of(m) for m in c}) == 1]
    assert not inside_one, describe(inside_one, edges)


def test_the_graph_sees_every_paradigm_and_its_function_level_imports() -> None:
    edges = paradigm_edges()
    assert {paradigm_of(edge.source) for edge in edges} == {"aspera", "appbench", "astra"}
    # the paradigm objects load their heavy modules when first asked (start-up stays light)
    assert any(edge.source.endswith("astra.paradigm") for edge in deferred_imports())


def _edge(source: str, target: str, *, deferred: bool = False) -> Edge:
    return Edge(source, target, 1, deferred)


def test_a_cycle_closed_inside_a_function_is_still_a_cycle() -> None:
    edges = [_edge("a", "b"), _edge("b", "c"), _edge("c", "a", deferred=True), _edge("c", "d")]
    assert strongly_connected(["a", "b", "c", "d"], edges) == [["a", "b", "c"]]


def test_separate_cycles_are_told_apart() -> None:
    edges = [_edge("a", "b"), _edge("b", "a"), _edge("b", "c"), _edge("c", "d"), _edge("d", "c")]
    assert strongly_connected(["a", "b", "c", "d"], edges) == [["a", "b"], ["c", "d"]]


@pytest.mark.parametrize("edges", [[], [_edge("a", "b"), _edge("b", "c"), _edge("a", "c")]])
def test_an_acyclic_graph_has_no_component(edges: list[Edge]) -> None:
    assert strongly_connected(["a", "b", "c"], edges) == []


def test_a_cycle_is_described_by_the_imports_that_close_it() -> None:
    edges = [
        _edge("assistworld.paradigms.astra.x", "assistworld.paradigms.astra.y"),
        _edge("assistworld.paradigms.astra.y", "assistworld.paradigms.astra.x", deferred=True),
    ]
    text = describe(strongly_connected(sorted({e.source for e in edges}), edges), edges)
    assert "cycle of 2 modules" in text
    assert "astra.y:1 -> astra.x (in a function)" in text


def test_relative_imports_and_the_packages_they_run_are_edges(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .inner import thing\n")
    (package / "sub" / "inner.py").write_text("thing = 1\n")
    (package / "top.py").write_text("def late():\n    from .sub import inner\n")
    known = module_files(package, "pkg")
    edges = module_edges("pkg.top", known["pkg.top"], known)
    assert {(e.target, e.deferred) for e in edges} == {("pkg.sub", True), ("pkg.sub.inner", True)}
    package_edges = module_edges("pkg.sub", known["pkg.sub"], known)
    assert [(e.target, e.deferred) for e in package_edges] == [("pkg.sub.inner", False)]
