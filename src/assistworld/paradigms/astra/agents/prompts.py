"""The system prompts of the two roles of a conversation, as Jinja2 templates.

``templates/agent_system.j2`` is the tool-calling assistant's prompt: the tool rules of the
ASTRA-bench agent (several reads per response, at most one write, a short confirmation after a
write) and the add-ons of single-turn scenarios (do not ask, use best judgement, fall back from
``search_*`` to ``get_all_*``, infer the channel) or multi-turn ones (ask when ambiguous).
``templates/user_system.j2`` is the simulated user's: the protagonist, the goal, the facts it may
reveal, and the end signals.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence

import jinja2

from assistworld.core.templates import package_templates

AGENT_TEMPLATE = "agent_system.j2"
USER_TEMPLATE = "user_system.j2"


def template_environment() -> jinja2.Environment:
    """The paradigm's prompt templates (``templates/``), strict about undefined names."""
    return package_templates("assistworld.paradigms.astra.agents")


class Prompts:
    """Renders the role prompts (one template environment, kept for the life of an agent)."""

    def __init__(self) -> None:
        self._environment = template_environment()

    def agent(self, *, protagonist: str, now: datetime.datetime, mode: str) -> str:
        """The assistant's system prompt for a scenario of ``mode``."""
        template = self._environment.get_template(AGENT_TEMPLATE)
        return template.render(protagonist=protagonist, now=now, mode=mode).strip()

    def user(
        self,
        *,
        protagonist: str,
        now: datetime.datetime,
        goal: str,
        first_query: str,
        facts: Sequence[str],
    ) -> str:
        """The simulated user's system prompt."""
        template = self._environment.get_template(USER_TEMPLATE)
        return template.render(
            protagonist=protagonist, now=now, goal=goal, first_query=first_query, facts=facts
        ).strip()

    def template_hashes(self) -> dict[str, str]:
        """sha256 of each template's text, for the manifest."""
        loader = self._environment.loader
        assert loader is not None
        hashes = {}
        for name in (AGENT_TEMPLATE, USER_TEMPLATE):
            source, _, _ = loader.get_source(self._environment, name)
            hashes[name] = hashlib.sha256(source.encode()).hexdigest()
        return hashes


__all__ = ["AGENT_TEMPLATE", "USER_TEMPLATE", "Prompts"]
