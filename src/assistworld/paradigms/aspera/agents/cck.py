"""The complete-codebase-knowledge (CCK) agent of the ASPERA paper.

One chat request per task: the system turn holds the documentation of the whole library, five
solved examples and the rules; the user turn holds the request (and, only when asked, the return
type of the reference program). The program is extracted from the reply.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.llm import ChatModel, ModelCallError, system_message, user_message
from assistworld.paradigms.aspera.agents.examples import Example, load_examples
from assistworld.paradigms.aspera.agents.guidelines import Guidelines
from assistworld.paradigms.aspera.agents.model_calls import (
    example_refusal,
    model_failure,
    output_from_reply,
)
from assistworld.paradigms.aspera.agents.profiles import FULL, PromptProfile
from assistworld.paradigms.aspera.agents.prompts import (
    PromptBook,
    prompt_settings,
)
from assistworld.paradigms.aspera.agents.view import AgentTask


class CCKAgent:
    """Writes each program in one shot, seeing the documentation of the whole library."""

    name = "cck"

    def __init__(
        self,
        model: ChatModel,
        *,
        model_name: str,
        examples: Sequence[Example] | None = None,
        guidelines: Guidelines | None = None,
        return_type_hint: bool = False,
        generation: Decoding | None = None,
        profile: PromptProfile = FULL,
    ) -> None:
        self.model = model
        self.model_name = model_name
        self.profile = profile
        self.examples = profile.pick_examples(load_examples() if examples is None else examples)
        self.prompts = PromptBook(guidelines)
        self.return_type_hint = return_type_hint
        self.generation = (generation or Decoding()).with_grammar(profile.grammar())
        documentation, scope = profile.documentation()
        self.system_prompt = self.prompts.generation_system(
            documentation, self.examples, scope=scope
        )

    def excluded_task_ids(self) -> frozenset[str]:
        """Tasks that must not be scored: the in-context examples."""
        return frozenset(example.query_id for example in self.examples)

    def settings(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "model": self.model_name,
            **self.generation.describe(),
            **self.profile.describe(),
            "return_type_hint": self.return_type_hint,
            **prompt_settings(self.prompts, self.examples, self.system_prompt),
        }

    def user_prompt(self, task: AgentTask) -> str:
        """The user turn for ``task``: its query, plus the return type when enabled."""
        hint = task.return_type if self.return_type_hint else None
        return self.prompts.generation_user(task.query, hint)

    async def solve(self, task: AgentTask) -> AgentOutput:
        refusal = example_refusal(task, self.excluded_task_ids(), self.name)
        if refusal is not None:
            return refusal
        log = CallLog(self.model, self.generation)
        messages = (system_message(self.system_prompt), user_message(self.user_prompt(task)))
        try:
            response = await log.ask(messages)
        except ModelCallError as error:
            return model_failure(error, log, {})
        return output_from_reply(response, log, {})
