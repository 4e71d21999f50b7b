"""``run``'s paradigm options: one flag per field of each paradigm's run options model.

The flags are made from the models (:mod:`assistworld.core.run_options`) when the command's
parameters are first asked for, that is only by ``run`` and ``run --help``: the other commands
never read the models. Each paradigm's fields are shown in a help panel of their own (the
common sampling fields in the model agents' panel), a field several paradigms declare is one
flag, in a panel naming them all.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

import annotated_types
import typer
import typer.main
from pydantic.fields import FieldInfo

from assistworld.cli_flags import FlagCommand
from assistworld.core.registry import bundled_suites, run_options_types
from assistworld.core.run_options import RunOptions, flag

CHOSEN = "assistworld.run_options"
"""Where the command puts the :class:`ChosenOptions` in the context's ``meta``."""


@dataclass(frozen=True)
class ChosenOptions:
    """The run options' values (by field name) and which of them the user set to other than
    their defaults."""

    values: dict[str, object]
    given: frozenset[str]


@dataclass(frozen=True)
class OptionField:
    """One flag: the field it fills, the paradigms that declare it and its help panel."""

    name: str
    info: FieldInfo
    paradigms: tuple[str, ...]
    panel: str


def _same(a: FieldInfo, b: FieldInfo) -> bool:
    return a.annotation == b.annotation and a.default == b.default


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
                        "another type or default; give them one, or name one of them otherwise"
                    )
                owners.append(paradigm)
            else:
                declared[name] = (info, [paradigm])
    common = [
        OptionField(name, info, tuple(kinds), common_panel)
        for name, info in RunOptions.model_fields.items()
    ]
    own = [
        OptionField(name, info, (owners[0],), _panel(owners, suites))
        for paradigm in kinds
        for name, (info, owners) in declared.items()
        if owners == [paradigm]
    ]
    shared = [
        OptionField(name, info, tuple(owners), _panel(owners, suites))
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


def _bounds(info: FieldInfo) -> dict[str, float]:
    """The field's inclusive bounds, as ``typer.Option``'s ``min`` and ``max``."""
    bounds: dict[str, float] = {}
    for constraint in info.metadata:
        if isinstance(constraint, annotated_types.Ge):
            bounds["min"] = float(constraint.ge)  # type: ignore[arg-type]
        elif isinstance(constraint, annotated_types.Le):
            bounds["max"] = float(constraint.le)  # type: ignore[arg-type]
    return bounds


def _parameter(field: OptionField) -> inspect.Parameter:
    info = field.info
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    metavar = extra.get("metavar")
    bounds = _bounds(info)
    if info.annotation in (int, int | None):
        bounds = {key: int(value) for key, value in bounds.items()}  # type: ignore[misc]
    option = typer.Option(
        flag(field.name),
        help=info.description,
        metavar=metavar if isinstance(metavar, str) and info.annotation is not bool else None,
        rich_help_panel=field.panel,
        **bounds,  # type: ignore[arg-type]
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


def _bundled_by_paradigm() -> dict[str, list[str]]:
    suites: dict[str, list[str]] = {}
    for bundled in bundled_suites():
        suites.setdefault(bundled.paradigm, []).append(bundled.name)
    return suites


class ParadigmOptionsCommand(FlagCommand):
    """A command with a flag for every paradigm's run options besides its own parameters.

    ``common_panel`` is the panel of the options every model agent reads; the paradigms' panels
    come before the first parameter shown under ``panels_after``. The chosen values reach the
    command's function as :class:`ChosenOptions` in ``ctx.meta[CHOSEN]``.
    """

    common_panel: ClassVar[str] = "Options"
    panels_after: ClassVar[str | None] = None
    option_kinds: ClassVar[Callable[[], dict[str, type[RunOptions]]]] = staticmethod(
        run_options_types
    )

    def _generated(self) -> list[Any]:
        made: list[Any] | None = getattr(self, "_made_options", None)
        if made is None:
            fields = option_fields(
                self.option_kinds(), _bundled_by_paradigm(), self.common_panel
            )
            made = option_parameters(fields)
            self._made_options = made
        return made

    def get_params(self, ctx: Any) -> list[Any]:
        own = super().get_params(ctx)
        generated = self._generated()
        at = next(
            (
                index
                for index, param in enumerate(own)
                if getattr(param, "rich_help_panel", None) == self.panels_after
            ),
            len(own),
        )
        for param in generated:  # typer's own pass over the command: labels like its params
            if getattr(param, "is_flag", False) and getattr(param, "metavar", "") is None:
                param.metavar = ""
        return [*own[:at], *generated, *own[at:]]

    def invoke(self, ctx: Any) -> Any:
        values: dict[str, object] = {}
        given: set[str] = set()
        for param in self._generated():
            value = ctx.params.pop(param.name, param.default)
            values[param.name] = value
            if value != param.default:
                given.add(param.name)
        ctx.meta[CHOSEN] = ChosenOptions(values, frozenset(given))
        return super().invoke(ctx)


__all__ = [
    "CHOSEN",
    "ChosenOptions",
    "OptionField",
    "ParadigmOptionsCommand",
    "option_fields",
    "option_parameters",
]
