"""The flags of every paradigm's run options: one per field of each paradigm's model.

Each paradigm's fields are shown in a help panel of their own (the common sampling fields in
the model agents' panel); a field several paradigms declare is one flag, in a panel naming them
all. Imported only by a command that takes the flags (:mod:`assistworld.cli_options`).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import annotated_types
import typer
import typer.main
from pydantic.fields import FieldInfo

from assistworld.core.registry import bundled_suites, run_options_types
from assistworld.core.run_options import RunOptions, flag


@dataclass(frozen=True)
class ChosenOptions:
    """The run options' values (by field name) and which of them the user set to other than
    their defaults."""

    values: dict[str, object]
    given: frozenset[str]


@dataclass(frozen=True)
class OptionField:
    """One flag: the field it fills and its help panel."""

    name: str
    info: FieldInfo
    panel: str


def _same(a: FieldInfo, b: FieldInfo) -> bool:
    return (a.annotation, a.default, a.metadata) == (b.annotation, b.default, b.metadata)


def option_fields(
    kinds: dict[str, type[RunOptions]], suites: dict[str, list[str]], common_panel: str
) -> list[OptionField]:
    """Every flag the ``kinds`` (paradigm name to its model) make, panel by panel: the common
    fields first, then each paradigm's own, then those several paradigms share.

    Raises ``TypeError`` when two paradigms declare a field of one name with another type or
    default: one flag cannot serve both.
    """
    declared: dict[str, tuple[FieldInfo, list[str]]] = {}
    for paradigm, kind in kinds.items():
        for name, info in kind.model_fields.items():
            if name in RunOptions.model_fields:
                continue
            if name in declared:
                first, owners = declared[name]
                if not _same(first, info):
                    raise TypeError(
                        f"run option {name!r}: {owners[0]} and {paradigm} declare it with "
                        "another type, default or bounds; give them one, or rename one of them"
                    )
                owners.append(paradigm)
            else:
                declared[name] = (info, [paradigm])
    common = [
        OptionField(name, info, common_panel) for name, info in RunOptions.model_fields.items()
    ]
    own = [
        OptionField(name, info, _panel(owners, suites))
        for paradigm in kinds
        for name, (info, owners) in declared.items()
        if owners == [paradigm]
    ]
    shared = [
        OptionField(name, info, _panel(owners, suites))
        for name, (info, owners) in declared.items()
        if len(owners) > 1
    ]
    return [*common, *own, *shared]


def _panel(paradigms: Sequence[str], suites: dict[str, list[str]]) -> str:
    """``astra suites (lifelines, personal_demo)``; ``aspera and astra suites`` when shared."""
    if len(paradigms) > 1:
        return f"{', '.join(paradigms[:-1])} and {paradigms[-1]} suites"
    bundled = suites.get(paradigms[0], [])
    return f"{paradigms[0]} suites" + (f" ({', '.join(bundled)})" if bundled else "")


def _bounds(info: FieldInfo) -> dict[str, int | float]:
    """The field's inclusive bounds, as ``typer.Option``'s ``min`` and ``max`` (an integer
    field's stay integers, so that its help reads ``x>=1``)."""
    bounds: dict[str, int | float] = {}
    for constraint in info.metadata:
        if isinstance(constraint, annotated_types.Ge) and isinstance(constraint.ge, int | float):
            bounds["min"] = constraint.ge
        elif isinstance(constraint, annotated_types.Le) and isinstance(constraint.le, int | float):
            bounds["max"] = constraint.le
    return bounds


def _parameter(field: OptionField) -> inspect.Parameter:
    """``field`` as one keyword parameter of a typer command's function."""
    info = field.info
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    metavar = extra.get("metavar")
    bounds = _bounds(info)
    option = typer.Option(
        flag(field.name),
        help=info.description,
        metavar=metavar if isinstance(metavar, str) and info.annotation is not bool else None,
        rich_help_panel=field.panel,
        min=bounds.get("min"),
        max=bounds.get("max"),
    )
    return inspect.Parameter(
        field.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=info.default,
        annotation=Annotated[info.annotation, option],
    )


def option_parameters(fields: Sequence[OptionField]) -> list[Any]:
    """The command-line parameters of ``fields``, as typer makes them from a function that
    takes one argument per field."""

    def collect(**values: object) -> dict[str, object]:
        return values

    parameters = [_parameter(field) for field in fields]
    collect.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    collect.__annotations__ = {p.name: p.annotation for p in parameters}
    holder = typer.Typer(add_completion=False)
    holder.command()(collect)
    made: list[Any] = typer.main.get_command(holder).params
    return made


def bundled_by_paradigm() -> dict[str, list[str]]:
    """The bundled suites' names, by paradigm."""
    suites: dict[str, list[str]] = {}
    for bundled in bundled_suites():
        suites.setdefault(bundled.paradigm, []).append(bundled.name)
    return suites


def flag_parameters(common_panel: str) -> list[Any]:
    """The parameters of every installed paradigm's run options."""
    return option_parameters(
        option_fields(run_options_types(), bundled_by_paradigm(), common_panel)
    )


def chosen(parameters: Sequence[Any], values: dict[str, Any]) -> ChosenOptions:
    """Take the values of ``parameters`` out of a command's parsed ``values``."""
    taken: dict[str, object] = {}
    given: set[str] = set()
    for param in parameters:
        value = values.pop(param.name, param.default)
        taken[param.name] = value
        if value != param.default:
            given.add(param.name)
    return ChosenOptions(taken, frozenset(given))


__all__ = [
    "ChosenOptions",
    "OptionField",
    "bundled_by_paradigm",
    "chosen",
    "flag_parameters",
    "option_fields",
    "option_parameters",
]
