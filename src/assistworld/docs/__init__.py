"""Documentation of Python modules for language-model prompts, generated from the code itself.

Signatures, type hints, docstrings, enum members and data fields are read from the live objects
named in each module's ``__all__``, so what a model reads is what the library does. There are no
separate stub copies to keep in step.
"""

from __future__ import annotations

from assistworld.docs.stubs import (
    module_header,
    render_library,
    render_module,
    render_module_signatures,
)
from assistworld.docs.symbols import UnknownSymbolError, render_symbols, symbol_closure
from assistworld.docs.word_count import word_count, word_counts

__all__ = [
    "UnknownSymbolError",
    "module_header",
    "render_library",
    "render_module",
    "render_module_signatures",
    "render_symbols",
    "symbol_closure",
    "word_count",
    "word_counts",
]
