"""A toolset: the declared tools of some modules, and everything derived from the declarations.

From one set of declarations it gives the namespace a program-writing agent's code sees, the
OpenAI tool definitions and the JSON call path of a tool-calling agent, the documentation text
for prompts (the renderer in ``assistworld.docs``) and a plain API description for planners.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from assistworld.docs import render_library
from assistworld.tools.declaration import Effect, ToolSpec, spec_of
from assistworld.tools.events import ToolEvent, Trajectory, to_json
from assistworld.tools.json_calls import call_tool_json
from assistworld.tools.planner_text import render_planner_text
from assistworld.tools.schema import ToolSchema, build_schema


class UnknownToolError(LookupError):
    """No tool of the toolset has the name asked for."""


@dataclass(frozen=True)
class Tool:
    """One declared function of a toolset."""

    spec: ToolSpec
    function: Callable[..., Any]
    module: ModuleType

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def app(self) -> str:
        return self.spec.app

    @property
    def effect(self) -> Effect:
        return self.spec.effect

    @functools.cached_property
    def schema(self) -> ToolSchema:
        """The arguments model and OpenAI definition (built on first use)."""
        return build_schema(self.name, self.function)

    @functools.cached_property
    def signature(self) -> inspect.Signature:
        return inspect.signature(self.function)

    def arguments_json(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """A Python call's arguments as JSON by parameter name (the form of the JSON path).

        Arguments that do not bind to the signature (the call will fail) are kept as given,
        under ``"*args"`` and their own keyword names. An iterator is recorded by its ``repr``:
        converting it would use it up before the tool sees it.
        """
        names = self._parameter_names
        if len(args) <= len(names) and not any(
            key in names[: len(args)] or key not in names for key in kwargs
        ):  # the common shapes, without the cost of ``Signature.bind``
            bound = {**dict(zip(names, args, strict=False)), **kwargs}
        else:
            try:
                bound = self.signature.bind(*args, **kwargs).arguments
            except TypeError:
                bound = {"*args": list(args), **kwargs} if args else dict(kwargs)
        return {name: _unconsumed_json(value) for name, value in bound.items()}

    @functools.cached_property
    def _parameter_names(self) -> tuple[str, ...]:
        """Parameter names in order (the library's tools have no ``*args`` or ``**kwargs``)."""
        return tuple(self.signature.parameters)


def _unconsumed_json(value: Any) -> Any:
    return repr(value) if isinstance(value, Iterator) else to_json(value)


class Toolset:
    """The tools declared in ``modules`` (their ``__all__``, in order), plus ``extras``: further
    names a program's namespace holds (``datetime``)."""

    def __init__(
        self, modules: Sequence[ModuleType], *, extras: Mapping[str, Any] | None = None
    ) -> None:
        self.modules = tuple(modules)
        self._extras = MappingProxyType(dict(extras or {}))
        tools: dict[str, Tool] = {}
        for module in self.modules:
            for name in module.__all__:
                spec = spec_of(getattr(module, name))
                if spec is None:
                    continue
                if name in tools:
                    raise ValueError(f"two modules export a tool named {name!r}")
                tools[name] = Tool(spec, getattr(module, name), module)
        self._tools = MappingProxyType(tools)

    # -- the tools --------------------------------------------------------------------------
    @property
    def tools(self) -> tuple[Tool, ...]:
        """Every tool, in module and ``__all__`` order."""
        return tuple(self._tools.values())

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def tool(self, name: str) -> Tool:
        """The tool called ``name``; :class:`UnknownToolError` if there is none."""
        found = self._tools.get(name)
        if found is None:
            raise UnknownToolError(f"no tool is named {name!r}; tools: {', '.join(self._tools)}")
        return found

    def get(self, name: str) -> Tool | None:
        """The tool called ``name``, or None."""
        return self._tools.get(name)

    def undescribed_parameters(self) -> list[str]:
        """``tool.parameter`` for every parameter without a description in its JSON schema (a
        docstring block or ``@tool(parameters=...)`` supplies one), in tool order."""
        return [
            f"{tool.name}.{name}"
            for tool in self
            for name, schema in tool.schema.parameters().get("properties", {}).items()
            if not schema.get("description")
        ]

    # -- (a) the program namespace ----------------------------------------------------------
    def namespace(self) -> dict[str, Any]:
        """A fresh dict: the extras, then every public name of the modules (tools, types,
        exceptions): exactly what an action program finds in its globals."""
        names: dict[str, Any] = dict(self._extras)
        for module in self.modules:
            for name in module.__all__:
                names[name] = getattr(module, name)
        return names

    # -- (b) JSON tools ------------------------------------------------------------------------
    def definitions(self) -> list[dict[str, Any]]:
        """Every tool in the OpenAI tools format."""
        return [tool.schema.definition() for tool in self]

    def call_json(
        self,
        name: str,
        arguments: str | bytes | Mapping[str, Any],
        trajectory: Trajectory | None = None,
    ) -> ToolEvent:
        """Call a tool with JSON arguments on the active world; the event (also added to
        ``trajectory``). Bad arguments, unknown tools and the tool's own exceptions become the
        event's ``error``, never an exception here."""
        event = call_tool_json(self._tools.get(name), name, arguments)
        if trajectory is not None:
            trajectory.add(event)
        return event

    # -- (c) text -----------------------------------------------------------------------------
    def documentation(self) -> str:
        """The modules as stub text for prompts (``assistworld.docs.render_library``)."""
        return render_library(self.modules)

    def planner_text(self) -> str:
        """One line per tool, ``name(args) -> return  # what it does``, grouped by app."""
        return render_planner_text(self.tools)


__all__ = ["Tool", "Toolset", "UnknownToolError"]
