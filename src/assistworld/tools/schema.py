"""A tool's JSON interface, generated from its signature and docstring with pydantic.

Each tool gets an arguments model (one field per parameter, typed by the annotation, described by
the docstring's block for that parameter or by the text declared beside it, see
:func:`~assistworld.tools.declaration.described_parameters`) that both writes the JSON schema of
the OpenAI tool definition and validates arguments arriving as JSON into the library's own types.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from assistworld.tools.declaration import described_parameters
from assistworld.tools.docstrings import full_text

_ACCEPTED_KINDS = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


class ArgumentsInvalid(ValueError):
    """Arguments that do not fit a tool's parameters; ``names`` lists the offending ones."""

    def __init__(self, tool: str, message: str, names: list[str]) -> None:
        super().__init__(message)
        self.tool = tool
        self.names = names


@dataclass(frozen=True)
class ToolSchema:
    """The arguments model of one tool and the OpenAI definition built from it."""

    name: str
    description: str
    arguments: type[BaseModel]

    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the arguments object."""
        schema = self.arguments.model_json_schema()
        schema.pop("title", None)
        return schema

    def definition(self) -> dict[str, Any]:
        """The tool in the OpenAI tools format."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters(),
            },
        }

    def validate(self, arguments: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
        """The arguments given (JSON text or a decoded object), as the library's types, by
        parameter name; :class:`ArgumentsInvalid` names each argument that does not fit.

        Only the arguments given are returned, so the function's own defaults apply to the rest.
        """
        try:
            if isinstance(arguments, str | bytes):
                model = self.arguments.model_validate_json(arguments or "{}")
            elif isinstance(arguments, Mapping):
                model = self.arguments.model_validate(dict(arguments))
            else:
                raise ArgumentsInvalid(
                    self.name,
                    f"{self.name}: the arguments must be a JSON object, got "
                    f"{type(arguments).__name__}",
                    [],
                )
        except ValidationError as exc:
            raise _invalid(self.name, exc) from None
        return {name: getattr(model, name) for name in model.model_fields_set}


def build_schema(name: str, function: Callable[..., Any]) -> ToolSchema:
    """The schema of ``function`` (unwrapped first, so a declared tool's own signature counts)."""
    plain = inspect.unwrap(function)
    signature = inspect.signature(plain)
    hints = typing.get_type_hints(plain, include_extras=True)  # keep bounds (Annotated)
    described = described_parameters(function)
    fields: dict[str, Any] = {}
    for parameter in signature.parameters.values():
        if parameter.kind not in _ACCEPTED_KINDS:
            raise TypeError(
                f"tool {name}: parameter {parameter.name!r} is {parameter.kind.description}; "
                "a tool's parameters must be nameable in a JSON object"
            )
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        annotation = hints.get(parameter.name, Any)
        fields[parameter.name] = (
            annotation,
            Field(default, description=described.get(parameter.name)),
        )
    model = create_model(f"{name}_arguments", __config__=ConfigDict(extra="forbid"), **fields)
    return ToolSchema(name=name, description=full_text(plain.__doc__), arguments=model)


def _invalid(tool: str, exc: ValidationError) -> ArgumentsInvalid:
    names: list[str] = []
    problems: list[str] = []
    for error in exc.errors(include_url=False):
        location = error.get("loc", ())
        argument = str(location[0]) if location else ""
        if argument and argument not in names:
            names.append(argument)
        where = ".".join(str(part) for part in location) or "arguments"
        problems.append(f"{where}: {error.get('msg', 'invalid')}")
    message = f"{tool}: invalid arguments: " + "; ".join(problems[:8])
    return ArgumentsInvalid(tool, message, names)


__all__ = ["ArgumentsInvalid", "ToolSchema", "build_schema"]
