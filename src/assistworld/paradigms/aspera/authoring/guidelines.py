"""The generation guidelines: rules and example choices the prompts show, kept as editable data.

The bundled defaults live in ``guidelines.yaml`` next to this module. ``--guidelines FILE``
replaces them with the person's own file, which may set any subset of the fields (the others keep
their bundled values).
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

BUNDLED_GUIDELINES = "guidelines.yaml"


class GuidelinesError(ValueError):
    """A guidelines file that cannot be used; the message names the file, the field and the fix."""


class Guidelines(BaseModel):
    """What the prompts show besides the library documentation."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    example_suite: str = Field(min_length=1)
    examples: tuple[str, ...] = Field(min_length=1, max_length=8)
    history_limit: int = Field(ge=0)
    programs: tuple[str, ...]
    invent: tuple[str, ...]
    setup: tuple[str, ...]
    evaluation: tuple[str, ...]

    def as_scenario(self) -> dict[str, list[str]]:
        """The rule lists, as stored in a generated task's ``SCENARIO``."""
        return {
            "programs": list(self.programs),
            "setup": list(self.setup),
            "evaluation": list(self.evaluation),
        }


def _read_yaml(text: str, where: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        message = f"{where}{line}: not valid YAML ({problem}); fix the syntax"
        raise GuidelinesError(message) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise GuidelinesError(
            f"{where}: expected a mapping of fields (programs:, setup:, ...), "
            f"found {type(data).__name__}"
        )
    return data


def bundled_guidelines_text() -> str:
    """The text of the bundled guidelines file (copy it to start your own)."""
    files = importlib.resources.files("assistworld.paradigms.aspera.authoring")
    return files.joinpath(BUNDLED_GUIDELINES).read_text(encoding="utf-8")


def load_guidelines(path: Path | None = None) -> Guidelines:
    """The bundled guidelines, with the fields of ``path`` (a YAML file) replacing theirs."""
    data = _read_yaml(bundled_guidelines_text(), BUNDLED_GUIDELINES)
    where = BUNDLED_GUIDELINES
    if path is not None:
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise GuidelinesError(
                f"{path}: cannot read the guidelines file ({error.strerror}); "
                "pass an existing YAML file to --guidelines"
            ) from None
        data.update(_read_yaml(text, where))
    try:
        return Guidelines.model_validate(data)
    except ValidationError as error:
        problems = []
        for item in error.errors():
            field = ".".join(str(part) for part in item["loc"]) or "(top level)"
            problems.append(f"{where}: {field}: {item['msg']}")
        known = ", ".join(Guidelines.model_fields)
        raise GuidelinesError("\n".join(problems) + f"\n(known fields: {known})") from None
