"""The bundled personal_demo suite: every scenario loads over the personal apps and holds every
rule of ``verify --mutants`` (reference S = 1, every baseline fails, mutants rejected), and its
reference programs pass (run in-process here; through the sandbox in ``test_program_sandbox``)."""

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
    request = VerifyRequest(mutants=True, unsafe=True)
    assert get_paradigm("astra").verify(suite, console, request)
    text = console.export_text()
    assert "verify: OK" in text and "FAILED" not in text and "FAILS" not in text
    assert "killed (100.0%)" in text
    assert "kill rate per scenario: 12 at 100%, 0 at 90-99%, 0 below" in text
    assert "personal_demo: reference programs" in text
    assert "replying as the reference without acting fails every stateful scenario" in text
    assert "9 of 9 fail" in text and "0 of 12 with one " in text
