"""The program rules for any library: one top-level function, standard-library imports, and the
library's own imports tolerated and removed (named by the library's modules)."""

from __future__ import annotations

from assistworld.agents.program_rules import check_candidate, library_roots, strip_library_imports
from assistworld.apps import personal
from assistworld.sandbox import ProgramLibrary

PERSONAL_ROOTS = library_roots(ProgramLibrary.of(personal.toolset()).modules)

IMPORTS_THE_LIBRARY = (
    "import re\n"
    "from contacts import search_contacts\n"
    "from assistworld.apps.personal.messages import send_message\n"
    "def tell():\n"
    "    return send_message(recipients=[search_contacts(query='Sam')[0].name], text='hi')\n"
)


def test_a_librarys_roots_are_the_last_parts_of_its_module_names() -> None:
    assert {"contacts", "whatsapp", "errors", "calendar_events"} <= PERSONAL_ROOTS
    assert library_roots(["a.b.c", "d"]) == frozenset({"c", "d"})


def test_imports_of_the_personal_library_are_tolerated_and_removed() -> None:
    check = check_candidate(IMPORTS_THE_LIBRARY, PERSONAL_ROOTS)
    assert check.ok and check.function_name == "tell"
    stripped, removed = strip_library_imports(IMPORTS_THE_LIBRARY, PERSONAL_ROOTS)
    assert removed == 2
    assert stripped.splitlines()[1:3] == ["", ""] and stripped.startswith("import re\n")
    assert stripped.splitlines()[3] == "def tell():"  # line numbers are kept


def test_what_is_a_library_depends_on_the_library() -> None:
    workplace_import = "from work_calendar import add_event\ndef f():\n    return 1\n"
    assert not check_candidate(workplace_import, PERSONAL_ROOTS).ok
    assert "not 'work_calendar'" in (check_candidate(workplace_import, PERSONAL_ROOTS).reason or "")
    assert check_candidate(workplace_import, frozenset({"work_calendar"})).ok
