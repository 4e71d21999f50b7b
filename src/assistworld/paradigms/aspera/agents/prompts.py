"""The prompts of the model-driven agents, rendered from the Jinja templates in ``templates/``.

One program-writing template serves every agent (as in the ASPERA paper, CCK and PS share it):
the documentation in it is the whole library for CCK and self-debugging, and the selected symbols
for PS. The self-debugging agent's first turn is CCK's, word for word: what trial runs are is
said with the first one. Rules come from
:class:`~assistworld.paradigms.aspera.agents.guidelines.Guidelines`, examples from
:mod:`assistworld.paradigms.aspera.agents.examples`. Nothing here reads a task's reference, setup
or evaluation programs, except :func:`reference_return_type`, which is opt-in.
"""

from __future__ import annotations

import ast
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from assistworld.core.parsing import parse_in_turn
from assistworld.core.templates import package_templates
from assistworld.paradigms.aspera.agents.examples import Example
from assistworld.paradigms.aspera.agents.guidelines import Guidelines
from assistworld.paradigms.aspera.tasks.model import Task

TEMPLATE_NAMES: tuple[str, ...] = (
    "generation_system.j2",
    "generation_user.j2",
    "dry_run_feedback.j2",
    "program_problem.j2",
    "selection_system.j2",
    "selection_user.j2",
)
WHOLE_LIBRARY = "the documentation of the whole library"
SELECTED_TOOLS = (
    "the documentation of the tools selected for this request, and of the types they use"
)
NOTHING_SELECTED = "# No tools were selected for this request."
SUBMIT_WORD = "SUBMIT"
CHARACTERS_PER_TOKEN = 4
"""A rough English-and-code average, for size estimates only (no tokenizer is assumed)."""


@dataclass(frozen=True)
class PromptSize:
    """How big a prompt is: words (whitespace-separated), characters, and a token estimate."""

    words: int
    characters: int
    estimated_tokens: int

    @classmethod
    def of(cls, text: str) -> PromptSize:
        return cls(len(text.split()), len(text), math.ceil(len(text) / CHARACTERS_PER_TOKEN))

    def to_json(self) -> dict[str, int]:
        return {
            "words": self.words,
            "characters": self.characters,
            "estimated_tokens": self.estimated_tokens,
        }


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def template_sources_sha256() -> str:
    """One hash over every template's text: changes whenever any prompt wording changes."""
    folder = resources.files("assistworld.paradigms.aspera.agents").joinpath("templates")
    digest = hashlib.sha256()
    for name in TEMPLATE_NAMES:
        digest.update(name.encode() + b"\0")
        digest.update(folder.joinpath(name).read_bytes() + b"\0")
    return digest.hexdigest()


def reference_return_type(task: Task) -> str | None:
    """The reference program's return annotation, for an information-seeking task; else None.

    This reads the reference program, so agents use it only when asked (``return_type_hint``).
    """
    if task.kind != "information-seeking":
        return None
    for node in parse_in_turn(task.program).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            return ast.unparse(node.returns)
    return None


class PromptBook:
    """Renders every prompt of the agents with one set of guidelines."""

    def __init__(self, guidelines: Guidelines | None = None) -> None:
        self.guidelines = guidelines or Guidelines()
        self._environment = package_templates("assistworld.paradigms.aspera.agents")

    def _render(self, template: str, **values: Any) -> str:
        return self._environment.get_template(template).render(**values).strip() + "\n"

    # -- program writing ------------------------------------------------------------------------
    def generation_system(
        self,
        documentation: str,
        examples: Sequence[Example],
        *,
        scope: str = WHOLE_LIBRARY,
    ) -> str:
        """The system turn: documentation, solved examples, rules."""
        return self._render(
            "generation_system.j2",
            documentation=documentation.strip("\n") or NOTHING_SELECTED,
            documentation_scope=scope,
            examples=list(examples),
            rules=list(self.guidelines.generation),
        )

    def generation_user(self, query: str, return_type: str | None = None) -> str:
        """The user turn: the request, and the expected return type when one is given."""
        return self._render("generation_user.j2", query=query, return_type=return_type)

    # -- self-debugging ---------------------------------------------------------------------------
    def dry_run_feedback(
        self, view: dict[str, Any], number: int, limit: int, *, first_trial: bool
    ) -> str:
        """What the model reads after trial run ``number`` of ``limit`` (``view``: see
        :func:`assistworld.paradigms.aspera.agents.dry_run_view.developer_view`); the first trial
        run's message also says what a trial run is and how many there are."""
        return self._render(
            "dry_run_feedback.j2",
            run=view,
            number=number,
            limit=limit,
            first_trial=first_trial,
            submit_word=SUBMIT_WORD,
        )

    def program_problem(self, problem: str) -> str:
        """What the model reads when its reply held no program that can run."""
        return self._render("program_problem.j2", problem=problem.rstrip("."))

    # -- primitive selection ----------------------------------------------------------------------
    def selection_system(self, example_module: str = "work_calendar") -> str:
        """The system turn of every selection step (identical across modules and tasks)."""
        return self._render(
            "selection_system.j2",
            rules=list(self.guidelines.selection),
            example_module=example_module,
        )

    def selection_user(self, module_name: str, signatures: str, query: str) -> str:
        """The user turn of one selection step: one module's compact listing and the request."""
        return self._render(
            "selection_user.j2",
            module_name=module_name,
            signatures=signatures.strip("\n"),
            query=query,
        )


def prompt_settings(
    prompts: PromptBook, examples: Sequence[Example], system_prompt: str
) -> dict[str, Any]:
    """The manifest fields every agent that shows example tasks records about its prompt."""
    ids = [example.query_id for example in examples]
    return {
        "example_task_ids": ids,
        "excluded_task_ids": sorted(set(ids)),
        "guidelines": prompts.guidelines.describe(),
        "templates_sha256": template_sources_sha256(),
        "system_prompt_sha256": sha256(system_prompt),
        "system_prompt_size": PromptSize.of(system_prompt).to_json(),
    }
