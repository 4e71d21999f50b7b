"""The primitive-selection (PS) agent of the ASPERA paper.

Step 1, for every library module at once (``asyncio.gather``): show the module's compact
signatures and the request, and ask for import statements of what the program will need, or
``None``. Step 2: write the program seeing only the documentation of the selected names (and of
the types their signatures mention) and one solved example, which only shows the answer's form.

Each task's details hold the selection and its precision, recall and F1 against the library
names the reference program reads. The reference program is read for that score only: it never
reaches a prompt.
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Sequence
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.apps.workplace import library_modules
from assistworld.docs import render_module_signatures, render_symbols
from assistworld.docs.members import short_name
from assistworld.llm import ChatModel, ModelCallError, system_message, user_message
from assistworld.paradigms.aspera.agents.examples import (
    CCK_EXAMPLE_TASK_IDS,
    PS_EXAMPLE_TASK_ID,
    Example,
    load_examples,
)
from assistworld.paradigms.aspera.agents.guidelines import Guidelines
from assistworld.paradigms.aspera.agents.model_calls import (
    example_refusal,
    model_failure,
    output_from_reply,
)
from assistworld.paradigms.aspera.agents.prompts import (
    SELECTED_TOOLS,
    PromptBook,
    PromptSize,
    sha256,
    template_sources_sha256,
)
from assistworld.paradigms.aspera.agents.selection import (
    ParsedSelection,
    module_of_names,
    parse_selection,
)
from assistworld.paradigms.aspera.agents.view import AgentTask


class PSAgent:
    """Selects primitives module by module, then writes the program from their documentation."""

    name = "ps"

    def __init__(
        self,
        model: ChatModel,
        *,
        model_name: str,
        example: Example | None = None,
        excluded_task_ids: Sequence[str] = CCK_EXAMPLE_TASK_IDS,
        guidelines: Guidelines | None = None,
        return_type_hint: bool = False,
        generation: Decoding | None = None,
        modules: Sequence[types.ModuleType] | None = None,
    ) -> None:
        self.model = model
        self.model_name = model_name
        self.example = example or load_examples((PS_EXAMPLE_TASK_ID,))[0]
        # The same exclusions as CCK by default, so that both agents are scored on one task set.
        self._excluded = frozenset({*excluded_task_ids, self.example.query_id})
        self.prompts = PromptBook(guidelines)
        self.return_type_hint = return_type_hint
        self.generation = generation or Decoding()
        self.modules = tuple(library_modules() if modules is None else modules)
        self.names_by_module = {
            short_name(module): tuple(module.__all__) for module in self.modules
        }
        self.module_of = module_of_names(self.names_by_module)
        self.selection_system = self.prompts.selection_system()

    def excluded_task_ids(self) -> frozenset[str]:
        """Tasks that must not be scored: the example, and the CCK examples (for comparability)."""
        return self._excluded

    def settings(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "model": self.model_name,
            **self.generation.describe(),
            "return_type_hint": self.return_type_hint,
            "example_task_ids": [self.example.query_id],
            "excluded_task_ids": sorted(self._excluded),
            "modules": list(self.names_by_module),
            "guidelines": self.prompts.guidelines.describe(),
            "templates_sha256": template_sources_sha256(),
            "selection_system_prompt_sha256": sha256(self.selection_system),
        }

    def selection_prompt(self, module: types.ModuleType, query: str) -> str:
        return self.prompts.selection_user(
            short_name(module), render_module_signatures(module, context=self.modules), query
        )

    async def _select(self, module: types.ModuleType, query: str, log: CallLog) -> str:
        messages = (
            system_message(self.selection_system),
            user_message(self.selection_prompt(module, query)),
        )
        return (await log.ask(messages)).text

    def generation_messages(self, task: AgentTask, selected: Sequence[str]) -> tuple[str, str]:
        """(system, user) turns of the program-writing request for ``selected`` names."""
        documentation = render_symbols(selected, self.modules) if selected else ""
        system = self.prompts.generation_system(
            documentation, (self.example,), scope=SELECTED_TOOLS
        )
        hint = task.return_type if self.return_type_hint else None
        return system, self.prompts.generation_user(task.query, hint)

    async def solve(self, task: AgentTask) -> AgentOutput:
        refusal = example_refusal(task, self._excluded, self.name)
        if refusal is not None:
            return refusal
        log = CallLog(self.model, self.generation)
        replies = await asyncio.gather(
            *(self._select(module, task.query, log) for module in self.modules),
            return_exceptions=True,
        )
        for reply in replies:
            if isinstance(reply, ModelCallError):
                return model_failure(reply, log, {"failed_step": "selection"})
            if isinstance(reply, BaseException):
                raise reply
        texts = [reply for reply in replies if isinstance(reply, str)]
        parsed = {
            module: parse_selection(text, self.names_by_module)
            for module, text in zip(self.names_by_module, texts, strict=True)
        }
        selected = list(dict.fromkeys(name for p in parsed.values() for name in p.names))
        details = self._selection_details(task, parsed, dict(zip(parsed, texts, strict=True)))
        system, user = self.generation_messages(task, selected)
        details["generation_prompt_size"] = PromptSize.of(system + user).to_json()
        try:
            response = await log.ask((system_message(system), user_message(user)))
        except ModelCallError as error:
            return model_failure(error, log, {**details, "failed_step": "generation"})
        return output_from_reply(response, log, details)

    def _selection_details(
        self, task: AgentTask, parsed: dict[str, ParsedSelection], replies: dict[str, str]
    ) -> dict[str, Any]:
        return {
            "selected": {module: list(p.names) for module, p in parsed.items()},
            "dropped": {module: list(p.dropped) for module, p in parsed.items() if p.dropped},
            "dropped_count": sum(len(p.dropped) for p in parsed.values()),
            "whole_modules": [m for p in parsed.values() for m in p.whole_modules],
            "selection_replies": replies,
        }
