"""The bundled personal_demo suite: every scenario loads over the personal apps, its reference
conversation and reference program (run in-process here; through the sandbox in
``test_program_sandbox``) pass, and answering without acting passes none."""

from __future__ import annotations

from rich.console import Console

from assistworld.core.paradigm import VerifyRequest
from assistworld.core.registry import get_paradigm, load_suite


def test_the_bundled_suite_is_sound() -> None:
    suite = load_suite("personal_demo")
    assert suite.paradigm == "astra" and len(suite.tasks) == 12
    modes = [task.mode for task in suite.tasks]
    assert modes.count("multi_turn") == 4 and modes.count("single_turn") == 8
    console = Console(record=True, width=200)
    assert get_paradigm("astra").verify(suite, console, VerifyRequest(unsafe=True))
    shown = console.export_text()
    assert "FAILS" not in shown and "personal_demo: reference programs" in shown
