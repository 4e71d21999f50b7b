"""Help text that shows a flag as a flag.

Typer's help lists a type beside every option, so ``--resume``, ``--unsafe`` and ``--help`` read
``<bool>`` as if they took a value, while ``--resume true`` is refused. These command classes
give every on/off flag an empty type label; options that take a value keep theirs.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup


def _unlabel_flags(params: list[Any]) -> list[Any]:
    for param in params:
        if getattr(param, "is_flag", False) and getattr(param, "metavar", "") is None:
            param.metavar = ""
    return params


class FlagCommand(TyperCommand):
    """A command whose help shows flags without a type."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _unlabel_flags(super().get_params(ctx))


class FlagGroup(TyperGroup):
    """A group of commands whose own help shows flags without a type."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _unlabel_flags(super().get_params(ctx))


__all__ = ["FlagCommand", "FlagGroup"]
