"""The program-writing assistant's prompts, as Jinja2 templates.

``templates/program_system.j2`` is the system turn: the device owner and the clock, the library's
documentation (``full``: every docstring; ``compact``: one line per function, for small local
models, where every prompt token costs time), one solved request and the rules.
``program_turn_report.j2`` opens the model's next turn once the user has answered: what its
program did and what the user said. ``program_problem.j2`` follows a program that gave the user
no reply: what a developer would see, and the calls it made before failing.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Sequence
from types import ModuleType

from assistworld.paradigms.astra.agents.prompts import template_environment
from assistworld.tools.events import ToolEvent

SYSTEM_TEMPLATE = "program_system.j2"
TURN_REPORT_TEMPLATE = "program_turn_report.j2"
PROBLEM_TEMPLATE = "program_problem.j2"
TEMPLATES = (SYSTEM_TEMPLATE, TURN_REPORT_TEMPLATE, PROBLEM_TEMPLATE)
MAX_CALL_LINE_CHARS = 300
"""Longest line describing one call (arguments and result are cut to fit)."""
PROFILES = ("full", "compact")


class UnknownPromptError(ValueError):
    """A ``--prompt`` value that names no profile."""


def profile_is_compact(name: str) -> bool:
    """Whether the profile ``name`` is the compact one (``UnknownPromptError`` if unknown)."""
    if name not in PROFILES:
        raise UnknownPromptError(f"unknown --prompt {name!r}; choose one of: {', '.join(PROFILES)}")
    return name == "compact"


def call_line(event: ToolEvent) -> str:
    """One call as the program's author reads it: the tool, its arguments, what came back."""
    arguments = ", ".join(
        f"{name}={json.dumps(value, ensure_ascii=False)}" for name, value in event.arguments.items()
    )
    if event.error is not None:
        outcome = f"raised {event.error.type}: {event.error.message}"
    else:
        outcome = "returned " + json.dumps(event.result, ensure_ascii=False, default=str)
    line = f"{event.tool}({arguments}) {outcome}"
    if event.effect == "write" and event.ok:
        line = "[changed the data] " + line
    if len(line) > MAX_CALL_LINE_CHARS:
        line = line[: MAX_CALL_LINE_CHARS - 3] + "..."
    return line


class ProgramPrompts:
    """Renders the program-writing prompts (one template environment for the life of an agent)."""

    def __init__(self) -> None:
        self._environment = template_environment()

    def system(
        self,
        *,
        protagonist: str,
        now: datetime.datetime,
        mode: str,
        modules: Sequence[ModuleType],
        compact: bool,
    ) -> str:
        """The system turn for a scenario of ``mode`` over the library of ``modules``."""
        from assistworld.docs.cached import render_library_once

        documentation = render_library_once(modules, compact=compact)
        return self._render(
            SYSTEM_TEMPLATE,
            protagonist=protagonist,
            now=now,
            mode=mode,
            documentation=documentation,
            compact=compact,
        )

    def turn_report(
        self, *, calls: Sequence[ToolEvent], reply: str, handed_back: bool, user: str
    ) -> str:
        """The user turn that follows a program that gave the user ``reply``."""
        return self._render(
            TURN_REPORT_TEMPLATE,
            calls=[call_line(event) for event in calls],
            reply=reply,
            handed_back=handed_back,
            user=user,
        )

    def problem(self, *, problem: str, calls: Sequence[ToolEvent], left: int) -> str:
        """The user turn that follows a program that gave the user no reply."""
        return self._render(
            PROBLEM_TEMPLATE,
            problem=problem,
            calls=[call_line(event) for event in calls],
            left=left,
        )

    def template_hashes(self) -> dict[str, str]:
        """sha256 of each template's text, for the manifest."""
        loader = self._environment.loader
        assert loader is not None
        hashes = {}
        for name in TEMPLATES:
            source, _, _ = loader.get_source(self._environment, name)
            hashes[name] = hashlib.sha256(source.encode()).hexdigest()
        return hashes

    def _render(self, name: str, **values: object) -> str:
        return self._environment.get_template(name).render(**values).strip()


__all__ = [
    "PROFILES",
    "ProgramPrompts",
    "UnknownPromptError",
    "call_line",
    "profile_is_compact",
]
