"""The planners' prompts, rendered from the Jinja templates in ``templates/``."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from importlib import resources
from typing import Any

from assistworld.core.templates import package_templates
from assistworld.paradigms.appbench.tasks.model import AppDescription

TEMPLATES = ("select_apps.j2", "plan_system.j2")
"""The planners' templates."""
TOOLS_TEMPLATES = ("tools_system.j2",)
"""The tool-calling agent's templates."""


def template_sha256(names: Sequence[str] = TEMPLATES) -> str:
    """One hash over the templates' text: changes whenever any prompt wording changes."""
    folder = resources.files("assistworld.paradigms.appbench.agents").joinpath("templates")
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + folder.joinpath(name).read_bytes() + b"\0")
    return digest.hexdigest()


class PlannerPrompts:
    """Renders the app-selection and planning prompts, and the tool-calling agent's."""

    def __init__(self) -> None:
        self._environment = package_templates(
            "assistworld.paradigms.appbench.agents", trim_blocks=True
        )

    def _render(self, name: str, **values: Any) -> str:
        return self._environment.get_template(name).render(**values).strip() + "\n"

    def select_apps(self, apps: Sequence[AppDescription]) -> str:
        """The first step of hierarchical prompting: which apps does the request need?"""
        return self._render("select_apps.j2", apps=list(apps))

    def plan_system(self, apps: Sequence[AppDescription], today: datetime.date | None) -> str:
        """The planning instructions with the descriptions of ``apps`` and their APIs."""
        return self._render("plan_system.j2", apps=list(apps), today=today)

    def tools_system(self, today: datetime.date | None) -> str:
        """The instructions of a model that calls the apps' tools itself."""
        return self._render("tools_system.j2", today=today)
