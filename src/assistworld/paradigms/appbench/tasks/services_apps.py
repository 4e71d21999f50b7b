"""The app descriptions of our simulated services, in the shape planners are shown.

Built from the declarations themselves: an API's required and optional arguments are its
parameters without and with a default, its results the fields of the record it returns, each
typed as the paper types them (str, int, float, bool, date, time) and described by our own
docstrings and field descriptions.
"""

from __future__ import annotations

import datetime
import inspect
import types
import typing
from typing import Any

from pydantic import BaseModel

from assistworld.apps import services
from assistworld.paradigms.appbench.tasks.model import (
    ApiDescription,
    AppDescription,
    ParameterDescription,
)
from assistworld.tools.docstrings import parameter_descriptions, summary
from assistworld.tools.toolset import Tool

_TYPE_NAMES: dict[Any, str] = {
    str: "str",
    int: "int",
    float: "float",
    bool: "bool",
    datetime.date: "date",
    datetime.time: "time",
}


def service_app_descriptions() -> list[AppDescription]:
    """Every service app and its APIs, in the paper's order of apps."""
    return [_app(name) for name in services.APP_NAMES]


def _app(name: str) -> AppDescription:
    module = services.app_module(name)
    return AppDescription(
        name=name,
        description=str(module.DESCRIPTION),
        apis=tuple(_api(tool) for tool in services.toolset(name)),
    )


def _api(tool: Tool) -> ApiDescription:
    function = inspect.unwrap(tool.function)
    hints = typing.get_type_hints(function)
    signature = inspect.signature(function)
    described = parameter_descriptions(function.__doc__, signature.parameters)
    required: list[ParameterDescription] = []
    optional: list[ParameterDescription] = []
    for parameter in signature.parameters.values():
        entry = ParameterDescription(
            name=services.plan_name(parameter.name),
            type=_type_name(hints[parameter.name]),
            description=_first_sentence(described.get(parameter.name, "")),
        )
        target = required if parameter.default is inspect.Parameter.empty else optional
        target.append(entry)
    return ApiDescription(
        name=tool.name,
        description=summary(function.__doc__),
        transactional=tool.effect == "write",
        required=tuple(required),
        optional=tuple(optional),
        results=_results(hints["return"]),
    )


def _results(annotation: Any) -> tuple[ParameterDescription, ...]:
    record = typing.get_args(annotation)[0] if typing.get_origin(annotation) is list else annotation
    if not (isinstance(record, type) and issubclass(record, BaseModel)):
        raise TypeError(f"a service API must return a record or a list of records: {annotation}")
    return tuple(
        ParameterDescription(
            name=field.alias or name,
            type=_type_name(field.annotation),
            description=field.description or "",
        )
        for name, field in record.model_fields.items()
    )


def _type_name(annotation: Any) -> str:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        annotation = next(arg for arg in typing.get_args(annotation) if arg is not type(None))
    return _TYPE_NAMES.get(annotation, "str")


def _first_sentence(text: str) -> str:
    return " ".join(text.split())


__all__ = ["service_app_descriptions"]
