"""The generation prompts: Jinja templates in ``templates/`` filled with docs, examples and rules.

One :class:`PromptBook` holds what every prompt of a session shares (library documentation, the
setup and evaluation tools' documentation, the examples, the guidelines); each method renders one
turn of the conversation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

import jinja2

import assistworld.paradigms.aspera.tasks.evaluation_tools
import assistworld.paradigms.aspera.tasks.setup_tools
from assistworld.apps.workplace import library_modules
from assistworld.core.templates import package_templates
from assistworld.docs import render_library, render_module
from assistworld.paradigms.aspera.authoring.examples import (
    Examples,
    example_tasks,
    render_examples,
)
from assistworld.paradigms.aspera.authoring.guidelines import Guidelines

RevisedPart = Literal["program", "setup", "evaluation"]

PART_NAMES: Mapping[RevisedPart, str] = MappingProxyType(
    {"program": "action program", "setup": "setup program", "evaluation": "evaluation program"}
)


def _environment() -> jinja2.Environment:
    return package_templates("assistworld.paradigms.aspera.authoring", trim_blocks=True)


@dataclass(frozen=True)
class PromptBook:
    """Renders every prompt of a generation session."""

    guidelines: Guidelines
    examples: Examples
    library: str
    setup_tools: str
    check_tools: str
    environment: jinja2.Environment = field(default_factory=_environment, compare=False, repr=False)

    @classmethod
    def build(cls, guidelines: Guidelines) -> PromptBook:
        """Docs generated from the code, and examples read from the guidelines' example suite."""
        return cls(
            guidelines=guidelines,
            examples=render_examples(example_tasks(guidelines)),
            library=render_library(library_modules()),
            setup_tools=render_module(
                assistworld.paradigms.aspera.tasks.setup_tools, context=library_modules()
            ),
            check_tools=render_module(
                assistworld.paradigms.aspera.tasks.evaluation_tools, context=library_modules()
            ),
        )

    def _render(self, template: str, **values: Any) -> str:
        return self.environment.get_template(template).render(**values).strip() + "\n"

    def system(self) -> str:
        """The system turn: library docs, example programs, program guidelines."""
        return self._render(
            "programs_system.j2",
            library=self.library,
            examples=self.examples.programs,
            guidelines=self.guidelines.programs,
        )

    def invent(self, n: int, focus: str | None, history: Sequence[str]) -> str:
        """Ask for ``n`` new queries with their programs; ``history`` is shown newest first."""
        limit = self.guidelines.history_limit
        shown = list(history)[-limit:][::-1] if limit else []
        return self._render(
            "programs_invent.j2",
            n=n,
            focus=focus,
            history=shown,
            rules=self.guidelines.invent,
        )

    def translate(self, queries: Sequence[str]) -> str:
        """Ask for the programs of the person's own queries."""
        return self._render("programs_translate.j2", queries=list(queries))

    def setup(
        self,
        *,
        plan: str,
        setup_name: str,
        query: str,
        instructions: str,
        other_setups: Sequence[str],
    ) -> str:
        """Ask for a setup program; ``instructions`` become ``# TODO:`` lines, one per line."""
        todos = [line.strip() for line in instructions.splitlines() if line.strip()]
        return self._render(
            "setup.j2",
            plan=plan,
            setup_name=setup_name,
            query=query,
            todos=todos,
            other_setups=list(other_setups),
            setup_tools=self.setup_tools,
            examples=self.examples.setups,
            guidelines=self.guidelines.setup,
        )

    def evaluation(
        self,
        *,
        plan: str,
        setup_name: str,
        evaluation_name: str,
        query: str,
        setup_program: str,
    ) -> str:
        """Ask for the evaluation program that pairs with ``setup_program``."""
        return self._render(
            "evaluation.j2",
            plan=plan,
            setup_name=setup_name,
            evaluation_name=evaluation_name,
            query=query,
            setup_program=setup_program,
            check_tools=self.check_tools,
            examples=self.examples.evaluations,
            guidelines=self.guidelines.evaluation,
        )

    def revise(
        self, *, part: RevisedPart, name: str, current: str, feedback: str, evidence: str = ""
    ) -> str:
        """Ask for a revised version of one program, with the person's feedback and evidence."""
        return self._render(
            "revise.j2",
            part=PART_NAMES[part],
            name=name,
            current=current.rstrip(),
            feedback=feedback.strip(),
            evidence=evidence.strip(),
        )
