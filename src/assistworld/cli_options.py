"""A command that takes every paradigm's run options besides its own parameters.

The flags are made from the paradigms' run options models (:mod:`assistworld.core.run_options`,
see :mod:`assistworld.cli_option_flags`) when the command's parameters are first asked for, that
is only by that command and its ``--help``: the other commands never read the models.
"""

from __future__ import annotations

from typing import Any, ClassVar

from assistworld.cli_flags import FlagCommand

CHOSEN = "assistworld.run_options"
"""Where the command puts the :class:`~assistworld.cli_option_flags.ChosenOptions` (the values
and which of them the user chose) in the context's ``meta``."""


class ParadigmOptionsCommand(FlagCommand):
    """A command with a flag for every paradigm's run options besides its own parameters.

    ``common_panel`` is the panel of the options every model agent reads; the paradigms' panels
    come before the first parameter shown under ``panels_after``. The chosen values reach the
    command's function as :class:`ChosenOptions` in ``ctx.meta[CHOSEN]``.
    """

    common_panel: ClassVar[str] = "Options"
    panels_after: ClassVar[str | None] = None

    def _generated(self) -> list[Any]:
        made: list[Any] | None = getattr(self, "_made_options", None)
        if made is None:
            from assistworld.cli_option_flags import flag_parameters

            made = flag_parameters(self.common_panel)
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
        for param in generated:  # flags without a type label, as FlagCommand shows its own
            if getattr(param, "is_flag", False) and getattr(param, "metavar", "") is None:
                param.metavar = ""
        return [*own[:at], *generated, *own[at:]]

    def invoke(self, ctx: Any) -> Any:
        from assistworld.cli_option_flags import chosen

        ctx.meta[CHOSEN] = chosen(self._generated(), ctx.params)
        return super().invoke(ctx)


__all__ = ["CHOSEN", "ParadigmOptionsCommand"]
