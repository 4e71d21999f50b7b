"""What ``run`` may tell a paradigm's agents, as one typed model per paradigm.

Each paradigm declares the options its agents read as a subclass of :class:`RunOptions` (a
field each: its type, default, bounds and a one-line description). The command line makes one
flag per field (``max_user_turns`` is ``--max-user-turns``), shows them in ``run --help`` under
the paradigm's name, refuses a flag the suite's paradigm has no field for, and hands the
paradigm's ``build_agent`` the validated object. Adding an option is one field in one model.

The models are plain pydantic: importing one must not import agents, sandboxes or model clients
(the command line reads them to build its help).
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistworld.core.errors import UserError


class RunOptions(BaseModel):
    """The options every model agent reads, whatever its paradigm; a paradigm's model adds its
    own fields.

    ``metavar`` in a field's ``json_schema_extra`` names its value in ``--help`` (``N``, ``FILE``).
    ``RECORDED`` names the fields the run's manifest keeps under ``options`` (beside what the
    agent's own settings record).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    RECORDED: ClassVar[tuple[str, ...]] = ()

    temperature: float | None = Field(
        0.0,
        ge=0.0,
        description="Sampling temperature (0: greedy).",
        json_schema_extra={"metavar": "T"},
    )
    max_tokens: int | None = Field(
        None, ge=1, description="Completion token limit.", json_schema_extra={"metavar": "N"}
    )

    def recorded(self) -> dict[str, Any]:
        """What the manifest records of these options (``RECORDED``, by field name)."""
        return {name: getattr(self, name) for name in self.RECORDED}


def flag(name: str) -> str:
    """The command-line flag of the field ``name``: ``max_user_turns`` is ``--max-user-turns``."""
    return "--" + name.replace("_", "-")


class RunOptionValueError(UserError, ValueError):
    """A value a run option does not accept; the message names the flag and what it takes."""


OptionsT = TypeVar("OptionsT", bound=RunOptions)


def validated(kind: type[OptionsT], values: dict[str, object]) -> OptionsT:
    """``values`` (field name to value; other names are left out) as a ``kind``.

    Raises :class:`RunOptionValueError` naming each bad value's flag, e.g. ``--max-user-turns
    0: Input should be greater than or equal to 1``.
    """
    given = {name: value for name, value in values.items() if name in kind.model_fields}
    try:
        return kind.model_validate(given)
    except ValidationError as error:
        problems = []
        for problem in error.errors():
            name = str(problem["loc"][0]) if problem["loc"] else ""
            problems.append(f"{flag(name)} {given.get(name)!r}: {problem['msg']}")
        raise RunOptionValueError("; ".join(problems)) from None


__all__ = ["RunOptionValueError", "RunOptions", "flag", "validated"]
