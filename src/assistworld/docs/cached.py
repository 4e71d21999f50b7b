"""The library's documentation, rendered once per change of the code it documents.

Rendering the whole library (signatures, docstrings, type aliases) takes about half a second,
paid by every run of a documentation-reading agent. The text depends only on the source of the
documented modules, of this package and of the packages they build on, so it is kept in the
derived cache (:mod:`assistworld.core.derived_cache`) under a fingerprint of all of them; any
edit to any of them renders it afresh.
"""

from __future__ import annotations

import types
from collections.abc import Sequence

from assistworld.core.derived_cache import DerivedStore, code_fingerprint, sha256_text
from assistworld.docs.stubs import render_library

NAMESPACE = "library-docs"
DOCUMENTED_WITH = ("assistworld.apps", "assistworld.docs", "assistworld.tools", "assistworld.world")
"""Packages whose source the rendered text may depend on besides the documented modules
(the renderer; the types, tables and tool declarations the library's signatures name)."""


def render_library_once(modules: Sequence[types.ModuleType], *, compact: bool = False) -> str:
    """:func:`~assistworld.docs.stubs.render_library` of ``modules`` (``compact``: signatures
    and one-line summaries), from the derived cache when the documented modules and the
    renderer are unchanged since it was stored."""
    chosen = tuple(modules)
    names = [module.__name__ for module in chosen]
    fingerprint = code_fingerprint([*DOCUMENTED_WITH, *names])
    label = "\n".join([*names, "compact" if compact else "full"])
    store = DerivedStore(NAMESPACE, fingerprint)
    key = sha256_text(label)
    stored = store.get(key)
    if isinstance(stored, str):
        return stored
    text = render_library(chosen, compact=compact)
    store.put(key, text)
    return text
